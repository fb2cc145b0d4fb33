"""Attributions whose dash the corpus lost: ``Name (@handle) Date`` (ISOT: ``…corporations.  Joe Biden
(@JoeBiden) June 23, 2017Slashing…``), and the Guardian's ``Name (@handle) post text`` line, the post after the
attribution.

Without a dash the name must look like one (or be the handle itself, ``terrycrews (@terrycrews)``; echo parentheses,
``(((Name)))``, are kept; emoji the crawl dropped may leave spaces or ``?`` after it, ``THE BEYHIV  (@…``), start its
line or follow a sentence's end or a double space, and a date must follow; the Guardian's line is read among lines of
the same form, after a sentence that mentions social media, or when its text holds what only a post holds (a media
or short link, a hashtag, a mention).  Used by :mod:`reactions.parse.attribution` when no dash or byline introduces
a ``(@handle)``.
"""

from __future__ import annotations

import re

from reactions.models import Platform, Rendering
from reactions.parse.attribution_record import CREDIT_RE, HANDLE_RE, MAX_NAME, Attribution, handle_of, platform_of
from reactions.parse.boundaries import Layout
from reactions.parse.dates import ATTRIBUTION_DATE, attribution_date, attribution_date_at
from reactions.parse.unicode_classes import pictographic

__all__ = ["dashless_attribution"]

_NAME_TOKEN_RE = re.compile(r"[^\s()]{1,40}")
_GLUED_NAME_RE = re.compile(r"[a-z]{2}[.!?](?=[A-Z])")
"""A sentence's end glued to the name that follows it (``…corporations.Joe``)."""
_ECHO_RE = re.compile(r"(?P<open>\({1,3})(?P<name>[^()]{1,50})(?P<close>\){1,3})")
"""A display name in echo parentheses, ``(((Name)))`` (a fashion of 2016-17)."""
_SOCIAL_RE = re.compile(r"social media|twitter|tweet|instagram|facebook|online|reacted|wrote", re.IGNORECASE)
_POST_SIGN_RE = re.compile(r"pic\.twitter\.com/|https?://t\.co/|(?<![\w&])[#@]\w")
"""What only a post holds in a ``Name (@handle) text`` line: a media or short link, a hashtag, a mention."""
_NAME_STOP = frozenset(("a", "an", "and", "or", "but", "of", "in", "on", "at", "to", "for", "with", "from", "by",
                        "is", "was", "were", "said", "says"))  # fmt: skip


def dashless_attribution(layout: Layout, match: re.Match[str], line_start: int, floor: int) -> Attribution | None:
    """``Name (@handle) Date`` with the dash lost, or the Guardian's ``Name (@handle) post`` line."""
    text = layout.text
    name_start = _name_start(text, max(line_start, match.start() - MAX_NAME), match.start())
    if name_start is None and text.endswith("   ", 0, match.start()) and ATTRIBUTION_DATE.match(text, match.end()):
        name_start = match.start()  # the crawl dropped a name made of emoji: "#disgrace      (@ronenbergen) Nov…"
    elif name_start is None and _named_by_handle(text[line_start : match.start()], match):
        name_start = line_start  # "terrycrews (@terrycrews) …": the account's name is its handle, in lower case
    if name_start is None:
        return None
    name = text[name_start : match.start()].strip()
    if CREDIT_RE.match(name):
        return None
    date_match = attribution_date_at(text, match.end())
    if date_match is None:
        return _post_after(layout, match, name_start, name, floor)
    attribution = Attribution(
        name_start, match.end(), handle_of(match), name or None, None, platform_of(match, Platform.TWITTER),
        Rendering.DASHLESS,
    )  # fmt: skip
    attribution.date, bad = attribution_date(date_match)
    attribution.end = date_match.end()
    if bad:
        attribution.problem = f"impossible date {bad!r} for @{attribution.handle}; kept without a date"
    attribution.cues["no dash"] = 0.1
    return attribution


