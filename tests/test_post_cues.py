"""The judge's cue patterns are searched only where their words stand: each word list answers as its pattern does."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.parse import post_cues, posted
from reactions.parse.quotes import find_quotes
from reactions.parse.sentences import words_of


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["a", "new", "post", "posts", "since-deleted", "now-deleted", "social", "media", "-",
                                 "on", "X", "x", "alongside", "photo", "tweet", "TWEETED", "retweeting", "ſocial", "to",
                                 "İnstagram", "TikTok", "Threads", "story", "stories", "live", "users", "her", "é",
                                 "_", "Kaption", "selfies", "snap", " ", "  ", "\t", ",", "his", "on X", "social media",
                                 "ſocial-media", "a new post", "alongside a photo", "Twitter posts", "on Twitter",
                                 "social media users", "her latest selfie", "the", "The", "Post", "the Post",
                                 "the Daily Post"]), max_size=14)
       .map("".join))  # fmt: skip
def test_a_text_without_the_words_of_a_cue_pattern_is_not_searched(text: str) -> None:
    """Every match of the post-cue and posted-context patterns holds one of their words whole: the word lists that
    spare a search answer as the search does (of the text without its newspapers called *Post*)."""
    for pattern, needs in ((post_cues.POST_CUE_RE, post_cues.POST_CUE_WORDS),
                           (post_cues.POSTED_CONTEXT_RE, post_cues.POSTED_CONTEXT_WORDS)):  # fmt: skip
        unposted = post_cues.without_newspapers(text)
        for pos in (0, len(text) // 2):
            assert post_cues._finds(pattern, needs, text, pos) == (pattern.search(unposted, pos) is not None)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["in", "with", "a", "her", "morning", "tweet", "TWEETS", "poſts", "captıon", "on",
                                 "via", "his", "X", "x", "İnstagram", "social", "media", "é", "-", "_", " ", "\t", ",",
                                 "on social media", "via her social  media", "in a tweet", "on X"]),
                max_size=12).map("".join))  # fmt: skip
def test_a_post_named_after_a_verb_of_manner_holds_one_of_its_words(text: str) -> None:
    """The quote finder reads a verb of manner after a quotation only where the clause's words hold one of
    ``posted.IN_POST_RE``'s."""
    found = posted.IN_POST_RE.search(text)
    assert found is None or not post_cues.IN_POST_WORDS.isdisjoint(words_of(text))


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(["in", "a", "statement", "STATEMENTS", "e-mail", "email", "op-ed", "text", "messages",
                                 "DMs", "dm", "direct", "private", "message", "press", "releases", "told", "reviewer",
                                 "ſpeech", "İnterview", "é", "-", "_", " ", "\t", "court"]), max_size=10)
       .map("".join))  # fmt: skip
def test_another_medium_is_asked_of_its_words_first(text: str) -> None:
    assert post_cues.other_medium(text) == (post_cues.OTHER_MEDIUM_RE.search(text) is not None)


@settings(max_examples=600, deadline=None)
@given(st.lists(st.sampled_from(["she", "posted", "POSTED", "poſted", "shared", "ſhared", "reposted", "a", "the",
                                 "photo", "pics", "video", "of", "cake", "tweet", "on Twitter", "social", "media",
                                 "deleted", "é", "_", "-", " ", "  ", "\t", ",", ".", "She posted a photo",
                                 "shared  her new selfie", "posted_", "posted a new post", "ſhared the pics",
                                 "SHARED a clip", "ſelfies", "PICS", "İmage", "shots", "snap", "pictures", "clips_",
                                 "photoé", "video-", "the Post photo"]),
                max_size=14).map("".join), st.booleans())  # fmt: skip
@example("Then she ſhared a clip", True)
@example("Then she shared two ſelfies", True)
def test_the_sentences_before_are_searched_as_both_patterns_search_them(text: str, picture: bool) -> None:
    """``posted_before`` reads the words once for two patterns, each searched only when the words hold one of its
    verbs and (for a picture) one of its pictures: it answers as searching both does."""
    unposted = post_cues.without_newspapers(text)
    expected = post_cues.POSTED_CONTEXT_RE.search(unposted) is not None or (
        picture and posted.POSTED_PICTURE_RE.search(unposted) is not None
    )
    assert post_cues.posted_before(text, picture) == expected


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("she said, according to the Post", False),
        ("Adams said, the Washington Post reported", False),
        ("he told The New York Post on Monday", False),
        ("she said in a Facebook post", True),
        ("she wrote in the post", True),
        ("The post went viral", True),
        ("he tweeted, the Post reported", True),
        ("the Post and her latest post", True),
    ],
)
def test_a_newspaper_called_post_is_no_post(text: str, cue: bool) -> None:
    """``the Post``, ``The Washington Post``: a newspaper, not a post of a platform; the same length is kept, so that
    a position read in one reads the other."""
    assert post_cues.post_cue(text) is cue
    assert post_cues.post_cue(text, words_of(text)) is cue
    assert len(post_cues.without_newspapers(text)) == len(text)
    assert post_cues.posted_context(text) is cue
    assert post_cues.posted_before(text, picture=False) is cue


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["She tweeted:", "She tweeted: ", "the Post said", "Facebook was paying",
                                 "on Facebook", "the post", "", "He said:", "In a tweet, Lee added:"]), max_size=8))
