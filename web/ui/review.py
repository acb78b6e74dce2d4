"""The hand review on the page: the "Review" dialog and `Reviewer`, which asks the full (Pyodide)
worker for the expert's review of the finished hand one decision at a time.

The analysis is gongzhu/review.py's, in web/worker.py (`review_points`, `review_decision`,
`review_retry`). One call per decision: the page stays responsive, the dialog shows its progress
("3 of 13") and Stop ends the review between two decisions. Before Pyodide is up, the dialog says
the expert is getting ready and the review starts when it is. "Try again from here" loads the
match taken back to just before that decision (the same cards) into the worker holding it.

The state lives in `State.review` (None, or a dict: status "waiting", "running", "stopped",
"done" or "failed", the decisions, the results so far); the dialog is drawn from it alone. A
stopped review goes on from where it stopped when asked again (Continue, or Review once more).
"""

import asyncio

from ui.dom import h
from ui.engine import EngineError
from ui.i18n import cards_short, seat_name, t, t_count
from ui.present import score_text

COSTLY = 20  # expected points lost from which a decision is marked (gongzhu.review.COSTLY)


class Reviewer:
    """Runs the review of the finished hand for the controller (`controller.reviewer`)."""

    def __init__(self, controller):
        self.c = controller
        self.token = 0  # a new review, a stop or a retry bumps it: the old loop ends
        self.text = None  # the match (its JSON) the review is of

    def start(self):
        """Open the review of the finished hand on the table and start it (once per hand)."""
        s = self.c.s
        v = s.view
        if not v or v["phase"] != "done":
            return
        hand = v["match"]["hand_number"]
        # Which hand this is: the match, its number and every card played (a retried hand differs).
        of = [v["match"]["seed"], hand, v["played"]]
        if s.review is None or s.review["of"] != of or s.review["status"] == "failed":
            s.review = {"hand": hand, "of": of, "status": "stopped", "points": [], "results": [], "error": ""}
        if s.review["status"] == "stopped":
            # A new review, or one stopped earlier: it goes on from the first decision not yet weighed.
            self.token += 1
            s.review["status"] = "waiting"
            asyncio.create_task(self.run(self.token))
        s.screen = "review"
        self.c.render()

    def stop(self):
        """Stop after the decision being weighed (what is done stays shown)."""
        s = self.c.s
        self.token += 1
        if s.review is not None and s.review["status"] in ("waiting", "running"):
            s.review["status"] = "stopped"
            self.c.render()

    async def run(self, token):
        c = self.c
        s = c.s
        review = s.review
        # The expert is in the full worker: wait for it (and start it if nothing has yet).
        while s.search in ("idle", "loading"):
            c.load_search()
            await asyncio.sleep_ms(200)
            if token != self.token:
                return
        if s.search != "ready":
            review["status"] = "failed"
            review["error"] = t("review_unavailable", c.lang(), message=s.search_error or "?")
            c.render()
            return
        try:
            if not review["results"]:
                self.text = await c.link.call("save")
                if token != self.token:
                    return
                points = await c.link.full.call("review_points", self.text)
                review["points"] = points["decisions"]
            review["status"] = "running"
            c.render()
            for n in range(len(review["results"]), len(review["points"])):
                if token != self.token:
                    return
                result = await c.link.full.call("review_decision", self.text, n)
                if token != self.token:
                    return
                review["results"].append(result)
                c.render()
            review["status"] = "done"
        except Exception as exc:  # the worker refused or broke: said in the dialog
            if token != self.token:
                return
            review["status"] = "failed"
            review["error"] = t("review_failed", c.lang(), message=getattr(exc, "message", None) or str(exc))
        c.render()

    def retry(self, n):
        """Queue "Try again from here": the match goes back to just before decision `n`."""
        if self.text is None:
            return
        text = self.text
        self.token += 1
        self.c.queue(lambda: self.go_back(text, n))

    async def go_back(self, text, n):
        c = self.c
        s = c.s
        try:
            retried = await c.link.full.call("review_retry", text, n)
            view = await c.link.call("load", retried, c.seat_levels())
        except EngineError as exc:  # refused (the match changed meanwhile): said in the dialog
            if s.review is not None:
                s.review["status"] = "failed"
                s.review["error"] = t("review_failed", c.lang(), message=exc.message)
            c.render()
            return
        s.review = None
        s.new_table(view)
        c.render()
        c.offer_forced()
        await c.link.persist()


# ---------------------------------------------------------------------- the dialog


def _cards_of(text):
    """`data-card` text ("QS,AH,KH", "KS", "none") as cards for a sentence."""
    return "" if text == "none" else cards_short(text.split(","))


def _choice(kind, text, lang):
    if kind == "play" or text != "none":
        return _cards_of(text)
    return t("review_nothing", lang)


