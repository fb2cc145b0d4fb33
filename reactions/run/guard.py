"""Parsing in worker processes with a time limit per file, for callers that must never hang on one file.

The parser is linear on every input it has been tried on (``benchmarks/adversarial.py``), but a server that
several people share cannot bet on that: one pathological file parsed in the server's own process would hold
it (a regex holds the GIL, so every session would freeze).  :class:`GuardedParser` hands each document to a
worker process and waits at most ``time_limit`` seconds for it; a file that takes longer is reported as skipped
and its worker is killed and replaced, so the rest go on.  A worker that dies (killed for memory, say) is
reported the same way.  The page reads its corpus and its uploads through it.

The command line, which owns its process, has a lighter guard that keeps its process pool as fast as without:
:func:`parse_within` parses in whichever process runs the reading task (this one, a pool's worker) and stops a
document at its time limit with a timer signal (``SIGALRM``), which interrupts the parser's Python code wherever
it is (a quadratic loop, say), though not a single call into C until it returns.  Where there is no such signal
(Windows) or the task runs outside a main thread (a Dask worker's thread), documents are parsed without a limit.

>>> with GuardedParser(time_limit=30) as guard:
...     [outcome.status.value for _, outcome in guard.parse([("a.txt", b"Hi #x \\xe2\\x80\\x94 A (@a) May 1, 2020")])]
['parsed']
"""

from __future__ import annotations

import logging
import signal
import threading
import time
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Final

from reactions.models import FileOutcome, Status
from reactions.run.cache import Parsed, connections_open

if TYPE_CHECKING:
    from multiprocessing.connection import Connection

logger = logging.getLogger(__name__)

__all__ = [
    "DEFAULT_TIME_LIMIT", "PRELOAD", "GuardedParser", "RawDocument", "kept", "parse_within", "timed_out",
    "worker_context",
]

RawDocument = tuple[str, bytes]
"""A document to parse as it travels between processes: its article id (source) and its bytes."""
Document = RawDocument
PRELOAD: Final = (
    "reactions.corpus", "reactions.parse.article", "reactions.parse.html", "reactions.parse.prefilter",
    "reactions.sentiment",
)  # fmt: skip
"""Modules imported once before worker processes are forked (by a fork server, or by this process before it forks
a pool), so that each worker starts with the parser loaded instead of importing it again (about half a
CPU-second each).  Not pandas (``reactions.frames``): no task needs it, and a command-line run that writes CSV
never loads it (importing it before the fork was a quarter of a CPU-second of ``--jobs 2``'s serial part)."""

DEFAULT_TIME_LIMIT: Final = 30.0
"""Seconds one file may take to parse (a normal article takes milliseconds; a 20 MB one about 3 s)."""
START_LIMIT: Final = 120.0
"""Seconds a worker may take to start and import the parser (not counted in any file's time)."""
WARM_UP: Final = "So proud #win \u2014 Fan (@fan) May 1, 2020\n".encode()
"""A post a worker parses before it says it is ready: the parser builds its tables on its first document (about
0.13 CPU-seconds), which would otherwise count in the first file's time."""
_READY: Final = "ready"
_TIMED_OUT: Final = "took longer than "
_CRASHED: Final = "the parser's process stopped"


def worker_context() -> Any:
    """``fork`` (workers start at once, nothing re-imported) in a single-threaded process with no store open,
    such as the CLI (:func:`reactions.run.cache.connections_open`); else a fork server that has imported
    :data:`PRELOAD` (forking a threaded process such as the Streamlit server or a Dask client can deadlock); else
    the platform's default.  (:mod:`multiprocessing` is loaded here: a run in one process never loads it, ~5-9 ms
    of start-up.)"""
    import multiprocessing

    methods = multiprocessing.get_all_start_methods()
    if "fork" in methods and threading.active_count() == 1 and not connections_open():
        return multiprocessing.get_context("fork")
    if "forkserver" in methods:
        context = multiprocessing.get_context("forkserver")
        context.set_forkserver_preload(list(PRELOAD))
        return context
    return multiprocessing.get_context()


