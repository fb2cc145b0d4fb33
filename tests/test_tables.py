"""Datasets of articles, one a row: every format and compression, columns by name, bad rows and broken files."""

from __future__ import annotations

import datetime as dt
import gzip
import io
import itertools
import json
import pickle
import subprocess
import sys
import tracemalloc
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.models import Document, FileOutcome, Status
from reactions.sources import SourceOptions, partitions, read_documents, read_part
from reactions.sources.columns import find_columns
from reactions.sources.jsonarray import iter_array
from reactions.sources.streams import CutStream, Gunzip, Utf8

ROWS = [
    {"id": "n1", "title": "Fans react", "text": "Line one.\nLine \"two\", with a comma.", "date": "2017-12-31",
     "url": "https://news.example/1"},
    {"id": "n2", "title": "Café owners", "text": "<html><body><p>Déjà vu — HTML in a cell</p></body></html>",
     "date": "December 31, 2017", "url": "https://news.example/2"},
    {"id": "n3", "title": "Empty", "text": "", "date": "", "url": ""},
    {"id": "n4", "title": "Tabs\tand emoji", "text": "A post 🎉 with\ttab and \"quotes\"", "date": "1514764800",
     "url": "https://news.example/4"},
    {"id": "n5", "title": "Bad date", "text": "Last one.", "date": "sometime soon", "url": "https://news.example/5"},
]
DATES = [dt.datetime(2017, 12, 31, tzinfo=dt.UTC), dt.datetime(2017, 12, 31, tzinfo=dt.UTC), None,
         dt.datetime(2018, 1, 1, tzinfo=dt.UTC), None]


def table_bytes(fmt: str, rows: list[dict[str, str]], row_group_size: int = 2) -> bytes:
    """``rows`` written as a ``fmt`` table."""
    frame = pd.DataFrame(rows)
    if fmt in ("csv", "tsv"):
        return frame.to_csv(index=False, sep="\t" if fmt == "tsv" else ",").encode("utf-8")
    if fmt == "jsonl":
        return "".join(json.dumps(r) + "\n" for r in rows).encode("utf-8")
    if fmt == "json":
        return json.dumps(rows, indent=1).encode("utf-8")
    sink = io.BytesIO()
    pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), sink, row_group_size=row_group_size)
    return sink.getvalue()


def compressed(data: bytes, codec: str) -> bytes:
    if codec == "gz":
        return gzip.compress(data)
    if codec == "zst":
        sink = pa.BufferOutputStream()
        with pa.CompressedOutputStream(sink, "zstd") as out:
            out.write(data)
        return bytes(sink.getvalue().to_pybytes())
    return data


def write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def documents(items: list[Document | FileOutcome]) -> list[Document]:
    return [i for i in items if isinstance(i, Document)]


def reasons(items: list[Document | FileOutcome]) -> list[str]:
    return [i.reason or "" for i in items if isinstance(i, FileOutcome)]


FORMATS = ["csv", "tsv", "jsonl", "json", "parquet"]


@pytest.mark.parametrize("codec", ["", "gz", "zst"])
@pytest.mark.parametrize("fmt", FORMATS)
def test_every_format_gives_each_row_with_its_metadata(tmp_path: Path, fmt: str, codec: str) -> None:
    name = f"news.{fmt}" + (f".{codec}" if codec else "")
    path = write(tmp_path, name, compressed(table_bytes(fmt, ROWS), codec))
    items = list(read_documents(path))
    kept = [(r, d) for r, d in zip(ROWS, DATES, strict=True) if r["text"]]
    assert [(d.source, d.data, d.title, d.url, d.published) for d in documents(items)] == [
        (f"{name}#{r['id']}", r["text"].encode("utf-8"), r["title"], r["url"], date) for r, date in kept
    ]
    assert reasons(items) == ["row 3 (id n3): the 'text' column is empty"]
    assert all(o.path == name and o.status is Status.SKIPPED for o in items if isinstance(o, FileOutcome))
    unread = "the 'date' column's date is in no form this reader knows: the article has no date"
    assert [d.notes for d in documents(items)] == [(), (), (), (unread,)]  # n5's "sometime soon"


