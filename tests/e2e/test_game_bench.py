"""Browser benchmark of the game page (a script, not a test: pytest collects nothing here).

    .venv/bin/python -m tests.e2e.test_game_bench [--runs 5] [--level hard] [--tricks 4] [--visit first|tab|both]

The page is served by the dev server of `make play`. Each round loads it, cold, in two ways, one
after the other:

* `first`: a first visit, as a new player meets the page: a new browser with a new profile (no
  HTTP cache, no compiled WebAssembly, no service worker), launched for this load alone;
* `tab`: a new tab (a fresh context, so no cache either) of a browser that keeps running across
  the rounds: Chromium's processes are warm and its code caches outlive the context.

Each load measures, in ms from navigation start:

* `table_ms`: the table is drawn (`<html class="ui-ready">`) with the human's 13 dealt cards;
* `settings_ms`: the settings dialog, clicked as soon as the table is there, is open;
* `playable_ms`: the first deal is playable (`<html class="ready">`, the Pyodide worker answered);
* `playable_since_start_ms`: the same, counted from the moment the browser was launched (first
  visit) or the tab asked for (a new tab), as a person who opens the link waits;
* `micropython_main_ms`, `imports_done_ms`, `table_drawn_ms`: performance marks of the UI's start-up;
* `longest_task_ms`: the longest main-thread task (PerformanceObserver "longtask") after that,
  while the bots (`--level`) think and play `--tricks` tricks at normal speed (0 = none over 50 ms).

Prints one JSON line per load, then the medians of each visit; writes test-artifacts/bench-game.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "web" / "tools")]

RECORD = """
window.__bench = {longtasks: []};
const mark = name => { if (!(name in window.__bench)) window.__bench[name] = performance.now(); };
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__bench.longtasks.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
new MutationObserver(() => {
  const html = document.documentElement;
  if (html.classList.contains('ui-ready') && document.querySelectorAll('#hand [data-card]').length === 13) {
    if (!('table_ms' in window.__bench)) {
      mark('table_ms');
      const open = document.querySelector('[data-action="open-settings"]');
      if (open) open.click();
    }
  }
  if (document.querySelector('#dlg-settings[open]')) {
    mark('settings_ms');
    const close = document.querySelector('#dlg-settings [data-action="close"]');
    if (close) close.click();
  }
  if (html.classList.contains('ready')) mark('playable_ms');
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


VIEWPORT = {"width": 1280, "height": 800}
KEYS = ["table_ms", "settings_ms", "playable_ms", "playable_since_start_ms", "longest_task_ms"]


def run_once(context, url: str, level: str, tricks: int, started: float) -> dict[str, float]:
    """One cold load in `context` (closed afterwards), played for `tricks` tricks; `started` is the
    wall-clock time (time.time()) at which the browser (first visit) or the tab was asked for."""
    from tests.e2e.harness import wait_ready
    from tests.e2e.test_game_support import FAST_SETTINGS, settings_script, table_state

    page = context.new_page()
    settings = dict(FAST_SETTINGS, speed="normal", levels=[level] * 4, rules={"exposure": False})
    page.add_init_script(settings_script(settings))
    page.add_init_script(RECORD)
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("'settings_ms' in window.__bench")
    ready = page.evaluate("window.__bench.playable_ms")
    ready_epoch_ms = page.evaluate("performance.timeOrigin + window.__bench.playable_ms")
    played = 0
    while played < tricks and table_state(page) == "play":
        before = page.locator("#hand .card").count()
        page.locator("#hand .card.legal").first.click()
        page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {before}", polling=50)
        played += 1
    table_state(page)  # the bots have played up to the human's next turn
    bench = page.evaluate("window.__bench")
    marks = dict(page.evaluate(
        "performance.getEntriesByType('mark').map(e => [e.name, Math.round(e.startTime)])"))
    after = [d for start, d in bench["longtasks"] if start >= ready]
    context.close()
    return {
        "table_ms": round(bench["table_ms"]),
        "settings_ms": round(bench["settings_ms"]),
        "playable_ms": round(bench["playable_ms"]),
        "playable_since_start_ms": round(ready_epoch_ms - started * 1000),
        "longest_task_ms": round(max(after, default=0)),
        "longtasks_after_ready": len(after),
        # Where the table's time goes: MicroPython starts our code, has imported it, has drawn the table.
        "micropython_main_ms": marks.get("gongzhu-main"),
        "imports_done_ms": marks.get("gongzhu-imports"),
        "table_drawn_ms": marks.get("gongzhu-table"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--tricks", type=int, default=4)
    parser.add_argument("--visit", choices=["first", "tab", "both"], default="both")
    args = parser.parse_args(argv)
    visits = ["first", "tab"] if args.visit == "both" else [args.visit]

    from browser import find_browser
    from playwright.sync_api import sync_playwright
    from serve import start_server

    server, url = start_server(port=0)
    results: dict[str, list[dict[str, float]]] = {visit: [] for visit in visits}
    try:
        with sync_playwright() as p:
            choice = find_browser(p)
            if choice is None:
                print("no Chromium found", file=sys.stderr)
                return 1
            running = p.chromium.launch(headless=True, **choice.launch_kwargs()) if "tab" in visits else None
            for _ in range(args.runs):
                for visit in visits:
                    started = time.time()
                    if visit == "tab":
                        assert running is not None
                        context = running.new_context(viewport=VIEWPORT)
                        result = run_once(context, url, args.level, args.tricks, started)
                    else:
                        with tempfile.TemporaryDirectory(prefix="gongzhu-profile-") as profile:
                            context = p.chromium.launch_persistent_context(
                                profile, headless=True, viewport=VIEWPORT, **choice.launch_kwargs())
                            result = run_once(context, url, args.level, args.tricks, started)
                    result["wall_s"] = round(time.time() - started, 1)
                    print(json.dumps({"visit": visit, **result}), flush=True)
                    results[visit].append(result)
            if running is not None:
                running.close()
    finally:
        server.shutdown()
    medians = {visit: {k: statistics.median(r[k] for r in runs) for k in KEYS} for visit, runs in results.items()}
    for visit, median in medians.items():
        print(f"median, {visit}:", json.dumps(median))
    summary = {"runs": results, "median": medians, "level": args.level}
    out = ROOT / "test-artifacts"
    out.mkdir(exist_ok=True)
    (out / "bench-game.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
