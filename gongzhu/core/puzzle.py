"""Puzzles and replays, the portable part: a deal from its spec, the legality of a list of moves,
the position after them and a play-out by a bot; ``gongzhu.puzzle`` adds the strongest bot's answer.

The embed pages (``web/embed/``) read a hand from URL parameters with ``gongzhu.core.replay`` on
the MicroPython main thread and show it at once; the quick engine worker (MicroPython) answers
these calls (legality from ``gongzhu.core.hand``, the one source of it, and a play-out by the
``easy`` bot), and the Pyodide worker the puzzle's answer when the author gave none.

A *spec* is the JSON-able description of a deal, as the pages send it::

    {"hands": [[codes of seat 0], ... 4 lists], "leader": None or seat,
     "exposed": [codes], "rules": "classic" (a preset name) or a dict of options}

``leader`` None means the first hand of a match (the holder of 2♠, or 2♣, leads it).

>>> from gongzhu.core.deal import deal_hands
>>> from gongzhu.core.cards import card_codes
>>> spec = {"hands": [card_codes(h) for h in deal_hands(7)], "leader": None, "exposed": [], "rules": "classic"}
>>> check(spec, ["2S", "KH"])["error"]
'Move 2 (West plays K♥): You must follow suit: spades were led and you hold a spade.'
"""

from .cards import card_code, card_symbol, parse_card
from .hand import Hand, new_hand
from .portable import Any, Callable, Random
from .replay import SEAT_NAMES, SEAT_NAMES_ZH


def spec_hand(spec: dict[str, Any]) -> Hand:
    """A hand at the start of play from a spec (see the module docstring); ValueError if it is not a deal."""
    leader = spec.get("leader")
    return new_hand(
        hands=spec["hands"],
        rules=spec.get("rules") or "classic",
        leader=leader,
        first_hand=leader is None,
        exposed=spec.get("exposed") or [],
    )


def describe(hand: Hand, number: int, code: str) -> tuple[str, str]:
    """'Move n (West plays K♥)', in English and in Chinese."""
    seat = hand.to_play
    try:
        card = card_symbol(parse_card(code))
    except ValueError:
        card = str(code)
    if seat is None:
        return f"Move {number} (nobody plays {card})", f"第 {number} 步（无人出 {card}）"
    return f"Move {number} ({SEAT_NAMES[seat]} plays {card})", f"第 {number} 步（{SEAT_NAMES_ZH[seat]}出 {card}）"


def check(spec: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """Play ``moves`` (codes) from the spec's deal: how many are legal, and why the next one is not.

    Returns ``{"legal": n, "error": None or "Move n (West plays K♥): <the engine's reason>",
    "error_zh": the same in Chinese, "scores": [hand scores after the legal moves]}``.
    """
    hand = spec_hand(spec)
    for i, code in enumerate(moves):
        reason = hand.why_illegal(code)
        if reason:
            en, zh = describe(hand, i + 1, code)
            return {"legal": i, "error": f"{en}: {reason}", "error_zh": f"{zh}：{reason.zh}",
                    "scores": hand.hand_scores()}
        hand.play(code)
    return {"legal": len(moves), "error": None, "error_zh": None, "scores": hand.hand_scores()}


def position(spec: dict[str, Any], moves: list[str]) -> Hand:
    """The hand after ``moves``, with a card to decide; ValueError (readable) if there is none."""
    hand = spec_hand(spec)
    result = check(spec, moves)
    if result["error"]:
        raise ValueError(result["error"])
    for code in moves:
        hand.play(code)
    if hand.phase != "play":
        raise ValueError("the hand is over after these moves: there is nothing left to decide")
    return hand


def position_view(spec: dict[str, Any], moves: list[str]) -> dict[str, Any]:
    """The position after ``moves``: who plays, the legal cards and why the others are not.

    Returns ``{"seat", "legal": [codes], "illegal": {code: reason}, "illegal_zh": {code: reason in
    Chinese}}``; ValueError (readable) when a move is illegal or the hand is over.
    """
    hand = position(spec, moves)
    seat = hand.to_play
    assert seat is not None  # (position: a card to decide)
    view = hand.view(seat)
    return {"seat": seat, "legal": hand.legal_moves(), "illegal": view["illegal"], "illegal_zh": view["illegal_zh"]}


def play_out(spec: dict[str, Any], moves: list[str], card: str, seed: int,
             bot: Callable[..., Any], level: str) -> dict[str, Any]:
    """Play ``card`` in the position after ``moves``, then let ``bot`` (of ``level``) finish the hand.

    Returns ``{"card", "moves": [codes played after the position, card first],
    "scores": [4 final hand scores], "bot": level}``; IllegalMove (readable) if ``card`` may
    not be played there.
    """
    hand = position(spec, moves)
    rng = Random(seed)
    hand.play(card)
    played = [hand.played[-1][1]]
    while hand.phase == "play":
        seat = hand.to_play
        assert seat is not None
        choice = bot(hand.view(seat), rng)
        hand.play(choice)
        played.append(hand.played[-1][1])
    return {
        "card": card_code(played[0]),
        "moves": [card_code(c) for c in played],
        "scores": hand.hand_scores(),
        "bot": level,
    }
