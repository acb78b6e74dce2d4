"""The embeds' shared main-thread kit (MicroPython): URL parameters, the page's frame, card pictures.

Every embed page (calculator, replay, puzzle, game) reads its parameters with `params()`,
says its strings with the game's `ui.i18n.t()`, builds its DOM with the game's `ui.dom.h()`
(which only ever sets `textContent` and attributes, so whatever a URL or an author supplies:
captions, names, card lists, is shown as text, never parsed as HTML) and reports a bad
parameter with `show_error()`, a readable message inside the frame.
`web/embed/frame.js` (plain JS, loaded first) sizes the frame for the host page.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy
from ui.dom import card_file, h
from ui.i18n import t
from ui.query import pairs

from gongzhu.core.cards import card_name, card_symbol, parse_card
from gongzhu.core.options import PRESET_DOCS, PRESET_ORDER, PRESETS
from gongzhu.core.replay import ParamError

LANGS = ("en", "zh")


def preset_names():
    """The presets in display order (MicroPython dicts do not keep insertion order)."""
    return [n for n in PRESET_ORDER if n in PRESETS] + sorted([n for n in PRESETS if n not in PRESET_ORDER])






def seat_name(seat, lang):
    """A seat's compass name: South, East, North, West (南 东 北 西)."""
    return t("embed_seat_%d" % seat, lang)


# --- URL parameters ------------------------------------------------------------------------


def params():
    """The page's query parameters as a dict of str (names lower-cased; the last value wins)."""
    return {name.strip().lower(): value for name, value in pairs(str(window.location.search or ""))}


def lang_of(query):
    """The language asked for (`lang=zh`), "en" by default or for anything unknown."""
    lang = query.get("lang", "en").strip().lower()
    if lang.startswith("zh"):
        return "zh"
    return "en"


def preset_of(query):
    """The house-rule preset named by `rules=` (default "classic"); ParamError if unknown."""
    name = query.get("rules", "classic").strip().lower() or "classic"
    if name not in PRESETS:
        raise ParamError(
            "rules must be one of %s, not %r" % (", ".join(preset_names()), name[:40]),
            "rules 必须是 %s 之一，不能是 %r" % ("、".join(preset_names()), name[:40]),
        )
    return name


def preset_doc(name, lang):
    """The one-line description of a preset in `lang`."""
    en, zh = PRESET_DOCS.get(name, ("", ""))
    return zh if lang == "zh" else en


def text_param(query, name, limit=300):
    """A free-text parameter (a caption, a name), trimmed and clipped; shown only as text."""
    value = query.get(name, "").strip()
    if len(value) > limit:
        value = value[:limit] + "…"
    return value


# --- DOM -----------------------------------------------------------------------------------

_PROXIES = []


def on(node, event, handler):
    """Call `handler(event)` on `event`; the proxy is kept alive for the page's lifetime."""
    proxy = create_proxy(handler)
    _PROXIES.append(proxy)
    node.addEventListener(event, proxy)
    return node


def clear(node):
    """Remove every child of `node`."""
    while node.firstChild:
        node.removeChild(node.firstChild)


def by_id(name):
    return document.getElementById(name)


def colours_of(query):
    """The deck's suit colours asked for (`colours=4`: the four-colour deck), 2 by default;
    ParamError for anything but 2 or 4."""
    raw = query.get("colours", "2").strip() or "2"
    if raw not in ("2", "4"):
        raise ParamError("colours must be 2 or 4, not %r" % raw[:40], "colours 必须是 2 或 4，不能是 %r" % raw[:40])
    return int(raw)


COLOURS = [2]  # the page's deck, set once from its URL (`use_colours`)


def use_colours(query):
    """Draw this page's cards in the deck its URL asks for (`colours_of`); returns it."""
    COLOURS[0] = colours_of(query)
    if COLOURS[0] == 4:
        document.documentElement.setAttribute("data-colours", "4")
    return COLOURS[0]


def card_src(code):
    """The picture of a card in this page's deck (web/cards/, or web/cards/four/)."""
    return "../cards/" + card_file(code, COLOURS[0])


def card_face(code, lang, cls="card", extra=None):
    """A card picture (`data-card`, an accessible name) built from the card art in web/cards/."""
    c = parse_card(code)
    label = card_name(c, lang)
    if extra:
        label = label + ", " + extra
    node = h("span", {"class": cls, "data-card": code, "role": "img", "aria-label": label, "title": card_symbol(c),
                      "data-colours": "4" if COLOURS[0] == 4 else None})
    node.appendChild(h("img", {"src": card_src(code), "alt": "", "draggable": "false"}))
    return node


def card_back(cls="card back"):
    """A face-down card."""
    node = h("span", {"class": cls, "aria-hidden": "true"})
    node.appendChild(h("img", {"src": "../cards/back.svg", "alt": "", "draggable": "false"}))
    return node


def show_error(message, lang="en"):
    """Replace the embed's content with a readable message (role=alert) and mark the page ready."""
    root = by_id("embed")
    clear(root)
    text = message.text(lang) if isinstance(message, ParamError) else str(message)
    root.appendChild(
        h(
            "p",
            {
                "class": "embed-error",
                "text": t("bad_params", lang, message=text),
                "role": "alert",
                "data-testid": "error",
            },
        )
    )
    mark_ready()


def set_title(text):
    """The heading of the embed (author text is only ever text)."""
    node = by_id("embed-title")
    if node is not None:
        node.textContent = text
    document.title = text


def set_lang(lang):
    document.documentElement.lang = "zh-Hans" if lang == "zh" else "en"


def mark_ready():
    """Tell tests and frame.js that the embed is interactive (`<html class="ready">`)."""
    document.documentElement.classList.add("ready")
    window.performance.mark("gongzhu-interactive")


def translate(lang):
    """Put the `lang` text into every static element marked `data-t="key"`."""
    nodes = document.querySelectorAll("[data-t]")
    for i in range(nodes.length):
        node = nodes.item(i)
        node.textContent = t(node.getAttribute("data-t"), lang)


def done_loading():
    """Hide the static "Loading…" line."""
    node = by_id("embed-loading")
    if node is not None:
        node.hidden = True


async def engine(kind="quick"):
    """Start an engine worker on first use and return its `Engine` client: "quick" (MicroPython,
    web/quick/worker.py: legality, positions, play-outs; up in well under a second) or "full"
    (Pyodide, web/worker.py: the strongest bot's answer to a puzzle).

    The worker is started only now (web/engine.mjs), after the page is interactive, so the
    MicroPython part never waits for it (and the calculator never loads one).
    """
    from ui.engine import Engine

    return await Engine.connect("../engine.mjs", kind)
