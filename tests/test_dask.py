"""The Dask run gives exactly the frame of the single-process run, and writes it as Parquet."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd
import psutil
import pytest
from processes import processes_marked

pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")

from reactions.errors import ReactionsError  # noqa: E402
from reactions.frames import to_frame  # noqa: E402
from reactions.run import dask as reactions_dask  # noqa: E402
from reactions.run.pipeline import Extraction, extract_frame  # noqa: E402
from reactions.run.units import read_corpus  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT / "seeds"


@pytest.fixture(scope="module")
def client() -> Iterator[distributed.Client]:
    with (
        distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0") as cluster,
        distributed.Client(cluster) as connected,
    ):
        yield connected


@pytest.fixture(scope="module")
def corpus_dir(tmp_path_factory: pytest.TempPathFactory, corpus_generator: ModuleType) -> Path:
    """Seeds plus a generated corpus (text and HTML), with an empty and a binary file."""
    folder = tmp_path_factory.mktemp("dask-corpus")
    shutil.copytree(SEEDS, folder / "seeds")
    corpus_generator.generate(folder / "generated", 60, seed=11, html_share=0.2)
    (folder / "generated" / "manifest.json").unlink()
    (folder / "empty.txt").write_bytes(b"")
    (folder / "binary.txt").write_bytes(b"\x00\xff" * 40)
    return folder


def plain_run(paths: list[Path]) -> pd.DataFrame:
    return to_frame(read_corpus(paths))


def on_cluster(paths: list[Path], client: distributed.Client, **settings: Any) -> Extraction:
    """The one run path, its tasks on the cluster (as ``reactions extract --dask`` runs)."""
    return extract_frame(paths, cluster=client, **{"cache": False, **settings})


def test_dask_frame_is_identical_to_single_process(client: distributed.Client, corpus_dir: Path) -> None:
    expected = plain_run([corpus_dir])
    got = on_cluster([corpus_dir], client)
    assert len(expected) > 200
    pd.testing.assert_frame_equal(got.frame, expected)
    assert got.outcomes == extract_frame([corpus_dir], jobs=1, cache=False).outcomes


def test_dask_scoring_options_reach_the_workers(client: distributed.Client, corpus_dir: Path) -> None:
    plain = plain_run([corpus_dir / "seeds"])
    first = str(plain["id"].iloc[0])
    got = on_cluster([corpus_dir / "seeds"], client, overrides={first: "negative"}).frame
    assert got.loc[0, "sentiment"] == "negative"
    assert bool(got.loc[0, "overridden"])
    pd.testing.assert_frame_equal(got.iloc[1:], plain.iloc[1:])


def test_dask_on_nothing_gives_the_empty_frame(client: distributed.Client, tmp_path: Path) -> None:
    (tmp_path / "empty.txt").write_bytes(b"")
    got = on_cluster([tmp_path], client)
    pd.testing.assert_frame_equal(got.frame, plain_run([tmp_path]))


def test_connect_to_an_existing_scheduler_by_address(client: distributed.Client, corpus_dir: Path) -> None:
    address = client.scheduler.address
    with reactions_dask.connect(address) as remote:
        result = on_cluster([corpus_dir / "seeds"], remote)
    assert len(result.outcomes) == 5
    pd.testing.assert_frame_equal(result.frame, plain_run([corpus_dir / "seeds"]))


def test_an_unreachable_scheduler_is_a_clean_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(reactions_dask, "CONNECT_TIMEOUT", "1s")
    with pytest.raises(ReactionsError, match=r"cannot reach the Dask scheduler at tcp://127\.0\.0\.1:9"):  # noqa: SIM117
        with reactions_dask.connect("tcp://127.0.0.1:9"):
            pass


def test_a_cluster_run_is_the_pipeline_run_and_keeps_its_frame(
    client: distributed.Client, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from reactions.run import framecache

    folder = tmp_path / "seeds"
    shutil.copytree(SEEDS, folder)
    monkeypatch.setattr(framecache, "RACY_NS", 0)  # files just written count as settled (as they are 3 s later)
    first = on_cluster([folder], client, cache=True)
    again = on_cluster([folder], client, cache=True)
    assert not first.from_cache
    assert again.from_cache  # the frame a cluster run worked out is kept, as a local run's is
    pd.testing.assert_frame_equal(again.frame, plain_run([folder]))


@pytest.fixture(scope="module")
def dataset_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Datasets made from the seeds (a CSV and a two-row-group Parquet, with URLs, titles and dates) and a web
    archive of the golden pages, beside one plain article."""
    from warc_factory import golden_pages, write_warc

    folder = tmp_path_factory.mktemp("dask-datasets")
    seeds = sorted(SEEDS.glob("*.txt"))
    rows = pd.DataFrame({
        "id": [p.stem for p in seeds],
        "title": [f"Seed {i}" for i in range(len(seeds))],
        "text": [p.read_text(encoding="utf-8") for p in seeds],
        "url": [f"https://www.outlet{i % 2}.co.uk/story/{i}" for i in range(len(seeds))],
        "date": ["2020-02-03"] * len(seeds),
    })  # fmt: skip
    rows.to_csv(folder / "seeds.csv", index=False)
    rows.iloc[::-1].to_parquet(folder / "seeds.parquet", row_group_size=2)  # the same posts, other citers
    write_warc(folder / "pages.warc.gz", golden_pages())
    shutil.copy(SEEDS / seeds[0].name, folder / "one.txt")
    return folder


