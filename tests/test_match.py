"""A match: per-hand seeds, the pig captor leads the next hand, totals, end conditions, round
points, partnership, history with breakdowns, views, JSON."""

from __future__ import annotations

import json
import random

import pytest

from gongzhu import PRESETS, Match, new_match
from gongzhu.core.deal import hand_seed
from tests.helpers_engine import play_randomly


def finish(m: Match, rng: random.Random, max_hands: int = 200) -> None:
    for _ in range(max_hands):
        play_randomly(m.current_hand, rng)
        if m.is_over:
            return
        m.next_hand()
    raise AssertionError("match did not end")


def test_first_hand_and_seeds():
    m = new_match(seed=42)
    h = m.current_hand
    assert h.first_hand and h.seed == hand_seed(42, 0) and m.hand_number == 0
    assert m.totals == [0, 0, 0, 0] and not m.is_over
    with pytest.raises(ValueError, match="not finished"):
        m.next_hand()
    again = new_match(seed=42)
    assert again.current_hand.held == h.held
    with pytest.raises(ValueError, match="seed or an rng"):
        new_match()
    assert new_match(rng=random.Random(1)).seed == new_match(rng=random.Random(1)).seed


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_matches(preset):
    rng = random.Random(preset)
    for seed in range(6):
        m = new_match(seed=seed, rules=preset)
        finish(m, rng)
        r = m.rules
        hands = m.hands
        # Each hand n is dealt from hand_seed(seed, n); later hands are led by the previous pig captor.
        for n, h in enumerate(hands):
            assert h.seed == hand_seed(seed, n)
            assert h.first_hand == (n == 0)
            if n:
                assert h.leader == hands[n - 1].pig_captor
                assert not h.first_hand
        # Totals are the sums of the hand scores; only the last hand ended the match.
        sums = [sum(h.hand_scores()[s] for h in hands) for s in range(4)]
        assert m.seat_totals == sums
        assert any(t <= -r.target or (r.end_on_plus and t >= r.target) for t in m.totals)
        running = [0, 0, 0, 0]
        for h in hands[:-1]:
            running = [running[s] + h.hand_scores()[s] for s in range(4)]
            assert all(-r.target < t and (not r.end_on_plus or t < r.target) for t in running)
        assert m.losers == [s for s in range(4) if m.totals[s] <= -r.target]
        assert m.winners == [s for s in range(4) if m.totals[s] == max(m.totals)]
        if r.end_on_plus:
            assert m.round_points == [2 if t >= r.target else 0 if t <= -r.target else 1 for t in m.totals]
        else:
            assert m.round_points is None
        with pytest.raises(ValueError, match="over"):
            m.next_hand()
        history = m.history()
        assert len(history) == len(hands)
        assert history[-1]["totals"] == m.totals
        assert all(sum(b["total"] for b in hd["breakdown"]) == sum(hd["scores"]) for hd in history)


def test_places_share_ties():
    m = new_match(seed=1)
    assert m.places() == [1, 1, 1, 1]


def test_end_on_plus_small_target():
    r = PRESETS["round-points"].replace(target=60)
    rng = random.Random(5)
    ended_plus = 0
    for seed in range(30):
        m = new_match(seed=seed, rules=r)
        finish(m, rng)
        if max(m.totals) >= 60:
            ended_plus += 1
            assert 2 in m.round_points
    assert ended_plus > 0


def test_partnership_shares_totals():
    r = PRESETS["fast"].replace(partnership=True)
    rng = random.Random(6)
    m = new_match(seed=3, rules=r)
    finish(m, rng)
    st = m.seat_totals
    assert m.totals == [st[0] + st[2], st[1] + st[3], st[0] + st[2], st[1] + st[3]]
    assert m.team_totals == [m.totals[0], m.totals[1]]
    assert min(m.team_totals) <= -500
    assert set(m.losers) in ({0, 2}, {1, 3})
    assert new_match(seed=3).team_totals is None


def test_match_view():
    m = new_match(seed=8)
    v = m.view(1)
    assert v["match"]["hand_number"] == 0 and v["match"]["totals"] == [0, 0, 0, 0]
    assert v["seat"] == 1 and json.loads(json.dumps(v)) == v


def test_json_round_trip():
    rng = random.Random(7)
    m = new_match(seed=11, rules="fast")
    for _ in range(3):
        play_randomly(m.current_hand, rng)
        if m.is_over:
            break
        m.next_hand()
    # Part way through a hand, too.
    h = m.current_hand
    while h.phase == "expose":
        h.expose(h.to_play, [])
    if h.phase == "play":
        h.play(h.legal_moves()[0])
    text = m.to_json()
    again = Match.from_json(text)
    assert again.to_json() == text
    assert again.totals == m.totals and again.view(2) == m.view(2)
    finish(m, rng)
    assert Match.from_json(m.to_json()).summary() == m.summary()


@pytest.mark.parametrize("text, message", [
    ("{", "not valid JSON"),
    ('{"format": "gongzhu-hand"}', "not a saved Gong Zhu match"),
    ('{"format": "gongzhu-match", "version": 0}', "version 0 is not supported"),
    ('{"format": "gongzhu-match", "version": 1, "rules": {}}', "incomplete or malformed"),
    ('{"format": "gongzhu-match", "version": 1, "rules": {}, "seed": 1, "hands": []}', "no hands"),
])
def test_bad_match_json(text, message):
    with pytest.raises(ValueError, match=message):
        Match.from_json(text)


def test_match_json_with_illegal_action():
    m = new_match(seed=2, rules="beginner")
    data = m.to_dict()
    seat = m.current_hand.to_play
    wrong = next(c for c in m.current_hand.view(seat)["hand"] if c != "2S")
    data["hands"][0]["actions"] = [["play", seat, wrong]]
    with pytest.raises(ValueError, match="illegal action.*2♠"):
        Match.from_dict(data)
