"""What the table shows, decided from the controller's `State` alone: pure functions, no DOM.

The renderer (render.py) draws what these say and the controller (controller.py) acts on the
same answers, so each question (whose turn the table shows, what a click on a card does, whether
a hint may be asked, what the prompt says) is answered once. CPython tests call them directly
(tests/test_game_page.py).
"""

from gongzhu.core.scoring import signed
from ui.i18n import about, card_short, cards_short, level_name, seat_name, t

# The screen position of each seat, by the direction of play (the human always sits at the bottom).
POSITIONS = {
    "ccw": {0: "bottom", 1: "right", 2: "top", 3: "left"},
    "cw": {0: "bottom", 1: "left", 2: "top", 3: "right"},
}


def my_turn(s):
    """Whether the table waits for the human's decision (the engine's `your_move`, on the engine's deal)."""
    v = s.view
    return bool(v and v.get("your_move") and not s.preview)


def hand_mode(s):
    """What a card of the hand does now: "pass" (choose it), "play", "wait" (nothing yet), "preview"
    (dealt before the engine is up) or "none". From the engine's `your_move` and what the page is
    showing (a finished trick, a choice on its way)."""
    v = s.view
    if not v:
        return "none"
    if s.preview:
        return "preview"
    if s.engine != "ready":
        return "none"
    if v.get("your_move") == "pass":
        return "pass"
    if v.get("your_move") == "play" and s.shown_trick is None and not s.busy:
        return "play"
    return "wait"


def forced_on(settings):
    """Whether the player's only legal card is played for them: the setting, whose "auto" means
    with the fast animation speeds (fast, instant)."""
    choice = settings.get("forced", "auto")
    return choice == "on" or (choice == "auto" and settings.get("speed") in ("fast", "instant"))


def forced_card(s):
    """The card the page plays for the player after a pause (their only legal card, with the
    setting on), or None."""
    v = s.view
    if hand_mode(s) != "play" or len(v["legal"]) != 1 or not forced_on(s.settings):
        return None
    return v["legal"][0]


def can_claim(s):
    """"Play out the rest" is offered on the player's turn when the engine proves it changes
    nothing (the view's `can_claim`)."""
    return hand_mode(s) == "play" and bool(s.view.get("can_claim"))


def can_take_back(s):
    """Take-back is offered against the bots while the engine allows it (the view's
    `can_take_back`), never in a room (the view's `room`)."""
    v = s.view
    return bool(v and not s.preview and s.engine == "ready" and not s.busy and not v.get("room")
                and v.get("can_take_back"))


def score_text(n):
    """A score as the page writes it: +200, −80 (a true minus sign), 0."""
    return signed(n, "−")


def whose_turn(s):
    """The seat the table marks as acting (the engine's `turn`), but for a trick still on show."""
    v = s.view
    if not v or s.shown_trick is not None:
        return None
    return v.get("turn")


def can_hint(s):
    """A hint is for the human's own decision (the engine's `your_move`), once the engine is up and
    the full worker, whose strongest bot gives it, has loaded."""
    v = s.view
    return bool(v and not s.preview and s.engine == "ready" and s.search == "ready" and v.get("your_move")
                and not s.busy and not v.get("lesson"))


def hint_label(s):
    """What the hint button says of itself: "hint" (ready), or the i18n key of its sentence while the
    full worker loads, or when it failed to."""
    if s.search == "failed":
        return "hint_unavailable"
    if s.search != "ready":
        return "hint_getting_ready"
    return "hint"


def table_note(s, lang, pos):
    """What the middle of the table says before the first card, where no card lies yet: the
    exposures made, in order (declining is not told), and, while the human decides what to expose,
    what exposing does. Said there rather than under the prompt, so the human's seat keeps its
    height as the exposures come ("" when there is nothing to say)."""
    v = s.view
    if not v or s.preview or v["phase"] not in ("expose", "play") or v["played"]:
        return ""
    said = []
    for key, seat, cards in s.exposures:
        short = cards_short(cards)  # the key's sentence names it {cards} or {card}
        said.append(about(key, lang, seat, pos[seat], cards=short, card=short))
    if v.get("your_move") == "expose":
        said.append(t("expose_why", lang))
        if v["rules"].get("exposure_mode") == "secret":
            said.append(t("expose_secret", lang))
    return " ".join(said)


def prompt_text(s, lang, pos):
    """The prompt under the table: [what is happening or asked of the human, a second line (the
    hint, which comes when asked for)]."""
    v = s.view
    hint = hint_text(s.hint, lang) if s.hint else ""
    if not v:
        return [t("loading_page", lang), ""]
    if s.preview:
        return [t("waiting_engine", lang), ""]
    phase = v["phase"]
    if phase == "done":
        return [t("match_done", lang) if v["match"]["is_over"] else t("hand_done", lang), ""]
    if s.shown_trick is not None and s.trick_winner is not None:
        winner = s.trick_winner
        return [about("trick_won", lang, winner, pos[winner]), ""]
    if v.get("your_move"):
        if phase == "pass":
            p = v["passing"]
            return [t("pass_prompt", lang, n=p["count"], name=seat_name(p["to"], lang, pos[p["to"]])), hint]
        if phase == "expose":
            return [t("expose_prompt", lang), hint]
        if v.get("must_lead"):
            return [t("must_lead", lang, card=card_short(v["must_lead"])), hint]
        if forced_card(s):
            return [t("forced_card", lang, card=card_short(forced_card(s))), hint]
        lead = not v["trick"]
        if can_claim(s):  # (with the button "Play out the rest", in the row below)
            return [t("claim_lead" if lead else "claim_turn", lang), hint]
        return [t("your_lead" if lead else "your_turn", lang), hint]
    bot = v.get("bot_next")
    if bot is not None and s.waiting_search:
        return [t("search_getting_ready", lang, level=level_name(v["levels"][bot], lang)), hint]
    if phase == "pass":
        if v.get("passing") and v["passing"]["passed"] is not None:
            return [t("pass_wait", lang), ""]
    if bot is not None:
        if phase == "expose":
            return [t("expose_wait", lang), hint]  # not who: that would tell who holds a special card
        return [t("thinking", lang, name=seat_name(bot, lang, pos[bot])), hint]
    return ["", ""]

def hint_text(hint, lang):
    """The hint's sentence: the strongest bot's decision and its one line of why."""
    why = hint.get(lang) or hint.get("en") or ""
    decision = hint.get("decision")
    phase = hint.get("phase")
    if why and phase in ("play", "expose", "pass"):
        return t("hint_why", lang, why=why)  # the bot's sentence names its decision ("Play J♠: …")
    # Without a sentence, the decision alone.
    if phase == "play":
        return t("hint_play", lang, card=card_short(decision))
    if phase == "expose":
        if decision:
            return t("hint_expose", lang, cards=cards_short(decision))
        return t("hint_expose_none", lang)
    if phase == "pass":
        return t("hint_pass", lang, cards=cards_short(decision or []))
    return why
