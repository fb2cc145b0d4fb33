"""The ``reactions`` command: parser, ``extract`` end to end, errors, the progress bar."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from app import exports
from reactions import __version__, cli_options
from reactions.cli import build_parser, main, summary
from reactions.export import read_csv, read_table
from reactions.frames import to_frame
from reactions.progress import ProgressBar
from reactions.run.pipeline import extract_frame
from reactions.run.units import read_corpus

SEEDS_SUMMARY = "files: 5, articles: 5, reactions: 12 unique (13 occurrences), warnings: 0"


@pytest.mark.parametrize(
    ("argv", "expected"),
    [
        (["extract", "a.txt"], {"paths": ["a.txt"], "output": None, "format": None, "quiet": False}),
        (["extract", "a", "b/", "-o", "out.jsonl"], {"paths": ["a", "b/"], "output": Path("out.jsonl")}),
        (["extract", "s3://bucket/cc/*.warc.gz"], {"paths": ["s3://bucket/cc/*.warc.gz"]}),  # a URL kept whole
        (["extract", "d.csv", "--text-col", "body", "--url-col", "link"], {"text_col": "body", "url_col": "link"}),
        (["extract", "a", "--output", "x.csv", "--format", "parquet"], {"output": Path("x.csv"), "format": "parquet"}),
        (["extract", "-q", "a"], {"quiet": True}),
        (["extract", "a", "--quiet"], {"quiet": True}),
    ],
)
def test_parser(argv: list[str], expected: dict[str, object]) -> None:
    args = build_parser().parse_args(argv)
    assert args.command == "extract"
    for name, value in expected.items():
        assert getattr(args, name) == value, name


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        ([], "required"),
        (["extract"], "PATH"),
        (["extract", "a", "--format", "xls"], "invalid choice"),
        (["frobnicate"], "invalid choice"),
    ],
)
def test_parser_rejects_bad_usage(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(["--version"])
    assert exited.value.code == 0
    assert capsys.readouterr().out.strip() == f"reactions {__version__}"


def test_help_lists_every_option(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["extract", "--help"])
    text = capsys.readouterr().out
    for option in ("--output", "--format", "--quiet", "PATH"):
        assert option in text


# --- extract ---------------------------------------------------------------------------------------------


def test_extract_seeds_to_stdout(capsys: pytest.CaptureFixture[str], seeds_dir: Path) -> None:
    assert main(["extract", str(seeds_dir)]) == 0
    out, err = capsys.readouterr()
    frame = read_csv(io.StringIO(out))
    pd.testing.assert_frame_equal(frame, to_frame(read_corpus([seeds_dir])))
    assert len(frame) == 12
    assert frame.loc[frame["handle"] == "truthhurts06", "article_count"].tolist() == [2]
    assert err.splitlines() == [SEEDS_SUMMARY]


@pytest.mark.parametrize("suffix", [".csv", ".jsonl", ".parquet"])
def test_extract_to_file_by_extension(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, article_folder: Path, suffix: str
) -> None:
    out = tmp_path / f"reactions{suffix}"
    assert main(["extract", str(article_folder), "-o", str(out)]) == 0
    stdout, err = capsys.readouterr()
    assert stdout == ""
    assert err.startswith("files: 2, articles: 2, reactions: 2 unique (3 occurrences), warnings: 0")
    pd.testing.assert_frame_equal(read_table(out), to_frame(read_corpus([article_folder])))


def test_format_overrides_the_extension(tmp_path: Path, article_folder: Path) -> None:
    out = tmp_path / "table.out.csv"
    assert main(["extract", str(article_folder), "-o", str(out), "--format", "jsonl", "-q"]) == 0
    assert out.read_bytes().startswith(b'{"id": ')


def test_jsonl_to_stdout(capsys: pytest.CaptureFixture[str], article_folder: Path) -> None:
    assert main(["extract", str(article_folder), "--format", "jsonl", "--quiet"]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 2
    assert err == ""


def test_bad_files_are_warnings_naming_them(capsys: pytest.CaptureFixture[str], article_folder: Path) -> None:
    (article_folder / "empty.txt").write_bytes(b"")
    (article_folder / "picture.txt").write_bytes(b"\x89PNG\x00\x00\x00" * 20)
    missing = article_folder / "missing.md"
    assert main(["extract", str(article_folder), str(missing)]) == 0
    out, err = capsys.readouterr()
    assert len(read_csv(io.StringIO(out))) == 2
    lines = err.splitlines()
    assert lines[0] == "files: 5, articles: 2, reactions: 2 unique (3 occurrences), warnings: 3"
    assert lines[1:] == [
        f"warning: {article_folder / 'empty.txt'}: empty file",
        f"warning: {article_folder / 'picture.txt'}: binary file (60 control characters in 140 bytes)",
        f"warning: {missing}: no such file or folder",
    ]


def test_quiet_writes_nothing_but_errors(capsys: pytest.CaptureFixture[str], article_folder: Path) -> None:
    (article_folder / "empty.txt").write_bytes(b"")
    assert main(["extract", "-q", str(article_folder)]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda root: [str(root / "nowhere")], "error: no article could be read from"),
        (lambda root: [str(root)], "error: no article could be read from"),  # an empty folder
        (lambda root: [str(root / "e.txt")], "error: no article could be read from"),
    ],
    ids=["missing", "empty-folder", "empty-file"],
)
def test_nothing_readable_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, make: Callable[[Path], list[str]], message: str
) -> None:
    (tmp_path / "e.txt").write_bytes(b"")
    paths = make(tmp_path)
    assert main(["extract", *paths, "-q"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip().startswith(f"{message} {paths[0]} (")  # then why, as --quiet leaves the warnings out
    assert err.strip().endswith(("no such file or folder)", "empty file)"))


@pytest.mark.parametrize("name", ["out.xls", "out"])
def test_unknown_output_format_fails_before_reading(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, article_folder: Path, name: str
) -> None:
    out = tmp_path / name
    assert main(["extract", str(article_folder), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"error: {out}: unknown table format")
    assert err.rstrip().endswith("use .csv, .jsonl, .parquet or .xlsx")  # every format it writes
    assert "files:" not in err
    assert not out.exists()


def test_unwritable_output_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, article_folder: Path
) -> None:
    out = tmp_path / "no" / "such" / "dir" / "out.csv"
    assert main(["extract", str(article_folder), "-o", str(out), "-q"]) == 1
    assert capsys.readouterr().err.startswith(f"error: {out}: cannot write")


def test_parquet_is_not_written_to_a_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, article_folder: Path
) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    assert main(["extract", str(article_folder), "--format", "parquet"]) == 1
    assert "-o OUT.parquet" in capsys.readouterr().err


def test_summary_counts(article_folder: Path) -> None:
    assert summary(extract_frame([article_folder, article_folder / "x.txt"], jobs=1, cache=False)) == (
        "files: 3, articles: 2, reactions: 2 unique (3 occurrences), warnings: 1"
    )


# --- python -m reactions ----------------------------------------------------------------------------------


def run_module(*argv: str) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run([sys.executable, "-m", "reactions", *argv], capture_output=True, timeout=120, check=False)


def test_python_m_reactions(seeds_dir: Path, tmp_path: Path) -> None:
    done = run_module("extract", str(seeds_dir))
    assert done.returncode == 0, done.stderr
    assert done.stderr.decode().splitlines() == [SEEDS_SUMMARY]
    pd.testing.assert_frame_equal(read_csv(io.BytesIO(done.stdout)), to_frame(read_corpus([seeds_dir])))
    failed = run_module("extract", str(tmp_path / "nothing-here"))
    assert failed.returncode == 1
    assert b"error: no article could be read from" in failed.stderr
    assert b"Traceback" not in failed.stderr


ENDING = """
import atexit, os, sys, threading, types
from reactions.cli import run
class Alive:
    def __del__(self, write=os.write):  # (run as a module is torn down, its globals perhaps gone)
        write(2, b"torn down\\n")
