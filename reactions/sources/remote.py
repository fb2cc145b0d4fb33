"""Local paths and remote URLs (``s3://``, ``gs://``, ``https://``, any fsspec protocol) opened alike.

Remote paths need :mod:`fsspec` (the ``remote`` extra) and the protocol's own package (``s3fs``, ``gcsfs``);
without them a remote path is a reason, never an exception.  A pattern with ``*``, ``?`` or ``[`` is expanded
with fsspec's glob (a local one with :func:`glob.glob`).
"""

from __future__ import annotations

import contextlib
import contextvars
import glob
import io
import os
import stat
import types
from collections.abc import Iterator, Mapping
from typing import IO, Final

__all__ = ["RemoteUnavailableError", "expand_paths", "file_size", "in_memory", "is_held", "is_remote", "open_binary"]

_GLOB_CHARS: Final = frozenset("*?[")


class RemoteUnavailableError(OSError):
    """A remote path that cannot be opened here (fsspec or the protocol's package is not installed)."""


def is_remote(path: str) -> bool:
    """Whether ``path`` is a URL (``scheme://…``) rather than a local path; ``file://`` counts as remote."""
    scheme, sep, _ = path.partition("://")
    return bool(sep) and scheme.replace("+", "").replace("-", "").isalnum()


def _filesystem(path: str) -> tuple[object, str]:
    try:
        import fsspec  # an optional dependency: imported only for a remote path
        from fsspec.core import url_to_fs
    except ImportError as error:
        raise RemoteUnavailableError(f"reading {path.split('://')[0]}:// paths needs fsspec: "
                                     "pip install 'reactions[remote]'") from error
    del fsspec
    try:
        return url_to_fs(path)  # type: ignore[no-any-return]
    except (ImportError, ValueError) as error:
        raise RemoteUnavailableError(f"cannot open {path.split('://')[0]}:// paths: {error}") from error


_IN_MEMORY: contextvars.ContextVar[Mapping[str, bytes]] = contextvars.ContextVar(
    "in_memory", default=types.MappingProxyType({})
)


@contextlib.contextmanager
def in_memory(files: Mapping[str, bytes]) -> Iterator[None]:
    """While inside, the names of ``files`` are read from memory, not from disk: a dataset or a web archive
    uploaded to the page is read by the same readers without ever being written anywhere (this thread only)."""
    token = _IN_MEMORY.set({**_IN_MEMORY.get(), **files})
    try:
        yield
    finally:
        _IN_MEMORY.reset(token)


def is_held(path: str) -> bool:
    """Whether ``path`` is read from memory here (:func:`in_memory`), not from disk."""
    return path in _IN_MEMORY.get()


def open_binary(path: str) -> IO[bytes]:
    """``path`` opened for reading bytes (a local file, an fsspec file for a URL, or bytes :func:`in_memory`)."""
    held = _IN_MEMORY.get().get(path)
    if held is not None:
        return io.BytesIO(held)
    if not is_remote(path):
        return _open_regular(path)
    fs, inner = _filesystem(path)
    return fs.open(inner, "rb")  # type: ignore[attr-defined, no-any-return]


def _open_regular(path: str) -> IO[bytes]:
    """A local file opened without blocking (a FIFO without a writer would block ``open`` forever), refused
    unless it is a regular file."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file (a folder, a FIFO, a device or a socket)")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def file_size(path: str) -> int:
    """The size of ``path`` in bytes."""
    held = _IN_MEMORY.get().get(path)
    if held is not None:
        return len(held)
    if not is_remote(path):
        return os.path.getsize(path)
    fs, inner = _filesystem(path)
    return int(fs.size(inner))  # type: ignore[attr-defined]


def expand_paths(pattern: str) -> list[str]:
    """The files a glob ``pattern`` names, sorted (the pattern itself when it has no glob character)."""
    if not _GLOB_CHARS.intersection(pattern):
        return [pattern]
    if not is_remote(pattern):
        if os.path.isfile(pattern):  # a name with brackets, not a pattern
            return [pattern]
        return sorted(p for p in glob.glob(pattern, recursive=True) if os.path.isfile(p))
    fs, inner = _filesystem(pattern)
    if fs.isfile(inner):  # type: ignore[attr-defined]
        return [pattern]
    found = fs.glob(inner)  # type: ignore[attr-defined]
    return sorted(fs.unstrip_protocol(p) for p in found if fs.isfile(p))  # type: ignore[attr-defined]
