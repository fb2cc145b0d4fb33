"""reactions: the social-media reactions that news articles embed, parsed, scored and shown.

The library needs no Streamlit.  Data flows one way::

    files -> parse -> corpus -> sentiment -> frames -> analysis -> viewstate -> charts / export -> cli, app/

``import reactions`` is cheap: the functions load their modules (and pandas) on first use.
"""

from __future__ import annotations

import importlib
import logging
from typing import TYPE_CHECKING, Any

from reactions.errors import ExportError, InputError, ReactionsError
from reactions.models import Article, Citation, Corpus, FileOutcome, Kind, Platform, Reaction, Sentiment

if TYPE_CHECKING:
    from reactions.analysis.compare import compare_frames, compare_rows
    from reactions.analysis.network import build_network, gexf_bytes, graphml_bytes
    from reactions.corpus import read_article
    from reactions.export import csv_bytes, read_csv, read_table, write_table
    from reactions.frames import to_frame
    from reactions.parse.article import parse_article, reaction_id
    from reactions.parse.html import is_html, parse_html_article
    from reactions.run.pipeline import RunOptions, extract_frame
    from reactions.run.units import read_corpus
    from reactions.sentiment import explain, format_drivers, score_frame, score_text
    from reactions.sources import read_documents
    from reactions.sources.options import SourceOptions
    from reactions.viewstate.views import Filters, filter_rows

__version__ = "0.1.0"

__all__ = [
    "Article",
    "Citation",
    "Corpus",
    "ExportError",
    "FileOutcome",
    "Filters",
    "InputError",
    "Kind",
    "Platform",
    "Reaction",
    "ReactionsError",
    "RunOptions",
    "Sentiment",
    "SourceOptions",
    "__version__",
    "build_network",
    "compare_frames",
    "compare_rows",
    "csv_bytes",
    "explain",
    "extract_frame",
    "filter_rows",
    "format_drivers",
    "gexf_bytes",
    "graphml_bytes",
    "is_html",
    "parse_article",
    "parse_html_article",
    "reaction_id",
    "read_article",
    "read_corpus",
    "read_csv",
    "read_documents",
    "read_table",
    "score_frame",
    "score_text",
    "to_frame",
    "write_table",
]

_LAZY = {
    "parse_article": "reactions.parse.article",
    "reaction_id": "reactions.parse.article",
    "read_article": "reactions.corpus",
    "read_corpus": "reactions.run.units",
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
    "compare_frames": "reactions.analysis.compare",
    "compare_rows": "reactions.analysis.compare",
    "read_table": "reactions.export",
    "build_network": "reactions.analysis.network",
    "gexf_bytes": "reactions.analysis.network",
    "graphml_bytes": "reactions.analysis.network",
    "is_html": "reactions.parse.html",
    "RunOptions": "reactions.run.pipeline",
    "read_documents": "reactions.sources",
    "SourceOptions": "reactions.sources.options",
    "Filters": "reactions.viewstate.views",
    "filter_rows": "reactions.viewstate.views",
}

logging.getLogger(__name__).addHandler(logging.NullHandler())


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'reactions' has no attribute {name!r}")
