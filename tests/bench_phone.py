"""The search bots' think times in the browser on a CPU several times slower, as on a phone.

    .venv/bin/python -m tests.bench_phone --loops 3 --hands 3 --runs 5

Chromium cannot throttle a worker's CPU (`Emulation.setCPUThrottlingRate` is refused for
workers), and the engines run in workers. So this benchmark slows the whole browser instead: it
pins itself, the browser it launches and ``--loops`` busy loops to one core, each loop in a
session of its own (Linux's scheduler shares a core between sessions first), so the engine's
worker gets a fraction of the core while it thinks. The fraction depends on the machine; it is
measured, not assumed. Each round, in one browser:

1. bench.html's random playouts (Pyodide in the engine worker), alone on the core, then beside
   the busy loops: their ratio is the slowdown actually reached, printed with the figures;
2. with the busy loops, bot-only hands at each level (bench.html's ``bench_bots``, every search
   bot on its real clock, ``--scale`` and ``--pace`` as the arena's ``--budget-scale`` and
   ``--pace``): each decision's think time, as a player on a slow phone waits for it;
3. with ``--quick LEVELS``, still with the busy loops, the same levels' plays on the game's quick
   worker (MicroPython, ``tests.bench_quick``), which plays them until Pyodide is up: side by
   side with the same levels on Pyodide in step 2.

It prints every round and, at the end, the medians over the rounds. Run it with nothing else
running: the other core stays idle, and any other load would slow the browser further.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import time
from multiprocessing import Process
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tools"))

LINE = re.compile(r"bench ([\w-]+): p50 ([\d.]+) ms, p95 ([\d.]+) ms, max ([\d.]+) ms \((\d+) decisions")


def spin(cpu: int) -> None:
    """A busy loop on `cpu`, in a session of its own: with autogroup, Linux's scheduler shares a
    core between sessions first, so loops in this process's session would only share its part."""
    os.setsid()
    os.sched_setaffinity(0, {cpu})
    while True:
        pass


def run_bench(page, url: str, query: str) -> list[str]:  # type: ignore[no-untyped-def]
    """bench.html's console lines for one query."""
    lines: list[str] = []

    def keep(message):  # type: ignore[no-untyped-def]
        lines.append(message.text)

    page.on("console", keep)
    page.goto(url + "bench.html?" + query)
    page.wait_for_selector("html.done", timeout=900_000)
    page.remove_listener("console", keep)
    return [line for line in lines if line.startswith("bench ")]


def playouts(lines: list[str]) -> float:
    """The random playouts per second in bench.html's console lines."""
    engine = next(line for line in lines if line.startswith("bench engine: "))
    return float(engine.split()[2])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--loops", type=int, default=3, help="busy loops sharing the browser's core")
    parser.add_argument("--levels", default="hard,expert")
    parser.add_argument("--hands", type=int, default=4, help="bot-only hands per level and round")
    parser.add_argument("--scale", type=float, default=1.0, help="every search budget multiplied by this")
    parser.add_argument("--pace", type=float, default=0.0,
                        help="seconds a paced decision may take, as the arena's --pace "
                             "(the page's at normal speed: 0.47)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=2.0, help="random playouts' duration, for the slowdown")
    parser.add_argument("--cpu", type=int, default=max(os.sched_getaffinity(0)))
    parser.add_argument("--quick", default="", help="portable levels to time on the quick worker too, e.g. normal")
    args = parser.parse_args(argv)
    if args.loops < 0:
        parser.error("--loops must be at least 0")

    from browser import launch
    from playwright.sync_api import sync_playwright
    from serve import start_server

    from tests.bench_engine import pyodide
    from tests.bench_quick import DRIVE, percentile

    os.sched_setaffinity(0, {args.cpu})  # the browser, launched from here, inherits it
    server, url = start_server(port=0)
    figures: dict[str, dict[str, list[float]]] = {}
    slowdowns: list[float] = []
    try:
        with sync_playwright() as p:
            for n in range(1, args.runs + 1):
                browser = launch(p, "bench_phone")
                page = browser.new_page()
                alone = pyodide(page, url, args.seconds)
                loops = [Process(target=spin, args=(args.cpu,), daemon=True) for _ in range(args.loops)]
                for loop in loops:
                    loop.start()
                try:
                    time.sleep(0.5)
                    lines = run_bench(page, url, f"levels={args.levels}&hands={args.hands}&seed={n}"
                                                 f"&scale={args.scale}&pace={args.pace}&seconds={args.seconds}")
                    if args.quick:
                        page.goto(url + "rules.html")  # a page of the site that starts no engine of its own
                        for level in args.quick.split(","):
                            plays = page.evaluate(DRIVE, [level, args.hands])["play"]
                            lines.append(f"bench quick-{level}: p50 {statistics.median(plays):.1f} ms, "
                                         f"p95 {percentile(plays, 0.95):.1f} ms, max {max(plays):.1f} ms "
                                         f"({len(plays)} decisions")
                finally:
                    for loop in loops:
                        loop.terminate()
                        loop.join()
                browser.close()
                slowed = playouts(lines)
                slowdowns.append(alone / slowed)
                print(f"round {n}: playouts {alone:.0f}/s alone, {slowed:.0f}/s slowed: x{alone / slowed:.2f}")
                for match in filter(None, map(LINE.match, lines)):
                    level, p50, p95, top, count = match.groups()
                    row = figures.setdefault(level, {"p50": [], "p95": [], "max": []})
                    for key, value in (("p50", p50), ("p95", p95), ("max", top)):
                        row[key].append(float(value))
                    print(f"  {level:>7}: p50 {float(p50):6.1f} ms, p95 {float(p95):6.1f} ms, "
                          f"max {float(top):6.1f} ms ({count} decisions)")
    finally:
        server.shutdown()
    print(f"\nmedians of {args.runs} rounds, slowdown x{statistics.median(slowdowns):.2f} "
          f"(x{min(slowdowns):.2f} .. x{max(slowdowns):.2f}), budget scale {args.scale:g}, pace {args.pace:g} s:")
    for level, row in figures.items():
        medians = (f"{key} {statistics.median(values):6.1f} ms" for key, values in row.items())
        print(f"  {level:>7}: " + ", ".join(medians))
    return 0


if __name__ == "__main__":
    sys.exit(main())
