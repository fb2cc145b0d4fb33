"""The ``reactions`` command: ``reactions extract PATH... [-o OUT] [--lexicon FILE]``, ``reactions network PATH...
--graph hashtags|mentions [-o OUT]``, ``reactions compare A_PATH... --vs B_PATH... [-o OUT]``, and the analyst's
``reactions label ID LABEL``, ``reactions lexicon`` and ``reactions views PATH`` (the store beside the corpus,
:mod:`reactions.store`; the last in :mod:`reactions.cli_views`).  The commands that read a corpus share one set
of run options and make their runs in :mod:`reactions.cli_options`; docs/cli.md is generated from
:func:`build_parser` (``python scripts/gen_docs.py``).

The command only writes what library functions produce (:func:`reactions.run.pipeline.extract_frame`,
which gives the frame of :func:`reactions.frames.to_frame` over :func:`reactions.run.units.read_corpus`,
and :mod:`reactions.export`).  A :class:`~reactions.errors.ReactionsError` becomes ``error: …`` on
stderr and exit status 1, never a traceback; usage errors exit with 2.
"""

from __future__ import annotations

import argparse
import atexit
import functools
import gc
import os
import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, NoReturn

from reactions import __version__
from reactions.cli_checks import cache_warnings, check_command_paths, whole_number
from reactions.cli_options import PATHS_HELP, add_run_options, corpus_runs
from reactions.cli_sentiment import add_train_command
from reactions.cli_views import add_views_command
from reactions.errors import ExportError, InputError, ReactionsError
from reactions.models import SENTIMENT_LABELS as LABELS
from reactions.writing import FORMATS

if TYPE_CHECKING:
    from reactions.run.outputs import Output, OutputSpec
    from reactions.run.pipeline import Extraction

NETWORK_GRAPHS, NETWORK_TOP, NETWORK_MAX_TOP = ("hashtags", "mentions"), 30, 200
"""reactions.analysis.network's GRAPHS, DEFAULT_TOP and MAX_TOP (the parser does not import networkx: ``--help`` stays
quick; a test checks they agree)."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``reactions`` command (testable on its own)."""
    parser = argparse.ArgumentParser(
        prog="reactions",
        description="Pull the social-media reactions that news articles embed, score and export them.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    extract = commands.add_parser(
        "extract",
        help="extract the reactions of article files and folders into one table",
        description="Read article files and folders (recursive: .txt .md .html .htm, datasets, web archives) "
        "and write one row per unique reaction. A summary and every warning go to stderr.",
    )
    extract.add_argument("paths", nargs="+", metavar="PATH", help=PATHS_HELP)
    extract.add_argument(
        "-o", "--output", type=Path, metavar="OUT",
        help="write the table to OUT; its extension (.csv .jsonl .parquet .xlsx) gives the format "
        "(default: CSV to stdout)",
    )  # fmt: skip
    extract.add_argument("--format", choices=FORMATS, help="output format, overriding OUT's extension")
    extract.add_argument(
        "--columns", choices=("all", "twarc"), default="all",
        help="all columns (default), or twarc-csv's (twarc2) columns for the fields an article shows: id, "
        "created_at, text, lang, entities.hashtags, entities.mentions, entities.urls, author.username, author.name "
        "(docs/twarc.md)",
    )  # fmt: skip
    extract.add_argument(
        "--excel-safe", action="store_true",
        help="the CSV for people (the default): a UTF-8 BOM, text cells starting with = + - @, tab or CR "
        "neutralised with an apostrophe, ids exactly as written everywhere (read back exactly by "
        "reactions.read_csv); for Excel itself write .xlsx",
    )  # fmt: skip
    extract.add_argument(
        "--exact-text", action="store_true",
        help="the exact-text CSV, for code (pandas, R): every cell as it is, nothing neutralised, no BOM; do not "
        "open it in a spreadsheet",
    )  # fmt: skip
    add_run_options(extract)
    extract.set_defaults(handler=run_extract)
    add_network_command(commands)
    add_compare_command(commands)
    add_sentiment_commands(commands)
    add_train_command(commands)
    add_views_command(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 when something was extracted)."""
    _no_last_collection()
    collecting = gc.isenabled()
    gc.disable()  # a command is a short batch: importing pandas alone sets off ~0.05 CPU-s of collections
    try:
        args = build_parser().parse_args(argv)
        if args.command != "train":
            _one_blas_thread()
        check_command_paths(args)  # file:// URLs made local; a missing remote extra, a system folder refused
        with cache_warnings(sys.stderr, quiet=getattr(args, "quiet", False)):
            status: int = args.handler(args)
    except ReactionsError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `reactions extract … | head`: the reader left, not an error of ours
        sys.stderr.close()
        return 1
    finally:
        if collecting:
            gc.enable()
    return status


def run() -> NoReturn:
    """``python -m reactions``: :func:`main`, then the end of the process without the interpreter's teardown
    (:func:`end_process`), the run's process pool stopped first (as at exit: its threads are then gone)."""
    status = main()
    parallel = sys.modules.get("reactions.run.parallel")  # (loaded by a run, not by every command)
    if parallel is not None:
        parallel.shutdown()
    end_process(status)
    raise SystemExit(status)


