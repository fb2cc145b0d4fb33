"""Benchmark a corpus that looks like a real one: few articles embed anything.

The corpus: the dev set's articles (``articles/*.txt`` of ``/work/shared/devset``, real news with
embedded posts; its web pages ``html/*.html`` too with ``--html``) mixed 1:``--ratio`` (default 20) with
embed-free news prose from the generator (``benchmarks/generate_corpus.py --embed-free``: realistic
lengths, quoted speech that is not a post), written to a temporary folder.  Measured in this one run, on that corpus:

* the floor: list the files, read and decode each (:func:`reactions.parse.text.decode_bytes`) and run one
  ``str.find`` over its text, in this process;
* end to end: files -> scored frame through the one run path (:func:`reactions.run.pipeline.extract_frame`,
  cache off) with ``jobs=1`` and ``jobs=N``, with the prefilter (:mod:`reactions.parse.prefilter`) and without it
  (``REACTIONS_PREFILTER=0``); the frames must be equal.

MB/s per core is the corpus's bytes over the wall time, over the jobs; the ratio is that over the floor's
MB/s.  Wall times are the fastest of ``--repeat`` runs (the kinds interleaved); beside them, MB per CPU
second (this process and its workers), which a machine busy with other work disturbs less.

Usage::

    python benchmarks/real_corpus.py [DEVSET] [--ratio 20] [--jobs 2] [--repeat 3] [--html] [--workdir DIR]
"""

from __future__ import annotations

import argparse
import gc
import os
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from generate_corpus import generate  # noqa: E402

from reactions import sentiment  # noqa: E402
from reactions.corpus import scan_files  # noqa: E402
from reactions.parse.text import decode_bytes  # noqa: E402
from reactions.run import parallel  # noqa: E402
from reactions.run.pipeline import extract_frame  # noqa: E402

DEVSET = Path("/work/shared/devset")
TARGET_MB_S = 50.0
"""The issue's target: MB/s per core end to end on such a corpus."""


def build_corpus(devset: Path, out: Path, ratio: int, seed: int, *, html: bool = False) -> dict[str, int]:
    """The dev set's articles (and its web pages, when ``html``) under ``out/devset`` and ``ratio`` times as
    many embed-free articles under ``out/free``."""
    parts = ("articles", "html") if html else ("articles",)
    real = [p for part in parts if (devset / part).is_dir() for p in sorted((devset / part).iterdir())]
    real = [p for p in real if p.suffix in (".txt", ".html")]
    if not real:
        raise SystemExit(f"{devset}: no articles/*.txt")
    (out / "devset").mkdir(parents=True, exist_ok=True)
    for path in real:
        shutil.copyfile(path, out / "devset" / f"{path.parent.name}-{path.name}")
    manifest = generate(out / "free", len(real) * ratio, seed=seed, embed_free=True)
    (out / "free" / "manifest.json").unlink()
    return {"real_files": len(real), "free_files": int(manifest["articles"])}


def floor(folder: Path) -> None:
    """List, read and decode every file, and look once through its text: what no run can go below."""
    for listed in scan_files([folder]):
        with open(listed.path, "rb") as file:
            decode_bytes(file.read()).text.find("\0")


def fresh() -> None:
    """A run as a fresh process starts it: no VADER analyses remembered, no worker processes."""
    sentiment.analyse.cache_clear()
    parallel.shutdown()


def cpu_seconds() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers, once shut down)."""
    me, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def timed(run: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall and CPU seconds of ``run()`` (after :func:`fresh`), and its result."""
    fresh()
    gc.collect()
    start, used = time.perf_counter(), cpu_seconds()
    result = run()
    return time.perf_counter() - start, cpu_seconds() - used, result


def end_to_end(folder: Path, jobs: int, prefilter: bool) -> pd.DataFrame:
    """Files -> scored frame, uncached, with the prefilter on or off (workers follow the environment)."""
    os.environ["REACTIONS_PREFILTER"] = "1" if prefilter else "0"
    try:
        return extract_frame([folder], jobs=jobs, cache=False).frame
    finally:
        parallel.shutdown()  # joins the workers (their CPU time is counted); the next run's start afresh
        os.environ.pop("REACTIONS_PREFILTER", None)


