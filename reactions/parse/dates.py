"""Dates as posts and embeds show them, in the languages of most embed codes.

One month table (:mod:`reactions.sources.months`, which the readers of datasets share) serves the text
parser's anchored patterns (:data:`ATTRIBUTION_DATE` after an attribution, :data:`CARD_TIME` in a scraped
card) and :func:`parse_date`, which finds the first date anywhere in a string (embed markup).
"""

from __future__ import annotations

import datetime as dt
import re

from reactions.parse.bylines import DATE_WORDS, words
from reactions.sources.months import MONTHS as MONTHS
from reactions.sources.months import parse_date as parse_date

__all__ = [
    "ATTRIBUTION_DATE", "CARD_TIME", "DAY_AFTER_VERB", "MONTHS", "WEEKDAYS", "attribution_date",
    "attribution_date_at", "card_date", "parse_date",
]  # fmt: skip

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
"""The days of the week in English, as prose writes them."""
ENGLISH_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    r"|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
DAY_AFTER_VERB = (
    "(?:(?:" + "|".join(WEEKDAYS) + r"|" + ENGLISH_MONTH + r"[ \t]\d{1,2})"
    r"(?:[ \t](?:morning|afternoon|evening|night))?|today|yesterday|tonight)"
)
"""A day written right after a verb with no ``on`` (news style: ``tweeted Saturday``, ``wrote March 18``,
``posted Friday night``, ``tweeted today that``)."""
_ANY_MONTH = "(?:" + "|".join(sorted(map(re.escape, MONTHS), key=len, reverse=True)) + ")"
_WEEKDAY = r"(?:(?:Mon|Tue|Tues|Wed|Wednes|Thu|Thur|Thurs|Fri|Sat|Satur|Sun)(?:day)?\.?,?[ \t]+)?"
_DATE_WORD = rf"(?:{words(DATE_WORDS, '[ ]')}[ \t]+|on(?={ENGLISH_MONTH}))?"
"""``on`` and its translations before a byline's date; ``on`` may be glued to the month (``onMar 6, 2016``)."""
ATTRIBUTION_DATE = re.compile(
    rf"[ \t]*{_DATE_WORD}\[?{_WEEKDAY}(?:"
    rf"(?P<mon>{ENGLISH_MONTH})\.?[ \t]+(?P<day>\d{{1,2}})(?:st|nd|rd|th)?,?[ \t]+(?P<year>\d{{4}})"
    rf"|(?P<day2>\d{{1,2}})\\?\.?(?:[ \t]+de)?[ \t]+(?:d['’])?(?P<mon2>{_ANY_MONTH})\.?(?:[ \t]+de)?,?"
    rf"[ \t]+(?P<year2>\d{{4}})"
    r"(?:[ \t]?г\.)?"
    rf"|(?P<hu>(?P<y6>\d{{4}})\\?\.[ \t]+(?P<mon6>{_ANY_MONTH})[ \t]+(?P<d6>\d{{1,2}})\\?\.)"
    r"|(?P<vi>(?P<d7>\d{1,2})[ \t]+tháng[ \t]+(?P<m7>\d{1,2}),?[ \t]+(?P<y7>\d{4}))"
    r"|(?P<iso>(?P<y3>\d{4})-(?P<m3>\d{1,2})-(?P<d3>\d{1,2}))"
    r"|(?P<cjk>(?P<y4>\d{4})[ \t]*[年년][ \t]*(?P<m4>\d{1,2})[ \t]*[月월][ \t]*(?P<d4>\d{1,2})[ \t]*[日일]?)"
    r")(?!\d)(?:\](?:\((?P<link>[^()\s]{1,500})\))?)?",
    re.IGNORECASE,
)
"""A date right after an attribution, as embeds render it: ``February 1, 2020``, ``Feb. 1, 2020``,
``Thursday, January 1, 2015`` (Facebook), ``1 February 2020``, the day-first forms of the Spanish,
French, German, Italian, Portuguese, Dutch and Russian embeds (``28 de mayo de 2016``, ``28. Mai 2016``,
``16 мая 2018 г.``, Catalan ``25 d’abril de 2019``; a Markdown converter may write ``28\\. Mai``), Hungarian
``2019. január 25.``, Vietnamese ``25 tháng 1, 2019``, after ``on`` or its translation
(:data:`~reactions.parse.bylines.DATE_WORDS`; ``onMar 6, 2016`` glued), ISO
dates, and Chinese/Japanese/Korean ``2016年5月28日``; in Markdown the date may be a link to the post,
``[February 28, 2016](https://twitter.com/…/status/…)`` (group ``link``)."""

