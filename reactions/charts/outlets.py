"""Outlets as Altair charts.  Never imports streamlit.

:func:`outlet_chart` ranks the outlets by reactions cited (from :func:`reactions.analysis.aggregate.top_outlets`),
coloured by mean compound as every ranked chart is; a click on a bar selects the outlet (the selection ``outlet``, field
``outlet``: see :data:`OUTLET_SELECTION`), which the page reads back to filter the other charts.
:func:`amplification_chart` draws who amplified whom (from :func:`reactions.analysis.amplification.amplification`): one
line per post, a dot per outlet at the hours after the first outlet cited it.
"""

from __future__ import annotations

from typing import Final

import altair as alt
import pandas as pd

from reactions.charts import palette
from reactions.charts.core import COMPOUND_FORMAT, EMBED, ROW_STEP, UNSELECTED_OPACITY, compound_color, themed

OUTLET_SELECTION: Final = "outlet"
"""The name of the outlet chart's point selection, and the field it selects."""
FIRST_COLOR: Final = palette.OUTLET_ROLES["first"]
LATER_COLOR: Final = palette.OUTLET_ROLES["later"]


def outlet_chart(rows: pd.DataFrame) -> alt.Chart:
    """Horizontal bars of the top outlets by reactions cited, coloured by mean compound.  Selection: ``outlet``."""
    chosen = alt.selection_point(name=OUTLET_SELECTION, fields=["outlet"], on="click", clear="dblclick")
    chart: alt.Chart = (
        alt.Chart(rows)
        .mark_bar(cornerRadiusEnd=3)
        .encode(
            y=alt.Y("outlet:N", title=None, sort="-x", axis=alt.Axis(labelLimit=220)),
            x=alt.X("reactions:Q", title="Reactions cited", axis=alt.Axis(tickMinStep=1)),
            color=compound_color(),
            opacity=alt.condition(chosen, alt.value(1.0), alt.value(UNSELECTED_OPACITY)),
            tooltip=[
                alt.Tooltip("outlet:N", title="Outlet"),
                alt.Tooltip("reactions:Q", title="Reactions cited"),
                alt.Tooltip("mean_compound:Q", title="Mean compound", format=COMPOUND_FORMAT),
            ],
        )
        .add_params(chosen)
        .properties(
            height=alt.Step(ROW_STEP),
            usermeta=EMBED,
            description="Top outlets by reactions they cite, coloured by mean compound",
        )
    )
    return themed(chart)


def amplification_chart(steps: pd.DataFrame) -> alt.LayerChart:
    """One line per post (most outlets first), a dot per outlet at the hours after the first outlet cited it,
    the first outlet's dot highlighted and every dot named; outlets whose time is unknown are left out (the
    table lists them)."""
    shown = ["post", "outlet", "step", "outlets", "published", "lag_hours"]
    timed = steps.loc[steps["lag_hours"].notna(), shown].assign(
        role=lambda f: ["first" if s == 0 else "later" for s in f["step"]],
        published=lambda f: f["published"].dt.strftime("%Y-%m-%d %H:%M UTC"),
    )
    order = list(dict.fromkeys(timed["post"]))
    base = alt.Chart(timed).encode(
        y=alt.Y("post:N", title=None, sort=order, axis=alt.Axis(labelLimit=320)),
        x=alt.X("lag_hours:Q", title="Hours after the first outlet cited the post",
                axis=alt.Axis(format=",~f", tickMinStep=1)),  # whole hours ("0", "12"), never "0.000000"
    )
    dots = base.mark_circle(size=140, opacity=0.9).encode(
        color=alt.Color(
            "role:N",
            title=None,
            scale=alt.Scale(domain=["first", "later"], range=[FIRST_COLOR, LATER_COLOR]),
            legend=alt.Legend(orient="top"),
        ),
        tooltip=[
            alt.Tooltip("post:N", title="Post"),
            alt.Tooltip("outlet:N", title="Outlet"),
            alt.Tooltip("published:N", title="Published"),
            alt.Tooltip("lag_hours:Q", title="Hours after the first", format=".1f"),
            alt.Tooltip("outlets:Q", title="Outlets citing it"),
        ],
    )
    above, below = (
        base.mark_text(align="left", dx=7, dy=dy, fontSize=11, color=palette.TEXT, aria=False)
        .encode(text="outlet:N")
        .transform_filter(f"datum.step % 2 == {odd}")
        for dy, odd in ((-9, 0), (11, 1))
    )  # names above and below in turn, so that two outlets close in time stay readable
    chart: alt.LayerChart = alt.LayerChart(layer=[dots, above, below]).properties(
        height=alt.Step(ROW_STEP + 8),
        usermeta=EMBED,
        description="Who amplified whom: for each post cited by several outlets, when each outlet cited it, "
        "in hours after the first",
    )
    return themed(chart)
