"""Words of another medium that a lead-in says were posted: a statement put on a network, a magazine that tweets.

:func:`reactions.parse.post_cues.other_medium` puts a quotation in another medium when its lead-in names one
(``…said in a statement``, ``…wrote in the magazine``).  Two such words name a post instead:

* a statement or a letter placed on a network (``said in a statement posted to Facebook``, ``wrote in a statement
  on Twitter``, ``in an open letter shared on his Instagram``): the statement is the post;
* a newspaper or a magazine that is the subject of a verb of posting (``…," the magazine tweeted``, ``the
  newspaper posted on Facebook``): the publication posted it.

And a newspaper called *Post* is no post when it stands before a noun in lower case, whatever comes before it
(``wrote in a Washington Post op-ed``, ``his New York Post column``): :func:`without_newspaper_posts` blanks it
out, as :func:`reactions.parse.post_cues.without_newspapers` does one after ``the``.

:func:`without_posted_media` blanks those words out (its length kept), so that the lead-in's other words decide.
An interview, an essay or a book placed on a network stays another medium (``said in an interview posted on
YouTube`` is speech).  A statement that is the subject of its quotation (``"…," a statement on his Facebook
account said``) names no poster: :func:`poster_shown` shows none.  Bounded: the patterns match a few words and
run only on a text that holds one of their words.

>>> without_posted_media("she said in a statement posted to Facebook.").split()
['she', 'said', 'in', 'a', 'posted', 'to', 'Facebook.']
>>> without_posted_media("the magazine tweeted Friday").split()
['the', 'tweeted', 'Friday']
>>> without_posted_media("she said in a statement to Fox News.") == "she said in a statement to Fox News."
True
"""

from __future__ import annotations

import re
from typing import Final

from reactions.parse.folding import case_blind
from reactions.parse.networks import NAMED, PLACES, names_pattern
from reactions.parse.sentences import words_of

__all__ = ["poster_shown", "without_newspaper_posts", "without_posted_media"]

_POSTED_STATEMENT_RE: Final = case_blind(
    r"\b(?:statements?|(?:open[ \t]{1,3})?letters?)"
    r"(?=(?:[ \t]{1,3}(?:posted|shared|published|released|tweeted|uploaded))?(?:[ \t]{1,3}online)?"
    r"[ \t]{1,3}(?:on|to|via|across)[ \t]{1,3}(?:(?:his|her|their|its|the|a|an)[ \t]{1,3})?"
    r"(?:[\w'’.-]{1,30}(?:'s|’s)[ \t]{1,3})?(?:(?:official|verified|personal)[ \t]{1,3})?"
    r"(?:" + names_pattern(PLACES) + r"|social[ \t]{1,3}media)\b)"
)
"""A statement or a letter, then where it was posted: a network or social media (a look ahead: only the medium's
word is matched)."""

_POSTING_PUBLICATION_RE: Final = case_blind(
    r"\b(?:newspaper|magazine)(?=[ \t]{1,3}(?:tweeted|posted|retweeted|wrote[ \t]{1,3}on|said[ \t]{1,3}on)\b)"
)
"""A newspaper or a magazine right before a verb of posting: its subject."""

_WORDS: Final = frozenset(b"statement statements letter letters newspaper magazine".split())
"""Words one of which every match of the patterns holds whole."""


def without_posted_media(text: str) -> str:
    """``text`` with each medium word that names a post (see the module) blanked out, its length kept."""
    if _WORDS.isdisjoint(words_of(text)):
        return text
    spans = [found.span() for pattern in _PATTERNS for found in pattern.finditer(text)]
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


_PATTERNS: Final = (_POSTED_STATEMENT_RE, _POSTING_PUBLICATION_RE)


_STATEMENT_SUBJECT_RE: Final = re.compile(
    r"(?:[Aa]n?|[Tt]he|[Hh]is|[Hh]er|[Tt]heir|[Ii]ts)[ \t]{1,3}(?:[\w-]{1,20}[ \t]{1,3})?(?:statement|letter)s?\b"
)
"""A statement or a letter, with a determiner and a word before it (``a statement``, ``the joint statement``)."""


def poster_shown(display: str | None) -> str | None:
    """``display`` (a quotation's author as written), or None when it is a statement or a letter (``a statement
    posted``, ``the statement``): what was posted, not who posted it.

    >>> poster_shown("a statement on his Facebook account"), poster_shown("The singer")
    (None, 'The singer')
    """
    return None if display and _STATEMENT_SUBJECT_RE.match(display) else display


_ATTRIBUTIVE_POST_RE: Final = re.compile(
    r"\b(?P<name>(?:[A-Z][\w.'’-]{0,20}[ \t]{1,3}){1,3})Post(?=[ \t]{1,3}[a-z])"
)
"""A newspaper called *Post* (capitalised words, then ``Post``) before a word in lower case (``Washington Post
op-ed``)."""


def without_newspaper_posts(text: str) -> str:
    """``text`` with each newspaper called *Post* before a noun (:data:`_ATTRIBUTIVE_POST_RE`; not a network's
    name before ``Post``: ``an Instagram Post`` in a headline) blanked out, its length kept.

    >>> without_newspaper_posts("he wrote in a Washington Post op-ed.").split()
    ['he', 'wrote', 'in', 'a', 'op-ed.']
    >>> without_newspaper_posts("she shared an Instagram Post from May") == "she shared an Instagram Post from May"
    True
    """
    if "Post " not in text:
        return text
    spans = [found.span() for found in _ATTRIBUTIVE_POST_RE.finditer(text) if not _networks(found.group("name"))]
    for start, end in spans:
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _networks(words: str) -> bool:
    """Whether ``words`` hold a network's name (``Facebook``, ``Instagram``)."""
    return any(word in _NAMED for word in words.split())


_NAMED: Final = frozenset(NAMED)
