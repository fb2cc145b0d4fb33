"""Tests for reactions.parse.text: decoding bytes, repairing mojibake, cleaning text."""

from __future__ import annotations

import codecs
import pickle
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from reactions.errors import InputError
from reactions.parse.text import DecodedText, clean_text, decode_bytes, repair_mojibake


def mojibake(text: str, codec: str = "cp1252") -> str:
    """``text`` as it looks when its UTF-8 bytes are read as ``codec`` (latin-1 fills cp1252's gaps)."""
    data = text.encode("utf-8")
    if codec == "latin-1":
        return data.decode("latin-1")
    return "".join(bytes([b]).decode("cp1252", errors="ignore") or chr(b) for b in data)


# --- decode_bytes ---------------------------------------------------------------------------------

SAMPLE = "It’s over — café, naïve 😂 #JusticeForJohnnyDepp\n"


@pytest.mark.parametrize(
    ("data", "text", "encoding", "notes"),
    [
        (SAMPLE.encode("utf-8"), SAMPLE, "utf-8", ()),
        (codecs.BOM_UTF8 + SAMPLE.encode("utf-8"), SAMPLE, "utf-8", ()),
        (SAMPLE.encode("utf-16"), SAMPLE, "utf-16", ("decoded as utf-16",)),
        (codecs.BOM_UTF16_BE + SAMPLE.encode("utf-16-be"), SAMPLE, "utf-16", ("decoded as utf-16",)),
        (SAMPLE.encode("utf-32"), SAMPLE, "utf-32", ("decoded as utf-32",)),
        ("plain ascii\r\n".encode("utf-16-le"), "plain ascii\r\n", "utf-16-le", ("decoded as utf-16-le",)),
        ("It’s over — café".encode("cp1252"), "It’s over — café", "cp1252", ("decoded as cp1252",)),
        (b"caf\xe9 \x81 na\xefve", "café \x81 naïve", "latin-1", ("decoded as latin-1",)),
        (mojibake(SAMPLE).encode("utf-8"), SAMPLE, "utf-8", ("repaired mojibake",)),
        # UTF-8 pasted together with cp1252: each stray byte is read as cp1252, the rest as UTF-8
        ("It’s ".encode() + b"\x93quoted\x94 " + "iPhone手机 café".encode(), "It’s “quoted” iPhone手机 café",
         "utf-8+cp1252", ("decoded as utf-8 with stray cp1252 bytes",)),
        (b"\x93" + mojibake("It’s").encode(), "“It’s", "utf-8+cp1252",
         ("decoded as utf-8 with stray cp1252 bytes", "repaired mojibake")),
        # cp1252 in which É + NBSP happen to form UTF-8 (ɠ): still cp1252, and ɠ is not "repaired"
        ("ÉTÉ\xa0! Ça va\xa0? Très.".encode("cp1252"), "ÉTÉ\xa0! Ça va\xa0? Très.", "cp1252",
         ("decoded as cp1252",)),
    ],
    ids=["utf8", "utf8-bom", "utf16-le-bom", "utf16-be-bom", "utf32", "utf16-no-bom", "cp1252", "latin1",
         "mojibake", "mixed", "mixed-mojibake", "cp1252-looks-utf8"],
)  # fmt: skip
def test_decode_bytes(data: bytes, text: str, encoding: str, notes: tuple[str, ...]) -> None:
    assert decode_bytes(data) == DecodedText(text, encoding, notes)


@pytest.mark.parametrize("data", [b"", b"   ", b"\n\r\n\t ", codecs.BOM_UTF8, codecs.BOM_UTF8 + b" \n",
                                  " \n".encode("utf-16"), "\ufeff\u200b".encode()])  # fmt: skip
def test_decode_bytes_empty(data: bytes) -> None:
    with pytest.raises(InputError, match=r"^empty file$"):
        decode_bytes(data)


