"""The game table the engine workers serve: one match, the human at seat 0, bots or people at 1-3.

Both of the page's engine workers hold a ``Table`` and answer the page's calls with it: the
MicroPython worker (``web/quick/worker.py``), which starts at once and plays the portable levels
(``beginner``, ``easy``, ``normal``), and the Pyodide worker (``web/worker.py``), which joins later
and plays every level.  A match moves from one to the other through its JSON (``save`` /
``load``) between two calls, so either worker carries on exactly where the other stopped: every
bot decision draws from a generator seeded by the match, the hand and the move (``decision_rng``),
the same numbers in every runtime.

Every answer is a snapshot, the human's view ready for the screen (``screen.table_view``);
``advance`` makes ONE bot decision, so the page paces the bots and stays responsive.
``serve(api, name, args_json)`` runs a call and answers it as JSON text, as the page expects
(a dict would reach the MicroPython main thread as a JsProxy).

In an online room the page at seat 0 is the host: ``set_room`` names the seats its guests play
(``humans``), the bots never move for them, a guest's intent arrives through ``guest_act``, and
every answer carries under ``"guests"`` what each guest's screen is sent (``room.guest_view``:
its own seat's view only, turned to it, and the events).
"""

import json

from .bots import LADDER
from .bots.pimc import set_pace
from .hand import IllegalMove, reason
from .lessons import LessonMatch
from .match import Match
from .portable import Any, Random, clock, dumps
from .room import delta, guest_events, guest_view, pack_events, pack_view
from .rules import get_rules
from .screen import bot_next, table_view, your_move

HUMAN = 0
MAX_PACE_MS = 2000.0
"""The longest pace ``advance`` lets a search bot think for (the game's slowest is under a second)."""


class NotHere(Exception):
    """A call this worker cannot answer (a search bot's move in the MicroPython worker)."""


def decision_rng(match: Match, seat: int) -> Random:
    """A bot's random source, fixed by the match, hand and move: a reloaded game, or one moved to
    the other worker, replays the same."""
    hand = match.current_hand
    return Random(((match.seed * 1009 + match.hand_number) * 1013 + len(hand.actions)) * 4 + seat)


def human_to_move(match: Match, seat: int = HUMAN) -> Any:
    """The hand of ``match`` when ``seat`` (the human's, or in a room a guest's) has a decision to
    make in it, else IllegalMove (the hint is for one's own decision)."""
    hand = match.current_hand
    if seat not in (0, 1, 2, 3) or not your_move(hand, seat):
        raise IllegalMove(reason("no_decision"))
    return hand


