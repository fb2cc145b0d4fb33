"""Benchmark ``reactions extract`` with ``--jobs 1``, ``--jobs 2`` and ``--dask`` on the same inputs.

Each run is a fresh ``python -m reactions extract PATH --no-cache -q -o OUT.csv`` process; for each the wall time
and the CPU time of the whole process tree (this process's waited-for children: the command, its pool workers
and Dask's processes) are taken, the run of least CPU of ``--repeat``.  On a shared machine the wall-time speed-up
is what the other users left; the CPU ratio (``cpu / cpu of --jobs 1``) says how much work parallelism adds,
whatever the load.  The main process's own CPU time is taken too (its exit included: the interpreter freeing what
it holds), and the part of it spent while no worker can run (the *serial* CPU: before the run's executor starts,
and after the frame is built: writing the output, exiting).  On
idle cores a run lasts about as long as its busiest process, and at least its CPU over the cores, so ``jobs1 CPU /
max(main CPU, the others' CPU per other process, CPU / 2)`` estimates the speed-up two idle cores would give (the
"idle 2-core estimate").  That estimate takes the main process's CPU as it was shared on a loaded machine (where
the scheduler gives it more tasks when the worker is held back); the *critical-path* estimate does not: the main
process's CPU while no worker had a task (before the first was handed out, after the last result was read: the
"main alone" CPU) runs alone, the rest is shared by the two cores, so ``jobs1 CPU / (alone + (CPU - alone) / 2)``
is the speed-up of a run whose parallel part is perfectly balanced, from CPU times only.  After each run, any
process the command left behind is counted (it must be none), and its output, sorted, is compared with the
``--jobs 1`` run's.

Make the inputs from the real bulk corpus with ``benchmarks/make_bulk_dataset.py``::

    python benchmarks/make_bulk_dataset.py /work/bulk/fnn /tmp/fnn.csv --limit 6237
    python benchmarks/make_bulk_dataset.py /work/bulk/fnn /tmp/fnn.warc.gz
    python benchmarks/bench_parallel.py /tmp/fnn.csv /tmp/fnn.warc.gz /work/bulk/fnn --repeat 3
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import NamedTuple

MARK = "REACTIONS_BENCH_RUN"
MODES = {"jobs1": ["--jobs", "1"], "jobs2": ["--jobs", "2"], "dask": ["--jobs", "2", "--dask"]}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def left_behind(marker: str) -> int:
    """Processes still running with ``marker`` in their environment (every process the command started
    inherits it, wherever it was re-parented)."""
    wanted = f"{MARK}={marker}".encode()
    count = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            if wanted in (entry / "environ").read_bytes().split(b"\0"):
                count += 1
        except OSError:
            continue
    return count


RUNNER = """
import resource, sys, time
from reactions.run import executors, pipeline, scheduler
from reactions.run.parallel import shutdown
marks = []
handed = []  # this process's CPU when a worker was first handed a task, and when a worker's result was last read
def first_handed(function):
    def call(self, *args, **kwargs):
        function(self, *args, **kwargs)
        if self.handed and not handed:
            handed.append(time.process_time())
    return call
def last_read(function):
    def call(*args, **kwargs):
        try:
            return function(*args, **kwargs)
        finally:
            handed[1:] = [time.process_time()]
    return call
scheduler.Scheduler.hand_out = first_handed(scheduler.Scheduler.hand_out)
scheduler._unspill = last_read(scheduler._unspill)
def noted(function):
    def call(*args, **kwargs):
        marks.append(time.process_time())
        try:
            return function(*args, **kwargs)
        finally:
            marks.append(time.process_time())
    return call
pipeline.open_executor = noted(pipeline.open_executor)
pipeline.extract_frame = noted(pipeline.extract_frame)
from reactions.cli import main
status = main(sys.argv[1:])
shutdown()
own = resource.getrusage(resource.RUSAGE_SELF)
cpu = own.ru_utime + own.ru_stime
serial = marks[1] + (cpu - marks[-1]) if len(marks) == 4 else float("nan")
workers = resource.getrusage(resource.RUSAGE_CHILDREN)  # every worker has been waited for
alone = (handed[0] + cpu - handed[-1]) if len(handed) == 2 else cpu
print(f"main-cpu {cpu:.3f} serial-cpu {serial:.3f} workers-cpu {workers.ru_utime + workers.ru_stime:.3f} "
      f"alone-cpu {alone:.3f}", file=sys.stderr)
