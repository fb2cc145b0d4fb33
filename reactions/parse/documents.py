"""Words of a document that a lead-in says was posted or captioned: a report's, a briefing's, a filing's section,
for the quote finder (:mod:`reactions.parse.quotes`).

Science, health and business news quote documents that an agency, a company or a journal put online, in the words
a post's lead-in uses::

    A briefing posted on the site specifically states: "…"
    An FDA document posted online Tuesday said: "…"
    … can be found in the Annual Report, including in the sections captioned "Item 1A. Risk Factors" and …

The quotation is then the document's, not a post: a lead-in that is a document as the subject of a verb of stating
(a document's noun after a determiner at the sentence's start, a few words, then ``states``, ``says``, ``reads``,
``notes``, ``warns`` … with a comma or colon), or a document's part captioned or headed by the quotation.  A post's
own nouns (``A message posted on her Facebook page read:``, ``a note``, ``an update``) and a document that only
appears in a post's lead-in (``She tweeted a link to the report:``) stay posts.

Pure, linear: two patterns anchored at the lead-in's end over its last 160 characters, searched only when the
lead-in ends with one of their verbs.

>>> [in_a_document(lead) for lead in ("A briefing posted on the site specifically states: ",
...                                   "A message posted on her Facebook page read: ")]
[True, False]
>>> in_a_document("The risks are listed in the sections captioned ")
True
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["in_a_document"]

_DOCUMENTS: Final = (
    r"documents?|briefings?|reports?|study|studies|papers?|abstracts?|summary|summaries|notices?|memos?|memoranda"
    r"|memorandums?|advisory|advisories|guidance|guidelines?|bulletins?|filings?|fact[ \t]sheets?|FAQs?|brochures?"
    r"|leaflets?|pamphlets?|manuals?|handbooks?|rulings?|complaints?|indictments?|affidavits?|transcripts?"
    r"|polic(?:y|ies)|labels?|disclaimers?|sections?|chapters?"
)
"""Nouns of a document put online (not a post's: ``message``, ``note``, ``update``, ``announcement`` are left out)."""

_NOT_BEFORE: Final = (
    r"(?:about|of|on|in|to|from|for|with|by|at|over|post|posts|tweet|tweets|message|messages|caption|video|note"
    r"|update|story|thread|reply)\b"
)
"""Words that make the document a complement, not the subject's head (``Her post about the study said:``)."""

_STATED_RE: Final = re.compile(
    r"(?:\A[ \t\n]{0,3}|[.!?][\"”’)]?[ \t\n]{1,3}|\n)(?:an?|the|this|that|its|their|his|her|one|each)[ \t]{1,3}"
    r"(?:(?!" + _NOT_BEFORE + r")[\w'’.-]{1,25}[ \t]{1,3}){0,3}?(?:" + _DOCUMENTS + r")\b"
    r"[^.!?\"“”\n]{0,80}?[ \t](?:states|stated|says|said|reads|read|notes|noted|warns|warned|explains|explained"
    r"|concludes|concluded|adds|added)[ \t]{0,3}[,:]?[ \t]{0,3}\Z",
    re.IGNORECASE,
)
"""A document as the subject at the sentence's start, a few words, and a verb of stating ending the lead-in."""

_CAPTIONED_PART_RE: Final = re.compile(
    r"\b(?:sections?|chapters?|headings?|items?|paragraphs?|parts?|articles?|cases?|matters?|actions?|lawsuits?"
    r"|exhibits?|schedules?|tables?|slides?)[ \t]{1,3}(?:captioned|headed|headlined)[ \t]{0,3},?[ \t]{0,3}\Z",
    re.IGNORECASE,
)
"""A document's part (or a court case) captioned or headed by the quotation that follows."""

_STATED_ENDS: Final = ("states", "stated", "says", "said", "reads", "read", "notes", "noted", "warns", "warned",
                       "explains", "explained", "concludes", "concluded", "adds", "added")  # fmt: skip
_CAPTIONED_ENDS: Final = ("captioned", "headed", "headlined")


def in_a_document(lead: str) -> bool:
    """Whether the quotation after ``lead``, its lead-in, is a document's words or a document's part's caption (see
    the module)."""
    end = lead[-24:].rstrip(" \t,:").lower()
    if end.endswith(_CAPTIONED_ENDS):
        return _CAPTIONED_PART_RE.search(lead, max(0, len(lead) - 40)) is not None
    if not end.endswith(_STATED_ENDS):
        return False  # (most lead-ins: the pattern would be tried in vain)
    return _STATED_RE.search(lead, max(0, len(lead) - 160)) is not None
