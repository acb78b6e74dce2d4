"""The score keeper page (keeper.html) on a phone: a real Chromium at 360x740, tapped as a person would.

Hands are entered both ways the page offers (tap cards then the player; tap a player then
their cards), RULES.md's worked examples read back the same scores, impossible hands are
refused naming the card, a match runs to its end, past hands are corrected, and the match
survives reloads and an export / import round trip while broken files are refused.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from gongzhu.core.keeper import SCORING_CARDS
from tests.e2e.harness import ARTIFACTS, run_axe
from tests.worked_examples import ALL_HEARTS, WORKED

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 740}
AXE = {"runOnly": ["wcag2a", "wcag2aa"]}
NAMES = ["Ann", "Bo", "<b>Cy</b>", "Di"]


# --- what a person does ------------------------------------------------------------------------


def open_keeper(page: Page, site_url: str) -> None:
    page.set_viewport_size(PHONE)
    page.goto(site_url + "keeper.html")
    page.wait_for_selector("html.ready", state="attached", timeout=30_000)


def start_match(page: Page, names: list[str] = NAMES, preset: str | None = None) -> None:
    if preset:
        page.select_option("#preset", preset)
    # Type the names as on a phone: the keyboard's Enter goes to the next name, the last one starts.
    page.click("#name-0")
    for name in names:
        page.keyboard.type(name)
        page.keyboard.press("Enter")
    expect(page.locator("#entry")).to_be_visible()


def card(page: Page, code: str):
    return page.locator(f"#tray [data-card='{code}']")


def player(page: Page, seat: int):
    return page.locator(f"#players [data-seat='{seat}']")


def give(page: Page, cards: list[str], seat: int) -> None:
    """Tap the cards, then the player who took them."""
    for code in cards:
        card(page, code).click()
    player(page, seat).click()


def give_as_player(page: Page, seat: int, cards: list[str]) -> None:
    """Tap a player, then their cards, then the player again (done)."""
    player(page, seat).click()
    for code in cards:
        card(page, code).click()
    player(page, seat).click()


def rest_to(page: Page, seat: int) -> None:
    """Tap a player, then 'Give the rest to ...'."""
    player(page, seat).click()
    if page.locator("#rest").is_visible():  # hidden when no card is left
        page.click("#rest")
    player(page, seat).click()


def expose(page: Page, codes: list[str]) -> None:
    for code in codes:
        page.click(f"#exposed [data-card='{code}']")


def record(page: Page) -> None:
    before = page.locator("#sheet-table tbody tr[data-hand]").count()
    page.click("#record")
    expect(page.locator("#sheet-table tbody tr[data-hand]")).to_have_count(before + 1)


def totals(page: Page) -> list[int]:
    return [int(v) for v in page.locator("#totals [data-total]").evaluate_all("els => els.map(e => e.dataset.total)")]


def live_score(page: Page, seat: int) -> int:
    return int(player(page, seat).locator(".kp-player-score").inner_text())


def sheet_rows(page: Page) -> list[list[str]]:
    return page.locator("#sheet-table tbody tr[data-hand]").evaluate_all(
        "rows => rows.map(r => [...r.querySelectorAll('td')].map(td => td.innerText.replace(/\\s+/g, ' ').trim()))"
    )


def one_hand(page: Page, pig_to: int = 0, sheep_to: int = 1) -> None:
    """A plain hand: Q♠ K♥ (-140) to `pig_to`, J♦ 10♣ (+200) to `sheep_to`, the other hearts (-160)
    to the first other seat."""
    give(page, ["QS", "KH"], pig_to)
    give(page, ["JD", "TC"], sheep_to)
    rest_to(page, min(s for s in range(4) if s not in (pig_to, sheep_to)))
    record(page)


# --- the tests ---------------------------------------------------------------------------------


def test_worked_examples_read_the_same_scores(page: Page, site_url: str) -> None:
    open_keeper(page, site_url)
    # MicroPython only, no Pyodide: the page is usable about half a second after navigation.
    timings = page.evaluate("window.__keeperTimings")
    ARTIFACTS.mkdir(exist_ok=True)
    (ARTIFACTS / "keeper-timings.json").write_text(json.dumps(timings) + "\n", encoding="utf-8")
    assert 0 < timings["python_ms"] < timings["ready_ms"] < 15_000
    assert not any("pyodide" in url for url in page.evaluate("performance.getEntries().map(e => e.name)"))
    assert page.get_attribute("html", "data-pyscript") == "bytecode"  # PyScript's package precompiled
    start_match(page)
    # Names typed by people are text, never HTML.
    assert page.locator("#players b").count() == 0
    expect(player(page, 2).locator(".kp-player-name")).to_have_text("<b>Cy</b>")
    running = 0
    for n, (captured, exposed, score) in enumerate(WORKED, start=1):
        expect(page.locator("#entry-title")).to_have_text(f"Hand {n}")
        cards = captured.split()
        give(page, cards, 0)
        rest_to(page, 1)
        expose(page, exposed.split())
        # Live: the score and its arithmetic, as on paper.
        assert live_score(page, 0) == score, captured
        lines = page.locator("#lines [data-seat='0'] li").all_inner_texts()
        assert lines, captured
        if exposed:
            assert any("A♥ exposed, hearts x2" in line for line in lines)
        expect(page.locator("#hint")).to_have_text("All 16 scoring cards are assigned.")
        record(page)
        running += score
        cell = page.locator(f"#sheet-table tr[data-hand='{n}'] td[data-seat='0']")
        assert int(cell.locator("[data-score]").inner_text()) == score
        assert int(cell.locator("[data-total]").inner_text()) == running
        assert totals(page)[0] == running
    # Every row of the sheet, and the next leader: the captor of the last hand's pig (Ann).
    assert [int(v) for v in page.locator("#sheet-table td[data-seat='0'] [data-score]").all_inner_texts()] == [
        s for _, _, s in WORKED
    ]
    expect(page.locator("#lead")).to_have_text("Next hand: Ann leads (took the pig).")
    page.screenshot(path=str(ARTIFACTS / "keeper-phone.png"), full_page=True)


def test_an_impossible_hand_is_refused_naming_the_card(page: Page, site_url: str) -> None:
    open_keeper(page, site_url)
    start_match(page)
    give(page, ["QS", "KH"], 0)
    # Bo's pile, read off the table: Q♠ again by mistake.
    give_as_player(page, 1, ["QS", "JD", "TC"])
    expect(card(page, "QS")).to_have_class(re.compile(r"\bkp-twice\b"))
    page.click("#record")
    problems = page.locator("#problems li").all_inner_texts()
    assert problems[0] == "Q♠ is assigned twice: Ann and Bo"
    assert problems[1] == "A♥ is not assigned to anyone"
    expect(page.locator("#problems")).to_be_visible()
    assert page.locator("#sheet-table tbody tr[data-hand]").count() == 0  # nothing recorded
    assert totals(page) == [0, 0, 0, 0]
    # Fix it: Q♠ goes to Ann alone (tap the card, then Ann); the rest to Cy.
    give(page, ["QS"], 0)
    rest_to(page, 2)
    page.click("#record")
    expect(page.locator("#problems")).to_be_empty()
    expect(page.locator("#notice")).to_have_text("Hand 1 recorded.")
    assert totals(page) == [-140, 200, -160, 0]
    # The refusal in Chinese too.
    page.click("#lang-button")
    give(page, ["QS"], 0)
    page.click("#record")
    assert page.locator("#problems li").first.inner_text() == "J♦ 还没有分给任何人"


def test_a_short_match_to_its_end(page: Page, site_url: str) -> None:
    open_keeper(page, site_url)
    start_match(page, preset="fast")
    assert "target 500" in page.inner_text("#rules-line")
    expect(page.locator("#lead")).to_have_text("First hand: the holder of 2♠ leads it.")
    # Ann takes Q♠ and every heart but 2♥ twice: -300 a hand, -600 after two: the pig.
    for _ in range(2):
        give(page, ["QS", *ALL_HEARTS[:-1]], 0)
        give(page, ["JD", "TC", "2H"], 3)
        record(page)
    assert totals(page) == [-600, 0, 0, 400]
    expect(page.locator("#result")).to_be_visible()
    expect(page.locator("#result-pig")).to_have_text("The pig: Ann (-600)")
    expect(page.locator("#result-winner")).to_have_text("Winner: Di (+400)")
    expect(page.locator("#entry")).to_be_hidden()  # no more hands
    summary = page.text_content("#summary-text") or ""
    assert "The pig: Ann" in summary and "Winner: Di" in summary
    # A picture of the sheet to share.
    with page.expect_download() as info:
        page.click("[data-act=image]")
    assert info.value.suggested_filename == "gongzhu-score-Ann-Bo-bCyb-Di.png"
    picture = Path(info.value.path()).read_bytes()
    assert picture.startswith(b"\x89PNG") and len(picture) > 5000
    # A new match with the same players.
    page.click("[data-act=rematch]")
    assert totals(page) == [0, 0, 0, 0]
    expect(page.locator("#entry-title")).to_have_text("Hand 1")


def test_round_points_match(page: Page, site_url: str) -> None:
    open_keeper(page, site_url)
    start_match(page, preset="round-points")
    for _ in range(2):  # a sweep: (200 + 100 + 100) x 2 = +800
        rest_to(page, 1)
        record(page)
    assert totals(page) == [0, 1600, 0, 0]
    assert page.locator("#result-points li strong").all_inner_texts() == ["1", "2", "1", "1"]
    expect(page.locator("#result-winner")).to_have_text("Winner: Bo (+1600)")


def test_edit_and_delete_a_past_hand(page: Page, site_url: str) -> None:
    open_keeper(page, site_url)
    start_match(page)
    one_hand(page, pig_to=0)
    one_hand(page, pig_to=2)
    assert totals(page) == [-300, 400, -300, 0]
    # Hand 1: Q♠ K♥ were Di's, not Ann's.
    page.click("#sheet-table [data-hand='1'] .kp-hand-btn")
    expect(page.locator("#dialog")).to_be_visible()
    assert "Pig Q♠: -100" in page.inner_text("#dialog-body")
    page.click("#dialog [data-act=edit-hand]")
    expect(page.locator("#entry-title")).to_have_text("Correcting hand 1")
    give(page, ["QS", "KH"], 3)
    page.click("#record")
    expect(page.locator("#notice")).to_have_text("Hand 1 corrected; totals recomputed.")
    assert totals(page) == [-160, 400, -300, -140]
    assert sheet_rows(page)[0][0].startswith("0")
    expect(page.locator("#entry-title")).to_have_text("Hand 3")
    expect(page.locator("#lead")).to_have_text("Next hand: <b>Cy</b> leads (took the pig).")
    expect(player(page, 2).locator(".kp-player-meta")).to_have_text("leads this hand")
    # Delete hand 2: only hand 1 counts.
    page.click("#sheet-table [data-hand='2'] .kp-hand-btn")
    page.click("#dialog [data-act=delete-hand]")
    page.click("#dialog [data-act=confirm]")
    expect(page.locator("#dialog")).to_be_hidden()
    assert totals(page) == [0, 200, -160, -140]
    expect(page.locator("#lead")).to_have_text("Next hand: Di leads (took the pig).")


def test_reload_finds_everything(page: Page, site_url: str) -> None:
    open_keeper(page, site_url)
    start_match(page)
    one_hand(page, pig_to=1)
    give(page, ["QS", "AH"], 3)  # a hand half entered
    page.click("#lang-button")  # and Chinese
    before_totals, before_rows = totals(page), sheet_rows(page)
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert totals(page) == before_totals and sheet_rows(page) == before_rows
    expect(page.locator("#entry-title")).to_have_text("第2局")
    expect(card(page, "QS")).to_have_class(re.compile(r"\bkp-seat-3\b"))
    expect(card(page, "AH")).to_have_class(re.compile(r"\bkp-seat-3\b"))
    assert page.get_attribute("html", "lang") == "zh-Hans"
    # The choice is stored where the whole site keeps it.
    settings = json.loads(page.evaluate("localStorage.getItem('gongzhu.settings')"))
    assert settings["lang"] == "zh"
    saved = json.loads(page.evaluate("localStorage.getItem('gongzhu.keeper')"))
    assert saved["v"] == 1 and saved["sheet"]["format"] == "gongzhu-keeper"


def test_export_clear_import(page: Page, site_url: str, tmp_path: Path) -> None:
    open_keeper(page, site_url)
    start_match(page)
    one_hand(page, pig_to=0)
    one_hand(page, pig_to=3)
    before_totals, before_rows = totals(page), sheet_rows(page)
    with page.expect_download() as info:
        page.click("[data-act=export]")
    saved = tmp_path / info.value.suggested_filename
    info.value.save_as(saved)
    data = json.loads(saved.read_text(encoding="utf-8"))
    assert data["format"] == "gongzhu-keeper" and len(data["hands"]) == 2
    assert data["names"][2] == "<b>Cy</b>"
    # Clear: a new match.
    page.click("[data-act=new]")
    page.click("#dialog [data-act=confirm]")
    expect(page.locator("#setup")).to_be_visible()
    # Import the file back.
    page.set_input_files("#import-file", str(saved))
    expect(page.locator("#match")).to_be_visible()
    expect(page.locator("#notice")).to_contain_text("Imported the match")
    assert totals(page) == before_totals and sheet_rows(page) == before_rows
    expect(page.locator("#lead")).to_have_text("Next hand: Di leads (took the pig).")


@pytest.mark.parametrize(
    "content, reason",
    [
        ('{"format": "gongzhu-keeper", "version": 1, "names": ["a", "b", "c", "d"], "hands": [{"pil',
         "This file is not a score sheet (it is not JSON)."),
        ('{"format": "gongzhu-match", "version": 1, "hands": []}', "This file is not a Gong Zhu score sheet."),
    ],
)
def test_a_corrupted_import_leaves_the_match_untouched(page: Page, site_url: str, tmp_path: Path,
                                                        content: str, reason: str) -> None:
    open_keeper(page, site_url)
    start_match(page)
    one_hand(page, pig_to=2)
    before_totals, before_rows = totals(page), sheet_rows(page)
    bad = tmp_path / "bad.json"
    bad.write_text(content, encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#notice")).to_have_text(f"Import refused: {reason} Your current match is unchanged.")
    assert page.get_attribute("#notice", "role") == "alert"
    assert totals(page) == before_totals and sheet_rows(page) == before_rows
    # A damaged sheet (Q♠ in two piles) says which card.
    good = json.loads(page.evaluate("localStorage.getItem('gongzhu.keeper')"))["sheet"]
    good["hands"][0]["piles"][1].append("QS")
    bad.write_text(json.dumps(good), encoding="utf-8")
    page.set_input_files("#import-file", str(bad))
    expect(page.locator("#notice")).to_contain_text("hand 1: Q♠ is assigned twice")
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert totals(page) == before_totals and sheet_rows(page) == before_rows


def test_every_card_and_player_is_reachable_on_a_phone(page: Page, site_url: str) -> None:
    """One-handed: 44-px targets that fit the 360-px width; keyboard; no axe violations; Chinese."""
    open_keeper(page, site_url)
    assert run_axe(page, AXE) == []  # the setup form
    start_match(page)
    # Keyboard: a card button takes Enter, a player takes Space.
    card(page, "QS").focus()
    page.keyboard.press("Enter")
    player(page, 3).focus()
    page.keyboard.press(" ")
    expect(card(page, "QS")).to_have_class(re.compile(r"\bkp-seat-3\b"))
    expect(card(page, "QS")).to_have_attribute("aria-label", "Q♠ pig: Di")
    assert run_axe(page, AXE) == []  # the hand entry
    page.emulate_media(color_scheme="dark")
    assert run_axe(page, AXE) == []  # the hand entry, dark theme
    page.emulate_media(color_scheme="light")
    rest_to(page, 1)
    record(page)
    page.click("#sheet-table [data-hand='1'] .kp-hand-btn")
    assert run_axe(page, AXE) == []  # the hand's dialog
    page.keyboard.press("Escape")
    expect(page.locator("#dialog")).to_be_hidden()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"]
    for code in SCORING_CARDS:
        box = card(page, code).bounding_box()
        assert box and box["height"] >= 44 and box["width"] >= 44
    for seat in range(4):
        box = player(page, seat).bounding_box()
        assert box and box["height"] >= 44
    page.click("#lang-button")
    expect(page.locator("#record")).to_have_text("记下第2局")
    expect(page.locator("#entry-title")).to_have_text("第2局")
    assert page.get_attribute("html", "lang") == "zh-Hans"


def test_partnership_teams_and_copying_the_summary(page: Page, site_url: str) -> None:
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    open_keeper(page, site_url)
    page.check("#partnership")
    expect(page.locator("#teams")).to_be_visible()
    page.fill("#team-0", "North–South")
    start_match(page)
    assert "partnership" in page.inner_text("#rules-line")
    one_hand(page, pig_to=0)  # Ann -140, Bo +200, Cy -160, Di 0
    assert totals(page) == [-300, 200]
    headers = page.locator("#sheet-table thead th").all_inner_texts()
    assert headers[1:] == ["North–South", "Bo & Di"]
    page.click("[data-act=copy]")
    expect(page.locator("#notice")).to_have_text("Summary copied — paste it in your chat.")
    copied = page.evaluate("navigator.clipboard.readText()")
    assert copied.splitlines()[1:] == [
        "Hand 1: North–South -300 · Bo & Di +200",
        "Totals: North–South -300 · Bo & Di +200",
        "Next hand: Ann leads (took the pig)",
    ]


def test_any_house_rule_option(page: Page, site_url: str) -> None:
    """A custom option (pip-valued hearts, no exposure) changes the arithmetic and is shown."""
    open_keeper(page, site_url)
    page.click(".kp-options summary")
    page.select_option("#opt-heart_values", label="pips")
    page.select_option("#opt-exposure", label="off")
    expect(page.locator("#preset")).to_have_value("")  # custom
    start_match(page)
    expect(page.locator("#rules-line")).to_have_text("custom (classic-based) rules · target 1000")
    expect(page.locator("#exposed-box")).to_be_hidden()  # no exposure under these rules
    page.click("#rules-line")
    expect(page.locator("#rules-list [data-option='heart_values']")).to_have_class("kp-changed")
    expect(page.locator("#rules-list [data-option='heart_values'] strong")).to_have_text("pips")
    give(page, ["QS", "KH", "QH", "8H"], 0)
    assert live_score(page, 0) == -178  # -100 -40 -30 -8
    rest_to(page, 1)
    record(page)
    page.reload()
    page.wait_for_selector("html.ready", state="attached")
    assert totals(page)[0] == -178


def test_a_second_tab_follows(page: Page, site_url: str) -> None:
    open_keeper(page, site_url)
    start_match(page)
    other = page.context.new_page()
    other.on("pageerror", lambda e: pytest.fail(f"second tab: {e}"))
    open_keeper(other, site_url)
    expect(other.locator("#entry-title")).to_have_text("Hand 1")
    page.bring_to_front()  # the player goes back to the first tab (a tab behind draws no frames)
    one_hand(page, pig_to=3)
    expect(other.locator("#entry-title")).to_have_text("Hand 2")
    assert totals(other) == totals(page)
    other.close()


def test_keeper_and_rules_work_from_the_built_site_under_a_sub_path(page: Page, serve, tmp_path: Path) -> None:
    """Relative paths only: the deployable _site/ (with its Content-Security-Policy) under /gongzhu/."""
    from build_site import build

    out = tmp_path / "_site"
    files = build(out)
    assert {"keeper.html", "rules.html", "web/runtime/mpy/keeper.bundle", "web/keeper/main.py",
            "web/keeper/mpy.toml"} <= set(files)
    url = serve(out, "/gongzhu/")
    page.set_viewport_size(PHONE)
    page.goto(url + "keeper.html")
    page.wait_for_selector("html.ready", state="attached", timeout=30_000)
    start_match(page)
    one_hand(page, pig_to=1)
    assert totals(page) == [-160, -80, 0, 0]  # Bo: (-100 -40 +100) x 2
    page.goto(url + "rules.html")
    page.wait_for_selector("html.ready", state="attached")
    expect(page.locator("#scoring-table")).to_be_visible()


def test_a_link_chooses_the_keepers_language_for_the_visit(page: Page, site_url: str) -> None:
    page.goto(site_url + "keeper.html")
    page.evaluate("localStorage.setItem('gongzhu.settings', JSON.stringify({v: 1, lang: 'en'}))")
    page.goto(site_url + "keeper.html?lang=zh")
    page.wait_for_selector("html.ready", state="attached", timeout=30_000)
    assert page.get_attribute("html", "lang") == "zh-Hans"
    expect(page.locator("#setup h2")).to_have_text("新的一场")
    assert json.loads(page.evaluate("localStorage.getItem('gongzhu.settings')"))["lang"] == "en"


def test_long_names_fit_a_phones_width(page: Page, site_url: str) -> None:
    """Names of up to 24 characters are cut short with an ellipsis, never widening the page."""
    open_keeper(page, site_url)
    start_match(page, ["Grandma Elizabeth Smith", "王小明的奶奶和爷爷", "Dad", "Tom"])
    give(page, ["JD", "QS"], 0)
    give(page, ["TC"], 1)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for locator in [player(page, seat) for seat in range(4)] + [card(page, code) for code in ("JD", "QS", "TC")]:
        box = locator.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], locator
    columns = page.evaluate("[...document.querySelectorAll('#tray > *')].slice(0, 4).map(b => b.offsetWidth)")
    assert max(columns) - min(columns) <= 1, columns  # the tray's four columns stay equal
