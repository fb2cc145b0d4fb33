"""Dates as posts and embeds show them, in the languages of most embed codes.

One month table serves the text parser's anchored date pattern (:mod:`reactions.parse`) and
:func:`parse_date`, which finds the first date anywhere in a string (embed markup).
"""

from __future__ import annotations

import datetime as dt
import re

__all__ = ["MONTHS", "parse_date"]

_MONTH_NAMES = (
    # English, German, French, Spanish, Portuguese, Italian, Dutch: the languages of most embed codes
    "january jan januar janv janvier enero ene janeiro gennaio gen januari",
    "february feb februar févr fév février fevrier febrero fevereiro fev febbraio februari",
    "march mar märz mär marz mrz mars marzo março marco maart mrt",
    "april apr avril avr abril abr aprile",
    "may mai mayo maio maggio mag mei",
    "june jun juni juin junio junho giugno giu",
    "july jul juli juil juillet julio julho luglio lug",
    "august aug août aout agosto ago augustus",
    "september sep sept septembre septiembre setiembre setembro set settembre",
    "october oct oktober okt octobre octubre outubro out ottobre ott",
    "november nov novembre noviembre novembro",
    "december dec dezember dez décembre déc decembre diciembre dic dezembro dicembre",
)
MONTHS: dict[str, int] = {name: i for i, names in enumerate(_MONTH_NAMES, start=1) for name in names.split()}
"""Lower-case month names and abbreviations -> month number."""
_WORD = r"([^\W\d_]{3,12})"
_MDY = re.compile(rf"\b{_WORD}\.?\s+(\d{{1,2}})(?:st|nd|rd|th)?,?\s+(\d{{4}})\b")
_DMY = re.compile(rf"\b(\d{{1,2}})(?:er|º)?\.?\s+(?:de\s+)?{_WORD}\.?,?\s+(?:de\s+)?(\d{{4}})\b")
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})")
_CJK = re.compile(r"(\d{4})\s*[年년]\s*(\d{1,2})\s*[月월]\s*(\d{1,2})\s*[日일]")


def parse_date(text: str) -> dt.date | None:
    """The first date written in ``text`` (``May 5, 2014``, ``5 May 2014``, ``2014-05-05``, ``2014年5月5日``).

    >>> parse_date("Feb 2, 2020 at 10:15am PST"), parse_date("2 February 2020"), parse_date("soon")
    (datetime.date(2020, 2, 2), datetime.date(2020, 2, 2), None)
    >>> parse_date("2016年11月25日"), parse_date("28. März 2018"), parse_date("1er février 2020")
    (datetime.date(2016, 11, 25), datetime.date(2018, 3, 28), datetime.date(2020, 2, 1))
    >>> parse_date("13 de octubre de 2018")
    datetime.date(2018, 10, 13)
    """
    candidates: list[tuple[int, int, int, int]] = []  # (position, year, month, day)
    for m in _MDY.finditer(text):
        if m.group(1).lower() in MONTHS:
            candidates.append((m.start(), int(m.group(3)), MONTHS[m.group(1).lower()], int(m.group(2))))
    for m in _DMY.finditer(text):
        if m.group(2).lower() in MONTHS:
            candidates.append((m.start(), int(m.group(3)), MONTHS[m.group(2).lower()], int(m.group(1))))
    for pattern in (_ISO, _CJK):
        for m in pattern.finditer(text):
            candidates.append((m.start(), int(m.group(1)), int(m.group(2)), int(m.group(3))))
    for _, year, month, day in sorted(candidates):
        try:
            return dt.date(year, month, day)
        except ValueError:
            continue
    return None
