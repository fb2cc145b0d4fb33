"""reactions.run.tasks: the reading task's columns and cited articles, against the articles in full."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.corpus import parse_document
from reactions.frames import article_info, reaction_columns
from reactions.models import Document
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
    _, articles = unit_articles(items, [parse_document(d.source, d.data) for d in documents_only(items)])
    columns = reaction_columns([r for article in articles for r in article.reactions])
    cited = {source for sources in columns["sources"] for source in sources}
    infos = {article.source: article_info(article) for article in articles if article.source in cited}
    forget()
    chunk = read_chunk(unit, None, detect=False)
    forget()
    assert chunk.columns == columns
    assert chunk.articles == infos
