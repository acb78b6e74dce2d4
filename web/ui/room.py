"""Online rooms on the game page: "Play with friends" makes this page a room's host; a room link
(`#room=CODE`) makes it a guest.

The wire is web/room.mjs (Trystero: WebRTC data channels, found through WebTorrent trackers).
The host's engine worker is the referee (gongzhu.core.table: `set_room`, `guest_act`,
`guest_views`); this module carries messages between it and the guests and draws the room's own
parts (the lobby dialog, `#dlg-room`, and the bar above the table, `#room-bar`), through the
page's DOM helpers only. Everything a guest sends is checked first by
gongzhu.core.room.parse_message (size, JSON, shape), then by the engine (seat, phase, cards);
a refused message is answered with an error for that guest alone and logged.

A guest runs no engine: its controller (the game's own, so its screen is the game's) is handed
a `RemoteLink` in place of the worker link, which sends its intents to the host and hands back
the host's answer; every other update from the host is queued as the controller's job, in order.
"""

import asyncio
import json

from pyscript import document, js_import, window

from gongzhu.core import options
from gongzhu.core.room import (
    EMOJI,
    MAX_NAME,
    BadMessage,
    HintGate,
    is_key,
    is_name,
    parse_message,
    patch,
    read_hint,
    seat_for,
    unpack_events,
    unpack_view,
)
from ui.dom import duration_ms, fill, h, listen, menu_button
from ui.engine import EngineError
from ui.i18n import level_name, seat_name, t
from ui.present import POSITIONS
from ui.store import HOSTING_KEY

MODULE = "web/room.mjs"
GRACE_MS = 15000  # a dropped guest's seat goes to a bot after this long
HINT_WAIT_S = 30  # a guest's hint not answered by then is given up (the host may be gone)
REOPEN_GRACE_MS = 60000  # after the host's page reopened the room: the guests find it again first
REACTION_MS = 5000  # a reaction is shown this long
HOST_SLOW_MS = 20000  # a guest that has not heard from the host by then is told what may be wrong
HOST_CLOSE_S = 3  # a guest whose host closed the room leaves the relay after this long
LEVELS = ["beginner", "easy", "normal", "hard", "expert"]
BROWSER_KEY = "gongzhu.room.browser"  # this browser's key (browser_key)
HOST_NAME_KEY = "gongzhu.room.host-name"  # the name this browser's host gave the last room it opened
SEAT_KEY = "gongzhu.room."  # + a room's code: the name this browser took a seat with there


CSS = """
#dlg-room .room-link { display: block; word-break: break-all; margin: .3rem 0; }
#dlg-room canvas { display: block; margin: .5rem 0; width: 160px; height: 160px; image-rendering: pixelated; }
#dlg-room canvas.pair-qr { width: min(100%, 280px); height: auto; }
#dlg-room canvas[hidden] { display: none; }
#dlg-room ol { padding-left: 1.2rem; }
#dlg-room li { margin: .3rem 0; }
#dlg-room .room-status { font-style: italic; }
#dlg-room .dlg-foot .room-status { margin: 0; flex: 1 1 10rem; align-self: center; }
#room-bar { display: flex; flex-wrap: wrap; gap: .4rem .8rem; align-items: center; justify-content: center;
  padding: .25rem .5rem; font-size: .9rem; }
#room-bar .room-turn { font-weight: bold; }
#room-bar button { min-width: 2rem; }
.plate .person { max-width: 8rem; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; font-size: .85rem; }
/* The bar is the header's last row, under the title and the menu. */
#room-bar { order: 3; flex: 1 1 100%; }
/* A phone's screen has no height to spare: the bar keeps to one row of buttons. The plates name the
   seats and mark whose turn it is, so the bar's list of them goes; a side seat's plate puts its
   person under the seat's name rather than cut both short. Held sideways, the bar takes the title's
   place in the header's one row, its Leave button in a word. */
@media (max-width: 600px), (max-height: 480px) {
  #room-bar { gap: .25rem; padding: .15rem 0 0; position: relative; }
  #room-bar [data-room-bar-seat], #room-bar .room-turn { display: none; }
  #room-bar .btn { min-width: 1.75rem; min-height: 2rem; padding: 0 .25rem; }
  #room-bar [data-action="leave-room"] { padding: 0 .5rem; }
  /* A reaction floats under the bar for its few seconds, over the table, which does not move. */
  #room-bar .room-reaction { position: absolute; top: 100%; left: 50%; transform: translateX(-50%); z-index: 5;
    padding: .1rem .6rem; border-radius: 999px; background: var(--plate); white-space: nowrap; }
  #room-bar .room-reaction:empty { display: none; }
}
@media (max-height: 480px) {
  .site-header:has(#room-bar) h1 { display: none; }
  #room-bar { order: 0; flex: 0 1 auto; padding: 0; }
  #room-bar [data-action="leave-room"] { font-size: 0; }
  #room-bar [data-action="leave-room"]::after { content: attr(data-short); font-size: .8rem; }
}
@media (max-width: 600px) {
  .pos-left .plate, .pos-right .plate { flex-wrap: wrap; border-radius: .8rem; }
  .pos-left .plate .person, .pos-right .plate .person { flex: 1 1 100%; max-width: 100%; white-space: normal;
    overflow-wrap: anywhere; }
}
"""


def lobby_head(lang, closable):
    """The lobby's title bar, as the page's other dialogs have it; the host's has a close button
    (a phone has no Escape key): the room stays open, and "Play with friends" shows it again."""
    return h("header", {"class": "dlg-head"}, [
        h("h2", {"id": "dlg-room-title", "text": t("room_title", lang)}),
        h("button", {"type": "button", "class": "dlg-close", "data-room-close": True, "aria-label": t("close", lang),
                     "text": "×"}) if closable else None])


def room_code(fragment):
    """The room code of a link's fragment (`#room=` and 32 hex digits: 128 bits), else None."""
    text = str(fragment or "")
    if not text.startswith("#room="):
        return None
    code = text[6:].lower()
    if len(code) != 32 or any(c not in "0123456789abcdef" for c in code):
        return None
    return code


def room_link(location, code):
    """The link a guest opens: this page, with the relay and STUN settings of this visit, and the
    code in the fragment (never sent to any server)."""
    params = window.URLSearchParams.new(str(location.search))
    keep = window.URLSearchParams.new()
    for name in ("relay", "stun", "lang"):
        for value in params.getAll(name):
            keep.append(name, value)
    query = str(keep.toString())
    return str(location.origin) + str(location.pathname) + ("?" + query if query else "") + "#room=" + code


def copy_text(text):
    try:
        window.navigator.clipboard.writeText(text)
    except Exception:  # no clipboard (an insecure origin): the text stays there to select
        pass


def copy_button(testid, lang):
    """A button that copies the code of the field `[data-testid=testid]`."""
    return h("button", {"type": "button", "class": "btn", "data-copy": testid, "text": t("room_copy_code", lang)})


def copy_from(root, button):
    field = root.querySelector('[data-testid="' + str(button.getAttribute("data-copy")) + '"]')
    if field and field.value:
        copy_text(str(field.value))


def qr_canvas(testid, label):
    """A canvas for a pairing code's QR code, hidden until the code is drawn on it (`show_qr`)."""
    return h("canvas", {"class": "pair-qr", "data-testid": testid, "role": "img", "aria-label": label,
                        "hidden": True})


async def show_qr(root, testid, text):
    """Draw `text` as a QR code (here, web/room.mjs's drawQr) on the canvas `testid` under `root`."""
    canvas = root.querySelector('[data-testid="' + testid + '"]')
    if canvas is None:
        return
    (await wire_module()).drawQr(canvas, text)
    canvas.hidden = False


