"""Where the words of a verb of speech were said: a post named in a clause of its own after the verb is what the
speaker talked about, not where the words stand."""

from __future__ import annotations

import pytest

from reactions.parse.quotes import find_quotes
from reactions.parse.speech_medium import beside_speaker, where_said


def _texts(body: str) -> list[str]:
    return [quote.text for quote in find_quotes(body, "a.txt", [])]


@pytest.mark.parametrize(
    "body",
    [
        '"She went too far this time," Nia Cole said, referring to her rival\'s tweet about the show.',
        '"We never fight at home," said Ben Ross as his wife urged fans to log off social media for a week.',
        '"It is a silly game," Mara Lee said, referencing the latest Instagram filter craze.',
        '"You cannot trust that report," Theo Park said of the Instagram story.',
        '"I would never do that to anyone," Joan Vale said about her deleted tweet.',
        '"It was a long night," said Rick Moss, who posts photos of his dogs on Instagram every day.',
        '"We were shocked," Ana Diaz said on a morning show, and she has written about it on Twitter since.',
        '"It goes like this," Lia Bell said with the snap of a finger on her talk show.',
        '"This is no time for that," Dana Fox said, blasting actors for "taking to Twitter from their mansions."',
        '"We are all tired," said Omar Reyes, calling the critics "bored people on Instagram" once more.',
        '"Keep people out of your business," she said before addressing her meltdown on Instagram last year.',
        '"I loved that night," Cleo Hart said after her sister posted a video of it on Instagram.',
        '"We did it," Jo Park said as Lee tagged the whole cast on Twitter.',
    ],
)
def test_a_post_the_speaker_talks_about_makes_no_post(body: str) -> None:
    assert _texts(body) == []


@pytest.mark.parametrize(
    ("body", "expected"),
    [
        ('"We made it to Paris at last," Nia Cole said on Twitter.', "We made it to Paris at last"),
        ('"Look at this little face," she said, while holding her son, in a video posted to Snapchat.',
         "Look at this little face"),
        ('"Meet the new puppy," Ray Dunn, who hosts the morning show, said on Instagram.', "Meet the new puppy"),
        ('"Stop sharing these videos," said a blogger known as LibyaLiberty on Twitter.', "Stop sharing these videos"),
        ('"I kinda agree with you," she replied to a fan who wrote a long post about the app.',
         "I kinda agree with you"),
        ('"This is a great day for all of us," she said in a post that she later deleted.',
         "This is a great day for all of us"),
        ('"Coffee break," Rosa Diaz said before she added her co-stars\' Twitter handles.', "Coffee break"),
        ('"Home at last," Nate Cole said after sharing a photo of the beach on Instagram.', "Home at last"),
        ('"So proud," she said on Twitter, calling the win "a team effort."', "So proud"),
    ],
)  # fmt: skip
def test_where_the_words_were_said_still_makes_a_post(body: str, expected: str) -> None:
    assert _texts(body) == [expected]


@pytest.mark.parametrize(
    ("verb", "clause", "expected"),
    [
        ("said", " Pink said, referring to Kim's tweet", " Pink said, "),
        ("said", " said Heigl of the first snap", " said Heigl "),
        ("said", " Ray, who hosts the show, said on Instagram", " Ray, said on Instagram"),
        ("replied", " she replied to a fan who wrote", " she replied to a fan who wrote"),  # read whole
        ("wrote", " she wrote, referring to her tweet", " she wrote, referring to her tweet"),  # no verb of saying
        ("said", " she said before she added his Twitter handle", " she said before she added his Twitter handle"),
        ("said", " she said before adding that Twitter", " she said "),  # more speech
        ("said", ' Al said, citing his "tweets" again', ' Al said, citing his          again'),
        ("said", ' Al said, citing "Twitter users', ' Al said, citing               '),  # closed past the clause
    ],
)
def test_where_said_cuts_the_clause_at_its_first_clause_of_its_own(verb: str, clause: str, expected: str) -> None:
    assert where_said(verb, clause) == expected


@pytest.mark.parametrize(
    ("author", "clause", "expected"),
    [
        ("Mastodon", " Mastodon says, ", "  says, "),  # the network speaks: no medium named
        ("Twitter", "Twitter said in a statement", " said in a statement"),
        ("she", " she said on Mastodon", " she said on Mastodon"),  # a person, and the medium named
        ("Instagram user Bo", " Instagram user Bo said", " Instagram user Bo said"),  # a poster described by it
    ],
)
def test_a_network_as_the_speaker_names_no_medium(author: str, clause: str, expected: str) -> None:
    assert beside_speaker(author, clause) == expected


def test_a_network_that_says_something_has_not_posted_it() -> None:
    body = "Gavin is megaviral.\n\n“Those types of things are just fun,” Mastodon says, “because they talk about him.”"
    assert find_quotes(body, "a.txt", []) == []
