"""A view in words: the URL query of its filters (so that a view travels as a link), the problems of a link that
does not apply, a one-line description of filters and chart selection, and the provenance and file names of its
exports.  Pure, like :mod:`reactions.views`, whose :class:`~reactions.views.Filters` and
:class:`~reactions.views.Selection` it writes and reads.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import math
import re
from collections.abc import Mapping, Sequence
from typing import Final

from reactions.timeline import BUCKETS, UTC, valid_zone
from reactions.views import Filters, Selection

QUERY_KEYS = {
    "start": "from",
    "end": "to",
    "hashtags": "tag",
    "sentiments": "sentiment",
    "kinds": "kind",
    "articles": "article",
    "outlets": "outlet",
    "authors": "author",
    "platforms": "platform",
    "renderings": "rendering",
    "min_confidence": "confidence",
    "text": "q",
    "bucket": "bucket",
    "zone": "tz",
}
"""Filters field -> URL query parameter name."""
NOTHING_SELECTED: Final = Selection()
"""No chart selection."""


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
        elif isinstance(value, float) and value > 0:
            query[QUERY_KEYS[field.name]] = [f"{value:g}"]
        elif isinstance(value, str) and value:
            query[QUERY_KEYS[field.name]] = [value]
    return query


def filters_from_query(query: Mapping[str, str | Sequence[str]]) -> Filters:
    """The filters described by URL query parameters; unknown keys and bad dates are ignored.

    >>> filters_from_query({"tag": ["MeToo", "TimesUp"], "from": "2020-02-01", "to": "nope"})
    Filters(start=datetime.date(2020, 2, 1), end=None, hashtags=('MeToo', 'TimesUp'), \
sentiments=(), kinds=(), articles=(), outlets=(), authors=(), platforms=(), renderings=(), min_confidence=0.0, \
text='', bucket='', zone='')
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
        elif name in ("bucket", "zone"):
            values[name] = items[0] if _known(name, items[0]) else ""
        elif name == "min_confidence":
            values[name] = parse_share(items[0])
        else:
            values[name] = tuple(dict.fromkeys(items))
    return Filters(**values)  # type: ignore[arg-type]


def query_problems(query: Mapping[str, str | Sequence[str]]) -> list[str]:
    """The URL query values :func:`filters_from_query` cannot read, as ``key=value`` (a date that is not
    ``YYYY-MM-DD``, a confidence that is not a number from 0 to 1), so that a page can say what it left out.

    >>> query_problems({"from": "yesterday", "to": "2020-02-03", "confidence": "high", "tag": "x", "tz": "Mars/X"})
    ['from=yesterday', 'confidence=high', 'tz=Mars/X']
    """
    problems = []
    for name in ("start", "end", "min_confidence", "bucket", "zone"):
        raw = query.get(QUERY_KEYS[name])
        items = [raw] if isinstance(raw, str) else list(raw or ())
        for item in items[:1]:
            if not item:
                continue
            if name in ("bucket", "zone"):
                ok = _known(name, item)
            elif name == "min_confidence":
                try:
                    ok = 0.0 <= float(item) <= 1.0
                except ValueError:
                    ok = False
            else:
                ok = _parse_day(item) is not None
            if not ok:
                problems.append(f"{QUERY_KEYS[name]}={item}")
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
    filters: Filters, selection: Selection, *, shown: int, total: int, version: str
) -> dict[str, object]:
    """The sidecar of an export, as JSON-ready data: version, counts, filters (as URL query
    parameters) and chart selection, in full (a file name has room for only part of them).

    >>> provenance_record(Filters(hashtags=("MeToo",)), Selection(buckets=("2020-02-01",)), shown=3, total=12,
    ...                   version="0.1.0")["selection"]
    {'day': ['2020-02-01'], 'zone': ['UTC']}
    """
    chosen = {key: list(values) for key, values in _chosen(selection).items()}
    if selection.buckets:
        chosen["zone"] = [selection.zone]
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
