"""Every dotted name (``reactions.x.y``) and every file of the project (``reactions/parse/quotes.py``) that the
docs and the docstrings mention exists: a moved or renamed function leaves no stale reference behind."""

from __future__ import annotations

import ast
import importlib
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
DOTTED = re.compile(r"(?<![\w./-])(?:reactions|app)(?:\.[A-Za-z_]\w*)+")
"""A dotted name of the library or the page (not ``.reactions.db``, not a path)."""
FILES = re.compile(
    r"(?<![\w./-])(?:reactions|app|tests|benchmarks|scripts|docs)/[\w/.-]+\.(?:py|md|txt|toml|json|png)\b"
)
"""A file of the checkout named by its path."""
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
CODE = sorted([*ROOT.glob("reactions/**/*.py"), *ROOT.glob("app/**/*.py"), ROOT / "dashboard.py",
               *ROOT.glob("benchmarks/*.py"), *ROOT.glob("scripts/*.py")])  # fmt: skip


def resolves(dotted: str) -> bool:
    """Whether ``dotted`` names something: its longest importable module, then attributes down from it."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def docstrings(path: Path) -> Iterator[str]:
    """The docstrings of a module, its classes and functions, and the strings that document its constants."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            yield node.value.value


def texts() -> Iterator[tuple[str, str]]:
    for page in PAGES:
        yield page.relative_to(ROOT).as_posix(), page.read_text(encoding="utf-8")
    for path in CODE:
        for text in docstrings(path):
            yield path.relative_to(ROOT).as_posix(), text


def mentioned(pattern: re.Pattern[str]) -> dict[str, set[str]]:
    """Each name the pattern finds in the docs and docstrings, with where."""
    found: dict[str, set[str]] = {}
    for where, text in texts():
        for name in pattern.findall(text):
            found.setdefault(name.rstrip("."), set()).add(where)
    return found


NAMES = mentioned(DOTTED)
PATHS = mentioned(FILES)


def test_the_docs_mention_names_and_files() -> None:
    assert len(NAMES) > 100
    assert "reactions.extract_frame" in NAMES
    assert "reactions/cli_options.py" in PATHS


@pytest.mark.parametrize("name", sorted(n for n in NAMES if not n.endswith((".py", ".md", ".db", ".txt"))))
def test_every_dotted_name_resolves(name: str) -> None:
    assert resolves(name), f"{name} (in {', '.join(sorted(NAMES[name]))}) names nothing"


@pytest.mark.parametrize("path", sorted(PATHS))
def test_every_file_named_exists(path: str) -> None:
    assert (ROOT / path).exists(), f"{path} (in {', '.join(sorted(PATHS[path]))}) does not exist"


@pytest.mark.parametrize(
    ("name", "expected"),
    [("reactions.parse.quotes.find_quotes", True), ("reactions.frames.BASE_COLUMNS", True),
     ("reactions.markup", False), ("reactions.parse.quotes._sentences_around", False), ("reactions.nope.x", False)],
)  # fmt: skip
def test_the_resolver_tells_a_stale_name(name: str, expected: bool) -> None:
    assert resolves(name) is expected
