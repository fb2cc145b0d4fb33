"""Attributions whose dash was lost, and the Guardian's ``Name (@handle) post`` lines (reactions.parse.dashless)."""

from __future__ import annotations

import datetime as dt

import pytest

from reactions.models import Rendering
from reactions.parse.article import parse_article


def _posts(text: str) -> list[tuple[str | None, str | None, str]]:
    return [(r.handle, r.display_name, r.text) for r in parse_article(text, "a.txt").reactions]


def test_a_name_that_is_the_handle_may_be_lower_case() -> None:
    text = ("The actor spoke out.\n\nseaside_sam (@seaside_sam) This happened to me too. I stayed quiet. (1/3)\n\n"
            "seaside_sam (@seaside_sam) I am done staying quiet about it. (2/3)\n\nHe said more later.")  # fmt: skip
    assert _posts(text) == [
        ("seaside_sam", "seaside_sam", "This happened to me too. I stayed quiet. (1/3)"),
        ("seaside_sam", "seaside_sam", "I am done staying quiet about it. (2/3)"),
    ]


def test_a_line_alone_is_a_post_when_it_holds_what_only_posts_hold() -> None:
    link = "Harbour News (@HarbourNews) WATCH: Boats crowd the quay for the parade https://t.co/AbCdEf123"
    tag = "Mia Lund (@mialund) What a night on the quay #HarbourFest"
    for line in (link, tag):
        (post,) = parse_article(f"The parade ended late.\n\n{line}\n\nThe mayor thanked the crews.", "a.txt").reactions
        assert post.rendering is Rendering.DASHLESS
        assert line.endswith(post.text)


@pytest.mark.parametrize(
    "line",
    [
        "Jane Doe (@janedoe) Staff writer covering the harbour and its people",  # a bio: nothing only a post holds
        "janedoe (@janedoe) is a staff writer.",  # a sentence about the account
        "mia (@mialund) What a night on the quay #HarbourFest",  # a lower-case name that is not the handle
        "Follow Jane Doe (@janedoe) on Twitter #news",  # a credit
    ],
)
def test_lines_without_a_posts_signs_or_a_name_give_nothing(line: str) -> None:
    assert _posts(f"The parade ended late.\n\n{line}\n\nThe mayor thanked the crews.") == []


def test_a_name_whose_trailing_emoji_the_crawl_dropped_is_still_a_name() -> None:
    text = ("The harbour flooded again on Monday.  Greta Holm  (@gretaholm) March 3, 2019Boats drifted into the "
            "square.  Port Watch ??  (@portwatch) March 3, 2019The mayor spoke at noon.")  # fmt: skip
    assert _posts(text) == [
        ("gretaholm", "Greta Holm", "The harbour flooded again on Monday."),
        ("portwatch", "Port Watch ??", "Boats drifted into the square."),
    ]


@pytest.mark.parametrize(
    "gap",
    ["  sad    ", "  404    ", "  #flood    "],  # the post's last word, a number, a hashtag: no name before the gap
)
def test_a_lower_case_word_or_a_number_before_the_gap_is_no_name(gap: str) -> None:
    text = f"The quay is under water again and nobody came{gap}(@quaywatch) March 3, 2019The mayor spoke at noon."
    (post,) = parse_article(text, "a.txt").reactions
    assert post.handle == "quaywatch"
    assert post.display_name is None


def test_a_name_in_echo_parentheses_is_a_name() -> None:
    text = ("Residents posted pictures all day.  (((Ola Berg))) (@olaberg) March 3, 2019The square is a lake now.  "
            "((Mia Lund)) (@mialund) March 3, 2019The mayor spoke at noon.")  # fmt: skip
    assert _posts(text) == [
        ("olaberg", "(((Ola Berg)))", "Residents posted pictures all day."),
        ("mialund", "((Mia Lund))", "The square is a lake now."),
    ]


def test_unbalanced_parentheses_are_no_echo_name() -> None:
    text = "Residents posted pictures all day.  (((Ola Berg) (@olaberg) March 3, 2019The mayor spoke at noon."
    assert [p.display_name for p in parse_article(text, "a.txt").reactions] != ["(((Ola Berg)"]


def test_a_thread_whose_numbers_run_into_the_dates_gives_every_post() -> None:
    text = ("The council member wrote a thread.1/3 The harbour wall failed twice this year.  Ola Berg (@olaberg) "
            "March 3, 20192/3 Nobody has paid for the repairs.  Ola Berg (@olaberg) March 3, 20193/3 I will ask "
            "again on Friday.  Ola Berg (@olaberg) March 3, 2019The mayor did not reply.")  # fmt: skip
    posts = parse_article(text, "a.txt").reactions
    assert [p.text for p in posts][1:] == ["2/3 Nobody has paid for the repairs.", "3/3 I will ask again on Friday."]
    assert {p.date for p in posts} == {dt.date(2019, 3, 3)}
