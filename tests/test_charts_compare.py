"""reactions.charts.compare: the sides' own colours, the sentiment colours, tooltips and order, through to_dict()."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import altair as alt
import pandas as pd
import pytest
from frame_factory import sample_frame

from reactions.analysis import compare
from reactions.charts import compare as charts_compare
from reactions.charts import core as charts
from reactions.charts import palette
from reactions.viewstate import views

SAMPLE = sample_frame()
RESULT = compare.compare_rows(
    SAMPLE,
    views.filter_rows(SAMPLE, views.Filters(hashtags=("JusticeForJohnnyDepp",))),
    views.filter_rows(SAMPLE, views.Filters(sentiments=("negative",))),
    names=("A: tag=JusticeForJohnnyDepp", "B: sentiment=negative"),
)
BUILDS: dict[str, tuple[Callable[..., alt.TopLevelMixin], pd.DataFrame]] = {
    "volume": (charts_compare.volume_chart, RESULT.volume),
    "sentiment": (charts_compare.sentiment_shares_chart, RESULT.sentiment),
    "hashtags": (charts_compare.hashtags_chart, RESULT.hashtags),
}


def spec_of(name: str, **options: Any) -> dict[str, Any]:
    build, rows = BUILDS[name]
    result: dict[str, Any] = build(rows, RESULT.sides, **options).to_dict()
    return result


def colours_of(spec: dict[str, Any]) -> Iterator[str]:
    """Every colour a spec names (in its scales and marks)."""
    if isinstance(spec, dict):
        for key, value in spec.items():
            if key in ("range", "color", "fill", "stroke") and isinstance(value, list | str):
                yield from ([value] if isinstance(value, str) else [v for v in value if isinstance(v, str)])
            else:
                yield from colours_of(value)
    elif isinstance(spec, list):
        for item in spec:
            yield from colours_of(item)


@pytest.mark.parametrize("name", list(BUILDS))
def test_every_mark_has_a_tooltip_and_only_aggregated_rows(name: str) -> None:
    spec = spec_of(name)
    tips = spec["encoding"]["tooltip"]
    assert {tip["field"] for tip in tips} >= {"side", "reactions", "share", "mean_compound"}
    assert all("title" in tip for tip in tips)
    for rows in spec["datasets"].values():
        assert all(not ({"text", "id", "drivers", "span_start"} & set(row)) for row in rows)
    assert spec["description"]
    assert spec["usermeta"] == charts.EMBED


@pytest.mark.parametrize("name", ["volume", "hashtags"])
def test_the_sides_have_colours_no_other_chart_uses(name: str) -> None:
    color = spec_of(name)["encoding"]["color"]
    assert color["field"] == "side"
    assert color["scale"] == {"domain": list(RESULT.sides), "range": list(charts_compare.SIDE_COLORS)}
    others = [c for meaning, colours in palette.MEANINGS.items() if meaning != "comparison side" for c in colours]
    assert not {c.casefold() for c in charts_compare.SIDE_COLORS} & {c.casefold() for c in others}
    assert len(set(charts_compare.SIDE_COLORS)) == 2


def test_the_volume_chart_draws_a_line_a_side_dashed_for_b() -> None:
    spec = spec_of("volume")
    assert spec["mark"]["type"] == "line"
    assert spec["encoding"]["x"]["field"] == "day"
    assert spec["encoding"]["y"]["field"] == "reactions"
    dash = spec["encoding"]["strokeDash"]["scale"]
    assert dash["domain"] == list(RESULT.sides)
    assert dash["range"][0] != dash["range"][1]
    assert spec["encoding"]["color"]["legend"]["symbolType"] == "stroke"  # the legend shows B's dashes
    days = {row["day"] for row in spec["datasets"][next(iter(spec["datasets"]))]}
    assert days == set(RESULT.volume["day"])
    shares = spec_of("volume", measure="share")
    assert shares["encoding"]["y"]["field"] == "share"
    assert shares["encoding"]["y"]["axis"]["format"] == ".0%"


def test_sentiment_shares_keep_the_sentiment_colours() -> None:
    spec = spec_of("sentiment")
    assert spec["encoding"]["color"]["field"] == "sentiment"
    assert spec["encoding"]["color"]["scale"]["range"] == [charts.SENTIMENT_COLORS[s] for s in
                                                           ("negative", "neutral", "positive")]  # fmt: skip
    assert spec["encoding"]["y"]["sort"] == list(RESULT.sides)
    assert spec["encoding"]["x"]["scale"]["domain"] == [0, 1]
    assert not set(charts_compare.SIDE_COLORS) & set(colours_of(spec))


def test_hashtags_are_in_the_comparisons_order_with_the_sides_side_by_side() -> None:
    spec = spec_of("hashtags")
    assert spec["encoding"]["y"]["sort"] == list(dict.fromkeys(RESULT.hashtags["hashtag"]))
    assert spec["encoding"]["yOffset"]["field"] == "side"
    assert spec["encoding"]["x"]["field"] == "share"


def test_empty_tables_still_make_charts() -> None:
    nothing = [False] * len(SAMPLE)
    empty = compare.compare_rows(SAMPLE, nothing, nothing)
    for build, rows in ((charts_compare.volume_chart, empty.volume), (charts_compare.hashtags_chart, empty.hashtags)):
        assert build(rows).to_dict()["encoding"]["color"]["scale"]["domain"] == ["A", "B"]


def test_the_volume_chart_in_months_says_so() -> None:
    monthly = compare.volume_by_bucket(RESULT.volume, "month")
    spec = charts_compare.volume_chart(monthly, RESULT.sides, bucket="month").to_dict()
    assert spec["encoding"]["tooltip"][0]["title"] == "Month from"
    assert spec["description"] == "Reactions per month of side A and side B, one line each"
