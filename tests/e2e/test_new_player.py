"""What a new player met in their first matches: quick clicks between hands, the hand summary on a
small phone, the sentences about "You". Each test failed before its fix.
"""

from __future__ import annotations

import time

from playwright.sync_api import Page, expect

from tests.e2e.test_game_support import STATE_JS, open_game, save_script, saved_game

# Seed 49, classic rules, played out by saved_game: the human takes the pig and 14
# scoring cards, the widest row of captured cards a summary can show but two.
BIG_CAPTURE_SEED = 49

# A dialog on screen that the state does not call for: open without its content (the summary's
# body, any dialog's close button).
STRAY_DIALOG_JS = """() => {
  const out = [];
  for (const dlg of document.querySelectorAll('dialog')) {
    if (!dlg.open) continue;
    if (!dlg.querySelector('.dlg-head')) out.push(dlg.id + ': empty');
    else if (dlg.id === 'dlg-summary' && !dlg.querySelector('[data-testid="hand-summary"]'))
      out.push('dlg-summary: a title and no body');
  }
  return out;
}"""

# Seed 82, fast rules, played by saved_game to the last two tricks: however they are played the
# match goes on, and the human may expose a card in the second hand.
QUICK_SEED = 82

NEXT_HAND = '#actions [data-action="next-hand"], #dlg-summary[open] [data-action="next-hand"]'


def test_quick_clicks_between_hands_never_leave_an_empty_summary(page: Page, site_url: str) -> None:
    # At normal speed the last trick stays on the table for a second: a fast player clicks
    # "Next hand" as soon as one shows, then confirms the next hand's exposure at once. The
    # match is resumed with its last two tricks to play.
    page.add_init_script(save_script(saved_game(QUICK_SEED, "fast", plays=44)))
    open_game(page, site_url, speed="normal")
    state_js = f"() => document.querySelector('{NEXT_HAND}') ? 'next' : ({STATE_JS})()"
    deadline = time.monotonic() + 240
    while True:
        assert time.monotonic() < deadline, "the first hand did not finish in time"
        state = page.wait_for_function(state_js, polling=20, timeout=60_000).json_value()
        if state == "next":
            break
        if state == "expose":
            page.click('#actions [data-action="expose-confirm"]')
            page.wait_for_selector('#actions [data-action="expose-confirm"]', state="detached")
        elif state == "play":
            before = page.locator("#hand .card").count()
            page.locator("#hand .card.legal").first.click()
            page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {before}", polling=20)
    # A double tap on "Next hand", then the exposure confirmed as soon as it shows.
    page.locator(NEXT_HAND).first.dblclick()
    page.locator('#actions [data-action="expose-confirm"]').click(timeout=30_000)
    for _ in range(40):  # the last trick's pacing and the summary's opening are over within 4 s
        assert page.evaluate(STRAY_DIALOG_JS) == []
        page.wait_for_timeout(100)
    expect(page.locator("#dlg-summary")).to_be_hidden()
    # The new hand goes on: the exposure was taken, and the table waits for the human's card.
    expect(page.locator('#actions [data-action="expose-confirm"]')).to_have_count(0)
    page.wait_for_function("document.querySelector('#hand.mode-play .card.legal') !== null", timeout=60_000)
    page.locator("#hand .card.legal").first.click()  # not blocked by any dialog
    expect(page.locator("#hand .card")).to_have_count(12)


def test_every_captured_card_shows_in_the_summary_on_a_small_phone(page: Page, site_url: str) -> None:
    page.add_init_script(save_script(saved_game(BIG_CAPTURE_SEED, "classic")))
    open_game(page, site_url, "?lang=zh")
    expect(page.locator('[data-testid="hand-summary"]')).to_be_visible()
    row = page.locator('#dlg-summary .sum-row[data-seat="0"] .captured .cap')
    assert row.count() >= 11
    for width in (360, 320):
        page.set_viewport_size({"width": width, "height": 740})
        page.wait_for_timeout(150)
        clipped = page.evaluate(
            """() => {
              const dlg = document.getElementById('dlg-summary').getBoundingClientRect();
              const out = [];
              for (const row of document.querySelectorAll('#dlg-summary .sum-row')) {
                const box = row.getBoundingClientRect();
                for (const img of row.querySelectorAll('.captured img')) {
                  const r = img.getBoundingClientRect();
                  if (r.left < Math.max(dlg.left, box.left) - 0.5 || r.right > Math.min(dlg.right, box.right) + 0.5
                      || r.width < 16)
                    out.push([row.dataset.seat, img.getAttribute('src'), Math.round(r.left), Math.round(r.right)]);
                }
              }
              return out;
            }"""
        )
        assert clipped == [], f"{width} px: captured cards cut off: {clipped}"
        assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_you_take_the_pig_and_lead_the_next_hand(page: Page, site_url: str) -> None:
    page.add_init_script(save_script(saved_game(BIG_CAPTURE_SEED, "classic")))
    open_game(page, site_url)
    summary = page.locator('[data-testid="hand-summary"]')
    expect(summary).to_contain_text("You took the pig and lead the next hand.")
