"""A run's table as plain Python columns, without pandas: the column contract's names and order, each column's kind
(what its cells hold, for the writers of :mod:`reactions.cells`), and the builders of the rows' columns from the
records and the citing articles (:func:`reaction_columns`, :func:`article_columns`, :func:`base_table`).

A *table* is a mapping of column names to lists of Python values, one per row, in :data:`BASE_COLUMNS` order (then
the sentiment columns, :data:`reactions.sentiment.SENTIMENT_COLUMNS`): ``str``/``None`` for text and labels,
``datetime.date`` for ``date``, aware UTC ``datetime`` for ``created_at`` and ``article_published``,
``timedelta`` for ``lag``, ``list[str]`` for lists, ``int``, ``float`` (NaN when not scored) and ``bool``.
:func:`reactions.frames.table_frame` makes the frame of :func:`reactions.frames.to_frame` from it; the command
line writes CSV and JSON Lines straight from it (:mod:`reactions.cells`), without loading pandas.
"""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Mapping, Sequence
from typing import Any, Final

from reactions.languages import LANG_SOURCES, corpus_languages, language_columns
from reactions.models import (
    SENTIMENT_LABELS,
    Article,
    ArticleInfo,
    Citation,
    Kind,
    Platform,
    Reaction,
    Rendering,
    whole_text,
)
from reactions.outlets import outlet_of

KINDS: Final[tuple[str, ...]] = tuple(k.value for k in Kind)
PLATFORMS: Final[tuple[str, ...]] = tuple(p.value for p in Platform)
RENDERINGS: Final[tuple[str, ...]] = tuple(r.value for r in Rendering)
DATE_SOURCES: Final[tuple[str, ...]] = ("post", "article")
"""Where a reaction's ``date`` comes from (the ``date_source`` column): the post's own date, else its first
citing article's publication date (UTC); missing when neither is known."""

LIST_COLUMNS: Final[tuple[str, ...]] = (
    "hashtags", "mentions", "urls", "media", "emoji", "sources", "outlets", "outlet_published",
)  # fmt: skip
"""Columns holding a Python ``list[str]`` in each cell (dtype object); never missing, ``[]`` when empty."""

TEXT, LABEL, LIST, DATE, MOMENT, LAG, INT, FLOAT, BOOL = (
    "text", "label", "list", "date", "moment", "lag", "int", "float", "bool",
)  # fmt: skip
"""What a column's cells hold (:data:`COLUMN_KINDS`): text or ``None``; a category's label or ``None``; a list of
strings; a naive date (or datetime); an aware datetime; a timedelta; a number; a boolean."""

COLUMN_KINDS: Final[Mapping[str, str]] = {
    "id": TEXT, "kind": LABEL, "platform": LABEL, "handle": TEXT, "display_name": TEXT, "author": TEXT,
    "date": DATE, "date_source": LABEL, "text": TEXT, "continued": TEXT, "hashtags": LIST, "mentions": LIST,
    "urls": LIST, "media": LIST, "emoji": LIST, "sources": LIST, "article_count": INT, "outlet": TEXT, "outlets": LIST,
    "outlet_count": INT, "outlet_published": LIST, "status_id": TEXT, "url": TEXT, "created_at": MOMENT,
    "lag": LAG, "lang": TEXT, "lang_source": LABEL, "rendering": LABEL, "confidence": FLOAT, "source": TEXT,
    "span_start": INT, "span_end": INT, "article_title": TEXT, "article_url": TEXT, "article_published": MOMENT,
    "compound": FLOAT, "pos": FLOAT, "neu": FLOAT, "neg": FLOAT, "sentiment": LABEL, "drivers": TEXT,
    "overridden": BOOL,
}  # fmt: skip
"""Every column of a run's table (base, then sentiment) and the kind of its cells, in column order."""

BASE_COLUMNS: Final[tuple[str, ...]] = tuple(COLUMN_KINDS)[: tuple(COLUMN_KINDS).index("article_published") + 1]
"""The base column names of :func:`reactions.frames.to_frame`, in order."""

