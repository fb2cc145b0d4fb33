"""Uploads decoded in a worker process within a time limit, so that no upload can hold or swell the server.

:func:`reactions.sources.uploads.read_uploads` is bounded by the bytes each file produces (its budget is charged
while a dataset is decoded, a compressed bomb stops at the row cap), but a server that several people share does
not bet on that: :func:`read_uploads_guarded` runs it in a process of its own (the parser's workers' kind:
:func:`reactions.run.parallel.worker_context`) and waits at most ``time_limit`` seconds.  An upload that takes
longer, or whose process dies (killed for memory, say), is one skipped outcome per file saying so; the server's
own memory never holds more than the upload's bytes and what was read from them.
"""

from __future__ import annotations

from collections.abc import Iterable
from multiprocessing.connection import Connection
from typing import Final

from reactions.models import FileOutcome, Status
from reactions.run.parallel import worker_context
from reactions.sources.uploads import Upload, UploadLimits, read_uploads

__all__ = ["UPLOAD_TIME_LIMIT", "read_uploads_guarded"]

UPLOAD_TIME_LIMIT: Final = 120.0
"""Seconds an upload may take to decode (its process starting included; 100 MB of CSV takes about 10 s)."""

DEFAULT_LIMITS: Final = UploadLimits()
"""The page's caps on one upload."""

Files = tuple[tuple[str, bytes], ...]


def _decode(conn: Connection, files: Files, taken: tuple[str, ...], limits: UploadLimits) -> None:
    """The worker: decode the upload, send it back."""
    try:
        conn.send(read_uploads(files, limits=limits, taken=taken))
    finally:
        conn.close()


def read_uploads_guarded(files: Iterable[tuple[str, bytes]], *, taken: Iterable[str] = (),
                         limits: UploadLimits = DEFAULT_LIMITS,
                         time_limit: float = UPLOAD_TIME_LIMIT) -> Upload:
    """:func:`~reactions.sources.uploads.read_uploads` in a worker process, within ``time_limit`` seconds; never
    raises on bad input (a stopped or failed decoding is a skipped outcome per file)."""
    files = tuple(files)
    if not files:
        return Upload()
    context = worker_context()
    receive, send = context.Pipe(duplex=False)
    process = context.Process(target=_decode, args=(send, files, tuple(taken), limits), daemon=True)
    process.start()
    send.close()
    try:
        if receive.poll(time_limit):
            try:
                found: Upload = receive.recv()
                return found
            except (EOFError, OSError):
                pass
        process.join(timeout=1)
        code = process.exitcode
        reason = (f"took longer than {time_limit:g} s to read and was stopped" if code is None else
                  f"the process reading it stopped (exit code {code})")  # fmt: skip
    finally:
        if process.is_alive():
            process.kill()
        process.join()
        receive.close()
    return Upload(skipped=tuple(FileOutcome(name, None, Status.SKIPPED, reason=reason) for name, _ in files))
