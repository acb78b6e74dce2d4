"""What the game's table shows one player: a match's view ready for the screen.

``table_view(match, seat, levels)`` is ``match.view(seat)`` plus who acts now, decided here
once for the whole page: what this player may do (``your_move``), which bot decides next
(``bot_next``, which the page paces) and whom the table marks as acting (``turn``), with the
score history, the bot levels, the comforts on offer (``can_claim``: the rest may be played
out at once; ``can_take_back``: the player's last card may be taken back, never in a room,
``room``) and, once the hand is over, each seat's breakdown.  The engine
worker answers every call with it; the page's main thread (MicroPython) builds the same view
from a saved match before the worker is up.
"""

from .hand import Hand
from .match import Match
from .portable import Any


def your_move(hand: Hand, seat: int) -> "str | None":
    """What ``seat`` may do now: "pass", "expose" or "play"; None while it waits."""
    if hand.phase == "pass":
        return "pass" if hand.passes[seat] is None else None
    if hand.phase == "expose":
        if hand.exposure_decided[seat]:
            return None
        return "expose" if hand.rules.exposure_mode == "secret" or hand.to_play == seat else None
    if hand.phase == "play":
        return "play" if hand.to_play == seat else None
    return None


def bot_next(hand: Hand, seat: "int | list[int]") -> "int | None":
    """The other seat (a bot's) that decides next, or None (``seat``'s turn, or the hand is over).

    ``seat`` may be a list: the seats played by people (an online room), none of which is a bot's.
    """
    people = [seat] if isinstance(seat, int) else list(seat)
    order = [(hand.to_play + i) % 4 for i in range(4)] if hand.to_play is not None else [0, 1, 2, 3]
    if hand.phase == "pass":
        for s in order:
            if s not in people and hand.passes[s] is None:
                return s
        return None
    if hand.phase == "expose" and hand.rules.exposure_mode == "secret":
        for s in order:
            if s not in people and not hand.exposure_decided[s]:
                return s
        return None
    if hand.phase in ("expose", "play") and hand.to_play is not None and hand.to_play not in people:
        return hand.to_play
    return None


def table_view(match: Match, seat: int, levels: list[str], room: bool = False,
               claims: bool = True, people: "list[int] | None" = None) -> dict[str, Any]:
    """``match.view(seat)`` with ``your_move``, ``bot_next``, ``turn``, ``levels``, ``history``,
    ``room``, ``can_claim``, ``can_take_back`` and, when the hand is over, ``breakdown`` and
    ``exposed_at_end``.

    ``room``: the table is an online room (the other seats are people), where nothing is taken
    back.  ``claims=False`` skips the claim's proof (a view that cannot be played yet).  ``people``:
    the seats played by people (``seat`` and, in a room, the guests'), which ``bot_next`` skips."""
    hand = match.current_hand
    view = match.view(seat)
    view["your_move"] = your_move(hand, seat)
    view["bot_next"] = bot_next(hand, people if people else seat)
    view["room"] = room
    view["can_claim"] = bool(claims and view["your_move"] == "play" and hand.claim_proof())
    view["can_take_back"] = not room and hand.can_take_back(seat)
    # Nobody is marked while the bots choose their exposures: that would tell who holds a special card.
    if view["your_move"]:
        view["turn"] = seat
    elif hand.phase == "play":
        view["turn"] = hand.to_play
    elif hand.phase == "pass":
        view["turn"] = view["bot_next"]
    else:
        view["turn"] = None
    view["levels"] = list(levels)
    view["history"] = [
        {"hand": h["hand"], "scores": h["scores"], "totals": h["totals"], "pig_captor": h["pig_captor"],
         "take_backs": h["take_backs"]}
        for h in match.history()
    ]
    if hand.phase == "done":
        view["breakdown"] = hand.breakdown()
        view["exposed_at_end"] = view["exposed"]
    return view
