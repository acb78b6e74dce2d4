"""Online rooms in real Chromium, their later parts: a guest's hint, the players' names on the seat
plates, a seat taken back from another browser, the pairing codes as QR codes, a room in Chinese.
A relay on loopback started by the test, no request off the machine."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Browser, Page, Route, expect

from tests.e2e.harness import PageGuard, wait_ready
from tests.e2e.rooms_support import (
    Tabs,
    join_guest,
    open_host,
    open_pairing_host,
    play_hand_together,
    start_room,
    state_of,
    wait_seated,
)
from tests.e2e.test_game_support import FAST_SETTINGS, hand_codes, play_hand, save_script, saved_game, settings_script

ZH_SETTINGS = dict(FAST_SETTINGS, lang="zh")


def seat_of(host: Page, name: str) -> int:
    """The seat the host's lobby gives the player `name`."""
    return int(host.locator("#dlg-room [data-room-player]").filter(has_text=name).get_attribute("data-room-player")
               or 0)


def test_a_guest_sees_names_on_the_plates_and_gets_a_hint_from_the_host(tabs: Tabs, site_url: str,
                                                                         relay: str) -> None:
    """A guest and the host named with markup: every screen shows each person's name on their seat
    plate as text (never HTML), the bots keep their level. The host names itself in the lobby while a
    guest comes in (the redrawn lobby keeps what is typed), and the next room it opens has that name
    again. The guest's hint button gives the strongest bot's suggestion for the guest's own decision
    (worked out by the host's engine); a hint asked again at once is refused by the host's limit, and
    the hand goes on."""
    name, host_name = "<i>Mei</i>", "<b>Wei</b>"
    host, link = open_host(tabs, site_url, relay)
    expect(host.locator('label[for="host-name"]')).to_have_text("Your name at the table (up to 24 characters)")
    host.click("#host-name")
    host.keyboard.type(host_name[:4])
    guest = join_guest(tabs, link, name)
    wait_seated(host, {name: guest})
    host.keyboard.type(host_name[4:])
    host.keyboard.press("Tab")
    expect(host.locator("#host-name")).to_have_value(host_name)
    # The guest's lobby names the host as it is typed.
    expect(guest.locator("#dlg-room [data-room-player]", has_text=host_name)).to_have_count(1, timeout=30_000)
    seat = seat_of(host, name)
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    # A guest's menu: the statistics open; no room of its own to create.
    expect(guest.locator('#menu [data-action="stats"]')).to_be_enabled()
    expect(guest.locator('#menu [data-action="create-room"]')).to_be_hidden()
    # The host's screen: the guest's name on its plate; the bots' plates say their level.
    plate = host.locator(f'#table [data-seat="{seat}"] .plate')
    expect(plate.locator('[data-testid="seat-person"]')).to_have_text(name)
    assert plate.locator("i").count() == 0
    for bot in {1, 2, 3} - {seat}:
        expect(host.locator(f'#table [data-seat="{bot}"] .plate [data-testid="seat-person"]')).to_have_count(0)
        expect(host.locator(f'#table [data-seat="{bot}"] .plate .level')).to_have_text("Beginner")
    # The guest's screen: its own name on its plate, the host's on the host's (turned to its seat).
    expect(guest.locator('#south-info .plate [data-testid="seat-person"]')).to_have_text(name)
    host_plate = guest.locator(f'#table [data-seat="{(0 - seat) % 4}"] [data-testid="seat-person"]')
    expect(host_plate).to_have_text(host_name)
    assert host_plate.locator("b").count() == 0
    # The hint: the host's engine must have its strongest bot (Pyodide) in.
    host.wait_for_selector("html.search-ready", state="attached", timeout=180_000)
    play_hand_together([host, guest], until=lambda states: states[1] in ("pass", "expose", "play"))
    guest.evaluate("""() => { window.sentTexts = [];
      const send = window.gongzhuWire.send.bind(window.gongzhuWire);
      window.gongzhuWire.send = (text, peer) => { window.sentTexts.push(String(text)); send(text, peer); }; }""")
    hint_button = guest.locator('[data-action="hint"]')
    expect(hint_button).to_be_enabled()
    hint_button.click()
    expect(guest.locator("#prompt .prompt-hint")).to_contain_text("Hint — ", timeout=60_000)
    sent = [json.loads(text) for text in guest.evaluate("() => window.sentTexts")]
    assert [m["t"] for m in sent] == ["hint"] and set(sent[0]) == {"t", "id"}  # only the request, no seat
    # Asked again at once, straight on the wire: the host's limit refuses it, for this guest alone.
    host_peer = guest.evaluate("() => window.gongzhuWire.peers()[0]")
    for _ in range(2):
        guest.evaluate("([text, peer]) => window.gongzhuWire.send(text, peer)",
                       [json.dumps({"t": "hint", "id": 999}), host_peer])
    expect(guest.locator("#notice")).to_contain_text(re.compile("too many hints|being worked out"), timeout=30_000)
    # The host's own hint works in the room too.
    play_hand_together([host, guest], until=lambda states: states[0] in ("pass", "expose", "play"))
    host.click('[data-action="hint"]')
    expect(host.locator("#prompt .prompt-hint")).to_contain_text("Hint — ", timeout=60_000)
    play_hand_together([host, guest])
    # The host's next room: its name is there already.
    host.click('#dlg-summary [data-action="close"]')
    host.click('#room-bar [data-action="leave-room"]')
    host.click('[data-action="create-room"]')
    expect(host.locator("#host-name")).to_have_value(host_name, timeout=30_000)
    tabs.check()


