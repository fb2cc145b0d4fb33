"""A pronoun after a sentence whose subject is a description: the person the description stands for."""

from __future__ import annotations

import pytest

from reactions.parse.described_subject import description_before
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    ("head", "expected"),
    [
        ("Ben Ray sang. The Oscar winning actress, 44, then posted a photo. ", "The Oscar winning actress"),
        ("Ben Ray sang.\n\nThe 19-year-old shared a clip of the show. ", "The 19-year-old"),
        ('Ben Ray sang. The "Blue Moon" singer wrote on Instagram. ', "The Blue Moon singer"),
        ("Ben Ray sang. The 30-year-old actor posted a clip. ", "The 30-year-old actor"),
    ],
)
def test_the_description_opening_the_sentence_before_is_found(head: str, expected: str) -> None:
    found = description_before(head, len(head))
    assert found is not None
    assert found[0] == expected
    assert head[found[1] :].lstrip('"').startswith(expected.split()[0])


@pytest.mark.parametrize(
    "head",
    [
        "Ben Ray sang. The dog barked at the door. ",  # no person described
        "Ben Ray sang. Her sister posted a photo. ",  # no description: a relative
        "Ben Ray sang. Later that day, the actress posted a photo. ",  # not the sentence's opening
        "The actress sang. Ben Ray posted a photo. ",  # not the sentence right before
    ],
)
def test_no_description_when_none_opens_the_sentence_before(head: str) -> None:
    assert description_before(head, len(head)) is None


@pytest.mark.parametrize(
    ("body", "author"),
    [
        # the pronoun's prose names an outlet last and a woman as an object; the description opening the sentence
        # before has no rival as a subject: the article's person
        ("Nora Vance may marry Tom Hale this summer, sources say. The guests include Lena Park, Express reported.\n\n"
         'The Oscar winning actress, 45, recently sent wishes to her fiance on Instagram. "Happy day, my love," she '
         "captioned a photo.", "Nora Vance"),
        # the description is of the other gender: no author
        ("Nora Vance may marry Tom Hale this summer, sources say. The guests include Lena Park, Express reported.\n\n"
         'The Oscar winning actress, 45, recently sent wishes to her fiance on Instagram. "Happy day, my love," he '
         "captioned a photo.", None),
        # the person's given name of no known gender: no author rather than a guess
        ("Zephyrine Vance may marry Tom Hale this summer, sources say. The guests include Lena Park, Express "
         'reported.\n\nThe Oscar winning actress, 45, recently sent wishes to her fiance on Instagram. "Happy day, '
         'my love," she captioned a photo.', None),
    ],
)
def test_a_pronoun_after_a_described_subject_is_the_described_persons(body: str, author: str | None) -> None:
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == [author]
