"""What the ``reactions`` command checks and says before and around a run, apart from :mod:`reactions.cli` so that
the parser stays small: the paths it is given (:func:`check_paths`) and the caches' problems, said once on stderr
(:func:`cache_warnings`)."""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import IO, Final

from reactions.errors import InputError
from reactions.sources.remote import is_remote, local_path

CACHE_LOGGERS: Final = (
    "reactions.run.cache", "reactions.run.framecache", "reactions.run.outputs", "reactions.run.pipeline",
)  # fmt: skip
"""The loggers whose warnings say a cache is not used (unusable, not the user's, failing mid-run)."""


class _Once(logging.Handler):
    """Each distinct warning printed once, as ``warning: …``."""

    def __init__(self, stream: IO[str]) -> None:
        super().__init__(logging.WARNING)
        self.stream = stream
        self.seen: set[str] = set()

    def emit(self, record: logging.LogRecord) -> None:
        try:
            message = " ".join(record.getMessage().split())
        except Exception:  # a bad format string: never a reason to stop the run
            return
        if message not in self.seen:
            self.seen.add(message)
            print(f"warning: {message}", file=self.stream)


@contextlib.contextmanager
def cache_warnings(stream: IO[str], *, quiet: bool = False) -> Iterator[None]:
    """While inside, a cache that cannot be used (read-only, full, corrupt, a link, a key or folder that is not
    the user's alone) is said on ``stream`` once, instead of only in the log a command line never shows; nothing
    with ``quiet`` (``-q``: errors only).  The run goes on without the cache either way."""
    if quiet:
        yield
        return
    handler = _Once(stream)
    loggers = [logging.getLogger(name) for name in CACHE_LOGGERS]
    for each in loggers:
        each.addHandler(handler)
    try:
        yield
    finally:
        for each in loggers:
            each.removeHandler(handler)


SYSTEM_FOLDERS: Final = (
    "/", "/bin", "/boot", "/dev", "/etc", "/home", "/lib", "/lib64", "/opt", "/proc", "/root", "/run", "/sbin",
    "/srv", "/sys", "/usr", "/var", "/Users", "/System", "/Library", "/Applications", "/private",
)  # fmt: skip
"""Folders that hold a machine, not a corpus: reading one lists for minutes and reads what is not articles."""
NEVER_BELOW: Final = ("/proc", "/sys", "/dev")
"""Folders no part of which is a corpus (endless or device files)."""
ALLOW_SYSTEM: Final = "--allow-system-folders"


def whole_number(low: int, high: int | None = None) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` (``--top``, ``--min-weight``)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
        if value < low or (high is not None and value > high):
            raise argparse.ArgumentTypeError(f"{value} is not from {low} to {high}" if high else f"{value} < {low}")
        return value

    return parse


def add_path_arguments(command: argparse.ArgumentParser) -> None:
    """The option that lets a command read a system folder (:func:`check_paths`)."""
    command.add_argument(
        ALLOW_SYSTEM, action="store_true",
        help="read a system folder given as PATH (/, /etc, /usr, /home, your home folder itself …), which is "
        "refused by default: it lists for minutes and holds no corpus",
    )  # fmt: skip


def check_command_paths(args: argparse.Namespace) -> None:
    """The command's ``paths`` (and ``vs``) checked and made local where they are ``file://`` URLs, in place."""
    allow = bool(getattr(args, "allow_system_folders", False))
    for name in ("paths", "vs"):
        given = getattr(args, name, None)
        if given is not None:
            setattr(args, name, check_paths(given, allow_system=allow))


def check_paths(paths: Sequence[str], *, allow_system: bool = False) -> list[str]:
    """The paths a command reads: a ``file://`` URL becomes its local path (read under the same rules as any local
    path); another URL needs the remote extra and the package of its protocol (an :class:`InputError` saying which
    to install); a system folder is refused unless ``allow_system`` (:data:`SYSTEM_FOLDERS`)."""
    checked = []
    for path in paths:
        local = local_path(path)
        if local is None:
            check_protocol(path)
            checked.append(path)
            continue
        if not allow_system:
            refuse_system_folder(local)
        checked.append(local)
    return checked


def check_protocol(url: str) -> None:
    """Raise :class:`InputError` when ``url`` cannot be read here: no fsspec, an unknown protocol, or its package
    (s3fs, gcsfs, aiohttp) missing."""
    scheme = url.partition("://")[0].lower()
    try:
        import fsspec  # the remote extra
    except ImportError:
        raise InputError(f"{url}: reading {scheme}:// paths needs the remote extra: "
                         "pip install 'reactions[remote]'") from None  # fmt: skip
    try:
        fsspec.get_filesystem_class(scheme)
    except ValueError:
        raise InputError(f"{url}: {scheme}:// is not a protocol fsspec knows (no such file or folder)") from None
    except ImportError as error:
        raise InputError(f"{url}: reading {scheme}:// paths needs a package the remote extra installs "
                         f"({error}): pip install 'reactions[remote]'") from None  # fmt: skip


def refuse_system_folder(path: str) -> None:
    """Raise :class:`InputError` when ``path`` is a system folder, the home folder itself, or below /proc, /sys or
    /dev (the link-resolved path counts: ``../../..`` is ``/``)."""
    if not os.path.isdir(path):
        return
    real = os.path.realpath(path)
    system = {os.path.realpath(folder) for folder in SYSTEM_FOLDERS} | {os.path.realpath(Path.home())}
    below = any(real == top or real.startswith(top + "/") for top in NEVER_BELOW)
    if real in system or below:
        shown = path if real == path else f"{path} ({real})"
        raise InputError(
            f"{shown} is a system folder, not a corpus: reading it would list the whole tree for minutes; give the "
            f"corpus folder itself, or {ALLOW_SYSTEM} to read it anyway"
        )


def listing_note(paths: Sequence[str]) -> str | None:
    """What a run says when it is still listing folders after a while (a large tree takes minutes before any file
    is read, and the progress bar can only start after it)."""
    folders = [path for path in paths if not is_remote(path) and os.path.isdir(path)]
    if not folders:
        return None
    shown = ", ".join(folders[:3]) + (f" and {len(folders) - 3} more" if len(folders) > 3 else "")
    return f"listing the files under {shown} …"


@contextlib.contextmanager
def say_listing(paths: Sequence[str], stream: IO[str], delay: float, started: Callable[[], bool]) -> Iterator[None]:
    """While inside, :func:`listing_note` is said on ``stream`` (a terminal) if ``started()`` is still false after
    ``delay`` seconds: an alarm (``setitimer``), not a thread, so the workers the run starts are forked at once
    (:func:`reactions.run.guard.worker_context`); timers are not inherited by them.  Nothing where there is no
    such alarm, or off the main thread."""
    note = listing_note(paths)
    usable = hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()
    if note is None or not usable or not stream.isatty():
        yield
        return

    def say(signum: int, frame: object) -> None:
        if not started():
            print(note, file=stream)

    previous = signal.signal(signal.SIGALRM, say)
    signal.setitimer(signal.ITIMER_REAL, delay)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
