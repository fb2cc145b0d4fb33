"""A file's bytes, decompressed (gzip, zstd) as they are read, and a stream that ends cleanly where they break.

A truncated gzip member or a corrupt zstd frame must not lose the rows read before it: :class:`CutStream` gives
its reader whole lines only, and when the decompressor fails it drops the broken line, ends the stream there and
keeps the reason in :attr:`CutStream.error`, which the reader then reports after the rows it read.
"""

from __future__ import annotations

import codecs
import importlib
import io
import sys
import zlib
from collections.abc import Iterator
from typing import IO, Final, Protocol, cast

from reactions.sources.kinds import COMPRESSIONS, compression_of, inner_name
from reactions.sources.remote import open_binary

__all__ = [
    "COMPRESSIONS", "CutStream", "Gunzip", "Readable", "Utf8", "compression_of", "inner_name", "open_decompressed",
    "size_text",
]

def open_decompressed(path: str) -> IO[bytes]:
    """``path`` opened for reading, decompressed by its ending or magic number."""
    raw = open_binary(path)
    try:
        head = raw.read(4)
        raw.seek(0)
        codec = compression_of(path, head)
        if codec == "gzip":
            return cast(IO[bytes], Gunzip(raw))
        if codec == "zstd":  # (pyarrow, loaded with the first zstd file: 0.09 CPU-s with numpy a run may do without)
            return cast(IO[bytes], importlib.import_module("pyarrow").input_stream(raw, compression="zstd"))
        return raw
    except BaseException:
        raw.close()
        raise


class Readable(Protocol):
    """What :class:`CutStream` reads from."""

    def read(self, size: int = -1, /) -> bytes: ...

    def close(self) -> None: ...


class Blocks(io.RawIOBase):
    """A stream whose bytes are made a block at a time (:meth:`_made`): a read of at least a whole block gets that
    block as it is, not copied (:class:`CutStream` reads a block at a time); a smaller one gets a slice of it."""

    def __init__(self, block: int) -> None:
        super().__init__()
        self._block = block
        self._held, self._at = b"", 0
        self._ended = False

    def _made(self, size: int) -> bytes:
        """The next bytes, at least ``size`` when the stream has them (``b""`` at its end, setting ``_ended``)."""
        raise NotImplementedError

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        taken = self.read(len(buffer))
        buffer[: len(taken)] = taken
        return len(taken)

    def read(self, size: int = -1, /) -> bytes:
        """At most ``size`` bytes (``-1``: all that is left)."""
        if size < 0:
            return b"".join(iter(lambda: self.read(self._block), b""))
        while self._at == len(self._held) and not self._ended:
            self._held, self._at = self._made(max(size, self._block)), 0
        if self._at == 0 and len(self._held) <= size:
            taken, self._held = self._held, b""
            return taken
        taken = self._held[self._at : self._at + size]
        self._at += len(taken)
        return taken


class Gunzip(Blocks):
    """A gzip stream of one or more members, decompressed as it is read.  Unlike :class:`gzip.GzipFile`, a read
    that meets the end of a truncated member first gives every byte decompressed before it; the next read raises
    :class:`EOFError`.  Each step inflates at most ``block`` bytes (a bomb of zeros never fills memory: what is
    held is bounded by the bytes produced, not by the bytes read)."""

    def __init__(self, raw: Readable, block: int = 1 << 16) -> None:
        super().__init__(block)
        self._raw = raw
        self._inflate = zlib.decompressobj(31)
        self._input = b""
        self._begun = False

    def _made(self, size: int) -> bytes:
        """The next step's output: at most a block, whatever ``size`` (the bound a decompression bomb meets)."""
        if not self._input:
            self._input = self._raw.read(self._block)
            if not self._input:
                self._ended = True
                if self._begun and not self._inflate.eof:
                    raise EOFError("the gzip stream ends inside a member")
                return b""
        if self._inflate.eof:  # the next member
            self._inflate = zlib.decompressobj(31)
        self._begun = True
        out = self._inflate.decompress(self._input, self._block)
        self._input = self._inflate.unused_data if self._inflate.eof else self._inflate.unconsumed_tail
        return out

    def close(self) -> None:
        try:
            self._raw.close()
        finally:
            super().close()


