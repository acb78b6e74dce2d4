"""The portable bots' think times in the game's MicroPython engine worker, in Chromium.

    .venv/bin/python -m tests.bench_quick [--hands 12] [--levels normal,easy]

Opens a page of the site (served by the dev server) and drives the game's quick worker (web/quick/worker.py,
the one the page plays the first deals with) directly: for each level, `--hands` seeded hands
with that bot at every seat but the human's, whose cards are the first legal ones. Each bot
decision's time is the worker's own measure (`advance`'s think_ms). Prints, per level and phase,
the count, median, 95th percentile and maximum. Chromium's CPU throttling slows a page's main
thread, not its workers: for a slow phone's CPU, `tests.bench_phone --quick normal` times the same
plays on a slowed browser. A benchmark, not a test: run it with nothing else running.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tools"))

# In the page: play `hands` hands with `level` bots through the quick worker; every think time, by phase.
DRIVE = """async ([level, hands]) => {
  const worker = await (await import("./web/engine.mjs")).ready("quick");
  const call = async (name, ...args) => {
    const reply = JSON.parse(await worker.sync.call(name, JSON.stringify(args)));
    if (reply.error) throw new Error(reply.message);
    return reply.ok;
  };
  const times = {};
  for (let seed = 1; seed <= hands; seed++) {
    let view = await call("new_match", seed, "classic", ["normal", level, level, level]);
    while (view.phase !== "done") {
      if (view.your_move === "play") view = (await call("act", "play", view.legal[0])).view;
      else if (view.your_move === "expose") view = (await call("act", "expose", [])).view;
      else if (view.your_move === "pass") view = (await call("act", "pass", view.hand.slice(0, 3))).view;
      else {
        const phase = view.phase;
        const reply = await call("advance");
        (times[phase] ??= []).push(reply.think_ms);
        view = reply.view;
      }
    }
  }
  return times;
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=12)
    parser.add_argument("--levels", default="normal,easy,beginner")
    args = parser.parse_args(argv)

    from browser import launch
    from playwright.sync_api import sync_playwright
    from serve import start_server

    server, url = start_server()
    try:
        with sync_playwright() as p:
            browser = launch(p, "bench_quick")
            page = browser.new_page()
            page.goto(url + "rules.html")  # a page of the site that starts no engine of its own
            print(f"quick worker (MicroPython) think times, {args.hands} hands per level:")
            for level in args.levels.split(","):
                times = page.evaluate(DRIVE, [level, args.hands])
                for phase, values in sorted(times.items()):
                    print(f"  {level:>8} {phase:>6}: {len(values):4d} decisions, "
                          f"median {statistics.median(values):6.1f} ms, "
                          f"p95 {percentile(values, 0.95):6.1f} ms, max {max(values):6.1f} ms")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
