"""The outcomes of a run's files, held compactly: :class:`Outcomes`, a sequence of
:class:`~reactions.models.FileOutcome` records made when they are asked for.

A run keeps one outcome per file to its end (the summary, the warnings, the page's list of files): as records,
about 270 bytes a file, 47 MB for 180,000 files.  :class:`Outcomes` keeps them as columns in blocks of a few hundred:
the paths as one string a block after the prefix they share, the article ids as one string, the statuses as bytes,
the counts in an array, the warnings and reasons only in a block that has some (each tuple of warnings as it was
given: a note shared by many files stays one object).  About 60 bytes a file on the bulk corpus's paths.

>>> from reactions.models import FileOutcome, Status
>>> kept = Outcomes.of([FileOutcome("in/a.txt", "a.txt", Status.PARSED, 2), FileOutcome("in/b", None, Status.SKIPPED,
...     reason="empty")])
>>> kept[1]
FileOutcome(path='in/b', source=None, status=<Status.SKIPPED: 'skipped'>, reactions=0, warnings=(), reason='empty')
>>> len(kept), kept.parsed, kept.occurrences
(2, 1, 2)
>>> kept == (FileOutcome("in/a.txt", "a.txt", Status.PARSED, 2), kept[1])
True
"""

from __future__ import annotations

import array
import bisect
import itertools
import os
from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Final, NamedTuple, overload

from reactions.models import FileOutcome, Status

BLOCK: Final = 256
"""Outcomes packed together at most (a run packs each reading task's, up to this many at a time)."""

_STATUSES: Final = tuple(Status)
_CODES: Final = {status: 4 * code for code, status in enumerate(_STATUSES)}  # (+1: no article id, +2: no prefix)


class _Block(NamedTuple):
    """A few outcomes as columns (see the module)."""

    prefix: str
    paths: str
    path_ends: array.array[int]
    sources: str
    source_ends: array.array[int]
    kinds: bytes  # 4 * the status's place in Status, + 1 when the article id is None, + 2 when the path is whole
    counts: array.array[int]
    warnings: tuple[tuple[str, ...], ...] | None
    reasons: tuple[str | None, ...] | None


def _pack(outcomes: Sequence[FileOutcome]) -> _Block:
    paths = [outcome.path for outcome in outcomes]
    read = [outcome.path for outcome in outcomes if outcome.status is Status.PARSED]  # (a skipped row may name less)
    prefix = os.path.commonprefix(read or paths)  # noqa: RUF071  (characters, not folders)
    cut = len(prefix)
    whole = [not path.startswith(prefix) for path in paths]
    tails = [path if apart else path[cut:] for path, apart in zip(paths, whole, strict=True)] if cut else paths
    sources = [outcome.source or "" for outcome in outcomes]
    codes = _CODES
    kinds = bytes(codes[o.status] + (o.source is None) + 2 * apart for o, apart in zip(outcomes, whole, strict=True))
    warnings = tuple(outcome.warnings for outcome in outcomes)
    reasons = tuple(outcome.reason for outcome in outcomes)
    return _Block(
        prefix,
        "".join(tails),
        array.array("I", itertools.accumulate(map(len, tails))),
        "".join(sources),
        array.array("I", itertools.accumulate(map(len, sources))),
        kinds,
        array.array("I", [outcome.reactions for outcome in outcomes]),
        warnings if any(warnings) else None,
        reasons if any(reason is not None for reason in reasons) else None,
    )


def _unpack(block: _Block) -> list[FileOutcome]:
    prefix, paths, path_ends = block.prefix, block.paths, block.path_ends
    sources, source_ends = block.sources, block.source_ends
    warnings = block.warnings or itertools.repeat(())
    reasons = block.reasons or itertools.repeat(None)
    found: list[FileOutcome] = []
    path_start = source_start = 0
    statuses = _STATUSES
    for path_end, source_end, kind, count, warned, reason in zip(
        path_ends, source_ends, block.kinds, block.counts, warnings, reasons, strict=False
    ):  # (the warnings and reasons of a block that has none: repeated without end)
        source = None if kind & 1 else sources[source_start:source_end]
        tail = paths[path_start:path_end]
        found.append(
            FileOutcome(tail if kind & 2 else prefix + tail, source, statuses[kind >> 2], count, warned, reason)
        )
        path_start, source_start = path_end, source_end
    return found


