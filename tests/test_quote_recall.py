"""Posts quoted in prose that the plainer rules of ``test_quotes.py`` miss, and the speech that looks like them."""

from __future__ import annotations

import pytest

from reactions.parse.quotes import find_quotes


def quotes(text: str) -> list[tuple[str, str | None, str]]:
    return [(q.text, q.display_name, q.platform.value) for q in find_quotes(text, "a.txt", [])]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # a verb of no table, the words put in a post right after it
            "“Who needs a map when you have me,” Ortega grumbled in a late-night tweet.",
            ("Who needs a map when you have me", "Ortega", "twitter"),
        ),
        (
            "“Two more days and then the beach,” the coach boasted on Instagram.",
            ("Two more days and then the beach", "the coach", "instagram"),
        ),
        (
            "“Nobody warned me about the stairs,” the actor jokingly vented on Instagram.",
            ("Nobody warned me about the stairs", "the actor", "instagram"),
        ),
        (  # a posting verb with a long object, then the caption
            "The county sheriff's office posted a photo of a lost dog by the river with the caption, “Is it yours?”",
            ("Is it yours?", "The county sheriff's office", "unknown"),
        ),
        (
            "Dana Reyes tweeted a picture of the flooded street and her car alongside the caption “Send a boat.”",
            ("Send a boat.", "Dana Reyes", "twitter"),
        ),
        (  # the present tense after a post is named
            "Rosa posted a photo Friday night of the new puppy. She writes, “Meet the boss of the house.”",
            ("Meet the boss of the house.", "She", "unknown"),
        ),
        (
            "This is Rosa Diaz's Instagram post from the holiday. She writes,“Grateful for every one of you.”",
            ("Grateful for every one of you.", "She", "instagram"),
        ),
        (  # a question or an exclamation takes its attribution with no comma
            "She shared a photo of the new house. “Can you believe we finally did it?!” she captioned the shot.",
            ("Can you believe we finally did it?!", "she", "unknown"),
        ),
        (
            "“Who needs sleep anyway?” Ortega tweeted at 3 a.m.",
            ("Who needs sleep anyway?", "Ortega", "twitter"),
        ),
        (  # a clause of its own after the first quotation does not hide the lead-in's verb
            "One reader tweeted: “This is the best news all week,” while another said: “Finally.”",
            ("This is the best news all week", "One reader", "twitter"),
        ),
    ],
)
def test_posts_the_prose_says_were_posted(text: str, expected: tuple[str, str, str]) -> None:
    assert quotes(text)[:1] == [expected]


@pytest.mark.parametrize(
    "text",
    [
        # a passive, a reduced relative clause: no one posted these words
        "She will host “Late Night Live.” The winners will be announced via Facebook on Monday.",
        "(by “fomo” she means “fear of missing out,” a phrase used on social media).",
        # the next sentence reacts on a platform; the quotation before it is someone's speech
        "The host shot back: “You have had your chance to change it.” Lee Park reacted on Twitter by calling it rude.",
        # a verb of no table whose attribution only names a network
        "“They should be ashamed,” the senator grumbled about Facebook's new rules.",
        # a fragment, with a clause of its own after it
        "The team also enjoyed “long lunches and games”, with Dana sharing a photo of the beach.",
        "A magazine claims she feels “tired and alone” while they also shared a photo from the trip.",
        # the next sentence after an exclamation, not its attribution
        "“Best day ever!” Meanwhile Dana shared a photo of her own on Instagram.",
        # a private message is no post
        "“Will you print my side too?” Ortega asked the paper in a direct message on Twitter.",
        # words heard in a posted video are no caption
        "He posted a video of the party. You then hear a guest in the video say: “We need more cake.”",
    ],
)
def test_speech_that_looks_like_a_post_is_not_one(text: str) -> None:
    assert quotes(text) == []


def test_a_writing_verb_after_a_posted_picture_is_a_post_but_speech_is_not() -> None:
    posted = "Jo posted a picture of the cake on Sunday. "
    assert quotes(posted + "She wrote, “Best birthday ever.”") == [("Best birthday ever.", "She", "unknown")]
    assert quotes(posted + "She said, “Best birthday ever.”") == []


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (  # the post speaks in the present, right after a sentence saying it was posted
            'This is the photo Ana Ruiz posted to Facebook on Friday. It says, "Ten years today and still laughing."',
            ("Ten years today and still laughing.", "It", "facebook"),
        ),
        (  # the sentence before ends the paragraph before
            "Ana Ruiz shared a picture of the cake on Friday.\n\nIt reads: “Ten years today and still laughing.”",
            ("Ten years today and still laughing.", "It", "unknown"),
        ),
        (  # the network named in the paragraph before
            "Ana Ruiz posted on Facebook on Friday.\n\nIt says, “Ten years today and still laughing.”",
            ("Ten years today and still laughing.", "It", "facebook"),
        ),
        (  # a message posted, the network named two sentences back
            "Mia Chen thanked her fans on Twitter. She later posted a second message. "
            'It read: "Nobody on that stage deserved the prize."',
            ("Nobody on that stage deserved the prize.", "It", "twitter"),
        ),
        (  # the past tense too
            'Mia Chen criticized the award show in a tweet. It read, "Nobody on that stage deserved the prize."',
            ("Nobody on that stage deserved the prize.", "It", "twitter"),
        ),
        (
            'Dana Lee wrote on Instagram late on Monday. The message says "See you all in the spring, friends."',
            ("See you all in the spring, friends.", "The message", "instagram"),
        ),
    ],
)
def test_a_post_speaking_after_it_was_posted(text: str, expected: tuple[str, str, str]) -> None:
    assert quotes(text) == [expected]


@pytest.mark.parametrize(
    "text",
    [
        # the sentence before names no post, or another medium
        'The sign on the bakery door is new. It says, "Closed for the holidays, see you soon."',
        'The mayor posted a statement on the city website on Friday. It says, "We will rebuild the bridge."',
        # "It" is what the sentence before ends with: a card shown in the post, not the post
        "Mia Chen shared a photo on her Instagram story of the roses her brother sent, along with a handwritten card. "
        'It read: "So proud of you, little sister, always."',
        # a present tense, but the words are not the post's
        'Ana Ruiz posted to Facebook on Friday. Her mother says, "Ten years today and still laughing."',
    ],
)
def test_something_else_speaking_is_no_post(text: str) -> None:
    assert quotes(text) == []
