"""Online rooms in the engine: a guest's messages checked (gongzhu.core.room), the table with people
at several seats (gongzhu.core.table), and no hidden card in anything a guest is sent."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gongzhu.core.bots.rulebot import easy
from gongzhu.core.cards import card_codes, parse_card
from gongzhu.core.hand import IllegalMove
from gongzhu.core.room import (
    MAX_MESSAGE,
    BadMessage,
    HintGate,
    guest_events,
    guest_view,
    parse_message,
    patch,
    read_hint,
    seat_for,
    turn,
    unpack_events,
    unpack_view,
)
from gongzhu.core.screen import table_view, your_move
from gongzhu.core.table import Table


def intent(kind: str, arg: Any, **extra: Any) -> str:
    return json.dumps({"t": "act", "id": 1, "kind": kind, "arg": arg, **extra})


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("x" * (1 << 20), "too long"),
        ("{not json", "not JSON"),
        ("[1, 2]", "unknown message"),
        ('{"t": "deal"}', "unknown message"),
        (intent("play", "QS", seat=2), "unexpected field seat"),
        (intent("play", "ZZ"), "ZZ is not a card"),
        (intent("play", ["QS"]), "a card must be a code"),
        (intent("pass", "QS"), "a list of cards"),
        (intent("pass", ["QS"] * 14), "a list of cards"),
        (intent("steal", "QS"), "pass, expose or play"),
        ('{"t": "act", "id": "1", "kind": "play", "arg": "QS"}', "needs a number"),
        ('{"t": "act", "kind": "play", "arg": "QS"}', "missing field id"),
        ('{"t": "hello", "name": "   "}', "a name is 1 to"),
        ('{"t": "hello", "name": "' + "n" * 25 + '"}', "a name is 1 to"),
        ('{"t": "react", "emoji": 99}', "unknown reaction"),
        ('{"t": "react", "emoji": true}', "unknown reaction"),
    ],
)
def test_bad_messages_are_refused_with_a_reason_in_both_languages(text: str, why: str) -> None:
    with pytest.raises(BadMessage) as refused:
        parse_message(text)
    assert why in str(refused.value)
    assert refused.value.zh and refused.value.zh != str(refused.value)


def test_good_messages_pass() -> None:
    assert parse_message(intent("pass", ["QS", "AH", "2C"]))["arg"] == ["QS", "AH", "2C"]
    assert parse_message('{"t": "hello", "name": "  Mei  "}')["name"] == "Mei"
    assert parse_message('{"t": "react", "emoji": 0}')["emoji"] == 0
    assert parse_message('{"t": "leave"}') == {"t": "leave"}
    assert MAX_MESSAGE < 1 << 20


def test_turning_a_view_keeps_the_table_in_order() -> None:
    table = Table({"easy": easy})
    table.new_match(7, "classic", ["easy"] * 4)
    match = table.current()
    rng = random.Random(1)
    hand = match.current_hand
    while hand.phase != "done" and len(hand.played) < 21:
        seat = next(s for s in range(4) if table_view(match, s, table.levels)["your_move"])
        hand.decide(seat, easy(hand.view(seat), rng))
    for seat in range(4):
        view = table_view(match, seat, table.levels)
        turned = turn(view, seat)
        # Turning back by the rest of the circle gives the view again: every seat key was turned.
        assert turn(turned, (4 - seat) % 4) == view
        assert turned["seat"] == 0 and turned["hand"] == view["hand"]
        assert turned["hand_counts"][0] == len(view["hand"])
        assert turned["to_play"] == (hand.to_play - seat) % 4
        assert [s for s, _ in turned["played"]] == [(s - seat) % 4 for s, _ in view["played"]]
        sent = guest_view(view, seat)
        assert sent["match"]["seed"] is None and sent["bot_next"] is None and not sent["can_claim"]


def hidden_from(match: Any, seat: int, passed: set[str]) -> set[str]:
    """The cards `seat` may not know now: the others' cards in hand, less those exposed or passed by it."""
    hand = match.current_hand
    hidden = set()
    for other in range(4):
        if other != seat:
            hidden |= set(card_codes(hand.held[other]))
    hidden -= set(card_codes(hand.exposed_mask))
    if hand.must_lead >= 0 and hand.phase == "play":
        hidden.discard(card_codes(1 << hand.must_lead)[0])  # the first lead's holder is public
    return hidden - passed


def codes_in(data: Any) -> set[str]:
    """Every string in `data` (keys too) that is a card code (the house rules, public, aside: the
    first lead's card is named there)."""
    found = set()
    if isinstance(data, dict):
        for key, value in data.items():
            if key != "rules":
                found |= codes_in(key) | codes_in(value)
    elif isinstance(data, list):
        for item in data:
            found |= codes_in(item)
    elif isinstance(data, str) and 2 <= len(data) <= 3:
        try:
            parse_card(data)
            found.add(data)
        except ValueError:
            pass
    return found


