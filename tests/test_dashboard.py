"""The real page, run headless with streamlit.testing.v1.AppTest (widgets found by key)."""

from __future__ import annotations

import ast
import datetime as dt
import importlib.util
import io
import json
import sqlite3
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Any

import networkx as nx
import pandas as pd
import pytest
from benchmark_loader import load_benchmark
from page_harness import PAGE, ROOT, RUN_TIMEOUT, SEEDS, run_page  # fixtures corpus, downloads, seeds_frame: conftest
from streamlit.testing.v1 import AppTest

from app.sections import DOWNLOADS
from app.sidebar import MORE_KEY
from reactions import export
from reactions.analysis import network
from reactions.store import Store
from reactions.viewstate import views

NEW_ARTICLE = (
    b" date 2021-03-04 A new article\n\nFans wrote:\n\n"
    b"What a comeback, so happy for him #Comeback pic.twitter.com/abc123 \xe2\x80\x94 Neo (@neo_1) March 3, 2021\n"
)


def table(at: AppTest) -> pd.DataFrame:
    """The reactions table (the dataframe with a compound column)."""
    shown: pd.DataFrame = next(d.value for d in at.dataframe if "compound" in d.value.columns)
    return shown


def charts_on(at: AppTest) -> int:
    return len(at.get("vega_lite_chart"))


def metric(at: AppTest, label: str) -> str:
    return next(str(m.value) for m in at.metric if m.label.startswith(label))


def test_seeds_page_runs_with_charts_and_the_twelve_reactions(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page()
    assert not at.exception
    assert not at.error
    assert charts_on(at) >= 4  # day, compound, sentiment, hashtags (the rest in sections: test_dashboard_sections)
    shown = table(at)
    assert len(shown) == 12
    assert sorted(shown["id"]) == sorted(seeds_frame["id"])
    assert metric(at, "Reactions") == "12"
    assert any("have no date" in c.value for c in at.caption)  # undated quotes are said, not dropped
    assert any(c.value.startswith("5 articles read · 12 unique reactions · ") for c in at.caption)


def test_a_sessions_first_run_ends_at_its_headline_and_the_browser_asks_for_the_rest(corpus: Path) -> None:
    """Issue 19: a new session's headline waited for the browser to build the sidebar's widgets, the charts and the
    table, which came in the same run (4 CPU-s of Chromium at 100,000 reactions).  A session's first run now sends
    the title and the headline (of the link's filters) and a timer; the browser's timer then asks for the whole
    page (a fragment run that reruns the app), which AppTest's next run stands for."""
    from app.opening import REST_KEY

    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT)
    at.query_params["sentiment"] = "negative"
    at.run()
    assert not at.exception
    first = metric(at, "Reactions")
    assert at.session_state[REST_KEY] == "asked"
    assert charts_on(at) == 0  # nothing after the headline yet
    assert not at.dataframe
    assert not at.get("file_uploader")  # no widget: no widget's code to load before the headline
    assert not at.selectbox
    assert not at.multiselect
    at.run()
    assert not at.exception
    assert metric(at, "Reactions") == first != "12"  # the same figures, of the link's filter
    assert charts_on(at) >= 4
    assert len(table(at)) == int(first)
    assert at.multiselect(key="f_tags") is not None
    assert at.get("file_uploader")
    at.run()
    assert charts_on(at) >= 4  # later runs draw the whole page


def test_a_link_whose_filters_keep_nothing_says_so_with_the_sidebar_after_the_first_run(corpus: Path) -> None:
    """No headline to show (no seed is positive): the first run still ends and asks for the next, which says so
    beside the sidebar's filters to loosen."""
    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT)
    at.query_params["sentiment"] = "positive"
    at.run()
    assert not at.exception
    assert not at.metric
    at.run()
    assert any("No reaction matches" in i.value for i in at.info)
    assert at.pills(key="f_sentiment").value == ["positive"]


def test_a_filter_narrows_the_table_and_goes_into_the_url(corpus: Path) -> None:
    at = run_page()
    at.multiselect(key="f_tags").set_value(["TimesUp"]).run()
    assert not at.exception
    shown = table(at)
    assert 0 < len(shown) < 12
    assert all("timesup" in [h.casefold() for h in tags] for tags in shown["hashtags"])
    assert at.query_params["tag"] in ("TimesUp", ["TimesUp"])
    at.text_input(key="f_text").input("amber").run()
    assert all("amber" in text.casefold() for text in table(at)["text"])


def test_the_table_shows_the_whole_post_of_a_post_quoted_in_pieces(corpus: Path) -> None:
    (corpus / "pieces.txt").write_text(
        ' date 2021-03-04 A choir sings again\n\nThe choir met on Sunday.\n\n'
        '"Rehearsal tonight," Ada Moor tweeted. "Bring <b>lanterns</b> and a *warm* coat!"\n',
        encoding="utf-8",
    )
    at = run_page()
    at.text_input(key="f_text").input("lanterns").run()  # a word of the later piece finds the post
    assert not at.exception
    shown = table(at)
    assert shown["text"].tolist() == ["Rehearsal tonight Bring <b>lanterns</b> and a *warm* coat!"]  # as written
    assert not any("lanterns" in str(element.value) for element in (*at.markdown, *at.caption))  # never as markup


def test_filters_come_back_from_the_url(corpus: Path) -> None:
    at = run_page({"sentiment": "neutral", "kind": "embed"})
    assert not at.exception
    shown = table(at)
    assert len(shown) > 0
    assert set(shown["sentiment"]) == {"neutral"}
    assert set(shown["kind"]) == {"embed"}
    assert at.multiselect(key="f_tags").value == []


