"""The score keeper for games played with real cards: a match as the scoring cards each player took.

A ``Sheet`` holds the players' names, the house rules (``options.py``) and the hands entered so
far.  A hand is what a person reads off the table after 13 tricks: which of the four special
cards were exposed, and the pile of scoring cards in front of each player (the other 36 cards
never score, so they are never asked for).  Everything else is computed, never stored: each
player's hand score with its arithmetic (``scoring.score_pile``), the running totals, the
leader of the next hand (the pig's captor), the end of the match, the pig, the winners and the
round points.  So editing or deleting a past hand recomputes everything after it.

A hand that cannot be true (a scoring card in two piles or in none, a card that does not
score, an exposure the rules do not allow) is refused with a ``HandError`` whose problems
name the card, in English and Chinese.  ``Sheet.from_dict`` / ``from_json`` re-check a saved
sheet completely and raise ``KeeperError`` (with an en/zh message) for anything foreign,
newer or damaged, so a bad file never replaces a good match.

Where RULES.md and the engine's ``match.py`` decide, this module follows them: the match ends
after the first hand that leaves a total at or below -target (or at or above +target with
``end_on_plus``); the pig is every player at or below -target; the highest total wins, equal
totals share; with ``partnership`` partners (seats 0 + 2, 1 + 3) share the sum of their scores.
Hands entered after that end (possible only by editing an earlier hand) are kept but marked
and do not count.

This module runs unchanged under MicroPython (the keeper page's main thread).

>>> s = Sheet(["Ann", "Bo", "Cy", "Di"])
>>> s.add_hand([["QS", "KH", "QH", "8H"], ["JD", "TC"], ["AH", "JH", "TH", "9H"],
...             ["7H", "6H", "5H", "4H", "3H", "2H"]], exposed=["AH"])
0
>>> s.scores(0), s.totals(), s.next_leader()
([-260, 200, -180, -60], [-260, 200, -180, -60], 0)
>>> try:
...     s.add_hand([["QS", "JD"], ["QS", "TC"], [], "AH KH QH JH TH 9H 8H 7H 6H 5H 4H 3H".split()])
... except HandError as e:
...     print(e.text("en")); print(e.text("zh"))
Q♠ is assigned twice: Ann and Bo
2♥ is not assigned to anyone
Q♠ 被记了两次：Ann和Bo
2♥ 还没有分给任何人
"""

import json

from .cards import EXPOSABLE, NOT_EXPOSABLE, SCORING_MASK, card_code, card_symbol, cards_of, parse_card
from .options import DEFAULTS, OPTION_NAMES, PRESET_NAMES, PRESETS, check, resolve
from .portable import dumps
from .scoring import losers, match_over, places, round_points, score_pile, shared_totals, signed, winners

FORMAT = "gongzhu-keeper"
"""The ``format`` field of a saved score sheet (JSON)."""
VERSION = 1
"""The version of the saved format this module writes and reads."""
MAX_NAME = 24
"""Longest player or team name kept (characters)."""
MAX_HANDS = 500
"""Most hands a saved sheet may hold (a guard against absurd files)."""

SCORING_CARDS = ["QS", "JD", "TC", "AH", "KH", "QH", "JH", "TH",
                 "9H", "8H", "7H", "6H", "5H", "4H", "3H", "2H"]
"""The 16 scoring cards in the order the keeper shows them: pig, sheep, transformer, hearts."""
EXPOSABLE_CARDS = ["AH", "QS", "JD", "TC"]
"""The cards that may be exposed (亮牌)."""

_SCORING_ORDER = [parse_card(c) for c in SCORING_CARDS]
_EXPOSABLE_MASK = 0
for _c in EXPOSABLE:
    _EXPOSABLE_MASK |= 1 << _c

