"""Scale out on Dask: the same run, its tasks on a cluster.

:func:`extract` is :func:`reactions.run.pipeline.extract_frame` with a Dask client as its executor: the files are
listed here exactly as every run lists them, the same reading tasks (:func:`reactions.run.tasks.read_chunk`:
read, parse, columns) and scoring tasks run on the workers, and the merge by reaction id happens here, as in a
single-process run.  The scored frame is written as Parquet partitions when ``out`` is given.  The frame it
returns is identical to ``to_frame(read_corpus(paths))`` (which scores with ``score_frame``).

With no ``client`` it starts a :class:`distributed.LocalCluster` (one single-threaded worker
process per core: parsing holds the GIL; see :func:`local_cluster`) and closes it afterwards.  To run on an existing
cluster, pass a client of its scheduler, e.g. ``with connect("tcp://scheduler:8786") as client:
extract(paths, client)``; the workers need ``reactions`` installed and must see the files at
the same paths (a shared file system).

Dask is an optional extra (``pip install 'reactions[dask]'``) and is imported only here.
"""

from __future__ import annotations

import contextlib
import importlib
import os
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import pandas as pd

from reactions.errors import ReactionsError
from reactions.export import write_atomically
from reactions.frames import with_lag_hours
from reactions.run.guard import PRELOAD
from reactions.sources.files import DEFAULT_READ, ReadOptions

if TYPE_CHECKING:
    from distributed import Client

    from reactions.run.pipeline import Extraction

CONNECT_TIMEOUT = "20s"
"""How long :func:`connect` tries to reach a scheduler before giving up."""
QUIET_CLUSTER: Final = {
    "distributed.worker.multiprocessing-method": "forkserver",
    "distributed.worker.profile.enabled": False,  # a stack sample of every task thread each 10 ms
    "distributed.admin.tick.interval": "1s",  # an event-loop check each 20 ms, in every process
    "distributed.admin.system-monitor.interval": "5s",  # psutil figures each 0.5 s, in every process
    "distributed.worker.memory.monitor-interval": "1s",
}
"""The local cluster's settings (read by its worker processes too): each default interval costs CPU for every
second the run lasts, which on a busy machine is several per CPU-second of work."""
PARTITION_ROWS = 50_000
"""Reactions per Parquet file."""


@contextlib.contextmanager
def connect(address: str | None = None, workers: int | None = None) -> Iterator[Client]:
    """A client of the scheduler at ``address`` (``tcp://host:8786``), or of a fresh
    :class:`distributed.LocalCluster` of ``workers`` single-threaded worker processes (default: one per core)
    that is closed afterwards, with every process it started (see :func:`local_cluster`)."""
    try:
        distributed: Any = importlib.import_module("distributed")
    except ImportError as error:
        raise ReactionsError("Dask is not installed: pip install 'reactions[dask]'") from error
    if address:
        try:
            remote = distributed.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError) as error:
            raise ReactionsError(f"cannot reach the Dask scheduler at {address}: {error}") from error
        with remote:
            yield remote
        return
    with local_cluster(distributed, workers or os.cpu_count() or 1) as cluster, distributed.Client(cluster) as local:
        yield local


@contextlib.contextmanager
def local_cluster(distributed: Any, workers: int) -> Iterator[Any]:
    """A local cluster that costs little more than a process pool: worker processes forked from a fork server
    that imported Dask and the parser once (spawned workers would each import both: about a CPU-second each),
    one thread each (parsing holds the GIL), no dashboard, and none of the sampling a long-lived cluster does
    every few milliseconds (:data:`QUIET_CLUSTER`); and when it closes, the helper processes
    :mod:`multiprocessing` started for it (the fork server, the resource tracker) stopped too, so that nothing
    outlives the command."""
    dask: Any = importlib.import_module("dask")
    context = distributed.utils.get_mp_context  # sets Dask's own preload once: ours, set after, wins
    with dask.config.set(QUIET_CLUSTER):
        context().set_forkserver_preload(["distributed", "pandas", *PRELOAD])
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        )
    try:
        yield cluster
    finally:
        cluster.close()
        _stop_helpers()


def _stop_helpers() -> None:
    """Stop :mod:`multiprocessing`'s fork server and resource tracker (each starts again when next needed), unless
    another process this one started is still alive (another cluster's worker): it holds them open, and stopping
    them would wait for it."""
    from multiprocessing import active_children, forkserver, resource_tracker

    if active_children():
        return

    for helper in (getattr(forkserver, "_forkserver", None), getattr(resource_tracker, "_resource_tracker", None)):
        stop = getattr(helper, "_stop", None)
        if stop is not None:
            with contextlib.suppress(Exception):
                stop()


@contextlib.contextmanager
def _session(client: Client | None) -> Iterator[Any]:
    if client is not None:
        yield client
    else:
        with connect() as local:
            yield local


def extract(
    paths: Sequence[str | Path],
    client: Client | None = None,
    out: str | Path | None = None,
    *,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
) -> pd.DataFrame:
    """The scored frame of every reaction in ``paths`` (files or folders), computed on Dask.

    ``out``: a folder to write the frame into as Parquet partitions (``part.0.parquet``, …).
    ``lexicon`` and ``overrides`` are passed to :func:`reactions.sentiment.score_frame`.
    """
    return extract_run(paths, client, out, lexicon=lexicon, overrides=overrides).frame


def extract_run(
    paths: Sequence[str | Path],
    client: Client | None = None,
    out: str | Path | None = None,
    *,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
    read: ReadOptions = DEFAULT_READ,
    cache: bool = False,
) -> Extraction:
    """:func:`extract` with every file's outcome, for a caller that reports on the run, as ``reactions extract
    --dask`` does: :func:`reactions.run.pipeline.extract_frame`, its tasks run by the cluster's workers."""
    from reactions.run.pipeline import extract_frame

    with _session(client) as active:
        result = extract_frame(paths, cache=cache, lexicon=lexicon, overrides=overrides, read=read, cluster=active)
    if out is not None:
        write_parts(result.frame, Path(out))
    return result


def write_parts(frame: pd.DataFrame, out: Path) -> list[Path]:
    """``frame`` as Parquet files ``out/part.0.parquet``, … of :data:`PARTITION_ROWS` rows each,
    all with one schema (inferred from every row: an empty list in one part says nothing); ``lag`` as
    ``lag_hours``, as in every export (:func:`reactions.export.read_parquet` reads a part back)."""
    arrow: Any = importlib.import_module("pyarrow")
    parquet: Any = importlib.import_module("pyarrow.parquet")
    out.mkdir(parents=True, exist_ok=True)
    frame = with_lag_hours(frame)
    schema = arrow.Schema.from_pandas(frame, preserve_index=False)
    written = []
    for number, start in enumerate(range(0, max(len(frame), 1), PARTITION_ROWS)):
        part = frame.iloc[start : start + PARTITION_ROWS]
        path = out / f"part.{number}.parquet"
        sink = arrow.BufferOutputStream()
        parquet.write_table(arrow.Table.from_pandas(part, schema=schema, preserve_index=False), sink)
        write_atomically(path, sink.getvalue().to_pybytes())  # a failed write never leaves a cut part
        written.append(path)
    return written
