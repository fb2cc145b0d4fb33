"""Web archives made for the tests, with warcio's writer, from the project's golden HTML pages."""

from __future__ import annotations

import gzip
import io
from dataclasses import dataclass
from pathlib import Path

from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

GOLDEN_HTML = Path(__file__).parent / "golden_html"


def golden_pages() -> list[tuple[str, bytes]]:
    """``(name, bytes)`` of every golden HTML page, in name order."""
    return [(p.stem, p.read_bytes()) for p in sorted(GOLDEN_HTML.glob("*.html"))]


def chunked(body: bytes, size: int = 700) -> bytes:
    """``body`` in HTTP/1.1 chunked transfer-encoding."""
    pieces = [body[i:i + size] for i in range(0, len(body), size)]
    return b"".join(b"%x\r\n%s\r\n" % (len(p), p) for p in pieces) + b"0\r\n\r\n"


@dataclass(frozen=True)
class Page:
    """A response record the archive holds and the article it must give."""

    uri: str
    body: bytes
    date: str


ENCODINGS = ("identity", "gzip", "chunked", "chunked+gzip")


def _http(body: bytes, encoding: str, content_type: str) -> tuple[bytes, list[tuple[str, str]]]:
    headers = [("Content-Type", content_type)]
    if "gzip" in encoding:
        body = gzip.compress(body)
        headers.append(("Content-Encoding", "gzip"))
    if "chunked" in encoding:
        body = chunked(body)
        headers.append(("Transfer-Encoding", "chunked"))
    return body, headers


def write_warc(path: Path, pages: list[tuple[str, bytes]], gz: bool = True) -> list[Page]:
    """A WARC of ``pages`` (each with a request record, in turn in every HTTP encoding) and of records that are
    not articles: warcinfo, an image, a redirect, a 404, metadata.  Returns the articles it holds, in order."""
    out = io.BytesIO()
    writer = WARCWriter(out, gzip=gz)
    writer.write_record(writer.create_warcinfo_record(path.name, {"software": "tests"}))
    expected = []
    for number, (name, html) in enumerate(pages):
        uri, date = f"https://news.example/{name}", f"2024-03-{number % 28 + 1:02d}T12:30:00Z"
        request = StatusAndHeaders(f"GET /{name} HTTP/1.1", [("Host", "news.example")], is_http_request=True)
        writer.write_record(writer.create_warc_record(uri, "request", http_headers=request,
                                                      warc_headers_dict={"WARC-Date": date}))
        body, headers = _http(html, ENCODINGS[number % len(ENCODINGS)], "text/html; charset=utf-8")
        write_response(writer, uri, body, headers, date)
        expected.append(Page(uri, html, date))
        write_response(writer, uri + ".png", b"\x89PNG\r\n\x1a\n" + bytes(200), [("Content-Type", "image/png")], date)
    write_response(writer, "https://news.example/moved", b"", [("Location", "/x")], "2024-03-01T00:00:00Z", "301 Moved")
    write_response(writer, "https://news.example/gone", b"<html>gone</html>", [("Content-Type", "text/html")],
                   "2024-03-01T00:00:00Z", "404 Not Found")
    writer.write_record(writer.create_warc_record("https://news.example/", "metadata", payload=io.BytesIO(b"a: b"),
                                                  warc_content_type="application/warc-fields"))
    path.write_bytes(out.getvalue())
    return expected


def write_response(writer: WARCWriter, uri: str, body: bytes, headers: list[tuple[str, str]], date: str,
                   status: str = "200 OK") -> None:
    """One response record of ``body`` with HTTP ``headers``."""
    http = StatusAndHeaders(status, headers, protocol="HTTP/1.1")
    writer.write_record(writer.create_warc_record(uri, "response", payload=io.BytesIO(body), http_headers=http,
                                                  warc_headers_dict={"WARC-Date": date}))


def write_arc(path: Path, pages: list[tuple[str, bytes]]) -> list[Page]:
    """An ARC (version 1) file of ``pages`` and one image; ``.gz`` names get one gzip member per record."""
    def record(header: bytes, content: bytes) -> bytes:
        return header + b" %d\n" % len(content) + content + b"\n"

    members = [record(b"filedesc://test.arc 0.0.0.0 20240301000000 text/plain",
                      b"1 0 tests\nURL IP-address Archive-date Content-type Archive-length\n\n")]
    expected = []
    for number, (name, html) in enumerate(pages):
        uri, stamp = f"https://news.example/{name}", f"202403{number % 28 + 1:02d}123000"
        http = b"HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: %d\r\n\r\n" % len(html) + html
        members.append(record(f"{uri} 10.0.0.1 {stamp} text/html".encode(), http))
        png = b"HTTP/1.1 200 OK\r\nContent-Type: image/png\r\n\r\n\x89PNG"
        members.append(record(f"{uri}.png 10.0.0.1 {stamp} image/png".encode(), png))
        expected.append(Page(uri, html, f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]}T12:30:00Z"))
    gz = path.name.endswith(".gz")
    path.write_bytes(b"".join(gzip.compress(m) if gz else m for m in members))
    return expected
