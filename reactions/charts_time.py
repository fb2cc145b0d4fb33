"""The time charts: reactions per time bucket with their spikes and mean compound, and hashtags per bucket.
Never imports streamlit.

Buckets are drawn on a UTC time scale from their ``start`` to their ``end`` (a bucket's wall-clock time in the
chosen zone, sent as ``…Z`` so that every browser places it the same), so a bar is as wide as its bucket; an
invisible full-height rectangle per bucket, empty ones included, carries the ``bucket`` selection and the
bucket's tooltip, so that every bucket can be clicked however thin its bars.  The axis always shows the year.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import altair as alt
import pandas as pd

from reactions.charts import (
    COMPOUND_FORMAT,
    EMBED,
    HEIGHT,
    ROW_STEP,
    SELECTIONS,
    UNSELECTED_OPACITY,
    sentiment_color,
)
from reactions.models import SENTIMENT_LABELS

COMPOUND_HEIGHT: Final = 90
"""Height of the mean-compound panel under the volume bars."""
SPIKE_COLOR: Final = "#e8a33d"
_TIME_LABEL: Final = {"hour": "%-d %b %Y %H:00", "day": "%-d %b %Y", "week": "week of %-d %b %Y",
                      "month": "%b %Y", "quarter": "Q{q} %Y"}  # fmt: skip
_ISO: Final = "%Y-%m-%dT%H:%M:%SZ"


def bucket_label(starts: pd.Series, bucket: str) -> list[str]:
    """How a tooltip names each bucket (``week of 3 Feb 2020``, ``Q2 2020``).

    >>> bucket_label(pd.Series(pd.to_datetime(["2020-04-01"])), "quarter"), bucket_label(
    ...     pd.Series(pd.to_datetime(["2020-02-03"])), "week")
    (['Q2 2020'], ['week of 3 Feb 2020'])
    """
    times = pd.DatetimeIndex(starts)
    if bucket == "quarter":
        return [f"Q{t.quarter} {t.year}" for t in times]
    return [t.strftime(_TIME_LABEL[bucket].replace("%-d", str(t.day))) for t in times]


def axis_format(rows: pd.DataFrame) -> str:
    """The time axis' label format: always with the year; days while the span is under about a year."""
    if rows.empty:
        return "%-d %b %Y"
    span = pd.Timestamp(rows["end"].max()) - pd.Timestamp(rows["start"].min())
    if span <= pd.Timedelta(days=4):
        return "%-d %b %Y %H:%M"
    return "%-d %b %Y" if span <= pd.Timedelta(days=300) else "%b %Y"


def _for_chart(rows: pd.DataFrame, bucket: str) -> pd.DataFrame:
    """``rows`` with ``start``/``end`` as UTC ISO strings and a ``label`` for tooltips."""
    if rows.empty:
        return rows.assign(label=pd.Series(dtype=object))
    start, end = pd.DatetimeIndex(rows["start"]), pd.DatetimeIndex(rows["end"])
    return rows.assign(start=start.strftime(_ISO), end=end.strftime(_ISO), label=bucket_label(rows["start"], bucket))


def _x(rows: pd.DataFrame, *, axis: bool = True) -> dict[str, Any]:
    shown = alt.Axis(format=axis_format(rows), labelAngle=0, labelOverlap=True, title=None) if axis else None
    scale = alt.Scale(type="utc")
    return {"x": alt.X("start:T", scale=scale, axis=shown, title=None), "x2": alt.X2("end:T")}


def _select() -> alt.Parameter:
    return alt.selection_point(name="bucket", fields=[SELECTIONS["bucket"]], on="click", clear="dblclick")


def _highlight(param: alt.Parameter) -> Any:
    return alt.condition(param, alt.value(1.0), alt.value(UNSELECTED_OPACITY))


def _with_spikes(totals: pd.DataFrame, spikes: pd.DataFrame) -> pd.DataFrame:
    """``totals`` with each spike's drivers (``""`` for other buckets)."""
    drivers = spikes[["bucket", "hashtags", "authors", "post", "post_articles"]] if len(spikes) else None
    if drivers is None:
        return totals.assign(hashtags="", authors="", post="", post_articles=0)
    merged = totals.merge(drivers, on="bucket", how="left")
    text = {"hashtags": "", "authors": "", "post": ""}
    return merged.fillna(text).assign(post_articles=merged["post_articles"].fillna(0).astype(int))