async def wire_module():
    modules = await js_import(str(window.URL.new(MODULE, document.baseURI).href))
    return modules[0]


class Room:
    """What host and guest share: the wire, the dialog, the bar and the players' names."""

    def __init__(self, controller):
        self.c = controller
        self.wire = None
        self.peer_wire = {}  # peer id -> the wire it came by (the relay's, or manual pairing's)
        self.players = [None, None, None, None]  # by absolute seat: {"name", "kind": host|guest|bot, "level"}
        self.me = 0  # this page's absolute seat
        self.seated = True  # (a guest: once the host has given it a seat)
        self.dialog = document.getElementById("dlg-room")
        self.bar = None
        self.last_bar = None
        self.reaction = ""
        self.reactions = 0  # reactions shown so far: a newer one keeps its own time (fade_reaction)
        self.awake = None  # the screen's wake lock while the room plays (`keep_awake`)
        # One room per page: its lobby says when the device goes offline, and back (the events come
        # to the page's window, `document.defaultView`: PyScript's `window` object, given to
        # addEventListener here, raised "Illegal invocation" in Chromium); shown again, the page asks
        # for the wake lock again.
        for name in ("offline", "online"):
            listen(document.defaultView, name, lambda event: self.connection_changed())
        listen(document, "visibilitychange", lambda event: asyncio.create_task(self.keep_awake()))

    def lang(self):
        return self.c.lang()

    def connection_changed(self):
        """The device went offline or came back: the lobby says so (`offline`)."""
        self.draw_lobby()

    @staticmethod
    def offline():
        """Whether the browser says this device has no network: no relay, and no friend, can be reached."""
        return not window.navigator.onLine

    def send(self, peer, data):
        wire = self.peer_wire.get(peer) or self.wire
        if wire is not None and peer:
            wire.send(json.dumps(data, separators=(",", ":")), peer)  # compact: fewer bytes a hand

    def relative(self, seat):
        """An absolute seat as this page's screen numbers it (0: this page's own, at the bottom)."""
        return (seat - self.me) % 4

    def player_label(self, seat):
        """A seat's player for this screen: "You", a name, or a bot and its level."""
        lang = self.lang()
        p = self.players[seat]
        if seat == self.me and self.seated:
            return t("room_you", lang)
        if p is None or p.get("kind") == "bot":
            return t("room_bot_at", lang, level=level_name((p or {}).get("level", "normal"), lang))
        if p.get("kind") == "host":
            return host_name(p, lang)
        return p.get("name", "?")

    def plates(self):
        """What each seat's plate says on this screen (by its seats): a person's name (the host's
        is "the host" unless the host gave one), or, where a bot plays, its level."""
        out = []
        for rel in range(4):
            p = self.players[(self.me + rel) % 4] or {}
            if p.get("kind") == "host":
                out.append({"person": host_name(p, self.lang())})
            elif p.get("kind") in ("guest", "away"):
                out.append({"person": str(p.get("name", "?"))})
            else:
                out.append({"level": p.get("level", "normal")})
        return out

    def seat_list(self, host_controls=False):
        lang = self.lang()
        pos = POSITIONS[self.c.s.settings["direction"]]
        items = []
        for seat in range(4):
            rel = self.relative(seat)
            # (A guest with no seat yet sees the seats as the host's table names them.)
            place = seat_name(rel, lang, pos[rel]) if self.seated or rel else t("seat_bottom", lang)
            p = self.players[seat]
            row = [place + ": ", h("span", {"data-room-player": str(seat), "text": self.player_label(seat)})]
            if host_controls and seat != 0:
                if p is None or p.get("kind") == "bot":
                    select = h("select", {"data-room-level": str(seat), "aria-label": place + " — " + t(
                        "room_empty_bot", lang)})
                    current = (p or {}).get("level", "normal")
                    for level in LEVELS:
                        select.appendChild(h("option", {"value": level, "text": level_name(level, lang),
                                                        "selected": level == current}))
                    row += [" ", select]
                else:
                    select = h("select", {"data-room-move": str(seat),
                                          "aria-label": t("room_move_to", lang, player=p["name"])})
                    for target in (1, 2, 3):
                        trel = self.relative(target)
                        select.appendChild(h("option", {"value": str(target), "text": seat_name(
                            trel, lang, pos[trel]), "selected": target == seat}))
                    row += [" ", select]
            items.append(h("li", {"data-room-seat": str(seat)}, row))
        return [h("h3", {"text": t("room_seats", lang)}), h("ol", {}, items)]

    # ------------------------------------------------------------------ the bar above the table

    def mount_bar(self):
        if self.bar is not None:
            return
        self.bar = h("div", {"id": "room-bar", "role": "region", "aria-label": t("room_players", self.lang())})
        header = document.querySelector(".site-header")
        header.insertBefore(self.bar, document.getElementById("menu"))
        listen(self.bar, "click", self.on_bar_click)
        asyncio.create_task(self.follow_turns())
        asyncio.create_task(self.keep_awake())

    async def keep_awake(self):
        """Keep the screen on while the room plays and the page is shown: a phone that locks itself
        drops the connection, and a bot takes its player's seat. The browser lets the lock go when
        the page is hidden; it is asked for again when the page is shown."""
        if self.bar is None or str(document.visibilityState) != "visible" or (self.awake and not self.awake.released):
            return
        try:
            self.awake = await window.navigator.wakeLock.request("screen")
        except Exception:  # no Screen Wake Lock API (an older browser), or refused: the screen sleeps as usual
            self.awake = None

    def draw_bar(self):
        if self.bar is None:
            return
        lang = self.lang()
        v = self.c.s.view or {}
        turn = v.get("turn")
        names = [self.player_label((self.me + rel) % 4) for rel in range(4)]
        plates = self.plates()
        if plates != self.c.s.room_plates:
            self.c.s.room_plates = plates
            self.c.render()
        key = (lang, tuple(names), turn, self.reaction)
        if key == self.last_bar:
            return
        self.last_bar = key
        pos = POSITIONS[self.c.s.settings["direction"]]
        players = []
        for rel in range(4):
            players.append(h("span", {"data-room-bar-seat": str(rel)},
                             [seat_name(rel, lang, pos[rel]) + ": " + names[rel]]))
        turn_text = t("room_turn", lang, player=names[turn]) if turn is not None and not self.c.s.preview else ""
        reacts = [h("button", {"type": "button", "class": "btn", "data-room-react": str(i), "text": e,
                               "aria-label": t("room_react", lang) + " " + e}) for i, e in enumerate(EMOJI)]
        fill(self.bar, players + [h("span", {"class": "room-turn", "data-testid": "room-turn", "text": turn_text}),
                                  h("span", {"class": "room-reaction", "data-testid": "room-reaction",
                                             "aria-live": "polite", "text": self.reaction})]
             + reacts + [h("button", {"type": "button", "class": "btn", "data-action": "leave-room",
                                      "aria-label": t("room_leave", lang), "data-short": t("room_leave_short", lang),
                                      "text": t("room_leave", lang)})])

    async def follow_turns(self):
        while self.bar is not None:
            self.draw_bar()
            await asyncio.sleep_ms(150)

    def on_bar_click(self, event):
        target = event.target
        react = target.closest("[data-room-react]")
        if react:
            self.react(int(react.getAttribute("data-room-react")))
        elif target.closest('[data-action="leave-room"]'):
            self.leave()

    def show_reaction(self, seat, index):
        if not (isinstance(index, int) and 0 <= index < len(EMOJI)):
            return
        self.reaction = t("room_reacted", self.lang(), player=self.player_label(seat), emoji=EMOJI[index])
        self.c.say(self.reaction)
        self.draw_bar()
        self.reactions += 1
        asyncio.create_task(self.fade_reaction(self.reactions))

    async def fade_reaction(self, count):
        """A reaction is of its moment: it goes after REACTION_MS, unless another came since."""
        await asyncio.sleep_ms(REACTION_MS)
        if self.reactions == count:
            self.reaction = ""
            self.draw_bar()

    def hang_up(self, say=True):
        """Leave the relay and take the room's bar off the page; say so (`say`). Returns the wire's
        leaving (a promise: it tells the peers, then closes the links), or None."""
        left = None
        if self.wire is not None:
            left = self.wire.leave()
            self.wire = None
        if self.bar is not None:
            self.bar.remove()
            self.bar = None
        if self.awake is not None:
            self.awake.release()
            self.awake = None
        self.c.s.room_plates = None
        if say:
            self.notice("room_left_you")
        return left

    def notice(self, key, **params):
        """Say `key` on the table: it replaces what was said before, but a seat handed to a bot
        (`room_dropped`) stays said until dismissed, whatever comes after it."""
        kept = self.c.s.notices if key == "room_dropped" else [n for n in self.c.s.notices if n[0] == "room_dropped"]
        self.c.s.notices = kept + [(key, params)]
        self.c.render()