def end_process(status: int) -> None:
    """End the process with ``status`` as Python would, but for its teardown, which frees every object still alive
    one by one (the run's caches, the parser's and the scorers' tables, the modules) for memory the process is
    about to give back: 0.019 CPU-s after a run over the bulk corpus, 0.008 after the seeds (docs/performance.md,
    Round 16).  What Python runs at exit runs first (every ``atexit`` function, in its order: a pool stopped, the
    logs flushed, the last collection spared), then the standard streams are flushed.  Returns, and Python ends as
    ever, when another thread still runs (Python waits for it before its ``atexit`` functions) or a stream cannot be
    flushed (Python says so, and ends with status 120).  (A daemon thread is not waited for, by Python either.)"""
    if any(not thread.daemon for thread in threading.enumerate() if thread is not threading.main_thread()):
        return
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            return
    os._exit(status)


def _one_blas_thread() -> None:
    """OpenBLAS starts a thread per core as numpy is imported (~0.03 CPU-s of a command's start-up, a tenth of
    its floor); no command but ``train`` does linear algebra worth them (a run's parallelism is its processes),
    so unless the user set it, or numpy is already loaded, one thread."""
    if "numpy" not in sys.modules:
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


@functools.cache
def _no_last_collection() -> None:
    """Spare the process the garbage collection Python runs as it exits, which walks every object still alive
    (pandas, numpy and pyarrow's modules, a run's frame) to free memory the process is about to give back: about
    0.1 CPU-s, a fifth of a small run.  Everything alive is frozen (:func:`gc.freeze`) by an ``atexit`` function,
    and ``atexit`` functions run before that collection; they all still run, and files are closed as ever."""
    atexit.register(gc.freeze)


def run_extract(args: argparse.Namespace) -> int:
    """``reactions extract``: read, build the frame, write it, report on stderr.  With the cache on, the bytes are
    kept, and a run over an unchanged corpus with the same options writes them again without building the frame
    (:mod:`reactions.run.outputs`)."""
    from reactions.run.outputs import Output
    from reactions.writing import export_format, write_atomically

    output: Path | None = args.output
    fmt: str = args.format or (export_format(output) if output is not None else "csv")
    if output is None and fmt in ("parquet", "xlsx") and sys.stdout.isatty():
        raise ExportError(f"{fmt} is binary: write it to a file with -o OUT.{fmt}")
    for flag, given in (("--excel-safe", args.excel_safe), ("--exact-text", args.exact_text)):
        if given and fmt != "csv":
            raise ExportError(f"{flag} is for CSV, not {fmt}")
    if args.excel_safe and args.exact_text:
        raise InputError("--excel-safe and --exact-text are two CSVs: give one")
    render = functools.partial(table_of, fmt=fmt, columns=args.columns, people=not args.exact_text)
    spec = export_spec(args, fmt)
    with corpus_runs(args) as run:
        result = run(args.paths) if spec is None else run.export(args.paths, spec, render)
    if not args.quiet:
        report(result, sys.stderr)
    if not result.articles:
        raise nothing_read(result, args.paths)
    data = result.data if isinstance(result, Output) else render(result)
    if output is not None:
        write_atomically(output, data)
    else:
        write_stdout(data)
    return 0


