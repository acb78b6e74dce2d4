"""The score keeper's renderer: the only code that writes keeper.html's DOM, from the App's state.

Fixed parts (the 16 card buttons, the four players, the setup fields) are built once and then
updated in place, so keyboard focus survives every tap; the score sheet and the arithmetic are
rebuilt when they change. Names typed by people only ever reach the page as text
(`textContent`, attribute values), never as HTML.
"""

from keeper_app import BIT
from keeper_text import t

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

    # --- small DOM helpers -----------------------------------------------------------------

    def el(self, tag, cls=None, text=None, attrs=None):
        node = self.doc.createElement(tag)
        if cls:
            node.className = cls
        if text is not None:
            node.textContent = text
        if attrs:
            for k in attrs:
                node.setAttribute(k, str(attrs[k]))
        return node

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
            label = self.el("label", "kp-field kp-seat kp-seat-%d" % i)
            span = self.el("span", "kp-seat-label")
            inp = self.el("input", None, None, {"type": "text", "maxlength": "24", "autocomplete": "off",
                                                "id": "name-%d" % i,
                                                "enterkeyhint": "next" if i < 3 else "go"})
            label.appendChild(span)
            label.appendChild(inp)
            names.appendChild(label)
            self.name_inputs.append((span, inp))
        teams = self.id("teams")
        self.team_inputs = []
        for i in range(2):
            label = self.el("label", "kp-field")
            span = self.el("span")
            inp = self.el("input", None, None, {"type": "text", "maxlength": "24", "autocomplete": "off",
                                                "id": "team-%d" % i})
            label.appendChild(span)
            label.appendChild(inp)
            teams.appendChild(label)
            self.team_inputs.append((span, inp))
        preset = self.id("preset")
        for name in options.PRESETS:
            preset.appendChild(self.el("option", None, name, {"value": name}))
        preset.appendChild(self.el("option", None, "custom", {"value": "", "disabled": "disabled"}))
        # Every option but target and partnership (shown above) as a select.
        box = self.id("options")
        self.option_selects = []
        for opt in options.OPTIONS:
            if opt["choices"] is None or opt["name"] == "partnership":
                continue
            label = self.el("label", "kp-field kp-option")
            span = self.el("span")
            sel = self.el("select", None, None, {"data-option": opt["name"], "id": "opt-" + opt["name"]})
            for i in range(len(opt["choices"])):
                sel.appendChild(self.el("option", None, "", {"value": str(i)}))
            label.appendChild(span)
            label.appendChild(sel)
            box.appendChild(label)
            self.option_selects.append((opt, span, sel))
        # The exposure toggles.
        exposed = self.id("exposed")
        self.exposed_buttons = {}
        for code in EXPOSABLE_CARDS:
            b = self.el("button", "kp-expose " + self.suit_class(code), None,
                        {"type": "button", "data-act": "expose", "data-arg": code, "data-card": code,
                         "aria-pressed": "false"})
            b.appendChild(self.el("span", "kp-expose-card", card_text(code)))
            exposed.appendChild(b)
            self.exposed_buttons[code] = b
        # The 16 scoring cards.
        tray = self.id("tray")
        self.card_buttons = {}
        for code in SCORING_CARDS:
            b = self.el("button", "kp-cardbtn " + self.suit_class(code), None,
                        {"type": "button", "data-act": "card", "data-arg": code, "data-card": code})
            face = self.el("span", "kp-face", None, {"aria-hidden": "true"})
            face.appendChild(self.el("span", "kp-rank", card_text(code)[:-1]))
            face.appendChild(self.el("span", "kp-suit", card_text(code)[-1]))
            b.appendChild(face)
            tag = self.el("span", "kp-tag", "", {"aria-hidden": "true"})
            b.appendChild(tag)
            owner = self.el("span", "kp-owner", "", {"aria-hidden": "true"})
            b.appendChild(owner)
            tray.appendChild(b)
            self.card_buttons[code] = (b, tag, owner)
        # The four players.
        players = self.id("players")
        self.player_buttons = []
        for s in range(4):
            b = self.el("button", "kp-player kp-seat-%d" % s, None,
                        {"type": "button", "data-act": "player", "data-arg": str(s), "data-seat": str(s),
                         "aria-pressed": "false"})
            top = self.el("span", "kp-player-top")
            name = self.el("span", "kp-player-name")
            score = self.el("span", "kp-player-score")
            top.appendChild(name)
            top.appendChild(score)
            meta = self.el("span", "kp-player-meta")
            chips = self.el("span", "kp-chips")
            b.appendChild(top)
            b.appendChild(meta)
            b.appendChild(chips)
            players.appendChild(b)
            self.player_buttons.append((b, name, score, chips, meta))
        self.built = True
        del doc

    def suit_class(self, code):
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
        self.id("exposed").setAttribute("aria-label", t("exposed", lang))
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
        preset = t("custom_of", lang, preset=preset_label(sheet.preset, lang)) if custom \
            else preset_label(sheet.preset, lang)
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
                li = self.el("li", "kp-changed" if value != opt["default"] else None, None,
                             {"data-option": opt["name"]})
                li.appendChild(self.el("span", None, option_label(opt, lang)))
                li.appendChild(self.el("strong", None, shown))
                ul.appendChild(li)
        box = self.id("totals")
        self.clear(box)
        totals = sheet.totals()
        places = sheet.places()
        seats = [0, 1] if rules["partnership"] else [0, 1, 2, 3]
        for s in seats:
            li = self.el("li", "kp-total kp-seat-%d" % s, None, {"data-seat": str(s)})
            li.appendChild(self.el("span", "kp-total-name", sheet.seat_label(s)))
            value = self.el("span", "kp-total-value" + (" kp-neg" if totals[s] < 0 else ""), signed(totals[s]))
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
            pig.textContent = t("the_pig", lang, names=join.join([sheet.seat_label(s) for s in losers]),
                                total=signed(totals[losers[0]]))
        else:
            pig.textContent = ""
        key = "winners" if len(winners) > 1 else "winner"
        self.id("result-winner").textContent = t(key, lang, names=join.join([sheet.seat_label(s) for s in winners]),
                                                 total=signed(totals[winners[0]]))
        box = self.id("result-points")
        self.clear(box)
        points = sheet.round_points()
        if points is not None:
            box.appendChild(self.el("h3", "kp-h3", t("round_points", lang)))
            ul = self.el("ul", "kp-points")
            for s in ([0, 1] if team else [0, 1, 2, 3]):
                li = self.el("li", None, None, {"data-seat": str(s)})
                li.appendChild(self.el("span", None, sheet.seat_label(s)))
                li.appendChild(self.el("strong", None, str(points[s])))
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
            b.setAttribute("aria-label", "%s %s" % (card_text(code), t("exposed", lang)))
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
            who = t("card_twice", lang) + " (" + t("and", lang).join([names[s] for s in owners]) + ")" \
                if len(owners) > 1 else (names[owners[0]] if owners else t("nobody", lang))
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
                notes.append(t("leads", lang))
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
                    chips.appendChild(self.el("span", "kp-chip " + self.suit_class(code), card_text(code)))
            b.classList.toggle("kp-active", active == s)
            b.setAttribute("aria-pressed", "true" if active == s else "false")
            cards = t("one_card", lang) if count == 1 else t("n_cards", lang, n=count)
            label = t("player_label", lang, name=names[s], score=signed(scores[s].total), n=count) \
                if count else names[s] + ": " + cards
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
            box.appendChild(self.el("p", "kp-problems-title", t("refused", lang)))
            ul = self.el("ul")
            for p in app.problems[:6]:
                ul.appendChild(self.el("li", None, problem_text(p, lang, names), {"data-card": p["card"]}))
            if len(app.problems) > 6:
                ul.appendChild(self.el("li", None, "…"))
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
            block = self.el("div", "kp-lines kp-seat-%d" % s, None, {"data-seat": str(s)})
            head = self.el("p", "kp-lines-head")
            head.appendChild(self.el("span", None, names[s]))
            head.appendChild(self.el("strong", None, signed(scores[s].total)))
            block.appendChild(head)
            if app.piles[s]:
                ol = self.el("ol")
                for text in scores[s].text(lang)[:-1]:
                    ol.appendChild(self.el("li", None, text))
                block.appendChild(ol)
            else:
                block.appendChild(self.el("p", "kp-muted kp-small", t("no_cards", lang)))
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
        thead = self.el("thead")
        tr = self.el("tr")
        tr.appendChild(self.el("th", "kp-col-hand", t("col_hand", lang), {"scope": "col"}))
        for s in seats:
            tr.appendChild(self.el("th", "kp-seat-%d" % s, sheet.seat_label(s), {"scope": "col"}))
        thead.appendChild(tr)
        table.appendChild(thead)
        tbody = self.el("tbody")
        rows = sheet.rows()
        if not rows:
            tr = self.el("tr")
            tr.appendChild(self.el("td", "kp-muted", t("sheet_empty", lang), {"colspan": str(len(seats) + 1)}))
            tbody.appendChild(tr)
        for row in rows:
            n = row["number"]
            tr = self.el("tr", None if row["counts"] else "kp-not-counted", None, {"data-hand": str(n)})
            th = self.el("th", "kp-col-hand", None, {"scope": "row"})
            b = self.el("button", "kp-hand-btn", str(n),
                        {"type": "button", "data-act": "open-hand", "data-arg": str(n - 1),
                         "aria-label": t("edit_hand", lang, n=n)})
            th.appendChild(b)
            tr.appendChild(th)
            scores = row["team_scores"] if team else row["scores"]
            totals = row["team_totals"] if team else row["totals"]
            for i in range(len(seats)):
                s = seats[i]
                td = self.el("td", None, None, {"data-seat": str(s)})
                delta = self.el("span", "kp-delta" + (" kp-neg" if scores[i] < 0 else ""))
                captor = row["pig_captor"]
                if captor is not None and (captor == s or (team and captor % 2 == s)):
                    delta.appendChild(self.el("span", "kp-pigmark", "Q♠", {"title": t("took_pig", lang)}))
                    delta.appendChild(self.el("span", "kp-visually-hidden", t("took_pig", lang)))
                delta.appendChild(self.el("span", None, signed(scores[i]), {"data-score": str(scores[i])}))
                td.appendChild(delta)
                td.appendChild(self.el("span", "kp-run" + (" kp-neg" if totals[i] < 0 else ""), signed(totals[i]),
                                       {"data-total": str(totals[i])}))
                tr.appendChild(td)
            tbody.appendChild(tr)
            if not row["counts"]:
                note = self.el("tr", "kp-not-counted-note")
                note.appendChild(self.el("td", "kp-muted kp-small", t("not_counted", lang),
                                         {"colspan": str(len(seats) + 1)}))
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
            body.appendChild(self.el("p", None, confirm["text"](lang)))
            danger = confirm["action"] in ("delete", "new", "import")
            cls = "kp-primary" + (" kp-danger" if danger else "")
            ok = self.el("button", cls, t(confirm["ok"], lang), {"type": "button", "data-act": "confirm"})
            actions.appendChild(ok)
            actions.appendChild(self.el("button", None, t("cancel", lang), {"type": "button", "data-act": "close"}))
            return
        i = app.dialog_hand
        title.textContent = t("hand_details", lang, n=i + 1)
        exposed = sheet.exposed(i)
        body.appendChild(self.el("p", "kp-muted kp-small", t(
            "exposed_list", lang, cards=" ".join([card_text(c) for c in exposed]) if exposed else t("none", lang))))
        breakdown = sheet.breakdown(i)
        for s in range(4):
            block = self.el("div", "kp-lines kp-seat-%d" % s)
            head = self.el("p", "kp-lines-head")
            head.appendChild(self.el("span", None, sheet.names[s]))
            head.appendChild(self.el("strong", None, signed(breakdown[s].total)))
            block.appendChild(head)
            ol = self.el("ol")
            for text in breakdown[s].text(lang)[:-1]:
                ol.appendChild(self.el("li", None, text))
            block.appendChild(ol)
            body.appendChild(block)
        actions.appendChild(self.el("button", "kp-primary", t("edit", lang),
                                    {"type": "button", "data-act": "edit-hand", "data-arg": str(i)}))
        actions.appendChild(self.el("button", "kp-danger", t("delete", lang),
                                    {"type": "button", "data-act": "delete-hand", "data-arg": str(i)}))
        actions.appendChild(self.el("button", None, t("close", lang), {"type": "button", "data-act": "close"}))


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
            result_lines.append(t("the_pig", lang, names=join.join([sheet.seat_label(s) for s in losers]),
                                  total=signed(totals[losers[0]])))
        key = "winners" if len(winners) > 1 else "winner"
        result_lines.append(t(key, lang, names=join.join([sheet.seat_label(s) for s in winners]),
                              total=signed(totals[winners[0]])))
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
