"""reactions views PATH [--delete NAME]: the views saved on the page, listed from the store read-only."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from reactions import cli
from reactions.store import Store, read_views, store_path


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    (corpus / "a.txt").write_text("No posts here.\n", "utf-8")
    return corpus


def test_saved_views_are_listed_by_name_with_their_query(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Store.beside(folder).save_view("negative MeToo", "tag=MeToo&sentiment=negative")
    Store.beside(folder).save_view("by score", "sort=compound&order=desc")
    before = store_path(folder).stat().st_mtime_ns
    assert cli.main(["views", str(folder)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "by score\tsort=compound&order=desc\nnegative MeToo\ttag=MeToo&sentiment=negative\n"
    assert captured.err == ""
    assert store_path(folder).stat().st_mtime_ns == before  # listing never writes
    assert cli.main(["views", str(folder / "a.txt")]) == 0  # a file of the corpus: its folder's store
    assert capsys.readouterr().out.count("\n") == 2


def test_delete_removes_one_view_then_lists_the_rest(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Store.beside(folder).save_view("keep", "tag=a")
    Store.beside(folder).save_view("drop", "tag=b")
    assert cli.main(["views", str(folder), "--delete", "drop"]) == 0
    captured = capsys.readouterr()
    assert captured.out == "keep\ttag=a\n"
    assert "deleted: drop" in captured.err
    assert cli.main(["views", str(folder), "--delete", "drop"]) == 1
    assert "no view is saved as drop" in capsys.readouterr().err
    assert [v.name for v in read_views(store_path(folder))] == ["keep"]


def test_no_store_no_views_and_no_store_made(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["views", str(folder)]) == 0
    assert capsys.readouterr().err == f"no saved views for {folder}\n"
    assert not store_path(folder).exists()
    assert cli.main(["views", str(folder / "missing")]) == 1
    assert "no such corpus" in capsys.readouterr().err


def test_a_tampered_view_is_escaped_and_what_does_not_apply_named(
    folder: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    Store.beside(folder).save_view("ok", "")
    with sqlite3.connect(store_path(folder)) as connection:
        connection.execute("INSERT INTO views VALUES ('\x1b[2Jx', 'sort=text&tag=a', '2020-01-01T00:00:00+00:00')")
    assert cli.main(["views", str(folder)]) == 0
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out + captured.err
    assert "'\\x1b[2Jx'\tsort=text&tag=a\n" in captured.out
    assert "values that do not apply: name: not a name a view can be saved as, sort=text" in captured.err


def test_a_refused_store_is_an_error_not_a_traceback(folder: Path, capsys: pytest.CaptureFixture[str]) -> None:
    Store.beside(folder).save_view("ok", "")
    with sqlite3.connect(store_path(folder)) as connection:
        connection.execute("CREATE TABLE notes (x)")
    assert cli.main(["views", str(folder)]) == 1
    assert "holds what a reactions store never does" in capsys.readouterr().err
