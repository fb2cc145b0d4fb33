"""The words of embed bylines in the languages embed codes are served in: one table, read by the plain-text
parser (:mod:`reactions.parse.attribution`), the Instagram markup reader
(:mod:`reactions.parse.platforms.instagram`) and the date patterns (:mod:`reactions.parse.dates`).

Instagram writes its byline in the reader's language (``A post shared by Name (@handle) on Date at Time``;
German ``Ein Beitrag geteilt von Name (@handle) am 23. Okt. 2017 um 0:31 Uhr``, Spanish ``Una publicación
compartida de Name (@handle) el 1 jun, 2019 a las 7:36 PDT``).  The phrases are the ones its embed codes carry,
as found in public pages' markup; older codes said ``photo``/``video`` and ``posted`` for ``post`` and ``shared``.

>>> import re
>>> bool(re.fullmatch(instagram_byline(r"\\s+"), "Un  post condiviso da", re.IGNORECASE))
True
"""

from __future__ import annotations

from collections.abc import Iterator

__all__ = [
    "BYLINE_LAST_WORDS", "DATE_WORDS", "FACEBOOK_ON", "FACEBOOK_POSTED_BY", "INSTAGRAM_BYLINES", "INSTAGRAM_CHROME",
    "TIME_WORDS",
    "holds", "instagram_byline", "instagram_chrome", "last_word_before_handle", "lines_opening_with", "words",
]

INSTAGRAM_BYLINES = (
    "A (?:post|photo|video|reel) (?:shared|posted) by",  # English
    "Ein (?:Beitrag|Foto|Video|Reel) (?:geteilt|gepostet) von",  # German
    "Une (?:publication|photo|vidéo) (?:partagée|publiée) par",  # French
    "Una (?:publicación|foto) (?:compartida|publicada) (?:por|de)",  # Spanish (Spain: "por", Americas: "de")
    "Un (?:video|vídeo|reel) (?:compartido|publicado) (?:por|de)",  # Spanish
    "Uma (?:publicação|foto) (?:compartilhada|partilhada|publicada) (?:por|de)",  # Portuguese (Brazil, Portugal)
    "Um (?:vídeo|reel) (?:compartilhado|partilhado|publicado) (?:por|de)",  # Portuguese
    "Un (?:post|video|reel) (?:condiviso|pubblicato) da",  # Italian
    "Una foto (?:condivisa|pubblicata) da",  # Italian
    "Een (?:bericht|foto|video) (?:gedeeld|geplaatst) door",  # Dutch
    "Публикация от",  # Russian
)
"""Instagram's ``A post shared by`` in each language, as regular-expression text: a space stands for the
white space between words (see :func:`instagram_byline`); no quantifier is unbounded."""

INSTAGRAM_CHROME = (
    "View this (?:post|profile|reel|video) on Instagram",  # English
    "(?:Dieses Posting|Diesen Beitrag) auf Instagram ansehen",  # German
    "Sieh dir diesen Beitrag auf Instagram an",  # German
    "Voir cette publication sur Instagram",  # French
    "Ver esta publicación en Instagram",  # Spanish
    "Ver (?:esta|essa) (?:publicação|foto) no Instagram",  # Portuguese
    "Visualizza questo post su Instagram",  # Italian
    "Dit bericht (?:op Instagram bekijken|bekijken op Instagram)",  # Dutch
    "Посмотреть эту публикацию в Instagram",  # Russian
)
"""The link an Instagram embed code shows above the post, in each language: not the post's words."""

FACEBOOK_POSTED_BY = ("Posted by", "Gepostet von", "Publié par", "Publicado por", "Pubblicato da", "Geplaatst door")
"""The fallback byline of a Facebook embed code (``Posted by <a>Name</a> on <a>Date</a>``) in English, German,
French, Spanish and Portuguese, Italian and Dutch, as the codes Facebook hands out write it."""
FACEBOOK_ON = ("on", "am", "sur", "en", "em", "su", "op")
"""The word between the name and the date in :data:`FACEBOOK_POSTED_BY` bylines, in the same languages."""

