"""Attribution lines in plain text: ``— Name (@handle) Date`` and every way corpora render it.

An attribution is anchored on ``(@handle)`` (spaces allowed inside the parentheses).  Before it, on
its line, stands what introduces the name:

- a dash (— – ― − - -- ``\\-``) or a semicolon that replaced one (``…Richie Rich ; Name (@h) …``);
- a byline phrase: Instagram's ``A post shared by``, ``A photo posted by`` and their translations
  (:mod:`reactions.parse.bylines`), WordPress's
  ``Originally tweeted by``;
- a dash alone on the line before (``—\\nName (@h) Date``);
- nothing, when the corpus dropped the dash (ISOT: ``…corporations.  Joe Biden (@JoeBiden) June 23,
  2017Slashing…``): then the name must look like one, start its line or follow a sentence's end or a
  double space, and a date must follow; or the Guardian's ``Name (@handle) post text`` line, the post
  after the attribution, among lines of the same form or after a sentence that mentions social media.

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

import datetime as dt
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from reactions.models import Platform, Rendering
from reactions.parse import bylines
from reactions.parse.boundaries import Layout
from reactions.parse.bylines import BYLINE_LAST_WORDS, TIME_WORDS, instagram_byline, lines_opening_with, words
from reactions.parse.dates import ATTRIBUTION_DATE, attribution_date
from reactions.parse.markdown import BYLINE_LINK_RE, date_link_on_next_quoted_line, wrapped_date_link
from reactions.parse.unicode_classes import pictographic

__all__ = ["Attribution", "find_attributions"]

MAX_NAME = 60
"""Longest display name accepted (Twitter allows 50; a little slack for emoji)."""
_LOOK_BACK = MAX_NAME + 24
"""How far before ``(@`` the dash or byline phrase is looked for."""

HANDLE_RE = re.compile(
    r"\([ \t]*@[ \t]?(?P<handle>(?:\\_|[A-Za-z0-9_])(?:(?:\\_|[A-Za-z0-9_.]){0,29}(?:\\_|[A-Za-z0-9_]))?)"
    r"(?:@(?P<instance>[A-Za-z0-9-]{1,63}(?:\.[A-Za-z0-9-]{1,63}){1,4}))?[ \t]*\)"
)
"""``(@handle)``; ``(@user@instance.social)`` is a Mastodon account.  Markdown renderings escape an underscore
(trafilatura with formatting writes ``(@nhk\\_news)``); :func:`_handle` takes the escapes away."""
_GAP = r"[ \t]+"
_DASH_RE = re.compile(r"[—–―−]|(?:(?<=\s)|^)(?:--?|\\-)(?=\s)|;(?=[ \t])")
_LAST_WORD_RE = re.compile(rf"[ \t](?:{'|'.join(map(re.escape, BYLINE_LAST_WORDS))})(?!\w)")
"""A byline's last word as :data:`_BYLINE_PHRASE_RE` ends (in a lower-cased line): a line without holds no byline."""
_BYLINE_PHRASE_RE = re.compile(
    rf"\b(?:(?P<instagram>{instagram_byline(_GAP)})|(?P<twitter>Originally[ \t]+tweeted[ \t]+by))(?!\w)",
    re.IGNORECASE,
)
_CREDIT_RE = re.compile(
    r"(?:(?:with[ \t]+)?(?:additional[ \t]+)?reporting|written|edited|compiled|produced|photos?|images?|video"
    r"|graphics?|illustrations?|follow|contact|email|reach|credit|courtesy|source|by|>>)\b",
    re.IGNORECASE,
)
"""A byline or credit that names a handle (``— Reporting by Jane Doe (@janedoe)``) is not an embed."""
_LINE_END_RE = re.compile(r"[ \t]*(?:\n|\Z)")
_UNRECOGNISED_DATE_RE = re.compile(r"[ \t]+(?=[^\n]{0,40}\d)(?P<other>[^\n]{1,40}?)[ \t]*(?=\n|\Z)")
"""A short rest of the line holding a digit, after an attribution: a date we cannot read."""
_TIME_RE = re.compile(
    rf"[ \t]+{words(TIME_WORDS, _GAP)}[ \t]+\d{{1,2}}(?::\d{{2}})?(?:[ \t]*[ap]\.?m\.?)?(?:[ \t]+[A-Z]{{2,4}})?",
    re.IGNORECASE,
)
_PERIOD_RE = re.compile(r"[ \t]*\.(?=[ \t]*(?:\n|\Z))")
_NAME_TOKEN_RE = re.compile(r"[^\s()]{1,40}")
_GLUED_NAME_RE = re.compile(r"[a-z]{2}[.!?](?=[A-Z])")
"""A sentence's end glued to the name that follows it (``…corporations.Joe``)."""
_SOCIAL_RE = re.compile(r"social media|twitter|tweet|instagram|facebook|online|reacted|wrote", re.IGNORECASE)
_NAME_STOP = frozenset(("a", "an", "and", "or", "but", "of", "in", "on", "at", "to", "for", "with", "from", "by",
                        "is", "was", "were", "said", "says"))  # fmt: skip


@dataclass(slots=True)  # not frozen: a frozen record is slower to make, and this one never leaves the parser
class Attribution:
    """An attribution found in the text, before its post is cut out.

    Fields:
        start: where it begins (its dash, byline phrase or name): the post ends before it.
        end: where it ends (after its date and time).
        handle: the account without ``@``.
        name: the display name as written, or None.
        date: the date shown, or None.
        platform: the network the attribution's form points to.
        rendering: which form it has.
        problem: what was wrong with it (an unreadable date), for a warning.
        link: the URL the Markdown date links to, if any.
        post_after: the post follows it on its line (``Name (@handle) post``).
        cues: confidence deductions: name -> amount (see :mod:`reactions.parse.article`).
    """

    start: int
    end: int
    handle: str | None
    name: str | None
    date: dt.date | None
    platform: Platform
    rendering: Rendering
    problem: str | None = None
    link: str | None = None
    post_after: bool = False
    cues: dict[str, float] = field(default_factory=dict)


def find_attributions(layout: Layout) -> list[Attribution]:
    """Every attribution of the text, in order, none overlapping the one before."""
    found: list[Attribution] = []
    floor = 0
    others = [*_facebook_bylines(layout.text), *_view_on_bylines(layout.text), *_bare_handle_bylines(layout.text)]
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
    rf"(?<![\w@])(?:{instagram_byline(_GAP)})[ \t]+@(?P<handle>[A-Za-z0-9_.]{{1,30}})(?![\w.@])", re.IGNORECASE
)
"""Instagram's byline when the account shows no name: ``A post shared by @handle on Dec 19, 2016 at 7:56pm PST``
(older embed codes; there is no ``(@`` to find it by)."""


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
        if not name[:1].isupper() or _CREDIT_RE.match(name):
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
        return _dashless(layout, match, line_start, floor)
    start, name, rendering, platform = intro
    if name and (_CREDIT_RE.match(name) or len(name) > MAX_NAME):
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
    if lone is not None and before.strip():
        return lone, before.strip(), Rendering.DASH, Platform.TWITTER
    if not before.strip(" \t>["):
        return _byline_on_line_before(text, line_start, floor)
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


