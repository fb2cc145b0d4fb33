"""The sources interface: kinds, parts, FakeNewsNet folders, remote paths, dates, and no exception on any bytes."""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import os
import pickle
import sys
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import fsspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from warc_factory import golden_pages, write_warc

from reactions.models import Document, FileOutcome, Status
from reactions.sources import (
    Part,
    SourceOptions,
    TableColumns,
    default_name,
    parse_published,
    partitions,
    read_documents,
    read_part,
    source_kind,
)
from reactions.sources.columns import text_bytes, text_cell
from reactions.sources.dates import day_first_order
from reactions.sources.remote import in_memory, open_binary, read_at_most, read_binary


@pytest.mark.parametrize(("name", "kind"), [
    ("a/Fake.csv", "table"), ("x.TSV", "table"), ("x.jsonl.gz", "table"), ("x.ndjson.zst", "table"),
    ("x.json", "table"), ("x.parquet", "table"), ("CC-NEWS-20170101.warc.gz", "warc"), ("x.arc", "warc"),
    ("politifact15014/news content.json", "fakenewsnet"), ("article.txt", None), ("page.html", None),
    ("notes.md", None),
])
def test_source_kind_by_name(name: str, kind: str | None) -> None:
    assert source_kind(name) == kind


def test_source_kind_sniffs_a_warc_without_its_ending(tmp_path: Path) -> None:
    write_warc(tmp_path / "x.warc.gz", golden_pages()[:1])
    (tmp_path / "crawl-0001").write_bytes(gzip.decompress((tmp_path / "x.warc.gz").read_bytes()))
    (tmp_path / "crawl-0002.gz").write_bytes((tmp_path / "x.warc.gz").read_bytes())
    (tmp_path / "notes.gz").write_bytes(gzip.compress(b"just words"))
    kinds = [source_kind(str(tmp_path / n)) for n in ("crawl-0001", "crawl-0002.gz", "notes.gz", "absent.gz")]
    assert kinds == ["warc", "warc", None, None]
    first = golden_pages()[0][0]
    assert [d.source for d in read_documents(str(tmp_path / "crawl-0001"))] == [f"https://news.example/{first}"]


