"""The tutorial's regions of the page: the lesson's bar above the table (with its text on a card
floating over the table) and the first visit's offer.

A part of the renderer (render.py's `Renderer` is made of the regions): both are built here with
the DOM helpers, text only, from the engine's lesson (the view's `lesson`: number, title, text,
goal and verdict in both languages) and the page's tutorial record (`State.tutorial`). The
panel carries the stable hooks `[data-testid="lesson-goal"]` and, once the goal is met,
`[data-testid="lesson-done"]`.
"""

from pyscript import document

from ui.dom import fill, h
from ui.i18n import t


def pick(pair, lang):
    """The English or Chinese text of an [en, zh] pair."""
    return pair[1] if lang == "zh" else pair[0]


def lesson_steps(info, done, lang):
    """The row of lessons: a button for each, the current one marked, the completed ones ticked."""
    items = []
    for n in range(1, info["count"] + 1):
        finished = n in done
        items.append(h("li", {}, [h("button", {
            "type": "button", "class": "lesson-step" + (" done" if finished else ""), "data-action": "lesson-go",
            "data-lesson": str(n), "aria-current": "step" if n == info["number"] else None,
            "aria-label": t("lesson_go_done" if finished else "lesson_go", lang, n=n),
            "text": ("✓" if finished else str(n))})]))
    return h("ol", {"class": "lesson-steps", "aria-label": t("lesson_steps", lang)}, items)


def lesson_result(info, lang, embedded, game_href):
    """The verdict: met (`lesson-done`, with the way on) or missed (with a retry), and the score."""
    verdict = info["verdict"]
    if not verdict:
        return None
    last = info["number"] >= info["count"]
    # The player's score with its arithmetic, line by line (the engine's words).
    score = h("ul", {"class": "lesson-lines", "aria-label": t("lesson_score", lang)},
              [h("li", {"text": pick(line, lang)}) for line in info["lines"]])
    if verdict["met"]:
        buttons = []
        if not last:
            buttons.append(h("button", {"type": "button", "class": "btn primary", "data-action": "lesson-next",
                                        "text": t("lesson_next", lang)}))
        elif not embedded:
            buttons.append(h("a", {"class": "btn primary", "href": game_href, "data-testid": "lesson-finish",
                                   "text": t("lesson_play", lang)}))
        buttons.append(h("button", {"type": "button", "class": "btn", "data-action": "lesson-retry",
                                    "text": t("lesson_again", lang)}))
        return h("div", {"class": "lesson-result met", "data-testid": "lesson-done", "role": "status"}, [
            h("p", {"class": "lesson-verdict"}, [h("strong", {"text": "✓ " + t("lesson_met", lang)}),
                                                 " " + pick([verdict["en"], verdict["zh"]], lang)]),
            score,
            h("p", {"class": "lesson-verdict", "text": t("lesson_all_done", lang)}) if last else None,
            h("div", {"class": "lesson-buttons"}, buttons)])
    return h("div", {"class": "lesson-result missed", "data-testid": "lesson-missed", "role": "status"}, [
        h("p", {"class": "lesson-verdict"}, [h("strong", {"text": t("lesson_missed", lang)}),
                                             " " + pick([verdict["en"], verdict["zh"]], lang)]),
        score,
        h("div", {"class": "lesson-buttons"}, [
            h("button", {"type": "button", "class": "btn primary", "data-action": "lesson-retry",
                         "text": t("lesson_retry", lang)})])])


class LessonRegion:
    """Draws the lesson panel and the tutorial offer (mixed into `Renderer`)."""

    def lesson_region(self, s, lang):
        self.lesson_panel(s, lang)
        self.tutorial_offer(s, lang)

    def region_before_table(self, key, attrs):
        """The element `key` (made once, `attrs` its attributes), placed above the table and above
        the notices' anchor, so that a notice floats below it, over the top of the table."""
        el = self.el.get(key)
        if el is None:
            el = h("section", attrs)
            below = document.querySelector(".notice-anchor")
            below.parentNode.insertBefore(el, below)
            self.el[key] = el
        return el

    def lesson_panel(self, s, lang):
        """The lesson's bar above the table (its title, the row of lessons, the goal and the button
        that shows its text) and, while shown, its text on a card floating over the top of the table:
        the bar is small enough that the player's hand stays on the screen, and the card comes and
        goes without moving anything. The text shows as each lesson starts and goes with the
        player's first decision, or with its button; the verdict shows on such a card too."""
        v = s.view
        info = v.get("lesson") if v else None
        shown = bool(info) and s.lesson_text == info["number"] and not info["verdict"]
        data = [lang, info, s.tutorial["done"], s.embedded, s.game_href, shown]
        if not self.changed("lesson", data):
            return
        if not info:
            if "lesson" in self.el:
                self.el["lesson"].hidden = True
                fill(self.el["lesson"], [])
            return
        el = self.region_before_table("lesson", {"id": "lesson", "class": "lesson", "aria-labelledby": "lesson-title"})
        el.hidden = False
        leave = None if s.embedded else h("p", {"class": "lesson-leave"}, [
            h("a", {"href": s.game_href, "data-testid": "lesson-leave", "text": t("lesson_leave", lang)})])
        if info["verdict"]:  # once judged, the verdict on the card, in the text's place: the table stays put
            card = [lesson_result(info, lang, s.embedded, s.game_href), leave]
        else:
            card = [
                # (The title, where the bar has no room for it: a phone held sideways.)
                h("p", {"class": "lesson-card-title", "text": pick(info["title"], lang)}),
                h("p", {"class": "lesson-text", "text": pick(info["text"], lang)}),
                h("div", {"class": "lesson-buttons"}, [
                    h("button", {"type": "button", "class": "btn primary", "data-action": "lesson-text",
                                 "text": t("lesson_got_it", lang)})]),
                leave]
        fill(el, [
            h("div", {"class": "lesson-head"}, [
                h("h2", {"id": "lesson-title"}, [
                    h("span", {"class": "lesson-of", "text": t("lesson_of", lang, n=info["number"],
                                                                count=info["count"])}),
                    " ",
                    h("span", {"class": "lesson-name", "text": pick(info["title"], lang)})]),
                lesson_steps(info, s.tutorial["done"], lang),
            ]),
            h("div", {"class": "lesson-bar"}, [
                h("p", {"class": "lesson-goal", "data-testid": "lesson-goal",
                        "text": t("lesson_goal", lang, goal=pick(info["goal"], lang))}),
                # (Once judged, kept in place but unseen, so that the bar keeps its height.)
                h("button", {
                    "type": "button", "class": "lesson-toggle" + (" spent" if info["verdict"] else ""),
                    "data-action": "lesson-text",
                    "aria-expanded": "true" if shown else "false", "aria-controls": "lesson-card",
                    "text": t("lesson_hide" if shown else "lesson_show", lang)}),
            ]),
            h("div", {"id": "lesson-card", "class": "lesson-card", "hidden": not (shown or info["verdict"])}, card),
        ])

    def tutorial_offer(self, s, lang):
        self.choice("tutorial-offer", s.offer and [lang], lambda: [
            t("offer_text", lang),
            h("button", {"type": "button", "class": "btn primary", "data-action": "lesson-go", "data-lesson": "1",
                         "text": t("offer_start", lang)}),
            h("button", {"type": "button", "class": "btn", "data-action": "offer-decline",
                         "text": t("offer_decline", lang)}),
        ])
