"""export: CSV / JSON Lines / Parquet out, and back in to exactly the same frame."""

from __future__ import annotations

import csv
import datetime as dt
import io
import os
import stat
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.cells import column_cells
from reactions.errors import ExportError
from reactions.export import (
    csv_bytes,
    frame_cells,
    jsonl_bytes,
    read_csv,
    read_jsonl,
    read_table,
    write_table,
)
from reactions.frames import BASE_COLUMNS, LAG_HOURS, lag_from_hours, lag_hours, to_frame
from reactions.models import Article, Citation, Corpus, Kind, Platform, Reaction
from reactions.table import MOMENT

MakeReaction = Callable[..., Reaction]

# --- strategies --------------------------------------------------------------------------------

texts = st.text()
optional_texts = st.none() | st.text()
items = st.lists(st.text(max_size=8), max_size=4).map(tuple)
dates = st.none() | st.dates(min_value=dt.date(1900, 1, 1), max_value=dt.date(2200, 12, 31))
moments = st.none() | st.datetimes(
    min_value=dt.datetime(1975, 1, 1),
    max_value=dt.datetime(2045, 1, 1),
    timezones=st.none() | st.just(dt.UTC),
)  # 70 years: every lag between two of them is within the ±71 years lag_hours holds exactly (see below)
spans = st.tuples(st.integers(0, 2**40), st.integers(0, 2**40))
cited = st.sampled_from(["a.txt", "b c.md", "c.txt"]) | texts  # mostly the articles below: outlets and their times
citations = st.lists(st.builds(Citation, cited, spans), max_size=3).map(tuple)
reactions = st.builds(
    Reaction,
    id=texts, kind=st.sampled_from(Kind), platform=st.sampled_from([*Platform, "myspace", ""]),
    handle=optional_texts, display_name=optional_texts, date=dates, text=texts, hashtags=items,
    mentions=items, urls=items, media=items, emoji=items, source=cited, span=spans, citations=citations,
    status_id=optional_texts, url=optional_texts, created_at=moments, lang=optional_texts, continued=items,
)  # fmt: skip
article_urls = st.none() | st.sampled_from(["https://www.bbc.co.uk/news/1", "http://cnn.com/x", "not a url"])
article_dates = st.none() | st.dates(min_value=dt.date(1975, 1, 1), max_value=dt.date(2044, 12, 31))
"""An article's date stands for its publication time when it has none: within the moments' 70 years too."""
articles = st.builds(Article, source=st.sampled_from(["", "a.txt", "b c.md", "c.txt"]), title=st.none(),
                     date=article_dates,
                     text=st.just(""), published_at=moments, url=article_urls)  # fmt: skip
corpora = st.builds(
    Corpus,
    articles=st.lists(articles, max_size=3).map(tuple),
    reactions=st.lists(reactions, max_size=4).map(tuple),
)


def with_sentiment(frame: pd.DataFrame, compound: float = -0.5) -> pd.DataFrame:
    """The columns sentiment.score_frame appends, per the contract."""
    out = frame.copy()
    n = len(out)
    for name, value in (("compound", compound), ("pos", 0.25), ("neu", 0.5), ("neg", 0.125)):
        out[name] = pd.Series([value] * n, dtype="float64")
    labels = pd.Categorical(["negative"] * n, categories=["negative", "neutral", "positive"], ordered=True)
    out["sentiment"] = labels
    out["drivers"] = pd.Series(["abuser -2.1; love +3.2"] * n, dtype="string")
    out["overridden"] = pd.Series([True] * n, dtype="bool")
    return out


# --- lossless round trips ------------------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(corpus=corpora, excel_safe=st.booleans(), comment=st.none() | st.text())
def test_csv_round_trip_is_lossless(corpus: Corpus, excel_safe: bool, comment: str | None) -> None:
    frame = to_frame(corpus)
    data = csv_bytes(frame, excel_safe=excel_safe, comment=comment)
    pd.testing.assert_frame_equal(read_csv(io.BytesIO(data)), frame)


@settings(max_examples=200, deadline=None)
@given(corpus=corpora)
def test_jsonl_round_trip_is_lossless(corpus: Corpus) -> None:
    frame = to_frame(corpus)
    pd.testing.assert_frame_equal(read_jsonl(io.BytesIO(jsonl_bytes(frame))), frame)


