"""The page's DOM helpers: build elements from plain data, text always through `textContent` or
attributes (never HTML). The renderer, its dialogs and the share dialog build with these.
"""

from pyscript import document, window
from pyscript.ffi import create_proxy, to_js

CARD_DIR = "web/cards/"


def _build(el, attrs, children):
    """Set an element's attributes (None/False skipped; "text" sets textContent), append children."""
    if attrs:
        for name in attrs:
            value = attrs[name]
            if value is None or value is False:
                continue
            if name == "text":
                el.textContent = str(value)
            else:
                el.setAttribute(name, "" if value is True else str(value))
    if children:
        append(el, children)
    return el


def h(tag, attrs=None, children=None):
    """A new element: `attrs` (None/False values skipped; "text" sets textContent), then children."""
    return _build(document.createElement(tag), attrs, children)


SVG_NS = "http://www.w3.org/2000/svg"


def svg(tag, attrs=None, children=None):
    """A new SVG element (in the SVG namespace), as `h` builds HTML ones: attributes, "text", children."""
    return _build(document.createElementNS(SVG_NS, tag), attrs, children)


_KEPT = []  # the proxies of listeners and observers that live as long as the page


def duration_ms(name, default):
    """One of the page's waits: `default` ms, or what the tests set as `window[name]`."""
    override = getattr(window, name, None)
    return int(override) if override else default


def listen(node, name, handler):
    """Call `handler(event)` on each `name` event of `node`, for the page's lifetime."""
    proxy = create_proxy(handler)
    _KEPT.append(proxy)
    node.addEventListener(name, proxy)


def follow_lang(relabel):
    """Call `relabel()` now and each time the renderer switches the page's language (`<html lang>`)."""
    observer = window.MutationObserver.new(create_proxy(lambda *args: relabel()))
    _KEPT.append(observer)
    observer.observe(document.documentElement, to_js({"attributes": True, "attributeFilter": ["lang"]}))
    relabel()


def menu_button(action):
    """The menu's button `action`, which index.html draws disabled so that the header keeps its size
    while the page starts (the renderer labels it), enabled now. In the game embed (`embed=1`) the
    button is removed and None returned: that menu is not offered there."""
    button = document.querySelector('#menu [data-action="%s"]' % action)
    if "embed=1" in str(window.location.search):
        if button:
            button.remove()
        return None
    button.disabled = False
    return button


def append(el, children):
    """Append children to an element: elements, or strings as text; None is skipped."""
    for child in children:
        if child is None:
            continue
        if isinstance(child, str):
            el.appendChild(document.createTextNode(child))
        else:
            el.appendChild(child)


def fill(el, children):
    """Replace an element's children."""
    el.textContent = ""
    append(el, children)


def card_file(code, colours=2):
    """A card face's file in web/cards/: the four-colour deck (`colours` 4) has its own diamonds
    and clubs in web/cards/four/ (its spades and hearts are the usual ones)."""
    if colours == 4 and code[-1] in "DC":
        return "four/" + code + ".svg"
    return code + ".svg"


def card_img(code, cls="face", colours=2):
    """A card face picture; decorative (the button or list item around it carries the name).
    In the four-colour deck (`colours` 4) it carries `data-colours="4"`."""
    return h("img", {"src": CARD_DIR + card_file(code, colours), "alt": "", "class": cls, "draggable": "false",
                     "data-colours": "4" if colours == 4 else None})
