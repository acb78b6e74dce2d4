"""Helpers for the game page's browser tests (no tests here): settings, seeded deals, playing like a person.

`open_game(page, url, ...)` loads the page with chosen settings (instant animations and the
fastest bots keep the suite quick), `play_hand(page)` plays one hand to its summary by clicking
(or by keyboard alone), `table_state(page)` says what the table is waiting for.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, expect

from gongzhu import Match, new_match
from tests.e2e.harness import wait_ready

FAST_SETTINGS: dict[str, Any] = {
    "v": 1,
    "lang": "en",
    "levels": ["beginner", "beginner", "beginner", "beginner"],
    "speed": "instant",
    "sound": False,
    "back": "red",
    "direction": "ccw",
    "forced": "off",  # these tests click every card themselves (test_comforts.py plays the forced ones)
}

# What the table waits for: the hand summary, the human's exposure, pass or play, or nothing yet.
STATE_JS = """() => {
  const visible = el => !!el && !!(el.offsetWidth || el.offsetHeight || el.getClientRects().length);
  if (visible(document.querySelector('[data-testid="hand-summary"]'))) return "summary";
  if (document.querySelector('#actions [data-action="expose-confirm"]')) return "expose";
  if (document.querySelector('#actions [data-action="pass-confirm"]')) return "pass";
  if (document.querySelector('#hand.mode-play .card.legal')) return "play";
  return "";
}"""

# The tab goes to the background and comes back: what the browser says of the page, and the event.
AWAY_JS = """(away) => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => away ? "hidden" : "visible"});
  Object.defineProperty(document, "hidden", {configurable: true, get: () => away});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


def settings_script(settings: dict[str, Any]) -> str:
    """An init script that stores these settings before the page's code runs (first load only)."""
    text = json.dumps(json.dumps(settings))
    return (
        "if (!sessionStorage.getItem('seeded')) {"
        f" localStorage.setItem('gongzhu.settings', {text}); sessionStorage.setItem('seeded', '1'); }}"
    )


def open_game(page: Page, url: str, query: str = "", rules: dict[str, Any] | None = None, **overrides: Any) -> None:
    """Open the game with FAST_SETTINGS (plus `overrides`, and `rules` options) and wait until it is playable."""
    settings = dict(FAST_SETTINGS, **overrides)
    if rules is not None:
        settings["rules"] = rules
    page.add_init_script(settings_script(settings))
    page.goto(url + query)
    wait_ready(page)


