"""The parse memo (reactions/run/memo.py): a copy's parse is what parsing it under its own name gives."""

from __future__ import annotations

import dataclasses
import json
import threading
from pathlib import Path
from types import ModuleType

import pytest

from reactions.corpus import Parsed, parse_document
from reactions.run import memo
from reactions.run.cache import content_hash, stored
from reactions.run.memo import forget, parse_once, renamed
from reactions.run.units import read_corpus

ROOT = Path(__file__).resolve().parent.parent
FILES = sorted(
    path
    for folder in ("seeds", "tests/golden", "tests/golden_html")
    for path in (ROOT / folder).rglob("*")
    if path.is_file() and path.suffix in (".txt", ".md", ".html", ".htm")
)
NAMES = ("politifact1/news content.json", "b.txt", "news.csv#row 7", "2020/a b/ü.html", "a.txt.txt")


@pytest.fixture(autouse=True)
def empty_memo() -> None:
    forget()


def _generated(corpus_generator: ModuleType, count: int) -> list[bytes]:
    gen = corpus_generator.Generator(3, 0.3)
    return [gen.article()[1].encode("utf-8") for _ in range(count)]


def _counting() -> tuple[list[str], memo.Parse]:
    asked: list[str] = []

    def parse(documents: list[tuple[str, bytes]], known: object = None) -> list[Parsed]:  # (read_corpus's known)
        asked.extend(name for name, _ in documents)
        return [parse_document(name, data) for name, data in documents]

    return asked, parse


def test_the_files_are_there() -> None:
    assert len(FILES) >= 66  # 50 texts, 16 pages


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_copy_of_each_seed_and_golden_file_is_parsed_as_under_its_own_name(path: Path) -> None:
    data = path.read_bytes()
    parsed = parse_document("a.txt", data)
    for name in NAMES:
        assert renamed(parsed, name) == parse_document(name, data)
    article, outcome = parsed
    assert article is not None
    assert stored(parsed) == (dataclasses.replace(article, text=""), outcome)  # every other field kept


def test_a_copy_of_each_generated_article_is_parsed_as_under_its_own_name(corpus_generator: ModuleType) -> None:
    texts = _generated(corpus_generator, 80)
    documents = [(f"first/{i}.txt", data) for i, data in enumerate(texts)]
    copies = [(f"copy/{i}/news content.json", data) for i, data in enumerate(texts)]
    asked, parse = _counting()
    got = parse_once(documents, None, parse) + parse_once(copies, None, parse)
    assert got == [parse_document(name, data) for name, data in documents + copies]  # whole records
    assert asked == [name for name, _ in documents]  # the copies were not parsed
    assert sum(len(article.reactions) for article, _ in got if article is not None) > 50


def test_the_run_takes_a_copy_without_its_text_as_from_the_parse_cache(corpus_generator: ModuleType) -> None:
    texts = _generated(corpus_generator, 40)
    documents = [(f"first/{i}.txt", data) for i, data in enumerate(texts)]
    copies = [(f"politifact{i}/news content.json", data) for i, data in enumerate(texts)]
    asked, parse = _counting()
    got = parse_once(documents + copies[:5], None, parse, texts=False) + parse_once(copies, None, parse, texts=False)
    assert got[:40] == [parse_document(name, data) for name, data in documents]
    assert got[40:] == [stored(parse_document(name, data)) for name, data in copies[:5] + copies]
    assert asked == [name for name, _ in documents]
    asked.clear()
    again = parse_once(copies, None, parse)  # a reading that keeps the texts never gets a parse kept without
    assert again == [parse_document(name, data) for name, data in copies]
    assert len(asked) == 40


def test_copies_within_one_batch_and_skipped_documents() -> None:
    text = "So proud of you #win \u2014 Fan (@fan) May 1, 2020".encode()
    documents = [("a.txt", text), ("b.txt", b""), ("c.txt", text), ("d.txt", b""), ("", text), ("e.txt", b"\x00\x01")]
    asked, parse = _counting()
    got = parse_once(documents, [content_hash(data) for _, data in documents], parse)
    assert got == [parse_document(name, data) for name, data in documents]
    assert got[2][0] is not None
    assert got[2][0].reactions[0].citations[0].source == "c.txt"
    assert asked == ["a.txt", "b.txt", "", "e.txt", "d.txt"]  # a skipped one's copy parsed again; no name: parsed


def test_the_memo_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "MEMO_ENTRIES", 3)
    documents = [(f"{i}.txt", f"Text number {i}.".encode()) for i in range(10)]
    parse_once(documents, None, _counting()[1])
    assert len(memo._MEMO.entries) == 3
    asked, parse = _counting()
    parse_once([("again.txt", documents[0][1]), ("again2.txt", documents[9][1])], None, parse)
    assert asked == ["again.txt"]  # the oldest let go, the newest kept
    monkeypatch.setattr(memo, "MEMO_BYTES", 2 * memo.held(parse_document("x", documents[0][1])))
    parse_once(documents, None, _counting()[1])
    assert memo._MEMO.size <= memo.MEMO_BYTES
    assert len(memo._MEMO.entries) == 2


def test_a_folder_with_copies_reads_as_without_the_memo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = "Story. So proud #win \u2014 Fan (@fan) May 1, 2020"
    for i in range(4):
        (tmp_path / f"politifact{i}").mkdir()
        (tmp_path / f"politifact{i}" / "news content.json").write_text(json.dumps({"text": text, "title": f"T{i}"}))
    asked, parse = _counting()
    monkeypatch.setattr("reactions.run.units._parse_all", parse)
    corpus = read_corpus([tmp_path])
    assert len(asked) == 1
    assert len(corpus.articles) == 4
    assert [a.title for a in corpus.articles] == ["T0", "T1", "T2", "T3"]
    assert corpus.reactions[0].sources == tuple(f"politifact{i}" for i in range(4))
    assert not memo._MEMO.entries  # let go when the reading ends


def test_threads_share_the_memo_while_one_forgets_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(memo, "MEMO_ENTRIES", 5)  # entries let go all the time
    documents = [(f"{i}.txt", f"So proud #win{i % 7} \u2014 Fan (@fan) May 1, 2020".encode()) for i in range(60)]
    expected = [parse_document(name, data) for name, data in documents]
    got: list[list[Parsed]] = []

    def read() -> None:
        for _ in range(5):
            got.append(parse_once(documents, None, _counting()[1], texts=False))
            forget()

    threads = [threading.Thread(target=read) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(got) == 20
    for each in got:  # a document parsed here keeps its text, a copy's comes without (whichever thread kept it)
        assert all(found in (parsed, stored(parsed)) for found, parsed in zip(each, expected, strict=True))
