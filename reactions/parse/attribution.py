"""Attribution lines in plain text: ``— Name (@handle) Date`` and every way corpora render it.

An attribution is anchored on ``(@handle)`` (spaces allowed inside the parentheses).  Before it, on
its line, stands what introduces the name:

- a dash (— – ― − - -- ``\\-``) or a semicolon that replaced one (``…Richie Rich ; Name (@h) …``);
- a byline phrase: Instagram's ``A post shared by``, ``A photo posted by`` and their translations
  (:mod:`reactions.parse.bylines`), WordPress's
  ``Originally tweeted by``;
- a dash alone on the line before (``—\\nName (@h) Date``), or ending the post's last line when the name opens the
  handle's line (``…this morning —\\n\\nName (@h) Date``: an extractor that kept the dash with the paragraph above);
- nothing, when the corpus dropped the dash (ISOT: ``…corporations.  Joe Biden (@JoeBiden) June 23,
  2017Slashing…``), or the Guardian's ``Name (@handle) post text`` line: :mod:`reactions.parse.dashless`.

After it: a date (same line, or alone on the next), with Instagram's ``at 6:59am PDT`` and any repeat
of it.  Without a date an attribution must end its line (``so true — me (@x) lol`` is a mention), and
bylines and credits (``— Reporting by Jane Doe (@janedoe)``, ``Follow Evan (@evan) on Twitter``) are
not attributions.

>>> layout = Layout("Wow — Ann Lee (@ann_lee) Feb 2, 2020")
>>> a = find_attributions(layout)[0]
>>> (a.handle, a.name, a.date.isoformat(), a.rendering.value, layout.text[a.start:a.end])
('ann_lee', 'Ann Lee', '2020-02-02', 'dash', '— Ann Lee (@ann_lee) Feb 2, 2020')
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from reactions.models import Platform, Rendering
from reactions.parse import bylines
from reactions.parse.attribution_record import CREDIT_RE, HANDLE_RE, MAX_NAME, Attribution, handle_of, platform_of
from reactions.parse.bare_signatures import bare_signatures
from reactions.parse.boundaries import Layout
from reactions.parse.bylines import BYLINE_LAST_WORDS, TIME_WORDS, instagram_byline, lines_opening_with, words
from reactions.parse.dashless import dashless_attribution
from reactions.parse.dates import ATTRIBUTION_DATE, attribution_date, attribution_date_at
from reactions.parse.markdown import BYLINE_LINK_RE, date_link_on_next_quoted_line, wrapped_date_link
from reactions.parse.split_bylines import dash_name_on_line_before

__all__ = ["HANDLE_RE", "MAX_NAME", "Attribution", "find_attributions"]

_LOOK_BACK = MAX_NAME + 24
"""How far before ``(@`` the dash or byline phrase is looked for."""

_GAP = r"[ \t]+"
_DASH_RE = re.compile(r"[—–―−]|(?:(?<=\s)|^)(?:--?|\\-)(?=\s)|;(?=[ \t])")
_LAST_WORD_RE = re.compile(rf"[ \t](?:{'|'.join(map(re.escape, BYLINE_LAST_WORDS))})(?!\w)")
"""A byline's last word as :data:`_BYLINE_PHRASE_RE` ends (in a lower-cased line): a line without holds no byline."""
_BYLINE_PHRASE_RE = re.compile(
    rf"\b(?:(?P<instagram>{instagram_byline(_GAP)})|(?P<twitter>Originally[ \t]+tweeted[ \t]+by))(?!\w)",
    re.IGNORECASE,
)
_LINE_END_RE = re.compile(r"[ \t]*(?:\n|\Z)")
_UNRECOGNISED_DATE_RE = re.compile(r"[ \t]+(?=[^\n]{0,40}\d)(?P<other>[^\n]{1,40}?)[ \t]*(?=\n|\Z)")
"""A short rest of the line holding a digit, after an attribution: a date we cannot read."""
_TIME_RE = re.compile(
    rf"[ \t]+{words(TIME_WORDS, _GAP)}[ \t]+\d{{1,2}}(?::\d{{2}})?(?:[ \t]*[ap]\.?m\.?)?(?:[ \t]+[A-Z]{{2,4}})?",
    re.IGNORECASE,
)
_PERIOD_RE = re.compile(r"[ \t]*\.(?=[ \t]*(?:\n|\Z))")


def find_attributions(layout: Layout) -> list[Attribution]:
    """Every attribution of the text, in order, none overlapping the one before."""
    found: list[Attribution] = []
    floor = 0
    others = [*_facebook_bylines(layout.text), *_view_on_bylines(layout.text), *_bare_handle_bylines(layout.text),
              *bare_signatures(layout.text)]
    facebook = iter(sorted(others, key=lambda a: a.start))
    pending = next(facebook, None)
    for match in _handle_matches(layout.text):
        while pending is not None and pending.start < match.start():
            if pending.start >= floor:
                found.append(pending)
                floor = pending.end
            pending = next(facebook, None)
        attribution = attribution_at(layout, match, floor)
        if attribution is not None:
            found.append(attribution)
            floor = attribution.end
    for rest in (pending, *facebook):
        if rest is not None and rest.start >= floor:
            found.append(rest)
            floor = rest.end
    return found


_WEEKDAY_RE = re.compile(r"[ \t]+on[ \t]+(?:Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day,[ \t]")
_FACEBOOK_RE = re.compile(
    r"^[ \t]*Post(?P<ed>ed)?[ \t]+by[ \t]+(?P<name>[^\n]{1,60}?)(?=[ \t]+on[ \t]|[ \t]*\.?[ \t]*$)", re.M
)
"""Facebook's embed fallback: ``Posted by NAME on WEEKDAY, DATE`` under the post's text, or ``Post by
NAME.`` alone (an embed that kept no text)."""


_VIEW_ON_RE = re.compile(
    r"^[ \t]*Post by @(?P<handle>[A-Za-z0-9_.]{1,30})(?:@(?P<instance>[A-Za-z0-9.-]{1,100}))?[ \t]*\n"
    r"(?:[ \t]*\n){0,2}[ \t]*View on (?P<network>Threads|Mastodon)[ \t]*$",
    re.MULTILINE,
)
"""What the embed code of Threads and Mastodon shows when its script does not run: ``Post by @handle`` and
``View on Threads``, each on its line (the post's text is not part of it)."""


def _view_on_bylines(text: str) -> Iterator[Attribution]:
    """Threads' and Mastodon's embed fallbacks; tried only where ``View on`` stands."""
    if not bylines.holds(text, "View on "):
        return
    for match in _VIEW_ON_RE.finditer(text):
        mastodon = match.group("network") == "Mastodon"
        handle = match.group("handle") + (f"@{match.group('instance')}" if mastodon and match.group("instance") else "")
        start = match.start() + len(match.group()) - len(match.group().lstrip())
        attribution = Attribution(start, match.end(), handle, None, None,
                                  Platform.MASTODON if mastodon else Platform.THREADS, Rendering.BYLINE)  # fmt: skip
        attribution.cues["no date"] = 0.1
        yield attribution


_BARE_BYLINE_RE = re.compile(
    rf"(?<![\w@])(?:{instagram_byline(_GAP)})[ \t]+@[ \t]?(?P<handle>[A-Za-z0-9_.]{{1,30}})(?![\w.@])", re.IGNORECASE
)
"""Instagram's byline when the account shows no name: ``A post shared by @handle on Dec 19, 2016 at 7:56pm PST``
(older embed codes; there is no ``(@`` to find it by), or ``by @ handle`` (a crawl that spaced the link's ``@``
from the handle)."""


def _bare_handle_bylines(text: str) -> Iterator[Attribution]:
    """Instagram's bylines that name only the handle, each with its date and ending its line; tried only where a
    byline's last word stands before ``@``."""
    if not bylines.last_word_before_handle(text):
        return
    for match in _BARE_BYLINE_RE.finditer(text):
        date_match = ATTRIBUTION_DATE.match(text, match.end())
        if date_match is None:
            continue  # "A post shared by @jodoe went viral": prose, not a byline
        end = _after_time(text, date_match.end(), Platform.INSTAGRAM)
        period = _PERIOD_RE.match(text, end)
        end = period.end() if period else end
        if not _LINE_END_RE.match(text, end):
            continue
        attribution = Attribution(match.start(), end, match.group("handle"), None, None, Platform.INSTAGRAM,
                                  Rendering.BYLINE)  # fmt: skip
        attribution.date, _ = attribution_date(date_match)
        yield attribution


def _facebook_bylines(text: str) -> Iterator[Attribution]:
    """Facebook's bylines, each alone on its line; tried only where ``Post`` opens a line (a match of the pattern
    starts a line and ends on it: what ``finditer`` finds)."""
    for match in filter(None, (_FACEBOOK_RE.match(text, start) for start in lines_opening_with(text, "Post"))):
        name = match.group("name").strip()
        if not name[:1].isupper() or CREDIT_RE.match(name):
            continue
        date_match = ATTRIBUTION_DATE.match(text, match.end()) if match.group("ed") else None
        end = _after_time(text, date_match.end(), Platform.FACEBOOK) if date_match else match.end()
        period = _PERIOD_RE.match(text, end)
        end = period.end() if period else end
        if not _LINE_END_RE.match(text, end) or (match.group("ed") and not _WEEKDAY_RE.match(text, match.end())):
            continue  # Facebook writes the weekday ("on Thursday, January 1, 2015"); a blog's byline seldom does
        start = match.start() + len(match.group()) - len(match.group().lstrip())
        attribution = Attribution(start, end, None, name, None, Platform.FACEBOOK, Rendering.BYLINE)
        if date_match is not None:
            attribution.date, _ = attribution_date(date_match)
        else:
            attribution.cues["no date"] = 0.1
        yield attribution


def _handle_matches(text: str) -> Iterator[re.Match[str]]:
    """What ``HANDLE_RE.finditer(text)`` gives, tried only where ``(`` stands (found with ``str.find``)."""
    at = text.find("(")
    while at >= 0:
        match = HANDLE_RE.match(text, at)
        if match is not None:
            yield match
        at = text.find("(", at + 1 if match is None else match.end())


def attribution_at(layout: Layout, match: re.Match[str], floor: int) -> Attribution | None:
    """The attribution around a ``(@handle)`` match, or None when it is a mere mention."""
    text = layout.text
    line_start = layout.line_start(match.start(), max(match.start() - _LOOK_BACK, floor))
    before = text[line_start : match.start()]
    intro = _introduction(before, text, line_start, floor)
    if intro is None:
        return dashless_attribution(layout, match, line_start, floor)
    start, name, rendering, platform = intro
    if name and (CREDIT_RE.match(name) or len(name) > MAX_NAME):
        return None
    return _with_date(layout, match, start, name, rendering, platform)


def _introduction(before: str, text: str, line_start: int, floor: int) -> tuple[int, str, Rendering, Platform] | None:
    """``(start, name, rendering, platform)`` when a byline phrase or a dash introduces the name."""
    lowered = before.lower()
    phrase = [*_BYLINE_PHRASE_RE.finditer(before)][-1:] if _LAST_WORD_RE.search(lowered) else []
    if phrase:
        platform = Platform.INSTAGRAM if phrase[0].group("instagram") else Platform.TWITTER
        start = line_start + phrase[0].start()
        start -= start > 0 and text[start - 1] == "["  # a Markdown link's bracket is the byline's, not the post's
        return start, before[phrase[0].end() :].strip(), Rendering.BYLINE, platform
    dash = _last_dash(before, naming=True)
    if dash is not None and len(before) - dash[1] <= MAX_NAME + 2:
        return line_start + dash[0], before[dash[1] :].strip(), Rendering.DASH, Platform.TWITTER
    lone = _dash_on_line_before(text, line_start, floor)
    if lone is None and before.strip() and before[:1] not in " \t":
        lone = _dash_ending_line_before(text, line_start, floor)
    if lone is not None and before.strip():
        return lone, before.strip(), Rendering.DASH, Platform.TWITTER
    if not before.strip(" \t>["):
        return _byline_on_line_before(text, line_start, floor) or dash_name_on_line_before(text, line_start, floor)
    return None


def _byline_on_line_before(text: str, line_start: int, floor: int) -> tuple[int, str, Rendering, Platform] | None:
    """A byline phrase and name that html2text wrapped onto the line before the handle's (``[A post shared by
    Kira Bejaoui`` / ``> (@kirabejaoui)](https://www.instagram.com/p/…)``)."""
    lowest = max(floor, line_start - _LOOK_BACK)
    if line_start - 1 <= lowest:
        return None
    prev_start = text.rfind("\n", lowest, line_start - 1) + 1
    if prev_start == 0 and lowest > 0:
        return None
    line = text[prev_start : line_start - 1]
    lowered = line.lower()
    phrase = [*_BYLINE_PHRASE_RE.finditer(line)][-1:] if _LAST_WORD_RE.search(lowered) else []
    if not phrase:
        return None
    platform = Platform.INSTAGRAM if phrase[0].group("instagram") else Platform.TWITTER
    start = prev_start + phrase[0].start()
    if start > 0 and text[start - 1] == "[":
        start -= 1
    return start, line[phrase[0].end() :].strip(), Rendering.BYLINE, platform


def _last_dash(text: str, *, naming: bool = False) -> tuple[int, int] | None:
    """Start and end of the last :data:`_DASH_RE` match in ``text``, if any; ``naming``: not one that names no one
    when another stands before it (``— daniela -- (@h)``: an emoji the crawler wrote as hyphens ends the name)."""
    if "-" not in text and ";" not in text:  # then only the one-character branch can match
        at = max(text.rfind("—"), text.rfind("–"), text.rfind("―"), text.rfind("−"))
        return (at, at + 1) if at >= 0 else None
    spans = [m.span() for m in _DASH_RE.finditer(text)]
    return spans[-2] if naming and len(spans) > 1 and not text[spans[-1][1] :].strip() else spans[-1] if spans else None


def _dash_on_line_before(text: str, line_start: int, floor: int) -> int | None:
    """The offset of a dash standing alone on the line before ``line_start`` (``—\\nName (@h) Date``)."""
    if line_start == 0 or line_start - 1 < floor:
        return None
    prev_start = text.rfind("\n", max(floor, line_start - 8), line_start - 1) + 1
    if prev_start == 0 and line_start - 1 > 8:
        return None
    line = text[prev_start : line_start - 1]
    stripped = line.strip()
    return prev_start + line.index(stripped) if stripped in ("—", "–", "―", "--", "-") else None


def _dash_ending_line_before(text: str, line_start: int, floor: int) -> int | None:
    """The offset of a dash that ends the last line with text before ``line_start`` after a space, with at most
    :data:`_BLANK_BEFORE` blank characters between (``…this morning pic.twitter.com/x —\\n\\nName (@h) Date``)."""
    end = line_start
    while end > floor and line_start - end < _BLANK_BEFORE and text[end - 1] in " \t\n":
        end -= 1
    if end - 2 < floor or text[end - 1] not in "—–―" or text[end - 2] not in " \t" or "\n" not in text[end:line_start]:
        return None
    return end - 1


_BLANK_BEFORE = 8
"""How many spaces, tabs and line breaks may stand between a line's closing dash and the handle's line."""


def _with_date(
    layout: Layout, match: re.Match[str], start: int, name: str, rendering: Rendering, platform: Platform
) -> Attribution | None:
    text = layout.text
    handle = handle_of(match)
    after, date_at, profile_link = match.end(), match.end(), None
    if text.startswith("](", after) and (linked := BYLINE_LINK_RE.match(text, after)) is not None:
        after, date_at, profile_link = linked.end("link"), linked.end(), linked.group("url")
    date_match = attribution_date_at(text, date_at) or _date_on_next_line(text, date_at)
    date_end = date_match.end() if date_match is not None else -1
    if date_match is None and (wrapped := wrapped_date_link(text, date_at)) is not None:
        date_match, date_end = wrapped
    if date_match is None and (quoted := date_link_on_next_quoted_line(text, date_at)) is not None:
        date_match, date_end = quoted
    attribution = Attribution(start, after, handle, name or None, None, platform_of(match, platform), rendering)
    attribution.link = profile_link
    if text.startswith(";", start):
        attribution.cues["a semicolon where the dash was"] = 0.05
    if date_match is not None:
        attribution.date, bad = attribution_date(date_match)
        attribution.link = date_match.group("link") or profile_link
        attribution.end = _after_time(text, date_end, platform)
        if bad:
            attribution.problem = f"impossible date {bad!r} for @{handle}; kept without a date"
            attribution.cues["unreadable date"] = 0.2
        return attribution
    attribution.cues["no date"] = 0.1
    if _LINE_END_RE.match(text, after):
        return attribution
    other = _UNRECOGNISED_DATE_RE.match(text, after)
    if other is None:
        return None
    attribution.end = other.end()
    attribution.problem = f"unrecognised date {other.group('other')!r} for @{handle}"
    attribution.cues["unreadable date"] = 0.2
    return attribution


def _after_time(text: str, end: int, platform: Platform) -> int:
    """The end of an attribution: past Instagram's ``at 6:59am PDT`` (and a repeat of the date and time
    that some crawls keep), and past the period that ends ``Originally tweeted by … on May 1, 2020.``."""
    if platform is Platform.INSTAGRAM and (time := _TIME_RE.match(text, end)):
        end = time.end()
        again = ATTRIBUTION_DATE.match(text, end)
        if again and (time := _TIME_RE.match(text, again.end())):
            end = time.end()
    period = _PERIOD_RE.match(text, end)
    return period.end() if period else end


def _date_on_next_line(text: str, pos: int) -> re.Match[str] | None:
    """A date alone on the line after ``pos``, when ``pos`` ends its line: ``(@h)\\nFeb 2, 2020``."""
    line_end = _LINE_END_RE.match(text, pos)
    if line_end is None or line_end.end() == pos or text[line_end.end() - 1 : line_end.end()] != "\n":
        return None
    date_match = ATTRIBUTION_DATE.match(text, line_end.end())
    return date_match if date_match and _LINE_END_RE.match(text, date_match.end()) else None


