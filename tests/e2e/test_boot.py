"""The page boots in a real Chromium: loading progress, then the engine's version, then ready.

Also checks the deployable `_site/` under a sub-path (as on https://USER.github.io/REPO/) and
takes the README's screenshot (web/screenshot.png; refresh it with `make screenshot`).
"""

from __future__ import annotations

import json
import os
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from build_site import build
from playwright.sync_api import Page, Route, expect

import gongzhu
from tests.e2e.harness import ARTIFACTS, ROOT, wait_ready
from tests.e2e.test_game_support import hand_codes

# The README's picture. Every run saves test-artifacts/screenshot.png; the tracked copy is
# rewritten only when missing or when asked (`make screenshot`), so a test run never dirties git
# with a new random deal.
SCREENSHOT = ROOT / "web" / "screenshot.png"
UPDATE_SCREENSHOT = os.environ.get("GONGZHU_UPDATE_SCREENSHOT") == "1"

# Records every text the loading indicator shows, from the first parsed HTML on.
RECORD_LOADING_TEXTS = """
window.__loadingTexts = [];
window.__marks = {};
const record = () => {
  const el = document.getElementById("loading-text");
  const texts = window.__loadingTexts;
  if (el && texts[texts.length - 1] !== el.textContent) texts.push(el.textContent);
  const cls = document.documentElement.className;
  for (const mark of ["ui-ready", "ready"]) {
    if (cls.split(" ").includes(mark) && !(mark in window.__marks)) window.__marks[mark] = performance.now();
  }
};
new MutationObserver(record).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def test_page_boots_with_progress_then_engine_version(page: Page, site_url: str) -> None:
    page.add_init_script(RECORD_LOADING_TEXTS)
    page.goto(site_url)
    wait_ready(page)

    # The empty table is there for the game to fill.
    assert page.locator("#table").is_visible()
    assert page.locator("#table [data-seat]").count() == 4

    # Progress: the static text, then MicroPython's ticking "Starting the game engine … s".
    texts = page.evaluate("window.__loadingTexts")
    assert texts[0] == "Loading the page…"
    assert any(t.startswith("Starting the game engine…") and t.endswith(" s") for t in texts), texts

    # The worker answered: the engine's version shows and the indicator is gone.
    assert page.text_content("#engine-version") == f"Engine v{gongzhu.__version__}"
    assert page.locator("#loading").is_hidden()
    classes = (page.get_attribute("html", "class") or "").split()
    assert "ready" in classes and "ui-ready" in classes
    # PyScript's own package came precompiled in the page's bundle (web/pyscript.mjs): its start
    # compiled no source of it.
    assert page.get_attribute("html", "data-pyscript") == "bytecode"

    marks = page.evaluate("window.__marks")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "boot-timings.json").write_text(
        json.dumps({"micropython_ui_ms": round(marks["ui-ready"]), "engine_ready_ms": round(marks["ready"])}) + "\n",
        encoding="utf-8",
    )

    # The README's picture of the page, taken here so it always shows the real thing.
    page.wait_for_timeout(1500)  # let the first animations settle
    shot = ARTIFACTS / "screenshot.png"
    page.screenshot(path=str(shot))
    assert shot.stat().st_size > 1000
    if UPDATE_SCREENSHOT or not SCREENSHOT.is_file():
        shutil.copyfile(shot, SCREENSHOT)


def test_built_site_works_under_a_sub_path(page: Page, serve: Callable[..., str], tmp_path: Path) -> None:
    out = tmp_path / "_site"
    files = build(out)
    assert "index.html" in files and not any(f.startswith(("web/tools/", "node_modules/", "tests/")) for f in files)

    url = serve(out, "/gongzhu/")
    assert url.endswith("/gongzhu/")
    page.goto(url)
    wait_ready(page)
    assert page.text_content("#engine-version") == f"Engine v{gongzhu.__version__}"


# Numbers the batches of DOM changes the page makes (a MutationObserver's calls: the page's code
# returned to the browser in between) and notes, for each region of the table, the batch in which
# it first received elements.
RECORD_DRAW_STEPS = """
window.__draw = {batches: 0, first: {}};
new MutationObserver((records) => {
  const draw = window.__draw;
  draw.batches += 1;
  for (const record of records) {
    if (record.type !== "childList" || !record.addedNodes.length || !(record.target instanceof Element)) continue;
    const hand = record.target.closest("#hand");
    const seat = record.target.closest("[data-seat]");
    const region = hand ? "hand" : seat ? "seat" + seat.dataset.seat : null;
    if (region && !(region in draw.first)) draw.first[region] = draw.batches;
  }
}).observe(document, {subtree: true, childList: true});
"""


@pytest.mark.parametrize("scheduler", [True, False], ids=["scheduler.yield", "no-scheduler"])
def test_the_table_is_drawn_in_steps_that_each_return_to_the_browser(
    page: Page, site_url: str, scheduler: bool
) -> None:
    # Drawing the whole table in one go was the page's longest task after MicroPython's own start
    # (a fifth of a second of blocked input on Lighthouse's phone); web/ui/main.py draws it in parts,
    # yielding with scheduler.yield() where the browser has it and asyncio.sleep(0) where not (Safari).
    if not scheduler:
        page.add_init_script("Object.defineProperty(window, 'scheduler', {value: undefined});")
    page.add_init_script(RECORD_DRAW_STEPS)
    page.goto(site_url)
    page.wait_for_selector("html.ui-ready", state="attached")
    first = page.evaluate("window.__draw.first")
    assert {"seat1", "seat2", "seat3", "hand"} <= set(first), first
    assert first["seat1"] < first["seat2"] < first["seat3"] < first["hand"], first
    # And the parts add up to the whole table: three fans of 13 backs and the human's 13 cards.
    assert page.locator("#hand [data-card]").count() == 13
    for seat in (1, 2, 3):
        assert page.locator(f'[data-seat="{seat}"] .backs .back').count() == 13


def test_a_quick_worker_that_cannot_load_its_modules_says_so(page: Page, site_url: str, page_guard: Any) -> None:
    # The quick worker's modules do not come (a broken deploy, a cache gone wrong): the page says why
    # the engine did not start and offers the restart, instead of loading for ever; the restart, once
    # they come, starts the game on the table dealt.
    page_guard.allow(r"quick\.bundle")  # the 404, and the page's own report of it
    page.route("**/web/runtime/mpy/quick.bundle", lambda route: route.fulfill(status=404, body="gone"))
    page.goto(site_url)
    expect(page.locator("#notice")).to_contain_text("quick.bundle: HTTP 404", timeout=30_000)
    assert page.evaluate("document.documentElement.classList.contains('failed')")
    dealt = sorted(hand_codes(page))
    assert len(dealt) == 13  # the dealt table stays
    page.unroute("**/web/runtime/mpy/quick.bundle")
    page.locator('[data-action="restart-engine"]').click()
    page.wait_for_function("(c => c.contains('ready') && !c.contains('failed'))(document.documentElement.classList)",
                           timeout=60_000)
    expect(page.locator("#notice")).not_to_contain_text("HTTP 404")
    assert sorted(hand_codes(page)) == dealt
    # As after a start without trouble: the engine's version, and the menus that mount once the
    # table waits for the player.
    expect(page.locator("#engine-version")).to_contain_text(gongzhu.__version__)
    expect(page.locator("#stats-open")).to_be_enabled(timeout=30_000)


def test_a_browser_without_decompression_stream_still_plays(page: Page, site_url: str) -> None:
    # The modules' bundles come gzipped, inflated by the browser's DecompressionStream (web/bundle.mjs);
    # Safari before 16.4 has none, and there web/unbundle.py inflates the page's bundle with
    # MicroPython's deflate instead. (The quick worker's scope keeps it: an init script reaches pages only.)
    page.add_init_script("delete window.DecompressionStream")
    page.goto(site_url)
    wait_ready(page)
    assert page.evaluate("typeof DecompressionStream") == "undefined"
    assert len(hand_codes(page)) == 13
    # The bundle (with PyScript's package precompiled) was unpacked only by main.py's first line,
    # so PyScript ran its own start, from source.
    assert page.get_attribute("html", "data-pyscript") == "source"
    expect(page.locator("#engine-version")).to_contain_text(gongzhu.__version__)


def test_the_engine_worker_starts_while_the_tables_files_are_still_coming(page: Page, site_url: str) -> None:
    # web/preload.js starts the quick engine worker (web/engine.mjs) with PyScript, not once the
    # main thread's files are in. The UI's modules are held back here: the worker is set up and
    # fetches its own modules all the same (its bundle asked for from the worker), and the game
    # starts once they come.
    held: list[Route] = []
    asked: list[str] = []
    page.route("**/web/runtime/mpy/game.bundle", lambda route: held.append(route))  # the UI's modules
    page.on("request", lambda r: asked.append(r.url) if r.url.endswith("/web/runtime/mpy/quick.bundle") else None)
    page.goto(site_url)
    for _ in range(300):  # the preloads start once the page is parsed
        if held and asked:
            break
        page.wait_for_timeout(100)
    assert len(held) == 1 and len(asked) == 1
    assert not page.evaluate("document.documentElement.classList.contains('ui-ready')")
    held[0].continue_()
    wait_ready(page)
