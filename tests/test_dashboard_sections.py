"""Sections drawn on demand: a new session sends the headline, the time chart (its mean compound, the sentiment
chart), the top hashtags and the table; the URL's ``section`` names the one shown, and a selection made in a linked
chart of a hidden section (the outlets, the network) still filters the page.  And the Outlets section itself."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from page_harness import run_page  # the fixture corpus: conftest

from app.panels import TITLES
from app.saved import PANEL
from app.sections import DOWNLOADS
from app.sidebar import MORE_KEY
from reactions.viewstate import links

ALWAYS = 4
"""The charts of every run: time, mean compound, sentiment, top hashtags."""


def table(at: Any) -> pd.DataFrame:
    """The reactions table (the dataframe with a compound column)."""
    shown: pd.DataFrame = next(d.value for d in at.dataframe if "compound" in d.value.columns)
    return shown


def subheaders(at: Any) -> list[str]:
    return [h.value for h in at.subheader]


def in_url(at: Any, key: str) -> list[str]:
    value = at.query_params.get(key, [])
    return [value] if isinstance(value, str) else list(value)


def test_the_url_names_every_section_the_page_has() -> None:
    assert tuple(TITLES) == links.SECTIONS
    assert links.view_keys().count("section") == 1  # a saved view keeps it
    assert links.layout_problems({"section": "x"}) == ["section=x"]


def test_a_new_session_sends_no_section(corpus: Path) -> None:
    at = run_page()
    assert not at.exception
    assert len(at.get("vega_lite_chart")) == ALWAYS
    assert not at.tabs  # the summary tabs
    assert "Outlets" not in subheaders(at)
    assert "Networks" not in subheaders(at)
    assert len(at.dataframe) == 1  # the table alone: no spikes, no amplification
    assert at.segmented_control(key="page_section").value is None
    assert "section" not in at.query_params


@pytest.mark.parametrize(("name", "charts"), [("heatmap", 1), ("summary", 1), ("network", 1), ("outlets", 0)])
def test_a_url_naming_a_section_draws_it(corpus: Path, name: str, charts: int) -> None:
    at = run_page({"section": name})
    assert not at.exception
    assert at.segmented_control(key="page_section").value == name
    assert len(at.get("vega_lite_chart")) == ALWAYS + charts  # the seeds have no outlet: a line says so
    assert in_url(at, "section") == [name]
    assert ("Networks" in subheaders(at)) == (name == "network")
    assert bool(at.tabs) == (name == "summary")


def test_choosing_a_section_draws_it_and_goes_into_the_url(corpus: Path) -> None:
    at = run_page()
    at.segmented_control(key="page_section").set_value("network").run()
    assert not at.exception
    assert "Networks" in subheaders(at)
    assert in_url(at, "section") == ["network"]
    at.segmented_control(key="page_section").set_value(None).run()
    assert "Networks" not in subheaders(at)
    assert len(at.get("vega_lite_chart")) == ALWAYS
    assert "section" not in at.query_params


def test_an_older_link_naming_a_summary_tab_opens_the_summaries(corpus: Path) -> None:
    at = run_page({"tab": "authors"})
    assert not at.exception
    assert at.segmented_control(key="page_section").value == "summary"
    assert at.session_state["summary_tab"] == "Top authors"


def test_the_networks_knobs_stay_while_it_is_hidden(corpus: Path) -> None:
    at = run_page({"section": "network"})
    at.number_input(key="network_top").set_value(5).run()
    at.segmented_control(key="page_section").set_value("spikes").run()
    at.run()  # a second run without the network: Streamlit has dropped what it did not keep
    at.segmented_control(key="page_section").set_value("network").run()
    assert not at.exception
    assert at.number_input(key="network_top").value == 5


# --- outlets ---------------------------------------------------------------------------------------------

TWEETS = {
    "t1": ("So proud of this team #Win", "Ann", "ann", "463440424141459456", "May 5, 2014"),
    "t2": ("This is a disgrace", "Bob", "bob", "463440424141459457", "May 5, 2014"),
    "t3": ("Lovely evening", "Cy", "cy", "463440424141459458", "May 5, 2014"),
}


def tweet(key: str) -> str:
    text, name, handle, status, day = TWEETS[key]
    return (f'<blockquote class="twitter-tweet"><p lang="en" dir="ltr">{text}</p>&mdash; {name} (@{handle}) '
            f'<a href="https://twitter.com/{handle}/status/{status}">{day}</a></blockquote>')  # fmt: skip


def write_page(folder: Path, name: str, url: str, published: str, keys: list[str]) -> None:
    embeds = "\n".join(f"<p>Readers wrote:</p>\n{tweet(k)}" for k in keys)
    (folder / name).write_text(
        f'<!DOCTYPE html><html><head><title>{name}</title><link rel="canonical" href="{url}">'
        f'<meta property="article:published_time" content="{published}"></head>'
        f"<body><article><h1>{name}</h1>\n{embeds}\n</article></body></html>",
        encoding="utf-8",
    )


@pytest.fixture
def outlet_corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Saved web pages of three outlets with canonical URLs: t1 cited by all three (bbc.co.uk first, cnn.com
    3 h later, lemonde.fr 26 h later), t2 by cnn.com then bbc.co.uk 2 h later, t3 by cnn.com alone."""
    folder = tmp_path / "pages"
    folder.mkdir()
    write_page(folder, "bbc.html", "https://www.bbc.co.uk/news/1", "2014-05-06T09:00:00Z", ["t1"])
    write_page(folder, "bbc2.html", "https://www.bbc.co.uk/news/2", "2014-05-06T14:00:00Z", ["t2"])
    write_page(folder, "cnn.html", "https://edition.cnn.com/2014/05/06/x", "2014-05-06T12:00:00Z", ["t1", "t2", "t3"])
    write_page(folder, "lemonde.html", "https://www.lemonde.fr/a/1", "2014-05-07T11:00:00Z", ["t1"])
    monkeypatch.setenv("REACTIONS_CORPUS", str(folder))
    return folder


