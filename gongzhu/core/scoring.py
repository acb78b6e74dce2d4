"""Scoring one player's captured cards, with the arithmetic line by line in English and Chinese.

``score_pile(cards, exposed, rules)`` returns a ``Score``: ``.total`` (an exact int) and
``.lines``, the steps a person would write on paper.  Each line is structured data (a ``key``,
the ``value`` after that step and the numbers it used), rendered per language by
``line.text("en")`` / ``line.text("zh")`` or ``score.text(lang)``, so the page can show the
breakdown in Chinese.  ``pile_score`` is the same arithmetic on bitmasks without the lines,
for the engine's hot path.

``rules`` is duck-typed: any object with the option attributes (``Rules``),
a dict of options, or None for the defaults.  This module runs unchanged under MicroPython.

The rules (RULES.md): hearts are the sum of their values, or +200 for all 13 (shooting the
moon), x2 if A♥ was exposed by anyone; Q♠ is -100, or +100 if its captor also took all 13
hearts (or, with ``pig_positive_with="sweep"``, all 16 scoring cards), x2 if exposed; J♦ is
+100, x2 if exposed; with T♣ the sum is doubled (x4 if T♣ was exposed), except that T♣ with
no other scoring card (or, with ``transformer_alone="net_zero"``, other cards netting to
zero) scores +50 (+100 if exposed).

>>> s = score_pile(["QS", "KH", "QH", "8H"], exposed=["AH"])
>>> s.total
-260
>>> for line in s.text(): print(line)
Hearts K♥ Q♥ 8♥: -40 -30 -10 = -80
A♥ exposed, hearts x2: -80 x 2 = -160
Pig Q♠: -100
Sum: -160 -100 = -260
Hand score: -260
>>> for line in s.text("zh"): print(line)
红心 K♥ Q♥ 8♥：-40 -30 -10 = -80
红心A已亮，红心 x2：-80 x 2 = -160
猪 Q♠：-100
合计：-160 -100 = -260
本局得分：-260
"""

from .cards import (
    ACE_OF_HEARTS,
    HEARTS_MASK,
    PIG,
    SCORING_MASK,
    SHEEP,
    TRANSFORMER,
    card_code,
    card_codes,
    card_symbol,
    parse_card,
)

STANDARD_HEART_VALUES = (0, 0, 0, -10, -10, -10, -10, -10, -10, -20, -30, -40, -50)
"""Heart values by rank index (2♥ first, A♥ last) under ``heart_values="standard"``."""
PIPS_HEART_VALUES = (-2, -3, -10, -5, -6, -7, -8, -9, -10, -20, -30, -40, -50)
"""Heart values by rank index under ``heart_values="pips"`` (RULES.md; still -200 in all)."""

_DEFAULTS = {
    "pig_positive_with": "all_hearts",
    "transformer_alone": "no_other_scoring",
    "heart_values": "standard",
}

_PIG_BIT = 1 << PIG
_SHEEP_BIT = 1 << SHEEP
_TC_BIT = 1 << TRANSFORMER
_AH_BIT = 1 << ACE_OF_HEARTS


def rule_option(rules, name: str):
    """Read one scoring option from a rules object, a dict, or None (the default)."""
    if rules is None:
        return _DEFAULTS[name]
    if isinstance(rules, dict):
        return rules.get(name, _DEFAULTS[name])
    return getattr(rules, name, _DEFAULTS[name])


def heart_values(rules=None) -> tuple:
    """The 13 heart values (by rank index) under these rules."""
    if rule_option(rules, "heart_values") == "pips":
        return PIPS_HEART_VALUES
    return STANDARD_HEART_VALUES


def _as_mask(cards) -> int:
    if isinstance(cards, int) and not isinstance(cards, bool):
        return cards
    m = 0
    for c in cards:
        c = parse_card(c)
        if m >> c & 1:
            raise ValueError("card %s is listed twice" % card_code(c))
        m |= 1 << c
    return m


