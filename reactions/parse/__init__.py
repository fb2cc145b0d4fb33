"""Parsing: one article's text or HTML -> :class:`reactions.models.Article` and its reactions.

Pure functions, no I/O.  :mod:`.article` orchestrates the plain-text finders (:mod:`.attribution`,
:mod:`.boundaries`, :mod:`.text_embeds`, :mod:`.renderings`, :mod:`.markup`, :mod:`.quotes`), :mod:`.html` reads
saved web pages with one extractor per network (:mod:`.platforms`), and :mod:`.entities`, :mod:`.build` and
:mod:`.snowflake` make the records.  ``parse_article``, ``reaction_id`` and ``parse_html_article`` are
loaded on first use, so that importing one submodule does not load the whole parser.
"""

from __future__ import annotations

import importlib
from typing import Any

_LAZY = {
    "parse_article": "reactions.parse.article",
    "reaction_id": "reactions.parse.article",
    "parse_html_article": "reactions.parse.html",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'reactions.parse' has no attribute {name!r}")
