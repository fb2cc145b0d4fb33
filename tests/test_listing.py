"""listing: the compact listing gives what listing each file as a record gave (order, ids, paths, stats, a file
reached twice listed once), and lets go of its first files as the run cuts them into units."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from reactions.listing import SUFFIXES, Listed, Listing, scan_files
from reactions.sources import found_in_folder
from reactions.sources.files import safe_name
from reactions.sources.kinds import FAKENEWSNET_FILE

# --- the listing as it was made before (one record and one identity per file, then one sort): the oracle --------


def reference_scan(paths: list[str], stat: bool = False) -> list[Listed]:
    listed: list[Listed] = []
    seen: set[str] = set()
    for named in paths:
        root = Path(named)
        if root.is_dir():
            found = _reference_folder(root, stat)
        else:
            found = [(os.path.realpath(root), Listed(str(root), root.name or str(root), _stat(root) if stat else None))]
        for key, item in found:
            if key not in seen:
                seen.add(key)
                listed.append(item)
    return listed


def _stat(path: str | Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _reference_folder(root: Path, stat: bool) -> list[tuple[str, Listed]]:
    base = str(root)
    real = os.path.join(os.path.realpath(base), "")
    walked: list[tuple[str, str, bool]] = []  # (path, id, link)
    _reference_walk(base, "", walked)
    found = [
        (
            os.path.realpath(path) if link else real + source,
            Listed(path[2:] if base == "." else path, source, _stat(path) if stat else None),
        )
        for path, source, link in walked
    ]
    found.sort(key=lambda item: item[1].source)
    return found


def _reference_walk(folder: str, prefix: str, found: list[tuple[str, str, bool]]) -> None:
    try:
        with os.scandir(folder) as scan:
            entries = list(scan)
    except OSError:
        if prefix:
            found.append((folder, prefix, False))
        return
    for entry in entries:
        name = entry.name
        if name.startswith("."):
            continue
        if entry.is_dir():
            if not entry.is_symlink():
                _reference_walk(entry.path, f"{prefix}{safe_name(name)}/", found)
        elif name == FAKENEWSNET_FILE or Path(name).suffix.lower() in SUFFIXES or found_in_folder(name):
            found.append((entry.path, safe_name(prefix + name), entry.is_symlink()))


def touch(root: Path, *names: str) -> None:
    for name in names:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")


def listing_of(paths: list[str], stat: bool = False) -> list[Listed]:
    return list(scan_files(paths, stat=stat))


# --- order, ids and paths -------------------------------------------------------------------------------------------


def test_ids_sort_across_folders_as_the_whole_listing_sorts(tmp_path: Path) -> None:
    """A folder's files before or after a file named like the folder, as their ids sort (``/`` after ``-``, ``.``)."""
    touch(tmp_path, "a/x.txt", "a.txt", "a-b.txt", "a b.txt", "ab/y.md", "a/b/z.txt", "A.txt", "a/.hidden.txt")
    got = listing_of([str(tmp_path)])
    assert [item.source for item in got] == ["A.txt", "a b.txt", "a-b.txt", "a.txt", "a/b/z.txt", "a/x.txt", "ab/y.md"]
    assert got == reference_scan([str(tmp_path)])
    assert all(item.path == str(tmp_path / item.source) for item in got)


def test_a_name_that_is_not_utf8_keeps_its_path_and_gets_an_escaped_id(tmp_path: Path) -> None:
    folder = os.fsencode(tmp_path)
    os.makedirs(folder + b"/caf\xe9", exist_ok=True)
    for name in (b"/caf\xe9/a.txt", b"/b\xff.txt", b"/plain.txt"):
        with open(folder + name, "wb") as file:
            file.write(b"x")
    got = listing_of([str(tmp_path)])
    assert [item.source for item in got] == ["b\\xff.txt", "caf\\xe9/a.txt", "plain.txt"]
    assert [os.path.exists(item.path) for item in got] == [True, True, True]  # the path is the file's own
    assert got == reference_scan([str(tmp_path)])


@pytest.mark.parametrize(
    ("names", "ids"),
    [
        ([b"d\xff.txt", b"d\\xff.txt", b"e.txt"], ["d\\xff.txt", "e.txt"]),
        (
            [b"b\xff/a.txt", b"b\\xff/a.txt", b"b\xff/c.txt", b"b\\xff/b.txt"],
            ["b\\xff/a.txt", "b\\xff/b.txt", "b\\xff/c.txt"],
        ),
    ],
    ids=["files", "folders"],
)
def test_two_names_escaped_alike_are_one_id_as_before(tmp_path: Path, names: list[bytes], ids: list[str]) -> None:
    """``d\\xff`` (escaped) and a name that is literally ``d\\xff``: one id, as before (the first walked kept);
    two such folders' files interleave as their ids sort."""
    folder = os.fsencode(tmp_path)
    for name in names:
        os.makedirs(os.path.dirname(folder + b"/" + name), exist_ok=True)
        with open(folder + b"/" + name, "wb") as file:
            file.write(b"x")
    got = listing_of([str(tmp_path)])
    assert [item.source for item in got] == ids
    assert got == reference_scan([str(tmp_path)])


def test_the_current_folder_is_listed_by_relative_paths(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path, "a.txt", "sub/b.md")
    monkeypatch.chdir(tmp_path / "sub")
    for named in (".", "..", "../sub"):
        assert listing_of([named]) == reference_scan([named])
    assert [item.path for item in scan_files("..")] == ["../a.txt", "../sub/b.md"]


