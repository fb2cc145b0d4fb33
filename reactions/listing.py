"""Listing the article files of the paths a run is given: :func:`scan_files` (and :func:`list_files`).

A listing is held compactly (:class:`Listing`): a folder's file is kept as its article id alone (its path is the
folder's path and the id, unless a name had to be escaped), its ``os.stat`` only when asked for, and the identity
that tells a file reached twice (its resolved path) is worked out only when a file can be: several paths given
whose folders overlap, a file given directly, a symbolic link met.  A folder is walked in the listing's order
(each folder's entries sorted as their ids sort), so no file is kept twice to be sorted.  180,000 files (the
bulk corpus 16 times) were 55 MB of records after a peak of 124 MB while they were listed.

Article ids (``source``): a file found in a folder is known by its path relative to that folder,
in POSIX form (``2020/feb/a.txt``); a file given directly by its name (``a.txt``).
"""

from __future__ import annotations

import itertools
import operator
import os
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple, overload

from reactions.sources import default_name, expand_paths, found_in_folder
from reactions.sources.files import safe_name
from reactions.sources.kinds import FAKENEWSNET_FILE
from reactions.sources.remote import is_remote, local_path

SUFFIXES: Final = frozenset({".txt", ".md", ".html", ".htm"})
"""Extensions of the article files a folder is searched for (case-insensitive)."""


class Listed(NamedTuple):
    """One article file found by :func:`scan_files` (a named tuple: cheap to make by the ten thousand).

    Fields:
        path: the file's path, as :func:`list_files` gives it (``str`` of that ``Path``).
        source: its article id.
        stat: its ``os.stat`` (symbolic links followed) when asked for, ``None`` otherwise or when
            it cannot be read (a missing file).
    """

    path: str
    source: str
    stat: os.stat_result | None = None


Trace = list[tuple[str, bool, list[Any]]]
"""What a listing was made from besides its files' own ``os.stat``: each local path given, each folder listed (its
state taken before it was listed) and each symbolic link met in one, with its :func:`path_state`, in the order they
were met.  While none of them changes, neither can the listing (a folder's times move when an entry is added,
removed or renamed in it), so a run can tell an unchanged corpus without listing it (:mod:`reactions.run.outputs`)."""


def path_state(path: str, resolve: bool) -> list[Any]:
    """What tells that a path given, a folder or a symbolic link has changed (:data:`Trace`): the path it resolves
    to (with ``resolve``) and its ``os.stat``, links followed (mode, size, modification and change times in ns,
    inode, device), ``None`` when it cannot be read."""
    try:
        found = os.stat(path)
    except OSError:
        state = None
    else:
        state = [found.st_mode, found.st_size, found.st_mtime_ns, found.st_ctime_ns, found.st_ino, found.st_dev]
    return [os.path.realpath(path) if resolve else None, state]


def list_files(paths: str | Path | Iterable[str | Path]) -> list[tuple[Path, str]]:
    """Every article file under ``paths`` with its article id, in reading order.

    Paths are taken in the order given; a folder's files (recursive, :data:`SUFFIXES`, hidden
    files and folders such as ``.reactions.db`` or ``.git`` skipped, symbolic links to folders not
    followed) in sorted order of their ids.  A file given directly is listed whatever its
    extension, and so is a path that does not exist (reading it gives a skipped outcome).  A file
    reached twice (given twice, or through a symbolic link) is listed once.  A single path may be
    given on its own (``"seeds"`` is not read as five one-letter paths).
    """
    return [(Path(listed.path), listed.source) for listed in scan_files(paths)]


class _Odd(NamedTuple):
    """A folder's file that its folder's path and its id do not name (a name escaped by
    :func:`~reactions.sources.files.safe_name`, a folder that cannot be listed, listed itself so that reading it
    says why), or a symbolic link (``link``: its identity is the path it resolves to)."""

    listed: Listed
    link: bool


_Item = str | _Odd
"""A folder's file as a :class:`Listing` keeps it: its article id (its path is the folder's path and the id), or
:class:`_Odd`."""


