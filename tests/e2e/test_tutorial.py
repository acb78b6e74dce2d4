"""The tutorial in the real page: a new player clicks through all six lessons (English and Chinese),
a lesson leaves the saved match alone, the first visit's offer, and a lesson embedded in a blog.

The player's decisions are each lesson's winning line (tests/core_runs.py, LESSON_LINES), clicked
on the cards as a person would; what the page says is the engine's (gongzhu/core/lessons.py).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import FrameLocator, Locator, Page, expect

from gongzhu.core import lessons
from tests.core_runs import LESSON_LINES
from tests.e2e.harness import READY_TIMEOUT_MS, run_axe, wait_ready
from tests.e2e.test_embed import frame, host  # noqa: F401 - the fixture of a page on another origin
from tests.e2e.test_game_support import FAST_SETTINGS, hand_codes, save_script, saved_game, settings_script, table_state

LESSON_TIMEOUT_MS = 60_000


def decide(table: Page | FrameLocator, decision: Any) -> None:
    """One decision of the player, by clicking: the cards to expose (a list), or the card to play."""
    if isinstance(decision, list):
        for code in decision:
            table.locator(f'#actions [data-expose="{code}"]').click(timeout=LESSON_TIMEOUT_MS)
        table.locator('#actions [data-action="expose-confirm"]').click()
        table.locator('#actions [data-action="expose-confirm"]').wait_for(state="detached")
        return
    card = table.locator(f'#hand.mode-play [data-card="{decision}"].legal')
    card.click(timeout=LESSON_TIMEOUT_MS)
    table.locator(f'#hand [data-card="{decision}"]').wait_for(state="detached", timeout=LESSON_TIMEOUT_MS)


def play_lesson(table: Page | FrameLocator, number: int, lang: str, line: list[Any] | None = None) -> Locator:
    """Check lesson `number`'s goal on the table, play `line` (its winning line by default) and
    return the outcome's element once it shows."""
    data = lessons.lesson(number)
    i = 1 if lang == "zh" else 0
    goal = table.locator('[data-testid="lesson-goal"]')
    expect(goal).to_contain_text(data["goal"][i], timeout=LESSON_TIMEOUT_MS)
    expect(table.locator("#lesson h2")).to_contain_text(data["title"][i])
    for decision in LESSON_LINES[number][0] if line is None else line:
        decide(table, decision)
    outcome = table.locator('[data-testid="lesson-done"], [data-testid="lesson-missed"]')
    outcome.wait_for(timeout=LESSON_TIMEOUT_MS)
    return outcome


def progress(page: Page) -> dict[str, Any]:
    return dict(json.loads(page.evaluate("localStorage.getItem('gongzhu.tutorial')") or "null") or {})


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_new_player_completes_all_six_lessons_by_clicking(page: Page, site_url: str, lang: str) -> None:
    query = "?lesson=1" + ("&lang=zh" if lang == "zh" else "")
    page.add_init_script(settings_script({**FAST_SETTINGS, "lang": lang}))  # the bots' cards without animation
    page.goto(site_url + query)
    wait_ready(page)
    i = 1 if lang == "zh" else 0
    # A wrong card first: the engine says why the goal was missed, and the lesson can be retried.
    missed = play_lesson(page, 1, lang, LESSON_LINES[1][1])
    expect(missed).to_have_attribute("data-testid", "lesson-missed")
    expect(missed).to_contain_text(lessons.lesson(1)["missed"][i])
    missed.locator('[data-action="lesson-retry"]').click()
    for number in range(1, 7):
        done = play_lesson(page, number, lang)
        expect(done).to_have_attribute("data-testid", "lesson-done")
        expect(done).to_contain_text(lessons.lesson(number)["met"][i])
        assert number in progress(page)["done"]
        if number == 2:  # the score's arithmetic, the engine's own lines: the sheep doubled
            expect(done.locator(".lesson-lines li")).to_have_count(3)
            expect(done.locator(".lesson-lines")).to_contain_text("+100 x 2 = +200")
        assert re.search(rf"[?&]lesson={number}\b", page.url), page.url
        if number < 6:
            done.locator('[data-action="lesson-next"]').click()
    # Every lesson ticked, the last one says so, and no match was saved along the way.
    expect(page.locator("#lesson .lesson-step.done")).to_have_count(6)
    expect(page.locator('[data-testid="lesson-done"]')).to_contain_text(
        "你完成了全部课程" if lang == "zh" else "You have completed every lesson")
    assert progress(page)["done"] == [1, 2, 3, 4, 5, 6]
    assert page.evaluate("localStorage.getItem('gongzhu.save')") is None
    if lang == "en":
        assert run_axe(page, {"runOnly": ["wcag2a", "wcag2aa"]}) == []
    # Progress survives a reload; a lesson's step buttons open any lesson again.
    page.reload()
    wait_ready(page)
    expect(page.locator("#lesson .lesson-step.done")).to_have_count(6)
    page.locator('#lesson [data-action="lesson-go"][data-lesson="2"]').click()
    expect(page.locator('[data-testid="lesson-goal"]')).to_contain_text(lessons.lesson(2)["goal"][i])


