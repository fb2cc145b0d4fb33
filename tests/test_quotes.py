"""Posts quoted in prose: which quotations are posts, who wrote them, on which platform."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Kind, Platform, Rendering
from reactions.parse.article import parse_article
from reactions.parse.quotations import quotations
from reactions.parse.quotes import find_quotes


def quotes(text: str) -> list[tuple[str, str | None, str]]:
    return [(q.text, q.display_name, q.platform.value) for q in find_quotes(text, "a.txt", [])]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"So good," a fan tweeted.', ("So good", "a fan", "twitter")),
        (
            "Minutes later, she tweeted: “Not again. Please not again.”",
            ("Not again. Please not again.", "she", "twitter"),
        ),
        ("“Big day for us,” Ana Ruiz wrote on Instagram.", ("Big day for us", "Ana Ruiz", "instagram")),
        (
            "“Big day for us,” wrote one social media user, pointing at the photo.",
            ("Big day for us", "one social media user", "unknown"),
        ),
        (
            "Actor Sam Lee, tweeted: “Never doubted it for a second.”",
            ("Never doubted it for a second.", "Sam Lee", "twitter"),
        ),
        (
            "Music producer Kim Ortiz mocked the verdict in a short tweet: “What a circus.”",
            ("What a circus.", "Kim Ortiz", "twitter"),
        ),
        (
            "The singer posted a selfie, writing, “Back in the studio today.”",
            ("Back in the studio today.", "The singer", "unknown"),
        ),
        ("“Sunday mood,” Rivera captioned the photo.", ("Sunday mood", "Rivera", "unknown")),
        (
            "She addressed it on social media as well, writing, “Some people never learn…”",
            ("Some people never learn…", "She", "unknown"),
        ),
        (
            "In another tweet Park named the officer, saying “Release the footage now.”",
            ("Release the footage now.", "Park", "twitter"),
        ),
        (
            'More than 5,000 people had retweeted Jo Park\'s message: "Stay home and stay safe tonight."',
            ("Stay home and stay safe tonight.", "Jo Park", "twitter"),
        ),
        (
            "“We are closing the road for the night,” the department said on Twitter.",
            ("We are closing the road for the night", "the department", "twitter"),
        ),
        ("“So proud of the team,” E! News tweeted early Tuesday.", ("So proud of the team", "E! News", "twitter")),
    ],
)
def test_posts_quoted_in_prose(text: str, expected: tuple[str, str, str]) -> None:
    assert quotes(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        '"I don\'t know what the motion of my actual hand was," said Heard.',
        '"It was a mistake," he shared.',
        'An insider shared: "They are not speaking to each other."',
        'A source said: "The couple split in March."',
        '"We are devastated," the family wrote in a statement.',
        '"It is over," she told PEOPLE.',
        'She wrote in a 2018 article: "I became a public figure."',
        '"We will appeal," her lawyer said.',
        'The song "Rapper\'s Delight." Fans posted tributes on social media all day.',
        'She tweeted that the crisis "needs a real answer" from the state.',
        'The image was posted by a "popular fan account" on Instagram.',
        'He walked out last year, saying he was "leaving everything behind."',
        "“Thank you all,” one person with knowledge of the situation commented on TikTok’s plans.",
        'He called it "a disgrace" in an interview on Monday.',
        '"Wow," she wrote.',  # a single word
        '"The studio apologised," she wrote on her website.',
        "Conservative host Jo Rantz called out Midler’s tweet: “Why is nobody saying anything?”",
    ],
)
def test_speech_statements_fragments_and_other_media_are_not_posts(text: str) -> None:
    assert quotes(text) == []


def test_wrote_is_a_post_when_the_sentences_before_say_so() -> None:
    posted = "She took to Twitter to answer her critics.\n\n“My truth is simple and it is mine,” she wrote."
    assert quotes(posted) == [("My truth is simple and it is mine", "she", "twitter")]  # the platform named before
    written = "She apologised on her website.\n\n“My truth is simple and it is mine,” she wrote."
    assert quotes(written) == []


def test_a_quotation_that_runs_past_its_paragraph() -> None:
    text = 'Writing on Twitter, he said: "I am safe and grateful to the security staff.\n\n"More later."'
    assert quotes(text) == [("I am safe and grateful to the security staff.", "he", "twitter")]


def test_a_quotation_inside_a_quotation() -> None:
    text = "He captioned the post saying, “Happy birthday to my “mama” of two.”"
    assert quotes(text) == [("Happy birthday to my “mama” of two.", "He", "unknown")]


def test_a_round_up_of_embedded_posts_makes_commented_a_post() -> None:
    text = (
        "So true — Ann (@ann) June 5, 2020\n\n"
        '"I listened to all of it and I am shocked," producer Jo Hill commented\n\n'
        "Yes!! — Bob (@bob) June 5, 2020"
    )
    article = parse_article(text, "a.txt")
    assert [(r.kind.value, r.display_name) for r in article.reactions] == [
        ("embed", "Ann"), ("quote", "Jo Hill"), ("embed", "Bob")]  # fmt: skip
    alone = '"I listened to all of it and I am shocked," producer Jo Hill commented'
    assert quotes(alone) == []


def test_a_quotation_of_an_embedded_post_with_a_writing_verb_is_a_post() -> None:
    text = (
        'He wrote: "To all in town, stay safe tonight and thanks to the crews."\n\n'
        "To all in town, stay safe tonight & thanks to the crews. — Mayor Jo (@mayorjo) June 5, 2020"
    )
    article = parse_article(text, "a.txt")
    assert [r.kind.value for r in article.reactions] == ["quote", "embed"]


def test_confidence_and_rendering_follow_the_cues() -> None:
    (strong,) = find_quotes('"So good," a fan tweeted on Twitter.', "a.txt", [])
    (weak,) = find_quotes('The star took to Instagram.\n\n"So good," she wrote.', "a.txt", [])
    (poster,) = find_quotes('"So good," one fan wrote.', "a.txt", [])
    assert (strong.confidence, weak.confidence, poster.confidence) == (0.95, 0.85, 0.75)
    assert {strong.rendering, weak.rendering, poster.rendering} == {Rendering.QUOTE}


def test_the_author_field_of_quotes_and_embeds() -> None:
    text = "Kaya Jones took to Twitter on Friday.\n\n“My truth, at last,” she wrote.\n\nYes — Ann (@ann) June 5, 2020"
    quote, embed = parse_article(text, "a.txt").reactions
    assert (quote.display_name, quote.author, quote.platform) == ("she", "Kaya Jones", Platform.TWITTER)
    assert (embed.display_name, embed.author) == ("Ann", "ann")


def test_quick_scan_finds_what_the_full_pattern_finds() -> None:
    from reactions.parse import quotations

    for body in ['“ab” "cd"', '"ab"cd"', '"ab” “cd"”', "“a “b” c” and “d”"]:
        expected_spans = [m.span() for m in quotations.QUOTE_RE.finditer(body)]
        assert [m.span() for m in quotations.quotation_matches(body)] == expected_spans


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=st.sampled_from(list('"“”‘’ ,.:\naB she wrote tweeted on Twitter @#')), max_size=300))
def test_any_text_gives_quotes_within_it_in_order(text: str) -> None:
    found = find_quotes(text, "a.txt", [])
    assert all(0 <= q.span[0] <= q.span[1] <= len(text) for q in found)
    assert all(0.0 <= (q.confidence or 0) <= 1.0 for q in found)


@pytest.mark.parametrize(
    ("text", "author", "platform"),
    [
        ('Taylor Swift took to Instagram to share, "I\'m so grateful for this moment."', "Taylor Swift", "instagram"),
        ('The actor took to Twitter on Monday: "I am sorry for what I said."', "The actor", "twitter"),
        ('Fans took to social media to vent: "Worst finale ever."', "Fans", "unknown"),
    ],
)
def test_took_to_a_platform_introduces_a_post(text: str, author: str, platform: str) -> None:
    (quote,) = parse_article(text, "a.txt").reactions
    assert (quote.display_name, quote.platform.value) == (author, platform)
    assert quote.confidence >= 0.9


def test_a_quote_given_to_an_account_keeps_its_handle_as_author() -> None:
    for text in ('"Can\'t wait for the weekend," tweeted @jdoe.', '"Can\'t wait for the weekend," @jdoe tweeted.'):
        (quote,) = parse_article(text, "a.txt").reactions
        assert (quote.handle, quote.display_name, quote.author) == ("jdoe", "@jdoe", "jdoe")


@pytest.mark.parametrize(
    "text",
    [
        'Last month, the "My Heart Will Go On" singer shared photos from her tour.',
        'Lena wished her “best year yet,” captioning her Instagram post, “Happy birthday to my dearest friend!”',
    ],
)
def test_a_title_or_a_participles_object_is_no_post(text: str) -> None:
    """Read against the bulk corpus: a song title before its noun ('the "…" singer shared') and the words before
    a participle ('"…," captioning her post, "…"') were quotations of 'singer' and 'her Instagram post'."""
    assert all(q.display_name not in ("singer", "her Instagram post") for q in find_quotes(text, "a.txt", []))
    assert all(q.text not in ("My Heart Will Go On", "best year yet") for q in find_quotes(text, "a.txt", []))


@pytest.mark.parametrize(
    "text",
    [
        'The video went viral online. The Los Angeles Times wrote in its review: "The mothers deliver fine work."',
        'The clip has 20 million views on YouTube. A reviewer from The Boston Globe wrote, "It is a marriage."',
    ],
)
def test_a_review_is_no_post(text: str) -> None:
    assert [r.text for r in parse_article(text, "a.txt").reactions if r.kind is Kind.QUOTE] == []


def test_a_critic_in_a_round_up_of_posts_still_posts() -> None:
    text = ('Fans slammed Katy Perry on Twitter. "Wow Katy," one user tweeted. Another critic wrote, "Sometimes I '
            'remember that Obama has more Grammys than Katy Perry."')
    assert [r.author for r in parse_article(text, "a.txt").reactions] == [None, None]


@pytest.mark.parametrize(
    ("text", "author"),
    [
        ('After a tweet from Senator Ada Brooks that read, "The bridge closes tonight."', "Ada Brooks"),
        ('It began with a post from @harborwatch which said: "The ferry is late again."', "@harborwatch"),
        ('It answered a message from the mayor that read, "We open on Friday."', None),  # no name: no sender
    ],
)
def test_a_post_from_someone_that_read_is_theirs(text: str, author: str | None) -> None:
    """The sender named in ``a tweet from NAME that read`` is the quotation's author, not the sentence's subject."""
    assert [q.display_name for q in parse_article(text, "a.txt").reactions] == ([author] if author else [])


@pytest.mark.parametrize(
    ("text", "platform"),
    [
        ("She shared two pictures on Instagram on Sunday.\n\n“A year of us,” she captioned them.", "instagram"),
        ("He thanked his fans on Facebook.\n\n“You kept me going,” he wrote alongside a photo.", "facebook"),
        ("She shared two pictures on Instagram on Sunday.\n\n“A year of us,” she tweeted.", "twitter"),  # the verb's
        ("She shared two pictures on Sunday.\n\n“A year of us,” she captioned them.", "unknown"),
    ],
)
def test_the_platform_named_in_the_sentences_before(text: str, platform: str) -> None:
    """A quotation's platform is the one its sentence or paragraph names, else the one the two sentences before name
    (the paragraph before, here); a verb of tweeting keeps Twitter."""
    assert [q.platform.value for q in parse_article(text, "a.txt").reactions] == [platform]


@pytest.mark.parametrize(
    ("text", "author"),
    [
        ('As fans tired of her tweets, owner Lina Park added: "Last one, I promise."', "Lina Park"),
        ('After his posts drew replies, Omar Diaz wrote on Twitter: "Thank you all."', "Omar Diaz"),
        ('One of her posts came with the caption, "#family #sunday."', "her"),  # the noun is its only verb: kept
        ('In a series of tweets, Dana Reyes said: "The ferry stays."', "Dana Reyes"),
        ('Marta Ruiz answered the critics by tweeting: "I love my job."', "Marta Ruiz"),
    ],
)
def test_a_posting_word_after_a_determiner_is_a_noun(text: str, author: str) -> None:
    """``her tweets``, ``his posts``: a noun, so the lead-in's verb is the one after it, whose subject is the author."""
    assert [q.display_name for q in parse_article(text, "a.txt").reactions] == [author]