def test_a_lead_in_asked_again_is_answered_as_read_afresh(texts: list[str]) -> None:
    """The judge asks ``post_cue`` of a lead-in up to three times, and the last text's answer is kept: asked in any
    order, each text (an equal copy or the very object) is answered as a reading of it afresh."""
    for text in texts:
        fresh = not post_cues.POST_CUE_WORDS.isdisjoint(words_of(text)) and post_cues._post_cue_found(text)
        assert post_cues.post_cue(text) is fresh
        assert post_cues.post_cue("".join(list(text))) is fresh
        assert post_cues.post_cue(text, words_of(text)) is fresh


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("For instance, Dana Vell wrote in Cosmopolitan: ", True),
        ("the critic writes in The Atlantic, ", True),
        ("as Vell wrote in the New York Daily News, ", True),
        ("he penned in Time that ", True),
        ("Vell wrote in June, ", False),  # a month
        ("Vell wrote in Tuesday’s caption, ", False),  # a day
        ("Vell wrote in Spanish on Instagram, ", False),  # a language
        ("Vell wrote in the Instagram caption, ", False),  # a network
        ("Vell Wrote in Response to Fans: ", False),  # a headline's capitals
        ("Vell wrote in a caption, ", False),
    ],
)
def test_writing_in_a_title_is_another_medium(text: str, title: bool) -> None:
    assert post_cues.written_in_a_title(text) is title
    assert post_cues.other_medium(text) is title


def test_a_quotation_written_in_a_magazine_is_no_post() -> None:
    body = (
        "Many on social media pointed out what the term means.\n\n"
        'For instance Dana Vell wrote in Cosmopolitan: "If you talk about a community, talk to that community."'
    )
    assert find_quotes(body, "a.txt", []) == []
    posted = body.replace("wrote in Cosmopolitan:", "wrote on Instagram:")
    assert [quote.author for quote in find_quotes(posted, "a.txt", [])] == ["Dana Vell"]


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("In a blog post after the show, ", False),
        ("in a guest post for the site, ", False),
        ("In a Blog Post on her website, ", False),
        ("In a new post on the site, ", True),
        ("in her Instagram post, ", True),
    ],
)
def test_a_sites_post_is_no_networks(text: str, cue: bool) -> None:
    assert post_cues.post_cue(text) is cue
    assert (post_cues.POSTED_CONTEXT_RE.search(text) is not None) is cue


def test_a_quotation_after_a_blog_post_is_no_post() -> None:
    body = (
        "In a blog post after his season aired, Dev Lane was more direct.\n\n"
        '"I did it for the money, I admit it," he wrote.'
    )
    assert find_quotes(body, "a.txt", []) == []
    posted = body.replace("blog post", "Facebook post")
    assert [quote.text for quote in find_quotes(posted, "a.txt", [])] == ["I did it for the money, I admit it"]


def _verbs(lead: str, words: tuple[str, ...]) -> list[tuple[int, int]]:
    return sorted((lead.index(word), lead.index(word) + len(word)) for word in words)


@pytest.mark.parametrize(
    ("lead", "verbs", "verb"),
    [
        (
            "The fight continued Monday, June 2, when Ola Brandt replied, writing:",
            ("continued", "replied", "writing"),
            "replied",
        ),
        ("Jo Pike said the team was not, as Lu Hart wrote on Facebook,", ("said", "wrote"), "wrote"),
        ("Pam Ode posted a photo when fans asked, writing:", ("posted", "writing"), "posted"),  # no comma before it
        ("Rae Cole continued, after the backlash, tweeting:", ("continued", "tweeting"), "continued"),  # no subject
        ("In a series of tweets posted late Monday, the actress wrote,", ("posted", "wrote"), "wrote"),
    ],
)
def test_the_verb_whose_subject_posted(lead: str, verbs: tuple[str, ...], verb: str) -> None:
    span = post_cues.clause_verb(lead, _verbs(lead, verbs))
    assert lead[span[0] : span[1]] == verb


def test_a_post_in_a_clause_after_the_sentences_subject_is_its_subjects() -> None:
    body = (
        "Lu Hart and Ola Brandt have traded barbs for a week.\n\n"
        "The fight continued on Monday, June 2, when Brandt replied, writing on Instagram: "
        "\u201cThis is not funny at all, and I am done with all of it.\u201d"
    )
    assert [(q.display_name, q.author) for q in find_quotes(body, "a.txt", [])] == [("Brandt", "Ola Brandt")]


@pytest.mark.parametrize(
    ("text", "cue"),
    [
        ("Ada Moss said she was angry to learn that Facebook was funding the site:", False),
        ("Twitter suspended the account for a week, she said,", False),
        ("Ada Moss said on Twitter:", True),
        ("what Ada Moss said on Facebook was blunt:", True),
        ("Ada Moss’s Instagram says it all:", True),
        ("Facebook was funding the site, Ada Moss said on Instagram:", True),
        ("her Facebook post was short:", True),
    ],
)
def test_a_network_that_is_a_verbs_subject_is_the_company(text: str, cue: bool) -> None:
    assert post_cues.post_cue(text) is cue


def test_a_quotation_about_the_company_is_speech() -> None:
    body = 'Ada Moss said she was angry to learn that Facebook was funding the site: "That felt wrong to me, really."'
    assert find_quotes(body, "a.txt", []) == []
    posted = body.replace("Facebook was funding the site:", "the site was funded, on Facebook:")
    assert [quote.author for quote in find_quotes(posted, "a.txt", [])] == ["Ada Moss"]