_MESSAGES = {
    "en": {
        "twice": "{card} is assigned twice: {who}",
        "missing": "{card} is not assigned to anyone",
        "not_scoring": "{card} is not a scoring card",
        "not_exposable": NOT_EXPOSABLE[0],
        "exposure_off": "{card} cannot be exposed: these rules have no exposure",
        "not_json": "This file is not a score sheet (it is not JSON).",
        "foreign": "This file is not a Gong Zhu score sheet.",
        "newer": "This score sheet was saved by a newer version (format {version}); it cannot be read here.",
        "damaged": "This score sheet is damaged: {detail}.",
        "over": "The match is over; start a new one to enter more hands.",
        "no_hand": "There is no hand {number}.",
        "and": " and ",
    },
    "zh": {
        "twice": "{card} 被记了两次：{who}",
        "missing": "{card} 还没有分给任何人",
        "not_scoring": "{card} 不是分牌",
        "not_exposable": NOT_EXPOSABLE[1],
        "exposure_off": "{card} 不能亮：这套规则不亮牌",
        "not_json": "这个文件不是记分表（不是 JSON）。",
        "foreign": "这个文件不是拱猪记分表。",
        "newer": "这个记分表由更新的版本保存（格式 {version}），这里无法读取。",
        "damaged": "这个记分表已损坏：{detail}。",
        "over": "本场已结束；请开始新的一场再记分。",
        "no_hand": "没有第 {number} 局。",
        "and": "和",
    },
}
"""Messages of the keeper's errors and problems, per language."""


def message(key: str, lang: str = "en", **values) -> str:
    """One of the keeper's messages in ``"en"`` or ``"zh"``, filled with ``values``."""
    table = _MESSAGES.get(lang) or _MESSAGES["en"]
    return table[key].format(**values)


