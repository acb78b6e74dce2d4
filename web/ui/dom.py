"""The page's DOM helpers: build elements from plain data, text always through `textContent` or
attributes (never HTML). The renderer, its dialogs and the share dialog build with these.
"""

from pyscript import document

CARD_DIR = "web/cards/"


def h(tag, attrs=None, children=None):
    """A new element: `attrs` (None/False values skipped; "text" sets textContent), then children."""
    el = document.createElement(tag)
    if attrs:
        for name in attrs:
            value = attrs[name]
            if value is None or value is False:
                continue
            if name == "text":
                el.textContent = str(value)
            elif name == "class":
                el.className = value
            else:
                el.setAttribute(name, "" if value is True else str(value))
    if children:
        append(el, children)
    return el


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


def card_img(code, cls="face"):
    """A card face picture; decorative (the button or list item around it carries the name)."""
    return h("img", {"src": CARD_DIR + code + ".svg", "alt": "", "class": cls, "draggable": "false"})
