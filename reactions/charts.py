"""Aggregated rows -> Altair charts.  Never imports streamlit.

Every function takes the small frame one aggregation of :mod:`reactions.frames` returns (never
raw reactions) and returns an Altair chart with a tooltip on every mark.  Sentiment labels are
always drawn with :data:`SENTIMENT_COLORS`, and mean compound scores with the matching
red-to-blue scale (:func:`compound_color`), so a colour means the same thing in every chart.

Three charts carry a named point selection, which the page reads back to filter the others:
``bucket`` (the time chart, :func:`reactions.charts_time.time_chart`: a time bucket's name), ``hashtag``
(:func:`hashtag_chart`) and ``sentiment``
(:func:`sentiment_chart`); see :data:`SELECTIONS`.
"""

from __future__ import annotations

from typing import Any, Final

import altair as alt
import emoji as emoji_package
import pandas as pd

from reactions.models import SENTIMENT_LABELS

SENTIMENT_COLORS: Final[dict[str, str]] = {
    "negative": "#d6604d",
    "neutral": "#a5a5a5",
    "positive": "#4393c3",
}
"""One colour per sentiment label (ColorBrewer RdBu ends, grey between), in every chart."""

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


PLATFORM_COLORS: Final = {
    "twitter": "#1d9bf0",
    "instagram": "#c13584",
    "bluesky": "#0085ff",
    "mastodon": "#6364ff",
    "threads": "#444444",
    "tiktok": "#25a5a5",
    "youtube": "#ff0000",
    "unknown": "#9e9e9e",
}
"""One colour per platform, the same in every chart (close to each network's own)."""


def platform_color(field: str = "platform") -> alt.Color:
    """The colour encoding of a platform, the same in every chart."""
    return alt.Color(
        f"{field}:N",
        title="Platform",
        scale=alt.Scale(domain=list(PLATFORM_COLORS), range=list(PLATFORM_COLORS.values())),
        legend=None,
    )


def compound_color(field: str = "mean_compound") -> alt.Color:
    """The colour encoding of a compound score: red (-1) through light (0) to blue (+1)."""
    return alt.Color(
        f"{field}:Q",
        title="Mean compound",
        scale=alt.Scale(scheme="redblue", domain=[-1, 1], domainMid=0),
        legend=alt.Legend(orient="top", gradientLength=140, format=COMPOUND_FORMAT),
    )


def _point(name: str) -> alt.Parameter:
    return alt.selection_point(name=name, fields=[SELECTIONS[name]], on="click", clear="dblclick")


def _highlight(param: alt.Parameter) -> Any:
    return alt.condition(param, alt.value(1.0), alt.value(UNSELECTED_OPACITY))


def _compound_tip(field: str = "mean_compound", title: str = "Mean compound") -> alt.Tooltip:
    return alt.Tooltip(f"{field}:Q", title=title, format=COMPOUND_FORMAT)


def sentiment_chart(rows: pd.DataFrame) -> alt.Chart:
    """Reactions per sentiment label, from :func:`reactions.aggregate.sentiment_mix`.

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
    return chart


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
    :func:`reactions.aggregate.reactions_by_hashtag`.  Selection: ``hashtag``."""
    hashtag = _point("hashtag")
    chart: alt.Chart = _ranked(
        rows, "hashtag", "Hashtag", "Top hashtags by reactions, coloured by mean compound"
    ).encode(opacity=_highlight(hashtag))
    return chart.add_params(hashtag)


def authors_chart(rows: pd.DataFrame) -> alt.Chart:
    """Top authors, from :func:`reactions.aggregate.top_authors`."""
    return _ranked(rows, "author", "Author", "Top authors by reactions, coloured by mean compound")


def mentions_chart(rows: pd.DataFrame) -> alt.Chart:
    """Most-mentioned handles, from :func:`reactions.aggregate.top_mentions`."""
    return _ranked(rows, "handle", "Mentioned", "Most-mentioned handles, coloured by mean compound")


def platform_chart(rows: pd.DataFrame) -> alt.Chart:
    """Reactions per platform in each platform's colour, from :func:`reactions.aggregate.reactions_by_platform`."""
    chart: alt.Chart = _ranked(rows, "platform", "Platform", "Reactions per platform").encode(color=platform_color())
    return chart


def emoji_chart(rows: pd.DataFrame) -> alt.Chart:
    """Top emoji, each with its name beside it (``😂 face with tears of joy``: a screen reader, or a font without
    the glyph, still says which), from :func:`reactions.aggregate.top_emoji`."""
    named = rows.assign(label=[f"{e} {emoji_name(e)}" for e in rows["emoji"]])
    return _ranked(named, "label", "Emoji", "Top emoji by reactions using them, coloured by mean compound")


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
    :func:`reactions.aggregate.compound_distribution`."""
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
    return chart
