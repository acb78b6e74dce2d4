"""The tutorial's side of the page: `?lesson=N`, the progress record and the first visit's offer.

Pure logic over plain strings and dicts (the `storage` argument is anything with
getItem/setItem/removeItem, as in store.py), so it runs under MicroPython and CPython alike.
The lessons themselves are gongzhu/core/lessons.py, played by the engine worker (`lesson` call);
the page keeps only which lessons were completed and whether the tutorial was offered. A record
that cannot be read falls back to a fresh one, with a notice key to say so.
"""

import json

from ui.query import parse_query
from ui.store import SAVE_KEY, SETTINGS_KEY

PROGRESS_KEY = "gongzhu.tutorial"
PROGRESS_VERSION = 1
COUNT = 6  # gongzhu.core.lessons.COUNT (not imported here: the main thread does not load the lessons)


def fresh_progress():
    """The record of a player who has not met the tutorial."""
    return {"v": PROGRESS_VERSION, "done": [], "offered": False}


def load_progress(storage):
    """The tutorial record as `(progress, notice)`: notice is None, or "tutorial_corrupt" when a
    stored record could not be read (a fresh one is used in its place)."""
    try:
        text = storage.getItem(PROGRESS_KEY)
    except Exception:
        return fresh_progress(), None
    if not text:
        return fresh_progress(), None
    try:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("v") != PROGRESS_VERSION:
            raise ValueError("not a tutorial record")
        done = data.get("done")
        if not isinstance(done, list):
            raise ValueError("no list of lessons")
        out = fresh_progress()
        out["done"] = sorted({n for n in done if isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= COUNT})
        out["offered"] = data.get("offered") is True
        return out, None
    except Exception:
        broken = fresh_progress()
        broken["offered"] = True  # someone who had a record has seen the offer
        return broken, "tutorial_corrupt"


def save_progress(storage, progress):
    """Remember the tutorial record."""
    try:
        storage.setItem(PROGRESS_KEY, json.dumps(progress))
    except Exception:
        pass


def mark_done(storage, progress, number):
    """Lesson `number` was completed: remembered (and `progress` updated). True if it is new."""
    if number in progress["done"]:
        return False
    progress["done"] = sorted(progress["done"] + [number])
    progress["offered"] = True
    save_progress(storage, progress)
    return True


def first_visit(storage, search):
    """Whether to offer the tutorial: the page's first visit (no settings, no saved match, no
    tutorial record), not inside an embed and not already in a lesson."""
    query = parse_query(str(search or ""))
    if query.get("embed") == "1" or "lesson" in query:
        return False
    try:
        for key in (SETTINGS_KEY, SAVE_KEY, PROGRESS_KEY):
            if storage.getItem(key):
                return False
    except Exception:
        return False
    return True


def url_lesson(search):
    """The lesson a link opens with `lesson=N`: `(N or None, refused value or None)`.

    >>> url_lesson("?lesson=3&lang=zh"), url_lesson("?lesson=7"), url_lesson("?seed=1")
    ((3, None), (None, '7'), (None, None))
    """
    query = parse_query(str(search or ""))
    if "lesson" not in query:
        return None, None
    raw = query["lesson"]
    text = raw.strip()
    if len(text) == 1 and text in "123456"[:COUNT]:
        return int(text), None
    return None, raw[:40]


def with_lesson(search, number):
    """The page's query with `lesson=number` (other parameters kept, a shared deal's dropped),
    for the address bar when the player moves to another lesson.

    >>> with_lesson("?lang=zh&lesson=2", 3), with_lesson("", 1), with_lesson("?seed=5&embed=1", 2)
    ('?lang=zh&lesson=3', '?lesson=1', '?embed=1&lesson=2')
    """
    text = str(search or "")
    if text.startswith("?"):
        text = text[1:]
    parts = []
    for part in text.split("&"):
        name = part.split("=", 1)[0]
        if part and name not in ("lesson", "seed", "rules", "hand"):
            parts.append(part)
    parts.append("lesson=" + str(number))
    return "?" + "&".join(parts)


def lesson_link(search, progress):
    """The tutorial's address from the game (its Help): the first lesson not yet completed, or
    lesson 1 once all are, with the page's other parameters kept as `with_lesson` keeps them.

    >>> lesson_link("?lang=zh", {"done": [1, 2]}), lesson_link("", {"done": [1, 2, 3, 4, 5, 6]})
    ('index.html?lang=zh&lesson=3', 'index.html?lesson=1')
    """
    number = 1
    for n in range(1, COUNT + 1):
        if n not in progress["done"]:
            number = n
            break
    return "index.html" + with_lesson(search, number)


def game_link(search):
    """The address of the player's own game from a lesson: the page with only its language kept.

    >>> game_link("?lesson=2&lang=zh"), game_link("?lesson=1")
    ('index.html?lang=zh', 'index.html')
    """
    lang = parse_query(str(search or "")).get("lang")
    if lang in ("zh", "en"):
        return "index.html?lang=" + lang
    return "index.html"
