"""Posts that scrapers saved in a shape of their own: Twitter cards, TikTok captions and Reuters' factboxes.

A **card** is the text of a rendered Twitter widget, one item per line::

    Follow
    Donald J. Trump @realDonaldTrump
    Doing my best to disregard the many inflammatory President O statements…
    9:07 AM - 28 Dec 2016
    16,738 16,738 Retweets   53,680 53,680 likes

(``Follow``, a ``Replying to @…`` line and the counts are optional; the time line may read
``9:07 AM · Dec 28, 2016``.)  X's later widget puts the name and the handle on lines of their own, then
``·`` and ``Follow``, and after the time its counts and buttons one a line (``1.2K``, ``Reply``, ``Copy link``,
``Read 54 replies``): those lines belong to the card, never to the post.
TikTok's embed, as text, is one line: ``@handle caption ♬ sound``.
A **factbox** is Reuters' "Trump on Twitter" list, with no names and the day in the article's date::

    @realDonaldTrump : - To each member of the graduating class… [1235 EST] - You are always… [1428 EST]

Both are found with one scan for their fixed parts (the time line; ``@handle : -``), and everything
else is looked for only near those, so the work stays linear.

>>> text = "Follow\\nAnn Lee @ann\\nSo good #wow\\n9:07 PM - 28 Dec 2016\\n5 5 Retweets 9 9 likes\\nMore prose."
>>> card = find_cards(text, 0)[0]
>>> card.handle, card.name, card.text, card.date.isoformat(), text[card.start:card.end].splitlines()[-1]
('ann', 'Ann Lee', 'So good #wow', '2016-12-28', '5 5 Retweets 9 9 likes')
"""

from __future__ import annotations

import datetime as dt
import re
import zoneinfo
from collections.abc import Iterator
from dataclasses import dataclass, field

from reactions.models import Platform, Rendering
from reactions.parse.dates import CARD_TIME, card_date

__all__ = ["TextEmbed", "find_cards", "find_factboxes", "find_tiktok_captions"]


@dataclass(slots=True)  # not frozen: the parser fills in warnings' offsets and cues as it goes
class TextEmbed:
    """A post found in plain text, with everything a :class:`~reactions.models.Reaction` needs.

    Fields:
        start, end: the span of the post with its attribution (or of the whole card).
        text: the post's text as written (trimmed; empty when the article did not keep it).
        handle, name, date: the author's account and name, and the date shown.
        platform, rendering: the network, and which rule found it.
        cues: confidence deductions, name -> amount.
        created_at: the exact UTC time when the rendering gives it.
        link: the post's URL when the rendering gives it.
    """

    start: int
    end: int
    text: str
    handle: str | None
    name: str | None
    date: dt.date | None
    platform: Platform
    rendering: Rendering
    cues: dict[str, float] = field(default_factory=dict)
    created_at: dt.datetime | None = None
    link: str | None = None


# --- cards -------------------------------------------------------------------------------------

_MAX_CARD_LINES = 14
"""A card's text has at most this many lines (a tweet of 280 characters, broken up)."""
_NAME_LINE_RE = re.compile(r"[ \t]*(?P<name>[^\n@]{0,60}?)[ \t]*@(?P<handle>[A-Za-z0-9_]{1,15})[ \t]*$")
_STATS_LINE_RE = re.compile(
    r"[ \t]*(?:[\d.,]+[KkMm]?[ \t]+){1,2}(?:Retweets?|Reposts?)"
    r"(?:[ \t]+(?:[\d.,]+[KkMm]?[ \t]+){1,2}(?:likes?|Likes?))?[ \t]*(?=\n|\Z)"
)
_FOLLOW_RE = re.compile(r"[ \t]*Follow[ \t]*$")
_CHROME_LINES = frozenset({"·", "Follow", "Subscribe", "Follow ·", "· Follow"})
"""Lines X's later widget puts between the handle and the post."""
_AFTER_TIME_RE = re.compile(
    r"[ \t]*(?:[\d.,]{1,9}[KkMm]?(?:[ \t]+(?:Views?|Likes?|Reposts?|Replies|Retweets?))?|Reply|Repost|Like|Share|"
    r"Copy link(?: to (?:post|Tweet))?|Read (?:[\d.,]{1,9}[KkMm]?|more) (?:repl(?:y|ies)|on X|on Twitter)|"
    r"Explore what's happening on X|See [\w ]{1,40} on (?:X|Twitter))[ \t]*(?:\n|\Z)"
)
"""One line of the counts and buttons under the time of X's later widget."""
_MAX_AFTER_LINES = 8
_REPLYING_RE = re.compile(r"[ \t]*Replying to[ \t]+@\w{1,15}[^\n]{0,200}\n")
_BADGE = (" ?", " ✔", " ☑", "✔️", " ✓")
"""A verified badge that survived as a character (or as ``?`` when the crawl lost it)."""