CARD_TIME = re.compile(
    r"(?P<hour>\d{1,2}):(?P<minute>\d{2})[ \t]*(?P<ampm>[AaPp])\.?[Mm]\.?[ \t]*[-–—·][ \t]*(?:"
    rf"(?P<day>\d{{1,2}})[ \t]+(?P<mon>{ENGLISH_MONTH})\.?,?[ \t]+(?P<year>\d{{4}})"
    rf"|(?P<mon2>{ENGLISH_MONTH})\.?[ \t]+(?P<day2>\d{{1,2}}),?[ \t]+(?P<year2>\d{{4}}))"
)
"""The time line of a scraped Twitter card: ``9:07 AM - 28 Dec 2016`` (older cards) or ``9:07 AM · Dec 28, 2016``."""


def attribution_date(match: re.Match[str]) -> tuple[dt.date | None, str | None]:
    """The date an :data:`ATTRIBUTION_DATE` match names, or ``(None, the text)`` when it is impossible.

    >>> attribution_date(ATTRIBUTION_DATE.match(" Thursday, January 1, 2015"))
    (datetime.date(2015, 1, 1), None)
    >>> attribution_date(ATTRIBUTION_DATE.match(" February 30, 2020"))
    (None, 'February 30, 2020')
    """
    if match.group("iso"):
        year, month, day = int(match.group("y3")), int(match.group("m3")), int(match.group("d3"))
    elif match.group("cjk"):
        year, month, day = int(match.group("y4")), int(match.group("m4")), int(match.group("d4"))
    elif match.group("hu"):
        year, month, day = int(match.group("y6")), MONTHS[match.group("mon6").lower()], int(match.group("d6"))
    elif match.group("vi"):
        year, month, day = int(match.group("y7")), int(match.group("m7")), int(match.group("d7"))
    else:
        month = MONTHS[(match.group("mon") or match.group("mon2")).lower()]
        year = int(match.group("year") or match.group("year2"))
        day = int(match.group("day") or match.group("day2"))
    try:
        return dt.date(year, month, day), None
    except ValueError:
        return None, match.group(0).strip()


_GLUED_YEAR_RE = re.compile(rf"[ \t]*{ENGLISH_MONTH}\.?[ \t]+\d{{1,2}},?[ \t]+(?:19|20)\d\d(?=\d)", re.IGNORECASE)
"""An English date whose year runs into the digits of the next line, its line break lost (``September 28,
20172/Don't…``: the second post of a thread)."""


def attribution_date_at(text: str, pos: int) -> re.Match[str] | None:
    """:data:`ATTRIBUTION_DATE` at ``pos``; or, when the line break after an English date was lost and the next
    line opens with a digit (``May 24, 201717 years?``), the date up to its year's fourth digit.

    >>> attribution_date_at(" May 24, 201717 years?", 0).group(0)
    ' May 24, 2017'
    """
    match = ATTRIBUTION_DATE.match(text, pos)
    if match is not None:
        return match
    glued = _GLUED_YEAR_RE.match(text, pos)
    return ATTRIBUTION_DATE.match(text, pos, glued.end()) if glued is not None else None


def card_date(match: re.Match[str]) -> dt.datetime | None:
    """The local date and time of a :data:`CARD_TIME` match (the card shows the reader's local time).

    >>> card_date(CARD_TIME.search("9:07 PM - 28 Dec 2016"))
    datetime.datetime(2016, 12, 28, 21, 7)
    """
    hour = int(match.group("hour")) % 12 + (12 if match.group("ampm").lower() == "p" else 0)
    month = MONTHS[(match.group("mon") or match.group("mon2")).lower()]
    day = int(match.group("day") or match.group("day2"))
    try:
        return dt.datetime(
            int(match.group("year") or match.group("year2")), month, day, hour, int(match.group("minute"))
        )
    except ValueError:
        return None
