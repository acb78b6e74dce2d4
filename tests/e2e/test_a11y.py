"""Accessibility of the game page: axe-core (from npm, injected by the harness) on every screen,
keyboard reach, accessible names, and the live region that announces trick results."""

from __future__ import annotations

from playwright.sync_api import Page, expect

from tests.e2e.harness import run_axe
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
