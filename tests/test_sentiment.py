"""reactions.sentiment and reactions._vader: VADER's scores, tweet defects fixed, drivers, lexicon, overrides.

Every defect test asserts raw VADER 3.3.2's wrong behaviour first, so it proves the defect exists.
"""

from __future__ import annotations

import math
import pickle
from pathlib import Path

import emoji
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from vaderSentiment.vaderSentiment import SentimentIntensityAnalyzer

from reactions import _vader as vader
from reactions import sentiment
from reactions.sentiment import Driver, Scores, Thresholds, explain, format_drivers, has_text, score_frame, score_text

GROUND_TRUTH = Path(__file__).resolve().parents[2] / "shared" / "sentiment" / "vader_tweets_groundtruth.tsv"


@pytest.fixture(scope="module")
def raw() -> SentimentIntensityAnalyzer:
    """A separate, untouched VADER: the reference."""
    return SentimentIntensityAnalyzer()


def as_tuple(scores: Scores) -> tuple[float, float, float, float]:
    return (scores.compound, scores.pos, scores.neu, scores.neg)


def raw_tuple(raw: SentimentIntensityAnalyzer, text: str) -> tuple[float, float, float, float]:
    result = raw.polarity_scores(text)
    return (result["compound"], result["pos"], result["neu"], result["neg"])


# --- defect 1: emoji of several code points -------------------------------------------------


@pytest.mark.parametrize(
    ("with_sequence", "single", "why"),
    [
        ("I love you ❤️", "I love you ❤", "U+FE0F variation selector"),
        ("so sad 🙍🏽", "so sad 🙍", "skin tone modifier"),
        ("this 💑🏿 is us", "this 💑 is us", "skin tone modifier"),
    ],
)
def test_multi_codepoint_emoji_score_like_their_base(raw, with_sequence, single, why):
    # raw VADER drops the heart after FE0F, and reads a skin tone as three more words ("medium skin tone")
    assert raw_tuple(raw, with_sequence) != raw_tuple(raw, single), why
    assert score_text(with_sequence) == score_text(single)
    assert [d.term for d in explain(with_sequence) if d.kind == "emoji"] == [
        t for t in with_sequence.split() if not t.isascii()
    ]


def test_fe0f_heart_is_ignored_by_raw_vader_but_not_by_us(raw):
    assert raw.polarity_scores("I love you ❤️")["compound"] == raw.polarity_scores("I love you")["compound"]
    assert score_text("I love you ❤️").compound > raw.polarity_scores("I love you")["compound"]


def test_zwj_sequence_is_one_emoji(raw):
    # raw VADER reads "❤️‍🔥" (heart on fire) as a broken token plus "fire": negative
    assert raw.polarity_scores("❤️‍🔥")["compound"] < 0
    assert score_text("❤️‍🔥").label == "positive"
    assert [d.term for d in explain("❤️‍🔥")] == ["❤️‍🔥"]


def test_flag_glued_to_a_word_no_longer_hides_it(raw):
    assert raw.polarity_scores("I love🇺🇸")["compound"] == 0.0
    assert score_text("I love🇺🇸").compound == raw.polarity_scores("I love")["compound"]


def test_a_flag_is_neutral_whatever_the_country_is_called():
    assert score_text("🇺🇸 🇬🇧 🇦🇪").compound == 0.0  # "United" is +1.8 in VADER's lexicon


# --- defect 2: emoji glued to a word ---------------------------------------------------------


def test_emoji_glued_to_a_word_is_separated(raw):
    assert raw.polarity_scores("😂lol")["compound"] < 0  # "joylol": the laugh flips to negative
    assert score_text("😂lol").compound == raw.polarity_scores("😂 lol")["compound"] > 0.5
    assert score_text("lol😂😂").compound == raw.polarity_scores("lol 😂 😂")["compound"]


# --- defect 3: non-str input ------------------------------------------------------------------


@pytest.mark.parametrize("value", [None, float("nan"), pd.NA])
def test_missing_text_is_neutral_zeros(raw, value):
    with pytest.raises(TypeError):
        raw.polarity_scores(value)
    assert score_text(value) == Scores(0.0, 0.0, 0.0, 0.0, "neutral")
    assert explain(value) == ()


