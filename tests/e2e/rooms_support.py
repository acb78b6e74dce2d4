"""Helpers for the online rooms' browser tests: a relay on loopback, guarded tabs in their own contexts."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Page

from tests.e2e.harness import ARTIFACTS, ROOT, VIEWPORT, PageGuard


@contextmanager
def local_relay() -> Iterator[str]:
    """The WebTorrent tracker of `make relay` (web/tools/relay.mjs) on a free loopback port; its address."""
    process = subprocess.Popen(
        ["node", str(ROOT / "web" / "tools" / "relay.mjs"), "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE, text=True,
    )
    try:
        assert process.stdout is not None
        address = process.stdout.readline().strip()
        assert address.startswith("ws://127.0.0.1:"), f"the relay did not start: {address!r}"
        yield address
    finally:
        process.terminate()
        process.wait(timeout=10)


class Tabs:
    """Tabs of a test, each in a browser context of its own (another person's browser), each watched
    by a PageGuard; `check()` fails on any tab's problem and leaves its log in test-artifacts/."""

    def __init__(self, browser: Browser, name: str) -> None:
        self.browser = browser
        self.name = name
        self.opened: list[tuple[Page, PageGuard]] = []

    def open(self) -> tuple[Page, PageGuard]:
        context = self.browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        guard = PageGuard()
        page = context.new_page()
        context.on("request", guard.on_request)
        context.on("requestfailed", guard.on_request_failed)
        context.on("response", guard.on_response)
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_page_error)
        self.opened.append((page, guard))
        return page, guard

    def close(self, failed: bool) -> None:
        for i, (page, guard) in enumerate(self.opened):
            if failed or guard.problems:
                ARTIFACTS.mkdir(exist_ok=True)
                stem = f"{self.name}-{i}"
                try:
                    page.screenshot(path=str(ARTIFACTS / f"{stem}.png"), full_page=True)
                except Exception:
                    pass
                log = ["# problems", *guard.problems, "# console", *guard.console]
                (ARTIFACTS / f"{stem}.log").write_text("\n".join(log) + "\n", encoding="utf-8")
            try:
                page.context.close()
            except Exception:
                pass

    def check(self) -> None:
        for _, guard in self.opened:
            guard.check()
