"""Twitter status ids: exact post times from Snowflake ids, and status links.

Since 2010-11-04 a status id carries its creation time: ``(id >> 22) + 1288834974657`` is the
number of milliseconds since the Unix epoch, in UTC (Twitter's "twepoch" is 1288834974657).
Older ids were sequential and carry no time; the last of them was below
:data:`FIRST_SNOWFLAKE_ID`.

>>> created_at(463440424141459456)
datetime.datetime(2014, 5, 5, 22, 9, 42, 79000, tzinfo=datetime.timezone.utc)
>>> created_at(20) is None
True
"""

from __future__ import annotations

import datetime as dt
import re

TWEPOCH_MS = 1288834974657
"""Twitter's Snowflake epoch, 2010-11-04T01:42:54.657Z, in milliseconds since the Unix epoch."""
FIRST_SNOWFLAKE_ID = 29_700_859_247
"""Ids up to this one are pre-Snowflake (sequential) and carry no time."""
_MAX_ID = (1 << 63) - 1
_UNIX_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)

DISPLAY_SLACK = dt.timedelta(hours=14)
"""How far a displayed local date may be from UTC (time zones run from UTC-12 to UTC+14)."""


def created_at(status_id: int | str) -> dt.datetime | None:
    """The UTC time encoded in a Snowflake status id; ``None`` for older or invalid ids."""
    try:
        number = int(status_id)
    except (TypeError, ValueError):
        return None
    if number <= FIRST_SNOWFLAKE_ID or number > _MAX_ID:
        return None
    millis = (number >> 22) + TWEPOCH_MS
    return _UNIX_EPOCH + dt.timedelta(milliseconds=millis)


def agrees_with_date(created: dt.datetime, shown: dt.date) -> bool:
    """Whether a date shown somewhere on Earth can belong to a post made at ``created``.

    The date under an embed is local to whoever made the embed, so it may be a day before
    or after the UTC date; anything further off is a disagreement.

    >>> t = dt.datetime(2020, 2, 1, 3, 0, tzinfo=dt.UTC)
    >>> agrees_with_date(t, dt.date(2020, 1, 31)), agrees_with_date(t, dt.date(2020, 1, 29))
    (True, False)
    """
    earliest = (created - DISPLAY_SLACK).date()
    latest = (created + DISPLAY_SLACK).date()
    return earliest <= shown <= latest


_HOSTS = r"(?:(?:www|mobile|m)\.)?(?:twitter|x)\.com"
_STATUS = re.compile(
    rf"^(?:https?:)?//{_HOSTS}/(?:#!/)?(?:i/web/|i/|(?P<handle>\w{{1,15}})/)status(?:es)?/(?P<id>\d{{1,20}})",
    re.IGNORECASE,
)


def parse_status_url(url: str) -> tuple[str | None, str] | None:
    """``(handle, status id)`` from any form of status link, ``None`` when it is not one.

    >>> parse_status_url("https://mobile.x.com/Interior/statuses/463440424141459456?ref_src=twsrc")
    ('Interior', '463440424141459456')
    """
    m = _STATUS.match(url.strip())
    if m is None:
        return None
    return m.group("handle"), m.group("id")


def canonical_url(handle: str | None, status_id: str) -> str:
    """``https://twitter.com/{handle}/status/{id}`` (``i/web`` when the handle is unknown)."""
    return f"https://twitter.com/{handle or 'i/web'}/status/{status_id}"

