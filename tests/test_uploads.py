"""Reading uploaded files and .zip archives safely (reactions.sources.uploads)."""

from __future__ import annotations

import io
import posixpath
import stat
import zipfile
from collections.abc import Iterator
from pathlib import Path, PurePosixPath

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.models import Document, FileOutcome, Status
from reactions.run.pipeline import extract_frame
from reactions.sources.uploads import Upload, UploadLimits, read_uploads, safe_member_name

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
GOOD = (SEEDS / "000_818a6d893a3e5887.txt").read_bytes()  # four embeds
PAGE = b"<html><head><title>T</title></head><body><p>No embeds here.</p></body></html>"
OTHER = (SEEDS / "001_6d1349d1b42794d4.txt").read_bytes()  # three embeds, one shared with GOOD


def make_zip(entries: dict[str, bytes], *, symlink: str | None = None) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression=zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
        if symlink:
            info = zipfile.ZipInfo(symlink)
            info.external_attr = (stat.S_IFLNK | 0o777) << 16
            archive.writestr(info, "/etc/passwd")
    return buffer.getvalue()


def by_path(outcomes: tuple[FileOutcome, ...]) -> dict[str, FileOutcome]:
    return {o.path: o for o in outcomes}


def read_and_parse(upload: Upload, **options: object) -> dict[str, FileOutcome]:
    """Every outcome of an upload once the run parsed its documents (the page's way), by path."""
    run = extract_frame([], documents=upload.documents, cache=False, jobs=1, **options)
    return by_path((*run.outcomes, *upload.skipped))


def test_plain_files_become_documents_the_run_parses_and_merges() -> None:
    upload = read_uploads([("a.txt", GOOD), ("b.md", OTHER)])
    assert upload.documents == (Document("a.txt", GOOD), Document("b.md", OTHER))
    assert upload.skipped == ()
    run = extract_frame([], documents=upload.documents, cache=False, jobs=1)
    assert [(o.path, o.status, o.reactions) for o in run.outcomes] == [
        ("a.txt", Status.PARSED, 4), ("b.md", Status.PARSED, 3)
    ]  # fmt: skip
    assert len(run.frame) == 6  # one post is cited by both
    assert run.articles == 2


def test_bad_files_are_skipped_with_a_reason_and_the_rest_loads() -> None:
    upload = read_uploads([("empty.txt", b""), ("photo.png", b"\x89PNG"), ("bin.txt", b"\x00\x01\x02" * 50),
                           ("good.txt", GOOD)])  # fmt: skip
    outcomes = read_and_parse(upload)
    assert outcomes["empty.txt"].status is Status.SKIPPED
    assert "unsupported" in (outcomes["photo.png"].reason or "")
    assert outcomes["bin.txt"].status is Status.SKIPPED
    assert outcomes["good.txt"].reactions == 4
    assert [d.source for d in upload.documents] == ["empty.txt", "bin.txt", "good.txt"]  # the run says why


def test_zip_entries_are_read_and_unsafe_ones_skipped() -> None:
    data = make_zip(
        {"folder/a.txt": GOOD, "../escape.txt": GOOD, "/abs.txt": GOOD, "C:/win.txt": GOOD,
         "inner.zip": b"PK", "notes.pdf": b"%PDF", "b.html": PAGE},
        symlink="link.txt",
    )  # fmt: skip
    upload = read_uploads([("pack.zip", data)])
    outcomes = read_and_parse(upload)
    assert outcomes["pack.zip/folder/a.txt"].reactions == 4
    for name in ("../escape.txt", "/abs.txt", "C:/win.txt"):
        assert outcomes[f"pack.zip/{name}"].reason == "unsafe path in archive"
    assert outcomes["pack.zip/link.txt"].reason == "symbolic link in archive"
    assert outcomes["pack.zip/inner.zip"].reason == "nested archive"
    assert "unsupported" in (outcomes["pack.zip/notes.pdf"].reason or "")
    assert outcomes["pack.zip/b.html"].status is Status.PARSED
    assert [d.source for d in upload.documents] == ["pack.zip/folder/a.txt", "pack.zip/b.html"]


def test_a_broken_zip_is_one_skipped_outcome() -> None:
    upload = read_uploads([("broken.zip", b"PK\x03\x04 not really"), ("ok.txt", GOOD)])
    assert [o.path for o in upload.skipped] == ["broken.zip"]
    assert "zip" in (upload.skipped[0].reason or "")
    assert [d.source for d in upload.documents] == ["ok.txt"]


def test_an_empty_archive_says_so() -> None:
    upload = read_uploads([("empty.zip", make_zip({}))])
    assert [o.reason for o in upload.skipped] == ["empty archive: no files in it"]
    assert upload.documents == ()


def test_file_count_cap() -> None:
    data = make_zip({f"{i}.txt": GOOD for i in range(5)})
    upload = read_uploads([("many.zip", data)], limits=UploadLimits(max_files=3))
    assert [d.source for d in upload.documents] == ["many.zip/0.txt", "many.zip/1.txt", "many.zip/2.txt"]
    assert [o.path for o in upload.skipped] == ["many.zip/3.txt", "many.zip/4.txt"]
    assert "more than 3 files" in (upload.skipped[-1].reason or "")


