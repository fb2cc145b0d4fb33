"""Speed on other real datasets: each CSV's cold run beside the floor and the naive pipeline, optionally beside
another checkout's code, in the same minutes.

``bench_real.py`` measures the FakeNewsNet bulk corpus; a dataset from elsewhere (another language, another density
of embedded posts, a few megabytes where start-up counts) may spend its time elsewhere.  For each CSV, the least CPU
time (user + system) over ``--repeat`` interleaved runs of whole processes:

* ``floor`` and ``naive``: as in ``bench_real.py`` (read the CSV; a regex for ``— Name (@handle) Date`` and raw
  vaderSentiment), on the column ``--text-col`` names;
* ``cold``: ``reactions extract CSV --jobs 1 --no-cache`` with this checkout's code, and with ``--baseline DIR``'s
  (its ``reactions`` package first on ``PYTHONPATH``), alternated.

Usage::

    python benchmarks/bench_datasets.py A.csv B.csv … [--text-col text] [--repeat 2] [--baseline /tmp/base]
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_real import FLOOR, NAIVE, as_installed

CHECKOUT = Path(__file__).resolve().parent.parent


def on_column(script: str, column: str) -> str:
    """``bench_real``'s CSV script reading ``column`` instead of ``text``."""
    return script.replace('row["text"]', f"row[{column!r}]")


def text_mb(path: Path, column: str) -> float:
    """Megabytes (millions of characters) of article text in ``path``'s ``column``, as the floor counts them."""
    script = on_column(FLOOR, column)
    found = subprocess.run([sys.executable, "-c", script, str(path)], check=True, capture_output=True, text=True)
    return int(found.stdout.strip()) / 1e6


def cpu_of(argv: list[str], env: dict[str, str], cwd: Path) -> float:
    """The CPU seconds (user + system) of running ``argv`` to its end in ``cwd`` (not a checkout: ``python -m``
    puts the current folder first on the path, before ``PYTHONPATH``)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, env=env, cwd=cwd)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measure(path: Path, column: str, repeat: int, work: Path, baseline: Path | None) -> dict[str, float]:
    """The least CPU seconds of each kind over ``repeat`` interleaved runs on ``path``."""
    python = sys.executable
    out = str(work / "out.csv")
    cli = [python, "-m", "reactions", "extract", str(path.resolve()), "--jobs", "1", "--no-cache", "-q", "-o", out]
    here = {**as_installed(work), "PYTHONPATH": str(CHECKOUT)}
    runs = {
        "floor": ([python, "-c", on_column(FLOOR, column), str(path.resolve())], here),
        "naive": ([python, "-c", on_column(NAIVE, column), str(path.resolve())], here),
        "cold": (cli, here),
    }
    if baseline is not None:
        base = {**as_installed(work / "base"), "PYTHONPATH": str(baseline)}
        runs["cold, baseline"] = (cli, base)
    for command, env in runs.values():
        cpu_of(command, env, work)  # the bytecode written, untimed
    best: dict[str, float] = {}
    for _ in range(repeat):
        for kind, (command, env) in runs.items():
            best[kind] = min(best.get(kind, float("inf")), cpu_of(command, env, work))
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("datasets", type=Path, nargs="+", help="CSV files with a column of article text")
    parser.add_argument("--text-col", default="text")
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--baseline", type=Path, help="a checkout whose code to measure beside this one's")
    args = parser.parse_args(argv)
    header = f"{'dataset':32} {'MB text':>7} {'floor':>6} {'naive':>6} {'cold':>6} {'MB/s':>6} {'x naive':>8}"
    print(header + (f" {'baseline':>9} {'change':>7}" if args.baseline else ""))
    with tempfile.TemporaryDirectory(prefix="bench-datasets-") as tmp:
        for path in args.datasets:
            best = measure(path, args.text_col, args.repeat, Path(tmp), args.baseline)
            mb = text_mb(path, args.text_col)
            line = (f"{path.name[:32]:32} {mb:7.1f} {best['floor']:6.2f} {best['naive']:6.2f} {best['cold']:6.2f} "
                    f"{mb / best['cold']:6.1f} {best['cold'] / best['naive']:8.2f}")  # fmt: skip
            if args.baseline:
                before = best["cold, baseline"]
                line += f" {before:9.2f} {100 * (best['cold'] - before) / before:+6.1f}%"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
