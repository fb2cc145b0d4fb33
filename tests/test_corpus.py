"""corpus: listing files, one outcome per file, bad files skipped with a reason, dedupe across articles."""

from __future__ import annotations

import dataclasses
import datetime as dt
import logging
import os
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.corpus import (
    iter_article_paths,
    list_files,
    merge_reactions,
    parse_document,
    read_article,
    scan_files,
)
from reactions.errors import InputError
from reactions.frames import to_frame
from reactions.models import Article, Citation, Corpus, FileOutcome, Reaction, Status
from reactions.run.pipeline import extract_frame
from reactions.run.units import read_corpus

MakeReaction = Callable[..., Reaction]

GOOD = " date 2020-02-02 Title\n\nSo good #wow — Ann Lee (@ann_lee) Feb 2, 2020\n".encode()
CP1252 = "Café “quoted” — fan (@fan_1) Feb 2, 2020\n".encode("cp1252")
MOJIBAKE = "so true â€” a fan. Wow â€” Ann (@ann) Feb 2, 2020\n".encode()
BINARY = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" * 10
HTML = (
    b'<html><head><title>T</title></head><body><p>Intro</p><blockquote class="twitter-tweet"><p>So good '
    b'#wow</p>&mdash; Ann (@ann) <a href="https://twitter.com/ann/status/1223379372541931520">February 1, '
    b"2020</a></blockquote></body></html>"
)


# --- listing ----------------------------------------------------------------------------------------


def touch(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(GOOD)


def test_folders_are_searched_recursively_sorted_and_filtered(tmp_path: Path) -> None:
    touch(tmp_path, "b.txt", "a.md", "sub/c.html", "sub/d.HTM", "sub/deeper/e.TXT", "z.json", "notes.py",
          ".hidden.txt", ".git/config.txt", "sub/.cache/x.txt", ".reactions.db")  # fmt: skip
    listed = list_files([tmp_path])
    assert [source for _, source in listed] == ["a.md", "b.txt", "sub/c.html", "sub/d.HTM", "sub/deeper/e.TXT"]
    assert iter_article_paths([tmp_path]) == [tmp_path / s for _, s in listed]


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        (["doc.json"], [("doc.json", "doc.json")]),  # a file given directly is read whatever its extension
        (["missing.txt"], [("missing.txt", "missing.txt")]),  # listed: reading it gives the outcome
        (["dir", "dir/a.txt"], [("dir/a.txt", "a.txt")]),  # a file reached twice is read once
        (["dir/a.txt", "dir"], [("dir/a.txt", "a.txt")]),
        ([], []),
    ],
)
def test_listing_of_paths_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, given: list[str], expected: list[tuple[str, str]]
) -> None:
    touch(tmp_path, "doc.json", "dir/a.txt")
    monkeypatch.chdir(tmp_path)
    assert [(p.as_posix(), s) for p, s in list_files(given)] == expected


def test_a_single_path_need_not_be_in_a_list(tmp_path: Path) -> None:
    touch(tmp_path, "a.txt")
    assert (
        list_files(tmp_path) == list_files([tmp_path]) == list_files(str(tmp_path)) == [(tmp_path / "a.txt", "a.txt")]
    )
    assert len(read_corpus(str(tmp_path)).articles) == 1


