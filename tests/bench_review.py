"""The hand review's figures: its time in the browser, and how often its best choice is the expert's.

    .venv/bin/python -m tests.bench_review [--page-hands 3] [--worker-hands 10] [--agree-hands 10]
                                           [--cpu-throttle 4]

Three measures, each printed, none asserted (a benchmark, not a test: run it with nothing else
running):

- **the dialog** (`--page-hands`): the game page in Chromium, seeded hands played by clicking
  (easy bots; the player the careless one of tests/test_review.py, who plays its highest legal
  card and gives the pig away once when it can), the Pyodide worker awaited, then "Review" clicked:
  the time from the click until every decision is shown, and until the first marked one is;
- **the worker** (`--worker-hands`): the same hands' reviews asked of the Pyodide worker directly
  (web/worker.py's `review_points` and `review_decision`, as the dialog asks them), per decision and
  per hand, and the time until the first marked decision;
- **agreement** (`--agree-hands`, CPython): at every decision of the player (here the `normal`
  bot, for a spread of choices), whether the review's best choice is what the expert bot itself
  decides at that moment (the same card group, set of cards or exposure), overall and where there
  was a choice to make, and what the expert's own choice costs by the review's estimate. Both
  searches run at their fixed sizes (`set_fixed`), so this figure reproduces exactly.

The goal for the browser: a whole hand (13 decisions) under 10 s, the first marked decision
within 2 s.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "web" / "tools"))
sys.path.insert(0, str(ROOT))

from gongzhu import new_match, review  # noqa: E402
from gongzhu.bots import BOTS, set_fixed  # noqa: E402
from gongzhu.core.bots.pimc import group_of  # noqa: E402
from gongzhu.core.bots.sampler import Knowledge, mask  # noqa: E402
from gongzhu.core.cards import parse_card  # noqa: E402
from gongzhu.core.table import decision_rng  # noqa: E402

# In a page of the site: the review of each match (its JSON) asked of the Pyodide worker, decision by
# decision, timed there: [{points, ms: [per decision], first_marked_ms}].
DRIVE = """async (matches) => {
  const worker = await (await import("./web/engine.mjs")).ready("full");
  const call = async (name, ...args) => {
    const reply = JSON.parse(await worker.sync.call(name, JSON.stringify(args)));
    if (reply.error) throw new Error(reply.message);
    return reply.ok;
  };
  await call("version");
  const out = [];
  for (const text of matches) {
    const start = performance.now();
    const points = (await call("review_points", text)).decisions;
    const ms = [];
    let firstMarked = null;
    for (let n = 0; n < points.length; n++) {
      const t0 = performance.now();
      const result = await call("review_decision", text, n);
      ms.push(performance.now() - t0);
      if (result.costly && firstMarked === null) firstMarked = performance.now() - start;
    }
    out.push({points: points.length, ms, total: performance.now() - start, first_marked_ms: firstMarked});
  }
  return out;
}"""


def careless_hand(seed: int) -> tuple[str, list[str]]:
    """tests/test_review.py's gift hand for `seed`: the match's JSON and the player's cards in order."""
    from tests.test_review import gift_plan

    m, mine, _ = gift_plan(seed)
    return m.to_json(), [arg for kind, arg in mine if kind == "play"]


def stats(values: list[float]) -> str:
    if not values:
        return "none"
    return f"median {statistics.median(values):7.0f} ms, max {max(values):7.0f} ms (n={len(values)})"


def bench_page(page: Any, url: str, seeds: list[int]) -> None:
    from tests.e2e.harness import wait_search_ready
    from tests.e2e.test_game_support import settings_script
    from tests.e2e.test_review import play_plan

    whole: list[float] = []
    first: list[float] = []
    sizes: list[int] = []
    page.add_init_script(settings_script({"v": 1, "lang": "en", "levels": ["easy"] * 4, "speed": "instant",
                                          "sound": False, "back": "red", "direction": "ccw", "forced": "off"}))
    for seed in seeds:
        _, cards = careless_hand(seed)
        page.goto(url + f"?seed={seed}&rules=classic")
        page.wait_for_selector("html.ready", state="attached", timeout=120_000)
        play_plan(page, cards)
        wait_search_ready(page)
        start = time.perf_counter()
        page.click('dialog[open] [data-action="review"]')
        marked = page.locator('[data-testid="review-decision"].costly')
        progress = page.locator('[data-testid="review-progress"]')
        seen_first = None
        while progress.get_attribute("data-status") not in ("done", "failed", "stopped"):
            if seen_first is None and marked.count():
                seen_first = (time.perf_counter() - start) * 1000
            page.wait_for_timeout(20)
        whole.append((time.perf_counter() - start) * 1000)
        if seen_first is None and marked.count():
            seen_first = whole[-1]
        if seen_first is not None:
            first.append(seen_first)
        sizes.append(page.locator('[data-testid="review-decision"]').count())
    print(f"  the dialog, {len(seeds)} hands ({sum(sizes)} decisions):")
    print(f"    whole hand:           {stats(whole)}")
    print(f"    first marked shown:   {stats(first)}")