def test_bytes_are_decoded(raw):
    with pytest.raises(TypeError):
        raw.polarity_scores(b"I love it \xf0\x9f\x98\x82")
    assert score_text(b"I love it \xf0\x9f\x98\x82") == score_text("I love it 😂")
    assert score_text(b"\xff\xfe broken") == score_text("\ufffd\ufffd broken")


# --- defect 4: quadratic time ---------------------------------------------------------------


def rule_context_sizes(analyzer: object, run: object) -> list[int]:
    """The number of tokens VADER's negation rule is handed on each call while ``run`` runs."""
    sizes: list[int] = []
    original = SentimentIntensityAnalyzer._negation_check

    def spy(valence, words, start_i, i):  # type: ignore[no-untyped-def]
        sizes.append(len(words))
        return original(valence, words, start_i, i)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(SentimentIntensityAnalyzer, "_negation_check", staticmethod(spy))
        run()  # type: ignore[operator]
    return sizes


def test_raw_vaders_rules_read_the_whole_text(raw):
    # raw VADER hands every rule the whole text: O(n) per word, O(n²) in all.  reactions' rules read
    # three tokens before a word and two after, and an emoji's words only (tests/test_vader.py).
    flood = "the good " * 300
    assert min(rule_context_sizes(raw, lambda: raw.polarity_scores(flood))) == 600
    assert max(rule_context_sizes(raw, lambda: raw.polarity_scores("😍 " * 300))) >= 1200
    engine = vader.Engine(sentiment.analyzer(), {})
    assert rule_context_sizes(raw, lambda: engine.analyse(flood)) == []  # VADER's rules, written out


def test_long_flood_with_but_scores_fast_and_like_vader(raw):
    text = "love but hate " * 150  # raw VADER's _but_check is O(n²) in list.index calls
    ours = vader.Engine(sentiment.analyzer(), {}).analyse(text)
    assert ours.scores == raw_tuple(raw, text)


WORDS = [
    "good",
    "bad",
    "love",
    "hate",
    "not",
    "never",
    "very",
    "kind",
    "of",
    "no",
    "but",
    "least",
    "at",
    "the",
    "shit",
    "bomb",
    "GREAT",
    "HORRIBLE",
    "so",
    "this",
    "without",
    "doubt",
    "sort",
    "lol",
    ":)",
    "ok",
    "okay",
    "sux",
    "isn't",
    "yeah",
    "right",
    "a",
    "movie",
    "!",
    "?",
    "nor",
    "or",
    "kinda",
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(WORDS), max_size=120), st.sampled_from(["", "!", "!!", "??", "!?!"]))
def test_valences_identical_to_vader_at_any_length(raw, words, tail):
    text = " ".join(words) + tail
    assert vader.Engine(sentiment.analyzer(), {}).analyse(text).scores == raw_tuple(raw, text)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([0, 0.5, -1.0, 1.9, 0.95, 0.475, -2.5, 3.0]), min_size=65, max_size=200))
