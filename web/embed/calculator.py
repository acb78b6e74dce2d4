"""The scoring calculator embed (MicroPython, no Pyodide): tap captured cards, read score_pile's lines.

Parameters: `cards=QS,KH,QH,8H` (the captured scoring cards), `exposed=AH` (cards exposed at the
table), `rules=` a preset name, `lang=zh`, `colours=4` (the four-colour deck), `title=` (a
heading, shown as text). The 16 scoring
cards are static HTML (calculator.html), so they show before Python starts; this script adds
the behaviour, the values under the cards and the score with its arithmetic line by line.
"""

import unbundle  # noqa: F401  (first: the page's modules, where the browser left them bundled)

# isort: split
import kit
from ui.dom import h

from gongzhu.core.cards import SCORING_MASK, card_name, card_symbol, parse_card
from gongzhu.core.options import PRESETS
from gongzhu.core.replay import ParamError, parse_cards_param, parse_exposed_param
from gongzhu.core.rules import get_rules
from gongzhu.core.scoring import heart_values, score_pile, signed


class Calculator:
    """The calculator's state: the captured pile, the exposed cards (bitmasks) and the preset."""

    def __init__(self, pile, exposed, preset):
        self.pile = pile
        self.exposed = exposed
        self.preset = preset
        self.rules = get_rules(preset)

    def toggle_card(self, code):
        self.pile ^= 1 << parse_card(code)

    def toggle_exposed(self, code):
        self.exposed ^= 1 << parse_card(code)

    def set_preset(self, name):
        if name in PRESETS:
            self.preset = name
            self.rules = get_rules(name)

    def score(self):
        return score_pile(self.pile, self.exposed if self.rules.exposure else 0, self.rules)


def read_state(query):
    """The starting state from the URL; ParamError (readable) for anything that is not right."""
    preset = kit.preset_of(query)
    pile = parse_cards_param(query.get("cards", ""), "cards")
    extra = pile & ~SCORING_MASK
    if extra:
        c = 0
        while not extra >> c & 1:
            c += 1
        raise ParamError(
            "cards: %s is not a scoring card (the 13 hearts, Q♠, J♦ and 10♣ score)" % card_symbol(c),
            "cards：%s 不是分牌（分牌是 13 张红心和 Q♠、J♦、10♣）" % card_symbol(c),
        )
    exposed = parse_exposed_param(query.get("exposed", ""))
    return Calculator(pile, exposed, preset)


def value_label(code, rules):
    """The line under a card: its value under these rules."""
    c = parse_card(code)
    if code == "QS":
        return "−100"
    if code == "JD":
        return "+100"
    if code == "TC":
        return "×2"
    v = heart_values(rules)[c % 13]
    return signed(v, "−")


def render(state, lang):
    """Write the state into the page (the only code that changes the DOM after start-up)."""
    picks = kit.document.querySelectorAll("[data-card]")
    for i in range(picks.length):
        node = picks.item(i)
        code = node.getAttribute("data-card")
        c = parse_card(code)
        on = bool(state.pile >> c & 1)
        node.setAttribute("aria-pressed", "true" if on else "false")
        if kit.COLOURS[0] == 4:
            node.setAttribute("data-colours", "4")
            node.querySelector("img").setAttribute("src", kit.card_src(code))
        node.querySelector("img").setAttribute("alt", card_name(c, lang))  # name: the card, then its value
        node.querySelector(".value").textContent = value_label(code, state.rules)
    toggles = kit.document.querySelectorAll("[data-expose]")
    for i in range(toggles.length):
        node = toggles.item(i)
        c = parse_card(node.getAttribute("data-expose"))
        node.setAttribute("aria-pressed", "true" if state.exposed >> c & 1 else "false")
        node.setAttribute("title", kit.t("exposed_card", lang, card=card_symbol(c)))
        node.disabled = not state.rules.exposure
    kit.by_id("preset").value = state.preset
    kit.by_id("preset-doc").textContent = kit.preset_doc(state.preset, lang)
    score = state.score()
    kit.by_id("score").textContent = signed(score.total)
    lines = kit.by_id("lines")
    kit.clear(lines)
    for text in score.text(lang):
        lines.appendChild(h("li", {"text": text}))


def main():
    query = kit.params()
    lang = kit.lang_of(query)
    kit.set_lang(lang)
    kit.translate(lang)
    title = kit.text_param(query, "title") or kit.t("calculator", lang)
    kit.set_title(title)
    try:
        kit.use_colours(query)
        state = read_state(query)
    except ParamError as exc:
        kit.show_error(exc, lang)
        return
    select = kit.by_id("preset")
    for name in kit.preset_names():
        select.appendChild(h("option", {"text": name, "value": name}))

    def pick(event):
        state.toggle_card(event.currentTarget.getAttribute("data-card"))
        render(state, lang)

    def expose(event):
        state.toggle_exposed(event.currentTarget.getAttribute("data-expose"))
        render(state, lang)

    def choose(event):
        state.set_preset(str(select.value))
        render(state, lang)

    def clear(event):
        state.pile = 0
        state.exposed = 0
        render(state, lang)

    for selector, handler in (("[data-card]", pick), ("[data-expose]", expose)):
        nodes = kit.document.querySelectorAll(selector)
        for i in range(nodes.length):
            node = nodes.item(i)
            node.disabled = False
            kit.on(node, "click", handler)
    kit.on(select, "change", choose)
    select.disabled = False
    clear_button = kit.by_id("clear")
    clear_button.disabled = False
    kit.on(clear_button, "click", clear)
    render(state, lang)
    kit.done_loading()
    kit.mark_ready()


try:
    main()
except Exception as exc:  # a bug rather than a bad parameter: still a message, never a blank frame
    kit.show_error(exc, kit.lang_of(kit.params()))
