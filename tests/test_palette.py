"""reactions.charts.palette: WCAG contrast, hues, and every chart's and the page's colours held to them (through each
chart's to_dict() and .streamlit/config.toml)."""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chart_gallery import GALLERY, mark_of, spec, views_of
from hypothesis import given
from hypothesis import strategies as st

from reactions.charts import palette
from reactions.charts.time import SPIKE_COLOR

THEME = tomllib.loads((Path(__file__).resolve().parent.parent / ".streamlit" / "config.toml").read_text())["theme"]
HEX = re.compile(r"^#(?:[0-9a-fA-F]{3}){1,2}$")
colours = st.from_regex(r"\A#[0-9a-f]{6}\Z")


# --- the helpers -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "second", "ratio"),
    [
        ("#000000", "#ffffff", 21.0),
        ("#ffffff", "#ffffff", 1.0),
        ("#777777", "#ffffff", 4.48),  # the classic near miss of AA
        ("#767676", "#ffffff", 4.54),  # the lightest grey that passes on white
        ("#0000ff", "#ffffff", 8.59),
        ("#ff0000", "#ffffff", 4.0),
        ("#808495", "#ffffff", 3.72),  # Streamlit's chart theme's axis labels
    ],
)
def test_contrast_ratio_matches_wcag(first: str, second: str, ratio: float) -> None:
    assert palette.contrast_ratio(first, second) == pytest.approx(ratio, abs=0.01)


@given(colours, colours)
def test_contrast_is_symmetric_and_between_1_and_21(first: str, second: str) -> None:
    ratio = palette.contrast_ratio(first, second)
    assert ratio == pytest.approx(palette.contrast_ratio(second, first))
    assert 1.0 <= ratio <= 21.0 + 1e-9


@given(colours)
def test_luminance_grows_with_every_channel(colour: str) -> None:
    lighter = "#" + "".join(f"{min(255, int(colour[i : i + 2], 16) + 16):02x}" for i in (1, 3, 5))
    assert palette.relative_luminance(lighter) >= palette.relative_luminance(colour)


def test_over_blends_by_opacity() -> None:
    assert palette.over("#11141b", "#ffffff", 1.0) == "#11141b"
    assert palette.over("#11141b", "#ffffff", 0.0) == "#ffffff"
    assert palette.over("#000000", "#ffffff", 0.5) in ("#7f7f7f", "#808080")


def test_hue_and_distance() -> None:
    assert palette.hue("#00ff00") == pytest.approx(120.0)
    assert palette.hue("#11141b") is None  # ink: no hue
    assert palette.hue_distance(5.0, 355.0) == pytest.approx(10.0)
    assert palette.hue_distance(0.0, 180.0) == pytest.approx(180.0)
    with pytest.raises(ValueError, match="not a #rrggbb"):
        palette.rgb("red")


# --- the page's theme -------------------------------------------------------------------------------------------


def test_the_theme_uses_the_palette() -> None:
    assert THEME["backgroundColor"] == palette.BACKGROUND
    assert THEME["secondaryBackgroundColor"] == palette.SIDEBAR_BACKGROUND
    assert THEME["textColor"] == palette.TEXT
    assert THEME["primaryColor"] == palette.PRIMARY


@pytest.mark.parametrize("background", [palette.BACKGROUND, palette.SIDEBAR_BACKGROUND])
@pytest.mark.parametrize("alpha", [1.0, palette.CAPTION_ALPHA, palette.CONTEXT_ALPHA])
def test_page_text_and_captions_reach_aa(background: str, alpha: float) -> None:
    """Text, captions (the text colour at 60%, Streamlit's fadedText60) and a post's faded context paragraphs,
    on the page and on the sidebar."""
    shown = palette.over(palette.TEXT, background, alpha)
    assert palette.contrast_ratio(shown, background) >= palette.AA_TEXT, (shown, background)


def test_the_primary_colour_carries_white_text_and_has_no_hue() -> None:
    assert palette.contrast_ratio("#ffffff", palette.PRIMARY) >= palette.AA_TEXT
    assert palette.hue(palette.PRIMARY) is None


