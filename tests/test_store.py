"""reactions.store: the SQLite store beside a corpus (lexicon, overrides), lexicon files, and their effect."""

from __future__ import annotations

import io
import multiprocessing
import sqlite3
import subprocess
import sys
import threading
from pathlib import Path

import pandas as pd
import pytest

from reactions import cli, sentiment
from reactions.errors import InputError
from reactions.export import csv_bytes, read_csv
from reactions.frames import to_frame
from reactions.models import Kind, Reaction
from reactions.store import STORE_NAME, Store, load_lexicon_file, load_settings, parse_lexicon, store_path


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.beside(tmp_path)


def test_store_lives_beside_the_corpus(tmp_path, store):
    assert store.path == store_path(tmp_path) == tmp_path / STORE_NAME
    assert store.path.exists()
    with sqlite3.connect(store.path) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_an_empty_store(store):
    assert store.lexicon() == {}
    assert store.overrides() == {}
    assert store.override_records() == ()


def test_lexicon_survives_a_restart(tmp_path, store):
    store.set_terms({"Based": 2.0, "hot  mess": -2.5, "🐐": 3.5})
    store.set_terms({"based": 2.5})
    assert Store.beside(tmp_path).lexicon() == {"based": 2.5, "hot mess": -2.5, "🐐": 3.5}
    assert Store.beside(tmp_path).remove_terms(["BASED", "nope"]) == 1
    assert Store.beside(tmp_path).lexicon() == {"hot mess": -2.5, "🐐": 3.5}


def test_overrides_survive_a_restart_with_their_time(tmp_path, store):
    store.set_override("a1", "negative")
    store.set_override("b2", "neutral")
    store.set_override("a1", "positive")
    again = Store.beside(tmp_path)
    assert again.overrides() == {"a1": "positive", "b2": "neutral"}
    records = {o.reaction_id: o for o in again.override_records()}
    assert records["a1"].updated_at >= records["b2"].updated_at
    assert records["a1"].updated_at.tzinfo is not None
    assert again.clear_override("b2") is True
    assert again.clear_override("b2") is False
    assert Store.beside(tmp_path).overrides() == {"a1": "positive"}


def test_a_new_process_sees_what_was_written(tmp_path, store):
    store.set_override("x9", "negative")
    store.set_terms({"ratio": -1.5})
    code = (
        "import sys; from reactions.store import Store; s = Store.beside(sys.argv[1]);"
        "print(s.overrides(), s.lexicon()); s.set_override('from-child', 'positive')"
    )
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "{'x9': 'negative'} {'ratio': -1.5}"
    assert store.overrides()["from-child"] == "positive"


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda s: s.set_override("a", "great"), "unknown sentiment label"),
        (lambda s: s.set_override(" ", "neutral"), "empty reaction id"),
        (lambda s: s.set_terms({"x": 4.5}), r"must be a number in \[-4, 4\]"),
        (lambda s: s.set_terms({"x": float("nan")}), "must be a number"),
        (lambda s: s.set_terms({"  ": 1.0}), "empty lexicon term"),
    ],
)
def test_bad_values_are_refused_and_nothing_is_written(store, call, message):
    store.set_terms({"keep": 1.0})
    with pytest.raises(ValueError, match=message):
        call(store)
    assert store.lexicon() == {"keep": 1.0}
    assert store.overrides() == {}


def test_a_failed_batch_writes_nothing(store):
    with pytest.raises(ValueError, match="valence of 'bad'"):
        store.set_terms({"good": 1.0, "bad": 9.0})
    assert store.lexicon() == {}


def _write_overrides(folder: str, prefix: str, count: int) -> None:
    store = Store.beside(folder)
    for i in range(count):
        store.set_override(f"{prefix}{i}", ("negative", "neutral", "positive")[i % 3])
        store.set_terms({f"{prefix}term{i}": 1.0})


def test_two_writer_threads_lose_nothing(tmp_path, store):
    threads = [threading.Thread(target=_write_overrides, args=(str(tmp_path), p, 60)) for p in "ab"]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(store.overrides()) == 120
    assert len(store.lexicon()) == 120


