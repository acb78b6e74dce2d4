"""The fast playout layer: plain ints and lists, one tight loop, for bots' rollouts and ``bench``.

Same rules as ``gongzhu.core.hand`` (tests play thousands of seeded games both ways and compare the
legal move sets, trick winners and scores, and replay every card the tight loop plays through
``Hand.play``), but no objects, no events and no checks: the caller promises a consistent state.

The API bots use
----------------

``PlayoutState`` holds a hand in progress, every field a plain int, bool or list:

- ``hands``: four 52-bit masks, the cards each seat still holds (for a bot: its own hand plus
  a sampled guess of the others');
- ``captured``: four masks, the cards each seat has taken in completed tricks;
- ``exposed``: mask of every exposed card;
- ``trick``: the cards of the current trick in play order (0-3 ints); ``leader`` its leader,
  so the seat to play is ``(leader + len(trick)) % 4`` (the ``to_play`` property);
- ``led_suits``: bit s set when suit s was led in a completed trick;
- ``hearts_broken``: a heart has been played;
- ``must_lead``: the card the next lead must be (2♠/2♣ at the start of a match), else -1;
- ``rules``: the ``Rules`` (only the play and scoring options matter here).

Build one with ``state_from_view(view, hidden)`` (from ``Hand.view(seat)`` plus the masks you
sampled for the other three seats: ``hidden[s]`` for each seat s != the view's seat; the
sampling must respect card counts, revealed voids and known passed cards) or, in the engine's
own tests and tools, ``state_from_hand(hand)`` (which sees every hand).

- ``playout(state, rng, policies=None) -> [4 ints]``: play the hand to its end and return
  the four hand scores; ``state`` is not changed.  With ``policies`` None every seat plays a
  uniformly random legal card through the tight loop (the trick in progress is finished
  through ``legal``/``apply`` first).  Cost: about 290,000 CPU instructions for a whole hand
  (~35 µs on one idle CPython 3.11 core of this machine, less for a hand part played).
  Otherwise ``policies`` lists four entries, each None (random) or a callable
  ``policy(state, seat, legal_mask) -> card`` that may read (not change) the state; that path
  goes through ``legal``/``apply`` for every card (several times slower).
- ``legal(state) -> mask``: the legal cards for the seat to play (``hand.legal_mask``, the one
  source of legality); ``apply(state, card)``: play a card in place (completing the trick and
  capturing when it is the fourth); ``scores(state)``; ``copy_state(state)``;
  ``Scorer(rules, exposed).score(code_of_mask(pile))``: a pile's hand score, fast.
- ``random_hand(rng, rules) -> [4 ints]``: one ``bench`` hand: a random deal, random passing
  if the rules pass, each special card exposed with probability 1/2, random legal play under
  the full rules (exposed-card restriction, first lead, hearts broken), scores.
- ``bench(seconds, rules)``: hands per second of ``random_hand``.

How the loop is fast: a seat's cards of a suit are a small list in uniformly random order,
so "a uniformly random card of the suit led" is ``list.pop()`` (what remains stays uniformly
ordered); a lead or a discard picks a suit in proportion to its length and pops its last
card.  A captured pile is a 16-bit points code (bits 0-12 the hearts by rank, 13 the pig, 14
the sheep, 15 the transformer), scored with a precomputed heart-sum table.
"""

from .cards import (
    ACE_OF_HEARTS,
    EXPOSABLE,
    HEARTS,
    HEARTS_MASK,
    PIG,
    SHEEP,
    SUIT_MASKS,
    TRANSFORMER,
    parse_card,
    winning_index,
)
from .hand import Hand, first_lead_card, legal_mask
from .portable import MICROPYTHON, Any, Callable, Random, Sequence, bit_length, clock, cpu_clock
from .rules import Rules, get_rules
from .scoring import PIPS_HEART_VALUES, STANDARD_HEART_VALUES

Policy = Callable[["PlayoutState", int, int], int]

