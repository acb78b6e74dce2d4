"""The score keeper's controller: owns the match (a gongzhu.core.keeper.Sheet), the hand being entered
and what the page says; turns intents (tap a card, tap a player, record...) into changes, and
saves everything to storage after each change.

No DOM here: `storage` is anything with getItem/setItem/removeItem (`window.localStorage` in the
page, a dict-backed fake in tests), so this runs under MicroPython and CPython alike. The
renderer (keeper_view.py) reads the state; main.py wires the page's events to the intents.
"""

import json

from ui.i18n import t

from gongzhu.core import keeper, options
from gongzhu.core.cards import card_symbol, parse_card

STORE_KEY = "gongzhu.keeper"
"""localStorage key of the keeper's state (JSON, versioned by "v")."""
STORE_VERSION = 1
BROKEN_KEY = "gongzhu.keeper.broken"
"""Where an unreadable saved state is set aside (never silently thrown away)."""
SETTINGS_KEY = "gongzhu.settings"
"""The main page's settings (JSON); the keeper shares its "lang" and "colours"."""

CARDS = keeper.SCORING_CARDS
BIT = {}
for _code in CARDS:
    BIT[_code] = 1 << parse_card(_code)
ALL = 0
for _code in CARDS:
    ALL |= BIT[_code]


def codes_of(mask):
    """The scoring cards of a mask, in the keeper's order."""
    return [c for c in CARDS if mask & BIT[c]]


def mask_of(codes):
    m = 0
    for c in codes:
        if c in BIT:
            m |= BIT[c]
    return m


class MemoryStorage:
    """Stands in for localStorage when the browser refuses it (the match then lasts one visit)."""

    def __init__(self):
        self.items = {}

    def getItem(self, key):  # noqa: N802 (the Web Storage API's name)
        return self.items.get(key)

    def setItem(self, key, value):  # noqa: N802
        self.items[key] = value

    def removeItem(self, key):  # noqa: N802
        self.items.pop(key, None)


def default_setup():
    return {"names": ["", "", "", ""], "teams": ["", ""], "preset": "classic", "rules": options.resolve()}


