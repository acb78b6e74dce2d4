"""Load-time benchmark of the built site in the real browser, against a bare PyScript + Pyodide page.

Builds _site/ into a temporary folder, adds a *bare page* beside it (bare.html: PyScript starting
Pyodide from the same vendored files and running one line of Python, nothing of ours), serves
both under /gongzhu/ on one server that compresses what GitHub Pages compresses (serve.py), sends
its caching header (fresh for 10 minutes) and counts the bytes it sends, and measures for each
network profile, alternating the pages in the same run so both see the same machine load:

* bare, cold:  navigation -> Python ready (the bare page's <html class="ready">);
* game, cold:  navigation -> the table drawn with the human's cards, the first decision playable
               (a card to play or the pass / expose choice offered: the MicroPython engine worker
               answered), and the hard bots ready (the Pyodide worker answered: <html
               class="search-ready">), with the bytes sent until each; then the service worker's
               download of the rest of the site (it starts once Pyodide is in);
* game, warm:  that tab reloaded (service worker and its cache in place, Pyodide restored from the
               snapshot) -> first decision playable, hard bots ready.

Network profiles, as Chromium's network emulation applies them (DevTools protocol,
Network.emulateNetworkConditions, on the page and its workers): `none`; `4g`: 9 Mbit/s down,
60 ms; `slow4g`: 1.6 Mbit/s down, 150 ms. "Cold" = a new browser with a new profile (empty disk
cache, no service worker), as a first visitor. Prints each round, the medians and the ratios
docs/PERFORMANCE.md quotes. A benchmark, not a test: timings on a shared machine are noisy; run it
when the machine is quiet.

    .venv/bin/python web/tools/bench_load.py [--rounds 5] [--profiles none,4g,slow4g] [--json figures.json]
"""

from __future__ import annotations

import argparse
import http.server
import json
import shutil
import statistics
import sys
import tempfile
import threading
import time
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from browser import find_browser  # noqa: E402
from build_site import build, plugins_left_out  # noqa: E402
from serve import Server, SiteHandler  # noqa: E402

PREFIX = "/gongzhu/"
# {config}, {plugins}: filled in by bare_page.
BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bare PyScript + Pyodide</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="web/runtime/pyscript/core.css">
  <script type="module" src="web/runtime/pyscript/core.js"></script>
</head>
<body>
  <py-config>{config}</py-config>
  <mpy-config>{plugins}</mpy-config>
  <script type="py">
from pyscript import document
document.documentElement.classList.add("ready")
  </script>
