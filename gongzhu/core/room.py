"""An online room's wire rules: what a guest may send the host, and what the host sends a guest.

The host's browser is the referee: its engine worker holds the match (``table.Table`` with the
guests' seats in ``humans``).  A guest sends only messages that ``parse_message`` accepts, and
its seat comes from its connection, never from a message.  What the host sends a seat is
``guest_view`` and ``guest_events``: that seat's own view (``Hand.view``), turned so that the seat
is 0 at the bottom of its screen (``turn``: the table keeps its order, every seat moved by the
same step), and without the match's seed (it would deal every hidden card).

>>> parse_message('{"t": "act", "id": 3, "kind": "play", "arg": "QS"}')["arg"]
'QS'
>>> turn({"to_play": 2, "hand_counts": [10, 11, 12, 13], "trick": [[1, "AS"], [2, "KS"]]}, 1)
{'to_play': 1, 'hand_counts': [11, 12, 13, 10], 'trick': [[0, 'AS'], [1, 'KS']]}
"""

import json

from .cards import SCORING_MASK, SUITS, card_codes, parse_card, winning_index
from .portable import Any
from .rules import Rules
from .scoring import score_pile

MAX_MESSAGE = 2000  # characters: the longest honest message (a name, 13 card codes) is far below
MAX_NAME = 24
EMOJI = ["👍", "😂", "😮", "😢", "🐷", "👏"]  # the reactions a player may send (by index)

# Message type -> (required keys, optional keys).
SHAPES = {
    "hello": (("t", "name"), ("key",)),  # a guest's name, asking for a seat; its browser's key (32 hex digits)
    "act": (("t", "id", "kind", "arg"), ()),  # pass (3 codes), expose (codes) or play (a code)
    "react": (("t", "emoji"), ()),  # one of EMOJI, by index
    "hint": (("t", "id"), ()),  # what the strongest bot would do for the guest's own seat now
    "leave": (("t",), ()),  # a clean goodbye: the seat goes to a bot at once
}
KINDS = ("pass", "expose", "play")


class BadMessage(ValueError):
    """A message the host refuses (too long, not JSON, the wrong shape); ``str(e)`` says why, in
    English, and ``.zh`` in Chinese."""

    def __init__(self, en: str, zh: str) -> None:
        super().__init__(en)
        self.zh = zh


def _code(value: Any) -> str:
    if not isinstance(value, str) or len(value) > 3:
        raise BadMessage("a card must be a code such as QS", "牌须写成代码，如 QS")
    try:
        parse_card(value)
    except ValueError:
        raise BadMessage("%s is not a card" % value[:3], "%s 不是一张牌" % value[:3]) from None
    return value


def is_key(value: Any) -> bool:
    """Whether ``value`` is a browser's key (and a room's code): 32 lowercase hex digits, 128 bits.

    >>> is_key("0123456789abcdef" * 2), is_key("0123"), is_key(None)
    (True, False, False)
    """
    return isinstance(value, str) and len(value) == 32 and all(c in "0123456789abcdef" for c in value)


def is_name(value: Any) -> bool:
    """Whether ``value`` is a person's name at the table: text of 1 to ``MAX_NAME`` characters, not
    all spaces.

    >>> is_name("Mei"), is_name("  "), is_name("x" * (MAX_NAME + 1)), is_name(7)
    (True, False, False, False)
    """
    return isinstance(value, str) and bool(value.strip()) and len(value) <= MAX_NAME


