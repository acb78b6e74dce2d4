"""Take-backs: a seat's last card (and every card after it) is undone, through the hand's JSON
history, until the next trick starts; each one is counted, saved and shown by the match."""

from __future__ import annotations

import json
import random

import pytest

from gongzhu import Hand, IllegalMove, Match, new_hand, new_match


def at_play(seed: int = 7, rules: str = "beginner") -> Hand:
    h = new_hand(seed=seed, rules=rules)
    assert h.phase == "play"
    return h


def play_until_seat(h: Hand, seat: int, rng: random.Random) -> None:
    """Play on at random until it is ``seat``'s turn with a choice of cards, in trick 2 or later."""
    while h.to_play != seat or len(h.legal_moves()) < 2 or not h.tricks:
        h.play(rng.choice(h.legal_moves()))


def test_the_last_card_and_the_ones_after_it_are_undone():
    h = at_play()
    rng = random.Random(1)
    play_until_seat(h, 0, rng)
    before = h.to_dict()
    first, second = h.legal_moves()[:2]
    h.play(first)
    while h.trick:
        h.play(h.legal_moves()[0])  # the others follow, to the end of the trick
    assert h.can_take_back(0)
    undone = [[s, c] for _, s, c in h.actions[len(before["actions"]):]]
    events = h.take_back(0)
    assert events == [{"type": "take_back", "seat": 0, "cards": undone}]
    after = h.to_dict()
    assert after["actions"] == before["actions"] and after["take_backs"] == 1
    assert h.to_play == 0 and first in h.legal_moves()
    h.play(second)  # a different card this time
    assert h.actions[-1] == ["play", 0, second]
    assert h.take_backs == 1


def test_not_once_the_next_trick_has_started():
    h = at_play()
    rng = random.Random(2)
    play_until_seat(h, 0, rng)
    h.play(h.legal_moves()[0])
    while h.trick:
        h.play(h.legal_moves()[0])
    assert h.can_take_back(0)  # the trick is complete, the next not begun
    h.play(h.legal_moves()[0])  # the winner leads the next trick
    if h.played[-1][0] == 0:
        assert h.can_take_back(0)  # our own lead of the new trick may still be taken back
    else:
        assert not h.can_take_back(0)
        with pytest.raises(IllegalMove, match="until the next trick starts") as refused:
            h.take_back(0)
        assert refused.value.zh.startswith("现在没有可以收回的牌")


def leading_after_a_trick_won(seed: int) -> Match:
    """A match whose hand has seat 0, which won a trick (not the first), to lead the next one."""
    m = new_match(seed=7, rules="beginner")
    h = m.current_hand
    rng = random.Random(seed)
    while not (h.to_play == 0 and not h.trick and len(h.tricks) >= 2 and len(h.legal_moves()) >= 2):
        assert h.phase == "play", "seat 0 led no trick after the second"
        h.play(rng.choice(h.legal_moves()))
    return m


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_one_take_back_undoes_one_card_not_the_ones_before_it(seed: int) -> None:
    """A seat that wins tricks and leads could take back its lead, then its card of the trick just
    completed, then the lead before, back to the first trick, having seen every card between. A
    take-back undoes one card: the next waits until the seat has played again (through a save too)."""
    m = leading_after_a_trick_won(seed)
    h = m.current_hand
    assert h.can_take_back(0)  # its card of the trick just won, the next not begun
    h.play(h.legal_moves()[0])
    h.take_back(0)  # the lead undone: the trick just won is complete again, the next not begun
    assert not h.can_take_back(0)
    with pytest.raises(IllegalMove, match="play a card before taking back another") as refused:
        h.take_back(0)
    assert refused.value.zh
    for again in (Hand.from_json(h.to_json()), Match.from_json(m.to_json()).current_hand):
        assert not again.can_take_back(0) and again.take_backs == 1
    h.play(h.legal_moves()[-1])
    assert h.can_take_back(0)  # the new lead may be taken back in its turn
    h.take_back(0)
    assert h.take_backs == 2 and not h.can_take_back(0)


def test_nothing_to_take_back_before_any_card_after_a_claim_or_outside_play():
    h = at_play()
    assert not h.can_take_back(0) and not h.can_take_back(h.to_play)
    exposing = new_hand(seed=7)
    assert exposing.phase == "expose" and not exposing.can_take_back(0)
    claimed = at_play(seed=9)
    rng = random.Random(3)
    while not claimed.claim_proof():
        claimed.play(rng.choice(claimed.legal_moves()))
    claimed.claim(claimed.to_play)
    assert claimed.phase == "done" and not any(claimed.can_take_back(s) for s in range(4))


def test_the_last_card_of_a_hand_reopens_it_and_the_match_counts():
    m = new_match(seed=3, rules="beginner")
    h = m.current_hand
    rng = random.Random(4)
    while h.phase == "play":
        h.play(rng.choice(h.legal_moves()))
    last_seat = h.played[-1][0]
    totals = m.totals
    assert h.can_take_back(last_seat)
    h.take_back(last_seat)
    assert h.phase == "play" and len(h.played) == 51 and m.take_backs == 1
    assert m.totals == [0, 0, 0, 0]  # the hand is open again
    h.play(h.legal_moves()[0])
    assert h.phase == "done" and m.totals == totals
    summary = m.summary()
    assert summary["take_backs"] == 1 and m.history()[0]["take_backs"] == 1
    m.next_hand()
    assert m.summary()["take_backs"] == 1 and m.history()[0]["take_backs"] == 1


def test_take_backs_are_saved_and_checked():
    m = new_match(seed=5, rules="beginner")
    h = m.current_hand
    rng = random.Random(6)
    play_until_seat(h, 0, rng)
    h.play(h.legal_moves()[0])
    h.take_back(0)
    h.play(h.legal_moves()[-1])
    again = Match.from_json(m.to_json())
    assert again.take_backs == 1 and again.to_json() == m.to_json()
    assert Hand.from_json(h.to_json()).take_backs == 1
    data = json.loads(m.to_json())
    for bad in (-1, "2", True, 1.5):
        data["hands"][0]["take_backs"] = bad
        with pytest.raises(ValueError, match="bad take-back count"):
            Match.from_dict(data)
    del data["hands"][0]["take_backs"]  # a save from before take-backs
    assert Match.from_dict(data).take_backs == 0
    for bad in (-2, len(data["hands"][0]["actions"]) + 1, "3", False):
        data["hands"][0]["taken_back_at"] = bad
        with pytest.raises(ValueError, match="bad take-back mark"):
            Match.from_dict(data)
