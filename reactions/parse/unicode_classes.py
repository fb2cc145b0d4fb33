"""Which characters the entity finders' big Unicode classes hold, told one character at a time without building them.

:mod:`reactions.parse.entities` follows twitter-text, whose hashtags and hosts are made of any letter, mark, digit or
symbol.  Its patterns for text that is not ASCII hold classes of every such character, built from the running
Python's Unicode database on first use (:func:`char_classes`: ~0.1 CPU-s a process with the patterns compiled).
Most such text holds them only around ASCII hashtags and links (``#MeToo’s``, ``…https://t.co/x``), where the
ASCII patterns find the same: :func:`ascii_hosts` and :func:`hashtag_matches` tell so, and find the hashtags, by
reading each character's category as the classes are built from it, so that a run builds the classes only for
text that needs them.  Pure functions, linear time.

>>> hashtag_matches("#Beyoncé's #a&#1 &#x #b://", "_")
[(0, 1, 8, False), (11, 12, 13, False), (21, 22, 23, True)]
"""

from __future__ import annotations

import re
import unicodedata
from collections import defaultdict

__all__ = ["CATEGORY_CODE", "RANGES", "ascii_hosts", "char_classes", "hashtag_matches", "in_classes", "pictographic"]

CATEGORY_CODE: defaultdict[str, str] = defaultdict(lambda: ".", {"Nd": "D", "So": "S"})
"""Unicode general categories coded L (letter or mark), D (decimal digit), S (other symbol), else ``.``."""
CATEGORY_CODE |= dict.fromkeys(("Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me"), "L")
RANGES = ((0x80, 0x40000), (0xE0000, 0xE0200))
"""The code points (first, past the last) the classes are built over."""


def char_classes() -> tuple[str, str, str]:
    """Bodies of regex character classes (no brackets) for the non-ASCII letters and marks, the
    letters, marks and decimal digits, and the other symbols (a few C-level passes)."""
    bodies = ["", "", ""]
    for first, last in RANGES:
        codes = "".join(map(CATEGORY_CODE.__getitem__, map(unicodedata.category, map(chr, range(first, last)))))
        for index, runs in enumerate(("L+", "[LD]+", "S+")):
            bodies[index] += "".join(
                f"{re.escape(chr(first + m.start()))}-{re.escape(chr(first + m.end() - 1))}"
                for m in re.finditer(runs, codes)
            )
    return bodies[0], bodies[1], bodies[2]


def in_classes(char: str, codes: str) -> bool:
    """Whether the non-ASCII ``char`` is in :func:`char_classes`' classes of the categories coded ``codes``
    (:data:`CATEGORY_CODE`)."""
    code = ord(char)
    in_range = RANGES[0][0] <= code < RANGES[0][1] or RANGES[1][0] <= code < RANGES[1][1]
    return in_range and CATEGORY_CODE.get(unicodedata.category(char), ".") in codes


_ASCII_HOST = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-.")
"""The ASCII characters a host after ``://`` holds, in both URL patterns."""
_ASCII_TAG = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def ascii_hosts(text: str, start: int, end: int) -> bool:
    """Whether the entity finders' URL pattern for ASCII text finds in ``text[start:end]`` what the one for any text
    finds: they differ only in the host after ``://`` (every other part has the same classes in both), so they agree
    where each ``://`` there is followed by ASCII host characters up to a character that no host holds, or the
    end."""
    at = text.find("://", start, end)
    while at >= 0:
        stop = at + 3
        while stop < end and text[stop] in _ASCII_HOST:
            stop += 1
        if stop < end and not text[stop].isascii() and in_classes(text[stop], "LDS"):
            return False
        at = text.find("://", stop, end)
    return True


def hashtag_matches(text: str, extra: str) -> list[tuple[int, int, int, bool]]:
    """What ``re.compile(rf"[#＃](?<!&[#＃])(?![\\ufe0f\\u20e3])(?P<tag>[{letters_marks_digits}{extra}]+)(?P<url>://)?")
    .finditer(text)`` finds, as ``(start, tag start, tag end, whether ://  follows)``: the letters, marks and
    digits are ASCII ones and :func:`char_classes`' second class, and ``extra`` holds no ``#`` or ``＃`` (so no
    match holds one, and each mark is tried in turn)."""
    found = []
    for at in sorted([*_places(text, "#"), *_places(text, "＃")]):
        if at and text[at - 1] == "&":
            continue
        stop = at + 1
        while stop < len(text) and _tag_char(text[stop], extra):
            stop += 1
        if stop > at + 1 and text[at + 1] not in "\ufe0f\u20e3":
            found.append((at, at + 1, stop, text.startswith("://", stop)))
    return found


def has_letter(tag: str) -> bool:
    """Whether ``tag`` holds a letter or mark: an ASCII letter or one of :func:`char_classes`' first class."""
    return any(char in _LETTERS or (not char.isascii() and in_classes(char, "L")) for char in tag)


def _tag_char(char: str, extra: str) -> bool:
    return char in _ASCII_TAG or char in extra or (not char.isascii() and in_classes(char, "LD"))


def _places(text: str, mark: str) -> list[int]:
    places, at = [], text.find(mark)
    while at >= 0:
        places.append(at)
        at = text.find(mark, at + 1)
    return places


def pictographic(word: str) -> bool:
    """Whether ``word`` is made only of symbols and their modifiers: emoji, skin tones, joiners, ``♔`` (a dash is
    punctuation: no).

    >>> pictographic("🤴🏽"), pictographic("👩🏽\u200d🎓"), pictographic("♔"), pictographic("–"), pictographic("CJ")
    (True, True, True, False, False)
    """
    return all(unicodedata.category(char) in _PICTOGRAPHIC for char in word)


_PICTOGRAPHIC = frozenset(("So", "Sk", "Mn", "Me", "Cf"))
"""Unicode categories of emoji and of what joins or modifies them."""