def pile_score(pile: int, exposed: int = 0, rules=None) -> int:
    """The score of a captured pile (bitmask) given the exposed cards (bitmask). No lines.

    >>> from gongzhu.core.cards import mask_of
    >>> pile_score(mask_of(["QS", "KH", "QH", "8H", "TC"]))
    -360
    """
    values = heart_values(rules)
    hearts = (pile >> 13) & 0x1FFF
    if hearts == 0x1FFF:
        base = 200  # All 13 hearts: shooting the moon.
    else:
        base = 0
        r = 0
        while hearts:
            if hearts & 1:
                base += values[r]
            hearts >>= 1
            r += 1
    if exposed & _AH_BIT:
        base *= 2
    if pile & _PIG_BIT:
        if rule_option(rules, "pig_positive_with") == "sweep":
            positive = pile & SCORING_MASK == SCORING_MASK
        else:
            positive = pile & HEARTS_MASK == HEARTS_MASK
        pig = 100 if positive else -100
        base += pig * 2 if exposed & _PIG_BIT else pig
    if pile & _SHEEP_BIT:
        base += 200 if exposed & _SHEEP_BIT else 100
    if not pile & _TC_BIT:
        return base
    if rule_option(rules, "transformer_alone") == "net_zero":
        alone = base == 0
    else:
        alone = pile & SCORING_MASK == _TC_BIT
    if alone:
        return 100 if exposed & _TC_BIT else 50
    return base * 4 if exposed & _TC_BIT else base * 2


# ---------------------------------------------------------------- the match (RULES.md, "Match")
# A match's running totals are the sums of the hand scores; the match, its pig, its winners, the
# places and the round points follow from those totals alone. Match (the engine) and Sheet (the
# score keeper) both use these.


def shared_totals(seat_totals, partnership) -> list:
    """The totals a match compares: each seat's own, or with ``partnership`` the sum of each pair
    (seats 0 + 2 and 1 + 3), shown for both partners.

    >>> shared_totals([10, -20, 30, 0], True)
    [40, -20, 40, -20]
    """
    if partnership:
        a, b = seat_totals[0] + seat_totals[2], seat_totals[1] + seat_totals[3]
        return [a, b, a, b]
    return list(seat_totals)


def match_over(totals, target, end_on_plus=False) -> bool:
    """A match ends once a total is at or below -target (or, with ``end_on_plus``, at or above
    +target)."""
    for t in totals:
        if t <= -target or (end_on_plus and t >= target):
            return True
    return False


def losers(totals, target) -> list:
    """The seats at or below -target: the pig (猪) of a finished match."""
    return [s for s in range(4) if totals[s] <= -target]


def winners(totals) -> list:
    """The seats with the highest total: the winners of a finished match (equal totals share)."""
    best = max(totals)
    return [s for s in range(4) if totals[s] == best]


def places(totals) -> list:
    """Each seat's place by total (1 = best); equal totals share a place.

    >>> places([100, -50, 100, 0])
    [1, 4, 1, 3]
    """
    return [1 + len([o for o in totals if o > totals[s]]) for s in range(4)]


def round_points(totals, target) -> list:
    """The round points of a match played with ``end_on_plus``: 2 at or above +target, 0 at or
    below -target, 1 otherwise."""
    return [2 if t >= target else 0 if t <= -target else 1 for t in totals]


def signed(n: int, minus: str = "-") -> str:
    """A score as people write it: ``+200``, ``-80``, ``0`` (``minus``: the page shows "−").

    >>> signed(200), signed(-80), signed(0), signed(-80, "−")
    ('+200', '-80', '0', '−80')
    """
    if n > 0:
        return "+%d" % n
    if n < 0:
        return minus + "%d" % -n
    return "0"


