"""The ``normal`` level: a greedy sampler.

For each candidate card it samples 20 deals of the unseen cards consistent with everything
public (shown voids, exposed cards pinned to their holders, passed cards), lets the rule
policy play the rest of the current trick for the later seats, then plays the hand out once
per world with the rule policy, without randomness, and scores the result (our score minus
the others' mean).  One greedy playout per world, no repeated rollouts, no common random
numbers, and no clock but on MicroPython (``BUDGET``): a cheap search between the rule bot and ``hard``.  Exposure and
passing are weighed the same way (``_SEARCH``): the rule bot proposes, the worlds decide.
"""


from ..portable import MICROPYTHON, Any, Random, clock
from . import policy
from .pimc import Pimc, is_fixed, outcome_value, think_budget
from .rulebot import Decision, answer, legal_of
from .sampler import Knowledge, equivalent_groups

WORLDS = 20
BUDGET = 0.2 if MICROPYTHON else None
"""Seconds a decision may take on MicroPython (several times slower than CPython, where the 20
worlds take a few milliseconds and no clock is needed): past it, no world is added once
``MIN_WORLDS`` are done.  ``pimc.set_fixed(True)`` ignores it, for reproducible runs."""
MIN_WORLDS = 8
"""The worlds a decision searches however slow the device: with fewer the sampler is much weaker
(against 3 x easy, 4 worlds in every play cost 21.6 points per hand against 20, 6 worlds 16.0;
8 worlds 7.6, not shown: STRENGTH.md, "normal on a slow phone")."""
_SEARCH = Pimc(worlds=WORLDS, rollouts=1, budget=BUDGET, eps=0.0)
"""Exposure and passing with the same machinery, sampled worlds each played out once without
randomness: the rule bot's exposure and each of its subsets over ``WORLDS`` worlds; the
3-card sets of the rule bot's five likeliest cards to pass over half as many."""
_SEARCH.rule_proposes = True

MARGIN = 0.0
"""Points by which a card must beat the rule policy's choice for the sampler to prefer it."""


def _world_values(k: Knowledge, hands: list[int], cands: list[int], ctx: policy.Ctx, rng: Random) -> list[float]:
    """Each candidate's value in one sampled world: the rest of the trick by the rule policy for
    the later seats, then the hand played out once with the rule policy (no randomness)."""
    values = []
    for c in cands:
        sc = policy.rollout(hands, k.cap, k.trick, k.leader, k.played, k.led, k.hearts_broken, -1, ctx,
                            rng.random, 0.0, first=c)
        values.append(outcome_value(sc, k.me, k.rules.partnership))
    return values


def _play(k: Knowledge, rng: Random) -> int:
    L = legal_of(k.view)
    cands = equivalent_groups(L, k.played, k.trick)
    if len(cands) == 1:
        return cands[0]
    ctx = k.ctx()
    rule = policy.choose(k.hand, L, k.trick, k.leader, k.me, k.played, k.cap, ctx)
    if rule not in cands:
        cands.append(rule)
    # World by world, every candidate in each, until WORLDS are done or (on MicroPython) the clock
    # runs out: each candidate is always judged on the same worlds.
    deadline = clock() + think_budget(BUDGET) if BUDGET is not None and not is_fixed() else None
    totals = [0.0] * len(cands)
    done = 0
    while done < WORLDS:
        values = _world_values(k, k.sample(rng), cands, ctx, rng)
        for i in range(len(cands)):
            totals[i] += values[i]
        done += 1
        if deadline is not None and done >= MIN_WORLDS and clock() > deadline:
            break
    best = max(range(len(cands)), key=lambda i: totals[i])
    # The rule bot's card stands unless the sampler finds a better one.
    rule_v = totals[cands.index(rule)] / done
    return cands[best] if totals[best] / done > rule_v + MARGIN else rule


def normal(view: dict[str, Any], rng: Random) -> Decision:
    """The ``normal`` bot."""
    return answer(view, rng, _play, expose=_SEARCH.expose, pass_=_SEARCH.pass_cards)
