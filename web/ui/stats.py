"""The player's statistics: each finished hand and match recorded once, aggregated by bot level and
rule preset, validated when read, exported with the saved game, and the chart's geometry.

Pure logic over plain dicts and a `storage` (anything with getItem/setItem/removeItem,
`window.localStorage` on the page), like store.py, so it runs under MicroPython and CPython
alike. The game has no player profiles: the record belongs to the browser's player.

The record (JSON under `STATS_KEY`):

- `groups`: per group key `"<levels of seats 1-3>|<preset>"` (e.g. `"hard/normal/normal|classic"`,
  a custom rule set is `"custom"`), the counters of `COUNTERS`;
- `recent`: the last `RECENT` hands as `[score, group key]`, oldest first (the chart);
- `open`: the match being played, so that no hand is counted twice: its `seed`, the number of
  the last hand recorded (`hand`) and that hand's facts (`last`: its group, facts and match end),
  which a take-back and replay of that same hand replaces.

Nothing here throws on a bad record: `clean` turns any JSON that is not a sound record into
`None`, and `Tracker` then starts afresh and says so once (`notice`).
"""

import json

from gongzhu.core import options
from gongzhu.core.cards import parse_card
from gongzhu.core.scoring import pile_score

STATS_KEY = "gongzhu.stats"
STATS_VERSION = 1
RECENT = 50  # hands the chart shows
MIN_SLOTS = 10  # the chart's bars are at most a tenth of its width
MAX_GROUPS = 500
MAX_COUNT = 10000000  # more hands than anyone plays: a larger counter is a corrupt record
MAX_HAND_SCORE = 5000  # every scoring card, doubled by exposure and x4 by the transformer, is 3,200
MAX_TAKE_BACKS = 100000  # take-backs in one hand (each undoes at least one card)

# Per group, the counters summed over its hands and matches.
COUNTERS = (
    "hands",  # hands finished
    "hands_won",  # hands where the player's score (or side's, in partnership) was the table's best
    "points",  # sum of the player's hand scores
    "pig",  # hands where the player took the pig (Q♠)
    "moons",  # hands where the player took all 13 hearts
    "moons_against",  # hands where another seat took all 13 hearts
    "exposures",  # cards the player exposed
    "exposure_hands",  # hands where the player exposed at least one card
    "exposure_points",  # what the player's exposures changed in the player's own hand scores
    "take_backs",  # cards taken back
    "matches",  # matches finished
    "matches_won",  # matches where the player was among the winners
)
HAND_FACTS = ("score", "won", "pig", "moon", "moon_against", "exposed", "earned", "take_backs")
HEARTS = ("2H", "3H", "4H", "5H", "6H", "7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH")


def empty():
    """A record with nothing played."""
    return {"v": STATS_VERSION, "groups": {}, "recent": [], "open": None}


def blank_counters():
    """Counters of a group with nothing played."""
    out = {}
    for name in COUNTERS:
        out[name] = 0
    return out


# --- what one hand was --------------------------------------------------------------------------

def group_key(levels, rules):
    """The group of a hand: the bots' levels (seats 1-3) and the rules' preset ("custom" for
    house rules that match no preset).

    >>> group_key(["hard", "hard", "normal", "easy"], options.resolve(None, "fast"))
    'hard/normal/easy|fast'
    """
    preset = options.preset_of(rules) if isinstance(rules, dict) else None
    return "/".join([str(lv) for lv in list(levels)[1:4]]) + "|" + (preset or "custom")


def split_group(key):
    """`(levels text, preset)` of a group key: `"hard/normal/normal|classic"` -> ("hard/normal/normal", "classic")."""
    if "|" in key:
        levels, preset = key.rsplit("|", 1)
        return levels, preset
    return key, "custom"


def _hand_of(view, number):
    for entry in view.get("history") or []:
        if entry.get("hand") == number:
            return entry
    return None


