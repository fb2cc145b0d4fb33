"""The page an analyst keeps open, at scale, in headless Chromium: a generated corpus of three years and about
100,000 reactions with bursts.  The time chart shows readable buckets with years and marks the spikes, a click on
a bucket filters the table; the network renders and a node click filters; a comparison of two filter sets renders;
a copied URL restores the exact view (filters, chart selection, Top N, table page) in a new browser context; the
XLSX download opens in pandas with every row of the view.

The corpus is generated once for the module (in a temporary folder) and served once; its first load, parsed cold
with an empty cache, is measured and written with the other timings to ``ARTIFACTS/100k-timings.json``.  The
screenshots go to ``ARTIFACTS`` (``REACTIONS_ARTIFACTS``, else a temporary folder: never the checkout).  The
server and browser helpers are test_browser's.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from test_browser import (
    ARTIFACTS,
    CHART,
    CHROMIUM_ARGS,
    HIT,
    ROWCOUNT,
    TIME_CHART,
    WAIT,
    chromium_or_skip,
    click_until,
    metric,
    open_expander,
    serve,
    settle,
)
from test_browser_compare import compare_charts

pytestmark = pytest.mark.browser

ARTICLES = 26_500
"""Articles to generate: about 3.8 distinct posts each, so about 100,000 reactions."""
FIRST_LOAD_LIMIT = 600
"""Seconds the first (cold) load may take before the test gives up (it takes about 90 s on 2 cores)."""
SPIKE = f'{TIME_CHART} svg path[aria-roledescription="spike"]'
"""The ▼ marks over the spikes."""
NODE = '[class*="st-key-chart_tag_node_"] svg path[aria-roledescription="circle"]'
COMPOUND_CHART = f'{CHART}[aria-label^="Mean compound score per"]'
TIME_AXIS = f'{COMPOUND_CHART} svg g[aria-roledescription="axis"][aria-label^="X-axis"] text'
"""The time axis's labels (drawn under the compound panel, which shares the time chart's axis)."""


@dataclass
class Served:
    """The page over the generated corpus, the browser driving it, and what was measured."""

    url: str
    browser: Any
    everything: int
    timings: dict[str, float] = field(default_factory=dict)

    def page(self, path: str = "/") -> Any:
        """A page in a new browser context (its own cookies and storage, as a new window of another analyst)
        at ``path``, once its first chart is drawn."""
        context = self.browser.new_context(viewport={"width": 1440, "height": 2400}, accept_downloads=True)
        page = context.new_page()
        page.goto(self.url + path)
        page.wait_for_selector(f"{CHART} svg", timeout=WAIT)
        settle(page)
        return page


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    """Generate the corpus, serve it with an empty cache of its own, and load it once in Chromium (timed)."""
    executable = chromium_or_skip()
    sync_api = pytest.importorskip("playwright.sync_api")
    from benchmark_loader import load_benchmark

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    root = tmp_path_factory.mktemp("corpus100k")
    started = time.monotonic()
    manifest = load_benchmark("generate_corpus").generate(root / "years", ARTICLES, seed=7, years=3, bursts=3)
    timings = {"generate_s": time.monotonic() - started, "distinct_posts": manifest["distinct_posts"]}
    server = serve(root / "years", env={"REACTIONS_CACHE_DIR": str(root / "cache")})
    url = next(server)
    try:
        with sync_api.sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
            try:
                page = browser.new_page(viewport={"width": 1440, "height": 2400})
                started = time.monotonic()
                page.goto(url)
                page.wait_for_selector(f"{TIME_CHART} {HIT}", timeout=FIRST_LOAD_LIMIT * 1000)
                timings["first_load_s"] = time.monotonic() - started
                settle(page)
                assert page.locator("[data-testid=stException]").count() == 0
                everything = number(metric(page, "Reactions"))
                page.screenshot(path=str(ARTIFACTS / "100k-first-load.png"), full_page=True)
                page.close()
                done = Served(url, browser, everything, timings)
                yield done
            finally:
                browser.close()
    finally:
        server.close()
        (ARTIFACTS / "100k-timings.json").write_text(json.dumps(timings, indent=2) + "\n", encoding="utf-8")


def number(text: str) -> int:
    return int(text.replace(",", ""))


def hit_labels(page: Any) -> list[str]:
    """The time chart's buckets, as their hit areas name them (``When: Apr 2020; Reactions: 6,812; …``)."""
    labels: list[str] = page.locator(f"{TIME_CHART} {HIT}").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label'))"
    )
    return labels


def field_of(label: str, name: str) -> str:
    return label.split(f"{name}: ", 1)[1].split(";", 1)[0]


