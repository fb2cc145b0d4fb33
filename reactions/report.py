"""A run's warnings as a person reads them: each names its file, and the dataset row (its article id) when
the file holds many articles; repeated warnings of one kind in one file are one line with a count and the first
places they came from.

>>> from reactions.models import FileOutcome, Status
>>> outcomes = [FileOutcome("news.csv", f"news.csv#n{i}", Status.PARSED, warnings=("repaired mojibake",))
...             for i in range(5)]
>>> warning_lines(outcomes)
['news.csv: repaired mojibake (5 times: article news.csv#n0, article news.csv#n1, article news.csv#n2, …)']
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Final

from reactions.models import FileOutcome

__all__ = ["warning_lines"]

_PLACE: Final = re.compile(r"(?:row \d+(?: \(id [^)\n]{0,200}\))?(?:, offset \d+)?|offset \d+): ")
"""Where in a file a warning points (a dataset's row, an offset in the article), before its message."""
_VARYING: Final = re.compile(r"'[^'\n]{0,200}'|\d+|@[\w.]+")
"""What differs between warnings of one kind: quoted text, numbers, handles."""
SHOWN: Final = 3
"""How many places a collapsed line names."""


def warning_lines(outcomes: Iterable[FileOutcome]) -> list[str]:
    """Every warning and skip reason of ``outcomes``, as ``FILE: [article ID: ]message``, in reading order; a
    kind said more than once in one file becomes one line: the first message, how many times, the first
    :data:`SHOWN` places (rows, article ids, offsets)."""
    groups: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for outcome in outcomes:
        article = f"article {outcome.source}" if outcome.source and "#" in outcome.source else ""
        for message in (*outcome.warnings, *([outcome.reason] if outcome.reason else [])):
            place = _PLACE.match(message)
            row = place is not None and place.group().startswith("row ")
            where = ", ".join(p for p in ("" if row else article, place.group()[:-2] if place else "") if p)
            text = message[place.end():] if place else message
            groups.setdefault((outcome.path, _VARYING.sub("…", text)), []).append((where, text))
    lines = []
    for (path, _), items in groups.items():
        where, text = items[0]
        if len(items) == 1:
            lines.append(f"{path}: {where + ': ' if where else ''}{text}")
            continue
        places = [w for w, _ in items[:SHOWN] if w] + (["…"] if len(items) > SHOWN else [])
        lines.append(f"{path}: {text} ({len(items)} times" + (f": {', '.join(places)})" if places else ")"))
    return lines
