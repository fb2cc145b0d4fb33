"""Lead-ins that put the verb before its subject: ``Tweeted one fan: "…"``, ``Added Ann Lee on Twitter, "…"``.

Journalists turn a quotation's lead-in round to vary it (``Wrote one user on Instagram: "…"``); the verb then
opens the sentence and its subject follows, with the platform after it, before the colon or comma that
opens the quotation.  :func:`inverted_lead` reads such a lead-in as ``(author, verb)``; whether it is a
post is judged as for any other lead-in (a speech verb such as ``added`` needs the platform named in it).

Pure functions, linear time: one pattern of bounded repeats, matched once against the lead-in.
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["inverted_lead"]

_VERBS: Final = (
    "tweeted", "retweeted", "posted", "captioned", "wrote", "shared", "commented", "added", "replied", "responded",
    "said", "quipped", "joked",
)  # fmt: skip
_SUBJECT_OPENERS: Final = r"(?:one|another|a|an|the|some|many|several)[ \t]"
"""Lower-case words that may open the subject (``one user``); any other subject opens with a capital."""
_INVERTED_RE: Final = re.compile(
    r"(?P<verb>" + "|".join(verb.capitalize() for verb in _VERBS) + r")[ \t]{1,3}"
    r"(?P<author>(?:[A-Z@]|" + _SUBJECT_OPENERS + r")"
    r"(?:(?![ \t](?:on|via|in|to|that|about)[ \t])[^ \t,:;\"“”]){0,40}"
    r"(?:[ \t](?!(?:on|via|in|to|that|about)[ \t])[^ \t,:;\"“”]{1,40}){0,5})"
    r"(?P<place>[ \t]{1,3}(?:on|via|in)[ \t]{1,3}[^ \t,:;\"“”]{1,30}(?:[ \t]{1,3}[^ \t,:;\"“”]{1,30}){0,2})?"
    r"[ \t]{0,3}[,:]"
)
"""The verb, capitalised as a sentence opens; its subject, up to six words, none of them a preposition that starts
the place phrase; a short place phrase (``on Twitter``, ``in a tweet``); the colon or comma before the quotation."""


def inverted_lead(lead: str) -> tuple[str, str] | None:
    """``(author, verb)`` of a lead-in (stripped) whose verb opens it and whose subject follows, else ``None``.

    >>> inverted_lead('Tweeted one fan:')
    ('one fan', 'tweeted')
    >>> inverted_lead('Added Arnold Schwarzenegger on Twitter,')
    ('Arnold Schwarzenegger', 'added')
    >>> inverted_lead('Added to the list of critics,') is None
    True
    >>> inverted_lead('She tweeted:') is None
    True
    """
    found = _INVERTED_RE.fullmatch(lead)
    if found is None:
        return None
    return found["author"], found["verb"].lower()
