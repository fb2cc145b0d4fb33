"""Frames of the to_frame column contract (with sentiment columns), built from a few fields.

Used by the dashboard's tests (aggregations, views, charts) so that they do not depend on the
parser or the sentiment analyser.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

import numpy as np
import pandas as pd

from reactions.frames import BASE_COLUMNS, frame_from_columns

LABELS = ("negative", "neutral", "positive")


def label_of(compound: float) -> str:
    """VADER's usual thresholds (±0.05)."""
    return "positive" if compound >= 0.05 else "negative" if compound <= -0.05 else "neutral"


def make_row(i: int, **fields: Any) -> dict[str, Any]:
    """A reaction row with sensible defaults; ``fields`` override them."""
    row: dict[str, Any] = {
        "id": f"r{i:03d}", "kind": "embed", "platform": "twitter", "handle": f"user{i}",
        "display_name": f"User {i}", "author": f"user{i}", "date": dt.date(2020, 2, 1), "text": f"post number {i}",
        "continued": None, "hashtags": [], "mentions": [], "urls": [], "media": [], "emoji": [], "sources": ["a.txt"],
        "article_count": 1, "status_id": None, "url": None, "created_at": None, "lag": None,
        "lang": "en", "lang_source": "embed", "rendering": "dash", "confidence": 1.0, "source": "a.txt",
        "span_start": 0, "span_end": 10,
        "compound": 0.0, "outlet": None, "outlets": [], "article_title": None, "article_url": None,
        "article_published": None,
    }  # fmt: skip
    row.update(fields)
    row["article_count"] = len(row["sources"])
    row["outlet_count"] = len(row["outlets"])
    row.setdefault("date_source", "post" if row["date"] else None)
    row.setdefault("outlet_published", [""] * len(row["outlets"]))
    row["source"] = row["sources"][0] if row["sources"] else ""
    return row


def make_frame(rows: list[dict[str, Any]]) -> pd.DataFrame:
    """A frame of the contract from ``make_row`` dicts (sentiment from compound unless given)."""
    columns = {name: [r[name] for r in rows] for name in BASE_COLUMNS}
    frame = frame_from_columns(columns)
    compound = [float(r["compound"]) for r in rows]
    frame["compound"] = pd.Series(compound, dtype="float64")
    frame["pos"] = frame["compound"].clip(lower=0)
    frame["neu"] = 1 - frame["compound"].abs()
    frame["neg"] = (-frame["compound"]).clip(lower=0)
    labels = [r.get("sentiment") or label_of(c) for r, c in zip(rows, compound, strict=True)]
    frame["sentiment"] = pd.Categorical(labels, categories=list(LABELS), ordered=True)
    frame["drivers"] = pd.Series([r.get("drivers", "") for r in rows], dtype="string")
    frame["overridden"] = pd.Series([bool(r.get("overridden", False)) for r in rows], dtype=bool)
    return frame


def sample_frame() -> pd.DataFrame:
    """Seven reactions over three days (one undated quote), mixed hashtags, mentions and emoji."""
    d1, d2, d4 = dt.date(2020, 1, 31), dt.date(2020, 2, 1), dt.date(2020, 2, 3)
    rows = [
        make_row(0, date=d1, hashtags=["MeToo", "JusticeForJohnnyDepp"], compound=-0.8, emoji=["😡"]),
        make_row(1, date=d2, hashtags=["JusticeForJohnnyDepp"], compound=0.6, mentions=["Bob"]),
        make_row(2, date=d2, hashtags=["justiceforjohnnydepp"], compound=0.0, handle="USER1"),
        make_row(3, date=d2, hashtags=["JusticeForJohnnyDepp", "TimesUp"], compound=-0.4,
                 created_at=dt.datetime(2020, 2, 3, 23, 30, tzinfo=dt.UTC), mentions=["bob", "amy"]),
        make_row(4, date=d4, hashtags=[], compound=0.9, emoji=["😍", "😍", "🏳️‍🌈"], sources=["b.txt"]),
        make_row(5, kind="quote", handle=None, display_name="a fan", author=None, date=None, compound=0.3,
                 hashtags=["JusticeForJohnnyDepp"], sources=["b.txt", "a.txt"], text="I knew it",
                 rendering="quote", confidence=0.7),
        make_row(6, date=d4, hashtags=["metoo"], compound=-0.05, platform="bluesky", text="Abuse is abuse",
                 rendering="dashless", confidence=0.85),
    ]  # fmt: skip
    return make_frame(rows)