def _authored(text: str) -> list[tuple[str, str | None, str | None, str]]:
    found = parse_article(text, "a.txt").reactions
    return [(r.text, r.display_name, r.author, r.platform.value) for r in found if r.kind is Kind.QUOTE]


def test_a_reply_in_the_sentence_of_a_post_is_a_post_by_the_one_who_replied() -> None:
    """The bulk corpus's ``Lovato tweeted, "…," to which Gomez replied, "…"`` gave one quotation, the reply, by the
    first author: the relative clause was read as the first quotation's attribution, and the reply's lead-in reached
    back through the first quotation to its verb and author."""
    text = ("Last week, Ann Lee tweeted, “Loving your new song, it is on repeat all day,” to which Bea Cruz replied, "
            "“Thanks so much, you are the best friend ever!”")
    assert _authored(text) == [
        ("Loving your new song, it is on repeat all day", "Ann Lee", "Ann Lee", "twitter"),
        ("Thanks so much, you are the best friend ever!", "Bea Cruz", "Bea Cruz", "twitter"),
    ]


def test_a_lead_in_never_reaches_back_past_a_quotation_for_its_author() -> None:
    text = ("Ann Lee said, “Loving your new song, it is on repeat all day,” to which Bea Cruz tweeted, “Thanks so "
            "much, you are the best friend ever!”")
    assert _authored(text) == [("Thanks so much, you are the best friend ever!", "Bea Cruz", "Bea Cruz", "twitter")]
    spoken = "Ann Lee tweeted, “What a day for all of us,” and Bea Cruz said, “I agree with every word.”"
    assert [quote[1] for quote in _authored(spoken)] == ["Ann Lee"]  # Bea's words are speech, not Ann's post