def parse_message(text: Any) -> dict[str, Any]:
    """A guest's message, checked for size and shape; ``BadMessage`` (readable) when refused.

    Only the shape is checked here: whose turn it is, the phase and whether the cards are in the
    guest's hand are the engine's to check (``Hand.act`` raises ``IllegalMove``).
    """
    if not isinstance(text, str):
        raise BadMessage("a message must be text", "消息须为文本")
    if len(text) > MAX_MESSAGE:
        raise BadMessage("the message is too long (%d characters)" % len(text), "消息过长（%d 个字符）" % len(text))
    try:
        data = json.loads(text)
    except ValueError:
        raise BadMessage("the message is not JSON", "消息不是 JSON") from None
    if not isinstance(data, dict) or data.get("t") not in SHAPES:
        raise BadMessage("unknown message", "未知消息")
    required, optional = SHAPES[data["t"]]
    for key in data:
        if key not in required and key not in optional:
            # "seat" among them: a guest's seat is its connection's, never the message's.
            raise BadMessage("unexpected field %s" % str(key)[:20], "多余的字段 %s" % str(key)[:20])
    for key in required:
        if key not in data:
            raise BadMessage("missing field %s" % key, "缺少字段 %s" % key)
    kind = data["t"]
    if kind == "hello":
        name = data["name"]
        if not is_name(name):
            raise BadMessage("a name is 1 to %d characters" % MAX_NAME, "名字须为 1 到 %d 个字符" % MAX_NAME)
        data["name"] = name.strip()
        key = data.get("key")
        if key is not None and not is_key(key):
            raise BadMessage("a browser's key is 32 hex digits", "浏览器标识须为 32 位十六进制数")
    elif kind in ("act", "hint"):
        if not isinstance(data["id"], int) or isinstance(data["id"], bool):
            raise BadMessage("an intent needs a number", "意图须带编号")
    if kind == "act":
        if data["kind"] not in KINDS:
            raise BadMessage("one may pass, expose or play", "只能传牌、亮牌或出牌")
        arg = data["arg"]
        if data["kind"] == "play":
            _code(arg)
        else:
            if not isinstance(arg, list) or len(arg) > 13:
                raise BadMessage("a list of cards is expected", "须为一组牌")
            for code in arg:
                _code(code)
    elif kind == "react":
        if not isinstance(data["emoji"], int) or isinstance(data["emoji"], bool) or not (
                0 <= data["emoji"] < len(EMOJI)):
            raise BadMessage("an unknown reaction", "未知的表情")
    return data


def seat_for(players: list[Any], keys: list[Any], name: str, key: Any, started: bool) -> tuple[int, str]:
    """The seat of a guest who says hello as ``name`` from the browser ``key``, and how it got it.

    ``players``: the room's seats (``{"name", "kind"}``: host, guest, away (dropped, in its grace
    time), gone (a bot plays for them now), bot); ``keys``: the browser key each person's seat was
    taken with.  The rule: a seat goes back to its person's name.  From the same browser (the same
    key) that is ``"back"``, even while the host still counts the old connection; from another
    browser (a phone that died, a laptop picked up) it is ``"taken_back"``, and only if nobody is
    connected at that seat: a connected person's seat is never taken by name.  Before the start, a
    new name gets the first seat a bot holds (``"new"``).  BadMessage (readable) otherwise.
    """
    for seat in (1, 2, 3):
        p = players[seat]
        if p.get("name") != name or p.get("kind") not in ("guest", "away", "gone"):
            continue
        if key is not None and keys[seat] == key:
            return seat, "back"
        if p.get("kind") == "guest":
            raise BadMessage("%s sits at the table already: choose another name" % name,
                             "%s已经在牌桌上了：请换一个名字" % name)
        return seat, "taken_back"
    if not started:
        for seat in (1, 2, 3):
            if players[seat].get("kind") == "bot":
                return seat, "new"
    raise BadMessage("the room is full", "房间已满")


HINT_GAP_MS = 3000  # a guest's hints: one at a time, and at most one in this many milliseconds


