"""The page's language filter, its URL key, the Languages tab and the sentiment coverage note."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
from page_harness import run_page  # the fixtures corpus and seeds_frame: conftest


def test_languages_tab_coverage_note_and_the_filter_from_the_url(corpus: Path, seeds_frame: pd.DataFrame) -> None:
    at = run_page()
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
