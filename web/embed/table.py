"""The replay and puzzle table (MicroPython): a deal read from the URL, drawn round the trick.

`read_deal(query)` turns the deal parameters (seed or hands, exposed, leader, rules, moves; see
gongzhu/core/replay.py for the notation) into a `Replay` and the worker's spec.

`Table(root, lang, names)` builds the seats once; `table.render(replay, state, face_up)` is the
only code that writes them afterwards. Seats sit counter-clockwise in play order, as on the
game page: South (0) at the bottom, East (1) right, North (2) top, West (3) left. Each seat
shows its name, its exposed cards, its running hand score (`data-testid="hand-score"`), its
hand (face up or backs) and the scoring cards it has captured.
"""

import kit
from ui.dom import h

from gongzhu.core.cards import (
    SCORING_MASK,
    card_code,
    card_codes,
    card_symbol,
    cards_of,
    sort_for_display,
)
from gongzhu.core.replay import (
    ParamError,
    Replay,
    hands_from_seed,
    parse_exposed_param,
    parse_hand_number,
    parse_hands,
    parse_moves,
    parse_seat,
    parse_seed,
    scoring_cards,
)
from gongzhu.core.rules import get_rules
from gongzhu.core.scoring import signed

POSITIONS = ("south", "east", "north", "west")
"""Screen position of each seat."""


def read_deal(query):
    """`(replay, spec, seed)` from the URL: the deal (seed= and hand=, or hands=), exposed=, leader=,
    rules=, moves=.

    `spec` is what the worker's `gongzhu.puzzle` functions take. ParamError (readable) when a
    parameter is wrong; legality is checked later by the engine.
    """
    preset = kit.preset_of(query)
    rules = get_rules(preset)
    number = parse_hand_number(query["hand"]) if query.get("hand", "").strip() else 1
    has_seed = query.get("seed", "").strip() != ""
    has_hands = query.get("hands", "").strip() != ""
    if has_seed and has_hands:
        raise ParamError("give either seed or hands, not both", "seed 和 hands 只能给一个")
    if has_hands:
        hands = parse_hands(query["hands"])
        seed = 0
    elif has_seed:
        seed = parse_seed(query["seed"])
        hands = hands_from_seed(seed, number)
    else:
        raise ParamError(
            "give a deal: seed=N (a whole number) or hands=… (see the embed page)",
            "请给出牌局：seed=N（整数）或 hands=…（见嵌入说明页）",
        )
    exposed = parse_exposed_param(query.get("exposed", ""))
    if exposed and not rules.exposure:
        raise ParamError("exposed: the %s rules have no exposure" % preset, "exposed：%s 规则没有亮牌" % preset)
    leader = None
    if query.get("leader", "").strip():
        leader = parse_seat(query["leader"])
    elif number > 1:
        raise ParamError(
            "hand %d of a match is led by the previous hand's pig captor: give leader=S, E, N or W" % number,
            "一局中的第 %d 副由上一副吃到猪的人先出：请给出 leader=S、E、N 或 W" % number,
        )
    moves = parse_moves(query.get("moves", ""))
    replay = Replay(hands, moves, leader, exposed, rules, rules.first_lead)
    spec = {"hands": [card_codes(m) for m in hands], "leader": leader, "exposed": card_codes(exposed), "rules": preset}
    return replay, spec, seed


def face_up_seats(query, default):
    """Which seats show their cards: `show=all` (every seat) or `show=S` (one seat); else `default`."""
    show = query.get("show", "").strip().lower()
    if not show:
        return default
    if show == "all":
        return [0, 1, 2, 3]
    return [parse_seat(show)]


def seat_names(query, lang):
    """Four seat names: `names=Ann,Bob,Cy,Dee` (text, clipped) or the compass names."""
    names = [kit.seat_name(s, lang) for s in range(4)]
    given = kit.text_param(query, "names", 200)
    if given:
        parts = given.split(",")
        for s in range(min(4, len(parts))):
            name = parts[s].strip()[:24]
            if name:
                names[s] = name
    return names


class Table:
    """The table's DOM: seats and the trick area inside `root`."""

    def __init__(self, root, lang, names):
        self.lang = lang
        self.names = names
        self.seats = []
        self.table = h("div", {"class": "table", "role": "group", "aria-label": "table"})
        for s in range(4):
            name = h("span", {"class": "seat-name", "text": names[s]})
            badges = h("span", {"class": "badges"})
            score = h("span", {"class": "hand-score", "text": "0", "data-testid": "hand-score"})
            count = h("span", {"class": "count"})
            head = h("div", {"class": "seat-head"}, [name, badges, score, count])
            hand = h("div", {"class": "hand"})
            taken = h("div", {"class": "taken", "data-testid": "captured"})
            section = h(
                "section",
                {"class": "seat", "data-seat": s, "data-pos": POSITIONS[s], "aria-label": names[s]},
                [head, hand, taken],
            )
            self.table.appendChild(section)
            self.seats.append(
                {"section": section, "badges": badges, "score": score, "count": count, "hand": hand, "taken": taken}
            )
        self.trick_cards = h("div", {"class": "trick-cards", "data-testid": "trick"})
        self.trick_note = h("p", {"class": "trick-note", "text": "", "aria-live": "polite"})
        self.table.appendChild(h("div", {"class": "trick-area"}, [self.trick_cards, self.trick_note]))
        root.appendChild(self.table)

    def render(self, replay, state, face_up):
        """Draw `state` (from `replay.state(k)`); seats in `face_up` show their cards."""
        lang = self.lang
        for s in range(4):
            seat = self.seats[s]
            seat["section"].classList.toggle("turn", state["to_play"] == s)
            kit.clear(seat["badges"])
            for c in cards_of(replay.exposed & replay.hands[s]):
                seat["badges"].appendChild(
                    h("span", {"class": "badge", "text": kit.t("exposed_card", lang, card=card_symbol(c))})
                )
            seat["score"].textContent = signed(state["scores"][s])
            held = state["held"][s]
            n = len(cards_of(held))
            if s in face_up:
                seat["count"].textContent = ""
            else:
                seat["count"].textContent = kit.t("card_left", lang) if n == 1 else kit.t("embed_cards_left", lang, n=n)
            hand = seat["hand"]
            kit.clear(hand)
            if s in face_up:
                hand.className = "hand"
                for c in sort_for_display(cards_of(held)):
                    extra = kit.t("exposed_word", lang) if replay.exposed >> c & 1 else None
                    hand.appendChild(kit.card_face(card_code(c), lang, "card", extra))
            else:
                hand.className = "hand backs"
                for _ in range(n):
                    hand.appendChild(kit.card_back())
            taken = seat["taken"]
            kit.clear(taken)
            for c in scoring_cards(state["captured"][s] & SCORING_MASK):
                taken.appendChild(kit.card_face(card_code(c), lang, "card small"))
        kit.clear(self.trick_cards)
        for seat, c in state["trick"]:
            face = kit.card_face(card_code(c), lang)
            face.setAttribute("data-pos", POSITIONS[seat])
            face.setAttribute("data-seat", str(seat))
            if state["winner"] == seat:
                face.classList.add("winner")
            self.trick_cards.appendChild(face)
        if state["winner"] is not None:
            note = kit.t("wins", lang, seat=self.names[state["winner"]])
        elif state["to_play"] is None:
            note = kit.t("hand_over", lang)
        elif not state["trick"]:
            note = kit.t("embed_leads", lang, seat=self.names[state["to_play"]])
        else:
            note = kit.t("embed_to_play", lang, seat=self.names[state["to_play"]])
        self.trick_note.textContent = note
