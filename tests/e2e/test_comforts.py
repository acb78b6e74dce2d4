"""The player's comforts, used as a person uses them: the four-colour deck, the only legal card
played for you, "Play out the rest", and taking back a misclicked card.

Positions are built by the engine itself (a match played at random up to the moment wanted) and
put in the page's save, as a reload would find them.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable

from playwright.sync_api import Page, expect

from gongzhu import Match, new_match
from tests.e2e.harness import run_axe, wait_ready
from tests.e2e.test_game_support import (
    AWAY_JS,
    FAST_SETTINGS,
    open_game,
    save_script,
    second_hand,
    settings_script,
    table_state,
)

SUIT_INKS = {"S": "#1b1b1f", "H": "#c8102e", "D": "#1850b8", "C": "#11703a"}


def position(seed: int, rules: str, wanted: Callable[[Match], bool], limit: int = 400) -> Match:
    """A match played at random (every seat, the human's too) until `wanted(match)` holds at the
    human's turn to play; the first of seeds seed, seed + 1, ... that gets there."""
    for s in range(seed, seed + limit):
        m = new_match(seed=s, rules=rules)
        h = m.current_hand
        rng = random.Random(s)
        while h.phase != "done":
            if h.phase == "play" and h.to_play == 0 and wanted(m):
                return m
            if h.phase == "play":
                h.play(rng.choice(h.legal_moves()))
            else:
                h.decide(h.to_play, [])
    raise AssertionError("no such position")


def open_at(page: Page, url: str, match: Match, **settings: object) -> None:
    """Open the game on this saved match, with FAST_SETTINGS and `settings`."""
    page.add_init_script(settings_script(dict(FAST_SETTINGS, **settings)))
    page.add_init_script(save_script(json.dumps({"v": 2, "match": match.to_json()})))
    page.goto(url)
    wait_ready(page)


def hand_codes(page: Page) -> list[str]:
    return [str(c) for c in page.eval_on_selector_all("#hand [data-card]", "els => els.map(e => e.dataset.card)")]


def number(text: str) -> int:
    return int(text.strip().replace("−", "-").replace("+", ""))


def contrast_problems(page: Page) -> list[str]:
    """axe's contrast violations (WCAG AA), one readable line each with the elements they are about."""
    return [f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:5]}"
            for v in run_axe(page) if "contrast" in v["id"]]


def pip_ink(page: Page, src: str) -> str:
    """The fill of a card picture's suit pip (the card art's first <defs> path)."""
    text = page.evaluate("src => fetch(src).then(r => r.text())", src)
    found = re.search(r'<defs><path id="\w+p" d="[^"]*" fill="(#[0-9a-f]{6})"', text)
    assert found, src
    return found.group(1)