def timed_out(source: str, limit: float) -> FileOutcome:
    """The outcome of a file whose parse took longer than ``limit`` seconds."""
    return FileOutcome(
        source, None, Status.SKIPPED,
        reason=f"{_TIMED_OUT}{limit:g} s to parse and was stopped (the other files are read; "
        "please report this file as a parser bug)",
    )  # fmt: skip


def _crashed(source: str, code: int | None) -> FileOutcome:
    return FileOutcome(source, None, Status.SKIPPED, reason=f"{_CRASHED} (exit code {code})")


def kept(outcome: FileOutcome) -> bool:
    """Whether a parse's outcome may be kept (in a cache): not one of a document stopped by a guard, whose parse
    another run with another limit (or machine) may finish."""
    reason = outcome.reason or ""
    return outcome.status is not Status.SKIPPED or not reason.startswith((_TIMED_OUT, _CRASHED))


class _Expired(BaseException):
    """A document's time is up (a ``BaseException``: the parser's own ``except Exception`` lets it through)."""


class _Alarm:
    """The ``SIGALRM`` handler: raises :class:`_Expired` once the document being parsed has run past its
    ``deadline``, else does nothing (a signal that arrives just as the parse ends is dropped).

    The timer is set for a document only when it is not running already: one set for a whole batch of quick
    documents, not one system call each.  When it goes off before the document's own deadline (it was set for an
    earlier one), it is set again for the time left: a document is stopped after ``limit`` seconds, as with a timer
    of its own."""

    def __init__(self) -> None:
        self.armed = False
        self.running = False
        """Whether the timer is set (it goes off once, then must be set again)."""
        self.deadline = 0.0
        """When the document being parsed must be done (``time.monotonic()``)."""

    def start(self, limit: float) -> None:
        """A document's parse begins: it is stopped ``limit`` seconds from now."""
        self.deadline = time.monotonic() + limit
        self.armed = True
        if not self.running:
            self.running = True
            signal.setitimer(signal.ITIMER_REAL, limit)

    def __call__(self, signum: int, frame: object) -> None:
        self.running = False
        if not self.armed:
            return
        left = self.deadline - time.monotonic()
        if left > 0:  # set for an earlier document: wait on for this one's time
            self.running = True
            signal.setitimer(signal.ITIMER_REAL, left)
            return
        self.armed = False
        raise _Expired


def parse_within(documents: Iterable[Document], limit: float) -> list[Parsed]:
    """Each document parsed in this process, each stopped after ``limit`` seconds (wall time) and reported as
    skipped (:func:`timed_out`), the others parsed as :func:`reactions.corpus.parse_document` parses them."""
    from reactions.corpus import parse_document
    from reactions.parse.prefilter import enabled

    prefilter = enabled()  # (read once for the batch, not once a document)
    if not hasattr(signal, "setitimer") or threading.current_thread() is not threading.main_thread():
        return [parse_document(source, data, prefilter=prefilter) for source, data in documents]
    alarm = _Alarm()
    previous = signal.signal(signal.SIGALRM, alarm)
    results: list[Parsed] = []
    try:
        for source, data in documents:
            try:
                alarm.start(limit)
                result = parse_document(source, data, prefilter=prefilter)
                alarm.armed = False
            except _Expired:
                logger.info("%s: took longer than %g s to parse; stopped", source, limit)
                result = None, timed_out(source, limit)
            finally:
                alarm.armed = False  # the timer runs on, disarmed
            results.append(result)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
    return results


def _serve(conn: Connection) -> None:
    """A worker: parse each document it is sent and send back the result, until it is sent ``None``."""
    from reactions.corpus import parse_document

    parse_document("warm-up.txt", WARM_UP)  # the parser's tables built in the start's time, not in a file's
    conn.send(_READY)
    while True:
        try:
            item = conn.recv()
        except (EOFError, OSError):
            return
        if item is None:
            return
        source, data = item
        conn.send(parse_document(source, data))