def test_a_seat_is_taken_back_from_another_browser(tabs: Tabs, site_url: str, relay: str) -> None:
    """Another browser cannot take a connected guest's seat by its name. Once that guest's tab is
    gone and a bot plays for it, a new browser opening the link is offered the seat by the
    player's name, takes it, and finishes the hand; the host's screen says who took which seat."""
    host, link, guests = start_room(tabs, site_url, relay, ["Mei", "Jun"], grace_ms=1500)
    mei, jun = guests["Mei"], guests["Jun"]
    # A third browser names itself Jun while Jun is at the table: refused.
    impostor = join_guest(tabs, link, "Jun")
    expect(impostor.locator('[data-testid="room-status"]')).to_contain_text(  # in the lobby it sees
        "The host could not seat you: Jun sits at the table already", timeout=60_000)
    expect(impostor.locator('[data-testid="room-take-back"]')).to_have_text(
        "The match has started and every seat is taken.")
    play_hand_together([host, mei, jun], until=lambda states: states[1] == "play" and mei.locator(
        "#hand .card").count() < 13)
    mei.close(run_before_unload=True)  # Mei closes the tab (the page says goodbye as it goes)
    expect(host.locator("#notice")).to_contain_text("Mei lost the connection", timeout=60_000)
    expect(impostor.locator('[data-action="take-back"]')).to_have_text("Take back Mei's seat")
    laptop, _ = tabs.open()
    laptop.add_init_script(settings_script(FAST_SETTINGS))
    laptop.goto(link)
    offer = laptop.locator('#dlg-room [data-action="take-back"]')
    expect(offer).to_have_text("Take back Mei's seat", timeout=120_000)
    offer.click()
    laptop.wait_for_selector("html.ready", state="attached", timeout=90_000)
    expect(host.locator("#notice")).to_contain_text("Mei took their seat back", timeout=30_000)
    expect(host.locator("#notice")).to_contain_text("from another browser")
    expect(laptop.locator('#south-info [data-testid="seat-person"]')).to_have_text("Mei")
    play_hand_together([host, laptop, jun])
    tabs.check()


