"""The engine side of the embeds: check a replay's move list, solve a puzzle position, play it out.

The portable part (legality, the position, a play-out) is ``gongzhu.core.puzzle``, which the quick
engine worker (MicroPython) answers at once; here the strongest bot's answer to a puzzle
(``solve``), which the Pyodide worker gives (``web/worker.py``'s ``API``).

A *spec* is the JSON-able description of a deal (``gongzhu.core.puzzle``).
"""

from __future__ import annotations

import random
from typing import Any, Callable

from .bots import BOTS, explain
from .core.puzzle import SEAT_NAMES, SEAT_NAMES_ZH, check, describe, position, position_view, spec_hand
from .core.puzzle import play_out as core_play_out

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


def solve(spec: dict[str, Any], moves: list[str], seed: int = 0) -> dict[str, Any]:
    """The position after ``moves``: who plays, the legal cards, why the others are not, and the
    strongest bot's choice.

    Returns ``{"seat", "legal": [codes], "illegal": {code: reason}, "illegal_zh": {code: reason in
    Chinese}, "best": code, "bot": level,
    "why": {"en": ..., "zh": ...}}`` (``why``: the bot's one sentence, from
    ``gongzhu.bots.explain``).
    """
    hand = position(spec, moves)
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
    """Play ``card`` in the position after ``moves``, then let the quickest bot finish the hand
    (``gongzhu.core.puzzle.play_out``)."""
    level, bot = pick_bot(PLAYOUT_LADDER)
    return core_play_out(spec, moves, card, seed, bot, level)


__all__ = ["PLAYOUT_LADDER", "SEAT_NAMES", "SEAT_NAMES_ZH", "SOLVER_LADDER", "check", "describe", "pick_bot",
           "play_out", "position", "position_view", "solve", "spec_hand"]
