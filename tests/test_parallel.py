"""The pool and the caches the run's tasks share give exactly the results of a plain, serial parse and score."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import ModuleType
from typing import Any

import pandas as pd
import pytest

from reactions.corpus import parse_document
from reactions.frames import to_frame
from reactions.run import parallel, tasks
from reactions.run.cache import ParseCache, stored
from reactions.run.cache import store_file as cache_file
from reactions.run.parallel import cached_results
from reactions.run.pipeline import extract_frame
from reactions.run.units import read_corpus
from reactions.sentiment import SENTIMENT_COLUMNS, score_columns

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"
Documents = list[tuple[str, bytes]]


@pytest.fixture(scope="session")
def generated(tmp_path_factory: pytest.TempPathFactory, corpus_generator: ModuleType) -> Path:
    """A small generated corpus: every text format, quotes, duplicates, a few HTML pages."""
    folder = tmp_path_factory.mktemp("generated")
    corpus_generator.generate(folder, 90, seed=3, html_share=0.15)
    return folder


def read_documents(folder: Path) -> Documents:
    files = sorted(p for p in folder.rglob("*") if p.suffix in (".txt", ".html"))
    return [(p.relative_to(folder).as_posix(), p.read_bytes()) for p in files]


@pytest.fixture(scope="session")
def documents(generated: Path) -> Documents:
    seeds = [(p.name, p.read_bytes()) for p in sorted((BENCHMARKS.parent / "seeds").glob("*.txt"))]
    odd = [
        ("empty.txt", b""),
        ("binary.txt", b"\x00\x01\x02" * 50),
        ("cp1252.txt", "café — ok (@fan) Feb 2, 2020".encode("cp1252")),
    ]
    return seeds + odd + read_documents(generated)


@pytest.fixture(scope="session")
def serial(documents: Documents) -> list[object]:
    return [parse_document(source, data) for source, data in documents]


def test_generated_corpus_has_reactions(serial: list[object]) -> None:
    reactions = sum(len(article.reactions) for article, _ in serial if article is not None)  # type: ignore[attr-defined]
    assert reactions > 200


def cached_parse(documents: Documents, cache: ParseCache) -> tuple[list[object], int]:
    """What a reading task does with the cache: each document's parse (from the cache or made and kept), and
    how many were parsed."""
    hits, digests = cached_results(documents, cache)
    misses = [i for i, hit in enumerate(hits) if hit is None]
    fresh = {i: parse_document(*documents[i]) for i in misses}
    cache.put((documents[i][0], digests[i], fresh[i]) for i in misses)
    return [hit if hit is not None else fresh[i] for i, hit in enumerate(hits)], len(misses)


def test_cache_rerun_parses_nothing_and_gives_the_same(
    tmp_path: Path, documents: Documents, serial: list[object]
) -> None:
    with ParseCache(tmp_path / ".reactions.db") as cache:
        assert cached_parse(documents, cache) == (serial, len(documents))
        assert cached_parse(documents, cache) == ([stored(p) for p in serial], 0)  # type: ignore[arg-type]


def test_cache_reparses_only_added_and_changed_files(tmp_path: Path, documents: Documents) -> None:
    changed = list(documents)
    source, data = changed[7]
    changed[7] = (source, data + b"\n\nAn added paragraph.\n")
    changed.insert(20, ("new/extra.txt", b"Nice day \xe2\x80\x94 Fan (@fan_1) February 2, 2020\n"))
    with ParseCache(tmp_path / ".reactions.db") as cache:
        cached_parse(documents, cache)
        parsed, count = cached_parse(changed, cache)
        assert [stored(p) for p in parsed] == [stored(parse_document(s, d)) for s, d in changed]  # type: ignore[arg-type]
        assert count == 2


@pytest.fixture(scope="session")
def plain_frame(generated: Path) -> pd.DataFrame:
    return to_frame(read_corpus([generated]))


def test_pooled_and_cached_runs_give_the_plain_frame(generated: Path, plain_frame: pd.DataFrame) -> None:
    for _ in ("cold", "warm"):
        pd.testing.assert_frame_equal(extract_frame([generated], jobs=2, cache=True).frame, plain_frame)
    assert cache_file(generated).exists()


def test_score_cache_scores_each_row_once(
    plain_frame: pd.DataFrame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids, texts, langs = (plain_frame[name].astype(object).tolist() for name in ("id", "text", "lang"))
    scored: list[int] = []

    def counting(texts: list[str], **options: Any) -> dict[str, list[Any]]:
        scored.append(len(texts))
        return score_columns(texts, **options)

    def plain(**options: Any) -> dict[str, list[Any]]:
        return score_columns(texts, langs=langs, ids=ids, **options)

    expected = {name: plain_frame[name].astype(object).tolist() for name in SENTIMENT_COLUMNS}
    expected["sentiment"] = [None if label is pd.NA or label != label else label for label in expected["sentiment"]]
    monkeypatch.setattr(tasks, "score_columns", counting)
    with ParseCache(tmp_path / ".reactions.db") as cache:
        assert_same(tasks.score_cached(ids, texts, langs, cache), expected)
        assert scored[0] == len(ids)
        scored.clear()
        assert_same(tasks.score_cached(ids, texts, langs, cache), expected)
        assert scored == []  # nothing scored again
        one = {str(ids[5]): "negative"}
        assert_same(tasks.score_cached(ids, texts, langs, cache, overrides=one), plain(overrides=one))
        assert scored == [1]  # the overridden row only
        scored.clear()
        lexicon = {"amazing": -3.0}
        assert_same(tasks.score_cached(ids, texts, langs, cache, lexicon=lexicon), plain(lexicon=lexicon))
        assert scored == [len(ids)]  # a new lexicon rescored everything


def assert_same(got: dict[str, list[Any]], expected: dict[str, list[Any]]) -> None:
    """The same columns, NaN equal to NaN."""
    assert list(got) == list(SENTIMENT_COLUMNS)
    for name in SENTIMENT_COLUMNS:
        assert [repr(v) for v in got[name]] == [repr(v) for v in expected[name]], name


def test_a_broken_pool_is_replaced() -> None:
    pool = parallel.shared_pool(2)
    assert parallel.shared_pool(2) is pool  # reused
    with pytest.raises(BrokenProcessPool):
        pool.submit(os._exit, 1).result()
    fresh = parallel.shared_pool(2)
    assert fresh is not pool
    assert fresh.submit(abs, -3).result() == 3


def test_cli_rerun_reuses_parses_and_scores(generated: Path, tmp_path: Path) -> None:
    from reactions.cli import main
    from reactions.export import read_csv

    folder = tmp_path / "corpus"
    shutil.copytree(generated, folder, ignore=shutil.ignore_patterns(".reactions.db*"))
    plain, cold, warm = (tmp_path / f"{name}.csv" for name in ("plain", "cold", "warm"))
    assert main(["extract", str(folder), "-q", "-o", str(plain), "--jobs", "1", "--no-cache"]) == 0
    assert not cache_file(folder).exists()  # --no-cache neither reads nor writes the store
    assert main(["extract", str(folder), "-q", "-o", str(cold), "--jobs", "2"]) == 0
    with ParseCache(cache_file(folder)) as store:
        scored = store.db.execute("SELECT count(*) FROM score_cache").fetchone()[0]
        assert (len(store), scored) == (len(read_documents(folder)), len(read_csv(plain)))
    assert main(["extract", str(folder), "-q", "-o", str(warm)]) == 0
    pd.testing.assert_frame_equal(read_csv(cold), read_csv(plain))
    pd.testing.assert_frame_equal(read_csv(warm), read_csv(plain))


def test_one_article_id_with_other_bytes_never_takes_the_others_parse(tmp_path: Path) -> None:
    one = ("a.txt", b"So good #one \xe2\x80\x94 Ann (@ann) Feb 2, 2020\n")
    two = ("a.txt", b"So bad #two \xe2\x80\x94 Bob (@bob) Feb 3, 2020\n")  # a.txt of another folder
    with ParseCache(tmp_path / ".reactions.db") as cache:
        cached_parse([one, two], cache)
        again = [stored(p) for p in cached_parse([one, two], cache)[0]]  # type: ignore[arg-type]
        assert again == [stored(parse_document(*one)), stored(parse_document(*two))]


def test_pool_workers_collect_garbage_even_when_started_while_it_is_paused() -> None:
    import gc

    parallel.shutdown()
    gc.disable()
    try:
        pool = parallel.shared_pool(2)
    finally:
        gc.enable()
    assert all(pool.submit(gc.isenabled).result() for _ in range(4))


TABLES_BUILT = """
from reactions import languages, outlets
from reactions.run import memo, parallel
from reactions.run.executors import ProcessPool


