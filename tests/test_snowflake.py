"""reactions.parse.snowflake: the time inside a Twitter status id, and the check against a shown date.

The ids and dates come from real embed codes (publish.twitter.com markup quoted in public pages);
the date is the one the embed shows, in its maker's time zone.
"""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse.snowflake import FIRST_SNOWFLAKE_ID, TWEPOCH_MS, agrees_with_date, created_at

UTC = dt.UTC


@pytest.mark.parametrize(
    ("status_id", "expected", "shown"),
    [
        # @Interior, the documented oEmbed example: "May 5, 2014"
        (463440424141459456, dt.datetime(2014, 5, 5, 22, 9, 42, 79000, tzinfo=UTC), dt.date(2014, 5, 5)),
        # @toshimaru_e, "January 13, 2017"
        (819931180304715776, dt.datetime(2017, 1, 13, 15, 36, 41, 626000, tzinfo=UTC), dt.date(2017, 1, 13)),
        # @ArashMarkazi, "February 18, 2017" (01:57 UTC: still the 17th in California)
        (832770937078571008, dt.datetime(2017, 2, 18, 1, 57, 18, 192000, tzinfo=UTC), dt.date(2017, 2, 18)),
        # @ryuichiueda, "January 11, 2018"
        (951467349894348802, dt.datetime(2018, 1, 11, 14, 54, 28, 280000, tzinfo=UTC), dt.date(2018, 1, 11)),
        # @ryrykubes, "January 28, 2019"
        (1089723719453310976, dt.datetime(2019, 1, 28, 3, 15, 55, 462000, tzinfo=UTC), dt.date(2019, 1, 28)),
        # @zdanganronpa, "January 3, 2020"
        (1213062809610784768, dt.datetime(2020, 1, 3, 11, 41, 26, 85000, tzinfo=UTC), dt.date(2020, 1, 3)),
        # @yakinavault, "January 9, 2021"
        (1347903013042622467, dt.datetime(2021, 1, 9, 13, 48, 15, 793000, tzinfo=UTC), dt.date(2021, 1, 9)),
        # @marcan42, "May 14, 2022"
        (1525351488373297152, dt.datetime(2022, 5, 14, 5, 45, 9, 145000, tzinfo=UTC), dt.date(2022, 5, 14)),
        # @sisyphos2dot0, "January 10, 2023"
        (1612761926626598913, dt.datetime(2023, 1, 10, 10, 43, 1, 632000, tzinfo=UTC), dt.date(2023, 1, 10)),
        # @iam_ambalavanan, "March 4, 2026"
        (2029158257458331672, dt.datetime(2026, 3, 4, 11, 33, 23, 172000, tzinfo=UTC), dt.date(2026, 3, 4)),
    ],
)
def test_known_ids(status_id: int, expected: dt.datetime, shown: dt.date) -> None:
    assert created_at(status_id) == expected
    assert created_at(str(status_id)) == expected
    assert agrees_with_date(expected, shown)


@pytest.mark.parametrize("status_id", [20, 1, 0, -5, 29_700_859_247, "abc", "", "12.5", 1 << 64])
def test_pre_snowflake_and_invalid_ids_have_no_time(status_id: int | str) -> None:
    assert created_at(status_id) is None


def test_first_snowflake_id_is_at_the_epoch() -> None:
    first = created_at(FIRST_SNOWFLAKE_ID + 1)
    assert first is not None
    assert first.date() == dt.date(2010, 11, 4)
    assert TWEPOCH_MS == 1288834974657


@pytest.mark.parametrize(
    ("shown", "agrees"),
    [
        (dt.date(2020, 2, 1), True),  # UTC date
        (dt.date(2020, 1, 31), True),  # UTC-12 .. UTC-4 at 03:00 UTC
        (dt.date(2020, 2, 2), False),  # no zone is 21 hours ahead
        (dt.date(2020, 1, 30), False),
        (dt.date(2021, 2, 1), False),
    ],
)
def test_agrees_with_date_allows_time_zones_only(shown: dt.date, agrees: bool) -> None:
    assert agrees_with_date(dt.datetime(2020, 2, 1, 3, 0, tzinfo=UTC), shown) is agrees


@settings(max_examples=200, deadline=None)
@given(
    st.datetimes(min_value=dt.datetime(2010, 11, 5), max_value=dt.datetime(2079, 1, 1)),
    st.integers(0, (1 << 22) - 1),
)
def test_round_trip(moment: dt.datetime, low_bits: int) -> None:
    """An id built from a time (and any worker/sequence bits) decodes back to that millisecond."""
    millis = int(moment.replace(tzinfo=UTC).timestamp() * 1000)
    status_id = ((millis - TWEPOCH_MS) << 22) | low_bits
    decoded = created_at(status_id)
    assert decoded is not None
    assert abs(decoded.timestamp() * 1000 - millis) < 1
