"""reactions.parse.named_subject: a name an attribution gives, unless the article writes it only where no verb's
subject stands (after an article or a preposition)."""

from __future__ import annotations

import pytest

from reactions.parse.named_subject import named_subject


@pytest.mark.parametrize(
    ("lead", "written", "author"),
    [
        ("Melody Lau of the National Post wrote, ", "National Post", "Melody Lau"),
        ("Giving a glimpse, the only daughter of Michael Jackson captioned it: ", "Michael Jackson", None),
        ("A source who spoke with the Post said: ", "Post", None),
        ("Jenny from the Block wrote: ", "Block", None),
        ("In another post, Holmes also posted it, with Holmes writing, ", "Holmes", "Holmes"),  # "with": a subject
        ("Kensington Palace captioned it: ", "Kensington Palace", "Kensington Palace"),
        ("It came after a tweet this week from Ada Brooks that read, ", "Ada Brooks", "Ada Brooks"),  # its sender
        ("It answered a letter from Ada Brooks that read, ", "Ada Brooks", None),
    ],
)
def test_a_name_written_only_after_a_preposition_is_no_author(lead: str, written: str, author: str | None) -> None:
    """A name as written, unless every place it is written stands after an article or a preposition: then the
    full name before ``of``, else None."""
    body = f"{lead}“We will be back next year.”"
    assert named_subject(body, 0, written) == author


def test_only_eight_places_are_read() -> None:
    """Bounded: past eight places after a preposition, the name is taken as written."""
    body = "“Hi.” " + "a note to Ann Lee, " * 9 + "and more."
    assert named_subject(body, 0, "Ann Lee") == "Ann Lee"
    assert named_subject("“Hi.” " + "a note to Ann Lee, " * 3, 0, "Ann Lee") is None
