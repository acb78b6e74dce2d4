"""One hand of Gong Zhu: passing, exposure, the 13 tricks and the scores, with one source of legality.

``new_hand(seed=7)`` deals from a seed (``deal.py``); ``new_hand(hands=[...], exposed=[...])``
starts an explicit deal at the play phase.  A ``Hand`` moves through the phases
``"pass"`` (only with ``rules.pass_cards``), ``"expose"`` (only with ``rules.exposure``),
``"play"`` and ``"done"``.  Every action (``pass_cards``, ``expose``, ``play``) checks first
and raises ``IllegalMove`` with a reason a player can read, changing nothing; on success it
returns the list of events it caused (JSON-able dicts, see "Events" below).

Legality lives here and only here: ``legal_moves()``, ``why_illegal(card)`` (the reason a
card may not be played now, or None) and ``play``.  The UI dims cards with ``why_illegal``
and shows its message; bots use ``legal_moves`` or the same rules in ``gongzhu.core.fast``
(which is tested to agree with this module on thousands of games).

Rule decisions where RULES.md is silent (a seasoned player's reading):

- Passing: each player passes ``rules.pass_cards`` cards to the next seat (seat + 1), all at
  once; nobody sees what they receive until everyone has passed.  In the first hand the
  leader is whoever holds the first-lead card *after* the pass.
- Exposure: only the four special cards may be exposed; a seat holding none of them is
  skipped (it has nothing to decide; the others can tell from ``to_play`` and
  ``exposure_decided`` that it holds none of the four: a small leak, kept so that nobody is
  asked a question with one possible answer; the bots do not use it, and the page shows only
  the exposures made, never who declined or who is deciding).  In open mode seats decide in play order
  from the leader; an empty list declines.
  In secret mode seats decide in any order and all choices are revealed together once the
  last one is in.  With ``auto_expose_fourth`` the fourth special card is exposed as soon as
  the other three are (open mode: at once; secret mode: at the reveal), even if its holder
  declined.
- Hearts broken (``hearts_must_be_broken``): broken once any heart has been played (which,
  before then, can only be a discard on another suit, or a lead by a hand holding only
  hearts).
- The exposed-card restriction applies during the first trick in which the card's suit is
  led (leading it yourself included), and only while its holder has another card of that
  suit.  Discarding an exposed card on another suit's lead is allowed.

Events (each a dict with ``"type"``):

- ``{"type": "pass", "seat": s}`` - seat s has chosen its cards (which stay secret);
- ``{"type": "passes_done"}`` - every seat has received its cards;
- ``{"type": "expose", "seat": s, "cards": [codes]}`` - seat s exposed those (maybe none);
- ``{"type": "expose_chosen", "seat": s}`` - secret mode: seat s has chosen (not revealed);
- ``{"type": "auto_expose", "seat": s, "cards": [code]}`` - the fourth special card;
- ``{"type": "phase", "phase": p, "to_play": s, "leader": s}`` - a new phase begins;
- ``{"type": "play", "seat": s, "card": code, "trick": n}``;
- ``{"type": "trick", "trick": n, "leader": s, "cards": [[seat, code], ...], "winner": s,
  "points": [scoring codes]}``;
- ``{"type": "hand_over", "scores": [4 ints], "pig_captor": s}``;
- ``{"type": "claim", "seat": s, "proof": p}`` - seat s plays out the rest at once (``claim``);
- ``{"type": "take_back", "seat": s, "cards": [[seat, code], ...]}`` - those plays are undone.

Claims and take-backs (decisions of ours; RULES.md has neither):

- A claim ends the hand at once when the engine proves that the rest cannot change anything
  that counts: every seat's score and who captured the pig (who leads the next hand).  The
  proof is ``"no_points"`` when no scoring card is left in the hands or the trick (the scores
  read only the scoring cards, so the rest changes none), or ``"forced"`` when every trick's
  winner is forced (the player to lead holds only cards above all the others' in each of
  their suits, so they take every trick left) or when a search of every legal way to play
  the remaining tricks (at most ``CLAIM_TRICKS`` of them, within ``CLAIM_NODES`` positions)
  reaches the same scores and the same pig captor every time.
  Anything else is no proof (and no claim).  The claim is recorded as the action
  ``["claim", seat, None]``: the engine plays the rest out itself, each seat its lowest legal
  card, so the tricks, the captured cards and a replay are those of a real play-out.
- A take-back undoes ``seat``'s last card, with every card played after it, while that card
  is in the current trick or in the trick just completed before the next one's first card.
  It undoes one card: until a card is played again, no other is taken back (a seat that led
  trick after trick could otherwise walk back through them all, having seen every card
  between).  The hand is rebuilt from its saved actions minus the undone ones (the JSON
  history is the one record; no second copy of the state is kept), and ``take_backs`` counts
  them; the count, and where the last one left the hand, are saved with it.  Nothing is taken
  back after a claim.
"""

import json

from .cards import (
    EXPOSABLE_MASK,
    HEARTS,
    HEARTS_MASK,
    NOT_EXPOSABLE,
    PIG,
    SCORING_MASK,
    SUIT_MASKS,
    SUIT_SYMBOLS,
    SUITS,
    TWO_OF_CLUBS,
    TWO_OF_SPADES,
    card_code,
    card_codes,
    card_symbol,
    cards_of,
    not_exposable,
    parse_card,
    parse_cards,
    sort_for_display,
    winning_index,
)
from .deal import deal_hands
from .portable import Any, Iterable, Random, Sequence, bit_length, dumps, popcount
from .rules import Rules, get_rules
from .scoring import Score, pile_score, score_pile

FORMAT_VERSION = 1
"""Version of the saved-hand JSON format written by ``Hand.to_json``."""

CLAIM_TRICKS = 3
"""The claim's search tries endings of at most this many tricks (counting the one in progress)."""
CLAIM_NODES = 400
"""Positions the claim's search may visit before it gives up (then there is no claim).  The same in
every runtime, so a claim made in one replays in the other; small enough for MicroPython's worker,
which proves a claim at every bot move (at most about 0.1 s there, a few ms in CPython), and still
finds about 95 % of the proofs a search ten times as large finds."""