TRICKY = [
    "emoji 😀🏳️‍🌈 and ZWJ",
    'quotes "inside" and \'single\'',
    "commas, everywhere, ,",
    "newline\ninside\r\nand CRLF\rand CR",
    "=HYPERLINK(\"http://evil\")",
    "+1", "-1", "@SUM(1)", "\tTAB", "\rCR", "'already quoted", "''two",
    "# not a comment", "",
    "%20 literal percent",
]  # fmt: skip


@pytest.mark.parametrize("text", TRICKY)
@pytest.mark.parametrize("write", ["csv", "excel", "jsonl", "parquet"])
def test_tricky_text_round_trips(make_reaction: MakeReaction, tmp_path: Path, text: str, write: str) -> None:
    reaction = make_reaction(
        text=text, display_name=text or None, hashtags=(), mentions=(text,) if text else (), continued=(text, text)
    )
    frame = with_sentiment(to_frame([reaction, make_reaction("r2", handle=None, status_id="1223379372541931520")]))
    if write == "parquet":
        back = read_table(write_table(frame, tmp_path / "t.parquet"))
    elif write == "jsonl":
        back = read_jsonl(io.BytesIO(jsonl_bytes(frame)))
    else:
        back = read_csv(io.BytesIO(csv_bytes(frame, excel_safe=write == "excel")))
    pd.testing.assert_frame_equal(back, frame)


@pytest.mark.parametrize("excel_safe", [False, True])
def test_csv_is_written_as_pandas_writes_the_same_cells(make_reaction: MakeReaction, excel_safe: bool) -> None:
    reactions = [make_reaction(f"r{n}", text=text, display_name=text or None) for n, text in enumerate(TRICKY)]
    frame = with_sentiment(to_frame(reactions))
    columns, kinds = frame_cells(frame)
    cells = pd.DataFrame({name: column_cells(values, kinds[name], excel_safe) for name, values in columns.items()})
    expected = ("\ufeff" if excel_safe else "") + cells.to_csv(index=False, lineterminator="\r\n")
    assert csv_bytes(frame, excel_safe=excel_safe).decode("utf-8") == expected
    only = pd.DataFrame({"text": pd.Series(["", "a"], dtype="string")})  # a lone empty cell is written ""
    assert csv_bytes(only) == pd.DataFrame({"text": ["", "a"]}).to_csv(index=False, lineterminator="\r\n").encode()


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet", ".CSV"])
def test_write_table_by_extension_and_back(make_reaction: MakeReaction, tmp_path: Path, suffix: str) -> None:
    frame = to_frame([make_reaction("a"), make_reaction("b", date=None, hashtags=())])
    path = write_table(frame, tmp_path / f"out{suffix}")
    assert path.stat().st_size > 0
    pd.testing.assert_frame_equal(read_table(path), frame)


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_outlets_and_their_times_round_trip(make_reaction: MakeReaction, tmp_path: Path, suffix: str) -> None:
    moment = dt.datetime(2020, 2, 1, 10, 30, tzinfo=dt.UTC)
    articles = (
        Article("a.txt", None, None, "", (), url="https://www.bbc.co.uk/news/1", published_at=moment),
        Article("b.txt", None, None, "", (), url="https://edition.cnn.com/2"),  # no publication time
        Article("c.txt", None, None, "", (), url="https://www.bbc.co.uk/news/3",
                published_at=moment - dt.timedelta(hours=2)),
    )  # fmt: skip
    cites = tuple(Citation(s, (0, 1)) for s in ("a.txt", "b.txt", "c.txt"))
    corpus = Corpus(articles, (make_reaction(citations=cites), make_reaction("r2")))
    frame = with_sentiment(to_frame(corpus, sentiment=False))
    first = frame.iloc[0]  # bbc.co.uk's earliest article is "c.txt"; cnn.com's has no time
    assert (first["outlets"], first["outlet_published"]) == (
        ["bbc.co.uk", "cnn.com"],
        [(moment - dt.timedelta(hours=2)).isoformat(), ""],
    )
    pd.testing.assert_frame_equal(read_table(write_table(frame, tmp_path / f"outlets{suffix}")), frame)


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_empty_frame_round_trips(tmp_path: Path, suffix: str) -> None:
    frame = to_frame([])
    pd.testing.assert_frame_equal(read_table(write_table(frame, tmp_path / f"empty{suffix}")), frame)


