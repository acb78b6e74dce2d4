"""The page's line to the engine worker: every call, a watchdog for a worker that stopped
answering, the restart after a failure, and the match saved after each exchange.

Apart from the game's intents (controller.py): the controller asks `await link.call(...)` and
learns that the worker broke through `EngineDown`; the table learns it through `State.engine`
("failed", with `engine_error`), which offers the restart.
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
    """The connected engine worker, as the controller uses it."""

    def __init__(self, state, storage, render):
        self.s = state
        self.storage = storage
        self.render = render
        self.engine = None
        self.generation = 0  # bumped when a worker is given up: its late answers are ignored
        self.call_started = None

    def attach(self, engine):
        """A worker is up (the first, or a restarted one)."""
        self.engine = engine
        self.s.engine = "ready"
        self.s.engine_error = ""

    async def call(self, name, *args):
        """Call the worker; EngineError for a refusal, EngineDown (and the failed state) when it is gone.

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
        """Start a new worker (`connect`, an async function); False, and the failed state, if it will not."""
        self.s.engine = "restarting"
        self.render()
        try:
            engine = await connect()
        except Exception as exc:
            self.fail(str(exc))
            return False
        self.attach(engine)
        return True

    async def persist(self):
        """Save the match in localStorage (the one record of the game: the next start and a
        restart after a worker failure resume from it)."""
        try:
            text = await self.call("save")
        except (EngineDown, EngineError):
            return
        store.write_save(self.storage, text)
