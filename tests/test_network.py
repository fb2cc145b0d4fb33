"""Networks of a view: exact graphs of small frames, a row-by-row reference, the cap, the layout, GEXF and
GraphML read back, and ``reactions network``."""

from __future__ import annotations

import io
import math
import subprocess
import sys
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np
import pandas as pd
import pytest

from reactions import cli
from reactions.analysis.aggregate import reactions_by_hashtag
from reactions.analysis.index import FrameIndex, author_labels
from reactions.analysis.network import (
    DEFAULT_TOP,
    GRAPHS,
    MAX_TOP,
    Network,
    build_network,
    gexf_bytes,
    graphml_bytes,
    hashtag_network,
    mention_network,
)
from reactions.cli import build_parser, main
from tests.frame_factory import make_frame, make_row, random_frame


def tags_frame() -> pd.DataFrame:
    rows = [
        make_row(0, hashtags=["MeToo", "TimesUp"], compound=-0.5),
        make_row(1, hashtags=["metoo", "timesup", "Oscars"], compound=0.25),
        make_row(2, hashtags=["MeToo"], compound=0.75),
        make_row(3, hashtags=["Oscars", "MeToo", "METOO"], compound=float("nan")),
        make_row(4, hashtags=[], compound=0.1),
    ]
    return make_frame(rows)


def test_the_co_hashtag_graph_of_a_small_frame() -> None:
    network = hashtag_network(tags_frame())
    graph = network.graph
    assert not graph.is_directed()
    assert list(graph.nodes) == ["MeToo", "Oscars", "TimesUp"]  # most reactions first, ties alphabetical
    assert {n: d["count"] for n, d in graph.nodes(data=True)} == {"MeToo": 4, "Oscars": 2, "TimesUp": 2}
    assert graph.nodes["MeToo"]["mean_compound"] == pytest.approx((-0.5 + 0.25 + 0.75) / 3)  # NaN left out
    weights = {frozenset((a, b)): w for a, b, w in graph.edges(data="weight")}
    assert weights == {
        frozenset(("MeToo", "TimesUp")): 2,
        frozenset(("MeToo", "Oscars")): 2,
        frozenset(("Oscars", "TimesUp")): 1,
    }
    assert graph.edges["Oscars", "TimesUp"]["mean_compound"] == pytest.approx(0.25)
    assert (network.nodes_total, network.edges_total) == (3, 3)
    assert network.cap == "all 3 hashtags, all 3 links"


def test_a_mask_is_the_view() -> None:
    mask = np.array([False, True, True, False, True])
    graph = hashtag_network(tags_frame(), mask=mask).graph
    assert {n: d["count"] for n, d in graph.nodes(data=True)} == {
        "metoo": 2,
        "Oscars": 1,
        "timesup": 1,
    }  # a tie: the first seen
    assert graph.number_of_edges() == 3


def mentions_frame() -> pd.DataFrame:
    rows = [
        make_row(0, handle="ann", author="ann", mentions=["Bob", "cy"], compound=0.5),
        make_row(1, handle="Ann", author="Ann", mentions=["bob"], compound=-0.5),
        make_row(2, handle="bob", author="bob", mentions=["ann", "bob"], compound=0.2),  # mentions itself too
        make_row(3, handle="dee", author="dee", mentions=[], compound=0.9),  # mentions no one: not a node
        make_row(4, kind="quote", handle=None, author="Kaya Jones", mentions=["cy"], compound=-1.0),
        make_row(5, kind="quote", handle=None, author=None, display_name="a fan", mentions=["CY"], compound=0.0),
    ]
    return make_frame(rows)


