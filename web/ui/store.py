"""What the page remembers and reads: settings and the saved match (localStorage), the shared-deal URL.

Pure logic over plain strings and dicts (the `storage` argument is anything with
getItem/setItem/removeItem, `window.localStorage` in the page), so it runs under MicroPython
and CPython alike. Nothing here throws on bad input: a corrupt, old or foreign value is
reported as a notice key and replaced by a fresh default.
"""

import json

from gongzhu.core import options
from gongzhu.core.bots import LADDER
from ui.query import parse_query

SETTINGS_KEY = "gongzhu.settings"
SAVE_KEY = "gongzhu.save"
HOSTING_KEY = "gongzhu.room.hosting"  # the online room this page holds (web/ui/room.py), beside the save
SETTINGS_VERSION = 1
SAVE_VERSION = 2
MAX_SEED = 0xFFFFFFFFFFFFFFFF

SPEEDS = ("slow", "normal", "fast", "instant")
BACKS = ("red", "blue", "green")
DIRECTIONS = ("ccw", "cw")
COLOURS = (2, 4)  # the deck's suit colours: red and black, or four (♦ blue, ♣ green)
FORCED = ("auto", "on", "off")  # play the only legal card for the player: with fast animations, always, never


def default_settings(lang="en"):
    """The settings of a first visit."""
    return {
        "v": SETTINGS_VERSION,
        "lang": lang if lang in ("en", "zh") else "en",
        "rules": options.resolve(),
        "levels": ["hard", "normal", "normal", "normal"],
        "speed": "normal",
        "sound": True,
        "back": "red",
        "direction": "ccw",
        "colours": 2,
        "forced": "auto",
    }


def clean_rules(data):
    """A complete, valid option dict from `data`, keeping each valid option and defaulting the rest."""
    out = options.resolve()
    if isinstance(data, dict):
        for name in options.OPTION_NAMES:
            if name in data:
                try:
                    out[name] = options.check(name, data[name])
                except ValueError:
                    pass
    return out


def clean_settings(data, lang="en"):
    """Valid settings from stored data: unknown or bad values fall back to their defaults."""
    out = default_settings(lang)
    if not isinstance(data, dict) or data.get("v") != SETTINGS_VERSION:
        return out
    if data.get("lang") in ("en", "zh"):
        out["lang"] = data["lang"]
    out["rules"] = clean_rules(data.get("rules"))
    levels = data.get("levels")
    if isinstance(levels, list) and len(levels) == 4:
        out["levels"] = [lv if lv in LADDER else "normal" for lv in levels]
    for key, allowed in (("speed", SPEEDS), ("back", BACKS), ("direction", DIRECTIONS), ("forced", FORCED)):
        if data.get(key) in allowed:
            out[key] = data[key]
    if data.get("sound") in (True, False):
        out["sound"] = data["sound"]
    colours = data.get("colours")
    if colours in COLOURS and not isinstance(colours, bool):
        out["colours"] = colours
    return out


def load_settings(storage, lang="en"):
    """The remembered settings (defaults when none or unreadable)."""
    try:
        text = storage.getItem(SETTINGS_KEY)
        data = json.loads(text) if text else None
    except Exception:
        data = None
    return clean_settings(data, lang)


def settings_problem(storage, settings):
    """None, or the i18n key of the one-line message for remembered settings that cannot be read
    at all (not JSON, not a record of ours); `settings` (the defaults in use) then take their
    place, so it is said once. (A value out of range is only replaced by its default:
    `clean_settings`.)"""
    try:
        text = storage.getItem(SETTINGS_KEY)
        data = json.loads(text) if text else None
    except Exception:
        data = False
    if data is None or isinstance(data, dict) and data.get("v") == SETTINGS_VERSION:
        return None
    save_settings(storage, settings)
    return "settings_corrupt"


