"""The table on a phone (portrait and landscape), a laptop and a big screen: nothing overlaps or is cut off.

One page is resized through the four layouts (the CSS is responsive; the game state stays put).
Screenshots of every screen at every layout go to test-artifacts/ (git-ignored), named
layout-<width>x<height>-<screen>.png.
"""

from __future__ import annotations

import warnings
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.harness import ARTIFACTS, wait_ready
from tests.e2e.test_game_support import open_game, save_script, saved_game, table_state

LAYOUTS = [(360, 740), (740, 360), (1280, 800), (1920, 1080)]
SCREENS = [("settings", "open-settings", "#dlg-settings"), ("help", "open-help", "#dlg-help"),
           ("scores", "open-scores", "#dlg-scores"), ("last-trick", "last-trick", "#dlg-last")]

# The regions of the table that must never overlap each other.
REGIONS = {
    "title": ".site-header h1",
    "menu": "#menu",
    "north": "#table .seat.pos-top",
    "west": "#table .seat.pos-left",
    "east": "#table .seat.pos-right",
    "trick": "#trick .trick-cards",
    "you": "#south-info",
    "prompt": "#prompt .prompt-main",
    "hand": "#hand",
}

BOXES_JS = """regions => {
  const out = {};
  for (const [name, sel] of Object.entries(regions)) {
    const el = document.querySelector(sel);
    if (!el) { out[name] = null; continue; }
    const r = el.getBoundingClientRect();
    out[name] = {x: r.left, y: r.top + scrollY, w: r.width, h: r.height};
  }
  out.cards = [...document.querySelectorAll('#hand .card')].map(el => {
    const r = el.getBoundingClientRect(); return {x: r.left, y: r.top + scrollY, w: r.width, h: r.height};
  });
  out.scrollWidth = document.documentElement.scrollWidth;
  return out;
}"""


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["x"] < b["x"] + b["w"] - 1 and b["x"] < a["x"] + a["w"] - 1 and a["y"] < b["y"] + b["h"] - 1 \
        and b["y"] < a["y"] + a["h"] - 1


def check_table(page: Page, width: int, height: int) -> None:
    boxes: dict[str, Any] = page.evaluate(BOXES_JS, REGIONS)
    assert boxes["scrollWidth"] <= width, f"{width}x{height}: horizontal scroll ({boxes['scrollWidth']} px)"
    names = [n for n in REGIONS if boxes[n] and boxes[n]["w"] > 0]
    for name in names:
        box = boxes[name]
        assert box["x"] >= -0.5 and box["x"] + box["w"] <= width + 0.5, f"{width}x{height}: {name} cut off: {box}"
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not overlap(boxes[a], boxes[b]), f"{width}x{height}: {a} overlaps {b}: {boxes[a]} {boxes[b]}"
    cards = boxes["cards"]
    assert cards, "no cards in the hand"
    for card in cards:
        assert card["x"] >= 0 and card["x"] + card["w"] <= width + 0.5, f"{width}x{height}: a card is cut off"
        assert card["y"] + card["h"] <= height + 1, f"{width}x{height}: the hand is below the fold: {card}"
    # Each card shows at least its corner index (a readable strip), and is at least 40 px wide.
    steps = [b["x"] - a["x"] for a, b in zip(cards, cards[1:], strict=False)]
    assert min(steps, default=99) >= 18 and cards[0]["w"] >= 40, f"{width}x{height}: cards too cramped: {steps}"


def shoot(page: Page, width: int, height: int, screen: str) -> None:
    """A screenshot for people to look at. It asserts nothing, so a renderer that gives no frame in
    time (headless Chromium on a loaded machine, now and then) costs a warning, not the test."""
    ARTIFACTS.mkdir(exist_ok=True)
    name = f"layout-{width}x{height}-{screen}.png"
    try:
        page.screenshot(path=str(ARTIFACTS / name), timeout=15_000)
    except PlaywrightTimeout:
        warnings.warn(f"{name} was not taken: no frame from the renderer in 15 s", stacklevel=2)


def check_dialog(page: Page, selector: str, width: int, height: int) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"{selector} cut off at {width}x{height}"
    assert box["y"] >= 0 and box["y"] + box["height"] <= height + 0.5, f"{selector} cut off at {width}x{height}"


