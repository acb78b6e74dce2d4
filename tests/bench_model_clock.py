"""The arena with a modelled clock: the search bots are cut as a quiet machine's clock cuts them,
reproducibly and whatever else the machine runs.

    .venv/bin/python -m tests.bench_model_clock [--speed 1.0] [--card US --sample US --history US --node US]
        ARENA-ARGUMENTS...

On the clock (the arena without ``--fixed``) a search stops when its time is spent, so a busy
machine gives the bots fewer worlds and no two runs agree: a change can be judged on the clock
only over many deals on a quiet machine. With ``--fixed`` nothing is cut at scale 1 and, at
another ``--budget-scale``, every search is cut to the same share of its worlds x rollouts,
whereas the clock cuts the costly searches (early tricks, many candidates) and spares the cheap
ones. Here the search bots' clock reads time from a model of the work done, so it cuts them as
the clock would, but the same way every time:

- a rollout costs ``--card`` microseconds per card still to play in it;
- a sampled world costs ``--sample``, and the expert's weighing of a world ``--history`` per
  card already played;
- the expert's exact solve of a world's last tricks costs ``--node`` per position it visits.

The default costs are this machine's CPython with nothing else running (``--calibrate`` times
them over the expert's hands; 25 Nov, medians of 5 runs: 2.16, 44.5 and 2.28 µs), each scaled
since by its cost now against then, timed side by side on 26 Nov (medians of 5 runs each): the
rollout and the weighing 0.774 (``--calibrate``; the rule policy now reads the trick as they
keep it), the sampling 0.530 (9,000 worlds of 30 views; a leaner loop): 1.67, 23.6 and 1.77 µs; the
rollout 0.92 again on 2 Dec (``--calibrate``, 8 runs each way, medians 1.99 and 1.83 µs: the moon's
seats kept through a rollout, a last card to a worthless trick not scored): 1.54 µs.
The model leaves out the rest of a decision's work (the candidates' groups, the means), so at
``--speed 1`` it cuts a little less often than the real clock here; ``--speed 0.25`` is a device
four times slower (as ``--budget-scale 0.25``). ``normal`` has no clock on CPython and is not
affected. The think times the arena prints are real time, not the model's. Example, the pairing
of STRENGTH.md:

    .venv/bin/python -m tests.bench_model_clock --candidate hard --baseline normal --deals 600 \\
        --seed 31 --jobs 2 --log hn-model.jsonl
"""

from __future__ import annotations

import argparse
import importlib
import sys
import types
from pathlib import Path
from typing import Any, Callable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gongzhu.arena import main as arena  # noqa: E402
from gongzhu.core.bots import endgame, pimc, policy  # noqa: E402
from gongzhu.core.bots.sampler import Knowledge  # noqa: E402
from gongzhu.core.portable import clock, popcount  # noqa: E402

CARD = 1.54
"""Microseconds of a rollout per card still to play."""
SAMPLE = 23.6
"""Microseconds to sample one world."""
HISTORY = 1.77
"""Microseconds of the expert's weighing of a world per card already played."""
NODE = 1.14
"""Microseconds of the expert's exact solve per position visited: 0.9 µs on 7 Dec (0.57 of a
rollout's card, timed on the same late positions: medians of 5 runs, 1.64 and 2.85 µs), times
1.27 since the solve merges the cards that play alike, doing more at each position (8 Dec, side
by side, medians of 5 rounds: 2.89 against 2.28 µs)."""


def costed(charge: Callable[[str, int, float], None]) -> Callable[[], None]:
    """Wrap the four costed steps of a search so that each call reports to ``charge`` its name
    ("card", "sample", "history" or "node"), its amount (cards to play, 1, cards played,
    positions solved) and its real duration; returns what puts the real functions back."""
    expert = importlib.import_module("gongzhu.bots.expert")
    real = policy.rollout, Knowledge.sample, expert.likelihood, endgame.solve

    def timed(name: str, f: Callable[..., Any], amount: Callable[..., int]) -> Callable[..., Any]:
        def call(*args: Any, **kw: Any) -> Any:
            start = clock()
            out = f(*args, **kw)
            charge(name, amount(*args), clock() - start)
            return out
        return call

    policy.rollout = timed("card", real[0], lambda hands, *rest: sum(popcount(h) for h in hands))
    Knowledge.sample = timed("sample", real[1], lambda *args: 1)  # type: ignore[method-assign]
    expert.likelihood = timed("history", real[2], lambda k, *rest: len(k.history))

    def solve(*args: Any) -> list[int]:
        start, before = clock(), endgame.SOLVED[0]
        out = real[3](*args)
        charge("node", endgame.SOLVED[0] - before, clock() - start)
        return out
    endgame.solve = solve

    def undo() -> None:
        policy.rollout, Knowledge.sample, expert.likelihood, endgame.solve = real  # type: ignore[method-assign]
    return undo


def install(speed: float, card: float = CARD, sample_cost: float = SAMPLE, history: float = HISTORY,
            node: float = NODE) -> None:
    """Make the search bots read the modelled clock (``speed``: the device's speed against this
    machine's; the costs in microseconds)."""
    now = [0.0]
    costs = {"card": card, "sample": sample_cost, "history": history, "node": node}

    def charge(name: str, amount: int, seconds: float) -> None:
        now[0] += costs[name] * 1e-6 / speed * amount

    costed(charge)
    pimc.clock = lambda: now[0]
    importlib.import_module("gongzhu.bots.expert").time = types.SimpleNamespace(perf_counter=lambda: now[0])


def calibrate(hands: int = 3) -> None:
    """Print the four costs as this machine's real clock measures them, over ``hands`` hands of
    the expert in every seat (run it with nothing else running)."""
    from gongzhu.arena import _seat_rng
    from gongzhu.bots import BOTS
    from gongzhu.core.hand import new_hand

    spent = {"card": [0.0, 0], "sample": [0.0, 0], "history": [0.0, 0], "node": [0.0, 0]}

    def charge(name: str, amount: int, seconds: float) -> None:
        spent[name][0] += seconds
        spent[name][1] += amount

    undo = costed(charge)
    try:
        for d in range(hands):
            hand = new_hand(seed=d)
            rngs = [_seat_rng(d, s) for s in range(4)]
            while hand.phase != "done":
                seat = hand.to_play
                hand.decide(seat, BOTS["expert"](hand.view(seat), rngs[seat]))
    finally:
        undo()
    for name, (seconds, amount) in spent.items():
        print(f"{name}: {seconds / max(amount, 1) * 1e6:.2f} us ({amount} measured)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], add_help=False)
    parser.add_argument("--speed", type=float, default=1.0)
    parser.add_argument("--card", type=float, default=CARD)
    parser.add_argument("--sample", type=float, default=SAMPLE)
    parser.add_argument("--history", type=float, default=HISTORY)
    parser.add_argument("--node", type=float, default=NODE)
    parser.add_argument("--calibrate", action="store_true")
    args, rest = parser.parse_known_args(argv)
    if args.calibrate:
        calibrate()
        return 0
    if "--fixed" in rest:
        parser.error("--fixed ignores the clock; the modelled clock is for runs on the clock")
    install(args.speed, args.card, args.sample, args.history, args.node)
    return arena(rest)


if __name__ == "__main__":
    sys.exit(main())
