"""Uploads decoded in a worker process within a time limit, so that no upload can hold or swell the server.

:func:`reactions.sources.uploads.read_uploads` is bounded by the bytes each file produces (its budget is charged
while a dataset is decoded, a compressed bomb stops at the row cap), but a server that several people share does
not bet on that: :func:`read_uploads_guarded` runs it in a process of its own (the parser's workers' kind:
:func:`reactions.run.guard.worker_context`) and waits at most ``time_limit`` seconds.  An upload that takes
longer, or whose process dies (killed for memory, say), is a skipped outcome saying so, and the files after it
are read by a fresh process; the server's own memory never holds more than the upload's bytes and what was read
from them.
"""

from __future__ import annotations

from collections.abc import Iterable
from multiprocessing.connection import Connection
from typing import Final

from reactions.models import FileOutcome, Status
from reactions.run.guard import START_LIMIT, worker_context
from reactions.sources.uploads import (
    Upload,
    UploadLimits,
    UploadState,
    base_name,
    merge_uploads,
    read_uploads_each,
    unique_name,
)

__all__ = ["UPLOAD_TIME_LIMIT", "read_uploads_guarded"]

UPLOAD_TIME_LIMIT: Final = 120.0
"""Seconds one uploaded file may take to decode (100 MB of CSV takes about 10 s; the process's start is not
counted: :data:`reactions.run.guard.START_LIMIT`)."""

DEFAULT_LIMITS: Final = UploadLimits()
"""The page's caps on one upload."""

Files = tuple[tuple[str, bytes], ...]
_READY: Final = "ready"


def _decode(conn: Connection, files: Files, limits: UploadLimits, state: UploadState) -> None:
    """The worker: decode the files in turn, sending back each one's upload and the state after it."""
    try:
        conn.send(_READY)
        for found in read_uploads_each(files, limits=limits, state=state):
            conn.send(found)
    finally:
        conn.close()


def read_uploads_guarded(files: Iterable[tuple[str, bytes]], *, taken: Iterable[str] = (),
                         limits: UploadLimits = DEFAULT_LIMITS,
                         time_limit: float = UPLOAD_TIME_LIMIT) -> Upload:
    """:func:`~reactions.sources.uploads.read_uploads` in a worker process, each file within ``time_limit``
    seconds; never raises on bad input.  A file that takes longer, or whose process dies, is a skipped outcome,
    and the files after it are read by a fresh process from where the upload stood (its names and budget)."""
    files = tuple(files)
    state = UploadState(tuple(taken), limits.max_files, limits.max_total_bytes)
    parts: list[Upload] = []
    while len(parts) < len(files):
        done, state = _decode_from(files[len(parts):], limits, state, time_limit)
        parts.extend(done)
    return merge_uploads(parts)


def _decode_from(files: Files, limits: UploadLimits, state: UploadState,
                 time_limit: float) -> tuple[list[Upload], UploadState]:
    """Each of ``files``' uploads, decoded in one worker, up to and including the first that fails (its outcome
    in its place), and the state after the last one."""
    context = worker_context()
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_decode, args=(send, files, limits, state), daemon=True)
    process.start()
    send.close()
    done: list[Upload] = []
    try:
        if not receive.poll(START_LIMIT) or receive.recv() != _READY:
            return done, _fail(files[0][0], state, f"the process that reads uploads did not start within "
                                                   f"{START_LIMIT:g} s", done)  # fmt: skip
        while len(done) < len(files):
            if receive.poll(time_limit):
                try:
                    part, state = receive.recv()
                    done.append(part)
                    continue
                except (EOFError, OSError):
                    process.join(timeout=1)
            reason = (f"took longer than {time_limit:g} s to read and was stopped" if process.exitcode is None else
                      f"the process reading it stopped (exit code {process.exitcode})")  # fmt: skip
            return done, _fail(files[len(done)][0], state, reason, done)
        return done, state
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()


def _fail(name: str, state: UploadState, reason: str, done: list[Upload]) -> UploadState:
    """The outcome of an uploaded file that could not be decoded, appended to ``done``; the state with its name."""
    used = set(state.used)
    unique = unique_name(base_name(name), used)
    done.append(Upload(skipped=(FileOutcome(unique, None, Status.SKIPPED, reason=reason),)))
    return UploadState(tuple(used), state.files_left, state.bytes_left)
