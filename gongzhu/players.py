"""Computer players by name: the registry the CLI (and anything else) picks bots from.

A bot is made by a factory ``factory(rng: random.Random)`` and answers one question,
``bot.act(view) -> action``, where ``view`` is ``Hand.view(seat)`` (or ``Match.view``) for
the seat it plays and the action depends on ``view["phase"]``:

- ``"pass"``: a list of ``view["passing"]["count"]`` card codes from ``view["hand"]``;
- ``"expose"``: a list of codes from ``view["exposable"]`` (empty to decline);
- ``"play"``: one code from ``view["legal"]``.

``BOTS`` here holds ``"random"`` (uniformly random legal decisions).  ``bot_names()`` and
``make_bot(name, rng)`` also look in ``gongzhu.bots.BOTS`` (the bots package, when present),
whose entries take precedence, so stronger bots slot in without changing any caller.
A name ``module:function`` is a bot of yours: any importable ``function(view, rng)`` with the
levels' contract (``gongzhu.bots``), found from the current folder too.
"""

from __future__ import annotations

import importlib
import os
import random
import sys
from typing import Any, Callable, Protocol, cast

from .hand import Hand, IllegalMove


class Bot(Protocol):
    """What a bot does: given its seat's view, choose an action (see the module docstring)."""

    def act(self, view: dict[str, Any]) -> Any: ...


class RandomBot:
    """Uniformly random legal decisions; exposes each exposable card with probability 1/2."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, view: dict[str, Any]) -> Any:
        """The action for ``view`` (see the module docstring)."""
        phase = view["phase"]
        if phase == "pass":
            return self.rng.sample(view["hand"], view["passing"]["count"])
        if phase == "expose":
            return [c for c in view["exposable"] if self.rng.random() < 0.5]
        if phase == "play":
            return self.rng.choice(view["legal"])
        raise ValueError(f"nothing to do in the {phase} phase")


BOTS: dict[str, Callable[[random.Random], Any]] = {"random": RandomBot}
"""The engine's own bots by name (``gongzhu.bots.BOTS`` adds more)."""


def registry() -> dict[str, Callable[[random.Random], Any]]:
    """Every bot factory by name: this module's, then ``gongzhu.bots.BOTS`` if importable."""
    out = dict(BOTS)
    try:
        from . import bots as bots_package
    except ImportError:
        return out
    extra = getattr(bots_package, "BOTS", None)
    if isinstance(extra, dict):
        out.update(extra)
    return out


def bot_names() -> list[str]:
    """The names ``make_bot`` accepts."""
    return sorted(registry())


def default_bot_name() -> str:
    """The strongest bot available by convention: ``gongzhu.bots.DEFAULT_BOT`` if set, else random."""
    try:
        from . import bots as bots_package
    except ImportError:
        return "random"
    name = getattr(bots_package, "DEFAULT_BOT", None)
    return name if isinstance(name, str) and name in registry() else "random"


def make_bot(name: str, rng: random.Random) -> Any:
    """A new bot of that name (or ``module:function``), drawing its randomness from ``rng``."""
    reg = registry()
    if name in reg:
        return reg[name](rng)
    return BoundBot(import_bot(name, known=sorted(reg)), rng)


def import_bot(name: str, known: list[str]) -> Callable[[dict[str, Any], random.Random], Any]:
    """Your bot ``module:function``: ``function(view, rng)`` -> the decision the phase asks.

    Raises ValueError with what is wrong: not of that form (an unknown level: ``known`` are the
    levels), a module that does not import, a name that is not a function of it.
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
    return cast(Callable[[dict[str, Any], random.Random], Any], bot)


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


class BoundBot:
    """A ``function(view, rng)`` bot bound to its rng, with ``act(view)`` (this module's protocol)."""

    def __init__(self, bot: Callable[[dict[str, Any], random.Random], Any], rng: random.Random) -> None:
        self.bot = bot
        self.rng = rng

    def act(self, view: dict[str, Any]) -> Any:
        return self.bot(view, self.rng)
