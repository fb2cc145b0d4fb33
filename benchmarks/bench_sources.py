"""Benchmark the article sources: WARC records/s and table rows/s, next to baselines measured in the same run.

Files are generated into a temporary folder (removed afterwards), then each is read three ways, one core:

* **reader**: :func:`reactions.sources.read_documents` over the whole file (every document made, bodies and
  metadata included), the figure that matters; the WARC also with its records' digests unchecked;
* **raw read**: the file's bytes read in 1 MB blocks and dropped (what the disk and the page cache cost);
* **gunzip**: for a compressed file, its bytes read and decompressed (zlib, all gzip members), the floor for
  any reader of it.

The WARC holds a request and a response record per article (as a crawl does), the responses HTML pages of
``--page-kb`` KB (the golden pages padded with prose), a third of them gzip content-encoded; records/s counts
response records (articles).  The tables hold ``--rows`` rows of ``--row-kb`` KB of text.  Each figure is the
fastest of ``--repeat`` runs.

Usage::

    python benchmarks/bench_sources.py [--records 5000] [--rows 20000] [--page-kb 30] [--row-kb 3] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gzip
import io
import json
import sys
import tempfile
import time
import zlib
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
from warcio.statusandheaders import StatusAndHeaders
from warcio.warcwriter import WARCWriter

from reactions.models import Document
from reactions.sources import DEFAULT_SOURCE, SourceOptions, read_documents

GOLDEN_HTML = Path(__file__).resolve().parent.parent / "tests" / "golden_html"
PROSE = ("Readers answered within minutes, and the replies kept coming through the evening as the story spread "
         "from one network to the next; some were angry, most were amused, a few simply asked for sources. ")


def pages(page_kb: int) -> list[bytes]:
    """The golden pages, each padded with paragraphs of prose to about ``page_kb`` KB."""
    out = []
    for path in sorted(GOLDEN_HTML.glob("*.html")):
        html = path.read_bytes()
        padding = f"<p>{PROSE}</p>\n".encode() * max(0, (page_kb * 1024 - len(html)) // (len(PROSE) + 8))
        out.append(html.replace(b"</body>", padding + b"</body>", 1))
    return out


def write_warc(path: Path, records: int, page_kb: int) -> None:
    """A per-record gzip WARC of ``records`` request + response pairs."""
    bodies = pages(page_kb)
    with path.open("wb") as out:
        writer = WARCWriter(out, gzip=True)
        for number in range(records):
            uri = f"https://news.example/{number}"
            request = StatusAndHeaders(f"GET /{number} HTTP/1.1", [("Host", "news.example")], is_http_request=True)
            writer.write_record(writer.create_warc_record(uri, "request", http_headers=request))
            body, headers = bodies[number % len(bodies)], [("Content-Type", "text/html; charset=utf-8")]
            if number % 3 == 0:
                body, headers = gzip.compress(body, 6), [*headers, ("Content-Encoding", "gzip")]
            http = StatusAndHeaders("200 OK", headers, protocol="HTTP/1.1")
            writer.write_record(writer.create_warc_record(uri, "response", payload=io.BytesIO(body),
                                                          http_headers=http))


def write_tables(folder: Path, rows: int, row_kb: int) -> list[Path]:
    """The same ``rows`` rows as CSV, CSV.gz, JSONL, JSONL.gz and Parquet."""
    text = (PROSE * (row_kb * 1024 // len(PROSE) + 1))[: row_kb * 1024]
    frame = pd.DataFrame({"id": [f"a{i}" for i in range(rows)], "title": [f"Story {i}" for i in range(rows)],
                          "text": [f"{i}: {text}" for i in range(rows)],
                          "date": [f"2024-03-{i % 28 + 1:02d}T12:00:00Z" for i in range(rows)]})
    csv = frame.to_csv(index=False).encode()
    jsonl = "".join(json.dumps(r) + "\n" for r in frame.to_dict("records")).encode()
    files = {"news.csv": csv, "news.csv.gz": gzip.compress(csv, 6), "news.jsonl": jsonl,
             "news.jsonl.gz": gzip.compress(jsonl, 6)}
    for name, data in files.items():
        (folder / name).write_bytes(data)
    pq.write_table(pa.Table.from_pandas(frame, preserve_index=False), folder / "news.parquet", row_group_size=5000)
    return [folder / n for n in (*files, "news.parquet")]


def fastest(run: Callable[[], int], repeat: int) -> tuple[float, int]:
    """The fastest wall-clock seconds of ``repeat`` runs of ``run``, and what it returned."""
    best, result = float("inf"), 0
    for _ in range(repeat):
        start = time.perf_counter()
        result = run()
        best = min(best, time.perf_counter() - start)
    return best, result


def documents(path: Path, options: SourceOptions = DEFAULT_SOURCE) -> int:
    return sum(isinstance(item, Document) for item in read_documents(str(path), options))


def raw_read(path: Path) -> int:
    with path.open("rb") as stream:
        while stream.read(1 << 20):
            pass
    return 0


def gunzip(path: Path) -> int:
    total = 0
    inflate = zlib.decompressobj(31)
    with path.open("rb") as stream:
        while block := stream.read(1 << 16):
            while block:
                total += len(inflate.decompress(block))
                block = inflate.unused_data if inflate.eof else b""
                inflate = zlib.decompressobj(31) if inflate.eof else inflate
    return total


def measure(path: Path, repeat: int, options: SourceOptions = DEFAULT_SOURCE) -> dict[str, object]:
    """One row of the table: the reader's figures and the baselines' for file ``path``."""
    seconds, count = fastest(lambda: documents(path, options), repeat)
    raw, _ = fastest(lambda: raw_read(path), repeat)
    unzipped = fastest(lambda: gunzip(path), repeat)[0] if path.suffix == ".gz" else None
    label = path.name + ("" if options.verify_digests else " (digests unchecked)")
    return {"file": label, "MB": path.stat().st_size / 1e6, "documents": count, "seconds": seconds,
            "documents/s": count / seconds, "MB/s": path.stat().st_size / 1e6 / seconds,
            "raw read s": raw, "gunzip s": unzipped,
            "gunzip docs/s": count / unzipped if unzipped else None}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--records", type=int, default=5000, help="articles in the WARC (plus as many requests)")
    parser.add_argument("--rows", type=int, default=20000, help="rows of each table")
    parser.add_argument("--page-kb", type=int, default=30, help="size of an HTML page in the WARC")
    parser.add_argument("--row-kb", type=int, default=3, help="size of a row's text in the tables")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure; the fastest is shown")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        write_warc(root / "crawl.warc.gz", args.records, args.page_kb)
        files = [root / "crawl.warc.gz", *write_tables(root, args.rows, args.row_kb)]
        rows = [measure(path, args.repeat) for path in files]
        rows.insert(1, measure(files[0], args.repeat, SourceOptions(verify_digests=False)))
        table = pd.DataFrame(rows)
    with pd.option_context("display.width", 200, "display.max_columns", 20, "display.float_format", "{:,.3f}".format):
        print(table.to_string(index=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
