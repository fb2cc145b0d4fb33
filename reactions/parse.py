"""Article text -> :class:`~reactions.models.Article`: finds embedded posts and quoted reactions.

Pure functions, no I/O.  :func:`parse_article` never raises on a ``str`` and runs in linear
time: every scan is a single pass (a regex, or ``str.find`` from one candidate to the next), and
every look-back is bounded, done by bisection over precomputed paragraph boundaries, or kept
within the text since the previous attribution.

How an embed is found.  An attribution is anchored on ``(@handle)``: before it, on the same
line, a dash (— – ― − -- -) and the display name; after it an optional date.  Without a date the
attribution must end its line, so a mention such as ``so true — me (@x) lol`` inside a post is
not taken for an attribution.  The post is the text before the dash, back to the start of its
paragraph or the end of the previous attribution, whichever is later; an attribution that opens
its own paragraph or line takes the paragraph before it.  Paragraphs are blank-line separated
when the article has blank lines, else each line is a paragraph.

Quotes in prose are found by :mod:`reactions.quotes`.

>>> article = parse_article("Wow. pic.twitter.com/abc — Ann Lee (@ann_lee) Feb 2, 2020", "a1")
>>> r = article.reactions[0]
>>> (r.handle, r.display_name, r.date.isoformat(), r.text, r.media)
('ann_lee', 'Ann Lee', '2020-02-02', 'Wow. pic.twitter.com/abc', ('pic.twitter.com/abc',))
"""

from __future__ import annotations

import bisect
import datetime as dt
import itertools
import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass

from reactions import snowflake
from reactions.build import build_reaction, overlaps, reaction_id, text_fingerprint
from reactions.dates import MONTHS
from reactions.models import Article, Kind, Platform, Reaction, Rendering
from reactions.quotes import find_quotes
from reactions.text import clean_text

logger = logging.getLogger(__name__)

__all__ = ["PARSER_VERSION", "build_reaction", "parse_article", "reaction_id", "text_fingerprint"]

PARSER_VERSION = "1"
"""Bumped whenever parsing output changes, so caches keyed on it are invalidated."""

_MAX_NAME = 60
"""Longest display name we accept (Twitter allows 50; a little slack for emoji)."""

_ENGLISH_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_ANY_MONTH = "(?:" + "|".join(sorted(map(re.escape, MONTHS), key=len, reverse=True)) + ")"
_DATE_RE = re.compile(
    r"[ \t]*(?:on[ \t]+)?\[?(?:"
    rf"(?P<mon>{_ENGLISH_MONTH})\.?[ \t]+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?[ \t]+(?P<year>\d{{4}})"
    rf"|(?P<day2>\d{{1,2}})\.?(?:[ \t]+de)?[ \t]+(?P<mon2>{_ANY_MONTH})\.?(?:[ \t]+de)?,?[ \t]+(?P<year2>\d{{4}})"
    r"|(?P<iso>(?P<y3>\d{4})-(?P<m3>\d{1,2})-(?P<d3>\d{1,2}))"
    r"|(?P<cjk>(?P<y4>\d{4})[ \t]*[年년][ \t]*(?P<m4>\d{1,2})[ \t]*[月월][ \t]*(?P<d4>\d{1,2})[ \t]*[日일]?)"
    r")(?!\d)(?:\](?:\((?P<link>[^()\s]{1,500})\))?)?",
    re.IGNORECASE,
)
"""English dates as Twitter renders them (``February 1, 2020``, ``Feb. 1, 2020``, ``1 February 2020``), the
day-first forms of its Spanish, French, German, Italian, Portuguese and Dutch embeds (``28 de mayo de 2016``,
``28. Mai 2016``), ISO dates, and Chinese/Japanese/Korean ``2016年5月28日``; in Markdown the date may be a
link to the post, ``[February 28, 2016](https://twitter.com/…/status/…)``."""
_UNRECOGNISED_DATE_RE = re.compile(r"[ \t]+(?=[^\n]{0,40}\d)(?P<other>[^\n]{1,40}?)[ \t]*(?=\n|\Z)")
"""A short rest of the line holding a digit, after an attribution: a date we cannot read."""
_TIME_RE = re.compile(r"[ \t]+at[ \t]+\d{1,2}(?::\d{2})?[ \t]*(?:[ap]\.?m\.?)?(?:[ \t]+[A-Z]{2,4})?", re.I)

