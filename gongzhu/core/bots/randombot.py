"""The ``random`` bot: uniformly random legal decisions (not a level of the ladder).

It passes a random sample of its hand, exposes each exposable card with probability 1/2 and
plays a random legal card.  The CLI and the arena know it by name (``BOTS["random"]``); the
page offers only the ladder (``LEVELS``).
"""

from ..portable import Any, Random


def random_bot(view: dict[str, Any], rng: Random) -> Any:
    """Uniformly random legal decisions; exposes each exposable card with probability 1/2."""
    phase = view["phase"]
    if phase == "pass":
        return rng.sample(view["hand"], view["passing"]["count"])
    if phase == "expose":
        return [c for c in view["exposable"] if rng.random() < 0.5]
    if phase == "play":
        return rng.choice(view["legal"])
    raise ValueError(f"nothing to do in the {phase} phase")