def test_a_lesson_leaves_the_saved_match_and_returns_to_it(page: Page, site_url: str) -> None:
    saved = saved_game(7, "classic", plays=8)
    page.add_init_script(settings_script({**FAST_SETTINGS, "levels": ["expert"] * 4}))
    page.add_init_script(save_script(saved))
    page.goto(site_url + "?lesson=3")
    wait_ready(page)
    # The lesson's bots are its own (scripted, else easy), not the settings' expert bots.
    expect(page.locator(".seat.pos-top .plate .level")).to_have_text("Easy")
    done = play_lesson(page, 3, "en")
    expect(done).to_have_attribute("data-testid", "lesson-done")
    assert page.evaluate("localStorage.getItem('gongzhu.save')") == saved
    # A lesson's hand is no hand of the player's: the statistics do not count it.
    page.click('[data-action="stats"]')
    expect(page.locator('#dlg-stats [data-testid="stats-hands"]')).to_have_text("0")
    page.click('#dlg-stats [data-stats="close"]')
    # Shared, a lesson is the lesson (its deal is no seed's).
    page.click('[data-action="share"]')
    expect(page.locator('#dlg-share [data-snippet="lesson-element"]')).to_have_value(
        re.compile(r'<gong-zhu mode="lesson" lesson="3"></gong-zhu>$'))
    expect(page.locator('#dlg-share [data-snippet="game-element"]')).to_have_count(0)
    page.click("#dlg-share [data-share-close]")
    # Back to the game: the saved match, where it was.
    page.locator('[data-testid="lesson-leave"]').click()
    wait_ready(page)
    expect(page.locator("#notice")).to_contain_text("Welcome back")
    expect(page.locator("#lesson")).to_have_count(0)
    assert len(hand_codes(page)) < 13  # the saved hand, some cards played


def test_the_first_visit_offers_the_tutorial_once(page: Page, site_url: str) -> None:
    page.goto(site_url)
    wait_ready(page)
    offer = page.locator("#tutorial-offer")
    expect(offer).to_be_visible()
    table = page.locator("#table").bounding_box()
    offer.get_by_role("button", name="No thanks").click()
    expect(offer).to_be_hidden()
    assert page.locator("#table").bounding_box() == table  # it floated: the table does not move
    page.reload()
    wait_ready(page)
    page.wait_for_timeout(500)
    assert page.locator("#tutorial-offer").count() == 0
    # A new visitor who takes it: lesson 1 at once, in place of the fresh match (which stays saved).
    # (Cleared as the next page starts: the running page, whose bots may still be playing, saves
    # its match until it unloads, and a saved match is not a first visit.)
    page.add_init_script("if (!sessionStorage.getItem('cleared')) {"
                         " localStorage.clear(); sessionStorage.setItem('cleared', '1'); }")
    page.reload()
    wait_ready(page)
    page.locator("#tutorial-offer").get_by_role("button", name="Start the tutorial").click()
    expect(page.locator('[data-testid="lesson-goal"]')).to_have_text("Goal: " + lessons.lesson(1)["goal"][0])
    assert "lesson=1" in page.url
    assert page.evaluate("localStorage.getItem('gongzhu.save')") is not None
    page.reload()
    wait_ready(page)
    assert page.locator("#tutorial-offer").count() == 0


