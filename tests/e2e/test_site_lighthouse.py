"""Lighthouse (the pinned npm package, with the test suite's Chromium) on the built site.

Accessibility and Best Practices must each score at least 95 on the game (index.html), the rules
page and the embed page. One Lighthouse run per page, only those two categories, no simulated
throttling (it changes neither score), so the three runs take about a minute. The full
benchmark with all four categories and the timings is `web/tools/lighthouse_site.py`.

All three pages are part of the site by now; a page missing from the build fails the test.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

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


@pytest.mark.parametrize("page", PAGES)
def test_accessibility_and_best_practices_at_least_95(
    built_site: tuple[str, Path], page: str, chromium_choice: Browser, playwright: Playwright
) -> None:
    url, directory = built_site
    assert (directory / page).is_file(), f"{page} is not part of the built site"
    chrome = chromium_choice.executable_path or playwright.chromium.executable_path
    report = run_lighthouse(url + page, CATEGORIES, fast=True, chrome_path=chrome)
    got = scores(report)
    low = {c: got[c] for c in CATEGORIES if got[c] < MINIMUM}
    details = [f"{c}: {line}" for c in low for line in failed_audits(report, c)]
    assert not low, f"{page}: {low} (minimum {MINIMUM})\n  " + "\n  ".join(details)
