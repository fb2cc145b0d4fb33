"""``reactions views PATH [--delete NAME]``: the views an analyst saved on the page for a corpus (kept in its store,
:mod:`reactions.store`), listed as ``name<TAB>query`` lines.  Apart from :mod:`reactions.cli` so that the parser
stays small; like it, nothing heavy is imported until the command runs."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from reactions.errors import InputError


def add_views_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``reactions views PATH [--delete NAME]``."""
    views = commands.add_parser(
        "views",
        help="list (or delete) the views saved on the page for a corpus",
        description="Print the views saved on the dashboard for the corpus at PATH (kept beside it, in "
        ".reactions.db) as 'name<TAB>query' lines: open the page's URL with ?query to see one again. A saved query "
        "with values that do not apply is named on stderr.",
    )
    views.add_argument("path", type=Path, metavar="PATH", help="the corpus folder, or a dataset or archive in it")
    views.add_argument("--delete", metavar="NAME", help="delete the view saved as NAME first")
    views.set_defaults(handler=run_views)


def run_views(args: argparse.Namespace) -> int:
    """List the saved views (the store opened read-only), after deleting ``--delete NAME`` (the one write)."""
    from reactions.store import Store, corpus_folder, read_views, store_path

    path: Path = args.path
    if not path.exists():
        raise InputError(f"no such corpus: {path}")
    folder = corpus_folder([path])
    if args.delete is not None:
        if not Store.beside(folder).delete_view(args.delete):
            raise InputError(f"no view is saved as {shown(args.delete)} in {store_path(folder)}")
        print(f"deleted: {shown(args.delete)}", file=sys.stderr)
    saved = read_views(store_path(folder)) if store_path(folder).exists() else ()
    if not saved:
        print(f"no saved views for {folder}", file=sys.stderr)
    for view in saved:
        print(f"{shown(view.name)}\t{shown(view.query)}")
        if view.problems:
            print(f"warning: view {shown(view.name)}: values that do not apply: {', '.join(view.problems)}",
                  file=sys.stderr)  # fmt: skip
    return 0


def shown(text: str) -> str:
    """Text from a store, safe on a terminal: as it is when printable, else escaped (no control sequence gets
    through).

    >>> shown("MeToo, negative"), shown("a\\x1b[2Jb")
    ('MeToo, negative', "'a\\\\x1b[2Jb'")
    """
    return text if text.isprintable() else repr(text)
