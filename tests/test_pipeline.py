"""extract_frame: exactly ``to_frame(read_corpus(paths))``, whatever the processes, chunks and caches."""

from __future__ import annotations

import dataclasses
import datetime as dt
import gc
import io
import json
import logging
import marshal
import multiprocessing
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd
import pytest

from reactions import corpus as corpus_module
from reactions import languages
from reactions.corpus import Merge, merge_reactions, scan_files
from reactions.frames import ARTICLE_COLUMNS, BASE_COLUMNS, article_info, build_frame, reaction_columns, to_frame
from reactions.models import Article, ArticleInfo, Citation, Corpus, Reaction
from reactions.run import executors, framecache, guard, parallel, pipeline, tasks, units
from reactions.run.cache import ParseCache, connections_open, store_file
from reactions.run.pipeline import Extraction, extract_frame
from reactions.run.units import RunInputs, read_corpus
from reactions.sentiment import score_columns
from reactions.sources import Part

ROOT = Path(__file__).resolve().parents[1]
LEXICON = {"amazing": -3.0, "nerve": 2.5}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory, corpus_generator: ModuleType) -> Path:
    """Seeds, a generated corpus (every text format, HTML pages, posts cited by several articles),
    an empty, a binary and a cp1252 file, and one article id in two folders."""
    folder = tmp_path_factory.mktemp("pipeline")
    corpus_generator.generate(folder / "gen", 80, seed=5, html_share=0.2)
    (folder / "gen" / "manifest.json").unlink()
    shutil.copytree(ROOT / "seeds", folder / "seeds", ignore=shutil.ignore_patterns(".*"))
    (folder / "odd").mkdir()
    (folder / "odd" / "empty.txt").write_bytes(b"")
    (folder / "odd" / "binary.txt").write_bytes(b"\x00\x01\x02" * 50)
    (folder / "odd" / "cp1252.txt").write_bytes("café — ok (@fan) Feb 2, 2020".encode("cp1252"))
    twin = "000_818a6d893a3e5887.txt"  # the id of a seed article too
    (folder / "odd" / twin).write_bytes((ROOT / "seeds" / twin).read_bytes())
    return folder


