"""reactions.parse.quote_records: the records of the quotations judged posts."""

from __future__ import annotations

import pytest

from reactions.models import Platform
from reactions.parse.quote_records import Accepted, quote_records, with_article_platform
from reactions.parse.quotes import find_quotes


def _accepted(platform: Platform) -> Accepted:
    return Accepted("So happy", (0, 10), platform, 0.9, None, "she", "Ada Moss")


@pytest.mark.parametrize(
    ("body", "platform"),
    [
        ("Ada Moss shared the news on Instagram on Sunday.", Platform.INSTAGRAM),
        ("So happy A post shared by Ada Moss (@ada) on May 1, 2020", Platform.INSTAGRAM),  # an Instagram embed
        ("So happy A photo posted by Ada Moss (@ada) on May 1, 2016", Platform.INSTAGRAM),  # an older one
        ("Ada Moss shared the news on Instagram, and fans tweeted about it.", Platform.UNKNOWN),  # two networks
        ("Ada Moss tweeted about the news on Sunday.", Platform.UNKNOWN),  # others' tweets: not trusted
        ("Ada Moss shared the news with her fans.", Platform.UNKNOWN),  # none
    ],
)
def test_an_unknown_platform_is_instagram_in_an_article_that_names_only_instagram(
    body: str, platform: Platform
) -> None:
    found = with_article_platform(body, [_accepted(Platform.UNKNOWN), _accepted(Platform.FACEBOOK)])
    assert [quote.platform for quote in found] == [platform, Platform.FACEBOOK]


def test_the_records_of_the_quotations_carry_the_article_platform() -> None:
    body = (
        "Ada Moss and Ed Lund married on Saturday.\n\n"
        "Two days later the bride posted a photo from the beach. "
        "“Best weekend of my life, with my favorite person,” Moss captioned the snap.\n\n"
        "Lund has not spoken about the wedding yet. His last Instagram post is from March."
    )
    [record] = quote_records(body, "a.txt", [_accepted(Platform.UNKNOWN)._replace(span=(98, 175))])
    assert (record.platform, record.author) == (Platform.INSTAGRAM, "Ada Moss")
    assert [quote.platform for quote in find_quotes(body, "a.txt", [])] == [Platform.INSTAGRAM]
    elsewhere = body.replace("His last Instagram post", "His last interview")
    assert [quote.platform for quote in find_quotes(elsewhere, "a.txt", [])] == [Platform.UNKNOWN]


@pytest.mark.parametrize(
    ("attribution", "platform"),
    [
        ("Moss captioned the snap.", Platform.INSTAGRAM),
        ("Moss wrote in the caption.", Platform.INSTAGRAM),
        ("Moss wrote.", Platform.UNKNOWN),  # no caption: the article names two networks
    ],
)
def test_a_caption_is_instagrams_in_an_article_that_names_it_among_others(attribution: str, platform: Platform) -> None:
    body = (
        "Ada Moss and Ed Lund married on Saturday.\n\n"
        "Two days later the bride shared a photo from the beach. "
        f"“Best weekend of my life, with my favorite person,” {attribution}\n\n"
        "Lund has not spoken about the wedding yet. His last Instagram post is from March, his last tweet from May."
    )
    assert [quote.platform for quote in find_quotes(body, "a.txt", [])] == [platform]


def _embedded(body: str) -> list[tuple[int, int]]:
    """The span of the one embedded post at the end of ``body`` (its text, then its byline)."""
    start = body.rindex("\n\n", 0, len(body.rstrip())) + 2
    return [(start, len(body.rstrip()))]


@pytest.mark.parametrize(
    ("byline", "author"),
    [
        ("— Olaf Lund (@olaflund) May 14, 2018", "Olaf Lund"),  # the embedded post is his
        ("— Mara Lund (@maralund) May 14, 2018", "Mara Lund"),  # hers: the full name written most
    ],
)
def test_a_family_name_is_the_person_whose_embedded_post_the_quotation_repeats(byline: str, author: str) -> None:
    body = (
        "Mara Lund was treated in hospital on Monday. Mara Lund is recovering, Mara Lund's office said. "
        "Her husband, Governor Olaf Lund, stayed at work.\n\n"
        '"Heading to the hospital to see Mara. She is in good spirits, thank you all!" Lund tweeted.\n\n'
        f"Heading to the hospital to see Mara. She is in good spirits, thank you all! {byline}\n\n"
    )
    assert [(q.display_name, q.author) for q in find_quotes(body, "a.txt", _embedded(body))] == [("Lund", author)]
