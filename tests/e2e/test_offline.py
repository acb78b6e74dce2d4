"""Offline play and updates through the service worker of the built site (web/sw.js -> _site/sw.js).

* After one visit the browser goes offline (and the server is shut down, so nothing can come
  from the network anyway): the game reloads and plays a hand, and every other page (rules,
  score keeper, each embed) loads and becomes ready from the cache.
* A second build with another version replaces the cache on the next visit, with the quiet
  "updated" notice (also on a page taken over before its scripts ran), and the page after that runs
  the new build.

Each test serves its own build on its own server (under /gongzhu/, as GitHub Pages does).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from build_site import build
from playwright.sync_api import Page
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from serve import Server, start_server

from tests.e2e.harness import PageGuard, pyodide_starts, wait_for_snapshot, wait_ready, wait_search_ready
from tests.e2e.test_site import PREFIX, SEED_FAST_SETTINGS, SLOW_PAGES, play_a_hand, seed_settings, wait_frames_ready

SW_TIMEOUT_MS = 120_000
# Query strings for pages that want parameters (the embeds show a message without them).
PAGE_QUERIES = {
    "web/embed/calculator.html": "?cards=QS,KH,QH,8H&exposed=AH",
    "web/embed/replay.html": "?seed=7",
    "web/embed/puzzle.html": "?seed=7",
    "web/embed/lesson.html": "?lesson=2",
}


@pytest.fixture
def site_server(tmp_path: Path) -> Iterator[tuple[Path, Server, str]]:
    """A fresh build served on its own server: (folder, server, base URL)."""
    out = tmp_path / "_site"
    build(out, version="offline-1")
    server, url = start_server(port=0, directory=out, prefix=PREFIX)
    yield out, server, url
    server.shutdown()
    server.server_close()


def site_caches(names: list[str]) -> list[str]:
    """The service worker's caches ("gongzhu-<build>") among `names`: the site also keeps the Pyodide
    snapshot (web/pyodide-start.mjs) in a cache of its own, which is not the service worker's business."""
    return [name for name in names if name.startswith("gongzhu-")]


def sw_state(page: Page) -> dict[str, object]:
    """The controlling service worker's version and the site's caches (name -> number of entries)."""
    state = page.evaluate(
        """async () => {
            const caches_ = {};
            for (const name of await caches.keys()) caches_[name] = (await (await caches.open(name)).keys()).length;
            const worker = navigator.serviceWorker.controller;
            const version = worker && await new Promise((resolve) => {
                const channel = (e) => {
                    if (!e.data || !("version" in e.data)) return;  // e.g. sw.js's {updated}
                    navigator.serviceWorker.removeEventListener("message", channel);
                    resolve(e.data.version);
                };
                navigator.serviceWorker.addEventListener("message", channel);
                worker.postMessage("version");
            });
            return {version, caches: caches_};
        }"""
    )
    state["caches"] = {name: state["caches"][name] for name in site_caches(list(state["caches"]))}
    return state


def registration_state(page: Page) -> dict[str, object]:
    """What the registration holds (each worker's state and build) and the site's caches: said when
    an update does not come, so that a failure tells an install that failed from one never tried."""
    return page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            const describe = async (worker) => worker && {
                state: worker.state,
                version: await new Promise((resolve) => {
                    const channel = new MessageChannel();
                    channel.port1.onmessage = (e) => resolve(e.data.version);
                    worker.postMessage("version", [channel.port2]);
                    setTimeout(() => resolve(null), 3000);
                }),
            };
            return {
                installing: reg && await describe(reg.installing),
                waiting: reg && await describe(reg.waiting),
                active: reg && await describe(reg.active),
                controlled: Boolean(navigator.serviceWorker.controller),
                caches: await caches.keys(),
            };
        }"""
    )


def wait_until_offline_ready(page: Page, version: str) -> dict[str, object]:
    """Wait until the service worker of `version` controls the page with its cache complete."""
    page.wait_for_function("navigator.serviceWorker.controller !== null", timeout=SW_TIMEOUT_MS)
    # Polled from here: wait_for_function would take the async function's Promise for "true".
    deadline = time.monotonic() + SW_TIMEOUT_MS / 1000
    while site_caches(page.evaluate("async () => await caches.keys()")) != [f"gongzhu-{version}"]:
        assert time.monotonic() < deadline, "the service worker's cache did not settle"
        page.wait_for_timeout(250)
    state = sw_state(page)
    assert state["version"] == version, state
    return state


def poll_until(page: Page, done: Callable[[], bool], message: Callable[[], str], timeout_s: float = 60) -> None:
    """Wait until `done()`, which reads what Playwright's events collected (they arrive while it waits)."""
    deadline = time.monotonic() + timeout_s
    while not done():
        assert time.monotonic() < deadline, message()
        page.wait_for_timeout(100)


