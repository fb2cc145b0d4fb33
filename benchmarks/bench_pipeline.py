"""Benchmark the pipeline on a generated corpus and print a table of measured figures.

Every figure is measured in this one process, on the same corpus and the same reaction texts,
so that ratios hold on a noisy machine:

* parse MB/s: :func:`reactions.corpus.parse_document` over the files' bytes, already in memory,
  one core;
* end to end: files -> scored frame with :func:`reactions.run.pipeline.extract_frame` (what ``reactions
  extract`` runs: the frame of ``to_frame(read_corpus(paths))``), with ``jobs=1`` and with ``jobs=N``,
  uncached; reactions/s counts rows of the scored frame;
* raw VADER: ``SentimentIntensityAnalyzer().polarity_scores`` over the frame's texts;
* incremental: a cold cached run, a re-run over the unchanged corpus (the stored frame is read
  back), and a re-run after adding 1% more files (how many files were parsed again is reported);
* memory: peak traced Python memory of an end-to-end run (tracemalloc, a separate pass), peak
  RSS of the process, and the scored frame's ``memory_usage(deep=True)`` per reaction.

Wall-clock figures are the fastest of ``--repeat`` runs (jobs=1 and jobs=N interleaved), the
usual defence against a busy machine; CPU seconds are shown beside them, and the load average.
With ``jobs=N`` the pipeline runs N-1 worker processes and does its share in this one: "main
process" CPU seconds include that share.

Usage::

    python benchmarks/bench_pipeline.py --articles 10000 [--jobs 2] [--repeat 3] [--json out.json]

The corpus is generated once (``benchmarks/generate_corpus.py``, seed 7) into
``benchmarks/out/corpus-N`` and reused.
"""

from __future__ import annotations

import argparse
import gc
import json
import logging
import os
import resource
import shutil
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate_corpus import generate  # noqa: E402

from reactions import sentiment  # noqa: E402
from reactions.corpus import parse_document  # noqa: E402
from reactions.run import cache as parse_cache  # noqa: E402
from reactions.run import parallel  # noqa: E402
from reactions.run.pipeline import extract_frame  # noqa: E402

SUFFIXES = (".txt", ".md", ".html", ".htm")


def corpus_files(folder: Path) -> list[Path]:
    """The article files of a generated corpus, in reading order."""
    return sorted(p for p in folder.rglob("*") if p.suffix in SUFFIXES)


def ensure_corpus(folder: Path, articles: int, seed: int) -> Path:
    """Generate the corpus unless a complete one of that size is already there."""
    manifest = folder / "manifest.json"
    if manifest.exists() and json.loads(manifest.read_text())["articles"] == articles:
        return folder
    shutil.rmtree(folder, ignore_errors=True)
    generate(folder, articles, seed=seed)
    return folder


CPU: dict[str, float] = {}
"""CPU seconds of this process for the last :func:`timed` call (worker processes not included)."""


def timed(func: Callable[[], Any], setup: Callable[[], Any] | None = None) -> tuple[float, Any]:
    """Wall seconds of ``func()`` and its result; its CPU seconds go to ``CPU["last"]``.
    ``setup()`` runs first, outside the clock."""
    if setup is not None:
        setup()
    gc.collect()
    start, cpu = time.perf_counter(), time.process_time()
    result = func()
    CPU["last"] = time.process_time() - cpu
    return time.perf_counter() - start, result


def fresh() -> None:
    """This process as a fresh one would start a run: no VADER analyses remembered, no worker
    processes (a run starts its own; stopping those of the last run is not part of the next)."""
    sentiment.analyse.cache_clear()
    parallel.shutdown()


def run_pipeline(folder: Path, *, jobs: int, cache: bool) -> pd.DataFrame:
    """Files -> scored frame, the way ``reactions extract --jobs N`` does it (time it after :func:`fresh`)."""
    return extract_frame([folder], jobs=jobs, cache=cache).frame


def drop_store(folder: Path) -> None:
    store = parse_cache.store_file(folder)
    for path in (store, store.with_name(store.name + "-wal"), store.with_name(store.name + "-shm")):
        path.unlink(missing_ok=True)


def bench_parse(files: list[Path], root: Path) -> dict[str, float]:
    documents = [(p.relative_to(root).as_posix(), p.read_bytes()) for p in files]
    size = sum(len(data) for _, data in documents)
    seconds, _ = timed(lambda: [parse_document(source, data) for source, data in documents])
    return {
        "bytes": size,
        "parsed_files": len(files),
        "parse_s": seconds,
        "parse_mb_s": size / seconds / 1e6,
        "parse_cpu_mb_s": size / CPU["last"] / 1e6,
    }


