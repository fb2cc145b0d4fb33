"""reactions.charts.outlets: the top outlets chart (a linked selection) and the amplification chart (to_dict())."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pandas as pd
from frame_factory import make_frame, make_row

from reactions.analysis import aggregate
from reactions.analysis.amplification import amplification
from reactions.charts.outlets import FIRST_COLOR, OUTLET_SELECTION, amplification_chart, outlet_chart

T0 = dt.datetime(2020, 2, 1, 10, tzinfo=dt.UTC)


def at(hours: float) -> str:
    return (T0 + dt.timedelta(hours=hours)).isoformat()


FRAME = make_frame([
    make_row(0, outlets=["cnn.com", "bbc.co.uk"], outlet_published=[at(5), at(0)], compound=0.8),
    make_row(1, outlets=["bbc.co.uk"], outlet_published=[at(1)], compound=-0.6),
    make_row(2, outlets=["bbc.co.uk", "lemonde.fr", "cnn.com"], outlet_published=[at(2), "", at(2.5)]),
    make_row(3),
])  # fmt: skip


def rows_of(spec: dict[str, Any]) -> list[dict[str, Any]]:
    return [row for rows in spec["datasets"].values() for row in rows]


def test_outlet_bars_are_ranked_coloured_and_selectable() -> None:
    spec = outlet_chart(aggregate.top_outlets(FRAME)).to_dict()
    assert spec["mark"]["type"] == "bar"
    assert [(r["outlet"], r["reactions"]) for r in rows_of(spec)] == [("bbc.co.uk", 3), ("cnn.com", 2),
                                                                      ("lemonde.fr", 1)]  # fmt: skip
    assert spec["encoding"]["color"]["field"] == "mean_compound"
    assert spec["encoding"]["y"]["sort"] == "-x"
    (param,) = spec["params"]
    assert param["name"] == OUTLET_SELECTION
    assert param["select"] == {"type": "point", "fields": ["outlet"], "on": "click", "clear": "dblclick"}
    assert spec["encoding"]["opacity"]["condition"]["param"] == OUTLET_SELECTION
    assert [t["title"] for t in spec["encoding"]["tooltip"]] == ["Outlet", "Reactions cited", "Mean compound"]


def test_the_amplification_chart_puts_each_outlet_at_its_lag() -> None:
    spec = amplification_chart(amplification(FRAME)).to_dict()
    dots, above, below = spec["layer"]
    assert [layer["mark"]["type"] for layer in spec["layer"]] == ["circle", "text", "text"]
    assert (above["mark"]["dy"] < 0 < below["mark"]["dy"])  # names above and below their dots in turn
    assert [above["transform"], below["transform"]] == [[{"filter": "datum.step % 2 == 0"}],
                                                        [{"filter": "datum.step % 2 == 1"}]]  # fmt: skip
    names = above
    points = [(r["post"], r["outlet"], r["lag_hours"]) for r in rows_of(spec)]
    post2, post0 = "@user2: post number 2", "@user0: post number 0"  # three outlets first; lemonde.fr has no time
    assert points == [(post2, "bbc.co.uk", 0.0), (post2, "cnn.com", 0.5), (post0, "bbc.co.uk", 0.0),
                      (post0, "cnn.com", 5.0)]  # fmt: skip
    assert dots["encoding"]["y"]["sort"] == [post2, post0]
    assert dots["encoding"]["x"]["field"] == names["encoding"]["x"]["field"] == "lag_hours"
    assert dots["encoding"]["x"]["axis"]["format"] == ",~f"  # "0", "12", "1.5": never "0.000000"
    assert dots["encoding"]["color"]["scale"]["range"][0] == FIRST_COLOR
    assert names["encoding"]["text"]["field"] == "outlet"
    assert {t["title"] for t in dots["encoding"]["tooltip"]} >= {"Post", "Outlet", "Published", "Hours after the first"}
    assert rows_of(spec)[0]["published"] == "2020-02-01 12:00 UTC"
    assert all("id" not in r and "compound" not in r for r in rows_of(spec))


def test_empty_inputs_still_make_charts() -> None:
    empty = make_frame([])
    assert rows_of(outlet_chart(aggregate.top_outlets(empty)).to_dict()) == []
    assert rows_of(amplification_chart(amplification(empty)).to_dict()) == []
    assert isinstance(amplification(empty), pd.DataFrame)
