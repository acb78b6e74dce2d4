"""Cards as small ints (0-51), sets of cards as int bitmasks, and the card codes people type.

A card is ``suit * 13 + rank`` where suit 0-3 is spades, hearts, diamonds, clubs (``SUITS``)
and rank 0-12 is 2, 3, ... K, A (``RANKS``).  Inside one suit a higher int is a higher card,
so "the highest card of the suit led" is a plain ``max``.  A set of cards is an int with bit
``c`` set for card ``c``; following suit is ``hand & SUIT_MASKS[suit]``.

Codes are rank then suit: ``"QS"``, ``"TC"``, ``"2H"``.  The parsers also take ``"10C"``,
lower case and the suit symbols (``"Q♠"``, ``"10♣"``); anything else is a ``ValueError``
that names the bad token.

>>> parse_card("QS") == PIG
True
>>> card_code(parse_card("10c"))
'TC'
>>> [card_code(c) for c in parse_cards("q♠ 10♥ AH")]
['QS', 'TH', 'AH']
>>> card_codes(mask_of(parse_cards("2S AS")))
['2S', 'AS']
"""

SUITS = "SHDC"
"""Suit letters by suit index: spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS = "♠♥♦♣"
"""Suit symbols by suit index."""
RANKS = "23456789TJQKA"
"""Rank letters by rank index (0 = two ... 12 = ace)."""

SPADES = 0
HEARTS = 1
DIAMONDS = 2
CLUBS = 3

SUIT_MASKS = (0x1FFF, 0x1FFF << 13, 0x1FFF << 26, 0x1FFF << 39)
"""The bitmask of all 13 cards of each suit, by suit index."""
HEARTS_MASK = SUIT_MASKS[HEARTS]
"""All 13 hearts as a bitmask."""
FULL_DECK = (1 << 52) - 1
"""All 52 cards as a bitmask."""

TWO_OF_SPADES = 0
"""2♠, the first lead of a match by default."""
PIG = 10
"""Q♠, the pig (猪), -100."""
ACE_OF_HEARTS = 25
"""A♥, whose exposure doubles every heart."""
SHEEP = 35
"""J♦, the sheep or goat (羊), +100."""
TWO_OF_CLUBS = 39
"""2♣, the first lead under the ``first_lead="2C"`` house rule."""
TRANSFORMER = 47
"""T♣, the transformer or doubler (变压器)."""

EXPOSABLE = (ACE_OF_HEARTS, PIG, SHEEP, TRANSFORMER)
"""The four cards that may be exposed (亮牌), in a fixed order."""
EXPOSABLE_MASK = (1 << ACE_OF_HEARTS) | (1 << PIG) | (1 << SHEEP) | (1 << TRANSFORMER)
SCORING_MASK = HEARTS_MASK | (1 << PIG) | (1 << SHEEP) | (1 << TRANSFORMER)
SPECIALS = (PIG, SHEEP, TRANSFORMER)
"""The scoring cards that are not hearts, in the order a score sheet shows them."""
"""The 16 scoring cards: 13 hearts, Q♠, J♦, T♣."""

_SUIT_ALIASES = {
    "S": 0, "H": 1, "D": 2, "C": 3,
    "♠": 0, "♥": 1, "♦": 2, "♣": 3,
    "♤": 0, "♡": 1, "♢": 2, "♧": 3,
}
_RANK_ALIASES = {"10": 8, "T": 8}
for _i in range(13):
    _RANK_ALIASES[RANKS[_i]] = _i

_RANK_NAMES_EN = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                  "jack", "queen", "king", "ace")
_SUIT_NAMES_EN = ("spades", "hearts", "diamonds", "clubs")
_SUIT_NAMES_ZH = ("黑桃", "红心", "方块", "梅花")
_RANK_DISPLAY = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")


def suit_of(card: int) -> int:
    """Suit index (0 spades, 1 hearts, 2 diamonds, 3 clubs) of a card.

    >>> suit_of(PIG), suit_of(TRANSFORMER)
    (0, 3)
    """
    return card // 13


def rank_of(card: int) -> int:
    """Rank index (0 = two ... 12 = ace) of a card.

    >>> RANKS[rank_of(PIG)]
    'Q'
    """
    return card % 13


def make_card(rank: int, suit: int) -> int:
    """The card of a rank index and a suit index.

    >>> make_card(10, SPADES) == PIG
    True
    """
    return suit * 13 + rank


def parse_card(token) -> int:
    """Parse one card: ``"QS"``, ``"qs"``, ``"10C"``, ``"TC"``, ``"Q♠"``; an int 0-51 passes through.

    >>> parse_card("AH"), parse_card("10♣"), parse_card(" 2s ")
    (25, 47, 0)
    >>> parse_card("1S")
    Traceback (most recent call last):
    ...
    ValueError: not a card: '1S' (use a rank 2-10, T, J, Q, K, A then a suit S, H, D, C or ♠ ♥ ♦ ♣, like QS or 10♥)
    """
    if isinstance(token, int) and not isinstance(token, bool):
        if 0 <= token < 52:
            return token
        raise ValueError("not a card: %r (card numbers are 0-51)" % (token,))
    if not isinstance(token, str):
        raise ValueError("not a card: %r" % (token,))
    text = token.strip().upper()
    if len(text) >= 2:
        rank = _RANK_ALIASES.get(text[:-1])
        suit = _SUIT_ALIASES.get(text[-1])
        if rank is not None and suit is not None:
            return suit * 13 + rank
    raise ValueError(
        "not a card: %r (use a rank 2-10, T, J, Q, K, A then a suit S, H, D, C or ♠ ♥ ♦ ♣,"
        " like QS or 10♥)" % (token,)
    )


def parse_cards(tokens) -> list:
    """Parse several cards from a string (split on spaces and commas) or an iterable.

    An int is taken as a bitmask.  Duplicates are an error (a pack holds each card once).

    >>> parse_cards("QS, KH 8h")
    [10, 24, 19]
    >>> parse_cards(["QS", "QS"])
    Traceback (most recent call last):
    ...
    ValueError: card QS is listed twice
    """
    if isinstance(tokens, int) and not isinstance(tokens, bool):
        return cards_of(tokens)
    if isinstance(tokens, str):
        tokens = tokens.replace(",", " ").split()
    out = []
    seen = 0
    for token in tokens:
        c = parse_card(token)
        if seen >> c & 1:
            raise ValueError("card %s is listed twice" % card_code(c))
        seen |= 1 << c
        out.append(c)
    return out


def winning_index(trick) -> int:
    """Who wins a trick: the index, in play order, of the highest card of the suit led (the first
    card's suit) among the cards ``trick`` holds so far; a card of another suit never wins.

    >>> winning_index([parse_card("4S"), parse_card("AH"), parse_card("KS"), parse_card("2S")])
    2
    """
    suit = trick[0] // 13
    best = 0
    for i in range(1, len(trick)):
        c = trick[i]
        if c // 13 == suit and c > trick[best]:
            best = i
    return best


def card_code(card: int) -> str:
    """The code of a card: rank letter then suit letter.

    >>> card_code(0), card_code(47), card_code(51)
    ('2S', 'TC', 'AC')
    """
    return RANKS[card % 13] + SUITS[card // 13]


def card_codes(cards) -> list:
    """Codes of several cards (an iterable of ints, or a bitmask, listed low to high).

    >>> card_codes([PIG, SHEEP])
    ['QS', 'JD']
    """
    if isinstance(cards, int):
        cards = cards_of(cards)
    return [card_code(c) for c in cards]


def card_symbol(card: int) -> str:
    """The card with its suit symbol, as the page shows it: ``Q♠``, ``10♥``.

    >>> card_symbol(PIG), card_symbol(parse_card("TH"))
    ('Q♠', '10♥')
    """
    return _RANK_DISPLAY[card % 13] + SUIT_SYMBOLS[card // 13]


NOT_EXPOSABLE = ("Only A♥, Q♠, J♦ and 10♣ may be exposed, not {card}.", "只有 A♥、Q♠、J♦ 和 10♣ 可以亮，{card}不行。")
"""The refusal of a card that may not be exposed, in English and Chinese (``{card}``: its symbol)."""


def not_exposable(cards: int):
    """``NOT_EXPOSABLE`` for the lowest card of the bitmask ``cards`` that may not be exposed, as
    ``(English, Chinese)``; None when every card of ``cards`` may be exposed.

    >>> not_exposable(mask_of(["AH", "2C"]))[0]
    'Only A♥, Q♠, J♦ and 10♣ may be exposed, not 2♣.'
    """
    extra = cards & ~EXPOSABLE_MASK
    if not extra:
        return None
    card = card_symbol(cards_of(extra)[0])
    return NOT_EXPOSABLE[0].format(card=card), NOT_EXPOSABLE[1].format(card=card)


def card_name(card: int, lang: str = "en") -> str:
    """The card's full name, for screen readers and people: ``Queen of spades`` / ``黑桃Q``.

    >>> card_name(PIG), card_name(PIG, "zh")
    ('Queen of spades', '黑桃Q')
    """
    if lang == "zh":
        return _SUIT_NAMES_ZH[card // 13] + _RANK_DISPLAY[card % 13]
    name = _RANK_NAMES_EN[card % 13] + " of " + _SUIT_NAMES_EN[card // 13]
    return name[0].upper() + name[1:]


def mask_of(cards) -> int:
    """The bitmask of an iterable of cards (ints or codes).

    >>> mask_of([0, 1]) == 3
    True
    """
    m = 0
    for c in cards:
        if not isinstance(c, int):
            c = parse_card(c)
        m |= 1 << c
    return m


def cards_of(mask: int) -> list:
    """The cards of a bitmask, low to high.

    >>> cards_of(0b1010)
    [1, 3]
    """
    out = []
    c = 0
    while mask:
        if mask & 1:
            out.append(c)
        mask >>= 1
        c += 1
    return out


def sort_for_display(cards) -> list:
    """Cards sorted as a hand is held: by suit (♠ ♥ ♦ ♣), high to low inside each suit.

    >>> card_codes(sort_for_display(parse_cards("2S QS AH 3C")))
    ['QS', '2S', 'AH', '3C']
    """
    return sorted(cards, key=lambda c: (c // 13, -(c % 13)))
