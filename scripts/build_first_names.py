"""Build ``reactions/data/first_names.txt``: given names borne almost only by one sex, from the US Social Security
Administration's national baby-name counts ("Baby Names from Social Security Card Applications - National Data",
public domain, catalog.data.gov; one ``yobYYYY.txt`` of ``name,sex,count`` lines a year).

The parser uses the table only to choose between two people a pronoun may stand for (``Kraus … "…," she wrote``
after ``Rachel Lindsay``), so the table must be sure or silent: a name is written only when, over the years of
birth of the people news writes about (1930–2010 by default), at least 1,000 were given it and 95 % of them were of
one sex.  ``Taylor`` (about half and half over those years), ``Kim`` or ``Jordan`` are left out.

Usage::

    python scripts/build_first_names.py DIR_OF_YOB_FILES [FIRST_YEAR LAST_YEAR] > reactions/data/first_names.txt
"""

from __future__ import annotations

import collections
import sys
from pathlib import Path

SHARE = 0.95
LEAST = 1000

HEADER = """\
# Given names borne almost only by one sex: "<name> f" or "<name> m", one a line.
# From the US Social Security Administration's national baby-name counts (public domain), years {first}-{last}:
# at least {least} births and {share:.0%} of one sex. Built by scripts/build_first_names.py.
"""


def counts_in(folder: Path, first: int, last: int) -> dict[str, collections.Counter[str]]:
    counts: dict[str, collections.Counter[str]] = collections.defaultdict(collections.Counter)
    for year in range(first, last + 1):
        for line in (folder / f"yob{year}.txt").read_text(encoding="utf-8").splitlines():
            name, sex, count = line.split(",")
            counts[name][sex.lower()] += int(count)
    return counts


def main(folder: str, first: int = 1930, last: int = 2010) -> None:
    rows = []
    for name, by_sex in counts_in(Path(folder), first, last).items():
        total = sum(by_sex.values())
        sex, most = by_sex.most_common(1)[0]
        if total >= LEAST and most >= SHARE * total:
            rows.append(f"{name} {sex}")
    sys.stdout.write(HEADER.format(first=first, last=last, least=LEAST, share=SHARE) + "\n".join(sorted(rows)) + "\n")


if __name__ == "__main__":
    main(sys.argv[1], *(int(year) for year in sys.argv[2:4]))