def test_the_author_mention_graph_of_a_small_frame() -> None:
    network = mention_network(mentions_frame())
    graph = network.graph
    assert graph.is_directed()
    nodes = {n: (d["count"], d["authored"], d["mentioned"], d["role"]) for n, d in graph.nodes(data=True)}
    assert nodes == {
        "@ann": (3, 2, 1, "both"),  # by ann twice, mentioned by bob
        "@bob": (3, 1, 3, "both"),  # by bob once, mentioned in rows 0, 1 and 2 (by itself)
        "@cy": (3, 0, 3, "mentioned"),  # the unattributed quote counts, but makes no edge
        "Kaya Jones": (1, 1, 0, "author"),
    }
    assert list(graph.nodes)[:3] == ["@ann", "@bob", "@cy"]
    assert {(a, b): w for a, b, w in graph.edges(data="weight")} == {
        ("@ann", "@bob"): 2,
        ("@ann", "@cy"): 1,
        ("@bob", "@ann"): 1,
        ("Kaya Jones", "@cy"): 1,
    }
    assert graph.edges["@ann", "@bob"]["mean_compound"] == pytest.approx(0.0)
    assert graph.nodes["@ann"]["mean_compound"] == pytest.approx((0.5 - 0.5 + 0.2) / 3)


def reference_hashtags(frame: pd.DataFrame, mask: np.ndarray) -> tuple[dict[str, Any], dict[Any, int]]:
    """Row by row: each case-folded hashtag's reactions and mean compound; each pair's reactions."""
    rows: dict[str, list[float]] = defaultdict(list)
    pairs: Counter[frozenset[str]] = Counter()
    for keep, tags, score in zip(mask, frame["hashtags"], frame["compound"], strict=True):
        if not keep:
            continue
        folded = sorted({t.casefold() for t in tags})
        for tag in folded:
            rows[tag].append(score)
        pairs.update(frozenset((a, b)) for i, a in enumerate(folded) for b in folded[i + 1 :])
    return {k: (len(v), _mean(v)) for k, v in rows.items()}, dict(pairs)


def _mean(values: list[float]) -> float:
    scored = [v for v in values if not math.isnan(v)]
    return sum(scored) / len(scored) if scored else math.nan


def _same(a: float, b: float) -> bool:
    return (math.isnan(a) and math.isnan(b)) or a == pytest.approx(b)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_hashtag_graph_matches_a_row_by_row_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, 300)
    mask = rng.random(len(frame)) < 0.7
    network = hashtag_network(FrameIndex(frame), mask=mask, top=MAX_TOP)
    nodes, pairs = reference_hashtags(frame, mask)
    graph = network.graph
    assert {n.casefold() for n in graph.nodes} == set(nodes)
    for node, data in graph.nodes(data=True):
        count, mean = nodes[node.casefold()]
        assert data["count"] == count
        assert _same(data["mean_compound"], mean)
    assert {frozenset((a.casefold(), b.casefold())): w for a, b, w in graph.edges(data="weight")} == pairs
    top = reactions_by_hashtag(frame, top=MAX_TOP, mask=mask)  # the same spellings, in the same order
    assert list(graph.nodes) == top["hashtag"].tolist()
    assert [d["count"] for _, d in graph.nodes(data=True)] == top["reactions"].tolist()


@pytest.mark.parametrize("seed", [4, 5])
def test_the_mention_graph_matches_a_row_by_row_reference(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, 300)
    mask = rng.random(len(frame)) < 0.8
    authors = author_labels(frame)
    involved: dict[str, set[int]] = defaultdict(set)
    edges: Counter[tuple[str, str]] = Counter()
    mentioning: set[str] = set()
    for row in np.flatnonzero(mask):
        author = authors.iloc[row].casefold() if isinstance(authors.iloc[row], str) else None
        mentioned = {f"@{m}".casefold() for m in frame["mentions"].iloc[row]}
        for account in mentioned | ({author} if author else set()):
            involved[account].add(row)
        mentioning |= mentioned
        if author and mentioned - {author}:
            mentioning.add(author)
            edges.update((author, m) for m in mentioned - {author})
    graph = mention_network(frame, mask=mask, top=MAX_TOP).graph
    assert {n.casefold() for n in graph.nodes} == mentioning
    for node, data in graph.nodes(data=True):
        assert data["count"] == len(involved[node.casefold()])
    assert {(a.casefold(), b.casefold()): w for a, b, w in graph.edges(data="weight")} == dict(edges)


