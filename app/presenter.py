"""How the page shows a view: its filter widgets, headline figures, table, downloads and a post in its article.

Part of the page, not of the library (``dashboard.py`` lays the page out with it; tests import it as
``app.presenter``).  Everything here is pure: values in, values out; it never imports streamlit.  The table is
shown a page at a time (:func:`page_of`, :func:`table_frame`); the downloads (:mod:`app.exports`) cover every
filtered row.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import altair as alt
import numpy as np
import pandas as pd

from app import languages as app_languages
from reactions.analysis import network
from reactions.analysis.aggregate import (
    Headline,
    compound_distribution,
    reactions_by_hashtag,
    reactions_by_platform,
    top_authors,
    top_emoji,
    top_mentions,
    top_outlets,
)
from reactions.analysis.index import Data, FrameIndex, Mask, author_labels, index_of, reaction_days
from reactions.analysis.timeline import BUCKETS, UTC, zone_names
from reactions.charts import core, palette
from reactions.models import SENTIMENT_LABELS, Article, FileOutcome, Status
from reactions.sentiment import NEGATIVE_THRESHOLD, POSITIVE_THRESHOLD
from reactions.table import whole_texts
from reactions.viewstate.fields import CONFIDENCE_HELP, FILTERS, RENDERINGS_HELP
from reactions.viewstate.links import parse_share
from reactions.viewstate.views import SORTS, Filters, Selection, select_rows

AUTO = "auto"
"""The time-bucket control's automatic choice."""


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



# --- the page: filter choices, figures and table pages ------------------------------------------


def filter_options(data: Data) -> dict[str, Any]:
    """The choices each filter widget offers, from the whole (unfiltered) frame: ``days`` (first and
    last day, or ``(None, None)``), ``tags`` and ``authors`` (most used first), ``sentiments``,
    ``kinds``, ``articles`` and ``platforms`` (sorted), ``outlets`` (most cited first)."""
    index = index_of(data)
    days = index.days.values
    present = {name: index.column(name) for name in ("kind", "platform", "rendering", "lang")}
    used = {name: sorted({str(v) for v in c.values[np.unique(c.codes[c.codes >= 0])]}) for name, c in present.items()}
    return {
        "days": (pd.Timestamp(days[0]).date(), pd.Timestamp(days[-1]).date()) if len(days) else (None, None),
        "tags": reactions_by_hashtag(index, top=10_000)["hashtag"].tolist(),
        "sentiments": list(SENTIMENT_LABELS),
        "kinds": used["kind"],
        "articles": sorted(index.sources.names),
        "outlets": top_outlets(index, top=10_000)["outlet"].tolist(),
        "authors": top_authors(index, top=10_000)["author"].tolist(),
        "platforms": used["platform"], "languages": used["lang"],
        "renderings": used["rendering"],
        "buckets": [AUTO, *BUCKETS],
        "zones": zone_names(),
    }


def widget_values(wanted: Filters, options: Mapping[str, Any]) -> dict[str, Any]:
    """What each filter widget starts with for ``wanted`` (a link's filters), by :class:`Filters`
    field: values the data does not offer are dropped, dates clamped into its range
    (``dates``: the (start, end) pair, or ``()`` when no reaction is dated).

    >>> options = {"days": (dt.date(2020, 2, 1), dt.date(2020, 2, 9)), "tags": ["MeToo"]}
    >>> values = widget_values(Filters(start=dt.date(2019, 1, 1), hashtags=("MeToo", "nope")), options)
    >>> values["dates"], values["hashtags"]
    ((datetime.date(2020, 2, 1), datetime.date(2020, 2, 9)), ['MeToo'])
    """
    first, last = options["days"]
    values: dict[str, Any] = {}
    for field in FILTERS:
        if field.name == "dates":
            values["dates"] = () if first is None else tuple(
                min(max(day, first), last) for day in (wanted.start or first, wanted.end or last))
        elif field.value == "items":
            values[field.name] = [v for v in getattr(wanted, field.name) if v in options.get(field.offered, ())]
        elif field.value in ("bucket", "zone"):
            values[field.name] = getattr(wanted, field.name) or (AUTO if field.value == "bucket" else UTC)
        else:
            values[field.name] = getattr(wanted, field.name)
    return values