def test_the_csv_download_is_the_filtered_table(corpus: Path, downloads: dict[str, bytes]) -> None:
    at = run_page({"section": "network"}, opened=(DOWNLOADS,))
    downloads.clear()
    at.text_input(key="f_text").input("Amber").run()
    shown = table(at)
    assert 0 < len(shown) < 12
    names = [b.proto.id for b in at.get("download_button")]
    assert len(names) == 6 + 2  # the view's six, and the network's GEXF and GraphML
    (name,) = [n for n in downloads if "-filtered-" in n and n.endswith(".csv") and "exact-text" not in n]
    assert name.startswith("reactions-0.1.0-filtered-q-amber")
    data = downloads[name]
    exported = export.read_csv(io.BytesIO(data))
    assert exported["id"].tolist() == shown["id"].tolist()
    assert data.startswith(b"\xef\xbb\xbfid,")  # Excel-safe by default, and no comment line: a plain table
    (plain,) = [n for n in downloads if "-filtered-exact-text-" in n]
    assert downloads[plain].startswith(b"id,")
    assert export.read_csv(io.BytesIO(downloads[plain])).equals(exported)
    for csv_name in (name, plain, "reactions-0.1.0-all.csv"):  # pandas reads every CSV as it is
        data = downloads[csv_name]
        assert len(pd.read_csv(io.BytesIO(data))) == len(export.read_csv(io.BytesIO(data)))
    everything = export.read_csv(io.BytesIO(downloads["reactions-0.1.0-all.csv"]))
    assert len(everything) == 12
    assert not [n for n in downloads if n.endswith(".xlsx")]  # a workbook is made only when its button is clicked
    assert all(b.proto.ignore_rerun for b in at.get("download_button"))  # on_click="ignore"
    (sidecar,) = [n for n in downloads if n.endswith(".json")]
    record = json.loads(downloads[sidecar])
    assert record["filters"] == {"q": ["Amber"]}
    assert record["view"] == {"q": ["Amber"]}  # the whole view, as a link's query
    assert record["rows"] == len(shown)
    assert record["reactions_version"] == "0.1.0"
    exported = dt.datetime.fromisoformat(record["exported_at"])
    assert abs(dt.datetime.now(dt.UTC) - exported) < dt.timedelta(minutes=10)
    assert record["corpus"]["path"] == str(corpus)
    assert len(record["corpus"]["fingerprint"]) == 64
    assert [(s["source"].rsplit("/", 1)[-1], s["articles read"]) for s in record["corpus"]["sources"]] == [
        (p.name, 1) for p in sorted(corpus.glob("*.txt"))
    ]  # what was read from each file


def test_an_upload_with_a_bad_file_reports_it_and_loads_the_rest(corpus: Path) -> None:
    at = run_page()
    bad = ("broken.txt", b"\x00\x01\x02\x03" * 100, "text/plain")
    good = ("new.txt", NEW_ARTICLE, "text/plain")
    at.file_uploader(key="uploads").set_value([bad, good]).run()
    assert not at.exception
    assert any("1 of 2 uploaded file(s) could not be read" in w.value for w in at.warning)
    outcomes = next(d.value for d in at.dataframe if "reason" in d.value.columns)
    by_file = outcomes.set_index("file")
    assert by_file.loc["broken.txt", "status"] == "skipped"
    assert by_file.loc["broken.txt", "reason"]
    assert by_file.loc["new.txt", "status"] == "parsed"
    shown = table(at)
    assert len(shown) == 13
    assert "@neo_1" in shown["author"].tolist()


def test_a_zip_upload_is_read_entry_by_entry(corpus: Path) -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("pack/new.txt", NEW_ARTICLE)
        archive.writestr("../evil.txt", NEW_ARTICLE)
    at = run_page()
    at.file_uploader(key="uploads").set_value(("pack.zip", buffer.getvalue(), "application/zip")).run()
    outcomes = next(d.value for d in at.dataframe if "reason" in d.value.columns).set_index("file")
    assert outcomes.loc["pack.zip/pack/new.txt", "status"] == "parsed"
    assert outcomes.loc["pack.zip/../evil.txt", "reason"] == "unsafe path in archive"
    assert len(table(at)) == 13


def test_an_override_shows_in_the_table_and_the_exports(
    corpus: Path, seeds_frame: pd.DataFrame, downloads: dict[str, bytes]
) -> None:
    target = seeds_frame.loc[seeds_frame["sentiment"] == "negative", "id"].iloc[0]
    Store.beside(corpus).set_override(str(target), "positive")
    at = run_page(opened=(DOWNLOADS,))
    shown = table(at).set_index("id")
    assert shown.loc[target, "sentiment"] == "positive"
    assert bool(shown.loc[target, "overridden"])
    exported = export.read_csv(io.BytesIO(downloads["reactions-0.1.0-all.csv"])).set_index("id")
    assert exported.loc[target, "sentiment"] == "positive"
    at.pills(key="f_sentiment").set_value(["positive"]).run()
    assert target in table(at)["id"].tolist()


def test_empty_corpus_says_so(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "note.txt").write_text("An article without a single embedded post.\n", encoding="utf-8")
    monkeypatch.setenv("REACTIONS_CORPUS", str(tmp_path))
    at = run_page()
    assert not at.exception
    assert any("No reactions found" in i.value for i in at.info)


