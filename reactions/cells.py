"""A table's cells as CSV and JSON Lines, without pandas: the one writer of both formats.

A table here is its columns of plain Python values with each column's kind (:data:`reactions.table.COLUMN_KINDS`):
a run's table (:mod:`reactions.table`) is written as it is, and a frame is first turned into the same values
(:func:`reactions.export.frame_cells`), so that each cell is formatted here and nowhere else (the rules are
:mod:`reactions.export`'s docstring): lists joined and percent-escaped, dates ISO 8601, floats by their shortest
``repr``, a missing value an empty cell (``null`` in JSON), the Excel-safe apostrophe, ``lag`` as ``lag_hours``.

>>> import datetime as dt
>>> table = {"id": ["a"], "text": ["=1"], "date": [dt.date(2020, 1, 31)], "hashtags": [["x y", ""]]}
>>> csv_bytes(table, excel_safe=True).decode()
"\\ufeffid,text,date,hashtags\\r\\na,'=1,2020-01-31,x%20y %\\r\\n"
>>> jsonl_bytes(table).decode()
'{"id": "a", "text": "=1", "date": "2020-01-31", "hashtags": ["x y", ""]}\\n'
"""

from __future__ import annotations

import csv
import datetime as dt
import io
import itertools
import json
import operator
import re
import urllib.parse
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final, cast

from reactions.table import (
    BOOL,
    COLUMN_KINDS,
    DATE,
    FLOAT,
    INT,
    LABEL,
    LAG,
    LAG_HOURS,
    LIST,
    MOMENT,
    TEXT,
    lag_hours_of,
)

OTHER: Final = "other"
"""A column of anything else (a frame's object column): each value by its type."""
NUMBER: Final = "number"
"""A column of numbers of another kind (a frame's nullable integers): each value by its type, never prefixed."""
NUMERIC: Final = frozenset({INT, FLOAT, BOOL, NUMBER})
"""Kinds whose cells an Excel-safe file never prefixes (``-0.5`` stays a number)."""

BOM: Final = "\ufeff"
COMMENT: Final = "# "
FORMULA_STARTS: Final = ("=", "+", "-", "@", "\t", "\r")
"""Cell beginnings that spreadsheets read as a formula (OWASP: CSV injection)."""
NEWLINE: Final = "\r\n"
"""Rows end with CRLF (RFC 4180); the csv writer then quotes every cell holding a CR or an LF."""
CSV_BATCH_ROWS: Final = 512
"""Rows of a CSV written and encoded at a time (:func:`csv_bytes`): a 16x corpus's table as one ``str`` was a
third of its run's peak memory."""

_ESCAPED = {c: urllib.parse.quote(c, safe="") for c in "% \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0"}
"""Characters percent-encoded (as UTF-8) inside a list item: ``%``, the space that separates
items, and other whitespace, so that a list cell is always one line."""
_ESCAPES = str.maketrans(_ESCAPED)
_TO_ESCAPE: Final = re.compile("[" + re.escape("".join(_ESCAPED)) + "]")
_PREFIXED = (*FORMULA_STARTS, "'")
"""Cell beginnings that get an apostrophe in an Excel-safe file (formulas, and the apostrophe itself)."""

Columns = Mapping[str, Sequence[Any]]
"""A table: each column's values, in column order."""


def kinds_of(columns: Columns) -> dict[str, str]:
    """Each column's kind by its name (:data:`reactions.table.COLUMN_KINDS`; any other column is text)."""
    return {name: COLUMN_KINDS.get(name, TEXT) for name in columns}


def exported(columns: Columns, kinds: Mapping[str, str]) -> tuple[dict[str, Sequence[Any]], dict[str, str]]:
    """The columns and kinds as the files hold them: a ``lag`` column of timedeltas as ``lag_hours``, in its place
    (:func:`reactions.table.lag_hours_of`), unless the table already has ``lag_hours``."""
    if kinds.get("lag") != LAG or LAG_HOURS in columns:
        return dict(columns), dict(kinds)
    renamed = {LAG_HOURS if name == "lag" else name: values for name, values in columns.items()}
    renamed[LAG_HOURS] = lag_hours_of(columns["lag"])
    kinds = {LAG_HOURS if name == "lag" else name: FLOAT if kind == LAG else kind for name, kind in kinds.items()}
    return renamed, dict(kinds)