@pytest.mark.parametrize("fmt", FORMATS)
def test_rows_are_numbered_from_one_without_an_id_column(tmp_path: Path, fmt: str) -> None:
    rows = [{"content": text} for text in ("first", "second", "third")]
    path = write(tmp_path, f"t.{fmt}", table_bytes(fmt, rows))
    assert [d.source for d in documents(list(read_documents(path, name="corpus/t")))] == [
        "corpus/t#1", "corpus/t#2", "corpus/t#3"]


@pytest.mark.parametrize(("columns", "expected"), [
    (["title", "text", "subject", "date"], ("text", None, "title", "date", None)),  # ISOT
    (["id", "date", "source", "title", "content", "author", "url"], ("content", "id", "title", "date", "url")),
    (["authors", "date_publish", "description", "maintext", "text", "title", "url"],  # news-please
     ("maintext", None, "title", "date_publish", "url")),
    (["news_id", "news_url", "title", "text", "publish_date"],  # a FakeNewsNet table
     ("text", "news_id", "title", "publish_date", "news_url")),
    (["Article ID", "Headline", "Full Text", "Published At", "Link"],
     ("Full Text", "Article ID", "Headline", "Published At", "Link")),
])
def test_columns_are_found_by_name_as_real_datasets_spell_them(
        columns: list[str], expected: tuple[str | None, ...]) -> None:
    found = find_columns(columns, SourceOptions())
    assert not isinstance(found, str)
    assert (found.text, found.id, found.title, found.date, found.url) == expected


def test_columns_given_by_the_caller_win(tmp_path: Path) -> None:
    rows = [{"text": "not this", "summary": "this one", "key": "k9", "when": "2020-05-01T10:00:00+02:00"}]
    path = write(tmp_path, "t.csv", table_bytes("csv", rows))
    options = SourceOptions(text_col="SUMMARY", id_col="key", date_col="when")
    [doc] = documents(list(read_documents(path, options)))
    assert (doc.source, doc.data, doc.published) == ("t.csv#k9", b"this one", dt.datetime(2020, 5, 1, 8, tzinfo=dt.UTC))