def export_spec(args: argparse.Namespace, fmt: str) -> OutputSpec | None:
    """What makes the bytes of ``reactions extract``'s table besides the corpus, for the cache of exports; ``None``
    when they are not kept: ``--no-cache``, a workbook (it holds the time it was written) or a scorer other than
    the run path's own (the model is a file of its own)."""
    from reactions.run.outputs import OutputSpec

    if args.no_cache or fmt == "xlsx" or getattr(args, "sentiment", "vader") != "vader":
        return None
    return OutputSpec(fmt, (("columns", args.columns), ("people", not args.exact_text if fmt == "csv" else None)))


def table_of(result: Extraction, *, fmt: str, columns: str, people: bool) -> bytes:
    """The table ``reactions extract`` writes of a run's frame: in ``fmt``, all columns or twarc's, a CSV for
    people or the exact text.  CSV and JSON Lines of all columns are written from the run's table without pandas
    (:mod:`reactions.cells`: the very cells of the frame's export)."""
    table = result.tabled() if columns != "twarc" and fmt in ("csv", "jsonl") else None
    if table is not None:
        from reactions import cells

        return cells.csv_bytes(table, excel_safe=people) if fmt == "csv" else cells.jsonl_bytes(table)
    from reactions.export import csv_bytes, table_bytes
    from reactions.twarc import twarc_frame

    frame = twarc_frame(result.frame) if columns == "twarc" else result.frame
    return csv_bytes(frame, excel_safe=people) if fmt == "csv" else table_bytes(frame, fmt)


def add_network_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``reactions network PATH... --graph hashtags|mentions [-o OUT] [--top N] [--min-weight W]``."""
    network = commands.add_parser(
        "network",
        help="write the co-hashtag or author-mention network of the reactions as GEXF or GraphML (for Gephi)",
        description="Read article files and folders as extract does and write the network of their reactions: "
        "hashtags used together, or authors and the accounts they mention. A summary goes to stderr.",
    )
    network.add_argument("paths", nargs="+", metavar="PATH", help=PATHS_HELP)
    network.add_argument("--graph", choices=NETWORK_GRAPHS, default="hashtags", help="the network (default: hashtags)")
    network.add_argument(
        "-o", "--output", type=Path, metavar="OUT",
        help="write the network to OUT; its extension (.gexf .graphml) gives the format (default: GEXF to stdout)",
    )  # fmt: skip
    network.add_argument(
        "--top", type=whole_number(1, NETWORK_MAX_TOP), default=NETWORK_TOP, metavar="N",
        help=f"keep the N nodes with most reactions and the edges among them (default {NETWORK_TOP}, at most "
        f"{NETWORK_MAX_TOP})",
    )  # fmt: skip
    network.add_argument(
        "--min-weight", type=whole_number(1), default=1, metavar="W",
        help="keep only edges of at least W reactions (default 1)",
    )  # fmt: skip
    add_run_options(network)
    network.set_defaults(handler=run_network)


def run_network(args: argparse.Namespace) -> int:
    """``reactions network``: the frame of the one run path, its network, written atomically; the summary
    ``nodes: N, edges: M`` and the cap on stderr."""
    from reactions.analysis.network import build_network, network_bytes, network_format
    from reactions.writing import write_atomically

    output: Path | None = args.output
    fmt = network_format(str(output)) if output is not None else "gexf"
    if not fmt:
        raise ExportError(f"{output}: unknown network format; use .gexf or .graphml")
    with corpus_runs(args) as run:
        result = run(args.paths)
    if not args.quiet:
        report(result, sys.stderr)
    if not result.articles:
        raise nothing_read(result, args.paths)
    frame = result.frame
    network = build_network(frame, args.graph, top=args.top, min_weight=args.min_weight)
    data = network_bytes(network, fmt)
    if output is not None:
        write_atomically(output, data)
    else:
        write_stdout(data)
    if not args.quiet:
        graph = network.graph
        print(f"nodes: {graph.number_of_nodes()}, edges: {graph.number_of_edges()} ({network.cap})", file=sys.stderr)
        if network.empty:
            print(f"note: {network.empty}", file=sys.stderr)
    return 0


def add_compare_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``reactions compare A_PATH... --vs B_PATH... [-o OUT.csv|OUT.xlsx] [--top N] [--exact-text]``."""
    compare = commands.add_parser(
        "compare",
        help="compare the reactions of two corpora: a summary row each, and the posts both hold",
        description="Read two corpora as extract does and write one summary row per corpus (reactions, authors, "
        "articles, sentiment shares, mean compound, top hashtags, posts both hold); the table goes to stderr too.",
    )
    compare.add_argument("paths", nargs="+", metavar="A_PATH", help="side A's " + PATHS_HELP)
    compare.add_argument("--vs", nargs="+", required=True, metavar="B_PATH", help="side B's, the same way")
    compare.add_argument(
        "-o", "--output", type=Path, metavar="OUT",
        help="write the summary to OUT.csv, or OUT.xlsx with sheets for the days, sentiment, hashtags and the test "
        "(default: CSV to stdout)",
    )  # fmt: skip
    compare.add_argument(
        "--top", type=whole_number(1, 100), default=10, metavar="N",
        help="each side's N most used hashtags in the workbook's hashtags sheet (default 10)",
    )  # fmt: skip
    compare.add_argument("--excel-safe", action="store_true", help="the CSV for people (the default), as extract's")
    compare.add_argument("--exact-text", action="store_true", help="the exact-text CSV, for code, as extract's")
    add_run_options(compare)
    compare.set_defaults(handler=run_compare)


