"""The renderer: the only code that writes the page's DOM, rebuilding each region from the state.

`Renderer.render(state)` reads the controller's `State` (see controller.py) and rewrites every
region (table.py, hand.py, dialogs.py) whose inputs changed (a key per region keeps the cost
down and the focus where it was).
Text always goes in through `textContent`/attributes, never as HTML, so nothing from a URL or a
save can become markup. Animations are CSS classes (see web/style.css) set here.
"""

import json

from pyscript import document

from ui.dialogs import DialogsRegion
from ui.dom import fill, h
from ui.hand import HandRegion
from ui.i18n import rules_name, t
from ui.lesson_view import LessonRegion
from ui.present import POSITIONS, can_hint, hint_label, my_turn
from ui.table import TableRegion


class Renderer(TableRegion, HandRegion, DialogsRegion, LessonRegion):
    """Writes the DOM from a `State`; remembers what it wrote last to skip unchanged regions.

    Made of the page's regions, each in its module: the table (table.py: the opponents and the
    trick), the player's hand (hand.py: plate, prompt, actions, cards) and the dialogs
    (dialogs.py); this class draws the page's frame and notices and tells screen readers."""

    def __init__(self):
        self.keys = {}
        self.trick_codes = []
        self.el = {}
        for name in ("loading", "loading-text", "notice", "notice-text", "table", "trick", "south-info", "prompt",
                     "prompt-main", "prompt-hint",
                     "actions", "reason", "hand", "engine-version", "deal-label", "announcer", "menu",
                     "link-rules", "link-keeper", "dlg-settings", "dlg-help", "dlg-scores", "dlg-summary",
                     "dlg-last", "dlg-review"):
            self.el[name] = document.getElementById(name)
        self.seats = {}
        for seat in range(4):
            self.seats[seat] = document.querySelector('#table [data-seat="' + str(seat) + '"]')
        self.announced = 0
        self.seat_parts = {}
        self.hand_buttons = {}  # code -> [button, attributes written, (reason, tag) written]
        self.hand_order = []

    def changed(self, region, data):
        """True (and remembered) when `data` differs from what `region` was last drawn from."""
        key = json.dumps(data)
        if self.keys.get(region) == key:
            return False
        self.keys[region] = key
        return True

    # ------------------------------------------------------------------ the whole page

    def render(self, s):
        for _ in self.parts(s):
            pass

    def parts(self, s):
        """Draw every region from `s`, yielding between groups of regions (`render` runs them all at once).

        The table's first draw goes through this with a pause at each yield (web/ui/main.py), so
        that no step of the page's start is a long task: on a phone each is a few milliseconds
        of work, where the whole table drawn at once blocked input for a fifth of a second.
        """
        lang = s.settings["lang"]
        pos = POSITIONS[s.settings["direction"]]
        self.page(s, lang)
        self.notice(s, lang)
        self.shared_offer(s, lang)
        self.room_closed(s, lang)
        self.lesson_region(s, lang)
        self.seat_panel(s, 0, lang, pos)
        for seat in (1, 2, 3):
            yield
            self.seat_panel(s, seat, lang, pos)
        yield
        self.trick(s, lang, pos)
        self.south(s, lang, pos)
        self.dialogs(s, lang, pos)
        self.announce(s)

    def choice(self, el_id, key, parts):
        """A question floating below the notice with its buttons (the tutorial's offer, a shared
        link's), shown while `key` (what it is drawn from) is not None or False: `parts()` -> its
        text, then its buttons."""
        if not self.changed(el_id, key):
            return
        el = self.el.get(el_id)
        if not key:
            if el is not None:
                el.hidden = True
            return
        if el is None:
            el = h("aside", {"id": el_id, "class": "choice", "aria-labelledby": el_id + "-text"})
            (document.getElementById("floats") or document.body).appendChild(el)  # below the notice
            self.el[el_id] = el
        el.hidden = False
        text, *buttons = parts()
        fill(el, [h("span", {"id": el_id + "-text", "text": text})] + buttons)

    def shared_offer(self, s, lang):
        offer = s.shared_offer
        self.choice("shared-offer", offer and [lang, offer], lambda: [
            t("shared_offer", lang, seed=offer["seed"], rules=rules_name(offer["preset"], lang),
              n=s.view["match"]["hand_number"] + 1),
            h("button", {"type": "button", "class": "btn primary", "data-action": "shared-play",
                         "text": t("shared_play", lang)}),
            h("button", {"type": "button", "class": "btn", "data-action": "shared-keep",
                         "text": t("shared_keep", lang)}),
        ])

    def room_closed(self, s, lang):
        """A guest's room closed by its host: said, with the way back to this browser's own game."""
        href = s.room_closed
        self.choice("room-closed", href and [lang, href], lambda: [
            t("room_closed", lang),
            h("a", {"class": "btn primary", "href": href, "text": t("room_own_game", lang)}),
        ])

    def page(self, s, lang):
        st = s.settings
        # The tab's title says when the table waits for the player while they look at another tab
        # (web/ui/input.py renders again when the page is shown or hidden).
        away = my_turn(s) and bool(document.hidden)
        if self.changed("title", [lang, away]):
            if away:
                document.title = t("title_my_turn", lang)
            else:
                document.title = t("title", lang) + " — " + t("subtitle", lang) if lang == "en" else "拱猪"
        if self.changed("loading", [lang, s.engine, s.loading_secs]):
            if s.engine == "loading":
                self.el["loading"].hidden = False
                self.el["loading-text"].textContent = t("loading_engine", lang, secs="{:.1f}".format(s.loading_secs))
            elif s.engine == "restarting":
                self.el["loading"].hidden = False
                self.el["loading-text"].textContent = t("restarting", lang)
            else:
                self.el["loading"].hidden = True
        if self.changed("page", [lang, st["speed"], st["back"], st["direction"], st["colours"], s.engine, s.version,
                                 s.preview,
                                 s.view is not None and s.view.get("match", {}).get("seed"),
                                 bool(s.view and s.view.get("lesson")),
                                 s.busy_hint, can_hint(s), s.search, s.worker]):
            html = document.documentElement
            html.classList.toggle("ready", s.engine == "ready" and not s.preview)
            # The full (Pyodide) worker: loading in the background (web/sw-register.js waits for it), or settled.
            if s.search in ("idle", "loading") and s.engine != "failed":
                html.setAttribute("data-loading", "search")
            else:
                html.removeAttribute("data-loading")
            html.classList.toggle("search-ready", s.search == "ready")
            html.classList.toggle("search-failed", s.search == "failed")
            html.setAttribute("data-worker", s.worker)  # which engine worker holds the match
            html.setAttribute("lang", "zh-Hans" if lang == "zh" else "en")
            document.querySelector(".brand-en").hidden = lang == "zh"
            html.setAttribute("data-speed", st["speed"])
            html.setAttribute("data-back", st["back"])
            html.setAttribute("data-colours", str(st["colours"]))
            labels = {"hint": "hint", "last-trick": "last_trick", "open-scores": "scores",
                      "open-settings": "settings", "stats": "stats", "open-help": "help",
                      "share": "share_share", "create-room": "room_open"}
            for action in labels:
                btn = self.el["menu"].querySelector('[data-action="' + action + '"]')
                if btn is None:
                    continue  # (not in the game embed: ui.dom.menu_button)
                btn.querySelector(".label").textContent = t(labels[action], lang)
                if action == "hint":
                    # The label keeps its width (no layout shift); while the strongest bot loads, or
                    # if it failed to, the icon says so and the button's name tells the whole of it.
                    label = hint_label(s)
                    if label == "hint":
                        btn.removeAttribute("data-state")
                        btn.removeAttribute("title")
                        btn.removeAttribute("aria-label")
                    else:
                        btn.setAttribute("data-state", "getting-ready" if label == "hint_getting_ready" else "off")
                        btn.setAttribute("title", t(label, lang))
                        btn.setAttribute("aria-label", t(label, lang))
                    if can_hint(s) and not s.busy_hint:
                        btn.removeAttribute("disabled")
                    else:
                        btn.setAttribute("disabled", "")
            self.el["menu"].setAttribute("aria-label", t("menu", lang))
            self.el["table"].setAttribute("aria-label", t("table", lang))
            self.el["trick"].setAttribute("aria-label", t("trick_area", lang))
            self.el["hand"].setAttribute("aria-label", t("your_hand", lang))
            self.el["link-rules"].textContent = t("rules_page", lang)
            self.el["link-keeper"].textContent = t("keeper_page", lang)
            dismiss = self.el["notice"].querySelector("button")
            dismiss.textContent = t("dismiss", lang)
            if s.version:
                self.el["engine-version"].textContent = t("engine_version", lang, version=s.version)
            else:
                self.el["engine-version"].textContent = t("engine_loading", lang)
            seed = s.view.get("match", {}).get("seed") if s.view and not s.view.get("lesson") else None
            self.el["deal-label"].textContent = t("deal_label", lang, seed=seed) if seed is not None else ""

    def notice(self, s, lang):
        texts = []
        for key, params in s.notices:
            if "preset" in params:  # a rule set, named in the player's language
                params = dict(params, rules=rules_name(params["preset"], lang))
            texts.append(t(key, lang, **params))
        if s.search == "failed":
            texts.append(t("search_failed", lang, message=s.search_error or "?"))
        if s.engine == "failed":
            message = t("no_answer", lang) if s.engine_error == "__no_answer__" else (s.engine_error or "?")
            texts.append(t("engine_failed", lang, message=message))
        if self.changed("notice", [texts, lang]):
            self.el["notice"].hidden = not texts
            self.el["notice-text"].textContent = " ".join(texts)
            self.el["notice"].classList.toggle("error", s.engine == "failed")

    def focus(self, s):
        """Move the keyboard focus where the controller asked (once per request)."""
        if s.focus_card and self.keys.get("focus") != str(s.focus_token):
            self.keys["focus"] = str(s.focus_token)
            el = self.el["hand"].querySelector('[data-card="' + s.focus_card + '"]')
            if el:
                el.focus()

    # ------------------------------------------------------------------ screen readers

    def announce(self, s):
        if s.announce_id != self.announced:
            self.announced = s.announce_id
            self.el["announcer"].textContent = s.announce
