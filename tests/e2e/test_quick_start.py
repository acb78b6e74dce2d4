"""Playable before Pyodide: the game starts on the MicroPython engine worker, Pyodide joins later.

A first visit plays a whole hand with normal bots while every Pyodide request is held back and
asks for Pyodide only once the first decision is playable; with hard bots, the human decides
what needs no bot while Pyodide loads, and the match then moves to the Pyodide worker with its
cards and history unchanged; normal bots follow the match to Pyodide, and a table there whose
worker dies restarts on a new Pyodide worker; a Pyodide that fails to load leaves a playable
game and says so.
"""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Page, Request, Route, expect

from tests.e2e.harness import wait_ready, wait_search_ready
from tests.e2e.test_game_support import (
    STATE_JS,
    hand_codes,
    open_game,
    play_a_card,
    play_hand,
    played_all,
    stop_worker_and_restart,
    table_state,
)

PYODIDE = "**/{pyodide-start.mjs,runtime/pyodide/**,pyscript.toml,runtime/gongzhu.zip}"
"""What only the Pyodide worker loads: its start module, Pyodide itself, its config and the engine archive."""


# The moment (ms since the epoch) the table first offers the human a decision.
RECORD_PLAYABLE = """
new MutationObserver(() => {
  const act = '#hand.mode-play .card.legal, [data-action="expose-confirm"], [data-action="pass-confirm"]';
  if (!window.__playable && document.documentElement.classList.contains("ready") && document.querySelector(act))
    window.__playable = performance.timeOrigin + performance.now();
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def saved_match(page: Page) -> dict[str, Any]:
    """The match the page saved in localStorage (its one record)."""
    text = page.evaluate("localStorage.getItem('gongzhu.save')")
    assert text, "the page saved no match"
    return dict(json.loads(json.loads(text)["match"]))


def test_a_first_visit_plays_a_hand_with_pyodide_held_back(page: Page, site_url: str) -> None:
    asked: list[tuple[str, float]] = []

    def hold(route: Route, request: Request) -> None:
        asked.append((request.url, time.time() * 1000))  # when the browser asked; never answered

    page.route(PYODIDE, hold)
    page.add_init_script(RECORD_PLAYABLE)
    requested: list[str] = []
    page.on("request", lambda request: requested.append(request.url))
    open_game(page, site_url, "?seed=7", levels=["normal"] * 4)
    assert table_state(page) in ("expose", "play")
    playable = page.evaluate("window.__playable")
    assert playable, "the table never offered a decision"
    # Pyodide is asked for only after the first decision was playable, and never answered.
    for _ in range(100):
        if asked:
            break
        page.wait_for_timeout(100)
    assert asked, "the page never asked for Pyodide"
    assert all(start >= playable - 1 for _, start in asked), (playable, asked)
    expect(page.locator('[data-action="hint"]')).to_be_disabled()
    expect(page.locator('[data-action="hint"]')).to_have_attribute("data-state", "getting-ready")
    expect(page.locator('[data-action="hint"] .label')).to_have_text("Hint")  # the same width: no layout shift
    assert page.get_attribute('[data-action="hint"]', "aria-label") == "The hint is getting ready…"
    # A whole hand with normal bots on the MicroPython worker alone.
    assert played_all(page, play_hand(page), 13)
    expect(page.locator('[data-testid="hand-summary"] [data-testid="hand-score"]')).to_have_count(4)
    assert "search-ready" not in (page.get_attribute("html", "class") or "")
    # None of PyScript's plugins that no page uses (index.html's <py-config>, web/mpy.toml).
    unused = [url for url in requested if re.search(r"/pyscript/(deprecations-manager|donkey|py-\w+)-", url)]
    assert not unused, unused


def test_hard_bots_wait_for_pyodide_and_the_match_moves_unchanged(page: Page, site_url: str) -> None:
    held: list[Route] = []
    page.route(PYODIDE, lambda route, request: held.append(route))
    # Seat 1 plays hard; three cards are passed, so the human decides while Pyodide loads.
    open_game(page, site_url, "?seed=21", rules={"pass_cards": 3, "exposure": False},
              levels=["normal", "hard", "normal", "normal"])
    assert table_state(page) == "pass"
    cards = page.locator("#hand .card")
    passed = [hand_codes(page)[i] for i in (0, 4, 8)]
    for i in (0, 4, 8):  # tap near each card's visible edge
        cards.nth(i).click(position={"x": 6, "y": 20})
    page.click('[data-action="pass-confirm"]')
    expect(page.locator("#prompt-main")).to_have_text("The Hard bots are getting ready…", timeout=30_000)
    before = saved_match(page)
    kept = hand_codes(page)
    assert held, "Pyodide was not asked for"
    page.wait_for_timeout(500)
    assert hand_codes(page) == kept  # nothing moves while the hard bot waits
    for route in held:
        route.continue_()
    page.unroute(PYODIDE)
    wait_search_ready(page)
    state = table_state(page)
    assert state in ("play", "summary")
    after = saved_match(page)
    # The same match, moved: the deal, the rules and every action before the move.
    assert after["seed"] == before["seed"] and after["rules"] == before["rules"]
    done_then = before["hands"][-1]["actions"]
    assert after["hands"][-1]["actions"][:len(done_then)] == done_then
    # The human kept the ten cards not passed, and received three.
    now = hand_codes(page)
    assert set(kept) - set(passed) <= set(now) and not set(passed) & set(now) and len(now) in (12, 13)
    assert played_all(page, play_hand(page), len(now))


def test_normal_bots_move_to_pyodide_once_it_is_up(page: Page, site_url: str) -> None:
    # normal searches on MicroPython's clock; once Pyodide is up the match moves there at the
    # next bot's turn, unchanged, and the bots play the rest of the hand from it.
    held: list[Route] = []
    page.route(PYODIDE, lambda route, request: held.append(route))
    open_game(page, site_url, "?seed=9", rules={"exposure": False}, levels=["normal"] * 4)
    for _ in range(2):  # two cards, the bots answering on the quick worker
        assert table_state(page) == "play"
        play_a_card(page)
    assert table_state(page) == "play"
    assert page.get_attribute("html", "data-worker") == "quick"
    before_move = saved_match(page)
    assert held, "Pyodide was not asked for"
    for route in held:
        route.continue_()
    page.unroute(PYODIDE)
    wait_search_ready(page)
    assert page.get_attribute("html", "data-worker") == "quick"  # no bot has moved since
    assert played_all(page, play_hand(page), 11)
    expect(page.locator("html")).to_have_attribute("data-worker", "full")
    after = saved_match(page)
    done_then = before_move["hands"][-1]["actions"]
    assert after["seed"] == before_move["seed"] and after["hands"][-1]["actions"][:len(done_then)] == done_then


def test_a_normal_table_restarts_on_pyodide_after_its_worker_stops(page: Page, site_url: str) -> None:
    # Once the match has moved to Pyodide, a normal table's bots play there too; when that worker
    # dies (a crash, an out-of-memory kill), the next call gets no answer: the table says so, and
    # the restart starts a new Pyodide worker with the match where it was.
    page.add_init_script("window.gongzhuCallTimeoutMs = 1500")
    open_game(page, site_url, "?seed=9", rules={"exposure": False}, levels=["normal"] * 4)
    wait_search_ready(page)
    assert table_state(page) == "play"
    play_a_card(page)  # the bots answer from the full worker
    assert table_state(page) == "play"
    expect(page.locator("html")).to_have_attribute("data-worker", "full")
    held = hand_codes(page)
    stop_worker_and_restart(page, "full")
    assert table_state(page) == "play"
    assert hand_codes(page) == held  # the same match, where it was
    expect(page.locator("html")).to_have_attribute("data-worker", "full")
    assert played_all(page, play_hand(page), len(held))


def test_a_pyodide_that_fails_to_load_leaves_a_playable_game(page: Page, site_url: str, page_guard: Any) -> None:
    # The aborted requests, and PyScript's report of the worker that could not start.
    page_guard.allow(r"net::ERR_FAILED|MessageEvent")
    page.route(PYODIDE, lambda route: route.abort())
    open_game(page, site_url, "?seed=5", levels=["normal", "hard", "expert", "normal"])
    page.wait_for_selector("html.search-failed", state="attached", timeout=60_000)
    expect(page.locator("#notice")).to_contain_text("The hard and expert bots could not load")
    expect(page.locator('[data-action="hint"]')).to_be_disabled()
    assert page.get_attribute('[data-action="hint"]', "title") == "Hints are off: the strongest bot could not load."
    # Normal bots play in their place: the hand is played to its end.
    assert played_all(page, play_hand(page), 13)
    assert page.wait_for_function(STATE_JS, polling=100).json_value() == "summary"
    wait_ready(page)