</body>
</html>
"""
# name -> (download bits per second, latency in seconds); None: no throttling.
PROFILES: dict[str, tuple[float, float] | None] = {"none": None, "4g": (9e6, 0.060), "slow4g": (1.6e6, 0.150)}


def bare_page(files: list[str]) -> str:
    """The bare page: the site's Pyodide, without the PyScript plugins that the site's pages leave
    out (the build does not ship them). PyScript loads the plugins of both interpreters as it
    starts, each unless its config leaves them out, and stops at one it cannot fetch."""
    plugins = {"plugins": [f"!{name}" for name in sorted(plugins_left_out(files))]}
    config = {"interpreter": "./web/runtime/pyodide/pyodide.mjs", **plugins}
    return BARE_HTML.replace("{config}", json.dumps(config)).replace("{plugins}", json.dumps(plugins))


# Records (performance.now(), ms since navigation start) when each milestone is first reached.
# With `clickSettings`, opens the settings dialog as soon as the table is wired.
MILESTONES = """
(clickSettings) => {
  window.__t = {};
  const t = window.__t;
  const mark = (name, ok) => { if (ok && !(name in t)) t[name] = performance.now(); };
  const check = () => {
    const html = document.documentElement;
    const cls = html.classList;
    mark("ui", cls.contains("ui-ready"));
    mark("cards", !!document.querySelector("button[data-card]"));
    mark("ready", cls.contains("ready"));
    mark("search", cls.contains("search-ready"));
    // Playable: the human can act on the deal -- play a card, or choose what to pass or expose.
    const act = 'button[data-card]:not([aria-disabled="true"]), '
      + '[data-action="expose-confirm"], [data-action="pass-confirm"]';
    mark("playable", cls.contains("ready") && !!document.querySelector(act));
    mark("settings", !!document.querySelector("#dlg-settings[open]"));
    if (clickSettings && "ui" in t && !window.__clicked) {
      const button = document.querySelector('[data-action="open-settings"]');
      if (button) { window.__clicked = true; t.clicked = performance.now(); button.click(); }
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
  document.addEventListener("DOMContentLoaded", check);
}
"""
FAST_SETTINGS = json.dumps({"v": 1, "lang": "en", "speed": "instant", "sound": False})


class Counter:
    """Bytes the server sent, with when, since the last `take()`."""

    def __init__(self) -> None:
        self.sent: list[tuple[float, int]] = []  # (time.time() of the write, bytes)
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.sent.append((time.time(), n))

    def take(self) -> int:
        with self.lock:
            n = sum(b for _, b in self.sent)
            self.sent = []
            return n

    def until(self, when: float) -> int:
        """Bytes sent up to the time `when` (seconds since the epoch), kept for `take`."""
        with self.lock:
            return sum(b for t, b in self.sent if t <= when)


class _CountingWriter:
    def __init__(self, raw: Any, counter: Counter) -> None:
        self.raw = raw
        self.counter = counter

    def write(self, data: bytes) -> int:
        self.counter.add(len(data))
        return int(self.raw.write(data))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.raw, name)


class CountingHandler(SiteHandler):
    counter: Counter

    def setup(self) -> None:
        super().setup()
        self.wfile = _CountingWriter(self.wfile, self.counter)  # type: ignore[assignment]

    def log_request(self, code: int | str = "-", size: int | str = "-") -> None:
        pass

    def end_headers(self) -> None:
        # As GitHub Pages answers: fresh for 10 minutes (the dev server says no-cache, so that an
        # edit shows at once; that would cost a revalidation per cached file here).
        self.send_header("Cache-Control", "max-age=600")
        http.server.BaseHTTPRequestHandler.end_headers(self)


class QuietServer(Server):
    def handle_error(self, request: Any, client_address: Any) -> None:
        # A tab closed mid-download (the benchmark closes them as soon as it has its figure).
        if not isinstance(sys.exc_info()[1], (ConnectionError, TimeoutError)):
            super().handle_error(request, client_address)


def serve_counting(directory: Path, counter: Counter) -> tuple[Server, str]:
    handler_class = type("Handler", (CountingHandler,), {"counter": counter})
    handler = partial(handler_class, directory=str(directory), prefix=PREFIX, only_site=False, quiet=True)
    server = QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}{PREFIX}"


OFFLINE_READY = """async () => {
    const reg = await navigator.serviceWorker.getRegistration();
    const names = (await caches.keys()).filter((name) => name.startsWith("gongzhu-"));
    return !!(reg && reg.active && reg.active.state === "activated" && !reg.installing && names.length === 1
        && navigator.serviceWorker.controller);
}"""
# The Pyodide snapshot that web/pyodide-start.mjs saves in the background after a first start.
SNAPSHOT_SAVED = """async () => (await caches.has("pyodide-snapshot"))
    && (await (await caches.open("pyodide-snapshot")).keys()).length > 0"""


def wait_until(page: Any, script: str, what: str, timeout_s: float = 180) -> float:
    """Poll the async `script` until it answers true; return when, in ms since the page's navigation.

    (Polled from here: `wait_for_function` takes a returned Promise for a truthy value.)
    """
    deadline = time.monotonic() + timeout_s
    while not page.evaluate(script):
        if time.monotonic() > deadline:
            raise TimeoutError(f"{what} did not happen in time")
        time.sleep(0.1)
    return float(page.evaluate("performance.now()"))


def throttle(context: Any, page: Any, profile: str) -> None:
    """Apply a network profile to `page` (and the workers it starts) through the DevTools protocol."""
    conditions = PROFILES[profile]
    if conditions is None:
        return
    bits, latency = conditions
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency * 1000,
        "downloadThroughput": bits / 8, "uploadThroughput": bits / 8,
    })


def open_page(context: Any, profile: str) -> Any:
    """The browser's first tab, throttled, recording the milestones."""
    page = context.pages[0] if context.pages else context.new_page()
    throttle(context, page, profile)
    page.add_init_script(script=f"({MILESTONES})(false)")
    return page


def until(page: Any, milestone: str, timeout_ms: int = 300_000) -> float:
    page.wait_for_function(f"window.__t && '{milestone}' in window.__t", timeout=timeout_ms, polling=50)
    return float(page.evaluate(f"window.__t['{milestone}']"))


def one_round(p: Any, choice: Any, profiles: Path, url: str, counter: Counter, profile: str) -> dict[str, float]:
    """One round under one network profile: the bare page cold, the game cold, then warm."""

    def fresh_context() -> Any:
        """A new browser with a new, empty profile: disk HTTP cache, no service worker."""
        return p.chromium.launch_persistent_context(
            tempfile.mkdtemp(dir=profiles), headless=True, **choice.launch_kwargs()
        )

    row: dict[str, float] = {}
    # Bare page, cold: the PyScript + Pyodide floor.
    ctx = fresh_context()
    page = open_page(ctx, profile)
    counter.take()
    page.goto(url + "bare.html", wait_until="commit")
    row["bare_ready"] = until(page, "ready")
    row["bare_bytes"] = counter.take()
    ctx.close()
    # Game, cold: cards, first decision, hard bots ready; the bytes until each.
    ctx = fresh_context()
    ctx.add_init_script(f"localStorage.setItem('gongzhu.settings', {json.dumps(FAST_SETTINGS)})")
    page = open_page(ctx, profile)
    counter.take()
    page.goto(url, wait_until="commit")
    row["cards"] = until(page, "cards")
    row["playable"] = until(page, "playable")
    row["search"] = until(page, "search")
    origin = float(page.evaluate("performance.timeOrigin")) / 1000  # the page's milestones, as epoch seconds
    row["bytes_to_playable"] = counter.until(origin + row["playable"] / 1000)
    row["bytes_to_search"] = counter.until(origin + row["search"] / 1000)
    row["offline_ready"] = wait_until(page, OFFLINE_READY, "the service worker's take-over", 600)
    wait_until(page, SNAPSHOT_SAVED, "the Pyodide snapshot", 300)
    row["bytes_visit"] = counter.take()
    # Game, warm: the same tab reloaded, the service worker answering from its cache.
    page.reload(wait_until="commit")
    row["warm"] = until(page, "playable")
    row["warm_search"] = until(page, "search")
    row["warm_bytes"] = counter.take()
    ctx.close()
    return row


COLUMNS = [("bare_ready", "bare"), ("cards", "cards"), ("playable", "playable"), ("search", "hard bots"),
           ("warm", "warm play"), ("warm_search", "warm hard")]
BYTE_COLUMNS = [("bare_bytes", "MB bare"), ("bytes_to_playable", "MB→play"), ("bytes_to_search", "MB→hard"),
                ("bytes_visit", "MB visit")]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load-time benchmark of the built site vs a bare PyScript page.")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--profiles", default="none,4g,slow4g", help="comma-separated: " + ", ".join(PROFILES))
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)
    chosen = [name for name in args.profiles.split(",") if name]
    unknown = [name for name in chosen if name not in PROFILES]
    if unknown:
        parser.error(f"unknown profile(s) {', '.join(unknown)}; known: {', '.join(PROFILES)}")

    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix="gongzhu-bench-")) / "_site"
    files = build(site)
    site_bytes = sum((site / f).stat().st_size for f in files)
    (site / "bare.html").write_text(bare_page(files), encoding="utf-8")
    counter = Counter()
    server, url = serve_counting(site, counter)
    results: dict[str, list[dict[str, float]]] = {}
    try:
        with sync_playwright() as p:
            choice = find_browser(p)
            if choice is None:
                raise SystemExit("bench: no Chromium found (make browser)")
            profiles = Path(tempfile.mkdtemp(prefix="gongzhu-bench-profiles-"))
            print(f"site {url}: {len(files)} files, {site_bytes / 1e6:.2f} MB (uncompressed)")
            for profile in chosen:
                print(f"\nnetwork: {profile}")
                print(f"{'round':>5} " + " ".join(f"{title:>10}" for _, title in COLUMNS + BYTE_COLUMNS))
                rows = results.setdefault(profile, [])
                for n in range(1, args.rounds + 1):
                    row = one_round(p, choice, profiles, url, counter, profile)
                    rows.append(row)
                    print(f"{n:>5} " + " ".join(f"{row[key]:>8.0f}ms" for key, _ in COLUMNS) + " "
                          + " ".join(f"{row[key] / 1e6:>10.2f}" for key, _ in BYTE_COLUMNS), flush=True)
            shutil.rmtree(profiles, ignore_errors=True)
    finally:
        server.shutdown()
        server.server_close()

    medians = {}
    print()
    for profile, rows in results.items():
        med = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
        medians[profile] = med
        print(f"network {profile}, median of {len(rows)} rounds:")
        print(f"  bare PyScript + Pyodide page, cold, Python ready: {med['bare_ready']:>7.0f} ms, "
              f"{med['bare_bytes'] / 1e6:.2f} MB")
        print(f"  game, cold, table with your cards:                {med['cards']:>7.0f} ms")
        print(f"  game, cold, first decision playable:              {med['playable']:>7.0f} ms "
              f"= {med['playable'] / med['bare_ready']:.2f} x bare, {med['bytes_to_playable'] / 1e6:.2f} MB sent")
        print(f"  game, cold, hard bots ready (Pyodide):            {med['search']:>7.0f} ms "
              f"= {med['search'] / med['bare_ready']:.2f} x bare, {med['bytes_to_search'] / 1e6:.2f} MB sent")
        print(f"  game, cold, site cached for offline:              {med['offline_ready']:>7.0f} ms, "
              f"{med['bytes_visit'] / 1e6:.2f} MB for the whole visit")
        print(f"  game, warm, first decision playable:              {med['warm']:>7.0f} ms")
        print(f"  game, warm, hard bots ready:                      {med['warm_search']:>7.0f} ms, "
              f"{med['warm_bytes'] / 1e3:.1f} kB sent")
    if args.json:
        figures = {"rounds": results, "median": medians, "site_bytes": site_bytes}
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