_HANDLE_RE = re.compile(r"\([ \t]*@([A-Za-z0-9_](?:[A-Za-z0-9_.]{0,29}[A-Za-z0-9_])?)[ \t]*\)")
_DASH_RE = re.compile(r"[—–―−]|(?:(?<=\s)|^)(?:--?|\\-)(?=\s)")
_BYLINE_PHRASE_RE = re.compile(
    r"\b(?:(?P<instagram>A[ \t]+(?:post|photo|video|reel)[ \t]+(?:shared|posted))|(?P<twitter>Originally[ \t]+tweeted))"
    r"[ \t]+by\b",
    re.IGNORECASE,
)
"""Bylines written as a phrase after the post: Instagram's "A post shared by", WordPress's "Originally tweeted by"."""
_BYLINE_RE = re.compile(
    r"(?:(?:with[ \t]+)?(?:additional[ \t]+)?reporting|written|edited|compiled|produced|photos?|images?|video"
    r"|graphics?|illustrations?|follow|contact|email|reach|credit|courtesy|source|by)\b",
    re.IGNORECASE,
)
"""A byline or credit that names a handle (``— Reporting by Jane Doe (@janedoe)``) is not an embed."""
_LINE_END_RE = re.compile(r"[ \t]*(?:\n|\Z)")
_BLANK_LINE_RE = re.compile(r"\n[ \t]*\n")
_HEADER_RE = re.compile(r"\A\s*date[ \t]+(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?(?![\w-])[ \t]*\n?")
"""The corpus header `` date 2020-02-02 `` (a month-only `` date 2020-12 `` is removed but gives no date)."""
_NO_HANDLE_RE = re.compile(
    r"^[ \t]*[—–―]+[ \t]*(?P<name>[^\n()@]{1,60}?)[ \t]+" + _DATE_RE.pattern.removeprefix(r"[ \t]*") + r"[ \t]*$",
    re.IGNORECASE | re.MULTILINE,
)


@dataclass(slots=True)  # not frozen: a frozen record is slower to make, and this one never leaves the module
class _Attribution:
    """An attribution found in the text, before its post is cut out."""

    start: int
    end: int
    handle: str
    name: str | None
    date: dt.date | None
    platform: Platform
    problem: str | None
    link: str | None
    rendering: Rendering


class _Layout:
    """Line and paragraph boundaries of a text: 'start of paragraph' by bisection over the blank
    lines, 'start of line' by looking back no further than a given floor (callers pass floors that
    keep the total look-back linear: the end of the previous attribution, or a bounded window)."""

    def __init__(self, text: str) -> None:
        self.text = text
        blank_ends = [m.end() for m in _BLANK_LINE_RE.finditer(text)]
        self.blank_lines = bool(blank_ends)
        self.para_starts = [0, *blank_ends]

    def line_start(self, pos: int, floor: int) -> int:
        """The start of ``pos``'s line, or ``floor`` when that is later."""
        return max(self.text.rfind("\n", floor, pos) + 1, floor)

    def starts_line(self, pos: int) -> bool:
        return pos == 0 or self.text[pos - 1] == "\n"

    def para_start(self, pos: int, floor: int) -> int:
        """The start of ``pos``'s paragraph (its line in a text without blank lines), or ``floor`` if later."""
        if not self.blank_lines:
            return self.line_start(pos, floor)
        return max(self.para_starts[bisect.bisect_right(self.para_starts, pos) - 1], floor)


def parse_article(text: str, source: str | None = None) -> Article:
    """Parse one article's text into an :class:`Article` with its reactions and warnings.

    ``source`` is the article's id (a file name, a URL, …); it defaults to ``"<text>"``.
    Never raises on a ``str``; runs in time linear in the length of the text.
    """
    source = source or "<text>"
    body, date, warnings = _split_header(clean_text(text if isinstance(text, str) else ""))
    layout = _Layout(body)
    attributions = _find_attributions(layout, warnings)
    embeds = _cut_posts(layout, attributions, source, warnings)
    quotes = find_quotes(body, source, [r.span for r in embeds])
    warnings.extend(_attributions_without_handle(body, [r.span for r in embeds]))
    reactions = tuple(sorted((*embeds, *quotes), key=lambda r: r.span))
    for warning in warnings:
        logger.warning("%s: %s", source, warning)
    return Article(
        source=source,
        title=_title(body),
        date=date,
        text=body,
        reactions=reactions,
        warnings=tuple(warnings),
    )


