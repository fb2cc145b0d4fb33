"""Tables out and back in: CSV, JSON Lines and Parquet writers, and readers that restore the frame.

A frame from :func:`reactions.frames.to_frame` (with or without the sentiment columns) survives
``csv_bytes`` -> :func:`read_csv` and ``jsonl_bytes`` -> :func:`read_jsonl` exactly: same columns,
same dtypes, same values (emoji, quotes, commas, newlines, a leading ``=``, empty lists, ``<NA>``).

Every format (and the XLSX workbook of :mod:`reactions.xlsx`) writes the frame's ``lag`` (a timedelta) as
``lag_hours``, in its place: a number of hours (``14.916666666666666``, a float; empty, ``null`` or NaN when
unknown), which spreadsheets, pandas and R take as a number.  The readers turn ``lag_hours`` back into ``lag``
to the microsecond (the frame's times are Python datetimes, to the microsecond): exactly for any lag within
±71 years (2**51 µs: a float holds its hours with a few bits to spare), to within 2 µs beyond.  A file from
before ``lag_hours`` (``lag`` as an ISO 8601 duration, ``P0DT14H55M0S``) still reads back.

How a frame is written as CSV:

- list columns: the items joined by single spaces.  Inside an item ``%`` and whitespace are
  percent-encoded (``%25``, ``%20``, ``%0A``, …) and an empty item is written as a lone ``%``, so
  that splitting on spaces gives the items back; hashtags, handles, URLs and emoji never need it;
- dates ISO 8601: ``2020-01-31`` for a date at midnight, else ``2020-01-31T10:00:00+00:00``;
  floats as their shortest exact ``repr``;
- a missing value is an empty cell.  Optional text columns (``handle``, ``url``, …) hold ``<NA>``
  rather than ``""`` (see :data:`reactions.frames.NULLABLE_TEXT`), so an empty cell reads back as
  ``<NA>`` there and as ``""`` in the always-present ``id``, ``text``, ``source`` and ``drivers``;
- ``comment`` lines come first, each starting with ``# ``; :func:`read_csv` skips leading lines
  that start with ``#`` (the header row starts with ``id``, so it is never mistaken for one).
  In an Excel-safe file each comment line is one quoted cell (``"# a, b"``), so that a comma in
  it cannot make a second cell that starts a formula.

One CSV rule for people: the Excel-safe CSV (``excel_safe=True``: the page's CSVs and the CLI's default)
starts with a UTF-8 byte order mark and neutralises formulas as OWASP's CSV-injection guidance says: a
text cell starting with ``= + - @``, a tab or a carriage return gets a leading apostrophe ``'``; and so
does a cell that already starts with an apostrophe.  Ids (``id``, ``status_id``) are written exactly as
every other export, the library and ``reactions label`` hold them (hex digits and digits never start a
formula), so that joins on them work; for Excel itself, where ``1224567…`` would become ``1.22E+18``, write
XLSX.  In a file that starts with the byte order mark, *every* text cell that starts with an apostrophe
had one added by the writer, and :func:`read_csv` removes exactly one from each (numeric and boolean columns
are never prefixed).  ``excel_safe=False`` is the exact-text CSV, for code: every cell as it is.
"""

from __future__ import annotations

import io
import json
import math
import urllib.parse
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import IO, Any, Final

import numpy as np
import pandas as pd

from reactions import cells
from reactions.cells import BOM as BOM
from reactions.cells import COMMENT as COMMENT
from reactions.cells import FORMULA_STARTS as FORMULA_STARTS
from reactions.cells import NEWLINE as NEWLINE
from reactions.errors import ExportError
from reactions.frames import (
    BASE_DTYPES,
    LAG_HOURS,
    LIST_COLUMNS,
    NULLABLE_TEXT,
    STRING,
    frame_from_columns,
    lag_from_hours,
    with_lag_hours,
)
from reactions.sentiment import SENTIMENT_DTYPE
from reactions.table import BOOL, DATE, FLOAT, INT, LABEL, LIST, MOMENT, TEXT
from reactions.writing import FORMATS as FORMATS
from reactions.writing import export_format as export_format
from reactions.writing import write_atomically as write_atomically

