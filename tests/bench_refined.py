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
from gongzhu.core.bots.sampler import Knowledge  # noqa: E402

PLAIN_CTX = Knowledge.ctx


def refined(bot: Level) -> Level:
    """``bot`` with every policy context it makes refined (for the length of each decision)."""

    def decide(view: dict[str, Any], rng: random.Random) -> Any:
        # Refined whatever the caller asks (rulebot.choose_play passes refined=False explicitly).
        Knowledge.ctx = lambda self, exposed=None, refined=False: PLAIN_CTX(self, exposed, True)  # type: ignore[method-assign]
        try:
            return bot(view, rng)
        finally:
            Knowledge.ctx = PLAIN_CTX  # type: ignore[method-assign]

    return Level(f"{bot.name}+refined", decide)


# The candidates, as bots of one's own for the arena (``tests.bench_refined:easy``).
easy = refined(BOTS["easy"])
normal = refined(BOTS["normal"])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=["easy", "normal"], default="easy")
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    candidate = f"tests.bench_refined:{args.level}"
    figures = arena.run(candidate, args.level, args.deals, seed=args.seed, jobs=args.jobs)
    print("\n".join(arena.report(figures)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