class Host(Room):
    """This page holds the room: it seats the guests, runs the match and referees every message."""

    def __init__(self, controller):
        super().__init__(controller)
        self.code = None
        self.link = ""
        self.peers = {}  # peer id -> its seat (an int), once seated
        self.seat_peer = [None, None, None, None]
        self.keys = [None, None, None, None]  # by seat: the browser key its person took it with (seat_for)
        self.watchers = {}  # peer id -> True: connected, not seated; they see the seats (a guest's lobby)
        self.dropped = {}  # seat -> the time it dropped (ms), while in its grace time
        self.started = False
        self.preset = "mine"  # the host's own house rules (Settings), or a preset's name
        self.failed = False  # the room's module or settings did not load (`load_failed`)
        self.closed = False  # left: "Play with friends" opens another room
        self.re = None  # (seat, intent id) the next update answers
        self.hint_gate = HintGate()
        self.pair_wire = None  # manual pairing (no relay), once an offer is made
        self.pair_box = None
        self.pair_lang = None
        self.pair_peer = None
        self.pair_code = ""
        self.name_input = None  # the name field of the lobby (`name_field`), built once
        levels = list(controller.s.settings["levels"])
        self.players = [{"kind": "host"}] + [
            {"kind": "bot", "level": levels[s]} for s in (1, 2, 3)]
        self.set_name(stored(HOST_NAME_KEY, controller.storage))
        controller.observers.append(self.broadcast)

    async def module(self):
        """web/room.mjs, or None (and the player told) if the network dropped while it loaded."""
        try:
            return await wire_module()
        except Exception as exc:
            self.load_failed(exc)
            return None

    def load_failed(self, exc):
        """The network dropped while the room's module or its settings (web/room.json) loaded: the
        table and the lobby say so. (A browser may keep the failed import: a reload tries again.)"""
        window.console.warn(f"the room did not load: {exc}")
        self.failed = True
        self.notice("room_load_failed_host")
        if self.dialog.open:
            self.draw_lobby()

    async def join(self, mod):
        """Into the room through the relays, if this visit has any (else pairing by codes alone)."""
        search = str(window.location.search)
        try:
            if not await mod.hasRelays(search):
                return
            self.wire = await mod.join(self.code, search, True)
        except Exception as exc:
            self.load_failed(exc)
            return
        asyncio.create_task(self.run(self.wire))

    async def open(self):
        """Open the room's lobby: at once, saying the room is opening while web/room.mjs loads (a
        moment on a slow network), then the lobby itself. False (the dialog closed, the table's
        notice says why) if the room's module could not be loaded."""
        lang = self.lang()
        fill(self.dialog, [lobby_head(lang, closable=True), h("div", {"class": "dlg-body"}, [
            h("p", {"class": "room-status", "data-testid": "room-opening", "text": t("room_opening", lang)})])])
        self.dialog.showModal()
        mod = await self.module()
        if mod is None:
            self.dialog.close()
            return False
        self.code = str(mod.newCode())
        self.link = room_link(window.location, self.code)
        self.draw_lobby(mod)
        asyncio.create_task(self.watch_drops())
        await self.join(mod)
        return True

    def guests(self):
        return [s for s in (1, 2, 3) if self.players[s].get("kind") == "guest"]

    def people(self):
        """The seats people play or are expected back at (away, within their grace time)."""
        return [s for s in (1, 2, 3) if self.players[s].get("kind") in ("guest", "away")]

    def save(self):
        """Remember the room with the saved match: a reopened page opens it again (`resume`)."""
        record = {"code": self.code, "players": self.players, "started": self.started, "keys": self.keys}
        try:
            self.c.storage.setItem(HOSTING_KEY, json.dumps(record))
        except Exception:
            pass

    def resume(self, record):
        """This page held a room when it closed: open it again with the saved match. The guests
        are away until they come back with the same link (a bot takes each seat after the grace
        time); the engine is told at once, before any bot can move for them."""
        self.code = record["code"]
        self.link = room_link(window.location, self.code)
        self.players = record["players"]
        keys = record.get("keys")
        if isinstance(keys, list) and len(keys) == 4:
            self.keys = [k if is_key(k) else None for k in keys]
        self.started = True
        now = window.performance.now() + REOPEN_GRACE_MS - GRACE_MS
        for seat in (1, 2, 3):
            if self.players[seat].get("kind") in ("guest", "away"):
                self.players[seat]["kind"] = "away"
                self.dropped[seat] = now
        self.c.link.humans = [0] + self.people()
        self.c.s.notices.append(("room_reopened", {}))
        self.mount_bar()
        asyncio.create_task(self.reopen())

    async def reopen(self):
        asyncio.create_task(self.watch_drops())  # (the guests' seats go to bots in time, even with no room)
        mod = await self.module()
        if mod is None:
            return
        self.draw_lobby(mod)
        await self.join(mod)

    def draw_lobby(self, mod=None):
        lang = self.lang()
        rules = h("select", {"data-room-rules": True, "aria-label": t("room_rules", lang)})
        rules.appendChild(h("option", {"value": "mine", "text": t("room_rules_mine", lang),
                                       "selected": self.preset == "mine"}))
        for name in options.PRESET_ORDER:
            rules.appendChild(h("option", {"value": name, "text": t("preset_" + name, lang),
                                           "selected": name == self.preset}))
        start = h("button", {"type": "button", "class": "btn primary", "data-action": "start-room",
                             "text": t("room_start", lang), "disabled": not self.guests()})
        # Before its match, a room no longer wanted closes here (once it plays: the bar's "Leave").
        end = None if self.started else h("button", {"type": "button", "class": "btn", "data-room-end": True,
                                                      "text": t("room_end", lang)})
        typing = document.activeElement is not None and str(document.activeElement.id) == "host-name"
        fill(self.dialog, [
            lobby_head(lang, closable=True),
            h("div", {"class": "dlg-body"}, self.invite(lang, mod) + [self.pairing(), self.name_field(lang)]
              + self.seat_list(host_controls=True)
              + [h("p", {}, [h("label", {}, [t("room_rules", lang) + " ", rules])])]),
            h("footer", {"class": "dlg-foot"}, [  # why the start waits, beside it
                h("p", {"class": "room-status", "text": "" if self.guests() else t(
                    "room_load_failed_host" if self.failed else
                    "room_offline_host" if self.offline() else "room_need_guest", lang)}), end, start])])
        if typing:
            self.name_input.focus()  # (the same field, moved: what was typed stays, and so does the caret)

    def name_field(self, lang):
        """The host's name for the guests' screens (empty: "the host"): one field for the room, so
        that a redrawn lobby never loses what is being typed."""
        if self.name_input is None:
            self.name_input = h("input", {"id": "host-name", "type": "text", "maxlength": str(MAX_NAME),
                                          "autocomplete": "nickname", "data-room-name": True})
            self.name_input.value = self.players[0].get("name", "")
        label = h("label", {"for": "host-name", "text": t("room_host_name", lang, n=MAX_NAME)})
        return h("p", {"class": "room-name"}, [label, " ", self.name_input])

    def set_name(self, name):
        """The host's seat carries `name` (trimmed; none when empty or too long)."""
        name = name.strip()
        if is_name(name):
            self.players[0]["name"] = name
        else:
            self.players[0].pop("name", None)

    def invite(self, lang, mod):
        """The room's link to share, with its copy button and QR code; none when the room's settings
        did not come (`load_failed`), as the link would lead nowhere."""
        if self.failed:
            return []
        anchor = h("a", {"class": "room-link", "data-testid": "room-link", "href": self.link, "text": self.link})
        copy = h("button", {"type": "button", "class": "btn", "data-room-copy": True, "text": t("room_copy", lang)})
        canvas = h("canvas", {"data-testid": "room-qr", "role": "img", "aria-label": self.link})
        if mod is not None:
            mod.drawQr(canvas, self.link)
        else:
            asyncio.create_task(self.redraw_qr(canvas))
        return [h("p", {"text": t("room_link_note", lang)}), anchor, copy, canvas]

    def pairing(self):
        """The lobby's manual pairing (no relay): an offer code for a friend, who opens the game
        with `#pair` and answers it with a code of theirs. Each code is also a QR code (the offer's
        is the `#pair` link with the code, which a phone's camera opens). Built once: what is typed
        stays."""
        lang = self.lang()
        if self.pair_box is None or self.pair_lang != lang:
            self.pair_lang = lang
            offer = h("textarea", {"readonly": True, "rows": "3", "data-testid": "pair-offer",
                                   "aria-label": t("room_pair_offer_code", lang)})
            answer = h("textarea", {"rows": "3", "data-testid": "pair-answer-in",
                                    "aria-label": t("room_pair_answer_in", lang)})
            self.pair_box = h("details", {"class": "room-pair"}, [
                h("summary", {"text": t("room_pair", lang)}),
                h("p", {"text": t("room_pair_note", lang, link=self.pair_link(""))}),
                h("button", {"type": "button", "class": "btn", "data-action": "pair-offer",
                             "text": t("room_pair_make", lang)}),
                offer, copy_button("pair-offer", lang),
                qr_canvas("pair-offer-qr", t("room_pair_offer_qr", lang)),
                h("p", {"text": t("room_pair_answer_in", lang)}), answer,
                h("button", {"type": "button", "class": "btn", "data-action": "pair-accept",
                             "text": t("room_pair_accept", lang)})])
            if self.pair_code:
                offer.value = self.pair_code
                asyncio.create_task(show_qr(self.pair_box, "pair-offer-qr", self.pair_link(self.pair_code)))
        return self.pair_box

    def pair_link(self, code):
        """The friend's page for manual pairing: this one with `#pair` (and the offer code, if any)."""
        return room_link(window.location, "x").replace("#room=x", "#pair" + ("=" + code if code else ""))

    async def make_offer(self):
        if self.pair_wire is None:
            try:
                self.pair_wire = await (await wire_module()).manual(str(window.location.search))
            except Exception as exc:  # the room's settings did not come
                self.load_failed(exc)
                return
            asyncio.create_task(self.run(self.pair_wire))
        made = json.loads(str(await self.pair_wire.offer()))
        self.pair_peer = made["peer"]
        self.pair_code = made["code"]
        self.pair_box.querySelector('[data-testid="pair-offer"]').value = self.pair_code
        await show_qr(self.pair_box, "pair-offer-qr", self.pair_link(self.pair_code))

    async def accept_answer(self):
        field = self.pair_box.querySelector('[data-testid="pair-answer-in"]')
        try:
            await self.pair_wire.accept(self.pair_peer, str(field.value))
        except Exception as exc:
            self.notice("room_pair_bad", message=str(exc))

    async def redraw_qr(self, canvas):
        (await wire_module()).drawQr(canvas, self.link)

    def wire_dialog(self):
        listen(self.dialog, "click", self.on_click)
        listen(self.dialog, "change", self.on_change)
        listen(self.dialog, "input", self.on_input)

    def on_click(self, event):
        target = event.target
        if target.closest("[data-room-close]"):
            self.dialog.close()
        elif target.closest("[data-room-end]"):
            self.leave()
        elif target.closest("[data-room-copy]"):
            copy_text(self.link)
        elif target.closest("[data-copy]"):
            copy_from(self.dialog, target.closest("[data-copy]"))
        elif target.closest('[data-action="start-room"]') and not target.hasAttribute("disabled"):
            self.c.queue(self.start)
        elif target.closest('[data-action="pair-offer"]'):
            asyncio.create_task(self.make_offer())
        elif target.closest('[data-action="pair-accept"]') and self.pair_wire is not None and self.pair_peer:
            asyncio.create_task(self.accept_answer())

    def on_input(self, event):
        """The host types its name: the guests' screens follow at once, and so will the next room's.
        (Nothing is redrawn here, so the field keeps its focus and caret.)"""
        if not event.target.hasAttribute("data-room-name"):
            return
        self.set_name(str(event.target.value))
        try:
            self.c.storage.setItem(HOST_NAME_KEY, self.players[0].get("name", ""))
        except Exception:  # no storage (a sandboxed frame)
            pass
        self.tell_lobby()

    def on_change(self, event):
        target = event.target
        if target.hasAttribute("data-room-rules") and (target.value in options.PRESETS or target.value == "mine"):
            self.preset = target.value
        elif target.hasAttribute("data-room-level") and target.value in LEVELS:
            seat = int(target.getAttribute("data-room-level"))
            self.players[seat] = {"kind": "bot", "level": target.value}
        elif target.hasAttribute("data-room-move"):
            self.move(int(target.getAttribute("data-room-move")), int(target.value))
        else:
            return  # (a pairing code typed: nothing to redraw)
        self.lobby_changed()

    def move(self, seat, target):
        """Swap the player at `seat` with whoever sits at `target` (a guest or a bot)."""
        if target not in (1, 2, 3) or seat not in (1, 2, 3) or seat == target:
            return
        self.players[seat], self.players[target] = self.players[target], self.players[seat]
        self.seat_peer[seat], self.seat_peer[target] = self.seat_peer[target], self.seat_peer[seat]
        self.keys[seat], self.keys[target] = self.keys[target], self.keys[seat]
        for s in (seat, target):
            if self.seat_peer[s]:
                self.peers[self.seat_peer[s]] = s

    def connection_changed(self):
        if self.code and not self.started:  # (a room that did not open has no lobby; a started one no more)
            self.draw_lobby()

    def lobby_changed(self):
        if not self.started:
            self.draw_lobby()
        self.tell_lobby()

    def tell_lobby(self):
        """The seats as they are now, to every guest and every page still choosing (a started room
        keeps them with its saved match)."""
        if self.started:
            self.save()
        for seat in self.guests():
            self.send(self.seat_peer[seat], self.lobby_message(seat))
        for peer in self.watchers:
            self.send(peer, self.lobby_message(None))

    def lobby_message(self, seat):
        return {"t": "lobby", "players": self.players, "you": seat, "started": self.started}

    async def run(self, wire):
        while True:
            event = json.loads(str(await wire.next()))
            self.peer_wire[event["peer"]] = wire
            try:
                if event["type"] == "msg":
                    self.on_message(event["peer"], event["data"])
                elif event["type"] == "leave":
                    self.on_leave(event["peer"])
                elif event["type"] == "join" and event["peer"] not in self.peers:
                    # It sees the seats before it takes one (after the start: the seats it may take back).
                    self.watchers[event["peer"]] = True
                    self.send(event["peer"], self.lobby_message(None))
            except Exception as exc:  # a fault of ours: logged, the room goes on
                window.console.warn("room: " + str(exc))

    def refuse(self, peer, en, zh, intent=None):
        seat = self.peers.get(peer)
        window.console.warn("room: refused a message from seat {}: {}".format(seat if seat is not None else "?", en))
        self.send(peer, {"t": "error", "re": intent, "message": en, "zh": zh})

    def on_message(self, peer, text):
        try:
            msg = parse_message(text)
        except BadMessage as exc:
            self.refuse(peer, str(exc), exc.zh)
            return
        kind = msg["t"]
        seat = self.peers.get(peer)
        if kind == "hello":
            self.seat_guest(peer, msg["name"], msg.get("key"))
        elif seat is None:
            self.refuse(peer, "take a seat first", "请先入座")
        elif kind == "act":
            if not self.started:
                self.refuse(peer, "the match has not started", "对局尚未开始", msg["id"])
                return
            self.c.queue(lambda: self.guest_act(peer, seat, msg))
        elif kind == "hint":
            self.ask_hint(peer, seat, msg["id"])
        elif kind == "react":
            self.show_reaction(seat, msg["emoji"])
            for other in self.guests():
                if other != seat:
                    self.send(self.seat_peer[other], {"t": "react", "seat": seat, "emoji": msg["emoji"]})
        elif kind == "leave":
            self.drop(peer, left=True)

    def seat_guest(self, peer, name, key):
        """Seat a guest who said hello (`seat_for`: its own seat again by its name, also from
        another browser where a bot plays it now; a new name, a bot's seat before the start). The
        host's screen says who took which seat back."""
        if peer in self.peers:
            return
        try:
            seat, how = seat_for(self.players, self.keys, name, key, self.started)
        except BadMessage as exc:
            self.refuse(peer, str(exc), exc.zh)
            return
        old = self.seat_peer[seat]
        if old and old in self.peers:
            del self.peers[old]
        self.peers[peer] = seat
        self.seat_peer[seat] = peer
        self.watchers.pop(peer, None)
        self.keys[seat] = key
        self.players[seat] = {"name": name, "kind": "guest"}
        self.dropped.pop(seat, None)
        self.lobby_changed()
        if self.started:
            if how == "taken_back":
                rel = self.relative(seat)
                self.notice("room_took_back", player=name,
                            place=seat_name(rel, self.lang(), POSITIONS[self.c.s.settings["direction"]][rel]))
            elif how == "back":
                self.notice("room_back", player=name)
            self.c.queue(lambda: self.rejoin(seat))

    async def rejoin(self, seat):
        """A guest back in its seat mid-match: people play it again; it is sent the table as it is."""
        await self.seat_people()
        sent = await self.c.link.call("guest_views")
        self.send_start(sent, only=seat)

    def on_leave(self, peer):
        self.watchers.pop(peer, None)
        if peer in self.peers:
            self.drop(peer, left=False)

    def drop(self, peer, left):
        seat = self.peers.pop(peer, None)
        if seat is None:
            return
        self.seat_peer[seat] = None
        if not self.started:
            self.players[seat] = {"kind": "bot", "level": "normal"}
            self.keys[seat] = None
            self.lobby_changed()
            return
        name = self.seat_left(seat, "gone" if left else "away")
        if left:
            self.notice("room_left", player=name)
            self.c.queue(self.hand_to_bots)
        else:
            self.dropped[seat] = window.performance.now()

    def seat_left(self, seat, kind="gone"):
        """A person's seat in a match once they are gone (or `away`, in their grace time): a bot
        plays it under their name. Returns the name."""
        name = self.players[seat].get("name", "?")
        self.players[seat] = {"name": name, "kind": kind, "level": "normal"}
        return name

    async def watch_drops(self):
        """A dropped guest's seat goes to a bot after GRACE_MS, said to everyone."""
        while True:
            await asyncio.sleep_ms(500)
            grace = duration_ms("gongzhuRoomGraceMs", GRACE_MS)
            now = window.performance.now()
            for seat in list(self.dropped):
                if now - self.dropped[seat] >= grace:
                    del self.dropped[seat]
                    name = self.seat_left(seat)
                    self.notice("room_dropped", player=name)
                    for other in self.guests():
                        self.send(self.seat_peer[other], {"t": "dropped", "seat": seat})
                    self.c.queue(self.hand_to_bots)

    async def hand_to_bots(self):
        """The seats of guests who are away are played by bots from now on."""
        await self.seat_people()
        self.lobby_changed()

    async def seat_people(self):
        """Tell the engine which seats people play now; the host's table follows (a bot may move)."""
        await self.c.link.call("set_room", self.people())
        self.c.link.humans = [0] + self.people()
        self.c.s.view = await self.c.link.call("snapshot")
        self.c.render()
        self.c.wake()

    async def start(self):
        """The host's start: the room's seats and bots, then a new match under the chosen rules."""
        if self.started or not self.guests():
            return
        c = self.c
        s = c.s
        levels = ["normal"] + [self.players[x].get("level", "normal") for x in (1, 2, 3)]
        await c.link.call("set_room", self.guests())
        c.link.humans = [0] + self.guests()
        from ui.controller import random_seed

        rules = dict(s.settings["rules"]) if self.preset == "mine" else options.resolve(None, self.preset)
        view = await c.link.call("new_match", random_seed(), rules, levels)
        self.started = True
        s.new_table(view)
        s.notices = []
        self.dialog.close()
        self.mount_bar()
        self.save()
        c.render()
        self.send_start(await c.link.call("guest_views"))
        c.offer_forced()
        await c.link.persist()

    def send_start(self, sent, only=None):
        """Send each guest (or the one at seat `only`) the table as it is now."""
        for key in sent:
            seat = int(key)
            if only is not None and seat != only:
                continue
            self.send(self.seat_peer[seat], {"t": "start", "delta": sent[key]["delta"], "players": self.players,
                                             "you": seat})

    def broadcast(self, reply):
        """The controller's observer: each guest is sent its part of every answer of the engine."""
        guests = reply.get("guests") or {}
        for key in guests:
            seat = int(key)
            message = {"t": "update", "events": guests[key]["events"], "delta": guests[key]["delta"]}
            if self.re is not None and self.re[0] == seat:
                message["re"] = self.re[1]
            self.send(self.seat_peer[seat], message)
        self.re = None

    async def guest_act(self, peer, seat, msg):
        if self.peers.get(peer) != seat:
            return  # moved or gone since it was queued
        try:
            reply = await self.c.link.call("guest_act", seat, msg["kind"], msg["arg"])
        except EngineError as exc:
            self.refuse(peer, exc.message, exc.zh, msg["id"])
            return
        self.re = (seat, msg["id"])
        await self.c.apply(reply)

    def ask_hint(self, peer, seat, intent):
        """A guest asks what the strongest bot would do for its seat: this page's full worker works
        it out from that seat's own view (as a bot at that seat would see the table), and only the
        suggestion is sent back. One at a time per guest, and not too often (HintGate)."""
        if not self.started:
            self.refuse(peer, "the match has not started", "对局尚未开始", intent)
            return
        if self.c.s.search != "ready":
            self.refuse(peer, "the host's hint is not ready yet", "房主的提示尚未就绪", intent)
            return
        try:
            self.hint_gate.admit(seat, window.performance.now())
        except BadMessage as exc:
            self.refuse(peer, str(exc), exc.zh, intent)
            return
        self.c.queue(lambda: self.guest_hint(peer, seat, intent))

    async def guest_hint(self, peer, seat, intent):
        try:
            if self.peers.get(peer) != seat:
                return  # moved or gone since it asked
            try:
                hint = await self.c.link.call_full("hint", seat)
            except EngineError as exc:
                self.refuse(peer, exc.message, exc.zh, intent)
                return
            self.send(peer, {"t": "hint", "re": intent, "phase": hint["phase"], "decision": hint["decision"],
                             "en": hint["en"], "zh": hint["zh"]})
        finally:
            self.hint_gate.done(seat)

    def react(self, index):
        self.show_reaction(0, index)
        for seat in self.guests():
            self.send(self.seat_peer[seat], {"t": "react", "seat": 0, "emoji": index})

    def leave(self):
        for seat in self.guests():
            self.send(self.seat_peer[seat], {"t": "closed"})
        try:
            self.c.storage.removeItem(HOSTING_KEY)
        except Exception:
            pass
        self.closed = True
        if self.started and self.people():  # the match goes on here: bots take the guests' seats
            for seat in self.people():
                self.seat_left(seat)
            self.dropped = {}
            self.c.queue(self.seat_people)
        if self.broadcast in self.c.observers:
            self.c.observers.remove(self.broadcast)
        if self.dialog.open:
            self.dialog.close()
        self.hang_up()