def test_the_outlets_section_ranks_outlets_and_says_who_amplified_whom(outlet_corpus: Path) -> None:
    at = run_page({"section": "outlets"})
    assert not at.exception
    assert "Outlets" in [h.value for h in at.subheader]
    assert len(table(at)) == 3
    assert set(table(at)["outlet"]) <= {"bbc.co.uk", "cnn.com", "lemonde.fr"}
    amplified = next(d.value for d in at.dataframe if "first_outlet" in d.value.columns)
    assert amplified["first_outlet"].tolist() == ["bbc.co.uk", "cnn.com"]  # t1 (three outlets), then t2
    assert amplified["later"].tolist() == ["cnn.com +3.0 h; lemonde.fr +1 d 2.0 h", "bbc.co.uk +2.0 h"]
    assert amplified["outlets"].tolist() == [3, 2]
    at.session_state[MORE_KEY] = True  # the sidebar's other filters: built once opened
    at.run()
    assert at.multiselect(key="f_outlet").options == ["cnn.com", "bbc.co.uk", "lemonde.fr"]  # most cited first


def test_an_outlet_filter_and_a_click_on_an_outlet_bar(outlet_corpus: Path) -> None:
    at = run_page()
    at.session_state[MORE_KEY] = True
    at.run()
    at.multiselect(key="f_outlet").set_value(["lemonde.fr"]).run()
    assert not at.exception
    assert table(at)["author"].tolist() == ["@ann"]
    assert at.query_params["outlet"] in ("lemonde.fr", ["lemonde.fr"])
    at = run_page({"outlet": "bbc.co.uk"})  # the link comes back to the widget
    assert at.multiselect(key="f_outlet").value == ["bbc.co.uk"]
    assert sorted(table(at)["author"]) == ["@ann", "@bob"]
    at = run_page()
    at.session_state["chart_outlet_0"] = {"selection": {"outlet": [{"outlet": "bbc.co.uk"}]}}
    at.run()
    assert not at.exception
    assert any(t.value == "Selected in the charts: outlet=bbc.co.uk" for t in at.text)
    assert sorted(table(at)["author"]) == ["@ann", "@bob"]


def test_without_outlets_the_section_says_where_they_come_from(corpus: Path) -> None:
    at = run_page({"section": "outlets"})
    assert not at.exception
    assert "Outlets" in [h.value for h in at.subheader]
    assert any(c.value.startswith("No outlets in this view") for c in at.caption)
    assert not any("first_outlet" in d.value.columns for d in at.dataframe)


def test_a_selection_in_the_hidden_outlet_chart_still_filters(outlet_corpus: Path) -> None:
    at = run_page({"section": "outlets"})
    at.session_state["chart_outlet_0"] = {"selection": {"outlet": [{"outlet": "bbc.co.uk"}]}}  # a click on a bar
    at.run()
    assert sorted(table(at)["author"]) == ["@ann", "@bob"]
    assert in_url(at, "sel_outlet") == ["bbc.co.uk"]
    at.segmented_control(key="page_section").set_value(None).run()  # the outlets hidden: the chart is not drawn
    for _ in range(2):  # and after a run that did not draw it (Streamlit then drops the chart's state)
        assert not at.exception
        assert "Outlets" not in subheaders(at)
        assert any(t.value == "Selected in the charts: outlet=bbc.co.uk" for t in at.text)
        assert sorted(table(at)["author"]) == ["@ann", "@bob"]
        assert in_url(at, "sel_outlet") == ["bbc.co.uk"]
        at.run()
    at.segmented_control(key="page_section").set_value("outlets").run()  # shown again: the chart drawn anew
    at.run()  # its state now the empty one of a chart just drawn: the selection made in it stays
    assert "Outlets" in subheaders(at)
    assert sorted(table(at)["author"]) == ["@ann", "@bob"]
    at.session_state["chart_outlet_0"] = {"selection": {"outlet": [{"outlet": "lemonde.fr"}]}}  # another bar
    at.run()
    assert table(at)["author"].tolist() == ["@ann"]
    at.button(key="clear_selection").click().run()
    assert len(table(at)) == 3
    assert "sel_outlet" not in at.query_params


