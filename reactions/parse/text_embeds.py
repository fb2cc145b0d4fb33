"""Posts embedded in an article's plain text: attributions, cards and factboxes, each with its post.

The finders of :mod:`reactions.parse.attribution` and :mod:`reactions.parse.renderings` give anchors in reading
order; each attribution's post is then cut out of the text before it, never reaching back past the
previous post:

- an attribution inside its paragraph closes the post that starts at the best boundary before it
  (:func:`reactions.parse.boundaries.choose_start`: the paragraph's start, a lead-in's colon, a glued sentence
  end, the previous post's end);
- an attribution on its own line takes the paragraph above (a post of several paragraphs when its own
  line breaks show as a wider gap, when its last paragraph is a dash-led signature, or when a paragraph stops in
  mid-sentence and the next goes on in lower case: :func:`~reactions.parse.boundaries.goes_on`), unless that
  paragraph is the article's (see :func:`text_is_missing`): then the post's text is empty, unless that paragraph
  is prose quoting the post (:mod:`reactions.parse.prose_quotes`): then its text is the quoted words;
- the Guardian's ``Name (@handle) post`` line takes the rest of its line;
- an attribution in a Markdown blockquote (html2text) takes every quoted line above it;
- where a post's own line breaks look like the article's (no blank lines, or a Markdown rendering), the
  lines above that fit with it and carry a post's marks join it (:func:`_join_lines_above`).

BBC-style wrappers (``Skip Twitter post by …``, consent boilerplate, ``End of Twitter post by …``)
and Markdown (``>`` quote markers, ``[label](url)`` links, escapes) are not post text.

How sure the parser is of each post, its ``confidence``, is 1 less what each doubtful cue costs:

==============================================  ======
cue                                             cost
==============================================  ======
no date, or a date it cannot read               0.1, 0.2
no dash (``Name (@handle) Date``)               0.1
a semicolon where the dash was                  0.05
the post after its attribution (the Guardian)   0.3
a lead-in's colon starts the post               0.05
a glued sentence end starts the post            0.1 (0.2 with no lead-in word before it)
a sentence end with two spaces starts it        0.15
a sentence end glued to lower case starts it    0.2
an ordinary sentence end starts it              0.25
no boundary fits the platform's length limit    0.3
lines above joined by their marks               0.15
a line above that may be the post's (guessed)   0.4 (0.25 when it ends with a colon)
the article kept no text of the post            0.15
a card without its counts line                  0.05
a factbox post dated by its article             0.1
the post names its author (as prose does)       0.15
==============================================  ======
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass

from reactions.models import Platform, Rendering
from reactions.parse.attribution import Attribution, find_attributions
from reactions.parse.boundaries import (
    GAP,
    SLACK,
    WINDOW,
    Boundary,
    Layout,
    author_words,
    fits,
    goes_on,
    lead_score,
    lead_sentence,
    length_limit,
    names_author,
    tweet_length,
)
from reactions.parse.bylines import instagram_chrome
from reactions.parse.list_items import continues, numbered_item
from reactions.parse.markdown import plain_markdown
from reactions.parse.posts_back_to_back import start_in_sentence_lines
from reactions.parse.prose_quotes import quoted_above
from reactions.parse.renderings import TextEmbed, find_cards, find_factboxes, find_tiktok_captions
from reactions.parse.repeats import choose_post_start

__all__ = ["find_text_embeds", "text_is_missing"]

_BOUNDARY_COST = {"colon": 0.05, "glued": 0.1, "spaced": 0.15, "lower": 0.2, "sentence": 0.25, "too-long": 0.3}
_NETWORKS = r"(?:twitter|x|instagram|facebook|tiktok|youtube|bluesky|threads|mastodon)"
_CHROME = instagram_chrome(r"[ \t]+")
_POST_START_RE = re.compile(
    rf"(?:Skip[ \t]+{_NETWORKS}[ \t]+(?:post|content)(?:,?[ \t]+\d+)?(?:[ \t]+by)?|Accept and continue"
    rf"|Allow[ \t]+{_NETWORKS}[ \t]+content\?|{_CHROME})[ \t]*",
    re.IGNORECASE,
)
_POST_START_WORDS = ("skip", "accept and continue", "content?", "instagram")
"""Cheap pre-check: a post holding none of these has no start marker."""
_POST_END_RE = re.compile(
    rf"[ \t]*(?:Report\b[ \t]*)?\n?[ \t]*End of[ \t]+{_NETWORKS}[ \t]+(?:post|content)(?:,?[ \t]+\d+)?[ \t]+by[ \t]*",
    re.IGNORECASE,
)
_POST_LINK_RE = re.compile(r"pic\.(?:twitter|x)\.com/|https?://t\.co/", re.IGNORECASE)
"""What only a post's text holds: an attached picture, a link Twitter shortened (prose that names the author in
full is the article's, unless it holds one of these)."""
_CAPTIONED_ABOVE = (Platform.INSTAGRAM, Platform.THREADS, Platform.MASTODON)
"""Networks whose embed fallback shows a byline that may or may not have the post's text above it."""
_CAPTION_FEATURES_RE = re.compile(
    r"[#@]\w|https?://|www\.|pic\.twitter\.com|\.(?:com|net|org)\b|[\U0001F000-\U0001FAFF\u2600-\u27BF]", re.IGNORECASE
)
"""What a caption has and an article's sentence rarely has: a hashtag, a mention, a link, an emoji."""