def precache_count(out: Path) -> int:
    sw = (out / "sw.js").read_text(encoding="utf-8")
    return len(json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S)[1]))  # type: ignore[index]


@pytest.mark.timeout(600)  # two boots of the game, a hand, then every other page (slow on a busy machine)
def test_after_one_visit_the_site_works_offline(page: Page, page_guard: PageGuard, site_server) -> None:  # type: ignore[no-untyped-def]
    out, server, url = site_server
    # Every level at the table: the hand below is played by both engine workers.
    page.add_init_script(seed_settings(levels=["beginner", "easy", "hard", "expert"]))
    page.goto(url)
    wait_ready(page)
    state = wait_until_offline_ready(page, "offline-1")
    assert state["caches"] == {"gongzhu-offline-1": precache_count(out)}
    wait_for_snapshot(page)  # of the started Pyodide (web/pyodide-start.mjs)

    # No network at all from here on: the browser is offline and the server is gone.
    server.shutdown()
    server.server_close()
    page.context.set_offline(True)

    page.reload()
    wait_ready(page)
    wait_search_ready(page)
    assert pyodide_starts(page_guard.console) == ["plain", "restored"]
    play_a_hand(page)

    # Leaving a page aborts what it was still loading (e.g. an embed's engine in the background);
    # a file missing offline would fail differently (ERR_FAILED / ERR_INTERNET_DISCONNECTED).
    page_guard.allow(r"net::ERR_ABORTED")
    others = sorted(
        rel for p in out.rglob("*.html") if (rel := p.relative_to(out).as_posix()) not in {"index.html", *SLOW_PAGES}
    )
    assert others, "no page besides index.html"
    for rel in others:
        page.goto(url + rel + PAGE_QUERIES.get(rel, ""))
        wait_frames_ready(page)
        page_guard.check()
        assert page.title(), rel


def test_a_new_build_replaces_the_cache_on_the_next_visit(page: Page, site_server) -> None:  # type: ignore[no-untyped-def]
    out, _server, url = site_server
    # A Chinese-speaking visitor: the notice speaks the page's language.
    page.add_init_script(seed_settings(lang="zh"))
    page.goto(url)
    wait_ready(page)
    wait_until_offline_ready(page, "offline-1")
    assert page.locator("#sw-updated").count() == 0

    # Deploy a new build in place (same URL), then come back.
    build(out, version="offline-2")
    page.reload()
    wait_ready(page)
    notice = page.locator("#sw-updated")
    try:
        notice.wait_for(state="visible", timeout=SW_TIMEOUT_MS)
    except PlaywrightTimeoutError:
        raise AssertionError(f"no notice; the service workers: {registration_state(page)}") from None
    state = wait_until_offline_ready(page, "offline-2")
    assert state["caches"] == {"gongzhu-offline-2": precache_count(out)}, "the old cache must be gone"
    assert notice.get_attribute("role") == "status"
    assert page.get_attribute("html", "lang", timeout=1000).startswith("zh")  # type: ignore[union-attr]
    assert "拱猪已更新" in (notice.text_content() or "")
    # Quiet: a small fixed box that does not push the page around.
    box = notice.bounding_box()
    assert box and box["height"] < 80
    assert page.evaluate("getComputedStyle(document.getElementById('sw-updated')).position") == "fixed"

    # The notice's Reload button brings the new build.
    notice.get_by_role("button", name="重新加载").click()
    wait_ready(page)
    assert sw_state(page)["version"] == "offline-2"
    assert page.locator("#sw-updated").count() == 0


