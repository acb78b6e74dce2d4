"""The replay embed (MicroPython): a deal and a move list played back trick by trick.

The hand is drawn and steppable as soon as MicroPython runs (gongzhu.core.replay does the
bookkeeping, trick winners and running scores); then the Pyodide worker checks every move with
the engine's legality (gongzhu.puzzle.check) and, if one is illegal, the replay stops before it
and says why. `check=off` skips that check (and Pyodide) for pages with many embeds.
"""

import unbundle  # noqa: F401  (first: the page's modules, where the browser left them bundled)

# isort: split
import asyncio

import kit
from table import Table, face_up_seats, read_deal, seat_names
from ui.dom import h

from gongzhu.core.replay import ParamError


class Player:
    """Which state of the replay is shown: `k` cards played, stepping by trick or by card."""

    def __init__(self, replay, by_card):
        self.replay = replay
        self.by_card = by_card
        self.limit = len(replay.moves)
        self.k = 0
        self.playing = False

    def stops(self):
        """The card counts the controls step through."""
        if self.by_card:
            return list(range(self.limit + 1))
        out = list(range(0, self.limit + 1, 4))
        if out[-1] != self.limit:
            out.append(self.limit)
        return out

    def step(self, delta):
        stops = self.stops()
        i = 0
        while i + 1 < len(stops) and stops[i + 1] <= self.k:
            i += 1
        i = max(0, min(len(stops) - 1, i + delta))
        self.k = stops[i]

    def at_end(self):
        return self.k >= self.limit


def step_label(player, state, lang):
    n = state["trick_number"]
    if n == 0:
        return kit.t("step_start", lang)
    if player.by_card and len(state["trick"]) < 4:
        return kit.t("step_card", lang, n=n, c=len(state["trick"]))
    return kit.t("step_trick", lang, n=n)


def main():
    query = kit.params()
    lang = kit.lang_of(query)
    kit.set_lang(lang)
    kit.translate(lang)
    kit.set_title(kit.text_param(query, "title") or kit.t("replay", lang))
    try:
        kit.use_colours(query)
        replay, spec, seed = read_deal(query)
        face_up = face_up_seats(query, [0, 1, 2, 3])
        by_card = query.get("step", "trick").strip().lower() == "card"
    except ParamError as exc:
        kit.show_error(exc, lang)
        return
    captions = [kit.text_param(query, "caption%d" % n) for n in range(14)]
    names = seat_names(query, lang)
    root = kit.by_id("embed")
    table = Table(root, lang, names)
    caption = h("p", {"class": "caption", "text": "", "data-testid": "caption", "aria-live": "polite"})
    root.appendChild(caption)
    buttons = {}
    controls = h("div", {"class": "controls", "role": "toolbar", "aria-label": kit.t("replay", lang)})
    for action in ("start", "prev", "play", "next", "end"):
        symbol = {"start": "«", "prev": "‹", "play": "▶", "next": "›", "end": "»"}[action]
        button = h(
            "button",
            {
                "text": symbol,
                "type": "button",
                "data-action": action,
                "aria-label": kit.t("replay_" + action, lang),
                "title": kit.t("replay_" + action, lang),
            },
        )
        buttons[action] = button
        controls.appendChild(button)
    step = h("span", {"class": "step", "text": "", "data-testid": "step"})
    controls.appendChild(step)
    root.appendChild(controls)
    check = h("p", {"class": "check", "text": "", "data-testid": "check", "role": "status"})
    root.appendChild(check)
    player = Player(replay, by_card)

    def render():
        state = replay.state(player.k)
        table.render(replay, state, face_up)
        caption.textContent = captions[state["trick_number"]] if state["trick_number"] < 14 else ""
        step.textContent = step_label(player, state, lang)
        buttons["start"].disabled = player.k == 0
        buttons["prev"].disabled = player.k == 0
        buttons["next"].disabled = player.at_end()
        buttons["end"].disabled = player.at_end()
        buttons["play"].textContent = "❚❚" if player.playing else "▶"
        label = kit.t("replay_pause" if player.playing else "replay_play", lang)
        buttons["play"].setAttribute("aria-label", label)
        buttons["play"].setAttribute("title", label)
        kit.document.documentElement.classList.toggle("at-end", player.at_end())

    async def autoplay():
        while player.playing and not player.at_end():
            await asyncio.sleep(0.6 if player.by_card else 1.3)
            if not player.playing:
                return
            player.step(1)
            render()
        player.playing = False
        render()

    def act(action):
        if action == "play":
            if player.playing:
                player.playing = False
            else:
                if player.at_end():
                    player.k = 0
                player.playing = True
                asyncio.create_task(autoplay())
        else:
            player.playing = False
            if action == "start":
                player.k = 0
            elif action == "end":
                player.k = player.limit
            else:
                player.step(-1 if action == "prev" else 1)
        render()

    for action in buttons:
        kit.on(buttons[action], "click", lambda event: act(event.currentTarget.getAttribute("data-action")))

    def key(event):
        keys = {"ArrowLeft": "prev", "ArrowRight": "next", "Home": "start", "End": "end"}
        if event.key in keys:
            event.preventDefault()
            act(keys[event.key])

    kit.on(kit.document, "keydown", key)
    render()
    kit.done_loading()
    kit.mark_ready()
    if query.get("check", "on").strip().lower() in ("off", "0", "no", "false"):
        return
    check.textContent = kit.t("checking", lang)
    asyncio.create_task(verify(replay, spec, player, render, check, lang))


async def verify(replay, spec, player, render, check, lang):
    """Check the moves with the engine; stop the replay before the first illegal one."""
    from gongzhu.core.cards import card_code

    try:
        engine = await kit.engine()
        result = await engine.call("embed_check", spec, [card_code(c) for c in replay.moves])
    except Exception as exc:  # the worker failed: the replay still works, unchecked
        check.textContent = kit.t("engine_missing", lang, message=str(exc))
        check.classList.add("bad")
        return
    if result["error"]:
        player.limit = result["legal"]
        player.k = min(player.k, player.limit)
        message = result.get("error_zh") if lang == "zh" else None
        check.textContent = kit.t("check_failed", lang, message=message or result["error"])
        check.classList.add("bad")
        check.setAttribute("data-state", "illegal")
    else:
        check.textContent = kit.t("checked", lang)
        check.classList.add("good")
        check.setAttribute("data-state", "ok")
    render()


try:
    main()
except Exception as exc:  # a bug rather than a bad parameter: still a message, never a blank frame
    kit.show_error(exc, kit.lang_of(kit.params()))
