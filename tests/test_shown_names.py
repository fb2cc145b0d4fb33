"""reactions.parse.shown_names: a quotation's display name cut where its author's name ends and a clause goes on."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from reactions.parse.quotes import find_quotes
from reactions.parse.shown_names import shown_name


@pytest.mark.parametrize(
    ("display", "author", "shown"),
    [
        # a clause about the author after the name: cut at the verb or preposition that opens it
        ("Rita Vale kept her caption short and", "Rita Vale", "Rita Vale"),
        ("Vale alongside a snap of her dog", "Rita Vale", "Vale"),
        ("Omar Diaz of The Herald put it on", "Omar Diaz", "Omar Diaz of The Herald"),
        ("Ken's brother Omar Diaz explained in a clip", "Omar Diaz", "Ken's brother Omar Diaz"),
        ("Vale gushed in a clip", "Rita Vale", "Vale"),
        ("June 2016 Vale deletes her account after", "Rita Vale", "Vale"),  # a timeline's date
        ("4 Vale threw shade", "Rita Vale", "Vale"),  # a list's number
        ("she exclaims in a clip", "Rita Vale", "she"),
        ("The photo was", None, "The photo"),
        ("Nas re-", "Nas", "Nas"),  # "Nas re-posted the image": the verb's prefix
        ("While Trump", "Donald Trump", "Trump"),  # a clause's opener, capitalised at the sentence's start
        ("Meanwhile Elsa", None, "Elsa"),  # "The photo was captioned: …": a verb to be is no part of a name
        ("the quiet snap is", None, "the quiet snap"),
        # kept as written: a description naming no clause, an author it does not write, a short phrase
        ("The Harbor Hotel official Twitter account", "Harbor Hotel", "The Harbor Hotel official Twitter account"),
        ("Coast Guard officials", "Coast Guard", "Coast Guard officials"),  # a plural, no verb
        ("the Weekly News feed", "Weekly News", "the Weekly News feed"),  # -eed: no past tense
        ("Ken's sister and Omar's friend", "Nia Cole", "Ken's sister and Omar's friend"),
        ("one social media user", None, "one social media user"),
        ("the Sitcom Town star", "Rita Vale", "the Sitcom Town star"),
        ("Vale wrote", "Rita Vale", "Vale wrote"),
        (None, "Rita Vale", None),
    ],
)
def test_a_display_name_is_cut_where_a_clause_goes_on(display: str | None, author: str | None, shown: str) -> None:
    assert shown_name(display, author) == shown


def test_a_quotation_shows_its_author_not_the_clause_before_its_verb() -> None:
    body = (
        "Omar Diaz is on a strict diet.\n\nDiaz is dieting for a film, so when he took a bite of cake he said: "
        "“Ooh, so good!”\n\nThen his guilty smile appeared.\n\nDiaz kept his humor alive in his caption that went "
        "with his video: “It is said that when you fast you have visions.”"
    )
    [quote] = find_quotes(body, "a.txt", [])
    assert (quote.display_name, quote.author) == ("Diaz", "Omar Diaz")


@given(st.lists(st.sampled_from(["Vale", "Rita", "kept", "in", "officials", "she", "4", "May", "2016", "the", "x,"]),
                max_size=8).map(" ".join), st.sampled_from([None, "Rita Vale", "Nia"]))  # fmt: skip
def test_a_shown_name_is_a_run_of_the_display_names_words(display: str, author: str | None) -> None:
    """Never raises, never adds a word: what is shown is the display name, or a run of its words ending before a
    clause word (a leading number or date dropped)."""
    shown = shown_name(display, author)
    assert shown is not None
    words, kept = display.split(), shown.split()
    assert any(words[i : i + len(kept)] == kept for i in range(len(words) - len(kept) + 1))
    assert shown == display or (kept and len(kept) < len(words))
