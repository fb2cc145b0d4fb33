"""Repairing mojibake: UTF-8 text that was decoded as cp1252 or latin-1 (split from :mod:`reactions.parse.text`).

Mojibake (UTF-8 bytes that were read as cp1252 or latin-1, such as ``â€™`` for ``’``) is
repaired run by run: a character in ``Â``–``ô`` followed by the right number of characters
that stand for bytes ``0x80``–``0xBF`` is turned back into bytes and decoded as UTF-8, and the
result is looked at again with what precedes it (doubly encoded text comes out right).  Only
candidates that decode cleanly to something plausible are replaced: no control or unassigned
character, no IPA, NKo or rare combining mark, and no letter of another script glued to a
Latin letter (``Straße…``, ``ESPAÑ”`` and ``PÍŠE ÚŽASNĚ`` stay as they are).  An ``â€`` whose
third byte cp1252 could not hold becomes ``”`` (or a zero-width joiner between emoji).  The
work is linear: one regex pass finds the runs that hold a continuation (a run of leads alone, as
``çã`` in ``ação``, is never changed), and each character is pushed once.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Iterator

__all__ = ["CONTINUING", "INVISIBLE", "LEADS", "repair_mojibake"]

# cp1252 bytes 0x80-0x9F that decode to something other than the latin-1 C1 control.
_CP1252_UNDEFINED = (0x81, 0x8D, 0x8F, 0x90, 0x9D)
_CP1252_HIGH = {bytes([b]).decode("cp1252"): b for b in range(0x80, 0xA0) if b not in _CP1252_UNDEFINED}
# Characters that stand for a UTF-8 continuation byte (0x80-0xBF) once read as cp1252 or latin-1.
_CONT: dict[str, int] = {chr(b): b for b in range(0x80, 0xC0)} | _CP1252_HIGH
# Characters that stand for a UTF-8 lead byte, and how many continuation bytes each needs.
_LEAD: dict[str, int] = {chr(b): 1 if b < 0xE0 else 2 if b < 0xF0 else 3 for b in range(0xC2, 0xF5)}
_MOJIBAKE_RUN = re.compile("[\u00c2-\u00f4][" + re.escape("".join(sorted({*_CONT, *_LEAD, "\ufffd"}))) + "]+")
INVISIBLE = "\u200b\u2060\ufeff"  # removed by clean_text; ZWJ (U+200D) and VS16 (U+FE0F) are kept
# Repairs far likelier to be false positives: IPA (but ə), rare combining marks (PÍŠE would give
# U+034A), NKo (Straße… would give U+07C5).
_IMPLAUSIBLE = ((0x0250, 0x0258), (0x025A, 0x02AF), (0x0340, 0x036F), (0x07C0, 0x07FF))
_EMOJI_BLOCKS = (0x1F000, 0x1FB00)


_LATIN_FRIENDLY = ("LATIN", "COMBINING", "MODIFIER", "VARIATION")  # first words of Unicode names


def _latin_script(ch: str) -> bool:
    """Whether a letter or mark belongs with Latin text (Latin-1, Latin Extended, combining marks)."""
    return ord(ch) < 0x250 or unicodedata.name(ch, "").partition(" ")[0] in _LATIN_FRIENDLY


def _is_latin(ch: str) -> bool:
    if ch.isascii():
        return ch.isalnum()
    return unicodedata.category(ch)[0] == "L" and _latin_script(ch)


def _plausible(decoded: str, *, latin_before: bool, latin_after: bool, at_start: bool) -> bool:
    """Whether ``decoded`` (one character) is a believable repair between neighbours that are
    (or not) Latin letters or ASCII digits; ``at_start``: it would open the text."""
    if decoded in INVISIBLE:
        return decoded == "\ufeff" and at_start  # only a leading "ï»¿" is dropped
    code = ord(decoded)
    category = unicodedata.category(decoded)
    if category == "Cn" and _EMOJI_BLOCKS[0] <= code < _EMOJI_BLOCKS[1]:
        return True  # an emoji newer than this Python's Unicode database
    if category in ("Cc", "Cn", "Co", "Cs") or any(lo <= code <= hi for lo, hi in _IMPLAUSIBLE):
        return False
    if category[0] in "LM" and not _latin_script(decoded):
        return not (latin_before or latin_after)  # no Cyrillic glued to Latin: ESPAÑ” is no є
    return True


class _RunRepair:
    """Repairs one run of lead/continuation characters left to right, as a stack: whenever the
    output ends with a complete sequence it is decoded, and the result re-examined with what
    precedes it (doubly encoded text comes out right).  Decisions look only at the left and at
    the character after the run, which is what makes repairing twice the same as once."""

    __slots__ = ("at_start", "latin_after_run", "latin_before_run", "out", "run_ending")

    def __init__(self, latin_before_run: bool, latin_after_run: bool, at_start: bool) -> None:
        self.out: list[str] = []
        self.latin_before_run = latin_before_run
        self.latin_after_run = latin_after_run
        self.at_start = at_start
        self.run_ending = False

    def repair(self, run: str) -> str:
        out = self.out
        for index, ch in enumerate(run):
            if ch in _LEAD:
                out.append(ch)  # a lead completes nothing
                continue
            self.run_ending = index == len(run) - 1
            if not (ch == "\ufffd" and self._lost_third_byte(ch)):  # U+FFFD goes with a lost byte
                out.append(ch)
            self._settle()
            self._close()
        self.run_ending = True
        if self._lost_third_byte(""):
            self._settle()
            self._close()
        return "".join(out)

    def _try_repair(self) -> bool:
        """If the output ends with a complete, plausible sequence, replace it; tell whether it did."""
        out = self.out
        conts = 0
        while conts < 3 and conts < len(out) and out[-1 - conts] in _CONT:
            conts += 1
        start = len(out) - 1 - conts
        if conts == 0 or start < 0 or _LEAD.get(out[start]) != conts:
            return False
        try:
            decoded = bytes(_CONT.get(c) or ord(c) for c in out[start:]).decode("utf-8")
        except UnicodeDecodeError:
            return False
        latin_before = _is_latin(out[start - 1]) if start else self.latin_before_run
        latin_after = self.run_ending and self.latin_after_run
        if not _plausible(decoded, latin_before=latin_before, latin_after=latin_after,
                          at_start=self.at_start and start == 0):  # fmt: skip
            return False
        out[start:] = [] if decoded == "\ufeff" else [decoded]
        return True

    def _settle(self) -> None:
        """Repair the end of the output for as long as it ends with a complete sequence."""
        while self.out and self.out[-1] in _CONT and self._try_repair():
            pass

    def _lost_third_byte(self, following: str) -> bool:
        """Replace a trailing ``â€`` whose third byte was lost (cp1252 has no 0x9D or 0x8D).

        It stands for ``”`` (E2 80 9D), or for a zero-width joiner (E2 80 8D) between emoji.
        Only decided where the run ends for good (its end, a U+FFFD, a repaired character that
        can be no part of a sequence): a lead character may still complete it (``Ã¢â‚¬â„¢``,
        doubly encoded ``’``, has ``â€`` before ``â„¢``).
        """
        out = self.out
        if len(out) < 2 or out[-2] != "\u00e2" or out[-1] != "\u20ac":
            return False
        before = out[-3] if len(out) > 2 else ""
        between_emoji = following == "\u00f0" or bool(before and unicodedata.category(before) == "So")
        out[-2:] = ["\u200d" if between_emoji else "\u201d"]
        return True

    def _close(self) -> None:
        """Where the output ends with characters that can be no part of a sequence, the run ends
        for good: settle any ``â€`` left just before them (which may end it earlier still)."""
        out = self.out
        tail: list[str] = []
        ending, self.run_ending = self.run_ending, False
        while out and out[-1] not in _CONT and out[-1] not in _LEAD:
            tail.append(out.pop())
            if not self._lost_third_byte(tail[-1]):
                break
            self._settle()
        out.extend(reversed(tail))
        self.run_ending = ending


@functools.lru_cache(maxsize=4096)  # the same few short runs recur
def _repair_short_run(run: str, latin_before: bool, latin_after: bool, at_start: bool) -> str:
    return _RunRepair(latin_before, latin_after, at_start).repair(run)


_SHORT_RUN = 16


def repair_mojibake(text: str) -> str:
    """Repair UTF-8 text that was decoded as cp1252 or latin-1; leave correct text alone.

    >>> repair_mojibake("It\u00e2\u20ac\u2122s over \u00e2\u20ac\u201d")
    'It’s over —'
    >>> repair_mojibake("caf\u00c3\u00a9 \u00f0\u0178\u02dc\u201a")
    'café 😂'
    >>> repair_mojibake("café, naïve, Straße…")
    'café, naïve, Straße…'
    """
    if text.isascii():
        return text
    parts: list[str] = []
    last = 0
    for start, end in _changeable_runs(text):
        latin_before = bool(start) and _is_latin(text[start - 1])
        latin_after = end < len(text) and _is_latin(text[end])
        parts.append(text[last:start])
        run = text[start:end]
        if len(run) <= _SHORT_RUN:
            parts.append(_repair_short_run(run, latin_before, latin_after, start == 0))
        else:
            parts.append(_RunRepair(latin_before, latin_after, start == 0).repair(run))
        last = end
    if not parts:
        return text
    parts.append(text[last:])
    return "".join(parts)


def _changeable_runs(text: str) -> Iterator[tuple[int, int]]:
    """The spans of the runs :data:`_MOJIBAKE_RUN` finds in ``text`` that hold a continuation (or U+FFFD): the
    others, leads alone (``çã`` in ``ação``), come out of a repair as they went in, and correct text in
    Portuguese, French or Spanish is full of them.  Each such run holds a lead followed by one
    (:data:`_CHANGEABLE`: the lead before its first continuation; what precedes it back to the run's start is
    leads), so the run is found from that pair, each character looked at a bounded number of times."""
    last = 0
    found = _CHANGEABLE.search(text)
    while found is not None:
        start = found.start()
        while start > last and text[start - 1] in _LEAD:
            start -= 1
        run = _MOJIBAKE_RUN.match(text, start)  # (a lead, then a run's character: it always matches)
        end = run.end() if run is not None else found.end()
        yield start, end
        last = end
        found = _CHANGEABLE.search(text, end)


CONTINUING: frozenset[str] = frozenset({*_CONT, "\ufffd"})
"""What may follow a lead in a run whose repair changes it (a continuation, or U+FFFD for a lost byte): a text in
which no lead is followed by one of these is repaired to itself."""
_CHANGEABLE = re.compile("[\u00c2-\u00f4][" + re.escape("".join(sorted(CONTINUING))) + "]")
"""A lead followed by a continuation or U+FFFD: what a run needs for its repair to change anything."""


LEADS: frozenset[str] = frozenset(_LEAD)
"""The characters that stand for a UTF-8 lead byte (``Â``-``ô``): what opens a run."""