# --- the CSV as written ---------------------------------------------------------------------------


def rows_of(data: bytes) -> list[dict[str, str]]:
    text = data.decode("utf-8").removeprefix("\ufeff")
    lines = [line for line in text.split("\r\n") if not line.startswith("# ")]
    return list(csv.DictReader(io.StringIO("\r\n".join(lines), newline="")))


def test_csv_layout(make_reaction: MakeReaction) -> None:
    reaction = make_reaction(
        hashtags=("MeToo", "TimesUp"),
        date=dt.date(2020, 1, 31),
        created_at=dt.datetime(2020, 1, 31, 9, 5, tzinfo=dt.UTC),
    )
    corpus = Corpus(articles=(Article("a.txt", None, dt.date(2020, 2, 1), ""),), reactions=(reaction,))
    row = rows_of(csv_bytes(to_frame(corpus)))[0]
    assert row["hashtags"] == "MeToo TimesUp"
    assert row["mentions"] == ""
    assert row["date"] == "2020-01-31"
    assert row["created_at"] == "2020-01-31T09:05:00+00:00"
    assert "lag" not in row
    assert float(row["lag_hours"]) == pytest.approx(14 + 55 / 60)
    assert list(row).index("lag_hours") == list(BASE_COLUMNS).index("lag")  # in lag's place
    assert row["handle"] == "fan"
    assert row["status_id"] == ""
    assert row["article_count"] == "1"


def test_comment_lines_come_first(make_reaction: MakeReaction) -> None:
    data = csv_bytes(to_frame([make_reaction()]), comment="reactions 0.1.0\nfilters: hashtag=MeToo")
    lines = data.decode().split("\r\n")
    assert lines[:2] == ["# reactions 0.1.0", "# filters: hashtag=MeToo"]
    assert lines[2].split(",")[: len(BASE_COLUMNS)] == [LAG_HOURS if c == "lag" else c for c in BASE_COLUMNS]


def test_excel_safe_comment_lines_are_one_cell(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction()])
    data = csv_bytes(frame, excel_safe=True, comment='filters: search=a,=HYPERLINK("http://x")\nsecond')
    rows = list(csv.reader(io.StringIO(data.decode("utf-8-sig"), newline="")))
    assert rows[:2] == [['# filters: search=a,=HYPERLINK("http://x")'], ["# second"]]
    pd.testing.assert_frame_equal(read_csv(io.BytesIO(data)), frame)


@pytest.mark.parametrize(
    ("text", "cell"),
    [
        ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@x", "'@x"), ("\tx", "'\tx"), ("\rx", "'\rx"),
        ("'x", "''x"), ("plain", "plain"), ("a=b", "a=b"), ("", ""),
    ],
)  # fmt: skip
def test_excel_safe_neutralises_formulas(make_reaction: MakeReaction, text: str, cell: str) -> None:
    reaction = make_reaction("123", text=text, status_id="1223379372541931520")
    data = csv_bytes(with_sentiment(to_frame([reaction])), excel_safe=True)
    assert data.startswith(b"\xef\xbb\xbf")
    row = rows_of(data)[0]
    assert row["text"] == cell
    assert row["id"] == "123"  # ids exactly as everywhere else: joins on them work
    assert row["status_id"] == "1223379372541931520"
    assert row["compound"] == "-0.5"  # numbers stay numbers
    assert row["overridden"] == "True"


def test_excel_safe_text_that_lost_its_bom(make_reaction: MakeReaction) -> None:
    frame = to_frame([make_reaction(text="=1+1")])
    text = csv_bytes(frame, excel_safe=True).decode("utf-8-sig")
    assert read_csv(io.StringIO(text)).loc[0, "text"] == "'=1+1"  # no mark: read as plain
    pd.testing.assert_frame_equal(read_csv(io.StringIO(text), excel_safe=True), frame)


def test_plain_csv_has_no_bom_and_no_prefix(make_reaction: MakeReaction) -> None:
    data = csv_bytes(to_frame([make_reaction("123", text="=1+1")]))
    assert not data.startswith(b"\xef\xbb\xbf")
    assert rows_of(data)[0]["text"] == "=1+1"


