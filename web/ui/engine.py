"""The main thread's handle on an engine worker: `await Engine.connect(kind=...)`, then `await engine.call(...)`.

Runs under MicroPython. Two workers answer the same calls (web/engine.mjs starts them): "quick",
MicroPython running the portable core (web/quick/worker.py), and "full", Pyodide running the
whole engine (web/worker.py). Every call crosses as JSON text and comes back as JSON text, so
results are plain dicts/lists/strs/ints here.

    engine = await Engine.connect(kind="quick")
    version = await engine.call("version")
"""

import json

from pyscript import document, js_import, window

MODULE = "web/engine.mjs"  # relative to the game page (the embeds, in web/embed/, pass their own)


async def engine_module(module):
    """web/engine.mjs, the one module that starts the engine worker: the page's own instance of it
    (the game page imported it as it was parsed and may have started the worker already)."""
    modules = await js_import(str(window.URL.new(module, document.baseURI).href))
    return modules[0]


class EngineError(Exception):
    """An error raised inside the worker; `kind` is its exception type name, the message is readable."""

    def __init__(self, kind, message, zh=None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.zh = zh or message  # the engine's reasons come in Chinese too; other errors in English


class Engine:
    """A connected engine worker."""

    def __init__(self, proxy, kind="full"):
        self._proxy = proxy
        self.kind = kind

    @classmethod
    async def connect(cls, module=MODULE, kind="full"):
        """Wait until the engine worker `kind` has started (its interpreter loaded, gongzhu imported)
        and return it.

        `module`: web/engine.mjs, relative to the page; it starts the worker if the page has not.
        """
        worker = await (await engine_module(module)).ready(kind)
        return cls(worker.sync, kind)

    @classmethod
    async def restart(cls, module=MODULE, kind="full"):
        """Start a fresh worker `kind` (after a failure) and connect to it."""
        worker = await (await engine_module(module)).restart(kind)
        return cls(worker.sync, kind)

    async def call(self, name, *args):
        """Call `API[name](*args)` in the worker; return its result or raise EngineError."""
        try:
            raw = await self._proxy.call(name, json.dumps(args))
        except Exception as exc:  # the worker itself broke (e.g. gongzhu failed to import)
            raise EngineError("WorkerError", "the engine worker is not answering: {}".format(exc)) from exc
        reply = json.loads(raw)
        if "error" in reply:
            raise EngineError(reply["error"], reply["message"], reply.get("zh"))
        return reply["ok"]
