"""The rule policy on bitmasks: the easy bot's card choice and every search bot's rollout policy.

One function, ``choose``, picks a card from the legal mask using only what its seat may know
(its own hand, the cards played, the captured piles, the exposed cards, the trick on the
table).  ``rollout`` plays a hand to its end with it for every seat (a small share of random
deviations keeps repeated rollouts of one world apart) and returns the four scores.  It keeps
the trick on the table summed up as it plays (cards, suit led, winner) and asks ``decide``,
``choose`` without working that out again: the rollouts are most of a search's time.

The rules it plays by (each a comment below): follow low and duck under the current winner;
dump the pig under a higher spade; shed A♠/K♠ and high hearts when void; keep the sheep (J♦)
and win the trick holding it; do not take the transformer (T♣) onto a negative pile; lead low
spades to flush the pig when not holding it; lead from the suit least likely to win the
trick; when last to play, take the trick whose cards help its pile and duck the one that
hurts; partners feed each other good tricks and never receive the pig; a seat that has taken
every heart so far with many of them goes for the moon, and the others defend by taking a
heart trick.

``Ctx.refined`` (the expert's rollouts) adds three rules: second or third to play, take a
trick that is worth having (the sheep, a lone transformer) with the highest card instead of
ducking it; lead hearts like any other suit (by how likely the card is to win the trick),
without the extra reluctance; and defend against a moon as soon as one seat has taken every
heart taken so far (a heart on the table does not hide it), at least ``DEFEND_MIN`` of them, not
``MOON_MIN``.  Measured in STRENGTH.md
("Refined rules for the expert's rollouts").
"""


from ..cards import HEARTS_MASK, PIG, SCORING_MASK, SHEEP, SUIT_MASKS, TRANSFORMER, winning_index
from ..fast import Scorer, code_of_mask
from ..hand import legal_mask
from ..portable import Callable, bit_length, popcount
from ..rules import Rules

ACE_SPADES = 12
KING_SPADES = 11
PIG_BIT = 1 << PIG
SHEEP_BIT = 1 << SHEEP
TC_BIT = 1 << TRANSFORMER
HIGH_SPADES = (1 << ACE_SPADES) | (1 << KING_SPADES)
SPADES = SUIT_MASKS[0]
MOON_MIN = 7
"""Hearts a seat must have taken (all of those played) before it plays for the moon."""
DEFEND_MIN = 4
"""With the refined rules: hearts a seat must have taken (all of those played) before the
others defend against its moon."""


class Ctx:
    """Per-hand constants for the policy: scoring under these rules and exposures, partnership."""

    __slots__ = ("scorer", "partnership", "must_break", "exposed", "refined", "_cache")

    def __init__(self, rules: Rules, exposed: int, refined: bool = False) -> None:
        self.scorer = Scorer(rules, exposed)
        self.partnership = rules.partnership
        self.must_break = rules.hearts_must_be_broken
        self.exposed = exposed
        self.refined = refined
        """Play by the refined rules (see the module docstring)."""
        self._cache: dict[int, int] = {}

    def score(self, pile: int) -> int:
        """The score of a captured pile (52-bit mask)."""
        key = pile & SCORING_MASK
        v = self._cache.get(key)
        if v is None:
            v = self.scorer.score(code_of_mask(key))
            self._cache[key] = v
        return v

    def gain(self, pile: int, cards: int) -> int:
        """How much taking ``cards`` changes the score of ``pile``."""
        return self.score(pile | cards) - self.score(pile)


def _top(m: int) -> int:
    return bit_length(m) - 1


def _low(m: int) -> int:
    return bit_length(m & -m) - 1


def shooter(cap: list[int], played: int, least: int = MOON_MIN) -> int:
    """The seat going for the moon: it took every heart played so far, at least ``least``; else -1."""
    hp = played & HEARTS_MASK
    if (popcount(hp) if hp else 0) < least:
        return -1
    for s in range(4):
        if cap[s] & HEARTS_MASK == hp:
            return s
    return -1


def trick_winner(trick: list[int], leader: int) -> tuple[int, int]:
    """(winning card, its seat) of a partial trick (``cards.winning_index``)."""
    i = winning_index(trick)
    return trick[i], (leader + i) & 3


