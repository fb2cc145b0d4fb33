"""Sources: where articles come from, read safely: files and folders (:mod:`.files`), uploads and zip archives
(:mod:`.uploads`).

(Interim: datasets and web archives land here next; until then every file is a plain article file.)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from reactions.models import Document, FileOutcome


@dataclass(frozen=True, slots=True)
class SourceOptions:
    """How datasets are read (their columns)."""


@dataclass(frozen=True, slots=True)
class Part:
    """A part of a dataset or an archive: what one task reads."""

    path: str


def source_kind(path: str) -> str | None:
    """What kind of source ``path`` is; ``None`` for a plain article file."""
    return None


def partitions(path: str, options: SourceOptions | None = None, *, name: str | None = None) -> list[Part]:
    """The parts of a dataset or an archive."""
    return [Part(path)]


def read_part(part: Part, options: SourceOptions | None = None) -> Iterator[Document | FileOutcome]:
    """The documents of one part."""
    return iter(())
