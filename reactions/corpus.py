"""Documents -> articles -> unique reactions: the stages the run path (:mod:`reactions.run`) is made of.

:func:`scan_files` lists the article files of folders (:mod:`reactions.listing`); :func:`parse_document` (bytes in
memory -> article and outcome) is pure and never raises, :func:`read_article` and :func:`parse_path` add the file
system; :class:`Merge` folds reactions into one per id (:func:`merge_reactions`: records).  Many files are read into a
:class:`~reactions.models.Corpus` by :func:`reactions.run.units.read_corpus`, the run path's reading kept as
records.  One bad file never stops the rest: it becomes a skipped :class:`~reactions.models.FileOutcome` that
names it and says why.

Article ids (``source``): a file found in a folder is known by its path relative to that folder,
in POSIX form (``2020/feb/a.txt``); a file given directly by its name (``a.txt``).
"""

from __future__ import annotations

import dataclasses
import importlib
import logging
import operator
from collections.abc import Iterable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

from reactions.errors import InputError
from reactions.listing import SUFFIXES as SUFFIXES  # (the listing's names, where they were first: re-exported)
from reactions.listing import Listed as Listed
from reactions.listing import Listing as Listing
from reactions.listing import Trace as Trace
from reactions.listing import iter_article_paths as iter_article_paths
from reactions.listing import list_files as list_files
from reactions.listing import path_state as path_state
from reactions.listing import scan_files as scan_files
from reactions.models import Article, Citation, Document, FileOutcome, Reaction, Status
from reactions.outcomes import OutcomePacker as OutcomePacker  # (the run packs its outcomes: pipeline.py)
from reactions.outcomes import Outcomes as Outcomes
from reactions.sources.files import DEFAULT_READ, ReadOptions, UnreadableError, os_reason, read_bytes, safe_name
from reactions.sources.remote import RemoteUnavailableError, is_remote, read_remote

if TYPE_CHECKING:
    from reactions.parse.article import parse_article
    from reactions.parse.html import is_html, parse_html_article
    from reactions.parse.prefilter import enabled, parse_prefiltered
    from reactions.parse.text import decode_bytes

logger = logging.getLogger(__name__)

Parsed = tuple[Article | None, FileOutcome]
"""What reading one file gives: the article (``None`` when skipped) and the file's outcome."""


# --- one document ---------------------------------------------------------------------------------


def parse_document(name: str, data: bytes, *, prefilter: bool | None = None, text: str | None = None) -> Parsed:
    """Decode and parse one file's bytes, read as article ``name``.  Pure; never raises.  ``text``: what ``data``
    decodes to as UTF-8, when known (:attr:`~reactions.models.Document.text`): it is not decoded again.

    ``prefilter``: whether the parser is run through the prefilter (the same parse, sooner); ``None`` asks
    :func:`reactions.parse.prefilter.enabled`, which reads the environment (a caller parsing many documents asks
    once: about a microsecond a document).

    HTML is recognised by its content (:func:`reactions.parse.html.is_html`), whatever the name.
    Decoding notes (``decoded as cp1252``, a mojibake repair) come first among the outcome's
    warnings, then the article's own.  Undecodable bytes (empty, binary) give ``(None, outcome)``
    with the reason; so does a parser failure, which would be a bug (it is logged with its trace).
    """
    if "decode_bytes" not in globals():
        _load_parser()
    try:
        decoded = decode_bytes(data, text)
    except InputError as error:
        return None, FileOutcome(name, None, Status.SKIPPED, reason=str(error))
    try:
        article = _parse_text(decoded.text, name, prefilter)
    except Exception as error:  # a parser bug must not stop the corpus; it is reported, not hidden
        logger.exception("%s: the parser failed", name)
        return None, FileOutcome(name, None, Status.SKIPPED, reason=f"parser failed ({type(error).__name__}: {error})")
    warnings = (*decoded.notes, *article.warnings)
    return article, FileOutcome(name, article.source, Status.PARSED, len(article.reactions), warnings)


def with_metadata(article: Article, document: Document) -> Article:
    """``article`` with what its source says of it (:class:`~reactions.models.Document`): the source's URL and
    title win over what the parser guessed (a text's first line is only a guess at its title); a publication
    time found in the article itself (a page's metadata, a ``date`` header) wins over the source's (a web
    archive's fetch time)."""
    url, title, published = document.url, document.title, document.published
    if url is None and title is None and published is None:
        return article
    if article.published_at is not None or article.date is not None:
        published = None
    return dataclasses.replace(
        article,
        url=url or article.url,
        title=title or article.title,
        published_at=published or article.published_at,
        date=published.date() if published is not None else article.date,
    )


