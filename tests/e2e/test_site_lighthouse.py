"""Lighthouse (the pinned npm package, with the test suite's Chromium) on the built site.

Accessibility and Best Practices must each score at least 95 on the game (index.html), the rules
page and the embed page. One Lighthouse run per page, only those two categories, no simulated
throttling (it changes neither score), the three side by side: they take about half a minute. The full
benchmark with all four categories and the timings is `web/tools/lighthouse_site.py`.

All three pages are part of the site by now; a page missing from the build fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from browser import Browser
from lighthouse_site import PAGES, failed_audits, run_lighthouse, scores, serve_site
from playwright.sync_api import Playwright

pytestmark = pytest.mark.slow

CATEGORIES = ["accessibility", "best-practices"]
MINIMUM = 95


@pytest.fixture(scope="module")
def built_site() -> Iterator[tuple[str, Path]]:
    server, url, directory = serve_site(None)
    yield url, directory
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="module")
def reports(
    built_site: tuple[str, Path], chromium_choice: Browser, playwright: Playwright
) -> Iterator[dict[str, Future[dict[str, Any]]]]:
    """Every page's Lighthouse run, started at once (each waits mostly on its own browser)."""
    url, _ = built_site
    chrome = chromium_choice.executable_path or playwright.chromium.executable_path
    with ThreadPoolExecutor(len(PAGES)) as pool:
        yield {page: pool.submit(run_lighthouse, url + page, CATEGORIES, fast=True, chrome_path=chrome)
               for page in PAGES}


@pytest.mark.parametrize("page", PAGES)
def test_accessibility_and_best_practices_at_least_95(
    built_site: tuple[str, Path], reports: dict[str, Future[dict[str, Any]]], page: str
) -> None:
    assert (built_site[1] / page).is_file(), f"{page} is not part of the built site"
    report = reports[page].result()
    got = scores(report)
    low = {c: got[c] for c in CATEGORIES if got[c] < MINIMUM}
    details = [f"{c}: {line}" for c in low for line in failed_audits(report, c)]
    assert not low, f"{page}: {low} (minimum {MINIMUM})\n  " + "\n  ".join(details)
