"""Scripts of ``benchmarks/`` and ``scripts/`` loaded as modules (neither folder is a package), for the tests that
check them."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent
BENCHMARKS = ROOT / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """``benchmarks/NAME.py`` as the module ``NAME`` (loaded once, then taken from ``sys.modules``)."""
    return _load(name, BENCHMARKS / f"{name}.py")


def load_script(name: str) -> ModuleType:
    """``scripts/NAME.py`` as the module ``NAME`` (loaded once, then taken from ``sys.modules``)."""
    return _load(name, ROOT / "scripts" / f"{name}.py")


def _load(name: str, path: Path) -> ModuleType:
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module
