"""The house-rule options and presets as plain data (names, defaults, choices, docs in en + zh).

This is the single list of options: ``rules.Rules`` has one attribute per option, and the
page's rule picker and the score keeper read it directly.  Each option is a dict with ``name``, ``default``,
``choices`` (a list, or ``None`` for a positive int), ``en`` and ``zh`` one-line docs, and
``choice_docs`` (en + zh words for each choice).  A preset is a dict of overrides of the
defaults.

>>> DEFAULTS["target"], DEFAULTS["first_lead"]
(1000, '2S')
>>> resolve({"target": 500})["target"]
500
>>> resolve({"exposure": "maybe"})
Traceback (most recent call last):
...
ValueError: option exposure must be one of True, False, not 'maybe'
"""

OPTIONS = [  # type: list[dict]
    {
        "name": "first_lead",
        "default": "2S",
        "choices": ["2S", "2C"],
        "en": "Which card leads the first trick of a match (its holder must lead it).",
        "zh": "整局第一墩由持有哪张牌的玩家首出（必须先出这张牌）。",
        "choice_docs": {"2S": ("2♠", "黑桃2"), "2C": ("2♣", "梅花2")},
    },
    {
        "name": "hearts_must_be_broken",
        "default": False,
        "choices": [False, True],
        "en": "Hearts may not be led until a heart has been played, unless the hand holds only hearts.",
        "zh": "红心未出过之前不能首出红心，除非手中只剩红心。",
        "choice_docs": {False: ("no", "否"), True: ("yes", "是")},
    },
    {
        "name": "exposure",
        "default": True,
        "choices": [True, False],
        "en": "Players may expose A♥, Q♠, J♦, 10♣ before the first trick to double them.",
        "zh": "首墩之前可以亮出红心A、黑桃Q、方块J、梅花10，使其分值加倍。",
        "choice_docs": {True: ("on", "有"), False: ("off", "无")},
    },
    {
        "name": "exposure_mode",
        "default": "open",
        "choices": ["open", "secret"],
        "en": "Expose openly in play order from the leader, or secretly and revealed together.",
        "zh": "亮牌方式：从首出者起依次公开亮牌，或各自暗中选择后同时亮出。",
        "choice_docs": {"open": ("openly, in turn", "依次公开"),
                        "secret": ("secretly, revealed together", "暗选同时亮")},
    },
    {
        "name": "auto_expose_fourth",
        "default": False,
        "choices": [False, True],
        "en": "Once three of the four special cards are exposed, the fourth is exposed automatically.",
        "zh": "四张特殊牌已亮出三张时，第四张自动亮出。",
        "choice_docs": {False: ("no", "否"), True: ("yes", "是")},
    },
    {
        "name": "pig_positive_with",
        "default": "all_hearts",
        "choices": ["all_hearts", "sweep"],
        "en": "The pig turns +100 when its captor also took all 13 hearts, or only with all 16 scoring cards.",
        "zh": "猪变正分的条件：同时收全13张红心，或收齐全部16张分牌。",
        "choice_docs": {"all_hearts": ("all 13 hearts", "全红"),
                        "sweep": ("all 16 scoring cards", "全收16张分牌")},
    },
    {
        "name": "transformer_alone",
        "default": "no_other_scoring",
        "choices": ["no_other_scoring", "net_zero"],
        "en": "The transformer scores +50 alone: with no other scoring card, or when the others net to zero.",
        "zh": "变压器单独得+50的条件：没有其他分牌，或其他分牌合计为零。",
        "choice_docs": {"no_other_scoring": ("no other scoring card", "无其他分牌"),
                        "net_zero": ("the others net to zero", "其他分牌合计为零")},
    },
    {
        "name": "heart_values",
        "default": "standard",
        "choices": ["standard", "pips"],
        "en": "Heart values: standard (A–J -50..-20, 10–5 -10, 4–2 zero) or pips (10–5 minus pips, 4 -10, 3 -3, 2 -2).",
        "zh": "红心分值：标准（A到J为-50至-20，10到5各-10，4到2为0）或按点数（10到5扣其点数，4为-10，3为-3，2为-2）。",
        "choice_docs": {"standard": ("standard", "标准"), "pips": ("pips", "按点数")},
    },
    {
        "name": "target",
        "default": 1000,
        "choices": None,
        "en": "The match ends when a total reaches minus this (and plus this too, if it also ends at +target).",
        "zh": "总分达到负这个数时整局结束（若选“正分也结束”，达到正这个数也结束）。",
        "choice_docs": {},
    },
    {
        "name": "end_on_plus",
        "default": False,
        "choices": [False, True],
        "en": ("The match also ends at +target, with round points: 2 at or above +target, "
               "0 at or below -target, 1 otherwise."),
        "zh": "总分达到正目标也结束，并计轮分：达到正目标得2分，达到负目标得0分，其余得1分。",
        "choice_docs": {False: ("no", "否"), True: ("yes", "是")},
    },
    {
        "name": "pass_cards",
        "default": 0,
        "choices": [0, 3],
        "en": "Cards each player passes to the next player before exposure.",
        "zh": "亮牌前每人传给下家的牌数。",
        "choice_docs": {0: ("none", "不传牌"), 3: ("3 cards", "传3张")},
    },
    {
        "name": "partnership",
        "default": False,
        "choices": [False, True],
        "en": "Partners sit opposite (South and North, East and West) and share a total.",
        "zh": "对家为搭档（南家与北家、东家与西家），共享总分。",
        "choice_docs": {False: ("off", "否"), True: ("on", "是")},
    },
]
"""Every house-rule option, in display order."""

