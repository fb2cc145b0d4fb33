"""Benchmark what the dashboard computes on each run, on a frame of one million reactions.

Streamlit re-runs the page script on every interaction.  The scored frame and its
:class:`reactions.analysis.index.FrameIndex` (the columns as integer codes) are ``st.cache_resource``s,
built once per frame; a run then costs (1) the filter and chart-selection masks
(:func:`reactions.viewstate.views.filter_rows`, :func:`reactions.viewstate.views.chart_rows`), (2) the headline and
the aggregations the charts are drawn from, each a count over a mask, (3) building the charts from
those aggregated rows, and (4) one page of the table (:func:`app.presenter.table_frame` of that
page's rows, converted to Arrow as ``st.dataframe`` sends it).  Exports are built only when their
button is clicked, so no run pays for them.  This script times each step with the page's own
functions, in the page's order, for the first render (cache warm) and for filter changes (the
median of ``--repeat`` runs, wall clock and this process's CPU time, which a busy machine inflates
less), and counts the data rows each chart carries to Vega.

Then (``--page``, on by default) it runs the real page, ``dashboard.py``, headless under
``streamlit.testing``'s AppTest, over a corpus opened as a user opens one (``streamlit run dashboard.py --
--corpus PATH``): ``--corpus``, else the generated corpus of ``--articles`` articles.  Its runs: the first
session (which reads the corpus, or its warm cache), a new session over the run the first one kept, cache-warm
reruns, a filter change, a first text search and a move to page 2 of the table, each timed whole (every
widget, chart and table element the script makes, as Streamlit serialises them; not the browser drawing them:
``benchmarks/bench_browser.py`` times that).  Set ``REACTIONS_CACHE_DIR`` to time a cold first session.

The rows of the first part are the scored frame of ``--corpus`` (as the page reads it), else of the generated
corpus (``benchmarks/generate_corpus.py``), repeated with fresh ids up to ``--rows`` when it has fewer, so
hashtags, authors and dates have a realistic spread; each repeated text gets its row number appended, so that a
text search meets a million distinct texts, as on real data.

Usage::

    python benchmarks/bench_page.py [--rows 1000000] [--articles 2000] [--repeat 3] [--page-size 100] [--no-page]
        [--corpus PATH]
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import altair as alt
import numpy as np
import pandas as pd
import pyarrow as pa

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT))  # the page's own package, app/

from bench_pipeline import ensure_corpus, run_pipeline  # noqa: E402

from app import presenter  # noqa: E402
from app.loading import one_chunk  # noqa: E402
from app.sections import unchecked  # noqa: E402
from reactions.analysis import aggregate, aggregate_time  # noqa: E402
from reactions.analysis.index import FrameIndex  # noqa: E402
from reactions.charts import core as charts  # noqa: E402
from reactions.charts import time as charts_time  # noqa: E402
from reactions.run.pipeline import extract_frame  # noqa: E402
from reactions.viewstate import views  # noqa: E402


def million(base: pd.DataFrame, rows: int) -> pd.DataFrame:
    """``base`` repeated to ``rows`` rows, each with a fresh unique id and a distinct text, dtypes kept."""
    copies = -(-rows // len(base))
    big = pd.concat([base] * copies, ignore_index=True).iloc[:rows].reset_index(drop=True)
    ids = [f"{i:016x}" for i in range(rows)]
    big["id"] = pd.array(ids, dtype=base["id"].dtype)
    big["text"] = pd.array([f"{t} {i}" for t, i in zip(big["text"], ids, strict=True)], dtype=base["text"].dtype)
    return big


BUCKET = "week"
"""The time charts' bucket in the benchmark (the generated corpus spans five years: what "Auto" picks for a
year or two of it)."""


def time_rows(index: FrameIndex, *, mask: Any) -> pd.DataFrame:
    """The time chart's aggregations, as the page makes them: the bucket totals, with the sentiment segments
    and the spikes kept in ``attrs`` for :func:`time_chart`."""
    totals = aggregate_time.bucket_totals(index, BUCKET, mask=mask)
    totals.attrs["segments"] = aggregate_time.reactions_by_bucket(index, BUCKET, mask=mask)
    totals.attrs["spikes"] = aggregate_time.spike_drivers(index, BUCKET, mask=mask, totals=totals)
    return totals


def time_chart(totals: pd.DataFrame) -> Any:
    return charts_time.time_chart(totals, totals.attrs["segments"], totals.attrs["spikes"], BUCKET)


CHARTS: dict[str, tuple[Callable[..., pd.DataFrame], str, Callable[[pd.DataFrame], Any]]] = {
    "by_time": (time_rows, "by_time", time_chart),
    "mix": (aggregate.sentiment_mix, "by_sentiment", charts.sentiment_chart),
    "hashtags": (aggregate.reactions_by_hashtag, "by_hashtag", charts.hashtag_chart),
    "heatmap": (lambda index, mask: aggregate_time.hashtags_by_bucket(index, 10, BUCKET, mask=mask), "view",
                lambda rows: charts_time.heatmap_chart(rows, BUCKET)),
    "compound": (aggregate.compound_distribution, "view", charts.compound_chart),
    "authors": (aggregate.top_authors, "view", charts.authors_chart),
    "mentions": (aggregate.top_mentions, "view", charts.mentions_chart),
    "emoji": (aggregate.top_emoji, "view", charts.emoji_chart),
    "platforms": (aggregate.reactions_by_platform, "view", charts.platform_chart),
}
"""Every chart of the page (``dashboard.charts_section``): its aggregation, the rows it counts
(a field of :class:`reactions.viewstate.views.ChartRows`) and the chart built from the aggregated rows."""


def render(
    frame: pd.DataFrame, index: FrameIndex, filters: views.Filters, selection: views.Selection, page_size: int
) -> dict[str, Any]:
    """One page run as ``dashboard.main`` does it: filter and selection masks, headline, each
    aggregation, the charts, and the first page of the table."""
    steps: dict[str, float] = {}
    cpu = time.process_time()

    cpu_steps: dict[str, float] = {}

    def step(name: str, func: Callable[[], Any]) -> Any:
        start, used = time.perf_counter(), time.process_time()
        value = func()
        steps[name] = time.perf_counter() - start
        cpu_steps[name] = time.process_time() - used
        return value

    index.forget(("contains", filters.text.strip()))  # time a first search, not a remembered one
    filtered = step("filter_rows", lambda: views.filter_rows(index, filters))
    rows = step("chart_rows (selection)", lambda: views.chart_rows(index, filtered, selection))
    step("headline", lambda: aggregate.headline(index, mask=rows.view))
    aggregated = {
        name: step(name, lambda func=func, part=part: func(index, mask=getattr(rows, part)))
        for name, (func, part, _) in CHARTS.items()
    }
    step("charts (specs, as st.altair_chart makes them)", lambda: build_charts(aggregated))

    def table_page() -> int:
        shown = np.flatnonzero(rows.view)
        page = presenter.page_of(len(shown), 1, page_size)
        table = presenter.table_frame(frame.iloc[shown[page.start : page.stop]])
        table.style.map(presenter.compound_style, subset=["compound"])
        return pa.Table.from_pandas(table).num_rows

    step(f"table page ({page_size} rows: table_frame, Arrow)", table_page)
    cpu = time.process_time() - cpu
    shown = int(np.count_nonzero(rows.view))
    sizes = chart_rows(aggregated)
    return {"steps": steps, "cpu_steps": cpu_steps, "total": sum(steps.values()), "cpu": cpu, "rows": shown,
            "chart_rows": sizes}  # fmt: skip


def streamlit_spec(chart: alt.TopLevelMixin) -> dict[str, Any]:
    """The spec as ``st.altair_chart`` makes it (data as Arrow bytes; Streamlit's own converter),
    else Altair's plain ``to_dict`` (data as JSON records) if that private function moved."""
    try:
        from streamlit.elements.vega_charts import _convert_altair_to_vega_lite_spec
    except ImportError:
        spec: dict[str, Any] = chart.to_dict()
        return spec
    return _convert_altair_to_vega_lite_spec(chart)  # type: ignore[no-any-return]


def build_charts(rows: dict[str, pd.DataFrame]) -> None:
    """Each chart built from its aggregated rows and turned into the spec the page sends (as the page hands it to
    Streamlit: :func:`app.sections.unchecked`)."""
    for name, (_, _, build) in CHARTS.items():
        streamlit_spec(unchecked(build(rows[name])))


def chart_rows(rows: dict[str, pd.DataFrame]) -> dict[str, int]:
    """The data rows each chart carries to Vega (its datasets, counted in Altair's own spec)."""
    sizes = {}
    for name, (_, _, build) in CHARTS.items():
        spec = build(rows[name]).to_dict()
        sizes[name] = sum(len(v) for v in spec.get("datasets", {}).values())
    return sizes


def median_run(repeat: int, func: Callable[[], dict[str, Any]]) -> dict[str, Any]:
    """The median run of ``repeat`` (by total time)."""
    runs = []
    for _ in range(repeat):
        gc.collect()
        runs.append(func())
    middle = statistics.median_low(r["total"] for r in runs)
    return next(r for r in runs if r["total"] == middle)


def report(name: str, run: dict[str, Any]) -> list[str]:
    total, cpu = run["total"] * 1000, run["cpu"] * 1000
    lines = [f"| **{name}** ({run['rows']:,} rows shown) | **{total:,.0f} ms** (CPU {cpu:,.0f} ms) |"]
    lines += [f"| &nbsp; {step} | {seconds * 1000:,.1f} ms (CPU {run['cpu_steps'][step] * 1000:,.1f} ms) |"
              for step, seconds in run["steps"].items()]  # fmt: skip
    return lines


def timed(func: Callable[[], Any]) -> tuple[float, Any]:
    gc.collect()
    start = time.perf_counter()
    value = func()
    return time.perf_counter() - start, value


def page_runs(corpus: Path, repeat: int) -> list[tuple[str, float, float, str]]:
    """The real page run by AppTest over ``corpus``, opened as a user opens it (``streamlit run dashboard.py --
    --corpus PATH``; here ``$REACTIONS_CORPUS``, which the page reads the same way): (what, seconds, CPU seconds
    of this process, what the page then showed) for each measure, the medians of ``repeat`` where repeated.
    The first session reads the corpus (from its caches when they are warm); the second is a new session over
    the run the first one kept, as a second browser tab is."""
    from streamlit.testing.v1 import AppTest

    os.environ["REACTIONS_CORPUS"] = str(corpus)
    results: list[tuple[str, float, float, str]] = []
    at = AppTest.from_file(str(ROOT / "dashboard.py"), default_timeout=3600)

    def shown() -> str:
        problems = f"{len(at.exception)} exceptions" + (f" ({one_line(at.exception[0].value)})" if at.exception else "")
        tables = [len(d.value) for d in at.dataframe if "compound" in d.value.columns]
        figures = f"{at.metric[0].value} reactions" if len(at.metric) else "no headline"
        return f"{figures}, table page of {tables[0] if tables else 0} rows, {problems}"

    def measure(name: str, act: Callable[[], Any], undo: Callable[[], Any] | None = None, times: int = 1) -> None:
        seconds, cpu = [], []
        for _ in range(times):
            gc.collect()
            start, used = time.perf_counter(), time.process_time()
            act()
            seconds.append(time.perf_counter() - start)
            cpu.append(time.process_time() - used)
            outcome = shown()
            if undo is not None:
                undo()
        results.append((name, statistics.median_low(seconds), statistics.median_low(cpu), outcome))

    def new_session() -> None:
        nonlocal at
        at = AppTest.from_file(str(ROOT / "dashboard.py"), default_timeout=3600)
        at.run()

    measure("first session (reads the corpus, or its warm cache)", at.run)
    if at.exception or not len(at.metric):
        return results
    measure("new session over the kept run", new_session, times=repeat)
    measure("rerun, cache warm", at.run, times=repeat)
    tag = str(at.multiselect(key="f_tags").options[0])
    measure(f"filter change: hashtag {tag}", lambda: at.multiselect(key="f_tags").set_value([tag]).run(),
            lambda: at.multiselect(key="f_tags").set_value([]).run(), times=repeat)  # fmt: skip
    measure("filter change: text search 'love' (first)", lambda: at.text_input(key="f_text").input("love").run())
    measure("table: page 2", lambda: at.number_input(key="table_page").set_value(2).run())
    return results


def one_line(text: object) -> str:
    words = " ".join(str(text).split())
    return words if len(words) <= 120 else words[:119] + "…"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--articles", type=int, default=2000, help="generated articles the rows come from")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=3, help="runs per measure; the median is shown")
    parser.add_argument("--page-size", type=int, default=100, help="rows in a page of the table (page's default)")
    parser.add_argument("--workdir", type=Path, default=HERE / "out")
    parser.add_argument("--page", action=argparse.BooleanOptionalAction, default=True,
                        help="also time the real page under streamlit.testing's AppTest")  # fmt: skip
    parser.add_argument("--corpus", type=Path, help="the corpus the page opens, and the frame of the first part "
                        "(repeated up to --rows when smaller); default: the generated one")  # fmt: skip
    args = parser.parse_args(argv)
    if args.corpus is None:
        folder = ensure_corpus(args.workdir / f"corpus-{args.articles}", args.articles, args.seed)
        base = run_pipeline(folder, jobs=1, cache=False)
    else:  # the corpus's own frame, read as the page reads it (its caches warm after a first read)
        folder, base = args.corpus, extract_frame([args.corpus]).frame
    frame = one_chunk(base if len(base) >= args.rows else million(base, args.rows))  # as the page keeps it
    built, index = timed(lambda: FrameIndex(frame).warm())
    optioned, _ = timed(lambda: presenter.filter_options(index))
    tag = str(aggregate.reactions_by_hashtag(index, top=1).iloc[0]["hashtag"])
    week = str(index.bucket_names(BUCKET)[len(index.bucket_names(BUCKET)) // 2])
    scenarios = [
        ("first render, cache warm", views.Filters(), views.Selection()),
        (f"filter change: hashtag {tag}", views.Filters(hashtags=(tag,)), views.Selection()),
        ("filter change: text search 'love'", views.Filters(text="love"), views.Selection()),
        (f"chart click: week {week}", views.Filters(), views.Selection(buckets=(week,), unit=BUCKET)),
    ]
    runs = [(name, median_run(args.repeat, lambda f=f, s=s: render(frame, index, f, s, args.page_size)))
            for name, f, s in scenarios]  # fmt: skip
    print(f"frame: {len(frame):,} reactions, {frame.memory_usage(deep=True).sum() / 1e6:,.0f} MB in memory")
    print(f"once per frame (st.cache_resource / st.cache_data): FrameIndex(frame).warm() {built:.2f} s, "
          f"filter options {optioned * 1000:,.0f} ms")  # fmt: skip
    print()
    print("| page run | time |")
    print("|---|---|")
    for name, run in runs:
        print("\n".join(report(name, run)))
    print()
    print("data rows sent to Vega per chart (first render):", runs[0][1]["chart_rows"])
    if args.page:
        print()
        print("| the real page (AppTest), one script run | time | CPU | shown |")
        print("|---|---|---|---|")
        for name, seconds, cpu, outcome in page_runs(args.corpus or folder, args.repeat):
            print(f"| {name} | {seconds * 1000:,.0f} ms | {cpu * 1000:,.0f} ms | {outcome} |")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