@pytest.mark.parametrize(
    ("data", "why"),
    [
        (b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "PDF document"),
        (b"PK\x03\x04\x14\x00\x06\x00", "ZIP archive"),
        (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", "PNG image"),
        (b"\xff\xd8\xff\xe0\x00\x10JFIF", "JPEG image"),
        (b"GIF89a\x01\x00", "GIF image"),
        (b"\x1f\x8b\x08\x00", "gzip archive"),
        (b"\x00\x01\x02\x03 abc \x04\x05\x06\x07\x08", "9 control characters in 14 bytes"),
        (b"ab\x00" * 100, "100 control characters in 300 bytes"),  # NULs all through: not text
        (codecs.BOM_UTF16_LE + b"\x00\xd8", "invalid utf-16 after its BOM"),
        (codecs.BOM_UTF16_LE + b"\x00\xe0\x01\x00" * 300, "not text after its utf-16 BOM"),
        (codecs.BOM_UTF8 + b"\x01\x02\x03\x04\x05\x06\x07 abc", "not text after its utf-8 BOM"),
    ],
)
def test_decode_bytes_binary(data: bytes, why: str) -> None:
    with pytest.raises(InputError) as caught:
        decode_bytes(data)
    assert str(caught.value) == f"binary file ({why})"


def test_a_stray_nul_is_dropped_and_said_not_a_reason_to_skip_the_file() -> None:
    decoded = decode_bytes(b"So proud of her\x00 #win \xe2\x80\x94 Fan (@fan) May 1, 2020")
    assert decoded.text == "So proud of her #win — Fan (@fan) May 1, 2020"
    assert decoded.notes == ("dropped 1 NUL byte",)
    long = ("A long article. " * 100).encode()
    assert decode_bytes(long[:50] + b"\x00" * 3 + long[50:]).notes == ("dropped 3 NUL bytes",)
    assert decode_bytes("plain".encode("utf-16")).notes == ("decoded as utf-16",)  # UTF-16's NULs are text


def test_decode_bytes_tolerates_a_few_control_bytes() -> None:
    data = ("A long article. " * 100).encode() + b"\x1b[0m \x1a"
    assert decode_bytes(data).text.startswith("A long article.")


def test_decoded_text_is_frozen_and_pickles() -> None:
    decoded = decode_bytes("café".encode("cp1252"))
    assert pickle.loads(pickle.dumps(decoded)) == decoded
    with pytest.raises(AttributeError):
        decoded.text = "x"  # type: ignore[misc]


# --- mojibake --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("broken", "fixed"),
    [
        ("â€”", "—"),
        ("â€“", "–"),
        ("â€™", "’"),
        ("â€œquoteâ€\x9d", "“quote”"),
        ("â€¦", "…"),
        ("Ã©", "é"),
        ("cafÃ©", "café"),
        ("Ã\xa0 la carte", "à la carte"),
        ("Â£5", "£5"),
        ("Â\xa0", "\xa0"),
        ("ðŸ˜‚", "😂"),
        (mojibake("\U0001fae8 \U0001faf7"), "\U0001fae8 \U0001faf7"),  # Unicode 15 emoji, unassigned in 3.11
        ("ðŸ\x8f³ï¸\x8f", "🏳️"),  # 0x8F, undefined in cp1252, read as latin-1's U+008F
        ("ð\x9f\x8f³ï¸\x8f", "🏳️"),  # all of it read as latin-1
        (mojibake("🏳️‍🌈 👍🏽"), "🏳️‍🌈 👍🏽"),
        (mojibake("złoty się, Dvořák, İstanbul"), "złoty się, Dvořák, İstanbul"),
        (mojibake("Azərbaycan, naïve, e\u0301 (NFD)"), "Azərbaycan, naïve, e\u0301 (NFD)"),
        (mojibake("Привет, мир"), "Привет, мир"),
        (mojibake("Ελλάδα"), "Ελλάδα"),
        (mojibake("日本語"), "日本語"),
        (mojibake("It’s — café", "latin-1"), "It’s — café"),
        (mojibake(mojibake("It’s — café")), "It’s — café"),  # doubly encoded
        ("ï»¿Title", "Title"),  # a UTF-8 BOM read as cp1252, at the start
        # cp1252 has no byte 0x9D: the third byte of ” (E2 80 9D) is often lost or replaced
        ("â€œquoteâ€ ok", "“quote” ok"),
        ("â€œquoteâ€", "“quote”"),
        ("â€œquoteâ€\ufffd ok", "“quote” ok"),
        ("ðŸ‘¨â€ðŸ‘©â€ðŸ‘§", "👨\u200d👩\u200d👧"),  # ... and of a ZWJ (E2 80 8D) between emoji
    ],
)
def test_repair_mojibake(broken: str, fixed: str) -> None:
    assert repair_mojibake(broken) == fixed


