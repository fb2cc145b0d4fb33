"""A dataset's publication date, whatever form it has, as an aware UTC datetime (``None`` when unreadable).

>>> parse_published("2017-12-31T18:30:00+01:00")
datetime.datetime(2017, 12, 31, 17, 30, tzinfo=datetime.timezone.utc)
>>> parse_published("December 31, 2017 ")
datetime.datetime(2017, 12, 31, 0, 0, tzinfo=datetime.timezone.utc)
>>> parse_published(1514764800)
datetime.datetime(2018, 1, 1, 0, 0, tzinfo=datetime.timezone.utc)
>>> parse_published("yesterday") is None
True
"""

from __future__ import annotations

import datetime as dt
import functools
import locale
import math
import re
from typing import Final

from reactions.sources.months import parse_date

__all__ = ["parse_published"]

_FORMATS: Final = (
    "%B %d, %Y", "%b %d, %Y", "%d %B %Y", "%d %b %Y", "%B %d %Y", "%b %d %Y", "%d-%b-%y", "%b %d, %Y %H:%M",
    "%Y%m%d%H%M%S", "%Y%m%dT%H%M%SZ", "%Y%m%d", "%m/%d/%Y", "%m/%d/%Y %H:%M", "%m/%d/%Y %H:%M:%S",
    "%Y/%m/%d", "%Y/%m/%d %H:%M:%S", "%d.%m.%Y", "%Y-%m-%d %H:%M:%S %Z", "%a, %d %b %Y %H:%M:%S",
    "%Y-%m-%d", "%Y-%m-%d %H:%M", "%Y-%m-%d %H:%M:%S",
)
"""Forms ``fromisoformat`` and RFC 2822 do not read (ISOT: ``December 31, 2017``; GDELT: ``20171231T183000Z``;
Fake.br: ``2018-1-4``, an ISO date without its zeros).  A date written out in another language (``26 de março de
2018``) is read by :func:`~reactions.sources.months.parse_date` after them."""
_MAX_LENGTH: Final = 64
_EPOCH_MS: Final = 10**11
"""An epoch number above this is in milliseconds (10**11 seconds is the year 5138)."""


def parse_published(value: object) -> dt.datetime | None:
    """``value`` (an ISO string, epoch seconds or milliseconds, a datetime, a date, a common written form) as an
    aware UTC datetime; ``None`` when it is missing or cannot be read.  A naive time is taken as UTC."""
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
    return _from_text(value.strip()) if isinstance(value, str) and value.strip() else None


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


def _from_text(text: str) -> dt.datetime | None:
    if len(text) > _MAX_LENGTH:
        return None
    if text.replace(".", "", 1).isdigit() and len(text) != 8 and len(text) != 14:
        return _epoch(float(text)) if len(text) > 4 else None  # (a year alone, ``2018``, names no day: not 1970)
    try:
        return _utc(dt.datetime.fromisoformat(text.replace(" UTC", "+00:00")))
    except ValueError:
        pass
    return _rfc2822(text) or _formatted(text) or _written(text)


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