def test_the_cap_keeps_the_top_nodes_and_the_edges_among_them_and_says_so() -> None:
    frame = tags_frame()
    network = hashtag_network(frame, top=2)
    assert list(network.graph.nodes) == ["MeToo", "Oscars"]
    assert list(network.graph.edges(data="weight")) == [("MeToo", "Oscars", 2)]
    assert network.cap == "top 2 of 3 hashtags by reactions, 1 of 3 links"
    heavy = hashtag_network(frame, min_weight=2)
    assert heavy.graph.number_of_nodes() == 3
    assert sorted(w for _, _, w in heavy.graph.edges(data="weight")) == [2, 2]
    assert heavy.cap == "all 3 hashtags, 2 of 3 links; links of at least 2 reactions"
    assert hashtag_network(frame, top=10_000).top == MAX_TOP


@pytest.mark.parametrize("kind", ["hashtags", "mentions"])
def test_an_empty_view_is_an_explanation_not_an_error(kind: str) -> None:
    frame = tags_frame()
    for mask in (np.zeros(len(frame), dtype=bool), np.array([False, False, False, False, True])):
        network = build_network(frame, kind, mask=mask)
        assert network.graph.number_of_nodes() == 0
        assert network.empty is not None
        assert "No " in network.empty
        assert network.nodes_frame().empty
        assert network.edges_frame().empty
        assert nx.read_gexf(io.BytesIO(gexf_bytes(network))).number_of_nodes() == 0
    assert build_network(frame, "hashtags").empty is None


def test_the_layout_is_fixed_and_inside_the_square() -> None:
    frame = random_frame(np.random.default_rng(7), 200)
    first, again = (mention_network(frame).nodes_frame() for _ in range(2))
    pd.testing.assert_frame_equal(first, again)
    assert first[["x", "y"]].abs().to_numpy().max() <= 1.0
    assert first[["x", "y"]].drop_duplicates().shape[0] == len(first)  # no two nodes on one spot
    edges = hashtag_network(frame).edges_frame()
    nodes = hashtag_network(frame).nodes_frame().set_index("node")
    assert edges["x"].tolist() == nodes.loc[edges["source"], "x"].tolist()
    assert edges["y2"].tolist() == nodes.loc[edges["target"], "y"].tolist()
    assert edges["weight"].is_monotonic_decreasing  # heaviest first


def _plain(network: Network) -> None:
    for _, data in network.graph.nodes(data=True):
        assert all(type(v) in (int, float, str) for v in data.values()), data
    for _, _, data in network.graph.edges(data=True):
        assert all(type(v) in (int, float, str) for v in data.values()), data


@pytest.mark.parametrize("kind", ["hashtags", "mentions"])
@pytest.mark.parametrize("write", [gexf_bytes, graphml_bytes])
def test_exports_read_back_with_networkx(kind: str, write: Any) -> None:
    frame = random_frame(np.random.default_rng(9), 150)
    network = build_network(frame, kind, top=12)
    _plain(network)
    data = write(network)
    back = (nx.read_gexf if write is gexf_bytes else nx.read_graphml)(io.BytesIO(data))
    assert back.is_directed() == (kind == "mentions")
    labels = {node: attributes["label"] for node, attributes in back.nodes(data=True)}
    assert sorted(labels.values()) == sorted(network.graph.nodes)
    for node, attributes in back.nodes(data=True):
        source = network.graph.nodes[labels[node]]
        for name in ("count", "x", "y", *(("role", "authored") if kind == "mentions" else ())):
            assert attributes[name] == source[name], name
        assert _same(float(attributes["mean_compound"]), source["mean_compound"])
    weights = {(labels[a], labels[b]): w for a, b, w in back.edges(data="weight")}
    original = {(a, b): w for a, b, w in network.graph.edges(data="weight")}
    if kind == "hashtags":  # undirected: either end may come first
        weights = {frozenset(k): w for k, w in weights.items()}  # type: ignore[misc]
        original = {frozenset(k): w for k, w in original.items()}  # type: ignore[misc]
    assert weights == original
    assert network.cap.encode() in data


def test_names_that_are_markup_or_not_xml_are_written_safely() -> None:
    frame = make_frame([
        make_row(0, hashtags=["<b>bold</b>", "a&b", "x\x01y"]), make_row(1, hashtags=["<b>bold</b>"]),
    ])  # fmt: skip
    network = hashtag_network(frame)
    for write, read in ((gexf_bytes, nx.read_gexf), (graphml_bytes, nx.read_graphml)):
        data = write(network)
        assert b"<b>" not in data
        back = read(io.BytesIO(data))
        assert sorted(d["label"] for _, d in back.nodes(data=True)) == ["<b>bold</b>", "a&b", "xy"]


