"""Where quotations stand in an article's prose: the candidates :mod:`reactions.parse.quotes` judges.

Three shapes: a quotation closed on its line (straight marks, or curly ones that may hold one of their own), a
British ``‘…’``, and one that opens after a lead-in and runs past its line's end.  Each pattern is tried only
where its opening mark stands (found by ``str.find``), never at every character.

>>> [m.group() for m in quotations('She wrote: “Hi there,” then ‘so long’ and\\n"on and on')]
['“Hi there,”', '‘so long’', '"on and on']
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from reactions.parse.build import overlaps

__all__ = ["QUOTE_RE", "quotation_matches", "quotations"]

QUOTE_RE = re.compile(
    r'"(?P<a>[^"\n]{2,2000})"|“(?P<b>[^”“\n]{0,2000}(?:“[^”“\n]{1,200}”[^”“\n]{0,2000}){0,5})”'
)
"""A quotation on one line: straight marks, or curly ones that may hold one of their own (``“…his “mama”…”``)."""
_OPEN_RE = re.compile(r'["“](?P<a>[^"“”\n]{2,2000})$', re.MULTILINE)
"""A quotation that runs on past its paragraph's end (each paragraph of a long one opens with a mark, only the last
closes): read to the end of the line."""
_SINGLE_QUOTE_RE = re.compile(r"(?<![\w’'])‘(?P<c>[^‘\n]{2,600}?)’(?=[,.;:!?]?(?:[ \t]|$))", re.MULTILINE)
"""British style ‘…’: the closing ’ must not be an apostrophe inside a word (don’t)."""


def quotations(body: str) -> list[re.Match[str]]:
    """Every quotation candidate in ``body`` (each shape's own never overlap), ordered by where it starts."""
    matches: list[re.Match[str]] = list(quotation_matches(body))
    if "‘" in body:
        matches += _single_quotes(body)
    matches += _open_quotations(body, matches)
    return sorted(matches, key=lambda m: m.start())


def quotation_matches(body: str) -> Iterator[re.Match[str]]:
    """What ``QUOTE_RE.finditer(body)`` gives, faster: the pattern is tried only where a quote mark
    stands (found with ``str.find``, far quicker than the regex engine's own scan)."""
    straight, curly = body.find('"'), body.find("“")
    while straight >= 0 or curly >= 0:
        at = straight if curly < 0 or 0 <= straight < curly else curly
        match = QUOTE_RE.match(body, at)
        if match is not None:
            yield match
        pos = at + 1 if match is None else match.end()
        if 0 <= straight < pos:
            straight = body.find('"', pos)
        if 0 <= curly < pos:
            curly = body.find("“", pos)


def _single_quotes(body: str) -> Iterator[re.Match[str]]:
    """What ``_SINGLE_QUOTE_RE.finditer(body)`` gives, tried only where an opening ``‘`` stands (the pattern
    opens with a look-behind, so the regex engine would try it at every character)."""
    at = body.find("‘")
    while at >= 0:
        match = _SINGLE_QUOTE_RE.match(body, at)
        if match is not None:
            yield match
        at = body.find("‘", at + 1 if match is None else match.end())


def _open_quotations(body: str, closed: Sequence[re.Match[str]]) -> list[re.Match[str]]:
    """Quotations that open after a lead-in's colon or comma (or at a line's start) and run past the line's
    end without closing, outside every closed quotation."""
    if "\n" not in body:
        return []
    spans = sorted(m.span() for m in closed)
    found = []
    for at in _marks(body):  # a match runs to its line's end past no mark: finditer would try each
        if at and body[at - 1] != "\n" and (body[at - 1] != " " or at < 2 or body[at - 2] not in ":,"):
            continue  # not after a line break, ": " or ", "
        match = _OPEN_RE.match(body, at)
        if match is not None and not overlaps(match.span(), spans):
            found.append(match)
    return found


def _marks(body: str) -> Iterator[int]:
    """The offsets of the opening marks (``"``, then ``“``), each kind in order (the caller sorts what it finds)."""
    for mark in ('"', "“"):
        at = body.find(mark)
        while at >= 0:
            yield at
            at = body.find(mark, at + 1)