class _Group:
    """The files of one path given, in listing order: a folder's (``items``, each one's stat in ``stats`` when
    asked for), or one file given or named by a URL (``given``, with its identity)."""

    __slots__ = ("base", "given", "items", "real", "stats")

    def __init__(self, base: str, real: str, stats: list[os.stat_result | None] | None) -> None:
        self.base, self.real = base, real  # the folder's path and resolved path, each ending in a separator
        self.items: list[_Item] = []
        self.stats = stats
        self.given: tuple[Listed, str] | None = None

    def records(self, start: int) -> Iterator[Listed]:
        """The folder's files from the ``start``-th on, as records."""
        base, stats, items = self.base, self.stats, self.items
        for index in range(start, len(items)):
            item = items[index]
            if type(item) is str:
                yield Listed(base + item, item, stats[index] if stats is not None else None)
            else:
                yield item.listed  # type: ignore[union-attr]

    def identity(self, index: int) -> str:
        """What tells this file from another: the path it resolves to."""
        item = self.items[index]
        if type(item) is str:
            return self.real + item
        odd: _Odd = item  # type: ignore[assignment]
        return os.path.realpath(odd.listed.path) if odd.link else self.real + odd.listed.source


class Listing(Sequence[Listed]):
    """What :func:`scan_files` gives: a sequence of :class:`Listed` records, each made when it is asked for from
    what is kept (a folder's file: its article id, and its stat when asked for).  ``del listing[:n]`` lets go of
    the first ``n`` files (what the run does as it cuts them into units: :func:`reactions.run.pipeline.lazy_units`);
    no other change is allowed."""

    __slots__ = ("_groups", "_length")

    def __init__(self, groups: list[_Group]) -> None:
        self._groups = [group for group in groups if group.items or group.given is not None]
        self._length = sum(len(group.items) if group.given is None else 1 for group in self._groups)

    def __len__(self) -> int:
        return self._length

    def __iter__(self) -> Iterator[Listed]:
        return self._from(0)

    def _from(self, start: int) -> Iterator[Listed]:
        """The records from the ``start``-th on."""
        for group in self._groups:
            size = len(group.items) if group.given is None else 1
            if start >= size:
                start -= size
                continue
            if group.given is not None:
                yield group.given[0]
            else:
                yield from group.records(start)
            start = 0

    @overload
    def __getitem__(self, index: int) -> Listed: ...
    @overload
    def __getitem__(self, index: slice) -> list[Listed]: ...
    def __getitem__(self, index: int | slice) -> Listed | list[Listed]:
        if isinstance(index, slice):
            start, stop, step = index.indices(self._length)
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            return list(itertools.islice(self._from(start), max(0, stop - start)))
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError("listing index out of range")
        return next(self._from(index))

    def __delitem__(self, index: slice) -> None:
        start, stop, step = index.indices(self._length)
        if start != 0 or step != 1:
            raise TypeError("only the listing's first files can be let go (del listing[:n])")
        left = stop
        while left and self._groups:
            group = self._groups[0]
            size = len(group.items) if group.given is None else 1
            if left < size:
                del group.items[:left]
                if group.stats is not None:
                    del group.stats[:left]
                break
            del self._groups[0]
            left -= size
        self._length -= stop

    def __repr__(self) -> str:
        return f"Listing({list(self)!r})"


def scan_files(paths: str | Path | Iterable[str | Path], *, stat: bool = False, trace: Trace | None = None) -> Listing:
    """:func:`list_files` as :class:`Listed` records (a :class:`Listing`), with each file's ``os.stat`` when
    ``stat``, and what the listing was made from in ``trace`` when given (:data:`Trace`).

    Cheap on large folders: one ``os.scandir`` per folder and no per-file ``resolve()`` (a
    folder's own path is resolved once; only symbolic links are resolved one by one), and each file kept as its
    article id alone.
    """
    groups: list[_Group] = []
    linked = False
    for named in [paths] if isinstance(paths, str | Path) else paths:
        given = local_path(named) or named  # a file:// URL is read as the local path it names
        if is_remote(given):  # a URL (s3://, gs://, https://), a glob among them: each file as it is named
            groups += [_given(Listed(url, default_name(url)), url) for url in _remote_files(str(given))]
            continue
        root = Path(given)
        if trace is not None:
            trace.append((str(root), True, path_state(str(root), True)))
        if root.is_dir():
            group, links = _folder_group(root, stat, trace)
            groups.append(group)
            linked = linked or links
        else:
            listed = Listed(str(root), root.name or str(root), _stat(root) if stat else None)
            groups.append(_given(listed, os.path.realpath(root)))
    if len(groups) > 1 or linked:
        groups = _unrepeated(groups)
    return Listing(groups)