def choose(h: int, L: int, trick: list[int], leader: int, seat: int, played: int, cap: list[int],
           ctx: Ctx) -> int:
    """The rule policy's card for ``seat`` holding ``h`` with legal cards ``L`` (a mask).

    ``played`` holds every card played so far (the current trick's too); ``cap`` the captured
    pile of each seat.  Everything it reads is public or the seat's own.
    """
    if not L & (L - 1):
        return _top(L)
    n, tmask, s0, best, wseat = summed(trick, leader)
    return decide(h, L, n, best, wseat, tmask, s0, seat, played, cap, ctx)


def summed(trick: list[int], leader: int) -> tuple[int, int, int, int, int]:
    """A trick on the table as ``decide`` reads it: its number of cards, their mask, the suit led,
    the winning card and its seat (the last three -1 for an empty trick)."""
    if not trick:
        return 0, 0, -1, -1, -1
    best, wseat = trick_winner(trick, leader)
    tmask = 0
    for c in trick:
        tmask |= 1 << c
    return len(trick), tmask, trick[0] // 13, best, wseat


def decide(h: int, L: int, n: int, best: int, wseat: int, tmask: int, s0: int, seat: int, played: int,
           cap: list[int], ctx: Ctx) -> int:
    """``choose`` for a trick already summed up (what ``rollout`` keeps as it plays): ``n`` cards
    on the table (the mask ``tmask``), the suit led ``s0``, the winning card ``best`` and its
    seat ``wseat`` (all unused when ``n`` is 0); ``L`` holds at least two cards."""
    moon, threat = moon_seats(played, cap, ctx)
    return decide_seen(h, L, n, best, wseat, tmask, s0, seat, played, cap, ctx, moon, threat)


def moon_seats(played: int, cap: list[int], ctx: Ctx) -> tuple[int, int]:
    """(moon, threat): the seat going for the moon and the seat the others defend against, each -1
    if none. The threat is a seat that took every heart played, at least ``MOON_MIN`` of them; from
    ``MOON_MIN`` hearts it goes for the moon too.

    The refined rules count the hearts taken instead of those played, and defend from
    ``DEFEND_MIN``: a heart on the table then does not hide the shooter, so the others can still
    take that very trick from it."""
    seen = (cap[0] | cap[1] | cap[2] | cap[3]) if ctx.refined else played
    threat = moon = -1
    hp = seen & HEARTS_MASK
    if hp:
        hearts = popcount(hp)
        if hearts >= (DEFEND_MIN if ctx.refined else MOON_MIN):
            threat = shooter(cap, seen, 0)
            if hearts >= MOON_MIN:
                moon = threat
    return moon, threat


def decide_seen(h: int, L: int, n: int, best: int, wseat: int, tmask: int, s0: int, seat: int, played: int,
                cap: list[int], ctx: Ctx, moon: int, threat: int) -> int:
    """``decide`` with ``moon_seats`` already worked out (they change only when a heart is played
    or a trick is taken, so ``rollout`` keeps them)."""
    if n == 0:
        return _lead(h, L, seat, played, cap, ctx, moon)
    if h & SUIT_MASKS[s0]:
        return _follow(h, L, n, best, wseat, tmask, s0, seat, played, cap, ctx, moon, threat)
    return _discard(h, L, wseat, seat, played, cap, ctx, moon, threat)


def _friend(ctx: Ctx, seat: int, other: int) -> bool:
    return other == seat or (ctx.partnership and other == (seat + 2) & 3)


def side_value(ctx: Ctx, seat: int, taker: int, cap: list[int], cards: int) -> int:
    """What ``taker`` taking ``cards`` is worth to ``seat`` (its side's gain, or minus a third
    of an opponent's gain)."""
    g = ctx.gain(cap[taker], cards)
    if _friend(ctx, seat, taker):
        return g * 3
    return -g


