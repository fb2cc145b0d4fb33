"""Quote authors are people's names: ages, dates, roles and clauses are not authors; one person is one author."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.parse import people
from reactions.parse.people import author_of, chained, full_names, one_name_each, tidy_author
from reactions.parse.quotes import find_quotes


@pytest.mark.parametrize(
    ("written", "expected"),
    [
        ("Kim Kardashian", "Kim Kardashian"),
        ("36", None),  # "Kim Kardashian, 36, tweeted": an age
        ("2016", None),
        ("October 2012 Justin", "Justin"),
        ("47 Roger Ebert", "Roger Ebert"),
        ("Actor George Takei kept his message short and", "George Takei"),
        ("Jordan Mintzer of The Hollywood Reporter gave the", "Jordan Mintzer"),
        ("Khloe’s sister Kim Kardashian", "Kim Kardashian"),
        ("Conservative MP", None),
        ("Instagram", None),
        ("on Twitter and", None),
        ("after", None),
        ("@jdoe", "@jdoe"),
        ("Shaun King", "Shaun King"),
        ("Prince Harry", "Prince Harry"),
        ("Riggs' father", "father"),  # someone's father: a role, no name (author_of gives none)
        ("Nikolas Cruz’", "Nikolas Cruz"),
        ("Taylor’s BFF Selena Gomez", "Selena Gomez"),
        ("Senior EVP Thom Sherman", "Thom Sherman"),
        ("Some Koko", "Koko"),  # a determiner opening a sentence is no part of a name
        ("Many fans wrote", None),
        # a question's or a clause's first word, a verb of posting, a compound adjective: no part of a name
        ("Is Caitlyn", "Caitlyn"),
        ("Along with", None),
        ("Despite the onslaught of", None),
        ("Tweeted Kourtney", "Kourtney"),
        ("Orlando-based Centeno", "Centeno"),
        ("Twenty-nine-year-old Mohammed Jaffar", "Mohammed Jaffar"),
        ("Q Our next question", None),
        # a name before a role describes the person named after it, or no one
        ("WPBF-25 news producer Chris Shepherd made the announcement", "Chris Shepherd"),
        ("Scottish producer", None),
        ("Kim Kardashian wife of Kanye", "Kim Kardashian"),
    ],
)
def test_tidy_author_keeps_the_name_only(written: str, expected: str | None) -> None:
    assert tidy_author(written) == expected or (expected is None and (tidy_author(written) or "").islower())


def test_a_role_alone_names_the_articles_person_or_no_one() -> None:
    assert author_of('Ann Lee smiled. "Nice," the star wrote.', 16, "the star", None) == "Ann Lee"
    body = 'Ann Lee smiled at Bo Park. Bo Park left early. "Nice," the star wrote.'
    assert author_of(body, body.index('"'), "the star", None) is None  # the last subject, not the article's person
    assert author_of('Ann Lee smiled. "Nice," her sister wrote.', 16, "her sister", None) is None


def test_a_description_before_a_name_is_no_given_name_for_the_pronoun() -> None:
    body = 'Crowds met after President Oskar Halvorsen signed it. "A dark day," she tweeted.'
    assert author_of(body, body.index('"'), "she", None) is None  # Oskar is a man's name: not "she"
    assert author_of('"Nice," the star wrote.', 0, "the star", "annlee") == "annlee"


def test_partial_names_become_the_full_name_the_article_uses() -> None:
    body = "Kim Kardashian, 36, was in town. Later Kim posted again. Kardashian, too."
    assert full_names(body, [(40, "Kim"), (60, "Kardashian"), (0, "Kim Kardashian")]) == ["Kim Kardashian"] * 3


def test_a_place_before_a_given_name_is_no_part_of_the_full_name() -> None:
    body = (
        "In Los Angeles Khloe brought up the party. \u201cNo,\u201d said Khloe. Later Kim Kardashian wrote. Kim agreed."
    )
    assert full_names(body, [(60, "Khloe"), (100, "Kim")]) == ["Khloe", "Kim Kardashian"]
    assert full_names("In New York Jessica Simpson posted. Simpson wrote.", [(40, "Simpson")]) == ["Jessica Simpson"]


def test_a_plural_role_opening_a_sentence_is_no_part_of_a_full_name() -> None:
    body = "Singers Rita Vale and Liam Ode are working on a song. Vale wrote about it."
    assert full_names(body, [(60, "Vale")]) == ["Rita Vale"]
    assert full_names("The Jonas Brothers played. Jonas wrote.", [(30, "Jonas")]) == ["Jonas Brothers"]  # not a lead


def test_a_headline_word_in_capitals_is_no_part_of_a_full_name() -> None:
    body = "Kelis is jealous about not being Nas ONLY baby mother. Nas wrote back."
    assert full_names(body, [(56, "Nas")]) == ["Nas"]
    assert full_names("Stars react: LL Cool J posted. Later Cool J wrote.", [(40, "J")]) == ["LL Cool J"]


def test_a_headline_run_loses_to_the_name_the_text_repeats() -> None:
    body = "Ruby Rose Claims Victory\n\nRuby Rose smiled. Ruby Rose waved. Ruby wrote it."
    assert full_names(body, [(70, "Ruby")]) == ["Ruby Rose"]


@pytest.mark.parametrize(
    ("body", "name", "full"),
    [
        # a headline capitalises every word: its verb is no part of the name
        ("Blac Chyna and Tyga Split\n\nTyga captioned a photo of his son.", "Tyga", "Tyga"),
        ("RELATED: Shakira Postpones First Date of Her World Tour\n\nShakira wrote to fans.", "Shakira", "Shakira"),
        # ...but a word the prose writes capitalised inside a sentence is the name's
        ("Lina Okafor Poses in a Sports Bra\n\nFans of Lina Okafor cheered. Lina wrote.", "Lina", "Lina Okafor"),
        ("RELATED: Why Pink Regrets Nothing\n\nThe singer Pink said it. Pink wrote.", "Pink", "Pink"),
        # a given name before a family name stays, and a name set against another is whole
        ("2. Dwayne Johnson vs. Tyrese Gibson\n\nJohnson wrote back.", "Johnson", "Dwayne Johnson"),
        ("5. Calvin Harris vs. Taylor Swift\n\nCalvin wrote back.", "Calvin", "Calvin Harris"),
        ("13. Justin Bieber vs. Selena Gomez\n\nSelena wrote back.", "Selena", "Selena Gomez"),
        # a post's byline is no headline
        ("Over $7 MILLION!!! — Jon Watt (@JonWatt) August 30, 2017\n\nWatt wrote.", "Watt", "Jon Watt"),
        # a sentence is no headline, however many names it holds
        ("Looking good, Duff Goldman!\n\nGoldman wrote.", "Goldman", "Duff Goldman"),
    ],
)
def test_a_headlines_words_are_a_name_only_where_the_prose_says_so(body: str, name: str, full: str) -> None:
    assert full_names(body, [(len(body) - 8, name)]) == [full]


def test_an_owner_that_ends_a_run_is_the_full_name() -> None:
    body = "It is a year since Tarek El Moussa's explosive fight. Later Tarek added text to the snap."
    assert full_names(body, [(80, "Tarek")]) == ["Tarek El Moussa"]


def test_one_person_is_one_author_within_an_article() -> None:
    body = (
        "Reality star Kim Kardashian, 36, took to Twitter on Monday.\n\n"
        '"Or second or third brothel," Kardashian tweeted.\n\n'
        'Later Kim wrote on Instagram: "See you all soon, everyone."'
    )
    authors = {quote.author for quote in find_quotes(body, "a.txt", [])}
    assert authors == {"Kim Kardashian"}


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=80))
def test_an_author_is_never_a_number_or_lower_case_words(written: str) -> None:
    author = tidy_author(written)
    if author is not None and not author.startswith("@") and not author.islower():
        assert any(char.isalpha() for char in author)
        assert author[:1].isupper()


def test_a_shorter_name_of_the_same_person_is_the_longer_one_but_a_son_is_not() -> None:
    names = ["Sir Elton", "Sir Elton John", "James Decker", "Jessie James Decker", "Donald Trump", "Donald Trump Jr"]
    assert one_name_each(names) == [
        "Sir Elton John", "Sir Elton John", "Jessie James Decker", "Jessie James Decker", "Donald Trump",
        "Donald Trump Jr",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("body", "author"),
    [
        # the last subject is of the other gender, the one before is of the pronoun's: hers
        ('Rachel Lindsay met Peter Kraus. Lindsay had defended her picks. Kraus had first confessed his fears. '
         '"I want it," she wrote on Twitter.', "Rachel Lindsay"),
        ('Joanna Gaines joined Chip Gaines on stage. Chip took a photo. Joanna smiled. '
         '"We made it," he wrote on Instagram.', "Chip Gaines"),
        # a name of either sex (Taylor) or unknown decides nothing: the last subject stays
        ('Kanye West spoke. Taylor Swift took to Twitter. "Thank you," she wrote.', "Taylor Swift"),
        # no one of the pronoun's gender named: no author rather than one the pronoun cannot stand for (on the bulk
        # corpus the subject kept so was someone else 33 times in 36)
        ('Peter Kraus took to Twitter. "Thank you," she wrote.', None),
        # a subject with her age after her name
        ('Mia Lopez is on vacation. Lopez, 34, shared a photo of the view with Jordan Cruz. "Good times," she '
         "wrote.", "Mia Lopez"),
    ],
)
def test_a_pronoun_goes_to_a_person_of_its_gender_when_the_prose_names_one(body: str, author: str | None) -> None:
    quotes = find_quotes(body, "a.txt", [])
    assert [quote.author for quote in quotes] == [author]


@pytest.mark.parametrize(
    ("body", "author"),
    [
        # a place, an event, an outlet last named and no one else: no author rather than Los Angeles
        ('The couple was seen on Tuesday in Los Angeles. "Best night," he tweeted.', None),
        ('She wore a gown to the Met Gala. "What a night," she wrote on Instagram.', None),
        ('By Sara Moss\n\nUSA TODAY\n\nThe singer is engaged! "I said yes," she wrote on Twitter.', None),
        # a sentence's subject of the pronoun's gender before the event: hers
        ('Rita Mendez posted a photo. The Harvest Music Festival was canceled. "So sad," she wrote.', "Rita Mendez"),
        # before the event, a subject of the other gender only: no author
        ('Omar Lutz posted a photo. The Harvest Music Festival was canceled. "So sad," she wrote.', None),
        # before the event, a full name that is no sentence's subject: not sure enough, no author
        ('The event was created with partner Billy Shore. The Fyre Festival was a mess. "It was no scam," he wrote '
         "on Instagram.", None),
        # a person whose given name the table does not know, after a place: theirs as before
        ('Wiz Kalu was seen in Las Vegas. Kalu took to Twitter. "Thanks Vegas," he wrote.', "Wiz Kalu"),
    ],
)
def test_a_pronoun_never_goes_to_a_place_an_event_or_an_organisation(body: str, author: str | None) -> None:
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == [author]


def test_a_possessive_ending_is_no_part_of_a_full_name() -> None:
    body = "Serena Williams’ post went viral. Serena Williams won again. Later Serena wrote on Twitter."
    assert full_names(body, [(70, "Serena")]) == ["Serena Williams"]


def test_the_full_names_kept_for_the_last_body_are_never_another_bodys() -> None:
    first = "Kim Lee spoke. Later Kim said no."
    second = "Kim Park spoke. Later Kim said yes."
    assert [run for _, run in people._find_runs(first, "Kim")] == ["Kim Lee", "Later Kim"]
    assert (people._full_in(first, "Kim"), people._full_in(first, "Kim")) == ("Kim Lee", "Kim Lee")
    assert people._full_in(second, "Kim") == "Kim Park"
    assert people._full_in("".join(list(first)), "Kim") == people._full("Kim", people._name_runs(first, "Kim"))


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(["Kim", "Lee", "Kim Lee", "Later", "Actor", "Kim's", "Park", "said", ".", ",", "\n"]),
             max_size=30),
    st.lists(st.sampled_from(["Kim", "Lee", "Park"]), max_size=6),
)
def test_the_kept_full_names_are_what_the_runs_give(words: list[str], asked: list[str]) -> None:
    body = " ".join(words)
    fresh = {name: people._full_in("".join(list(body)), name) for name in asked}  # (each an equal text read afresh)
    for name in asked:  # asked in turn, as a body's quotes and pronouns ask, each answer from the cache after the first
        assert people._full_in(body, name) == fresh[name]


def _runs_in_full(body: str, name: str) -> list[tuple[int, str]]:
    """:func:`reactions.parse.people._find_runs` as first written: the run before every place searched for."""
    runs = []
    at = body.find(name)
    while at >= 0:
        end = at + len(name)
        if not people._word_char(body, at - 1) and (
            not people._word_char(body, end) or body.startswith(("’s", "'s"), end)
        ):
            if body[at - 1 : at] in (" ", "\t") and (
                before := people._CAPITALS_BEFORE_RE.search(body, max(0, at - 100), at)
            ):
                runs.append((before.start(), body[before.start() : end]))
            if (after := people._CAPITALS_AFTER_RE.match(body, end)) is not None:
                runs.append((at, body[at : after.end()]))
        at = body.find(name, end)
    return runs


_RUN_PIECES = ["Kim", "Kim's", "Kim’s", "Lee", "eBay", "said", "Dr.", "O'Neil", "x", "É", "é", "_", "-", "’", "'",
               " ", " ", "  ", "\t", "\n", ",", "(", "3", "A" * 31, "a" * 29, "McKim", "Kimberly"]  # fmt: skip


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_RUN_PIECES), max_size=40), st.sampled_from(["Kim", "Lee", "Kim Lee", "O'Neil"]))
def test_the_runs_with_a_name_are_what_reading_every_place_gives(pieces: list[str], name: str) -> None:
    """``_find_runs`` skips the search for a run before a place whose word before holds no capital: the same runs
    as searching before every place."""
    body = "".join(pieces)
    assert people._find_runs(body, name) == _runs_in_full(body, name)


_FLOOR_PIECES = ["Kim", "Lee", "McKim", "eBay", "O'Neil", "x", "É", "3", "A" * 31, "B" * 12, " ", "\t", "  ", ",", "\n"]


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.sampled_from(_FLOOR_PIECES), max_size=60), st.integers(min_value=0, max_value=400))
def test_the_run_before_a_place_is_found_from_its_floor_as_from_100_characters_back(
    pieces: list[str], place: int
) -> None:
    """``_run_floor`` starts the search past the fourth space or tab back: the same match (or none) as searching
    the 100 characters before."""
    body = "".join(pieces) + " Kim"
    at = min(place, len(body) - 3)
    if body[at - 1 : at] not in (" ", "\t"):
        at = len(body) - 3
    full = people._CAPITALS_BEFORE_RE.search(body, max(0, at - 100), at)
    floored = people._CAPITALS_BEFORE_RE.search(body, people._run_floor(body, at), at)
    assert (full and full.span()) == (floored and floored.span())


def test_a_names_headline_runs_look_for_a_bounded_number_of_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each look for a headline's word may read the whole body: one name's runs look for :data:`_ASKS` words at
    most, each once, however many headlines name it."""
    looked: list[str] = []
    real = people._in_prose
    monkeypatch.setattr(people, "_in_prose", lambda body, word: looked.append(word) or real(body, word))
    headlines = "".join(f"Tyga Word{i} Again Today\n\nTyga Word{i % 3} Again Today\n\n" for i in range(40))
    runs = people._name_runs(headlines + "Tyga wrote.", "Tyga")
    assert len(runs) == 80
    assert len(looked) == people._ASKS == len(set(looked))


