"""reactions._vader: VADER's rules written out must score and explain exactly like VADER's own methods.

The reference is the engine of commit c3389e6 (``tests/vader_reference.py``), which called
``SentiText``, ``sentiment_valence``, ``_but_check`` and ``score_valence`` themselves.  Every
comparison is exact (``==`` on floats): the rules are written with the same operations in the
same order, so there is no rounding difference to allow for.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vader_reference import ReferenceEngine
from vaderSentiment.vaderSentiment import BOOSTER_DICT, NEGATE, SPECIAL_CASES, SentimentIntensityAnalyzer

from reactions import _vader as vader
from reactions import _vader_rules as vader_rules
from reactions import sentiment

GROUND_TRUTH = Path(__file__).resolve().parents[2] / "shared" / "sentiment" / "vader_tweets_groundtruth.tsv"

ANALYZER = sentiment.analyzer()
LEXICON_WORDS = sorted(ANALYZER.lexicon)
MODIFIERS = sorted(
    {*BOOSTER_DICT, *NEGATE, *SPECIAL_CASES, *(w for k in SPECIAL_CASES for w in k.split())}
    | {"but", "no", "least", "at", "very", "never", "so", "this", "without", "doubt", "or", "nor", "kind", "of"}
    | {"sort", "isn't", "wasn't", "n't", "kinda", "not", "NOT", "But", "BUT"}
)
SENTIMENT = [
    "good",
    "bad",
    "love",
    "hate",
    "great",
    "nice",
    "okay",
    "sad",
    "happy",
    "no",
    "like",
    "kind",
    "doubt",
    "yay",
]
RULES = [  # what VADER's rules look for before or after a word
    "at least", "very least", "least", "without doubt", "without a doubt", "never so", "never this", "kind of",
    "sort of", "just enough", "no or", "no nor", "not so", "is this", "the bus stop", "isn't", "no no", "very VERY",
]  # fmt: skip
OTHER = ["the", "a", "I", "it", "movie", "lol", ":)", ":(", ":-D", "<3", "&lt;3", "sooo", "loooove", "x", "ok", "."]
EMOJI = ["😂", "❤️", "😍", "😭", "🙏", "👍🏽", "🔥", "😡", "🇺🇸", "🏳️‍🌈", "💔", "😊", "❤️‍🔥", "🥹", "\u200d", "\ufe0f"]
CUSTOM = {"based": 2.0, "hot mess": -2.5, "🐐": 3.0, "ratio": -1.5, "least": 1.2, "but": 0.5, "meh": 0.0, "kind": 3}

word = st.one_of(
    *map(st.sampled_from, (LEXICON_WORDS, SENTIMENT, MODIFIERS, RULES, [*SPECIAL_CASES], [*CUSTOM], OTHER, EMOJI)),
    st.builds("{} {}".format, st.sampled_from(RULES), st.sampled_from(SENTIMENT)),
)
case = st.sampled_from([str, str, str.upper, str.title])
edge = st.sampled_from(["", "", "", "!", "!!", "?", "??", "...", ",", ".", "'", '"', "(", ":"])
separator = st.sampled_from([" ", " ", " ", " ", "", "  ", "\n"])
token = st.builds(lambda pre, w, f, post, sep: pre + f(w) + post + sep, edge, word, case, edge, separator)


def texts(max_size: int) -> st.SearchStrategy[str]:
    """Texts of up to ``max_size`` tokens, now and then all in capitals (VADER's caps rules then differ)."""
    shout = st.sampled_from([False, False, False, True])
    return st.builds(
        lambda words, upper: "".join(words).upper() if upper else "".join(words),
        st.lists(token, max_size=max_size),
        shout,
    )


def read_ground_truth() -> list[str]:
    if not GROUND_TRUTH.exists():
        pytest.skip(f"{GROUND_TRUTH} not found")
    return [line.split("\t", 2)[2] for line in GROUND_TRUTH.read_text(encoding="utf-8").splitlines()[1:]]


def engines(lexicon: dict[str, float]) -> tuple[vader.Engine, ReferenceEngine]:
    engine = vader.Engine(ANALYZER, lexicon)
    return engine, ReferenceEngine(engine)


def raw_tuple(text: str) -> tuple[float, float, float, float]:
    result = SentimentIntensityAnalyzer.polarity_scores(ANALYZER, text)
    return (result["compound"], result["pos"], result["neu"], result["neg"])


@pytest.mark.parametrize("lexicon", [{}, CUSTOM], ids=["vader", "custom"])
def test_ground_truth_tweets_identical_to_reference(lexicon):
    engine, reference = engines(lexicon)
    for text in read_ground_truth():  # 4,200 tweets: compound, pos, neu, neg and every driver
        assert engine.analyse(text) == reference.analyse(text), text


RULE_CASES = [
    "very least good", "at least good", "least good", "the least good", "VERY GOOD", "very GOOD stuff", "very no good",
    "very meh", "no good", "no, not good", "no or good", "no nor bad", "no bad or good", "never so good",
    "never this bad", "it was so good", "without doubt good", "without a doubt good", "kind of good",
    "sort of a bad movie", "just enough good", "the shit", "this is the shit", "the bomb", "yeah right", "bad ass",
    "kiss of death", "to die for", "beating heart", "the bus stop", "isn't good", "is not good", "don't love",
    "not very good", "NOT good at ALL", "good but bad", "good, BUT bad!!", "but but good", "kind of", "no",
    "not okay 😭", "very 😍", "no 😍 no", "least 😍", "I can't believe it 💔💔", "hot   mess", "so based 🐐",
]  # fmt: skip


def test_generated_corpus_posts_identical_to_reference(corpus_generator):
    # the posts of benchmarks/generate_corpus.py: links, hashtags, emoji, "...", as the pipeline scores them
    generator = corpus_generator.Generator(7, 0.1)
    engine, reference = engines({})
    for text in (generator.post_text() for _ in range(2000)):
        assert engine.analyse(text) == reference.analyse(text), text


@pytest.mark.parametrize("lexicon", [{}, CUSTOM], ids=["vader", "custom"])
@pytest.mark.parametrize("text", RULE_CASES)
def test_each_rule_identical_to_reference(lexicon, text):
    engine, reference = engines(lexicon)
    assert engine.analyse(text) == reference.analyse(text)
    assert engine.analyse(text.upper()) == reference.analyse(text.upper())
    assert engine.analyse(f"so it is: {text}!") == reference.analyse(f"so it is: {text}!")


@pytest.mark.parametrize("lexicon", [{}, CUSTOM], ids=["vader", "custom"])
@settings(max_examples=400, deadline=None)
@given(text=texts(40))
def test_generated_texts_identical_to_reference(lexicon, text):
    engine, reference = engines(lexicon)
    assert engine.analyse(text) == reference.analyse(text)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([*LEXICON_WORDS[::40], "but", "not", "very", "😍"]), min_size=60, max_size=300))