def _with_date(
    layout: Layout, match: re.Match[str], start: int, name: str, rendering: Rendering, platform: Platform
) -> Attribution | None:
    text = layout.text
    handle = _handle(match)
    after, date_at, profile_link = match.end(), match.end(), None
    if text.startswith("](", after) and (linked := BYLINE_LINK_RE.match(text, after)) is not None:
        after, date_at, profile_link = linked.end("link"), linked.end(), linked.group("url")
    date_match = ATTRIBUTION_DATE.match(text, date_at) or _date_on_next_line(text, date_at)
    date_end = date_match.end() if date_match is not None else -1
    if date_match is None and (wrapped := wrapped_date_link(text, date_at)) is not None:
        date_match, date_end = wrapped
    if date_match is None and (quoted := date_link_on_next_quoted_line(text, date_at)) is not None:
        date_match, date_end = quoted
    attribution = Attribution(start, after, handle, name or None, None, _platform(match, platform), rendering)
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


def _handle(match: re.Match[str]) -> str:
    """The handle of a ``(@handle)`` match, in its platform's own form (``user@instance`` on Mastodon)."""
    instance = match.group("instance")
    handle = match.group("handle").replace("\\", "")
    return f"{handle}@{instance}" if instance else handle


def _platform(match: re.Match[str], platform: Platform) -> Platform:
    """The network: Mastodon for ``@user@instance``; Bluesky for a handle with a dot (``user.bsky.social``,
    ``nytimes.com``) where the form is Twitter's (a Twitter handle never holds a dot)."""
    if match.group("instance"):
        return Platform.MASTODON
    if platform is Platform.TWITTER and "." in match.group("handle"):
        return Platform.BLUESKY
    return platform


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


