"""reactions.sentiment_model, sentiment_train and scorers: the optional model, fair by construction and explained
term by term, and the choice of scorer per run."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from reactions import cli, cli_sentiment, export, scorers, sentiment
from reactions import sentiment_model as sm
from reactions import sentiment_train as st
from reactions.errors import InputError

POSITIVE = ("what a lovely day", "so happy with this", "love it, great work", "brilliant game tonight",
            "best news ever", "thank you so much, wonderful")  # fmt: skip
NEGATIVE = ("this is awful", "so sad and angry", "worst day ever", "terrible news, hate it",
            "disgusting behaviour", "what a disaster")  # fmt: skip
NEUTRAL = ("the meeting is at noon", "new episode airs on friday", "the report was published",
           "we are going to the store", "the game starts at eight", "read the article here")  # fmt: skip


def hand_model(terms: dict[str, tuple[float, float, float]], names: frozenset[str] = frozenset()) -> sm.Model:
    """A model whose weights are given (rows: negative, neutral, positive)."""
    weights = np.array(list(terms.values()), dtype=np.float64).reshape(len(terms), 3)
    dense = np.array([[-1.0, 0.0, 1.0], [0.0, 0.0, 0.3], [-0.3, 0.0, 0.0]])
    idf = 1 + 0.5 * np.arange(len(terms))
    return sm.Model({t: j for j, t in enumerate(terms)}, weights, dense, np.zeros(3), idf, names)


def write_split(folder: Path, split: str, rows: list[tuple[str, int]]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{split}_text.txt").write_text("".join(f"{t}\n" for t, _ in rows), encoding="utf-8")
    (folder / f"{split}_labels.txt").write_text("".join(f"{y}\n" for _, y in rows), encoding="utf-8")


def biased_corpus() -> list[tuple[str, int]]:
    """Tweets where identity terms, a handle, a hashtag of a person and a name go with one label only: a model that
    learnt them would be unfair."""
    rows: list[tuple[str, int]] = []
    for i in range(12):
        rows += [(f"{t} with Bob Smith #BobSmith @user{i}", 2) for t in POSITIVE]
        rows += [(f"the muslim gay people {t} says Jamal @hater{i} #Jamal http://t.co/{i}", 0) for t in NEGATIVE]
        rows += [(f"{t} with the old Christian", 1) for t in NEUTRAL]
    return rows


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> sm.Model:
    pytest.importorskip("sklearn")
    folder = tmp_path_factory.mktemp("tweets")
    rows = biased_corpus()
    write_split(folder, "train", rows)
    write_split(folder, "val", rows[::5])
    return st.train(folder)


def test_tokens_leave_out_handles_and_links_and_keep_hashtag_words() -> None:
    assert sm.tokens("@Bob: I LOVE it!! #Happy www.x.com https://t.co/a 😂") == [
        ":", "i", "love", "it", "!", "!", "happy", "😂",
    ]  # fmt: skip


def test_dropped_words_break_bigrams_and_leave_the_vader_text() -> None:
    found = sm.features("Nice trans folks here", sm.identity_terms())
    assert "trans" not in " ".join(found.grams)
    assert "nice folks" not in found.grams
    assert "trans" not in found.vader_text.lower()


def test_an_identity_term_with_a_weight_in_the_file_still_weighs_nothing() -> None:
    model = hand_model({"gay": (5.0, 0.0, -5.0), "lovely": (-1.0, 0.0, 1.0), "jamal": (9.0, 0.0, -9.0)},
                       names=frozenset({"jamal"}))  # fmt: skip
    base = sm.score_texts(model, ["a lovely man"])[0]
    for text in ("a lovely gay man", "a lovely Gay man", "a lovely #gay man", "a lovely Jamal man"):
        assert sm.score_texts(model, [text])[0].probabilities == pytest.approx(base.probabilities)


def test_contributions_add_up_to_the_positive_minus_negative_logit() -> None:
    model = hand_model({"not": (0.5, 0.2, -0.5), "good": (-1.0, 0.0, 1.2), "not good": (1.5, 0.0, -1.5)})
    scored = sm.score_texts(model, ["not good at all :("])[0]
    p = np.array(scored.probabilities)
    logit = float(np.log(p[2]) - np.log(p[0]))  # the bias is 0
    assert sum(v for _, v in scored.contributions) == pytest.approx(logit, abs=0.02)  # VADER valences: 2 decimals
    assert scored.contributions[0][0] == "not good"
    assert sm.format_contributions(scored.contributions).startswith("not good -")


def test_identical_texts_are_scored_once_and_keep_their_order() -> None:
    model = hand_model({"good": (-1.0, 0.0, 1.0)})
    scored = sm.score_texts(model, ["good", "", "bad", "good"])
    assert scored[0] == scored[3]
    assert scored[1].probabilities == pytest.approx((1 / 3, 1 / 3, 1 / 3))


def test_the_model_file_round_trips_and_pickles(tmp_path: Path) -> None:
    model = hand_model({"good": (-1.0, 0.0, 1.0), "a b": (0.1, 0.2, 0.3)}, names=frozenset({"bob"}))
    path = sm.save_model(model, tmp_path / "deep" / "model.json")
    loaded = sm.load_model(path)
    assert loaded.terms == model.terms
    assert loaded.names == model.names
    np.testing.assert_allclose(loaded.weights, model.weights)
    assert pickle.loads(pickle.dumps(loaded)).terms == model.terms


def test_a_missing_model_names_the_command_that_makes_it(tmp_path: Path) -> None:
    with pytest.raises(sm.ModelError, match="train-sentiment"):
        sm.load_model(tmp_path / "none.json")


@pytest.mark.parametrize("content", ["not json", "[1, 2]", json.dumps({"format": 1, "classes": ["a"]})])
def test_a_broken_model_file_is_named(tmp_path: Path, content: str) -> None:
    path = tmp_path / "model.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(sm.ModelError, match=str(path)):
        sm.load_model(path)


def test_the_model_path_follows_the_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv(sm.MODEL_ENV, str(tmp_path / "m.json"))
    assert sm.model_path() == tmp_path / "m.json"
    monkeypatch.delenv(sm.MODEL_ENV)
    assert sm.model_path().name == sm.MODEL_NAME


def test_a_trained_model_learns_the_words_of_sentiment(trained: sm.Model) -> None:
    labels = [s.label for s in sm.score_texts(trained, ["so happy, lovely", "awful disaster", "the report"])]
    assert labels == ["positive", "negative", "neutral"]
    assert {"jamal", "bob", "smith"} <= trained.names
    learnt = " ".join(trained.terms)
    for word in ("muslim", "gay", "christian", "old", "jamal", "bob", "user0", "hater1", "http"):
        assert word not in learnt


@pytest.mark.parametrize("terms", [st.identity_phrases(), st.NAMES], ids=["identity terms", "names"])
def test_swapping_identity_terms_or_names_barely_moves_the_score(trained: sm.Model, terms: tuple[str, ...]) -> None:
    mean, _ = st.fairness_gap(trained, terms)
    assert mean <= 0.02


def test_swapping_in_the_biased_names_and_terms_moves_nothing(trained: sm.Model) -> None:
    texts = [f"{who} is here today" for who in ("Jamal", "Bob Smith", "muslim", "gay", "#Jamal", "@x", "old Christian")]
    compounds = {s.compound for s in sm.score_texts(trained, [*texts, "is here today"], explain=False)}
    assert len(compounds) == 1


def test_the_trained_model_records_how_it_was_made(trained: sm.Model) -> None:
    assert trained.info["C"] in st.C_GRID
    negative, positive = trained.info["vader_tweet_thresholds"]
    assert -1 < negative < positive < 1


@pytest.mark.parametrize(
    ("files", "message"),
    [
        ({"train_text.txt": "a\nb\n", "train_labels.txt": "1\n"}, "1 labels for the 2 lines"),
        ({"train_text.txt": "a\nb\n", "train_labels.txt": "1\n7\n"}, "row 2: a label must be 0, 1 or 2"),
        ({"train_text.txt": "a\n"}, "cannot read the train split"),
    ],
)
def test_a_bad_split_is_named(tmp_path: Path, files: dict[str, str], message: str) -> None:
    for name, text in files.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    with pytest.raises(InputError, match=message):
        st.read_split(tmp_path, "train")


def test_find_names_skips_sentence_starts_and_vader_words() -> None:
    texts = ["I met Alice today. Great fun", "so Alice said hi! Great", "with Alice and Great"] * 2
    assert st.find_names(texts, frozenset({"great"})) == frozenset({"alice"})


# -- the scorer of a run --------------------------------------------------------------------------------------


def frame_of(texts: list[str]) -> pd.DataFrame:
    return sentiment.score_frame(pd.DataFrame({"id": [str(i) for i in range(len(texts))], "text": texts}),
                                 overrides={"0": "negative"})  # fmt: skip


def test_vader_is_the_default_and_unchanged() -> None:
    frame = frame_of(["so happy", "meh"])
    assert scorers.apply_scorer(frame, "vader") is frame
    assert scorers.describe_scorer(scorers.DEFAULT_SCORER) == "vader ±0.05"


def test_tweet_thresholds_relabel_but_keep_overrides() -> None:
    frame = frame_of(["so happy", "it is okay I guess", "a bit sad"])
    relabelled = scorers.apply_scorer(frame, "vader-tweets")
    assert relabelled["compound"].tolist() == frame["compound"].tolist()
    assert relabelled["sentiment"].tolist()[0] == "negative"  # the analyst's label
    expected = [scorers.TWEET_THRESHOLDS.label(c) for c in frame["compound"]]
    assert relabelled["sentiment"].tolist()[1:] == expected[1:]


def test_the_model_rescores_every_column_and_keeps_overrides() -> None:
    model = hand_model({"happy": (-2.0, 0.0, 2.0), "sad": (2.0, 0.0, -2.0)})
    frame = frame_of(["so happy", "so happy", "a bit sad", ""])
    rescored = scorers.apply_scorer(frame, "model", model=model)
    assert list(rescored.columns) == list(frame.columns)
    assert rescored["sentiment"].tolist()[:3] == ["negative", "positive", "negative"]
    assert pd.isna(rescored["sentiment"].iloc[3])  # an empty post: not scored by any scorer
    assert rescored["sentiment"].dtype == sentiment.SENTIMENT_DTYPE
    assert rescored["drivers"].tolist()[1].startswith("happy +")
    assert rescored.loc[3, ["compound", "pos", "neu", "neg"]].isna().all()
    assert (rescored["pos"] + rescored["neu"] + rescored["neg"]).iloc[:3].round(2).eq(1).all()


def test_an_unknown_scorer_is_refused() -> None:
    with pytest.raises(ValueError, match="vader, vader-tweets, model"):
        scorers.check_scorer("bert")


def test_the_cli_offers_the_scorers_of_the_library() -> None:
    assert cli_sentiment.SCORERS == scorers.SCORERS
    args = cli.build_parser().parse_args(["extract", "x", "--sentiment", "model"])
    assert args.sentiment == "model"


def test_the_cli_says_when_the_model_is_missing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv(sm.MODEL_ENV, str(tmp_path / "none.json"))
    monkeypatch.setenv("REACTIONS_CACHE_DIR", str(tmp_path / "cache"))
    article = tmp_path / "a.txt"
    article.write_text("Title\n\nShe wrote on Twitter: “What a lovely day” (@someone)\n", encoding="utf-8")
    status = cli.main(["extract", str(article), "--sentiment", "model", "-q", "--jobs", "1"])
    err = capsys.readouterr().err
    assert status == 1
    assert "no sentiment model" in err
    assert "train-sentiment" in err


def test_train_sentiment_writes_the_model(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("sklearn")
    rows = biased_corpus()[::3]
    write_split(tmp_path / "data", "train", rows)
    write_split(tmp_path / "data", "val", rows[::4])
    assert cli.main(["train-sentiment", str(tmp_path / "data"), "-o", str(tmp_path / "m.json")]) == 0
    assert "model written to" in capsys.readouterr().err
    assert sm.load_model(tmp_path / "m.json").terms


def test_extract_with_tweet_thresholds_relabels_and_says_so(
    capsys: pytest.CaptureFixture[str], seeds_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("REACTIONS_CACHE_DIR", str(tmp_path / "cache"))
    out = tmp_path / "tweets.csv"
    assert cli.main(["extract", str(seeds_dir), "--sentiment", "vader-tweets", "-o", str(out), "--jobs", "1"]) == 0
    assert "sentiment: vader-tweets -0.08/+0.35" in capsys.readouterr().err.splitlines()
    frame = export.read_csv(out)
    expected = [scorers.TWEET_THRESHOLDS.label(c) if c == c else "nan" for c in frame["compound"]]  # nan: not scored
    assert frame["sentiment"].astype("string").fillna("nan").tolist() == expected


def test_every_scorer_leaves_other_languages_as_their_lexicon_or_no_one_scored_them() -> None:
    model = hand_model({"happy": (-2.0, 0.0, 2.0), "feliz": (2.0, 0.0, -2.0)})
    frame = sentiment.score_frame(pd.DataFrame({"id": ["0", "1", "2"], "text": ["so happy", "muy feliz hoy", "ok"],
                                                "lang": ["en", "es", "pt"]}))  # fmt: skip
    assert frame["sentiment"].isna().tolist() == [False, True, False]  # Spanish: no lexicon, not scored
    for name in ("vader-tweets", "model"):
        scored = scorers.apply_scorer(frame, name, model=model)
        assert scored["sentiment"].isna().tolist() == [False, True, False], name  # never made neutral
        assert scored["compound"].isna().tolist() == [False, True, False], name
        assert scored.loc[2, "drivers"] == frame.loc[2, "drivers"], name  # the Portuguese lexicon's, kept
    assert scorers.apply_scorer(frame, "model", model=model).loc[0, "sentiment"] == "positive"
