"""reactions.xlsx: a workbook people open: text stays text, ids keep their zeros, lag in hours, every row."""

from __future__ import annotations

import io
from collections.abc import Callable

import openpyxl
import pandas as pd

from reactions.frames import to_frame
from reactions.models import Reaction
from reactions.xlsx import xlsx_bytes

MakeReaction = Callable[..., Reaction]


def test_xlsx_keeps_text_as_text_ids_as_text_and_every_row(make_reaction: MakeReaction) -> None:
    reactions = [
        make_reaction("0012", text='=HYPERLINK("http://x","click")', hashtags=("a", "b")),
        make_reaction("r2", text="bell\x07 and plain"),
    ]
    frame = to_frame(reactions)
    data = xlsx_bytes(frame, summary={"top: hashtags?": pd.DataFrame({"hashtag": ["a"], "n": [1]})},
                      provenance={"rows": 2, "filters": {"tag": ["a"]}})  # fmt: skip
    sheets = pd.read_excel(io.BytesIO(data), sheet_name=None, dtype=str)
    assert list(sheets) == ["reactions", "top  hashtags ", "provenance"]
    table = sheets["reactions"]
    assert table["id"].tolist() == ["0012", "r2"]  # ids stay text: no lost leading zero
    assert table["text"].tolist() == ['=HYPERLINK("http://x","click")', "bell and plain"]
    assert table["hashtags"].tolist()[0] == "a, b"
    sheet = openpyxl.load_workbook(io.BytesIO(data))["reactions"]
    formula_cell = sheet.cell(row=2, column=list(frame.columns).index("text") + 1)
    assert formula_cell.data_type == "s"  # stored as text, never as a formula
    assert dict(zip(sheets["provenance"]["key"], sheets["provenance"]["value"], strict=True)) == {
        "rows": "2", "filters": '{"tag": ["a"]}',
    }  # fmt: skip


def test_xlsx_lag_is_hours_and_times_are_naive_utc(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction(), make_reaction("r2")])
    moments = [pd.Timestamp("2020-02-01 10:30", tz="UTC"), pd.NaT]
    frame["created_at"] = pd.Series(moments, dtype=frame["created_at"].dtype)
    frame["lag"] = pd.Series([pd.Timedelta(hours=5, minutes=30), pd.NaT], dtype=frame["lag"].dtype)
    table = pd.read_excel(io.BytesIO(xlsx_bytes(frame)))
    assert table.loc[0, "created_at"] == pd.Timestamp("2020-02-01 10:30")
    assert "lag" not in table.columns
    assert list(table.columns).index("lag_hours") == list(frame.columns).index("lag")  # as in every export
    assert table.loc[0, "lag_hours"] == 5.5
    assert pd.isna(table.loc[1, "created_at"])
    assert pd.isna(table.loc[1, "lag_hours"])


def test_xlsx_dates_are_days_without_a_time(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction(), make_reaction("r2", date=None)])
    sheet = openpyxl.load_workbook(io.BytesIO(xlsx_bytes(frame)))["reactions"]
    cell = sheet.cell(row=2, column=list(frame.columns).index("date") + 1)
    assert cell.is_date
    assert cell.number_format == "yyyy-mm-dd"  # shown as 2020-02-01, not 2020-02-01 00:00:00
    assert sheet.cell(row=3, column=list(frame.columns).index("date") + 1).value is None