def bench_vader(texts: list[str], repeat: int) -> dict[str, float]:
    from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

    analyzer = SentimentIntensityAnalyzer()
    best, cpu = float("inf"), float("inf")
    for _ in range(repeat):
        seconds, _ = timed(lambda: [analyzer.polarity_scores(t) for t in texts])
        best, cpu = min(best, seconds), min(cpu, CPU["last"])
    return {"vader_s": best, "vader_per_s": len(texts) / best, "vader_cpu_s": cpu}


class ParseCounts(logging.Handler):
    """Collects the "parsed N files, M from the cache" lines that reactions.run.pipeline logs."""

    def __init__(self) -> None:
        super().__init__(logging.INFO)
        self.parsed = 0
        self.log = logging.getLogger("reactions.run.pipeline")
        self.log.setLevel(logging.INFO)
        self.log.addHandler(self)

    def emit(self, record: logging.LogRecord) -> None:
        if record.msg.startswith("parsed %d files"):
            self.parsed += int(record.args[0])  # type: ignore[index]

    def take(self) -> int:
        self.log.removeHandler(self)
        return self.parsed


def bench_incremental(folder: Path, articles: int, seed: int, jobs: int) -> dict[str, float]:
    drop_store(folder)
    cold, _ = timed(lambda: run_pipeline(folder, jobs=jobs, cache=True), fresh)
    warm, _ = timed(lambda: run_pipeline(folder, jobs=jobs, cache=True), fresh)
    warm_cpu = CPU["last"]
    extra = folder / "zz-added"
    added = max(1, articles // 100)
    generate(extra, added, seed=seed + 1)
    (extra / "manifest.json").unlink()
    counts = ParseCounts()
    grown, _ = timed(lambda: run_pipeline(folder, jobs=jobs, cache=True), fresh)
    reparsed = counts.take()
    shutil.rmtree(extra)
    drop_store(folder)
    return {
        "cached_cold_s": cold,
        "warm_s": warm,
        "warm_ratio": warm / cold,
        "warm_cpu_s": warm_cpu,
        "added_files": added,
        "added_s": grown,
        "added_reparsed": reparsed,
    }


def bench_memory(folder: Path) -> dict[str, float]:
    fresh()
    gc.collect()
    tracemalloc.start()
    frame = run_pipeline(folder, jobs=1, cache=False)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"traced_peak_mb": peak / 1e6, "traced_peak_per_reaction_kb": peak / len(frame) / 1e3}


def list_items_bytes(frame: pd.DataFrame) -> int:
    """Bytes of the strings inside list cells (each distinct object once), which
    ``memory_usage(deep=True)`` leaves out: it counts a list's own size, not its items'."""
    seen: dict[int, int] = {}
    for column in frame.select_dtypes(include="object").columns:
        for cell in frame[column]:
            if isinstance(cell, list):
                seen.update((id(item), sys.getsizeof(item)) for item in cell)
    return sum(seen.values())


def commit() -> str:
    """The checkout's commit, for the record (``"unknown"`` outside git)."""
    try:
        run = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=HERE, capture_output=True, text=True)
    except OSError:
        return "unknown"
    return run.stdout.strip() or "unknown"


