"""What the page sends and copies: only the open summary tab (the URL's ``tab`` names it), no code block, and a
rerun shares the kept frame instead of unpickling a copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from page_harness import run_page  # the fixtures corpus and seeds_frame: conftest

from app.presenter import SUMMARY_TITLES
from reactions.viewstate import links

TITLES = {**SUMMARY_TITLES, "languages": "Languages"}


def sent(at: Any) -> dict[str, int]:
    """Each summary tab's title -> how many elements the page sent into it."""
    return {tab.label: len(tab.children) for tab in at.tabs}


def languages_table(at: Any) -> list[pd.DataFrame]:
    return [d.value for d in at.dataframe if "Scored by" in d.value.columns]


def test_the_url_names_every_summary_tab_the_page_has() -> None:
    assert tuple(TITLES) == links.SUMMARY_TABS
    assert links.view_keys().count("tab") == 1  # a saved view keeps it


def test_a_hidden_tab_sends_nothing(corpus: Path) -> None:
    at = run_page({"section": "summary"})
    assert not at.exception
    shown = sent(at)
    assert list(shown) == list(TITLES.values())
    assert shown["Compound scores"] == 1  # the first tab: its chart
    assert all(count == 0 for title, count in shown.items() if title != "Compound scores")
    assert len(at.tabs[0].get("vega_lite_chart")) == 1
    assert not languages_table(at)
    assert "tab" not in at.query_params  # the first tab is the default: no key


@pytest.mark.parametrize("name", ["authors", "platforms"])
def test_a_url_naming_a_tab_opens_it_and_draws_its_chart(corpus: Path, name: str) -> None:
    at = run_page({"tab": name})
    assert not at.exception
    title = TITLES[name]
    assert at.session_state["summary_tab"] == title
    tab = next(t for t in at.tabs if t.label == title)
    (chart,) = tab.get("vega_lite_chart")
    assert '"mark"' in chart.proto.spec  # a Vega-Lite spec was sent
    assert sum(sent(at).values()) == 1  # and nothing for the other tabs
    assert at.query_params["tab"] in (name, [name])


def test_the_languages_tab_from_the_url(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"tab": "languages"})
    assert not at.exception
    (table,) = languages_table(at)
    assert table["Reactions"].sum() == len(seeds_frame)
    assert not any(len(t.get("vega_lite_chart")) for t in at.tabs)


def test_choosing_a_tab_draws_it_and_goes_into_the_url(corpus: Path) -> None:
    at = run_page({"section": "summary"})
    at.session_state["summary_tab"] = "Top emoji"  # what a click on the tab sends
    at.run()
    assert not at.exception
    assert sent(at)["Top emoji"] == 1  # its chart, or the line saying it has none
    assert sent(at)["Compound scores"] == 0
    assert at.query_params["tab"] in ("emoji", ["emoji"])
    at.session_state["summary_tab"] = "Compound scores"
    at.run()
    assert sent(at)["Compound scores"] == 1
    assert "tab" not in at.query_params


def test_a_tab_the_page_does_not_have_is_left_out(corpus: Path) -> None:
    at = run_page({"tab": "<b>x</b>"})
    assert not at.exception
    assert "tab=<b>x</b>" in at.session_state["link_left_out"]
    assert sent(at)["Compound scores"] == 1


def test_the_tab_stays_through_a_run_that_draws_no_tabs(corpus: Path) -> None:
    at = run_page({"tab": "platforms"})
    at.text_input(key="f_text").input("no reaction says this zzzq").run()  # the page stops before its charts
    assert not at.exception
    assert not at.tabs
    at.text_input(key="f_text").input("").run()
    assert at.session_state["summary_tab"] == "Platforms"
    assert sent(at)["Platforms"] == 1
    assert at.query_params["tab"] in ("platforms", ["platforms"])


def test_the_first_paint_sends_no_code_block(corpus: Path) -> None:
    """Chromium's V8 profile of a new session at 100k: st.code's syntax highlighter took 0.5 CPU-s, for the corpus
    path alone.  The path is plain text (untrusted, so never Markdown)."""
    at = run_page()
    assert not at.exception
    assert not at.code
    assert str(corpus) in [t.value for t in at.sidebar.text]


def _twice(root: str) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, root)  # the page's own package (app/), as dashboard.py finds it
    import pandas as pd
    import streamlit as st

    from app.loading import scored_frame
    from app.sidebar import filter_options
    from reactions.analysis.index import FrameIndex
    from reactions.run.pipeline import extract_frame
    from reactions.scorers import DEFAULT_SCORER

    frame = extract_frame(Path(root) / "seeds", cache=False).frame
    shared = scored_frame("a run", frame, DEFAULT_SCORER, ())[0]
    options = filter_options("a run", FrameIndex(shared))
    st.session_state.setdefault("seen", []).append((id(shared), id(options)))
    assert isinstance(shared, pd.DataFrame)


def test_a_rerun_reads_the_kept_frame_and_options_without_copying_them() -> None:
    """At 1,000,000 reactions a new session's script run spent most of its server CPU unpickling the scored frame
    and the filter options (``st.cache_data`` copies what it returns at every run): both are now shared."""
    import streamlit as st
    from streamlit.testing.v1 import AppTest

    st.cache_resource.clear()  # no frame kept by a test before
    root = str(Path(__file__).resolve().parent.parent)
    at = AppTest.from_function(_twice, args=(root,)).run(timeout=120)
    at.run(timeout=120)
    assert not at.exception
    first, second = at.session_state["seen"]
    assert first == second  # the very same objects: no copy

