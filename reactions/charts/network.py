"""A :class:`reactions.analysis.network.Network` as an Altair node-link chart.  Never imports streamlit.

Edges are rules between the layout's coordinates (at least 1 px wide and mostly opaque, so that they are seen),
nodes are circles sized by reactions and coloured by mean compound (:func:`reactions.charts.core.compound_color`, as
in every chart), the largest are labelled: each name above its circle, else below it, else left out, so that no
two names overlap.  A
click on a node selects it: the hashtag network's selection is ``tag_node`` (the page filters it as it
does a clicked hashtag bar), the mention network's is ``account`` (reactions by or mentioning it); both
select the field ``node`` (see :data:`NETWORK_SELECTIONS`).
"""

from __future__ import annotations

from typing import Final

import altair as alt
import numpy as np
import pandas as pd

from reactions.analysis.network import Network
from reactions.charts import palette
from reactions.charts.core import COMPOUND_FORMAT, EMBED, UNSELECTED_OPACITY, compound_color, themed

NETWORK_SELECTIONS: Final[dict[str, str]] = {"hashtags": "tag_node", "mentions": "account"}
"""The network's kind -> the name of its node selection (the field selected is ``node``)."""
LABELLED: Final = 12
"""How many of the largest nodes may carry their name (those whose name would overlap a larger one's do not)."""
CHAR_PX: Final = 6.6
"""The width of a character of an 11 px label, a little over the average (names are kept apart by it)."""
LINE_PX: Final = 14.0
"""The height of a label."""
EDGE_OPACITY: Final = 0.8
EDGE_WIDTHS: Final = (1.0, 6.0)
"""The thinnest and thickest edge, px (by weight)."""
NETWORK_HEIGHT: Final = 520
SIZES: Final = (60.0, 1400.0)
"""A circle's area in px² for no reactions and for the most of any node (linear between)."""
_AXIS: Final = alt.Axis(title=None, labels=False, ticks=False, domain=False, grid=False)
SPAN: Final = 1.15
"""Both axes run from -SPAN to SPAN (the layout is within [-1, 1]; the rest is room for circles)."""
_SCALE: Final = alt.Scale(domain=[-SPAN, SPAN], nice=False, zero=False)


def _position(x: str, y: str) -> dict[str, alt.X | alt.Y]:
    return {"x": alt.X(f"{x}:Q", axis=_AXIS, scale=_SCALE), "y": alt.Y(f"{y}:Q", axis=_AXIS, scale=_SCALE)}


def _labelled(nodes: pd.DataFrame) -> pd.DataFrame:
    """The nodes with ``label_y`` (where a name's bottom sits: above its circle by the radius of its :data:`SIZES`
    area and 3 px, in data units of the :data:`NETWORK_HEIGHT` px tall plot, or below it when that would overlap a
    larger node's name), ``labelled`` (whether its name is drawn: one of the :data:`LABELLED` largest, and not
    overlapping a larger one's either way) and ``spoken`` (what a screen reader says of a circle: the name, the
    reactions, the score)."""
    most = float(nodes["count"].max()) if len(nodes) else 1.0
    area = SIZES[0] + (SIZES[1] - SIZES[0]) * nodes["count"].astype(float) / most
    spoken = [f"{n}: {c} reactions, mean compound {m:+.2f}" for n, c, m in
              zip(nodes["node"], nodes["count"], nodes["mean_compound"], strict=True)]  # fmt: skip
    unit = 2 * SPAN / NETWORK_HEIGHT  # data units a px
    radius = np.sqrt(area.to_numpy(dtype=float) / np.pi) * unit
    above = nodes["y"].to_numpy(dtype=float) + radius + 3 * unit
    below = nodes["y"].to_numpy(dtype=float) - radius - (3 + LINE_PX) * unit
    label_y, shown = above.copy(), np.zeros(len(nodes), dtype=bool)
    boxes: list[tuple[float, float, float, float]] = []
    for i, (x, name) in enumerate(zip(nodes["x"].to_numpy(dtype=float), nodes["node"], strict=True)):
        if i >= LABELLED:
            break
        half = len(str(name)) * CHAR_PX * unit / 2
        for bottom in (above[i], below[i]):
            box = (x - half, x + half, bottom, bottom + LINE_PX * unit)
            if not any(_overlap(box, other) for other in boxes):
                boxes.append(box)
                label_y[i], shown[i] = bottom, True
                break
    return nodes.assign(label_y=label_y.round(4), labelled=shown, spoken=pd.Series(spoken, dtype=object))


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    return a[0] < b[1] and b[0] < a[1] and a[2] < b[3] and b[2] < a[3]


def network_chart(network: Network) -> alt.LayerChart:
    """The node-link chart of ``network``; its node selection is ``NETWORK_SELECTIONS[network.kind]``."""
    noun = "Hashtag" if network.kind == "hashtags" else "Account"
    nodes, edges = _labelled(network.nodes_frame()), network.edges_frame()
    most = float(nodes["count"].max()) if len(nodes) else 1.0
    chosen = alt.selection_point(name=NETWORK_SELECTIONS[network.kind], fields=["node"], on="click", clear="dblclick")
    pair = ("Hashtag", "With") if network.kind == "hashtags" else ("From", "Mentions")
    links = (
        alt.Chart(edges)
        .mark_rule(color=palette.EDGE, opacity=EDGE_OPACITY)
        .encode(
            **_position("x", "y"),
            x2="x2:Q",
            y2="y2:Q",
            strokeWidth=alt.StrokeWidth("weight:Q", scale=alt.Scale(range=list(EDGE_WIDTHS)), legend=None),
            tooltip=[
                alt.Tooltip("source:N", title=pair[0]),
                alt.Tooltip("target:N", title=pair[1]),
                alt.Tooltip("weight:Q", title="Reactions"),
                alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT),
            ],
        )
    )
    tips = [alt.Tooltip("node:N", title=noun), alt.Tooltip("count:Q", title="Reactions")]
    if network.kind == "mentions":
        tips.append(alt.Tooltip("role:N", title="Role"))
    circles = (
        alt.Chart(nodes)
        .mark_circle(stroke=palette.TEXT, strokeWidth=0.6)
        .encode(
            **_position("x", "y"),
            size=alt.Size(
                "count:Q", title="Reactions", scale=alt.Scale(domain=[0, most], range=list(SIZES)), legend=None
            ),
            color=compound_color(),
            opacity=alt.condition(chosen, alt.value(0.95), alt.value(UNSELECTED_OPACITY)),
            tooltip=[*tips, alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT)],
            description=alt.Description("spoken:N"),
        )
        .add_params(chosen)
    )
    names = (
        alt.Chart(nodes[nodes["labelled"]].drop(columns="labelled"))
        .mark_text(baseline="bottom", fontSize=11, color=palette.TEXT)
        .encode(**_position("x", "label_y"), text="node:N", description=alt.Description("spoken:N"), tooltip=tips)
    )
    chart: alt.LayerChart = alt.LayerChart(layer=[links, circles, names]).properties(
        height=NETWORK_HEIGHT,
        usermeta=EMBED,
        description=f"{noun} network: {network.cap}; circles sized by reactions and coloured by mean compound",
    )
    return themed(chart)