def test_a_fifo_or_a_folder_named_like_a_source_is_refused_without_blocking(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.csv")
    os.mkfifo(tmp_path / "crawl-pipe")
    (tmp_path / "folder.jsonl").mkdir()
    assert source_kind(str(tmp_path / "crawl-pipe")) is None
    for name in ("pipe.csv", "folder.jsonl"):
        [outcome] = read_documents(str(tmp_path / name))
        assert isinstance(outcome, FileOutcome)
        assert outcome.reason == "cannot be read: not a regular file (a folder, a FIFO, a device or a socket)"


def test_a_plain_article_is_not_a_source_and_has_no_parts(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("An article.")
    assert partitions(str(tmp_path / "a.txt")) == []
    assert list(read_documents(str(tmp_path / "a.txt"))) == []


def test_parts_and_options_are_small_picklable_records() -> None:
    part = Part("s3://b/x.parquet", "x.parquet", "table", "parquet", index=3, first_row=31)
    options = SourceOptions(text_col="body", max_bytes=10)
    assert pickle.loads(pickle.dumps(part)) == part
    assert pickle.loads(pickle.dumps(options)) == options
    assert TableColumns is SourceOptions
    with pytest.raises(AttributeError):
        part.index = 4  # type: ignore[misc]


def write_fakenewsnet(root: Path, ident: str, record: object) -> Path:
    folder = root / "politifact" / "fake" / ident
    folder.mkdir(parents=True)
    path = folder / "news content.json"
    path.write_text(json.dumps(record))
    return path


def test_a_fakenewsnet_article_is_one_document_named_by_its_folder(tmp_path: Path) -> None:
    record = {"url": "https://news.example/a", "text": "Fans wrote back.", "title": "A title",
              "publish_date": 1514764800.0, "meta_data": {"og": {"type": "article"}}, "images": []}
    path = write_fakenewsnet(tmp_path, "politifact15014", record)
    assert default_name(str(path)) == "politifact15014/news content.json"
    assert list(read_documents(str(path))) == [Document(
        "politifact15014", b"Fans wrote back.", "https://news.example/a", "A title",
        dt.datetime(2018, 1, 1, tzinfo=dt.UTC))]


@pytest.mark.parametrize(("record", "reason"), [
    ({"text": "", "title": "t", "publish_date": None}, "the article's 'text' is empty"),
    ([1, 2], "not a JSON object"),
])
def test_a_fakenewsnet_article_without_text_is_a_reason(tmp_path: Path, record: object, reason: str) -> None:
    path = write_fakenewsnet(tmp_path, "gossipcop-1", record)
    assert list(read_documents(str(path))) == [
        FileOutcome("gossipcop-1/news content.json", None, Status.SKIPPED, reason=reason)]


def test_a_fakenewsnet_article_without_a_date_has_none(tmp_path: Path) -> None:
    path = write_fakenewsnet(tmp_path, "gossipcop-2", {"text": "Words.", "publish_date": None, "url": ""})
    [doc] = read_documents(str(path))
    assert isinstance(doc, Document)
    assert (doc.published, doc.url, doc.title) == (None, None, None)


@pytest.mark.parametrize(("record", "published", "url"), [
    ({"publish_date": "1446700071.0", "url": "www.eonline.com/news/1"},
     dt.datetime(2015, 11, 5, 5, 7, 51, tzinfo=dt.UTC), "www.eonline.com/news/1"),
    ({"publish_date": None, "meta_data": {"article": {"published_time": "2017-03-15T12:14:00.000Z"},
                                          "og": {"updated_time": "2018-08-30T22:09:34Z"}}},
     dt.datetime(2017, 3, 15, 12, 14, tzinfo=dt.UTC), None),
    ({"publish_date": None, "meta_data": {"dc": {"date": "2017-12-01"}}, "url": "",
      "canonical_link": "https://www.fox26houston.com/news/x"},
     dt.datetime(2017, 12, 1, tzinfo=dt.UTC), "https://www.fox26houston.com/news/x"),
    ({"publish_date": None, "meta_data": {"og": {"updated_time": "2018-08-30T22:09:34Z"}, "date": [1]}}, None, None),
])  # fmt: skip
def test_a_fakenewsnet_articles_date_and_url_as_its_crawler_wrote_them(
    tmp_path: Path, record: dict[str, object], published: dt.datetime | None, url: str | None
) -> None:
    path = write_fakenewsnet(tmp_path, "gossipcop-3", {"text": "Words.", **record})
    [doc] = read_documents(str(path))
    assert isinstance(doc, Document)
    assert (doc.published, doc.url) == (published, url)


@pytest.mark.parametrize(("title", "expected"), [
    ("  A title\n", "A title"), ("\x1c", ""), (" \t", None), ("caf\u00e9 \u00a0", "caf\u00e9"),
    ("bad \udc80 byte", "bad \ufffd byte"), (["One", "", "Two"], "One\n\nTwo"), (None, None),
])  # fmt: skip
def test_a_fakenewsnet_title_is_read_as_its_bytes_were(tmp_path: Path, title: object, expected: str | None) -> None:
    path = tmp_path / "gossipcop-4" / "news content.json"
    path.parent.mkdir()
    path.write_text(json.dumps({"text": "Words.", "title": title}))
    [doc] = read_documents(str(path))
    assert isinstance(doc, Document)
    assert doc.title == expected


@pytest.mark.parametrize(("raw", "title", "text"), [
    (b'{"text": "Words.", "title": 123456789012345678901234567890}', "123456789012345678901234567890", b"Words."),
    (b'{"text": ["A", -9223372036854775809], "title": 1.5}', "1.5", b"A\n\n-9223372036854775809"),
    (b'{"text": "Words.", "title": "\\ud800 x", "n": NaN}', "? x", b"Words."),
])  # fmt: skip
def test_a_fakenewsnet_files_numbers_read_as_json_reads_them(
    tmp_path: Path, raw: bytes, title: str, text: bytes
) -> None:
    """What orjson reads otherwise (an integer past 64 bits), or refuses (NaN), is read as :mod:`json` reads it."""
    path = tmp_path / "gossipcop-6" / "news content.json"
    path.parent.mkdir()
    path.write_bytes(raw)
    [doc] = read_documents(str(path))
    assert isinstance(doc, Document)
    assert (doc.title, doc.data) == (title, text)


def test_a_fakenewsnet_file_over_twice_the_article_limit_is_skipped_unread(tmp_path: Path) -> None:
    path = write_fakenewsnet(tmp_path, "gossipcop-5", {"text": "Words " * 40})
    size = path.stat().st_size
    [read] = read_documents(str(path), SourceOptions(max_bytes=(size + 1) // 2))  # read, its text too long
    [unread] = read_documents(str(path), SourceOptions(max_bytes=(size - 1) // 2))
    assert isinstance(read, FileOutcome)
    assert isinstance(unread, FileOutcome)
    assert read.reason == f"the article is 240 bytes, over the {(size + 1) // 2:,} limit"
    assert unread.reason == f"over {(size - 1) // 2 * 2:,} bytes: skipped"


@pytest.mark.parametrize("size", [0, 1, 9, 10, 11, 100])
def test_read_at_most_gives_one_byte_past_the_limit_at_most(tmp_path: Path, size: int) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(bytes(range(size)))
    with path.open("rb") as raw:
        assert read_at_most(raw, 10) == bytes(range(min(size, 11)))
    assert read_at_most(io.BytesIO(bytes(range(size))), 10) == bytes(range(min(size, 11)))


@pytest.mark.parametrize("size", [0, 1, 9, 10, 11, 100])
def test_read_binary_reads_as_open_binary_and_read_at_most_do(tmp_path: Path, size: int) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(bytes(range(size)))
    assert read_binary(str(path), 10) == bytes(range(min(size, 11)))


@pytest.mark.parametrize(("limit", "expected"), [(10, 11), (100, 30)])
def test_read_binary_reads_on_when_the_file_grew_after_its_size_was_taken(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, limit: int, expected: int
) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"x" * 30)
    real = os.fstat
    monkeypatch.setattr(os, "fstat", lambda fd: os.stat_result((*real(fd)[:6], 5, *real(fd)[7:])))  # size 5
    assert read_binary(str(path), limit) == b"x" * expected


@given(data=st.binary(max_size=64), limit=st.integers(0, 80))
def test_read_binary_of_a_local_path_is_what_the_general_way_reads(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, limit: int
) -> None:
    path = tmp_path_factory.mktemp("read") / "a b.bin"
    path.write_bytes(data)
    folder = path.with_name("x:")
    folder.mkdir()
    (folder / "c.bin").write_bytes(data)
    assert read_binary(f"{folder}//c.bin", limit) == data[: limit + 1]  # a local path that holds "://"
    with open_binary(str(path)) as raw:
        expected = read_at_most(raw, limit)
    assert expected == data[: limit + 1]
    assert read_binary(str(path), limit) == expected  # the local path's own way: one open, fstat and read
    assert read_binary(str(path), limit, follow=False) == expected
    assert read_binary(path.as_uri(), limit) == expected  # a file:// URL: the general way
    with in_memory({str(path): data + b"!"}):  # bytes held in memory win over the file
        assert read_binary(str(path), limit) == (data + b"!")[: limit + 1]


def test_read_binary_refuses_what_open_binary_refuses(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        read_binary(str(tmp_path / "missing"), 10)
    with pytest.raises(OSError, match="not a regular file"):
        read_binary(str(tmp_path), 10)


def test_read_at_most_reads_on_when_the_file_grew_after_its_size_was_taken(tmp_path: Path) -> None:
    path = tmp_path / "f.bin"
    path.write_bytes(b"x" * 5)

    class Growing(io.FileIO):  # the file grows between fstat and read
        def fileno(self) -> int:
            number = super().fileno()
            with path.open("ab") as more:
                more.write(b"y" * 20)
            return number

    with Growing(path) as raw:
        assert read_at_most(raw, 10) == b"xxxxx" + b"y" * 6


@pytest.mark.parametrize(("value", "expected"), [
    ("2017-12-31T18:30:00Z", dt.datetime(2017, 12, 31, 18, 30, tzinfo=dt.UTC)),
    ("2017-12-31 18:30:00", dt.datetime(2017, 12, 31, 18, 30, tzinfo=dt.UTC)),
    ("Sun, 31 Dec 2017 18:30:00 -0500", dt.datetime(2017, 12, 31, 23, 30, tzinfo=dt.UTC)),
    ("December 31, 2017", dt.datetime(2017, 12, 31, tzinfo=dt.UTC)),
    ("31 Dec 2017", dt.datetime(2017, 12, 31, tzinfo=dt.UTC)),
    ("20171231T183000Z", dt.datetime(2017, 12, 31, 18, 30, tzinfo=dt.UTC)),
    ("20171231183000", dt.datetime(2017, 12, 31, 18, 30, tzinfo=dt.UTC)),
    ("12/31/2017", dt.datetime(2017, 12, 31, tzinfo=dt.UTC)),
    (1514745000, dt.datetime(2017, 12, 31, 18, 30, tzinfo=dt.UTC)),
    (1514745000000, dt.datetime(2017, 12, 31, 18, 30, tzinfo=dt.UTC)),
    ("1514745000", dt.datetime(2017, 12, 31, 18, 30, tzinfo=dt.UTC)),
    (dt.date(2017, 12, 31), dt.datetime(2017, 12, 31, tzinfo=dt.UTC)),
    ("", None), ("soon", None), (float("nan"), None), (-5, None), (1e300, None), (True, None), ("9" * 80, None),
    ("February 30, 2017", None),
    ("26 de março de 2018", dt.datetime(2018, 3, 26, tzinfo=dt.UTC)),  # written out in another language
    ("16. Mai 2018", dt.datetime(2018, 5, 16, tzinfo=dt.UTC)),
    ("2018-1-4", dt.datetime(2018, 1, 4, tzinfo=dt.UTC)),  # an ISO date without its zeros
    ("2018-1-4 9:05", dt.datetime(2018, 1, 4, 9, 5, tzinfo=dt.UTC)),
    ("2018", None), ("18", None),  # a year alone names no day (not 1970-01-01 00:33:38)
])
def test_dates_become_aware_utc_or_none(value: object, expected: dt.datetime | None) -> None:
    assert parse_published(value) == expected


def every_form_tried(text: str) -> dt.datetime | None:
    """The written forms read as ``strptime`` alone reads them, every form tried (what the shapes spare)."""
    from reactions.sources.dates import _FORMATS

    for form in _FORMATS:
        try:
            return dt.datetime.strptime(text, form).replace(tzinfo=dt.UTC)
        except ValueError:
            continue
    return None


# Pieces of dates in the written forms, and of what no form reads (other languages, one-digit months, stray words).
DATE_PIECES = st.sampled_from(
    ["2017", "17", "12", "1", "31", "07", "0", "9", " ", "  ", "\t", ",", ".", "/", "-", ":", "T", "t", "Z", "z",
     "December", "dec", "DEC", "Sun", "março", "de", "UTC", "GMT", "EST", "am", "\n"]
)  # fmt: skip


@settings(max_examples=400, deadline=None)
@given(st.lists(DATE_PIECES, max_size=12).map("".join))
def test_written_dates_read_as_strptime_reads_them(text: str) -> None:
    from reactions.sources.dates import _formatted

    assert _formatted(text) == every_form_tried(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(DATE_PIECES, max_size=10).map("".join), max_size=8))
def test_written_dates_read_once_read_as_read_each_time(texts: list[str]) -> None:
    """The readers of written dates keep their readings (each text read again is taken from them): each gives what
    its reading gives without them."""
    import locale

    from reactions.sources import dates

    time_locale = locale.setlocale(locale.LC_TIME)
    for text in texts + texts[::-1]:
        assert dates._rfc2822(text) == dates._rfc2822.__wrapped__(text)
        assert dates._formatted(text) == dates._formatted_in.__wrapped__(text, time_locale) == every_form_tried(text)
        assert dates._written(text) == dates._written.__wrapped__(text)


@pytest.mark.parametrize(
    "text",
    ["December 31, 2017", "Dec 31 2017", "31-Dec-17", "Dec 31, 2017 18:30", "20171231T183000z", "12/31/2017 18:30",
     "2017/12/31 18:30:00", "31.12.2017", "2017-12-31 18:30:00 UTC", "Sun, 31 Dec 2017 18:30:00", "dEcEmBeR  3, 2017",
     "12/31/2017\t18:30:05"],
)  # fmt: skip
def test_every_written_form_still_reads(text: str) -> None:
    from reactions.sources.dates import _formatted

    assert _formatted(text) == every_form_tried(text) is not None


@pytest.mark.parametrize(("value", "day_first", "expected"), [
    ("12/31/2017", None, dt.date(2017, 12, 31)),  # month first, as before
    ("09/07/25", None, dt.date(2025, 9, 7)),  # a two-digit year; month first when nothing says otherwise
    ("09/07/25", True, dt.date(2025, 7, 9)),
    ("09/07/25", False, dt.date(2025, 9, 7)),
    ("23/07/25", None, dt.date(2025, 7, 23)),  # 23 cannot be a month
    ("23/07/2025 10:30", None, dt.date(2025, 7, 23)),
    ("1/2/99", None, dt.date(1999, 1, 2)),  # strptime's %y: 69-99 in the 1900s
    ("13/14/2020", None, None), ("07/23/2025", True, None),  # no month 13, 14 or 23
    ("2018/01/04", True, dt.date(2018, 1, 4)), ("1/2/3/2020", None, None),
])  # fmt: skip
def test_a_slashed_date_puts_its_day_first_where_its_table_or_its_numbers_say_so(
    value: str, day_first: bool | None, expected: dt.date | None
) -> None:
    published = parse_published(value, day_first)
    assert (published.date() if published is not None else None) == expected


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 13), st.integers(0, 32), st.integers(1000, 9999),
       st.sampled_from(["", " 18:30", " 18:30:05", "\t9:5", " 25:00", "x"]), st.booleans())
def test_a_month_first_slashed_date_reads_as_strptime_reads_it_and_day_first_the_same_swapped(
    month: int, day: int, year: int, rest: str, zero: bool
) -> None:
    """Month first (the order every such date was read in before a table could say otherwise), a slashed date
    reads as the written forms always read it; day first, as its swap does."""
    field = "{:02d}" if zero else "{}"
    month_first = f"{field.format(month)}/{field.format(day)}/{year}{rest}"
    day_first = f"{field.format(day)}/{field.format(month)}/{year}{rest}"
    assert parse_published(month_first, False) == every_form_tried(month_first)
    assert parse_published(day_first, True) == every_form_tried(month_first)
    if month <= 12:
        assert parse_published(month_first) == every_form_tried(month_first)


def test_a_table_s_slashed_dates_say_which_comes_first() -> None:
    assert day_first_order(["09/07/25", "23/07/25", "2018-01-04", None, 5]) is True
    assert day_first_order(["12/31/2017", "1/2/2018"]) is False
    assert day_first_order(["1/2/2018", "2018-01-04", ""]) is None  # nothing says
    assert day_first_order(["23/07/25", "07/23/25"]) is None  # they disagree: each read on its own


@pytest.fixture
def memory_root() -> Iterator[str]:
    """A folder of its own on fsspec's in-memory filesystem, removed afterwards."""
    root = f"memory://tests-{uuid.uuid4().hex}"
    yield root
    fs = fsspec.filesystem("memory")
    if fs.exists(root):
        fs.rm(root, recursive=True)


def test_remote_tables_and_a_glob_of_remote_archives(tmp_path: Path, memory_root: str) -> None:
    fs = fsspec.filesystem("memory")
    fs.pipe(f"{memory_root}/data/news.csv.gz", gzip.compress(b"id,text\nk1,Remote words.\n"))
    pages = golden_pages()
    for number in range(2):
        local = tmp_path / f"c{number}.warc.gz"
        write_warc(local, pages[number * 3:number * 3 + 3])
        fs.pipe(f"{memory_root}/crawl/c{number}.warc.gz", local.read_bytes())
    fs.pipe(f"{memory_root}/crawl/readme.txt", b"not an archive")
    table = list(read_documents(f"{memory_root}/data/news.csv.gz"))
    assert [(d.source, d.data) for d in table if isinstance(d, Document)] == [("news.csv.gz#k1", b"Remote words.")]
    archives = list(read_documents(f"{memory_root}/crawl/*"))
    assert [d.source for d in archives if isinstance(d, Document)] == [
        f"https://news.example/{name}" for name, _ in pages[:6]]
    assert not [d for d in archives if isinstance(d, FileOutcome)]


def test_remote_parquet_parts_by_row_group(tmp_path: Path, memory_root: str) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq

    sink = pa.BufferOutputStream()
    pq.write_table(pa.table({"text": [f"t{i}" for i in range(10)]}), sink, row_group_size=4)
    fsspec.filesystem("memory").pipe(f"{memory_root}/t.parquet", sink.getvalue().to_pybytes())
    parts = partitions(f"{memory_root}/t.parquet")
    assert [p.first_row for p in parts] == [1, 5, 9]
    assert [d.source for p in parts for d in read_part(p)] == [f"t.parquet#{i}" for i in range(1, 11)]


def test_a_glob_that_matches_nothing_says_so_and_brackets_in_a_name_are_a_name(tmp_path: Path) -> None:
    (tmp_path / "news[1].csv").write_bytes(b"text\nBracketed.\n")
    [outcome] = read_documents(str(tmp_path / "*.parquet"))
    assert isinstance(outcome, FileOutcome)
    assert outcome.reason == "no file matches this pattern"
    [doc] = read_documents(str(tmp_path / "news[1].csv"))
    assert isinstance(doc, Document)
    assert doc.source == "news[1].csv#1"
    assert [d.source for d in read_documents(str(tmp_path / "news*.csv"))] == ["news[1].csv#1"]


def test_a_remote_path_without_fsspec_is_a_reason(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "fsspec", None)
    monkeypatch.setitem(sys.modules, "fsspec.core", None)
    [outcome] = read_documents("s3://bucket/news.csv")
    assert isinstance(outcome, FileOutcome)
    assert outcome.reason == "reading s3:// paths needs fsspec: pip install 'reactions[remote]'"
    [listed] = read_documents("s3://bucket/*.warc.gz")
    assert isinstance(listed, FileOutcome)
    assert "reactions[remote]" in (listed.reason or "")


def test_an_unknown_remote_protocol_is_a_reason() -> None:
    [outcome] = read_documents("nosuchprotocol://bucket/news.csv")
    assert isinstance(outcome, FileOutcome)
    assert (outcome.reason or "").startswith("cannot open nosuchprotocol:// paths")


NAMES = ["t.csv", "t.tsv.gz", "t.jsonl", "t.jsonl.zst", "t.json", "t.json.gz", "t.parquet", "t.parquet.gz",
         "c.warc", "c.warc.gz", "o.arc", "o.arc.gz", "news content.json"]
PREFIXES = [b"", b"\x1f\x8b\x08\x00", b"\x28\xb5\x2f\xfd", b"WARC/1.0\r\n", b"PAR1", b'[{"text": ', b"text,id\n",
            b'{"text": "a"}\n', b"filedesc://x 0.0.0.0 20240101000000 text/plain 5\n"]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(NAMES), prefix=st.sampled_from(PREFIXES), body=st.binary(max_size=600))
def test_no_reader_raises_on_any_bytes(name: str, prefix: bytes, body: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / ("id7" if name == "news content.json" else "") / name
        path.parent.mkdir(exist_ok=True)
        path.write_bytes(prefix + body)
        items = list(read_documents(str(path), SourceOptions(max_bytes=10_000)))
    assert all(isinstance(i, Document | FileOutcome) for i in items)
    assert all(i.reason for i in items if isinstance(i, FileOutcome))


def test_the_sources_benchmark_runs_on_small_files(capsys: pytest.CaptureFixture[str]) -> None:
    from benchmark_loader import load_benchmark

    bench = load_benchmark("bench_sources")
    assert bench.main(["--records", "12", "--rows", "30", "--page-kb", "4", "--row-kb", "1", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    rows = [line.split() for line in lines[1:]]
    assert [row[0] for row in rows] == ["crawl.warc.gz", "crawl.warc.gz", "news.csv", "news.csv.gz", "news.jsonl",
                                        "news.jsonl.gz", "news.parquet"]
    assert rows[1][1:3] == ["(digests", "unchecked)"]
    assert [rows[0][2], rows[1][4]] == ["12", "12"]
    assert [row[2] for row in rows[2:]] == ["30"] * 5


# --- One link rule for every kind of file ------------------------------------------------------------------------

GOOD_ARTICLE = 'Fans wrote back. "Great game!" \u2014 Fan (@fan) January 1, 2020\n'


def linked_corpus(tmp_path: Path) -> Path:
    """A corpus of one article and links to a table, a JSONL file, a web archive and a TSV outside it."""
    corpus, elsewhere = tmp_path / "corpus", tmp_path / "elsewhere"
    corpus.mkdir()
    elsewhere.mkdir()
    (corpus / "good.txt").write_text(GOOD_ARTICLE)
    other = 'Readers wrote too. "What a night!" — Other (@other) January 2, 2020'
    third = 'A third one. "Never again." — Third (@third) January 3, 2020\n'
    (elsewhere / "rows.csv").write_text(f"text\n{other}\n")
    (elsewhere / "rows.jsonl").write_text(json.dumps({"text": third}) + "\n")
    (elsewhere / "passwd").write_text("root:x:0:0:root:/root:/bin/bash\n")
    write_warc(elsewhere / "crawl.warc.gz", golden_pages()[:1])
    for name, target in (("rows.csv", "rows.csv"), ("rows.jsonl", "rows.jsonl"), ("crawl.warc.gz", "crawl.warc.gz"),
                         ("pw.tsv", "passwd")):  # fmt: skip
        (corpus / name).symlink_to(elsewhere / target)
    return corpus


def test_a_dataset_or_archive_linked_from_outside_is_refused_as_an_article_is(tmp_path: Path) -> None:
    from reactions.run.pipeline import extract_frame

    corpus = linked_corpus(tmp_path)
    result = extract_frame([corpus], jobs=1, cache=False)
    refused = {o.path.rsplit("/", 1)[-1]: o.reason for o in result.outcomes if o.status is Status.SKIPPED}
    assert sorted(refused) == ["crawl.warc.gz", "pw.tsv", "rows.csv", "rows.jsonl"]
    assert all("outside the corpus folder" in str(why) and "--follow-links" in str(why) for why in refused.values())
    assert not any("root:x" in str(o.reason) for o in result.outcomes)
    assert set(result.frame["handle"]) == {"fan"}
    followed = extract_frame([corpus], jobs=1, cache=False, sources=SourceOptions(follow_links=True))
    read = {o.path.rsplit("/", 1)[-1] for o in followed.outcomes if o.status is Status.PARSED}
    assert read == {"good.txt", "rows.csv", "rows.jsonl", "crawl.warc.gz"}
    assert {"fan", "third"} <= set(followed.frame["handle"])
    assert not any("root:x" in str(o.reason) for o in followed.outcomes)  # read, and still not quoted


def test_a_link_inside_the_corpus_is_read(tmp_path: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "real.jsonl").write_text(json.dumps({"text": GOOD_ARTICLE}) + "\n")
    (corpus / "alias.jsonl").symlink_to(corpus / "real.jsonl")
    assert [d.data for d in read_documents(str(corpus / "alias.jsonl"))] == [GOOD_ARTICLE.encode()]


def test_the_command_lines_size_and_link_options_reach_datasets() -> None:
    from reactions.cli import build_parser
    from reactions.cli_options import source_options

    args = build_parser().parse_args(["extract", "x.csv", "--max-file-size", "0.5", "--follow-links"])
    assert source_options(args) == SourceOptions(max_bytes=2**19, follow_links=True)
    assert source_options(build_parser().parse_args(["extract", "x.csv"])) == SourceOptions()


def test_a_fakenewsnet_file_is_read_without_a_link_check_unless_it_is_a_link(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The link rule holds for FakeNewsNet files (a link out of the corpus refused, one inside read), but a file that
    is no link is opened without following one (``O_NOFOLLOW``) instead of an ``lstat`` of each of them first."""
    import reactions.sources as sources

    corpus, outside = tmp_path / "corpus", tmp_path / "outside"
    plain = [write_fakenewsnet(corpus, f"gossipcop-{n}", {"text": f"Words {n}."}) for n in range(3)]
    secret = write_fakenewsnet(outside, "gossipcop-9", {"text": "root:x:0:0"})
    for name, target in (("gossipcop-out", secret), ("gossipcop-in", plain[0])):
        (corpus / "politifact" / "fake" / name).mkdir()
        (corpus / "politifact" / "fake" / name / "news content.json").symlink_to(target)
    checked: list[str] = []
    check = sources.check_link
    monkeypatch.setattr(sources, "check_link", lambda path, source: checked.append(source) or check(path, source))
    read = {}
    for path in sorted((corpus / "politifact" / "fake").glob("*/news content.json")):
        name = path.parent.name + "/news content.json"
        [read[path.parent.name]] = read_part(Part(str(path), name, "fakenewsnet", "fakenewsnet"))
    assert sorted(checked) == ["gossipcop-in/news content.json", "gossipcop-out/news content.json"]
    assert [read[f"gossipcop-{n}"].data for n in range(3)] == [b"Words 0.", b"Words 1.", b"Words 2."]
    assert read["gossipcop-in"].data == b"Words 0."
    assert "outside the corpus folder" in str(read["gossipcop-out"].reason)
    assert "root:x" not in str(read["gossipcop-out"].reason)


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(), st.text(st.characters(categories=("Cs", "Zs", "Ll")))))
def test_a_cell_read_as_text_keeps_the_string_its_bytes_decode_to(value: str) -> None:
    cell = text_cell(value)
    data = text_bytes(value)
    assert (cell[0] if cell is not None else None) == data
    if cell is not None and cell[1] is not None:
        assert cell[1] is value
        assert cell[0].decode("utf-8") == value
    elif cell is not None:
        assert any("\ud800" <= ch <= "\udfff" for ch in value)  # a lone surrogate: its bytes decode to another text


def test_a_fakenewsnet_document_keeps_its_text_but_not_across_processes(tmp_path: Path) -> None:
    path = write_fakenewsnet(tmp_path, "politifact1", {"text": "Fans wrote \u201cback\u201d.", "title": "A title"})
    [document] = read_documents(str(path))
    assert isinstance(document, Document)
    assert document.text == "Fans wrote \u201cback\u201d."
    assert document.data.decode("utf-8") == document.text
    travelled = pickle.loads(pickle.dumps(document))
    assert travelled == document
    assert travelled.text is None
    assert travelled.data == document.data


def test_a_document_s_notes_travel_to_another_process() -> None:
    document = Document("x.csv#1", b"Words.", place="row 1", notes=("the date column's date is unread",))
    travelled = pickle.loads(pickle.dumps(document))
    assert travelled == document
    assert travelled.notes == document.notes
