"""The finished frame of a run, cached: a re-run over an unchanged corpus reads it back instead of
reading, parsing, merging and scoring again.

Whether the corpus is unchanged is told as git's index tells a clean work tree, from ``os.stat``
alone: every listed file's path, article id, size, modification and change times (nanoseconds),
inode and device go into the :func:`fingerprint`, together with everything else the frame depends
on (:func:`reactions.run.cache.parser_version`, which covers all of this package's code, the versions of
pandas, NumPy and pyarrow, the lexicon and the overrides).  An edit moves the change time
(``ctime``) even when it keeps the size and puts the modification time back; replacing a file
changes its inode; adding, removing or renaming one changes the listing.

Files that are *racily clean* (git's term) are the exception: a file whose times lie within
:data:`RACY_NS` of the listing could be changed again within the file system's timestamp
granularity without its times moving.  Such a file is also remembered by the SHA-256 of the bytes
that were parsed, and a later run hashes it again before it trusts the frame.

The frame goes into the store's ``frame_cache`` table (:meth:`reactions.run.cache.ParseCache.put_frame`), encoded
from the run's table by pyarrow alone (:func:`encode_table`: no pandas):
its typed columns as an Arrow IPC stream, its list columns (Python lists come back faster as plain lists than from
Arrow) and the files' outcomes in :mod:`marshal`'s format (three times as quick as JSON both ways), read back only
when the row's signature holds; never pickle.  Anything that
goes wrong here is logged and costs only speed.
"""

from __future__ import annotations

import array
import datetime as dt
import functools
import hashlib
import io
import itertools
import json
import logging
import marshal
import math
import os
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from reactions.corpus import Listed, Trace
from reactions.models import FileOutcome, Status
from reactions.outcomes import Outcomes
from reactions.run.cache import MARSHAL_VERSION, ParseCache, content_hash, parser_version
from reactions.sources.files import MAX_FILE_BYTES, UnreadableError, read_regular
from reactions.table import BOOL, COLUMN_KINDS, DATE, FLOAT, INT, LABEL, LAG, LIST, MOMENT, TEXT, labels_of

if TYPE_CHECKING:  # (pyarrow loads when a frame is stored, pandas and NumPy when one is read back: a run that
    import pandas as pd  # writes the stored bytes of its export never needs them, reactions.run.outputs)

    from reactions.models import Document
    from reactions.sources import SourceOptions
    from reactions.sources.files import ReadOptions

logger = logging.getLogger(__name__)

FORMAT: Final = "5"
"""The layout of a stored frame; part of every fingerprint."""
RACY_NS: Final = 3_000_000_000
"""A file whose modification or change time is this close to the listing (or after it) is also
checked by content on the next run (coarse file-system timestamps are 1-2 s at worst)."""
COMPRESSION: Final = None
"""Arrow IPC body compression: none (a zstd stream is 6x smaller but takes longer to read than the
whole frame takes to rebuild from an uncompressed one)."""
LIBRARIES: Final = ("numpy", "pandas", "pyarrow")
"""Libraries whose versions shape the frame or its stored form."""


@dataclass(frozen=True, slots=True)
class Fingerprint:
    """What a run's frame depends on.

    Fields:
        slot: which stored frame to compare with: a hash of the paths given, made absolute.
        digest: a hash of the listing with its ``os.stat`` data and of the run's settings.
        racy: the paths of the files whose times are too recent to be trusted, in listing order.
    """

    slot: str
    digest: str
    racy: tuple[str, ...] = ()


HASHED_LINES: Final = 4096
"""Listing lines hashed at a time (the listing is never held again as text: 180,000 files made 36 MB)."""


@dataclass(slots=True)
class Listing:
    """What a run's frame was made from, filled in by :func:`reactions.run.pipeline.extract_frame` for the cache of
    finished exports (:mod:`reactions.run.outputs`).

    Fields:
        trace: the paths given, the folders listed and the links met, with their states
            (:data:`reactions.corpus.Trace`).
        files: each listed file's path and article id, in listing order.
        listed_at: when the listing began (``time.time_ns()``).
        mark: the fingerprint the run's frame is stored (or was found) under; ``None`` when it was not stored.
    """

    trace: Trace = field(default_factory=list)
    files: list[tuple[str, str]] = field(default_factory=list)
    listed_at: int = 0
    mark: Fingerprint | None = None


