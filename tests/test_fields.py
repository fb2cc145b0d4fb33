"""reactions.viewstate.fields: every filter and linked selection declared once.  For every row of the tables:
the filter record has its fields, its value round-trips through the URL (side A's keys and side B's), its mask
keeps what the row-by-row reference keeps, and the page draws its sidebar widget and, when it has one, side B's."""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row
from page_harness import run_page  # the fixture corpus: conftest
from test_views import Reference

from app import compare as app_compare
from app import presenter, sidebar
from reactions.analysis import compare
from reactions.viewstate import links, views
from reactions.viewstate.fields import FILTER_FIELDS, FILTERS, SELECTIONS, FilterField, SelectionField
from reactions.viewstate.views import Filters, Selection


def frame() -> pd.DataFrame:
    """Six reactions, each filter's sample value keeping some and not others."""
    d1, d2, d4 = dt.date(2020, 1, 31), dt.date(2020, 2, 1), dt.date(2020, 2, 3)
    return make_frame([
        make_row(0, date=d1, hashtags=["MeToo"], compound=-0.8),
        make_row(1, date=d2, hashtags=["MeToo", "TimesUp"], compound=0.6, lang="de", rendering="card",
                 date_source="article", confidence=0.4),
        make_row(2, date=d2, sources=["b.txt"], handle="ann"),
        make_row(3, date=d4, platform="bluesky", compound=0.3),
        make_row(4, date=d4, lang="de", outlets=["bbc.co.uk"], compound=-0.2),
        make_row(5, kind="quote", date=None, handle=None, display_name="Jane Doe", compound=0.5),
    ])


FRAME = frame()
OPTIONS = presenter.filter_options(FRAME)


def sample(field: FilterField) -> dict[str, Any]:
    """A value of ``field`` that keeps some rows of :data:`FRAME` (by ``Filters`` field)."""
    if field.name == "dates":
        return {"start": dt.date(2020, 2, 1), "end": dt.date(2020, 2, 2)}
    value = {"flag": True, "share": 0.5, "text": "number 3", "bucket": "week", "zone": "Asia/Tokyo"}.get(field.value)
    if value is None:  # items: one the data offers
        value = (OPTIONS[field.offered][0],)
    return {field.name: value}


def test_the_filter_and_selection_records_are_the_tables() -> None:
    assert [f.name for f in dataclasses.fields(Filters)] == [name for field in FILTERS for name in field.fields]
    assert {f.name for f in dataclasses.fields(Selection)} - {"unit", "zone"} == {s.name for s in SELECTIONS}
    assert list(links.QUERY_KEYS.values()) == [key for field in FILTERS for key in field.keys]
    assert len(set(links.QUERY_KEYS.values())) == len(links.QUERY_KEYS)  # one key, one filter
    assert list(links.SELECTION_KEYS.values()) == [s.key for s in SELECTIONS]


@pytest.mark.parametrize("field", FILTERS, ids=lambda field: field.name)
def test_every_filter_round_trips_through_the_url_on_both_sides(field: FilterField) -> None:
    filters = Filters(**sample(field))
    query = links.filters_to_query(filters)
    assert set(query) == set(field.keys)
    assert links.filters_from_query(query) == filters
    side_b = compare.side_query(filters)
    assert set(side_b) == {links.SIDE_B + key for key in field.keys}
    assert compare.side_filters(side_b) == filters


@pytest.mark.parametrize("field", [f for f in FILTERS if f.mask is not None], ids=lambda field: field.name)
def test_every_filter_mask_keeps_what_the_row_by_row_reference_keeps(field: FilterField) -> None:
    filters = Filters(**sample(field))
    kept = views.filter_rows(FRAME, filters)
    if field.name == "languages":
        expected = FRAME["lang"].isin(filters.languages).to_numpy()
    else:
        expected = Reference.filter_mask(FRAME, filters).to_numpy()
    assert kept.tolist() == expected.tolist()
    assert 0 < kept.sum() < len(FRAME)  # the value decides: some rows kept, some not


@pytest.mark.parametrize("field", FILTERS, ids=lambda field: field.name)
def test_every_filter_widget_starts_from_a_link_and_gives_the_filter_back(field: FilterField) -> None:
    filters = Filters(**sample(field))
    values = presenter.widget_values(filters, OPTIONS)
    assert set(values) == set(FILTER_FIELDS)
    back = presenter.filters_from_widgets(values, OPTIONS["days"])
    assert back == filters
    assert presenter.unmatched_values(filters, OPTIONS) == []


def test_every_filter_has_its_sidebar_widget_and_side_b_its_own(corpus: Path) -> None:
    at = run_page({"compare": "on"}, opened=(sidebar.MORE_KEY,))  # the rarer filters: built while it is open
    assert not at.exception
    kinds = ("date_input", "toggle", "selectbox", "multiselect", "text_input", "slider", "pills", "segmented_control")
    drawn = {element.key: element for kind in kinds for element in getattr(at, kind)}
    for field in FILTERS:
        assert drawn[field.widget].label == field.label, field.name
        assert sidebar.WIDGETS[field.name] == field.widget
        if field.side_b:
            assert drawn[field.side_b].label == field.side_b_label, field.name
            assert app_compare.B_WIDGETS[field.name] == field.side_b
    assert {key for key in drawn if key.startswith("f_")} == {field.widget for field in FILTERS}  # no filter beside


SELECTED = {"buckets": ("2020-02-01",), "hashtags": ("MeToo",), "sentiments": ("negative",),
            "outlets": ("bbc.co.uk",), "accounts": ("@user0",)}  # fmt: skip


@pytest.mark.parametrize("field", SELECTIONS, ids=lambda field: field.name)
def test_every_selection_round_trips_and_selects_what_the_reference_selects(field: SelectionField) -> None:
    selection = Selection(**{field.name: SELECTED[field.name]})
    query = links.selection_to_query(selection)
    assert set(query) == {field.key}
    assert links.selection_from_query(query) == selection
    kept = views.select_rows(FRAME, selection)
    assert kept.tolist() == Reference.select_mask(FRAME, selection).tolist()
    assert 0 < kept.sum() < len(FRAME)
    for chart in field.charts:  # a click in each chart that sets it
        state = {chart: {"selection": {chart: [{"value": v} for v in SELECTED[field.name]]}}}
        assert getattr(views.selection_from_states(state), field.name) == SELECTED[field.name]
    drawn = views.chart_rows(FRAME, np.ones(len(FRAME), dtype=bool), selection)
    assert drawn.view.tolist() == kept.tolist()
    if field.drawn:  # the chart that selects it still draws every row (cross-filtering)
        assert getattr(drawn, field.drawn).all()
