"""The table's region of the page: the three opponents' panels (name, level, total, cards left,
exposed and captured cards) and the trick in the middle of the table.

A part of the renderer (render.py's `Renderer` is made of the regions): it writes through the
renderer's elements (`self.el`, `self.seats`) and redraws only what changed (`self.changed`).
"""

from ui.dom import card_img, fill, h
from ui.i18n import card_label, level_name, seat_name, t
from ui.present import score_text, table_note, whose_turn


def person_tag(name):
    """A person's name on a seat plate in an online room."""
    return h("span", {"class": "person", "data-testid": "seat-person", "text": name})


class TableRegion:
    """Draws the opponents and the trick (mixed into `Renderer`)."""

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
        colours = s.settings["colours"]
        if not self.changed("seat" + str(seat), [data, lang, where, colours]):
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
        person = data["person"]
        if self.changed("plate" + key, [name, data["level"], person, data["partner"], lang]):
            fill(parts["plate"], [
                h("span", {"class": "turn-dot", "aria-hidden": "true"}),
                h("span", {"class": "name", "text": name}),
                person_tag(person) if person else h("span", {"class": "level",
                                                             "text": level_name(data["level"], lang)}),
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
        if self.changed("badges" + key, [data["exposed"], lang, colours]):
            fill(parts["badges"], [self.exposed_badges(data["exposed"], lang, colours)])
        if self.changed("captured" + key, [data["captured"], lang, colours]):
            fill(parts["captured"], [self.captured_row(data["captured"], lang, colours)])

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
        levels = (v and v.get("levels")) or s.settings["levels"]  # the engine's (a lesson's bots are its own)
        data = {"level": levels[seat], "total": 0, "count": 13, "exposed": [], "captured": [], "turn": False,
                "partner": False, "pig": False, "leader": False, "person": None}
        if s.room_plates:
            # In a room: a person's name (text, never markup), or the level of the room's bot.
            plate = s.room_plates[seat]
            data["person"] = plate.get("person")
            data["level"] = plate.get("level", data["level"])
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

    def exposed_badges(self, codes, lang, colours=2):
        if not codes:
            return None
        return h("ul", {"class": "badges", "aria-label": t("exposed_cards", lang)}, [
            h("li", {"class": "badge", "aria-label": card_label(c, lang, exposed=True)}, [
                card_img(c, "mini", colours),
                h("span", {"class": "badge-tag", "aria-hidden": "true", "text": t("exposed", lang)})])
            for c in codes])

    def captured_row(self, codes, lang, colours=2):
        if not codes:
            return None
        row = h("ul", {"class": "captured", "aria-label": t("captured", lang)}, [
            h("li", {"class": "cap", "aria-label": card_label(c, lang)}, [card_img(c, "mini", colours)])
            for c in codes])
        row.style.setProperty("--n", str(len(codes)))  # a side seat's row closes up to fit (style.css)
        return row

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
        note = table_note(s, lang, pos)
        colours = s.settings["colours"]
        data = [cards, s.trick_winner, s.collecting, lang, pos[1], info, note, colours]
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
            items.append(h("li", {"class": cls, "aria-label": label}, [card_img(code, "face", colours)]))
        self.trick_codes = codes
        cls = "trick"
        if s.collecting is not None:
            cls += " collect to-" + pos[s.collecting]
        el.className = cls
        fill(el, [h("ul", {"class": "trick-cards"}, items),
                  h("p", {"class": "trick-info", "text": " · ".join(info)}) if info else None,
                  h("p", {"class": "trick-note", "text": note}) if note else None])