def test_a_title_before_the_quotation_does_not_end_its_lead_in() -> None:
    text = "Director Sam Ray, who made “Escape From New York,” tweeted, “A kind man and a great actor, rest easy.”"
    assert _authored(text) == [("A kind man and a great actor, rest easy.", "Sam Ray", "Sam Ray", "twitter")]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Dara Moss tweeted: “Packing the van right now, wish us luck,” adding: “We leave at dawn and drive all day.”",
         [("Dara Moss", "Dara Moss", 0.95), ("Dara Moss", "Dara Moss", 0.95)]),
        ("One follower wrote, “This is the cutest thing I have seen,” while another said, “My heart cannot take it.”",
         [("One follower", None, 0.75), ("another", None, 0.75)]),
        ("Ann Lee tweeted, “Loving your new song, it is on repeat,” to which she replied, “Thanks so much, friend!”",
         [("Ann Lee", "Ann Lee", 0.95), ("she", None, 0.85)]),  # "she" is not the one she answers
    ],
)  # fmt: skip
def test_a_follow_up_to_a_post_is_a_post_on_its_platform(text: str, expected: list[tuple[str, str, float]]) -> None:
    found = parse_article(text, "a.txt").reactions
    assert [(r.display_name, r.author, r.confidence) for r in found] == expected
    assert len({r.platform for r in found}) == 1