OPTION_NAMES = [o["name"] for o in OPTIONS]
DEFAULTS = {}  # type: dict
"""Option name -> default value (the rules of RULES.md)."""
for _o in OPTIONS:
    DEFAULTS[_o["name"]] = _o["default"]

PRESETS = {  # type: dict[str, dict]
    "classic": {},
    "beginner": {"exposure": False},
    "fast": {"target": 500},
    "round-points": {
        "first_lead": "2C",
        "pig_positive_with": "sweep",
        "transformer_alone": "net_zero",
        "end_on_plus": True,
    },
}
"""Preset name -> the options it overrides."""

PRESET_ORDER = ("classic", "beginner", "fast", "round-points")
"""The presets in the order the pages list them (MicroPython's dicts keep no order)."""

PRESET_NAMES = {
    "classic": ("classic", "经典"),
    "beginner": ("beginner", "入门"),
    "fast": ("fast", "快速"),
    "round-points": ("round points", "轮分制"),
}
"""Preset name -> (English, Chinese) name for people, as it stands in a sentence ("classic rules"):
the game and the score keeper both say these."""

PRESET_DOCS = {
    "classic": ("Every default of the rules.", "全部默认规则。"),
    "beginner": ("No exposure phase: everything scores at base value.", "不亮牌，全部按基本分计。"),
    "fast": ("A short match: ends at -500.", "快速局：-500结束。"),
    "round-points": ("2♣ leads, pig positive only with a sweep, transformer +50 when the rest "
                     "nets to zero, ends at ±1000 with round points.",
                     "梅花2首出，收全16张分牌猪才变正，其余分牌合计为零时变压器+50，"
                     "±1000结束并计轮分。"),
}
"""Preset name -> (English, Chinese) one-line description."""


def option(name: str) -> dict:
    """The option dict of a name; ValueError for an unknown name.

    >>> option("target")["default"]
    1000
    """
    for o in OPTIONS:
        if o["name"] == name:
            return o
    raise ValueError("unknown rule option %r (known: %s)" % (name, ", ".join(OPTION_NAMES)))


def check(name: str, value):
    """Check one option value, returning it; ValueError saying what is allowed.

    >>> check("pass_cards", 3)
    3
    """
    o = option(name)
    choices = o["choices"]
    if choices is None:
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ValueError("option %s must be a positive whole number, not %r" % (name, value))
        return value
    for c in choices:
        # Compare type too: True == 1 in Python, but True is not a card count.
        if value == c and type(value) is type(c):
            return value
    raise ValueError("option %s must be one of %s, not %r"
                     % (name, ", ".join([repr(c) for c in choices]), value))


def resolve(overrides=None, preset: str = "classic") -> dict:
    """The full option dict: defaults, then a preset's overrides, then ``overrides``.

    >>> resolve(preset="round-points")["first_lead"]
    '2C'
    """
    if preset not in PRESETS:
        raise ValueError("unknown preset %r (known: %s)" % (preset, ", ".join(PRESETS)))
    out = dict(DEFAULTS)
    for k in PRESETS[preset]:
        out[k] = PRESETS[preset][k]
    if overrides:
        for k in overrides:
            out[k] = check(k, overrides[k])
    return out


def preset_of(rules):
    """The name of the preset whose options equal ``rules`` (a dict of every option), or None
    for custom house rules.

    >>> preset_of(resolve(preset="fast")), preset_of(resolve(overrides={"target": 750}))
    ('fast', None)
    """
    for name in PRESETS:
        if resolve(None, name) == rules:
            return name
    return None

