"""The deployable site (`make site` -> _site/), served from a sub-path as on GitHub Pages.

It becomes ready and a whole hand can be played; its pages carry the Content-Security-Policy
and nothing breaks it (a violation is a console error, which fails the test); no request
leaves the origin; and every runtime file the build ships is one a page actually loads.

`play_a_hand` is shared with test_offline.py.
"""

from __future__ import annotations

import json
import time
import tomllib
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from bench_load import bare_page
from build_site import build
from playwright.sync_api import Browser, BrowserContext, Page

from tests.e2e.harness import READY_TIMEOUT_MS, VIEWPORT, PageGuard, wait_ready, wait_search_ready

ROOT = Path(__file__).resolve().parents[2]
PREFIX = "/gongzhu/"
# Settings a test visitor starts with: bots and animations as fast as they go, no sound.
FAST_SETTINGS = {
    "v": 1,
    "lang": "en",
    "levels": ["beginner", "beginner", "beginner", "beginner"],
    "speed": "instant",
    "sound": False,
}


def seed_settings(**overrides: object) -> str:
    """An init script giving a first-time visitor FAST_SETTINGS (with `overrides`)."""
    settings = json.dumps(json.dumps({**FAST_SETTINGS, **overrides}))
    return f"if (!localStorage.getItem('gongzhu.settings')) localStorage.setItem('gongzhu.settings', {settings});"


SEED_FAST_SETTINGS = seed_settings()
HAND_TIMEOUT_S = 240
# Pages the page-by-page walks skip: the bot benchmark runs for minutes (it is still deployed).
SLOW_PAGES = {"bench.html"}


def play_a_hand(page: Page, timeout_s: float = HAND_TIMEOUT_S) -> None:
    """Play the human's seat until the hand summary shows: pass, expose nothing, play legal cards."""
    summary = page.locator('[data-testid="hand-summary"]')
    pass_confirm = page.locator('[data-action="pass-confirm"]')
    expose_confirm = page.locator('[data-action="expose-confirm"]')
    playable = page.locator('button[data-card]:not([aria-disabled="true"])')
    chosen: set[str] = set()
    deadline = time.monotonic() + timeout_s
    while not summary.is_visible():
        assert time.monotonic() < deadline, "the hand did not finish in time"
        if pass_confirm.is_visible():
            if pass_confirm.is_enabled():
                pass_confirm.click()
                chosen.clear()
            else:
                for card in playable.all():
                    code = card.get_attribute("data-card") or ""
                    if code not in chosen:
                        chosen.add(code)
                        card.click()
                        break
        elif expose_confirm.is_visible():
            expose_confirm.click()
        elif playable.count():
            try:
                playable.first.click(timeout=2000)
            except Exception:  # the card left the hand (or got disabled) between count and click
                pass
        page.wait_for_timeout(50)


def wait_frames_ready(page: Page) -> None:
    """After `load`: wait until every PyScript document of the page (frames too) is ready."""
    page.wait_for_load_state("load")
    # Frames still loading (or lazy, off-screen, never loading) are not waited for: only the
    # PyScript documents that are there.
    for frame in page.frames:
        if frame.locator('script[type="py"], script[type="mpy"]').count():
            frame.wait_for_selector("html.ready, html.failed", state="attached", timeout=READY_TIMEOUT_MS)
            assert "failed" not in (frame.get_attribute("html", "class") or ""), frame.url


def watched_tab(browser: Browser, guard: PageGuard) -> tuple[BrowserContext, Page]:
    """A tab in a new context without service workers, watched by `guard` (as the `page` fixture's)."""
    context = browser.new_context(viewport=VIEWPORT, service_workers="block")  # type: ignore[arg-type]
    return context, guard.new_tab(context)


def test_site_holds_only_runtime_files_the_game_loads(
    browser: Browser, serve: Callable[..., str], tmp_path: Path
) -> None:
    """Built _site/ under /gongzhu/ (no service worker): the game loads every runtime file shipped.

    (The other pages load a subset of the same files; test_offline.py opens each of them.)
    """
    out = tmp_path / "_site"
    files = build(out)
    url = serve(out, PREFIX)
    guard = PageGuard()
    guard.allow(r"offline mode unavailable")  # sw-register.js's warning when registration is blocked
    context, page = watched_tab(browser, guard)
    try:
        page.add_init_script(SEED_FAST_SETTINGS)
        page.goto(url)
        wait_ready(page)
        wait_search_ready(page)  # the Pyodide worker, loaded once the game is playable
        # The online room's modules (Trystero, the QR code), which "Play with friends" loads; imported
        # here without joining, so that no relay is contacted.
        page.evaluate("() => import('./web/room.mjs')")
        # The published page runs under its Content-Security-Policy (added by the build).
        assert page.locator('meta[http-equiv="Content-Security-Policy"]').count() == 1
        guard.check()
    finally:
        context.close()

    fetched = {urlsplit(u).path.removeprefix(PREFIX) for u in guard.requests if urlsplit(u).path.startswith(PREFIX)}
    # The vendored runtime, and of the precompiled page modules (web/runtime/mpy/) the game's own:
    # the score keeper's and the embeds' are loaded by those pages.
    config = tomllib.loads((ROOT / "web" / "mpy.toml").read_text(encoding="utf-8"))
    game_mpy = {"web/" + url[2:] for url in config["files"]}
    quick = tomllib.loads((ROOT / "web" / "quick" / "mpy.toml").read_text(encoding="utf-8"))  # the engine worker's
    game_mpy |= {"web/" + url[3:] for url in quick["files"]}
    runtime = {
        f for f in files if f.startswith("web/runtime/") and (not f.startswith("web/runtime/mpy/") or f in game_mpy)
    }
    assert runtime, "no runtime in the build"
    assert game_mpy <= runtime, "the game's precompiled modules are not in the build"
    assert not runtime - fetched, f"shipped but never loaded: {sorted(runtime - fetched)}"

    # The load benchmark's bare PyScript + Pyodide page (web/tools/bench_load.py), which it measures
    # the game against, starts from the same files without asking for one the build leaves out.
    (out / "bare.html").write_text(bare_page(files), encoding="utf-8")
    bare = PageGuard()
    context, page = watched_tab(browser, bare)
    try:
        page.goto(url + "bare.html")
        wait_ready(page)
        bare.check()
    finally:
        context.close()


def test_site_under_a_sub_path_plays_a_hand(
    page: Page, page_guard: PageGuard, serve: Callable[..., str], tmp_path: Path
) -> None:
    out = tmp_path / "_site"
    build(out)
    url = serve(out, PREFIX)
    page.add_init_script(SEED_FAST_SETTINGS)
    page.goto(url + "?seed=7")
    wait_ready(page)
    assert page.locator('link[rel="manifest"]').count() == 1
    play_a_hand(page)
    assert page.locator('[data-testid="hand-summary"] [data-testid="hand-score"]').count() == 4
    # Every request stayed on the origin and under the sub-path.
    assert all(urlsplit(u).path.startswith(PREFIX) for u in page_guard.requests if u.startswith("http")), [
        u for u in page_guard.requests if not urlsplit(u).path.startswith(PREFIX)
    ]
