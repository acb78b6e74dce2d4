"""The engine worker: Pyodide runs gongzhu off the main thread and answers the page's calls.

Loaded by `<script type="py" worker name="engine" src="web/worker.py" config="pyscript.toml">`;
pyscript.toml's [files] copies the gongzhu package into this worker's file system.

The page calls one exported function, `call(name, args_json)`, through web/ui/engine.py.
Arguments and results cross the worker boundary as JSON strings (a dict would reach the
MicroPython main thread as a JsProxy). To expose an engine function to the page, add it to
`API` below: it receives plain JSON values and returns a JSON-serialisable value.
"""

import json

import gongzhu


def version() -> str:
    """The engine's version, shown by the page once the worker answers."""
    return gongzhu.__version__


# name -> function callable from the page as `await engine.call(name, *args)`.
API = {
    "version": version,
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
        return json.dumps({"error": type(exc).__name__, "message": str(exc)})
    return json.dumps({"ok": result})


__export__ = ["call"]