def hand_facts(view):
    """What the finished hand of the table view `view` (gongzhu.core.screen.table_view, phase
    "done") was for the player (seat 0), from the engine's scoring breakdown.

    `earned` is what the player's own exposures changed in the player's score: the breakdown's
    total less the same cards scored as if the player had exposed nothing.
    """
    breakdown = view["breakdown"]
    rules = view.get("rules")
    scores = [int(b["total"]) for b in breakdown]
    mine = breakdown[0]
    cards = list(mine["cards"])
    if rules and rules.get("partnership"):
        won = scores[0] + scores[2] >= scores[1] + scores[3]
    else:
        won = scores[0] >= max(scores)
    exposed_all = list(mine.get("exposed") or [])
    exposed_mine = list((view.get("exposed_at_end") or view.get("exposed") or [[]])[0])
    others = [c for c in exposed_all if c not in exposed_mine]
    earned = scores[0] - pile_score_codes(cards, others, rules)
    moon_seats = [s for s in range(4) if all(h in breakdown[s]["cards"] for h in HEARTS)]
    entry = _hand_of(view, view["match"]["hand_number"])
    return {
        "score": scores[0],
        "won": bool(won),
        "pig": "QS" in cards,
        "moon": 0 in moon_seats,
        "moon_against": bool(moon_seats) and 0 not in moon_seats,
        "exposed": len(exposed_mine),
        "earned": earned,
        "take_backs": int(entry.get("take_backs") or 0) if entry else 0,
    }


def pile_score_codes(cards, exposed, rules):
    """The score of captured cards (codes) with these cards exposed (gongzhu.core.scoring)."""
    pile = 0
    for code in cards:
        pile |= 1 << parse_card(code)
    mask = 0
    for code in exposed:
        mask |= 1 << parse_card(code)
    return pile_score(pile, mask, rules)


def match_end(view):
    """`None` while the match goes on, else `{"won": the player is among its winners}`."""
    match = view["match"]
    if not match.get("is_over"):
        return None
    return {"won": 0 in (match.get("winners") or [])}


# --- adding and taking away -------------------------------------------------------------------

def _apply(counters, facts, end, sign):
    """Add (`sign` 1) or take away (-1) one hand's facts and its match end to a group's counters."""
    counters["hands"] += sign
    counters["hands_won"] += sign * int(bool(facts["won"]))
    counters["points"] += sign * facts["score"]
    counters["pig"] += sign * int(bool(facts["pig"]))
    counters["moons"] += sign * int(bool(facts["moon"]))
    counters["moons_against"] += sign * int(bool(facts["moon_against"]))
    counters["exposures"] += sign * facts["exposed"]
    counters["exposure_hands"] += sign * int(facts["exposed"] > 0)
    counters["exposure_points"] += sign * facts["earned"]
    counters["take_backs"] += sign * facts["take_backs"]
    if end is not None:
        counters["matches"] += sign
        counters["matches_won"] += sign * int(bool(end["won"]))


def record_hand(record, seed, number, group, facts, end):
    """Count one finished hand (and its match's end, `end`, or None) into `record`, in place.

    `seed` and `number` name the hand: the match's seed and the hand's 0-based number. A hand
    already counted (the record's open match, same hand) is not counted again; when it was
    finished anew (a take-back, then played again) its new result replaces the old. Returns
    True when the record changed.
    """
    current = record.get("open")
    if current is None or current.get("seed") != seed or number < current.get("hand", -1):
        current = {"seed": seed, "hand": -1, "last": None}
    if number == current["hand"]:
        last = current.get("last")
        if last is None:
            return False  # counted elsewhere (an imported match): never twice
        if last["facts"] == facts and last["end"] == end and last["group"] == group:
            return False
        old = record["groups"].get(last["group"])
        if old is not None:
            _apply(old, last["facts"], last["end"], -1)
        recent = record["recent"]
        if recent and recent[-1] == [last["facts"]["score"], last["group"]]:
            recent.pop()
    counters = record["groups"].get(group)
    if counters is None:
        counters = blank_counters()
        record["groups"][group] = counters
    _apply(counters, facts, end, 1)
    record["recent"].append([facts["score"], group])
    del record["recent"][:-RECENT]
    current["hand"] = number
    current["last"] = {"group": group, "facts": facts, "end": end}
    record["open"] = current
    return True