ID_COLUMNS: Final = ("id", "status_id")
"""Columns of ids: written exactly, in every format."""
SENTIMENT_DTYPES: Final[Mapping[str, Any]] = {
    "compound": "float64",
    "pos": "float64",
    "neu": "float64",
    "neg": "float64",
    "sentiment": SENTIMENT_DTYPE,
    "drivers": STRING,
    "overridden": "bool",
}
"""The columns :func:`reactions.sentiment.score_frame` appends, as the team contract gives them."""
KNOWN_DTYPES: Final[Mapping[str, Any]] = {**BASE_DTYPES, **SENTIMENT_DTYPES}
_FILE_DTYPES: Final[Mapping[str, Any]] = {**KNOWN_DTYPES, LAG_HOURS: "float64"}
"""The dtypes of the columns as written: the frame's, with ``lag`` as ``lag_hours``."""


def write_table(
    frame: pd.DataFrame,
    path: str | Path,
    *,
    format: str | None = None,
    comment: str | None = None,
    excel_safe: bool = False,
) -> Path:
    """Write ``frame`` to ``path`` in the format its extension names (.csv, .jsonl, .parquet, .xlsx).

    ``format`` (``"csv"``, ``"jsonl"``, ``"parquet"``, ``"xlsx"``) overrides the extension.  ``comment``
    (provenance) goes into a CSV's leading ``# `` lines; other formats ignore it.  ``excel_safe``: a CSV
    for spreadsheets (:func:`csv_bytes`).  The bytes go to a temporary file in the same folder that then
    replaces ``path`` in one step, so a failed write never leaves a truncated file (the old one stays).
    Raises :class:`~reactions.errors.ExportError` naming the path for an unknown extension or a file that
    cannot be written.
    """
    target = Path(path)
    fmt = format or export_format(target)
    data = csv_bytes(frame, excel_safe=excel_safe, comment=comment) if fmt == "csv" else table_bytes(frame, fmt)
    write_atomically(target, data)
    return target


def table_bytes(frame: pd.DataFrame, format: str, *, comment: str | None = None) -> bytes:
    """The frame in ``format`` (``"csv"``, ``"jsonl"``, ``"parquet"``, ``"xlsx"``), as bytes."""
    if format == "csv":
        return csv_bytes(frame, comment=comment)
    if format == "jsonl":
        return jsonl_bytes(frame)
    if format == "parquet":
        return parquet_bytes(frame)
    if format == "xlsx":
        from reactions.xlsx import xlsx_bytes  # openpyxl loads only for a workbook

        return xlsx_bytes(frame)
    raise ExportError(f"unknown table format {format!r}; use csv, jsonl, parquet or xlsx")


def read_table(path: str | Path) -> pd.DataFrame:
    """Read a table written by :func:`write_table`, by extension, back into the same frame (CSV, JSONL,
    Parquet; an XLSX workbook is for people and is not read back)."""
    readers: dict[str, Callable[[Path], pd.DataFrame]] = {
        "csv": read_csv,
        "jsonl": read_jsonl,
        "parquet": read_parquet,
    }
    fmt = export_format(path)
    if fmt not in readers:
        raise ExportError(f"{path}: {fmt} is written for people, not read back; use csv, jsonl or parquet")
    return readers[fmt](Path(path))


def csv_bytes(frame: pd.DataFrame, *, excel_safe: bool = False, comment: str | None = None) -> bytes:
    """The frame as UTF-8 CSV (see the module docstring for how each column is written).

    >>> from reactions.models import Kind, Reaction
    >>> from reactions.frames import to_frame
    >>> frame = to_frame([Reaction("r1", Kind.QUOTE, "twitter", None, "a fan", None, "=SUM(A1)")])
    >>> csv_bytes(frame[["id", "text", "sources"]], comment="reactions 0.1.0").decode()
    '# reactions 0.1.0\\r\\nid,text,sources\\r\\nr1,=SUM(A1),%\\r\\n'
    >>> csv_bytes(frame[["id", "text"]], excel_safe=True).decode()
    "\\ufeffid,text\\r\\nr1,'=SUM(A1)\\r\\n"
    """
    columns, kinds = frame_cells(frame)
    return cells.csv_bytes(columns, kinds, excel_safe=excel_safe, comment=comment)


def jsonl_bytes(frame: pd.DataFrame) -> bytes:
    """The frame as JSON Lines: lists as arrays, dates ISO 8601, ``lag_hours`` a number, missing values as
    ``null`` (:func:`reactions.cells.jsonl_bytes` of :func:`frame_cells`)."""
    return cells.jsonl_bytes(*frame_cells(frame))


