"""The engine worker: Pyodide runs gongzhu off the main thread and answers the page's calls.

Started by web/engine.mjs (PyScript's PyWorker, with pyscript.toml); pyscript.toml's [files]
unpacks the gongzhu package (web/runtime/gongzhu.zip, built by web/tools/pyc_compile.py) into
this worker's file system. It never imports `pyscript`: the game page starts it before PyScript
has its hooks, so that module is not there (tests/test_skeleton.py checks).

The page calls one exported function, `call(name, args_json)`, through web/ui/engine.py.
Arguments and results cross the worker boundary as JSON strings (a dict would reach the
MicroPython main thread as a JsProxy). To expose an engine function to the page, add it to
`API` below: it receives plain JSON values and returns a JSON-serialisable value.

The game API holds one `Match` (the human is seat 0, bots sit at 1-3) and answers with
snapshots: the human's view ready for the screen (gongzhu.core.screen.table_view: `Match.view(0)`,
which carries the engine's reason for every card that may not be played, plus who acts now:
`your_move`, `turn`, and `bot_next` to pace the bots).
`advance` makes ONE bot decision, so the page can animate each play at a readable pace and stays
responsive between them. Bots come from `gongzhu.bots`: the page offers its ladder (`LEVELS`).
"""

import importlib
import json
import random
import time

import gongzhu
from gongzhu import Match, get_rules
from gongzhu import puzzle as embed_puzzle
from gongzhu.bots import BOTS, LEVELS, explain
from gongzhu.core.screen import bot_next, table_view, your_move

HUMAN = 0


def _report_start() -> None:
    """Say in the console how Pyodide started (web/pyodide-start.mjs: restored from a snapshot or not)."""
    try:
        from js import globalThis
    except ImportError:  # CPython: the tests import this module to call its API directly
        return
    start = getattr(globalThis, "gongzhuPyodideStart", None)
    if start is not None:
        print(f"gongzhu worker: Pyodide started ({start.how}) in {start.ms} ms")


_report_start()


def version() -> str:
    """The engine's version, shown by the page once the worker answers."""
    return gongzhu.__version__


class Game:
    """The worker's one match and the bot level of each seat."""

    match: Match | None = None
    levels: list[str] = ["normal", "normal", "normal", "normal"]
    room = False  # an online room (people in the other seats) sets this: no take-backs there


GAME = Game()


def bot_levels() -> list[str]:
    """The bot levels this worker can play (the ladder of gongzhu.bots, weakest first)."""
    return list(LEVELS)


def _match() -> Match:
    if GAME.match is None:
        raise RuntimeError("no match is being played; start one with new_match")
    return GAME.match


def snapshot() -> dict:
    """The human's view of the match, ready for the screen (gongzhu.core.screen.table_view)."""
    return table_view(_match(), HUMAN, GAME.levels, GAME.room)


def new_match(seed: int, rules: dict | str | None = None, levels: list[str] | None = None) -> dict:
    """Start a match dealt from `seed` under `rules` (a preset name or a dict of options)."""
    if levels:
        set_levels(levels)
    GAME.match = Match(get_rules(rules), int(seed))
    return snapshot()


def load(saved: str, levels: list[str] | None = None) -> dict:
    """Resume a match from `save()`'s text; ValueError (readable) when it is corrupt or too old."""
    if levels:
        set_levels(levels)
    GAME.match = Match.from_json(saved)
    return snapshot()


def save() -> str:
    """The match as JSON text (Match.to_json), for localStorage."""
    return _match().to_json()


