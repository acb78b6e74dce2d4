"""The hand review, clicked through as a player would: a hand where the player gives the pig away on
purpose is reviewed, that decision is marked at the right card, Stop stops, and "Try again from
here" deals the same cards back at that moment.

The hand is tests/test_review.py's gift hand (seed 3, classic rules, easy bots): the player's K♠ on
the first trick, over a 9♠ it could have played, draws the pig from East. The bots decide in the
page's workers exactly as in CPython (every decision is seeded by the match and the moment), so
the player's cards are clicked from the plan computed here.
"""

from __future__ import annotations

import re

from playwright.sync_api import Page, Route, expect

from gongzhu.core.cards import PIG, card_code, parse_card
from gongzhu.core.deal import deal_hands, hand_seed
from tests.e2e.test_game_support import hand_codes, open_game, play_hand, table_state
from tests.e2e.test_quick_start import PYODIDE
from tests.test_review import GIFT_SEED, gift_plan

REVIEW_TIMEOUT_MS = 180_000  # Pyodide's start on a busy machine, then 13 decisions


def play_plan(page: Page, cards: list[str]) -> int:
    """Play the hand by clicking `cards` in order (declining any exposure) until its summary shows;
    returns how many were played."""
    played = 0
    while True:
        state = table_state(page)
        if state == "summary":
            return played
        if state == "expose":
            page.click('#actions [data-action="expose-confirm"]')
            page.wait_for_selector('#actions [data-action="expose-confirm"]', state="detached")
            continue
        assert state == "play", state
        before = page.locator("#hand .card").count()
        # Near the card's visible left edge: on a narrow screen the fan covers the rest of it.
        page.locator(f'#hand [data-card="{cards[played]}"]').click(position={"x": 6, "y": 20})
        page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {before}", polling=50)
        played += 1


