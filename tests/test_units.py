"""reactions.run.units: what a reading task reads, and where in its file each outcome is."""

from __future__ import annotations

import dataclasses
import itertools

from reactions.models import FileOutcome, Status
from reactions.run.units import placed


def placed_in_full(outcome: FileOutcome, place: str | None) -> FileOutcome:
    """``placed`` as first written: every outcome with a place rebuilt, whatever it holds."""
    if not place:
        return outcome

    def where(message: str) -> str:
        if message.startswith("row "):
            return message
        return f"{place}, {message}" if message.startswith("offset ") else f"{place}: {message}"

    reason = where(outcome.reason) if outcome.reason else None
    return dataclasses.replace(outcome, warnings=tuple(map(where, outcome.warnings)), reason=reason)


def test_an_outcome_with_nothing_to_place_is_kept_as_it_is_and_every_other_is_placed_as_before() -> None:
    warnings = [(), ("decoded as cp1252",), ("row 3: said already", "offset 9 in the text")]
    reasons = [None, "", "empty", "offset 5: cut", "row 2 (id n1): empty"]
    places = [None, "", "row 12 (id n123)"]
    for said, reason, place in itertools.product(warnings, reasons, places):
        outcome = FileOutcome("t.csv#n123", "t.csv#n123", Status.PARSED, 2, said, reason)
        assert placed(outcome, place) == placed_in_full(outcome, place)
        if place and not said and reason is None:
            assert placed(outcome, place) is outcome
