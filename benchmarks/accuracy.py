"""How well the parser finds the posts of real articles: scores it against a folder of labelled articles.

    .venv/bin/python benchmarks/accuracy.py ../shared/devset [--half 0|1] [-v] [--json]

The folder holds ``articles/*.txt|*.md`` and ``html/*.html`` with their labels in ``expected.jsonl`` and
``expected_html.jsonl``, one JSON object per post: ``file``, ``kind`` (``embed`` when absent, or
``quote``), ``platform`` (``twitter`` when absent), ``handle``, ``display_name``, ``date``, ``hashtags``,
``text``, ``format`` (tags naming the rendering), and ``alt`` (another acceptable reading of ``text``,
``hashtags``, ``display_name``) where the page leaves the boundary in doubt.

Web pages are read the way ``reactions extract`` reads them (:func:`reactions.read_article`), text
articles given to :func:`reactions.parse_article` as UTF-8 text.  Labels are
matched within their file, in order, each to at most one parsed reaction: an embed to an embed of the
same platform and handle (case-insensitive), preferring the same date, then the most similar text; a
quote to the quote of most similar text (similarity at least 0.6).  Texts are compared with white space
collapsed; an ``alt`` reading counts as exact.

It prints recall, precision, exact text and exact hashtags for embeds, overall and per ``format`` tag,
per platform and per dataset (the file-name prefix), and for quotes recall, precision (ISOT files, which
strip quotation marks, and web pages, whose labels are their markup's embeds, left out) and author
accuracy.  ``--half 0``/``--half 1`` score the even / odd files of the sorted file list, so that a rule
decided on one half can be checked on the other; ``-v`` lists every miss, extra reaction and text or hashtag difference.
"""

from __future__ import annotations

import argparse
import collections
import difflib
import json
import re
import sys
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import reactions

QUOTE_SIMILARITY = 0.6
"""A quote matches a label when their texts are at least this similar (difflib's ratio)."""
SAME_DATE_BONUS = 0.5
"""Added to an embed's text similarity when its date is the label's: the date decides before the text."""
NOT_ARTICLES = frozenset({"SOURCES.md", "README.md"})
"""Files of the folder that describe it rather than being articles."""
NO_QUOTE_PRECISION = ("isot_",)
"""Files whose quotes are not labelled (ISOT strips quotation marks): their quotes count for nothing."""


@dataclass(frozen=True, slots=True)
class Found:
    """A parsed reaction reduced to what labels name."""

    kind: str
    platform: str
    handle: str
    display_name: str | None
    date: str | None
    text: str
    hashtags: tuple[str, ...]
    rendering: str = ""
    confidence: float = 1.0


@dataclass(slots=True)
class Tally:
    """Counts for one group of labels (all embeds, one format tag, one platform, quotes, ...)."""

    labels: int = 0
    found: int = 0
    extra: int = 0
    exact_text: int = 0
    exact_hashtags: int = 0
    exact_author: int = 0

    def add(self, other: Tally) -> None:
        for name in self.__slots__:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    @property
    def recall(self) -> float:
        return _rate(self.found, self.labels)

    @property
    def precision(self) -> float:
        return _rate(self.found, self.found + self.extra)

    @property
    def text(self) -> float:
        return _rate(self.exact_text, self.labels)

    @property
    def hashtags(self) -> float:
        return _rate(self.exact_hashtags, self.labels)

    @property
    def author(self) -> float:
        return _rate(self.exact_author, self.found)


@dataclass(slots=True)
class Score:
    """The tallies of a run and the problems behind them."""

    files: int = 0
    embeds: Tally = field(default_factory=Tally)
    quotes: Tally = field(default_factory=Tally)
    by_format: dict[str, Tally] = field(default_factory=lambda: collections.defaultdict(Tally))
    by_platform: dict[str, Tally] = field(default_factory=lambda: collections.defaultdict(Tally))
    by_dataset: dict[str, Tally] = field(default_factory=lambda: collections.defaultdict(Tally))
    by_rendering: dict[str, Tally] = field(default_factory=lambda: collections.defaultdict(Tally))
    """What the parser found, by the rule that found it: found (matched a label), extra, exact text."""
    by_confidence: dict[str, Tally] = field(default_factory=lambda: collections.defaultdict(Tally))
    """The same by confidence band: does a lower confidence mean more mistakes?"""
    problems: list[str] = field(default_factory=list)

    def summary(self) -> dict[str, float | int]:
        e, q = self.embeds, self.quotes
        return {
            "files": self.files, "embeds": e.labels, "recall": e.recall, "precision": e.precision,
            "exact_text": e.text, "hashtags": e.hashtags, "quotes": q.labels, "quote_recall": q.recall,
            "quote_precision": q.precision, "quote_author": q.author,
            "min_format_recall": min((t.recall for t in self.by_format.values()), default=float("nan")),
        }  # fmt: skip