def test_a_pig_given_away_is_marked_and_can_be_played_again(page: Page, site_url: str) -> None:
    _, mine, gift = gift_plan(GIFT_SEED)
    cards = [arg for kind, arg in mine if kind == "play"]
    assert gift is not None and mine[gift] == ["play", "KS"] and cards[0] == "KS"
    open_game(page, site_url, f"?seed={GIFT_SEED}&rules=classic", levels=["easy"] * 4)
    dealt = sorted(card_code(c) for c in deal_hands(hand_seed(GIFT_SEED, 0))[0])
    assert sorted(hand_codes(page)) == dealt
    play_plan(page, cards)
    summary = page.locator('[data-testid="hand-summary"]')
    expect(summary).to_be_visible()
    expect(summary.locator('[data-seat="0"] .captured [aria-label*="Queen of spades"]')).to_have_count(1)

    # Review; Stop after the first decision; the review keeps what it did.
    page.click('dialog[open] [data-action="review"]')
    review = page.locator('[data-testid="review"]')
    expect(review).to_be_visible()
    decisions = review.locator('[data-testid="review-decision"]')
    progress = review.locator('[data-testid="review-progress"]')
    expect(decisions.first).to_be_attached(timeout=REVIEW_TIMEOUT_MS)
    page.click('dialog[open] [data-action="review-stop"]')
    expect(progress).to_have_attribute("data-status", "stopped")
    expect(progress).to_contain_text(re.compile(r"Stopped: \d+ of 13 decisions reviewed"))
    stopped_at = decisions.count()
    assert 1 <= stopped_at < 13
    page.wait_for_timeout(1500)
    assert decisions.count() == stopped_at  # nothing more arrives after Stop
    expect(page.locator("#review-go-on")).to_have_text("Continue")

    # Closing goes back to the summary; Review again goes on where it stopped, to the end.
    page.click('dialog[open] [data-action="close"]')
    expect(summary).to_be_visible()
    page.click('dialog[open] [data-action="review"]')
    expect(progress).to_contain_text(re.compile(r"Reviewing decision \d+ of 13"))
    expect(progress).to_have_attribute("data-status", "done", timeout=REVIEW_TIMEOUT_MS)
    assert [int(n) for n in decisions.evaluate_all("els => els.map(e => e.dataset.n)")] == list(range(13))
    expect(progress).to_have_text("All 13 decisions reviewed.")
    expect(decisions).to_have_count(13)
    rows = decisions.evaluate_all(
        "els => els.map(e => ({card: e.dataset.card, best: e.dataset.best, cost: Number(e.dataset.cost),"
        " costly: e.classList.contains('costly'),"
        " why: (e.querySelector('[data-testid=review-why]') || {}).textContent,"
        " verdict: e.querySelector('.review-verdict').textContent}))")
    assert [r["card"] for r in rows] == cards
    for r in rows:
        assert r["cost"] >= 0
        assert (r["cost"] == 0) == (r["best"] == r["card"])
        assert r["costly"] == (r["cost"] >= 20) and bool(r["why"]) == r["costly"]
        # The figures shown agree: the best's expected score is the card's plus the points lost,
        # and a best choice names no other; one point is "point".
        shown = re.search(r"Expected hand score ([−+]?\d+)(?: \(best ([−+]?\d+)\))?", r["verdict"])
        if shown:
            score, best = (int(x.replace("−", "-")) if x else None for x in shown.groups())
            assert (best is None) == (r["cost"] == 0) and (best is None or best - score == r["cost"]), r
        assert not re.search(r"(?<!\d)1 expected points", r["verdict"]), r  # 31 points is plural
    gift_row = rows[0]
    assert gift_row["card"] == "KS" and gift_row["cost"] >= 20 and gift_row["costly"]
    assert parse_card(gift_row["best"]) < PIG  # a spade below the pig was the better card
    assert "pig" in gift_row["why"] and gift_row["why"].startswith("The K♠")
    total = review.locator('[data-testid="review-total"]')
    assert int(total.get_attribute("data-cost") or "-1") == sum(r["cost"] for r in rows)
    expect(total).to_contain_text(f"Expected points lost in this hand: {sum(r['cost'] for r in rows)}")
    costly = sum(r["costly"] for r in rows)
    expect(total).to_contain_text(f"({costly} costly decision{'' if costly == 1 else 's'})")

    # Try again from the K♠: the same cards, the first trick with 2♠ led, the K♠ playable again.
    decisions.first.locator('[data-action="review-retry"]').click()
    expect(page.locator("dialog[open]")).to_have_count(0)
    state = table_state(page)
    assert state == "play"
    assert sorted(hand_codes(page)) == dealt
    expect(page.locator('#trick li[aria-label*="Two of spades"]')).to_have_count(1)
    expect(page.locator('#hand [data-card="KS"]')).to_have_class(re.compile(r"\blegal\b"))
    # This time the safe spade; the hand plays on to its end (the bots may play differently now).
    page.locator(f'#hand [data-card="{gift_row["best"]}"]').click()
    expect(page.locator("#hand .card")).to_have_count(12)
    play_hand(page)
    expect(summary).to_be_visible()


def test_the_review_waits_for_the_expert_and_speaks_chinese(page: Page, site_url: str) -> None:
    """Before Pyodide is up the review says the expert is getting ready, and starts once it is."""
    held: list[Route] = []
    page.route(PYODIDE, lambda route, request: held.append(route))
    _, mine, _ = gift_plan(GIFT_SEED)
    cards = [arg for kind, arg in mine if kind == "play"]
    open_game(page, site_url, f"?seed={GIFT_SEED}&rules=classic", levels=["easy"] * 4, lang="zh")
    play_plan(page, cards)  # the easy bots play on the MicroPython worker: no Pyodide needed
    page.click('dialog[open] [data-action="review"]')
    progress = page.locator('[data-testid="review-progress"]')
    expect(progress).to_have_attribute("data-status", "waiting")
    expect(progress).to_have_text("专家正在准备：准备好后立即开始复盘。")
    expect(page.locator("#dlg-review h2")).to_have_text("第1局复盘")
    assert held, "Pyodide was not asked for"
    page.wait_for_timeout(500)
    expect(page.locator('[data-testid="review-decision"]')).to_have_count(0)
    for route in held:
        route.continue_()
    page.unroute(PYODIDE)
    expect(progress).to_have_attribute("data-status", "done", timeout=REVIEW_TIMEOUT_MS)
    expect(progress).to_have_text("13 个决定已全部复盘。")
    first = page.locator('[data-testid="review-decision"]').first
    expect(first).to_have_attribute("data-card", "KS")
    expect(first.locator('[data-testid="review-why"]')).to_contain_text(re.compile(r"出 K♠ 有 \d+% 吃到猪"))
    expect(first.locator('[data-action="review-retry"]')).to_have_text("从这里重来")
