"""Benchmark what the dashboard computes on each run, on a frame of one million reactions.

Streamlit re-runs the page script on every interaction; with the scored frame already shared
as an ``st.cache_resource`` (no copy per run), a run costs (1) the filters, (2) the
aggregations the charts are drawn from, (3) building the charts from those aggregated rows,
and (4) the table (``views.table_frame`` of every shown row, as the page builds it).  This
script times each step with the page's own pure functions (:mod:`reactions.views`,
:mod:`reactions.frames`, :mod:`reactions.charts`) for the first render and for a filter change,
and counts the data rows each chart carries to Vega.  It does not time Streamlit itself
(sending the table and the specs to the browser).

The million rows are the scored frame of a generated corpus (``benchmarks/generate_corpus.py``)
repeated with fresh ids, so texts, hashtags, authors and dates have a realistic spread.

Usage::

    python benchmarks/bench_page.py [--rows 1000000] [--articles 2000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import gc
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pandas as pd

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_pipeline import ensure_corpus, run_pipeline  # noqa: E402

from reactions import charts, frames, views  # noqa: E402


def million(base: pd.DataFrame, rows: int) -> pd.DataFrame:
    """``base`` repeated to ``rows`` rows, each with a fresh unique id, dtypes kept."""
    copies = -(-rows // len(base))
    big = pd.concat([base] * copies, ignore_index=True).iloc[:rows].reset_index(drop=True)
    big["id"] = pd.array([f"{i:016x}" for i in range(rows)], dtype=base["id"].dtype)
    return big


AGGREGATIONS: dict[str, Callable[[pd.DataFrame], pd.DataFrame]] = {
    "by_day": frames.reactions_by_day,
    "mix": frames.sentiment_mix,
    "hashtags": frames.reactions_by_hashtag,
    "heatmap": frames.hashtags_by_day,
    "compound": frames.compound_distribution,
    "authors": frames.top_authors,
    "mentions": frames.top_mentions,
    "emoji": frames.top_emoji,
}
"""Every aggregation the page draws a chart from (``dashboard.charts_section``)."""


def build_charts(rows: dict[str, pd.DataFrame]) -> dict[str, int]:
    """Each chart's spec built as the page sends it; returns the data rows each one carries."""
    made = {
        "by_day": charts.day_chart(rows["by_day"]),
        "mix": charts.sentiment_chart(rows["mix"]),
        "hashtags": charts.hashtag_chart(rows["hashtags"]),
        "heatmap": charts.heatmap_chart(rows["heatmap"]),
        "compound": charts.compound_chart(rows["compound"]),
        "authors": charts.authors_chart(rows["authors"]),
        "mentions": charts.mentions_chart(rows["mentions"]),
        "emoji": charts.emoji_chart(rows["emoji"]),
    }
    sizes = {}
    for name, chart in made.items():
        spec = chart.to_dict()
        sizes[name] = sum(len(v) for v in spec.get("datasets", {}).values())
    return sizes


def render(frame: pd.DataFrame, filters: views.Filters) -> dict[str, Any]:
    """One page run as ``dashboard.main`` does it: filter, chart selection, headline,
    each aggregation, the charts, and the table (the page builds it for every shown row)."""
    steps: dict[str, float] = {}

    def step(name: str, func: Callable[[], Any]) -> Any:
        start = time.perf_counter()
        value = func()
        steps[name] = time.perf_counter() - start
        return value

    filtered = step("filter_frame", lambda: views.filter_frame(frame, filters))
    shown = step("select_frame", lambda: views.select_frame(filtered, views.Selection()))
    step("headline", lambda: frames.headline(shown))
    rows = {name: step(name, lambda func=func: func(shown)) for name, func in AGGREGATIONS.items()}
    sizes = step("charts (to_dict)", lambda: build_charts(rows))
    step("table_frame, every shown row", lambda: views.table_frame(shown))
    return {"steps": steps, "total": sum(steps.values()), "rows": len(shown), "chart_rows": sizes}


def best_of(repeat: int, func: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The median run of ``repeat`` (by total time)."""
    runs = []
    for _ in range(repeat):
        gc.collect()
        runs.append(func())
    middle = statistics.median_low(r["total"] for r in runs)
    return next(r for r in runs if r["total"] == middle)


def report(name: str, run: dict[str, Any]) -> list[str]:
    lines = [f"| **{name}** ({run['rows']:,} rows shown) | **{run['total'] * 1000:,.0f} ms** |"]
    lines += [f"| &nbsp; {step} | {seconds * 1000:,.0f} ms |" for step, seconds in run["steps"].items()]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--articles", type=int, default=2000, help="generated articles the rows come from")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="runs per measure; the median is shown")
    parser.add_argument("--workdir", type=Path, default=HERE / "out")
    args = parser.parse_args(argv)
    folder = ensure_corpus(args.workdir / f"corpus-{args.articles}", args.articles, args.seed)
    frame = million(run_pipeline(folder, jobs=1, cache=False), args.rows)
    tag = frames.reactions_by_hashtag(frame).iloc[0]["hashtag"]
    first = best_of(args.repeat, lambda: render(frame, views.Filters()))
    change = best_of(args.repeat, lambda: render(frame, views.Filters(hashtags=(str(tag),))))
    print(f"frame: {len(frame):,} reactions, {frame.memory_usage(deep=True).sum() / 1e6:,.0f} MB in memory")
    print()
    print("| page run | time |")
    print("|---|---|")
    print("\n".join(report("first render, cache warm", first)))
    print("\n".join(report(f"filter change: hashtag {tag}", change)))
    print()
    print("data rows sent to Vega per chart:", first["chart_rows"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