def _follow(h: int, L: int, n: int, best: int, wseat: int, tmask: int, s0: int, seat: int,
            played: int, cap: list[int], ctx: Ctx, moon: int, threat: int) -> int:
    below = L & ((1 << best) - 1)
    above = L & ~below
    friend_wins = _friend(ctx, seat, wseat)
    if moon == seat and above:
        # Going for the moon: win the trick.
        return _top(above)
    if threat >= 0 and threat != seat and wseat == threat and above and (tmask & HEARTS_MASK or s0 == 1):
        # Moon defence: take a heart trick away from the shooter.
        return _top(above)
    if n == 3:
        # Last to play: the trick's outcome is known.  Take it if its cards help our pile,
        # duck it if they hurt; shed the highest card that costs nothing.
        top_c = -1
        top_v = -10**9
        m = L
        while m:
            low = m & -m
            m ^= low
            c = bit_length(low) - 1
            v = c % 13
            if (tmask | low) & SCORING_MASK:  # (else the trick is worth nothing to anyone)
                v += side_value(ctx, seat, seat if low & above else wseat, cap, tmask | low) * 4
            if v > top_v:
                top_v = v
                top_c = c
        return top_c
    if ctx.refined and above and not friend_wins and ctx.gain(cap[seat], tmask) > 0:
        # The trick is worth having (the sheep, a lone transformer): try hardest to take it.
        return _top(above)
    if friend_wins and below and not ctx.gain(cap[wseat], tmask) < 0:
        # Partner is winning: stay under and hand over the sheep if we have it.
        if below & SHEEP_BIT:
            return SHEEP
        return _top(below & ~PIG_BIT) if below & ~PIG_BIT else _top(below)
    if below:
        # Duck under the current winner; the pig goes under a higher spade.
        if below & PIG_BIT and not friend_wins:
            return PIG
        rest = below & ~SHEEP_BIT & ~PIG_BIT
        if s0 == 0 and rest & HIGH_SPADES == rest and below & ~HIGH_SPADES & ~PIG_BIT & ~SHEEP_BIT:
            rest = below & ~HIGH_SPADES
        if rest:
            return _top(rest)
        return _top(below)
    # Cannot duck.
    if ctx.gain(cap[seat], tmask) > 0:
        return _top(above)  # The trick is worth having: try hardest to keep it.
    if s0 == 0:
        safe = above & ~PIG_BIT
        if safe:
            return _low(safe) if not played & PIG_BIT and not h & PIG_BIT else _top(safe)
        return PIG
    if s0 == 1:
        return _low(above)
    if s0 == 2 and above & SHEEP_BIT and above & ~SHEEP_BIT:
        above &= ~SHEEP_BIT
    if s0 == 3 and above & TC_BIT and above & ~TC_BIT and ctx.score(cap[seat]) <= 0:
        above &= ~TC_BIT
    return _top(above)


def _discard(h: int, L: int, wseat: int, seat: int, played: int, cap: list[int], ctx: Ctx, moon: int,
             threat: int) -> int:
    if moon == seat:
        # Going for the moon: keep the winners, throw the smallest card.
        nh = L & ~HEARTS_MASK
        m = nh or L
        best = -1
        bestr = 99
        while m:
            low = m & -m
            m ^= low
            c = bit_length(low) - 1
            if c % 13 < bestr:
                bestr = c % 13
                best = c
        return best
    if _friend(ctx, seat, wseat):
        # Feed a winning partner the good cards, never the bad ones.
        if L & SHEEP_BIT:
            return SHEEP
        safe = L & ~HEARTS_MASK & ~PIG_BIT
        if L & TC_BIT and ctx.score(cap[wseat]) < 0:
            safe &= ~TC_BIT
        return _shed(safe or L, h)
    if L & SHEEP_BIT and L & ~SHEEP_BIT:
        L &= ~SHEEP_BIT  # Never give the sheep away.
    to_moon = wseat == threat
    if L & PIG_BIT and not to_moon:
        return PIG  # Dump the pig on a trick someone else wins.
    pig_live = not played & PIG_BIT and not h & PIG_BIT
    if pig_live and L & HIGH_SPADES:
        return _top(L & HIGH_SPADES)  # A♠/K♠ are dangerous while the pig is out.
    if L & HEARTS_MASK and not to_moon:
        return _top(L & HEARTS_MASK)  # Shed the highest heart.
    if L & TC_BIT and ctx.score(cap[wseat]) < 0:
        return TRANSFORMER  # Double a negative pile that is not ours.
    rest = L & ~HEARTS_MASK & ~TC_BIT & ~PIG_BIT
    return _shed(rest or L, h)


