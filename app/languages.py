"""The page's words and tables for languages: the filter's help, the Languages tab's rows, the coverage note."""

from __future__ import annotations

from typing import Final

import numpy as np
import pandas as pd

from reactions.aggregate_languages import coverage_note, reactions_by_language, sentiment_coverage
from reactions.index import Data

LANGUAGE_HELP: Final = (
    "The post's language: its embed's own tag when it has one, else detected from its text (English, German, "
    "Spanish, French, Portuguese, Italian, Arabic; 'undetermined' when the text is too short or the detector "
    "unsure). Only English, German, French and Portuguese are scored for sentiment: see docs/languages.md."
)
TAB_TITLE: Final = "Languages"
TAB_COLUMNS: Final = {"language": "Language", "lang": "Code", "reactions": "Reactions", "share": "Share",
                      "scored": "Scored", "scorer": "Scored by", "from_embed": "Tagged by the embed",
                      "mean_compound": "Mean compound"}  # fmt: skip


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
