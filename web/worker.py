"""The full engine worker: Pyodide runs gongzhu off the main thread and answers the page's calls.

Run by web/worker.mjs, a plain module worker that web/engine.mjs starts once the game is playable
on the MicroPython worker (web/quick/worker.py); before it runs, pyscript.toml's [files] unpacks
the gongzhu package (web/runtime/gongzhu.zip, built by web/tools/pyc_compile.py) into this
worker's file system. PyScript has no part in this worker: it never imports `pyscript`
(tests/test_skeleton.py checks).

It serves the same game calls as the MicroPython worker (gongzhu.core.table: one match, the human
at seat 0) with every level of the ladder, `hard` and `expert` included: the page moves the match
here, through its JSON, before such a bot's turn. Besides: the hint by the strongest bot (for a
match sent as JSON, so the match need not move), the embeds' puzzle and replay checks, and the
benchmark page. The page calls one exported function, `call(name, args_json)` (web/ui/engine.py);
arguments and results cross as JSON text.
"""

import importlib
import json

import gongzhu
from gongzhu import Match, review
from gongzhu import puzzle as embed_puzzle
from gongzhu.bots import BOTS, LEVELS, explain
from gongzhu.core.table import HUMAN, Table, human_to_move, serve


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

TABLE = Table(BOTS)


def version() -> str:
    """The engine's version, shown by the page once the worker answers."""
    return gongzhu.__version__


def hint(saved: str | None = None, seat: int = HUMAN) -> dict:
    """What the strongest bot would do for `seat` now (the human's, or in a room a guest's), and
    one line of why (en + zh). The bot is given that seat's own view only, as at the table, so the
    hint holds nothing the seat may not know.

    `saved`: the match as JSON (Match.to_json) when it is played in the MicroPython worker;
    without it, this worker's own match.
    """
    match = Match.from_json(saved) if saved else TABLE.current()
    hand = human_to_move(match, seat)
    view = hand.view(seat)
    result = explain(view, LEVELS[-1], match.hand_number * 1000 + len(hand.actions))
    return {"phase": hand.phase, "decision": result["decision"], "en": result["en"], "zh": result["zh"]}


def _reviewed(saved: str) -> tuple[Match, dict]:
    """The match (Match.to_json) and its current hand's data, which must be finished."""
    match = Match.from_json(saved)
    hand = match.current_hand
    if hand.phase != "done":
        raise ValueError("Only a finished hand can be reviewed.")
    return match, hand.to_dict()


def review_points(saved: str) -> dict:
    """The human's decisions in the finished hand of the match `saved` (gongzhu.review.decisions)."""
    match, data = _reviewed(saved)
    return {"hand": match.hand_number, "decisions": review.decisions(data, HUMAN)}


def review_decision(saved: str, n: int) -> dict:
    """The expert's review of the human's decision `n` in that hand (gongzhu.review.analyse); one
    call per decision, so the page shows its progress and can stop between two."""
    match, data = _reviewed(saved)
    points = review.decisions(data, HUMAN)
    # Seeded by the hand and the moment (as the hint is): the same review on every run.
    seed = match.hand_number * 1000 + (points[n]["index"] if 0 <= n < len(points) else 0)
    return review.analyse(data, n, seed, HUMAN)


def review_retry(saved: str, n: int) -> str:
    """The match `saved` taken back to just before the human's decision `n` of its last hand, as
    JSON (gongzhu.review.retry_match): "Try again from here" loads it."""
    data = json.loads(saved)
    return Match.from_dict(review.retry_match(data, n, HUMAN)).to_json()


# name -> function callable from the page as `await engine.call(name, *args)`.
API = {
    **TABLE.calls(),
    "version": version,
    "hint": hint,
    # The hand review (web/ui/review.py): the decisions, one decision's review, try again from one.
    "review_points": review_points,
    "review_decision": review_decision,
    "review_retry": review_retry,
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
    return serve(API, name, args_json)


__export__ = ["call"]
