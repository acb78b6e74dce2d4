"""The quick engine worker: MicroPython runs the portable core off the main thread.

Run by web/quick/worker.mjs (MicroPython in a plain worker, started by web/engine.mjs as soon as the
page is parsed), which first writes web/quick/mpy.toml's [files] into the file system, so the
first deal is playable within a second or two of a first visit, long before Pyodide (13 MB) could
be. It plays the portable levels (beginner, easy, normal) and serves the game calls of
gongzhu.core.table (the page moves the match to the Pyodide worker, web/worker.py, through its JSON
when a seat's level is `hard` or `expert`) and the embeds' portable calls.

The page calls one function, `call(name, args_json)` (web/ui/engine.py, through worker.mjs);
arguments and results cross as JSON text.
"""

import unbundle  # noqa: F401  (first: the page's modules, where the browser left them bundled)

# isort: split
import gongzhu
from gongzhu.core.bots.beginner import beginner
from gongzhu.core.bots.normal import normal
from gongzhu.core.bots.rulebot import easy
from gongzhu.core.puzzle import check, play_out, position_view
from gongzhu.core.table import Table, serve

TABLE = Table({"beginner": beginner, "easy": easy, "normal": normal})
API = TABLE.calls()
API["version"] = lambda: gongzhu.__version__
# The embeds (web/embed/): a replay's legality, a puzzle's position and its play-out by `easy`.
API["embed_check"] = check
API["embed_position"] = position_view
API["embed_play_out"] = lambda spec, moves, card, seed=0: play_out(spec, moves, card, seed, easy, "easy")


def call(name, args_json="[]"):
    """Run `API[name](*args)` and answer `{"ok": result}` or `{"error": type, "message": text}` as JSON."""
    return serve(API, name, args_json)
