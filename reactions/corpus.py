"""Documents -> articles -> unique reactions: the stages the run path (:mod:`reactions.run`) is made of.

:func:`scan_files` lists the article files of folders; :func:`parse_document` (bytes in memory -> article and
outcome) is pure and never raises, :func:`read_article` and :func:`parse_path` add the file system; :class:`Merge`
folds reactions into one per id (:func:`merge_reactions`: records).  Many files are read into a
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
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final, NamedTuple

from reactions.errors import InputError
from reactions.models import Article, Citation, Document, FileOutcome, Reaction, Status
from reactions.sources import default_name, expand_paths, found_in_folder
from reactions.sources.files import DEFAULT_READ, ReadOptions, UnreadableError, os_reason, read_bytes, safe_name
from reactions.sources.kinds import FAKENEWSNET_FILE
from reactions.sources.remote import RemoteUnavailableError, is_remote, local_path, read_remote

if TYPE_CHECKING:
    from reactions.parse.article import parse_article
    from reactions.parse.html import is_html, parse_html_article
    from reactions.parse.prefilter import enabled, parse_prefiltered
    from reactions.parse.text import decode_bytes

logger = logging.getLogger(__name__)

SUFFIXES: Final = frozenset({".txt", ".md", ".html", ".htm"})
"""Extensions of the article files a folder is searched for (case-insensitive)."""

Parsed = tuple[Article | None, FileOutcome]
"""What reading one file gives: the article (``None`` when skipped) and the file's outcome."""


# --- listing ------------------------------------------------------------------------------------


def list_files(paths: str | Path | Iterable[str | Path]) -> list[tuple[Path, str]]:
    """Every article file under ``paths`` with its article id, in reading order.

    Paths are taken in the order given; a folder's files (recursive, :data:`SUFFIXES`, hidden
    files and folders such as ``.reactions.db`` or ``.git`` skipped, symbolic links to folders not
    followed) in sorted order of their ids.  A file given directly is listed whatever its
    extension, and so is a path that does not exist (reading it gives a skipped outcome).  A file
    reached twice (given twice, or through a symbolic link) is listed once.  A single path may be
    given on its own (``"seeds"`` is not read as five one-letter paths).
    """
    return [(Path(listed.path), listed.source) for listed in scan_files(paths)]


class Listed(NamedTuple):
    """One article file found by :func:`scan_files` (a named tuple: cheap to make by the ten thousand).

    Fields:
        path: the file's path, as :func:`list_files` gives it (``str`` of that ``Path``).
        source: its article id.
        stat: its ``os.stat`` (symbolic links followed) when asked for, ``None`` otherwise or when
            it cannot be read (a missing file).
    """

    path: str
    source: str
    stat: os.stat_result | None = None


Trace = list[tuple[str, bool, list[Any]]]
"""What a listing was made from besides its files' own ``os.stat``: each local path given, each folder listed (its
state taken before it was listed) and each symbolic link met in one, with its :func:`path_state`, in the order they
were met.  While none of them changes, neither can the listing (a folder's times move when an entry is added,
removed or renamed in it), so a run can tell an unchanged corpus without listing it (:mod:`reactions.run.outputs`)."""


def path_state(path: str, resolve: bool) -> list[Any]:
    """What tells that a path given, a folder or a symbolic link has changed (:data:`Trace`): the path it resolves
    to (with ``resolve``) and its ``os.stat``, links followed (mode, size, modification and change times in ns,
    inode, device), ``None`` when it cannot be read."""
    try:
        found = os.stat(path)
    except OSError:
        state = None
    else:
        state = [found.st_mode, found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino, found.st_dev]
    return [os.path.realpath(path) if resolve else None, state]


def scan_files(
    paths: str | Path | Iterable[str | Path], *, stat: bool = False, trace: Trace | None = None
) -> list[Listed]:
    """:func:`list_files` as :class:`Listed` records, with each file's ``os.stat`` when ``stat``, and what the
    listing was made from in ``trace`` when given (:data:`Trace`).

    Cheap on large folders: one ``os.scandir`` per folder and no per-file ``resolve()`` (a
    folder's own path is resolved once; only symbolic links are resolved one by one).
    """
    listed: list[Listed] = []
    seen: set[str] = set()
    for named in [paths] if isinstance(paths, str | Path) else paths:
        given = local_path(named) or named  # a file:// URL is read as the local path it names
        if is_remote(given):  # a URL (s3://, gs://, https://), a glob among them: each file as it is named
            found = [(url, Listed(url, default_name(url))) for url in _remote_files(str(given))]
        else:
            root = Path(given)
            if trace is not None:
                trace.append((str(root), True, path_state(str(root), True)))
            found = _folder_files(root, stat, trace) if root.is_dir() else [_given_file(root, stat)]
        for key, item in found:
            if key not in seen:
                seen.add(key)
                listed.append(item)
    return listed


def _remote_files(url: str) -> list[str]:
    """The files a URL (or a URL glob) names; itself when it cannot be listed (reading it then says why)."""
    try:
        return expand_paths(url) or [url]
    except OSError:
        return [url]


def iter_article_paths(paths: str | Path | Iterable[str | Path]) -> list[Path]:
    """The article files :func:`read_corpus` reads for ``paths``, in reading order (see :func:`list_files`)."""
    return [path for path, _ in list_files(paths)]


