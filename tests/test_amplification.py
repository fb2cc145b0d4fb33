"""reactions.analysis.amplification: the posts several outlets cited, the first outlet and each later one's lag,
against a row-by-row reference."""

from __future__ import annotations

import datetime as dt
import math

import numpy as np
import pandas as pd
import pytest
from frame_factory import make_frame, make_row, random_frame
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.analysis.amplification import amplification, amplification_table, hours
from reactions.analysis.index import FrameIndex

T0 = dt.datetime(2020, 2, 1, 10, tzinfo=dt.UTC)


def at(hours_after: float) -> str:
    return (T0 + dt.timedelta(hours=hours_after)).isoformat()


def reference(frame: pd.DataFrame, top: int = 20, min_outlets: int = 2) -> list[tuple[str, int, str, float]]:
    """(id, step, outlet, lag in hours) of each post cited by at least ``min_outlets`` outlets, straight from
    the definition: the earliest known time first, unknown times after, ties and unknowns in citing order."""
    posts = []
    for _, row in frame.iterrows():
        if len(row["outlets"]) < max(min_outlets, 1):
            continue
        times = [pd.Timestamp(t) if t else None for t in row["outlet_published"]]
        order = sorted(range(len(times)), key=lambda i: (times[i] is None, times[i] or T0, i))
        first = times[order[0]]
        steps = [(row["outlets"][i], math.nan if times[i] is None or first is None else
                  (times[i] - first) / pd.Timedelta(hours=1)) for i in order]  # fmt: skip
        posts.append((len(order), first is None, first or T0, str(row["id"]), steps))
    posts.sort(key=lambda p: (-p[0], p[1], p[2], p[3]))
    return [(pid, step, outlet, lag) for _, _, _, pid, steps in posts[:top] for step, (outlet, lag) in enumerate(steps)]


def observed(steps: pd.DataFrame) -> list[tuple[str, int, str, float]]:
    return list(zip(steps["id"], steps["step"], steps["outlet"], steps["lag_hours"], strict=True))


def same(new: list[tuple[str, int, str, float]], old: list[tuple[str, int, str, float]]) -> None:
    assert [n[:3] for n in new] == [o[:3] for o in old]
    for n, o in zip(new, old, strict=True):
        assert n[3] == pytest.approx(o[3], nan_ok=True), n


@pytest.fixture
def frame() -> pd.DataFrame:
    return make_frame([
        make_row(0, outlets=["cnn.com", "bbc.co.uk", "lemonde.fr"], outlet_published=[at(3), at(0), ""],
                 text="first  post\nwith words", compound=0.5),
        make_row(1, outlets=["a.com"], outlet_published=[at(0)]),
        make_row(2, outlets=["x.com", "y.com"], outlet_published=["", at(26)], handle=None, author=None),
        make_row(3, outlets=["x.com", "y.com"], outlet_published=[at(1), at(1)]),
        make_row(4),
    ])  # fmt: skip


def test_the_first_outlet_and_the_lag_of_the_others(frame: pd.DataFrame) -> None:
    steps = amplification(frame)
    assert observed(steps)[:2] == [("r000", 0, "bbc.co.uk", 0.0), ("r000", 1, "cnn.com", 3.0)]
    assert observed(steps)[2][:3] == ("r000", 2, "lemonde.fr")
    assert math.isnan(observed(steps)[2][3])  # lemonde.fr's time is unknown
    # two posts of two outlets: the one whose first outlet published earlier first; a tie keeps citing order
    assert [s[:3] for s in observed(steps)[3:]] == [("r003", 0, "x.com"), ("r003", 1, "y.com"),
                                                    ("r002", 0, "y.com"), ("r002", 1, "x.com")]  # fmt: skip
    assert steps["outlets"].tolist() == [3, 3, 3, 2, 2, 2, 2]
    assert steps.loc[0, "post"] == "@user0: first post with words"
    assert steps.loc[0, "published"] == pd.Timestamp(T0)
    assert steps.loc[0, "compound"] == 0.5


def test_the_table_says_who_followed_and_when(frame: pd.DataFrame) -> None:
    table = amplification_table(amplification(frame))
    assert table["first_outlet"].tolist() == ["bbc.co.uk", "x.com", "y.com"]
    assert table.loc[0, "later"] == "cnn.com +3.0 h; lemonde.fr time unknown"
    assert table.loc[1, "later"] == "y.com +0.0 h"
    assert table.loc[2, "later"] == "x.com time unknown"
    assert table["outlets"].tolist() == [3, 2, 2]


@pytest.mark.parametrize(("value", "text"), [(0.0, "+0.0 h"), (26.5, "+1 d 2.5 h"), (-3.0, "-3.0 h")])
def test_hours(value: float, text: str) -> None:
    assert hours(value) == text


def test_nothing_to_show(frame: pd.DataFrame) -> None:
    for steps in (amplification(frame, mask=np.zeros(len(frame), dtype=bool)), amplification(make_frame([])),
                  amplification(frame, min_outlets=4), amplification(frame, top=0)):  # fmt: skip
        assert steps.empty
        assert list(steps.columns) == list(amplification(frame).columns)
        assert amplification_table(steps).empty


def test_a_frame_without_outlet_times_still_ranks_posts(frame: pd.DataFrame) -> None:
    older = frame.drop(columns="outlet_published")  # an export from before the column
    steps = amplification(older)
    assert steps["id"].drop_duplicates().tolist() == ["r000", "r002", "r003"]
    assert steps["lag_hours"].isna().all()


@pytest.mark.parametrize("seed", range(4))
def test_equals_the_reference_on_random_frames(seed: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, int(rng.integers(50, 300)))
    index = FrameIndex(frame)
    same(observed(amplification(index, top=10_000)), reference(frame, top=10_000))
    same(observed(amplification(index, top=5, min_outlets=3)), reference(frame, top=5, min_outlets=3))
    mask = rng.random(len(frame)) < 0.4
    same(observed(amplification(index, top=10_000, mask=mask)), reference(frame.loc[mask], top=10_000))


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(0, 25), st.floats(0, 1), st.integers(1, 4))
def test_equals_the_reference_for_any_frame_and_mask(seed: int, size: int, share: float, least: int) -> None:
    rng = np.random.default_rng(seed)
    frame = random_frame(rng, size)
    mask = rng.random(size) < share
    same(observed(amplification(frame, 7, min_outlets=least, mask=mask)), reference(frame.loc[mask], 7, least))
