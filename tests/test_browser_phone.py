"""The page on a phone (390×844, Chromium emulating a touch screen): the first chart starts on the first screen, and
the reactions table shows the post's text among the columns in view.

Served and skipped as ``tests/test_browser.py`` is (its helpers): without Chromium the test is skipped locally and
fails under ``CI=true``; screenshots go to its ARTIFACTS folder, never the checkout.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from test_browser import ARTIFACTS, CHART, TIME_CHART, WAIT, chromium_page, page_url, settle

__all__ = ["page_url"]  # the fixture: the dashboard over a private copy of the seeds

PHONE = {"width": 390, "height": 844}
HEADERS = ".st-key-table [role=columnheader]"
"""The table's column headers as the grid gives them to assistive technology: only the columns in view."""

pytestmark = pytest.mark.browser


@pytest.fixture
def phone(page_url: str) -> Iterator[Any]:
    """The page at ``page_url`` on a 390×844 touch screen, once its first chart is drawn."""
    with chromium_page(page_url, f"{TIME_CHART} svg", viewport=PHONE, is_mobile=True, has_touch=True,
                       device_scale_factor=2) as page:  # fmt: skip
        settle(page)
        yield page


def test_the_first_chart_is_on_a_phones_first_screen(phone: Any) -> None:
    assert phone.locator("[data-testid=stException]").count() == 0
    assert phone.evaluate("() => window.scrollY") == 0
    first = phone.locator(f"{CHART} svg").first
    assert first.evaluate("svg => svg.closest('[class*=\"st-key-chart_bucket_\"]') !== null")  # the time chart
    box = first.bounding_box()
    phone.screenshot(path=str(ARTIFACTS / "dashboard-phone.png"))
    assert box["y"] > 0, box
    assert box["y"] + box["height"] / 2 < PHONE["height"], box  # its volume bars, at least, on the first screen
    assert not phone.locator(".st-key-clear_selection").is_visible()  # nothing selected: no disabled button
    figures = phone.locator("[data-testid=stMetric]")
    assert figures.count() == 8
    assert figures.nth(1).bounding_box()["y"] == figures.nth(0).bounding_box()["y"]  # side by side, not stacked


def test_the_table_shows_the_post_text_on_a_phone(phone: Any) -> None:
    table = phone.locator(".st-key-table")
    table.scroll_into_view_if_needed()
    settle(phone)
    phone.wait_for_selector(HEADERS, state="attached", timeout=WAIT)  # drawn on a canvas: these are hidden
    shown = [text.strip() for text in phone.locator(HEADERS).all_inner_texts()]
    phone.screenshot(path=str(ARTIFACTS / "dashboard-phone-table.png"))
    assert "Post" in shown, shown
    assert shown.index("Post") <= 1, shown  # right after the day, not off to the right
    box = table.bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"]  # the table fits the screen; its columns scroll within it
