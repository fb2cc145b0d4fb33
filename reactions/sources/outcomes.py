"""Repeated problems of one kind in one file said once, with a count: a table of a million empty rows, or an
archive of fifty damaged records, is a few lines, not a million.

The first :data:`SHOWN` items of each kind are given as they come (each names its row, line or record); the
rest of that kind are only counted, and one outcome after the file's last item says how many more there were
and where the first of them was.  A kind is the reason without its place and without its numbers
(``row 7 (id B2): the 'text' column is empty`` is of the kind ``the 'text' column is empty``).

>>> from reactions.sources.columns import skipped
>>> items = [skipped("t.csv", f"row {n}: the 'text' column is empty") for n in range(1, 6)]
>>> [o.reason for o in grouped("t.csv", iter(items))]  # doctest: +NORMALIZE_WHITESPACE
["row 1: the 'text' column is empty", "row 2: the 'text' column is empty", "row 3: the 'text' column is empty",
 "2 more with the same problem, from row 4 on: the 'text' column is empty"]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final

from reactions.models import Document, FileOutcome
from reactions.sources.columns import skipped

__all__ = ["SHOWN", "grouped"]

SHOWN: Final = 3
"""Items of one kind given one by one before the rest of that kind are counted."""
_PLACE: Final = re.compile(r"(?:row|line|element|record at byte|before byte) \d+")
_NUMBER: Final = re.compile(r"\d[\d,.]*")


@dataclass(slots=True)
class _Kind:
    count: int
    first_hidden: str = ""
    """The place of the first item only counted."""
    example: str = ""
    """Its problem (the reason without the place)."""


def _kind(reason: str) -> tuple[str, str, str] | None:
    """``(place, kind, problem)`` of a reason that names a place in its file, else ``None``."""
    place = _PLACE.match(reason)
    if place is None:
        return None
    _, sep, rest = reason.partition(": ")
    return (place.group(), _NUMBER.sub("#", rest), rest) if sep else None


def grouped(name: str, items: Iterator[Document | FileOutcome]) -> Iterator[Document | FileOutcome]:
    """``items`` in order, past :data:`SHOWN` of a kind only counted; one outcome per such kind at the end."""
    kinds: dict[str, _Kind] = {}
    for item in items:
        found = _kind(item.reason) if isinstance(item, FileOutcome) and item.reason else None
        if found is None:
            yield item
            continue
        place, kind, problem = found
        seen = kinds.setdefault(kind, _Kind(0))
        seen.count += 1
        if seen.count <= SHOWN:
            yield item
        elif not seen.first_hidden:
            seen.first_hidden, seen.example = place, problem
    for seen in kinds.values():
        if seen.count > SHOWN:
            yield skipped(name, f"{seen.count - SHOWN:,} more with the same problem, from {seen.first_hidden} on: "
                                f"{seen.example}")