def test_links_are_listed_once_and_linked_folders_not_followed(tmp_path: Path) -> None:
    touch(tmp_path, "a.txt", "sub/b.txt", "elsewhere/c.txt")
    (tmp_path / "alias.txt").symlink_to(tmp_path / "a.txt")  # the same file again: listed once, first by id
    (tmp_path / "broken.txt").symlink_to(tmp_path / "gone.txt")  # listed: reading it says why it fails
    (tmp_path / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    assert [s for _, s in list_files([tmp_path])] == ["a.txt", "broken.txt", "elsewhere/c.txt", "sub/b.txt"]
    assert [s for _, s in list_files([tmp_path / "linked", tmp_path])] == [
        "c.txt", "a.txt", "broken.txt", "sub/b.txt"
    ]  # fmt: skip


def test_scan_files_gives_each_files_stat(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path, "a.txt", "sub/b.md")
    (tmp_path / "broken.txt").symlink_to(tmp_path / "gone.txt")
    listed = scan_files([tmp_path, tmp_path / "missing.txt"], stat=True)
    assert [(item.source, item.stat is not None) for item in listed] == [
        ("a.txt", True), ("broken.txt", False), ("sub/b.md", True), ("missing.txt", False)
    ]  # fmt: skip
    assert listed[2].stat == (tmp_path / "sub" / "b.md").stat()
    assert all(item.stat is None for item in scan_files([tmp_path]))
    monkeypatch.chdir(tmp_path)
    assert [item.path for item in scan_files(".")] == ["a.txt", "broken.txt", "sub/b.md"]  # as Path(".", id) spells it
    assert [item.path for item in scan_files("sub/")] == ["sub/b.md"]


def test_the_same_article_id_in_two_folders_is_a_warning(tmp_path: Path) -> None:
    touch(tmp_path, "one/a.txt", "two/a.txt")
    corpus = read_corpus([tmp_path / "one", tmp_path / "two"])
    assert [a.source for a in corpus.articles] == ["a.txt", "a.txt"]
    assert corpus.outcomes[0].warnings == ()
    assert corpus.outcomes[1].warnings == (
        f"article id 'a.txt' is also the id of {tmp_path / 'one' / 'a.txt'}: their citations cannot be told apart",
    )


def test_a_repeated_article_id_keeps_one_note_for_all_its_copies(tmp_path: Path) -> None:
    """A corpus copied 16 times repeats every id 15 times: one note per id, not one per copy (memory)."""
    touch(tmp_path, "one/a.txt", "two/a.txt", "three/a.txt", "four/b.txt", "five/b.txt")
    outcomes = read_corpus([tmp_path / name for name in ("one", "two", "three", "four", "five")]).outcomes
    assert [len(outcome.warnings) for outcome in outcomes] == [0, 1, 1, 0, 1]
    assert outcomes[1].warnings is outcomes[2].warnings
    assert "'b.txt' is also the id of" in outcomes[4].warnings[0]


# --- one document ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("data", "status", "reactions", "warning", "reason"),
    [
        (GOOD, Status.PARSED, 1, None, None),
        (b"", Status.SKIPPED, 0, None, "empty"),
        (b" \n\t\n", Status.SKIPPED, 0, None, "empty"),
        (BINARY, Status.SKIPPED, 0, None, "binary"),
        (CP1252, Status.PARSED, 1, "cp1252", None),
        (MOJIBAKE, Status.PARSED, 1, "mojibake", None),
        (HTML, Status.PARSED, 1, None, None),
        (b"No posts here, just prose.\n", Status.PARSED, 0, None, None),
    ],
    ids=["good", "empty", "blank", "binary", "cp1252", "mojibake", "html", "no-posts"],
)
def test_parse_document_outcomes(
    data: bytes, status: Status, reactions: int, warning: str | None, reason: str | None
) -> None:
    article, outcome = parse_document("x/doc.txt", data)
    assert (outcome.path, outcome.status, outcome.reactions) == ("x/doc.txt", status, reactions)
    if status is Status.PARSED:
        assert article is not None
        assert (article.source, outcome.source, len(article.reactions)) == ("x/doc.txt", "x/doc.txt", reactions)
        assert outcome.reason is None
    else:
        assert (article, outcome.source) == (None, None)
        assert reason is not None
        assert outcome.reason is not None
        assert reason in outcome.reason
    if warning is not None:
        assert any(warning in w for w in outcome.warnings), outcome.warnings


def test_decoding_repairs_the_text() -> None:
    cp1252, _ = parse_document("a.txt", CP1252)
    mojibake, _ = parse_document("b.txt", MOJIBAKE)
    assert cp1252 is not None
    assert mojibake is not None
    assert cp1252.reactions[0].text == "Café “quoted”"
    assert "—" in mojibake.text
    assert "â€" not in mojibake.text


def test_html_is_detected_by_content_not_name() -> None:
    article, _ = parse_document("saved-page.txt", HTML)
    assert article is not None
    assert article.reactions[0].status_id == "1223379372541931520"


def test_article_warnings_reach_the_outcome() -> None:
    data = b"A post without a handle\n\xe2\x80\x94 Some Name February 1, 2020\n"
    article, outcome = parse_document("w.txt", data)
    assert article is not None
    assert article.warnings
    assert set(article.warnings) <= set(outcome.warnings)


TOKENS = [*"<>/=\"' &;#@—\nabp", "<p>", "</p>", '<blockquote class="twitter-tweet">', "</blockquote>", "&mdash;",
          "(@x)", "<a href='https://twitter.com/x/status/1'>", "</a>", "<script>", "<!--", "-->"]  # fmt: skip
MARKUP = st.lists(st.sampled_from(TOKENS), max_size=60).map("".join)
DOCUMENTS = (
    st.binary(max_size=400)
    | st.text(max_size=400).map(lambda t: t.encode("utf-8", "surrogatepass"))
    | MARKUP.map(lambda t: f"<!DOCTYPE html><html><body>{t}</body></html>".encode())
)