def test_but_check_identical_to_vader(values):
    words = ["w"] * len(values)
    words[len(values) // 3] = "But"
    expected = SentimentIntensityAnalyzer._but_check(list(words), list(values))
    assert vader.but_check(words, values) == expected


def read_ground_truth() -> list[str]:
    if not GROUND_TRUTH.exists():
        pytest.skip(f"{GROUND_TRUTH} not found")
    return [line.split("\t", 2)[2] for line in GROUND_TRUTH.read_text(encoding="utf-8").splitlines()[1:]]


def test_ground_truth_tweets_score_exactly_as_raw_vader(raw):
    texts = read_ground_truth()
    engine = vader.Engine(sentiment.analyzer(), {})
    for text in texts:  # no emoji here; entities (&lt;3) decoded, links (bit.ly/x) dropped, "sooo" shortened
        assert as_tuple(score_text(text)) == raw_tuple(raw, engine.prepare(text).text), text
    plain = [t for t in texts if engine.prepare(t).text == t]  # "http://url_removed" is no link
    assert len(plain) > 3900
    assert all(as_tuple(score_text(t)) == raw_tuple(raw, t) for t in plain)


@pytest.mark.parametrize(
    ("stretched", "word"),
    [("I am SOOO excited", "I am SO excited"), ("loooove it", "love it"), ("goooood night", "good night"),
     ("nooooot happy", "not happy"), ("yaaaay", "yay")],
)  # fmt: skip
def test_elongated_words_count_as_the_word(raw, stretched, word):
    assert raw.polarity_scores(stretched) != raw.polarity_scores(word)
    assert score_text(stretched) == score_text(word)


def test_unknown_elongated_words_stay():
    assert sentiment.prepare_text("Frrrrrkkkk bosssss") == "Frrrrrkkkk bosssss"


@pytest.mark.parametrize(
    ("typographic", "ascii_text"),
    [("I don’t love it", "I don't love it"), ("It isn‘t good", "It isn't good"), ("“Great” job", '"Great" job'),
     ("so good…", "so good..."), ("good—really good", "good - really good"), ("great！！", "great!!")],
)  # fmt: skip
def test_typographic_punctuation_reads_as_ascii(raw, typographic, ascii_text):
    assert raw.polarity_scores(typographic) != raw.polarity_scores(ascii_text)
    assert as_tuple(score_text(typographic)) == raw_tuple(raw, ascii_text)


def test_html_entities_are_decoded(raw):
    assert raw.polarity_scores("Get well soon &lt;3")["compound"] == 0.2732  # "&lt;3" is no emoticon
    assert score_text("Get well soon &lt;3") == score_text("Get well soon <3")
    assert score_text("Get well soon <3").compound > 0.5


# --- improvements beyond the defects ----------------------------------------------------------


def test_negation_does_not_reach_into_an_emoji(raw):
    assert raw.polarity_scores("I am not okay 😭")["compound"] > 0  # 😭's "crying" negated
    assert score_text("I am not okay 😭").label == "negative"


@pytest.mark.parametrize(
    "text",
    ["great https://example.com/a?b=1&c=2?d=3", "great pic.twitter.com/AbC123", "great www.example.com/a?b"],
)
def test_links_are_not_words(text):
    assert score_text(text) == score_text("great")


@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_text_scores_in_range(text):
    scores = score_text(text)
    assert -1 <= scores.compound <= 1
    assert scores.label in sentiment.LABELS
    shares = scores.pos + scores.neu + scores.neg
    assert shares == 0 or math.isclose(shares, 1, abs_tol=0.01)


# --- labels, drivers ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("compound", "label"),
    [(0.05, "positive"), (0.0499, "neutral"), (0.0, "neutral"), (-0.0499, "neutral"), (-0.05, "negative")],
)
def test_label_thresholds(compound, label):
    assert sentiment.POSITIVE_THRESHOLD == 0.05
    assert sentiment.NEGATIVE_THRESHOLD == -0.05
    assert Thresholds().label(compound) == label


def test_drivers_follow_vaders_rules():
    drivers = {d.term: d for d in explain("The food was not good, but the staff were VERY nice!!")}
    assert drivers["good"].valence < 0  # negated, and halved before "but"
    assert drivers["nice"].valence > 1.8 * 1.5  # boosted by caps "VERY", ×1.5 after "but"
    assert drivers["!!"].kind == "punctuation"
    idiom = explain("With VADER, sentiment analysis is the shit!")
    assert next((d.term, d.valence, d.kind) for d in idiom) == ("the shit", 3.0, "idiom")


def test_drivers_column_is_compact_and_ordered_by_strength():
    assert format_drivers(explain("I love it but he is an abuser 😡😡")) == "abuser -3.9; love +1.6"
    assert format_drivers(()) == ""
    assert format_drivers([Driver("meh", 0.04, "word"), Driver("ok", -0.06, "word")]) == "ok -0.1"
    assert format_drivers([Driver(f"w{i}", i, "word") for i in range(1, 6)], limit=2) == "w5 +5.0; w4 +4.0"


def test_records_pickle():
    value = (score_text("great"), explain("great!"))
    assert pickle.loads(pickle.dumps(value)) == value


# --- custom lexicon ----------------------------------------------------------------------------