def _given(listed: Listed, identity: str) -> _Group:
    """The group of one file given (``identity``: the path it resolves to, or its URL)."""
    group = _Group("", "", None)
    group.given = listed, identity
    return group


def _remote_files(url: str) -> list[str]:
    """The files a URL (or a URL glob) names; itself when it cannot be listed (reading it then says why)."""
    try:
        return expand_paths(url) or [url]
    except OSError:
        return [url]


def _stat(path: str | Path) -> os.stat_result | None:
    try:
        return os.stat(path)
    except OSError:
        return None


def _unrepeated(groups: list[_Group]) -> list[_Group]:
    """``groups`` with each file reached a second time left out (the first time kept, in listing order).  Only the
    files that can be reached twice are looked at: a folder's, when another folder given overlaps it or a file given
    or a symbolic link resolves into it; the files given; the links."""
    folders = [group for group in groups if group.given is None]
    specials = [group.given[1] for group in groups if group.given is not None]
    specials += [
        group.identity(i) for group in folders for i, item in enumerate(group.items) if type(item) is _Odd and item.link
    ]
    seen: set[str] = set()
    kept: list[_Group] = []
    for group in groups:
        if group.given is not None:
            if group.given[1] not in seen:
                seen.add(group.given[1])
                kept.append(group)
            continue
        real = group.real
        overlapping = any(other is not group and _overlap(real, other.real) for other in folders)
        reached = overlapping or any(special.startswith(real) for special in specials)
        _drop_seen(group, seen, links_only=not reached)  # (no other path reaches its files: its links only)
        kept.append(group)
    return kept


def _overlap(one: str, other: str) -> bool:
    """Whether two folders' resolved paths (each ending in a separator) are one, or one holds the other."""
    return one.startswith(other) or other.startswith(one)


def _drop_seen(group: _Group, seen: set[str], *, links_only: bool) -> None:
    """Leave out of ``group`` the files whose identity is in ``seen``, and add the others' (``links_only``: only its
    symbolic links are looked at)."""
    keep: list[int] = []
    for i, item in enumerate(group.items):
        if links_only and not (type(item) is _Odd and item.link):
            keep.append(i)
            continue
        identity = group.identity(i)
        if identity not in seen:
            seen.add(identity)
            keep.append(i)
    if len(keep) < len(group.items):
        group.items = [group.items[i] for i in keep]
        if group.stats is not None:
            group.stats = [group.stats[i] for i in keep]


def _folder_group(root: Path, stat: bool, trace: Trace | None) -> tuple[_Group, bool]:
    """The files under folder ``root`` in order of their ids, and whether a symbolic link was among them."""
    base = str(root)
    group = _Group("" if base == "." else os.path.join(base, ""), os.path.join(os.path.realpath(base), ""), None)
    walk = _Walk(group, stat, trace, "." if base == "." else None)
    walk.folder(base, "", True)
    if walk.unsorted:  # two names escaped alike in one folder: their folders' files interleave (a stable sort)
        _sort(group)
    return group, walk.links


