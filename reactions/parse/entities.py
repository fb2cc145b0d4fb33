"""Hashtags, mentions, URLs, media links and emoji in a post, after twitter-text's rules.

The reference is twitter-text's conformance suite (``conformance/extract.yml`` in
github.com/twitter/twitter-text); ``tests/test_entities.py`` replays a representative part
of it.  Deviations, all for text rendered from web pages rather than typed into Twitter:

* A hashtag glued to the previous word still counts (``THE NERVE#JusticeForJohnnyDepp``,
  ``that is?#JusticeForJohnnyDepp``): the line break before it was lost when the embed was
  rendered.  A ``#`` inside a URL (``example.com/page#section``) or right after ``&``
  (``&#39;``) never starts a hashtag, and a hashtag followed by another (``#a#b``) counts.
* Mentions are 1-15 characters (Twitter's handle limit); a longer run is not a mention.
  List slugs (``@user/list``) give the user.
* URLs: with ``http(s)://`` any alphabetic top-level domain of two or more letters is
  accepted (twitter-text keeps a list); without a protocol the TLD must be a common generic
  one or a two-letter country code, and a bare ``name.cc`` needs a path (except ``.co`` and
  ``.tv``), as in twitter-text.  A ``#fragment`` right after the host belongs to the URL.
* A media link (``pic.twitter.com/…``, ``pic.x.com/…``) counts even when glued to the word or
  URL before it (``trendingpic.twitter.com/F53hiLi1i6``), and cuts that URL short.

Every pattern is compiled once, and none can backtrack more than a bounded amount, so each
function runs in time linear in the length of its input.
"""

from __future__ import annotations

import bisect
import functools
import importlib.resources
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass

from reactions.parse.unicode_classes import ascii_hosts, char_classes, has_letter, hashtag_matches

__all__ = [
    "Entities",
    "entity_fields",
    "extract_emoji",
    "extract_entities",
    "extract_hashtags",
    "extract_media",
    "extract_mentions",
    "extract_urls",
    "known_tlds",
]


@dataclass(frozen=True, slots=True)
class Entities:
    """What a post's text holds, each in order of appearance and as written.

    Fields:
        hashtags: hashtags without ``#`` (``JusticeForJohnnyDepp``).
        mentions: mentioned handles without ``@``.
        urls: links, except media links.
        media: ``pic.twitter.com/…`` and ``pic.x.com/…`` links.
        emoji: emoji, multi-codepoint ones whole (``🏳️‍🌈``, ``👍🏽``).
    """

    hashtags: tuple[str, ...] = ()
    mentions: tuple[str, ...] = ()
    urls: tuple[str, ...] = ()
    media: tuple[str, ...] = ()
    emoji: tuple[str, ...] = ()


# --- character classes built from the running Python's Unicode database ----------------------


@functools.cache
def _classes() -> tuple[str, str, str]:
    """:func:`~reactions.parse.unicode_classes.char_classes`, worked out on first use (only a link whose host is
    not ASCII needs them): the letters and marks, the letters, marks and digits (ASCII ones included), and the
    non-ASCII symbols."""
    letter_mark, letter_mark_digit, domain_symbol = char_classes()
    return "A-Za-z" + letter_mark, "A-Za-z0-9" + letter_mark_digit, domain_symbol

_LATIN_ACCENTS = (
    "\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u00ff\u0100-\u024f\u0253\u0254\u0256\u0257\u0259\u025b\u0263"
    "\u0268\u026f\u0272\u0289\u028b\u02bb\u0300-\u036f\u1e00-\u1eff"
)  # twitter-text's latinAccentChars

# --- URLs -------------------------------------------------------------------------------------

_TLD_FILE = "data/twitter_tlds.txt"
"""twitter-text's published top-level domains (package data; its header says where it comes from)."""
# Two-letter endings of file names (``archive.tar.gz``, ``README.md``): never a link without a protocol, even
# where they are also a country's domain (``md``, ``py``, ``sh``).
_NOT_COUNTRY_TLDS = frozenset(("gz", "js", "py", "md", "sh", "rb", "db", "ts", "cs", "hs", "kt", "xz"))
_TCO_SLUG = 40
"""The longest t.co slug twitter-text accepts."""
_URL_PRECEDING = "A-Za-z0-9@＠$#＃"
_PATH_CHARS = rf"a-z0-9\u0400-\u04ff{_LATIN_ACCENTS}!*';:=+,.$/%#\[\]\-\u2013_~&|@?()"
_PATH_END_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789=_#/+-")


