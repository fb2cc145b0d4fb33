"""The page once in a real headless Chromium: charts render, a click on a hashtag filters the table,
a row opens its post in context and can be relabelled, the table turns to its second page.

Runs ``streamlit run dashboard.py`` on a free local port and drives it with Playwright's sync API
and Debian's Chromium (Playwright's own browser download does not work here).  Without Chromium
the test is skipped locally, and fails under ``CI=true`` (``.ci/run`` installs it).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = Path(os.environ.get("REACTIONS_ARTIFACTS") or Path(tempfile.gettempdir()) / "reactions-browser")
"""Screenshots (``REACTIONS_ARTIFACTS``, else a temporary folder: never the checkout)."""
CHROMIUM = os.environ.get("REACTIONS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run",
]  # fmt: skip
CHART = "[data-testid=stVegaLiteChart]"
BAR = f'{CHART} svg path[aria-roledescription="bar"]'
TIME_CHART = '[class*="st-key-chart_bucket_"]'
HIT = 'svg path[aria-roledescription="rect mark"][aria-label*="When: "]'
"""The time chart's invisible full-height hit area of a bucket (its tooltip, and so its label, starts with When)."""
WAIT = 300_000
"""Milliseconds a wait for something the page will show may last: a bound against a hang, not a speed limit (on a
loaded machine a rerun of the 100,000-reaction page takes minutes)."""
PATIENCE = (10_000, 60_000, WAIT)
"""Milliseconds the first, second and later attempts of a click wait for what it should do."""
ROWCOUNT = "Number(document.querySelector('.st-key-table table')?.getAttribute('aria-rowcount') ?? 0)"
"""The reactions table's accessible row count (header included), 0 while it is being redrawn."""

pytestmark = pytest.mark.browser


def chromium_or_skip() -> str:
    """Chromium's path; a missing browser skips the test, except under CI where it must run."""
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if found:
        return found
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"Chromium is missing ({CHROMIUM}) but CI=true: the browser test must run")
    pytest.skip("Chromium is not installed (apt-get install chromium)")


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def wait_until_healthy(url: str, server: subprocess.Popen[bytes], timeout: float = 600) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise RuntimeError(f"streamlit exited with {server.returncode}")
        try:
            with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise TimeoutError(f"streamlit did not answer on {url} within {timeout} s")


@pytest.fixture
def page_url(tmp_path: Path) -> Iterator[str]:
    """The dashboard served on a free port, over a private copy of the seeds."""
    corpus = tmp_path / "seeds"
    shutil.copytree(ROOT / "seeds", corpus)
    yield from serve(corpus)


WITH_PARENT = (
    "import ctypes, os, signal, sys\n"
    "try:\n"
    "    ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG (Linux)\n"
    "except (OSError, AttributeError):\n"
    "    pass\n"
    "if os.getppid() != int(sys.argv[1]):\n"
    "    sys.exit('the test process is gone')\n"
    "os.execv(sys.executable, [sys.executable, *sys.argv[2:]])\n"
)
"""Run ``python ARGS…`` so that it gets SIGKILL when the test process ends in any way (killed, a timeout, Ctrl-C
twice), where no ``finally`` runs: an interrupted browser test never leaves its server behind (SIGTERM was not
enough: a server in the middle of a page run took minutes to stop; its fork server and parsers end when it does).
The signal is kept across ``execv``; the parent is checked after it is set, in case it was already gone."""


def serve(corpus: Path, env: Mapping[str, str] | None = None, script: Path = ROOT / "dashboard.py") -> Iterator[str]:
    """``streamlit run dashboard.py`` (or ``script``) over ``corpus`` on a free port (``env``: more environment
    variables), until the generator is closed, or the test process ends (:data:`WITH_PARENT`)."""
    port = free_port()
    command = [
        sys.executable, "-c", WITH_PARENT, str(os.getpid()),
        "-m", "streamlit", "run", str(script), "--server.port", str(port),
        "--server.headless", "true", "--server.address", "127.0.0.1", "--browser.gatherUsageStats", "false",
    ]  # fmt: skip
    environment = {**os.environ, **(env or {}), "REACTIONS_CORPUS": str(corpus)}
    server = subprocess.Popen(
        command, cwd=ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,  # a process group of its own: stopped with its fork server and parsers
    )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        wait_until_healthy(url, server)
        yield url
    finally:
        stop_group(server)


