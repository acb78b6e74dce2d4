"""Cards: ints 0-51, codes, the accepted spellings, and the errors that name the bad token."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gongzhu.core import cards
from gongzhu.core.cards import (
    ACE_OF_HEARTS,
    PIG,
    SHEEP,
    TRANSFORMER,
    card_code,
    card_codes,
    card_name,
    card_symbol,
    cards_of,
    mask_of,
    parse_card,
    parse_cards,
)
from gongzhu.core.portable import popcount


def test_named_cards():
    assert card_code(PIG) == "QS"
    assert card_code(SHEEP) == "JD"
    assert card_code(TRANSFORMER) == "TC"
    assert card_code(ACE_OF_HEARTS) == "AH"
    assert card_code(cards.TWO_OF_SPADES) == "2S"
    assert card_code(cards.TWO_OF_CLUBS) == "2C"
    assert popcount(cards.SCORING_MASK) == 16
    assert popcount(cards.EXPOSABLE_MASK) == 4


@pytest.mark.parametrize("token, code", [
    ("QS", "QS"), ("qs", "QS"), ("Qs", "QS"), ("10C", "TC"), ("10c", "TC"), ("tc", "TC"),
    ("Q♠", "QS"), ("10♣", "TC"), ("a♥", "AH"), ("J♦", "JD"), (" 2h ", "2H"), ("q♤", "QS"),
    ("A♡", "AH"), (47, "TC"),
])
def test_accepted_spellings(token, code):
    assert card_code(parse_card(token)) == code


@pytest.mark.parametrize("token", ["", "Q", "QX", "1S", "11S", "ZS", "QSS", "10", "♠", "S Q", "0S",
                                   52, -1, True, None, 3.0, "🂡"])
def test_bad_tokens_name_themselves(token):
    with pytest.raises(ValueError) as e:
        parse_card(token)
    assert repr(token) in str(e.value)


def test_parse_cards_forms():
    assert card_codes(parse_cards("QS, KH  8h")) == ["QS", "KH", "8H"]
    assert card_codes(parse_cards(["q♠", "10♥"])) == ["QS", "TH"]
    assert parse_cards("") == []
    assert card_codes(parse_cards(mask_of(["AS", "2S"]))) == ["2S", "AS"]
    with pytest.raises(ValueError, match="'XX'"):
        parse_cards("QS XX")
    with pytest.raises(ValueError, match="twice"):
        parse_cards("QS q♠")


@given(st.integers(0, 51))
def test_code_round_trip(c):
    assert parse_card(card_code(c)) == c
    assert parse_card(card_symbol(c)) == c
    assert parse_card(card_code(c).lower()) == c


@given(st.sets(st.integers(0, 51)))
def test_mask_round_trip(s):
    m = mask_of(s)
    assert cards_of(m) == sorted(s)
    assert popcount(m) == len(s)


def test_suit_order_and_ranks():
    # Inside a suit a higher int is a higher card.
    spades = [parse_card(r + "S") for r in "23456789TJQKA"]
    assert spades == sorted(spades)
    assert all(cards.suit_of(parse_card("7" + s)) == i for i, s in enumerate("SHDC"))


def test_names():
    assert card_name(PIG) == "Queen of spades"
    assert card_name(parse_card("TH")) == "Ten of hearts"
    assert card_name(SHEEP, "zh") == "方块J"
    assert card_symbol(TRANSFORMER) == "10♣"
    assert card_codes(cards.sort_for_display(parse_cards("2C AH QS 3S"))) == ["QS", "3S", "AH", "2C"]