_TEMPLATES = {
    "en": {
        "hearts": "Hearts {cards}: {terms} = {value}",
        "all_hearts": "All 13 hearts (shooting the moon): {value}",
        "hearts_exposed": "A♥ exposed, hearts x2: {before} x 2 = {value}",
        "pig": "Pig Q♠: {value}",
        "pig_all_hearts": "Pig Q♠ with all 13 hearts: {value}",
        "pig_sweep": "Pig Q♠ with all 16 scoring cards (sweep): {value}",
        "pig_exposed": "Q♠ exposed: {before} x 2 = {value}",
        "sheep": "Sheep J♦: {value}",
        "sheep_exposed": "J♦ exposed: {before} x 2 = {value}",
        "sum": "Sum: {terms} = {value}",
        "transformer": "Transformer 10♣ doubles: {before} x 2 = {value}",
        "transformer_exposed": "Transformer 10♣ exposed, x4: {before} x 4 = {value}",
        "transformer_alone": "Transformer 10♣ with no other scoring card: {value}",
        "transformer_net_zero": "Transformer 10♣, the other scoring cards net to zero: {value}",
        "transformer_alone_exposed": "Transformer 10♣ (exposed) with no other scoring card: {value}",
        "transformer_net_zero_exposed": "Transformer 10♣ (exposed), the other scoring cards net to zero: {value}",
        "nothing": "No scoring cards: {value}",
        "total": "Hand score: {value}",
    },
    "zh": {
        "hearts": "红心 {cards}：{terms} = {value}",
        "all_hearts": "全红（收齐13张红心）：{value}",
        "hearts_exposed": "红心A已亮，红心 x2：{before} x 2 = {value}",
        "pig": "猪 Q♠：{value}",
        "pig_all_hearts": "猪 Q♠（全红）：{value}",
        "pig_sweep": "猪 Q♠（全收16张分牌）：{value}",
        "pig_exposed": "Q♠已亮：{before} x 2 = {value}",
        "sheep": "羊 J♦：{value}",
        "sheep_exposed": "J♦已亮：{before} x 2 = {value}",
        "sum": "合计：{terms} = {value}",
        "transformer": "变压器 10♣ 翻倍：{before} x 2 = {value}",
        "transformer_exposed": "变压器 10♣ 已亮，x4：{before} x 4 = {value}",
        "transformer_alone": "变压器 10♣ 单独（无其他分牌）：{value}",
        "transformer_net_zero": "变压器 10♣，其他分牌合计为零：{value}",
        "transformer_alone_exposed": "变压器 10♣（已亮）单独（无其他分牌）：{value}",
        "transformer_net_zero_exposed": "变压器 10♣（已亮），其他分牌合计为零：{value}",
        "nothing": "没有分牌：{value}",
        "total": "本局得分：{value}",
    },
}
"""Line templates per language; the placeholders are filled from ``ScoreLine``."""


class ScoreLine:
    """One step of the arithmetic: ``key`` (what the step is), ``value`` (its result), and the
    numbers it used: ``before`` (the value it multiplies), ``terms`` (the values it adds),
    ``cards`` (the card codes it is about)."""

    def __init__(self, key: str, value: int, before=None, terms=None, cards=None):
        self.key = key
        self.value = value
        self.before = before
        self.terms = terms or []
        self.cards = cards or []

    def text(self, lang: str = "en") -> str:
        """The line for people, in ``"en"`` or ``"zh"``."""
        templates = _TEMPLATES.get(lang) or _TEMPLATES["en"]
        return templates[self.key].format(
            cards=" ".join([card_symbol(parse_card(c)) for c in self.cards]),
            terms=" ".join([signed(t) for t in self.terms]),
            value=signed(self.value),
            before=signed(self.before) if self.before is not None else "",
        )

    def to_dict(self) -> dict:
        """The line as JSON-able data (rendered text in both languages included)."""
        return {
            "key": self.key,
            "value": self.value,
            "before": self.before,
            "terms": list(self.terms),
            "cards": list(self.cards),
            "en": self.text("en"),
            "zh": self.text("zh"),
        }

    def __repr__(self) -> str:
        return "ScoreLine(%r)" % self.text()

    def __str__(self) -> str:
        return self.text()


