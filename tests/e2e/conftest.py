"""Browser test harness: the real page, served by the real dev server, in a real Chromium.

Fixtures (use them by naming them as test arguments):

* `site_url` (session) -- base URL (ends in "/") of the working tree served by web/tools/serve.py,
  the same server as `make play`, on a free port; only the site's files are served.
* `serve` (session) -- factory `serve(directory, prefix="/") -> base URL` for another folder,
  e.g. a built `_site/` under "/gongzhu/" as on GitHub Pages.
* `browser` (session) -- a Playwright Chromium: Playwright's own or the system one (found by
  web/tools/browser.py with the flags containers need). No browser = the test FAILS, never skips.
* `page` (function) -- a fresh context and tab, watched by a `PageGuard`: the test fails when the
  page requests another origin, a request fails or answers >= 400, the console logs an error, or
  an uncaught exception reaches the page (console warnings are fine). On failure a screenshot and
  the console log go to test-artifacts/<test name>.png/.log.
* `page_guard` (function) -- that guard: `page_guard.check()` fails at once mid-test;
  `page_guard.allow(r"regex")` accepts matching console errors/failed URLs for one test.
  "Another origin" means other than the origin of the tab's first navigation.
* `booted_page` (function) -- `page` opened on `site_url` and waited on until `<html class="ready">`
  (MicroPython UI up, the Pyodide engine worker answered).
* `relay` (module) and `tabs` (function) -- for online rooms (tests/e2e/rooms_support.py): a relay
  on loopback, its address; the tabs of several people, each in its own context, checked at the end.

Helpers in tests/e2e/harness.py: `wait_ready(page)`, `run_axe(page)` (axe-core from node_modules,
injected inline; returns the violations), `PageGuard` (`guard.new_tab(context)`: a tab it watches,
for a test that opens its own context).

Example::

    from tests.e2e.harness import wait_ready

    def test_table_has_four_seats(booted_page):
        assert booted_page.locator("[data-seat]").count() == 4

    def test_something_under_a_prefix(serve, tmp_path, page):
        ...
        page.goto(serve(tmp_path / "site", "/gongzhu/"))
        wait_ready(page)

Each `page` boots Pyodide afresh (a few seconds); put several checks of one page state in one
test rather than many tiny tests.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Generator, Iterator
from pathlib import Path

import pytest
from browser import Browser, find_browser
from playwright.sync_api import Browser as PlaywrightBrowser
from playwright.sync_api import BrowserContext, Page, Playwright, sync_playwright
from runtime import is_current
from serve import start_server

from tests.e2e.harness import ARTIFACTS, VIEWPORT, PageGuard, wait_ready
from tests.e2e.rooms_support import Tabs, local_relay

# --- servers -------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def serve() -> Iterator[Callable[..., str]]:
    """Factory: serve a folder (None = the working tree, filtered to the site) under a prefix."""
    servers = []

    def _serve(directory: Path | None = None, prefix: str = "/") -> str:
        server, url = start_server(port=0, directory=directory, prefix=prefix)
        servers.append(server)
        return url

    yield _serve
    for server in servers:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def site_url(serve: Callable[..., str]) -> str:
    """The working tree's site on a free port, as `make play` serves it."""
    if not is_current():
        pytest.fail("web/runtime/ is missing or stale: run `make runtime` (make test does)")
    return serve()


# --- browser -------------------------------------------------------------------------------------


@pytest.fixture(scope="session")
def playwright() -> Iterator[Playwright]:
    with sync_playwright() as p:
        yield p


@pytest.fixture(scope="session")
def chromium_choice(playwright: Playwright) -> Browser:
    """Which Chromium to launch; fails (never skips) when there is none."""
    choice = find_browser(playwright)
    if choice is None:
        pytest.fail(
            "No Chromium for the browser tests. `make test` installs one (web/tools/browser.py --ensure); "
            "or set GONGZHU_CHROMIUM=/path/to/chromium."
        )
    return choice


@pytest.fixture(scope="session")
def browser(playwright: Playwright, chromium_choice: Browser) -> Iterator[PlaywrightBrowser]:
    launched = playwright.chromium.launch(headless=True, **chromium_choice.launch_kwargs())  # type: ignore[arg-type]
    yield launched
    launched.close()


# --- the guarded page ----------------------------------------------------------------------------


def _artifact_name(nodeid: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", nodeid).strip("_")[-150:]


@pytest.fixture
def page_guard() -> PageGuard:
    """The `page`'s guard; the page's origin is that of its first navigation."""
    return PageGuard()


@pytest.fixture
def context(browser: PlaywrightBrowser) -> Iterator[BrowserContext]:
    ctx = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    yield ctx
    ctx.close()


@pytest.fixture
def page(context: BrowserContext, page_guard: PageGuard, request: pytest.FixtureRequest) -> Generator[Page, None, None]:
    """A guarded tab (see the module docstring); fails the test on any problem it saw."""
    tab = page_guard.new_tab(context)
    # Workers' consoles are forwarded to the page in Chromium; errors thrown in them too.
    yield tab
    report = getattr(request.node, "rep_call", None)
    failed = bool(page_guard.problems) or (report is not None and report.failed)
    if failed:
        ARTIFACTS.mkdir(exist_ok=True)
        name = _artifact_name(request.node.nodeid)
        try:
            tab.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
        except Exception as exc:  # the page may be gone; the log still helps
            page_guard.console.append(f"(screenshot failed: {exc})")
        log = ["# problems", *page_guard.problems, "# console", *page_guard.console, "# requests", *page_guard.requests]
        (ARTIFACTS / f"{name}.log").write_text("\n".join(log) + "\n", encoding="utf-8")
    page_guard.check()


@pytest.fixture
def booted_page(page: Page, site_url: str) -> Page:
    """The game page, loaded from `site_url` and ready."""
    page.goto(site_url)
    wait_ready(page)
    return page


# --- online rooms ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def relay() -> Iterator[str]:
    """`make relay`'s tracker on a free loopback port, for the rooms of one test module: its address."""
    with local_relay() as address:
        yield address


@pytest.fixture
def tabs(browser: PlaywrightBrowser, request: pytest.FixtureRequest) -> Iterator[Tabs]:
    """The tabs a room's test opens (`Tabs.open`), closed and checked when it ends."""
    opened = Tabs(browser, request.node.name)
    yield opened
    report = getattr(request.node, "rep_call", None)
    opened.close(failed=report is not None and report.failed)
    opened.check()
