"""Boot the page on the main thread (MicroPython): deal and draw the table at once, then connect the engine.

Wiring only: the controller (controller.py) owns the game, the renderer (render.py) is the only
code writing the DOM, input.py turns events into the controller's intents, engine.py talks to
the Pyodide worker. The human's dealt cards are on the table (from gongzhu.core.deal, run here)
before Pyodide has even loaded; the table becomes playable when the worker answers.
"""

import unbundle  # noqa: F401  (first: the page's modules, where the browser left them bundled)

# isort: split
import asyncio

from pyscript import document, window


def scheduler_yield():
    """The browser's `scheduler.yield` when it has one, else None.

    Its continuation runs before the tasks already queued (the preloads, PyScript's own), where
    `asyncio.sleep(0)` goes to the back of the queue behind them.
    """
    try:
        return getattr(window.scheduler, "yield")
    except Exception:  # no scheduler (Safari, older browsers), or no `yield` on it
        return None


YIELD = scheduler_yield()


async def breathe():
    """Let the browser paint and handle input between start-up steps (each step its own short task)."""
    if YIELD:
        await YIELD()
    else:
        await asyncio.sleep(0)


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
    # Start-up in steps, each a separate task of the browser's event loop (loading the modules and
    # drawing the table in one long task would block the page's first input). The first step
    # yields at once: PyScript has just started MicroPython and its own modules in this task.
    await breathe()
    from ui.render import Renderer

    await breathe()
    from ui.controller import Controller
    from ui.embedded import storage_for
    from ui.engine import Engine
    from ui.sound import Sound

    window.performance.mark("gongzhu-imports")
    await breathe()
    # Embedded (index.html?embed=1): memory instead of the reader's localStorage (web/ui/embedded.py).
    search = str(window.location.search)
    sound = Sound()
    controller = Controller(Renderer(), sound, storage_for(search, window.localStorage), search, browser_language(),
                            connect_full=lambda: Engine.connect(kind="full"), guest=guest_link())
    for _ in controller.boot():  # the deal, then the table drawn in parts
        await breathe()
    from ui.input import wire

    wire(controller, sound, lambda kind: Engine.restart(kind=kind))
    html = document.documentElement
    html.classList.add("ui-ready")
    window.performance.mark("gongzhu-table")
    await breathe()
    from ui.share import mount as mount_share

    mount_share(lambda: controller.s.view, controller.lang)  # the "share / embed" dialog (web/ui/share.py)
    room_now = room_first(controller.storage)
    if room_now:
        from ui.room import mount as mount_room

        if mount_room(controller) is not None:
            # A room's guest (#room=CODE): the host's engine holds the match (web/ui/room.py).
            await mount_menus(controller, True)
            return
    asyncio.create_task(tick_while_loading(controller))
    try:
        engine = await Engine.connect(kind="quick")
        window.performance.mark("gongzhu-engine")
    except Exception as exc:
        # Said on the table, with the restart button (Controller.restart_engine); the menus wait.
        controller.link.fail(str(exc))
        html.classList.add("failed")
        print("gongzhu: the engine did not start:", exc)
    else:
        await controller.engine_ready(engine)
        print("gongzhu: engine v{} ready in {:.1f} s".format(controller.s.version, elapsed()))
    # The menus' code (about a thousand lines) waits until the table first waits for the human: it
    # delays neither the engine's first answers nor the bots' moves before the first decision.
    await controller.waited.wait()
    html.classList.remove("failed")
    await mount_menus(controller, room_now)


def guest_link():
    """Whether this page is a room's guest: opened by a room's link, or to pair by codes."""
    where = str(window.location.hash)
    return where[:6] in ("#room=", "#pair=") or where == "#pair"


def room_first(storage):
    """Whether the room module must mount before the engine starts: this page is a guest's (a room
    link, or manual pairing), or it held a room when it closed (the engine must know the people's
    seats before any bot moves). Every other page mounts it once the game is playable."""
    from ui.store import HOSTING_KEY

    return guest_link() or bool(storage.getItem(HOSTING_KEY))


async def mount_menus(controller, room_mounted):
    """The statistics and "Play with friends" menus; each in a task of its own."""
    await breathe()
    from ui.stats_dialog import mount as mount_stats

    mount_stats(controller)  # the statistics dialog (web/ui/stats_dialog.py)
    if not room_mounted:
        await breathe()
        from ui.room import mount as mount_room

        mount_room(controller)  # "Play with friends" (web/ui/room.py)


await boot()  # PyScript runs this script with top-level await
