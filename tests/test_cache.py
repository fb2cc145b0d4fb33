"""The incremental parse cache: lossless records, keyed by source + content hash + parser version."""

from __future__ import annotations

import dataclasses
import datetime as dt
import enum
import marshal
import os
import re
import secrets
import sqlite3
import stat
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Article, Citation, FileOutcome, Kind, Platform, Reaction, Rendering, Status
from reactions.run import batched, cache, records, signing
from reactions.run.cache import ParseCache, content_hash, dumps, loads, open_cache, parser_version, stored

REACTION = Reaction(
    id="0123456789abcdef",
    kind=Kind.EMBED,
    platform="twitter",
    handle="Mariana_fcp",
    display_name="Mariana 🏳️‍🌈",
    date=dt.date(2020, 2, 2),
    text='HELL YEAHHHHHH#JusticeForJohnnyDepp — “quoted” "x" \n line',
    hashtags=("JusticeForJohnnyDepp",),
    mentions=("someone",),
    urls=("https://example.com/a?b=c",),
    media=("pic.twitter.com/KJuit0LwbV",),
    emoji=("🏳️‍🌈", "😂"),
    source="sub/002.txt",
    span=(10, 90),
    citations=(Citation("sub/002.txt", (10, 90)), Citation("003.html", (5, 7))),
    status_id="1223727291127357440",
    url="https://twitter.com/Mariana_fcp/status/1223727291127357440",
    created_at=dt.datetime(2020, 2, 1, 22, 5, 3, 120000, tzinfo=dt.UTC),
    lang="en",
)
QUOTE = Reaction(
    "fedcba9876543210", Kind.QUOTE, "twitter", None, "a fan", None, "Same girl", continued=("Day 3.", "Braids in.")
)
ARTICLE = Article(
    source="sub/002.txt",
    title="Title ✨",
    date=dt.date(2020, 2, 2),
    text="text\nwith lines",
    reactions=(REACTION, QUOTE),
    warnings=("line 3: attribution without a handle",),
    published_at=dt.datetime(2020, 2, 2, 9, 30, tzinfo=dt.timezone(dt.timedelta(hours=-5))),
)
OUTCOME = FileOutcome("sub/002.txt", "sub/002.txt", Status.PARSED, 2, ("decoded as cp1252",))
SKIPPED = FileOutcome("empty.txt", None, Status.SKIPPED, reason="empty file")


@pytest.mark.parametrize("parsed", [(ARTICLE, OUTCOME), (None, SKIPPED), (Article("a", None, None, ""), OUTCOME)])
def test_records_round_trip_exactly(parsed: tuple[Article | None, FileOutcome]) -> None:
    back = loads(dumps(parsed))
    assert back == stored(parsed)
    assert repr(back) == repr(stored(parsed))  # same types all the way down (enums, tuples, time zones)


@settings(max_examples=200, deadline=None)
@given(
    text=st.text(),
    handle=st.none() | st.text(min_size=1),
    date=st.none() | st.dates(),
    tags=st.lists(st.text(), max_size=3).map(tuple),
    span=st.tuples(st.integers(0, 10**9), st.integers(0, 10**9)),
    created=st.none() | st.datetimes(timezones=st.just(dt.UTC)),
)
def test_any_reaction_round_trips(
    text: str,
    handle: str | None,
    date: dt.date | None,
    tags: tuple[str, ...],
    span: tuple[int, int],
    created: dt.datetime | None,
) -> None:
    reaction = Reaction("id", Kind.EMBED, "twitter", handle, handle, date, text, hashtags=tags, span=span)
    reaction = Reaction(**{**{f: getattr(reaction, f) for f in Reaction.__slots__}, "created_at": created})
    article = Article("s", text, date, text, (reaction,), (text,))
    assert loads(dumps((article, OUTCOME))) == stored((article, OUTCOME))


def test_a_parse_is_stored_without_the_article_text() -> None:
    article = Article("a.txt", "Title", None, "the whole article, never read back by a run", (REACTION,))
    back, outcome = loads(dumps((article, OUTCOME)))
    assert b"never read back" not in dumps((article, OUTCOME))
    assert back is not None
    assert back.text == ""
    assert outcome == OUTCOME
    assert (back.source, back.title, back.reactions) == (article.source, article.title, article.reactions)


def test_get_returns_only_matching_source_digest_and_version(tmp_path: Path) -> None:
    path = tmp_path / ".reactions.db"
    with ParseCache(path, version="v1") as store:
        store.put(
            [
                ("sub/002.txt", content_hash(b"one"), (ARTICLE, OUTCOME)),
                ("e", content_hash(b""), (None, SKIPPED)),
            ]
        )
        assert store.get([("sub/002.txt", content_hash(b"one"))]) == {"sub/002.txt": stored((ARTICLE, OUTCOME))}
        assert store.get([("sub/002.txt", content_hash(b"two"))]) == {}  # file edited
        assert store.get([("other.txt", content_hash(b"one"))]) == {}  # same bytes, other article id
        assert store.get([]) == {}
    with ParseCache(path, version="v2") as store:  # new parser: nothing reused
        assert store.get([("sub/002.txt", content_hash(b"one"))]) == {}