def test_an_unlistable_folder_is_listed_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    touch(tmp_path, "a.txt", "locked/b.txt", "z.txt")
    real_scandir = os.scandir
    target = str(tmp_path / "locked")

    def scandir(path: object = ".") -> object:
        if os.fspath(path) == target:  # type: ignore[call-overload]
            raise PermissionError(13, "Permission denied", target)
        return real_scandir(path)  # type: ignore[call-overload]

    monkeypatch.setattr(os, "scandir", scandir)
    got = listing_of([str(tmp_path)], stat=True)
    assert [(item.path, item.source) for item in got] == [
        (str(tmp_path / "a.txt"), "a.txt"), (target, "locked/"), (str(tmp_path / "z.txt"), "z.txt")
    ]  # fmt: skip
    assert got == reference_scan([str(tmp_path)], stat=True)


# --- a file reached twice ----------------------------------------------------------------------------------------


def test_a_file_reached_twice_is_listed_once(tmp_path: Path) -> None:
    touch(tmp_path, "top/a.txt", "top/sub/b.txt", "top/sub/c.txt", "other/d.txt")
    top, sub, other = str(tmp_path / "top"), str(tmp_path / "top" / "sub"), str(tmp_path / "other")
    cases = {
        "given twice": [top, top],
        "a folder inside another, after it": [top, sub],
        "a folder inside another, before it": [sub, top],
        "a file given, then its folder": [str(tmp_path / "top" / "a.txt"), top],
        "apart": [top, other],
    }
    for name, paths in cases.items():
        assert listing_of(paths) == reference_scan(paths), name
    assert [item.source for item in scan_files([sub, top])] == ["b.txt", "c.txt", "a.txt"]


def test_a_file_reached_through_a_link_is_listed_once(tmp_path: Path) -> None:
    touch(tmp_path, "one/a.txt", "two/b.txt", "three/c.txt")
    (tmp_path / "one" / "alias.txt").symlink_to(tmp_path / "one" / "a.txt")  # the same file, in its folder
    (tmp_path / "one" / "b-link.txt").symlink_to(tmp_path / "two" / "b.txt")  # another folder's file
    (tmp_path / "one" / "broken.txt").symlink_to(tmp_path / "gone.txt")
    (tmp_path / "one" / "out").symlink_to(tmp_path / "three", target_is_directory=True)  # not followed
    one, two, three = (str(tmp_path / name) for name in ("one", "two", "three"))
    for paths in ([one], [one, two], [two, one], [one, three], [three, one, two]):
        assert listing_of(paths) == reference_scan(paths), paths
    assert [item.source for item in scan_files([two, one])] == ["b.txt", "a.txt", "broken.txt"]


_NAMES = ("a.txt", "b.md", "sub", "c.html", "news content.json", "x.py")


@st.composite
def _trees(draw: st.DrawFn) -> dict[str, list[str]]:
    """Files in two folders and links between them: what each given path list is tried on."""
    return {
        "files": draw(st.lists(st.lists(st.sampled_from(_NAMES), min_size=1, max_size=3).map("/".join), max_size=8)),
        "links": draw(st.lists(st.integers(0, 7), max_size=3)),
        "given": draw(st.lists(st.sampled_from(["r", "r/sub", "r/sub/a.txt", "q", "r/a.txt"]), min_size=1, max_size=3)),
    }


@settings(max_examples=60, deadline=None)
@given(tree=_trees())
def test_any_tree_paths_and_links_list_as_before(tmp_path_factory: pytest.TempPathFactory, tree: dict) -> None:
    root = tmp_path_factory.mktemp("tree")
    made: list[Path] = []
    for number, name in enumerate(tree["files"]):
        path = root / ("r" if number % 2 else "q") / name
        if any(parent.is_file() for parent in path.parents) or path.is_dir():
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("x")
        made.append(path)
    for number, target in enumerate(tree["links"]):
        if made:
            link = root / "r" / f"link{number}.txt"
            if not link.exists() and not link.is_symlink():
                link.parent.mkdir(parents=True, exist_ok=True)
                link.symlink_to(made[target % len(made)])
    given = [str(root / path) for path in tree["given"]]
    assert listing_of(given, stat=True) == reference_scan(given, stat=True)


# --- the listing as a sequence --------------------------------------------------------------------------------------


def test_the_listing_is_a_sequence_of_records_and_lets_go_of_its_first_files(tmp_path: Path) -> None:
    touch(tmp_path, "one/a.txt", "one/b.txt", "one/c.txt", "two/d.txt", "two/e.txt")
    given = [str(tmp_path / "one"), str(tmp_path / "two" / "d.txt"), str(tmp_path / "two")]
    listing = scan_files(given, stat=True)
    assert isinstance(listing, Listing)
    records = list(listing)
    assert [item.source for item in records] == ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"]
    assert len(listing) == 5
    assert [listing[i] for i in range(5)] == records == listing[:] == pickle.loads(pickle.dumps(listing))[:]
    assert listing[-1] == records[-1]
    assert listing[1:4] == records[1:4]
    assert listing[::2] == records[::2]
    assert listing[2].stat == os.stat(tmp_path / "one" / "c.txt")
    with pytest.raises(IndexError):
        listing[5]
    with pytest.raises(TypeError):
        del listing[1:2]
    del listing[:2]
    assert list(listing) == records[2:]
    assert len(listing) == 3
    del listing[:2]  # across the end of a folder's files and a file given
    assert list(listing) == records[4:] == [listing[0]]
    del listing[:5]
    assert list(listing) == []
    assert len(listing) == 0
