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

__all__ = ["QUOTE_RE", "TITLE_WORDS", "quotation_matches", "quotations", "quoted_words", "titled"]

QUOTE_RE = re.compile(
    r'"(?P<a>[^"\n]{2,2000})"|“(?P<b>[^”“\n]{0,2000}(?:“[^”“\n]{1,200}”[^”“\n]{0,2000}){0,5})”'
)
"""A quotation on one line: straight marks, or curly ones that may hold one of their own (``“…his “mama”…”``)."""
_MIXED_RE = re.compile(r'“(?P<m>[^”“"\n]{2,2000})"|"(?P<n>[^"“”\n]{2,2000})”')
"""In a text whose marks are mixed, a curly quotation closed straight or a straight one closed curly (``“…ever," she
captioned``): tried where :data:`QUOTE_RE` finds no quotation, or where :func:`_mixed_close` cuts one."""
_OPEN_RE = re.compile(r'["“](?P<a>[^"“”\n]{2,2000})$', re.MULTILINE)
"""A quotation that runs on past its paragraph's end (each paragraph of a long one opens with a mark, only the last
closes): read to the end of the line."""
_SINGLE_QUOTE_RE = re.compile(r"(?<![\w’'])‘(?P<c>[^‘\n]{2,600}?)’(?=[,.;:!?]?(?:[ \t]|$))", re.MULTILINE)
"""British style ‘…’: the closing ’ must not be an apostrophe inside a word (don’t)."""


def quotations(body: str) -> list[re.Match[str]]:
    """Every quotation candidate in ``body`` (each shape's own never overlap), ordered by where it starts."""
    matches, loose = _closed(body)
    singles = list(_single_quotes(body)) if "‘" in body else []
    opened = _open_quotations(body, [*matches, *singles], loose)
    if not singles and not opened:
        return matches  # found in order
    return sorted([*matches, *singles, *opened], key=lambda m: m.start())


def quotation_matches(body: str) -> Iterator[re.Match[str]]:
    """What ``QUOTE_RE.finditer(body)`` gives, faster: the pattern is tried only where a quote mark
    stands (found with ``str.find``, far quicker than the regex engine's own scan)."""
    return iter(_closed(body)[0])


def _closed(body: str) -> tuple[list[re.Match[str]], list[int]]:
    """What :func:`quotation_matches` gives, and the opening marks (``"``, ``“``) where :data:`QUOTE_RE` was tried in
    vain: every one that no closed quotation holds (the scan steps over what a match holds), in order."""
    found: list[re.Match[str]] = []
    loose: list[int] = []
    straight, curly = body.find('"'), body.find("“")
    mixed = straight >= 0 and (curly >= 0 or "”" in body)  # (a text of one kind of mark pairs them as they come)
    while straight >= 0 or curly >= 0:
        at = straight if curly < 0 or 0 <= straight < curly else curly
        match = QUOTE_RE.match(body, at)
        if mixed:
            match = _mixed_pair(body, at, match)
        if match is None:
            loose.append(at)
            pos = at + 1
        else:
            found.append(match)
            pos = match.end()
        if 0 <= straight < pos:
            straight = body.find('"', pos)
        if 0 <= curly < pos:
            curly = body.find("“", pos)
    return found, loose


def _mixed_pair(body: str, at: int, match: re.Match[str] | None) -> re.Match[str] | None:
    """The quotation opening at ``at`` in a text of mixed marks: a pair of two kinds where :data:`QUOTE_RE` found none
    on the line, or where the pair it found should end sooner (:func:`_mixed_close`)."""
    if match is None:
        return _MIXED_RE.match(body, at)
    cut = _mixed_close(body, match)
    return match if cut is None else _MIXED_RE.match(body, at, cut) or match


def _mixed_close(body: str, match: re.Match[str]) -> int | None:
    """Where a quotation of matching marks should end instead, when its first mark of the other kind closes a
    sentence and a space follows (``“Yesterday was the best day ever," Rebelo captioned. "I married…”``: the curly
    pair holds the attribution), and no mark of that kind opened inside it before (``“He called it "great," then
    left”`` holds a quotation of its own)."""
    start, end = match.start(), match.end() - 1
    inner = body.find('"' if body[start] == "“" else "”", start + 1, end)
    if inner < 0 or (body[start] == '"' and "“" in body[start + 1 : inner]):
        return None
    closes = body[inner - 1] in ",.!?…" and body[inner + 1 : inner + 2] in (" ", "\t")
    return inner + 1 if closes else None  # (a straight mark that opens a quotation follows a space, not a stop)


def _single_quotes(body: str) -> Iterator[re.Match[str]]:
    """What ``_SINGLE_QUOTE_RE.finditer(body)`` gives, tried only where an opening ``‘`` stands (the pattern
    opens with a look-behind, so the regex engine would try it at every character)."""
    at = body.find("‘")
    while at >= 0:
        match = _SINGLE_QUOTE_RE.match(body, at)
        if match is not None:
            yield match
        at = body.find("‘", at + 1 if match is None else match.end())


def _open_quotations(body: str, closed: Sequence[re.Match[str]], marks: Sequence[int]) -> list[re.Match[str]]:
    """Quotations that open after a lead-in's colon or comma (or at a line's start) and run past the line's
    end without closing, outside every closed quotation, tried at the opening ``marks`` that no closed quotation
    of :data:`QUOTE_RE` holds (one that starts at or inside one overlaps it), in order."""
    if "\n" not in body:
        return []
    spans: list[tuple[int, int]] | None = None
    found = []
    for at in marks:  # a match runs to its line's end past no mark: finditer would try each
        if at and body[at - 1] != "\n" and (body[at - 1] != " " or at < 2 or body[at - 2] not in ":,"):
            continue  # not after a line break, ": " or ", "
        match = _OPEN_RE.match(body, at)
        if match is None:
            continue
        if spans is None:
            spans = sorted(m.span() for m in closed)
        if not overlaps(match.span(), spans):
            found.append(match)
    return found


def quoted_words(match: re.Match[str]) -> str:
    """The words a quotation of :func:`quotations` quotes (its one group that took part), without the comma English
    puts before the closing mark."""
    words = ((match[match.lastindex] if match.lastindex else "") or "").strip()
    return words[:-1].rstrip() if words.endswith(",") else words


TITLE_WORDS = frozenset({"a", "an", "the", "and", "but", "or", "nor", "of", "in", "on", "at", "to", "for", "with",
                         "by", "from", "as", "into", "vs"})  # fmt: skip
"""Words a title keeps in lower case (``Guardians of the Galaxy``, ``Dear Future Husband``)."""


def titled(words: str) -> bool:
    """Whether quoted words read as a title: every word capitalised but a title's small words (:data:`TITLE_WORDS`).

    >>> titled("Guardians of the Galaxy"), titled("I love it")
    (True, False)
    """
    return all(word[:1].isupper() or word in TITLE_WORDS for word in words.split())