_SUIT_WORDS = ("spade", "heart", "diamond", "club")
_SUIT_PLURALS = ("spades", "hearts", "diamonds", "clubs")
_SUIT_ZH = ("黑桃", "红心", "方块", "梅花")
_PHASE_ZH = {"pass": "传牌", "expose": "亮牌", "play": "出牌", "done": "结束"}

# Every reason the rules give for refusing an action: key -> (English, Chinese).  Placeholders:
# {card} a card (Q♠), {suit}/{suits} a suit index shown as a word (singular / plural in English;
# {sym} its symbol), {phase} a phase, {seat} {n} {k} numbers, {given} what was not a card.
REASONS = {
    "not_a_card": ("{error}", "无法识别的牌：{given}。"),
    "listed_twice": ("{error}", "{card}选了两次：每张牌只能选一次。"),
    "no_seat": ("There is no seat {seat}; seats are 0-3.", "没有 {seat} 号座位；座位是 0-3。"),
    "not_passing": ("Cards are not passed now (this is the {phase} phase).",
                    "现在不是传牌的时候（当前是{phase}阶段）。"),
    "already_passed": ("Seat {seat} has already passed its cards.", "{seat} 号座位已经传过牌了。"),
    "pass_count": ("Pass exactly {n} cards to the next player (you chose {k}).",
                   "请正好把 {n} 张牌传给下家（你选了 {k} 张）。"),
    "not_held": ("You do not hold {card}.", "你手中没有{card}。"),
    "not_exposing": ("Cards are not exposed now (this is the {phase} phase).",
                     "现在不是亮牌的时候（当前是{phase}阶段）。"),
    "already_decided": ("Seat {seat} has already decided what to expose.", "{seat} 号座位已经决定了亮哪些牌。"),
    "expose_in_turn": ("Seat {seat} exposes first: players expose in turn from the leader.",
                       "应由 {seat} 号座位先亮牌：从首家起依次亮牌。"),
    "not_exposable": NOT_EXPOSABLE,
    "already_exposed": ("{card} is already exposed.", "{card}已经亮过了。"),
    "not_playing": ("Cards are not played now (this is the {phase} phase).",
                    "现在不是出牌的时候（当前是{phase}阶段）。"),
    "no_decision": ("You have no decision to make now: the hint waits for your turn.",
                    "你现在没有要做的决定：等轮到你时再看提示。"),
    "not_your_turn": ("It is not your turn: seat {seat} plays next.", "还没轮到你：下一个出牌的是 {seat} 号座位。"),
    "first_lead": ("The first trick of the match must be led with the {card}.", "整局第一墩必须先出{card}。"),
    "hearts_unbroken": ("Hearts have not been broken: you may not lead a heart while you hold other suits.",
                        "红心还没破：手中还有其他花色时不能首出红心。"),
    "follow_suit": ("You must follow suit: {suits} were led and you hold a {suit}.",
                    "必须跟出{suit}{sym}：首出的是{suit}，你手中还有{suit}。"),
    "exposed_first_trick": ("Your exposed {card} may not be played to the first {suit} trick while you hold "
                            "another {suit}.", "已亮的{card}不能出在第一轮{suit}上（你还有其他{suit}）。"),
    "no_claim": ("The rest of the hand could still change the scores: play it out.",
                 "剩下的牌还可能改变得分：请继续出牌。"),
    "nothing_to_take_back": ("There is no card of yours to take back now: a card can be taken back only "
                             "until the next trick starts.", "现在没有可以收回的牌：只能在下一墩开始之前收回。"),
    "taken_back_already": ("You have just taken a card back: play a card before taking back another.",
                           "你刚收回了一张牌：先出一张牌，才能再收回。"),
}


class Reason(str):
    """A reason from ``REASONS``: the English text (it is a ``str``), with ``.zh`` and ``.key``."""

    zh: str
    key: str


def reason(key: str, **params: Any) -> Reason:
    """The reason ``key`` with its placeholders filled in, in English and (``.zh``) Chinese."""
    en, zh = REASONS[key]
    en_params, zh_params = dict(params), dict(params)
    if "suit" in params:
        i = params["suit"]
        en_params.update(suit=_SUIT_WORDS[i], suits=_SUIT_PLURALS[i])
        zh_params.update(suit=_SUIT_ZH[i], sym=SUIT_SYMBOLS[i])
    if "phase" in params:
        zh_params["phase"] = _PHASE_ZH.get(params["phase"], params["phase"])
    text = Reason(en.format(**en_params))
    text.zh = zh.format(**zh_params)
    text.key = key
    return text


def _not_a_card(error: ValueError, cards: Iterable[Any]) -> Reason:
    """The reason for a card list ``parse_cards`` refused: the first token that is not a card,
    or the first card listed twice."""
    seen = 0
    for token in cards:
        try:
            c = parse_card(token)
        except ValueError:
            return reason("not_a_card", error=str(error), given=str(token))
        if seen >> c & 1:
            return reason("listed_twice", error=str(error), card=card_symbol(c))
        seen |= 1 << c
    return reason("not_a_card", error=str(error), given="")


class IllegalMove(ValueError):
    """An action the rules do not allow now; ``str(e)`` is a reason a player can read.

    ``.zh`` is the same reason in Chinese and ``.key`` its key in ``REASONS`` (None for a plain
    message).
    """

    def __init__(self, text: str) -> None:
        super().__init__(str(text))
        self.zh: str = getattr(text, "zh", str(text))
        self.key: str | None = getattr(text, "key", None)


def first_lead_card(rules: Rules) -> int:
    """The card that must lead the first trick of a match under these rules (2♠ or 2♣)."""
    return TWO_OF_CLUBS if rules.first_lead == "2C" else TWO_OF_SPADES


