"""reactions.charts.core: chart specs through chart.to_dict(): marks, encodings, tooltips, colours and selections."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import pytest
from chart_gallery import views_of
from frame_factory import make_frame, sample_frame

from reactions.analysis import aggregate
from reactions.charts import core as charts
from reactions.charts import palette

SAMPLE = sample_frame()
BUILDS: dict[str, tuple[Callable[[pd.DataFrame], Any], pd.DataFrame]] = {
    "sentiment": (charts.sentiment_chart, aggregate.sentiment_mix(SAMPLE)),
    "hashtag": (charts.hashtag_chart, aggregate.reactions_by_hashtag(SAMPLE)),
    "compound": (charts.compound_chart, aggregate.compound_distribution(SAMPLE)),
    "authors": (charts.authors_chart, aggregate.top_authors(SAMPLE)),
    "mentions": (charts.mentions_chart, aggregate.top_mentions(SAMPLE)),
    "emoji": (charts.emoji_chart, aggregate.top_emoji(SAMPLE)),
}



def spec_of(name: str) -> dict[str, Any]:
    build, rows = BUILDS[name]
    result: dict[str, Any] = build(rows).to_dict()
    return result


@pytest.mark.parametrize("name", list(BUILDS))
def test_every_mark_has_a_tooltip(name: str) -> None:
    for view in views_of(spec_of(name)):
        tips = view["encoding"]["tooltip"]
        assert tips, name
        assert all("title" in tip for tip in tips)


@pytest.mark.parametrize("name", list(BUILDS))
def test_charts_get_aggregated_rows_only(name: str) -> None:
    """No raw reaction column (text, id, drivers, spans) ever reaches a chart's data."""
    spec = spec_of(name)
    for rows in spec["datasets"].values():
        assert all(not ({"text", "id", "drivers", "span_start"} & set(row)) for row in rows)


@pytest.mark.parametrize(("name", "field"), [("hashtag", "hashtag"), ("sentiment", "sentiment")])
def test_linked_charts_carry_a_named_point_selection(name: str, field: str) -> None:
    spec = spec_of(name)
    params = spec["params"]
    assert [p["name"] for p in params] == [name]
    assert params[0]["select"]["type"] == "point"
    assert params[0]["select"]["fields"] == [field]
    selected = next(v for v in views_of(spec) if v["mark"]["type"] == "bar")
    assert selected["encoding"]["opacity"]["condition"]["param"] == name


@pytest.mark.parametrize("name", ["compound", "authors", "mentions", "emoji"])
def test_other_charts_select_nothing(name: str) -> None:
    assert "params" not in spec_of(name)


@pytest.mark.parametrize("name", ["sentiment", "compound"])
def test_one_sentiment_colour_scale_everywhere(name: str) -> None:
    colours = [v["encoding"]["color"] for v in views_of(spec_of(name)) if "color" in v["encoding"]]
    assert colours
    for colour in colours:
        assert colour["field"] == "sentiment"
        assert colour["scale"]["domain"] == ["negative", "neutral", "positive"]
        assert colour["scale"]["range"] == [charts.SENTIMENT_COLORS[s] for s in colour["scale"]["domain"]]


@pytest.mark.parametrize("name", ["hashtag", "authors", "mentions", "emoji"])
def test_ranked_charts_coloured_by_mean_compound(name: str) -> None:
    encoding = spec_of(name)["encoding"]
    assert encoding["color"]["field"] == "mean_compound"
    assert encoding["color"]["scale"]["domain"][0] == -1
    assert encoding["color"]["scale"]["domain"][-1] == 1
    assert encoding["color"]["scale"]["range"] == list(palette.COMPOUND_RANGE)
    assert encoding["y"]["sort"] == "-x"


def test_hashtag_chart_shows_the_grouped_spelling() -> None:
    spec = spec_of("hashtag")
    rows = next(iter(spec["datasets"].values()))
    assert [r["hashtag"] for r in rows] == ["JusticeForJohnnyDepp", "MeToo", "TimesUp"]


def test_emoji_bars_carry_each_emojis_name() -> None:
    spec = spec_of("emoji")
    assert spec["encoding"]["y"]["field"] == "label"
    rows = next(iter(spec["datasets"].values()))
    labels = {r["emoji"]: r["label"] for r in rows}
    assert labels["😡"] == "😡 enraged face"
    assert all(label.startswith(symbol + " ") and len(label) > len(symbol) + 1 for symbol, label in labels.items())


def test_charts_build_from_empty_aggregates() -> None:
    empty = make_frame([])
    assert isinstance(charts.compound_chart(aggregate.compound_distribution(empty)), alt.Chart)
    assert charts.hashtag_chart(aggregate.reactions_by_hashtag(empty)).to_dict()["mark"]["type"] == "bar"


def test_charts_module_never_imports_streamlit() -> None:
    source = Path(charts.__file__).read_text(encoding="utf-8")
    assert "import streamlit" not in source
    assert "streamlit" not in charts.__dict__


@pytest.mark.parametrize("name", list(BUILDS))
def test_every_chart_is_drawn_as_svg(name: str) -> None:
    assert spec_of(name)["usermeta"] == {"embedOptions": {"renderer": "svg"}}


@pytest.mark.parametrize("name", ["hashtag", "authors"])
def test_banded_charts_grow_with_their_rows(name: str) -> None:
    assert spec_of(name)["height"] == {"step": charts.ROW_STEP}


@pytest.mark.parametrize("name", list(BUILDS))
def test_every_chart_describes_itself_for_screen_readers(name: str) -> None:
    assert len(spec_of(name)["description"]) > 20


def test_platform_chart_is_coloured_by_mean_compound_not_by_platform() -> None:
    """A platform has no colour of its own (the old ones were red and blue: the sentiment's hues)."""
    from reactions.charts.core import platform_chart

    rows = pd.DataFrame({"platform": ["twitter", "instagram"], "reactions": [3, 1], "mean_compound": [0.2, -0.4]})
    spec = platform_chart(rows).to_dict()
    color = spec["encoding"]["color"]
    assert color["field"] == "mean_compound"
    assert color["scale"]["range"] == list(palette.COMPOUND_RANGE)
    assert {t["field"] for t in spec["encoding"]["tooltip"]} == {"platform", "reactions", "mean_compound"}
