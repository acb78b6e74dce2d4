"""The score keeper's renderer: the only code that writes keeper.html's DOM, from the App's state.

Fixed parts (the 16 card buttons, the four players, the setup fields) are built once and then
updated in place, so keyboard focus survives every tap; the score sheet and the arithmetic are
rebuilt when they change. Names typed by people only ever reach the page as text
(`textContent`, attribute values), never as HTML.
"""

from keeper_app import BIT
from ui.dom import h
from ui.i18n import t

from gongzhu.core import options
from gongzhu.core.cards import card_symbol, parse_card
from gongzhu.core.keeper import EXPOSABLE_CARDS, SCORING_CARDS, problem_text
from gongzhu.core.options import PRESET_NAMES
from gongzhu.core.scoring import signed

TAGS = {"QS": "pig", "JD": "sheep", "TC": "doubler"}


def card_text(code):
    return card_symbol(parse_card(code))


def preset_label(name, lang):
    pair = PRESET_NAMES.get(name, (name, name))
    return pair[1] if lang == "zh" else pair[0]


def choice_label(opt, choice, lang):
    doc = opt["choice_docs"].get(choice)
    if doc is None:
        return str(choice)
    return doc[1] if lang == "zh" else doc[0]


def option_label(opt, lang):
    return opt["zh"] if lang == "zh" else opt["en"]


