"""What the page shows: filters, chart selections, the display table and a post in its article.

Everything here is pure: values in, values out.  :class:`Filters` is the sidebar's state and
round-trips through URL query parameters (:func:`filters_to_query`, :func:`filters_from_query`)
so that a filtered view can be shared as a link.  :class:`Selection` is what was clicked in
the linked charts.  :func:`filter_frame` applies both to a frame of the column contract of
:func:`reactions.frames.to_frame` (with the sentiment columns).
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

import pandas as pd

from reactions.charts import SENTIMENT_COLORS
from reactions.frames import author_labels, reaction_days
from reactions.sentiment import NEGATIVE_THRESHOLD, POSITIVE_THRESHOLD

QUERY_KEYS = {
    "start": "from",
    "end": "to",
    "hashtags": "tag",
    "sentiments": "sentiment",
    "kinds": "kind",
    "articles": "article",
    "authors": "author",
    "platforms": "platform",
    "text": "q",
}
"""Filters field -> URL query parameter name."""


@dataclass(frozen=True, slots=True)
class Filters:
    """The sidebar's filters; an empty field filters nothing.

    Fields:
        start: first day kept (inclusive); reactions without a date are dropped once a
            bound is set.
        end: last day kept (inclusive).
        hashtags: keep reactions carrying any of these hashtags (compared case-insensitively).
        sentiments: keep these labels (``"negative"``, ``"neutral"``, ``"positive"``).
        kinds: keep these kinds (``"embed"``, ``"quote"``).
        articles: keep reactions cited by any of these article ids.
        authors: keep these authors, as :func:`author_labels` names them (``"@handle"`` or
            the display name of a quote); compared case-insensitively.
        platforms: keep these platforms.
        text: keep reactions whose text, handle or display name contains this string
            (case-insensitive, literal, not a pattern).
    """

    start: dt.date | None = None
    end: dt.date | None = None
    hashtags: tuple[str, ...] = ()
    sentiments: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()
    articles: tuple[str, ...] = ()
    authors: tuple[str, ...] = ()
    platforms: tuple[str, ...] = ()
    text: str = ""

    @property
    def active(self) -> bool:
        """Whether any filter is set."""
        return self != Filters()


@dataclass(frozen=True, slots=True)
class Selection:
    """What was clicked in the linked charts; an empty field selects everything.

    Fields:
        days: ISO days (``"2020-02-01"``) clicked in the reactions-by-day chart.
        hashtags: hashtags clicked in the hashtag chart (case-insensitive).
        sentiments: sentiment labels clicked in the sentiment chart.
    """

    days: tuple[str, ...] = ()
    hashtags: tuple[str, ...] = ()
    sentiments: tuple[str, ...] = ()

    @property
    def active(self) -> bool:
        """Whether anything is selected."""
        return self != Selection()


@dataclass(frozen=True, slots=True)
class Context:
    """A post in its article: the paragraph before, the post's paragraph(s) and the one after.

    ``post`` is split into ``lead`` (the paragraph text before the post), ``body`` (the
    post and its attribution, exactly the span) and ``tail`` (after it, same paragraph).
    """

    before: str
    lead: str
    body: str
    tail: str
    after: str


# --- URL query parameters -------------------------------------------------------------------


def filters_to_query(filters: Filters) -> dict[str, list[str]]:
    """The query parameters that describe ``filters``; empty fields are left out.

    >>> filters_to_query(Filters(hashtags=("MeToo",), text="abuse"))
    {'tag': ['MeToo'], 'q': ['abuse']}
    """
    query: dict[str, list[str]] = {}
    for field in dataclasses.fields(Filters):
        value = getattr(filters, field.name)
        if isinstance(value, dt.date):
            query[QUERY_KEYS[field.name]] = [value.isoformat()]
        elif isinstance(value, tuple) and value:
            query[QUERY_KEYS[field.name]] = list(value)
        elif isinstance(value, str) and value:
            query[QUERY_KEYS[field.name]] = [value]
    return query


def filters_from_query(query: Mapping[str, str | Sequence[str]]) -> Filters:
    """The filters described by URL query parameters; unknown keys and bad dates are ignored.

    >>> filters_from_query({"tag": ["MeToo", "TimesUp"], "from": "2020-02-01", "to": "nope"})
    Filters(start=datetime.date(2020, 2, 1), end=None, hashtags=('MeToo', 'TimesUp'), \
sentiments=(), kinds=(), articles=(), authors=(), platforms=(), text='')
    """
    values: dict[str, object] = {}
    for name, key in QUERY_KEYS.items():
        raw = query.get(key)
        items = [raw] if isinstance(raw, str) else list(raw or ())
        items = [item for item in items if item]
        if not items:
            continue
        if name in ("start", "end"):
            values[name] = _parse_day(items[0])
        elif name == "text":
            values[name] = items[0]
        else:
            values[name] = tuple(dict.fromkeys(items))
    return Filters(**values)  # type: ignore[arg-type]


def _parse_day(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


# --- filtering --------------------------------------------------------------------------------


def _has_any(lists: pd.Series, wanted: Iterable[str]) -> pd.Series:
    keys = {w.casefold() for w in wanted}
    return lists.map(lambda items: any(str(i).casefold() in keys for i in items))


def _folded_in(values: pd.Series, wanted: Iterable[str]) -> pd.Series:
    keys = {w.casefold() for w in wanted}
    return values.astype("object").map(lambda v: isinstance(v, str) and v.casefold() in keys)


def filter_mask(frame: pd.DataFrame, filters: Filters) -> pd.Series:
    """A boolean Series, True for the rows ``filters`` keeps."""
    mask = pd.Series(True, index=frame.index)
    if filters.start or filters.end:
        days = reaction_days(frame)
        low = pd.Timestamp(filters.start or dt.date.min)
        high = pd.Timestamp(filters.end or dt.date(2262, 4, 11))
        mask &= days.between(low, high).fillna(False).astype(bool)
    if filters.hashtags:
        mask &= _has_any(frame["hashtags"], filters.hashtags)
    if filters.sentiments:
        mask &= _folded_in(frame["sentiment"], filters.sentiments)
    if filters.kinds:
        mask &= _folded_in(frame["kind"], filters.kinds)
    if filters.articles:
        wanted = set(filters.articles)
        mask &= frame["sources"].map(lambda items: any(s in wanted for s in items))
    if filters.authors:
        mask &= _folded_in(author_labels(frame), filters.authors)
    if filters.platforms:
        mask &= _folded_in(frame["platform"], filters.platforms)
    if filters.text:
        mask &= _contains(frame, filters.text)
    return mask.astype(bool)


def _contains(frame: pd.DataFrame, needle: str) -> pd.Series:
    """Rows whose text, handle or display name holds ``needle`` (literal, case-insensitive)."""
    needle = needle.strip()
    found = pd.Series(False, index=frame.index)
    for column in ("text", "handle", "display_name"):
        found |= frame[column].str.contains(needle, case=False, regex=False, na=False).astype(bool)
    return found


def filter_frame(frame: pd.DataFrame, filters: Filters) -> pd.DataFrame:
    """The rows of ``frame`` that ``filters`` keeps, in their order (a copy)."""
    return frame.loc[filter_mask(frame, filters)].copy()


def select_frame(frame: pd.DataFrame, selection: Selection, *, skip: str | None = None) -> pd.DataFrame:
    """The rows of ``frame`` inside the chart ``selection``.

    ``skip`` names one field of :class:`Selection` to ignore, so that a chart can show the
    data selected by the *other* charts without collapsing onto its own selection
    (cross-filtering).
    """
    mask = pd.Series(True, index=frame.index)
    if selection.days and skip != "days":
        iso = reaction_days(frame).dt.strftime("%Y-%m-%d")
        mask &= iso.isin(selection.days).fillna(False).astype(bool)
    if selection.hashtags and skip != "hashtags":
        mask &= _has_any(frame["hashtags"], selection.hashtags)
    if selection.sentiments and skip != "sentiments":
        mask &= _folded_in(frame["sentiment"], selection.sentiments)
    return frame.loc[mask.astype(bool)].copy()


def selection_from_event(state: Mapping[str, object]) -> tuple[str, ...]:
    """The values of one point selection as Streamlit reports it (a list of ``{field: value}``).

    >>> selection_from_event({"hashtag": [{"hashtag": "MeToo"}, {"hashtag": "TimesUp"}]})
    ('MeToo', 'TimesUp')
    """
    values: list[str] = []
    for points in state.values():
        for point in points if isinstance(points, list) else ():
            if isinstance(point, Mapping):
                values.extend(str(v) for v in point.values() if v is not None)
    return tuple(dict.fromkeys(values))


def iso_day(value: str) -> str:
    """A selected day as ``YYYY-MM-DD``: Vega reports a time-axis value as epoch milliseconds (UTC).

    >>> iso_day("1580515200000"), iso_day("1580515200000.0"), iso_day("2020-02-01T00:00:00")
    ('2020-02-01', '2020-02-01', '2020-02-01')
    """
    try:
        millis = float(value)
    except ValueError:
        return value[:10]
    return dt.datetime.fromtimestamp(millis / 1000, tz=dt.UTC).date().isoformat()


def selection_from_states(states: Mapping[str, Mapping[str, object] | None]) -> Selection:
    """The :class:`Selection` of the linked charts from their Streamlit states, by selection name.

    >>> selection_from_states({"day": {"selection": {"day": [{"day": 1580515200000}]}},
    ...                        "hashtag": {"selection": {"hashtag": [{"hashtag": "MeToo"}]}}, "sentiment": None})
    Selection(days=('2020-02-01',), hashtags=('MeToo',), sentiments=())
    """

    def chosen(name: str) -> tuple[str, ...]:
        state = states.get(name) or {}
        selection = state.get("selection")
        points = selection.get(name, []) if isinstance(selection, Mapping) else []
        return selection_from_event({name: points})

    days = tuple(dict.fromkeys(iso_day(v) for v in chosen("day")))
    return Selection(days=days, hashtags=chosen("hashtag"), sentiments=chosen("sentiment"))


# --- describing and naming --------------------------------------------------------------------


def describe(filters: Filters, selection: Selection = Selection()) -> str:
    """A one-line, human-readable record of the filters and selection (for provenance).

    >>> describe(Filters(hashtags=("MeToo",)), Selection(days=("2020-02-01",)))
    'tag=MeToo; selected day=2020-02-01'
    """
    parts = [f"{key}={'|'.join(values)}" for key, values in filters_to_query(filters).items()]
    chosen = {"day": selection.days, "hashtag": selection.hashtags, "sentiment": selection.sentiments}
    parts += [f"selected {key}={'|'.join(values)}" for key, values in chosen.items() if values]
    return "; ".join(parts) or "no filters"


def provenance(filters: Filters, selection: Selection, *, shown: int, total: int, version: str) -> str:
    """The comment an export starts with: what was exported, under which filters, by which version.

    >>> provenance(Filters(kinds=("quote",)), Selection(), shown=2, total=12, version="0.1.0")
    'reactions 0.1.0 export: 2 of 12 reactions; kind=quote'
    """
    return f"reactions {version} export: {shown} of {total} reactions; {describe(filters, selection)}"


def provenance_record(
    filters: Filters, selection: Selection, *, shown: int, total: int, version: str
) -> dict[str, object]:
    """The sidecar of an export, as JSON-ready data: version, counts, filters (as URL query
    parameters) and chart selection, in full (a file name has room for only part of them).

    >>> provenance_record(Filters(hashtags=("MeToo",)), Selection(days=("2020-02-01",)), shown=3, total=12,
    ...                   version="0.1.0")["filters"]
    {'tag': ['MeToo']}
    """
    chosen = {"day": list(selection.days), "hashtag": list(selection.hashtags), "sentiment": list(selection.sentiments)}
    return {
        "reactions_version": version,
        "rows": shown,
        "of": total,
        "filters": filters_to_query(filters),
        "selection": {key: values for key, values in chosen.items() if values},
        "description": provenance(filters, selection, shown=shown, total=total, version=version),
    }


def export_name(filters: Filters, selection: Selection, *, scope: str, version: str, ext: str) -> str:
    """A download file name that records the scope, the filters and the reactions version.

    >>> export_name(Filters(hashtags=("MeToo",)), Selection(), scope="filtered", version="0.1.0", ext="csv")
    'reactions-0.1.0-filtered-tag-metoo.csv'
    """
    slug = ""
    if scope != "all":
        text = describe(filters, selection)
        slug = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:60].strip("-")
    stem = "-".join(p for p in ("reactions", version, scope, slug) if p)
    return f"{stem}.{ext}"


def table_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """The table the page shows: one row per reaction, readable columns, ``id`` kept last."""
    first_media = [_media_url(items[0]) if len(items) else None for items in frame["media"]]
    links = [_web_link(link) for link in frame["url"].astype("object")]
    return pd.DataFrame(
        {
            "day": reaction_days(frame),
            "author": author_labels(frame),
            "text": frame["text"].astype("object"),
            "sentiment": frame["sentiment"].astype("object"),
            "compound": frame["compound"].astype("float64"),
            "overridden": frame["overridden"].astype(bool),
            "drivers": frame["drivers"].astype("object"),
            "hashtags": frame["hashtags"],
            "mentions": frame["mentions"],
            "emoji": frame["emoji"],
            "kind": frame["kind"].astype("object"),
            "platform": frame["platform"].astype("object"),
            "articles": frame["sources"],
            "media": pd.Series(first_media, index=frame.index, dtype="object"),
            "url": pd.Series(links, index=frame.index, dtype="object"),
            "id": frame["id"].astype("object"),
        },
        index=frame.index,
    )


def _media_url(link: str) -> str | None:
    return _web_link(link if link.startswith(("http://", "https://")) else f"https://{link}")


def _web_link(link: object) -> str | None:
    """``link`` when it is an http(s) URL, else None (never a ``javascript:`` or ``data:`` link)."""
    if isinstance(link, str) and link.casefold().startswith(("http://", "https://")):
        return link
    return None


def compound_style(value: float) -> str:
    """CSS for a compound score in the table: the colour its VADER label has in the charts (none
    for neutral scores and NaN)."""
    if value >= POSITIVE_THRESHOLD:
        return f"color: {SENTIMENT_COLORS['positive']}; font-weight: 600"
    if value <= NEGATIVE_THRESHOLD:
        return f"color: {SENTIMENT_COLORS['negative']}; font-weight: 600"
    return ""


# --- a post in its article --------------------------------------------------------------------


def post_context(text: str, span: tuple[int, int]) -> Context:
    """The post at ``span`` in an article's ``text``, with its paragraph and its neighbours.

    Paragraphs are separated by blank lines (or single line breaks when there are none).

    >>> c = post_context("One.\\n\\nSee: Hi #x — A (@a) May 1, 2020 ok\\n\\nThree.", (11, 37))
    >>> (c.before, c.lead, c.body, c.tail, c.after)
    ('One.', 'See: ', 'Hi #x — A (@a) May 1, 2020', ' ok', 'Three.')
    """
    start, end = max(0, min(span[0], len(text))), max(0, min(span[1], len(text)))
    start, end = min(start, end), max(start, end)
    sep = "\n\n" if "\n\n" in text else "\n"
    para_start = text.rfind(sep, 0, start)
    para_start = 0 if para_start < 0 else para_start + len(sep)
    para_end = text.find(sep, end)
    para_end = len(text) if para_end < 0 else para_end
    before_text = text[:para_start].rstrip()
    after_text = text[para_end:].lstrip()
    before = before_text.rsplit(sep, 1)[-1].strip() if before_text else ""
    after = after_text.split(sep, 1)[0].strip() if after_text else ""
    return Context(
        before=before,
        lead=text[para_start:start].lstrip(),
        body=text[start:end],
        tail=text[end:para_end].rstrip(),
        after=after,
    )
