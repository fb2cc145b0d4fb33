"""reactions.report: warnings name their row and article; repeats of one kind in one file are one line."""

from __future__ import annotations

import csv
from pathlib import Path

from reactions.models import FileOutcome, Status
from reactions.report import warning_lines
from reactions.run.pipeline import extract_frame


def test_a_dataset_rows_warning_names_its_article() -> None:
    outcomes = [FileOutcome("/data/news.csv", "news.csv#gossipcop-71057772", Status.PARSED,
                            warnings=("offset 781: unrecognised date 'onMar 6, 2016 at 3:26am PST' for @perrieeele",))]
    assert warning_lines(outcomes) == [
        "/data/news.csv: article news.csv#gossipcop-71057772, offset 781: unrecognised date "
        "'onMar 6, 2016 at 3:26am PST' for @perrieeele"]


def test_repeats_of_one_kind_in_one_file_are_one_line_with_a_count_and_the_first_places() -> None:
    dates = [f"offset {o}: unrecognised date 'onMar {d}, 2016 at 3:26am PST' for @{h}"
             for o, d, h in [(781, 6, "perrieeele"), (1285, 6, "davidbeckham"), (1483, 5, "victoria"), (1745, 6, "m")]]
    outcomes = [
        FileOutcome("fnn/gossipcop-1/news content.json", "gossipcop-1", Status.PARSED, 17,
                    warnings=(*dates, "repaired mojibake")),
        FileOutcome("fnn/gossipcop-2/news content.json", "gossipcop-2", Status.PARSED, warnings=(dates[0],)),
        *[FileOutcome("news.csv", None, Status.SKIPPED, reason=f"row {r} (id n{r}): the 'text' column is empty")
          for r in (30, 39, 56, 71, 80)],
    ]  # fmt: skip
    assert warning_lines(outcomes) == [
        "fnn/gossipcop-1/news content.json: unrecognised date 'onMar 6, 2016 at 3:26am PST' for @perrieeele "
        "(4 times: offset 781, offset 1285, offset 1483, …)",
        "fnn/gossipcop-1/news content.json: repaired mojibake",
        "fnn/gossipcop-2/news content.json: offset 781: unrecognised date 'onMar 6, 2016 at 3:26am PST' for "
        "@perrieeele",
        "news.csv: the 'text' column is empty (5 times: row 30 (id n30), row 39 (id n39), row 56 (id n56), …)",
    ]


def test_no_warnings_no_lines() -> None:
    assert warning_lines([FileOutcome("a.txt", "a.txt", Status.PARSED, 2)]) == []


def test_a_warning_with_its_row_names_the_row_and_id_once() -> None:
    outcomes = [FileOutcome("/data/news.csv", "news.csv#n7", Status.PARSED,
                            warnings=("row 12 (id n7), offset 781: unrecognised date 'onMar 6'",)),
                FileOutcome("/data/news.csv", None, Status.SKIPPED,
                            reason="row 13 (id n8): binary file (PDF document)")]
    assert warning_lines(outcomes) == [
        "/data/news.csv: row 12 (id n7), offset 781: unrecognised date 'onMar 6'",
        "/data/news.csv: row 13 (id n8): binary file (PDF document)"]


def test_the_run_names_the_dataset_row_of_every_warning(tmp_path: Path) -> None:
    rows = [("n1", "A plain article with nothing to say."),
            ("n2", "Mojibake: donâ€™t stop. \"Great day,\" she tweeted. — Jo (@jo) onMar 6, 2016 at 3:26am PST"),
            ("n3", "%PDF-1.4 \x00\x01\x02 binary")]
    with (tmp_path / "news.csv").open("w", newline="", encoding="utf-8") as handle:
        writer = csv.writer(handle)
        writer.writerow(["id", "text"])
        writer.writerows(rows)
    lines = warning_lines(extract_frame(tmp_path / "news.csv", cache=False).outcomes)
    assert lines, "the mojibake row and the binary row each give a warning"
    assert all("row 2 (id n2)" in line or "row 3 (id n3)" in line for line in lines), lines
    assert any("row 3 (id n3)" in line for line in lines)
