"""benchmarks/accuracy.py: the scorer's matching rules on small folders, and the parser's floor on the dev set."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from benchmark_loader import load_benchmark

HERE = Path(__file__).resolve().parent
DEVSET = HERE.parents[1] / "shared" / "devset"

accuracy = load_benchmark("accuracy")

FLOOR: dict[str, float] = {
    "recall": 0.99,
    "precision": 0.99,
    "exact_text": 0.975,
    "hashtags": 0.99,
    "min_format_recall": 0.9,
}
"""The parser's figures on each half of the dev set may only rise: raise these as the parser improves."""


def make_folder(root: Path, articles: dict[str, str], labels: list[dict[str, Any]]) -> Path:
    (root / "articles").mkdir()
    for name, text in articles.items():
        (root / "articles" / name).write_text(text, encoding="utf-8")
    (root / "expected.jsonl").write_text("".join(json.dumps(label) + "\n" for label in labels), encoding="utf-8")
    return root


def label(file: str, text: str, **fields: Any) -> dict[str, Any]:
    return {"file": file, "handle": "ann", "display_name": "Ann", "date": "2020-02-02", "hashtags": [],
            "text": text, "format": ["emdash"], **fields}  # fmt: skip


def test_a_found_post_with_its_exact_text_scores_full_marks(tmp_path: Path) -> None:
    folder = make_folder(tmp_path, {"a.txt": "Intro.\n\nSo good #wow — Ann (@ann) Feb 2, 2020\n"},
                         [label("a.txt", "So good #wow", hashtags=["wow"])])  # fmt: skip
    score = accuracy.score_folder(folder)
    assert (score.embeds.labels, score.embeds.found, score.embeds.extra) == (1, 1, 0)
    assert (score.embeds.text, score.embeds.hashtags) == (1.0, 1.0)
    assert score.by_format["emdash"].recall == 1.0
    assert score.problems == []


def test_a_different_boundary_is_found_but_not_exact_unless_it_is_the_alt_reading(tmp_path: Path) -> None:
    text = "Fans said this. So good — Ann (@ann) Feb 2, 2020\n"
    labels = [label("a.txt", "So good"), label("b.txt", "So good", alt={"text": "Fans said this. So good"})]
    score = accuracy.score_folder(make_folder(tmp_path, {"a.txt": text, "b.txt": text}, labels))
    assert (score.embeds.found, score.embeds.exact_text) == (2, 1)
    assert [p.split("\n")[0] for p in score.problems] == ["TEXT a.txt embed @ann 2020-02-02"]


def test_another_handle_is_a_miss_and_an_extra(tmp_path: Path) -> None:
    folder = make_folder(tmp_path, {"a.txt": "So good — Bob (@bob) Feb 2, 2020\n"}, [label("a.txt", "So good")])
    score = accuracy.score_folder(folder)
    assert (score.embeds.found, score.embeds.extra) == (0, 1)
    assert (score.embeds.recall, score.embeds.precision) == (0.0, 0.0)
    assert [p.split()[0] for p in score.problems] == ["MISS", "EXTRA"]


def test_the_same_date_is_preferred_over_a_closer_text(tmp_path: Path) -> None:
    text = "One — Ann (@ann) Feb 2, 2020\n\nOne! — Ann (@ann) Feb 3, 2020\n"
    labels = [label("a.txt", "One!", date="2020-02-02")]
    score = accuracy.score_folder(make_folder(tmp_path, {"a.txt": text}, labels))
    assert (score.embeds.found, score.embeds.exact_text, score.embeds.extra) == (1, 0, 1)


def test_quotes_match_by_text_and_isot_quotes_are_not_counted(tmp_path: Path) -> None:
    quote = '"This is so wrong," a fan tweeted.\n'
    labels = [{"file": "a.txt", "kind": "quote", "display_name": "a fan", "text": "This is so wrong",
               "format": ["quote_in_prose"]}]  # fmt: skip
    folder = make_folder(tmp_path, {"a.txt": quote, "b.txt": quote, "isot_c.txt": quote}, labels)
    score = accuracy.score_folder(folder)
    assert (score.quotes.labels, score.quotes.found, score.quotes.extra) == (1, 1, 1)  # b.txt's is extra
    assert (score.quotes.author, score.quotes.text) == (1.0, 1.0)


def test_halves_split_the_sorted_files(tmp_path: Path) -> None:
    folder = make_folder(tmp_path, {f"{c}.txt": "nothing" for c in "abcde"}, [])
    assert [p.name for p in accuracy.list_files(folder, 0)] == ["a.txt", "c.txt", "e.txt"]
    assert [p.name for p in accuracy.list_files(folder, 1)] == ["b.txt", "d.txt"]


def test_the_report_names_every_group(tmp_path: Path) -> None:
    folder = make_folder(tmp_path, {"x_a.txt": "So good — Ann (@ann) Feb 2, 2020\n"}, [label("x_a.txt", "So good")])
    lines = list(accuracy.report(accuracy.score_folder(folder)))
    assert any(line.startswith("  format emdash") for line in lines)
    assert any(line.startswith("  platform twitter") for line in lines)
    assert any(line.startswith("  dataset x") for line in lines)
    assert lines[-1].startswith("quotes: labels 0")


@pytest.mark.skipif(not DEVSET.is_dir(), reason="the dev set (../shared/devset) is not beside this checkout")
@pytest.mark.parametrize("half", [0, 1])
def test_the_parser_holds_its_floor_on_each_half_of_the_dev_set(half: int) -> None:
    summary = accuracy.score_folder(DEVSET, half).summary()
    below = {k: round(float(summary[k]), 3) for k, floor in FLOOR.items() if not float(summary[k]) >= floor}
    assert not below, f"below the floor on half {half}: {below}"
    assert not any(math.isnan(float(summary[k])) for k in FLOOR)