@settings(max_examples=200, deadline=None)
@given(data=DOCUMENTS)
def test_parse_document_never_raises(data: bytes) -> None:
    article, outcome = parse_document("any.txt", data)
    assert (article is None) == (outcome.status is Status.SKIPPED)
    assert outcome.path == "any.txt"


# --- reading files --------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "data", "reason"),
    [("empty.txt", b"", "empty"), ("image.txt", BINARY, "binary"), ("missing.txt", None, "no such file")],
)
def test_read_article_raises_naming_the_file(tmp_path: Path, name: str, data: bytes | None, reason: str) -> None:
    path = tmp_path / name
    if data is not None:
        path.write_bytes(data)
    with pytest.raises(InputError, match=name) as raised:
        read_article(path)
    assert reason in str(raised.value)


def test_read_article_good_file(tmp_path: Path) -> None:
    path = tmp_path / "good.md"
    path.write_bytes(GOOD)
    article = read_article(str(path))
    assert article.source == "good.md"
    assert article.date == dt.date(2020, 2, 2)
    assert [r.handle for r in article.reactions] == ["ann_lee"]


def test_bad_files_are_skipped_and_named_while_the_rest_come_through(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    files = {"1-good.txt": GOOD, "2-empty.txt": b"", "3-binary.txt": BINARY, "4-cp1252.txt": CP1252,
             "5-mojibake.txt": MOJIBAKE, "6-page.html": HTML}  # fmt: skip
    for name, data in files.items():
        (tmp_path / name).write_bytes(data)
    missing = tmp_path / "gone.txt"
    with caplog.at_level(logging.WARNING, logger="reactions.corpus"):
        corpus = read_corpus([tmp_path, missing])
    outcomes = {Path(o.path).name: o for o in corpus.outcomes}
    assert list(outcomes) == [*files, "gone.txt"]
    assert {n for n, o in outcomes.items() if o.status is Status.SKIPPED} == {"2-empty.txt", "3-binary.txt", "gone.txt"}
    assert "no such file" in (outcomes["gone.txt"].reason or "")
    assert [a.source for a in corpus.articles] == ["1-good.txt", "4-cp1252.txt", "5-mojibake.txt", "6-page.html"]
    assert len(corpus.reactions) == 4
    for name in ("2-empty.txt", "3-binary.txt", "4-cp1252.txt", "5-mojibake.txt", "gone.txt"):
        assert any(name in w for w in corpus.warnings), name
        assert any(name in r.getMessage() for r in caplog.records), name


def test_nothing_readable_gives_an_empty_corpus_not_an_error(tmp_path: Path) -> None:
    corpus = read_corpus([tmp_path / "nope", tmp_path])
    assert (corpus.articles, corpus.reactions) == ((), ())
    assert [o.status for o in corpus.outcomes] == [Status.SKIPPED]


def test_progress_is_reported_after_each_file(article_folder: Path) -> None:
    calls: list[tuple[int, int]] = []
    read_corpus([article_folder], progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 2), (2, 2)]


@pytest.mark.parametrize(
    "options", [{"jobs": 1}, {"jobs": 2}, {"jobs": 0}, {"cache": True}, {"jobs": 2, "cache": True}, {"time_limit": 30}]
)
def test_every_way_of_running_gives_the_records_frame_and_outcomes(
    article_folder: Path, options: dict[str, object]
) -> None:
    (article_folder / "empty.txt").write_bytes(b"")
    paths = [article_folder, article_folder / "missing.txt"]
    expected = read_corpus(paths)
    for _ in range(2):  # the second cached run reads from the store
        run = extract_frame(paths, **{"cache": False, **options})
        pd.testing.assert_frame_equal(run.frame, to_frame(expected))
        assert run.outcomes == expected.outcomes


def test_a_process_pool_keeps_reading_order_and_unreadable_files(tmp_path: Path) -> None:
    for i in range(70):
        post = f"Post number {i} #n{i} — Fan {i} (@fan_{i}) Feb 2, 2020\n"
        (tmp_path / f"{i:03d}.txt").write_bytes(b"" if i % 10 == 3 else post.encode())
    (tmp_path / "050.txt").unlink()
    (tmp_path / "050.txt").symlink_to(tmp_path / "nowhere")  # listed, cannot be read
    serial = read_corpus([tmp_path])
    pooled = extract_frame([tmp_path], jobs=2, cache=False)
    assert pooled.outcomes == serial.outcomes
    pd.testing.assert_frame_equal(pooled.frame, to_frame(serial))
    assert len(serial.outcomes) == 70
    assert [Path(o.path).name for o in serial.outcomes if o.status is Status.SKIPPED] == [
        *(f"{i:03d}.txt" for i in range(3, 50, 10)),
        "050.txt",
        *(f"{i:03d}.txt" for i in range(53, 70, 10)),
    ]
    assert len(serial.reactions) == 70 - 7 - 1