def test_a_page_still_loading_when_the_update_takes_over_is_told_too(page: Page, site_server) -> None:  # type: ignore[no-untyped-def]
    """The new build may take over a page before that page's scripts have run (on a busy phone, or
    when the download of the update is quick): the page must still be told it runs an older build."""
    out, _server, url = site_server
    page.goto(url)
    wait_ready(page)
    wait_until_offline_ready(page, "offline-1")
    build(out, version="offline-2")

    # The browser's word of the service workers: the one running now is the old build's.
    versions: list[dict[str, str]] = []
    workers = page.context.new_cdp_session(page)
    workers.on("ServiceWorker.workerVersionUpdated", lambda event: versions.extend(event["versions"]))
    workers.send("ServiceWorker.enable")
    poll_until(page, lambda: bool(versions), lambda: "no word of the service workers")
    old = {v["versionId"] for v in versions}

    # A second tab opens the site and is held before its first script (its page is served by the
    # old build) ...
    late = page.context.new_page()
    late.add_init_script("void 0")  # a first script to stop at, before the page's own
    debugger = page.context.new_cdp_session(late)
    paused: list[object] = []
    debugger.on("Debugger.paused", lambda event: paused.append(event))
    debugger.send("Debugger.enable")
    debugger.send("DOMDebugger.setInstrumentationBreakpoint", {"eventName": "scriptFirstStatement"})
    late.goto(url, wait_until="commit")
    poll_until(page, lambda: bool(paused), lambda: "the second tab never ran a script")

    # ... while the browser installs the new build (the second tab's visit may have started that
    # already), which takes over both tabs.
    workers.send("ServiceWorker.updateRegistration", {"scopeURL": url})
    poll_until(
        page,
        lambda: any(
            v["status"] == "activated" and v["versionId"] not in old and len(v.get("controlledClients", [])) == 2
            for v in versions
        ),
        lambda: f"the new build did not take over both tabs: {versions}",
    )
    page.wait_for_timeout(500)  # the browser's word of it on its way to the held tab, before its scripts run

    debugger.send("DOMDebugger.removeInstrumentationBreakpoint", {"eventName": "scriptFirstStatement"})
    debugger.send("Debugger.resume")
    wait_ready(late)
    late.locator("#sw-updated").wait_for(state="visible", timeout=30_000)
    assert "Gong Zhu has been updated." in (late.locator("#sw-updated").text_content() or "")
    assert sw_state(late)["version"] == "offline-2"


def test_a_deploy_that_fails_to_download_never_replaces_the_working_cache(
    page: Page, page_guard: PageGuard, site_server
) -> None:  # type: ignore[no-untyped-def]
    out, server, url = site_server
    page.add_init_script(SEED_FAST_SETTINGS)
    page.goto(url)
    wait_ready(page)
    wait_until_offline_ready(page, "offline-1")
    count = precache_count(out)

    # A new deploy of which one file cannot be downloaded (here: gone from the server).
    build(out, version="offline-broken")
    (out / "web" / "cards" / "AS.svg").unlink()
    page_guard.allow(r"AS\.svg")  # that failed download (HTTP 404) is the point of this test
    # The browser looks for a new sw.js on navigations; ask it now instead of reloading.
    attempt = page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            await reg.update().catch(() => {});
            const worker = reg.installing;
            if (worker && worker.state !== "redundant") {
                await new Promise((resolve) => worker.addEventListener("statechange", () => {
                    if (["redundant", "activated"].includes(worker.state)) resolve();
                }));
            }
            return {state: worker && worker.state, caches: await caches.keys()};
        }"""
    )
    attempt["caches"] = site_caches(attempt["caches"])
    assert attempt == {"state": "redundant", "caches": ["gongzhu-offline-1"]}, attempt
    state = sw_state(page)
    assert state == {"version": "offline-1", "caches": {"gongzhu-offline-1": count}}, state
    assert page.locator("#sw-updated").count() == 0

    # The previous build still serves the whole game, offline. (The browser may still be retrying
    # the broken deploy's install in the background: those downloads fail, refused, or cut off
    # when the server shuts down under them, whichever way Chromium names the cut.)
    page_guard.allow(
        r"ERR_CONNECTION_(REFUSED|RESET|CLOSED|ABORTED)|ERR_SOCKET_NOT_CONNECTED|ERR_EMPTY_RESPONSE"
        r"|ERR_INTERNET_DISCONNECTED"
    )
    server.shutdown()
    server.server_close()
    page.context.set_offline(True)
    page.reload()
    wait_ready(page)
    assert page.locator("button[data-card]").count() > 0
