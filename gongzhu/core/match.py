"""A match: hands dealt from one seed until a total reaches -target (or +target), with totals.

``new_match(seed=1)`` deals the first hand (hand ``n`` is dealt from ``deal.hand_seed(seed, n)``,
so a match seed means the same sequence of deals everywhere).  Play the hand through
``m.current_hand`` (a ``Hand``); once it is done its scores count in ``m.totals``, and
``m.next_hand()`` deals the next one, led by the captor of the pig (Q♠) of the hand before.
``m.is_over`` says when the match has ended.

Rules where RULES.md is silent (a seasoned player's reading):

- The match ends after the hand in which a total reaches ``-target`` or lower (with
  ``end_on_plus`` also ``+target`` or higher); the hand is always finished first.
- With ``partnership`` the two partners (seats 0 + 2, 1 + 3) share one total, the sum of
  their hand scores; ``totals`` shows that shared total for both seats, ``seat_totals`` each
  seat's own contribution.  The end conditions apply to the shared totals.
- Round points (``end_on_plus``): 2 to players at or above +target, 0 to players at or below
  -target, 1 to the rest.  Without ``end_on_plus`` there are none.
- Places: highest total first; equal totals share a place.  The pig (loser) is every player
  at or below -target.
- Take-backs (``Hand.take_back``) are counted per hand and saved with it; ``take_backs`` is
  the match's total, in ``summary()`` and in every ``history()`` row (the hand's own count),
  so a match played with take-backs says so wherever it is shown or counted.
"""



from .cards import card_codes
from .deal import hand_seed
from .hand import FORMAT_VERSION, Hand, check_format, load_json, new_hand, restore_take_backs
from .portable import Any, Random, dumps
from .rules import Rules, get_rules
from .scoring import losers, match_over, places, round_points, shared_totals, winners