# Mixed case, a case-fold that changes length (ß -> ss), a titlecase digraph, repeats in one cell.
TAGS = ["MeToo", "metoo", "METOO", "TimesUp", "timesup", "Straße", "STRASSE", "strasse", "ǅx", "ǆX", "a", "A"]
MENTIONS = ["Bob", "bob", "BOB", "amy", "Amy", "zed"]
EMOJI = ["😍", "😡", "🏳️‍🌈", "👍🏽", "👍"]
SOURCES = ["a.txt", "b.txt", "A.txt", "c/d.md"]
HANDLES = [None, "", "user1", "USER1", "User1", "fan", "Straße", "strasse"]
NAMES = [None, "", "a fan", "A Fan", "someone"]
PLATFORMS = ["twitter", "bluesky", "unknown", "myspace", None]
SENTIMENTS = [None, "negative", "neutral", "positive"]
RENDERINGS = ["dash", "own-line", "dashless", "card", "html", "quote", None]
CONFIDENCES = [1.0, 0.95, 0.85, 0.7, 0.5, float("nan")]
OUTLETS = ["bbc.co.uk", "cnn.com", "nytimes.com", "lemonde.fr"]
TEXTS = ["post", "Abuse is ABUSE", "Straße gut", "STRASSE", "ǅemal", "", "Ünïcödé €", "a.* b", "user1 wrote"]


def random_frame(rng: np.random.Generator, size: int) -> pd.DataFrame:
    """A frame of the contract with everything the aggregations must cope with: empty lists, repeats
    up to case, missing handles and names, undated rows, NaN scores, missing labels and platforms."""

    def some(pool: list[Any], most: int) -> list[Any]:
        return [pool[i] for i in rng.integers(0, len(pool), int(rng.integers(0, most + 1)))]

    def outlets() -> dict[str, list[str]]:
        cited = list(dict.fromkeys(some(OUTLETS, 3)))
        hours = [None if rng.random() < 0.2 else float(rng.integers(0, 200)) for _ in cited]
        start = dt.datetime(2020, 1, 1, tzinfo=dt.UTC)
        return {"outlets": cited, "outlet_published": ["" if h is None else (start + dt.timedelta(hours=h)).isoformat()
                                                       for h in hours]}  # fmt: skip

    rows = []
    for i in range(size):
        day = None if rng.random() < 0.15 else dt.date(2020, 1, 1) + dt.timedelta(days=int(rng.integers(0, 40)))
        created = None
        if rng.random() < 0.3:
            created = dt.datetime(2020, 1, 1, tzinfo=dt.UTC) + dt.timedelta(hours=float(rng.integers(0, 1000)))
        compound = float("nan") if rng.random() < 0.05 else round(float(rng.uniform(-1.2, 1.2)), 4)
        rows.append(make_row(
            i, hashtags=some(TAGS, 4), mentions=some(MENTIONS, 3), emoji=some(EMOJI, 3),
            sources=some(SOURCES, 2) or ["a.txt"], handle=HANDLES[rng.integers(len(HANDLES))],
            display_name=NAMES[rng.integers(len(NAMES))], platform=PLATFORMS[rng.integers(len(PLATFORMS))],
            kind=["embed", "quote", None][rng.integers(3)], date=day, created_at=created,
            date_source=None if day is None else ("post", "article")[rng.integers(2)], compound=compound,
            sentiment=SENTIMENTS[rng.integers(len(SENTIMENTS))], text=f"{TEXTS[rng.integers(len(TEXTS))]} {i}",
            rendering=RENDERINGS[rng.integers(len(RENDERINGS))], confidence=CONFIDENCES[rng.integers(len(CONFIDENCES))],
            **outlets(),
        ))  # fmt: skip
    frame = make_frame(rows)
    missing = rng.random(size) < 0.05
    frame.loc[missing, "sentiment"] = None
    return frame