def test_after_no_thanks_the_help_leads_to_the_first_lesson_not_done(page: Page, site_url: str) -> None:
    """A newcomer who declined the offer finds the tutorial again under Help, on a phone: the link
    opens the first lesson not yet completed (lesson 1 for a new player), in either language."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url)
    wait_ready(page)
    page.locator("#tutorial-offer").get_by_role("button", name="No thanks").click()
    page.click('[data-action="open-help"]')
    link = page.locator("#dlg-help").get_by_role("link", name="Learn to play in six short lessons")
    expect(link).to_be_visible()
    link.click()
    wait_ready(page)
    expect(page.locator('[data-testid="lesson-goal"]')).to_have_text("Goal: " + lessons.lesson(1)["goal"][0])
    assert "lesson=1" in page.url
    # A player who completed lessons 1 and 2, in Chinese: the link goes on at lesson 3.
    record = json.dumps(json.dumps({"v": 1, "done": [1, 2], "offered": True}))
    page.add_init_script(f"localStorage.setItem('gongzhu.tutorial', {record})")
    page.goto(site_url + "?lang=zh")
    wait_ready(page)
    page.click('[data-action="open-help"]')
    link = page.locator("#dlg-help").get_by_role("link", name="六节小课学会拱猪")
    expect(link).to_have_attribute("href", "index.html?lang=zh&lesson=3")


def test_a_first_visit_by_a_shared_deal_shows_the_offer_below_the_deals_notice(page: Page, site_url: str) -> None:
    """On a phone, a new visitor who follows a shared deal's link reads both: the notice naming the
    deal, and the tutorial's offer under it (neither covers the other), over the table."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "?seed=7")
    wait_ready(page)
    notice, offer = page.locator("#notice"), page.locator("#tutorial-offer")
    expect(notice).to_contain_text("shared deal #7")
    expect(offer).to_be_visible()
    header, said, offered, table = (page.locator(sel).bounding_box()
                                    for sel in (".site-header", "#notice", "#tutorial-offer", "#table"))
    assert header and said and offered and table
    assert header["y"] + header["height"] <= said["y"] + 1, (header, said)
    assert said["y"] + said["height"] <= offered["y"], (said, offered)
    assert offered["x"] >= 0 and offered["x"] + offered["width"] <= 360, offered
    offer.get_by_role("button", name="No thanks").click()
    expect(offer).to_be_hidden()
    expect(notice).to_contain_text("shared deal #7")
    assert page.locator("#notice").bounding_box() == said and page.locator("#table").bounding_box() == table


HAND_JS = """() => [document.querySelector('#table').getBoundingClientRect().top,
  ...[...document.querySelectorAll('#hand .card')].map(c => c.getBoundingClientRect().bottom)]"""