def measure(args: argparse.Namespace) -> dict[str, Any]:
    folder = ensure_corpus(args.workdir / f"corpus-{args.articles}", args.articles, args.seed)
    drop_store(folder)
    files = corpus_files(folder)
    result: dict[str, Any] = {"articles": len(files), "jobs": args.jobs, "cores": os.cpu_count()}
    result["commit"] = commit()
    result |= bench_parse(files[: args.parse_sample or None], folder)
    result["corpus_bytes"] = sum(p.stat().st_size for p in files)
    result["load_before"] = os.getloadavg()[0]
    frame: pd.DataFrame | None = None
    serial = pooled = float("inf")
    for _ in range(args.repeat):  # jobs=1 and jobs=N runs interleaved; the fastest of each is kept
        if not args.skip_serial:
            seconds, frame = timed(lambda: run_pipeline(folder, jobs=1, cache=False), fresh)
            if seconds < serial:
                serial, result["e2e_1_cpu_s"] = seconds, CPU["last"]
        fresh()
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        seconds, frame_n = timed(lambda: run_pipeline(folder, jobs=args.jobs, cache=False))
        main_cpu = CPU["last"]
        parallel.shutdown()  # joins the workers, so that their CPU time is counted
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if seconds < pooled:
            pooled, result["e2e_n_main_cpu_s"] = seconds, main_cpu
            result["e2e_n_workers_cpu_s"] = after.ru_utime + after.ru_stime - children.ru_utime - children.ru_stime
        if frame is not None and not frame.equals(frame_n):
            raise SystemExit("parallel run differs from the serial run")
    if frame is None:
        frame, serial, result["e2e_1_cpu_s"] = frame_n, float("nan"), float("nan")
    result |= {"reactions": len(frame), "e2e_1_s": serial, "e2e_n_s": pooled}
    result |= {"e2e_1_per_s": len(frame) / serial, "e2e_n_per_s": len(frame) / pooled}
    result["speedup"] = serial / pooled
    result |= bench_vader(frame["text"].astype(str).tolist(), args.repeat)
    result["ratio_1"] = result["e2e_1_per_s"] / result["vader_per_s"]
    result["ratio_n"] = result["e2e_n_per_s"] / result["vader_per_s"]
    result["ratio_1_cpu"] = result["vader_cpu_s"] / result["e2e_1_cpu_s"]
    result["frame_bytes_per_reaction"] = int(frame.memory_usage(deep=True).sum()) / len(frame)
    result["list_items_bytes_per_reaction"] = list_items_bytes(frame) / len(frame)
    if not args.no_incremental:
        result |= bench_incremental(folder, args.articles, args.seed, args.jobs)
    if not args.no_tracemalloc:
        result |= bench_memory(folder)
    result["load_after"] = os.getloadavg()[0]
    result["max_rss_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1e3
    return result


def table(r: dict[str, Any]) -> str:
    n = r["jobs"]
    lines = [
        f"corpus: {r['articles']} articles ({r['parsed_files']} timed for parse MB/s),"
        f" {r['corpus_bytes'] / 1e6:.1f} MB, {r['reactions']} unique reactions;"
        f" commit {r['commit']}; {r['cores']} cores;"
        f" load average {r['load_before']:.1f} before, {r['load_after']:.1f} after",
        "",
        "| measure | figure |",
        "|---|---|",
        f"| parse (1 core, bytes in memory) | {r['parse_mb_s']:.2f} MB/s"
        f" (by CPU time: {r['parse_cpu_mb_s']:.2f} MB/s) |",
        f"| end to end, jobs=1 | {r['e2e_1_per_s']:,.0f} reactions/s ({r['e2e_1_s']:.2f} s) |",
        f"| end to end, jobs={n} | {r['e2e_n_per_s']:,.0f} reactions/s ({r['e2e_n_s']:.2f} s) |",
        f"| raw VADER polarity_scores, same texts | {r['vader_per_s']:,.0f} texts/s ({r['vader_s']:.2f} s) |",
        f"| end to end / raw VADER, jobs=1 | {r['ratio_1']:.2f}x (by CPU time: {r['ratio_1_cpu']:.2f}x) |",
        f"| end to end / raw VADER, jobs={n} | {r['ratio_n']:.2f}x |",
        f"| speedup jobs={n} vs jobs=1 | {r['speedup']:.2f}x |",
        f"| CPU seconds: jobs=1 run / jobs={n} run: main process + workers | {r['e2e_1_cpu_s']:.2f} s /"
        f" {r['e2e_n_main_cpu_s']:.2f} s + {r['e2e_n_workers_cpu_s']:.2f} s |",
        f"| frame memory per reaction: memory_usage(deep=True) | {r['frame_bytes_per_reaction']:,.0f} B |",
        f"| &nbsp; plus the strings inside list cells | {r['list_items_bytes_per_reaction']:,.0f} B |",
    ]
    if "warm_s" in r:
        lines += [
            f"| cached cold run, jobs={n} | {r['cached_cold_s']:.2f} s |",
            f"| re-run, unchanged corpus | {r['warm_s']:.3f} s ({r['warm_ratio']:.1%} of cold;"
            f" {r.get('warm_cpu_s', float('nan')):.3f} CPU-s) |",
            f"| re-run after adding {r['added_files']} files | {r['added_s']:.2f} s,"
            f" {r['added_reparsed']} files parsed |",
        ]
    if "traced_peak_mb" in r:
        lines.append(
            f"| peak traced memory, jobs=1 | {r['traced_peak_mb']:.0f} MB"
            f" ({r['traced_peak_per_reaction_kb']:.1f} KB per reaction) |"
        )
    lines.append(f"| peak RSS of the benchmark process | {r['max_rss_mb']:.0f} MB |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--articles", type=int, default=1000, help="corpus size: 1000, 10000, 100000")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes (default: all cores)")
    parser.add_argument("--workdir", type=Path, default=HERE / "out", help="where corpora are generated")
    parser.add_argument("--no-incremental", action="store_true", help="skip the cache runs")
    parser.add_argument("--no-tracemalloc", action="store_true", help="skip the traced-memory pass")
    parser.add_argument("--repeat", type=int, default=1, help="end-to-end and VADER runs; the fastest is kept")
    parser.add_argument("--skip-serial", action="store_true", help="skip the jobs=1 end-to-end run")
    parser.add_argument("--parse-sample", type=int, default=0, help="measure parse MB/s on the first N files only")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON here")
    args = parser.parse_args(argv)
    result = measure(args)
    print(table(result))
    if args.json:
        args.json.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