def test_pairing_codes_are_also_qr_codes_and_the_offers_opens_the_game(tabs: Tabs, site_url: str) -> None:
    """Manual pairing (no relay): the host's offer is shown as a QR code of the `#pair=` link with the
    code (drawn on the page), which opens the friend's game with the offer filled in and its answer
    made at once, itself shown as a QR code; each code has a copy button."""
    host = open_pairing_host(tabs, site_url)
    expect(host.locator('[data-testid="pair-offer-qr"]')).to_be_hidden()
    host.click('[data-action="pair-offer"]')
    offer = host.locator('[data-testid="pair-offer"]')
    expect(offer).not_to_have_value("", timeout=30_000)
    code = offer.input_value()
    link = f"{site_url}?relay=none&stun=none#pair={code}"
    expect(host.locator('[data-testid="pair-offer-qr"]')).to_be_visible()
    assert same_qr(host, '[data-testid="pair-offer-qr"]', link)
    expect(host.locator('#dlg-room [data-copy="pair-offer"]')).to_be_visible()
    guest, _ = tabs.open()
    guest.add_init_script(settings_script(FAST_SETTINGS))
    guest.goto(link)
    guest.fill("#player-name", "Mei", timeout=120_000)
    guest.click('[data-action="take-seat"]')
    expect(guest.locator('[data-testid="pair-offer-in"]')).to_have_value(code)
    answer = guest.locator('[data-testid="pair-answer"]')
    expect(answer).not_to_have_value("", timeout=30_000)
    expect(guest.locator('[data-testid="pair-answer-qr"]')).to_be_visible()
    assert same_qr(guest, '[data-testid="pair-answer-qr"]', answer.input_value())
    expect(guest.locator('#dlg-room [data-copy="pair-answer"]')).to_be_visible()
    host.fill('[data-testid="pair-answer-in"]', answer.input_value())
    host.click('[data-action="pair-accept"]')
    wait_seated(host, {"Mei": guest})
    tabs.check()


def same_qr(page: Page, selector: str, text: str) -> bool:
    """Whether the canvas `selector` holds `text` as web/room.mjs's drawQr draws it (and not blank)."""
    return bool(page.evaluate("""async ([selector, text]) => {
      const shown = document.querySelector(selector);
      const fresh = document.createElement("canvas");
      (await import("./web/room.mjs")).drawQr(fresh, text);
      const pixels = shown.getContext("2d").getImageData(0, 0, shown.width, shown.height).data;
      return shown.width > 100 && pixels.some((v, i) => i % 4 === 0 && v === 0)
        && shown.toDataURL() === fresh.toDataURL();
    }""", [selector, text]))


def join_in_chinese(tabs: Tabs, link: str, name: str) -> Page:
    page, _ = tabs.open()
    page.context.add_init_script(settings_script(ZH_SETTINGS))
    page.goto(link)
    expect(page.locator("#dlg-room h2")).to_have_text("和朋友一起玩", timeout=120_000)
    expect(page.locator('label[for="player-name"]')).to_have_text("你的名字（最多 24 个字符）")
    page.fill("#player-name", name)
    page.click('[data-action="take-seat"]')
    return page


