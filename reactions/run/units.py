"""Units of work for the run: what one reading task reads, and the documents it gives.

A run lists its inputs (:func:`reactions.corpus.scan_files`) and cuts them into units, each read by one task
(:func:`reactions.run.tasks.read_chunk`) in this process, a worker process or on a Dask worker; so a unit is a
small picklable record that names what to read, never the bytes of a file:

* :class:`FileBatch`: a few article files (``.txt``, ``.md``, ``.html``), one document each;
* :class:`DocumentBatch`: documents already in memory (the page's uploads), carried whole;
* a dataset's or a web archive's part (:class:`reactions.sources.Part`): the documents of a few rows or records.

Every unit gives ``(path, document or outcome)`` pairs in reading order (:func:`unit_documents`): the path is what
an outcome names (a file, an upload, a dataset), the outcome says why something was not read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import TypeAlias

from reactions.corpus import Listed, parse_document, read_file, with_metadata
from reactions.models import Article, Document, FileOutcome
from reactions.sources import DEFAULT_SOURCE, Part, SourceOptions, partitions, read_part, source_kind
from reactions.sources.files import DEFAULT_READ, ReadOptions


@dataclass(frozen=True, slots=True)
class FileBatch:
    """A few article files: ``(path, article id)`` pairs, in reading order."""

    files: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class DocumentBatch:
    """Documents already in memory (uploads), in reading order; ``paths`` names each in outcomes."""

    documents: tuple[Document, ...]
    paths: tuple[str, ...]


Unit: TypeAlias = FileBatch | DocumentBatch | Part
"""What one reading task reads."""

Item: TypeAlias = tuple[str, Document | FileOutcome]
"""A document and the path that names it in outcomes, or the outcome of what could not be read."""


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
    its parts, the documents in memory ``batch`` at a time."""
    units: list[tuple[Unit, int]] = []
    plain: list[tuple[str, str]] = []

    def flush() -> None:
        for start in range(0, len(plain), batch):
            taken = tuple(plain[start : start + batch])
            units.append((FileBatch(taken), len(taken)))
        plain.clear()

    for item in inputs.files:
        if source_kind(item.path) is None:
            plain.append((item.path, item.source))
            continue
        flush()
        units.extend((part, 1) for part in partitions(item.path, options, name=item.source))
    flush()
    docs, paths = list(inputs.documents), list(inputs.paths) or [d.source for d in inputs.documents]
    for start in range(0, len(docs), batch):
        taken_docs = tuple(docs[start : start + batch])
        units.append((DocumentBatch(taken_docs, tuple(paths[start : start + batch])), len(taken_docs)))
    return units


def unit_documents(unit: Unit, read: ReadOptions = DEFAULT_READ, options: SourceOptions = DEFAULT_SOURCE) -> list[Item]:
    """The documents (or outcomes) of one unit, in reading order, each with the path outcomes name."""
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
    article, _ = parse_document(found.source, found.data)
    return with_metadata(article, found) if article is not None else None
