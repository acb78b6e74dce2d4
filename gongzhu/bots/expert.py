"""The ``expert`` level: ``hard`` plus inference about the hidden hands.

It samples more worlds than it searches (``oversample`` times as many), replays the hand so
far in each one and weights it by how likely each opponent's actual plays were under the rule
policy had it held that world's cards (a play the policy would make, or one equivalent to it,
counts 1; any other ``MISS``).  The worlds it searches are drawn from those by weight
(systematic resampling), so deals in which the opponents' cards explain their play count for
more.  The search itself is ``hard``'s PIMC with a larger budget, 160 worlds x 2 rollouts
(``hard``: 40 x 4) within 0.4 s, and its rollouts play by the rule policy's refined rules
(``policy.Ctx.refined``: take the sheep when second or third, lead safe low hearts, defend
against a moon from four hearts on, counted on the tricks taken), which as ``normal``'s playouts
measured +5.1 per hand, and counting the tricks taken +3.5 more (STRENGTH.md).  Against a
large PIMC oracle on positions from ``hard``'s own games, 160 x 2 chooses cards worth about 1.7
points more per decision in the search's own terms (tests/bench_regret.py), yet with the plain
rules it was level with ``hard`` over 1,000 arena deals (M -0.1, D 0.507): what limits it is
the rollouts, hence the refined rules.  The same search weighs its exposures, but only the
rule bot's exposure and its subsets (``Pimc.rule_proposes``): free to choose among every subset,
it exposed in 62% of its decisions and lost against hard, which hunts exposed cards
(STRENGTH.md).  From its last three cards on, once another seat has taken a heart, it solves
each world exactly to the end of the hand instead of rolling it out (``endgame``, ``Pimc.solve_from``).
"""

from __future__ import annotations

import random
import time

from ..core.bots import policy
from ..core.bots.pimc import Pimc
from ..core.bots.sampler import Knowledge
from ..core.cards import HEARTS, SPECIALS
from ..core.hand import first_lead_card, legal_mask

MISS = 0.3
"""Likelihood factor of an observed play the rule policy would not have made."""


def likelihood(k: Knowledge, world: list[int], ctx: policy.Ctx) -> float:
    """How well the world explains the opponents' plays so far (product of per-play factors)."""
    hands = world[:]
    for s, c in k.history:
        hands[s] |= 1 << c
    if k.view["leader"] is None:
        return 1.0
    must = first_lead_card(k.rules) if k.view["first_hand"] else -1
    cap = [0, 0, 0, 0]
    # The current trick, as ``policy.decide`` reads it: its cards (still in play, so they keep
    # two cards apart), their number, the suit led, the winning card and its seat.
    tmask = n = 0
    s0 = best = win = -1
    played = 0
    led = 0
    hb = False
    w = 1.0
    for s, c in k.history:
        h = hands[s]
        if s != k.me:
            L = legal_mask(h, s0 if n else -1, led, k.exposed, hb, ctx.must_break, must)
            if L & (L - 1):
                x = policy.decide(h, L, n, best, win, tmask, s0, s, played, cap, ctx)
                if x != c and not _alike(x, c, (played & ~tmask) | h):
                    w *= MISS
        bit = 1 << c
        hands[s] = h & ~bit
        played |= bit
        must = -1
        if 13 <= c < 26:
            hb = True
        if n == 0:
            s0, best, win, tmask, n = c // 13, c, s, bit, 1
            continue
        tmask |= bit
        if c > best and c // 13 == s0:
            best, win = c, s
        n += 1
        if n == 4:
            cap[win] |= tmask
            led |= 1 << s0
            tmask = n = 0
    return w


def _alike(a: int, b: int, held: int) -> bool:
    """Same suit and every card between them in the same hand (they play alike)."""
    if a // 13 != b // 13 or a // 13 == HEARTS or a in SPECIALS or b in SPECIALS:
        return False
    lo, hi = min(a, b), max(a, b)
    return all(held >> x & 1 for x in range(lo + 1, hi))


class Expert(Pimc):
    """PIMC over worlds resampled by the likelihood of the opponents' plays."""

    def __init__(self, oversample: int = 3, **kw: object) -> None:
        super().__init__(**kw)  # type: ignore[arg-type]
        self.oversample = oversample
        self.refined = True
        self.rule_proposes = True
        self.solve_from = 3

    def sample_worlds(self, k: Knowledge, rng: random.Random, n: int,
                      deadline: float | None = None) -> list[list[int]]:
        if not k.history:
            return super().sample_worlds(k, rng, n)
        ctx = k.ctx()
        # Inference may use up to a third of the time left; the search keeps the rest.
        stop = None if deadline is None else time.perf_counter() + (deadline - time.perf_counter()) / 3
        pool: list[list[int]] = []
        weights: list[float] = []
        while len(pool) < n * self.oversample:
            w = k.sample(rng)
            pool.append(w)
            weights.append(likelihood(k, w, ctx))
            if stop is not None and len(pool) >= n and time.perf_counter() > stop:
                break
        total = sum(weights)
        step = total / n
        u = rng.random() * step
        out = []
        acc = 0.0
        i = 0
        # Systematic resampling: n draws, each world kept in proportion to its weight.
        for j in range(n):
            target = u + j * step
            while acc + weights[i] < target and i < len(pool) - 1:
                acc += weights[i]
                i += 1
            out.append(pool[i])
        # Distinct worlds first, so an early stop (time budget) still sees variety.
        seen: list[list[int]] = []
        rest: list[list[int]] = []
        for w in out:
            (rest if w in seen else seen).append(w)
        return seen + rest


expert = Expert(worlds=160, rollouts=2, budget=0.4)
"""The ``expert`` bot: inference-weighted worlds, 160 worlds x 2 refined rollouts or fewer within 0.4 s.

A desktop finishes the 160 x 2 well within the clock; a phone, four times slower, does not, and
the longer clock gives it more of them where the hand is decided (STRENGTH.md, "The
expert's clock on a phone").  It keeps a slow phone's answers within the think-time goal (p95 <=
0.5 s) and under the table's pace at the normal speed (a bot's card shows for at least 620 ms)."""