class View:
    """Writes the page from an App; `render(app)` after every intent."""

    def __init__(self, document, window):
        self.doc = document
        self.window = window
        self.lang = None
        self.built = False
        self.sheet_key = None
        self.setup_filled = False
        self.dialog_key = None
        self.rules_key = None
        self.colours = 2  # the game's deck setting: 4 draws ♦ blue and ♣ green (App.load_colours)

    # --- small DOM helpers -----------------------------------------------------------------

    def id(self, name):
        return self.doc.getElementById(name)

    def clear(self, node):
        while node.firstChild:
            node.removeChild(node.firstChild)

    def show(self, node, visible):
        node.hidden = not visible

    # --- building the fixed parts once -------------------------------------------------------

    def build(self):
        doc = self.doc
        names = self.id("names")
        self.name_inputs = []
        for i in range(4):
            label = h("label", {"class": "kp-field kp-seat kp-seat-%d" % i})
            span = h("span", {"class": "kp-seat-label"})
            inp = h(
                "input",
                {
                    "type": "text",
                    "maxlength": "24",
                    "autocomplete": "off",
                    "id": "name-%d" % i,
                    "enterkeyhint": "next" if i < 3 else "go",
                },
            )
            label.appendChild(span)
            label.appendChild(inp)
            names.appendChild(label)
            self.name_inputs.append((span, inp))
        teams = self.id("teams")
        self.team_inputs = []
        for i in range(2):
            label = h("label", {"class": "kp-field"})
            span = h("span")
            inp = h("input", {"type": "text", "maxlength": "24", "autocomplete": "off", "id": "team-%d" % i})
            label.appendChild(span)
            label.appendChild(inp)
            teams.appendChild(label)
            self.team_inputs.append((span, inp))
        preset = self.id("preset")
        for name in options.PRESETS:
            preset.appendChild(h("option", {"text": name, "value": name}))
        preset.appendChild(h("option", {"text": "custom", "value": "", "disabled": "disabled"}))
        # Every option but target and partnership (shown above) as a select.
        box = self.id("options")
        self.option_selects = []
        for opt in options.OPTIONS:
            if opt["choices"] is None or opt["name"] == "partnership":
                continue
            label = h("label", {"class": "kp-field kp-option"})
            span = h("span")
            sel = h("select", {"data-option": opt["name"], "id": "opt-" + opt["name"]})
            for i in range(len(opt["choices"])):
                sel.appendChild(h("option", {"text": "", "value": str(i)}))
            label.appendChild(span)
            label.appendChild(sel)
            box.appendChild(label)
            self.option_selects.append((opt, span, sel))
        # The exposure toggles.
        exposed = self.id("exposed")
        self.exposed_buttons = {}
        for code in EXPOSABLE_CARDS:
            b = h(
                "button",
                {
                    "class": "kp-expose " + self.suit_class(code),
                    "type": "button",
                    "data-act": "expose",
                    "data-arg": code,
                    "data-card": code,
                    "aria-pressed": "false",
                },
            )
            b.appendChild(h("span", {"class": "kp-expose-card", "text": card_text(code)}))
            exposed.appendChild(b)
            self.exposed_buttons[code] = b
        # The 16 scoring cards.
        tray = self.id("tray")
        self.card_buttons = {}
        for code in SCORING_CARDS:
            b = h(
                "button",
                {
                    "class": "kp-cardbtn " + self.suit_class(code),
                    "type": "button",
                    "data-act": "card",
                    "data-arg": code,
                    "data-card": code,
                    "data-colours": "4" if self.colours == 4 else None,
                },
            )
            face = h("span", {"class": "kp-face", "aria-hidden": "true"})
            face.appendChild(h("span", {"class": "kp-rank", "text": card_text(code)[:-1]}))
            face.appendChild(h("span", {"class": "kp-suit", "text": card_text(code)[-1]}))
            b.appendChild(face)
            tag = h("span", {"class": "kp-tag", "text": "", "aria-hidden": "true"})
            b.appendChild(tag)
            owner = h("span", {"class": "kp-owner", "text": "", "aria-hidden": "true"})
            b.appendChild(owner)
            tray.appendChild(b)
            self.card_buttons[code] = (b, tag, owner)
        # The four players.
        players = self.id("players")
        self.player_buttons = []
        for s in range(4):
            b = h(
                "button",
                {
                    "class": "kp-player kp-seat-%d" % s,
                    "type": "button",
                    "data-act": "player",
                    "data-arg": str(s),
                    "data-seat": str(s),
                    "aria-pressed": "false",
                },
            )
            top = h("span", {"class": "kp-player-top"})
            name = h("span", {"class": "kp-player-name"})
            score = h("span", {"class": "kp-player-score"})
            top.appendChild(name)
            top.appendChild(score)
            meta = h("span", {"class": "kp-player-meta"})
            chips = h("span", {"class": "kp-chips"})
            b.appendChild(top)
            b.appendChild(meta)
            b.appendChild(chips)
            players.appendChild(b)
            self.player_buttons.append((b, name, score, chips, meta))
        self.built = True
        del doc

    def suit_class(self, code):
        """The class that inks a card's suit: red and black, or the four-colour deck's."""
        if self.colours == 4:
            return "kp-suit-" + code[-1].lower()
        return "kp-red" if code[-1] in "HD" else "kp-black"

    # --- language ----------------------------------------------------------------------------

    def apply_lang(self, lang):
        html = self.doc.documentElement
        html.lang = "zh-Hans" if lang == "zh" else "en"
        html.setAttribute("data-lang", lang)
        self.doc.title = t("page_title", lang)
        nodes = self.doc.querySelectorAll("[data-t]")
        for i in range(nodes.length):
            node = nodes.item(i)
            node.textContent = t(node.getAttribute("data-t"), lang)
        button = self.id("lang-button")
        button.textContent = t("lang_button", lang)
        button.setAttribute("aria-label", t("lang_label", lang))
        button.setAttribute("lang", "en" if lang == "zh" else "zh-Hans")
        self.id("home-link").setAttribute("aria-label", t("home_label", lang))
        self.id("exposed").setAttribute("aria-label", t("keeper_exposed", lang))
        self.id("tray").setAttribute("aria-label", t("cards", lang))
        for i in range(4):
            span, inp = self.name_inputs[i]
            span.textContent = t("player_n", lang, n=i + 1)
            inp.setAttribute("placeholder", t("player_n", lang, n=i + 1))
        for i in range(2):
            span, inp = self.team_inputs[i]
            span.textContent = t("team_n", lang, n=i + 1)
        preset = self.id("preset")
        opts = preset.options
        for i in range(opts.length):
            o = opts.item(i)
            value = o.value
            o.textContent = preset_label(value, lang) if value else t("custom", lang)
        for opt, span, sel in self.option_selects:
            span.textContent = option_label(opt, lang)
            for i in range(len(opt["choices"])):
                sel.options.item(i).textContent = choice_label(opt, opt["choices"][i], lang)
        self.id("partnership-label").textContent = t("partnership", lang)
        for code in SCORING_CARDS:
            b, tag, owner = self.card_buttons[code]
            tag.textContent = t(TAGS[code], lang) if code in TAGS else ""
        self.lang = lang
        self.sheet_key = None
        self.dialog_key = None

    # --- the whole page ------------------------------------------------------------------------

    def render(self, app):
        if not self.built:
            self.build()
        if self.lang != app.lang:
            self.apply_lang(app.lang)
        lang = app.lang
        self.render_notice(app, lang)
        in_match = app.sheet is not None
        self.show(self.id("setup"), not in_match)
        self.show(self.id("match"), in_match)
        if not in_match:
            self.render_setup(app, lang)
            return
        self.setup_filled = False
        self.render_standings(app, lang)
        self.render_result(app, lang)
        self.render_entry(app, lang)
        self.render_sheet(app, lang)
        self.id("summary-text").textContent = app.summary()
        self.render_dialog(app, lang)

    def render_notice(self, app, lang):
        box = self.id("notice")
        if app.notice is None:
            box.hidden = True
            box.textContent = ""
            return
        kind, text = app.notice
        box.hidden = False
        box.className = "kp-notice kp-notice-" + kind
        box.setAttribute("role", "alert" if kind == "error" else "status")
        box.textContent = text(lang)

    # --- setup ---------------------------------------------------------------------------------

    def fill_setup(self, app):
        """Put the app's setup into the form fields (when the form is shown, not while typing)."""
        for i in range(4):
            self.name_inputs[i][1].value = app.setup["names"][i]
        for i in range(2):
            self.team_inputs[i][1].value = app.setup["teams"][i]
        self.setup_filled = True

    def render_setup(self, app, lang):
        if not self.setup_filled:
            self.fill_setup(app)
        rules = app.setup["rules"]

        preset = options.preset_of(rules)
        self.id("preset").value = preset or ""
        doc = options.PRESET_DOCS.get(preset) if preset else None
        self.id("preset-doc").textContent = (doc[1] if lang == "zh" else doc[0]) if doc else ""
        self.id("target").value = str(rules["target"])
        self.id("partnership").checked = bool(rules["partnership"])
        self.show(self.id("teams"), bool(rules["partnership"]))
        for opt, _span, sel in self.option_selects:
            sel.value = str(opt["choices"].index(rules[opt["name"]]))

    def read_setup(self):
        """(names, teams) typed in the setup form."""
        return ([self.name_inputs[i][1].value for i in range(4)], [self.team_inputs[i][1].value for i in range(2)])

    # --- standings and result ------------------------------------------------------------------

    def render_standings(self, app, lang):
        sheet = app.sheet
        rules = sheet.rules
        custom = options.resolve(None, sheet.preset) != rules
        preset = (
            t("custom_of", lang, preset=preset_label(sheet.preset, lang))
            if custom
            else preset_label(sheet.preset, lang)
        )
        line = t("rules_summary", lang, preset=preset, target=rules["target"])
        if rules["partnership"]:
            line += t("team_rules", lang)
        n = len([r for r in sheet.rows() if r["counts"]])
        if n:
            line += " · " + (t("hand_count_1", lang) if n == 1 else t("hand_count", lang, n=n))
        self.id("rules-line").textContent = line
        if self.rules_key != (lang, sheet.preset, str(rules)):
            self.rules_key = (lang, sheet.preset, str(rules))
            ul = self.id("rules-list")
            self.clear(ul)
            for opt in options.OPTIONS:
                value = rules[opt["name"]]
                shown = str(value) if opt["choices"] is None else choice_label(opt, value, lang)
                li = h("li", {"class": "kp-changed" if value != opt["default"] else None, "data-option": opt["name"]})
                li.appendChild(h("span", {"text": option_label(opt, lang)}))
                li.appendChild(h("strong", {"text": shown}))
                ul.appendChild(li)
        box = self.id("totals")
        self.clear(box)
        totals = sheet.totals()
        places = sheet.places()
        seats = [0, 1] if rules["partnership"] else [0, 1, 2, 3]
        for s in seats:
            li = h("li", {"class": "kp-total kp-seat-%d" % s, "data-seat": str(s)})
            li.appendChild(h("span", {"class": "kp-total-name", "text": sheet.seat_label(s)}))
            value = h(
                "span", {"class": "kp-total-value" + (" kp-neg" if totals[s] < 0 else ""), "text": signed(totals[s])}
            )
            value.setAttribute("data-total", str(totals[s]))
            li.appendChild(value)
            if sheet.hands and places[s] == 1:
                li.classList.add("kp-leading")
            box.appendChild(li)
        lead = sheet.next_leader()
        if sheet.is_over():
            text = ""
        elif lead is None:
            text = t("first_lead", lang, card=card_text(rules["first_lead"]))
        else:
            text = t("next_lead", lang, name=sheet.names[lead])
        self.id("lead").textContent = text

    def render_result(self, app, lang):
        sheet = app.sheet
        over = sheet.is_over()
        self.show(self.id("result"), over)
        if not over:
            return
        team = sheet.rules["partnership"]
        totals = sheet.totals()
        losers = sheet.losers()
        winners = sheet.winners()
        if team:
            losers = [s for s in losers if s < 2]
            winners = [s for s in winners if s < 2]
        join = t("and", lang)
        pig = self.id("result-pig")
        if losers:
            pig.textContent = t(
                "the_pig", lang, names=join.join([sheet.seat_label(s) for s in losers]), total=signed(totals[losers[0]])
            )
        else:
            pig.textContent = ""
        key = "winners" if len(winners) > 1 else "winner"
        self.id("result-winner").textContent = t(
            key, lang, names=join.join([sheet.seat_label(s) for s in winners]), total=signed(totals[winners[0]])
        )
        box = self.id("result-points")
        self.clear(box)
        points = sheet.round_points()
        if points is not None:
            box.appendChild(h("h3", {"class": "kp-h3", "text": t("round_points", lang)}))
            ul = h("ul", {"class": "kp-points"})
            for s in [0, 1] if team else [0, 1, 2, 3]:
                li = h("li", {"data-seat": str(s)})
                li.appendChild(h("span", {"text": sheet.seat_label(s)}))
                li.appendChild(h("strong", {"text": str(points[s])}))
                ul.appendChild(li)
            box.appendChild(ul)

    # --- the hand being entered ------------------------------------------------------------------

    def render_entry(self, app, lang):
        sheet = app.sheet
        editing = app.editing
        show = editing is not None or not sheet.is_over()
        self.show(self.id("entry"), show)
        if not show:
            return
        n = (editing + 1) if editing is not None else len(sheet.hands) + 1
        title = t("editing_n", lang, n=n) if editing is not None else t("hand_n", lang, n=n)
        self.id("entry-title").textContent = title
        self.id("entry").classList.toggle("kp-editing", editing is not None)
        self.show(self.id("exposed-box"), bool(sheet.rules["exposure"]) or bool(app.exposed))
        for code in EXPOSABLE_CARDS:
            on = bool(app.exposed & BIT[code])
            b = self.exposed_buttons[code]
            b.setAttribute("aria-pressed", "true" if on else "false")
            b.setAttribute("aria-label", "%s %s" % (card_text(code), t("keeper_exposed", lang)))
        names = sheet.names
        active = app.active
        for code in SCORING_CARDS:
            b, tag, owner = self.card_buttons[code]
            owners = app.owners(code)
            selected = bool(app.selected & BIT[code])
            cls = "kp-cardbtn " + self.suit_class(code)
            if selected:
                cls += " kp-selected"
            if len(owners) > 1:
                cls += " kp-twice"
            elif owners:
                cls += " kp-owned kp-seat-%d" % owners[0]
            if active is not None and active in owners:
                cls += " kp-mine"
            if active is not None and not owners:
                cls += " kp-free"
            b.className = cls
            who = (
                t("card_twice", lang) + " (" + t("and", lang).join([names[s] for s in owners]) + ")"
                if len(owners) > 1
                else (names[owners[0]] if owners else t("nobody", lang))
            )
            owner.textContent = "×2" if len(owners) > 1 else (names[owners[0]] if owners else "")
            label = card_text(code)
            if code in TAGS:
                label += " " + t(TAGS[code], lang)
            label = t("card_label", lang, card=label, owner=who)
            if selected:
                label += ", " + t("card_selected", lang)
            b.setAttribute("aria-label", label)
            pressed = selected if active is None else (active in owners)
            b.setAttribute("aria-pressed", "true" if pressed else "false")
        scores = app.live_scores()
        index = editing if editing is not None else len(sheet.hands)
        leader = sheet.pig_captor(index - 1) if index > 0 else None
        for s in range(4):
            b, name, score, chips, meta = self.player_buttons[s]
            notes = []
            if leader == s:
                notes.append(t("keeper_leads", lang))
            if sheet.rules["partnership"]:
                notes.append(sheet.teams[s % 2])
            meta.textContent = " · ".join(notes)
            count = len([c for c in SCORING_CARDS if app.piles[s] & BIT[c]])
            name.textContent = names[s]
            score.textContent = signed(scores[s].total) if app.piles[s] else "0"
            score.className = "kp-player-score" + (" kp-neg" if scores[s].total < 0 else "")
            self.clear(chips)
            for code in SCORING_CARDS:
                if app.piles[s] & BIT[code]:
                    chips.appendChild(h("span", {"class": "kp-chip " + self.suit_class(code), "text": card_text(code)}))
            b.classList.toggle("kp-active", active == s)
            b.setAttribute("aria-pressed", "true" if active == s else "false")
            cards = t("one_card", lang) if count == 1 else t("n_cards", lang, n=count)
            label = (
                t("player_label", lang, name=names[s], score=signed(scores[s].total), n=count)
                if count
                else names[s] + ": " + cards
            )
            if notes:
                label += " (" + ", ".join(notes) + ")"
            b.setAttribute("aria-label", label)
        # What to do next.
        left = app.unassigned()
        if app.selected:
            k = len([c for c in SCORING_CARDS if app.selected & BIT[c]])
            hint = t("tap_player_for", lang, n=k)
        elif active is not None:
            hint = t("tap_cards_for", lang, name=names[active])
        elif left:
            hint = t("left", lang, cards=" ".join([card_text(c) for c in left]))
        else:
            hint = t("complete", lang)
        self.id("hint").textContent = hint
        # The refusal of the last attempt, naming the cards.
        box = self.id("problems")
        self.clear(box)
        if app.problems:
            box.appendChild(h("p", {"class": "kp-problems-title", "text": t("refused", lang)}))
            ul = h("ul")
            for p in app.problems[:6]:
                ul.appendChild(h("li", {"text": problem_text(p, lang, names), "data-card": p["card"]}))
            if len(app.problems) > 6:
                ul.appendChild(h("li", {"text": "…"}))
            box.appendChild(ul)
        record = self.id("record")
        record.textContent = t("save_edit", lang, n=n) if editing is not None else t("record", lang, n=n)
        rest = self.id("rest")
        if active is not None and left:
            rest.hidden = False
            rest.textContent = t("rest_to", lang, name=names[active])
            rest.setAttribute("data-arg", str(active))
        else:
            rest.hidden = True
        self.show(self.id("cancel-edit"), editing is not None)
        # The arithmetic of every player with scoring cards.
        lines = self.id("lines")
        self.clear(lines)
        for s in range(4):
            block = h("div", {"class": "kp-lines kp-seat-%d" % s, "data-seat": str(s)})
            head = h("p", {"class": "kp-lines-head"})
            head.appendChild(h("span", {"text": names[s]}))
            head.appendChild(h("strong", {"text": signed(scores[s].total)}))
            block.appendChild(head)
            if app.piles[s]:
                ol = h("ol")
                for text in scores[s].text(lang)[:-1]:
                    ol.appendChild(h("li", {"text": text}))
                block.appendChild(ol)
            else:
                block.appendChild(h("p", {"class": "kp-muted kp-small", "text": t("no_cards", lang)}))
            lines.appendChild(block)

    # --- the score sheet ---------------------------------------------------------------------------

    def render_sheet(self, app, lang):
        sheet = app.sheet
        key = lang + sheet.to_json()
        if key == self.sheet_key:
            return
        self.sheet_key = key
        table = self.id("sheet-table")
        self.clear(table)
        team = sheet.rules["partnership"]
        seats = [0, 1] if team else [0, 1, 2, 3]
        thead = h("thead")
        tr = h("tr")
        tr.appendChild(h("th", {"class": "kp-col-hand", "text": t("col_hand", lang), "scope": "col"}))
        for s in seats:
            tr.appendChild(h("th", {"class": "kp-seat-%d" % s, "text": sheet.seat_label(s), "scope": "col"}))
        thead.appendChild(tr)
        table.appendChild(thead)
        tbody = h("tbody")
        rows = sheet.rows()
        if not rows:
            tr = h("tr")
            tr.appendChild(
                h("td", {"class": "kp-muted", "text": t("sheet_empty", lang), "colspan": str(len(seats) + 1)})
            )
            tbody.appendChild(tr)
        for row in rows:
            n = row["number"]
            tr = h("tr", {"class": None if row["counts"] else "kp-not-counted", "data-hand": str(n)})
            th = h("th", {"class": "kp-col-hand", "scope": "row"})
            b = h(
                "button",
                {
                    "class": "kp-hand-btn",
                    "text": str(n),
                    "type": "button",
                    "data-act": "open-hand",
                    "data-arg": str(n - 1),
                    "aria-label": t("edit_hand", lang, n=n),
                },
            )
            th.appendChild(b)
            tr.appendChild(th)
            scores = row["team_scores"] if team else row["scores"]
            totals = row["team_totals"] if team else row["totals"]
            for i in range(len(seats)):
                s = seats[i]
                td = h("td", {"data-seat": str(s)})
                delta = h("span", {"class": "kp-delta" + (" kp-neg" if scores[i] < 0 else "")})
                captor = row["pig_captor"]
                if captor is not None and (captor == s or (team and captor % 2 == s)):
                    delta.appendChild(h("span", {"class": "kp-pigmark", "text": "Q♠", "title": t("took_pig", lang)}))
                    delta.appendChild(h("span", {"class": "kp-visually-hidden", "text": t("took_pig", lang)}))
                delta.appendChild(h("span", {"text": signed(scores[i]), "data-score": str(scores[i])}))
                td.appendChild(delta)
                td.appendChild(
                    h(
                        "span",
                        {
                            "class": "kp-run" + (" kp-neg" if totals[i] < 0 else ""),
                            "text": signed(totals[i]),
                            "data-total": str(totals[i]),
                        },
                    )
                )
                tr.appendChild(td)
            tbody.appendChild(tr)
            if not row["counts"]:
                note = h("tr", {"class": "kp-not-counted-note"})
                note.appendChild(
                    h(
                        "td",
                        {"class": "kp-muted kp-small", "text": t("not_counted", lang), "colspan": str(len(seats) + 1)},
                    )
                )
                tbody.appendChild(note)
        table.appendChild(tbody)

    # --- the dialog (hand details, confirmations) -----------------------------------------------------

    def render_dialog(self, app, lang):
        dialog = self.id("dialog")
        index = app.dialog_hand
        confirm = app.confirm
        want = confirm is not None or index is not None
        if not want:
            self.dialog_key = None
            if dialog.open:
                dialog.close()
            return
        key = "%s|%s|%s|%s" % (lang, index, confirm["action"] if confirm else "", app.sheet.to_json())
        if key != self.dialog_key:
            self.dialog_key = key
            self.fill_dialog(app, lang)
        if not dialog.open:
            dialog.showModal()

    def fill_dialog(self, app, lang):
        title = self.id("dialog-title")
        body = self.id("dialog-body")
        actions = self.id("dialog-actions")
        self.clear(body)
        self.clear(actions)
        confirm = app.confirm
        sheet = app.sheet
        if confirm is not None:
            title.textContent = t(confirm["ok"], lang)
            body.appendChild(h("p", {"text": confirm["text"](lang)}))
            danger = confirm["action"] in ("delete", "new", "import")
            cls = "kp-primary" + (" kp-danger" if danger else "")
            ok = h("button", {"class": cls, "text": t(confirm["ok"], lang), "type": "button", "data-act": "confirm"})
            actions.appendChild(ok)
            actions.appendChild(h("button", {"text": t("cancel", lang), "type": "button", "data-act": "close"}))
            return
        i = app.dialog_hand
        title.textContent = t("hand_details", lang, n=i + 1)
        exposed = sheet.exposed(i)
        body.appendChild(
            h(
                "p",
                {
                    "class": "kp-muted kp-small",
                    "text": t(
                        "exposed_list",
                        lang,
                        cards=" ".join([card_text(c) for c in exposed]) if exposed else t("none", lang),
                    ),
                },
            )
        )
        breakdown = sheet.breakdown(i)
        for s in range(4):
            block = h("div", {"class": "kp-lines kp-seat-%d" % s})
            head = h("p", {"class": "kp-lines-head"})
            head.appendChild(h("span", {"text": sheet.names[s]}))
            head.appendChild(h("strong", {"text": signed(breakdown[s].total)}))
            block.appendChild(head)
            ol = h("ol")
            for text in breakdown[s].text(lang)[:-1]:
                ol.appendChild(h("li", {"text": text}))
            block.appendChild(ol)
            body.appendChild(block)
        actions.appendChild(
            h(
                "button",
                {
                    "class": "kp-primary",
                    "text": t("edit", lang),
                    "type": "button",
                    "data-act": "edit-hand",
                    "data-arg": str(i),
                },
            )
        )
        actions.appendChild(
            h(
                "button",
                {
                    "class": "kp-danger",
                    "text": t("delete", lang),
                    "type": "button",
                    "data-act": "delete-hand",
                    "data-arg": str(i),
                },
            )
        )
        actions.appendChild(h("button", {"text": t("close", lang), "type": "button", "data-act": "close"}))


