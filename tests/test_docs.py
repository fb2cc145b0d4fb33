"""The docs stay true: README is a front door of at most 10 KB whose Quick start is what CI runs, the CLI reference
and the Columns table are what the code generates, every link leads somewhere, and commands name folders that
exist."""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path
from types import ModuleType

import pytest
from benchmark_loader import load_script

from reactions.cli import build_parser
from reactions.columns import column_names
from reactions.frames import to_frame

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
DOCS = sorted((ROOT / "docs").glob("*.md"))
CLI_DOC = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
PAGES = [ROOT / "README.md", *DOCS]


def _gen_docs() -> ModuleType:
    return load_script("gen_docs")


def _subcommands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    found: dict[str, argparse.ArgumentParser] = {}
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            found.update(action.choices)
    return found


def _options() -> list[tuple[str, str]]:
    parser = build_parser()
    pairs = [("reactions", option) for action in parser._actions for option in action.option_strings]
    for name, sub in _subcommands(parser).items():
        pairs += [(name, option) for action in sub._actions for option in action.option_strings]
    return [(command, option) for command, option in pairs if option not in {"-h", "--help"}]


def test_the_cli_has_options_to_document() -> None:
    assert len(_options()) >= 5
    assert {"extract", "network", "compare", "label", "lexicon", "views"} <= set(_subcommands(build_parser()))


@pytest.mark.parametrize(("command", "option"), _options(), ids=lambda value: str(value))
def test_every_cli_option_is_in_the_cli_reference(command: str, option: str) -> None:
    assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", CLI_DOC), f"docs/cli.md lacks {command} {option}"


@pytest.mark.parametrize("command", ["extract", "network", "compare", "label", "lexicon", "views"])
def test_every_subcommand_is_in_the_readme_and_the_reference(command: str) -> None:
    assert f"reactions {command}" in README
    assert f"### `reactions {command}`" in CLI_DOC


def test_the_generated_docs_are_what_the_code_generates() -> None:
    """docs/cli.md and docs/columns.md: run ``python scripts/gen_docs.py`` after changing an option or a column."""
    gen_docs = _gen_docs()
    for name, make in gen_docs.GENERATED.items():
        text = (ROOT / name).read_text(encoding="utf-8")
        assert gen_docs.regenerated(text, make()) == text, f"{name} differs: run python scripts/gen_docs.py"


def test_the_generator_rewrites_only_its_block() -> None:
    gen_docs = _gen_docs()
    text = f"# Title\n\nprose\n\n{gen_docs.START}old\n{gen_docs.END}after\n"
    assert gen_docs.regenerated(text, "new\n") == f"# Title\n\nprose\n\n{gen_docs.START}\nnew\n\n{gen_docs.END}after\n"
    with pytest.raises(SystemExit):
        gen_docs.regenerated("no markers", "new")


def test_every_column_of_the_frame_has_a_meaning_in_order() -> None:
    assert column_names() == tuple(to_frame([]).columns)


def test_the_readme_is_a_front_door() -> None:
    assert len(README.encode("utf-8")) <= 10 * 1024
    assert "![" in README
    assert "docs/dashboard.png" in README


def test_ci_runs_the_readme_test_command() -> None:
    quick_start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```\n(.+?)\n```", quick_start)
    assert len(commands) == 2, commands
    assert "streamlit run dashboard.py" in commands[0]
    assert "http://localhost:8501" in quick_start  # where the page opens
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci.splitlines()


def _links(page: Path) -> list[str]:
    text = re.sub(r"```.*?```|`[^`\n]*`", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    return re.findall(r"\]\(([^)\s]+)\)", text)


def _anchors(page: Path) -> set[str]:
    headings = re.findall(r"^#+ (.+)$", page.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", heading).strip().lower().replace(" ", "-") for heading in headings}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_local_link_leads_somewhere(page: Path) -> None:
    for link in _links(page):
        if re.match(r"[a-z]+:", link):
            continue
        target, _, anchor = link.partition("#")
        path = (page.parent / target).resolve() if target else page
        assert path.exists(), f"{page.name}: {link} leads nowhere"
        if anchor and path.suffix == ".md":
            assert anchor in _anchors(path), f"{page.name}: {link}: no such heading"


COMMANDS = re.compile(r"^(?:\.venv/bin/)?(?:reactions|python -m reactions|streamlit run)\s", re.MULTILINE)


def _command_paths(page: Path) -> list[str]:
    """The relative paths that the commands in a page's code blocks read (``reactions …``, ``streamlit run …``)."""
    blocks = re.findall(r"```\n(.*?)```", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    paths = []
    for line in (line for block in blocks for line in block.splitlines() if COMMANDS.match(line)):
        command = line.split("  #", 1)[0].split(" && ", 1)[0]
        for word in shlex.split(command)[1:]:
            if "/" in word and not re.match(r"[/~$\-]|[a-z0-9]+://", word) and not word.startswith("'"):
                paths.append(word)
    return paths


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_commands_read_folders_that_exist(page: Path) -> None:
    """An example names the seeds, a folder a command before it makes (/tmp/…), or the project machine's corpus,
    never a folder nobody has (``articles/``, ``metoo/``, ``isot/Fake.csv``)."""
    missing = [path for path in _command_paths(page) if not (ROOT / path).exists()]
    assert not missing, f"{page.name}: {missing}"


def test_the_commands_check_sees_a_missing_folder(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    block = "```\nreactions extract articles/ -o out.csv  # x\nreactions extract seeds/\n```\n"
    page.write_text(block, encoding="utf-8")
    assert _command_paths(page) == ["articles/", "seeds/"]


def _first_block(text: str, after: str) -> list[str]:
    block = text.split(after, 1)[1].split("```\n", 1)[1].split("```", 1)[0]
    return [line.split("  #", 1)[0].strip() for line in block.splitlines() if line.strip()]


@pytest.mark.parametrize(
    ("page", "after"), [("README.md", "## The command line"), ("docs/cli.md", "# The command line")]
)  # fmt: skip
def test_the_command_line_examples_run_as_written(page: str, after: str, tmp_path: Path) -> None:
    """Each command of the page's first block runs on the seeds and exits 0 (its /tmp/ files written to tmp_path,
    ``ID`` a reaction of the seeds)."""
    import shutil

    from reactions.cli import main
    from reactions.run.pipeline import extract_frame

    reaction = str(extract_frame([str(ROOT / "seeds")], jobs=1, cache=False).frame["id"].iloc[0])
    lines = _first_block((ROOT / page).read_text(encoding="utf-8"), after)
    assert len(lines) >= 5
    seeds = sorted((ROOT / "seeds").iterdir())
    for line in lines:
        words = [word.replace("/tmp/", f"{tmp_path}/") for word in shlex.split(line)]
        words = [reaction if word == "ID" else str(ROOT / word) if word.startswith("seeds") else word for word in words]
        if words[:2] == ["cp", "-r"]:
            shutil.copytree(words[2], words[3])
            continue
        command = words[3:] if words[:3] == ["python", "-m", "reactions"] else words[1:]
        assert words[0] in ("reactions", "python"), line
        assert main(command) == 0, line
    assert sorted((ROOT / "seeds").iterdir()) == seeds  # an example that writes a store uses a copy