def test_an_empty_corpus_shows_the_uploader_after_a_sessions_first_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A session's first run draws no widget (app.opening.rest_later); one that stops before its headline (no
    reaction: 'add articles with the uploader') still asks the browser for the next run, which has the uploader."""
    from app.opening import REST_KEY

    (tmp_path / "note.txt").write_text("An article without a single embedded post.\n", encoding="utf-8")
    monkeypatch.setenv("REACTIONS_CORPUS", str(tmp_path))
    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT).run()
    assert any("No reactions found" in i.value for i in at.info)
    assert not at.get("file_uploader")
    assert at.session_state[REST_KEY] == "asked"  # the browser's timer asks for the next run
    at.run()
    assert any("No reactions found" in i.value for i in at.info)
    assert at.get("file_uploader")
    assert not at.get("vega_lite_chart")


def test_filters_that_match_nothing_say_so(corpus: Path) -> None:
    at = run_page({"q": "zzzz-no-such-text"})
    assert not at.exception
    assert any("No reaction matches these filters" in i.value for i in at.info)
    at.button(key="reset_filters").click().run()
    assert len(table(at)) == 12


def test_page_never_renders_post_text_as_markdown_or_html() -> None:
    for source in [Path(PAGE), *sorted((ROOT / "app").glob("*.py"))]:
        assert "unsafe_allow_html" not in source.read_text(encoding="utf-8"), source.name
    assert views.__name__ == "reactions.viewstate.views"


def load_page_module() -> Any:
    """dashboard.py as a module (its page only runs as __main__)."""
    spec = importlib.util.spec_from_file_location("dashboard_page", PAGE)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_corpus_folder_from_argument_environment_or_default(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = load_page_module()
    monkeypatch.delenv("REACTIONS_CORPUS", raising=False)
    assert page.corpus_dir([]) == SEEDS
    monkeypatch.setenv("REACTIONS_CORPUS", str(tmp_path))
    assert page.corpus_dir([]) == tmp_path
    assert page.corpus_dir(["--corpus", str(SEEDS)]) == SEEDS  # the command line wins


def test_the_corpus_cache_key_changes_when_a_file_changes(tmp_path: Path) -> None:
    from app import loading as page
    article = tmp_path / "a.txt"
    article.write_text("one", encoding="utf-8")
    (tmp_path / "notes.pdf").write_bytes(b"%PDF")
    before = page.fingerprint(tmp_path)
    assert [(Path(p).name, source) for p, source, _, _ in before] == [("a.txt", "a.txt")]
    article.write_text("one and more", encoding="utf-8")
    assert page.fingerprint(tmp_path) != before
    assert page.fingerprint(tmp_path / "missing") == ()


def test_the_page_starts_with_its_title_and_no_stray_text(corpus: Path) -> None:
    at = run_page()
    assert at.title[0].value == "Reactions in the news"
    assert not [m.value for m in at.main.markdown if not m.value.startswith("**")]


def test_no_bare_string_below_the_docstring() -> None:
    """Streamlit's magic would print it; config.toml turns magic off, and the page does not rely on that."""
    body = ast.parse(Path(PAGE).read_text(encoding="utf-8")).body[1:]
    assert not [n.lineno for n in body if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)]


def test_a_missing_corpus_folder_is_said(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REACTIONS_CORPUS", str(tmp_path / "nowhere"))
    at = run_page()
    assert not at.exception
    assert "does not exist" in at.error[0].value
    assert str(tmp_path / "nowhere") in at.code[0].value


def test_the_table_is_paged_and_the_export_holds_every_page(
    corpus: Path, seeds_frame: pd.DataFrame, downloads: dict[str, bytes]
) -> None:
    at = run_page(opened=(DOWNLOADS,))
    assert len(table(at)) == 12  # one page of 100
    at.selectbox(key="table_size").set_value(10).run()
    first = table(at)
    assert len(first) == 10
    assert any("Page 1 of 2" in c.value for c in at.caption)
    at.number_input(key="table_page").set_value(2).run()
    assert not at.exception
    second = table(at)
    assert len(second) == 2
    assert not set(first["id"]) & set(second["id"])
    assert first["id"].tolist() + second["id"].tolist() == seeds_frame["id"].tolist()  # corpus order, every page
    (name,) = [n for n in downloads if "-filtered-" in n and n.endswith(".csv") and "exact-text" not in n]
    assert export.read_csv(io.BytesIO(downloads[name]))["id"].tolist() == seeds_frame["id"].tolist()
    assert len(export.read_csv(io.BytesIO(downloads["reactions-0.1.0-all.csv"]))) == 12


def test_a_filter_change_goes_back_to_the_first_page_and_a_bigger_page_keeps_in_range(corpus: Path) -> None:
    at = run_page()
    at.selectbox(key="table_size").set_value(10).run()
    at.number_input(key="table_page").set_value(2).run()
    assert len(table(at)) == 2
    at.selectbox(key="table_size").set_value(25).run()  # page 2 of 10 is past the last page of 25
    assert not at.exception
    assert at.number_input(key="table_page").value == 1
    assert len(table(at)) == 12
    at.selectbox(key="table_size").set_value(10).run()
    at.number_input(key="table_page").set_value(2).run()
    at.pills(key="f_sentiment").set_value(["negative"]).run()
    assert at.number_input(key="table_page").value == 1
    assert set(table(at)["sentiment"]) == {"negative"}


def test_rendering_and_confidence_filters_narrow_the_view_and_go_into_the_url(
    corpus: Path, seeds_frame: pd.DataFrame
) -> None:
    at = run_page()
    at.session_state[MORE_KEY] = True  # the sidebar's other filters: built once opened
    at.run()
    offered = at.multiselect(key="f_rendering").options
    assert sorted(offered) == sorted(set(seeds_frame["rendering"].dropna().astype(str)))
    at.multiselect(key="f_rendering").set_value(["quote"]).run()
    assert not at.exception
    quotes = seeds_frame[seeds_frame["rendering"] == "quote"]
    assert sorted(table(at)["id"]) == sorted(quotes["id"])
    assert at.query_params["rendering"] in ("quote", ["quote"])
    at.multiselect(key="f_rendering").set_value([]).run()
    floor = float(quotes["confidence"].max()) + 0.05  # above every quote, below the embeds
    at.slider(key="f_confidence").set_value(floor).run()
    shown = table(at)
    expected = seeds_frame[seeds_frame["confidence"] >= floor - 1e-9]
    assert 0 < len(shown) < 12
    assert sorted(shown["id"]) == sorted(expected["id"])
    assert at.query_params["confidence"] in (f"{floor:g}", [f"{floor:g}"])


def test_a_confidence_link_comes_back_to_the_slider(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"confidence": "0.99", "rendering": ["dash", "nope"]})
    assert not at.exception
    assert at.slider(key="f_confidence").value == pytest.approx(0.99)
    assert at.multiselect(key="f_rendering").value == ["dash"]  # a rendering the corpus lacks is dropped
    sure_dashes = seeds_frame[(seeds_frame["rendering"] == "dash") & (seeds_frame["confidence"] >= 0.99)]
    assert sorted(table(at)["id"]) == sorted(sure_dashes["id"])
    assert set(table(at)["rendering"]) == {"dash"}
    assert (table(at)["confidence"] >= 0.99).all()


# --- broken and hostile corpora: one line naming the problem, never a traceback --------------------------

TRACEBACK_SIGNS = ("Traceback", 'File "', ".py\", line", "sqlite3.", "Error:")


def page_text(at: AppTest) -> str:
    """Every message, caption and markdown element the page shows, as one text."""
    parts = [str(e.value) for kind in ("error", "warning", "info", "caption", "markdown", "exception")
             for e in at.get(kind)]  # fmt: skip
    return "\n".join(parts)