# --- reactions network ----------------------------------------------------------------------------------


def test_the_parser_knows_the_networks_without_importing_them() -> None:
    assert (cli.NETWORK_GRAPHS, cli.NETWORK_TOP, cli.NETWORK_MAX_TOP) == (GRAPHS, DEFAULT_TOP, MAX_TOP)
    code = "import sys; from reactions.cli import build_parser; build_parser(); print('networkx' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_network_parser() -> None:
    args = build_parser().parse_args(["network", "a", "b", "--graph", "mentions", "-o", "x.graphml", "--top", "5"])
    assert (args.command, args.paths, args.graph, args.output, args.top) == (
        "network", ["a", "b"], "mentions", Path("x.graphml"), 5,
    )  # fmt: skip
    assert build_parser().parse_args(["network", "a"]).graph == "hashtags"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["network", "a", "--graph", "emoji"], "invalid choice"),
        (["network", "a", "--top", "0"], "--top"),
        (["network", "a", "--top", str(MAX_TOP + 1)], "--top"),
        (["network", "a", "--min-weight", "x"], "not a whole number"),
    ],
)
def test_network_rejects_bad_usage(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


@pytest.fixture
def mention_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "a.txt").write_text(
        "Fans wrote:\n\nSo good @bob #Win #go — Ann (@ann) May 1, 2020\n\n"
        "Agreed @ann @cy #win — Bob (@bob) May 2, 2020\n",
        encoding="utf-8",
    )
    return folder


@pytest.mark.parametrize(("suffix", "read"), [(".gexf", nx.read_gexf), (".graphml", nx.read_graphml)])
def test_network_writes_the_graph_and_a_summary(
    capsys: pytest.CaptureFixture[str], mention_folder: Path, tmp_path: Path, suffix: str, read: Any
) -> None:
    out = tmp_path / f"net{suffix}"
    assert main(["network", str(mention_folder), "--graph", "mentions", "-o", str(out), "--jobs", "1"]) == 0
    stdout, err = capsys.readouterr()
    assert stdout == ""
    assert "nodes: 3, edges: 3 (all 3 accounts, all 3 links)" in err
    assert err.startswith("files: 1, articles: 1, reactions: 2 unique")
    back = read(out)
    edges = {(back.nodes[a]["label"], back.nodes[b]["label"]) for a, b in back.edges}
    assert edges == {("@ann", "@bob"), ("@bob", "@ann"), ("@bob", "@cy")}
    assert not list(tmp_path.glob(".net*"))  # no temporary file left beside it


def test_network_to_stdout_is_gexf(capsys: pytest.CaptureFixture[str], mention_folder: Path) -> None:
    assert main(["network", str(mention_folder), "--min-weight", "2", "-q", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    back = nx.read_gexf(io.BytesIO(out.encode()))
    assert sorted(d["label"] for _, d in back.nodes(data=True)) == ["Win", "go"]
    assert back.number_of_edges() == 0  # Win and go share one reaction only


def test_network_without_hashtags_says_so(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Fans wrote:\n\nSo good — Ann (@ann) May 1, 2020\n", encoding="utf-8")
    assert main(["network", str(tmp_path), "-o", str(tmp_path / "n.gexf"), "--jobs", "1"]) == 0
    err = capsys.readouterr().err
    assert "nodes: 0, edges: 0" in err
    assert "note: No hashtags in these reactions." in err


@pytest.mark.parametrize(("name", "message"), [("n.csv", "unknown network format"), ("missing/n.gexf", "cannot write")])
def test_network_errors(
    capsys: pytest.CaptureFixture[str], mention_folder: Path, tmp_path: Path, name: str, message: str
) -> None:
    assert main(["network", str(mention_folder), "-o", str(tmp_path / name), "--jobs", "1"]) == 1
    err = capsys.readouterr().err
    assert err.splitlines()[-1].startswith("error: ")
    assert message in err


def test_network_of_nothing_readable_is_an_error(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["network", str(tmp_path / "nowhere")]) == 1
    assert capsys.readouterr().err.splitlines()[-1].startswith("error: ")