def read_csv(path_or_buffer: str | Path | IO[bytes] | IO[str], *, excel_safe: bool | None = None) -> pd.DataFrame:
    """Load a CSV written by :func:`csv_bytes` (plain or Excel-safe) back into the same frame.

    Known columns (:data:`KNOWN_DTYPES`) get their dtypes back; any other column is read as text.
    An Excel-safe file is recognised by its byte order mark; ``excel_safe`` says it instead (for
    text that lost its mark).  Give a path or a binary stream: a text stream opened with newline
    translation turns a CR LF inside a post into LF.  Raises :class:`~reactions.errors.ExportError`
    for a file that is not such a CSV.
    """
    text = _read_text(path_or_buffer)
    if excel_safe is None:
        excel_safe = text.startswith(BOM)
    body = text.removeprefix(BOM)
    while body.startswith(("#", '"#')):  # leading comment lines (quoted in an Excel-safe file)
        end = body.find("\n")
        body = body[end + 1 :] if end >= 0 else ""
    if not body.strip():
        raise ExportError(f"{_name(path_or_buffer)}: no header row")
    try:
        raw = pd.read_csv(io.StringIO(body), dtype=str, keep_default_na=False, na_filter=False)
    except (ValueError, pd.errors.ParserError) as exc:
        raise ExportError(f"{_name(path_or_buffer)}: not a reactions CSV ({exc})") from exc
    try:
        columns = {str(name): _parse_cells(raw[name].tolist(), str(name), excel_safe) for name in raw.columns}
        return _typed_frame(columns)
    except ValueError as exc:
        raise ExportError(f"{_name(path_or_buffer)}: bad cell ({exc})") from exc


def read_jsonl(path_or_buffer: str | Path | IO[bytes] | IO[str]) -> pd.DataFrame:
    """Load JSON Lines written by :func:`jsonl_bytes` back into the same frame.

    JSON Lines has no header: an empty file reads as an empty frame of :func:`~reactions.frames.to_frame`'s columns
    (base and sentiment, :data:`KNOWN_DTYPES`).
    """
    text = _read_text(path_or_buffer)
    try:
        rows = [json.loads(line) for line in text.split("\n") if line.strip()]
    except json.JSONDecodeError as exc:
        raise ExportError(f"{_name(path_or_buffer)}: not JSON Lines ({exc})") from exc
    names = list(rows[0]) if rows else list(KNOWN_DTYPES)  # no row, no names: to_frame's columns
    try:
        columns = {name: [_from_json(row.get(name), name) for row in rows] for name in names}
        return _typed_frame(columns)
    except (ValueError, TypeError, AttributeError) as exc:
        raise ExportError(f"{_name(path_or_buffer)}: bad value ({exc})") from exc


def read_parquet(path: str | Path) -> pd.DataFrame:
    """Load a Parquet file written by :func:`write_table`: list cells become Python lists again."""
    try:
        frame = pd.read_parquet(path)
    except (OSError, ValueError, ImportError) as exc:
        raise ExportError(f"{path}: cannot read Parquet ({exc})") from exc
    columns = {str(name): frame[name].tolist() for name in frame.columns}
    for name in LIST_COLUMNS:
        if name in columns:
            columns[name] = [[str(item) for item in cell] for cell in columns[name]]
    try:
        return _typed_frame(columns)
    except ValueError as exc:
        raise ExportError(f"{path}: bad value ({exc})") from exc


# --- writing --------------------------------------------------------------------------------


def frame_cells(frame: pd.DataFrame) -> tuple[dict[str, list[Any]], dict[str, str]]:
    """A frame's columns as the plain Python values of a table (:mod:`reactions.table`) and each one's kind by its
    dtype, for the one writer (:mod:`reactions.cells`): missing values ``None``, categories as their labels, times as
    ``Timestamp``; ``lag`` as ``lag_hours`` (:func:`reactions.frames.with_lag_hours`)."""
    frame = with_lag_hours(frame)
    columns: dict[str, list[Any]] = {}
    kinds: dict[str, str] = {}
    for name in frame.columns:
        kinds[str(name)], columns[str(name)] = _frame_column(frame[name], str(name))
    return columns, kinds


def _frame_column(column: pd.Series, name: str) -> tuple[str, list[Any]]:
    dtype = column.dtype
    if isinstance(dtype, pd.DatetimeTZDtype):  # each time made once: a few articles' times fill many rows
        codes, moments = pd.factorize(column)
        found = moments.tolist()
        return MOMENT, [found[code] if code >= 0 else None for code in codes.tolist()]
    if isinstance(dtype, pd.CategoricalDtype) and name not in LIST_COLUMNS:
        labels = dtype.categories.tolist()
        return LABEL, [labels[code] if code >= 0 else None for code in column.cat.codes.tolist()]
    if name in LIST_COLUMNS:
        return LIST, column.tolist()
    if isinstance(dtype, pd.StringDtype):
        return TEXT, [v if isinstance(v, str) else None for v in column.tolist()]
    if isinstance(dtype, np.dtype) and dtype.kind == "M":
        return DATE, [None if v is pd.NaT else v for v in column.tolist()]
    if isinstance(dtype, np.dtype) and dtype.kind in "fbiu":
        return {"f": FLOAT, "b": BOOL}.get(dtype.kind, INT), column.tolist()
    values = [None if _missing(v) else v.tolist() if isinstance(v, np.ndarray) else v for v in column.tolist()]
    return (cells.NUMBER if _numeric(dtype) else cells.OTHER), values


