"""Helpers for the engine tests: explicit deals built around a few chosen cards, random play."""

from __future__ import annotations

import random
from typing import Any

from gongzhu import Hand
from gongzhu.core.cards import card_code, cards_of, parse_cards


def make_hands(spec: dict[int, str]) -> list[list[str]]:
    """Four hands of 13 codes: seat -> the cards it must hold; the rest dealt low to high."""
    hands: list[list[int]] = [[], [], [], []]
    used: set[int] = set()
    for seat, text in spec.items():
        hands[seat] = parse_cards(text)
        used |= set(hands[seat])
    rest = [c for c in range(52) if c not in used]
    for seat in range(4):
        while len(hands[seat]) < 13:
            hands[seat].append(rest.pop(0))
    assert not rest
    return [[card_code(c) for c in h] for h in hands]


def play_randomly(hand: Hand, rng: random.Random, expose_p: float = 0.5) -> list[dict[str, Any]]:
    """Finish a hand with random legal decisions; return all events."""
    events: list[dict[str, Any]] = []
    while hand.phase != "done":
        seat = hand.to_play
        assert seat is not None
        if hand.phase == "pass":
            events += hand.pass_cards(seat, rng.sample(cards_of(hand.held[seat]), hand.rules.pass_cards))
        elif hand.phase == "expose":
            events += hand.expose(seat, [c for c in hand.exposable(seat) if rng.random() < expose_p])
        else:
            moves = hand.legal_moves()
            assert moves
            events += hand.play(rng.choice(moves))
    return events