def test_a_follow_up_to_speech_is_no_post() -> None:
    text = "The actor said, “I will never comment on rumors,” to which the host quipped, “Then we will keep guessing.”"
    assert _authored(text) == []


@pytest.mark.parametrize(
    ("text", "quoted"),
    [
        ('“Best day ever," Ann captioned. "So happy!”', ["“Best day ever,\"", "\"So happy!”"]),
        ('"Love you,” Bo tweeted. “Always."', ["\"Love you,”", "“Always.\""]),
        ('“It was, as he called it, "perfect," truly,” she said.', ['“It was, as he called it, "perfect," truly,”']),
        ('"She said “yes, of course,” at once," he said.', ['"She said “yes, of course,” at once,"']),
    ],
)
def test_mixed_marks_pair_at_the_first_closing_mark_of_the_other_kind(text: str, quoted: list[str]) -> None:
    """A text whose marks are mixed closes a quotation with the other kind's mark after a stop and before a space; a
    mark of the other kind that opens (after a space) is a quotation inside it."""
    assert [m.group() for m in quotations(text)] == quoted


_CAPTION = "Sunday at the lake house with the whole crew"


@pytest.mark.parametrize(
    ("embed", "platform"),
    [
        # the post the quotation repeats, embedded right after it, gives the network no word of the prose names
        (f"{_CAPTION} 🌅 A post shared by Lena Park (@lenapark) on May 2, 2017 at 9:12pm PDT", "instagram"),
        (f"{_CAPTION} pic.twitter.com/x1 — Lena Park (@lenapark) May 2, 2017", "twitter"),
        # a dash byline with no date (no network's own form): unknown; another post: no post quoted at all
        (f"{_CAPTION} — Lena Park (@lenapark)", "unknown"),
        ("Missing the city already — Lena Park (@lenapark) May 2, 2017", None),
    ],
)
def test_the_network_of_the_post_a_quotation_repeats(embed: str, platform: str | None) -> None:
    text = f"The season is over.\n\n“{_CAPTION},” the actress wrote.\n\n{embed}\n\nMore photos below."
    quotes = [r for r in parse_article(text, "a.txt").reactions if r.kind is Kind.QUOTE]
    assert [q.platform.value for q in quotes] == ([platform] if platform else [])


