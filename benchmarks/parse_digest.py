"""Print a SHA-256 digest of everything :func:`reactions.corpus.parse_document` gives for a corpus.

A check for parser speed work: the digest must not change when only the speed does.  Every
article and outcome is hashed through its ``repr`` (every field of the records, types included).

Usage::

    python benchmarks/parse_digest.py benchmarks/out/corpus-1000 [more folders ...]
"""

from __future__ import annotations

import argparse
import hashlib
import sys

from reactions.corpus import list_files, parse_document


def digest(folders: list[str]) -> tuple[str, int]:
    """The hex digest of the parsed output of every article file under ``folders``, and the file count."""
    sha = hashlib.sha256()
    files = list_files(folders)
    for path, source in files:
        article, outcome = parse_document(source, path.read_bytes())
        sha.update(repr((article, outcome)).encode("utf-8", "surrogatepass"))
    return sha.hexdigest(), len(files)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+")
    args = parser.parse_args(argv)
    hexdigest, count = digest(args.folders)
    print(f"{hexdigest}  {count} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