class App:
    """The keeper's state and intents."""

    def __init__(self, storage, lang=None):
        self.storage = storage
        self.lang = lang or "en"
        self.sheet = None
        self.setup = default_setup()
        self.notice = None  # (kind, render(lang) -> str); kind "ok" or "error"
        self.problems = []  # the refusal of the last attempt to record, as keeper problems
        self.confirm = None  # {"text": render, "ok": label key, "action": name, "arg": value}
        self.dialog_hand = None  # index of the hand whose details are open
        self.pending_import = None
        self.reset_draft()
        self.load()

    # --- language ------------------------------------------------------------------------

    def load_lang(self, fallback="en"):
        """The language remembered by the site (the main page's settings), else `fallback`."""
        try:
            data = json.loads(self.storage.getItem(SETTINGS_KEY) or "null")
        except Exception:
            data = None
        if isinstance(data, dict) and data.get("lang") in ("en", "zh"):
            return data["lang"]
        return fallback

    def load_colours(self):
        """The deck the site draws (the main page's "colours" setting): 4 or 2."""
        try:
            data = json.loads(self.storage.getItem(SETTINGS_KEY) or "null")
        except Exception:
            data = None
        return 4 if isinstance(data, dict) and data.get("colours") == 4 else 2

    def set_lang(self, lang):
        """Switch the language and remember it where the whole site does."""
        self.lang = "zh" if lang == "zh" else "en"
        try:
            data = json.loads(self.storage.getItem(SETTINGS_KEY) or "null")
        except Exception:
            data = None
        if not isinstance(data, dict):
            data = {"v": 1}
        data["lang"] = self.lang
        self._write(SETTINGS_KEY, json.dumps(data))

    # --- persistence ---------------------------------------------------------------------

    def _write(self, key, value):
        try:
            self.storage.setItem(key, value)
            return True
        except Exception:
            self.notice = ("error", lambda lang: t("storage_failed", lang))
            return False

    def save(self):
        """Write the match, the hand being entered and the setup to storage."""
        state = {
            "v": STORE_VERSION,
            "sheet": self.sheet.to_dict() if self.sheet else None,
            "draft": {
                "piles": [codes_of(m) for m in self.piles],
                "exposed": codes_of(self.exposed),
                "editing": self.editing,
                "parked": self.parked and {"piles": [codes_of(m) for m in self.parked[0]],
                                           "exposed": codes_of(self.parked[1])},
            },
            "setup": self.setup,
        }
        self._write(STORE_KEY, json.dumps(state))

    def load(self):
        """Read the saved state; an unreadable one is set aside with a notice."""
        raw = None
        try:
            raw = self.storage.getItem(STORE_KEY)
        except Exception:
            raw = None
        if not raw:
            return
        try:
            state = json.loads(raw)
            if not isinstance(state, dict) or state.get("v") != STORE_VERSION:
                raise ValueError("unknown saved state")
            sheet = keeper.Sheet.from_dict(state["sheet"]) if state.get("sheet") else None
            setup = state.get("setup")
            draft = state.get("draft") or {}
        except Exception:
            self._write(BROKEN_KEY, raw)
            try:
                self.storage.removeItem(STORE_KEY)
            except Exception:
                pass
            self.notice = ("error", lambda lang: t("storage_broken", lang))
            return
        self.sheet = sheet
        if isinstance(setup, dict):
            self._load_setup(setup)
        try:
            piles = draft.get("piles") or [[], [], [], []]
            self.piles = [mask_of(p) for p in piles][:4] + [0] * (4 - len(piles[:4]))
            self.exposed = mask_of(draft.get("exposed") or [])
            editing = draft.get("editing")
            if sheet is not None and isinstance(editing, int) and 0 <= editing < len(sheet.hands):
                self.editing = editing
                parked = draft.get("parked")
                if parked:
                    self.parked = ([mask_of(p) for p in parked["piles"]][:4], mask_of(parked["exposed"]))
        except Exception:
            self.reset_draft()

    def _load_setup(self, setup):
        out = default_setup()
        names = setup.get("names")
        if isinstance(names, list) and len(names) == 4:
            out["names"] = [n if isinstance(n, str) else "" for n in names]
        teams = setup.get("teams")
        if isinstance(teams, list) and len(teams) == 2:
            out["teams"] = [n if isinstance(n, str) else "" for n in teams]
        if setup.get("preset") in options.PRESETS:
            out["preset"] = setup["preset"]
        rules = setup.get("rules")
        if isinstance(rules, dict):
            for k in options.OPTION_NAMES:
                if k in rules:
                    try:
                        out["rules"][k] = options.check(k, rules[k])
                    except ValueError:
                        pass
        self.setup = out

    # --- setup ---------------------------------------------------------------------------

    def choose_preset(self, preset):
        """Pick a preset in the setup form: its options replace the current ones."""
        if preset in options.PRESETS:
            self.setup["preset"] = preset
            self.setup["rules"] = options.resolve(None, preset)

    def set_option(self, name, value):
        """Change one house-rule option in the setup form (bad values are ignored)."""
        try:
            self.setup["rules"][name] = options.check(name, value)
        except ValueError:
            return
        self.setup["preset"] = options.preset_of(self.setup["rules"]) or self.setup["preset"]

    def start(self, names, teams):
        """Start a match with these names and the setup's rules."""
        self.setup["names"] = list(names)
        self.setup["teams"] = list(teams)
        fallback = [t("player_n", self.lang, n=i + 1) for i in range(4)]
        names = [(names[i] or "").strip() or fallback[i] for i in range(4)]
        preset = self.setup["preset"]
        base = options.resolve(None, preset)
        overrides = {}
        for k in options.OPTION_NAMES:
            if self.setup["rules"][k] != base[k]:
                overrides[k] = self.setup["rules"][k]
        team_names = [(teams[i] or "").strip() or t("team_of", self.lang, a=names[i], b=names[i + 2])
                      for i in range(2)]
        self.sheet = keeper.Sheet(names, overrides, preset, team_names)
        self.reset_draft()
        self.notice = None
        self.save()

    # --- the hand being entered ----------------------------------------------------------

    def reset_draft(self):
        self.piles = [0, 0, 0, 0]
        self.exposed = 0
        self.selected = 0
        self.active = None
        self.editing = None
        self.parked = None
        """The new hand as entered so far, (piles, exposed), kept while a past hand is corrected."""
        self.problems = []

    def end_edit(self):
        """The correction is over: back to the new hand as it was entered before it began."""
        parked = self.parked
        self.reset_draft()
        if parked:
            self.piles, self.exposed = parked[0][:], parked[1]

    def owners(self, code):
        """The seats whose pile holds a card in the hand being entered."""
        return [s for s in range(4) if self.piles[s] & BIT[code]]

    def unassigned(self):
        """The scoring cards in no pile yet."""
        used = self.piles[0] | self.piles[1] | self.piles[2] | self.piles[3]
        return codes_of(ALL & ~used)

    def tap_card(self, code):
        """With a player chosen: the card goes into (or out of) their pile. Otherwise select it."""
        bit = BIT[code]
        if self.active is not None:
            self.piles[self.active] ^= bit
        else:
            self.selected ^= bit
        self.problems = []
        self.notice = None
        self.save()

    def tap_player(self, seat):
        """With cards selected: they go to this player (and out of any other pile). Otherwise
        choose (or un-choose) the player whose cards are tapped next."""
        if self.selected:
            for s in range(4):
                self.piles[s] &= ~self.selected
            self.piles[seat] |= self.selected
            self.selected = 0
            self.active = None
        else:
            self.active = None if self.active == seat else seat
        self.problems = []
        self.notice = None
        self.save()

    def rest_to(self, seat):
        """Every card not yet assigned goes to this player."""
        self.piles[seat] |= mask_of(self.unassigned())
        self.selected = 0
        self.problems = []
        self.save()

    def toggle_exposed(self, code):
        if code in keeper.EXPOSABLE_CARDS:
            self.exposed ^= BIT[code]
            self.problems = []
            self.save()

    def clear_draft(self):
        editing = self.editing
        self.reset_draft()
        self.editing = editing
        self.save()

    def hand_piles(self):
        return [codes_of(m) for m in self.piles]

    def live_scores(self):
        """Each player's score of the hand being entered (Score objects, lines included)."""
        rules = self.sheet.rules if self.sheet else None
        from gongzhu.core.scoring import score_pile

        return [score_pile(self.piles[s], self.exposed, rules) for s in range(4)]

    def record(self):
        """Commit the hand being entered if it is complete and sound; else say why (by card)."""
        sheet = self.sheet
        problems = keeper.hand_problems(self.hand_piles(), codes_of(self.exposed), sheet.rules)
        if problems:
            self.problems = problems
            self.notice = None
            return False
        if self.editing is not None:
            n = self.editing + 1
            sheet.replace_hand(self.editing, self.hand_piles(), codes_of(self.exposed))
            self.notice = ("ok", lambda lang: t("saved_edit", lang, n=n))
            self.end_edit()
        else:
            if sheet.is_over():
                self.notice = ("error", lambda lang: keeper.message("over", lang))
                return False
            sheet.add_hand(self.hand_piles(), codes_of(self.exposed))
            n = len(sheet.hands)
            self.notice = ("ok", lambda lang: t("recorded", lang, n=n))
            self.reset_draft()
        self.save()
        return True

    # --- past hands ----------------------------------------------------------------------

    def open_hand(self, index):
        if self.sheet and 0 <= index < len(self.sheet.hands):
            self.dialog_hand = index
            self.confirm = None

    def close_dialog(self):
        self.dialog_hand = None
        self.confirm = None
        self.pending_import = None

    def edit_hand(self, index):
        """Load a past hand into the entry form to correct it; a new hand being entered is kept
        aside (and said so) until the correction is saved or cancelled."""
        parked = self.parked
        if self.editing is None and (any(self.piles) or self.exposed):
            parked = (self.piles[:], self.exposed)
            n = len(self.sheet.hands) + 1
            self.notice = ("ok", lambda lang: t("draft_kept", lang, n=n))
        else:
            self.notice = None
        self.reset_draft()
        self.editing = index
        self.parked = parked
        self.piles = [mask_of(p) for p in self.sheet.piles(index)]
        self.exposed = mask_of(self.sheet.exposed(index))
        self.dialog_hand = None
        self.save()

    def cancel_edit(self):
        self.end_edit()
        self.save()

    def ask(self, action, arg, text, ok):
        self.confirm = {"action": action, "arg": arg, "text": text, "ok": ok}

    def ask_delete(self, index):
        n = index + 1
        self.dialog_hand = index
        self.ask("delete", index, lambda lang: t("confirm_delete", lang, n=n), "delete")

    def delete_hand(self, index):
        self.sheet.delete_hand(index)
        if self.editing is not None:
            self.end_edit()
        n = index + 1
        self.notice = ("ok", lambda lang: t("deleted", lang, n=n))
        self.close_dialog()
        self.save()

    def ask_new(self):
        self.ask("new", None, lambda lang: t("confirm_new", lang), "new_match")

    def new_match(self):
        """Back to the setup form (same names and rules), the current match dropped."""
        self.sheet = None
        self.reset_draft()
        self.close_dialog()
        self.notice = None
        self.save()

    def rematch(self):
        """A new match with the same players and rules, straight away."""
        sheet = self.sheet
        self.sheet = keeper.Sheet(sheet.names, _overrides(sheet), sheet.preset, sheet.teams)
        self.reset_draft()
        self.notice = None
        self.save()

    def do_confirmed(self):
        c = self.confirm
        self.confirm = None
        if c is None:
            return
        if c["action"] == "delete":
            self.delete_hand(c["arg"])
        elif c["action"] == "new":
            self.new_match()
        elif c["action"] == "import":
            self._take_import(c["arg"])

    # --- files and sharing ---------------------------------------------------------------

    def export(self):
        """(file name, JSON text) of the current match."""
        names = "-".join(["".join([ch for ch in n if ch.isalpha() or ch.isdigit() or ord(ch) > 0x2E7F])
                          for n in self.sheet.names])
        return ("gongzhu-score-%s.json" % (names or "match"), self.sheet.to_json())

    def import_text(self, text):
        """Read a match file: refused with a message (current match untouched), or taken
        (after a confirmation when it would replace a match with hands)."""
        try:
            sheet = keeper.Sheet.from_json(text)
        except keeper.KeeperError as e:
            err = e
            self.notice = ("error", lambda lang: t("import_refused", lang, reason=err.text(lang)))
            return False
        except Exception as e:  # anything unexpected is still a refusal, never a crash
            detail = str(e)
            self.notice = ("error", lambda lang: t(
                "import_refused", lang, reason=keeper.message("damaged", lang, detail=detail)))
            return False
        if self.sheet is not None and self.sheet.hands:
            n = len(self.sheet.hands)
            self.ask("import", sheet, lambda lang: t("confirm_import", lang, n=n), "replace")
            return True
        self._take_import(sheet)
        return True

    def _take_import(self, sheet):
        self.sheet = sheet
        self.reset_draft()
        self.close_dialog()
        names = ", ".join(sheet.names)
        n = len(sheet.hands)
        self.notice = ("ok", lambda lang: t("imported", lang, names=names, n=n))
        self.save()

    def summary(self):
        return self.sheet.summary_text(self.lang) if self.sheet else ""

    def say(self, kind, key, **values):
        self.notice = (kind, lambda lang: t(key, lang, **values))


def _overrides(sheet):
    base = options.resolve(None, sheet.preset)
    out = {}
    for k in options.OPTION_NAMES:
        if sheet.rules[k] != base[k]:
            out[k] = sheet.rules[k]
    return out


def card_text(code):
    """A card as shown in sentences: Q♠, 10♥."""
    return card_symbol(parse_card(code))