def start_match(record, seed, number=-1):
    """A new match (or an imported one, whose hands up to `number` are not counted here) is on the table."""
    record["open"] = {"seed": seed, "hand": number, "last": None}


# --- reading a record -------------------------------------------------------------------------

def _count(value, low=0, high=MAX_COUNT):
    return isinstance(value, int) and not isinstance(value, bool) and low <= value <= high


def _clean_facts(data):
    if not isinstance(data, dict) or set(data) != set(HAND_FACTS):
        return None
    for name in ("won", "pig", "moon", "moon_against"):
        if data[name] not in (True, False):
            return None
    if not (_count(data["score"], -MAX_HAND_SCORE, MAX_HAND_SCORE) and _count(data["exposed"], 0, 4)
            and _count(data["earned"], -MAX_HAND_SCORE, MAX_HAND_SCORE)
            and _count(data["take_backs"], 0, MAX_TAKE_BACKS)):
        return None
    return dict(data)


def _clean_counters(data):
    if not isinstance(data, dict) or set(data) != set(COUNTERS):
        return None
    for name in COUNTERS:
        if name in ("points", "exposure_points"):
            if not _count(data[name], -MAX_HAND_SCORE * MAX_COUNT, MAX_HAND_SCORE * MAX_COUNT):
                return None
        elif not _count(data[name]):
            return None
    hands = data["hands"]
    if (data["hands_won"] > hands or data["pig"] > hands or data["moons"] + data["moons_against"] > hands
            or data["exposure_hands"] > hands or data["exposures"] > 4 * data["exposure_hands"]
            or data["exposure_hands"] > data["exposures"] or data["matches"] > hands
            or data["matches_won"] > data["matches"]
            or abs(data["points"]) > MAX_HAND_SCORE * hands
            or abs(data["exposure_points"]) > MAX_HAND_SCORE * data["exposure_hands"]):
        return None
    return dict(data)


def _clean_key(key):
    return isinstance(key, str) and 0 < len(key) <= 100 and "|" in key


def clean(data):
    """A sound record from parsed JSON `data`, or None for anything else (wrong version or shape,
    impossible or absurd numbers)."""
    if not isinstance(data, dict) or data.get("v") != STATS_VERSION:
        return None
    groups = data.get("groups")
    recent = data.get("recent")
    if not isinstance(groups, dict) or len(groups) > MAX_GROUPS or not isinstance(recent, list) or len(
            recent) > RECENT:
        return None
    out = empty()
    for key in groups:
        counters = _clean_counters(groups[key])
        if not _clean_key(key) or counters is None:
            return None
        out["groups"][key] = counters
    for item in recent:
        if not (isinstance(item, list) and len(item) == 2 and _count(item[0], -MAX_HAND_SCORE, MAX_HAND_SCORE)
                and item[1] in out["groups"]):
            return None
        out["recent"].append([item[0], item[1]])
    current = data.get("open")
    if isinstance(current, dict) and current.get("seed") is None:
        current = None  # a room guest's match (its seed is the host's), counted by an older page: forgotten
    if current is not None:
        if not (isinstance(current, dict) and _count(current.get("seed"), 0, 0xFFFFFFFFFFFFFFFF)
                and _count(current.get("hand"), -1, 10000)):
            return None
        last = current.get("last")
        if last is not None:
            if not isinstance(last, dict) or last.get("group") not in out["groups"]:
                return None
            facts = _clean_facts(last.get("facts"))
            end = last.get("end")
            if facts is None or not (end is None or (isinstance(end, dict) and end.get("won") in (True, False))):
                return None
            last = {"group": last["group"], "facts": facts, "end": None if end is None else {"won": end["won"]}}
        out["open"] = {"seed": current["seed"], "hand": current["hand"], "last": last}
    return out


