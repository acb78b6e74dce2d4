"""The house rules as one frozen ``Rules`` of named options, and the named presets.

``Rules()`` is every default of RULES.md; ``rules.replace(target=500)`` makes a house rule;
``PRESETS`` holds the named presets.  Each option's name, default, allowed values and
one-line doc (English and Chinese) are in ``options.OPTIONS``, the one list of them.

>>> PRESETS["classic"] == Rules()
True
>>> PRESETS["round-points"].first_lead
'2C'
>>> Rules().replace(target=500) == PRESETS["fast"]
True
>>> Rules(pass_cards=2)
Traceback (most recent call last):
...
ValueError: option pass_cards must be one of 0, 3, not 2
"""

from . import options
from .portable import Any, Mapping


class Rules:
    """A set of house rules: one attribute per option of ``options.OPTIONS`` (see there for
    each one's meaning and allowed values), fixed once made."""

    # The options' types, for type checkers; their defaults and docs are in options.OPTIONS.
    first_lead: str
    hearts_must_be_broken: bool
    exposure: bool
    exposure_mode: str
    auto_expose_fourth: bool
    pig_positive_with: str
    transformer_alone: str
    heart_values: str
    target: int
    end_on_plus: bool
    pass_cards: int
    partnership: bool

    def __init__(self, **changes: Any) -> None:
        values = options.resolve(changes)  # checks each value; an unknown name is a ValueError
        for name in options.OPTION_NAMES:
            object.__setattr__(self, name, values[name])

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("Rules are fixed once made: use rules.replace(%s=...)" % name)

    def replace(self, **changes: Any) -> "Rules":
        """These rules with some options changed."""
        values = self.to_dict()
        values.update(changes)
        return Rules(**values)

    def to_dict(self) -> dict[str, Any]:
        """The options as a plain JSON-able dict."""
        return {name: getattr(self, name) for name in options.OPTION_NAMES}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Rules":
        """Rules from a dict of options (missing ones take their defaults; unknown ones are an error)."""
        if not isinstance(data, dict):
            raise TypeError("rules must be a dict of options, not %s" % type(data).__name__)
        return cls(**data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self.to_dict() == other.to_dict()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(tuple([getattr(self, name) for name in options.OPTION_NAMES]))

    def __repr__(self) -> str:
        changed = ["%s=%r" % (name, getattr(self, name)) for name in options.OPTION_NAMES
                   if getattr(self, name) != options.DEFAULTS[name]]
        return "Rules(%s)" % ", ".join(changed)

    def preset_name(self) -> str | None:
        """The name of the preset equal to these rules, if any."""
        for name in PRESETS:
            if PRESETS[name] == self:
                return name
        return None


PRESETS = {name: Rules(**options.PRESETS[name]) for name in options.PRESETS}
"""The named presets: classic, beginner, fast, round-points."""


def get_rules(rules: "Rules | str | Mapping[str, Any] | None" = None) -> Rules:
    """Rules from a ``Rules``, a preset name, a dict of options, or None (classic).

    >>> get_rules("fast").target
    500
    """
    if rules is None:
        return PRESETS["classic"]
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise ValueError("unknown rules preset %r (known: %s)" % (rules, ", ".join(PRESETS)))
        return PRESETS[rules]
    if isinstance(rules, dict):
        return Rules.from_dict(rules)
    raise TypeError("rules must be Rules, a preset name or a dict, not %s" % type(rules).__name__)
