"""What a run costs besides parsing: start-up, the caches, and memory as the corpus grows (issue 19, items 3-5).

Every figure is CPU time (user + system) or peak RSS of a ``reactions extract`` process of its own, read with
``os.wait4`` (so another busy process on the machine does not count, and each figure is that process's alone),
with the modules' bytecode compiled once beforehand, as an installed package's is (:func:`as_installed`):

* start-up: ``reactions extract seeds/`` (a dozen reactions: nearly all of it is start-up), warm (its frame read
  back from the cache), the least of ``--repeat`` runs; beside it the floor, a process that only imports pandas
  (pandas 3 imports numpy and pyarrow), measured the same way, and what the package adds to it;
* cold and warm: ``reactions extract CORPUS --jobs 1 --cache-dir NEW`` and the same again (the stored export is
  written: :mod:`reactions.run.outputs`), again after the stored exports are dropped (the stored frame is read
  back), and once more after the stored frames are dropped too (every document's parse and every reaction's
  scores come from the cache: a changed corpus);
* cache writes: a cold run in this process (``extract_output``, as ``reactions extract -o x.csv`` makes it) with
  :meth:`ParseCache.put`, the writing of each batch of parses (``flush``), :meth:`ParseCache.put_scores`, the tidying
  (``batched.tidy``), the reading tasks' opening of their store (``tasks._task_store``) and its close (the
  connection's own close: SQLite checkpoints the write-ahead log into the file there), the frame cache's save and
  the export's (``outputs._keep``) and the close of the stores they were written through timed
  (``time.process_time``), as a share of the run; the parse cache's lookups in that cold run (``get``,
  ``get_scores``: all misses) beside them;
* memory: peak RSS of ``--jobs 1 --no-cache`` runs on 1x, 4x and 16x the corpus (copies under other folder
  names, hard-linked when the file system allows: the same reactions, 4 and 16 times the articles), with the
  run's memo of parses keeping none (:data:`UNREMEMBERED`), so that each copy is parsed as distinct articles are;
  measured before the cache writes' run in this process: Linux keeps a process's peak RSS across ``fork`` and
  ``exec``, so a child started after that run reported this process's 160 MB as its own at 1x and 16x alike.

Usage::

    python benchmarks/bench_run.py /work/bulk/fnn [--scales 1,4,16] [--repeat 5] [--work /tmp/bench-run]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Final

HERE = Path(__file__).resolve().parent
SEEDS = HERE.parent / "seeds"
COMMAND = [sys.executable, "-m", "reactions", "extract"]
UNREMEMBERED: Final = [
    sys.executable,
    "-c",
    "import runpy, sys; import reactions.run.memo as memo; memo.MEMO_ENTRIES = 0; sys.argv[0] = 'reactions';"
    " runpy.run_module('reactions', run_name='__main__', alter_sys=True)",
    "extract",
]
"""``reactions extract`` with the run's memo of parses keeping none (:mod:`reactions.run.memo`): the memory runs'
copies of the corpus are the same bytes, which a run would otherwise parse once; with none kept, each copy is
parsed as a corpus of 16 times the distinct articles would be."""
ENV: dict[str, str] | None = None
"""The measured processes' environment (:func:`as_installed`), set by :func:`main`."""


