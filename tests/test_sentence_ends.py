"""A title's abbreviation (``Gov.``, ``Sen.``, ``Mr.``) ends no attribution after a quotation."""

from __future__ import annotations

import pytest

from reactions.parse.article import parse_article
from reactions.parse.sentence_ends import abbreviation_stop, clause_stop
from reactions.parse.sentences import TextIndex


def stop_after_title(text: str) -> bool:
    at = text.index(".")
    return abbreviation_stop(text, at, at + 1)


@pytest.mark.parametrize(
    "text",
    ["Ohio Gov. Lena Park tweeted", "Mr. Osei wrote", "state Sen. Ana Ruiz posted", "tweeted Dr. Ivo Marsh",
     "said Lt. Col. Bo Reyes"],
)  # fmt: skip
def test_a_title_before_a_name_ends_no_sentence(text: str) -> None:
    assert stop_after_title(text)


@pytest.mark.parametrize(
    "text",
    [
        "she tweeted. Then it rained",  # a sentence's end
        "he tweeted at Sen. Ana Ruiz",  # after a preposition: the verb's object
        "he met Mr. and Mrs. Osei",  # a word in lower case after it
        "the plan of Gen. Motors",  # after a preposition
        "it was the Rev.\nNext line",  # no space after it
        "the dr. tweeted",  # a title in lower case is no title here
        "Sarah Jones Jr. tweeted",  # a generation is left an end
    ],
)  # fmt: skip
def test_other_stops_still_end_sentences(text: str) -> None:
    assert not stop_after_title(text)


def test_clause_stop_passes_a_title_and_stops_at_the_end() -> None:
    body = '"Open," Ohio Gov. Lena Park tweeted. Then it rained.'
    assert body[clause_stop(body, 7, len(body)).start() :].startswith(". Then")  # type: ignore[union-attr]
    assert clause_stop(body, 7, body.index(" tweeted")) is None


def attributed(text: str) -> list[tuple[str | None, str | None, str]]:
    return [(r.platform.value, r.author, r.text) for r in parse_article(text).reactions]


@pytest.mark.parametrize(
    ("attribution", "author"),
    [
        ("Ohio Gov. Lena Park tweeted", "Lena Park"),
        ("Mr. Osei wrote on Twitter", "Osei"),
        ("tweeted Ohio Gov. Lena Park", "Lena Park"),
        ("state Sen. Ana Ruiz wrote on Facebook", "Ana Ruiz"),
    ],
)
def test_a_titled_author_after_a_quotation_is_read(attribution: str, author: str) -> None:
    text = f'The pier reopened on Friday.\n\n"The pier is safe again for every family," {attribution}.\n\nMore later.'
    assert [(author, "The pier is safe again for every family")] == [(a, t) for _, a, t in attributed(text)]


def test_a_titled_object_keeps_the_author_before_it() -> None:
    text = ('The pier reopened on Friday.\n\n"Is the pier safe again for every family?" harbour chief Omar Bell '
            'tweeted at Sen. Ana Ruiz on Friday. "We need answers."\n\nMore later.')
    assert [(a, t) for _, a, t in attributed(text)] == [("Omar Bell", "Is the pier safe again for every family?")]


def test_a_title_in_the_next_sentence_is_not_read_into_the_attribution() -> None:
    text = ('The pier reopened on Friday.\n\n"The pier is safe again for every family," Lena Park said. '
            'Gov. Omar Bell tweeted a photo.\n\nMore later.')
    assert attributed(text) == []


@pytest.mark.parametrize(
    ("text", "start"),
    [
        ('It rained. Ohio Gov. Lena Park tweeted "Hi"', "Ohio Gov."),
        ('It rained. Dr. Lena Park wrote "Hi"', "Dr. Lena"),
        ('It rained. Dr. Li "Hi"', "Dr. Li"),  # a stop right before the quotation
        ('It rained. He wrote to Sen. Park "Hi"', 'Park "Hi"'),  # after a preposition the stop stays an end
        ('It rained. She wrote "Hi"', "She wrote"),
    ],
)
def test_a_quotation_s_sentence_starts_before_a_title(text: str, start: str) -> None:
    found = TextIndex(text).sentence_start(0, text.index('"'))
    assert text[found:].lstrip().startswith(start)