def run_compare(args: argparse.Namespace) -> int:
    """``reactions compare``: each side's frame by the one run path, the comparison, its summary written."""
    from reactions.analysis.compare import compare_frames, summary_bytes
    from reactions.writing import write_atomically

    output: Path | None = args.output
    fmt = output.suffix.lower().removeprefix(".") if output is not None else "csv"
    if fmt not in ("csv", "xlsx"):
        raise ExportError(f"{output}: a comparison is written as .csv or .xlsx")
    frames = []
    with corpus_runs(args) as run:
        for side, paths in (("A", args.paths), ("B", args.vs)):
            result = run(paths)
            if not args.quiet:
                print(f"{side}: ", end="", file=sys.stderr)
                report(result, sys.stderr)
            if not result.articles:
                raise InputError(f"side {side}: no article could be read from {', '.join(str(p) for p in paths)}")
            frames.append(result.frame)
    about = (" ".join(str(p) for p in args.paths), " ".join(str(p) for p in args.vs))
    comparison = compare_frames(frames[0], frames[1], about=about, top=args.top)
    data = summary_bytes(comparison, fmt, excel_safe=not args.exact_text)
    if output is not None:
        write_atomically(output, data)
    else:
        write_stdout(data)
    if not args.quiet:
        table = comparison.summary.assign(about=[a if len(a) <= 60 else a[:59] + "…" for a in about])
        print(table.set_index("side").T.to_string(), file=sys.stderr)
        print(f"posts both hold: {len(comparison.shared)}. {comparison.test.sentence()}", file=sys.stderr)
    return 0


def add_sentiment_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``reactions label`` and ``reactions lexicon``: the analyst's store beside a corpus."""
    label = commands.add_parser(
        "label",
        help="override the sentiment label of one reaction (kept beside the corpus)",
        description="Set (or --clear) an analyst's sentiment label for the reaction with id ID; every later "
        "run of the corpus shows it, with overridden=True.",
    )
    label.add_argument("id", metavar="ID", help="the reaction's id (the table's id column)")
    label.add_argument("label", nargs="?", choices=LABELS, metavar="LABEL", help=" | ".join(LABELS))
    label.add_argument("--clear", action="store_true", help="remove the override of ID")
    label.add_argument("--corpus", type=Path, default=Path("."), metavar="DIR", help="the corpus folder (default: .)")
    label.set_defaults(handler=run_label)
    lexicon = commands.add_parser(
        "lexicon",
        help="show or change the custom sentiment lexicon kept beside the corpus",
        description="Add, change or remove custom lexicon terms (words, emoji or phrases, valence in [-4, 4]), "
        "then print the stored lexicon as 'term<TAB>valence' lines.",
    )
    lexicon.add_argument("--corpus", type=Path, default=Path("."), metavar="DIR", help="the corpus folder (default: .)")
    lexicon.add_argument("--import", dest="import_file", type=Path, metavar="FILE", help="store every term of FILE")
    lexicon.add_argument(
        "--set", nargs=2, action="append", default=[], metavar=("TERM", "VALENCE"), help="store one term"
    )
    lexicon.add_argument("--remove", action="append", default=[], metavar="TERM", help="remove a stored term")
    lexicon.set_defaults(handler=run_lexicon)


