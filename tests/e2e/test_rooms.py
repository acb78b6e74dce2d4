"""Online rooms in real Chromium: several browser contexts (several people), a relay on loopback
started by the test (web/tools/relay.mjs, `make relay`), no request off the machine."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.e2e.rooms_support import Tabs, local_relay


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
