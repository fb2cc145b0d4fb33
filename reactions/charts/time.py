"""The time charts: reactions per time bucket with their spikes and mean compound, and hashtags per bucket.
Never imports streamlit.

Buckets are drawn on a UTC time scale from their ``start`` to their ``end`` (a bucket's wall-clock time in the
chosen zone, sent as ``…Z`` so that every browser places it the same), so a bar is as wide as its bucket; an
invisible full-height rectangle per bucket, empty ones included, carries the ``bucket`` selection and the
bucket's tooltip, so that every bucket can be clicked however thin its bars.  The axis always shows the year.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, Literal

import altair as alt
import pandas as pd

from reactions.charts import palette
from reactions.charts.core import (
    COMPOUND_FORMAT,
    EMBED,
    HEIGHT,
    ROW_STEP,
    SELECTIONS,
    UNSELECTED_OPACITY,
    sentiment_color,
    themed,
)
from reactions.models import SENTIMENT_LABELS

COMPOUND_HEIGHT: Final = 130
"""Height of the mean-compound panel under the volume bars."""
SPIKE_COLOR: Final = palette.SPIKE
TOOLTIP_POST: Final = 100
"""A spike's most-cited post is cut to this many characters in the tooltip (the Spikes table has it whole)."""
_TIME_LABEL: Final = {"hour": "%-d %b %Y %H:00", "day": "%-d %b %Y", "week": "week of %-d %b %Y",
                      "month": "%b %Y", "quarter": "Q{q} %Y"}  # fmt: skip
_ISO: Final = "%Y-%m-%dT%H:%M:%SZ"
_INTERVALS: Final[dict[str, Literal["hour", "day", "month"]]] = {"hour": "hour", "day": "day", "month": "month"}
EVERY_BUCKET_TICKS: Final = 14
"""Up to this many hours, days or months, the time axis has a tick at each."""
EXTENT: Final = 44
"""The y axes of the time chart and the compound panel take the same room, so that their time axes line up."""


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


def axis_format(rows: pd.DataFrame, bucket: str) -> str:
    """The time axis' label format: always with the year; the hour for hours; the day while days or weeks span
    less than about ten months.

    >>> rows = pd.DataFrame({"start": [pd.Timestamp("2020-02-01")], "end": [pd.Timestamp("2020-06-30")]})
    >>> axis_format(rows, "hour"), axis_format(rows, "week"), axis_format(rows, "month")
    ('%-d %b %Y %H:%M', '%-d %b %Y', '%b %Y')
    """
    if bucket == "hour":
        return "%-d %b %Y %H:%M"
    if bucket in ("month", "quarter") or rows.empty:
        return "%b %Y" if not rows.empty else "%-d %b %Y"
    span = pd.Timestamp(rows["end"].max()) - pd.Timestamp(rows["start"].min())
    return "%-d %b %Y" if span <= pd.Timedelta(days=300) else "%b %Y"


def time_axis(rows: pd.DataFrame, bucket: str) -> alt.Axis:
    """The time axis: :func:`axis_format`'s labels, and a tick at every bucket's start while there are at most
    :data:`EVERY_BUCKET_TICKS` hours, days or months (never a tick inside a bucket)."""
    count = rows["bucket"].nunique() if "bucket" in rows.columns else 0
    interval = _INTERVALS.get(bucket)
    every = interval is not None and 0 < count <= EVERY_BUCKET_TICKS
    ticks = alt.TimeIntervalStep(interval=interval, step=1) if interval is not None and every else alt.Undefined
    return alt.Axis(format=axis_format(rows, bucket), labelAngle=0, labelOverlap=True, labelFlush=True, tickCount=ticks,
                    title=None)  # fmt: skip