# --- dedupe -----------------------------------------------------------------------------------------------


def test_the_same_post_in_two_articles_is_one_reaction(article_folder: Path) -> None:
    corpus = read_corpus([article_folder])
    assert [a.source for a in corpus.articles] == ["a.txt", "sub/b.md"]
    assert sum(len(a.reactions) for a in corpus.articles) == 3
    shared, other = corpus.reactions
    assert shared.handle == "truthhurts06"
    assert shared.sources == ("a.txt", "sub/b.md")
    assert [c.source for c in shared.citations] == ["a.txt", "sub/b.md"]
    assert (shared.source, shared.span) == ("a.txt", shared.citations[0].span)
    assert other.sources == ("sub/b.md",)


def test_seeds(seeds_dir: Path) -> None:
    corpus = read_corpus([seeds_dir])
    assert len(corpus.articles) == 5
    assert sum(len(a.reactions) for a in corpus.articles) == 13
    assert len(corpus.reactions) == 12
    cited = [r for r in corpus.reactions if len(r.sources) > 1]
    assert [(r.handle, r.sources) for r in cited] == [
        ("truthhurts06", ("000_818a6d893a3e5887.txt", "001_6d1349d1b42794d4.txt"))
    ]
    assert corpus.warnings == ()


def article(source: str, *reactions: Reaction) -> Article:
    return Article(source, None, None, "", reactions=reactions)


def test_merge_keeps_order_of_first_appearance_and_every_citation(make_reaction: MakeReaction) -> None:
    a1, b1 = make_reaction("A", source="1", span=(0, 5)), make_reaction("B", source="1", span=(6, 9))
    a2, a3 = make_reaction("A", source="2", span=(3, 4)), make_reaction("A", source="2", span=(8, 9))
    merged = merge_reactions([article("1", a1, b1), article("2", a2, a3)])
    assert [r.id for r in merged] == ["A", "B"]
    assert merged[0].citations == (Citation("1", (0, 5)), Citation("2", (3, 4)), Citation("2", (8, 9)))
    assert merged[0].sources == ("1", "2")
    assert merged[1].citations == (Citation("1", (6, 9)),)


def test_merge_fills_what_the_first_occurrence_lacks(make_reaction: MakeReaction) -> None:
    plain = make_reaction("A", source="1", date=None, url=None, status_id=None, hashtags=())
    rich = make_reaction("A", source="2", date=dt.date(2020, 2, 1), url="https://x.com/a/status/1",
                         status_id="1", hashtags=("wow",), text="a different copy")  # fmt: skip
    (merged,) = merge_reactions([article("1", plain), article("2", rich)])
    assert (merged.date, merged.url, merged.status_id, merged.hashtags) == (
        dt.date(2020, 2, 1), "https://x.com/a/status/1", "1", ("wow",)
    )  # fmt: skip
    assert merged.text == plain.text
    assert merged.source == "1"


def test_merge_keeps_first_values_when_both_have_them(make_reaction: MakeReaction) -> None:
    first = make_reaction("A", source="1", display_name="First")
    second = make_reaction("A", source="2", display_name="Second")
    (merged,) = merge_reactions([article("1", first), article("2", second)])
    assert merged.display_name == "First"


def test_merge_of_nothing() -> None:
    assert merge_reactions([]) == ()
    assert merge_reactions([Article("a", None, None, "")]) == ()


def test_corpus_pickles(article_folder: Path) -> None:
    import pickle

    corpus = read_corpus([article_folder])
    assert pickle.loads(pickle.dumps(corpus)) == corpus
    assert dataclasses.replace(corpus) == corpus
    assert isinstance(corpus, Corpus)


def test_a_run_with_a_time_limit_reports_the_slow_file_and_reads_the_rest(tmp_path: Path) -> None:
    post = "So proud #win \u2014 Fan (@fan) May 1, 2020\n\n"
    (tmp_path / "big.txt").write_text(post * 150_000, encoding="utf-8")  # seconds to parse
    (tmp_path / "ok.txt").write_text(post, encoding="utf-8")
    run = extract_frame([tmp_path], time_limit=0.5, cache=False)
    assert run.frame["sources"].tolist() == [["ok.txt"]]
    (slow,) = [o for o in run.outcomes if o.status is Status.SKIPPED]
    assert slow.path.endswith("big.txt")
    assert "took longer than 0.5 s" in (slow.reason or "")