def save_settings(storage, settings):
    """Remember the settings."""
    try:
        storage.setItem(SETTINGS_KEY, json.dumps(settings))
    except Exception:
        pass


def read_save(storage):
    """The saved match as `(match, notice)`: match is the engine's JSON text of the match (the one
    record of a game in progress) or None; notice is None or the i18n key of the one-line message
    for a save that cannot be used.  Whether the match itself is sound is the engine's to say
    (`restore`)."""
    try:
        text = storage.getItem(SAVE_KEY)
    except Exception:
        return None, None
    if not text:
        return None, None
    try:
        data = json.loads(text)
    except Exception:
        return None, "save_corrupt"
    if not isinstance(data, dict):
        return None, "save_corrupt"
    version = data.get("v")
    # Version 1 also held a copy of the table's view: its match is all that is read now.
    if version not in (1, SAVE_VERSION):
        if isinstance(version, int) and version < SAVE_VERSION:
            return None, "save_old"
        return None, "save_corrupt"
    if not isinstance(data.get("match"), str):
        return None, "save_corrupt"
    return data["match"], None


def restore(match_json, levels):
    """The human's table view (gongzhu.core.screen.table_view) of a saved match, rebuilt by the
    engine's core here on the main thread, which replays and checks every action; ValueError
    for a match the engine refuses."""
    from gongzhu.core.match import Match
    from gongzhu.core.screen import table_view

    return table_view(Match.from_json(match_json), 0, levels, claims=False)


def write_save(storage, match_json):
    """Save the match (the engine's JSON)."""
    try:
        storage.setItem(SAVE_KEY, json.dumps({"v": SAVE_VERSION, "match": match_json}))
    except Exception:
        pass


def clear_save(storage):
    """Forget the saved match."""
    try:
        storage.removeItem(SAVE_KEY)
    except Exception:
        pass


def url_language(search):
    """The language a link asks for with `lang=`: `(language or None, refused value or None)`.

    A value starting with "zh" (zh, zh-CN, zh-Hans ...) is Chinese, one starting with "en" English,
    in any case; another value is refused (the page says so) and the usual language stays.

    >>> url_language("?seed=5&lang=zh-CN"), url_language("?lang=EN"), url_language("?lang=fr")
    (('zh', None), ('en', None), (None, 'fr'))
    >>> url_language("?seed=5")
    (None, None)
    """
    query = parse_query(search)
    if "lang" not in query:
        return None, None
    raw = query["lang"]
    code = raw.strip().lower()
    if code.startswith("zh"):
        return "zh", None
    if code.startswith("en"):
        return "en", None
    return None, raw[:40]


def url_colours(search):
    """The deck a link asks for with `colours=` (2 or 4, for the visit, like `lang=`):
    `(colours or None, refused value or None)`.

    >>> url_colours("?colours=4"), url_colours("?colours=five"), url_colours("?seed=1")
    ((4, None), (None, 'five'), (None, None))
    """
    query = parse_query(search)
    if "colours" not in query:
        return None, None
    raw = query["colours"]
    if raw.strip() in ("2", "4"):
        return int(raw.strip()), None
    return None, raw[:40]


def shared_deal(search):
    """A shared deal from the URL's query: `(seed or None, preset or None, [(notice key, value)])`.

    `?seed=N` must be a whole number 0..2**64-1 and `rules=` a preset name; a bad value is
    refused (with a notice naming it) and ignored.
    """
    query = parse_query(search)
    notices = []
    seed = None
    preset = None
    if "seed" in query:
        raw = query["seed"]
        text = raw.strip()
        if text and len(text) <= 20 and all(ch in "0123456789" for ch in text) and int(text) <= MAX_SEED:
            seed = int(text)
        else:
            notices.append(("bad_seed", raw[:40]))
    if "rules" in query:
        raw = query["rules"]
        if raw in options.PRESETS:
            preset = raw
        else:
            notices.append(("bad_rules", raw[:40]))
    return seed, preset, notices