def parse(text):
    """`(record, problem)` from stored text: problem is None, or "stats_reset" when the text is not a
    sound record (and the record is then a fresh one). No text at all is a fresh record, no problem."""
    if not text:
        return empty(), None
    try:
        data = json.loads(text)
    except Exception:
        return empty(), "stats_reset"
    record = clean(data)
    if record is None:
        return empty(), "stats_reset"
    return record, None


# --- figures ----------------------------------------------------------------------------------

def matching(key, level=None, preset=None):
    """Whether the group `key` passes the filter (None = any)."""
    levels, name = split_group(key)
    return (level is None or levels == level) and (preset is None or name == preset)


def totals(record, level=None, preset=None):
    """The counters summed over the groups that pass the filter."""
    out = blank_counters()
    for key in record["groups"]:
        if matching(key, level, preset):
            counters = record["groups"][key]
            for name in COUNTERS:
                out[name] += counters[name]
    return out


def figures(counters):
    """What the dialog shows from summed counters: the counts and the derived averages and rates
    (None where nothing was played to derive them from).

    >>> f = figures(dict(blank_counters(), hands=4, points=-250, pig=1, hands_won=2))
    >>> f["average"], f["pig_rate"], f["hand_win_rate"]
    (-62.5, 25, 50)
    """
    hands = counters["hands"]
    out = dict(counters)
    out["average"] = round(counters["points"] / hands, 1) if hands else None
    out["pig_rate"] = _percent(counters["pig"], hands)
    out["hand_win_rate"] = _percent(counters["hands_won"], hands)
    out["match_win_rate"] = _percent(counters["matches_won"], counters["matches"])
    return out


def average_text(value):
    """An average score as the page writes scores (a true minus sign), to one decimal.

    >>> average_text(87.5), average_text(-62.0), average_text(0.0), average_text(None)
    ('+87.5', '−62', '0', '—')
    """
    if value is None:
        return "—"
    text = "%.1f" % abs(value)
    if text.endswith(".0"):
        text = text[:-2]
    if text == "0":
        return "0"
    return ("+" if value > 0 else "−") + text


def _percent(part, whole):
    if not whole:
        return None
    return int(part * 100 / whole + 0.5)


def levels_and_presets(record):
    """The bot-level combinations and the presets that occur in the record, sorted (the filter's choices)."""
    levels = []
    presets = []
    for key in record["groups"]:
        lv, name = split_group(key)
        if lv not in levels:
            levels.append(lv)
        if name not in presets:
            presets.append(name)
    return sorted(levels), sorted(presets)


def recent_scores(record, level=None, preset=None):
    """The scores of the last hands that pass the filter, oldest first."""
    return [score for score, key in record["recent"] if matching(key, level, preset)]


def chart(scores, width=300, height=120, pad=4):
    """The geometry of the bar chart of `scores` (oldest first) in a `width` x `height` box.

    Returns `{"zero": y of the zero line, "bars": [(x, y, w, h, score)], "top": the highest score
    the scale shows, "bottom": the lowest}`; bars above the line are positive scores, below it
    negative; a zero score is a bar of height 0 (drawn as a tick by the dialog).

    >>> g = chart([100, -100], width=208, height=108, pad=4)
    >>> g["zero"], g["bars"]
    (54.0, [(6.0, 4.0, 16.0, 50.0, 100), (26.0, 54.0, 16.0, 50.0, -100)])
    """
    top = max([0] + list(scores))
    bottom = min([0] + list(scores))
    span = top - bottom
    inner_h = height - 2 * pad
    inner_w = width - 2 * pad
    if span == 0:
        zero = pad + inner_h / 2
        scale = 0.0
    else:
        scale = inner_h / span
        zero = pad + top * scale
    bars = []
    n = len(scores)
    slot = inner_w / max(n, MIN_SLOTS)  # a few hands are bars from the left, not blocks
    gap = min(slot * 0.2, 4) if slot >= 3 else 0  # bars apart, unless there is no room
    for i in range(n):
        score = scores[i]
        size = abs(score) * scale
        y = zero - size if score > 0 else zero
        bars.append((round(pad + i * slot + gap / 2, 2), round(y, 2), round(slot - gap, 2), round(size, 2), score))
    return {"zero": round(zero, 2), "bars": bars, "top": top, "bottom": bottom}