def measure(folder: Path, jobs: int, repeat: int) -> dict[str, Any]:
    """Every run ``repeat`` times, the kinds interleaved (a busy moment falls on all alike); the fastest wall
    time and the least CPU time of each kind are kept."""
    size = sum(listed.stat.st_size for listed in scan_files([folder], stat=True) if listed.stat)
    result: dict[str, Any] = {"bytes": size, "jobs": jobs, "load_before": os.getloadavg()[0]}
    runs: dict[str, Callable[[], Any]] = {"floor": lambda: floor(folder)}
    for prefilter in (True, False):
        for n in sorted({1, jobs}):
            runs[f"e2e_{'on' if prefilter else 'off'}_{n}"] = lambda n=n, p=prefilter: end_to_end(folder, n, p)
    frames = []
    for _ in range(repeat):
        for key, run in runs.items():
            wall, cpu, output = timed(run)
            result[f"{key}_s"] = min(wall, result.get(f"{key}_s", wall))
            result[f"{key}_cpu_s"] = min(cpu, result.get(f"{key}_cpu_s", cpu))
            if isinstance(output, pd.DataFrame):
                frames.append(output)
    if any(not frame.equals(frames[0]) for frame in frames):
        raise SystemExit("the runs with and without the prefilter, or with 1 and N jobs, gave different frames")
    result["reactions"] = len(frames[0])
    result["load_after"] = os.getloadavg()[0]
    return result


def table(r: dict[str, Any], files: dict[str, int]) -> str:
    mb = r["bytes"] / 1e6
    floor_wall, floor_cpu = mb / r["floor_s"], mb / r["floor_cpu_s"]
    lines = [
        f"corpus: {files['real_files']} dev-set articles + {files['free_files']} embed-free ones, {mb:.1f} MB,"
        f" {r['reactions']} reactions; load average {r['load_before']:.2f} -> {r['load_after']:.2f}",
        "",
        "| run | wall s | MB/s per core (wall) | x floor | CPU s | MB/s per CPU second | x floor |",
        "|---|---:|---:|---:|---:|---:|---:|",
        f"| floor: list + read + decode + one str.find, 1 core | {r['floor_s']:.2f} | {floor_wall:.1f} | 1.00"
        f" | {r['floor_cpu_s']:.2f} | {floor_cpu:.1f} | 1.00 |",
    ]
    best = 0.0
    for prefilter in ("on", "off"):
        for n in sorted({1, r["jobs"]}):
            wall, cpu = r[f"e2e_{prefilter}_{n}_s"], r[f"e2e_{prefilter}_{n}_cpu_s"]
            per_core, per_cpu = mb / wall / n, mb / cpu
            best = max(best, per_core) if prefilter == "on" else best
            lines.append(
                f"| extract_frame, jobs={n}, prefilter {prefilter} | {wall:.2f} | {per_core:.1f} |"
                f" {per_core / floor_wall:.2f} | {cpu:.2f} | {per_cpu:.1f} | {per_cpu / floor_cpu:.2f} |"
            )
    lines += ["", f"target: >= {TARGET_MB_S:.0f} MB/s per core end to end; best with the prefilter: {best:.1f}"]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("devset", type=Path, nargs="?", default=DEVSET, help=f"the dev set (default {DEVSET})")
    parser.add_argument("--ratio", type=int, default=20, help="embed-free articles per dev-set article (default 20)")
    parser.add_argument("--jobs", type=int, default=2, help="processes of the parallel run (default 2)")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each kind; the fastest is kept (default 3)")
    parser.add_argument("--seed", type=int, default=11, help="the generator's seed (default 11)")
    parser.add_argument("--html", action="store_true", help="add the dev set's web pages (html/) to its articles")
    parser.add_argument("--workdir", type=Path, help="where to write the corpus (default: a temporary folder)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(dir=args.workdir) as temp:
        folder = Path(temp) / "corpus"
        files = build_corpus(args.devset, folder, args.ratio, args.seed, html=args.html)
        print(table(measure(folder, args.jobs, args.repeat), files))
    return 0


if __name__ == "__main__":
    sys.exit(main())
