"""Online rooms in real Chromium: several browser contexts (several people), a relay on loopback
started by the test (web/tools/relay.mjs, `make relay`), no request off the machine."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.rooms_support import Tabs, join_guest, local_relay, open_host, play_hand_together, wait_seated


@pytest.fixture(scope="module")
def relay() -> Iterator[str]:
    with local_relay() as address:
        yield address


@pytest.fixture
def tabs(browser: Browser, request: pytest.FixtureRequest) -> Iterator[Tabs]:
    opened = Tabs(browser, request.node.name)
    yield opened
    report = getattr(request.node, "rep_call", None)
    opened.close(failed=report is not None and report.failed)
    opened.check()


def test_two_browsers_connect_through_the_local_relay(tabs: Tabs, site_url: str, relay: str) -> None:
    """web/room.mjs (Trystero, vendored) links two browsers by a data channel through the loopback
    relay named by ?relay=, with no STUN server (?stun=none): nothing leaves the machine."""
    pages = []
    for _ in range(2):
        page, _guard = tabs.open()
        page.goto(f"{site_url}rules.html?relay={relay}&stun=none")
        pages.append(page)
    code = pages[0].evaluate("async () => (await import('./web/room.mjs')).newCode()")
    assert len(code) == 32 and int(code, 16) >= 0  # 128 bits
    for page in pages:
        page.evaluate("async (code) => { window.wire = await (await import('./web/room.mjs')).join(code); }", code)
    joined = [json.loads(page.evaluate("async () => await window.wire.next()")) for page in pages]
    assert [event["type"] for event in joined] == ["join", "join"]
    pages[0].evaluate("() => window.wire.send('hello')")
    message = json.loads(pages[1].evaluate("async () => await window.wire.next()"))
    assert message == {"type": "msg", "peer": joined[1]["peer"], "data": "hello"}


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
    wait_seated(host, guests)
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