class RemoteLink:
    """A guest's stand-in for the engine link (link.py): the match is the host's. Only the
    player's intents go out; every other call is not this page's to make."""

    def __init__(self, guest):
        self.guest = guest
        self.engine = None
        self.full = None
        self.playable = []
        self.generation = 0
        self.call_started = None
        self.humans = None

    async def call(self, name, *args):
        if name == "act":
            return await self.guest.ask({"t": "act", "kind": args[0], "arg": args[1]})
        raise EngineError("NotHere", "the host deals and starts the matches", "由房主发牌和开局")

    async def call_full(self, name, *args):
        if name == "hint":
            reply = await self.guest.ask({"t": "hint"}, HINT_WAIT_S)
            try:
                return read_hint(reply)
            except BadMessage as exc:
                raise EngineError("BadMessage", str(exc), exc.zh) from None
        raise EngineError("NotHere", "the host's engine answers this", "由房主的引擎回答")

    async def persist(self):
        return None

    def fail(self, message):
        self.guest.c.s.engine = "failed"
        self.guest.c.s.engine_error = message
        self.guest.c.render()

    def needs_search(self, level):
        return False

    def holds_match(self):
        return "quick"


class Guest(Room):
    """This page sits at a room's table: it sends its intents and shows what the host sends it."""

    def __init__(self, controller, code, manual=False, offer=""):
        super().__init__(controller)
        self.code = code
        self.manual = manual  # paired by codes (`#pair`), no relay
        self.key = None  # this browser's key (browser_key), once web/room.mjs is in
        self.offer_in = offer  # the host's offer code (typed, or from a scanned `#pair=` link)
        self.answer_out = ""
        self.host = None  # the host's peer id, once it has answered
        self.name = ""
        self.seated = False
        self.status = "room_connecting"
        self.next_id = 0
        # id -> a request (an intent, a hint) waiting for the host's answer: {"done", "reply", "error"}
        self.pending = {}
        self.link = RemoteLink(self)
        self.last = None  # the (packed) view the host last sent, which its changes apply to
        self.form = None  # the lobby's parts (draw_lobby)
        self.form_lang = None
        self.status_el = None
        self.retry_el = None
        self.seats_el = None
        self.room_started = False  # the host's match has started (its lobby says so)
        self.slow = False  # no word from the host after HOST_SLOW_MS (`watch_host`)
        self.slow_el = None
        self.ended = False  # the host closed the room: nothing more is read from it
        self.refusal = ("", "")  # why the host could not seat this page (en, zh): "room_not_seated"

    async def open(self):
        c = self.c
        c.connect_full = None  # no engine here: the host's is the table's
        self.draw_lobby()
        self.dialog.showModal()
        document.documentElement.classList.add("room-guest")
        remembered = self.remembered()
        if remembered:
            self.name = remembered  # a reopened link: the seat is taken back under the same name
            self.status = "room_joining"
        try:
            mod = await wire_module()
            self.key = browser_key(mod.newCode)
            if self.manual:
                self.wire = await mod.manual(str(window.location.search))
            else:
                self.wire = await mod.join(self.code, str(window.location.search))
        except Exception as exc:  # the network dropped while web/room.mjs or its settings loaded
            window.console.warn(f"the room did not load: {exc}")
            self.status = "room_load_failed"  # a reload tries again (`connection_changed`, "reload-room")
            self.draw_lobby()
            return
        self.draw_lobby()
        asyncio.create_task(self.run())
        if not self.manual:
            asyncio.create_task(self.watch_host())
        if self.manual and self.offer_in:
            await self.answer_offer()  # a scanned offer: the answer is made at once

    async def watch_host(self):
        """No word from the host after HOST_SLOW_MS (`window.gongzhuRoomSlowMs` for the tests): the
        lobby says what may be wrong, and what helps, while the search goes on."""
        await asyncio.sleep_ms(duration_ms("gongzhuRoomSlowMs", HOST_SLOW_MS))
        if self.host is None:
            self.slow = True
            self.draw_lobby()

    def connection_changed(self):
        if self.status == "room_load_failed" and not self.offline():
            window.location.reload()  # back online: the room's files can come now
        else:
            super().connection_changed()

    def draw_lobby(self):
        """The guest's lobby: the name form (built once, so typing is never lost), its status and
        the seats, updated in place."""
        lang = self.lang()
        if self.form is None or self.form_lang != lang:
            typed = document.getElementById("player-name")
            name = h("input", {"id": "player-name", "type": "text", "maxlength": str(MAX_NAME),
                               "autocomplete": "nickname"})
            name.value = str(typed.value) if typed else self.name
            take = h("button", {"type": "button", "class": "btn primary", "data-action": "take-seat",
                                "text": t("room_take_seat", lang)})
            label = h("label", {"for": "player-name", "text": t("room_name", lang, n=MAX_NAME)})
            self.form = h("div", {}, [h("p", {}, [label]), name, take])
            self.status_el = h("p", {"class": "room-status", "data-testid": "room-status", "role": "status"})
            self.slow_el = h("p", {"class": "room-status", "data-testid": "room-host-slow",
                                   "text": t("room_host_slow", lang, pair=t("room_pair", lang))})
            self.retry_el = h("button", {"type": "button", "class": "btn", "data-action": "reload-room",
                                         "text": t("try_again", lang)})
            self.seats_el = h("div")
            self.form_lang = lang
            pair = None
            if self.manual:
                offer = h("textarea", {"rows": "3", "data-testid": "pair-offer-in",
                                       "aria-label": t("room_pair_offer_in", lang)})
                answer = h("textarea", {"readonly": True, "rows": "3", "data-testid": "pair-answer",
                                        "aria-label": t("room_pair_answer_code", lang)})
                offer.value = self.offer_in
                answer.value = self.answer_out
                pair = h("div", {"class": "room-pair"}, [
                    h("p", {"text": t("room_pair_offer_in", lang)}), offer,
                    h("button", {"type": "button", "class": "btn", "data-action": "pair-answer",
                                 "text": t("room_pair_answer", lang)}),
                    answer, copy_button("pair-answer", lang),
                    qr_canvas("pair-answer-qr", t("room_pair_answer_qr", lang))])
                if self.answer_out:
                    asyncio.create_task(show_qr(pair, "pair-answer-qr", self.answer_out))
            fill(self.dialog, [lobby_head(lang, closable=False),
                               h("div", {"class": "dlg-body"}, [self.form, pair, self.status_el, self.slow_el,
                                                                 self.retry_el, self.seats_el])])
        failed = self.status == "room_load_failed"
        self.form.hidden = self.seated or failed
        self.retry_el.hidden = not failed
        self.slow_el.hidden = not self.slow or self.host is not None or failed or self.offline()
        if self.offline():
            said = t("room_offline_guest", lang)
        elif self.status == "room_not_seated":
            said = t(self.status, lang, reason=self.refusal[1 if lang == "zh" else 0])
        else:
            said = t(self.status, lang)
        self.status_el.textContent = said
        fill(self.seats_el, self.seat_list() + self.take_back_list() if self.host is not None else [])

    def take_back_list(self):
        """After the start, for a page not seated: the seats people held that a bot plays now (or
        whose person is away), by their names; one of them can be taken back (`seat_for`)."""
        if self.seated or not self.room_started:
            return []
        lang = self.lang()
        buttons = []
        for seat in (1, 2, 3):
            p = self.players[seat] or {}
            if p.get("kind") in ("away", "gone"):
                buttons.append(h("button", {"type": "button", "class": "btn", "data-action": "take-back",
                                            "data-seat": str(seat), "text": t("room_take_back", lang,
                                                                              player=str(p.get("name", "?")))}))
        note = "room_take_back_note" if buttons else "room_no_seat_free"
        return [h("p", {"data-testid": "room-take-back", "text": t(note, lang)})] + buttons

    def wire_dialog(self):
        listen(self.dialog, "click", self.on_click)
        listen(self.dialog, "keydown", self.on_key)

    def on_key(self, event):
        if event.key == "Enter" and event.target.id == "player-name":
            self.take_seat()

    def on_click(self, event):
        back = event.target.closest('[data-action="take-back"]')
        if event.target.closest('[data-action="take-seat"]'):
            self.take_seat()
        elif back:
            seat = int(back.getAttribute("data-seat"))
            name = str((self.players[seat] or {}).get("name", ""))
            document.getElementById("player-name").value = name
            self.take_seat()
        elif event.target.closest('[data-action="reload-room"]'):
            window.location.reload()  # the link, and so the room, is kept
        elif event.target.closest('[data-action="pair-answer"]') and self.manual:
            asyncio.create_task(self.answer_offer())
        elif event.target.closest("[data-copy]"):
            copy_from(self.dialog, event.target.closest("[data-copy]"))

    async def answer_offer(self):
        """Manual pairing: the host's offer code in, this page's answer code out (to send back),
        also as a QR code."""
        while self.wire is None:
            await asyncio.sleep_ms(50)
        self.offer_in = str(self.dialog.querySelector('[data-testid="pair-offer-in"]').value).strip()
        try:
            self.answer_out = str(await self.wire.answer(self.offer_in))
        except Exception as exc:
            self.notice("room_pair_bad", message=str(exc))
            return
        self.dialog.querySelector('[data-testid="pair-answer"]').value = self.answer_out
        await show_qr(self.dialog, "pair-answer-qr", self.answer_out)

    def take_seat(self):
        field = document.getElementById("player-name")
        name = str(field.value).strip() if field else ""
        if not is_name(name):
            self.status = "room_bad_name"
            self.draw_lobby()
            return
        self.name = name
        self.status = "room_joining"
        self.draw_lobby()
        self.hello()

    def remembered(self):
        """The name this browser took a seat with in this room, if any."""
        name = stored(SEAT_KEY + self.code) if self.code else ""
        return name if len(name) <= MAX_NAME else ""

    def remember(self):
        if not self.code:
            return
        try:
            window.localStorage.setItem(SEAT_KEY + self.code, self.name)
        except Exception:
            pass

    def forget(self):
        """This browser no longer holds a seat in the room: a reload does not take it back."""
        if self.code:
            try:
                window.localStorage.removeItem(SEAT_KEY + self.code)
            except Exception:
                pass

    def hello_message(self):
        return {"t": "hello", "name": self.name, "key": self.key}

    def hello(self):
        if self.wire is None or not self.name:
            return
        for peer in self.wire.peers():
            self.send(str(peer), self.hello_message())

    async def run(self):
        wire = self.wire
        while wire is not None and wire is self.wire and not self.ended:
            event = json.loads(str(await wire.next()))
            if wire is not self.wire or self.ended:
                return  # this page left the room, or its host closed it, while it waited
            try:
                if event["type"] == "join":
                    if self.name and (self.host is None or event["peer"] == self.host):
                        self.send(event["peer"], self.hello_message())
                elif event["type"] == "leave":
                    if event["peer"] == self.host:
                        self.host = None  # the host's reopened page is another peer
                        self.notice("room_host_gone")
                elif event["type"] == "msg":
                    self.on_message(event["peer"], event["data"])
            except Exception as exc:
                window.console.warn("room: " + str(exc))

    def on_message(self, peer, text):
        try:
            msg = json.loads(text)
        except ValueError:
            return
        if not isinstance(msg, dict):
            return
        kind = msg.get("t")
        if kind == "lobby" and (self.host is None or peer == self.host):
            self.host = peer
            self.say_who_is_back(self.players, msg["players"])
            self.players = msg["players"]
            you = msg.get("you")
            self.room_started = bool(msg.get("started"))
            if isinstance(you, int) and self.name:
                self.me = you
                self.seated = True
                self.status = "room_seated"
                self.remember()
            elif self.status == "room_connecting":
                self.status = "room_choose"
            if not self.room_started or not self.seated:
                self.draw_lobby()
            return
        if kind == "error" and not self.seated and msg.get("re") is None and self.host in (None, peer):
            # The host could not seat this page (the room is full, a bad name): said in the lobby.
            self.refusal = (str(msg.get("message", "?")), str(msg.get("zh") or msg.get("message", "?")))
            self.status = "room_not_seated"
            self.draw_lobby()
            return
        if peer != self.host:
            return  # only the host speaks for the table
        if kind in ("start", "update"):
            # The host sends what changed in this seat's view; the whole view, and the events it
            # left out, are rebuilt here, in the order the messages came.
            self.last = patch(None if kind == "start" else self.last, msg.get("delta"))
            msg["view"] = unpack_view(self.last)
            msg["events"] = unpack_events(msg.get("events") or [], msg["view"])
        if kind == "start":
            self.players = msg["players"]
            self.me = msg["you"]
            self.seated = True
            self.attach()
            self.c.queue(lambda: self.show_start(msg["view"]))
        elif kind in ("update", "hint", "error") and msg.get("re") in self.pending:
            pending = self.pending[msg["re"]]
            pending["error" if kind == "error" else "reply"] = msg
            pending["done"].set()
        elif kind == "update":
            self.c.queue(lambda: self.c.apply(msg))
        elif kind == "error":
            self.notice("room_refused", reason=msg.get("zh" if self.lang() == "zh" else "message", ""))
        elif kind == "react":
            self.show_reaction(msg.get("seat", 0), msg.get("emoji"))
        elif kind == "dropped":
            seat = msg.get("seat")
            if isinstance(seat, int) and 0 <= seat < 4 and self.players[seat]:
                self.notice("room_dropped", player=self.players[seat].get("name", "?"))
        elif kind == "closed":
            self.closed_by_host()

    def say_who_is_back(self, before, after):
        """A person whose seat a bot played (away, or gone) sits there again: said, in place of the
        notice that a bot plays for them."""
        back = []
        for seat in range(4):
            was, now = before[seat] or {}, after[seat] or {}
            if seat != self.me and was.get("kind") in ("away", "gone") and now.get("kind") == "guest":
                back.append(now.get("name", "?"))
        if back:
            kept = [n for n in self.c.s.notices if not (n[0] == "room_dropped" and n[1].get("player") in back)]
            self.c.s.notices = kept + [("room_back", {"player": name}) for name in back]
            self.c.render()

    def own_game(self):
        """The address of this browser's own game: this page's, without the room's fragment."""
        return str(window.location.pathname) + str(window.location.search)

    def closed_by_host(self):
        """The host closed the room (from its lobby, or leaving mid-match): said, with the way back to
        this browser's own game; nothing here waits for the host any more."""
        self.ended = True
        self.forget()
        if self.dialog.open:
            self.dialog.close()
        wire, self.wire = self.wire, None
        self.hang_up(say=False)  # the room's bar goes now; the relay a moment later
        if wire is not None:
            asyncio.create_task(self.leave_soon(wire))
        self.c.s.notices = []
        self.c.s.room_closed = self.own_game()
        self.c.render()

    async def leave_soon(self, wire):
        """Leave the relay once the closing host has dropped the link itself."""
        await asyncio.sleep(HOST_CLOSE_S)
        wire.leave()

    def attach(self):
        """The host's table becomes this page's: the controller's link is the room from now on."""
        c = self.c
        if not isinstance(c.link, RemoteLink):
            c.link = self.link
            c.s.engine = "ready"
            c.s.engine_error = ""
            c.s.search = "ready"  # the hint: the host's strongest bot, asked for this seat (Host.ask_hint)
            c.start_serving()

    async def show_start(self, view):
        c = self.c
        s = c.s
        s.new_table(view, "summary" if view["phase"] == "done" else None)
        s.busy = False
        s.notices = []
        if self.dialog.open:
            self.dialog.close()
        self.mount_bar()
        c.render()

    async def ask(self, message, wait_s=None):
        """Send the host a request (the player's intent, a hint) under a new id; the host's answer
        (its update, or the hint), or EngineError: its refusal, or no answer within `wait_s`."""
        self.next_id += 1
        key = self.next_id
        pending = {"done": asyncio.Event(), "reply": None, "error": None}
        self.pending[key] = pending
        message = dict(message)
        message["id"] = key
        self.send(self.host, message)
        try:
            if wait_s is None:
                await pending["done"].wait()
            else:
                await asyncio.wait_for(pending["done"].wait(), wait_s)
        except asyncio.TimeoutError:
            raise EngineError("NoAnswer", t("room_no_answer", "en"), t("room_no_answer", "zh")) from None
        finally:
            self.pending.pop(key, None)
        if pending["error"] is not None:
            error = pending["error"]
            raise EngineError("IllegalMove", error.get("message", "?"), error.get("zh"))
        return pending["reply"]

    def react(self, index):
        self.show_reaction(self.me, index)
        self.send(self.host, {"t": "react", "emoji": index})

    def leave(self):
        """The player leaves the room: the host is told, and this page goes back to the player's own
        game (the room's table is the host's; nothing of it can go on here)."""
        self.send(self.host, {"t": "leave"})
        self.forget()
        asyncio.create_task(self.go_home())

    async def go_home(self):
        left = self.hang_up(say=False)
        if left is not None:
            try:
                await left  # the host is told before the page goes (a link cut short ends in an error there)
            except Exception:
                pass
        window.location.replace(self.own_game())


