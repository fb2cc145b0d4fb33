"""Web archives: every HTML response an article, everything else passed over, broken records named."""

from __future__ import annotations

import datetime as dt
import gzip
import io
import tracemalloc
from pathlib import Path

import pytest
from warc_factory import Page, golden_pages, write_arc, write_response, write_warc
from warcio.warcwriter import WARCWriter

from reactions.models import Document, FileOutcome
from reactions.sources import SourceOptions, partitions, read_documents, source_kind
from reactions.sources.warc import read_warc

Items = list[Document | FileOutcome]


def documents(items: Items) -> list[Document]:
    return [i for i in items if isinstance(i, Document)]


def reasons(items: Items) -> list[str]:
    return [i.reason or "" for i in items if isinstance(i, FileOutcome)]


def as_expected(docs: list[Document], pages: list[Page]) -> bool:
    return [(d.source, d.url, d.data, d.published) for d in docs] == [
        (p.uri, p.uri, p.body, dt.datetime.fromisoformat(p.date)) for p in pages]


@pytest.mark.parametrize("name", ["crawl.warc.gz", "crawl.warc"])
def test_every_html_response_is_an_article_decoded_as_served(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    pages = write_warc(path, golden_pages(), gz=name.endswith(".gz"))
    items = list(read_documents(str(path)))
    assert as_expected(documents(items), pages)
    assert reasons(items) == []
    assert partitions(str(path))[0].kind == "warc"


@pytest.mark.parametrize("name", ["old.arc", "old.arc.gz"])
def test_arc_files_are_read_through_warcio(tmp_path: Path, name: str) -> None:
    path = tmp_path / name
    pages = write_arc(path, golden_pages()[:5])
    items = list(read_documents(str(path)))
    assert as_expected(documents(items), pages)
    assert reasons(items) == []
    assert source_kind(str(path)) == "warc"


def test_resources_and_plain_text_are_articles_and_the_rest_is_not(tmp_path: Path) -> None:
    out = io.BytesIO()
    writer = WARCWriter(out, gzip=True)
    writer.write_record(writer.create_warc_record(
        "https://news.example/note.txt", "resource", payload=io.BytesIO(b"A note."), warc_content_type="text/plain",
        warc_headers_dict={"WARC-Date": "2024-01-02T03:04:05Z"}))
    write_response(writer, "https://news.example/x.json", b'{"a": 1}', [("Content-Type", "application/json")],
                   "2024-01-02T03:04:05Z")
    write_response(writer, "https://news.example/empty", b"  ", [("Content-Type", "text/html")],
                   "2024-01-02T03:04:05Z")
    write_response(writer, "https://news.example/x.xhtml", b"<html/>", [("Content-Type", "application/xhtml+xml")],
                   "2024-01-02T03:04:05Z")
    (tmp_path / "mixed.warc.gz").write_bytes(out.getvalue())
    docs = documents(list(read_documents(str(tmp_path / "mixed.warc.gz"))))
    assert [(d.source, d.data) for d in docs] == [
        ("https://news.example/note.txt", b"A note."), ("https://news.example/x.xhtml", b"<html/>")]


def is_response_to(record: bytes, uri: str) -> bool:
    """Whether ``record`` (starting at its ``WARC/1.`` line) is the response record of ``uri``."""
    header = record[:record.find(b"\r\n\r\n")]
    return b"WARC-Type: response\r\n" in header and f"WARC-Target-URI: {uri}\r\n".encode() in header


def member_of(data: bytes, uri: str) -> tuple[int, int]:
    """The start and end of the gzip member of ``data`` holding the response record of ``uri``."""
    members = [i for i in range(len(data)) if data.startswith(b"\x1f\x8b\x08", i)]
    for start, end in zip(members, [*members[1:], len(data)], strict=True):
        try:
            if is_response_to(gzip.decompress(data[start:end]), uri):
                return start, end
        except (OSError, EOFError):
            continue
    raise AssertionError(uri)


@pytest.mark.parametrize("damage", ["garbage", "cut"])
def test_a_corrupt_gzip_member_is_named_and_reading_goes_on_after_it(tmp_path: Path, damage: str) -> None:
    path = tmp_path / "c.warc.gz"
    pages = write_warc(path, golden_pages(), gz=True)
    data = path.read_bytes()
    start, end = member_of(data, pages[6].uri)
    broken = data[start:start + 12] + b"\x00garbage" * 8 if damage == "garbage" else data[start:end - 40]
    path.write_bytes(data[:start] + broken + data[end:])
    items = list(read_documents(str(path)))
    assert as_expected(documents(items), pages[:6] + pages[7:])
    assert isinstance(items[6], FileOutcome)
    found = reasons(items)
    assert 1 <= len(found) <= 3
    assert "; read on from the next record, at byte " in found[-1]
    assert all(start <= offset(r) for r in found)  # warcio may name a later byte: it reads a bad member on
    assert offset(found[-1].rsplit("read on", 1)[1]) >= start + len(broken) or damage == "cut"


def offset(reason: str) -> int:
    """The byte offset a reason names (``record at byte N…`` or ``before byte N…``)."""
    return int(reason.split("byte ", 1)[1].split()[0].rstrip(":"))


def test_a_record_whose_content_does_not_match_its_digest_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "d.warc"
    pages = write_warc(path, golden_pages()[:3], gz=False)  # the first page's body is stored as is
    data = path.read_bytes()
    at = data.index(pages[0].body[40:80])
    path.write_bytes(data[:at] + data[at:at + 40].swapcase() + data[at + 40:])
    checked = list(read_documents(str(path)))
    assert as_expected(documents(checked), pages[1:])
    assert reasons(checked) == [f"record at byte {data.rindex(b'WARC/1.', 0, at)} ({pages[0].uri}): "
                                "its content does not match its digest (corrupt)"]
    unchecked = documents(list(read_documents(str(path), SourceOptions(verify_digests=False))))
    body = pages[0].body
    assert unchecked[0].data == body[:40] + body[40:80].swapcase() + body[80:]


def test_a_corrupt_header_in_an_uncompressed_warc_is_named_and_reading_goes_on(tmp_path: Path) -> None:
    path = tmp_path / "c.warc"
    pages = write_warc(path, golden_pages(), gz=False)
    data = path.read_bytes()
    start = next(i for i in range(len(data))
                 if data.startswith(b"WARC/1.", i) and is_response_to(data[i:], pages[4].uri))
    path.write_bytes(data[:start] + b"NOT A WARC HEADER\r\n" + data[start + 9:])
    items = list(read_documents(str(path)))
    assert as_expected(documents(items), pages[:4] + pages[5:])
    [reason] = reasons(items)
    assert reason.startswith(f"record at byte {start}: not a readable WARC/ARC record")
    assert "read on from the next record, at byte " in reason


def test_a_corrupt_last_member_says_nothing_after_it_is_read(tmp_path: Path) -> None:
    path = tmp_path / "c.warc.gz"
    pages = write_warc(path, golden_pages()[:2], gz=True)
    data = path.read_bytes()
    start = data.rindex(b"\x1f\x8b\x08")
    path.write_bytes(data[:start + 10] + b"\xff" * 30)
    items = list(read_documents(str(path)))
    assert as_expected(documents(items), pages)
    assert reasons(items)[-1].endswith("the records after it are not read")


@pytest.mark.parametrize("gz", [True, False])
@pytest.mark.parametrize("fraction", [0.31, 0.47, 0.62, 0.78, 0.93])
def test_a_truncated_archive_keeps_the_records_before_the_cut_and_says_so(
        tmp_path: Path, gz: bool, fraction: float) -> None:
    path = tmp_path / ("t.warc.gz" if gz else "t.warc")
    pages = write_warc(path, golden_pages(), gz=gz)
    data = path.read_bytes()
    path.write_bytes(data[:int(len(data) * fraction)])
    items = list(read_documents(str(path)))
    docs = documents(items)
    assert as_expected(docs, pages[:len(docs)])
    assert len(docs) < len(pages)
    [reason] = reasons(items)
    assert "truncated" in reason
    assert reason.startswith("record at byte ")


def test_an_article_over_the_limit_is_skipped_and_the_rest_read(tmp_path: Path) -> None:
    path = tmp_path / "big.warc.gz"
    pages = write_warc(path, golden_pages(), gz=True)
    limit = sorted(len(p.body) for p in pages)[-3]
    items = list(read_documents(str(path), SourceOptions(max_bytes=limit)))
    assert as_expected(documents(items), [p for p in pages if len(p.body) <= limit])
    assert len(reasons(items)) == sum(len(p.body) > limit for p in pages)
    assert all("over the" in r for r in reasons(items))


def test_a_warc_gzipped_as_one_stream_is_read_whole(tmp_path: Path) -> None:
    plain = tmp_path / "p.warc"
    pages = write_warc(plain, golden_pages(), gz=False)
    path = tmp_path / "whole.warc.gz"
    path.write_bytes(gzip.compress(plain.read_bytes()))
    items = list(read_warc(partitions(str(path))[0], SourceOptions()))
    assert as_expected(documents(items), pages)
    assert reasons(items) == []


def test_a_warc_gz_of_zeros_is_one_named_outcome_and_never_held_whole(tmp_path: Path) -> None:
    path = tmp_path / "zeros.warc.gz"
    path.write_bytes(gzip.compress(bytes(32 << 20)))  # the audit's 255 KB .warc.gz of zeros, a little smaller
    tracemalloc.start()
    try:
        items = list(read_documents(str(path)))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert reasons(items) == ["record at byte 0: not a readable WARC/ARC record (ValueError: a header line longer "
                              "than 1 MB (not an archive record)); the records after it are not read"]
    assert peak < 32 << 20  # less than it inflates to (on main: over 100 MB)


def test_a_warning_never_quotes_the_archive(tmp_path: Path) -> None:
    secret = b"root:x:0:0:root:/root:/bin/bash\n" * 20
    for name, data in (("a.arc.gz", gzip.compress(secret)), ("b.warc", b"WARC/1.0\r\n" + secret + b"\r\n\r\n"),
                       ("c.arc", secret)):  # fmt: skip
        (tmp_path / name).write_bytes(data)
        said = reasons(list(read_documents(str(tmp_path / name))))
        assert said, name
        assert not any("root" in reason for reason in said), said


def test_many_damaged_records_are_three_lines_and_a_count(tmp_path: Path) -> None:
    path = tmp_path / "d.warc"
    page = golden_pages()[0]
    pages = write_warc(path, [page] * 12, gz=False)
    data = path.read_bytes().replace(pages[0].body[40:80], pages[0].body[40:80].swapcase())
    path.write_bytes(data)
    items = list(read_documents(str(path)))
    said = reasons(items)
    damaged = len(pages) - len(documents(items))
    assert damaged > 4
    assert len(said) == 4
    assert said[-1].startswith(f"{damaged - 3} more with the same problem, from record at byte ")
    assert said[-1].endswith(" on: its content does not match its digest (corrupt)")
