"""reactions.parse.article_person: the article's person as the author of a pronoun the prose before it names no one
for."""

from __future__ import annotations

import re

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from reactions.parse.article_person import _written, article_person, person_named
from reactions.parse.people import author_of

_HEAD = "Greta Lind has a new look for spring. The model debuted short hair on Monday.\n\n"
_FILLER = "For weeks the stylists had predicted the change, and the salon was busy with people asking for it.\n\n"


@pytest.mark.parametrize(
    ("lead", "written", "author"),
    [
        # the prose goes on about the person by a description, or by a word of the name with a verb not read
        ("The actress then uploaded a clip of the salon.", "she", "Greta Lind"),
        ("The 29-year-old posed the question to her followers.", "she", "Greta Lind"),
        ("While Lind loves the cut, fans were split.", "she", "Greta Lind"),
        ("Later, she shared a photo on her Instagram account.", "she", None),  # no one named, none described
        # the pronoun of the other gender: not the article's person
        ("The actress then uploaded a clip of the salon.", "he", None),
        # another person of the pronoun's gender, or of no gender known, is named before it
        ("The actress met her friend Irene Volk in Los Angeles.", "she", None),
        ("The actress met her stylist Robin Kay in Los Angeles.", "she", None),
        # ...but one of the other gender leaves the person ("Her hairdresser Paul Mott cut it")
        ("The actress met her hairdresser Paul Mott in Los Angeles.", "she", "Greta Lind"),
        # an embedded post's byline names someone else
        ("The actress agreed.\n\nSo chic! — dana ✨ (@danaruiz) May 2, 2019", "she", None),
        # an anonymous poster stays anonymous
        ("The actress uploaded a photo. Another commenter felt the same way.", "she", None),
        ("The actress uploaded a photo. Many fans on Twitter agreed with her:", "she", None),
    ],
)
def test_a_pronoun_no_one_is_named_for_is_the_articles_persons(lead: str, written: str, author: str | None) -> None:
    body = f"{_HEAD}{_FILLER * 4}{lead}\n\n“Loving it,” {written} wrote. Lind smiled."
    assert author_of(body, body.index("“"), written, None) == author


def test_the_articles_person_when_the_head_names_no_one_known() -> None:
    body = f"It is spring again.\n\n{_FILLER * 4}The actress uploaded a photo.\n\n“Loving it,” she wrote."
    assert author_of(body, body.index("“"), "she", None) is None


def test_article_person_needs_a_gender_that_agrees() -> None:
    def agrees(name: str, pronoun: str) -> int:
        return {"Greta Lind": 1, "Sam Ash": 0}.get(name, -1)

    assert article_person("Greta Lind", "The actress smiled.", [], "she", agrees) == "Greta Lind"
    assert article_person("Sam Ash", "The actress smiled. Ash waved.", [], "she", agrees) is None  # gender unknown
    assert article_person("Greta Lind", "The actress smiled.", [], "they", agrees) is None
    assert article_person(None, "The actress smiled.", [], "she", agrees) is None
    assert article_person("Greta Lind", "Lind smiled.", ["Lind"], "she", agrees) == "Greta Lind"  # herself


@pytest.mark.parametrize(
    ("head", "person", "named"),
    [
        ("Did Carl Moss Throw Shade at Pia?\n\n", "Carl Moss Throw", "Carl Moss"),  # a headline's verb
        ("Image zoom Nell Ray Kip Ott/WireImage\n\n", "Nell Ray Kip", "Nell"),  # a photo credit's names
        ("Ann Marie Fox is back.\n\n", "Ann Marie Fox", "Ann Marie Fox"),
        ("Image zoom Ann Fox Instagram\n\n", "Ann Fox Instagram", "Ann Fox"),  # a platform ends no name
    ],
)
def test_the_articles_person_is_cut_to_the_words_written_again(head: str, person: str, named: str) -> None:
    body = head + " " * 300 + "Moss said it. Ann Marie Fox said it. Ann Fox said it on Instagram."
    assert person_named(body, person) == named


@pytest.mark.parametrize(
    ("lead", "author"),
    [
        # a given name of no gender known: the person must be named right there, the only one who may be theirs
        ("Tom Hale revealed on Monday that he and Zorya Quill split in March.", "Zorya Quill"),
        ("Tom Hale revealed on Monday that he, Zorya Quill and Kit Vane split in March.", None),
        ("Tom Hale revealed on Monday that the couple split in March.", None),
    ],
)
def test_a_person_of_no_gender_known_when_named_before(lead: str, author: str | None) -> None:
    body = f"Zorya Quill is single again.\n\n{_FILLER * 4}{lead}\n\n“Onwards,” she wrote."
    assert author_of(body, body.index("“"), "she", None) == author


@pytest.mark.parametrize("byline", ["Omar Diaz\n\nDAILY NEWS\n\n", "By Omar Diaz\n\n"])
def test_a_byline_at_the_head_is_not_the_articles_person(byline: str) -> None:
    lead = f"{_FILLER * 4}The actor uploaded a photo."
    body = f"{byline}Tom Hale has a new look.\n\n{lead}\n\n“Loving it,” he wrote. Hale smiled."
    assert author_of(body, body.index("“"), "he", None) == "Tom Hale"


_PIECES = st.sampled_from(["Lind", "lind", "Lind's", "Lind’s", "-", "_", "'", "’", " ", "é", "x", "2", "\n", "Greta"])


@given(st.lists(_PIECES, max_size=12).map("".join), st.sampled_from(["Lind", "Greta Lind", "Al Lind", "é"]),
       st.integers(0, 30))  # fmt: skip
@example("xLind Lind", "Lind", 1)
@example("'Lind", "Lind", 0)
@example("Lind-", "Lind", 0)
def test_written_finds_what_the_whole_word_pattern_finds(prose: str, person: str, start: int) -> None:
    expected = any(
        re.search(rf"(?<![\w'’-]){re.escape(word)}(?![\w-])", prose[start:]) is not None
        for word in person.split()
        if len(word) >= 3
    )
    assert _written(prose, person, start) == expected


@pytest.mark.parametrize(
    ("before", "author"),
    [
        ("Prior to the wedding, Vell’s friend Dana Okafor tweeted a few shots of her dress.", "Dana Okafor"),
        ("Vell's sister Dana Okafor shared a few shots of her dress on Twitter.", "Dana Okafor"),
        # a show's title and a role before the name; a participle tells of the posting
        ("Captain Planet star Dana Okafor said sorry after sharing a meme of her friends.", "Dana Okafor"),
        ("The Big Lake Show alum Dana Okafor was seen tweeting about her dress.", "Dana Okafor"),
    ],
)
def test_a_description_stands_for_the_posting_subject_after_its_owner(before: str, author: str | None) -> None:
    body = (f"Sir Ron Hale and Ann Lee were among the guests.\n\n{before} "
            "“Ready for my friend’s big day,” tweeted the tennis superstar.")
    assert author_of(body, body.index("“"), "the tennis superstar", None) == author
