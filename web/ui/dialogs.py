"""The dialogs' region of the page: their contents (settings, help, score sheet, hand summary,
last trick), built from the `State` with the DOM helpers, and `DialogsRegion`, the part of the
renderer (render.py) that decides which one is open and when its content is rebuilt.
"""

import json

from pyscript import document

from gongzhu.core import options
from gongzhu.core.bots import LADDER
from ui import tutorial
from ui.dom import card_img, fill, h
from ui.i18n import about, card_label, cards_short, join_names, level_name, seat_name, t
from ui.present import score_text
from ui.review import review_dialog


def dialog_head(dlg_id, title, lang):
    return h("header", {"class": "dlg-head"}, [
        h("h2", {"id": dlg_id + "-title", "text": title}),
        h("button", {"type": "button", "class": "dlg-close", "data-action": "close",
                     "aria-label": t("close", lang), "text": "×"}),
    ])

def select(attrs, choices, current):
    """A <select>; `choices` is a list of (value, label)."""
    options_ = []
    for value, label in choices:
        options_.append(h("option", {"value": value, "selected": value == current, "text": label}))
    return h("select", attrs, options_)

def field(id_, label, control, doc=None, error=None):
    return h("div", {"class": "field"}, [
        h("label", {"for": id_, "text": label}), control,
        h("p", {"class": "doc", "id": id_ + "-doc", "text": doc}) if doc else None,
        h("p", {"class": "error", "id": id_ + "-error", "role": "alert", "text": error}) if error else None])

def settings_dialog(s, lang, pos):
    st = s.settings
    rules = st["rules"]
    preset = None
    for name in options.PRESET_ORDER:
        if options.resolve(None, name) == rules:
            preset = name
    preset_choices = [(name, t("preset_" + name, lang)) for name in options.PRESET_ORDER]
    if preset is None:
        preset_choices.append(("custom", t("preset_custom", lang)))
    zh = lang == "zh"
    game = [
        field("set-lang", t("language", lang), select(
            {"id": "set-lang", "data-setting": "lang"}, [("en", "English"), ("zh", "简体中文")], st["lang"])),
    ]
    for seat in (1, 2, 3):
        name = seat_name(seat, lang, pos[seat])
        game.append(field("set-level-" + str(seat), t("level_of", lang, name=name), select(
            {"id": "set-level-" + str(seat), "data-setting": "level", "data-seat-level": str(seat)},
            [(lv, level_name(lv, lang)) for lv in LADDER], st["levels"][seat])))
    display = [
        field("set-speed", t("speed", lang), select(
            {"id": "set-speed", "data-setting": "speed"},
            [(k, t("speed_" + k, lang)) for k in ("slow", "normal", "fast", "instant")], st["speed"])),
        field("set-back", t("card_back", lang), select(
            {"id": "set-back", "data-setting": "back"},
            [(k, t("back_" + k, lang)) for k in ("red", "blue", "green")], st["back"])),
        field("set-direction", t("direction", lang), select(
            {"id": "set-direction", "data-setting": "direction"},
            [("ccw", t("dir_ccw", lang)), ("cw", t("dir_cw", lang))], st["direction"])),
        h("div", {"class": "field check"}, [
            h("input", {"type": "checkbox", "id": "four-colour", "data-setting": "colours",
                        "checked": st["colours"] == 4}),
            h("label", {"for": "four-colour", "text": t("four_colour", lang)})]),
        field("set-forced", t("forced_setting", lang), select(
            {"id": "set-forced", "data-setting": "forced", "aria-describedby": "set-forced-doc"},
            [(k, t("forced_" + k, lang)) for k in ("auto", "on", "off")], st["forced"]), t("forced_doc", lang)),
        h("div", {"class": "field check"}, [
            h("input", {"type": "checkbox", "id": "set-sound", "data-setting": "sound", "checked": st["sound"]}),
            h("label", {"for": "set-sound", "text": t("sound", lang)})]),
    ]
    rule_fields = [field("set-preset", t("preset", lang), select(
        {"id": "set-preset", "data-setting": "preset"}, preset_choices, preset or "custom"),
        options.PRESET_DOCS[preset][1 if zh else 0] if preset else None)]
    for o in options.OPTIONS:
        name = o["name"]
        fid = "rule-" + name
        label = t("opt_" + name, lang)
        doc = o["zh"] if zh else o["en"]
        error = None
        if o["choices"] is None:  # the match target: any whole number above 0, as the engine takes
            control = h("input", {"type": "number", "id": fid, "data-rule": name, "min": "1", "step": "1",
                                  "value": str(rules[name]), "aria-describedby": fid + "-doc"})
            if s.rule_error and s.rule_error[0] == name:
                error = t("bad_target", lang, value=s.rule_error[1], kept=rules[name])
        else:
            choices = []
            for c in o["choices"]:
                words = o["choice_docs"].get(c, (str(c), str(c)))
                choices.append((json.dumps(c), words[1] if zh else words[0]))
            control = select({"id": fid, "data-rule": name, "aria-describedby": fid + "-doc"},
                                  choices, json.dumps(rules[name]))
        rule_fields.append(field(fid, label, control, doc, error))
    return [
        dialog_head("dlg-settings", t("settings_title", lang), lang),
        h("div", {"class": "dlg-body settings"}, [
            h("section", {"class": "group"}, [h("h3", {"text": t("game_section", lang)})] + game),
            h("section", {"class": "group"}, [h("h3", {"text": t("display_section", lang)})] + display),
            h("section", {"class": "group rules"}, [
                h("h3", {"text": t("rules_section", lang)}),
                h("p", {"class": "note", "text": t("rules_note", lang)}),
                new_match_question(s, lang) if s.ask_new else
                h("button", {"type": "button", "class": "btn primary", "data-action": "new-match-rules",
                             "data-focus": "", "text": t("rules_now", lang)}),
            ] + rule_fields),
        ]),
    ]

