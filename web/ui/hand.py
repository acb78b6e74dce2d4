"""The player's region of the page: their plate (total, exposed and captured cards), the prompt,
the action buttons, the reason a card is refused, and their hand of cards.

A part of the renderer (render.py's `Renderer` is made of the regions): it writes through the
renderer's elements (`self.el`, `self.seats`) and redraws only what changed (`self.changed`).
"""

from ui.dom import card_img, fill, h
from ui.i18n import card_label, card_short, cards_short, seat_name, t
from ui.present import can_claim, can_take_back, forced_card, hand_mode, my_turn, prompt_text, score_text
from ui.table import person_tag


class HandRegion:
    """Draws the player's plate, prompt, actions and hand (mixed into `Renderer`)."""

    def south(self, s, lang, pos):
        v = s.view
        seat0 = self.seat_data(s, 0)
        colours = s.settings["colours"]
        info_data = [seat0, lang, s.settings["levels"][0], bool(v and v["rules"].get("partnership")), colours]
        if self.changed("south-info", info_data):
            south = self.seats[0]
            south.className = "seat seat-south pos-bottom" + (" turn" if seat0["turn"] else "")
            fill(self.el["south-info"], [
                h("div", {"class": "plate"}, [
                    h("span", {"class": "turn-dot", "aria-hidden": "true"}),
                    h("span", {"class": "name", "text": t("seat_0", lang)}),
                    person_tag(seat0["person"]) if seat0["person"] else None,
                ]),
                h("div", {"class": "stats"}, [
                    h("span", {"class": "total-label", "text": t("total", lang)}),
                    h("span", {"class": "total", "data-testid": "total", "text": score_text(seat0["total"])}),
                ]),
                self.exposed_badges(seat0["exposed"], lang, colours),
                self.captured_row(seat0["captured"], lang, colours),
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
            self.el["prompt"].classList.toggle("my-turn", my_turn(s))
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
            elif v["phase"] == "done" and s.screen != "summary" and s.shown_trick is None and not v.get("lesson"):
                # Once the last trick is collected (and the summary, which opens then, is closed).
                kind = "done"
                data.append(v["match"]["is_over"])
        if s.busy and kind in ("pass", "expose"):
            kind = None  # the choice is on its way to the engine
        # The comforts of play against the bots: finish a decided hand, take back a card.
        comforts = [can_claim(s), can_take_back(s)] if kind is None and v and not s.preview else [False, False]
        data.append(comforts)
        data.append(s.settings["colours"])
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
                    card_img(code, "mini", s.settings["colours"]),
                    h("span", {"aria-hidden": "true", "text": card_short(code)})]))
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
        if comforts[0]:
            children.append(h("button", {"type": "button", "class": "btn primary", "data-action": "claim",
                                         "text": t("claim", lang)}))
        if comforts[1]:
            children.append(h("button", {"type": "button", "class": "btn", "data-action": "take-back",
                                         "text": "↶ " + t("take_back", lang)}))
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
        elif s.reason_text and s.reason_text != "__loading__":
            # The engine's reason for a refused card (or a claim or take-back whose moment passed).
            text = s.reason_text[1 if lang == "zh" else 0]
            if s.reason_card:
                text = card_short(s.reason_card) + ": " + text
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
        forced = forced_card(s)
        colours = s.settings["colours"]
        data = [codes, mode, legal, illegal, list(s.selected), exposed, received, lang, s.deal_token, hinted,
                s.settings["back"], forced, colours]
        if not self.changed("hand", data):
            self.focus(s)
            return
        hand = self.el["hand"]
        deal = self.keys.get("deal") != str(s.deal_token)
        self.keys["deal"] = str(s.deal_token)
        if deal or self.keys.get("hand-colours") != str(colours):
            # A new deal (or another deck): every card is a new button (a deal's animation plays).
            self.keys["hand-colours"] = str(colours)
            fill(hand, [])
            self.hand_buttons = {}
            self.hand_order = []
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
            if code == forced:
                cls += " forced"  # about to be played for the player (the prompt says so)
            if deal and s.settings["speed"] != "instant":
                cls += " deal"
            attrs["class"] = cls
            tag = t("exposed", lang) if code in exposed else None
            entry = buttons.get(code)
            if entry is None:
                el = h("button", {"type": "button", "data-card": code,
                                  "data-colours": "4" if colours == 4 else None}, [card_img(code, "face", colours)])
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
