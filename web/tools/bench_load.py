"""Load-time benchmark of the built site in the real browser, against a bare PyScript + Pyodide page.

Builds _site/ into a temporary folder, adds a *bare page* beside it (bare.html: PyScript starting
Pyodide from the same vendored files and running one line of Python, nothing of ours), serves
both under /gongzhu/ on one server that counts the bytes it sends, and measures, alternating the
pages in the same run so both see the same machine load:

* bare, cold:  navigation -> Python ready (the bare page's <html class="ready">);
* game, cold:  navigation -> table drawn and wired (`ui-ready`), the human's cards on it,
               the settings dialog open (clicked as soon as the table is wired), and the first
               deal playable (`ready`, and a card to play or the pass / expose choice offered); then the
               service worker's download of the rest of the site and the Pyodide snapshot saved in
               the background (web/pyodide-start.mjs), and the bytes sent for all of it;
* bare, warm:  the bare page opened again in the same profile (HTTP cache) -> Python ready;
* game, warm:  that tab reloaded (service worker and its cache in place, Pyodide restored from the
               snapshot) -> deal playable, the first reload and the fourth (Chromium keeps more
               compiled WebAssembly each visit).

"Cold" = a new browser with a new profile (empty disk cache, no service worker), as a first
visitor. (A new tab in the same profile would be as warm, but Playwright's new tabs are not
reliably controlled by the service worker on their first navigation, so the benchmark reloads.) Prints each round, the
medians and the ratios docs/PERFORMANCE.md quotes. A benchmark, not a test: timings on a shared machine
are noisy; run it when the machine is quiet.

    .venv/bin/python web/tools/bench_load.py [--rounds 3] [--json figures.json]
"""

from __future__ import annotations

import argparse
import json
import re
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
from build_site import build  # noqa: E402
from serve import Server, SiteHandler  # noqa: E402

PREFIX = "/gongzhu/"
BARE_HTML = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <title>bare PyScript + Pyodide</title>
  <link rel="stylesheet" href="web/runtime/pyscript/core.css">
  <script type="module" src="web/runtime/pyscript/core.js"></script>
</head>
<body>
  <script type="py" config="bare.toml">
from pyscript import document
document.documentElement.classList.add("ready")
  </script>
