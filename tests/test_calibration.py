"""benchmarks/calibration.py: a folder laid out like the crawler half is scored with that half's scorer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from benchmark_loader import load_benchmark

SCORER = Path(__file__).resolve().parents[2] / "shared" / "devset" / "crawler" / "score_text.py"

calibration = load_benchmark("calibration")


@pytest.mark.skipif(not SCORER.exists(), reason="the shared dev set's crawler scorer is not on this machine")
def test_a_rendering_folder_without_its_own_scorer_borrows_the_crawler_halfs(tmp_path: Path) -> None:
    (tmp_path / "texts" / "plain").mkdir(parents=True)
    text = "Intro.\n\nSo proud of everyone #vote\n— Ann Lee (@ann) May 2, 2020\n\nMore prose.\n"
    (tmp_path / "texts" / "plain" / "a.txt").write_text(text, encoding="utf-8")
    label = {"file": "texts/plain/a.txt", "platform": "twitter", "handle": "ann", "text": "So proud of everyone #vote"}
    (tmp_path / "expected_text.jsonl").write_text(json.dumps(label) + "\n", encoding="utf-8")
    assert list(calibration.crawler_pairs(tmp_path, SCORER)) == [(1.0, True, "plain")]
