"""What the page's AppTest files share: the page run headless, a private copy of the seeds it opens, the seeds'
frame as the page computes it, and a spy on every file it offers for download.  A pytest plugin of
``conftest.py``'s; Streamlit is imported only when a page test asks for it."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from reactions import frames
from reactions.corpus import read_corpus
from reactions.sentiment import score_frame

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
PAGE = str(ROOT / "dashboard.py")


@pytest.fixture(scope="module")
def seeds_frame() -> pd.DataFrame:
    """The seeds as the page computes them: 12 unique reactions, scored."""
    return score_frame(frames.to_frame(read_corpus([SEEDS])))


@pytest.fixture
def corpus(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the seeds (so overrides never touch the bundled folder), opened by the page."""
    folder = tmp_path / "corpus"
    shutil.copytree(SEEDS, folder)
    monkeypatch.setenv("REACTIONS_CORPUS", str(folder))
    return folder


@pytest.fixture
def downloads(monkeypatch: pytest.MonkeyPatch) -> dict[str, bytes]:
    """Every file the page offers for download, by file name (spied on Streamlit's media storage)."""
    from streamlit.runtime.memory_media_file_storage import MemoryMediaFileStorage

    seen: dict[str, bytes] = {}
    original = MemoryMediaFileStorage.load_and_get_id

    def spy(self: Any, data: Any, mimetype: str, kind: Any, filename: str | None = None) -> str:
        if filename is not None and isinstance(data, bytes):
            seen[filename] = data
        return original(self, data, mimetype, kind, filename)

    monkeypatch.setattr(MemoryMediaFileStorage, "load_and_get_id", spy)
    return seen


def run_page(query: dict[str, Any] | None = None) -> Any:
    """The page run once (a ``streamlit.testing.v1.AppTest``), with ``query`` as its URL's query parameters."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(PAGE, default_timeout=60)
    at.query_params.update(query or {})
    return at.run()
