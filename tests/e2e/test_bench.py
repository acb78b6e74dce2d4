"""bench.html runs the engine's playout bench and bot-only hands per level in the real worker
and prints the figures (p50/p95/max think time per level)."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page

from tests.e2e.harness import ARTIFACTS

LEVELS = ["easy", "hard", "expert"]


def test_bench_page_prints_engine_and_bot_figures(page: Page, site_url: str) -> None:
    lines: list[str] = []
    page.on("console", lambda msg: lines.append(msg.text))
    page.goto(site_url + "bench.html?seconds=0.5&hands=1&scale=0.5&pace=0.1&levels=" + ",".join(LEVELS))
    page.wait_for_selector("html.done", timeout=240_000)

    engine = page.locator('[data-row="engine"] td').all_text_contents()
    assert re.fullmatch(r"\d+ hands/s", engine[-1]) and int(engine[-1].split()[0]) > 0
    figures = {}
    for level in LEVELS:
        cells = page.locator(f'[data-row="{level}"] td').all_text_contents()
        assert cells[0] == level
        decisions, p50, p95, top = int(cells[2]), float(cells[3]), float(cells[4]), float(cells[5])
        assert decisions >= 40 and 0 <= p50 <= p95 <= top
        figures[level] = {"p50": p50, "p95": p95, "max": top, "decisions": decisions}
    assert page.text_content("#status") == "Done."
    assert any(line.startswith("bench engine: ") for line in lines)
    assert all(any(line.startswith(f"bench {level}: p50 ") and line.endswith("budget scale 0.5, pace 0.1 s)")
                   for line in lines) for level in LEVELS)
    figures["engine_hands_per_second"] = int(engine[-1].split()[0])
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "bench-browser.json").write_text(json.dumps(figures) + "\n", encoding="utf-8")