def test_two_writer_processes_lose_nothing(tmp_path, store):
    context = multiprocessing.get_context("spawn")
    workers = [context.Process(target=_write_overrides, args=(str(tmp_path), p, 60)) for p in "xy"]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
    assert [w.exitcode for w in workers] == [0, 0]
    assert len(store.overrides()) == 120
    assert sorted(store.overrides())[:2] == ["x0", "x1"]
    assert len(store.lexicon()) == 120


# --- lexicon files -----------------------------------------------------------------------------


def test_lexicon_file_tab_csv_header_and_comments(tmp_path):
    path = tmp_path / "slang.tsv"
    path.write_text("\ufeffterm\tvalence\n# a comment\n\nbased\t2\nHot Mess\t-2.5\t0.6\t[-2, -3]\n", "utf-8")
    assert load_lexicon_file(path) == {"based": 2.0, "hot mess": -2.5}
    csv_path = tmp_path / "slang.csv"
    csv_path.write_text('word,valence\n"well, well",-1\n🐐,3.1\n', "utf-8")
    assert load_lexicon_file(csv_path) == {"well, well": -1.0, "🐐": 3.1}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("based\t2\ncringe\tbad\n", "<lexicon>:2: valence 'bad' is not a number"),
        ("based\n", "<lexicon>:1: expected"),
        ("based,9\n", r"<lexicon>:1: valence of 'based' must be a number in \[-4, 4\]"),
    ],
)
def test_bad_lexicon_lines_are_named(text, message):
    with pytest.raises(InputError, match=message):
        parse_lexicon(text)


def test_missing_lexicon_file(tmp_path):
    with pytest.raises(InputError, match="cannot read lexicon"):
        load_lexicon_file(tmp_path / "nope.tsv")


# --- applied on every run and visible in exports ----------------------------------------------


def test_stored_lexicon_and_overrides_reach_the_frame_and_the_csv(tmp_path, store):
    store.set_terms({"ratio": -2.0})
    store.set_override("b", "positive")
    posts = [Reaction("a", Kind.EMBED, "twitter", "x", None, None, "ratio"),
             Reaction("b", Kind.EMBED, "twitter", "y", None, None, "this is awful, 😡")]  # fmt: skip
    restarted = Store.beside(tmp_path)
    scored = sentiment.score_frame(to_frame(posts), lexicon=restarted.lexicon(), overrides=restarted.overrides())
    assert scored["sentiment"].tolist() == ["negative", "positive"]
    assert scored["overridden"].tolist() == [False, True]
    for excel_safe in (False, True):
        data = csv_bytes(scored, excel_safe=excel_safe)
        assert b"overridden" in data.splitlines()[0]
        back = read_csv(io.BytesIO(data))
        pd.testing.assert_frame_equal(back, scored)
    assert scored.loc[0, "drivers"] == "ratio -2.0"


def test_settings_of_a_run(tmp_path):
    assert load_settings(tmp_path).lexicon == {}
    assert not store_path(tmp_path).exists()  # reading never creates a store
    Store.beside(tmp_path).set_terms({"based": 2.0, "ratio": -1.0})
    Store.beside(tmp_path).set_override("a", "neutral")
    extra = tmp_path / "extra.tsv"
    extra.write_text("ratio\t-3\nmid\t-0.5\n", "utf-8")
    settings = load_settings(tmp_path, lexicon_file=extra)
    assert settings.lexicon == {"based": 2.0, "ratio": -3.0, "mid": -0.5}
    assert settings.overrides == {"a": "neutral"}
    assert Store.beside(tmp_path).lexicon() == {"based": 2.0, "ratio": -1.0}  # the file is not stored


# --- the command line: reactions label, reactions lexicon, reactions extract --lexicon ------------

ARTICLE = "Fans reacted.\n\nThe vibes are off today. Total ratio — A Fan (@fan) February 1, 2020\n"