# --- without a dash ----------------------------------------------------------------------------


def _dashless(layout: Layout, match: re.Match[str], line_start: int, floor: int) -> Attribution | None:
    """``Name (@handle) Date`` with the dash lost, or the Guardian's ``Name (@handle) post`` line."""
    text = layout.text
    name_start = _name_start(text, max(line_start, match.start() - MAX_NAME), match.start())
    if name_start is None and text.endswith("   ", 0, match.start()) and ATTRIBUTION_DATE.match(text, match.end()):
        name_start = match.start()  # the crawl dropped a name made of emoji: "#disgrace      (@ronenbergen) Nov…"
    if name_start is None:
        return None
    name = text[name_start : match.start()].strip()
    if _CREDIT_RE.match(name):
        return None
    date_match = ATTRIBUTION_DATE.match(text, match.end())
    if date_match is None:
        return _post_after(layout, match, name_start, name, floor)
    attribution = Attribution(
        name_start, match.end(), _handle(match), name or None, None, _platform(match, Platform.TWITTER),
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
    before = text[lo:stop]
    double = before.rfind("  ")
    if double >= 0 and _name_like(before[double:].strip(), strict=False):
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


def _initial(word: str) -> bool:
    return len(word) <= 3 and word.endswith(".") and word[0].isupper()  # J. or Jr. or St.


def _name_like(name: str, *, strict: bool) -> bool:
    """Whether ``name`` can be a display name standing where a dash was lost."""
    words = name.split()
    if not words or len(words) > 6 or len(name) > MAX_NAME:
        return False
    if any(w.lower() in _NAME_STOP for w in words[:1]) or (strict and words[0][0].islower()):
        return False
    return not any(ch in name for ch in "()[]{}\n")


def _post_after(layout: Layout, match: re.Match[str], name_start: int, name: str, floor: int) -> Attribution | None:
    """The Guardian's ``Name (@handle) post text`` line: the attribution opens its line and the post follows.

    Taken only when it opens its line, the post starts with a capital, a digit, a quote, ``#`` or ``@``,
    fits one line, and the line before is of the same form or mentions social media."""
    text = layout.text
    if not layout.starts_line(name_start) or not _name_like(name, strict=True):
        return None
    after = match.end()
    line_end = layout.line_end(after)
    post = text[after:line_end].strip()
    if len(post.split()) < 3 or not (post[0].isupper() or post[0].isdigit() or post[0] in '"“#@') or len(post) > 600:
        return None
    lead = text[max(floor, name_start - 400) : name_start]
    if not (_SOCIAL_RE.search(lead) or _same_form(_line_before(text, name_start)) or _same_form(text[line_end + 1 :])):
        return None
    attribution = Attribution(
        name_start, match.end(), _handle(match), name, None, _platform(match, Platform.TWITTER),
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
    """Whether ``line`` opens with ``Name (@handle)`` (a capitalised name of at most :data:`MAX_NAME` characters)."""
    paren = line.find("(@", 0, MAX_NAME + 2)
    return paren > 0 and line[:1].isupper() and HANDLE_RE.match(line, paren) is not None
