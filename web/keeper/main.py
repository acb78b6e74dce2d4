"""Boot the score keeper page (keeper.html) on the main thread (MicroPython) and wire its events.

Input only: each handler turns a click, a form change or a file into an intent of the App
(keeper_app.py), then asks the View (keeper_view.py) to redraw. No Pyodide: the keeper needs only
gongzhu's MicroPython-compatible modules (cards, scoring, options, keeper), so it is ready at once.
"""

import unbundle  # noqa: F401  (first: the page's modules, where the browser left them bundled)

# isort: split
import asyncio

from pyscript import window

_started = window.performance.now()

from keeper_app import App, MemoryStorage  # noqa: E402
from keeper_view import View, draw_sheet_image  # noqa: E402
from pyscript import document  # noqa: E402
from pyscript.ffi import create_proxy, to_js  # noqa: E402

html = document.documentElement
try:
    storage = window.localStorage
    storage.getItem("gongzhu.keeper")
except Exception:  # storage disabled by the browser: keep the match in memory, and say so
    storage = None
app = App(storage or MemoryStorage(), html.getAttribute("data-lang") or "en")
if storage is None:
    app.say("error", "storage_failed")
if not html.getAttribute("data-lang-link"):  # a link's ?lang= wins for this visit (web/keeper/lang.js)
    app.lang = app.load_lang(app.lang)
view = View(document, window)
view.colours = app.load_colours()  # the four-colour deck, when the game's settings chose it
if view.colours == 4:
    html.setAttribute("data-colours", "4")


def render():
    view.render(app)


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def export_file():
    name, text = app.export()
    link = document.createElement("a")
    link.href = "data:application/json;charset=utf-8," + window.encodeURIComponent(text)
    link.download = name
    document.body.appendChild(link)
    link.click()
    link.remove()
    app.say("ok", "exported", file=name)


def export_image():
    canvas = draw_sheet_image(document, app, app.lang)
    link = document.createElement("a")
    link.href = canvas.toDataURL("image/png")
    link.download = app.export()[0].replace(".json", ".png")
    document.body.appendChild(link)
    link.click()
    link.remove()
    app.say("ok", "exported", file=link.download)


async def copy_summary():
    try:
        await window.navigator.clipboard.writeText(app.summary())
        app.say("ok", "copied")
    except Exception:
        app.say("error", "copy_failed")
        document.querySelector(".kp-summary").open = True
    render()


async def share_summary():
    try:
        await window.navigator.share(to_js({"title": "Gong Zhu", "text": app.summary()}))
    except Exception:
        pass  # cancelled by the person, or not allowed: nothing to say


async def read_import(file):
    try:
        text = await file.text()
    except Exception:
        text = ""
    app.import_text(text)
    render()


def on_click(event):
    target = event.target.closest("[data-act]")
    if not target:
        return
    act = target.getAttribute("data-act")
    arg = target.getAttribute("data-arg")
    if act == "lang":
        app.set_lang("en" if app.lang == "zh" else "zh")
    elif act == "card":
        app.tap_card(arg)
    elif act == "player":
        app.tap_player(_int(arg))
    elif act == "expose":
        app.toggle_exposed(arg)
    elif act == "rest":
        app.rest_to(_int(arg))
    elif act == "record":
        ok = app.record()
        render()
        if ok:
            document.getElementById("match").scrollIntoView()
        else:
            document.getElementById("problems").scrollIntoView(to_js({"block": "center"}))
        return
    elif act == "clear":
        app.clear_draft()
    elif act == "cancel-edit":
        app.cancel_edit()
    elif act == "open-hand":
        app.open_hand(_int(arg))
    elif act == "edit-hand":
        app.edit_hand(_int(arg))
        render()
        document.getElementById("entry").scrollIntoView()
        return
    elif act == "delete-hand":
        app.ask_delete(_int(arg))
    elif act == "confirm":
        app.do_confirmed()
    elif act == "close":
        app.close_dialog()
    elif act == "new":
        app.ask_new()
    elif act == "rematch":
        app.rematch()
    elif act == "export":
        export_file()
    elif act == "image":
        export_image()
    elif act == "import":
        document.getElementById("import-file").click()
        return
    elif act == "copy":
        asyncio.create_task(copy_summary())
        return
    elif act == "share":
        asyncio.create_task(share_summary())
        return
    else:
        return
    render()


def on_setup_change(event):
    target = event.target
    tid = target.id
    if tid == "preset":
        app.choose_preset(target.value)
    elif tid == "target":
        value = _int(target.value)
        if value is not None and value > 0:
            app.set_option("target", value)
    elif tid == "partnership":
        app.set_option("partnership", bool(target.checked))
    elif target.getAttribute("data-option"):
        name = target.getAttribute("data-option")
        for opt in view.option_selects:
            if opt[0]["name"] == name:
                app.set_option(name, opt[0]["choices"][_int(target.value)])
    else:
        return
    render()


def on_setup_submit(event):
    event.preventDefault()
    value = _int(document.getElementById("target").value)
    if value is not None and value > 0:
        app.set_option("target", value)
    names, teams = view.read_setup()
    app.start(names, teams)
    render()
    document.getElementById("entry").scrollIntoView()


def on_setup_key(event):
    """Enter in a name field moves to the next name (the phone's "next" key); the last one starts."""
    target = event.target
    if event.key != "Enter" or not str(target.id).startswith("name-"):
        return
    n = _int(str(target.id)[5:])
    if n is not None and n < 3:
        event.preventDefault()
        document.getElementById("name-%d" % (n + 1)).focus()


def on_file(event):
    files = event.target.files
    if files.length:
        asyncio.create_task(read_import(files.item(0)))
    event.target.value = ""


def on_dialog_close(event):
    if app.dialog_hand is not None or app.confirm is not None:
        app.close_dialog()
        render()


def on_storage(event):
    """Another tab of the keeper (or the game page) changed what is saved: follow it."""
    if event.key == "gongzhu.keeper":
        app.reset_draft()
        app.close_dialog()
        app.sheet = None
        app.load()
        view.setup_filled = False
    elif event.key == "gongzhu.settings":
        app.lang = app.load_lang(app.lang)
    else:
        return
    render()


window.addEventListener("storage", create_proxy(on_storage))
document.body.addEventListener("click", create_proxy(on_click))
setup = document.getElementById("setup")
setup.addEventListener("change", create_proxy(on_setup_change))
setup.addEventListener("submit", create_proxy(on_setup_submit))
setup.addEventListener("keydown", create_proxy(on_setup_key))
document.getElementById("import-file").addEventListener("change", create_proxy(on_file))
document.getElementById("dialog").addEventListener("close", create_proxy(on_dialog_close))
if window.Reflect.has(window.navigator, "share"):
    document.getElementById("share").hidden = False

render()
document.getElementById("loading").hidden = True
html.classList.add("ready")
_now = window.performance.now()
window.__keeperTimings = to_js({"ready_ms": _now, "python_ms": _now - _started})
print("keeper: ready in {:.0f} ms (Python {:.0f} ms)".format(_now, _now - _started))
