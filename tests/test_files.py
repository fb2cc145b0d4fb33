"""reactions.sources.files: regular files only, a size limit, no link out of the corpus, printable names."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from reactions.sources.files import DEFAULT_READ, ReadOptions, UnreadableError, read_bytes, read_regular, safe_name


def reason(path: Path, source: str, options: ReadOptions = DEFAULT_READ) -> str:
    with pytest.raises(UnreadableError) as caught:
        read_bytes(str(path), source, options)
    return str(caught.value)


def test_a_regular_file_is_read(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_bytes(b"hello")
    assert read_bytes(str(tmp_path / "a.txt"), "a.txt") == b"hello"


def test_a_fifo_is_refused_without_waiting_for_a_writer(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "p.txt")
    assert reason(tmp_path / "p.txt", "p.txt") == "not a regular file (a FIFO): skipped"


def test_a_link_out_of_the_corpus_is_refused_unless_asked(tmp_path: Path) -> None:
    corpus, elsewhere = tmp_path / "corpus", tmp_path / "elsewhere"
    (corpus / "sub").mkdir(parents=True)
    elsewhere.mkdir()
    (elsewhere / "secret.txt").write_bytes(b"secret")
    (corpus / "sub" / "a.txt").symlink_to(elsewhere / "secret.txt")
    why = reason(corpus / "sub" / "a.txt", "sub/a.txt")
    assert "outside the corpus folder" in why
    assert "--follow-links" in why
    assert read_bytes(str(corpus / "sub" / "a.txt"), "sub/a.txt", ReadOptions(follow_links=True)) == b"secret"


def test_a_link_within_the_corpus_is_read(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "real.txt").write_bytes(b"real")
    (tmp_path / "sub" / "b.txt").symlink_to(tmp_path / "real.txt")
    assert read_bytes(str(tmp_path / "sub" / "b.txt"), "sub/b.txt") == b"real"


def test_a_link_to_dev_zero_never_grows_memory(tmp_path: Path) -> None:
    (tmp_path / "zero.txt").symlink_to("/dev/zero")
    assert "outside the corpus folder" in reason(tmp_path / "zero.txt", "zero.txt")
    followed = reason(tmp_path / "zero.txt", "zero.txt", ReadOptions(follow_links=True))
    assert followed == "not a regular file (a character device): skipped"


def test_a_loop_of_links_is_named(tmp_path: Path) -> None:
    (tmp_path / "a.txt").symlink_to(tmp_path / "b.txt")
    (tmp_path / "b.txt").symlink_to(tmp_path / "a.txt")
    assert reason(tmp_path / "a.txt", "a.txt") == "a loop of symbolic links"


def test_the_size_limit(tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    with big.open("wb") as file:
        file.truncate(100 * 2**20)  # sparse: 100 MB that take no room
    why = reason(big, "big.txt")
    assert why == "larger than the 20 MB limit (100 MB): skipped (--max-file-size reads it)"
    (tmp_path / "edge.txt").write_bytes(b"x" * 1000)
    assert len(read_bytes(str(tmp_path / "edge.txt"), "edge.txt", ReadOptions(max_bytes=1000))) == 1000
    assert "limit" in reason(tmp_path / "edge.txt", "edge.txt", ReadOptions(max_bytes=999))


def test_a_file_that_grows_past_the_limit_while_read_is_refused() -> None:
    with pytest.raises(UnreadableError, match="limit"):
        read_regular("/proc/self/status", 10)  # a file whose size stat says 0 but holds more


def test_a_missing_file_and_a_folder_that_cannot_be_listed(tmp_path: Path) -> None:
    assert reason(tmp_path / "none.txt", "none.txt") == "no such file or folder"
    assert reason(tmp_path / "gone", "gone/").startswith("a folder that cannot be listed (no such file or folder)")


def test_undecodable_names_become_printable() -> None:
    assert safe_name("caf\udce9.txt") == "caf\\xe9.txt"
    assert safe_name("café.txt") == "café.txt"
    assert safe_name("caf\udce9.txt").encode("utf-8")