def csv_bytes(
    columns: Columns, kinds: Mapping[str, str] | None = None, *, excel_safe: bool = False, comment: str | None = None
) -> bytes:
    """The table as UTF-8 CSV (:mod:`reactions.export` says how each column is written); ``kinds``: each column's
    kind (default: by its name, :func:`kinds_of`)."""
    columns, kinds = exported(columns, kinds if kinds is not None else kinds_of(columns))
    cells = [column_cells(values, kinds[name], excel_safe) for name, values in columns.items()]
    head = (BOM if excel_safe else "") + (
        "".join(_comment_line(line, excel_safe) for line in comment.splitlines()) if comment else ""
    )
    names = [str(name) for name in columns]
    if len(names) < 2:  # (the csv module writes a row of one empty cell as ``""``)
        return _written_by_csv(head, names, cells)
    lines = map(",".join, zip(*map(csv_fields, cells), strict=True))
    parts = [(head + ",".join(csv_fields(names)) + NEWLINE).encode("utf-8")]
    while batch := list(itertools.islice(lines, CSV_BATCH_ROWS)):
        parts.append((NEWLINE.join(batch) + NEWLINE).encode("utf-8"))
    return b"".join(parts)


def csv_fields(cells: Sequence[str | None]) -> Sequence[str]:
    """A column's cells as the csv module writes them (its default dialect, ``QUOTE_MINIMAL``): a missing cell
    empty, one that holds a separator, a quote or a line end quoted, its quotes doubled.  The whole column is looked
    at first (most columns need no quote: their cells are taken as they are)."""
    fields = ["" if cell is None else cell for cell in cells] if None in cells else cast("Sequence[str]", cells)
    joined = "\x00".join(fields)
    if not any(char in joined for char in _QUOTED_CHARS):
        return fields
    return ['"' + field.replace('"', '""') + '"' if _QUOTED.search(field) else field for field in fields]


_QUOTED_CHARS: Final = ',"\r\n'
"""What the csv module quotes a cell for: the separator, the quote, and the line end's characters."""
_QUOTED: Final = re.compile("[" + _QUOTED_CHARS + "]")


def _written_by_csv(head: str, names: list[str], cells: list[list[str | None]]) -> bytes:
    """:func:`csv_bytes` by the csv module (a table of one column or none)."""
    out = io.StringIO()
    out.write(head)
    writer = csv.writer(out, lineterminator=NEWLINE)
    writer.writerow(names)
    rows = zip(*cells, strict=True)
    parts: list[bytes] = []
    while True:  # encoded a batch at a time: the whole text is never held as str (4 bytes a character with emoji)
        writer.writerows(itertools.islice(rows, CSV_BATCH_ROWS))
        if not out.tell():
            return b"".join(parts)
        parts.append(out.getvalue().encode("utf-8"))
        out.seek(0)
        out.truncate()


def jsonl_bytes(columns: Columns, kinds: Mapping[str, str] | None = None) -> bytes:
    """The table as JSON Lines: lists as arrays, dates ISO 8601, ``lag_hours`` a number, missing values as
    ``null``."""
    columns, kinds = exported(columns, kinds if kinds is not None else kinds_of(columns))
    values = {name: json_values(cells, kinds[name]) for name, cells in columns.items()}
    rows = (dict(zip(values, row, strict=True)) for row in zip(*values.values(), strict=True))
    return "".join(json.dumps(row, ensure_ascii=False) + "\n" for row in rows).encode("utf-8")


def _comment_line(line: str, excel_safe: bool) -> str:
    """``# line``; Excel-safe: quoted as one cell, so that a comma in it cannot start a formula cell."""
    text = COMMENT + line
    return ('"' + text.replace('"', '""') + '"' if excel_safe else text) + NEWLINE


def column_cells(values: Sequence[Any], kind: str, excel_safe: bool = False) -> list[str | None]:
    """One column as CSV cell strings (``None`` for a missing value)."""
    cells = _CELLS.get(kind, _other_cells)(values)
    if not excel_safe or kind in NUMERIC or _PREFIX_FIRSTS.isdisjoint(map(_FIRST, filter(None, cells))):
        return cells  # (no cell starts as a formula: most columns, told without a Python step a cell)
    return ["'" + c if c and c.startswith(_PREFIXED) else c for c in cells]


_PREFIX_FIRSTS: Final = frozenset(_PREFIXED)
"""The first characters of :data:`_PREFIXED` (each one character)."""
_FIRST: Final = operator.itemgetter(0)


def _text_cells(values: Sequence[Any]) -> list[str | None]:
    if _TEXT_TYPES.issuperset(map(type, values)):  # (strings and missing values: as they are)
        return list(values)
    return [v if type(v) is str else None if v is None else str(v) for v in values]


