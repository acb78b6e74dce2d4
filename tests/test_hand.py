"""A hand: phases, the first lead, following, the exposed-card restriction, every play option,
messages for illegal actions, events, per-seat views, JSON round trips, random invariants."""

from __future__ import annotations

import json
import random
import re

import pytest

from gongzhu import PRESETS, Hand, IllegalMove, new_hand, score_pile
from gongzhu.core.cards import EXPOSABLE_MASK, SCORING_MASK, card_code, card_codes, cards_of
from gongzhu.core.hand import REASONS, reason
from tests.helpers_engine import make_hands, play_randomly

CLASSIC = PRESETS["classic"]


def rules(**kw):
    return CLASSIC.replace(**kw)


# ---------------------------------------------------------------- dealing and phases

def test_seeded_hand_starts_per_rules():
    assert new_hand(seed=7).phase == "expose"
    assert new_hand(seed=7, rules="beginner").phase == "play"
    assert new_hand(seed=7, rules=rules(pass_cards=3)).phase == "pass"
    h = new_hand(seed=7, rules=rules(exposure=False))
    assert h.phase == "play" and h.legal_moves() == ["2S"]
    assert "2S" in h.view(h.to_play)["hand"]


def test_explicit_hand_starts_at_play_with_exposures():
    hands = make_hands({0: "2S 3S QS", 1: "AH"})
    h = new_hand(hands=hands, exposed=["QS", "AH"])
    assert h.phase == "play" and h.to_play == 0 and h.leader == 0
    assert h.view(2)["exposed"] == [["QS"], ["AH"], [], []]


def test_explicit_hand_errors():
    hands = make_hands({})
    with pytest.raises(ValueError, match="4 hands"):
        new_hand(hands=hands[:3])
    with pytest.raises(ValueError, match="hand 1 has 12 cards"):
        new_hand(hands=[hands[0], hands[1][:12], hands[2], hands[3]])
    bad = [list(h) for h in hands]
    bad[1][0] = bad[0][0]
    with pytest.raises(ValueError, match="listed twice|more than one hand"):
        new_hand(hands=bad)
    with pytest.raises(ValueError, match="'ZZ'"):
        new_hand(hands=[["ZZ"] + hands[0][1:]] + hands[1:])
    with pytest.raises(ValueError, match="may be exposed, not 2♠"):
        new_hand(hands=hands, exposed=["2S"])
    with pytest.raises(ValueError, match="needs a leader"):
        new_hand(hands=hands, first_hand=False)
    with pytest.raises(ValueError, match="holder of 2S"):
        new_hand(hands=hands, leader=3)
    with pytest.raises(ValueError, match="seed, an rng or explicit hands"):
        new_hand()
    with pytest.raises(ValueError, match="no exposure"):
        new_hand(hands=hands, exposed=["QS"], rules="beginner")


def test_rng_is_injected():
    a = new_hand(rng=random.Random(5))
    b = new_hand(rng=random.Random(5))
    assert a.held == b.held and a.seed == b.seed


# ---------------------------------------------------------------- the first lead

def test_first_hand_two_of_spades_must_lead():
    hands = make_hands({2: "2S 3S 4D"})
    h = new_hand(hands=hands)
    assert h.to_play == 2 and h.legal_moves() == ["2S"]
    assert h.why_illegal("4D") == "The first trick of the match must be led with the 2♠."
    with pytest.raises(IllegalMove, match="must be led with the 2♠"):
        h.play("3S")
    h.play("2S")
    assert h.to_play == 3


def test_first_lead_two_of_clubs_option():
    hands = make_hands({1: "2C 2S"})
    h = new_hand(hands=hands, rules=rules(first_lead="2C"))
    assert h.to_play == 1 and h.legal_moves() == ["2C"]
    assert h.why_illegal("2S") == "The first trick of the match must be led with the 2♣."


def test_later_hand_pig_captor_leads_any_card():
    h = new_hand(hands=make_hands({}), leader=3, first_hand=False)
    assert h.to_play == 3 and len(h.legal_moves()) == 13


# ---------------------------------------------------------------- following and tricks

