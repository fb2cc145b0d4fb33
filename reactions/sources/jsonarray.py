"""A JSON array of objects read one element at a time, never the whole file as one string.

:func:`iter_array` decodes a buffered read with :meth:`json.JSONDecoder.raw_decode`, reading more only when an
element runs past the buffer, and drops what it has given.  A file holding one object is read as a one-element
array (a FakeNewsNet ``news content.json``).

>>> import io
>>> list(iter_array(io.BytesIO(b' [{"text": "a"}, 3, {"text": "b"} ]')))
[(1, {'text': 'a'}), (2, 'not a JSON object'), (3, {'text': 'b'})]
>>> list(iter_array(io.BytesIO(b'[{"text": "a"}, {"text": ')))[-1]
(2, 'not valid JSON: the array ends inside this element')
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Iterator
from typing import IO, Final

__all__ = ["iter_array"]

_BLOCK: Final = 1 << 20
_NEAR_END: Final = 16
"""An error this close to the buffer's end may be an element cut by the block (``\\u00`` of ``\\u00e9``)."""
_WHITESPACE: Final = " \t\r\n\ufeff"


class _Buffer:
    """Text decoded from a byte stream as it is needed."""

    def __init__(self, stream: IO[bytes], block: int) -> None:
        self.stream, self.block = stream, block
        self.decoder = codecs.getincrementaldecoder("utf-8")("surrogateescape")
        self.text, self.pos, self.ended = "", 0, False

    def fill(self, factor: int = 1) -> bool:
        """Read more (``factor`` blocks); ``False`` at the end of the stream."""
        if self.ended:
            return False
        data = self.stream.read(self.block * factor)
        self.ended = not data
        self.text = self.text[self.pos:] + self.decoder.decode(data, final=self.ended)
        self.pos = 0
        return not self.ended or bool(self.text)

    def peek(self) -> str:
        """The next character that is not whitespace (``""`` at the end), without taking it."""
        while True:
            while self.pos < len(self.text) and self.text[self.pos] in _WHITESPACE:
                self.pos += 1
            if self.pos < len(self.text) or not self.fill():
                return self.text[self.pos:self.pos + 1]


def iter_array(stream: IO[bytes], block: int = _BLOCK) -> Iterator[tuple[int, dict[str, object] | str]]:
    """``(number, object)`` for each element of the array in ``stream`` (1-based), ``(number, reason)`` for an
    element that is not an object; ``(number, reason)`` and the end when the JSON breaks (``0``: not an array)."""
    buffer = _Buffer(stream, block)
    first = buffer.peek()
    if first == "{":
        yield from _elements(buffer, single=True)
    elif first == "[":
        buffer.pos += 1
        yield from _elements(buffer, single=False)
    else:
        yield 0, "not a JSON array of objects" + (" (the file is empty)" if not first else "")


def _elements(buffer: _Buffer, single: bool) -> Iterator[tuple[int, dict[str, object] | str]]:
    decoder = json.JSONDecoder()
    number = 0
    while True:
        following = buffer.peek()
        if following == "]" and not single:
            return
        if number and not single:
            if following != ",":
                yield number + 1, "not valid JSON: expected ',' or ']' between elements"
                return
            buffer.pos += 1
            buffer.peek()
        number += 1
        value = _decode(buffer, decoder)
        if isinstance(value, _Broken):
            yield number, value.reason
            return
        yield number, value if isinstance(value, dict) else "not a JSON object"
        if single:
            return


class _Broken:
    def __init__(self, reason: str) -> None:
        self.reason = reason


def _decode(buffer: _Buffer, decoder: json.JSONDecoder) -> object:
    factor = 1
    while True:
        try:
            value, end = decoder.raw_decode(buffer.text, buffer.pos)
        except json.JSONDecodeError as error:
            near = error.pos >= len(buffer.text) - _NEAR_END or "Unterminated" in error.msg
            if near and buffer.fill(factor):
                factor *= 2
                continue
            if error.pos >= len(buffer.text) - 1 or "Unterminated" in error.msg:
                return _Broken("not valid JSON: the array ends inside this element")
            return _Broken(f"not valid JSON ({error.msg}, character {error.pos - buffer.pos + 1} of the element)")
        except RecursionError:
            return _Broken("not valid JSON (nested too deeply)")
        buffer.pos = end
        return value
