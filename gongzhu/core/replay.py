"""Replays and puzzle positions from compact URL parameters, trick by trick (runs under MicroPython).

The embeds (``web/embed/``) describe a hand in a URL, so this module reads and writes that
notation and steps through the cards, on the page's MicroPython main thread, before (or
without) the Pyodide engine:

- ``seed=N`` (and ``hand=K``): the K-th hand (default 1, the first) of the match dealt from
  seed N, N a whole number 0 <= N < 2**64: the same deal as the game page's ``?seed=N`` and
  ``gongzhu.new_match(seed=N)`` (``deal.deal_hands(deal.hand_seed(N, K - 1))``).
- ``hands=AKQ2.T98.J4.532-...``: explicit hands, seat 0 (South) first, each written as its
  spades.hearts.diamonds.clubs ranks (high to low, ``T`` or ``10`` for ten, an empty group for
  a void), hands separated by ``-`` (or ``/``, ``_``, ``,``, a space).  Three hands are
  enough: the fourth gets the rest of the pack.
- ``moves=2S5SKS3S.9HTH...``: the cards played, in order, as card codes; who played each one
  follows from the rules (the leader, then the winner of each trick), so a move list names no
  seats.  Separators (``.``, ``-``, ``_``, ``,``, spaces) are ignored; ``.`` between tricks
  reads well.
- ``exposed=AH,QS``: the cards exposed before the first trick (by whoever holds them).
- ``leader=W``: who leads the first trick, for a hand after the first of a match (any card
  may lead).  Without it the hand is the first of a match: the holder of 2♠ (2♣ under
  ``first_lead="2C"``) leads it.
- ``seat=S``: a seat as ``S``/``E``/``N``/``W`` (South, East, North, West) or ``0``-``3``.

What this module checks is the bookkeeping: every card is a card, dealt once, and played by
the seat that holds it, in turn.  Whether a play is *legal* (following suit, the exposed-card
restriction, the first lead) is the engine's business (``gongzhu.core.hand``, one source of
legality): the page asks the worker (``gongzhu.puzzle.check``) and stops the replay at the
first illegal card.  Trick winners (the highest card of the suit led) and the running scores
(``scoring.pile_score``) are computed here.

>>> r = Replay(hands_from_seed(7), parse_moves("2S"))
>>> SEAT_LETTERS[r.seat_of(0)], r.state(1)["to_play"]
('N', 3)
>>> format_hands([parse_hand("AKQJT98765432...")] + [0, 0, 0])[:18]
'AKQJT98765432...-.'
"""

from .cards import (
    ACE_OF_HEARTS,
    FULL_DECK,
    RANKS,
    SCORING_MASK,
    SPECIALS,
    card_code,
    card_symbol,
    not_exposable,
    parse_card,
    winning_index,
)
from .deal import deal_hands, hand_seed
from .scoring import pile_score

SEAT_LETTERS = "SENW"
"""Seat letters by seat number: 0 South, 1 East, 2 North, 3 West.  Play passes 0, 1, 2, 3:
counter-clockwise round the table, the Chinese convention and the game page's default."""
SEAT_NAMES = ("South", "East", "North", "West")
"""Seat names by seat number, as the embeds and their messages say them."""
SEAT_NAMES_ZH = ("南家", "东家", "北家", "西家")

MAX_SEED = (1 << 64) - 1
_SEPARATORS = ".,-_/+ \t\n"
_HAND_SEPARATORS = "-/_, +\t\n"
_RANK_OF = {}
for _r in range(13):
    _RANK_OF[RANKS[_r]] = _r


class ParamError(ValueError):
    """A URL parameter that cannot be read; ``str(e)`` says which one and why, for people.

    ``e.text("zh")`` is the same message in Chinese when the raiser gave one.
    """

    def __init__(self, message, zh=None):
        super().__init__(message)
        self.message = message
        self.zh = zh

    def text(self, lang="en"):
        """The message in ``lang`` ("en" or "zh"; English when there is no Chinese)."""
        return self.zh if lang == "zh" and self.zh else self.message


def parse_seed(text) -> int:
    """A deal seed: a whole number from 0 to 2**64 - 1 (no sign, no exponent).

    >>> parse_seed("42")
    42
    >>> parse_seed("1e99")
    Traceback (most recent call last):
    ...
    gongzhu.core.replay.ParamError: seed must be a whole number from 0 to 18446744073709551615, not '1e99'
    """
    t = str(text).strip()
    if not t or len(t) > 20 or not t.isdigit():
        raise _bad_seed(text)
    n = int(t)
    if n > MAX_SEED:
        raise _bad_seed(text)
    return n