def _shed(m: int, h: int) -> int:
    """The card to get rid of: a high card, preferring short suits (to make a void)."""
    best = -1
    best_v = -99
    lens = [popcount(h & SUIT_MASKS[s]) for s in range(4)]
    while m:
        low = m & -m
        m ^= low
        c = bit_length(low) - 1
        v = c % 13 - 2 * lens[c // 13]
        if v > best_v:
            best_v = v
            best = c
    return best


def _lead(h: int, L: int, seat: int, played: int, cap: list[int], ctx: Ctx, moon: int) -> int:
    if moon == seat:
        return _top(L & HEARTS_MASK) if L & HEARTS_MASK else _top(L)
    unseen = ~played & ~h
    pig_live = not played & PIG_BIT and not h & PIG_BIT
    low_spades = L & SPADES & ((1 << PIG) - 1)
    if pig_live and low_spades and not h & HIGH_SPADES and unseen & SPADES & ~PIG_BIT:
        # Flush the pig: lead spades below the queen while someone else holds her.
        return _top(low_spades)
    best_c = -1
    best_v = 1e9
    for s in range(4):
        sm = L & SUIT_MASKS[s]
        if not sm:
            continue
        c = _low(sm)
        out = unseen & SUIT_MASKS[s]
        lower = popcount(out & ((1 << c) - 1))
        higher = popcount(out & ~((1 << c) - 1))
        if higher == 0:
            risk = 6.0  # Nobody can follow higher: this lead wins the trick.
        else:
            risk = lower / (lower + higher) * 4
        ln = popcount(h & SUIT_MASKS[s])
        risk += 0.15 * ln
        if s == 0 and h & PIG_BIT:
            risk += 5  # Holding the pig: let others lead spades.
        if s == 0 and h & HIGH_SPADES and not played & PIG_BIT and not h & PIG_BIT:
            risk += 2
        if s == 1:
            risk += 0.1 * (c % 13) + (0.0 if ctx.refined else 1.0)
        if s == 2 and c == SHEEP:
            risk += 4
        if s == 3 and c == TRANSFORMER:
            risk += 2
        if risk < best_v:
            best_v = risk
            best_c = c
    return best_c


def random_card(L: int, rnd: Callable[[], float]) -> int:
    """A uniformly random card of a mask."""
    k = int(rnd() * popcount(L))
    while True:
        low = L & -L
        if not k:
            return bit_length(low) - 1
        L ^= low
        k -= 1


def rollout(hands: list[int], cap: list[int], trick: list[int], leader: int, played: int, led: int,
            hb: bool, must: int, ctx: Ctx, rnd: Callable[[], float], eps: float = 0.1, first: int = -1,
            caps: list[int] | None = None) -> list[int]:
    """Play to the end of the hand with the rule policy for every seat; return the four scores.

    ``eps`` is the share of moves replaced by a uniformly random legal card; ``first``, if not
    -1, is the card the seat to play plays first (the candidate a search is testing).  The
    lists passed in are not changed, except ``caps``: given (an empty list), it receives the
    four captured piles at the end (the hand review reads who took what).
    """
    hands = hands[:]
    cap = cap[:]
    exposed = ctx.exposed
    must_break = ctx.must_break
    # The trick on the table, summed up as ``decide`` reads it: its cards, suit led, winner.
    n, tmask, s0, best, wseat = summed(trick, leader)
    # The moon's seats (``moon_seats``), worked out again only when a heart or a trick changes them
    # (the refined rules read the tricks taken alone, so a heart played changes nothing there).
    moon, threat = moon_seats(played, cap, ctx)
    on_heart = not ctx.refined
    while True:
        p = (leader + n) & 3
        h = hands[p]
        if not h:
            break
        if first >= 0:
            c = first
            first = -1
        else:
            if n:
                # Following: the rule of ``legal_mask``, asked only for an exposed card in a
                # suit's first trick.
                L = h & SUIT_MASKS[s0]
                if not L:
                    L = h
                elif L & exposed and not led >> s0 & 1:
                    L = legal_mask(h, s0, led, exposed, hb, must_break, must)
            else:
                L = legal_mask(h, -1, led, exposed, hb, must_break, must)
            if not L & (L - 1):
                c = bit_length(L) - 1
            elif eps and rnd() < eps:
                c = random_card(L, rnd)
            else:
                c = decide_seen(h, L, n, best, wseat, tmask, s0, p, played, cap, ctx, moon, threat)
        bit = 1 << c
        hands[p] = h & ~bit
        played |= bit
        must = -1
        if 13 <= c < 26:
            hb = True
            if on_heart:
                moon, threat = moon_seats(played, cap, ctx)
        if n == 0:
            s0 = c // 13
            best = c
            wseat = p
            tmask = bit
            n = 1
            continue
        tmask |= bit
        if c > best and c // 13 == s0:
            best = c
            wseat = p
        n += 1
        if n == 4:
            cap[wseat] |= tmask
            led |= 1 << s0
            leader = wseat
            n = 0
            if tmask & HEARTS_MASK:
                moon, threat = moon_seats(played, cap, ctx)
    if caps is not None:
        caps.extend(cap)
    return [ctx.score(cap[0]), ctx.score(cap[1]), ctx.score(cap[2]), ctx.score(cap[3])]
