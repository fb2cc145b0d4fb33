"""Two views side by side as Altair charts, from the tables of a :class:`reactions.analysis.compare.Comparison`.  Never
imports streamlit.

The two sides have colours of their own, :data:`SIDE_COLORS` (Okabe and Ito's orange and bluish green: told apart
with every common colour-vision deficiency), which no other chart uses: red and blue mean negative and positive
(:data:`reactions.charts.core.SENTIMENT_COLORS`), so a side is never drawn in them.  Side B's line is also dashed, so
that the sides differ in more than colour.  Sentiment shares keep the sentiment colours; every mark has a tooltip.
"""

from __future__ import annotations

from typing import Final

import altair as alt
import pandas as pd

from reactions.analysis.compare import SIDES
from reactions.charts import palette
from reactions.charts.core import COMPOUND_FORMAT, EMBED, HEIGHT, ROW_STEP, sentiment_color, themed
from reactions.models import SENTIMENT_LABELS

SIDE_COLORS: Final = palette.SIDE_COLORS
"""Side A's colour, side B's (Okabe–Ito orange, bluish green)."""
SIDE_DASHES: Final = ((1, 0), (6, 3))
"""Side A's line solid, side B's dashed."""
MEASURES: Final = {"reactions": "Reactions", "share": "Share of the side's reactions"}
"""What the volume chart can draw on its y axis, and its title."""


def side_color(sides: tuple[str, str] = SIDES, symbol: str = "square") -> alt.Color:
    """The colour encoding of the two sides, the same in every comparison chart (``symbol``: the legend's,
    ``"stroke"`` for lines, so that B's shows its dashes)."""
    return alt.Color(
        "side:N", title="Side", scale=alt.Scale(domain=list(sides), range=list(SIDE_COLORS)),
        legend=alt.Legend(orient="top", title=None, labelLimit=360, symbolType=symbol, symbolStrokeWidth=2),
    )  # fmt: skip


def _tips(first: list[alt.Tooltip]) -> list[alt.Tooltip]:
    return [
        *first,
        alt.Tooltip("side:N", title="Side"),
        alt.Tooltip("reactions:Q", title="Reactions"),
        alt.Tooltip("share:Q", title="Share of the side", format=".1%"),
        alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT),
    ]


DAILY_TICKS_DAYS: Final = 14
"""Up to this many days between the first and the last, every day gets a tick."""


def _day_axis(rows: pd.DataFrame) -> alt.X:
    """Days on a UTC time axis, the year on every label; over a short range (:data:`DAILY_TICKS_DAYS`) a tick a
    day."""
    days = pd.to_datetime(rows["day"]) if len(rows) else pd.Series(dtype="datetime64[ns]")
    short = len(days) > 0 and (days.max() - days.min()).days <= DAILY_TICKS_DAYS
    ticks = alt.TimeIntervalStep(interval="day", step=1) if short else alt.Undefined
    axis = alt.Axis(format="%-d %b %Y", labelAngle=0, tickCount=ticks)
    return alt.X("day:T", timeUnit="utcyearmonthdate", title=None, axis=axis)


def volume_chart(
    rows: pd.DataFrame, sides: tuple[str, str] = SIDES, measure: str = "reactions", bucket: str = "day"
) -> alt.Chart:
    """Each side's reactions per ``bucket`` (``measure``: ``"reactions"``, or ``"share"`` of the side's dated
    reactions, for sides of different sizes), one line a side, from :attr:`Comparison.volume` (in other buckets
    than days: :func:`reactions.analysis.compare.volume_by_bucket`, each row named by its bucket's first day)."""
    unit = bucket if bucket in ("week", "month", "quarter") else "day"
    first = "Day" if unit == "day" else f"{unit.capitalize()} from"
    axis = alt.Axis(format=".0%") if measure == "share" else alt.Axis(tickMinStep=1)
    chart: alt.Chart = (
        alt.Chart(rows)
        .mark_line(point=alt.OverlayMarkDef(size=36, filled=True), strokeWidth=2)
        .encode(
            x=_day_axis(rows),
            y=alt.Y(f"{measure}:Q", title=MEASURES.get(measure, measure), axis=axis),
            color=side_color(sides, "stroke"),
            strokeDash=alt.StrokeDash(
                "side:N", scale=alt.Scale(domain=list(sides), range=list(SIDE_DASHES)), legend=None
            ),
            tooltip=_tips([alt.Tooltip("day:T", timeUnit="utcyearmonthdate", title=first, format="%Y-%m-%d")]),
        )
        .properties(height=HEIGHT, usermeta=EMBED,
                    description=f"Reactions per {unit} of side A and side B, one line each")
    )
    return themed(chart)


def sentiment_shares_chart(rows: pd.DataFrame, sides: tuple[str, str] = SIDES) -> alt.Chart:
    """Each side's sentiment shares as one bar of 100%, the two bars one above the other, in the sentiment
    colours, from :attr:`Comparison.sentiment`."""
    chart: alt.Chart = (
        alt.Chart(rows)
        .transform_calculate(order=f"indexof({list(SENTIMENT_LABELS)}, datum.sentiment)")
        .mark_bar(height=alt.RelativeBandSize(0.7))
        .encode(
            y=alt.Y("side:N", title=None, sort=list(sides), axis=alt.Axis(labelLimit=220)),
            x=alt.X(
                "share:Q", stack="zero", title="Share of the side's reactions", axis=alt.Axis(format=".0%"),
                scale=alt.Scale(domain=[0, 1]),
            ),
            color=sentiment_color(),
            order=alt.Order("order:Q"),
            tooltip=_tips([alt.Tooltip("sentiment:N", title="Sentiment")]),
        )
        .properties(
            height=alt.Step(ROW_STEP * 2), usermeta=EMBED,
            description="The share of negative, neutral and positive reactions of side A and side B",
        )
    )
    return themed(chart)


def hashtags_chart(rows: pd.DataFrame, sides: tuple[str, str] = SIDES) -> alt.Chart:
    """Each hashtag's share of each side's reactions, the two sides' bars side by side (in the sides'
    colours), in the order of :attr:`Comparison.hashtags` (most shared first)."""
    order = list(dict.fromkeys(rows["hashtag"].astype(str))) if len(rows) else []
    chart: alt.Chart = (
        alt.Chart(rows)
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=alt.Y("hashtag:N", title=None, sort=order, axis=alt.Axis(labelLimit=220)),
            yOffset=alt.YOffset("side:N", sort=list(sides)),
            x=alt.X("share:Q", title="Share of the side's reactions", axis=alt.Axis(format=".0%")),
            color=side_color(sides),
            tooltip=_tips([alt.Tooltip("hashtag:N", title="Hashtag")]),
        )
        .properties(
            height=alt.Step(ROW_STEP / 2), usermeta=EMBED,
            description="Top hashtags of side A and side B: each hashtag's share of each side's reactions",
        )
    )
    return themed(chart)