def test_custom_words_phrases_and_emoji():
    lexicon = {"based": 2.0, "hot mess": -2.5, "🐐": 3.0, "ratio": -1.5, "vibes are off": -2.0}
    assert score_text("so based").compound == 0.0
    assert score_text("so based", lexicon=lexicon).label == "positive"
    assert score_text("what a HOT   mess", lexicon=lexicon).label == "negative"
    assert score_text("the vibes are OFF", lexicon=lexicon).label == "negative"
    offline = "the vibes are offline"  # whole words only
    assert score_text(offline, lexicon=lexicon) == score_text(offline)
    assert score_text("the 🐐🏽", lexicon=lexicon).label == "positive"
    terms = [(d.term, d.kind) for d in explain("not a hot mess 🐐 ratio", lexicon=lexicon)]
    assert terms == [("hot mess", "phrase"), ("🐐", "emoji"), ("ratio", "word")]
    assert explain("not a hot mess", lexicon=lexicon)[0].valence > 0  # VADER's negation applies


def test_custom_lexicon_overrides_vaders_word_and_leaves_the_shared_analyzer_alone():
    assert score_text("sick beat", lexicon={"sick": 2.5}).label == "positive"
    assert score_text("sick beat").label == "negative"
    assert "based" not in sentiment.analyzer().lexicon


# --- score_frame --------------------------------------------------------------------------------


@pytest.fixture
def frame() -> pd.DataFrame:
    texts = ["I love this 😍", None, "awful. just awful", "I love this 😍", "meh"]
    return pd.DataFrame({"id": pd.array(["a", "b", "c", "d", "e"], dtype="string"),
                         "text": pd.array(texts, dtype="string")})  # fmt: skip


def test_score_frame_columns_and_dtypes(frame):
    scored = score_frame(frame)
    assert list(scored.columns) == ["id", "text", *sentiment.SENTIMENT_COLUMNS]
    assert all(scored[c].dtype == "float64" for c in ("compound", "pos", "neu", "neg"))
    assert scored["sentiment"].dtype == sentiment.SENTIMENT_DTYPE
    assert list(scored["sentiment"].cat.categories) == ["negative", "neutral", "positive"]
    assert scored["sentiment"].cat.ordered
    assert scored["overridden"].dtype == bool
    assert not scored["overridden"].any()
    labels = scored["sentiment"].tolist()
    assert labels[0] == "positive"
    assert labels[2:] == ["negative", "positive", "negative"]
    assert pd.isna(labels[1])  # a missing text is not scored, never counted as neutral
    assert scored.loc[1, ["compound", "pos", "neu", "neg"]].isna().all()
    assert scored.loc[1, "drivers"] == ""
    assert scored.loc[0, "drivers"].startswith("love +3.2")
    assert scored["sentiment"].min() == "negative"  # ordered: comparisons work


def test_identical_texts_are_scored_once(frame):
    sentiment.clear_cache()
    score_frame(frame)
    assert sentiment.analyse.cache_info().misses == 3  # 5 rows, one missing, one repeated


def test_overrides_replace_the_label_and_say_so(frame):
    scored = score_frame(frame, overrides={"c": "positive", "zz": "negative"})
    assert scored.loc[2, "sentiment"] == "positive"
    assert scored.loc[2, "overridden"]
    assert scored.loc[2, "compound"] < 0  # the score itself stays VADER's
    assert scored["overridden"].sum() == 1
    with pytest.raises(ValueError, match="unknown sentiment label"):
        score_frame(frame, overrides={"c": "great"})


def test_rescoring_replaces_the_columns(frame):
    once = score_frame(frame)
    twice = score_frame(once, lexicon={"meh": 3.0}, thresholds=Thresholds(-0.5, 0.5))
    assert list(twice.columns) == list(once.columns)
    assert twice.loc[4, "sentiment"] == "positive"
    assert twice.loc[2, "sentiment"] == "negative"


def test_empty_frame():
    scored = score_frame(pd.DataFrame({"id": pd.array([], dtype="string"), "text": pd.array([], dtype="string")}))
    assert list(scored.columns)[2:] == list(sentiment.SENTIMENT_COLUMNS)
    assert scored.empty
    assert scored["sentiment"].dtype == sentiment.SENTIMENT_DTYPE


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from([*WORDS, "😂", "❤️", "😭", "💔", "🇺🇸"]), max_size=40))
def test_drivers_column_agrees_with_explain(words):
    text = " ".join(words)
    scored = score_frame(pd.DataFrame({"id": ["x"], "text": [text]}))
    assert scored.loc[0, "drivers"] == format_drivers(explain(text))


def without_tones(sequence: str) -> str:
    return "".join(c for c in sequence if not 0x1F3FB <= ord(c) <= 0x1F3FF)


