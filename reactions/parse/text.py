"""Decoding raw bytes and cleaning article text: encodings, mojibake, entities, whitespace.

:func:`decode_bytes` turns a file's bytes into text (UTF-8 with or without BOM, UTF-16/32 with
a BOM, UTF-8 with stray cp1252 bytes, else cp1252, else latin-1) and refuses empty and binary
files with :class:`~reactions.errors.InputError`.  :func:`clean_text` normalises a string before any
offsets are computed: it is deterministic, idempotent, never raises and runs in linear time.

Mojibake is repaired by :func:`reactions.parse.mojibake.repair_mojibake` (re-exported here).
"""

from __future__ import annotations

import codecs
import functools
import html
import re
import unicodedata
from dataclasses import dataclass

from reactions.errors import InputError
from reactions.parse.hovercards import without_hovercards
from reactions.parse.mojibake import CONTINUING, LEADS, repair_mojibake
from reactions.parse.mojibake import INVISIBLE as _INVISIBLE

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
_C1 = "\x80-\x9f"
_DIRT_RE = re.compile(f"[{_INVISIBLE}{_CONTROLS}{_C1}\r\f&{_UNICODE_SPACES}{_LINE_SEPARATORS}\u00c2-\u00f4]")
"""In any text, what :func:`clean_text` may change: what it removes or rewrites, an entity's ``&``, and ``Â``-``ô``,
which may lead a mojibake run (one class: ``re`` scans for it fast)."""
_C1_RE = re.compile(f"[{_C1}]")
_C1_AS_CP1252 = {code: bytes([code]).decode("cp1252", "ignore") or chr(code) for code in range(0x80, 0xA0)}
"""The C1 controls U+0080-U+009F as the cp1252 characters whose bytes they are (a page written in cp1252, read as
Latin-1: ``\x93long\x94`` is ``“long”``, ``birth\x97there`` is ``birth—there``); the five bytes cp1252 leaves
undefined stay (dropping one could join what stands around it into a mojibake run: cleaning would not be
idempotent)."""


@functools.lru_cache(maxsize=1024)  # the same few runs recur ("&", "&amp;", the "&T" of AT&T)
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
    """Normalise article text (:func:`_normalised`), a site's profile cards glued after names removed
    (:func:`~reactions.parse.hovercards.without_hovercards`); idempotent, never raises, linear time."""
    return without_hovercards(_normalised(text))


def _normalised(text: str) -> str:
    """Normalise article text; idempotent, never raises, linear time.

    Strips byte order marks, zero-width spaces, word joiners and C0 control characters
    (keeps ZWJ U+200D and VS16 U+FE0F, which emoji need, and tabs), turns CRLF, CR and form
    feeds into LF, decodes HTML entities (double-escaped ones too), repairs mojibake, reads
    C1 controls as the cp1252 characters they stand for, and turns non-breaking and other
    Unicode spaces into plain spaces (line and paragraph separators into ``\\n``).

    >>> clean_text("\\ufeffIt&#39;s\\u00a0over &mdash; caf\u00c3\u00a9\\r\\nNext")
    "It's over — café\\nNext"
    >>> clean_text("&amp;amp; \u00e2\u20ac\u0153hi\u00e2\u20ac\\u009d")
    '& “hi”'
    """
    if text is _CLEAN[0]:  # decoded from bytes that hold nothing to clean
        return text
    run_end = -1  # the steps, when one of them has work, run on the whole text: removing a character may join
    # a lead before it to a run
    for dirt in (_ASCII_DIRT_RE if text.isascii() else _DIRT_RE).finditer(text):
        start = dirt.start()
        found = text[start]
        if "\u00c2" <= found <= "\u00f4":
            if text[start + 1 : start + 2] in CONTINUING:
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


def _as_cp1252(text: str) -> str:
    """``text`` with its C1 controls read as cp1252 (:data:`_C1_AS_CP1252`; each found by the pattern: a translation
    table would look every character up)."""
    return _C1_RE.sub(_cp1252_character, text)


def _cp1252_character(match: re.Match[str]) -> str:
    return _C1_AS_CP1252[ord(match.group())]


def _clean_steps(text: str) -> str:
    """What :func:`clean_text` does, step by step; each step is skipped when a quick look finds nothing
    for it."""
    if _INVISIBLE_RE.search(text):
        text = _INVISIBLE_RE.sub("", text)
    text = _unescape(text)
    if "\r" in text or "\f" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    text = _as_cp1252(text)  # C1 controls read before the repair (a run read as Latin-1 holds them: the same bytes)
    repaired = repair_mojibake(text)  # and after a repair, which may give one (it gives the text back when it finds
    text = text if repaired is text else _as_cp1252(repaired)  # no run: then no scan again)
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
_MAGIC_FIRST = frozenset(magic[:1] for magic, _ in _MAGIC)
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


