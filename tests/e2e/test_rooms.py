"""Online rooms in real Chromium: several browser contexts (several people), a relay on loopback
started by the test (web/tools/relay.mjs, `make relay`), no request off the machine."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from playwright.sync_api import Page, expect

from gongzhu.core import options
from gongzhu.core.room import patch, unpack_view
from tests.e2e.harness import wait_ready
from tests.e2e.rooms_support import (
    Tabs,
    act,
    connection_report,
    join_guest,
    local_relay,
    open_host,
    open_pairing_host,
    play_hand_together,
    start_room,
    wait_seated,
)
from tests.e2e.test_game_support import AWAY_JS, FAST_SETTINGS, STATE_JS, play_hand, settings_script, table_state

CODE = re.compile(r"(?:[2-9TJQKA]|10)[SHDC]")


def test_two_browsers_connect_through_the_local_relay(tabs: Tabs, site_url: str, relay: str) -> None:
    """web/room.mjs (Trystero, vendored) links two browsers by a data channel through the loopback
    relay named by ?relay=, with no STUN server (?stun=none): nothing leaves the machine. The first
    page is the room's host (the passive peer that answers offers), the second a guest."""
    pages = []
    for _ in range(2):
        page, _guard = tabs.open()
        page.goto(f"{site_url}rules.html?relay={relay}&stun=none")
        pages.append(page)
    code = pages[0].evaluate("async () => (await import('./web/room.mjs')).newCode()")
    assert len(code) == 32 and int(code, 16) >= 0  # 128 bits
    for host, page in zip((True, False), pages, strict=True):
        page.evaluate(JOIN_JS, [code, host])
    joined = [json.loads(page.evaluate("async () => await window.wire.next()")) for page in pages]
    assert [event["type"] for event in joined] == ["join", "join"]
    pages[0].evaluate("() => window.wire.send('hello')")
    message = json.loads(pages[1].evaluate("async () => await window.wire.next()"))
    assert message == {"type": "msg", "peer": joined[1]["peer"], "data": "hello"}


JOIN_JS = """async ([code, host]) => {
  const room = await import('./web/room.mjs');
  window.wire = await room.join(code, location.search, host);
  return room.selfId;
}"""

# Until the peer `peer` joins this page's wire (the other peers' join events go by); the seconds
# waited (30 at most).
WAIT_FOR_PEER_JS = """async (peer) => {
  const started = performance.now();
  const late = new Promise((resolve) => setTimeout(() => resolve(null), 30000));
  for (;;) {
    const text = await Promise.race([window.wire.next(), late]);
    if (text === null || JSON.parse(text).peer === peer) return (performance.now() - started) / 1000;
  }
}"""


def test_a_late_guest_finds_the_host_at_once(tabs: Tabs, site_url: str) -> None:
    """A guest arriving after another one, with a peer id that sorts after the host's, is linked to
    the host at once, not at the host's next announce (a minute on this test's relay): the host
    stays a passive peer, with no offers of its own, and answers every guest's offer."""
    with local_relay(interval_ms=60_000) as relay:
        late_guest_joins(tabs, f"{site_url}rules.html?relay={relay}&stun=none")
        tabs.close(failed=False)  # before the relay goes: a page left open would try to reach it again


def late_guest_joins(tabs: Tabs, url: str) -> None:
    """The late guest's test on the relay of `url`: a host, a first guest, then the late one."""
    # Of two pages, the one whose peer id (Trystero's own, random) sorts first is the host, the
    # other the late guest. (Waiting for a page whose id sorts after a given host's could take a
    # hundred pages: an id of 62 characters' alphabet that begins with 'z' has few above it.)
    pair = []
    for _ in range(2):
        page, _guard = tabs.open()
        page.goto(url)
        pair.append((str(page.evaluate("async () => (await import('./web/room.mjs')).selfId")), page))
    (_, host), (_, late) = sorted(pair, key=lambda item: item[0])
    code = host.evaluate("async () => (await import('./web/room.mjs')).newCode()")
    host_id = host.evaluate(JOIN_JS, [code, True])
    first, _guard = tabs.open()
    first.goto(url)
    first.evaluate(JOIN_JS, [code, False])
    assert first.evaluate(WAIT_FOR_PEER_JS, host_id) < 30
    host.wait_for_timeout(3000)  # the host's quick announces after the first guest are over
    late.evaluate(JOIN_JS, [code, False])
    took = late.evaluate(WAIT_FOR_PEER_JS, host_id)  # (30: not linked in 30 s)
    report = {"host": host, "first": first, "late": late}
    assert took < 20, f"linked after {took:.1f} s:\n  " + connection_report(report)