class _Walk:
    """One folder's walk: each folder's entries in the order of their ids, files appended to the group as they
    are met (one list for the whole tree, no generator per folder: a FakeNewsNet corpus is a folder per article);
    hidden entries skipped; a subfolder that cannot be listed listed itself (its id ends with ``/``), so that
    reading it says why.  Each folder's state goes into ``trace`` before it is listed, each symbolic link's as it is
    met."""

    def __init__(self, group: _Group, stat: bool, trace: Trace | None, dot: str | None) -> None:
        self.group, self.stat, self.trace, self.dot = group, stat, trace, dot
        if stat:
            group.stats = []
        self.links = self.unsorted = False

    def folder(self, folder: str, prefix: str, plain: bool) -> None:
        """Append the files under ``folder`` (ids starting with ``prefix``; ``plain``: no name on the way was
        escaped, so that its path and the ids name its files)."""
        trace = self.trace
        if trace is not None:
            trace.append((folder, False, path_state(folder, False)))
        try:
            with os.scandir(folder) as scan:
                entries = _articles(scan, trace)
        except OSError:
            if prefix:
                self._append(_Odd(Listed(self._shown(folder), prefix), False), None)
            return
        entries.sort(key=_KEY)
        previous = None
        for key, entry, is_folder in entries:
            if key == previous:  # (two names escaped alike: one id, one identity; see _sort)
                self.unsorted = True
            previous = key
            clean = plain and len(key) == len(entry.name) + is_folder  # (an escaped name is longer)
            if is_folder:
                self.folder(entry.path, prefix + key, clean)
                continue
            source = prefix + key
            link = entry.is_symlink()
            if link:
                self.links = True
            if clean and not link:
                self._append(source, entry)
            else:
                self._append(_Odd(Listed(self._shown(entry.path), source, None), link), entry)

    def _append(self, item: _Item, entry: os.DirEntry[str] | None) -> None:
        group = self.group
        if group.stats is not None:
            found = _entry_stat(entry) if entry is not None else _stat(item.listed.path)  # type: ignore[union-attr]
            group.stats.append(found)
            if type(item) is _Odd:
                item = _Odd(item.listed._replace(stat=found), item.link)
        group.items.append(item)

    def _shown(self, path: str) -> str:
        return path[2:] if self.dot is not None else path


def _articles(scan: Iterator[os.DirEntry[str]], trace: Trace | None) -> list[tuple[str, os.DirEntry[str], bool]]:
    """The entries of a folder worth listing: ``(key, entry, is_folder)``, the key its id's last part (a folder's
    with a ``/``: sorting keys sorts the ids they lead to); hidden ones left out, each symbolic link's state traced."""
    found: list[tuple[str, os.DirEntry[str], bool]] = []
    for entry in scan:
        name = entry.name
        if name.startswith("."):
            continue
        if trace is not None and entry.is_symlink():
            trace.append((entry.path, True, path_state(entry.path, True)))
        if name == FAKENEWSNET_FILE and not _is_dir(entry):  # (found_in_folder's first case: a file per folder)
            found.append((safe_name(name), entry, False))
        elif _is_dir(entry):
            if not entry.is_symlink():
                found.append((safe_name(name) + "/", entry, True))
        elif name[name.rfind(".") :].lower() in SUFFIXES or found_in_folder(name):  # (no dot: never a suffix)
            found.append((safe_name(name), entry, False))
    return found


_KEY: Final = operator.itemgetter(0)


def _sort(group: _Group) -> None:
    """``group``'s files in order of their ids (stable), equal ids (the same file) once."""
    order = sorted(range(len(group.items)), key=lambda i: _source(group.items[i]))
    items, stats = group.items, group.stats
    group.items, kept, last = [], [], None
    for i in order:
        item = items[i]
        source = _source(item)
        link = type(item) is _Odd and item.link
        if not link:
            if source == last:
                continue
            last = source
        group.items.append(item)
        kept.append(i)
    if stats is not None:
        group.stats = [stats[i] for i in kept]


def _source(item: _Item) -> str:
    return item if type(item) is str else item.listed.source  # type: ignore[union-attr]


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()
    except OSError:
        return False


def _entry_stat(entry: os.DirEntry[str]) -> os.stat_result | None:
    try:
        return entry.stat()
    except OSError:  # a broken symbolic link
        return None


def iter_article_paths(paths: str | Path | Iterable[str | Path]) -> list[Path]:
    """The article files a run reads for ``paths``, in reading order (see :func:`list_files`)."""
    return [path for path, _ in list_files(paths)]
