"""Boot the page on the main thread (MicroPython): show loading progress, connect the engine, mark ready.

The page grows here: keep this file to wiring (start-up, event handlers) and put the rest in
web/ui/ modules (listed in web/mpy.toml by `make files`), e.g. a renderer that is the only code
writing the DOM and a controller that owns the game and calls the engine through `Engine`.
"""

import asyncio

from pyscript import document, window

from ui.engine import Engine


def show_status(text):
    """Write the loading indicator's progress text."""
    document.getElementById("loading-text").textContent = text


def elapsed():
    """Seconds since the page started loading."""
    return window.performance.now() / 1000


async def tick_while_loading(done):
    """Keep the progress text alive (seconds elapsed) until the engine answers."""
    while not done["value"]:
        show_status("Starting the game engine (Pyodide)… {:.1f} s".format(elapsed()))
        await asyncio.sleep(0.2)


async def boot():
    html = document.documentElement
    html.classList.add("ui-ready")
    done = {"value": False}
    asyncio.create_task(tick_while_loading(done))
    try:
        engine = await Engine.connect()
        version = await engine.call("version")
    except Exception as exc:
        done["value"] = True
        html.classList.add("failed")
        show_status("The game engine failed to start: {}".format(exc))
        raise
    done["value"] = True
    document.getElementById("engine-version").textContent = "Engine v{}".format(version)
    document.getElementById("loading").hidden = True
    html.classList.add("ready")
    print("gongzhu: engine v{} ready in {:.1f} s".format(version, elapsed()))


await boot()  # PyScript runs this script with top-level await
