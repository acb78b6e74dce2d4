"""Helpers for the browser tests (the fixtures are in tests/e2e/conftest.py): readiness, axe, the guard."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import BrowserContext, ConsoleMessage, Frame, Page, Request, Response

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
# Booting Pyodide takes ~3-8 s on a busy 2-core machine; leave ample room.
READY_TIMEOUT_MS = 120_000
VIEWPORT = {"width": 1280, "height": 800}


def wait_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the page marks itself ready (`<html class="ready">`) or failed (then fail)."""
    page.wait_for_selector("html.ready, html.failed", state="attached", timeout=timeout_ms)
    if "failed" in (page.get_attribute("html", "class") or "").split():
        pytest.fail(f"the page failed to start: {page.text_content('#loading-text')}")


def wait_search_ready(page: Page, timeout_ms: int = READY_TIMEOUT_MS) -> None:
    """Wait until the game's full (Pyodide) worker is up (`<html class="search-ready">`): the game is
    playable before it, on the MicroPython worker. Fails if it failed to load."""
    page.wait_for_selector("html.search-ready, html.search-failed", state="attached", timeout=timeout_ms)
    if "search-failed" in (page.get_attribute("html", "class") or "").split():
        pytest.fail(f"the Pyodide worker failed to load: {page.text_content('#notice-text')}")


# web/pyodide-start.mjs keeps the snapshot of a started Pyodide in this cache, one entry.
SNAPSHOT_CACHE = "pyodide-snapshot"
SNAPSHOT_TIMEOUT_S = 120


def snapshot_entries(page: Page) -> list[dict[str, Any]]:
    """The saved Pyodide snapshots: [{url, bytes (its body), header (the size it was saved with)}]."""
    return list(
        page.evaluate(
            """async (name) => {
                if (!(await caches.has(name))) return [];
                const cache = await caches.open(name);
                const out = [];
                for (const request of await cache.keys()) {
                    const response = await cache.match(request);
                    const bytes = (await response.arrayBuffer()).byteLength;
                    out.push({url: request.url, bytes, header: Number(response.headers.get("x-snapshot-bytes"))});
                }
                return out;
            }""",
            SNAPSHOT_CACHE,
        )
    )


def wait_for_snapshot(page: Page) -> dict[str, Any]:
    """Wait until the background worker of web/pyodide-start.mjs has saved the snapshot; return its entry."""
    deadline = time.monotonic() + SNAPSHOT_TIMEOUT_S
    while not (entries := snapshot_entries(page)):
        assert time.monotonic() < deadline, "no Pyodide snapshot was saved"
        page.wait_for_timeout(250)
    assert len(entries) == 1, entries
    return entries[0]


def pyodide_starts(console: list[str]) -> list[str]:
    """How each engine worker's Pyodide started, in order, from the worker's console line."""
    return re.findall(r"gongzhu worker: Pyodide started \(([\w-]+)\)", "\n".join(console))


def luminance(page: Page | Frame, selector: str) -> float:
    """The relative luminance (0 black .. 1 white) of the computed background of `selector`."""
    return float(page.evaluate("""(sel) => {
      const rgb = getComputedStyle(document.querySelector(sel)).backgroundColor.match(/[\\d.]+/g).map(Number);
      const lin = (c) => { c /= 255; return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
      return 0.2126 * lin(rgb[0]) + 0.7152 * lin(rgb[1]) + 0.0722 * lin(rgb[2]);
    }""", selector))


def run_axe(page: Page, options: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Run axe-core (vendored from npm, injected inline: no network) and return its violations."""
    axe = ROOT / "node_modules" / "axe-core" / "axe.min.js"
    if not axe.is_file():
        pytest.fail("node_modules/axe-core is missing: run `make tools` (make test does)")
    page.add_script_tag(content=axe.read_text(encoding="utf-8"))
    result = page.evaluate("options => axe.run(document, options || {})", options)
    return list(result["violations"])


class PageGuard:
    """Collects what must fail a page test: off-origin requests, failed requests, errors."""

    def __init__(self, origin: str | None = None) -> None:
        # The page's own origin: given, or taken from the first top-level navigation.
        self.origin = origin
        self.problems: list[str] = []
        self.console: list[str] = []
        self.requests: list[str] = []
        self._allowed: list[re.Pattern[str]] = []
        self._started = time.monotonic()

    def new_tab(self, context: BrowserContext) -> Page:
        """A new tab of `context`, watched by this guard with the whole context's requests."""
        context.on("request", self.on_request)
        context.on("requestfailed", self.on_request_failed)
        context.on("response", self.on_response)
        tab = context.new_page()
        tab.on("console", self.on_console)
        tab.on("pageerror", self.on_page_error)
        return tab

    def allow(self, pattern: str) -> None:
        """Accept console errors / failed request URLs matching `pattern` (a regex) in this test."""
        self._allowed.append(re.compile(pattern))

    def _add(self, problem: str) -> None:
        if not any(p.search(problem) for p in self._allowed):
            self.problems.append(problem)

    def _same_origin(self, url: str) -> bool:
        parts = urlsplit(url)
        if parts.scheme in ("blob", "data", "about"):
            return True
        return f"{parts.scheme}://{parts.netloc}" == self.origin

    def on_request(self, request: Request) -> None:
        self.requests.append(request.url)
        if self.origin is None and request.is_navigation_request():
            parts = urlsplit(request.url)
            self.origin = f"{parts.scheme}://{parts.netloc}"
        if not self._same_origin(request.url):
            self._add(f"request to another origin: {request.method} {request.url}")

    def on_request_failed(self, request: Request) -> None:
        # Off-origin requests are already reported. net::ERR_ABORTED is the browser cancelling a
        # load it no longer needs (an <img> replaced by a re-render, a navigation); a missing file
        # still fails the test through its HTTP status (on_response).
        if self._same_origin(request.url) and request.failure != "net::ERR_ABORTED":
            self._add(f"request failed: {request.url} ({request.failure})")

    def on_response(self, response: Response) -> None:
        if response.status >= 400:
            self._add(f"HTTP {response.status}: {response.url}")

    def on_console(self, message: ConsoleMessage) -> None:
        stamp = time.monotonic() - self._started
        self.console.append(f"[{stamp:6.2f}s] {message.type}: {message.text}")
        if message.type in ("error", "assert"):
            self._add(f"console error: {message.text}")

    def on_page_error(self, error: Exception) -> None:
        self._add(f"uncaught page error: {error}")

    def check(self) -> None:
        """Fail the test now if anything went wrong so far."""
        if self.problems:
            pytest.fail("The page misbehaved:\n  " + "\n  ".join(self.problems), pytrace=False)
