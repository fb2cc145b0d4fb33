"""reactions.report: warnings name their row and article; repeats of one kind in one file are one line."""

from __future__ import annotations

from reactions.models import FileOutcome, Status
from reactions.report import warning_lines


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