def test_must_follow_suit_and_trick_winner():
    hands = make_hands({0: "2S 9S", 1: "KS 2H", 2: "AH 3C", 3: "AS 5D"})
    h = new_hand(hands=hands)
    h.play("2S")
    assert h.legal_moves() == ["KS"] or "KS" in h.legal_moves()
    assert h.why_illegal("2H") == "You must follow suit: spades were led and you hold a spade."
    h.play("KS")
    # Seat 2 has no spade? It holds the low cards dealt to it; check with its own legal set.
    held2 = h.view(2)["hand"]
    spades2 = [c for c in held2 if c.endswith("S")]
    assert sorted(h.legal_moves()) == sorted(spades2 or held2)


def test_trick_events_and_capture():
    hands = make_hands({0: "2S", 1: "KS", 2: "QS", 3: "AS"})
    h = new_hand(hands=hands, rules="beginner")
    events = []
    for c in ["2S", "KS", "QS", "AS"]:
        events += h.play(c)
    trick = [e for e in events if e["type"] == "trick"][0]
    assert trick["winner"] == 3 and trick["leader"] == 0
    assert trick["cards"] == [[0, "2S"], [1, "KS"], [2, "QS"], [3, "AS"]]
    assert trick["points"] == ["QS"]
    assert h.captured(3) == ["2S", "QS", "KS", "AS"]
    assert h.to_play == 3 and h.pig_captor == 3
    assert h.hand_scores() == [0, 0, 0, -100]


def test_void_player_may_discard_anything_and_voids_are_revealed():
    spades_elsewhere = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    hands = make_hands({0: spades_elsewhere})
    h = new_hand(hands=hands, rules="beginner")
    h.play("2S")
    assert len(h.legal_moves()) == 13  # seat 1 holds no spade
    h.play("AH")
    assert h.view(0)["voids"][1] == ["S"]


# ---------------------------------------------------------------- exposed-card restriction

def test_exposed_card_cannot_follow_first_trick_of_its_suit():
    hands = make_hands({0: "2S 5H", 1: "QS 3S 4H", 2: "KS 6H", 3: "AS 7H"})
    h = new_hand(hands=hands, exposed=["QS"])
    h.play("2S")
    assert h.legal_moves() == ["3S"]
    assert h.why_illegal("QS") == (
        "Your exposed Q♠ may not be played to the first spade trick while you hold another spade.")
    with pytest.raises(IllegalMove, match="exposed Q♠"):
        h.play("QS")
    h.play("3S")
    h.play("KS")
    h.play("AS")
    assert h.to_play == 3 and h.led_suits == 1


def test_exposed_card_allowed_on_first_trick_when_only_card_of_suit():
    hands = make_hands({0: "2S 5H", 1: "QS 4H", 2: "KS 6H", 3: "AS 7H"})
    # Seat 1 holds QS as its only spade? Fill-in gives it low cards; make sure it has no other spade.
    assert [c for c in hands[1] if c.endswith("S")] == ["QS"]
    h = new_hand(hands=hands, exposed=["QS"])
    h.play("2S")
    assert h.legal_moves() == ["QS"]
    h.play("QS")


def test_exposed_card_allowed_in_second_trick_of_its_suit():
    hands = make_hands({0: "2S 3S", 1: "QS 4S 5S", 2: "KS 6S", 3: "AS 7S"})
    h = new_hand(hands=hands, exposed=["QS"])
    for c in ["2S", "4S", "KS", "AS"]:
        h.play(c)
    assert h.to_play == 3
    h.play("7S")
    assert h.to_play == 0
    h.play("3S")
    assert "QS" in h.legal_moves()
    h.play("QS")


def test_exposed_card_restriction_applies_to_the_leader():
    hands = make_hands({0: "2S", 3: "JD 3D AS KS"})
    h = new_hand(hands=hands, exposed=["JD"])
    for _ in h_lead_spade_trick(h, winner_card="AS"):
        pass
    assert h.to_play == 3
    assert "JD" not in h.legal_moves()
    assert h.why_illegal("JD") == (
        "Your exposed J♦ may not be played to the first diamond trick while you hold another diamond.")
    assert "3D" in h.legal_moves()