def _name_start(text: str, lo: int, stop: int) -> int | None:
    """Where a dashless attribution's name starts before ``stop``, or None when what stands there is
    not a name: after a double space (where the dash was), else the capitalised words after a
    sentence's end or the line's start."""
    raw = text[lo:stop]
    core = _without_lost_emoji(raw)  # a capital must open the name then: "…face  priceless    (@…" is no name
    for before, capital in ((core, True), (raw, False)) if core is not raw else ((raw, False),):
        double = before.rfind("  ")
        if double >= 0 and _name_like(before[double:].strip(), strict=False, capital=capital):
            earlier = before.rfind("  ", 0, double)
            first_name = before[earlier:double].strip() if earlier >= 0 else ""
            if first_name and " " not in first_name and first_name[0].isupper() and len(first_name) <= 20:
                double = earlier  # a name whose emoji the corpus turned into spaces: "Annalise   Brown"
            return lo + double + len(before[double:]) - len(before[double:].lstrip())
    tokens = list(_NAME_TOKEN_RE.finditer(text, lo, stop))
    start = None
    glued = False
    for token in (t for t in reversed(tokens[-6:]) if not pictographic(t.group())):  # "CJ 🤴🏽": kept, starts no name
        word = token.group()
        if word.endswith((".", "!", "?", ":", '"', "”")) and len(word) > 2 and not _initial(word):
            break
        if not (word[0].isupper() or word[0].isdigit() or word.lower() in ("of", "the", "&", "de", "van", "von")):
            break
        start = token.start()
        inner = _GLUED_NAME_RE.search(word)
        if inner is not None:  # "…corporations.Joe Biden": the name starts after a sentence glued to it
            start, glued = token.start() + inner.end(), True
            break
    if start is None:
        return None
    name = text[start:stop].strip()
    preceded = text[max(lo, start - 2) : start]
    at_boundary = glued or start == lo or preceded.endswith(("\n", ". ", "! ", "? ", ": ", '" ', "” "))
    return start if at_boundary and _name_like(name, strict=True) else None


def _without_lost_emoji(before: str) -> str:
    """``before`` without the spaces and ``?`` that a name's trailing emoji became (``THE BEYHIV  (@…``, ``Nancy
    ???  (@…``), so that the double space where the dash was is found before the name, not after it."""
    core = before.rstrip(" ?")
    return core if len(before) - len(core) >= 2 and (core[-1:].isalnum() or core.endswith(")")) else before


def _initial(word: str) -> bool:
    return len(word) <= 3 and word.endswith(".") and word[0].isupper()  # J. or Jr. or St.


def _name_like(name: str, *, strict: bool, capital: bool = False) -> bool:
    """Whether ``name`` can be a display name standing where a dash was lost."""
    echo = _ECHO_RE.fullmatch(name)
    if echo is not None and len(echo.group("open")) == len(echo.group("close")):
        name = echo.group("name")  # "(((Yair Rosenberg)))": a name in echo parentheses
    words = name.split()
    if not words or len(words) > 6 or len(name) > MAX_NAME or (capital and not name[0].isupper()):
        return False
    if any(w.lower() in _NAME_STOP for w in words[:1]) or (strict and words[0][0].islower()):
        return False
    return not any(ch in name for ch in "()[]{}\n")


def _post_after(layout: Layout, match: re.Match[str], name_start: int, name: str, floor: int) -> Attribution | None:
    """The Guardian's ``Name (@handle) post text`` line: the attribution opens its line and the post follows.

    Taken only when it opens its line, the post starts with a capital, a digit, a quote, ``#`` or ``@``,
    fits one line, and holds what only a post holds (:data:`_POST_SIGN_RE`), or the line before or after is of the
    same form, or the text before mentions social media."""
    text = layout.text
    if not layout.starts_line(name_start) or not (_name_like(name, strict=True) or _named_by_handle(name, match)):
        return None
    after = match.end()
    line_end = layout.line_end(after)
    post = text[after:line_end].strip()
    if len(post.split()) < 3 or not (post[0].isupper() or post[0].isdigit() or post[0] in '"“#@') or len(post) > 600:
        return None
    lead = text[max(floor, name_start - 400) : name_start]
    neighbours = (_line_before(text, name_start), text[line_end + 1 :])
    if not (_POST_SIGN_RE.search(post) or _SOCIAL_RE.search(lead) or any(map(_same_form, neighbours))):
        return None
    attribution = Attribution(
        name_start, match.end(), handle_of(match), name, None, platform_of(match, Platform.TWITTER),
        Rendering.DASHLESS, post_after=True,
    )  # fmt: skip
    attribution.cues["post after its attribution"] = 0.3
    return attribution


def _line_before(text: str, line_start: int) -> str:
    """The opening (at most :data:`MAX_NAME` + 40 characters) of the last line with text before
    ``line_start``; empty when that line is longer than a post can be."""
    end = line_start - 1
    while end > 0 and text[end - 1] in " \t\n" and line_start - end < 20:
        end -= 1
    lo = max(0, end - 700)
    prev_start = text.rfind("\n", lo, end) + 1
    if end <= 0 or (prev_start == 0 and lo > 0):
        return ""
    return text[prev_start : min(end, prev_start + MAX_NAME + 40)]


def _same_form(line: str) -> bool:
    """Whether ``line`` opens with ``Name (@handle)`` (a capitalised name of at most :data:`MAX_NAME` characters, or
    the handle itself)."""
    paren = line.find("(@", 0, MAX_NAME + 2)
    match = HANDLE_RE.match(line, paren) if paren > 0 else None
    return match is not None and (line[:1].isupper() or _named_by_handle(line[:paren], match))


def _named_by_handle(name: str, match: re.Match[str]) -> bool:
    """Whether ``name`` is the handle of ``match`` as written in a display name (``terrycrews``)."""
    return name.strip().casefold() == match.group("handle").casefold()
