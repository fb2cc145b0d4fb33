"""Post text made ready for VADER: cleaned, without links, its emoji sequences found and described.

VADER 3.3.2 replaces an emoji by its description one *code point* at a time, so sequences (U+FE0F,
skin tones, flags, ZWJ) break, and it strips only ASCII punctuation from words.  These functions
give :meth:`reactions._vader.Engine.prepare` what it needs to fix that on the input side.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Iterator
from importlib import resources
from typing import Final

import emoji as emoji_package

from reactions.parse.entities import extract_urls
from reactions.parse.text import clean_text

__all__ = [
    "NOT_BASE",
    "TYPOGRAPHY",
    "canonical_emoji",
    "clean",
    "describe_emoji",
    "emoji_matches",
    "is_emoji",
    "remove_urls",
]

_ZWJ = "\u200d"
_MODIFIERS = "\U0001f3fb-\U0001f3ff"
_REGIONAL = "\U0001f1e6-\U0001f1ff"
_TAGS = "\U000e0020-\U000e007f"
NOT_BASE = re.compile(f"[\ufe0e\ufe0f\u20e3{_ZWJ}{_MODIFIERS}{_REGIONAL}{_TAGS}]")
"""The marks that only modify an emoji (selectors, keycap, ZWJ, skin tones, regional letters, tags)."""
_SKIN_TONE_NAME = re.compile(r"[_:,\s]*(?:(?:medium-)?(?:light|dark)|medium)[_\s]skin[_\s]tone")
_FLAG = re.compile(f"[{_REGIONAL}]{{2}}|\U0001f3f4[{_TAGS}]+")
TYPOGRAPHY: Final = str.maketrans(
    {
        **dict.fromkeys("’‘‛ʼ′＇", "'"),
        **dict.fromkeys("“”„‟«»″＂", '"'),
        "…": "...",
        "—": " - ",
        "–": " - ",
        "！": "!",
        "？": "?",
    }
)
"""Typographic punctuation -> the ASCII that VADER's negations, tokeniser and emphasis rules know."""
_TYPOGRAPHIC = re.compile("[" + "".join(chr(c) for c in TYPOGRAPHY) + "]")
_MAYBE_URL = re.compile(r"\.\w\w")
"""A cheap test that a text may hold a link: every link twitter-text finds has ``.yz`` in its host."""


def _code_ranges(chars: set[str]) -> str:
    """A regex character-class body for ``chars``, as ranges of consecutive code points."""
    points = sorted(ord(c) for c in chars)
    parts: list[str] = []
    start = prev = points[0]
    for point in [*points[1:], -1]:
        if point != prev + 1:
            parts.append(re.escape(chr(start)) + (f"-{re.escape(chr(prev))}" if prev > start else ""))
            start = point
        prev = point
    return "".join(parts)


@functools.cache
def _emoji_source() -> str:
    """The pattern of whole emoji sequences, and of stray joiners/selectors/modifiers left outside one."""
    firsts = {key[0] for key in (*emoji_package.EMOJI_DATA, *vader_emojis())}
    base = _code_ranges({c for c in firsts if not c.isascii() and not NOT_BASE.match(c)})
    element = f"(?:[{_REGIONAL}]{{1,2}}|[{base}][\ufe0e\ufe0f]?[{_MODIFIERS}]?\ufe0f?[{_TAGS}]*)"
    return f"{element}(?:{_ZWJ}{element})*|{NOT_BASE.pattern}"


@functools.cache
def _emoji_pattern() -> re.Pattern[str]:
    """:func:`_emoji_source` compiled (for :func:`is_emoji` only: a run that scores posts needs
    :func:`_emoji_search`, and compiling this too cost it ~0.6 ms)."""
    return re.compile(_emoji_source())


@functools.cache
def _emoji_search() -> re.Pattern[str]:
    """:func:`_emoji_source` tried only where a non-ASCII character stands (no emoji holds an ASCII
    character: the look-ahead turns every other position down at once, where the big class is slow)."""
    return re.compile(f"(?=[^\x00-\x7f])(?:{_emoji_source()})")