_PARSER: Final = {
    "decode_bytes": "reactions.parse.text",
    "parse_article": "reactions.parse.article",
    "is_html": "reactions.parse.html",
    "parse_html_article": "reactions.parse.html",
    "parse_prefiltered": "reactions.parse.prefilter",
    "enabled": "reactions.parse.prefilter",
}
"""The parser's functions this module calls (and the decoder), imported on first use: a run whose frame or parses
all come from the cache never loads the parser (about a sixth of a small run's start-up)."""


def _load_parser() -> None:
    for name, module in _PARSER.items():
        globals().setdefault(name, getattr(importlib.import_module(module), name))


def __getattr__(name: str) -> object:
    if name in _PARSER:
        _load_parser()
        return globals()[name]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _parse_text(text: str, source: str, prefilter: bool | None = None) -> Article:
    """A web page (by its content) through the HTML parser, anything else through the text parser (through the
    prefilter when ``prefilter``, or when :func:`enabled` says so if it is ``None``)."""
    if "parse_article" not in globals():
        _load_parser()
    if is_html(text):
        return parse_html_article(text, source)
    if prefilter is None:
        prefilter = enabled()
    return parse_prefiltered(text, source) if prefilter else parse_article(text, source)


def parse_path(path: Path, source: str, options: ReadOptions = DEFAULT_READ) -> Parsed:
    """Read (:func:`reactions.sources.files.read_bytes`) and parse one file as article ``source``; never raises (a
    file that is not read is skipped, saying why)."""
    data = read_file(path, source, options)
    if isinstance(data, FileOutcome):
        return None, data
    article, outcome = parse_document(source, data)
    return article, located(outcome, str(path))


def read_file(path: Path | str, source: str, options: ReadOptions = DEFAULT_READ) -> bytes | FileOutcome:
    """The file's bytes, or the skipped outcome that says why it is not read."""
    try:
        if is_remote(path):  # an article file named by a URL (s3://, https://, memory://): through fsspec
            return read_remote(str(path), options.max_bytes)
        return read_bytes(str(path), source, options)
    except UnreadableError as error:
        return FileOutcome(safe_name(str(path)), None, Status.SKIPPED, reason=str(error))
    except OSError as error:  # from read_remote: its message is the reason
        own = error.errno == 0 and error.strerror
        reason = error.strerror if own else str(error) if isinstance(error, RemoteUnavailableError) else None
        return FileOutcome(str(path), None, Status.SKIPPED, reason=reason or os_reason(error))


def located(outcome: FileOutcome, path: str) -> FileOutcome:
    """``outcome`` for the file at ``path`` (printable: see :func:`reactions.sources.files.safe_name`), with a warning
    when the name had to be escaped."""
    shown = safe_name(path)
    if shown == path:  # (every field named: a third less than dataclasses.replace, once a document)
        return FileOutcome(path, outcome.source, outcome.status, outcome.reactions, outcome.warnings, outcome.reason)
    note = "the file name is not valid UTF-8: its undecodable bytes are shown as \\xNN"
    return dataclasses.replace(outcome, path=shown, warnings=(note, *outcome.warnings))


def read_article(path: str | Path, options: ReadOptions = DEFAULT_READ) -> Article:
    """Read one article file (its id is the file name).

    Raises :class:`~reactions.errors.InputError` naming the file when it is missing, unreadable,
    not a regular file, too large, empty or binary.  Parser warnings stay on the article.
    """
    file = Path(path)
    article, outcome = parse_path(file, safe_name(file.name), options)
    if article is None:
        raise InputError(f"{safe_name(str(file))}: {outcome.reason}")
    return article


# --- many documents -----------------------------------------------------------------------------------


def check_outcomes(outcomes: Iterable[FileOutcome]) -> Outcomes:
    """The outcomes of a run, in reading order (:class:`~reactions.outcomes.Outcomes`), each file read as an article
    id that an earlier file already had warned so (one note per id, shared by every copy: a corpus copied 16 times
    repeats every id 15 times); every warning is logged."""
    packed = Outcomes.of(outcomes)
    checked = packed.with_warnings(_repeated_ids(packed))
    log_warnings(checked)
    return checked


def _repeated_ids(outcomes: Outcomes) -> Iterator[tuple[str, ...] | None]:
    """For each outcome in order: its warnings with the note that its article id is also an earlier file's, or
    ``None`` (its own warnings)."""
    first: dict[str, int] = {}  # each id's first file, by its place (its path is read again only for a repeat)
    notes: dict[str, tuple[str]] = {}
    path = outcomes.path
    for index, (source, warned) in enumerate(zip(outcomes.sources(), outcomes.warnings(), strict=True)):
        if source is None:
            yield None
            continue
        known = first.setdefault(source, index)
        if known == index or path(known) == path(index):
            yield None
            continue
        note = notes.get(source)
        if note is None:
            note = notes[source] = (
                f"article id {source!r} is also the id of {path(known)}: their citations cannot be told apart",
            )
        yield (*warned, *note) if warned else note


