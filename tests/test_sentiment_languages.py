"""Sentiment by language: English by VADER, German, French and Portuguese by their lexicons, others not scored."""

from __future__ import annotations

import hashlib
import math
import unicodedata
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions import lexicons, sentiment
from reactions.analysis import aggregate
from reactions.analysis.index import FrameIndex
from reactions.frames import to_frame
from reactions.models import Kind, Reaction
from reactions.sentiment_languages import VADER_NAME, scorer_name

# Sentences of each language, with the false friends that carry a valence in VADER's English lexicon ("die", "no",
# "problem", "fast", "gift", "hell", "arm", "pain", "mal", "sin"): read in English they would colour the post.
SENTENCES = {
    "de": [
        "Die Katze ist süß und die Sonne scheint.", "Das ist eine gute Nachricht für die Demokratie!",
        "Fast alle waren gestern Abend auf der Straße.", "Das Gift war nicht das Problem, sagt die Polizei.",
        "Wir haben heute keine Angst mehr vor dem Krieg.", "Die Kinder sind arm, aber die Stadt ist hell.",
    ],
    "es": [
        "El presidente dijo que no hay problema.", "No hay pena más grande que perder a un amigo.",
        "Gracias a todos por venir hoy, fue un día feliz.", "La guerra no tiene fin y nadie dice nada.",
        "Mi casa es tu casa, sin problema ninguno.", "Qué mal lo hizo el gobierno con la economía.",
    ],
    "fr": [
        "Je suis très content, merci à tous!", "Le pain est bon mais le chat est malade.",
        "Ce n'est pas mal du tout, on a bien rigolé ce soir.", "Nous avons une bonne nouvelle pour la démocratie.",
        "La guerre fait peur à tout le monde aujourd'hui.", "Il dit que le problème vient du gouvernement.",
    ],
    "pt": [
        "Não estou feliz com isso, que tristeza.", "Muito obrigado a todos pelo apoio de hoje!",
        "O problema é que ninguém fala da guerra.", "Estou muito feliz com a vitória do nosso time!",
        "Sem amor a vida não tem graça nenhuma.", "A casa ficou ruim depois da chuva de ontem.",
    ],
    "it": [
        "Non vedo l'ora che arrivi l'estate per andare al mare.", "Il problema non è la guerra ma la paura.",
        "Grazie a tutti per il sostegno, siete fantastici!", "Che male ha fatto il governo questa volta.",
        "Oggi è una bella giornata per stare con la famiglia.", "Nessuno sa cosa succederà domani in città.",
    ],
    "nl": [
        "Ik ben heel blij met de uitslag van de verkiezingen.", "Geen probleem, we zien elkaar morgen weer.",
        "Het is een mooie dag om naar het strand te gaan.", "De regering heeft de oorlog niet kunnen stoppen.",
    ],
}
NOISE = ["", " 😂", " 😡", " :)", " @minister", " https://t.co/AbC123", " #breaking", " pic.twitter.com/xYz"]
ENGLISH_MARK = "ENGLISH LEXICON"


def reaction(i: int, text: str, lang: str | None = None) -> Reaction:
    return Reaction(f"r{i}", Kind.EMBED, "twitter", "h", "H", None, text, lang=lang, source="a.txt", span=(0, 1))


