"""Networks of the reactions in view, as 4CAT and DMI-TCAT give them for social-media data: which hashtags
are used together (:func:`hashtag_network`) and which accounts mention which (:func:`mention_network`).

Each takes a frame of the :func:`reactions.frames.to_frame` contract with the sentiment columns (or its
:class:`~reactions.analysis.index.FrameIndex`) and a row mask (the view), and returns a :class:`Network`: a networkx
graph capped for reading (the ``top`` nodes by reactions, the edges among them, optionally only edges of at
least ``min_weight`` reactions; the cap is stated in :attr:`Network.cap`), laid out with a fixed seed, and its
node and edge tables for a chart.  :func:`gexf_bytes` and :func:`graphml_bytes` write it for Gephi.  Node
ids are the names as shown (hashtags without ``#``, accounts as ``"@handle"``, a quote's author by name).

>>> from reactions.models import Kind, Reaction
>>> from reactions.frames import to_frame
>>> frame = to_frame([Reaction("a", Kind.EMBED, "twitter", "ann", "Ann", None, "x", hashtags=("Win", "go")),
...                   Reaction("b", Kind.EMBED, "twitter", "bo", "Bo", None, "y", hashtags=("win",))])
>>> network = hashtag_network(frame)
>>> [(node, data["count"]) for node, data in network.graph.nodes(data=True)]
[('Win', 2), ('go', 1)]
>>> list(network.graph.edges(data="weight")), network.cap
([('Win', 'go', 1)], 'all 2 hashtags, all 1 link')
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import PurePath
from typing import Any, Final

import networkx as nx
import numpy as np
import pandas as pd

from reactions.analysis.index import Data, Entries, FrameIndex, Mask, prepare_rows

GRAPHS: Final = ("hashtags", "mentions")
"""The networks there are: co-hashtags (undirected) and author -> mentioned account (directed)."""
DEFAULT_TOP: Final = 30
MAX_TOP: Final = 200
"""The most nodes a network keeps (the layout stays quick and numpy-only below networkx's 500)."""
SEED: Final = 14
"""The layout's seed: the same view gives the same picture."""
_NOT_XML: Final = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold (control characters, lone surrogates, U+FFFE/U+FFFF)."""


@dataclass(frozen=True, slots=True, eq=False)
class Network:
    """A capped, laid-out network of the reactions in view.

    Fields:
        kind: ``"hashtags"`` or ``"mentions"`` (:data:`GRAPHS`).
        graph: a ``networkx.Graph`` (hashtags) or ``DiGraph`` (author -> mentioned account).  Node
            attributes: ``count`` (reactions carrying the hashtag, or by or mentioning the account),
            ``mean_compound`` (their mean compound, NaN when none is scored), ``x`` and ``y`` (the layout,
            within [-1, 1]); for accounts also ``authored``, ``mentioned`` (reactions by it, mentioning it)
            and ``role`` (``"author"``, ``"mentioned"`` or ``"both"``).  Edge attributes: ``weight``
            (reactions carrying both hashtags, or by the author mentioning the account) and
            ``mean_compound``.  Every value is a plain ``int``, ``float`` or ``str``.
        nodes_total, edges_total: how many nodes and edges the view has before the cap.
        top, min_weight: the cap: at most ``top`` nodes, edges of at least ``min_weight`` reactions.
    """

    kind: str
    graph: nx.Graph
    nodes_total: int
    edges_total: int
    top: int
    min_weight: int = 1

    @property
    def noun(self) -> str:
        """What a node is: ``"hashtag"`` or ``"account"``."""
        return "hashtag" if self.kind == "hashtags" else "account"

    @property
    def cap(self) -> str:
        """The cap in words: ``"top 30 of 412 hashtags by reactions, 57 of 903 links; links of at least 2
        reactions"`` (``"all …"`` when nothing was left out)."""
        nodes, edges = self.graph.number_of_nodes(), self.graph.number_of_edges()
        shown = f"all {_many(nodes, self.noun)}" if nodes == self.nodes_total else (
            f"top {nodes} of {_many(self.nodes_total, self.noun)} by reactions")  # fmt: skip
        links = (
            f"all {_many(edges, 'link')}"
            if edges == self.edges_total
            else f"{edges} of {_many(self.edges_total, 'link')}"
        )
        weight = f"; links of at least {self.min_weight} reactions" if self.min_weight > 1 else ""
        return f"{shown}, {links}{weight}"

    @property
    def empty(self) -> str | None:
        """Why there is nothing to draw (``None`` when there is)."""
        if self.graph.number_of_nodes():
            return None
        if self.kind == "hashtags":
            return "No hashtags in these reactions."
        return "No mentions in these reactions: no account mentions another."

    def nodes_frame(self) -> pd.DataFrame:
        """One row per node, most reactions first: ``node``, ``count``, ``mean_compound``, ``role``
        (``""`` for hashtags), ``x``, ``y``."""
        columns = ["node", "count", "mean_compound", "role", "x", "y"]
        rows = [
            (n, d["count"], d["mean_compound"], d.get("role", ""), d["x"], d["y"])
            for n, d in self.graph.nodes(data=True)
        ]
        return pd.DataFrame(rows, columns=columns).astype({"node": object, "role": object, "count": "int64"})

    def edges_frame(self) -> pd.DataFrame:
        """One row per edge, heaviest first (then in the graph's order): ``source``, ``target``, ``weight``,
        ``mean_compound`` and the layout of both ends (``x``, ``y``, ``x2``, ``y2``)."""
        columns = ["source", "target", "weight", "mean_compound", "x", "y", "x2", "y2"]
        at = self.graph.nodes
        rows = [
            (a, b, d["weight"], d["mean_compound"], at[a]["x"], at[a]["y"], at[b]["x"], at[b]["y"])
            for a, b, d in self.graph.edges(data=True)
        ]
        frame = pd.DataFrame(rows, columns=columns).astype({"source": object, "target": object, "weight": "int64"})
        return frame.sort_values("weight", ascending=False, kind="stable", ignore_index=True)


def _many(count: int, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def hashtag_network(data: Data, *, mask: Mask | None = None, top: int = DEFAULT_TOP, min_weight: int = 1) -> Network:
    """The co-hashtag network of the rows in ``mask``: hashtags grouped case-insensitively and shown in
    their most common spelling (as :func:`reactions.analysis.aggregate.reactions_by_hashtag`, whose order the
    nodes keep), joined by how many reactions carry both."""
    index, rows = prepare_rows(data, mask)
    uses, names = _uses(index, rows, (index.hashtags, ""))
    nodes = _nodes(uses, names, index)
    pairs = uses.merge(uses, on="row", suffixes=("", "_2"))
    pairs = pairs[pairs["key"] < pairs["key_2"]]
    edges = _edges(pairs.rename(columns={"key_2": "target", "key": "source"}), index)
    return _network("hashtags", nodes, edges, top, min_weight, directed=False)


def mention_network(data: Data, *, mask: Mask | None = None, top: int = DEFAULT_TOP, min_weight: int = 1) -> Network:
    """The mention network of the rows in ``mask``: an edge from each reaction's author (as
    :func:`reactions.analysis.index.author_labels` names it: ``"@handle"`` for an account, a quote's author by name)
    to each account it mentions, weighted by reactions; an account mentioning itself makes no edge.  Its
    nodes are the mentioned accounts and the authors who mention someone; accounts are grouped
    case-insensitively, shown in their most common spelling."""
    index, rows = prepare_rows(data, mask)
    uses, names = _uses(index, rows, (index.authors, ""), (index.mentions, "@"))
    authors, mentions = uses[uses["part"] == 0], uses[uses["part"] == 1]
    pairs = authors.merge(mentions, on="row", suffixes=("", "_2"))
    pairs = pairs[pairs["key"] != pairs["key_2"]]
    nodes = _nodes(uses, names, index)
    roles = uses.drop_duplicates(["row", "key", "part"]).groupby(["key", "part"]).size().unstack(fill_value=0)
    nodes["authored"] = roles.get(0, pd.Series(dtype="int64")).reindex(nodes.index, fill_value=0)
    nodes["mentioned"] = roles.get(1, pd.Series(dtype="int64")).reindex(nodes.index, fill_value=0)
    wanted = np.union1d(mentions["key"].to_numpy(), pairs["key"].to_numpy())
    nodes = nodes[nodes.index.isin(wanted)]
    edges = _edges(pairs.rename(columns={"key_2": "target", "key": "source"}), index)
    return _network("mentions", nodes, edges, top, min_weight, directed=True)


def build_network(
    data: Data, kind: str, *, mask: Mask | None = None, top: int = DEFAULT_TOP, min_weight: int = 1
) -> Network:
    """:func:`hashtag_network` or :func:`mention_network`, by ``kind`` (one of :data:`GRAPHS`)."""
    if kind not in GRAPHS:
        raise ValueError(f"unknown network {kind!r}: use {' or '.join(GRAPHS)}")
    build = hashtag_network if kind == "hashtags" else mention_network
    return build(data, mask=mask, top=top, min_weight=min_weight)


def _uses(
    index: FrameIndex, rows: Mask | None, *parts: tuple[Entries, str]
) -> tuple[pd.DataFrame, np.ndarray[Any, Any]]:
    """One row per (reaction, item) in view of each part's entries, in entry order, as integer codes:
    ``row``, ``part`` (its place among ``parts``), ``key`` (the case-folded item with the part's prefix:
    the same account is one key in every part) and ``name`` (the item as written); and the names."""
    taken, keys, names, part = [], [], [], []
    for place, (entries, prefix) in enumerate(parts):
        found, items = entries.take(rows)
        folded = entries.folded[items]
        taken.append(found)
        keys.append(np.array([prefix + k for k in folded], dtype=object) if prefix else folded)
        names.append(entries.names[items])
        part.append(np.full(len(found), place, dtype=np.intp))
    key_codes = pd.factorize(np.concatenate(keys).astype(object))[0]
    name_codes, spellings = pd.factorize(np.concatenate(names).astype(object))
    table = pd.DataFrame({"row": np.concatenate(taken), "part": np.concatenate(part), "key": key_codes,
                          "name": name_codes})  # fmt: skip
    return table, np.asarray(spellings, dtype=object)


def _nodes(uses: pd.DataFrame, names: np.ndarray[Any, Any], index: FrameIndex) -> pd.DataFrame:
    """Per key (the index): ``label`` (its most used spelling, ties: the first seen), ``count`` (distinct
    reactions), ``mean_compound``; most reactions first, ties by label."""
    if uses.empty:
        return pd.DataFrame({"label": pd.Series(dtype=object), "count": pd.Series(dtype="int64"),
                             "mean_compound": pd.Series(dtype=float)})  # fmt: skip
    spelled = uses.reset_index().groupby(["key", "name"], sort=False).agg(n=("row", "size"), first=("index", "min"))
    spelled = spelled.reset_index().sort_values(["key", "n", "first"], ascending=[True, False, True])
    labels = spelled.drop_duplicates("key").set_index("key")["name"]
    distinct = uses.drop_duplicates(["row", "key"])
    scores = pd.Series(index.compound[distinct["row"].to_numpy()], index=distinct.index)
    stats = scores.groupby(distinct["key"]).agg(["size", "mean"])
    label = pd.Series(names[labels.reindex(stats.index).to_numpy()], index=stats.index, dtype=object)
    nodes = pd.DataFrame({"label": label, "count": stats["size"].astype("int64"),
                          "mean_compound": stats["mean"].astype(float)})  # fmt: skip
    order = np.lexsort((label.to_numpy().astype(str), -nodes["count"].to_numpy()))
    return nodes.iloc[order]


def _edges(pairs: pd.DataFrame, index: FrameIndex) -> pd.DataFrame:
    """Per (source, target) key pair: ``weight`` (distinct reactions) and ``mean_compound``."""
    if pairs.empty:
        return pd.DataFrame({"source": pd.Series(dtype="int64"), "target": pd.Series(dtype="int64"),
                             "weight": pd.Series(dtype="int64"), "mean_compound": pd.Series(dtype=float)})  # fmt: skip
    pairs = pairs.drop_duplicates(["row", "source", "target"])
    scores = pd.Series(index.compound[pairs["row"].to_numpy()], index=pairs.index)
    stats = scores.groupby([pairs["source"], pairs["target"]]).agg(["size", "mean"]).reset_index()
    return stats.rename(columns={"size": "weight", "mean": "mean_compound"})


def _network(
    kind: str, nodes: pd.DataFrame, edges: pd.DataFrame, top: int, min_weight: int, *, directed: bool
) -> Network:
    """The graph of the ``top`` first ``nodes`` and the ``edges`` among them of at least ``min_weight``."""
    top, min_weight = min(max(int(top), 1), MAX_TOP), max(int(min_weight), 1)
    kept = nodes.iloc[:top]
    graph: nx.Graph = nx.DiGraph() if directed else nx.Graph()
    for _, row in kept.iterrows():
        graph.add_node(str(row["label"]), **_node_attributes(row))
    labels = kept["label"]
    inside = edges[edges["source"].isin(labels.index) & edges["target"].isin(labels.index)]
    inside = inside[inside["weight"] >= min_weight]
    inside = inside.assign(a=labels.reindex(inside["source"]).to_numpy(), b=labels.reindex(inside["target"]).to_numpy())
    inside = inside.sort_values(["weight", "a", "b"], ascending=[False, True, True])
    for a, b, weight, mean in zip(inside["a"], inside["b"], inside["weight"], inside["mean_compound"], strict=True):
        graph.add_edge(str(a), str(b), weight=int(weight), mean_compound=float(mean))
    _lay_out(graph)
    return Network(kind, graph, len(nodes), len(edges), top, min_weight)


def _node_attributes(row: pd.Series) -> dict[str, Any]:
    attributes: dict[str, Any] = {"count": int(row["count"]), "mean_compound": float(row["mean_compound"])}
    if "authored" in row:
        authored, mentioned = int(row["authored"]), int(row["mentioned"])
        attributes.update(authored=authored, mentioned=mentioned, role=role_of(authored, mentioned))
    return attributes


def role_of(authored: int, mentioned: int) -> str:
    """An account's role: ``"author"``, ``"mentioned"`` or ``"both"``.

    >>> role_of(2, 0), role_of(0, 1), role_of(1, 3)
    ('author', 'mentioned', 'both')
    """
    return "both" if authored and mentioned else "author" if authored else "mentioned"


def _lay_out(graph: nx.Graph) -> None:
    """``x`` and ``y`` of every node: a spring layout with a fixed seed, within [-1, 1] (rounded)."""
    if not graph.number_of_nodes():
        return
    shape = graph.to_undirected(as_view=True) if graph.is_directed() else graph
    place = nx.spring_layout(shape, seed=SEED, weight="weight")
    for node, (x, y) in place.items():
        graph.nodes[node].update(x=round(float(x), 4) + 0.0, y=round(float(y), 4) + 0.0)  # never -0.0


# --- exports -------------------------------------------------------------------------------------------


FORMATS: Final = ("gexf", "graphml")


def network_format(path: str) -> str:
    """The graph format a file name asks for (``"gexf"`` or ``"graphml"``), ``""`` for another extension.

    >>> network_format("out/Tags.GEXF"), network_format("tags.graphml"), network_format("tags.csv")
    ('gexf', 'graphml', '')
    """
    suffix = PurePath(path).suffix.lower().removeprefix(".")
    return suffix if suffix in FORMATS else ""


def _for_export(network: Network, *, viz: bool) -> nx.Graph:
    """A copy with ids ``n0``, ``n1``, … and each name, made safe for XML, as its ``label``; with ``viz``,
    Gephi's position and size (GEXF)."""
    ids = {node: f"n{i}" for i, node in enumerate(network.graph.nodes)}
    graph: nx.Graph = nx.DiGraph() if network.graph.is_directed() else nx.Graph()
    graph.graph.update(name=f"reactions {network.kind} network: {network.cap}", kind=network.kind, cap=network.cap)
    for node, data in network.graph.nodes(data=True):
        attributes = {**data, "label": xml_text(str(node))}
        if viz:
            position = {"x": data["x"] * 100.0, "y": data["y"] * 100.0, "z": 0.0}
            attributes["viz"] = {"position": position, "size": float(data["count"])}
        graph.add_node(ids[node], **attributes)
    graph.add_edges_from((ids[a], ids[b], dict(data)) for a, b, data in network.graph.edges(data=True))
    return graph


def xml_text(text: str) -> str:
    """``text`` without the characters XML cannot hold (the writers escape ``<`` and ``&``).

    >>> xml_text("a\\x00b\\x1bc <d>")
    'abc <d>'
    """
    return _NOT_XML.sub("", text)


def gexf_bytes(network: Network) -> bytes:
    """The network as GEXF 1.2 (Gephi), with positions and sizes."""
    buffer = io.BytesIO()
    nx.write_gexf(_for_export(network, viz=True), buffer)
    return buffer.getvalue()


def graphml_bytes(network: Network) -> bytes:
    """The network as GraphML (Gephi, Cytoscape, igraph, yEd)."""
    buffer = io.BytesIO()
    nx.write_graphml(_for_export(network, viz=False), buffer)
    return buffer.getvalue()


def network_bytes(network: Network, fmt: str) -> bytes:
    """:func:`gexf_bytes` or :func:`graphml_bytes`, by ``fmt`` (one of :data:`FORMATS`)."""
    return gexf_bytes(network) if fmt == "gexf" else graphml_bytes(network)
