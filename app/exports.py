"""The page's downloads: each a button's words, the file's name and type, and how to make its bytes, built only when
asked.  Part of the page, not of the library; pure (it never imports streamlit), like :mod:`app.presenter`.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pandas as pd

from reactions import export
from reactions.analysis import network
from reactions.analysis.aggregate import reactions_by_day, reactions_by_hashtag, sentiment_mix, top_authors, top_outlets
from reactions.analysis.index import FrameIndex, Mask
from reactions.scorers import DEFAULT_SCORER, describe_scorer
from reactions.viewstate.links import export_name, provenance_record
from reactions.viewstate.views import Filters, Selection
from reactions.xlsx import xlsx_bytes

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
NETWORK_FILES = (("gexf", "GEXF", "application/gexf+xml"), ("graphml", "GraphML", "application/graphml+xml"))



@dataclass(frozen=True, slots=True)
class Download:
    """One download button: its label and tooltip, the file's name and type, the widget key, how
    many reactions the file holds (0 for the provenance), how to make its bytes, and whether they are only
    made when the button is clicked whatever the size (``lazy``: a workbook costs a second per few thousand
    rows, too much for every rerun)."""

    label: str
    help: str
    file_name: str
    mime: str
    key: str
    rows: int
    make: Callable[[], bytes]
    lazy: bool = False


EAGER_SOURCES = 1_000
"""Up to this many sources the provenance file is made with the page; beyond, when its button is clicked (it lists
every source: 26,500 files cost 2 s of JSON a rerun)."""


def downloads(
    frame: pd.DataFrame,
    shown: npt.NDArray[np.intp],
    filters: Filters,
    selection: Selection,
    *,
    version: str,
    corpus: Mapping[str, object] | None = None,
    exported_at: dt.datetime | None = None,
    scorer: str = DEFAULT_SCORER,
) -> list[Download]:
    """The page's downloads: the ``shown`` rows of ``frame`` (positions: every page of the table) as
    Excel-safe CSV (formulas neutralised: the default, since analysts open CSVs in spreadsheets), exact-text CSV
    and JSONL, the whole frame as Excel-safe CSV, and the provenance sidecar (the filters, selection, the whole
    view, counts and version, and when given the time and the corpus: kept out of the CSVs, so that every CSV is a
    plain table ``pandas.read_csv`` reads as it is).  The provenance and every name record the sentiment ``scorer``
    (:mod:`reactions.scorers`).  Nothing is built until a :attr:`Download.make` is called."""
    total, count = len(frame), len(shown)
    sources = corpus.get("sources") if corpus else None
    record = provenance_record(filters, selection, shown=count, total=total, version=version, corpus=corpus,
                               exported_at=exported_at)  # fmt: skip
    record["sentiment"] = {"scorer": scorer, "labels": describe_scorer(scorer)}

    def view() -> pd.DataFrame:
        return frame.iloc[shown]

    def name(scope: str, ext: str) -> str:
        return export_name(filters, selection, scope=scope, version=version, ext=ext, scorer=scorer)

    csv, jsonl = "text/csv", "application/jsonl"
    safe = ("for people: UTF-8 BOM, text cells starting with = + - @ neutralised, ids exactly as everywhere "
            "(XLSX for Excel)")
    return [
        Download("CSV · view", f"The reactions on screen (filters and chart selection), {safe}",
                 name("filtered", "csv"), csv, "dl_csv", count, lambda: export.csv_bytes(view(), excel_safe=True)),
        Download("CSV · all", f"Every reaction of the corpus, {safe}", name("all", "csv"), csv, "dl_all", total,
                 lambda: export.csv_bytes(frame, excel_safe=True)),
        Download("Exact-text CSV · view", "The view as exact-text CSV, for code (pandas, R): cells exactly as they "
                 "are, nothing neutralised; do not open it in a spreadsheet", name("filtered-exact-text", "csv"),
                 csv, "dl_plain", count,
                 lambda: export.csv_bytes(view())),
        Download("XLSX · view", "The view as an Excel workbook: the reactions, summary sheets (days, sentiment, "
                 "hashtags, authors) and the provenance; text stays text, lag_hours a number",
                 name("filtered", "xlsx"), XLSX, "dl_xlsx", count,
                 lambda: xlsx_bytes(view(), summary=summary_tables(view()), provenance=record), lazy=True),
        Download("JSONL · view", "The view, one JSON record a line", name("filtered", "jsonl"), jsonl, "dl_jsonl",
                 count, lambda: export.jsonl_bytes(view())),
        Download("Provenance", "The filters, selection, counts and reactions version of this view, as JSON",
                 name("filtered-provenance", "json"), "application/json", "dl_provenance", 0,
                 lambda: json.dumps(record, indent=2, ensure_ascii=False).encode(),
                 lazy=isinstance(sources, list) and len(sources) > EAGER_SOURCES),
    ]  # fmt: skip


def compare_downloads(
    frame: pd.DataFrame, sides: Sequence[tuple[str, Mask, Filters]], *, version: str, scorer: str = DEFAULT_SCORER
) -> list[Download]:
    """Each side of a comparison as Excel-safe CSV (``sides``: its name, its rows, its filters), the file named
    after its filters: ``reactions-0.1.0-compare-b-tag-timesup.csv``."""
    files = []
    for side, rows, filters in sides:
        shown = np.flatnonzero(rows)
        scope = f"compare-{side.casefold()}"
        name = export_name(filters, Selection(), scope=scope, version=version, ext="csv", scorer=scorer)
        files.append(Download(
            f"CSV · {side}", f"Side {side}'s reactions, for spreadsheets (as CSV · view)", name, "text/csv",
            f"dl_compare_{side.casefold()}", len(shown), functools.partial(_excel_csv, frame, shown),
        ))  # fmt: skip
    return files


def _excel_csv(frame: pd.DataFrame, rows: npt.NDArray[np.intp]) -> bytes:
    return export.csv_bytes(frame.iloc[rows], excel_safe=True)


def network_downloads(
    shown: network.Network, filters: Filters, selection: Selection, *, version: str, scorer: str = DEFAULT_SCORER
) -> list[Download]:
    """The network as GEXF and GraphML, for Gephi (node names as labels, the layout, counts and scores)."""
    files = []
    for fmt, title, mime in NETWORK_FILES:
        scope = f"{shown.kind}-network"
        name = export_name(filters, selection, scope=scope, version=version, ext=fmt, scorer=scorer)
        files.append(Download(
            f"{title} · network", f"The network on screen as {title} ({shown.cap}), for Gephi and other "
            "network tools", name, mime, f"dl_network_{fmt}", shown.graph.number_of_nodes(),
            functools.partial(network.network_bytes, shown, fmt),
        ))  # fmt: skip
    return files


def summary_tables(frame: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """The summary sheets of an XLSX export: reactions by day, the sentiment mix, top hashtags, authors and
    outlets."""
    index = FrameIndex(frame)
    return {
        "by day": reactions_by_day(index),
        "sentiment": sentiment_mix(index),
        "top hashtags": reactions_by_hashtag(index, top=100),
        "top authors": top_authors(index, top=100),
        "top outlets": top_outlets(index, top=100),
    }