def _binary_reason(data: bytes, controls: int) -> str | None:
    """Why ``data`` (without a BOM), holding ``controls`` control bytes, looks binary, or ``None`` when it looks
    like text."""
    if data[:1] in _MAGIC_FIRST:  # most texts open with no magic's first byte
        for magic, what in _MAGIC:
            if data.startswith(magic):
                return what
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


def _decode(data: bytes, known: str | None = None) -> tuple[str, str, bytes | None]:
    """Decode ``data``; return the text, the codec used and, when ``data`` was read as UTF-8 holding no control
    byte (no NUL dropped), its :func:`notable_bytes` (else ``None``).  Raise InputError for binary data.
    ``known``: what ``data`` decodes to as UTF-8, if known (:func:`decode_bytes`)."""
    for bom, codec in _BOMS:
        if data.startswith(bom):
            name = codec.removesuffix("-sig")
            try:
                text = data.decode(codec)
            except UnicodeDecodeError:
                raise InputError(f"binary file (invalid {name} after its BOM)") from None
            if _looks_binary(text):
                raise InputError(f"binary file (not text after its {name} BOM)")
            return text, name, None
    notable = notable_bytes(data)  # (the one pass over the whole of ``data`` before it is decoded)
    controls = len(notable) - len(notable.translate(None, _CONTROL_BYTES))
    codec16 = _utf16_without_bom(data) if controls else None  # (it needs NULs, which are controls)
    if codec16 is not None:
        try:
            return data.decode(codec16), codec16, None
        except UnicodeDecodeError:
            pass
    reason = _binary_reason(data, controls)
    if reason is not None:
        raise InputError(f"binary file ({reason})")
    data = data.replace(b"\x00", b"")  # a few stray NULs (a crawler's, a bad copy): dropped, said by decode_bytes
    if known is not None and not controls:
        return known, "utf-8", notable
    try:
        return data.decode("utf-8"), "utf-8", None if controls else notable
    except UnicodeDecodeError:
        pass
    if _mostly_utf8(data):
        return data.decode("utf-8", errors=_STRAY_BYTES), _MIXED, None
    try:
        return data.decode("cp1252"), "cp1252", None
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1", None


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
    b"\xc3[" + re.escape(bytes(sorted({lead.encode()[1] for lead in LEADS}))) + b"]["
    + re.escape(bytes(sorted({char.encode()[0] for char in CONTINUING}))) + b"]"
)
"""In UTF-8 bytes, a mojibake lead (``Â``-``ô``, C3 xx) followed by the first byte of a character that may continue
a run its repair changes (:data:`~reactions.parse.mojibake.CONTINUING`; not another lead: ``ação``): a text without
any has no run to repair."""


