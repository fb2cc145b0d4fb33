"""reactions.store: the SQLite store beside a corpus (lexicon, overrides), lexicon files, and their effect."""

from __future__ import annotations

import io
import multiprocessing
import os
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
from reactions.store import (
    STORE_NAME,
    Store,
    load_lexicon_file,
    load_settings,
    parse_lexicon,
    read_views,
    store_path,
)


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
    extract(corpus_dir, "--lexicon", str(extra))  # with the caches on too
    assert not store_path(corpus_dir).exists()  # extract never writes into the corpus folder


def test_cli_lexicon_import_set_remove(corpus_dir, tmp_path, capsys):
    extra = tmp_path / "slang.tsv"
    extra.write_text("based\t2\nmid\t-1\n", "utf-8")
    args = ["lexicon", "--corpus", str(corpus_dir), "--import", str(extra), "--set", "🐐", "3.5", "--remove", "mid"]
    assert cli.main(args) == 0
    assert capsys.readouterr().out == "based\t2\n🐐\t3.5\n"
    assert Store.beside(corpus_dir).lexicon() == {"based": 2.0, "🐐": 3.5}


def test_cli_lexicon_listing_makes_no_store(corpus_dir, capsys):
    before = sorted(p.name for p in corpus_dir.iterdir())
    assert cli.main(["lexicon", "--corpus", str(corpus_dir)]) == 0
    assert capsys.readouterr().out == ""
    assert sorted(p.name for p in corpus_dir.iterdir()) == before  # no .reactions.db made by a listing
    assert cli.main(["lexicon", "--corpus", str(corpus_dir), "--set", "based", "2"]) == 0
    assert cli.main(["lexicon", "--corpus", str(corpus_dir)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "based\t2"


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


# --- a store shipped inside someone else's corpus ---------------------------------------------------


def planted(folder: Path, *sql: str) -> Path:
    """A store made by this module in ``folder`` holding one override and one term, then ``sql`` run on it."""
    store = Store.beside(folder)
    store.set_override("r1", "positive")
    store.set_terms({"ratio": -3.0})
    connection = sqlite3.connect(store.path)
    for statement in sql:
        connection.execute(statement)
    connection.commit()
    connection.close()
    return store.path


@pytest.mark.parametrize(
    ("sql", "named"),
    [
        ("CREATE TRIGGER swap AFTER INSERT ON overrides BEGIN UPDATE overrides SET label = 'negative'; END",
         "trigger 'swap'"),
        ("CREATE TRIGGER t AFTER INSERT ON views BEGIN DELETE FROM overrides; END", "trigger 't'"),
        ("CREATE VIEW v AS SELECT * FROM overrides", "view 'v'"),
        ("CREATE TABLE notes (x)", "table 'notes'"),
    ],
)  # fmt: skip
def test_a_store_holding_sql_of_its_own_is_refused_for_reading_and_writing(
    tmp_path: Path, sql: str, named: str
) -> None:
    path = planted(tmp_path, sql)
    settings = load_settings(tmp_path)
    assert (settings.lexicon, settings.overrides, settings.store) == ({}, {}, None)
    assert settings.problem is not None
    assert named in settings.problem
    assert settings.note is not None
    assert "going on without it" in settings.note
    with pytest.raises(InputError, match="holds what a reactions store never does"):
        Store(path).set_override("r2", "negative")


def test_a_trigger_cannot_make_label_store_another_label_than_it_prints(corpus_dir, capsys):
    reaction = str(extract(corpus_dir).loc[0, "id"])
    swap = "CREATE TRIGGER swap AFTER INSERT ON overrides BEGIN UPDATE overrides SET label = 'negative'; END"
    planted(corpus_dir, swap)
    assert cli.main(["label", reaction, "positive", "--corpus", str(corpus_dir)]) == 1
    assert "trigger 'swap'" in capsys.readouterr().err


def test_a_store_that_is_a_link_is_neither_read_nor_written(tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    target = planted(elsewhere)
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    store_path(corpus).symlink_to(target)
    settings = load_settings(corpus)
    assert settings.overrides == {}
    assert "is a symbolic link" in (settings.problem or "")
    with pytest.raises(InputError, match="symbolic link"):
        Store.beside(corpus).set_override("r9", "negative")
    assert Store(target).overrides() == {"r1": "positive"}  # the other database untouched


def test_a_corrupt_or_unreadable_store_is_a_warning_not_a_stop(tmp_path: Path) -> None:
    store_path(tmp_path).write_bytes(b"this is not a database" * 100)
    settings = load_settings(tmp_path, lexicon_file=None)
    assert settings.overrides == {}
    assert "cannot be read" in (settings.problem or "") or "cannot open" in (settings.problem or "")


def test_reading_a_store_never_changes_it(tmp_path: Path) -> None:
    path = planted(tmp_path)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    before = path.read_bytes()
    path.chmod(0o444)
    tmp_path.chmod(0o555)  # a read-only corpus folder
    try:
        settings = load_settings(tmp_path)
    finally:
        tmp_path.chmod(0o755)
        path.chmod(0o644)
    assert settings.overrides == {"r1": "positive"}
    assert (settings.note or "").startswith(f"using 1 label override and 1 lexicon term from {path}")
    assert path.read_bytes() == before


def test_every_run_says_what_it_took_from_the_store_and_ignore_store_skips_it(corpus_dir, capsys):
    reaction = str(extract(corpus_dir).loc[0, "id"])
    Store.beside(corpus_dir).set_override(reaction, "positive")
    Store.beside(corpus_dir).set_terms({"vibes": -2.0, "ratio": -1.0})
    out = corpus_dir.parent / "o.csv"
    assert cli.main(["extract", str(corpus_dir), "-o", str(out)]) == 0
    assert f"using 1 label override and 2 lexicon terms from {store_path(corpus_dir)}" in capsys.readouterr().err
    assert read_csv(out).loc[0, "sentiment"] == "positive"
    assert cli.main(["extract", str(corpus_dir), "-o", str(out), "--ignore-store"]) == 0
    assert "using" not in capsys.readouterr().err
    assert not bool(read_csv(out).loc[0, "overridden"])


def test_a_broken_store_never_stops_extract(corpus_dir, capsys):
    store_path(corpus_dir).write_bytes(b"this is not a database" * 100)
    for extra in ([], ["--no-cache"]):
        out = corpus_dir.parent / "o.csv"
        assert cli.main(["extract", str(corpus_dir), "-o", str(out), *extra]) == 0
        err = capsys.readouterr().err
        assert "warning: " in err
        assert "going on without it" in err
        assert len(read_csv(out)) == 1


def test_label_refuses_an_id_the_corpus_does_not_hold(corpus_dir, capsys):
    assert cli.main(["label", "nosuchid", "positive", "--corpus", str(corpus_dir)]) == 1
    assert "holds no reaction with id 'nosuchid'" in capsys.readouterr().err
    assert not store_path(corpus_dir).exists()


def test_cache_rows_planted_in_a_corpus_store_are_never_read(corpus_dir, capsys):
    """Caches written by earlier versions (or forged) inside the corpus folder: tolerated, never used."""
    honest = extract(corpus_dir, "--no-cache")
    planted_db = sqlite3.connect(store_path(corpus_dir))
    planted_db.execute("CREATE TABLE parse_cache (source TEXT PRIMARY KEY, digest TEXT, parser TEXT, payload TEXT)")
    planted_db.execute("INSERT INTO parse_cache VALUES ('a.txt', 'x', 'y', '[\"forged\"]')")
    planted_db.execute("CREATE TABLE score_cache (key TEXT PRIMARY KEY, payload TEXT)")
    planted_db.execute("INSERT INTO score_cache VALUES ('k', '[0.99, 1, 0, 0, \"positive\"]')")
    planted_db.commit()
    planted_db.close()
    for _ in range(2):  # a cold run, then one from the (user's own) cache
        assert extract(corpus_dir).equals(honest)


# --- saved views ------------------------------------------------------------------------------------


def test_views_are_saved_listed_loaded_overwritten_and_deleted(tmp_path: Path, store: Store) -> None:
    first = store.save_view(" MeToo, negative ", "tag=MeToo&sentiment=negative")
    assert (first.name, first.query, first.problems) == ("MeToo, negative", "tag=MeToo&sentiment=negative", ())
    store.save_view("by score", "sort=compound&order=desc")
    again = Store.beside(tmp_path)
    assert [v.name for v in again.saved_views()] == ["MeToo, negative", "by score"]
    assert again.load_view("MeToo, negative").params == {"tag": ["MeToo"], "sentiment": ["negative"]}
    later = again.save_view("MeToo, negative", "tag=MeToo")  # the same name: replaced
    assert later.updated_at >= first.updated_at
    assert [v.query for v in again.saved_views()] == ["tag=MeToo", "sort=compound&order=desc"]
    assert again.delete_view("by score") is True
    assert again.delete_view("by score") is False
    with pytest.raises(InputError, match="no view is saved as 'by score'"):
        again.load_view("by score")
    assert [v.name for v in read_views(store_path(tmp_path))] == ["MeToo, negative"]
    assert Store.beside(tmp_path).lexicon() == {}  # views are kept apart from the lexicon and labels


@pytest.mark.parametrize(
    ("name", "query", "message"),
    [
        ("", "tag=x", "needs a name"),
        ("   ", "tag=x", "needs a name"),
        ("x" * 81, "tag=x", "at most 80 characters"),
        ("two\nlines", "tag=x", "must be printable"),
        ("\x1b[31mred", "tag=x", "must be printable"),
        ("fine", "tag=x\n", "must be printable"),
        ("fine", "q=" + "x" * 16_000, "at most 16,000 characters"),
    ],
)
def test_a_bad_name_or_query_is_refused_and_nothing_is_written(
    store: Store, name: str, query: str, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        store.save_view(name, query)
    assert store.saved_views() == ()
    assert store.save_view("x" * 80, "").name == "x" * 80  # 80 characters: the most a name has


def test_a_store_holding_views_is_used_and_reading_it_changes_nothing(tmp_path: Path) -> None:
    path = planted(tmp_path)
    Store(path).save_view("negative", "sentiment=negative")
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    before = path.read_bytes()
    path.chmod(0o444)
    tmp_path.chmod(0o555)
    try:
        settings = load_settings(tmp_path)
        saved = read_views(path)
    finally:
        tmp_path.chmod(0o755)
        path.chmod(0o644)
    assert settings.problem is None  # a views table is the store's own: not refused
    assert settings.overrides == {"r1": "positive"}
    assert [(v.name, v.query) for v in saved] == [("negative", "sentiment=negative")]
    assert path.read_bytes() == before
    Store(path).save_view("positive", "sentiment=positive")  # saving is the one write
    assert [v.name for v in read_views(path)] == ["negative", "positive"]


def test_a_store_made_before_views_reads_as_none_and_gets_the_table_when_written(tmp_path: Path) -> None:
    path = planted(tmp_path, "DROP TABLE views")
    assert read_views(path) == ()
    assert load_settings(tmp_path).problem is None
    assert Store(path).save_view("all", "").name == "all"
    assert [v.name for v in read_views(path)] == ["all"]


def test_a_tampered_view_is_listed_with_what_does_not_apply(tmp_path: Path) -> None:
    path = planted(tmp_path, "INSERT INTO views VALUES ('odd', 'tag=MeToo&sort=text&from=soon&evil=%3Cb%3E', 'x')",
                   "INSERT INTO views VALUES ('bell\x07', 'order=desc', '2020-01-01T00:00:00+00:00')")  # fmt: skip
    odd, bell = sorted(read_views(path), key=lambda v: v.name != "odd")
    assert odd.problems == ("evil=<b>", "from=soon", "sort=text", "updated_at=x")
    assert odd.params["tag"] == ["MeToo"]  # what applies is kept, not dropped
    assert bell.problems == ("name: not a name a view can be saved as",)
    assert Store(path).load_view("odd").problems == odd.problems


# --- a store in a folder that cannot be written (a read-only mount, someone else's folder) ------------


def read_only_corpus(folder: Path) -> Path:
    """A WAL store with a label, a term and a view in ``folder``, its side files gone (as after a clean close)."""
    path = planted(folder)
    Store(path).save_view("negative", "sentiment=negative")
    assert sqlite3.connect(path).execute("PRAGMA journal_mode").fetchone() == ("wal",)
    for suffix in ("-wal", "-shm"):
        Path(f"{path}{suffix}").unlink(missing_ok=True)
    return path


def check_read_only_store(folder: Path, path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """What a store in a folder that cannot be written gives: everything it holds, writes refused in one line."""
    before = path.read_bytes()
    settings = load_settings(folder)
    assert (settings.problem, settings.overrides, settings.lexicon) == (None, {"r1": "positive"}, {"ratio": -3.0})
    assert settings.note == (f"using 1 label override and 1 lexicon term from {path} (read-only: its folder "
                             f"{folder} is not writable; labels and views cannot be saved)")  # fmt: skip
    assert [v.name for v in read_views(path)] == ["negative"]
    store = Store(path)
    assert (store.overrides(), store.lexicon(), [v.name for v in store.saved_views()]) == (
        {"r1": "positive"}, {"ratio": -3.0}, ["negative"])  # fmt: skip
    with pytest.raises(InputError, match=r"cannot be written \(its folder .* is not writable\): nothing was saved"):
        store.set_override("r2", "negative")
    assert cli.main(["views", str(folder)]) == 0
    assert capsys.readouterr().out == "negative\tsentiment=negative\n"
    assert cli.main(["views", str(folder), "--delete", "negative"]) == 1
    assert "cannot be written" in capsys.readouterr().err
    assert cli.main(["lexicon", "--corpus", str(folder)]) == 0  # listing it writes nothing
    assert capsys.readouterr().out == "ratio\t-3\n"
    assert cli.main(["lexicon", "--corpus", str(folder), "--set", "w", "1"]) == 1
    assert "cannot be written" in capsys.readouterr().err
    assert sorted(p.name for p in folder.iterdir()) == [STORE_NAME]  # no side file made
    assert path.read_bytes() == before


def test_a_store_in_a_folder_that_cannot_be_written_is_read_and_says_writes_are_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """As on a read-only mount (which a test cannot make, and where root is refused too): the folder is said not
    writable, so SQLite must not be asked for WAL's side files (``mode=ro`` alone fails there with "attempt to
    write a readonly database" and the labels, lexicon and views are lost)."""
    path = read_only_corpus(tmp_path)
    monkeypatch.setattr("reactions.store.folder_writable", lambda folder: False)
    check_read_only_store(tmp_path, path, capsys)
    empty = tmp_path / "empty"
    empty.mkdir()
    assert Store.beside(empty).saved_views() == ()
    assert not store_path(empty).exists()  # nothing made


@pytest.mark.skipif(os.geteuid() == 0, reason="chmod does not stop root")
def test_a_store_in_a_chmod_read_only_folder_is_read(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = read_only_corpus(tmp_path)
    tmp_path.chmod(0o555)
    try:
        check_read_only_store(tmp_path, path, capsys)
    finally:
        tmp_path.chmod(0o755)
