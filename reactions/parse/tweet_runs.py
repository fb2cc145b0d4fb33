"""A quotation set between embedded tweets is a tweet: ``… — Cher (@cher) July 25, 2017`` / ``"…," Gaga wrote.``
/ ``… — xoxo, Gaga (@ladygaga) September 30, 2017``.

A round-up of reactions embeds some posts and quotes others in its prose (``"…," Legend, 38, wrote.``); a quotation
whose sentence names no network, nor the sentences before it, nor an embed that repeats it
(:func:`reactions.parse.echo_author.echoed_network`), had an unknown platform even with a tweet embedded right above
it and another right below.  When the dated dash byline of Twitter's embeds (``(@handle) May 2, 2019``) ends within
:data:`~reactions.parse.authors.REACH` characters before the quotation and another stands within as many after it,
the quotation is of that run: Twitter.  One embed on one side only says nothing (an article that quotes a speech
after a tweet).

>>> body = ('Hi all — Ann Lee (@ann) May 2, 2019\\n\\n"We are with you," Bo Park wrote.\\n\\n'
...         'Stay strong — Cy Dee (@cy) May 2, 2019')
>>> nearby_network(body, re.search('"[^"]+"', body)).value
'twitter'
>>> nearby_network(body[: body.index("Stay")], re.search('"[^"]+"', body)).value
'unknown'

Pure functions; linear time (two searches of :data:`~reactions.parse.authors.REACH` characters each).
"""

from __future__ import annotations

import re
from typing import Final

from reactions.models import Platform
from reactions.parse.authors import REACH
from reactions.parse.echo_author import echoed_network

__all__ = ["nearby_network"]

_TWEET_BYLINE_RE: Final = re.compile(
    r"\(@\w{1,15}\)[ \t]{1,3}(?:January|February|March|April|May|June|July|August|September|October|November"
    r"|December)[ \t]\d{1,2},[ \t]\d{4}"
)
"""The handle and date that end the dash byline of Twitter's embed (``(@ann) May 2, 2019``)."""


def nearby_network(body: str, match: re.Match[str]) -> Platform:
    """The network of the posts next to the quotation ``match``: the embed that repeats it
    (:func:`~reactions.parse.echo_author.echoed_network`), else Twitter between two tweets' bylines (see the
    module), else unknown."""
    echoed = echoed_network(body, match)
    if echoed is not Platform.UNKNOWN:
        return echoed
    before = _TWEET_BYLINE_RE.search(body, max(0, match.start() - REACH), match.start())
    if before is None or _TWEET_BYLINE_RE.search(body, match.end(), match.end() + REACH) is None:
        return Platform.UNKNOWN
    return Platform.TWITTER
