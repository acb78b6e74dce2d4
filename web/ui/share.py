"""The game page's "share / embed" dialog: copyable snippets for the current deal or the hand so far.

MicroPython: `mount(get_view, get_lang)` adds a "Share" button to the page's
menu (`#menu`, else the page's header) and a `<dialog id="dlg-share">`; it reads the current
snapshot through `get_view()` only when opened and writes nothing but its own dialog, through
the page's DOM helpers (dom.py).
The snippets are those of embed.html: the `<gong-zhu>` element (with web/embed.js) and the
plain `<iframe>`, for `mode="game"` (this match's seed and rules preset) or `mode="replay"`
(this hand: seed, hand number, leader, exposed cards and the moves played so far).

`snippets(site, view)` is the pure part (tests call it under CPython too).
"""

from gongzhu.core import options
from ui.i18n import t

SANDBOX = "allow-scripts allow-same-origin"
HEIGHTS = {"game": 640, "replay": 700, "lesson": 760}  # as web/embed.js
SEAT_LETTERS = "SENW"  # gongzhu.core.replay.SEAT_LETTERS





def _escape(text):
    return str(text).replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;").replace(">", "&gt;")


def _query(params):
    # Values are digits, card codes, seat letters and preset names: nothing to percent-encode
    # but a stray space or "&", which never occur; encode them anyway.
    out = []
    for name, value in params:
        out.append(name + "=" + str(value).replace("%", "%25").replace("&", "%26").replace(" ", "%20")
                   .replace("#", "%23"))
    return "&".join(out)


def site_root(href):
    """The site's root URL from the page's URL (query and hash dropped, index.html stripped)."""
    base = str(href).split("#")[0].split("?")[0]
    return base[:base.rfind("/") + 1]


def _pair(site, mode, params):
    attrs = "".join([' %s="%s"' % (name, _escape(value)) for name, value in params])
    element = '<script src="%sweb/embed.js" async></script>\n<gong-zhu mode="%s"%s></gong-zhu>' % (site, mode, attrs)
    url = "%sweb/embed/%s.html?%s" % (site, mode, _query(params))
    iframe = ('<iframe src="%s" sandbox="%s" loading="lazy" referrerpolicy="no-referrer" title="Gong Zhu %s" '
              'style="width:100%%;height:%dpx;border:0"></iframe>' % (_escape(url), SANDBOX, mode, HEIGHTS[mode]))
    return {"element": element, "iframe": iframe}


def snippets(site, view, lang="en"):
    """`{"game": {...}, "replay": {...}, "link": url, "custom": bool}` for the snapshot `view`;
    during a tutorial lesson (whose deal is no seed's), `{"lesson": {...}, "link": url, ...}`."""
    lang_param = [("lang", "zh")] if lang == "zh" else []
    if view.get("lesson"):
        number = [("lesson", int(view["lesson"]["number"]))]
        return {"lesson": _pair(site, "lesson", number + lang_param), "link": site + "index.html?" + _query(number),
                "custom": False}
    match = view.get("match") or {}
    seed = match.get("seed", 0)
    number = int(match.get("hand_number", 0)) + 1
    rules = view.get("rules")
    preset = options.preset_of(rules) if isinstance(rules, dict) else "classic"
    custom = preset is None
    common = [("seed", seed)]
    if preset and preset != "classic":
        common.append(("rules", preset))
    game = _pair(site, "game", common + lang_param)
    replay_params = list(common)
    if number > 1:
        replay_params.append(("hand", number))
        leader = view.get("leader")
        if leader is not None:
            replay_params.append(("leader", SEAT_LETTERS[leader]))
    exposed = []
    for seat_cards in view.get("exposed") or []:
        exposed += list(seat_cards)
    if exposed:
        replay_params.append(("exposed", ",".join(exposed)))
    played = [p[1] for p in view.get("played") or []]
    if played:
        replay_params.append(("moves", ".".join(["".join(played[i:i + 4]) for i in range(0, len(played), 4)])))
    replay = _pair(site, "replay", replay_params + lang_param)
    link = site + "index.html?" + _query(common)
    # The link and the game embed deal the match from its first hand, the replay this hand.
    later = number > 1
    return {"game": game, "replay": replay, "link": link, "custom": custom,
            "link_label": "share_link_match" if later else "share_link",
            "game_label": "share_game_match" if later else "share_game"}