def test_a_hostile_folder_gives_every_good_reaction_and_one_named_message_per_bad_item(
    hostile_folder: Path, locked: str
) -> None:
    corpus = read_corpus([hostile_folder])
    handles = sorted(r.handle or "" for r in corpus.reactions)
    assert handles == ["ann_lee", "fan_1", "truthhurts06"]  # good.txt, the non-UTF-8 name, the NUL
    reasons = {Path(o.path).name: o.reason for o in corpus.outcomes if o.status is Status.SKIPPED}
    assert reasons == {
        "big.txt": "larger than the 20 MB limit (100 MB): skipped (--max-file-size reads it)",
        "p.txt": "not a regular file (a FIFO): skipped",
        "zero.txt": reasons["zero.txt"],
        "outside.txt": reasons["outside.txt"],
        "locked": "a folder that cannot be listed (permission denied): its files are skipped",
    }
    assert "a link to /dev/zero, outside the corpus folder" in (reasons["zero.txt"] or "")
    assert "secret.txt, outside the corpus folder" in (reasons["outside.txt"] or "")
    warned = {Path(o.path).name: o.warnings for o in corpus.outcomes if o.warnings}
    assert warned["caf\\xe9.txt"][0].startswith("the file name is not valid UTF-8")
    assert warned["nul.txt"] == ("dropped 1 NUL byte",)
    assert all(o.path.encode("utf-8") for o in corpus.outcomes)  # every name printable
    assert [a.source for a in corpus.articles if "caf" in a.source] == ["caf\\xe9.txt"]


def test_links_out_and_bigger_files_are_read_when_asked(hostile_folder: Path) -> None:
    from reactions.sources.files import ReadOptions

    corpus = read_corpus([hostile_folder], read=ReadOptions(max_bytes=200 * 2**20, follow_links=True))
    assert "spy" in {r.handle for r in corpus.reactions}
    reasons = {Path(o.path).name: o.reason for o in corpus.outcomes if o.status is Status.SKIPPED}
    assert reasons["zero.txt"] == "not a regular file (a character device): skipped"
    assert reasons["big.txt"] == "binary file (104857600 control characters in 104857600 bytes)"


_NAMES = ("news content.json", "a.txt", "B.MD", "c.csv", "d.json", ".e.txt", "f", "g.warc.gz")
_TREES = st.recursive(
    st.sampled_from(["file"]),
    lambda inner: st.dictionaries(st.sampled_from(_NAMES), inner, max_size=4),
    max_leaves=10,
)


def _make_tree(folder: Path, tree: object) -> None:
    assert isinstance(tree, dict)
    folder.mkdir(parents=True, exist_ok=True)
    for name, node in tree.items():
        if node == "file":
            (folder / name).write_text("x")
        else:
            _make_tree(folder / name, node)


@given(tree=st.dictionaries(st.sampled_from(_NAMES), _TREES, max_size=4))
def test_a_folder_is_listed_as_a_walk_of_it_lists_it(tmp_path_factory: pytest.TempPathFactory, tree: object) -> None:
    """Article files (by suffix, or a source by its name: found_in_folder), hidden ones and their folders skipped; a
    folder named like a FakeNewsNet file is a folder."""
    from reactions.corpus import SUFFIXES
    from reactions.sources import found_in_folder

    root = tmp_path_factory.mktemp("tree")
    _make_tree(root, tree)
    expected = []
    for folder, folders, files in os.walk(root):
        folders[:] = [name for name in folders if not name.startswith(".")]
        for name in files:
            if not name.startswith(".") and (Path(name).suffix.lower() in SUFFIXES or found_in_folder(name)):
                expected.append(Path(folder, name).relative_to(root).as_posix())
    assert [item.source for item in scan_files(root)] == sorted(expected)


@given(
    outcome=st.builds(
        FileOutcome, st.text(max_size=5), st.none() | st.text(max_size=5), st.sampled_from(Status),
        st.integers(0, 9), st.lists(st.text(max_size=5), max_size=2).map(tuple), st.none() | st.text(max_size=5),
    ),
    path=st.sampled_from(["a/b.txt", "caf\udce9.txt", ""]),
)
def test_located_is_the_outcome_with_its_path_replaced(outcome: FileOutcome, path: str) -> None:
    from reactions.corpus import located
    from reactions.sources.files import safe_name

    got = located(outcome, path)
    if safe_name(path) == path:
        assert got == dataclasses.replace(outcome, path=path)  # every field kept, whatever fields it has
    else:
        assert got.path == safe_name(path)
        assert got.warnings[1:] == outcome.warnings
