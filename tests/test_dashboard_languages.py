"""The page's language filter, its URL key, the Languages tab and the sentiment coverage note."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from page_harness import RUN_TIMEOUT, run_page  # the fixtures corpus and seeds_frame: conftest


def test_languages_tab_coverage_note_and_the_filter_from_the_url(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"tab": "languages"})  # a hidden tab is not drawn: the link opens this one
    assert not at.exception
    tab = next(d.value for d in at.dataframe if "Scored by" in d.value.columns)
    assert tab["Reactions"].sum() == len(seeds_frame)
    assert set(tab["Code"]) == set(seeds_frame["lang"])
    assert any(c.value.startswith("Sentiment covers") for c in at.caption)
    wanted = sorted(set(seeds_frame["lang"]))[0]
    at = run_page({"lang": wanted})
    assert not at.exception
    assert at.multiselect(key="f_lang").value == [wanted]
    shown = next(d.value for d in at.dataframe if "compound" in d.value.columns)
    assert len(shown) == int((seeds_frame["lang"] == wanted).sum())


def test_compare_b_by_language_from_the_url(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page({"lang": "en", "b_lang": "und"})
    assert not at.exception
    assert at.toggle(key="compare_on").value is True
    assert at.multiselect(key="b_lang").value == ["und"]
    assert not any("B filters that do not apply" in str(w.value) for w in at.warning)


def _relabel_a_not_scored_post(folder: str, root: str) -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, root)  # the page's own package (app/), as dashboard.py finds it
    from app.sections import relabel
    from reactions.run.pipeline import extract_frame

    frame = extract_frame(Path(root) / "seeds", cache=False).frame
    relabel(frame[frame["sentiment"].isna()].iloc[0], Path(folder))  # a seed post whose language is undetermined


def test_a_post_no_scorer_reads_can_be_labelled(tmp_path: Path) -> None:
    from streamlit.testing.v1 import AppTest

    root = str(Path(__file__).resolve().parent.parent)
    at = AppTest.from_function(_relabel_a_not_scored_post, args=(str(tmp_path), root)).run(timeout=RUN_TIMEOUT)
    assert not at.exception
    (control,) = [w for w in at.button_group if w.label == "Relabel as"]
    assert control.value in (None, [])  # no label chosen for a post that has none
