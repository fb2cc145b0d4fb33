"""Language detection on real labelled posts: accuracy, abstention and CPU throughput.

    .venv/bin/python benchmarks/language_eval.py --xlmt FOLDER [--split all|test]

``FOLDER`` is a copy of cardiffnlp/xlm-t's ``data/sentiment`` (one folder per language, each with
``{train,val,test}_text.txt``): tweets in Arabic, English, French, German, Italian, Portuguese and Spanish (its
Hindi set is romanised Hindi-English and is left out). Each post's language is its folder's. Printed per language
and for posts of at least 20 words and of fewer: how many posts, the share the detector answered (did not
abstain with ``"und"``), and the accuracy of its answers. Throughput is CPU time (``time.process_time``) of
:func:`reactions.languages.detect_language` over every post once, its memo cleared first.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict
from pathlib import Path

from reactions import languages

FOLDERS = {
    "arabic": "ar", "english": "en", "french": "fr", "german": "de", "italian": "it", "portuguese": "pt",
    "spanish": "es",
}  # fmt: skip
LONG_WORDS = 20
"""Posts of at least this many words are "long" (the issue's bar: >= .95 accurate on them)."""


def read_posts(folder: Path, splits: tuple[str, ...]) -> list[tuple[str, str]]:
    """``(text, language)`` of every post of ``splits`` in ``folder``."""
    posts = []
    for name, code in FOLDERS.items():
        for split in splits:
            path = folder / name / f"{split}_text.txt"
            posts.extend((line, code) for line in path.read_text(encoding="utf-8").splitlines() if line.strip())
    return posts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--xlmt", type=Path, required=True, help="xlm-t's data/sentiment folder")
    parser.add_argument("--split", choices=("all", "test"), default="all")
    args = parser.parse_args()
    posts = read_posts(args.xlmt, ("train", "val", "test") if args.split == "all" else ("test",))
    languages.detect_language("warm up the model once, outside the timing")
    languages.clear_cache()
    start = time.process_time()
    found = [languages.detect_language(text) for text, _ in posts]
    seconds = time.process_time() - start
    table: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])
    for (text, truth), answer in zip(posts, found, strict=True):
        length = "long" if len(text.split()) >= LONG_WORDS else "short"
        for key in ((truth, length), ("all", length)):
            cell = table[key]
            cell[0] += 1
            cell[1] += answer != languages.UNDETERMINED
            cell[2] += answer == truth
    print(f"{len(posts)} posts, {len(posts) / seconds:,.0f} posts/s CPU ({seconds:.2f} s)")
    print(f"{'lang':6} {'length':6} {'posts':>6} {'answered':>9} {'accuracy':>9}")
    for (lang, length), (count, answered, right) in sorted(table.items()):
        accuracy = right / answered if answered else float("nan")
        print(f"{lang:6} {length:6} {count:6d} {answered / count:9.3f} {accuracy:9.4f}")


if __name__ == "__main__":
    main()