def h_lead_spade_trick(h: Hand, winner_card: str):
    """Play the first trick: 2S led, everyone follows low, seat holding winner_card plays it."""
    h.play("2S")
    yield
    while h.tricks == []:
        seat = h.to_play
        moves = h.legal_moves()
        own = h.view(seat)["hand"]
        h.play(winner_card if winner_card in own else moves[0])
        yield


def test_exposed_only_card_of_suit_may_lead():
    hands = make_hands({0: "2S", 3: "JD AS KS"})
    assert [c for c in hands[3] if c.endswith("D")] == ["JD"]
    h = new_hand(hands=hands, exposed=["JD"])
    for _ in h_lead_spade_trick(h, winner_card="AS"):
        pass
    assert h.to_play == 3 and "JD" in h.legal_moves()


def test_discarding_exposed_card_of_another_suit_is_allowed():
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    h = new_hand(hands=make_hands({0: spades, 1: "AH 5H"}), exposed=["AH"])
    h.play("2S")
    # Seat 1 is void in spades: it may discard its exposed A♥ on the first spade trick.
    assert "AH" in h.legal_moves() and h.why_illegal("AH") is None
    h.play("AH")
    assert h.hearts_broken


def test_exposed_ace_of_hearts_cannot_lead_unled_hearts():
    h = new_hand(hands=make_hands({1: "AH 5H 6H"}), exposed=["AH"], leader=1, first_hand=False)
    assert "AH" not in h.legal_moves() and "5H" in h.legal_moves()


# ---------------------------------------------------------------- hearts must be broken

def test_hearts_must_be_broken_option():
    r = rules(hearts_must_be_broken=True, exposure=False)
    hands = make_hands({0: "2S 3S", 1: "4S 5H", 2: "AS 6H 7H", 3: "KS"})
    h = new_hand(hands=hands, rules=r)
    for c in ["2S", "4S", "AS", "KS"]:
        h.play(c)
    assert h.to_play == 2
    assert h.why_illegal("6H") == (
        "Hearts have not been broken: you may not lead a heart while you hold other suits.")
    assert all(not c.endswith("H") for c in h.legal_moves())
    # Without the option hearts may be led at once.
    h2 = new_hand(hands=hands, rules=rules(exposure=False))
    for c in ["2S", "4S", "AS", "KS"]:
        h2.play(c)
    assert "6H" in h2.legal_moves()


def test_hearts_broken_after_a_heart_is_discarded():
    r = rules(hearts_must_be_broken=True, exposure=False)
    spades = "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS"
    hands = make_hands({0: spades})
    h = new_hand(hands=hands, rules=r)
    h.play("2S")
    h.play("2H")  # seat 1 is void in spades and discards a heart
    assert h.hearts_broken
    h.play(h.legal_moves()[0])
    h.play(h.legal_moves()[0])
    assert h.to_play == 0
    # Seat 0 holds only spades; nothing to check. Seat 1 (void) could lead hearts later.
    assert h.view(1)["hearts_broken"] is True


def test_may_lead_hearts_when_holding_only_hearts():
    r = rules(hearts_must_be_broken=True, exposure=False)
    hearts = "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH"
    h = new_hand(hands=make_hands({1: hearts}), leader=1, first_hand=False, rules=r)
    assert len(h.legal_moves()) == 13


def test_decide_makes_whatever_decision_the_phase_asks_for():
    """A bot's answer (cards to pass, cards to expose or None, a card) goes to the right action."""
    h = new_hand(seed=4, rules=rules(pass_cards=3))
    seen = []
    rng = random.Random(1)
    while h.phase != "done":
        seat = h.to_play
        view = h.view(seat)
        seen.append(h.phase)
        if h.phase == "pass":
            decision = rng.sample(view["hand"], 3)
        elif h.phase == "expose":
            decision = None if seen.count("expose") == 1 else view["exposable"][:1]
        else:
            decision = rng.choice(view["legal"])
        before = h.to_dict()
        illegal = [c for c in view["hand"] if c not in view["legal"]] if h.phase == "play" else []
        if illegal:
            with pytest.raises(IllegalMove):
                h.decide(seat, illegal[0])
            assert h.to_dict() == before  # refused, nothing changed
        events = h.decide(seat, decision)
        assert events and h.to_dict() != before
    assert {"pass", "expose", "play"} <= set(seen)
    assert [kind for kind, _, _ in h.to_dict()["actions"][:4]] == ["pass"] * 4