def test_long_texts_identical_to_reference(words):
    # over 64 tokens the reference switches to its O(n log n) "but" rule; over 64 valences, so does the engine
    engine, reference = engines({})
    text = " ".join(words)
    assert engine.analyse(text) == reference.analyse(text)


@settings(max_examples=300, deadline=None)
@given(text=texts(40))
def test_scores_identical_to_raw_vader_where_nothing_is_fixed(text):
    engine = vader.Engine(ANALYZER, {})
    prepared = engine.prepare(text)
    if prepared.text == text and text.isascii():  # no link, entity, elongation or emoji to fix
        assert engine.analyse(text).scores == raw_tuple(text)


def test_score_text_and_frame_agree_with_the_reference():
    texts_ = read_ground_truth()[:500]
    _, reference = engines({})
    sentiment.clear_cache()
    frame = sentiment.score_frame(pd.DataFrame({"text": texts_}))
    for k, text in enumerate(texts_):
        expected = reference.analyse(text)
        scores = sentiment.score_text(text)
        assert (scores.compound, scores.pos, scores.neu, scores.neg) == expected.scores
        assert tuple(frame.loc[k, ["compound", "pos", "neu", "neg"]]) == expected.scores
        assert frame.loc[k, "drivers"] == sentiment.format_terms(expected.terms)


