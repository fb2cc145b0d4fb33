"""The network chart through chart.to_dict(): layers, layout coordinates, sizes, colours, labels, tooltips and
the node selection."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row

from reactions.analysis.network import build_network, hashtag_network
from reactions.charts.core import compound_color
from reactions.charts.network import (
    CHAR_PX,
    EDGE_OPACITY,
    LABELLED,
    LINE_PX,
    NETWORK_HEIGHT,
    NETWORK_SELECTIONS,
    SPAN,
    network_chart,
)


def many_frame() -> pd.DataFrame:
    """Sixty reactions over twenty hashtags, twenty authors and fifteen mentioned accounts, scores of both signs."""
    rng = np.random.default_rng(3)
    rows = [
        make_row(i, hashtags=[f"t{i % 20}", f"t{i * 7 % 20}"], mentions=[f"m{i % 15}"], handle=f"u{i % 20}",
                 author=f"u{i % 20}", compound=float(rng.uniform(-1, 1)))
        for i in range(60)
    ]  # fmt: skip
    return make_frame(rows)


def layers(kind: str, top: int = 40) -> tuple[dict[str, Any], dict[str, dict[str, Any]]]:
    network = build_network(many_frame(), kind, top=top)
    spec = network_chart(network).to_dict()
    by_mark = {layer["mark"]["type"]: layer for layer in spec["layer"]}
    return spec, by_mark


def rows_of(spec: dict[str, Any], layer: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = spec["datasets"][layer["data"]["name"]]
    return rows


@pytest.mark.parametrize("kind", ["hashtags", "mentions"])
def test_edges_are_rules_between_the_layout_of_their_nodes(kind: str) -> None:
    spec, by_mark = layers(kind)
    assert set(by_mark) == {"rule", "circle", "text"}
    rule = by_mark["rule"]["encoding"]
    assert [rule[c]["field"] for c in ("x", "y", "x2", "y2")] == ["x", "y", "x2", "y2"]
    assert rule["strokeWidth"]["field"] == "weight"
    nodes = {row["node"]: (row["x"], row["y"]) for row in rows_of(spec, by_mark["circle"])}
    edges = rows_of(spec, by_mark["rule"])
    assert edges
    for edge in edges:
        assert (edge["x"], edge["y"]) == nodes[edge["source"]]
        assert (edge["x2"], edge["y2"]) == nodes[edge["target"]]


@pytest.mark.parametrize("kind", ["hashtags", "mentions"])
def test_nodes_are_sized_by_reactions_coloured_by_compound_and_the_largest_labelled(kind: str) -> None:
    spec, by_mark = layers(kind)
    circle = by_mark["circle"]["encoding"]
    assert circle["size"]["field"] == "count"
    assert circle["color"] == compound_color().to_dict()
    nodes = rows_of(spec, by_mark["circle"])
    labelled = rows_of(spec, by_mark["text"])
    assert by_mark["text"]["encoding"]["text"]["field"] == "node"
    largest = [r["node"] for r in nodes[:LABELLED]]
    assert [r["node"] for r in labelled] == [n for n in largest if n in {r["node"] for r in labelled}]  # in order
    assert len(labelled) >= LABELLED // 2
    assert all(r["labelled"] == (r["node"] in {x["node"] for x in labelled}) for r in nodes)
    counts = [r["count"] for r in nodes]
    assert counts == sorted(counts, reverse=True)
    assert len(nodes) > LABELLED


@pytest.mark.parametrize("kind", ["hashtags", "mentions"])
def test_tooltips_say_what_they_show_in_words(kind: str) -> None:
    _, by_mark = layers(kind)
    internal = {"node", "count", "mean_compound", "weight", "source", "target", "role", "x", "y"}
    for layer in by_mark.values():
        tips = layer["encoding"]["tooltip"]
        assert tips
        assert all(tip["title"] and tip["title"] not in internal for tip in tips)
    titles = {tip["title"] for tip in by_mark["circle"]["encoding"]["tooltip"]}
    assert titles == ({"Hashtag", "Reactions", "Mean compound"} if kind == "hashtags" else
                      {"Account", "Reactions", "Role", "Mean compound"})  # fmt: skip


@pytest.mark.parametrize("kind", ["hashtags", "mentions"])
def test_a_click_on_a_node_selects_it(kind: str) -> None:
    spec, by_mark = layers(kind)
    params = [p for p in spec.get("params", []) + by_mark["circle"].get("params", []) if "select" in p]
    assert [p["name"] for p in params] == [NETWORK_SELECTIONS[kind]]
    assert params[0]["select"]["fields"] == ["node"]
    assert params[0]["select"]["on"] == "click"
    assert "param" in str(by_mark["circle"]["encoding"]["opacity"])


def test_no_post_text_reaches_the_chart_and_the_cap_is_in_its_description() -> None:
    frame = make_frame([make_row(0, hashtags=["a", "b"], text="secret words"), make_row(1, hashtags=["a", "c"])])
    network = hashtag_network(frame, top=2)
    spec = network_chart(network).to_dict()
    assert "secret" not in str(spec["datasets"])
    assert network.cap in spec["description"]
    assert "top 2 of 3 hashtags" in spec["description"]


def test_an_empty_network_still_makes_a_chart() -> None:
    network = hashtag_network(make_frame([make_row(0)]))
    spec = network_chart(network).to_dict()
    assert all(rows == [] for rows in spec["datasets"].values()) or not spec["datasets"]


def test_names_sit_above_their_circles_and_a_circle_is_spoken_in_words() -> None:
    spec, by_mark = layers("hashtags")
    nodes = rows_of(spec, by_mark["circle"])
    size = by_mark["circle"]["encoding"]["size"]["scale"]
    assert size["domain"] == [0, max(r["count"] for r in nodes)]
    low, high = size["range"]
    for row in nodes:
        area = low + (high - low) * row["count"] / size["domain"][1]
        lift_px = (row["label_y"] - row["y"]) * NETWORK_HEIGHT / (2 * SPAN)
        radius = (area / np.pi) ** 0.5
        above, below = radius + 3, -(radius + 3 + LINE_PX)  # just above the circle's top, or just below its foot
        placed_below = row["labelled"] and lift_px == pytest.approx(below, abs=0.1)
        assert lift_px == pytest.approx(above, abs=0.1) or placed_below
        assert row["spoken"] == f"{row['node']}: {row['count']} reactions, mean compound {row['mean_compound']:+.2f}"
    assert by_mark["text"]["encoding"]["y"]["field"] == "label_y"
    assert by_mark["text"]["mark"]["baseline"] == "bottom"
    assert by_mark["circle"]["encoding"]["y"]["scale"]["domain"] == [-SPAN, SPAN]
    assert by_mark["circle"]["encoding"]["description"]["field"] == "spoken"
    assert by_mark["text"]["encoding"]["description"]["field"] == "spoken"


@pytest.mark.parametrize("kind", ["hashtags", "mentions"])
def test_no_two_names_overlap_and_links_are_seen(kind: str) -> None:
    crowded = make_frame([make_row(i, hashtags=["long_hashtag_name_" + "ab"[i % 2], f"t{i % 9}"],
                                   mentions=[f"account_{i % 9}"]) for i in range(40)])  # fmt: skip
    spec = network_chart(build_network(crowded, kind)).to_dict()
    by_mark = {layer["mark"]["type"]: layer for layer in spec["layer"]}
    unit = 2 * SPAN / NETWORK_HEIGHT
    boxes = [(r["x"] - len(r["node"]) * CHAR_PX * unit / 2, r["x"] + len(r["node"]) * CHAR_PX * unit / 2,
              r["label_y"], r["label_y"] + LINE_PX * unit) for r in rows_of(spec, by_mark["text"])]  # fmt: skip
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            assert not (a[0] < b[1] - 1e-3 and b[0] < a[1] - 1e-3 and a[2] < b[3] - 1e-3 and b[2] < a[3] - 1e-3)
    assert by_mark["rule"]["mark"]["opacity"] == EDGE_OPACITY >= 0.75
    assert by_mark["rule"]["encoding"]["strokeWidth"]["scale"]["range"][0] >= 1.0