def test_a_link_selecting_an_outlet_filters_with_the_outlets_hidden(outlet_corpus: Path) -> None:
    at = run_page({"sel_outlet": "bbc.co.uk"})
    assert not at.exception
    assert "Outlets" not in subheaders(at)
    assert sorted(table(at)["author"]) == ["@ann", "@bob"]
    at.segmented_control(key="page_section").set_value("outlets").run()
    at.run()
    assert sorted(table(at)["author"]) == ["@ann", "@bob"]
    assert in_url(at, "sel_outlet") == ["bbc.co.uk"]


def test_the_sidebar_s_other_filters_are_built_when_opened_and_kept_while_closed(corpus: Path) -> None:
    """The expander of the sidebar's rarer filters builds their widgets only while it is open (a first paint at
    100,000 reactions sent three lists of 1,000 choices, unseen); closed, what was chosen in it still filters the
    page, stays in the URL, is named under it, and comes back when it is opened again."""
    at = run_page()
    every = len(table(at))
    assert not any(box.key in ("f_rendering", "f_author", "f_article") for box in at.multiselect)
    at.session_state[MORE_KEY] = True
    at.run()
    at.multiselect(key="f_rendering").set_value(["quote"]).run()
    quotes = len(table(at))
    assert 0 < quotes < every
    at.session_state[MORE_KEY] = False
    for _ in range(2):  # closed, and a run after that
        at.run()
        assert not at.exception
        assert not any(box.key == "f_rendering" for box in at.multiselect)
        assert len(table(at)) == quotes
        assert in_url(at, "rendering") == ["quote"]
        assert "Also filtered by: found as" in [c.value for c in at.caption]
    at.session_state[MORE_KEY] = True
    at.run()
    assert at.multiselect(key="f_rendering").value == ["quote"]
    at.button(key="reset_filters").click().run()
    at.session_state[MORE_KEY] = False
    at.run()
    assert len(table(at)) == every
    assert not any(c.value.startswith("Also filtered by") for c in at.caption)


def test_a_link_with_one_of_the_sidebar_s_other_filters_opens_them(corpus: Path) -> None:
    at = run_page({"rendering": "quote"})
    assert not at.exception
    assert at.multiselect(key="f_rendering").value == ["quote"]
    assert run_page({"confidence": "0.5"}).slider(key="f_confidence").value == pytest.approx(0.5)


def test_the_downloads_and_saved_views_are_built_when_opened(corpus: Path, downloads: dict[str, bytes]) -> None:
    """Six download buttons and the saved views' widgets (and the store's read) wait behind their expanders: a
    first paint sends neither; opened, they are there; the name typed stays while the panel is closed."""
    at = run_page()
    assert not at.get("download_button")
    assert not downloads
    assert not any(box.key == "view_name" for box in at.text_input)
    at.session_state[DOWNLOADS] = True
    at.session_state[PANEL] = True
    at.run()
    assert len(at.get("download_button")) == 6
    assert any(name.endswith("-all.csv") for name in downloads)
    at.text_input(key="view_name").input("mine").run()
    at.session_state[PANEL] = False
    at.run()
    assert not any(box.key == "view_name" for box in at.text_input)
    at.session_state[PANEL] = True
    at.run()
    assert at.text_input(key="view_name").value == "mine"


def test_the_headline_is_drawn_before_the_sidebar_s_filters(corpus: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The browser draws what the page sends in order: the headline's figures go before the sidebar's filter
    widgets (their values read from the session first), and count what the link's filters keep."""
    import streamlit

    calls: list[str] = []
    for name in ("metric", "date_input", "pills"):
        original = getattr(streamlit, name)

        def spy(*args: Any, _name: str = name, _original: Any = original, **kwargs: Any) -> Any:
            calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(streamlit, name, spy)
    at = run_page({"sentiment": "negative"})
    assert not at.exception
    assert calls.index("metric") < min(calls.index("date_input"), calls.index("pills"))
    negative = int(next(m.value for m in at.metric if m.label == "Reactions"))
    assert negative == len(table(at)) == (table(at)["sentiment"] == "negative").sum() > 0
    at.pills(key="f_sentiment").set_value([]).run()  # a widget changed: the headline follows it
    assert int(next(m.value for m in at.metric if m.label == "Reactions")) == len(table(at)) > negative