def _url_pattern(letter_mark_digit: str, domain_symbol: str) -> re.Pattern[str]:
    return re.compile(
        rf"""
        (?:
            (?<![{_URL_PRECEDING}])
            (?P<proto>https?://)
            (?P<uhost>(?:(?>[{letter_mark_digit}{domain_symbol}_-]+)\.)+(?>[{letter_mark_digit}]+))
          |
            (?<![{_URL_PRECEDING}_./-])
            (?P<ahost>(?:(?>[a-z0-9{_LATIN_ACCENTS}_-]+)\.)+(?>[a-z0-9]+))
        )
        (?P<port>:[0-9]{{1,5}}(?![0-9]))?
        (?P<rest>[/?\#][{_PATH_CHARS}]*)?
        """,
        re.IGNORECASE | re.VERBOSE,
    )


_ASCII_URL = _url_pattern("A-Za-z0-9", "")
"""The URL pattern for ASCII text: its classes' non-ASCII letters, digits and symbols can match nothing there
(and every ASCII letter is in them already, so case folding adds nothing either)."""


@functools.cache
def _url() -> re.Pattern[str]:
    """The URL pattern for any text, built on first use (:func:`_classes`)."""
    _, letter_mark_digit, domain_symbol = _classes()
    return _url_pattern(letter_mark_digit, domain_symbol)


_WORD_REST = re.compile(r"\S*")
_URL_HINT = re.compile(r"\.[^\s!-/:-@\[-`{-~]")
"""A quick check: every URL has a dot followed by a letter, mark or digit (never by a space or
ASCII punctuation), so text without such a dot has none."""
_MEDIA_HINT = re.compile(r"\.[cC][oO][mM]/")
"""A quick check: every media link holds ``.com/`` (in any case; no other character folds to these)."""
_FOREVER = sys.maxsize
_MEDIA = re.compile(r"(?:https?://)?pic\.(?:twitter|x)\.com/", re.IGNORECASE)
_MEDIA_LINK = re.compile(
    r"(?-i:[hHpP])(?:(?<=[hH])ttps?://pic|(?<=[pP])ic)\.(?:twitter|x)\.com/[a-z0-9]+", re.IGNORECASE
)
r"""``(?:https?://)?pic\.(?:twitter|x)\.com/[a-z0-9]+``, case-insensitive, written to open with a plain
class so that ``re`` can skip ahead to an ``h`` or a ``p`` (no other character matches either in any case)."""
_TCO_PATH = re.compile(r"/[a-z0-9]+", re.IGNORECASE)


@functools.cache
def known_tlds() -> frozenset[str]:
    """Every top-level domain of twitter-text's list (country codes and generic ones, lower case)."""
    text = importlib.resources.files("reactions").joinpath(_TLD_FILE).read_text(encoding="utf-8")
    return frozenset(
        line.strip().lower() for line in text.splitlines() if line.strip() and not line.startswith(("#", "["))
    )


def _valid_label(label: str, *, underscore: bool) -> bool:
    """A host label: 1–63 characters, no leading or trailing ``-``/``_``, ``_`` only where ``underscore``
    allows, and a punycode label (``xn--``) in ASCII."""
    if not label or len(label) > 63 or label[0] in "-_" or label[-1] in "-_":
        return False
    if label[:4].lower() == "xn--" and not label.isascii():
        return False
    return underscore or "_" not in label


def _valid_tld(tld: str, *, protocol: bool) -> bool:
    lower = tld.lower()
    if lower in known_tlds():
        return protocol or lower not in _NOT_COUNTRY_TLDS
    if not protocol or not lower.isascii():
        return False
    return (len(lower) >= 2 and lower.isalpha()) or (lower.startswith("xn--") and len(lower) > 4)


def _host_end(host: str, *, protocol: bool) -> int:
    """How much of ``host`` is a valid domain (ending in a valid TLD); 0 when none is."""
    labels = host.split(".")
    last = len(labels) - 1
    while last > 0 and not _valid_tld(labels[last], protocol=protocol):
        last -= 1
    if last == 0 or not _valid_label(labels[last - 1], underscore=False):
        return 0
    if not all(_valid_label(label, underscore=True) for label in labels[: last - 1]):
        return 0
    return sum(len(label) + 1 for label in labels[:last]) + len(labels[last])


