"""The game page's "share / embed" dialog: copyable snippets for the current deal or the hand so far.

Self-contained (MicroPython): `mount(get_view, get_lang)` adds a "Share" button to the page's
menu (`#menu`, else the page's header) and a `<dialog id="dlg-share">`; it reads the current
snapshot through `get_view()` only when opened and writes nothing but its own dialog.
The snippets are those of embed.html: the `<gong-zhu>` element (with web/embed.js) and the
plain `<iframe>`, for `mode="game"` (this match's seed and rules preset) or `mode="replay"`
(this hand: seed, hand number, leader, exposed cards and the moves played so far).

`snippets(site, view)` is the pure part (tests call it under CPython too).
"""

from gongzhu import options

SANDBOX = "allow-scripts allow-same-origin"
HEIGHTS = {"game": 640, "replay": 500}  # as web/embed.js
SEAT_LETTERS = "SENW"  # gongzhu.replay.SEAT_LETTERS

STRINGS = {
    "share": ("Share", "分享"),
    "title": ("Share or embed this deal", "分享或嵌入这副牌"),
    "game": ("This deal, as a game to play", "这副牌（可对局）"),
    "replay": ("This hand so far, as a replay", "本副牌到目前为止（回放）"),
    "element": ("For your blog (the element):", "博客用（元素）："),
    "iframe": ("Where scripts are not allowed (a plain iframe):", "不允许脚本时（普通 iframe）："),
    "link": ("A link to this deal:", "这副牌的链接："),
    "copy": ("Copy", "复制"),
    "copied": ("Copied", "已复制"),
    "close": ("Close", "关闭"),
    "custom": ("Custom house rules cannot be embedded; the snippets use the classic rules.",
               "自定义规则无法嵌入，代码中使用经典规则。"),
    "docs": ("All modes and parameters", "全部模式和参数"),
}


def t(key, lang):
    pair = STRINGS[key]
    return pair[1] if lang == "zh" else pair[0]


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


def preset_of(rules):
    """The preset whose options equal `rules` (a dict), or None for custom rules."""
    if not isinstance(rules, dict):
        return "classic"
    for name in options.PRESETS:
        if options.resolve(None, name) == rules:
            return name
    return None


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
    """`{"game": {...}, "replay": {...}, "link": url, "custom": bool}` for the snapshot `view`."""
    match = view.get("match") or {}
    seed = match.get("seed", 0)
    number = int(match.get("hand_number", 0)) + 1
    preset = preset_of(view.get("rules"))
    custom = preset is None
    common = [("seed", seed)]
    if preset and preset != "classic":
        common.append(("rules", preset))
    if lang == "zh":
        lang_param = [("lang", "zh")]
    else:
        lang_param = []
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
    return {"game": game, "replay": replay, "link": link, "custom": custom}


# --- the dialog (browser only) -------------------------------------------------------------

CSS = """
#dlg-share { padding: 1rem 1.25rem; max-width: min(42rem, 94vw); }
#dlg-share h2 { margin: 0 0 0.5rem; font-size: 1.2rem; }
#dlg-share h3 { margin: 1rem 0 0.25rem; font-size: 1rem; }
#dlg-share p { margin: 0.4rem 0 0.15rem; font-size: 0.9rem; }
#dlg-share textarea, #dlg-share input[type=text] { display: block; width: 100%; box-sizing: border-box;
  font: 0.8rem/1.35 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: 0.35rem; resize: vertical; }
#dlg-share textarea { min-height: 4.4rem; }
#dlg-share .btn { display: inline-block; width: auto; padding: 0.2rem 0.9rem; margin-top: 0.3rem; }
#dlg-share [data-share-close] { display: block; margin: 1rem 0 0 auto; }
"""