def test_datasets_and_archives_on_dask_give_the_single_process_frame(
    client: distributed.Client, dataset_dir: Path
) -> None:
    expected = plain_run([dataset_dir])
    single = extract_frame([dataset_dir], jobs=1, cache=False)
    pd.testing.assert_frame_equal(single.frame, expected)
    pd.testing.assert_frame_equal(on_cluster([dataset_dir], client).frame, expected)
    sources = {s for cited in expected["sources"] for s in cited}
    assert any(s.startswith("seeds.csv#") for s in sources)
    assert any(s.startswith("seeds.parquet#") for s in sources)
    assert any(s.startswith("https://news.example/") for s in sources)  # the archive's records
    assert {o for cited in expected["outlets"] for o in cited} == {"outlet0.co.uk", "outlet1.co.uk"}


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_a_cli_run_on_a_local_cluster_leaves_no_process_behind(tmp_path: Path) -> None:
    mark = uuid.uuid4().hex
    env = {**os.environ, "REACTIONS_TEST_RUN": mark, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    out = tmp_path / "out.csv"
    command = [sys.executable, "-m", "reactions", "extract", str(SEEDS), "--dask", "-q", "--no-cache", "-o", str(out)]
    subprocess.run(command, env=env, check=True, timeout=300)
    assert processes_marked(mark) == []  # at once: the workers, the fork server, the resource tracker all gone
    assert len(pd.read_csv(out)) > 0


CHILDREN_AFTER_RUN = """
import sys, psutil
from reactions.cli import main
status = main(sys.argv[1:])
print(status, [child.cmdline() for child in psutil.Process().children(recursive=True)])
"""


def test_after_a_cli_run_on_a_local_cluster_the_process_has_no_child(tmp_path: Path) -> None:
    out = tmp_path / "out.csv"
    command = [sys.executable, "-c", CHILDREN_AFTER_RUN, "extract", str(SEEDS), "--dask", "-q", "--no-cache",
               "-o", str(out)]  # fmt: skip
    env = {**os.environ, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run(command, env=env, check=True, timeout=300, capture_output=True, text=True)
    assert done.stdout.strip().splitlines()[-1] == "0 []"  # no worker, no fork server, no resource tracker


def test_a_local_cluster_has_the_workers_asked_for() -> None:
    with reactions_dask.connect(workers=1) as local:
        assert len(local.scheduler_info()["workers"]) == 1


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
def test_ctrl_c_in_a_terminal_stops_a_cluster_run_with_one_line_and_no_process_left(tmp_path: Path) -> None:
    seeds = [p.read_text(encoding="utf-8") for p in sorted(SEEDS.glob("*.txt"))]
    # seconds of parsing: each row its own text (copies of one text are parsed once per process, which left the run
    # a second long, and a Ctrl-C sent as its workers came up could come after it had ended)
    rows = [f"{seeds[i % len(seeds)]}\n\nRow {i}." for i in range(10_000)]
    pd.DataFrame({"id": range(len(rows)), "text": rows}).to_csv(tmp_path / "many.csv", index=False)
    mark = uuid.uuid4().hex
    env = {**os.environ, "REACTIONS_TEST_RUN": mark, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "reactions", "extract", str(tmp_path / "many.csv"), "--dask", "--jobs", "2",
               "--no-cache", "-q", "-o", str(tmp_path / "out.csv")]  # fmt: skip
    run = subprocess.Popen(command, env=env, start_new_session=True, stderr=subprocess.PIPE, text=True)
    while len(processes_marked(mark)) < 3 and run.poll() is None:  # the command and its two workers
        time.sleep(0.02)
    os.killpg(run.pid, signal.SIGINT)  # as a terminal does: every process of the command gets it
    _, err = run.communicate(timeout=300)
    assert run.returncode == 130
    assert err.strip().splitlines() == ["error: interrupted"]  # no worker died of it, nor logged the cluster's end
    assert processes_marked(mark) == []


def test_an_error_inside_a_local_cluster_run_stops_its_workers() -> None:
    with pytest.raises(RuntimeError, match="a bug"), reactions_dask.connect(workers=2) as local:  # noqa: PT012
        workers = list(local.run(os.getpid).values())
        assert len(workers) == 2
        raise RuntimeError("a bug")
    assert not any(psutil.pid_exists(pid) and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE for pid in workers)


CLUSTER_IN_A_CLEAN_PROCESS = """
import os, signal, sys, threading, psutil
from reactions.errors import ReactionsError
from reactions.run import dask as reactions_dask
signal.signal(signal.SIGINT, signal.default_int_handler)  # as a command started in a terminal hears Ctrl-C (a test
# run started in the background of a script inherits it ignored, and Python then leaves it so)
case = sys.argv[1]
stop = threading.Event()
if case.startswith("threaded"):  # another thread: forking this process could copy a lock held
    threading.Thread(target=stop.wait, daemon=True).start()
if case == "no-join":  # each forked worker ends at once
    reactions_dask._serve = lambda pipe: None
if case == "ctrl-c-while-forking":  # a Ctrl-C reaches this process just after its first worker is forked
    import multiprocessing.context, signal
    fork_start = multiprocessing.context.ForkProcess.start
    def start(process):
        fork_start(process)
        if not getattr(start, "done", False):
            start.done = True
            os.kill(os.getpid(), signal.SIGINT)
    multiprocessing.context.ForkProcess.start = start
if case.endswith("ctrl-c-as-the-start-ends"):  # one reaches this process the moment Ctrl-C is heard again
    import signal
    hear = reactions_dask._Deafness.hear
    def hear_then_ctrl_c(deaf):
        first = deaf._deaf and not getattr(hear_then_ctrl_c, "done", False)
        hear(deaf)
        if first:
            hear_then_ctrl_c.done = True
            os.kill(os.getpid(), signal.SIGINT)
    reactions_dask._Deafness.hear = hear_then_ctrl_c
try:
    with reactions_dask.connect(workers=2) as local:
        workers = set(local.run(os.getpid).values())
        parents = {psutil.Process(pid).ppid() == os.getpid() for pid in workers}
        print(len(workers), parents, local.submit(sum, [1, 2]).result())
except ReactionsError as error:
    print("error:", error)
except KeyboardInterrupt:
    print("interrupted")
stop.set()
alive = [pid for pid in locals().get("workers", ()) if psutil.pid_exists(pid)
         and psutil.Process(pid).status() != "zombie"]
print(alive, [child.cmdline() for child in psutil.Process().children(recursive=True)])
"""


def cluster_in_a_clean_process(case: str) -> list[str]:
    """What :data:`CLUSTER_IN_A_CLEAN_PROCESS` prints for ``case``: run where no test's cluster has started threads."""
    command = [sys.executable, "-c", CLUSTER_IN_A_CLEAN_PROCESS, case]
    return subprocess.run(command, check=True, timeout=300, capture_output=True, text=True).stdout.splitlines()


def test_a_local_cluster_forks_its_workers_from_this_process_and_they_end_with_it() -> None:
    assert cluster_in_a_clean_process("plain") == ["2 {True} 3", "[] []"]  # no fork server between; none left


def test_beside_another_thread_a_local_cluster_takes_its_workers_from_a_fork_server() -> None:
    assert cluster_in_a_clean_process("threaded") == ["2 {False} 3", "[] []"]


def test_a_ctrl_c_while_the_workers_are_forked_stops_the_run_and_leaves_nothing() -> None:
    """The workers are forked with Ctrl-C ignored in them; this process only notes one that comes meanwhile, and
    stops once the cluster is up (it used to ignore it too: the run went on, as if no Ctrl-C had come)."""
    assert cluster_in_a_clean_process("ctrl-c-while-forking") == ["interrupted", "[] []"]


@pytest.mark.parametrize("case", ["ctrl-c-as-the-start-ends", "threaded ctrl-c-as-the-start-ends"])
def test_a_ctrl_c_the_moment_the_start_ends_stops_the_run_and_leaves_nothing(case: str) -> None:
    """Between the start (Ctrl-C only noted) and the run, nothing is uncovered: a Ctrl-C there once left the
    workers waiting for a scheduler's address, and the command waiting for them at exit, for ever."""
    assert cluster_in_a_clean_process(case) == ["interrupted", "[] []"]


def test_workers_that_never_join_are_a_clean_error_and_leave_nothing() -> None:
    said, left = cluster_in_a_clean_process("no-join")
    assert said.startswith("error: the local Dask cluster's 2 workers did not start")
    assert left == "[] []"


def test_the_teardown_quiets_dask_loggers_and_then_restores_them() -> None:
    import logging

    seen: list[str] = []
    handler = logging.Handler()
    handler.emit = lambda record: seen.append(record.getMessage())  # type: ignore[method-assign]
    top, below, off = (logging.getLogger(name) for name in ("distributed", "distributed.comm.tcp", "distributed.x"))
    off.disabled = True  # one already disabled stays so
    top.addHandler(handler)
    try:
        with reactions_dask._quiet_logging():
            below.error("comm closed, as the cluster closes")
            assert [top.disabled, below.disabled, logging.getLogger("tornado.application").disabled] == [True] * 3
        below.error("a worker's error")
        assert [top.disabled, below.disabled, off.disabled] == [False, False, True]
    finally:
        top.removeHandler(handler)
        off.disabled = False
    assert seen == ["a worker's error"]


class Stuck:
    """A client or cluster whose ``close`` never ends (until released)."""

    def __init__(self) -> None:
        self.calls: list[str] = []
        self.released = threading.Event()

    def run(self, function: Any, **settings: Any) -> None:
        self.calls.append(function.__name__)

    def close(self, timeout: float | None = None) -> None:
        self.calls.append("close")
        self.released.wait()


def test_a_teardown_step_that_never_ends_is_given_up_on() -> None:
    client, cluster = Stuck(), Stuck()
    try:
        given_up = reactions_dask._teardown(client, cluster, limit=0.01)
    finally:
        client.released.set()
        cluster.released.set()
    assert given_up == ["close the client", "close the cluster"]
    assert client.calls == ["_quiet_for_good", "close"]
    assert cluster.calls == ["close"]


class CtrlCAsItCloses(Stuck):
    """A client whose ``close`` is cut by a Ctrl-C (sent to the main thread, as a terminal's reaches it)."""

    def close(self, timeout: float | None = None) -> None:
        self.calls.append("close")
        assert threading.main_thread().ident is not None
        signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)


@pytest.mark.parametrize("after_error", [False, True])
def test_a_ctrl_c_as_the_cluster_closes_lets_it_close_then_stops_a_run_that_had_ended(after_error: bool) -> None:
    client, cluster = CtrlCAsItCloses(), Stuck()
    cluster.released.set()  # this one closes at once
    if after_error:  # the error on its way stays the one raised
        assert reactions_dask._teardown(client, cluster, limit=60, after_error=True) == []
    else:
        with pytest.raises(KeyboardInterrupt):
            reactions_dask._teardown(client, cluster, limit=60)
    assert client.calls == ["_quiet_for_good", "close"]
    assert cluster.calls == ["close"]  # the teardown went on after the Ctrl-C


def test_a_ctrl_c_pending_as_the_deafness_starts_is_noted(monkeypatch: pytest.MonkeyPatch) -> None:
    """``signal.signal`` first runs the old handler on a signal pending: a KeyboardInterrupt there once could skip
    the teardown it was to guard."""
    real, calls = signal.signal, []

    def pending_once(signum: int, handler: Any) -> Any:
        calls.append(handler)
        if len(calls) == 1:
            raise KeyboardInterrupt
        return real(signum, handler)

    monkeypatch.setattr(signal, "signal", pending_once)
    with reactions_dask.deaf_to_ctrl_c() as deaf:
        assert deaf.noted == [signal.SIGINT]
    assert len(calls) == 3  # tried, set, restored
    assert real(signal.SIGINT, signal.default_int_handler) is calls[-1]


def test_workers_that_do_not_end_are_killed() -> None:
    import multiprocessing

    stubborn = multiprocessing.get_context("spawn").Process(target=time.sleep, args=(3600,))
    stubborn.start()
    reactions_dask._end_processes([stubborn], limit=0.01)
    assert stubborn.exitcode == -signal.SIGKILL


LOGS_OF_A_CLUSTER_RUN = """
import logging, sys, threading
from distributed.diagnostics.plugin import SchedulerPlugin, WorkerPlugin
from reactions.run import dask as reactions_dask
if sys.argv[1] == "threaded":  # the workers come from a fork server
    threading.Thread(target=threading.Event().wait, daemon=True).start()

def shout(text):
    logging.getLogger("distributed.worker").error(text)

class Worker(WorkerPlugin):
    def teardown(self, worker):
        logging.getLogger("distributed.worker").error("a worker closing")

class Scheduler(SchedulerPlugin):
    async def close(self):
        logging.getLogger("distributed.scheduler").error("the scheduler closing")

with reactions_dask.connect(workers=1) as local:
    local.register_plugin(Worker())
    local.register_plugin(Scheduler())
    local.run(shout, "a worker's error during the run")
print("done")
"""


@pytest.mark.parametrize("case", ["plain", "threaded"])
def test_what_dask_logs_during_a_run_shows_and_what_it_logs_as_the_cluster_closes_does_not(case: str) -> None:
    command = [sys.executable, "-c", LOGS_OF_A_CLUSTER_RUN, case]
    done = subprocess.run(command, check=True, timeout=300, capture_output=True, text=True)
    assert done.stdout == "done\n"
    assert "a worker's error during the run" in done.stderr
    assert "closing" not in done.stderr, done.stderr


def test_a_ctrl_c_while_a_task_is_submitted_comes_after_it() -> None:
    """A Ctrl-C inside ``client.submit`` (Dask's ``Future.__init__``) left a half-built future, whose
    ``__del__`` printed a traceback as the command exited: the submission ends, then the Ctrl-C is raised."""
    from reactions.run.executors import Cluster

    assert threading.current_thread() is threading.main_thread()
    built: list[str] = []

    class Client:
        def scheduler_info(self) -> dict[str, Any]:
            return {"workers": {"a": {}}}

        def submit(self, *args: Any, **kwargs: Any) -> str:
            signal.pthread_kill(threading.main_thread().ident or 0, signal.SIGINT)  # as a Future is built
            built.append("future")
            return "future"

    with pytest.raises(KeyboardInterrupt):
        Cluster(Client()).submit(len, "x")
    assert built == ["future"]


NO_PANDAS = """
import sys
from reactions.run import dask as reactions_dask


def pandas_loaded():
    return "pandas" in sys.modules


with reactions_dask.connect(workers=2) as local:
    print(pandas_loaded(), sorted(set(local.run(pandas_loaded).values())))
"""


def test_a_local_cluster_starts_without_pandas() -> None:
    """Issue 19: the cluster's workers were forked with pandas imported (0.24 CPU-s of this process's) though no
    task needs it any more: a run that writes CSV never loads it."""
    done = subprocess.run([sys.executable, "-c", NO_PANDAS], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "False [False]"