@pytest.mark.parametrize("size", [(360, 740), (740, 360), (1280, 800)])
def test_a_lesson_keeps_the_whole_hand_on_the_screen(page: Page, site_url: str, size: tuple[int, int]) -> None:
    """On a phone upright and sideways, and on a laptop, in lesson 5 (the longest title and goal in
    English): the lesson's text shows on a card over the table as the lesson starts, the goal above
    the table, and every card of the hand on the screen without scrolling. "Got it" puts the text
    away and "Read the lesson" brings it back, moving nothing; the player's card puts it away too."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(settings_script(FAST_SETTINGS))  # the cards without animation, to measure them
    page.goto(site_url + "?lesson=5")
    wait_ready(page)
    assert table_state(page) == "play"
    card, toggle = page.locator("#lesson-card"), page.locator('#lesson .lesson-toggle')
    expect(card).to_be_visible()
    expect(card.locator(".lesson-text")).to_contain_text(lessons.lesson(5)["text"][0][:40])
    # Its whole title is on the card wherever the bar has no room for it (a phone: cut short there).
    title = page.locator("#lesson-title")
    if not page.locator("#lesson .lesson-name").is_visible() or title.evaluate("n => n.scrollWidth > n.clientWidth"):
        expect(card.locator(".lesson-card-title")).to_be_visible()
        expect(card.locator(".lesson-card-title")).to_have_text(lessons.lesson(5)["title"][0])
    expect(toggle).to_have_attribute("aria-expanded", "true")
    goal = page.locator('[data-testid="lesson-goal"]').bounding_box()
    assert goal and goal["y"] >= 0 and goal["y"] + goal["height"] <= height, goal
    expect(page.locator("#hand .card")).to_have_count(4)
    at_start = page.evaluate(HAND_JS)
    assert max(at_start[1:]) <= height + 0.5, (at_start, height)
    assert run_axe(page, {"runOnly": ["wcag2a", "wcag2aa"]}) == []  # the card over the table included
    card.get_by_role("button", name="Got it: play").click()
    expect(card).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(toggle).to_have_text("Read the lesson")
    assert page.evaluate(HAND_JS) == at_start
    toggle.click()
    expect(card).to_be_visible()
    assert page.evaluate(HAND_JS) == at_start
    decide(page, LESSON_LINES[5][0][0])
    expect(card).to_be_hidden()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    # The verdict, on a card of its own over the table: the table stays where it was.
    for decision in LESSON_LINES[5][0][1:]:
        decide(page, decision)
    done = page.locator('[data-testid="lesson-done"]')
    expect(done).to_be_visible()
    box = done.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= height, box
    assert page.evaluate(HAND_JS)[0] == at_start[0]


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_a_notice_during_a_lesson_covers_none_of_the_lesson(page: Page, site_url: str, size: tuple[int, int]) -> None:
    """A lesson opened by a link with a bad parameter: the notice that says so floats below the
    lesson, over the top of the table, so the lesson's title, steps and goal stay readable; and
    dismissing the notice moves nothing."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.goto(site_url + "?lesson=2&lang=xx")
    wait_ready(page)
    notice, lesson = page.locator("#notice"), page.locator("#lesson")
    expect(notice).to_contain_text("Ignored language")
    expect(lesson).to_be_visible()
    said, panel, table = (page.locator(sel).bounding_box() for sel in ("#notice", "#lesson", "#table"))
    assert said and panel and table
    assert panel["y"] + panel["height"] <= said["y"] + 1, (panel, said)
    assert said["y"] < table["y"] + table["height"], (said, table)
    notice.get_by_role("button", name="Dismiss").click()
    expect(notice).to_be_hidden()
    assert page.locator("#lesson").bounding_box() == panel and page.locator("#table").bounding_box() == table


def test_bad_lesson_values_and_a_corrupt_record_are_said_and_harmless(page: Page, site_url: str) -> None:
    page.add_init_script(settings_script(FAST_SETTINGS))
    page.add_init_script("if (!sessionStorage.getItem('t')) { localStorage.setItem('gongzhu.tutorial', '{oops');"
                         " sessionStorage.setItem('t', '1'); }")
    page.goto(site_url + "?lesson=%3Cb%3E9")
    wait_ready(page)
    notice = page.locator("#notice-text")
    expect(notice).to_contain_text("Ignored lesson “<b>9”: use 1 to 6.")
    expect(notice).to_contain_text("Your tutorial progress could not be read")
    assert page.locator("#notice b").count() == 0
    expect(page.locator("#hand [data-card]")).to_have_count(13)  # the usual game
    assert progress(page) == {"v": 1, "done": [], "offered": True}
    page.goto(site_url + "?lesson=4")
    wait_ready(page)
    expect(page.locator('[data-testid="lesson-goal"]')).to_contain_text(lessons.lesson(4)["goal"][0])
    expect(page.locator("#lesson .lesson-step.done")).to_have_count(0)


def test_a_lesson_embedded_in_a_page_of_another_origin(page: Page, host, site_url: str) -> None:  # noqa: F811
    page.goto(host("<p>Try the pig:</p><gong-zhu id='lesson' mode='lesson' lesson='3' lang='zh'></gong-zhu>"))
    outer = frame(page, "#lesson iframe")
    src = outer.locator("iframe.game-frame").get_attribute("src") or ""
    assert "index.html?embed=1" in src and "lesson=3" in src and "lang=zh" in src
    game = outer.frame_locator("iframe.game-frame")
    game.locator("html.ready").wait_for(state="attached", timeout=READY_TIMEOUT_MS)
    done = play_lesson(game, 3, "zh")
    expect(done).to_have_attribute("data-testid", "lesson-done")
    expect(done).to_contain_text(lessons.lesson(3)["met"][1])
    # Inside a blog post: no way out to the site's game, and nothing of the reader's is touched.
    assert game.locator('[data-testid="lesson-leave"]').count() == 0
    assert game.locator("html").evaluate("() => localStorage.length") == 0
    done.locator('[data-action="lesson-next"]').click()
    expect(game.locator('[data-testid="lesson-goal"]')).to_contain_text(lessons.lesson(4)["goal"][1])