@pytest.mark.parametrize(
    ("lead", "author"),
    [
        ("Rita Vale on Instagram:", "Rita Vale"),  # a round-up's line: the name, then where it was posted
        ("Rita Vale took to Instagram:", "Rita Vale"),
        ("Omar Diaz, in a mocking tweet:", "Omar Diaz"),
    ],
)
def test_a_lead_in_without_a_verb_is_given_to_the_name_before_its_platform(lead: str, author: str) -> None:
    body = f"Here are the stars who spoke up.\n\n{lead} “If you are at home, post in support and ask what happened.”"
    [quote] = find_quotes(body, "a.txt", [])
    assert (quote.display_name, quote.author) == (author, author)


@pytest.mark.parametrize("furniture", ["RELATED:", "Related:", "READ MORE:", "Also Read:", "RELATED VIDEO:", "WATCH:",
                                       "PHOTOS:", "MORE:", "SEE ALSO:", "VIDEO:"])
def test_a_linked_storys_headline_is_no_post(furniture: str) -> None:
    body = (
        "Ann Lee and Bo Chen are in love.\n\n"
        f"{furniture} Ann Lee and Bo Chen Share Sweet Anniversary Posts: “This Journey Is So Beautiful”\n\n"
        "Lee posted a photo on Instagram, writing, “Three years with my favorite human.”"
    )
    assert [quote.text for quote in find_quotes(body, "a.txt", [])] == ["Three years with my favorite human."]


@pytest.mark.parametrize("label", ["WATCH:", "PHOTOS:", "MORE:", "SEE ALSO:"])
def test_a_linked_storys_line_between_is_passed_over_for_the_platform_and_the_author(label: str) -> None:
    body = (
        "Nina Hale is back. The singer took to Instagram on Friday to thank her fans for their notes.\n\n"
        f"{label} Rita Vale Shares Her Own Wedding Photos\n\n"
        "“I read every one of them,” she captioned a photo of her new dog."
    )
    [quote] = find_quotes(body, "a.txt", [])
    assert (quote.platform, quote.author) == ("instagram", "Nina Hale")


@pytest.mark.parametrize("line", ["Watching the show, fans took sides.", "Photos of the dog went around."])
def test_a_sentence_that_opens_like_a_label_is_read(line: str) -> None:
    body = (  # (an article naming Instagram alone gives it to a quotation whose sentences name none: Twitter too)
        f"Nina Hale took to Instagram on Friday after a week off Twitter.\n\n{line}\n\n"
        "“I read every one of them,” she posted."
    )
    [quote] = find_quotes(body, "a.txt", [])
    assert quote.platform == "unknown"  # the line right before the paragraph is the one read: it names none


def test_a_quotation_far_into_a_line_that_opens_with_related_is_read() -> None:
    body = "Related: " + "the couple spent the day at the beach and " * 6 + "Lee posted on Instagram, “So happy.”"
    assert [quote.text for quote in find_quotes(body, "a.txt", [])] == ["So happy."]


def test_a_post_that_says_is_given_to_who_posted_it() -> None:
    body = (
        "Omar Diaz and Rita Vale first met in 2009.\n\nBut when rumors were circling, Diaz laid them to rest with a "
        "tweet saying, “People are crazy. I am super single and this is my good friend.”"
    )
    assert [(q.display_name, q.author) for q in find_quotes(body, "a.txt", [])] == [("Diaz", "Omar Diaz")]


@pytest.mark.parametrize(
    ("text", "posts"),
    [
        ('Her views were posted on Facebook before her "Fiancé Visa" came through.', []),  # a noun phrase quoted
        ('Kim posted on Instagram about his "huge mistake" last night.', []),
        ('Kim, not missing a beat, tweeted at her, "I love him! Can he be in it?"', ["I love him! Can he be in it?"]),
    ],
)
def test_a_quotation_after_a_determiner_is_a_noun_phrase(text: str, posts: list[str]) -> None:
    assert [quote.text for quote in find_quotes(text, "a.txt", [])] == posts


