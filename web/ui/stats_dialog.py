"""The game page's statistics dialog: the player's figures by bot levels and rules, a bar chart
of the last 50 hands' scores (inline SVG), the export and import of the saved game with the
statistics, and their reset.

MicroPython: `mount(controller)` adds a "Statistics" button to the game menu beside Settings
(`[data-action="stats"]`) and a `<dialog id="dlg-stats">`; the dialog is built only when opened
(and rebuilt when its filter changes), from the controller's `stats.Tracker` record, through the
page's DOM helpers: text only, never HTML. What is shown is computed by web/ui/stats.py.
"""

import asyncio

from pyscript import document, window

from ui import stats, store
from ui.dom import fill, follow_lang, h, listen, menu_button, svg
from ui.i18n import level_name, t
from ui.present import score_text

CHART_W = 300
CHART_H = 120

CSS = """
#dlg-stats { width: min(40rem, calc(100vw - 1.5rem)); }
#dlg-stats .stats-filter { display: flex; flex-wrap: wrap; gap: 0.4rem 1rem; }
#dlg-stats .stats-filter .field { flex: 1 1 11rem; margin: 0; }
#dlg-stats .stats-table { border-collapse: collapse; width: 100%; margin-top: 0.6rem;
  font-variant-numeric: tabular-nums; }
#dlg-stats .stats-table th, #dlg-stats .stats-table td { padding: 0.3rem 0.4rem;
  border-bottom: 1px solid var(--paper-line); }
#dlg-stats .stats-table th { text-align: left; font-weight: 600; font-size: 0.9rem; }
#dlg-stats .stats-table td { text-align: right; white-space: nowrap; }
#dlg-stats figure { margin: 0.8rem 0 0; }
#dlg-stats .chart { display: block; width: 100%; height: 7.5rem; background: var(--paper-soft);
  border-radius: 0.5rem; }
#dlg-stats .chart .pos { fill: var(--chart-up); }
#dlg-stats .chart .neg { fill: var(--chart-down); }
#dlg-stats .chart .zero { stroke: var(--paper-dim); stroke-width: 1; }
#dlg-stats .chart-scale { display: flex; justify-content: space-between; font-size: 0.75rem;
  color: var(--paper-muted); }
#dlg-stats .stats-tools { display: flex; flex-wrap: wrap; gap: 0.5rem; margin-top: 0.9rem; }
#dlg-stats .stats-confirm { margin-top: 0.6rem; padding: 0.5rem 0.7rem; border-radius: 0.6rem;
  background: var(--paper-note); }
#dlg-stats .stats-confirm p { margin: 0 0 0.4rem; }
#dlg-stats .stats-status { min-height: 1.2em; margin: 0.5rem 0 0; font-size: 0.9rem; }
"""


def levels_label(levels, lang):
    """"hard/normal/normal" as the page names them: "Hard · Normal · Normal"."""
    return " · ".join([level_name(lv, lang) for lv in levels.split("/")])


def rows(figures, lang):
    """The table's rows: (label key, value text, test id)."""
    def rate(n, pct):
        return t("stats_rate", lang, n=n, pct=pct) if pct is not None else str(n)

    return [
        ("stats_hands", str(figures["hands"]), "stats-hands"),
        ("stats_hands_won", rate(figures["hands_won"], figures["hand_win_rate"]), "stats-hands-won"),
        ("stats_matches", str(figures["matches"]), "stats-matches"),
        ("stats_matches_won", rate(figures["matches_won"], figures["match_win_rate"]), "stats-matches-won"),
        ("stats_average", stats.average_text(figures["average"]), "stats-average"),
        ("stats_pig", rate(figures["pig"], figures["pig_rate"]), "stats-pig"),
        ("stats_moons", str(figures["moons"]), "stats-moons"),
        ("stats_moons_against", str(figures["moons_against"]), "stats-moons-against"),
        ("stats_exposures", str(figures["exposures"]), "stats-exposures"),
        ("stats_exposure_points", score_text(figures["exposure_points"]), "stats-exposure-points"),
        ("stats_take_backs", str(figures["take_backs"]), "stats-take-backs"),
    ]


