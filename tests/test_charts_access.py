"""Every chart of reactions/charts/*.py, through to_dict(): tooltips in words (never a raw or internal field name),
an accessible name (its description), and no mark a screen reader would read as raw fields."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from chart_gallery import GALLERY, MODULES, mark_of, spec, views_of


def test_the_gallery_has_every_chart() -> None:
    public = {
        f"{module.__name__.rsplit('.', 1)[1]}.{name}"
        for module in MODULES
        for name, function in inspect.getmembers(module, inspect.isfunction)
        if name.endswith("_chart") and not name.startswith("_") and function.__module__ == module.__name__
    }
    assert public
    assert public <= set(GALLERY), public - set(GALLERY)


def tooltips(view: dict[str, Any]) -> list[dict[str, Any]]:
    tips = view.get("encoding", {}).get("tooltip", [])
    return tips if isinstance(tips, list) else [tips]


@pytest.mark.parametrize("name", list(GALLERY))
def test_every_tooltip_entry_has_a_title_in_words(name: str) -> None:
    entries = [tip for view in views_of(spec(name)) for tip in tooltips(view)]
    assert entries, name
    for tip in entries:
        assert tip.get("title"), (name, tip)
        assert not tip["field"].startswith("_"), (name, tip)
        assert tip["title"] != tip["field"], (name, tip)  # "reactions" is a field; "Reactions" is its title
        assert tip["title"][0].isupper(), (name, tip)


@pytest.mark.parametrize("name", list(GALLERY))
def test_every_chart_has_a_description(name: str) -> None:
    """Vega turns a chart's description into its SVG's aria-label: the chart's accessible name."""
    assert len(spec(name).get("description", "")) > 20


@pytest.mark.parametrize("name", list(GALLERY))
def test_no_mark_shows_or_reads_out_raw_fields(name: str) -> None:
    """A mark either lists its tooltip (titled, above), says what it is (a description encoding), or is hidden
    from screen readers (``aria: false``: the layers that only draw what another layer says); and no mark shows a
    tooltip of its own encoding (Streamlit's chart theme turns ``mark.tooltip`` on, the palette's config off)."""
    chart = spec(name)
    assert chart["config"]["mark"]["tooltip"] is False
    for view in views_of(chart):
        mark, encoding = mark_of(view), view.get("encoding", {})
        assert mark.get("tooltip") in (None, False), (name, mark)
        assert tooltips(view) or "description" in encoding or mark.get("aria") is False, (name, mark["type"])
