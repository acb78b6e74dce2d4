"""Boot the page on the main thread (MicroPython): deal and draw the table at once, then connect the engine.

Wiring only: the controller (controller.py) owns the game, the renderer (render.py) is the only
code writing the DOM, input.py turns events into the controller's intents, engine.py talks to
the Pyodide worker. The human's dealt cards are on the table (from gongzhu.deal, run here)
before Pyodide has even loaded; the table becomes playable when the worker answers.
"""

import asyncio

from pyscript import document, window

from ui.controller import Controller
from ui.embedded import storage_and_language
from ui.engine import Engine
from ui.input import wire
from ui.render import Renderer
from ui.share import mount as mount_share
from ui.sound import Sound

window.performance.mark("gongzhu-imports")


def elapsed():
    """Seconds since the page started loading."""
    return window.performance.now() / 1000


def browser_language():
    lang = str(window.navigator.language or "en").lower()
    return "zh" if lang.startswith("zh") else "en"


async def tick_while_loading(controller):
    """Keep the progress text alive (seconds elapsed) until the engine answers."""
    while controller.s.engine == "loading":
        controller.tick_loading(elapsed())
        await asyncio.sleep(0.2)


async def boot():
    sound = Sound()
    # Embedded (index.html?embed=1): memory instead of the reader's localStorage (web/ui/embedded.py).
    storage, language = storage_and_language(str(window.location.search), window.localStorage, browser_language())
    controller = Controller(Renderer(), sound, storage, str(window.location.search), language)
    controller.boot()
    wire(controller, sound, Engine.restart)
    mount_share(lambda: controller.s.view, controller.lang)  # the "share / embed" dialog (web/ui/share.py)
    html = document.documentElement
    html.classList.add("ui-ready")
    window.performance.mark("gongzhu-table")
    asyncio.create_task(tick_while_loading(controller))
    try:
        engine = await Engine.connect()
    except Exception as exc:
        controller.fail(str(exc))
        html.classList.add("failed")
        raise
    await controller.engine_ready(engine)
    print("gongzhu: engine v{} ready in {:.1f} s".format(controller.s.version, elapsed()))


await boot()  # PyScript runs this script with top-level await
