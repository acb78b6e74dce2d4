"""Claims: the engine ends a hand at once only when it can prove that the rest changes no score and
not the pig's captor (who leads the next hand); a claim scores exactly as playing the hand out."""

from __future__ import annotations

import random

import pytest

from gongzhu import PRESETS, Hand, IllegalMove, new_hand
from gongzhu.core.cards import SCORING_MASK, card_code, parse_card
from gongzhu.core.hand import CLAIM_TRICKS

CLASSIC = PRESETS["classic"]
# Every preset, and every option that changes what scores or who may play what.
VARIANTS = {name: rules for name, rules in PRESETS.items()} | {
    "pips": CLASSIC.replace(heart_values="pips"),
    "net-zero-sweep": CLASSIC.replace(transformer_alone="net_zero", pig_positive_with="sweep"),
    "hearts-broken": CLASSIC.replace(hearts_must_be_broken=True),
    "secret-auto": CLASSIC.replace(exposure_mode="secret", auto_expose_fourth=True),
    "pass-partners": CLASSIC.replace(pass_cards=3, partnership=True),
}

# One suit per seat: seat 0 holds every spade, so it leads 2♠ and, the others being void,
# wins every trick whatever anyone plays.
ONE_SUIT_EACH = [
    [r + suit for r in "AKQJT98765432"] for suit in "SHDC"
]


def ending(hand: Hand) -> tuple[list[int], int | None]:
    return hand.hand_scores(), hand.pig_captor


def all_endings(hand: Hand) -> set[tuple[tuple[int, ...], int | None]]:
    """Every (scores, pig captor) some legal play-out of ``hand`` reaches (by brute force)."""
    if hand.phase == "done":
        return {(tuple(hand.hand_scores()), hand.pig_captor)}
    out: set[tuple[tuple[int, ...], int | None]] = set()
    for card in hand.legal_moves():
        after = hand.copy()
        after.play(card)
        out |= all_endings(after)
    return out


def to_play_phase(hand: Hand, rng: random.Random) -> None:
    while hand.phase in ("pass", "expose"):
        seat = hand.to_play
        assert seat is not None
        if hand.phase == "pass":
            hand.pass_cards(seat, rng.sample(hand.view(seat)["hand"], hand.rules.pass_cards))
        else:
            hand.expose(seat, [c for c in hand.exposable(seat) if rng.random() < 0.6])


def test_a_leader_who_takes_every_trick_may_claim_at_once():
    h = new_hand(hands=ONE_SUIT_EACH, rules=CLASSIC)
    assert h.claim_proof() == "forced"
    rng = random.Random(5)
    played_out = h.copy()
    while played_out.phase == "play":
        played_out.play(rng.choice(played_out.legal_moves()))
    events = h.claim(h.to_play)
    assert events[0] == {"type": "claim", "seat": 0, "proof": "forced"}
    assert h.phase == "done" and events[-1]["type"] == "hand_over"
    assert [e["type"] for e in events].count("trick") == 13
    assert ending(h) == ending(played_out) == ([800, 0, 0, 0], 0)
    assert h.actions == [["claim", 0, None]]
    again = Hand.from_json(h.to_json())
    assert again.phase == "done" and again.tricks == h.tricks and ending(again) == ending(h)


def test_a_forced_short_ending_is_found_by_the_search():
    # As above, but seat 0 holds 2♣ for 2♠: seat 3 can win a club trick, so no seat takes all;
    # with few enough cards left the search proves that the end is the same anyway.
    hands = [list(h) for h in ONE_SUIT_EACH]
    hands[0][12], hands[3][12] = hands[3][12], hands[0][12]
    h = new_hand(hands=hands, rules=CLASSIC.replace(first_lead="2C"))
    rng = random.Random(5)
    while h.claim_proof() is None:
        h.play(rng.choice(h.legal_moves()))
    assert 52 - 4 * CLAIM_TRICKS < len(h.played) < 48 and h.trick
    assert len(all_endings(h)) == 1
    played_out = h.copy()
    while played_out.phase == "play":
        played_out.play(rng.choice(played_out.legal_moves()))
    h.claim(h.to_play)
    assert ending(h) == ending(played_out)


def greedy(hand: Hand) -> str:
    """The highest scoring card the player to move may play, else their lowest legal card."""
    legal = [parse_card(c) for c in hand.legal_moves()]
    scoring = [c for c in legal if SCORING_MASK >> c & 1]
    return card_code(max(scoring) if scoring else min(legal))