class Match:
    """A match in progress; create it with ``new_match``.  Only its methods change it."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.hands: list[Hand] = []
        self._deal(0, leader=None)

    def _deal(self, number: int, leader: int | None) -> Hand:
        hand = new_hand(seed=hand_seed(self.seed, number), rules=self.rules, leader=leader,
                        first_hand=number == 0)
        self.hands.append(hand)
        return hand

    @property
    def current_hand(self) -> Hand:
        """The hand being played (or the last one, once the match is over)."""
        return self.hands[-1]

    @property
    def hand_number(self) -> int:
        """The 0-based number of the current hand."""
        return len(self.hands) - 1

    def _done_hands(self) -> list[Hand]:
        return [h for h in self.hands if h.phase == "done"]

    @property
    def seat_totals(self) -> list[int]:
        """Each seat's own running total over the finished hands."""
        totals = [0, 0, 0, 0]
        for h in self._done_hands():
            for s, v in enumerate(h.hand_scores()):
                totals[s] += v
        return totals

    @property
    def totals(self) -> list[int]:
        """The running totals per seat; with ``partnership``, the shared total of each pair."""
        return shared_totals(self.seat_totals, self.rules.partnership)

    @property
    def team_totals(self) -> list[int] | None:
        """With ``partnership``: [seats 0 + 2, seats 1 + 3]; otherwise None."""
        if not self.rules.partnership:
            return None
        t = self.totals
        return [t[0], t[1]]

    @property
    def take_backs(self) -> int:
        """How many cards were taken back over the whole match."""
        return sum(h.take_backs for h in self.hands)

    @property
    def is_over(self) -> bool:
        """True once a finished hand has left a total at or below -target (or at or above
        +target with ``end_on_plus``)."""
        if self.current_hand.phase != "done":
            return False
        return match_over(self.totals, self.rules.target, self.rules.end_on_plus)

    @property
    def losers(self) -> list[int]:
        """The seats at or below -target (the pig, 猪), once the match is over."""
        if not self.is_over:
            return []
        return losers(self.totals, self.rules.target)

    @property
    def winners(self) -> list[int]:
        """The seats with the highest total, once the match is over."""
        if not self.is_over:
            return []
        return winners(self.totals)

    def places(self) -> list[int]:
        """Each seat's place by total (1 = best); equal totals share a place."""
        return places(self.totals)

    @property
    def round_points(self) -> list[int] | None:
        """With ``end_on_plus``, once over: 2 at or above +target, 0 at or below -target,
        1 otherwise.  None without ``end_on_plus`` or before the end."""
        if not self.rules.end_on_plus or not self.is_over:
            return None
        return round_points(self.totals, self.rules.target)

    def next_hand(self) -> list[dict[str, Any]]:
        """Deal the next hand, led by the previous pig captor; returns its opening events."""
        hand = self.current_hand
        if hand.phase != "done":
            raise ValueError("the current hand is not finished")
        if self.is_over:
            raise ValueError("the match is over")
        nxt = self._deal(len(self.hands), leader=hand.pig_captor)
        return [{"type": "new_hand", "hand": self.hand_number, "leader": nxt.leader,
                 "phase": nxt.phase, "to_play": nxt.to_play}]

    def history(self) -> list[dict[str, Any]]:
        """Every finished hand: number, seed, leader, pig captor, scores, each seat's
        breakdown (lines in en and zh) and the totals after it."""
        out: list[dict[str, Any]] = []
        running = [0, 0, 0, 0]
        for n, h in enumerate(self.hands):
            if h.phase != "done":
                continue
            scores = h.hand_scores()
            running = [running[s] + scores[s] for s in range(4)]
            totals = shared_totals(running, self.rules.partnership)
            out.append({
                "hand": n,
                "seed": h.seed,
                "leader": h.leader,
                "pig_captor": h.pig_captor,
                "exposed": [card_codes(m) for m in h.exposed],
                "scores": scores,
                "breakdown": h.breakdown(),
                "totals": totals,
                "take_backs": h.take_backs,
            })
        return out

    def summary(self) -> dict[str, Any]:
        """The match's standing as JSON-able data (what ``view`` adds under ``"match"``)."""
        return {
            "seed": self.seed,
            "hand_number": self.hand_number,
            "target": self.rules.target,
            "totals": self.totals,
            "seat_totals": self.seat_totals,
            "team_totals": self.team_totals,
            "hand_scores": [h.hand_scores() for h in self.hands if h.phase == "done"],
            "is_over": self.is_over,
            "places": self.places(),
            "losers": self.losers,
            "winners": self.winners,
            "round_points": self.round_points,
            "take_backs": self.take_backs,
        }

    def view(self, seat: int) -> dict[str, Any]:
        """``current_hand.view(seat)`` plus ``"match"``: ``summary()``."""
        v = self.current_hand.view(seat)
        v["match"] = self.summary()
        return v

    def to_dict(self) -> dict[str, Any]:
        """The match as JSON-able data: rules, seed and every hand's actions."""
        return {
            "format": "gongzhu-match",
            "version": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [h.to_dict() for h in self.hands],
        }

    def to_json(self) -> str:
        """The match as a JSON string; ``Match.from_json`` reads it back."""
        return dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> "Match":
        """Rebuild a match from ``to_dict`` data, replaying and re-checking every action."""
        check_format(data, "match")
        try:
            m = cls(Rules.from_dict(data["rules"]), data["seed"])
            saved = data["hands"]
            if not saved:
                raise ValueError("saved match has no hands")
            for n, hd in enumerate(saved):
                if n > 0:
                    m.next_hand()
                _replay(m.current_hand, hd)
        except (KeyError, TypeError) as e:
            raise ValueError(f"saved match is incomplete or malformed: {e}") from None
        return m

    @classmethod
    def from_json(cls, text: str) -> "Match":
        """Rebuild a match from ``to_json`` text."""
        return cls.from_dict(load_json(text, "match"))

    def __repr__(self) -> str:
        return f"<Match hand={self.hand_number} totals={self.totals} over={self.is_over}>"


def _replay(hand: Hand, data: dict[str, Any]) -> None:
    from .hand import IllegalMove

    try:
        for kind, seat, arg in data["actions"]:
            hand.act(kind, seat, arg)
        restore_take_backs(hand, data)
    except IllegalMove as e:
        raise ValueError(f"saved match holds an illegal action: {e}") from None


def new_match(
    seed: int | None = None,
    rules: Rules | str | dict[str, Any] | None = None,
    rng: Random | None = None,
) -> Match:
    """Start a match dealt from ``seed`` (or ``rng.getrandbits(64)``) under ``rules``.

    >>> m = new_match(seed=1)
    >>> m.totals, m.is_over, m.current_hand.phase
    ([0, 0, 0, 0], False, 'expose')
    """
    if seed is None:
        if rng is None:
            raise ValueError("new_match needs a seed or an rng")
        seed = rng.getrandbits(64)
    return Match(get_rules(rules), seed)