def test_jsonl_layout(make_reaction: MakeReaction) -> None:
    data = jsonl_bytes(to_frame([make_reaction(text='😀 "hi"', date=None, hashtags=("a",))]))
    line = data.decode("utf-8")
    assert line.endswith("}\n")
    assert line.count("\n") == 1
    for part in ('"date": null', '"hashtags": ["a"]', '"lag_hours": null'):
        assert part in line
    assert "😀" in line  # not \\u escaped


# --- errors -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["out.xls", "out", "out.csv.gz"])
def test_unknown_extension_names_the_path(make_reaction: MakeReaction, tmp_path: Path, name: str) -> None:
    with pytest.raises(ExportError, match=name.replace(".", r"\.")):
        write_table(to_frame([make_reaction()]), tmp_path / name)
    assert not (tmp_path / name).exists()


def test_unwritable_path_is_an_export_error(make_reaction: MakeReaction, tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="missing"):
        write_table(to_frame([make_reaction()]), tmp_path / "missing" / "out.csv")


@pytest.mark.parametrize(
    ("data", "message"),
    [
        (b"", "no header"),
        (b"# only a comment\n", "no header"),
        (b"\xff\xfe\x00binary", "not UTF-8"),
        (b"id,article_count\nx,notanumber\n", "bad cell"),
        (b'id,text\n"unterminated\n', "not a reactions CSV"),
    ],
)
def test_read_csv_rejects_bad_files(data: bytes, message: str) -> None:
    with pytest.raises(ExportError, match=message):
        read_csv(io.BytesIO(data))


def test_read_csv_from_path_and_str(make_reaction: MakeReaction, tmp_path: Path) -> None:
    frame = to_frame([make_reaction()])
    path = tmp_path / "x.csv"
    path.write_bytes(csv_bytes(frame))
    pd.testing.assert_frame_equal(read_csv(path), frame)
    pd.testing.assert_frame_equal(read_csv(str(path)), frame)
    pd.testing.assert_frame_equal(read_csv(io.StringIO(path.read_text(encoding="utf-8"))), frame)


def test_read_csv_missing_file() -> None:
    with pytest.raises(ExportError, match=r"nowhere\.csv"):
        read_csv("/nonexistent/nowhere.csv")


def test_twarc_frame_renames_and_keeps_values() -> None:
    from reactions.frames import to_frame
    from reactions.parse.article import parse_article
    from reactions.twarc import TWARC_COLUMNS, twarc_frame

    markdown = "> Wow #tbt\n>\n> — Ann (@ann) [May 5, 2014](https://twitter.com/ann/status/463440424141459456)"
    frame = to_frame(parse_article(markdown).reactions)
    twarc = twarc_frame(frame)
    assert list(twarc.columns) == list(TWARC_COLUMNS)
    row = twarc.iloc[0]
    assert list(TWARC_COLUMNS) == ["id", "created_at", "text", "lang", "entities.hashtags", "entities.mentions",
                                   "entities.urls", "author.username", "author.name"]  # twarc-csv's names, order
    assert row["id"] == "463440424141459456"
    assert row["author.username"] == "ann"
    assert row["author.name"] == "Ann"
    assert row["entities.hashtags"] == '["#tbt"]'
    assert row["entities.mentions"] == ""
    assert row["created_at"] == "2014-05-05T22:09:42.079Z"  # the API's form, from the status id


