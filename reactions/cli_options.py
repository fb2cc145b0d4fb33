"""The options every command that reads a corpus shares (``reactions extract``, ``network`` and ``compare``),
declared once, as sqlite-utils declares its shared option decorators, and the one way a command turns them
into runs (:func:`corpus_runs`).  Apart from :mod:`reactions.cli` so that the parser stays small; nothing heavy
is imported until a command runs."""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reactions.cli_checks import add_path_arguments, say_listing
from reactions.cli_limits import add_time_limit, time_limit
from reactions.cli_sentiment import add_scorer_argument, scored
from reactions.errors import InputError
from reactions.progress import PROGRESS_DELAY, ProgressBar
from reactions.run.cache import CACHE_DIR_ENV
from reactions.sources.files import MAX_FILE_BYTES, ReadOptions
from reactions.sources.options import SourceOptions

if TYPE_CHECKING:
    from reactions.run.outputs import Output, OutputSpec, Render
    from reactions.run.pipeline import Extraction
    from reactions.store import Settings

PATHS_HELP = (
    "article files and folders (.txt .md .html .htm), datasets (.csv .tsv .jsonl .ndjson .json .parquet, also "
    ".gz/.zst: one article a row), FakeNewsNet folders, web archives (.warc .warc.gz .arc .arc.gz), and URLs "
    "(s3://, gs://, https://, globs among them) with the remote extra"
)
COLUMN_FLAGS = ("text", "id", "title", "date", "url")
"""A dataset's columns that can be named: --text-col, --id-col, … (reactions.sources.SourceOptions)."""
RUN_OPTIONS = (
    "--quiet", "--lexicon", "--jobs", "--no-cache", "--dask", "--ignore-store", "--cache-dir", "--max-file-size",
    "--follow-links", "--time-limit", "--allow-system-folders", "--sentiment",
    *(f"--{name}-col" for name in COLUMN_FLAGS),
)  # fmt: skip
"""The options :func:`add_run_options` gives a command (a test checks that every corpus-reading command has them)."""

Run = Callable[[Sequence[str]], "Extraction"]
"""One run of the corpus at the given paths, with the command's options (:func:`corpus_runs`)."""


def add_source_arguments(command: argparse.ArgumentParser) -> None:
    """The options of how datasets are read: ``--text-col NAME``, ``--id-col NAME``, …"""
    for name in COLUMN_FLAGS:
        command.add_argument(
            f"--{name}-col", metavar="NAME", dest=f"{name}_col",
            help=f"a dataset's {name} column (default: found by name)",
        )  # fmt: skip


def add_run_options(command: argparse.ArgumentParser) -> None:
    """Every option of how a corpus is read and run, the same on every command that reads one (:data:`RUN_OPTIONS`)."""
    command.add_argument(
        "-q", "--quiet", action="store_true", help="no progress bar, summary or warnings on stderr (errors only)"
    )
    command.add_argument(
        "--lexicon", type=Path, metavar="FILE",
        help="extra sentiment lexicon for this run ('term<TAB>valence' or 'term,valence' lines), on top of "
        "the lexicon stored beside the corpus",
    )  # fmt: skip
    command.add_argument(
        "--jobs", type=int, default=0, metavar="N",
        help="parse and score in N processes (default 0: one per core; 1: in this process)",
    )  # fmt: skip
    command.add_argument(
        "--no-cache", action="store_true",
        help="work everything out again instead of reusing what earlier runs kept in the cache folder "
        "(the finished table of an unchanged corpus, each file's parse, each reaction's scores)",
    )  # fmt: skip
    command.add_argument(
        "--dask", nargs="?", const="", default=None, metavar="ADDRESS",
        help="run on Dask: the scheduler at ADDRESS (tcp://host:8786), or a local cluster of --jobs workers "
        "(default: one per core) when no address is given (pip install 'reactions[dask]')",
    )  # fmt: skip
    command.add_argument(
        "--ignore-store", action="store_true",
        help="leave out the labels and lexicon stored beside the corpus (.reactions.db) for this run",
    )  # fmt: skip
    command.add_argument(
        "--cache-dir", type=Path, metavar="DIR",
        help="keep the caches of parses, scores and tables in DIR (default: the user's cache folder, or "
        "$REACTIONS_CACHE_DIR)",
    )  # fmt: skip
    command.add_argument(
        "--max-file-size", type=float, default=MAX_FILE_BYTES / 2**20, metavar="MB",
        help=f"skip (and name) article files larger than MB megabytes (default {MAX_FILE_BYTES // 2**20})",
    )  # fmt: skip
    command.add_argument(
        "--follow-links", action="store_true",
        help="read symbolic links to files outside the corpus folder (default: each is named and skipped)",
    )  # fmt: skip
    add_source_arguments(command)
    add_path_arguments(command)
    add_time_limit(command)
    add_scorer_argument(command)


