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
from reactions.run.units import read_corpus
from reactions.sentiment import score_frame

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "seeds"
PAGE = str(ROOT / "dashboard.py")
RUN_TIMEOUT = 900
"""Seconds AppTest lets one run of the page take: a bound against a hang, not a speed limit (a run of a few CPU-seconds
takes minutes of wall time on a loaded machine; AppTest's default is 3 s)."""


@pytest.fixture(scope="module")
def seeds_frame() -> pd.DataFrame:
    """The seeds as the page computes them: 12 unique reactions, scored."""
    return score_frame(frames.to_frame(read_corpus([SEEDS])))


@pytest.fixture(scope="session")
def page_home(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """Where every page test's copy of the seeds is made, and the cache folder they share (one per session)."""
    root = tmp_path_factory.mktemp("page")
    return root / "corpus", root / "cache"


@pytest.fixture
def corpus(page_home: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh private copy of the seeds (so overrides never touch the bundled folder, and no test sees another's
    labels or files), opened by the page.  Every test's copy is made at the same path and shares one cache folder,
    so the seeds are parsed and scored once a session, not once a test: the cache is keyed by the files' bytes
    (and the scores by the labels and lexicon), so what a test changes is worked out again."""
    import streamlit as st

    st.cache_resource.clear()  # the page keeps runs and listings in the process, by path: every test's copy has
    st.cache_data.clear()  # the same path, so a test must not open the one the test before kept
    folder, cache = page_home
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(SEEDS, folder)
    monkeypatch.setenv("REACTIONS_CORPUS", str(folder))
    monkeypatch.setenv("REACTIONS_CACHE_DIR", str(cache))
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


def run_page(query: dict[str, Any] | None = None, opened: tuple[str, ...] = ()) -> Any:
    """The page run once (a ``streamlit.testing.v1.AppTest``), with ``query`` as its URL's query parameters and
    the expanders ``opened`` (their keys: built on demand) open.  The whole page: a session's first run ends at its
    headline and the browser then asks for the rest (app.opening.rest_later; test_dashboard checks that), so the
    run starts as that second one does."""
    from streamlit.testing.v1 import AppTest

    from app.opening import REST_KEY

    at = AppTest.from_file(PAGE, default_timeout=RUN_TIMEOUT)
    at.query_params.update(query or {})
    at.session_state[REST_KEY] = "drawn"
    for key in opened:
        at.session_state[key] = True
    return at.run()
