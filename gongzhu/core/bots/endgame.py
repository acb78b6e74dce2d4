"""The last tricks of a sampled world, solved exactly: the expert's search once it holds few cards.

In a world where every hand is known, the rest of the hand is a small game tree: with three
cards each, at most (3 x 3 x 3 x 3) x (2 x 2 x 2 x 2) lines, usually far fewer as seats follow
suit.  ``solve`` walks all of it by max^n: at each turn the seat to play picks the card whose
line ends best for it by its own value (``outcome_value``: its score against the others'
mean, or its side's against the other side's), the first such card in order on a tie, and the
four scores at the end of the chosen line come back up.  The search plays each candidate card
first and keeps the root player's value, instead of the rollouts' rule policy for everyone.

Every seat in max^n sees every card, so in its worlds the others stop a moon that real players,
who do not, would let through: while the searching seat may still take every heart, its search
keeps the rollouts (``Pimc.solve_from``).
"""

from ..cards import SCORING_MASK
from ..hand import legal_mask
from ..portable import bit_length
from .policy import Ctx, summed

SOLVED = [0]
"""Positions visited by ``solve`` so far (what a modelled clock charges it for)."""


def outcome_value(scores: list[int], me: int, partnership: bool, others: float = 1.0) -> float:
    """Our result in a finished world: our score minus ``others`` times the others' mean (or
    side minus ``others`` times the other side)."""
    if partnership:
        mine = scores[me] + scores[(me + 2) & 3]
        return mine - others * (scores[(me + 1) & 3] + scores[(me + 3) & 3])
    return scores[me] - others * (scores[0] + scores[1] + scores[2] + scores[3] - scores[me]) / 3


def solve(hands: list[int], cap: list[int], trick: list[int], leader: int, led: int, hearts_broken: bool,
          must: int, ctx: Ctx, first: int) -> list[int]:
    """The four final scores when the seat to play plays ``first`` and then every seat, itself
    included, plays by max^n; ``hands`` the four hands (the world; not changed), ``cap`` the
    captured piles, ``trick`` the cards on the table led by ``leader``, ``led`` the suits led so
    far (a mask by suit), ``must`` the card the first lead must be (-1: none)."""
    n, tmask, s0, best, wseat = summed(trick, leader)
    return _turn(hands[:], cap[:], n, tmask, s0, best, wseat, leader, led, hearts_broken, must, ctx, 1 << first)


def _distinct(legal: int, held: int) -> int:
    """``legal`` without the cards that play exactly as the next lower legal card: of the same
    suit, no card between the two still in play (``held``: every hand's and the table's cards),
    neither of them a card that scores.  Both lines end the same, and the lower card stands for
    both, as a tie would choose it (``sampler.equivalent_groups`` merges a search's candidates
    the same way)."""
    out = legal
    prev = -1
    while legal:
        bit = legal & -legal
        legal ^= bit
        c = bit_length(bit) - 1
        if prev >= 0 and c // 13 == prev // 13 and not (SCORING_MASK & (bit | 1 << prev) or held & (bit - (2 << prev))):
            out ^= bit
        prev = c
    return out


def _turn(hands: list[int], cap: list[int], n: int, tmask: int, s0: int, best: int, wseat: int, leader: int,
          led: int, hb: bool, must: int, ctx: Ctx, only: int = 0) -> list[int]:
    """The final scores under max^n from this turn: ``n`` cards on the table (mask ``tmask``,
    suit led ``s0``, winning card ``best`` of seat ``wseat``), ``only`` the one card to try
    (0: every legal card).  ``hands`` is restored before returning; ``cap`` is not changed."""
    SOLVED[0] += 1
    seat = (leader + n) & 3
    h = hands[seat]
    if not h:
        # Every hand is empty at the start of a trick: the hand is over.
        return [ctx.score(cap[0]), ctx.score(cap[1]), ctx.score(cap[2]), ctx.score(cap[3])]
    L = only or legal_mask(h, s0 if n else -1, led, ctx.exposed, hb, ctx.must_break, must)
    if L & (L - 1):
        L = _distinct(L, hands[0] | hands[1] | hands[2] | hands[3] | tmask)
    top: list[int] = []
    top_value = 0.0
    while L:
        bit = L & -L
        L ^= bit
        c = bit_length(bit) - 1
        hands[seat] = h & ~bit
        broken = hb or 13 <= c < 26
        if n == 0:
            scores = _turn(hands, cap, 1, bit, c // 13, c, seat, leader, led, broken, -1, ctx)
        else:
            b, w = (c, seat) if c > best and c // 13 == s0 else (best, wseat)
            if n == 3:
                # The trick is complete: its winner takes it and leads the next.
                taken = cap[:]
                taken[w] |= tmask | bit
                scores = _turn(hands, taken, 0, 0, -1, -1, -1, w, led | 1 << s0, broken, -1, ctx)
            else:
                scores = _turn(hands, cap, n + 1, tmask | bit, s0, b, w, leader, led, broken, -1, ctx)
        hands[seat] = h
        value = outcome_value(scores, seat, ctx.partnership)
        if not top or value > top_value:
            top, top_value = scores, value
    return top