def assert_no_traceback(at: AppTest) -> None:
    assert not at.exception
    shown = page_text(at)
    for sign in TRACEBACK_SIGNS:
        assert sign not in shown, sign


def plant(folder: Path, *sql: str) -> None:
    store = Store.beside(folder)
    store.set_override("nosuch", "positive")
    connection = sqlite3.connect(store.path)
    for statement in sql:
        connection.execute(statement)
    connection.commit()
    connection.close()


@pytest.mark.parametrize(
    ("breakage", "said"),
    [
        ("corrupt", "cannot"),
        ("trigger", "trigger 'swap'"),
        ("link", "is a symbolic link"),
    ],
)
def test_a_broken_store_is_said_in_one_line_and_the_reactions_still_shown(
    corpus: Path, tmp_path: Path, breakage: str, said: str
) -> None:
    path = corpus / ".reactions.db"
    assert not path.exists()
    if breakage == "corrupt":
        path.write_bytes(b"this is not a database" * 100)
    elif breakage == "trigger":
        plant(corpus, "CREATE TRIGGER swap AFTER INSERT ON overrides BEGIN DELETE FROM overrides; END")
    else:
        plant(tmp_path)
        path.symlink_to(tmp_path / ".reactions.db")
    at = run_page()
    assert_no_traceback(at)
    (warning,) = [str(w.value) for w in at.warning]
    assert said in warning
    assert "going on without it" in warning
    assert len(table(at)) == 12


