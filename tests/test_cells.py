"""The one writer of CSV and JSON Lines cells: a run's table gives the very bytes its frame's export gives, and a
command-line run that writes either never loads pandas."""

from __future__ import annotations

import csv
import datetime as dt
import io
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions import cells, export
from reactions.frames import table_frame, to_frame
from reactions.models import Corpus
from reactions.run.pipeline import extract_frame
from reactions.sentiment import score_columns
from reactions.table import article_info, base_table, reaction_columns, whole_texts
from tests.test_export import corpora


def table_of(corpus: Corpus, **options: Any) -> dict[str, list[Any]]:
    """A corpus's table as the run path makes it: base columns, then the scores of ``score_columns`` (whole posts)."""
    articles = {article.source: article_info(article) for article in corpus.articles}
    base = base_table(reaction_columns(corpus.reactions), articles)
    return {**base, **score_columns(whole_texts(base), langs=base["lang"], ids=base["id"], **options)}


@settings(max_examples=80, deadline=None)
@given(corpus=corpora, excel_safe=st.booleans(), comment=st.none() | st.text())
def test_a_tables_csv_is_its_frames_csv(corpus: Corpus, excel_safe: bool, comment: str | None) -> None:
    table = table_of(corpus)
    frame = table_frame(table)
    pd.testing.assert_frame_equal(frame, to_frame(corpus))  # the table is to_frame's, value for value
    written = cells.csv_bytes(table, excel_safe=excel_safe, comment=comment)
    assert written == export.csv_bytes(frame, excel_safe=excel_safe, comment=comment)


@settings(max_examples=80, deadline=None)
@given(corpus=corpora)
def test_a_tables_json_lines_are_its_frames(corpus: Corpus) -> None:
    table = table_of(corpus, overrides={"a": "negative"})
    assert cells.jsonl_bytes(table) == export.jsonl_bytes(table_frame(table))


def test_a_runs_table_writes_its_frames_bytes(seeds_dir: Path, article_folder: Path) -> None:
    result = extract_frame([seeds_dir, article_folder], cache=False)
    assert result.table is not None
    assert result.rows > 10
    for safe in (False, True):
        assert cells.csv_bytes(result.table, excel_safe=safe) == export.csv_bytes(result.frame, excel_safe=safe)
    assert cells.jsonl_bytes(result.table) == export.jsonl_bytes(result.frame)


@pytest.mark.parametrize(
    ("value", "cell"),
    [
        (dt.date(2020, 1, 31), "2020-01-31"),
        (dt.datetime(2020, 1, 31), "2020-01-31"),  # a naive midnight is its day
        (dt.datetime(2020, 1, 31, 10, 0, 0, 5), "2020-01-31T10:00:00.000005"),
        (dt.datetime(2020, 1, 31, tzinfo=dt.UTC), "2020-01-31T00:00:00+00:00"),  # a zoned one is a time
        (pd.Timestamp("2020-01-31 00:00:00.000000001"), "2020-01-31T00:00:00.000000001"),
        (None, None),
    ],
)
def test_dates_and_times(value: Any, cell: str | None) -> None:
    assert cells.column_cells([value], "date") == [cell]


def test_lag_is_written_as_hours_in_its_place() -> None:
    table = {"id": ["a", "b"], "lag": [dt.timedelta(hours=14, minutes=55), None], "text": ["x", "y"]}
    assert cells.csv_bytes(table).decode() == "id,lag_hours,text\r\na,14.916666666666666,x\r\nb,,y\r\n"
    assert cells.jsonl_bytes(table).decode().splitlines()[1] == '{"id": "b", "lag_hours": null, "text": "y"}'