def _for_chart(rows: pd.DataFrame, bucket: str) -> pd.DataFrame:
    """``rows`` with ``start``/``end`` (and their ``middle``) as UTC ISO strings and a ``label`` for tooltips."""
    if rows.empty:
        return rows.assign(middle=pd.Series(dtype=object), label=pd.Series(dtype=object))
    start, end = pd.DatetimeIndex(rows["start"]), pd.DatetimeIndex(rows["end"])
    middle = (start + (end - start) / 2).strftime(_ISO)
    return rows.assign(start=start.strftime(_ISO), end=end.strftime(_ISO), middle=middle,
                       label=bucket_label(rows["start"], bucket))  # fmt: skip


def _x(rows: pd.DataFrame, bucket: str, *, axis: bool = True, domain: bool = True) -> dict[str, Any]:
    """Position from ``start`` to ``end`` on a UTC time scale over the whole range of ``rows`` (so that the charts
    drawn from the same buckets line up).  Only one layer of a chart may give the domain (Vega-Lite merges two
    equal date-time domains into a broken one)."""
    shown = time_axis(rows, bucket) if axis else None
    scale = _scale(rows) if domain else alt.Scale(type="utc")
    return {"x": alt.X("start:T", scale=scale, axis=shown, title=None), "x2": alt.X2("end:T")}


def _scale(rows: pd.DataFrame) -> alt.Scale:
    return alt.Scale(type="utc", domain=_domain(rows))


def _domain(rows: pd.DataFrame) -> Any:
    """The time range of ``rows`` (``start``, ``end``: UTC ISO strings), as UTC date-times."""
    if rows.empty:
        return alt.Undefined
    ends = pd.to_datetime(pd.Series([rows["start"].min(), rows["end"].max()]), utc=True)
    return [alt.DateTime(year=t.year, month=t.month, date=t.day, hours=t.hour, utc=True) for t in ends]


def _select() -> alt.Parameter:
    return alt.selection_point(name="bucket", fields=[SELECTIONS["bucket"]], on="click", clear="dblclick")


def _highlight(param: alt.Parameter) -> Any:
    return alt.condition(param, alt.value(1.0), alt.value(UNSELECTED_OPACITY))


def shorten(text: str, limit: int = TOOLTIP_POST) -> str:
    """``text`` on one line, cut to ``limit`` characters (with an ellipsis).

    >>> shorten("a  long\\npost", 8)
    'a long…'
    """
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def _with_spikes(totals: pd.DataFrame, spikes: pd.DataFrame) -> pd.DataFrame:
    """``totals`` with each spike's drivers (``""`` for other buckets)."""
    drivers = spikes[["bucket", "hashtags", "authors", "post", "post_articles"]] if len(spikes) else None
    if drivers is None:
        return totals.assign(hashtags="", authors="", post="", post_articles=0, spike_note="no")
    drivers = drivers.assign(post=[shorten(str(post)) for post in drivers["post"]])
    merged = totals.merge(drivers, on="bucket", how="left")
    text = {"hashtags": "", "authors": "", "post": ""}
    merged = merged.fillna(text).assign(post_articles=merged["post_articles"].fillna(0).astype(int))
    return merged.assign(spike_note=[_note(row) for row in merged.itertuples()])


def _note(row: Any) -> str:
    """What a spike's tooltip says of it: ``no``, or its drivers."""
    if not row.spike:
        return "no"
    usual = f"usually {row.baseline:.3g}" if row.baseline == row.baseline else "no history"
    return (f"yes ({usual}) · top hashtags: {row.hashtags or 'none'} · top authors: {row.authors or 'none'} · "
            f"most-cited post ({row.post_articles} articles): {row.post}")  # fmt: skip