def test_sentiment_text_colours_reach_aa() -> None:
    for colour in palette.SENTIMENT_TEXT.values():
        assert palette.contrast_ratio(colour, palette.BACKGROUND) >= palette.AA_TEXT


# --- one meaning per hue ----------------------------------------------------------------------------------------


def test_no_hue_means_two_things() -> None:
    hues = {
        meaning: [h for c in colours if (h := palette.hue(c)) is not None]
        for meaning, colours in palette.MEANINGS.items()
    }
    assert hues[palette.ACHROMATIC] == []  # ink and greys carry no hue
    for (one, first), (other, second) in itertools.combinations(hues.items(), 2):
        for a, b in itertools.product(first, second):
            assert palette.hue_distance(a, b) >= palette.HUE_TOLERANCE, (one, a, other, b)


def test_the_sides_differ_from_each_other_in_hue() -> None:
    a, b = (palette.hue(c) for c in palette.SIDE_COLORS)
    assert a is not None
    assert b is not None
    assert palette.hue_distance(a, b) >= palette.HUE_TOLERANCE


def colours_in(node: Any) -> Iterator[str]:
    """Every colour string anywhere in a spec (its data left out)."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key not in ("datasets", "data"):
                yield from colours_in(value)
    elif isinstance(node, list):
        for value in node:
            yield from colours_in(value)
    elif isinstance(node, str) and HEX.match(node):
        yield node.casefold()


def schemes_in(node: Any) -> Iterator[str]:
    if isinstance(node, dict):
        yield from ([node["scheme"]] if "scheme" in node else [])
        for value in node.values():
            yield from schemes_in(value)
    elif isinstance(node, list):
        for value in node:
            yield from schemes_in(value)


@pytest.mark.parametrize("name", list(GALLERY))
def test_every_colour_a_chart_draws_is_the_palettes(name: str) -> None:
    """No chart names a colour the palette does not give a meaning, nor a Vega scheme (whose colours it cannot
    check)."""
    owned = {c.casefold() for colours in palette.MEANINGS.values() for c in colours}
    drawn = set(colours_in(spec(name)))
    assert drawn
    assert drawn <= owned, drawn - owned
    assert list(schemes_in(spec(name))) == []


# --- text in the charts -----------------------------------------------------------------------------------------


def text_colours(chart: dict[str, Any]) -> Iterator[tuple[str, str]]:
    """(where, colour) of every text colour a chart sets: its config's axis, legend, header, title and text mark,
    each axis and legend of its encodings, and each text mark."""
    config = chart["config"]
    for part in ("axis", "legend", "header"):
        for key in ("labelColor", "titleColor"):
            yield f"config.{part}.{key}", config[part][key]
    yield "config.title.color", config["title"]["color"]
    yield "config.text.color", config["text"]["color"]
    for view in views_of(chart):
        for channel, encoding in view.get("encoding", {}).items():
            for guide in ("axis", "legend"):
                for key in ("labelColor", "titleColor"):
                    if isinstance(encoding, dict) and isinstance(encoding.get(guide), dict) and key in encoding[guide]:
                        yield f"{channel}.{guide}.{key}", encoding[guide][key]
        mark = mark_of(view)
        if mark["type"] == "text":
            yield "text mark", mark.get("color", mark.get("fill", config["text"]["color"]))


@pytest.mark.parametrize("name", list(GALLERY))
def test_chart_text_reaches_aa_on_the_background(name: str) -> None:
    chart = spec(name)
    assert chart["config"]["background"] == palette.BACKGROUND == THEME["backgroundColor"]
    found = list(text_colours(chart))
    assert len(found) >= 8
    for where, colour in found:
        assert palette.contrast_ratio(colour, palette.BACKGROUND) >= palette.AA_TEXT, (name, where, colour)


def test_spike_markers_reach_aa_too() -> None:
    marker = next(mark_of(v) for v in views_of(spec("time.time_chart")) if mark_of(v)["type"] == "point")
    assert marker["color"] == SPIKE_COLOR
    assert palette.contrast_ratio(SPIKE_COLOR, palette.BACKGROUND) >= palette.AA_TEXT