# --- the "but" rule ------------------------------------------------------------------------------


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from([0, 0.0, 0.5, -1.0, 1.9, 0.95, 0.475, -2.5, 3.0, 3]), max_size=150),
    st.integers(min_value=0, max_value=149),
)
def test_but_check_identical_to_vader(values, at):
    words = ["w"] * len(values)
    if values:
        words[at % len(values)] = "But"
    expected = SentimentIntensityAnalyzer._but_check(list(words), list(values))
    assert vader.but_check(words, values) == expected


# --- linear time ------------------------------------------------------------------------------------


class Reads(list[str]):
    """A token list that records which positions are read."""

    def __init__(self, items: list[str]) -> None:
        super().__init__(items)
        self.read: list[int] = []

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        self.read.extend(range(*index.indices(len(self))) if isinstance(index, slice) else [index])
        return super().__getitem__(index)


def reads_per_word(text: str) -> list[tuple[int, list[int], int, int]]:
    """``(token, positions read, lo, hi)`` of every valence the engine computes for ``text``."""
    calls = []
    original = vader.Engine.valence

    def spy(self, tokens, lowered, i, lo, hi, cap_diff):  # type: ignore[no-untyped-def]
        tokens, lowered = Reads(tokens), Reads(lowered)
        result = original(self, tokens, lowered, i, lo, hi, cap_diff)
        calls.append((i, tokens.read + lowered.read, lo, hi))
        return result

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(vader.Engine, "valence", spy)
        vader.Engine(ANALYZER, {}).analyse(text)
    return calls


def test_each_word_reads_three_tokens_before_and_two_after():
    calls = reads_per_word("no the very good , not so bad kind of nice, without doubt the shit yeah right " * 50)
    assert len(calls) > 200
    assert all(i - 3 <= j <= i + 2 and lo <= j < hi for i, read, lo, hi in calls for j in read)


def test_an_emoji_flood_reads_only_its_own_description():
    calls = reads_per_word("not 😍 " * 300)  # "smiling face with heart-eyes"
    assert len(calls) == 300  # "smiling", once per emoji
    assert all(lo <= j < hi and hi - lo == 4 for _, read, lo, hi in calls for j in read)


@pytest.mark.parametrize(
    "text",
    ["good " * 100_000, "not very good but bad " * 25_000, "😍" * 20_000, "love but hate " * 30_000, "no " * 100_000],
    ids=["words", "rules", "emoji", "but", "no"],
)
def test_floods_score(text):
    # Not a timing target (benchmarks/sentiment_speed.py is): a quadratic rule would take minutes here.
    scores = vader.Engine(ANALYZER, {}).analyse(text).scores
    assert -1 <= scores[0] <= 1


# --- shortcuts ------------------------------------------------------------------------------------


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from([*"aaAbZ.. !1_", "ééé", "ß", "²", "三", "ooo", "...", "😂😂😂"])).map("".join))
def test_letter_run_shortcut_finds_what_a_letter_search_finds(text):
    assert vader_rules.has_letter_run(text) == (
        vader_rules.TRIPLE.search(text) is not None and bool(vader_rules.LETTER_RUN.search(text))
    )


@settings(max_examples=400, deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from("ab:)(.,!?'-_#@<3xD é"), min_size=1, max_size=6)
               .filter(lambda t: t.strip() == t and " " not in t), min_size=1, max_size=12))
def test_sentitext_words_are_sentitexts(tokens: list[str]) -> None:
    """``sentitext_words`` (which looks again only at the tokens ``strip`` changed) gives SentiText's words."""
    from vaderSentiment.vaderSentiment import SentiText

    assert vader_rules.sentitext_words(tokens) == SentiText(" ".join(tokens)).words_and_emoticons