def test_every_screen_at_every_layout(page: Page, site_url: str) -> None:
    # A hand in progress: cards on the table, captured cards and exposures to show.
    page.add_init_script(save_script(saved_game(20, "classic", plays=35, expose=True)))
    open_game(page, site_url)
    assert table_state(page) == "play"
    for width, height in LAYOUTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        check_table(page, width, height)
        shoot(page, width, height, "table")
        for screen, action, selector in SCREENS:
            page.click(f'#menu [data-action="{action}"]')
            expect(page.locator(selector)).to_be_visible()
            check_dialog(page, selector, width, height)
            shoot(page, width, height, screen)
            page.keyboard.press("Escape")
            expect(page.locator(selector)).to_be_hidden()


MENU_DIALOGS = [("open-settings", "#dlg-settings"), ("open-help", "#dlg-help"), ("open-scores", "#dlg-scores"),
                ("last-trick", "#dlg-last"), ("stats", "#dlg-stats"), ("share", "#dlg-share"),
                ("create-room", "#dlg-room")]


@pytest.mark.parametrize("size", [(360, 740), (740, 360)])
def test_every_dialog_of_the_menu_closes_from_the_screen_on_a_phone(page: Page, site_url: str,
                                                                    size: tuple[int, int]) -> None:
    """A phone has no Escape key: each dialog the menu opens shows its title and a close button on
    the screen as it opens, without scrolling, and that button takes the player back to the table."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(save_script(saved_game(20, "classic", plays=35)))
    open_game(page, site_url, "?relay=none&stun=none")
    for action, selector in MENU_DIALOGS:
        page.locator(f'#menu [data-action="{action}"]:not([disabled])').click()
        dialog = page.locator(selector)
        expect(dialog).to_be_visible()
        close = dialog.get_by_role("button", name="Close").first
        for _ in range(50):  # (the room's lobby is drawn again once its module has come)
            title, box = dialog.locator("h2").first.bounding_box(), close.bounding_box()
            if title and box:
                break
            page.wait_for_timeout(100)
        assert title and box, action
        for b in (title, box):
            assert b["y"] >= 0 and b["y"] + b["height"] <= height and b["x"] + b["width"] <= width, (action, b)
        close.click()
        expect(dialog).to_be_hidden()


@pytest.mark.parametrize("path", ["rules.html", "keeper.html", "embed.html", "rules.html?lang=zh",
                                  "embed.html?lang=zh"])
def test_the_sites_other_pages_fit_a_small_phone(page: Page, site_url: str, path: str) -> None:
    """The rules, the score keeper and the embedding guide at 320 px, a small phone's width: the page
    never scrolls sideways (a wide table or a long code scrolls or wraps within itself)."""
    page.set_viewport_size({"width": 320, "height": 640})
    page.goto(site_url + path)
    page.wait_for_load_state("load")
    page.wait_for_timeout(300)
    assert page.evaluate("document.documentElement.scrollWidth") <= 320


def test_hand_summary_and_match_end_at_every_layout(page: Page, site_url: str) -> None:
    page.add_init_script(save_script(saved_game(4, {"target": 50}, plays=52, hands=1)))
    open_game(page, site_url)
    summary = page.locator("#dlg-summary")
    expect(summary).to_be_visible()
    for width, height in LAYOUTS:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(150)
        check_dialog(page, "#dlg-summary", width, height)
        shoot(page, width, height, "summary")
    wait_ready(page)


FRAME_JS = """() => Object.fromEntries(["header.site-header", "#menu", "footer.site-footer", "#table"].map(sel => {
  const r = document.querySelector(sel).getBoundingClientRect();
  return [sel, [r.top, r.height, r.width]];
}))"""


def test_the_frame_holds_still_while_the_page_starts(page: Page, site_url: str) -> None:
    """A first visit on a phone: the header, the menu, the footer and the table are where the first
    paint of the cards put them once every menu has mounted (statistics, share and rooms mount after
    the first decision, in buttons index.html draws disabled) and the footer has its texts."""
    page.set_viewport_size({"width": 412, "height": 823})
    page.goto(site_url + "?seed=5")
    page.locator("#hand [data-card]").first.wait_for(state="attached", timeout=60_000)
    first = page.evaluate(FRAME_JS)
    wait_ready(page)
    page.locator('#menu [data-action="create-room"]:not([disabled])').wait_for(timeout=60_000)
    expect(page.locator("#engine-version")).not_to_have_text("Engine loading…")
    assert page.evaluate(FRAME_JS) == first
    # The cards' pictures hold their place before they load (web/cards/*.svg are 5 x 7).
    ratio = page.evaluate("() => getComputedStyle(document.querySelector('#hand img.face')).aspectRatio")
    assert ratio == "5 / 7"


def tap_first_legal(page: Page) -> None:
    """Play the first card that may be played, tapped near its left edge (on a phone's fan a card's
    centre lies under its neighbour), and wait until it has left the hand."""
    held = page.locator("#hand .card").count()
    page.locator("#hand .card.legal").first.click(position={"x": 6, "y": 30})
    page.wait_for_function(f"document.querySelectorAll('#hand .card').length < {held}", polling=50)


def tops(page: Page, selectors: tuple[str, ...]) -> list[int]:
    """The top of each element of the table, in px."""
    return list(page.evaluate("""sels => sels.map(
      sel => Math.round(document.querySelector("#table " + sel).getBoundingClientRect().top))""", list(selectors)))


# Where the seats, the trick and the hand are (the middle of the side seats, which grow as they
# take point cards), and whether the take-back button shows.
TABLE_JS = """() => [
  [".seat.pos-top", ".seat.pos-left", ".seat.pos-right", ".seat.pos-bottom", "#trick", "#hand"].map(sel => {
    const r = document.querySelector("#table " + sel).getBoundingClientRect();
    return Math.round(/left|right/.test(sel) ? r.top + r.height / 2 : r.top);
  }),
  document.querySelectorAll('#actions [data-action="take-back"]').length]"""


def test_the_table_holds_still_as_the_take_back_button_comes_and_goes(page: Page, site_url: str) -> None:
    """On a phone, trick after trick: the take-back button comes with the player's card and goes
    with the trick, and nothing on the table moves for it (the empty row keeps its height)."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url, "?seed=7", rules={"exposure": False}, speed="normal")
    seen = []
    for _ in range(3):
        assert table_state(page) == "play"
        seen.append(page.evaluate(TABLE_JS))
        tap_first_legal(page)
        expect(page.locator('#actions [data-action="take-back"]')).to_be_visible()
        seen.append(page.evaluate(TABLE_JS))
    assert {shown for _, shown in seen} == {0, 1}, seen  # the button came and went
    assert all(tops == seen[0][0] for tops, _ in seen), seen