def mount(get_view, get_lang):
    """Add the Share button and its dialog to the page; returns the button.

    Not inside the game embed (`index.html?embed=1`): a sandboxed frame cannot open the docs,
    and a reader of someone's blog post has nothing to share from there.
    """
    from pyscript import document, window
    from pyscript.ffi import create_proxy, to_js

    if "embed=1" in str(window.location.search):
        return None

    keep = []

    def el(tag, attrs=None, text=None):
        node = document.createElement(tag)
        for name in attrs or {}:
            node.setAttribute(name, attrs[name])
        if text is not None:
            node.textContent = text
        return node

    def listen(node, name, handler):
        proxy = create_proxy(handler)
        keep.append(proxy)
        node.addEventListener(name, proxy)

    style = el("style", {"id": "share-style"}, CSS)
    document.head.appendChild(style)
    menu = document.getElementById("menu") or document.querySelector("header") or document.body
    button = el("button", {"type": "button", "class": "menu-btn", "data-action": "share", "id": "share-open"})
    icon = el("span", {"aria-hidden": "true", "class": "icon"}, "⤴")
    label = el("span", {"class": "label"}, t("share", "en"))
    button.appendChild(icon)
    button.appendChild(label)
    menu.appendChild(button)
    dialog = el("dialog", {"id": "dlg-share", "class": "dialog share-dialog", "aria-labelledby": "dlg-share-title"})
    document.body.appendChild(dialog)

    def copy_button(area, lang):
        b = el("button", {"type": "button", "class": "btn", "data-share-copy": ""}, t("copy", lang))

        def copy(event):
            area.select()
            try:
                window.navigator.clipboard.writeText(area.value)
            except Exception:  # no clipboard API (insecure context): the text stays selected
                pass
            b.textContent = t("copied", lang)

        listen(b, "click", copy)
        return b

    def block(parent, heading, pair, lang, mode):
        parent.appendChild(el("h3", None, heading))
        for kind in ("element", "iframe"):
            parent.appendChild(el("p", None, t(kind, lang)))
            area = el("textarea", {"readonly": "", "rows": "3", "data-snippet": mode + "-" + kind,
                                   "aria-label": heading + " — " + t(kind, lang)})
            area.value = pair[kind]
            parent.appendChild(area)
            parent.appendChild(copy_button(area, lang))

    def open_dialog(event):
        lang = get_lang()
        view = get_view() or {}
        data = snippets(site_root(window.location.href), view, lang)
        while dialog.firstChild:
            dialog.removeChild(dialog.firstChild)
        dialog.appendChild(el("h2", {"id": "dlg-share-title"}, t("title", lang)))
        if data["custom"]:
            dialog.appendChild(el("p", {"class": "note"}, t("custom", lang)))
        dialog.appendChild(el("p", None, t("link", lang)))
        link = el("input", {"type": "text", "readonly": "", "data-snippet": "link", "aria-label": t("link", lang)})
        link.value = data["link"]
        dialog.appendChild(link)
        block(dialog, t("game", lang), data["game"], lang, "game")
        block(dialog, t("replay", lang), data["replay"], lang, "replay")
        docs = el("a", {"href": "embed.html" + ("?lang=zh" if lang == "zh" else ""), "target": "_blank",
                        "rel": "noopener"}, t("docs", lang))
        dialog.appendChild(el("p")).appendChild(docs)
        close = el("button", {"type": "button", "class": "btn primary", "data-share-close": ""}, t("close", lang))
        listen(close, "click", lambda e: dialog.close())
        dialog.appendChild(close)
        dialog.showModal()

    def relabel(*args):
        lang = get_lang()
        label.textContent = t("share", lang)
        button.setAttribute("aria-label", t("title", lang))

    listen(button, "click", open_dialog)
    # Follow the page's language switch (the renderer sets <html lang>).
    observer = window.MutationObserver.new(create_proxy(relabel))
    keep.append(observer)
    observer.observe(document.documentElement, to_js({"attributes": True, "attributeFilter": ["lang"]}))
    relabel()
    return button