def test_a_named_column_the_table_lacks_is_one_reason(tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", table_bytes("csv", ROWS))
    items = list(read_documents(path, SourceOptions(date_col="published")))
    assert len(items) == 1
    assert reasons(items)[0].startswith("no column 'published' (the table has columns id, title, text, date, url)")


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_table_without_a_text_column_is_one_outcome_naming_its_columns(tmp_path: Path, fmt: str) -> None:
    rows = [{"id": str(i), "news_url": f"https://x/{i}", "tweet_ids": "1\t2"} for i in range(5)]  # FakeNewsNet CSV
    path = write(tmp_path, f"politifact_fake.{fmt}", table_bytes(fmt, rows))
    items = list(read_documents(path))
    assert len(items) == 1
    assert "no text column" in reasons(items)[0]
    assert "the table has columns id, news_url, tweet_ids" in reasons(items)[0]


def test_a_json_lines_numbers_are_read_as_json_reads_them(tmp_path: Path) -> None:
    """orjson reads the lines, but an integer past 64 bits in a cell read is read as :mod:`json` reads it, and
    what orjson refuses (NaN, a lone surrogate escape) is read by :mod:`json`."""
    lines = [b'{"text": "one", "id": 123456789012345678901234567890}',
             b'{"text": "two", "id": "\\ud800", "n": NaN}', b'{"text": "three", "id": -5, "x": 1e400}']
    path = write(tmp_path, "t.jsonl", b"\n".join(lines))
    assert [d.source for d in documents(list(read_documents(path)))] == [
        "t.jsonl#123456789012345678901234567890", "t.jsonl#?", "t.jsonl#-5"]


def test_a_broken_json_line_is_one_outcome_and_the_other_lines_are_read(tmp_path: Path) -> None:
    lines = [json.dumps({"text": "one"}), '{"text": "two", oops}', "", json.dumps({"text": "three"}), "[1, 2]"]
    path = write(tmp_path, "t.jsonl", "\n".join(lines).encode())
    items = list(read_documents(path))
    assert [d.source for d in documents(items)] == ["t.jsonl#1", "t.jsonl#4"]
    assert [r.split(" (")[0] for r in reasons(items)] == ["line 2: not valid JSON", "line 5: not a JSON object"]


@pytest.mark.parametrize("fmt", ["csv", "tsv", "jsonl", "json"])
def test_a_truncated_gzip_member_keeps_the_rows_before_it(tmp_path: Path, fmt: str) -> None:
    rows = [{"id": str(i), "text": f"Article {i}.\nIts \"second\" line " + "words " * 40} for i in range(400)]
    whole = gzip.compress(table_bytes(fmt, rows))
    path = write(tmp_path, f"t.{fmt}.gz", whole[: len(whole) * 2 // 3])
    items = list(read_documents(path))
    docs = documents(items)
    assert 100 < len(docs) < 400
    assert [d.data for d in docs] == [r["text"].encode() for r in rows[: len(docs)]]
    assert "the compressed stream is truncated" in reasons(items)[-1]
    assert items[-1] is not docs[-1]


def test_binary_junk_named_csv_is_reported_and_nothing_raises(tmp_path: Path) -> None:
    junk = bytes(range(256)) * 40 + b"\x00\xff\n\r\"" * 100
    items = list(read_documents(write(tmp_path, "junk.csv", junk)))
    assert not documents(items)
    assert len(items) >= 1
    assert all(r for r in reasons(items))


def test_an_empty_file_and_a_missing_file_are_reasons(tmp_path: Path) -> None:
    empty = list(read_documents(write(tmp_path, "empty.csv", b"")))
    missing = list(read_documents(str(tmp_path / "missing.jsonl")))
    assert len(empty) == 1
    assert "an empty table" in reasons(empty)[0]
    assert reasons(missing) == ["cannot be read: no such file or folder"]


def test_a_multi_row_group_parquet_reads_the_same_whole_or_by_parts(tmp_path: Path) -> None:
    rows = [{"id": f"r{i}", "text": f"text {i}", "date": str(1_500_000_000 + i)} for i in range(23)]
    path = write(tmp_path, "t.parquet", table_bytes("parquet", rows, row_group_size=5))
    parts = partitions(path)
    assert [(p.index, p.first_row) for p in parts] == [(0, 1), (1, 6), (2, 11), (3, 16), (4, 21)]
    by_parts = [item for part in parts for item in read_part(pickle.loads(pickle.dumps(part)))]
    assert by_parts == list(read_documents(path))
    assert [d.source for d in documents(by_parts)] == [f"t.parquet#r{i}" for i in range(23)]


def test_a_large_jsonl_file_splits_at_line_starts_and_reads_the_same(tmp_path: Path) -> None:
    rows = [{"text": f"article {i} " + "x" * (i % 37)} for i in range(300)]
    data = table_bytes("jsonl", rows).replace(b'\n{"text": "article 7', b'\n\n{"text": "article 7')
    path = write(tmp_path, "big.jsonl", data)
    options = SourceOptions(part_bytes=1000)
    parts = partitions(path, options)
    assert len(parts) > 5
    assert all(p.start == 0 or data[p.start - 1:p.start] == b"\n" for p in parts)
    assert [p.stop for p in parts[:-1]] == [p.start for p in parts[1:]]
    assert [(p.first_row - 1) for p in parts] == [data.count(b"\n", 0, p.start) for p in parts]
    split = [i for p in parts for i in read_part(p, options)]
    assert split == list(read_documents(path))
    assert len(documents(split)) == 300


def test_a_csv_keeps_bytes_that_are_not_utf8_for_the_decoder(tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", "text,title\n\"caf\xe9 \xab\nquoted\xbb\",Caf\xe9\n".encode("cp1252"))
    [doc] = documents(list(read_documents(path)))
    assert doc.data == "caf\xe9 \xab\nquoted\xbb".encode("cp1252")
    assert doc.title == "Caf\ufffd"


def test_a_csv_line_with_too_many_fields_is_named_and_the_rest_read(tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", b"text,title\none,a\ntwo,b,extra\nthree,c\n")
    items = list(read_documents(path))
    assert [d.data for d in documents(items)] == [b"one", b"three"]
    assert reasons(items) == ["line 3: expected 2 fields, saw 3: the line is skipped"]


def test_an_article_over_the_limit_is_skipped_with_its_size(tmp_path: Path) -> None:
    path = write(tmp_path, "t.jsonl", table_bytes("jsonl", [{"text": "x" * 500}, {"text": "short"}]))
    items = list(read_documents(path, SourceOptions(max_bytes=100)))
    assert [d.data for d in documents(items)] == [b"short"]
    assert reasons(items) == ["row 1: the article is 500 bytes, over the 100 limit"]


def test_json_cells_that_are_lists_numbers_or_null(tmp_path: Path) -> None:
    rows = [{"text": ["Para one.", "Para two."], "title": 42}, {"text": None}, {"text": 3.5}]
    path = write(tmp_path, "t.json", json.dumps(rows).encode())
    items = list(read_documents(path))
    assert [(d.data, d.title) for d in documents(items)] == [(b"Para one.\n\nPara two.", "42"), (b"3.5", None)]
    assert reasons(items) == ["row 2: the 'text' column is empty"]


def test_a_json_array_is_read_element_by_element_across_small_blocks() -> None:
    rows = [{"text": f"élément {i} " + "\\u00e9" * (i % 50), "n": i} for i in range(200)]
    data = json.dumps(rows).encode("utf-8")
    got = list(iter_array(io.BytesIO(data), block=7))
    assert got == list(enumerate(rows, 1))


@pytest.mark.parametrize(("data", "expected"), [
    (b'{"text": "one object"}', [(1, {"text": "one object"})]),
    (b"[]", []),
    (b'"a string"', [(0, "not a JSON array of objects")]),
    (b'[{"text": "a"} {"text": "b"}]',
     [(1, {"text": "a"}), (2, "not valid JSON: expected ',' or ']' between elements")]),
    (b'[{"text": "a"}, {"text": tru}]',
     [(1, {"text": "a"}), (2, "not valid JSON (Expecting value, character 10 of the element)")]),
])
def test_json_array_shapes_and_breaks(data: bytes, expected: list[tuple[int, object]]) -> None:
    assert list(iter_array(io.BytesIO(data))) == expected


def test_cut_stream_gives_whole_csv_records_before_the_break() -> None:
    class Breaks:
        def __init__(self) -> None:
            self.blocks = [b'a,"b\nc",d\ne,f', b'\ng,"h\n', b"i"]

        def read(self, size: int = -1) -> bytes:
            if not self.blocks:
                raise OSError("Truncated compressed stream")
            return self.blocks.pop(0)

        def close(self) -> None:
            pass

    cut = CutStream(Breaks(), "csv", block=4)
    assert io.BufferedReader(cut).read() == b'a,"b\nc",d\ne,f\n'
    assert cut.error == "the compressed stream is truncated (Truncated compressed stream)"


def test_an_arrow_error_of_the_inner_stream_ends_the_cut_stream_with_its_reason() -> None:
    """A zstd stream is pyarrow's (loaded with the first zstd file): its errors, not all of them ``OSError`` or
    ``ValueError``, end the stream as a decompressor's do."""

    class Fails:
        def read(self, size: int = -1) -> bytes:
            raise pa.ArrowNotImplementedError("no such frame")

        def close(self) -> None:
            pass

    assert not issubclass(pa.ArrowNotImplementedError, (OSError, ValueError))
    cut = CutStream(Fails(), "csv", block=4)
    assert io.BufferedReader(cut).read() == b""
    assert cut.error == "the stream cannot be decompressed (no such frame)"


def test_gunzip_reads_several_members_and_says_where_one_is_cut() -> None:
    second = "".join(f"two {i * 7919 % 1000}\n" for i in range(1000)).encode()
    data = gzip.compress(b"one\n") + gzip.compress(second)
    assert io.BufferedReader(Gunzip(io.BytesIO(data), block=5)).read() == b"one\n" + second
    cut = Gunzip(io.BytesIO(data[:-200]), block=5)
    got = bytearray()

    def read_all() -> None:
        while chunk := cut.read(3):
            got.extend(chunk)

    with pytest.raises(EOFError, match="ends inside a member"):
        read_all()
    assert len(got) > 1000
    assert second.startswith(bytes(got)[4:])


# --- Bombs: bounded by the bytes produced -------------------------------------------------------------------------

SMALL = SourceOptions(max_bytes=1000)
"""A row cap of a few tens of KB (reactions.sources.tables.row_cap), so that a bomb shaped like the audit's
(a gigabyte of NUL, one line of a gigabyte) is a few MB here."""


class Zeros:
    """``size`` bytes of ``unit`` given a block at a time without ever being held, counting what was taken."""

    def __init__(self, size: int, unit: bytes = b"\0", tail: bytes = b"") -> None:
        self.left, self.block, self.tail, self.taken = size, unit * (1 << 16), tail, 0

    def read(self, size: int = -1) -> bytes:
        if self.left <= 0:
            data, self.tail = self.tail, b""
        else:
            data = self.block[: min(size, self.left, len(self.block))]
            self.left -= len(data)
        self.taken += len(data)
        return data

    def close(self) -> None:
        pass


def test_a_line_without_end_is_left_after_a_few_caps_counted_in_bytes_produced() -> None:
    zeros = Zeros(64 << 20)  # 64 MB of NUL and no line end: the audit's 1 GiB .csv.gz, inflated
    cut = CutStream(zeros, "csv", block=4096, max_line=10_000)
    assert io.BufferedReader(cut).read() == b""
    assert zeros.taken <= 4 * 10_000 + 2 * 4096  # 4 caps and a block, not 64 MB
    assert cut.notes == ["line 1: more than 40,960 bytes without a line end (a compression bomb?): "
                         "the rest of the file is not read"]


def test_a_line_over_the_cap_is_skipped_without_being_held_and_the_next_line_read() -> None:
    lines = Zeros(30_000, b"a", tail=b'\nnext,"x\ny"\n')
    cut = CutStream(lines, "csv", block=4096, max_line=10_000, first_line=1)
    assert io.BufferedReader(cut).read() == b'\nnext,"x\ny"\n'  # an empty line stands for it: lines keep numbers
    assert cut.notes == ["line 1: 30,001 bytes, longer than the 10,000 bytes a row may take: skipped"]


@pytest.mark.parametrize("codec", ["gz", "zst"])
def test_one_enormous_jsonl_line_costs_no_more_memory_than_the_cap(tmp_path: Path, codec: str) -> None:
    good = json.dumps({"text": "After the bomb. \"Hi\" — A (@a) May 1, 2020"}).encode()
    data = b'{"text": "' + b"a" * (10 << 20) + b'"}\n' + good + b"\n"
    path = write(tmp_path, f"bomb.jsonl.{codec}", compressed(data, codec))
    del data
    tracemalloc.start()
    try:
        items = list(read_documents(path, SourceOptions(max_bytes=1_000_000)))  # a row cap of 3 MB
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert [d.source for d in items if isinstance(d, Document)] == [f"bomb.jsonl.{codec}#2"]
    assert reasons(items) == ["line 1: 10 MB, longer than the 3 MB a row may take: skipped"]
    assert peak < 10 << 20  # the line was 10 MB: held, then decoded, it took over 20


def test_a_csv_gz_of_nul_is_one_named_outcome(tmp_path: Path) -> None:
    path = write(tmp_path, "nul.csv.gz", gzip.compress(bytes(8 << 20)))
    items = list(read_documents(path, SMALL))
    assert [(o.path, o.reason) for o in items if isinstance(o, FileOutcome)] == [
        ("nul.csv.gz", "line 1: more than 327,680 bytes without a line end (a compression bomb?): "
                       "the rest of the file is not read")]


def test_gunzip_inflates_one_block_at_a_time() -> None:
    zeros = gzip.compress(bytes(32 << 20))
    stream = Gunzip(io.BytesIO(zeros), block=1 << 16)
    assert len(stream.read(1 << 20)) <= 1 << 16  # not the 32 MB its first read of compressed bytes holds


def test_a_json_array_element_over_the_cap_ends_the_array_with_a_reason() -> None:
    data = b'[{"text": "a"}, {"text": "' + b"b" * 200_000 + b'"}, {"text": "c"}]'
    got = list(iter_array(io.BytesIO(data), block=4096, limit=10_000))
    assert got == [(1, {"text": "a"}), (2, "longer than 10,000 characters: the rest of the array is not read")]


def test_an_element_nested_too_deeply_is_skipped_and_the_array_goes_on() -> None:
    deep = b"[" * 100_000 + b"]" * 100_000
    data = b'[{"text": "a"}, {"x": ' + deep + b', "s": "]\\"["}, {"text": "b"}]'
    assert list(iter_array(io.BytesIO(data), block=4096)) == [
        (1, {"text": "a"}), (2, "nested too deeply: skipped"), (3, {"text": "b"})]


@pytest.mark.parametrize(("name", "data"), [
    ("utf16.csv", "text,title\nCafé déjà vu,One\nSecond row,Two\n".encode("utf-16")),
    ("utf16be.tsv", "\ufefftext\ttitle\nCafé déjà vu\tOne\nSecond row\tTwo\n".encode("utf-16-be")),
    ("bom.jsonl", b"\xef\xbb\xbf" + "".join(json.dumps({"text": t, "title": n}) + "\n" for t, n in (
        ("Café déjà vu", "One"), ("Second row", "Two"))).encode()),
    ("bom.csv.gz", gzip.compress(b"\xef\xbb\xbftext,title\nCaf\xc3\xa9 d\xc3\xa9j\xc3\xa0 vu,One\nSecond row,Two\n",
                                 mtime=0)),  # the same bytes, so the same test ids, in every xdist worker
], ids=lambda value: value if isinstance(value, str) else "")  # fmt: skip
def test_datasets_decode_as_articles_do_byte_order_marks_and_utf16(tmp_path: Path, name: str, data: bytes) -> None:
    items = list(read_documents(write(tmp_path, name, data)))
    assert [(d.data.decode(), d.title) for d in items if isinstance(d, Document)] == [
        ("Café déjà vu", "One"), ("Second row", "Two")]
    assert reasons(items) == []


def test_the_row_limit_is_the_callers(tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", b"text\n" + b"x" * 2000 + b"\nshort\n")
    items = list(read_documents(path, SourceOptions(max_bytes=1000)))
    assert [d.data for d in items if isinstance(d, Document)] == [b"short"]
    assert reasons(items) == ["row 1: the article is 2,000 bytes, over the 1,000 limit"]


def test_many_rows_with_one_problem_are_a_few_lines_and_a_count(tmp_path: Path) -> None:
    path = write(tmp_path, "t.csv", b"id,text\n" + b"".join(b"%d,\n" % i for i in range(1000)) + b"9,fine\n")
    items = list(read_documents(path))
    assert [d.data for d in items if isinstance(d, Document)] == [b"fine"]
    assert reasons(items) == [
        "row 1 (id 0): the 'text' column is empty", "row 2 (id 1): the 'text' column is empty",
        "row 3 (id 2): the 'text' column is empty",
        "997 more with the same problem, from row 4 on: the 'text' column is empty"]


def test_a_warning_names_columns_only_when_they_look_like_names(tmp_path: Path) -> None:
    passwd = write(tmp_path, "passwd.csv", b"root:x:0:0:root:/root:/bin/bash\ndaemon:x:1:1::/:/bin/sh\n")
    (reason,) = reasons(list(read_documents(passwd)))
    assert "root" not in reason
    assert reason == "no text column (looked for text, content, body, ...; the table has 1 column, none named like " \
                     "a text column)"


def test_a_compressed_parquet_that_inflates_past_its_ratio_is_not_spooled(tmp_path: Path) -> None:
    path = write(tmp_path, "bomb.parquet.gz", gzip.compress(bytes(80 << 20)))
    assert reasons(list(read_documents(path))) == [
        "cannot be read: it inflates to more than 66 MB, over 20 times its size (a compression bomb?): not read"]


@given(st.text(alphabet='a,"\n', max_size=300), st.integers(1, 17))
def test_cut_stream_gives_every_byte_of_a_stream_that_does_not_break(text: str, block: int) -> None:
    data = text.encode()
    for cap in (0, 10_000):
        cut = CutStream(io.BytesIO(data), "csv", block=block, max_line=cap)
        got = io.BufferedReader(cut).read()
        assert got == data
        assert cut.notes == []


class Pieces:
    """``data`` given at most ``piece`` bytes a read, whatever was asked (as a decompressor does)."""

    def __init__(self, data: bytes, piece: int) -> None:
        self.data, self.piece = data, piece

    def read(self, size: int = -1) -> bytes:
        taken = self.data[: min(self.piece, size if size >= 0 else len(self.data))]
        self.data = self.data[len(taken):]
        return taken

    def close(self) -> None:
        pass


def read_in_turns(stream: io.RawIOBase, sizes: list[int], most: int | None = None) -> bytes:
    """Everything ``stream`` gives, read ``sizes`` in turn, each read checked to give at most its size (and
    ``most``)."""
    got: list[bytes] = []
    for size in itertools.cycle(sizes):
        taken = stream.read(size)
        assert len(taken) <= min(size, most or size)
        if not taken:
            break
        got.append(taken)
    return b"".join(got)


@given(st.lists(st.binary(max_size=300), min_size=1, max_size=3), st.integers(1, 9), st.integers(1, 64),
       st.lists(st.integers(1, 100), min_size=1, max_size=5))
def test_gunzip_gives_every_member_s_bytes_whatever_the_read_sizes(
    members: list[bytes], piece: int, block: int, sizes: list[int]
) -> None:
    """Gunzip.read hands a step's output over without a copy: the same bytes, at most ``size`` a read, as
    ``readinto`` (io.BufferedReader) and as gzip itself."""
    data = b"".join(gzip.compress(member, mtime=0) for member in members)
    expected = b"".join(members)
    assert io.BufferedReader(Gunzip(Pieces(data, piece), block=block)).read() == expected
    assert read_in_turns(Gunzip(Pieces(data, piece), block=block), sizes, block) == expected
    assert Gunzip(Pieces(data, piece), block=block).read() == expected


@given(st.text(max_size=200), st.sampled_from(["utf-8", "utf-8-sig", "utf-16"]), st.integers(1, 9),
       st.integers(1, 9), st.lists(st.integers(1, 40), min_size=1, max_size=5))
def test_utf8_gives_the_bytes_of_every_read_size_as_one_read_of_all(
    text: str, codec: str, piece: int, block: int, sizes: list[int]
) -> None:
    """Utf8.read hands a block decoded whole over without a copy: the same bytes, at most ``size`` a read, as
    reading through ``readinto`` (io.BufferedReader) and as decoding the file at once."""
    data = text.encode(codec)
    plain = data.decode("utf-16").encode() if codec == "utf-16" else data
    expected = plain[3:] if plain.startswith(b"\xef\xbb\xbf") else plain
    assert io.BufferedReader(Utf8(Pieces(data, piece), block=block)).read() == expected
    assert read_in_turns(Utf8(Pieces(data, piece), block=block), sizes) == expected
    assert Utf8(Pieces(data, piece), block=block).read() == expected


@given(st.lists(st.text(alphabet='ab,"', max_size=40), max_size=20), st.integers(1, 17))
def test_cut_stream_cuts_csv_records_only_outside_quotes(cells: list[str], block: int) -> None:
    records = [f'"{cell.replace(chr(34), chr(34) * 2)}\nx",y\n'.encode() for cell in cells]
    cut = CutStream(io.BytesIO(b"".join(records)), "csv", block=block, max_line=10_000)
    pieces = []
    while piece := cut.read(1 << 20):
        pieces.append(piece)
    assert b"".join(pieces) == b"".join(records)
    for piece in pieces:  # each piece the cut stream gives ends a record
        assert piece.endswith(b"\n")
        assert piece.count(b'"') % 2 == 0


def test_a_large_utf16_jsonl_file_is_not_cut_into_byte_ranges(tmp_path: Path) -> None:
    data = "".join(json.dumps({"text": f"Article {i}"}) + "\n" for i in range(50)).encode("utf-16")
    path = write(tmp_path, "wide.jsonl", data)
    options = SourceOptions(part_bytes=100)
    assert len(partitions(path, options)) == 1
    docs = [d for d in read_documents(path, options) if isinstance(d, Document)]
    assert [d.data for d in docs][-1] == b"Article 49"
    assert len(docs) == 50


@pytest.mark.parametrize(("header", "said"), [
    (b"a," * 20_000 + b"text\n", "20,001 columns, more than 10,000: not a table of articles, not read"),
    (b"a," * (1 << 20) + b"text\n", "a header line longer than 1 MB: not a table of articles, not read"),
])  # fmt: skip
def test_a_table_too_wide_to_be_articles_is_one_reason_before_pandas_sees_it(
        tmp_path: Path, header: bytes, said: str) -> None:
    path = write(tmp_path, "wide.csv.gz", gzip.compress(header + b"x," * (header.count(b",")) + b"hello\n"))
    assert reasons(list(read_documents(path))) == [said]  # on main: minutes renaming a.1, a.2, … (quadratic)


def test_reading_a_csv_or_json_lines_table_loads_no_parquet_reader(tmp_path: Path) -> None:
    """``pyarrow.parquet`` loads with the first Parquet file, not with every table."""
    for name, fmt in (("t.csv", "csv"), ("t.jsonl", "jsonl")):
        path = write(tmp_path, name, table_bytes(fmt, [{"text": "Fans wrote back."}]))
        code = (
            "import sys; from reactions.sources import read_documents; "
            f"docs = list(read_documents({path!r})); print(len(docs), 'pyarrow.parquet' in sys.modules)"
        )
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
        assert done.stdout.split() == ["1", "False"]


@pytest.mark.parametrize("edge", [0, 1])
def test_a_csv_read_in_a_short_first_chunk_numbers_rows_and_bad_lines_as_in_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, edge: int
) -> None:
    from reactions.sources import tables

    monkeypatch.setattr(tables, "FIRST_ROWS", 3)
    rows = [b'n%d,"post %d,\nsecond line of it"' % (i, i) for i in range(8)]
    rows.insert(3 + edge, b"bad,row,with,extra")  # a bad line at the first chunk's edge, or just after it
    rows.insert(5, b"n9,")  # an empty text
    path = write(tmp_path, "t.csv", b"id,text\n" + b"\n".join(rows) + b"\n")
    sizes: list[int] = []
    taken = tables._next_chunk
    monkeypatch.setattr(tables, "_next_chunk", lambda c, n: sizes.append(n or 0) or taken(c, n))
    short = list(read_documents(path, SourceOptions(chunk_rows=4)))
    whole = list(read_documents(path, SourceOptions(chunk_rows=1000)))
    assert sizes[:2] == [3, 0]  # the first chunk is short, the next of chunk_rows
    assert short == whole
    assert [d.place for d in documents(short)] == [f"row {i + 1} (id n{i})" for i in range(4)] + [
        f"row {i + 2} (id n{i})" for i in range(4, 8)]
    assert documents(short)[3].data == b"post 3,\nsecond line of it"
    assert reasons(short) == [f"line {5 + edge}: expected 2 fields, saw 4: the line is skipped",
                              "row 5 (id n9): the 'text' column is empty"]


@pytest.mark.parametrize("fmt", ["csv", "tsv", "parquet"])
def test_a_table_whose_slashed_dates_put_the_day_first_is_read_day_first_throughout(tmp_path: Path, fmt: str) -> None:
    """indian_news writes ``09/07/25`` for 9 July 2025: each of its 650 dates was unread, and read month first
    one would put most of them in the wrong month.  A table's ``23/07/25`` says the day comes first for the rest."""
    rows = [{"id": f"n{i}", "text": "Words.", "date": date}
            for i, date in enumerate(["09/07/25", "23/07/25", "01/02/2024", "2024-03-05"])]
    path = write(tmp_path, f"news.{fmt}", table_bytes(fmt, rows, row_group_size=10))  # (one part: see docs/sources.md)
    assert [d.published.date() for d in documents(read_documents(path)) if d.published] == [
        dt.date(2025, 7, 9), dt.date(2025, 7, 23), dt.date(2024, 2, 1), dt.date(2024, 3, 5)]
    us = write(tmp_path, f"us.{fmt}", table_bytes(fmt, [{**rows[0], "date": "12/31/2017"}, rows[2]]))
    assert [d.published.date() for d in documents(read_documents(us)) if d.published] == [
        dt.date(2017, 12, 31), dt.date(2024, 1, 2)]
