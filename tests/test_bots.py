"""The bots: legal over many seeded hands for every preset, honest (no peeking), deterministic,
the rule bot's key rules each on a hand built for it, and the ``explain`` hint."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from gongzhu.bots import BOTS, LEVELS, Expert, Pimc, explain, phase_of
from gongzhu.bots.registry import resolve_bot
from gongzhu.core.cards import HEARTS_MASK, SUIT_MASKS, card_code, card_codes, parse_card
from gongzhu.core.deal import hand_seed
from gongzhu.core.hand import Hand, new_hand
from gongzhu.core.portable import popcount
from gongzhu.core.rules import PRESETS, Rules

SMALL_HARD = Pimc(worlds=3, rollouts=1, budget=None, min_worlds=1)
SMALL_EXPERT = Expert(worlds=3, rollouts=1, budget=None, min_worlds=1)
SMALL = {"hard": SMALL_HARD, "expert": SMALL_EXPERT}

RULE_SETS = {**PRESETS,
             "passing": Rules(pass_cards=3),
             "partnership-secret": Rules(partnership=True, exposure_mode="secret", auto_expose_fourth=True),
             "broken-hearts-pips": Rules(hearts_must_be_broken=True, heart_values="pips", first_lead="2C")}


def bot(name: str) -> Any:
    return SMALL.get(name) or BOTS[name]


def play_out(hand: Hand, names: list[str], seed: int) -> Hand:
    """Play a hand to its end with the named bots; ``Hand`` rejects any illegal decision."""
    rngs = [random.Random(seed * 4 + s) for s in range(4)]
    while hand.phase != "done":
        seat = hand.to_play
        assert seat is not None
        view = hand.view(seat)
        d = bot(names[seat])(view, rngs[seat])
        if hand.phase == "pass":
            assert len(d) == hand.rules.pass_cards and set(d) <= set(view["hand"])
            hand.pass_cards(seat, d)
        elif hand.phase == "expose":
            assert set(d) <= set(view["exposable"])
            hand.expose(seat, d)
        else:
            assert d in view["legal"]
            hand.play(d, seat)
    return hand


def play_out_until(hand: Hand, rng: random.Random, cards: int) -> Hand:
    """``hand`` after its passing and exposure by the easy bot, then ``cards`` random legal plays
    (voids shown along the way)."""
    while hand.phase in ("pass", "expose"):
        seat = hand.to_play
        hand.decide(seat, BOTS["easy"](hand.view(seat), rng))
    for _ in range(cards):
        seat = hand.to_play
        hand.play(rng.choice(hand.legal_moves()), seat)
    return hand


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_beginner_easy_normal_only_play_legal_cards(rules: str) -> None:
    r = RULE_SETS[rules]
    for i in range(80):
        # Many hands of beginner and easy; normal (a sampler, slower) in every tenth.
        names = ["beginner", "easy", "beginner", "easy"] if i % 10 else ["normal", "easy", "beginner", "normal"]
        names = names[i % 4:] + names[:i % 4]
        hand = play_out(new_hand(seed=hand_seed(11, i), rules=r), names, i)
        assert sum(len(t["cards"]) for t in hand.tricks) == 52


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_hard_and_expert_play_legal_cards(rules: str) -> None:
    r = RULE_SETS[rules]
    for i in range(2):
        names = ["hard", "expert", "easy", "normal"] if i == 0 else ["expert", "easy", "hard", "beginner"]
        play_out(new_hand(seed=hand_seed(5, i), rules=r), names, i)


def test_levels_and_contract() -> None:
    assert LEVELS == ["beginner", "easy", "normal", "hard", "expert"]
    hand = new_hand(seed=3, rules=Rules(pass_cards=3))
    view = hand.view(hand.to_play)
    for name in LEVELS:
        d = bot(name)(view, random.Random(1))
        assert isinstance(d, list) and len(d) == 3 and set(d) <= set(view["hand"])
    # The CLI's and the arena's registry: the same bot(view, rng), plus "random" (no level).
    assert resolve_bot("easy") is BOTS["easy"]
    assert set(BOTS) == {*LEVELS, "random"}
    assert resolve_bot("random")(view, random.Random(1)) == random.Random(1).sample(view["hand"], 3)
    with pytest.raises(ValueError):
        BOTS["easy"](hand.view(0) | {"phase": "done"}, random.Random(1))
    with pytest.raises(ValueError):
        BOTS["random"](hand.view(0) | {"phase": "done"}, random.Random(1))


# ----------------------------------------------------------------------------- honesty, determinism


def _mid_hand(seed: int, tricks: int, rules: Rules) -> Hand:
    """A hand played by easy bots from an explicit deal up to ``tricks`` tricks and one card."""
    hands = [card_codes(m) for m in _masks(seed)]
    hand = new_hand(hands=hands, rules=rules)
    rng = random.Random(seed)
    while len(hand.tricks) < tricks or not hand.trick:
        seat = hand.to_play
        hand.play(BOTS["easy"](hand.view(seat), rng), seat)
    return hand


def _masks(seed: int) -> list[int]:
    from gongzhu.core.deal import deal_hands
    return [sum(1 << c for c in h) for h in deal_hands(seed)]


def _swapped(hand: Hand, me: int, rng: random.Random) -> Hand | None:
    """The same public history with unseen cards of one suit swapped between two opponents."""
    held = list(hand.held)
    others = [s for s in range(4) if s != me]
    for _ in range(200):
        a, b = rng.sample(others, 2)
        s = rng.randrange(4)
        ca = held[a] & SUIT_MASKS[s] & ~hand.exposed_mask
        cb = held[b] & SUIT_MASKS[s] & ~hand.exposed_mask
        if ca and cb:
            x = rng.choice([c for c in range(52) if ca >> c & 1])
            y = rng.choice([c for c in range(52) if cb >> c & 1])
            dealt = list(hand.dealt)
            dealt[a] = dealt[a] & ~(1 << x) | (1 << y)
            dealt[b] = dealt[b] & ~(1 << y) | (1 << x)
            other = new_hand(hands=[card_codes(m) for m in dealt], rules=hand.rules)
            for _, seat, card in hand.actions:
                other.play(card, seat)
            return other
    return None


@pytest.mark.parametrize("name", LEVELS)
def test_no_peeking_same_view_same_decision(name: str) -> None:
    rules = Rules(exposure=False)
    checked = 0
    for seed in range(1, 7):
        hand = _mid_hand(seed, 3 + seed % 5, rules)
        me = hand.to_play
        other = _swapped(hand, me, random.Random(seed))
        if other is None:
            continue
        assert other.held != hand.held
        v1, v2 = hand.view(me), other.view(me)
        assert v1 == v2  # The seat cannot tell the two deals apart...
        d1 = bot(name)(v1, random.Random(99))
        d2 = bot(name)(v2, random.Random(99))
        assert d1 == d2  # ...and neither can the bot.
        checked += 1
    assert checked >= 4


@pytest.mark.parametrize("name", LEVELS)
def test_deterministic_under_a_seed(name: str) -> None:
    hand = _mid_hand(21, 4, Rules())
    view = hand.view(hand.to_play)
    assert len({bot(name)(view, random.Random(7)) for _ in range(3)}) == 1


def test_hard_fixed_mode_ignores_the_clock() -> None:
    from gongzhu.bots import set_fixed

    hand = _mid_hand(8, 2, Rules())
    view = hand.view(hand.to_play)
    slow = Pimc(worlds=6, rollouts=2, budget=0.0, min_worlds=1)
    set_fixed(True)
    try:
        a = slow(view, random.Random(3))
        b = Pimc(worlds=6, rollouts=2, budget=None)(view, random.Random(3))
    finally:
        set_fixed(False)
    assert a == b


def _rollouts_per_world(monkeypatch, affordable: int | None = None, scale: float = 1.0,
                        pace: float = 0.0) -> dict[int, int]:
    """The rollouts of each world (by the first candidate's) in one of hard's searches of a mid-hand
    position: with ``affordable``, on a clock whose 0.12 s (hard's budget) buy that many playouts
    (a rollout of every candidate), at the game's ``pace``; without it, fixed at ``scale``."""
    from gongzhu.core.bots import pimc
    from gongzhu.core.bots.pimc import set_budget_scale, set_fixed, set_pace
    from gongzhu.core.bots.sampler import Knowledge, equivalent_groups

    hand = _mid_hand(8, 2, Rules())
    view = hand.view(hand.to_play)
    k = Knowledge(view)
    cands = equivalent_groups(sum(1 << parse_card(c) for c in view["legal"]), k.played, k.trick)
    assert len(cands) >= 2
    calls: list[tuple[int, int]] = []
    now = [0.0]
    real = pimc.policy.rollout

    def rollout(hands: list[int], *a: object, **kw: object) -> list[int]:
        calls.append((id(hands), kw["first"]))
        now[0] += 0.12 / affordable / len(cands) if affordable else 0.0
        return real(hands, *a, **kw)

    monkeypatch.setattr(pimc.policy, "rollout", rollout)
    monkeypatch.setattr(pimc, "clock", lambda: now[0])
    set_fixed(affordable is None)
    set_budget_scale(scale)
    set_pace(pace)
    try:
        Pimc().evaluate(k, random.Random(5), cands)
    finally:
        set_fixed(False)
        set_budget_scale(1.0)
        set_pace(0.0)
    # Every candidate in the same worlds, as often.
    per_world = {w: sum(1 for x in calls if x == (w, cands[0])) for w, _ in calls}
    assert all(sum(1 for x in calls if x == (w, c)) == n for w, n in per_world.items() for c in cands)
    return per_world


def test_a_search_goes_world_by_world_when_the_budget_allows_a_third(monkeypatch) -> None:
    """World by world, all four rollouts of each, while the budget allows at least a third of the
    40 x 4 playouts: the whole of them, three quarters (fixed), or 100 or 60 on the clock."""
    assert sorted(_rollouts_per_world(monkeypatch).values()) == [4] * 40
    assert sorted(_rollouts_per_world(monkeypatch, scale=0.75).values()) == [4] * 30
    per_world = _rollouts_per_world(monkeypatch, affordable=100)
    assert set(per_world.values()) == {4} and 20 <= len(per_world) <= 25, per_world
    per_world = _rollouts_per_world(monkeypatch, affordable=60)
    assert set(per_world.values()) == {4} and 12 <= len(per_world) <= 15, per_world


def test_a_search_cut_to_less_than_a_third_spreads_its_rollouts_over_every_world(monkeypatch) -> None:
    """Below a third (a phone): the rollouts go in passes over the worlds, one in each of the 40
    worlds, then a second..., rather than four in each of 10: fixed at a quarter, and on a clock that
    allows about 48 playouts (judged by the first one, which stays the first world's only one)."""
    assert sorted(_rollouts_per_world(monkeypatch, scale=0.25).values()) == [1] * 40
    per_world = _rollouts_per_world(monkeypatch, affordable=48)
    assert len(per_world) == 40 and set(per_world.values()) == {1, 2}, per_world
    assert 44 <= sum(per_world.values()) <= 48


def test_a_search_on_a_slow_clock_thinks_for_the_games_pace(monkeypatch) -> None:
    """While the game shows a bot's card at its pace, the bot may think that long: on a clock whose
    0.12 s buy 40 playouts (a phone), a pace of 0.3 s buys 100 of them world by world, and one of
    0.6 s all 160; a pace shorter than the bot's own clock changes nothing; fixed runs ignore it."""
    from gongzhu.core.bots.pimc import set_pace

    assert 36 <= sum(_rollouts_per_world(monkeypatch, affordable=40).values()) <= 40
    assert sum(_rollouts_per_world(monkeypatch, affordable=40, pace=0.06).values()) == \
        sum(_rollouts_per_world(monkeypatch, affordable=40).values())
    per_world = _rollouts_per_world(monkeypatch, affordable=40, pace=0.3)
    assert set(per_world.values()) == {4} and 23 <= len(per_world) <= 25, per_world
    assert sorted(_rollouts_per_world(monkeypatch, affordable=40, pace=0.6).values()) == [4] * 40
    assert sorted(_rollouts_per_world(monkeypatch, scale=0.25, pace=0.6).values()) == [1] * 40
    with pytest.raises(ValueError, match="0 or more"):
        set_pace(-0.1)


def test_hard_searches_the_first_trick_on_twice_its_clock(monkeypatch) -> None:
    """A play of the first trick (the longest rollouts) gets hard's budget twice over; later
    plays, and a searcher left at the default, get it once. Counted on a clock that each rollout
    of a card advances by the same step."""
    from gongzhu.bots import hard
    from gongzhu.core.bots import pimc
    from gongzhu.core.bots.sampler import Knowledge, equivalent_groups

    real = pimc.policy.rollout
    now = [0.0]

    def rollout(*a: object, **kw: object) -> list[int]:
        now[0] += 0.002
        return real(*a, **kw)

    monkeypatch.setattr(pimc.policy, "rollout", rollout)
    monkeypatch.setattr(pimc, "clock", lambda: now[0])

    def rollouts(bot: Pimc, tricks: int) -> int:
        hand = _mid_hand(7, tricks, Rules())
        k = Knowledge(hand.view(hand.to_play))
        cands = equivalent_groups(sum(1 << parse_card(c) for c in k.view["legal"]), k.played, k.trick)
        assert len(cands) >= 2
        start = now[0]
        bot.evaluate(k, random.Random(1), cands)
        return round((now[0] - start) / 0.002)

    assert hard.first_trick_clock == 2.0
    first, plain = rollouts(hard, 0), rollouts(Pimc(), 0)
    assert plain < 160 and 1.8 * plain <= first <= 2.2 * plain, (first, plain)
    later, later_plain = rollouts(hard, 3), rollouts(Pimc(), 3)
    assert abs(later - later_plain) <= 0.1 * later_plain, (later, later_plain)


def test_hard_prior_gives_the_rule_policys_card_a_head_start() -> None:
    from gongzhu.core.bots.sampler import Knowledge, equivalent_groups

    for seed in range(6):
        hand = _mid_hand(seed, 2 + seed, Rules())
        view = hand.view(hand.to_play)
        rule = parse_card(str(BOTS["easy"](view, random.Random(0))))
        bot = Pimc(worlds=2, rollouts=1, budget=None, min_worlds=1)
        bot.prior = 1e6
        card = parse_card(str(bot(view, random.Random(seed))))
        k = Knowledge(view)
        # The same card, or the representative of its group of equivalent cards.
        between = sum(1 << parse_card(c) for c in view["legal"]) & ((2 << rule) - (1 << card))
        assert card == rule or (card // 13 == rule // 13 and card < rule and
                                len(equivalent_groups(between, k.played, k.trick)) == 1)


def test_equivalent_groups_keep_cards_apart_that_a_card_on_the_table_separates() -> None:
    from gongzhu.core.bots.sampler import equivalent_groups, mask

    legal = mask("QD TD 9D 5D".split())
    played = mask("JD 8D 7D 6D".split())  # JD and 8D on the table now, 7D and 6D gone earlier.
    assert card_codes(sum(1 << c for c in equivalent_groups(legal, played))) == ["5D"]
    trick = [parse_card("8D"), parse_card("JD")]
    groups = equivalent_groups(legal, played, trick)
    assert sorted(card_codes(1 << c)[0] for c in groups) == ["5D", "9D", "QD"]


# ----------------------------------------------------------------------------- the rule bot's rules


def build(parts: dict[int, str], leader: int, plays: str = "", rules: Rules | None = None,
          voids: dict[int, str] | None = None) -> Hand:
    """A hand from partial holdings (the rest dealt round-robin, keeping ``voids``), then
    ``plays`` (codes, in turn from ``leader``)."""
    hands = {s: [parse_card(c) for c in parts.get(s, "").split()] for s in range(4)}
    used = {c for h in hands.values() for c in h}
    rest = [c for c in range(52) if c not in used]
    voids = voids or {}
    void_suits = "".join(voids.values())
    rest.sort(key=lambda c: "SHDC"[c // 13] not in void_suits)  # Constrained suits first.
    for c in rest:
        for s in sorted(range(4), key=lambda s: len(hands[s])):
            if len(hands[s]) < 13 and "SHDC"[c // 13] not in voids.get(s, ""):
                hands[s].append(c)
                break
        else:
            raise AssertionError("cannot deal")
    h = new_hand(hands=[card_codes(sum(1 << c for c in hands[s])) for s in range(4)],
                 rules=rules or Rules(exposure=False), first_hand=False, leader=leader)
    for code in plays.split():
        h.play(code)
    return h


def easy_decides(h: Hand) -> str:
    return str(BOTS["easy"](h.view(h.to_play), random.Random(0)))


def test_rule_dumps_the_pig_on_a_void() -> None:
    h = build({0: "AD", 1: "QS 2S 3S"}, leader=0, plays="AD", voids={1: "D"})
    assert easy_decides(h) == "QS"


def test_rule_drops_the_pig_under_a_higher_spade() -> None:
    h = build({0: "KS", 1: "QS 3S 4S 5S 6S"}, leader=0, plays="KS")
    assert easy_decides(h) == "QS"


def test_rule_ducks_under_the_king_of_spades_when_the_pig_is_out() -> None:
    h = build({0: "KS", 1: "AS 5S", 3: "QS"}, leader=0, plays="KS")
    assert parse_card(easy_decides(h)) < parse_card("QS")


def test_rule_ducks_under_the_current_winner() -> None:
    h = build({0: "9C", 1: "TD KC 8C 2C"}, leader=0, plays="9C", voids={1: "S"})
    assert easy_decides(h) == "8C"  # The highest club under the 9♣ (keep the 2♣ to exit).


def test_rule_sheds_a_high_spade_when_void_while_the_pig_is_out() -> None:
    h = build({0: "AD", 1: "AS KH 2S", 2: "QS"}, leader=0, plays="AD", voids={1: "D"})
    assert easy_decides(h) == "AS"


def test_rule_sheds_the_highest_heart_when_void() -> None:
    h = build({0: "AD", 1: "KH 5H 3C AC", 3: "QS AS KS"}, leader=0, plays="AD", voids={1: "DS"})
    assert easy_decides(h) == "KH"


def test_rule_counts_the_pig_high_spades_are_safe_once_she_is_gone() -> None:
    # The pig fell in trick one; now the void seat sheds its heart rather than its A♠.
    h = build({0: "2S 9D", 1: "QS AD", 2: "3S", 3: "4S AS KH 2C"}, leader=0,
              plays="2S QS 3S 4S", voids={3: "D"})
    h.play("AD")  # seat 1 won the spade trick with the pig and leads
    h.play(easy_decides(h))
    assert h.to_play == 3
    assert parse_card(easy_decides(h)) // 13 == 1  # a heart, not the A♠


def test_rule_takes_a_clean_transformer_when_last() -> None:
    # T♣ alone is +50 to an empty pile: last to play, seat 3 takes it.
    h = build({0: "9C", 1: "TC 2C", 2: "8C", 3: "JC 3C AH"}, leader=0, plays="9C TC 8C")
    assert parse_card(easy_decides(h)) > parse_card("TC")


def test_rule_does_not_take_the_transformer_when_it_has_hearts() -> None:
    # Seat 3 takes A♥ first (its pile is -50), then is last to a club trick with the T♣ in
    # it: it stays under, since taking it would double its hearts.
    g = build({0: "2H 9C KD", 1: "3H TC 3D", 2: "4H 8C 4D", 3: "AH JC 5C 5D"}, leader=0,
              plays="2H 3H 4H AH 5D KD 3D 4D")
    assert g.tricks[0]["winner"] == 3 and g.tricks[1]["winner"] == 0
    g.play("9C")
    g.play("TC")
    g.play("8C")
    assert g.to_play == 3
    assert parse_card(easy_decides(g)) < parse_card("TC")


def test_rule_takes_the_sheep_when_last() -> None:
    h = build({0: "9D", 1: "JD", 2: "2D", 3: "QD 3D"}, leader=0, plays="9D JD 2D", voids={1: "D"})
    assert h.view(3)["trick"][1] == [1, "JD"]  # Seat 1 had to give up its lone sheep.
    assert parse_card(easy_decides(h)) > parse_card("JD")  # Seat 3 takes it.


def test_rule_leads_spades_to_flush_the_pig() -> None:
    h = build({0: "JS 5S 2D 9C 8H"}, leader=0)
    assert easy_decides(h) in ("JS", "5S")


def test_rule_does_not_lead_spades_holding_the_pig() -> None:
    h = build({0: "QS 2S 3S 2D 9C"}, leader=0)
    assert parse_card(easy_decides(h)) // 13 != 0


def test_rule_partnership_feeds_the_sheep_and_keeps_the_pig_off_the_partner() -> None:
    r = Rules(exposure=False, partnership=True)
    h = build({0: "AC", 1: "3C", 2: "JD QS 2H"}, leader=0, plays="AC 3C", rules=r, voids={2: "C"})
    assert easy_decides(h) == "JD"  # Partner (seat 0) wins: feed it the sheep, not the pig.
    h = build({0: "2C", 1: "AC", 2: "JD QS 2H"}, leader=0, plays="2C AC", rules=r, voids={2: "C"})
    assert easy_decides(h) == "QS"  # Opponent (seat 1) wins: the pig goes there.


def test_rule_exposes_the_sheep_with_diamond_strength() -> None:
    r = Rules()
    h = new_hand(hands=[
        "AD KD JD 5D 2D 3S 4S 5H 6H 7C 8C 9C 2C".split(),
        "QS AS KS 2S 5S 6S 7S 8S 9S TS JS 3H 4H".split(),
        "AH KH QH JH TH 9H 8H 7H 2H 3D 4D 6D 7D".split(),
        "8D 9D TD QD AC KC QC JC TC 6C 5C 4C 3C".split(),
    ], rules=r, start="expose")
    s = h.to_play
    while s != 0:
        h.expose(s, [])
        s = h.to_play
    assert BOTS["easy"](h.view(0), random.Random(0)) == ["JD"]


@pytest.mark.parametrize("name", ["normal", "expert"])
def test_search_weighs_the_rule_bots_exposure_and_keeps_its_generator(name: str) -> None:
    """normal and the expert weigh the rule bot's exposure and its subsets with their own
    search: never a card the rule bot would keep hidden, sometimes fewer; and on a copy of the
    generator, so the play that follows draws the same numbers."""
    from gongzhu.bots import set_fixed

    proposed = declined = 0
    set_fixed(True)
    try:
        for i in range(60):
            hand = new_hand(seed=hand_seed(77, i), rules=PRESETS["classic"])
            while hand.phase == "expose":
                seat = hand.to_play
                view = hand.view(seat)
                rule = BOTS["easy"](view, random.Random(0))
                rng = random.Random(i)
                state = rng.getstate()
                decision = BOTS[name](view, rng)
                assert set(decision) <= set(rule), (i, seat)
                assert rng.getstate() == state
                proposed += bool(rule)
                declined += set(decision) != set(rule)
                hand.expose(seat, [])
    finally:
        set_fixed(False)
    assert proposed >= 20
    assert 1 <= declined < proposed


# ----------------------------------------------------------------------------- explain


def test_explain_gives_a_decision_and_a_reason_in_both_languages() -> None:
    hand = new_hand(seed=4, rules=Rules(pass_cards=3))
    for phase in ("pass", "expose", "play"):
        while hand.phase != phase:
            seat = hand.to_play
            hand.decide(seat, BOTS["easy"](hand.view(seat), random.Random(0)))
        view = hand.view(hand.to_play)
        assert phase_of(view) == phase
        out = explain(view, bot="easy")
        assert set(out) == {"decision", "en", "zh", "bot"}
        assert out["en"] and out["zh"] and out["en"] != out["zh"]
        assert out["decision"] == BOTS["easy"](view, random.Random(0))
    hint = explain(_mid_hand(3, 5, Rules()).view(_mid_hand(3, 5, Rules()).to_play), bot="normal")
    assert hint["decision"] in _mid_hand(3, 5, Rules()).view(_mid_hand(3, 5, Rules()).to_play)["legal"]


def _second_or_third_to_play(can_duck: bool) -> tuple[Any, int]:
    """A seat second or third to a trick, following suit, holding a legal card above the winning
    one and (``can_duck``) one below it or (not) none: its view's Knowledge and that higher card."""
    from gongzhu.bots.explain import policy as _policy
    from gongzhu.core.bots.sampler import Knowledge

    for seed in range(200):
        hand = new_hand(seed=seed, rules=Rules(exposure=False))
        rng = random.Random(seed)
        while hand.phase == "play":
            view = hand.view(hand.to_play)
            if 1 <= len(view["trick"]) <= 2 and hand.tricks:
                k = Knowledge(view)
                best, _ = _policy.trick_winner(k.trick, k.leader)
                legal = [parse_card(c) for c in view["legal"]]
                if all(c // 13 == best // 13 for c in legal):
                    above = [c for c in legal if c > best]
                    below = [c for c in legal if c < best]
                    if above and bool(below) == can_duck and above[-1] // 13 != 2:
                        return k, above[-1]
            hand.play(rng.choice(hand.legal_moves()))
    raise AssertionError("no such position")


def test_the_hints_reason_for_a_high_card_says_cannot_duck_only_when_true() -> None:
    """A hint played over the winning card, not last to play: "you cannot duck" only when no legal
    card is lower (a player holding lower cards was told they could not duck)."""
    from gongzhu.bots.explain import _why_play

    k, high = _second_or_third_to_play(can_duck=True)
    en, zh = _why_play(k, high)
    assert "cannot duck" not in en and "压不住" not in zh, en
    k, high = _second_or_third_to_play(can_duck=False)
    en, zh = _why_play(k, high)
    assert "cannot duck" in en and "压不住" in zh, en


# ----------------------------------------------------------------------------- the refined rules (expert's rollouts)


def plain_and_refined(hand: int, trick: list[int], leader: int, seat: int, played: int,
                      cap: list[int] | None = None) -> list[str]:
    """The rule policy's card without and with ``Ctx.refined``."""
    from gongzhu.core.bots import policy

    legal = (hand & SUIT_MASKS[trick[0] // 13] or hand) if trick else hand
    played |= sum(1 << c for c in trick)
    return [card_code(policy.choose(hand, legal, trick, leader, seat, played, cap or [0, 0, 0, 0],
                                    policy.Ctx(Rules(exposure=False), 0, refined)))
            for refined in (False, True)]


def test_refined_rules_take_the_sheep_second_to_play_instead_of_ducking_it() -> None:
    hand = sum(1 << parse_card(c) for c in "QD 5D 9C".split())
    plain, refined = plain_and_refined(hand, [parse_card("JD")], leader=0, seat=1, played=0)
    assert plain == "5D"  # The plain rules duck under the current winner, sheep or not.
    assert refined == "QD"  # The refined ones take the +100.


def test_refined_rules_lead_a_safe_low_heart() -> None:
    # 2♥ cannot win (no heart is lower); 5♣ can (one lower club out, four higher).
    hand = sum(1 << parse_card(c) for c in "2H 5C".split())
    unseen = sum(1 << parse_card(c) for c in "3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH 2C 6C 7C 8C 9C".split())
    played = ((1 << 52) - 1) & ~hand & ~unseen
    plain, refined = plain_and_refined(hand, [], leader=0, seat=0, played=played)
    assert plain == "5C"  # The plain rules are reluctant to lead hearts at all.
    assert refined == "2H"


def test_refined_rules_defend_against_a_moon_from_four_hearts() -> None:
    # Seat 1 has taken all four hearts played and wins this diamond trick; seat 2, void in
    # diamonds, keeps its K♥ off that trick under the refined rules (moon defence from four
    # hearts), where the plain rules (defence from seven) shed it.
    taken = sum(1 << parse_card(c) for c in "2H 3H 4H 5H 2C 3C 4C 6C".split())
    hand = sum(1 << parse_card(c) for c in "KH 5C".split())
    plain, refined = plain_and_refined(hand, [parse_card("9D")], leader=1, seat=2, played=taken,
                                       cap=[0, taken, 0, 0])
    assert plain == "KH"
    assert refined == "5C"


def test_refined_rules_still_see_the_shooter_with_a_heart_on_the_table() -> None:
    # Seat 1 has taken all four hearts of the finished tricks and leads this diamond trick; seat 2
    # sheds the 6♥ on it. The hearts played are no longer all seat 1's, but the hearts taken
    # are: the refined rules take the trick from it with the T♦, the plain ones duck.
    taken = sum(1 << parse_card(c) for c in "2H 3H 4H 5H 2C 3C 4C 6C".split())
    hand = sum(1 << parse_card(c) for c in "TD 2D 5C".split())
    plain, refined = plain_and_refined(hand, [parse_card("9D"), parse_card("6H")], leader=1, seat=3,
                                       played=taken, cap=[0, taken, 0, 0])
    assert plain == "2D"
    assert refined == "TD"


# ----------------------------------------------------------------------------- the rollout's own copy of play


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_a_rollout_plays_the_hand_the_engine_plays(rules: str) -> None:
    """``policy.rollout`` keeps its own trick, legality and captures for speed: the same hand
    played card by card through ``Hand.play``, by the rule policy with the same random moves,
    ends with the same captured piles and scores, from any point of a hand."""
    from gongzhu.core.bots import policy
    from gongzhu.core.bots.sampler import Knowledge

    r = RULE_SETS[rules]
    for i in range(24):
        rng = random.Random(i)
        # Anywhere in the hand, mid-trick or not.
        hand = play_out_until(new_hand(seed=hand_seed(23, i), rules=r), rng, rng.randrange(48))
        seat = hand.to_play
        k = Knowledge(hand.view(seat))
        refined, eps = i % 2 == 1, (0.0, 0.3)[i % 3 > 0]
        ctx = k.ctx(refined=refined)
        first = rng.choice(hand.legal_moves()) if i % 4 == 0 else None
        caps: list[int] = []
        scores = policy.rollout(list(hand.held), k.cap, k.trick, k.leader, k.played, k.led, k.hearts_broken, k.must,
                                ctx, random.Random(i).random, eps, first=-1 if first is None else parse_card(first),
                                caps=caps)
        rnd = random.Random(i).random
        while hand.phase != "done":
            seat = hand.to_play
            legal = hand.legal_mask()
            if first is not None:
                card, first = parse_card(first), None
            elif not legal & (legal - 1):
                card = legal.bit_length() - 1
            elif eps and rnd() < eps:
                card = policy.random_card(legal, rnd)
            else:
                v = Knowledge(hand.view(seat))
                card = policy.choose(v.hand, legal, v.trick, v.leader, seat, v.played, v.cap, ctx)
            hand.play(card_code(card), seat)  # Refused if the rollout's card were illegal.
        assert caps == [hand.captured_masks[s] for s in range(4)], (rules, i)
        assert scores == hand.hand_scores(), (rules, i)


def _max_n_by_the_engine(hand: Hand, only: str | None = None) -> list[int]:
    """The final scores under max^n, worked out on copies of the engine's hand: each seat plays
    the legal card (``only``, if given, for the first) whose line ends best for it, the first in
    card order on a tie."""
    from gongzhu.core.bots.endgame import outcome_value

    if hand.phase == "done":
        return hand.hand_scores()
    seat = hand.to_play
    top: list[int] = []
    top_value = 0.0
    for code in [only] if only else sorted(hand.legal_moves(), key=parse_card):
        after = copy.deepcopy(hand)
        after.play(code, seat)
        scores = _max_n_by_the_engine(after)
        value = outcome_value(scores, seat, hand.rules.partnership)
        if not top or value > top_value:
            top, top_value = scores, value
    return top


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_the_last_tricks_solved_exactly_are_the_engines_max_n(rules: str) -> None:
    """``endgame.solve`` keeps its own trick, legality and scoring for speed: from any point of
    the last three tricks, mid-trick or not, each first card's solved scores are those of max^n
    played through ``Hand.play`` (which refuses an illegal card) and scored by the engine."""
    from gongzhu.core.bots import endgame
    from gongzhu.core.bots.sampler import Knowledge

    r = RULE_SETS[rules]
    for i in range(4):
        rng = random.Random(i)
        hand = play_out_until(new_hand(seed=hand_seed(37, i), rules=r), rng, 40 + rng.randrange(12))
        seat = hand.to_play
        k = Knowledge(hand.view(seat))
        ctx = k.ctx()
        for code in hand.legal_moves():
            solved = endgame.solve(list(hand.held), k.cap, k.trick, k.leader, k.led, k.hearts_broken, k.must, ctx,
                                   parse_card(code))
            assert solved == _max_n_by_the_engine(hand, code), (rules, i, code)


@pytest.mark.parametrize("rules", ["classic", "partnership-secret", "broken-hearts-pips"])
def test_the_solve_walks_cards_that_play_alike_once(rules: str, monkeypatch) -> None:
    """Two cards of a seat with no card still in play between them (neither scoring) end the
    same line, so the solve tries only the lower one: from late positions of hands the easy bot
    plays, it visits far fewer positions and every first card's scores are those of trying all."""
    from gongzhu.core.bots import endgame
    from gongzhu.core.bots.sampler import Knowledge

    positions = []
    for i in range(100):
        hand = new_hand(seed=hand_seed(47, i), rules=RULE_SETS[rules])
        rng = random.Random(i)
        while hand.phase != "done" and (hand.phase != "play" or sum(map(popcount, hand.held)) > 12 - i % 10):
            hand.decide(hand.to_play, BOTS["easy"](hand.view(hand.to_play), rng))
        if hand.phase == "play":
            k = Knowledge(hand.view(hand.to_play))
            positions += [(list(hand.held), k, parse_card(code)) for code in hand.legal_moves()]

    def solve_all() -> tuple[list[list[int]], int]:
        endgame.SOLVED[0] = 0
        return [endgame.solve(held, k.cap, k.trick, k.leader, k.led, k.hearts_broken, k.must, k.ctx(), c)
                for held, k, c in positions], endgame.SOLVED[0]

    merged, visited = solve_all()
    monkeypatch.setattr(endgame, "_distinct", lambda legal, held: legal)
    every, visited_all = solve_all()
    assert merged == every
    assert visited < 0.6 * visited_all, (visited, visited_all)


def test_the_expert_solves_its_last_three_tricks_once_another_seat_has_taken_a_heart(monkeypatch) -> None:
    """With three cards or fewer the expert solves each world to the end (every candidate in
    every world) instead of rolling it out, unless only it has taken hearts so far (its own moon
    still possible, which max^n's all-seeing defenders would spoil); ``hard`` always rolls out."""
    from gongzhu.core.bots import endgame, pimc
    from gongzhu.core.bots.sampler import Knowledge, equivalent_groups

    calls = {"solve": 0, "rollout": 0}
    real_solve, real_rollout = endgame.solve, pimc.policy.rollout

    def solve(*a: Any) -> list[int]:
        calls["solve"] += 1
        return real_solve(*a)

    def rollout(*a: Any, **kw: Any) -> list[int]:
        calls["rollout"] += 1
        return real_rollout(*a, **kw)

    monkeypatch.setattr(endgame, "solve", solve)
    monkeypatch.setattr(pimc.policy, "rollout", rollout)
    seen = set()
    for i in range(60):
        rng = random.Random(i)
        hand = play_out_until(new_hand(seed=hand_seed(41, i), rules=Rules()), rng, 30 + rng.randrange(20))
        seat = hand.to_play
        k = Knowledge(hand.view(seat))
        cands = equivalent_groups(hand.legal_mask(), k.played, k.trick)
        if len(cands) < 2:
            continue
        late = bin(hand.held[seat]).count("1") <= 3
        if i % 2 and late:
            # The same position as if this seat had taken every heart taken so far.
            hearts = (k.cap[0] | k.cap[1] | k.cap[2] | k.cap[3]) & HEARTS_MASK
            k.cap = [hearts | pile if s == seat else pile & ~hearts for s, pile in enumerate(k.cap)]
        others_hearts = any(pile & HEARTS_MASK for s, pile in enumerate(k.cap) if s != seat)
        for bot, solver in ((SMALL_EXPERT, late and others_hearts), (SMALL_HARD, False)):
            calls.update(solve=0, rollout=0)
            bot.evaluate(k, random.Random(i), cands)
            assert calls == ({"solve": 3 * len(cands), "rollout": 0} if solver else
                             {"solve": 0, "rollout": 3 * len(cands)}), (i, bot is SMALL_EXPERT)
        seen.add((late, others_hearts))
    assert seen == {(True, True), (True, False), (False, True), (False, False)}


def test_the_experts_exact_last_tricks_keep_to_its_clock(monkeypatch) -> None:
    """Solving costs more per world than rolling out: on a clock whose 0.4 s buy 40 worlds of
    solves (a phone), the expert stops after about 40 of its 160 worlds; a fixed run at a budget
    scale of 0.25 solves a quarter of them, as it rolls out a quarter of its playouts."""
    import importlib
    import types

    from gongzhu.core.bots import endgame, pimc
    from gongzhu.core.bots.pimc import set_budget_scale, set_fixed
    from gongzhu.core.bots.sampler import Knowledge, equivalent_groups

    for i in range(200):  # The first late position where another seat has taken a heart.
        rng = random.Random(i)
        hand = play_out_until(new_hand(seed=hand_seed(43, i), rules=Rules()), rng, 40 + rng.randrange(8))
        seat = hand.to_play
        k = Knowledge(hand.view(seat))
        cands = equivalent_groups(hand.legal_mask(), k.played, k.trick)
        if len(cands) >= 2 and bin(hand.held[seat]).count("1") <= 3 and \
                any(pile & HEARTS_MASK for s, pile in enumerate(k.cap) if s != seat):
            break
    now = [0.0]
    calls = [0]
    real = endgame.solve

    def solve(*a: Any) -> list[int]:
        calls[0] += 1
        now[0] += 0.4 / 40 / len(cands)
        return real(*a)

    monkeypatch.setattr(endgame, "solve", solve)
    monkeypatch.setattr(pimc, "clock", lambda: now[0])
    fake_time = types.SimpleNamespace(perf_counter=lambda: now[0])
    monkeypatch.setattr(importlib.import_module("gongzhu.bots.expert"), "time", fake_time)
    bot = Expert(worlds=160, rollouts=2, budget=0.4)
    bot.evaluate(k, random.Random(1), cands)
    assert 38 * len(cands) <= calls[0] <= 40 * len(cands), (calls[0], len(cands))
    calls[0] = 0
    set_fixed(True)
    set_budget_scale(0.25)
    try:
        bot.evaluate(k, random.Random(1), cands)
    finally:
        set_fixed(False)
        set_budget_scale(1.0)
    assert calls[0] == 40 * len(cands)
    # A world that overruns the clock's grace mid-way is abandoned, and no second world starts
    # on a clock that one world has spent.
    for slow_call, expected in ((5 * len(cands) + 1, 5 * len(cands) + 1), (1, len(cands))):
        calls[0] = 0

        def solve_once_slow(*a: Any, slow_call: int = slow_call) -> list[int]:
            if calls[0] + 1 == slow_call:
                now[0] += 0.5
            return solve(*a)

        monkeypatch.setattr(endgame, "solve", solve_once_slow)
        bot.evaluate(k, random.Random(1), cands)
        assert calls[0] == expected, (slow_call, calls[0])


@pytest.mark.parametrize("rules", ["classic", "partnership-secret", "broken-hearts-pips"])
def test_the_experts_likelihood_replays_the_hand_the_engine_played(rules: str) -> None:
    """The expert weighs a world by replaying the hand with its own trick and captures: in the
    true world, its weight is the product of the factors the rule policy gives each of the
    opponents' plays, asked at each play through the engine's views."""
    from gongzhu.bots.expert import MISS, _alike, likelihood
    from gongzhu.core.bots import policy
    from gongzhu.core.bots.sampler import Knowledge

    r = RULE_SETS[rules]
    for i in range(12):
        hand = new_hand(seed=hand_seed(29, i), rules=r)
        rng = random.Random(i)
        while hand.phase == "expose":
            seat = hand.to_play
            hand.decide(seat, BOTS["easy"](hand.view(seat), rng))
        me = i % 4
        ctx = Knowledge(hand.view(me)).ctx()
        weight = 1.0
        for _ in range(8 + rng.randrange(40)):
            seat = hand.to_play
            legal = hand.legal_mask()
            v = Knowledge(hand.view(seat))
            # Easy's card or any legal one, so that both kinds of factor occur.
            chosen = BOTS["easy"](hand.view(seat), rng) if rng.random() < 0.6 else rng.choice(hand.legal_moves())
            card = parse_card(chosen)
            if seat != me and legal & (legal - 1):
                x = policy.choose(v.hand, legal, v.trick, v.leader, seat, v.played, v.cap, ctx)
                on_table = sum(1 << c for c in v.trick)
                if x != card and not _alike(x, card, (v.played & ~on_table) | v.hand):
                    weight *= MISS
            hand.play(card_code(card), seat)
        k = Knowledge(hand.view(me))
        assert likelihood(k, list(hand.held), ctx) == pytest.approx(weight), (rules, i)


@pytest.mark.parametrize("rules", list(RULE_SETS))
def test_a_sampled_world_is_consistent_with_what_the_seat_knows(rules: str) -> None:
    """Every world the searches sample deals exactly the unseen cards: the seat's own hand as it
    is, each other seat as many cards as it holds, none of a suit it has shown a void in, and
    the cards it is known to hold (exposed, or passed to it by this seat) in its hand."""
    from gongzhu.core.bots.sampler import Knowledge

    r = RULE_SETS[rules]
    for i in range(30):
        hand = play_out_until(new_hand(seed=hand_seed(31, i), rules=r), random.Random(i), 4 + i % 40)
        seat = hand.to_play
        k = Knowledge(hand.view(seat))
        rng = random.Random(i)
        for _ in range(20):
            world = k.sample(rng)
            assert world[seat] == hand.held[seat]
            assert world[0] | world[1] | world[2] | world[3] == sum(hand.held)  # The unseen cards, once each.
            for s in range(4):
                assert bin(world[s]).count("1") == bin(hand.held[s]).count("1")
                assert not world[s] & k.voids[s] or s == seat, (rules, i, s)
                assert world[s] & k.pinned[s] == k.pinned[s]


def test_normal_searches_enough_worlds_however_short_its_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """On MicroPython `normal` stops adding worlds at its clock, but not below 8: with fewer its
    sampler plays much worse (4 worlds: −21.6 points per hand against 20, STRENGTH.md)."""
    from gongzhu.core.bots import normal as normal_module

    monkeypatch.setattr(normal_module, "BUDGET", 1e-9)  # a clock already out at the first world
    searched: list[int] = []
    real = normal_module._world_values

    def counted(*args: Any) -> list[float]:
        searched[-1] += 1
        return real(*args)

    monkeypatch.setattr(normal_module, "_world_values", counted)
    hand = new_hand(seed=5)
    rng = random.Random(5)
    while hand.phase != "done":
        searched.append(0)
        hand.decide(hand.to_play, normal_module.normal(hand.view(hand.to_play), rng))
    plays = [n for n in searched if n]
    assert len(plays) > 20 and set(plays) == {normal_module.MIN_WORLDS} and normal_module.MIN_WORLDS >= 8
