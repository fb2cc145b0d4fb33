"""How many of twitter-text's conformance cases the entity extractor passes (hashtags, mentions, URLs).

    .venv/bin/python benchmarks/twitter_conformance.py PATH/TO/twitter-text/conformance/extract.yml
    .venv/bin/python benchmarks/twitter_conformance.py --write-tlds PATH/TO/twitter-text/conformance/tld_lib.yml

``--write-tlds`` rewrites the package's top-level-domain list (``reactions/data/twitter_tlds.txt``) from
twitter-text's ``tld_lib.yml``, the list it publishes for links without a protocol.

twitter-text (github.com/twitter/twitter-text, Apache 2.0) publishes ``conformance/extract.yml``: texts and the
entities every implementation must extract.  The file is not bundled here; point the script at a checkout.  It
prints, per group, how many cases pass, and lists the failures with ``-v``.  Only the groups whose subject this
project extracts are run (``hashtags``, ``mentions``, ``urls`` and their variants without indices).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from reactions.parse.entities import extract_hashtags, extract_mentions, extract_urls

GROUPS: dict[str, Callable[[str], list[str]]] = {
    "hashtags": extract_hashtags,
    "hashtags_from_astral": extract_hashtags,
    "mentions": extract_mentions,
    "urls": extract_urls,
    "urls_with_directional_markers": extract_urls,
    "tco_urls_with_params": extract_urls,
}


TLD_FILE = Path(__file__).resolve().parent.parent / "reactions" / "data" / "twitter_tlds.txt"
TLD_HEADER = (
    "# Top-level domains that twitter-text accepts in a link without a protocol, one per line, by section.\n"
    "# Source: twitter-text (github.com/twitter/twitter-text), conformance/tld_lib.yml ({source});\n"
    "# Copyright 2011 Twitter, Inc., Apache License 2.0.\n"
    "# Refresh: python benchmarks/twitter_conformance.py --write-tlds PATH/TO/tld_lib.yml\n"
)


def write_tlds(tld_lib: Path, source: str) -> None:
    """The package's TLD list from twitter-text's ``tld_lib.yml`` (sections ``country`` and ``generic``)."""
    data = yaml.safe_load(tld_lib.read_text(encoding="utf-8"))
    lines = [TLD_HEADER.format(source=source).rstrip("\n")]
    for section in ("country", "generic"):
        lines += [f"[{section}]", *(str(tld) for tld in data[section])]
    TLD_FILE.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("extract_yml", type=Path)
    parser.add_argument("-v", "--verbose", action="store_true")
    parser.add_argument("--write-tlds", action="store_true", help="the path is tld_lib.yml: rewrite the TLD list")
    parser.add_argument("--source", default="a checkout", help="where tld_lib.yml came from, for the header")
    args = parser.parse_args(argv)
    if args.write_tlds:
        write_tlds(args.extract_yml, args.source)
        return 0
    tests = yaml.safe_load(args.extract_yml.read_text(encoding="utf-8"))["tests"]
    total = passed = 0
    print("| group | cases | passed | share |\n|---|---|---|---|")
    failures = []
    for group, extract in GROUPS.items():
        cases = tests.get(group, [])
        ok = 0
        for case in cases:
            got = extract(case["text"])
            want = [item["url"] if isinstance(item, dict) else str(item) for item in case["expected"]]
            if got == want:
                ok += 1
            else:
                failures.append(f"{group}: {case['description']}: {case['text']!r}\n    got  {got}\n    want {want}")
        total, passed = total + len(cases), passed + ok
        print(f"| {group} | {len(cases)} | {ok} | {ok / len(cases):.1%} |" if cases else f"| {group} | 0 | 0 | - |")
    print(f"| all | {total} | {passed} | {passed / total:.1%} |")
    if args.verbose:
        print("\n".join(failures))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