def _trim_path(rest: str) -> str:
    """Drop trailing punctuation from a path or query, keeping balanced closing parentheses."""
    end = len(rest)
    opens, closes = rest.count("("), rest.count(")")
    while end:
        last = rest[end - 1]
        if last == ")" and closes <= opens:
            break
        if last != ")" and (last in _PATH_END_CHARS or not last.isascii()):
            break
        opens -= last == "("
        closes -= last == ")"
        end -= 1
    return rest[:end]


def _media_spans(text: str) -> list[tuple[int, int]]:
    """Media links, found even when glued to the word before (``trendingpic.twitter.com/…``)."""
    if not _MEDIA_HINT.search(text) or ("pic." not in text and "PIC." not in text.upper()):
        return []
    return [match.span() for match in _MEDIA_LINK.finditer(text)]


def _url_spans(text: str) -> list[tuple[int, int]]:
    """Start and end offsets of every URL (media links included) in ``text``, in order."""
    return _scan_url_spans(text) if _URL_HINT.search(text) else []


def _scan_url_spans(text: str) -> list[tuple[int, int]]:
    media = _media_spans(text)
    spans = list(media)
    next_media = 0
    for start, end in _hinted_words(text):
        while next_media < len(media) and media[next_media][0] < end:  # cut the word around them
            media_start, media_end = media[next_media]
            if media_start >= start:
                spans.extend(_word_url_spans(text, start, media_start))
                start = media_end
            next_media += 1
        spans.extend(_word_url_spans(text, start, end) or _glued_to_hashtag(text, start, end))
    return sorted(spans)


_GLUED_PROTOCOL = re.compile(r"(?<=[^\W_])https?://", re.IGNORECASE)


