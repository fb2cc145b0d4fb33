"""The run's tasks, pure and picklable, the same on every executor (this process, a worker process, a Dask
worker): :func:`read_chunk` reads one unit (:mod:`reactions.run.units`) into the frame's columns, :func:`score_chunk`
scores new reactions; :class:`reactions.corpus.Merge` folds the chunks into one row per reaction in reading order.
Only plain lists travel between processes, never the records.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import json
import logging
import os
import sys
import threading
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, Final

from reactions.corpus import Parsed, parse_document, with_metadata
from reactions.languages import detected_languages, language_columns
from reactions.models import ArticleInfo, Document, FileOutcome
from reactions.outcomes import Outcomes
from reactions.run.cache import KEY_NAME, ParseCache, parser_version, score_keys
from reactions.run.guard import GuardedParser, kept, parse_within
from reactions.run.memo import forget, parse_once
from reactions.run.parallel import cached_results
from reactions.run.units import (
    DocumentBatch,
    KnownTexts,
    Unit,
    documents_only,
    known_text,
    known_texts,
    unit_documents,
    unit_parses,
)
from reactions.sentiment import SENTIMENT_COLUMNS, score_columns
from reactions.sources import DEFAULT_SOURCE, SourceOptions
from reactions.sources.files import DEFAULT_READ, ReadOptions
from reactions.table import article_info, reaction_columns, whole_texts

logger = logging.getLogger(__name__)


@dataclasses.dataclass(slots=True)
class Chunk:
    """What :func:`read_chunk` sends back for a few files.

    Fields:
        outcomes: one per file, in order, packed (:class:`~reactions.outcomes.Outcomes`: a worker's travel back as a
            few strings and arrays, not as records, which took 1.8 ms a thousand to pickle and 1.6 ms to load).
        columns: the frame's columns (those worked out from the citing articles,
            :data:`~reactions.frames.ARTICLE_COLUMNS`, left out) of every reaction of these files, in order,
            duplicates included: the values ``to_frame`` gives a reaction cited by one article.
        articles: what the frame tells of each article a reaction of these files cites (its outlet, title,
            publication time), by article id; the others are not kept.
        digests: each read file's content hash, by path (``None``: not known); empty without a store.
        parsed: how many files were parsed (the others came from the cache).
        error: why the store failed, if it did.
        detected: the language detector's answer for the text of each reaction with no language tag, by text
            (:func:`~reactions.languages.detected_languages`): told here, in parallel, not again for the frame
            (empty when ``read_chunk`` was asked not to: a run all in one process tells them after its reading).
    """

    outcomes: Outcomes
    columns: dict[str, list[Any]]
    articles: dict[str, ArticleInfo]
    digests: dict[str, str | None]
    parsed: int
    error: str | None = None
    detected: dict[str, str] = dataclasses.field(default_factory=dict)


def read_chunk(
    unit: Unit,
    store: str | None,
    read: ReadOptions = DEFAULT_READ,
    sources: SourceOptions = DEFAULT_SOURCE,
    guard: GuardedParser | float | None = None,
    detect: bool = True,
) -> Chunk:
    """Read one unit (:mod:`reactions.run.units`: a few files, a dataset's part, documents in memory), parse its
    documents (or take their parse from the store's parse cache) and turn their reactions into columns; the
    reading task.  ``guard``: parse in its worker processes, each document within its time limit (this process
    only: a guard does not travel to another); a number: parse here, each document within that many seconds
    (:func:`~reactions.run.guard.parse_within`).  ``detect=False``: the languages are not told here
    (``Chunk.detected`` empty): a run whose tasks all run in its own process tells them once, after the reading,
    where the detector's model is still in the CPU's caches between two texts (between two parses it is not:
    fastText's ``predict`` takes 2-3 times as long)."""
    cache, error = _task_store(store)
    with _released(cache):
        items = unit_documents(unit, read, sources)
        documents = [(doc.source, doc.data) for doc in documents_only(items)]
        strings = known_texts(documents_only(items))
        cached, digests = cached_results(documents, cache)
        misses = [i for i, hit in enumerate(cached) if hit is None]
        wanted = [digests[i] for i in misses] if digests else None  # (a copy's parse is the memo's: memo.py)
        parse = functools.partial(_parse, guard=guard, known=strings)
        fresh = parse_once([documents[i] for i in misses], wanted, parse, texts=False)
        filled = iter(fresh)
        parsed = [hit if hit is not None else next(filled) for hit in cached]
        if cache is not None and misses:
            cache.put((documents[i][0], digests[i], fresh[n]) for n, i in enumerate(misses) if kept(fresh[n][1]))
            if in_a_worker():  # no end of the run to flush at
                cache.flush()
            error = error or cache.error
    outcomes, parses = unit_parses(items, parsed)
    digest_of: dict[str, str | None] = {}
    if cache is not None:
        known = iter(digests)
        for path, item in items:
            if isinstance(item, FileOutcome):
                digest_of.setdefault(path, None)
            else:
                digest_of[path] = next(known)
    # the columns of the citing articles are worked out once, after the merge (from every citing article)
    columns = reaction_columns([r for article, _ in parses for r in article.reactions])
    cited = {source for sources in columns["sources"] for source in sources}
    infos = {  # (with_metadata keeps an article's id and reactions: only the cited ones need it)
        article.source: article_info(with_metadata(article, document))
        for article, document in parses
        if article.source in cited
    }
    detected = detected_languages(whole_texts(columns), columns["lang"]) if detect else {}
    return Chunk(Outcomes.of(outcomes), columns, infos, digest_of, len(misses), error, detected)


WARM_UP: Final = Document(
    "warm-up.txt",
    "Fans spoke up. \u201cSo proud of you all \U0001f44d #win https://t.co/abc\u201d "
    "\u2014 Jane Fan (@janefan) May 1, 2020\n".encode(),
    url="https://www.example.co.uk/news/1",
)
"""A document whose reading and scoring build what the tasks build on first use (the parser's emoji patterns,
tldextract's suffix list, the language detector's model, VADER's lexicons)."""


def in_a_worker() -> bool:
    """Whether this process is a worker that :mod:`multiprocessing` started (which has it loaded, so that a run in
    one process need not load it to ask)."""
    loaded = sys.modules.get("multiprocessing")
    return loaded is not None and loaded.parent_process() is not None


def warm_up() -> None:
    """Read and score :data:`WARM_UP` once, leaving nothing behind but what is built on first use (cached tables,
    the same in every process, that no result depends on): done before a process pool's workers are forked
    (:func:`reactions.run.parallel.shared_pool`), so that they inherit it instead of each building it again
    (0.2 CPU-s per worker on the FakeNewsNet bulk corpus)."""
    try:
        chunk = read_chunk(DocumentBatch((WARM_UP,), (WARM_UP.source,)), None)
        posts = whole_texts(chunk.columns)
        score_chunk(chunk.columns["id"], posts, chunk.columns["lang"], None, None, None, chunk.detected)
    except Exception as error:  # a warm-up costs speed, never the run: the tasks meet what failed on their own
        logger.debug("warm-up failed: %s", error)
    finally:
        forget()  # (its parse is not a run's)


def _parse(documents: list[tuple[str, bytes]], guard: GuardedParser | float | None, known: KnownTexts) -> list[Parsed]:
    """Each document parsed, in this process (a string it was read as taken, not decoded again: ``known``) or in the
    guard's workers."""
    if isinstance(guard, float | int):
        return parse_within(documents, guard)
    if guard is not None:
        return list(guard.parse(documents))
    return [parse_document(source, data, text=known_text(known, source, data)) for source, data in documents]


def score_chunk(
    ids: list[str],
    texts: list[str],
    tags: list[str | None],
    lexicon: Mapping[str, float] | None,
    overrides: Mapping[str, str] | None,
    store: str | None,
    detected: Mapping[str, str] | None = None,
) -> tuple[dict[str, list[Any]], str | None, dict[str, str]]:
    """The sentiment columns (:data:`reactions.sentiment.SENTIMENT_COLUMNS`, plain lists:
    :func:`reactions.sentiment.score_columns`) of a few reactions, with the store's score cache when ``store`` is
    given, the store's error if it failed, and the detector's answer for each text with no language tag, by text;
    the scoring task.  ``tags``: the embeds' language tags (the language of each is told here,
    :func:`reactions.languages.language_columns`, and picks its scorer; ``detected``: the detector's answers already
    told, by text).  A run with workers tells the languages here, once per new reaction, one text after another
    (the model stays in the CPU's caches), rather than in its reading tasks: those asked again for every copy of a
    reaction, and between two parses (``read_chunk``'s ``detect``)."""
    langs, told = language_columns(texts, tags, detected)
    answers = {text: lang for text, lang, how in zip(texts, langs, told, strict=True) if how == "detected"}
    cache, error = _task_store(store)
    if cache is None:
        return score_columns(texts, langs=langs, ids=ids, lexicon=lexicon, overrides=overrides), error, answers
    with _released(cache):
        scored = score_cached(ids, texts, langs, cache, lexicon=lexicon, overrides=overrides)
        return scored, cache.error, answers


def score_cached(
    ids: list[str],
    texts: list[str],
    langs: Sequence[str | None],
    cache: ParseCache,
    *,
    lexicon: Mapping[str, float] | None = None,
    overrides: Mapping[str, str] | None = None,
) -> dict[str, list[Any]]:
    """:func:`reactions.sentiment.score_columns` (the one scorer) through the store's score cache: the same columns,
    but rows scored by an earlier run with the same text, id, language, override, lexicon and code are not scored
    again (the scoring task's cache)."""
    keys = _score_keys(ids, texts, langs, cache.version, lexicon, overrides)
    known = cache.get_scores(keys)
    missing = [i for i, key in enumerate(keys) if key not in known]
    if missing:
        some = bool(known)  # (a cold run scores every row: its columns as they are, not taken apart again)
        fresh = score_columns(
            [texts[i] for i in missing] if some else texts, langs=[langs[i] for i in missing] if some else langs,
            ids=[ids[i] for i in missing] if some else ids, lexicon=lexicon, overrides=overrides,
        )  # fmt: skip
        rows = list(map(list, zip(*(fresh[name] for name in SENTIMENT_COLUMNS), strict=True)))
        cache.put_scores((keys[i], row) for i, row in zip(missing, rows, strict=True))
        if not some:
            return fresh
        known.update(zip((keys[i] for i in missing), rows, strict=True))
    values = [known[key] for key in keys]
    return {name: [row[j] for row in values] for j, name in enumerate(SENTIMENT_COLUMNS)}


def _score_keys(
    ids: list[str],
    texts: list[str],
    langs: Sequence[str | None],
    version: str,
    lexicon: Mapping[str, float] | None,
    overrides: Mapping[str, str] | None,
) -> list[str]:
    terms = json.dumps(sorted((str(k), float(v)) for k, v in (lexicon or {}).items()))
    version = f"{version}:{hashlib.sha256(terms.encode()).hexdigest()[:16]}"
    scored = [  # the language picks the scorer (reactions.sentiment_languages): it is scored
        f"{t}\0{lang}" if isinstance(t, str) else f"\0<missing>\0{lang}" for t, lang in zip(texts, langs, strict=True)
    ]
    return score_keys(version, ids, scored, overrides)


_OPEN_STORES: dict[tuple[int, str], tuple[tuple[int, ...], ParseCache]] = {}
"""The stores open in this process's main thread (by process id and path: a forked worker never uses, nor
closes, its parent's connection), with the identity of the file and of its signing key they were opened on.
A task reuses the connection (opening one, laying out its tables and reading the key cost more than a small
task's reading) as long as neither file was replaced."""
OPEN_STORES_KEPT: Final = 4
"""Stores kept open per process (the least recently opened is closed)."""


def _task_store(store: str | None) -> tuple[ParseCache | None, str | None]:
    """The store, for one task: the connection this process opened on the same files, else a new one."""
    if store is None:
        return None, None
    if threading.current_thread() is not threading.main_thread():  # a connection is its thread's (the page's
        try:  # script threads come and go): one per task there, closed after it
            return ParseCache(Path(store), parser_version()), None
        except Exception as error:  # sqlite3.Error, OSError: the task goes on uncached
            return None, f"cannot open it: {error}"
    slot = (os.getpid(), store)
    try:
        identity = _identity(store)
        known = _OPEN_STORES.get(slot)
        if known is not None and known[0] == identity:
            return known[1], None
        cache = ParseCache(Path(store), parser_version())
    except Exception as error:  # sqlite3.Error, OSError: the task goes on uncached
        return None, f"cannot open it: {error}"
    _forget(slot)
    _OPEN_STORES[slot] = (_identity(store), cache)
    mine = [key for key in _OPEN_STORES if key[0] == slot[0]]
    for key in mine[: max(0, len(mine) - OPEN_STORES_KEPT)]:
        _forget(key)
    return cache, None


def flush_stores() -> None:
    """Write what this process's open stores keep in memory (:meth:`ParseCache.flush`) and close them: the end of
    a run (the next run, in a long-lived process such as the page's, opens them again and sees a file that was
    damaged or replaced in place meanwhile).  Only the main thread keeps stores open (another thread's run
    closed each of its own after its task)."""
    if threading.current_thread() is not threading.main_thread():
        return
    for slot in [slot for slot in _OPEN_STORES if slot[0] == os.getpid()]:
        _forget(slot)


def _forget(slot: tuple[int, str]) -> None:
    """Close this process's connection to a store, if it has one."""
    known = _OPEN_STORES.pop(slot, None)
    if known is not None:
        known[1].close()


def _identity(store: str) -> tuple[int, ...]:
    """Device and inode of the store file and of its signing key (0s for one that is not there yet)."""
    found: list[int] = []
    for path in (store, os.path.join(os.path.dirname(store), KEY_NAME)):
        try:
            info = os.stat(path)
        except FileNotFoundError:
            found += (0, 0)
        else:
            found += (info.st_dev, info.st_ino)
    return tuple(found)


@contextlib.contextmanager
def _released(cache: ParseCache | None) -> Iterator[None]:
    """One task's use of the store; one not kept open, or that failed, is closed after it (the next task opens
    it again)."""
    try:
        yield
    finally:
        slot = (os.getpid(), str(cache.path)) if cache is not None else None
        kept = slot is not None and _OPEN_STORES.get(slot, (None, None))[1] is cache
        if cache is not None and (cache.broken or not kept):
            if kept:
                _OPEN_STORES.pop((os.getpid(), str(cache.path)))
            cache.close()
