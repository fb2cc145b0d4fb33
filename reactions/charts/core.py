"""Aggregated rows -> Altair charts.  Never imports streamlit.

Every function takes the small frame one aggregation of :mod:`reactions.frames` returns (never
raw reactions) and returns an Altair chart with a tooltip on every mark (each entry titled in words) and a
description (its accessible name).  Sentiment labels are always drawn with :data:`SENTIMENT_COLORS`, and mean
compound scores with the matching red-to-blue scale (:func:`compound_color`), so a colour means the same thing in
every chart; every colour, and what it means, is :mod:`reactions.charts.palette`'s, and :func:`themed` sets every
chart's text colours (WCAG AA on the page's background).

Three charts carry a named point selection, which the page reads back to filter the others:
``bucket`` (the time chart, :func:`reactions.charts.time.time_chart`: a time bucket's name), ``hashtag``
(:func:`hashtag_chart`) and ``sentiment``
(:func:`sentiment_chart`); see :data:`SELECTIONS`.
"""

from __future__ import annotations

from typing import Any, Final, TypeVar

import altair as alt
import emoji as emoji_package
import pandas as pd

from reactions.charts import palette
from reactions.models import SENTIMENT_LABELS

SENTIMENT_COLORS: Final = palette.SENTIMENT_COLORS
"""One colour per sentiment label (ColorBrewer RdBu ends, grey between), in every chart."""

Themeable = TypeVar("Themeable", alt.Chart, alt.LayerChart)

SELECTIONS: Final[dict[str, str]] = {"bucket": "bucket", "hashtag": "hashtag", "sentiment": "sentiment"}
"""Selection parameter name -> the field it selects, for the three linked charts."""

UNSELECTED_OPACITY: Final = 0.3
COMPOUND_FORMAT: Final = "+.2f"
HEIGHT: Final = 260
EMBED: Final = {"embedOptions": {"renderer": "svg"}}
"""``usermeta`` of every chart: vega-embed draws SVG (crisp, and each mark is an element with an
``aria-label``, which the browser test clicks)."""
ROW_STEP: Final = 28
"""Height of one band in the ranked charts and the heat map.  A step (not a fixed height) makes the
chart grow with its rows; Streamlit takes a top legend out of a fixed height, which can crush it."""


def sentiment_color(field: str = "sentiment", *, legend: bool = True) -> alt.Color:
    """The colour encoding of a sentiment label, the same in every chart."""
    return alt.Color(
        f"{field}:N",
        title="Sentiment",
        scale=alt.Scale(domain=list(SENTIMENT_LABELS), range=[SENTIMENT_COLORS[s] for s in SENTIMENT_LABELS]),
        legend=alt.Legend(orient="top", title=None) if legend else None,
    )


def compound_color(field: str = "mean_compound") -> alt.Color:
    """The colour encoding of a compound score: red (-1) through light (0) to blue (+1)."""
    return alt.Color(
        f"{field}:Q",
        title="Mean compound",
        scale=alt.Scale(domain=list(palette.COMPOUND_DOMAIN), range=list(palette.COMPOUND_RANGE)),
        legend=alt.Legend(orient="top", gradientLength=140, format=COMPOUND_FORMAT),
    )


def themed(chart: Themeable) -> Themeable:
    """``chart`` with :func:`reactions.charts.palette.chart_config`: its text colours and background set, and no tooltip
    on a mark that does not list its own (call it last: a configured chart cannot be layered)."""
    configured: Themeable = chart.configure(**palette.chart_config())
    return configured


def _point(name: str) -> alt.Parameter:
    return alt.selection_point(name=name, fields=[SELECTIONS[name]], on="click", clear="dblclick")


def _highlight(param: alt.Parameter) -> Any:
    return alt.condition(param, alt.value(1.0), alt.value(UNSELECTED_OPACITY))


def _compound_tip(field: str = "mean_compound", title: str = "Mean compound") -> alt.Tooltip:
    return alt.Tooltip(f"{field}:Q", title=title, format=COMPOUND_FORMAT)


def sentiment_chart(rows: pd.DataFrame) -> alt.Chart:
    """Reactions per sentiment label, from :func:`reactions.analysis.aggregate.sentiment_mix`.

    Selection: ``sentiment``."""
    sentiment = _point("sentiment")
    chart: alt.Chart = (
        alt.Chart(rows)
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=alt.Y("sentiment:N", title=None, sort=list(SENTIMENT_LABELS)),
            x=alt.X("reactions:Q", title="Reactions", axis=alt.Axis(tickMinStep=1)),
            color=sentiment_color(legend=False),
            opacity=_highlight(sentiment),
            tooltip=[
                alt.Tooltip("sentiment:N", title="Sentiment"),
                alt.Tooltip("reactions:Q", title="Reactions"),
                alt.Tooltip("share:Q", title="Share", format=".0%"),
                _compound_tip(),
            ],
        )
        .add_params(sentiment)
        .properties(height=HEIGHT, usermeta=EMBED, description="Reactions per sentiment label")
    )
    return themed(chart)


