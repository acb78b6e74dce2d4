"""The engine's random playouts per second on CPython, Pyodide and MicroPython, side by side.

    .venv/bin/python -m tests.bench_engine --runs 5 --seconds 3

Each round runs ``gongzhu.core.fast.bench`` (deal, random exposure, random legal play, scoring
under the classic rules) for ``--seconds`` in each runtime, one after the other on this machine:
CPython in this process, Pyodide in the game's engine worker (bench.html in Chromium, served
by the dev server), MicroPython's WebAssembly build in node.  It prints each round's hands per
second and, at the end, each runtime's median and its ratio to CPython.  Run it with nothing
else running.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tools"))


def cpython(seconds: float) -> float:
    from gongzhu.core.fast import bench

    return bench(seconds)["hands_per_second"]


def micropython(seconds: float) -> float:
    from tests.micropython import run_micropython

    out = run_micropython("import json\nfrom gongzhu.core.fast import bench\n"
                          "print('BENCH', json.dumps(bench(%r)))\n" % seconds)
    line = next(line for line in out.splitlines() if line.startswith("BENCH "))
    return json.loads(line[6:])["hands_per_second"]


def pyodide(page, url: str, seconds: float) -> float:
    page.goto(url + "bench.html?levels=&seconds=%s" % seconds)
    page.wait_for_selector("html.done", timeout=240_000)
    cell = page.locator('[data-row="engine"] td').last.text_content() or ""
    return float(cell.split()[0])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args(argv)

    from browser import launch
    from playwright.sync_api import sync_playwright
    from serve import start_server

    rounds: dict[str, list[float]] = {"CPython": [], "Pyodide": [], "MicroPython": []}
    server, url = start_server(port=0)
    try:
        with sync_playwright() as p:
            browser = launch(p, "bench_engine")
            page = browser.new_page()
            for n in range(args.runs):
                figures = {"CPython": cpython(args.seconds), "Pyodide": pyodide(page, url, args.seconds),
                           "MicroPython": micropython(args.seconds)}
                for name, value in figures.items():
                    rounds[name].append(value)
                print("round %d: %s" % (n + 1, json.dumps({k: round(v) for k, v in figures.items()})), flush=True)
            browser.close()
    finally:
        server.shutdown()
    base = statistics.median(rounds["CPython"])
    for name, values in rounds.items():
        median = statistics.median(values)
        print("%-12s median %7.0f hands/s  (%s)  %.2fx CPython's time"
              % (name, median, " / ".join("%.0f" % v for v in values), base / median))
    return 0


if __name__ == "__main__":
    sys.exit(main())