@pytest.mark.parametrize(
    ("text", "posts"),
    [
        ('Ann Lee wrote on Twitter that she was "terribly sad" to hear it.', []),  # a phrase in reported speech
        ('Ann Lee tweeted on Friday that she could "no longer endorse" him.', []),
        # a post's sentence quoted in reported speech stays one
        ('Ann Lee wrote on Twitter that it "was an honor to cook for this meeting of the minds."',
         ["was an honor to cook for this meeting of the minds."]),
    ],
)
def test_a_phrase_in_reported_speech_after_a_place_is_no_post(text: str, posts: list[str]) -> None:
    assert [quote.text for quote in find_quotes(text, "a.txt", [])] == posts


def test_that_evening_is_a_time_not_reported_speech() -> None:
    text = 'Jo Pratt said on Instagram later that evening: "I stand by every word."'
    assert [quote.text for quote in find_quotes(text, "a.txt", [])] == ["I stand by every word."]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('"The bridge is open again," Dana Holt, a city spokeswoman, tweeted.',
         ("The bridge is open again", "Dana Holt", "twitter")),
        ("“Best day of my life,” Holt, 34, captioned the photo on Instagram.",
         ("Best day of my life", "Holt", "instagram")),
        ("“Best day of my life,” the singer, 34, wrote on Instagram.",
         ("Best day of my life", "the singer", "instagram")),
    ],
)  # fmt: skip
def test_an_aside_between_the_author_and_the_posting_verb(text: str, expected: tuple[str, str, str]) -> None:
    assert quotes(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        'The mayor "is safe and back at work," Dana Holt, a city spokeswoman, tweeted.',  # a fragment of a sentence
        "She shared her ‘new look — a far cry from her’ usual long, blonde locks, captioning it with a heart.",
        '"The bridge is open again," Dana Holt, a city spokeswoman, said.',  # speech, no platform named
    ],
)
def test_an_aside_does_not_make_fragments_participles_or_speech_posts(text: str) -> None:
    assert quotes(text) == []


def test_the_words_of_a_quotation_that_goes_on_are_no_platform_cue() -> None:
    body = (
        "Nia Vale told the crowd at the arena about the worst year of her life.\n\n"
        "“I guess I wanted to tell you all something,” Vale continued, “that when people bully you on social media, "
        "it does not have to break you.”"
    )
    assert find_quotes(body, "a.txt", []) == []


def test_a_quotation_named_in_the_attribution_still_names_its_post() -> None:
    body = (
        "Nia Vale did not hold back this week.\n\n"
        '"I walked away and she still does interviews about me," Vale continued, before replying to one user who '
        'begged her to "delete these tweets."'
    )
    texts = [quote.text for quote in find_quotes(body, "a.txt", [])]
    assert texts == ["I walked away and she still does interviews about me"]


def test_the_next_sentences_medium_is_not_a_closed_quotations() -> None:
    body = (
        'After the video came out, Senator Ada Moss wrote on Twitter: "This is awful. We cannot allow it." '
        'Her colleague, Sen. Bo Lind, told reporters, "It makes me sick," at a rally.'
    )
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == ["Ada Moss"]
    open_ended = body.replace("cannot allow it.\" Her", "cannot allow it\" and her")  # one sentence: speech
    assert find_quotes(open_ended, "a.txt", []) == []


def test_a_tweet_after_reporters_questions_is_a_tweet() -> None:
    body = (
        "Lund sidestepped reporters' questions over whether the senator should retire and tweeted, "
        "“Mitch, get to work right now.”"
    )
    assert [quote.text for quote in find_quotes(body, "a.txt", [])] == ["Mitch, get to work right now."]
    spoken = body.replace("and tweeted,", "and said,")
    assert find_quotes(spoken, "a.txt", []) == []


@pytest.mark.parametrize(
    ("lead", "posted"),
    [
        ("Mayor Ida Kerr tweeted about the closure,", True),  # a topic before the comma
        ("Mayor Ida Kerr wrote about the closure on Facebook:", True),
        ("Mayor Ida Kerr posted about months of", False),  # the quotation is the phrase's object: a fragment
        ("Mayor Ida Kerr said about the closure,", False),  # speech
    ],
)
def test_a_topic_after_the_verb_still_ends_the_lead_in(lead: str, posted: bool) -> None:
    body = f'The bridge shut on Monday. {lead} "We will reopen it by spring, whatever it costs the city."'
    found = [(quote.author, quote.text) for quote in find_quotes(body, "a.txt", [])]
    assert found == ([("Ida Kerr", "We will reopen it by spring, whatever it costs the city.")] if posted else [])
