"""The puzzle embed (MicroPython): a position from a deal; the reader picks a card, the engine judges.

The position (the deal after `moves`) is drawn at once. The quick engine worker (MicroPython, up
in well under a second) answers which cards are legal (and why the others are not: the engine's
own reasons) and, once the reader has picked, how the hand ends when the easy bot plays it out
from there (gongzhu.core.puzzle), for the pick and the answer. When the author gave no
`answer=`, the strongest bot's choice comes from the Pyodide worker, loaded in the background
meanwhile: a reader who picks before it is in is told it is weighing its answer.
"""

import unbundle  # noqa: F401  (first: the page's modules, where the browser left them bundled)

# isort: split
import asyncio

import kit
from table import Table, face_up_seats, read_deal, seat_names
from ui.dom import h

from gongzhu.core.cards import card_code, card_symbol, cards_of, parse_card, sort_for_display
from gongzhu.core.replay import ParamError, parse_cards_param, parse_seat
from gongzhu.core.scoring import signed

try:
    from ui.i18n import level_name
except Exception:  # the game page's strings are optional here: English level names then

    def level_name(level, lang):
        return level


def read_puzzle(query):
    """The deal, the position's seat and the author's answers (bitmask, maybe 0); ParamError if wrong."""
    replay, spec, seed = read_deal(query)
    k = len(replay.moves)
    if k >= 52:
        raise ParamError(
            "the hand is over after these moves: nothing is left to decide",
            "这些出牌之后本副牌已经结束，没有可以决定的了",
        )
    state = replay.state(k)
    seat = state["to_play"]
    if query.get("seat", "").strip():
        asked = parse_seat(query["seat"])
        if asked != seat:
            raise ParamError(
                "after these moves %s plays, not %s" % (kit.seat_name(seat, "en"), kit.seat_name(asked, "en")),
                "这些出牌之后该%s家出牌，不是%s家" % (kit.seat_name(seat, "zh"), kit.seat_name(asked, "zh")),
            )
    answers = parse_cards_param(query.get("answer", ""), "answer")
    if answers & ~state["held"][seat]:
        c = cards_of(answers & ~state["held"][seat])[0]
        raise ParamError(
            "answer: %s does not hold %s" % (kit.seat_name(seat, "en"), card_symbol(c)),
            "answer：%s家没有 %s" % (kit.seat_name(seat, "zh"), card_symbol(c)),
        )
    return replay, spec, seed, seat, answers