def _given_file(path: Path, stat: bool) -> tuple[str, Listed]:
    return os.path.realpath(path), Listed(str(path), path.name or str(path), _stat(path) if stat else None)


def _stat(path: str | Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _folder_files(root: Path, stat: bool, trace: Trace | None = None) -> list[tuple[str, Listed]]:
    """``(identity, listed)`` for each article file under ``root``, sorted by article id; the identity
    (the resolved path) tells a file reached twice."""
    base = str(root)
    real = os.path.join(os.path.realpath(base), "")
    found = [
        (
            os.path.realpath(entry.path) if entry.is_symlink() else real + source,
            Listed(entry.path[2:] if base == "." else entry.path, source, _entry_stat(entry) if stat else None),
        )
        for entry, source in _walk(base, "", trace)
    ]
    found.sort(key=lambda item: item[1].source)
    return found


class _Unlisted(NamedTuple):
    """A folder that cannot be listed, in place of a ``DirEntry``: it is listed itself, so that reading it
    reports why (:func:`reactions.sources.files.read_bytes`)."""

    path: str

    def is_symlink(self) -> bool:
        return False

    def stat(self) -> os.stat_result:
        return os.stat(self.path)


_Found = list[tuple[os.DirEntry[str] | _Unlisted, str]]
"""Article files found by :func:`_walk`: each one's entry and article id."""


def _walk(folder: str, prefix: str, trace: Trace | None = None) -> _Found:
    """Article files under ``folder`` and their ids (``prefix`` + path below it, a name that is not
    UTF-8 escaped: :func:`reactions.sources.files.safe_name`), hidden entries skipped; a subfolder that cannot
    be listed is given itself (its id ends with ``/``), so that reading it says why.  Each folder's state goes
    into ``trace`` before it is listed, each symbolic link's as it is met."""
    found: _Found = []
    _walk_into(folder, prefix, trace, found)
    return found


def _walk_into(folder: str, prefix: str, trace: Trace | None, found: _Found) -> None:
    """:func:`_walk`, appending to ``found`` (one list for the whole tree, no generator per folder: a FakeNewsNet
    corpus is a folder per article, each file passed up three levels of generators was a third of listing it)."""
    if trace is not None:
        trace.append((folder, False, path_state(folder, False)))
    try:
        with os.scandir(folder) as scan:
            entries = list(scan)
    except OSError:
        if prefix:
            found.append((_Unlisted(folder), prefix))
        return
    for entry in entries:
        name = entry.name
        if name.startswith("."):
            continue
        if trace is not None and entry.is_symlink():
            trace.append((entry.path, True, path_state(entry.path, True)))
        if name == FAKENEWSNET_FILE and not _is_dir(entry):  # (found_in_folder's first case: a file per folder)
            found.append((entry, safe_name(prefix + name)))
        elif _is_dir(entry):
            if not entry.is_symlink():
                _walk_into(entry.path, f"{prefix}{safe_name(name)}/", trace, found)
        elif name[name.rfind(".") :].lower() in SUFFIXES or found_in_folder(name):  # (no dot: never a suffix)
            found.append((entry, safe_name(prefix + name)))


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _entry_stat(entry: os.DirEntry[str] | _Unlisted) -> os.stat_result | None:
    try:
        return entry.stat()
    except OSError:  # a broken symbolic link
        return None


# --- one document ---------------------------------------------------------------------------------


def parse_document(name: str, data: bytes, *, prefilter: bool | None = None) -> Parsed:
    """Decode and parse one file's bytes, read as article ``name``.  Pure; never raises.

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
        decoded = decode_bytes(data)
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


def check_outcomes(outcomes: Iterable[FileOutcome]) -> tuple[FileOutcome, ...]:
    """The outcomes of a run, in reading order, each file read as an article id that an earlier
    file already had warned so; every warning is logged."""
    first_path: dict[str, str] = {}
    notes: dict[str, tuple[str]] = {}  # one note per repeated id, shared (a copied corpus repeats every id)
    flagged: list[FileOutcome] = []
    for outcome in outcomes:
        source = outcome.source
        first = first_path.setdefault(source, outcome.path) if source is not None else None
        if source is not None and first is not None and first != outcome.path:
            note = notes.get(source)
            if note is None:
                note = notes[source] = (
                    f"article id {source!r} is also the id of {first}: their citations cannot be told apart",
                )
            outcome = dataclasses.replace(outcome, warnings=(*outcome.warnings, *note) if outcome.warnings else note)
        flagged.append(outcome)
    log_warnings(flagged)
    return tuple(flagged)


def log_warnings(outcomes: Iterable[FileOutcome]) -> None:
    """Log every warning and skip reason of ``outcomes``, each naming its file."""
    for outcome in outcomes:
        for problem in (*outcome.warnings, *([outcome.reason] if outcome.reason else [])):
            logger.warning("%s: %s", outcome.path, problem)


# --- dedupe ----------------------------------------------------------------------------------------

FILLABLE: Final = (
    "handle", "display_name", "author", "date", "hashtags", "mentions", "urls", "media", "emoji",
    "status_id", "url", "created_at", "lang",
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
