"""Shared fixtures and options for the test suite."""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from reactions.models import Kind, Reaction

ROOT = Path(__file__).resolve().parents[1]


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        default=False,
        help="rewrite golden files from the current output (review the diff before committing)",
    )


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


@pytest.fixture(scope="session")
def corpus_generator() -> ModuleType:
    """``benchmarks/generate_corpus.py`` loaded as a module (``benchmarks/`` is not a package)."""
    spec = importlib.util.spec_from_file_location("generate_corpus", ROOT / "benchmarks" / "generate_corpus.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module