def read_options(args: argparse.Namespace) -> ReadOptions:
    """How files are read (``--max-file-size``, ``--follow-links``); an :class:`InputError` for a size that is not
    a positive number."""
    size = getattr(args, "max_file_size", MAX_FILE_BYTES / 2**20)
    if not size > 0:
        raise InputError(f"--max-file-size must be a positive number of megabytes, not {size}")
    return ReadOptions(max_bytes=int(size * 2**20), follow_links=bool(getattr(args, "follow_links", False)))


def source_options(args: argparse.Namespace) -> SourceOptions:
    """How datasets are read, from the command line (:func:`add_source_arguments`; ``--max-file-size`` and
    ``--follow-links`` too, where the command has them)."""
    column = {name: getattr(args, f"{name}_col", None) for name in COLUMN_FLAGS}
    size = getattr(args, "max_file_size", None)
    return SourceOptions(column["text"], column["id"], column["title"], column["date"], column["url"],
                         max_bytes=int(size * 2**20) if size else MAX_FILE_BYTES,
                         follow_links=bool(getattr(args, "follow_links", False)))  # fmt: skip


@contextlib.contextmanager
def corpus_runs(args: argparse.Namespace) -> Iterator[Runs]:
    """While inside, ``run(paths)`` reads the corpus at ``paths`` on the one run path
    (:func:`reactions.run.pipeline.extract_frame`) with the command's run options: its store's labels and lexicon
    (said on stderr), ``--lexicon``, the caches (``--no-cache``, ``--cache-dir``), ``--jobs`` or one Dask cluster
    for every run (``--dask``), the read limits and the progress bar on a terminal; ``run.export(paths, spec,
    render)`` gives the bytes of its export, stored ones when nothing they were made from changed
    (:func:`reactions.run.outputs.extract_output`)."""
    read = read_options(args)
    if args.cache_dir is not None:
        os.environ[CACHE_DIR_ENV] = str(args.cache_dir)  # the workers the runs start inherit it
    with contextlib.ExitStack() as stack:
        cluster = None
        if args.dask is not None:  # the same runs, their tasks on a Dask cluster
            from reactions.run.dask import connect

            cluster = stack.enter_context(connect(args.dask or None, args.jobs or None))
        yield Runs(args, read, cluster)


@dataclasses.dataclass(frozen=True, slots=True)
class Runs:
    """The runs of one command (:func:`corpus_runs`): ``runs(paths)`` gives a run's result, ``runs.export(paths,
    spec, render)`` its export's bytes."""

    args: argparse.Namespace
    read: ReadOptions
    cluster: Any

    def __call__(self, paths: Sequence[str]) -> Extraction:
        from reactions.run.pipeline import extract_frame

        found, settings = self._run(paths, extract_frame)
        result: Extraction = found
        if getattr(self.args, "sentiment", "vader") == "vader":
            return result  # the run path's own labels: its table as it is (no frame is built unless asked for)
        return result.with_frame(scored(result.frame, self.args, settings.lexicon))

    def export(self, paths: Sequence[str], spec: OutputSpec, render: Render) -> Output:
        """The bytes ``render`` makes of the run's result (the default scorer's: ``spec`` is made for it)."""
        from reactions.run.outputs import extract_output

        found, _ = self._run(paths, functools.partial(extract_output, spec=spec, render=render))
        output: Output = found
        return output

    def _run(self, paths: Sequence[str], call: Callable[..., Any]) -> tuple[Any, Settings]:
        from reactions.store import corpus_folder, load_settings

        args = self.args
        settings = load_settings(corpus_folder(paths), lexicon_file=args.lexicon, ignore_store=args.ignore_store)
        if settings.note is not None and not args.quiet:
            print(("warning: " if settings.problem else "") + settings.note, file=sys.stderr)
        bar = None if args.quiet else ProgressBar(sys.stderr, delay=PROGRESS_DELAY)
        with contextlib.ExitStack() as listing:
            if bar is not None:  # a large tree is listed before the bar can start: said if it takes a while
                listing.enter_context(say_listing(paths, sys.stderr, bar.delay, lambda: bar.bar is not None))
            result = call(  # to_frame(read_corpus(…)), or the stored frame (or export) of a re-run
                paths, jobs=args.jobs or None, cache=not args.no_cache, lexicon=settings.lexicon,
                overrides=settings.overrides, progress=bar, read=self.read, cluster=self.cluster,
                sources=source_options(args), parse_limit=time_limit(args),
            )  # fmt: skip
        if bar is not None:
            bar.close()
        return result, settings
