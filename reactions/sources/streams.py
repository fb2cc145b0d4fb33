"""A file's bytes, decompressed (gzip, zstd) as they are read, and a stream that ends cleanly where they break.

A truncated gzip member or a corrupt zstd frame must not lose the rows read before it: :class:`CutStream` gives
its reader whole lines only, and when the decompressor fails it drops the broken line, ends the stream there and
keeps the reason in :attr:`CutStream.error`, which the reader then reports after the rows it read.
"""

from __future__ import annotations

import gzip
import io
import zlib
from typing import IO, Final, Protocol, cast

import pyarrow as pa

from reactions.sources.remote import open_binary

__all__ = ["COMPRESSIONS", "CutStream", "Readable", "compression_of", "inner_name", "open_decompressed"]

COMPRESSIONS: Final = {".gz": "gzip", ".gzip": "gzip", ".zst": "zstd", ".zstd": "zstd"}
"""File-name endings of the compressions read, and their names."""
_MAGIC: Final = ((b"\x1f\x8b", "gzip"), (b"\x28\xb5\x2f\xfd", "zstd"))


def inner_name(path: str) -> str:
    """``path`` in lower case without its compression ending (``a.CSV.gz`` → ``a.csv``)."""
    lower = path.lower()
    for ending in COMPRESSIONS:
        if lower.endswith(ending):
            return lower[: -len(ending)]
    return lower


def compression_of(path: str, head: bytes = b"") -> str | None:
    """The compression of ``path``: by its ending, else by the magic number at the start of ``head``."""
    lower = path.lower()
    named = next((codec for ending, codec in COMPRESSIONS.items() if lower.endswith(ending)), None)
    return named or next((codec for magic, codec in _MAGIC if head.startswith(magic)), None)


def open_decompressed(path: str) -> IO[bytes]:
    """``path`` opened for reading, decompressed by its ending or magic number."""
    raw = open_binary(path)
    try:
        head = raw.read(4)
        raw.seek(0)
        codec = compression_of(path, head)
        if codec == "gzip":
            return cast(IO[bytes], gzip.GzipFile(fileobj=raw, mode="rb"))
        if codec == "zstd":
            return cast(IO[bytes], pa.input_stream(raw, compression="zstd"))
        return raw
    except BaseException:
        raw.close()
        raise


_MAX_HELD: Final = 8
"""Blocks held back waiting for a line's end (a one-line JSON array is given on in pieces past this)."""
_ERRORS: Final = (OSError, EOFError, ValueError, zlib.error, pa.ArrowException)


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    if isinstance(error, EOFError) or "truncated" in text.lower() or "end-of-stream" in text:
        return f"the compressed stream is truncated ({text})"
    return f"the stream cannot be decompressed ({text})"


class Readable(Protocol):
    """What :class:`CutStream` reads from."""

    def read(self, size: int = -1, /) -> bytes: ...

    def close(self) -> None: ...


class CutStream(io.RawIOBase):
    """A binary stream of whole lines that ends at the last whole line before its inner stream fails.

    Fields:
        error: why the inner stream failed (``None`` while it has not); the line it cut is not given.
    """

    def __init__(self, inner: Readable, block: int = 1 << 20) -> None:
        super().__init__()
        self._inner = inner
        self._block = block
        self._ready = b""
        self._at = 0
        self._tail = b""
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
        cut = data.rfind(b"\n") + 1 or (len(data) if len(data) > _MAX_HELD * self._block else 0)
        self._ready, self._tail, self._at = data[:cut], data[cut:], 0

    def close(self) -> None:
        try:
            self._inner.close()
        finally:
            super().close()