# ---------------------------------------------------------------- the exposure phase

def test_open_exposure_in_order_from_leader():
    hands = make_hands({2: "2S QS", 0: "AH", 3: "TC", 1: "JD"})
    h = new_hand(hands=hands, start="expose")
    assert h.phase == "expose" and h.leader == 2 and h.to_play == 2
    with pytest.raises(IllegalMove, match="Seat 2 exposes first"):
        h.expose(3, ["TC"])
    ev = h.expose(2, ["QS"])
    assert ev == [{"type": "expose", "seat": 2, "cards": ["QS"]}]
    assert h.to_play == 3
    # Seat 3 sees the exposure already made.
    assert h.view(3)["exposed"][2] == ["QS"] and h.view(3)["exposable"] == ["TC"]
    assert h.view(0)["exposable"] == []
    with pytest.raises(IllegalMove, match="Only A♥, Q♠, J♦ and 10♣ may be exposed, not 2♣"):
        h.expose(3, ["2C"])
    with pytest.raises(IllegalMove, match="You do not hold A♥"):
        h.expose(3, ["AH"])
    h.expose(3, [])
    h.expose(0, ["AH"])
    ev = h.expose(1, ["JD"])
    assert ev[-1]["type"] == "phase" and ev[-1]["phase"] == "play"
    assert h.phase == "play" and h.to_play == 2
    assert h.exposed == [1 << 25, 1 << 35, 1 << 10, 0]
    with pytest.raises(IllegalMove, match="not exposed now"):
        h.expose(0, [])


def test_seats_without_special_cards_are_skipped():
    hands = make_hands({0: "2S AH QS JD TC"})
    h = new_hand(hands=hands, start="expose")
    assert h.exposure_decided == [False, True, True, True]
    h.expose(0, ["TC"])
    assert h.phase == "play"


def test_secret_exposure_reveals_together_and_never_leaks():
    r = rules(exposure_mode="secret")
    hands = make_hands({2: "2S QS", 0: "AH", 3: "TC", 1: "JD"})
    h = new_hand(hands=hands, rules=r, start="expose")
    ev = h.expose(3, ["TC"])  # any order
    assert ev == [{"type": "expose_chosen", "seat": 3}]
    assert h.view(0)["exposed"] == [[], [], [], []]
    assert h.view(3)["my_exposure"] == ["TC"]
    assert h.view(0)["my_exposure"] is None
    assert "TC" not in json.dumps({k: v for k, v in h.view(0).items() if k not in ("hand", "rules")})
    with pytest.raises(IllegalMove, match="already decided"):
        h.expose(3, [])
    h.expose(1, [])
    h.expose(0, ["AH"])
    ev = h.expose(2, ["QS"])
    reveals = [e for e in ev if e["type"] == "expose"]
    assert [e["seat"] for e in reveals] == [2, 3, 0, 1]
    assert h.view(1)["exposed"] == [["AH"], [], ["QS"], ["TC"]]
    assert h.phase == "play"


def test_auto_expose_fourth():
    r = rules(auto_expose_fourth=True)
    hands = make_hands({2: "2S QS", 0: "AH", 3: "TC", 1: "JD"})
    h = new_hand(hands=hands, rules=r, start="expose")
    h.expose(2, ["QS"])
    h.expose(3, ["TC"])
    ev = h.expose(0, ["AH"])
    assert {"type": "auto_expose", "seat": 1, "cards": ["JD"]} in ev
    assert h.phase == "play" and h.exposed[1] == 1 << 35
    assert h.view(0)["auto_exposed"] == ["JD"]
    # Without the option, seat 1 would still decide.
    h2 = new_hand(hands=hands, start="expose")
    for seat, c in [(2, ["QS"]), (3, ["TC"]), (0, ["AH"])]:
        h2.expose(seat, c)
    assert h2.phase == "expose" and h2.to_play == 1


