"""The bots: a five-level ladder, each level a distinct algorithm, all reading only a seat's view.

``BOTS[name](view, rng)`` is the contract (the worker, the CLI, the arena and outside
harnesses use it).  ``view`` is ``Hand.view(seat)`` (or ``Match.view``) of the seat to decide,
``rng`` a ``random.Random``.  The return value answers whatever the view's phase asks:

- ``"pass"`` phase: a list of ``rules.pass_cards`` card codes to pass, e.g. ``["QS", "AH", "KH"]``;
- ``"expose"`` phase: a list of card codes to expose (a subset of ``view["exposable"]``,
  maybe empty);
- ``"play"`` phase: one card code, e.g. ``"7C"`` (always one of ``view["legal"]``).

It raises ``ValueError`` when the seat has nothing to decide.  The levels (``LEVELS``):

- ``beginner`` (``core/bots/beginner.py``): follows low, throws high, slips one move in six;
- ``easy`` (``core/bots/rulebot.py``): the rule policy (``core/bots/policy.py``);
- ``normal`` (``core/bots/normal.py``): a greedy sampler, 20 worlds, one rule playout each;
- ``hard`` (here, a ``core/bots/pimc.py`` searcher): PIMC, 40 worlds x 4 rule-policy rollouts
  or 0.12 s (0.24 s in the first trick), whichever first;
- ``expert`` (``expert.py``): PIMC over worlds weighted by inference from the play, 160 worlds x 2
  rollouts by refined rules (``policy.Ctx.refined``) or 0.4 s.

The first three are part of the portable core (``gongzhu.core.bots``) and run on MicroPython
too; ``hard`` and ``expert`` search for as long as their clock allows and are meant for
CPython and Pyodide only (on MicroPython they would run, several times slower, and so weaker).
``BOTS`` also holds ``random`` (``core/bots/randombot.py``: uniformly random legal decisions),
which the CLI and the arena know by name but is no level of the ladder (the page offers ``LEVELS``).
``registry.py`` finds bots by name for the CLI and the arena, ``module:function`` bots of yours too.

``set_fixed(True)`` makes ``hard`` and ``expert`` ignore the clock (reproducible results).
``explain(view)`` returns ``{"decision", "en", "zh", "bot"}``: a bot's decision and one short
sentence of why, in English and Chinese (the page's hint button).
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..core.bots import LADDER
from ..core.bots.beginner import beginner
from ..core.bots.normal import normal
from ..core.bots.pimc import Pimc, is_fixed, set_fixed
from ..core.bots.randombot import random_bot
from ..core.bots.rulebot import easy, phase_of
from .expert import Expert, expert
from .explain import explain

hard = Pimc()
"""The ``hard`` bot: 40 worlds x 4 rollouts, or fewer within 0.12 s (0.24 s in the first trick;
unless ``set_fixed``)."""
hard.first_trick_clock = 2.0

Bot = Callable[[dict[str, Any], random.Random], Any]


class Level:
    """A named bot: ``level(view, rng)`` decides (``bot(view, rng)``, the one contract)."""

    def __init__(self, name: str, bot: Bot) -> None:
        self.name = name
        self.bot = bot
        self.__doc__ = bot.__doc__

    def __call__(self, view: dict[str, Any], rng: random.Random) -> Any:
        return self.bot(view, rng)

    def __repr__(self) -> str:
        return f"<bot {self.name}>"


LEVELS = LADDER
"""The level names of the ladder, in order of strength (what the page offers)."""

BOTS: dict[str, Level] = {
    name: Level(name, bot)
    for name, bot in (("beginner", beginner), ("easy", easy), ("normal", normal), ("hard", hard),
                      ("expert", expert), ("random", random_bot))
}
"""Bot name -> bot: the ladder's levels from the weakest to the strongest, then ``random``."""

DEFAULT_BOT = "hard"
"""The level the CLI's ``play`` uses unless told otherwise."""

__all__ = ["BOTS", "DEFAULT_BOT", "LEVELS", "Bot", "Level", "Expert", "Pimc", "explain", "is_fixed", "phase_of",
           "random_bot", "set_fixed"]
