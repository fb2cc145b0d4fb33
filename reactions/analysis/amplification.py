"""Who amplified whom: the posts several outlets cited, which outlet cited each first and how long after it
each of the others did.

An outlet's time for a post is the earliest publication time of its articles citing the post (the frame's
``outlet_published``, parallel to ``outlets``, see :mod:`reactions.frames`).  The *first* outlet of a post
is the one with the earliest time; outlets whose time is unknown come after the timed ones, in citing order
(ties keep citing order too).  Each later outlet's lag is its time minus the first one's, in hours (NaN when
either is unknown).

Like :mod:`reactions.analysis.aggregate`, each function takes a frame of the :func:`reactions.frames.to_frame`
contract with the sentiment columns, or its :class:`~reactions.analysis.index.FrameIndex`, and an optional row mask.
"""

from __future__ import annotations

from typing import Final

import numpy as np
import pandas as pd

from reactions.analysis.index import Data, FrameIndex, Mask, author_labels, prepare_rows

COLUMNS: Final = ["id", "post", "outlets", "step", "outlet", "published", "lag_hours", "compound"]
"""The columns of :func:`amplification`."""
TABLE_COLUMNS: Final = ["post", "outlets", "first_outlet", "first_published", "later", "compound", "id"]
"""The columns of :func:`amplification_table`."""
POST_LABEL: Final = 60
"""How many characters of a post's text its label keeps (then ``…``)."""


def _times(index: FrameIndex) -> pd.Series:
    """Every entry of ``outlet_published`` as an aware UTC time (``NaT`` for ``""`` or a bad value), one per
    entry of the exploded column, built once per index."""

    def build() -> pd.Series:
        if "outlet_published" not in index.frame.columns:
            return pd.Series(dtype="datetime64[ns, UTC]")
        flat = [item for cell in index.frame["outlet_published"] for item in cell]
        moments: pd.Series = pd.to_datetime(pd.Series(flat, dtype=object), utc=True, errors="coerce", format="ISO8601")
        return moments

    result: pd.Series = index.remember(("outlet_published",), build)
    return result


def _entries(index: FrameIndex, rows: Mask | None, min_outlets: int) -> pd.DataFrame:
    """One row per (reaction, outlet) of the reactions in ``rows`` cited by at least ``min_outlets``
    outlets: ``row``, ``place`` (citing order), ``outlet``, ``published``."""
    cells = index.frame["outlets"] if "outlets" in index.frame.columns else pd.Series([[]] * index.size)
    lengths = np.fromiter(map(len, cells), dtype=np.intp, count=index.size)
    keep = lengths >= max(min_outlets, 1)
    if rows is not None:
        keep &= rows
    times, row_of = _times(index), np.repeat(np.arange(index.size), lengths)
    if len(times) != len(row_of):  # no outlet_published, or not parallel to outlets: no time is known
        times = pd.Series(pd.NaT, index=range(len(row_of)), dtype="datetime64[ns, UTC]")
    chosen = keep[row_of]
    place = np.arange(len(row_of)) - (np.cumsum(lengths) - lengths)[row_of]
    flat = np.fromiter((o for cell in cells for o in cell), dtype=object, count=len(row_of))
    return pd.DataFrame({
        "row": row_of[chosen], "place": place[chosen], "outlet": flat[chosen],
        "published": times[chosen].reset_index(drop=True),
    })  # fmt: skip


def post_labels(index: FrameIndex, rows: np.ndarray) -> list[str]:
    """How a post is named in a chart or table: its author (``@handle`` or a quote's author) and the start of
    its text, e.g. ``@fan: so good…``."""
    authors = author_labels(index.frame.iloc[rows]).tolist()
    texts = index.frame["text"].iloc[rows].astype(object).tolist()
    return [_label(a, t) for a, t in zip(authors, texts, strict=True)]


def _label(author: object, text: object) -> str:
    words = " ".join(str(text or "").split())
    short = words if len(words) <= POST_LABEL else words[: POST_LABEL - 1].rstrip() + "…"
    return f"{author}: {short}" if isinstance(author, str) else short


