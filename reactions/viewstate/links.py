"""A view in words: the URL query of its filters (so that a view travels as a link), the problems of a link that
does not apply, a one-line description of filters and chart selection, and the provenance and file names of its
exports.  Pure, like :mod:`reactions.viewstate.views`, whose :class:`~reactions.viewstate.views.Filters` and
:class:`~reactions.viewstate.views.Selection` it writes and reads.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import re
import urllib.parse
from collections.abc import Mapping, Sequence
from typing import Final

import pandas as pd

from reactions.analysis.timeline import BUCKETS, UTC, bucket_key, bucket_starts, valid_zone
from reactions.models import SENTIMENT_LABELS
from reactions.scorers import DEFAULT_SCORER, SCORERS, scorer_slug
from reactions.viewstate.fields import FILTERS, SELECTIONS
from reactions.viewstate.views import ORDERS, SORTS, Filters, Selection

QUERY_KEYS: Final = {name: key for field in FILTERS for name, key in zip(field.fields, field.keys, strict=True)}
"""Filters field -> URL query parameter name."""
NOTHING_SELECTED: Final = Selection()
"""No chart selection."""
SELECTION_KEYS: Final = {field.name: field.key for field in SELECTIONS}
"""Selection field -> URL query parameter name (its unit and zone are the filters' ``bucket`` and ``tz``)."""
LAYOUT_KEYS: Final = {"top_n": "top", "page": "page", "rows": "rows", "sort": "sort", "order": "order", "tab": "tab",
                        "section": "section"}
"""ViewLayout field -> URL query parameter name."""
COMPARE_KEY: Final = "compare"
"""The URL key that says the page's Compare section is on (``compare=on``)."""
SIDE_B: Final = "b_"
"""The prefix of the compared side B's filters in the URL (``b_tag=TimesUp``): the filters' keys with it."""
SCORER_KEY: Final = "scorer"
"""The URL key of the sentiment scorer (``scorer=model``; none for the default, VADER)."""
TOP_RANGE: Final = (3, 50)
"""The fewest and most hashtags the Top hashtags chart shows."""
PAGE_SIZES: Final = (10, 25, 50, 100, 250, 500, 1000)
"""The table's page sizes."""
SUMMARY_TABS: Final = ("compound", "authors", "mentions", "emoji", "platforms", "languages")
"""The page's summary tabs as a URL names them (``tab=authors``; none: the first); only the open one is drawn."""
SECTIONS: Final = ("spikes", "heatmap", "summary", "outlets", "network")
"""The page's sections drawn on demand as a URL names them (``section=outlets``; none: none is shown); only the one
shown is drawn (a new session sends the headline, the time and hashtag charts and the table)."""


@dataclasses.dataclass(frozen=True, slots=True)
class ViewLayout:
    """How a view is laid out, beyond its filters: the Top N of the hashtag chart, the table's page and its
    page size (rows a page), the column the table is sorted by (one of :data:`reactions.viewstate.views.SORTS`; ``""``:
    corpus order), the direction (``"asc"`` or ``"desc"``), the summary tab shown (one of
    :data:`SUMMARY_TABS`; ``""``: the first) and the section shown (one of :data:`SECTIONS`; ``""``: none)."""

    top_n: int = 10
    page: int = 1
    rows: int = 100
    sort: str = ""
    order: str = "asc"
    tab: str = ""
    section: str = ""


# --- URL query parameters -------------------------------------------------------------------


def filters_to_query(filters: Filters) -> dict[str, list[str]]:
    """The query parameters that describe ``filters``; empty fields are left out.

    >>> filters_to_query(Filters(hashtags=("MeToo",), text="abuse"))
    {'tag': ['MeToo'], 'q': ['abuse']}
    """
    query: dict[str, list[str]] = {}
    for field in dataclasses.fields(Filters):
        value = getattr(filters, field.name)
        if isinstance(value, bool):
            if value:
                query[QUERY_KEYS[field.name]] = ["on"]
        elif isinstance(value, dt.date):
            query[QUERY_KEYS[field.name]] = [value.isoformat()]
        elif isinstance(value, tuple) and value:
            query[QUERY_KEYS[field.name]] = list(value)
        elif isinstance(value, float) and value > 0:
            query[QUERY_KEYS[field.name]] = [f"{value:g}"]
        elif isinstance(value, str) and value:
            query[QUERY_KEYS[field.name]] = [value]
    return query


def filters_from_query(query: Mapping[str, str | Sequence[str]]) -> Filters:
    """The filters described by URL query parameters; unknown keys and bad dates are ignored.

    >>> filters_from_query({"tag": ["MeToo", "TimesUp"], "from": "2020-02-01", "to": "nope"})
    Filters(start=datetime.date(2020, 2, 1), end=None, own_dates=False, hashtags=('MeToo', 'TimesUp'), \
sentiments=(), kinds=(), articles=(), outlets=(), authors=(), platforms=(), languages=(), renderings=(), \
min_confidence=0.0, \
text='', bucket='', zone='')
    """
    values: dict[str, object] = {}
    for field in FILTERS:
        for name, key in zip(field.fields, field.keys, strict=True):
            raw = query.get(key)
            items = [raw] if isinstance(raw, str) else list(raw or ())
            items = [item for item in items if item]
            if items:
                values[name] = _read(field.value, items)
    return Filters(**values)  # type: ignore[arg-type]


def _read(kind: str, items: list[str]) -> object:
    """A filter's value from its URL items, read as its :attr:`~reactions.viewstate.fields.FilterField.value`
    says."""
    if kind == "day":
        return _parse_day(items[0])
    if kind == "flag":
        return items[0] == "on"
    if kind in ("bucket", "zone"):
        return items[0] if _known(kind, items[0]) else ""
    if kind == "share":
        return parse_share(items[0])
    return items[0] if kind == "text" else tuple(dict.fromkeys(items))


def query_problems(query: Mapping[str, str | Sequence[str]]) -> list[str]:
    """The URL query values :func:`filters_from_query` cannot read, as ``key=value`` (a date that is not
    ``YYYY-MM-DD``, a confidence that is not a number from 0 to 1), so that a page can say what it left out.

    >>> query_problems({"from": "yesterday", "to": "2020-02-03", "confidence": "high", "tag": "x", "tz": "Mars/X"})
    ['from=yesterday', 'confidence=high', 'tz=Mars/X']
    """
    problems = []
    checked = [(key, field.value) for field in FILTERS if field.value in ("day", "share", "bucket", "zone")
               for key in field.keys]  # fmt: skip
    for key, kind in checked:
        raw = query.get(key)
        items = [raw] if isinstance(raw, str) else list(raw or ())
        for item in items[:1]:
            if not item:
                continue
            if kind in ("bucket", "zone"):
                ok = _known(kind, item)
            elif kind == "share":
                try:
                    ok = 0.0 <= float(item) <= 1.0
                except ValueError:
                    ok = False
            else:
                ok = _parse_day(item) is not None
            if not ok:
                problems.append(f"{key}={item}")
    return problems


def _known(name: str, value: str) -> bool:
    """Whether a URL's ``bucket`` or ``zone`` value is one the page knows."""
    return value in BUCKETS if name == "bucket" else valid_zone(value)


def parse_share(text: str) -> float:
    """A number in [0, 1] from a URL (clamped; 0 when it is not a number)."""
    try:
        value = float(text)
    except ValueError:
        return 0.0
    return min(max(value, 0.0), 1.0) if math.isfinite(value) else 0.0


def _parse_day(text: str) -> dt.date | None:
    try:
        return dt.date.fromisoformat(text)
    except ValueError:
        return None


# --- chart selection and layout in the URL ---------------------------------------------------------


def selection_to_query(selection: Selection) -> dict[str, list[str]]:
    """The query parameters of a chart selection; empty fields are left out (its unit and zone travel as the
    filters' ``bucket`` and ``tz``).

    >>> selection_to_query(Selection(hashtags=("MeToo",), buckets=("2020-02-03",), unit="week"))
    {'sel_bucket': ['2020-02-03'], 'sel_tag': ['MeToo']}
    """
    return {key: list(getattr(selection, name)) for name, key in SELECTION_KEYS.items() if getattr(selection, name)}


def selection_from_query(query: Mapping[str, str | Sequence[str]], *, unit: str = "", zone: str = "") -> Selection:
    """The chart selection a URL describes, cut in ``unit`` buckets in ``zone`` (by default the query's own
    ``bucket`` and ``tz``, else days in UTC); values :func:`selection_problems` names are left out.

    >>> selection_from_query({"sel_tag": ["MeToo"], "sel_sentiment": ["joy", "negative"], "bucket": "week",
    ...                       "sel_bucket": ["2020-02-03", "2020-02-04"]})
    Selection(buckets=('2020-02-03',), hashtags=('MeToo',), sentiments=('negative',), accounts=(), outlets=(), \
unit='week', zone='UTC')
    """
    unit = unit if unit in BUCKETS else _first(query, QUERY_KEYS["bucket"])
    unit = unit if unit in BUCKETS else "day"
    zone = zone if zone and valid_zone(zone) else _first(query, QUERY_KEYS["zone"])
    zone = zone if zone and valid_zone(zone) else UTC
    values = {name: tuple(dict.fromkeys(v for v in _items(query, key) if _readable(name, v, unit)))
              for name, key in SELECTION_KEYS.items()}  # fmt: skip
    return Selection(**values, unit=unit, zone=zone)


def selection_problems(query: Mapping[str, str | Sequence[str]], *, unit: str = "") -> list[str]:
    """The chart selection values of a URL that cannot be read, as ``key=value``: a bucket that is not the name
    of a ``unit`` bucket (by default the query's ``bucket``; when it names none, of any bucket), a sentiment
    that is not a label.

    >>> selection_problems({"sel_bucket": ["2020-02-04", "2020-02-03", "soon"], "bucket": "week",
    ...                     "sel_sentiment": ["joy", "positive"], "sel_tag": "x"})
    ['sel_bucket=2020-02-04', 'sel_bucket=soon', 'sel_sentiment=joy']
    """
    unit = unit if unit in BUCKETS else _first(query, QUERY_KEYS["bucket"])
    unit = unit if unit in BUCKETS else ""
    return [f"{key}={value}" for name, key in SELECTION_KEYS.items() for value in _items(query, key)
            if not _readable(name, value, unit)]  # fmt: skip


def layout_to_query(layout: ViewLayout) -> dict[str, list[str]]:
    """The query parameters of a layout; values left as they start are left out.

    >>> layout_to_query(ViewLayout(top_n=5, page=2))
    {'top': ['5'], 'page': ['2']}
    """
    return {key: [str(getattr(layout, name))] for name, key in LAYOUT_KEYS.items()
            if getattr(layout, name) != getattr(ViewLayout(), name)}  # fmt: skip


def layout_from_query(query: Mapping[str, str | Sequence[str]]) -> ViewLayout:
    """The layout a URL describes; values :func:`layout_problems` names keep their start.

    >>> layout_from_query({"top": "5", "rows": "7", "page": "3", "sort": "compound", "order": "down"})
    ViewLayout(top_n=5, page=3, rows=100, sort='compound', order='asc', tab='', section='')
    """
    values = {name: _layout_value(name, _first(query, key)) for name, key in LAYOUT_KEYS.items()}
    return ViewLayout(**{name: v for name, v in values.items() if v is not None})  # type: ignore[arg-type]


def layout_problems(query: Mapping[str, str | Sequence[str]]) -> list[str]:
    """The layout values of a URL that cannot be read, as ``key=value``: a Top N that is not a whole number
    from 3 to 50, a page that is not a whole number from 1, a page size the table does not offer, a sort by a
    column the table is not sorted by, an order other than ``asc`` and ``desc``, a tab or section the page does not
    have.

    >>> layout_problems({"top": "99", "page": "two", "rows": "25", "sort": "text", "order": "desc", "tab": "x"})
    ['top=99', 'page=two', 'sort=text', 'tab=x']
    """
    return [f"{key}={text}" for name, key in LAYOUT_KEYS.items()
            if (text := _first(query, key)) and _layout_value(name, text) is None]  # fmt: skip


def _layout_value(name: str, text: str) -> int | str | None:
    """A layout field's value from a URL's text, or None when it is missing or not one the page offers."""
    if name == "sort":
        return text if text in SORTS else None
    if name in ("order", "tab", "section"):
        return text if text in {"order": ORDERS, "tab": SUMMARY_TABS, "section": SECTIONS}[name] else None
    value = _whole(text)
    return value if value is not None and _fits(name, value) else None


def _items(query: Mapping[str, str | Sequence[str]], key: str) -> list[str]:
    """A query parameter's non-empty values."""
    raw = query.get(key)
    return [item for item in ([raw] if isinstance(raw, str) else list(raw or ())) if item]


def _first(query: Mapping[str, str | Sequence[str]], key: str) -> str:
    items = _items(query, key)
    return items[0] if items else ""


def _whole(text: str) -> int | None:
    """A whole number written in decimal digits (at most 9 of them), or None."""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else None


def _fits(name: str, value: int) -> bool:
    """Whether a layout value is one the page offers."""
    if name == "top_n":
        return TOP_RANGE[0] <= value <= TOP_RANGE[1]
    return value >= 1 if name == "page" else value in PAGE_SIZES


def _readable(name: str, value: str, unit: str) -> bool:
    """Whether a selection value can be read: a bucket's name (of ``unit``, or of any unit when it is empty),
    a sentiment label; hashtags, outlets and accounts are any text."""
    if name == "sentiments":
        return value in SENTIMENT_LABELS
    if name == "buckets":
        return any(valid_bucket_name(value, u) for u in ((unit,) if unit else BUCKETS))
    return True


def valid_bucket_name(value: str, unit: str) -> bool:
    """Whether ``value`` is the name of a ``unit`` bucket (:func:`reactions.analysis.timeline.bucket_key`).

    >>> valid_bucket_name("2020-02-03", "week"), valid_bucket_name("2020-02-04", "week"), valid_bucket_name("x", "day")
    (True, False, False)
    """
    try:
        start = pd.Timestamp(value)
    except (ValueError, TypeError, OverflowError):
        return False
    if pd.isna(start) or start.tzinfo is not None:
        return False
    return bucket_key(pd.DatetimeIndex(bucket_starts(pd.Series([start]), unit)), unit) == [value]


# --- a whole view as one query string (a saved view) -------------------------------------------------------


def view_keys() -> tuple[str, ...]:
    """Every URL key of a view, in the order a saved view's query lists them: filters, chart selection, layout,
    the Compare section (on, and side B's filters) and the sentiment scorer."""
    side_b = (SIDE_B + key for key in QUERY_KEYS.values())
    return (*QUERY_KEYS.values(), *SELECTION_KEYS.values(), *LAYOUT_KEYS.values(), COMPARE_KEY, *side_b, SCORER_KEY)


def scorer_from_query(query: Mapping[str, str | Sequence[str]]) -> str:
    """The sentiment scorer a URL names (``scorer=model``), the default when it names none or an unknown one.

    >>> scorer_from_query({"scorer": "vader-tweets"}), scorer_from_query({"scorer": "bert"})
    ('vader-tweets', 'vader')
    """
    name = _first(query, SCORER_KEY)
    return name if name in SCORERS else DEFAULT_SCORER


def scorer_to_query(name: str) -> dict[str, list[str]]:
    """The URL parameter of a scorer (none for the default)."""
    return {} if name == DEFAULT_SCORER else {SCORER_KEY: [name]}


def unprefixed(query: Mapping[str, str | Sequence[str]], prefix: str) -> dict[str, str | Sequence[str]]:
    """A side's filter parameters (keys with ``prefix``) under the filters' own keys; others left out.

    >>> unprefixed({"tag": "MeToo", "b_tag": "TimesUp", "b_evil": "x"}, SIDE_B)
    {'tag': 'TimesUp'}
    """
    names = set(QUERY_KEYS.values())
    return {k[len(prefix) :]: v for k, v in query.items() if k.startswith(prefix) and k[len(prefix) :] in names}


def query_text(query: Mapping[str, str | Sequence[str]]) -> str:
    """The view's part of a URL query as one string (what a saved view keeps): its keys in :func:`view_keys`'s
    order, others (keys no view has) left out.

    >>> query_text({"sort": "compound", "evil": "x", "tag": ["Me Too", "a&b"], "order": "desc", "b_tag": "Y"})
    'tag=Me+Too&tag=a%26b&sort=compound&order=desc&b_tag=Y'
    """
    return urllib.parse.urlencode([(key, value) for key in view_keys() for value in _items(query, key)])


def query_from_text(text: str) -> dict[str, list[str]]:
    """A URL query string as parameters (key -> values, empty values left out): the inverse of :func:`query_text`.

    >>> query_from_text("tag=Me+Too&tag=a%26b&sort=compound&x=")
    {'tag': ['Me Too', 'a&b'], 'sort': ['compound']}
    """
    return urllib.parse.parse_qs(text.lstrip("?"), keep_blank_values=False)


def view_problems(query: Mapping[str, str | Sequence[str]]) -> list[str]:
    """Everything of a view's query that does not apply, whatever the corpus, as ``key=value``: keys no view has,
    and the values :func:`query_problems`, :func:`selection_problems` and :func:`layout_problems` name.

    >>> view_problems({"tag": "MeToo", "from": "soon", "sort": "text", "evil": "<b>x</b>", "b_to": "later"})
    ['evil=<b>x</b>', 'from=soon', 'sort=text', 'b_to=later']
    """
    known = set(view_keys())
    unknown = [f"{key}={value}" for key in query if key not in known for value in _items(query, key) or [""]]
    side_b = [SIDE_B + problem for problem in query_problems(unprefixed(query, SIDE_B))]
    scorer = [f"{SCORER_KEY}={name}" for name in _items(query, SCORER_KEY) if name not in SCORERS]
    return unknown + query_problems(query) + selection_problems(query) + layout_problems(query) + side_b + scorer


# --- describing and naming --------------------------------------------------------------------


def describe(filters: Filters, selection: Selection = NOTHING_SELECTED) -> str:
    """A one-line, human-readable record of the filters and selection (for provenance).

    The bucket and zone of :class:`Filters` only say how time is drawn, so they are named only when a bucket is
    selected (then they decide which reactions are in the view).

    >>> describe(Filters(hashtags=("MeToo",), bucket="week"), Selection(buckets=("2020-02-03",), unit="week"))
    'tag=MeToo; selected week=2020-02-03'
    >>> describe(Filters(zone="Asia/Tokyo"), Selection(buckets=("2020-02-01",), zone="Asia/Tokyo"))
    'selected day=2020-02-01; tz=Asia/Tokyo'
    """
    drawing = {QUERY_KEYS["bucket"], QUERY_KEYS["zone"]}
    parts = [f"{key}={'|'.join(values)}" for key, values in filters_to_query(filters).items() if key not in drawing]
    parts += [f"selected {key}={'|'.join(values)}" for key, values in _chosen(selection).items() if values]
    if selection.buckets and selection.zone != UTC:
        parts.append(f"{QUERY_KEYS['zone']}={selection.zone}")
    return "; ".join(parts) or "no filters"


def _chosen(selection: Selection) -> dict[str, tuple[str, ...]]:
    """The selection's fields by the name a description gives them (the bucket's unit for the buckets)."""
    return {selection.unit: selection.buckets, "hashtag": selection.hashtags, "sentiment": selection.sentiments,
            "account": selection.accounts, "outlet": selection.outlets}  # fmt: skip


def provenance(filters: Filters, selection: Selection, *, shown: int, total: int, version: str) -> str:
    """The comment an export starts with: what was exported, under which filters, by which version.

    >>> provenance(Filters(kinds=("quote",)), Selection(), shown=2, total=12, version="0.1.0")
    'reactions 0.1.0 export: 2 of 12 reactions; kind=quote'
    """
    return f"reactions {version} export: {shown} of {total} reactions; {describe(filters, selection)}"


def provenance_record(
    filters: Filters,
    selection: Selection,
    *,
    shown: int,
    total: int,
    version: str,
    corpus: Mapping[str, object] | None = None,
    exported_at: dt.datetime | None = None,
) -> dict[str, object]:
    """The sidecar of an export, as JSON-ready data: version, counts, filters (as URL query parameters) and chart
    selection, in full (a file name has room for only part of them), the whole view as the page's URL query
    (``view``: open ``?`` + its parameters to see it again), and, when given, when it was exported and what corpus
    it came from (``corpus``: its path, a fingerprint of its files and what was read from each source).

    >>> record = provenance_record(Filters(hashtags=("MeToo",)), Selection(buckets=("2020-02-01",)), shown=3,
    ...                            total=12, version="0.1.0")
    >>> record["selection"], record["view"]
    ({'day': ['2020-02-01'], 'zone': ['UTC']}, {'tag': ['MeToo'], 'sel_bucket': ['2020-02-01']})
    """
    chosen = {key: list(values) for key, values in _chosen(selection).items()}
    if selection.buckets:
        chosen["zone"] = [selection.zone]
    record: dict[str, object] = {
        "reactions_version": version,
        "rows": shown,
        "of": total,
        "filters": filters_to_query(filters),
        "selection": {key: values for key, values in chosen.items() if values},
        "view": {**filters_to_query(filters), **selection_to_query(selection)},
        "description": provenance(filters, selection, shown=shown, total=total, version=version),
    }
    if exported_at is not None:
        record["exported_at"] = exported_at.astimezone(dt.UTC).isoformat(timespec="seconds")
    if corpus is not None:
        record["corpus"] = dict(corpus)
    return record


def export_name(
    filters: Filters, selection: Selection, *, scope: str, version: str, ext: str, scorer: str = DEFAULT_SCORER
) -> str:
    """A download file name that records the scope, the filters, the reactions version and the sentiment scorer
    with its thresholds, when it is not the default (VADER with the documented ±0.05).

    >>> export_name(Filters(hashtags=("MeToo",)), Selection(), scope="filtered", version="0.1.0", ext="csv")
    'reactions-0.1.0-filtered-tag-metoo.csv'
    >>> export_name(Filters(), Selection(), scope="all", version="0.1.0", ext="csv", scorer="vader-tweets")
    'reactions-0.1.0-vader-tweets-neg0.08-pos0.35-all.csv'
    """
    slug = ""
    if scope != "all":
        text = describe(filters, selection)
        slug = re.sub(r"[^a-z0-9]+", "-", text.casefold()).strip("-")[:60].strip("-")
    labels = "" if scorer == DEFAULT_SCORER else scorer_slug(scorer)
    stem = "-".join(p for p in ("reactions", version, labels, scope, slug) if p)
    return f"{stem}.{ext}"