sys.exit(status)
"""
"""``reactions extract``, then the CPU time of its own process (not its workers') on stderr, the part of it
before the executor was open and after the run's frame was built, and the part while no worker had a task (before
the first was handed to one, after the last worker's result was read: ``alone``)."""


class Run(NamedTuple):
    """One run's figures."""

    wall: float
    cpu: float
    main: float
    serial: float
    alone: float
    left: int
    output: bytes


def run_once(path: str, mode: str, out: Path) -> Run:
    """Wall seconds, CPU seconds (the whole process tree), CPU seconds of the main process alone and of its serial
    part, processes left behind, and the output's lines sorted."""
    command = [sys.executable, "-c", RUNNER, "extract", path, "--no-cache", "-q", "-o", str(out), *MODES[mode]]
    cpu, wall = children_cpu(), time.perf_counter()
    env = {**os.environ, "REACTIONS_CACHE_DIR": str(out.parent / "cache"), MARK: str(out)}
    done = subprocess.run(command, check=True, env=env, capture_output=True, text=True)
    wall, cpu = time.perf_counter() - wall, children_cpu() - cpu
    figures = done.stderr.rsplit("main-cpu ", 1)[1].split()
    lines = out.read_bytes().splitlines()
    output = b"\n".join([lines[0], *sorted(lines[1:])])  # rows in any order
    exit_cpu = cpu - float(figures[0]) - float(figures[4])  # the interpreter's own end: freeing what it holds
    main, serial, alone = float(figures[0]) + exit_cpu, float(figures[2]) + exit_cpu, float(figures[6]) + exit_cpu
    return Run(wall, cpu, main, serial, alone, left_behind(str(out)), output)


CORES = 2
"""The idle cores the estimate is for (``--jobs 2``, a cluster of 2 workers)."""
OTHERS = {"jobs1": 0, "jobs2": 1, "dask": 2}
"""Processes besides the main one that do the tasks (a 2-worker cluster's main process does none)."""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="+", help="inputs, each measured on its own")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--modes", default="jobs1,jobs2,dask", help="of: " + ", ".join(MODES))
    args = parser.parse_args(argv)
    modes = args.modes.split(",")
    print(f"load average before: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    print("| input | mode | wall s | CPU s | main CPU s | serial CPU s | main alone CPU s | wall speed-up |"
          " idle 2-core estimate | critical-path estimate | CPU / jobs1 CPU | left behind | output as jobs1 |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|")
    with tempfile.TemporaryDirectory(prefix="bench-parallel-") as folder:
        for path in args.paths:
            best: dict[str, Run] = {}
            for _ in range(args.repeat):
                for mode in modes:  # interleaved, so that a change in the load hits every mode alike
                    got = run_once(path, mode, Path(folder) / f"out-{mode}.csv")
                    old = best.get(mode)
                    best[mode] = got if old is None or got.cpu < old.cpu else old  # the run of least CPU
                    best[mode] = best[mode]._replace(left=max(got.left, old.left if old else 0))
            base = best.get("jobs1")
            for mode in modes:
                run = best[mode]
                speed = f"{base.wall / run.wall:.2f}x" if base else "-"
                ratio = f"{run.cpu / base.cpu:.2f}" if base else "-"
                # on idle cores a run lasts about as long as its busiest process (the main one, or the others' CPU
                # shared among them), and at least its CPU shared among the cores
                others = OTHERS[mode]
                busiest = max(run.main, (run.cpu - run.main) / others, run.cpu / CORES) if others else run.cpu
                idle = f"{base.cpu / busiest:.2f}x" if base else "-"
                # the main process alone, then the rest shared by the cores: load-proof (CPU times only)
                path_cpu = run.alone + (run.cpu - run.alone) / CORES if others else run.cpu
                critical = f"{base.cpu / path_cpu:.2f}x" if base else "-"
                same = ("yes" if run.output == base.output else "NO") if base else "-"
                figures = f"{run.wall:.2f} | {run.cpu:.2f} | {run.main:.2f} | {run.serial:.2f} | {run.alone:.2f}"
                estimates = f"{speed} | {idle} | {critical} | {ratio}"
                print(f"| {Path(path).name} | {mode} | {figures} | {estimates} | {run.left} | {same} |")
    print(f"load average after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