def _bad_seed(text):
    return ParamError("seed must be a whole number from 0 to %d, not %r" % (MAX_SEED, _clip(text)),
                      "seed（种子）必须是 0 到 %d 之间的整数，不能是 %r" % (MAX_SEED, _clip(text)))


def parse_seat(text) -> int:
    """A seat from ``S E N W`` (or the words, or ``0``-``3``).

    >>> parse_seat("N"), parse_seat("east"), parse_seat("1")
    (2, 1, 1)
    """
    t = str(text).strip().upper()
    if t in ("0", "1", "2", "3"):
        return int(t)
    if t and t[0] in SEAT_LETTERS and t in (t[0], ("SOUTH", "EAST", "NORTH", "WEST")[SEAT_LETTERS.index(t[0])]):
        return SEAT_LETTERS.index(t[0])
    raise ParamError("a seat is S, E, N or W (or 0-3), not %r" % _clip(text),
                     "座位是 S、E、N 或 W（或 0-3），不能是 %r" % _clip(text))


def _clip(text, n: int = 40) -> str:
    t = str(text)
    return t if len(t) <= n else t[:n] + "…"


def parse_hand(text) -> int:
    """One hand as ``spades.hearts.diamonds.clubs`` ranks (a bitmask); ``T`` or ``10`` is ten.

    >>> from gongzhu.core.cards import card_codes
    >>> card_codes(parse_hand("Q.10 2..A"))
    ['QS', '2H', 'TH', 'AC']
    """
    groups = str(text).split(".")
    if len(groups) != 4:
        raise ParamError("a hand is written spades.hearts.diamonds.clubs (4 groups), not %r" % _clip(text),
                         "一手牌写成 黑桃.红心.方块.梅花（4 组），不能是 %r" % _clip(text))
    mask = 0
    for suit in range(4):
        g = groups[suit].upper().replace("10", "T").replace(" ", "")
        for ch in g:
            if ch not in _RANK_OF:
                raise ParamError("%r is not a rank (use A K Q J T 9 ... 2) in hand %r" % (ch, _clip(text)),
                                 "手牌 %r 中的 %r 不是点数（请用 A K Q J T 9 … 2）" % (_clip(text), ch))
            c = suit * 13 + _RANK_OF[ch]
            if mask >> c & 1:
                raise ParamError("%s is listed twice in hand %r" % (card_symbol(c), _clip(text)),
                                 "手牌 %r 中 %s 出现了两次" % (_clip(text), card_symbol(c)))
            mask |= 1 << c
    return mask


def parse_hands(text) -> list:
    """Four hands (bitmasks, seat 0 first) from 3 or 4 hands; each has 13 cards, none shared.

    >>> [bin(m).count("1") for m in parse_hands("-".join(format_hands(hands_from_seed(3)).split("-")[:3]))]
    [13, 13, 13, 13]
    """
    t = str(text).strip()
    parts = [t]
    for sep in _HAND_SEPARATORS:
        parts = [q for p in parts for q in p.split(sep)]
    parts = [p for p in parts if p != ""]
    if len(parts) not in (3, 4):
        raise ParamError("hands lists 3 or 4 hands separated by '-' (spades.hearts.diamonds.clubs each), "
                         "not %d" % len(parts),
                         "hands 应列出 3 或 4 手牌，用 '-' 分隔（每手为 黑桃.红心.方块.梅花），不是 %d 手" % len(parts))
    masks = []
    union = 0
    for i in range(len(parts)):
        m = parse_hand(parts[i])
        if bin(m).count("1") != 13:
            raise ParamError("hand %d (%s) has %d cards; each hand has 13"
                             % (i + 1, SEAT_NAMES[i], bin(m).count("1")),
                             "第 %d 手（%s）有 %d 张牌；每手应为 13 张" % (i + 1, SEAT_NAMES_ZH[i], bin(m).count("1")))
        dup = union & m
        if dup:
            raise ParamError("%s is dealt to more than one hand" % card_symbol(_low(dup)),
                             "%s 被发给了不止一家" % card_symbol(_low(dup)))
        union |= m
        masks.append(m)
    if len(masks) == 3:
        masks.append(FULL_DECK & ~union)
    return masks


def _low(mask: int) -> int:
    c = 0
    while not mask >> c & 1:
        c += 1
    return c