def unmatched_values(wanted: Filters, options: Mapping[str, Any]) -> list[str]:
    """The values of a link's filters that this corpus does not offer, as URL ``key=value`` pairs (what
    :func:`widget_values` leaves out), so that the page can say so instead of dropping them silently.

    >>> unmatched_values(Filters(hashtags=("MeToo", "nope")), {"tags": ["MeToo"]})
    ['tag=nope']
    """
    return [
        f"{key}={value}"
        for field in FILTERS if field.value == "items"
        for key in field.keys
        for value in getattr(wanted, field.name)
        if value not in options.get(field.offered, ())
    ]


def follow_dates(
    chosen: Sequence[dt.date], old: tuple[dt.date, dt.date] | None, bounds: tuple[dt.date, dt.date]
) -> tuple[dt.date, ...] | None:
    """The date range to show when the data's range moves from ``old`` to ``bounds`` (an upload):
    a full-range choice stays full, another is clamped; ``None`` when nothing needs to change.

    >>> feb = (dt.date(2020, 2, 1), dt.date(2020, 2, 29))
    >>> follow_dates(feb, feb, (dt.date(2020, 1, 1), dt.date(2020, 2, 29)))
    (datetime.date(2020, 1, 1), datetime.date(2020, 2, 29))
    >>> follow_dates((dt.date(2020, 2, 3), dt.date(2020, 2, 9)), feb, (dt.date(2020, 2, 5), dt.date(2020, 3, 1)))
    (datetime.date(2020, 2, 5), datetime.date(2020, 2, 9))
    """
    if old is None or old == bounds:
        return None
    first, last = bounds
    if len(chosen) != 2 or tuple(chosen) == old:
        return bounds
    return min(max(chosen[0], first), last), max(min(chosen[1], last), first)


def _authors_help(unattributed: int) -> str:
    """What the authors figure counts, and how many quotes it leaves out."""
    counted = "Accounts of the embedded posts, and the people the quoted posts are given to"
    if not unattributed:
        return counted
    return f"{counted}; {unattributed:,} quoted post{'s' if unattributed != 1 else ''} with no known author left out"