def as_installed(work: Path) -> dict[str, str]:
    """The environment of a measured process: Python's bytecode of every module written once (under ``work``, not
    the checkout) and read back by every later run, as a package installed by pip runs (pip compiles it).  Without
    it a session with ``PYTHONDONTWRITEBYTECODE=1`` compiles each of the package's modules from source in every
    run: ~0.05 CPU-s of a 0.5 s start-up.  Run each command once, untimed, first."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "PYTHONPYCACHEPREFIX": str(work / "pycache")}


def measured(argv: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """CPU seconds (user + system) and peak RSS (MB) of one process running ``argv``."""
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=env or ENV)
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        raise SystemExit(f"failed ({process.returncode}): {' '.join(argv)}")
    return usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def startup(work: Path, repeat: int) -> float:
    """CPU seconds of ``reactions extract seeds/`` (its own cache folder, warm after the first run), the least."""
    argv = [*COMMAND, str(SEEDS), "-q", "--jobs", "1", "--cache-dir", str(work / "seeds-cache")]
    measured([*argv, "-o", str(work / "seeds.csv")])  # the cache filled, the bytecode written
    return min(measured([*argv, "-o", str(work / "seeds.csv")])[0] for _ in range(repeat))


def pandas_floor(repeat: int) -> float:
    """CPU seconds of a process that imports pandas and nothing else, the least of ``repeat``: what any run that
    builds or writes a frame costs before the package does anything."""
    measured([sys.executable, "-c", "import pandas"])  # the bytecode written
    return min(measured([sys.executable, "-c", "import pandas"])[0] for _ in range(repeat))


def cold_and_warm(corpus: Path, work: Path) -> dict[str, float]:
    """CPU seconds of a cold run, a warm one (the stored export), one over the stored frame and one over the parse
    and score caches."""
    folder = work / "cache"
    shutil.rmtree(folder, ignore_errors=True)
    argv = [*COMMAND, str(corpus), "--jobs", "1", "--cache-dir", str(folder), "-q", "-o", str(work / "x.csv")]
    measured([sys.executable, "-c", "import pandas"])  # its bytecode written: the cold run never loads pandas, and
    cold, _ = measured(argv)  # the run over the stored frame (the first to load it) would compile it all
    warm, _ = measured(argv)
    runs = {"cold": cold, "warm": warm}
    for name, table in (("frame_warm", "output_cache"), ("parse_warm", "frame_cache")):
        for store in folder.glob("corpus-*.db"):
            with sqlite3.connect(store) as db:
                db.execute(f"DELETE FROM {table}")
        runs[name], _ = measured(argv)
        for store in folder.glob("corpus-*.db"):  # the run stored them again
            with sqlite3.connect(store) as db:
                db.execute("DELETE FROM output_cache")
    return runs


PARSE_CACHE: Final = frozenset({"open", "put", "flush", "put_scores", "score keys", "tidy", "close"})
"""The timed functions that write the parse cache (issue 19's "writing the parse cache ≤ 3 %"): the reading and
scoring tasks' opening of their store; each document's parse; each reaction's scores, with what the scoring task
does only for the score cache (each row's key, the rows made plain values for the store, the scored columns built
back from them: ``score keys``); and the close of the store that wrote them (its tidying and the connection's
close, where SQLite checkpoints the write-ahead log: the parses' and scores' pages).  The stored frame and the
stored export (:mod:`reactions.run.framecache`, :mod:`reactions.run.outputs`) are caches of their own, and so is
the close of a store that wrote only them (``close others``)."""
LOOKUPS: Final = frozenset({"get", "get_scores"})
"""The parse cache's lookups, all misses in a cold run: shown beside the writes."""


def cache_write_share(corpus: Path, work: Path) -> tuple[dict[str, float], float]:
    """CPU seconds spent writing the caches during a cold run in this process (by function), and the run's."""
    from reactions import cells
    from reactions.run import batched, cache, framecache, outputs, tasks

    spent: dict[str, float] = {}

    def timed(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            start = time.process_time()
            try:
                return function(*args, **kwargs)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start

        return wrapper

    os.environ[cache.CACHE_DIR_ENV] = str(work / "share-cache")
    shutil.rmtree(work / "share-cache", ignore_errors=True)
    writes = "_write" if hasattr(cache.ParseCache, "_write") else "flush"  # (each batch of parses, flushed or not)
    names = ("put", writes, "put_scores", "get", "get_scores")
    originals = {name: getattr(cache.ParseCache, name) for name in names}
    saved, kept, tidy, opened, close = (
        framecache.save,
        outputs._keep,
        batched.tidy,
        tasks._task_store,
        cache.ParseCache.close,
    )
    spec = outputs.OutputSpec("csv", (("columns", "all"), ("people", True)))
    in_put: list[float] = []

    def closed(store: Any) -> None:
        """The close, less the flush and tidying inside it (timed as themselves), as the parse cache's when the
        store wrote parses or scores, else as the frame's or export's."""
        name = "close" if store.written or store.pending else "close others"
        before = spent.get("flush", 0.0) + spent.get("tidy", 0.0)
        timed(name, close)(store)
        spent[name] -= spent.get("flush", 0.0) + spent.get("tidy", 0.0) - before

    def put(store: Any, entries: Any) -> None:
        before = spent.get("flush", 0.0)
        timed("put", originals["put"])(store, entries)
        in_put.append(spent.get("flush", 0.0) - before)  # put calls flush every FLUSH_ROWS rows: counted once

    scored: list[float] = []  # the scoring inside score_cached: what a run without the cache does too

    def score_columns(texts: Any, **options: Any) -> Any:
        start = time.process_time()
        try:
            return scorer(texts, **options)
        finally:
            scored.append(time.process_time() - start if len(texts) else 0.0)

    def score_cached(ids: Any, texts: Any, langs: Any, store: Any, **options: Any) -> Any:
        before = sum(scored) + spent.get("get_scores", 0.0) + spent.get("put_scores", 0.0)
        try:
            return timed("score keys", cached)(ids, texts, langs, store, **options)
        finally:
            spent["score keys"] -= sum(scored) + spent.get("get_scores", 0.0) + spent.get("put_scores", 0.0) - before

    scorer, cached = tasks.score_columns, tasks.score_cached
    try:
        tasks.score_columns, tasks.score_cached = score_columns, score_cached
        for name, function in originals.items():
            setattr(cache.ParseCache, name, timed("flush" if name == writes else name, function))
        cache.ParseCache.put, cache.ParseCache.close = put, closed  # type: ignore[method-assign]
        framecache.save, outputs._keep = timed("frame", saved), timed("export", kept)
        batched.tidy = timed("tidy", tidy)  # (a store's close, after a run that wrote parses)
        tasks._task_store = timed("open", opened)
        start = time.process_time()
        outputs.extract_output([corpus], spec, lambda result: cells.csv_bytes(result.table, excel_safe=True), jobs=1)
        total = time.process_time() - start
    finally:
        for name, function in originals.items():
            setattr(cache.ParseCache, name, function)
        cache.ParseCache.close = close  # type: ignore[method-assign]
        framecache.save, outputs._keep, batched.tidy, tasks._task_store = saved, kept, tidy, opened
        tasks.score_columns, tasks.score_cached = scorer, cached
    spent["put"] -= sum(in_put)
    return spent, total


def copies(corpus: Path, times: int, work: Path) -> Path:
    """``times`` copies of ``corpus`` under ``work/x{times}/c0…``: hard links where possible (no disk used)."""
    target = work / f"x{times}"
    if target.exists():
        return target
    building = work / f".x{times}"
    shutil.rmtree(building, ignore_errors=True)
    for i in range(times):
        shutil.copytree(corpus, building / f"c{i:02d}", copy_function=_link_or_copy)
    building.rename(target)
    return target


def _link_or_copy(source: str, destination: str) -> None:
    try:
        os.link(source, destination)
    except OSError:
        shutil.copy2(source, destination)


def peak_rss(corpus: Path, scales: list[int], work: Path) -> Iterator[tuple[int, float, float]]:
    """Peak RSS (MB) and CPU seconds of an uncached ``--jobs 1`` run over each multiple of the corpus."""
    for times in scales:
        folder = corpus if times == 1 else copies(corpus, times, work)
        argv = [*UNREMEMBERED, str(folder), "--jobs", "1", "--no-cache", "-q", "-o", str(work / f"x{times}.csv")]
        cpu, rss = measured(argv)
        yield times, rss, cpu


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("corpus", type=Path, help="the real bulk corpus (a FakeNewsNet folder), or any corpus")
    parser.add_argument("--scales", default="1,4,16", help="corpus multiples for peak RSS (default 1,4,16)")
    parser.add_argument("--repeat", type=int, default=5, help="start-up runs, the least is shown (default 5)")
    parser.add_argument("--work", type=Path, help="where the copies and caches go (default: a temporary folder)")
    parser.add_argument("--skip", default="", help="comma-separated parts to skip: startup,cache,share,memory")
    args = parser.parse_args(argv)
    if args.work is not None:
        args.work.mkdir(parents=True, exist_ok=True)
        return _run(args, args.work)
    with tempfile.TemporaryDirectory(prefix="bench-run-") as work:  # (the copies and caches go with it)
        return _run(args, Path(work))


def _run(args: argparse.Namespace, work: Path) -> int:
    skip = set(filter(None, args.skip.split(",")))
    global ENV
    ENV = as_installed(work)
    measured([*COMMAND, str(SEEDS), "-q", "--jobs", "1", "--no-cache", "-o", str(work / "first.csv")])  # bytecode
    print(f"corpus {args.corpus}  load average {os.getloadavg()[0]:.1f}")
    if "startup" not in skip:
        took, floor = startup(work, args.repeat), pandas_floor(args.repeat)
        share = (f"the package's share {took - floor:.2f}" if took >= floor
                 else "below it: this run did not load pandas (the stored export)")
        print(f"start-up: reactions extract seeds/  {took:.2f} CPU-s (least of {args.repeat}); "
              f"import pandas alone {floor:.2f}, {share}")  # fmt: skip
    if "cache" not in skip:
        runs = cold_and_warm(args.corpus, work)
        cold = runs["cold"]
        print(
            f"cold {cold:.2f} CPU-s | warm (stored export) {runs['warm']:.2f} = {runs['warm'] / cold:.1%} of cold"
            f" | stored frame {runs['frame_warm']:.2f} = {runs['frame_warm'] / cold:.1%}"
            f" | parse and score caches only {runs['parse_warm']:.2f} = {runs['parse_warm'] / cold:.1%}"
        )
    if "memory" not in skip:  # before the share's run in this process: a child's peak RSS starts at its parent's
        first = None
        for times, rss, cpu in peak_rss(args.corpus, [int(s) for s in args.scales.split(",")], work):
            first = first or rss
            print(f"{times:>3}x: peak RSS {rss:7.1f} MB = {rss / first:.2f}x the 1x peak  ({cpu:.1f} CPU-s)")
    if "share" not in skip:
        parts, total = cache_write_share(args.corpus, work)
        lookups = sum(seconds for name, seconds in parts.items() if name in LOOKUPS)
        spent = sum(parts.values()) - lookups
        parse = sum(seconds for name, seconds in parts.items() if name in PARSE_CACHE)
        shown = ", ".join(f"{name} {seconds:.3f}" for name, seconds in parts.items() if name not in LOOKUPS)
        print(f"cache writes {spent:.2f} of {total:.2f} CPU-s in a cold run = {spent / total:.1%} ({shown})")
        print(
            f"  the parse cache alone (its store opened, parses, scores and their keys, the store's close) {parse:.3f}"
            f" ="
            f" {parse / total:.2%}; the stored frame and export {spent - parse:.2f} = {(spent - parse) / total:.1%}"
        )
        print(f"  the parse cache's lookups in the cold run (all misses) {lookups:.3f} = {lookups / total:.2%}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