@pytest.fixture
def poisoned_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The English engine answers with a score no lexicon gives and a mark in its drivers: whatever carries
    either was scored with the English lexicon."""

    def english(engine: Any, text: object) -> tuple[tuple[float, float, float, float], str]:
        return (0.9999, 0.5, 0.5, 0.0), ENGLISH_MARK

    monkeypatch.setattr(sentiment, "_frame_analysis", english)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(sorted(SENTENCES)), st.data(), st.booleans())
def test_no_post_in_another_language_is_scored_with_the_english_lexicon(
    lang: str, data: st.DataObject, tagged: bool
) -> None:
    parts = data.draw(st.lists(st.sampled_from(SENTENCES[lang]), min_size=1, max_size=3))
    text = " ".join(parts) + data.draw(st.sampled_from(NOISE))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(sentiment, "_frame_analysis", lambda engine, text: ((0.9999, 0.5, 0.5, 0.0), ENGLISH_MARK))
        frame = to_frame([reaction(0, text, lang if tagged else None)])
    row = frame.iloc[0]
    assert row["lang"] in (lang, "und"), text
    assert row["compound"] != 0.9999
    assert ENGLISH_MARK not in row["drivers"]
    if row["lang"] in lexicons.LEXICONS:
        assert row["compound"] == lexicons.score_in(row["lang"], text).compound
    else:
        assert math.isnan(row["compound"])
        assert pd.isna(row["sentiment"])


@pytest.mark.usefixtures("poisoned_english")
def test_english_rows_keep_the_english_engine() -> None:
    frame = to_frame([reaction(0, "The minister said the new law would protect workers across the country.")])
    assert frame.loc[0, "compound"] == 0.9999


@pytest.mark.parametrize(
    ("text", "lang", "label"),
    [
        ("Das ist eine gute Nachricht für die Demokratie!", None, "positive"),
        ("Das ist keine gute Nachricht, das ist schlecht.", "de", "negative"),
        ("Je suis très heureux, merci à tous!", None, "positive"),
        ("Estou muito feliz com a vitória do nosso time!", None, "positive"),
        ("Não estou feliz com isso, que tristeza.", "pt", "negative"),
    ],
)
def test_the_issue_examples_by_their_own_lexicon(text: str, lang: str | None, label: str) -> None:
    frame = to_frame([reaction(0, text, lang)])
    assert frame.loc[0, "sentiment"] == label
    assert str(frame.loc[0, "drivers"]).startswith(lexicons.LEXICONS[frame.loc[0, "lang"]].name)


def test_a_language_without_a_lexicon_is_not_scored_and_not_neutral() -> None:
    frame = to_frame([
        reaction(0, "El presidente dijo que no hay ningún problema con la economía del país."),
        reaction(1, "I love this, what a wonderful day"),
        reaction(2, "I hate this, what an awful day"),
        reaction(3, "lol"),
    ])  # fmt: skip
    assert frame["lang"].tolist() == ["es", "en", "en", "und"]
    assert math.isnan(frame.loc[0, "compound"])
    assert pd.isna(frame.loc[0, "sentiment"])
    assert frame.loc[0, "drivers"] == ""
    assert pd.isna(frame.loc[3, "sentiment"])
    mix = aggregate.sentiment_mix(FrameIndex(frame)).set_index("sentiment")
    assert mix["reactions"].tolist() == [1, 0, 1]
    assert mix["share"].tolist() == [0.5, 0.0, 0.5]  # of the two scored, the unscored in no share
    headline = aggregate.headline(frame)
    assert headline.neutral == 0.0
    assert headline.mean_compound == pytest.approx(np.nanmean(frame["compound"]))


def test_a_post_of_symbols_alone_is_scored_by_them() -> None:
    frame = to_frame([reaction(0, "😍😍 https://t.co/abc")])
    assert frame.loc[0, "lang"] == "und"
    assert frame.loc[0, "sentiment"] == "positive"
    assert str(frame.loc[0, "drivers"]).startswith(lexicons.SYMBOLS.name)


def test_an_override_still_labels_a_row_nothing_scores() -> None:
    dutch = reaction(0, "Ik ben heel blij met de uitslag van de verkiezingen.")
    frame = to_frame([dutch], overrides={"r0": "positive"})
    assert frame.loc[0, "sentiment"] == "positive"
    assert bool(frame.loc[0, "overridden"])
    assert math.isnan(frame.loc[0, "compound"])


@pytest.mark.parametrize(
    ("lang", "text", "expected"),
    [("en", "hi", VADER_NAME), ("de", "hallo", "GPL-de (de)"), ("es", "hola", None), ("und", "hola amigo", None),
     ("und", "👍", "emoji and emoticons")],
)  # fmt: skip
def test_scorer_name(lang: str, text: str, expected: str | None) -> None:
    assert scorer_name(lang, text) == expected


def test_negation_and_degree_in_a_lexicon() -> None:
    plain, negated = lexicons.score_in("pt", "estou feliz"), lexicons.score_in("pt", "não estou feliz")
    boosted = lexicons.score_in("pt", "estou muito feliz")
    assert negated.compound < 0 < plain.compound < boosted.compound


def test_lexicons_read_words_in_linear_time() -> None:
    long = " ".join(["gut schlecht nicht sehr"] * 5000)
    assert lexicons.score_in("de", long).drivers  # bounded window: no quadratic look-back


EMBED = (
    '<html><body><p>Story</p><blockquote class="twitter-tweet"><p{lang}>{text}</p>&mdash; Ann (@ann) '
    '<a href="https://twitter.com/ann/status/1223379372541931520">February 1, 2020</a></blockquote></body></html>'
)


def test_a_run_scores_a_post_in_the_language_a_later_embed_tells(tmp_path: Any) -> None:
    from reactions.run.pipeline import extract_frame

    text = "So schlecht!"  # too short to detect: "und", not scored, until the second page's tag says "de"
    (tmp_path / "a.html").write_text(EMBED.format(lang="", text=text), encoding="utf-8")
    (tmp_path / "b.html").write_text(EMBED.format(lang=' lang="de"', text=text), encoding="utf-8")
    row = extract_frame([tmp_path], jobs=1, cache=False).frame.iloc[0]
    assert (row["lang"], row["lang_source"], row["sources"]) == ("de", "embed", ["a.html", "b.html"])
    assert row["compound"] == lexicons.score_in("de", text).compound < 0


@given(st.text(alphabet=st.characters(max_codepoint=0x24F), max_size=12))
def test_fold_is_lower_case_without_accents_ascii_or_not(word: str) -> None:
    """``fold`` takes ASCII words the short way: the same as the long way (NFKD, combining marks dropped)."""
    decomposed = unicodedata.normalize("NFKD", word.lower())
    assert lexicons.fold(word) == "".join(c for c in decomposed if not unicodedata.combining(c))


@pytest.mark.parametrize(("lang", "size", "digest"), [
    ("de", 7319, "c35bf18a8f473bb9"), ("fr", 8585, "29925bf788ee5d6b"), ("pt", 5263, "7b6baf3ac29ca2dd"),
])  # fmt: skip
def test_a_lexicon_file_holds_each_word_folded_once(lang: str, size: int, digest: str) -> None:
    """Issue 19: the files hold folded words (``scripts/build_lexicons.py``), so ``valences`` reads them without
    folding 21,000 words a run; the mapping is the one it made by folding before (its digest then)."""
    from importlib import resources

    text = resources.files("reactions.lexicons").joinpath("data", f"{lang}.tsv").read_text(encoding="utf-8")
    terms = [line.partition("\t")[0] for line in text.splitlines()]
    assert all(lexicons.fold(term) == term for term in terms)
    assert len(set(terms)) == len(terms) == size
    table = lexicons.valences(lang)
    assert hashlib.sha256(repr(sorted(table.items())).encode()).hexdigest()[:16] == digest


@pytest.mark.parametrize("tag", [None, "en", "de"])
def test_a_post_with_no_text_is_not_scored_whatever_its_language(tag: str | None) -> None:
    # An Instagram embed whose caption the article does not hold has no sentiment: never a neutral 0.0.
    empty = Reaction("r0", Kind.EMBED, "instagram", "h", "H", None, "", lang=tag, source="a.txt", span=(0, 1))
    frame = to_frame([empty, reaction(1, "What a wonderful day!")])
    assert frame.loc[0, ["compound", "pos", "neu", "neg"]].isna().all()
    assert pd.isna(frame.loc[0, "sentiment"])
    assert frame.loc[0, "drivers"] == ""
    assert frame.loc[1, "sentiment"] == "positive"
    assert aggregate.headline(frame).neutral == 0.0
