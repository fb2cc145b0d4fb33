"""Posts whose own line breaks look like the article's (trafilatura's single newlines, Markdown paragraphs)."""

from __future__ import annotations

from reactions.parse.article import parse_article

LONG = "The council met for four hours on Tuesday and heard from more than forty residents. " * 4


def _only(text: str) -> tuple[str, float]:
    (reaction,) = parse_article(text).reactions
    return reaction.text, reaction.confidence


def test_lines_with_a_posts_marks_join_the_post() -> None:
    text = f"{LONG}\nVote result 🗳️\nFor: 9 #BayCouncil\nAgainst: 4\nThanks all.\n— Bay (@BayCncl) March 7, 2023\nMore."
    post, confidence = _only(text)
    assert post == "Vote result 🗳️\nFor: 9 #BayCouncil\nAgainst: 4\nThanks all."
    assert 0.5 < confidence < 0.9


def test_a_start_that_had_to_be_guessed_says_so() -> None:
    lines = "We have been here for fifty years.\nWe will be here for fifty more."
    text = f"{LONG}\n{lines}\n— Pilots (@Pilots) March 7, 2023"
    post, confidence = _only(text)
    assert post == "We will be here for fifty more."
    assert confidence < 0.9


def test_a_line_too_long_to_share_the_post_is_a_certain_boundary() -> None:
    text = f"{LONG}\nWe will be here for fifty more.\n— Pilots (@Pilots) March 7, 2023"
    assert _only(text) == ("We will be here for fifty more.", 1.0)


def test_a_lead_in_above_is_a_certain_boundary() -> None:
    text = f"{LONG}\nThe pilots posted on Twitter.\nWe will be here for fifty more.\n— Pilots (@Pilots) March 7, 2023"
    assert _only(text) == ("We will be here for fifty more.", 1.0)


def test_plain_text_with_blank_lines_keeps_its_paragraph_rule() -> None:
    text = "Others horrified.\n\nYou went too far this time #wow\n\n— Adam (@adam) October 8, 2014\n"
    assert _only(text) == ("You went too far this time #wow", 1.0)


def test_markdown_paragraphs_are_read_like_lines() -> None:
    text = (
        "See [the report](https://example.com/report).\n\n"
        "Senate resolves to [#TodayInSenate](https://twitter.com/hashtag/TodayInSenate)\n\n"
        "Observe a minute silence.\n\n"
        "— The Senate (@Senate) [October 9, 2018](https://twitter.com/Senate/status/1049648215035924480)\n"
    )
    post, confidence = _only(text)
    assert post == "Senate resolves to #TodayInSenate\n\nObserve a minute silence."
    assert confidence < 0.9


def test_the_colon_line_over_a_bulleted_list_opens_the_post() -> None:
    lines = "The board approved new posts:\n✅ Ana Ruiz, treasurer.\n✅ Li Wei, secretary."
    post, confidence = _only(f"{LONG}\n{lines}\n— Club (@Club) May 2, 2022")
    assert post == lines
    assert confidence < 0.9


def test_a_colon_line_over_a_single_line_post_stays_the_articles() -> None:
    text = f"{LONG}\nAnd this one:\n✅ Ana Ruiz, treasurer.\n— Club (@Club) May 2, 2022"
    post, confidence = _only(text)
    assert post == "✅ Ana Ruiz, treasurer."
    assert confidence < 0.9


def test_an_instagram_caption_is_not_joined_to_article_lines_far_above() -> None:
    short = "Shoppers queued from dawn for the sale. " * 2
    lines = "\n".join([f"Our pick of the week 🌟 {short}", *[short] * 8, "Sunny days #summer"])
    text = f"{lines}\nA post shared by Lena (@lena.m) on Jun 3, 2019 at 9:12am PDT\nMore prose."
    post, _ = _only(text)
    assert "🌟" not in post