def test_total_uncompressed_cap_stops_a_zip_bomb() -> None:
    bomb = b"a" * 2_000_000  # compresses to a few kilobytes
    data = make_zip({"1.txt": bomb, "2.txt": GOOD, "3.txt": bomb})
    assert len(data) < 50_000
    limits = UploadLimits(max_total_bytes=2_000_000, max_file_bytes=2_500_000)
    upload = read_uploads([("bomb.zip", data)], limits=limits)
    assert [d.source for d in upload.documents] == ["bomb.zip/1.txt"]  # exactly the budget
    assert [o.reason for o in upload.skipped] == ["archive limit reached: more than 1.91 MB uncompressed"] * 2


def test_a_file_larger_than_what_is_left_is_skipped_and_the_rest_still_fits() -> None:
    bomb = b"a" * 2_000_000
    data = make_zip({"1.txt": bomb, "2.txt": bomb, "3.txt": GOOD})
    limits = UploadLimits(max_total_bytes=3_000_000, max_file_bytes=2_500_000)
    upload = read_uploads([("bomb.zip", data)], limits=limits)
    assert [d.source for d in upload.documents] == ["bomb.zip/1.txt", "bomb.zip/3.txt"]
    assert [o.reason for o in upload.skipped] == ["archive limit reached: only 977 KB of uncompressed data were left"]


def test_a_forged_size_in_the_directory_cannot_pass_the_cap() -> None:
    data = bytearray(make_zip({"big.txt": b"b" * 100_000}))
    # Forge the uncompressed size (local header offset 22, central directory offset 24) to 10 bytes.
    local = data.index(b"PK\x03\x04")
    central = data.index(b"PK\x01\x02")
    data[local + 22 : local + 26] = (10).to_bytes(4, "little")
    data[central + 24 : central + 28] = (10).to_bytes(4, "little")
    upload = read_uploads([("forged.zip", bytes(data))], limits=UploadLimits(max_file_bytes=1_000))
    assert [o.path for o in upload.skipped] == ["forged.zip/big.txt"]
    assert upload.documents == ()


def test_progress_is_reported_per_uploaded_file() -> None:
    seen: list[tuple[int, int, str]] = []
    read_uploads([("a.txt", GOOD), ("b.txt", OTHER)], progress=lambda d, t, n: seen.append((d, t, n)))
    assert seen == [(1, 2, "a.txt"), (2, 2, "b.txt")]


def test_folders_in_an_uploaded_name_are_dropped() -> None:
    upload = read_uploads([("C:\\Users\\me\\a.txt", GOOD)])
    assert upload.documents[0].source == "a.txt"


@pytest.mark.parametrize(
    ("name", "safe"),
    [("a.txt", True), ("dir/sub/a.txt", True), ("dir/../../a.txt", False), ("..", False),
     ("/etc/passwd", False), ("D:\\x.txt", False), ("a\\b.txt", False), ("a\x00.txt", False), ("", False)],
)  # fmt: skip
def test_safe_member_name(name: str, safe: bool) -> None:
    assert safe_member_name(name) is safe


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400), st.sampled_from(["a.zip", "b.txt", "c.html", "d.bin"]))
def test_any_bytes_give_a_document_or_a_reason_per_file_and_never_raise(data: bytes, name: str) -> None:
    upload = read_uploads([(name, data)])
    assert len(upload.documents) + len(upload.skipped) >= 1
    assert all(o.status is Status.SKIPPED and o.reason for o in upload.skipped)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab./\\:\x00", max_size=12))
def test_a_safe_member_name_never_leaves_its_folder(name: str) -> None:
    if safe_member_name(name):
        root = PurePosixPath("/unpack")
        target = PurePosixPath(posixpath.normpath(root / name))
        assert target == root or root in target.parents


def test_upload_names_never_clash_with_loaded_articles_or_each_other() -> None:
    upload = read_uploads([("a.txt", GOOD), ("a.txt", OTHER)], taken=["a.txt"])
    assert [d.source for d in upload.documents] == ["a (2).txt", "a (3).txt"]
    zipped = read_uploads([("p.zip", make_zip({"x.txt": GOOD})), ("p.zip", make_zip({"x.txt": OTHER}))])
    assert [d.source for d in zipped.documents] == ["p.zip/x.txt", "p (2).zip/x.txt"]


def test_an_upload_over_the_time_limit_is_reported_and_the_rest_are_read() -> None:
    post = "So proud #win \u2014 Fan (@fan) May 1, 2020\n\n"
    big = (post * 150_000).encode()  # seconds to parse
    upload = read_uploads([("big.txt", big), ("ok.txt", post.encode())])
    outcomes = read_and_parse(upload, time_limit=0.5)
    assert "took longer than 0.5 s to parse" in (outcomes["big.txt"].reason or "")
    assert (outcomes["ok.txt"].status, outcomes["ok.txt"].reactions) == (Status.PARSED, 1)


