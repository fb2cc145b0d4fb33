"""The page opened on a corpus of compressed bombs and one good article: does the server stay small and healthy?

Builds every bomb of ``adversarial.BOMBS`` inflating to ``--bomb-mb`` megabytes, plus one good article, in a
temporary folder; serves the page on it (``streamlit run dashboard.py`` with ``REACTIONS_CORPUS`` set, as
``tests/test_browser.py`` does, with a cache folder of its own) and opens it in headless Chromium.  While the first
load runs, it asks the server's health endpoint every half second (each answer must come within 2 s) and samples
the resident memory of the server's process tree.  Prints the peak, the health answers missed, the time to the
page's first chart, and whether the good article's reaction is on the page.  Not a test; nothing is asserted.

    .venv/bin/python benchmarks/page_bombs.py [--bomb-mb 1024] [--timeout 600]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE.parent / "tests"))

from adversarial import BOMBS, GOOD_ARTICLE, MB, _tree_rss  # noqa: E402
from test_browser import CHART, CHROMIUM, CHROMIUM_ARGS, serve  # noqa: E402


def healthy(url: str) -> bool:
    try:
        with urllib.request.urlopen(f"{url}/_stcore/health", timeout=2) as answer:  # loopback only
            return bool(answer.status == 200)
    except OSError:
        return False


def streamlit_child() -> int:
    """The process id of this process's child that runs Streamlit (Linux /proc)."""
    import os

    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat", encoding="ascii", errors="replace") as stat:
                parent = int(stat.read().rsplit(")", 1)[1].split()[1])
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read()
        except (OSError, IndexError, ValueError):
            continue
        if parent == os.getpid() and b"streamlit" in command:
            return int(entry)
    raise RuntimeError("the Streamlit server is not running")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bomb-mb", type=int, default=1024)
    parser.add_argument("--timeout", type=float, default=600)
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder, tempfile.TemporaryDirectory() as cache:
        corpus = Path(folder)
        (corpus / "good.txt").write_text(GOOD_ARTICLE, encoding="utf-8")
        for bomb in BOMBS:
            bomb.build(corpus / bomb.file_name, args.bomb_mb * MB)
        server_gen = serve(corpus, {"REACTIONS_CACHE_DIR": cache})
        url = next(server_gen)
        server_pid = streamlit_child()
        peak, asked, missed, done = 0, 0, 0, threading.Event()

        def watch() -> None:
            nonlocal peak, asked, missed
            while not done.wait(0.5):
                peak = max(peak, _tree_rss(server_pid))
                asked += 1
                missed += not healthy(url)

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        started = time.monotonic()
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1440, "height": 2400})
            page.goto(url)
            page.wait_for_selector(f"{CHART} svg", timeout=args.timeout * 1000)
            shown = time.monotonic() - started
            metrics = page.locator("[data-testid=stMetric]").all_inner_texts()
            found = any(" ".join(m.split()) == "Reactions 1" for m in metrics)  # the good article's one post
            browser.close()
        done.set()
        watcher.join()
        server_gen.close()
    print(f"{len(BOMBS)} bombs inflating to {args.bomb_mb:,} MB each, and good.txt")
    print(f"page drawn after {shown:.0f} s; good article on the page: {found}")
    print(f"server process tree peak RSS {peak / MB:,.0f} MB; health answers missed {missed} of {asked}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