def find_text_embeds(
    layout: Layout, day: dt.date | None = None, taken: Sequence[tuple[int, int]] = ()
) -> tuple[list[TextEmbed], list[str]]:
    """Every post embedded in the text, in order, and the warnings met on the way.

    ``day`` is the article's date (a factbox's posts carry no other); ``taken`` are spans already read
    otherwise (embed markup): no post reaches back across one."""
    text = layout.text
    fixed = [*find_cards(text, 0), *find_factboxes(text, 0, day), *find_tiktok_captions(text, 0)]
    barriers = [_Barrier(start, end) for start, end in taken]
    anchors: list[TextEmbed | Attribution | _Barrier] = sorted(
        [*fixed, *barriers, *find_attributions(layout)], key=lambda a: (a.start, isinstance(a, Attribution))
    )
    embeds: list[TextEmbed] = []
    warnings: list[str] = []
    floor = 0
    for anchor in anchors:
        if anchor.start < floor:
            continue
        if isinstance(anchor, Attribution):
            if anchor.problem:
                warnings.append(f"offset {anchor.start}: {anchor.problem}")
            embeds.append(_cut(layout, anchor, floor))
            floor = _end_marker_end(text, anchor)
            continue
        if isinstance(anchor, TextEmbed):
            embeds.append(anchor)
        floor = anchor.end
    return embeds, warnings


@dataclass(frozen=True, slots=True)
class _Barrier:
    """A span read otherwise (embed markup), that no post reaches back across."""

    start: int
    end: int


def _cut(layout: Layout, attribution: Attribution, floor: int) -> TextEmbed:
    """The post an attribution closes (or, for ``Name (@handle) post``, opens)."""
    text = layout.text
    cues = dict(attribution.cues)
    if attribution.post_after:
        end = layout.line_end(attribution.end)
        return _embed(attribution, text[attribution.end : end].strip(), attribution.start, end, cues)
    start, stop, rendering = numbered_item(text, floor, *_post_region(layout, attribution, floor, cues))
    start = start_in_sentence_lines(layout, start, stop, floor, attribution, cues)
    if (quoted := quoted_above(layout, attribution, floor, start, stop)) is not None:  # prose quoting the post
        cues["the post's words quoted by the article's prose"] = _QUOTED_COST
        embed = _embed(attribution, plain_markdown(quoted[1]), quoted[0], attribution.end, cues)
        embed.rendering = rendering
        return embed
    cut = _after_start_marker(text[start:stop], attribution)
    start, post = start + cut, text[start + cut : stop]
    start += len(post) - len(post.lstrip())
    embed = _embed(
        attribution, plain_markdown(post.strip()), start if post.strip() else attribution.start, attribution.end, cues
    )
    embed.rendering = rendering
    return embed