def amplification(data: Data, top: int = 20, *, min_outlets: int = 2, mask: Mask | None = None) -> pd.DataFrame:
    """The ``top`` posts cited by at least ``min_outlets`` outlets, one row per (post, outlet), the first outlet
    first.  Posts with most outlets come first, then the one whose first outlet published earliest (unknown
    last), then by id.

    Columns: ``id``, ``post`` (:func:`post_labels`), ``outlets`` (how many), ``step`` (0 for the first outlet,
    then 1, 2, … in the order they cited it), ``outlet``, ``published`` (UTC, ``NaT`` when unknown),
    ``lag_hours`` (after the first; 0 for the first when its time is known), ``compound``.
    """
    index, rows = prepare_rows(data, mask)
    found = _entries(index, rows, min_outlets)
    if found.empty or top <= 0:
        return _empty()
    found["unknown"] = found["published"].isna()
    found = found.sort_values(["row", "unknown", "published", "place"], kind="stable").reset_index(drop=True)
    found["step"] = found.groupby("row").cumcount()
    start = found.groupby("row")["published"].transform("first")
    found["lag_hours"] = (found["published"] - start).dt.total_seconds() / 3600.0
    heads = found[found["step"] == 0].set_index("row")
    sizes = found.groupby("row").size()
    posts = pd.DataFrame({"n": sizes, "first": heads["published"], "id": index.frame["id"].iloc[sizes.index].array})
    posts = posts.assign(unknown=posts["first"].isna())
    order = posts.sort_values(["n", "unknown", "first", "id"], ascending=[False, True, True, True], kind="stable")
    chosen = order.index.to_numpy()[:top]
    rank = pd.Series(np.arange(len(chosen)), index=chosen)
    found = found[found["row"].isin(chosen)].assign(rank=lambda f: f["row"].map(rank))
    found = found.sort_values(["rank", "step"], kind="stable").reset_index(drop=True)
    return _assembled(index, found)


def _assembled(index: FrameIndex, found: pd.DataFrame) -> pd.DataFrame:
    rows = found["row"].to_numpy(dtype=np.intp)
    return pd.DataFrame({
        "id": pd.Series(index.frame["id"].iloc[rows].astype(object).to_numpy(), dtype=object),
        "post": pd.Series(post_labels(index, rows), dtype=object),
        "outlets": found.groupby("row")["row"].transform("size").to_numpy(dtype=np.int64),
        "step": found["step"].to_numpy(dtype=np.int64),
        "outlet": pd.Series(found["outlet"].to_numpy(dtype=object), dtype=object),
        "published": found["published"].reset_index(drop=True).astype("datetime64[ns, UTC]"),
        "lag_hours": found["lag_hours"].to_numpy(dtype=float), "compound": index.compound[rows],
    })  # fmt: skip


def _empty() -> pd.DataFrame:
    text = ("id", "post", "outlet")
    columns = {c: pd.Series(dtype=object if c in text else "int64" if c in ("outlets", "step") else float)
               for c in COLUMNS}  # fmt: skip
    columns["published"] = pd.Series(dtype="datetime64[ns, UTC]")
    return pd.DataFrame(columns)


def hours(value: float) -> str:
    """A lag as the table shows it.

    >>> hours(2.25), hours(-1.0), hours(float("nan")), hours(49.0)
    ('+2.2 h', '-1.0 h', 'time unknown', '+2 d 1.0 h')
    """
    if value != value:  # NaN
        return "time unknown"
    sign = "-" if value < 0 else "+"
    days, rest = divmod(abs(value), 24.0)
    return f"{sign}{int(days)} d {rest:.1f} h" if days else f"{sign}{rest:.1f} h"


def amplification_table(steps: pd.DataFrame) -> pd.DataFrame:
    """One row per post of :func:`amplification`'s ``steps``, in their order: the post, how many outlets cited
    it, the first one and when it published, and the later ones with their lag (``cnn.com +2.5 h; …``)."""
    if steps.empty:
        return pd.DataFrame({c: pd.Series(dtype=object) for c in TABLE_COLUMNS})
    later = steps[steps["step"] > 0]
    said: dict[str, list[str]] = {}
    for post, outlet, lag in zip(later["id"], later["outlet"], later["lag_hours"], strict=True):
        said.setdefault(post, []).append(f"{outlet} {hours(lag)}")
    heads = steps[steps["step"] == 0].reset_index(drop=True)
    return pd.DataFrame({
        "post": heads["post"], "outlets": heads["outlets"], "first_outlet": heads["outlet"],
        "first_published": heads["published"],
        "later": pd.Series(["; ".join(said.get(p, ())) for p in heads["id"]], dtype=object),
        "compound": heads["compound"], "id": heads["id"],
    })  # fmt: skip
