"""app.presenter: the page's table, its styles, and a post in its article."""

from __future__ import annotations

import io

import networkx as nx
import numpy as np
import pandas as pd
from frame_factory import make_frame, make_row
from hypothesis import given, settings
from hypothesis import strategies as st

from app import exports, presenter
from reactions.analysis.index import FrameIndex
from reactions.charts import palette
from reactions.export import read_csv
from reactions.viewstate.views import Filters, Selection, filter_mask
from reactions.xlsx import xlsx_bytes


def test_table_frame_links_are_web_links_only() -> None:
    frame = make_frame([
        make_row(0, media=["pic.twitter.com/abc"], url="https://twitter.com/a/status/1"),
        make_row(1, url="javascript:alert(1)"),
    ])  # fmt: skip
    table = presenter.table_frame(frame)
    assert table["media"].tolist() == ["https://pic.twitter.com/abc", None]
    assert table["url"].tolist() == ["https://twitter.com/a/status/1", None]
    assert table.columns[-1] == "id"
    assert table["author"].tolist() == ["@user0", "@user1"]


def test_the_post_column_is_the_whole_post_and_the_pieces_search_too() -> None:
    frame = make_frame([
        make_row(0, kind="quote", text="Day 3 in the same shirt", continued="Braids are hanging in. #day3"),
        make_row(1, text="=1+1 <b>plain</b>"),
    ])  # fmt: skip
    table = presenter.table_frame(frame)
    assert table["text"].tolist() == ["Day 3 in the same shirt Braids are hanging in. #day3", "=1+1 <b>plain</b>"]
    assert filter_mask(frame, Filters(text="braids")).tolist() == [True, False]


def test_compound_style_follows_the_sign() -> None:
    assert palette.SENTIMENT_TEXT["positive"] in presenter.compound_style(0.6)
    assert palette.SENTIMENT_TEXT["negative"] in presenter.compound_style(-0.6)
    assert presenter.compound_style(0.0) == presenter.compound_style(float("nan")) == ""
    assert presenter.compound_style(0.05) == presenter.compound_style(0.9)  # VADER's threshold is inclusive
    assert presenter.compound_style(0.0499) == ""


def test_post_context() -> None:
    text = "Title\n\nIntro para.\n\nSee this: POST — A (@a) Feb 1, 2020\n\nOutro para.\n\nEnd."
    start = text.index("POST")
    end = text.index("2020") + 4
    ctx = presenter.post_context(text, (start, end))
    assert (ctx.before, ctx.lead, ctx.body, ctx.tail, ctx.after) == (
        "Intro para.", "See this: ", "POST — A (@a) Feb 1, 2020", "", "Outro para.",
    )  # fmt: skip
    first = presenter.post_context("POST only", (0, 4))
    assert (first.before, first.body, first.tail, first.after) == ("", "POST", " only", "")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=60), st.integers(-5, 70), st.integers(-5, 70))
def test_post_context_never_raises_and_keeps_the_span(text: str, a: int, b: int) -> None:
    ctx = presenter.post_context(text, (a, b))
    lo, hi = sorted((max(0, min(a, len(text))), max(0, min(b, len(text)))))
    assert ctx.body == text[lo:hi]


def test_the_xlsx_download_holds_every_row_of_the_view_and_its_summaries() -> None:
    import io

    import numpy as np
    import pandas as pd

    from reactions.viewstate.views import Filters, Selection

    frame = make_frame([make_row(i, hashtags=["MeToo"] if i % 2 else []) for i in range(7)])
    shown = np.array([1, 3, 4, 6])
    files = exports.downloads(frame, shown, Filters(), Selection(), version="9")
    (workbook,) = [d for d in files if d.key == "dl_xlsx"]
    assert workbook.lazy
    assert workbook.file_name.endswith(".xlsx")
    sheets = pd.read_excel(io.BytesIO(workbook.make()), sheet_name=None, dtype=str)
    assert sheets["reactions"]["id"].tolist() == frame["id"].iloc[shown].tolist()
    assert {"by day", "sentiment", "top hashtags", "top authors", "provenance"} <= set(sheets)
    assert sheets["top hashtags"]["hashtag"].tolist() == ["MeToo"]


def test_unmatched_values_name_what_a_link_asked_for_in_vain() -> None:
    from reactions.viewstate.views import Filters

    options = {"tags": ["MeToo"], "renderings": ["dash"], "authors": ["@ann"]}
    wanted = Filters(hashtags=("MeToo", "Gone"), renderings=("dash", "card"), authors=("@bob",))
    assert presenter.unmatched_values(wanted, options) == ["tag=Gone", "author=@bob", "rendering=card"]
    assert presenter.unmatched_values(Filters(), options) == []