def set_levels(levels: list[str]) -> list[str]:
    """Set the bot level of each seat (seat 0's is used for hints); unknown levels are refused."""
    known = bot_levels()
    if len(levels) != 4:
        raise ValueError("give a bot level for each of the 4 seats")
    chosen = []
    for level in levels:
        if level not in known:
            level = known[len(known) // 2]
        chosen.append(level)
    GAME.levels = chosen
    return chosen


def act(kind: str, arg) -> dict:
    """The human's action: kind "pass" (3 codes), "expose" (codes, maybe none) or "play" (a code).

    Raises IllegalMove (its message is shown to the player) and changes nothing when refused.
    """
    events = _match().current_hand.act(kind, HUMAN, arg)
    return {"events": events, "view": snapshot()}


def _rng_for(match: Match, seat: int) -> random.Random:
    """A bot's random source, fixed by the match, hand and move: a reloaded game replays the same."""
    hand = match.current_hand
    return random.Random(f"{match.seed}:{match.hand_number}:{len(hand.actions)}:{seat}")


def decide(view: dict, level: str, rng: random.Random):
    """The bot's decision for its view (the contract of gongzhu.bots: BOTS[level](view, rng))."""
    return BOTS[level](view, rng)


def advance() -> dict:
    """Let the next bot make ONE decision; returns its events and the new snapshot.

    With no bot to move (the human's turn, or the hand is over) nothing happens.
    """
    match = _match()
    hand = match.current_hand
    seat = bot_next(hand, HUMAN)
    events: list = []
    think_ms = 0.0
    if seat is not None and hand.phase == "play" and hand.claim_proof():
        events = hand.claim(seat)  # a bot claims only when the engine proves it changes nothing
    elif seat is not None:
        view = hand.view(seat)
        start = time.perf_counter()
        decision = decide(view, GAME.levels[seat], _rng_for(match, seat))
        think_ms = (time.perf_counter() - start) * 1000
        events = hand.decide(seat, decision)
    return {"events": events, "view": snapshot(), "think_ms": round(think_ms, 1)}


def claim() -> dict:
    """The human plays out the rest of the hand at once (refused unless it changes no score)."""
    events = _match().current_hand.claim(HUMAN)
    return {"events": events, "view": snapshot()}


def take_back() -> dict:
    """Against the bots only: undo the human's last card and the bots' cards after it."""
    if GAME.room:
        raise ValueError("Cards are not taken back in a room.")
    events = _match().current_hand.take_back(HUMAN)
    return {"events": events, "view": snapshot()}


def next_hand() -> dict:
    """Deal the next hand (led by the pig's captor); returns the snapshot."""
    match = _match()
    events = match.next_hand()
    return {"events": events, "view": snapshot()}


def hint() -> dict:
    """What the strongest bot would do for the human now, and one line of why (en + zh)."""
    match = _match()
    hand = match.current_hand
    if not your_move(hand, HUMAN):
        raise ValueError("It is not your turn.")
    view = hand.view(HUMAN)
    result = explain(view, LEVELS[-1], match.hand_number * 1000 + len(hand.actions))
    return {"phase": hand.phase, "decision": result["decision"], "en": result["en"], "zh": result["zh"]}


# name -> function callable from the page as `await engine.call(name, *args)`.
API = {
    "version": version,
    "bot_levels": bot_levels,
    "new_match": new_match,
    "load": load,
    "save": save,
    "set_levels": set_levels,
    "act": act,
    "advance": advance,
    "claim": claim,
    "take_back": take_back,
    "next_hand": next_hand,
    "hint": hint,
    # The embeds (web/embed/): legality of a replay's moves, a puzzle's answer and its play-out.
    "embed_check": embed_puzzle.check,
    "embed_solve": embed_puzzle.solve,
    "embed_play_out": embed_puzzle.play_out,
    # The benchmark page (bench.html): random playouts per second, bot think times per level.
    "bench_engine": lambda *args: importlib.import_module("gongzhu.arena").bench_engine(*args),
    "bench_bots": lambda *args: importlib.import_module("gongzhu.arena").bench_levels(*args),
}


def call(name: str, args_json: str = "[]") -> str:
    """Run `API[name](*args)` and answer `{"ok": result}` or `{"error": type, "message": text}` as JSON."""
    try:
        function = API[name]
    except KeyError:
        return json.dumps({"error": "UnknownCall", "message": f"the engine worker has no call named {name!r}"})
    try:
        result = function(*json.loads(args_json))
    except Exception as exc:  # reported to the page, which shows the message (e.g. IllegalMove)
        # An IllegalMove carries its reason in Chinese too (`zh`); other errors are English only.
        return json.dumps({"error": type(exc).__name__, "message": str(exc), "zh": getattr(exc, "zh", None)},
                          ensure_ascii=False)
    return json.dumps({"ok": result}, ensure_ascii=False)


__export__ = ["call"]
