"""reactions.run.guard: documents parsed in worker processes, each within a time limit."""

from __future__ import annotations

import signal
import threading
import time
from typing import Any

import pytest

from reactions.corpus import parse_document
from reactions.models import Status
from reactions.run.guard import GuardedParser

POST = "So proud #win \u2014 Fan (@fan) May 1, 2020\n\n"


def documents(count: int) -> list[tuple[str, bytes]]:
    return [(f"a{i}.txt", f"Post {i} {POST}".encode()) for i in range(count)]


def test_results_are_those_of_parse_document_in_order() -> None:
    docs = [*documents(5), ("bin.txt", b"\x00\x01\x02" * 10), ("page.html", b"<html><body><p>x</p></body></html>")]
    with GuardedParser(time_limit=30, workers=2) as guard:
        got = list(guard.parse(docs))
    assert got == [parse_document(name, data) for name, data in docs]


def slow_document(time_limit: float) -> tuple[str, bytes]:
    """A document whose parse takes at least 10 times ``time_limit`` of CPU (sized from a sample parsed here, so
    that it stays slow enough whatever the parser's speed; at most 20 MB, the largest article read)."""
    sample = (POST * 2_000).encode()
    started = time.process_time()
    parse_document("sample.txt", sample)
    per_byte = max(time.process_time() - started, 1e-3) / len(sample)
    size = min(20 * 2**20, int(10 * time_limit / per_byte))
    return "big.txt", (POST * (size // len(POST.encode()) + 1)).encode()


def test_a_file_over_the_time_limit_is_reported_and_the_rest_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    big = slow_document(1.0)  # a small file's parse, even on a loaded machine, is far below the limit
    docs = [documents(1)[0], big, *documents(3)[1:]]
    started: list[Any] = []
    start = GuardedParser._start

    def remember(guard: GuardedParser) -> Any:
        started.append(start(guard))
        return started[-1]

    monkeypatch.setattr(GuardedParser, "_start", remember)
    with GuardedParser(time_limit=1.0) as guard:
        got = list(guard.parse(docs))
        # not waited for: the worker given the big file was killed on its way (one that had finished would be
        # idle and alive); the next files went to a new worker
        codes = [worker.process.exitcode for worker in started]
    assert codes == [-signal.SIGKILL, None]
    assert [outcome.status for _, outcome in got] == [Status.PARSED, Status.SKIPPED, Status.PARSED, Status.PARSED]
    article, outcome = got[1]
    assert article is None
    assert outcome.path == "big.txt"
    assert "took longer than 1 s to parse" in (outcome.reason or "")
    assert [a.reactions[0].handle for a, _ in got if a is not None] == ["fan", "fan", "fan"]


def kill_when_busy(guard: GuardedParser, source: str, within: float = 60) -> None:
    """Kill the worker once it has been given ``source`` (a fixed delay is not enough on a loaded machine,
    where starting the worker alone can take longer)."""
    stop = time.monotonic() + within
    while time.monotonic() < stop:
        busy = [w for w in list(guard._started) if w.job is not None and w.job[1] == source]
        if busy:
            time.sleep(0.2)  # well into the parse, which takes seconds
            busy[0].process.kill()
            return
        time.sleep(0.01)


def test_a_worker_that_dies_on_a_file_is_reported_and_replaced() -> None:
    big = slow_document(0.5)  # seconds to parse
    with GuardedParser(time_limit=60) as guard:
        killer = threading.Thread(target=kill_when_busy, args=(guard, "big.txt"))
        killer.start()
        got = list(guard.parse([big, *documents(2)]))
        killer.join()
    assert got[0][1].status is Status.SKIPPED
    assert "the parser's process stopped" in (got[0][1].reason or "")
    assert [o.status for _, o in got[1:]] == [Status.PARSED, Status.PARSED]


def test_a_worker_that_died_while_idle_is_replaced() -> None:
    with GuardedParser(time_limit=30) as guard:
        assert [o.status for _, o in guard.parse(documents(1))] == [Status.PARSED]
        (worker,) = guard._idle
        worker.process.kill()
        worker.process.join()
        assert [o.status for _, o in guard.parse(documents(2))] == [Status.PARSED, Status.PARSED]


def test_leaving_early_stops_every_worker() -> None:
    guard = GuardedParser(time_limit=30, workers=2)
    stream = guard.parse(documents(6))
    next(stream)
    processes = [w.process for w in guard._started]
    guard.close()
    assert processes
    assert not any(p.is_alive() for p in processes)


def test_the_time_limit_must_be_positive() -> None:
    with pytest.raises(ValueError, match="positive"):
        GuardedParser(time_limit=0)