def chart_figure(scores, lang):
    """The chart of `scores` (oldest first) with its caption and text alternative."""
    if not scores:
        return h("p", {"class": "note", "data-testid": "stats-chart-none", "text": t("stats_chart_none", lang)})
    geometry = stats.chart(scores, CHART_W, CHART_H)
    alt = t("stats_chart_alt", lang, scores=", ".join([score_text(x) for x in scores]),
            best=score_text(max(scores)), worst=score_text(min(scores)))
    parts = [svg("title", {"text": alt})]
    for x, y, w, height, score in geometry["bars"]:
        parts.append(svg("rect", {"x": x, "y": y, "width": w, "height": max(height, 1),
                                  "class": "pos" if score >= 0 else "neg"}))
    zero = geometry["zero"]
    parts.append(svg("line", {"x1": 0, "y1": zero, "x2": CHART_W, "y2": zero, "class": "zero"}))
    picture = svg("svg", {"class": "chart", "viewBox": "0 0 %d %d" % (CHART_W, CHART_H), "role": "img",
                          "preserveAspectRatio": "none", "aria-label": alt, "data-testid": "stats-chart",
                          "data-bars": len(scores)}, parts)
    return h("figure", {}, [
        h("figcaption", {"text": t("stats_chart", lang, n=len(scores))}), picture,
        h("div", {"class": "chart-scale", "aria-hidden": "true"}, [
            h("span", {"text": score_text(geometry["bottom"]) + " … " + score_text(geometry["top"])}),
        ])])


