"""A pronoun after a sentence whose subject is a description: the person the description stands for."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.parse.article_person import described_as
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


def _description_before_as_first_written(body: str, at: int) -> tuple[str, int] | None:
    """:func:`description_before` as first written: each stop looked for twice, the whole sentence split."""
    marks, floor = "“”\"‘’',", max(0, at - 400)
    head = body[floor:at].rstrip()
    stops = (". ", "! ", "? ", "\n", ".” ", '." ')
    start = max((head.rfind(stop) + len(stop) for stop in stops if stop in head), default=0)
    sentence = head[start:].lstrip(marks + " \t")
    words = sentence.split()[:10]
    if len(words) < 3 or words[0] not in ("The", "the"):
        return None
    found = None
    for end in range(2, len(words) + 1):
        phrase = " ".join(word.strip(marks) for word in words[:end])
        if described_as(phrase) is not None:
            found = phrase
        elif found is not None:
            break
        if words[end - 1].endswith(","):
            break
    return (found, floor + len(head) - len(sentence)) if found else None


_WORDS = st.sampled_from(["The", "the", "actress", "30-year-old", "singer", "Ann", "posted", "a", "photo", "star",
                          "Blue", '"Moon"', "“Hi”", "44,", "Oscar", "winning", "x" * 30, "Oscar winning actress",
                          "Big Little Lies actress", "Oscar winning Big Little Lies star"])  # fmt: skip
_GAPS = st.sampled_from([" ", "  ", ". ", "! ", "? ", "\n", ".” ", '." ', "\t", "\xa0", "\r", ", ", '"'])


_DESCRIPTIONS = st.sampled_from(["actress", "Oscar winning actress", "30-year-old actor", "Big Little Lies star",
                                 '"Blue Moon" singer', "dog", "Blue"])  # fmt: skip


@given(
    st.lists(st.tuples(_WORDS, _GAPS), max_size=60),
    st.sampled_from([". ", "! ", "\n", ".” ", '." ', ", ", ""]),
    _DESCRIPTIONS,
    st.lists(st.tuples(_WORDS, st.sampled_from([" ", " ", ", ", "\t", "\xa0", ". "])), max_size=14),
    st.integers(0, 8),
)
def test_the_description_is_found_as_first_written(
    before: list[tuple[str, str]], stop: str, described: str, sentence: list[tuple[str, str]], back: int
) -> None:
    """Prose, a stop, then a sentence opening with a description (or not) and more words."""
    words = "".join(word + gap for word, gap in sentence)
    body = "".join(word + gap for word, gap in before) + f"{stop}The {described} {words}"
    at = max(0, len(body) - back)
    assert description_before(body, at) == _description_before_as_first_written(body, at)