def time_chart(totals: pd.DataFrame, segments: pd.DataFrame, spikes: pd.DataFrame, bucket: str) -> alt.LayerChart:
    """Reactions per bucket stacked by sentiment, with spikes marked above their bars (draw
    :func:`compound_chart` under it).

    ``totals``: :func:`reactions.analysis.aggregate_time.bucket_totals`; ``segments``:
    :func:`~reactions.analysis.aggregate_time.reactions_by_bucket`; ``spikes``:
    :func:`~reactions.analysis.aggregate_time.spike_drivers`.
    Selection: ``bucket`` (a bucket's name, :func:`reactions.analysis.timeline.bucket_key`), carried by an invisible
    full-height rectangle per bucket, on top, whose tooltip tells the bucket (and its spike's drivers).
    """
    select = _select()
    whole = _for_chart(_with_counts(_with_spikes(totals, spikes), segments), bucket)
    parts = _for_chart(segments, bucket)
    x = _x(whole, bucket, axis=False)
    axis = alt.Axis(tickMinStep=1, minExtent=EXTENT, maxExtent=EXTENT)
    y = alt.Y("low:Q", title="Reactions", scale=alt.Scale(domainMin=0), axis=axis)
    bars = alt.Chart(stacked(parts)).mark_rect(stroke=palette.BACKGROUND, strokeWidth=0.3, aria=False).encode(
        **x, y=y, y2="high:Q", color=sentiment_color(), opacity=_highlight(select))  # fmt: skip
    marks = alt.Chart(whole).transform_filter("datum.spike").transform_calculate(
        spoken="'Spike: ' + datum.label + ', ' + datum.reactions + ' reactions'"
    ).mark_point(
        shape="triangle-down", filled=True, size=90, color=SPIKE_COLOR, yOffset=-9, opacity=1,
        ariaRoleDescription="spike",  # a screen reader can go from spike to spike; each says its bucket
    ).encode(x=alt.X("middle:T", scale=alt.Scale(type="utc"), axis=None), y=alt.Y("reactions:Q"),
             description=alt.Description("spoken:N"))  # fmt: skip
    hits = alt.Chart(whole).mark_rect(fill=palette.HIT, fillOpacity=0.0, cursor="pointer").encode(
        **_x(whole, bucket, axis=False, domain=False), tooltip=_tips()).add_params(select)  # fmt: skip
    chart: alt.LayerChart = alt.layer(bars, marks, hits).properties(  # type: ignore[assignment]
        height=HEIGHT, usermeta=EMBED, description=f"Reactions per {bucket}, stacked by sentiment, spikes marked"
    )  # fmt: skip
    return themed(chart)


def _with_counts(totals: pd.DataFrame, segments: pd.DataFrame) -> pd.DataFrame:
    """``totals`` with each bucket's reactions per sentiment label (0 when none), for its tooltip."""
    if segments.empty:
        return totals.assign(**dict.fromkeys(SENTIMENT_LABELS, 0))
    counts = segments.pivot_table(index="bucket", columns="sentiment", values="reactions", aggfunc="sum",
                                  observed=True).reindex(columns=list(SENTIMENT_LABELS))  # fmt: skip
    merged = totals.merge(counts, left_on="bucket", right_index=True, how="left")
    return merged.fillna(dict.fromkeys(SENTIMENT_LABELS, 0)).astype(dict.fromkeys(SENTIMENT_LABELS, int))


def stacked(segments: pd.DataFrame) -> pd.DataFrame:
    """``segments`` with each bar's ``low`` and ``high`` end: a bucket's labels stacked in the order of
    :data:`SENTIMENT_LABELS` from 0 (a bar ranged in time is drawn as a rectangle, so Vega-Lite would not stack it).

    >>> rows = pd.DataFrame({"bucket": ["a", "a", "b"], "sentiment": ["positive", "negative", "neutral"],
    ...                      "reactions": [2, 3, 4]})
    >>> stacked(rows)[["low", "high"]].to_numpy().tolist()
    [[3, 5], [0, 3], [0, 4]]
    """
    if segments.empty:
        return segments.assign(low=pd.Series(dtype=float), high=pd.Series(dtype=float))
    place = segments["sentiment"].astype(str).map({label: i for i, label in enumerate(SENTIMENT_LABELS)})
    ordered = segments.assign(place=place).sort_values(["bucket", "place"], kind="stable")
    high = ordered.groupby("bucket", sort=False)["reactions"].cumsum()
    ordered = ordered.assign(low=high - ordered["reactions"], high=high)
    return ordered.drop(columns="place").loc[segments.index]