def metric_changes_from(value: str) -> str:
    """A condition: the headline's Reactions figure is drawn and no longer ``value``."""
    return ("[...document.querySelectorAll('[data-testid=stMetric]')].some(m => m.innerText.startsWith('Reactions')"
            f" && !m.innerText.includes('{value}'))")  # fmt: skip


def headline(page: Any) -> dict[str, str]:
    """Every headline figure, by its label."""
    cards = page.locator("[data-testid=stMetric]")
    return {
        card.locator("[data-testid=stMetricLabel]").inner_text().strip(): card.locator(
            "[data-testid=stMetricValue]"
        ).inner_text().strip()
        for card in cards.all()
    }


def first_rows(page: Any, count: int = 3) -> list[list[str]]:
    """The reactions table's first ``count`` rows, cell by cell (the grid's accessible table)."""
    rows = page.locator(".st-key-table table tbody tr")
    return [[c.strip() for c in rows.nth(n).locator("td").all_text_contents()] for n in range(count)]


def sidebar_state(page: Any) -> dict[str, Any]:
    """What the sidebar and the layout widgets show: the pressed sentiment pills, Top N, the table's page."""
    pills = page.locator(".st-key-f_sentiment button")
    pressed = [b.inner_text().strip() for b in pills.all() if b.get_attribute("aria-pressed") == "true"]
    return {
        "sentiment": pressed,
        "top": page.locator("[data-testid=stPopover] button").first.inner_text().split("\n")[0],
        "page": page.locator(".st-key-table_page input").input_value(),
        "caption": page.get_by_text(re.compile(r"^Page \d+ of \d+")).first.inner_text().strip(),
    }


def type_number(page: Any, widget: str, value: int, query: str, attempts: int = 3) -> None:
    """Type ``value`` into the number input ``widget`` until the page's URL holds ``query`` (a rerun still under
    way can redraw the input under the typing)."""
    for attempt in range(attempts):
        settle(page)
        field = page.locator(f"{widget} input")
        field.fill(str(value))
        field.press("Enter")
        try:
            page.wait_for_function(f"location.search.includes('{query}')", timeout=15_000)
        except Exception:  # playwright's TimeoutError: type it again
            if attempt == attempts - 1:
                raise
            continue
        settle(page)
        return


def shot(page: Any, name: str, *selectors: str) -> None:
    """A screenshot of the smallest element holding the first match of every one of ``selectors`` (scrolled into
    view: the page scrolls inside its main block), or of the window."""
    path = str(ARTIFACTS / name)
    if not selectors:
        page.screenshot(path=path, full_page=True)
        return
    page.evaluate(
        """([selectors, name]) => {
            const found = selectors.map(s => document.querySelector(s));
            let holder = found[0];
            while (!found.every(e => holder.contains(e))) holder = holder.parentElement;
            holder.setAttribute('data-shot', name);
        }""",
        [list(selectors), name],
    )
    page.mouse.move(0, 0)  # no tooltip over the picture
    page.locator(f'[data-shot="{name}"]').screenshot(path=path)


def test_the_time_chart_reads_over_years_marks_spikes_and_a_click_filters(served: Served) -> None:
    assert 95_000 <= served.everything <= 110_000
    page = served.page()
    try:
        labels = hit_labels(page)
        assert 30 <= len(labels) <= 120  # Auto: readable buckets (months over three years)
        ticks = [t.strip() for t in page.locator(TIME_AXIS).all_text_contents() if t.strip()]
        assert len(ticks) >= 4
        assert all(re.search(r"\b20[12]\d\b", t) for t in ticks), ticks  # every label carries its year
        spikes = [label for label in labels if "Spike: yes" in label]
        assert len(spikes) >= 2  # the generated bursts
        assert page.locator(SPIKE).count() == len(spikes)  # one ▼ a spike
        shot(page, "100k-time-chart.png", TIME_CHART, COMPOUND_CHART)

        biggest = max(spikes, key=lambda label: number(field_of(label, "Reactions")))
        when, count = field_of(biggest, "When"), number(field_of(biggest, "Reactions"))
        before = metric(page, "Reactions")
        click_until(page, f'{TIME_CHART} {HIT}[aria-label*="When: {when};"]', metric_changes_from(before))
        assert number(metric(page, "Reactions")) == count < served.everything
        assert page.get_by_text(re.compile(r"^Selected in the charts: month=\d{4}-\d{2}$")).count() == 1
        page.wait_for_function(f"{ROWCOUNT} == 101", timeout=WAIT)  # a page of 100 rows of that month
        assert page.locator("[data-testid=stException]").count() == 0
        shot(page, "100k-month-selected.png")
    finally:
        page.context.close()


