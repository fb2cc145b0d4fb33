"""A file's bytes, decompressed (gzip, zstd) as they are read, and a stream that ends cleanly where they break.

A truncated gzip member or a corrupt zstd frame must not lose the rows read before it: :class:`CutStream` gives
its reader whole lines only, and when the decompressor fails it drops the broken line, ends the stream there and
keeps the reason in :attr:`CutStream.error`, which the reader then reports after the rows it read.
"""

from __future__ import annotations

import io
import zlib
from typing import IO, Final, Protocol, cast

import pyarrow as pa

from reactions.sources.kinds import COMPRESSIONS, compression_of, inner_name
from reactions.sources.remote import open_binary

__all__ = ["COMPRESSIONS", "CutStream", "Gunzip", "Readable", "compression_of", "inner_name", "open_decompressed"]

def open_decompressed(path: str) -> IO[bytes]:
    """``path`` opened for reading, decompressed by its ending or magic number."""
    raw = open_binary(path)
    try:
        head = raw.read(4)
        raw.seek(0)
        codec = compression_of(path, head)
        if codec == "gzip":
            return cast(IO[bytes], Gunzip(raw))
        if codec == "zstd":
            return cast(IO[bytes], pa.input_stream(raw, compression="zstd"))
        return raw
    except BaseException:
        raw.close()
        raise


class Readable(Protocol):
    """What :class:`CutStream` reads from."""

    def read(self, size: int = -1, /) -> bytes: ...

    def close(self) -> None: ...


class Gunzip(io.RawIOBase):
    """A gzip stream of one or more members, decompressed as it is read.  Unlike :class:`gzip.GzipFile`, a read
    that meets the end of a truncated member first gives every byte decompressed before it; the next read raises
    :class:`EOFError`."""

    def __init__(self, raw: Readable, block: int = 1 << 16) -> None:
        super().__init__()
        self._raw, self._block = raw, block
        self._inflate = zlib.decompressobj(31)
        self._pending, self._at = b"", 0
        self._begun = self._ended = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        while self._at == len(self._pending) and not self._ended:
            self._pending, self._at = self._inflated(), 0
        count = min(len(buffer), len(self._pending) - self._at)
        buffer[:count] = self._pending[self._at : self._at + count]
        self._at += count
        return count

    def _inflated(self) -> bytes:
        data = self._raw.read(self._block)
        if not data:
            self._ended = True
            if self._begun and not self._inflate.eof:
                raise EOFError("the gzip stream ends inside a member")
            return b""
        self._begun = True
        out = [self._inflate.decompress(data)]
        while self._inflate.eof and self._inflate.unused_data:
            rest, self._inflate = self._inflate.unused_data, zlib.decompressobj(31)
            out.append(self._inflate.decompress(rest))
        return b"".join(out)

    def close(self) -> None:
        try:
            self._raw.close()
        finally:
            super().close()


_MAX_HELD: Final = 8
"""Blocks held back waiting for a line's end (a one-line JSON array is given on in pieces past this)."""
_MAX_TRIES: Final = 64
"""Line ends tried, last first, for one outside a CSV's quotes."""
_ERRORS: Final = (OSError, EOFError, ValueError, zlib.error, pa.ArrowException)


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    if isinstance(error, EOFError) or "truncated" in text.lower() or "end-of-stream" in text:
        return f"the compressed stream is truncated ({text})"
    return f"the stream cannot be decompressed ({text})"


class CutStream(io.RawIOBase):
    """A binary stream of whole lines that ends at the last whole line before its inner stream fails.

    ``cut`` is ``"line"`` (JSONL), ``"csv"`` (a line end outside quotes, so that a quoted newline is never taken
    for a record's end: a CSV's quotes are balanced at every record's end, ``""`` included) or ``"none"`` (a JSON
    array, whose reader finds a cut element itself).

    Fields:
        error: why the inner stream failed (``None`` while it has not); the line it cut is not given.
    """

    def __init__(self, inner: Readable, cut: str = "line", block: int = 1 << 20) -> None:
        super().__init__()
        self._inner = inner
        self._mode = cut
        self._block = block
        self._ready = b""
        self._at = 0
        self._tail = b""
        self._quotes = 0
        self._ended = False
        self.error: str | None = None

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        while self._at == len(self._ready) and not self._ended:
            self._fill()
        count = min(len(buffer), len(self._ready) - self._at)
        buffer[:count] = self._ready[self._at : self._at + count]
        self._at += count
        return count

    def _fill(self) -> None:
        try:
            data = self._inner.read(self._block)
        except _ERRORS as error:
            self.error, self._ended, self._tail = _reason(error), True, b""
            return
        if not data:
            self._ready, self._tail, self._ended, self._at = self._tail, b"", True, 0
            return
        data = self._tail + data
        cut = self._cut_at(data)
        self._ready, self._tail, self._at = data[:cut], data[cut:], 0
        self._quotes += data.count(b'"', 0, cut) if self._mode == "csv" else 0

    def _cut_at(self, data: bytes) -> int:
        """Where ``data`` may end for its reader: after the last line (of CSV: outside quotes), else nowhere
        (``0``: hold it back) until more than :data:`_MAX_HELD` blocks are held."""
        if self._mode == "none":
            return len(data)
        end = data.rfind(b"\n")
        for _ in range(_MAX_TRIES if self._mode == "csv" else 0):
            if end < 0 or (self._quotes + data.count(b'"', 0, end)) % 2 == 0:
                break
            end = data.rfind(b"\n", 0, end)
        else:
            end = end if self._mode != "csv" else -1
        if end >= 0:
            return end + 1
        return len(data) if len(data) > _MAX_HELD * self._block else 0

    def close(self) -> None:
        try:
            self._inner.close()
        finally:
            super().close()
