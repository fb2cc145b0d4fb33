"""Each distinct text parsed once per process in a run: a bounded memo of parses by the digest of a document's bytes.

Real datasets and web archives repeat articles (the FakeNewsNet bulk corpus: 10,987 documents, 10,057 distinct
texts; a web archive fetches a page again).  A document whose bytes were parsed a moment ago under another name
is given that parse again, renamed (:func:`renamed`): exactly what parsing it under its own name gives, since the
name enters a parse only as the article's id, each reaction's ``source`` and its first citation
(``tests/test_memo.py`` checks the whole records for every seed, golden file and generated texts).  Only parsed
documents are kept (a skipped one, or one a guard stopped, is parsed again), and the parser's own log lines are
not repeated for a copy (its warnings are in its outcome, which the run logs as it does every outcome's).

The memo is keyed by the SHA-256 of the bytes (:func:`reactions.run.cache.content_hash`, reused when the parse
cache worked it out) and bounded: the :data:`MEMO_ENTRIES` most recently used parses, holding at most
:data:`MEMO_BYTES`; so memory stays bounded whatever the corpus.  The run's reading task keeps them without the
article's text (``texts=False``: what it reads of a parse is what the parse cache gives it, the reactions and the
article's metadata), :func:`reactions.run.units.read_corpus` with it (its records hold the text).
:func:`forget` empties it (a run starts and ends with it empty in the process that runs it).

>>> first, again = parse_once([("a.txt", b"Hi there"), ("b.txt", b"Hi there")], None, _fresh)
>>> again[0].source, again[1].path, first[0].text == again[0].text
('b.txt', 'b.txt', True)
"""

from __future__ import annotations

import dataclasses
import sys
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Final

from reactions.corpus import Parsed, parse_document
from reactions.models import Article, Citation, FileOutcome, Status
from reactions.run.cache import content_hash, stored

MEMO_ENTRIES: Final = 16384
"""How many parses the memo keeps, at most: the bulk corpus's copies are a median 587 documents after their first,
99 % within 7,588; without their texts, a run finds all 930 for 3 MB more peak RSS (4,096: 890, for 1 MB)."""
MEMO_BYTES: Final = 16 * 1024 * 1024
"""How much memory the kept parses hold, at most, counted as :func:`held` counts it: with their texts, the bulk
corpus's copies found within 16 MB are 778 of 930, for 14 MB more peak RSS (8 MB: 628, for 6 MB)."""

RawDocument = tuple[str, bytes]
Parse = Callable[[list[RawDocument]], list[Parsed]]
Key = tuple[str, bool]
"""A memo's key: the digest of a document's bytes, and whether its parse keeps the article's text."""


@dataclasses.dataclass(slots=True)
class ParseMemo:
    """Parses by their :data:`Key`, least recently used first, with what each holds (:func:`held`).  Safe to share
    between threads (the page's sessions run in one process; a Dask worker may run tasks in threads)."""

    entries: OrderedDict[Key, tuple[Parsed, int]] = dataclasses.field(default_factory=OrderedDict)
    size: int = 0
    lock: threading.Lock = dataclasses.field(default_factory=threading.Lock)

    def get(self, digest: Key) -> Parsed | None:
        """The parse kept for ``digest`` (under the name it was parsed as), or ``None``."""
        with self.lock:
            found = self.entries.get(digest)
            if found is None:
                return None
            self.entries.move_to_end(digest)
            return found[0]

    def put(self, digest: Key, parsed: Parsed) -> None:
        """Keep ``parsed`` when it may be given again (:func:`reusable`), the oldest let go past the bounds."""
        size = held(parsed)
        if not reusable(parsed) or size > MEMO_BYTES:
            return
        with self.lock:
            if digest in self.entries:
                return
            self.entries[digest] = (parsed, size)
            self.size += size
            while len(self.entries) > MEMO_ENTRIES or self.size > MEMO_BYTES:
                self.size -= self.entries.popitem(last=False)[1][1]

    def clear(self) -> None:
        with self.lock:
            self.entries.clear()
            self.size = 0