def test_a_changed_file_replaces_its_row(tmp_path: Path) -> None:
    with ParseCache(tmp_path / "s.db", version="v1") as store:
        store.put([("a.txt", content_hash(b"one"), (None, SKIPPED))])
        store.put([("a.txt", content_hash(b"two"), (ARTICLE, OUTCOME))])
        assert len(store) == 1
        assert store.get([("a.txt", content_hash(b"two"))]) == {"a.txt": stored((ARTICLE, OUTCOME))}
        store.clear()
        assert len(store) == 0


def test_many_keys_are_looked_up_in_batches(tmp_path: Path) -> None:
    rows = [(f"{i:05d}.txt", content_hash(str(i).encode()), (None, SKIPPED)) for i in range(1234)]
    with ParseCache(tmp_path / "s.db") as store:
        store.put(rows)
        found = store.get([(source, digest) for source, digest, _ in rows])
    assert list(found) == [source for source, _, _ in rows]


def test_store_is_wal_and_shares_the_file_with_other_tables(tmp_path: Path) -> None:
    path = tmp_path / ".reactions.db"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE labels (id TEXT PRIMARY KEY, label TEXT)")
    other.execute("INSERT INTO labels VALUES ('x', 'positive')")
    other.commit()
    with ParseCache(path) as store:
        store.put([("a", "d", (None, SKIPPED))])
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert other.execute("SELECT label FROM labels").fetchall() == [("positive",)]
    assert other.execute(f"SELECT source FROM {cache.TABLE}").fetchall() == [("a",)]
    other.close()


def test_the_cache_lives_in_the_users_cache_folder_never_in_the_corpus(
    tmp_path: Path, private_cache_dir: Path
) -> None:
    corpus = tmp_path / "corpus"
    corpus.mkdir()
    store = open_cache(corpus)
    assert store is not None
    store.close()
    assert store.path == cache.store_file(corpus) == cache.store_file(corpus / ".." / "corpus")
    assert store.path.parent == private_cache_dir
    assert cache.store_file(tmp_path) != store.path  # one file per corpus folder
    assert list(corpus.iterdir()) == []
    key = private_cache_dir / cache.KEY_NAME
    assert stat.S_IMODE(key.stat().st_mode) == 0o600
    assert len(key.read_bytes()) == 32


def test_the_cache_folder_follows_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(cache.CACHE_DIR_ENV, str(tmp_path / "elsewhere"))
    assert cache.store_file(tmp_path).parent == tmp_path / "elsewhere"
    monkeypatch.delenv(cache.CACHE_DIR_ENV)
    assert cache.cache_dir().name == "reactions"  # the platform's user cache folder


def test_scores_are_one_signed_marshal_batch_a_call(tmp_path: Path) -> None:
    """A scoring task's scores go into one signed batch (one marshal, one signature) and an index row a key."""
    path = tmp_path / "s.db"
    values = [0.5, -0.25, "positive", True, None, "label ✨"]
    with ParseCache(path, version="v1") as store:
        store.put_scores([("k", values), ("j", [0.1, "neutral"])])
        assert store.get_scores(["k", "missing", "j"]) == {"k": values, "j": [0.1, "neutral"]}
        ((rows, payload),) = store.db.execute(f"SELECT rows, payload FROM {cache.SCORE_BATCHES}").fetchall()
        assert rows == 2
        assert marshal.loads(payload) == [["k", values], ["j", [0.1, "neutral"]]]
        assert store.db.execute(f"SELECT count(*) FROM {cache.SCORES}").fetchone()[0] == 2
        store.put_scores([])  # nothing to write: no batch
        assert store.db.execute(f"SELECT count(*) FROM {cache.SCORE_BATCHES}").fetchone()[0] == 1