_TEXT_TYPES: Final = frozenset({str, type(None)})


def _list_cells(values: Sequence[Any]) -> list[str | None]:
    return [_join_items(v) if len(v) else "" for v in values]  # (most cells empty: no call)


def _time_cells(values: Sequence[Any]) -> list[str | None]:
    """Dates and times, each told once (a few articles' times fill many rows)."""
    told: dict[Any, str | None] = {}
    cells: list[str | None] = []
    for value in values:
        cell = told.get(value, _UNTOLD)
        if cell is _UNTOLD:
            cell = told[value] = None if value is None else iso(value)
        cells.append(cell)
    return cells


_UNTOLD: Final[Any] = object()


def _float_cells(values: Sequence[Any]) -> list[str | None]:
    return [None if v is None or v != v else repr(v if type(v) is float else float(v)) for v in values]  # NaN: none


def _int_cells(values: Sequence[Any]) -> list[str | None]:
    return [str(v) for v in values]


def _other_cells(values: Sequence[Any]) -> list[str | None]:
    return [None if v is None else _cell(v) for v in values]


_CELLS: Final[Mapping[str, Callable[[Sequence[Any]], list[str | None]]]] = {
    TEXT: _text_cells, LABEL: _text_cells, LIST: _list_cells, DATE: _time_cells, MOMENT: _time_cells,
    FLOAT: _float_cells, INT: _int_cells, BOOL: _int_cells,
}  # fmt: skip


def iso(value: Any) -> str:
    """A date or time in ISO 8601: a naive one at midnight as its day (``2020-01-31``), else in full; pandas'
    ``Timedelta`` as its ISO duration."""
    if isinstance(value, dt.datetime):
        timed = value.hour or value.minute or value.second or value.microsecond or getattr(value, "nanosecond", 0)
        return value.date().isoformat() if value.tzinfo is None and not timed else value.isoformat()
    if isinstance(value, dt.date):
        return value.isoformat()
    return str(value.isoformat())


def _cell(value: Any) -> str:
    if isinstance(value, list | tuple):
        return _join_items(value)
    if isinstance(value, float):
        return repr(value)
    if type(value).__name__ in _PANDAS_TIMES:
        return iso(value)
    return str(value)


_PANDAS_TIMES: Final = frozenset({"Timestamp", "Timedelta"})
"""pandas' time values in an object column, written in ISO 8601 (a Python ``datetime`` there is written by ``str``)."""


def _join_items(items: Any) -> str:
    """A list cell: the items, each escaped (:data:`_ESCAPED`; ``%`` when empty), joined by spaces; escaped in one
    scan of the joined items (``\\x00`` apart), item by item only when an item is empty or holds a ``\\x00``."""
    if len(items) < 2:  # most cells: none or one
        return "" if len(items) == 0 else _escape_item(items[0] if type(items[0]) is str else str(items[0])) or "%"
    texts = [item if type(item) is str else str(item) for item in items]
    joined = "\x00".join(texts)
    if "" in texts or joined.count("\x00") != len(texts) - 1:
        return " ".join([text.translate(_ESCAPES) or "%" for text in texts])
    return _escape_item(joined).replace("\x00", " ")


def _escape_item(text: str) -> str:
    """``text.translate(_ESCAPES)``, at a fraction of its CPU when nothing is escaped (most items)."""
    return text if _TO_ESCAPE.search(text) is None else _TO_ESCAPE.sub(_escaped, text)


def _escaped(match: re.Match[str]) -> str:
    return _ESCAPED[match.group()]


def json_values(values: Sequence[Any], kind: str) -> list[Any]:
    """One column's JSON values: lists of strings, ISO 8601 times, ``None`` for a missing value (NaN too)."""
    if kind == LIST:
        return [[str(item) for item in cell] for cell in values]
    if kind in (DATE, MOMENT):
        return [None if v is None else iso(v) for v in values]
    if kind == FLOAT:
        return [None if v is None or v != v else v for v in values]
    if kind in (TEXT, LABEL, INT, BOOL):
        return list(values)
    return [_json_value(v) for v in values]


def _json_value(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return [str(item) for item in value]
    if isinstance(value, float) and value != value:
        return None
    if type(value).__name__ in _PANDAS_TIMES:
        return iso(value)
    if type(value).__module__ == "numpy":  # a NumPy scalar: its Python value
        return value.item()
    return value