def _split_header(text: str) -> tuple[str, dt.date | None, list[str]]:
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


def _title(body: str) -> str | None:
    for line in body.split("\n", 20)[:20]:
        line = line.strip()
        if line:
            return line if len(line) <= 200 else line[:200].rsplit(" ", 1)[0] + "…"
    return None


def _parse_date(match: re.Match[str]) -> tuple[dt.date | None, str | None]:
    """The date a :data:`_DATE_RE` match names, or (None, the text) when it is impossible."""
    if match.group("iso"):
        year, month, day = int(match.group("y3")), int(match.group("m3")), int(match.group("d3"))
    elif match.group("cjk"):
        year, month, day = int(match.group("y4")), int(match.group("m4")), int(match.group("d4"))
    else:
        month = MONTHS[(match.group("mon") or match.group("mon2")).lower()]
        year = int(match.group("year") or match.group("year2"))
        day = int(match.group("day") or match.group("day2"))
    try:
        return dt.date(year, month, day), None
    except ValueError:
        return None, match.group(0).strip()


def _find_attributions(layout: _Layout, warnings: list[str]) -> list[_Attribution]:
    found: list[_Attribution] = []
    text = layout.text
    floor = 0
    for match in _HANDLE_RE.finditer(text):
        attribution = _attribution_at(layout, match, floor)
        if attribution is None:
            continue
        if attribution.problem:
            warnings.append(f"offset {attribution.start}: {attribution.problem}")
        found.append(attribution)
        floor = attribution.end
    return found


def _attribution_at(layout: _Layout, match: re.Match[str], floor: int) -> _Attribution | None:
    """The attribution around a ``(@handle)`` match, or None when it is a mere mention."""
    text = layout.text
    window_start = layout.line_start(match.start(), max(match.start() - _MAX_NAME - 4, floor))
    before = text[window_start : match.start()]
    platform = Platform.TWITTER
    dash = _last_dash(before)
    phrase = [*_BYLINE_PHRASE_RE.finditer(before)][-1:] if "by" in before else []
    dashless, rendering = False, Rendering.DASH
    if phrase and (dash is None or dash[0] < phrase[0].start()):
        start, name = window_start + phrase[0].start(), before[phrase[0].end() :].strip()
        platform = Platform.INSTAGRAM if phrase[0].group("instagram") else Platform.TWITTER
        rendering = Rendering.BYLINE
    elif dash is not None:
        start, name = window_start + dash[0], before[dash[1] :].strip()
    else:
        start, name, dashless, rendering = window_start, before.strip(), True, Rendering.DASHLESS
    if name and _BYLINE_RE.match(name):
        return None
    date_match = _DATE_RE.match(text, match.end()) or _date_on_next_line(text, match.end())
    end = date_match.end() if date_match else match.end()
    if date_match and platform is Platform.INSTAGRAM and (time := _TIME_RE.match(text, end)):
        end = time.end()
    if dashless and (
        date_match is None or not name or start > match.start() or not layout.starts_line(start)
        or not _LINE_END_RE.match(text, end)
    ):
        return None
    date, problem = None, None
    if date_match:
        date, bad = _parse_date(date_match)
        problem = f"impossible date {bad!r} for @{match.group(1)}; kept without a date" if bad else None
    elif not _LINE_END_RE.match(text, match.end()):
        other = _UNRECOGNISED_DATE_RE.match(text, match.end())
        if other is None:
            return None
        end, problem = other.end(), f"unrecognised date {other.group('other')!r} for @{match.group(1)}"
    return _Attribution(
        start=start,
        end=end,
        handle=match.group(1),
        name=name or None,
        date=date,
        platform=platform,
        problem=problem,
        link=date_match.group("link") if date_match else None,
        rendering=rendering,
    )


def _last_dash(text: str) -> tuple[int, int] | None:
    """Start and end of the last :data:`_DASH_RE` match in ``text``, if any."""
    if "-" not in text:  # then only its one-character branch can match: the last such character
        at = max(text.rfind("—"), text.rfind("–"), text.rfind("―"), text.rfind("−"))
        return (at, at + 1) if at >= 0 else None
    spans = [m.span() for m in _DASH_RE.finditer(text)]
    return spans[-1] if spans else None


