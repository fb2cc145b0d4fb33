"""reactions.parse.foreign_prose: an author that is a clause of non-English prose, not a name."""

from __future__ import annotations

import pytest

from reactions.parse.foreign_prose import prose_for_a_name
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    "written",
    [
        "Em dos",  # Portuguese: a sentence's opening words
        "Em uma série de",
        "E depois disso os",
        "escreveu o senador em seus",
        "A notícia foi dada",
        "Según los",  # Spanish
        "Dans une",  # French
        "Und dann der",  # German
    ],
)
def test_a_clause_of_foreign_prose_is_no_name(written: str) -> None:
    assert prose_for_a_name(written)


@pytest.mark.parametrize(
    "written",
    [
        None,
        "",
        "Ann Lee",
        "Nas",  # a rapper's name
        "Maria das Graças",  # particles of names
        "João dos Santos",
        "Benicio del Toro",
        "Ortega y Gasset",
        "Der Spiegel",  # an outlet: capitalised after its article
        "Die Antwoord",
        "Los Angeles Times",
        "a fan",  # English descriptions
        "one user on Twitter",
        "the singer, who was in no mood,",
    ],
)
def test_a_name_or_an_english_description_is_kept(written: str | None) -> None:
    assert not prose_for_a_name(written)


@pytest.mark.parametrize(
    ("sentence", "platform"),
    [
        ('Em uma série de tweets, Ana Lopes disse que o governo errou: "Vamos lutar até o fim."', "twitter"),
        ('Em dos posts no Facebook que causaram a briga, Ana Lopes escreveu: "Vamos lutar até o fim."', "facebook"),
        ('"Vamos lutar até o fim pela reforma, custe o que custar", afirmou o senador em seus tweets.', "twitter"),
    ],
)
def test_a_portuguese_post_keeps_its_platform_and_loses_a_wrong_author(sentence: str, platform: str) -> None:
    found = find_quotes(f"O ministro falou à imprensa. {sentence} A frase repercutiu.", "a.txt", [])
    assert [(q.platform.value, q.display_name, q.author) for q in found] == [(platform, None, None)]


def test_an_english_post_keeps_its_author() -> None:
    found = find_quotes('In a tweet on Monday, Ana Lopes wrote: "We will fight to the end for reform."', "a.txt", [])
    assert [(q.platform.value, q.author) for q in found] == [("twitter", "Ana Lopes")]
