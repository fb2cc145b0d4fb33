"""Words said to the press: a quotation whose sentence puts it in a press conference or in answer to reporters'
questions is speech, whatever network the sentence also names.

A reporter may quote a post (``Washington Post reporter Dave Weigel tweeted``), so ``reporter`` alone says nothing;
what says *spoken* is the setting: ``at a press conference``, ``at a news briefing``, ``responding to the question of
a reporter``, ``in reply to a reporter's question``, ``asked by reporters``, ``when reporters asked``.  The sentence
may name a network in passing (``Responding to the question of a reporter that old videos of his comment … are going
viral on social media, Maran said, "…"``): the words are still said to the reporter.  Read by
:func:`reactions.parse.post_cues.other_medium`.  Pure, linear: one bounded pattern, its words looked at first.

>>> [to_the_press(s) for s in ("In reply to a reporter's question,", "at a press conference", "a reporter tweeted")]
[True, True, False]
"""

from __future__ import annotations

from typing import Final

from reactions.parse.folding import case_blind
from reactions.parse.sentences import words_of

__all__ = ["PRESS_QUESTION_RE", "PRESS_WORDS", "to_the_press"]

_A: Final = r"(?:(?:a|an|the|one|some|several)[ \t]{1,3})?"
PRESS_QUESTION_RE: Final = case_blind(
    r"\b(?:(?:press|news|media)[ \t]{1,3}(?:conferences?|briefings?|meets?|interactions?)"
    r"|questions?[ \t]{1,3}(?:of|from|by)[ \t]{1,3}" + _A
    + r"(?:[\w-]{1,20}[ \t]{1,3})?(?:reporters?|journalists?|media)"
    r"|(?:reporters?|journalists?)['’]s?[ \t]{1,3}(?:questions?|queries|query)"
    r"|(?:asked|questioned|quizzed)[ \t]{1,3}by[ \t]{1,3}" + _A + r"(?:reporters?|journalists?|the[ \t]{1,3}media)"
    r"|(?:reporters?|journalists?)[ \t]{1,3}(?:asked|questioned))\b"
)
"""A press conference or briefing, or reporters' questions (see the module)."""
PRESS_WORDS: Final = frozenset(
    b"conference conferences briefing briefings meet meets interaction interactions question questions reporter "
    b"reporters journalist journalists media queries query".split()
)
"""Words one of which every match of :data:`PRESS_QUESTION_RE` holds whole."""


def to_the_press(text: str, words: list[bytes] | None = None) -> bool:
    """Whether ``text`` puts words in a press conference or in answer to reporters (see the module); ``words``:
    ``words_of(text)`` when the caller has them."""
    none = PRESS_WORDS.isdisjoint(words_of(text) if words is None else words)
    return not none and PRESS_QUESTION_RE.search(text) is not None