def fingerprint(
    paths: Sequence[str | os.PathLike[str]],
    files: Sequence[Listed],
    settings: Mapping[str, Any],
    listed_at_ns: int,
    keep: list[tuple[str, str]] | None = None,
) -> Fingerprint:
    """The :class:`Fingerprint` of a listing (:func:`reactions.corpus.scan_files` with ``stat=True``)
    taken at ``listed_at_ns`` (``time.time_ns()`` just before it), for a run with ``settings``
    (JSON-ready: :func:`run_settings`); each file's path and article id appended to ``keep`` when given."""
    where = json.dumps([os.path.abspath(p) for p in paths], ensure_ascii=False)
    slot = hashlib.sha256(where.encode("utf-8", "surrogateescape")).hexdigest()[:32]
    head = json.dumps([FORMAT, parser_version(), _versions(), settings], sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(head.encode("utf-8", "surrogateescape"))
    limit = listed_at_ns - RACY_NS
    lines: list[str] = []
    racy: list[str] = []
    for item in files:
        if keep is not None:
            keep.append((item.path, item.source))
        stat = item.stat
        if stat is None:
            lines.append(f"{item.path}\0{item.source}\0-\n")
        else:
            lines.append(
                f"{item.path}\0{item.source}\0{stat.st_size}\0{stat.st_mtime_ns}\0{stat.st_ctime_ns}"
                f"\0{stat.st_ino}\0{stat.st_dev}\n"
            )
            if stat.st_mtime_ns >= limit or stat.st_ctime_ns >= limit:
                racy.append(item.path)
        if len(lines) >= HASHED_LINES:
            digest.update("".join(lines).encode("utf-8", "surrogateescape"))
            lines.clear()
    digest.update("".join(lines).encode("utf-8", "surrogateescape"))
    return Fingerprint(slot, digest.hexdigest(), tuple(racy))


@functools.cache
def _versions() -> list[str]:
    import importlib.metadata  # (a run without the cache never needs it)

    return [f"{name}=={importlib.metadata.version(name)}" for name in LIBRARIES]


def settings_of(lexicon: Mapping[str, float] | None, overrides: Mapping[str, str] | None) -> dict[str, Any]:
    """The JSON-ready settings a frame depends on: the lexicon and the overrides, sorted."""
    return {
        "lexicon": sorted((str(term), float(valence)) for term, valence in (lexicon or {}).items()),
        "overrides": sorted((str(key), str(label)) for key, label in (overrides or {}).items()),
    }


class RunSettings(Protocol):
    """What :func:`run_settings` reads of a run's options (:class:`reactions.run.pipeline.RunOptions`)."""

    @property
    def lexicon(self) -> Mapping[str, float] | None: ...
    @property
    def overrides(self) -> Mapping[str, str] | None: ...
    @property
    def read(self) -> ReadOptions: ...
    @property
    def sources(self) -> SourceOptions: ...


def run_settings(options: RunSettings, documents: Sequence[Document] = (), names: Sequence[str] = ()) -> dict[str, Any]:
    """What a run's frame depends on besides the files' stat data (JSON-ready): the lexicon, the overrides, how
    files and datasets are read, and the documents given in memory (by content) with their ``names``."""
    given = [
        [doc.source, content_hash(doc.data), doc.url, doc.title, doc.published.isoformat() if doc.published else None]
        for doc in documents
    ]
    return {
        **settings_of(options.lexicon, options.overrides),
        "read": [options.read.max_bytes, options.read.follow_links],
        "sources": repr(options.sources),
        "documents": [given, list(names)],
    }


def file_digest(path: str) -> str | None:
    """The SHA-256 of a regular file's bytes, or ``None`` when it cannot be read (a FIFO is not waited on)."""
    try:
        return content_hash(read_regular(path, MAX_FILE_BYTES))
    except UnreadableError:
        return None


# -- loading and saving ------------------------------------------------------------------------


def load(cache: ParseCache, mark: Fingerprint) -> tuple[Stored, tuple[FileOutcome, ...]] | None:
    """The frame (read back, not yet made a frame: :class:`Stored`) and outcomes stored for ``mark``, or ``None``
    when there is none, it was made from another listing or settings, a racy file's bytes changed, or it cannot be
    decoded (logged)."""
    row = cache.get_frame(mark.slot)
    if row is None or row[0] != mark.digest:
        return None
    _, meta_bytes, data, lists = row
    try:
        meta = marshal.loads(meta_bytes)
        racy: dict[str, str | None] = meta["racy"]
        if any(file_digest(path) != digest for path, digest in racy.items()):
            return None  # a file edited within the timestamp granularity of the stored run
        found = read_stored(data, lists, meta["layout"])
        outcomes = decode_outcomes(meta["outcomes"])
    except Exception as error:  # a damaged row costs speed, never the run
        logger.warning("frame cache: cannot read the stored frame of %s: %s", cache.path, error)
        return None
    return found, outcomes


def save(
    cache: ParseCache,
    mark: Fingerprint,
    table: Mapping[str, Sequence[Any]],
    outcomes: Sequence[FileOutcome],
    racy_digests: Mapping[str, str | None],
) -> bool:
    """Store the frame of a run's ``table`` (:func:`encode_table`) and ``outcomes`` under ``mark``;
    ``racy_digests`` are the hashes of the bytes parsed for each file of ``mark.racy``, by path.  Whether it was
    stored (a table this module cannot store exactly is not: logged)."""
    try:
        encoded = encode_table(table)
    except Exception as error:  # an unexpected column type: the frame is simply not cached
        logger.warning("frame cache: cannot store this frame: %s", error)
        return False
    data, lists, layout = encoded
    meta = {"layout": layout, "outcomes": encode_outcomes(outcomes), "racy": dict(racy_digests)}
    cache.put_frame(mark.slot, mark.digest, marshal.dumps(meta, MARSHAL_VERSION), data, lists)
    return not cache.broken


def encode_outcomes(outcomes: Sequence[FileOutcome]) -> list[list[Any]]:
    """The outcomes as plain columns, one per field of :class:`~reactions.models.FileOutcome` (a third of the
    time one list per outcome took, both ways: 11,239 outcomes in 6 ms; each status's value looked up, not read
    through the enum's descriptor).  The last tuple's columns are kept (a run's frame and its export store the same
    outcomes: worked out once); the caller must not change them."""
    if _LAST_ENCODED and _LAST_ENCODED[0][0] is outcomes:
        return _LAST_ENCODED[0][1]
    values = {status: status.value for status in Status}
    records = outcomes if isinstance(outcomes, tuple | list) else tuple(outcomes)  # (Outcomes: made records once)
    columns: list[list[Any]] = [
        [outcome.path for outcome in records],
        [outcome.source for outcome in records],
        [values[outcome.status] for outcome in records],
        [outcome.reactions for outcome in records],
        [outcome.warnings for outcome in records],
        [outcome.reason for outcome in records],
    ]
    if isinstance(outcomes, tuple | Outcomes):  # (neither can change: the same one gives the same columns)
        _LAST_ENCODED[:] = [(outcomes, columns)]
    return columns


_LAST_ENCODED: Final[list[tuple[Sequence[FileOutcome], list[list[Any]]]]] = []


def decode_outcomes(columns: list[list[Any]]) -> tuple[FileOutcome, ...]:
    """The outcomes :func:`encode_outcomes` gave."""
    paths, sources, statuses, reactions, warnings, reasons = columns
    kinds = {status.value: status for status in Status}
    return tuple(
        FileOutcome(path, source, kinds[status], count, tuple(warned), reason)
        for path, source, status, count, warned, reason in zip(
            paths, sources, statuses, reactions, warnings, reasons, strict=True
        )
    )


# -- the frame <-> bytes -------------------------------------------------------------------------


def encode_table(table: Mapping[str, Sequence[Any]]) -> tuple[bytes, bytes, dict[str, Any]]:
    """A run's table (:mod:`reactions.table`) as the frame cache keeps its frame, without pandas (a cold run that
    writes CSV never loads it; ``pyarrow.array`` would): an Arrow IPC stream of its typed columns, each made from
    its buffers (:func:`_arrow_column`; labels as their categories' codes), the :mod:`marshal` bytes of its list
    columns by name and the layout that puts them back together (column order, each label column's categories).
    :func:`decode_frame` gives back exactly the table's frame, :func:`reactions.frames.table_frame`.  Raises
    ``ValueError`` for anything it cannot give back exactly."""
    import pyarrow as pa
    import pyarrow.ipc as ipc

    if sys.byteorder != "little":
        raise ValueError("Arrow buffers are made here on little-endian machines only")
    arrays, names, lists, categories = [], [], {}, {}
    for name, values in table.items():
        kind = COLUMN_KINDS.get(name)
        if kind is None:
            raise ValueError(f"column {name!r} is not a column of a run's table")
        if kind == LIST:
            if set(map(type, values)) - {list} or {type(item) for cell in values for item in cell} - {str}:
                raise ValueError(f"column {name!r} holds something other than lists of strings")
            lists[name] = list(values)
            continue
        if kind == LABEL:
            labels = labels_of(name, values)
            codes = {label: code for code, label in enumerate(labels)}
            if not codes.keys() >= set(values) - {None}:
                raise ValueError(f"column {name!r} holds a label that is not one of its categories")
            values = [-1 if v is None else codes[v] for v in values]
            categories[name] = {"categories": labels, "ordered": name == "sentiment"}
        try:
            arrays.append(_arrow_column(pa, values, kind))
        except OverflowError as error:  # a time beyond what nanoseconds since 1970 in 64 bits hold
            raise ValueError(f"column {name!r}: {error}") from None
        names.append(name)
    typed = pa.Table.from_arrays(arrays, names=names)
    sink = io.BytesIO()
    with ipc.new_stream(sink, typed.schema, options=ipc.IpcWriteOptions(compression=COMPRESSION)) as writer:
        writer.write_table(typed)
    layout = {"columns": list(table), "categories": categories}
    return sink.getvalue(), marshal.dumps(lists, MARSHAL_VERSION), layout


def _arrow_column(pa: Any, values: Sequence[Any], kind: str) -> Any:
    """One typed column as an Arrow array made from its buffers (validity bits, 64-bit numbers, UTF-8 and its
    offsets), as the frame's dtype reads it back: times as nanoseconds, missing ones null."""
    size = len(values)
    if kind == TEXT:
        encoded = [b"" if v is None else v.encode() for v in values]
        offsets = array.array("i", [0, *itertools.accumulate(map(len, encoded))])
        buffers = [_validity(pa, values), pa.py_buffer(offsets), pa.py_buffer(b"".join(encoded))]
        return pa.Array.from_buffers(pa.string(), size, buffers)
    if kind == LABEL:
        return pa.Array.from_buffers(pa.int16(), size, [None, pa.py_buffer(array.array("h", values))])
    if kind == BOOL:
        return pa.Array.from_buffers(pa.bool_(), size, [None, pa.py_buffer(_bits([bool(v) for v in values]))])
    if kind == FLOAT:
        numbers = array.array("d", [math.nan if v is None else v for v in values])
        return pa.Array.from_buffers(pa.float64(), size, [None, pa.py_buffer(numbers)])
    if kind == INT:
        return pa.Array.from_buffers(pa.int64(), size, [None, pa.py_buffer(array.array("q", values))])
    nanoseconds = array.array("q", [0 if v is None else _nanoseconds(v, kind) for v in values])
    types = {DATE: pa.timestamp("ns"), MOMENT: pa.timestamp("ns", "UTC"), LAG: pa.duration("ns")}
    return pa.Array.from_buffers(types[kind], size, [_validity(pa, values), pa.py_buffer(nanoseconds)])


_EPOCH: Final = dt.datetime(1970, 1, 1)
_EPOCH_UTC: Final = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
_MICROSECOND: Final = dt.timedelta(microseconds=1)


def _nanoseconds(value: Any, kind: str) -> int:
    """A date (a naive date or datetime), a time (an aware datetime) or a lag (a timedelta) in nanoseconds from the
    epoch; ``ValueError`` for a time of the other sort."""
    if kind == LAG:
        micros = value // _MICROSECOND
    elif type(value) is dt.date:
        return (value.toordinal() - _EPOCH.toordinal()) * 86_400_000_000_000
    elif (kind == MOMENT) != (value.tzinfo is not None):
        raise ValueError(f"a {'naive' if kind == MOMENT else 'zoned'} time in a column of the other sort")
    else:
        micros = (value - (_EPOCH_UTC if kind == MOMENT else _EPOCH)) // _MICROSECOND
    return int(micros) * 1000


def _validity(pa: Any, values: Sequence[Any]) -> Any:
    """Arrow's validity bits of ``values`` (``None``: null), or no buffer when none is missing."""
    if None not in values:
        return None
    return pa.py_buffer(_bits([v is not None for v in values]))


def _bits(flags: Sequence[bool]) -> bytes:
    """Flags as Arrow's bits: least significant first."""
    out = bytearray((len(flags) + 7) // 8)
    for index, flag in enumerate(flags):
        if flag:
            out[index >> 3] |= 1 << (index & 7)
    return bytes(out)


@dataclass(frozen=True, slots=True)
class Stored:
    """A stored frame read back (by pyarrow alone), before it is made a frame (:func:`stored_frame`: pandas) or a
    table (:func:`stored_table`: plain Python, for the command line's CSV and JSON Lines).

    Fields:
        typed: the typed columns, an Arrow table (labels as their categories' codes).
        lists: the list columns, by name.
        layout: the column order and each label column's categories (:func:`encode_table`).
    """

    typed: Any
    lists: dict[str, list[Any]]
    layout: Mapping[str, Any]

    @property
    def rows(self) -> int:
        """How many rows the stored frame has."""
        return int(self.typed.num_rows)


def read_stored(data: bytes, lists: bytes, layout: Mapping[str, Any]) -> Stored:
    """What :func:`encode_table` stored, read back (pyarrow, not pandas)."""
    import pyarrow.ipc as ipc

    return Stored(ipc.open_stream(data).read_all(), marshal.loads(lists), layout)


def decode_frame(data: bytes, lists: bytes, layout: Mapping[str, Any]) -> pd.DataFrame:
    """The frame of the table :func:`encode_table` stored."""
    return stored_frame(read_stored(data, lists, layout))


def stored_frame(stored: Stored) -> pd.DataFrame:
    """The frame of a stored table: exactly :func:`reactions.frames.table_frame` of the table stored."""
    import numpy as np
    import pandas as pd
    import pyarrow as pa

    from reactions.frames import STRING

    frame: pd.DataFrame = stored.typed.to_pandas(types_mapper={pa.string(): STRING}.get)
    for name, spec in stored.layout["categories"].items():
        dtype = pd.CategoricalDtype(spec["categories"], ordered=spec["ordered"])
        frame[name] = pd.Categorical.from_codes(frame[name].to_numpy(), dtype=dtype)
    for name, values in stored.lists.items():
        frame[name] = pd.Series(np.fromiter(values, dtype=object, count=len(values)), dtype=object)
    ordered: pd.DataFrame = frame[list(stored.layout["columns"])]
    return ordered


def stored_table(stored: Stored) -> dict[str, list[Any]]:
    """The table stored, as plain Python columns (without pandas): its CSV and JSON Lines are the stored frame's."""
    import pyarrow as pa

    categories = stored.layout["categories"]
    table: dict[str, list[Any]] = {}
    for name in stored.layout["columns"]:
        if name in stored.lists:
            table[name] = stored.lists[name]
            continue
        kind, column = COLUMN_KINDS[name], stored.typed.column(name)
        if kind == LABEL:
            labels = categories[name]["categories"]
            table[name] = [None if code < 0 else labels[code] for code in column.to_pylist()]
        elif kind in (DATE, MOMENT, LAG):  # (as_py of a nanosecond time would load pandas)
            ints = [value for chunk in column.chunks for value in chunk.view(pa.int64()).to_pylist()]
            table[name] = [None if value is None else _from_nanoseconds(value, kind) for value in ints]
        else:
            table[name] = column.to_pylist()
    return table


def _from_nanoseconds(value: int, kind: str) -> Any:
    """:func:`_nanoseconds` undone: a date at midnight as a date, a time as an aware UTC datetime, a timedelta."""
    span = dt.timedelta(microseconds=value // 1000)
    if kind == LAG:
        return span
    if kind == MOMENT:
        return _EPOCH_UTC + span
    moment = _EPOCH + span
    return moment.date() if moment.time() == dt.time() else moment