PLATES = (".pos-left .plate", ".pos-right .plate", ".pos-top .plate", "#south-info .plate")
SOUTH = ("#south-info .plate", "#prompt", "#actions", "#hand", ".pos-left .plate", ".pos-right .plate")


@pytest.mark.parametrize("size", [(360, 740), (1280, 800)])
def test_the_seats_hold_still_as_they_take_point_cards(page: Page, site_url: str, size: tuple[int, int]) -> None:
    """A whole hand on a phone and on a laptop: the seats' plates stay where the hand began as the
    rows of taken cards come (a side seat is centred in its column, and the player's row of taken
    cards would make the bottom of the table taller)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_game(page, site_url, "?seed=7", rules={"exposure": False})
    start = tops(page, PLATES)
    while table_state(page) == "play":
        tap_first_legal(page)
        assert tops(page, PLATES) == start
    # Point cards were taken by a side seat and by the player.
    seats = (".pos-left", ".pos-right", "#south-info")
    taken = [page.locator(f"#table {seat} .captured .cap").count() for seat in seats]
    assert max(taken[:2]) > 0 and taken[2] > 0, taken


@pytest.mark.parametrize("size", [(360, 740), (740, 360), (1280, 800)])
@pytest.mark.parametrize(("seed", "seat", "taken"), [(45, ".pos-right", 12), (17, ".pos-left", 11)])
def test_a_side_seats_long_row_of_taken_cards_stays_in_its_seat(page: Page, site_url: str, size: tuple[int, int],
                                                               seed: int, seat: str, taken: int) -> None:
    """East has taken twelve point cards (seed 45 of random play), or West eleven (seed 17): the
    row of taken cards closes up to fit its seat's column, and the page never scrolls sideways."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    page.add_init_script(save_script(saved_game(seed, "classic", plays=44)))
    open_game(page, site_url)
    expect(page.locator(f"#table {seat} .captured .cap")).to_have_count(taken)
    boxes = page.evaluate("""sel => [document.querySelector("#table " + sel).getBoundingClientRect(),
      ...[...document.querySelectorAll("#table " + sel + " .captured .cap")].map(c => c.getBoundingClientRect())]
      .map(r => [r.left, r.right])""", seat)
    box, cards = boxes[0], boxes[1:]
    assert box[0] - 0.5 <= min(c[0] for c in cards) and max(c[1] for c in cards) <= box[1] + 0.5, (box, cards)
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def test_the_exposure_question_moves_nothing_and_its_news_is_told_in_the_middle(page: Page, site_url: str) -> None:
    """On a phone, the exposure question is one line under the table; what exposing does, and the
    exposures made, are said in the middle of the table, where no card lies yet; and the player's
    seat, prompt, buttons and hand are where they are at the first card."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url, "?seed=9", levels=["normal"] * 4, speed="normal")  # the player holds Q♠
    assert table_state(page) == "expose"
    expect(page.locator("#trick .trick-note")).to_contain_text("An exposed card counts double")
    expect(page.locator("#prompt-main")).to_have_text("Expose your special cards?")
    expect(page.locator("#prompt-hint")).to_be_hidden()
    asked = tops(page, SOUTH)
    page.click('#actions [data-action="expose-confirm"]')  # nothing chosen: "Expose nothing"
    assert table_state(page) == "play"
    expect(page.locator("#trick .trick-note", has_text="counts double")).to_have_count(0)
    assert tops(page, SOUTH) == asked


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_four_special_cards_to_expose_keep_to_one_row_on_a_small_phone(page: Page, site_url: str, lang: str) -> None:
    """On a 360 × 640 phone, a player holding all four special cards gets the question in one row
    of buttons, even with all four chosen (the button then names them all): the hand stays on the
    screen, and nothing under the table moves from the question to the first card."""
    page.set_viewport_size({"width": 360, "height": 640})
    open_game(page, site_url, "?seed=218", levels=["normal"] * 4, speed="normal", lang=lang)
    assert table_state(page) == "expose"
    expect(page.locator("#actions [data-expose]")).to_have_count(4)
    asked = tops(page, SOUTH)
    for toggle in page.locator("#actions [data-expose]").all():
        toggle.click()
    expect(page.locator("#actions .toggle.on")).to_have_count(4)
    rows = page.evaluate("""() => new Set([...document.querySelectorAll('#actions > *')]
      .map(el => Math.round(el.getBoundingClientRect().top + el.getBoundingClientRect().height / 2))).size""")
    assert rows == 1, f"the exposure buttons take {rows} rows"
    assert tops(page, SOUTH) == asked
    check_table(page, 360, 640)  # the hand among the rest: on the screen
    shoot(page, 360, 640, f"expose-four-{lang}")
    page.click('#actions [data-action="expose-confirm"]')
    assert table_state(page) == "play"
    assert tops(page, SOUTH) == asked


@pytest.mark.parametrize("size", [(360, 740), (740, 360), (1280, 800)])
def test_a_hint_moves_nothing_and_stays_clear_of_the_hand(page: Page, site_url: str, size: tuple[int, int]) -> None:
    """On a phone upright and on its side, and on a laptop: the hint, which comes a moment after the
    player asks for it, shows without moving the player's seat, prompt, buttons or hand, and covers
    none of the cards in the hand."""
    width, height = size
    page.set_viewport_size({"width": width, "height": height})
    open_game(page, site_url, "?seed=7", rules={"exposure": False}, speed="normal")
    assert table_state(page) == "play"
    asked = tops(page, SOUTH)
    page.click('[data-action="hint"]')
    hint = page.locator("#prompt-hint")
    expect(hint).to_contain_text("Hint — ", timeout=30_000)
    assert tops(page, SOUTH) == asked
    box, hand = hint.bounding_box(), page.locator("#hand").bounding_box()
    assert box and hand
    assert box["y"] + box["height"] <= hand["y"] + 1, (box, hand)
    assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, box
    shoot(page, width, height, "hint")


def test_a_notice_floats_over_the_table_and_goes_with_the_first_card(page: Page, site_url: str) -> None:
    """On a phone, a shared deal's notice shows below the header, over the top of the table and
    clear of the hand, and moves nothing; the player's first card takes it away, and nothing on
    the table moves for that either."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url, "?seed=7", rules={"exposure": False}, speed="normal")
    notice = page.locator("#notice")
    expect(notice).to_contain_text("shared deal #7")
    assert table_state(page) == "play"
    before = page.evaluate(TABLE_JS)[0]
    box, header, hand = (page.locator(sel).bounding_box() for sel in ("#notice", ".site-header", "#hand"))
    assert box and header and hand
    assert header["y"] + header["height"] <= box["y"] + 1 and box["y"] + box["height"] < hand["y"], (box, header, hand)
    tap_first_legal(page)
    expect(notice).to_be_hidden()
    assert page.evaluate(TABLE_JS)[0] == before


