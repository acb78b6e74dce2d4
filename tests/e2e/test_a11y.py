"""Accessibility of the game page: axe-core (from npm, injected by the harness) on every screen,
keyboard reach, accessible names, and the live region that announces trick results."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.harness import luminance, run_axe
from tests.e2e.test_game_support import open_game, save_script, saved_game, table_state

SERIOUS = ("serious", "critical")


def serious(page: Page) -> list[str]:
    """axe's serious and critical violations, one readable line each."""
    return [f"{v['id']} ({v['impact']}): {v['help']} -> {[n['target'] for n in v['nodes']][:5]}"
            for v in run_axe(page) if v.get("impact") in SERIOUS]


def test_axe_finds_nothing_serious_on_any_screen(page: Page, site_url: str) -> None:
    page.add_init_script(save_script(saved_game(20, "classic", plays=35, expose=True)))
    open_game(page, site_url)
    assert table_state(page) == "play"
    # An illegal card's reason showing, a hinted card: the table at its busiest.
    problems = {"table": serious(page)}
    for screen, action in (("settings", "open-settings"), ("help", "open-help"), ("scores", "open-scores"),
                           ("last-trick", "last-trick")):
        page.click(f'#menu [data-action="{action}"]')
        expect(page.locator("dialog[open]")).to_have_count(1)
        problems[screen] = serious(page)
        page.keyboard.press("Escape")
        expect(page.locator("dialog[open]")).to_have_count(0)
    assert not any(problems.values()), problems


MENU_DIALOGS = [("open-settings", "#dlg-settings"), ("open-help", "#dlg-help"), ("open-scores", "#dlg-scores"),
                ("last-trick", "#dlg-last"), ("stats", "#dlg-stats"), ("share", "#dlg-share"),
                ("create-room", "#dlg-room")]


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_the_dialogs_follow_the_systems_dark_or_light_theme(page: Page, site_url: str, scheme: str) -> None:
    """At night, a phone set to its dark theme: every dialog of the menu, and the hand's summary, is
    dark paper with light ink, every text readable (axe's contrast rule); in the light theme, light
    paper as before."""
    page.emulate_media(color_scheme=scheme)
    page.add_init_script(save_script(saved_game(4, {"target": 50}, plays=52)))
    open_game(page, site_url, "?relay=none&stun=none")
    expect(page.locator('[data-testid="hand-summary"]')).to_be_visible()
    found = {}
    for action, selector in [("", "#dlg-summary"), *MENU_DIALOGS]:
        if action:
            page.locator(f'#menu [data-action="{action}"]:not([disabled])').click()
        expect(page.locator(selector)).to_be_visible()
        paper = luminance(page, selector + " .dlg-head")  # the title bar's: the dialog's paper
        contrast = [v["nodes"][0]["target"] for v in run_axe(page, {"runOnly": ["color-contrast"]})]
        found[selector] = (round(paper, 2), contrast)
        page.locator(selector).get_by_role("button", name="Close").first.click()
        expect(page.locator(selector)).to_be_hidden()
    dark = scheme == "dark"
    assert all((paper < 0.05 if dark else paper > 0.8) and not contrast for paper, contrast in found.values()), found


def test_axe_on_the_hand_summary_and_in_chinese(page: Page, site_url: str) -> None:
    page.add_init_script(save_script(saved_game(4, {"target": 50}, plays=52)))
    open_game(page, site_url, lang="zh")
    expect(page.locator('[data-testid="hand-summary"]')).to_be_visible()
    assert page.get_attribute("html", "lang") == "zh-Hans"
    assert not serious(page)


def test_cards_are_named_and_trick_results_announced(page: Page, site_url: str) -> None:
    open_game(page, site_url, "?seed=8", rules={"exposure": False}, speed="fast", sound=True)
    assert table_state(page) == "play"
    for button in page.locator("#hand [data-card]").all():
        label = button.get_attribute("aria-label") or ""
        assert " of " in label, label
    # Each dimmed card is described by the engine's reason.
    for button in page.locator("#hand .card.illegal").all():
        described = button.get_attribute("aria-describedby")
        assert described and page.text_content(f"#{described}")
    live = page.locator("#announcer")
    assert live.get_attribute("aria-live") == "polite"
    before = page.locator("#hand .card").count()
    page.focus("#hand .card.legal")
    page.keyboard.press("Enter")
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {before}")
    expect(live).to_contain_text("won the trick", timeout=30_000)


# Every animation running on the page: its name and the element it moves.
RUNNING_JS = """() => document.getAnimations().filter(a => a.playState === "running").map(a => ({
  on: (a.effect.target && (a.effect.target.className || a.effect.target.tagName)) + "",
  name: a.animationName || "",
}))"""

PULSE_JS = "el => [getComputedStyle(el).animationName, getComputedStyle(el).animationIterationCount]"


def test_the_turn_marker_pulses_a_few_times_then_rests(page: Page, site_url: str) -> None:
    """The dot on the seat whose turn it is pulses as the turn comes, then stops: nothing on a table
    that waits for the player moves for more than a few seconds (WCAG 2.2.2), so a phone left on
    the player's turn does not redraw it sixty times a second. With reduced motion it never pulses."""
    open_game(page, site_url, "?seed=7", rules={"exposure": False}, speed="normal")
    assert table_state(page) == "play"
    dot = page.locator(".seat-south.turn .turn-dot")
    assert dot.evaluate(PULSE_JS) == ["pulse", "3"]
    # The search bots' loading indicator (the hint's) aside, everything comes to rest.
    page.wait_for_selector("html.search-ready, html.search-failed", state="attached", timeout=120_000)
    page.wait_for_function(f"({RUNNING_JS})().length === 0", timeout=10_000)
    assert dot.count() == 1
    page.emulate_media(reduced_motion="reduce")
    page.reload()
    table_state(page)
    assert dot.evaluate(PULSE_JS)[0] == "none"
    assert not [a for a in page.evaluate(RUNNING_JS) if a["name"] == "pulse"]