def bench_worker(page: Any, seeds: list[int]) -> None:
    results = page.evaluate(DRIVE, [careless_hand(seed)[0] for seed in seeds])
    per_decision = [ms for r in results for ms in r["ms"]]
    print(f"  the worker, {len(seeds)} hands ({len(per_decision)} decisions):")
    print(f"    per decision:         {stats(per_decision)}")
    print(f"    whole hand:           {stats([r['total'] for r in results])}")
    print(f"    first marked:         {stats([r['first_marked_ms'] for r in results if r['first_marked_ms']])}")


def same_choice(kind: str, view: dict[str, Any], expert: Any, best: str) -> bool:
    """Whether the expert's decision is the review's best choice (a play: the same card group)."""
    if kind != "play":
        return review.choice_text(kind, expert) == best
    k = Knowledge(view)
    legal = mask(view["legal"])
    return group_of(parse_card(expert), legal, k) == group_of(parse_card(best), legal, k)


def bench_agreement(hands: int) -> None:
    set_fixed(True)
    agree = {"pass": [0, 0], "expose": [0, 0], "play": [0, 0]}
    chosen_agree = [0, 0]
    expert_costs: list[int] = []
    start = time.perf_counter()
    for seed in range(1, hands + 1):
        rules = {"pass_cards": 3} if seed % 2 else "classic"
        m = new_match(seed=seed, rules=rules)
        h = m.current_hand
        while h.phase != "done":
            seat = h.to_play
            assert seat is not None
            h.decide(seat, BOTS["normal"](h.view(seat), decision_rng(m, seat)))
        data = h.to_dict()
        for point in review.decisions(data):
            result = review.analyse(data, point["n"], seed * 1000 + point["index"])
            if result["candidates"] == 1:
                continue
            view = review.before(data, point["index"]).view(0)
            decided = BOTS["expert"](view, random.Random(seed * 1000 + point["index"]))
            same = same_choice(point["kind"], view, decided, result["best"])
            agree[point["kind"]][0] += same
            agree[point["kind"]][1] += 1
            text = review.choice_text(point["kind"], decided)
            if point["kind"] == "play":
                # The expert's card stands for its group among the candidates the review weighed.
                k = Knowledge(view)
                legal = mask(view["legal"])
                text = next(t for t in result["values"] if group_of(parse_card(t), legal, k) ==
                            group_of(parse_card(decided), legal, k))
            if text in result["values"]:
                expert_costs.append(max(0, round(max(result["values"].values()) - result["values"][text])))
            chosen_agree[0] += result["cost"] == 0
            chosen_agree[1] += 1
    set_fixed(False)
    total = [sum(a[0] for a in agree.values()), sum(a[1] for a in agree.values())]
    print(f"  agreement with the expert's own choice, {hands} hands by the normal bot "
          f"({time.perf_counter() - start:.0f} s):")
    print(f"    decisions with a choice: {total[1]}; the review's best is the expert's: "
          f"{total[0] / max(1, total[1]):.1%}")
    for kind, (same, n) in agree.items():
        if n:
            print(f"      {kind:>6}: {same}/{n} ({same / n:.1%})")
    if expert_costs:
        print(f"    the expert's choice by the review's estimate: mean cost {statistics.mean(expert_costs):.1f}, "
              f"marked (>= {review.COSTLY}) {sum(c >= review.COSTLY for c in expert_costs)}/{len(expert_costs)}")
    print(f"    the normal bot's choice was the review's best: {chosen_agree[0]}/{chosen_agree[1]}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--page-hands", type=int, default=3, help="hands reviewed through the dialog")
    parser.add_argument("--worker-hands", type=int, default=10, help="hands reviewed by the worker directly")
    parser.add_argument("--agree-hands", type=int, default=10, help="hands for the agreement figure (CPython)")
    parser.add_argument("--cpu-throttle", type=float, default=1.0, help="Chromium's CPU slow-down (4: a phone)")
    args = parser.parse_args(argv)

    if args.page_hands or args.worker_hands:
        from browser import launch
        from playwright.sync_api import sync_playwright
        from serve import start_server

        server, url = start_server()
        try:
            with sync_playwright() as p:
                browser = launch(p, "bench_review")
                print(f"the hand review in Chromium, CPU x{args.cpu_throttle:g}:")
                if args.worker_hands:
                    page = browser.new_page()
                    if args.cpu_throttle != 1:
                        page.context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                                {"rate": args.cpu_throttle})
                    page.goto(url + "rules.html")  # a page of the site that starts no engine of its own
                    bench_worker(page, list(range(1, args.worker_hands + 1)))
                    page.close()
                if args.page_hands:
                    context = browser.new_context(viewport={"width": 1280, "height": 800})
                    page = context.new_page()
                    if args.cpu_throttle != 1:
                        context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate",
                                                           {"rate": args.cpu_throttle})
                    bench_page(page, url, list(range(1, args.page_hands + 1)))
                    context.close()
                browser.close()
        finally:
            server.shutdown()
    if args.agree_hands:
        bench_agreement(args.agree_hands)
    return 0


if __name__ == "__main__":
    sys.exit(main())