def test_auto_expose_fourth_in_secret_mode_even_after_declining():
    r = rules(auto_expose_fourth=True, exposure_mode="secret")
    hands = make_hands({2: "2S QS", 0: "AH", 3: "TC", 1: "JD"})
    h = new_hand(hands=hands, rules=r, start="expose")
    h.expose(1, [])
    h.expose(2, ["QS"])
    h.expose(3, ["TC"])
    ev = h.expose(0, ["AH"])
    assert {"type": "auto_expose", "seat": 1, "cards": ["JD"]} in ev


# ---------------------------------------------------------------- passing

def test_passing_three_cards_to_the_next_player():
    r = rules(pass_cards=3)
    hands = make_hands({0: "2S AH KH", 1: "3S 4S 5S"})
    h = new_hand(hands=hands, rules=r, start="pass")
    assert h.phase == "pass" and h.leader is None
    with pytest.raises(IllegalMove, match="exactly 3 cards"):
        h.pass_cards(0, ["2S"])
    with pytest.raises(IllegalMove, match="You do not hold 3♠"):
        h.pass_cards(0, ["2S", "AH", "3S"])
    with pytest.raises(IllegalMove, match="not played now"):
        h.play("2S")
    assert h.why_illegal("2S") == "Cards are not played now (this is the pass phase)."
    h.pass_cards(0, ["2S", "AH", "KH"])
    with pytest.raises(IllegalMove, match="already passed"):
        h.pass_cards(0, ["2D", "3D", "4D"])
    v = h.view(0)["passing"]
    assert v["passed"] == ["2S", "KH", "AH"] and v["received"] is None and v["to"] == 1
    h.pass_cards(1, ["3S", "4S", "5S"])
    h.pass_cards(2, h.view(2)["hand"][:3])
    ev = h.pass_cards(3, h.view(3)["hand"][:3])
    assert {"type": "passes_done"} in ev
    # Seat 1 now holds the 2♠: it leads, and exposure starts with it.
    assert h.leader == 1 and h.phase == "expose" and h.to_play == 1
    assert h.view(1)["passing"]["received"] == ["2S", "KH", "AH"]
    assert h.view(2)["passing"]["received"] == ["3S", "4S", "5S"]
    assert "2S" in h.view(1)["hand"] and "2S" not in h.view(0)["hand"]


def test_no_passing_without_the_option():
    h = new_hand(seed=3)
    with pytest.raises(IllegalMove, match="not passed now"):
        h.pass_cards(0, h.view(0)["hand"][:3])
    with pytest.raises(ValueError, match="no passing"):
        new_hand(seed=3, start="pass")


# ---------------------------------------------------------------- illegal actions change nothing

def test_illegal_actions_change_nothing():
    rng = random.Random(4)
    for seed in range(30):
        h = new_hand(seed=seed, rules=rules(hearts_must_be_broken=True))
        while h.phase != "done":
            if h.phase == "expose":
                h.expose(h.to_play, h.exposable(h.to_play)[:1])
                continue
            before = h.to_json()
            held = cards_of(h.held[h.to_play])
            bad = [c for c in held if card_code(c) not in h.legal_moves()]
            for c in bad:
                with pytest.raises(IllegalMove):
                    h.play(c)
            with pytest.raises(IllegalMove, match="You do not hold"):
                h.play(next(c for c in range(52) if not h.held[h.to_play] >> c & 1))
            with pytest.raises(IllegalMove, match="not your turn"):
                h.play(held[0], seat=(h.to_play + 1) % 4)
            with pytest.raises(ValueError, match="not a card"):
                h.play("1X")
            assert h.to_json() == before
            h.play(rng.choice(h.legal_moves()))
        with pytest.raises(IllegalMove, match="done phase"):
            h.play("2S")


def test_every_dimmed_card_has_a_reason():
    rng = random.Random(9)
    h = new_hand(seed=11, rules=rules(hearts_must_be_broken=True))
    while h.phase != "done":
        if h.phase == "expose":
            h.expose(h.to_play, h.exposable(h.to_play))
            continue
        seat = h.to_play
        v = h.view(seat)
        assert sorted(v["legal"] + list(v["illegal"])) == sorted(v["hand"])
        assert all(isinstance(msg, str) and msg.endswith(".") for msg in v["illegal"].values())
        h.play(rng.choice(v["legal"]))


