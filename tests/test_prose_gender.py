"""The gender the prose gives a name the names table cannot tell: the pronoun of the clause it is the subject of."""

from __future__ import annotations

import pytest

from reactions.parse.prose_gender import prose_gender
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    ("body", "name", "gender"),
    [
        ("Later, Okafor shared his plans for the summer.", "Okafor", "m"),
        ("The fans cheered. Brannagh posted a photo of herself at the lake.", "Brannagh", "f"),
        # an object's pronoun is passed over: the next one is the subject's
        ("He was upset, saying Okafor never told her he would leave.", "Okafor", "m"),
        ("(Brannagh has asked him to stop posting.)", "Brannagh", None),
        # a role before the name and a verb in -ed after it: the name is the subject
        ("Her boyfriend and reality star Quillon Vell quickly defended his girlfriend.", "Quillon Vell", "m"),
        # days and a title after an article are no other name
        ("Meanwhile, Okafor went to the Grand Prix on Sunday, wearing his old jacket.", "Okafor", "m"),
        # a relative's word right before the name says it, whatever the name's clause
        ("She thanked her husband Okafor for his help.", "Okafor", "m"),
        ("The singer hugged her late husband, Dax Brannagh, in the video.", "Dax Brannagh", "m"),
        ("He posed with his fiancée, Okafor Lane, and their dog.", "Okafor Lane", "f"),
        ("He posed with his fiancé Okafor Lane.", "Okafor Lane", "m"),
    ],
)
def test_the_pronoun_of_a_subjects_clause_tells_its_gender(body: str, name: str, gender: str) -> None:
    assert prose_gender(body, name) == gender


@pytest.mark.parametrize(
    ("body", "name"),
    [
        ("Okafor revealed the nickname Dax has for him as he called her Bean.", "Okafor"),  # another name first
        ("Brannagh was there when he arrived.", "Brannagh"),  # another clause
        ("Brannagh and their kids left early.", "Brannagh"),  # theirs: someone else's
        ("The fans loved Okafor for his jokes.", "Okafor"),  # an object, not a subject
        ("She thanked the band Okafor for its help.", "Okafor"),  # a word before it, but no relative's
        ("Fans met the son of Okafor at the show.", "Okafor"),  # a relative of the name, not the name
        ("Okafor, the brother of Jane, wrote his book.", "Okafor"),  # no verb right after the name
        ("Okafor thanked his mother. Okafor hugged her daughter.", "Okafor"),  # the clauses disagree
        ("Okafor smiled.", "Okafor"),  # no pronoun at all
    ],
)
def test_no_gender_without_a_clear_pronoun_of_the_subject(body: str, name: str) -> None:
    assert prose_gender(body, name) is None


@pytest.mark.parametrize(
    ("body", "author"),
    [
        # the family name's full name is a relative's of unknown gender; the prose makes the subject a man
        ("Nadia Brook and Tomas Vell argued for years. The anniversary of Donda Vell's death fell on Friday. "
         "Fans blamed Donda Vell for it. Nadia Brook hit back on Instagram, saying Vell never told her he "
         'would do it. "You cannot control how I feel," she wrote.', "Nadia Brook"),
        # a subject of unknown gender whose clause says his: not hers
        ("Jenna Dewey took a break from social media. Meanwhile, Okafor went to a race on Sunday, wearing his "
         'old jacket. "Thank you all," she wrote on Instagram.', "Jenna Dewey"),
        # the article's person, a full name of unknown given name, whose family name the prose makes a woman's
        ("Zorya Vell is on vacation in Egypt.\n\n" + "The trip began on a quiet morning by the sea. " * 10
         + 'Later, Vell and her friends rode camels in the desert. "Great ride," he captioned the photo on Instagram.',
         None),
        # a family name whose full name's clause, after its role, says his
        ("Sarah Lund's boyfriend and reality star Quillon Vell quickly defended his girlfriend. Vell, 34, also "
         "shared a comment on Lund's photo. In August, Lund, who loves bread, clapped back at trolls. "
         '"Eat more bread," she said in her Instagram Story.', "Sarah Lund"),
        # the nearest name is a woman's husband: the pronoun goes to the earlier name
        ("It was a long week for Sarah Vell. The mother of two took to Instagram to thank her husband, Kroy Dax, "
         'after surgery.\n\n"I could not do it without you," she captioned the photo.', "Sarah Vell"),
        # the same name with no pronoun of its own stays as it was
        ('Kemi Okafor took to Twitter. Okafor posted a video. "Thank you all," she wrote.', "Kemi Okafor"),
    ],
)
def test_a_pronoun_is_not_given_to_a_subject_the_prose_gives_the_other_gender(body: str, author: str | None) -> None:
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == [author]
