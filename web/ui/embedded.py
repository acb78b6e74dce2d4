"""The game page inside an embed (`index.html?embed=1`, framed by web/embed/game.html).

An embedded game must not touch the reader's own game on this site: its settings and match
live in memory (`MemoryStorage`), never in localStorage, and its language comes from the
embed's `lang=` parameter (else the browser's). Runs under MicroPython and CPython.
"""


class MemoryStorage:
    """The localStorage methods the page uses, kept in a dict for the page's lifetime."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):  # noqa: N802 - the Web Storage API's name
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = str(value)

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def _query(search):
    out = {}
    for pair in str(search or "").lstrip("?").split("&"):
        if "=" in pair:
            name, value = pair.split("=", 1)
            out[name] = value
        elif pair:
            out[pair] = ""
    return out


def storage_and_language(search, local_storage, language):
    """`(storage, language)` for the page: memory and the `lang=` parameter when embedded.

    >>> storage, lang = storage_and_language("?embed=1&seed=5&lang=zh", None, "en")
    >>> lang, storage.getItem("gongzhu.save")
    ('zh', None)
    >>> storage_and_language("?seed=5", "LS", "en")
    ('LS', 'en')
    """
    query = _query(search)
    if query.get("embed") != "1":
        return local_storage, language
    lang = query.get("lang", "").lower()
    if lang.startswith("zh"):
        language = "zh"
    elif lang.startswith("en"):
        language = "en"
    return MemoryStorage(), language