def test_a_copied_url_restores_the_view_in_a_new_context_and_the_xlsx_holds_it(served: Served) -> None:
    page = served.page()
    try:
        before = metric(page, "Reactions")
        click_until(page, '.st-key-f_sentiment button:has-text("negative")', metric_changes_from(before))
        negative = metric(page, "Reactions")
        month = max(hit_labels(page), key=lambda label: number(field_of(label, "Reactions")))
        when, count = field_of(month, "When"), number(field_of(month, "Reactions"))
        click_until(page, f'{TIME_CHART} {HIT}[aria-label*="When: {when};"]', metric_changes_from(negative))
        assert number(metric(page, "Reactions")) == count
        page.mouse.move(0, 0)  # the bucket's tooltip, still shown where the click was, can cover the button
        page.get_by_role("button", name="Top 10").click()
        type_number(page, ".st-key-top_n", 15, "top=15")
        page.keyboard.press("Escape")
        type_number(page, ".st-key-table_page", 3, "page=3")
        url = page.url
        for part in ("sentiment=negative", "sel_bucket=", "top=15", "page=3"):
            assert part in url, (part, url)
        view = {"headline": headline(page), "rows": first_rows(page), "sidebar": sidebar_state(page)}
        assert view["sidebar"]["sentiment"] == ["negative"]
        assert view["sidebar"]["top"] == "Top 15"
        assert view["sidebar"]["page"] == "3"
        assert view["sidebar"]["caption"].startswith("Page 3 of")
        assert len(view["rows"]) == 3
        assert all(view["rows"])
        shot(page, "100k-view.png")
    finally:
        page.context.close()

    restored = served.page(url.removeprefix(served.url))
    try:
        restored.wait_for_function(f"{ROWCOUNT} == 101", timeout=WAIT)
        settle(restored)
        assert restored.locator("[data-testid=stException]").count() == 0
        assert restored.get_by_text(re.compile(r"^Selected from the link: month=\d{4}-\d{2}$")).count() == 1
        again = {"headline": headline(restored), "rows": first_rows(restored), "sidebar": sidebar_state(restored)}
        assert again == view
        assert number(again["headline"]["Reactions"]) == count
        shot(restored, "100k-view-restored.png")

        open_expander(restored, "downloads")  # the buttons are built once it is opened
        restored.get_by_role("button", name="XLSX · view").wait_for(timeout=WAIT)
        with restored.expect_download(timeout=WAIT) as download_info:
            restored.get_by_role("button", name="XLSX · view").click()
        workbook = pd.read_excel(Path(download_info.value.path()), sheet_name="reactions")
        assert len(workbook) == count  # every row of the view, not the table's page
        assert set(workbook["sentiment"]) == {"negative"}
        assert workbook["lag_hours"].dtype == "float64"
    finally:
        restored.context.close()


def test_the_network_renders_and_a_node_click_filters(served: Served) -> None:
    page = served.page("/?section=network")
    try:
        page.wait_for_selector(NODE, timeout=WAIT)
        names = page.locator(NODE).evaluate_all("marks => marks.map(m => m.getAttribute('aria-label'))")
        assert len(names) >= 10
        tag = names[0].split(":")[0]
        page.locator('[class*="st-key-chart_tag_node_"]').scroll_into_view_if_needed()
        before = metric(page, "Reactions")
        click_until(page, f'{NODE}[aria-label^="{tag}:"]', metric_changes_from(before))
        assert 0 < number(metric(page, "Reactions")) < served.everything
        assert page.get_by_text(f"Selected in the charts: hashtag={tag}").count() == 1
        assert page.locator(NODE).count() == len(names)  # not filtered by its own selection
        assert page.locator("[data-testid=stException]").count() == 0
        shot(page, "100k-network.png", '[class*="st-key-chart_tag_node_"]')
    finally:
        page.context.close()


def test_a_comparison_of_two_filter_sets_renders(served: Served) -> None:
    page = served.page("/?section=network")
    try:
        page.wait_for_selector(NODE, timeout=WAIT)
        names = page.locator(NODE).evaluate_all("marks => marks.map(m => m.getAttribute('aria-label'))")
        a, b = (name.split(":")[0] for name in names[:2])
    finally:
        page.context.close()
    page = served.page(f"/?tag={a}&compare=on&b_tag={b}")
    try:
        charts = compare_charts(page)
        assert page.locator(f"{charts[0]} svg path").count() > 0
        shot(page, "100k-compare.png", *charts)
    finally:
        page.context.close()
