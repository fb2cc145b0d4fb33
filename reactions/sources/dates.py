"""A dataset's publication date, whatever form it has, as an aware UTC datetime (``None`` when unreadable).

>>> parse_published("2017-12-31T18:30:00+01:00")
datetime.datetime(2017, 12, 31, 17, 30, tzinfo=datetime.timezone.utc)
>>> parse_published("December 31, 2017 ")
datetime.datetime(2017, 12, 31, 0, 0, tzinfo=datetime.timezone.utc)
>>> parse_published(1514764800)
datetime.datetime(2018, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)
>>> parse_published("yesterday") is None
True

A slashed date puts the month first (``12/31/2017``) unless its day cannot be a month (``23/07/25``) or the
dataset's other dates say the day comes first (``day_first``, :func:`day_first_order`):

>>> parse_published("09/07/25").date(), parse_published("09/07/25", day_first=True).date()
(datetime.date(2025, 9, 7), datetime.date(2025, 7, 9))
"""

from __future__ import annotations

import datetime as dt
import functools
import locale
import math
import re
from collections.abc import Iterable
from typing import Final

from reactions.sources.months import parse_date

__all__ = ["day_first_order", "parse_published"]

_FORMATS: Final = (
    "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%B %d %Y", "%b %d %Y", "%d-%b-%y", "%b %d, %Y %H:%M",
    "%Y%m%d%H%M%S", "%Y%m%dT%H%M%SZ", "%Y%m%d", "%m/%d/%Y", "%m/%d/%Y %H:%M", "%m/%d/%Y %H:%M:%S",
    "%Y/%m/%d", "%Y/%m/%d %H:%M:%S", "%d.%m.%Y", "%Y-%m-%d %H:%M:%S %Z", "%a, %d %b %Y %H:%M:%S",
    "%Y-%m-%d", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S",
)
"""Forms ``fromisoformat`` and RFC 2822 do not read (ISOT: ``December 31, 2017``; GDELT: ``20171231T183000Z``;
Fake.br: ``2018-1-4``, an ISO date without its zeros).  A date written out in another language (``26 de março de
2018``) is read by :func:`~reactions.sources.months.parse_date` after them."""
_SLASHED: Final = re.compile(r"(\d{1,2})/(\d{1,2})/(\d{4}|\d{2})(?![\d/])")
"""A slashed date at the start of a text: its two first numbers (month and day, in an order to find out) and year."""
_MAX_LENGTH: Final = 64
_EPOCH_MS: Final = 10**11
"""An epoch number above this is in milliseconds (10**11 seconds is the year 5138)."""


def parse_published(value: object, day_first: bool | None = None) -> dt.datetime | None:
    """``value`` (an ISO string, epoch seconds or milliseconds, a datetime, a date, a common written form) as an
    aware UTC datetime; ``None`` when it is missing or cannot be read.  A naive time is taken as UTC.
    ``day_first``: whether a slashed date's first number is its day (``None``: only where it cannot be a month)."""
    if isinstance(value, dt.datetime):
        return _utc(value)
    if isinstance(value, dt.date):
        return dt.datetime(value.year, value.month, value.day, tzinfo=dt.UTC)
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return _epoch(float(value))
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return _from_text(value.strip(), day_first) if isinstance(value, str) and value.strip() else None


def _utc(value: dt.datetime) -> dt.datetime:
    return value.replace(tzinfo=dt.UTC) if value.tzinfo is None else value.astimezone(dt.UTC)


def _epoch(seconds: float) -> dt.datetime | None:
    if not math.isfinite(seconds) or seconds < 0:
        return None
    if seconds > _EPOCH_MS:
        seconds /= 1000
    try:
        return dt.datetime.fromtimestamp(seconds, dt.UTC)
    except (OverflowError, OSError, ValueError):
        return None


def _from_text(text: str, day_first: bool | None = None) -> dt.datetime | None:
    if len(text) > _MAX_LENGTH:
        return None
    if text.replace(".", "", 1).isdigit() and len(text) != 8 and len(text) != 14:
        return _epoch(float(text)) if len(text) > 4 else None  # (a year alone, ``2018``, names no day: not 1970)
    try:
        return _utc(dt.datetime.fromisoformat(text.replace(" UTC", "+00:00")))
    except ValueError:
        pass
    return _rfc2822(text) or _formatted(_month_first(text, day_first)) or _written(text)


def _month_first(text: str, day_first: bool | None) -> str:
    """A slashed date ``text`` (``23/07/25 10:00``) written month first with a four-digit year (``07/23/2025
    10:00``), the form :data:`_FORMATS` reads; any other text as it is.  The day is first where ``day_first`` says
    so, or (``None``) where the first number cannot be a month and the second can.  A two-digit year is read as
    ``strptime``'s ``%y`` reads it (69-99: 1900s)."""
    found = _SLASHED.match(text) if "/" in text else None
    if found is None:
        return text
    first, second, year = found.groups()
    if day_first is None:
        day_first = int(first) > 12 >= int(second)
    if len(year) == 2:
        year = ("19" if int(year) >= 69 else "20") + year
    month, day = (second, first) if day_first else (first, second)
    return f"{month}/{day}/{year}{text[found.end():]}"


