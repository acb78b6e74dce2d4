"""Benchmark (not a test): the rule policy's refined rules (``policy.Ctx.refined``) against the plain ones.

Plays the duplicate arena (``gongzhu.arena.run``) with a level whose every rule-policy call
uses the refined rules as the candidate, against three copies of the same level with the
plain rules: ``--level easy`` measures the rules as a card choice, ``--level normal`` as the
policy of ``normal``'s playouts (a cheap stand-in for the search bots' rollouts, which cost
hours per 1,000 deals in the arena itself).  Prints the arena's figures.

    python tests/bench_refined.py --level normal --deals 600 --seed 3
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gongzhu import arena  # noqa: E402
from gongzhu.bots import BOTS, Level  # noqa: E402
from gongzhu.bots.sampler import Knowledge  # noqa: E402

PLAIN_CTX = Knowledge.ctx


def refined(bot: Level) -> Level:
    """``bot`` with every policy context it makes refined (for the length of each decision)."""

    def decide(view: dict[str, Any], rng: random.Random) -> Any:
        Knowledge.ctx = lambda self, exposed=None, refined=True: PLAIN_CTX(self, exposed, refined)  # type: ignore[method-assign]
        try:
            return bot(view, rng)
        finally:
            Knowledge.ctx = PLAIN_CTX  # type: ignore[method-assign]

    return Level(f"{bot.name}+refined", decide)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=["easy", "normal"], default="easy")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    candidate = refined(BOTS[args.level])
    BOTS[candidate.name] = candidate  # The arena's processes are forked: they see it too.
    try:
        figures = arena.run(candidate.name, args.level, args.deals, seed=args.seed, jobs=args.jobs)
    finally:
        del BOTS[candidate.name]
    print("\n".join(arena.report(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