# Counts the peer connections a page makes (window.peerConnections), before any of its scripts.
COUNT_PEER_CONNECTIONS = """window.peerConnections = 0;
window.RTCPeerConnection = class extends window.RTCPeerConnection {
  constructor(...args) { super(...args); window.peerConnections += 1; }
};"""


def test_guests_link_only_to_the_host(tabs: Tabs, site_url: str, relay: str) -> None:
    """A room is a star: every guest is linked to the host and to no other guest. (A guest that
    answered another's offers could answer one the host answers too; the host's answer would be
    dropped, and the host would wait 23 s before answering that guest again.) Two guests stay
    unlinked through their quick announces and a tracker interval. And no page makes more peer
    connections than that needs (a phone pays for each, and each asks the STUN servers): the host
    one per guest, a guest its three offers and one for an answered one."""
    url = f"{site_url}rules.html?relay={relay}&stun=none"
    host, _guard = tabs.open()
    host.add_init_script(COUNT_PEER_CONNECTIONS)
    host.goto(url)
    code = host.evaluate("async () => (await import('./web/room.mjs')).newCode()")
    host_id = host.evaluate(JOIN_JS, [code, True])
    guests = []
    for _ in range(2):
        guest, _guard = tabs.open()
        guest.add_init_script(COUNT_PEER_CONNECTIONS)
        guest.goto(url)
        guest.evaluate(JOIN_JS, [code, False])
        guests.append(guest)
        assert guest.evaluate(WAIT_FOR_PEER_JS, host_id) < 30, connection_report(
            {"host": host, **{f"guest {i}": page for i, page in enumerate(guests)}})
    host.wait_for_timeout(12_000)
    assert [guest.evaluate("() => window.wire.peers()") for guest in guests] == [[host_id], [host_id]]
    assert len(host.evaluate("() => window.wire.peers()")) == 2
    assert host.evaluate("() => window.peerConnections") == 2
    made = [guest.evaluate("() => window.peerConnections") for guest in guests]
    assert max(made) <= 4, made


def summary_scores(page: Page) -> list[int]:
    """The hand summary's scores, from this screen's own seat round the table."""
    summary = page.locator('[data-testid="hand-summary"]')
    return [int((summary.locator(f'[data-seat="{s}"] [data-testid="hand-score"]').text_content() or "")
                .replace("−", "-").replace("+", "")) for s in range(4)]