sys.modules["held"] = types.ModuleType("held")
sys.modules["held"].alive = Alive()
atexit.register(lambda: sys.stderr.write("atexit ran\\n"))
if sys.argv[1] == "thread":
    threading.Thread(target=threading.main_thread().join).start()  # a thread that ends as Python ends
sys.argv[1:] = ["extract", sys.argv[2], "--no-cache", "-q"]
run()
"""


@pytest.mark.parametrize(("thread", "torn_down"), [("none", False), ("thread", True)])
def test_a_command_done_ends_its_process_without_the_teardown(seeds_dir: Path, thread: str, torn_down: bool) -> None:
    """``run`` (``python -m reactions``) ends the process once the ``atexit`` functions ran and the output is
    flushed, without freeing what is still alive (no ``__del__`` runs); with another thread running, as Python
    does."""
    done = subprocess.run([sys.executable, "-c", ENDING, thread, str(seeds_dir)], capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.decode().splitlines() == ["atexit ran", *(["torn down"] * torn_down)]
    assert done.stdout == run_module("extract", str(seeds_dir), "--no-cache", "-q").stdout
    assert done.stdout.count(b"\r\n") == 13  # the header and the seeds' 12 reactions, flushed


# --- progress bar ------------------------------------------------------------------------------------------


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_draws_on_a_terminal_after_the_delay() -> None:
    stream = Terminal()
    bar = ProgressBar(stream, delay=0)
    bar(3, 10)
    assert "/10" in stream.getvalue()
    bar(10, 10)  # the last step is always drawn
    assert "10/10" in stream.getvalue()
    drawn = len(stream.getvalue())
    bar.close()
    assert stream.getvalue()[drawn:].startswith("\r")  # erased: the summary starts on a clean line


@pytest.mark.parametrize(
    ("stream", "delay"), [(io.StringIO(), 0.0), (Terminal(), 60.0)], ids=["not-a-terminal", "short-run"]
)
def test_progress_bar_stays_silent(stream: io.StringIO, delay: float) -> None:
    bar = ProgressBar(stream, delay=delay)
    for done in range(1, 5):
        bar(done, 4)
    bar.close()
    assert stream.getvalue() == ""


def test_a_long_run_on_a_terminal_shows_the_bar_then_the_summary(
    monkeypatch: pytest.MonkeyPatch, seeds_dir: Path
) -> None:
    monkeypatch.setattr(cli_options, "PROGRESS_DELAY", 0.0)  # every run is long enough
    stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main(["extract", str(seeds_dir), "--no-cache"]) == 0  # a re-run reads its frame back: no bar
    shown = stderr.getvalue()
    assert "5/5" in shown
    assert shown.endswith("\r" + SEEDS_SUMMARY + "\n")


def test_a_short_run_on_a_terminal_shows_no_bar(monkeypatch: pytest.MonkeyPatch, seeds_dir: Path) -> None:
    monkeypatch.setattr(cli_options, "PROGRESS_DELAY", 60.0)  # short, even on a loaded machine: no bar, no listing note
    stderr = Terminal()
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main(["extract", str(seeds_dir)]) == 0
    assert stderr.getvalue() == SEEDS_SUMMARY + "\n"


def test_extract_with_twarc_columns(tmp_path: Path, seeds_dir: Path) -> None:
    out = tmp_path / "twarc.csv"
    assert main(["extract", str(seeds_dir), "--columns", "twarc", "-q", "-o", str(out)]) == 0
    header, *rows = out.read_text(encoding="utf-8-sig").splitlines()
    assert header == ("id,created_at,text,lang,entities.hashtags,entities.mentions,entities.urls,author.username,"
                      "author.name")
    assert any(row.endswith(",winonasrider,Sienna") for row in rows)
    table = pd.read_csv(out, dtype=str, keep_default_na=False)
    assert (table["created_at"] != "").sum() == 9  # filled when known: the exact time, else the post's date


@pytest.mark.parametrize("columns", ["all", "twarc"])
def test_the_default_csv_neutralises_formulas_and_keeps_ids(tmp_path: Path, columns: str) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "a.txt").write_text(
        "Fans wrote:\n\n=HYPERLINK(\"http://evil.example\",\"click\") — Ann (@ann) Feb 2, 2020\n\n"
        "@SUM(1+1)*cmd — Bo (@bo) Feb 3, 2020\n", encoding="utf-8")
    out = tmp_path / "out.csv"
    assert main(["extract", str(folder), "-q", "-o", str(out), "--columns", columns]) == 0
    table = pd.read_csv(out, dtype=str, keep_default_na=False)
    assert sorted(table["text"]) == ["'=HYPERLINK(\"http://evil.example\",\"click\")", "'@SUM(1+1)*cmd"]
    if columns == "all":
        assert table["id"].tolist() == read_csv(out)["id"].tolist()  # ids exactly as the library's
        assert not any(cell.startswith("'") for cell in table["id"])
    assert main(["extract", str(folder), "-q", "-o", str(out), "--columns", columns, "--exact-text"]) == 0
    assert "=HYPERLINK" in pd.read_csv(out, dtype=str)["text"].str.cat()


@pytest.mark.parametrize(
    "options",
    [["--jobs", "1", "--no-cache"], ["--jobs", "2", "--no-cache"], ["--jobs", "2"], ["--dask"]],
    ids=["one-process", "two-processes", "cached", "dask-local-cluster"],
)
def test_parallel_cached_and_dask_runs_write_the_same_table(
    tmp_path: Path, seeds_dir: Path, options: list[str]
) -> None:
    if "--dask" in options:
        pytest.importorskip("distributed")
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for article in seeds_dir.glob("*.txt"):
        (corpus / article.name).write_bytes(article.read_bytes())
    plain, other = tmp_path / "plain.csv", tmp_path / "other.csv"
    assert main(["extract", str(corpus), "--jobs", "1", "--no-cache", "-q", "-o", str(plain)]) == 0
    assert main(["extract", str(corpus), *options, "-q", "-o", str(other)]) == 0
    assert other.read_bytes() == plain.read_bytes()


def test_a_cached_rerun_follows_edits_and_lexicons(tmp_path: Path, seeds_dir: Path) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    for article in seeds_dir.glob("*.txt"):
        (corpus / article.name).write_bytes(article.read_bytes())
    lexicon = tmp_path / "lexicon.tsv"
    lexicon.write_text("nerve\t3.5\n", encoding="utf-8")

    def extract(*options: str) -> bytes:
        out = tmp_path / "out.csv"
        assert main(["extract", str(corpus), "-q", "-o", str(out), *options]) == 0
        return out.read_bytes()

    extract()
    edited = sorted(corpus.glob("*.txt"))[0]
    edited.write_bytes(edited.read_bytes().replace(b"#", b"$", 1))  # the same size, another hashtag
    assert extract() == extract("--no-cache")
    assert extract("--lexicon", str(lexicon)) == extract("--no-cache", "--lexicon", str(lexicon)) != extract()


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_hostile_folder_gives_every_good_reaction_and_a_message_per_bad_item(
    capsys: pytest.CaptureFixture[str], hostile_folder: Path, locked: str, tmp_path: Path, jobs: str
) -> None:
    out = tmp_path / "out.csv"
    assert main(["extract", str(hostile_folder), "-o", str(out), "--jobs", jobs, "--no-cache"]) == 0
    err = capsys.readouterr().err
    assert "Traceback" not in err
    for name, message in [
        ("big.txt", "larger than the 20 MB limit"), ("p.txt", "not a regular file (a FIFO)"),
        ("zero.txt", "a link to /dev/zero, outside the corpus folder"), ("outside.txt", "outside the corpus folder"),
        ("locked", "a folder that cannot be listed (permission denied)"), ("caf\\xe9.txt", "not valid UTF-8"),
        ("nul.txt", "dropped 1 NUL byte"),
    ]:  # fmt: skip
        assert any(name in line and message in line for line in err.splitlines()), (name, err)
    assert sorted(read_csv(out)["handle"]) == ["ann_lee", "fan_1", "truthhurts06"]


def test_max_file_size_and_follow_links(
    hostile_folder: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out.csv"
    assert main(["extract", str(hostile_folder), "-o", str(out), "--follow-links", "--max-file-size", "0.5"]) == 0
    assert "spy" in set(read_csv(out)["handle"])
    assert "big.txt: larger than the 524,288 bytes limit (100 MB)" in capsys.readouterr().err
    assert main(["extract", str(hostile_folder), "-o", str(out), "--follow-links", "--max-file-size", "0.5"]) == 0
    assert "larger than the 524,288 bytes limit" in capsys.readouterr().err  # the stored frame says it again
    assert main(["extract", str(hostile_folder), "--max-file-size", "0"]) == 1
    assert "--max-file-size must be a positive number" in capsys.readouterr().err


def test_excel_safe_csv_and_the_same_bytes_as_the_page(
    capsys: pytest.CaptureFixture[str], article_folder: Path, tmp_path: Path
) -> None:
    from reactions.viewstate import views

    plain, safe, default = tmp_path / "plain.csv", tmp_path / "safe.csv", tmp_path / "default.csv"
    assert main(["extract", str(article_folder), "-o", str(plain), "-q", "--exact-text"]) == 0
    assert main(["extract", str(article_folder), "-o", str(safe), "-q", "--excel-safe"]) == 0
    assert main(["extract", str(article_folder), "-o", str(default), "-q"]) == 0
    assert default.read_bytes() == safe.read_bytes()  # one CSV rule for people: the default
    frame = read_csv(plain)
    page = {d.key: d for d in exports.downloads(frame, np.arange(len(frame)), views.Filters(), views.Selection(),
                                              version="x")}  # fmt: skip
    assert plain.read_bytes() == page["dl_plain"].make()  # the CLI and the page write the same CSV
    assert safe.read_bytes() == page["dl_csv"].make()
    assert safe.read_bytes().startswith(b"\xef\xbb\xbf")
    assert main(["extract", str(article_folder), "--excel-safe", "--format", "jsonl"]) == 1
    assert "--excel-safe is for CSV" in capsys.readouterr().err
    assert main(["extract", str(article_folder), "--exact-text", "--format", "parquet", "-o", str(tmp_path / "x")]) == 1
    assert "--exact-text is for CSV" in capsys.readouterr().err


def test_extract_to_xlsx(tmp_path: Path, seeds_dir: Path) -> None:
    out = tmp_path / "out.xlsx"
    assert main(["extract", str(seeds_dir), "-q", "-o", str(out)]) == 0
    table = pd.read_excel(out, dtype=str)
    assert len(table) == 12
    assert set(table["id"]) == set(read_csv_of(seeds_dir)["id"])


def read_csv_of(folder: Path) -> pd.DataFrame:
    return to_frame(read_corpus([folder]))


# --- compare ---------------------------------------------------------------------------------------------


def test_compare_parser() -> None:
    args = build_parser().parse_args(["compare", "a/", "b.txt", "--vs", "c/", "-o", "out.xlsx", "--top", "5"])
    assert (args.command, args.paths, args.vs) == ("compare", ["a/", "b.txt"], ["c/"])
    assert (args.output, args.top, args.excel_safe) == (Path("out.xlsx"), 5, False)


@pytest.mark.parametrize(("argv", "message"), [(["compare", "a"], "--vs"), (["compare", "a", "--vs"], "--vs"),
                                               (["compare", "a", "--vs", "b", "--top", "0"], "--top")])  # fmt: skip
def test_compare_rejects_bad_usage(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    with pytest.raises(SystemExit) as exited:
        main(argv)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err


def test_compare_two_corpora_writes_a_row_a_side_and_says_it_on_stderr(
    capsys: pytest.CaptureFixture[str], seeds_dir: Path, tmp_path: Path
) -> None:
    """Side A: every seed; side B: two of them (copied apart, so the posts they share are found by id)."""
    other = tmp_path / "other"
    other.mkdir()
    chosen = sorted(seeds_dir.glob("*.txt"))[:2]
    for path in chosen:
        (other / path.name).write_bytes(path.read_bytes())
    assert main(["compare", str(seeds_dir), "--vs", str(other)]) == 0
    out, err = capsys.readouterr()
    assert out.startswith("\ufeffside,")  # the CSV for people, as extract's default
    table = pd.read_csv(io.StringIO(out.removeprefix("\ufeff")))
    a, b = (to_frame(read_corpus([folder])) for folder in (seeds_dir, other))
    assert table["side"].tolist() == ["A", "B"]
    assert table["reactions"].tolist() == [len(a), len(b)]
    assert table["about"].tolist() == [str(seeds_dir), str(other)]
    assert table["shared"].tolist() == [len(set(a["id"]) & set(b["id"]))] * 2
    assert 0 < table.loc[1, "shared"] <= len(b)
    assert err.startswith(f"A: {SEEDS_SUMMARY}\nB: files: 2, articles: 2")
    assert "top_hashtags" in err
    assert f"posts both hold: {table.loc[0, 'shared']}. Mean compound A " in err


def test_compare_to_a_workbook_and_an_excel_safe_csv(seeds_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "cmp.xlsx"
    assert main(["compare", str(seeds_dir), "--vs", str(seeds_dir), "-o", str(out), "-q", "--top", "2"]) == 0
    sheets = pd.read_excel(out, sheet_name=None)
    assert list(sheets) == ["summary", "by day", "sentiment", "hashtags", "test"]
    assert sheets["summary"]["shared"].tolist() == [12, 12]
    assert sheets["test"].loc[0, "p_value"] == pytest.approx(1.0)
    assert set(sheets["by day"]["side"]) == {"A", "B"}
    assert sheets["hashtags"]["hashtag"].nunique() == 2
    safe = tmp_path / "cmp.csv"
    assert main(["compare", str(seeds_dir), "--vs", str(seeds_dir), "-o", str(safe), "--excel-safe", "-q"]) == 0
    assert safe.read_bytes().startswith(b"\xef\xbb\xbfside,about,reactions")
    assert main(["compare", str(seeds_dir), "--vs", str(seeds_dir), "-o", str(safe), "--exact-text", "-q"]) == 0
    assert safe.read_bytes().startswith(b"side,about,reactions")


def test_compare_errors_name_the_side_and_the_format(
    capsys: pytest.CaptureFixture[str], seeds_dir: Path, tmp_path: Path
) -> None:
    assert main(["compare", str(seeds_dir), "--vs", str(tmp_path / "missing"), "-q"]) == 1
    assert "error: side B: no article could be read" in capsys.readouterr().err
    assert main(["compare", str(seeds_dir), "--vs", str(seeds_dir), "-o", str(tmp_path / "x.parquet")]) == 1
    assert "written as .csv or .xlsx" in capsys.readouterr().err


def test_extract_reads_a_dataset_one_article_a_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], seeds_dir: Path
) -> None:
    seeds = sorted(seeds_dir.glob("*.txt"))
    rows = pd.DataFrame({"headline": [p.stem for p in seeds], "body": [p.read_text(encoding="utf-8") for p in seeds],
                         "link": [f"https://www.paper{i}.com/a" for i in range(len(seeds))]})  # fmt: skip
    rows.to_csv(tmp_path / "news.csv.gz", index=False, compression="gzip")
    out = tmp_path / "out.csv"
    assert main(["extract", str(tmp_path / "news.csv.gz"), "-o", str(out), "--no-cache"]) == 0
    frame = read_csv(out)
    assert len(frame) == 12
    assert {s.split("#")[0] for cited in frame["sources"] for s in cited} == {"news.csv.gz"}
    assert set(frame["article_title"]) <= set(rows["headline"])
    assert frame["outlet"].str.startswith("paper").all()
    assert "files: 1, articles: 5, reactions: 12 unique" in capsys.readouterr().err


def test_a_table_without_a_text_column_is_one_named_error(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pd.DataFrame({"id": [1, 2], "headline": ["a", "b"]}).to_csv(tmp_path / "meta.csv", index=False)
    assert main(["extract", str(tmp_path / "meta.csv"), "--no-cache", "-q"]) == 1
    err = capsys.readouterr().err
    assert "no text column" in err
    assert "the table has columns id, headline" in err
    assert main(["extract", str(tmp_path / "meta.csv"), "--no-cache", "--text-col", "headline", "-q", "-o",
                 str(tmp_path / "o.csv")]) == 0  # fmt: skip


# --- a cache that cannot be used is said on stderr, once ----------------------------------------------


def test_a_cache_folder_others_can_change_is_said_once_and_the_run_goes_on(
    tmp_path: Path, seeds_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "shared-cache"
    folder.mkdir(mode=0o700)
    folder.chmod(0o777)  # prepared by someone else, or loosened: anyone could swap the key
    argv = ["extract", str(seeds_dir), "--jobs", "2", "--cache-dir", str(folder), "-o", str(tmp_path / "o.csv")]
    assert main(argv) == 0
    err = capsys.readouterr().err
    lines = [line for line in err.splitlines() if line.startswith("warning:")]
    assert lines == [f"warning: parse cache disabled for {seeds_dir}: the cache folder {folder} can be changed by "
                     "other users (mode 0777): chmod go-w it, or use a folder of your own"]  # fmt: skip
    assert SEEDS_SUMMARY in err
    assert not list(folder.iterdir())  # nothing written into it
    assert main([*argv, "-q"]) == 0
    assert capsys.readouterr().err == ""  # -q: errors only


@pytest.mark.parametrize("damage", ["corrupt", "link", "key"])
def test_an_unusable_cache_is_said_on_stderr(
    tmp_path: Path, seeds_dir: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    from reactions.run.cache import KEY_NAME

    folder = tmp_path / "cache"
    argv = ["extract", str(seeds_dir), "--jobs", "1", "--cache-dir", str(folder), "-o", str(tmp_path / "o.csv")]
    assert main(argv) == 0
    assert "warning:" not in capsys.readouterr().err
    (db,) = folder.glob("corpus-*.db")
    if damage == "corrupt":
        db.write_bytes(b"not a database" * 500)
    elif damage == "link":
        db.unlink()
        db.symlink_to(tmp_path / "o.csv")
    else:
        (folder / KEY_NAME).write_bytes(b"short")
    assert main(argv) == 0
    err = capsys.readouterr().err
    (line,) = [line for line in err.splitlines() if line.startswith("warning:")]
    reason = {"corrupt": f"{db}: file is not a database", "link": f"{db}: a symbolic link, not used as a cache",
              "key": f"{folder / KEY_NAME}: not a signing key"}[damage]  # fmt: skip
    assert line.startswith(f"warning: parse cache disabled for {seeds_dir}: {reason}")
    assert SEEDS_SUMMARY in err


def test_a_cache_failing_mid_run_is_said_once(capsys: pytest.CaptureFixture[str]) -> None:
    import logging

    from reactions.cli_checks import cache_warnings

    log = logging.getLogger("reactions.run.pipeline")
    with cache_warnings(sys.stderr):
        for _ in range(3):  # every task that met the full disk
            log.warning("parse cache disabled for %s: %s", "/c/1.db", "cannot write it: database or disk is full")
    log.warning("after the run: %s", "not said")
    assert capsys.readouterr().err == (
        "warning: parse cache disabled for /c/1.db: cannot write it: database or disk is full\n")


# --- paths: file:// URLs, other protocols, system folders ----------------------------------------------


def test_a_file_url_is_read_as_the_local_path_it_names(tmp_path: Path, seeds_dir: Path) -> None:
    """``file://`` URLs said "no such file or folder", even to an existing article with fsspec installed."""
    local, by_url = tmp_path / "local.csv", tmp_path / "url.csv"
    first = sorted(seeds_dir.glob("*.txt"))[0]
    assert main(["extract", "-q", str(seeds_dir), str(first), "-o", str(local)]) == 0
    url = f"file://localhost{seeds_dir.as_posix()}/".replace(" ", "%20")
    assert main(["extract", "-q", url, first.as_uri(), "-o", str(by_url)]) == 0
    assert local.read_bytes() == by_url.read_bytes()


