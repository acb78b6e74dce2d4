"""The hand review (gongzhu/review.py): the decisions of a hand, the expert's estimate of each, and
"try again from here".

`gift_hand(seed)` plays a hand in which the human (seat 0) gives the pig away on purpose: easy bots
in the other seats, and the human, on a spade trick while the pig is out, plays its king or ace
of spades over a low spade it could have played (the easy bot holding the pig drops it under).
The browser test (tests/e2e/test_review.py) clicks the same plan.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from gongzhu import new_match, review
from gongzhu.bots import BOTS
from gongzhu.core.bots.sampler import Knowledge
from gongzhu.core.cards import PIG, card_code, parse_card
from gongzhu.core.hand import Hand
from gongzhu.core.match import Match
from gongzhu.core.table import decision_rng

GIFT_SEED = 3
"""A classic deal where the human's K♠ on the first trick (2♠ led) draws the pig from East."""


def gift_plan(seed: int, rules: Any = "classic", bots: str = "easy") -> tuple[Match, list[Any], int | None]:
    """Play the gift hand: returns the match, the human's decisions in order (``[kind, arg]``) and
    the index of the gift among them (None if the deal offers no such moment)."""
    m = new_match(seed=seed, rules=rules)
    h = m.current_hand
    mine: list[Any] = []
    gift = None
    while h.phase != "done":
        s = h.to_play
        assert s is not None
        v = h.view(s)
        if s == 0 and h.phase == "expose":
            mine.append(["expose", []])
            h.expose(0, [])
        elif s == 0 and h.phase == "play":
            legal = [parse_card(c) for c in v["legal"]]
            spades = [c for c in legal if c < 13]
            high = [c for c in spades if c > PIG]
            pig_out = not h.held[0] >> PIG & 1 and all(c != PIG for _, c in h.played)
            led_spade = bool(v["trick"]) and parse_card(v["trick"][0][1]) < 13 and len(v["trick"]) < 3
            if gift is None and high and any(c < PIG for c in spades) and pig_out and led_spade:
                gift = len(mine)
                card = card_code(max(high))
            else:
                card = v["legal"][-1]  # the highest legal card: a careless player
            mine.append(["play", card])
            h.play(card, 0)
        else:
            h.decide(s, BOTS[bots](v, decision_rng(m, s)))
    return m, mine, gift


def test_the_decisions_of_a_hand_in_order() -> None:
    m, mine, _ = gift_plan(28)
    points = review.decisions(m.current_hand.to_dict())
    assert [p["kind"] for p in points] == [kind for kind, _ in mine]
    assert points[0] == {"n": 0, "index": points[0]["index"], "kind": "expose", "trick": None, "card": "none"}
    plays = [p for p in points if p["kind"] == "play"]
    assert [p["trick"] for p in plays] == list(range(13))
    assert [p["card"] for p in plays] == [arg for kind, arg in mine if kind == "play"]
    actions = m.current_hand.actions
    assert all(actions[p["index"]][1] == 0 for p in points)


def test_choices_as_text() -> None:
    assert review.choice_text("play", "ks") == "KS"
    assert review.choice_text("pass", ["2C", "AH", "QS"]) == "QS,AH,2C"
    assert review.choice_text("expose", []) == "none"
    assert review.choice_text("expose", ["TC", "AH"]) == "AH,TC"


def test_giving_the_pig_away_is_marked_at_the_right_card() -> None:
    m, mine, gift = gift_plan(GIFT_SEED)
    h = m.current_hand
    assert gift is not None and mine[gift] == ["play", "KS"]
    first = h.tricks[0]
    assert first["winner"] == 0 and [1, "QS"] in first["cards"]  # the pig fell on the king
    data = h.to_dict()
    result = review.analyse(data, gift, seed=1)
    assert result["card"] == "KS" and result["kind"] == "play" and result["trick"] == 0
    assert result["costly"] and result["cost"] >= review.COSTLY
    assert parse_card(result["best"]) < PIG  # a spade below the pig was the better card
    assert abs(result["cost"] - (result["best_score"] - result["score"])) <= 0.6
    assert "pig" in result["why"]["en"] and "K♠" in result["why"]["en"]
    assert "猪" in result["why"]["zh"] and "K♠" in result["why"]["zh"]


