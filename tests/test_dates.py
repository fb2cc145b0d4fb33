"""reactions.parse.dates: dates as embeds and bylines show them, in the languages embed codes are served in."""

from __future__ import annotations

import datetime as dt

import pytest

from reactions.parse.article import parse_article
from reactions.parse.dates import ATTRIBUTION_DATE, MONTHS, attribution_date, attribution_date_at, parse_date


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("16 мая 2018 г. в 8:22 PDT", dt.date(2018, 5, 16)),  # Russian (issue 22)
        ("3 декабря 2019", dt.date(2019, 12, 3)),
        ("16. Mai 2018", dt.date(2018, 5, 16)),
        ("16 mai 2018", dt.date(2018, 5, 16)),
        ("16 de mayo de 2018", dt.date(2018, 5, 16)),
        ("16 de maio de 2018", dt.date(2018, 5, 16)),
        ("16 maggio 2018", dt.date(2018, 5, 16)),
        ("16 maja 2018", dt.date(2018, 5, 16)),  # Polish
        ("16 травня 2018", dt.date(2018, 5, 16)),  # Ukrainian
        ("16. května 2018", dt.date(2018, 5, 16)),  # Czech
        ("16. toukokuuta 2018", dt.date(2018, 5, 16)),  # Finnish
        ("16 Μαΐου 2018", dt.date(2018, 5, 16)),  # Greek
        ("onMar 6, 2016 at 3:26am PST", dt.date(2016, 3, 6)),  # "on" glued to the month (issue 22)
        ("online 6, 2016", None),
    ],
)
def test_parse_date_in_other_languages(text: str, expected: dt.date | None) -> None:
    assert parse_date(text) == expected


@pytest.mark.parametrize(
    ("after", "expected", "rest"),
    [
        (" onMar 6, 2016 at 3:26am PST", dt.date(2016, 3, 6), " at 3:26am PST"),
        (" am 23. Okt. 2017 um 0:31 Uhr", dt.date(2017, 10, 23), " um 0:31 Uhr"),
        (" am 23\\. Okt 2017 um 0:31", dt.date(2017, 10, 23), " um 0:31"),  # html2text escapes the period
        (" le 3 mars 2020 à 14:05", dt.date(2020, 3, 3), " à 14:05"),
        (" el 1 Jun, 2019 a las 7:36 PDT", dt.date(2019, 6, 1), " a las 7:36 PDT"),
        (" em 5 de maio de 2019", dt.date(2019, 5, 5), ""),
        (" in data: 15 Giu 2019", dt.date(2019, 6, 15), ""),
        (" 16 мая 2018 г. в 8:22 PDT", dt.date(2018, 5, 16), " в 8:22 PDT"),
    ],
)
def test_attribution_date_after_a_localised_byline(after: str, expected: dt.date, rest: str) -> None:
    match = ATTRIBUTION_DATE.match(after)
    assert match is not None
    assert attribution_date(match) == (expected, None)
    assert after[match.end() :] == rest


def test_on_glued_to_a_word_that_is_no_month_is_no_date() -> None:
    assert ATTRIBUTION_DATE.match(" online 6, 2016") is None


def test_every_month_name_is_lower_case_and_unambiguous() -> None:
    assert all(name == name.lower() for name in MONTHS)
    assert set(MONTHS.values()) == set(range(1, 13))


@pytest.mark.parametrize(
    ("written", "day"),
    [
        ("3 martie 2021", "2021-03-03"),  # Romanian
        ("3. marca 2021", "2021-03-03"),  # Slovak (as Polish)
        ("3 de març de 2021", "2021-03-03"),  # Catalan
        ("3 d’abril de 2021", "2021-04-03"),  # Catalan, elided 'de'
        ("2021. március 3.", "2021-03-03"),  # Hungarian, year first
        ("3 tháng 3, 2021", "2021-03-03"),  # Vietnamese, the month as a number
    ],
)
def test_embed_dates_in_more_languages(written: str, day: str) -> None:
    (reaction,) = parse_article(f"Late train again #commute\n— Ana Pop (@anapop) {written}\n").reactions
    assert reaction.date is not None
    assert reaction.date.isoformat() == day
    assert parse_date(f"posted {written}") == reaction.date


@pytest.mark.parametrize(
    ("text", "expected", "end"),
    [
        (" March 3, 20192/3 Nobody paid", dt.date(2019, 3, 3), 14),  # a thread's next number glued to the year
        (" Sep 28, 201717 years? Really", dt.date(2017, 9, 28), 13),
        (" March 3, 2019 and more", dt.date(2019, 3, 3), 14),  # an ordinary date: as before
    ],
)
def test_a_year_glued_to_the_next_lines_digits_is_read_to_its_fourth_digit(
    text: str, expected: dt.date, end: int
) -> None:
    match = attribution_date_at(text, 0)
    assert match is not None
    assert match.end() == end
    assert attribution_date(match) == (expected, None)


@pytest.mark.parametrize("text", [" March 3, 201", " March 3, 35192/3", " 3 mars 20192/3", " in 20192 votes"])
def test_no_glued_year_where_no_english_date_of_this_era_stands(text: str) -> None:
    assert attribution_date_at(text, 0) is None


@pytest.mark.parametrize(
    ("lead", "posted"),
    [
        ("Mayor Ann Lee tweeted Saturday, ", True),
        ("Mayor Ann Lee tweeted March 18, ", True),
        ("Mayor Ann Lee posted Friday night: ", True),
        ("Mayor Ann Lee said Saturday, ", False),  # a day after a verb of speech: still speech
        ("Mayor Ann Lee tweeted Saturday that the ferries ", False),  # reported speech, quoted inside it
        ("Mayor Ann Lee tweeted Harbour, ", False),  # a word that is no day
        ("Mayor Ann Lee tweeted today that ", True),  # a relative day, then a post quoted whole after "that"
        ("Mayor Ann Lee posted yesterday: ", True),
        ("Mayor Ann Lee tweeted tonight, ", True),
        ("Mayor Ann Lee said today that ", False),  # speech
        ("Mayor Ann Lee tweeted today that the ferries ", False),  # reported speech, quoted inside it
        ("Mayor Ann Lee tweeted todays ", False),  # no day
    ],
)
def test_a_day_after_the_verb_of_a_lead_in(lead: str, posted: bool) -> None:
    text = f'The ferries stopped on Friday.\n\n{lead}"Every crossing is cancelled until the storm passes."\n\nMore.'
    assert bool(parse_article(text).reactions) is posted