def test_a_remote_article_file_is_read_through_fsspec(tmp_path: Path, seeds_dir: Path) -> None:
    fsspec = pytest.importorskip("fsspec")
    import uuid

    first = sorted(seeds_dir.glob("*.txt"))[0]
    url = f"memory://cli-{uuid.uuid4().hex}/{first.name}"
    fsspec.filesystem("memory").pipe(url, first.read_bytes())
    try:
        out = tmp_path / "remote.csv"
        assert main(["extract", "-q", "--jobs", "1", url, "-o", str(out)]) == 0  # memory://: this process only
        assert read_csv(out)["id"].tolist() == to_frame(read_corpus([first]))["id"].tolist()
    finally:
        fsspec.filesystem("memory").rm(url)


def test_a_protocol_that_cannot_be_read_here_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    pytest.importorskip("fsspec")
    assert main(["extract", "nope://bucket/a.csv"]) == 1
    assert capsys.readouterr().err == "error: nope://bucket/a.csv: nope:// is not a protocol fsspec knows (no such " \
        "file or folder)\n"  # fmt: skip

    def missing(protocol: str) -> None:
        raise ImportError("Install s3fs to access S3")

    monkeypatch.setattr("fsspec.get_filesystem_class", missing)
    assert main(["extract", "s3://bucket/a.csv"]) == 1
    assert capsys.readouterr().err == (
        "error: s3://bucket/a.csv: reading s3:// paths needs a package the remote extra installs (Install s3fs to "
        "access S3): pip install 'reactions[remote]'\n")  # fmt: skip
    monkeypatch.setitem(sys.modules, "fsspec", None)  # no remote extra at all
    assert main(["extract", "https://example.com/a.html"]) == 1
    assert capsys.readouterr().err == ("error: https://example.com/a.html: reading https:// paths needs the remote "
                                       "extra: pip install 'reactions[remote]'\n")  # fmt: skip


