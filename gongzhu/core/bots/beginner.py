"""The ``beginner`` level: legal cards with simple, human-looking sense, and the odd slip.

It follows suit with its lowest card, throws its highest card when void (the pig first, if it
has her), leads the lowest card of a random suit, passes its three highest cards and never
exposes.  One move in six is a random legal card instead: beginners err.
"""


from ..cards import PIG, SUIT_MASKS, card_codes
from ..portable import Any, Random, bit_length
from .policy import random_card
from .rulebot import Decision, answer, legal_of
from .sampler import Knowledge

SLIP = 1 / 6
"""Share of moves that are a random legal card."""


def _play(k: Knowledge, rng: Random) -> int:
    L = legal_of(k.view)
    if rng.random() < SLIP:
        return random_card(L, rng.random)
    if k.trick:
        s0 = k.trick[0] // 13
        follow = L & SUIT_MASKS[s0]
        if follow:
            return bit_length(follow & -follow) - 1  # Follow low.
        if L >> PIG & 1:
            return PIG
        return max((c for c in range(52) if L >> c & 1), key=lambda c: c % 13)  # Throw a high card.
    suits = [s for s in range(4) if L & SUIT_MASKS[s]]
    m = L & SUIT_MASKS[rng.choice(suits)]
    return bit_length(m & -m) - 1


def _pass(k: Knowledge, rng: Random) -> list[str]:
    count = k.view["passing"]["count"]
    cards = sorted((c for c in range(52) if k.hand >> c & 1), key=lambda c: (c % 13, rng.random()))
    return card_codes(cards[-count:])


def beginner(view: dict[str, Any], rng: Random) -> Decision:
    """The ``beginner`` bot."""
    return answer(view, rng, _play, expose=lambda k, r: [], pass_=_pass)
