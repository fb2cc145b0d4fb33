"""The stored frame: exact round trip, and a fingerprint that moves with everything the frame depends on."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from hypothesis import given, settings

from reactions import cells
from reactions.corpus import scan_files
from reactions.frames import table_frame, to_frame
from reactions.models import Corpus, FileOutcome, Status
from reactions.run import framecache
from reactions.run.cache import ParseCache
from reactions.run.framecache import Fingerprint, decode_frame, encode_table, fingerprint, settings_of
from reactions.run.pipeline import extract_frame
from reactions.run.units import read_corpus
from reactions.sentiment import score_columns
from reactions.table import article_info, base_table, reaction_columns
from tests.test_export import corpora


def round_trip(table: Mapping[str, list[Any]]) -> pd.DataFrame:
    return decode_frame(*encode_table(table))


def test_a_scored_table_comes_back_as_exactly_its_frame(seeds_dir: Path, article_folder: Path) -> None:
    result = extract_frame([seeds_dir, article_folder], cache=False, overrides={"x": "positive"})
    assert result.table is not None
    back = round_trip(result.table)
    pd.testing.assert_frame_equal(back, result.frame)
    pd.testing.assert_frame_equal(back, to_frame(read_corpus([seeds_dir, article_folder]), overrides={"x": "positive"}))
    assert all(type(cell) is list for cell in back["hashtags"])
    assert back["platform"].dtype == result.frame["platform"].dtype  # every category kept, in order


@settings(max_examples=60, deadline=None)
@given(corpus=corpora)
def test_any_table_comes_back_as_exactly_its_frame(corpus: Corpus) -> None:
    """Missing dates, times and lags, unknown platforms, empty lists, no rows: the frame table_frame builds."""
    articles = {article.source: article_info(article) for article in corpus.articles}
    base = base_table(reaction_columns(corpus.reactions), articles)
    table = {**base, **score_columns(base["text"], langs=base["lang"], ids=base["id"])}
    pd.testing.assert_frame_equal(round_trip(table), table_frame(table))
    back = framecache.stored_table(framecache.read_stored(*encode_table(table)))  # (missing floats NaN, labels str)
    assert (cells.csv_bytes(back), cells.jsonl_bytes(back)) == (cells.csv_bytes(table), cells.jsonl_bytes(table))


@pytest.mark.parametrize(
    "table",
    [
        {"hashtags": [("x",)]},  # a tuple, not a list
        {"hashtags": [[1]]},  # a list of numbers
        {"kind": ["neither"]},  # a label that is not a category
        {"extra": ["x"]},  # a column a run's table does not have
    ],
    ids=["tuple", "numbers", "label", "name"],
)
def test_what_cannot_be_stored_exactly_is_refused(table: dict[str, list[Any]]) -> None:
    with pytest.raises(ValueError, match=r"lists of strings|categories|not a column"):
        encode_table(table)


def test_storing_loads_no_pandas() -> None:
    """A cold command-line run keeps its frame without loading pandas (issue 19: 0.2-0.4 CPU-s of start-up)."""
    code = (
        "import sys; from reactions.run.framecache import encode_table; "
        "encode_table({'id': ['a'], 'kind': ['embed'], 'date': [None], 'hashtags': [['x']]}); "
        "print(sorted(name for name in ('pandas', 'numpy.core', 'pandas.core') if name in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


def test_save_refuses_softly(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with ParseCache(tmp_path / "s.db") as store:
        assert not framecache.save(store, Fingerprint("s", "d"), {"hashtags": [("x",)]}, [], {})
        assert store.get_frame("s") is None
    assert "cannot store this frame" in caplog.text


def test_outcomes_round_trip_as_columns() -> None:
    outcomes = (
        FileOutcome("a.txt", "a.txt", Status.PARSED, 3, ("decoded as cp1252", "line 2: no handle")),
        FileOutcome("b.bin", None, Status.SKIPPED, reason="binary"),
        FileOutcome("data.csv", "data.csv#2", Status.PARSED),
    )
    columns = json.loads(json.dumps(framecache.encode_outcomes(outcomes)))
    back = framecache.decode_outcomes(columns)
    assert back == outcomes
    assert repr(back) == repr(outcomes)  # the same types: a Status, tuples of warnings
    assert framecache.decode_outcomes(framecache.encode_outcomes(())) == ()


def test_load_checks_the_digest_and_each_racy_file(tmp_path: Path) -> None:
    article = tmp_path / "a.txt"
    article.write_bytes(b"one")
    outcomes = (FileOutcome(str(article), "a.txt", Status.PARSED, 0, ("w",)),)
    table = {**base_table(reaction_columns([]), {}), **score_columns([])}
    with ParseCache(tmp_path / "s.db") as store:
        mark = Fingerprint("slot", "digest", (str(article),))
        assert framecache.save(store, mark, table, outcomes, {str(article): framecache.file_digest(str(article))})
        found = framecache.load(store, mark)
        assert found is not None
        pd.testing.assert_frame_equal(framecache.stored_frame(found[0]), to_frame([]))
        assert framecache.stored_table(found[0]) == table
        assert found[1] == outcomes
        assert framecache.load(store, Fingerprint("slot", "other")) is None
        assert framecache.load(store, Fingerprint("other", "digest")) is None
        article.write_bytes(b"two")
        assert framecache.load(store, mark) is None  # the racy file's bytes changed
        article.unlink()
        assert framecache.load(store, mark) is None


# --- the fingerprint ------------------------------------------------------------------------------


def mark_of(folder: Path, **settings: object) -> Fingerprint:
    return fingerprint([folder], scan_files([folder], stat=True), settings_of(**settings), time.time_ns())  # type: ignore[arg-type]


def test_the_fingerprint_is_stable_and_moves_with_every_input(tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    for name in ("a.txt", "b.txt"):
        (folder / name).write_bytes(b"x" * 10)
    first = mark_of(folder, lexicon=None, overrides=None)
    assert first == mark_of(folder, lexicon=None, overrides=None)
    # just written: too recent to be trusted from their times alone
    assert first.racy == (str(folder / "a.txt"), str(folder / "b.txt"))
    changed = [
        mark_of(folder, lexicon={"a": 1.0}, overrides=None),
        mark_of(folder, lexicon=None, overrides={"id": "positive"}),
    ]
    (folder / "b.txt").write_bytes(b"y" * 11)
    changed.append(mark_of(folder, lexicon=None, overrides=None))  # size
    os.utime(folder / "b.txt", ns=(0, 10**18))
    changed.append(mark_of(folder, lexicon=None, overrides=None))  # modification time
    os.chmod(folder / "b.txt", 0o600)
    changed.append(mark_of(folder, lexicon=None, overrides=None))  # change time
    (folder / "b.txt").rename(folder / "c.txt")
    changed.append(mark_of(folder, lexicon=None, overrides=None))  # a name
    digests = {first.digest, *(m.digest for m in changed)}
    assert len(digests) == len(changed) + 1
    assert {m.slot for m in changed} == {first.slot}  # the same paths: the same slot


def test_old_files_are_not_racy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "a.txt").write_bytes(b"x")
    files = scan_files([tmp_path], stat=True)
    later = time.time_ns() + framecache.RACY_NS + 10**9  # as if listed a while after the last change
    assert fingerprint([tmp_path], files, settings_of(None, None), later).racy == ()
    assert fingerprint([tmp_path], files, settings_of(None, None), time.time_ns()).racy == (files[0].path,)


def test_settings_are_sorted() -> None:
    assert settings_of({"b": 1, "a": 2.5}, {"z": "negative", "y": "positive"}) == {
        "lexicon": [("a", 2.5), ("b", 1.0)],
        "overrides": [("y", "positive"), ("z", "negative")],
    }


def test_a_runs_outcomes_are_encoded_once_for_its_frame_and_its_export() -> None:
    """The same tuple of outcomes gives the same columns without working them out again; another tuple (or a
    list, which may change) is encoded anew."""
    first = (FileOutcome("a.txt", "a.txt", Status.PARSED, 1), FileOutcome("b.txt", None, Status.SKIPPED, reason="x"))
    columns = framecache.encode_outcomes(first)
    assert framecache.encode_outcomes(first) is columns
    assert framecache.decode_outcomes(columns) == first
    other = (*first[:1], FileOutcome("c.txt", "c.txt", Status.PARSED, 2))
    assert framecache.decode_outcomes(framecache.encode_outcomes(other)) == other
    as_list = list(first)
    assert framecache.encode_outcomes(as_list) is not framecache.encode_outcomes(as_list)