def test_the_four_colour_deck(page: Page, site_url: str) -> None:
    # Mid-hand, with cards captured on the table, and all four suits in the player's hand.
    def rich(m: Match) -> bool:
        h = m.current_hand
        suits = {code[-1] for code in h.view(0)["hand"]}
        return len(h.played) >= 16 and len(suits) == 4 and any(h.view(0)["captured"])

    open_at(page, site_url, position(20, "beginner", rich))
    assert page.locator("img[data-colours]").count() == 0  # two colours by default
    page.click('[data-action="open-settings"]')
    switch = page.locator("#four-colour")
    expect(switch).not_to_be_checked()
    switch.check()  # a click on the switch, as a person does
    page.click('#dlg-settings [data-action="close"]')
    expect(page.locator("html")).to_have_attribute("data-colours", "4")
    # Every card on the page is drawn from the four-colour deck: the hand, the trick, the captured rows.
    cards = page.locator("#hand [data-card]")
    expect(cards.first).to_have_attribute("data-colours", "4")
    pictures = page.locator("#hand img, #trick img, #table .captured img, #table .badges img")
    assert pictures.count() > cards.count()
    for i in range(pictures.count()):
        expect(pictures.nth(i)).to_have_attribute("data-colours", "4")
    inks = {}
    for button in cards.all():
        code = button.get_attribute("data-card") or ""
        inks.setdefault(code[-1], pip_ink(page, button.locator("img").get_attribute("src") or ""))
    assert inks == SUIT_INKS
    # No contrast problem on the felt, nor in the settings dialog.
    assert contrast_problems(page) == []
    page.click('[data-action="open-settings"]')
    expect(page.locator("#four-colour")).to_be_checked()
    assert contrast_problems(page) == []
    # Remembered: after a reload the deck is still four colours.
    saved = json.loads(page.evaluate("localStorage.getItem('gongzhu.settings')"))
    assert saved["colours"] == 4
    page.reload()
    wait_ready(page)
    expect(page.locator("#hand [data-card]").first).to_have_attribute("data-colours", "4")
    # The score keeper follows the game's deck: ♦ blue, ♣ green; axe finds nothing.
    page.goto(site_url + "keeper.html")
    page.wait_for_selector("html.ready", state="attached")
    expect(page.locator('[data-card="JD"].kp-cardbtn')).to_have_class(re.compile(r"\bkp-suit-d\b"))
    expect(page.locator('[data-card="TC"].kp-cardbtn')).to_have_attribute("data-colours", "4")
    colour = page.eval_on_selector('[data-card="TC"].kp-cardbtn .kp-suit', "el => getComputedStyle(el).color")
    assert colour == "rgb(17, 112, 58)"
    assert contrast_problems(page) == []
    # An embed asks for it with colours=4 (and refuses a bad value, as text).
    page.goto(site_url + "web/embed/calculator.html?cards=JD,TC&colours=4")
    page.wait_for_selector("html.ready", state="attached")
    expect(page.locator('[data-card="JD"] img')).to_have_attribute("src", "../cards/four/JD.svg")
    assert contrast_problems(page) == []
    page.goto(site_url + "web/embed/calculator.html?colours=3")
    page.wait_for_selector("html.ready", state="attached")
    expect(page.locator('[data-testid="error"]')).to_contain_text("colours must be 2 or 4")


def one_card(m: Match) -> bool:
    """The player has one legal card (and more in the hand), and no claim is on offer."""
    h = m.current_hand
    return len(h.legal_moves()) == 1 and len(h.view(0)["hand"]) > 2 and not h.claim_proof()


def test_the_only_legal_card_is_played_after_a_pause(page: Page, site_url: str) -> None:
    match = position(40, "beginner", one_card)
    only = match.current_hand.legal_moves()[0]
    # When the card is first shown as about to be played, when it leaves the hand, what is said.
    page.add_init_script("""document.addEventListener("DOMContentLoaded", () => {
        window.forcedLog = {said: []};
        const observer = new MutationObserver(() => {
            const log = window.forcedLog, card = document.querySelector('#hand [data-card="%s"]');
            if (card && card.classList.contains("forced") && log.shown === undefined) log.shown = performance.now();
            if (!card && log.shown !== undefined && log.gone === undefined) log.gone = performance.now();
            log.said.push(document.getElementById("announcer").textContent);
        });
        for (const id of ["hand", "announcer"]) {
            observer.observe(document.getElementById(id), {attributes: true, childList: true, subtree: true});
        }
    });""" % only)
    # "With fast animations" (the default) plays it at the fast speed, after 0.4 s.
    open_at(page, site_url, match, speed="fast", forced="auto")
    expect(page.locator(f'#hand [data-card="{only}"]')).to_have_count(0)
    log = page.evaluate("window.forcedLog")
    assert log["gone"] - log["shown"] >= 350, log  # lifted, and said, for a pause before it goes
    assert any("is played for you" in text for text in log["said"]), log
    assert only not in hand_codes(page)


def test_a_click_plays_the_only_card_at_once(page: Page, site_url: str) -> None:
    # The pause is made a minute long here (window.gongzhuForcedPauseMs), so that on a busy machine
    # it is the click, never the pause running out first, that plays the card.
    page.add_init_script("window.gongzhuForcedPauseMs = 60000;")
    match = position(60, "beginner", one_card)
    only = match.current_hand.legal_moves()[0]
    open_at(page, site_url, match, speed="slow", forced="on")
    card = page.locator(f'#hand [data-card="{only}"]')
    expect(card).to_have_class(re.compile(r"\bforced\b"))
    page.wait_for_timeout(1500)  # longer than any speed's own pause
    expect(card).to_have_count(1)
    card.click()
    expect(card).to_have_count(0, timeout=5000)


