"""Reactions by language, the sentiment coverage note, the language filter and its URL key."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from app import languages as app_languages
from reactions.analysis import aggregate_languages
from reactions.analysis.index import FrameIndex
from reactions.frames import to_frame
from reactions.models import Kind, Reaction
from reactions.viewstate import links, views

POSTS = [
    ("The minister said the new law would protect workers across the whole country.", None),
    ("What a wonderful day for everyone who voted, thank you all so much!", None),
    ("Das ist eine wirklich gute Nachricht für die Demokratie in unserem Land!", None),
    ("El presidente dijo que no hay ningún problema con la economía del país.", None),
    ("これは素晴らしいニュースです", "ja"),
    ("ok", None),
]


def frame() -> pd.DataFrame:
    reactions = [
        Reaction(f"r{i}", Kind.EMBED, "twitter", "h", "H", None, text, lang=tag, source="a.txt", span=(0, 1))
        for i, (text, tag) in enumerate(POSTS)
    ]
    return to_frame(reactions)


def test_reactions_by_language() -> None:
    rows = aggregate_languages.reactions_by_language(FrameIndex(frame()))
    table = {r.lang: r for r in rows.itertuples()}
    assert rows["lang"].iloc[0] == "en"
    assert (table["en"].reactions, table["en"].scored, table["en"].scorer) == (2, 2, "VADER (en)")
    assert (table["de"].scored, table["de"].scorer) == (1, "GPL-de (de)")
    assert (table["es"].scored, table["es"].scorer) == (0, "not scored")
    assert math.isnan(table["es"].mean_compound)
    assert (table["ja"].from_embed, table["und"].scorer) == (1, "not scored")
    assert rows["share"].sum() == pytest.approx(1.0)


def test_coverage_counts_the_unscored_and_never_as_neutral() -> None:
    coverage = aggregate_languages.sentiment_coverage(frame())
    assert (coverage.scored, coverage.unscored) == (3, 3)
    assert coverage.scored_languages == ("English", "German")
    assert coverage.unscored_languages == ("Japanese", "Spanish", "undetermined")
    note = aggregate_languages.coverage_note(coverage)
    assert note.endswith("3 reactions in 3 languages not scored (Japanese, Spanish, undetermined).")
    assert app_languages.coverage(frame(), np.array([True, True, False, False, False, False])) == (
        "Sentiment covers 2 reactions in English."
    )


def test_the_language_filter_and_its_url_key() -> None:
    data = frame()
    wanted = views.Filters(languages=("DE", "und"))
    assert data["id"][views.filter_rows(FrameIndex(data), wanted)].tolist() == ["r2", "r5"]
    query = links.filters_to_query(wanted)
    assert query["lang"] == ["DE", "und"]
    assert links.filters_from_query(query) == wanted


def test_languages_tab_rows_and_an_empty_view() -> None:
    rows = app_languages.languages_rows(frame())
    assert list(rows.columns)[:3] == ["Language", "Code", "Reactions"]
    empty = aggregate_languages.reactions_by_language(frame(), mask=np.zeros(len(POSTS), dtype=bool))
    assert empty.empty
    assert list(empty.columns) == list(aggregate_languages.COLUMNS)


def test_the_relabel_panel_says_not_scored_and_names_the_scorer() -> None:
    from app import presenter

    rows = frame()
    assert presenter.label_lines(rows.iloc[3])[0] == "Now: not scored (Spanish: no sentiment lexicon for it here)"
    assert presenter.label_lines(rows.iloc[5])[0].startswith("Now: not scored (its language could not be told")
    assert presenter.label_lines(rows.iloc[2])[1].startswith("Why: GPL-de (de): ")
    assert presenter.label_lines(rows.iloc[1])[1].startswith("Why: VADER (en): ")


def test_posts_with_no_text_are_counted_apart_from_the_languages_not_scored() -> None:
    from app import presenter

    empty = [Reaction(f"e{i}", Kind.EMBED, "instagram", "h", "H", None, "", source="a.txt", span=(0, 1))
             for i in range(2)]  # fmt: skip
    rows = to_frame([*(Reaction(f"r{i}", Kind.EMBED, "twitter", "h", "H", None, text, lang=tag, source="a.txt",
                                span=(0, 1)) for i, (text, tag) in enumerate(POSTS)), *empty])  # fmt: skip
    coverage = aggregate_languages.sentiment_coverage(rows)
    assert (coverage.scored, coverage.unscored, coverage.textless) == (3, 3, 2)
    assert coverage.unscored_languages == ("Japanese", "Spanish", "undetermined")
    note = aggregate_languages.coverage_note(coverage)
    assert note.endswith("(Japanese, Spanish, undetermined); 2 reactions have no text to score (embeds whose words "
                         "the article does not hold).")  # fmt: skip
    only_empty = np.array([False] * len(POSTS) + [True, True])
    assert app_languages.coverage(rows, only_empty) == (
        "No reaction here is scored; 2 reactions have no text to score (embeds whose words the article does not hold)."
    )
    assert presenter.label_lines(rows.iloc[-1])[0] == (
        "Now: not scored (no text: the article holds the embed but not the post's words)"
    )


def test_the_posts_read_in_the_corpus_language_are_counted_and_said() -> None:
    frame = pd.DataFrame({
        "lang": ["en", "en", "en", "und"], "lang_source": ["detected", "corpus", "corpus", "detected"],
        "compound": [0.5, 0.2, float("nan"), float("nan")], "text": ["a b", "ok", "no", "zz"],
    })
    coverage = aggregate_languages.sentiment_coverage(frame)
    assert (coverage.scored, coverage.from_corpus) == (2, 1)  # (only the scored ones are said to be covered)
    note = aggregate_languages.coverage_note(coverage)
    assert note.startswith("Sentiment covers 2 reactions in English (1 short post read in the corpus's main language);")
    rows = aggregate_languages.reactions_by_language(frame)
    assert rows.set_index("lang")["from_corpus"].to_dict() == {"en": 2, "und": 0}
