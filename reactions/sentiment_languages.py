"""Sentiment by each reaction's language: English by VADER, a language with a lexicon by that lexicon, any other
language not scored at all.

:func:`reactions.sentiment.score_frame` calls :func:`by_language` when its frame has a ``lang`` column
(:mod:`reactions.languages`): English rows keep VADER's scores; rows in a language of
:data:`reactions.lexicons.LEXICONS` get that lexicon's (their ``drivers`` start with its name); an undetermined
(``"und"``) row without words is scored by its emoji and emoticons; a row with no text at all (an embed whose
words the article does not hold) and every other row are *not scored*: their
``compound``, ``pos``, ``neu`` and ``neg`` are NaN, their label missing and their drivers empty, so that they count
in no sentiment share or mean (never as neutral). A post in another language is never read with the English lexicon.

>>> scores, drivers = by_language(
...     ["so good", "Das ist eine gute Nachricht!", "Bonjour à tous", "😍"], ["en", "de", "nl", "und"],
...     [(0.0, 0.0, 0.0, 0.0)] * 4, ["good +1.9", "", "", ""])
>>> [row[0] for row in scores], drivers
([0.0, 0.6124, nan, 0.4588], ['good +1.9', 'GPL-de (de): gute +3.0', '', 'emoji and emoticons: 😍 +2.0'])
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from reactions import lexicons
from reactions.languages import UNDETERMINED, has_words
from reactions.models import Driver
from reactions.sentiment import has_text

ENGLISH: Final = "en"
VADER_NAME: Final = "VADER (en)"
"""What the page calls the English scorer."""


def scorer_name(lang: object, text: object) -> str | None:
    """The name of what scores a post in ``lang`` with ``text``: VADER, a lexicon, ``"emoji and emoticons"``, or
    ``None`` when nothing does (the post is not scored: its language has no scorer, or it has no text).

    >>> scorer_name("en", "hi"), scorer_name("pt", "oi"), scorer_name("ja", "こんにちは"), scorer_name("und", "👍")
    ('VADER (en)', 'LeIA (pt)', None, 'emoji and emoticons')
    >>> scorer_name("und", ""), scorer_name("en", " ")
    (None, None)
    """
    if not has_text(text):
        return None
    if lang == ENGLISH:
        return VADER_NAME
    if lang in lexicons.LEXICONS:
        return lexicons.LEXICONS[str(lang)].name
    if lang == UNDETERMINED and not has_words(text):
        return lexicons.SYMBOLS.name
    return None



Row = tuple[float, float, float, float]
"""A row's ``compound, pos, neu, neg``."""
NOT_SCORED: Final[Row] = (math.nan, math.nan, math.nan, math.nan)


def by_language(
    texts: Sequence[object], langs: Sequence[object], scores: Sequence[Row], drivers: Sequence[str | None]
) -> tuple[list[Row], list[str | None]]:
    """``scores`` (VADER's ``compound, pos, neu, neg`` per row) and ``drivers`` with every row not in English
    scored by its language's lexicon, or NaN and ``""`` where nothing scores its language."""
    out, notes = list(scores), list(drivers)
    for i, (text, lang) in enumerate(zip(texts, langs, strict=True)):
        if lang == ENGLISH:
            continue
        name = scorer_name(lang, text)
        if name is None:
            out[i] = NOT_SCORED
            notes[i] = ""
            continue
        found = lexicons.score_in(str(lang), text if isinstance(text, str) else "")
        out[i] = (found.compound, found.pos, found.neu, found.neg)
        notes[i] = f"{name}: {_strongest(found.drivers)}" if found.drivers else name
    return out, notes


def _strongest(drivers: Sequence[Driver], limit: int = 3) -> str:
    totals: dict[str, float] = {}
    for driver in drivers:
        totals[driver.term] = totals.get(driver.term, 0.0) + driver.valence
    ranked = sorted(totals.items(), key=lambda item: -abs(item[1]))[:limit]
    return "; ".join(f"{term} {valence:+.1f}" for term, valence in ranked)
