"""Browser benchmark of the game page (a script, not a test: pytest collects nothing here).

    .venv/bin/python -m tests.e2e.test_game_bench [--runs 3] [--level hard] [--tricks 4]

Each run is a cold load in a fresh browser context (nothing cached) and measures, in ms from
navigation start:

* `table_ms`: the table is drawn (`<html class="ui-ready">`) with the human's 13 dealt cards;
* `settings_ms`: the settings dialog, clicked as soon as the table is there, is open;
* `playable_ms`: the first deal is playable (`<html class="ready">`, the Pyodide worker answered);
* `micropython_main_ms`, `imports_done_ms`, `table_drawn_ms`: performance marks of the UI's start-up;
* `longest_task_ms`: the longest main-thread task (PerformanceObserver "longtask") after that,
  while the bots (`--level`) think and play `--tricks` tricks at normal speed (0 = none over 50 ms).

Prints one JSON line per run, then the medians; writes test-artifacts/bench-game.json.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
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


def run_once(browser, url: str, level: str, tricks: int) -> dict[str, float]:
    from tests.e2e.harness import wait_ready
    from tests.e2e.test_game_support import FAST_SETTINGS, settings_script, table_state

    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    settings = dict(FAST_SETTINGS, speed="normal", levels=[level] * 4, rules={"exposure": False})
    page.add_init_script(settings_script(settings))
    page.add_init_script(RECORD)
    page.goto(url)
    wait_ready(page)
    page.wait_for_function("'settings_ms' in window.__bench")
    ready = page.evaluate("window.__bench.playable_ms")
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
        "longest_task_ms": round(max(after, default=0)),
        "longtasks_after_ready": len(after),
        # Where the table's time goes: MicroPython starts our code, has imported it, has drawn the table.
        "micropython_main_ms": marks.get("gongzhu-main"),
        "imports_done_ms": marks.get("gongzhu-imports"),
        "table_drawn_ms": marks.get("gongzhu-table"),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--tricks", type=int, default=4)
    args = parser.parse_args(argv)

    from browser import find_browser
    from playwright.sync_api import sync_playwright
    from serve import start_server

    server, url = start_server(port=0)
    results = []
    try:
        with sync_playwright() as p:
            choice = find_browser(p)
            if choice is None:
                print("no Chromium found", file=sys.stderr)
                return 1
            browser = p.chromium.launch(headless=True, **choice.launch_kwargs())
            for _ in range(args.runs):
                started = time.monotonic()
                result = run_once(browser, url, args.level, args.tricks)
                result["wall_s"] = round(time.monotonic() - started, 1)
                print(json.dumps(result), flush=True)
                results.append(result)
            browser.close()
    finally:
        server.shutdown()
    keys = ["table_ms", "settings_ms", "playable_ms", "longest_task_ms"]
    median = {k: statistics.median(r[k] for r in results) for k in keys}
    summary = {"runs": results, "median": median, "level": args.level}
    print("median:", json.dumps(median))
    out = ROOT / "test-artifacts"
    out.mkdir(exist_ok=True)
    (out / "bench-game.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