def new_match_question(s, lang):
    """Asked in place of the settings' "new match" button when that gives up a match in progress."""
    n = s.view["match"]["hand_number"] + 1  # 0-based
    question = t("confirm_new_match", lang, n=n)
    return h("div", {"class": "confirm-new", "role": "group", "aria-label": question, "data-testid": "confirm-new"}, [
        h("p", {"text": question}),
        h("div", {"class": "row"}, [
            h("button", {"type": "button", "class": "btn primary", "data-action": "new-match-yes",
                         "text": t("new_match_yes", lang)}),
            h("button", {"type": "button", "class": "btn", "data-action": "new-match-no", "data-focus": "",
                         "text": t("new_match_no", lang)}),
        ]),
    ])


def help_dialog(s, lang, pos):
    colours = s.settings["colours"]
    return [
        dialog_head("dlg-help", t("help_title", lang), lang),
        h("div", {"class": "dlg-body help"}, [
            h("p", {"text": t("help_goal", lang)}),
            h("p", {"text": t("help_play", lang)}),
            h("p", {"text": t("help_expose", lang)}),
            h("p", {"text": t("help_comforts", lang)}),
            h("h3", {"text": t("help_scoring", lang)}),
            h("p", {"text": t("help_score_rows", lang)}),
            h("div", {"class": "special-row", "aria-hidden": "true"},
              [card_img(c, "mini", colours) for c in ("QS", "JD", "TC", "AH")]),
            h("h3", {"text": t("help_keys", lang)}),
            h("p", {"text": t("help_keys_text", lang)}),
            h("p", {"text": t("help_share", lang)}),
            h("p", {}, [h("a", {"href": "rules.html", "text": t("help_rules_link", lang)})]),
            h("p", {}, [h("a", {"href": tutorial.lesson_link(s.query, s.tutorial),
                                "text": t("help_tutorial_link", lang)})]),
        ]),
    ]

def seat_names(lang, pos):
    return [seat_name(seat, lang, pos[seat]) for seat in range(4)]