def test_play_out_the_rest(page: Page, site_url: str) -> None:
    def provable(m: Match) -> bool:
        h = m.current_hand
        return h.claim_proof() is not None and len(h.view(0)["hand"]) >= 3 and len(h.legal_moves()) > 1

    match = position(80, "beginner", provable)
    # The hand played out at random from here ends with the same scores.
    played_out = Match.from_json(match.to_json())
    rng = random.Random(1)
    while played_out.current_hand.phase == "play":
        played_out.current_hand.play(rng.choice(played_out.current_hand.legal_moves()))
    open_at(page, site_url, match, colours=4)  # (the hand summary in the four-colour deck, too)
    assert table_state(page) == "play"
    claim = page.locator('[data-action="claim"]')
    expect(claim).to_have_text("Play out the rest")
    # Said in the prompt's one line (a second would move the table as the turn comes).
    expect(page.locator("#prompt-main")).to_have_text(re.compile(r"^Your (turn|lead): the scores are settled\.$"))
    expect(page.locator("#prompt-hint")).to_be_hidden()
    claim.click()
    summary = page.locator('[data-testid="hand-summary"]')
    expect(summary).to_be_visible()
    scores = [number(summary.locator(f'[data-seat="{s}"] [data-testid="hand-score"]').text_content() or "")
              for s in range(4)]
    assert scores == played_out.current_hand.hand_scores()
    pictures = summary.locator("img")
    assert pictures.count() > 0
    for i in range(pictures.count()):
        expect(pictures.nth(i)).to_have_attribute("data-colours", "4")
    assert contrast_problems(page) == []
    expect(page.locator("#announcer")).to_contain_text("You played out the rest")
    assert hand_codes(page) == []


def test_take_back_a_misclicked_card(page: Page, site_url: str) -> None:
    def choosing(m: Match) -> bool:
        h = m.current_hand
        return (len(h.trick) == 1 and len(h.legal_moves()) >= 2 and not h.claim_proof() and len(h.played) >= 8
                and not h.can_take_back(0))

    match = position(100, "beginner", choosing)
    open_at(page, site_url, match, speed="slow")
    expect(page.locator('[data-action="take-back"]')).to_have_count(0)  # nothing to take back yet
    legal = page.locator("#hand .card.legal")
    wrong = legal.first.get_attribute("data-card") or ""
    right = legal.last.get_attribute("data-card") or ""
    page.locator(f'#hand [data-card="{wrong}"]').click()
    expect(page.locator(f'#hand [data-card="{wrong}"]')).to_have_count(0)
    page.click('[data-action="take-back"]')
    # The card is back in the hand (the bots' cards after it undone too): our turn again, after
    # the one card led before ours.
    expect(page.locator(f'#hand [data-card="{wrong}"]')).to_have_count(1)
    expect(page.locator("#announcer")).to_contain_text("You took back")
    assert table_state(page) == "play"
    expect(page.locator("#trick .tcard")).to_have_count(1)
    page.locator(f'#hand [data-card="{right}"]').click()
    expect(page.locator(f'#hand [data-card="{right}"]')).to_have_count(0)
    expect(page.locator("#trick .tcard").nth(1)).to_have_attribute("aria-label", re.compile("^You: "))
    # The score sheet says the match was played with a take-back; so does the save.
    page.click('[data-action="open-scores"]')
    expect(page.locator('[data-testid="take-backs-note"]')).to_have_text(
        "Cards taken back in this match: 1 (marked ↶).")
    # (saved when the table next waits for the player)
    page.wait_for_function("""() => {
        try { return JSON.parse(JSON.parse(localStorage.getItem('gongzhu.save')).match).hands.pop().take_backs === 1; }
        catch (e) { return false; }
    }""")
    saved = json.loads(json.loads(page.evaluate("localStorage.getItem('gongzhu.save')"))["match"])
    assert saved["hands"][-1]["take_backs"] == 1


# Each tone the page's sounds start (web/ui/sound.py), by its first frequency.
TONES_JS = """(() => {
  window.tones = [];
  const Real = window.AudioContext;
  window.AudioContext = class extends Real {
    createOscillator() {
      const osc = super.createOscillator();
      const set = osc.frequency.setValueAtTime.bind(osc.frequency);
      osc.frequency.setValueAtTime = (value, time) => {
        window.tones.push(Math.round(value));
        return set(value, time);
      };
      return osc;
    }
  };
})();"""
TURN_CHIME = 698  # the first note of Sound.your_turn


