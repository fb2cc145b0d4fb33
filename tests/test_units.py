"""reactions.run.units: what a reading task reads, and where in its file each outcome is."""

from __future__ import annotations

import datetime as dt
import itertools
from pathlib import Path

from reactions.corpus import located, parse_document, with_metadata
from reactions.models import Document, FileOutcome, Status
from reactions.run.units import noted, placed, placed_each, read_corpus, unit_articles, unit_parses


def test_an_outcome_with_nothing_to_place_is_kept_as_it_is_and_every_other_is_placed_as_before() -> None:
    warnings = [(), ("decoded as cp1252",), ("row 3: said already", "offset 9 in the text")]
    reasons = [None, "", "empty", "offset 5: cut", "row 2 (id n1): empty"]
    places = [None, "", "row 12 (id n123)"]
    for said, reason, place in itertools.product(warnings, reasons, places):
        outcome = FileOutcome("t.csv#n123", "t.csv#n123", Status.PARSED, 2, said, reason)
        assert placed(outcome, place) == (placed_each(outcome, place) if place else outcome)
        if place and not said and reason is None:
            assert placed(outcome, place) is outcome


def test_unit_articles_are_the_parses_with_their_metadata() -> None:
    """``unit_articles`` as first written (each article with its metadata, the outcomes placed and located) against
    :func:`unit_parses` with the metadata applied after."""
    docs = [
        Document("a.txt", b"Hi there, no post.\n", url="https://example.com/a", title="T", place="row 2"),
        Document("b.txt", b"  ", place="row 3"),
        Document("c.txt", b"Plain words.\n", published=dt.datetime(2020, 1, 2, tzinfo=dt.UTC)),
    ]
    items = [("x.csv", docs[0]), ("x.csv", FileOutcome("x.csv", None, Status.SKIPPED, reason="row 1: empty")),
             ("x.csv", docs[1]), ("y\udcff.csv", docs[2])]
    parsed = [parse_document(d.source, d.data) for d in docs]
    outcomes: list[FileOutcome] = []
    articles = []
    for path, item in items:
        if isinstance(item, FileOutcome):
            outcomes.append(item)
            continue
        article, outcome = parsed[docs.index(item)]
        outcomes.append(located(placed(outcome, item.place), path))
        if article is not None:
            articles.append(with_metadata(article, item))
    assert unit_articles(items, parsed) == (outcomes, articles)
    found, parses = unit_parses(items, parsed)
    assert found == outcomes
    assert [with_metadata(article, document) for article, document in parses] == articles


def test_a_dataset_s_skipped_rows_are_named_by_its_file_as_its_read_rows_are(tmp_path: Path) -> None:
    """A row the reader skips (its text empty) came back named by the dataset's name (``x.csv``), its read rows by
    the file's path: one file counted twice in the run's summary, its warnings under two names."""
    path = tmp_path / "x.csv"
    path.write_text("id,text\n1,Fans wrote back. So good\n2,\n3,More words here\n", encoding="utf-8")
    outcomes = read_corpus(path).outcomes
    assert [outcome.status.value for outcome in outcomes] == ["parsed", "skipped", "parsed"]
    assert {outcome.path for outcome in outcomes} == {str(path)}


def test_a_dataset_date_no_form_reads_is_a_warning_of_its_row_and_the_rest_of_the_row_is_read(tmp_path: Path) -> None:
    """An unreadable date left the article undated without a word: the analyst saw fewer articles on the time
    chart and no reason.  Now the row's outcome says so, placed at the row; an empty date cell says nothing."""
    path = tmp_path / "x.csv"
    path.write_text("id,date,text\n1,2017 18h18-08-22,Fans wrote back.\n2,,More words.\n3,2018-01-04,Words.\n",
                    encoding="utf-8")
    corpus = read_corpus(path)
    assert [outcome.warnings for outcome in corpus.outcomes] == [
        ("row 1 (id 1): the 'date' column's date is in no form this reader knows: the article has no date",), (), ()]
    assert [outcome.status for outcome in corpus.outcomes] == [Status.PARSED] * 3


def test_a_document_s_notes_follow_the_parse_s_own_warnings() -> None:
    outcome = FileOutcome("a.csv", "a.csv#1", Status.PARSED, 0, ("repaired mojibake",))
    assert noted(outcome, ()) is outcome
    assert noted(outcome, ("no date",)).warnings == ("repaired mojibake", "no date")
