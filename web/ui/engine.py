"""The main thread's handle on the engine worker: `await Engine.connect()`, then `await engine.call(...)`.

Runs under MicroPython. Every call crosses to the Pyodide worker (web/worker.py) as JSON text
and comes back as JSON text, so results are plain dicts/lists/strs/ints here.

    engine = await Engine.connect()
    version = await engine.call("version")
"""

import json

from pyscript import document, workers


class EngineError(Exception):
    """An error raised inside the worker; `kind` is its exception type name, the message is readable."""

    def __init__(self, kind, message, zh=None):
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.zh = zh or message  # the engine's reasons come in Chinese too; other errors in English


class Engine:
    """A connected engine worker."""

    def __init__(self, proxy):
        self._proxy = proxy

    @classmethod
    async def connect(cls, name="engine"):
        """Wait until the named worker has started (Pyodide loaded, gongzhu imported) and return it."""
        proxy = await workers[name]
        return cls(proxy)

    _generation = 0

    @classmethod
    async def restart(cls):
        """Start a fresh worker (after a failure) from a new `<script type="py" worker>` tag and connect to it."""
        cls._generation += 1
        name = "engine-" + str(cls._generation)
        script = document.createElement("script")
        for attr, value in (("type", "py"), ("worker", ""), ("name", name), ("src", "web/worker.py"),
                            ("config", "pyscript.toml")):
            script.setAttribute(attr, value)
        document.body.appendChild(script)
        return await cls.connect(name)

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