def log_warnings(outcomes: Iterable[FileOutcome]) -> None:
    """Log every warning and skip reason of ``outcomes``, each naming its file."""
    for outcome in outcomes.warned() if isinstance(outcomes, Outcomes) else outcomes:
        for problem in (*outcome.warnings, *([outcome.reason] if outcome.reason else [])):
            logger.warning("%s: %s", outcome.path, problem)


# --- dedupe ----------------------------------------------------------------------------------------

FILLABLE: Final = (
    "handle", "display_name", "author", "date", "hashtags", "mentions", "urls", "media", "emoji",
    "status_id", "url", "created_at", "lang", "continued",
)  # fmt: skip
"""Fields a later occurrence may fill in when the first occurrence lacks them."""


def merge_reactions(articles: Iterable[Article]) -> tuple[Reaction, ...]:
    """One reaction per id, in order of first appearance, citing every place it appears (:class:`Merge`).

    ``citations`` lists every ``(source, span)`` of every occurrence, in reading order (an
    occurrence without citations cites its own ``source`` and ``span``).  When occurrences differ
    (an HTML embed gives a status id and exact time that a text copy lacks), the merged record is
    the first occurrence with each empty field (``None`` or ``()``, see :data:`FILLABLE`) filled from
    the first later occurrence that has it; ``id``, ``kind``, ``platform`` and ``text`` are the
    first occurrence's, and ``source``/``span`` are its first citation.
    """
    found = [reaction for article in articles for reaction in article.reactions]
    merge = Merge(("reaction", *FILLABLE, "citations"), cited="citations", counted=None)
    merge.add({
        "id": [r.id for r in found],
        "reaction": found,
        **{name: [getattr(r, name) for r in found] for name in FILLABLE},
        "citations": [list(dict.fromkeys(r.citations or (Citation(r.source, r.span),))) for r in found],
    })  # fmt: skip
    return tuple(_merged(merge.columns, row) for row in range(len(merge.rows)))


def _merged(columns: Mapping[str, list[Any]], row: int) -> Reaction:
    """Row ``row`` of a merge of records as one: its first occurrence with the merged values and citations."""
    first: Reaction = columns["reaction"][row]
    filled = {name: columns[name][row] for name in FILLABLE if columns[name][row] is not getattr(first, name)}
    citations = tuple(columns["citations"][row])
    head = citations[0]
    return dataclasses.replace(first, **filled, citations=citations, source=head.source, span=head.span)


class Merge:
    """Occurrences of reactions, given as columns (one list per field, one value per occurrence, ``id`` among
    them) -> one row per reaction id: the one merge of reactions, of the run path's chunks (the frame's columns,
    :func:`reactions.frames.reaction_columns`: only plain lists travel between processes) and of
    :func:`merge_reactions`'s records alike.

    Rows come in order of first appearance, each the first occurrence's values with each empty
    :data:`FILLABLE` value filled from the first later occurrence that has it; the ``cited`` column (the frame's
    ``sources``, a record's ``citations``) holds every occurrence's, without repeats, in reading order, and the
    ``counted`` column (the frame's ``article_count``; ``None``: none) their number.
    """

    def __init__(self, names: Iterable[str], *, cited: str = "sources", counted: str | None = "article_count") -> None:
        self.columns: dict[str, list[Any]] = {name: [] for name in names}
        self.rows: dict[str, int] = {}
        self.cited, self.counted = cited, counted

    def add(self, columns: Mapping[str, list[Any]]) -> list[int]:
        """Merge a chunk's occurrences; the positions (in the chunk) of the reactions new to the merge."""
        rows = self.rows
        new: list[int] = []
        again: list[tuple[int, int]] = []
        for i, reaction_id in enumerate(columns["id"]):
            row = rows.get(reaction_id)
            if row is None:
                rows[reaction_id] = len(rows)
                new.append(i)
            else:
                again.append((row, i))
        if len(new) == len(columns["id"]):
            for name, values in self.columns.items():
                values.extend(columns[name])
        elif new:
            pick = operator.itemgetter(*new) if len(new) > 1 else lambda values: (values[new[0]],)
            for name, values in self.columns.items():
                values.extend(pick(columns[name]))
        if again:
            self._fill(again, columns)
        return new

    def _fill(self, again: list[tuple[int, int]], columns: Mapping[str, list[Any]]) -> None:
        """Fill each merged row's empty values from a later occurrence ``(row, i)``, and add what it cites."""
        pairs = [(self.columns[name], columns[name]) for name in FILLABLE]
        merged_cited, cited = self.columns[self.cited], columns[self.cited]
        counts = self.columns[self.counted] if self.counted is not None else None
        for row, i in again:
            for merged, chunk in pairs:
                if not merged[row] and chunk[i]:
                    merged[row] = chunk[i]
            known = merged_cited[row]
            extra = [item for item in cited[i] if item not in known]
            if extra:
                merged_cited[row] = list(dict.fromkeys([*known, *extra]))
                if counts is not None:
                    counts[row] = len(merged_cited[row])
