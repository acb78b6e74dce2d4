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
"""

from __future__ import annotations

import random
from typing import Any, Callable, Protocol


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
    """A new bot of that name, drawing its randomness from ``rng``."""
    reg = registry()
    if name not in reg:
        raise ValueError(f"unknown bot {name!r} (known: {', '.join(sorted(reg))})")
    return reg[name](rng)
