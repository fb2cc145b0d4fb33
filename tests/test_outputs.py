"""The cache of finished exports (reactions.run.outputs): a warm ``reactions extract`` writes the cold run's bytes
exactly, without building a frame; any change of a file, an option, the lexicon or the code misses; a row that is not
signed by this user is refused."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from reactions.cli import main
from reactions.run import cache, framecache, outputs, pipeline
from reactions.run.cache import OUTPUTS, store_file

ROOT = Path(__file__).resolve().parent.parent
POST = "Can you imagine. THE NERVE#JusticeForJohnnyDepp — KeepRocking (@truthhurts06) February 1, 2020"
OTHER = (
    "What a wonderful day, I really love this city and its people so much pic.twitter.com/abc — Ann (@ann_lee) "
    "Feb 2, 2020"
)


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A corpus folder of two articles (one in a subfolder) whose files count as old enough to be trusted by their
    times (no racy file: git's rule, :data:`reactions.run.framecache.RACY_NS`, set to nothing here)."""
    monkeypatch.setattr(framecache, "RACY_NS", 0)
    folder = tmp_path / "corpus"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text(f" date 2020-02-02 First article\n\n{POST}\n", encoding="utf-8")
    (folder / "sub" / "b.md").write_text(f" date 2020-02-03 Second\n\n{POST}\n\n{OTHER}\n", encoding="utf-8")
    return folder