def test_a_failed_write_keeps_the_previous_file_and_leaves_no_temporary(
    make_reaction: MakeReaction, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "out.csv"
    frame = to_frame([make_reaction()])
    write_table(frame, target)
    before = target.read_bytes()
    target.chmod(0o640)

    def disk_full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", disk_full)
    with pytest.raises(ExportError, match=r"out\.csv: cannot write \(No space left on device\)"):
        write_table(to_frame([make_reaction("r2"), make_reaction("r3")]), target)
    assert target.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out.csv"]
    monkeypatch.undo()
    write_table(to_frame([make_reaction("r2")]), target)
    assert read_csv(target)["id"].tolist() == ["r2"]
    assert stat.S_IMODE(target.stat().st_mode) == 0o640  # a replaced export keeps its permissions


def test_excel_safe_through_write_table(make_reaction: MakeReaction, tmp_path: Path) -> None:
    frame = to_frame([make_reaction(text="=HYPERLINK(\"http://x\")")])
    path = write_table(frame, tmp_path / "safe.csv", excel_safe=True)
    assert path.read_bytes() == csv_bytes(frame, excel_safe=True)
    assert b'"\'=HYPERLINK' in path.read_bytes()  # the formula neutralised
    assert read_csv(path).equals(frame)


@pytest.mark.parametrize("write", ["csv", "excel", "jsonl", "parquet", "xlsx"])
def test_the_later_pieces_of_a_post_are_a_column_of_every_export(
    make_reaction: MakeReaction, tmp_path: Path, write: str
) -> None:
    pieces = make_reaction("r1", kind=Kind.QUOTE, text="Day 3", continued=("=Braids are in.", "Love, M."))
    frame = to_frame([pieces, make_reaction("r2")])
    assert frame["continued"].tolist() == ["=Braids are in. Love, M.", pd.NA]
    if write == "xlsx":
        sheet = pd.read_excel(write_table(frame, tmp_path / "out.xlsx"), dtype=str)
        assert sheet["continued"].tolist()[0] == "=Braids are in. Love, M."  # a string cell, never a formula
        assert list(sheet.columns).index("continued") == list(sheet.columns).index("text") + 1
        return
    back = round_trip(frame, write, tmp_path)
    pd.testing.assert_frame_equal(back, frame)
    if write == "excel":
        assert b"'=Braids are in." in csv_bytes(frame, excel_safe=True)  # neutralised as any text cell


def test_an_xlsx_file_is_written_not_read_back(tmp_path: Path, make_reaction: MakeReaction) -> None:
    path = write_table(to_frame([make_reaction()]), tmp_path / "out.xlsx")
    assert len(pd.read_excel(path)) == 1
    with pytest.raises(ExportError, match="not read back"):
        read_table(path)


# --- lag as hours -------------------------------------------------------------------------------------

LIMIT_US = 2**51
"""±71 years in microseconds: every lag within it goes to float hours and back exactly."""


def lag_frame(make_reaction: MakeReaction, lags: list[pd.Timedelta | None]) -> pd.DataFrame:
    frame = with_sentiment(to_frame([make_reaction(f"r{i}") for i in range(len(lags))]))
    frame["lag"] = pd.Series(lags, dtype="timedelta64[ns]")
    return frame


def round_trip(frame: pd.DataFrame, write: str, folder: Path) -> pd.DataFrame:
    if write in ("csv", "excel"):
        return read_csv(io.BytesIO(csv_bytes(frame, excel_safe=write == "excel")))
    if write == "jsonl":
        return read_jsonl(io.BytesIO(jsonl_bytes(frame)))
    return read_table(write_table(frame, folder / "lags.parquet"))


WRITES = ["csv", "excel", "jsonl", "parquet"]


@settings(max_examples=100, deadline=None)
@given(micros=st.lists(st.none() | st.integers(-LIMIT_US, LIMIT_US), min_size=1, max_size=6))
def test_lag_hours_hold_any_lag_within_71_years_to_the_microsecond(micros: list[int | None]) -> None:
    lags = pd.Series([None if m is None else pd.Timedelta(microseconds=m) for m in micros], dtype="timedelta64[ns]")
    hours = lag_hours(lags)
    assert hours.dtype == "float64"
    assert hours.isna().tolist() == [m is None for m in micros]
    back = pd.Series(lag_from_hours(hours.to_numpy()), dtype="timedelta64[ns]")
    pd.testing.assert_series_equal(back, lags)


@pytest.mark.parametrize("write", WRITES)
def test_lag_is_written_as_hours_in_its_place_and_read_back(
    make_reaction: MakeReaction, tmp_path: Path, write: str
) -> None:
    lags = [pd.Timedelta(hours=5, minutes=30), None, pd.Timedelta(minutes=-90),
            pd.Timedelta(days=3, microseconds=1), pd.Timedelta(microseconds=LIMIT_US)]  # fmt: skip
    frame = lag_frame(make_reaction, lags)
    pd.testing.assert_frame_equal(round_trip(frame, write, tmp_path), frame)


@pytest.mark.parametrize("write", WRITES)
def test_the_files_hold_lag_hours_as_numbers(make_reaction: MakeReaction, tmp_path: Path, write: str) -> None:
    frame = lag_frame(make_reaction, [pd.Timedelta(hours=5, minutes=30), None, pd.Timedelta(minutes=-90)])
    if write in ("csv", "excel"):
        table = pd.read_csv(io.BytesIO(csv_bytes(frame, excel_safe=write == "excel")), encoding="utf-8-sig")
    elif write == "jsonl":
        table = pd.read_json(io.BytesIO(jsonl_bytes(frame)), lines=True)
    else:
        table = pd.read_parquet(write_table(frame, tmp_path / "lags.parquet"))
    assert "lag" not in table.columns
    assert list(table.columns).index(LAG_HOURS) == list(frame.columns).index("lag")
    assert table[LAG_HOURS].dtype == "float64"
    assert table[LAG_HOURS].tolist()[::2] == [5.5, -1.5]  # a spreadsheet's or pandas' number, as it is
    assert pd.isna(table[LAG_HOURS].iloc[1])


def test_lags_beyond_71_years_come_back_within_two_microseconds(make_reaction: MakeReaction) -> None:
    far = [pd.Timedelta(microseconds=m) for m in (2**51 + 1, 2**52 + 3, -(2**52) - 7, 7_000_000_000_000_003)]
    frame = lag_frame(make_reaction, far)  # 71 to 220 years
    back = read_csv(io.BytesIO(csv_bytes(frame)))["lag"]
    assert (back - frame["lag"]).abs().max() <= pd.Timedelta(microseconds=2)


def test_an_old_csv_with_lag_as_a_duration_still_reads(make_reaction: MakeReaction) -> None:
    frame = lag_frame(make_reaction, [pd.Timedelta(hours=14, minutes=55), None])
    old = frame.copy()
    old["lag"] = pd.Series(["P0DT14H55M0S", None], dtype="string")  # as reactions 0.1.0 wrote it
    data = csv_bytes(old)
    assert b",P0DT14H55M0S," in data
    pd.testing.assert_frame_equal(read_csv(io.BytesIO(data)), frame)


@pytest.mark.parametrize("cell", ["1e300", "inf", "-3000000", "soon"])
def test_a_lag_beyond_any_timedelta_is_a_bad_cell(make_reaction: MakeReaction, cell: str) -> None:
    frame = lag_frame(make_reaction, [pd.Timedelta(hours=1)])
    data = csv_bytes(frame).replace(b"\r\n" , b"\n").decode()
    header, row, _ = data.split("\n")
    cells = row.split(",")
    cells[header.split(",").index(LAG_HOURS)] = cell
    with pytest.raises(ExportError, match="bad cell"):
        read_csv(io.BytesIO(f"{header}\n{','.join(cells)}\n".encode()))


@given(st.lists(st.text(alphabet=st.sampled_from("ab %\t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\x00é😂")), max_size=5))
def test_a_list_cell_escapes_each_item_as_one_at_a_time_would(items: list[str]) -> None:
    """The items are escaped in one scan of their join: the same cell as each item escaped alone."""
    from reactions.cells import _ESCAPES, _join_items

    assert _join_items(items) == " ".join([item.translate(_ESCAPES) or "%" for item in items])


@given(st.lists(st.none() | st.sampled_from([dt.datetime(2017, 10, 5, 1, 2, 3, tzinfo=dt.UTC)]) | st.datetimes(
    min_value=dt.datetime(1700, 1, 1), max_value=dt.datetime(2200, 1, 1), timezones=st.just(dt.UTC)), max_size=8))
def test_times_with_a_zone_are_written_as_each_one_alone(moments: list[dt.datetime | None]) -> None:
    """A zoned time column's cells (worked out once per distinct time) are each time's ``isoformat``."""
    column = pd.Series(pd.to_datetime(pd.Series(moments, dtype=object), utc=True)).astype("datetime64[ns, UTC]")
    alone = [None if pd.isna(moment) else moment.isoformat() for moment in column.tolist()]
    values = frame_cells(pd.DataFrame({"article_published": column}))[0]["article_published"]
    assert column_cells(values, MOMENT, excel_safe=False) == alone