@pytest.mark.parametrize(
    "correct",
    [
        "café naïve résumé Ångström façade",
        "Straße…",  # ß + … would be bytes DF 85, a NKo letter
        "PÍŠE ÚŽASNĚ",  # Czech capitals: Í + Š would be U+034A, a combining mark
        "ESPAÑ”",  # Ñ + ” would be є, Cyrillic glued to Latin
        "CAFÉ\xa0!",  # É + NBSP would be ɠ
        "«café»…",
        "3×²",
        "Â propos",
        "ÀÁÂÃÄÅ ¡¿ €100 ™ © ®",
        "x ï»¿ y",  # a BOM mojibake in the middle is left alone (removing it could join words)
        "plain ascii only",
        "",
    ],
)
def test_repair_mojibake_leaves_correct_text(correct: str) -> None:
    assert repair_mojibake(correct) == correct


# --- clean_text ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "clean"),
    [
        ("\ufeffTitle", "Title"),
        ("\ufeff\ufeffTitle\ufeff", "Title"),
        ("a\r\nb\rc\n", "a\nb\nc\n"),
        ("a &mdash; b &ndash; c", "a — b – c"),
        ("Tom &amp; Jerry", "Tom & Jerry"),
        ("it&#39;s &#x27;quoted&#x27; &quot;x&quot;", "it's 'quoted' \"x\""),
        ("a&nbsp;b", "a b"),
        ("&amp;mdash; &amp;amp;", "— &"),  # double-escaped
        ("&lt;b&gt; AT&T R&D &unknown; &", "<b> AT&T R&D &unknown; &"),
        ("a\xa0b\u202fc\u2009d\u3000e\u2007f", "a b c d e f"),
        ("line\u2028next\u2029para", "line\nnext\npara"),
        ("zero\u200bwidth\u2060joiner", "zerowidthjoiner"),
        ("👨\u200d👩\u200d👧 🏳️\u200d🌈 ❤️", "👨\u200d👩\u200d👧 🏳️\u200d🌈 ❤️"),
        ("keeps\ttabs\nand\n\nblank lines", "keeps\ttabs\nand\n\nblank lines"),
        ("It\u00e2\u20ac\u2122s \u00e2\u20ac\u201d caf\u00c3\u00a9", "It’s — café"),
        ("&Atilde;&copy;", "é"),  # mojibake hidden behind entities
        ("a&#13;&#10;b", "a\nb"),
        ("x&#8203;y", "xy"),
        ("Â\xa0price", " price"),
        ("ESC\x1b[0m NUL\x00 BEL\x07 DEL\x7f VT\x0b", "ESC[0m NUL BEL DEL VT"),
        ("page\x0cnext &#12;x", "page\nnext \nx"),
        ("the \x93long\x94 step, I\x92m sure\x97really \x80 5", "the “long” step, I’m sure—really € 5"),
        ("Megan\u00e2\x80\x99s \x97 \x81\x9d", "Megan’s — \x81\x9d"),  # a run first; cp1252's undefined bytes stay
    ],
)
def test_clean_text(raw: str, clean: str) -> None:
    assert clean_text(raw) == clean


@pytest.mark.parametrize(
    "tricky",
    [
        "&amp&#8203;lt;",
        "&amp\u200blt;",
        "&amplt;",
        "&" + "amp;" * 20 + "lt;",
        "Ã\u200b©",
        "Ã&#8203;©",
        "&Atilde;\u200b&copy;",
        "Ã" + "ƒ" * 50,
        "Ã¢â‚¬â„¢" * 3,
        "ï»¿ï»¿ï»¿x",
        "\u200bï»¿&amp;x",
        "&iuml;&raquo;&iquest;x",
        "Â\xa0\xa0",
    ],
)
def test_clean_text_is_idempotent_on_tricky_input(tricky: str) -> None:
    once = clean_text(tricky)
    assert clean_text(once) == once