class HintGate:
    """The host's limit on its guests' hints, which make its strongest bot think: one hint at a
    time per seat, and none sooner than ``gap_ms`` after the seat's last one.

    >>> gate = HintGate(1000)
    >>> gate.admit(1, 0)
    >>> gate.admit(1, 5000)
    Traceback (most recent call last):
    ...
    gongzhu.core.room.BadMessage: a hint is being worked out already
    """

    def __init__(self, gap_ms: int = HINT_GAP_MS) -> None:
        self.gap_ms = gap_ms
        self.last: dict[int, float] = {}  # seat -> when its last hint was asked (ms)
        self.busy: list[int] = []  # seats whose hint is being worked out

    def admit(self, seat: int, now: float) -> None:
        """Let ``seat`` ask for a hint at time ``now`` (ms), or BadMessage (readable) if it may not."""
        if seat in self.busy:
            raise BadMessage("a hint is being worked out already", "提示正在计算中")
        last = self.last.get(seat)
        if last is not None and now - last < self.gap_ms:
            raise BadMessage("too many hints: wait a moment", "提示请求过于频繁，请稍等")
        self.last[seat] = now
        self.busy.append(seat)

    def done(self, seat: int) -> None:
        """The hint of ``seat`` is answered (or refused): it may ask again after the gap."""
        if seat in self.busy:
            self.busy.remove(seat)


def read_hint(msg: Any) -> dict[str, Any]:
    """The host's hint as a guest's page keeps it: the phase, the decision (a card code, or a list
    of them) and the sentence in each language, all checked; BadMessage for anything else.

    >>> read_hint({"t": "hint", "re": 4, "phase": "play", "decision": "QS", "en": "Why.", "zh": "为何。"})
    {'phase': 'play', 'decision': 'QS', 'en': 'Why.', 'zh': '为何。'}
    """
    if not isinstance(msg, dict) or msg.get("phase") not in KINDS:
        raise BadMessage("the host's hint is not one", "房主的提示无效")
    decision = msg.get("decision")
    if msg["phase"] == "play":
        _code(decision)
    elif not isinstance(decision, list) or len(decision) > 13:
        raise BadMessage("a list of cards is expected", "须为一组牌")
    else:
        for code in decision:
            _code(code)
    out = {"phase": msg["phase"], "decision": decision}
    for lang in ("en", "zh"):
        text = msg.get(lang)
        out[lang] = text[:MAX_MESSAGE] if isinstance(text, str) else ""
    return out


# ------------------------------------------------------------------ turning a view to its seat

# Keys whose value is a seat (or None).
SEAT_KEYS = ("seat", "to_play", "leader", "trick_leader", "pig_captor", "bot_next", "turn", "winner", "to", "from")
# Keys whose value is a list with one entry per seat.
PER_SEAT_KEYS = ("hand_counts", "exposed", "exposure_decided", "tricks_won", "captured", "voids", "scores",
                 "levels", "breakdown", "exposed_at_end", "totals", "seat_totals", "round_points", "places",
                 "done", "players")
# Keys whose value is a list of seats.
SEAT_LIST_KEYS = ("losers", "winners")
# Keys whose value is a list of [seat, card] pairs (where it is a list of lists).
PAIR_KEYS = ("played", "trick", "cards")
# Keys not followed into: per seat lists of data that hold no seat.
OPAQUE = ("breakdown", "illegal", "illegal_zh", "rules", "players")


def turn(data: Any, seat: int) -> Any:
    """``data`` (a view, an event, or lists of them) as seat ``seat`` sees the table: every seat
    number s becomes (s - seat) % 4 and every per-seat list starts at ``seat``."""
    if isinstance(data, list):
        return [turn(item, seat) for item in data]
    if not isinstance(data, dict):
        return data
    out = {}
    for key in data:
        value = data[key]
        if key in SEAT_KEYS and isinstance(value, int) and not isinstance(value, bool):
            value = (value - seat) % 4
        elif key in PER_SEAT_KEYS and isinstance(value, list) and len(value) == 4:
            value = value[seat:] + value[:seat]
            if key not in OPAQUE:
                value = [turn(v, seat) for v in value]
        elif key == "hand_scores" and isinstance(value, list):
            value = [v[seat:] + v[:seat] for v in value]
        elif key == "team_totals" and isinstance(value, list):
            value = value if seat % 2 == 0 else [value[1], value[0]]
        elif key in SEAT_LIST_KEYS and isinstance(value, list):
            value = sorted((s - seat) % 4 for s in value)
        elif key in PAIR_KEYS and isinstance(value, list) and value and isinstance(value[0], list):
            value = [[(pair[0] - seat) % 4, pair[1]] for pair in value]
        elif key in OPAQUE:
            pass
        elif isinstance(value, (dict, list)):
            value = turn(value, seat)
        out[key] = value
    return out