TONED = sorted(  # emoji with a skin tone whose toneless form is an emoji too
    e for e in emoji.EMOJI_DATA if without_tones(e) != e and without_tones(e) in emoji.EMOJI_DATA
)


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(TONED), st.sampled_from(["I love it ", "so sad ", "", "not ok "]), st.booleans())
def test_skin_tones_never_change_a_score(toned, words, glued):
    base = without_tones(toned)
    sep = "" if glued else " "
    assert score_text(words + sep + toned) == score_text(words + sep + base)
    assert [d.valence for d in explain(words + toned)] == [d.valence for d in explain(words + base)]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from([*"ab !?.'’“”…", "\u200d", "\ufe0f", "🏽", "🇺", "😂", "❤", "&lt;", "soooo"])).map("".join)
)
def test_emoji_soup_never_raises(text):
    scores = score_text(text)
    assert -1 <= scores.compound <= 1
    assert all(isinstance(d.term, str) and d.term for d in explain(text))


def format_terms_without_memo(terms, limit=sentiment.DRIVER_LIMIT):
    """format_terms as it was before it remembered rounded and formatted valences."""
    totals: dict[str, float] = {}
    for term, valence, *_ in terms:
        totals[term] = totals.get(term, 0.0) + round(valence, 2)
    if len(totals) > 1:
        totals = dict(sorted(totals.items(), key=lambda item: -abs(item[1])))
    parts = [f"{term} {valence:+.1f}" for term, valence in totals.items()]
    return "; ".join([part for part in parts if not part.endswith(("+0.0", "-0.0"))][:limit])


valences = st.one_of(
    st.floats(-12, 12, allow_nan=False),
    st.sampled_from([0, 0.0, -0.0, 3, -2, 0.05, -0.05, 0.049999, 0.149999, 0.15, 1.9, -2.5, 0.292, -0.0972]),
)


@settings(max_examples=500, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["good", "bad", "😂", "!!"]), valences, st.just("word")), max_size=8))
def test_format_terms_remembers_without_changing_anything(terms):
    sentiment.clear_cache()
    assert format_terms_without_memo(terms) == sentiment.format_terms(terms) == sentiment.format_terms(terms)


def test_score_frame_reads_with_vader_only_the_rows_in_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A row in another language gets its own lexicon's scores (or none): VADER does not read it first."""
    frame = pd.DataFrame({
        "id": ["a", "b", "c", "d"],
        "text": ["so happy today", "Das ist eine gute Nachricht!", "so happy today", "これは良いニュースです"],
        "lang": ["en", "de", "und", "ja"],
    })  # fmt: skip
    read: list[object] = []
    analysis = sentiment._frame_analysis
    monkeypatch.setattr(sentiment, "_frame_analysis", lambda engine, text: read.append(text) or analysis(engine, text))
    scored = score_frame(frame)
    assert read == ["so happy today"]
    english = score_frame(frame.drop(columns=["lang"])).iloc[0]
    assert scored.iloc[0][["compound", "pos", "neu", "neg", "sentiment", "drivers"]].tolist() == english[
        ["compound", "pos", "neu", "neg", "sentiment", "drivers"]].tolist()
    assert scored["drivers"].tolist()[:2] == ["happy +3.0", "GPL-de (de): gute +3.0"]
    assert math.isnan(scored["compound"].tolist()[2])
    assert math.isnan(scored["compound"].tolist()[3])


@pytest.mark.parametrize(("text", "expected"), [("", False), ("  \n", False), (None, False), ("👍", True), ("a", True)])
def test_has_text(text: object, expected: bool) -> None:
    assert has_text(text) is expected


def test_score_frame_scores_the_whole_post_of_a_post_quoted_in_pieces() -> None:
    frame = pd.DataFrame({
        "id": pd.array(["a", "b"], dtype="string"),
        "text": pd.array(["The season is over", "The season is over"], dtype="string"),
        "continued": pd.array(["I hate how it ended, awful.", pd.NA], dtype="string"),
    })  # fmt: skip
    scored = score_frame(frame)
    assert scored["sentiment"].tolist() == ["negative", "neutral"]
    assert "hate" in scored.loc[0, "drivers"]
    assert scored.loc[0, "compound"] == score_text("The season is over I hate how it ended, awful.").compound