NULLABLE_TEXT: Final[tuple[str, ...]] = (
    "handle", "display_name", "author", "continued", "status_id", "url", "lang", "outlet", "article_title",
    "article_url",
)  # fmt: skip
"""Optional text columns: ``None`` *and* ``""`` in a record both become ``<NA>`` (so that a CSV's
empty cell reads back as exactly the same frame)."""

LABELS_OF: Final[Mapping[str, tuple[str, ...]]] = {
    "kind": KINDS, "platform": PLATFORMS, "date_source": DATE_SOURCES, "lang_source": LANG_SOURCES,
    "rendering": RENDERINGS, "sentiment": SENTIMENT_LABELS,
}  # fmt: skip
"""Each label column's categories (``platform``'s: these, then any other platform found, :func:`labels_of`); only
``sentiment``'s are ordered."""


def labels_of(name: str, values: Sequence[object] = ()) -> list[str]:
    """The categories of the label column ``name`` holding ``values``: :data:`LABELS_OF`'s, and for ``platform`` any
    other platform in ``values`` after them, sorted.

    >>> labels_of("platform", ["twitter", "myspace"])[-2:]
    ['unknown', 'myspace']
    """
    known = LABELS_OF[name]
    if name != "platform":
        return list(known)
    return [*known, *sorted({str(v) for v in values if isinstance(v, str) and v and v not in known})]


LAG_HOURS: Final = "lag_hours"
"""The exported name of the frame's ``lag``: a number of hours (see :mod:`reactions.export`)."""
MICROSECONDS_PER_HOUR: Final = 3_600_000_000
MAX_LAG_HOURS: Final = 2_500_000.0
"""The largest lag (in hours, about 285 years) a reader takes: beyond it a timedelta64[ns] overflows."""
_MICROSECOND: Final = dt.timedelta(microseconds=1)


