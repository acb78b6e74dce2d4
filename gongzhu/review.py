"""The hand review: for every decision a seat made in a hand, the expert's estimate of the
expected hand score of the choice made and of the best choice, from that seat's view alone.

A decision is one of the seat's actions in the hand (``pass``, ``expose`` or ``play``).  For
decision *n* the hand is rebuilt from its actions up to that decision (as ``Hand.take_back``
rebuilds it) and only ``Hand.view(seat)`` is read: the worlds are sampled from that view (for a
play, the expert's worlds weighted by how well they explain the opponents' plays,
``Expert.sample_worlds``), so nothing the seat could not know at that moment counts.  Each
candidate is played out in every world with the expert's refined rule policy, with common random
numbers (every candidate of a world meets the same luck), and its value is the mean hand score of
the seat (of its side with ``partnership``).

Candidates: for a play, the legal cards merged into groups that play alike
(``equivalent_groups``; the card played stands for its group); for an exposure, every subset of
the exposable cards; for a pass, the 3-card sets drawn from the rule bot's five likeliest cards
and the set passed.  The best candidate has the highest mean; ``cost`` is how many points the
choice made lost against it (0 when it is the best, or alike to it).

Choices are written as text, the same way in the review's results and on the page's hooks
(``data-card``, ``data-best``): a card code for a play (``"KS"``); the codes joined by commas, in
the order a hand is held, for a pass (``"QS,AH,KH"``) or an exposure (``"AH"``), and ``"none"``
for an exposure of nothing.

- ``decisions(hand_data, seat)``: the seat's decisions in a hand (``Hand.to_dict()`` data);
- ``analyse(hand_data, n, seed, seat)``: the estimate of decision ``n`` (one call per decision,
  so the page's worker can report progress and stop between two);
- ``retry_match(match_data, n)``: the match with its last hand taken back to just before decision
  ``n`` (the page's "Try again from here").

A decision whose cost is at least ``COSTLY`` points is marked, with one line of why in English
and Chinese (``why``).
"""

from __future__ import annotations

import random
from typing import Any

from .bots.expert import expert
from .core.bots import policy
from .core.bots.pimc import group_of, passed_deal
from .core.bots.rulebot import pass_scores
from .core.bots.sampler import Knowledge, equivalent_groups, mask
from .core.cards import (
    HEARTS_MASK,
    PIG,
    SCORING_MASK,
    SHEEP,
    TRANSFORMER,
    card_code,
    card_symbol,
    parse_card,
    sort_for_display,
)
from .core.hand import Hand, first_lead_card
from .core.portable import combinations, popcount

COSTLY = 20
"""Expected points lost from which a decision is marked."""

WORLDS = 80
"""Worlds sampled per decision at most (see ``PLAYOUTS``)."""

ROLLOUTS = 2
"""Playouts per world and candidate."""

PLAYOUTS = 800
"""Playouts one decision may use in all: a decision with many candidates (a pass weighs 10 sets)
gets fewer worlds, between ``MIN_WORLDS`` and ``WORLDS``."""

MIN_WORLDS = 24
"""Worlds a decision gets however many candidates it has.

No clock limits a decision: its worlds depend on the decision alone, so a review says the same on
a phone, a desktop and a busy machine (in Pyodide on a desktop a decision takes 0.1 to 0.25 s)."""

EPS = 0.1
"""Share of random moves in the playouts (as the search bots)."""

KINDS = ("pass", "expose", "play")


def choice_text(kind: str, choice: Any) -> str:
    """A decision's choice as text: a card code for a play, codes joined by commas (the order a
    hand is held) for a pass or an exposure, ``"none"`` for exposing nothing."""
    if kind == "play":
        return card_code(parse_card(choice))
    cards = sort_for_display(parse_card(c) for c in choice)
    return ",".join(card_code(c) for c in cards) if cards else "none"


def _symbols(text: str) -> str:
    """``choice_text`` with suit symbols: ``"K♠"``, ``"Q♠ A♥ K♥"``."""
    if text == "none":
        return ""
    return " ".join(card_symbol(parse_card(c)) for c in text.split(","))