class Score:
    """The score of one pile: ``total`` and the ``lines`` of arithmetic that make it."""

    def __init__(self, total: int, lines: list, cards: list, exposed: list):
        self.total = total
        self.lines = lines
        self.cards = cards
        self.exposed = exposed

    def text(self, lang: str = "en") -> list:
        """The lines rendered for people, in ``"en"`` or ``"zh"``."""
        return [line.text(lang) for line in self.lines]

    def to_dict(self) -> dict:
        """JSON-able data: total, the lines (structured, with en and zh text), the cards."""
        return {
            "total": self.total,
            "cards": list(self.cards),
            "exposed": list(self.exposed),
            "lines": [line.to_dict() for line in self.lines],
        }

    def __repr__(self) -> str:
        return "Score(total=%d)" % self.total


def score_pile(cards, exposed=(), rules=None) -> Score:
    """Score one player's captured cards, with the arithmetic line by line.

    ``cards`` and ``exposed`` are card codes, card ints or a bitmask; ``exposed`` lists every
    card exposed at the table this hand (by anyone).  Only the exposures of cards that matter
    for this pile show up in the lines.

    >>> score_pile("QS KH QH 8H".split()).total
    -180
    >>> score_pile(["TC"]).total, score_pile(["TC", "3H"]).total
    (50, 0)
    >>> score_pile([]).text()
    ['No scoring cards: 0', 'Hand score: 0']
    """
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    if isinstance(exposed, str):
        exposed = exposed.replace(",", " ").split()
    pile = _as_mask(cards)
    ex = _as_mask(exposed)
    values = heart_values(rules)
    lines = []
    parts = []
    hearts = (pile >> 13) & 0x1FFF
    if hearts:
        if hearts == 0x1FFF:
            h = 200
            lines.append(ScoreLine("all_hearts", h))
        else:
            codes = []
            terms = []
            for r in range(12, -1, -1):
                if hearts >> r & 1:
                    codes.append(card_code(13 + r))
                    terms.append(values[r])
            h = sum(terms)
            lines.append(ScoreLine("hearts", h, terms=terms, cards=codes))
        if ex & _AH_BIT:
            lines.append(ScoreLine("hearts_exposed", h * 2, before=h))
            h *= 2
        parts.append(h)
    if pile & _PIG_BIT:
        if rule_option(rules, "pig_positive_with") == "sweep":
            positive = pile & SCORING_MASK == SCORING_MASK
            key = "pig_sweep" if positive else "pig"
        else:
            positive = pile & HEARTS_MASK == HEARTS_MASK
            key = "pig_all_hearts" if positive else "pig"
        p = 100 if positive else -100
        lines.append(ScoreLine(key, p))
        if ex & _PIG_BIT:
            lines.append(ScoreLine("pig_exposed", p * 2, before=p))
            p *= 2
        parts.append(p)
    if pile & _SHEEP_BIT:
        s = 100
        lines.append(ScoreLine("sheep", s))
        if ex & _SHEEP_BIT:
            lines.append(ScoreLine("sheep_exposed", s * 2, before=s))
            s *= 2
        parts.append(s)
    base = sum(parts)
    if len(parts) > 1:
        lines.append(ScoreLine("sum", base, terms=parts))
    total = base
    if pile & _TC_BIT:
        tc_exposed = ex & _TC_BIT
        if rule_option(rules, "transformer_alone") == "net_zero":
            alone = base == 0
            key = "transformer_net_zero"
        else:
            alone = pile & SCORING_MASK == _TC_BIT
            key = "transformer_alone"
        if alone:
            total = 100 if tc_exposed else 50
            lines.append(ScoreLine(key + "_exposed" if tc_exposed else key, total))
        elif tc_exposed:
            total = base * 4
            lines.append(ScoreLine("transformer_exposed", total, before=base))
        else:
            total = base * 2
            lines.append(ScoreLine("transformer", total, before=base))
    if not pile & SCORING_MASK:
        lines.append(ScoreLine("nothing", 0))
    lines.append(ScoreLine("total", total))
    return Score(total, lines, card_codes(pile), card_codes(ex))