class Utf8(Blocks):
    """A text file's bytes as UTF-8, as articles are decoded: a UTF-8 byte-order mark dropped, a UTF-16 file
    (told by its mark) transcoded; anything else given as it is."""

    def __init__(self, inner: Readable, block: int = 1 << 16) -> None:
        super().__init__(block)
        self._inner = inner
        self._decoder: codecs.IncrementalDecoder | None = None
        self._begun = False

    def _made(self, size: int) -> bytes:
        data = self._inner.read(size)
        if not self._begun:
            while len(data) < 4 and (more := self._inner.read(size)):
                data += more
            self._begun = True
            if data.startswith(codecs.BOM_UTF8):
                data = data[len(codecs.BOM_UTF8):]
            elif data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
                self._decoder = codecs.getincrementaldecoder("utf-16")("replace")
        self._ended = not data
        if self._decoder is None:
            return data
        return self._decoder.decode(data, final=self._ended).encode("utf-8")

    def close(self) -> None:
        try:
            self._inner.close()
        finally:
            super().close()


_MAX_HELD: Final = 8
"""Blocks held back waiting for a line's end when lines have no cap (a one-line JSON array is given on in pieces
past this)."""
_GIVE_UP: Final = 4
"""A line over its cap is skipped to its end; past this many times the cap without an end, the file is left."""
_ERRORS: Final = (OSError, EOFError, ValueError, zlib.error)


def _read_errors() -> tuple[type[Exception], ...]:
    """What a failing inner stream raises: :data:`_ERRORS`, and pyarrow's errors once pyarrow is loaded (a zstd
    stream's; none can be raised before).  Asked only as an exception is matched, never on a read that works."""
    arrow = sys.modules.get("pyarrow")
    return (*_ERRORS, arrow.ArrowException) if arrow is not None else _ERRORS