def _rate(num: int, den: int) -> float:
    return num / den if den else float("nan")


def normalise(text: object) -> str:
    """Text as compared: NFC, white space runs as one space, trimmed."""
    return re.sub(r"\s+", " ", unicodedata.normalize("NFC", str(text or ""))).strip()


def found_from(reaction: reactions.Reaction) -> Found:
    return Found(
        kind=str(reaction.kind),
        platform=str(reaction.platform or "unknown"),
        handle=(reaction.handle or "").lstrip("@").casefold(),
        display_name=normalise(reaction.display_name) or None,
        date=reaction.date.isoformat() if reaction.date else None,
        text=normalise(reaction.text),
        hashtags=tuple(reaction.hashtags),
        rendering=str(reaction.rendering or ""),
        confidence=1.0 if reaction.confidence is None else reaction.confidence,
    )


def readings(label: Mapping[str, Any], key: str) -> list[Any]:
    """The label's value for ``key`` and its ``alt`` reading, if any (texts normalised)."""
    values = [label.get(key)]
    if key in (label.get("alt") or {}):
        values.append(label["alt"][key])
    if key in ("text", "display_name"):
        return [normalise(v) if v is not None else None for v in values]
    if key == "hashtags":
        return [tuple(str(t).removeprefix("#") for t in v or ()) for v in values]
    return values


def load_labels(
    root: Path, names: Iterable[str] = ("expected.jsonl", "expected_html.jsonl")
) -> dict[str, list[dict[str, Any]]]:
    """Labels per file name, in file order, from the label files ``names`` under ``root`` (those present)."""
    by_file: dict[str, list[dict[str, Any]]] = collections.defaultdict(list)
    for name in names:
        path = root / name
        if path.exists():
            for line in path.read_text(encoding="utf-8").splitlines():
                if line.strip():
                    label = json.loads(line)
                    by_file[label["file"]].append(label)
    return by_file


def list_files(root: Path, half: int | None = None) -> list[Path]:
    """The folder's articles, sorted; with ``half``, every other one (even or odd positions)."""
    files = sorted([*root.glob("articles/*.txt"), *root.glob("articles/*.md"), *root.glob("html/*.html")])
    files = files if half is None else files[half::2]  # halves as the dev set's own scorer splits them
    return [f for f in files if f.name not in NOT_ARTICLES]


def similarity(a: str, b: str) -> float:
    return difflib.SequenceMatcher(None, a, b, autojunk=False).ratio()


def _match_score(label: Mapping[str, Any], got: Found) -> float | None:
    """How well ``got`` fits ``label``, or None when it cannot be that post."""
    if got.kind != label.get("kind", "embed"):
        return None
    text = max(similarity(got.text, t or "") for t in readings(label, "text"))
    if got.kind == "quote":
        return text if text >= QUOTE_SIMILARITY else None
    if got.platform != label.get("platform", "twitter") or got.handle != (label.get("handle") or "").casefold():
        return None
    return text + (SAME_DATE_BONUS if got.date == label.get("date") else 0.0)


def score_file(name: str, labels: Sequence[Mapping[str, Any]], got: Sequence[Found], score: Score) -> None:
    """Match one file's labels to what the parser found there and add the counts to ``score``."""
    used: set[int] = set()
    dataset = name.split("_", 1)[0]
    for label in labels:
        fits = [(s, i) for i, g in enumerate(got) if i not in used and (s := _match_score(label, g)) is not None]
        best = max(fits, key=lambda f: (f[0], -f[1]))[1] if fits else None
        tally = _label_tally(label, None if best is None else got[best], name, score.problems)
        if best is not None:
            used.add(best)
            for group in _evidence_groups(score, got[best]):
                group.add(Tally(found=1, exact_text=tally.exact_text))
        groups = [score.quotes] if label.get("kind") == "quote" else [
            score.embeds, score.by_platform[label.get("platform", "twitter")], score.by_dataset[dataset],
            *(score.by_format[tag] for tag in label.get("format", ())),
        ]  # fmt: skip
        for group in groups:
            group.add(tally)
    for i, g in enumerate(got):
        if i in used or (g.kind == "quote" and name.startswith(NO_QUOTE_PRECISION)):
            continue
        score.problems.append(f"EXTRA {name} {g.kind} {g.platform} @{g.handle} {g.display_name!r} {g.text[:70]!r}")
        groups = [score.quotes] if g.kind == "quote" else [score.embeds, score.by_platform[g.platform],
                                                           score.by_dataset[dataset]]  # fmt: skip
        for group in [*groups, *_evidence_groups(score, g)]:
            group.extra += 1


