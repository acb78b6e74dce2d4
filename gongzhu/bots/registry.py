"""Bots by name: what the CLI and the arena (and anything else) pick bots from.

Every bot has one contract, ``bot(view, rng)`` -> the decision ``view["phase"]`` asks for
(``gongzhu.bots``); the caller keeps each bot's ``random.Random``.  A name is a key of
``gongzhu.bots.BOTS`` (the ladder's levels and ``"random"``) or ``module:function``: a bot of
yours, any importable ``function(view, rng)`` with that contract, found from the current folder
too.

- ``bot_names()``: the names of ``BOTS``;
- ``resolve_bot(name)``: the bot of that name (ValueError, readable, if there is none);
- ``import_bot(name, known)``: a ``module:function`` bot;
- ``bot_decides(hand, seat, decision, name)``: a bot's decision applied, refusals named.
"""

from __future__ import annotations

import importlib
import os
import sys
from typing import Any, cast

from ..core.hand import Hand, IllegalMove
from . import BOTS, Bot


def bot_names() -> list[str]:
    """The names ``resolve_bot`` knows (``module:function`` aside), sorted."""
    return sorted(BOTS)


def resolve_bot(name: str) -> Bot:
    """The bot called ``name``: a key of ``BOTS``, or ``module:function`` (a bot of yours).

    Raises ValueError with what is wrong (``import_bot``).
    """
    if name in BOTS:
        return BOTS[name]
    return import_bot(name, known=bot_names())


def import_bot(name: str, known: list[str]) -> Bot:
    """Your bot ``module:function``: ``function(view, rng)`` -> the decision the phase asks.

    Raises ValueError with what is wrong: not of that form (an unknown bot: ``known`` are the
    names), a module that does not import, a name that is not a function of it.
    """
    module, sep, attr = name.partition(":")
    if not (sep and module and attr):
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(known)}; or module:function for a bot of yours)")
    if os.getcwd() not in sys.path and "" not in sys.path:
        sys.path.append(os.getcwd())  # A bot of yours in the current folder, as `python -m` would find it.
    try:
        found = importlib.import_module(module)
    except Exception as e:  # ImportError, or the module failing as it runs: say which
        raise ValueError(f"bot {name!r}: cannot import {module!r} ({type(e).__name__}: {e})") from None
    bot = getattr(found, attr, None)
    if not callable(bot):
        raise ValueError(f"bot {name!r}: {module!r} has no function {attr!r}")
    return cast(Bot, bot)


def bot_decides(hand: Hand, seat: int, decision: Any, name: str, where: str = "") -> list[dict[str, Any]]:
    """``hand.decide(seat, decision)`` for the bot called ``name``; returns the events.

    A decision the rules refuse (a bot of yours can make one) becomes a ValueError that names
    the bot, its seat, ``where`` (e.g. ``"deal seed 7, "``), the phase and the reason.
    """
    try:
        return hand.decide(seat, decision)
    except IllegalMove as e:
        raise ValueError(f"bot {name!r} in seat {seat} ({where}{hand.phase}) decided {decision!r}, "
                         f"which the rules refuse: {e}") from None
