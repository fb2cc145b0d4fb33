"""The frame as an Excel workbook, for people (the other formats of :mod:`reactions.export` round-trip; this one
is written, not read back): a ``reactions`` sheet, summary sheets and a provenance sheet."""

from __future__ import annotations

import importlib
import io
import json
import re
from collections.abc import Mapping
from typing import Any, Final

import numpy as np
import pandas as pd

from reactions.frames import LIST_COLUMNS, with_lag_hours

XLSX_MAX_CHARS: Final = 32_767
"""Excel's limit for the characters in one cell."""


def xlsx_bytes(
    frame: pd.DataFrame,
    *,
    summary: Mapping[str, pd.DataFrame] | None = None,
    provenance: Mapping[str, object] | None = None,
    title: str = "reactions",
) -> bytes:
    """The frame as an Excel workbook: a ``reactions`` sheet (one row per reaction; ``title`` names it), a
    sheet per ``summary`` table, and a ``provenance`` sheet (key, value).  Every text cell is stored as text, so a
    post that starts with ``=`` never becomes a formula and ids never become numbers; list columns are joined
    with ``, ``; times are UTC without a zone (Excel has none); ``lag`` is ``lag_hours``, a number of hours, as in
    every export (:func:`reactions.frames.with_lag_hours`; any other duration column is hours too, under its own
    name); characters Excel cannot hold are dropped and cells are cut at :data:`XLSX_MAX_CHARS`.

    >>> import reactions
    >>> frame = reactions.to_frame(reactions.parse_article("=1+1 #x — Ann (@ann) Feb 2, 2020").reactions)
    >>> pd.read_excel(io.BytesIO(xlsx_bytes(frame)), dtype=str).loc[0, ["text", "hashtags"]].tolist()
    ['=1+1 #x', 'x']
    """
    openpyxl: Any = importlib.import_module("openpyxl")
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    sheet.title = _sheet_name(title)
    _fill_sheet(sheet, frame)
    for name, table in (summary or {}).items():
        _fill_sheet(workbook.create_sheet(_sheet_name(name)), table)
    if provenance is not None:
        rows = pd.DataFrame(
            {"key": list(provenance), "value": [_provenance_value(v) for v in provenance.values()]}
        )
        _fill_sheet(workbook.create_sheet("provenance"), rows)
    out = io.BytesIO()
    workbook.save(out)
    return out.getvalue()


def _fill_sheet(sheet: Any, table: pd.DataFrame) -> None:
    table = with_lag_hours(table)
    names = [str(name) for name in table.columns]
    columns = [_xlsx_values(table[name], str(name)) for name in table.columns]
    for column, name in enumerate(names, start=1):
        _set(sheet.cell(row=1, column=column), name)
    for row, values in enumerate(zip(*columns, strict=True), start=2):
        for column, value in enumerate(values, start=1):
            _set(sheet.cell(row=row, column=column), value)


def _set(cell: Any, value: Any) -> None:
    if isinstance(value, str):
        cell.value = _XLSX_ILLEGAL.sub("", value)[:XLSX_MAX_CHARS]
        cell.data_type = "s"  # text, even when it starts with "=": never a formula
    else:
        cell.value = value


_XLSX_ILLEGAL = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")
"""Control characters an XLSX cell cannot hold."""


def _xlsx_values(column: pd.Series, name: str) -> list[Any]:
    """A column's values as Excel takes them: numbers and booleans as they are, times naive UTC, durations in
    hours, lists joined, everything else as text; missing values empty."""
    dtype = column.dtype
    values = column.tolist()
    if name in LIST_COLUMNS:
        return [", ".join(map(str, v)) if isinstance(v, list | tuple | np.ndarray) else None for v in values]
    if isinstance(dtype, np.dtype) and dtype.kind == "m":
        return [None if pd.isna(v) else round(pd.Timedelta(v).total_seconds() / 3600, 4) for v in values]
    if isinstance(dtype, pd.DatetimeTZDtype) or (isinstance(dtype, np.dtype) and dtype.kind == "M"):
        naive = column.dt.tz_convert(None) if isinstance(dtype, pd.DatetimeTZDtype) else column
        if not isinstance(dtype, pd.DatetimeTZDtype) and (naive.dropna() == naive.dropna().dt.normalize()).all():
            return [None if pd.isna(v) else pd.Timestamp(v).date() for v in naive.tolist()]  # days: no 00:00:00
        return [None if pd.isna(v) else pd.Timestamp(v).to_pydatetime() for v in naive.tolist()]
    if isinstance(dtype, np.dtype) and dtype.kind in "biuf":
        return [None if (isinstance(v, float) and v != v) else v for v in values]
    return [None if _missing(v) else str(v) for v in values]


def _sheet_name(name: str) -> str:
    """A valid, short sheet name (Excel: at most 31 characters, none of ``[]:*?/\\``)."""
    return re.sub(r"[\[\]:*?/\\]", " ", name)[:31] or "sheet"


def _provenance_value(value: object) -> str:
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)




def _missing(value: Any) -> bool:
    return value is None or value is pd.NA or value is pd.NaT or (isinstance(value, float) and value != value)
