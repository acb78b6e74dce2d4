"""The game page inside an embed (`index.html?embed=1`, framed by web/embed/game.html).

An embedded game must not touch the reader's own game on this site: its settings and match
live in memory (`MemoryStorage`), never in localStorage; its language comes from the embed's
`lang=` parameter (else the browser's), as for any link to the page. Runs under MicroPython and CPython.
"""

from ui.query import parse_query


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


def storage_for(search, local_storage):
    """The page's storage: memory when embedded (`embed=1` in the query), else `local_storage`.

    (The language comes from the embed's `lang=` like any link's: ui.store.url_language.)
    """
    if parse_query(str(search or "")).get("embed") == "1":
        return MemoryStorage()
    return local_storage