# --- the dialog (browser only) -------------------------------------------------------------

CSS = """
#dlg-share { max-width: min(42rem, 94vw); }
#dlg-share h3 { margin: 1rem 0 0.25rem; font-size: 1rem; }
#dlg-share p { margin: 0.4rem 0 0.15rem; font-size: 0.9rem; }
#dlg-share textarea, #dlg-share input[type=text] { display: block; width: 100%; box-sizing: border-box;
  font: 0.8rem/1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: 0.35rem; resize: vertical; }
#dlg-share textarea { min-height: 4.4rem; }
#dlg-share .btn { display: inline-block; width: auto; padding: 0.2rem 0.9rem; margin-top: 0.3rem; }
"""


def mount(get_view, get_lang):
    """Add the Share button and its dialog to the page; returns the button.

    Not inside the game embed (`index.html?embed=1`): a sandboxed frame cannot open the docs,
    and a reader of someone's blog post has nothing to share from there.
    """
    from pyscript import document, window

    from ui.dom import fill, follow_lang, h, listen, menu_button  # the page's DOM helpers (snippets() runs in CPython)

    button = menu_button("share")
    if button is None:
        return None
    document.head.appendChild(h("style", {"id": "share-style", "text": CSS}))
    dialog = h("dialog", {"id": "dlg-share", "class": "dialog share-dialog", "aria-labelledby": "dlg-share-title"})
    document.body.appendChild(dialog)

    def copy_button(area, lang):
        b = h("button", {"type": "button", "class": "btn", "data-share-copy": True, "text": t("share_copy", lang)})

        def copy(event):
            area.select()
            try:
                window.navigator.clipboard.writeText(area.value)
            except Exception:  # no clipboard API (insecure context): the text stays selected
                pass
            b.textContent = t("share_copied", lang)

        listen(b, "click", copy)
        return b

    def block(heading, pair, lang, mode):
        out = [h("h3", {"text": heading})]
        for kind in ("element", "iframe"):
            area = h("textarea", {"readonly": True, "rows": "3", "data-snippet": mode + "-" + kind,
                                  "aria-label": heading + " — " + t("share_" + kind, lang)})
            area.value = pair[kind]
            out += [h("p", {"text": t("share_" + kind, lang)}), area, copy_button(area, lang)]
        return out

    def open_dialog(event):
        lang = get_lang()
        view = get_view() or {}
        data = snippets(site_root(window.location.href), view, lang)
        link_label = t(data.get("link_label", "share_link"), lang)
        link = h("input", {"type": "text", "readonly": True, "data-snippet": "link", "aria-label": link_label})
        link.value = data["link"]
        # Closed from its title bar (always on the screen: a phone has no Escape key) or its foot.
        close = h("button", {"type": "button", "class": "btn primary", "data-share-close": True,
                             "text": t("close", lang)})
        cross = h("button", {"type": "button", "class": "dlg-close", "aria-label": t("close", lang), "text": "×"})
        docs = h("a", {"href": "embed.html" + ("?lang=zh" if lang == "zh" else ""), "target": "_blank",
                       "rel": "noopener", "text": t("share_docs", lang)})
        fill(dialog, [
            h("header", {"class": "dlg-head"}, [h("h2", {"id": "dlg-share-title", "text": t("share_title", lang)}),
                                                cross]),
            h("div", {"class": "dlg-body"}, [
                h("p", {"class": "note", "text": t("share_custom", lang)}) if data["custom"] else None,
                h("p", {"text": link_label}), link, copy_button(link, lang)]
              + (block(t("share_lesson", lang), data["lesson"], lang, "lesson") if "lesson" in data else
                 block(t(data["game_label"], lang), data["game"], lang, "game")
                 + block(t("share_replay", lang), data["replay"], lang, "replay"))
              + [h("p", {}, [docs])]),
            h("footer", {"class": "dlg-foot"}, [close])])
        dialog.showModal()

    def relabel(*args):
        button.setAttribute("aria-label", t("share_title", get_lang()))

    listen(button, "click", open_dialog)
    listen(dialog, "click",
           lambda event: dialog.close() if event.target.closest("[data-share-close], .dlg-close") else None)
    follow_lang(relabel)
    return button
