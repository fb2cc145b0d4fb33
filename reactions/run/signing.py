"""The key a user signs cache rows with, and the signatures: HMAC-SHA-256 under a random key kept in the cache folder,
readable by this user only (:mod:`reactions.run.cache`).  A folder or key that another user owns or can change is
refused: whoever can write the key can sign rows."""

from __future__ import annotations

import contextlib
import hmac
import os
import secrets
import stat
from pathlib import Path
from typing import Final

KEY_NAME: Final = "signing.key"
"""The file in the cache folder that holds the key every row is signed with."""


def signing_key(folder: Path) -> bytes:
    """The key this user signs cache rows with, kept in ``folder`` (created, readable by the owner only, on
    first use).  Raises ``OSError`` when it cannot be read or made, or when the folder or the key is not this
    user's alone (:func:`check_trusted`)."""
    folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    check_trusted(folder, os.stat(folder), "the cache folder", 0o022)
    path = folder / KEY_NAME
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0)
    for _ in range(2):
        try:
            fd = os.open(path, flags)
        except FileNotFoundError:
            _new_key(path)
            continue
        with os.fdopen(fd, "rb") as file:
            check_trusted(path, os.fstat(file.fileno()), "the cache key", 0o077)
            key = file.read(64)
        if len(key) != 32:
            raise OSError(f"{path}: not a signing key (delete it to make a new one)")
        return key
    raise OSError(f"{path}: cannot be made")


class UntrustedCacheError(PermissionError):
    """A cache folder or key that someone else owns or can change: whoever can write the key can sign rows."""


def check_trusted(path: Path, info: os.stat_result, what: str, loose: int) -> None:
    """Raise :class:`UntrustedCacheError` unless ``info`` (``path``'s stat) is owned by this user and grants
    other users none of the permission bits ``loose`` (a folder: writing; the key: reading or writing).  A key
    that another user can write lets them sign rows that change every result; one they can read lets them forge
    them.  Not checked where there are no POSIX owners (Windows)."""
    uid = os.geteuid() if hasattr(os, "geteuid") else None
    if uid is None:
        return
    if info.st_uid != uid:
        raise UntrustedCacheError(
            f"{what} {path} belongs to another user (uid {info.st_uid}), not to you (uid {uid}): use a folder of "
            "your own (--cache-dir or REACTIONS_CACHE_DIR)"
        )
    if info.st_mode & loose:
        fix = "chmod go-w" if stat.S_ISDIR(info.st_mode) else "chmod 600"
        raise UntrustedCacheError(
            f"{what} {path} can be {'read or ' if loose & 0o044 else ''}changed by other users "
            f"(mode {stat.S_IMODE(info.st_mode):04o}): {fix} it, or use a folder of your own"
        )


def _new_key(path: Path) -> None:
    """Make the key whole in a file of its own, then link it into place: a process that reads the key never finds
    it made but not yet written (the page's and a worker's first runs at once skipped their cache with a bogus
    "not a signing key"), and of two processes making it at once the first link wins, the other reads that key."""
    draft = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(8)}")
    fd = os.open(draft, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o600)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(secrets.token_bytes(32))
        with contextlib.suppress(FileExistsError):  # another process made it first
            os.link(draft, path)
    finally:
        draft.unlink(missing_ok=True)


def sign(key: bytes, *parts: str | bytes) -> str:
    message = b"\0".join(p if isinstance(p, bytes) else p.encode("utf-8", "surrogatepass") for p in parts)
    return hmac.digest(key, message, "sha256").hex()  # HMAC-SHA-256, one call (twice as quick as hmac.new)


def signed(key: bytes, mac: object, *parts: str | bytes) -> bool:
    return isinstance(mac, str) and hmac.compare_digest(mac, sign(key, *parts))
