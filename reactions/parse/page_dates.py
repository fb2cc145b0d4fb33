"""A web page's publication time, read from the values its metadata gives it.

Pages write the time they were published in many forms, and often in more than one place: ISO 8601 in
``article:published_time`` or JSON-LD, RFC 2822 in ``sailthru.date`` or ``date`` (``Wed, 14 Jan 2015 09:42:15
-0500``), eight digits in ``pdate`` (``20190806``), words in ``datePublished`` (``April 21, 2022 | 4:39 pm``).
:func:`first_stamp` takes the first value, in the page's order of preference, that one of these forms reads, so
that a value in a form not read leaves the place to the next one instead of leaving the page undated.

>>> first_stamp(["(unknown)", "Wed, 14 Jan 2015 09:42:15 -0500", "2015-01-13"])
(datetime.date(2015, 1, 14), datetime.datetime(2015, 1, 14, 14, 42, 15, tzinfo=datetime.timezone.utc))
>>> first_stamp(["November 20, 2019 13:42"]), first_stamp(["20190806"]), first_stamp(["soon", ""])
((datetime.date(2019, 11, 20), None), (datetime.date(2019, 8, 6), None), (None, None))
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable

from reactions.parse.dates import parse_date
from reactions.parse.platforms.base import parse_timestamp

__all__ = ["first_stamp", "read_stamp"]

_ISO_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})")
_COMPACT_DATE = re.compile(r"(\d{4})(\d{2})(\d{2})")
_RFC_2822 = re.compile(r"(?:[A-Za-z]{3},[ \t]*)?\d{1,2}[ \t]+[A-Za-z]{3}[ \t]+\d{4}[ \t]+\d{1,2}:\d{2}")
"""The opening of an RFC 2822 time (``Wed, 14 Jan 2015 09:42``): only then is :mod:`email.utils` asked."""
_MAX_STAMP = 200
"""Characters of a value read (a date is short; a long value is text, not a stamp)."""


def first_stamp(values: Iterable[str]) -> tuple[dt.date | None, dt.datetime | None]:
    """``(local date, UTC time)`` of the first of ``values`` that :func:`read_stamp` reads; ``(None, None)``."""
    for value in values:
        date, time = read_stamp(value)
        if date is not None:
            return date, time
    return None, None


def read_stamp(value: str) -> tuple[dt.date | None, dt.datetime | None]:
    """``(local date, UTC time)`` from an ISO 8601, RFC 2822, ``YYYYMMDD`` or written date; the time only when
    the value has one with an offset.

    >>> read_stamp("2020-03-18T13:15:00.000+01:00")
    (datetime.date(2020, 3, 18), datetime.datetime(2020, 3, 18, 12, 15, tzinfo=datetime.timezone.utc))
    >>> read_stamp("Sat, 19 Oct 2019 00:04:00 +0200")[0], read_stamp("12345678"), read_stamp("06/13/2019")
    (datetime.date(2019, 10, 19), (None, None), (None, None))
    """
    value = value.strip()[:_MAX_STAMP]
    if match := _ISO_DATE.match(value):
        date = _date(*match.groups())
        return (date, parse_timestamp(value)) if date is not None else (None, None)
    if (match := _COMPACT_DATE.fullmatch(value)) and 1990 <= int(match.group(1)) <= 2100:
        return _date(*match.groups()), None
    if _RFC_2822.match(value) and (time := _rfc_2822(value)) is not None:
        return time.date(), time.astimezone(dt.UTC) if time.tzinfo is not None else None
    return parse_date(value), None


def _date(year: str, month: str, day: str) -> dt.date | None:
    try:
        return dt.date(int(year), int(month), int(day))
    except ValueError:
        return None


def _rfc_2822(value: str) -> dt.datetime | None:
    import email.utils  # (loaded on first use, as reactions.sources.dates does: a run that meets none skips it)

    try:
        return email.utils.parsedate_to_datetime(value)
    except (ValueError, TypeError, IndexError, OverflowError):
        return None