_BITS: list[tuple[tuple[int, ...], ...]] = []


def _ranks_by_mask() -> tuple[tuple[int, ...], ...]:
    """For each 13-bit suit mask, the ranks it holds, low to high.

    Built on first use, by the random playouts: the bots' rollouts never need its 8,192 tuples, and
    the quick worker, which imports this module for ``Scorer`` before the first deal is playable,
    took 8-22 ms to build them on MicroPython (in node).  By doubling: the masks with rank r as their highest
    bit are those below 1 << r, plus r (a mask at a time took 0.17 s).
    """
    if not _BITS:
        table: list[tuple[int, ...]] = [()]
        for r in range(13):
            table += [ranks + (r,) for ranks in table]
        _BITS.append(tuple(table))
    return _BITS[0]


_PIG_CODE = 1 << 13
_SHEEP_CODE = 1 << 14
_TC_CODE = 1 << 15
_ALL_SCORING_CODE = 0xFFFF

# Points code of each card, by suit then rank (0 for cards that never score).
_PTS: tuple[tuple[int, ...], ...] = (
    tuple(_PIG_CODE if r == PIG % 13 else 0 for r in range(13)),
    tuple(1 << r for r in range(13)),
    tuple(_SHEEP_CODE if r == SHEEP % 13 else 0 for r in range(13)),
    tuple(_TC_CODE if r == TRANSFORMER % 13 else 0 for r in range(13)),
)


_HEART_VALUES = {"standard": STANDARD_HEART_VALUES, "pips": PIPS_HEART_VALUES}
_HEART_SUMS: dict[str, list[int]] = {}


def _heart_sums(name: str) -> list[int]:
    """The points of each 13-bit set of hearts under the rules' heart values ``name`` (built on first
    use, as ``_ranks_by_mask``)."""
    table = _HEART_SUMS.get(name)
    if table is None:
        values = _HEART_VALUES[name]
        table = [0]
        for r in range(13):  # doubling, as _ranks_by_mask
            table += [points + values[r] for points in table]
        table[8191] = 200  # All 13 hearts: shooting the moon.
        _HEART_SUMS[name] = table
    return table


def code_of_mask(pile: int) -> int:
    """The 16-bit points code of a 52-bit captured-cards mask."""
    return ((pile & HEARTS_MASK) >> 13) | (_PIG_CODE if pile >> PIG & 1 else 0) | (
        _SHEEP_CODE if pile >> SHEEP & 1 else 0) | (_TC_CODE if pile >> TRANSFORMER & 1 else 0)


class Scorer:
    """Scores 16-bit points codes (``code_of_mask``) under one set of rules and exposures:
    ``Scorer(rules, exposed_mask).score(code)``, the arithmetic of ``scoring.pile_score``
    (a test checks they agree) without its loops."""

    __slots__ = ("hs", "ah", "pig", "sheep", "tc", "sweep", "net_zero")

    def __init__(self, rules: Rules, exposed: int) -> None:
        self.hs = _heart_sums(rules.heart_values)
        self.ah = 2 if exposed >> ACE_OF_HEARTS & 1 else 1
        self.pig = 2 if exposed >> PIG & 1 else 1
        self.sheep = 200 if exposed >> SHEEP & 1 else 100
        self.tc = 4 if exposed >> TRANSFORMER & 1 else 2
        self.sweep = rules.pig_positive_with == "sweep"
        self.net_zero = rules.transformer_alone == "net_zero"

    def score(self, code: int) -> int:
        """The hand score of a pile with this points code."""
        hearts = code & 0x1FFF
        base = self.hs[hearts] * self.ah
        if code & _PIG_CODE:
            if self.sweep:
                positive = code == _ALL_SCORING_CODE
            else:
                positive = hearts == 0x1FFF
            base += 100 * self.pig if positive else -100 * self.pig
        if code & _SHEEP_CODE:
            base += self.sheep
        if not code & _TC_CODE:
            return base
        if (base == 0) if self.net_zero else (code == _TC_CODE):
            return 25 * self.tc  # +50, or +100 if T♣ was exposed
        return base * self.tc




