"""The time charts (reactions.charts.time) through chart.to_dict()."""

from __future__ import annotations

import datetime as dt
import itertools
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from chart_gallery import views_of
from frame_factory import make_frame, make_row
from test_aggregate_time import storm

from reactions.analysis import aggregate_time
from reactions.charts import core as charts
from reactions.charts import time as charts_time

FRAME = storm()
TOTALS = aggregate_time.bucket_totals(FRAME, "week")
SEGMENTS = aggregate_time.reactions_by_bucket(FRAME, "week")
SPIKES = aggregate_time.spike_drivers(FRAME, "week")



def data_of(spec: dict[str, Any], view: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = spec["datasets"][view.get("data", spec.get("data", {}))["name"]]
    return rows


def time_spec() -> dict[str, Any]:
    result: dict[str, Any] = charts_time.time_chart(TOTALS, SEGMENTS, SPIKES, "week").to_dict()
    return result


def test_bars_are_stacked_by_sentiment_as_wide_as_their_bucket() -> None:
    spec = time_spec()
    bars = spec["layer"][0]
    encoding = bars["encoding"]
    assert bars["mark"]["type"] == "rect"
    assert (encoding["x"]["field"], encoding["x2"]["field"]) == ("start", "end")
    assert (encoding["y"]["field"], encoding["y2"]["field"]) == ("low", "high")
    assert encoding["color"]["field"] == "sentiment"
    labels = ("negative", "neutral", "positive")
    assert encoding["color"]["scale"]["range"] == [charts.SENTIMENT_COLORS[s] for s in labels]
    rows = data_of(spec, bars)
    for bucket in {r["bucket"] for r in rows}:
        stack = sorted((r["low"], r["high"]) for r in rows if r["bucket"] == bucket)
        assert stack[0][0] == 0
        assert all(a[1] == b[0] for a, b in itertools.pairwise(stack))  # no gap, no overlap
        assert stack[-1][1] == TOTALS.set_index("bucket").loc[bucket, "reactions"]
    assert all(r["start"].endswith("Z") and r["end"].endswith("Z") for r in rows)  # UTC in every browser


def test_every_bucket_even_empty_can_be_clicked() -> None:
    frame = make_frame([make_row(i, date=dt.date(2020, 1, 6) + dt.timedelta(weeks=w)) for i, w in enumerate([0, 3])])
    totals = aggregate_time.bucket_totals(frame, "week")
    segments = aggregate_time.reactions_by_bucket(frame, "week")
    spec = charts_time.time_chart(totals, segments, aggregate_time.spike_drivers(frame, "week"), "week").to_dict()
    hits = spec["layer"][-1]  # on top of the bars and the spike marks
    assert hits["mark"]["type"] == "rect"
    assert hits["mark"]["fillOpacity"] == 0
    assert "y" not in hits["encoding"]  # full height
    assert [p["name"] for p in spec["params"]] == ["bucket"]
    assert spec["params"][0]["select"]["fields"] == ["bucket"]
    assert spec["params"][0]["views"] == [hits["name"]]  # the hit areas carry the selection
    assert [r["bucket"] for r in data_of(spec, hits)] == ["2020-01-06", "2020-01-13", "2020-01-20", "2020-01-27"]
    assert [r["reactions"] for r in data_of(spec, hits)] == [1, 0, 0, 1]
    assert {t["field"] for t in hits["encoding"]["tooltip"]} >= {"label", "reactions", "positive", "spike_note"}
    assert spec["layer"][0]["encoding"]["opacity"]["condition"]["param"] == "bucket"


def test_spikes_are_marked_with_what_drove_them() -> None:
    spec = time_spec()
    marks = spec["layer"][1]
    assert marks["mark"]["shape"] == "triangle-down"
    assert marks["transform"][0] == {"filter": "datum.spike"}
    assert marks["mark"]["ariaRoleDescription"] == "spike"  # spoken, and found by the browser tests
    assert marks["encoding"]["description"]["field"] == "spoken"
    assert "'Spike: ' + datum.label" in marks["transform"][1]["calculate"]
    spiked = [r for r in data_of(spec, marks) if r["spike"]]
    assert [r["bucket"] for r in spiked] == ["2020-03-30"]
    assert spiked[0]["hashtags"] == "Storm, Wind"
    assert spiked[0]["post"] == "storm post 17"
    assert spiked[0]["post_articles"] == 4
    assert spiked[0]["spike_note"] == ("yes (usually 3) · top hashtags: Storm, Wind · top authors: @chaser, "
                                       "@watcher0, @watcher12 · most-cited post (4 articles): storm post 17")
    quiet = [r for r in data_of(spec, marks) if not r["spike"]]
    assert all(r["hashtags"] == "" and r["post_articles"] == 0 and r["spike_note"] == "no" for r in quiet)


@pytest.mark.parametrize(
    ("first", "last", "bucket", "shown"),
    [("2020-02-01", "2020-02-03", "hour", "%-d %b %Y %H:%M"), ("2020-02-01", "2020-02-03", "day", "%-d %b %Y"),
     ("2020-02-01", "2020-06-30", "week", "%-d %b %Y"), ("2019-01-01", "2024-12-31", "week", "%b %Y"),
     ("2019-01-01", "2024-12-31", "quarter", "%b %Y")],
)  # fmt: skip
def test_the_time_axis_always_carries_the_year(first: str, last: str, bucket: str, shown: str) -> None:
    rows = pd.DataFrame({"start": [pd.Timestamp(first)], "end": [pd.Timestamp(last)], "bucket": ["x"]})
    assert charts_time.axis_format(rows, bucket) == shown
    assert "%Y" in shown


def test_a_few_days_get_a_tick_each_and_never_one_inside_a_day() -> None:
    days = [dt.date(2020, 1, d) for d in (1, 2, 4)]
    totals = aggregate_time.bucket_totals(make_frame([make_row(i, date=d) for i, d in enumerate(days)]), "day")
    axis = charts_time.compound_chart(totals, "day").to_dict()["layer"][2]["encoding"]["x"]["axis"]
    assert axis["tickCount"] == {"interval": "day", "step": 1}
    assert axis["format"] == "%-d %b %Y"
    assert "tickCount" not in charts_time.time_axis(TOTALS, "week").to_dict()  # many weeks: Vega chooses


def test_the_compound_panel_breaks_its_line_over_empty_buckets() -> None:
    days = [dt.date(2020, 1, d) for d in (1, 2, 5, 6)]
    frame = make_frame([make_row(i, date=day, compound=0.2) for i, day in enumerate(days)])
    totals = aggregate_time.bucket_totals(frame, "day")
    spec = charts_time.compound_chart(totals, "day", selected=["2020-01-05"]).to_dict()
    zero, line, points = spec["layer"]
    assert line["mark"]["type"] == "line"
    assert line["encoding"]["detail"]["field"] == "run"
    assert line["encoding"]["y"]["scale"]["domain"] == [-1, 1]
    assert line["transform"] == [{"filter": "datum.reactions > 0"}]
    drawn = [r for r in data_of(spec, line) if r["reactions"] > 0]
    assert len({r["run"] for r in drawn}) == 2  # two runs: no line from 2 Jan to 5 Jan
    assert [r["chosen"] for r in drawn] == [False, False, True, False]
    assert points["encoding"]["opacity"]["condition"]["test"] == "datum.chosen"
    assert zero["mark"]["type"] == "rule"


def test_the_two_time_charts_line_up() -> None:
    x_bars = time_spec()["layer"][0]["encoding"]["x"]
    x_line = charts_time.compound_chart(TOTALS, "week").to_dict()["layer"][1]["encoding"]["x"]
    assert x_bars["scale"] == x_line["scale"]
    assert x_bars["scale"]["type"] == "utc"
    assert time_spec()["layer"][0]["encoding"]["y"]["axis"]["minExtent"] == charts_time.EXTENT


def test_the_heat_map_rows_follow_the_given_order() -> None:
    grid = aggregate_time.hashtags_by_bucket(FRAME, 5, "month")
    spec = charts_time.heatmap_chart(grid, "month", order=["Wind", "Calm"]).to_dict()
    assert spec["encoding"]["y"]["sort"] == ["Wind", "Calm", "Storm"]
    assert (spec["encoding"]["x"]["field"], spec["encoding"]["x2"]["field"]) == ("start", "end")
    assert spec["height"] == {"step": charts.ROW_STEP}
    assert "month" in spec["description"]


def test_tooltips_and_descriptions() -> None:
    spec = time_spec()
    assert len(spec["description"]) > 20
    assert spec["usermeta"] == {"embedOptions": {"renderer": "svg"}}
    for view in views_of(spec):
        for tip in view["encoding"].get("tooltip", []):
            assert "title" in tip


def test_empty_aggregates_still_build() -> None:
    empty = make_frame([])
    totals = aggregate_time.bucket_totals(empty, "day")
    segments = aggregate_time.reactions_by_bucket(empty, "day")
    assert charts_time.time_chart(totals, segments, aggregate_time.spike_drivers(empty, "day"), "day").to_dict()
    assert charts_time.compound_chart(totals, "day").to_dict()
    assert charts_time.heatmap_chart(aggregate_time.hashtags_by_bucket(empty, 5, "day"), "day").to_dict()


def test_a_long_post_is_cut_in_the_tooltip() -> None:
    assert charts_time.shorten("word " * 100).endswith("…")
    assert len(charts_time.shorten("word " * 100)) == charts_time.TOOLTIP_POST


def test_the_module_never_imports_streamlit() -> None:
    assert "import streamlit" not in Path(charts_time.__file__).read_text(encoding="utf-8")
