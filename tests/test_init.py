"""The package's front door: ``import reactions`` is cheap, needs neither pandas nor Streamlit, and ``__all__``
holds what README teaches."""

from __future__ import annotations

import ast
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import networkx as nx

import reactions

ROOT = Path(__file__).resolve().parent.parent


MODULES_AT_MOST = 60
"""Modules ``import reactions`` may load (31 in November 2026, most of them the standard library's): the work it does,
counted; its CPU time is a speed target (``benchmarks/bench_import.py``: at most 50 ms), not a test's limit."""


def import_report() -> tuple[set[str], int]:
    """The heavy modules ``import reactions`` loads in a fresh interpreter, and how many modules it loads."""
    heavy = ("pandas", "numpy", "pyarrow", "streamlit", "altair")
    code = (
        "import sys; before = set(sys.modules); import reactions; "
        "loaded = len(set(sys.modules) - before); "
        f"print(','.join(m for m in {heavy!r} if m in sys.modules) + '|' + str(loaded))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    names, loaded = done.stdout.strip().rsplit("|", 1)
    return set(filter(None, names.split(","))), int(loaded)


def test_import_loads_neither_pandas_nor_streamlit_and_little_else() -> None:
    heavy, loaded = import_report()
    assert heavy == set()
    assert loaded <= MODULES_AT_MOST, f"import reactions loaded {loaded} modules"


def test_parsing_ascii_articles_loads_no_frame_library_and_builds_no_unicode_table() -> None:
    """Parsing plain articles needs neither pandas nor pyarrow (a run loads them only to build or write a frame),
    and text that is all ASCII never builds the entity finders' Unicode classes."""
    code = (
        "import sys, pathlib, reactions\n"
        "from reactions.parse import entities\n"
        f"texts = [p.read_text(encoding='utf-8') for p in sorted(pathlib.Path({str(ROOT / 'seeds')!r}).iterdir())]\n"
        "ascii = [t.encode('ascii', 'replace').decode() for t in texts]  # the seeds, their few non-ASCII marks gone\n"
        "found = sum(len(reactions.parse_article(t).reactions) for t in ascii)\n"
        "loaded = [m for m in ('pandas', 'pyarrow', 'numpy') if m in sys.modules]\n"
        "print(len(ascii), found, entities._classes.cache_info().currsize, ','.join(loaded))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    articles, found, tables, loaded = done.stdout.rstrip("\n").split(" ")
    assert int(articles) >= 5
    assert int(found) > 0
    assert (tables, loaded) == ("0", "")


def _teaching() -> str:
    """What teaches the library: README and docs/library.md (README links it)."""
    return "\n".join((ROOT / name).read_text(encoding="utf-8") for name in ("README.md", "docs/library.md"))


def loaded_by(code: str, names: tuple[str, ...], env: dict[str, str] | None = None) -> list[str]:
    """Which of ``names`` a fresh interpreter has loaded after running ``code``."""
    probe = f"{code}\nimport sys\nprint('loaded:' + ','.join(m for m in {names!r} if m in sys.modules))\n"
    command = [sys.executable, "-c", probe]
    done = subprocess.run(command, capture_output=True, text=True, check=True, timeout=120, env=env)
    (line,) = [line for line in done.stdout.splitlines() if line.startswith("loaded:")]
    return list(filter(None, line.removeprefix("loaded:").split(",")))


def test_reading_a_corpus_as_records_loads_no_frame_or_chart_library() -> None:
    """The parser's API (``parse_article``, ``read_corpus``) needs neither pandas, pyarrow, Altair nor Streamlit."""
    seeds = str(ROOT / "seeds")
    code = f"import reactions\ncorpus = reactions.read_corpus({seeds!r})\nassert len(corpus.reactions) > 0"
    assert loaded_by(code, ("pandas", "pyarrow", "numpy", "altair", "streamlit")) == []


def test_a_run_over_its_stored_frame_loads_only_what_it_uses(tmp_path: Path) -> None:
    """``reactions extract`` whose frame comes from the cache loads neither the parser, VADER (and the emoji tables),
    the progress bar off a terminal, the page's URL codec, Altair nor Streamlit: start-up is pandas and little
    else (docs/performance.md)."""
    code = (
        "from reactions.cli import main\n"
        f"main(['extract', {str(ROOT / 'seeds')!r}, '--jobs', '1', '-o', {str(tmp_path / 'out.csv')!r}])"
    )
    env = {**os.environ, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    names = ("reactions.parse.article", "reactions._vader", "emoji", "vaderSentiment", "tqdm",
             "reactions.viewstate.links", "altair", "streamlit")  # fmt: skip
    assert "reactions._vader" in loaded_by(code, names, env)  # the first run parses and scores
    assert loaded_by(code, names, env) == []


def test_a_run_without_the_cache_over_a_table_loads_only_what_it_uses(tmp_path: Path) -> None:
    """``reactions extract table.csv --no-cache`` reads no JSON (orjson, with the ``uuid`` and ``platform`` it loads),
    no RFC 2822 date (``email.utils``) and asks for no cache folder (platformdirs): none is imported (~5 ms of
    start-up, docs/performance.md, Round 16); a folder of FakeNewsNet JSON loads orjson."""
    post = "So proud #win \u2014 Fan (@fan) May 1, 2020"
    table = tmp_path / "table.csv"
    table.write_text(f'id,url,text\r\n1,https://www.bbc.co.uk/x,"{post}"\r\n')
    folder = tmp_path / "fnn" / "politifact1"
    folder.mkdir(parents=True)
    (folder / "news content.json").write_text(json.dumps({"url": "https://x.com/a", "text": post}))
    names = ("orjson", "platformdirs", "email.utils")
    loaded = []
    for corpus in (table, folder.parent):
        out = tmp_path / f"{corpus.name}.csv"
        loaded.append(loaded_by(f"from reactions.cli import main\nmain({_run_argv(corpus, out)!r})", names))
        assert out.read_bytes().count(b"\r\n") == 2  # the header and the post
    assert loaded == [[], ["orjson"]]


def _run_argv(corpus: Path, out: Path) -> list[str]:
    return ["extract", str(corpus), "--no-cache", "-q", "-o", str(out)]


def test_every_public_name_resolves_and_readme_imports_only_them() -> None:
    for name in reactions.__all__:
        assert getattr(reactions, name) is not None, name
    readme = _teaching()
    imports = re.findall(r"^(?:>>> )?from (reactions\S*) import (.+)$", readme, re.MULTILINE)
    assert imports
    for module, names in imports:
        assert module == "reactions", f"README imports from {module}: teach it from the top level"
        assert {n.strip() for n in names.split(",")} <= set(reactions.__all__), names


def test_readme_teaches_calls_from_the_top_level_and_all_holds_nothing_it_does_not_teach() -> None:
    """A call README shows (``reactions.name(``) is a public name; a public name is never spelt through its
    module (``reactions.viewstate.views.filter_rows``); and every public name is in README (``__all__`` is what it
    teaches, nothing else)."""
    readme = _teaching()
    public = set(reactions.__all__)
    called = set(re.findall(r"\breactions\.(\w+)\(", readme))
    assert called
    assert called <= public, called - public
    through = {m for m in re.findall(r"\breactions(?:\.[a-z_]+)+\.(\w+)", readme) if m in public}
    assert not through, f"teach {sorted(through)} as reactions.NAME"
    shown = set(re.findall(r"\breactions\.(\w+)", readme)) | {
        n.strip() for names in re.findall(r"from reactions import (.+)", readme) for n in names.split(",")
    }
    assert public - {"__version__"} <= shown, public - shown


def test_the_sentiment_labels_have_one_source() -> None:
    from reactions import sentiment, store
    from reactions.models import SENTIMENT_LABELS

    assert tuple(reactions.Sentiment) == SENTIMENT_LABELS == sentiment.LABELS == store.LABELS


def test_altair_loads_with_a_chart_module_only() -> None:
    """The ``charts`` package and its palette (which the page reads before its progress bar) load no Altair; a chart
    module does."""
    light = "import reactions.charts, reactions.charts.palette, reactions.analysis.aggregate, reactions.viewstate.views"
    assert loaded_by(light, ("altair", "streamlit")) == []
    assert loaded_by("import reactions.charts.time", ("altair", "streamlit")) == ["altair"]


def test_the_library_and_the_command_work_without_streamlit_or_altair(tmp_path: Path) -> None:
    """What ``pip install reactions`` (no ``dashboard`` extra) gives: parse, frame, export and the CLI."""
    code = (
        "import sys\n"
        "sys.modules['streamlit'] = sys.modules['altair'] = None  # as if they were not installed\n"
        "import reactions\n"
        "from reactions.cli import main\n"
        "article = reactions.parse_article('So good #win — Ann (@ann) May 1, 2020', 'a.txt')\n"
        "frame = reactions.score_frame(reactions.to_frame(article.reactions))\n"
        "assert frame.loc[0, 'handle'] == 'ann', frame\n"
        f"argv = ['extract', {str(ROOT / 'seeds')!r}, '-q', '--jobs', '1', '-o', {str(tmp_path / 'o.csv')!r}]\n"
        "sys.exit(main(argv))\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True, timeout=120)
    assert len(reactions.read_csv(tmp_path / "o.csv")) == 12  # the seeds' twelve reactions


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _runtime_imports(tree: ast.Module) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement that runs (at module level or inside a function), not those under
    ``if TYPE_CHECKING:``."""
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in typing_only:
            yield node


def import_graph() -> nx.DiGraph:
    """Module → the library modules it imports (``from reactions.x import name`` counts as ``reactions.x.name``
    when that is a module), including imports inside functions: one hidden there still makes a cycle."""
    modules = {_module_name(path): path for path in (ROOT / "reactions").rglob("*.py")}
    graph = nx.DiGraph()
    for name, path in modules.items():
        graph.add_node(name)
        for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = {alias.name for alias in node.names}
            elif node.module and not node.level:
                subs = {f"{node.module}.{alias.name}" for alias in node.names} & modules.keys()
                targets = subs if len(subs) == len(node.names) else subs | {node.module}
            else:
                targets = set()
            graph.add_edges_from((name, target) for target in targets & modules.keys() if target != name)
    return graph


def test_the_library_has_no_import_cycle() -> None:
    graph = import_graph()
    assert graph.number_of_edges() > 100  # the walk found the imports
    assert graph.has_edge("reactions.run.pipeline", "reactions.run.tasks")
    assert list(nx.simple_cycles(graph)) == []


def test_the_import_walk_sees_a_cycle_hidden_in_a_function() -> None:
    hidden = ast.parse("def f():\n    from reactions.cli import main\n")
    assert [type(node).__name__ for node in _runtime_imports(hidden)] == ["ImportFrom"]
    guarded = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from reactions.cli import main\n")
    assert [node.module for node in _runtime_imports(guarded)] == ["typing"]


def test_no_module_is_over_500_lines_and_the_page_is_layout() -> None:
    """The house stays easy to read: a module past 500 lines is split by what it does; ``dashboard.py`` is
    layout (at most 250 lines), its presenter in ``app/``."""
    sizes = {
        str(path.relative_to(ROOT)): len(path.read_text(encoding="utf-8").splitlines())
        for folder in ("reactions", "app")
        for path in (ROOT / folder).rglob("*.py")
    }
    assert len(sizes) > 50
    assert {name: n for name, n in sizes.items() if n > 500} == {}
    assert len((ROOT / "dashboard.py").read_text(encoding="utf-8").splitlines()) <= 250


PAGE_ONLY_LAYERS: tuple[str, ...] = ("reactions.analysis.", "reactions.charts.")
"""Library layers whose modules may have the page as their only user today: analysis over a frame and every chart
(pure, tested without Streamlit, and where the layout in docs/architecture.md says they live)."""
PAGE_ONLY_ALLOWED: dict[str, str] = {
    "reactions.run.uploads": "a worker process's target beside run/guard.py: it imports without the page's package",
}


def users_of_modules() -> dict[str, set[str]]:
    """Each library module → the files outside tests that import it (the library, ``app/``, ``dashboard.py``)."""
    modules = {_module_name(path) for path in (ROOT / "reactions").rglob("*.py")}
    users: dict[str, set[str]] = {name: set() for name in modules}
    code = [*(ROOT / "reactions").rglob("*.py"), *(ROOT / "app").rglob("*.py"), ROOT / "dashboard.py"]
    for path in code:
        where = str(path.relative_to(ROOT))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets = {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                targets = {node.module} | {f"{node.module}.{alias.name}" for alias in node.names}
            else:
                continue
            for target in targets & modules:
                users[target].add(where)
    for module in set(reactions._LAZY.values()):  # the public names' modules, loaded on first use
        users[module].add("reactions/__init__.py")
    return {name: {user for user in found if user != f"{name.replace('.', '/')}.py"} for name, found in users.items()}


def test_no_module_outside_app_is_used_only_by_the_page() -> None:
    """A module that only the page (``app/``, ``dashboard.py``) imports lives in ``app/``, unless it is one of the
    library's layers (``analysis/``, ``charts/``) or named, with its reason, in :data:`PAGE_ONLY_ALLOWED`."""
    users = users_of_modules()
    assert "app/sidebar.py" in users["reactions.viewstate.views"]  # the walk sees the page's imports
    packages = {_module_name(path) for path in (ROOT / "reactions").rglob("__init__.py")}
    page_only = {
        name for name, found in users.items()
        if found and name not in packages and all(user.startswith("app/") or user == "dashboard.py" for user in found)
    }  # fmt: skip
    assert "reactions.charts.time" in page_only  # and tells a page-only module
    misplaced = {name for name in page_only - PAGE_ONLY_ALLOWED.keys() if not name.startswith(PAGE_ONLY_LAYERS)}
    assert misplaced == set(), f"used only by the page: move into app/ ({sorted(misplaced)})"


PRIVATE_CROSSINGS_LEFT: frozenset[str] = frozenset()
"""Files still reading another module's private names (none left)."""


def private_crossings(text: str) -> set[str]:
    """The private names (``_x``, not dunders) a module's ``text`` takes from another module of the house:
    ``from m import _x`` or ``m._x`` where ``m`` was imported from ``reactions`` or ``app``.  Private modules
    (``reactions._vader``) are imported by their one owner and do not count."""
    tree = ast.parse(text)
    modules: set[str] = set()
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.split(".")[0] in ("reactions", "app"):
            for alias in node.names:
                if alias.name.startswith("_") and not alias.name.startswith("__"):
                    found.add(f"{node.module}.{alias.name}")
                modules.add(alias.asname or alias.name)
        elif isinstance(node, ast.Import):
            house = [alias for alias in node.names if alias.name.startswith(("reactions", "app"))]
            modules |= {alias.asname or alias.name for alias in house}
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id in modules
                and node.attr.startswith("_") and not node.attr.startswith("__")):  # fmt: skip
            found.add(f"{node.value.id}.{node.attr}")
    return {name for name in found if not name.rsplit(".", 1)[-1].startswith(("_vader",))}


def test_no_private_name_crosses_a_module() -> None:
    example = "from reactions.parse import article\nfrom reactions.parse.article import _title\narticle._x\n"
    assert private_crossings(example) == {"reactions.parse.article._title", "article._x"}
    crossing = {
        str(path.relative_to(ROOT)): names
        for path in [*(ROOT / "reactions").rglob("*.py"), *(ROOT / "app").rglob("*.py"), ROOT / "dashboard.py"]
        if (names := private_crossings(path.read_text(encoding="utf-8")))
    }
    assert set(crossing) <= PRIVATE_CROSSINGS_LEFT, crossing