def date_range(h: Headline) -> tuple[str, str]:
    """The date-range figure's label and value.

    >>> date_range(Headline(3, 2, 1, 0.5, 0.5, 0.0, 0.1, dt.date(2020, 2, 1), dt.date(2020, 3, 9), 0))
    ('Date range (2020)', 'Feb 1 – Mar 9')
    """
    if h.first_day is None or h.last_day is None:
        return "Date range", "no dates"
    if h.first_day == h.last_day:
        return "Date", f"{h.first_day:%b} {h.first_day.day}, {h.first_day.year}"
    if h.first_day.year == h.last_day.year:
        return (
            f"Date range ({h.first_day.year})",
            f"{h.first_day:%b} {h.first_day.day} – {h.last_day:%b} {h.last_day.day}",
        )
    return "Date range", f"{h.first_day:%b %Y} – {h.last_day:%b %Y}"


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the table.

    Fields:
        number: the page shown (from 1).
        count: how many pages there are (at least 1).
        start, stop: the rows shown, as a slice of the table's rows.
    """

    number: int
    count: int
    start: int
    stop: int

    @property
    def caption(self) -> str:
        """What the page shows, for a caption."""
        return f"Page {self.number:,} of {self.count:,}"


def sort_label(sort: str) -> str:
    """The words of a "Sort by" choice (:data:`reactions.viewstate.views.SORTS`; ``""``: corpus order)."""
    return SORTS.get(sort, "Corpus order")


def order_words(sort: str | None, descending: bool) -> str:
    """How the table's rows are ordered, for its caption.

    >>> order_words("", True), order_words("articles", True)
    ('in corpus order', 'by article count, descending')
    """
    if not sort:
        return "in corpus order"
    return f"by {sort_label(sort).lower()}, {'descending' if descending else 'ascending'}"


def page_of(rows: int, number: int, size: int) -> Page:
    """Page ``number`` (clamped to the pages there are) of ``rows`` table rows, ``size`` a page.

    >>> page_of(12, 2, 10)
    Page(number=2, count=2, start=10, stop=12)
    >>> page_of(12, 9, 10) == page_of(12, 2, 10), page_of(0, 1, 10)
    (True, Page(number=1, count=1, start=0, stop=0))
    """
    size = max(1, size)
    count = max(1, -(-rows // size))
    number = min(max(1, number), count)
    start = (number - 1) * size
    return Page(number, count, start, min(start + size, rows))


def filters_from_widgets(values: Mapping[str, Any], days: tuple[dt.date | None, dt.date | None]) -> Filters:
    """The :class:`Filters` the sidebar's widgets describe, by field (``dates``: the date input's
    value); a date range spanning all the ``days`` of the data filters nothing.

    >>> days = (dt.date(2020, 2, 1), dt.date(2020, 2, 9))
    >>> chosen = filters_from_widgets({"dates": (days[0], dt.date(2020, 2, 5)), "kinds": None, "text": " x "}, days)
    >>> chosen.start, chosen.end, chosen.kinds, chosen.text
    (None, datetime.date(2020, 2, 5), (), 'x')
    """
    dates = tuple(values.get("dates") or ())
    chosen: dict[str, Any] = {}
    for field in FILTERS:
        raw = values.get(field.name)
        if field.name == "dates":
            chosen["start"] = dates[0] if len(dates) == 2 and dates[0] != days[0] else None
            chosen["end"] = dates[1] if len(dates) == 2 and dates[1] != days[1] else None
        elif field.value in ("bucket", "zone"):
            chosen[field.name] = "" if raw in (None, AUTO if field.value == "bucket" else UTC) else str(raw)
        elif field.value == "items":
            chosen[field.name] = tuple(raw or ())
        elif field.value == "flag":
            chosen[field.name] = bool(raw)
        elif field.value == "text":
            chosen[field.name] = str(raw or "").strip()
        else:
            chosen[field.name] = parse_share(str(raw or 0))
    return Filters(**chosen)


@dataclass(frozen=True, slots=True)
class Figure:
    """One headline figure: its label, its value as shown, and a tooltip (``None`` for none)."""

    label: str
    value: str
    help: str | None = None


def headline_figures(h: Headline, total: int) -> list[Figure]:
    """The eight headline figures of ``h`` (``total``: reactions before filters), two rows of four."""
    compound = "–" if h.reactions == 0 else f"{h.mean_compound:+.2f}"
    return [
        Figure("Reactions", f"{h.reactions:,}", f"{total:,} in the corpus before filters and selection"),
        Figure("Unique authors", f"{h.authors:,}", _authors_help(h.unattributed)),
        Figure("Articles", f"{h.articles:,}", "Articles citing these reactions"),
        Figure(*date_range(h)),
        Figure("Positive", f"{h.positive:.0%}", app_languages.SHARE_HELP),
        Figure("Neutral", f"{h.neutral:.0%}", app_languages.SHARE_HELP),
        Figure("Negative", f"{h.negative:.0%}", app_languages.SHARE_HELP),
        Figure("Mean compound", compound, app_languages.MEAN_HELP),
    ]


NETWORK_NAMES = {"hashtags": "Hashtags used together", "mentions": "Who mentions whom"}
"""The network toggle's words for :data:`reactions.analysis.network.GRAPHS`."""
def network_of(
    index: FrameIndex, filtered: Mask, selection: Selection, kind: str, top: int, min_weight: int = 1
) -> network.Network:
    """The ``kind`` network of the ``filtered`` rows under the chart ``selection`` less its own field (the
    hashtag network ignores the clicked hashtags, the mention network the clicked accounts, as the hashtag
    chart does: a click keeps the rest of the network in sight)."""
    rows = select_rows(index, selection, skip="hashtags" if kind == "hashtags" else "accounts", within=filtered)
    return network.build_network(index, kind, mask=rows, top=top, min_weight=min_weight)


def network_caption(shown: network.Network) -> str:
    """What the network chart shows, its cap and how to use it."""
    if shown.kind == "hashtags":
        what = "Hashtags carried by the same reactions: a line's width is how many reactions carry both"
        click = "click a hashtag to filter the page to it"
    else:
        what = "Authors and the accounts they mention: a line runs from the author, its width the reactions"
        click = "click an account to filter the page to the reactions by or mentioning it"
    return f"{what}; circles sized by reactions, coloured by mean compound. Showing {shown.cap}; {click}."