def _embed(attribution: Attribution, post: str, start: int, end: int, cues: dict[str, float]) -> TextEmbed:
    if not post:
        cues["no text kept"] = 0.15
    elif attribution.rendering is not Rendering.BYLINE and _names_itself(post, attribution):
        cues["the post names its author, as prose does"] = 0.15
    return TextEmbed(
        start=start,
        end=end,
        text=post,
        handle=attribution.handle,
        name=attribution.name,
        date=attribution.date,
        platform=attribution.platform,
        rendering=attribution.rendering,
        cues=cues,
        link=attribution.link,
    )


def _names_itself(post: str, attribution: Attribution) -> bool:
    """Whether a post names its own author by a word of the display name (``This was one of Kim's …``):
    articles do that, posts seldom."""
    return names_author(post, _display_name_words(attribution.name, attribution.handle))


def _display_name_words(name: str | None, handle: str | None) -> tuple[str, ...]:
    """``author_words(name, None)``, taken from ``author_words(name, handle)`` (cached by the post's cut): the name's
    words come first there, then ``@handle`` and, unless a word of the name is the handle, the handle."""
    words = author_words(name, handle)
    if not handle:
        return words
    return words[: -2 if words[-1] == handle.casefold() else -1]


def _post_region(
    layout: Layout, attribution: Attribution, floor: int, cues: dict[str, float]
) -> tuple[int, int, Rendering]:
    """``(start, stop, rendering)`` of the post before ``attribution``; ``start == stop`` when it has no text."""
    text = layout.text
    stop = attribution.start
    block = _quote_block_start(layout, stop, floor)
    if block is not None:
        end = _quoted_text_end(text, block, stop)
        return (block, end, attribution.rendering) if end > block else (stop, stop, attribution.rendering)
    author = author_words(attribution.name, attribution.handle)
    para = layout.para_start(stop, floor)
    if text[para:stop].strip(GAP):
        if _lead_in_above(layout, para, stop, attribution):
            return stop, stop, attribution.rendering
        boundary = _choose(layout, para, stop, floor, attribution, author)
        _cost(boundary, cues)
        start = _reach_back(layout, para, floor, attribution) if boundary.at == para else boundary.at
        if boundary.kind == "line" and not text[layout.line_start(stop, para) : stop].strip(GAP):
            # the attribution on a line of its own, the post's start found only at a line break: weighed as in a
            # text without blank lines (a multi-line post written with single newlines inside one paragraph)
            start = _join_lines_above(layout, start, layout.last_visible(stop, floor) + 1, floor, attribution, cues)
        return start, stop, attribution.rendering
    own_line = Rendering.OWN_LINE if attribution.rendering is Rendering.DASH else attribution.rendering
    last = layout.last_visible(stop, floor)
    if last < floor:
        return stop, stop, own_line
    para = _reach_back(layout, layout.para_start(last, floor), floor, attribution)
    boundary = _choose(layout, para, last + 1, floor, attribution, author)
    if text_is_missing(layout, boundary.at, last + 1, attribution, floor):
        return stop, stop, own_line
    _cost(boundary, cues)
    if (boundary.at != para and boundary.kind != "line") or (layout.blank_lines and not layout.markdown):
        return boundary.at, last + 1, own_line
    return _join_lines_above(layout, boundary.at, last + 1, floor, attribution, cues), last + 1, own_line


_GUESSED = "a guessed start: the line above may be the post's"
_JOINED = "lines joined by a guess: they read as the post's"