class PlayoutState:
    """A hand in progress as plain data (see the module docstring for every field)."""

    __slots__ = ("hands", "captured", "exposed", "trick", "leader", "led_suits",
                 "hearts_broken", "must_lead", "rules")

    def __init__(
        self,
        hands: Sequence[int],
        *,
        rules: Rules | str | None = None,
        captured: Sequence[int] = (0, 0, 0, 0),
        exposed: int = 0,
        trick: Sequence[int] = (),
        leader: int = 0,
        led_suits: int = 0,
        hearts_broken: bool = False,
        must_lead: int = -1,
    ) -> None:
        self.hands = list(hands)
        self.captured = list(captured)
        self.exposed = exposed
        self.trick = list(trick)
        self.leader = leader
        self.led_suits = led_suits
        self.hearts_broken = hearts_broken
        self.must_lead = must_lead
        self.rules = get_rules(rules)

    @property
    def to_play(self) -> int:
        """The seat to play next."""
        return (self.leader + len(self.trick)) % 4

    def __repr__(self) -> str:
        return (f"PlayoutState(leader={self.leader}, trick={self.trick}, "
                f"cards_left={[bin(h).count('1') for h in self.hands]})")


def copy_state(st: PlayoutState) -> PlayoutState:
    """An independent copy of a playout state."""
    other = object.__new__(PlayoutState)
    other.hands = list(st.hands)
    other.captured = list(st.captured)
    other.exposed = st.exposed
    other.trick = list(st.trick)
    other.leader = st.leader
    other.led_suits = st.led_suits
    other.hearts_broken = st.hearts_broken
    other.must_lead = st.must_lead
    other.rules = st.rules
    return other


def state_from_hand(hand: Hand) -> PlayoutState:
    """The playout state of a ``Hand`` in its play phase (every seat's cards: engine use only)."""
    if hand.phase != "play":
        raise ValueError(f"a playout starts in the play phase, not {hand.phase}")
    return PlayoutState(
        hand.held, rules=hand.rules, captured=hand.captured_masks, exposed=hand.exposed_mask,
        trick=[c for _, c in hand.trick], leader=hand.trick_leader or 0,
        led_suits=hand.led_suits, hearts_broken=hand.hearts_broken, must_lead=hand.must_lead)


def _mask(codes: Sequence[str]) -> int:
    m = 0
    for c in codes:
        m |= 1 << parse_card(c)
    return m


