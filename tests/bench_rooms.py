"""Online rooms' figures, four people in four Chromium contexts on loopback (a local relay, no STUN).

    .venv/bin/python -m tests.bench_rooms [--hands 1]

Prints:
- seated: for each guest, the time from clicking "Take a seat" on the room link's page (the page
  ready, the name typed) to the page saying it sits at the table (goal: 2 s or less);
- card shown: for each card played in the hands, the time from the click on it (on the host's or
  a guest's screen) to its appearing in the trick on each of the other three screens, median and
  95th percentile (goal: 150 ms or less at p95); all four tabs share one clock
  (`performance.timeOrigin + performance.now()`);
- bytes per hand: the game messages' payload sent by all four pages, per hand (web/room.mjs
  counts their UTF-8 bytes; goal: under 50 kB).

A benchmark, not a test: run it with nothing else running (the machine's load shows in every figure).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tools"))
sys.path.insert(0, str(ROOT))

from browser import find_browser  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from serve import start_server  # noqa: E402

from tests.e2e.harness import wait_ready  # noqa: E402
from tests.e2e.rooms_support import Tabs, local_relay, play_hand_together  # noqa: E402
from tests.e2e.test_game_support import FAST_SETTINGS, settings_script  # noqa: E402

# In every tab: when each card was clicked in the hand, and when each card first showed in the trick.
WATCH = """() => {
  const now = () => performance.timeOrigin + performance.now();
  window.benchClicks = {};
  window.benchShown = {};
  document.addEventListener("click", (event) => {
    const card = event.target.closest && event.target.closest("#hand [data-card]");
    if (card) window.benchClicks[card.dataset.card] = now();
  }, true);
  new MutationObserver(() => {
    for (const img of document.querySelectorAll("#trick img")) {
      const code = (img.getAttribute("src") || "").split("/").pop().replace(".svg", "");
      if (!(code in window.benchShown)) window.benchShown[code] = now();
    }
  }).observe(document.getElementById("trick"), {childList: true, subtree: true});
}"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1, help="hands to play (default 1)")
    args = parser.parse_args(argv)
    server, url = start_server(port=0)
    seated: list[float] = []
    shown: list[float] = []
    sent_per_hand: list[int] = []
    with local_relay() as relay, sync_playwright() as p:
        browser = p.chromium.launch(headless=True, **find_browser(p).launch_kwargs())  # type: ignore[arg-type]
        tabs = Tabs(browser, "bench-rooms")
        try:
            host, _ = tabs.open()
            host.add_init_script(settings_script(FAST_SETTINGS))
            host.goto(f"{url}?relay={relay}&stun=none")
            wait_ready(host)
            host.click('[data-action="create-room"]')
            link = host.locator('[data-testid="room-link"]').get_attribute("href", timeout=30_000) or ""
            guests = []
            for name in ("Mei", "Jun", "Ana"):
                page, _ = tabs.open()
                page.add_init_script(settings_script(FAST_SETTINGS))
                page.goto(link)
                page.fill("#player-name", name, timeout=120_000)
                started = time.monotonic()
                page.click('[data-action="take-seat"]')
                page.locator('[data-testid="room-status"]', has_text="Waiting for the host").wait_for(timeout=120_000)
                seated.append(time.monotonic() - started)
                guests.append(page)
            host.locator('[data-action="start-room"]:not([disabled])').wait_for(timeout=60_000)
            pages = [host, *guests]
            for page in pages:
                page.evaluate(WATCH)
            host.click('[data-action="start-room"]')
            for page in guests:
                page.wait_for_selector("html.ready", state="attached", timeout=60_000)
            for hand in range(args.hands):
                before = sum(page.evaluate("() => window.gongzhuWire.sent") for page in pages)
                play_hand_together(pages)
                sent_per_hand.append(sum(page.evaluate("() => window.gongzhuWire.sent") for page in pages) - before)
                clicks = [page.evaluate("() => window.benchClicks") for page in pages]
                shows = [page.evaluate("() => window.benchShown") for page in pages]
                for i, mine in enumerate(clicks):
                    for code, at in mine.items():
                        shown += [shows[j][code] - at for j in range(4) if j != i and code in shows[j]]
                if hand + 1 < args.hands:
                    host.click('[data-testid="hand-summary"] ~ footer [data-action="next-hand"]')
                    for page in pages:
                        page.evaluate("() => { window.benchClicks = {}; window.benchShown = {}; }")
        finally:
            tabs.close(failed=False)
            browser.close()
            server.shutdown()
    print(f"seated after 'Take a seat': {', '.join(f'{s:.2f} s' for s in seated)} (goal: <= 2 s)")
    if shown:
        print(f"card shown on the other screens: median {statistics.median(shown):.0f} ms, "
              f"p95 {percentile(shown, 0.95):.0f} ms over {len(shown)} (goal: p95 <= 150 ms)")
    for n, sent in enumerate(sent_per_hand, 1):
        print(f"hand {n}: {sent / 1000:.1f} kB of game messages sent by the four pages (goal: < 50 kB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
