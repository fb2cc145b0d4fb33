"""Article text -> :class:`~reactions.models.Article`: finds embedded posts and quoted reactions.

Pure functions, no I/O.  :func:`parse_article` never raises on a ``str`` and runs in linear
time: every scan is a single pass (a regex, or ``str.find`` from one candidate to the next), and
every look-back is bounded, or kept within the text since the previous post.

The stages: the text is cleaned (:func:`reactions.parse.text.clean_text`) and a `` date YYYY-MM-DD``
header taken off; embed markup left in the text is read as markup (:mod:`reactions.parse.markup`) and
blanked, with code fences and scripts, for the rest; posts embedded in the text are found by
:mod:`reactions.parse.text_embeds` (attributions, scraped cards and factboxes, each with where its post
starts: :mod:`reactions.parse.boundaries`), posts whose link alone stands on a line by
:mod:`reactions.parse.post_links`, and posts quoted in prose by :mod:`reactions.parse.quotes` (those a
newsletter leads with their poster's handle, ``--@ann: "…"``, by :mod:`reactions.parse.handle_quotes`).  Each
post becomes a :class:`Reaction` with its ``rendering`` (which rule found it) and ``confidence`` (1
less the cost of every doubtful cue, see :mod:`reactions.parse.text_embeds`).

>>> article = parse_article("Wow. pic.twitter.com/abc — Ann Lee (@ann_lee) Feb 2, 2020", "a1")
>>> r = article.reactions[0]
>>> (r.handle, r.display_name, r.date.isoformat(), r.text, r.media, r.rendering.value, r.confidence)
('ann_lee', 'Ann Lee', '2020-02-02', 'Wow. pic.twitter.com/abc', ('pic.twitter.com/abc',), 'dash', 1.0)
"""

from __future__ import annotations

import collections
import datetime as dt
import itertools
import logging
import re
from collections.abc import Sequence

from reactions.models import Article, Kind, Reaction
from reactions.parse import snowflake
from reactions.parse.boundaries import Layout
from reactions.parse.build import build_reaction, overlaps, reaction_id, text_fingerprint
from reactions.parse.corner_quotes import find_corner_quotes
from reactions.parse.dates import ATTRIBUTION_DATE
from reactions.parse.handle_quotes import find_handle_quotes
from reactions.parse.markup import find_markup_embeds, mask
from reactions.parse.portuguese_posts import find_portuguese_posts
from reactions.parse.post_links import find_post_links
from reactions.parse.quotes import find_quotes
from reactions.parse.renderings import TextEmbed
from reactions.parse.text import clean_text
from reactions.parse.text_embeds import find_text_embeds

logger = logging.getLogger(__name__)

__all__ = [
    "PARSER_VERSION", "attributions_without_handle", "build_reaction", "parse_article", "parse_body", "reaction_id",
    "split_header", "text_fingerprint", "title_of",
]  # fmt: skip

PARSER_VERSION = "4"
"""Bumped whenever parsing output changes, so caches keyed on it are invalidated."""