def test_a_store_in_use_is_said_under_the_title(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    Store.beside(corpus).set_override(str(seeds_frame["id"].iloc[0]), "positive")
    at = run_page()
    assert any("Using 1 label override and 0 lexicon terms from" in str(c.value) for c in at.caption)


def test_links_in_loops_and_a_hostile_folder_give_named_outcomes(
    hostile_folder: Path, locked: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    (hostile_folder / "loop").symlink_to(hostile_folder)  # a folder link: never followed
    (hostile_folder / "a.txt").symlink_to(hostile_folder / "b.txt")
    (hostile_folder / "b.txt").symlink_to(hostile_folder / "a.txt")
    monkeypatch.setenv("REACTIONS_CORPUS", str(hostile_folder))
    at = run_page()
    assert_no_traceback(at)
    assert sorted(table(at)["author"]) == ["@ann_lee", "@fan_1", "@truthhurts06"]
    at.session_state["files_read"] = True  # "Files read" opened: its table is sent only then
    at.run()
    outcomes = next(d.value for d in at.dataframe if "reason" in d.value.columns)
    reasons = {Path(str(p)).name: str(r) for p, r in zip(outcomes["file"], outcomes["reason"], strict=True)}
    assert reasons["a.txt"] == "a loop of symbolic links"
    assert "FIFO" in reasons["p.txt"]
    assert "/dev/zero" in reasons["zero.txt"]
    assert "larger than the 20 MB limit" in reasons["big.txt"]
    assert "cannot be listed" in reasons["locked"]


def test_a_link_whose_values_do_not_apply_says_so(corpus: Path) -> None:
    at = run_page({"tag": ["TimesUp", "NoSuchTag"], "from": "yesterday", "rendering": "nope"})
    assert not at.exception
    (warning,) = [str(w.value) for w in at.warning]
    assert "do not apply to this corpus" in warning
    shown = " ".join(str(c.value) for c in at.code)
    assert "tag=NoSuchTag" in shown
    assert "from=yesterday" in shown
    assert "rendering=nope" in shown
    assert "TimesUp" not in shown.replace("tag=NoSuchTag", "")  # what applies is applied, not listed
    assert at.multiselect(key="f_tags").value == ["TimesUp"]
    at.button(key="reset_filters").click().run()
    assert not at.warning


def test_a_link_s_chart_selection_is_applied_until_it_is_cleared(corpus: Path) -> None:
    at = run_page({"sel_tag": "TimesUp"})
    assert not at.exception
    assert not at.warning
    assert metric(at, "Reactions") == "1"
    assert len(table(at)) == 1
    assert any(t.value == "Selected from the link: hashtag=TimesUp" for t in at.text)
    assert at.query_params["sel_tag"] in ("TimesUp", ["TimesUp"])
    at.button(key="clear_selection").click().run()
    assert metric(at, "Reactions") == "12"
    assert "sel_tag" not in at.query_params
    assert not any(str(t.value).startswith("Selected") for t in at.text)


def test_a_click_on_a_chart_replaces_the_link_s_selection(corpus: Path) -> None:
    at = run_page({"sel_tag": "TimesUp"})
    at.session_state["chart_sentiment_0"] = {"selection": {"sentiment": [{"sentiment": "neutral"}]}}
    at.run()
    assert not at.exception
    assert any(t.value == "Selected in the charts: sentiment=neutral" for t in at.text)
    assert at.query_params["sel_sentiment"] in ("neutral", ["neutral"])
    assert "sel_tag" not in at.query_params
    assert set(table(at)["sentiment"]) == {"neutral"}
    assert len(table(at)) == 2  # the seeds' two neutral reactions, neither with TimesUp


def test_a_link_s_selection_that_does_not_apply_is_said(corpus: Path) -> None:
    at = run_page({"sel_tag": ["Nope", "TimesUp"], "sel_sentiment": "joy", "sel_bucket": "soon"})
    assert not at.exception
    (warning,) = [str(w.value) for w in at.warning]
    assert "do not apply to this corpus" in warning
    shown = " ".join(str(c.value) for c in at.code)
    assert "sel_tag=Nope" in shown
    assert "sel_sentiment=joy" in shown
    assert "sel_bucket=soon" in shown
    assert metric(at, "Reactions") == "1"  # what applies is applied
    assert at.query_params["sel_tag"] in ("TimesUp", ["TimesUp"])


def test_a_link_s_selected_bucket_is_applied_in_the_page_s_bucket(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"bucket": "day", "sel_bucket": "2020-02-02"})
    assert not at.exception
    on_the_day = int((seeds_frame["date"] == pd.Timestamp("2020-02-02")).sum())
    assert metric(at, "Reactions") == str(on_the_day)
    assert any(t.value == "Selected from the link: day=2020-02-02" for t in at.text)
    at = run_page({"sel_bucket": ["2020-02-02", "2020-02"]})  # no bucket in the link: the page's (auto: days)
    assert not at.warning  # a month's name is a bucket's name: only the page's unit leaves it out
    assert metric(at, "Reactions") == str(on_the_day)
    assert any(t.value == "Left out of the link's selection (not a day here): sel_bucket=2020-02" for t in at.text)


def test_top_n_and_the_table_page_come_back_from_a_link(corpus: Path) -> None:
    at = run_page({"top": "5", "rows": "10", "page": "2"})
    assert not at.exception
    assert not at.warning
    assert at.number_input(key="top_n").value == 5
    assert at.selectbox(key="table_size").value == 10
    assert at.number_input(key="table_page").value == 2
    assert len(table(at)) == 2  # reactions 11 and 12 of the seeds' 12
    at.number_input(key="table_page").set_value(1).run()
    assert len(table(at)) == 10
    assert "page" not in at.query_params
    assert at.query_params["rows"] in ("10", ["10"])
    at.number_input(key="top_n").set_value(10).run()
    assert "top" not in at.query_params


def test_a_link_s_page_past_the_end_shows_the_last_and_says_so(corpus: Path) -> None:
    at = run_page({"rows": "10", "page": "7"})
    assert not at.exception
    assert at.number_input(key="table_page").value == 2
    assert len(table(at)) == 2
    assert any(c.value == "This link's page 7 is past the last page, 2: the last is shown." for c in at.caption)
    assert at.query_params["page"] in ("2", ["2"])
    at.number_input(key="table_page").set_value(1).run()
    assert not any("past the last page" in c.value for c in at.caption)


def test_a_layout_that_does_not_apply_is_said_and_the_page_starts_as_usual(corpus: Path) -> None:
    at = run_page({"top": "500", "rows": "7", "page": "x"})
    assert not at.exception
    shown = " ".join(str(c.value) for c in at.code)
    assert all(v in shown for v in ("top=500", "rows=7", "page=x"))
    assert at.number_input(key="top_n").value == 10
    assert at.selectbox(key="table_size").value == 100
    assert len(table(at)) == 12


# --- networks ----------------------------------------------------------------------------------------------


def test_the_hashtag_network_is_drawn_for_the_view_with_its_downloads(
    corpus: Path, downloads: dict[str, bytes], seeds_frame: pd.DataFrame
) -> None:
    at = run_page({"section": "network"})
    assert not at.exception
    assert at.radio(key="network_graph").value == "hashtags"
    assert any(c.value.startswith("Hashtags carried by the same reactions") for c in at.caption)
    files = {name.rsplit(".", 1)[1]: data for name, data in downloads.items() if "-hashtags-network-" in name}
    gexf, graphml = files["gexf"], files["graphml"]
    graph = nx.read_gexf(io.BytesIO(gexf))
    assert sorted(d["label"] for _, d in graph.nodes(data=True)) == sorted(
        network.hashtag_network(seeds_frame).graph.nodes
    )
    assert nx.read_graphml(io.BytesIO(graphml)).number_of_edges() == graph.number_of_edges() > 0
    downloads.clear()
    at.multiselect(key="f_tags").set_value(["TimesUp"]).run()  # a filter narrows the network too
    narrowed = nx.read_gexf(io.BytesIO(next(d for n, d in downloads.items() if n.endswith(".gexf"))))
    assert max(d["count"] for _, d in graph.nodes(data=True)) > 1
    assert sorted(d["count"] for _, d in narrowed.nodes(data=True)) == [1, 1, 1]  # the one reaction with TimesUp
    at.number_input(key="network_top").set_value(5).run()
    assert not at.exception
    at.multiselect(key="f_tags").set_value([]).run()
    at.number_input(key="network_weight").set_value(2).run()
    assert any("links of at least 2 reactions" in c.value for c in at.caption)


def test_a_click_on_a_hashtag_node_filters_the_page_like_a_hashtag_bar(corpus: Path) -> None:
    at = run_page()
    at.session_state["chart_tag_node_0"] = {"selection": {"tag_node": [{"node": "TimesUp"}]}}
    at.run()
    assert not at.exception
    assert any(t.value == "Selected in the charts: hashtag=TimesUp" for t in at.text)
    shown = table(at)
    assert 0 < len(shown) < 12
    assert all("timesup" in [h.casefold() for h in tags] for tags in shown["hashtags"])
    at.button(key="clear_selection").click().run()
    assert len(table(at)) == 12


def test_the_mention_network_and_a_click_on_an_account(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "mentions"
    folder.mkdir()
    (folder / "a.txt").write_text(
        "Fans wrote:\n\nSo good @bob #Win — Ann (@ann) May 1, 2020\n\nAgreed @ann @cy — Bob (@bob) May 2, 2020\n\n"
        "Nice day #win — Dee (@dee) May 3, 2020\n",
        encoding="utf-8",
    )
    monkeypatch.setenv("REACTIONS_CORPUS", str(folder))
    at = run_page({"section": "network"})
    assert len(table(at)) == 3
    at.radio(key="network_graph").set_value("mentions").run()
    assert not at.exception
    assert any(c.value.startswith("Authors and the accounts they mention") for c in at.caption)
    at.session_state["chart_account_0"] = {"selection": {"account": [{"node": "@ann"}]}}
    at.run()
    assert not at.exception
    assert any(t.value == "Selected in the charts: account=@ann" for t in at.text)
    assert sorted(table(at)["author"]) == ["@ann", "@bob"]  # by @ann, and @bob's mentioning her


def test_a_view_without_hashtags_explains_the_empty_network(corpus: Path) -> None:
    at = run_page({"author": ["@explicitxshady", "Jacklyn Krol"], "section": "network"})  # two without hashtags
    assert not at.exception
    assert len(table(at)) == 2
    assert "No hashtags in these reactions." in [i.value for i in at.info]
    at.radio(key="network_graph").set_value("mentions").run()
    assert not at.exception
    assert "No mentions in these reactions: no account mentions another." in [i.value for i in at.info]


# --- time: buckets, zones, spikes ------------------------------------------------------------------


@pytest.fixture(scope="module")
def years(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A generated corpus of three years with two bursts (known spikes)."""
    folder = tmp_path_factory.mktemp("years")
    load_benchmark("generate_corpus").generate(folder, 500, seed=YEARS_SEED, years=3, bursts=2)
    return folder


YEARS_SEED = 7


def burst_months() -> set[str]:
    """The months the generated bursts fall in (a burst week may end in the next month), as the table names them."""
    generator = load_benchmark("generate_corpus").Generator(YEARS_SEED, 0.1, years=3, bursts=2)
    first = pd.Timestamp("2019-01-01")
    return {(first + pd.Timedelta(days=offset + end)).strftime("%b %Y") for offset in generator.bursts
            for end in (0, 6)}  # fmt: skip


def headings(at: AppTest) -> str:
    return " ".join(str(m.value) for m in at.markdown)


def test_the_time_bucket_follows_the_span_and_can_be_overridden(corpus: Path) -> None:
    at = run_page()
    assert not at.exception
    assert at.selectbox(key="f_bucket").value == "auto"
    assert at.selectbox(key="f_zone").value == "UTC"
    assert "Reactions per day" in headings(at)  # three days, most posts with a date only: days, not hours
    at.selectbox(key="f_bucket").set_value("hour").run()
    assert not at.exception
    assert "Reactions per hour" in headings(at)
    assert at.query_params["bucket"] in ("hour", ["hour"])
    at.selectbox(key="f_zone").set_value("Asia/Tokyo").run()
    assert not at.exception
    assert at.query_params["tz"] in ("Asia/Tokyo", ["Asia/Tokyo"])


def test_bucket_and_zone_come_back_from_the_url_and_bad_ones_are_said(corpus: Path) -> None:
    at = run_page({"bucket": "week", "tz": "Europe/Paris"})
    assert not at.exception
    assert at.selectbox(key="f_bucket").value == "week"
    assert at.selectbox(key="f_zone").value == "Europe/Paris"
    assert "Reactions per week" in headings(at)
    at = run_page({"bucket": "fortnight", "tz": "Mars/Olympus"})
    assert not at.exception
    assert "bucket=fortnight" in " ".join(str(c.value) for c in at.code)
    assert at.selectbox(key="f_bucket").value == "auto"


def test_a_multi_year_corpus_is_cut_in_months_with_its_spikes(years: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("REACTIONS_CORPUS", str(years))
    at = run_page({"section": "spikes"})
    assert not at.exception
    assert "Reactions per month" in headings(at)
    spikes = next(d.value for d in at.dataframe if "Most-cited post" in d.value.columns)
    assert len(spikes) >= 2
    assert set(spikes["When"]) <= burst_months()
    assert (spikes["Reactions"] >= 2 * spikes["Usual"]).all()
    assert spikes["Top hashtags"].str.len().gt(0).all()
    assert spikes["Articles citing it"].ge(1).all()


def test_a_selected_week_filters_the_table_and_names_the_export(
    years: Path, monkeypatch: pytest.MonkeyPatch, downloads: dict[str, bytes]
) -> None:
    monkeypatch.setenv("REACTIONS_CORPUS", str(years))
    at = run_page({"bucket": "week"}, opened=(DOWNLOADS,))
    everything = int(metric(at, "Reactions").replace(",", ""))
    week = table(at)["day"].dropna().iloc[0]
    monday = (pd.Timestamp(week) - pd.Timedelta(days=pd.Timestamp(week).weekday())).strftime("%Y-%m-%d")
    at.session_state["chart_bucket_0_week_UTC"] = {"selection": {"bucket": [{"bucket": monday}]}}  # as a click
    downloads.clear()
    at.run()
    assert not at.exception
    shown = table(at)
    assert 0 < int(metric(at, "Reactions").replace(",", "")) < everything
    days = pd.to_datetime(shown["day"])
    assert days.between(pd.Timestamp(monday), pd.Timestamp(monday) + pd.Timedelta(days=6)).all()
    assert any(f"selected-week-{monday}" in name for name in downloads)


# --- datasets ------------------------------------------------------------------------------------------------


def seeds_table(path: Path) -> pd.DataFrame:
    """The seeds as a dataset of articles (title, text, url, date), written to ``path`` as CSV."""
    seeds = sorted(SEEDS.glob("*.txt"))
    rows = pd.DataFrame({
        "title": [p.stem for p in seeds], "text": [p.read_text(encoding="utf-8") for p in seeds],
        "url": [f"https://www.news{i % 2}.co.uk/{i}" for i in range(len(seeds))], "date": ["2020-02-03"] * len(seeds),
    })  # fmt: skip
    rows.to_csv(path, index=False)
    return rows


def test_a_dataset_file_is_a_corpus_read_per_source(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    seeds_table(tmp_path / "seeds.csv")
    monkeypatch.setenv("REACTIONS_CORPUS", str(tmp_path / "seeds.csv"))
    at = run_page()
    assert not at.exception
    assert metric(at, "Reactions") == "12"
    at.session_state["files_read"] = True  # "Files read" opened: its tables are sent only then
    at.run()
    sources = next(d.value for d in at.dataframe if "articles read" in d.value.columns)
    assert sources[["source", "articles read", "skipped", "reactions"]].values.tolist() == [
        [str(tmp_path / "seeds.csv"), 5, 0, 13]
    ]
    assert set(table(at)["outlet"].dropna()) == {"news0.co.uk", "news1.co.uk"}


def test_a_dataset_upload_joins_the_corpus(corpus: Path, tmp_path: Path) -> None:
    rows = seeds_table(tmp_path / "more.csv")
    rows["text"] = rows["text"].str.replace("#JusticeForJohnnyDepp", "#JusticeForJD", regex=False)
    data = rows.to_csv(index=False).encode()
    at = run_page()
    at.file_uploader(key="uploads").set_value([("more.csv", data, "text/csv")]).run()
    assert not at.exception
    assert int(metric(at, "Reactions")) > 12  # the edited posts are new reactions
    uploaded = next(d.value for d in at.dataframe if "articles read" in d.value.columns)
    assert uploaded[["source", "articles read"]].values.tolist() == [["more.csv", 5]]


def test_the_pages_dataset_columns_come_from_its_command_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, downloads: dict[str, bytes]
) -> None:
    data = tmp_path / "news.csv"
    pd.DataFrame({"key": ["gossipcop-9"], "body": [NEW_ARTICLE.decode()], "text": ["not this"]}).to_csv(data)
    monkeypatch.setattr("sys.argv", ["dashboard.py", "--corpus", str(data), "--text-col", "body", "--id-col", "key"])
    at = run_page(opened=(DOWNLOADS,))
    assert not at.exception
    assert any("Columns: text = body, id = key" in c.value for c in at.caption)
    assert metric(at, "Reactions") == "1"
    downloads.clear()
    at.text_input(key="f_text").input("comeback").run()
    (sidecar,) = [n for n in downloads if n.endswith(".json")]
    assert json.loads(downloads[sidecar])["corpus"]["columns"] == {"text": "body", "id": "key"}
    assert "news.csv#gossipcop-9" in downloads["reactions-0.1.0-all.csv"].decode()


def test_the_outlets_section_counts_the_articles_with_no_usable_url() -> None:
    import numpy as np
    from frame_factory import sample_frame

    from app.outlets import articles_without_outlet
    from reactions.analysis.index import FrameIndex

    frame = sample_frame()  # articles a.txt (rows 0-3, 5, 6) and b.txt (row 4 first)
    frame["outlet"] = pd.array(["bbc.co.uk"] * 4 + [None] * 3, dtype="string")
    everything = np.ones(len(frame), dtype=bool)
    assert articles_without_outlet(FrameIndex(frame), everything) == (1, 2)
    assert articles_without_outlet(FrameIndex(frame), np.arange(len(frame)) < 4) == (0, 1)
def test_a_first_load_shows_its_progress_then_the_same_page(
    corpus: Path, seeds_frame: pd.DataFrame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: a first load said nothing but a spinner for a minute.  The page now shows a progress bar at once
    (the files to read), then after each part read (files read of the total, the rate, the time left), and then
    the page with the same figures, the bar gone.  A second session finds the run kept and shows no bar."""
    from streamlit.delta_generator import DeltaGenerator

    import app.loading as loading
    from app.opening import OPENING_TEXT

    shown: list[tuple[float, str]] = []
    real_progress, real_extract = DeltaGenerator.progress, loading.extract_frame

    def spy(self: DeltaGenerator, value: float, text: str | None = None, **kwargs: Any) -> DeltaGenerator:
        shown.append((float(value), str(text)))
        return real_progress(self, value, text=text, **kwargs)

    def slow_source(paths: Any, **settings: Any) -> Any:  # four parts, told one by one, then the real run
        for done in range(1, 5):
            settings["progress"](done, 4)
        return real_extract(paths, **settings)

    loading._runs.clear()  # a run another test kept for the same corpus would open without a bar
    monkeypatch.setattr(DeltaGenerator, "progress", spy)
    monkeypatch.setattr(loading, "extract_frame", slow_source)
    monkeypatch.setattr(loading, "PROGRESS_EVERY", 0.0)
    at = run_page()
    assert not at.exception
    assert shown[0] == (0.0, OPENING_TEXT)  # before the page's libraries load and the files are listed
    assert shown[1] == (0.0, f"Reading {len(list(corpus.iterdir()))} files…")
    told = [text for _, text in shown[2:6]]
    assert [value for value, _ in shown[2:6]] == [0.25, 0.5, 0.75, 1.0]
    assert told[0].startswith("Read 1 of 4 files · ")
    assert "files/s · about " in told[0]
    assert told[0].endswith(" left")
    assert not at.get("progress")  # gone once the page is drawn
    assert metric(at, "Reactions") == str(len(seeds_frame))
    assert sorted(table(at)["id"]) == sorted(seeds_frame["id"])
    count = len(shown)
    again = run_page()  # a new session over the kept run
    assert not again.exception
    assert len(shown) == count
    assert metric(again, "Reactions") == str(len(seeds_frame))


def test_the_page_draws_each_chart_without_checking_its_whole_spec_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: Streamlit's ``chart.to_dict()`` checked every spec against Vega-Lite's schema once more, a third of
    a rerun at 100,000 reactions.  The page's copy gives the same spec with fewer checks."""
    import altair as alt
    from altair.utils import schemapi

    from app.sections import unchecked

    checks = []
    real = schemapi.validate_jsonschema
    monkeypatch.setattr(schemapi, "validate_jsonschema", lambda *a, **k: checks.append(1) or real(*a, **k))
    bars = alt.Chart(pd.DataFrame({"n": [1, 2]})).mark_bar().encode(x="n:Q")
    for chart in (bars, alt.layer(bars, bars.mark_point()), alt.vconcat(bars, bars)):
        checks.clear()
        spec = chart.to_dict()
        checked = len(checks)
        checks.clear()
        assert unchecked(chart).to_dict() == spec
        assert isinstance(unchecked(chart), type(chart))
        assert len(checks) < checked


@pytest.mark.parametrize(("sources", "lazy"), [(5, False), (1_000, False), (1_001, True)])
def test_the_provenance_of_a_corpus_of_many_files_is_made_when_clicked(sources: int, lazy: bool) -> None:
    """Issue 19: the provenance lists every source; 26,500 files cost 2 s of JSON at every rerun."""
    import numpy as np

    from app import exports

    corpus = {"path": "x", "fingerprint": "f", "sources": [{"source": f"{n}.txt"} for n in range(sources)]}
    files = exports.downloads(pd.DataFrame({"id": ["a"]}), np.arange(1), views.Filters(), views.Selection(),
                              version="0", corpus=corpus)  # fmt: skip
    provenance = next(file for file in files if file.key == "dl_provenance")
    assert provenance.lazy is lazy
    assert len(json.loads(provenance.make())["corpus"]["sources"]) == sources


def test_the_kept_frame_has_its_text_columns_in_one_chunk() -> None:
    """A run's frame comes in one Arrow chunk per part read (203 at 100,000 reactions), and every page of the
    table took from each chunk; the page keeps one chunk per column, with the same values and dtypes."""
    import pyarrow as pa

    from app.loading import one_chunk

    parts = pa.chunked_array([["a", None], ["b"], ["c", "d"]])
    frame = pd.DataFrame({"text": pd.arrays.ArrowStringArray(parts), "n": [1, 2, 3, 4, 5]})
    joined = one_chunk(frame)
    assert joined["text"].array._pa_array.num_chunks == 1
    pd.testing.assert_frame_equal(joined, frame)
    assert frame["text"].array._pa_array.num_chunks == 3  # the run's own frame is left as it was


def test_a_rerun_lists_the_files_and_makes_the_files_read_tables_only_when_due(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: every rerun listed (stat) every file of the corpus (0.7-1.1 s at 26,500 files) and made the 'Files
    read' tables and the corpus stamp again (3 s).  The page now lists the files once for every session, again in
    the background once RELIST_FACTOR times the last listing's own time has passed, and makes the tables once per
    run."""
    import app.loading as loading
    from app import presenter

    made = {"listed": 0, "tables": 0}
    real_fingerprint, real_rows = loading.fingerprint, presenter.outcome_rows

    def listed(folder: Path) -> Any:
        made["listed"] += 1
        return real_fingerprint(folder)

    def rows(outcomes: Any) -> pd.DataFrame:
        made["tables"] += 1
        return real_rows(outcomes)

    monkeypatch.setattr(loading, "fingerprint", listed)
    monkeypatch.setattr(loading, "RELIST_FACTOR", 1e9)
    monkeypatch.setattr(presenter, "outcome_rows", rows)
    at = run_page()
    at.run()
    at.multiselect(key="f_tags").set_value(["TimesUp"]).run()
    assert not at.exception
    assert made == {"listed": 1, "tables": 0}  # "Files read" is closed: its tables are not even made
    at.session_state["files_read"] = True
    at.run().run()
    fresh = run_page()  # a new session over the same corpus
    fresh.session_state["files_read"] = True
    assert not fresh.run().exception
    assert made == {"listed": 1, "tables": 1}


def test_a_file_added_to_the_corpus_shows_once_the_listing_is_due(
    corpus: Path, monkeypatch: pytest.MonkeyPatch, seeds_frame: pd.DataFrame
) -> None:
    """The listing renewed in the background: the rerun that finds it due keeps the last one, a later rerun sees
    the new file."""
    import threading

    import app.loading as loading

    written, relisted = threading.Event(), threading.Event()
    real = loading._relist

    def relist(*args: Any) -> None:
        after = written.is_set()
        real(*args)
        if after:
            relisted.set()

    monkeypatch.setattr(loading, "RELIST_FACTOR", 0)
    monkeypatch.setattr(loading, "_relist", relist)
    at = run_page()
    assert metric(at, "Reactions") == str(len(seeds_frame))
    (corpus / "new.txt").write_bytes(NEW_ARTICLE)
    written.set()
    for _ in range(300):  # a rerun starts a background listing unless one is under way (a bound against a hang)
        at.run()
        if relisted.wait(1):  # one begun after the write is done: the next rerun sees it, however long it took
            break
    at.run()
    assert not at.exception
    assert metric(at, "Reactions") == str(len(seeds_frame) + 1)


def test_a_large_corpus_lists_its_troubled_files_at_once_and_the_rest_when_asked(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: every rerun sent the whole 'Files read' table to the browser (11,239 rows for the bulk corpus).
    Beyond LIST_AT_ONCE documents the page lists those skipped or with warnings, and all of them when asked."""
    from app import sections

    (corpus / "broken.txt").write_bytes(b"\xff\xfe\x00" * 10 + b"\x00" * 5000)
    monkeypatch.setattr(sections, "LIST_AT_ONCE", 2)
    at = run_page()
    assert not at.exception
    assert not any("reason" in d.value.columns for d in at.dataframe)  # closed: nothing of it is sent
    at.session_state["files_read"] = True  # what a click on "Files read" sends
    at.run()
    listed = next(d.value for d in at.dataframe if "reason" in d.value.columns)
    everything = len(list(corpus.iterdir()))
    assert 1 <= len(listed) < everything
    assert all(s != "parsed" or w for s, w in zip(listed["status"], listed["warnings"], strict=True))
    assert any("skipped or gave warnings" in c.value for c in at.caption)
    toggle = next(t for t in at.toggle if t.key.startswith("all_outcomes_"))
    toggle.set_value(True).run()
    assert len(next(d.value for d in at.dataframe if "reason" in d.value.columns)) == everything


def test_the_page_module_loads_no_heavy_library_before_its_first_bar() -> None:
    """Issue 19: a first load showed its progress bar only after the page's libraries were imported (2 CPU-s of
    the server's first script run).  dashboard.py now imports them after app.opening's bar is up: loading the
    page's module brings none of them."""
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('dashboard_page', {str(PAGE)!r})\n"
        "spec.loader.exec_module(importlib.util.module_from_spec(spec))\n"
        "print(sorted(m for m in ('pandas', 'numpy', 'pyarrow', 'altair', 'networkx') if m in sys.modules))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert done.stdout.strip() == "[]"



def test_a_long_list_offers_the_choices_with_most_reactions_and_keeps_the_chosen(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 19: Streamlit's browser code builds every option of every list at every rerun, and the sidebar listed
    every article (24,000 at 101,264 reactions; 265,000 at 1,000,000) and 10,000 authors: about a third of
    Chromium's work for a filter.  Beyond LONG_LIST a list offers the LISTED with most reactions and those chosen; any
    other can be typed."""
    from app import sidebar

    monkeypatch.setattr(sidebar, "LONG_LIST", 2)
    monkeypatch.setattr(sidebar, "LISTED", 2)
    sidebar.filter_options.clear()
    at = run_page()
    at.session_state[MORE_KEY] = True
    at.run()
    offered = at.multiselect(key="f_article").options
    assert len(offered) == 2
    every = sorted({s for sources in table(at)["articles"] for s in sources})
    other = next(a for a in every if a not in offered)
    chosen = run_page({"article": other})  # a link's choice beyond the listed ones
    assert not chosen.exception
    assert chosen.multiselect(key="f_article").value == [other]
    assert other in chosen.multiselect(key="f_article").options
    assert int(metric(chosen, "Reactions")) < int(metric(at, "Reactions"))
    sidebar.filter_options.clear()