def _join_lines_above(
    layout: Layout, start: int, stop: int, floor: int, attribution: Attribution, cues: dict[str, float]
) -> int:
    """The start of a post whose own line breaks look exactly like the article's paragraph breaks (trafilatura
    writes both as one newline).  The lines (paragraphs) above that could belong to it are those that still
    fit the platform's limit together with it and are no lead-in; the post reaches up to the highest of them
    that reads as a post's (:func:`_reads_as_post_line`).  Where a line above could still belong, the start is
    a guess, and the confidence says so."""
    text = layout.text
    limit = min(length_limit(attribution.platform.value, attribution.date) or _LONG_POST_GUESS, _LONG_POST_GUESS)
    lowest = max(floor, stop - WINDOW)
    author = author_words(attribution.name, attribution.handle)
    could: list[tuple[int, str]] = []  # (start, line) of each line above that could be the post's
    top = -1  # the index in ``could`` of the highest line that reads as the post's
    at = start
    while at > lowest:
        last = layout.last_visible(at, lowest)
        if last < lowest:
            break
        blank = text.count("\n", last, at) > 1
        above = layout.para_start(last, lowest) if blank else layout.line_start(last, lowest)
        line = text[above : last + 1].strip()
        lead = lead_sentence(text, last + 1, above)
        if not line or tweet_length(text[above:stop]) > limit + SLACK or _introduces(line, lead, author):
            break
        if _reads_as_post_line(line) or text.startswith((" ", "\t"), last + 1):
            top = len(could)
        could.append((above, line))
        at = above
    if top >= 0:
        cues[_JOINED] = _JOIN_COST
        start = could[top][0]
        if top + 1 < len(could) and could[top + 1][1].endswith(":") and _bulleted(text, start, stop):
            top += 1  # the colon line that opens a bulleted list ('…cuadros:' over '📌 …' lines)
            start = could[top][0]
    if top + 1 < len(could):
        cues[_GUESSED] = _LEAD_IN_COST if could[top + 1][1].endswith(":") else _GUESS_COST
    return start


def _bulleted(text: str, start: int, stop: int) -> bool:
    """Whether every line of ``text[start:stop]`` opens with the same bullet (a symbol, not a letter or digit),
    two lines at least: a list, whose colon line above belongs with it."""
    heads = {line.strip()[:1] for line in text[start:stop].split("\n") if line.strip()}
    lines = sum(1 for line in text[start:stop].split("\n") if line.strip())
    return lines >= 2 and len(heads) == 1 and not heads.pop().isalnum()


_QUOTED_COST = 0.1
"""A post's words quoted in prose may be cut short, or joined where the post had more between them."""
_LONG_POST_GUESS = 280
"""The longest a post is assumed to be when lines are joined by a guess: a tweet's limit, also where the platform
allows more (Instagram's 2,200 characters would let a caption reach far up into the article's lines)."""
_GUESS_COST = 0.4
"""On the crawler renderings of the dev set, 2 in 17 posts stopped at a line that could have been theirs are whole."""
_LEAD_IN_COST = 0.25
"""A line ending with a colon above the post is more often the article's lead-in (``Cue the pranksters:``) than
the post's own first line (``Senate resolves to:``)."""
_JOIN_COST = 0.15


def _introduces(line: str, lead: str, author: Sequence[str]) -> bool:
    """Whether a line above a post, whose last sentence is ``lead``, is the article's lead-in to it (``He
    tweeted:``, ``See the post below.``)."""
    line, lead = plain_markdown(line), plain_markdown(lead)
    return lead_score(lead, author) >= 2 or points_to_embed(line) or line.endswith(_LEAD_ENDS)


_LEAD_ENDS = ("said:", "says:", "wrote:", "writes:", "tweeted:", "posted:", "added:")


def _reads_as_post_line(line: str) -> bool:
    """Whether a line has a post's marks rather than prose's: a hashtag, a mention, a link or an emoji (a bullet
    such as 📌), or it is a short line ending with a colon that introduces the next (``Senate resolves to:``)."""
    return bool(_CAPTION_FEATURES_RE.search(plain_markdown(line)))  # an article's own [link](url) is no mark