def _capital(text):
    return text[:1].upper() + text[1:]


def decision_item(result, view, lang, pos):
    """One reviewed decision: what was chosen, what was best, its cost, why, and "Try again"."""
    kind = result["kind"]
    if kind == "play":
        what = t("review_play", lang, n=result["trick"] + 1, card=_cards_of(result["card"]))
    elif kind == "pass":
        what = t("review_pass", lang, cards=_cards_of(result["card"]))
    elif result["card"] == "none":
        what = t("review_expose_none", lang)
    else:
        what = t("review_expose", lang, cards=_cards_of(result["card"]))
    trick = None
    tricks = view.get("tricks") or []
    if kind == "play" and result["trick"] < len(tricks):
        done = tricks[result["trick"]]
        trick = t("review_trick", lang, cards=cards_short([code for _, code in done["cards"]]),
                  name=seat_name(done["winner"], lang, pos[done["winner"]]))
    cost = result["cost"]
    if cost:
        verdict = t_count("review_better", lang, cost, best=_choice(kind, result["best"], lang), cost=cost)
    elif result["candidates"] == 1:
        verdict = t("review_only", lang)
    else:
        verdict = t("review_best", lang)
    scores = None
    if result["score"] is not None:
        # The best's score shown is the card's plus the points lost, so that the figures agree
        # (each rounded alone, −146.4 and −135.6 would read as 10 points where 11 are lost).
        score = int(round(result["score"]))
        if cost:
            scores = t("review_scores", lang, score=score_text(score), best=score_text(score + cost))
        else:
            scores = t("review_score", lang, score=score_text(score))
    why = result.get("why")
    costly = cost >= COSTLY
    return h("li", {"class": "review-item" + (" costly" if costly else ""), "data-testid": "review-decision",
                    "data-kind": kind, "data-card": result["card"], "data-best": result["best"],
                    "data-cost": str(result["cost"]), "data-n": str(result["n"])}, [
        h("div", {"class": "review-head"}, [
            h("span", {"class": "review-what", "text": what}),
            h("span", {"class": "review-badge", "text": t("review_costly", lang)}) if costly else None,
        ]),
        h("p", {"class": "review-trick", "text": trick}) if trick else None,
        h("p", {"class": "review-verdict", "text": verdict + (" · " + scores if scores else "")}),
        h("p", {"class": "review-why", "data-testid": "review-why",
                "text": _capital(why["zh"] if lang == "zh" else why["en"])}) if costly and why else None,
        h("button", {"type": "button", "class": "btn small", "data-action": "review-retry",
                     "id": "review-retry-" + str(result["n"]), "data-n": str(result["n"]),
                     "text": t("review_retry", lang)}),
    ])


def review_dialog(s, lang, pos, head):
    """The review dialog's contents (`head`: dialogs.dialog_head)."""
    review = s.review or {"status": "waiting", "points": [], "results": [], "hand": 0, "error": ""}
    results = review["results"]
    total = len(review["points"])
    status = review["status"]
    if status == "waiting":
        progress = t("review_getting_ready", lang)
    elif status == "failed":
        progress = review["error"]
    elif status == "running":
        progress = t("review_progress", lang, i=min(len(results) + 1, total), n=total)
    elif status == "stopped":
        progress = t("review_stopped", lang, i=len(results), n=total)
    elif total:
        progress = t("review_done", lang, n=total)
    else:
        progress = t("review_none", lang)
    lost = sum(r["cost"] for r in results)
    costly = len([r for r in results if r["cost"] >= COSTLY])
    body = [h("p", {"class": "note", "text": t("review_intro", lang, costly=COSTLY)}),
            h("p", {"class": "review-progress", "data-testid": "review-progress", "data-status": status,
                    "role": "status", "text": progress})]
    if results:
        key = "review_total" if status == "done" else "review_total_so_far"
        body.append(h("p", {"class": "review-total", "data-testid": "review-total", "data-cost": str(lost),
                            "text": t_count(key, lang, costly, points=lost, costly=costly)}))
    items = [decision_item(r, s.view, lang, pos) for r in results]
    body.append(h("ol", {"class": "review-list"}, items))
    running = status in ("waiting", "running")
    return [head("dlg-review", t("review_title", lang, n=review["hand"] + 1), lang),
            h("div", {"class": "dlg-body", "data-testid": "review"}, body),
            h("footer", {"class": "dlg-foot"}, [
                h("button", {"type": "button", "class": "btn", "data-action": "review-stop", "id": "review-stop",
                             "text": t("review_stop", lang)}) if running else None,
                h("button", {"type": "button", "class": "btn", "data-action": "review", "id": "review-go-on",
                             "text": t("review_continue", lang)}) if status == "stopped" else None])]