def format_hands(masks) -> str:
    """The ``hands=`` text of four hands (bitmasks): ``AKQ2.T98.J4.532-...``."""
    out = []
    for m in masks:
        groups = []
        for suit in range(4):
            groups.append("".join([RANKS[r] for r in range(12, -1, -1) if m >> (suit * 13 + r) & 1]))
        out.append(".".join(groups))
    return "-".join(out)


def hands_from_seed(seed: int, hand: int = 1) -> list:
    """The four hands (bitmasks) of hand number ``hand`` (1-based) of the match dealt from ``seed``."""
    return [_mask(h) for h in deal_hands(hand_seed(seed, hand - 1))]


def parse_hand_number(text) -> int:
    """A hand number in a match: a whole number from 1 to 999.

    >>> parse_hand_number("3")
    3
    """
    t = str(text).strip()
    if not t.isdigit() or len(t) > 3 or int(t) < 1:
        raise ParamError("hand must be a hand number from 1 to 999, not %r" % _clip(text),
                         "hand 必须是 1 到 999 之间的局数，不能是 %r" % _clip(text))
    return int(t)


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse_moves(text) -> list:
    """A move list (card ints) from card codes, with or without separators.

    >>> [card_code(c) for c in parse_moves("2S5S.10H,q♠")]
    ['2S', '5S', 'TH', 'QS']
    """
    t = str(text)
    out = []
    i = 0
    n = len(t)
    while i < n:
        if t[i] in _SEPARATORS:
            i += 1
            continue
        size = 3 if t[i:i + 2] == "10" else 2
        token = t[i:i + size]
        try:
            out.append(parse_card(token))
        except ValueError:
            raise ParamError("move %d: %r is not a card (moves are card codes like 2S QS TH)"
                             % (len(out) + 1, _clip(token)),
                             "第 %d 步：%r 不是一张牌（出牌请写 2S QS TH 这样的代码）"
                             % (len(out) + 1, _clip(token))) from None
        i += size
    if len(out) > 52:
        raise ParamError("a hand has 52 cards to play, the move list has %d" % len(out),
                         "一副牌只有 52 张可出，出牌记录有 %d 张" % len(out))
    return out


def format_moves(cards) -> str:
    """The ``moves=`` text of a list of cards: codes, with ``.`` between tricks."""
    codes = [card_code(c) for c in cards]
    return ".".join(["".join(codes[i:i + 4]) for i in range(0, len(codes), 4)])


def parse_cards_param(text, name: str = "cards") -> int:
    """A card-list parameter (``QS,KH,10H``) as a bitmask; a readable ``ParamError`` otherwise."""
    mask = 0
    for token in str(text).replace(",", " ").replace("+", " ").split():
        try:
            c = parse_card(token)
        except ValueError:
            raise ParamError("%s: %r is not a card (use codes like QS KH TH 2C)" % (name, _clip(token)),
                             "%s：%r 不是一张牌（请用 QS KH TH 2C 这样的代码）" % (name, _clip(token))) from None
        if mask >> c & 1:
            raise ParamError("%s: %s is listed twice" % (name, card_symbol(c)),
                             "%s：%s 出现了两次" % (name, card_symbol(c)))
        mask |= 1 << c
    return mask


def parse_exposed_param(text) -> int:
    """The ``exposed=`` parameter as a bitmask; a readable ``ParamError`` for a card that is not a
    card or may not be exposed."""
    exposed = parse_cards_param(text, "exposed")
    refusal = not_exposable(exposed)
    if refusal:
        raise ParamError("exposed: " + refusal[0], "exposed：" + refusal[1])
    return exposed


def holder(hands, card: int) -> int:
    """The seat whose hand (bitmask) holds ``card``."""
    for s in range(4):
        if hands[s] >> card & 1:
            return s
    raise ParamError("nobody holds %s" % card_symbol(card), "没有人持有 %s" % card_symbol(card))