def test_a_pronoun_no_one_is_named_for_takes_the_author_of_the_one_before() -> None:
    body = 'Ann Lee tweeted. "One," she tweeted. Subscribe to our newsletter! "Two," she tweeted. "Three," he said.'
    one, two, three = (body.index(w) - 1 for w in ("One", "Two", "Three"))
    quotes = [((one, one + 6), "she", "Ann Lee"), ((two, two + 6), "She", None), ((three, three + 8), "he", None)]
    assert chained(body, quotes) == ["Ann Lee", "Ann Lee", None]  # not across pronouns of the other gender
    named = body.replace("Subscribe to our newsletter!", "Then Bo Park spoke up.")
    two = named.index("Two") - 1
    assert chained(named, [quotes[0], ((two, two + 6), "she", None)]) == ["Ann Lee", None]  # someone named between


@pytest.mark.parametrize(
    ("written", "tidy"),
    [
        # a role word right after a given name of the table is a family name
        ("Tamra Judge", "Tamra Judge"),
        ("John Legend wrote", "John Legend"),
        # a role before a name, after a run that is no given name, or alone stays a role
        ("Judge Tamra Ross", "Tamra Ross"),
        ("Breaking Bad Star", "star"),
        ("the star", "star"),
    ],
)
def test_a_role_word_after_a_given_name_is_a_family_name(written: str, tidy: str) -> None:
    assert tidy_author(written) == tidy