def host_name(player, lang):
    """The host's name as a screen shows it: the name the host gave (text, never markup), else
    "the host"; a name that is not one (a forged message) is not shown."""
    name = player.get("name")
    if is_name(name):
        return name
    return t("room_the_host", lang)


def stored(key, storage=None):
    """What `storage` (the page's, localStorage unless given) holds under `key`: "" if nothing, or
    no storage (a sandboxed frame)."""
    try:
        value = (window.localStorage if storage is None else storage).getItem(key)
    except Exception:
        return ""
    return str(value) if value else ""


def browser_key(new_code):
    """This browser's key (32 hex digits, from `new_code()`: web/room.mjs's newCode), kept in
    localStorage: a reloaded page is known as the same browser and may take its seat back even
    before the host has seen its old connection go (`seat_for`). Without storage, a key for this
    page only."""
    try:
        key = window.localStorage.getItem(BROWSER_KEY)
        if key and is_key(str(key)):
            return str(key)
    except Exception:  # no storage (a sandboxed frame)
        pass
    key = str(new_code())
    try:
        window.localStorage.setItem(BROWSER_KEY, key)
    except Exception:
        pass
    return key


def hosting_record(controller):
    """The room this page held when it closed (Host.save), if its match is still the saved one."""
    from ui import store

    try:
        record = json.loads(str(controller.storage.getItem(HOSTING_KEY) or "null"))
    except ValueError:
        return None
    if not isinstance(record, dict) or not record.get("started") or room_code("#room=" + str(
            record.get("code"))) is None or not store.read_save(controller.storage)[0]:
        return None
    players = record.get("players")
    if not isinstance(players, list) or len(players) != 4 or not all(isinstance(p, dict) for p in players):
        return None
    return record