def mount(controller):
    """Add the Statistics button and its dialog to the page; returns the button (None in an embed)."""
    button = menu_button("stats")
    if button is None:
        return None
    view = {"level": None, "preset": None, "confirm": None, "status": None, "pending": None}

    document.head.appendChild(h("style", {"id": "stats-style", "text": CSS}))
    dialog = h("dialog", {"id": "dlg-stats", "class": "dialog", "aria-labelledby": "dlg-stats-title"})
    document.body.appendChild(dialog)
    picker = h("input", {"type": "file", "accept": "application/json,.json", "hidden": True,
                         "data-stats": "file"})
    document.body.appendChild(picker)

    def lang():
        return controller.lang()

    def say(key, **params):
        view["status"] = (key, params)

    def build(focus=None):
        """Draw the dialog afresh; `focus` (a `data-stats` value) takes the keyboard focus, as the
        button that was pressed is replaced."""
        lg = lang()
        record = controller.stats.record
        levels, presets = stats.levels_and_presets(record)
        if view["level"] not in levels:
            view["level"] = None
        if view["preset"] not in presets:
            view["preset"] = None
        figures = stats.figures(stats.totals(record, view["level"], view["preset"]))
        level_choices = [("", t("stats_all", lg))] + [(lv, levels_label(lv, lg)) for lv in levels]
        preset_choices = [("", t("stats_all", lg))] + [(p, t("preset_" + p, lg)) for p in presets]

        def choice(id_, key, current, choices):
            options_ = [h("option", {"value": value, "selected": value == (current or ""), "text": text})
                        for value, text in choices]
            return h("div", {"class": "field"}, [
                h("label", {"for": id_, "text": t(key, lg)}),
                h("select", {"id": id_, "data-stats-filter": key}, options_)])

        table = h("table", {"class": "stats-table"}, [h("tbody", {}, [
            h("tr", {}, [h("th", {"scope": "row", "text": t(key, lg)}),
                         h("td", {"data-testid": testid, "text": value})])
            for key, value, testid in rows(figures, lg)])])
        tools = h("div", {"class": "stats-tools"}, [
            h("button", {"type": "button", "class": "btn", "data-stats": "export", "text": t("stats_export", lg)}),
            h("button", {"type": "button", "class": "btn", "data-stats": "import", "text": t("stats_import", lg)}),
            h("button", {"type": "button", "class": "btn", "data-stats": "reset", "text": t("stats_reset_button", lg)}),
        ])
        confirm = None
        if view["confirm"]:
            question, yes = view["confirm"]
            confirm = h("div", {"class": "stats-confirm", "role": "alertdialog", "aria-label": t(question, lg)}, [
                h("p", {"text": t(question, lg)}),
                h("button", {"type": "button", "class": "btn primary", "data-stats": "yes", "text": t(yes, lg)}),
                " ",
                h("button", {"type": "button", "class": "btn", "data-stats": "no", "text": t("cancel", lg)})])
        status = view["status"]
        fill(dialog, [
            h("header", {"class": "dlg-head"}, [
                h("h2", {"id": "dlg-stats-title", "text": t("stats_title", lg)}),
                h("button", {"type": "button", "class": "dlg-close", "data-stats": "close",
                             "aria-label": t("close", lg), "text": "×"})]),
            h("div", {"class": "dlg-body", "data-testid": "stats"}, [
                h("p", {"class": "note", "text": t("stats_kept", lg)}),
                h("div", {"class": "stats-filter"}, [
                    choice("stats-level", "stats_bots", view["level"], level_choices),
                    choice("stats-preset", "stats_rules", view["preset"], preset_choices)]),
                table,
                chart_figure(stats.recent_scores(record, view["level"], view["preset"]), lg),
                tools, confirm,
                h("p", {"class": "stats-status", "role": "status", "data-testid": "stats-status",
                        "text": t(status[0], lg, **status[1]) if status else ""}),
            ]),
        ])
        if confirm is not None:
            confirm.querySelector('[data-stats="no"]').focus()
        elif focus:
            dialog.querySelector('[data-stats="' + focus + '"]').focus()

    def open_dialog(event):
        view["confirm"] = None
        view["status"] = None
        controller.stats.record = controller.stats.read()[0]  # counted by another tab meanwhile, too
        build()
        dialog.showModal()

    def export():
        record = controller.stats.record
        try:
            saved = controller.storage.getItem(store.SAVE_KEY)
        except Exception:
            saved = None
        text = stats.export_text(saved, record)
        name = "gongzhu-save.json"
        link = document.createElement("a")
        link.href = "data:application/json;charset=utf-8," + window.encodeURIComponent(text)
        link.download = name
        document.body.appendChild(link)
        link.click()
        link.remove()
        say("exported", file=name)
        build("export")

    def on_file(event):
        files = picker.files
        if files and files.length:
            asyncio.create_task(read_file(files.item(0)))

    async def read_file(file):
        try:
            text = str(await file.text())
        except Exception:
            text = ""
        picker.value = ""
        save, record, problem = stats.read_export(text)
        view["pending"] = None
        if problem:
            say(problem)
            build("import")
            return
        match_json = None
        if save:
            match_json, problem = store.read_save(_Text(save))
            if problem or not match_json:
                say("stats_import_bad")
                build("import")
                return
            try:
                store.restore(match_json, controller.s.settings["levels"])  # the engine's core replays it
            except Exception as exc:
                say("stats_import_match_bad", reason=str(exc)[:120] or type(exc).__name__)
                build("import")
                return
        view["pending"] = (match_json, record)
        if match_json and record:
            question = "stats_import_confirm"
        elif match_json:
            question = "stats_import_confirm_match"
        else:
            question = "stats_import_confirm_stats"
        view["confirm"] = (question, "replace")
        view["status"] = None
        build()

    def apply_import():
        match_json, record = view["pending"]
        view["pending"] = None

        def answer(problem):
            if problem:
                say("stats_import_match_bad", reason=problem)
            else:
                if record is not None:
                    controller.stats.replace(record)
                    controller.stats.match_started(controller.s.view)
                say("stats_imported")
            if dialog.open:
                build("import")

        if match_json:
            controller.import_match(match_json, answer)
        else:
            answer(None)

    def on_click(event):
        target = event.target.closest("[data-stats]")
        if not target:
            return
        act = target.getAttribute("data-stats")
        if act == "close":
            dialog.close()
        elif act == "export":
            export()
        elif act == "import":
            picker.click()
        elif act == "reset":
            view["confirm"] = ("stats_reset_confirm", "stats_reset_yes")
            view["status"] = None
            build()
        elif act == "no":
            asked = "reset" if view["confirm"] and view["confirm"][0] == "stats_reset_confirm" else "import"
            view["confirm"] = None
            view["pending"] = None
            build(asked)
        elif act == "yes":
            question = view["confirm"][0] if view["confirm"] else None
            view["confirm"] = None
            if question == "stats_reset_confirm":
                controller.stats.reset()
                say("stats_reset_done")
                build("reset")
            elif view["pending"] is not None:
                apply_import()
                build("import")

    def on_change(event):
        key = event.target.getAttribute("data-stats-filter")
        if key:
            value = str(event.target.value) or None
            if key == "stats_bots":
                view["level"] = value
            else:
                view["preset"] = value
            build()
            dialog.querySelector('[data-stats-filter="' + key + '"]').focus()

    def relabel(*args):
        if dialog.open:
            build()

    listen(button, "click", open_dialog)
    listen(dialog, "click", on_click)
    listen(dialog, "change", on_change)
    listen(picker, "change", on_file)
    follow_lang(relabel)
    return button


class _Text:
    """One stored value, read as store.read_save reads localStorage."""

    def __init__(self, text):
        self.text = text

    def getItem(self, key):  # noqa: N802 (the Web Storage API's name)
        return self.text