# --- the picture of the sheet, to share in a chat ----------------------------------------------------

SEAT_COLORS = ("#1d4ed8", "#b45309", "#7e22ce", "#0f766e")


def draw_sheet_image(document, app, lang):
    """The score sheet drawn on a canvas (2x for sharp phones); returns the canvas."""
    sheet = app.sheet
    team = sheet.rules["partnership"]
    seats = [0, 1] if team else [0, 1, 2, 3]
    rows = sheet.rows()
    scale = 2
    width = 360
    row_h = 34
    top = 86
    result_lines = []
    if sheet.is_over():
        losers = [s for s in sheet.losers() if not team or s < 2]
        winners = [s for s in sheet.winners() if not team or s < 2]
        totals = sheet.totals()
        join = t("and", lang)
        if losers:
            result_lines.append(
                t(
                    "the_pig",
                    lang,
                    names=join.join([sheet.seat_label(s) for s in losers]),
                    total=signed(totals[losers[0]]),
                )
            )
        key = "winners" if len(winners) > 1 else "winner"
        result_lines.append(
            t(key, lang, names=join.join([sheet.seat_label(s) for s in winners]), total=signed(totals[winners[0]]))
        )
    height = top + row_h * len(rows) + 24 + 24 * len(result_lines) + 24
    canvas = document.createElement("canvas")
    canvas.width = width * scale
    canvas.height = height * scale
    ctx = canvas.getContext("2d")
    ctx.scale(scale, scale)
    font = '"Noto Sans", "PingFang SC", "Noto Sans CJK SC", system-ui, sans-serif'
    ctx.fillStyle = "#173d2a"
    ctx.fillRect(0, 0, width, height)
    ctx.fillStyle = "#fbf8f1"
    ctx.fillRect(8, 52, width - 16, height - 60)
    ctx.fillStyle = "#f6f1e3"
    ctx.font = "bold 18px " + font
    ctx.textBaseline = "middle"
    ctx.textAlign = "left"
    ctx.fillText(t("page_title", lang), 14, 20)
    ctx.font = "12px " + font
    rules_line = t("rules_summary", lang, preset=preset_label(sheet.preset, lang), target=sheet.rules["target"])
    ctx.fillText(rules_line, 14, 40)
    col_w = (width - 16 - 40) / len(seats)

    def x_of(i):
        return 8 + 40 + col_w * (i + 1) - 8

    ctx.font = "bold 12px " + font
    ctx.textAlign = "right"
    ctx.fillStyle = "#5b5b63"
    ctx.fillText(t("col_hand", lang), 8 + 30, top - 16)
    for i in range(len(seats)):
        label = sheet.seat_label(seats[i])
        if len(label) > 12:
            label = label[:11] + "…"
        ctx.fillStyle = SEAT_COLORS[seats[i]]
        ctx.fillText(label, x_of(i), top - 16)
        ctx.fillRect(x_of(i) - col_w + 12, top - 4, col_w - 12, 3)
    y = top + 4
    for row in rows:
        ctx.fillStyle = "#1d1d1f" if row["counts"] else "#9a9aa0"
        ctx.font = "bold 13px " + font
        ctx.fillText(str(row["number"]), 8 + 30, y + row_h / 2)
        scores = row["team_scores"] if team else row["scores"]
        totals = row["team_totals"] if team else row["totals"]
        for i in range(len(seats)):
            ctx.font = "11px " + font
            ctx.fillStyle = "#a3372e" if scores[i] < 0 else "#5b5b63"
            ctx.fillText(signed(scores[i]), x_of(i), y + 10)
            ctx.font = "bold 14px " + font
            ctx.fillStyle = "#b3261e" if totals[i] < 0 else "#1d1d1f"
            ctx.fillText(signed(totals[i]), x_of(i), y + 25)
        ctx.fillStyle = "#e2dacb"
        ctx.fillRect(16, y + row_h - 1, width - 32, 1)
        y += row_h
    ctx.textAlign = "left"
    y += 16
    for i in range(len(result_lines)):
        ctx.font = "bold 15px " + font
        ctx.fillStyle = "#b3261e" if i == 0 and len(result_lines) > 1 else "#1f6b3a"
        ctx.fillText(result_lines[i], 18, y)
        y += 24
    return canvas
