"""reactions.run.executors: one protocol, four executors, chosen in one place; a run's result is the same on each."""

from __future__ import annotations

import concurrent.futures
import operator
import os
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from reactions import languages
from reactions.models import Document
from reactions.run import executors, pipeline, units
from reactions.run.executors import Executor, Guarded, InProcess, ProcessPool, open_executor
from reactions.run.pipeline import extract_frame
from reactions.run.tasks import read_chunk
from reactions.run.units import DocumentBatch
from reactions.sources import partitions

POST = b"Fans wrote back. So good #one \xe2\x80\x94 Ann (@ann) Feb 2, 2020\n"


def test_the_choice_is_made_in_one_place() -> None:
    assert type(open_executor(1)) is InProcess
    assert type(open_executor(2, worth_a_pool=lambda: False)) is InProcess  # too little work for a pool
    with_limit = open_executor(2, time_limit=5.0)
    assert type(with_limit) is Guarded
    with_limit.close()
    pool = open_executor(2)
    assert type(pool) is ProcessPool
    assert pool.width == 2
    pool.close()


def test_one_process_asks_no_pool_whether_it_is_worth_one() -> None:
    asked: list[int] = []
    assert type(open_executor(1, worth_a_pool=lambda: bool(asked.append(1)))) is InProcess
    assert asked == []  # the inputs are never measured for a one-process run


@pytest.mark.parametrize("kind", ["in-process", "pool", "guarded"])
def test_every_executor_runs_the_same_tasks_to_the_same_results(kind: str) -> None:
    chosen: Executor = {
        "in-process": lambda: open_executor(1),
        "pool": lambda: open_executor(2),
        "guarded": lambda: open_executor(2, time_limit=30.0),
    }[kind]()
    assert isinstance(chosen, Executor)
    unit = DocumentBatch((Document("a.txt", POST),), ("a.txt",))
    try:
        jobs = [chosen.submit(operator.add, i, 100) for i in range(6)]
        read = chosen.submit(read_chunk, unit, None)
        chosen.finish()
        assert [chosen.result(job) for job in jobs] == [i + 100 for i in range(6)]
        chunk = chosen.result(read)
    finally:
        chosen.close()
    assert [o.status.value for o in chunk.outcomes] == ["parsed"]
    assert len(chunk.columns["id"]) == 1
    assert list(chunk.detected) == chunk.columns["text"]  # told where it was parsed, for the frame
    assert chunk.detected == languages.detected_languages(chunk.columns["text"], chunk.columns["lang"])
    guard = chosen.guard(4.0)
    assert guard == 4.0 if kind != "guarded" else guard is chosen.parser  # type: ignore[attr-defined]


def test_a_pool_run_leaves_no_temporary_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    monkeypatch.setattr(executors.tempfile, "tempdir", None)
    pool = ProcessPool(2)
    try:
        pool.result(pool.submit(os.getpid))
    finally:
        pool.close()
    # (a fork server, chosen in a process a test before left threaded, keeps its socket in multiprocessing's own
    # pymp-* folder, which multiprocessing removes as the process exits)
    assert [path for path in tmp_path.iterdir() if not path.name.startswith("pymp-")] == []



def test_a_run_gives_the_same_frame_on_every_executor(seeds_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "INLINE_BELOW", 1)  # a pool for the few seeds
    one = extract_frame(seeds_dir, jobs=1, cache=False)
    assert len(one.frame) > 0
    for settings in ({"jobs": 2}, {"jobs": 2, "time_limit": 30.0}):
        other = extract_frame(seeds_dir, cache=False, **settings)  # type: ignore[arg-type]
        pd.testing.assert_frame_equal(other.frame, one.frame)
        assert other.outcomes == one.outcomes


def test_a_cluster_takes_fewer_larger_tasks_of_the_same_documents(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "rows.csv"
    grain = executors.Cluster.grain
    assert grain > 1
    pd.DataFrame({"id": range(10 * grain), "text": ["Fans wrote back."] * 10 * grain}).to_csv(path, index=False)
    monkeypatch.setattr(units, "ITEM_COUNT", 5)
    (part,) = partitions(str(path))
    fine, coarse = list(units.split_part(part)), list(units.split_part(part, grain=grain))
    growth = units.ITEM_GROWTH
    assert grain >= growth  # a cluster's batches do not grow (its grain is larger already)
    assert [len(batch.items) for batch, _ in fine] == [5, 5, 10, 20, 20, 20]  # two small, then up to ITEM_GROWTH
    assert [len(batch.items) for batch, _ in coarse] == [5 * grain] * 2
    assert [item for batch, _ in coarse for item in batch.items] == [item for batch, _ in fine for item in batch.items]
    assert [weight for _, weight in coarse] == [0, 1]  # the part is done with its last batch


class _Client:
    """A stand-in for a Dask client: runs what is submitted at once, and keeps its arguments."""

    def __init__(self) -> None:
        self.sent: list[tuple[Any, ...]] = []
        self.priorities: list[int] = []

    def scheduler_info(self) -> dict[str, Any]:
        return {"workers": {"a": {}, "b": {}}}

    def submit(self, function: Any, *args: Any, pure: bool, priority: int = 0) -> Any:
        self.sent.append(args)
        self.priorities.append(priority)
        done: concurrent.futures.Future[Any] = concurrent.futures.Future()
        done.set_result(function(*args))
        return done


def test_a_cluster_task_travels_as_one_pickle() -> None:
    client = _Client()
    cluster = executors.Cluster(client)
    job = cluster.submit(sorted, ["b", "c", "a"])
    assert [type(each) for args in client.sent for each in args] == [bytes]  # nothing the scheduler would unpickle
    assert job.args == ()  # not held here while the cluster has them
    assert cluster.result(job) == ["a", "b", "c"]


def test_a_task_wanted_later_runs_at_a_lower_priority_on_a_cluster() -> None:
    client = _Client()
    cluster = executors.Cluster(client)
    first, later, next_one = cluster.submit(abs, -1), cluster.submit(abs, -2, later=True), cluster.submit(abs, -3)
    assert client.priorities == [0, -1, 0]  # Dask runs the higher first: the scoring after the reading
    assert [cluster.result(job) for job in (first, later, next_one)] == [1, 2, 3]


def test_a_cluster_task_made_at_run_time_travels_too() -> None:
    pytest.importorskip("cloudpickle")
    client = _Client()
    offset = 3
    job = executors.Cluster(client).submit(lambda value: value + offset, 4)  # not picklable by pickle
    assert executors.Cluster(client).result(job) == 7