def test_no_scoring_card_left_is_a_proof_at_any_depth():
    hands = [h.split() for h in ("AS KS JS TS 9S 8S 7S 6S 5S 4S 3S 2S 2D",
                                 "QS AH KH QH JH TH AD KD QD TD 9D 8D 7D",
                                 "9H 8H 7H 6H 5H JD AC KC QC JC 9C 8C 7C",
                                 "4H 3H 2H TC 6D 5D 4D 3D 6C 5C 4C 3C 2C")]
    h = new_hand(hands=hands, rules="beginner")
    while h.claim_proof() != "no_points":
        h.play(greedy(h))
    # Every scoring card went in the first six tricks.
    assert len(h.played) == 24 and not (sum(h.held) & SCORING_MASK)
    scores = h.hand_scores()
    assert scores == [0, 800, 0, 0]
    h.claim(h.to_play)
    assert h.phase == "done" and h.hand_scores() == scores and h.pig_captor == 1


def test_an_ending_that_could_go_either_way_is_not_claimed():
    hands = [list(h) for h in ONE_SUIT_EACH]
    hands[0][12], hands[3][12] = hands[3][12], hands[0][12]
    h = new_hand(hands=hands, rules=CLASSIC.replace(first_lead="2C"))
    h.play("2C")
    assert h.claim_proof() is None
    with pytest.raises(IllegalMove, match="could still change the scores") as refused:
        h.claim(1)
    assert refused.value.zh == "剩下的牌还可能改变得分：请继续出牌。"
    with pytest.raises(IllegalMove, match="not your turn"):
        new_hand(hands=ONE_SUIT_EACH, rules=CLASSIC).claim(2)
    with pytest.raises(IllegalMove, match="not played now"):
        new_hand(seed=3).claim(0)
    # Brute force finds a hand where two ways of playing end differently: never claimable there.
    rng = random.Random(11)
    found = 0
    for seed in range(40):
        h = new_hand(seed=seed, rules=CLASSIC)
        to_play_phase(h, rng)
        while len(h.played) < 44:
            h.play(rng.choice(h.legal_moves()))
        if len(all_endings(h)) > 1:
            found += 1
            assert h.claim_proof() is None
            with pytest.raises(IllegalMove):
                h.copy().claim(h.to_play)
    assert found >= 10


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_the_proof_is_exact_on_short_random_endings(name):
    """With two tricks or fewer to go the search never gives up: a proof exactly when every
    legal play-out ends with the same scores and pig captor."""
    rules = VARIANTS[name]
    rng = random.Random(name)
    proofs = 0
    for seed in range(25):
        h = new_hand(seed=seed, rules=rules)
        to_play_phase(h, rng)
        while h.phase == "play":
            if len(h.played) >= 44:
                one = len(all_endings(h)) == 1
                assert (h.claim_proof() is not None) == one, (seed, len(h.played))
                proofs += one
            h.play(rng.choice(h.legal_moves()))
    assert proofs > 0


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_claim_never_changes_a_random_hand(name):
    """At every position of 120 random hands where a claim is proven, the claimed hand ends with
    the scores and the pig captor of the hand played on at random, and reloads the same."""
    rules = VARIANTS[name]
    rng = random.Random(name + "!")
    claims = {"no_points": 0, "forced": 0}
    for seed in range(120):
        h = new_hand(seed=1000 + seed, rules=rules)
        to_play_phase(h, rng)
        positions = []
        while h.phase == "play":
            proof = h.claim_proof()
            if proof:
                claimed = h.copy()
                claimed.claim(h.to_play)
                positions.append(claimed)
                claims[proof] += 1
            h.play(rng.choice(h.legal_moves()))
        for claimed in positions:
            assert ending(claimed) == ending(h), seed
        if positions:
            again = Hand.from_json(positions[0].to_json())
            assert ending(again) == ending(h) and again.actions == positions[0].actions
    assert claims["forced"] > 50


def test_a_claim_keeps_the_next_leader():
    """Who captured the pig leads the next hand: a claim never changes it (it is part of the proof)."""
    rng = random.Random(4)
    for seed in range(60):
        h = new_hand(seed=seed, rules="beginner")
        while h.phase == "play" and not h.claim_proof():
            h.play(rng.choice(h.legal_moves()))
        if h.phase != "play":
            continue
        for k in range(3):
            other = h.copy()
            r = random.Random(k)
            while other.phase == "play":
                other.play(r.choice(other.legal_moves()))
            claimed = h.copy()
            claimed.claim(h.to_play)
            assert claimed.pig_captor == other.pig_captor