def _numeric(dtype: Any) -> bool:
    """Numbers and booleans: never prefixed in an Excel-safe file (``-0.5`` stays a number)."""
    return bool(pd.api.types.is_numeric_dtype(dtype) or pd.api.types.is_bool_dtype(dtype))


def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or value is pd.NaT or (isinstance(value, float) and math.isnan(value))


def parquet_bytes(frame: pd.DataFrame) -> bytes:
    """The frame as Parquet (``lag`` as ``lag_hours``, float64); list columns typed ``list<string>`` (pyarrow
    would say ``list<null>`` when every list is empty)."""
    import pyarrow as pa

    frame = with_lag_hours(frame)
    schema = pa.Schema.from_pandas(frame, preserve_index=False)
    for name in LIST_COLUMNS:
        if name in frame.columns:
            schema = schema.set(schema.get_field_index(name), pa.field(name, pa.list_(pa.string())))
    buffer = io.BytesIO()
    frame.to_parquet(buffer, index=False, schema=schema)
    return buffer.getvalue()


# --- reading --------------------------------------------------------------------------------


def _read_text(source: str | Path | IO[bytes] | IO[str]) -> str:
    try:
        data = Path(source).read_bytes() if isinstance(source, str | Path) else source.read()
    except OSError as exc:
        raise ExportError(f"{source}: cannot read ({exc.strerror or exc})") from exc
    if isinstance(data, str):
        return data
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ExportError(f"{_name(source)}: not UTF-8 ({exc.reason} at byte {exc.start})") from exc


def _name(source: object) -> str:
    return str(source) if isinstance(source, str | Path) else str(getattr(source, "name", "<buffer>"))


def _parse_cells(cells: list[str], name: str, excel_safe: bool) -> list[Any]:
    """CSV cell strings back to Python values for :func:`reactions.frames.frame_from_columns`."""
    dtype = _FILE_DTYPES.get(name, STRING)
    if excel_safe and not _numeric(dtype):
        cells = [c[1:] if c.startswith("'") else c for c in cells]
    parse = _PARSERS.get(str(dtype), _text_parser(name))
    return [parse(c) for c in cells]


def _text_parser(name: str) -> Callable[[str], Any]:
    if name in LIST_COLUMNS:
        return _split_items
    if name in NULLABLE_TEXT or name not in ("id", "text", "source", "drivers"):
        return lambda cell: cell or None
    return lambda cell: cell


def _split_items(cell: str) -> list[str]:
    if "%" not in cell:  # nothing escaped, no empty item: the usual case
        return cell.split(" ") if cell else []
    return [urllib.parse.unquote(item) if item != "%" else "" for item in cell.split(" ")]


_PARSERS: dict[str, Callable[[str], Any]] = {
    "datetime64[ns]": lambda c: pd.Timestamp(c) if c else None,
    "datetime64[ns, UTC]": lambda c: pd.Timestamp(c) if c else None,
    "timedelta64[ns]": lambda c: pd.Timedelta(c) if c else None,
    "int64": int,
    "float64": lambda c: math.nan if c == "" else float(c),
    "bool": lambda c: c == "True",
}


def _from_json(value: Any, name: str) -> Any:
    dtype = str(_FILE_DTYPES.get(name, ""))
    if value is None or dtype not in _PARSERS or dtype in ("int64", "bool"):
        return math.nan if value is None and dtype == "float64" else value
    return _PARSERS[dtype](value)


def _typed_frame(columns: Mapping[str, list[Any]]) -> pd.DataFrame:
    if LAG_HOURS in columns and "lag" not in columns:  # lag_hours becomes lag again, in its place
        columns = {
            "lag" if name == LAG_HOURS else name: list(pd.TimedeltaIndex(lag_from_hours(values)))
            if name == LAG_HOURS else values
            for name, values in columns.items()
        }
    known = {name: KNOWN_DTYPES.get(name, STRING) for name in columns}
    return frame_from_columns(columns, dtypes=known)