@pytest.mark.parametrize("folder", ["/", "/etc", "/usr", "/proc/self", "/sys", "/dev", "HOME", "/home"])
def test_a_system_folder_is_refused_unless_asked(
    folder: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``extract /`` listed the whole machine for minutes, saying nothing."""
    from reactions.cli_checks import check_paths

    if folder == "HOME":
        monkeypatch.setenv("HOME", str(tmp_path))
        folder = str(tmp_path)
    if not Path(folder).is_dir():
        pytest.skip(f"no {folder} here")
    monkeypatch.setattr("reactions.run.pipeline.extract_frame", None)  # never reached
    for command in (["extract", folder], ["network", folder], ["compare", str(tmp_path), "--vs", folder]):
        assert main(command) == 1
        err = capsys.readouterr().err
        assert err.startswith(f"error: {folder}")
        assert "is a system folder, not a corpus" in err
        assert err.endswith("or --allow-system-folders to read it anyway\n")
    assert check_paths([folder], allow_system=True) == [folder]


def test_folders_below_a_system_folder_are_read(tmp_path: Path) -> None:
    from reactions.cli_checks import check_paths

    assert check_paths([str(tmp_path), "seeds", "a.txt"]) == [str(tmp_path), "seeds", "a.txt"]


def test_a_long_listing_is_said_on_a_terminal(monkeypatch: pytest.MonkeyPatch, seeds_dir: Path) -> None:
    """Nothing was said while a large tree was listed; now the folder is named once the listing lasts a while."""
    import time

    import reactions.run.pipeline as pipeline

    real = pipeline.scan_files

    stderr = Terminal()

    def slow_listing(*args: object, **kwargs: object) -> object:
        budget = time.process_time() + 5  # CPU seconds: at least as many seconds, far beyond the 0.1 s alarm
        while not stderr.getvalue() and time.process_time() < budget:  # busy, as a listing is, until the alarm
            pass  # was handled (between instructions), however long a loaded machine takes to deliver it
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "scan_files", slow_listing)
    monkeypatch.setattr(cli_options, "PROGRESS_DELAY", 0.1)
    monkeypatch.setattr(sys, "stderr", stderr)
    monkeypatch.setattr(sys, "stdout", io.StringIO())
    assert main(["extract", str(seeds_dir), "--no-cache"]) == 0
    assert stderr.getvalue().startswith(f"listing the files under {seeds_dir} …\n")


def test_a_full_disk_mid_run_is_said_once(
    tmp_path: Path, seeds_dir: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import sqlite3

    from reactions.run.cache import ParseCache

    def full(self: ParseCache, *args: object) -> None:
        with self._softly("write"):
            raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(ParseCache, "put", full)
    monkeypatch.setattr(ParseCache, "put_scores", full)
    monkeypatch.setattr(ParseCache, "put_frame", full)
    assert main(["extract", str(seeds_dir), "--jobs", "1", "-o", str(tmp_path / "o.csv")]) == 0
    err = capsys.readouterr().err
    (line,) = [line for line in err.splitlines() if line.startswith("warning:")]
    assert line.startswith("warning: parse cache disabled for ")
    assert line.endswith(": cannot write it: database or disk is full")
    assert SEEDS_SUMMARY in err
def test_a_run_of_one_long_unit_draws_its_bar_before_the_unit_ends() -> None:
    """A dataset read as one unit reports only when done: the bar's clock starts with the run, and the timer
    draws it (the 43 s run that drew none)."""
    stream = Terminal()
    bar = ProgressBar(stream, delay=30.0)
    bar(0, 1)  # the run starts: nothing drawn yet
    assert stream.getvalue() == ""
    assert bar.bar is not None
    bar.started -= 31.0  # thirty-one seconds into the only unit, with nothing reported
    bar.bar.start_t = bar.started
    bar.tick()  # what the timer does
    assert "0/1" in stream.getvalue()
    bar(1, 1)
    assert "1/1" in stream.getvalue()
    bar.close()
    assert bar.timer is None


def test_the_bar_is_drawn_under_a_real_terminal(tmp_path: Path) -> None:
    """``reactions extract`` on a pseudo-terminal (pty.fork) draws the bar on stderr, then the summary."""
    import pty

    data = tmp_path / "news.csv"
    data.write_text("news_id,text\n" + "".join(f"n{i},Words {i}.\n" for i in range(50)), encoding="utf-8")
    code = (f"import sys, reactions.cli as c, reactions.cli_options as o; o.PROGRESS_DELAY = 0.0; "
            f"sys.exit(c.main(['extract', {str(data)!r}, '--no-cache', '-o', {str(tmp_path / 'out.csv')!r}]))")
    pid, fd = pty.fork()
    if pid == 0:  # the child: stdin, stdout and stderr are the terminal
        os.execv(sys.executable, [sys.executable, "-c", code])
    output = b""
    with contextlib.suppress(OSError):
        while chunk := os.read(fd, 4096):
            output += chunk
    _, status = os.waitpid(pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    assert output.count(b"file/s]") + output.count(b"s/file]") >= 1  # tqdm's bar, drawn at least once
    assert b"files: 1, articles: 50" in output


def test_a_command_spares_python_its_last_collection(seeds_dir: Path, tmp_path: Path) -> None:
    """What is alive when the command's process exits is frozen first: Python's last garbage collection walks none
    of it (~0.1 CPU-s of a small run); the command's output and every other exit function are as before."""
    out = tmp_path / "out.csv"
    code = (
        "import atexit, gc, sys\n"
        "atexit.register(lambda: print('frozen' if gc.get_freeze_count() else 'not frozen'))\n"
        "from reactions.cli import main\n"
        f"status = main(['extract', {str(seeds_dir)!r}, '-q', '--no-cache', '-o', {str(out)!r}])\n"
        "print('before exit:', 'frozen' if gc.get_freeze_count() else 'not frozen')\n"
        "sys.exit(status)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split("\n")[:2] == ["before exit: not frozen", "frozen"]
    assert read_csv(out).shape[0] == 12


def test_a_command_runs_without_the_collector_and_gives_it_back(
    seeds_dir: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import gc

    import reactions.cli

    seen: list[bool] = []
    real = reactions.cli.check_command_paths
    monkeypatch.setattr(reactions.cli, "check_command_paths", lambda args: seen.append(gc.isenabled()) or real(args))
    assert gc.isenabled()
    assert main(["extract", str(seeds_dir), "-q", "--no-cache", "-o", str(tmp_path / "out.csv")]) == 0
    assert seen == [False]
    assert gc.isenabled()


def test_a_command_asks_openblas_for_one_thread_unless_told_otherwise(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before numpy loads, a command asks OpenBLAS for one thread (its threads cost start-up CPU and a run does no
    linear algebra); a user's own setting stays, and once numpy is loaded nothing is asked."""
    from reactions import cli

    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    cli._one_blas_thread()  # numpy is loaded in this process: too late to ask
    assert "OPENBLAS_NUM_THREADS" not in os.environ
    monkeypatch.delitem(sys.modules, "numpy")
    cli._one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")
    cli._one_blas_thread()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "4"


def test_a_ctrl_c_while_the_arguments_are_read_ends_with_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("reactions.cli.build_parser", interrupted)
    assert main(["extract", "seeds"]) == 130
    assert capsys.readouterr().err == "error: interrupted\n"


INTERRUPTED_IMPORT = """
import importlib.abc, runpy, sys
class Interrupt(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name == "reactions.cli":
            raise KeyboardInterrupt  # as a Ctrl-C lands while the command line loads
sys.meta_path.insert(0, Interrupt())
runpy.run_module("reactions", run_name="__main__", alter_sys=True)
"""


def test_a_ctrl_c_while_python_m_reactions_loads_ends_with_one_line_not_a_trace() -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPTED_IMPORT], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stderr) == (130, "error: interrupted\n")
