"""reactions: the social-media reactions that news articles embed, parsed, scored and shown.

The library needs no Streamlit.  Data flows one way::

    files -> parse -> corpus -> sentiment -> frames -> charts / export -> cli, dashboard.py

``import reactions`` is cheap: the functions load their modules (and pandas) on first use.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any

from reactions.errors import ExportError, InputError, ReactionsError
from reactions.models import Article, Citation, Corpus, FileOutcome, Kind, Platform, Reaction, Sentiment

if TYPE_CHECKING:
    from reactions.corpus import read_article, read_corpus
    from reactions.export import csv_bytes, read_csv, write_table
    from reactions.frames import to_frame
    from reactions.parse.article import parse_article, reaction_id
    from reactions.parse.html import parse_html_article
    from reactions.run.pipeline import extract_frame
    from reactions.sentiment import explain, format_drivers, score_frame, score_text

__version__ = "0.1.0"

__all__ = [
    "Article",
    "Citation",
    "Corpus",
    "ExportError",
    "FileOutcome",
    "InputError",
    "Kind",
    "Platform",
    "Reaction",
    "ReactionsError",
    "Sentiment",
    "__version__",
    "csv_bytes",
    "explain",
    "extract_frame",
    "format_drivers",
    "parse_article",
    "parse_html_article",
    "reaction_id",
    "read_article",
    "read_corpus",
    "read_csv",
    "score_frame",
    "score_text",
    "to_frame",
    "write_table",
]

_LAZY = {
    "parse_article": "reactions.parse.article",
    "reaction_id": "reactions.parse.article",
    "read_article": "reactions.corpus",
    "read_corpus": "reactions.corpus",
    "to_frame": "reactions.frames",
    "read_csv": "reactions.export",
    "write_table": "reactions.export",
    "score_text": "reactions.sentiment",
    "score_frame": "reactions.sentiment",
    "explain": "reactions.sentiment",
    "format_drivers": "reactions.sentiment",
    "csv_bytes": "reactions.export",
    "parse_html_article": "reactions.parse.html",
    "extract_frame": "reactions.run.pipeline",
}

logging.getLogger(__name__).addHandler(logging.NullHandler())


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'reactions' has no attribute {name!r}")
