"""Speed on a whole real dataset: the FakeNewsNet bulk corpus (see shared/bulk), as a folder and as one CSV.

Every figure is the CPU time (user + system) of a whole child process, start-up included, its modules' bytecode
compiled once beforehand as an installed package's is (:func:`as_installed`), so a machine busy with other work
disturbs it little; each kind runs ``--repeat`` times, interleaved, and the least is kept.  In the same
run, on the same inputs:

* ``floor``: list the files, read and decode them, parse the JSON (or the CSV), touch each article's text;
* ``naive``: the floor plus a regex for ``— Name (@handle) Date`` attributions and raw vaderSentiment on each
  match: what a 20-line script would do;
* ``extract cold``: ``reactions extract PATH --jobs 1 --no-cache`` (cache off, one process);
* ``extract warm``: ``reactions extract PATH --jobs 1`` twice over a cache folder of its own: the second run.

MB/CPU-s is the articles' text (the ``text`` field) over the CPU time; the ratios are to the floor and the naive
pipeline measured in this run.

Usage::

    python benchmarks/bench_real.py CORPUS_DIR [--repeat 2] [--no-csv]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

FLOOR = r"""
import csv, json, os, sys
csv.field_size_limit(1 << 30)
path, chars = sys.argv[1], 0
if path.endswith(".csv"):
    with open(path, encoding="utf-8", newline="") as handle:
        for row in csv.DictReader(handle):
            chars += len(row["text"])
else:
    for root, _, files in os.walk(path):
        for name in files:
            with open(os.path.join(root, name), "rb") as handle:
                try:
                    record = json.loads(handle.read().decode("utf-8", "replace"))
                except ValueError:
                    continue
            chars += len(record.get("text") or "") if isinstance(record, dict) else 0
print(chars)
"""

NAIVE = FLOOR.replace(
    "chars += len(row[\"text\"])", "chars += len(row[\"text\"]); find(row[\"text\"])"
).replace(
    "chars += len(record.get(\"text\") or \"\") if isinstance(record, dict) else 0",
    "text = (record.get(\"text\") or \"\") if isinstance(record, dict) else \"\"; chars += len(text); find(text)",
).replace(
    "path, chars = sys.argv[1], 0",
    """import re
from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer
ATTRIBUTION = re.compile(r"[—–-] ?([^\\n()@]{1,60}) \\(@(\\w{1,15})\\) ([A-Z][a-z]+ \\d{1,2}, \\d{4})")
vader, found = SentimentIntensityAnalyzer(), []
def find(text):
    start = 0
    for match in ATTRIBUTION.finditer(text):
        found.append((match.group(2), vader.polarity_scores(text[max(start, match.start() - 280):match.start()])))
        start = match.end()
path, chars = sys.argv[1], 0""",
)


def cpu_of(argv: list[str], env: dict[str, str] | None = None) -> float:
    """The CPU seconds (user + system) of running ``argv`` to its end."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def as_installed(work: Path) -> dict[str, str]:
    """The environment of a measured process: Python's bytecode of every module written once (under ``work``, not
    the checkout) and read back by every later run, as a package installed by pip runs (pip compiles it).  Without
    it a session with ``PYTHONDONTWRITEBYTECODE=1`` compiles each of the package's modules from source in every
    run: ~0.05 CPU-s of a 0.5 s start-up.  Run each command once, untimed, first."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(work / "pycache")}


def write_csv(corpus: Path, out: Path) -> int:
    """The FakeNewsNet folder as one CSV (id, url, title, publish_date, text); the characters of text."""
    chars = 0
    with out.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["news_id", "url", "title", "publish_date", "text"])
        for path in sorted(corpus.rglob("news content.json")):
            try:
                record = json.loads(path.read_bytes().decode("utf-8", "replace"))
            except ValueError:
                continue
            if not isinstance(record, dict) or not record.get("text"):
                continue
            writer.writerow([path.parent.name, record.get("url", ""), record.get("title", ""),
                             record.get("publish_date", ""), record["text"]])  # fmt: skip
            chars += len(record["text"])
    return chars


def text_chars(path: Path) -> int:
    out = subprocess.run([sys.executable, "-c", FLOOR, str(path)], check=True, capture_output=True, text=True)
    return int(out.stdout.strip())


def measure(path: Path, repeat: int, work: Path) -> dict[str, float]:
    """The least CPU seconds of each kind over ``repeat`` interleaved runs on ``path``."""
    python, cli = sys.executable, [sys.executable, "-m", "reactions", "extract", str(path), "--jobs", "1", "-q"]
    best: dict[str, float] = {}
    seeds = Path(__file__).resolve().parent.parent / "seeds"
    first = {**as_installed(work), "REACTIONS_CACHE_DIR": str(work / "cache-first")}
    once = [python, "-m", "reactions", "extract", str(seeds), "-q", "--no-cache", "-o", str(work / "first.csv")]
    for command in ([python, "-c", FLOOR, str(seeds)], [python, "-c", NAIVE, str(seeds)], once):
        cpu_of(command, first)  # the bytecode written, untimed
    for attempt in range(repeat):
        env = {**as_installed(work), "REACTIONS_CACHE_DIR": str(work / f"cache-{path.name}-{attempt}")}
        runs = {
            "floor": [[python, "-c", FLOOR, str(path)]],
            "naive": [[python, "-c", NAIVE, str(path)]],
            "extract cold": [[*cli, "--no-cache", "-o", str(work / "cold.csv")]],
            "extract warm": [[*cli, "-o", str(work / "fill.csv")], [*cli, "-o", str(work / "warm.csv")]],
        }
        for kind, commands in runs.items():
            seconds = [cpu_of(command, env) for command in commands][-1]  # warm: the second of two runs
            best[kind] = min(best.get(kind, float("inf")), seconds)
    return best


def report(name: str, mb: float, best: dict[str, float]) -> None:
    print(f"\n{name}: {mb:.1f} MB of article text")
    print(f"{'kind':14} {'CPU s':>7} {'MB/CPU-s':>9} {'x floor':>8} {'x naive':>8}")
    for kind, seconds in best.items():
        print(f"{kind:14} {seconds:7.2f} {mb / seconds:9.1f} {seconds / best['floor']:8.2f} "
              f"{seconds / best['naive']:8.2f}")  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="the bulk corpus folder (shared/bulk/make_corpus.sh)")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--no-csv", action="store_true", help="measure the folder only")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="bench-real-") as tmp:
        work = Path(tmp)
        report(f"folder {args.corpus}", text_chars(args.corpus) / 1e6, measure(args.corpus, args.repeat, work))
        if not args.no_csv:
            table = work / "bulk.csv"
            chars = write_csv(args.corpus, table)
            report("the same as one CSV", chars / 1e6, measure(table, args.repeat, work))
    return 0


if __name__ == "__main__":
    sys.exit(main())
