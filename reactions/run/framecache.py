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

The frame goes into the store's ``frame_cache`` table (:meth:`reactions.run.cache.ParseCache.put_frame`):
its typed columns as an Arrow IPC stream, its list columns (Python lists come back faster as plain lists than from
Arrow) and the files' outcomes in :mod:`marshal`'s format (three times as quick as JSON both ways), read back only
when the row's signature holds; never pickle.  Anything that
goes wrong here is logged and costs only speed.
"""

from __future__ import annotations

import functools
import hashlib
import importlib.metadata
import io
import json
import logging
import marshal
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Final, Protocol

from reactions.corpus import Listed, Trace
from reactions.models import FileOutcome, Status
from reactions.run.cache import MARSHAL_VERSION, ParseCache, content_hash, parser_version
from reactions.sources.files import MAX_FILE_BYTES, UnreadableError, read_regular

if TYPE_CHECKING:  # (pandas, NumPy and pyarrow load when a frame is stored or read back: a run that writes the
    import pandas as pd  # stored bytes of its export never needs them, reactions.run.outputs)

    from reactions.models import Document
    from reactions.sources import SourceOptions
    from reactions.sources.files import ReadOptions

logger = logging.getLogger(__name__)

FORMAT: Final = "4"
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


def load(cache: ParseCache, mark: Fingerprint) -> tuple[pd.DataFrame, tuple[FileOutcome, ...]] | None:
    """The frame and outcomes stored for ``mark``, or ``None`` when there is none, it was made from
    another listing or settings, a racy file's bytes changed, or it cannot be decoded (logged)."""
    row = cache.get_frame(mark.slot)
    if row is None or row[0] != mark.digest:
        return None
    _, meta_bytes, data, lists = row
    try:
        meta = marshal.loads(meta_bytes)
        racy: dict[str, str | None] = meta["racy"]
        if any(file_digest(path) != digest for path, digest in racy.items()):
            return None  # a file edited within the timestamp granularity of the stored run
        frame = decode_frame(data, lists, meta["layout"])
        outcomes = decode_outcomes(meta["outcomes"])
    except Exception as error:  # a damaged row costs speed, never the run
        logger.warning("frame cache: cannot read the stored frame of %s: %s", cache.path, error)
        return None
    return frame, outcomes


def save(
    cache: ParseCache,
    mark: Fingerprint,
    frame: pd.DataFrame,
    outcomes: Sequence[FileOutcome],
    racy_digests: Mapping[str, str | None],
) -> bool:
    """Store ``frame`` and ``outcomes`` under ``mark``; ``racy_digests`` are the hashes of the bytes
    parsed for each file of ``mark.racy``, by path.  Whether it was stored (a frame this module cannot
    store exactly is not: logged)."""
    try:
        encoded = encode_frame(frame)
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
    columns: list[list[Any]] = [
        [outcome.path for outcome in outcomes],
        [outcome.source for outcome in outcomes],
        [values[outcome.status] for outcome in outcomes],
        [outcome.reactions for outcome in outcomes],
        [outcome.warnings for outcome in outcomes],
        [outcome.reason for outcome in outcomes],
    ]
    if isinstance(outcomes, tuple):  # (a tuple cannot change: the same one gives the same columns)
        _LAST_ENCODED[:] = [(outcomes, columns)]
    return columns


_LAST_ENCODED: Final[list[tuple[tuple[FileOutcome, ...], list[list[Any]]]]] = []


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


def encode_frame(frame: pd.DataFrame) -> tuple[bytes, bytes, dict[str, Any]]:
    """``frame`` as an Arrow IPC stream of its typed columns (categories as their codes), the :mod:`marshal` bytes
    of its object columns by name (which must hold lists of strings) and the layout that puts them
    back together (column order, each categorical's categories).  Raises ``ValueError`` for
    anything it cannot give back exactly."""
    import numpy as np
    import pandas as pd
    import pyarrow as pa
    import pyarrow.ipc as ipc

    if not isinstance(frame.index, pd.RangeIndex) or frame.index.start != 0 or frame.index.step != 1:
        raise ValueError("the frame's index is not 0..n-1")
    if frame.columns.has_duplicates or not all(isinstance(name, str) for name in frame.columns):
        raise ValueError("the frame's column names are not distinct strings")
    lists = {str(name): frame[name].tolist() for name, dtype in frame.dtypes.items() if dtype is np.dtype(object)}
    for name, cells in lists.items():  # (sets of types: a third of the time all() took)
        if set(map(type, cells)) - {list} or {type(item) for cell in cells for item in cell} - {str}:
            raise ValueError(f"column {name!r} holds something other than lists of strings")
    categories: dict[str, dict[str, Any]] = {
        str(name): {"categories": dtype.categories.tolist(), "ordered": bool(dtype.ordered)}
        for name, dtype in frame.dtypes.items()
        if isinstance(dtype, pd.CategoricalDtype)
    }
    if not all(type(c) is str for spec in categories.values() for c in spec["categories"]):
        raise ValueError("a categorical column has categories other than strings")
    typed = frame.drop(columns=list(lists)).assign(**{name: frame[name].cat.codes for name in categories})
    table = pa.Table.from_pandas(typed, preserve_index=False)
    sink = io.BytesIO()
    with ipc.new_stream(sink, table.schema, options=ipc.IpcWriteOptions(compression=COMPRESSION)) as writer:
        writer.write_table(table)
    layout = {"columns": [str(c) for c in frame.columns], "categories": categories}
    back = _typed_frame(table.schema.empty_table(), layout)  # the dtypes decoding gives, from no rows
    if not back.dtypes.equals(frame.dtypes.drop(list(lists))):
        raise ValueError(f"Arrow does not give the same dtypes back: {back.dtypes.to_dict()}")
    return sink.getvalue(), marshal.dumps(lists, MARSHAL_VERSION), layout


def decode_frame(data: bytes, lists: bytes, layout: Mapping[str, Any]) -> pd.DataFrame:
    """The frame :func:`encode_frame` stored."""
    import numpy as np
    import pandas as pd
    import pyarrow.ipc as ipc

    frame = _typed_frame(ipc.open_stream(data).read_all(), layout)
    cells: dict[str, list[Any]] = marshal.loads(lists)
    for name, values in cells.items():
        frame[name] = pd.Series(np.fromiter(values, dtype=object, count=len(values)), dtype=object)
    ordered: pd.DataFrame = frame[list(layout["columns"])]
    return ordered


def _typed_frame(table: Any, layout: Mapping[str, Any]) -> pd.DataFrame:
    """The typed columns of a stored frame (an Arrow table), categories put back."""
    import pandas as pd

    frame: pd.DataFrame = table.to_pandas()
    for name, spec in layout["categories"].items():
        dtype = pd.CategoricalDtype(spec["categories"], ordered=spec["ordered"])
        frame[name] = pd.Categorical.from_codes(frame[name].to_numpy(), dtype=dtype)
    return frame