def _hand(data: dict[str, Any] | Hand) -> Hand:
    if isinstance(data, Hand):
        return data
    return Hand.from_dict(data)


def decisions(hand_data: dict[str, Any] | Hand, seat: int = 0) -> list[dict[str, Any]]:
    """The decisions ``seat`` made in the hand, in order: ``{"n", "index" (in the hand's
    actions), "kind", "trick" (0-based, for a play; None otherwise), "card" (``choice_text``)}``."""
    out: list[dict[str, Any]] = []
    plays = 0
    actions = hand_data.actions if isinstance(hand_data, Hand) else hand_data["actions"]
    for index, (kind, who, arg) in enumerate(actions):
        if kind == "play":
            plays += 1
        if who != seat or kind not in KINDS:
            continue
        out.append({"n": len(out), "index": index, "kind": kind,
                    "trick": (plays - 1) // 4 if kind == "play" else None,
                    "card": choice_text(kind, arg if kind == "play" else (arg or []))})
    return out


def before(hand_data: dict[str, Any] | Hand, index: int) -> Hand:
    """The hand as it stood before its action ``index``: rebuilt from the actions before it."""
    data = dict(hand_data if isinstance(hand_data, dict) else hand_data.to_dict())
    data["actions"] = [list(a) for a in data["actions"][:index]]
    data["take_backs"] = 0
    data.pop("taken_back_at", None)
    return Hand.from_dict(data)


class _Tally:
    """One candidate's playouts: the seat's mean score and how often it took what."""

    def __init__(self) -> None:
        self.n = 0
        self.score = 0.0
        self.pig = 0
        self.sheep = 0
        self.transformer = 0
        self.hearts = 0
        self.moon_mine = 0
        self.moon_other = 0

    def add(self, score: float, caps: list[int], side: int) -> None:
        self.n += 1
        self.score += score
        mine = caps_of(caps, side)
        if mine >> PIG & 1:
            self.pig += 1
        if mine >> SHEEP & 1:
            self.sheep += 1
        if mine >> TRANSFORMER & 1 and mine & SCORING_MASK & ~(1 << TRANSFORMER):
            self.transformer += 1  # The transformer doubles a pile that holds other scoring cards.
        self.hearts += popcount(mine & HEARTS_MASK)
        for s in range(4):
            if caps[s] & HEARTS_MASK == HEARTS_MASK:
                if side >> s & 1:
                    self.moon_mine += 1
                else:
                    self.moon_other += 1

    def mean(self, what: str) -> float:
        return getattr(self, what) / self.n if self.n else 0.0


def caps_of(caps: list[int], side: int) -> int:
    """The cards the seats of ``side`` (a 4-bit mask of seats) captured together."""
    out = 0
    for s in range(4):
        if side >> s & 1:
            out |= caps[s]
    return out