CONFIDENCE_BANDS = ((1.0, "1.0"), (0.9, "0.90-0.99"), (0.8, "0.80-0.89"), (0.7, "0.70-0.79"), (0.0, "below 0.70"))


def _evidence_groups(score: Score, got: Found) -> list[Tally]:
    band = next(name for floor, name in CONFIDENCE_BANDS if got.confidence >= floor - 1e-9)
    return [score.by_rendering[got.rendering], score.by_confidence[band]]


def _label_tally(label: Mapping[str, Any], got: Found | None, name: str, problems: list[str]) -> Tally:
    tally = Tally(labels=1)
    what = f"{name} {label.get('kind', 'embed')} @{label.get('handle')} {label.get('date')}"
    if got is None:
        problems.append(f"MISS {what} {normalise(label.get('text'))[:70]!r}")
        return tally
    tally.found = 1
    tally.exact_text = got.text in readings(label, "text")
    tally.exact_hashtags = got.hashtags in readings(label, "hashtags")
    tally.exact_author = got.display_name in readings(label, "display_name")
    if not tally.exact_text:
        problems.append(f"TEXT {what}\n    got  {got.text[:160]!r}\n    want {normalise(label.get('text'))[:160]!r}")
    if not tally.exact_hashtags and got.kind == "embed":
        problems.append(f"TAGS {what} got {list(got.hashtags)} want {label.get('hashtags')}")
    if not tally.exact_author and got.kind == "quote":
        problems.append(f"AUTHOR {what} got {got.display_name!r} want {label.get('display_name')!r}")
    return tally


def parse_file(path: Path) -> list[Found]:
    """What the parser finds in one file: a web page read as ``reactions extract`` reads it, an article's
    text given to :func:`reactions.parse_article` (as a program that imports the parser would)."""
    if path.suffix in (".html", ".htm"):
        article = reactions.read_article(path)
    else:
        article = reactions.parse_article(path.read_text(encoding="utf-8"), source=path.name)
    return [found_from(r) for r in article.reactions]


def score_folder(root: Path, half: int | None = None) -> Score:
    labels = load_labels(root)
    score = Score()
    for path in list_files(root, half):
        score.files += 1
        score_file(path.name, labels.get(path.name, []), parse_file(path), score)
    return score


def report(score: Score) -> Iterable[str]:
    """The table, one line at a time."""
    yield f"{'group':34s} {'labels':>6s} {'recall':>7s} {'prec.':>7s} {'text':>7s} {'tags':>7s} {'extra':>5s}"

    def row(name: str, t: Tally) -> str:
        return (f"{name:34s} {t.labels:6d} {t.recall:7.3f} {t.precision:7.3f} {t.text:7.3f} {t.hashtags:7.3f} "
                f"{t.extra:5d}")  # fmt: skip

    yield row("embeds, all", score.embeds)
    for title, groups in (("format", score.by_format), ("platform", score.by_platform), ("dataset", score.by_dataset)):
        for name, tally in sorted(groups.items(), key=lambda kv: (-kv[1].labels, kv[0])):
            yield row(f"  {title} {name}", tally)
    yield ""
    yield f"{'what the parser found':34s} {'found':>6s} {'extra':>6s} {'exact text':>10s}"
    for title, groups in (("rendering", score.by_rendering), ("confidence", score.by_confidence)):
        order = [name for _, name in CONFIDENCE_BANDS] if title == "confidence" else sorted(groups)
        for name, tally in sorted(groups.items(), key=lambda kv: order.index(kv[0])):
            exact = _rate(tally.exact_text, tally.found)
            yield f"  {title} {name:23s} {tally.found:6d} {tally.extra:6d} {exact:10.3f}"
    q = score.quotes
    yield (f"quotes: labels {q.labels}, recall {q.recall:.3f}, precision {q.precision:.3f} ({q.extra} extra), "
           f"author {q.author:.3f}, exact text {q.text:.3f}")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", type=Path, help="a folder of labelled articles (articles/, html/, expected*.jsonl)")
    parser.add_argument("--half", type=int, choices=(0, 1), help="score only the even (0) or odd (1) files")
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss, extra and difference")
    parser.add_argument("--json", action="store_true", help="print the summary figures as JSON")
    args = parser.parse_args(argv)
    score = score_folder(args.folder, args.half)
    if args.verbose:
        print(*score.problems, sep="\n")
    print(*report(score), sep="\n")
    if args.json:
        print(json.dumps(score.summary()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