@pytest.mark.parametrize(
    ("written", "author"),
    [
        # "they" and "we" stand for a couple, a family or an unnamed poster, not the one person named last
        ("they", None),
        ("we", None),
        ("They", None),
        # one person's pronoun, and a name, still resolve
        ("she", "Rita Vance"),
        ("Vance", "Vance"),
    ],
)
def test_a_plural_pronoun_names_no_one_person(written: str, author: str | None) -> None:
    body = (f"Singers Tom Adler and Rita Vance announced on Monday that they were splitting up.\n\n“We tried hard "
            f"for years,” {written} said in separate posts.")
    assert author_of(body, body.index("“"), written, None) == author


@pytest.mark.parametrize("written", ["You", "you", "Me", "Them"])
def test_a_pronoun_of_the_first_or_second_person_names_no_one(written: str) -> None:
    assert tidy_author(written) is None


def test_you_is_never_made_a_full_name_the_article_writes() -> None:
    body = "Adore You is her song.\n\nYou posted a video, and I tweeted, “Love you, Ann.”"
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == [None]


@pytest.mark.parametrize(
    ("body", "author"),
    [
        # the family's full name written most is her father's: hers is the one of the pronoun's gender
        ("Husband Quillon Vell and daughter Mira Vell came too. Quillon Vell spoke, and Quillon Vell waved. Later, "
         'Vell shared a picture of herself on Instagram. "Licensed at last," she captioned it.', "Mira Vell"),
        # a company written more often than the man's full name
        ("Tom Vexley runs Vexley Holdings. Vexley Holdings grew. Vexley Holdings hired. Vexley posted on Twitter. "
         '"Big news," he tweeted.', "Tom Vexley"),
        # the full name written most is of the pronoun's gender already: as before
        ("Mira Vell and Mira Vell's father Oren Vell smiled. Vell posted a photo. \"So proud,\" she wrote.",
         "Mira Vell"),
    ],
)
def test_a_family_name_is_the_full_name_of_the_pronouns_gender(body: str, author: str) -> None:
    assert [quote.author for quote in find_quotes(body, "a.txt", [])] == [author]