def scores_dialog(s, lang, pos):
    v = s.view
    names = seat_names(lang, pos)
    body = []
    if not v or not v["history"]:
        body.append(h("p", {"text": t("no_hands_yet", lang)}))
    else:
        head = h("tr", {}, [h("th", {"scope": "col", "text": t("hand_col", lang)})] +
                 [h("th", {"scope": "col", "text": n}) for n in names])
        rows = []
        for row in v["history"]:
            taken = row.get("take_backs", 0)
            marks = [h("span", {"class": "took-back", "data-testid": "take-backs", "aria-hidden": "true",
                                "text": " ↶" + str(taken)}),
                     h("span", {"class": "visually-hidden", "text": " (" + t("take_backs_hand", lang, n=taken) + ")"})]
            cells = [h("th", {"scope": "row"}, [str(row["hand"] + 1)] + (marks if taken else []))]
            for seat in range(4):
                cells.append(h("td", {}, [
                    h("span", {"class": "hs", "text": score_text(row["scores"][seat])}),
                    h("span", {"class": "rt", "text": score_text(row["totals"][seat])})]))
            rows.append(h("tr", {}, cells))
        totals = v["match"]["totals"]
        foot = h("tr", {"class": "totals"}, [h("th", {"scope": "row", "text": t("total", lang)})] +
                 [h("td", {"text": score_text(totals[seat])}) for seat in range(4)])
        body.append(h("table", {"class": "sheet"}, [h("thead", {}, [head]), h("tbody", {}, rows),
                                                    h("tfoot", {}, [foot])]))
    if v and v["match"].get("take_backs"):
        # A match played with take-backs says so (the count is the match record's: Match.summary).
        body.append(h("p", {"class": "note took-back-note", "data-testid": "take-backs-note",
                            "text": t("take_backs_note", lang, n=v["match"]["take_backs"])}))
    if v:
        key = "target_note_plus" if v["rules"].get("end_on_plus") else "target_note"
        body.append(h("p", {"class": "note", "text": t(key, lang, target=v["rules"]["target"])}))
    return [dialog_head("dlg-scores", t("score_sheet", lang), lang),
            h("div", {"class": "dlg-body"}, body)]

def summary_dialog(s, lang, pos):
    v = s.view
    names = seat_names(lang, pos)
    # In a room, the person at each seat, as its plate names them (None: a bot plays it).
    people = [(plate or {}).get("person") for plate in s.room_plates] if s.room_plates else [None] * 4
    match = v["match"]  # the controller opens the summary only on a finished hand
    hand_no = match["hand_number"] + 1
    partners = bool(v["rules"].get("partnership"))
    colours = s.settings["colours"]
    rows = []
    for seat in range(4):
        b = v["breakdown"][seat]
        lines = [ln["zh"] if lang == "zh" else ln["en"] for ln in b["lines"]]
        captured = v["captured"][seat]
        rows.append(h("li", {"class": "sum-row", "data-seat": str(seat)}, [
            h("div", {"class": "sum-head"}, [
                h("span", {"class": "name", "text": names[seat]}),
                h("span", {"class": "person", "text": people[seat]}) if people[seat] else None,
                h("span", {"class": "partner-tag", "text": t("partner", lang)}) if partners and seat == 2 else None,
                h("span", {"class": "hand-score", "data-testid": "hand-score", "text": score_text(b["total"])}),
                h("span", {"class": "sum-total",
                           "text": t("total", lang) + " " + score_text(match["totals"][seat])}),
                h("span", {"class": "round-points", "text": t("round_points", lang) + " " + str(
                    match["round_points"][seat])}) if match.get("round_points") else None,
            ]),
            h("ul", {"class": "captured", "aria-label": t("captured", lang)},
              [h("li", {"class": "cap", "aria-label": card_label(c, lang, exposed=c in b["exposed"])},
                 [card_img(c, "mini", colours)]) for c in captured]) if captured else
            h("p", {"class": "none", "text": t("nothing_captured", lang)}),
            h("ol", {"class": "lines"}, [h("li", {"text": line}) for line in lines]),
        ]))
    body = []
    if match["is_over"]:
        said = [people[x] if x and people[x] else names[x] for x in range(4)]  # "You", then a person by name
        losers = join_names([said[x] for x in match["losers"]], lang)
        winners = join_names([said[x] for x in match["winners"]], lang)
        body.append(h("div", {"class": "match-end", "role": "status"}, [
            h("p", {"class": "big", "text": t("match_over", lang)}),
            h("p", {"class": "pig-line"}, [
                card_img("QS", "mini", colours),
                h("span", {"text": t("pig_is", lang, names=losers)})]) if losers else None,
            h("p", {"class": "win-line", "text": "★ " + t("winner_is", lang, names=winners)}),
        ]))
    body.append(h("ol", {"class": "summary-rows"}, rows))
    captor = v.get("pig_captor")
    if not match["is_over"]:
        if captor is not None:
            body.append(h("p", {"class": "note", "text": about("next_leader", lang, captor, pos[captor])}))
    if s.guest:  # the host deals: a guest's page says so rather than offering a button that cannot
        button = h("span", {"class": "note", "text": t("room_host_starts" if match["is_over"] else "room_host_deals",
                                                        lang)})
    else:
        button = h("button", {"type": "button", "class": "btn primary",
                              "data-action": "new-match" if match["is_over"] else "next-hand",
                              "text": t("new_match", lang) if match["is_over"] else t("next_hand", lang)})
    # No review in a room: its "Try again" would change the room's match, and a guest has no engine.
    review = None if v.get("room") else h("button", {"type": "button", "class": "btn", "data-action": "review",
                                                     "text": t("review", lang)})
    return [dialog_head("dlg-summary", t("hand_summary", lang, n=hand_no), lang),
            h("div", {"class": "dlg-body", "data-testid": "hand-summary"}, body),
            h("footer", {"class": "dlg-foot"}, [
                review,
                h("button", {"type": "button", "class": "btn", "data-action": "open-scores",
                             "text": t("score_sheet", lang)}), button])]