class Replay:
    """A hand played from ``hands`` (four bitmasks) through ``moves`` (card ints), step by step.

    ``leader`` None means the first hand of a match (the holder of ``first_lead``, 2♠ or 2♣,
    leads).  ``exposed`` is a bitmask of exposed cards; ``rules`` any object or dict with the
    scoring options (``rules.Rules``), None for the defaults.  Raises ``ParamError`` when a
    card is played by a seat that does not hold it (the bookkeeping; legality is the engine's).

    ``state(k)`` is the table after the first ``k`` cards.
    """

    def __init__(self, hands, moves, leader=None, exposed=0, rules=None, first_lead="2S"):
        self.hands = list(hands)
        self.exposed = exposed
        self.rules = rules
        self.first_hand = leader is None
        if leader is None:
            leader = holder(self.hands, parse_card(first_lead))
        self.leader = leader
        refusal = not_exposable(exposed)
        if refusal:
            raise ParamError(*refusal)
        self.moves = list(moves)
        self.seats = []
        self.winners = []
        held = list(self.hands)
        to_play = leader
        trick = []
        for i in range(len(self.moves)):
            c = self.moves[i]
            if not held[to_play] >> c & 1:
                who = holder(self.hands, c)
                if held[who] >> c & 1:
                    raise ParamError("move %d: %s plays next but %s was dealt to %s"
                                     % (i + 1, SEAT_NAMES[to_play], card_symbol(c), SEAT_NAMES[who]),
                                     "第 %d 步：该%s出牌，但 %s 在%s手中"
                                     % (i + 1, SEAT_NAMES_ZH[to_play], card_symbol(c), SEAT_NAMES_ZH[who]))
                raise ParamError("move %d: %s was already played" % (i + 1, card_symbol(c)),
                                 "第 %d 步：%s 已经出过了" % (i + 1, card_symbol(c)))
            held[to_play] &= ~(1 << c)
            self.seats.append(to_play)
            trick.append((to_play, c))
            if len(trick) == 4:
                w = trick_winner(trick)
                self.winners.append(w)
                to_play = w
                trick = []
            else:
                to_play = (to_play + 1) % 4

    def seat_of(self, k: int) -> int:
        """The seat that played move ``k`` (0-based)."""
        return int(self.seats[k])

    def state(self, k: int) -> dict:
        """The table after ``k`` cards: a dict of plain data (see the keys below).

        ``held`` (four masks), ``trick`` (``[(seat, card)]`` of the trick in progress, or the
        trick just completed when ``k`` ends one), ``trick_number`` (1-based number of that
        trick, 0 before any card), ``winner`` (seat, when that trick is complete, else None),
        ``captured`` (four masks), ``scores`` (four running hand scores), ``to_play`` (seat, or
        None at the end of the hand), ``done`` (all 52 cards played).
        """
        k = max(0, min(k, len(self.moves)))
        held = list(self.hands)
        captured = [0, 0, 0, 0]
        for i in range(k):
            held[self.seats[i]] &= ~(1 << self.moves[i])
        full = k // 4
        for t in range(full):
            pile = 0
            for i in range(4 * t, 4 * t + 4):
                pile |= 1 << self.moves[i]
            captured[self.winners[t]] |= pile
        if k == 0:
            trick = []
            number = 0
            winner = None
        elif k % 4 == 0:
            trick = [(self.seats[i], self.moves[i]) for i in range(k - 4, k)]
            number = full
            winner = self.winners[full - 1]
        else:
            trick = [(self.seats[i], self.moves[i]) for i in range(4 * full, k)]
            number = full + 1
            winner = None
        if k < len(self.moves):
            to_play = self.seats[k]
        elif k % 4 == 0:
            to_play = (self.winners[full - 1] if full else self.leader) if k < 52 else None
        else:
            to_play = (self.seats[k - 1] + 1) % 4
        return {
            "held": held,
            "trick": trick,
            "trick_number": number,
            "winner": winner,
            "captured": captured,
            "scores": [pile_score(captured[s], self.exposed, self.rules) for s in range(4)],
            "to_play": to_play,
            "done": k == 52,
        }


def trick_winner(trick) -> int:
    """The seat that wins a complete trick ``[(seat, card)] * 4`` (``cards.winning_index``)."""
    return int(trick[winning_index([c for _, c in trick])][0])


def scoring_cards(mask: int) -> list:
    """The scoring cards of a pile, in display order: Q♠, J♦, T♣, then hearts high to low."""
    out = [c for c in SPECIALS if mask >> c & 1]
    out += [c for c in range(ACE_OF_HEARTS, ACE_OF_HEARTS - 13, -1) if mask >> c & 1]
    return out if mask & SCORING_MASK else []


__all__ = [
    "SEAT_LETTERS", "SEAT_NAMES", "SEAT_NAMES_ZH", "ParamError", "Replay", "format_hands", "format_moves",
    "hands_from_seed", "holder",
    "parse_cards_param", "parse_exposed_param", "parse_hand", "parse_hand_number", "parse_hands", "parse_moves",
    "parse_seat", "parse_seed", "scoring_cards", "trick_winner",
]