@pytest.mark.parametrize("key", sorted(REASONS))
def test_every_reason_reads_in_both_languages(key):
    params = {"card": "Q♠", "suit": 0, "phase": "expose", "seat": 2, "n": 3, "k": 2,
              "error": "not a card: 'ZZ'", "given": "ZZ"}
    text = reason(key, **params)
    assert isinstance(text, str) and text.key == key
    assert "{" not in text and "{" not in text.zh
    assert text.zh and text.zh != str(text)
    # No English left in the Chinese (card codes and the phase aside, the Chinese is Chinese).
    assert not re.findall(r"[A-Za-z]{2,}", text.zh.replace("ZZ", "")), text.zh


def test_an_illegal_move_carries_its_reason_in_chinese():
    h = new_hand(seed=11)
    while h.phase != "play":
        h.expose(h.to_play, [])
    wrong = next(c for c in h.view(h.to_play)["hand"] if c not in h.legal_moves())
    with pytest.raises(IllegalMove) as caught:
        h.play(wrong)
    assert caught.value.key == "first_lead"
    assert str(caught.value) == h.why_illegal(wrong) == h.view(h.to_play)["illegal"][wrong]
    assert caught.value.zh == h.why_illegal(wrong).zh == h.view(h.to_play)["illegal_zh"][wrong]
    assert "整局第一墩必须先出" in caught.value.zh
    with pytest.raises(IllegalMove) as caught:
        h.expose(0, ["QS"])
    assert caught.value.key == "not_exposing"
    assert caught.value.zh == "现在不是亮牌的时候（当前是出牌阶段）。"


# ---------------------------------------------------------------- views

def _codes_in(obj, skip=("rules", "must_lead")):
    out = set()
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                out |= _codes_in(v, skip)
    elif isinstance(obj, list):
        for v in obj:
            out |= _codes_in(v, skip)
    elif isinstance(obj, str) and len(obj) == 2 and obj[0] in "23456789TJQKA" and obj[1] in "SHDC":
        out.add(obj)
    return out


@pytest.mark.parametrize("variant", [{}, {"pass_cards": 3}, {"exposure_mode": "secret"}])
def test_views_are_json_and_hide_other_hands(variant):
    rng = random.Random(2)
    for seed in range(15):
        h = new_hand(seed=seed, rules=rules(**variant))
        while h.phase != "done":
            for seat in range(4):
                v = h.view(seat)
                assert json.loads(json.dumps(v)) == v
                hidden = set()
                for other in range(4):
                    if other != seat:
                        hidden |= set(card_codes(h.held[other] & ~h.exposed[other]))
                if h.passes[seat] is not None:
                    hidden -= set(card_codes(h.passes[seat]))  # it knows what it passed on
                assert not (_codes_in(v) & hidden), (seat, _codes_in(v) & hidden)
            play_one(h, rng)


def play_one(h: Hand, rng: random.Random) -> None:
    seat = h.to_play
    if h.phase == "pass":
        h.pass_cards(seat, rng.sample(cards_of(h.held[seat]), 3))
    elif h.phase == "expose":
        h.expose(seat, [c for c in h.exposable(seat) if rng.random() < 0.5])
    else:
        h.play(rng.choice(h.legal_moves()))


def test_view_contents():
    h = new_hand(seed=21)
    while h.phase == "expose":
        h.expose(h.to_play, [])
    leader = h.to_play
    h.play("2S")
    v = h.view((leader + 1) % 4)
    for key in ["version", "rules", "phase", "seat", "to_play", "leader", "trick_leader", "first_hand",
                "must_lead", "hand", "hand_counts", "legal", "illegal", "exposable", "exposed",
                "auto_exposed", "exposure_decided", "my_exposure", "passing", "played", "trick",
                "tricks", "tricks_won", "captured", "led_suits", "hearts_broken", "voids", "scores",
                "pig_captor"]:
        assert key in v, key
    assert v["played"] == [[leader, "2S"]] and v["trick"] == [[leader, "2S"]]
    assert v["legal"] and v["to_play"] == v["seat"]
    assert v["rules"] == CLASSIC.to_dict() and v["first_hand"] is True
    assert v["hand_counts"][leader] == 12


