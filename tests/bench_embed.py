"""Benchmark (not a test): how fast the calculator and replay embeds become interactive on a warm cache.

Serves the working tree (web/tools/serve.py, as `make play`), opens each embed page in headless
Chromium once to warm the cache, then loads it N more times and reads the frame's own
`performance.mark("gongzhu-interactive")` (set by web/embed/kit.py when the controls work),
in ms since the frame's navigation started. Prints the median and the range per mode; the
median goes on embed.html ("Speed").

    .venv/bin/python tests/bench_embed.py [--loads 10]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tools"))

from browser import launch  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

PAGES = {
    "calculator": "web/embed/calculator.html?cards=QS,KH,QH,8H&exposed=AH",
    "replay": "web/embed/replay.html?seed=2026&exposed=QS,AH&check=off&moves=2SASTS3S.QH8HTH3H.7CTC8CJC",
    "replay+check": "web/embed/replay.html?seed=2026&exposed=QS,AH&moves=2SASTS3S.QH8HTH3H.7CTC8CJC",
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--loads", type=int, default=10)
    args = parser.parse_args(argv)
    server, url = start_server(port=0)
    server.handle_error = lambda *args: None  # type: ignore[method-assign]  # aborted downloads on navigation
    try:
        with sync_playwright() as p:
            browser = launch(p, "bench_embed")
            context = browser.new_context()
            page = context.new_page()
            for mode, path in PAGES.items():
                times = []
                for i in range(args.loads + 1):
                    page.goto(url + path)
                    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
                    ms = page.evaluate("performance.getEntriesByName('gongzhu-interactive')[0].startTime")
                    if i:  # the first load only warms the cache
                        times.append(ms)
                print(f"{mode:13s} interactive after {statistics.median(times):6.0f} ms median "
                      f"(min {min(times):.0f}, max {max(times):.0f}; {len(times)} warm loads)")
            # Several embeds on one host page (another origin), as in a blog post: each frame's time.
            with tempfile.TemporaryDirectory() as folder:
                frames = "".join(
                    f"<iframe src='{url}{path}' sandbox='allow-scripts allow-same-origin' "
                    "style='width:100%;height:600px;border:0'></iframe>"
                    for path in [PAGES["calculator"], PAGES["replay"], PAGES["calculator"] + "&lang=zh",
                                 PAGES["replay"] + "&step=card"]
                )
                Path(folder, "host.html").write_text(f"<!doctype html><meta charset=utf-8>{frames}", encoding="utf-8")
                host_server, host_url = start_server(port=0, directory=Path(folder))
                host_server.handle_error = lambda *args: None  # type: ignore[method-assign]
                worst = []
                for i in range(args.loads + 1):
                    page.goto(host_url + "host.html")
                    times = []
                    for frame in page.frames[1:]:
                        frame.wait_for_selector("html.ready", state="attached", timeout=60_000)
                        times.append(frame.evaluate(
                            "performance.getEntriesByName('gongzhu-interactive')[0].startTime"))
                    if i:
                        worst.append(max(times))
                host_server.shutdown()
                print(f"4 embeds on one cross-origin page: slowest frame interactive after "
                      f"{statistics.median(worst):6.0f} ms median (max {max(worst):.0f}; {len(worst)} warm loads)")
            browser.close()
    finally:
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