def test_full_names_without_pronouns_keep_the_name_written_most() -> None:
    body = "Oren Vell and Mira Vell. Oren Vell spoke. Vell wrote."
    assert full_names(body, [(44, "Vell")]) == ["Oren Vell"]
    assert full_names(body, [(44, "Vell")], ["she"]) == ["Mira Vell"]
    assert full_names(body, [(44, "Vell")], ["they"]) == ["Oren Vell"]


def test_a_pronoun_agrees_with_a_family_name_two_people_share() -> None:
    """``he`` may stand for ``Marsh`` when the article writes ``Olga Marsh`` most but also ``Peter Marsh``."""
    body = (
        "Olga Marsh married Peter Marsh in 1990. Olga Marsh later wrote a memoir, and Olga Marsh toured with it. "
        "A friend said the couple split after a visit from Prince Albert. "
        'In a tweet that Marsh later deleted, he wrote: "Best decision of my life, no regrets at all."'
    )

    def authors(text: str) -> list[str | None]:
        return [quote.author for quote in find_quotes(text, "a.txt", [])]

    assert authors(body) == ["Peter Marsh"]
    assert authors(body.replace("he wrote", "she wrote")) == ["Olga Marsh"]  # the most written, as before
    alone = body.replace("Peter Marsh", "Peter Lund")  # no Marsh of the pronoun's gender: the man named before
    assert authors(alone) == ["Prince Albert"]