def test_a_dataset_upload_is_read_from_memory_one_article_a_row() -> None:
    import pandas as pd

    rows = pd.DataFrame({"title": ["One", "Two", "Empty"], "text": [GOOD.decode(), OTHER.decode(), ""],
                         "url": ["https://www.bbc.co.uk/a", "https://cnn.com/b", None]})  # fmt: skip
    csv = rows.to_csv(index=False).encode()
    parquet = io.BytesIO()
    rows.to_parquet(parquet)
    upload = read_uploads([("news.csv", csv), ("news.parquet", parquet.getvalue())])
    assert [d.source for d in upload.documents] == ["news.csv#1", "news.csv#2", "news.parquet#1", "news.parquet#2"]
    assert [d.url for d in upload.documents][:2] == ["https://www.bbc.co.uk/a", "https://cnn.com/b"]
    assert [o.path for o in upload.skipped] == ["news.csv", "news.parquet"]  # the empty row, named
    run = extract_frame([], documents=upload.documents, cache=False, jobs=1)
    assert {o for cited in run.frame["outlets"] for o in cited} == {"bbc.co.uk", "cnn.com"}


def test_a_web_archive_upload_is_read_and_a_name_never_reaches_the_disk(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from warc_factory import golden_pages, write_warc

    write_warc(tmp_path / "crawl.warc.gz", golden_pages()[:3])
    data = (tmp_path / "crawl.warc.gz").read_bytes()
    monkeypatch.chdir(tmp_path)  # a file of the upload's name on disk must not be what is read
    (tmp_path / "other.warc.gz").write_bytes(data)
    upload = read_uploads([("other.warc.gz", b"not an archive at all")])
    assert upload.documents == ()
    assert [(o.path, o.reason) for o in upload.skipped] == [
        ("other.warc.gz", "not a web archive: no WARC or ARC record in it")
    ]
    upload = read_uploads([("crawl.warc.gz", data)])
    assert [d.source for d in upload.documents] == [f"https://news.example/{n}" for n, _ in golden_pages()[:3]]
    assert (read_uploads([("x.gz", b"\x1f\x8b")]).skipped[0].reason or "").startswith("unsupported file type")


def test_a_dataset_upload_stops_where_its_budget_does_with_one_outcome() -> None:
    import gzip
    import json

    data = gzip.compress("".join(json.dumps({"text": f"{i} " + "x" * 1000}) + "\n" for i in range(2000)).encode())
    upload = read_uploads([("data.jsonl.gz", data)], limits=UploadLimits(max_total_bytes=10_000))
    assert len(upload.documents) == 4  # each row costs its text and 1 KB (ROW_COST)
    assert [(o.path, o.reason) for o in upload.skipped] == [  # on main: 1,991 outcomes, each logged
        ("data.jsonl.gz", "upload limit reached: more than 9.77 KB of articles; 4 read, the rest of the file is not")]


def test_a_compressed_bomb_upload_is_one_named_outcome_and_the_rest_is_read() -> None:
    import gzip

    bomb = gzip.compress(bytes(64 << 20))  # 64 KB that inflate to 64 MB of NUL
    upload = read_uploads([("data.csv.gz", bomb), ("ok.txt", GOOD)])
    assert [d.source for d in upload.documents] == ["ok.txt"]
    assert [(o.path, o.reason) for o in upload.skipped] == [
        ("data.csv.gz", "line 1: 64 MB, longer than the 30 MB a row may take: the file ends in it")]


def test_a_guarded_upload_reads_as_in_process_but_in_another_process(monkeypatch: pytest.MonkeyPatch) -> None:
    import os

    from reactions.run import uploads as guarded

    files = [("a.txt", GOOD), ("news.csv", b"text\nFirst row\n"), ("bad.exe", b"MZ")]
    assert guarded.read_uploads_guarded(files, taken=["a.txt"]) == read_uploads(files, taken=["a.txt"])
    if guarded.worker_context().get_start_method() != "fork":
        pytest.skip("the stand-in below reaches the worker only when it is forked")

    def where(files: object, state: guarded.UploadState, **_: object) -> Iterator[tuple[Upload, object]]:
        for _file in files:  # type: ignore[attr-defined]
            yield Upload(skipped=(FileOutcome(str(os.getpid()), None, Status.SKIPPED),)), state

    monkeypatch.setattr(guarded, "read_uploads_each", where)
    readers = {o.path for o in guarded.read_uploads_guarded(files).skipped}
    assert len(readers) == 1
    assert str(os.getpid()) not in readers


def test_an_upload_that_takes_too_long_to_decode_is_stopped_named_and_the_rest_read() -> None:
    import gzip

    from reactions.run.uploads import read_uploads_guarded

    slow = gzip.compress(b"id,text\n" + b"1,\n" * 3_000_000)  # seconds of empty rows
    files = [("a.txt", GOOD), ("slow.csv.gz", slow), ("a.txt", OTHER)]
    upload = read_uploads_guarded(files, taken=["seed.txt"], time_limit=0.5)
    assert [d.source for d in upload.documents] == ["a.txt", "a (2).txt"]  # names go on in the fresh process
    assert [(o.path, o.reason) for o in upload.skipped] == [
        ("slow.csv.gz", "took longer than 0.5 s to read and was stopped")]
