"""Gong Zhu (拱猪, "Chase the Pig"): the rules engine, bots and command line, in pure Python.

The public API (the contract scripts, the web worker and outside tools use)::

    from gongzhu import Rules, PRESETS, IllegalMove, parse_cards, score_pile, new_hand, new_match

See ``gongzhu.hand`` (a hand and its per-seat ``view``), ``gongzhu.match`` (a match),
``gongzhu.scoring`` (``score_pile``), ``gongzhu.fast`` (the playout layer for bots and bench).
"""

__version__ = "0.1.0"

from .cards import (
    ACE_OF_HEARTS,
    EXPOSABLE,
    PIG,
    SHEEP,
    TRANSFORMER,
    card_code,
    card_codes,
    card_name,
    card_symbol,
    parse_card,
    parse_cards,
)
from .deal import deal_hands, hand_seed
from .scoring import Score, ScoreLine, pile_score, score_pile

__all__ = [
    "__version__",
    "ACE_OF_HEARTS", "EXPOSABLE", "PIG", "SHEEP", "TRANSFORMER",
    "card_code", "card_codes", "card_name", "card_symbol", "parse_card", "parse_cards",
    "deal_hands", "hand_seed", "Score", "ScoreLine", "pile_score", "score_pile",
]

import sys

PORTABLE = ("cards", "deal", "options", "scoring", "replay", "keeper")
"""The modules that run unchanged under MicroPython, on the pages' main thread (no typing, no
dataclasses, no ``from __future__``, no ``int.bit_count`` or ``bit_length``); everything else
needs CPython or Pyodide.  The one list: web/tools/mpy_compile.py precompiles these, each page's
mpy.toml may name only these, and tests/test_engine_fence.py runs them all under MicroPython."""

# MicroPython (the page's main thread) has only the PORTABLE modules.
if sys.implementation.name != "micropython":
    from .hand import FORMAT_VERSION, Hand, IllegalMove, legal_mask, new_hand
    from .match import Match, new_match
    from .rules import PRESETS, Rules, get_rules

    __all__ += [
        "FORMAT_VERSION", "Hand", "IllegalMove", "legal_mask", "new_hand", "Match", "new_match",
        "PRESETS", "Rules", "get_rules",
    ]
