"""Parallel and incremental parsing give exactly the results of a plain, serial parse."""

from __future__ import annotations

import logging
import os
import shutil
from collections.abc import Callable
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from types import ModuleType

import pandas as pd
import pytest

from reactions.corpus import parse_document, read_corpus
from reactions.frames import to_frame
from reactions.run import parallel
from reactions.run.cache import ParseCache
from reactions.run.cache import store_file as cache_file
from reactions.run.parallel import INLINE_BELOW, FileParser, parse_documents
from reactions.sentiment import SENTIMENT_COLUMNS, score_frame

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


@pytest.mark.parametrize("jobs", [1, 2])
def test_parallel_parse_is_identical_to_serial(documents: Documents, serial: list[object], jobs: int) -> None:
    assert parse_documents(documents, jobs=jobs) == serial


def test_small_batches_keep_order_across_the_pool(documents: Documents, serial: list[object]) -> None:
    with FileParser(jobs=2, batch=INLINE_BELOW + 5) as parser:  # many batches, most through the pool
        assert list(parser.parse(documents)) == serial
        assert parser.parsed == len(documents)
        assert parser._pool is not None  # the pool really ran


def test_cache_rerun_parses_nothing_and_gives_the_same(
    tmp_path: Path, documents: Documents, serial: list[object]
) -> None:
    with ParseCache(tmp_path / ".reactions.db") as cache:
        with FileParser(jobs=2) as cold:
            assert list(cold.parse(documents, cache)) == serial
        assert (cold.parsed, cold.reused) == (len(documents), 0)
        with FileParser(jobs=2) as warm:
            assert list(warm.parse(documents, cache)) == serial
        assert (warm.parsed, warm.reused) == (0, len(documents))


def test_cache_reparses_only_added_and_changed_files(tmp_path: Path, documents: Documents) -> None:
    changed = list(documents)
    source, data = changed[7]
    changed[7] = (source, data + b"\n\nAn added paragraph.\n")
    changed.insert(20, ("new/extra.txt", b"Nice day \xe2\x80\x94 Fan (@fan_1) February 2, 2020\n"))
    with ParseCache(tmp_path / ".reactions.db") as cache:
        parse_documents(documents, cache=cache)
        with FileParser(jobs=2) as parser:
            assert list(parser.parse(changed, cache)) == [parse_document(s, d) for s, d in changed]
        assert (parser.parsed, parser.reused) == (2, len(documents) - 1)


def test_a_run_logs_what_it_parsed(documents: Documents, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.INFO, logger="reactions.run.parallel")
    parse_documents(documents[:3], jobs=1)
    assert "parsed 3 files, 0 from the cache" in caplog.text


@pytest.mark.parametrize("make", [list, iter])
def test_empty_and_lazy_inputs(make: Callable[[Documents], object], documents: Documents) -> None:
    assert parse_documents(make([]), jobs=2) == []  # type: ignore[arg-type]
    assert parse_documents(make(documents[:2]), jobs=2) == parse_documents(documents[:2], jobs=1)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def plain_frame(generated: Path) -> pd.DataFrame:
    return to_frame(read_corpus([generated]))


def test_pooled_and_cached_runs_give_the_plain_frame(generated: Path, plain_frame: pd.DataFrame) -> None:
    for _ in ("cold", "warm"):
        corpus = read_corpus([generated], jobs=2, cache=True)
        pd.testing.assert_frame_equal(to_frame(corpus), plain_frame)
    assert cache_file(generated).exists()


def test_parallel_scoring_is_identical(
    plain_frame: pd.DataFrame, monkeypatch: pytest.MonkeyPatch, generated: Path
) -> None:
    monkeypatch.setattr(parallel, "SCORE_CHUNK", 40)
    base = plain_frame.drop(columns=list(SENTIMENT_COLUMNS))
    pd.testing.assert_frame_equal(parallel.score_frame(base, jobs=2), plain_frame)
    options = {"lexicon": {"amazing": -3.0}, "overrides": {str(base["id"].iloc[3]): "negative"}}
    expected = score_frame(base, **options)  # type: ignore[arg-type]
    pd.testing.assert_frame_equal(parallel.score_frame(base, jobs=2, **options), expected)  # type: ignore[arg-type]
    assert not expected["compound"].equals(plain_frame["compound"])  # the options did change something


def test_score_cache_scores_each_row_once(
    plain_frame: pd.DataFrame, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    base = plain_frame.drop(columns=list(SENTIMENT_COLUMNS))
    scored: list[int] = []

    def counting(frame: pd.DataFrame, **options: object) -> pd.DataFrame:
        scored.append(len(frame))
        return score_frame(frame, **options)  # type: ignore[arg-type]

    monkeypatch.setattr("reactions.sentiment.score_frame", counting)
    with ParseCache(tmp_path / ".reactions.db") as cache:
        pd.testing.assert_frame_equal(parallel.score_frame(base, jobs=1, cache=cache), plain_frame)
        assert scored[0] == len(base)
        scored.clear()
        pd.testing.assert_frame_equal(parallel.score_frame(base, jobs=1, cache=cache), plain_frame)
        assert scored == [0]  # only the empty template: nothing scored again
        scored.clear()
        one = {str(base["id"].iloc[5]): "negative"}
        got = parallel.score_frame(base, jobs=1, cache=cache, overrides=one)
        pd.testing.assert_frame_equal(got, score_frame(base, overrides=one))
        assert scored == [1, 0]  # the overridden row only
        scored.clear()
        lexicon = {"amazing": -3.0}
        got = parallel.score_frame(base, jobs=1, cache=cache, lexicon=lexicon)
        pd.testing.assert_frame_equal(got, score_frame(base, lexicon=lexicon))
        assert scored == [len(base), 0]  # a new lexicon rescored everything


def test_scored_frame_with_cache_dir_is_the_plain_frame(
    generated: Path, plain_frame: pd.DataFrame, tmp_path: Path
) -> None:
    corpus = read_corpus([generated])
    for _ in ("cold", "warm"):
        pd.testing.assert_frame_equal(parallel.scored_frame(corpus, jobs=2, cache_dir=tmp_path), plain_frame)
    pd.testing.assert_frame_equal(parallel.scored_frame(corpus, jobs=1), plain_frame)


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
        parse_documents([one, two], cache=cache)
        assert parse_documents([one, two], cache=cache) == [parse_document(*one), parse_document(*two)]


def test_pool_workers_collect_garbage_even_when_started_while_it_is_paused() -> None:
    import gc

    parallel.shutdown()
    gc.disable()
    try:
        pool = parallel.shared_pool(2)
    finally:
        gc.enable()
    assert all(pool.submit(gc.isenabled).result() for _ in range(4))