def _date_on_next_line(text: str, pos: int) -> re.Match[str] | None:
    """A date alone on the line after ``pos``, when ``pos`` ends its line: ``(@h)\\nFeb 2, 2020``."""
    line_end = _LINE_END_RE.match(text, pos)
    if line_end is None or line_end.end() == pos or text[line_end.end() - 1 : line_end.end()] != "\n":
        return None
    date_match = _DATE_RE.match(text, line_end.end())
    return date_match if date_match and _LINE_END_RE.match(text, date_match.end()) else None


_NETWORKS = r"(?:twitter|x|instagram|facebook|tiktok|youtube|bluesky|threads|mastodon)"
_POST_START_RE = re.compile(
    rf"(?:Skip[ \t]+{_NETWORKS}[ \t]+(?:post|content)(?:,?[ \t]+\d+)?(?:[ \t]+by)?|Accept and continue"
    rf"|Allow[ \t]+{_NETWORKS}[ \t]+content\?|View this (?:post|profile) on Instagram)[ \t]*",
    re.IGNORECASE,
)
_POST_START_WORDS = ("skip", "accept and continue", "content?", "view this")
"""Cheap pre-check: a post holding none of these has no start marker."""
_POST_END_RE = re.compile(
    rf"[ \t]*(?:Report\b[ \t]*)?\n?[ \t]*End of[ \t]+{_NETWORKS}[ \t]+(?:post|content)(?:,?[ \t]+\d+)?[ \t]+by[ \t]*",
    re.IGNORECASE,
)


def _after_start_marker(post: str, attribution: _Attribution) -> int:
    """Where the post begins within ``post``: after the last 'Skip Twitter post by …' style marker, if any."""
    if not any(map(post.lower().__contains__, _POST_START_WORDS)):
        return 0
    cut = 0
    for marker in _POST_START_RE.finditer(post):
        cut = marker.end()
    if cut:
        for who in (f"@{attribution.handle}", attribution.name):
            if who and post.startswith(who, cut):
                return cut + len(who)
    return cut


def _end_marker_end(text: str, attribution: _Attribution) -> int:
    """The end of an 'End of Twitter post by …' marker right after an attribution, else its end."""
    marker = _POST_END_RE.match(text, attribution.end)
    if marker is None:
        return attribution.end
    for who in (f"@{attribution.handle}", attribution.name):
        if who and text.startswith(who, marker.end()):
            return marker.end() + len(who)
    return marker.end()


def _cut_posts(
    layout: _Layout, attributions: Sequence[_Attribution], source: str, warnings: list[str]
) -> list[Reaction]:
    reactions: list[Reaction] = []
    text = layout.text
    previous_end = 0
    for attribution in attributions:
        start, stop = _post_bounds(layout, attribution.start, previous_end)
        if attribution.rendering is Rendering.DASH and text[stop : attribution.start].count("\n"):
            attribution.rendering = Rendering.OWN_LINE
        previous_end = _end_marker_end(text, attribution)
        post = text[start:stop]
        cut = _after_start_marker(post, attribution)
        start, post = start + cut, post[cut:]
        stripped = _unmark(post.strip())
        if not stripped:
            warnings.append(f"offset {attribution.start}: attribution to @{attribution.handle} has no post text")
            continue
        start += len(post) - len(post.lstrip())
        reaction = _embed(attribution, stripped, source, (start, attribution.end))
        if (disagreement := _time_disagrees(reaction)) is not None:
            warnings.append(f"offset {attribution.start}: {disagreement}")
        reactions.append(reaction)
    return reactions


def _post_bounds(layout: _Layout, dash: int, previous_end: int) -> tuple[int, int]:
    """Where the post attributed at ``dash`` starts and stops."""
    text = layout.text
    start, stop = layout.para_start(dash, previous_end), dash
    if not text[start:dash].strip(_GAP):
        last = _last_visible(text, dash, previous_end)
        if last < previous_end:
            return dash, dash
        start, stop = layout.para_start(last, previous_end), last + 1
    return _reach_back(layout, start, previous_end), stop


def _last_visible(text: str, pos: int, floor: int) -> int:
    """The index of the last character before ``pos`` that is not a space or a ``>`` quote marker, or
    ``floor - 1`` when there is none."""
    last = pos - 1
    while last >= floor and (text[last].isspace() or text[last] == ">"):
        last -= 1
    return last


