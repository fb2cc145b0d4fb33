"""benchmarks/real_corpus.py runs end to end on a tiny corpus and prints its table."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from benchmark_loader import load_benchmark

from reactions.run.units import read_corpus

real_corpus = load_benchmark("real_corpus")


@pytest.fixture
def devset(tmp_path: Path) -> Path:
    """A dev set of two articles written here: one with an embedded post, one without."""
    articles = tmp_path / "devset" / "articles"
    articles.mkdir(parents=True)
    (articles / "a.txt").write_text(" date 2020-02-02 Fans react\n\nSo good #wow — Ann Lee (@ann_lee) Feb 2, 2020\n")
    (articles / "b.txt").write_text('Council news\n\n"We will reopen it," the mayor said.\n')
    return tmp_path / "devset"


def test_the_benchmark_runs_on_a_tiny_corpus(devset: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    work = tmp_path / "work"
    work.mkdir()
    argv = [str(devset), "--ratio", "3", "--repeat", "1", "--jobs", "2", "--workdir", str(work)]
    assert real_corpus.main(argv) == 0
    out = capsys.readouterr().out
    assert "2 dev-set articles + 6 embed-free ones" in out
    assert "1 reactions" in out
    for jobs in (1, 2):
        assert f"jobs={jobs}, prefilter on" in out
        assert f"jobs={jobs}, prefilter off" in out
    assert "floor" in out
    assert list(work.iterdir()) == []  # the corpus is written to a temporary folder, removed afterwards
    assert "REACTIONS_PREFILTER" not in os.environ


def test_the_embed_free_articles_are_news_with_speech_and_no_reaction(tmp_path: Path) -> None:
    manifest = load_benchmark("generate_corpus").generate(tmp_path / "free", 30, seed=5, embed_free=True)
    assert (manifest["embeds"], manifest["quotes"], manifest["html_articles"]) == (0, 0, 0)
    corpus = read_corpus([tmp_path / "free"])
    assert len(corpus.articles) == 30
    assert corpus.reactions == ()
    assert manifest["bytes"] / 30 > 1500  # news of realistic length
    assert sum('"' in article.text for article in corpus.articles) >= 15  # with quoted speech
