"""Bytes into files, and the table format a file name asks for, without pandas: what a run that writes the
stored bytes of an earlier export (:mod:`reactions.run.outputs`) needs, and what :mod:`reactions.export` writes
its tables with."""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path
from typing import Final

from reactions.errors import ExportError

FORMATS: Final = ("csv", "jsonl", "parquet", "xlsx")
"""The table formats, named as their file extensions (``xlsx`` is for people: written, not read back)."""


def export_format(path: str | Path) -> str:
    """The table format a file name asks for: ``"csv"``, ``"jsonl"`` or ``"parquet"``.

    >>> export_format("out/Reactions.CSV")
    'csv'
    """
    suffix = Path(path).suffix.lower().removeprefix(".")
    if suffix not in FORMATS:
        shown = f".{suffix}" if suffix else "(no extension)"
        raise ExportError(f"{path}: unknown table format {shown!r}; use .csv, .jsonl, .parquet or .xlsx")
    return suffix


def write_atomically(target: Path, data: bytes) -> None:
    """``data`` into ``target`` through a temporary file beside it and ``os.replace``; raises
    :class:`~reactions.errors.ExportError` (and leaves no temporary file) when it cannot."""
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
        with os.fdopen(handle, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(temporary, _mode_for(target))
        os.replace(temporary, target)
        temporary = None
    except OSError as exc:
        raise ExportError(f"{target}: cannot write ({exc.strerror or exc})") from exc
    finally:
        if temporary is not None:
            with contextlib.suppress(OSError):
                os.unlink(temporary)


def _mode_for(target: Path) -> int:
    """The permissions an export gets: those of the file it replaces, else ``rw-r--r--``."""
    try:
        return stat.S_IMODE(target.stat().st_mode)
    except OSError:
        return 0o644
