"""Profile the page's script runs on the server: ``REACTIONS_PAGE_PROFILE=/tmp/page streamlit run dashboard.py``
writes one cProfile file per script run (``/tmp/page.<n>.<time>.prof``; read it with ``python -m pstats``), so
that what a rerun costs is measured where it is spent (Streamlit runs the script in its own thread)."""

from __future__ import annotations

import cProfile
import itertools
import os
import time
from collections.abc import Callable

PROFILE_VARIABLE = "REACTIONS_PAGE_PROFILE"
_RUNS = itertools.count(1)


def run_profiled(page: Callable[[], None]) -> None:
    """``page()``, under cProfile when ``$REACTIONS_PAGE_PROFILE`` names where to write its profile."""
    target = os.environ.get(PROFILE_VARIABLE)
    if not target:
        page()
        return
    profile = cProfile.Profile()
    started = time.process_time()
    profile.enable()
    try:
        page()
    finally:
        profile.disable()
        took = time.process_time() - started
        profile.dump_stats(f"{target}.{next(_RUNS):03d}.{took:.2f}s.prof")
