"""Posts quoted in Japanese and Chinese prose: ``弁護士の方のツイートにある「…」``, ``「…」とツイートした``,
``他在推特上写道：「…」``.

A corner-bracket quotation (``「…」``, ``『…』``) is a post only when the prose right around it says it was posted:

==============================================================  ===========================================
where the cue stands                                            the cue
==============================================================  ===========================================
right before the opening bracket, a particle or a writing verb  a network's name or its post
at most between (``ツイートにある「``, ``推特上写道：「``)         (:func:`reactions.parse.networks.cjk_words`:
right after the closing bracket, after ``と``                    ``ツイート``, ``推特``, ``Instagram``, …), or a
(``」とツイートした``, ``」とインスタに投稿``)                      generic word for posting (``投稿``, ``つぶや``,
                                                                ``发文``) when the sentence names a network
==============================================================  ===========================================

Japanese and Chinese put short terms and titles in the same brackets (``「炎上」``, ``『君の名は。』``), so a
quotation must hold :data:`MIN_CHARS` characters.  The author is the one whose post it is (``弁護士の方`` of
``弁護士の方のツイート``), else the sentence's subject (``…氏は``, ``…が``; in Chinese the words before ``在``);
with no author the quotation is left out.  Linear: brackets are found with ``str.find`` and every pattern
reads a bounded window.

>>> [(q.display_name, q.text, q.platform.value) for q in find_corner_quotes(
...     "山田氏は「今日は本当にありがとうございました」とツイートした。", "a.txt", [])]
[('山田氏', '今日は本当にありがとうございました', 'twitter')]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import NamedTuple

from reactions.models import Kind, Platform, Reaction, Rendering
from reactions.parse.build import build_reaction, overlaps
from reactions.parse.networks import CJK_POSTING, cjk_words

__all__ = ["MIN_CHARS", "find_corner_quotes", "holds_cue"]

MIN_CHARS = 8
"""The fewest characters a bracketed quotation of a post holds (shorter ones are terms and titles)."""
_BRACKETS = (("「", "」"), ("『", "』"))
_STRONG = cjk_words()
_STRONG_ALT = "|".join(re.escape(word) for word, _ in _STRONG)
_CUE_ALT = _STRONG_ALT + "|" + "|".join(CJK_POSTING)
_NAME = r"[\u4e00-\u9fff々〆ヵヶ\u30a1-\u30faーA-Za-z0-9・_]"


class _Patterns(NamedTuple):
    """The patterns that judge a quotation, compiled when the first one is judged: most corpora hold none, and
    compiling them costs 6 ms of CPU (the bulk corpus's run never uses them)."""

    before: re.Pattern[str]
    """A cue that ends the words right before the opening bracket."""
    after: re.Pattern[str]
    """``」と`` and a cue within a few characters (``とツイートした``, ``とインスタに投稿``)."""
    owner: re.Pattern[str]
    """The owner right before ``の`` + cue: ``弁護士の方`` (one ``の`` inside a name allowed)."""
    subject: re.Pattern[str]
    """The sentence's subject: ``山田氏は``, ``…が``; Chinese ``特朗普在推特上``."""


@functools.cache
def _patterns() -> _Patterns:
    return _Patterns(
        before=re.compile(
            r"(?P<cue>" + _CUE_ALT + r")(?:上|中|里|裡)?(?:に|で|には|では|にある|にて|の中で|より)?"
            r"(?:写道|寫道|发文|發文|表示|称|稱|说|說)?[、，,：:]?[ \t\u3000]?\Z"
        ),
        after=re.compile(r"と[^「」『』。！？\n]{0,12}?(?P<cue>" + _CUE_ALT + r")"),
        owner=re.compile(r"(?:" + _NAME + r"{1,12}の)?" + _NAME + r"{1,12}\Z"),
        subject=re.compile(
            r"(?P<name>(?:" + _NAME + r"{1,12}の)?" + _NAME + r"{1,12}(?:氏|さん|様|さま)?)(?:は|が)|"
            r"^(?P<zh>[\u4e00-\u9fff·A-Za-z]{2,8})(?:在|于|於)"
        ),
    )


_SENTENCE_ENDS = "。！？!?\n"
_REACH = 200


def holds_cue(body: str) -> bool:
    """Whether ``body`` may hold a corner-bracket quotation of a post: a bracket and a network's word (what
    :func:`find_corner_quotes` needs before it finds one)."""
    return ("「" in body or "『" in body) and any(word in body for word, _ in _STRONG)


def find_corner_quotes(body: str, source: str, taken: Sequence[tuple[int, int]]) -> list[Reaction]:
    """Every corner-bracket quotation in ``body`` that the prose says was posted, outside the ``taken`` spans."""
    if not holds_cue(body):
        return []
    found = []
    for opening, closing in _BRACKETS:
        at = body.find(opening)
        while at >= 0:
            end = body.find(closing, at + 1, at + 2000)
            line = body.find("\n", at, end if end >= 0 else at + 1)
            if end < 0 or line >= 0:
                at = body.find(opening, at + 1)
                continue
            quote = _judge(body, at, end + 1, source, taken)
            if quote is not None:
                found.append(quote)
            at = body.find(opening, end + 1)
    return sorted(found, key=lambda q: q.span)


def _judge(body: str, start: int, end: int, source: str, taken: Sequence[tuple[int, int]]) -> Reaction | None:
    text = body[start + 1 : end - 1].strip()
    if len(text) < MIN_CHARS or "「" in text or "『" in text or overlaps((start, end), taken):
        return None
    head = _sentence_start(body, start)
    lead = body[head:start]
    tail = body[end : _sentence_end(body, end)]
    patterns = _patterns()
    before = patterns.before.search(lead, max(0, len(lead) - 24))
    after = None if before else patterns.after.match(tail)
    cue = before or after
    if cue is None:
        return None
    sentence = lead + tail
    platform = next((p for word, p in _STRONG if word in sentence), None)
    if platform is None and not any(word in cue.group("cue") for word, _ in _STRONG):
        return None  # a generic word for posting (投稿) needs a network named in the sentence
    owner = None
    if before is not None and lead[: before.start()].endswith("の"):
        owner = patterns.owner.search(lead, max(0, before.start() - 27), before.start() - 1)
    author = owner.group() if owner else _subject(lead[: before.start()] if before else lead)
    if not author:
        return None
    return build_reaction(
        Kind.QUOTE,
        platform or Platform.UNKNOWN,
        text,
        source,
        (head if after is None else start, end + after.end() if after else end),
        rendering=Rendering.QUOTE,
        confidence=0.85 if before else 0.8,
        display_name=author,
        author=author,
    )


_NOT_SUBJECTS = frozenset(
    {"今日", "昨日", "本日", "今回", "今年", "昨年", "先日", "当時", "今", "先月", "今月", "前回"}
)
"""Words before ``は`` that are a time, not the sentence's subject."""


def _subject(words: str) -> str:
    """The first subject in ``words`` that is no time word (:attr:`_Patterns.subject`)."""
    for found in _patterns().subject.finditer(words):
        name = found.group("name") or found.group("zh") or ""
        if name and name not in _NOT_SUBJECTS:
            return name
    return ""


def _sentence_start(body: str, at: int) -> int:
    lo = max(0, at - _REACH)
    return max(lo, *(body.rfind(end, lo, at) + 1 for end in _SENTENCE_ENDS))


def _sentence_end(body: str, at: int) -> int:
    hi = min(len(body), at + _REACH)
    ends = [found for end in _SENTENCE_ENDS if (found := body.find(end, at, hi)) >= 0]
    return min(ends) if ends else hi