def test_the_tab_says_when_the_table_waits_for_you_while_you_are_away(page: Page, site_url: str) -> None:
    """A player who looks at another tab while the others play (friends in a room, slow bots) sees
    in this tab's title when the table waits for them, and hears a chime as the turn comes (with
    sound on); back on the page, the title is the usual one. The turn that comes while they look at
    the page chimes nothing."""
    usual, mine = "Gong Zhu \u2014 Chase the Pig", "\u25b6 Your turn \u2014 Gong Zhu"
    page.add_init_script(TONES_JS)
    open_game(page, site_url, "?seed=7", rules={"exposure": False}, speed="normal", forced="off", sound=True)
    assert table_state(page) == "play"
    expect(page).to_have_title(usual)
    page.evaluate(AWAY_JS, True)
    expect(page).to_have_title(mine)
    page.evaluate(AWAY_JS, False)
    expect(page).to_have_title(usual)
    # A card played (sound may play from now on), then away while the bots play theirs (0.6 s each
    # at the normal speed).
    held = len(hand_codes(page))
    page.locator("#hand .card.legal").last.click()
    expect(page.locator("#hand .card")).to_have_count(held - 1)
    page.evaluate(AWAY_JS, True)
    expect(page.locator("#prompt-main")).to_contain_text("is thinking")
    assert page.title() == usual
    expect(page).to_have_title(mine, timeout=15_000)
    assert table_state(page) == "play"
    tones = page.evaluate("window.tones")
    assert tones.count(TURN_CHIME) == 1, tones
    page.evaluate(AWAY_JS, False)
    expect(page).to_have_title(usual)
    # Looking at the page: the next turn comes without a chime.
    page.locator("#hand .card.legal").last.click()
    expect(page.locator("#hand .card")).to_have_count(held - 2)
    table_state(page)
    assert page.evaluate("window.tones").count(TURN_CHIME) == 1
    # In Chinese.
    page.goto(site_url + "?lang=zh")
    wait_ready(page)
    table_state(page)
    expect(page).to_have_title("\u62f1\u732a")
    page.evaluate(AWAY_JS, True)
    expect(page).to_have_title("\u25b6 \u8f6e\u5230\u4f60\u4e86 \u2014 \u62f1\u732a")


def test_a_new_match_from_the_settings_asks_before_giving_up_the_match_in_progress(page: Page, site_url: str) -> None:
    m = second_hand(3)
    open_at(page, site_url, m, lang="zh")
    totals = page.locator("#table [data-seat='0'] .total").text_content()
    page.click('[data-action="open-settings"]')
    page.click('[data-action="new-match-rules"]')
    question = page.locator("#dlg-settings [data-testid=confirm-new]")
    expect(question).to_contain_text("开始新的一场？进行中的这一场（第2局）将被放弃。")
    expect(page.locator('[data-action="new-match-no"]')).to_be_focused()
    page.keyboard.press("Enter")  # "Keep playing": the match stays, the question goes
    expect(question).to_have_count(0)
    expect(page.locator('[data-action="new-match-rules"]')).to_be_focused()
    page.keyboard.press("Escape")
    expect(page.locator("#dlg-settings")).to_be_hidden()
    assert page.locator("#table [data-seat='0'] .total").text_content() == totals
    assert json.loads(json.loads(page.evaluate("localStorage.getItem('gongzhu.save')"))["match"])["seed"] == m.seed
    # Asked again, and this time yes: a new match, its first hand.
    page.click('[data-action="open-settings"]')
    page.click('[data-action="new-match-rules"]')
    page.click('[data-action="new-match-yes"]')
    expect(page.locator("#dlg-settings")).to_be_hidden()
    page.wait_for_function(
        "seed => JSON.parse(JSON.parse(localStorage.getItem('gongzhu.save')).match).seed !== seed", arg=m.seed)
    page.click('[data-action="open-scores"]')
    expect(page.locator("#dlg-scores")).to_contain_text("还没有计分的牌局")