def test_a_network_is_drawn_without_its_own_selection_and_offered_as_gexf_and_graphml() -> None:
    frame = make_frame([
        make_row(0, hashtags=["a", "b"], mentions=["x"]), make_row(1, hashtags=["a", "c"], handle="x", author="x"),
        make_row(2, hashtags=["d"], mentions=["y"]),
    ])  # fmt: skip
    index = FrameIndex(frame)
    everything = np.ones(3, dtype=bool)
    chosen = Selection(hashtags=("b",), accounts=("@y",))
    tags = presenter.network_of(index, everything, chosen, "hashtags", 30)
    assert list(tags.graph.nodes) == ["d"]  # @y's reaction, every hashtag of it (the clicked hashtag is ignored)
    who = presenter.network_of(index, everything, Selection(hashtags=("a",), accounts=("@y",)), "mentions", 30)
    assert list(who.graph.edges) == [("@user0", "@x")]  # the rows with #a, whoever was clicked
    assert "click an account" in presenter.network_caption(who)
    assert who.cap in presenter.network_caption(who)
    files = exports.network_downloads(who, Filters(), chosen, version="0.1.0")
    assert [f.file_name for f in files] == [
        "reactions-0.1.0-mentions-network-selected-hashtag-b-selected-account-y.gexf",
        "reactions-0.1.0-mentions-network-selected-hashtag-b-selected-account-y.graphml",
    ]
    assert nx.read_gexf(io.BytesIO(files[0].make())).number_of_edges() == 1
    assert nx.read_graphml(io.BytesIO(files[1].make())).number_of_nodes() == 2


def test_outlets_in_the_table_the_filter_choices_and_the_widgets() -> None:
    frame = make_frame([
        make_row(0, outlet="bbc.co.uk", outlets=["bbc.co.uk", "cnn.com"]), make_row(1, outlet="cnn.com",
                 outlets=["cnn.com"]), make_row(2),
    ])  # fmt: skip
    table = presenter.table_frame(frame)
    assert table["outlet"].tolist()[:2] == ["bbc.co.uk", "cnn.com"]
    assert table["outlets"].tolist() == [["bbc.co.uk", "cnn.com"], ["cnn.com"], []]
    assert set(table.columns) == set(presenter.TABLE_COLUMNS)
    options = presenter.filter_options(FrameIndex(frame))
    assert options["outlets"] == ["cnn.com", "bbc.co.uk"]  # most cited first
    wanted = Filters(outlets=("bbc.co.uk", "nytimes.com"))
    assert presenter.widget_values(wanted, options)["outlets"] == ["bbc.co.uk"]
    assert presenter.unmatched_values(wanted, options) == ["outlet=nytimes.com"]
    chosen = presenter.filters_from_widgets({"outlets": ["cnn.com"]}, (None, None))
    assert chosen == Filters(outlets=("cnn.com",))
    sheet = exports.summary_tables(frame)["top outlets"]
    assert list(zip(sheet["outlet"], sheet["reactions"], strict=True)) == [("cnn.com", 2), ("bbc.co.uk", 1)]
    workbook = pd.read_excel(io.BytesIO(xlsx_bytes(frame, summary=exports.summary_tables(frame))), sheet_name=None)
    assert workbook["top outlets"]["outlet"].tolist() == ["cnn.com", "bbc.co.uk"]


def test_each_side_of_a_comparison_downloads_as_excel_safe_csv_named_after_its_filters() -> None:
    frame = make_frame([make_row(i, text="=1+1" if i == 2 else f"post {i}") for i in range(5)])
    a, b = np.array([True, True, False, False, True]), np.array([False, True, True, False, False])
    files = exports.compare_downloads(
        frame, [("A", a, Filters()), ("B", b, Filters(hashtags=("TimesUp",)))], version="0.1.0"
    )
    assert [f.file_name for f in files] == ["reactions-0.1.0-compare-a-no-filters.csv",
                                            "reactions-0.1.0-compare-b-tag-timesup.csv"]  # fmt: skip
    assert [f.rows for f in files] == [3, 2]
    assert [f.key for f in files] == ["dl_compare_a", "dl_compare_b"]
    data = files[1].make()
    assert data.startswith(b"\xef\xbb\xbfid,")
    assert b",'=1+1," in data  # a formula stays text in a spreadsheet
    assert read_csv(io.BytesIO(data))["id"].tolist() == ["r001", "r002"]
    assert read_csv(io.BytesIO(files[0].make()))["id"].tolist() == ["r000", "r001", "r004"]
