"""Attributions whose dash was lost, and the Guardian's ``Name (@handle) post`` lines (reactions.parse.dashless)."""

from __future__ import annotations

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