def test_rows_not_signed_by_this_user_are_ignored(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    outcome = FileOutcome("a.txt", "a.txt", Status.PARSED)
    with ParseCache(path, version="v1") as store:
        store.put([("a.txt", "d1", (None, outcome))])
        store.put_scores([("k", [0.5])])
        assert store.get([("a.txt", "d1")])
        assert store.get_scores(["k"])
    forged = sqlite3.connect(path)
    (payload,) = forged.execute(f"SELECT payload FROM {cache.BATCHES}").fetchone()
    forged.execute(f"UPDATE {cache.BATCHES} SET payload = ?", (payload.replace(b"a.txt", b"b.txt"),))
    row = ["c.txt", "d3", [None, ["c.txt", None, "parsed", 0, [], None]]]
    forged.execute(f"INSERT INTO {cache.BATCHES} VALUES (99, 1, 'v1', ?, 'not a signature')", (marshal.dumps([row]),))
    forged.execute(f"INSERT INTO {cache.TABLE} VALUES ('c.txt', 99)")
    (scores,) = forged.execute(f"SELECT payload FROM {cache.SCORE_BATCHES}").fetchone()
    forged.execute(f"UPDATE {cache.SCORE_BATCHES} SET payload = ?", (scores.replace(b"k", b"j"),))
    forged.commit()
    forged.close()
    with ParseCache(path, version="v1") as store:
        assert store.get([("a.txt", "d1"), ("c.txt", "d3")]) == {}
        assert store.get_scores(["k"]) == {}
    with ParseCache(path, version="v1", key=b"another user's key" * 2) as store:
        store.put([("a.txt", "d1", (None, outcome))])
    with ParseCache(path, version="v1") as store:  # signed, but not with this user's key
        assert store.get([("a.txt", "d1")]) == {}


def test_a_cache_file_that_is_a_link_is_not_used(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    target = tmp_path / "other.db"
    sqlite3.connect(target).close()
    cache.store_file(tmp_path).parent.mkdir(parents=True, exist_ok=True)
    cache.store_file(tmp_path).symlink_to(target)
    assert open_cache(tmp_path) is None
    assert "a symbolic link" in caplog.text


def test_a_file_of_another_layout_is_laid_out_again(tmp_path: Path) -> None:
    path = tmp_path / "s.db"
    old = sqlite3.connect(path)
    old.execute(f"CREATE TABLE {cache.TABLE} (source TEXT PRIMARY KEY, digest TEXT, parser TEXT, payload TEXT)")
    old.execute(f"INSERT INTO {cache.TABLE} VALUES ('a', 'd', 'v', '[]')")
    old.commit()
    old.close()
    with ParseCache(path, version="v") as store:
        assert len(store) == 0


def test_unusable_store_disables_the_cache_without_failing(
    tmp_path: Path, caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "a file").write_text("x")
    monkeypatch.setenv(cache.CACHE_DIR_ENV, str(tmp_path / "a file"))
    assert open_cache(tmp_path) is None
    assert "parse cache disabled" in caplog.text


def test_parser_version_is_stable_and_short() -> None:
    assert parser_version() == parser_version()
    assert len(parser_version()) == 16


def test_a_corrupt_store_disables_the_cache(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    cache.store_file(tmp_path).parent.mkdir(parents=True, exist_ok=True)
    cache.store_file(tmp_path).write_bytes(b"this is not a database" * 100)
    assert open_cache(tmp_path) is None
    assert "parse cache disabled" in caplog.text


def test_a_store_failing_mid_run_turns_the_cache_off(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    with ParseCache(tmp_path / "s.db") as store:
        store.put([("a", "d", (None, SKIPPED))])
        store.db.execute(f"DROP TABLE {cache.TABLE}")  # as a locked or damaged file would fail
        assert store.get([("a", "d")]) == {}
        store.put([("a", "d", (None, SKIPPED))])  # not attempted: the cache is off
        assert store.get_scores(["k"]) == {}
        store.put_scores([("k", [1.0])])
    assert store.broken
    assert caplog.text.count("parse cache disabled") == 1


# --- a cache folder or key that is not this user's alone -------------------------------------------


def cached_run(folder: Path, article_folder: Path) -> bool:
    """Run over ``article_folder`` with the cache in ``folder``; whether the finished frame came from it."""
    from reactions.run.pipeline import extract_frame

    return extract_frame([article_folder], cache=True, jobs=1).from_cache


@pytest.mark.parametrize(
    ("loosen", "message"),
    [
        (lambda folder: folder.chmod(0o777), "the cache folder .* can be changed by other users \\(mode 0777\\)"),
        (lambda folder: folder.chmod(0o775), "the cache folder .* can be changed by other users \\(mode 0775\\)"),
        (lambda folder: (folder / cache.KEY_NAME).chmod(0o666),
         "the cache key .* can be read or changed by other users \\(mode 0666\\): chmod 600 it"),
        (lambda folder: (folder / cache.KEY_NAME).chmod(0o644), "the cache key .* can be read or changed"),
    ],
)
def test_a_key_or_folder_others_can_change_is_refused_and_said(
    private_cache_dir: Path, article_folder: Path, caplog: pytest.LogCaptureFixture,
    loosen: Callable[[Path], None], message: str,
) -> None:  # fmt: skip
    """Whoever can write the key (or the folder, to swap the key) can sign rows that change every result: a key
    0666 in a 0777 folder was used silently, and rows re-signed with it flipped 11 of 12 reactions to positive."""
    assert not cached_run(private_cache_dir, article_folder)
    assert cached_run(private_cache_dir, article_folder)  # the cache works while the key and folder are ours
    loosen(private_cache_dir)
    assert not cached_run(private_cache_dir, article_folder)  # not trusted: worked out again
    assert re.search(f"parse cache disabled for .*: {message}", caplog.text)
    with pytest.raises(cache.UntrustedCacheError):
        cache.signing_key(private_cache_dir)


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root can give a file away")
@pytest.mark.parametrize("what", ["key", "folder"])
def test_a_key_or_folder_of_another_user_is_refused(
    private_cache_dir: Path, article_folder: Path, caplog: pytest.LogCaptureFixture, what: str
) -> None:
    assert not cached_run(private_cache_dir, article_folder)
    os.chown(private_cache_dir / cache.KEY_NAME if what == "key" else private_cache_dir, 65534, -1)
    assert not cached_run(private_cache_dir, article_folder)
    assert f"the cache {what} {private_cache_dir}" in caplog.text
    assert "belongs to another user (uid 65534), not to you (uid 0)" in caplog.text


def test_a_corrupt_cache_is_named(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = cache.store_file(tmp_path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"this is not a database" * 100)
    assert open_cache(tmp_path) is None
    assert f"{path}: file is not a database" in caplog.text
def _rows_seen_elsewhere(path: Path) -> int:
    """The parse rows another connection sees (what is written, not what a store keeps in memory)."""
    with sqlite3.connect(path) as other:
        return int(other.execute(f"SELECT count(*) FROM {cache.TABLE}").fetchone()[0])


def test_parses_are_written_in_batches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """One transaction per small task cost more than parsing a short article: rows wait in memory until
    FLUSH_ROWS are pending, a get asks for one of them, or the store is flushed or closed."""
    monkeypatch.setattr(cache, "FLUSH_ROWS", 3)
    monkeypatch.setattr(cache, "POINT_ROWS", 1)  # (index rows with each batch: see the next test)
    path = tmp_path / "s.db"
    with ParseCache(path, version="v1") as store:
        for name in ("a", "b"):
            store.put([(name, "d", (None, SKIPPED))])
        assert _rows_seen_elsewhere(path) == 0
        store.put([("c", "d", (None, SKIPPED))])
        assert _rows_seen_elsewhere(path) == 3
        store.put([("e", "d", (None, SKIPPED))])
        assert store.get([("e", "d")]) == {"e": (None, SKIPPED)}  # a pending row is written first
        assert _rows_seen_elsewhere(path) == 4
        store.put([("f", "d", (None, SKIPPED))])
    assert _rows_seen_elsewhere(path) == 5  # closing writes the rest
    with ParseCache(path, version="v1") as store:
        assert len(store.get([(name, "d") for name in "abcef"])) == 5


def test_a_write_holds_batches_of_batch_rows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """FLUSH_ROWS pending rows are written in one transaction, as batches of BATCH_ROWS (what a reader reads to
    find one of them), each signed and found again."""
    monkeypatch.setattr(cache, "FLUSH_ROWS", 5)
    monkeypatch.setattr(cache, "BATCH_ROWS", 2)
    monkeypatch.setattr(cache, "POINT_ROWS", 1)  # (index rows with each write)
    path = tmp_path / "s.db"
    names = [f"{i}.txt" for i in range(7)]
    with ParseCache(path, version="v1") as store:
        store.put([(name, "d", (None, SKIPPED)) for name in names[:5]])
        assert _rows_seen_elsewhere(path) == 5
        store.put([(name, "d", (None, SKIPPED)) for name in names[5:]])
    with sqlite3.connect(path) as db:
        assert [rows for (rows,) in db.execute(f"SELECT rows FROM {cache.BATCHES} ORDER BY id")] == [2, 2, 1, 2]
    db.close()
    with ParseCache(path, version="v1") as store:
        assert store.get([(name, "d") for name in names]) == dict.fromkeys(names, (None, SKIPPED))


def test_index_rows_wait_for_point_rows_parses_a_get_of_one_a_flush_or_the_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each batch's own transaction rewrote the index pages it touched: index rows wait until POINT_ROWS parses
    are written (their batches are, signed), a get asks for one of them, or the store is flushed or closed; a
    batch whose index rows never came (the process died) holds nothing a reader finds, and is tidied away."""
    monkeypatch.setattr(cache, "FLUSH_ROWS", 2)
    monkeypatch.setattr(cache, "POINT_ROWS", 4)
    path = tmp_path / "s.db"

    def batches() -> int:
        with sqlite3.connect(path) as other:
            return int(other.execute(f"SELECT count(*) FROM {cache.BATCHES}").fetchone()[0])

    with ParseCache(path, version="v1") as store:
        store.put([("a", "d", (None, SKIPPED)), ("b", "d", (None, SKIPPED))])
        assert (batches(), _rows_seen_elsewhere(path)) == (1, 0)
        store.put([("c", "d", (None, SKIPPED)), ("d", "d", (None, SKIPPED))])
        assert (batches(), _rows_seen_elsewhere(path)) == (2, 4)
        store.put([("e", "d", (None, SKIPPED)), ("f", "d", (None, SKIPPED))])
        assert (batches(), _rows_seen_elsewhere(path)) == (3, 4)
        assert store.get([("a", "d")]) == {"a": (None, SKIPPED)}
        assert _rows_seen_elsewhere(path) == 4  # (a get of another source does not write them)
        assert store.get([("e", "d")]) == {"e": (None, SKIPPED)}
        assert _rows_seen_elsewhere(path) == 6
        store.put([("g", "d", (None, SKIPPED)), ("a", "d2", (None, SKIPPED))])
        assert _rows_seen_elsewhere(path) == 6
    assert _rows_seen_elsewhere(path) == 7  # closing writes the rest
    with ParseCache(path, version="v1") as store:
        assert sorted(store.get([(name, "d") for name in "bcdefg"] + [("a", "d2")])) == list("abcdefg")
        store.pending = {}
        store.put([("h", "d", (None, SKIPPED)), ("i", "d", (None, SKIPPED))])  # a batch never pointed to
        store.unpointed, store.unpointed_keys = [], set()
    with ParseCache(path, version="v1") as store:
        assert store.get([("h", "d")]) == {}


def test_parse_rows_are_marshal_bytes_in_batches_read_back_only_when_signed(tmp_path: Path) -> None:
    """A flush writes its parses as one signed batch (run/batched.py): one marshal, one signature, one row; an edited
    batch is not read, and neither is a parse an index row points to in another batch."""
    path = tmp_path / "s.db"
    with ParseCache(path, version="v1") as store:
        store.put([("a.txt", "d1", (ARTICLE, OUTCOME)), ("b.txt", "d2", (None, SKIPPED))])
    with sqlite3.connect(path) as db:
        ((rows, payload),) = db.execute(f"SELECT rows, payload FROM {cache.BATCHES}").fetchall()
        assert rows == 2
        assert isinstance(payload, bytes)
        assert [row[:2] for row in marshal.loads(payload)] == [["a.txt", "d1"], ["b.txt", "d2"]]
        assert db.execute(f"SELECT version FROM {cache.BATCHES}").fetchall() == [("v1",)]  # once, signed with them
        db.execute(f"UPDATE {cache.TABLE} SET source = 'x.txt' WHERE source = 'b.txt'")  # a's parse is not x's
    with ParseCache(path, version="v1") as store:
        assert store.get([("a.txt", "d1"), ("x.txt", "d1")]) == {"a.txt": stored((ARTICLE, OUTCOME))}
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE {cache.BATCHES} SET payload = ?", (payload.replace(b"a fan", b"a foe"),))
    with ParseCache(path, version="v1") as store:
        assert store.get([("a.txt", "d1")]) == {}


def test_replaced_parses_do_not_pile_up_in_the_store(tmp_path: Path) -> None:
    """A batch lives while a source points to it; once the batches hold more than twice the live parses and a
    batch, the unreferenced ones are dropped and those holding more replaced parses than live ones written again:
    editing files again and again never grows the store past that."""
    path = tmp_path / "s.db"
    names = [f"{i}.txt" for i in range(40)]
    with ParseCache(path, version="v1") as store:
        store.put([(name, "d0", (None, SKIPPED)) for name in names])
    most = 0
    for run in range(1, 100):
        with ParseCache(path, version="v1") as store:  # a few files edited each run
            store.put([(name, f"d{run}", (None, SKIPPED)) for name in names[run % 5 :: 5]])
        with sqlite3.connect(path) as db:
            (stored_rows,) = db.execute(f"SELECT sum(rows) FROM {cache.BATCHES}").fetchone()
            assert db.execute(f"SELECT count(*) FROM {cache.TABLE}").fetchone()[0] == 40
        db.close()
        most = max(most, stored_rows)
    assert 2 * 40 + cache.BATCH_ROWS < 99 * 8  # (the store was tidied along the way)
    assert most <= 2 * 40 + cache.BATCH_ROWS + 8
    with ParseCache(path, version="v1") as store:
        last = {name: max(run for run in range(100) if run == 0 or i % 5 == run % 5) for i, name in enumerate(names)}
        assert len(store.get([(name, f"d{run}") for name, run in last.items()])) == 40


def test_a_store_that_only_gained_rows_is_not_tidied(tmp_path: Path) -> None:
    """Closing a connection that wrote only new parses costs two counts, not a pass over the index (the page opens
    one a task)."""
    path = tmp_path / "s.db"
    statements: list[str] = []
    with ParseCache(path, version="v1") as store:
        store.put([(f"{i}.txt", "d", (None, SKIPPED)) for i in range(10)])
        store.flush()
        store.db.set_trace_callback(statements.append)
    assert not any("GROUP BY" in statement or "DELETE" in statement for statement in statements)
    with ParseCache(path, version="v1") as store:
        assert len(store) == 10


def test_a_key_read_while_another_process_makes_it_is_the_key_made(
    private_cache_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key file was made empty and written after: a second process (the pool's worker beside the run's own)
    reading it in between got "not a signing key", ran uncached, and the next run parsed those files again (the
    flaky test_added_files_are_the_only_ones_parsed on a loaded machine)."""
    real = secrets.token_bytes
    making, read = threading.Event(), threading.Event()

    def slow_token(size: int) -> bytes:  # the first maker is held up while making its key
        if not making.is_set():
            making.set()
            assert read.wait(30)
        return real(size)

    monkeypatch.setattr(signing.secrets, "token_bytes", slow_token)
    keys: list[bytes] = []
    first = threading.Thread(target=lambda: keys.append(cache.signing_key(private_cache_dir)))
    first.start()
    assert making.wait(30)
    try:
        second = cache.signing_key(private_cache_dir)  # while the first maker has not written its key
    finally:
        read.set()
        first.join()
    assert keys == [second]
    assert len(second) == 32
    assert sorted(p.name for p in private_cache_dir.iterdir()) == [cache.KEY_NAME]  # no draft left


def test_a_new_store_has_large_pages(tmp_path: Path) -> None:
    """A store's pages are PAGE_SIZE bytes: a stored frame or export is written in few of them."""
    with ParseCache(tmp_path / "s.db") as store:
        assert store.db.execute("PRAGMA page_size").fetchone()[0] == cache.PAGE_SIZE
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_a_store_of_an_older_layout_is_emptied_and_given_large_pages(tmp_path: Path) -> None:
    """A file laid out by an older release (4 KiB pages, another user_version) is emptied, resized, and works."""
    path = tmp_path / "s.db"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE parse_cache (source TEXT PRIMARY KEY, stale TEXT)")
        db.execute("INSERT INTO parse_cache VALUES ('a.txt', 'old')")
        db.execute("PRAGMA user_version = 2")
    db.close()
    with ParseCache(path) as store:
        assert store.db.execute("PRAGMA page_size").fetchone()[0] == cache.PAGE_SIZE
        assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == cache.SCHEMA_VERSION
        assert store.get([("a.txt", content_hash(b"x"))]) == {}
        store.put([("a.txt", content_hash(b"x"), (ARTICLE, OUTCOME))])
    with ParseCache(path) as store:
        assert store.get([("a.txt", content_hash(b"x"))]) == {"a.txt": stored((ARTICLE, OUTCOME))}


@pytest.mark.parametrize("layout", [3, 4, 5])
def test_a_store_of_an_earlier_layout_is_emptied_and_laid_out_again(tmp_path: Path, layout: int) -> None:
    """Layout 3 (an index row per source with the whole content hash and the parser version, a batch without its
    version), layout 4 (each parse row naming its version, every article's fields stored) and layout 5 (a record's
    tuples stored as lists) are emptied when opened, laid out as 6, and work."""
    path = tmp_path / "s.db"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA page_size = 65536")
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("CREATE TABLE parse_cache (source TEXT PRIMARY KEY, digest TEXT NOT NULL, parser TEXT NOT NULL,"
                   " batch INTEGER NOT NULL)")  # fmt: skip
        db.execute("CREATE TABLE parse_batches (id INTEGER PRIMARY KEY, rows INTEGER NOT NULL, payload BLOB NOT NULL,"
                   " mac TEXT NOT NULL)")  # fmt: skip
        db.execute("INSERT INTO parse_batches VALUES (1, 1, x'00', 'old')")
        db.execute("INSERT INTO parse_cache VALUES ('a.txt', ?, 'v1', 1)", (content_hash(b"x"),))
        db.execute(f"PRAGMA user_version = {layout}")
    db.close()
    with ParseCache(path, version="v1") as store:
        assert store.db.execute("PRAGMA user_version").fetchone()[0] == cache.SCHEMA_VERSION == 6
        assert store.db.execute(f"SELECT count(*) FROM {cache.TABLE}").fetchone()[0] == 0
        assert store.get([("a.txt", content_hash(b"x"))]) == {}
        store.put([("a.txt", content_hash(b"x"), (ARTICLE, OUTCOME))])
    with ParseCache(path, version="v1") as store:
        assert store.get([("a.txt", content_hash(b"x"))]) == {"a.txt": stored((ARTICLE, OUTCOME))}
        columns = [row[1] for row in store.db.execute(f"PRAGMA table_info({cache.TABLE})")]
        assert columns == ["source", "batch"]  # (the content hash is in the signed row only)


def test_the_index_only_points_the_signed_rows_decide(tmp_path: Path) -> None:
    """The index keeps a source's batch, the batch its version: a parse whose stored hash differs from the one asked
    for, or a batch relabelled with the version asked for, is a miss."""
    path = tmp_path / "s.db"
    old, new = "ab" * 8 + "0" * 48, "ab" * 8 + "1" * 48
    with ParseCache(path, version="v0") as store:
        store.put([("a.txt", old, (ARTICLE, OUTCOME)), ("b.txt", old, (None, SKIPPED))])
    with ParseCache(path, version="v0") as store:
        assert store.get([("a.txt", new)]) == {}  # the index row matched: the signed whole hash did not
        assert store.get([("a.txt", old)]) == {"a.txt": stored((ARTICLE, OUTCOME))}
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE {cache.BATCHES} SET version = 'v1'")
    db.close()
    with ParseCache(path, version="v1") as store:
        assert store.get([("a.txt", old), ("b.txt", old)]) == {}


def test_a_store_held_by_another_connection_keeps_its_pages_and_works(tmp_path: Path) -> None:
    """Resizing needs the file to itself: while another connection holds it, the store is laid out with the pages it
    has, and works."""
    path = tmp_path / "s.db"
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA user_version = 2")
    other = sqlite3.connect(path)
    other.execute("BEGIN")
    other.execute("SELECT count(*) FROM sqlite_master").fetchone()  # a read transaction open on the file
    try:
        with ParseCache(path) as store:
            assert store.db.execute("PRAGMA page_size").fetchone()[0] == 4096
            assert store.db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
            store.put([("a.txt", content_hash(b"x"), (ARTICLE, OUTCOME))])
            assert store.get([("a.txt", content_hash(b"x"))]) == {"a.txt": stored((ARTICLE, OUTCOME))}
    finally:
        other.close()


def _reference(value: object) -> object:
    """:func:`records.encode`'s output worked out the plain way: a field at a time, by value."""
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dt.date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [_reference(getattr(value, field.name)) for field in dataclasses.fields(value)]
    if isinstance(value, tuple | list):
        return [_reference(item) for item in value] if value else None  # (an empty tuple: None)
    return value


@pytest.mark.parametrize("value", [
    ARTICLE, OUTCOME, SKIPPED, REACTION, QUOTE, Article("a", None, None, ""),
    dataclasses.replace(REACTION, rendering=Rendering.DASH, date=dt.date(2020, 1, 2), confidence=0.5),
    dataclasses.replace(REACTION, citations=(Citation("a.txt", (1, 2)),), created_at=None, date=None),
])  # fmt: skip
def test_a_records_encoder_gives_what_a_field_by_field_encoding_gives(value: object) -> None:
    """The encoders written per record type (a reaction's citations, kind, dates and rendering through their own
    types' encoders, inlined for the common shapes: one citation, a pair of plain values) give what the plain
    recursion gives."""
    assert records.encode(value) == _reference(value)
    assert records.decode(type(value), records.encode(value)) == value


@pytest.mark.parametrize("value", [
    dataclasses.replace(REACTION, platform=Platform.TWITTER, citations=(Citation("a.txt", (1, 2)),)),
    dataclasses.replace(QUOTE, span=[3, 4], citations=[Citation("a.txt", (1, 2))]),
    dataclasses.replace(QUOTE, span=(1, 2, 3), date=dt.datetime(2020, 1, 2, 3, 4)),
    dataclasses.replace(QUOTE, span=(Kind.QUOTE, 2), platform=Kind.EMBED, citations=(REACTION,)),
    dataclasses.replace(QUOTE, citations=(Citation("a", [1, 2]),), handle=Status.PARSED),  # type: ignore[arg-type]
    dataclasses.replace(OUTCOME, status="parsed", warnings=[Kind.EMBED]),
])  # fmt: skip
def test_a_records_encoder_takes_values_of_other_types_as_encode_does(value: object) -> None:
    """A value of another type than its field's annotation (the parser's ``Platform`` members in the ``str`` field
    ``platform``; a list for a tuple; a pair that is not two plain values; a citation that is not one record) is
    encoded as :func:`records.encode` encodes that value: the inlined common shapes are taken only when they fit."""
    assert records.encode(value) == _reference(value)


def _lists(value: object) -> object:
    """A tree with its tuples made lists (:func:`records.raw` keeps a field's tuple of plain values as it is)."""
    return [_lists(item) for item in value] if isinstance(value, tuple | list) else value


@pytest.mark.parametrize("value", [
    ARTICLE, OUTCOME, SKIPPED, REACTION, QUOTE, Article("a", None, None, ""),
    dataclasses.replace(REACTION, rendering=Rendering.DASH, date=dt.date(2020, 1, 2), confidence=0.5, hashtags=()),
    dataclasses.replace(REACTION, platform=Platform.TWITTER, citations=(Citation("a.txt", (1, 2)),)),
    dataclasses.replace(QUOTE, span=[3, 4], citations=[Citation("a.txt", (1, 2))], mentions=["a", Kind.QUOTE]),
    dataclasses.replace(QUOTE, span=(1, 2, 3), date=dt.datetime(2020, 1, 2, 3, 4), lang=dt.date(2020, 1, 2)),
    dataclasses.replace(QUOTE, span=(Kind.QUOTE, 2), platform=Kind.EMBED, citations=(REACTION,)),
    dataclasses.replace(QUOTE, citations=(Citation("a", [1, 2]),), handle=Status.PARSED),  # type: ignore[arg-type]
    dataclasses.replace(QUOTE, confidence=Kind.QUOTE, author=("x", Status.PARSED)),  # type: ignore[arg-type]
    dataclasses.replace(OUTCOME, status="parsed", warnings=[Kind.EMBED]),
    Article("a", Kind.QUOTE, None, "", (dataclasses.replace(QUOTE, handle=Kind.QUOTE),), [Status.PARSED]),
])  # fmt: skip
def test_the_unchecked_encoder_stores_what_encode_gives(value: object) -> None:
    """:func:`records.raw` gives a field's value as it is when its annotation is a plain type or a tuple of them,
    unchecked: what :func:`records.dumps` writes reads back as :func:`records.encode`'s values (tuples as lists),
    whatever the field holds (an enum member, a record or a date where a string or a number is annotated: marshal
    refuses it, and the tree is written as plain values), and decodes to the same record."""
    back = marshal.loads(records.dumps(records.raw(value), batched.MARSHAL_VERSION))
    assert _lists(back) == records.encode(value)
    if value in (ARTICLE, OUTCOME, SKIPPED, REACTION, QUOTE):
        assert repr(records.decode(type(value), back)) == repr(value)


def test_an_index_row_of_another_type_or_batch_is_a_miss(tmp_path: Path) -> None:
    """The index is not signed: a row edited to hold a blob key, a batch that is not there or another key's batch
    gives a miss, never an error or another key's parse."""
    path = tmp_path / "s.db"
    with ParseCache(path, version="v1") as store:
        store.put([("a.txt", "d1", (ARTICLE, OUTCOME)), ("b.txt", "d2", (None, SKIPPED))])
    with sqlite3.connect(path) as db:
        db.execute(f"INSERT INTO {cache.TABLE} VALUES (?, 1)", (b"c.txt",))
        db.execute(f"UPDATE {cache.TABLE} SET batch = 99 WHERE source = 'b.txt'")
    db.close()
    with ParseCache(path, version="v1") as store:
        found = store.get([("a.txt", "d1"), ("b.txt", "d2"), ("c.txt", "d3")])
        assert found == {"a.txt": stored((ARTICLE, OUTCOME))}


LEAN = Article("gossipcop-1", "A title ’", None, "the text, not stored")
LEAN_OUTCOME = FileOutcome("gossipcop-1", "gossipcop-1", Status.PARSED)


@pytest.mark.parametrize(
    ("parsed", "lean"),
    [
        ((LEAN, LEAN_OUTCOME), True),
        ((dataclasses.replace(LEAN, title=None), LEAN_OUTCOME), True),
        ((dataclasses.replace(LEAN, reactions=(QUOTE,)), dataclasses.replace(LEAN_OUTCOME, reactions=1)), False),
        ((dataclasses.replace(LEAN, warnings=("w",)), dataclasses.replace(LEAN_OUTCOME, warnings=("w",))), False),
        ((LEAN, dataclasses.replace(LEAN_OUTCOME, warnings=("decoded as cp1252",))), False),
        ((dataclasses.replace(LEAN, date=dt.date(2020, 1, 2)), LEAN_OUTCOME), False),
        ((dataclasses.replace(LEAN, url="https://example.com/a"), LEAN_OUTCOME), False),
        ((dataclasses.replace(LEAN, published_at=dt.datetime(2020, 1, 2, tzinfo=dt.UTC)), LEAN_OUTCOME), False),
        ((dataclasses.replace(LEAN, source="other"), LEAN_OUTCOME), False),
        ((LEAN, dataclasses.replace(LEAN_OUTCOME, path="gossipcop-1/news content.json")), False),
        ((LEAN, dataclasses.replace(LEAN_OUTCOME, source=None)), False),
        ((LEAN, dataclasses.replace(LEAN_OUTCOME, status=Status.SKIPPED, reason="x")), False),
        ((None, LEAN_OUTCOME), False),
    ],
)
def test_an_article_with_no_reaction_is_stored_as_its_title_and_read_back_the_same(
    parsed: tuple[Article | None, FileOutcome], lean: bool
) -> None:
    """Most of a news corpus's parses are articles with no reaction: their row holds the title alone (the rest is
    what such an article always has), and reads back as the very same parse; any other parse is stored whole."""
    row = batched.row_of("gossipcop-1", "d", parsed)
    assert (row == ["gossipcop-1", "d", parsed[0].title if parsed[0] else None]) is lean
    back = batched.parse_of(marshal.loads(marshal.dumps(row)))
    assert back == stored(parsed)
    assert repr(back) == repr(stored(parsed))


def test_the_lean_form_knows_every_field_of_an_article_and_an_outcome() -> None:
    """``row_of`` stores a lean parse as its title after checking every other field of the article and its outcome:
    a field added to either record must be checked there too (else a lean row would read back without it)."""
    article = [field.name for field in dataclasses.fields(Article)]
    outcome = [field.name for field in dataclasses.fields(FileOutcome)]
    assert article == ["source", "title", "date", "text", "reactions", "warnings", "published_at", "url"]
    assert outcome == ["path", "source", "status", "reactions", "warnings", "reason"]


def test_a_lean_parse_is_read_back_only_from_a_signed_batch_of_its_version(tmp_path: Path) -> None:
    """A lean row is signed with its batch like any other: an edited title is not read, nor is a batch relabelled."""
    path = tmp_path / "s.db"
    digest = content_hash(b"x")
    with ParseCache(path, version="v1") as store:
        store.put([("gossipcop-1", digest, (LEAN, LEAN_OUTCOME))])
    with ParseCache(path, version="v1") as store:
        assert store.get([("gossipcop-1", digest)]) == {"gossipcop-1": stored((LEAN, LEAN_OUTCOME))}
    with sqlite3.connect(path) as db:
        (payload,) = db.execute(f"SELECT payload FROM {cache.BATCHES}").fetchone()
        db.execute(f"UPDATE {cache.BATCHES} SET payload = ?", (payload.replace(b"A title", b"B title"),))
    db.close()
    with ParseCache(path, version="v1") as store:
        assert store.get([("gossipcop-1", digest)]) == {}


@pytest.mark.parametrize("broken_json", [False, True])
def test_index_rows_of_any_key_are_written_in_one_statement_or_a_row_each(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, broken_json: bool
) -> None:
    """A batch's index rows go in as one JSON array of keys (``json_each``); keys JSON escapes (quotes, backslashes,
    control characters, emoji) are the same keys, and an SQLite without JSON functions gets a row each."""
    if broken_json:  # (what an SQLite without json_each answers: an OperationalError)
        monkeypatch.setattr(batched, "_json", lambda keys: "not json")
    names = ['a "quoted" name.txt', "back\\slash\\x.txt", "line\nbreak\t.txt", "emoji 😂.txt", "über/ç.txt", "\x01.txt"]
    path = tmp_path / "s.db"
    with ParseCache(path, version="v1") as store:
        store.put([(name, "d", (None, SKIPPED)) for name in names])
        store.put_scores([(name, [0.5]) for name in names])
    with ParseCache(path, version="v1") as store:
        assert sorted(store.get([(name, "d") for name in names])) == sorted(names)
        assert sorted(store.get_scores(names)) == sorted(names)
        assert sorted(name for (name,) in store.db.execute(f"SELECT source FROM {cache.TABLE}")) == sorted(names)


@pytest.mark.parametrize("overrides", [None, {}, {"a1": "positive", "7": "negative"}])
def test_score_keys_are_each_rows_score_key(overrides: dict[str, str] | None) -> None:
    """The keys of a scoring task's rows, worked out together, are :func:`cache.score_key`'s, row by row (an id
    that is not a string keyed as its ``str``, its override label found by that)."""
    ids: list[object] = ["a1", 7, "b\0c", 2.5, "a1"]
    texts = ["Same girl", "", "x\0en", "🏳️‍🌈", "other"]
    wanted = overrides or {}
    expected = [cache.score_key("v", str(i), t, wanted.get(str(i))) for i, t in zip(ids, texts, strict=True)]
    assert cache.score_keys("v", ids, texts, overrides) == expected
    assert len(set(expected)) == len(expected)