def state_from_view(view: dict[str, Any], hidden: Sequence[int]) -> PlayoutState:
    """The playout state from ``Hand.view(seat)`` plus guessed hands for the other seats.

    ``hidden`` has four masks; the entry of the view's own seat is ignored (its real hand is
    used).  The caller makes the guesses consistent with the view (card counts, voids, cards
    passed to a known seat); this function does not check them.
    """
    if view["phase"] != "play":
        raise ValueError(f"a playout starts in the play phase, not {view['phase']}")
    me = view["seat"]
    hands = [hidden[s] for s in range(4)]
    hands[me] = _mask(view["hand"])
    captured = [0, 0, 0, 0]
    led = 0
    for t in view["tricks"]:
        m = 0
        for _, c in t["cards"]:
            m |= 1 << parse_card(c)
        captured[t["winner"]] |= m
        led |= 1 << (parse_card(t["cards"][0][1]) // 13)
    exposed = 0
    for codes in view["exposed"]:
        exposed |= _mask(codes)
    must = view.get("must_lead")
    return PlayoutState(
        hands, rules=Rules.from_dict(view["rules"]), captured=captured, exposed=exposed,
        trick=[parse_card(c) for _, c in view["trick"]], leader=view["trick_leader"],
        led_suits=led, hearts_broken=view["hearts_broken"],
        must_lead=parse_card(must) if must else -1)


def legal(st: PlayoutState) -> int:
    """The legal cards (mask) for the seat to play: ``hand.legal_mask``, the one source of legality."""
    trick = st.trick
    return legal_mask(
        st.hands[(st.leader + len(trick)) % 4], trick[0] // 13 if trick else -1, st.led_suits,
        st.exposed, st.hearts_broken, st.rules.hearts_must_be_broken, st.must_lead)


def apply(st: PlayoutState, card: int) -> None:
    """Play ``card`` for the seat to play, in place (no legality check: use ``legal``)."""
    trick = st.trick
    p = (st.leader + len(trick)) % 4
    st.hands[p] &= ~(1 << card)
    if card // 13 == HEARTS:
        st.hearts_broken = True
    st.must_lead = -1
    trick.append(card)
    if len(trick) == 4:
        winner = (st.leader + winning_index(trick)) % 4
        st.captured[winner] |= (1 << trick[0]) | (1 << trick[1]) | (1 << trick[2]) | (1 << trick[3])
        st.led_suits |= 1 << (trick[0] // 13)
        st.leader = winner
        st.trick = []


def scores(st: PlayoutState) -> list[int]:
    """The four hand scores of the captured piles (final once every card is played)."""
    sc = Scorer(st.rules, st.exposed)
    return [sc.score(code_of_mask(m)) for m in st.captured]


def playout(
    state: PlayoutState,
    rng: Random,
    policies: Sequence[Policy | None] | None = None,
) -> list[int]:
    """Play ``state`` to the end of the hand and return the four hand scores (state unchanged).

    With ``policies`` None every seat plays a uniformly random legal card (the tight loop);
    otherwise ``policies[s]`` (None = random) chooses seat s's card from the legal mask.
    """
    st = copy_state(state)
    if policies is not None and any(p is not None for p in policies):
        while st.hands[0] | st.hands[1] | st.hands[2] | st.hands[3]:
            seat = st.to_play
            lm = legal(st)
            pol = policies[seat]
            if pol is None:
                card = _random_card(lm, rng)
            else:
                card = pol(st, seat, lm)
                if not lm >> card & 1:
                    raise ValueError(f"policy for seat {seat} chose an illegal card {card}")
            apply(st, card)
        return scores(st)
    # Finish the trick in progress through the general path; the tight loop starts a trick.
    while st.trick:
        apply(st, _random_card(legal(st), rng))
    return _random_tricks(st, rng)


def _random_card(mask: int, rng: Random) -> int:
    ranks: list[int] = []
    m = mask
    while m:
        low = m & -m
        ranks.append(bit_length(low) - 1)
        m ^= low
    return ranks[int(rng.random() * len(ranks))]


_SUIT = tuple(c // 13 for c in range(52))
_PTS52 = tuple(_PTS[c // 13][c % 13] for c in range(52))
_RANGE52 = list(range(52))


_LOW6 = bytes(b & 0x3F for b in range(256))

if MICROPYTHON:  # its ints and lists have no bound __add__ / __getitem__

    def _lookup(keys: list[int]) -> Callable[[int], int]:
        return lambda c: keys[c]

    def _adder(base: int) -> Callable[[int], int]:
        return lambda r: base + r

else:

    def _lookup(keys: list[int]) -> Callable[[int], int]:
        """``keys[c]`` as a function of c (the bound method: no Python frame per call)."""
        return keys.__getitem__

    def _adder(base: int) -> Callable[[int], int]:
        """``base + r`` as a function of r (the bound method)."""
        return base.__add__


def _random_keys(randbytes: Callable[[int], bytes]) -> list[int]:
    """52 random 30-bit ints (small enough for CPython's fast int compares): each 4 bytes,
    little-endian, the top 2 bits dropped.  Sorting by them is a uniform shuffle but for ties,
    about one sort in a million, which keep the card order: a negligible bias, and only here
    (``deal.py`` has none)."""
    b = bytearray(randbytes(208))
    if MICROPYTHON:  # no extended slices or memoryview.cast there
        return [int.from_bytes(b[i:i + 4], "little") & 0x3FFFFFFF for i in range(0, 208, 4)]
    b[3::4] = b[3::4].translate(_LOW6)
    return memoryview(b).cast("I").tolist()


def _suit_lists(hands: Sequence[int], randbytes: Callable[[int], bytes]) -> list[list[int]]:
    """H[seat * 4 + suit]: each seat's cards of each suit, in a uniformly random order."""
    order = _lookup(_random_keys(randbytes))  # a random key per card
    bits = _ranks_by_mask()
    H: list[list[int]] = []
    for m in hands:
        for base in (0, 13, 26, 39):
            H.append(sorted(map(_adder(base), bits[(m >> base) & 0x1FFF]), key=order))
    return H


def _random_tricks(st: PlayoutState, rng: Random) -> list[int]:
    """From a trick boundary, play uniformly random legal cards to the end; return the scores."""
    H = _suit_lists(st.hands, rng.randbytes)
    xcard = [-1, -1, -1, -1]
    xs = 0
    for s in range(4):
        if not st.led_suits >> s & 1:
            e = (st.exposed >> (13 * s)) & 0x1FFF
            if e:
                xs |= 1 << s
                xcard[s] = 13 * s + bit_length(e) - 1
    P = [code_of_mask(m) for m in st.captured]
    n = bin(st.hands[st.leader]).count("1")
    _tricks(H, P, st.leader, n, st.must_lead, st.hearts_broken, st.rules.hearts_must_be_broken,
            xs, xcard, rng.random)
    sc = Scorer(st.rules, st.exposed)
    return [sc.score(P[0]), sc.score(P[1]), sc.score(P[2]), sc.score(P[3])]


def _restricted_lead(H: list[list[int]], p4: int, n: int, hb: bool, must_break: bool, xs: int,
                     xcard: list[int], rnd: Callable[[], float]) -> int:
    """A uniformly random legal lead when hearts may be unbroken or an exposed card waits."""
    hearts = H[p4 + 1]
    # Hearts not broken: no heart lead while holding another suit.
    no_hearts = must_break and not hb and len(hearts) < n
    total = n - len(hearts) if no_hearts else n
    banned = 0
    for s in (0, 1, 2, 3):
        # An exposed card may not lead the first trick of its suit unless it is the only one.
        if xs >> s & 1 and not (s == 1 and no_hearts):
            t = H[p4 + s]
            if len(t) > 1 and xcard[s] in t:
                banned |= 1 << s
                total -= 1
    # A suit in proportion to its allowed cards, then its last allowed card.
    k = int(rnd() * total)
    for s in (0, 1, 2, 3):
        if s == 1 and no_hearts:
            continue
        t = H[p4 + s]
        ban = banned >> s & 1
        if k < len(t) - ban:
            if ban and t[-1] == xcard[s]:
                # Take the card before the exposed one, then move that one to a random place.
                c = t.pop(-2)
                j = int(rnd() * len(t))
                t[-1], t[j] = t[j], t[-1]
                return c
            return t.pop()
        k -= len(t) - ban
    raise AssertionError("no card to lead")


def _tricks(H: list[list[int]], P: list[int], leader: int, n: int, must: int, hb: bool,
            must_break: bool, xs: int, xcard: list[int], rnd: Callable[[], float]) -> None:
    """The tight loop.  ``H[seat * 4 + suit]`` lists a seat's cards of a suit in uniformly
    random order, so "a uniformly random card of this suit" is ``pop()`` (what remains stays
    uniformly ordered); a lead or a discard first picks the suit with probability
    proportional to its length.  ``P`` gets the points codes of the tricks won."""
    others = _OTHERS
    suit_of = _SUIT
    pts_of = _PTS52
    by_suit = (H[0::4], H[1::4], H[2::4], H[3::4])  # by_suit[s][seat]: the same list objects
    by_seat = (H[0:4], H[4:8], H[8:12], H[12:16])  # by_seat[seat][s]
    # mine[p]: the suits whose waiting exposed card seat p holds (only they restrict its leads).
    mine = [0, 0, 0, 0]
    for s in (0, 1, 2, 3):
        if xs >> s & 1:
            for p in (0, 1, 2, 3):
                if xcard[s] in by_seat[p][s]:
                    mine[p] |= 1 << s
    while n:
        # ---- the lead
        if must >= 0:
            c = must  # The first lead of a match.
            must = -1
            by_seat[leader][c // 13].remove(c)
        elif (xs and xs & mine[leader]) or (must_break and not hb):
            c = _restricted_lead(H, leader * 4, n, hb, must_break, xs, xcard, rnd)
        else:
            # A uniformly random card: a suit in proportion to its length, then its last card.
            hp = by_seat[leader]
            k = int(rnd() * n)
            t = hp[0]
            if k >= len(t):
                k -= len(t)
                t = hp[1]
                if k >= len(t):
                    k -= len(t)
                    t = hp[2]
                    if k >= len(t):
                        t = hp[3]
            c = t.pop()
        s = suit_of[c]
        pts = pts_of[c]
        best = c
        win = leader
        hs = by_suit[s]
        if xs and xs >> s & 1:
            # ---- followers, in the first trick of a suit with an exposed card out
            x = xcard[s]
            for p in others[leader]:
                t = hs[p]
                if t:
                    if t[-1] == x and len(t) > 1:
                        # The exposed card waits: take the one before it, then move it to a
                        # random place so the list stays uniformly ordered.
                        c = t.pop(-2)
                        j = int(rnd() * len(t))
                        t[-1], t[j] = t[j], t[-1]
                    else:
                        c = t.pop()
                    if c > best:
                        best = c
                        win = p
                else:
                    hp = by_seat[p]
                    k = int(rnd() * n)
                    t = hp[0]
                    if k >= len(t):
                        k -= len(t)
                        t = hp[1]
                        if k >= len(t):
                            k -= len(t)
                            t = hp[2]
                            if k >= len(t):
                                t = hp[3]
                    c = t.pop()
                pts |= pts_of[c]
            xs &= ~(1 << s)
        else:
            # ---- followers: follow suit with a random card, or discard any card when void
            for p in others[leader]:
                t = hs[p]
                if t:
                    c = t.pop()
                    if c > best:
                        best = c
                        win = p
                else:
                    hp = by_seat[p]
                    k = int(rnd() * n)
                    t = hp[0]
                    if k >= len(t):
                        k -= len(t)
                        t = hp[1]
                        if k >= len(t):
                            k -= len(t)
                            t = hp[2]
                            if k >= len(t):
                                t = hp[3]
                    c = t.pop()
                pts |= pts_of[c]
        if must_break and pts & 0x1FFF:
            hb = True  # A heart was played: hearts are broken.
        P[win] |= pts
        leader = win
        n -= 1


_OTHERS = ((1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2))


def random_hand(rng: Random, rules: Rules | str | None = None) -> list[int]:
    """One random hand as ``bench`` counts it: deal, random passing (if the rules pass) and
    exposure (each special card with probability 1/2), random legal play, scores.

    The deal uses ``rng`` (not the portable deal of ``deal.py``, which is slower and only
    needed where a seed must mean the same deal everywhere).
    """
    r = get_rules(rules)
    must_break, first, scorers, xs_of, xcard_of, exposed_of, seat_of, slots = _plan(r)
    # A uniformly random deal: the 52 cards sorted by random keys.
    deck = sorted(_RANGE52, key=_lookup(_random_keys(rng.randbytes)))
    # Each special card is exposed with probability 1/2: four random bits.
    ex = rng.getrandbits(4) if r.exposure else 0
    H: list[list[int]] = [[], [], [], [], [], [], [], [], [], [], [], [], [], [], [], []]
    for c, row in zip(deck, slots):
        H[row[c]].append(c)  # row[c]: seat (by deck position) * 4 + suit of c
    P = [0, 0, 0, 0]
    _tricks(H, P, seat_of[deck.index(first)], 13, first, False, must_break, xs_of[ex], list(xcard_of[ex]),
            rng.random)
    sc = scorers[ex]
    return [sc.score(P[0]), sc.score(P[1]), sc.score(P[2]), sc.score(P[3])]


_PLANS: dict[int, tuple[Rules, tuple[Any, ...]]] = {}


def _plan(r: Rules) -> tuple[Any, ...]:
    """Per-rules constants of ``random_hand``, indexed by a 4-bit exposure choice (bit i set
    when ``EXPOSABLE[i]`` is exposed): scorers, restricted-suit bits, exposed cards; then the
    seat and slot of each deck position (built here rather than at import: the quick worker,
    which never plays a random hand, spent 14-23 ms on MicroPython building them)."""
    cached = _PLANS.get(id(r))
    if cached is not None and cached[0] is r:
        return cached[1]
    scorers, xs_of, xcard_of, exposed_of = [], [], [], []
    for bits in range(16):
        exposed = 0
        xs = 0
        xcard = [-1, -1, -1, -1]
        for i, c in enumerate(EXPOSABLE):
            if bits >> i & 1:
                exposed |= 1 << c
                xs |= 1 << (c // 13)
                xcard[c // 13] = c
        scorers.append(Scorer(r, exposed))
        xs_of.append(xs)
        xcard_of.append(tuple(xcard))
        exposed_of.append(exposed)
    # seat_of[i]: the seat dealt the i-th card of the deck, in blocks of 13; with passing, the first
    # ``pass_cards`` of each block (a uniformly random few, the deck being shuffled) go to the next
    # seat. slots[i][c]: the list index (seat * 4 + suit) of card c when it is the i-th card.
    seat_of = tuple((i // 13 + (i % 13 < r.pass_cards)) % 4 for i in range(52))
    slots = tuple(tuple(4 * seat_of[i] + c // 13 for c in range(52)) for i in range(52))
    plan = (r.hearts_must_be_broken, first_lead_card(r), scorers, xs_of, xcard_of, exposed_of, seat_of, slots)
    _PLANS[id(r)] = (r, plan)
    return plan




def bench(seconds: float = 2.0, rules: Rules | str | None = None, seed: int = 1) -> dict[str, float]:
    """Random-playout throughput of ``random_hand`` for about ``seconds`` seconds.

    Returns ``hands``, ``seconds`` (wall clock), ``cpu_seconds`` (CPU time of this process),
    ``hands_per_second`` (per second of CPU time: the speed of one core, whatever else the
    machine is running) and ``wall_hands_per_second`` (per second of wall-clock time, which a
    busy machine lowers).
    """
    r = get_rules(rules)
    rng = Random(seed)
    n = 0
    start = clock()
    cpu_start = cpu_clock()
    deadline = start + seconds
    while True:
        for _ in range(200):
            random_hand(rng, r)
        n += 200
        now = clock()
        if now >= deadline:
            break
    wall = now - start
    cpu = cpu_clock() - cpu_start
    if cpu <= 0:  # no CPU clock here (some WebAssembly hosts): the wall clock it is
        cpu = wall
    return {"hands": n, "seconds": wall, "cpu_seconds": cpu, "hands_per_second": n / cpu,
            "wall_hands_per_second": n / wall}


__all__ = [
    "PlayoutState", "Policy", "Scorer", "apply", "bench", "code_of_mask", "copy_state", "legal",
    "playout", "random_hand", "scores", "state_from_hand", "state_from_view", "SUIT_MASKS",
]
