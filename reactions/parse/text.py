"""Decoding raw bytes and cleaning article text: encodings, mojibake, entities, whitespace.

:func:`decode_bytes` turns a file's bytes into text (UTF-8 with or without BOM, UTF-16/32 with
a BOM, UTF-8 with stray cp1252 bytes, else cp1252, else latin-1) and refuses empty and binary
files with :class:`~reactions.errors.InputError`.  :func:`clean_text` normalises a string before any
offsets are computed: it is deterministic, idempotent, never raises and runs in linear time.

Mojibake (UTF-8 bytes that were read as cp1252 or latin-1, such as ``â€™`` for ``’``) is
repaired run by run: a character in ``Â``–``ô`` followed by the right number of characters
that stand for bytes ``0x80``–``0xBF`` is turned back into bytes and decoded as UTF-8, and the
result is looked at again with what precedes it (doubly encoded text comes out right).  Only
candidates that decode cleanly to something plausible are replaced: no control or unassigned
character, no IPA, NKo or rare combining mark, and no letter of another script glued to a
Latin letter (``Straße…``, ``ESPAÑ”`` and ``PÍŠE ÚŽASNĚ`` stay as they are).  An ``â€`` whose
third byte cp1252 could not hold becomes ``”`` (or a zero-width joiner between emoji).  The
work is linear: one regex pass finds the runs, and each character is pushed once.
"""

from __future__ import annotations

import codecs
import functools
import html
import re
import unicodedata
from dataclasses import dataclass

from reactions.errors import InputError

__all__ = ["DecodedText", "clean_text", "decode_bytes", "repair_mojibake"]


@dataclass(frozen=True, slots=True)
class DecodedText:
    """The text of one file and how it was obtained.

    Fields:
        text: the decoded text, mojibake repaired, otherwise as in the file (not cleaned).
        encoding: the codec that decoded it (``"utf-8"``, ``"utf-16"``, ``"cp1252"``, …);
            ``"utf-8+cp1252"`` for UTF-8 with stray cp1252 bytes (a file pasted together
            from two sources), each of which is read as cp1252.
        notes: what was unusual, in words fit for a warning (``"decoded as cp1252"``,
            ``"repaired mojibake"``); empty for a clean UTF-8 file.
    """

    text: str
    encoding: str
    notes: tuple[str, ...] = ()


# --- mojibake ---------------------------------------------------------------------------------

# cp1252 bytes 0x80-0x9F that decode to something other than the latin-1 C1 control.
_CP1252_UNDEFINED = (0x81, 0x8D, 0x8F, 0x90, 0x9D)
_CP1252_HIGH = {bytes([b]).decode("cp1252"): b for b in range(0x80, 0xA0) if b not in _CP1252_UNDEFINED}
# Characters that stand for a UTF-8 continuation byte (0x80-0xBF) once read as cp1252 or latin-1.
_CONT: dict[str, int] = {chr(b): b for b in range(0x80, 0xC0)} | _CP1252_HIGH
# Characters that stand for a UTF-8 lead byte, and how many continuation bytes each needs.
_LEAD: dict[str, int] = {chr(b): 1 if b < 0xE0 else 2 if b < 0xF0 else 3 for b in range(0xC2, 0xF5)}
_MOJIBAKE_RUN = re.compile("[\u00c2-\u00f4][" + re.escape("".join(sorted({*_CONT, *_LEAD, "\ufffd"}))) + "]+")
_INVISIBLE = "\u200b\u2060\ufeff"  # removed by clean_text; ZWJ (U+200D) and VS16 (U+FE0F) are kept
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
    if decoded in _INVISIBLE:
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
    for match in _MOJIBAKE_RUN.finditer(text):
        start, end = match.span()
        latin_before = bool(start) and _is_latin(text[start - 1])
        latin_after = end < len(text) and _is_latin(text[end])
        parts.append(text[last:start])
        run = match.group()
        if len(run) <= _SHORT_RUN:
            parts.append(_repair_short_run(run, latin_before, latin_after, start == 0))
        else:
            parts.append(_RunRepair(latin_before, latin_after, start == 0).repair(run))
        last = end
    if not parts:
        return text
    parts.append(text[last:])
    return "".join(parts)


