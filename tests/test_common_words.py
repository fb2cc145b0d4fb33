"""reactions.parse.common_words: a full name cut to its name's words."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.parse.common_words import name_words, organisation_of
from reactions.parse.people import full_names


@pytest.mark.parametrize(
    ("body", "name", "run", "expected"),
    [
        # a verb or a plural after the name, written in lower case elsewhere
        ("Kato Announced a tour. He announced it Monday.", "Kato", "Kato Announced", "Kato"),
        ("Ann Lee Vanished Today. She vanished.", "Ann", "Ann Lee Vanished", "Ann Lee"),
        # a family name that is a common word
        ("Jack White sang. The white van left.", "Jack", "Jack White", "Jack White"),
        ("Tiger Woods won. He walked in the woods.", "Tiger", "Tiger Woods", "Tiger Woods"),
        ("Ann Reed sang. A reed grew.", "Ann", "Ann Reed", "Ann Reed"),  # -eed: no past tense
        ("Ann Hated sang, said Hated. Ann hated it.", "Ann", "Ann Hated", "Ann Hated"),  # capitalised inside
        # words before the name are left: a post writes a given name in lower case ("so in love")
        ("April Love Geary posted. “So in love,” she wrote.", "Geary", "Love Geary", "Love Geary"),
        ("Student Ann Lee spoke. The student had left.", "Lee", "Student Ann Lee", "Student Ann Lee"),
        # a link's or a handle's lower case is no word of prose
        ("Ann Vanished sang. See ann-vanished.com and @vanished.", "Ann", "Ann Vanished", "Ann Vanished"),
    ],
)
def test_name_words(body: str, name: str, run: str, expected: str) -> None:
    assert name_words(body, name, run) == expected


def test_a_full_name_leaves_out_a_verb_a_headline_capitalised() -> None:
    body = "Kato Announced a Tour\n\nThe rapper announced it on Monday. Later Kato wrote on Twitter."
    assert full_names(body, [(body.index("Later Kato") + 6, "Kato")]) == ["Kato"]


@given(
    st.text(max_size=80), st.sampled_from(["Ann", "Lee"]), st.sampled_from(["Ann Lee", "Big Ann", "Ann Lee Vanished"])
)
def test_name_words_keeps_the_name_and_a_run_of_words_beside_it(body: str, name: str, run: str) -> None:
    if name not in run.split() or (run.split()[0] != name and run.split()[-1] != name):
        return
    kept = name_words(body, name, run)
    assert name in kept.split()
    assert kept in run


def test_an_organisation_named_after_a_person_is_not_their_full_name() -> None:
    assert organisation_of("Vale", ["Vale", "Foundation"])
    assert not organisation_of("Vale", ["Omar", "Vale"])
    assert not organisation_of("Vale", ["Vale", "Jones"])
    body = (
        "Omar Vale runs the Vale Foundation. The Vale Foundation gives grants; the Vale Foundation grew.\n\n"
        "Later Vale tweeted about it."
    )
    assert full_names(body, [(body.index("Later Vale") + 6, "Vale")]) == ["Omar Vale"]
