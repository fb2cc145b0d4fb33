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
import re
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
        self.limit = 0

    def over(self) -> bool:
        """Whether the element being read already runs past the limit."""
        return bool(self.limit) and len(self.text) - self.pos > self.limit

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


def iter_array(stream: IO[bytes], block: int = _BLOCK,
               limit: int = 0) -> Iterator[tuple[int, dict[str, object] | str]]:
    """``(number, object)`` for each element of the array in ``stream`` (1-based), ``(number, reason)`` for an
    element that is not an object or is nested too deeply; ``(number, reason)`` and the end when the JSON breaks
    (``0``: not an array) or an element runs past ``limit`` characters (``0``: no limit)."""
    buffer = _Buffer(stream, block)
    buffer.limit = limit
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
            if value.ends:
                return
            continue
        yield number, value if isinstance(value, dict) else "not a JSON object"
        if single:
            return


class _Broken:
    """An element that is not read, and whether the array ends with it (``ends``) or goes on after it."""

    def __init__(self, reason: str, ends: bool = True) -> None:
        self.reason, self.ends = reason, ends


def _decode(buffer: _Buffer, decoder: json.JSONDecoder) -> object:
    factor = 1
    while True:
        try:
            value, end = decoder.raw_decode(buffer.text, buffer.pos)
        except json.JSONDecodeError as error:
            near = error.pos >= len(buffer.text) - _NEAR_END or "Unterminated" in error.msg
            if near and buffer.over():
                return _Broken(f"longer than {buffer.limit:,} characters: the rest of the array is not read")
            if near and buffer.fill(factor):
                factor *= 2
                continue
            if error.pos >= len(buffer.text) - 1 or "Unterminated" in error.msg:
                return _Broken("not valid JSON: the array ends inside this element")
            return _Broken(f"not valid JSON ({error.msg}, character {error.pos - buffer.pos + 1} of the element)")
        except RecursionError:
            return _skip_deep(buffer)
        buffer.pos = end
        return value


_TOKENS: Final = re.compile(r'[\[{]+|[\]}]+|["\\]')
"""What matters in finding where an element ends: runs of opening or closing brackets, quotes, escapes."""
_DEEP: Final = "nested too deeply: skipped"


def _skip_deep(buffer: _Buffer) -> _Broken:
    """Past an element nested too deeply to decode (its brackets matched, strings and escapes minded): the reason,
    and the array goes on; a :class:`_Broken` when it does not end within the limit or the file."""
    depth, in_string, at = 0, False, buffer.pos
    while True:
        for match in _TOKENS.finditer(buffer.text, at):
            token, at = match.group(), match.end()
            if in_string:
                if token == "\\":
                    at += 1
                    break  # the escaped character is taken: look on after it
                in_string = token != '"'
                continue
            in_string = token == '"'
            if token[0] in "[{":
                depth += len(token)
            elif token[0] in "]}":
                if depth <= len(token):
                    buffer.pos = match.start() + depth
                    return _Broken(_DEEP, ends=False)
                depth -= len(token)
        else:
            at, start = len(buffer.text), buffer.pos
            if buffer.over() or not buffer.fill():
                return _Broken("not valid JSON (nested too deeply, and it does not end)")
            at -= start  # fill keeps the text from pos on, pos becoming 0