def run_label(args: argparse.Namespace) -> int:
    """``reactions label ID LABEL`` / ``reactions label ID --clear``."""
    from reactions.store import Store

    if args.clear == (args.label is not None):
        raise InputError("give either a LABEL (positive, neutral or negative) or --clear")
    folder = _corpus_dir(args.corpus)
    if not args.clear:
        _check_reaction_id(folder, args.id)
    store = Store.beside(folder)
    if args.clear:
        found = store.clear_override(args.id)
        print(f"{args.id}: override removed" if found else f"{args.id}: had no override")
    else:
        store.set_override(args.id, args.label)
        stored = store.overrides().get(args.id)  # what the store holds now, read back, is what is said
        if stored != args.label:
            raise InputError(f"{store.path}: stored {stored!r} instead of {args.label!r}")
        print(f"{args.id}: {stored}")
    return 0


def _check_reaction_id(folder: Path, reaction_id: str) -> None:
    """Refuse an id the corpus in ``folder`` does not hold (a typo would label nothing, silently)."""
    from reactions.run.pipeline import extract_frame

    ids = set(extract_frame([folder], lexicon={}, overrides={}).frame["id"])
    if reaction_id.strip() not in ids:
        raise InputError(
            f"{folder} holds no reaction with id {reaction_id!r} (ids are the id column of `reactions extract`)"
        )


def run_lexicon(args: argparse.Namespace) -> int:
    """``reactions lexicon [--import FILE] [--set TERM VALENCE] [--remove TERM]``, then the lexicon."""
    from reactions.store import Store, load_lexicon_file, read_store, store_path

    folder = _corpus_dir(args.corpus)
    if not (args.import_file or args.set or args.remove):  # only listing: no store made where there is none
        path = store_path(folder)
        lexicon = read_store(path)[0] if path.exists() else {}
        write_stdout("".join(f"{term}\t{valence:g}\n" for term, valence in lexicon.items()).encode("utf-8"))
        return 0
    store = Store.beside(folder)
    entries = load_lexicon_file(args.import_file) if args.import_file else {}
    try:
        entries.update({term: float(valence) for term, valence in args.set})
        store.set_terms(entries)
    except ValueError as error:
        raise InputError(str(error)) from error
    store.remove_terms(args.remove)
    write_stdout("".join(f"{term}\t{valence:g}\n" for term, valence in store.lexicon().items()).encode("utf-8"))
    return 0


def _corpus_dir(path: Path) -> Path:
    if not path.is_dir():
        raise InputError(f"no such corpus folder: {path}")
    return path


def nothing_read(result: Extraction | Output, paths: Sequence[str]) -> InputError:
    """The error of a run that read no article, with the first reasons (they are warnings, which ``--quiet``
    leaves out)."""
    reasons = "; ".join(result.warnings[:3]) + ("; …" if len(result.warnings) > 3 else "")
    why = f" ({reasons})" if reasons else ""
    return InputError(f"no article could be read from {', '.join(map(str, paths))}{why}")


def summary(result: Extraction | Output) -> str:
    """``files: N, articles: N, reactions: N unique (M occurrences), warnings: N`` (a dataset or an archive is one
    file of many articles)."""
    files = len({outcome.path for outcome in result.outcomes})
    return (
        f"files: {files}, articles: {result.articles}, reactions: "
        f"{result.rows} unique ({result.occurrences} occurrences), warnings: {len(result.warnings)}"
    )


def report(result: Extraction | Output, stream: IO[str]) -> None:
    """The summary line, then every warning (each naming its file, and a dataset's row), one per line; repeats of
    one kind in one file as one line (:func:`reactions.report.warning_lines`)."""
    from reactions.report import warning_lines

    print(summary(result), file=stream)
    for warning in warning_lines(result.outcomes):
        print(f"warning: {warning}", file=stream)


def write_stdout(data: bytes) -> None:
    """Write bytes to stdout (its binary buffer when it has one)."""
    buffer = getattr(sys.stdout, "buffer", None)
    if buffer is None:
        sys.stdout.write(data.decode("utf-8"))
    else:
        sys.stdout.flush()
        buffer.write(data)
        buffer.flush()
