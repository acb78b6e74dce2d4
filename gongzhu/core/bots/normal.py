"""The ``normal`` level: a greedy sampler.

For each candidate card it samples 20 deals of the unseen cards consistent with everything
public (shown voids, exposed cards pinned to their holders, passed cards), lets the rule
policy play the rest of the current trick for the later seats, then plays the hand out once
per world with the rule policy, without randomness, and scores the result (our score minus
the others' mean).  One greedy playout per world, no repeated rollouts, no common random
numbers, no clock: a cheap, fixed-cost search between the rule bot and ``hard``.  Exposure and
passing are weighed the same way (``_SEARCH``): the rule bot proposes, the worlds decide.
"""


from ..cards import HEARTS_MASK
from ..portable import Any, Random
from . import policy
from .pimc import Pimc, outcome_value
from .rulebot import Decision, answer, legal_of
from .sampler import Knowledge, equivalent_groups

WORLDS = 20
_SEARCH = Pimc(worlds=WORLDS, rollouts=1, budget=None, eps=0.0)
"""Exposure and passing with the same machinery, sampled worlds each played out once without
randomness: the rule bot's exposure and each of its subsets over ``WORLDS`` worlds; the
3-card sets of the rule bot's five likeliest cards to pass over half as many."""
_SEARCH.rule_proposes = True

MARGIN = 0.0
"""Points by which a card must beat the rule policy's choice for the sampler to prefer it."""


def _play(k: Knowledge, rng: Random) -> int:
    L = legal_of(k.view)
    cands = equivalent_groups(L, k.played, k.trick)
    if len(cands) == 1:
        return cands[0]
    ctx = k.ctx()
    rule = policy.choose(k.hand, L, k.trick, k.leader, k.me, k.played, k.cap, ctx)
    if rule not in cands:
        cands.append(rule)
    worlds = [k.sample(rng) for _ in range(WORLDS)]
    best_c = cands[0]
    best_v = -1e18
    rule_v = 0.0
    for c in cands:
        total = 0.0
        for hands in worlds:
            hands = hands[:]
            trick = k.trick[:]
            played = k.played
            leader = k.leader
            hands[k.me] &= ~(1 << c)
            trick.append(c)
            played |= 1 << c
            while len(trick) < 4:
                p = (leader + len(trick)) & 3
                L2 = policy.legal_mask(hands[p], trick[0] // 13, k.led, k.exposed, True, False, -1)
                x = policy.choose(hands[p], L2, trick, leader, p, played, k.cap, ctx)
                hands[p] &= ~(1 << x)
                trick.append(x)
                played |= 1 << x
            _, w = policy.trick_winner(trick, leader)
            tm = (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
            # After the trick, the hand played out once with the rule policy (no randomness).
            cap = k.cap[:]
            cap[w] |= tm
            led = k.led | 1 << (trick[0] // 13)
            hb = k.hearts_broken or bool(played & HEARTS_MASK)
            sc = policy.rollout(hands, cap, [], w, played, led, hb, -1, ctx, rng.random, 0.0)
            total += outcome_value(sc, k.me, k.rules.partnership)
        v = total / WORLDS
        if c == rule:
            rule_v = v
        if v > best_v:
            best_v = v
            best_c = c
    # The rule bot's card stands unless the sampler finds a better one.
    return best_c if best_v > rule_v + MARGIN else rule


def normal(view: dict[str, Any], rng: Random) -> Decision:
    """The ``normal`` bot."""
    return answer(view, rng, _play, expose=_SEARCH.expose, pass_=_SEARCH.pass_cards)