# Characters that interact: entity pieces, mojibake leads and continuations, spaces, invisibles.
PIECES = st.sampled_from(
    ["&", "amp;", "#", "38;", "#x26;", ";", "lt", "mdash;", "nbsp;", "#8203;", "#13;", "a", "1", " ", "\n",
     "\r", "\ufeff", "\u200b", "\u2060", "\x00", "\x0c", "#12;", "\u200d", "\ufe0f", "\xa0", "Ã", "Â", "â",
     "ð", "Ÿ", "€", "™", "©", "\x9d", "\x8d", "\ufffd", "â€", "˜", "‚",
     "ï", "»", "¿", "é", "ß", "…", "Ð", "Ñ", "×", "²", "😂", "ш"]
)  # fmt: skip
TRICKY_TEXT = st.lists(PIECES, max_size=40).map("".join)
ANY_TEXT = st.text(st.characters(exclude_categories=[]))  # lone surrogates too


# Mojibake alphabet: every lead and continuation character, and a few that end or join runs.
MOJIBAKE_TEXT = st.lists(
    st.sampled_from([*map(chr, range(0x80, 0xF5)), *"€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ", "\ufffd", "â€", "ðŸ", "a", " "]),
    max_size=30,
).map("".join)


@settings(max_examples=200, deadline=None)
@given(st.one_of(ANY_TEXT, TRICKY_TEXT, MOJIBAKE_TEXT))
def test_clean_text_properties(text: str) -> None:
    once = clean_text(text)
    assert clean_text(once) == once
    assert "\r" not in once
    assert not {"\ufeff", "\u200b", "\u2060", "\xa0", "\x00", "\x1b", "\x0c"} & set(once)
    for kept in ("\u200d", "\ufe0f"):  # emoji need ZWJ and VS16: never removed
        assert once.count(kept) >= text.count(kept)


def every_run_repaired(text: str) -> str:
    """The repair as it reads every run its pattern finds, leads alone too (what the quick path skips)."""
    from reactions.parse.mojibake import _MOJIBAKE_RUN, _is_latin, _RunRepair

    parts, last = [], 0
    for match in _MOJIBAKE_RUN.finditer(text):
        start, end = match.span()
        before, after = bool(start) and _is_latin(text[start - 1]), end < len(text) and _is_latin(text[end])
        parts += [text[last:start], _RunRepair(before, after, start == 0).repair(match.group())]
        last = end
    return "".join([*parts, text[last:]])


# Correct text in languages whose accented letters are mojibake leads (ç, ã, é: runs of leads alone), with the
# characters that make a run repairable among them.
ACCENTED_TEXT = st.lists(
    st.sampled_from(
        ["ação", "çã", "é", "ê", "ô", "õ", "Ã", "â", "ð", "€", "”", "’", "–", "\ufffd", "©", "º", "a", " "]
    ),
    max_size=30,
).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(ANY_TEXT, TRICKY_TEXT, MOJIBAKE_TEXT, ACCENTED_TEXT))
def test_repair_mojibake_reads_only_runs_it_can_change(text: str) -> None:
    assert repair_mojibake(text) == every_run_repaired(text)


def test_repair_mojibake_leaves_portuguese_as_it_is() -> None:
    text = "A votação da reforma é “histórica”, disse o ministro – ação já"
    assert repair_mojibake(text) is text
    assert decode_bytes(text.encode()).text == text


@settings(max_examples=200, deadline=None)
@given(st.one_of(ANY_TEXT, TRICKY_TEXT, MOJIBAKE_TEXT))
def test_repair_mojibake_properties(text: str) -> None:
    once = repair_mojibake(text)
    assert repair_mojibake(once) == once
    assert len(once) <= len(text)


def reference_clean_text(text: str) -> str:
    """clean_text as first written, every step run unconditionally: the quick checks that let
    clean_text skip steps must never change what it returns."""
    import html
    import re

    def unescape_run(run: str) -> str:
        current = run
        for _ in range(6):
            following = html.unescape(current).translate(DELETE_INVISIBLE)
            if following == current:
                return current
            current = following
        return run

    text = re.sub("[\u200b\u2060\ufeff\x00-\x08\x0b\x0e-\x1f\x7f]+", "", text)
    text = re.sub(r"&[&#;0-9A-Za-z]*", lambda m: unescape_run(m.group()), text)
    text = text.replace("\r\n", "\n").replace("\r", "\n").replace("\f", "\n")
    def as_cp1252(text: str) -> str:
        def one(m: re.Match[str]) -> str:
            return m.group().encode("latin-1").decode("cp1252", "ignore") or m.group()

        return re.sub("[\x80-\x9f]", one, text)

    text = as_cp1252(repair_mojibake(as_cp1252(text)))
    text = re.sub("[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]", " ", text)
    return re.sub("[\u2028\u2029]", "\n", text)