def day_first_order(values: Iterable[object]) -> bool | None:
    """Whether the slashed dates among ``values`` (a dataset's column) put the day first: ``True`` when one has a
    first number over 12 and none a second, ``False`` the other way round, ``None`` when none says or they disagree
    (then each date is read on its own: :func:`parse_published`).

    >>> day_first_order(["09/07/25", "23/07/25", "2018-01-04"]), day_first_order(["12/31/2017", "1/2/2018"])
    (True, False)
    """
    firsts = seconds = False
    for value in values:
        if isinstance(value, str) and "/" in value and (found := _SLASHED.match(value.strip())) is not None:
            firsts = firsts or int(found[1]) > 12
            seconds = seconds or int(found[2]) > 12
    return None if firsts == seconds else firsts


@functools.lru_cache(maxsize=1 << 14)  # (each reader of a written form keeps its readings: see _formatted)
def _rfc2822(text: str) -> dt.datetime | None:
    import email.utils  # (loaded on first use: ~1.6 ms that a run parsing no RFC 2822 date does not pay)

    try:
        return _utc(email.utils.parsedate_to_datetime(text))
    except (TypeError, ValueError, IndexError, OverflowError):
        return None


def _formatted(text: str) -> dt.datetime | None:
    """``text`` read by the first of :data:`_FORMATS` that reads it.  ``strptime`` is asked only where the form's
    shape (:func:`_shape`) holds the whole text: a failing call costs ~20 µs (its module keeps the patterns of five
    forms only, and tries nineteen), and a dataset whose dates no form reads (``26 de março de 2018``) spent a
    fifth of its run there.  The shapes assume the C locale's names (Python's own, unless a program sets
    ``LC_TIME``): in another, every form is tried.

    Read once a text and ``LC_TIME`` locale (:func:`_formatted_in`), as :func:`_rfc2822` and :func:`_written` are
    once a text: a dataset's dates repeat (ISOT's 1,413 rows hold 220, Indian news' 650 hold 16), and a date in a
    written form cost 5-7 µs a row to read (a datetime is immutable: each row is given the same one)."""
    return _formatted_in(text, locale.setlocale(locale.LC_TIME))


@functools.lru_cache(maxsize=1 << 14)
def _formatted_in(text: str, time_locale: str) -> dt.datetime | None:
    """:func:`_formatted`'s reading of ``text`` where ``LC_TIME`` is ``time_locale`` (``strptime`` reads names in
    it)."""
    shapes = _shapes() if locale.getlocale(locale.LC_TIME) == (None, None) else _NO_SHAPES
    for form, shape in zip(_FORMATS, shapes, strict=True):
        if shape is not None and shape.fullmatch(text) is None:
            continue
        try:
            return _utc(dt.datetime.strptime(text, form))
        except ValueError:
            continue
    return None


@functools.lru_cache(maxsize=1 << 14)
def _written(text: str) -> dt.datetime | None:
    """The day ``text`` writes out in one of the languages of :mod:`reactions.sources.months` (``26 de março de
    2018``, ``16. Mai 2018``), at midnight UTC.

    >>> _written("26 de março de 2018"), _written("2018")
    (datetime.datetime(2018, 3, 26, 0, 0, tzinfo=datetime.timezone.utc), None)
    """
    day = parse_date(text) if not text.isdigit() else None
    return dt.datetime(day.year, day.month, day.day, tzinfo=dt.UTC) if day is not None else None


def _shape(form: str) -> re.Pattern[str]:
    """A pattern that holds every text ``strptime`` reads in ``form`` (and more): each directive's field as loose
    as ``strptime``'s is or looser (``%d``: ``[ \\d]?\\d``; a name: letters; ``%Z``: anything), white space as
    ``\\s+``, any other character itself, in any case."""
    pattern = []
    for piece in _DIRECTIVE_RE.split(form):
        if piece.startswith("%"):
            pattern.append(_FIELDS[piece[1]])
        else:
            pattern.extend(r"\s+" if char.isspace() else re.escape(char) for char in piece)
    return re.compile("".join(pattern), re.IGNORECASE)


_DIRECTIVE_RE: Final = re.compile(r"(%[a-zA-Z])")
_FIELDS: Final = {
    "d": r"[ \d]?\d", "m": r"\d{1,2}", "H": r"\d{1,2}", "M": r"\d{1,2}", "S": r"\d{1,2}", "Y": r"\d{4}",
    "y": r"\d{2}", "B": r"[^\W\d_]+", "b": r"[^\W\d_]+", "a": r"[^\W\d_]+", "Z": r"(?s:.*)",
}  # fmt: skip
"""What each directive of :data:`_FORMATS` may hold, as loose as ``strptime``'s own pattern in the C locale or
looser."""


@functools.cache
def _shapes() -> tuple[re.Pattern[str], ...]:
    """Each form's :func:`_shape`, compiled when a text first needs them (22 patterns, ~1 ms: a run whose dates are
    all ISO, RFC 2822 or absent, as a folder's text files are, never compiles them)."""
    return tuple(_shape(form) for form in _FORMATS)


_NO_SHAPES: Final = (None,) * len(_FORMATS)