def test_a_whole_room_in_chinese(tabs: Tabs, site_url: str, relay: str) -> None:
    """The host and two guests use Chinese: the lobby, the seating, the room bar, the seat plates, a
    refused message and the hand summary all read in Chinese on every screen."""
    host, link = open_host(tabs, site_url, relay, settings=ZH_SETTINGS)
    expect(host.locator("#dlg-room h2")).to_have_text("和朋友一起玩")
    expect(host.locator("#dlg-room .room-status")).to_have_text("等待朋友入座…")
    expect(host.locator('label[for="host-name"]')).to_have_text("你在牌桌上的名字（最多 24 个字符）")
    expect(host.locator("#host-name")).to_have_value("")  # no name given: the screens say "房主"
    guests = {name: join_in_chinese(tabs, link, name) for name in ("小梅", "阿俊")}
    for name, page in guests.items():
        host.locator("#dlg-room [data-room-player]", has_text=name).wait_for(timeout=90_000)
        expect(page.locator('[data-testid="room-status"]')).to_have_text("你已入座，等待房主开始…", timeout=90_000)
        expect(page.locator("#dlg-room h3")).to_have_text("座位")
    expect(host.locator('[data-action="start-room"]')).to_have_text("开始对局")
    host.click('[data-action="start-room"]')
    pages = [host, *guests.values()]
    for page in guests.values():
        page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    for page in pages:
        expect(page.locator('#room-bar [data-action="leave-room"]')).to_have_text("离开房间")
        expect(page.locator('#south-info .plate .name')).to_have_text("你")
    expect(host.locator('#south-info [data-testid="seat-person"]')).to_have_text("房主")
    for name in guests:
        expect(host.locator('#table [data-testid="seat-person"]', has_text=name)).to_have_count(1)
    mei = guests["小梅"]
    expect(mei.locator('#table [data-testid="seat-person"]', has_text="房主")).to_have_count(1)
    expect(mei.locator('#table [data-testid="seat-person"]', has_text="阿俊")).to_have_count(1)
    expect(mei.locator("#room-bar")).to_contain_text("机器人（")  # the bot's seat, with its level
    # A forged message (a card not held): refused in Chinese, for that guest alone.
    play_hand_together(pages, until=lambda states: states[1] == "play")
    expect(mei.locator('[data-testid="room-turn"]')).to_have_text("轮到：你")
    held = set(mei.locator("#hand button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    foreign = sorted({r + s for r in "23456789TJQKA" for s in "SHDC"} - held)[0]
    host_peer = mei.evaluate("() => window.gongzhuWire.peers()[0]")
    mei.evaluate("([text, peer]) => window.gongzhuWire.send(text, peer)",
                 [json.dumps({"t": "act", "id": 77, "kind": "play", "arg": foreign, "extra": 1}), host_peer])
    expect(mei.locator("#notice")).to_contain_text("房主拒绝了一条消息：多余的字段 extra", timeout=30_000)
    expect(guests["阿俊"].locator("#notice")).not_to_contain_text("房主拒绝")
    play_hand_together(pages)
    for page in pages:
        summary = page.locator('[data-testid="hand-summary"]')
        expect(summary).to_be_visible()
        assert any("一" <= ch <= "鿿" for ch in summary.text_content() or "")
        assert state_of(page) == "summary"
    tabs.check()


def test_on_a_phone_the_lobby_closes_by_its_button_and_opens_again(page: Page, site_url: str) -> None:
    """A phone has no Escape key: the lobby's × closes it, back to the table (the room stays open),
    and "Play with friends" opens the same room again. Its title and its start button are on the
    screen however long the lobby is, and its text keeps clear of the dialog's edges."""
    page.set_viewport_size({"width": 360, "height": 740})
    page.add_init_script(settings_script(FAST_SETTINGS))
    page.goto(f"{site_url}?relay=none&stun=none")
    page.wait_for_selector("html.ready", state="attached", timeout=60_000)
    page.click('[data-action="create-room"]')
    lobby = page.locator("#dlg-room")
    expect(lobby).to_be_visible()
    link = page.locator('[data-testid="room-link"]').get_attribute("href", timeout=30_000)
    frame, title, start = (lobby.bounding_box(), page.locator("#dlg-room-title").bounding_box(),
                           lobby.locator('[data-action="start-room"]').bounding_box())
    assert frame and title and start
    assert title["x"] >= frame["x"] + 8 and title["y"] >= frame["y"], (title, frame)
    assert start["y"] + start["height"] <= min(740, frame["y"] + frame["height"]) + 0.5, (start, frame)
    # The room's rules are named and ordered as in the settings.
    choices = lobby.locator("[data-room-rules] option").all_text_contents()
    assert choices[1:] == ["Classic", "Beginner", "Fast", "Round points"], choices
    lobby.get_by_role("button", name="Close", exact=True).click()
    expect(lobby).to_be_hidden()
    page.click('[data-action="create-room"]')
    expect(lobby).to_be_visible()
    assert page.locator('[data-testid="room-link"]').get_attribute("href") == link
    # A room opened by mistake, or no longer wanted before its match starts, closes: a new one
    # (another link) opens the next time.
    lobby.get_by_role("button", name="Close the room").click()
    expect(lobby).to_be_hidden()
    expect(page.locator("#notice")).to_contain_text("You left the room.")
    page.click('[data-action="create-room"]')
    expect(lobby).to_be_visible()
    again = page.locator('[data-testid="room-link"]').get_attribute("href", timeout=30_000)
    assert again and again != link


def test_the_lobby_opens_at_the_tap_and_says_so_while_the_room_loads(page: Page, site_url: str) -> None:
    """"Play with friends" loads the room's module on first use (a moment on a slow phone network):
    the lobby opens at the tap, with its title, its close button and a line saying the room is
    opening, and becomes the lobby with the room's link once the module has come."""
    held: list[Route] = []
    page.route("**/web/room.mjs", lambda route: held.append(route))
    page.add_init_script(settings_script(ZH_SETTINGS))
    page.goto(f"{site_url}?relay=none&stun=none")
    wait_ready(page)
    page.click('[data-action="create-room"]')
    lobby = page.locator("#dlg-room")
    expect(lobby).to_be_visible()
    expect(lobby.locator('[data-testid="room-opening"]')).to_have_text("正在打开房间…")
    expect(lobby.locator("#dlg-room-title")).to_have_text("和朋友一起玩")
    expect(lobby.get_by_role("button", name="关闭", exact=True)).to_be_visible()
    expect(page.locator('[data-testid="room-link"]')).to_have_count(0)
    for _ in range(100):
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "the room's module was never asked for"
    for route in held:
        route.continue_()
    page.unroute("**/web/room.mjs")
    expect(page.locator('[data-testid="room-link"]')).to_have_attribute("href", re.compile("#room="), timeout=30_000)
    expect(lobby.locator('[data-testid="room-opening"]')).to_have_count(0)
    expect(lobby.locator(".dlg-foot .room-status")).to_have_text("等待朋友入座…")


def test_a_room_says_when_this_device_is_offline(tabs: Tabs, site_url: str) -> None:
    """On a plane: the host's lobby and a guest's both say that the device is offline, so nobody
    waits for a friend who cannot come; back online, they wait as before."""
    host, _ = tabs.open()
    host.add_init_script(settings_script(FAST_SETTINGS))
    host.goto(f"{site_url}?relay=none&stun=none")
    host.wait_for_selector("html.ready", state="attached", timeout=60_000)
    host.click('[data-action="create-room"]')
    status = host.locator("#dlg-room .dlg-foot .room-status")
    expect(status).to_have_text("Waiting for a friend to take a seat…")
    link = host.locator('[data-testid="room-link"]').get_attribute("href", timeout=30_000) or ""
    # Every file of the page is in, as a visit before would have them: Pyodide, the room's modules.
    host.wait_for_selector("html.search-ready", state="attached", timeout=120_000)
    host.context.set_offline(True)
    expect(status).to_have_text("This device is offline: friends can join once it is back online "
                                "(or pair by codes on the same network).")
    host.context.set_offline(False)
    expect(status).to_have_text("Waiting for a friend to take a seat…")
    guest, _ = tabs.open()
    guest.add_init_script(settings_script(dict(FAST_SETTINGS, lang="zh")))
    guest.goto(link)
    said = guest.locator('[data-testid="room-status"]')
    expect(said).to_have_text("正在连接房间…", timeout=60_000)  # (no relay: it looks for the host)
    # The room's modules and its settings (web/room.json) are in, as a visit before would have them.
    guest.evaluate("async () => { await import('./web/room.mjs'); }")
    guest.wait_for_function("performance.getEntriesByType('resource').some(e => e.name.endsWith('/web/room.json')"
                            " && e.responseEnd > 0)")
    guest.context.set_offline(True)
    offline = "此设备已离线：恢复联网后才能找到房间。"
    expect(said).to_have_text(offline)
    guest.context.set_offline(False)
    expect(said).not_to_have_text(offline)
    expect(said).not_to_be_empty()



def test_a_host_whose_room_settings_do_not_come_is_told_and_keeps_the_match(tabs: Tabs, site_url: str,
                                                                            relay: str) -> None:
    """The network drops as a room opens, after its module came but before its settings
    (web/room.json): the host's lobby says the room could not be opened and offers no link, rather
    than waiting for friends who cannot come, and the match at the table goes on."""
    host, guard = tabs.open()
    guard.allow(r"request failed: .*/web/room\.json")
    guard.allow(r"console error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED")
    host.route("**/web/room.json", lambda route: route.abort("internetdisconnected"))
    host.add_init_script(settings_script(FAST_SETTINGS))
    host.goto(f"{site_url}?relay={relay}&stun=none")
    wait_ready(host)
    held = host.locator("#hand .card").count()
    host.click('[data-action="create-room"]')
    status = host.locator("#dlg-room .dlg-foot .room-status")
    failed = ("The room could not be opened: the connection dropped while it loaded. Reload the page to "
              "try again; your match is kept.")
    expect(status).to_have_text(failed)
    # No link to share that leads nowhere; pairing by codes, which needs the same settings, says so too.
    expect(host.locator('[data-testid="room-link"]')).to_have_count(0)
    host.click("#dlg-room .room-pair summary")
    expect(host.locator('[data-testid="pair-offer"]')).to_have_value("")
    expect(status).to_have_text(failed)
    host.keyboard.press("Escape")
    expect(host.locator("#notice")).to_contain_text("The room could not be opened")
    assert host.locator("#hand .card").count() == held

def test_a_guest_who_cannot_find_the_host_is_told_what_may_be_wrong(tabs: Tabs, site_url: str, relay: str) -> None:
    """A room's link whose host is not there (the host's page closed, or networks the relays do not
    join): after a while the guest's lobby says what may be wrong and what helps, in the player's
    language, and the search goes on; once the host answers, it is said no more."""
    slow = "window.gongzhuRoomSlowMs = 300;"
    nobody = f"{site_url}?relay={relay}&stun=none#room={'5a' * 16}"
    hints = {"en": ("Still looking for the host. Is the host's page still open?", "“No relay? Pair by codes”"),
             "zh": ("仍在寻找房主。房主的页面还开着吗？", "“无法中转？用配对码连接”")}
    for lang, (opening, pairing) in hints.items():
        guest, _ = tabs.open()
        guest.add_init_script(settings_script(dict(FAST_SETTINGS, lang=lang)) + slow)
        guest.goto(nobody)
        hint = guest.locator('[data-testid="room-host-slow"]')
        expect(hint).to_contain_text(opening, timeout=60_000)
        expect(hint).to_contain_text(pairing)
        guest.fill("#player-name", "Mei")
        guest.click('[data-action="take-seat"]')
        expect(guest.locator('[data-testid="room-status"]')).to_have_text(
            "Looking for the host…" if lang == "en" else "正在寻找房主…")
        expect(hint).to_be_visible()
    # A guest told at once (before any host could answer) is told no more once the host answers.
    host, link = open_host(tabs, site_url, relay)
    guest, _ = tabs.open()
    guest.add_init_script(settings_script(FAST_SETTINGS) + "window.gongzhuRoomSlowMs = 1;")
    guest.goto(link)
    guest.fill("#player-name", "Jun", timeout=120_000)
    guest.click('[data-action="take-seat"]')
    wait_seated(host, {"Jun": guest})
    guest.wait_for_timeout(600)
    expect(guest.locator('[data-testid="room-host-slow"]')).to_be_hidden()
    tabs.check()


# The page's first message of Trystero's password handshake (its action "@_hsdata") is lost on the way.
LOSE_FIRST_HANDSHAKE = """(() => {
  const send = RTCDataChannel.prototype.send;
  const mark = new TextEncoder().encode('@_hsdata');
  let lost = false;
  const holds = (bytes) => {
    outer: for (let i = 0; i + mark.length <= bytes.length; i++) {
      for (let j = 0; j < mark.length; j++) if (bytes[i + j] !== mark[j]) continue outer;
      return true;
    }
    return false;
  };
  RTCDataChannel.prototype.send = function (data) {
    const bytes = data instanceof ArrayBuffer ? new Uint8Array(data)
      : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (!lost && holds(bytes)) { lost = true; return; }
    return send.call(this, data);
  };
})();"""


def test_a_handshake_that_fails_once_is_tried_again_until_the_guest_is_seated(tabs: Tabs, site_url: str,
                                                                               relay: str) -> None:
    """One lost message of the link's password handshake fails that handshake. The next attempt makes
    a new link, with a fresh handshake on both sides, and the guest is seated (the failed link, kept
    for reuse, made every later attempt fail too). Whichever page's wait runs out first says so and
    drops the link, so the other may see the link go rather than time out itself."""
    host, link = open_host(tabs, site_url, relay)
    guest, _ = tabs.open()
    guest.context.add_init_script(settings_script(FAST_SETTINGS) + LOSE_FIRST_HANDSHAKE)
    guest.goto(link)
    guest.fill("#player-name", "Mei", timeout=120_000)
    guest.click('[data-action="take-seat"]')
    wait_seated(host, {"Mei": guest}, timeout_s=60)
    said = tabs.console(0) + tabs.console(1)
    assert any("handshake timed out" in line for line in said), said
    tabs.check()


ROOM_MODULE_DROPPED = r"/web/room\.mjs|Failed to load resource: net::ERR_INTERNET_DISCONNECTED"
"""The console errors of the room's module failing as when the network drops."""


def drop_the_rooms_module(page: Page, guard: PageGuard) -> None:
    """The first request for the room's module (web/room.mjs) fails as when the network drops; later
    ones go through."""
    guard.allow(ROOM_MODULE_DROPPED)
    drops = [1]

    def drop(route: Route) -> None:
        if drops:
            drops.pop()
            route.abort("internetdisconnected")
        else:
            route.continue_()

    page.route("**/web/room.mjs", drop)


def test_a_guest_whose_network_drops_while_the_room_loads_is_told_and_tries_again(tabs: Tabs, site_url: str) -> None:
    """A guest's page that loses the network while it loads the room's module is told so, with a
    button to try again (a reload: the link is kept); and it tries again by itself once the device
    is back online, in Chinese too."""
    link = f"{site_url}?relay=none&stun=none#room={'ab' * 16}"
    for settings, failed, connecting in (
            (FAST_SETTINGS, "The room could not be opened: the connection dropped while it loaded. Try again (the "
                            "page also does once this device is back online).", "Connecting to the room…"),
            (ZH_SETTINGS, "无法打开房间：加载时网络断开了。请再试一次（设备恢复联网后也会自动重试）。",
             "正在连接房间…")):
        guest, guard = tabs.open()
        guest.add_init_script(settings_script(settings))
        drop_the_rooms_module(guest, guard)
        loaded: list[str] = []
        guest.on("requestfinished", lambda request, loaded=loaded: loaded.append(request.url))
        guest.goto(link)
        said = guest.locator('[data-testid="room-status"]')
        expect(said).to_have_text(failed, timeout=60_000)
        expect(guest.locator("#player-name")).to_be_hidden()  # no seat to take without the room
        again = guest.locator('#dlg-room [data-action="reload-room"]')
        if settings is FAST_SETTINGS:
            again.click()  # the player's own try
        else:
            # The quick engine's files are in (a guest does not use them, but they come with the page).
            for _ in range(300):
                if any(url.endswith("/web/runtime/mpy/quick.bundle") for url in loaded):
                    break
                guest.wait_for_timeout(100)
            guest.context.set_offline(True)
            expect(said).to_have_text("此设备已离线：恢复联网后才能找到房间。")
            guest.context.set_offline(False)  # back online: it tries again by itself
        expect(said).to_have_text(connecting, timeout=60_000)
        guest.wait_for_function("window.gongzhuWire !== undefined", timeout=60_000)
        expect(guest.locator("#player-name")).to_be_visible()
        expect(again).to_be_hidden()


def test_a_host_whose_network_drops_while_the_room_loads_is_told_to_reload_and_keeps_the_match(tabs: Tabs,
                                                                                               site_url: str) -> None:
    """"Play with friends" while the network drops: the page says the room could not be opened and
    to reload; after the reload the same match is on the table and the room opens."""
    host, guard = tabs.open()
    host.add_init_script(settings_script(FAST_SETTINGS))
    drop_the_rooms_module(host, guard)
    host.goto(f"{site_url}?relay=none&stun=none")
    host.wait_for_selector("html.ready", state="attached", timeout=60_000)
    cards = hand_codes(host)
    host.click('[data-action="create-room"]')
    expect(host.locator("#notice")).to_contain_text("The room could not be opened: the connection dropped while it "
                                                    "loaded. Reload the page to try again; your match is kept.")
    expect(host.locator("#dlg-room")).not_to_be_visible()
    host.reload()
    host.wait_for_selector("html.ready", state="attached", timeout=60_000)
    assert hand_codes(host) == cards
    host.click('[data-action="create-room"]')
    expect(host.locator("#dlg-room .dlg-foot .room-status")).to_have_text("Waiting for a friend to take a seat…")


def test_a_room_reopened_while_the_network_drops_says_so_and_the_match_goes_on(tabs: Tabs, site_url: str) -> None:
    """A host's page reopens its room from the saved match (a guest at seat 2) while the network
    drops: the page says the room could not be opened, and the match goes on, the guest's seat
    played by a bot. The network drops here only once a bot has taken the seat: the page still
    says both."""
    host, guard = tabs.open()
    record = {"code": "cd" * 16, "started": True,
              "players": [{"kind": "host"}, {"kind": "bot", "level": "beginner"}, {"kind": "guest", "name": "Mei"},
                          {"kind": "bot", "level": "beginner"}]}
    host.add_init_script(settings_script(FAST_SETTINGS))
    host.add_init_script(save_script(saved_game(7, plays=40)))
    host.add_init_script(f"localStorage.setItem('gongzhu.room.hosting', {json.dumps(json.dumps(record))})")
    host.add_init_script("window.gongzhuRoomGraceMs = -50000")  # the reopened room's wait for its guests is over
    guard.allow(ROOM_MODULE_DROPPED)
    held: list[Route] = []
    host.route("**/web/room.mjs", lambda route: held.append(route))
    host.goto(f"{site_url}?relay=none&stun=none")
    host.wait_for_selector("html.ready", state="attached", timeout=60_000)
    notice = host.locator("#notice")
    expect(notice).to_contain_text("Mei lost the connection; a bot plays for them.", timeout=10_000)
    assert held, "the room's module was not asked for"
    held[0].abort("internetdisconnected")
    expect(notice).to_contain_text("The room could not be opened: the connection dropped while it loaded. Reload "
                                   "the page to try again; your match is kept.")
    expect(notice).to_contain_text("Mei lost the connection; a bot plays for them.")
    play_hand(host)


# Where a room's screen puts its parts: the bar's height, the hand's bottom edge, the people's names
# on the plates (whether each is cut), and the page's height beyond the screen.
ROOM_LAYOUT_JS = """() => {
  const bar = document.querySelector('#room-bar').getBoundingClientRect();
  const cards = [...document.querySelectorAll('#hand .card')].map((el) => el.getBoundingClientRect().bottom);
  const names = [...document.querySelectorAll('#table [data-testid="seat-person"]')].map((el) => ({
    text: el.textContent, cut: el.scrollWidth > el.clientWidth + 1 }));
  return { bar: bar.height, handBottom: Math.max(...cards), names,
           viewport: window.innerHeight, buttons: [...document.querySelectorAll('#room-bar button')].map(
             (el) => el.getBoundingClientRect().height) };
}"""


def test_on_a_small_phone_a_rooms_table_fits_the_screen_and_shows_whole_names(tabs: Tabs, browser: Browser,
                                                                               site_url: str, relay: str) -> None:
    """A guest on a 360 × 640 phone: the room's bar keeps to two rows (the plates name the seats), the
    whole hand is on the screen without scrolling, the side seats' names are not cut, every button of
    the bar is big enough to tap, and a reaction shows without moving the table, for a few seconds.
    Held sideways (640 × 360), the hand is on the screen too."""
    host, link = open_host(tabs, site_url, relay)
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True)
    guest, _ = tabs.open(context)
    guest.context.add_init_script(settings_script(FAST_SETTINGS))
    guest.goto(link)
    guest.fill("#player-name", "Mei", timeout=120_000)
    guest.click('[data-action="take-seat"]')
    wait_seated(host, {"Mei": guest})
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("#room-bar", timeout=60_000)
    guest.wait_for_selector("#hand .card")
    layout = guest.evaluate(ROOM_LAYOUT_JS)
    assert layout["bar"] <= 100, layout
    assert layout["handBottom"] <= layout["viewport"], layout
    assert [n["text"] for n in layout["names"] if n["cut"]] == [], layout
    assert {n["text"] for n in layout["names"]} >= {"the host", "Mei"}, layout
    assert min(layout["buttons"]) >= 24, layout
    # A reaction floats over the table for a few seconds: nothing moves, and then it goes.
    host.click('#room-bar [data-room-react="4"]')
    reaction = guest.locator('[data-testid="room-reaction"]')
    expect(reaction).to_have_text("the host: 🐷")
    assert guest.evaluate(ROOM_LAYOUT_JS)["handBottom"] == layout["handBottom"]
    expect(reaction).to_be_empty(timeout=10_000)
    guest.set_viewport_size({"width": 640, "height": 360})
    guest.wait_for_timeout(300)
    layout = guest.evaluate(ROOM_LAYOUT_JS)
    assert layout["handBottom"] <= layout["viewport"], layout
    assert min(layout["buttons"]) >= 24, layout
    tabs.check()