def _ranked(rows: pd.DataFrame, field: str, title: str, description: str) -> alt.Chart:
    """Horizontal bars of a ranked aggregate (``field``, ``reactions``, ``mean_compound``)."""
    chart: alt.Chart = (
        alt.Chart(rows)
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=alt.Y(f"{field}:N", title=None, sort="-x", axis=alt.Axis(labelLimit=220)),
            x=alt.X("reactions:Q", title="Reactions", axis=alt.Axis(tickMinStep=1)),
            color=compound_color(),
            tooltip=[
                alt.Tooltip(f"{field}:N", title=title),
                alt.Tooltip("reactions:Q", title="Reactions"),
                _compound_tip(),
            ],
        )
        .properties(height=alt.Step(ROW_STEP), usermeta=EMBED, description=description)
    )
    return chart


def hashtag_chart(rows: pd.DataFrame) -> alt.Chart:
    """The top hashtags coloured by mean compound, from
    :func:`reactions.analysis.aggregate.reactions_by_hashtag`.  Selection: ``hashtag``."""
    hashtag = _point("hashtag")
    chart: alt.Chart = _ranked(
        rows, "hashtag", "Hashtag", "Top hashtags by reactions, coloured by mean compound"
    ).encode(opacity=_highlight(hashtag))
    return themed(chart.add_params(hashtag))


def authors_chart(rows: pd.DataFrame) -> alt.Chart:
    """Top authors, from :func:`reactions.analysis.aggregate.top_authors`."""
    return themed(_ranked(rows, "author", "Author", "Top authors by reactions, coloured by mean compound"))


def mentions_chart(rows: pd.DataFrame) -> alt.Chart:
    """Most-mentioned handles, from :func:`reactions.analysis.aggregate.top_mentions`."""
    return themed(_ranked(rows, "handle", "Mentioned", "Most-mentioned handles, coloured by mean compound"))


def platform_chart(rows: pd.DataFrame) -> alt.Chart:
    """Reactions per platform coloured by mean compound, as every ranked chart is (a platform has no colour of its
    own: its name is on the axis, and a hue means one thing only), from
    :func:`reactions.analysis.aggregate.reactions_by_platform`."""
    return themed(_ranked(rows, "platform", "Platform", "Reactions per platform, coloured by mean compound"))


def emoji_chart(rows: pd.DataFrame) -> alt.Chart:
    """Top emoji, each with its name beside it (``😂 face with tears of joy``: a screen reader, or a font without
    the glyph, still says which), from :func:`reactions.analysis.aggregate.top_emoji`."""
    named = rows.assign(label=[f"{e} {emoji_name(e)}" for e in rows["emoji"]])
    return themed(_ranked(named, "label", "Emoji", "Top emoji by reactions using them, coloured by mean compound"))


def emoji_name(symbol: str) -> str:
    """An emoji's CLDR short name (``"face with tears of joy"``), from the ``emoji`` package; ``""`` if unknown.

    >>> emoji_name("😂"), emoji_name("🇫🇷"), emoji_name("x")
    ('face with tears of joy', 'France', '')
    """
    name = emoji_package.demojize(symbol, delimiters=("\0", "\0"))
    if not name.startswith("\0") or name.count("\0") != 2:
        return ""
    return name.strip("\0").replace("_", " ")


def compound_chart(rows: pd.DataFrame) -> alt.Chart:
    """The distribution of compound scores over [-1, 1], stacked by sentiment label, from
    :func:`reactions.analysis.aggregate.compound_distribution`."""
    chart: alt.Chart = (
        alt.Chart(rows)
        .mark_bar(binSpacing=1)
        .encode(
            x=alt.X(
                "bin_start:Q",
                bin="binned",
                title="Compound score",
                scale=alt.Scale(domain=[-1, 1]),
                axis=alt.Axis(format="+.1f"),
            ),
            x2="bin_end:Q",
            y=alt.Y("reactions:Q", stack="zero", title="Reactions", axis=alt.Axis(tickMinStep=1)),
            color=sentiment_color(),
            tooltip=[
                alt.Tooltip("bin_start:Q", title="From", format=COMPOUND_FORMAT),
                alt.Tooltip("bin_end:Q", title="To", format=COMPOUND_FORMAT),
                alt.Tooltip("sentiment:N", title="Sentiment"),
                alt.Tooltip("reactions:Q", title="Reactions"),
            ],
        )
        .properties(
            height=HEIGHT,
            usermeta=EMBED,
            description="Distribution of compound scores from -1 to +1, stacked by sentiment",
        )
    )
    return themed(chart)
