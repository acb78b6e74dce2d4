"""The portable seeded deal: splitmix64 driving a Fisher-Yates shuffle.

A seed gives the same deal everywhere (CPython, Pyodide, MicroPython, or a port to another
language), because the generator is ours and tiny, not ``random.Random``.  The algorithm, to port it:

1. ``state = seed mod 2**64`` (a negative seed wraps, as two's complement).
2. splitmix64: ``state = (state + 0x9E3779B97F4A7C15) mod 2**64``; ``z = state``;
   ``z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) mod 2**64``;
   ``z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) mod 2**64``; output ``z ^ (z >> 31)``.
3. ``deck = [0, 1, ..., 51]``; for ``i`` from 51 down to 1: ``j = next() mod (i + 1)``,
   swap ``deck[i]`` and ``deck[j]``.
4. Seat ``k`` gets ``deck[13k : 13k + 13]`` (cards are ints, see ``cards.py``), sorted ascending.

The hands of a match come from :func:`hand_seed`: hand ``n`` (0-based) of a match with seed
``s`` is dealt from ``splitmix64`` output number ``n + 1`` of a generator seeded with ``s``.

This module runs unchanged under MicroPython.

>>> from gongzhu.core.cards import card_codes
>>> card_codes(deal_hands(7)[0])[:4]
['3S', '6S', '5H', '7H']
>>> sorted(sum(deal_hands(123), [])) == list(range(52))
True
"""

MASK64 = 0xFFFFFFFFFFFFFFFF
GOLDEN = 0x9E3779B97F4A7C15


def splitmix64(state: int) -> tuple:
    """One splitmix64 step: ``(new_state, output)``, both 64-bit unsigned ints.

    >>> splitmix64(0)[1]
    16294208416658607535
    """
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


def shuffled_deck(seed: int) -> list:
    """The 52 cards in the order the seed shuffles them (Fisher-Yates from the top).

    >>> shuffled_deck(0)[:5]
    [46, 36, 8, 40, 14]
    """
    state = seed & MASK64
    deck = list(range(52))
    for i in range(51, 0, -1):
        state, out = splitmix64(state)
        j = out % (i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_hands(seed: int) -> list:
    """Four hands of 13 cards (sorted ints), seat 0 first, dealt from the seed.

    >>> len(deal_hands(1)), [len(h) for h in deal_hands(1)]
    (4, [13, 13, 13, 13])
    """
    deck = shuffled_deck(seed)
    return [sorted(deck[13 * k:13 * k + 13]) for k in range(4)]


def hand_seed(match_seed: int, hand_number: int) -> int:
    """The deal seed of hand ``hand_number`` (0-based) of a match dealt from ``match_seed``.

    >>> hand_seed(1, 0) == splitmix64(1)[1]
    True
    """
    state = match_seed & MASK64
    out = 0
    for _ in range(hand_number + 1):
        state, out = splitmix64(state)
    return out