class _Worker:
    """One worker process and its end of the pipe."""

    def __init__(self, ctx: Any) -> None:
        self.conn, child = ctx.Pipe()
        self.process = ctx.Process(target=_serve, args=(child,), daemon=True)
        self.process.start()
        child.close()
        self.job: tuple[int, str, float] | None = None
        """The document it is on: its index, its source and when it must be done by."""
        if not self.conn.poll(START_LIMIT) or self.conn.recv() != _READY:
            self.stop(kill=True)
            raise OSError(f"the parser's worker process did not start within {START_LIMIT:g} s")

    def give(self, index: int, document: Document, deadline: float) -> None:
        self.conn.send(document)
        self.job = index, document[0], deadline

    def stop(self, *, kill: bool = False) -> None:
        if kill:
            self.process.kill()
        else:
            try:
                self.conn.send(None)
            except OSError:
                self.process.kill()
        self.process.join(timeout=5)
        if self.process.is_alive():
            self.process.kill()
            self.process.join()
        self.conn.close()


class GuardedParser:
    """Parses documents in ``workers`` processes, each document within ``time_limit`` seconds.

    Use as a context manager (the workers stop on exit).  :meth:`parse` gives one result per document, in
    order; a document that runs out of time, or whose worker dies, gets a skipped outcome saying so.
    """

    def __init__(self, time_limit: float = DEFAULT_TIME_LIMIT, workers: int = 1) -> None:
        if time_limit <= 0:
            raise ValueError(f"the time limit must be positive, not {time_limit}")
        self.time_limit = time_limit
        self.workers = max(1, workers)
        self._context = worker_context()
        self._idle: list[_Worker] = []
        self._started: list[_Worker] = []

    def parse(self, documents: Iterable[Document]) -> Iterator[Parsed]:
        """One result per document, in order."""
        queue = list(documents)
        results: dict[int, Parsed] = {}
        busy: list[_Worker] = []
        given = done = 0
        while done < len(queue):
            while given < len(queue) and len(busy) < self.workers:
                worker = self._ready_worker()
                worker.give(given, queue[given], time.monotonic() + self.time_limit)
                busy.append(worker)
                given += 1
            for worker in self._collect(busy, results):
                busy.remove(worker)
            while done in results:
                yield results.pop(done)
                done += 1

    def _collect(self, busy: Sequence[_Worker], results: dict[int, Parsed]) -> list[_Worker]:
        """Wait for the first worker to finish or run out of time; the workers that are free again."""
        from multiprocessing.connection import wait

        soonest = min(w.job[2] for w in busy if w.job is not None)
        ready = wait([w.conn for w in busy], timeout=max(0.0, soonest - time.monotonic()))
        freed = []
        now = time.monotonic()
        for worker in busy:
            assert worker.job is not None
            index, source, deadline = worker.job
            if worker.conn in ready:
                try:
                    results[index] = worker.conn.recv()
                except (EOFError, OSError):
                    worker.process.join(timeout=5)
                    logger.warning("%s: the parser's process stopped (exit code %s)", source, worker.process.exitcode)
                    results[index] = None, _crashed(source, worker.process.exitcode)
                    worker.stop(kill=True)
                    freed.append(worker)
                    continue
                worker.job = None
                self._idle.append(worker)
                freed.append(worker)
            elif now >= deadline:
                logger.warning("%s: took longer than %g s to parse; stopped", source, self.time_limit)
                results[index] = None, timed_out(source, self.time_limit)
                worker.stop(kill=True)
                freed.append(worker)
        return freed

    def _ready_worker(self) -> _Worker:
        """An idle worker that is still alive (one that died while idle is replaced), else a new one."""
        while self._idle:
            worker = self._idle.pop()
            if worker.process.is_alive():
                return worker
            worker.stop(kill=True)
        return self._start()

    def _start(self) -> _Worker:
        worker = _Worker(self._context)
        self._started = [w for w in self._started if w.process.is_alive()] + [worker]
        return worker

    def close(self) -> None:
        """Stop every worker (one still on a document, when :meth:`parse` was left early, is killed)."""
        for worker in self._started:
            if worker.process.is_alive():
                worker.stop(kill=worker.job is not None)
        self._started.clear()
        self._idle.clear()

    def __enter__(self) -> GuardedParser:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