def _quote_block_start(layout: Layout, stop: int, floor: int) -> int | None:
    """The start of the Markdown blockquote (html2text's rendering of an embed) whose last line holds the
    attribution at ``stop``, or None when that line is no quote.  The blockquote is the embed: the post is
    every quoted line above the attribution, however many paragraphs it has, so its start is certain."""
    text = layout.text
    line = layout.line_start(stop, max(floor, stop - WINDOW))
    clipped = line == floor and line > 0 and text[line - 1] != "\n"
    if clipped or ">" not in text[line:stop] or text[line:stop].strip(GAP):
        return None
    lowest = max(floor, stop - WINDOW)
    start = line
    while start > lowest:
        above = layout.line_start(start - 1, lowest)
        if not text[above:start].lstrip(" \t").startswith(">") or (above == lowest and not layout.starts_line(above)):
            break
        start = above
    return start if start < line else None


def _quoted_text_end(text: str, block: int, stop: int) -> int:
    """The end of the last quoted line between ``block`` and ``stop`` that holds more than its ``>`` marker
    (a ``>`` that closes an autolink ``<https://…>`` is the post's)."""
    end = text.rfind("\n", block, stop)
    while end > block:
        line = text.rfind("\n", block, end) + 1 or block
        content = text[line:end].lstrip(" \t").removeprefix(">").strip()
        if content:
            return end - (len(text[line:end]) - len(text[line:end].rstrip()))
        end = line - 1
    return block


def _choose(
    layout: Layout, lo: int, stop: int, floor: int, attribution: Attribution, author: Sequence[str]
) -> Boundary:
    kind = "paragraph" if layout.starts_line(lo) or lo != floor else "previous"
    return choose_post_start(
        layout.text, lo, stop, kind, platform=attribution.platform.value, date=attribution.date, author=author
    )


def _cost(boundary: Boundary, cues: dict[str, float]) -> None:
    cost = _BOUNDARY_COST.get(boundary.kind, 0.0)
    if boundary.kind == "glued" and boundary.score < 3:
        cost += 0.1
    if cost:
        cues[f"starts at a {boundary.kind} boundary"] = cost


def text_is_missing(layout: Layout, start: int, stop: int, attribution: Attribution, floor: int) -> bool:
    """Whether the paragraph ``text[start:stop]`` above an attribution on its own line is the article's
    prose rather than the post: a lead-in (a colon after words that name the platform or the author),
    prose too long to be the post or naming its author in full, Facebook's ``Post by NAME.`` (an embed
    that kept nothing), or, above Instagram's byline, a paragraph with none of a caption's marks that no
    lead-in introduces."""
    text = layout.text
    post = text[start:stop].strip()
    if not post or _is_lead_in(post, attribution):
        return True
    if points_to_embed(post):
        return True
    if attribution.platform is Platform.FACEBOOK and attribution.date is None:
        return True
    if not fits(post, attribution.platform.value, attribution.date):
        return True
    name = (attribution.name or "").casefold()
    if len(name.split()) >= 2 and name in post.casefold() and not _POST_LINK_RE.search(post):
        return True
    if attribution.rendering is Rendering.BYLINE and attribution.platform in _CAPTIONED_ABOVE:
        lead = lead_sentence(text, start, max(floor, start - 400))
        return not (_CAPTION_FEATURES_RE.search(post) or lead.endswith(":"))
    return False


def _is_lead_in(paragraph: str, attribution: Attribution) -> bool:
    """Whether ``paragraph`` (stripped) is the article's lead-in to the post: it ends with a colon after words that name
    the platform or the post (``…shared it within the hour:``), or the author with a posting verb."""
    return paragraph.endswith(":") and lead_score(paragraph, author_words(attribution.name, attribution.handle)) >= 3


def _lead_in_above(layout: Layout, para: int, stop: int, attribution: Attribution) -> bool:
    """Whether an attribution on a line of its own inside a paragraph (``text[para:stop]``, single line breaks) has the
    article's lead-in (:func:`_is_lead_in`) on the line right above it: the embed kept no text."""
    text = layout.text
    line = layout.line_start(stop, para)
    if line == para or text[line:stop].strip(GAP):
        return False
    last = layout.last_visible(line, para)
    return last >= para and _is_lead_in(text[layout.line_start(last, para) : last + 1].strip(), attribution)


_POINTER_NOUNS = ("tweet", "post", "video", "twitter", "instagram", "facebook", "message", "photo", "clip", "thread")
_POINTER_STARTS = ("here's", "here is", "here are", "see ", "watch ", "read ", "view ")


