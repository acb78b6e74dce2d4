"""Input: translate clicks, keys and form changes into the controller's intents (nothing else).

No game logic and no DOM writing here: each handler finds which hook (`data-card`,
`data-expose`, `data-action`, `data-setting`, `data-rule`) an event is about and calls one
controller method.
"""

import asyncio

from pyscript import document
from pyscript.ffi import create_proxy

DIALOG_SCREENS = {"dlg-settings": "settings", "dlg-help": "help", "dlg-scores": "scores",
                  "dlg-summary": "summary", "dlg-last": "last", "dlg-review": "review"}
NEXT_KEYS = ("ArrowRight", "ArrowDown")
PREV_KEYS = ("ArrowLeft", "ArrowUp")


def _card_of(target):
    """The code of the hand's card an event is about, or None."""
    if not target or not hasattr(target, "closest"):
        return None
    card = target.closest("#hand [data-card]")
    return card.getAttribute("data-card") if card else None


def wire(controller, sound, restart):
    """Attach the page's event listeners; `restart` is an async function connecting a new engine."""
    c = controller
    proxies = []

    def listen(target, name, handler):
        proxy = create_proxy(handler)
        proxies.append(proxy)
        target.addEventListener(name, proxy)

    def on_click(event):
        sound.unlock()
        target = event.target
        code = _card_of(target)
        if code:
            c.card_clicked(code, keyboard=event.detail == 0)
            return
        toggle = target.closest("[data-expose]")
        if toggle:
            c.toggle_expose(toggle.getAttribute("data-expose"))
            return
        button = target.closest("[data-action]")
        if not button or button.hasAttribute("disabled"):
            return
        action = button.getAttribute("data-action")
        if action == "hint":
            c.hint()
        elif action == "last-trick":
            c.open("last")
        elif action == "open-scores":
            c.open("scores")
        elif action == "open-settings":
            c.open("settings")
        elif action == "open-help":
            c.open("help")
        elif action == "open-summary":
            c.open("summary")
        elif action == "close":
            c.close()
        elif action == "dismiss-notice":
            c.dismiss_notice()
        elif action == "expose-confirm":
            c.confirm_expose()
        elif action == "pass-confirm":
            c.confirm_pass()
        elif action == "next-hand":
            c.next_hand()
        elif action == "claim":
            c.claim()
        elif action == "take-back":
            c.take_back()
        elif action == "new-match":
            c.new_match()
        elif action == "new-match-rules":
            c.ask_new_match()
        elif action in ("new-match-yes", "new-match-no"):
            c.answer_new_match(action == "new-match-yes")
        elif action in ("shared-play", "shared-keep"):
            c.answer_shared(action == "shared-play")
        elif action == "review":
            c.reviewer.start()
        elif action == "review-stop":
            c.reviewer.stop()
        elif action == "review-retry":
            c.reviewer.retry(int(button.getAttribute("data-n")))
        elif action == "lesson-go":
            c.go_lesson(int(button.getAttribute("data-lesson")))
        elif action == "lesson-next":
            c.next_lesson()
        elif action == "lesson-retry":
            c.retry_lesson()
        elif action == "lesson-text":
            c.toggle_lesson_text()
        elif action == "offer-decline":
            c.decline_offer()
        elif action == "restart-engine":
            asyncio.create_task(c.restart_engine(restart))

    def on_keydown(event):
        sound.unlock()
        code = _card_of(event.target)
        if not code:
            return
        key = event.key
        if key in NEXT_KEYS or key in PREV_KEYS:
            event.preventDefault()
            c.move_focus(code, 1 if key in NEXT_KEYS else -1)

    def on_change(event):
        target = event.target
        setting = target.getAttribute("data-setting") if hasattr(target, "getAttribute") else None
        if setting in ("sound", "colours"):
            c.set_setting(setting, bool(target.checked))
        elif setting == "level":
            c.set_setting("level", target.value, seat=int(target.getAttribute("data-seat-level")))
        elif setting:
            c.set_setting(setting, target.value)
        else:
            rule = target.getAttribute("data-rule") if hasattr(target, "getAttribute") else None
            if rule:
                c.set_setting("rule", (rule, target.value))

    def on_over(event):
        code = _card_of(event.target)
        if code:
            c.show_reason(code)

    def on_leave(event):
        if _card_of(event.target):
            c.show_reason(None)

    def on_dialog_close(event):
        screen = DIALOG_SCREENS.get(event.target.id)
        if screen and c.s.screen == screen:
            c.close()

    listen(document, "click", on_click)
    listen(document, "keydown", on_keydown)
    listen(document, "change", on_change)
    listen(document, "mouseover", on_over)
    listen(document, "mouseout", on_leave)
    listen(document, "focusin", on_over)
    listen(document, "focusout", on_leave)
    for dlg_id in DIALOG_SCREENS:
        listen(document.getElementById(dlg_id), "close", on_dialog_close)
    listen(document, "visibilitychange", lambda event: c.render())  # the tab's title (Renderer.page)
    return proxies