DELETE_INVISIBLE = dict.fromkeys([0x200B, 0x2060, 0xFEFF, *range(0x00, 0x09), 0x0B, *range(0x0E, 0x20), 0x7F])


CLEAN_PIECES = st.sampled_from(["a", " ", "\n", "\t", ".", "😂", "—", "’", "ш", "\u200d", "\ufe0f", "ÿ"])
DIRT_PIECES = st.sampled_from(
    ["&amp;", "&#13;", "&nbsp;", "&", "\r", "\r\n", "\f", "\x00", "\x1b", "\x7f", "\u200b", "\u2060", "\ufeff",
     "\xa0", "\u1680", "\u2000", "\u2005", "\u200a", "\u202f", "\u205f", "\u3000", "\u2028", "\u2029",
     "Ã©", "â€™", "â€", "Ã", "ô", "Â\xa0", "Â©", "ð\x9f\x98\x82", "\x93", "\x97", "\x81", "â\x80\x99"]
)  # fmt: skip
ONE_DIRT_TEXT = st.tuples(st.lists(CLEAN_PIECES, max_size=8), DIRT_PIECES, st.lists(CLEAN_PIECES, max_size=8)).map(
    lambda parts: "".join(parts[0]) + parts[1] + "".join(parts[2])
)
"""Clean text but for one piece that one step of clean_text changes: each quick check must see it."""


@settings(max_examples=300, deadline=None)
@given(st.one_of(ANY_TEXT, TRICKY_TEXT, MOJIBAKE_TEXT, ONE_DIRT_TEXT, st.text(st.characters(max_codepoint=0x7F))))
def test_clean_text_matches_the_unconditional_steps(text: str) -> None:
    assert clean_text(text) == reference_clean_text(text)


@pytest.mark.parametrize("text", [
    "caf\u00e9 na\u00efve", "AT&T and Q&A;", "caf\u00e9 &amp; AT&T", "&&amp;&", "Ã\x1f©", "Â\u200b\xa0x",
    "Ã&#8203;©", "é&T Ã©", "x Â", "Ãa\x00©", "&#xc3;&#xa9;", "&AElig&", "AT&T\u00a0",
    "2t™Â\x1f\xa0\ufffd\x0b&Atilde;&copy;\x00",
])  # fmt: skip
def test_clean_text_sees_leads_and_entities_that_change_nothing_and_those_that_do(text: str) -> None:
    """A lead that begins no run (café) and an entity that stays as it is (AT&T) are no change; a character
    removed between a lead and what continues it, or an entity that becomes one, is."""
    assert clean_text(text) == reference_clean_text(text)