class Outcomes(Sequence[FileOutcome]):
    """One :class:`~reactions.models.FileOutcome` per file, in reading order, kept as columns (see the module) and
    made records when read.  Immutable; equal to any sequence of the same records (a tuple of them too), hashed as
    that tuple; pickles as its columns.  :meth:`of` packs records; :class:`OutcomePacker` packs a run's as they come.
    """

    __slots__ = ("_blocks", "_ends", "_last")

    def __init__(self, blocks: Iterable[_Block] = ()) -> None:
        self._blocks: tuple[_Block, ...] = tuple(blocks)
        self._ends = list(itertools.accumulate(len(block.kinds) for block in self._blocks))
        self._last: tuple[int, list[FileOutcome]] | None = None  # the block read last, as records

    @classmethod
    def of(cls, outcomes: Iterable[FileOutcome]) -> Outcomes:
        """``outcomes`` packed (themselves when they are :class:`Outcomes`)."""
        if isinstance(outcomes, Outcomes):
            return outcomes
        packer = OutcomePacker()
        packer.add(list(outcomes))
        return packer.packed()

    def __len__(self) -> int:
        return self._ends[-1] if self._ends else 0

    def __iter__(self) -> Iterator[FileOutcome]:
        for block in self._blocks:
            yield from _unpack(block)

    @overload
    def __getitem__(self, index: int) -> FileOutcome: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[FileOutcome, ...]: ...
    def __getitem__(self, index: int | slice) -> FileOutcome | tuple[FileOutcome, ...]:
        if isinstance(index, slice):
            return tuple(self[i] for i in range(*index.indices(len(self))))
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("outcome index out of range")
        number = bisect.bisect_right(self._ends, index)
        last = self._last
        if last is None or last[0] != number:
            last = self._last = (number, _unpack(self._blocks[number]))
        return last[1][index - (self._ends[number - 1] if number else 0)]

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Outcomes) and other._blocks == self._blocks:
            return True
        if not isinstance(other, Sequence) or isinstance(other, str | bytes):
            return NotImplemented
        return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return f"Outcomes({list(self)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return Outcomes, (self._blocks,)

    @property
    def parsed(self) -> int:
        """How many files were read as articles (``Status.PARSED``)."""
        code = _CODES[Status.PARSED]
        return sum(sum(block.kinds.count(code + flags) for flags in range(4)) for block in self._blocks)

    @property
    def occurrences(self) -> int:
        """How many reactions the files' articles hold."""
        return sum(sum(block.counts) for block in self._blocks)

    def sources(self) -> Iterator[str | None]:
        """Each file's article id, in order (no records made)."""
        for block in self._blocks:
            text, start = block.sources, 0
            for end, kind in zip(block.source_ends, block.kinds, strict=True):
                yield None if kind & 1 else text[start:end]
                start = end

    def warnings(self) -> Iterator[tuple[str, ...]]:
        """Each file's warnings, in order (no records made)."""
        for block in self._blocks:
            yield from block.warnings or ((),) * len(block.kinds)

    def path(self, index: int) -> str:
        """The path of the ``index``-th file (no record made)."""
        number = bisect.bisect_right(self._ends, index)
        block = self._blocks[number]
        at = index - (self._ends[number - 1] if number else 0)
        tail = block.paths[block.path_ends[at - 1] if at else 0 : block.path_ends[at]]
        return tail if block.kinds[at] & 2 else block.prefix + tail

    def with_warnings(self, added: Iterable[tuple[str, ...] | None]) -> Outcomes:
        """These outcomes with, for each file in order, ``added`` as its warnings instead (``None``: its own)."""
        blocks, extra = [], iter(added)
        for block in self._blocks:
            own = block.warnings or ((),) * len(block.kinds)
            warned = tuple(own[i] if new is None else new for i, new in enumerate(itertools.islice(extra, len(own))))
            blocks.append(block._replace(warnings=warned if any(warned) else None))
        return Outcomes(blocks)

    def warned(self) -> Iterator[FileOutcome]:
        """The outcomes with a warning or a reason, in order (blocks with none are not read)."""
        for block in self._blocks:
            if block.warnings is not None or block.reasons is not None:
                yield from (outcome for outcome in _unpack(block) if outcome.warnings or outcome.reason)


class OutcomePacker:
    """A run's outcomes packed as they come (:meth:`add` each reading task's), :meth:`packed` at the end."""

    __slots__ = ("_blocks",)

    def __init__(self) -> None:
        self._blocks: list[_Block] = []

    def add(self, outcomes: Sequence[FileOutcome]) -> None:
        """Pack ``outcomes`` (after those added before; packed already, their blocks are taken as they are)."""
        if isinstance(outcomes, Outcomes):
            self._blocks.extend(outcomes._blocks)
            return
        for start in range(0, len(outcomes), BLOCK):
            self._blocks.append(_pack(outcomes[start : start + BLOCK]))

    def packed(self) -> Outcomes:
        """Everything added, as :class:`Outcomes`."""
        return Outcomes(self._blocks)
