"""The platform a paragraph names last before a quotation is its post's, when the sentence names none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Platform
from reactions.parse.nearest_platform import REACH, last_platform_named, last_platform_placed, named_in_attribution
from reactions.parse.quotes import find_quotes
from reactions.parse.sentences import TextIndex

QUOTE = '"I am done explaining myself to anyone who asks," she wrote.'


def platforms(paragraph: str) -> list[str]:
    return [quote.platform.value for quote in find_quotes(f"{paragraph} {QUOTE}", "a.txt", [])]


@pytest.mark.parametrize(
    ("paragraph", "platform"),
    [
        # the tweet is named first, the Facebook note last: the note is quoted
        ("The singer's tweet about the award drew jeers. Then she posted a long note on Facebook.", "facebook"),
        ("Fans flooded her Instagram with comments. Later that night she went on Twitter.", "twitter"),
        # one network named: as before
        ("Later that night she went on Instagram to answer the critics.", "instagram"),
    ],
)
def test_the_last_network_named_before_the_quotation(paragraph: str, platform: str) -> None:
    assert platforms(paragraph) == [platform]


def test_the_sentence_s_own_network_comes_first() -> None:
    body = 'She posted a long note on Facebook. "I am done explaining myself to anyone," she wrote on Twitter.'
    assert [quote.platform.value for quote in find_quotes(body, "a.txt", [])] == ["twitter"]


def test_last_platform_named() -> None:
    body = "A tweet, then an Instagram story, then a Facebook post"
    assert last_platform_named(body, 0, len(body)) is Platform.FACEBOOK
    assert last_platform_named(body, 0, body.index(", then a Facebook")) is Platform.INSTAGRAM
    assert last_platform_named(body, body.index("then an"), body.index("Instagram")) is None  # nothing from lo
    far = "On Facebook." + " word" * REACH + " then"
    assert last_platform_named(far, 0, len(far)) is None  # beyond the reach: left to the paragraph's first


def test_a_networks_feature_is_no_posts_place() -> None:
    body = "She shared a video on Instagram. In it, the baby wears a floral Snapchat filter. "
    assert last_platform_named(body, 0, len(body)) == Platform.INSTAGRAM
    assert last_platform_named(body.replace(" filter", " story"), 0, len(body)) == Platform.SNAPCHAT


@pytest.mark.parametrize(
    ("body", "platform"),
    [
        # the lead-in names the network; the sentence goes on to another post on another network
        ('Her father, Jon, wrote on Instagram, "So proud of you, kid!" and her mother, Pam, wrote on Twitter, '
         '"Love you."', "instagram"),
        ('Before his tweet, Ed let fans know on Instagram, writing, "We are expecting a baby in June!"', "instagram"),
        # the clause after the quotation names it
        ('After a long Twitter feud, "I am done with all of this," she wrote on Facebook.', "facebook"),
        # no network in the attribution: the sentence's, as before
        ('On Twitter, she was blunt: "I am done with all of this," she wrote.', "twitter"),
    ],
)
def test_the_network_the_attribution_names_comes_first(body: str, platform: str) -> None:
    assert [quote.platform.value for quote in find_quotes(body, "a.txt", [])][:1] == [platform]


def test_named_in_attribution() -> None:
    assert named_in_attribution("After a Twitter spat, she wrote on Instagram: ", True) is Platform.INSTAGRAM
    assert named_in_attribution(" she wrote on Facebook, then on Twitter", False) is Platform.FACEBOOK
    assert named_in_attribution(" she wrote, wearing a Snapchat filter, on Instagram", False) is Platform.INSTAGRAM
    assert named_in_attribution(" she wrote", False) is None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["Twitter", "twitter", "Instagram", " ", "\n", "Snapchat", " filter", " Lens", "x",
                                 "Facebook", "TikTok", "YouTube", "word " * 40, ".", "İ"]), max_size=80).map("".join),
       st.data())  # fmt: skip
def test_the_last_platform_from_the_bodys_words_is_the_windows(body: str, data: st.DataObject) -> None:
    """``last_platform_placed`` over the body's platform words found once gives what lowering the window gives."""
    hi = data.draw(st.integers(0, len(body)))
    lo = data.draw(st.integers(0, hi))
    index = TextIndex(body)
    index._index_words()  # (the body's words found)
    if index._lowered is None:
        assert last_platform_placed(body, index._words, lo, hi) == last_platform_named(body, lo, hi)


def test_past_a_few_asks_a_body_is_read_from_its_words() -> None:
    body = ("She shared a photo on Instagram. " + "A caption read, no network named. " * 80) * 3
    index = TextIndex(body)
    asks = [(lo, lo + 1500) for lo in range(0, 2000, 100)]
    assert [index.last_platform_in(lo, hi) for lo, hi in asks] == [last_platform_named(body, lo, hi) for lo, hi in asks]
    assert index._words  # (read from the body's words past the first asks)
