"""Benchmark (not a test): what a change to a bot's late play is worth, by branching the games.

    .venv/bin/python -m tests.bench_branch --candidate MODULE:NAME --baseline expert [--opponents hard]
        [--from-cards 3] [--deals 200] [--seed 1] [--budget-scale 0.25] [--fixed] [--jobs 2] [--log FILE]

The duplicate arena measures a candidate by its M against three opponents; two versions of a
bot are compared by two such runs paired by deal (``arena --compare``), ten games a deal.  When
the candidate decides exactly as the baseline until it holds ``--from-cards`` cards or fewer (a
change to the last tricks, say), most of those games are the same: the candidate's game in seat
k is the baseline's up to the first late card the candidate plays differently.  So each seat's
game is played once with the baseline in it (one game in all when the opponents are the
baseline), keeping the hand and the random states at that seat's late decisions; the candidate
decides at them in turn with the seat's own random stream, and at the first card it plays
otherwise the hand is played out from there.  A deal's figure is the mean over the seats of the
change in the seat's score minus the others' mean: the arena's M of the candidate minus that of
the baseline on the same deals.  Against copies of the baseline a deal costs one game and the
branches instead of ten games (about five times faster), against other opponents four.

The search bots' clock is the modelled one of ``tests.bench_model_clock`` (its default costs), or
``--fixed``: on the real clock no two games would agree up to the branch.  The candidate's
decisions before the late ones are never asked for, so the figure is the arena's only for a
candidate that makes the same early ones.  Prints the change with its 95% interval, how many
seats' games branched, and how many of those gained and lost.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import sys
from pathlib import Path
from typing import Any, Iterable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gongzhu.arena import _scores, _seat_rng, mean_ci, read_log, sgn  # noqa: E402
from gongzhu.bots import set_fixed  # noqa: E402
from gongzhu.bots.registry import bot_decides, resolve_bot  # noqa: E402
from gongzhu.core.bots.pimc import set_budget_scale  # noqa: E402
from gongzhu.core.deal import hand_seed  # noqa: E402
from gongzhu.core.hand import new_hand  # noqa: E402
from gongzhu.core.rules import Rules, get_rules  # noqa: E402


def _edge(scores: list[int], k: int) -> float:
    """Seat ``k``'s score minus the mean of the others' (the arena's measure)."""
    return scores[k] - (sum(scores) - scores[k]) / 3


def _play_out(hand: Any, rngs: list[Any], names: list[str]) -> list[int]:
    while hand.phase != "done":
        seat = hand.to_play
        bot_decides(hand, seat, resolve_bot(names[seat])(hand.view(seat), rngs[seat]), names[seat])
    return _scores(hand)


def branch_deal(ds: int, rules: Rules, candidate: str, baseline: str, opponents: str,
                from_cards: int) -> dict[str, Any]:
    """Deal ``ds``'s figure: ``{"m": the change of M, "gains": each seat's change (None: the
    candidate played every late card as the baseline did)}``."""
    games: dict[int, tuple[list[int], list[tuple[int, Any, Any]]]] = {}
    gains: list[float | None] = []
    for k in range(4):
        key = -1 if opponents == baseline else k  # One game serves every seat when all four are the baseline.
        if key not in games:
            names = [opponents] * 4
            names[k] = baseline
            hand = new_hand(seed=ds, rules=rules)
            rngs = [_seat_rng(ds, s) for s in range(4)]
            late = []
            while hand.phase != "done":
                seat = hand.to_play
                view = hand.view(seat)
                snap = (copy.deepcopy(hand), copy.deepcopy(rngs)) if names[seat] == baseline and \
                    view["phase"] == "play" and len(view["hand"]) <= from_cards else None
                decision = resolve_bot(names[seat])(view, rngs[seat])
                if snap:
                    late.append((seat, decision, snap))
                bot_decides(hand, seat, decision, names[seat])
            games[key] = (_scores(hand), late)
        base, late = games[key]
        gain = None
        rng = None
        for seat, decision, (hand, rngs) in late:
            if seat != k:
                continue
            if rng is None:
                rng = copy.deepcopy(rngs[k])  # The seat's stream as it stood at its first late decision.
            mine = resolve_bot(candidate)(hand.view(k), rng)
            if mine != decision:
                hand, rngs = copy.deepcopy(hand), copy.deepcopy(rngs)
                rngs[k] = rng
                bot_decides(hand, k, mine, candidate)
                names = [opponents] * 4
                names[k] = candidate
                gain = _edge(_play_out(hand, rngs, names), k) - _edge(base, k)
                break
        gains.append(gain)
    return {"m": sum(g or 0.0 for g in gains) / 4, "gains": gains}


def _job(job: tuple[int, int, dict[str, Any], str, str, str, int, bool, float]) -> dict[str, Any]:
    seed, i, rules_dict, candidate, baseline, opponents, from_cards, fixed, scale = job
    set_fixed(fixed)
    set_budget_scale(scale)
    out = branch_deal(hand_seed(seed, i), Rules.from_dict(rules_dict), candidate, baseline, opponents, from_cards)
    out["deal"] = i
    return out


def run(candidate: str, baseline: str, opponents: str, deals: int, seed: int = 1, rules: str = "classic",
        from_cards: int = 3, fixed: bool = False, budget_scale: float = 1.0, jobs: int = 1,
        log: str | None = None) -> dict[str, Any]:
    """The figures over ``deals`` deals: ``{"deals", "M", "M_low", "M_high", "branched", "seats",
    "gained", "lost"}``.  ``log``: a file of finished deals to resume from and append to."""
    for name in (candidate, baseline, opponents):
        resolve_bot(name)  # Refuse an unknown bot before the first deal.
    if not fixed:
        from tests.bench_model_clock import install
        install(1.0)
    rules_dict = get_rules(rules).to_dict()
    settings = {"candidate": candidate, "baseline": baseline, "opponents": opponents, "seed": seed,
                "rules": rules_dict, "from_cards": from_cards, "fixed": fixed, "budget_scale": budget_scale}
    done = read_log(log, settings) if log else {}
    todo = [(seed, i, rules_dict, candidate, baseline, opponents, from_cards, fixed, budget_scale)
            for i in range(deals) if i not in done]
    with contextlib.ExitStack() as stack:
        f = stack.enter_context(open(log, "a", encoding="utf-8")) if log else None
        if f is not None and f.tell() == 0:
            f.write(json.dumps(settings) + "\n")
        finished: Iterable[dict[str, Any]] = map(_job, todo)
        if jobs > 1:
            import multiprocessing
            finished = stack.enter_context(multiprocessing.get_context("fork").Pool(jobs)).imap_unordered(_job, todo)
        for r in finished:
            done[r["deal"]] = r
            if f is not None:
                f.write(json.dumps(r) + "\n")
                f.flush()
    results = [done[i] for i in range(deals)]
    gains = [g for r in results for g in r["gains"] if g is not None]
    mean, low, high = mean_ci([r["m"] for r in results])
    return {"deals": deals, "M": mean, "M_low": low, "M_high": high, "branched": len(gains), "seats": 4 * deals,
            "gained": sum(g > 0 for g in gains), "lost": sum(g < 0 for g in gains)}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--candidate", required=True, help="the bot to measure (a name, or module:function)")
    p.add_argument("--baseline", required=True, help="the bot it changes, which it decides like early on")
    p.add_argument("--opponents", help="the bot in the three other seats (default: the baseline)")
    p.add_argument("--from-cards", type=int, default=3, metavar="N",
                   help="the candidate decides like the baseline while it holds more than N cards")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="classic")
    p.add_argument("--fixed", action="store_true",
                   help="search bots at fixed worlds x rollouts (else the modelled clock)")
    p.add_argument("--budget-scale", type=float, default=1.0, metavar="F")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--log", metavar="FILE", help="append each finished deal to FILE; resume from it if it exists")
    a = p.parse_args(argv)
    try:
        fig = run(a.candidate, a.baseline, a.opponents or a.baseline, a.deals, a.seed, a.rules, a.from_cards,
                  a.fixed, a.budget_scale, a.jobs, a.log)
    except ValueError as e:
        p.error(str(e))
    print(f"{a.candidate} for {a.baseline} against 3 x {a.opponents or a.baseline}, from {a.from_cards} cards, "
          f"{fig['deals']} deals (seed {a.seed}){', fixed' if a.fixed else ''}, budgets x {a.budget_scale:g}")
    print(f"change of M: {sgn(fig['M'])} points per hand (95% CI {sgn(fig['M_low'])} .. {sgn(fig['M_high'])})")
    print(f"seats whose game branched: {fig['branched']} of {fig['seats']}; gained {fig['gained']}, "
          f"lost {fig['lost']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
