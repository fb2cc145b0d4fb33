"""Datasets of articles, one a row: every format and compression, columns by name, bad rows and broken files."""

from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import pickle
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from reactions.models import Document, FileOutcome, Status
from reactions.sources import SourceOptions, partitions, read_documents, read_part
from reactions.sources.columns import find_columns
from reactions.sources.jsonarray import iter_array
from reactions.sources.streams import CutStream, Gunzip

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
    assert reasons(items)[0].startswith("no column 'published' (the table has: id, title, text, date, url)")


@pytest.mark.parametrize("fmt", FORMATS)
def test_a_table_without_a_text_column_is_one_outcome_naming_its_columns(tmp_path: Path, fmt: str) -> None:
    rows = [{"id": str(i), "news_url": f"https://x/{i}", "tweet_ids": "1\t2"} for i in range(5)]  # FakeNewsNet CSV
    path = write(tmp_path, f"politifact_fake.{fmt}", table_bytes(fmt, rows))
    items = list(read_documents(path))
    assert len(items) == 1
    assert "no text column" in reasons(items)[0]
    assert "the table has: id, news_url, tweet_ids" in reasons(items)[0]


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
    assert "EmptyDataError" in reasons(empty)[0]
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