def _glued_to_hashtag(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """A link glued to the end of a hashtag (``#ImWithYouhttps://t.co/…``: a crawl lost the space
    between them), which twitter-text's rule that a link follows a space or punctuation misses."""
    if text[start : start + 1] not in ("#", "＃"):
        return []
    glued = _GLUED_PROTOCOL.search(text, start, end)
    if glued is None:
        return []
    word = text[glued.start() : end]
    return [(glued.start() + a, glued.start() + b) for a, b in _word_url_spans(word, 0, len(word))]


def _hinted_words(text: str) -> Iterator[tuple[int, int]]:
    """Start and end of every whitespace-delimited word that holds a :data:`_URL_HINT` (only these
    can hold a URL or a media link), in order.  Each character is looked at a bounded number of times."""
    floor = 0
    hint = _URL_HINT.search(text)
    while hint is not None:
        dot = hint.start()
        before = text[floor:dot]
        start = dot if not before or before[-1].isspace() else dot - len(before.rsplit(None, 1)[-1])
        end = _WORD_REST.match(text, dot).end()  # type: ignore[union-attr]  # \S* always matches
        yield start, end
        floor = end
        hint = _URL_HINT.search(text, end)


def _word_url_spans(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """The URLs in ``text[start:end]``, a part of a whitespace-delimited word."""
    return list(_iter_word_url_spans(text, start, end))


def _iter_word_url_spans(text: str, start: int, end: int) -> Iterator[tuple[int, int]]:
    ascii_url = text.isascii() or ascii_hosts(text, start, end)  # most words: the big classes are not needed
    for match in (_ASCII_URL if ascii_url else _url()).finditer(text, start, end):
        protocol = match.group("proto") is not None
        host = match.group("uhost") if protocol else match.group("ahost")
        host_end = _host_end(host, protocol=protocol)
        if not host_end:
            continue
        url_start = match.start()
        host_stop = match.start("uhost" if protocol else "ahost") + host_end
        truncated = host_end < len(host)
        path = "" if truncated else _trim_rest(match, host)
        if path is None:
            continue  # a t.co slug too long to be one
        rest = "" if truncated else (match.group("port") or "") + path
        if not rest and text[host_stop : host_stop + 1] in ("@", "＠"):
            continue  # john.doe.gov@mail.com is an e-mail address
        if not rest and text[host_stop : host_stop + 1] in ("-", "_", "+"):
            continue  # http://domain.com-that-you-should-have-spaced: no TLD ends in a hyphen
        yield url_start, host_stop + len(rest)


def _trim_rest(match: re.Match[str], host: str) -> str | None:
    """The URL's path and query, trimmed of trailing punctuation; a t.co link keeps its slug and query only
    (``None``: a slug longer than :data:`_TCO_SLUG`, which is no t.co link)."""
    rest = match.group("rest") or ""
    if host.lower() == "t.co" and rest:
        tco = _TCO_PATH.match(rest)
        if tco is None:
            return ""
        if len(tco.group()) - 1 > _TCO_SLUG:
            return None
        query = rest[tco.end() :]
        return tco.group() + (_trim_path(query) if query.startswith("?") else "")
    return _trim_path(rest)


def _inside(position: int, spans: list[tuple[int, int]]) -> bool:
    """Whether ``position`` falls in one of ``spans`` (sorted, not overlapping)."""
    index = bisect.bisect_right(spans, (position, _FOREVER)) - 1
    return index >= 0 and position < spans[index][1]


def extract_urls(text: str) -> list[str]:
    """Every link in ``text`` as written, media links included, in order.

    >>> extract_urls("Read https://example.com/a_(b). Or bit.ly/x, foo.jp, README.md and pic.twitter.com/Ab1")
    ['https://example.com/a_(b)', 'bit.ly/x', 'foo.jp', 'pic.twitter.com/Ab1']
    """
    if "." not in text:
        return []
    return [text[start:end] for start, end in _url_spans(text)]


def extract_media(text: str) -> list[str]:
    """The ``pic.twitter.com/…`` and ``pic.x.com/…`` links in ``text``, in order.

    >>> extract_media("so proud pic.twitter.com/KJuit0LwbV https://pic.x.com/q1")
    ['pic.twitter.com/KJuit0LwbV', 'https://pic.x.com/q1']
    """
    return [url for url in extract_urls(text) if _MEDIA.match(url)]


# --- hashtags and mentions --------------------------------------------------------------------

# Besides letters, marks and digits, twitter-text lets these into a hashtag (ZWNJ, ZWJ, ・, …).
_HASHTAG_EXTRA = (
    "_·\u200c\u200d"
    "\ua67e\u05be\u05f3\u05f4\uff5e\u301c\u309b\u309c\u30a0\u30fb\u3003\u0f0b\u0f0c"
)


_ASCII_HASHTAG = re.compile(r"#(?<!&#)(?P<tag>[A-Za-z0-9_]+)(?P<url>://)?")
"""twitter-text's hashtag for ASCII text (:func:`~reactions.parse.unicode_classes.hashtag_matches` for any text,
with letters, marks and digits of any script and :data:`_HASHTAG_EXTRA`)."""


_MENTION = re.compile(rf"[@＠](?P<name>[A-Za-z0-9_]{{1,15}})(?![A-Za-z0-9_@＠{_LATIN_ACCENTS}]|://)")
_NOT_BEFORE_MENTION = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_!#$%&*@＠")
_NOT_BEFORE_RT = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_+~.-")


def _has_letter(tag: str) -> bool:
    """Whether a hashtag holds a letter or mark (``#2020`` is no hashtag)."""
    if tag.isascii():
        return bool(tag.strip("0123456789_"))
    return has_letter(tag)


def _hashtags(text: str, urls: list[tuple[int, int]]) -> list[str]:
    tags = []
    if text.isascii():
        found = [(m.start(), m.start("tag"), m.end("tag"), bool(m.group("url"))) for m in _ASCII_HASHTAG.finditer(text)]
    else:
        found = hashtag_matches(text, _HASHTAG_EXTRA)
    for start, tag_start, tag_end, url in found:
        if urls and _inside(start, urls):
            continue
        glued = _link_start_within(urls, tag_start, tag_end)
        if glued is None and url:
            continue
        tag = text[tag_start:tag_end] if glued is None else text[tag_start:glued]
        if _has_letter(tag):
            tags.append(tag)
    return tags


def _link_start_within(urls: list[tuple[int, int]], start: int, end: int) -> int | None:
    """The start of a link glued inside a hashtag's characters (``#repTourMetlifepic.twitter.com/…``)."""
    index = bisect.bisect_right(urls, (start, _FOREVER))
    return urls[index][0] if index < len(urls) and urls[index][0] < end else None


def extract_hashtags(text: str) -> list[str]:
    """Hashtags in ``text`` without the ``#``, as written, in order (glued ones too).

    >>> extract_hashtags("THE NERVE#JusticeForJohnnyDepp #MeToo #2020 #café ＃日本語 x.com/a#b")
    ['JusticeForJohnnyDepp', 'MeToo', 'café', '日本語']
    """
    if "#" not in text and "＃" not in text:
        return []
    return _hashtags(text, _url_spans(text))


def _starts_mention(text: str, at: int) -> bool:
    """Whether the ``@`` at ``at`` may start a mention, judging by what precedes it (twitter-text:
    not a word character or one of ``!#$%&*@``, except right after ``RT``)."""
    if at == 0 or text[at - 1] not in _NOT_BEFORE_MENTION:
        return True
    return text[max(at - 2, 0) : at].lower() == "rt" and (at < 3 or text[at - 3] not in _NOT_BEFORE_RT)


def _mentions(text: str, urls: list[tuple[int, int]]) -> list[str]:
    return [
        match.group("name")
        for match in _MENTION.finditer(text)
        if _starts_mention(text, match.start()) and not _inside(match.start(), urls)
    ]


def extract_mentions(text: str) -> list[str]:
    """Mentioned handles without the ``@``, in order; e-mail addresses are not mentions.

    >>> extract_mentions("RT @Dash: so true (cc @isaac__0424) mail me@example.com")
    ['Dash', 'isaac__0424']
    """
    if "@" not in text and "＠" not in text:
        return []
    return _mentions(text, _url_spans(text))


# --- emoji and everything at once -------------------------------------------------------------


# Every BMP character that occurs in an emoji the emoji package knows, and all astral ones: an
# emoji (even a ZWJ sequence the package joins) is a run of these, so only such runs need the
# package's slower scan.  (One astral range keeps the class a fast bitmap for sre; the class is
# written twice rather than repeated with "+", so that sre can skip ahead to a run's first character.)
@functools.cache
def _emoji_run() -> re.Pattern[str]:
    """The pattern of a run of emoji characters, built on first use (text that is not ASCII)."""
    import emoji as emoji_package  # loaded for text that is not ASCII: importing the parser stays light

    bmp_chars = {c for e in emoji_package.EMOJI_DATA for c in e if ord(c) < 0x10000}
    emoji_class = "[" + "".join(sorted(map(re.escape, bmp_chars))) + "\U00010000-\U0010ffff]"
    return re.compile(f"{emoji_class}{emoji_class}*")


@functools.lru_cache(maxsize=4096)  # the same few runs (😂, 🔥, 🏳️‍🌈) recur in post after post
def _emoji_in_run(run: str) -> tuple[str, ...]:
    import emoji as emoji_package

    return tuple(item["emoji"] for item in emoji_package.emoji_list(run))


def extract_emoji(text: str) -> list[str]:
    """The emoji in ``text``, in order, as found by the ``emoji`` package (sequences kept whole).

    >>> extract_emoji("Mariana 🏳️‍🌈 so happy 😂👍🏽")
    ['🏳️\\u200d🌈', '😂', '👍🏽']
    """
    if text.isascii():
        return []
    found: list[str] = []
    for run in _emoji_run().findall(text):
        if not run.isascii():
            found.extend(_emoji_in_run(run))
    return found


Found = tuple[str, ...]
"""What :func:`entity_fields` gives for each kind of entity, in order."""


def extract_entities(text: str) -> Entities:
    """Hashtags, mentions, URLs (media links apart) and emoji of a post, in one pass over its URLs.

    >>> extract_entities("HELL YEAH#JusticeForJohnnyDepp @Dash 😂 bit.ly/x pic.twitter.com/F53hiLi1i6")
    Entities(hashtags=('JusticeForJohnnyDepp',), mentions=('Dash',), urls=('bit.ly/x',), \
media=('pic.twitter.com/F53hiLi1i6',), emoji=('😂',))
    """
    return Entities(*entity_fields(text))


def entity_fields(text: str) -> tuple[Found, Found, Found, Found, Found]:
    """:func:`extract_entities`' fields as a plain tuple, for a caller that copies them into another record (the
    parser's every reaction): no :class:`Entities` built and dropped."""
    spans = _url_spans(text) if "." in text else []
    urls: tuple[str, ...] = ()
    media: tuple[str, ...] = ()
    if spans:
        links = [text[start:end] for start, end in spans]
        urls = tuple(url for url in links if not _MEDIA.match(url))
        media = tuple(url for url in links if _MEDIA.match(url))
    return (
        tuple(_hashtags(text, spans)) if "#" in text or "＃" in text else (),
        tuple(_mentions(text, spans)) if "@" in text or "＠" in text else (),
        urls,
        media,
        () if text.isascii() else tuple(extract_emoji(text)),
    )