def guest_view(view: dict[str, Any], seat: int) -> dict[str, Any]:
    """A seat's table view (``screen.table_view(match, seat, ...)``) as sent to that guest: turned
    to the seat, without the seed, and with nothing the guest's page drives itself (the bots'
    turns, a claim, a take-back: the host does those)."""
    out: dict[str, Any] = turn(view, seat)
    match = dict(out["match"])
    match["seed"] = None
    out["match"] = match
    out["bot_next"] = None
    out["can_claim"] = False
    out["can_take_back"] = False
    return out


def guest_events(events: list[Any], seat: int) -> list[Any]:
    """The engine's events as sent to a guest: turned to its seat, a claim without its proof."""
    out = []
    for event in turn(events, seat):
        if event.get("type") == "claim":
            event = dict(event)
            event["proof"] = None
        out.append(event)
    return out


# ------------------------------------------------------------------ what crosses the wire

# Keys of a guest's view that its page works out from the rest (``unpack_view``), never sent.
DERIVED = ("breakdown", "exposed_at_end", "trick", "tricks", "tricks_won", "captured", "voids", "legal")
# Events a guest's page rebuilds from its view (``unpack_events``): sent as their type alone.
REBUILT_EVENTS = ("play", "trick", "hand_over")


def pack_view(view: dict[str, Any]) -> dict[str, Any]:
    """A guest's view made short for the wire: without what ``unpack_view`` works out from the
    cards played (``DERIVED``; the cards left in each hand and whose turn it is too, but while
    cards are passed), and the reasons why cards may not be played grouped (one sentence in each
    language, the cards it is said of) instead of repeated per card."""
    out = dict(view)
    for key in DERIVED:
        out.pop(key, None)
    if out["phase"] != "pass":
        # (While cards are passed a hand may hold 10 cards, and the turn is a passing bot's.)
        out.pop("hand_counts", None)
        out.pop("turn", None)
    illegal = out.pop("illegal", {}) or {}
    zh = out.pop("illegal_zh", {}) or {}
    groups: list[Any] = []
    for code in sorted(illegal):
        pair = [illegal[code], zh.get(code, illegal[code])]
        for group in groups:
            if group[0] == pair[0] and group[1] == pair[1]:
                group[2].append(code)
                break
        else:
            groups.append([pair[0], pair[1], [code]])
    out["reasons"] = groups
    return out


def unpack_view(packed: dict[str, Any]) -> dict[str, Any]:
    """The view ``pack_view`` made short, whole again (as ``Hand.view`` and ``Hand.breakdown``
    make it, from the cards played in order and the tricks they made)."""
    out = dict(packed)
    illegal = {}
    zh = {}
    for en, cn, codes in out.pop("reasons", []) or []:
        for code in codes:
            illegal[code] = en
            zh[code] = cn
    out["illegal"] = illegal
    out["illegal_zh"] = zh
    played = out["played"]
    tricks: list[dict[str, Any]] = []
    won = [0, 0, 0, 0]
    taken = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    for first in range(0, len(played), 4):
        cards = played[first:first + 4]
        led = parse_card(cards[0][1]) // 13
        for seat, code in cards[1:]:
            if parse_card(code) // 13 != led:
                voids[seat] |= 1 << led  # Failing to follow shows a void.
        if len(cards) < 4:
            break
        mask = 0
        for _, code in cards:
            mask |= 1 << parse_card(code)
        winner = cards[winning_index([parse_card(code) for _, code in cards])][0]
        won[winner] += 1
        taken[winner] |= mask
        tricks.append({"trick": len(tricks), "leader": cards[0][0], "cards": cards, "winner": winner,
                       "points": card_codes(mask & SCORING_MASK)})
    out["tricks"] = tricks
    out["trick"] = played[4 * len(tricks):]
    out["tricks_won"] = won
    out["captured"] = [card_codes(mask & SCORING_MASK) for mask in taken]
    out["voids"] = [[SUITS[x] for x in range(4) if mask >> x & 1] for mask in voids]
    if "hand_counts" not in out:
        out["hand_counts"] = [13 - sum(1 for s, _ in played if s == seat) for seat in range(4)]
    if "turn" not in out:
        out["turn"] = 0 if out["your_move"] else out["to_play"] if out["phase"] == "play" else None
    my_turn = out["phase"] == "play" and out["to_play"] == 0
    out["legal"] = sorted((c for c in out["hand"] if c not in illegal), key=parse_card) if my_turn else []
    if out.get("phase") == "done":
        # Each seat's score, line by line, from the tricks it took and the exposures (Hand.breakdown).
        exposed = list(out.get("auto_exposed") or [])
        for cards in out["exposed"]:
            exposed += cards
        rules = Rules.from_dict(out["rules"])
        out["breakdown"] = [score_pile(card_codes(mask), exposed, rules).to_dict() for mask in taken]
        out["exposed_at_end"] = out["exposed"]
    return out


