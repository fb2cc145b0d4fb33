"""The page's Compare section, run headless with streamlit.testing.v1.AppTest (widgets found by key)."""

from __future__ import annotations

import io
from pathlib import Path

import pandas as pd
from page_harness import run_page  # the fixtures corpus, downloads, seeds_frame: conftest
from streamlit.testing.v1 import AppTest

from reactions import read_csv
from reactions.viewstate import views


def query(at: AppTest) -> dict[str, list[str]]:
    return {k: v if isinstance(v, list) else [v] for k, v in at.query_params.items()}


def summary(at: AppTest) -> pd.DataFrame:
    """The comparison's summary table (the dataframe with a shared column)."""
    found: pd.DataFrame = next(d.value for d in at.dataframe if "shared" in d.value.columns)
    return found


def with_tag(frame: pd.DataFrame, tag: str) -> pd.DataFrame:
    return frame.loc[views.filter_rows(frame, views.Filters(hashtags=(tag,)))]


def test_compare_is_off_by_default_and_costs_nothing(corpus: Path) -> None:
    at = run_page()
    assert not at.exception
    assert at.toggle(key="compare_on").value is False
    assert not [w for w in at.multiselect if w.key.startswith("b_")]
    assert not [d for d in at.dataframe if "shared" in d.value.columns]
    assert "compare" not in query(at)


def test_turn_compare_on_pick_b_and_see_both_halves(
    corpus: Path, downloads: dict[str, bytes], seeds_frame: pd.DataFrame
) -> None:
    at = run_page({"tag": "JusticeForJohnnyDepp"})
    charts_before = len(at.get("vega_lite_chart"))
    at.toggle(key="compare_on").set_value(True).run()
    at.multiselect(key="b_tags").set_value(["TimesUp"]).run()
    assert not at.exception
    a, b = with_tag(seeds_frame, "JusticeForJohnnyDepp"), with_tag(seeds_frame, "TimesUp")
    table = summary(at)
    assert table["side"].tolist() == ["A", "B"]
    assert table["reactions"].tolist() == [len(a), len(b)]
    assert table["about"].tolist() == ["tag=JusticeForJohnnyDepp", "tag=TimesUp"]
    both = set(a["id"]) & set(b["id"])
    assert table["shared"].tolist() == [len(both)] * 2
    assert len(at.get("vega_lite_chart")) == charts_before + 3  # volume, sentiment shares, hashtags
    assert "A: tag=JusticeForJohnnyDepp\nB: tag=TimesUp" in [t.value for t in at.text]
    assert any(t.value.startswith("Mean compound A ") for t in at.text)
    shared = next(d.value for d in at.dataframe if "compound" in d.value.columns and len(d.value) == len(both))
    assert set(shared["id"]) == both
    assert query(at) == {"tag": ["JusticeForJohnnyDepp"], "compare": ["on"], "b_tag": ["TimesUp"]}
    name_b = "reactions-0.1.0-compare-b-tag-timesup.csv"
    exported = read_csv(io.BytesIO(downloads[name_b]))
    assert exported["id"].tolist() == b["id"].tolist()
    assert downloads[name_b].startswith(b"\xef\xbb\xbfid,")  # Excel-safe
    assert read_csv(io.BytesIO(downloads["reactions-0.1.0-compare-a-tag-justiceforjohnnydepp.csv"]))["id"].tolist() \
        == a["id"].tolist()  # fmt: skip


def test_a_comparison_link_travels_and_turning_off_takes_b_out_of_the_url(
    corpus: Path, seeds_frame: pd.DataFrame
) -> None:
    at = run_page({"sentiment": "negative", "b_tag": "TimesUp", "b_kind": "embed"})
    assert not at.exception
    assert at.toggle(key="compare_on").value is True
    assert at.multiselect(key="b_tags").value == ["TimesUp"]
    assert summary(at)["about"].tolist() == ["sentiment=negative", "tag=TimesUp; kind=embed"]
    at.multiselect(key="f_tags").set_value(["MeToo"]).run()  # a sidebar change leaves B's keys alone
    assert query(at)["b_tag"] == ["TimesUp"]
    assert query(at)["tag"] == ["MeToo"]
    at.toggle(key="compare_on").set_value(False).run()
    assert not at.exception
    assert query(at) == {"sentiment": ["negative"], "tag": ["MeToo"]}


def test_b_values_this_corpus_lacks_are_said_and_an_empty_b_explained(corpus: Path) -> None:
    at = run_page({"compare": "on", "b_tag": ["TimesUp", "NoSuchTag"], "b_from": "yesterday"})
    assert not at.exception
    assert any("B filters that do not apply" in str(w.value) for w in at.warning)
    shown = " ".join(str(c.value) for c in at.code)
    assert "b_tag=NoSuchTag" in shown
    assert "b_from=yesterday" in shown
    at.text_input(key="b_text").input("zzzz-no-such-text").run()
    assert any("No reaction matches B's filters" in i.value for i in at.info)
