"""The house rules as one frozen dataclass of named options, and the named presets.

``Rules()`` is every default of RULES.md; ``dataclasses.replace(rules, target=500)`` makes a
house rule; ``PRESETS`` holds the named presets.  The fields and defaults mirror
``gongzhu.options`` (the plain-data list the MicroPython page reads); a test keeps them equal.

>>> PRESETS["classic"] == Rules()
True
>>> PRESETS["round-points"].first_lead
'2C'
>>> Rules(pass_cards=2)
Traceback (most recent call last):
...
ValueError: option pass_cards must be one of 0, 3, not 2
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping

from . import options


@dataclass(frozen=True)
class Rules:
    """A set of house rules; every field is a named option with RULES.md's default."""

    first_lead: str = "2S"
    """Which card leads the first trick of a match: "2S" (default) or "2C"; its holder must lead it."""
    hearts_must_be_broken: bool = False
    """If True, hearts may not be led until a heart has been played, unless only hearts are held."""
    exposure: bool = True
    """If True, players may expose A♥, Q♠, J♦, T♣ before the first trick to double them."""
    exposure_mode: str = "open"
    """"open": in play order from the leader, each seeing earlier exposures; "secret": revealed together."""
    auto_expose_fourth: bool = False
    """If True, once three of the four special cards are exposed the fourth is exposed automatically."""
    pig_positive_with: str = "all_hearts"
    """"all_hearts": Q♠ is +100 when its captor took all 13 hearts; "sweep": only with all 16 scoring cards."""
    transformer_alone: str = "no_other_scoring"
    """T♣ scores +50 when no other scoring card was captured, or ("net_zero") when the others net to zero."""
    heart_values: str = "standard"
    """"standard" heart values, or "pips" (10-5♥ minus pips, 4♥ -10, 3♥ -3, 2♥ -2)."""
    target: int = 1000
    """The match ends after a hand in which a total reaches -target (or +target with end_on_plus)."""
    end_on_plus: bool = False
    """If True the match also ends at +target, and round points are awarded (2 / 0 / 1)."""
    pass_cards: int = 0
    """Cards each player passes to the next player before exposure: 0 or 3."""
    partnership: bool = False
    """If True, partners sit opposite (seats 0+2 and 1+3) and share a total."""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            options.check(f.name, getattr(self, f.name))

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain JSON-able dict."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Rules:
        """Rules from a dict of options (missing ones take their defaults; unknown ones are an error)."""
        for k in data:
            options.option(k)  # raises for an unknown name
        return cls(**dict(data))

    def preset_name(self) -> str | None:
        """The name of the preset equal to these rules, if any."""
        for name, preset in PRESETS.items():
            if preset == self:
                return name
        return None


PRESETS: dict[str, Rules] = {
    name: Rules(**overrides) for name, overrides in options.PRESETS.items()
}
"""The named presets: classic, beginner, fast, round-points."""


def get_rules(rules: Rules | str | Mapping[str, Any] | None = None) -> Rules:
    """Rules from a ``Rules``, a preset name, a dict of options, or None (classic).

    >>> get_rules("fast").target
    500
    """
    if rules is None:
        return PRESETS["classic"]
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        try:
            return PRESETS[rules]
        except KeyError:
            raise ValueError(
                f"unknown rules preset {rules!r} (known: {', '.join(PRESETS)})"
            ) from None
    if isinstance(rules, Mapping):
        return Rules.from_dict(rules)
    raise TypeError(f"rules must be Rules, a preset name or a dict, not {type(rules).__name__}")