BYLINE_LAST_WORDS = ("by", "von", "par", "por", "de", "da", "door", "от")
"""The word that ends each byline phrase: a line holding none of them holds no byline (a cheap first look)."""

DATE_WORDS = ("on", "am", "le", "el", "em", "op", "il", "in data:", "in data")
"""The word before a byline's date: English ``on``, German ``am``, French ``le``, Spanish ``el``, Portuguese
``em``, Dutch ``op``, Italian ``il`` or ``in data``."""

TIME_WORDS = ("at", "um", "à", "a las", "a la", "às", "alle ore", "alle", "om", "в")
"""The word before a byline's time of day: ``at``, German ``um`` (then ``Uhr``), French ``à``, Spanish
``a las``, Portuguese ``às``, Italian ``alle`` (``alle ore``), Dutch ``om``, Russian ``в``."""


def instagram_byline(space: str) -> str:
    """A regular expression (for ``re.IGNORECASE``) matching any Instagram byline phrase, with ``space`` (a
    bounded pattern such as ``[ \\t]+``) between its words; no groups."""
    return "(?:" + "|".join(phrase.replace(" ", space) for phrase in INSTAGRAM_BYLINES) + ")"


def instagram_chrome(space: str) -> str:
    """A regular expression (for ``re.IGNORECASE``) matching Instagram's ``View this post on Instagram`` in any
    language, with ``space`` between its words; no groups."""
    return "(?:" + "|".join(phrase.replace(" ", space) for phrase in INSTAGRAM_CHROME) + ")"


def words(options: tuple[str, ...], space: str) -> str:
    """An alternation of ``options`` (longest first), with ``space`` between the words of each."""
    ordered = sorted(options, key=len, reverse=True)
    return "(?:" + "|".join(option.replace(" ", space) for option in ordered) + ")"


def lines_opening_with(text: str, word: str, start: int = 0) -> Iterator[int]:
    """The start of each line of ``text`` that opens with ``word`` (after spaces or tabs) where the word stands at or
    after ``start``, in order: where a byline such as Facebook's ``Posted by NAME on …`` may stand.  Found with
    ``str.find``, each space looked at once."""
    at = text.find(word, start)
    while at >= 0:
        start = at
        while start > 0 and text[start - 1] in " \t":
            start -= 1
        if start == 0 or text[start - 1] == "\n":
            yield start
        at = text.find(word, at + len(word))


def last_word_before_handle(text: str) -> bool:
    """Whether a byline's last word (:data:`BYLINE_LAST_WORDS`) ends right before some ``" @"`` of ``text``, as in
    ``A post shared by @handle``.  Each ``@`` is found with a one-character search (a two-character one is ~5× as
    slow on non-ASCII text); a text with many ``@`` is searched for ``" @"`` instead, so Python looks at few."""
    if text.count("@") > _AT_BUDGET:
        at = text.find(" @")
        while at >= 0 and not text.endswith(BYLINE_LAST_WORDS, 0, at):
            at = text.find(" @", at + 1)
        return at >= 0
    at = text.find("@", 1)
    while at >= 0 and not (text[at - 1] == " " and text.endswith(BYLINE_LAST_WORDS, 0, at - 1)):
        at = text.find("@", at + 1)
    return at >= 0


_AT_BUDGET = 256
"""The most ``@`` looked at one by one (the bulk bodies hold 4 on average, 5,831 in all)."""


def holds(text: str, phrase: str) -> bool:
    """``phrase in text``, found from each place its first character stands: a search for one character runs at
    memory speed where a longer one costs ~0.8 ns a character of non-ASCII text (``View on ``: 4.8 ms over the
    bulk bodies, which hold 3 ``V`` each).  A text holding that character more than 64 times is searched at once."""
    first = phrase[:1]
    if not first or text.count(first) > _FIRST_BUDGET:
        return phrase in text
    at = text.find(first)
    while at >= 0 and not text.startswith(phrase, at):
        at = text.find(first, at + 1)
    return at >= 0


_FIRST_BUDGET = 64