def label_lines(reaction: pd.Series) -> list[str]:
    """What the relabel panel says about a reaction (a row of the frame): its label and score, why,
    and the articles citing it when more than one does."""
    lines = [app_languages.label_line(reaction)]  # "not scored" when its language has no scorer
    if isinstance(reaction["drivers"], str) and reaction["drivers"]:
        lines.append(f"Why: {app_languages.why(reaction)}")
    if len(reaction["sources"]) > 1:
        lines.append("Cited by: " + ", ".join(reaction["sources"]))
    return lines


def article_rows(article: Article, chosen: str) -> pd.DataFrame:
    """Every reaction ``article`` cites, in order, the one with id ``chosen`` marked."""
    return pd.DataFrame([
        {"#": i, "this": r.id == chosen, "author": f"@{r.handle}" if r.handle else r.display_name,
         "post": r.whole_text}
        for i, r in enumerate(article.reactions, start=1)
    ], columns=["#", "this", "author", "post"])  # fmt: skip


def outcome_rows(outcomes: Iterable[FileOutcome]) -> pd.DataFrame:
    """Per document read: its file, the article it was read as (a dataset's row, an archive's record), parsed or
    skipped, reactions, warnings, why."""
    return pd.DataFrame([
        {"file": o.path, "article": o.source or "", "status": str(o.status), "reactions": o.reactions,
         "warnings": list(o.warnings), "reason": o.reason or ""} for o in outcomes
    ], columns=["file", "article", "status", "reactions", "warnings", "reason"])  # fmt: skip


def corpus_stamp(
    path: str, fingerprint: str, outcomes: Iterable[FileOutcome], columns: Mapping[str, str] | None = None
) -> dict[str, object]:
    """What an export's provenance says of its corpus: the path the page was opened on, the dataset columns it
    was told to read (``{"id": "news_id"}``), a fingerprint of its files (their paths, sizes and modification
    times, and the uploads': it changes when any of them does), and what was read from each source."""
    return {"path": path, "columns": dict(columns or {}), "fingerprint": fingerprint,
            "sources": source_rows(outcomes).to_dict("records")}  # fmt: skip


def source_rows(outcomes: Iterable[FileOutcome]) -> pd.DataFrame:
    """Per source (a file, a dataset, a web archive), in reading order: the articles read from it, the items
    skipped, the reactions found and the warnings given."""
    totals: dict[str, list[int]] = {}
    for o in outcomes:
        row = totals.setdefault(o.path, [0, 0, 0, 0])
        row[0 if o.status is Status.PARSED else 1] += 1
        row[2] += o.reactions
        row[3] += len(o.warnings)
    return pd.DataFrame(
        [[path, *counts] for path, counts in totals.items()],
        columns=["source", "articles read", "skipped", "reactions", "warnings"],
    )


SUMMARY_TITLES: dict[str, str] = {"compound": "Compound scores", "authors": "Top authors", "mentions": "Most mentioned",
                                  "emoji": "Top emoji", "platforms": "Platforms"}  # fmt: skip
"""The summary tabs that draw a chart (:data:`reactions.viewstate.links.SUMMARY_TABS` names them in a URL) and
their titles."""


def summary_chart(data: Data, tab: str, mask: Mask | None = None) -> tuple[alt.TopLevelMixin, pd.DataFrame, str]:
    """The summary tab ``tab`` (a key of :data:`SUMMARY_TITLES`) of the rows in ``mask``: its chart, the aggregated
    rows it draws, and what to say instead when there are none."""
    chart, aggregate, empty = {
        "compound": (core.compound_chart, compound_distribution, "No scores."),
        "authors": (core.authors_chart, top_authors, "No authors."),
        "mentions": (core.mentions_chart, top_mentions, "No @mentions in these reactions."),
        "emoji": (core.emoji_chart, top_emoji, "No emoji in these reactions."),
        "platforms": (core.platform_chart, reactions_by_platform, "No reactions."),
    }[tab]
    rows = aggregate(index_of(data), mask=mask)
    return chart(rows), rows, empty


