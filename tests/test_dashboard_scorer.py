"""The page's sentiment scorer: chosen in the sidebar or by the URL (``scorer=``), said in the caption, the
provenance and every download's name; a missing model is said and VADER's labels stay."""

from __future__ import annotations

import io
import json
from pathlib import Path

import numpy as np
import pytest
from page_harness import run_page

from app.sections import DOWNLOADS
from reactions import export, scorers
from reactions import sentiment_model as sm


def test_the_url_chooses_the_tweet_thresholds(corpus: Path, downloads: dict[str, bytes], seeds_frame: object) -> None:
    at = run_page({"scorer": "vader-tweets"}, opened=(DOWNLOADS,))
    assert not at.exception
    assert at.selectbox(key="sentiment_scorer").value == "vader-tweets"
    assert any("sentiment: vader-tweets -0.08/+0.35" in c.value for c in at.caption)
    name = "reactions-0.1.0-vader-tweets-neg0.08-pos0.35-all.csv"
    assert name in downloads
    exported = export.read_csv(io.BytesIO(downloads[name])).set_index("id")
    expected = [scorers.TWEET_THRESHOLDS.label(c) if c == c else "nan" for c in exported["compound"]]
    assert exported["sentiment"].astype("string").fillna("nan").tolist() == expected  # nan: no scorer (languages.md)
    (provenance,) = [n for n in downloads if "-provenance" in n and n.endswith(".json")]
    assert json.loads(downloads[provenance])["sentiment"] == {"scorer": "vader-tweets",
                                                              "labels": "vader-tweets -0.08/+0.35"}  # fmt: skip


def test_the_sidebar_choice_goes_into_the_url(corpus: Path) -> None:
    at = run_page()
    assert at.selectbox(key="sentiment_scorer").value == "vader"
    assert "scorer" not in at.query_params
    at.selectbox(key="sentiment_scorer").select("vader-tweets").run()
    assert not at.exception
    assert at.query_params["scorer"] in ("vader-tweets", ["vader-tweets"])


def test_a_missing_model_is_said_and_vader_stays(
    corpus: Path, downloads: dict[str, bytes], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv(sm.MODEL_ENV, str(tmp_path / "none.json"))
    at = run_page({"scorer": "model"}, opened=(DOWNLOADS,))
    assert not at.exception
    assert any("sentiment model cannot be used" in w.value for w in at.warning)
    assert "reactions-0.1.0-all.csv" in downloads


def test_the_model_labels_the_page(
    corpus: Path, downloads: dict[str, bytes], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    weights = np.array([[-2.0, 0.0, 2.0], [2.0, 0.0, -2.0]])
    model = sm.Model({"love": 0, "hate": 1}, weights, np.zeros((3, 3)), np.array([0.0, 0.5, 0.0]), np.ones(2))
    monkeypatch.setenv(sm.MODEL_ENV, str(sm.save_model(model, tmp_path / "model.json")))
    at = run_page({"scorer": "model"}, opened=(DOWNLOADS,))
    assert not at.exception
    assert not at.warning or all("model cannot" not in w.value for w in at.warning)
    exported = export.read_csv(io.BytesIO(downloads["reactions-0.1.0-model-argmax-all.csv"]))
    assert set(exported["sentiment"].dropna().astype(str)) <= {"negative", "neutral", "positive"}
    assert exported.loc[exported["sentiment"].isna(), "lang"].ne("en").all()  # only posts not in English unlabelled
    loved = exported[exported["text"].str.contains(r"\blove\b", case=False, na=False)]
    assert loved["drivers"].fillna("").str.contains("love").all()


def test_a_saved_view_keeps_its_scorer(corpus: Path) -> None:
    from test_dashboard_views import open_saved, save

    at = run_page({"scorer": "vader-tweets"})
    save(at, "tweets")
    at.selectbox(key="sentiment_scorer").select("vader").run()
    assert "scorer" not in at.query_params
    open_saved(at, "tweets")
    assert not at.exception
    assert at.selectbox(key="sentiment_scorer").value == "vader-tweets"
    assert at.query_params["scorer"] in ("vader-tweets", ["vader-tweets"])
