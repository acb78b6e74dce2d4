"""Gong Zhu (拱猪, "Chase the Pig"): the rules engine, bots and command line, in pure Python.

``gongzhu.core`` is the portable core: the rules, a hand, a match, scoring, the replay
notation, the score keeper's logic, the playout layer and the beginner, easy and normal bots,
each running unchanged under CPython, Pyodide and MicroPython.  Around it, for CPython and
Pyodide only: the search bots ``hard`` and ``expert`` (``gongzhu.bots``), the arena, the puzzle
solver and the command line.

The public API (the contract scripts, the web worker and outside tools use)::

    from gongzhu import Rules, PRESETS, IllegalMove, parse_cards, score_pile, new_hand, new_match

See ``gongzhu.core.hand`` (a hand and its per-seat ``view``), ``gongzhu.core.match`` (a match),
``gongzhu.core.scoring`` (``score_pile``), ``gongzhu.core.fast`` (the playout layer).
"""

import sys

__version__ = "0.1.0"

# A MicroPython page ships only the core modules it uses and imports them from gongzhu.core by
# name; the re-exports below would import them all.
if sys.implementation.name != "micropython":
    from .core.cards import (
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
    from .core.deal import deal_hands, hand_seed
    from .core.hand import FORMAT_VERSION, Hand, IllegalMove, legal_mask, new_hand
    from .core.match import Match, new_match
    from .core.rules import PRESETS, Rules, get_rules
    from .core.scoring import Score, ScoreLine, pile_score, score_pile

    __all__ = [
        "__version__",
        "ACE_OF_HEARTS", "EXPOSABLE", "PIG", "SHEEP", "TRANSFORMER",
        "card_code", "card_codes", "card_name", "card_symbol", "parse_card", "parse_cards",
        "deal_hands", "hand_seed", "Score", "ScoreLine", "pile_score", "score_pile",
        "FORMAT_VERSION", "Hand", "IllegalMove", "legal_mask", "new_hand", "Match", "new_match",
        "PRESETS", "Rules", "get_rules",
    ]