TABLE_COLUMNS: dict[str, tuple[str, dict[str, Any]]] = {
    "day": ("DateColumn", {"label": "Day", "format": "YYYY-MM-DD", "width": "small"}),
    "author": ("TextColumn", {"label": "Author"}),
    "outlet": ("TextColumn", {"label": "Outlet", "width": "small",
                              "help": "The outlet (registered domain) of the first article citing the post"}),
    "text": ("TextColumn", {"label": "Post", "width": "large",
                            "help": "The whole post: for a post the article quotes in pieces, every piece in order"}),
    "sentiment": ("TextColumn", {"label": "Sentiment", "width": "small"}),
    "compound": ("NumberColumn", {"label": "Compound", "format": "%+.3f", "width": "small",
                                  "help": "VADER compound score, −1 (negative) to +1 (positive)"}),
    "overridden": ("CheckboxColumn", {"label": "Relabelled", "width": "small", "help": "Label set by an analyst"}),
    "drivers": ("TextColumn", {"label": "Why", "help": "The words that moved the score most (VADER valence)"}),
    "hashtags": ("ListColumn", {"label": "Hashtags"}),
    "mentions": ("ListColumn", {"label": "Mentions"}),
    "emoji": ("ListColumn", {"label": "Emoji", "width": "small"}),
    "kind": ("TextColumn", {"label": "Kind", "width": "small"}),
    "platform": ("TextColumn", {"label": "Platform", "width": "small"}),
    "rendering": ("TextColumn", {"label": "Found as", "width": "small", "help": RENDERINGS_HELP}),
    "confidence": ("NumberColumn", {"label": "Confidence", "format": "%.2f", "width": "small",
                                    "help": CONFIDENCE_HELP}),
    "articles": ("ListColumn", {"label": "Articles"}),
    "outlets": ("ListColumn", {"label": "Outlets", "help": "Every outlet citing the post, once each"}),
    "media": ("LinkColumn", {"label": "Media", "display_text": "open media", "width": "small"}),
    "url": ("LinkColumn", {"label": "Link", "display_text": "open post", "width": "small"}),
    "id": ("TextColumn", {"label": "Id", "width": "small"}),
}  # fmt: skip
"""Each column of :func:`table_frame`: the ``st.column_config`` type that shows it and its options
(the page builds them; this module never imports streamlit)."""


def whole_posts(frame: pd.DataFrame) -> pd.Series:
    """Each row's whole post (:func:`reactions.table.whole_texts`): its ``text``, then the later pieces of a post the
    article quoted in pieces (``continued``), as plain strings for the table's Post column."""
    columns = {name: frame[name].astype("object").tolist() for name in ("text", "continued") if name in frame.columns}
    return pd.Series(whole_texts(columns), index=frame.index, dtype="object")


def table_frame(frame: pd.DataFrame) -> pd.DataFrame:
    """The table the page shows: one row per reaction, readable columns, ``id`` kept last."""
    first_media = [_media_url(items[0]) if len(items) else None for items in frame["media"]]
    links = [_web_link(link) for link in frame["url"].astype("object")]
    return pd.DataFrame(
        {
            "day": reaction_days(frame),
            "text": whole_posts(frame),  # second: on a phone the post is on the first screen
            "author": author_labels(frame),
            "outlet": frame["outlet"].astype("object") if "outlet" in frame.columns else None,
            "sentiment": frame["sentiment"].astype("object"),
            "compound": frame["compound"].astype("float64"),
            "overridden": frame["overridden"].astype(bool),
            "drivers": frame["drivers"].astype("object"),
            "hashtags": frame["hashtags"],
            "mentions": frame["mentions"],
            "emoji": frame["emoji"],
            "kind": frame["kind"].astype("object"),
            "platform": frame["platform"].astype("object"),
            "rendering": frame["rendering"].astype("object"),
            "confidence": frame["confidence"].astype("float64"),
            "articles": frame["sources"],
            "outlets": frame["outlets"] if "outlets" in frame.columns else [[] for _ in range(len(frame))],
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
    """CSS for a compound score in the table: its VADER label's hue, in the darker shade text needs for WCAG AA
    (:data:`reactions.charts.palette.SENTIMENT_TEXT`; none for neutral scores and NaN)."""
    if value >= POSITIVE_THRESHOLD:
        return f"color: {palette.SENTIMENT_TEXT['positive']}; font-weight: 600"
    if value <= NEGATIVE_THRESHOLD:
        return f"color: {palette.SENTIMENT_TEXT['negative']}; font-weight: 600"
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