# --- clean_text -------------------------------------------------------------------------------

# Removed before anything else: the invisibles above and C0 control characters (not tab, LF, CR, FF).
_CONTROLS = "\x00-\x08\x0b\x0e-\x1f\x7f"
_DELETE_INVISIBLE = dict.fromkeys([*map(ord, _INVISIBLE), *range(0x00, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F])
_INVISIBLE_RE = re.compile(f"[{_INVISIBLE}{_CONTROLS}]")
"""One character to remove.  (No ``+``: a pattern that opens with a plain class lets ``re`` skip
ahead with a fast scan, which a repeat would not; removing the characters one by one is the same.)"""
_VISIBLE_RE = re.compile(rf"[^\s{_INVISIBLE}{_CONTROLS}]")
"""Any character that makes a file non-empty; searching for it stops at the first one."""
_UNICODE_SPACES = "\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000"  # Unicode Zs but " "
_LINE_SEPARATORS = "\u2028\u2029"
_SPACE_RE = re.compile(f"[{_UNICODE_SPACES}]")
_LINE_SEPARATOR_RE = re.compile(f"[{_LINE_SEPARATORS}]")
_ODD_SPACE_RE = re.compile(f"[{_UNICODE_SPACES}{_LINE_SEPARATORS}]")
_ENTITY_RUN = re.compile(r"&[&#;0-9A-Za-z]*")
_MAX_UNESCAPE_ROUNDS = 6
_ASCII_DIRT_RE = re.compile(r"[\x00-\x08\x0b-\x1f\x7f&]")
"""In ASCII text, what :func:`clean_text` may change: controls, CR and FF, entities."""
_DIRT_RE = re.compile(f"[{_INVISIBLE}{_CONTROLS}\r\f&{_UNICODE_SPACES}{_LINE_SEPARATORS}\u00c2-\u00f4]")
"""In any text, what :func:`clean_text` may change: what it removes or rewrites, an entity's ``&``, and ``Â``-``ô``,
which may lead a mojibake run (one class: ``re`` scans for it fast)."""
_RUN_CHARS = frozenset({*_CONT, *_LEAD, "\ufffd"})
"""What follows a lead in a mojibake run (:data:`_MOJIBAKE_RUN`): a lead followed by none of these, as in
``café``, begins no run."""


def _unescape_run(run: str) -> str:
    """Unescape one run of entity characters to a fixed point (``&amp;mdash;`` gives ``—``).

    A run that has not settled after a few rounds is left as it is, so that cleaning twice
    gives the same result as cleaning once.
    """
    current = run
    for _ in range(_MAX_UNESCAPE_ROUNDS):
        following = html.unescape(current).translate(_DELETE_INVISIBLE)
        if following == current:
            return current
        current = following
    return run


def _unescape(text: str) -> str:
    if "&" not in text:
        return text
    return _ENTITY_RUN.sub(lambda m: _unescape_run(m.group()), text)


def clean_text(text: str) -> str:
    """Normalise article text; idempotent, never raises, linear time.

    Strips byte order marks, zero-width spaces, word joiners and C0 control characters
    (keeps ZWJ U+200D and VS16 U+FE0F, which emoji need, and tabs), turns CRLF, CR and form
    feeds into LF, decodes HTML entities (double-escaped ones too), repairs mojibake, and
    turns non-breaking and other Unicode spaces into plain spaces (line and paragraph
    separators into ``\\n``).

    >>> clean_text("\\ufeffIt&#39;s\\u00a0over &mdash; caf\u00c3\u00a9\\r\\nNext")
    "It's over — café\\nNext"
    >>> clean_text("&amp;amp; \u00e2\u20ac\u0153hi\u00e2\u20ac\\u009d")
    '& “hi”'
    """
    run_end = -1  # the steps, when one of them has work, run on the whole text: removing a character may join
    # a lead before it to a run
    for dirt in (_ASCII_DIRT_RE if text.isascii() else _DIRT_RE).finditer(text):
        start = dirt.start()
        found = text[start]
        if "\u00c2" <= found <= "\u00f4":
            if text[start + 1 : start + 2] in _RUN_CHARS:
                return _clean_steps(text)
            continue
        if found != "&":
            return _clean_steps(text)
        if start >= run_end:  # (an "&" inside the run before is part of it)
            run = _ENTITY_RUN.match(text, start)
            run_end = run.end() if run is not None else start + 1
            if run is not None and _unescape_run(run.group()) != run.group():
                return _clean_steps(text)
    return text  # the usual case: one scan finds nothing that any step would change (entities that stay as
    # they are, "AT&T", and leads that begin no run, "café", are no change)


def _clean_steps(text: str) -> str:
    """What :func:`clean_text` does, step by step; each step is skipped when a quick look finds nothing
    for it."""
    if _INVISIBLE_RE.search(text):
        text = _INVISIBLE_RE.sub("", text)
    text = _unescape(text)
    if "\r" in text or "\f" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    text = repair_mojibake(text)
    if text.isascii() or not _ODD_SPACE_RE.search(text):
        return text
    return _LINE_SEPARATOR_RE.sub("\n", _SPACE_RE.sub(" ", text))


# --- decode_bytes -----------------------------------------------------------------------------

_MAGIC: tuple[tuple[bytes, str], ...] = (
    (b"%PDF-", "PDF document"),
    (b"PK\x03\x04", "ZIP archive"),
    (b"PK\x05\x06", "ZIP archive"),
    (b"\x89PNG\r\n\x1a\n", "PNG image"),
    (b"GIF87a", "GIF image"),
    (b"GIF89a", "GIF image"),
    (b"\xff\xd8\xff", "JPEG image"),
    (b"\x1f\x8b\x08", "gzip archive"),
    (b"\xfd7zXZ\x00", "xz archive"),
    (b"7z\xbc\xaf\x27\x1c", "7-Zip archive"),
    (b"Rar!\x1a\x07", "RAR archive"),
    (b"\x7fELF", "ELF executable"),
    (b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1", "Office document"),
    (b"SQLite format 3\x00", "SQLite database"),
    (b"OggS\x00", "Ogg media"),
)
_BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
_CONTROL_BYTES = bytes([*range(0x00, 0x09), *range(0x0E, 0x1A), *range(0x1B, 0x20), 0x7F])
_MAX_CONTROL_SHARE = 0.01
_STRAY_CONTROLS = 8
"""Control bytes (NUL included) a text file may hold whatever its length: a stray NUL makes no file binary."""


def _binary_reason(data: bytes) -> str | None:
    """Why ``data`` (without a BOM) looks binary, or ``None`` when it looks like text."""
    for magic, what in _MAGIC:
        if data.startswith(magic):
            return what
    controls = len(data) - len(data.translate(None, _CONTROL_BYTES))
    if controls > max(_MAX_CONTROL_SHARE * len(data), _STRAY_CONTROLS):
        return f"{controls} control characters in {len(data)} bytes"
    return None


_SAMPLE_CHARS = 4096
_NOT_TEXT = frozenset(("Cc", "Cn", "Co", "Cs"))


def _looks_binary(text: str) -> bool:
    """Whether decoded text is mostly unassigned, private-use or control characters (a binary
    file that happens to start like a byte order mark); judged on its first few thousand."""
    sample = text[:_SAMPLE_CHARS]
    odd = sum(unicodedata.category(ch) in _NOT_TEXT and ch not in "\t\n\r\f" for ch in sample)
    return odd > _MAX_CONTROL_SHARE * len(sample) * 5


def _utf16_without_bom(data: bytes) -> str | None:
    """The codec of BOM-less UTF-16 holding mostly ASCII (every other byte NUL), if it is that."""
    if len(data) < 4 or len(data) % 2:
        return None
    half = len(data) // 2
    if data.count(0) <= 0.9 * half:  # quick: too few NUL bytes for either half to be mostly NUL
        return None
    if data[1::2].count(0) > 0.9 * half and data[0::2].count(0) < 0.1 * half:
        return "utf-16-le"
    if data[0::2].count(0) > 0.9 * half and data[1::2].count(0) < 0.1 * half:
        return "utf-16-be"
    return None


def _decode(data: bytes) -> tuple[str, str]:
    """Decode ``data``; return the text and the codec used.  Raise InputError for binary data."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            name = codec.removesuffix("-sig")
            try:
                text = data.decode(codec)
            except UnicodeDecodeError:
                raise InputError(f"binary file (invalid {name} after its BOM)") from None
            if _looks_binary(text):
                raise InputError(f"binary file (not text after its {name} BOM)")
            return text, name
    codec16 = _utf16_without_bom(data)
    if codec16 is not None:
        try:
            return data.decode(codec16), codec16
        except UnicodeDecodeError:
            pass
    reason = _binary_reason(data)
    if reason is not None:
        raise InputError(f"binary file ({reason})")
    data = data.replace(b"\x00", b"")  # a few stray NULs (a crawler's, a bad copy): dropped, said by decode_bytes
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    if _mostly_utf8(data):
        return data.decode("utf-8", errors=_STRAY_BYTES), _MIXED
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


_MIXED = "utf-8+cp1252"
_STRAY_BYTES = "reactions.stray-cp1252"
_BYTE_AS_CP1252 = tuple(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in range(256))


def _stray_byte_as_cp1252(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: read the first offending byte as cp1252 (latin-1 for its gaps)."""
    if not isinstance(error, UnicodeDecodeError):
        raise error
    return _BYTE_AS_CP1252[error.object[error.start]], error.start + 1


codecs.register_error(_STRAY_BYTES, _stray_byte_as_cp1252)


def _mostly_utf8(data: bytes) -> bool:
    """Whether invalid UTF-8 ``data`` is UTF-8 with stray bytes rather than a single-byte encoding.

    It is when its well-formed multi-byte UTF-8 characters are at least as many as its stray
    bytes: a cp1252 file in which a few byte pairs happen to form UTF-8 (``É`` + NBSP) is not.
    """
    valid = data.decode("utf-8", errors="ignore")
    multibyte = len(valid) - len(valid.encode("ascii", errors="ignore"))
    stray = len(data) - len(valid.encode("utf-8"))
    return multibyte >= stray


_RUN_BYTES = re.compile(
    b"\xc3[" + re.escape(bytes(sorted({lead.encode()[1] for lead in _LEAD}))) + b"]["
    + re.escape(bytes(sorted({char.encode()[0] for char in _RUN_CHARS}))) + b"]"
)
"""In UTF-8 bytes, a mojibake lead (``Â``-``ô``, C3 xx) followed by the first byte of a character that may continue
a run (:data:`_RUN_CHARS`): a text without any has no run."""


def decode_bytes(data: bytes) -> DecodedText:
    """Decode a file's bytes to text, repairing mojibake; refuse empty and binary content.

    >>> decode_bytes("café — ok".encode("cp1252"))
    DecodedText(text='café — ok', encoding='cp1252', notes=('decoded as cp1252',))
    >>> decode_bytes("It\u00e2\u20ac\u2122s".encode()).notes
    ('repaired mojibake',)
    >>> decode_bytes(b"%PDF-1.7 ...")
    Traceback (most recent call last):
    ...
    reactions.errors.InputError: binary file (PDF document)
    """
    if not data or data.isspace():  # (what bytes.strip strips; no copy made)
        raise InputError("empty file")
    text, codec = _decode(data)
    if not _VISIBLE_RE.search(text):
        raise InputError("empty file")
    notes: list[str] = []
    nuls = data.count(0) if codec not in ("utf-16", "utf-16-le", "utf-16-be", "utf-32") else 0
    if nuls:
        notes.append(f"dropped {nuls} NUL byte{'s' if nuls != 1 else ''}")
    if codec == _MIXED:
        notes.append("decoded as utf-8 with stray cp1252 bytes")
    elif codec != "utf-8":
        notes.append(f"decoded as {codec}")
    # Mojibake runs open with one of U+00C2-U+00F4, which UTF-8 writes as C3 xx, followed by a character that
    # may continue them: text decoded as UTF-8 whose bytes hold no such pair has none (a quick check of the bytes;
    # the repair would find nothing).  (A NUL dropped between two characters could join them.)
    quick = _RUN_BYTES.search(data) is None if not nuls else b"\xc3" not in data
    repaired = text if codec == "utf-8" and quick else repair_mojibake(text)
    if repaired != text:
        notes.append("repaired mojibake")
    return DecodedText(repaired, codec, tuple(notes))