@pytest.fixture
def corpus_dir(tmp_path: Path) -> Path:
    folder = tmp_path / "articles"
    folder.mkdir()
    (folder / "a.txt").write_text(ARTICLE, "utf-8")
    return folder


def extract(folder: Path, *extra: str) -> pd.DataFrame:
    out = folder.parent / "out.csv"
    assert cli.main(["extract", str(folder), "-q", "-o", str(out), *extra]) == 0
    return read_csv(out)


def test_cli_label_and_lexicon_apply_on_every_run(corpus_dir, capsys):
    before = extract(corpus_dir)
    assert before.loc[0, "sentiment"] == "neutral"
    reaction = str(before.loc[0, "id"])
    assert cli.main(["lexicon", "--corpus", str(corpus_dir), "--set", "vibes are off", "-2.5"]) == 0
    assert capsys.readouterr().out == "vibes are off\t-2.5\n"
    lexicon_run = extract(corpus_dir)
    assert lexicon_run.loc[0, "sentiment"] == "negative"
    assert lexicon_run.loc[0, "drivers"] == "vibes are off -2.5"
    assert cli.main(["label", reaction, "positive", "--corpus", str(corpus_dir)]) == 0
    labelled = extract(corpus_dir)
    assert labelled.loc[0, "sentiment"] == "positive"
    assert bool(labelled.loc[0, "overridden"])
    assert cli.main(["label", reaction, "--clear", "--corpus", str(corpus_dir)]) == 0
    assert not extract(corpus_dir).loc[0, "overridden"]


def test_cli_extract_lexicon_file_is_for_one_run(corpus_dir, tmp_path):
    extra = tmp_path / "slang.csv"
    extra.write_text("term,valence\nratio,-3\n", "utf-8")
    assert extract(corpus_dir, "--lexicon", str(extra), "--no-cache").loc[0, "drivers"] == "ratio -3.3"  # "Total"
    assert extract(corpus_dir, "--no-cache").loc[0, "sentiment"] == "neutral"
    assert not store_path(corpus_dir).exists()  # without the parse cache, extract only reads the store
    extract(corpus_dir, "--lexicon", str(extra))  # with it, the store holds parses, never the one-run lexicon
    assert Store.beside(corpus_dir).lexicon() == {}


def test_cli_lexicon_import_set_remove(corpus_dir, tmp_path, capsys):
    extra = tmp_path / "slang.tsv"
    extra.write_text("based\t2\nmid\t-1\n", "utf-8")
    args = ["lexicon", "--corpus", str(corpus_dir), "--import", str(extra), "--set", "🐐", "3.5", "--remove", "mid"]
    assert cli.main(args) == 0
    assert capsys.readouterr().out == "based\t2\n🐐\t3.5\n"
    assert Store.beside(corpus_dir).lexicon() == {"based": 2.0, "🐐": 3.5}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["label", "abc"], "give either a LABEL"),
        (["label", "abc", "positive", "--clear"], "give either a LABEL"),
        (["lexicon", "--set", "x", "9"], "must be a number in"),
        (["lexicon", "--set", "x", "lots"], "could not convert"),
    ],
)
def test_cli_errors(corpus_dir, capsys, argv, message):
    assert cli.main([*argv, "--corpus", str(corpus_dir)]) == 1
    assert message in capsys.readouterr().err
    assert cli.main(["label", "abc", "positive", "--corpus", str(corpus_dir / "missing")]) == 1
    assert "no such corpus folder" in capsys.readouterr().err


def test_cli_label_refuses_an_unknown_label(corpus_dir):
    with pytest.raises(SystemExit) as exit_info:
        cli.main(["label", "abc", "great", "--corpus", str(corpus_dir)])
    assert exit_info.value.code == 2


def test_a_store_that_cannot_be_used_is_an_input_error(tmp_path):
    broken = tmp_path / STORE_NAME
    broken.write_bytes(b"this is not a database" * 100)
    with pytest.raises(InputError, match="store"):
        Store.beside(tmp_path)
    with pytest.raises(InputError, match="cannot open the store"):
        Store(tmp_path / "missing" / STORE_NAME)
