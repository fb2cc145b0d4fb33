"""A pronoun after a sentence whose subject is a description: the person the description stands for.

``The Academy Award winning actress recently sent out Father’s Day wishes … on Instagram. "…," she captioned a
photo``: the prose before the pronoun names a man as its last subject (``Martin will join``), and the woman only as
an owner (``Paltrow’s``), so the pronoun finds no one of its gender; its antecedent is the description that opens
the sentence right before the quotation.  That description is resolved as an author of its own
(:func:`reactions.parse.people.author_of`: the article's person, when no rival may be the one described), and the
caller keeps the person only when their given name is of the pronoun's gender.

Pure functions over the 400 characters before the quotation.

>>> description_before("Tom Hall sang. The 30-year-old actress, 41, shared a photo. ", 60)
('The 30-year-old actress', 15)
>>> description_before("Tom Hall sang. The dog barked. ", 31) is None
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from reactions.parse.article_person import described_as

__all__ = ["described_person", "description_before"]

_REACH: Final = 400
"""How far before a quotation its sentence before is looked for."""
_STOPS: Final = (". ", "! ", "? ", "\n", ".” ", '." ')
_WORDS: Final = 10
"""How many words a description opening a sentence may run to (with its article)."""
_MARKS: Final = "“”\"‘’',"


def description_before(body: str, at: int) -> tuple[str, int] | None:
    """The description (``The Big Little Lies actress``) that opens the sentence right before ``body[at]`` as its
    subject (a comma or a word in lower case after it), and where it starts; else None."""
    floor = max(0, at - _REACH)
    head = body[floor:at].rstrip()
    start = max((stop_at + len(stop) for stop in _STOPS if (stop_at := head.rfind(stop)) >= 0), default=0)
    sentence = head[start:].lstrip(_MARKS + " \t")
    words = sentence.split(None, _WORDS)[:_WORDS]  # (each stop looked for once; the sentence split no further)
    if len(words) < 3 or words[0] not in ("The", "the"):
        return None
    found = None
    for end in range(2, len(words) + 1):
        phrase = " ".join(word.strip(_MARKS) for word in words[:end])
        if described_as(phrase) is not None:
            found = phrase  # ("The 30-year-old", then "The 30-year-old actress": the longer)
        elif found is not None:
            break
        if words[end - 1].endswith(","):
            break
    return (found, floor + len(head) - len(sentence)) if found else None


def described_person(
    body: str,
    at: int,
    pronoun: str,
    author_of: Callable[[str, int, str, str | None], str | None],
    agrees: Callable[[str, str], int],
) -> str | None:
    """For ``she`` or ``he`` at ``body[at]`` that no one named stands for: the person the description opening the
    sentence before stands for (:func:`description_before`), resolved by ``author_of`` as an author of its own,
    when ``agrees`` says their given name is of the pronoun's gender (1)."""
    found = description_before(body, at) if pronoun in ("she", "he") else None
    if found is None or described_as(found[0]) not in ("they", pronoun):
        return None
    person = author_of(body, found[1], found[0], None)
    return person if person and agrees(person, pronoun) > 0 else None