class Runs:
    """``reactions extract`` in this process, counting the runs that built a frame."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, out: Path) -> None:
        self.built = 0
        self.out = out
        real = pipeline.extract_frame

        def counted(*args: Any, **kwargs: Any) -> pipeline.Extraction:
            self.built += 1
            return real(*args, **kwargs)

        monkeypatch.setattr(pipeline, "extract_frame", counted)

    def __call__(self, *argv: str, name: str = "out.csv") -> tuple[bytes, bool]:
        """The bytes written, and whether they were the stored ones (no frame built)."""
        built, target = self.built, self.out / name
        assert main(["extract", *argv, "--jobs", "1", "-q", "-o", str(target)]) == 0
        return target.read_bytes(), self.built == built


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Runs:
    out = tmp_path / "out"
    out.mkdir()
    return Runs(monkeypatch, out)


@pytest.mark.parametrize("name", ["out.csv", "out.jsonl", "out.parquet"])
@pytest.mark.parametrize("options", [(), ("--exact-text",), ("--columns", "twarc")], ids=["", "exact", "twarc"])
def test_a_warm_run_writes_the_cold_runs_bytes(corpus: Path, run: Runs, name: str, options: tuple[str, ...]) -> None:
    if options and options[0] == "--exact-text" and not name.endswith(".csv"):
        pytest.skip("--exact-text is for CSV")
    cold, stored = run(str(corpus), *options, "--no-cache", name=name)
    assert not stored
    first, stored = run(str(corpus), *options, name=name)
    assert first == cold
    assert not stored
    warm, stored = run(str(corpus), *options, name=name)
    assert warm == cold
    assert stored


def edit_keeping_size_and_times(corpus: Path) -> None:
    path = corpus / "a.txt"
    before = os.stat(path)
    text = path.read_bytes()
    path.write_bytes(text.replace(b"First", b"Fir5t"))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))  # only the change time tells


def add_file(corpus: Path) -> None:
    (corpus / "sub" / "c.txt").write_text(f"Third\n\n{OTHER}\n", encoding="utf-8")


def remove_file(corpus: Path) -> None:
    (corpus / "sub" / "b.md").unlink()


def rename_file(corpus: Path) -> None:
    (corpus / "sub" / "b.md").rename(corpus / "sub" / "b2.md")


def relink(corpus: Path) -> None:
    (corpus / "link.txt").unlink()
    (corpus / "link.txt").symlink_to(corpus / "sub" / "b.md")


def store_lexicon(corpus: Path) -> None:
    assert main(["lexicon", "--corpus", str(corpus), "--set", "wonderful", "-3.5"]) == 0


CHANGES: dict[str, Callable[[Path], None]] = {
    "edited, same size and times": edit_keeping_size_and_times,
    "a file added": add_file,
    "a file removed": remove_file,
    "a file renamed": rename_file,
    "a link retargeted": relink,
    "the stored lexicon changed": store_lexicon,
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_any_change_of_the_corpus_misses(corpus: Path, run: Runs, change: str) -> None:
    (corpus / "link.txt").symlink_to(corpus / "a.txt")
    run(str(corpus))
    before, stored = run(str(corpus))
    assert stored
    CHANGES[change](corpus)
    after, stored = run(str(corpus))
    cold, _ = run(str(corpus), "--no-cache")
    assert not stored
    assert after == cold
    assert after != before
    again, stored = run(str(corpus))
    assert stored
    assert again == cold


def test_an_option_the_lexicon_or_the_code_changed_misses(
    corpus: Path, run: Runs, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    run(str(corpus))
    assert run(str(corpus))[1]
    assert not run(str(corpus), "--exact-text")[1]  # another option: another export
    lexicon = tmp_path / "extra.tsv"
    lexicon.write_text("wonderful\t-3.5\n", encoding="utf-8")
    with_lexicon, stored = run(str(corpus), "--lexicon", str(lexicon))
    assert not stored
    assert with_lexicon == run(str(corpus), "--lexicon", str(lexicon), "--no-cache")[0]
    assert run(str(corpus), "--lexicon", str(lexicon))[1]
    lexicon.write_text("wonderful\t3.9\n", encoding="utf-8")  # the same file, another valence
    assert not run(str(corpus), "--lexicon", str(lexicon))[1]
    monkeypatch.setattr(cache, "parser_version", lambda: "another release")
    assert not run(str(corpus))[1]


@pytest.mark.parametrize("column", ["meta", "data", "fingerprint", "data as text"])
def test_a_tampered_row_is_refused(corpus: Path, run: Runs, column: str, caplog: pytest.LogCaptureFixture) -> None:
    cold, _ = run(str(corpus))
    assert run(str(corpus))[1]
    with sqlite3.connect(store_file(corpus)) as db:
        if column == "fingerprint":
            db.execute(f"UPDATE {OUTPUTS} SET fingerprint = 'x'")
        elif column == "data as text":
            db.execute(f"UPDATE {OUTPUTS} SET data = 'id' || data")
        else:
            (value,) = db.execute(f"SELECT {column} FROM {OUTPUTS}").fetchone()
            db.execute(f"UPDATE {OUTPUTS} SET {column} = ?", (value[:-1] + bytes([value[-1] ^ 1]),))
    again, stored = run(str(corpus))
    assert not stored
    assert again == cold
    assert "not signed by this user" in caplog.text


def test_racy_files_keep_no_export(corpus: Path, run: Runs, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(framecache, "RACY_NS", 3_000_000_000)  # the files were just written
    run(str(corpus))
    assert not run(str(corpus))[1]
    with sqlite3.connect(store_file(corpus)) as db:
        assert db.execute(f"SELECT count(*) FROM {OUTPUTS}").fetchone()[0] == 0


def test_a_run_that_reads_no_article_keeps_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(framecache, "RACY_NS", 0)
    (tmp_path / "empty.txt").write_bytes(b"")
    found = outputs.extract_output(tmp_path, outputs.OutputSpec("csv"), lambda result: b"never")
    assert found.data == b""
    assert not found.articles
    assert not found.from_cache
    assert not outputs.extract_output(tmp_path, outputs.OutputSpec("csv"), lambda result: b"never").from_cache


def test_the_library_still_gets_its_frame(corpus: Path, run: Runs) -> None:
    run(str(corpus))
    assert run(str(corpus))[1]
    result = pipeline.extract_frame(corpus)
    assert len(result.frame) == 2
    assert result.from_cache


def test_a_warm_run_loads_neither_pandas_pyarrow_the_parser_nor_vader(tmp_path: Path) -> None:
    """The seeds are old files: the second run writes the stored bytes (and says so in its summary as ever)."""
    code = (
        "import sys\nfrom reactions.cli import main\n"
        f"main(['extract', {str(ROOT / 'seeds')!r}, '--jobs', '1', '-o', {str(tmp_path / 'out.csv')!r}])\n"
        "print(','.join(m for m in ('pandas', 'numpy', 'pyarrow', 'reactions.parse.article', 'reactions._vader')"
        " if m in sys.modules))"
    )
    env = {**os.environ, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}

    def loaded() -> tuple[str, str]:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True)
        return done.stdout.strip(), done.stderr

    first, said = loaded()
    assert first.split(",")[:2] == ["numpy", "pyarrow"]  # a cold run stores its frame by pyarrow, without pandas
    warm, said_again = loaded()
    assert warm == ""
    assert said_again == said
    assert "files: 5" in said


def test_a_name_that_is_not_utf8_is_kept_and_checked(corpus: Path, run: Runs) -> None:
    odd = os.fsdecode(bytes(corpus / "sub") + b"/caf\xe9.txt")
    Path(odd).write_text(f"Odd name\n\n{POST}\n", encoding="utf-8")
    cold, _ = run(str(corpus), "--no-cache")
    run(str(corpus))
    warm, stored = run(str(corpus))
    assert stored
    assert warm == cold
    Path(odd).unlink()
    assert not run(str(corpus))[1]