def test_a_slow_machine_gets_the_same_review(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision's worlds do not depend on the clock: on a machine so busy that every look at the
    clock finds ten more seconds gone, the gift is weighed exactly as on a quiet one."""
    m, _, gift = gift_plan(GIFT_SEED)
    data = m.current_hand.to_dict()
    quiet = review.analyse(data, gift)
    ticks = iter(range(0, 10**9, 10))
    monkeypatch.setattr(review, "clock", lambda: next(ticks), raising=False)
    busy = review.analyse(data, gift)
    assert busy == quiet and busy["costly"] and busy["worlds"] == review.WORLDS


def test_the_best_choice_costs_nothing() -> None:
    m, _, gift = gift_plan(GIFT_SEED)
    data = m.current_hand.to_dict()
    made = review.analyse(data, gift, seed=1)
    # The same moment with the best card played instead: the same worlds, and it is the best.
    index = review.decisions(data)[gift]["index"]
    other = dict(data, actions=data["actions"][:index] + [["play", 0, made["best"]]])
    again = review.analyse(other, gift, seed=1)
    assert again["card"] == made["best"]
    assert again["cost"] == 0 and again["best"] == again["card"] and not again["costly"]
    assert again["why"] is None
    assert again["score"] == made["best_score"]


def test_the_only_legal_card_costs_nothing_and_needs_no_search() -> None:
    m, _, _ = gift_plan(GIFT_SEED)
    data = m.current_hand.to_dict()
    results = [review.analyse(data, p["n"], seed=p["index"]) for p in review.decisions(data)]
    last = results[-1]  # the thirteenth card has no alternative
    assert last["candidates"] == 1 and last["cost"] == 0 and last["score"] is None and last["worlds"] == 0
    assert all(r["cost"] >= 0 for r in results)
    assert all(r["cost"] == 0 or r["best"] != r["card"] for r in results)


def other_deal(data: dict[str, Any], index: int, rng: random.Random) -> dict[str, Any]:
    """The same hand up to action ``index`` with different unseen cards: seat 0's cards and every
    card already played stay, the rest is dealt again consistently with what seat 0 saw."""
    hand = review.before(data, index)
    k = Knowledge(hand.view(0))
    for _ in range(50):
        world = k.sample(rng)
        dealt = list(world)
        for seat, card in hand.played:
            dealt[seat] |= 1 << card
        assert dealt[0] == hand.dealt[0]
        other = dict(data, hands=[[card_code(c) for c in range(52) if d >> c & 1] for d in dealt],
                     actions=data["actions"][:index + 1])
        try:
            Hand.from_dict(other)
        except ValueError:
            continue  # an earlier play this world makes illegal (a heart led before they were broken)
        if dealt != hand.dealt:
            return other
    raise AssertionError("no other deal found")


@pytest.mark.parametrize("n", [0, 4, 9])
def test_no_hidden_card_is_used(n: int) -> None:
    """The same decision with other unseen hands gives the same review, seed for seed."""
    m, _, _ = gift_plan(GIFT_SEED)
    data = m.current_hand.to_dict()
    index = review.decisions(data)[n]["index"]
    alike = review.analyse(data, n, seed=5)
    rng = random.Random(n)
    for _ in range(2):
        other = other_deal(data, index, rng)
        assert other["hands"][1:] != data["hands"][1:]
        assert review.analyse(other, n, seed=5) == alike


def test_a_pass_and_an_exposure_are_weighed() -> None:
    rules = {"pass_cards": 3}
    m = new_match(seed=8, rules=rules)
    h = m.current_hand
    while h.phase != "done":
        s = h.to_play
        assert s is not None
        h.decide(s, BOTS["easy"](h.view(s), decision_rng(m, s)))
    data = h.to_dict()
    points = review.decisions(data)
    kinds = [p["kind"] for p in points]
    assert kinds[0] == "pass" and kinds.count("play") == 13
    passed = review.analyse(data, 0, seed=2)
    assert len(passed["card"].split(",")) == 3 and len(passed["best"].split(",")) == 3
    assert passed["candidates"] >= 10 and passed["cost"] >= 0
    if "expose" in kinds:
        exposed = review.analyse(data, kinds.index("expose"), seed=2)
        assert exposed["candidates"] >= 2


def test_an_unknown_decision_is_refused() -> None:
    m, _, _ = gift_plan(GIFT_SEED)
    with pytest.raises(ValueError, match="no decision 13"):
        review.analyse(m.current_hand.to_dict(), 13)


def test_try_again_from_a_decision_keeps_the_cards() -> None:
    m, mine, gift = gift_plan(GIFT_SEED)
    data = m.to_dict()
    retried = Match.from_json(json.dumps(review.retry_match(data, gift)))
    hand = retried.current_hand
    assert hand.dealt == m.current_hand.dealt
    point = review.decisions(m.current_hand.to_dict())[gift]
    assert hand.actions == m.current_hand.actions[:point["index"]]
    assert hand.phase == "play" and hand.to_play == 0 and "KS" in hand.view(0)["legal"]
    assert hand.take_backs == 1 and retried.take_backs == 1
    # The player plays on: the low spade this time, and the pig no longer falls on them.
    hand.play("9S", 0)
    assert hand.view(0)["trick"][-1] == [0, "9S"]


def tally(n: int = 10, **counts: int) -> Any:
    """A candidate's playouts: `n` of them, with these counts (pig=4: the pig taken in 4)."""
    t = review._Tally()
    t.n = n
    for name, value in counts.items():
        setattr(t, name, value)
    return t


def test_the_reason_is_what_explains_most_of_the_cost() -> None:
    # The pig taken in 3 playouts of 10 more (30 points) beats 1.5 more hearts each (about 22).
    assert review._main_reason(tally(pig=4, hearts=30), tally(pig=1, hearts=15)) == "pig"
    assert review._main_reason(tally(pig=2, hearts=40), tally(pig=1, hearts=15)) == "hearts"
    assert review._main_reason(tally(sheep=1), tally(sheep=6)) == "sheep"
    # Nothing worth 10 points: the reason given is the cost itself.
    assert review._main_reason(tally(hearts=12), tally(hearts=10)) is None
    line = review.why("play", "KS", "9S", tally(hearts=12), tally(hearts=10), 25)
    assert line["en"] == "the K♠ cost about 25 points on average: the 9♠ was better"
    # The reason is how often each card led to it in the expert's trials: the review weighs the rest
    # of the hand, so it never says the card did it in this trick (a 10♣ nowhere near the trick).
    line = review.why("play", "QC", "8C", tally(transformer=5), tally(transformer=0), 60)
    assert line == {"en": "the Q♣ left you with the transformer 10♣ on your points in 50% of the expert's "
                          "trials, the 8♣ in 0%",
                    "zh": "专家推演中，出 Q♣ 有 50% 让变压器 10♣ 落进你的分牌，出 8♣ 是 0%"}
    line = review.why("play", "KS", "7S", tally(pig=9, n=20), tally(pig=2, n=20), 70)
    assert line == {"en": "the K♠ left you with the pig in 45% of the expert's trials, the 7♠ in 10%",
                    "zh": "专家推演中，出 K♠ 有 45% 吃到猪，出 7♠ 是 10%"}
    line = review.why("expose", "none", "AH", tally(), tally(), 22)
    assert line["en"] == "exposing nothing cost about 22 points on average: exposing A♥ was better"
    # The sheep missed: won by the best card, or, when the card played was the sheep itself, kept by it.
    line = review.why("play", "9D", "KD", tally(sheep=1), tally(sheep=6), 50)
    assert line == {"en": "the 9♦ won you the sheep J♦ in 10% of the expert's trials, the K♦ in 60%",
                    "zh": "专家推演中，出 9♦ 赢得羊 J♦ 的机会是 10%，出 K♦ 是 60%"}
    line = review.why("play", "9S", "2S", tally(hearts=48), tally(hearts=20), 40)
    assert line == {"en": "the 9♠ left you about 3 more hearts than the 2♠ on average in the expert's trials",
                    "zh": "专家推演中，出 9♠ 平均比出 2♠ 多吃大约 3 张红心"}
    line = review.why("play", "JD", "KH", tally(sheep=0), tally(sheep=8), 80)
    assert line == {"en": "the J♦ gave the sheep away: keeping it and playing the K♥ was better",
                    "zh": "打出 J♦ 把羊送给了别人：留着它、出 K♥ 更好"}