def tables_built():  # in the worker: which of the tables the tasks build on first use it holds before its first task
    return outlets._extractor.cache_info().currsize, languages._detector.cache_info().currsize, len(memo._MEMO.entries)


assert parallel.worker_context().get_start_method() == "fork"
ProcessPool(2).close()  # warms this process up before it forks its worker (tasks.warm_up)
print(parallel.shared_pool(1).submit(tables_built).result())  # (the same pool: in its worker)
"""


@pytest.mark.skipif(parallel.worker_context().get_start_method() != "fork", reason="workers inherit only by fork")
def test_pool_workers_inherit_the_tables_the_tasks_build_and_no_parse() -> None:
    # in a process of its own: one a test before left a thread or a store open in forks no worker (worker_context)
    done = subprocess.run([sys.executable, "-c", TABLES_BUILT], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-2] == "(1, 1, 0)"  # tldextract's suffix list and the language model: built once


NO_PANDAS = """
import sys
from reactions.run import parallel
from reactions.run.executors import ProcessPool



def pandas_loaded():
    return 'pandas' in sys.modules


ProcessPool(2).close()  # imports what the workers need (PRELOAD), warms up, forks the worker
print(pandas_loaded(), parallel.shared_pool(1).submit(pandas_loaded).result())
"""


@pytest.mark.skipif(parallel.worker_context().get_start_method() != "fork", reason="workers inherit only by fork")
def test_a_pool_starts_without_pandas() -> None:
    """Issue 19: ``--jobs 2`` imported pandas before forking its worker (0.24 CPU-s of the serial part) though no
    task needs it."""
    done = subprocess.run([sys.executable, "-c", NO_PANDAS], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split("\n")[-2] == "False False"
