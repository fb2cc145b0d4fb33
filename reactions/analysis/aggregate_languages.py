"""Reactions by language, and which of them the sentiment figures cover.

Like :mod:`reactions.analysis.aggregate`, each takes a frame (with ``lang`` and the sentiment columns) or its
:class:`~reactions.analysis.index.FrameIndex`, and an optional row mask. A reaction is *scored* when it has a
``compound`` score; one in a language nothing scores has none (:mod:`reactions.sentiment_languages`) and is in no
sentiment share or mean: :func:`coverage_note` says so in words.

>>> import pandas as pd
>>> frame = pd.DataFrame({"lang": ["en", "en", "de", "es", "ja", "und"], "lang_source": ["embed"] * 6,
...                       "compound": [0.5, -0.2, 0.4, float("nan"), float("nan"), float("nan")]})
>>> coverage_note(sentiment_coverage(frame)).split("; ")
['Sentiment covers 3 reactions in English and German', '3 reactions in 3 languages not scored (Japanese, Spanish, \
undetermined).']
>>> reactions_by_language(frame)[["language", "reactions", "scored", "scorer"]].values.tolist()[:2]
[['English', 2, 2, 'VADER (en)'], ['German', 1, 1, 'GPL-de (de)']]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import pandas as pd

from reactions.analysis.index import Data, Mask, index_of
from reactions.languages import UNDETERMINED, language_name
from reactions.lexicons import SYMBOLS
from reactions.sentiment import has_text
from reactions.sentiment_languages import scorer_name

NOT_SCORED: Final = "not scored"
"""The ``scorer`` of a language nothing scores."""
COLUMNS: Final = (
    "lang", "language", "reactions", "share", "scored", "scorer", "from_embed", "from_corpus", "mean_compound",
)
_FLOATS: Final = ("share", "mean_compound")


def _languages(data: Data, mask: Mask | None) -> pd.DataFrame:
    """One row per reaction kept: its language code, whether it is scored, its compound, whether the embed said."""
    index = index_of(data)
    frame = index.frame
    keep = np.ones(len(frame), dtype=bool) if mask is None else np.asarray(mask, dtype=bool)
    langs = frame["lang"].astype(object).where(frame["lang"].notna(), UNDETERMINED) if "lang" in frame else None
    codes = langs if langs is not None else pd.Series([UNDETERMINED] * len(frame), index=frame.index, dtype=object)
    compound = index.compound
    told = frame["lang_source"].astype(object) if "lang_source" in frame else None
    embed, corpus = (False, False) if told is None else (told == "embed", told == "corpus")
    scored = ~np.isnan(compound)
    rows = pd.DataFrame({"lang": codes.to_numpy(dtype=object), "compound": compound, "scored": scored,
                         "embed": np.asarray(embed, dtype=bool), "corpus": np.asarray(corpus, dtype=bool),
                         "textless": _textless(frame, scored)})  # fmt: skip
    return rows[keep]


def _textless(frame: pd.DataFrame, scored: np.ndarray) -> np.ndarray:
    """Which rows are not scored because they have no text (only the unscored rows are looked at)."""
    found = np.zeros(len(frame), dtype=bool)
    unscored = np.flatnonzero(~scored)
    if "text" in frame and len(unscored):
        texts = frame["text"].iloc[unscored]
        found[unscored] = [not has_text(text) for text in texts.astype(object).where(texts.notna(), "")]
    return found


def reactions_by_language(data: Data, *, mask: Mask | None = None) -> pd.DataFrame:
    """Reactions per language, most first: ``lang`` (the code), ``language`` (its name), ``reactions``, ``share``
    (of the reactions kept), ``scored`` (how many have a score), ``scorer`` (what scores them, or ``"not
    scored"``), ``from_embed`` (how many the embed's own tag gave), ``from_corpus`` (how many were read in the
    corpus's language), ``mean_compound`` (of the scored)."""
    rows = _languages(data, mask)
    if rows.empty:
        return pd.DataFrame({c: pd.Series(dtype=float if c in _FLOATS else object) for c in COLUMNS})
    grouped = rows.groupby("lang", sort=False).agg(
        reactions=("lang", "size"), scored=("scored", "sum"), from_embed=("embed", "sum"),
        from_corpus=("corpus", "sum"), mean_compound=("compound", "mean"),
    )
    grouped = grouped.reset_index().sort_values(["reactions", "lang"], ascending=[False, True], kind="stable")
    grouped["language"] = grouped["lang"].map(language_name)
    grouped["share"] = grouped["reactions"] / len(rows)
    pairs = zip(grouped["lang"], grouped["scored"], strict=True)
    grouped["scorer"] = [_scorer(lang, int(scored)) for lang, scored in pairs]
    for name in ("reactions", "scored", "from_embed", "from_corpus"):
        grouped[name] = grouped[name].astype("int64")
    return grouped[list(COLUMNS)].reset_index(drop=True)


def _scorer(lang: str, scored: int) -> str:
    if lang == UNDETERMINED:
        return SYMBOLS.name if scored else NOT_SCORED
    return scorer_name(lang, "a") or NOT_SCORED


@dataclass(frozen=True, slots=True)
class Coverage:
    """Which reactions the sentiment figures cover.

    Fields:
        scored: reactions with a score.
        scored_languages: the names of the languages of the scored reactions, most first (emoji-only posts of
            no language are not named).
        unscored: reactions with text but without a score (their language has no scorer, or was not told).
        unscored_languages: the names of their languages, in order of name.
        textless: reactions without a score because they have no text (an embed whose words the article does not
            hold): no language and no sentiment.
        from_corpus: scored reactions too short for the detector to be sure of, read in the corpus's language
            (``lang_source`` ``corpus``: :func:`reactions.languages.corpus_languages`).
    """

    scored: int
    scored_languages: tuple[str, ...]
    unscored: int
    unscored_languages: tuple[str, ...]
    textless: int = 0
    from_corpus: int = 0


def sentiment_coverage(data: Data, *, mask: Mask | None = None) -> Coverage:
    """The :class:`Coverage` of the rows in ``mask``."""
    rows = _languages(data, mask)
    scored, unscored = rows[rows["scored"]], rows[~rows["scored"] & ~rows["textless"]]
    named = [lang for lang in scored["lang"].value_counts().index if lang != UNDETERMINED]
    return Coverage(
        scored=len(scored),
        scored_languages=tuple(language_name(lang) for lang in named),
        unscored=len(unscored),
        unscored_languages=tuple(sorted(language_name(lang) for lang in unscored["lang"].unique())),
        textless=int(rows["textless"].sum()),
        from_corpus=int(scored["corpus"].sum()),
    )


def coverage_note(coverage: Coverage) -> str:
    """The coverage in a sentence, for the page (``""`` when there is nothing to say)."""
    if not coverage.scored and not coverage.unscored and not coverage.textless:
        return ""
    languages = coverage.scored_languages
    covered = (
        f"{', '.join(languages[:-1])} and {languages[-1]}" if len(languages) > 1 else "".join(languages) or "emoji"
    )
    scored = f"Sentiment covers {coverage.scored:,} reactions in {covered}"
    if coverage.from_corpus:
        noun = "post" if coverage.from_corpus == 1 else "posts"
        scored += f" ({coverage.from_corpus:,} short {noun} read in the corpus's main language)"
    parts = [scored if coverage.scored else "No reaction here is scored"]
    if coverage.unscored:
        count = len(coverage.unscored_languages)
        listed = ", ".join(coverage.unscored_languages[:8]) + (", …" if count > 8 else "")
        noun = "language" if count == 1 else "languages"
        parts.append(f"{coverage.unscored:,} reactions in {count} {noun} not scored ({listed})")
    if coverage.textless:
        noun = "reaction has" if coverage.textless == 1 else "reactions have"
        parts.append(f"{coverage.textless:,} {noun} no text to score (embeds whose words the article does not hold)")
    return "; ".join(parts) + "."