def mount(controller):
    """Add "Play with friends" and the room's dialog to the page; for a room link, seat this page
    as a guest. Returns the Guest (the page then starts no engine) or None."""
    button = menu_button("create-room")
    if button is None:
        return None
    document.head.appendChild(h("style", {"id": "room-style", "text": CSS}))
    document.body.appendChild(h("dialog", {"id": "dlg-room", "class": "dialog room-dialog",
                                           "aria-labelledby": "dlg-room-title"}))
    code = room_code(window.location.hash)
    fragment = str(window.location.hash)
    manual = fragment == "#pair" or fragment.startswith("#pair=")

    if code or manual:
        button.hidden = True
        guest = Guest(controller, code, manual, fragment[6:] if fragment.startswith("#pair=") else "")
        guest.wire_dialog()
        asyncio.create_task(guest.open())
        return guest
    state = {"host": None}
    record = hosting_record(controller)
    if record is not None:
        host = Host(controller)
        host.wire_dialog()
        state["host"] = host
        host.resume(record)

    def create(event):
        if state["host"] is not None and not state["host"].closed:
            state["host"].dialog.showModal()
            return
        if controller.s.engine != "ready":
            return
        host = Host(controller)
        host.wire_dialog()
        state["host"] = host
        asyncio.create_task(open_room(host))

    async def open_room(host):
        if not await host.open():
            state["host"] = None  # a later click tries again

    listen(button, "click", create)
    return None