</body>
</html>
"""
WARM_VISITS = 4  # return visits (reloads) measured after the cold one
BARE_TOML = 'interpreter = "./web/runtime/pyodide/pyodide.mjs"\n'

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
    """Bytes the server sent (and which requests it answered) since the last `take()`."""

    def __init__(self) -> None:
        self.bytes = 0
        self.requests: list[str] = []
        self.lock = threading.Lock()

    def add(self, n: int) -> None:
        with self.lock:
            self.bytes += n

    def request(self, line: str) -> None:
        with self.lock:
            self.requests.append(line)

    def take(self) -> int:
        with self.lock:
            n, self.bytes = self.bytes, 0
            self.requests = []
            return n

    def answered(self) -> list[str]:
        with self.lock:
            return list(self.requests)


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
        self.counter.request(f"{code} {self.path}")


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


def load(
    context: Any, url: str, wait_for: str, click_settings: bool = False, timeout_ms: int = 180_000
) -> dict[str, float]:
    """Open `url` in a new tab of `context`; wait until milestone `wait_for`; return the milestones (ms)."""
    page = context.new_page()
    page.add_init_script(script=f"({MILESTONES})({json.dumps(click_settings)})")
    page.goto(url, wait_until="commit")
    page.wait_for_function(f"window.__t && '{wait_for}' in window.__t", timeout=timeout_ms)
    marks: dict[str, float] = page.evaluate("window.__t")
    page.close()
    return marks


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Load-time benchmark of the built site vs a bare PyScript page.")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, help="also write the figures to this JSON file")
    args = parser.parse_args(argv)

    from playwright.sync_api import sync_playwright

    site = Path(tempfile.mkdtemp(prefix="gongzhu-bench-")) / "_site"
    files = build(site)
    site_bytes = sum((site / f).stat().st_size for f in files)
    runtime_bytes = sum((site / f).stat().st_size for f in files if f.startswith("web/runtime/"))
    cards_bytes = sum((site / f).stat().st_size for f in files if f.startswith("web/cards/"))
    (site / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (site / "bare.toml").write_text(BARE_TOML, encoding="utf-8")
    counter = Counter()
    server, url = serve_counting(site, counter)
    rows: list[dict[str, float]] = []
    try:
        with sync_playwright() as p:
            choice = find_browser(p)
            if choice is None:
                raise SystemExit("bench: no Chromium found (make browser)")
            profiles = Path(tempfile.mkdtemp(prefix="gongzhu-bench-profiles-"))

            def fresh_context() -> Any:
                """A new browser with a new, empty profile: disk HTTP cache, no service worker."""
                return p.chromium.launch_persistent_context(
                    tempfile.mkdtemp(dir=profiles), headless=True, **choice.launch_kwargs()
                )

            print(
                f"site {url}: {len(files)} files, {site_bytes / 1e6:.2f} MB "
                f"(runtime {runtime_bytes / 1e6:.2f} MB, card art {cards_bytes / 1e6:.2f} MB)"
            )
            print(
                f"{'round':>5} {'bare ready':>11} {'bare warm':>10} {'table':>7} {'cards':>7} "
                f"{'settings':>9} {'playable':>9} "
                f"{'warm':>7} {'warm 4th':>7} {'MB→play':>8} {'MB visit':>9} {'offline':>8} {'snapshot':>8}"
            )
            for n in range(1, args.rounds + 1):
                row: dict[str, float] = {}
                # Bare page, cold.
                ctx = fresh_context()
                counter.take()
                row["bare_ready"] = load(ctx, url + "bare.html", "ready")["ready"]
                row["bare_bytes"] = counter.take()
                # Bare page, warm: opened again in the same profile (everything in the HTTP cache):
                # the runtime's own floor for the warm-load goal.
                row["bare_warm"] = load(ctx, url + "bare.html", "ready")["ready"]
                counter.take()
                ctx.close()
                # Game, cold: table, cards, settings clicked open.
                ctx = fresh_context()
                ctx.add_init_script(f"localStorage.setItem('gongzhu.settings', {json.dumps(FAST_SETTINGS)})")
                marks = load(ctx, url, "settings", click_settings=True)
                row.update(table=marks["ui"], cards=marks.get("cards", float("nan")), settings=marks["settings"])
                ctx.close()
                counter.take()
                # Game, cold: playable first deal, then the service worker's download of the rest.
                ctx = fresh_context()
                ctx.add_init_script(f"localStorage.setItem('gongzhu.settings', {json.dumps(FAST_SETTINGS)})")
                page = ctx.new_page()
                page.add_init_script(script=f"({MILESTONES})(false)")
                page.goto(url, wait_until="commit")
                page.wait_for_function("window.__t && 'playable' in window.__t", timeout=180_000)
                row["playable"] = page.evaluate("window.__t")["playable"]
                row["bytes_to_playable"] = counter.take()
                row["offline_ready"] = wait_until(page, OFFLINE_READY, "the service worker's take-over")
                # The snapshot of the started Pyodide, saved a few seconds after the first start:
                # what makes the next visit's start quick. A visitor who leaves before it is saved
                # comes back to a plain start (and a snapshot saved then).
                row["snapshot_saved"] = wait_until(page, SNAPSHOT_SAVED, "the Pyodide snapshot")
                row["bytes_visit"] = row["bytes_to_playable"] + counter.take()
                # Game, warm: the same tab reloaded, the service worker answering from its cache.
                # Chromium keeps more of Pyodide's compiled WebAssembly with each visit, so the
                # reload is repeated: the first return visit, and the fourth (a regular's).
                visits = []
                starts: list[str] = []  # how the engine worker's Pyodide started (its console line)
                page.on("console", lambda m, out=starts: out.extend(re.findall(r"Pyodide started \((\S+)\)", m.text)))
                for visit in range(WARM_VISITS):
                    page.reload(wait_until="commit")
                    page.wait_for_function("window.__t && 'playable' in window.__t", timeout=180_000)
                    visits.append(page.evaluate("window.__t")["playable"])
                    if visit == 0:  # what the first return visit asked the server for
                        warm_requests = counter.answered()
                        row["warm_bytes"] = counter.take()
                row["warm"], row["warm_later"] = visits[0], visits[-1]
                if starts != ["restored"] * WARM_VISITS:
                    print(f"      the warm visits' Pyodide did not all start from the snapshot: {starts}")
                # Of which, on the last visit: until the engine worker (Pyodide) answered (web/ui/main.py's mark).
                engine_marks = page.evaluate("performance.getEntriesByName('gongzhu-engine').map(m => m.startTime)")
                row["warm_later_engine"] = engine_marks[0] if engine_marks else float("nan")
                ctx.close()
                rows.append(row)
                print(
                    f"{n:>5} {row['bare_ready']:>9.0f}ms {row['bare_warm']:>8.0f}ms "
                    f"{row['table']:>5.0f}ms {row['cards']:>5.0f}ms "
                    f"{row['settings']:>7.0f}ms {row['playable']:>7.0f}ms {row['warm']:>5.0f}ms "
                    f"{row['warm_later']:>5.0f}ms "
                    f"{row['bytes_to_playable'] / 1e6:>8.2f} {row['bytes_visit'] / 1e6:>9.2f} "
                    f"{row['offline_ready'] / 1e3:>7.1f}s {row['snapshot_saved'] / 1e3:>7.1f}s",
                    flush=True,
                )
                if warm_requests:
                    print(f"      warm load, answered by the server: {', '.join(warm_requests)}")
            shutil.rmtree(profiles, ignore_errors=True)
    finally:
        server.shutdown()
        server.server_close()

    med = {key: statistics.median(r[key] for r in rows) for key in rows[0]}
    ratio = med["playable"] / med["bare_ready"]
    # Each round's game against the bare page of the same round (the machine's load moves both).
    per_round = [r["playable"] / r["bare_ready"] for r in rows]
    print()
    print(f"median of {len(rows)} rounds (ms):")
    print(f"  bare PyScript + Pyodide page, cold, Python ready: {med['bare_ready']:.0f}")
    print(
        f"  game, cold, first deal playable:                  {med['playable']:.0f}  "
        f"= {ratio:.2f} x bare  (goal <= 1.3)"
    )
    print(
        f"    per round: {' / '.join(f'{x:.2f}' for x in per_round)} x bare, "
        f"median {statistics.median(per_round):.2f}"
    )
    print(f"  bare page, warm (HTTP cache), Python ready:       {med['bare_warm']:.0f}  (the floor for the next line)")
    print(f"  game, warm (service worker), deal playable:       {med['warm']:.0f}  (goal < 2000)")
    print(f"  game, warm, {WARM_VISITS}th return visit, deal playable:   {med['warm_later']:.0f}  (goal < 2000)")
    print(f"    of which until the engine worker (Pyodide) answered:   {med['warm_later_engine']:.0f}")
    print(f"  game, cold, table drawn and wired:                {med['table']:.0f}  (goal < 1000)")
    print(f"  game, cold, human's cards on the table:           {med['cards']:.0f}")
    print(f"  game, cold, settings dialog open:                 {med['settings']:.0f}  (goal < 1000)")
    print(f"  game, cold, site cached for offline:              {med['offline_ready']:.0f}")
    print(f"  game, cold, Pyodide snapshot saved:               {med['snapshot_saved']:.0f}")
    print("bytes sent by the server (bodies + headers):")
    print(f"  bare page, cold:                          {med['bare_bytes'] / 1e6:.2f} MB")
    print(f"  game, cold, until playable:               {med['bytes_to_playable'] / 1e6:.2f} MB")
    print(
        f"  game, cold visit incl. offline download:  {med['bytes_visit'] / 1e6:.2f} MB  "
        f"= {med['bytes_visit'] / site_bytes:.3f} x the site's files ({site_bytes / 1e6:.2f} MB; goal within 10%)"
    )
    print(f"  game, warm:                               {med['warm_bytes'] / 1e3:.1f} kB")
    if args.json:
        figures = {
            "rounds": rows,
            "median": med,
            "site_bytes": site_bytes,
            "runtime_bytes": runtime_bytes,
            "cards_bytes": cards_bytes,
            "ratio_cold_playable_to_bare": ratio,
            "ratio_per_round": per_round,
        }
        args.json.write_text(json.dumps(figures, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
