"""What a seat knows, read from its view, and worlds sampled consistent with it.

``Knowledge(view)`` turns ``Hand.view(seat)`` into masks: the seat's hand, every card played,
the captured piles, the exposed cards, the current trick, each seat's shown voids, the cards
known to sit in a given hand (exposed and not yet played, or passed by this seat to the next
one) and how many cards each seat still holds.  ``sample(rng)`` deals the unseen cards among
the other three seats so that every count, void and known card is respected: a world the
seat cannot tell from the real one.  Only the view is read, never the hidden cards.
"""


from ..cards import FULL_DECK, SUIT_MASKS, SUITS, parse_card
from ..hand import first_lead_card
from ..portable import Any, Random, bit_length, popcount
from ..rules import Rules
from .policy import Ctx


def mask(codes: Any) -> int:
    """The bitmask of a list of card codes."""
    m = 0
    for c in codes:
        m |= 1 << parse_card(c)
    return m


def _cards(m: int) -> list[int]:
    out = []
    while m:
        low = m & -m
        out.append(bit_length(low) - 1)
        m ^= low
    return out


class Knowledge:
    """A seat's information from its view, as masks (see the module docstring)."""

    def __init__(self, view: dict[str, Any]) -> None:
        self.view = view
        self.rules = Rules.from_dict(view["rules"])
        self.phase: str = view["phase"]
        self.me: int = view["seat"]
        self.hand = mask(view["hand"])
        self.counts: list[int] = list(view["hand_counts"])
        self.exposed_by = [mask(x) for x in view["exposed"]]
        self.exposed = self.exposed_by[0] | self.exposed_by[1] | self.exposed_by[2] | self.exposed_by[3]
        self.played = 0
        self.history: list[tuple[int, int]] = []
        for s, c in view["played"]:
            card = parse_card(c)
            self.played |= 1 << card
            self.history.append((s, card))
        self.cap = [0, 0, 0, 0]
        self.led = 0
        for t in view["tricks"]:
            m = 0
            for _, c in t["cards"]:
                m |= 1 << parse_card(c)
            self.cap[t["winner"]] |= m
            self.led |= 1 << (parse_card(t["cards"][0][1]) // 13)
        self.trick = [parse_card(c) for _, c in view["trick"]]
        tl = view.get("trick_leader")
        self.leader: int = tl if tl is not None else (view.get("leader") or 0)
        self.hearts_broken: bool = view["hearts_broken"]
        must = view.get("must_lead")
        if must:
            self.must = parse_card(must)
        elif view["first_hand"] and not self.history and self.phase != "play":
            self.must = first_lead_card(self.rules)
        else:
            self.must = -1
        self.voids = [0, 0, 0, 0]
        for s in range(4):
            for letter in view["voids"][s]:
                self.voids[s] |= SUIT_MASKS[SUITS.index(letter)]
        # Cards known to be in another seat's hand: exposed and not yet played, or passed.
        self.pinned = [0, 0, 0, 0]
        for s in range(4):
            if s != self.me:
                self.pinned[s] = self.exposed_by[s] & ~self.played
        passing = view.get("passing")
        if passing and passing.get("passed") and passing.get("received") is not None:
            to = passing["to"]
            self.pinned[to] |= mask(passing["passed"]) & ~self.played
        self.unseen = FULL_DECK & ~self.hand & ~self.played
        self.free = self.unseen
        for s in range(4):
            self.free &= ~self.pinned[s]
        self.partner = (self.me + 2) % 4 if self.rules.partnership else -1

    def ctx(self, exposed: int | None = None, refined: bool = False) -> Ctx:
        """The policy context (scoring with the exposed cards, partnership; ``refined`` rules)."""
        return Ctx(self.rules, self.exposed if exposed is None else exposed, refined)

    def sample(self, rng: Random) -> list[int]:
        """Four hand masks: this seat's real hand and a random consistent deal of the rest."""
        me = self.me
        others = [s for s in range(4) if s != me]
        need = [self.counts[s] - popcount(self.pinned[s]) for s in range(4)]
        allow = [~v for v in self.voids]
        # Most constrained cards first (fewest seats may hold them), random order otherwise.
        keyed = []
        for c in _cards(self.free):
            k = 0
            for s in others:
                k += allow[s] >> c & 1
            keyed.append((k, rng.random(), c))
        keyed.sort()
        for attempt in range(40):
            # Each card to a seat that may hold it (after 30 failed attempts, to any seat with
            # room: a last resort), chosen in proportion to the room each has left.
            strict = attempt < 30
            left = need[:]
            hands = [0, 0, 0, 0]
            ok = True
            for _, _, c in keyed:
                total = 0
                for s in others:
                    if left[s] > 0 and (not strict or allow[s] >> c & 1):
                        total += left[s]
                if not total:
                    ok = False
                    break
                r = rng.random() * total
                for s in others:
                    if left[s] > 0 and (not strict or allow[s] >> c & 1):
                        chosen = s
                        r -= left[s]
                        if r < 0:
                            break
                hands[chosen] |= 1 << c
                left[chosen] -= 1
            if ok:
                for s in others:
                    hands[s] |= self.pinned[s]
                hands[me] = self.hand
                return hands
            rng.shuffle(keyed)
            keyed.sort(key=lambda t: t[0])
        raise RuntimeError("no world consistent with the view")  # pragma: no cover


_SPECIAL = (1 << 10) | (1 << 35) | (1 << 47)  # Q♠, J♦, T♣: each plays differently.


def equivalent_groups(legal: int, played: int, trick: list[int] | None = None) -> list[int]:
    """Legal cards merged into groups that play alike (same suit, no unplayed card between
    them, none of them a heart or a special card): one representative, the lowest, per group.

    A card of the current ``trick`` still counts between two cards (Q♦ beats a J♦ on the
    table, 5♦ does not), so it does not merge them."""
    for c in trick or ():
        played &= ~(1 << c)
    out = []
    for s in range(4):
        m = legal & SUIT_MASKS[s]
        prev = -2
        for c in _cards(m):
            alike = (prev >= 0 and s != 1 and not (_SPECIAL >> c & 1) and not (_SPECIAL >> prev & 1)
                     and all(played >> x & 1 for x in range(prev + 1, c)))
            if not alike:
                out.append(c)
            prev = c
    return out