def find_cards(text: str, floor: int) -> list[TextEmbed]:
    """Every Twitter card in ``text`` after ``floor``, in order."""
    cards: list[TextEmbed] = []
    if not _CARD_HINT.search(text, floor):
        return cards
    for time in CARD_TIME.finditer(text, floor):
        if not _whole_line(text, time.start(), time.end()):
            continue
        card = _card_at(text, time, max(floor, cards[-1].end if cards else 0))
        if card is not None:
            cards.append(card)
    return cards


def _whole_line(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` stands alone on its line (up to a few spaces either side)."""
    before = text[max(0, start - _MARGIN) : start]
    after = text[end : end + _MARGIN]
    return (start <= _MARGIN or "\n" in before) and not before.rpartition("\n")[2].strip() and (
        end + _MARGIN >= len(text) or "\n" in after
    ) and not after.partition("\n")[0].strip()


_CARD_HINT = re.compile(r":\d\d[ \t]*[AaPp]\.?[Mm]\.?[ \t]*[-–—·]")
"""A quick check: a card's time line holds ``:07 AM -`` or ``:07 PM ·`` (what :data:`CARD_TIME` needs after its
hour; its opening ``:`` is looked for with a fast literal search, ten times faster than a scan for ``CARD_TIME``)."""
_MARGIN = 8
"""How many spaces may pad a card's time line."""
_CARD_REACH = 2400
"""How far above its time line a card's name line is looked for (a long post, broken into lines)."""


def _card_at(text: str, time: re.Match[str], floor: int) -> TextEmbed | None:
    """The card whose time line is ``time``: its name line is among the lines just above."""
    floor = max(floor, time.start() - _CARD_REACH)
    line_start = text.rfind("\n", floor, time.start()) + 1
    cursor = line_start
    for _ in range(_MAX_CARD_LINES + 1):
        if cursor <= floor:
            return None
        above = max(text.rfind("\n", floor, cursor - 1) + 1, floor)
        name_line = _NAME_LINE_RE.match(text, above, cursor - 1)
        if name_line is not None and not name_line.group("name").startswith("Replying to"):
            return _card(text, time, above, name_line, floor)
        cursor = above
    return None


def _card(text: str, time: re.Match[str], name_start: int, name_line: re.Match[str], floor: int) -> TextEmbed | None:
    body_start = name_line.end() + 1
    body_start = _past_chrome(text, body_start, time.start())
    replying = _REPLYING_RE.match(text, body_start)
    body = text[replying.end() if replying else body_start : text.rfind("\n", 0, time.start()) + 1].strip()
    if not body:
        return None
    name = _without_badge(name_line.group("name"))
    if not name and name_start > floor:  # X's later widget: the name alone on the line above the handle
        above = text.rfind("\n", floor, name_start - 1) + 1
        candidate = text[above : name_start - 1].strip()
        if 0 < len(candidate) <= 50 and candidate[-1] not in ".!?:;\"”" and "@" not in candidate:
            name, name_start = _without_badge(candidate), above
    start = _first_visible(text, name_start)
    follow_start = text.rfind("\n", floor, max(name_start - 1, 0)) + 1
    if name_start > 0 and _FOLLOW_RE.match(text, follow_start, name_start - 1):
        start = _first_visible(text, follow_start)
    end = time.end()
    stats = _STATS_LINE_RE.match(text, end + 1) if text[end : end + 1] == "\n" else None
    tail = _after_time(text, end)
    moment = card_date(time)
    return TextEmbed(
        start=start,
        end=stats.end() if stats else tail if tail > end else end,
        text=body,
        handle=name_line.group("handle"),
        name=name or None,
        date=moment.date() if moment else None,
        platform=Platform.TWITTER,
        rendering=Rendering.CARD,
        cues={} if stats or tail > end else {"no counts line": 0.05},
    )


def _past_chrome(text: str, pos: int, stop: int) -> int:
    """``pos`` moved past the lines of widget chrome (``·``, ``Follow``) that start at it."""
    for _ in range(4):
        line_end = text.find("\n", pos, stop)
        if line_end < 0 or text[pos:line_end].strip() not in _CHROME_LINES:
            return pos
        pos = line_end + 1
    return pos


def _after_time(text: str, end: int) -> int:
    """Where the counts and buttons under a card's time line end (``end`` when there are none)."""
    if text[end : end + 1] != "\n":
        return end
    pos, last = end + 1, end
    for _ in range(_MAX_AFTER_LINES):
        line = _AFTER_TIME_RE.match(text, pos)
        if line is None or line.end() == pos:
            break
        last = line.end() - (1 if text[line.end() - 1 : line.end()] == "\n" else 0)
        pos = line.end()
    return last


def _first_visible(text: str, pos: int) -> int:
    while pos < len(text) and text[pos] in " \t":
        pos += 1
    return pos


def _without_badge(name: str) -> str:
    name = name.strip()
    for badge in _BADGE:
        if name.endswith(badge):
            return name[: -len(badge)].strip()
    return name


# --- factboxes ---------------------------------------------------------------------------------

_FACTBOX_RE = re.compile(r"@(?P<handle>[A-Za-z0-9_]{1,15})[ \t]*:[ \t]*-[ \t]")
_ITEM_END_RE = re.compile(r"[ \t]*\[(?P<hour>\d{1,2})(?P<minute>\d{2})[ \t]*(?P<zone>EST|EDT|ET)\][ \t]*")
_ITEM_SEPARATOR_RE = re.compile(r"-(?!-)[ \t]*")
_EASTERN = zoneinfo.ZoneInfo("America/New_York")
_MAX_ITEM = 1200
"""Longest factbox item looked for (a long post with room to spare)."""


def find_factboxes(text: str, floor: int, day: dt.date | None) -> list[TextEmbed]:
    """Every post of every Reuters factbox in ``text`` after ``floor``; ``day`` is the article's date."""
    found: list[TextEmbed] = []
    for box in _factbox_heads(text, floor):
        if found and box.start() < found[-1].end:
            continue
        found.extend(_items(text, box, day))
    return found


def _factbox_heads(text: str, floor: int) -> Iterator[re.Match[str]]:
    """What ``_FACTBOX_RE.finditer(text, floor)`` gives, tried only at each ``@`` (found with ``str.find``, a
    quarter quicker than the pattern's own scan)."""
    at = text.find("@", floor)
    while at >= 0:
        match = _FACTBOX_RE.match(text, at)
        if match is not None:
            yield match
        at = text.find("@", at + 1 if match is None else match.end())


def _items(text: str, box: re.Match[str], day: dt.date | None) -> list[TextEmbed]:
    items: list[TextEmbed] = []
    pos = box.end()
    item_start = box.start()
    while True:
        end = _ITEM_END_RE.search(text, pos, min(len(text), pos + _MAX_ITEM))
        if end is None or "\n\n" in text[pos : end.start()]:
            return items
        post = text[pos : end.start()].strip()
        if post:
            items.append(_factbox_item(box, item_start, end, post, day))
        separator = _ITEM_SEPARATOR_RE.match(text, end.end())
        if separator is None:
            return items
        item_start, pos = end.end(), separator.end()


def _factbox_item(box: re.Match[str], start: int, end: re.Match[str], post: str, day: dt.date | None) -> TextEmbed:
    created = None
    if day is not None and int(end.group("hour")) < 24 and int(end.group("minute")) < 60:
        local = dt.datetime(
            day.year, day.month, day.day, int(end.group("hour")), int(end.group("minute")), tzinfo=_EASTERN
        )
        created = local.astimezone(dt.UTC)
    return TextEmbed(
        start=start,
        end=end.end() - (len(end.group()) - len(end.group().rstrip())),
        text=post,
        handle=box.group("handle"),
        name=None,
        date=day,
        platform=Platform.TWITTER,
        rendering=Rendering.FACTBOX,
        cues={"date from the article": 0.1} if day else {"no date": 0.1},
        created_at=created,
    )


# --- TikTok captions ------------------------------------------------------------------------------

_TIKTOK_LINE_RE = re.compile(r"[ \t]*@(?P<handle>[A-Za-z0-9_.]{2,24})[ \t]+(?P<caption>\S[^\n]*?)[ \t]*♬")


def find_tiktok_captions(text: str, floor: int) -> list[TextEmbed]:
    """TikTok's embed fallback as text: ``@handle caption #tags ♬ original sound - Name`` on one line
    (the sound credit is no part of the post).  Tried only where a ``♬`` stands."""
    found: list[TextEmbed] = []
    note = text.find("♬", floor)
    while note >= 0:
        start = text.rfind("\n", floor, note) + 1
        end = text.find("\n", note)
        end = len(text) if end < 0 else end
        line = _TIKTOK_LINE_RE.match(text, start, note + 1)
        if line is not None and (not found or start >= found[-1].end):
            found.append(TextEmbed(
                start=_first_visible(text, start), end=len(text[:end].rstrip()), text=line.group("caption").strip(),
                handle=line.group("handle"), name=None, date=None, platform=Platform.TIKTOK,
                rendering=Rendering.BYLINE, cues={"no date": 0.1},
            ))  # fmt: skip
        note = text.find("♬", end)
    return found
