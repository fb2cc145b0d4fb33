"""Case-blind patterns run fast: ``re.IGNORECASE`` compares each character through a case table, several times
slower than a plain comparison.  A pattern of lower-case ASCII words finds in :func:`folded` text, compiled without
the flag, what it finds in the text itself with it, at the same offsets (``tests/test_folding.py`` checks every
pattern made so).

>>> VERB = FoldedPattern(r"\\b(?:said|tweeted)\\b")
>>> [m.span() for m in VERB.finditer("She TWEETED, he ſaid")]
[(4, 11), (16, 20)]
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Final

__all__ = ["FoldedPattern", "case_blind", "folded", "unfold"]

_FOLDS: Final = str.maketrans({"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"})
"""The letters ``re.IGNORECASE`` takes for ASCII ones (``İ``, ``ı``, ``ſ`` and the Kelvin sign ``K``): no other
character matches an ASCII letter under the flag, and ``İ`` is the one letter whose lower case is two."""


def unfold(text: str) -> str:
    """``text`` with the non-ASCII letters ``re.IGNORECASE`` takes for ASCII ones (:data:`_FOLDS`) made ASCII,
    its offsets kept."""
    if text.isascii() or ("\u0130" not in text and "\u0131" not in text and "\u017f" not in text
                          and "\u212a" not in text):  # fmt: skip
        return text  # ``str.translate`` looks up every character: four scans for the rare letters are far cheaper
    return text.translate(_FOLDS)


def folded(text: str) -> str:
    """``text`` as ``re.IGNORECASE`` compares it with ASCII letters: :func:`unfold` then lower case, its offsets
    kept (once ``İ`` is ``i``, every character's lower case is one character)."""
    return unfold(text).lower()


_UNFOLDABLE_RE: Final = re.compile(r"\\[A-Z]|[A-Z]-")
"""What lower-casing a pattern's source would change the meaning of: an escape such as ``\\W`` or ``\\Z``, a range
such as ``A-Z``."""


class FoldedPattern:
    """A pattern compiled with ``re.IGNORECASE`` whose letters are ASCII (its other characters uncased: ``’``), run
    without the flag over the :func:`folded` text: its matches have the offsets, spans and groups' spans of the
    original's (a group's *text* is folded: read it from the text by its span).  Only the folded pattern is
    compiled (the original is, when first asked for)."""

    __slots__ = ("_flags", "_folded", "_pattern", "source")

    def __init__(self, source: str, flags: int = re.IGNORECASE) -> None:
        cased = any(not char.isascii() and (char.lower() != char or char.upper() != char) for char in source)
        if not flags & re.IGNORECASE or cased or _UNFOLDABLE_RE.search(source):
            raise ValueError(f"not a case-blind pattern of ASCII words: {source[:40]!r}")
        self.source = source
        self._flags = flags
        self._folded = re.compile(source.lower(), flags & ~re.IGNORECASE)
        self._pattern: re.Pattern[str] | None = None

    @property
    def pattern(self) -> re.Pattern[str]:
        """The original pattern, compiled with ``re.IGNORECASE`` (for the tests)."""
        if self._pattern is None:
            self._pattern = re.compile(self.source, self._flags)
        return self._pattern

    def search(self, text: str, pos: int = 0, endpos: int | None = None) -> re.Match[str] | None:
        """What ``pattern.search(text, pos, endpos)`` finds (offsets and spans)."""
        return self._folded.search(folded(text), pos, len(text) if endpos is None else endpos)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        """What ``pattern.finditer(text)`` finds (offsets and spans)."""
        return self._folded.finditer(folded(text))


def case_blind(source: str) -> FoldedPattern:
    """``source`` as a case-blind pattern run folded (:class:`FoldedPattern`)."""
    return FoldedPattern(source)
