"""The portable bots: ``beginner``, ``easy`` (``rulebot``) and ``normal``, with what they share
(``policy``: the rule policy and rollouts; ``sampler``: what a seat knows and deals consistent
with it; ``pimc``: the world-sampling search that ``normal`` uses for exposure and passing and
``gongzhu.bots`` runs on the clock as ``hard`` and ``expert``) and the ``random`` bot.

Each is ``bot(view, rng)``; ``gongzhu.bots.BOTS`` names them all.
"""

LADDER = ["beginner", "easy", "normal", "hard", "expert"]
"""The levels of the ladder, in order of strength (what the page offers); the first three are
here, ``hard`` and ``expert`` in ``gongzhu.bots`` (CPython and Pyodide only)."""
