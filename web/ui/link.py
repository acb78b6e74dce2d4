"""The page's line to the engine workers: every call, a watchdog for a worker that stopped
answering, the restart after a failure, the match moved between workers, and the match saved
after each exchange.

Two workers answer the game's calls (web/ui/engine.py): the quick one (MicroPython), up within a
second, which holds the match from the start and plays the portable levels; and the full one
(Pyodide), loaded in the background once the game is playable (`load_search`), for the hint and
the search bots (hard, expert). Once it is up, the match moves to it at the next bot's turn
through its JSON (`move_to_full`), at a decision boundary: both workers replay the same. A search
bot's turn waits for it; the other bots play on the quick worker until then.

Apart from the game's intents (controller.py): the controller asks `await link.call(...)` and
learns that the worker broke through `EngineDown`; the table learns it through `State.engine`
("failed", with `engine_error`), which offers the restart, and follows the full worker through
`State.search` ("idle", "loading", "ready", "failed").
"""

import asyncio

from pyscript import window

from ui import store
from ui.engine import EngineError

NO_ANSWER = "__no_answer__"  # engine_error for a worker that stopped answering (render.py words it)
CALL_TIMEOUT_MS = 20000  # the slowest bot answers within ~1 s; 20 s of silence means the worker is gone


class EngineDown(Exception):
    """The worker did not answer (crashed, or never started)."""


class Link:
    """The connected engine workers, as the controller uses them."""

    def __init__(self, state, storage, render):
        self.s = state
        self.storage = storage
        self.render = render
        self.engine = None  # the worker that holds the match
        self.full = None  # the Pyodide worker, once it is up
        self.playable = []  # the levels the quick worker's bots play (its `bot_levels`)
        self.generation = 0  # bumped when a worker is given up: its late answers are ignored
        self.call_started = None
        self.humans = None  # in an online room, the seats people play (web/ui/room.py sets it)

    def attach(self, engine):
        """A worker holds the match (the first, or a restarted one)."""
        self.engine = engine
        if engine.kind == "full":
            self.full = engine
        self.s.worker = engine.kind
        self.s.engine = "ready"
        self.s.engine_error = ""

    async def call(self, name, *args):
        """Call the worker that holds the match; EngineError for a refusal, EngineDown (and the
        failed state) when it is gone.

        A call the worker never answers (it crashed or was killed) is caught by `watchdog`.
        """
        if self.engine is None or self.s.engine != "ready":
            raise EngineDown("the engine is not running")
        generation = self.generation
        self.call_started = window.performance.now()
        try:
            reply = await self.engine.call(name, *args)
        except EngineError as exc:
            if exc.kind != "WorkerError":
                raise
            self.fail(exc.message)
            raise EngineDown(exc.message) from None
        except Exception as exc:
            self.fail(str(exc) or type(exc).__name__)
            raise EngineDown(str(exc)) from None
        finally:
            if generation == self.generation:
                self.call_started = None
        if generation != self.generation:
            raise EngineDown("an answer from a worker that was given up")
        return reply

    async def watchdog(self):
        """Give up on a worker that has not answered a call for CALL_TIMEOUT_MS: say so, offer a restart."""
        while True:
            await asyncio.sleep_ms(500)
            limit = CALL_TIMEOUT_MS
            try:
                override = window.gongzhuCallTimeoutMs  # a test hook
                if override:
                    limit = int(override)
            except Exception:
                pass
            started = self.call_started
            if self.s.engine == "ready" and started is not None and window.performance.now() - started > limit:
                self.generation += 1
                self.call_started = None
                self.fail(NO_ANSWER)

    def fail(self, message):
        self.s.engine = "failed"
        self.s.engine_error = message
        self.s.busy = False
        self.render()

    async def restart(self, connect):
        """Start a new worker of the kind that held the match (`connect(kind)`, an async function);
        False, and the failed state, if it will not."""
        kind = self.engine.kind if self.engine is not None else "quick"
        self.s.engine = "restarting"
        self.render()
        try:
            engine = await connect(kind)
        except Exception as exc:
            self.fail(str(exc))
            return False
        self.attach(engine)
        return True

    # ------------------------------------------------------------------ the full worker

    def holds_match(self):
        """Which worker holds the match: "quick" or "full"."""
        return self.engine.kind if self.engine is not None else "quick"

    def needs_search(self, level):
        """Whether a bot of `level` must wait for the full worker (a search bot, while the match
        is on the quick worker and the full one has not failed)."""
        return self.holds_match() == "quick" and level not in self.playable and self.s.search != "failed"

    async def load_search(self, connect, wake):
        """Start the full worker (`connect()`, an async function) in the background; `wake()` when it
        is up or has failed."""
        if self.s.search != "idle":
            return
        self.s.search = "loading"
        self.render()
        try:
            self.full = await connect()
            await self.full.call("version")
            self.s.search = "ready"
            window.performance.mark("gongzhu-search")
        except Exception as exc:
            self.full = None
            self.s.search = "failed"
            self.s.search_error = str(exc) or type(exc).__name__
            window.console.warn("gongzhu: the full engine did not load: " + self.s.search_error)
        self.render()
        wake()

    async def move_to_full(self, levels):
        """Move the match from the quick worker to the full one through its JSON, between two
        decisions; the full worker's view of it."""
        text = await self.call("save")
        view = await self.full.call("load", text, levels, self.humans)
        self.engine = self.full
        self.s.worker = "full"
        return view

    async def call_full(self, name, *args):
        """A call only the full worker answers (the hint), for the match where it is: the quick
        worker's match is sent along as JSON (its first argument; None when the full worker holds
        the match)."""
        if self.holds_match() == "full":
            return await self.call(name, None, *args)
        text = await self.call("save")
        return await self.full.call(name, text, *args)

    async def persist(self):
        """Save the match in localStorage (the one record of the game: the next start and a
        restart after a worker failure resume from it)."""
        try:
            text = await self.call("save")
        except (EngineDown, EngineError):
            return
        store.write_save(self.storage, text)