_HEADER_RE = re.compile(r"\A\s*date[ \t]+(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?![\w-])[ \t]*\n?")
"""The corpus header `` date 2020-02-02 `` (a month-only `` date 2020-12 `` is removed but gives no date)."""
_NO_HANDLE_RE = re.compile(
    r"^[ \t]*[—–―]+[ \t]*(?P<name>[^\n()@]{1,60}?)[ \t]+"
    + ATTRIBUTION_DATE.pattern.removeprefix(r"[ \t]*")
    + r"[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)
_DASH_LINE_RE = re.compile(r"\n[ \t]*[—–―]")
"""A line opening with a dash; its literal ``\\n`` lets ``re`` skip ahead fast."""
_DASHES = ("—", "–", "―")
_HEAD = 64
_FIRST_OR_UNSEEN = ("", *_DASHES)
"""What the first of the text's first :data:`_HEAD` characters after its spaces and tabs may be for the first line to
open with a dash (``""``: a text no longer than its spaces, or one whose spaces run on: the pattern is asked)."""
"""The dashes of :data:`_DASH_LINE_RE` (and of :data:`_NO_HANDLE_RE`'s opening)."""
_FEW_DASHES = 256
"""Past this many dashes (and spaces before them) read in a text, its dash lines are found by :data:`_DASH_LINE_RE`."""


def parse_article(text: str, source: str | None = None) -> Article:
    """Parse one article's text into an :class:`Article` with its reactions and warnings.

    ``source`` is the article's id (a file name, a URL, …); it defaults to ``"<text>"``.
    Never raises on a ``str``; runs in time linear in the length of the text.
    """
    source = source or "<text>"
    body, date, warnings = split_header(clean_text(text if isinstance(text, str) else ""))
    return parse_body(body, date, warnings, source)


def parse_body(
    body: str,
    date: dt.date | None,
    warnings: list[str],
    source: str,
    *,
    read_embeds: bool = True,
    read_markup: bool = True,
) -> Article:
    """What :func:`parse_article` gives for a text that cleans to ``body`` under a header giving ``date`` and
    ``warnings`` (for a caller that cleaned it already).  ``read_embeds=False`` skips embed markup and the posts
    embedded in the text: for a body in which the prefilter found none of their cues (markup, code or scripts, a
    handle, a byline), where they find nothing.  ``read_markup=False`` skips embed markup alone (and the masking of
    code and scripts): for a body in which the prefilter found no ``<blockquote``, ``<script``, ````` or ``~~~``,
    where markup finds nothing and masks nothing (the prefilter's scan is not made again)."""
    embeds: list[Reaction] = []
    prose = body
    if read_embeds:
        marked = find_markup_embeds(body, source) if read_markup else []
        prose = mask(body, [r.span for r in marked]) if read_markup else body
        found, embed_warnings = find_text_embeds(Layout(prose), date, [r.span for r in marked])
        warnings.extend(embed_warnings)
        embeds = sorted([*marked, *_reactions(found, source, warnings)], key=lambda r: r.span)
    if links := find_post_links(prose, source, embeds):  # (read whatever the prefilter found: a link is no cue)
        embeds = sorted([*embeds, *links], key=lambda r: r.span)
    taken = [r.span for r in embeds]
    quotes = [*find_quotes(prose, source, taken), *find_corner_quotes(prose, source, taken)]
    quotes += find_portuguese_posts(prose, source, [*taken, *(q.span for q in quotes)])  # (after the others)
    if "@" in prose and (led := find_handle_quotes(prose, source, taken)):  # (a handle leads them: they win)
        quotes = [*(q for q in quotes if not overlaps(q.span, [r.span for r in led])), *led]
    warnings.extend(attributions_without_handle(prose, taken))
    reactions = tuple(sorted((*embeds, *quotes), key=lambda r: r.span))
    for warning in warnings:
        logger.warning("%s: %s", source, warning)
    return Article(source=source, title=title_of(body), date=date, text=body, reactions=reactions,
                   warnings=tuple(warnings))  # fmt: skip


def split_header(text: str) -> tuple[str, dt.date | None, list[str]]:
    """Remove a leading `` date YYYY-MM-DD`` header and return (body, date, warnings)."""
    match = _HEADER_RE.match(text)
    if not match:
        return text, None, []
    if match.group(3) is None:
        return text[match.end() :], None, []
    year, month, day = (int(g) for g in match.groups())
    try:
        return text[match.end() :], dt.date(year, month, day), []
    except ValueError:
        return text[match.end() :], None, [f"header: impossible date {match.group(0).strip()!r}"]


def title_of(body: str) -> str | None:
    """An article's title as the parser guesses it: its first non-blank line among its first 20 (cut near 200
    characters).  The lines are sliced one by one: splitting would copy the whole body."""
    start = 0
    for _ in range(20):
        end = body.find("\n", start)
        line = (body[start:] if end < 0 else body[start:end]).strip()
        if line:
            return line if len(line) <= 200 else line[:200].rsplit(" ", 1)[0] + "…"
        if end < 0:
            return None
        start = end + 1
    return None


def _reactions(found: Sequence[TextEmbed], source: str, warnings: list[str]) -> list[Reaction]:
    """One reaction per embed; embeds that kept no text are told apart within the article by their order."""
    untexted: collections.Counter[tuple[str | None, str | None, dt.date | None]] = collections.Counter()
    reactions = []
    for embed in found:
        id_text = None
        if not embed.text:
            key = (embed.handle, embed.name, embed.date)
            untexted[key] += 1
            id_text = f"#{untexted[key]}" if untexted[key] > 1 else ""
        reaction = _reaction(embed, source, id_text)
        if (disagreement := _time_disagrees(reaction)) is not None:
            warnings.append(f"offset {embed.start}: {disagreement}")
        reactions.append(reaction)
    return reactions


def _reaction(embed: TextEmbed, source: str, id_text: str | None) -> Reaction:
    status = snowflake.parse_status_url(embed.link) if embed.link else None
    status_id = status[1] if status else None
    created = snowflake.created_at(status_id) if status_id else embed.created_at
    return build_reaction(
        Kind.EMBED,
        embed.platform,
        embed.text,
        source,
        (embed.start, embed.end),
        rendering=embed.rendering,
        confidence=1.0 - sum(embed.cues.values()),
        handle=embed.handle,
        display_name=embed.name,
        date=embed.date,
        id_text=id_text if id_text is not None or embed.handle else embed.name or "",
        status_id=status_id,
        url=snowflake.canonical_url(status[0] or embed.handle or "", status_id) if status and status_id else None,
        created_at=created,
    )


def _time_disagrees(reaction: Reaction) -> str | None:
    """A warning when a post's shown date cannot be the day its status id was made."""
    if reaction.created_at and reaction.date and not snowflake.agrees_with_date(reaction.created_at, reaction.date):
        return (
            f"@{reaction.handle}: shown date {reaction.date.isoformat()} disagrees with the status id's time "
            f"{reaction.created_at.isoformat()}"
        )
    return None


def attributions_without_handle(body: str, taken: Sequence[tuple[int, int]]) -> list[str]:
    """Warnings for lines like ``— Name February 1, 2020`` that look like an attribution but name no handle.

    What ``_NO_HANDLE_RE.finditer(body)`` finds (each match is one whole line), tried only at the
    start of the text and of lines that open with a dash (:func:`_dash_line_starts`).
    """
    dashed = _dash_line_starts(body)
    if not dashed and body[:_HEAD].lstrip(" \t")[:1] not in _FIRST_OR_UNSEEN:
        return []  # no line opens with a dash (most texts: the pattern is not asked of the first line)
    line_starts = itertools.chain((0,), dashed)
    return [
        f"offset {m.start()}: attribution without a handle: {m.group(0).strip()!r}"
        for start in line_starts
        if (m := _NO_HANDLE_RE.match(body, start)) is not None and not overlaps(m.span(), taken)
    ]


def _dash_line_starts(body: str, few: int = _FEW_DASHES) -> list[int]:
    """Where the lines after the first that open with a dash (after spaces or tabs) start, in order: what
    :data:`_DASH_LINE_RE` finds, from the dashes' own places (``str.find``: a few a text, where the pattern reads
    every character); each dash's spaces before it are read once (a dash stands after them).  A text where more than
    ``few`` dashes and spaces before them would be read is scanned by the pattern: past a few, a Python step per
    character costs more than its scan."""
    starts: list[int] = []
    seen = 0
    for dash in _DASHES:
        at = body.find(dash)
        while at >= 0:
            start = at
            while start and body[start - 1] in " \t" and seen < few:
                start, seen = start - 1, seen + 1
            seen += 1
            if seen > few:
                return [m.start() + 1 for m in _DASH_LINE_RE.finditer(body)]
            if start and body[start - 1] == "\n":
                starts.append(start)
            at = body.find(dash, at + 1)
    starts.sort()
    return starts