_MEMO: Final = ParseMemo()


def forget() -> None:
    """Empty this process's memo."""
    _MEMO.clear()


def held(parsed: Parsed) -> int:
    """About how many bytes a parse holds: its article's text, a few hundred for the rest and for each reaction."""
    article = parsed[0]
    return 0 if article is None else sys.getsizeof(article.text) + 512 * (1 + len(article.reactions))


def reusable(parsed: Parsed) -> bool:
    """Whether a parse may be given to a copy under another name: a parsed article with a name (an empty name
    stands for a default one)."""
    article, outcome = parsed
    return article is not None and outcome.status is Status.PARSED and bool(article.source)


def renamed(parsed: Parsed, name: str) -> Parsed:
    """``parsed`` as parsing the same bytes as article ``name`` gives it (see :func:`reusable`)."""
    article, outcome = parsed
    if article is None or article.source == name:
        return parsed
    old = article.source
    reactions = tuple(
        dataclasses.replace(
            r,
            source=name if r.source == old else r.source,
            citations=tuple(Citation(name, c.span) if c.source == old else c for c in r.citations),
        )
        for r in article.reactions
    )
    copy: Article = dataclasses.replace(article, source=name, reactions=reactions)
    made: FileOutcome = dataclasses.replace(outcome, path=name, source=name)
    return copy, made


def parse_once(
    documents: Sequence[RawDocument], digests: Sequence[str] | None, parse: Parse, *, texts: bool = True
) -> list[Parsed]:
    """Each document's parse, in order: a copy's (same bytes, in the memo or earlier in ``documents``) renamed,
    the others by ``parse`` (given a list of documents, it gives their parses in order), all in one call.
    ``digests``: each document's :func:`~reactions.run.cache.content_hash`, when known.  ``texts=False``: a copy's
    article comes without its text (:func:`~reactions.run.cache.stored`, as from the parse cache), so that the memo
    holds little more than the reactions."""
    hashes = digests if digests is not None else [content_hash(data) for _, data in documents]
    keys = [(key, texts) for key in hashes]
    results: list[Parsed | None] = [None] * len(documents)
    first: dict[Key, int] = {}  # a digest's first document to parse, of those the memo lacks
    wanted: list[int] = []
    copies: list[int] = []
    for i, ((name, _), key) in enumerate(zip(documents, keys, strict=True)):
        kept = _MEMO.get(key) if name else None
        if kept is not None:
            results[i] = renamed(kept, name)
        elif name and key in first:
            copies.append(i)
        else:  # (a document without a name is parsed, never kept: its article takes a default name)
            first.update({key: i} if name else {})
            wanted.append(i)
    _parse_into(results, wanted, documents, parse)
    for i in wanted:
        if documents[i][0]:
            _MEMO.put(keys[i], _found(results[i]) if texts else stored(_found(results[i])))
    again = []
    for i in copies:
        original = _found(results[first[keys[i]]])
        if reusable(original):
            results[i] = renamed(original if texts else stored(original), documents[i][0])
        else:
            again.append(i)  # its first copy was skipped: this one is parsed too, as without the memo
    _parse_into(results, again, documents, parse)
    return [_found(found) for found in results]


def _parse_into(
    results: list[Parsed | None], wanted: list[int], documents: Sequence[RawDocument], parse: Parse
) -> None:
    if wanted:
        for i, found in zip(wanted, parse([documents[i] for i in wanted]), strict=True):
            results[i] = found


def _found(parsed: Parsed | None) -> Parsed:
    assert parsed is not None  # every document is given its parse above
    return parsed


def _fresh(documents: list[RawDocument]) -> list[Parsed]:
    return [parse_document(name, data) for name, data in documents]