def _reason(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    if isinstance(error, EOFError) or "truncated" in text.lower() or "end-of-stream" in text:
        return f"the compressed stream is truncated ({text})"
    return f"the stream cannot be decompressed ({text})"


def size_text(size: int) -> str:
    """A byte count for people: ``40 MB``, ``1,000 bytes``."""
    return f"{size / (1024 * 1024):,.0f} MB" if size >= 1024 * 1024 else f"{size:,} bytes"


class CutStream(io.RawIOBase):
    """A binary stream of whole lines that ends at the last whole line before its inner stream fails, and never
    holds a line longer than ``max_line`` bytes.

    ``cut`` is ``"line"`` (JSONL), ``"csv"`` (a line end outside quotes, so that a quoted newline is never taken
    for a record's end: a CSV's quotes are balanced at every record's end, ``""`` included) or ``"none"`` (a JSON
    array, whose reader finds a cut element itself).  A line (a CSV record) longer than ``max_line`` is not given:
    it is read on to its end without being kept and given as an empty line (so that line numbers hold), and a
    note says so; after :data:`_GIVE_UP` times ``max_line`` bytes without an end (a compression bomb of zeros) the
    stream ends there, and a note says so.  ``max_line=0``: no cap.

    Fields:
        error: why the inner stream failed (``None`` while it has not); the line it cut is not given.
        notes: the lines skipped for their length, and where the stream was left, each a sentence.
    """

    def __init__(self, inner: Readable, cut: str = "line", block: int = 1 << 20, max_line: int = 0,
                 first_line: int = 1) -> None:
        super().__init__()
        self._inner, self._mode, self._block, self._max = inner, cut, block, max_line
        self._ready, self._at = b"", 0
        self._held: list[bytes] = []
        self._held_size = self._quotes = self._dropped = 0
        self._line = first_line
        """The number of the first line not yet given."""
        self._ended = False
        self.error: str | None = None
        self.notes: list[str] = []

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        while self._at == len(self._ready) and not self._ended:
            self._fill()
        count = min(len(buffer), len(self._ready) - self._at)
        buffer[:count] = memoryview(self._ready)[self._at : self._at + count]  # one copy, not a slice's and this
        self._at += count
        return count

    def pieces(self) -> Iterator[bytes]:
        """The stream's bytes a piece at a time, each of whole lines (CSV records) as they are read, instead of
        through :meth:`readinto` (which may end a read inside a line)."""
        while True:
            while self._at == len(self._ready) and not self._ended:
                self._fill()
            if self._at == len(self._ready):
                return
            piece, self._ready, self._at = self._ready[self._at :], b"", 0
            yield piece

    def _fill(self) -> None:
        try:
            data = self._inner.read(self._block)
        except _read_errors() as error:
            self.error, self._ended, self._held = _reason(error), True, []
            return
        self._ready, self._at = b"", 0
        if not data:
            self._ended = True
            self._ready = b"" if self._dropped else b"".join(self._held)
            self._end_drop(at_end=True)
            return
        if self._mode == "none":
            self._ready = data
            return
        if self._dropped:
            data = self._drop(data)
        if data:
            self._take(data)

    def _quote_count(self, data: bytes, start: int = 0, end: int | None = None) -> int:
        return data.count(b'"', start, len(data) if end is None else end) if self._mode == "csv" else 0

    def _take(self, data: bytes) -> None:
        """Give every whole line held and in ``data``; hold the rest (or drop it, once over the cap).  The quotes
        of ``data`` are counted once (only their parity is kept: a CSV's quotes are balanced at a record's end)."""
        inside = self._quote_count(data)
        cut = self._last_cut(data, self._quotes + inside)
        self._quotes += inside
        if cut < 0:
            self._held.append(data)
            self._held_size += len(data)
            if self._max and self._held_size > self._max:
                self._dropped, self._held, self._held_size = self._held_size, [], 0
            elif not self._max and self._held_size > _MAX_HELD * self._block:
                self._ready += b"".join(self._held)
                self._held, self._held_size = [], 0
            return
        given = b"".join([*self._held, memoryview(data)[:cut]])
        self._ready += given
        self._line += given.count(b"\n")
        rest = data[cut:]
        self._held, self._held_size = ([rest], len(rest)) if rest else ([], 0)

    def _last_cut(self, data: bytes, quotes: int) -> int:
        """Just after the last line end in ``data`` (of CSV: outside quotes, ``quotes`` being the quotes up to
        the end of ``data``), else ``-1``.  Linear: one step per quote, not per line."""
        if self._mode != "csv":
            return data.rfind(b"\n") + 1 or -1
        stop, odd = len(data), quotes % 2 == 1
        while stop > 0:
            quote = data.rfind(b'"', 0, stop)  # between it and stop, the parity is the same
            if not odd and (end := data.rfind(b"\n", quote + 1, stop)) >= 0:
                return end + 1
            if quote < 0:
                return -1
            stop, odd = quote, not odd
        return -1

    def _drop(self, data: bytes) -> bytes:
        """Read on through a line over the cap; what follows its end (``b""``: none in ``data``)."""
        end = self._first_cut(data, self._quotes % 2 == 1)
        if end >= 0:
            self._quotes += self._quote_count(data, 0, end)
            self._dropped += end
            self._ready += b"\n"
            self._end_drop(at_end=False)
            return data[end:]
        self._quotes += self._quote_count(data)
        self._dropped += len(data)
        if self._dropped > _GIVE_UP * self._max:
            self.notes.append(f"line {self._line}: more than {size_text(self._dropped)} without a line end "
                              "(a compression bomb?): the rest of the file is not read")
            self._ended, self._dropped = True, 0
        return b""

    def _first_cut(self, data: bytes, odd: bool) -> int:
        """Just after the first line end in ``data`` (of CSV: outside quotes, ``odd`` telling whether a quote is
        open where ``data`` starts), else ``-1``.  One step per quote."""
        if self._mode != "csv":
            return data.find(b"\n") + 1 or -1
        at = 0
        while True:
            quote = data.find(b'"', at)
            if not odd:
                end = data.find(b"\n", at, quote if quote >= 0 else len(data))
                if end >= 0:
                    return end + 1
            if quote < 0:
                return -1
            at, odd = quote + 1, not odd

    def _end_drop(self, at_end: bool) -> None:
        if not self._dropped:
            return
        size = size_text(self._dropped)
        self.notes.append(f"line {self._line}: {size}, longer than the {size_text(self._max)} a row may take: "
                          + ("the file ends in it" if at_end else "skipped"))
        self._line += 1
        self._dropped = 0

    def close(self) -> None:
        try:
            self._inner.close()
        finally:
            super().close()
