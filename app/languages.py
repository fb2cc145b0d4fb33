"""The page's words and tables for languages: the filter's help, the Languages tab's rows, the coverage note."""

from __future__ import annotations

from typing import Final

import numpy as np
import pandas as pd

from reactions.analysis.aggregate_languages import coverage_note, reactions_by_language, sentiment_coverage
from reactions.analysis.index import Data
from reactions.languages import UNDETERMINED, language_name
from reactions.lexicons import LEXICONS, SYMBOLS
from reactions.sentiment import has_text
from reactions.sentiment_languages import VADER_NAME

SHARE_HELP: Final = (
    "Share of the reactions with a sentiment score; reactions in a language nothing here scores are left out, never "
    "counted as neutral (the line under these figures says how many)"
)
MEAN_HELP: Final = (
    "Compound score, from −1 (most negative) to +1 (most positive): VADER's for English, a lexicon's for German, "
    "French and Portuguese; of the scored reactions only"
)
TAB_TITLE: Final = "Languages"
TAB_COLUMNS: Final = {"language": "Language", "lang": "Code", "reactions": "Reactions", "share": "Share",
                      "scored": "Scored", "scorer": "Scored by", "from_embed": "Tagged by the embed",
                      "from_corpus": "Read in the corpus's language", "mean_compound": "Mean compound"}  # fmt: skip


def languages_rows(data: Data, mask: np.ndarray | None = None) -> pd.DataFrame:
    """The Languages tab's table: reactions per language in this view, what scores them, with headers.

    >>> frame = pd.DataFrame({"lang": ["en", "es"], "lang_source": ["embed", "detected"], "compound": [0.5, None]})
    >>> languages_rows(frame)[["Language", "Reactions", "Scored by"]].values.tolist()
    [['English', 1, 'VADER (en)'], ['Spanish', 1, 'not scored']]
    """
    rows = reactions_by_language(data, mask=mask)
    return rows[list(TAB_COLUMNS)].rename(columns=TAB_COLUMNS)


def coverage(data: Data, mask: np.ndarray | None = None) -> str:
    """Which reactions the sentiment figures cover, in a sentence (``""`` for an empty view)."""
    return coverage_note(sentiment_coverage(data, mask=mask))


def label_line(reaction: pd.Series) -> str:
    """The relabel panel's first line: the label and score, or that the reaction is not scored and why.

    >>> label_line(pd.Series({"sentiment": None, "compound": float("nan"), "overridden": False, "lang": "es"}))
    'Now: not scored (Spanish: no sentiment lexicon for it here)'
    >>> label_line(pd.Series({"sentiment": "positive", "compound": 0.5, "overridden": False, "lang": "en"}))
    'Now: positive (+0.500)'
    >>> label_line(pd.Series({"sentiment": "positive", "compound": 0.5, "overridden": False, "lang": "en",
    ...                       "lang_source": "corpus"}))
    "Now: positive (+0.500; too short to tell its language: read in English, the corpus's)"
    """
    if bool(reaction["overridden"]):
        return f"Now: {reaction['sentiment']} (relabelled)"
    compound = float(reaction["compound"])
    if not np.isnan(compound) and reaction.get("lang_source") == "corpus":
        told = f"too short to tell its language: read in {language_name(reaction.get('lang'))}, the corpus's"
        return f"Now: {reaction['sentiment']} ({compound:+.3f}; {told})"
    if not np.isnan(compound):
        return f"Now: {reaction['sentiment']} ({compound:+.3f})"
    if "text" in reaction.index and not has_text(reaction["text"]):
        return "Now: not scored (no text: the article holds the embed but not the post's words)"
    lang = reaction.get("lang")
    if not isinstance(lang, str) or lang == UNDETERMINED:
        return "Now: not scored (its language could not be told: too short, or the detector unsure)"
    return f"Now: not scored ({language_name(lang)}: no sentiment lexicon for it here)"


def why(reaction: pd.Series) -> str:
    """The relabel panel's "why": the drivers, named by their scorer (VADER's own drivers name none).

    >>> why(pd.Series({"drivers": "good +1.9"})), why(pd.Series({"drivers": "LeIA (pt): bom +1.9"}))
    ('VADER (en): good +1.9', 'LeIA (pt): bom +1.9')
    """
    drivers = str(reaction["drivers"])
    return drivers if drivers.startswith(_NAMED) else f"{VADER_NAME}: {drivers}"


_NAMED: Final = tuple(f"{name}:" for name in (*(lexicon.name for lexicon in LEXICONS.values()), SYMBOLS.name))