# --- the export -------------------------------------------------------------------------------

def export_text(save_text, record):
    """The export file of the saved game with the statistics: the save's own record (store.py's
    `{"v", "match"}`) with `"stats"` added. `save_text` is the stored save (None when no match is saved)."""
    data = None
    if save_text:
        try:
            data = json.loads(save_text)
        except Exception:
            data = None
    if not isinstance(data, dict):
        data = {"v": 2}
    data["stats"] = record
    return json.dumps(data)


def read_export(text):
    """An export file read back: `(save text or None, record or None, problem key or None)`.

    A file without statistics (the save alone, as an older export) gives record None; a file
    whose statistics are not a sound record is refused whole ("stats_import_bad"), as is a file
    that is not an export ("stats_import_bad"). Whether its match is sound is the engine's to say.
    """
    try:
        data = json.loads(text)
    except Exception:
        return None, None, "stats_import_bad"
    if not isinstance(data, dict) or not isinstance(data.get("v"), int):
        return None, None, "stats_import_bad"
    record = None
    if "stats" in data:
        record = clean(data["stats"])
        if record is None:
            return None, None, "stats_import_bad"
    save = None
    if isinstance(data.get("match"), str):
        save = json.dumps({"v": data["v"], "match": data["match"]})
    elif record is None:
        return None, None, "stats_import_bad"
    return save, record, None


# --- the record on the page -------------------------------------------------------------------

def counted(view):
    """Whether the statistics count the match of `view`: not a room guest's, whose view comes without
    the deal's seed (the match is the host's page's)."""
    try:
        return view["match"]["seed"] is not None
    except Exception:
        return False


class Tracker:
    """The statistics in `storage`: read once at start, counted at the end of each hand."""

    def __init__(self, storage):
        self.storage = storage
        self.record, self.notice = self.read()
        if self.notice:
            self.write()  # the corrupt record is replaced at once: the notice is said once

    def read(self):
        try:
            text = self.storage.getItem(STATS_KEY)
        except Exception:
            return empty(), None
        return parse(text)

    def write(self):
        try:
            self.storage.setItem(STATS_KEY, json.dumps(self.record))
        except Exception:
            pass

    def hand_finished(self, view):
        """Count the finished hand of `view` (and the match's end, when it ended). Never raises:
        statistics never stop the game. A room guest's hands are not counted (`counted`)."""
        if not counted(view):
            return
        try:
            # Another tab may have counted hands since: count into what is stored now.
            record, _ = self.read()
            changed = record_hand(record, view["match"]["seed"], view["match"]["hand_number"],
                                  group_key(view["levels"], view["rules"]), hand_facts(view), match_end(view))
            self.record = record
            if changed:
                self.write()
        except Exception:
            pass

    def match_started(self, view):
        """A new match is on the table (`view`): its hands count afresh even if its seed was played before."""
        if not counted(view):
            return
        try:
            record, _ = self.read()
            match = view["match"]
            done = view.get("phase") == "done"
            start_match(record, match["seed"], match["hand_number"] if done else match["hand_number"] - 1)
            self.record = record
            self.write()
        except Exception:
            pass

    def reset(self):
        """Forget every statistic."""
        self.record = empty()
        self.write()

    def replace(self, record):
        """The statistics of an imported file."""
        self.record = record
        self.write()