def time_chart(totals: pd.DataFrame, segments: pd.DataFrame, spikes: pd.DataFrame, bucket: str) -> alt.VConcatChart:
    """Reactions per bucket stacked by sentiment, spikes marked above their bars, and under them a panel of
    each bucket's mean compound (a line broken over empty buckets).

    ``totals``: :func:`reactions.aggregate_time.bucket_totals`; ``segments``:
    :func:`~reactions.aggregate_time.reactions_by_bucket`; ``spikes``: :func:`~reactions.aggregate_time.spike_drivers`.
    Selection: ``bucket`` (a bucket's name, :func:`reactions.timeline.bucket_key`).
    """
    select = _select()
    whole = _for_chart(_with_spikes(totals, spikes), bucket)
    parts = _for_chart(segments, bucket)
    y = alt.Y("reactions:Q", stack="zero", title="Reactions", axis=alt.Axis(tickMinStep=1))
    bars = alt.Chart(parts).mark_bar(stroke="white", strokeWidth=0.3).encode(
        **_x(whole, axis=False), y=y, color=sentiment_color(), order=alt.Order("order:Q"), opacity=_highlight(select),
    ).transform_calculate(order=f"indexof({list(SENTIMENT_LABELS)}, datum.sentiment)")  # fmt: skip
    marks = alt.Chart(whole).transform_filter("datum.spike").mark_point(
        shape="triangle-down", filled=True, size=90, color=SPIKE_COLOR, yOffset=-9
    ).encode(
        x=alt.X("middle:T", scale=alt.Scale(type="utc"), axis=None, title=None), y=alt.Y("reactions:Q")
    ).transform_calculate(
        middle="(time(toDate(datum.start)) + time(toDate(datum.end))) / 2"
    )  # fmt: skip
    hits = alt.Chart(whole).mark_rect(fill="#000000", fillOpacity=0.0, cursor="pointer").encode(
        **_x(whole, axis=False), tooltip=_tips()).add_params(select)  # fmt: skip
    volume = alt.layer(bars, marks, hits).properties(height=HEIGHT)
    chart: alt.VConcatChart = alt.vconcat(volume, compound_panel(whole, select), spacing=6).resolve_scale(
        x="shared"
    ).properties(usermeta=EMBED, description=f"Reactions per {bucket}, stacked by sentiment, spikes marked, with "
                 f"each {bucket}'s mean compound score below")  # fmt: skip
    return chart


def _tips() -> list[alt.Tooltip]:
    return [
        alt.Tooltip("label:N", title="When"),
        alt.Tooltip("reactions:Q", title="Reactions"),
        alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT),
        alt.Tooltip("spike:N", title="Spike"),
        alt.Tooltip("hashtags:N", title="Spike's top hashtags"),
        alt.Tooltip("authors:N", title="Spike's top authors"),
        alt.Tooltip("post:N", title="Most-cited post"),
        alt.Tooltip("post_articles:Q", title="Articles citing it"),
    ]


def compound_panel(whole: pd.DataFrame, select: alt.Parameter) -> alt.LayerChart:
    """Each non-empty bucket's mean compound over [-1, 1]: one line per run of consecutive non-empty buckets
    (``run``), so no line is drawn across an empty bucket, with a point per bucket and a rule at 0."""
    base = alt.Chart(whole).transform_filter("datum.reactions > 0").transform_calculate(
        middle="(time(toDate(datum.start)) + time(toDate(datum.end))) / 2"
    )  # fmt: skip
    x = alt.X("middle:T", scale=alt.Scale(type="utc"), axis=alt.Axis(format=axis_format(whole), labelAngle=0,
              labelOverlap=True), title=None)  # fmt: skip
    y = alt.Y("mean_compound:Q", title="Compound", scale=alt.Scale(domain=[-1, 1]), axis=alt.Axis(format="+.1f",
              values=[-1, 0, 1]))  # fmt: skip
    line = base.mark_line(color="#333333", strokeWidth=1.5).encode(x=x, y=y, detail="run:N")
    points = base.mark_point(filled=True, size=25, color="#333333").encode(
        x=x, y=y, opacity=_highlight(select), tooltip=[alt.Tooltip("label:N", title="When"),
                                                       alt.Tooltip("mean_compound:Q", title="Mean compound",
                                                                   format=COMPOUND_FORMAT)])  # fmt: skip
    zero = alt.Chart(pd.DataFrame({"zero": [0.0]})).mark_rule(color="#bbbbbb", strokeDash=[3, 3]).encode(y="zero:Q")
    panel = alt.layer(zero, line, points).properties(height=COMPOUND_HEIGHT)
    return panel  # type: ignore[return-value]


def heatmap_chart(rows: pd.DataFrame, bucket: str, order: Sequence[str] = ()) -> alt.Chart:
    """Reactions per hashtag and bucket, from :func:`reactions.aggregate_time.hashtags_by_bucket`; the rows
    follow ``order`` (the Top hashtags chart's), then the aggregate's own order."""
    shown = _for_chart(rows, bucket)
    tags = list(dict.fromkeys([*order, *shown["hashtag"].astype(str)]))
    chart: alt.Chart = (
        alt.Chart(shown)
        .mark_rect()
        .encode(
            **_x(shown),
            y=alt.Y("hashtag:N", title=None, sort=tags, axis=alt.Axis(labelLimit=220)),
            color=alt.Color("reactions:Q", title="Reactions", scale=alt.Scale(scheme="purples", domainMin=0),
                            legend=alt.Legend(orient="top", gradientLength=140, tickMinStep=1, format="d")),
            tooltip=[alt.Tooltip("hashtag:N", title="Hashtag"), alt.Tooltip("label:N", title="When"),
                     alt.Tooltip("reactions:Q", title="Reactions"),
                     alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT)],
        )
        .properties(height=alt.Step(ROW_STEP), usermeta=EMBED, description=f"Reactions per hashtag and {bucket}")
    )  # fmt: skip
    return chart
