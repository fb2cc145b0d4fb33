"""The Compare section in headless Chromium: a comparison link opens it, draws both sides in their colours, and
B's CSV downloads (the server and browser helpers are test_browser's)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_browser import ARTIFACTS, CHART, WAIT, chromium_page, page_url, settle

from reactions import read_csv
from reactions.charts.compare import SIDE_COLORS

pytestmark = pytest.mark.browser
__all__ = ["page_url"]  # the fixture, used below by name

DESCRIPTIONS = ("Reactions per ", "The share of negative, neutral and positive", "Top hashtags of side A and side B")
"""How each Compare chart's description starts (the volume's bucket is the main chart's: day, week, month…)."""


def compare_charts(page: Any) -> list[str]:
    """Wait for the Compare section's three charts and check each is drawn once, without an error; their
    selectors."""
    page.wait_for_selector(".st-key-compare_b", timeout=WAIT)
    charts = [f'{CHART}[role=graphics-document][aria-label^="{name}"][aria-label*="side A and side B"]'
              for name in DESCRIPTIONS]  # fmt: skip
    page.wait_for_selector(f"{charts[2]} svg", timeout=WAIT)
    settle(page)
    assert page.locator("[data-testid=stException]").count() == 0
    assert [page.locator(chart).count() for chart in charts] == [1, 1, 1]
    return charts


def test_a_comparison_link_in_chromium(page_url: str) -> None:
    with chromium_page(f"{page_url}/?tag=JusticeForJohnnyDepp&compare=on&b_tag=TimesUp") as page:
        charts = compare_charts(page)
        page.locator(charts[0]).scroll_into_view_if_needed()
        strokes = page.locator(f"{charts[0]} svg path").evaluate_all("ps => ps.map(p => p.getAttribute('stroke'))")
        assert {c.casefold() for c in SIDE_COLORS} <= {str(s).casefold() for s in strokes}
        page.screenshot(path=str(ARTIFACTS / "dashboard-compare.png"), full_page=True)
        with page.expect_download(timeout=WAIT) as download_info:
            page.get_by_role("button", name="CSV · B").click()
        assert download_info.value.suggested_filename == "reactions-0.1.0-compare-b-tag-timesup.csv"
        side_b = read_csv(Path(download_info.value.path()))
        assert len(side_b) == 1
        assert all("timesup" in [t.casefold() for t in tags] for tags in side_b["hashtags"])