def emoji_matches(text: str) -> Iterator[re.Match[str]]:
    """Emoji sequences in ``text`` (a keycap's ASCII digit is left as text, its marks dropped).

    >>> [m.group() for m in emoji_matches("so 👍🏽 1️⃣ é")] == ["👍🏽", "\ufe0f", "\u20e3"]
    True
    """
    return _emoji_search().finditer(text)


@functools.cache
def canonical_emoji(sequence: str) -> str:
    """The emoji without variation selectors and skin tones (which carry no sentiment).

    >>> canonical_emoji("👍🏽") == "👍", canonical_emoji("❤️") == "❤"
    (True, True)
    """
    return re.sub(f"[\ufe0e\ufe0f{_MODIFIERS}]", "", sequence)


@functools.cache
def describe_emoji(sequence: str) -> str:
    """Words for an emoji sequence: VADER's emoji-lexicon description of it (without skin tone and
    variation selector), else the ``emoji`` package's English name, else its parts' descriptions.

    >>> [describe_emoji(e) for e in ("❤️", "👍🏾", "🏳️‍🌈", "🥹", "🇺🇸")]
    ['red heart', 'thumbs up', 'rainbow flag', 'face holding back tears', 'flag']
    """
    known = vader_emojis()
    core = canonical_emoji(sequence)
    if _FLAG.fullmatch(core):
        return "flag"  # a country's name is not a sentiment ("United" would score +1.8)
    for key in (core, sequence):
        if key in known:
            return known[key]
    for key in (core, re.sub(f"[{_MODIFIERS}]", "", sequence), sequence, core + "\ufe0f"):
        data = emoji_package.EMOJI_DATA.get(key)
        if data:
            name = _SKIN_TONE_NAME.sub("", str(data["en"]))
            return re.sub(r"[\W_]+", " ", name).strip().lower()
    parts = [part for part in core.split(_ZWJ) if part]
    if len(parts) < 2:  # no sequence to split: unknown to both lexicons
        return ""
    return " ".join(words for words in map(describe_emoji, parts) if words)


@functools.cache
def vader_emojis() -> dict[str, str]:
    """VADER's emoji lexicon (emoji -> description), read from the vaderSentiment package as its
    ``SentimentIntensityAnalyzer.make_emoji_dict`` reads it."""
    text = resources.files("vaderSentiment").joinpath("emoji_utf8_lexicon.txt").read_text(encoding="utf-8")
    pairs = (line.strip().split("\t")[:2] for line in text.rstrip("\n").split("\n"))
    return {pair[0]: pair[1] for pair in pairs if len(pair) == 2}


def clean(text: str) -> str:
    """HTML entities decoded (tweets from the API carry ``&lt;3``, ``&amp;``), and, in non-ASCII
    text, what :func:`reactions.parse.text.clean_text` repairs (mojibake, zero-width and Unicode spaces)
    and typographic punctuation made ASCII (:data:`TYPOGRAPHY`): VADER knows ``don't`` but not
    ``don’t``, and strips only ASCII punctuation from a word (``“great”`` and ``good…`` count 0).

    >>> clean("I &lt;3 it &amp; you")
    'I <3 it & you'
    >>> print(clean("caf\u00c3\u00a9\u00a0isn’t “good”…"))
    café isn't "good"...
    """
    if text.isascii():
        return html.unescape(text) if "&" in text else text
    text = clean_text(text)
    return text.translate(TYPOGRAPHY) if _TYPOGRAPHIC.search(text) else text  # translate() is slow: look first


def remove_urls(text: str) -> str:
    """``text`` without its links (:func:`reactions.parse.entities.extract_urls`: twitter-text's rules,
    media links included), each replaced by a space.

    >>> remove_urls("so good https://example.com/x?a=1 bit.ly/y pic.twitter.com/Ab1!")
    'so good      !'
    """
    if _MAYBE_URL.search(text) is None:  # most posts: skip the (costly) twitter-text scan
        return text
    for url in extract_urls(text):
        text = text.replace(url, " ", 1)
    return text


def is_emoji(term: str) -> bool:
    """Whether ``term`` is one emoji sequence (or several).

    >>> is_emoji("🐐"), is_emoji("🏳️‍🌈"), is_emoji("goat")
    (True, True, False)
    """
    term = term.strip()
    return bool(term) and not term.isascii() and _emoji_pattern().fullmatch(term) is not None
