"""Helpers for the online rooms' browser tests: a relay on loopback, guarded tabs in their own contexts."""

from __future__ import annotations

import subprocess
import time
import weakref
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Page
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.harness import ARTIFACTS, ROOT, VIEWPORT, PageGuard, wait_ready
from tests.e2e.test_game_support import FAST_SETTINGS, STATE_JS, settings_script


@contextmanager
def local_relay(interval_ms: int = 10_000) -> Iterator[str]:
    """The WebTorrent tracker of `make relay` (web/tools/relay.mjs) on a free loopback port, asking
    peers to announce every `interval_ms`; its address."""
    process = subprocess.Popen(
        ["node", str(ROOT / "web" / "tools" / "relay.mjs"), "--host", "127.0.0.1", "--port", "0",
         "--interval", str(interval_ms)],
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


# Each open tab's guard, for a failure's message (`connection_report`).
GUARDS: weakref.WeakKeyDictionary[Page, PageGuard] = weakref.WeakKeyDictionary()


class Tabs:
    """Tabs of a test, each in a browser context of its own (another person's browser), each watched
    by a PageGuard; `check()` fails on any tab's problem and leaves its log in test-artifacts/."""

    def __init__(self, browser: Browser, name: str) -> None:
        self.browser = browser
        self.name = name
        self.opened: list[tuple[Page, PageGuard]] = []

    def open(self, context: BrowserContext | None = None) -> tuple[Page, PageGuard]:
        """A new tab: in a new context (another person), or in `context` (the same browser again)."""
        context = context or self.browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
        guard = PageGuard()
        page = context.new_page()
        page.on("request", guard.on_request)
        page.on("requestfailed", guard.on_request_failed)
        page.on("response", guard.on_response)
        page.on("console", guard.on_console)
        page.on("pageerror", guard.on_page_error)
        self.opened.append((page, guard))
        GUARDS[page] = guard
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
                page.close()
                if not page.context.pages:
                    page.context.close()
            except Exception:
                pass

    def console(self, index: int) -> list[str]:
        """The console lines of the tab opened `index`-th."""
        return list(self.opened[index][1].console)

    def check(self) -> None:
        for _, guard in self.opened:
            guard.check()


# What a screen waits for (test_game_support.STATE_JS), read without waiting.
def state_of(page: Page) -> str:
    return str(page.evaluate(STATE_JS))


def open_host(tabs: Tabs, site_url: str, relay: str, settings: dict[str, Any] | None = None) -> tuple[Page, str]:
    """The host: the game page with the test relay, a room opened; the page and the room's link."""
    page, _ = tabs.open()
    page.add_init_script(settings_script(settings or FAST_SETTINGS))
    page.goto(f"{site_url}?relay={relay}&stun=none")
    wait_ready(page)
    page.click('[data-action="create-room"]')
    link = page.locator('[data-testid="room-link"]').get_attribute("href", timeout=30_000) or ""
    return page, link


def join_guest(tabs: Tabs, link: str, name: str) -> Page:
    """A guest opens the room's link, types a name and takes a seat."""
    page, _ = tabs.open()
    page.context.add_init_script(settings_script(FAST_SETTINGS))
    page.goto(link)
    page.fill("#player-name", name, timeout=120_000)
    page.click('[data-action="take-seat"]')
    return page


# What a room's screen shows of its connection: its lobby's status and seats, its linked peers.
ROOM_JS = """() => ({
  status: document.querySelector('[data-testid="room-status"]')?.textContent ?? null,
  seats: [...document.querySelectorAll('#dlg-room [data-room-player]')].map((el) => el.textContent),
  peers: globalThis.gongzhuWire ? globalThis.gongzhuWire.peers().length : null,
})"""


def connection_report(pages: dict[str, Page]) -> str:
    """For a failure's message: what each screen shows of the room, and its console's room lines."""
    lines = []
    for name, page in pages.items():
        try:
            shown = page.evaluate(ROOM_JS)
        except Exception as exc:  # a closed or stuck page
            shown = f"(not readable: {exc})"
        guard = GUARDS.get(page)
        said = [line for line in (guard.console if guard else []) if "room" in line or "trystero" in line.lower()]
        lines.append(f"{name}: {shown}; console: {said[-6:]}")
    return "\n  ".join(lines)


def wait_seated(host: Page, guests: dict[str, Page], timeout_s: float = 90) -> None:
    """Until the host's lobby lists every guest by name and each guest says it sits at the table."""
    for name, page in guests.items():
        try:
            host.locator("#dlg-room [data-room-player]", has_text=name).wait_for(timeout=timeout_s * 1000)
            page.locator('[data-testid="room-status"]', has_text="Waiting for the host").wait_for(
                timeout=timeout_s * 1000)
        except PlaywrightTimeout:
            raise AssertionError(f"{name} was not seated in {timeout_s:.0f} s:\n  "
                                 + connection_report({"host": host, **guests})) from None


def act(page: Page, state: str, expose: bool = True) -> bool:
    """Do what the screen waits for, as a person would; whether anything was done."""
    if state == "expose":
        if expose:
            for toggle in page.locator("#actions [data-expose]").all():
                toggle.click()
        page.click('#actions [data-action="expose-confirm"]')
        page.wait_for_selector('#actions [data-action="expose-confirm"]', state="detached")
        return True
    if state == "pass":
        for card in page.locator("#hand .card").all()[:3]:
            card.click()
        page.click('#actions [data-action="pass-confirm"]')
        page.wait_for_selector('#actions [data-action="pass-confirm"]', state="detached")
        return True
    if state == "play":
        before = page.locator("#hand .card").count()
        page.locator("#hand .card.legal").first.click()
        page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {before}", polling=50)
        return True
    return False


def play_hand_together(pages: list[Page], timeout_s: float = 300, expose: bool = True,
                       between: Callable[[], None] | None = None,
                       until: Callable[[list[str]], bool] | None = None) -> None:
    """Every screen does its part of one hand, in whatever order the table asks, until each shows
    the hand summary (or `until(states)` holds). `between()` runs after every action."""
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        states = [state_of(page) for page in pages]
        if all(state == "summary" for state in states) or (until is not None and until(states)):
            return
        moved = False
        for page, state in zip(pages, states, strict=True):
            if state and state != "summary":
                moved = act(page, state, expose) or moved
                if between is not None:
                    between()
        if not moved:
            pages[0].wait_for_timeout(100)
    raise AssertionError("the hand did not finish in time: " + repr([state_of(page) for page in pages]))


def start_room(tabs: Tabs, site_url: str, relay: str, names: list[str],
               grace_ms: int | None = None) -> tuple[Page, str, dict[str, Page]]:
    """A room whose guests `names` are seated and whose match has started on every screen (with a
    dropped guest's grace time of `grace_ms`, if given): the host, the link and the guests' pages."""
    host, link = open_host(tabs, site_url, relay)
    guests = {name: join_guest(tabs, link, name) for name in names}
    wait_seated(host, guests)
    if grace_ms is not None:
        host.evaluate(f"() => {{ window.gongzhuRoomGraceMs = {int(grace_ms)}; }}")
    host.click('[data-action="start-room"]')
    for page in guests.values():
        page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    return host, link, guests


def open_pairing_host(tabs: Tabs, site_url: str) -> Page:
    """A host with no relay at all (`?relay=none`), its room open at "Pair by codes"."""
    host, _ = tabs.open()
    host.add_init_script(settings_script(FAST_SETTINGS))
    host.goto(f"{site_url}?relay=none&stun=none")
    wait_ready(host)
    host.click('[data-action="create-room"]')
    host.click("#dlg-room .room-pair summary")
    return host