def test_numbers_are_never_prefixed_and_missing_ones_are_empty() -> None:
    table = {"compound": [-0.5, math.nan], "sentiment": [None, "negative"], "text": ["-1", "@x"]}
    expected = "\ufeffcompound,sentiment,text\r\n-0.5,,'-1\r\n,negative,'@x\r\n"
    assert cells.csv_bytes(table, excel_safe=True).decode() == expected


ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("cached", [False, True], ids=["no-cache", "cache"])
@pytest.mark.parametrize("suffix", ["csv", "jsonl"])
def test_a_command_line_run_never_loads_pandas(tmp_path: Path, suffix: str, cached: bool) -> None:
    """Issue 19: ``import pandas`` alone is 0.43 CPU-s, 80 % of a small run; a run that writes CSV or JSON Lines
    works on plain columns and stores its frame by pyarrow alone."""
    out = tmp_path / f"out.{suffix}"
    argv = ["extract", str(ROOT / "seeds"), "--jobs", "1", "-q", "-o", str(out), *([] if cached else ["--no-cache"])]
    code = (
        "import sys\nfrom reactions.cli import main\n"
        f"status = main({argv!r})\n"
        "print(status, 'pandas' in sys.modules)"
    )
    env = {**os.environ, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
    assert done.stdout.split() == ["0", "False"]
    frame = extract_frame(ROOT / "seeds", cache=False).frame
    expected = export.csv_bytes(frame, excel_safe=True) if suffix == "csv" else export.jsonl_bytes(frame)
    assert out.read_bytes() == expected


def test_a_run_over_the_stored_frame_writes_its_bytes_without_pandas(tmp_path: Path) -> None:
    """The export cache misses (another format) but the frame cache holds: the stored frame is read back as a
    table, by pyarrow alone."""
    env = {**os.environ, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    runs = []
    for suffix in ("csv", "jsonl", "csv"):
        out = tmp_path / f"out.{suffix}"
        argv = ["extract", str(ROOT / "seeds"), "--jobs", "1", "-o", str(out), *(["--exact-text"] * (len(runs) == 2))]
        code = f"import sys\nfrom reactions.cli import main\nmain({argv!r})\nprint('pandas' in sys.modules)"
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        runs.append((done.stdout.strip(), out.read_bytes()))
    frame = extract_frame(ROOT / "seeds", cache=False).frame
    assert runs[0] == ("False", export.csv_bytes(frame, excel_safe=True))
    assert runs[1] == ("False", export.jsonl_bytes(frame))
    assert runs[2] == ("False", export.csv_bytes(frame))


@given(
    texts=st.lists(st.text(st.characters(codec="utf-8"), max_size=6), min_size=0, max_size=40),
    batch=st.integers(1, 7),
    excel_safe=st.booleans(),
)
@settings(max_examples=60, deadline=None)
def test_a_csv_written_in_batches_is_the_csv_written_whole(texts: list[str], batch: int, excel_safe: bool) -> None:
    """Rows are written and encoded a batch at a time (CSV_BATCH_ROWS): the bytes are those of one writer over the
    whole table, for any number of rows around the batch size (none, fewer, exactly as many, more)."""
    columns = {"id": [str(i) for i in range(len(texts))], "text": texts}
    whole = cells.csv_bytes(columns, excel_safe=excel_safe, comment="a, b")
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(cells, "CSV_BATCH_ROWS", batch)
        assert cells.csv_bytes(columns, excel_safe=excel_safe, comment="a, b") == whole
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(["id", "text"])
    kinds = cells.kinds_of(columns)
    writer.writerows(zip(*(cells.column_cells(v, kinds[k], excel_safe) for k, v in columns.items()), strict=True))
    prefix = ("\ufeff" if excel_safe else "") + ('"# a, b"' if excel_safe else "# a, b") + "\r\n"
    assert whole == (prefix + out.getvalue()).encode("utf-8")


CELL_PIECES = [",", '"', "\r", "\n", "\r\n", "\x00", " ", "a", "é", "\u2028", "😀", "'", "="]
CELL_TEXT = st.lists(st.sampled_from(CELL_PIECES)).map("".join)


@given(
    columns=st.integers(1, 4).flatmap(
        lambda rows: st.lists(st.lists(st.none() | CELL_TEXT, min_size=rows, max_size=rows), min_size=0, max_size=5)
    ),
    names=st.lists(CELL_TEXT, min_size=5, max_size=5, unique=True),
)
@settings(max_examples=200, deadline=None)
def test_cells_are_written_as_the_csv_module_writes_them(columns: list[list[str | None]], names: list[str]) -> None:
    """:func:`cells.csv_bytes` writes each cell as the csv module does (``QUOTE_MINIMAL``: quoted for a separator, a
    quote or a line end, quotes doubled; a missing cell empty; a row of one empty cell ``""``), by column."""
    table = dict(zip(names, columns, strict=False))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(list(table))
    writer.writerows(zip(*table.values(), strict=True))
    kinds = dict.fromkeys(table, "text")
    assert cells.csv_bytes(table, kinds) == out.getvalue().encode("utf-8")


@given(
    values=st.lists(st.none() | CELL_TEXT | st.sampled_from(["=1", "+1", "-1", "@a", "\tx", "\rx", "'x", "", "a=1"])),
    kind=st.sampled_from(["text", "label", "list"]),
)
@settings(max_examples=200, deadline=None)
def test_an_excel_safe_cell_is_prefixed_when_it_starts_as_a_formula(values: list[str | None], kind: str) -> None:
    """A column is looked at whole before its cells are (most need no apostrophe); each cell gets one exactly when
    it starts with a formula's character or an apostrophe."""
    column = [[v] if v is not None else [] for v in values] if kind == "list" else values
    plain = cells.column_cells(column, kind)
    prefixed = ("=", "+", "-", "@", "\t", "\r", "'")
    assert cells.column_cells(column, kind, excel_safe=True) == [
        "'" + c if c and c.startswith(prefixed) else c for c in plain
    ]
    assert set(prefixed) == set(cells.FORMULA_STARTS) | {"'"}