# ---------------------------------------------------------------- JSON

def test_json_round_trip_at_every_step():
    rng = random.Random(3)
    for variant in [{}, {"pass_cards": 3}, {"exposure_mode": "secret", "auto_expose_fourth": True}]:
        h = new_hand(seed=8, rules=rules(**variant))
        while h.phase != "done":
            text = h.to_json()
            again = Hand.from_json(text)
            assert again.to_json() == text
            assert again.view(0) == h.view(0) and again.view(3) == h.view(3)
            play_one(h, rng)
        assert Hand.from_json(h.to_json()).hand_scores() == h.hand_scores()


def test_explicit_hand_json_round_trip():
    h = new_hand(hands=make_hands({1: "QS"}), exposed=["QS"], leader=2, first_hand=False)
    h.play(h.legal_moves()[0])
    again = Hand.from_json(h.to_json())
    assert again.view(1) == h.view(1)


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[]", "not a saved Gong Zhu hand"),
    ('{"format": "gongzhu-match"}', "not a saved Gong Zhu hand"),
    ('{"format": "gongzhu-hand", "version": 99}', "version 99 is not supported"),
    ('{"format": "gongzhu-hand", "version": 1}', "incomplete or malformed"),
])
def test_bad_json(text, message):
    with pytest.raises(ValueError, match=message):
        Hand.from_json(text)


def test_json_with_an_illegal_action_is_refused():
    h = new_hand(seed=5, rules="beginner")
    data = h.to_dict()
    data["actions"] = [["play", h.to_play, "AH" if "AH" in h.view(h.to_play)["hand"] else "3S"]]
    with pytest.raises(ValueError, match="illegal action"):
        Hand.from_dict(data)
    data["rules"]["target"] = -4
    with pytest.raises(ValueError, match="target"):
        Hand.from_dict(data)


# ---------------------------------------------------------------- random-playout invariants

@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_playout_invariants(preset):
    rng = random.Random(preset)
    for variant in [{}, {"hearts_must_be_broken": True, "pass_cards": 3}]:
        r = PRESETS[preset].replace(**variant)
        for seed in range(1000):
            if seed % 2 == 0:
                h = new_hand(seed=seed, rules=r)
            else:
                h = new_hand(seed=seed, rules=r, first_hand=False, leader=seed % 4)
            events = play_randomly(h, rng)
            plays = [e for e in events if e["type"] == "play"]
            # Every card played exactly once.
            assert sorted(e["card"] for e in plays) == sorted(card_code(c) for c in range(52))
            assert len(h.tricks) == 13
            # Scores equal score_pile of the captured cards.
            ex = card_codes(h.exposed_mask)
            assert h.hand_scores() == [score_pile(h.captured(s), ex, r).total for s in range(4)]
            assert events[-1]["type"] == "hand_over" and events[-1]["scores"] == h.hand_scores()
            # The scoring cards are all captured by someone; the pig once.
            assert sum(bin(m & SCORING_MASK).count("1") for m in h.captured_masks) == 16
            assert h.pig_captor is not None
            # The first lead of a first hand is the 2♠ (or 2♣).
            if h.first_hand:
                assert plays[0]["card"] == r.first_lead


def test_copy_is_independent():
    h = new_hand(seed=31, rules="beginner")
    h.play(h.legal_moves()[0])
    c = h.copy()
    c.play(c.legal_moves()[0])
    assert len(h.played) == 1 and len(c.played) == 2
    assert h.view(0) != c.view(0)
    assert Hand.from_json(h.to_json()).view(2) == h.view(2)


def test_later_hand_with_passing_keeps_its_leader():
    h = new_hand(seed=4, rules=rules(pass_cards=3), leader=2, first_hand=False)
    assert h.phase == "pass" and h.to_play == 2
    rng = random.Random(1)
    while h.phase == "pass":
        h.pass_cards(h.to_play, rng.sample(h.view(h.to_play)["hand"], 3))
    assert h.leader == 2 and h.phase == "expose"
    # Exposure goes round from the leader, skipping seats with no special card.
    order = [s for s in (2, 3, 0, 1) if h.held[s] & EXPOSABLE_MASK]
    assert h.to_play == order[0]
