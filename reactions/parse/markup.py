r"""Embed markup left in a plain-text article: ``<blockquote class="twitter-tweet">…</blockquote>``.

Corpora built from CMS exports and Markdown files keep the embed code an author pasted.  Such a
blockquote is read as the saved web page reader reads it (the platform modules of
:mod:`reactions.parse.platforms` give the status id, the URL and the exact time); the rest of the article
stays text.  Embed code shown as code (in a Markdown ``` fence) or written inside a ``<script>`` is not
an embed.  :func:`find_markup_embeds` gives the embeds and :func:`mask` the article with that markup,
code fences and scripts blanked out (offsets kept), for the plain-text finders.

>>> text = ('Look:\n<blockquote class="twitter-tweet"><p>Hi #there</p>&mdash; Ann (@ann) '
...        '<a href="https://twitter.com/ann/status/463440424141459456">May 5, 2014</a></blockquote>\nEnd.')
>>> (found,) = find_markup_embeds(text, "a.md")
>>> found.handle, found.text, found.status_id, found.rendering.value, text[slice(*found.span)][:11]
('ann', 'Hi #there', '463440424141459456', 'markup', '<blockquote')
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator, Sequence

from reactions.models import Kind, Reaction, Rendering
from reactions.parse.build import build_reaction, link_id
from reactions.parse.platforms import Embed, match_embed
from reactions.parse.platforms._dom import iter_elements, parse_dom
from reactions.parse.text import clean_text

__all__ = ["find_markup_embeds", "mask", "reaction_from_embed"]

MAX_EMBED = 20_000
"""Longest embed markup looked for (a long post with its links and attributes, many times over)."""

_OPEN_RE = re.compile(r"<blockquote\b[^<>]{0,2000}>", re.IGNORECASE)
_CLOSE_RE = re.compile(r"</blockquote\s{0,20}>", re.IGNORECASE)
_SCRIPT_RE = re.compile(r"<script\b[^<>]{0,2000}>", re.IGNORECASE)
_SCRIPT_CLOSE_RE = re.compile(r"</script\s{0,20}>", re.IGNORECASE)
_FENCE_RE = re.compile(r"^[ \t]{0,3}(?:```|~~~)", re.MULTILINE)


def find_markup_embeds(text: str, source: str) -> list[Reaction]:
    """The embeds whose markup stands in ``text`` (outside code fences and scripts), in order."""
    if "<" not in text:
        return []
    hidden = _code_and_scripts(text)
    return [
        reaction_from_embed(embed, source, span, Rendering.MARKUP)
        for span in _blockquotes(text)
        if not _inside(span[0], hidden)
        for embed in _embeds(text[span[0] : span[1]])[:1]
    ]


def mask(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """``text`` with ``spans``, code fences and ``<script>`` elements blanked (paragraph breaks at their ends,
    spaces within), so that offsets into it are offsets into ``text``."""
    if "<" not in text and "```" not in text and "~~~" not in text:
        return text
    blanks = merged_spans([*spans, *_code_and_scripts(text)])
    if not blanks:
        return text
    parts: list[str] = []
    cursor = 0
    for start, end in blanks:
        parts += [text[cursor:start], _blank(end - start)]
        cursor = end
    parts.append(text[cursor:])
    return "".join(parts)


def _blank(length: int) -> str:
    if length < 4:
        return " " * length
    return "\n\n" + " " * (length - 4) + "\n\n"


def _blockquotes(text: str) -> Iterator[tuple[int, int]]:
    """Spans of ``<blockquote …>…</blockquote>`` (the first closing tag within :data:`MAX_EMBED`)."""
    yield from _elements(text, _OPEN_RE, _CLOSE_RE)


def _elements(text: str, opening: re.Pattern[str], closing: re.Pattern[str]) -> Iterator[tuple[int, int]]:
    """Spans from each ``opening`` tag to the first ``closing`` tag after it (within :data:`MAX_EMBED`),
    none overlapping: the closing tags are listed once, and each opening tag looks its own up."""
    closes = [m.end() for m in closing.finditer(text)]
    cursor = 0
    for match in opening.finditer(text):
        if match.start() < cursor:
            continue
        i = bisect.bisect_right(closes, match.end())
        if i < len(closes) and closes[i] - match.end() <= MAX_EMBED:
            cursor = closes[i]
            yield match.start(), cursor


def _code_and_scripts(text: str) -> list[tuple[int, int]]:
    """Spans of Markdown code fences and of ``<script>`` elements, in order."""
    fences = [m.start() for m in _FENCE_RE.finditer(text)] if "```" in text or "~~~" in text else []
    spans = [(opening, _line_end(text, closing)) for opening, closing in zip(fences[::2], fences[1::2], strict=False)]
    if len(fences) % 2:
        spans.append((fences[-1], len(text)))  # an unclosed fence runs to the end
    if "<" in text:
        spans.extend(_elements(text, _SCRIPT_RE, _SCRIPT_CLOSE_RE))
    return merged_spans(spans)


def _line_end(text: str, pos: int) -> int:
    end = text.find("\n", pos)
    return len(text) if end < 0 else end


def _inside(position: int, spans: Sequence[tuple[int, int]]) -> bool:
    """Whether ``position`` falls in one of the sorted, disjoint ``spans``."""
    i = bisect.bisect_right(spans, (position, float("inf"))) - 1
    return i >= 0 and spans[i][0] <= position < spans[i][1]


def merged_spans(spans: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """Sorted spans with the overlapping ones joined."""
    merged: list[tuple[int, int]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _embeds(markup: str) -> list[Embed]:
    """The embeds in a fragment of markup (an embed that cannot be read is left out)."""
    found: list[Embed] = []
    for node in iter_elements(parse_dom(markup)):
        extractor = match_embed(node)
        if extractor is None:
            continue
        try:
            embed = extractor.extract(node)
        except (ValueError, IndexError, KeyError):  # a malformed embed is no post
            embed = None
        if embed is not None:
            found.append(embed)
    return found


def reaction_from_embed(
    embed: Embed, source: str, span: tuple[int, int], rendering: Rendering, *, clean: bool = True
) -> Reaction:
    """The reaction an embed stands for: read from markup in a text (``clean``: its text and name cleaned as an
    article's text is), or from a web page's DOM (already clean text)."""
    text = clean_text(embed.text).strip() if clean else embed.text
    name = clean_text(embed.display_name) if clean and embed.display_name else embed.display_name
    return build_reaction(
        Kind.EMBED,
        embed.platform,
        text,
        source,
        span,
        rendering=rendering,
        confidence=1.0 if embed.handle and text else 0.8,
        handle=embed.handle,
        display_name=name,
        date=embed.date,
        id_text=text or link_id(embed.platform, embed.status_id, embed.url),
        hashtags=embed.hashtags,
        mentions=embed.mentions,
        status_id=embed.status_id,
        url=embed.url,
        created_at=embed.created_at,
        lang=embed.lang,
    )