def test_clean_text_matches_the_unconditional_steps_on_the_seed_articles(seeds_dir: Path) -> None:
    for path in sorted(seeds_dir.glob("*")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        for variant in (text, mojibake(text), text.replace("\n", "\r\n"), text + "&amp;\xa0\u2028"):
            assert clean_text(variant) == reference_clean_text(variant), path.name


# Latin-script prose: words of letters up to Latin Extended-B, between spaces, punctuation and emoji.
# Letters that cp1252 puts in 0x80-0xBF (µ Š Ž œ …) are left out of words: a repair decided
# inside a run cannot see that an accented letter follows, so "ÚŽõ" (Ú + Ž is also Arabic ڎ)
# survives cleaning but its mojibake would come back as "ڎõ".
LATIN_WORD = st.text(
    st.characters(max_codepoint=0x24F, categories=("Lu", "Ll", "Nd")).filter(
        lambda ch: ch.encode("cp1252", errors="ignore")[:1] < b"\x80" or ch.encode("cp1252", errors="ignore") > b"\xbf"
    ),
    min_size=1,
    max_size=8,
)
SEPARATOR = st.sampled_from([" ", ", ", ". ", "’ ", "” ", " “", "… ", " — ", " – ", " €", "™ ", " © ", " ° ",
                             " 😂 ", "👍🏽 ", " 🏳️‍🌈 ", "\n"])  # fmt: skip
LATIN_TEXT = st.lists(st.one_of(LATIN_WORD, SEPARATOR), max_size=12).map("".join)


@settings(max_examples=200, deadline=None)
@given(LATIN_TEXT)
def test_mojibake_of_latin_text_is_undone(text: str) -> None:
    clean = clean_text(text)
    assert clean_text(mojibake(clean)) == clean
    assert clean_text(mojibake(clean, "latin-1")) == clean


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_decode_bytes_never_fails_otherwise(data: bytes) -> None:
    try:
        decoded = decode_bytes(data)
    except InputError as error:
        message = str(error)
    else:
        message = "decoded"
        assert decoded.text.strip()
    assert message in ("decoded", "empty file") or message.startswith("binary file (")


@settings(max_examples=200, deadline=None)
@given(st.one_of(TRICKY_TEXT, MOJIBAKE_TEXT, LATIN_TEXT, LATIN_TEXT.map(mojibake)))
@example("\x00\ufeff&")  # (a BOM after a stray NUL is no BOM: the file does not start with it)
def test_decode_bytes_repairs_what_repair_mojibake_repairs(text: str) -> None:
    """The quick checks in decode_bytes (no C3 byte: no repair to try) change nothing."""
    if not text.strip() or not text.encode("utf-8", "surrogatepass").strip():
        return
    for data in (text.encode("utf-8", "surrogatepass"), text.encode("utf-16-le", "surrogatepass")):
        try:
            decoded = decode_bytes(data)
        except InputError:
            continue
        if decoded.encoding == "utf-8":  # a UTF-8 BOM the file starts with dropped, stray NULs dropped
            raw = data.removeprefix(codecs.BOM_UTF8).replace(b"\x00", b"").decode("utf-8")
            assert decoded.text == repair_mojibake(raw)
        elif decoded.encoding == "utf-16-le":
            assert decoded.text == repair_mojibake(data.decode("utf-16-le"))


@pytest.mark.parametrize("codec", ["cp1252", "latin-1"])
def test_mojibake_of_the_seed_articles_is_undone(seeds_dir: Path, codec: str) -> None:
    for path in sorted(seeds_dir.glob("*.txt")):
        original = decode_bytes(path.read_bytes()).text
        broken = mojibake(original, codec)
        assert broken != original
        assert clean_text(broken) == clean_text(original), path.name
        assert decode_bytes(broken.encode("utf-8")).text == original, path.name


# --- linear time -----------------------------------------------------------------------------------


def timed(function: object, argument: str) -> float:
    """CPU seconds of ``function(argument)`` (this process's: a busy machine does not change it)."""
    start = time.process_time()
    function(argument)  # type: ignore[operator]
    return time.process_time() - start


@pytest.mark.parametrize(
    "big",
    [
        "word " * 2_000_000,  # 10 MB of prose without a newline
        "café naïve — " * 800_000,
        "&amp;" * 1_000_000,
        "&" * 10_000_000,
        "&amp" * 1_000_000,
        "\r" * 10_000_000,
        "\xa0a" * 5_000_000,
        "Ã" * 5_000_000,
        "€" * 5_000_000,
        "Ã©â€™" * 100_000,
        "Ã" + "ƒ" * 300_000,
        "Ã" + "€" * 1_000_000,
        "ï»¿" * 300_000,
    ],
    ids=["prose", "accents", "entities", "ampersands", "amp-run", "cr", "nbsp", "leads", "conts", "mojibake",
         "chain", "conts-after-lead", "boms"],
)  # fmt: skip
def test_clean_text_is_linear_on_big_input(big: str, assert_linear: Callable[..., None]) -> None:
    assert_linear(clean_text, big)  # CPU time per character against a tenth of it; quadratic would take hours


def test_clean_text_scales_linearly() -> None:
    unit = "Ã©â€™ &amp;mdash; café\xa0\r\n"
    small, large = unit * 20_000, unit * 200_000
    clean_text(small)
    assert timed(clean_text, large) < 20 * max(timed(clean_text, small), 0.01)


# --- the clean bytes' shortcut: decode_bytes tells clean_text a text it need not scan -----------------------------

_DIRTY_OR_NOT = st.lists(
    st.one_of(
        st.sampled_from(["a", " ", "&", ";", "#", "&amp;", "&amp", "&lt", "&#x41;", "&#8217;", "AT&T", "&&amp;", "\r",
                         "\n", "\t", "\f", "\x0b", "\x1a", "\x00", "\x07", "\x7f", "“", "”", "’", "–", "—", "…", "é",
                         "Â", "Ã", "ô", "õ", "Ã©", "â€™", "â€", "€", "™", "©", "×", "ü", "\u00a0", "\u1680", "\u2000",
                         "\u200a", "\u200b", "\u200c", "\u200d", "\u2028", "\u2029", "\u202f", "\u205f", "\u2060",
                         "\u3000", "\ufeff", "\ufe0f", "\ufffd", "😂"]),
        st.characters(),
    ),
    max_size=30,
).map("".join)  # fmt: skip


@settings(max_examples=800, deadline=None)
@given(_DIRTY_OR_NOT)
def test_the_clean_bytes_shortcut_gives_what_the_scan_gives(text: str) -> None:
    """``clean_text`` of a text ``decode_bytes`` found clean in its bytes is what it is of the same text read anew
    (another object, scanned); and what the bytes' check calls clean, the scan gives back as it is."""
    from reactions.parse import text as text_module

    data = text.encode("utf-8", "surrogatepass")
    try:
        decoded = decode_bytes(data)
    except InputError:
        return
    scanned = clean_text((" " + decoded.text)[1:])  # an equal string, another object: no shortcut
    assert clean_text(decoded.text) == scanned
    plain = data.translate(None, text_module._CONTROL_BYTES) == data
    if plain and text_module._cleans_to_itself(data):
        text = data.decode("utf-8", "surrogatepass")
        if not text_module._RUN_BYTES.search(data):
            assert clean_text(text) is text  # what the bytes' check calls clean, the scan leaves as it is
        elif repair_mojibake(text) == text:  # a lead before a run's character, and no run: the steps change nothing
            assert clean_text(text) == text


def test_the_shortcut_is_taken_only_for_the_very_text_decoded() -> None:
    from reactions.parse import text as text_module

    decoded = decode_bytes("It’s “fine” — really…".encode())
    assert text_module._CLEAN[0] is decoded.text
    assert clean_text(decoded.text) is decoded.text
    dirty = decode_bytes("Tom &amp; Jerry\u00a0now".encode())
    assert text_module._CLEAN[0] is not dirty.text
    assert clean_text(dirty.text) == "Tom & Jerry now"


@pytest.mark.parametrize(
    ("text", "shortcut"),
    [
        ("AT&T and café, naïve", True),  # an "&" that unescapes to itself, letters that lead no mojibake run
        ("Tom &amp; Jerry", False),  # an entity
        ("It\u00e2\u20ac\u2122s", False),  # a mojibake run
        ("one\u00a0two", False),  # an odd space
        ("a\rb", False),
        ("&&amp;", False),  # "&amp;" inside the run "&&amp;"
        ("Beyoncé’s café’s", True),  # a lead before a run's character, which the repair leaves as it is
        ("Beyoncé’s\u00a0café", False),  # the same with an odd space
        ("Beyoncé’s It\u00e2\u20ac\u2122s", False),  # the same with a run the repair mends
    ],
)
def test_the_bytes_say_what_cleaning_leaves(text: str, shortcut: bool) -> None:
    from reactions.parse import text as text_module

    decoded = decode_bytes(text.encode())
    assert (text_module._CLEAN[0] is decoded.text) is shortcut
    assert clean_text(decoded.text) == clean_text((" " + decoded.text)[1:])


def test_c1_controls_in_utf8_are_read_as_cp1252_after_decoding() -> None:
    """A page written in cp1252, read as Latin-1 and saved as UTF-8 holds C1 controls (bytes C2 80-C2 9F): the
    decoder's quick look must not tell such a text clean, so that cleaning reads them."""
    decoded = decode_bytes("Fans said \x93wow\x94 \x97 it\x92s true".encode())
    assert clean_text(decoded.text) == "Fans said “wow” — it’s true"


# --- a text known beside its bytes: decode_bytes takes it instead of decoding them again ---------------------------

_READ_AS_TEXT = st.lists(
    st.one_of(
        st.sampled_from(["a", " ", "\n", "\r\n", "\t", "\f", "\x0b", "\x1a", "\x00", "\x07", "\x7f", "&amp;", "AT&T",
                         "\ufeff", "ï»¿", "Ã©", "â€™", "â€œ", "Ã", "ô", "é", "’", "“", "—", "\x93", "\x97", "\u00a0",
                         "\u1680", "\u2000", "\u200b", "\u2028", "\u2029", "\u202f", "\u3000", "\ufe0f", "😂", "👍🏽",
                         "%PDF-", "GIF89a", "\x00a" * 3]),
        st.characters(blacklist_categories=("Cs",)),
    ),
    max_size=30,
).map("".join)  # fmt: skip
"""Strings a JSON file or a table may hold: mojibake, cp1252's characters read as Latin-1 (C1 controls), NULs,
BOMs and their mojibake, controls, odd spaces, line separators, emoji, a binary file's opening."""


def _decoded_or_refused(data: bytes, known: str | None = None) -> tuple[DecodedText, bool] | str:
    from reactions.parse import text as text_module

    try:
        decoded = decode_bytes(data, known)
    except InputError as error:
        return str(error)
    return decoded, text_module._CLEAN[0] is decoded.text


@settings(max_examples=1500, deadline=None)
@given(_READ_AS_TEXT, st.sampled_from(["", "\ufeff", "\x00", "  "]))
def test_a_known_text_decodes_as_its_bytes_do(text: str, opening: str) -> None:
    """What decode_bytes gives with the string the bytes were encoded from is what it gives of the bytes alone: the
    text, codec, notes, the refusals, and whether clean_text is told the text is clean."""
    text = opening + text
    data = text.encode("utf-8")
    assert _decoded_or_refused(data, text) == _decoded_or_refused(data)


@pytest.mark.parametrize(
    "text",
    ["It\u00e2\u20ac\u2122s", "a\x00b", "\ufeffBOM first", "Tom &amp; Jerry", "plain “news” — ok", "x\x01" * 20,
     "a\x00" * 8, "%PDF-1.7"],
)  # fmt: skip
def test_a_known_text_gives_the_same_notes(text: str) -> None:
    data = text.encode("utf-8")
    assert _decoded_or_refused(data, text) == _decoded_or_refused(data)


def _cleans_to_itself_reading_every_byte(data: bytes) -> bool:
    """:func:`reactions.parse.text._cleans_to_itself` as it read the whole of ``data`` before it read the notable
    bytes: the reading the notable bytes replace."""
    from reactions.parse import text as text_module

    if (
        any(map(data.__contains__, text_module._ODD_BYTES))
        or any(lead in data and seq in data for lead, seq in text_module._ODD_SEQUENCES)
        or text_module._C1_BYTES_RE.search(data) is not None
        or text_module._DIRT_E2_RE.search(data) is not None
    ):
        return False
    at, run_end = data.find(b"&"), -1
    while at >= 0:
        if at >= run_end:
            run = text_module._ENTITY_RUN_BYTES.match(data, at).group().decode("ascii")  # type: ignore[union-attr]
            run_end = at + len(run)
            if text_module._unescape_run(run) != run:
                return False
        at = data.find(b"&", at + 1)
    return True


@settings(max_examples=1500, deadline=None)
@given(_READ_AS_TEXT)
def test_the_notable_bytes_say_what_every_byte_says(text: str) -> None:
    """The odd sequences, C1 controls, odd spaces and entities found in the notable bytes (all but ordinary ASCII)
    are those found in all the bytes of a UTF-8 text; so is the mojibake lead C3."""
    from reactions.parse import text as text_module

    data = text.encode("utf-8")
    notable = text_module.notable_bytes(data)
    assert text_module._cleans_to_itself(data, notable) == _cleans_to_itself_reading_every_byte(data)
    assert (b"\xc3" in notable) == (b"\xc3" in data)
    assert len(notable) - len(notable.translate(None, text_module._CONTROL_BYTES)) == len(data) - len(
        data.translate(None, text_module._CONTROL_BYTES)
    )
