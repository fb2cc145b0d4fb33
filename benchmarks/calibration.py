"""Whether a reaction's ``confidence`` means what it says: exact-text share per confidence bucket.

Reads the labelled dev set the way its scorers do (``score.py`` for ``articles/`` + ``html/`` with
``expected*.jsonl``; ``crawler/score_text.py`` for the crawler renderings, whose own matching is imported
from that file), pairs every found reaction with its label, and counts, per confidence bucket, how many
reactions were found and how many of them have the label's exact text (whitespace-normalised; the label's
``alt.text`` counts too).  A found reaction with no label (an extra) counts as not exact.  Posts quoted in
prose are counted on the dev set (it labels them) and left out on the crawler renderings (it does not).

Usage::

    python benchmarks/calibration.py /work/shared/devset [--markdown]
    python benchmarks/calibration.py /work/shared/devset --renderings benchmarks/devset
"""

from __future__ import annotations

import argparse
import difflib
import importlib.util
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from accuracy import load_labels

from reactions import parse_article, read_article

BUCKETS = (1.0, 0.9, 0.8, 0.7, 0.5, 0.0)
"""Lower bounds of the confidence buckets, highest first."""


def _nws(text: str | None) -> str:
    return " ".join((text or "").split())


def _load(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"{path}: cannot be imported")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _texts(label: dict[str, Any]) -> set[str]:
    return {_nws(label.get("text")), _nws((label.get("alt") or {}).get("text"))} - {""} or {""}


def devset_pairs(root: Path) -> Iterable[tuple[float, bool, str]]:
    """``(confidence, exact, group)`` for every reaction found in ``articles/`` and ``html/``."""
    labels = load_labels(root)
    files = sorted([*root.glob("articles/*.txt"), *root.glob("articles/*.md"), *root.glob("html/*.html")])
    for path in files:
        article = read_article(path) if path.suffix == ".html" else parse_article(path.read_text("utf-8"), path.name)
        group = "devset html" if path.suffix == ".html" else "devset text"
        free = list(article.reactions)
        for label in labels.get(path.name, []):
            best = _best(label, free)
            if best is not None:
                free.remove(best)
                yield best.confidence, _nws(best.text) in _texts(label), group
        yield from ((r.confidence, False, group) for r in free)


def _best(label: dict[str, Any], found: list[Any]) -> Any:
    """The found reaction score.py pairs with ``label`` (same kind; an embed: same platform and handle)."""
    kind = label.get("kind", "embed")
    best, best_score = None, 0.0
    for r in found:
        if str(r.kind) != kind:
            continue
        score = max(difflib.SequenceMatcher(None, _nws(r.text), t).ratio() for t in _texts(label))
        if kind == "embed":
            if str(r.platform) != label.get("platform", "twitter") or (r.handle or "").lower() != (
                label.get("handle") or ""
            ).lower():
                continue
            score += 0.5 if r.date and r.date.isoformat() == label.get("date") else 0.0
        elif score < 0.6:
            continue
        if score > best_score:
            best, best_score = r, score
    return best


def crawler_pairs(root: Path, scorer_path: Path | None = None) -> Iterable[tuple[float, bool, str]]:
    """``(confidence, exact, extractor)`` for every non-quote reaction found in ``root/texts/``.

    Matched by the ``score_text.py`` in ``root`` or, for a folder laid out the same way without one
    (``benchmarks/devset``), by ``scorer_path``.
    """
    scorer = _load(scorer_path or root / "score_text.py")
    labels = load_labels(root, ("expected_text.jsonl",))
    for path in sorted(root.glob("texts/*/*.txt")):
        name = str(path.relative_to(root))
        found = [p for p in scorer.found(parse_article(path.read_text("utf-8"), path.name)) if p["kind"] != "quote"]
        rows = labels.get(name, [])
        pairs = scorer.match(rows, found)
        for li, pi in pairs.items():
            yield found[pi]["confidence"], bool(scorer.text_ok(rows[li], found[pi])), path.parent.name
        used = set(pairs.values())
        yield from ((p["confidence"], False, path.parent.name) for i, p in enumerate(found) if i not in used)


def table(pairs: Iterable[tuple[float, bool, str]]) -> list[str]:
    """A Markdown table: per confidence bucket, the reactions found and the share with the exact text."""
    counts: dict[float, list[int]] = {b: [0, 0] for b in BUCKETS}
    for confidence, exact, _ in pairs:
        bucket = next(b for b in BUCKETS if confidence >= b - 1e-9)
        counts[bucket][0] += 1
        counts[bucket][1] += exact
    rows = ["| confidence | reactions | exact text | share |", "|---|---|---|---|"]
    for low, high in zip(BUCKETS, (None, *BUCKETS), strict=False):
        n, ok = counts[low]
        span = "1.0" if high is None else f"[{low}, {high})"
        rows.append(f"| {span} | {n} | {ok} | {ok / n:.3f} |" if n else f"| {span} | 0 | 0 | - |")
    high_n = counts[1.0][0] + counts[0.9][0]
    high_ok = counts[1.0][1] + counts[0.9][1]
    rows.append(f"| >= 0.9 | {high_n} | {high_ok} | {high_ok / high_n:.3f} |" if high_n else "| >= 0.9 | 0 | 0 | - |")
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("devset", type=Path, help="the dev set folder (with crawler/ inside)")
    parser.add_argument(
        "--renderings",
        type=Path,
        help="only this folder laid out like crawler/ (html/, texts/, expected_*.jsonl), e.g. benchmarks/devset",
    )
    args = parser.parse_args(argv)
    if args.renderings:
        return _print_renderings(args.renderings, args.devset / "crawler" / "score_text.py")
    dev = list(devset_pairs(args.devset))
    crawler = list(crawler_pairs(args.devset / "crawler")) if (args.devset / "crawler").is_dir() else []
    groups = [("dev set (articles + html)", dev), ("crawler renderings (all extractors)", crawler)]
    groups += [(f"crawler: {name}", [p for p in crawler if p[2] == name]) for name in sorted({p[2] for p in crawler})]
    groups.append(("all", dev + crawler))
    for title, pairs in groups:
        print(f"\n### {title}\n")
        print("\n".join(table(pairs)))
    return 0


def _print_renderings(root: Path, scorer_path: Path) -> int:
    html = [p for p in devset_pairs(root) if p[2] == "devset html"]
    texts = list(crawler_pairs(root, scorer_path))
    groups = [(f"{root}: html", html), (f"{root}: renderings (all extractors)", texts)]
    groups += [(f"{root}: {name}", [p for p in texts if p[2] == name]) for name in sorted({p[2] for p in texts})]
    groups.append((f"{root}: all", html + texts))
    for title, pairs in groups:
        print(f"\n### {title}\n")
        print("\n".join(table(pairs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
