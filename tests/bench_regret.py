"""Benchmark (not a test): how much a search budget costs per decision, against a large PIMC.

Plays hands with `hard` in every seat (the arena's deals: `gongzhu.core.deal.hand_seed(seed, i)`)
and, at every third decision of the play that offers more than one distinct card, values each
card with an *oracle*: PIMC over many worlds (default 800 worlds x 2 rollouts, `--fixed`).
Each variant (PIMC at other worlds x rollouts, or `rule` / `refined`: the rule policy's own card
with the plain or the refined rules) then chooses in the same position with its own random
numbers; its *regret* is the oracle's value of the oracle's best card minus the oracle's value
of the variant's card (points per decision, in the search's own measure: the seat's score
minus the others' mean). Prints the mean regret per variant after each hand.

It measures how far a budget is from what the same search would choose with far more worlds,
not playing strength (the oracle shares PIMC's blind spots); the arena measures strength.

    python tests/bench_regret.py [--seed 900] [--deals 40] [--oracle 800x2] [--variants 40x4 160x2]

A variant "40x4@100" is 40 x 4 cut after 100 playouts per candidate, as the clock cuts a search
(40 worlds, 2.5 rollouts each); "25x4" searches 100 playouts world by world. Each variant's
mean regret is printed with, for the variants after the first, the paired difference from the
first and its 95% interval over the positions.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gongzhu.arena import _seat_rng, mean_ci  # noqa: E402
from gongzhu.bots import BOTS  # noqa: E402
from gongzhu.core.bots.pimc import Pimc, group_of, set_fixed  # noqa: E402
from gongzhu.core.bots.rulebot import choose_play, legal_of  # noqa: E402
from gongzhu.core.bots.sampler import Knowledge, equivalent_groups  # noqa: E402
from gongzhu.core.deal import hand_seed  # noqa: E402
from gongzhu.core.hand import new_hand  # noqa: E402
from gongzhu.core.rules import get_rules  # noqa: E402


class RulePolicy:
    """The rule policy's card (plain, or with the refined rules) as a variant."""

    def __init__(self, refined: bool) -> None:
        self.refined = refined

    def play(self, k: Knowledge, rng: random.Random) -> int:
        return group_of(choose_play(k, self.refined), legal_of(k.view), k)


class Cut(Pimc):
    """PIMC cut after ``playouts`` playouts per candidate, as a clock cuts it (the rollouts go in
    passes over the worlds: ``Pimc.evaluate``)."""

    def __init__(self, worlds: int, rollouts: int, playouts: int) -> None:
        super().__init__(worlds, rollouts)
        self.playouts = playouts

    def fixed_share(self, n: int) -> int:
        return min(n, self.playouts)


def budget(text: str) -> Pimc:
    """"160x2" -> PIMC over 160 worlds x 2 rollouts; "40x4@100" -> 40 x 4 cut after 100 playouts."""
    size, _, cut = text.lower().partition("@")
    worlds, rollouts = size.split("x")
    return Cut(int(worlds), int(rollouts), int(cut)) if cut else Pimc(int(worlds), int(rollouts))


def variant(text: str) -> Pimc | RulePolicy:
    """A budget, or "rule" / "refined": the rule policy's own card (plain or refined rules)."""
    return RulePolicy(text == "refined") if text in ("rule", "refined") else budget(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=900)
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--oracle", default="800x2")
    parser.add_argument("--variants", nargs="+", default=["40x4", "80x2", "120x2", "160x2", "160x1", "240x1"])
    args = parser.parse_args(argv)
    set_fixed(True)
    rules = get_rules("classic")
    oracle = budget(args.oracle)
    variants = {name: variant(name) for name in args.variants}
    regret: dict[str, list[float]] = {name: [] for name in variants}
    positions = 0
    start = time.perf_counter()
    for d in range(args.deals):
        ds = hand_seed(args.seed, d)
        hand = new_hand(seed=ds, rules=rules)
        rngs = [_seat_rng(ds, s) for s in range(4)]
        step = 0
        while hand.phase != "done":
            seat = hand.to_play
            assert seat is not None
            view = hand.view(seat)
            if hand.phase == "play" and len(view["legal"]) > 1 and step % 3 == 0:
                k = Knowledge(view)
                cands = equivalent_groups(legal_of(view), k.played, k.trick)
                if len(cands) > 1:
                    values = oracle.evaluate(k, random.Random(ds * 100 + step), cands)
                    best = max(values)
                    for name, bot in variants.items():
                        card = bot.play(Knowledge(view), random.Random(step * 7 + d))
                        regret[name].append(best - values[cands.index(card)])
                    positions += 1
            step += 1
            hand.decide(seat, BOTS["hard"](view, rngs[seat]))
        if not positions:
            continue
        means = "  ".join(f"{name} {sum(regret[name]) / positions:.2f}" for name in variants)
        first = regret[args.variants[0]]
        paired = "  ".join("{} {:+.2f} ({:+.2f} .. {:+.2f})".format(
            name, *mean_ci([a - b for a, b in zip(regret[name], first, strict=True)])) for name in args.variants[1:])
        print(f"hand {d + 1}: {positions} positions; mean regret per decision: {means}  "
              f"({time.perf_counter() - start:.0f} s)", flush=True)
        if positions > 1 and paired:
            print(f"    minus {args.variants[0]}: {paired}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