@pytest.mark.parametrize("rules", [
    {"pass_cards": 3, "exposure_mode": "secret"},
    {"exposure_mode": "open"},
    {"pass_cards": 3, "partnership": True, "hearts_must_be_broken": True, "first_lead": "2C",
     "auto_expose_fourth": True},
])
def test_a_match_with_two_guests_sends_each_only_its_own_view(rules: dict[str, Any]) -> None:
    """Guests at seats 1 and 3 play a whole match by intents; the bot at seat 2 and the host at
    seat 0 as usual. Nothing a guest is sent holds a card hidden from it; every forged intent is
    refused and changes nothing."""
    table = Table({"easy": easy})
    table.new_match(11, dict(rules, target=300), ["easy"] * 4)
    assert table.set_room([1, 3]) == [0, 1, 3]
    match = table.current()
    rng = random.Random(5)
    passed: dict[int, set[str]] = {1: set(), 3: set()}
    checked = 0
    refused = 0
    reply = {"guests": table.guest_views(), "events": []}
    rebuilt: dict[int, Any] = {}
    for _ in range(2000):
        for key, sent in reply.get("guests", {}).items():
            seat = int(key)
            assert not codes_in(sent) & hidden_from(match, seat, passed[seat]), (seat, sent)
            # The changes sent rebuild, on the guest's side, exactly the seat's whole view and events.
            rebuilt[seat] = patch(rebuilt.get(seat), sent["delta"])
            whole = guest_view(table_view(match, seat, table.levels, True, claims=False, people=[0, 1, 3]), seat)
            view = unpack_view(rebuilt[seat])
            assert view == whole
            assert unpack_events(sent["events"], view) == guest_events(reply["events"], seat)
            checked += 1
        if match.current_hand.phase == "done":
            if match.is_over:
                break
            reply = table.next_hand()
            passed = {1: set(), 3: set()}
            continue
        host_view = table.snapshot()
        if host_view["bot_next"] is not None:
            assert host_view["bot_next"] == 2
            reply = table.advance()
            continue
        mover = next(s for s in (0, 1, 3) if table_view(match, s, table.levels)["your_move"])
        view = match.current_hand.view(mover)
        decision = (match.current_hand.phase, easy(view, rng))
        if mover == 0:
            reply = table.act(*decision)
            continue
        other = 1 if mover == 3 else 3
        # Refused: a card the guest does not hold; in the play, the other guest's card out of turn
        # (a message naming a seat is refused by parse_message: a seat is its connection's).
        forged = [(mover, "play", next(iter(hidden_from(match, mover, set()))))]
        if decision[0] == "play":
            forged.append((other, *decision))
        for seat, kind, arg in forged:
            before = match.to_json()
            with pytest.raises((IllegalMove, ValueError)):
                table.guest_act(seat, kind, arg)
            assert match.to_json() == before
            refused += 1
        with pytest.raises(ValueError):
            table.guest_act(0, *decision)  # the host's seat is no guest's
        kind, arg = decision
        if kind == "pass":
            passed[mover] = set(arg)
        reply = table.guest_act(mover, kind, arg)
        assert reply["view"]["your_move"] is None or table_view(match, 0, table.levels)["your_move"]
    assert match.is_over, "the match did not end"
    assert checked > 200 and refused > 50


def test_a_room_table_never_moves_for_a_guest() -> None:
    table = Table({"easy": easy})
    table.new_match(3, "classic", ["easy"] * 4)
    table.set_room([1, 2, 3])
    hand = table.current().current_hand
    for _ in range(20):
        reply = table.advance()
        assert reply["events"] == []
    assert hand.actions == []
    with pytest.raises(ValueError):
        table.set_room([0])
    with pytest.raises(ValueError):
        table.take_back()


# ------------------------------------------------------------------ a guest's hint