def _tips() -> list[alt.Tooltip]:
    return [
        alt.Tooltip("label:N", title="When"),
        alt.Tooltip("reactions:Q", title="Reactions"),
        *[alt.Tooltip(f"{label}:Q", title=label.capitalize()) for label in SENTIMENT_LABELS],
        alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT),
        alt.Tooltip("spike_note:N", title="Spike"),
    ]


def compound_chart(totals: pd.DataFrame, bucket: str, selected: Sequence[str] = ()) -> alt.LayerChart:
    """Each non-empty bucket's mean compound over [-1, 1], a small panel on the same time axis as
    :func:`time_chart` (from the same ``totals``): one line per run of consecutive non-empty buckets (``run``), so
    no line crosses an empty bucket, a point per bucket (the ``selected`` buckets' stand out) and a rule at 0."""
    whole = _for_chart(totals, bucket)
    whole = whole.assign(chosen=whole["bucket"].isin(list(selected)) if selected else True)
    base = alt.Chart(whole).transform_filter("datum.reactions > 0")
    shown = time_axis(whole, bucket)
    x = alt.X("middle:T", scale=_scale(whole), axis=shown, title=None)
    y = alt.Y("mean_compound:Q", title="Compound", scale=alt.Scale(domain=[-1, 1]),
              axis=alt.Axis(format="+.1f", values=[-1, 0, 1], minExtent=EXTENT,
                            maxExtent=EXTENT))  # fmt: skip
    line = base.mark_line(color=palette.MEAN_LINE, strokeWidth=1.5, aria=False).encode(x=x, y=y, detail="run:N")
    points = base.mark_point(filled=True, size=25, color=palette.MEAN_LINE).encode(
        x=alt.X("middle:T", scale=alt.Scale(type="utc"), axis=shown, title=None), y=y,
        opacity=alt.condition("datum.chosen", alt.value(1.0), alt.value(UNSELECTED_OPACITY)),
        tooltip=[alt.Tooltip("label:N", title="When"), alt.Tooltip("reactions:Q", title="Reactions"),
                 alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT)])  # fmt: skip
    zero = alt.Chart(pd.DataFrame({"zero": [0.0]})).mark_rule(color=palette.ZERO_RULE, strokeDash=[3, 3],
                                                              aria=False).encode(y="zero:Q")  # fmt: skip
    panel: alt.LayerChart = alt.layer(zero, line, points).properties(  # type: ignore[assignment]
        height=COMPOUND_HEIGHT, usermeta=EMBED,
        description=f"Mean compound score per {bucket}, a line broken where a {bucket} has no reactions",
    )  # fmt: skip
    return themed(panel)


def heatmap_chart(rows: pd.DataFrame, bucket: str, order: Sequence[str] = ()) -> alt.Chart:
    """Reactions per hashtag and bucket, from :func:`reactions.analysis.aggregate_time.hashtags_by_bucket`; the rows
    follow ``order`` (the Top hashtags chart's), then the aggregate's own order."""
    shown = _for_chart(rows, bucket)
    tags = list(dict.fromkeys([*order, *shown["hashtag"].astype(str)]))
    chart: alt.Chart = (
        alt.Chart(shown)
        .mark_rect()
        .encode(
            **_x(shown, bucket),
            y=alt.Y("hashtag:N", title=None, sort=tags, axis=alt.Axis(labelLimit=220)),
            color=alt.Color("reactions:Q", title="Reactions",
                            scale=alt.Scale(range=list(palette.COUNT_RANGE), domainMin=0),
                            legend=alt.Legend(orient="top", gradientLength=140, tickMinStep=1, format="d")),
            tooltip=[alt.Tooltip("hashtag:N", title="Hashtag"), alt.Tooltip("label:N", title="When"),
                     alt.Tooltip("reactions:Q", title="Reactions"),
                     alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT)],
        )
        .properties(height=alt.Step(ROW_STEP), usermeta=EMBED, description=f"Reactions per hashtag and {bucket}")
    )  # fmt: skip
    return themed(chart)