class _Search:
    """The candidates of one decision played out over sampled worlds."""

    def __init__(self, k: Knowledge, rng: random.Random) -> None:
        self.k = k
        self.rng = rng
        self.me = k.me
        self.side = (1 << k.me) | ((1 << ((k.me + 2) & 3)) if k.rules.partnership else 0)
        self.worlds = 0
        self.limit = WORLDS

    def size(self, candidates: int) -> None:
        """Set how many worlds to weigh ``candidates`` candidates in (``PLAYOUTS`` in all)."""
        self.limit = max(MIN_WORLDS, min(WORLDS, PLAYOUTS // (ROLLOUTS * max(1, candidates))))

    def more(self) -> bool:
        """Whether to play out one more world."""
        return self.worlds < self.limit

    def score(self, scores: list[int]) -> int:
        return sum(scores[s] for s in range(4) if self.side >> s & 1)

    def play(self, cands: list[int]) -> list[_Tally]:
        k = self.k
        ctx = k.ctx(refined=True)
        tallies = [_Tally() for _ in cands]
        self.size(len(cands))
        pool = expert.sample_worlds(k, self.rng, self.limit)
        for hands in pool:  # (``limit`` worlds)
            seeds = [self.rng.getrandbits(32) for _ in range(ROLLOUTS)]
            for i, c in enumerate(cands):
                for seed in seeds:
                    caps: list[int] = []
                    sc = policy.rollout(hands, k.cap, k.trick, k.leader, k.played, k.led, k.hearts_broken,
                                        k.must, ctx, random.Random(seed).random, EPS, first=c, caps=caps)
                    tallies[i].add(self.score(sc), caps, self.side)
            self.worlds += 1
        return tallies

    def expose(self, subsets: list[int]) -> list[_Tally]:
        k = self.k
        leader = k.view["leader"]
        must = first_lead_card(k.rules) if k.view["first_hand"] else -1
        tallies = [_Tally() for _ in subsets]
        self.size(len(subsets))
        while self.more():
            hands = k.sample(self.rng)
            seeds = [self.rng.getrandbits(32) for _ in range(ROLLOUTS)]
            for i, sub in enumerate(subsets):
                ctx = k.ctx(k.exposed | sub, refined=True)
                for seed in seeds:
                    caps: list[int] = []
                    sc = policy.rollout(hands, [0, 0, 0, 0], [], leader, 0, 0, False, must, ctx,
                                        random.Random(seed).random, EPS, caps=caps)
                    tallies[i].add(self.score(sc), caps, self.side)
            self.worlds += 1
        return tallies

    def pass_(self, sets: list[int], count: int) -> list[_Tally]:
        k = self.k
        ctx = k.ctx(refined=True)
        tallies = [_Tally() for _ in sets]
        self.size(len(sets))
        while self.more():
            world = k.sample(self.rng)
            # The others pass by the rule bot's rules in each world.
            given = [sum(1 << c for _, c in pass_scores(world[s])[:count]) for s in range(4)]
            seeds = [self.rng.getrandbits(32) for _ in range(ROLLOUTS)]
            for i, mine in enumerate(sets):
                hands, leader, must = passed_deal(k, world, given, mine)
                for seed in seeds:
                    caps: list[int] = []
                    sc = policy.rollout(hands, [0, 0, 0, 0], [], leader, 0, 0, False, must, ctx,
                                        random.Random(seed).random, EPS, caps=caps)
                    tallies[i].add(self.score(sc), caps, self.side)
            self.worlds += 1
        return tallies


def _codes(m: int) -> list[str]:
    return [card_code(c) for c in range(52) if m >> c & 1]


def analyse(hand_data: dict[str, Any], n: int, seed: int = 0, seat: int = 0) -> dict[str, Any]:
    """The review of the seat's decision ``n`` in the hand (``Hand.to_dict()`` data).

    Returns ``{"n", "index", "kind", "trick", "card", "best" (``choice_text``), "score",
    "best_score" (expected hand scores, one decimal; None for the only legal card), "cost"
    (points lost, an int, 0 for the best), "costly" (cost >= COSTLY), "why" ({"en", "zh"} for
    a costly decision, else None), "candidates", "worlds", "values" (each candidate's expected
    score, by its text)}``.  Only the seat's view before the
    decision is read; ``seed`` fixes the sampled worlds and playouts.
    """
    hand = _hand(hand_data)
    points = decisions(hand, seat)
    if not 0 <= n < len(points):
        raise ValueError(f"no decision {n} in this hand (it has {len(points)})")
    point = points[n]
    view = before(hand, point["index"]).view(seat)
    k = Knowledge(view)
    search = _Search(k, random.Random(seed))
    kind = point["kind"]
    chosen = point["card"]
    if kind == "play":
        legal = mask(view["legal"])
        groups = equivalent_groups(legal, k.played, k.trick)
        card = parse_card(chosen)
        # The card played stands for its group (cards that play alike).
        mine = group_of(card, legal, k)
        cands = [card if g == mine else g for g in groups]
        texts = [card_code(c) for c in cands]
        tallies = search.play(cands) if len(cands) > 1 else [_Tally()]
    elif kind == "expose":
        can = [parse_card(c) for c in view["exposable"]]
        subsets = [0]
        for c in can:
            subsets += [s | (1 << c) for s in subsets]
        texts = [choice_text("expose", _codes(s)) for s in subsets]
        tallies = search.expose(subsets)
    else:
        count = view["passing"]["count"]
        top = [c for _, c in pass_scores(k.hand)[:count + 2]]
        sets = [sum(1 << c for c in combo) for combo in combinations(top, count)]
        texts = [choice_text("pass", _codes(s)) for s in sets]
        if chosen not in texts:
            sets.append(mask(chosen.split(",")))
            texts.append(chosen)
        tallies = search.pass_(sets, count)
    i = texts.index(chosen)
    means = [t.mean("score") for t in tallies]
    # The best: the highest mean; the choice made wins a tie.
    b = max(range(len(texts)), key=lambda j: (means[j], j == i))
    cost = max(0, int(round(means[b] - means[i])))
    searched = len(texts) > 1
    result = {
        "n": n, "index": point["index"], "kind": kind, "trick": point["trick"],
        "card": chosen, "best": texts[b] if cost else chosen,
        "score": round(means[i], 1) if searched else None,
        "best_score": round(means[b], 1) if searched else None,
        "cost": cost, "costly": cost >= COSTLY, "why": None,
        "candidates": len(texts), "worlds": search.worlds,
        "values": {texts[j]: round(means[j], 1) for j in range(len(texts))} if searched else {},
    }
    if result["costly"]:
        result["why"] = why(kind, chosen, texts[b], tallies[i], tallies[b], cost)
    return result


# Roughly what each difference between two candidates' playouts is worth, in points: it picks the
# reason a costly choice is given (the difference that explains most of its cost).
_WORTH = {"pig": 100, "moon_other": 100, "moon_mine": 200, "sheep": 100, "transformer": 100, "hearts": 15}
_REASON_MIN = 10  # points a difference must explain to be named; below it the reason is the cost


def _main_reason(made: _Tally, top: _Tally) -> str | None:
    """What the choice made did worse than the best, as a ``_Tally`` field: the difference worth
    the most points (the pig taken, the sheep missed...), or None when none is worth much."""
    worse = {
        "pig": made.mean("pig") - top.mean("pig"),
        "moon_other": made.mean("moon_other") - top.mean("moon_other"),
        "moon_mine": top.mean("moon_mine") - made.mean("moon_mine"),
        "sheep": top.mean("sheep") - made.mean("sheep"),
        "transformer": made.mean("transformer") - top.mean("transformer"),
        "hearts": made.mean("hearts") - top.mean("hearts"),
    }
    name = max(worse, key=lambda k: worse[k] * _WORTH[k])
    return name if worse[name] * _WORTH[name] >= _REASON_MIN else None


def _percent(t: _Tally, what: str) -> str:
    return "%d%%" % round(100 * t.mean(what))


# How often a card led to each outcome in the expert's trials, the card made and the best one:
# the review weighs the rest of the hand, so a reason never says the card did it in its trick.
_HOW_OFTEN = {
    "pig": ("the {c} left you with the pig in {p} of the expert's trials, the {b} in {q}",
            "专家推演中，出 {c} 有 {p} 吃到猪，出 {b} 是 {q}"),
    "moon_other": ("the {c} let another player shoot the moon in {p} of the expert's trials, the {b} in {q}",
                   "专家推演中，出 {c} 有 {p} 让别人收了全红，出 {b} 是 {q}"),
    "moon_mine": ("the {c} shot your moon in {p} of the expert's trials, the {b} in {q}",
                  "专家推演中，出 {c} 你收全红的机会是 {p}，出 {b} 是 {q}"),
    "sheep": ("the {c} won you the sheep J♦ in {p} of the expert's trials, the {b} in {q}",
              "专家推演中，出 {c} 赢得羊 J♦ 的机会是 {p}，出 {b} 是 {q}"),
    "transformer": ("the {c} left you with the transformer 10♣ on your points in {p} of the expert's trials, "
                    "the {b} in {q}", "专家推演中，出 {c} 有 {p} 让变压器 10♣ 落进你的分牌，出 {b} 是 {q}"),
}


def why(kind: str, chosen: str, best: str, made: _Tally, top: _Tally, cost: int) -> dict[str, str]:
    """One line of why a choice cost ``cost`` points against the best one, in English and Chinese,
    from what the playouts of each took (how often, in the expert's trials)."""
    c, b = _symbols(chosen), _symbols(best)
    reason = _main_reason(made, top)
    if kind == "play":
        if reason == "sheep" and chosen == "JD":  # the sheep itself, played onto another's trick
            return {"en": f"the {c} gave the sheep away: keeping it and playing the {b} was better",
                    "zh": f"打出 {c} 把羊送给了别人：留着它、出 {b} 更好"}
        if reason in _HOW_OFTEN:
            p, q = _percent(made, reason), _percent(top, reason)
            en, zh = _HOW_OFTEN[reason]
            return {"en": en.format(c=c, b=b, p=p, q=q), "zh": zh.format(c=c, b=b, p=p, q=q)}
        if reason == "hearts":
            hearts = max(1, round(made.mean("hearts") - top.mean("hearts")))
            return {"en": f"the {c} left you about {hearts} more hearts than the {b} on average in the "
                          f"expert's trials",
                    "zh": f"专家推演中，出 {c} 平均比出 {b} 多吃大约 {hearts} 张红心"}
        return {"en": f"the {c} cost about {cost} points on average: the {b} was better",
                "zh": f"{c} 平均多丢大约 {cost} 分：出 {b} 更好"}
    if kind == "pass":
        if reason == "pig":
            p, q = _percent(made, "pig"), _percent(top, "pig")
            return {"en": f"passing {c} left you with the pig in {p} of the expert's trials, passing {b} in {q}",
                    "zh": f"专家推演中，传出 {c} 有 {p} 吃到猪，传出 {b} 是 {q}"}
        return {"en": f"passing {c} cost about {cost} points on average: passing {b} was better",
                "zh": f"传出 {c} 平均多丢大约 {cost} 分：传出 {b} 更好"}
    made_en = f"exposing {c}" if c else "exposing nothing"
    made_zh = f"亮出 {c}" if c else "不亮牌"
    best_en = f"exposing {b}" if b else "exposing nothing"
    best_zh = f"亮出 {b}" if b else "不亮牌"
    return {"en": f"{made_en} cost about {cost} points on average: {best_en} was better",
            "zh": f"{made_zh}平均多丢大约 {cost} 分：{best_zh}更好"}


def review_hand(hand_data: dict[str, Any], seed: int = 0, seat: int = 0) -> list[dict[str, Any]]:
    """``analyse`` of every decision of the seat in the hand, in order (seeds ``seed + index``)."""
    return [analyse(hand_data, p["n"], seed + p["index"], seat) for p in decisions(hand_data, seat)]


def retry_match(match_data: dict[str, Any], n: int, seat: int = 0) -> dict[str, Any]:
    """The match with its last hand taken back to just before the seat's decision ``n``: the same
    cards, the actions before that decision, one more take-back counted (as ``Hand.take_back``
    counts one), so a match played with a retry says so."""
    data = dict(match_data)
    hands = [dict(h) for h in data["hands"]]
    last = hands[-1]
    points = decisions(last, seat)
    if not 0 <= n < len(points):
        raise ValueError(f"no decision {n} in this hand (it has {len(points)})")
    last["actions"] = [list(a) for a in last["actions"][:points[n]["index"]]]
    last["take_backs"] = int(last.get("take_backs", 0)) + 1
    last["taken_back_at"] = len(last["actions"])  # one take-back: the card before waits for a card played
    hands[-1] = last
    data["hands"] = hands
    return data