def decode_bytes(data: bytes, known: str | None = None) -> DecodedText:
    """Decode a file's bytes to text, repairing mojibake; refuse empty and binary content.  ``known``: what ``data``
    decodes to as UTF-8, when the caller knows it (it encoded a string read as text: ``Document.text``), taken
    instead of decoding ``data`` again; the same result.

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
    text, codec, notable = _decode(data, known)
    plain = notable is not None
    if not _VISIBLE_RE.search(text):
        raise InputError("empty file")
    notes: list[str] = []
    nuls = data.count(0) if not plain and codec not in ("utf-16", "utf-16-le", "utf-16-be", "utf-32") else 0
    if nuls:
        notes.append(f"dropped {nuls} NUL byte{'s' if nuls != 1 else ''}")
    if codec == _MIXED:
        notes.append("decoded as utf-8 with stray cp1252 bytes")
    elif codec != "utf-8":
        notes.append(f"decoded as {codec}")
    # Mojibake runs open with one of U+00C2-U+00F4, which UTF-8 writes as C3 xx, followed by a character that
    # may continue them: text decoded as UTF-8 whose bytes hold no such pair has none (a quick check of the bytes;
    # the repair would find nothing).  (A NUL dropped between two characters could join them.)
    lead = b"\xc3" in (data if notable is None else notable)
    quick = (not lead or _RUN_BYTES.search(data) is None) if not nuls else not lead
    repaired = text if codec == "utf-8" and quick else repair_mojibake(text)
    if repaired != text:
        notes.append("repaired mojibake")
    if plain and (quick or repaired == text) and _cleans_to_itself(data, notable):
        _CLEAN[0] = repaired  # clean_text would give it back as it is: it is told so, not scanned again (a text
        # with a lead before a run's character that repairs to itself, "Beyoncé’s", too: cleaning repairs the same)
    return DecodedText(repaired, codec, tuple(notes))


_ODD_BYTES = (b"\r", b"\x0b", b"\x0c", b"\x1a")
"""The controls :data:`_DIRT_RE` holds that :data:`_CONTROL_BYTES` does not."""
_ODD_SEQUENCES = (
    (b"\xc2", b"\xc2\xa0"), (b"\xe1", b"\xe1\x9a\x80"), (b"\xe3", b"\xe3\x80\x80"), (b"\xef", b"\xef\xbb\xbf")
)  # fmt: skip
"""U+00A0, U+1680, U+3000 and U+FEFF in UTF-8, each after its lead byte (a one-byte search, at memory speed, tells
the texts without one; a longer search is slower)."""
_UNCOMMON_BYTES = _CONTROL_BYTES + b"".join(_ODD_BYTES) + b"".join(lead for lead, _ in _ODD_SEQUENCES)
"""Control bytes, odd controls and odd leads: deleted by one ``translate`` of the notable bytes to tell the texts
that hold none (nine in ten of the bulk corpus's bytes)."""
_ORDINARY_BYTES = bytes(sorted(set(range(0x80)) - set(_UNCOMMON_BYTES) - {ord("&")}))
"""The ASCII bytes no check of :func:`decode_bytes` looks for: all but controls, odd controls and ``&``."""
_C1_BYTES_RE = re.compile(b"\xc2[\x80-\x9f]")
"""A C1 control (:data:`_C1_AS_CP1252`) in UTF-8."""
_DIRT_E2_RE = re.compile(b"\xe2(?:\x80[\x80-\x8b\xa8\xa9\xaf]|\x81[\x9f\xa0])")
"""U+2000-U+200B, U+2028, U+2029, U+202F, U+205F and U+2060 in UTF-8 (a literal E2 first: ``re`` skips to it; E2
also leads the curly quotes and dashes of most news)."""
_ENTITY_RUN_BYTES = re.compile(_ENTITY_RUN.pattern.encode("ascii"))


def notable_bytes(data: bytes) -> bytes:
    """The bytes of ``data`` that :func:`decode_bytes` and :func:`_cleans_to_itself` look for, in order: all but
    :data:`_ORDINARY_BYTES` (one ``translate``).  A few percent of a news text's bytes; in UTF-8, each character's
    bytes stay together (none of a multi-byte character's bytes is ASCII), so a sequence of them is found in these
    exactly where it is in ``data``.

    >>> notable_bytes("It\\u2019s AT&T\\r\\n".encode())
    b'\\xe2\\x80\\x99&\\r'
    """
    return data.translate(None, _ORDINARY_BYTES)


def _cleans_to_itself(data: bytes, notable: bytes | None = None) -> bool:
    """Whether :func:`clean_text` gives back the text of UTF-8 ``data`` as it is, asked of the bytes (``data`` holds
    no byte of :data:`_CONTROL_BYTES`, and :func:`repair_mojibake` gives its text back as it is: no
    :data:`_RUN_BYTES`, or a repair found nothing).  What clean_text's steps change, in bytes: no other control, no
    odd space or invisible character, and every entity run (ASCII: the same runs in the bytes as in the text)
    unescaped to itself; the repair, then, meets the text as it was.  The odd bytes and sequences are looked for in
    ``notable``, the :func:`notable_bytes` of ``data`` (worked out when not given); entity runs in ``data``."""
    notable = notable_bytes(data) if notable is None else notable
    if len(notable.translate(None, _UNCOMMON_BYTES)) != len(notable) and (  # (most texts hold no odd byte or lead)
        any(map(notable.__contains__, _ODD_BYTES))
        or any(lead in notable and seq in notable for lead, seq in _ODD_SEQUENCES)
        or (b"\xc2" in notable and _C1_BYTES_RE.search(notable) is not None)
    ):
        return False
    if _DIRT_E2_RE.search(notable) is not None:
        return False
    if b"&" not in notable:
        return True
    at, run_end = data.find(b"&"), -1
    while at >= 0:
        if at >= run_end:  # (an "&" inside the run before is part of it)
            run = _ENTITY_RUN_BYTES.match(data, at).group().decode("ascii")  # type: ignore[union-attr]
            run_end = at + len(run)
            if _unescape_run(run) != run:
                return False
        at = data.find(b"&", at + 1)
    return True


_CLEAN: list[str] = [""]
"""The last text :func:`decode_bytes` read from bytes that :func:`_cleans_to_itself` (the very object: ``is``, never
``==``): :func:`clean_text` gives it back without scanning it (the corpus decodes a file, then cleans its text)."""
