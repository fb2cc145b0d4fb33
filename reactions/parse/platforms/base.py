"""The one interface every platform module implements, and the helpers they share.

A platform module exposes ``PLATFORM`` (a :class:`~reactions.models.Platform`),
``matches(node) -> bool`` (is this element an embed of ours?) and
``extract(node) -> Embed | None`` (read the post out of it; ``None`` when the element holds
nothing usable).  :data:`reactions.parse.platforms.EXTRACTORS` lists them in the order they are tried.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import NamedTuple

from reactions.models import Platform
from reactions.parse.dates import parse_date as parse_date
from reactions.parse.platforms._dom import Node, find_all, iter_elements, render_text


@dataclass(frozen=True, slots=True)
class Embed:
    """A post read from an embed's markup, before it becomes a :class:`~reactions.models.Reaction`.

    Fields:
        platform: the network.
        handle: the author's handle in the platform's own form (``user``, ``user.bsky.social``,
            ``user@instance``), without a leading ``@``; ``None`` when the markup does not say.
        display_name: the author's name as shown, when shown.
        date: the date shown with the post, when shown and readable.
        date_text: that date as written (kept for the rendered text).
        text: the post's text as rendered, ``""`` for link-only embeds (videos, iframes).
        status_id: the post's id on its platform, as a string.
        url: the canonical URL of the post.
        created_at: the exact UTC time of the post, when the markup or the id gives it.
        lang: the post's language tag, when given.
        hashtags: hashtags read from the markup's links (without ``#``).
        mentions: handles mentioned through the markup's links (without ``@``).
        warnings: problems with this embed (an id that disagrees with the date, …).
        rendering: how the page shows the embed as text, when it differs from the usual
            ``text — Name (@handle) Date`` (Instagram's ``A post shared by …``).
    """

    platform: Platform
    handle: str | None
    display_name: str | None
    date: dt.date | None
    date_text: str
    text: str
    status_id: str | None = None
    url: str | None = None
    created_at: dt.datetime | None = None
    lang: str | None = None
    hashtags: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    rendering: str | None = None

    def rendered(self) -> str:
        """The embed as a reader sees it: text, then ``— Name (@handle) Date``; the URL when it has no text.

        >>> Embed(Platform.TWITTER, "a", "A", None, "May 5, 2014", "hi").rendered()
        'hi — A (@a) May 5, 2014'
        """
        if self.rendering is not None:
            return self.rendering
        if not self.text:
            return self.url or ""
        byline = " ".join(
            p
            for p in (
                self.display_name or "",
                f"(@{self.handle})" if self.handle else "",
                self.date_text,
            )
            if p
        )
        return f"{self.text} — {byline}" if byline else self.text


@dataclass(frozen=True, slots=True)
class Cues:
    """What an element must show before a platform's ``matches`` can accept it: a quick look at its tag and
    the names of its attributes, never at their values (but the class's), so that the page walk asks
    ``matches`` only of the few elements that could be embeds.  Every element ``matches`` accepts shows one
    (``tests/test_platforms_cues.py`` checks it); an element that shows one may still be no embed.

    Fields:
        tags: tags whose elements ``matches`` may accept whatever their attributes.
        attrs: attribute names: an element that has one may be accepted.
        classes: words that a ``class`` attribute accepted by ``matches`` holds (as a substring, so that a
            look need not split the class into names).

    >>> cues = Cues(frozenset({"iframe"}), frozenset({"data-src"}), ("twitter-tweet",))
    >>> [cues.shown_by(Node(*shape)) for shape in (("iframe",), ("img", {"data-src": ""}),
    ...     ("div", {"class": "a twitter-tweet"}), ("div", {"class": "tweet", "src": "x"}))]
    [True, True, True, False]
    """

    tags: frozenset[str] = frozenset()
    attrs: frozenset[str] = frozenset()
    classes: tuple[str, ...] = ()
    _class_words: re.Pattern[str] | None = field(default=None, init=False, repr=False, compare=False)
    """Any of ``classes``, found in one search (a pattern that never matches when there are none), compiled when
    an element's class is first looked at: a run of text files never looks (17 patterns, ~1 ms of start-up)."""

    def shown_by(self, node: Node) -> bool:
        """Whether ``node`` shows one of these cues."""
        if node.tag in self.tags:
            return True
        attrs = node.attrs
        if not attrs:
            return False
        if not self.attrs.isdisjoint(attrs):
            return True
        value = attrs.get("class")
        return value is not None and (self._class_words or self._compiled()).search(value) is not None

    def _compiled(self) -> re.Pattern[str]:
        words = re.compile("|".join(map(re.escape, self.classes)) if self.classes else "(?!)")
        object.__setattr__(self, "_class_words", words)
        return words

    def __or__(self, other: Cues) -> Cues:
        """The cues of either (an element that shows one of ``other``'s shows one of these)."""
        classes = tuple(dict.fromkeys(self.classes + other.classes))
        return Cues(self.tags | other.tags, self.attrs | other.attrs, classes)


class Extractor(NamedTuple):
    """One platform's entry in the registry: ``cues`` (its module's ``CUES``) tell which elements ``matches``
    need not be asked of."""

    platform: Platform
    matches: Callable[[Node], bool]
    extract: Callable[[Node], Embed | None]
    cues: Cues


def parse_timestamp(value: str) -> dt.datetime | None:
    """An ISO 8601 time with an offset, as UTC; ``None`` for dates, naive or bad values.

    >>> parse_timestamp("2020-02-02T18:15:01+00:00")
    datetime.datetime(2020, 2, 2, 18, 15, 1, tzinfo=datetime.timezone.utc)
    >>> parse_timestamp("2020-02-02") is None
    True
    """
    value = value.strip()
    if len(value) < 16:
        return None
    try:
        stamp = dt.datetime.fromisoformat(value.replace("z", "Z"))
    except ValueError:
        return None
    if stamp.tzinfo is None:
        return None
    return stamp.astimezone(dt.UTC)


def links(node: Node) -> list[Node]:
    """The ``<a href>`` elements under ``node``, in order."""
    return find_all(node, lambda n: n.tag == "a" and bool(n.attr("href")))


def paragraphs(node: Node) -> list[Node]:
    """The outermost ``<p>`` elements under ``node``, in order."""
    return [n for n in iter_elements(node, skip=lambda n: n.tag == "p") if n.tag == "p"]


def time_from_id(value: str, shift: int, unit_ms: int) -> dt.datetime | None:
    """The UTC time in an id whose high bits count time since the Unix epoch (Mastodon, TikTok).

    ``shift`` is how many low bits hold other things; ``unit_ms`` how many milliseconds one
    unit of the time field is.  Times before 2008 or after 2100 mean the id is not of that kind.

    >>> time_from_id("6718335390845095173", 32, 1000)
    datetime.datetime(2019, 7, 27, 13, 32, 33, tzinfo=datetime.timezone.utc)
    """
    if not value.isdigit() or len(value) > 20:
        return None
    millis = (int(value) >> shift) * unit_ms
    if not _EARLIEST_MS <= millis <= _LATEST_MS:
        return None
    return _UNIX_EPOCH + dt.timedelta(milliseconds=millis)


_UNIX_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
_EARLIEST_MS = 1_199_145_600_000  # 2008-01-01
_LATEST_MS = 4_102_444_800_000  # 2100-01-01


_BYLINE_RE = re.compile(
    r"(?:^|[—–―-])\s*(?P<name>[^\n]*?)\s*\(\s*@(?P<handle>[\w.@-]+?)\s*\)\s*(?P<date>[^\n]*)$"
)


_HANDLE_IN_PARENS = re.compile(r"\(\s*@[\w.@-]+\s*\)")


def split_post(node: Node) -> tuple[list[Node], str]:
    """The paragraphs that hold a post's text, and the byline text after them.

    Embed codes put the post in one ``<p>`` and the ``— Name (@handle) Date`` byline loose
    after it.  WordPress (``wpautop``) turns the post's ``<br><br>`` into separate paragraphs
    and wraps the byline in a paragraph of its own; both read the same here.

    Paragraphs after a loose byline are not the post's (an unclosed embed swallows the page).

    >>> from reactions.parse.platforms._dom import parse_dom
    >>> quote = parse_dom("<blockquote><p>a</p><p>b</p><p>— A (@a) May 5, 2014</p></blockquote>")
    >>> paras, byline = split_post(quote)
    >>> [render_text(p) for p in paras], byline
    (['a', 'b'], '— A (@a) May 5, 2014')
    """
    paras = _paragraphs_before_byline(node)
    loose = render_text(node, skip=lambda n: n.tag == "p")
    if len(paras) < 2 or _HANDLE_IN_PARENS.search(loose):
        return paras, loose
    last = render_text(paras[-1])
    if _HANDLE_IN_PARENS.search(last):
        return paras[:-1], f"{last} {loose}".strip()
    return paras, loose


def _paragraphs_before_byline(node: Node) -> list[Node]:
    """The outermost paragraphs of ``node`` that come before its first loose dash or ``(@``."""
    found: list[Node] = []
    stack: list[Node | str] = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _LOOSE_BYLINE.search(item):
                break
        elif item.tag == "p":
            found.append(item)
        elif item.tag not in ("script", "style"):
            stack.extend(reversed(item.children))
    return found


_LOOSE_BYLINE = re.compile(r"[—–―−]|\(\s*@")


def read_byline(text: str) -> tuple[str | None, str | None, str]:
    """(name, handle, what follows) from a ``— Name (@handle) Date`` byline.

    >>> read_byline("— (Independent) Online (@indeponline) May 5, 2014")
    ('(Independent) Online', 'indeponline', 'May 5, 2014')
    >>> read_byline("no byline")
    (None, None, '')
    """
    m = _BYLINE_RE.search(text.replace("\n", " ").strip())
    if m is None:
        return None, None, ""
    return m.group("name").strip(" —–-") or None, m.group("handle"), m.group("date").strip()
