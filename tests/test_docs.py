"""README stays true: every CLI option is documented, and the Quick start is what CI runs."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pytest

from reactions.cli import build_parser

ROOT = Path(__file__).parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")


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
def test_every_cli_option_is_in_the_readme(command: str, option: str) -> None:
    assert re.search(rf"(?<![\w-]){re.escape(option)}(?![\w-])", README), f"README does not mention {command} {option}"


@pytest.mark.parametrize("command", ["extract", "network", "compare", "label", "lexicon", "views"])
def test_every_subcommand_is_in_the_readme(command: str) -> None:
    assert f"reactions {command}" in README


def test_ci_runs_the_readme_test_command() -> None:
    quick_start = README.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    commands = re.findall(r"```\n(.+?)\n```", quick_start)
    assert len(commands) == 2, commands
    assert "streamlit run dashboard.py" in commands[0]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert commands[1] in ci
