"""The fast playout layer agrees with Hand: same legal sets, winners and scores; the tight loop
plays only legal cards, uniformly at random; the bots' API (views, policies) works."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gongzhu import PRESETS, new_hand
from gongzhu.core import fast
from gongzhu.core.cards import card_code, parse_card
from gongzhu.core.rules import Rules, get_rules
from tests.helpers_engine import make_hands

VARIANTS = [
    PRESETS["classic"],
    PRESETS["round-points"],
    PRESETS["beginner"],
    PRESETS["classic"].replace(hearts_must_be_broken=True, heart_values="pips"),
    PRESETS["classic"].replace(hearts_must_be_broken=True, pass_cards=3),
]


def _start(seed: int, rules, rng: random.Random):
    h = new_hand(seed=seed, rules=rules)
    while h.phase in ("pass", "expose"):
        seat = h.to_play
        if h.phase == "pass":
            h.pass_cards(seat, h.view(seat)["hand"][:3])
        else:
            h.expose(seat, [c for c in h.exposable(seat) if rng.random() < 0.6])
    return h


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.preset_name() or "house")
def test_apply_and_legal_agree_with_hand(rules):
    rng = random.Random(1)
    for seed in range(400):
        h = _start(seed, rules, rng)
        st = fast.state_from_hand(h)
        while h.phase != "done":
            assert fast.legal(st) == h.legal_mask()
            assert st.to_play == h.to_play
            card = rng.choice(h.legal_moves())
            h.play(card)
            fast.apply(st, parse_card(card))
            assert st.captured == h.captured_masks
            if h.phase == "play":
                assert st.leader == h.trick_leader and st.to_play == h.to_play
        assert fast.scores(st) == h.hand_scores()


class _Traced(list):
    """A suit list that records every card taken out of it (= played) in a shared log."""

    def __init__(self, items, log):
        super().__init__(items)
        self.log = log

    def pop(self, i=-1):
        c = super().pop(i)
        self.log.append(c)
        return c

    def remove(self, c):
        super().remove(c)
        self.log.append(c)


def _traced_run(h, rng):
    """Run the tight loop from a fresh play phase of Hand h; return (cards played, scores)."""
    st = fast.state_from_hand(h)
    log: list[int] = []
    H = [_Traced(t, log) for t in fast._suit_lists(st.hands, rng.randbytes)]
    xs, xcard = 0, [-1, -1, -1, -1]
    for s in range(4):
        e = (st.exposed >> (13 * s)) & 0x1FFF
        if e and not st.led_suits >> s & 1:
            xs |= 1 << s
            xcard[s] = 13 * s + e.bit_length() - 1
    P = [fast.code_of_mask(m) for m in st.captured]
    n = bin(st.hands[st.leader]).count("1")
    fast._tricks(H, P, st.leader, n, st.must_lead, st.hearts_broken, st.rules.hearts_must_be_broken,
                 xs, xcard, rng.random)
    sc = fast.Scorer(st.rules, st.exposed)
    return log, [sc.score(p) for p in P], P


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: r.preset_name() or "house")
def test_tight_loop_plays_legal_cards_and_scores_like_hand(rules):
    rng = random.Random(2)
    for seed in range(1000):
        h = _start(seed, rules, rng)
        log, scores, codes = _traced_run(h, rng)
        assert len(log) == 52
        for c in log:
            h.play(c)  # raises IllegalMove if the loop broke a rule
        assert h.hand_scores() == scores
        assert codes == [fast.code_of_mask(m) for m in h.captured_masks]


def test_tight_loop_mid_hand_and_later_hands():
    rng = random.Random(3)
    for seed in range(300):
        h = new_hand(seed=seed, rules="classic", first_hand=False, leader=seed % 4)
        while h.phase == "expose":
            h.expose(h.to_play, h.exposable(h.to_play)[: seed % 3])
        for _ in range(seed % 40):
            h.play(rng.choice(h.legal_moves()))
        while h.trick:
            h.play(rng.choice(h.legal_moves()))
        log, scores, _ = _traced_run(h, rng)
        for c in log:
            h.play(c)
        assert h.hand_scores() == scores


def test_tight_loop_choices_are_uniform():
    # A later hand, seat 0 leads with 13 cards and nothing restricted: each card ~1/13.
    hands = make_hands({})
    h = new_hand(hands=hands, leader=0, first_hand=False)
    rng = random.Random(4)
    firsts: Counter[int] = Counter()
    runs = 3900
    for _ in range(runs):
        log, _, _ = _traced_run(h, rng)
        firsts[log[0]] += 1
    assert len(firsts) == 13
    assert all(200 < n < 400 for n in firsts.values()), firsts


def test_exposed_follow_choice_stays_uniform():
    # Seat 1 holds Q♠ exposed and four other spades: on the first spade trick it plays one of
    # the four others, each about a quarter of the time.
    hands = make_hands({0: "2S 3S", 1: "QS 4S 5S 6S 7S"})
    h = new_hand(hands=hands, exposed=["QS"])
    rng = random.Random(5)
    counts: Counter[str] = Counter()
    for _ in range(2000):
        log, _, _ = _traced_run(h, rng)
        assert log[0] == parse_card("2S")
        counts[card_code(log[1])] += 1
    assert set(counts) == {"4S", "5S", "6S", "7S"}
    assert all(400 < n < 600 for n in counts.values()), counts


def test_playout_from_view_with_guessed_hands():
    rng = random.Random(6)
    h = _start(12, PRESETS["classic"], rng)
    for _ in range(10):
        h.play(rng.choice(h.legal_moves()))
    seat = h.to_play
    view = h.view(seat)
    st = fast.state_from_view(view, h.held)
    ref = fast.state_from_hand(h)
    for name in fast.PlayoutState.__slots__:
        assert getattr(st, name) == getattr(ref, name), name
    before = fast.copy_state(st)
    results = [fast.playout(st, rng) for _ in range(50)]
    assert all(len(r) == 4 and all(isinstance(x, int) for x in r) for r in results)
    # The state is unchanged by a playout.
    for name in fast.PlayoutState.__slots__:
        assert getattr(st, name) == getattr(before, name)


def test_playout_with_policies():
    rng = random.Random(7)
    h = _start(13, PRESETS["classic"], rng)

    def lowest(state, seat, legal_mask):
        return (legal_mask & -legal_mask).bit_length() - 1

    st = fast.state_from_hand(h)
    a = fast.playout(st, rng, [lowest] * 4)
    b = fast.playout(st, rng, [lowest] * 4)
    assert a == b  # deterministic policies, deterministic result
    # Replaying "lowest legal card" in a Hand gives the same scores.
    while h.phase != "done":
        h.play(h.legal_moves()[0])
    assert h.hand_scores() == a
    mixed = fast.playout(st, rng, [lowest, None, None, None])
    assert len(mixed) == 4

    def cheat(state, seat, legal_mask):
        return next(c for c in range(52) if state.hands[seat] >> c & 1 and not legal_mask >> c & 1)

    h2 = _start(14, PRESETS["classic"], rng)
    with pytest.raises(ValueError, match="illegal card"):
        for _ in range(20):
            fast.playout(fast.state_from_hand(h2), rng, [cheat] * 4)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_hand_and_bench(preset):
    rng = random.Random(8)
    for _ in range(500):
        scores = fast.random_hand(rng, preset)
        assert len(scores) == 4 and all(-3200 <= s <= 3200 for s in scores)
    result = fast.bench(0.05, preset)
    assert result["hands"] > 0 and result["hands_per_second"] > 0


def test_random_hand_with_passing():
    rng = random.Random(9)
    r = PRESETS["classic"].replace(pass_cards=3, hearts_must_be_broken=True)
    for _ in range(300):
        assert len(fast.random_hand(rng, r)) == 4


def test_state_from_hand_needs_play_phase():
    with pytest.raises(ValueError, match="play phase"):
        fast.state_from_hand(new_hand(seed=1))


def test_restricted_lead_choice_stays_uniform():
    # Seat 0 leads (a later hand) holding Q♠ exposed with other spades: any card but Q♠,
    # each of the 12 about equally often.
    hands = make_hands({0: "QS 3S 4S 5S 2H 3H 4H 2D 3D 4D 2C 3C 4C"})
    h = new_hand(hands=hands, exposed=["QS"], leader=0, first_hand=False)
    rng = random.Random(10)
    counts: Counter[str] = Counter()
    for _ in range(2400):
        log, _, _ = _traced_run(h, rng)
        counts[card_code(log[0])] += 1
    assert "QS" not in counts and len(counts) == 12
    assert all(140 < n < 260 for n in counts.values()), counts


def test_scorer_agrees_with_pile_score():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from gongzhu.core.cards import EXPOSABLE, SCORING_MASK, cards_of
    from gongzhu.core.scoring import pile_score

    @settings(max_examples=300, deadline=None)
    @given(st.sets(st.sampled_from(cards_of(SCORING_MASK) + [0, 51])), st.sets(st.sampled_from(EXPOSABLE)),
           st.sampled_from(["all_hearts", "sweep"]), st.sampled_from(["no_other_scoring", "net_zero"]),
           st.sampled_from(["standard", "pips"]))
    def check(pile, exposed, pig, tc, hv):
        rules = Rules(pig_positive_with=pig, transformer_alone=tc, heart_values=hv)
        mask = sum(1 << c for c in pile)
        ex = sum(1 << c for c in exposed)
        assert fast.Scorer(rules, ex).score(fast.code_of_mask(mask)) == pile_score(mask, ex, rules)

    check()


def test_random_hand_seat_tables():
    # Without passing, deck positions 13p..13p+12 go to seat p; with passing, the first three
    # of each block go on to the next seat, so every seat still holds 13.
    seat, slot = fast._plan(get_rules("classic"))[-2:]
    seat_pass, slot_pass = fast._plan(Rules(pass_cards=3))[-2:]
    assert [seat.count(p) for p in range(4)] == [13] * 4
    assert [seat_pass.count(p) for p in range(4)] == [13] * 4
    assert seat_pass[:4] == (1, 1, 1, 0) and seat_pass[39:43] == (0, 0, 0, 3)
    assert slot_pass[0][parse_card("QS")] == 4 and slot[0][parse_card("QS")] == 0