def test_on_a_phone_held_sideways_the_notice_and_menu_buttons_are_big_enough_to_tap(page: Page,
                                                                                    site_url: str) -> None:
    """A phone held sideways (740 × 360): the notice's Dismiss and every menu button are at least
    24 px high and wide (WCAG 2.2's target size), and the notice still leaves the hand clear."""
    page.set_viewport_size({"width": 740, "height": 360})
    open_game(page, site_url, "?seed=7", rules={"exposure": False}, speed="normal")
    expect(page.locator("#notice")).to_contain_text("shared deal #7")
    sizes = page.evaluate("""() => [...document.querySelectorAll('.notice-close, .menu-btn')]
      .filter((el) => el.offsetParent !== null)
      .map((el) => [el.dataset.action, el.getBoundingClientRect().width, el.getBoundingClientRect().height])""")
    assert len(sizes) >= 8, sizes
    assert [s for s in sizes if min(s[1], s[2]) < 24] == [], sizes
    box, hand = (page.locator(sel).bounding_box() for sel in ("#notice", "#hand"))
    assert box and hand and box["y"] + box["height"] < hand["y"], (box, hand)


def test_a_notice_of_long_refused_values_stays_within_a_phones_width(page: Page, site_url: str) -> None:
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url, "?seed=" + "9" * 300 + "&rules=" + "A" * 500 + "&colours=" + "7" * 80)
    notice = page.locator("#notice")
    expect(notice).to_contain_text("Ignored")
    for selector in ("#notice", "#notice-text", '#notice [data-action="dismiss-notice"]'):
        box = page.locator(selector).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= 360, (selector, box)
    close = page.locator('#notice [data-action="dismiss-notice"]').bounding_box()
    assert close and close["width"] > close["height"]  # its word on one line, not a letter a line
    page.locator('#notice [data-action="dismiss-notice"]').click()
    expect(notice).to_be_hidden()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_side_seats_plates_keep_to_one_line_on_a_phone(page: Page, site_url: str, lang: str) -> None:
    """At 360 px the side seats' plates (the turn's dot and the name) stay on one line, and their
    totals are laid out alike whatever the number's width."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(save_script(saved_game(11, "classic", plays=4, hands=3)))
    open_game(page, site_url, lang=lang)
    heights = {seat: page.locator(f'#table [data-seat="{seat}"] .plate').bounding_box() for seat in (1, 2, 3)}
    assert all(box for box in heights.values())
    assert max(b["height"] for b in heights.values()) - min(b["height"] for b in heights.values()) <= 1, heights
    for seat in (1, 2, 3):  # and the names whole, not cut short
        assert page.locator(f'#table [data-seat="{seat}"] .plate .name').evaluate("n => n.scrollWidth <= n.clientWidth")
    stats = [page.locator(f'#table [data-seat="{seat}"] .stats').bounding_box() for seat in (1, 3)]
    assert stats[0] and stats[1] and abs(stats[0]["height"] - stats[1]["height"]) <= 1, stats


def test_the_footer_shows_a_whole_deal_number_on_a_phone(page: Page, site_url: str) -> None:
    """A fresh match's seed has up to 10 digits: on a phone the footer's deal label keeps it whole
    (the engine's version gives way first), for the player to read out."""
    page.set_viewport_size({"width": 360, "height": 740})
    open_game(page, site_url, "?seed=4294967295")
    label = page.locator("#deal-label")
    expect(label).to_have_text("Deal #4294967295")
    assert label.evaluate("n => n.scrollWidth <= n.clientWidth")
    assert page.locator(".site-footer .links").evaluate("n => n.scrollWidth <= n.clientWidth")


def test_the_game_embed_has_no_share_statistics_or_rooms(page: Page, site_url: str) -> None:
    open_game(page, site_url, "?embed=1")
    expect(page.locator("#menu [data-action='open-settings']")).to_be_visible()
    for action in ("share", "stats", "create-room"):
        expect(page.locator(f'#menu [data-action="{action}"]')).to_have_count(0)
