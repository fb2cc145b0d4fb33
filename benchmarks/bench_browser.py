"""The page as an analyst meets it, in headless Chromium, with the CLI's time on the same corpus in the same run.

For each corpus (a folder, dataset or web archive, opened as ``streamlit run dashboard.py -- --corpus PATH``):

1. the CLI, cold: ``reactions extract PATH -q -o OUT`` with an empty cache of its own (wall seconds, and the CPU
   seconds of the command and its workers);
2. the page, served with another empty cache, opened in Chromium: the time to its first progress bar, then to its
   headline figures and to its first chart (the first load reads the corpus);
3. a reload of the tab, a new tab of the same browser (a new session; the browser holds Streamlit's code) and a
   new browser context (a new session in a fresh profile: Streamlit's code fetched and compiled again), each over
   the run the server keeps: the time to the headline and the first chart again;
4. three interactions, each timed from the click until the page has changed and Streamlit's running indicator is
   gone: a filter (the first hashtag of the sidebar's list), a click on a bucket of the time chart, and the
   table's next page;
5. the floor, in the same run: a page of a title and one metric (Streamlit's own cost, ``FLOOR_PAGE``), served and
   opened the same way: its first load, a reload, a new tab and a new session, to the metric.

It drives the page with ``tests/test_browser.py``'s helpers (the server, Chromium's flags, the selectors).  Not a
test: nothing here is asserted; the table goes to stdout, and ``--json`` keeps the figures.  Keep it short on a
shared machine; run a 1M-reaction corpus once.

    .venv/bin/python benchmarks/bench_browser.py /work/bulk/fnn [MORE_CORPORA ...] [--json OUT.json]
    .venv/bin/python benchmarks/generate_corpus.py /tmp/c100k --articles 26500 --years 3 --bursts 3   # ~100k
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Generator, Iterator
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(ROOT / "tests"))

from test_browser import (  # noqa: E402
    CHART,
    CHROMIUM,
    CHROMIUM_ARGS,
    HIT,
    TIME_CHART,
    serve,
)  # fmt: skip

PROGRESS = "[data-testid=stProgress]"
HEADLINE = "[data-testid=stMetric]"
RUNNING = "[data-testid=stStatusWidget]"
SEEN = """window.__seen = {};
new MutationObserver(() => {
  const wanted = [["headline", "[data-testid=stMetric]"], ["chart", "[data-testid=stVegaLiteChart] svg"]];
  for (const [name, selector] of wanted)
    if (!(name in window.__seen) && document.querySelector(selector)) window.__seen[name] = performance.now();
}).observe(document, {subtree: true, childList: true});"""
"""Notes, in the page, when the headline and the first chart first appear (ms from the navigation's start): what the
page saw, without the benchmark's own polling and its round trips to Chromium."""
FIRST_LOAD_LIMIT = 3_600_000
"""Milliseconds a first load may take before the benchmark gives up on it."""
STEP_LIMIT = 120_000
FLOOR_PAGE = """import streamlit as st

st.title("Reactions in the news", anchor=False)
st.metric("Reactions", "101,183")
"""
"""The floor: what Streamlit itself costs the server and Chromium for a page of a title and one metric."""


def cpu_seconds() -> tuple[float, float]:
    """CPU seconds so far of the page's server with its workers, and of Chromium (every process of it): on a
    shared machine the wall clock says how busy the others were, CPU time what the page cost."""
    import psutil

    server = browser = 0.0
    for process in psutil.Process().children(recursive=True):
        try:
            command, times = " ".join(process.cmdline()), process.cpu_times()
            spent = times.user + times.system
            if "streamlit" in command:
                spent += sum(c.cpu_times().user + c.cpu_times().system for c in process.children(recursive=True))
                server += spent
            elif "chrom" in process.name().lower():
                browser += spent
        except psutil.Error:  # a process that ended meanwhile
            continue
    return server, browser


class Clock:
    """Times steps: wall seconds, and the CPU seconds of the server and of Chromium, from :meth:`start`."""

    def __init__(self) -> None:
        self.found: dict[str, float] = {}
        self.started, self.cpu = 0.0, (0.0, 0.0)

    def start(self) -> None:
        self.cpu, self.started = cpu_seconds(), time.perf_counter()

    def lap(self, name: str) -> None:
        self.found[name] = time.perf_counter() - self.started
        server, browser = cpu_seconds()
        self.found[f"{name}:server_cpu"] = server - self.cpu[0]
        self.found[f"{name}:browser_cpu"] = browser - self.cpu[1]
        self.found[f"{name}:load"] = os.getloadavg()[0]  # the machine's load average (1 min) when it was taken


def cli_run(corpus: Path, cache: Path) -> dict[str, float]:
    """``reactions extract`` over ``corpus`` with the empty cache ``cache``: wall and CPU seconds (its workers too)."""
    out = cache / "out.csv"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [sys.executable, "-m", "reactions", "extract", str(corpus), "-q", "-o", str(out)]
    subprocess.run([*command, "--cache-dir", str(cache)], check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"cli_s": wall, "cli_cpu_s": cpu, "cli_s:load": os.getloadavg()[0]}


def reactions_shown(page: Any) -> str:
    """The headline's Reactions figure as drawn."""
    card = page.locator(HEADLINE).filter(has_text="Reactions").first
    return str(card.locator("[data-testid=stMetricValue]").inner_text()).strip()


def until(page: Any, condition: str) -> None:
    """Wait until ``condition`` (JavaScript) holds and no rerun is running."""
    page.wait_for_function(condition, timeout=STEP_LIMIT)
    page.wait_for_selector(RUNNING, state="detached", timeout=STEP_LIMIT)


def headline_changed(before: str) -> str:
    return ("[...document.querySelectorAll('[data-testid=stMetric]')].some(m => m.innerText.startsWith('Reactions')"
            f" && !m.innerText.includes({json.dumps(before)}))")  # fmt: skip


def open_page(
    page: Any, go: Callable[[], Any], clock: Clock, prefix: str, progress: bool = False, chart: bool = True
) -> None:
    """Time ``go()`` (a navigation) to the first progress bar (when asked), the headline and the settled page (its
    first chart drawn, when ``chart``, and no rerun running)."""
    clock.start()
    go()
    if progress:
        try:
            page.wait_for_selector(PROGRESS, timeout=FIRST_LOAD_LIMIT)
            clock.lap(f"{prefix}_progress_s")
        except Exception:  # playwright's TimeoutError: a load too quick for a bar (a warm cache)
            clock.found[f"{prefix}_progress_s"] = float("nan")
    page.wait_for_selector(HEADLINE, timeout=FIRST_LOAD_LIMIT)
    clock.lap(f"{prefix}_headline_s")
    seen = page.evaluate("window.__seen || {}")
    if "headline" in seen:
        clock.found[f"{prefix}_headline_seen_s"] = seen["headline"] / 1000
    if chart:
        page.wait_for_selector(f"{CHART} svg", timeout=FIRST_LOAD_LIMIT)
    page.wait_for_selector(RUNNING, state="detached", timeout=FIRST_LOAD_LIMIT)
    clock.lap(f"{prefix}_page_s")


def new_tab(page: Any, url: str, clock: Clock, prefix: str, chart: bool = True) -> None:
    """Time a new tab of the same browser profile (a new session whose browser already holds Streamlit's code:
    an analyst's second tab), then close it."""
    tab = page.context.new_page()
    open_page(tab, lambda: tab.goto(url), clock, prefix, chart=chart)
    tab.close()


def js_profile(page: Any) -> Any:
    """Start V8's sampling profiler on ``page`` (Chrome DevTools Protocol); returns the session to stop it with
    :func:`js_seconds`."""
    session = page.context.new_cdp_session(page)
    session.send("Profiler.enable")
    session.send("Profiler.setSamplingInterval", {"interval": 500})
    session.send("Profiler.start")
    return session


def js_seconds(session: Any, top: int = 12) -> dict[str, float]:
    """Stop the profiler: seconds sampled per script file (``(program)``: native work such as layout and paint;
    ``(garbage collector)``; ``(idle)``), the ``top`` first."""
    profile = session.send("Profiler.stop")["profile"]
    files = {node["id"]: node["callFrame"]["url"].rsplit("/", 1)[-1] or node["callFrame"]["functionName"]
             for node in profile["nodes"]}  # fmt: skip
    spent: dict[str, float] = {}
    for node, delta in zip(profile["samples"], profile["timeDeltas"], strict=True):
        spent[files[node]] = spent.get(files[node], 0.0) + delta / 1e6
    return dict(sorted(spent.items(), key=lambda item: -item[1])[:top])


def interactions(page: Any, clock: Clock, profile: bool = False) -> None:
    """The table's next page, a hashtag filter and a time-chart click, each timed until it has settled."""
    page.mouse.move(0, 0)
    stepper = page.locator(".st-key-table_page [data-testid=stNumberInputStepUp]")
    stepper.scroll_into_view_if_needed()
    if stepper.is_enabled():  # a corpus of one page has no next one
        clock.start()
        stepper.click()
        until(page, "document.body.innerText.includes('Page 2 of')")
        clock.lap("next_page_s")
    before = reactions_shown(page)
    page.locator(".st-key-f_tags input").click()
    option = page.get_by_role("option").first
    option.wait_for(timeout=STEP_LIMIT)
    session = js_profile(page) if profile else None
    clock.start()
    option.click()
    until(page, headline_changed(before))
    clock.lap("filter_s")
    if session is not None:
        print(f"filter, seconds sampled in Chromium's page: {json.dumps(js_seconds(session))}", file=sys.stderr)
    page.keyboard.press("Escape")
    page.wait_for_timeout(300)
    before = reactions_shown(page)
    bucket = page.locator(f"{TIME_CHART} {HIT}").first
    bucket.scroll_into_view_if_needed()
    page.wait_for_timeout(1000)  # Vega attaches its listeners a moment after drawing
    clock.start()
    bucket.click()
    until(page, headline_changed(before))
    clock.lap("chart_click_s")


def browse(corpus: Path, cache: Path, profile: str | None = None, js: bool = False) -> dict[str, float]:
    """Serve the page over ``corpus`` with the cache ``cache`` (empty for a cold first load) and time it in
    Chromium; ``profile``: where the server writes a cProfile of each script run (``$REACTIONS_PAGE_PROFILE``)."""
    env = {"REACTIONS_CACHE_DIR": str(cache)} | ({"REACTIONS_PAGE_PROFILE": profile} if profile else {})
    clock = Clock()
    with browser_at(serve(corpus, env=env)) as (url, browser):
        page = session_page(browser)
        open_page(page, lambda: page.goto(url), clock, "first", progress=True)
        clock.found["reactions"] = float(reactions_shown(page).replace(",", "") or "nan")
        open_page(page, page.reload, clock, "reload")
        new_tab(page, url, clock, "new_tab")
        fresh = session_page(browser)
        session = None
        if js:  # a page of the same site first: the profiler then stays with the page's renderer
            fresh.goto(f"{url}/_stcore/health")
            session = js_profile(fresh)
        open_page(fresh, lambda: fresh.goto(url), clock, "new_session")
        if session is not None:
            print(f"new session, seconds sampled in Chromium's page: {json.dumps(js_seconds(session))}",
                  file=sys.stderr)  # fmt: skip
        interactions(fresh, clock, js)
    return clock.found


@contextlib.contextmanager
def browser_at(server: Generator[str, None, None]) -> Iterator[tuple[str, Any]]:
    """The URL ``server`` (:func:`test_browser.serve`) serves the page at, and a headless Chromium; both stopped
    afterwards."""
    from playwright.sync_api import sync_playwright

    url = next(server)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                yield url, browser
            finally:
                browser.close()
    finally:
        server.close()


def session_page(browser: Any) -> Any:
    """A page of a new browser profile (a new session: no cookies, no cached files), of the benchmark's viewport,
    that notes when the headline is first drawn (:data:`SEEN`)."""
    context = browser.new_context(viewport={"width": 1440, "height": 2400})
    context.add_init_script(SEEN)
    return context.new_page()


def floor() -> dict[str, float]:
    """The floor: :data:`FLOOR_PAGE` served and opened as the page is (a first load, a reload, a new session),
    timed to its metric; keys ``floor_*``."""
    clock = Clock()
    with tempfile.TemporaryDirectory(prefix="bench-floor-") as folder:
        script = Path(folder) / "floor.py"
        script.write_text(FLOOR_PAGE, encoding="utf-8")
        with browser_at(serve(Path(folder), script=script)) as (url, browser):
            page = session_page(browser)
            open_page(page, lambda: page.goto(url), clock, "floor_first", chart=False)
            open_page(page, page.reload, clock, "floor_reload", chart=False)
            new_tab(page, url, clock, "floor_new_tab", chart=False)
            fresh = session_page(browser)
            open_page(fresh, lambda: fresh.goto(url), clock, "floor_new_session", chart=False)
    return clock.found


ROWS = (
    ("reactions", "reactions", "{:,.0f}"),
    ("cli_s", "CLI `reactions extract`, cold (CPU s)", "{:.1f} s"),
    ("first_progress_s", "first load: progress bar", "{:.2f} s"),
    ("first_headline_s", "first load: headline", "{:.1f} s"),
    ("first_page_s", "first load: page settled", "{:.1f} s"),
    ("reload_headline_s", "reload: headline", "{:.1f} s"),
    ("reload_page_s", "reload: page settled", "{:.1f} s"),
    ("new_tab_headline_s", "new tab (same browser): headline", "{:.1f} s"),
    ("new_tab_page_s", "new tab: page settled", "{:.1f} s"),
    ("new_session_headline_s", "new session (a new browser profile): headline", "{:.1f} s"),
    ("new_session_headline_seen_s", "new session: headline, as the page saw it (from the navigation)", "{:.2f} s"),
    ("new_session_page_s", "new session: page settled", "{:.1f} s"),
    ("next_page_s", "table: next page", "{:.2f} s"),
    ("filter_s", "filter (a hashtag)", "{:.2f} s"),
    ("chart_click_s", "chart click (a time bucket)", "{:.2f} s"),
    ("floor_first_headline_s", "floor (a title and a metric): first load", "{:.2f} s"),
    ("floor_reload_headline_s", "floor: reload", "{:.2f} s"),
    ("floor_new_tab_headline_s", "floor: new tab", "{:.2f} s"),
    ("floor_new_session_headline_s", "floor: new session", "{:.2f} s"),
    ("floor_new_session_headline_seen_s", "floor: new session, as the page saw it", "{:.2f} s"),
)


def table(results: dict[str, dict[str, float]]) -> str:
    names = list(results)
    lines = ["| wall (CPU s: server + Chromium) | " + " | ".join(names) + " |", "|---|" + "---|" * len(names)]
    for key, label, form in ROWS:
        cells = []
        for name in names:
            value = results[name].get(key, float("nan"))
            cell = form.format(value)
            if key == "cli_s":
                cell += (f" ({results[name].get('cli_cpu_s', float('nan')):.1f}; "
                         f"load {results[name].get('cli_s:load', float('nan')):.1f})")  # fmt: skip
            elif f"{key}:server_cpu" in results[name]:
                server, browser = results[name][f"{key}:server_cpu"], results[name][f"{key}:browser_cpu"]
                load = results[name].get(f"{key}:load", float("nan"))
                cell += f" ({server:.2f} + {browser:.2f}; load {load:.1f})"
            cells.append(cell)
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("corpora", nargs="*", type=Path, help="folders, datasets or web archives")
    parser.add_argument("--table", type=Path, action="append", default=[],
                        help="print the table of figures kept by --json (more than one: side by side)")  # fmt: skip
    parser.add_argument("--json", type=Path, help="also write the figures here")
    parser.add_argument("--no-cli", action="store_true", help="leave out the CLI's run")
    parser.add_argument("--warm-page", action="store_true",
                        help="serve the page with the CLI's cache: its first load reads the CLI's finished frame "
                        "(a new server over a corpus read before; for a corpus too large to read twice)")  # fmt: skip
    parser.add_argument("--page-cache", type=Path, help="serve the page with this cache (warm: its first load "
                        "reads the finished frame kept there)")  # fmt: skip
    parser.add_argument("--keep", type=Path, help="keep the caches here (DIR/CORPUS/cli, DIR/CORPUS/page; start "
                        "empty), e.g. for bench_page.py's REACTIONS_CACHE_DIR afterwards")  # fmt: skip
    parser.add_argument("--js-profile", action="store_true", help="profile Chromium's page (V8) during the new "
                        "session's load and the filter: seconds sampled per script file, to stderr (their own figures "
                        "are then inflated)")  # fmt: skip
    parser.add_argument("--no-floor", action="store_true", help="leave out the floor (a title and a metric)")
    parser.add_argument("--profile", help="the server writes a cProfile of each script run to PROFILE.<n>.prof")
    args = parser.parse_args(argv)
    results: dict[str, dict[str, float]] = {}
    for kept in args.table:
        results |= json.loads(kept.read_text())
    for corpus in args.corpora:
        with tempfile.TemporaryDirectory(prefix="bench-browser-") as temporary:
            scratch = args.keep / corpus.name if args.keep else Path(temporary)
            found = {} if args.no_cli else cli_run(corpus, Path(scratch) / "cli")
            page_cache = args.page_cache or Path(scratch) / ("cli" if args.warm_page else "page")
            found |= browse(corpus, page_cache, args.profile, args.js_profile)
            found |= {} if args.no_floor else floor()  # Streamlit's own cost, in the same minutes
            found["warm_page"] = float(args.warm_page)
        results[corpus.name] = found
        print(f"{corpus}: {json.dumps(found)}", file=sys.stderr, flush=True)
    if not args.corpora and not args.table:  # the floor alone
        results["floor"] = floor()
    print(table(results))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
