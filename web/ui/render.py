"""The renderer: the only code that writes the page's DOM, rebuilding each region from the state.

`Renderer.render(state)` reads the controller's `State` (see controller.py) and rewrites every
region whose inputs changed (a key per region keeps the cost down and the focus where it was).
Text always goes in through `textContent`/attributes, never as HTML, so nothing from a URL or a
save can become markup. Animations are CSS classes (see web/style.css) set here.
"""

import json

from pyscript import document

from ui import dialogs
from ui.dom import card_img, fill, h
from ui.i18n import card_label, card_short, cards_short, level_name, seat_name, t
from ui.present import POSITIONS, can_hint, hand_mode, prompt_text, score_text, whose_turn


class Renderer:
    """Writes the DOM from a `State`; remembers what it wrote last to skip unchanged regions."""

    def __init__(self):
        self.keys = {}
        self.trick_codes = []
        self.el = {}
        for name in ("loading", "loading-text", "notice", "notice-text", "table", "trick", "south-info", "prompt",
                     "prompt-main", "prompt-hint",
                     "actions", "reason", "hand", "engine-version", "deal-label", "announcer", "menu",
                     "link-rules", "link-keeper", "dlg-settings", "dlg-help", "dlg-scores", "dlg-summary",
                     "dlg-last"):
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
        self.seat_panel(s, 0, lang, pos)
        for seat in (1, 2, 3):
            yield
            self.seat_panel(s, seat, lang, pos)
        yield
        self.trick(s, lang, pos)
        self.south(s, lang, pos)
        self.dialogs(s, lang, pos)
        self.announce(s)

    def page(self, s, lang):
        st = s.settings
        if self.changed("loading", [lang, s.engine, s.loading_secs]):
            if s.engine == "loading":
                self.el["loading"].hidden = False
                self.el["loading-text"].textContent = t("loading_engine", lang, secs="{:.1f}".format(s.loading_secs))
            elif s.engine == "restarting":
                self.el["loading"].hidden = False
                self.el["loading-text"].textContent = t("restarting", lang)
            else:
                self.el["loading"].hidden = True
        if self.changed("page", [lang, st["speed"], st["back"], st["direction"], s.engine, s.version, s.preview,
                                 s.view is not None and s.view.get("match", {}).get("seed"),
                                 s.busy_hint, can_hint(s)]):
            html = document.documentElement
            html.classList.toggle("ready", s.engine == "ready" and not s.preview)
            html.setAttribute("lang", "zh-Hans" if lang == "zh" else "en")
            document.querySelector(".brand-en").hidden = lang == "zh"
            html.setAttribute("data-speed", st["speed"])
            html.setAttribute("data-back", st["back"])
            document.title = t("title", lang) + " — " + t("subtitle", lang) if lang == "en" else "拱猪"
            labels = {"hint": "hint", "last-trick": "last_trick", "open-scores": "scores",
                      "open-settings": "settings", "open-help": "help"}
            for action in labels:
                btn = self.el["menu"].querySelector('[data-action="' + action + '"]')
                btn.querySelector(".label").textContent = t(labels[action], lang)
                if action == "hint":
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
            seed = s.view.get("match", {}).get("seed") if s.view else None
            self.el["deal-label"].textContent = t("deal_label", lang, seed=seed) if seed is not None else ""

    def notice(self, s, lang):
        texts = []
        for key, params in s.notices:
            texts.append(t(key, lang, **params))
        if s.engine == "failed":
            message = t("no_answer", lang) if s.engine_error == "__no_answer__" else (s.engine_error or "?")
            texts.append(t("engine_failed", lang, message=message))
        if self.changed("notice", [texts, lang]):
            self.el["notice"].hidden = not texts
            self.el["notice-text"].textContent = " ".join(texts)
            self.el["notice"].classList.toggle("error", s.engine == "failed")

    # ------------------------------------------------------------------ the three opponents

    def seat_panel(self, s, seat, lang, pos):
        """One seat's panel; the human's (seat 0) is only labelled: its plate is drawn by `south`."""
        section = self.seats[seat]
        where = pos[seat]
        name = seat_name(seat, lang, where)
        if seat == 0:
            if self.changed("seatpos0", [lang]):
                section.setAttribute("aria-label", name)
            return
        data = self.seat_data(s, seat)
        if not self.changed("seat" + str(seat), [data, lang, where]):
            return
        key = str(seat)
        if self.changed("seathead" + key, [where, data["turn"], name]):
            section.className = "seat pos-" + where + (" turn" if data["turn"] else "")
            section.setAttribute("aria-label", name)
        parts = self.seat_parts.get(seat)
        if parts is None:
            # Built once; each part is then redrawn only when its own data changes.
            parts = {name_: h(tag, {"class": cls}) for name_, tag, cls in (
                ("plate", "div", "plate"), ("stats", "div", "stats"), ("extras", "div", "extras"),
                ("backs", "div", "backs"), ("status", "span", "chip done"), ("badges", "div", "badges-wrap"),
                ("captured", "div", "captured-wrap"))}
            parts["backs"].setAttribute("aria-hidden", "true")
            for child in ("backs", "status", "badges", "captured"):
                parts["extras"].appendChild(parts[child])
            fill(section, [parts["plate"], parts["stats"], parts["extras"]])
            self.seat_parts[seat] = parts
        if self.changed("plate" + key, [name, data["level"], data["partner"], lang]):
            fill(parts["plate"], [
                h("span", {"class": "turn-dot", "aria-hidden": "true"}),
                h("span", {"class": "name", "text": name}),
                h("span", {"class": "level", "text": level_name(data["level"], lang)}),
                h("span", {"class": "partner-tag", "text": t("partner", lang)}) if data["partner"] else None,
            ])
        count = data["count"]
        if self.changed("stats" + key, [data["total"], count, lang]):
            count_text = t("one_card_left", lang) if count == 1 else t("cards_left", lang, n=count)
            fill(parts["stats"], [
                h("span", {"class": "total-label", "text": t("total", lang)}),
                h("span", {"class": "total", "data-testid": "total", "text": score_text(data["total"])}),
                h("span", {"class": "count", "text": count_text}),
            ])
        self.backs(parts["backs"], min(count, 13))
        # Who has passed is public; who has decided on exposure is not shown (the seats with no
        # special card are never asked, so marking the others would tell them apart).
        done = bool(data.get("passed"))
        if self.changed("status" + key, [done]):
            parts["status"].textContent = "✓" if done else ""
        if self.changed("badges" + key, [data["exposed"], lang]):
            fill(parts["badges"], [self.exposed_badges(data["exposed"], lang)])
        if self.changed("captured" + key, [data["captured"], lang]):
            fill(parts["captured"], [self.captured_row(data["captured"], lang)])

    def backs(self, el, n):
        """A fan of `n` card backs (drawn by the stylesheet in the chosen colour): add or remove backs."""
        have = el.childElementCount
        while have > n:
            el.removeChild(el.lastChild)
            have -= 1
        while have < n:
            el.appendChild(h("span", {"class": "back"}))
            have += 1

    def seat_data(self, s, seat):
        v = s.view
        levels = s.settings["levels"]
        data = {"level": levels[seat], "total": 0, "count": 13, "exposed": [], "captured": [], "turn": False,
                "partner": False, "pig": False, "leader": False}
        if not v:
            return data
        match = v.get("match") or {}
        totals = match.get("totals")
        if totals:
            data["total"] = totals[seat]
        data["count"] = v["hand_counts"][seat]
        data["exposed"] = v["exposed"][seat]
        data["captured"] = v["captured"][seat]
        data["turn"] = whose_turn(s) == seat
        data["partner"] = bool(v["rules"].get("partnership")) and seat == 2
        data["passed"] = v["phase"] == "pass" and bool(v.get("passing")) and v["passing"]["done"][seat]
        return data

    def exposed_badges(self, codes, lang):
        if not codes:
            return None
        return h("ul", {"class": "badges", "aria-label": t("exposed_cards", lang)}, [
            h("li", {"class": "badge", "aria-label": card_label(c, lang, exposed=True)}, [
                card_img(c, "mini"),
                h("span", {"class": "badge-tag", "aria-hidden": "true", "text": t("exposed", lang)})])
            for c in codes])

    def captured_row(self, codes, lang):
        if not codes:
            return None
        return h("ul", {"class": "captured", "aria-label": t("captured", lang)}, [
            h("li", {"class": "cap", "aria-label": card_label(c, lang)}, [card_img(c, "mini")]) for c in codes])

    # ------------------------------------------------------------------ the trick in the middle

    def trick(self, s, lang, pos):
        v = s.view
        cards = []
        if s.shown_trick is not None:
            cards = s.shown_trick
        elif v:
            cards = v["trick"]
        info = []
        if v and v["phase"] == "play":
            info.append(t("trick_label", lang, n=min(len(v["tricks"]) + 1, 13)))
            if v.get("hearts_broken") and v["rules"].get("hearts_must_be_broken"):
                info.append(t("hearts_broken", lang))
        data = [cards, s.trick_winner, s.collecting, lang, pos[1], info]
        if not self.changed("trick", data):
            return
        el = self.el["trick"]
        codes = [c for _, c in cards]
        items = []
        for seat, code in cards:
            where = pos[seat]
            cls = "tcard at-" + where
            if code not in self.trick_codes:
                cls += " enter from-" + where
            if s.trick_winner == seat:
                cls += " winner"
            name = seat_name(seat, lang, where)
            label = t("played", lang, name=name, card=card_label(code, lang))
            items.append(h("li", {"class": cls, "aria-label": label}, [card_img(code)]))
        self.trick_codes = codes
        cls = "trick"
        if s.collecting is not None:
            cls += " collect to-" + pos[s.collecting]
        el.className = cls
        fill(el, [h("ul", {"class": "trick-cards"}, items),
                  h("p", {"class": "trick-info", "text": " · ".join(info)}) if info else None])

    # ------------------------------------------------------------------ the human: info, prompt, actions, hand

    def south(self, s, lang, pos):
        v = s.view
        seat0 = self.seat_data(s, 0)
        info_data = [seat0, lang, s.settings["levels"][0], bool(v and v["rules"].get("partnership"))]
        if self.changed("south-info", info_data):
            south = self.seats[0]
            south.className = "seat seat-south pos-bottom" + (" turn" if seat0["turn"] else "")
            fill(self.el["south-info"], [
                h("div", {"class": "plate"}, [
                    h("span", {"class": "turn-dot", "aria-hidden": "true"}),
                    h("span", {"class": "name", "text": t("seat_0", lang)}),
                ]),
                h("div", {"class": "stats"}, [
                    h("span", {"class": "total-label", "text": t("total", lang)}),
                    h("span", {"class": "total", "data-testid": "total", "text": score_text(seat0["total"])}),
                ]),
                self.exposed_badges(seat0["exposed"], lang),
                self.captured_row(seat0["captured"], lang),
            ])
            if v and v["rules"].get("partnership"):
                self.el["south-info"].appendChild(h("span", {"class": "partner-note", "text": t(
                    "partners_note", lang, name=seat_name(2, lang, pos[2]))}))
        prompt = prompt_text(s, lang, pos)
        if self.changed("prompt", prompt):
            # Written in place: the two spans are in index.html, so the prompt is painted with the
            # page's first paint and a new text is not a new "largest contentful paint".
            self.el["prompt-main"].textContent = prompt[0]
            self.el["prompt-hint"].textContent = prompt[1]
            self.el["prompt-hint"].hidden = not prompt[1]
            self.el["prompt"].classList.toggle("my-turn", bool(v and v.get("your_move") and not s.preview))
        self.actions(s, lang, pos)
        self.reason(s, lang)
        self.hand(s, lang)

    def actions(self, s, lang, pos):
        v = s.view
        kind = None
        data = [lang, s.engine, s.screen]
        if s.engine == "failed":
            kind = "failed"
        elif v and not s.preview:
            if v.get("your_move") == "pass":
                kind = "pass"
                data.append(list(s.selected))
            elif v.get("your_move") == "expose":
                kind = "expose"
                data.append([v["exposable"], list(s.selected)])
            elif v["phase"] == "done" and s.screen != "summary" and s.shown_trick is None:
                # Once the last trick is collected (and the summary, which opens then, is closed).
                kind = "done"
                data.append(v["match"]["is_over"])
        if s.busy and kind in ("pass", "expose"):
            kind = None  # the choice is on its way to the engine
        note = None
        if v and not s.preview and v["phase"] in ("expose", "play") and s.pass_note and not v["played"]:
            note = s.pass_note
        data.append([kind, note])
        if not self.changed("actions", data):
            return
        children = []
        if kind == "failed":
            children.append(h("button", {"type": "button", "class": "btn primary", "data-action": "restart-engine",
                                         "text": t("restart_engine", lang)}))
        elif kind == "pass":
            n = v["passing"]["count"]
            k = len(s.selected)
            children.append(h("button", {"type": "button", "class": "btn primary", "data-action": "pass-confirm",
                                         "disabled": k != n, "text": t("pass_confirm", lang, k=k, n=n)}))
        elif kind == "expose":
            for code in v["exposable"]:
                on = code in s.selected
                children.append(h("button", {
                    "type": "button", "class": "toggle" + (" on" if on else ""), "data-expose": code,
                    "aria-pressed": "true" if on else "false",
                    "aria-label": t("expose_toggle", lang, card=card_label(code, lang))}, [
                    card_img(code, "mini"), h("span", {"aria-hidden": "true", "text": card_short(code)})]))
            label = t("expose_decline", lang)
            if s.selected:
                label = t("expose_confirm", lang, cards=cards_short(s.selected))
            children.append(h("button", {"type": "button", "class": "btn primary", "data-action": "expose-confirm",
                                         "text": label}))
        elif kind == "done":
            if v["match"]["is_over"]:
                children.append(h("button", {"type": "button", "class": "btn primary", "data-action": "new-match",
                                             "text": t("new_match", lang)}))
            else:
                children.append(h("button", {"type": "button", "class": "btn primary", "data-action": "next-hand",
                                             "text": t("next_hand", lang)}))
            children.append(h("button", {"type": "button", "class": "btn", "data-action": "open-summary",
                                         "text": t("hand_score", lang)}))
        if note:
            text = t("passed_received", lang, given=cards_short(note["given"]), got=cards_short(note["got"]),
                     to=seat_name(note["to"], lang, pos[note["to"]]),
                     frm=seat_name(note["from"], lang, pos[note["from"]]))
            children.insert(0, h("p", {"class": "pass-note", "text": text}))
        fill(self.el["actions"], children)
        self.el["actions"].hidden = not children

    def reason(self, s, lang):
        text = ""
        if s.reason_card and s.reason_text == "__loading__":
            text = t("waiting_engine_card", lang)
        elif s.reason_card and s.reason_text:
            text = card_short(s.reason_card) + ": " + s.reason_text[1 if lang == "zh" else 0]
        if self.changed("reason", [text]):
            self.el["reason"].textContent = text
            self.el["reason"].classList.toggle("show", bool(text))

    def hand(self, s, lang):
        v = s.view
        codes = v["hand"] if v else []
        mode = hand_mode(s)
        legal = []
        illegal = {}
        if mode == "play":
            legal = v["legal"]
            # The engine's reasons, in the page's language (older saves have English only).
            illegal = (v.get("illegal_zh") or v["illegal"]) if lang == "zh" else v["illegal"]
        exposed = v["exposed"][0] if v else []
        received = []
        if v and v.get("passing") and v["passing"].get("received") and not v["played"]:
            received = v["passing"]["received"]
        hinted = ""
        if s.hint and s.hint.get("phase") == "play":
            hinted = s.hint.get("decision") or ""
        data = [codes, mode, legal, illegal, list(s.selected), exposed, received, lang, s.deal_token, hinted,
                s.settings["back"]]
        if not self.changed("hand", data):
            self.focus(s)
            return
        hand = self.el["hand"]
        deal = self.keys.get("deal") != str(s.deal_token)
        self.keys["deal"] = str(s.deal_token)
        if deal:
            # A new deal: every card is a new button (so the deal animation plays).
            fill(hand, [])
            self.hand_buttons = {}
        buttons = self.hand_buttons
        for gone in [c for c in buttons if c not in codes]:
            buttons.pop(gone)[0].remove()
        previous = [c for c in self.hand_order if c in codes]
        for i, code in enumerate(codes):
            cls = "card"
            attrs = {"aria-label": card_label(code, lang, exposed=code in exposed, received=code in received),
                     "style": "--i:" + str(i), "aria-disabled": None, "aria-describedby": None, "aria-pressed": None}
            why = None
            if mode == "play":
                if code in illegal:
                    cls += " illegal"
                    attrs["aria-disabled"] = "true"
                    attrs["aria-describedby"] = "why-" + code
                    why = illegal[code]
                else:
                    cls += " legal"
            elif mode == "pass":
                on = code in s.selected
                attrs["aria-pressed"] = "true" if on else "false"
                if on:
                    cls += " selected"
            else:
                attrs["aria-disabled"] = "true"
                cls += " idle"
            if code in exposed:
                cls += " exposed"
            if code in received:
                cls += " received"
            if code == hinted:
                cls += " hinted"
            if deal and s.settings["speed"] != "instant":
                cls += " deal"
            attrs["class"] = cls
            tag = t("exposed", lang) if code in exposed else None
            entry = buttons.get(code)
            if entry is None:
                el = h("button", {"type": "button", "data-card": code}, [card_img(code)])
                entry = [el, {}, None]
                buttons[code] = entry
            el, had, extras = entry
            for name in attrs:
                value = attrs[name]
                if had.get(name) != value:
                    if value is None:
                        el.removeAttribute(name)
                    else:
                        el.setAttribute(name, value)
                    had[name] = value
            if extras != [why, tag]:
                # The hidden reason (aria-describedby) and the "exposed" tag follow the picture.
                while el.childNodes.length > 1:
                    el.removeChild(el.lastChild)
                if why:
                    el.appendChild(h("span", {"class": "visually-hidden", "id": "why-" + code, "text": why}))
                if tag:
                    el.appendChild(h("span", {"class": "tag", "aria-hidden": "true", "text": tag}))
                entry[2] = [why, tag]
        if previous != codes:
            # New cards (dealt or received): put every button in display order.
            for code in codes:
                hand.appendChild(buttons[code][0])
        self.hand_order = list(codes)
        hand.style.setProperty("--n", str(max(len(codes), 1)))
        hand.className = "hand mode-" + mode
        self.focus(s)

    def focus(self, s):
        """Move the keyboard focus where the controller asked (once per request)."""
        if s.focus_card and self.keys.get("focus") != str(s.focus_token):
            self.keys["focus"] = str(s.focus_token)
            el = self.el["hand"].querySelector('[data-card="' + s.focus_card + '"]')
            if el:
                el.focus()

    # ------------------------------------------------------------------ dialogs

    def dialogs(self, s, lang, pos):
        builders = {
            "settings": ("dlg-settings", dialogs.settings_dialog),
            "help": ("dlg-help", dialogs.help_dialog),
            "scores": ("dlg-scores", dialogs.scores_dialog),
            "summary": ("dlg-summary", dialogs.summary_dialog),
            "last": ("dlg-last", dialogs.last_dialog),
        }
        for screen in builders:
            dlg_id, build = builders[screen]
            dlg = self.el[dlg_id]
            if s.screen == screen:
                key = self.dialog_key(s, screen, lang)
                if self.changed(dlg_id, key):
                    active = document.activeElement
                    focus_id = active.id if active and dlg.contains(active) else None
                    fill(dlg, build(s, lang, pos))
                    if focus_id:
                        again = document.getElementById(focus_id)
                        if again:
                            again.focus()
                if not dlg.open:
                    dlg.showModal()
            else:
                if dlg.open:
                    dlg.close()
                self.keys.pop(dlg_id, None)

    def dialog_key(self, s, screen, lang):
        v = s.view
        if screen == "settings":
            return [lang, s.settings, s.levels_available]
        if screen == "help":
            return [lang]
        if screen == "scores":
            return [lang, v and v["history"], v and v["match"]["totals"], s.settings["direction"]]
        if screen == "summary":
            return [lang, v and v["phase"], v and v.get("breakdown"), v and v["match"], s.settings["direction"]]
        return [lang, v and v["tricks"][-1:] if v else None, s.settings["direction"]]

    # ------------------------------------------------------------------ screen readers

    def announce(self, s):
        if s.announce_id != self.announced:
            self.announced = s.announce_id
            self.el["announcer"].textContent = s.announce
