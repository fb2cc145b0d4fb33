"""Units of work for the run: what one reading task reads, and the documents it gives.

A run lists its inputs (:func:`reactions.corpus.scan_files`) and cuts them into units, each read by one task
(:func:`reactions.run.tasks.read_chunk`) in this process, a worker process or on a Dask worker; so a unit is a
small picklable record that names what to read, never the bytes of a file:

* :class:`FileBatch`: a few article files (``.txt``, ``.md``, ``.html``), one document each;
* :class:`DocumentBatch`: documents already in memory (the page's uploads), carried whole;
* a dataset's or a web archive's part (:class:`reactions.sources.Part`): the documents of a few rows or records;
* :class:`ItemBatch`: a run of a part's documents already read (:func:`split_part`): so that the rows of one
  dataset, or the records of one web archive, are parsed by several processes as a folder's files are.

Every unit gives ``(path, document or outcome)`` pairs in reading order (:func:`unit_documents`): the path is what
an outcome names (a file, an upload, a dataset), the outcome says why something was not read; with each document's
parse, :func:`unit_articles` gives the outcomes and articles.  :func:`read_corpus` is that reading, unit by unit,
in this process, kept as records: the run path's, without its caches, processes and frame.

>>> seeds = Path(__file__).resolve().parent.parent.parent / "seeds"  # the bundled seed articles
>>> corpus = read_corpus([seeds])
>>> len(corpus.outcomes), len(corpus.reactions), sum(len(a.reactions) for a in corpus.articles)
(5, 12, 13)
>>> [r.sources for r in corpus.reactions if r.handle == "truthhurts06"]
[('000_818a6d893a3e5887.txt', '001_6d1349d1b42794d4.txt')]
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, TypeAlias

from reactions.corpus import (
    Listed,
    Parsed,
    check_outcomes,
    located,
    merge_reactions,
    parse_document,
    read_file,
    scan_files,
    with_metadata,
)
from reactions.models import Article, Corpus, Document, FileOutcome
from reactions.run.memo import forget, parse_once
from reactions.sources import DEFAULT_SOURCE, Part, SourceOptions, partitions, read_part, source_kind
from reactions.sources.files import DEFAULT_READ, ReadOptions, safe_name


@dataclass(frozen=True, slots=True)
class FileBatch:
    """A few article files: ``(path, article id)`` pairs, in reading order."""

    files: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class DocumentBatch:
    """Documents already in memory (uploads), in reading order; ``paths`` names each in outcomes."""

    documents: tuple[Document, ...]
    paths: tuple[str, ...]


Item: TypeAlias = tuple[str, Document | FileOutcome]
"""A document and the path that names it in outcomes, or the outcome of what could not be read."""


@dataclass(frozen=True, slots=True)
class PartBatch:
    """A few sources of one article each (FakeNewsNet's ``news content.json``), read as a batch of files is."""

    parts: tuple[Part, ...]


@dataclass(frozen=True, slots=True)
class ItemBatch:
    """A run of a source part's items, read by this process and parsed by whichever process takes the task."""

    items: tuple[Item, ...]


Unit: TypeAlias = FileBatch | DocumentBatch | Part | PartBatch | ItemBatch
"""What one reading task reads."""

ITEM_BYTES: Final = 256 * 1024
"""A batch of a part's documents holds about this many bytes (or :data:`ITEM_COUNT` documents)."""
ITEM_COUNT: Final = 128
ITEM_GROWTH: Final = 4
"""How large a part's later batches grow, in times :data:`ITEM_BYTES` (and :data:`ITEM_COUNT`): the first two stay
small, so that a pool's worker gets its first rows soon after the fork, the later ones make fewer tasks (each task
handed to a worker costs both processes pickling, pipes and thread switches: the bulk corpus as one CSV, 153 tasks
-> 42, ``--jobs 2`` 0.13 CPU-s cheaper)."""


@dataclass(frozen=True, slots=True)
class RunInputs:
    """Everything a run reads: the listed files (a dataset file among them) and documents in memory.

    Fields:
        files: the listing (:func:`reactions.corpus.scan_files`).
        documents: documents given in memory (uploads), read after the files.
        paths: the path that names each of ``documents`` in outcomes (its upload's name), same length.
    """

    files: Sequence[Listed]
    documents: Sequence[Document] = ()
    paths: Sequence[str] = ()


def split_units(inputs: RunInputs, batch: int, options: SourceOptions = DEFAULT_SOURCE) -> list[tuple[Unit, int]]:
    """``inputs`` cut into units, in reading order, each with its weight for progress (files or documents it
    reads; a dataset's part counts as one): runs of plain files ``batch`` at a time, each dataset or archive in
    its parts (sources of one article each, FakeNewsNet's, ``batch`` at a time), the documents in memory ``batch``
    at a time."""
    units: list[tuple[Unit, int]] = []
    plain: list[tuple[str, str]] = []
    single: list[Part] = []

    def flush() -> None:
        for start in range(0, len(plain), batch):
            taken = tuple(plain[start : start + batch])
            units.append((FileBatch(taken), len(taken)))
        plain.clear()
        for start in range(0, len(single), batch):
            parts = tuple(single[start : start + batch])
            units.append((PartBatch(parts), len(parts)))
        single.clear()

    for item in inputs.files:
        kind = source_kind(item.path)
        if kind is None:
            if single:
                flush()  # reading order kept
            plain.append((item.path, item.source))
            continue
        if kind == "fakenewsnet":
            if plain:
                flush()
            single.extend(partitions(item.path, options, name=item.source))
            continue
        flush()
        units.extend((part, 1) for part in partitions(item.path, options, name=item.source))
    flush()
    docs, paths = list(inputs.documents), list(inputs.paths) or [d.source for d in inputs.documents]
    for start in range(0, len(docs), batch):
        taken_docs = tuple(docs[start : start + batch])
        units.append((DocumentBatch(taken_docs, tuple(paths[start : start + batch])), len(taken_docs)))
    return units


def split_part(
    part: Part, options: SourceOptions = DEFAULT_SOURCE, grain: int = 1
) -> Iterator[tuple[ItemBatch, int]]:
    """A source part read here, its items in batches of about ``grain`` times :data:`ITEM_BYTES` (or
    :data:`ITEM_COUNT` items), the first two, then each twice the one before up to :data:`ITEM_GROWTH` times that
    (a cluster's larger grain: no growth), in order, each with its weight for progress: ``1`` for the last batch (the
    part is done), ``0`` for the others.  Lazy: one batch in memory at a time, plus the one held back to know which
    is last."""
    held: ItemBatch | None = None
    taken: list[Item] = []
    size = made = 0
    scale = grain
    for found in read_part(part, options):
        taken.append((part.path, found))
        size += len(found.data) if isinstance(found, Document) else 0
        if size >= ITEM_BYTES * scale or len(taken) >= ITEM_COUNT * scale:
            if held is not None:
                yield held, 0
            held, taken, size, made = ItemBatch(tuple(taken)), [], 0, made + 1
            scale = grain if made < 2 else min(2 * scale, max(grain, ITEM_GROWTH))
    if taken or held is None:
        if held is not None:
            yield held, 0
        held = ItemBatch(tuple(taken))
    yield held, 1


def unit_documents(unit: Unit, read: ReadOptions = DEFAULT_READ, options: SourceOptions = DEFAULT_SOURCE) -> list[Item]:
    """The documents (or outcomes) of one unit, in reading order, each with the path outcomes name."""
    if isinstance(unit, ItemBatch):
        return list(unit.items)
    if isinstance(unit, PartBatch):
        return [(part.path, found) for part in unit.parts for found in read_part(part, options)]
    if isinstance(unit, FileBatch):
        return [(path, _file_document(path, source, read)) for path, source in unit.files]
    if isinstance(unit, DocumentBatch):
        return list(zip(unit.paths, unit.documents, strict=True))
    return [(unit.path, found) for found in read_part(unit, options)]


def _file_document(path: str, source: str, read: ReadOptions) -> Document | FileOutcome:
    data = read_file(path, source, read)
    return data if isinstance(data, FileOutcome) else Document(source, data)


def documents_only(items: Sequence[Item]) -> Iterator[Document]:
    """The documents among ``items``."""
    return (found for _, found in items if isinstance(found, Document))


KnownTexts: TypeAlias = dict[str, tuple[bytes, str]]
"""Documents' strings (:attr:`~reactions.models.Document.text`) by article id, each beside the bytes it was encoded
to (:func:`known_texts`)."""


def known_texts(documents: Iterable[Document]) -> KnownTexts:
    """The strings of ``documents`` that were read as text, by article id (an id given twice keeps its last: the
    other's bytes are decoded, as any document's are)."""
    return {doc.source: (doc.data, doc.text) for doc in documents if doc.text is not None}


def known_text(known: KnownTexts, source: str, data: bytes) -> str | None:
    """The string the bytes ``data`` of article ``source`` were encoded from, if ``known`` holds it (for the very
    same bytes: ``is``)."""
    found = known.get(source)
    return found[1] if found is not None and found[0] is data else None


def unit_articles(items: Sequence[Item], parsed: Iterable[Parsed]) -> tuple[list[FileOutcome], list[Article]]:
    """The outcome of every item, in order (a document's named by its item's path), and the articles, each with
    what its source says of it (:func:`reactions.corpus.with_metadata`); ``parsed``: each document's parse, in
    order (:func:`documents_only`)."""
    outcomes, parses = unit_parses(items, parsed)
    return outcomes, [with_metadata(article, document) for article, document in parses]


def unit_parses(
    items: Sequence[Item], parsed: Iterable[Parsed]
) -> tuple[list[FileOutcome], list[tuple[Article, Document]]]:
    """:func:`unit_articles` with each article as parsed, beside its document: the caller applies the document's
    metadata (:func:`reactions.corpus.with_metadata`) to the articles it reads (the run's reading task: those its
    reactions cite, a fifth of the bulk corpus's)."""
    found = iter(parsed)
    outcomes: list[FileOutcome] = []
    parses: list[tuple[Article, Document]] = []
    for path, item in items:
        if isinstance(item, FileOutcome):  # says why it is not read: a file, or a dataset's row, named by its file
            outcomes.append(item if item.path in (path, safe_name(path)) else located(item, path))
            continue
        article, outcome = next(found)
        outcomes.append(located(placed(noted(outcome, item.notes), item.place), path))
        if article is not None:
            parses.append((article, item))
    return outcomes, parses


def noted(outcome: FileOutcome, notes: tuple[str, ...]) -> FileOutcome:
    """``outcome`` with what its source could not read of the article (:attr:`~reactions.models.Document.notes`)
    after the parse's own warnings."""
    return dataclasses.replace(outcome, warnings=(*outcome.warnings, *notes)) if notes else outcome


def placed(outcome: FileOutcome, place: str | None) -> FileOutcome:
    """``outcome`` with where in its file the article is (``row 12 (id n123)``) before each warning and reason
    that does not say it already (:mod:`reactions.report` shows it as the place)."""
    if not place or (not outcome.warnings and outcome.reason is None):  # nothing to place: most rows
        return outcome
    return placed_each(outcome, place)


def placed_each(outcome: FileOutcome, place: str) -> FileOutcome:
    """:func:`placed` without its shortcut: every message of ``outcome`` placed, a new record even when it has none
    (what the shortcut keeps is equal to it: ``tests/test_units.py``)."""

    def where(message: str) -> str:
        if message.startswith("row "):
            return message
        return f"{place}, {message}" if message.startswith("offset ") else f"{place}: {message}"

    reason = where(outcome.reason) if outcome.reason else None
    return dataclasses.replace(outcome, warnings=tuple(map(where, outcome.warnings)), reason=reason)


Progress = Callable[[int, int], None]
"""``progress(done, total)``: files (or a dataset's parts) read so far, after each."""


def read_corpus(
    paths: str | Path | Iterable[str | Path],
    *,
    progress: Progress | None = None,
    read: ReadOptions = DEFAULT_READ,
    sources: SourceOptions = DEFAULT_SOURCE,
) -> Corpus:
    """Every article under ``paths`` (files, folders, datasets and web archives, see
    :func:`reactions.corpus.list_files`) as records, read in this process as the run path reads them (one file, or
    one part of a dataset, a unit), merged by :func:`reactions.corpus.merge_reactions`: the library's way to the
    articles themselves.  For the scored frame of a corpus of any size, use the run path,
    :func:`reactions.run.pipeline.extract_frame` (processes, caches, Dask): its frame is ``to_frame`` of this.

    Never raises on a bad file: each file (each row of a dataset) gets an outcome, skipped ones naming the
    reason, and every warning is also logged.  ``progress(done, total)`` is called after each file (or part).
    ``read``: how files are opened (:class:`reactions.sources.files.ReadOptions`: the size limit, links out of the
    folder); ``sources``: how datasets are read (:class:`reactions.sources.SourceOptions`).
    """
    units = split_units(RunInputs(scan_files(paths)), 1, sources)
    forget()  # a copy of a document is given its parse again (memo.py), within this reading only
    total, done = sum(weight for _, weight in units), 0
    outcomes: list[FileOutcome] = []
    articles: list[Article] = []
    for unit, weight in units:
        items = unit_documents(unit, read, sources)
        documents = [(doc.source, doc.data) for doc in documents_only(items)]
        known = known_texts(documents_only(items))
        found = unit_articles(items, parse_once(documents, None, functools.partial(_parse_all, known=known)))
        outcomes += found[0]
        articles += found[1]
        done += weight
        if progress is not None:
            progress(done, total)
    forget()
    return Corpus(articles=tuple(articles), reactions=merge_reactions(articles), outcomes=check_outcomes(outcomes))


def _parse_all(documents: list[tuple[str, bytes]], known: KnownTexts) -> list[Parsed]:
    return [parse_document(name, data, text=known_text(known, name, data)) for name, data in documents]



def find_article(
    path: str,
    source: str,
    *,
    documents: Sequence[Document] = (),
    read: ReadOptions = DEFAULT_READ,
    options: SourceOptions = DEFAULT_SOURCE,
) -> Article | None:
    """The article ``source`` again, parsed as the run parses it (the source's metadata applied), for a view that
    needs its text: ``path`` is what the run's outcome for it names (a file, a dataset, an upload), ``documents``
    the documents the run was given in memory.  ``None`` when it is not there any more, or cannot be read."""
    found = next((doc for doc in documents if doc.source == source), None)
    if found is None and source_kind(path) is None:
        item = _file_document(path, source, read)
        found = item if isinstance(item, Document) else None
    elif found is None:
        name = source.rpartition("#")[0] or None  # a table's rows are NAME#ROW, named as the run listed it
        parts = (doc for part in partitions(path, options, name=name) for doc in read_part(part, options))
        found = next((doc for doc in parts if isinstance(doc, Document) and doc.source == source), None)
    if found is None:
        return None
    article, _ = parse_document(found.source, found.data, text=found.text)
    return with_metadata(article, found) if article is not None else None