def copy_corpus(generated: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    shutil.copytree(generated, folder, ignore=shutil.ignore_patterns(".reactions.db*"))
    return folder


def paths_of(folder: Path) -> list[Path]:
    return [folder / "gen", folder / "seeds", folder / "odd"]


@pytest.fixture(scope="module")
def expected(generated: Path) -> Corpus:
    return read_corpus(paths_of(generated))


def assert_same(result: Extraction, corpus: Corpus, **options: object) -> None:
    pd.testing.assert_frame_equal(result.frame, to_frame(corpus, **options))  # type: ignore[arg-type]
    assert result.outcomes == corpus.outcomes
    assert result.articles == len(corpus.articles)
    assert result.occurrences == sum(len(a.reactions) for a in corpus.articles)
    assert result.warnings == corpus.warnings


def test_the_corpus_has_what_the_merge_must_handle(expected: Corpus) -> None:
    reactions = expected.reactions
    assert sum(len(r.sources) > 1 for r in reactions) > 10  # posts cited by several articles
    assert any(r.created_at is not None for r in reactions)  # HTML embeds: lag is worked out
    assert any("also the id of" in w for w in expected.warnings)
    assert any(o.reason for o in expected.outcomes)  # skipped files


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_frame_is_to_frame_of_read_corpus(generated: Path, expected: Corpus, jobs: int) -> None:
    assert_same(extract_frame(paths_of(generated), jobs=jobs, cache=False), expected)


def test_small_chunks_and_scoring_batches_change_nothing(
    generated: Path, expected: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (2, 3))  # duplicates fall in other chunks than their first
    monkeypatch.setattr(executors.ProcessPool, "score_rows", 7)
    monkeypatch.setattr(executors.InProcess, "score_rows", 5)
    monkeypatch.setattr(pipeline, "INLINE_BELOW", 2)
    overrides = {str(expected.reactions[4].id): "negative"}
    for jobs in (1, 2):
        result = extract_frame(paths_of(generated), jobs=jobs, cache=False, lexicon=LEXICON, overrides=overrides)
        assert_same(result, expected, lexicon=LEXICON, overrides=overrides)
    assert result.frame["overridden"].sum() == 1


def test_the_rows_left_after_the_reading_are_scored_by_every_process(
    generated: Path, expected: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With workers, the new reactions left when the reading ends are one scoring task per process (this one takes
    its share back while the workers score the others), not one task for a worker to finish alone."""
    monkeypatch.setattr(executors.ProcessPool, "score_rows", 10**6)  # every row left to the end
    monkeypatch.setattr(pipeline, "INLINE_BELOW", 2)
    sizes: list[int] = []
    real = executors.ProcessPool.submit

    def submit(self: executors.ProcessPool, task: Any, *args: Any, **settings: Any) -> Any:
        if task is tasks.score_chunk:
            sizes.append(len(args[0]))
        return real(self, task, *args, **settings)

    monkeypatch.setattr(executors.ProcessPool, "submit", submit)
    assert_same(extract_frame(paths_of(generated), jobs=2, cache=False), expected)
    rows = len(expected.reactions)
    assert sizes == [-(-rows // 2), rows // 2]


def test_one_process_tells_the_languages_once_after_the_reading(
    generated: Path, expected: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: with every task in this process, the detector is asked once, over the merged rows, after the
    reading (between two parses its model leaves the CPU's caches), not by each reading task; scoring tasks
    submitted before that read the answers when they run.  The frame is the same.  The page's guarded run (its
    workers parse, this process does not) still tells them in its reading tasks, within its progress."""
    asked: list[int] = []
    real = pipeline.detected_languages

    def told_once(texts: list[str], tags: list[str | None]) -> dict[str, str]:
        asked.append(len(texts))
        return real(texts, tags)

    def not_here(texts: list[str], tags: list[str | None]) -> dict[str, str]:
        raise AssertionError("a reading task asked the detector")

    monkeypatch.setattr(pipeline, "detected_languages", told_once)
    monkeypatch.setattr(tasks, "detected_languages", not_here)
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (2, 3))
    monkeypatch.setattr(executors.InProcess, "score_rows", 5)  # scoring tasks submitted while the reading goes on
    result = extract_frame(paths_of(generated), jobs=1, cache=False, lexicon=LEXICON)
    assert_same(result, expected, lexicon=LEXICON)
    assert asked == [len(result.frame)]
    monkeypatch.setattr(tasks, "detected_languages", real)  # the page: guarded workers parse, the tasks tell
    assert_same(extract_frame(paths_of(generated), jobs=1, cache=False, time_limit=30.0), expected)
    assert asked == [len(result.frame)]


def test_each_executor_sizes_the_scoring_tasks(
    generated: Path, expected: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A scoring task holds at most its executor's ``score_rows`` new reactions: small with workers (the processes
    share the last of them, and a worker's tasks, once it has taken them, cannot be taken back: the main process
    waited for up to three of 512 rows), every row at once in one process.  Each new reaction is scored once."""
    monkeypatch.setattr(pipeline, "INLINE_BELOW", 2)
    monkeypatch.setattr(executors.ProcessPool, "score_rows", 3)
    sizes: dict[str, list[int]] = {"pool": [], "here": []}
    pooled, here = executors.ProcessPool.submit, executors.InProcess.submit

    def submit_pooled(self: executors.ProcessPool, task: Any, *args: Any, **settings: Any) -> Any:
        sizes["pool"] += [len(args[0])] if task is tasks.score_chunk else []
        return pooled(self, task, *args, **settings)

    def submit_here(self: executors.InProcess, task: Any, *args: Any, **settings: Any) -> Any:
        sizes["here"] += [len(args[0])] if task is tasks.score_chunk else []
        return here(self, task, *args, **settings)

    monkeypatch.setattr(executors.ProcessPool, "submit", submit_pooled)
    monkeypatch.setattr(executors.InProcess, "submit", submit_here)
    for jobs in (2, 1):
        assert_same(extract_frame(paths_of(generated), jobs=jobs, cache=False), expected)
    rows = len(expected.reactions)
    assert sum(sizes["pool"]) == rows
    assert max(sizes["pool"]) <= 3
    assert sizes["here"] == [rows]  # (fewer than InProcess.score_rows)
    assert executors.ProcessPool.score_rows < executors.Cluster.score_rows <= executors.InProcess.score_rows


def test_with_workers_the_scoring_tasks_tell_the_languages(
    generated: Path, expected: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19: with workers, the reading tasks told the languages of every copy of every reaction, between two
    parses (0.3 CPU-s on the bulk CSV against 0.17 told once); the scoring tasks tell them now, each new
    reaction's once, and send them back for the table's ``lang`` column.  The frame is the same."""
    monkeypatch.setattr(pipeline, "INLINE_BELOW", 2)
    monkeypatch.setattr(executors.ProcessPool, "score_rows", 7)  # scoring tasks while the reading goes on
    reading: list[bool] = []
    real = executors.ProcessPool.submit

    def submit(self: executors.ProcessPool, task: Any, *args: Any, **settings: Any) -> Any:
        if task is tasks.read_chunk:
            reading.append(args[-1])
        return real(self, task, *args, **settings)

    monkeypatch.setattr(executors.ProcessPool, "submit", submit)
    assert_same(extract_frame(paths_of(generated), jobs=2, cache=False), expected)
    assert reading
    assert not any(reading)


def test_a_scoring_task_sends_back_the_languages_it_told() -> None:
    texts, tags = ["Das ist wirklich sehr gut und schön", "This is really very good indeed"], [None, "en"]
    scores, error, told = tasks.score_chunk(["a", "b"], texts, tags, None, None, None)
    assert (error, list(told)) == (None, texts[:1])  # the tagged text is not the detector's
    assert told[texts[0]] == languages.detect_language(texts[0])
    assert scores == score_columns(texts, langs=[told[texts[0]], "en"], ids=["a", "b"])


def test_progress_is_reported_per_chunk(generated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (8, 8))
    seen: list[tuple[int, int]] = []
    result = extract_frame(paths_of(generated), jobs=1, cache=False, progress=lambda *done: seen.append(done))
    total = len(result.outcomes)
    assert seen == [(0, total)] + [(min(done, total), total) for done in range(8, total + 8, 8)]  # 0: the run starts


def test_nothing_to_read_gives_the_empty_frame(tmp_path: Path) -> None:
    result = extract_frame([tmp_path], jobs=2)
    pd.testing.assert_frame_equal(result.frame, to_frame([]))
    assert (result.outcomes, result.articles) == ((), 0)
    missing = extract_frame([tmp_path / "no-such.txt"])
    assert missing.outcomes[0].reason == "no such file or folder"
    assert not store_file(tmp_path).exists()  # a mistyped path creates no store


# --- the merge --------------------------------------------------------------------------------


URLS = {"a": "https://www.bbc.co.uk/news/1", "b": "https://edition.cnn.com/2", "c": "http://news.bbc.co.uk/3"}


def test_merge_fills_and_cites_as_merge_reactions(make_reaction: Callable[..., Reaction]) -> None:
    moment = dt.datetime(2020, 2, 1, 22, 5, tzinfo=dt.UTC)

    def article(source: str, *reactions: Reaction, published: dt.datetime | None = None) -> Article:
        cited = tuple(dataclasses.replace(r, source=source, citations=(Citation(source, r.span),)) for r in reactions)
        return Article(source, f"title {source}", None, "text", cited, published_at=published, url=URLS.get(source))

    articles = [
        article("a", make_reaction(handle=None, hashtags=(), span=(0, 5)), make_reaction("r2", span=(9, 12)),
                published=moment + dt.timedelta(hours=1)),
        article("b", make_reaction(handle="fan", status_id="1", created_at=moment, hashtags=("x",), span=(3, 8)),
                published=moment + dt.timedelta(hours=2)),
        article("c", make_reaction(handle="other", url="https://x/1", span=(1, 6)), make_reaction(span=(8, 13))),
        article("d", make_reaction(lang="en", span=(0, 5)), make_reaction("r3", created_at=moment, span=(2, 4))),
    ]  # fmt: skip
    expected = to_frame(Corpus(tuple(articles), merge_reactions(articles)), sentiment=False)
    for cut in range(len(articles) + 1):  # every way of splitting the articles into two chunks
        merge = Merge(n for n in BASE_COLUMNS if n not in ARTICLE_COLUMNS)
        infos: dict[str, ArticleInfo] = {}
        for chunk in (articles[:cut], articles[cut:]):
            infos.update({a.source: article_info(a) for a in chunk})
            merge.add(reaction_columns([r for a in chunk for r in a.reactions]))
        pd.testing.assert_frame_equal(build_frame(merge.columns, infos), expected)
    first = expected.iloc[0]
    assert (first["handle"], first["status_id"], first["url"], first["lang"]) == ("fan", "1", "https://x/1", "en")
    assert (first["sources"], first["article_count"], first["hashtags"]) == (["a", "b", "c", "d"], 4, ["x"])
    assert first["lag"] == pd.Timedelta(hours=1)  # created_at filled from "b", lag from "a", the first citation
    assert pd.isna(expected.iloc[2]["lag"])  # r3: "d" has no publication time
    # the outlets of every citing article, once each, in citing order; the first one's URL, title and time
    assert (first["outlet"], first["outlets"], first["outlet_count"]) == ("bbc.co.uk", ["bbc.co.uk", "cnn.com"], 2)
    assert (first["article_title"], first["article_url"]) == ("title a", URLS["a"])
    assert first["article_published"] == moment + dt.timedelta(hours=1)
    # each outlet's earliest publication: bbc.co.uk's "a" (its "c" has no time), cnn.com's "b"
    assert first["outlet_published"] == [(moment + dt.timedelta(hours=h)).isoformat() for h in (1, 2)]
    third = expected.iloc[2]  # r3, cited by "d" alone, which has no URL
    assert pd.isna(third["outlet"])
    assert (third["outlets"], third["outlet_count"], third["outlet_published"]) == ([], 0, [])


# --- the caches ---------------------------------------------------------------------------------


def run(folder: Path, **options: object) -> Extraction:
    return extract_frame(paths_of(folder), jobs=2, **options)  # type: ignore[arg-type]


def parsed_count(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith("parsed ")]


def test_a_rerun_reads_the_stored_frame_back(
    generated: Path, expected: Corpus, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.INFO, logger="reactions")
    folder = copy_corpus(generated, tmp_path)
    cold = run(folder)
    assert not cold.from_cache
    warm = run(folder)
    assert warm.from_cache
    assert_same(warm, read_corpus(paths_of(folder)))
    assert len(parsed_count(caplog)) == 1  # the re-run parsed nothing, not even from the per-file cache
    assert any("also the id of" in r.getMessage() for r in caplog.records if r.levelno == logging.WARNING)


def edit_in_place(path: Path) -> None:
    """Change a file's bytes, keeping its size and putting its modification time back."""
    before = path.stat()
    data = bytearray(path.read_bytes())
    at = data.index(b"#")  # a hashtag changes its spelling: another hashtag, another text to score
    data[at + 1] = ord("Q") if data[at + 1] != ord("Q") else ord("R")
    path.write_bytes(bytes(data))
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_size == before.st_size


@pytest.mark.parametrize("racy", [True, False], ids=["checked-by-content", "told-by-stat"])
def test_an_edit_of_the_same_size_is_seen(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, racy: bool
) -> None:
    if not racy:  # files old enough to be trusted from their stat alone: the change time tells the edit
        monkeypatch.setattr(framecache, "RACY_NS", -(10**18))
    folder = copy_corpus(generated, tmp_path)
    run(folder)
    edited = sorted((folder / "gen").rglob("*.txt"))[3]
    edit_in_place(edited)
    result = run(folder)
    assert not result.from_cache
    assert_same(result, read_corpus(paths_of(folder)))
    assert run(folder).from_cache


def test_a_stat_alike_edit_of_a_racy_file_is_seen_by_content(generated: Path, tmp_path: Path) -> None:
    folder = copy_corpus(generated, tmp_path)
    run(folder)
    edited = sorted((folder / "gen").rglob("*.txt"))[3]
    with ParseCache(store_file(folder / "gen")) as store:
        row = store.get_frame(store.db.execute("SELECT slot FROM frame_cache").fetchone()[0])
    assert row is not None
    assert str(edited) in marshal.loads(row[1])["racy"]  # just written, so racy: its content hash is kept beside it
    stat = os.stat  # the file system's answer for the edited file, frozen as it was before the edit
    frozen = stat(edited)
    monkeypatch = pytest.MonkeyPatch()
    try:
        monkeypatch.setattr(os, "stat", lambda p, *a, **k: frozen if str(p) == str(edited) else stat(p, *a, **k))
        monkeypatch.setattr(
            "reactions.listing._entry_stat", lambda e: frozen if e.path == str(edited) else stat(e.path)
        )
        edit_in_place(edited)
        result = run(folder)
    finally:
        monkeypatch.undo()
    assert not result.from_cache
    assert_same(result, read_corpus(paths_of(folder)))


def test_settings_are_part_of_the_key(generated: Path, tmp_path: Path) -> None:
    folder = copy_corpus(generated, tmp_path)
    corpus = read_corpus(paths_of(folder))
    run(folder)
    for options in ({"lexicon": LEXICON}, {"lexicon": LEXICON, "overrides": {corpus.reactions[0].id: "positive"}}):
        result = run(folder, **options)
        assert not result.from_cache
        assert_same(result, corpus, **options)
        assert run(folder, **options).from_cache
    assert_same(run(folder), corpus)  # back to the first settings: computed again (the last frame was another)


def test_added_files_are_the_only_ones_parsed(
    generated: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = copy_corpus(generated, tmp_path)
    run(folder)
    (folder / "gen" / "zz-new.txt").write_text("Nice day #new — Fan (@fan_1) February 2, 2020\n", encoding="utf-8")
    (folder / "seeds" / "001_6d1349d1b42794d4.txt").unlink()
    caplog.set_level(logging.INFO, logger="reactions.run.pipeline")
    result = run(folder)
    files = len(result.outcomes)
    assert parsed_count(caplog) == [f"parsed 1 files, {files - 1} from the cache"]
    assert_same(result, read_corpus(paths_of(folder)))


def test_no_cache_neither_reads_nor_writes_the_store(generated: Path, tmp_path: Path, expected: Corpus) -> None:
    folder = copy_corpus(generated, tmp_path)
    assert_same(run(folder, cache=False), read_corpus(paths_of(folder)))
    assert not store_file(folder / "gen").exists()
    run(folder)
    assert store_file(folder / "gen").exists()  # beside the first path given
    assert not run(folder, cache=False).from_cache


def test_a_damaged_stored_frame_is_worked_out_again(
    generated: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    folder = copy_corpus(generated, tmp_path)
    run(folder)
    with ParseCache(store_file(folder / "gen")) as store, store.db:
        store.db.execute("UPDATE frame_cache SET data = x'00ff'")
    result = run(folder)
    assert not result.from_cache
    assert "not signed by this user" in caplog.text  # an edited row fails its signature
    assert_same(result, read_corpus(paths_of(folder)))
    assert run(folder).from_cache  # and stored again


def test_no_store_is_open_when_a_run_forks_its_workers(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A child forked with a store open would share SQLite's record of its locks (cache.connections_open): the
    run closes the store it read the frame cache from before its pool starts, and stores the frame after."""
    folder = copy_corpus(generated, tmp_path)
    parallel.shutdown()  # a pool of its own, forked by this run
    open_at_fork: list[bool] = []
    real = parallel.worker_context
    monkeypatch.setattr(parallel, "worker_context", lambda: open_at_fork.append(connections_open()) or real())
    try:
        assert not run(folder).from_cache
    finally:
        parallel.shutdown()
    assert open_at_fork == [False]
    assert run(folder).from_cache


def test_a_store_open_makes_workers_come_from_a_fork_server(tmp_path: Path) -> None:
    assert guard.worker_context().get_start_method() == ("fork" if threading.active_count() == 1 else "forkserver")
    with ParseCache(tmp_path / "store.db"):
        assert connections_open()
        assert guard.worker_context().get_start_method() == "forkserver"
    assert not connections_open()


def test_an_unusable_store_costs_only_speed(generated: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    folder = copy_corpus(generated, tmp_path)
    store_file(folder / "gen").write_bytes(b"not a database" * 100)
    result = run(folder)
    assert_same(result, read_corpus(paths_of(folder)))
    assert "parse cache disabled" in caplog.text


def test_a_store_failing_in_a_task_is_logged_once(
    generated: Path, tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = copy_corpus(generated, tmp_path)
    monkeypatch.setattr(tasks, "_task_store", lambda store: (None, "cannot open it: disk I/O error"))
    result = extract_frame(paths_of(folder), jobs=1)
    assert_same(result, read_corpus(paths_of(folder)))
    assert caplog.text.count("parse cache disabled") == 1
    assert not extract_frame(paths_of(folder), jobs=1).from_cache  # no frame kept from a run without its store


# --- the scheduler --------------------------------------------------------------------------------


def test_a_parallel_run_leaves_no_spilled_results(generated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folders: list[str] = []
    real = tempfile.TemporaryDirectory

    def remembered(**options: str) -> tempfile.TemporaryDirectory[str]:
        folder = real(**options)
        folders.append(folder.name)
        return folder

    monkeypatch.setattr(tempfile, "TemporaryDirectory", remembered)
    extract_frame(paths_of(generated), jobs=2, cache=False)
    assert folders
    assert not any(Path(folder).exists() for folder in folders)


def test_the_package_exports_extract_frame(tmp_path: Path) -> None:
    import reactions

    seeds = Path(__file__).resolve().parents[1] / "seeds"
    folder = tmp_path / "seeds"
    shutil.copytree(seeds, folder)
    result = reactions.extract_frame(folder, jobs=1, cache=False)
    assert "extract_frame" in reactions.__all__
    pd.testing.assert_frame_equal(result.frame, to_frame(read_corpus([folder])))
    assert len(result.frame) == 12


def test_an_article_of_a_dataset_in_a_folder_is_read_again_by_its_id(tmp_path: Path) -> None:
    from reactions.run.units import find_article

    folder = tmp_path / "corpus"
    (folder / "sub").mkdir(parents=True)
    post = "So proud #win \u2014 Fan (@fan) May 1, 2020"
    rows = {"title": ["A", "B"], "text": ["No post here.", post], "url": ["https://www.bbc.co.uk/1", None]}
    pd.DataFrame(rows).to_csv(folder / "sub" / "news.csv", index=False)
    run = extract_frame([folder], cache=False, jobs=1)
    (outcome,) = [o for o in run.outcomes if o.reactions]
    assert (outcome.path, outcome.source) == (str(folder / "sub" / "news.csv"), "sub/news.csv#2")
    article = find_article(outcome.path, outcome.source)
    assert article is not None
    assert (article.source, article.title, [r.handle for r in article.reactions]) == ("sub/news.csv#2", "B", ["fan"])
    assert find_article(outcome.path, "sub/news.csv#9") is None


def test_a_glob_of_remote_datasets_is_read_on_the_run_path_and_never_cached(tmp_path: Path) -> None:
    fsspec = pytest.importorskip("fsspec")
    import uuid

    root = f"memory://run-{uuid.uuid4().hex}"
    memory = fsspec.filesystem("memory")
    post = "So proud #win \u2014 Fan (@fan) May 1, 2020"
    for day in (1, 2):
        rows = pd.DataFrame({"text": [post.replace("1, 2020", f"{day}, 2020")], "url": [f"https://www.bbc.co.uk/{day}"]})
        with memory.open(f"{root}/day{day}.csv", "wb") as out:
            out.write(rows.to_csv(index=False).encode())
    run = extract_frame([f"{root}/*.csv"], jobs=1)  # in this process: a memory filesystem is the process's own
    assert [o.source for o in run.outcomes] == ["day1.csv#1", "day2.csv#1"]
    assert run.frame["outlet"].tolist() == ["bbc.co.uk", "bbc.co.uk"]
    assert not run.from_cache
    assert not extract_frame([f"{root}/*.csv"], jobs=1).from_cache  # no file times to trust: never the stored frame
    memory.rm(root, recursive=True)


# --- parallel inside one source ---------------------------------------------------------------


class CountingPool:
    """The shared pool, noting each reading task's unit handed to it."""

    def __init__(self, pool: object) -> None:
        self.pool = pool
        self.units: list[object] = []

    def submit(self, function: Callable[..., object], *args: object) -> object:
        if args[1] is tasks.read_chunk:  # spilled(folder, task, unit, …)
            self.units.append(args[2])
        return self.pool.submit(function, *args)  # type: ignore[attr-defined]


def one_dataset(generated: Path, tmp_path: Path, kind: str) -> Path:
    """The generated corpus's text articles as one CSV (``id``, ``text``) or one WARC of resource records."""
    texts = [(p.stem, p.read_bytes().decode("utf-8", "replace")) for p in sorted((generated / "gen").rglob("*.txt"))]
    if kind == "csv":
        path = tmp_path / "news.csv"
        pd.DataFrame(texts, columns=["id", "text"]).to_csv(path, index=False)
        return path
    from warcio.warcwriter import WARCWriter

    path = tmp_path / "news.warc.gz"
    with path.open("wb") as file:
        writer = WARCWriter(file, gzip=True)
        for name, text in texts:
            writer.write_record(writer.create_warc_record(
                f"https://news.example/{name}", "resource", payload=io.BytesIO(text.encode()),
                warc_content_type="text/plain; charset=utf-8"))
    return path


def counted_pools(monkeypatch: pytest.MonkeyPatch) -> list[CountingPool]:
    """Every pool the run starts from now on, each wrapped to count the units it is handed (a list filled as they
    start)."""
    counting: list[CountingPool] = []
    real_pool = executors.shared_pool

    def shared_pool(workers: int, prepare: Callable[[], object] | None = None) -> CountingPool:
        counting.append(CountingPool(real_pool(workers, prepare)))
        return counting[-1]

    monkeypatch.setattr(executors, "shared_pool", shared_pool)
    return counting


def test_workers_take_more_files_a_task_than_this_process_alone(
    generated: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (1, 1))
    counting = counted_pools(monkeypatch)
    alone = extract_frame(generated, jobs=1, cache=False)
    result = extract_frame(generated, jobs=2, cache=False)
    pd.testing.assert_frame_equal(result.frame, alone.frame)
    assert result.outcomes == alone.outcomes
    sizes = [len(unit.files) for unit in counting[0].units if isinstance(unit, units.FileBatch)]
    assert 1 < max(sizes) <= pipeline.POOLED_FILES  # ~90 files: 3 a task (16 a process), not CHUNK_FILES' 1


@pytest.mark.parametrize("kind", ["csv", "warc"])
def test_one_dataset_is_parsed_by_the_pool_in_parts(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str
) -> None:
    path = one_dataset(generated, tmp_path, kind)
    alone = extract_frame(path, jobs=1, cache=False)
    assert alone.articles > 40
    counting = counted_pools(monkeypatch)
    monkeypatch.setattr(units, "ITEM_COUNT", 5)
    monkeypatch.setattr(pipeline, "INLINE_BYTES", path.stat().st_size)
    seen: list[tuple[int, int]] = []
    result = extract_frame(path, jobs=2, cache=False, progress=lambda *done: seen.append(done))
    pd.testing.assert_frame_equal(result.frame, alone.frame)
    assert result.outcomes == alone.outcomes
    assert len(counting) == 1  # one file, but work enough for a pool (INLINE_BYTES, not INLINE_BELOW)
    handed = counting[0].units
    assert len(handed) > 1  # rows parsed by the worker
    assert all(isinstance(unit, units.ItemBatch) for unit in handed)
    assert all(len(unit.items) <= 5 * units.ITEM_GROWTH for unit in handed)  # type: ignore[attr-defined]
    assert seen[-1] == (1, 1)  # the file's one part is done once, at its end


def test_a_pool_starts_by_the_work_not_the_file_count(tmp_path: Path) -> None:
    small = tmp_path / "small.csv"
    small.write_text("id,text\na,Fans wrote back.\n")
    large = tmp_path / "large.csv"
    large.write_bytes(b"id,text\n" + b"r,Fans wrote back.\n" * (pipeline.INLINE_BYTES // 10))
    tiny = [tmp_path / f"{i}.txt" for i in range(pipeline.INLINE_BELOW)]
    for path in tiny:
        path.write_text("Hi")

    def worth(*paths: Path) -> bool:
        return pipeline._worth_a_pool(RunInputs(scan_files(list(paths))), 2**20)

    assert not worth(small)  # a few bytes: parsed here
    (tmp_path / "huge.txt").write_bytes(b"x" * (2**20 + 1))
    assert not worth(small, tmp_path / "huge.txt")  # an article over the size limit is not read
    assert worth(large)  # one file, a dataset's worth of work
    assert worth(*tiny)  # many files
    assert not worth(*tiny[1:])


@pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(), reason="needs fork")
def test_the_parse_limit_holds_in_the_pool_workers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    for i in range(pipeline.INLINE_BELOW + 8):
        (folder / f"a{i:02}.txt").write_text(f"Post {i} So proud #win \u2014 Fan (@fan) May 1, 2020\n", "utf-8")
    real = corpus_module.parse_document

    def parse(source: str, data: bytes, **options: Any) -> object:
        if source.startswith("a0"):  # ten of them, some parsed by the worker, whichever takes which
            for _ in range(600):
                time.sleep(0.1)
        return real(source, data, **options)

    real("warm-up.txt", b"Hi")  # the parser's tables built before the fork, not in a document's time
    parallel.shutdown()  # the next pool forks from this process as it is now: with the slow parser
    if threading.active_count() > 1:  # forking a threaded process can deadlock; a fork server would not inherit
        pytest.skip("another test left a thread running: the pool's workers cannot inherit the slow parser")
    monkeypatch.setattr(parallel, "worker_context", lambda: multiprocessing.get_context("fork"))
    monkeypatch.setattr(corpus_module, "parse_document", parse)
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (2, 2))
    try:
        result = extract_frame(folder, jobs=2, cache=False, parse_limit=1.0)  # far above a small file's parse
    finally:
        parallel.shutdown()
    stopped = [o.path for o in result.outcomes if "took longer than 1 s" in (o.reason or "")]
    assert sorted(Path(path).name for path in stopped) == [f"a{i:02}.txt" for i in range(10)]
    assert result.articles == pipeline.INLINE_BELOW - 2


def test_one_article_sources_are_batched_in_reading_order(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "fnn"
    for i in range(7):  # FakeNewsNet article folders, with plain files between them
        (folder / f"politifact{i}").mkdir(parents=True)
        text = f"Story {i}. So proud #win \u2014 Fan (@fan{i % 3}) May 1, 2020"
        (folder / f"politifact{i}" / "news content.json").write_text(json.dumps({"text": text, "title": f"T{i}"}))
        (folder / f"politifact{i}.txt").write_text(f"Note {i} \u2014 Ann (@ann) May 2, 2020", "utf-8")
    expected = read_corpus([folder])
    assert len(expected.articles) == 14
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (2, 2))
    monkeypatch.setattr(pipeline, "INLINE_BELOW", 2)
    for jobs in (1, 2):
        assert_same(extract_frame(folder, jobs=jobs, cache=False), expected)
    listed = RunInputs(scan_files([folder]))
    kinds = [type(unit).__name__ for unit, _ in units.split_units(listed, 2)]
    assert "PartBatch" in kinds
    assert sum(weight for _, weight in units.split_units(listed, 2)) == 14


def test_one_process_reads_a_dataset_in_batches_too(
    generated: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = one_dataset(generated, tmp_path, "csv")
    whole = extract_frame(path, jobs=1, cache=False)
    read: list[object] = []
    real = pipeline.read_chunk

    def read_chunk(unit: object, *args: object) -> tasks.Chunk:
        read.append(unit)
        return real(unit, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(pipeline, "read_chunk", read_chunk)
    monkeypatch.setattr(units, "ITEM_COUNT", 5)
    monkeypatch.setattr(units, "ITEM_GROWTH", 1)  # batches of 5 throughout (their growth: test_executors.py)
    result = extract_frame(path, jobs=1, cache=False)
    pd.testing.assert_frame_equal(result.frame, whole.frame)
    assert result.outcomes == whole.outcomes
    assert len(read) == -(-len(whole.outcomes) // 5)  # never the whole dataset in one task
    assert all(isinstance(unit, units.ItemBatch) for unit in read)


def test_tasks_reuse_a_store_connection_until_its_file_is_replaced(tmp_path: Path) -> None:
    """Opening the store (tables laid out, key read) cost more than a one-article task: a process keeps it open,
    and opens it afresh when the file (or its signing key) is another one."""
    path = str(tmp_path / "s.db")
    first, error = tasks._task_store(path)
    try:
        assert first is not None
        assert error is None
        assert tasks._task_store(path)[0] is first
        replacement = tmp_path / "other.db"
        ParseCache(replacement).close()
        os.replace(replacement, path)
        second = tasks._task_store(path)[0]
        assert second is not None
        assert second is not first
        second.broken = True  # a store that failed is closed after the task, and opened again by the next
        with tasks._released(second):
            pass
        assert tasks._task_store(path)[0] not in (first, second)
    finally:
        tasks._forget((os.getpid(), path))


def test_a_run_keeps_no_chunk_once_it_is_merged(generated: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory follows the output, not the input: each unit's chunk (its reactions' columns, duplicates included)
    is let go once merged, so a corpus of many copies costs little more than one."""
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (1, 1))
    alive: list[int] = []
    add = Merge.add

    def counting(self: Merge, columns: dict[str, list[object]]) -> list[int]:
        alive.append(sum(isinstance(thing, tasks.Chunk) for thing in gc.get_objects()))
        return add(self, columns)

    monkeypatch.setattr(Merge, "add", counting)
    result = extract_frame(paths_of(generated), jobs=1, cache=False)
    assert len(alive) > 20
    assert result.occurrences > 20
    assert max(alive) <= 2, alive


def test_units_are_made_as_the_run_reaches_them(
    generated: Path, expected: Corpus, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A folder's units are cut a few at a time as the run reads them, never all at its start: with 180,000 files
    they were a third of what a run's memory grew by."""
    monkeypatch.setattr(pipeline, "CHUNK_FILES", (2, 2))
    monkeypatch.setattr(pipeline, "UNIT_WINDOW", 1)
    made: list[object] = []
    real = pipeline.split_units

    def counting(*args: Any, **kwargs: Any) -> list[tuple[units.Unit, int]]:
        found = real(*args, **kwargs)
        made.extend(found)
        return found

    monkeypatch.setattr(pipeline, "split_units", counting)
    ahead: list[float] = []
    result = extract_frame(paths_of(generated), jobs=1, cache=False, progress=lambda done, _: ahead.append(
        len(made) - done / 2))
    assert_same(result, expected)
    assert len(made) > 20
    assert max(ahead) <= 2, ahead


def test_lazy_units_are_split_units_and_let_each_file_go(generated: Path, tmp_path: Path) -> None:
    """The units of a listing with a dataset among its files are split_units', in order, and with ``drop`` the
    listing holds only the files not cut into units yet."""
    dataset = one_dataset(generated, tmp_path, "csv")
    listing = scan_files([generated / "seeds", dataset, generated / "odd"])
    expected = units.split_units(RunInputs(listing), 2)
    assert sum(isinstance(unit, Part) for unit, _ in expected) == 1
    kept = list(listing)
    made, total = pipeline.lazy_units(RunInputs(kept), 2, drop=True)
    assert total == sum(weight for _, weight in expected)
    first = next(made)
    assert len(kept) < len(listing)
    assert [first, *made] == expected
    assert kept == []


def test_a_run_over_the_stored_frame_never_loads_the_parser(tmp_path: Path) -> None:
    """The parser loads on first use: a re-run whose frame comes from the cache starts quicker without it."""
    code = (
        "import sys\n"
        "from reactions.run.pipeline import extract_frame\n"
        f"result = extract_frame([{str(ROOT / 'seeds')!r}], jobs=1)\n"
        "print(result.from_cache, len(result.frame), 'reactions.parse.article' in sys.modules)\n"
    )
    env = {**os.environ, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env)
            for _ in range(2)]  # fmt: skip
    cold, warm = (run.stdout.split() for run in runs)
    assert cold == ["False", "12", "True"]
    assert warm == ["True", "12", "False"]


def test_a_run_in_another_thread_keeps_no_store_open(generated: Path, tmp_path: Path) -> None:
    """A connection belongs to the thread that opened it, and the page runs in threads that come and go: there
    each task opens the store and closes it, its rows written."""
    folder = copy_corpus(generated, tmp_path)
    results: list[Extraction] = []
    for _ in range(2):
        worker = threading.Thread(target=lambda: results.append(extract_frame(paths_of(folder), jobs=1)))
        worker.start()
        worker.join()
    assert [result.from_cache for result in results] == [False, True]
    assert_same(results[0], read_corpus(paths_of(folder)))
    store = store_file(folder / "gen")
    assert not any(path == str(store) for _, path in tasks._OPEN_STORES)
    other = copy_corpus(generated, tmp_path / "main")
    extract_frame(paths_of(other), jobs=1)  # the same run in the main thread
    with ParseCache(store) as opened, ParseCache(store_file(other / "gen")) as reference:
        assert len(opened) == len(reference) > 0
    tasks._forget((os.getpid(), str(store_file(other / "gen"))))


def test_a_short_post_read_in_the_corpus_language_is_scored_on_every_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The scoring tasks score a post too short to tell as undetermined (not scored); once the whole table says the
    corpus is English and the post likeliest English, the run scores it again, in English, as ``to_frame`` does."""
    monkeypatch.setattr(pipeline, "INLINE_BELOW", 2)
    for i in range(6):
        (tmp_path / f"a{i}.txt").write_text(
            f"Fans wrote back.\n\nThe new law will protect workers across the whole country, number {i} \u2014 "
            f"Ann (@ann{i}) Feb 2, 2020\n\nWe did it! \u2014 Bo (@bo{i}) Feb 3, 2020\n", encoding="utf-8"
        )
    expected = to_frame(read_corpus(tmp_path))
    assert (expected["lang_source"].astype(str) == "corpus").sum() == 6
    for jobs in (1, 2):
        result = extract_frame(tmp_path, jobs=jobs, cache=False)
        pd.testing.assert_frame_equal(result.frame, expected)
        assert result.frame["sentiment"].notna().all()


def test_a_post_quoted_in_pieces_is_scored_whole_and_its_cached_score_follows_the_pieces(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sentiment columns score the whole post (``text`` and ``continued``), as ``to_frame`` does; the score
    cache is keyed by the whole post, so that a later piece that changes (the first piece, the id, the same) is scored
    again."""
    monkeypatch.setenv("REACTIONS_CACHE_DIR", str(tmp_path / "cache"))
    folder = tmp_path / "corpus"
    folder.mkdir()
    article = folder / "a.txt"
    lead = 'Mo Reed left the club.\n\n"The season is over," he tweeted. '
    article.write_text(lead + '"I hate how it ended, awful."\n', encoding="utf-8")
    first = extract_frame([folder], jobs=1).frame
    assert first["text"].tolist() == ["The season is over"]
    assert first["continued"].tolist() == ["I hate how it ended, awful."]
    pd.testing.assert_frame_equal(first, to_frame(read_corpus([folder])))
    assert first["sentiment"].tolist() == ["negative"]
    assert "hate" in first["drivers"].iloc[0]
    article.write_text(lead + '"I love this team, what a joy."\n', encoding="utf-8")
    again = extract_frame([folder], jobs=1).frame
    assert again["id"].tolist() == first["id"].tolist()
    assert again["sentiment"].tolist() == ["positive"]