def last_dialog(s, lang, pos):
    v = s.view
    body = []
    tricks = v["tricks"] if v else []
    if not tricks:
        body.append(h("p", {"text": t("last_trick_none", lang)}))
    else:
        last = tricks[-1]
        winner = last["winner"]
        body.append(h("p", {"text": t("trick_label", lang, n=last["trick"] + 1) + " · " +
                            t("led_by", lang, name=seat_name(last["leader"], lang, pos[last["leader"]]))}))
        items = []
        for seat, code in last["cards"]:
            name = seat_name(seat, lang, pos[seat])
            items.append(h("li", {"class": "lt" + (" winner" if seat == winner else "")}, [
                card_img(code, "face", s.settings["colours"]),
                h("span", {"text": name + " · " + card_label(code, lang)})]))
        body.append(h("ul", {"class": "last-cards"}, items))
        body.append(h("p", {"class": "won", "text": t("won_by", lang, name=seat_name(winner, lang, pos[winner])) +
                            (" · " + cards_short(last["points"]) if last["points"] else "")}))
    return [dialog_head("dlg-last", t("last_trick", lang), lang), h("div", {"class": "dlg-body"}, body)]


KEPT_WHILE_CLOSED = ("settings", "help")
"""The dialogs whose content stays built while they are closed: drawn from the settings alone, they
open again without being rebuilt while those have not changed."""


class DialogsRegion:
    """Opens, fills and closes the dialogs (mixed into `Renderer`)."""

    def dialogs(self, s, lang, pos):
        builders = {
            "settings": ("dlg-settings", settings_dialog),
            "help": ("dlg-help", help_dialog),
            "scores": ("dlg-scores", scores_dialog),
            "summary": ("dlg-summary", summary_dialog),
            "last": ("dlg-last", last_dialog),
            "review": ("dlg-review", lambda s, lang, pos: review_dialog(s, lang, pos, dialog_head)),
        }
        for screen in builders:
            dlg_id, build = builders[screen]
            dlg = self.el[dlg_id]
            if s.screen == screen:
                key = self.dialog_key(s, screen, lang)
                if self.changed(dlg_id, key):
                    active = document.activeElement
                    inside = bool(active and dlg.contains(active))
                    focus_id = active.id if inside else None
                    fill(dlg, build(s, lang, pos))
                    again = document.getElementById(focus_id) if focus_id else None
                    if again is None and inside:
                        again = dlg.querySelector("[data-focus]")  # where the focus goes when its element went
                    if again:
                        again.focus()
                if not dlg.open:
                    dlg.showModal()
            else:
                if dlg.open:
                    dlg.close()
                if screen not in KEPT_WHILE_CLOSED:
                    self.keys.pop(dlg_id, None)

    def dialog_key(self, s, screen, lang):
        v = s.view
        if screen == "settings":
            return [lang, s.settings, s.ask_new, s.rule_error]
        colours = s.settings["colours"]
        if screen == "help":
            return [lang, colours, s.tutorial["done"]]
        if screen == "scores":
            return [lang, v and v["history"], v and v["match"], s.settings["direction"]]
        if screen == "summary":
            return [lang, v and v["phase"], v and v.get("breakdown"), v and v["match"], s.settings["direction"],
                    colours, s.guest, s.room_plates]
        if screen == "review":
            return [lang, s.review, s.settings["direction"]]
        return [lang, v and v["tricks"][-1:] if v else None, s.settings["direction"], colours]
