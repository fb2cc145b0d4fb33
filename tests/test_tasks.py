"""reactions.run.tasks: the reading task's columns and cited articles, against the articles in full."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.corpus import parse_document
from reactions.frames import article_info, reaction_columns
from reactions.models import Document
from reactions.outcomes import Outcomes
from reactions.run import memo, tasks
from reactions.run.memo import forget
from reactions.run.tasks import read_chunk
from reactions.run.units import DocumentBatch, documents_only, unit_articles, unit_documents

ROOT = Path(__file__).resolve().parent.parent
TEXTS = [path.read_bytes() for path in sorted((ROOT / "seeds").glob("*.txt"))] + [
    b"No post here, only prose.\n",  # parsed, no reaction
    b"  \n",  # skipped: empty
]
NAMES = st.sampled_from(["a.txt", "b.txt", "c.csv#1", "c.csv#2"])  # few: ids repeat within a task
WHEN = dt.datetime(2020, 1, 2, 3, 4, tzinfo=dt.UTC)
DOCUMENTS = st.builds(
    Document,
    source=NAMES,
    data=st.sampled_from(TEXTS),
    url=st.sampled_from([None, "https://www.bbc.co.uk/news/1", "https://example.com/a"]),
    title=st.sampled_from([None, "A title"]),
    published=st.sampled_from([None, WHEN]),
    place=st.sampled_from([None, "row 3"]),
)


def test_the_texts_give_reactions() -> None:
    assert any(parse_document("a.txt", data)[0].reactions for data in TEXTS[:5])  # type: ignore[union-attr]


@settings(max_examples=60, deadline=None)
@given(st.lists(DOCUMENTS, max_size=8))
def test_read_chunk_gives_the_columns_and_cited_articles_of_every_article_in_full(docs: list[Document]) -> None:
    """The task applies a document's metadata only to the articles its reactions cite: the same chunk as from
    every article with its metadata (:func:`unit_articles`), the last of an id winning, as before."""
    unit = DocumentBatch(tuple(docs), tuple(f"upload{i}" for i in range(len(docs))))
    items = unit_documents(unit)
    forget()
    outcomes, articles = unit_articles(items, [parse_document(d.source, d.data) for d in documents_only(items)])
    columns = reaction_columns([r for article in articles for r in article.reactions])
    cited = {source for sources in columns["sources"] for source in sources}
    infos = {article.source: article_info(article) for article in articles if article.source in cited}
    forget()
    chunk = read_chunk(unit, None, detect=False)
    forget()
    assert chunk.columns == columns
    assert chunk.articles == infos
    assert isinstance(chunk.outcomes, Outcomes)  # packed where it is read: a worker's travel back as columns
    assert chunk.outcomes == tuple(outcomes)


def test_the_warm_up_builds_the_tables_the_tasks_use_and_keeps_no_parse() -> None:
    from reactions import languages, outlets

    for built in (outlets._extractor, outlets.outlet_of, outlets._registered, languages._detector, languages._detect,
                  languages._likeliest, languages.first_guess):  # fmt: skip
        built.cache_clear()  # as in a new process (an earlier test may have asked the detector of these words)
    tasks.warm_up()
    assert outlets._extractor.cache_info().currsize == languages._detector.cache_info().currsize == 1
    assert not memo._MEMO.entries  # a run's copies never meet the warm-up's parse
    chunk = read_chunk(DocumentBatch((tasks.WARM_UP,), (tasks.WARM_UP.source,)), None)
    forget()
    assert len(chunk.columns["id"]) == 1  # it reaches the tables: a reaction (its language, its score) ...
    assert chunk.articles  # ... and the outlet of the article it cites


def test_a_warm_up_that_fails_costs_nothing_but_speed(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("no model")

    monkeypatch.setattr(tasks, "score_chunk", broken)
    tasks.warm_up()  # does not raise
    assert not memo._MEMO.entries