def stop_group(server: subprocess.Popen[bytes]) -> None:
    """Stop the server and every process of its group: SIGTERM, then SIGKILL after 10 s."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGTERM)
    with contextlib.suppress(subprocess.TimeoutExpired):
        server.wait(timeout=10)
    with contextlib.suppress(ProcessLookupError):
        os.killpg(server.pid, signal.SIGKILL)  # what is left of the group: a fork server, a parser
    server.wait()


def table_rows(page: object) -> int:
    """Rows in the reactions table (the grid's accessible row count, minus the header)."""
    count = page.evaluate(f"() => {ROWCOUNT}")  # type: ignore[attr-defined]
    return int(count) - 1


def metric(page: Any, label: str) -> str:
    """The value of the headline figure called ``label``."""
    card = page.locator("[data-testid=stMetric]").filter(has_text=label).first
    return str(card.locator("[data-testid=stMetricValue]").inner_text()).strip()


def open_expander(page: Any, key: str) -> None:
    """Open the page's expander ``key`` (its content is built on demand: it comes with the rerun the click
    starts)."""
    page.locator(f".st-key-{key} summary").click()


def settle(page: object) -> None:
    """Wait for the rerun a click started to finish."""
    page.wait_for_timeout(500)  # type: ignore[attr-defined]
    page.wait_for_selector("[data-testid=stStatusWidget]", state="detached", timeout=WAIT)  # type: ignore[attr-defined]
    page.wait_for_timeout(500)  # type: ignore[attr-defined]


def click_until(page: Any, selector: str, condition: str, attempts: int = 3) -> None:
    """Click the mark until ``condition`` holds.  Vega attaches its listeners a moment after the SVG
    appears, so a click landing in that moment is lost (the analyst would simply click again).  Each attempt waits
    longer for ``condition`` (on a loaded machine the rerun a click started can take a minute; a click again on the
    same mark selects it again, harmlessly)."""
    for attempt in range(attempts):
        try:
            page.mouse.move(0, 0)  # no tooltip or chart toolbar left over the mark
            page.locator(selector).first.click(timeout=WAIT)
            page.wait_for_function(condition, timeout=PATIENCE[min(attempt, len(PATIENCE) - 1)])
        except Exception:  # playwright's TimeoutError
            if attempt == attempts - 1:
                page.screenshot(path=str(ARTIFACTS / "dashboard-click-failed.png"), full_page=True)
                raise
            continue
        settle(page)
        return


def choose(page: Any, widget: str, option: str, attempts: int = 3) -> None:
    """Pick ``option`` in the selectbox ``widget``: open its combobox (the input, not its label) until the option
    shows (a rerun still under way closes a list opened meanwhile), then click it."""
    wanted = page.get_by_role("option", name=option, exact=True)
    for attempt in range(attempts):
        settle(page)
        page.locator(f"{widget} input").click()
        try:
            wanted.wait_for(timeout=PATIENCE[min(attempt, len(PATIENCE) - 1)] // 2)
        except Exception:  # playwright's TimeoutError: open it again
            page.keyboard.press("Escape")
            continue
        wanted.click()
        return
    raise AssertionError(f"{widget} never offered {option!r}")


def select_first_row(page: Any, shown: str) -> None:
    """Tick the table's first row (its checkbox in the grid's row-marker column) and wait for ``shown``."""
    table = page.locator(".st-key-table")
    table.scroll_into_view_if_needed()  # the page is taller than the window: a click lands only on what is shown
    box = table.bounding_box()
    page.mouse.click(box["x"] + 15, box["y"] + 35 + 17)
    page.wait_for_selector(shown, timeout=WAIT)
    settle(page)


@contextlib.contextmanager
def chromium_page(url: str, wait_for: str = f"{CHART} svg", **screen: Any) -> Iterator[Any]:
    """The page at ``url`` in headless Chromium, once ``wait_for`` (the first chart) is drawn; ``screen``: the
    page's viewport and device (``viewport=``, ``is_mobile=``, … as Playwright's ``new_page`` takes them)."""
    executable = chromium_or_skip()
    sync_api = pytest.importorskip("playwright.sync_api")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    with sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(**({"viewport": {"width": 1440, "height": 2400}} | screen))
            page.goto(url)
            page.wait_for_selector(wait_for, timeout=WAIT)
            yield page
        finally:
            browser.close()


def test_page_in_chromium(page_url: str) -> None:
    with chromium_page(page_url) as page:
        page.wait_for_function(f"document.querySelectorAll('{CHART} svg').length >= 4", timeout=WAIT)
        settle(page)
        assert page.locator("[data-testid=stException]").count() == 0
        page.wait_for_function(f"{ROWCOUNT} == 13", timeout=WAIT)  # the grid is drawn after the rerun ends
        # Each chart's accessible name is its description (the page passes no alt= of its own).
        assert page.locator(f'{CHART}[role=graphics-document][aria-label^="Reactions per day"]').count() == 1
        page.screenshot(path=str(ARTIFACTS / "dashboard.png"), full_page=True)

        # The workbook is made when its button is clicked, and opens in pandas with every row.
        open_expander(page, "downloads")  # the buttons are built once it is opened
        page.get_by_role("button", name="XLSX · view").wait_for(timeout=WAIT)
        with page.expect_download(timeout=WAIT) as download_info:
            page.get_by_role("button", name="XLSX · view").click()
        workbook = Path(download_info.value.path())
        assert len(pd.read_excel(workbook, sheet_name="reactions")) == 12

        click_until(page, f'{BAR}[aria-label*="Hashtag: TimesUp"]', f"{ROWCOUNT} > 1 && {ROWCOUNT} < 13")
        shown = table_rows(page)
        assert 0 < shown < 12
        assert page.get_by_text("Selected in the charts: hashtag=TimesUp").count() == 1
        assert page.locator("[data-testid=stException]").count() == 0
        page.screenshot(path=str(ARTIFACTS / "dashboard-selected.png"), full_page=True)

        page.get_by_role("button", name="Clear selection").click()
        page.wait_for_function(f"{ROWCOUNT} == 13", timeout=WAIT)
        settle(page)

        # Select the first row: the post in context.
        select_first_row(page, ".st-key-post_paragraph")
        highlighted = page.locator(".st-key-post_paragraph").inner_text()
        assert "@winonasrider" in highlighted
        assert page.locator(".st-key-post_paragraph").evaluate("e => getComputedStyle(e).backgroundColor") != (
            "rgba(0, 0, 0, 0)"
        )
        assert page.locator("[data-testid=stException]").count() == 0
        page.screenshot(path=str(ARTIFACTS / "dashboard-context.png"), full_page=True)

        # Relabel it: the label is stored beside the (copied) corpus and the figures follow.
        assert metric(page, "Positive") == "0%"
        page.locator(".st-key-relabel").get_by_role("radio", name="positive", exact=True).click()
        page.locator(".st-key-relabel").get_by_role("button", name="Save label").click()
        page.wait_for_function(
            "[...document.querySelectorAll('[data-testid=stMetric]')].some("
            "m => m.innerText.startsWith('Positive') && !m.innerText.includes('\\n0%'))",
            timeout=WAIT,
        )
        settle(page)
        assert metric(page, "Positive") == "9%"  # 1 of the 11 scored (one post's language is undetermined)

        # A click on a day (its full-height hit area) filters the table to that day; a sentiment bar narrows it.
        click_until(page, f'{TIME_CHART} {HIT}[aria-label*="When: 1 Feb 2020;"]', f"{ROWCOUNT} > 1 && {ROWCOUNT} < 13")
        assert page.get_by_text("Selected in the charts: day=2020-02-01").count() == 1
        on_the_day = table_rows(page)
        neutral = f'[class*="st-key-chart_sentiment_"] {BAR}[aria-label*="Sentiment: neutral"]'
        click_until(page, neutral, f"{ROWCOUNT} > 1 && {ROWCOUNT} < {on_the_day + 1}")
        assert page.get_by_text("Selected in the charts: day=2020-02-01; sentiment=neutral").count() == 1
        assert page.locator("[data-testid=stException]").count() == 0

        # The table a page at a time: 10 rows a page, then page 2 (the last 2 of the 12, corpus order),
        # where selecting the first row shows that reaction's post (not the first page's).
        page.get_by_role("button", name="Clear selection").click()
        page.wait_for_function(f"{ROWCOUNT} == 13", timeout=WAIT)
        settle(page)
        choose(page, ".st-key-table_size", "10")
        page.wait_for_function(f"{ROWCOUNT} == 11", timeout=WAIT)
        settle(page)
        assert page.get_by_text("Page 1 of 2").count() == 1
        page.locator(".st-key-table_page").get_by_test_id("stNumberInputStepUp").click()
        page.wait_for_function(f"{ROWCOUNT} == 3", timeout=WAIT)
        settle(page)
        assert page.get_by_text("Page 2 of 2 · reactions 11–12 of 12").count() == 1
        select_first_row(page, ".st-key-post_paragraph")
        assert "I just listened to the two audio files" in page.locator(".st-key-post_paragraph").inner_text()
        assert page.locator("[data-testid=stException]").count() == 0
        page.screenshot(path=str(ARTIFACTS / "dashboard-page-2.png"), full_page=True)


def test_a_hostile_folder_in_chromium(hostile_folder: Path) -> None:
    """A FIFO, a /dev/zero link, a 100 MB file, a non-UTF-8 name, a link out and a planted store holding a
    trigger: the page shows every good reaction, names each bad item, refuses the store in one line (and the
    relabel that would write to it), and never shows a traceback."""
    from reactions.store import Store

    Store.beside(hostile_folder).set_override("nosuch", "negative")
    planted = sqlite3.connect(hostile_folder / ".reactions.db")
    planted.execute("CREATE TRIGGER swap AFTER INSERT ON overrides BEGIN DELETE FROM overrides; END")
    planted.commit()
    planted.close()
    server = serve(hostile_folder)
    url = next(server)
    try:
        with chromium_page(url) as page:
            settle(page)
            assert metric(page, "Reactions") == "3"
            assert page.get_by_text("trigger 'swap'").count() >= 1  # the store refused, in one line
            page.get_by_text("Files read").click()  # its table is made and sent once it is opened
            files = page.locator(".st-key-files_read [data-testid=stDataFrame]").last
            files.wait_for(timeout=WAIT)
            settle(page)
            cells = " ".join(files.locator("td").all_text_contents())
            for name, why in [
                ("p.txt", "FIFO"),
                ("zero.txt", "/dev/zero"),
                ("big.txt", "20 MB limit"),
                ("caf\\xe9.txt", "parsed"),
                ("outside.txt", "outside the corpus folder"),
            ]:
                assert name in cells, (name, cells)
                assert why in cells, why
            page.screenshot(path=str(ARTIFACTS / "dashboard-hostile.png"), full_page=True)

            select_first_row(page, ".st-key-relabel")
            save = page.locator(".st-key-relabel").get_by_role("button", name="Save label")
            for label in ("negative", "positive"):  # one of them differs from the post's label
                page.locator(".st-key-relabel").get_by_role("radio", name=label, exact=True).click()
                settle(page)
                if save.is_enabled():
                    break
            save.click()
            page.wait_for_selector("text=The label could not be saved", timeout=WAIT)
            body = page.locator("body").inner_text()
            for sign in ("Traceback", 'File "', "sqlite3."):
                assert sign not in body, sign
            assert page.locator("[data-testid=stException]").count() == 0
    finally:
        server.close()


def section(page: Any, title: str) -> None:
    """Choose a section of the page (its button on the 'More of this view' picker) and wait for the rerun."""
    page.locator(".st-key-page_section button", has_text=title).click()
    page.wait_for_timeout(300)
    settle(page)


def test_a_click_on_a_network_node_in_chromium(page_url: str) -> None:
    """The network is drawn when its section is chosen; its circles are named; a click on one filters the page as
    a hashtag bar does, the network keeps every node in sight (it is not filtered by its own selection), and the
    selection stays while the section is hidden and shown again."""
    node = '[class*="st-key-chart_tag_node_"] svg path[aria-roledescription="circle"]'
    with chromium_page(page_url) as page:
        assert page.locator(node).count() == 0  # a new session draws no section
        section(page, "Networks")
        assert "section=network" in page.url
        page.wait_for_selector(node, timeout=WAIT)
        settle(page)
        names = page.locator(node).evaluate_all("marks => marks.map(m => m.getAttribute('aria-label'))")
        assert [n.split(":")[0] for n in names] == ["JusticeForJohnnyDepp", "MeToo", "TimesUp"]
        page.locator('[class*="st-key-chart_tag_node_"]').scroll_into_view_if_needed()
        click_until(page, f'{node}[aria-label^="TimesUp:"]', f"{ROWCOUNT} > 1 && {ROWCOUNT} < 13")
        assert page.get_by_text("Selected in the charts: hashtag=TimesUp").count() == 1
        assert metric(page, "Reactions") == "1"
        assert page.locator(node).count() == 3
        assert page.locator("[data-testid=stException]").count() == 0
        page.screenshot(path=str(ARTIFACTS / "dashboard-network.png"), full_page=True)
        section(page, "Spikes")  # the network hidden: its selection still filters
        page.wait_for_timeout(500)
        section(page, "Summaries")  # a second run without the network
        assert page.locator(node).count() == 0
        assert page.get_by_text("Selected in the charts: hashtag=TimesUp").count() == 1
        assert metric(page, "Reactions") == "1"
        assert "sel_tag=TimesUp" in page.url
        section(page, "Networks")
        page.wait_for_selector(node, timeout=WAIT)
        settle(page)
        assert metric(page, "Reactions") == "1"
        assert page.locator("[data-testid=stException]").count() == 0


def test_only_the_open_summary_tab_is_drawn_in_chromium(page_url: str) -> None:
    """The summary tabs send only the open one: the page opens with the compound scores drawn and nothing in the
    other tabs; a click on Top authors draws its chart (and drops the first one's) and names the tab in the URL,
    and that URL opened anew shows the same tab."""
    panel, languages = f".st-key-summary_tab {CHART}", ".st-key-summary_tab [data-testid=stDataFrame]"
    with chromium_page(f"{page_url}/?section=summary") as page:
        settle(page)
        assert page.locator(panel).count() == 1
        assert page.locator(panel).get_attribute("aria-label").startswith("Distribution of compound scores")
        assert page.locator(languages).count() == 0
        page.locator(".st-key-summary_tab").get_by_role("tab", name="Top authors").click()
        drawn = f"document.querySelector('{panel}')?.getAttribute('aria-label')?.startsWith('Top authors')"
        page.wait_for_function(drawn, timeout=WAIT)
        settle(page)
        assert page.locator(panel).count() == 1  # the compound scores' chart is gone, not hidden
        assert "tab=authors" in page.url
        linked = page.url
        page.goto(linked.replace("tab=authors", "tab=languages"))
        page.wait_for_selector(languages, timeout=WAIT)
        settle(page)
        assert page.locator(panel).count() == 0
        assert page.locator(".st-key-summary_tab").get_by_role("tab", selected=True).inner_text() == "Languages"
        page.goto(linked)
        page.wait_for_selector(f"{panel}[aria-label^='Top authors']", timeout=WAIT)
        assert page.locator("[data-testid=stException]").count() == 0


def test_a_week_clicked_on_a_multi_year_corpus_filters_the_table(tmp_path: Path) -> None:
    """Three generated years cut in weeks (over 150 buckets, each a few pixels wide): a click on a week's hit
    area selects it, and the headline and table hold that week's reactions only."""
    from benchmark_loader import load_benchmark

    load_benchmark("generate_corpus").generate(tmp_path / "years", 300, seed=7, years=3, bursts=2)
    server = serve(tmp_path / "years")
    url = next(server)
    try:
        with chromium_page(f"{url}/?bucket=week") as page:
            page.wait_for_function(f"document.querySelectorAll('{TIME_CHART} {HIT}').length > 150", timeout=WAIT)
            settle(page)
            everything = int(metric(page, "Reactions").replace(",", ""))
            hits = page.locator(f"{TIME_CHART} {HIT}")
            labels = hits.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
            label = next(t for t in labels[40:] if "Reactions: 0;" not in t)  # a week with reactions
            when = label.split("When: ", 1)[1].split(";", 1)[0]
            count = int(label.split("Reactions: ", 1)[1].split(";", 1)[0])
            week = f'{TIME_CHART} {HIT}[aria-label*="When: {when};"]'
            assert page.locator(week).bounding_box()["width"] < 8  # thin: the bucket's whole height is its hit area
            click_until(page, week, f"{ROWCOUNT} == {min(count, 100) + 1}")
            assert int(metric(page, "Reactions").replace(",", "")) == count < everything
            monday = pd.Timestamp(when.removeprefix("week of ")).strftime("%Y-%m-%d")
            assert page.get_by_text(f"Selected in the charts: week={monday}").count() == 1
            assert page.locator("[data-testid=stException]").count() == 0
            page.screenshot(path=str(ARTIFACTS / "dashboard-week.png"), full_page=True)
    finally:
        server.close()


ENDINGS = {
    "failure": "assert page_url == 'never'",
    "interrupt": "raise KeyboardInterrupt",  # Ctrl-C
    "terminate": "os.kill(os.getpid(), signal.SIGTERM)",  # as a stopped pytest-xdist worker: no finally runs
    "kill": "os.kill(os.getpid(), signal.SIGKILL)",  # no finally runs either: the server learns of it from the kernel
}


ENDED = {"failure": 1, "interrupt": 2, "terminate": -signal.SIGTERM, "kill": -signal.SIGKILL}
"""The child pytest's exit status after each ending."""


@pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="needs /proc")
@pytest.mark.parametrize("ending", list(ENDINGS))
def test_a_browser_test_that_ends_early_leaves_no_server(tmp_path: Path, ending: str) -> None:
    """A browser test that fails, is interrupted or is killed with its server up: no process of it is left (an
    interrupted browser test left its Streamlit server running)."""
    import uuid

    from processes import MARK, kill_marked, processes_marked

    test = tmp_path / "test_ends.py"
    test.write_text(
        f"import os, signal, sys\nsys.path.insert(0, {str(ROOT / 'tests')!r})\n"
        "from test_browser import page_url\n\n\n"
        "from processes import MARK, processes_marked\n\n\n"
        "def test_ends(page_url):\n    assert page_url.startswith('http://127.0.0.1:')\n"
        f"    with open({str(tmp_path / 'seen')!r}, 'w') as seen:\n"
        "        seen.write('\\n'.join(processes_marked(os.environ[MARK])))\n"
        f"    {ENDINGS[ending]}\n",
        encoding="utf-8",
    )
    mark = uuid.uuid4().hex
    env = {**os.environ, MARK: mark, "REACTIONS_CACHE_DIR": str(tmp_path / "cache")}
    command = [sys.executable, "-m", "pytest", str(test), "-q", "-p", "no:cacheprovider", "-p", "no:xdist",
               "--rootdir", str(tmp_path), "--basetemp", str(tmp_path / "base")]  # fmt: skip
    try:
        done = subprocess.run(command, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600, check=False)
        assert done.returncode == ENDED[ending], done.stdout
        assert "streamlit run" in (tmp_path / "seen").read_text(encoding="utf-8")  # the server was up, and marked
        deadline = time.monotonic() + 120  # the server's own shutdown, however long a loaded machine makes it
        while processes_marked(mark) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert processes_marked(mark) == []
    finally:
        kill_marked(mark)
