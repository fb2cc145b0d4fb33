"""reactions.run.guard: documents parsed in worker processes, each within a time limit."""

from __future__ import annotations

import signal
import threading
import time
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from reactions import corpus
from reactions.cli import build_parser, main
from reactions.cli_limits import time_limit
from reactions.corpus import parse_document
from reactions.models import Status
from reactions.run.guard import DEFAULT_TIME_LIMIT, GuardedParser, kept, parse_within

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
    parse_document("warm-up.txt", POST.encode())  # the parser's tables built first, not timed with the sample
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


def kill_when_busy(guard: GuardedParser, source: str, within: float = 600) -> None:
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


# --- the command line's guard: parse_within, --time-limit ---------------------------------------


def slow_on(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """``parse_document`` running for a minute of Python code on the document ``name`` (a parser bug's stand-in),
    as the parser does on the others."""
    real = corpus.parse_document

    def parse(source: str, data: bytes, **options: Any) -> Any:
        if source.endswith(name):
            for _ in range(600):
                time.sleep(0.1)
        return real(source, data, **options)

    monkeypatch.setattr(corpus, "parse_document", parse)


def test_parse_within_stops_a_slow_document_and_parses_the_rest(monkeypatch: pytest.MonkeyPatch) -> None:
    docs = documents(4)
    parse_document(*docs[0])  # the parser's tables built before the clock runs, not in a document's time
    slow_on("a1.txt", monkeypatch)
    got = parse_within(docs, 1.0)  # a limit a small document's parse stays far below even on a loaded machine
    assert [outcome.status for _, outcome in got] == [Status.PARSED, Status.SKIPPED, Status.PARSED, Status.PARSED]
    assert got[1][0] is None
    assert "took longer than 1 s to parse" in (got[1][1].reason or "")
    assert not kept(got[1][1])  # never cached: another run may finish it
    assert got[2] == parse_document(*docs[2])
    assert signal.getsignal(signal.SIGALRM) is signal.SIG_DFL  # the handler put back


def test_parse_within_gives_each_document_its_whole_time_though_the_timer_was_set_before_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The timer is set once for documents in a row (not once each): the one parsed when it goes off, set for an
    earlier one, is stopped only when its own time is up."""
    real = corpus.parse_document
    naps = {"a0.txt": 1.5, "a1.txt": 2.0, "a2.txt": 60.0}  # the limit is 3 s: the first two are within it by 1-1.5 s
    # (a timer left as set for a0 would stop a1 1.5 s into its 2 s)

    def parse(source: str, data: bytes, **options: Any) -> Any:
        until = time.monotonic() + naps.get(source, 0.0)
        while time.monotonic() < until:
            time.sleep(0.05)
        return real(source, data, **options)

    monkeypatch.setattr(corpus, "parse_document", parse)
    docs = documents(4)
    got = parse_within(docs, 3.0)
    assert [outcome.status for _, outcome in got] == [Status.PARSED, Status.PARSED, Status.SKIPPED, Status.PARSED]
    assert signal.getitimer(signal.ITIMER_REAL) == (0.0, 0.0)


@pytest.mark.parametrize("setting", ["1", "0"])
def test_parse_within_reads_the_prefilter_setting_once_a_batch_and_follows_it(
    monkeypatch: pytest.MonkeyPatch, setting: str
) -> None:
    from reactions.parse import prefilter

    monkeypatch.setenv("REACTIONS_PREFILTER", setting)
    asked: list[str] = []
    read = prefilter.enabled
    monkeypatch.setattr(prefilter, "enabled", lambda: asked.append("env") or read())
    prefiltered: list[str] = []
    real = corpus.parse_prefiltered
    monkeypatch.setattr(corpus, "parse_prefiltered", lambda text, src: prefiltered.append(src) or real(text, src))
    docs = documents(3)
    got = parse_within(docs, 30.0)
    assert asked == ["env"]  # once for the batch, not once a document
    assert prefiltered == ([name for name, _ in docs] if setting == "1" else [])
    monkeypatch.setattr(prefilter, "enabled", read)
    assert got == [parse_document(*doc) for doc in docs]


def test_parse_within_outside_the_main_thread_parses_without_a_limit() -> None:
    got: list[Any] = []
    thread = threading.Thread(target=lambda: got.extend(parse_within(documents(2), 0.2)))
    thread.start()
    thread.join()
    assert got == [parse_document(*doc) for doc in documents(2)]


def test_the_cli_skips_a_document_over_its_time_limit_and_keeps_the_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    for source, data in documents(3):
        (folder / source).write_bytes(data)
    out = tmp_path / "out.csv"
    parse_document(*documents(1)[0])  # the parser's tables built before the clock runs, not in a document's time
    slow_on("a1.txt", monkeypatch)
    # a limit a small document's parse stays far below even on a loaded machine (the limit is wall-clock time)
    assert main(["extract", str(folder), "--jobs", "1", "--time-limit", "3", "-o", str(out)]) == 0
    warnings = [line for line in capsys.readouterr().err.splitlines() if line.startswith("warning:")]
    assert len(warnings) == 1
    assert "a1.txt" in warnings[0]
    assert "took longer than 3 s" in warnings[0]
    assert len(pd.read_csv(out)) == 2  # the two other articles' posts
    monkeypatch.undo()  # the parser fixed: the next run parses it (no cache kept the skip)
    assert main(["extract", str(folder), "--jobs", "1", "-q", "-o", str(out)]) == 0
    assert len(pd.read_csv(out)) == 3


@pytest.mark.parametrize("command", ["extract", "network", "compare"])
@pytest.mark.parametrize(("given", "expected"), [("12.5", 12.5), ("0", None)])
def test_every_reading_command_takes_the_time_limit(command: str, given: str, expected: float | None) -> None:
    extra = ["--vs", "b"] if command == "compare" else []
    args = build_parser().parse_args([command, "a", *extra, "--time-limit", given])
    assert time_limit(args) == expected
    assert time_limit(build_parser().parse_args([command, "a", *extra])) == DEFAULT_TIME_LIMIT  # on by default


@pytest.mark.parametrize("given", ["-1", "soon", "nan", "inf"])
def test_the_time_limit_is_zero_or_a_positive_number(capsys: pytest.CaptureFixture[str], given: str) -> None:
    with pytest.raises(SystemExit) as exited:
        build_parser().parse_args(["extract", "a", "--time-limit", given])
    assert exited.value.code == 2
    assert "0 (no limit) or a positive number of seconds" in capsys.readouterr().err
