"""The engine side of the embeds: check a replay's move list, solve a puzzle position, play it out.

The embed pages (``web/embed/``) read a hand from URL parameters with ``gongzhu.core.replay`` on
the MicroPython main thread and show it at once; the Pyodide worker then calls these
functions (``web/worker.py``'s ``API``) for what needs the full engine: legality (from
``gongzhu.core.hand``, the one source of it) and the bots.

A *spec* is the JSON-able description of a deal, as the pages send it::

    {"hands": [[codes of seat 0], ... 4 lists], "leader": None or seat,
     "exposed": [codes], "rules": "classic" (a preset name) or a dict of options}

``leader`` None means the first hand of a match (the holder of 2♠, or 2♣, leads it).

>>> from gongzhu.core.deal import deal_hands
>>> from gongzhu.core.cards import card_codes
>>> spec = {"hands": [card_codes(h) for h in deal_hands(7)], "leader": None, "exposed": [], "rules": "classic"}
>>> check(spec, ["2S", "KH"])["error"]
'Move 2 (West plays K♥): You must follow suit: spades were led and you hold a spade.'
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .bots import BOTS, explain
from .core.cards import card_code, card_symbol, parse_card
from .core.hand import Hand, new_hand

SEAT_NAMES = ("South", "East", "North", "West")
"""Seat names by seat number, as the embeds show them (``replay.SEAT_LETTERS``)."""
SEAT_NAMES_ZH = ("南家", "东家", "北家", "西家")

SOLVER_LADDER = ("expert", "hard", "normal", "easy", "beginner")
"""Bot levels tried for a puzzle's answer, strongest first (the first one that exists is used)."""
PLAYOUT_LADDER = ("easy", "beginner", "normal", "hard", "expert")
"""Bot levels tried to play a puzzle out to the end of the hand, quickest first."""

Bot = Callable[[dict[str, Any], random.Random], Any]


def pick_bot(ladder: tuple[str, ...] | list[str]) -> tuple[str, Bot]:
    """The first level of ``ladder`` that ``gongzhu.bots.BOTS`` has, and its function.

    Raises ValueError when ``BOTS`` has none of them.
    """
    for level in ladder:
        if level in BOTS:
            return level, BOTS[level]
    raise ValueError(f"no bot of {', '.join(ladder)} in gongzhu.bots")


def spec_hand(spec: dict[str, Any]) -> Hand:
    """A hand at the start of play from a spec (see the module docstring); ValueError if it is not a deal."""
    leader = spec.get("leader")
    return new_hand(
        hands=spec["hands"],
        rules=spec.get("rules") or "classic",
        leader=leader,
        first_hand=leader is None,
        exposed=spec.get("exposed") or [],
    )


def _describe(hand: Hand, number: int, code: str) -> tuple[str, str]:
    """'Move n (West plays K♥)', in English and in Chinese."""
    seat = hand.to_play
    try:
        card = card_symbol(parse_card(code))
    except ValueError:
        card = str(code)
    if seat is None:
        return f"Move {number} (nobody plays {card})", f"第 {number} 步（无人出 {card}）"
    return f"Move {number} ({SEAT_NAMES[seat]} plays {card})", f"第 {number} 步（{SEAT_NAMES_ZH[seat]}出 {card}）"


def check(spec: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """Play ``moves`` (codes) from the spec's deal: how many are legal, and why the next one is not.

    Returns ``{"legal": n, "error": None or "Move n (West plays K♥): <the engine's reason>",
    "error_zh": the same in Chinese, "scores": [hand scores after the legal moves]}``.
    """
    hand = spec_hand(spec)
    for i, code in enumerate(moves):
        reason = hand.why_illegal(code)
        if reason:
            en, zh = _describe(hand, i + 1, code)
            return {"legal": i, "error": f"{en}: {reason}", "error_zh": f"{zh}：{reason.zh}",
                    "scores": hand.hand_scores()}
        hand.play(code)
    return {"legal": len(moves), "error": None, "error_zh": None, "scores": hand.hand_scores()}


def _position(spec: dict[str, Any], moves: list[str]) -> Hand:
    hand = spec_hand(spec)
    result = check(spec, moves)
    if result["error"]:
        raise ValueError(result["error"])
    for code in moves:
        hand.play(code)
    if hand.phase != "play":
        raise ValueError("the hand is over after these moves: there is nothing left to decide")
    return hand


def solve(spec: dict[str, Any], moves: list[str], seed: int = 0) -> dict[str, Any]:
    """The position after ``moves``: who plays, the legal cards, why the others are not, and the
    strongest bot's choice.

    Returns ``{"seat", "legal": [codes], "illegal": {code: reason}, "illegal_zh": {code: reason in
    Chinese}, "best": code, "bot": level,
    "why": {"en": ..., "zh": ...}}`` (``why``: the bot's one sentence, from
    ``gongzhu.bots.explain``).
    """
    hand = _position(spec, moves)
    seat = hand.to_play
    assert seat is not None
    level, _ = pick_bot(SOLVER_LADDER)
    view = hand.view(seat)
    result = explain(view, level, seed)
    best = result["decision"]
    why = {"en": str(result["en"]), "zh": str(result["zh"])}
    return {
        "seat": seat,
        "legal": hand.legal_moves(),
        "illegal": view["illegal"],
        "illegal_zh": view["illegal_zh"],
        "best": str(best),
        "bot": level,
        "why": why,
    }


def play_out(spec: dict[str, Any], moves: list[str], card: str, seed: int = 0) -> dict[str, Any]:
    """Play ``card`` in the position after ``moves``, then let bots finish the hand.

    Returns ``{"card", "moves": [codes played after the position, card first],
    "scores": [4 final hand scores], "bot": level}``; IllegalMove (readable) if ``card`` may
    not be played there.
    """
    hand = _position(spec, moves)
    level, bot = pick_bot(PLAYOUT_LADDER)
    rng = random.Random(seed)
    hand.play(card)
    played = [hand.played[-1][1]]
    while hand.phase == "play":
        seat = hand.to_play
        assert seat is not None
        choice = bot(hand.view(seat), rng)
        hand.play(choice)
        played.append(hand.played[-1][1])
    return {
        "card": card_code(played[0]),
        "moves": [card_code(c) for c in played],
        "scores": hand.hand_scores(),
        "bot": level,
    }
