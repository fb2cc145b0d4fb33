"""Shared fixtures and options for the test suite."""

from __future__ import annotations

import datetime as dt
import gc
import os
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from benchmark_loader import load_benchmark
from hypothesis import settings

from reactions.models import Kind, Reaction

ROOT = Path(__file__).resolve().parents[1]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite golden files from the current output (review the diff before committing)",
    )


settings.register_profile("busy-machine", deadline=None)
settings.load_profile("busy-machine")
"""Hypothesis's 200 ms per-example deadline is a wall-clock limit: off for every property test."""

pytest_plugins = ["page_harness"]
"""The page tests' fixtures (corpus, downloads, seeds_frame)."""


@pytest.fixture(autouse=True)
def private_cache_dir(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test's caches in a folder of its own (never the user's cache folder, never the checkout)."""
    folder = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("REACTIONS_CACHE_DIR", str(folder))
    return folder


def cpu_seconds(call: Callable[[], object], repeat: int = 1) -> float:
    """The least CPU time of this process (``time.process_time``) that ``call()`` took over ``repeat`` runs: other
    processes on the same cores slow the wall clock, not this."""
    best = float("inf")
    collecting = gc.isenabled()
    gc.collect()
    gc.disable()  # a collection of everything the test session holds would be charged to whatever runs then
    try:
        for _ in range(repeat):
            start = time.process_time()
            call()
            best = min(best, time.process_time() - start)
    finally:
        if collecting:
            gc.enable()
    return best


LINEAR_MARGIN = 4.0
"""How much the CPU time per character may grow from a text to one ten times as long (a quadratic path grows
tenfold; caches and noise stay far below)."""


@pytest.fixture
def assert_linear() -> Callable[..., None]:
    """``assert_linear(function, large)``: ``function(large)`` takes at most :data:`LINEAR_MARGIN` times the CPU
    time per character of ``function`` on its first tenth (or on ``small=`` when given), both measured here once
    (a function may cache what it saw), after a warm-up on a hundredth; the check that replaces a wall-clock limit
    (speed targets live in ``benchmarks/``)."""

    def check(function: Callable[[str], object], large: str, small: str | None = None, floor: float = 2e-3) -> None:
        small = large[: len(large) // 10] if small is None else small
        function(small[: max(1, len(small) // 10)])  # lazy loads, first-call set-up
        quick = max(cpu_seconds(lambda: function(small)), floor) / len(small)
        slow = cpu_seconds(lambda: function(large)) / len(large)
        assert slow <= LINEAR_MARGIN * quick, f"{slow / quick:.1f}x the CPU time per character of a tenth as long"

    return check


@pytest.fixture
def update_golden(request: pytest.FixtureRequest) -> bool:
    """True when the run was asked to rewrite golden files."""
    return bool(request.config.getoption("--update-golden"))


# --- records and corpora (corpus, frames, export, cli tests) ---------------------------------

SEEDS = ROOT / "seeds"


@pytest.fixture
def seeds_dir() -> Path:
    """The bundled seed articles (five .txt files)."""
    return SEEDS


@pytest.fixture
def make_reaction() -> Callable[..., Reaction]:
    """Build a :class:`Reaction` from a few fields: ``make_reaction("r1", text="hi", handle="x")``."""

    def make(id_: str = "r1", **fields: Any) -> Reaction:
        defaults: dict[str, Any] = {
            "kind": Kind.EMBED, "platform": "twitter", "handle": "fan", "display_name": "A Fan",
            "date": dt.date(2020, 2, 1), "text": f"post {id_} #JusticeForJohnnyDepp",
            "hashtags": ("JusticeForJohnnyDepp",), "source": "a.txt", "span": (0, 10),
        }  # fmt: skip
        return Reaction(id_, **{**defaults, **fields})

    return make


@pytest.fixture
def article_folder(tmp_path: Path) -> Path:
    """A folder of two good articles (one in a subfolder) that cite one post in common."""
    post = "Can you imagine. THE NERVE#JusticeForJohnnyDepp — KeepRocking (@truthhurts06) February 1, 2020"
    other = "Wow pic.twitter.com/abc — Ann (@ann_lee) Feb 2, 2020"
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.txt").write_text(f" date 2020-02-02 First article\n\n{post}\n", encoding="utf-8")
    (tmp_path / "sub" / "b.md").write_text(f" date 2020-02-03 Second article\n\n{post}\n\n{other}\n", encoding="utf-8")
    return tmp_path


HOSTILE_GOOD = "Can you imagine. THE NERVE #JusticeForJohnnyDepp — KeepRocking (@truthhurts06) February 1, 2020"
"""The one post of the hostile folder's good article; the undecodable name holds another."""


@pytest.fixture
def hostile_folder(tmp_path: Path) -> Path:
    """A corpus folder of everything a folder someone gives you may hold: a good article, a FIFO, a link to
    /dev/zero, a 100 MB file (sparse), an article whose name is not UTF-8, a text with a stray NUL, a link
    out of the folder and a subfolder (``locked``, made unreadable by the tests that need it)."""
    folder = tmp_path / "hostile"
    (folder / "locked").mkdir(parents=True)
    (folder / "good.txt").write_text(f"An article.\n\n{HOSTILE_GOOD}\n", encoding="utf-8")
    (folder / "locked" / "hidden.txt").write_text(f"Also.\n\n{HOSTILE_GOOD}\n", encoding="utf-8")
    os.mkfifo(folder / "p.txt")
    (folder / "zero.txt").symlink_to("/dev/zero")
    with (folder / "big.txt").open("wb") as file:
        file.truncate(100 * 2**20)
    latin = os.path.join(os.fsencode(folder), b"caf\xe9.txt")
    with open(latin, "wb") as file:
        file.write("Nice café \u2014 Ann (@ann_lee) Feb 2, 2020\n".encode())
    (folder / "nul.txt").write_bytes("So proud\x00 #win \u2014 Fan (@fan_1) May 1, 2020".encode())
    (tmp_path / "secret.txt").write_text("Secret \u2014 Spy (@spy) May 1, 2020", encoding="utf-8")
    (folder / "outside.txt").symlink_to(tmp_path / "secret.txt")
    return folder


@pytest.fixture
def locked(monkeypatch: pytest.MonkeyPatch, hostile_folder: Path) -> str:
    """The hostile folder's ``locked`` subfolder made unlistable (also when the tests run as root, whom
    permissions do not stop): listing it raises ``PermissionError``."""
    target = str(hostile_folder / "locked")
    real_scandir = os.scandir

    def scandir(path: Any = ".") -> Any:
        if os.fspath(path) == target:
            raise PermissionError(13, "Permission denied", target)
        return real_scandir(path)

    monkeypatch.setattr(os, "scandir", scandir)
    return target


@pytest.fixture(scope="session")
def corpus_generator() -> ModuleType:
    """``benchmarks/generate_corpus.py`` loaded as a module (``benchmarks/`` is not a package)."""
    return load_benchmark("generate_corpus")