class KeeperError(ValueError):
    """A refusal the person can read: ``key`` + ``values`` render in both languages via ``text``."""

    def __init__(self, key: str, **values):
        self.key = key
        self.values = values
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``"en"`` or ``"zh"``."""
        return message(self.key, lang, **self.values)


def problem_text(problem: dict, lang: str = "en", names=None) -> str:
    """One problem of ``hand_problems`` for people: names the card (and the players)."""
    seats = problem.get("seats") or []
    who = [names[s] if names else "#%d" % (s + 1) for s in seats]
    return message(problem["kind"], lang, card=card_symbol(parse_card(problem["card"])),
                   who=message("and", lang).join(who))


class HandError(KeeperError):
    """A hand that cannot be true; ``problems`` lists every reason (``hand_problems``)."""

    def __init__(self, problems: list, names=None):
        self.problems = problems
        self.names = names
        super().__init__("hand")

    def text(self, lang: str = "en") -> str:
        """Every problem, one per line (only the first when there are many of one kind)."""
        return "\n".join([problem_text(p, lang, self.names) for p in self.problems])

    def __str__(self) -> str:
        return self.text("en")


def _mask(cards) -> int:
    """A pile as a bitmask: from a bitmask, or card codes / ints (duplicates are kept out)."""
    if isinstance(cards, int) and not isinstance(cards, bool):
        return cards
    if isinstance(cards, str):
        cards = cards.replace(",", " ").split()
    m = 0
    for c in cards:
        m |= 1 << parse_card(c)
    return m


def hand_problems(piles, exposed=0, rules=None) -> list:
    """Why a hand cannot be true, as a list of dicts (empty when the hand is complete and sound).

    ``piles`` are the four players' captured scoring cards (codes, ints or bitmasks), ``exposed``
    the exposed cards.  Each problem is ``{"kind", "card", "seats"}`` with kind ``"twice"`` (in
    two or more piles), ``"missing"`` (in none), ``"not_scoring"``, ``"not_exposable"`` or
    ``"exposure_off"``; in the keeper's card order.

    >>> [(p["kind"], p["card"], p["seats"]) for p in hand_problems([["QS", "JD"], ["QS"], [], []])][:2]
    [('twice', 'QS', [0, 1]), ('missing', 'TC', [])]
    """
    masks = [_mask(p) for p in piles]
    if len(masks) != 4:
        raise ValueError("a hand has four piles, not %d" % len(masks))
    ex = _mask(exposed)
    found = []
    for seat in range(4):
        for c in cards_of(masks[seat] & ~SCORING_MASK):
            found.append({"kind": "not_scoring", "card": card_code(c), "seats": [seat]})
    for c in _SCORING_ORDER:
        holders = [s for s in range(4) if masks[s] >> c & 1]
        if len(holders) > 1:
            found.append({"kind": "twice", "card": card_code(c), "seats": holders})
        elif not holders:
            found.append({"kind": "missing", "card": card_code(c), "seats": []})
    for c in cards_of(ex & ~_EXPOSABLE_MASK):
        found.append({"kind": "not_exposable", "card": card_code(c), "seats": []})
    exposure = DEFAULTS["exposure"] if rules is None else _option(rules, "exposure")
    if not exposure:
        for c in cards_of(ex & _EXPOSABLE_MASK):
            found.append({"kind": "exposure_off", "card": card_code(c), "seats": []})
    return found


def _option(rules, name: str):
    if isinstance(rules, dict):
        return rules.get(name, DEFAULTS[name])
    return getattr(rules, name)


def _clean_name(name, fallback: str) -> str:
    if not isinstance(name, str):
        return fallback
    name = " ".join(name.split())[:MAX_NAME]
    return name or fallback


class Sheet:
    """A match kept by hand: names, rules, hands; totals and results computed from them.

    Only its methods change it.  ``rules`` is a dict of option overrides on top of ``preset``.
    """

    def __init__(self, names, rules=None, preset: str = "classic", teams=None):
        if len(names) != 4:
            raise ValueError("a match has four players")
        self.names = [_clean_name(n, "#%d" % (i + 1)) for i, n in enumerate(names)]
        self.preset = preset
        self.rules = resolve(rules, preset)
        if teams is None:
            teams = [None, None]
        self.teams = [_clean_name(teams[t], self.names[t] + " & " + self.names[t + 2]) for t in range(2)]
        self.hands = []  # type: list  # each {"piles": [4 masks], "exposed": mask}
        self._rows = None  # type: list | None  # the computed sheet, dropped on every change

    # --- entering hands ---------------------------------------------------------------------

    def check_hand(self, piles, exposed=0) -> dict:
        """The hand as stored (masks) if it is sound; raises ``HandError`` naming the cards."""
        problems = hand_problems(piles, exposed, self.rules)
        if problems:
            raise HandError(problems, self.names)
        return {"piles": [_mask(p) for p in piles], "exposed": _mask(exposed)}

    def add_hand(self, piles, exposed=()) -> int:
        """Record a complete hand after the last one; returns its index.  Refused once over."""
        if self.is_over():
            raise KeeperError("over")
        self.hands.append(self.check_hand(piles, exposed))
        self._rows = None
        return len(self.hands) - 1

    def replace_hand(self, index: int, piles, exposed=()) -> None:
        """Correct a past hand; everything after it is recomputed."""
        self._index(index)
        self.hands[index] = self.check_hand(piles, exposed)
        self._rows = None

    def delete_hand(self, index: int) -> None:
        """Remove a past hand; everything after it is recomputed."""
        self._index(index)
        del self.hands[index]
        self._rows = None

    def _index(self, index: int) -> None:
        if not isinstance(index, int) or not 0 <= index < len(self.hands):
            raise KeeperError("no_hand", number=index + 1 if isinstance(index, int) else index)

    # --- reading a hand ---------------------------------------------------------------------

    def piles(self, index: int) -> list:
        """The four piles of a hand as lists of card codes, in the keeper's card order."""
        hand = self.hands[index]
        return [[SCORING_CARDS[i] for i in range(16) if m >> _SCORING_ORDER[i] & 1] for m in hand["piles"]]

    def exposed(self, index: int) -> list:
        """The exposed cards of a hand (codes, in the order A♥ Q♠ J♦ 10♣)."""
        ex = self.hands[index]["exposed"]
        return [code for code in EXPOSABLE_CARDS if ex >> parse_card(code) & 1]

    def breakdown(self, index: int) -> list:
        """The four ``Score`` objects of a hand (``.total`` and the arithmetic ``.lines``)."""
        hand = self.hands[index]
        return [score_pile(m, hand["exposed"], self.rules) for m in hand["piles"]]

    def scores(self, index: int) -> list:
        """The four players' scores of one hand."""
        return [s.total for s in self.breakdown(index)]

    def pig_captor(self, index: int):
        """The seat that took Q♠ in a hand (it leads the next hand)."""
        pig = 1 << parse_card("QS")
        for s in range(4):
            if self.hands[index]["piles"][s] & pig:
                return s
        return None

    # --- the sheet --------------------------------------------------------------------------

    def _ends(self, totals: list) -> bool:
        return match_over(totals, self.rules["target"], self.rules["end_on_plus"])

    def rows(self) -> list:
        """Every hand as a row of the sheet: ``number`` (1-based), ``scores``, ``totals`` (running,
        shared by partners), ``team_scores`` / ``team_totals`` (partnership, else None),
        ``pig_captor`` and ``counts`` (False for a hand entered after the match had ended)."""
        if self._rows is not None:
            return self._rows
        out = []
        running = [0, 0, 0, 0]
        ended = False
        for i in range(len(self.hands)):
            scores = self.scores(i)
            counts = not ended
            if counts:
                running = [running[s] + scores[s] for s in range(4)]
            totals = shared_totals(running, self.rules["partnership"])
            team = self.rules["partnership"]
            out.append({
                "number": i + 1,
                "scores": scores,
                "totals": totals,
                "team_scores": [scores[0] + scores[2], scores[1] + scores[3]] if team else None,
                "team_totals": [totals[0], totals[1]] if team else None,
                "pig_captor": self.pig_captor(i),
                "counts": counts,
            })
            if counts and self._ends(totals):
                ended = True
        self._rows = out
        return out

    def end_index(self):
        """The index of the hand that ended the match, or None while it goes on."""
        for row in self.rows():
            if row["counts"] and self._ends(row["totals"]):
                return row["number"] - 1
        return None

    def is_over(self) -> bool:
        """True once a hand has left a total at or below -target (or >= +target with end_on_plus)."""
        return self.end_index() is not None

    def totals(self) -> list:
        """The running totals per seat (partners share theirs), up to the end of the match."""
        rows = self.rows()
        counted = [r for r in rows if r["counts"]]
        return counted[-1]["totals"] if counted else [0, 0, 0, 0]

    def team_totals(self):
        """With ``partnership``: [seats 0 + 2, seats 1 + 3]; otherwise None."""
        if not self.rules["partnership"]:
            return None
        t = self.totals()
        return [t[0], t[1]]

    def losers(self) -> list:
        """The seats at or below -target once the match is over (the pig, 猪)."""
        if not self.is_over():
            return []
        return losers(self.totals(), self.rules["target"])

    def winners(self) -> list:
        """The seats with the highest total once the match is over (equal totals share)."""
        if not self.is_over():
            return []
        return winners(self.totals())

    def places(self) -> list:
        """Each seat's place by total (1 = best); equal totals share a place."""
        return places(self.totals())

    def round_points(self):
        """With ``end_on_plus``, once over: 2 at or above +target, 0 at or below -target, 1 otherwise."""
        if not self.rules["end_on_plus"] or not self.is_over():
            return None
        return round_points(self.totals(), self.rules["target"])

    def next_leader(self):
        """The seat that leads the next hand (the last hand's pig captor); None before the first
        hand, when the holder of the first-lead card (``rules["first_lead"]``) leads."""
        if not self.hands:
            return None
        return self.pig_captor(len(self.hands) - 1)

    def seat_label(self, seat: int) -> str:
        """The name to show for a seat's total: the team under partnership, else the player."""
        if self.rules["partnership"]:
            return self.teams[seat % 2]
        return self.names[seat]

    # --- saving -----------------------------------------------------------------------------

    def to_dict(self) -> dict:
        """The sheet as JSON-able data (``from_dict`` reads it back)."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "names": list(self.names),
            "teams": list(self.teams),
            "preset": self.preset,
            "rules": dict(self.rules),
            "hands": [{"piles": self.piles(i), "exposed": self.exposed(i)} for i in range(len(self.hands))],
        }

    def to_json(self) -> str:
        """The sheet as JSON text."""
        return dumps(self.to_dict())

    @classmethod
    def from_dict(cls, data):
        """Rebuild a sheet from ``to_dict`` data, checking everything; ``KeeperError`` if foreign,
        newer or damaged (the message says which)."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise KeeperError("foreign")
        version = data.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise KeeperError("damaged", detail="no valid version")
        if version > VERSION:
            raise KeeperError("newer", version=version)
        names = data.get("names")
        if not isinstance(names, list) or len(names) != 4 or not all([isinstance(n, str) for n in names]):
            raise KeeperError("damaged", detail="it needs four player names")
        teams = data.get("teams")
        if teams is not None and (not isinstance(teams, list) or len(teams) != 2
                                  or not all([isinstance(t, str) for t in teams])):
            raise KeeperError("damaged", detail="bad team names")
        preset = data.get("preset", "classic")
        if preset not in PRESETS:
            raise KeeperError("damaged", detail="unknown preset %r" % (preset,))
        rules = data.get("rules", {})
        if not isinstance(rules, dict):
            raise KeeperError("damaged", detail="bad rules")
        for k in rules:
            if k not in OPTION_NAMES:
                raise KeeperError("damaged", detail="unknown rule %r" % (k,))
            try:
                check(k, rules[k])
            except ValueError as e:
                raise KeeperError("damaged", detail=str(e)) from None
        sheet = cls(names, rules, preset, teams)
        hands = data.get("hands")
        if not isinstance(hands, list) or len(hands) > MAX_HANDS:
            raise KeeperError("damaged", detail="bad list of hands")
        for i, hand in enumerate(hands):
            where = "hand %d" % (i + 1)
            if not isinstance(hand, dict):
                raise KeeperError("damaged", detail=where + " is not a hand")
            piles = hand.get("piles")
            exposed = hand.get("exposed", [])
            if (not isinstance(piles, list) or len(piles) != 4 or not isinstance(exposed, list)
                    or not all([isinstance(p, list) for p in piles])):
                raise KeeperError("damaged", detail=where + " needs four piles")
            try:
                for p in piles + [exposed]:
                    for c in p:
                        if not isinstance(c, str):
                            raise ValueError("not a card: %r" % (c,))
                        parse_card(c)
                stored = sheet.check_hand(piles, exposed)
            except HandError as e:
                raise KeeperError("damaged", detail=where + ": " + e.text("en")) from None
            except ValueError as e:
                raise KeeperError("damaged", detail=where + ": " + str(e)) from None
            sheet.hands.append(stored)
        sheet._rows = None
        return sheet

    @classmethod
    def from_json(cls, text):
        """Rebuild a sheet from JSON text (``KeeperError`` for anything that is not one)."""
        try:
            data = json.loads(text)
        except Exception:  # MicroPython's json may raise other types
            raise KeeperError("not_json") from None
        return cls.from_dict(data)

    # --- sharing ----------------------------------------------------------------------------

    def summary_text(self, lang: str = "en") -> str:
        """A plain-text summary to paste into a chat: every hand, the totals and the result."""
        t = _SUMMARY.get(lang) or _SUMMARY["en"]
        team = self.rules["partnership"]
        labels = self.teams if team else self.names
        count = 2 if team else 4
        lines = [t["title"].format(preset=_preset_name(self.preset, lang), target=self.rules["target"])]
        for row in self.rows():
            values = row["team_scores"] if team else row["scores"]
            parts = ["%s %s" % (labels[i], signed(values[i])) for i in range(count)]
            line = t["hand"].format(number=row["number"], scores=" · ".join(parts))
            if not row["counts"]:
                line += t["after_end"]
            lines.append(line)
        totals = self.team_totals() if team else self.totals()
        lines.append(t["totals"].format(
            totals=" · ".join(["%s %s" % (labels[i], signed(totals[i])) for i in range(count)])))
        if self.is_over():
            losers = self.losers()
            winners = self.winners()
            if team:
                losers = [s for s in losers if s < 2]
                winners = [s for s in winners if s < 2]
            if losers:
                lines.append(t["pig"].format(who=message("and", lang).join([labels[s] for s in losers])))
            lines.append(t["winner"].format(who=message("and", lang).join([labels[s] for s in winners])))
            points = self.round_points()
            if points is not None:
                lines.append(t["round_points"].format(
                    points=" · ".join(["%s %d" % (labels[i], points[i]) for i in range(count)])))
        elif self.hands:
            lead = self.next_leader()
            if lead is not None:
                lines.append(t["next"].format(who=self.names[lead]))
        return "\n".join(lines)



def _preset_name(preset: str, lang: str) -> str:
    names = PRESET_NAMES.get(preset, (preset, preset))
    return names[1] if lang == "zh" else names[0]


_SUMMARY = {
    "en": {
        "title": "Gong Zhu (拱猪) score sheet — {preset} rules, target {target}",
        "hand": "Hand {number}: {scores}",
        "after_end": " (after the end, not counted)",
        "totals": "Totals: {totals}",
        "pig": "The pig: {who}",
        "winner": "Winner: {who}",
        "round_points": "Round points: {points}",
        "next": "Next hand: {who} leads (took the pig)",
    },
    "zh": {
        "title": "拱猪记分表 — {preset}规则，目标 {target}",
        "hand": "第{number}局：{scores}",
        "after_end": "（结束之后，不计）",
        "totals": "总分：{totals}",
        "pig": "猪：{who}",
        "winner": "赢家：{who}",
        "round_points": "轮分：{points}",
        "next": "下一局：{who} 首出（收了猪）",
    },
}
