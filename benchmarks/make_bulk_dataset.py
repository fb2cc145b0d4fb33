"""Make the real bulk corpus (a FakeNewsNet folder) into one dataset file: CSV, JSONL or a WARC.

Each ``news content.json`` under the folder becomes one row (``id, url, title, text, publish_date``: the
article's folder name, its URL, title, text and publication time as ISO 8601) or one WARC ``resource``
record (the text as ``text/plain``, its URL as the target URI, its date as the WARC date).  Articles with no
text are left out.  ``--limit N`` keeps the first N (in sorted path order), so that a figure can be compared
with the issue's (6,237 articles, 27 MB).

Usage::

    python benchmarks/make_bulk_dataset.py /work/bulk/fnn OUT.csv [--limit 6237]
    python benchmarks/make_bulk_dataset.py /work/bulk/fnn OUT.jsonl
    python benchmarks/make_bulk_dataset.py /work/bulk/fnn OUT.warc.gz
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import io
import json
import sys
from collections.abc import Iterator
from pathlib import Path

COLUMNS = ("id", "url", "title", "text", "publish_date")


def articles(folder: Path, limit: int | None) -> Iterator[dict[str, str]]:
    """The rows of the dataset, in sorted path order."""
    count = 0
    for path in sorted(folder.rglob("news content.json")):
        if limit is not None and count >= limit:
            return
        try:
            data = json.loads(path.read_bytes())
        except (OSError, ValueError):
            continue
        text = data.get("text") or ""
        if not isinstance(text, str) or not text.strip():
            continue
        count += 1
        yield {
            "id": path.parent.name,
            "url": str(data.get("url") or ""),
            "title": str(data.get("title") or ""),
            "text": text,
            "publish_date": _date(data.get("publish_date")),
        }


def _date(value: object) -> str:
    try:
        return dt.datetime.fromtimestamp(float(str(value)), dt.UTC).isoformat()
    except (TypeError, ValueError, OverflowError, OSError):
        return ""


def write_csv(rows: Iterator[dict[str, str]], out: Path) -> int:
    with out.open("w", newline="", encoding="utf-8") as file:
        writer = csv.DictWriter(file, COLUMNS)
        writer.writeheader()
        return sum(1 for row in rows if writer.writerow(row) is not None)


def write_jsonl(rows: Iterator[dict[str, str]], out: Path) -> int:
    with out.open("w", encoding="utf-8") as file:
        return sum(1 for row in rows if file.write(json.dumps(row, ensure_ascii=False) + "\n"))


def write_warc(rows: Iterator[dict[str, str]], out: Path) -> int:
    from warcio.warcwriter import WARCWriter

    count = 0
    with out.open("wb") as file:
        writer = WARCWriter(file, gzip=out.name.endswith(".gz"))
        for row in rows:
            url = row["url"] if row["url"].startswith("http") else f"http://{row['url'] or row['id']}"
            headers = {"WARC-Date": row["publish_date"][:19] + "Z"} if row["publish_date"] else {}
            record = writer.create_warc_record(
                url, "resource", payload=io.BytesIO(row["text"].encode("utf-8")),
                warc_content_type="text/plain; charset=utf-8", warc_headers_dict=headers,
            )  # fmt: skip
            writer.write_record(record)
            count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("out", type=Path, help="OUT.csv, OUT.jsonl, OUT.warc or OUT.warc.gz")
    parser.add_argument("--limit", type=int, default=None, help="keep the first N articles")
    args = parser.parse_args(argv)
    name = args.out.name
    writer = write_warc if ".warc" in name else write_jsonl if name.endswith(".jsonl") else write_csv
    count = writer(articles(args.folder, args.limit), args.out)
    print(f"{count} articles, {args.out.stat().st_size / 2**20:.1f} MB: {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