def points_to_embed(paragraph: str) -> bool:
    """Whether a short paragraph only points at an embed below it (``The tweet is below.``, ``See the post:``,
    ``Here's the video.``): the article's words, so the embed above which it stands kept no text.

    >>> points_to_embed("The tweet is below."), points_to_embed("See her Instagram post:")
    (True, True)
    >>> points_to_embed("Scroll below for the best #tweet ever"), points_to_embed("I love this video so much")
    (False, False)
    """
    words = paragraph.split()
    if not words or len(words) > 14 or any(w.startswith(("#", "@", "http", "pic.")) for w in words):
        return False
    lowered = paragraph.lower()
    pointing = " below" in f" {lowered}" or lowered.startswith(_POINTER_STARTS)
    return pointing and paragraph.rstrip()[-1:] in ".:" and any(noun in lowered for noun in _POINTER_NOUNS)


def _reach_back(layout: Layout, start: int, floor: int, attribution: Attribution) -> int:
    """The start of a post that spans paragraphs.

    In an article whose paragraphs are separated by one blank line, a post's own line breaks show as a wider gap
    (two or more blank lines); a paragraph opening with a dash is a signature that continues the paragraph before;
    and one in lower case goes on with a paragraph above that stopped in mid-sentence, unless that is a lead-in.
    The paragraphs joined must still fit the platform's length limit.  Otherwise the post is one paragraph: the
    lines between posts ("And this one...") belong to no post.
    """
    text = layout.text
    if not layout.blank_lines:
        return start
    last = layout.last_visible(start, floor)  # the loop's first look, whatever its floor: it stops most calls
    widened = text.count("\n", last, start) >= 3 or continues(text, last, start)
    if not widened and not goes_on(text, last, start):
        return start
    end = layout.last_visible(attribution.start, floor) + 1
    floor = max(floor, end - WINDOW)
    author = author_words(attribution.name, attribution.handle)
    limit = length_limit(attribution.platform.value, attribution.date)
    length = -1  # measured only when a paragraph may join
    while layout.blank_lines and start > floor:
        last = layout.last_visible(start, floor)
        if last < floor:
            break
        above = layout.para_start(last, floor)
        broken = goes_on(text, last, start) and lead_score(text[above : last + 1], author) < 2  # (no lead-in)
        if text.count("\n", last, start) < 3 and not continues(text, last, start) and not broken:
            break
        length = (tweet_length(text[start:end]) if length < 0 else length) + 1 + tweet_length(text[above:start])
        if limit is not None and length > limit + SLACK:
            break
        start = above
    return start


def _after_start_marker(post: str, attribution: Attribution) -> int:
    """Where the post begins within ``post``: after the last 'Skip Twitter post by …' style marker, if any."""
    if not any(map(post.lower().__contains__, _POST_START_WORDS)):
        return 0
    cut = 0
    for marker in _POST_START_RE.finditer(post):
        cut = marker.end()
    if cut and (link := _MARKER_LINK_END_RE.match(post, cut)) is not None:
        cut = link.end()  # html2text: '[ View this post on Instagram\n> ](https://…)'
    if cut:
        for who in (f"@{attribution.handle}" if attribution.handle else None, attribution.name):
            if who and post.startswith(who, cut):
                return cut + len(who)
    return cut


_MARKER_LINK_END_RE = re.compile(r"[ \t\n>]{0,20}\]\([^()\s]{1,500}\)")


def _end_marker_end(text: str, attribution: Attribution) -> int:
    """The end of an 'End of Twitter post by …' marker right after an attribution, else its end."""
    end = attribution.end
    if attribution.post_after:
        newline = text.find("\n", end)
        return len(text) if newline < 0 else newline
    marker = _POST_END_RE.match(text, end)
    if marker is None:
        return end
    for who in (f"@{attribution.handle}" if attribution.handle else None, attribution.name):
        if who and text.startswith(who, marker.end()):
            return marker.end() + len(who)
    return marker.end()
