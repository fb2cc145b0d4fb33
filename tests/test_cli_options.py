"""Every command that reads a corpus (extract, network, compare) has the same run options, and each reaches
the run (reactions.cli_options)."""

from __future__ import annotations

import argparse
import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from reactions.cli import build_parser, main
from reactions.cli_options import RUN_OPTIONS
from reactions.run import pipeline

READERS = ("extract", "network", "compare")
"""The commands that read a corpus."""
POST = "Wow, such a fun night with friends, what a vibe #fun #night — Ann (@ann_lee) Feb 2, 2020"  # English, told


def _subcommand(name: str) -> argparse.ArgumentParser:
    for action in build_parser()._actions:
        if isinstance(action, argparse._SubParsersAction):
            found: argparse.ArgumentParser = action.choices[name]
            return found
    raise AssertionError("no subcommands")


def _argv(command: str, folder: Path, *options: str) -> list[str]:
    out = folder.parent / f"{command}-out.{'gexf' if command == 'network' else 'csv'}"
    vs = ["--vs", str(folder)] if command == "compare" else []
    return [command, str(folder), *vs, "-o", str(out), *options]


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "a.txt").write_text(f" date 2020-02-02 An article\n\n{POST}\n", encoding="utf-8")
    return folder


@pytest.fixture
def runs(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """The settings of every run the command starts (the real run goes on, without a cluster)."""
    seen: list[dict[str, Any]] = []
    real = pipeline.extract_frame

    def spy(paths: Any, *args: Any, **settings: Any) -> Any:
        seen.append(settings)
        return real(paths, *args, **{**settings, "cluster": None})

    monkeypatch.setattr(pipeline, "extract_frame", spy)
    return seen


@pytest.mark.parametrize("command", READERS)
def test_every_corpus_reading_command_has_every_run_option(command: str) -> None:
    options = {option for action in _subcommand(command)._actions for option in action.option_strings}
    assert set(RUN_OPTIONS) <= options, set(RUN_OPTIONS) - options


@pytest.mark.parametrize("command", READERS)
def test_the_run_options_default_the_same_everywhere(command: str, corpus: Path) -> None:
    args = build_parser().parse_args(_argv(command, corpus))
    reference = build_parser().parse_args(_argv("extract", corpus))
    names = [option.lstrip("-").replace("-", "_") for option in RUN_OPTIONS]
    assert {name: getattr(args, name) for name in names} == {name: getattr(reference, name) for name in names}


@pytest.mark.parametrize("command", READERS)
@pytest.mark.parametrize(
    ("options", "expected"),
    [
        (["--no-cache"], {"cache": False}),
        (["--jobs", "1"], {"jobs": 1}),
        (["--time-limit", "7"], {"parse_limit": 7.0}),
        (["--lexicon", "LEXICON"], {"lexicon": {"vibe": -3.0}}),
    ],
)  # fmt: skip
def test_each_run_option_reaches_every_run(
    command: str, options: list[str], expected: dict[str, Any], corpus: Path, runs: list[dict[str, Any]]
) -> None:
    lexicon = corpus.parent / "extra.tsv"
    lexicon.write_text("vibe\t-3\n", encoding="utf-8")
    argv = _argv(command, corpus, "-q", *[str(lexicon) if part == "LEXICON" else part for part in options])
    assert main(argv) == 0
    assert len(runs) == (2 if command == "compare" else 1)
    for settings in runs:
        assert {key: settings[key] for key in expected} == expected


@pytest.mark.parametrize("command", READERS)
def test_read_limits_reach_every_command(command: str, corpus: Path, runs: list[dict[str, Any]]) -> None:
    argv = _argv(command, corpus, "-q", "--max-file-size", "0.5", "--follow-links", "--text-col", "body")
    assert main(argv) == 0
    for settings in runs:
        assert (settings["read"].max_bytes, settings["read"].follow_links) == (2**19, True)
        assert (settings["sources"].max_bytes, settings["sources"].text_col) == (2**19, "body")


@pytest.mark.parametrize("command", READERS)
def test_a_file_over_max_file_size_is_named_by_every_command(
    command: str, corpus: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (corpus / "big.txt").write_text(POST + "x" * 20_000, encoding="utf-8")
    assert main(_argv(command, corpus, "--max-file-size", "0.01")) == 0
    assert "big.txt" in capsys.readouterr().err


@pytest.mark.parametrize("command", READERS)
def test_ignore_store_and_lexicon_change_every_commands_scores(command: str, corpus: Path, tmp_path: Path) -> None:
    assert main(["lexicon", "--corpus", str(corpus), "--set", "vibe", "-3"]) == 0
    outputs: list[bytes] = []
    for extra in ([], ["--ignore-store"]):
        out = tmp_path / f"{command}{len(outputs)}.{'gexf' if command == 'network' else 'csv'}"
        argv = [command, str(corpus), *(["--vs", str(corpus)] if command == "compare" else []), "-o", str(out), "-q"]
        assert main([*argv, *extra]) == 0
        outputs.append(out.read_bytes())
    assert outputs[0] != outputs[1]  # the stored lexicon's term scores the post, unless --ignore-store


@pytest.mark.parametrize("command", READERS)
def test_cache_dir_keeps_every_commands_caches_there(command: str, corpus: Path, tmp_path: Path) -> None:
    cache = tmp_path / "my-cache"
    assert main(_argv(command, corpus, "-q", "--cache-dir", str(cache))) == 0
    assert cache.is_dir()
    assert any(cache.iterdir())


@pytest.mark.parametrize("command", READERS)
def test_dask_gives_every_run_of_a_command_one_cluster(
    command: str, corpus: Path, runs: list[dict[str, Any]], monkeypatch: pytest.MonkeyPatch
) -> None:
    from reactions.run import dask

    connected: list[tuple[str | None, int | None]] = []
    cluster = object()

    @contextlib.contextmanager
    def connect(address: str | None = None, workers: int | None = None) -> Iterator[object]:
        connected.append((address, workers))
        yield cluster

    monkeypatch.setattr(dask, "connect", connect)
    assert main(_argv(command, corpus, "-q", "--dask", "tcp://scheduler:8786", "--jobs", "3")) == 0
    assert connected == [("tcp://scheduler:8786", 3)]
    assert [settings["cluster"] for settings in runs] == [cluster] * (2 if command == "compare" else 1)


def test_a_bad_max_file_size_is_one_error_on_every_command(corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for command in READERS:
        assert main(_argv(command, corpus, "--max-file-size", "0")) == 1
        assert "--max-file-size must be a positive number" in capsys.readouterr().err