def lag_hours_of(lags: Sequence[dt.timedelta | None]) -> list[float | None]:
    """Lags as float hours, from whole microseconds (floored; one rounding: exact back to the microsecond within
    ±71 years, :func:`reactions.frames.lag_from_hours`); ``None`` stays ``None``: the one conversion, of the table
    and of the frame (:func:`reactions.frames.lag_hours`).

    >>> lag_hours_of([dt.timedelta(hours=14, minutes=55), None])
    [14.916666666666666, None]
    """
    return [None if lag is None else (lag // _MICROSECOND) / MICROSECONDS_PER_HOUR for lag in lags]


def base_table(
    columns: Mapping[str, list[Any]], articles: Mapping[str, ArticleInfo], detected: Mapping[str, str] | None = None
) -> dict[str, list[Any]]:
    """The base columns (:data:`BASE_COLUMNS`, in order) of rows given as :func:`reaction_columns` gives them, one
    row per reaction, with the columns of their citing articles (:data:`ARTICLE_COLUMNS`) worked out from
    ``articles`` (by id), and each row's language from its whole post (:func:`whole_texts`) and its embed's tag
    (``lang``, ``lang_source``: :func:`reactions.languages.language_columns`, then
    :func:`~reactions.languages.corpus_languages`; ``detected``: the detector's answers already told, by text): the
    one table builder, of :func:`reactions.frames.to_frame` and of the run path alike."""
    derived = article_columns(columns["sources"], columns["created_at"], articles, columns["date"])
    posts = whole_texts(columns)
    langs, sources = language_columns(posts, columns["lang"], detected)
    derived["lang"], derived["lang_source"] = corpus_languages(posts, langs, sources)
    return {name: derived[name] if name in derived else columns[name] for name in BASE_COLUMNS}


def whole_texts(columns: Mapping[str, Sequence[Any]]) -> list[str]:
    """Each row's whole post (:func:`reactions.models.whole_text`): its ``text``, then its ``continued`` pieces
    when it has any (a table or frame without ``continued``: its ``text``); what the language is told from and what
    is scored, by the run and by :func:`reactions.sentiment.score_frame` alike.

    >>> whole_texts({"text": ["Day 3", "So good"], "continued": ["Braids are hanging in.", None]})
    ['Day 3 Braids are hanging in.', 'So good']
    """
    texts = list(columns["text"])
    if "continued" not in columns:
        return texts
    return [
        whole_text(text, more) if isinstance(more, str) else text
        for text, more in zip(texts, columns["continued"], strict=True)
    ]


def scored_rows(columns: Mapping[str, Sequence[Any]], rows: Sequence[int]) -> tuple[list[str], list[str], list[Any]]:
    """The ids, whole posts (:func:`whole_texts`) and languages (``lang``) of the ``rows`` of ``columns``: what a
    scoring task is given.

    >>> table = {"id": ["a", "b"], "text": ["Day 3", "So"], "continued": ["Braids.", None], "lang": ["en", None]}
    >>> scored_rows(table, [0])
    (['a'], ['Day 3 Braids.'], ['en'])
    """
    ids, texts, langs, more = columns["id"], columns["text"], columns["lang"], columns.get("continued")
    posts = [whole_text(texts[i], more[i]) if more is not None and isinstance(more[i], str) else texts[i] for i in rows]
    return [ids[i] for i in rows], posts, [langs[i] for i in rows]


def reaction_columns(reactions: Sequence[Reaction]) -> dict[str, list[Any]]:
    """The base columns of ``reactions`` as Python values, one list per column, in :data:`BASE_COLUMNS` order,
    but for :data:`ARTICLE_COLUMNS`: those are worked out once the rows are merged (:func:`build_frame`)."""
    firsts = [r.citations[0] if r.citations else Citation(r.source, r.span) for r in reactions]
    sources = [_sources(r) for r in reactions]
    created = [_utc(r.created_at) for r in reactions]
    unknown = Platform.UNKNOWN.value
    columns: dict[str, list[Any]] = {
        "id": [r.id for r in reactions],
        "kind": [str(r.kind) for r in reactions],
        "platform": [r.platform or unknown for r in reactions],
        "handle": [r.handle or None for r in reactions],
        "display_name": [r.display_name or None for r in reactions],
        "author": [r.author or None for r in reactions],
        "date": [r.date for r in reactions],
        "text": [r.text for r in reactions],
        "continued": [" ".join(r.continued) or None for r in reactions],
        "hashtags": [list(r.hashtags) for r in reactions],
        "mentions": [list(r.mentions) for r in reactions],
        "urls": [list(r.urls) for r in reactions],
        "media": [list(r.media) for r in reactions],
        "emoji": [list(r.emoji) for r in reactions],
        "sources": sources,
        "article_count": [len(s) for s in sources],
        "status_id": [r.status_id or None for r in reactions],
        "url": [r.url or None for r in reactions],
        "created_at": created,
        "lang": [r.lang or None for r in reactions],  # the embed's tag: the language is told once merged
        "lang_source": [None] * len(reactions),
        "rendering": [r.rendering.value if r.rendering else None for r in reactions],
        "confidence": [r.confidence for r in reactions],
        "source": [f.source for f in firsts],
        "span_start": [f.span[0] for f in firsts],
        "span_end": [f.span[1] for f in firsts],
    }
    return {name: columns[name] for name in BASE_COLUMNS if name in columns}


ARTICLE_COLUMNS: Final = (
    "date_source", "outlet", "outlets", "outlet_count", "outlet_published", "lag", "article_title", "article_url",
    "article_published",
)  # fmt: skip
"""The columns worked out from the citing articles (:class:`~reactions.models.ArticleInfo`): the first one's
outlet, title, URL and publication time, ``lag`` from it, and every citing outlet with the earliest
publication time of its citing articles; ``date_source`` (and ``date``: the post's, else the article's)."""


def article_columns(
    sources: Sequence[list[str]],
    created: Sequence[dt.datetime | None],
    articles: Mapping[str, ArticleInfo],
    dates: Sequence[dt.date | None] | None = None,
) -> dict[str, list[Any]]:
    """:data:`ARTICLE_COLUMNS` of rows cited by ``sources`` (article ids, first citer first), posted at
    ``created`` (aware UTC or ``None``) and dated ``dates`` by their posts (``None``: none is): ``date`` is the
    post's date, else the UTC day of its own time (a status id's: a deleted tweet's placeholder shows no date), else the
    first citing article's publication date (its UTC day), and ``date_source`` says which."""
    first = [articles.get(cited[0], _UNKNOWN) if cited else _UNKNOWN for cited in sources]
    pairs = [_outlets(cited, articles) for cited in sources]
    outlets, published = [o for o, _ in pairs], [p for _, p in pairs]
    given = dates if dates is not None else [None] * len(sources)
    own = [d if d else _day(moment) for d, moment in zip(given, created, strict=True)]  # (a status id's time)
    return {
        "date": [d if d else _day(a.published) for d, a in zip(own, first, strict=True)],
        "date_source": [
            "post" if d else "article" if a.published is not None else None for d, a in zip(own, first, strict=True)
        ],
        "outlet": [a.outlet for a in first],
        "outlets": outlets,
        "outlet_count": [len(o) for o in outlets],
        "outlet_published": published,
        "lag": [_lag(a.published, moment) for a, moment in zip(first, created, strict=True)],
        "article_title": [a.title for a in first],
        "article_url": [a.url for a in first],
        "article_published": [a.published for a in first],
    }


_UNKNOWN: Final = ArticleInfo()


def article_info(article: Article) -> ArticleInfo:
    """What the frame tells of ``article``: its URL, outlet, title and publication time (:func:`published_at`)."""
    return ArticleInfo(article.url, outlet_of(article.url), article.title, published_at(article))


def _outlets(sources: list[str], articles: Mapping[str, ArticleInfo]) -> tuple[list[str], list[str]]:
    """The outlets of the citing ``sources``, without repeats, in citing order, and when each published first:
    the earliest publication time of its citing articles (ISO 8601 UTC; ``""`` when none of them has one)."""
    if len(sources) == 1:
        info = articles.get(sources[0], _UNKNOWN)
        return ([info.outlet], [_iso(info.published)]) if info.outlet else ([], [])
    earliest: dict[str, dt.datetime | None] = {}
    for source in sources:
        info = articles.get(source, _UNKNOWN)
        if not info.outlet:
            continue
        known, moment = earliest.get(info.outlet), info.published
        earliest[info.outlet] = moment if known is None or (moment is not None and moment < known) else known
    return list(earliest), [_iso(moment) for moment in earliest.values()]


def _day(moment: dt.datetime | None) -> dt.date | None:
    return None if moment is None else moment.date()


@functools.lru_cache(maxsize=65536)
def _iso(moment: dt.datetime | None) -> str:
    """``moment`` in ISO 8601, ``""`` for ``None`` (kept: many rows share their articles' few times)."""
    return "" if moment is None else moment.isoformat()


def _sources(reaction: Reaction) -> list[str]:
    """:attr:`Reaction.sources` as a list (without its cost for the usual single citation)."""
    if len(reaction.citations) > 1:
        return list(reaction.sources)
    return [reaction.citations[0].source if reaction.citations else reaction.source]


def _utc(moment: dt.datetime | None) -> dt.datetime | None:
    """An aware UTC datetime; a naive one is taken to be UTC already."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        return moment.replace(tzinfo=dt.UTC)
    return moment.astimezone(dt.UTC)


def published_at(article: Article) -> dt.datetime | None:
    """When the article was published: its exact time, else its date at midnight UTC, else None."""
    if article.published_at is not None:
        return _utc(article.published_at)
    if article.date is not None:
        return dt.datetime.combine(article.date, dt.time(), tzinfo=dt.UTC)
    return None


def _lag(published: dt.datetime | None, created_at: dt.datetime | None) -> dt.timedelta | None:
    created = _utc(created_at)
    if published is None or created is None:
        return None
    return published - created
