"""A quotation's author that is a clause of non-English prose, not a name.

The quote finder's rules for who posted are written for English: in an article in Portuguese, Spanish, French or
German they may take the words opening the sentence as the author (``Em dos posts no Facebook que …, Azealia Banks
escreveu: "…"`` gives ``Em dos``; ``…", informou o presidente em seus posts`` gives ``informou o presidente em
seus``).  Such words are prose, not a name: an author is prose when it holds a function word of those languages
written in lower case that is no English word and no particle of a name (``o``, ``em``, ``uma``, ``foi``, ``não``,
``los``, ``une``, ``und``; not ``da``, ``de``, ``dos``, ``del``, ``van``, ``y``), or opens with such a word
capitalised, as a sentence opens, before a word in lower case (``Em dos``, ``E não``; not ``Der Spiegel``).  The
quotation stays a post; its author is left unknown rather than named wrongly.

>>> prose_for_a_name("Em dos"), prose_for_a_name("informou o presidente em seus"), prose_for_a_name("Ann Lee")
(True, True, False)
>>> prose_for_a_name("Maria das Graças"), prose_for_a_name("Der Spiegel"), prose_for_a_name("a fan")
(False, False, False)
"""

from __future__ import annotations

__all__ = ["prose_for_a_name"]

# fmt: off
_LOWER_WORDS = frozenset(
    {
        # Portuguese
        "o", "os", "em", "e", "um", "uma", "uns", "umas", "seu", "seus", "sua", "suas", "foi", "foram", "não", "nao",
        "por", "para", "com", "na", "nas", "nos", "ao", "aos", "pelo", "pela", "pelos", "pelas", "que", "é", "à",
        "às", "mas", "ele", "ela", "eles", "elas", "aí", "já", "também", "muito", "mais", "como", "sobre", "onde",
        "quando", "são", "está",
        # Spanish
        "los", "las", "en", "una", "su", "sus", "fue", "pero", "es", "él",
        # French
        "une", "les", "et", "est", "dans", "avec", "sur", "qui", "aux", "cette",
        # German
        "der", "und", "ist", "ein", "eine", "einen", "mit", "auf", "nicht", "für",
    }
)  # (not English words, nor particles of names: "da", "de", "dos", "das", "del", "des", "la", "le", "el", "y")
_SENTENCE_OPENERS = frozenset(
    {
        # Portuguese (not "Nas", a rapper's name)
        "Em", "E", "Uma", "Um", "Os", "Na", "Nos", "Ao", "Aos", "Pelo", "Pela", "Para", "Com", "Mas", "Quando",
        "Segundo",
        # Spanish
        "En", "Una", "Pero", "Cuando", "Según",
        # French
        "Dans", "Une", "Mais", "Selon",
        # German
        "Der", "Die", "Das", "Ein", "Eine", "Und", "Aber",
    }
)
# fmt: on


def prose_for_a_name(name: str | None) -> bool:
    """Whether an author as written (``name``) is a clause of non-English prose (see the module)."""
    words = name.split() if name else []
    if any(word in _LOWER_WORDS for word in words[:12]):
        return True
    return len(words) > 1 and words[0] in _SENTENCE_OPENERS and words[1][:1].islower()
