"""The records of the quotations the quote finder judged posts (:mod:`reactions.parse.quotes`): each author made the
full name the article writes, each display name as shown, and the platform of those whose sentences name none.

Pure functions, linear time: the article is read once for its networks, once for its full names.
"""

from __future__ import annotations

from typing import NamedTuple

from reactions.models import Kind, Platform, Reaction, Rendering
from reactions.parse.build import build_reaction
from reactions.parse.echo_author import echoed_byline
from reactions.parse.family_names import from_given_name
from reactions.parse.foreign_prose import prose_for_a_name
from reactions.parse.people import chained, full_names, one_name_each
from reactions.parse.posted_media import poster_shown
from reactions.parse.sentences import platforms_named
from reactions.parse.shown_names import shown_name

__all__ = ["Accepted", "quote_records", "with_article_platform"]


class Accepted(NamedTuple):
    """A quotation judged a post, its record not yet built (:func:`quote_records` makes its author a full name)."""

    text: str
    span: tuple[int, int]
    platform: str
    confidence: float
    handle: str | None
    display_name: str | None
    author: str | None
    continued: tuple[str, ...] = ()
    """The post's later pieces (:func:`~reactions.parse.continued.later_pieces`)."""


def quote_records(body: str, source: str, found: list[Accepted], *, embeds: bool = True) -> list[Reaction]:
    """The records of the quotations of ``body``, each partial name made the full name it stands for
    (:func:`~reactions.parse.people.full_names`; ``embeds``: the article embeds posts, one of which a quotation may
    repeat, :func:`_echoed_family`), each unknown platform read from the article (:func:`with_article_platform`)."""
    if not found:
        return []
    found = [q._replace(display_name=None, author=None) if prose_for_a_name(q.display_name) else q for q in found]
    found = with_article_platform(body, found)
    authors = chained(body, [(quote.span, quote.display_name, quote.author) for quote in found])
    found = [quote if author == quote.author else quote._replace(author=author)
             for quote, author in zip(found, authors, strict=True)]  # fmt: skip
    named = [(quote.span[0], quote.author) for quote in found if quote.author]
    pronouns = [quote.display_name for quote in found if quote.author]
    fulls = iter(one_name_each([from_given_name(body, name) for name in full_names(body, named, pronouns)]))
    return [
        build_reaction(Kind.QUOTE, quote.platform, quote.text, source, quote.span, rendering=Rendering.QUOTE,
                       confidence=quote.confidence, handle=quote.handle,
                       display_name=shown_name(poster_shown(quote.display_name), author), author=author,
                       continued=quote.continued)
        for quote, author in [(quote, _echoed_family(body, quote, next(fulls), embeds) if quote.author else None)
                              for quote in found]
    ]  # fmt: skip


def _echoed_family(body: str, quote: Accepted, full: str, embeds: bool) -> str:
    """``full``, the full name a family name written alone was made (the one the article writes most), unless the
    post embedded next to the quotation that repeats it is by another of that family: then the article's full name
    of that one (``"…," Trump tweeted`` over ``— Donald J. Trump (@realDonaldTrump)`` in an article that writes
    ``Melania Trump`` most: ``Donald Trump``), else the byline's name."""
    family = quote.author
    if not embeds or not family or " " in family or full.split()[-1] != family:
        return full
    at = body.find(quote.text, quote.span[0], quote.span[1]) - 1  # (its opening mark)
    byline = echoed_byline(body, at) if at >= 0 else None
    if byline is None or byline[0].split()[-1] != family or byline[0].split()[0] == full.split()[0]:
        return full
    given = byline[0].split()[0]
    written = f"{given} {family}"
    return written if written in body else byline[0]


def with_article_platform(body: str, found: list[Accepted]) -> list[Accepted]:
    """``found``, each quotation whose platform is unknown given Instagram when the article names Instagram and no
    other network (:func:`~reactions.parse.sentences.platforms_named`), or names Instagram and the quotation's
    attribution a caption: ``"…," she captioned the shot`` in such an article is an Instagram post (16 of 17 read
    on the bulk corpus were; with a caption, 12 of 12).  An article that names only Twitter or Facebook names
    others' posts more often than the quotation's (8 of 18 right): those stay unknown."""
    unknown = [i for i, quote in enumerate(found) if quote.platform == Platform.UNKNOWN]
    named = platforms_named(body) if unknown else set()
    if Platform.INSTAGRAM not in named:
        return found
    gram = {i for i in unknown if len(named) == 1 or _captioned(body, found[i])}  # (a set: linear however many)
    return [quote._replace(platform=Platform.INSTAGRAM) if i in gram else quote for i, quote in enumerate(found)]


def _captioned(body: str, quote: Accepted) -> bool:
    """Whether the quotation's attribution (its span's words but the quotation's) speaks of a caption."""
    return "caption" in body[quote.span[0] : quote.span[1]].replace(quote.text, "").lower()