def hand_codes(page: Page) -> list[str]:
    """The codes of the cards in the human's hand, as the table shows them."""
    return [str(c) for c in page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")]


def table_state(page: Page, timeout_s: float = 60) -> str:
    """Wait until the table waits for the human (expose, pass, play) or shows the summary; return which."""
    handle = page.wait_for_function(STATE_JS, timeout=timeout_s * 1000, polling=50)
    return str(handle.json_value())


def played_all(page: Page, played: int, held: int) -> bool:
    """Whether the player's `held` cards were all played: `played` clicked, the rest played out at
    once by a claim (the engine's proof that they change nothing; the announcer says so)."""
    if played == held:
        return True
    said = page.text_content("#announcer") or ""
    return played < held and "played out the rest" in said and page.locator("#hand .card").count() == 0


def play_hand(
    page: Page, keyboard: bool = False, expose: bool = False, before_play: Callable[[Page], None] | None = None
) -> int:
    """Play the human's part of one hand until the hand summary shows; returns the number of cards played
    (fewer than were held when a bot played out the rest: `played_all`).

    `before_play(page)` runs each time the human is about to play a card.
    """
    played = 0
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline:
        state = table_state(page)
        if state == "summary":
            return played
        if state == "expose":
            if expose:
                for toggle in page.locator("#actions [data-expose]").all():
                    toggle.click()
            if keyboard:
                page.focus('#actions [data-action="expose-confirm"]')
                page.keyboard.press("Enter")
            else:
                page.click('#actions [data-action="expose-confirm"]')
            page.wait_for_selector('#actions [data-action="expose-confirm"]', state="detached")
        elif state == "pass":
            for card in page.locator("#hand .card").all()[:3]:
                card.click()
            page.click('#actions [data-action="pass-confirm"]')
            page.wait_for_selector('#actions [data-action="pass-confirm"]', state="detached")
        elif state == "play":
            if before_play:
                before_play(page)
            before = page.locator("#hand .card").count()
            if keyboard:
                focused = page.evaluate("document.activeElement && document.activeElement.closest('#hand') !== null")
                if not focused:
                    page.focus("#hand .card.legal")
                else:
                    page.keyboard.press("ArrowRight")
                page.keyboard.press("Enter")
            else:
                page.locator("#hand .card.legal").first.click()
            wait_card_gone(page, before)
            played += 1
    raise AssertionError("the hand did not finish in time")


def wait_card_gone(page: Page, before: int) -> None:
    """Wait until the human's hand holds fewer than `before` cards (a card played)."""
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {before}", polling=50)


def play_a_card(page: Page) -> None:
    """Click the first legal card and wait until it has left the hand."""
    before = page.locator("#hand .card").count()
    page.locator("#hand .card.legal").first.click()
    wait_card_gone(page, before)


def stop_worker_and_restart(page: Page, kind: str) -> None:
    """The engine worker `kind` ("quick" or "full") dies, as after a crash or an out-of-memory kill:
    the next card gets no answer within the page's call limit (`window.gongzhuCallTimeoutMs`, set
    by the test before the page opened), the table says so, and its restart button starts a new
    worker. The page's own limit is back for the new worker, whose first calls are slow."""
    page.evaluate(f"async () => (await (await import('./web/engine.mjs')).ready('{kind}')).terminate()")
    page.locator("#hand .card.legal").first.click()
    expect(page.locator("#notice")).to_contain_text("The game engine stopped", timeout=15_000)
    page.evaluate("window.gongzhuCallTimeoutMs = 0")
    restart = page.locator('[data-action="restart-engine"]')
    expect(restart).to_be_visible()
    restart.click()
    wait_ready(page)
    expect(page.locator("#notice")).not_to_contain_text("stopped", timeout=60_000)


def page_worker() -> Any:
    """The table of web/worker.py imported in CPython: the same game calls the page's workers answer."""
    import importlib.util

    from tests.e2e.harness import ROOT

    spec = importlib.util.spec_from_file_location("gongzhu_page_worker", ROOT / "web" / "worker.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.TABLE


def saved_game(seed: int, rules: Any = "classic", plays: int = 52, hands: int = 1, expose: bool = False) -> str:
    """A localStorage save (the page's format) of a match played by random legal moves.

    The match is played for `hands` hands; the last one stops at the human's turn once `plays`
    cards are down (52 = to its end). With `expose` the human exposes every special card it may.
    """
    import random

    worker = page_worker()
    worker.new_match(seed, rules, ["random"] * 4)
    rng = random.Random(seed)
    for number in range(hands):
        if number:
            worker.next_hand()
        limit = plays if number == hands - 1 else 52
        while True:
            view = worker.snapshot()
            if view["phase"] == "done" or (view["your_move"] == "play"
                                           and len(view["played"]) >= limit):
                break
            if view["your_move"]:
                if view["phase"] == "pass":
                    worker.act("pass", view["hand"][:3])
                elif view["phase"] == "expose":
                    worker.act("expose", view["exposable"] if expose else [])
                else:
                    worker.act("play", rng.choice(view["legal"]))
            else:
                worker.advance()
    return json.dumps({"v": 2, "match": worker.save()})


def save_script(value: str) -> str:
    """An init script that puts this save in localStorage before the page's code runs (first load only)."""
    text = json.dumps(value)
    return (
        "if (!sessionStorage.getItem('saved')) {"
        f" localStorage.setItem('gongzhu.save', {text}); sessionStorage.setItem('saved', '1'); }}"
    )


def second_hand(seed: int) -> Match:
    """A match (fast rules) played at random to the human's first turn to play in its second hand."""
    m = new_match(seed=seed, rules="fast")
    rng = random.Random(seed)
    while True:
        h = m.current_hand
        if h.phase == "done":
            m.next_hand()
        elif h.phase == "play" and h.to_play == 0 and m.hand_number == 1:
            return m
        elif h.phase == "play":
            h.play(rng.choice(h.legal_moves()))
        else:
            h.decide(h.to_play, [])