_GAP = " \t\n>"
"""What may stand between a post and its attribution: white space and Markdown's ``>`` quote markers."""


_CONTINUATION = ("—", "–", "―", "--")
"""A post paragraph opening with a dash continues the one before: ``"…"\n\n--A Guy I Just Punched``."""


def _reach_back(layout: _Layout, start: int, previous_end: int) -> int:
    """The start of a post that spans paragraphs.

    In an article whose paragraphs are separated by one blank line, a post's own line breaks
    show as a wider gap (two or more blank lines); and a paragraph opening with a dash is a
    signature that continues the paragraph before.  Otherwise the post is one paragraph: the
    lines between posts ("And this one...") belong to no post.
    """
    text = layout.text
    while layout.blank_lines and start > previous_end:
        last = _last_visible(text, start, previous_end)
        if last < previous_end or (text.count("\n", last, start) < 3 and not text.startswith(_CONTINUATION, start)):
            break
        start = layout.para_start(last, previous_end)
    return start


def _embed(attribution: _Attribution, text: str, source: str, span: tuple[int, int]) -> Reaction:
    status = snowflake.parse_status_url(attribution.link) if attribution.link else None
    status_id = status[1] if status else None
    return build_reaction(
        Kind.EMBED,
        attribution.platform,
        text,
        source,
        span,
        rendering=attribution.rendering,
        confidence=0.6 + 0.2 * (attribution.date is not None) + 0.2 * (attribution.name is not None),
        handle=attribution.handle,
        display_name=attribution.name,
        date=attribution.date,
        status_id=status_id,
        url=snowflake.canonical_url(status[0] or attribution.handle, status_id) if status and status_id else None,
        created_at=snowflake.created_at(status_id) if status_id else None,
    )


def _time_disagrees(reaction: Reaction) -> str | None:
    """A warning when a post's shown date cannot be the day its status id was made."""
    if reaction.created_at and reaction.date and not snowflake.agrees_with_date(reaction.created_at, reaction.date):
        return (
            f"@{reaction.handle}: shown date {reaction.date.isoformat()} disagrees with the status id's time "
            f"{reaction.created_at.isoformat()}"
        )
    return None


# --- Markdown renderings of embeds ------------------------------------------------------------

_MD_QUOTE_RE = re.compile(r"^[ \t]*>[ \t]?", re.MULTILINE)
_MD_LINK_RE = re.compile(r"\[([^\[\]\n]{1,300})\]\((?:https?://|/)[^()\s]{0,500}\)")
_MD_ESCAPE_RE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>|~])")


def _unmark(post: str) -> str:
    r"""A post as shown, from its Markdown: blockquote markers, ``[label](url)`` links and escapes removed.

    Plain text is returned as it is; only a post written as a Markdown blockquote or holding
    Markdown links is touched.

    >>> _unmark("> Wow [#tbt](https://twitter.com/hashtag/tbt) \\- so good\n> ")
    'Wow #tbt - so good'
    """
    quoted = post.lstrip().startswith(">")
    if not quoted and "](" not in post:
        return post
    if quoted and all(line.lstrip().startswith(">") for line in post.split("\n") if line.strip()):
        post = _MD_QUOTE_RE.sub("", post)
    return _MD_ESCAPE_RE.sub(r"\1", _MD_LINK_RE.sub(r"\1", post)).strip()


def _attributions_without_handle(body: str, taken: Sequence[tuple[int, int]]) -> list[str]:
    """Warnings for lines like ``— Name February 1, 2020`` that look like an attribution but name no handle.

    What ``_NO_HANDLE_RE.finditer(body)`` finds (each match is one whole line), tried only at the
    start of the text and of lines that open with a dash.
    """
    line_starts = itertools.chain((0,), (m.start() + 1 for m in _DASH_LINE_RE.finditer(body)))
    return [
        f"offset {m.start()}: attribution without a handle: {m.group(0).strip()!r}"
        for start in line_starts
        if (m := _NO_HANDLE_RE.match(body, start)) is not None and not overlaps(m.span(), taken)
    ]


_DASH_LINE_RE = re.compile(r"\n[ \t]*[—–―]")
"""A line opening with a dash; its literal ``\\n`` lets ``re`` skip ahead fast."""