def load_full_worker() -> Any:
    """web/worker.py (the Pyodide worker's module), imported under CPython as its tests do."""
    import importlib.util
    from pathlib import Path

    spec = importlib.util.spec_from_file_location("full_worker", Path(__file__).parents[1] / "web" / "worker.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_hint_request_is_checked_like_any_message() -> None:
    assert parse_message('{"t": "hint", "id": 7}') == {"t": "hint", "id": 7}
    for text, why in (('{"t": "hint"}', "missing field id"), ('{"t": "hint", "id": true}', "needs a number"),
                      ('{"t": "hint", "id": 1, "seat": 2}', "unexpected field seat")):
        with pytest.raises(BadMessage, match=why):
            parse_message(text)


def test_the_hint_gate_lets_a_seat_ask_once_at_a_time_and_not_too_often() -> None:
    gate = HintGate(1000)
    gate.admit(1, 0)
    with pytest.raises(BadMessage, match="being worked out") as refused:
        gate.admit(1, 2000)
    assert refused.value.zh
    gate.admit(2, 10)  # another seat is not held up
    gate.done(1)
    with pytest.raises(BadMessage, match="too many hints"):
        gate.admit(1, 999)
    gate.admit(1, 1000)


def test_a_hint_from_the_host_is_read_as_plain_checked_data() -> None:
    good = {"t": "hint", "re": 1, "phase": "pass", "decision": ["QS", "AH", "2C"], "en": "<b>x</b>", "zh": 3}
    assert read_hint(good) == {"phase": "pass", "decision": ["QS", "AH", "2C"], "en": "<b>x</b>", "zh": ""}
    for bad in ({"phase": "deal", "decision": "QS"}, {"phase": "play", "decision": "<img>"},
                {"phase": "expose", "decision": "QS"}, {"phase": "pass", "decision": ["QS", 5]}, "play"):
        with pytest.raises(BadMessage):
            read_hint(bad)


def test_a_guests_hint_is_worked_out_from_that_seats_own_view_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """The full worker's hint for a guest's seat gives the strongest bot that seat's view (never the
    host's, never the whole deal), and a seat with nothing to decide is told so in both languages."""
    worker = load_full_worker()
    table = Table({"easy": easy})
    table.new_match(5, "classic")
    table.set_room([2])
    hand = table.current().current_hand
    rng = random.Random(5)
    while hand.phase != "play" or hand.to_play != 2:  # to the guest's turn to play a card
        seat = next(s for s in range(4) if your_move(hand, s))
        hand.decide(seat, easy(hand.view(seat), rng))
    seen: list[dict[str, Any]] = []
    real = worker.explain

    def spy(view: dict[str, Any], bot: str, seed: int) -> dict[str, Any]:
        seen.append(view)
        return real(view, "easy", seed)

    monkeypatch.setattr(worker, "explain", spy)
    seat = 2
    hint = worker.hint(table.save(), seat)
    assert seen == [hand.view(seat)]
    held = set(hand.view(seat)["hand"])
    decision = hint["decision"] if isinstance(hint["decision"], list) else [hint["decision"]]
    assert set(decision) <= held and hint["en"] and hint["zh"]
    assert not held & set(hand.view((seat + 1) % 4)["hand"])
    for other in (0, 1, 3):
        with pytest.raises(IllegalMove) as refused:
            worker.hint(table.save(), other)
        assert "hint waits for your turn" in str(refused.value) and "提示" in refused.value.zh


# ------------------------------------------------------------------ taking a seat back


KEY_A = "a" * 32
KEY_B = "b" * 32


def room_players(*kinds: str) -> list[dict[str, Any]]:
    """The host at seat 0, then seats 1-3 of the given kinds, named Mei, Jun and Ana."""
    names = ["Mei", "Jun", "Ana"]
    return [{"kind": "host"}] + [{"kind": kind, "level": "normal"} if kind == "bot" else {"kind": kind, "name": name}
                                 for kind, name in zip(kinds, names, strict=True)]


def test_a_seat_goes_back_to_its_persons_name_from_any_browser_once_nobody_holds_it() -> None:
    keys = [None, KEY_A, None, None]
    # The same browser again (a reload) gets its seat, even before the host has seen it go.
    assert seat_for(room_players("guest", "bot", "bot"), keys, "Mei", KEY_A, True) == (1, "back")
    # Another browser may not take a connected person's seat by its name.
    with pytest.raises(BadMessage, match="sits at the table already") as refused:
        seat_for(room_players("guest", "bot", "bot"), keys, "Mei", KEY_B, True)
    assert "已经在牌桌上" in refused.value.zh
    with pytest.raises(BadMessage, match="sits at the table already"):
        seat_for(room_players("guest", "bot", "bot"), keys, "Mei", None, False)
    # Once the person is away or a bot plays for them, another browser takes it back by the name.
    for kind in ("away", "gone"):
        assert seat_for(room_players(kind, "bot", "bot"), keys, "Mei", KEY_B, True) == (1, "taken_back")
        assert seat_for(room_players(kind, "bot", "bot"), keys, "Mei", KEY_A, True) == (1, "back")
    # Another name, after the start: no seat; before it, the first bot's.
    with pytest.raises(BadMessage, match="the room is full"):
        seat_for(room_players("gone", "bot", "bot"), keys, "Lee", KEY_B, True)
    assert seat_for(room_players("guest", "bot", "bot"), keys, "Lee", KEY_B, False) == (2, "new")
    with pytest.raises(BadMessage, match="the room is full"):
        seat_for(room_players("guest", "guest", "guest"), keys, "Lee", KEY_B, False)
    # A bot's seat is never "taken back" by the name of its level or by no name.
    assert seat_for(room_players("bot", "bot", "bot"), keys, "normal", KEY_B, False) == (1, "new")


def test_a_hello_may_carry_the_browsers_key_and_nothing_else() -> None:
    assert parse_message('{"t": "hello", "name": "Mei", "key": "' + KEY_A + '"}')["key"] == KEY_A
    assert "key" not in parse_message('{"t": "hello", "name": "Mei"}')
    for key in ('"A' + "a" * 31 + '"', '"abc"', "7", '"<b>' + "a" * 28 + '"'):
        with pytest.raises(BadMessage, match="32 hex digits"):
            parse_message('{"t": "hello", "name": "Mei", "key": ' + key + "}")