class Table:
    """One match and the bot level of each seat, played by the bots in ``bots`` (name -> bot)."""

    def __init__(self, bots: dict[str, Any]) -> None:
        self.bots = bots
        self.match: "Match | None" = None
        self.levels = ["normal", "normal", "normal", "normal"]
        self.room = False  # an online room (people in the other seats) sets this: no take-backs there
        self.humans = [HUMAN]  # the seats played by people: the host's, and in a room its guests'
        self.sent: dict[int, Any] = {}  # in a room: seat -> the (packed) view its guest was last sent

    def current(self) -> Match:
        if self.match is None:
            raise RuntimeError("no match is being played; start one with new_match")
        return self.match

    def snapshot(self) -> dict[str, Any]:
        """The human's view of the match, ready for the screen; in a lesson, with ``lesson``
        (``LessonMatch.info``), and nothing left to do once the lesson is judged."""
        match = self.current()
        if not isinstance(match, LessonMatch):
            return table_view(match, HUMAN, self.levels, self.room, people=self.humans)
        view = table_view(match, HUMAN, ["easy", "easy", "easy", "easy"], claims=False)
        view["lesson"] = match.info()
        if view["lesson"]["verdict"] is not None:
            view.update({"your_move": None, "bot_next": None, "turn": None, "legal": [], "illegal": {},
                         "illegal_zh": {}, "exposable": [], "can_take_back": False})
        return view

    def lesson(self, number: int) -> dict[str, Any]:
        """Start tutorial lesson ``number`` (1-6, ``gongzhu.core.lessons``) in place of the match:
        its bots follow the lesson's script; it is never saved (``save`` refuses)."""
        self.match = LessonMatch(int(number))
        return self.snapshot()

    def _lesson_over(self) -> bool:
        match = self.match
        return isinstance(match, LessonMatch) and match.verdict() is not None

    def set_room(self, seats: list[int]) -> list[int]:
        """Make this table an online room whose guests play ``seats`` (of 1-3; none: only bots
        beside the host, as when every guest has left).  Returns the seats people play."""
        if not isinstance(seats, list) or any(not isinstance(s, int) or s not in (1, 2, 3) for s in seats):
            raise ValueError("a room's guests sit at seats 1, 2 and 3")
        self.room = True
        self.humans = [HUMAN] + sorted(set(seats))
        return list(self.humans)

    def guest_views(self, events: "list[Any] | None" = None, full: bool = True) -> dict[str, Any]:
        """What each guest's screen is sent now: seat (as text) -> {"events", "delta"}, both turned
        to that seat (``room.guest_view``, ``room.guest_events``) and made short for the wire
        (``room.pack_events``; ``delta`` is what changed in its view, ``room.delta`` of
        ``room.pack_view``, since it was last sent one); ``full``: the whole view (a guest that
        joins or comes back)."""
        match = self.current()
        out = {}
        for seat in self.humans:
            if seat != HUMAN:
                view = pack_view(guest_view(table_view(match, seat, self.levels, True, claims=False,
                                                       people=self.humans), seat))
                change = delta(None if full else self.sent.get(seat), view)
                self.sent[seat] = view
                out[str(seat)] = {"events": pack_events(guest_events(events or [], seat)), "delta": change}
        return out

    def reply(self, events: list[Any]) -> dict[str, Any]:
        """The answer to a call that changed the match: its events and the host's snapshot (and,
        in a room with guests, ``guests``: what each of them is sent)."""
        out: dict[str, Any] = {"events": events, "view": self.snapshot()}
        if len(self.humans) > 1:
            out["guests"] = self.guest_views(events, full=False)
        return out

    def guest_act(self, seat: int, kind: str, arg: Any) -> dict[str, Any]:
        """A guest's intent (already checked for shape by ``room.parse_message``) for its seat.

        Raises ValueError for a seat no guest plays and IllegalMove (not its turn, the wrong phase,
        a card it does not hold) from the engine; nothing changes then.
        """
        if seat == HUMAN or seat not in self.humans:
            raise ValueError("no guest plays seat %s" % seat)
        events = self.current().current_hand.act(kind, seat, arg)
        return self.reply(events)

    def new_match(self, seed: int, rules: Any = None, levels: "list[str] | None" = None) -> dict[str, Any]:
        """Start a match dealt from ``seed`` under ``rules`` (a preset name or a dict of options)."""
        if levels:
            self.set_levels(levels)
        self.match = Match(get_rules(rules), int(seed))
        return self.snapshot()

    def load(self, saved: str, levels: "list[str] | None" = None,
             humans: "list[int] | None" = None) -> dict[str, Any]:
        """Resume a match from ``save()``'s text; ValueError (readable) when it is corrupt or too old.

        ``humans``: in a room, the seats people play (``set_room``), as the other worker had them."""
        if levels:
            self.set_levels(levels)
        if humans:
            self.set_room([seat for seat in humans if seat != HUMAN])
        self.match = Match.from_json(saved)
        return self.snapshot()

    def save(self) -> str:
        """The match as JSON text (``Match.to_json``): the page's one saved record."""
        return self.current().to_json()

    def set_levels(self, levels: list[str]) -> list[str]:
        """Set the bot level of each seat (seat 0's is the hint's); an unknown level becomes ``normal``.

        Every level of the ladder is accepted, also where this worker cannot play it: the page
        moves the match to the worker that can before such a bot's turn (``can_play``).
        """
        if len(levels) != 4:
            raise ValueError("give a bot level for each of the 4 seats")
        self.levels = [level if level in LADDER else "normal" for level in levels]
        return list(self.levels)

    def can_play(self) -> list[str]:
        """The ladder's levels this worker's bots play."""
        return [level for level in LADDER if level in self.bots]

    def act(self, kind: str, arg: Any) -> dict[str, Any]:
        """The human's action: kind "pass" (3 codes), "expose" (codes, maybe none) or "play" (a code).

        Raises IllegalMove (its message is shown to the player) and changes nothing when refused.
        """
        if self._lesson_over():
            raise ValueError("The lesson is over.")
        events = self.current().current_hand.act(kind, HUMAN, arg)
        return self.reply(events)

    def advance(self, pace_ms: float = 0) -> dict[str, Any]:
        """Let the next bot make ONE decision; its events and the new snapshot, and how long it thought.

        With no bot to move (the human's turn, or the hand is over) nothing happens.  ``pace_ms``:
        how long the table takes to show this move anyway (the game's pace), which a search bot
        may spend thinking when its own clock is shorter (``pimc.set_pace``).
        """
        match = self.current()
        hand = match.current_hand
        seat = None if self._lesson_over() else bot_next(hand, self.humans)
        events: list[Any] = []
        think_ms = 0.0
        if seat is not None and isinstance(match, LessonMatch):
            events = hand.decide(seat, match.decide(seat))  # the lesson's script
        elif seat is not None and hand.phase == "play" and hand.claim_proof():
            events = hand.claim(seat)  # a bot claims only when the engine proves it changes nothing
        elif seat is not None:
            bot = self.bots.get(self.levels[seat])
            if bot is None:
                raise NotHere("the %s bot does not play in this engine" % self.levels[seat])
            start = clock()
            set_pace(min(max(0.0, float(pace_ms)), MAX_PACE_MS) / 1000)
            try:
                decision = bot(hand.view(seat), decision_rng(match, seat))
            finally:
                set_pace(0.0)
            think_ms = (clock() - start) * 1000
            events = hand.decide(seat, decision)
        out = self.reply(events)
        out["think_ms"] = round(think_ms, 1)
        return out

    def claim(self) -> dict[str, Any]:
        """The human plays out the rest of the hand at once (refused unless it changes no score)."""
        if isinstance(self.match, LessonMatch):
            raise ValueError("A lesson is played card by card.")
        events = self.current().current_hand.claim(HUMAN)
        return self.reply(events)

    def take_back(self) -> dict[str, Any]:
        """Against the bots only: undo the human's last card and the bots' cards after it."""
        if self.room:
            raise ValueError("Cards are not taken back in a room.")
        events = self.current().current_hand.take_back(HUMAN)
        return self.reply(events)

    def next_hand(self) -> dict[str, Any]:
        """Deal the next hand (led by the pig's captor); returns the snapshot."""
        events = self.current().next_hand()
        return self.reply(events)

    def calls(self) -> dict[str, Any]:
        """name -> function: the calls of the game page, as ``serve`` runs them."""
        return {
            "bot_levels": self.can_play,
            "new_match": self.new_match,
            "load": self.load,
            "save": self.save,
            "set_levels": self.set_levels,
            "act": self.act,
            "advance": self.advance,
            "claim": self.claim,
            "take_back": self.take_back,
            "next_hand": self.next_hand,
            "lesson": self.lesson,
            "set_room": self.set_room,
            "snapshot": self.snapshot,
            "guest_views": self.guest_views,
            "guest_act": self.guest_act,
        }


def serve(api: dict[str, Any], name: str, args_json: str = "[]") -> str:
    """Run ``api[name](*args)`` and answer ``{"ok": result}`` or ``{"error": type, "message": text}``
    as JSON text.  An IllegalMove carries its reason in Chinese too (``zh``)."""
    function = api.get(name)
    if function is None:
        return dumps({"error": "UnknownCall", "message": "the engine worker has no call named %r" % name})
    try:
        result = function(*json.loads(args_json))
    except Exception as exc:  # reported to the page, which shows the message (e.g. IllegalMove)
        return dumps({"error": type(exc).__name__, "message": str(exc), "zh": getattr(exc, "zh", None)})
    return dumps({"ok": result})
