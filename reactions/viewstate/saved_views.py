"""Named views kept in the analyst's store (:mod:`reactions.store`): what a saved view is, the checks of its name
and query, and reading them from an open store with the problems of each query
(:func:`reactions.viewstate.links.view_problems`), so that a view whose values do not apply is said like a stale
link, never dropped.
"""

from __future__ import annotations

import datetime as dt
import importlib
import sqlite3
import types
from dataclasses import dataclass
from typing import Final


def _links() -> types.ModuleType:
    """:mod:`reactions.viewstate.links` (the page's URL codec, with pandas and the filters), loaded when a view is read:
    a run opens the store for its settings and never loads it."""
    return importlib.import_module("reactions.viewstate.links")


VIEW_NAME_MAX: Final = 80
"""The longest name a saved view may have (characters)."""
VIEW_QUERY_MAX: Final = 16_000
"""The longest URL query a saved view may hold (characters)."""


@dataclass(frozen=True, slots=True)
class SavedView:
    """A view the analyst named and saved: the page's URL query, as :mod:`reactions.viewstate.links` writes it.

    Fields:
        name: what the analyst called it (printable, at most :data:`VIEW_NAME_MAX` characters).
        query: the view's URL query string (``tag=MeToo&sort=compound&order=desc``).
        updated_at: when it was last saved (UTC).
        problems: the query's values that do not apply, as ``key=value``
            (:func:`reactions.viewstate.links.view_problems`), said like a stale link's; empty for a query the
            page wrote.
    """

    name: str
    query: str
    updated_at: dt.datetime
    problems: tuple[str, ...] = ()

    @property
    def params(self) -> dict[str, list[str]]:
        """The query as the page's URL parameters (key -> values)."""
        params: dict[str, list[str]] = _links().query_from_text(self.query)
        return params


def check_view_name(name: str) -> str:
    """A saved view's name, stripped; :class:`ValueError` when it is empty, longer than :data:`VIEW_NAME_MAX`
    characters or holds a character that is not printable (a line break, a control character).

    >>> check_view_name("  MeToo, negative ")
    'MeToo, negative'
    """
    key = name.strip()
    if not key:
        raise ValueError("a saved view needs a name")
    if len(key) > VIEW_NAME_MAX:
        raise ValueError(f"a view's name has at most {VIEW_NAME_MAX} characters, not {len(key)}")
    if not key.isprintable():
        raise ValueError(f"a view's name must be printable: {key!r}")
    return key


def check_query(query: str) -> str:
    if len(query) > VIEW_QUERY_MAX or not query.isprintable():
        raise ValueError(f"a view's query must be printable and at most {VIEW_QUERY_MAX:,} characters")
    return query


def views_of(connection: sqlite3.Connection) -> tuple[SavedView, ...]:
    """The saved views of an open store (none when it was made before views were kept)."""
    if not connection.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'views'").fetchone():
        return ()
    rows = connection.execute("SELECT name, query, updated_at FROM views ORDER BY name").fetchall()
    return tuple(_saved(str(name), str(query), str(at)) for name, query, at in rows)


def _saved(name: str, query: str, at: str) -> SavedView:
    """A stored view with the problems of its query (and of its name, when it is not one a view could be saved as:
    the store was written by something else)."""
    links = _links()
    problems: list[str] = links.view_problems(links.query_from_text(query))
    try:
        check_view_name(name)
    except ValueError:
        problems.insert(0, "name: not a name a view can be saved as")
    try:
        when = dt.datetime.fromisoformat(at)
    except ValueError:
        when, problems = dt.datetime.min.replace(tzinfo=dt.UTC), [*problems, f"updated_at={at}"]
    return SavedView(name, query, when, tuple(problems))