def pack_events(events: list[Any]) -> list[Any]:
    """A guest's events made short for the wire: those the guest's page rebuilds from its view
    (``REBUILT_EVENTS``) as their type alone."""
    return [event["type"] if event.get("type") in REBUILT_EVENTS else event for event in events]


def unpack_events(packed: list[Any], view: dict[str, Any]) -> list[Any]:
    """The events ``pack_events`` made short, whole again from ``view`` (the whole view after
    them): the last cards played, the last tricks and the hand's end."""
    plays = len(view["played"]) - packed.count("play")
    tricks = len(view["tricks"]) - packed.count("trick")
    if plays < 0 or tricks < 0:
        raise ValueError("the events name more cards or tricks than the view holds")
    out = []
    for event in packed:
        if event == "play":
            seat, code = view["played"][plays]
            event = {"type": "play", "seat": seat, "card": code, "trick": plays // 4}
            plays += 1
        elif event == "trick":
            event = dict(view["tricks"][tricks], type="trick")
            tricks += 1
        elif event == "hand_over":
            event = {"type": "hand_over", "scores": view["scores"], "pig_captor": view["pig_captor"]}
        elif not isinstance(event, dict):
            raise ValueError("an unknown event")
        out.append(event)
    return out


def delta(old: "dict[str, Any] | None", new: dict[str, Any]) -> dict[str, Any]:
    """What changed from ``old`` to ``new`` (top-level keys): ``set`` (new values), ``add`` (what
    a list grew by at its end) and ``drop`` (keys gone). ``old`` None: everything is set."""
    if old is None:
        return {"set": dict(new)}
    changed: dict[str, Any] = {}
    grown: dict[str, Any] = {}
    for key in new:
        value = new[key]
        if key not in old:
            changed[key] = value
            continue
        before = old[key]
        if before == value:
            continue
        if isinstance(value, list) and isinstance(before, list) and before and len(value) > len(before) \
                and value[:len(before)] == before:
            grown[key] = value[len(before):]
        else:
            changed[key] = value
    out: dict[str, Any] = {}
    if changed:
        out["set"] = changed
    if grown:
        out["add"] = grown
    gone = [key for key in old if key not in new]
    if gone:
        out["drop"] = gone
    return out


def patch(old: "dict[str, Any] | None", change: Any) -> dict[str, Any]:
    """``old`` with ``change`` (a ``delta``) applied; ValueError for a change that does not fit."""
    if not isinstance(change, dict):
        raise ValueError("a change must be an object")
    out = dict(old or {})
    for key, value in (change.get("set") or {}).items():
        out[key] = value
    for key, value in (change.get("add") or {}).items():
        if not isinstance(out.get(key), list) or not isinstance(value, list):
            raise ValueError("a change adds to a list the view does not have: %s" % key)
        out[key] = out[key] + value
    for key in change.get("drop") or []:
        out.pop(key, None)
    return out