def legal_mask(
    held: int,
    trick_suit: int,
    led_suits: int,
    exposed: int,
    hearts_broken: bool,
    must_break_hearts: bool,
    must_lead: int = -1,
    refused: list[tuple[int, str]] | None = None,
) -> int:
    """The rules of play, checked once: the cards (bitmask) a player holding ``held`` may play now.

    ``trick_suit`` is the suit led to the current trick, or -1 when leading; ``led_suits`` has
    bit s set when suit s was led in an earlier trick; ``exposed`` holds every exposed card;
    ``must_lead`` is the card the first trick of a match must be led with, or -1.

    ``refused``, when a list is given, receives ``(cards, key)`` for each rule that refuses some
    of the held cards, in the order the rules are checked: a refused card's reason is the
    ``REASONS`` key of the first pair holding it (``Hand.why_illegal`` words it).  The searches
    call this without ``refused``, and then it only computes the mask.

    >>> from gongzhu.core.cards import mask_of, card_codes
    >>> why = []
    >>> card_codes(legal_mask(mask_of(["QS", "2S", "3H"]), 0, 0, mask_of(["QS"]), False, False, refused=why))
    ['2S']
    >>> [(card_codes(cards), key) for cards, key in why]
    [(['3H'], 'follow_suit'), (['QS'], 'exposed_first_trick')]
    """
    if trick_suit < 0:
        # The first lead of a match: the holder of 2♠ (or 2♣) must lead it.
        if must_lead >= 0 and held >> must_lead & 1:
            if refused is not None:
                refused.append((held & ~(1 << must_lead), "first_lead"))
            return 1 << must_lead
        allowed = held
        # Hearts may not be led before they are broken, unless only hearts are held.
        if must_break_hearts and not hearts_broken and held & ~HEARTS_MASK:
            allowed &= ~HEARTS_MASK
            if refused is not None:
                refused.append((held & HEARTS_MASK, "hearts_unbroken"))
        # An exposed card may not lead the first trick of its suit unless it is the only one.
        x = exposed & allowed
        while x:
            low = x & -x
            x ^= low
            s = (bit_length(low) - 1) // 13
            if not led_suits >> s & 1 and held & SUIT_MASKS[s] & ~low:
                allowed &= ~low
                if refused is not None:
                    refused.append((low, "exposed_first_trick"))
        return allowed
    follow = held & SUIT_MASKS[trick_suit]
    # Must follow suit if able; a player void in the suit led may play any card.
    if not follow:
        return held
    if refused is not None:
        refused.append((held & ~follow, "follow_suit"))
    # An exposed card may not be played to the first trick of its suit unless it is the only one.
    if not led_suits >> trick_suit & 1:
        x = exposed & follow
        if x and follow != x:
            follow &= ~x
            if refused is not None:
                refused.append((x, "exposed_first_trick"))
    return follow


def load_json(text: str, kind: str) -> Any:
    """Parse a saved ``kind`` ("hand" or "match"), raising ValueError with a readable message."""
    try:
        return json.loads(text)
    except (TypeError, ValueError) as e:
        raise ValueError(f"saved {kind} is not valid JSON: {e}") from None


def check_format(data: Any, kind: str) -> None:
    """Raise ValueError unless ``data`` is a saved Gong Zhu ``kind`` ("hand" or "match") of this version."""
    if not isinstance(data, dict) or data.get("format") != f"gongzhu-{kind}":
        raise ValueError(f"not a saved Gong Zhu {kind}")
    version = data.get("version")
    if version != FORMAT_VERSION:
        raise ValueError(
            f"saved {kind} format version {version!r} is not supported "
            f"(this engine reads version {FORMAT_VERSION})")


def restore_take_backs(hand: "Hand", data: dict[str, Any]) -> None:
    """Set the take-backs of a saved hand, replayed: their count (0 in saves made before they
    existed) and where the last one left the hand (``taken_back_at``; none in older saves)."""
    n = data.get("take_backs", 0)
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"saved hand has a bad take-back count: {n!r}")
    at = data.get("taken_back_at", -1)
    if isinstance(at, bool) or not isinstance(at, int) or not -1 <= at <= len(hand.actions):
        raise ValueError(f"saved hand has a bad take-back mark: {at!r}")
    hand.take_backs = n
    hand.taken_back_at = at


