"""The rules page (rules.html) in a real Chromium: no errors, the scoring table, and a full Chinese switch."""

from __future__ import annotations

import json
import re

import pytest
from playwright.sync_api import Page, expect

from gongzhu.core.options import OPTION_NAMES, PRESETS
from tests.e2e.harness import luminance, run_axe

pytestmark = pytest.mark.e2e

# RULES.md's worked examples, in the order of its table.
WORKED_SCORES = [-180, -360, -260, 800, 50, 0, 200, 300]


def visible_text(page: Page, selector: str) -> str:
    return page.locator(selector).inner_text()


def test_rules_page_shows_the_scoring_table_and_switches_to_chinese(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "rules.html")
    page.wait_for_selector("html.ready", state="attached")

    # English first (a fresh browser, no remembered choice), with the scoring table of RULES.md.
    assert page.get_attribute("html", "data-lang") == "en"
    assert page.locator("h1").inner_text() == "The rules of Gong Zhu"
    expect(page.locator("#scoring-table")).to_be_visible()
    rows = page.locator("#scoring-table tbody tr")
    assert [int(v) for v in rows.evaluate_all("rs => rs.map(r => r.dataset.score)")] == WORKED_SCORES
    assert rows.nth(0).inner_text().split("\t")[-1].strip() == "−180"
    # Every house-rule option of gongzhu/core/options.py and every preset is described.
    listed = page.locator("#options-table [data-option]").evaluate_all("rs => rs.map(r => r.dataset.option)")
    assert sorted(listed) == sorted(OPTION_NAMES)
    presets = page.locator("[data-preset]").evaluate_all("ps => ps.map(p => p.dataset.preset)")
    assert presets == list(PRESETS)
    # Links to the game and the keeper; no horizontal scrolling on a phone.
    assert page.locator("a[href='index.html']").count() >= 1
    assert page.locator("a[href='keeper.html']").count() >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert run_axe(page, {"runOnly": ["wcag2a", "wcag2aa"]}) == []

    # Chinese: no English word left in the main content.
    page.click("#lang-button")
    assert page.get_attribute("html", "lang") == "zh-Hans"
    assert page.locator("h1").inner_text() == "拱猪规则"
    main = visible_text(page, "main")
    assert "计分示例" in main and "猪" in main
    english = re.findall(r"[A-Za-z]{2,}", main)
    assert english == [], english
    expect(page.locator("#scoring-table")).to_be_visible()
    assert run_axe(page, {"runOnly": ["wcag2a", "wcag2aa"]}) == []

    # Remembered where the whole site keeps the language, and applied on the next visit.
    settings = json.loads(page.evaluate("localStorage.getItem('gongzhu.settings')"))
    assert settings["lang"] == "zh"
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert page.get_attribute("html", "data-lang") == "zh"
    assert re.findall(r"[A-Za-z]{2,}", visible_text(page, "main")) == []
    page.screenshot(path="test-artifacts/rules-zh-phone.png")
    # And back.
    page.click("#lang-button")
    assert page.locator("h1").inner_text() == "The rules of Gong Zhu"
    assert json.loads(page.evaluate("localStorage.getItem('gongzhu.settings')"))["lang"] == "en"


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_rules_page_reads_at_night_in_the_systems_dark_theme(page: Page, site_url: str, lang: str) -> None:
    """A newcomer reading the rules on a phone set to its dark theme: dark paper, every text (the
    scoring tables, the worked examples, the cards' names) readable by axe's contrast rule."""
    page.emulate_media(color_scheme="dark")
    page.set_viewport_size({"width": 360, "height": 740})
    page.goto(site_url + "rules.html?lang=" + lang)
    page.wait_for_selector("html.ready", state="attached")
    assert luminance(page, "main") < 0.05
    assert luminance(page, "#scoring-table") < 0.05
    assert run_axe(page, {"runOnly": ["wcag2a", "wcag2aa"]}) == []


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_rules_table_fits_a_phone_without_scrolling_sideways(page: Page, site_url: str, width: int,
                                                                   lang: str) -> None:
    """On a phone the worked examples show their scores, and the house rules their choices, without
    scrolling the table sideways: every column is on the screen."""
    page.set_viewport_size({"width": width, "height": 740})
    page.goto(site_url + "rules.html?lang=" + lang)
    page.wait_for_selector("html.ready", state="attached")
    wide = page.evaluate("""() => [...document.querySelectorAll('.rp-table-wrap')]
        .filter(w => w.scrollWidth > w.clientWidth)
        .map(w => [w.querySelector('table').id, w.scrollWidth, w.clientWidth])""")
    assert wide == []


def test_rules_page_keeps_the_main_page_settings(page: Page, site_url: str) -> None:
    """Switching language here changes only "lang" in the main page's settings."""
    page.goto(site_url + "rules.html")
    page.evaluate("""localStorage.setItem('gongzhu.settings',
        JSON.stringify({v: 1, lang: 'en', speed: 'fast', levels: ['hard', 'hard', 'hard', 'hard']}))""")
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    page.click("#lang-button")
    settings = json.loads(page.evaluate("localStorage.getItem('gongzhu.settings')"))
    assert settings == {"v": 1, "lang": "zh", "speed": "fast", "levels": ["hard", "hard", "hard", "hard"]}


def test_a_link_chooses_the_language_and_a_bad_one_is_refused_as_text(page: Page, site_url: str) -> None:
    """`rules.html?lang=zh` opens in Chinese for this visit (not remembered); another value is
    ignored with a visible notice, shown as text."""
    page.goto(site_url + "rules.html?lang=zh-CN")
    page.wait_for_selector("html.ready", state="attached")
    assert page.get_attribute("html", "data-lang") == "zh"
    assert page.locator("h1").inner_text() == "拱猪规则"
    assert page.evaluate("localStorage.getItem('gongzhu.settings')") is None
    assert page.locator(".url-notice").count() == 0

    page.goto(site_url + "rules.html?lang=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D1%3E")
    page.wait_for_selector("html.ready", state="attached")
    assert page.get_attribute("html", "data-lang") == "en"
    notice = page.locator("main .url-notice")
    expect(notice).to_have_text("Ignored language “<img src=x onerror=window.__pwned=1>”: use en or zh.")
    assert page.locator("main img[src=x]").count() == 0 and page.evaluate("window.__pwned") is None
    assert run_axe(page, {"runOnly": ["wcag2a", "wcag2aa"]}) == []


def test_a_lesson_link_of_the_chinese_rules_opens_the_lesson_in_chinese(page: Page, site_url: str) -> None:
    """A reader of the rules in Chinese (by a link, in an English browser) who taps 练一练 gets the
    lesson in Chinese, and an English reader's links keep English."""
    from gongzhu.core import lessons

    page.goto(site_url + "rules.html?lang=zh")
    page.wait_for_selector("html.ready", state="attached")
    for link in page.locator("a.rp-lesson").all():
        chinese = bool(re.search(r"[\u4e00-\u9fff]", link.inner_text() or link.text_content() or ""))
        assert (link.get_attribute("href") or "").endswith("&lang=zh" if chinese else "&lang=en"), link
    page.get_by_role("link", name="练一练：第2课").click()
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    expect(page.locator('[data-testid="lesson-goal"]')).to_have_text("目标：" + lessons.lesson(2)["goal"][1])