def main():
    query = kit.params()
    lang = kit.lang_of(query)
    kit.set_lang(lang)
    kit.translate(lang)
    kit.set_title(kit.text_param(query, "title") or kit.t("puzzle", lang))
    try:
        kit.use_colours(query)
        replay, spec, seed, seat, answers = read_puzzle(query)
        face_up = face_up_seats(query, None)
    except ParamError as exc:
        kit.show_error(exc, lang)
        return
    if face_up is None:
        face_up = [seat]
    names = seat_names(query, lang)
    k = len(replay.moves)
    state = replay.state(k)
    root = kit.by_id("embed")
    question = kit.text_param(query, "question") or kit.t("question", lang, seat=names[seat], n=k // 4 + 1)
    root.appendChild(h("p", {"class": "question", "text": question, "data-testid": "question"}))
    table = Table(root, lang, names)
    table.render(replay, state, face_up)
    choices = h(
        "div", {"class": "choices", "role": "group", "aria-label": kit.t("your_seat_hand", lang, seat=names[seat])}
    )
    buttons = {}
    for c in sort_for_display(cards_of(state["held"][seat])):
        code = card_code(c)
        button = h("button", {"type": "button", "data-card": code, "aria-disabled": "true"})
        face = kit.card_face(code, lang)
        face.removeAttribute("data-card")  # the button carries the hook
        button.appendChild(face)
        buttons[code] = button
        choices.appendChild(button)
    root.appendChild(choices)
    status = h("p", {"class": "check", "text": kit.t("embed_thinking", lang), "role": "status",
                     "data-testid": "status"})
    root.appendChild(status)
    verdict = h("p", {"class": "verdict", "text": "", "data-testid": "verdict", "aria-live": "polite"})
    root.appendChild(verdict)
    outcome = h("ul", {"class": "outcome", "data-testid": "outcome"})
    root.appendChild(outcome)
    explain = h("p", {"class": "explain", "text": "", "data-testid": "explain"})
    root.appendChild(explain)
    again = h("button", {"class": "small", "text": kit.t("try_again", lang), "type": "button", "data-action": "again"})
    again.hidden = True
    root.appendChild(again)
    game = {"engine": None, "legal": [], "illegal": {}, "answers": [], "bot": None, "why": "", "busy": False,
            "solving": None}
    moves = [card_code(c) for c in replay.moves]

    def scores_text(scores):
        return ", ".join(["%s %s" % (names[s], signed(scores[s])) for s in range(4)])

    async def judge(code):
        game["busy"] = True
        for b in buttons:
            buttons[b].classList.toggle("chosen", b == code)
        if not game["answers"]:
            verdict.textContent = kit.t("bot_weighing", lang, card=card_symbol(parse_card(code)))
            verdict.className = "verdict"
            await game["solving"]
            if not game["answers"]:
                verdict.textContent = game.get("solve_error", "")
                game["busy"] = False
                return
        right = code in game["answers"]
        answer = game["answers"][0]
        if right:
            verdict.textContent = kit.t("right", lang, card=card_symbol(parse_card(code)))
        else:
            text = kit.t("wrong", lang, card=" / ".join([card_symbol(parse_card(a)) for a in game["answers"]]))
            if game["bot"]:
                text += " " + kit.t("answer_of_bot", lang, bot=level_name(game["bot"], lang))
            verdict.textContent = text
        verdict.className = "verdict " + ("good" if right else "bad")
        verdict.setAttribute("data-state", "right" if right else "wrong")
        explain.textContent = kit.text_param(query, "explain", 600) or game["why"]
        table.render(replay, state, [0, 1, 2, 3])  # the answer is in: show every hand
        kit.clear(outcome)
        outcome.appendChild(h("li", {"class": "outcome-head", "text": kit.t("outcome", lang)}))
        picks = [code] if right else [code, answer]
        for card in picks:
            try:
                result = await game["engine"].call("embed_play_out", spec, moves, card, seed)
            except Exception as exc:
                outcome.appendChild(h("li", {"text": str(exc)}))
                continue
            line = kit.t("outcome_line", lang, card=card_symbol(parse_card(card)), scores=scores_text(result["scores"]))
            outcome.appendChild(
                h("li", {"text": line, "data-card": card, "data-scores": ",".join([str(v) for v in result["scores"]])})
            )
        again.hidden = False
        game["busy"] = False
        kit.document.documentElement.classList.add("solved")

    def pick(event):
        code = event.currentTarget.getAttribute("data-card")
        if game["engine"] is None or game["busy"]:
            return
        if code not in game["legal"]:
            status.textContent = game["illegal"].get(code, "")
            return
        asyncio.create_task(judge(code))

    def reset(event):
        table.render(replay, state, face_up)
        verdict.textContent = ""
        verdict.removeAttribute("data-state")
        explain.textContent = ""
        kit.clear(outcome)
        again.hidden = True
        kit.document.documentElement.classList.remove("solved")
        for b in buttons:
            buttons[b].classList.remove("chosen")

    for code in buttons:
        kit.on(buttons[code], "click", pick)
    kit.on(again, "click", reset)
    kit.done_loading()
    kit.mark_ready()
    asyncio.create_task(connect(game, spec, moves, seed, seat, answers, buttons, status, lang))


async def connect(game, spec, moves, seed, seat, answers, buttons, status, lang):
    """Start the quick engine, learn the legal cards, then let the reader pick (the strongest bot's
    answer, when the author gave none, is asked of the Pyodide worker meanwhile)."""
    try:
        engine = await kit.engine()
        position = await engine.call("embed_position", spec, moves)
    except Exception as exc:
        status.textContent = kit.t("embed_engine_failed", lang, message=str(exc))
        status.classList.add("bad")
        return
    game["engine"] = engine
    game["legal"] = position["legal"]
    game["illegal"] = position["illegal_zh" if lang == "zh" else "illegal"]  # the engine's reasons
    if answers:
        game["answers"] = [card_code(c) for c in cards_of(answers)]
    else:
        game["solving"] = asyncio.create_task(solve(game, spec, moves, seed, lang))
    for code in buttons:
        legal = code in game["legal"]
        buttons[code].setAttribute("aria-disabled", "false" if legal else "true")
        if not legal:
            buttons[code].setAttribute("title", game["illegal"].get(code, ""))
    status.textContent = kit.t("pick", lang)
    status.setAttribute("data-state", "ready")
    kit.document.documentElement.classList.add("engine-ready")


async def solve(game, spec, moves, seed, lang):
    """The strongest bot's answer and its one-line reason, from the Pyodide worker."""
    try:
        full = await kit.engine("full")
        solved = await full.call("embed_solve", spec, moves, seed)
    except Exception as exc:
        game["solve_error"] = kit.t("embed_engine_failed", lang, message=str(exc))
        return
    game["answers"] = [solved["best"]]
    game["bot"] = solved["bot"]
    # The bot's one-line reason explains the answer (the author's `explain` comes first).
    if solved.get("why"):
        game["why"] = solved["why"]["zh" if lang == "zh" else "en"]


try:
    main()
except Exception as exc:  # a bug rather than a bad parameter: still a message, never a blank frame
    kit.show_error(exc, kit.lang_of(kit.params()))
