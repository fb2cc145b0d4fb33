"""Views that travel, run headless with streamlit.testing.v1.AppTest (widgets found by key): the table's sort in
the URL, and named views saved in the analyst store, opened and deleted."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pandas as pd
from page_harness import run_page  # the fixtures corpus, downloads, seeds_frame: conftest
from streamlit.testing.v1 import AppTest

from app.saved import PANEL
from reactions.store import Store, store_path


def query(at: AppTest) -> dict[str, list[str]]:
    return {k: v if isinstance(v, list) else [v] for k, v in at.query_params.items()}


def table(at: AppTest) -> pd.DataFrame:
    """The reactions table (the dataframe with a compound column)."""
    shown: pd.DataFrame = next(d.value for d in at.dataframe if "compound" in d.value.columns)
    return shown


def test_sorting_the_table_by_compound_descending_puts_the_highest_first_and_goes_into_the_url(
    corpus: Path, seeds_frame: pd.DataFrame
) -> None:
    at = run_page()
    assert table(at)["id"].tolist() == seeds_frame["id"].tolist()  # corpus order
    at.selectbox(key="table_sort").set_value("compound").run()
    at.toggle(key="table_desc").set_value(True).run()
    assert not at.exception
    shown = table(at)
    highest = seeds_frame.sort_values("compound", ascending=False, kind="stable")
    assert shown["id"].iloc[0] == highest["id"].iloc[0]
    unscored = -9.0  # a reaction not scored (no compound: its language is undetermined) comes last
    assert shown["compound"].fillna(unscored).tolist() == sorted(seeds_frame["compound"].fillna(unscored), reverse=True)
    assert query(at)["sort"] == ["compound"]
    assert query(at)["order"] == ["desc"]
    assert any("by compound, descending" in str(c.value) for c in at.caption)
    at.selectbox(key="table_sort").set_value("").run()
    assert "sort" not in at.query_params
    assert "order" not in at.query_params
    assert table(at)["id"].tolist() == seeds_frame["id"].tolist()


def test_a_link_s_sort_comes_back_sorted_before_paging(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"sort": "compound", "order": "asc", "rows": "10", "page": "2"})
    assert not at.exception
    assert not at.warning
    assert at.selectbox(key="table_sort").value == "compound"
    assert at.toggle(key="table_desc").value is False
    lowest_first = seeds_frame.sort_values("compound", kind="stable")["id"].tolist()
    assert table(at)["id"].tolist() == lowest_first[10:]  # page 2 of the sorted rows, not of corpus order


def test_a_link_s_sort_that_does_not_apply_is_said(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"sort": "text", "order": "sideways"})
    assert not at.exception
    (warning,) = [str(w.value) for w in at.warning]
    assert "do not apply to this corpus" in warning
    shown = " ".join(str(c.value) for c in at.code)
    assert "sort=text" in shown
    assert "order=sideways" in shown
    assert at.selectbox(key="table_sort").value == ""
    assert table(at)["id"].tolist() == seeds_frame["id"].tolist()


# --- saved views --------------------------------------------------------------------------------------------


def open_panel(at: AppTest) -> None:
    """Open the "Saved views" expander (its widgets are built only while it is open)."""
    at.session_state[PANEL] = True
    at.run()


def save(at: AppTest, name: str) -> AppTest:
    open_panel(at)
    at.text_input(key="view_name").input(name).run()
    result: AppTest = at.button(key="save_view").click().run()
    return result


def open_saved(at: AppTest, name: str) -> AppTest:
    open_panel(at)
    at.selectbox(key="saved_view").set_value(name).run()
    result: AppTest = at.button(key="open_view").click().run()
    return result


def test_a_saved_view_comes_back_with_its_filters_sort_and_table(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"sentiment": "negative", "sort": "compound", "order": "desc"})
    saved_table = table(at)
    assert len(saved_table) < 12
    save(at, "negative, <b>strongest</b> first")
    assert not at.exception
    assert any(t.value == "Saved as: negative, <b>strongest</b> first" for t in at.text)  # plain text
    (view,) = Store.beside(corpus).saved_views()
    assert view.params == {"sentiment": ["negative"], "sort": ["compound"], "order": ["desc"]}
    at.pills(key="f_sentiment").set_value(["neutral"]).run()
    at.selectbox(key="table_sort").set_value("").run()
    assert len(table(at)) > 0
    assert set(table(at)["id"]).isdisjoint(saved_table["id"])
    open_saved(at, "negative, <b>strongest</b> first")
    assert not at.exception
    assert not at.warning
    assert at.pills(key="f_sentiment").value == ["negative"]
    assert at.selectbox(key="table_sort").value == "compound"
    assert at.toggle(key="table_desc").value is True
    pd.testing.assert_frame_equal(table(at).reset_index(drop=True), saved_table.reset_index(drop=True))
    assert query(at) == {"sentiment": ["negative"], "sort": ["compound"], "order": ["desc"]}


def test_a_saved_view_s_selection_and_page_come_back(corpus: Path) -> None:
    at = run_page({"sel_tag": "TimesUp", "top": "5"})
    save(at, "TimesUp")
    at.button(key="clear_selection").click().run()
    at.number_input(key="top_n").set_value(12).run()
    assert len(table(at)) == 12
    open_saved(at, "TimesUp")
    assert len(table(at)) == 1
    assert any(t.value == "Selected from the link: hashtag=TimesUp" for t in at.text)
    assert at.number_input(key="top_n").value == 5


def test_a_view_is_deleted_and_a_bad_name_is_refused(corpus: Path) -> None:
    at = run_page()
    save(at, "all")
    assert [v.name for v in Store.beside(corpus).saved_views()] == ["all"]
    at.button(key="delete_view").click().run()
    assert not at.exception
    assert any(t.value == "Deleted: all" for t in at.text)
    assert Store.beside(corpus).saved_views() == ()
    assert not any(box.key == "saved_view" for box in at.selectbox)
    assert any(c.value == "No saved views for this corpus yet." for c in at.caption)
    assert at.button(key="save_view").disabled  # no name typed


def test_a_tampered_saved_view_says_what_does_not_apply(corpus: Path) -> None:
    at = run_page()
    Store.beside(corpus).save_view("ok", "tag=TimesUp")
    with sqlite3.connect(store_path(corpus)) as connection:
        connection.execute("UPDATE views SET query = 'tag=TimesUp&tag=NoSuchTag&sort=text&evil=1'")
    at.run()
    open_saved(at, "ok")
    assert not at.exception
    (warning,) = [str(w.value) for w in at.warning]
    assert "do not apply to this corpus" in warning
    shown = " ".join(str(c.value) for c in at.code)
    assert all(p in shown for p in ("tag=NoSuchTag", "sort=text", "evil=1"))
    assert at.multiselect(key="f_tags").value == ["TimesUp"]  # what applies is applied
    assert "evil" not in at.query_params


def test_a_saved_comparison_comes_back_on_with_its_side_b_and_a_view_without_one_turns_it_off(corpus: Path) -> None:
    at = run_page({"tag": "MeToo", "compare": "on", "b_tag": "TimesUp"})
    assert at.toggle(key="compare_on").value is True
    assert at.multiselect(key="b_tags").value == ["TimesUp"]
    save(at, "MeToo vs TimesUp")
    (view,) = Store.beside(corpus).saved_views()
    assert view.params == {"tag": ["MeToo"], "compare": ["on"], "b_tag": ["TimesUp"]}
    at.toggle(key="compare_on").set_value(False).run()
    assert "compare" not in at.query_params
    save(at, "plain")
    open_saved(at, "MeToo vs TimesUp")
    assert not at.exception
    assert not at.warning
    assert at.toggle(key="compare_on").value is True
    assert at.multiselect(key="b_tags").value == ["TimesUp"]
    assert query(at) == {"tag": ["MeToo"], "compare": ["on"], "b_tag": ["TimesUp"]}
    open_saved(at, "plain")
    assert at.toggle(key="compare_on").value is False
    assert query(at) == {"tag": ["MeToo"]}


def test_a_saved_comparison_s_side_b_value_that_cannot_be_read_is_said(corpus: Path) -> None:
    at = run_page()
    Store.beside(corpus).save_view("bad b", "compare=on&b_to=later&b_tag=TimesUp")
    at.run()
    open_saved(at, "bad b")
    assert not at.exception
    (warning,) = [str(w.value) for w in at.warning]  # once, by the Compare section, as for a link
    assert "B filters that do not apply to this corpus" in warning
    assert "b_to=later" in " ".join(str(c.value) for c in at.code)
    assert at.multiselect(key="b_tags").value == ["TimesUp"]
