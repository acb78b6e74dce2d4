"""Benchmark bots (not a test): ``hard`` with other exposure decisions, for the duplicate arena.

Each variant lets ``hard`` decide first and then keeps or replaces only its exposure, so it
draws the same random numbers as ``hard``: against three copies of ``hard`` a deal differs
only where an exposure differs. Run from the repository's root, as bots of your own:

    python -m gongzhu arena --candidate tests.bench_exposure:no_expose --baseline hard \\
        --deals 200 --seed 21 --fixed --jobs 2

- ``no_expose``: never exposes;
- ``rule_expose``: exposes as the rule bot does (the sheep with diamond strength, the pig
  behind five low spades);
- ``margin40``: exposes only when the search values it 40 points above exposing nothing.

(At commit 76f5a35 this file also had ``expert_rule_expose``, the expert exposing as the rule bot
does, measured against hard in docs/STRENGTH.md; the expert now weighs the rule bot's
exposure and its subsets with its own search, ``Pimc.rule_proposes``.)
"""

from __future__ import annotations

import copy
import random
from typing import Any

from gongzhu.bots import BOTS, phase_of
from gongzhu.core.bots.pimc import hard
from gongzhu.core.bots.rulebot import choose_expose
from gongzhu.core.bots.sampler import Knowledge

_margin40 = copy.copy(hard)
_margin40.expose_margin = 40.0


def no_expose(view: dict[str, Any], rng: random.Random) -> Any:
    decision = BOTS["hard"](view, rng)
    return [] if phase_of(view) == "expose" else decision


def rule_expose(view: dict[str, Any], rng: random.Random) -> Any:
    decision = BOTS["hard"](view, rng)
    return choose_expose(Knowledge(view)) if phase_of(view) == "expose" else decision


def margin40(view: dict[str, Any], rng: random.Random) -> Any:
    return _margin40(view, rng)