class Hand:
    """The state of one hand; create it with ``new_hand``.  Only its methods change it."""

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[int],
        *,
        leader: int | None,
        first_hand: bool,
        start: str,
        seed: int | None = None,
        exposed: int = 0,
    ) -> None:
        self.rules = rules
        self.seed = seed
        self.first_hand = first_hand
        self.dealt: list[int] = list(hands)
        self.held: list[int] = list(hands)
        self.start = start
        self.initial_exposed = exposed
        self.leader: int | None = leader
        self.phase = start
        self.passes: list[int | None] = [None] * 4
        self.received: list[int | None] = [None] * 4
        self.exposed: list[int] = [0] * 4
        self.exposure_decided = [False] * 4
        self._pending_exposure: list[int | None] = [None] * 4
        self.auto_exposed = 0
        self.trick: list[tuple[int, int]] = []
        self.trick_leader: int | None = leader
        self.tricks: list[dict[str, Any]] = []
        self.played: list[tuple[int, int]] = []
        self.captured_masks = [0] * 4
        self.led_suits = 0
        self.hearts_broken = False
        self.voids = [0] * 4
        self.actions: list[list[Any]] = []
        self.take_backs = 0
        self.taken_back_at = -1
        """The number of actions just after the last take-back (-1: none): a take-back undoes one
        card, so none is taken back again until an action is added."""
        self._to_play: int | None = None
        if exposed:
            for s in range(4):
                self.exposed[s] = exposed & self.held[s]
        if start == "pass":
            self._to_play = leader if leader is not None else 0
        elif start == "expose":
            self._begin_expose()
        else:
            self._begin_play()

    # ------------------------------------------------------------------ properties

    @property
    def to_play(self) -> int | None:
        """The seat whose decision it is (in pass and secret-expose phases: the first seat,
        in play order, still to decide; every undecided seat may act); None when done."""
        return self._to_play

    @property
    def exposed_mask(self) -> int:
        """Every exposed card at the table, as a bitmask."""
        return self.exposed[0] | self.exposed[1] | self.exposed[2] | self.exposed[3]

    @property
    def must_lead(self) -> int:
        """The card the next lead must be (2♠/2♣ for the first trick of a match), or -1."""
        if self.first_hand and not self.played:
            return first_lead_card(self.rules)
        return -1

    @property
    def pig_captor(self) -> int | None:
        """The seat that captured Q♠ (who leads the next hand), or None if not yet captured."""
        for s in range(4):
            if self.captured_masks[s] >> PIG & 1:
                return s
        return None

    # ------------------------------------------------------------------ phases

    def _seat_order(self) -> list[int]:
        first = self.leader if self.leader is not None else 0
        return [(first + i) % 4 for i in range(4)]

    def _begin_expose(self) -> list[dict[str, Any]]:
        self.phase = "expose"
        events: list[dict[str, Any]] = []
        for s in range(4):
            # A seat with no special card (left unexposed) has nothing to decide.
            if not self.held[s] & EXPOSABLE_MASK & ~self.exposed[s]:
                self.exposure_decided[s] = True
        if all(self.exposure_decided):
            return self._begin_play()
        self._to_play = self._next_undecided()
        events.append({"type": "phase", "phase": "expose", "to_play": self._to_play,
                       "leader": self.leader})
        return events

    def _next_undecided(self) -> int | None:
        for s in self._seat_order():
            if not self.exposure_decided[s]:
                return s
        return None

    def _begin_play(self) -> list[dict[str, Any]]:
        self.phase = "play"
        if self.leader is None:
            raise ValueError("no leader")
        self.trick_leader = self.leader
        self._to_play = self.leader
        return [{"type": "phase", "phase": "play", "to_play": self.leader, "leader": self.leader}]

    # ------------------------------------------------------------------ passing

    def why_cannot_pass(self, seat: int, cards: Iterable[Any]) -> Reason | None:
        """The reason ``pass_cards(seat, cards)`` is not allowed now, or None."""
        if self.phase != "pass":
            return reason("not_passing", phase=self.phase)
        if not 0 <= seat < 4:
            return reason("no_seat", seat=seat)
        if self.passes[seat] is not None:
            return reason("already_passed", seat=seat)
        cards = list(cards)
        try:
            chosen = parse_cards(cards)
        except ValueError as e:
            return _not_a_card(e, cards)
        n = self.rules.pass_cards
        if len(chosen) != n:
            return reason("pass_count", n=n, k=len(chosen))
        for c in chosen:
            if not self.held[seat] >> c & 1:
                return reason("not_held", card=card_symbol(c))
        return None

    def pass_cards(self, seat: int, cards: Iterable[Any]) -> list[dict[str, Any]]:
        """Seat ``seat`` passes ``cards`` (codes) to the next seat; returns the events."""
        cards = list(cards)
        reason = self.why_cannot_pass(seat, cards)
        if reason:
            raise IllegalMove(reason)
        chosen = parse_cards(cards)
        mask = 0
        for c in chosen:
            mask |= 1 << c
        self.passes[seat] = mask
        self.actions.append(["pass", seat, card_codes(mask)])
        events: list[dict[str, Any]] = [{"type": "pass", "seat": seat}]
        if any(p is None for p in self.passes):
            for s in self._seat_order():
                if self.passes[s] is None:
                    self._to_play = s
                    break
        else:
            events.extend(self._finish_passing())
        return events

    def _finish_passing(self) -> list[dict[str, Any]]:
        passes = [p or 0 for p in self.passes]
        for s in range(4):
            got = passes[(s - 1) % 4]  # Cards go to the next seat, so seat s gets seat s-1's.
            self.received[s] = got
            self.held[s] = (self.held[s] & ~passes[s]) | got
        if self.first_hand:
            self.leader = _holder(self.held, first_lead_card(self.rules))
        events: list[dict[str, Any]] = [{"type": "passes_done"}]
        if self.rules.exposure:
            events.extend(self._begin_expose())
        else:
            events.extend(self._begin_play())
        return events

    # ------------------------------------------------------------------ exposure

    def exposable(self, seat: int) -> list[str]:
        """The cards ``seat`` could expose now (codes), empty outside its exposure turn."""
        if self.phase != "expose" or self.exposure_decided[seat]:
            return []
        return card_codes(self.held[seat] & EXPOSABLE_MASK & ~self.exposed[seat])

    def why_cannot_expose(self, seat: int, cards: Iterable[Any]) -> Reason | None:
        """The reason ``expose(seat, cards)`` is not allowed now, or None."""
        if self.phase != "expose":
            return reason("not_exposing", phase=self.phase)
        if not 0 <= seat < 4:
            return reason("no_seat", seat=seat)
        if self.exposure_decided[seat]:
            return reason("already_decided", seat=seat)
        if self.rules.exposure_mode == "open" and seat != self._to_play:
            return reason("expose_in_turn", seat=self._to_play)
        cards = list(cards)
        try:
            chosen = parse_cards(cards)
        except ValueError as e:
            return _not_a_card(e, cards)
        for c in chosen:
            if not EXPOSABLE_MASK >> c & 1:
                return reason("not_exposable", card=card_symbol(c))
            if not self.held[seat] >> c & 1:
                return reason("not_held", card=card_symbol(c))
            if self.exposed[seat] >> c & 1:
                return reason("already_exposed", card=card_symbol(c))
        return None

    def expose(self, seat: int, cards: Iterable[Any] = ()) -> list[dict[str, Any]]:
        """Seat ``seat`` exposes ``cards`` (an empty list declines); returns the events."""
        cards = list(cards)
        reason = self.why_cannot_expose(seat, cards)
        if reason:
            raise IllegalMove(reason)
        mask = 0
        for c in parse_cards(cards):
            mask |= 1 << c
        self.actions.append(["expose", seat, card_codes(mask)])
        self.exposure_decided[seat] = True
        events: list[dict[str, Any]] = []
        if self.rules.exposure_mode == "secret":
            self._pending_exposure[seat] = mask
            events.append({"type": "expose_chosen", "seat": seat})
            if all(self.exposure_decided):
                # Everyone has chosen: reveal together, in play order from the leader.
                for s in self._seat_order():
                    m = self._pending_exposure[s] or 0
                    self.exposed[s] |= m
                    if self._pending_exposure[s] is not None:
                        events.append({"type": "expose", "seat": s, "cards": card_codes(m)})
                events.extend(self._auto_expose())
        else:
            self.exposed[seat] |= mask
            events.append({"type": "expose", "seat": seat, "cards": card_codes(mask)})
            events.extend(self._auto_expose())
        if all(self.exposure_decided):
            events.extend(self._begin_play())
        else:
            self._to_play = self._next_undecided()
        return events

    def _auto_expose(self) -> list[dict[str, Any]]:
        # The fourth special card is exposed automatically once the other three are.
        if not self.rules.auto_expose_fourth:
            return []
        if popcount(self.exposed_mask & EXPOSABLE_MASK) != 3:
            return []
        fourth = EXPOSABLE_MASK & ~self.exposed_mask
        s = _holder(self.held, bit_length(fourth) - 1)
        self.exposed[s] |= fourth
        self.auto_exposed |= fourth
        self.exposure_decided[s] = True
        return [{"type": "auto_expose", "seat": s, "cards": card_codes(fourth)}]

    # ------------------------------------------------------------------ play

    def legal_mask(self, refused: list[tuple[int, str]] | None = None) -> int:
        """The cards (bitmask) the player to move may play; 0 outside the play phase.

        ``refused`` receives the rules that refuse the other held cards (module ``legal_mask``)."""
        if self.phase != "play" or self._to_play is None:
            return 0
        return legal_mask(
            self.held[self._to_play],
            self.trick[0][1] // 13 if self.trick else -1,
            self.led_suits,
            self.exposed_mask,
            self.hearts_broken,
            self.rules.hearts_must_be_broken,
            self.must_lead,
            refused,
        )

    def legal_moves(self) -> list[str]:
        """The card codes the player to move may play now (low to high); empty if none."""
        return card_codes(self.legal_mask())

    def why_illegal(self, card: Any, seat: int | None = None) -> Reason | None:
        """Why ``card`` may not be played now (by ``seat``, default the player to move), or None.

        The messages are for players: the UI shows them on dimmed cards.  Which rule refuses a
        card is decided by ``legal_mask``; this only words it.
        """
        try:
            c = parse_card(card)
        except ValueError as e:
            return reason("not_a_card", error=str(e), given=str(card))
        if self.phase != "play":
            return reason("not_playing", phase=self.phase)
        p = self._to_play
        assert p is not None
        if seat is not None and seat != p:
            return reason("not_your_turn", seat=p)
        if not self.held[p] >> c & 1:
            return reason("not_held", card=card_symbol(c))
        refused: list[tuple[int, str]] = []
        if self.legal_mask(refused) >> c & 1:
            return None
        key = next(key for cards, key in refused if cards >> c & 1)
        if key == "first_lead":
            return reason(key, card=card_symbol(self.must_lead))
        if key == "follow_suit":
            return reason(key, suit=self.trick[0][1] // 13)
        if key == "exposed_first_trick":
            return reason(key, card=card_symbol(c), suit=c // 13)
        return reason(key)

    def check_play(self, card: Any, seat: int | None = None) -> int:
        """The card int if ``card`` may be played now, else raise ``IllegalMove``."""
        reason = self.why_illegal(card, seat)
        if reason:
            raise IllegalMove(reason)
        return parse_card(card)

    def illegal_reasons(self, seat: int) -> dict[str, Reason]:
        """Card code -> reason (``.zh`` in Chinese), for each card ``seat`` holds that it may not play now."""
        out: dict[str, Reason] = {}
        for c in cards_of(self.held[seat]):
            reason = self.why_illegal(c, seat)
            if reason:
                out[card_code(c)] = reason
        return out

    def act(self, kind: str, seat: int, arg: Any) -> list[dict[str, Any]]:
        """The one entry for every action of a hand (a player's, a bot's, a saved game's):
        ``kind`` "pass" with the cards, "expose" with the cards (None or empty declines) or
        "play" with the card, by ``seat``; returns the events.  Raises ``IllegalMove`` (and
        changes nothing) when the rules refuse it, ``ValueError`` for an unknown kind."""
        if kind == "pass":
            return self.pass_cards(seat, arg)
        if kind == "expose":
            return self.expose(seat, arg or ())
        if kind == "play":
            return self.play(arg, seat)
        if kind == "claim":
            return self.claim(seat)
        raise ValueError(f"unknown action {kind!r}")

    def decide(self, seat: int, decision: Any) -> list[dict[str, Any]]:
        """Seat ``seat`` makes the decision the phase asks for, in the form a bot returns it
        (``gongzhu.bots``): the cards to pass, the cards to expose or the card to play."""
        return self.act("play" if self.phase == "done" else self.phase, seat, decision)

    def play(self, card: Any, seat: int | None = None) -> list[dict[str, Any]]:
        """The player to move (or ``seat``, checked) plays ``card``; returns the events.

        Raises ``IllegalMove`` (and changes nothing) if the card may not be played now.
        """
        c = self.check_play(card, seat)
        p = self._to_play
        assert p is not None
        self.actions.append(["play", p, card_code(c)])
        return self._place(p, c)

    def _place(self, p: int, c: int) -> list[dict[str, Any]]:
        """Seat ``p`` plays the legal card ``c`` (already checked and recorded)."""
        self.held[p] &= ~(1 << c)
        if self.trick and c // 13 != self.trick[0][1] // 13:
            self.voids[p] |= 1 << (self.trick[0][1] // 13)  # Failing to follow shows a void.
        if c // 13 == HEARTS:
            self.hearts_broken = True
        self.trick.append((p, c))
        self.played.append((p, c))
        n = len(self.tricks)
        events: list[dict[str, Any]] = [
            {"type": "play", "seat": p, "card": card_code(c), "trick": n}]
        if len(self.trick) < 4:
            self._to_play = (p + 1) % 4
        else:
            events.extend(self._finish_trick())
        return events

    def _finish_trick(self) -> list[dict[str, Any]]:
        suit = self.trick[0][1] // 13
        winner = self.trick[winning_index([c for _, c in self.trick])][0]
        mask = 0
        for _, c in self.trick:
            mask |= 1 << c
        self.captured_masks[winner] |= mask
        self.led_suits |= 1 << suit
        n = len(self.tricks)
        record = {"trick": n, "leader": self.trick[0][0],
                  "cards": [[s, card_code(c)] for s, c in self.trick], "winner": winner,
                  "points": card_codes(mask & SCORING_MASK)}
        self.tricks.append(record)
        self.trick = []
        events: list[dict[str, Any]] = [dict(record, type="trick")]
        if len(self.tricks) == 13:
            self.phase = "done"
            self._to_play = None
            events.append({"type": "hand_over", "scores": self.hand_scores(),
                           "pig_captor": self.pig_captor})
        else:
            self.trick_leader = winner
            self._to_play = winner
        return events

    # ------------------------------------------------------------------ claims and take-backs

    def claim_proof(self) -> str | None:
        """Why the rest of the hand cannot change any score nor the pig's captor: ``"no_points"``
        (no scoring card left in the hands or the trick) or ``"forced"`` (every legal way to
        play the rest ends the same; see the module docstring), else None."""
        if self.phase != "play":
            return None
        live = self.held[0] | self.held[1] | self.held[2] | self.held[3]
        for _, c in self.trick:
            live |= 1 << c
        if not live & SCORING_MASK:
            return "no_points"
        if self._leader_takes_all():
            return "forced"
        if popcount(live) > 4 * CLAIM_TRICKS or self.must_lead >= 0:
            return None
        return "forced" if self._one_ending() else None

    def _leader_takes_all(self) -> bool:
        """True when the player to lead holds, in every suit they hold, only cards above all the
        others' cards of that suit: whatever they lead wins, so they win every trick left."""
        p = self._to_play
        if self.trick or p is None:
            return False
        others = 0
        for s in range(4):
            if s != p:
                others |= self.held[s]
        for suit in range(4):
            mine = self.held[p] & SUIT_MASKS[suit]
            theirs = others & SUIT_MASKS[suit]
            # Inside a suit a higher bit is a higher card.
            if mine and theirs and mine & -mine < 1 << (bit_length(theirs) - 1):
                return False
        return True

    def _one_ending(self) -> bool:
        """True when every legal play-out from here ends with the same scores and pig captor
        (searched within ``CLAIM_NODES`` positions; False when the search gives up)."""
        exposed = self.exposed_mask
        rules = self.rules
        ends: list[tuple[int, ...]] = []
        seen: set[tuple[Any, ...]] = set()
        budget = [CLAIM_NODES]

        def walk(held: tuple[int, ...], trick: tuple[int, ...], to_play: int, led: int, broken: bool,
                 captured: tuple[int, ...]) -> bool:
            if len(trick) == 8:  # (seat, card) pairs: the trick is complete
                cards = [trick[i] for i in range(1, 8, 2)]
                winner = trick[2 * winning_index(cards)]
                won = 0
                for c in cards:
                    won |= 1 << c
                captured = tuple(captured[s] | (won & SCORING_MASK if s == winner else 0) for s in range(4))
                led |= 1 << (cards[0] // 13)
                trick = ()
                to_play = winner
                if not held[winner]:
                    end = tuple(pile_score(captured[s], exposed, rules) for s in range(4)) + tuple(
                        s for s in range(4) if captured[s] >> PIG & 1)
                    if not ends:
                        ends.append(end)
                    return ends[0] == end
            key = (held, trick, to_play, led, broken, captured)
            if key in seen:
                return True
            budget[0] -= 1
            if budget[0] < 0:
                return False
            moves = legal_mask(held[to_play], trick[1] // 13 if trick else -1, led, exposed, broken,
                               rules.hearts_must_be_broken)
            while moves:
                low = moves & -moves
                moves ^= low
                c = bit_length(low) - 1
                after = tuple(h & ~low if s == to_play else h for s, h in enumerate(held))
                if not walk(after, trick + (to_play, c), (to_play + 1) % 4, led, broken or c // 13 == HEARTS,
                            captured):
                    return False
            seen.add(key)
            return True

        trick: tuple[int, ...] = ()
        for s, c in self.trick:
            trick += (s, c)
        p = self._to_play
        assert p is not None
        return walk(tuple(self.held), trick, p, self.led_suits, self.hearts_broken,
                    tuple(m & SCORING_MASK for m in self.captured_masks))

    def claim(self, seat: int) -> list[dict[str, Any]]:
        """Seat ``seat`` (the player to move) claims the rest: the engine plays it out at once,
        each seat its lowest legal card.  Raises ``IllegalMove`` unless ``claim_proof`` proves
        that this changes nothing."""
        if self.phase != "play":
            raise IllegalMove(reason("not_playing", phase=self.phase))
        if seat != self._to_play:
            raise IllegalMove(reason("not_your_turn", seat=self._to_play))
        proof = self.claim_proof()
        if proof is None:
            raise IllegalMove(reason("no_claim"))
        self.actions.append(["claim", seat, None])
        events: list[dict[str, Any]] = [{"type": "claim", "seat": seat, "proof": proof}]
        while self.phase == "play":
            p = self._to_play
            assert p is not None
            legal = self.legal_mask()
            events.extend(self._place(p, bit_length(legal & -legal) - 1))
        return events

    def _take_back_from(self, seat: int) -> int | None:
        """The index in ``actions`` of the play ``take_back(seat)`` would undo, or None."""
        if self.phase not in ("play", "done") or len(self.actions) == self.taken_back_at:
            return None
        plays = 0
        for kind, _, _ in self.actions:
            if kind == "claim":
                return None  # A claimed hand is over by agreement.
            if kind == "play":
                plays += 1
        for i in range(len(self.actions) - 1, -1, -1):
            kind, s, _ = self.actions[i]
            if kind != "play":
                return None
            plays -= 1
            if s == seat:
                trick = plays // 4
                # In the trick being played, or in the one just completed before the next begins.
                if trick == len(self.tricks) or (trick == len(self.tricks) - 1 and not self.trick):
                    return i
                return None
        return None

    def can_take_back(self, seat: int) -> bool:
        """True when ``seat`` may take back its last card now (see ``take_back``)."""
        return self._take_back_from(seat) is not None

    def take_back(self, seat: int) -> list[dict[str, Any]]:
        """Undo ``seat``'s last card and every card played after it, while that card is in the
        current trick or in the trick just completed (before the next trick's first card).

        The hand is rebuilt from its actions without the undone ones, and ``take_backs`` grows
        by one.  Raises ``IllegalMove`` (changing nothing) when there is nothing to take back.
        """
        i = self._take_back_from(seat)
        if i is None:
            if len(self.actions) == self.taken_back_at and self.phase == "play":
                raise IllegalMove(reason("taken_back_already"))
            raise IllegalMove(reason("nothing_to_take_back"))
        undone = [[s, card] for _, s, card in self.actions[i:]]
        data = self.to_dict()
        data["actions"] = self.actions[:i]
        data.pop("taken_back_at", None)
        rebuilt = Hand.from_dict(data)
        for name in rebuilt.__dict__:  # (MicroPython's instance dicts have no update)
            setattr(self, name, getattr(rebuilt, name))
        self.take_backs += 1
        self.taken_back_at = len(self.actions)
        return [{"type": "take_back", "seat": seat, "cards": undone}]

    # ------------------------------------------------------------------ results

    def captured(self, seat: int) -> list[str]:
        """The cards ``seat`` has captured so far (codes, low to high)."""
        return card_codes(self.captured_masks[seat])

    def hand_scores(self) -> list[int]:
        """Each seat's score for its captured cards so far (final once the hand is done)."""
        ex = self.exposed_mask
        return [pile_score(self.captured_masks[s], ex, self.rules) for s in range(4)]

    def score(self, seat: int) -> Score:
        """``seat``'s score with its arithmetic line by line (``score_pile`` of its pile)."""
        return score_pile(self.captured_masks[seat], self.exposed_mask, self.rules)

    def breakdown(self) -> list[dict[str, Any]]:
        """Each seat's score as JSON-able data: total, captured cards, lines in en and zh."""
        return [self.score(s).to_dict() for s in range(4)]

    # ------------------------------------------------------------------ views

    def view(self, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, as a JSON-able dict (the contract for bots and the page).

        Keys:

        - ``version`` (int), ``rules`` (dict of options), ``phase``, ``seat``, ``to_play``
          (seat or None), ``leader`` (leader of the first trick; None before the pass ends in
          a first hand), ``trick_leader`` (leader of the current trick), ``first_hand`` (bool),
          ``must_lead`` (code that must be led now, or None);
        - ``hand``: own cards (codes, display order: ♠ ♥ ♦ ♣, high to low);
          ``hand_counts``: cards left per seat;
        - ``legal``: codes this seat may play now (empty unless it is its turn to play);
          ``illegal``: code -> reason for each own card it may not play now (its turn only),
          ``illegal_zh`` the same reasons in Chinese;
        - ``exposable``: codes this seat may expose now (empty unless it may decide);
          ``exposed``: per seat, the codes exposed (public); ``auto_exposed``: codes exposed
          by ``auto_expose_fourth``; ``exposure_decided``: per seat bool; ``my_exposure``:
          secret mode, this seat's own pending choice (others' choices are never shown);
        - ``passing``: None without passing, else ``{"count", "to", "from", "passed"
          (own codes or None), "received" (codes, once everyone passed, else None),
          "done": per seat bool}``;
        - ``played``: every card played so far, in order, as ``[seat, code]``;
          ``trick``: the current trick as ``[seat, code]``; ``tricks``: completed tricks
          (``{"trick", "leader", "cards", "winner", "points"}``);
          ``tricks_won``: per seat count; ``captured``: per seat, the scoring cards taken
          (codes); ``led_suits``: suit letters led so far; ``hearts_broken`` (bool);
        - ``voids``: per seat, suit letters that seat has shown it lacks by not following;
        - ``scores``: per seat, the hand score of the cards captured so far (final when done);
        - ``pig_captor``: seat or None.

        A view from a match (``Match.view``) adds ``match``: hand number, totals, etc.
        """
        rules = self.rules
        my_turn = self.phase == "play" and self._to_play == seat
        illegal = self.illegal_reasons(seat) if my_turn else {}
        view: dict[str, Any] = {
            "version": FORMAT_VERSION,
            "rules": rules.to_dict(),
            "phase": self.phase,
            "seat": seat,
            "to_play": self._to_play,
            "leader": self.leader,
            "trick_leader": self.trick_leader if self.phase in ("play", "done") else None,
            "first_hand": self.first_hand,
            "must_lead": card_code(self.must_lead) if (
                self.must_lead >= 0 and self.phase == "play") else None,
            "hand": [card_code(c) for c in sort_for_display(cards_of(self.held[seat]))],
            "hand_counts": [popcount(h) for h in self.held],
            "legal": self.legal_moves() if my_turn else [],
            "illegal": {code: str(why) for code, why in illegal.items()},
            "illegal_zh": {code: why.zh for code, why in illegal.items()},
            "exposable": self.exposable(seat) if (
                self.phase == "expose" and (rules.exposure_mode == "secret"
                                            or self._to_play == seat)) else [],
            "exposed": [card_codes(self.exposed[s]) for s in range(4)],
            "auto_exposed": card_codes(self.auto_exposed),
            "exposure_decided": list(self.exposure_decided),
            "my_exposure": (card_codes(self._pending_exposure[seat] or 0)
                            if self._pending_exposure[seat] is not None
                            and self.phase == "expose" else None),
            "passing": None,
            "played": [[s, card_code(c)] for s, c in self.played],
            "trick": [[s, card_code(c)] for s, c in self.trick],
            "tricks": [dict(t) for t in self.tricks],
            "tricks_won": [sum(1 for t in self.tricks if t["winner"] == s) for s in range(4)],
            "captured": [card_codes(self.captured_masks[s] & SCORING_MASK) for s in range(4)],
            "led_suits": [SUITS[s] for s in range(4) if self.led_suits >> s & 1],
            "hearts_broken": self.hearts_broken,
            "voids": [[SUITS[x] for x in range(4) if self.voids[s] >> x & 1] for s in range(4)],
            "scores": self.hand_scores(),
            "pig_captor": self.pig_captor,
        }
        if rules.pass_cards:
            mine = self.passes[seat]
            got = self.received[seat]
            view["passing"] = {
                "count": rules.pass_cards,
                "to": (seat + 1) % 4,
                "from": (seat - 1) % 4,
                "passed": card_codes(mine) if mine is not None else None,
                "received": card_codes(got) if got is not None else None,
                "done": [p is not None for p in self.passes],
            }
        return view

    # ------------------------------------------------------------------ saving

    def to_dict(self) -> dict[str, Any]:
        """The hand as JSON-able data: the deal, the rules and every action so far."""
        data = {
            "format": "gongzhu-hand",
            "version": FORMAT_VERSION,
            "rules": self.rules.to_dict(),
            "seed": self.seed,
            "hands": [card_codes(h) for h in self.dealt],
            "leader": self.leader if not self.first_hand else None,
            "first_hand": self.first_hand,
            "start": self.start,
            "exposed": card_codes(self.initial_exposed),
            "actions": [list(a) for a in self.actions],
            "take_backs": self.take_backs,
        }
        if self.taken_back_at >= 0:
            data["taken_back_at"] = self.taken_back_at
        return data

    def to_json(self) -> str:
        """The hand as a JSON string (see ``to_dict``); ``Hand.from_json`` reads it back."""
        return dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data: Any) -> "Hand":
        """Rebuild a hand from ``to_dict`` data, replaying (and re-checking) every action."""
        check_format(data, "hand")
        try:
            rules = Rules.from_dict(data["rules"])
            hand = new_hand(
                hands=data["hands"], rules=rules, leader=data["leader"],
                first_hand=data["first_hand"], exposed=data["exposed"], start=data["start"],
            )
            hand.seed = data.get("seed")
            for kind, seat, arg in data["actions"]:
                hand.act(kind, seat, arg)
            restore_take_backs(hand, data)
        except (KeyError, TypeError) as e:
            raise ValueError(f"saved hand is incomplete or malformed: {e}") from None
        except IllegalMove as e:
            raise ValueError(f"saved hand holds an illegal action: {e}") from None
        return hand

    @classmethod
    def from_json(cls, text: str) -> "Hand":
        """Rebuild a hand from ``to_json`` text."""
        return cls.from_dict(load_json(text, "hand"))

    def copy(self) -> "Hand":
        """An independent copy (cheap enough for undo and UI snapshots)."""
        other = object.__new__(Hand)
        other.__dict__.update(self.__dict__)
        for name in ("dealt", "held", "passes", "received", "exposed", "exposure_decided",
                     "_pending_exposure", "trick", "played", "captured_masks", "voids",
                     "actions"):
            setattr(other, name, list(getattr(self, name)))
        other.tricks = [dict(t) for t in self.tricks]
        return other

    def __repr__(self) -> str:
        return (f"<Hand phase={self.phase} to_play={self._to_play} "
                f"tricks={len(self.tricks)} scores={self.hand_scores()}>")


def _holder(held: Sequence[int], card: int) -> int:
    for s in range(4):
        if held[s] >> card & 1:
            return s
    raise ValueError(f"nobody holds {card_code(card)}")


def new_hand(
    seed: int | None = None,
    *,
    hands: Sequence[Any] | None = None,
    rules: Rules | str | dict[str, Any] | None = None,
    leader: int | None = None,
    first_hand: bool = True,
    exposed: Iterable[Any] = (),
    start: str | None = None,
    rng: Random | None = None,
) -> Hand:
    """Start a hand: dealt from ``seed`` (or from ``rng.getrandbits(64)``), or from explicit
    ``hands`` (four lists of 13 codes, seat 0 first).

    A seeded deal starts at the first phase the rules call for (``"pass"``, ``"expose"`` or
    ``"play"``); an explicit deal starts at ``"play"`` with ``exposed`` already exposed, unless
    ``start`` says otherwise.  ``leader`` None means the holder of the first-lead card, which
    is only allowed (and required) in the first hand of a match; later hands are led by the
    previous hand's pig captor, which the caller passes as ``leader``.

    >>> h = new_hand(seed=7)
    >>> h.phase, len(h.legal_moves())
    ('expose', 0)
    """
    r = get_rules(rules)
    if hands is None:
        if seed is None:
            if rng is None:
                raise ValueError("new_hand needs a seed, an rng or explicit hands")
            seed = rng.getrandbits(64)
        masks = [sum(1 << c for c in h) for h in deal_hands(seed)]
    else:
        if len(hands) != 4:
            raise ValueError(f"a deal has 4 hands, not {len(hands)}")
        masks = []
        for i, h in enumerate(hands):
            cards = parse_cards(h)
            if len(cards) != 13:
                raise ValueError(f"hand {i} has {len(cards)} cards; each hand has 13")
            m = 0
            for c in cards:
                m |= 1 << c
            masks.append(m)
        union = 0
        for m in masks:
            dup = union & m
            if dup:
                raise ValueError(f"{card_codes(dup)[0]} is dealt to more than one hand")
            union |= m
    if start is None:
        if hands is not None:
            start = "play"
        elif r.pass_cards:
            start = "pass"
        elif r.exposure:
            start = "expose"
        else:
            start = "play"
    if start not in ("pass", "expose", "play"):
        raise ValueError(f"a hand starts at the pass, expose or play phase, not {start!r}")
    if start == "pass" and not r.pass_cards:
        raise ValueError("these rules have no passing")
    if start == "expose" and not r.exposure:
        raise ValueError("these rules have no exposure phase")
    ex_mask = 0
    for c in parse_cards(list(exposed)):
        ex_mask |= 1 << c
    refusal = not_exposable(ex_mask)
    if refusal:
        raise ValueError(refusal[0])
    if ex_mask and not r.exposure:
        raise ValueError("these rules have no exposure")
    if leader is not None and not (isinstance(leader, int) and 0 <= leader < 4):
        raise ValueError(f"leader must be a seat 0-3, not {leader!r}")
    if first_hand:
        if start == "pass":
            if leader is not None:
                raise ValueError("in a first hand the leader is whoever holds the first-lead "
                                 "card after passing; leave leader as None")
        else:
            holder = _holder(masks, first_lead_card(r))
            if leader is not None and leader != holder:
                raise ValueError(f"in a first hand the holder of {r.first_lead} (seat {holder}) leads")
            leader = holder
    elif leader is None:
        raise ValueError("a hand after the first needs a leader (the previous pig captor)")
    return Hand(r, masks, leader=leader, first_hand=first_hand, start=start, seed=seed,
                exposed=ex_mask)