def test_four_players_play_a_whole_hand_with_exposure(tabs: Tabs, site_url: str, relay: str) -> None:
    """The host opens a room; three friends open its link, type their names and take the seats; the
    host starts; all four play a whole hand (every special card dealt is exposed) on their own
    screens, and every screen shows the same hand, turned to its own seat."""
    host, link = open_host(tabs, site_url, relay)
    assert "#room=" in link and len(link.split("#room=")[1]) == 32
    expect(host.locator('[data-testid="room-qr"]')).to_be_visible()
    expect(host.locator('[data-action="start-room"]')).to_be_disabled()
    names = ["Mei", "Jun", "Ana"]
    guests = {name: join_guest(tabs, link, name) for name in names}
    # The name's field says how long a name may be (the field takes no more).
    expect(guests["Mei"].locator('label[for="player-name"]')).to_have_text("Your name (up to 24 characters)")
    wait_seated(host, guests)
    # A fourth friend finds the table full, and is told so in the lobby (the lobby said it was
    # looking for the host, for ever).
    late = join_guest(tabs, link, "Li")
    expect(late.locator('[data-testid="room-status"]')).to_have_text(
        "The host could not seat you: the room is full.", timeout=30_000)
    # With no seat of its own, its list names the seats as the host's table does, not "You".
    expect(late.locator('#dlg-room [data-room-seat="0"]')).to_have_text("South: the host")
    late.close()
    host.click('[data-action="start-room"]')
    pages = [host, *guests.values()]
    for page in pages:
        page.wait_for_selector("html.ready", state="attached", timeout=60_000)
        expect(page.locator("#hand button[data-card]")).to_have_count(13)
    # Each guest holds a hand of its own: no card is on two screens.
    hands = [set(page.locator("#hand button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
             for page in pages]
    assert len(set().union(*hands)) == 52
    # Everyone sees the others by name, in the table's order from its own seat.
    expect(host.locator("#room-bar")).to_contain_text("Mei")
    lobby = host.locator("#dlg-room [data-room-player]")
    seats = {name: int(lobby.filter(has_text=name).get_attribute("data-room-player") or 0) for name in names}
    for name, page in guests.items():
        for other, seat in seats.items():
            if other != name:
                rel = (seat - seats[name]) % 4
                expect(page.locator(f'#room-bar [data-room-bar-seat="{rel}"]')).to_contain_text(other)
    play_hand_together(pages)
    tabs.check()
    scores = [summary_scores(page) for page in pages]
    for page, name in zip(pages[1:], names, strict=True):
        seat = seats[name]
        assert scores[0][seat:] + scores[0][:seat] == scores[pages.index(page)], (name, scores)
    exposed = sum(page.locator('[data-testid="hand-summary"] .lines li', has_text="exposed").count() for page in pages)
    assert exposed > 0, "no special card was exposed"


RECORD_JS = """() => {
  window.receivedTexts = [];
  const push = window.gongzhuWire.push.bind(window.gongzhuWire);
  window.gongzhuWire.push = (event) => {
    if (event.type === "msg") window.receivedTexts.push(event.data);
    push(event);
  };
}"""


def card_codes_in(data: Any) -> set[str]:
    """Every string in `data` (keys too) that is a card code, the house rules (public) aside."""
    found: set[str] = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "rules":
                found |= card_codes_in(key) | card_codes_in(value)
    elif isinstance(data, list):
        for item in data:
            found |= card_codes_in(item)
    elif isinstance(data, str) and CODE.fullmatch(data):
        found.add(data)
    return found


def may_know(view: dict[str, Any]) -> set[str]:
    """The cards a seat may know from its own view: its hand, what it passed and received, every
    card played or exposed, the first lead's card."""
    known = set(view["hand"]) | {code for _, code in view["played"]}
    for cards in view["exposed"]:
        known |= set(cards)
    passing = view.get("passing") or {}
    known |= set(passing.get("passed") or []) | set(passing.get("received") or [])
    if view.get("must_lead"):
        known.add(view["must_lead"])
    return known


def test_forged_messages_are_refused_and_no_hidden_card_reaches_a_guest(tabs: Tabs, site_url: str,
                                                                        relay: str) -> None:
    """Two people and two bots. The guest's page sends forged messages (a card it does not hold,
    an intent naming another seat, 1 MB, invalid JSON): each is refused with an error for that guest
    alone and logged by the host, and the hand goes on to its end. Every message the guest
    receives is inspected: no card it may not know is in any of them."""
    host, link = open_host(tabs, site_url, relay)
    guest = join_guest(tabs, link, "Mei")
    wait_seated(host, {"Mei": guest})
    guest.evaluate(RECORD_JS)
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    held = set(guest.locator("#hand button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    foreign = sorted({r + s for r in "23456789TJQKA" for s in "SHDC"} - held)[0]
    forged = [
        json.dumps({"t": "act", "id": 901, "kind": "play", "arg": foreign}),
        json.dumps({"t": "act", "id": 902, "kind": "play", "arg": sorted(held)[0], "seat": 2}),
        "x" * (1 << 20),
        "{not json",
    ]
    play_hand_together([host, guest], until=lambda states: states[1] == "play")  # the guest's turn to play
    host_peer = guest.evaluate("() => window.gongzhuWire.peers()[0]")
    for text in forged:
        guest.evaluate("([text, peer]) => window.gongzhuWire.send(text, peer)", [text, host_peer])
    expect(guest.locator("#notice")).to_contain_text("The host refused a message", timeout=30_000)
    deadline = time.monotonic() + 60
    while len(refusals := [line for line in tabs.console(0) if "room: refused a message from seat" in line]) < 4:
        assert time.monotonic() < deadline, refusals
        host.wait_for_timeout(200)
    # The card it does not hold is refused by the engine itself, in its own words (that refusal
    # waits for the engine's answer, so the checks of shape may be logged before it).
    by_engine = [line for line in refusals if not re.search(r"unexpected field|too long|not JSON|is not a card", line)]
    assert len(by_engine) == 1, refusals
    assert any("unexpected field seat" in line for line in refusals)
    assert any("too long" in line for line in refusals)
    assert any("not JSON" in line for line in refusals)
    play_hand_together([host, guest])  # the match goes on
    tabs.check()
    received = guest.evaluate("() => window.receivedTexts")
    views = 0
    packed = None
    for text in received:
        message = json.loads(text)
        if "delta" in message:  # the changes in the guest's view: rebuilt as its page does
            packed = patch(None if message["t"] == "start" else packed, message["delta"])
            view = unpack_view(packed)
            assert view["seat"] == 0 and view["match"]["seed"] is None
            leaked = card_codes_in(message) - may_know(view)
            assert not leaked, (leaked, message["t"])
            views += 1
    assert views >= 13, "the guest was sent too few views"


def test_two_players_and_two_bots_play_a_match_to_its_end(tabs: Tabs, site_url: str, relay: str) -> None:
    """The host's own house rules (a match to -50) with two bots: hands are played and dealt until
    the match ends, and both screens show its end."""
    rules = dict(FAST_SETTINGS, rules=dict(options.resolve(), target=50))
    host, link = open_host(tabs, site_url, relay, settings=rules)
    guest = join_guest(tabs, link, "Jun")
    wait_seated(host, {"Jun": guest})
    host.select_option('#dlg-room [data-room-level="2"]', "easy")
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    for _ in range(12):
        play_hand_together([host, guest])
        # Each screen's summary names the people at their seats, as the plates do.
        expect(guest.locator('[data-testid="hand-summary"] .sum-row[data-seat="0"] .person')).to_have_text("Jun")
        expect(guest.locator('[data-testid="hand-summary"] .sum-row .person', has_text="the host")).to_have_count(1)
        expect(host.locator('[data-testid="hand-summary"] .sum-row .person', has_text="Jun")).to_have_count(1)
        # The next hand is the host's to deal; a room's hand is reviewed by nobody (its retry would
        # change the room's match, and a guest's page has no engine).
        over = host.locator('[data-testid="hand-summary"] .match-end').count()
        footer = guest.locator('[data-testid="hand-summary"] ~ footer')
        expect(footer).to_contain_text("The host starts the next match." if over else "The host deals the next hand.")
        expect(footer.locator('[data-action="next-hand"], [data-action="new-match"], [data-action="review"]')
               ).to_have_count(0)
        expect(host.locator('[data-testid="hand-summary"] ~ footer [data-action="review"]')).to_have_count(0)
        if host.locator('[data-testid="hand-summary"] .match-end').count():
            break
        host.click('[data-testid="hand-summary"] ~ footer [data-action="next-hand"]')
        expect(host.locator('[data-testid="hand-summary"]')).to_be_hidden()
    expect(host.locator('[data-testid="hand-summary"] .match-end')).to_have_count(1)
    expect(guest.locator('[data-testid="hand-summary"] .match-end')).to_have_count(1)
    # Its end names the people too: where Jun's screen says "You" won (or took the pig), the host's
    # says "Jun", and the other way round "the host".
    ends = [page.locator('[data-testid="hand-summary"] .match-end').text_content() or "" for page in (host, guest)]
    assert ("Jun" in ends[0]) == ("You" in ends[1]) and ("the host" in ends[1]) == ("You" in ends[0]), ends
    # A reaction (a fixed emoji, no text) reaches the other screen; leaving is said to the host.
    for page in (host, guest):
        page.click('[data-testid="hand-summary"] ~ footer [data-action="close"], #dlg-summary [data-action="close"]')
    host.click('#room-bar [data-room-react="0"]')
    expect(guest.locator('[data-testid="room-reaction"]')).to_have_text("the host: 👍")
    guest.click('#room-bar [data-action="leave-room"]')
    expect(host.locator("#notice")).to_contain_text("Jun left the room")
    guest.wait_for_url(lambda url: "#room=" not in url, timeout=30_000)  # back to Jun's own game
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    expect(guest.locator("#room-bar")).to_have_count(0)
    tabs.check()


def test_a_host_who_leaves_mid_match_plays_on_with_bots_in_the_guests_seats(tabs: Tabs, site_url: str,
                                                                             relay: str) -> None:
    host, link = open_host(tabs, site_url, relay)
    guest = join_guest(tabs, link, "Jun")
    wait_seated(host, {"Jun": guest})
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    host.click('#room-bar [data-action="leave-room"]')
    expect(host.locator("#notice")).to_contain_text("You left the room")
    expect(host.locator("#room-bar")).to_have_count(0)
    # Jun is told the room is closed (not that the host may come back), and has a way on: his
    # own game, which a reload no longer takes back into the room.
    closed = guest.locator("#room-closed")
    expect(closed).to_contain_text("The host closed the room.", timeout=30_000)
    expect(guest.locator("#room-bar")).to_have_count(0, timeout=1000)
    closed.get_by_role("link", name="Back to your own game").click()
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    assert "#room=" not in guest.url
    expect(guest.locator("#dlg-room")).not_to_be_visible()
    assert table_state(guest) in ("expose", "pass", "play")
    # The host's table does not wait for Jun, who is gone: a bot plays the seat, the hand ends.
    play_hand(host)
    expect(host.locator('[data-testid="hand-summary"]')).to_be_visible()
    tabs.check()


def test_a_guest_who_leaves_the_room_gets_back_to_a_game_of_their_own(tabs: Tabs, site_url: str,
                                                                       relay: str) -> None:
    host, link = open_host(tabs, site_url, relay)
    # A friend's first visit is by the room's link: no tutorial offer over the room's lobby.
    first, _ = tabs.open()
    first.goto(link)
    expect(first.locator("#player-name")).to_be_visible(timeout=60_000)
    first.wait_for_timeout(500)
    expect(first.locator("#tutorial-offer")).to_have_count(0)
    first.close()
    guest = join_guest(tabs, link, "Mei")
    wait_seated(host, {"Mei": guest})
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    guest.click('#room-bar [data-action="leave-room"]')
    guest.wait_for_url(lambda url: "#room=" not in url, timeout=30_000)
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    expect(guest.locator("#dlg-room")).not_to_be_visible()
    assert table_state(guest) in ("expose", "pass", "play")
    expect(host.locator("#notice")).to_contain_text("Mei", timeout=30_000)
    tabs.check()


def test_a_guest_in_another_tab_sees_in_its_title_when_the_table_waits_for_them(tabs: Tabs, site_url: str,
                                                                                relay: str) -> None:
    """A friend looks at another tab while the room starts: the room's tab title says when the table
    waits for them, and is the usual one again when they come back."""
    host, link = open_host(tabs, site_url, relay)
    guest = join_guest(tabs, link, "Jun")
    wait_seated(host, {"Jun": guest})
    guest.evaluate(AWAY_JS, True)
    expect(guest).to_have_title("Gong Zhu \u2014 Chase the Pig")
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    deadline = time.monotonic() + 60
    while guest.evaluate(STATE_JS) not in ("expose", "pass", "play"):  # the host decides until the guest's turn
        assert time.monotonic() < deadline, "the guest's turn did not come"
        state = host.evaluate(STATE_JS)
        if not (state and act(host, state)):
            host.wait_for_timeout(100)
    assert guest.title() == "\u25b6 Your turn \u2014 Gong Zhu"
    guest.evaluate(AWAY_JS, False)
    expect(guest).to_have_title("Gong Zhu \u2014 Chase the Pig")
    tabs.check()


# The Screen Wake Lock API, as a phone's browser offers it: each request and release is logged, and a
# lock is released when the page is hidden (AWAY_JS) as the browser does. The log is the tab's, kept
# in sessionStorage: a guest who leaves the room goes to its own game at once, and the room page's
# last entry ("release") must outlive that page.
WAKE_LOCK_JS = """(() => {
  window.wakeLog = JSON.parse(sessionStorage.getItem("wakeLog") || "[]");
  const log = (what) => {
    window.wakeLog.push(what);
    sessionStorage.setItem("wakeLog", JSON.stringify(window.wakeLog));
  };
  const held = [];
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) held.splice(0).forEach((lock) => { lock.released = true; log("lost"); });
  });
  const request = async (type) => {
    const lock = {type, released: false};
    lock.release = async () => { lock.released = true; log("release"); };
    held.push(lock);
    log("request " + type);
    return lock;
  };
  Object.defineProperty(navigator, "wakeLock", {configurable: true, value: {request}});
})();"""


def test_a_phones_screen_stays_on_while_the_room_plays(tabs: Tabs, site_url: str, relay: str) -> None:
    """A locked phone drops its connection and a bot takes the seat: while a room plays, host's and
    guest's pages keep the screen on, ask again when shown after another tab, and let it go when
    they leave the room. The game against bots never asks."""
    host, _ = tabs.open()
    guest, _ = tabs.open()
    for page in (host, guest):
        page.add_init_script(WAKE_LOCK_JS)
        page.add_init_script(settings_script(FAST_SETTINGS))
    host.goto(f"{site_url}?relay={relay}&stun=none")
    wait_ready(host)
    assert host.evaluate("window.wakeLog") == []  # the bots' table, and the room's lobby, let the screen sleep
    host.click('[data-action="create-room"]')
    guest.goto(host.locator('[data-testid="room-link"]').get_attribute("href", timeout=30_000) or "")
    guest.fill("#player-name", "Jun", timeout=120_000)
    guest.click('[data-action="take-seat"]')
    wait_seated(host, {"Jun": guest})
    assert host.evaluate("window.wakeLog") == [] and guest.evaluate("window.wakeLog") == []
    host.click('[data-action="start-room"]')
    for page in (host, guest):
        page.wait_for_function("window.wakeLog.join() === 'request screen'", timeout=60_000)
    guest.evaluate(AWAY_JS, True)
    guest.evaluate(AWAY_JS, False)
    guest.wait_for_function("window.wakeLog.join() === 'request screen,lost,request screen'")
    guest.click('#room-bar [data-action="leave-room"]')
    guest.wait_for_function("window.wakeLog.at(-1) === 'release'")
    # Back to the guest's own game before the tabs close: Chromium can leave a tab closed mid-commit
    # of a navigation open for good, and page.close() waits for it (microsoft/playwright#42366).
    guest.wait_for_url(lambda url: "#room=" not in url, timeout=30_000)
    tabs.check()


def test_a_guest_who_drops_gets_a_bot_and_takes_the_seat_back(tabs: Tabs, site_url: str, relay: str) -> None:
    """Mid-hand the guest's tab closes: after the grace time a bot plays its seat, and every screen
    says so; reopening the link in the same browser takes the seat back, every screen says she is
    back, and the hand is finished."""
    host, link, guests = start_room(tabs, site_url, relay, ["Mei", "Jun"], grace_ms=1500)
    mei, jun = guests["Mei"], guests["Jun"]
    # Play until Mei is to play a card of the second trick or later, then close her tab.
    play_hand_together([host, mei, jun], until=lambda states: states[1] == "play" and mei.locator(
        "#hand .card").count() < 13)
    left = mei.locator("#hand .card").count()
    seat = host.locator("#dlg-room [data-room-player]").filter(has_text="Mei").get_attribute("data-room-player")

    def mei_holds() -> int:
        found = re.search(r"(\d+) cards?", host.text_content(f'#table [data-seat="{seat}"]') or "")
        return int(found.group(1)) if found else 0

    assert mei_holds() == left  # the host's table shows how many cards her seat holds
    context = mei.context
    mei.close()
    for page in (host, jun):
        expect(page.locator("#notice")).to_contain_text("Mei lost the connection; a bot plays for them",
                                                        timeout=60_000)
    # A bot plays a card for her (her seat holds fewer cards on the host's table) as the others play on.
    play_hand_together([host, jun], until=lambda states: mei_holds() < left, timeout_s=60)
    assert mei_holds() < left
    back, _ = tabs.open(context)
    back.goto(link)
    back.wait_for_selector("html.ready", state="attached", timeout=90_000)
    assert back.locator("#hand button[data-card]").count() <= left
    expect(host.locator("#notice")).to_contain_text("Mei is back", timeout=30_000)
    # Jun is told too, and no longer that a bot plays for her.
    expect(jun.locator("#notice")).to_contain_text("Mei is back", timeout=30_000)
    expect(jun.locator("#notice")).not_to_contain_text("Mei lost the connection")
    play_hand_together([host, back, jun])
    tabs.check()



PAGEHIDE_JS = "(persisted) => dispatchEvent(new PageTransitionEvent('pagehide', {persisted}))"


def test_a_guest_leaves_the_room_as_the_page_goes_even_with_no_beforeunload(tabs: Tabs, site_url: str,
                                                                            relay: str) -> None:
    """A phone's browser that closes a tab with no `beforeunload` (iOS Safari fires only `pagehide`):
    the guest's page leaves the room as it goes, so the host knows at once rather than when the
    connection times out. A page only put aside for a return (the back-forward cache) stays."""
    host, _, guests = start_room(tabs, site_url, relay, ["Mei"], grace_ms=1000)
    mei = guests["Mei"]
    mei.evaluate(PAGEHIDE_JS, True)
    mei.wait_for_timeout(2500)
    expect(host.locator("#notice")).not_to_contain_text("Mei lost the connection")
    mei.evaluate(PAGEHIDE_JS, False)
    # (Mei's page is still open, so without her leaving, her connection would never time out.)
    expect(host.locator("#notice")).to_contain_text("Mei lost the connection; a bot plays for them",
                                                    timeout=15_000)

def test_the_host_drops_and_reopens_the_room_from_its_saved_match(tabs: Tabs, site_url: str, relay: str) -> None:
    """The host's tab closes mid-hand: the guest is told. The host opens the game again in the same
    browser: the room reopens from the saved match, the guest comes back through the same link
    (its page still open) and the hand is finished, nothing lost."""
    host, link = open_host(tabs, site_url, relay)
    mei = join_guest(tabs, link, "Mei")
    wait_seated(host, {"Mei": mei})
    host.click('[data-action="start-room"]')
    mei.wait_for_selector("html.ready", state="attached", timeout=60_000)
    play_hand_together([host, mei], until=lambda states: states[1] == "play" and mei.locator(
        "#hand .card").count() < 12)
    held = sorted(mei.locator("#hand button[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    context = host.context
    host.close(run_before_unload=True)  # the host closes the tab (the page says goodbye as it goes)
    expect(mei.locator("#notice")).to_contain_text("The host lost the connection", timeout=60_000)
    again, _ = tabs.open(context)
    again.goto(f"{site_url}?relay={relay}&stun=none")
    wait_ready(again)
    expect(again.locator("#notice")).to_contain_text("Your room is open again")
    expect(again.locator("#room-bar")).to_contain_text("Mei")
    # Mei's screen is sent the table again: her hand is as it was, and the hand goes on.
    mei.wait_for_function("() => !document.querySelector('#notice') || !document.querySelector('#notice')"
                          ".textContent.includes('The host lost')", timeout=60_000)
    play_hand_together([again, mei], until=lambda states: states[1] == "play")
    assert sorted(mei.locator("#hand button[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)")) == held
    play_hand_together([again, mei])
    tabs.check()


def test_manual_pairing_with_codes_needs_no_relay(tabs: Tabs, site_url: str) -> None:
    """No relay at all (?relay=none): the host makes an offer code, the friend's page (#pair) answers
    it with a code of its own, the host takes that answer; they are seated and play a hand."""
    host = open_pairing_host(tabs, site_url)
    host.click('[data-action="pair-offer"]')
    offer = host.locator('[data-testid="pair-offer"]')
    expect(offer).not_to_have_value("", timeout=30_000)
    code = offer.input_value()
    assert len(code) < 2000, len(code)
    guest, _ = tabs.open()
    guest.add_init_script(settings_script(FAST_SETTINGS))
    guest.goto(f"{site_url}?stun=none#pair")
    guest.fill("#player-name", "Mei", timeout=120_000)
    guest.click('[data-action="take-seat"]')
    guest.fill('[data-testid="pair-offer-in"]', code)
    guest.click('[data-action="pair-answer"]')
    answer = guest.locator('[data-testid="pair-answer"]')
    expect(answer).not_to_have_value("", timeout=30_000)
    host.fill('[data-testid="pair-answer-in"]', answer.input_value())
    host.click('[data-action="pair-accept"]')
    wait_seated(host, {"Mei": guest})
    host.click('[data-action="start-room"]')
    guest.wait_for_selector("html.ready", state="attached", timeout=60_000)
    play_hand_together([host, guest])
    tabs.check()
    # Nothing was ever asked of a relay: no WebSocket was opened by either page.
    for page in (host, guest):
        assert page.evaluate("() => !window.gongzhuWire")
