"""The controller: owns the game on the page. It holds the `State`, asks the engine worker (link.py), paces
the bots, plays sounds and asks the renderer to draw. Input handlers (input.py) call its intents.

The match itself lives in the worker (web/worker.py); the page keeps the last snapshot the worker
sent (`State.view`, the human's view) and a few things of its own (which dialog is open, the cards
being chosen, the trick on show while it is collected). Nothing is read back from the DOM.
"""

import asyncio
import json

from pyscript import document, window

from gongzhu.core import options
from gongzhu.core.cards import card_code, sort_for_display
from gongzhu.core.deal import deal_hands, hand_seed
from ui import query, store, tutorial
from ui.dom import duration_ms
from ui.engine import EngineError
from ui.i18n import about, cards_short, join_names, seat_name, t
from ui.link import EngineDown, Link
from ui.present import POSITIONS, can_claim, can_hint, can_take_back, forced_card, hand_mode, hint_text, my_turn
from ui.review import Reviewer
from ui.stats import Tracker

# Per speed: (ms a bot's card takes at least, ms a finished trick stays, ms it flies to its winner).
PACE = {
    "slow": (950, 1500, 520),
    "normal": (620, 1000, 360),
    "fast": (300, 520, 220),
    "instant": (0, 0, 0),
}
THINK_MARGIN_MS = 150
"""Of a paced bot move's pace, what the worker's messages, the engine's own work and the drawing
are given: a search bot may think for the rest (``Table.advance``'s ``pace_ms``), as the player
waits that long anyway."""
FORCED_PAUSE = {"slow": 900, "normal": 600, "fast": 400, "instant": 250}  # ms before the only legal card goes
LOADING = "__loading__"
WHERE_NOTICES = ("resumed", "shared_deal")  # notices that only say where the player is: gone with their first card


class Intents:
    """The controller's one queue of jobs (async functions of no arguments): the human's intents.

    `Controller.serve` runs them one at a time and, while none waits, lets the bots move, so no two
    exchanges with the engine, and nothing the table shows of them, ever interleave. A job checks
    the table when its turn comes: a click queued twice does its work once.
    """

    def __init__(self):
        self.jobs = []
        self.wake = asyncio.Event()

    def put(self, job):
        self.jobs.append(job)
        self.wake.set()


class State:
    """Everything the renderer draws from."""

    def __init__(self, settings):
        self.settings = settings
        self.view = None  # the worker's snapshot (or a preview made on the main thread)
        self.preview = True  # the view was not made by the engine: nothing can be played yet
        self.engine = "loading"  # the worker holding the match: loading, ready, failed, restarting
        self.engine_error = ""
        self.worker = ""  # which worker holds the match: quick (MicroPython) or full (Pyodide)
        # The full (Pyodide) worker, for the hint and the search bots: idle, loading, ready, failed.
        self.search = "idle"
        self.search_error = ""
        self.waiting_search = False  # a search bot's turn waits for the full worker
        self.version = ""
        self.loading_secs = 0.0
        self.screen = None  # None or settings, help, scores, summary, last
        self.selected = []  # cards chosen to pass or expose
        self.shown_trick = None  # a finished trick still on the table: [[seat, code], ...]
        self.trick_winner = None
        self.collecting = None  # the seat the finished trick flies to
        self.reason_card = None
        self.reason_text = None
        self.hint = None
        self.busy_hint = False
        self.lesson_text = None  # the lesson whose text shows over the table (web/ui/lesson_view.py)
        self.busy = False
        self.notices = []  # [(i18n key, params)]
        self.announce = ""
        self.announce_id = 0
        self.deal_token = 0
        self.focus_card = None
        self.focus_token = 0
        self.keyboard = False
        self.pass_note = None
        self.exposures = []  # this hand's exposure decisions: [i18n key, seat, cards], for the prompt
        self.forced_token = 0  # the only legal card's pending play: a newer turn (or a click) supersedes it
        self.review = None  # the hand review (web/ui/review.py): None or its status and results
        self.ask_new = False  # the settings ask before a new match gives up the match in progress
        self.rule_error = None  # a house rule's value the settings refused: (name, the value typed)
        self.back_to = None  # the screen a dialog closes back to (None: the table)
        # A shared link's deal, waiting for the player to choose it over the match in progress:
        # {"seed", "rules", "preset"} (web/ui/render.py's `shared_offer`).
        self.shared_offer = None
        self.room_closed = None  # a guest's room the host closed: the address of this browser's own game
        self.guest = False  # this page sits at a friend's room (web/ui/room.py's Guest): the match is the host's
        # In an online room, what each seat's plate says, by this screen's seats: {"person": name}
        # or {"level": a bot's level} (web/ui/room.py's `Room.plates`); None outside a room.
        self.room_plates = None

    def new_table(self, view, screen=None):
        """Show `view`, a match the engine has just started, loaded or turned back, with nothing of
        the table before it left: no choice, hint, reason, trick on show or pass note."""
        self.view = view
        self.preview = False
        self.screen = screen
        self.selected = []
        self.hint = None
        self.reason_card = None
        self.reason_text = None
        self.pass_note = None
        self.exposures = []
        self.shown_trick = None
        self.trick_winner = None
        self.collecting = None
        self.deal_token += 1


def in_progress(view):
    """Whether starting another match gives up this one: a hand of it scored, or a card of the
    player's played, and it is not over."""
    return bool(view) and not view["match"]["is_over"] and bool(
        view["match"]["hand_scores"] or any(seat == 0 for seat, _ in view["played"]))


def random_seed():
    """A fresh 32-bit match seed (short enough to share in a URL)."""
    return int(window.Math.random() * 4294967296) & 0xFFFFFFFF


def preview_view(seed, rules):
    """What the table shows before the engine is ready: the human's first hand, dealt here.

    gongzhu.core.deal is the same portable shuffle the engine uses, so these are the very cards the
    engine will deal for this seed.
    """
    cards = deal_hands(hand_seed(seed, 0))[0]
    return {
        "phase": "deal", "hand": [card_code(c) for c in sort_for_display(cards)], "hand_counts": [13, 13, 13, 13],
        "exposed": [[], [], [], []], "captured": [[], [], [], []], "trick": [], "tricks": [], "played": [],
        "rules": rules, "legal": [], "illegal": {}, "history": [], "passing": None, "to_play": None,
        "exposure_decided": [False] * 4, "hearts_broken": False, "your_move": None, "bot_next": None, "turn": None,
        "match": {"seed": seed, "totals": [0, 0, 0, 0], "hand_number": 0, "is_over": False},
    }


class Controller:
    """One controller owns the game (2048's game manager): intents in, state out, renderer called."""

    def __init__(self, renderer, sound, storage, search, language, connect_full=None, guest=False):
        self.renderer = renderer
        self.connect_full = connect_full  # an async function starting the full worker (web/ui/engine.py)
        self.sound = sound
        self.storage = storage
        self.search = search
        self.s = State(store.load_settings(storage, language))
        self.s.guest = guest
        problem = store.settings_problem(storage, self.s.settings)
        if problem:
            self.s.notices.append((problem, {}))
        self.stats = Tracker(storage)  # the player's statistics (web/ui/stats.py)
        if self.stats.notice:
            self.s.notices.append((self.stats.notice, {}))
        self.sound.enabled = self.s.settings["sound"]
        self.link = Link(self.s, storage, self.render)  # the engine worker: calls, watchdog, restart, saving
        self.intents = None  # the queue `serve` runs, once the engine is up (a restart makes a new one)
        self.waited = asyncio.Event()  # set the first time the table waits for the human (web/ui/main.py)
        self.was_my_turn = False  # as last rendered: a turn that comes while the page is hidden chimes
        self.pending = None  # what to ask the engine for once it is up: ("new", seed, rules) / ("load", text)
        self.reviewer = Reviewer(self)  # the hand review's runs (web/ui/review.py)
        self.tutorial_setup()
        self.observers = []  # functions shown every engine answer before the table is (an online room's host)

    # ------------------------------------------------------------------ helpers

    def render(self):
        s = self.s
        if s.screen in ("summary", "review") and not (s.view and s.view["phase"] == "done"):
            s.screen = None  # the hand summary and its review belong to a finished hand, never to the next one
        mine = my_turn(s)
        if mine and not self.was_my_turn and document.hidden:
            self.sound.your_turn()  # the player is in another tab (the tab's title says it too: Renderer.page)
        self.was_my_turn = mine
        self.renderer.render(s)

    def lang(self):
        return self.s.settings["lang"]

    def pos(self):
        return POSITIONS[self.s.settings["direction"]]

    def name(self, seat):
        return seat_name(seat, self.lang(), self.pos()[seat])

    def about(self, key, seat, **params):
        """A sentence whose subject is `seat` (i18n.about: "You" agrees with its verb)."""
        return about(key, self.lang(), seat, self.pos()[seat], **params)

    def pace(self):
        return PACE[self.s.settings["speed"]]

    def say(self, text):
        """Announce through the live region (screen readers)."""
        self.s.announce = text
        self.s.announce_id += 1

    async def wait_ms(self, ms):
        if ms > 0:
            await asyncio.sleep_ms(int(ms))

    # ------------------------------------------------------------------ start-up

    def boot(self):
        """Before the engine: settings, the URL's shared deal or the saved match, the dealt cards shown.

        A generator: it draws the table in parts (`Renderer.parts`) and yields between them, so that
        the page can let the browser breathe at each step (web/ui/main.py).
        """
        s = self.s
        lang, refused = store.url_language(self.search)
        if lang:
            s.settings["lang"] = lang  # the link's language, for this visit (saved only with a settings change)
        seed, preset, notices = store.shared_deal(self.search)
        if refused is not None:
            notices.insert(0, ("bad_lang", refused))
        colours, refused_colours = store.url_colours(self.search)
        if colours:
            s.settings["colours"] = colours  # the link's deck, for this visit (like its language)
        if refused_colours is not None:
            notices.insert(0, ("bad_colours", refused_colours))
        for key, value in notices:
            s.notices.append((key, {"value": value}))
        if self.lesson_requested():
            s.preview = True
            yield
            yield from self.renderer.parts(s)
            return
        saved, problem = store.read_save(self.storage)
        view = None
        if saved:
            try:
                view = store.restore(saved, s.settings["levels"])
            except Exception:  # a match the engine refuses: said once, then a fresh deal
                saved, problem = None, "save_corrupt"
        if problem:
            s.notices.append((problem, {}))
            store.clear_save(self.storage)
        if seed is not None:
            rules = options.resolve(None, preset) if preset else dict(s.settings["rules"])
            shared = ("shared_deal", {"seed": seed, "preset": preset or options.preset_of(rules) or "custom"})
            if view and view["match"].get("seed") == seed and (preset is None or view.get("rules") == rules):
                # Reloading a shared deal's page resumes it rather than dealing it again (a link
                # without rules= dealt with the player's rules, which may have changed since for
                # the next match).
                s.view = view
                self.pending = ("load", saved)
                s.notices.append(shared)
            elif view and in_progress(view):
                # The match in progress stays on the table until the player chooses the link's deal.
                s.view = view
                self.pending = ("load", saved)
                s.shared_offer = dict(shared[1], rules=rules)
            else:
                self.start_fresh(seed, rules)
                s.notices.append(shared)
        else:
            if view:
                s.view = view
                self.pending = ("load", saved)
            else:
                rules = dict(s.settings["rules"])
                if preset:
                    rules = options.resolve(None, preset)
                self.start_fresh(random_seed(), rules)
        s.preview = True
        yield
        try:
            yield from self.renderer.parts(s)
        except Exception:
            # A saved match the table cannot draw: forget it and deal afresh.
            if self.pending and self.pending[0] == "load":
                s.notices.append(("save_corrupt", {}))
                store.clear_save(self.storage)
                self.renderer.keys = {}
                self.start_fresh(random_seed(), dict(s.settings["rules"]))
                self.render()
            else:
                raise

    def start_fresh(self, seed, rules):
        self.s.view = preview_view(seed, rules)
        self.s.deal_token += 1
        self.pending = ("new", seed, rules)

    def tick_loading(self, secs):
        self.s.loading_secs = secs
        self.render()

    async def engine_ready(self, engine):
        """The quick worker answered: start (or resume) the match it should play, then let the bots
        move, and load the full worker in the background."""
        self.link.attach(engine)
        try:
            await self.first_answers()
            await self.begin()
        except EngineDown:
            return
        self.start_serving()

    async def first_answers(self):
        """What the page asks the first worker that answers: its version and the levels its bots
        play; and the watchdog starts."""
        asyncio.create_task(self.link.watchdog())
        self.s.version = await self.link.call("version")
        self.link.playable = await self.link.call("bot_levels")

    def load_search(self):
        """Start loading the full worker (the hint, the search bots), once."""
        if self.connect_full is not None and self.s.search == "idle" and not self.in_lesson():
            asyncio.create_task(self.link.load_search(self.connect_full, self.wake))

    def wake(self):
        """Let the queue look again at what it may do (the full worker is up, or failed)."""
        if self.intents is not None:
            self.intents.wake.set()

    async def begin(self):
        """Ask the engine for the pending match; a save it cannot read means a fresh match."""
        s = self.s
        levels = self.seat_levels()
        if self.pending and self.pending[0] == "lesson":
            number = self.pending[1]
            self.pending = None
            await self.open_lesson(number)
            return
        if self.pending and self.pending[0] == "load":
            try:
                view = await self.link.call("load", self.pending[1], levels, self.link.humans)
                self.show_view(view)
                s.preview = False
                if view["phase"] == "done":
                    s.screen = "summary"
                if not s.notices and not s.shared_offer:  # (the question says the match is there)
                    s.notices.append(("resumed", {}))
                self.pending = None
                self.render()
                self.offer_forced()
                await self.link.persist()
                return
            except EngineError:
                s.notices.append(("save_corrupt", {}))
                store.clear_save(self.storage)
                seed = random_seed()
                self.start_fresh(seed, dict(s.settings["rules"]))
        _, seed, rules = self.pending
        view = await self.link.call("new_match", seed, rules, levels)
        self.stats.match_started(view)
        self.show_view(view)
        s.preview = False
        self.pending = None
        self.render()
        self.offer_forced()
        await self.link.persist()

    def show_view(self, view):
        self.s.view = view

    async def restart_engine(self, connect):
        """After a worker failure: start a new worker and resume the match from the last save."""
        s = self.s
        if not await self.link.restart(connect):
            return
        if not s.version:  # the page's first worker never answered (web/ui/main.py)
            try:
                await self.first_answers()
            except EngineDown:
                return
        s.busy = False
        self.intents = None  # the old queue's loop ends; what it held was for the old worker
        saved = store.read_save(self.storage)[0]
        if self.in_lesson():
            self.pending = ("lesson", s.view["lesson"]["number"])
        elif saved:
            self.pending = ("load", saved)
        elif s.view and s.view.get("match"):
            self.pending = ("new", s.view["match"]["seed"], s.view["rules"])
        else:
            self.pending = ("new", random_seed(), dict(s.settings["rules"]))
        try:
            await self.begin()
        except EngineDown:
            return
        self.start_serving()

    # ------------------------------------------------------------------ the queue and the bots' turns

    def start_serving(self):
        self.intents = Intents()
        asyncio.create_task(self.serve(self.intents))

    def seat_levels(self):
        """The bot level of each seat for the engine: the settings', with `normal` in place of a
        search bot once the full worker has failed to load."""
        levels = list(self.s.settings["levels"])
        if self.s.search == "failed":
            levels = [lv if lv in self.link.playable else "normal" for lv in levels]
        return levels

    async def next_bot_ready(self):
        """Whether the bot to move next can decide now. Once the full worker is up, the match moves
        to it at the next bot's turn, whatever its level: every bot plays there, `normal` too, which
        searches all its worlds there faster than MicroPython searches fewer within its clock (a
        lesson, which is never saved, stays where it is). Until then a search bot's turn waits, and
        the table says those bots are getting ready (the human may still decide what needs no
        bot)."""
        s = self.s
        level = s.view["levels"][s.view["bot_next"]]
        if s.search == "failed" and level not in self.link.playable:
            s.waiting_search = False
            await self.push_levels()  # the failed search bots' seats are played by `normal`
            return True
        if s.search == "ready" and self.link.holds_match() == "quick" and not self.in_lesson():
            s.view = await self.link.move_to_full(self.seat_levels())
            s.waiting_search = False
            self.render()
            return True
        if not self.link.needs_search(level):
            return True
        if not s.waiting_search:
            s.waiting_search = True
            self.render()
        self.load_search()
        return False

    def queue(self, job):
        """Queue an intent's work (an async function of no arguments) once the engine is up."""
        if self.intents is not None:
            self.intents.put(job)

    async def serve(self, intents):
        """Run the queued intents one at a time; while none waits and a bot is to decide, one bot
        move. Ends when a restarted engine has a queue of its own."""
        while self.intents is intents:
            s = self.s
            try:
                if intents.jobs:
                    await intents.jobs.pop(0)()
                elif s.engine == "ready" and s.view and s.view.get("bot_next") is not None and (
                        await self.next_bot_ready()):
                    await self.bot_move()
                elif intents.jobs:
                    continue
                else:
                    # The table waits for the human: now, and not before the first decision is
                    # playable, Pyodide may start loading (it never competes with the first move).
                    self.waited.set()
                    self.load_search()
                    intents.wake.clear()
                    await intents.wake.wait()
            except EngineDown:
                pass  # said on the table (fail); a restart starts a new queue
            except Exception as exc:  # a fault of the page's own: say it, offer the restart, keep serving
                self.link.fail("{}: {}".format(type(exc).__name__, exc))

    async def bot_move(self):
        """One bot decision, shown at a readable pace."""
        v = self.s.view
        paced = v["phase"] == "play" or (v["phase"] == "expose" and v["rules"]["exposure_mode"] == "open")
        started = window.performance.now()
        # A paced move is shown no sooner than its pace: the bot may think for most of it.
        reply = await self.link.call("advance", max(0, self.pace()[0] - THINK_MARGIN_MS) if paced else 0)
        if paced:
            await self.wait_ms(self.pace()[0] - (window.performance.now() - started))
        await self.apply(reply)

    async def apply(self, reply):
        """Show what happened (events) and the new snapshot: sounds, announcements, trick pacing."""
        for observe in self.observers:
            observe(reply)
        s = self.s
        lang = self.lang()
        view = reply["view"]
        announced = s.announce_id
        trick = None
        hand_over = False
        claimed = ""  # the claim's sentence, when the rest was played out at once
        for event in reply["events"]:
            kind = event["type"]
            if kind == "claim":
                claimed = self.about("claimed", event["seat"])
                self.sound.card()
                self.say(claimed)
            elif kind == "take_back":
                s.shown_trick = None
                s.trick_winner = None
                s.collecting = None
                mine = [code for seat, code in event["cards"] if seat == event["seat"]]
                self.say(t("took_back", lang, cards=cards_short(mine)))
            elif claimed and kind in ("play", "trick"):
                continue  # the rest of a claim's cards: it is told at once, not card by card
            elif kind == "play":
                self.sound.card()
            elif kind == "trick":
                trick = event
            elif kind == "hand_over":
                hand_over = True
            elif kind == "expose" and event["cards"]:
                # Only exposures are told, as at a real table: saying who declined would tell
                # apart the seats that hold no special card (the engine never asks those).
                s.exposures.append(["exposed_by", event["seat"], event["cards"]])
                self.say(self.about("exposed_by", event["seat"], cards=cards_short(event["cards"])))
            elif kind == "auto_expose":
                s.exposures.append(["auto_exposed", event["seat"], event["cards"]])
                self.say(self.about("auto_exposed", event["seat"], card=cards_short(event["cards"])))
            elif kind == "passes_done":
                p = view.get("passing") or {}
                s.pass_note = {"given": p.get("passed") or [], "got": p.get("received") or [],
                               "to": p.get("to", 1), "from": p.get("from", 3)}
                self.say(t("passed_received", lang, given=cards_short(s.pass_note["given"]),
                           got=cards_short(s.pass_note["got"]), to=self.name(s.pass_note["to"]),
                           frm=self.name(s.pass_note["from"])))
            elif kind == "new_hand":
                s.deal_token += 1
                s.pass_note = None
                s.exposures = []
        s.view = view
        self.lesson_judged()
        if trick is not None:
            await self.show_trick(trick)
        if hand_over:
            # Saved, and counted in the statistics, before the summary shows: a player who leaves
            # at once keeps the finished hand (the statistics count each hand once: web/ui/stats.py).
            lesson = self.in_lesson()
            if not lesson:  # a lesson's hand is no hand of the player's matches
                self.stats.hand_finished(view)
            await self.link.persist()
            self.sound.hand_end()
            s.screen = None if lesson else "summary"  # a lesson's panel gives its outcome
            match = view["match"]
            mine = view["breakdown"][0]["total"]
            text = t("hand_score", lang) + ": " + str(mine)
            if match["is_over"]:
                text = t("match_over", lang) + ". " + t("winner_is", lang, names=join_names(
                    [self.name(x) for x in match["winners"]], lang))
            self.say((claimed + " " if claimed else "") + text)
        if view.get("your_move") == "play" and not hand_over:
            # Screen readers hear whose turn it is after what just happened.
            said = s.announce if s.announce_id != announced else ""
            forced = forced_card(s)
            turn = t("forced_card", lang, card=cards_short([forced])) if forced else t("your_turn", lang)
            self.say((said + " " if said else "") + turn)
        if s.keyboard and view.get("your_move") == "play" and view["legal"]:
            s.focus_card = view["legal"][0]
            s.focus_token += 1
        self.render()
        if not any(event["type"] == "take_back" for event in reply["events"]):
            self.offer_forced(announce=False)  # (not after a take-back: that would play the same card again)
        if view.get("bot_next") is None and not hand_over:
            # Saved whenever the table waits for the human (and after the human's own moves, and
            # before a finished hand's summary), not after each bot move: less main-thread work
            # while the bots play, and their moves replay the same.
            await self.link.persist()

    async def show_trick(self, trick):
        """Pace a finished trick: on the table, its winner named, then flown to them."""
        s = self.s
        pace = self.pace()
        winner = trick["winner"]
        points = trick["points"]
        s.shown_trick = trick["cards"]
        s.trick_winner = None
        self.render()
        await self.wait_ms(pace[1] * 0.35)
        s.trick_winner = winner
        if points:
            self.say(self.about("trick_won_points", winner, cards=cards_short(points)))
        else:
            self.say(self.about("trick_won", winner))
        if "QS" in points:
            self.sound.pig()
        elif any(c.endswith("H") for c in points):
            self.sound.hearts()
        self.render()
        await self.wait_ms(pace[1] * 0.65)
        s.collecting = winner
        self.render()
        await self.wait_ms(pace[2])
        s.shown_trick = None
        s.trick_winner = None
        s.collecting = None

    # ------------------------------------------------------------------ the human's intents

    def request_act(self, kind, arg):
        """Queue the human's pass, exposure or play; until it is answered the table shows it on its way."""
        s = self.s
        if s.busy or self.intents is None:
            return
        s.busy = True
        self.render()
        self.queue(lambda: self.act(kind, arg))

    async def act(self, kind, arg):
        """The human's pass, exposure or play, sent to the engine (which may refuse it)."""
        s = self.s
        try:
            try:
                reply = await self.link.call("act", kind, arg)
            except EngineError as exc:
                s.busy = False
                if kind == "play":
                    s.reason_card = arg
                s.reason_text = [exc.message, exc.zh]
                self.render()
                return
            s.selected = []
            s.hint = None
            s.lesson_text = None  # the player has read the lesson and is playing it
            s.reason_card = None
            s.reason_text = None
            s.busy = False
            s.notices = [n for n in s.notices if n[0] not in WHERE_NOTICES]
            if s.shared_offer:  # playing on keeps the match: the question is answered
                self.answer_shared(False)
            # Saved as soon as the table shows it (the save runs at apply's first pause, or right
            # after it): a reload while the bots answer keeps the card played, and cannot hand it
            # back to be played again once their answers are seen.
            saving = asyncio.create_task(self.link.persist())
            await self.apply(reply)
            await saving
        finally:
            s.busy = False

    def card_clicked(self, code, keyboard=False):
        s = self.s
        s.keyboard = keyboard
        mode = hand_mode(self.s)
        if mode == "play":
            reason = self.illegal_reason(code)
            if reason:
                s.reason_card = code
                s.reason_text = reason
                self.render()
                return
            s.focus_card = None
            self.request_act("play", code)
        elif mode == "pass":
            n = s.view["passing"]["count"]
            if code in s.selected:
                s.selected.remove(code)
            elif len(s.selected) < n:
                s.selected.append(code)
            s.focus_card = code
            s.focus_token += 1
            self.render()
        elif s.preview:
            s.reason_card = code
            s.reason_text = LOADING
            self.render()

    def illegal_reason(self, code):
        """The engine's reason why `code` may not be played now, as [English, Chinese], or None."""
        v = self.s.view
        en = v["illegal"].get(code)
        if not en:
            return None
        return [en, v.get("illegal_zh", {}).get(code, en)]

    def show_reason(self, code):
        """Hover or focus on a card: say why it may not be played (the engine's reason), if it may not."""
        s = self.s
        text = None
        if code and hand_mode(self.s) == "play":
            text = self.illegal_reason(code)
        if text:
            s.reason_card, s.reason_text = code, text
        elif s.reason_card is not None:
            s.reason_card, s.reason_text = None, None
        else:
            return
        self.render()

    def move_focus(self, current, step):
        """Arrow keys in the hand: the next card that may be played (or chosen), wrapping round."""
        s = self.s
        v = s.view
        if not v:
            return
        s.keyboard = True
        cards = v["hand"]
        mode = hand_mode(self.s)
        if mode == "play":
            cards = [c for c in v["hand"] if c in v["legal"]]
        if not cards:
            return
        if current in cards:
            i = (cards.index(current) + step) % len(cards)
        elif current in v["hand"]:
            # From a card that may not be played: the nearest playable one in that direction.
            at = v["hand"].index(current)
            order = v["hand"][at + 1:] + v["hand"][:at] if step > 0 else list(reversed(v["hand"][:at])) + list(
                reversed(v["hand"][at + 1:]))
            target = [c for c in order if c in cards]
            i = cards.index(target[0]) if target else 0
        else:
            i = 0 if step > 0 else len(cards) - 1
        s.focus_card = cards[i]
        s.focus_token += 1
        self.render()

    def toggle_expose(self, code):
        s = self.s
        if code in s.selected:
            s.selected.remove(code)
        else:
            s.selected.append(code)
        self.render()

    def confirm_expose(self):
        v = self.s.view
        if v and v.get("your_move") == "expose":
            chosen = [c for c in self.s.selected if c in v["exposable"]]
            self.request_act("expose", chosen)

    def confirm_pass(self):
        v = self.s.view
        if v and v.get("your_move") == "pass" and len(self.s.selected) == v["passing"]["count"]:
            self.request_act("pass", list(self.s.selected))

    def offer_forced(self, announce=True):
        """With the setting on, the player's only legal card is played for them after a pause long
        enough to read (a click on it plays it at once)."""
        s = self.s
        card = forced_card(s)
        if card is None:
            return
        s.forced_token += 1
        if announce:
            self.say(t("forced_card", self.lang(), card=cards_short([card])))
            self.render()
        asyncio.create_task(self.play_forced(s.forced_token, card))

    async def play_forced(self, token, card):
        await self.wait_ms(duration_ms("gongzhuForcedPauseMs", FORCED_PAUSE[self.s.settings["speed"]]))
        if self.s.forced_token == token and forced_card(self.s) == card:
            self.request_act("play", card)

    def claim(self):
        """"Play out the rest": the engine finishes the hand at once (offered only when it changes nothing)."""
        if can_claim(self.s):
            self.queue(lambda: self.send("claim"))

    def take_back(self):
        """Against the bots: take back the player's last card (the bots' cards after it too)."""
        if can_take_back(self.s):
            self.queue(lambda: self.send("take_back"))

    async def send(self, name):
        """A claim or a take-back, sent to the engine; a refusal (the moment passed) is shown as a reason."""
        s = self.s
        if s.engine != "ready":
            return
        try:
            reply = await self.link.call(name)
        except EngineError as exc:
            s.reason_card = None
            s.reason_text = [exc.message, exc.zh]
            self.render()
            return
        s.hint = None
        s.lesson_text = None  # a decision, like a card
        s.reason_card = None
        s.reason_text = None
        s.selected = []
        await self.apply(reply)

    def next_hand(self):
        self.queue(self.deal_next_hand)

    async def deal_next_hand(self):
        """The next hand (a new match after the last one), once the hand on the table is over."""
        s = self.s
        v = s.view
        if not v or v["phase"] != "done" or s.engine != "ready":
            return
        if v["match"]["is_over"]:
            await self.start_new_match(None)
            return
        try:
            reply = await self.link.call("next_hand")
        except EngineError:
            return
        s.screen = None
        s.hint = None
        await self.apply(reply)

    def ask_new_match(self):
        """A new match with the settings' rules, once the player says so if it gives up a match in
        progress."""
        if in_progress(self.s.view):
            self.s.ask_new = True
            self.render()
        else:
            self.new_match()

    def answer_new_match(self, yes):
        self.s.ask_new = False
        if yes:
            self.new_match()
        else:
            self.render()

    def answer_shared(self, yes):
        """The player's choice between a shared link's deal and the match in progress. Kept, the
        match stays and the link's deal leaves the address (a reload resumes the match)."""
        offer = self.s.shared_offer
        self.s.shared_offer = None
        if offer is None:
            return
        if yes:
            notice = ("shared_deal", {"seed": offer["seed"], "preset": offer["preset"]})
            self.new_match(offer["rules"], offer["seed"], notice)
            return
        url = window.URL.new(window.location.href)
        for name in ("seed", "rules"):
            url.searchParams.delete(name)
        window.history.replaceState(None, "", url.href)
        self.render()

    def new_match(self, rules=None, seed=None, notice=None):
        """A new match with the settings' rules (or `rules`), a fresh seed (or `seed`), with
        `notice` (an i18n key and its values) or none."""
        s = self.s
        seed = random_seed() if seed is None else seed
        if s.engine == "loading":
            # Before the engine: deal the new match here; the engine starts it when it is up.
            self.start_fresh(seed, rules or dict(s.settings["rules"]))
            store.clear_save(self.storage)  # the saved match is given up: a restart deals this one
            s.screen = None
            s.notices = [notice] if notice else []
            self.render()
            return
        self.queue(lambda: self.start_new_match(rules, seed, notice))

    async def start_new_match(self, rules, seed=None, notice=None):
        s = self.s
        if s.engine != "ready":
            return
        try:
            view = await self.link.call("new_match", random_seed() if seed is None else seed,
                                         rules or dict(s.settings["rules"]), self.seat_levels())
            await self.show_match(view, notice)
        except EngineError:
            return

    async def show_match(self, view, notice=None):
        """Put a match the engine has just started or loaded on the table, with a clean slate (but
        `notice`, if any)."""
        s = self.s
        self.stats.match_started(view)
        s.new_table(view)
        s.notices = [notice] if notice else []
        self.render()
        self.offer_forced()
        await self.link.persist()

    def import_match(self, match_json, answer):
        """Play an imported match (the engine's JSON) in place of the current one: `answer(None)`
        once it is on the table, `answer(reason)` when the engine refuses it (nothing changes then)."""
        s = self.s
        if self.intents is None or s.engine != "ready":
            answer(t("engine_loading", self.lang()))
            return

        async def load():
            try:
                view = await self.link.call("load", match_json, self.seat_levels())
            except EngineError as exc:
                answer(exc.message)
                return
            await self.show_match(view)  # (a finished hand's summary is a click away: the prompt offers it)
            answer(None)

        self.queue(load)

    def hint(self):
        s = self.s
        if s.busy_hint or not can_hint(s):
            return
        s.busy_hint = True
        s.hint = {"phase": "thinking", "en": t("hint_thinking", "en"), "zh": t("hint_thinking", "zh")}
        self.render()
        self.queue(self.find_hint)

    async def find_hint(self):
        s = self.s
        try:
            s.hint = await self.link.call_full("hint")
            if s.hint.get("phase") == "play":
                s.focus_card = s.hint.get("decision")
                s.focus_token += 1
            self.say(hint_text(s.hint, self.lang()))
        except EngineError as exc:
            s.hint = {"phase": "none", "en": exc.message, "zh": exc.zh}
        except EngineDown:
            s.hint = None
            raise
        finally:
            s.busy_hint = False
            self.render()

    def open(self, screen):
        # The score sheet opened from the hand's summary closes back to it (as the review does).
        self.s.back_to = "summary" if self.s.screen == "summary" and screen == "scores" else None
        self.s.screen = screen
        self.render()

    def close(self):
        if self.s.screen is None:
            return
        self.s.ask_new = False
        self.s.rule_error = None
        if self.s.screen == "review":
            # Closing the review stops it and goes back to the hand summary.
            self.reviewer.stop()
            self.s.screen = "summary"
        else:
            self.s.screen = self.s.back_to
        self.s.back_to = None
        self.render()

    def dismiss_notice(self):
        self.s.notices = []
        self.render()

    # ------------------------------------------------------------------ the tutorial (ui/tutorial.py)

    def tutorial_setup(self):
        """The tutorial's part of the state: its record, the first visit's offer (shown once), the
        way back to the player's game."""
        s = self.s
        s.tutorial, problem = tutorial.load_progress(self.storage)
        if problem:
            s.notices.append((problem, {}))
            tutorial.save_progress(self.storage, s.tutorial)
        s.embedded = query.parse_query(str(self.search or "")).get("embed") == "1"
        s.game_href = tutorial.game_link(self.search)
        s.query = str(self.search or "")  # for the tutorial's link in Help (`tutorial.lesson_link`)
        # Not over a room's lobby (a lesson would leave the room): the next visit of the player's own.
        s.offer = not s.guest and tutorial.first_visit(self.storage, self.search)
        if s.offer:
            s.tutorial["offered"] = True
            tutorial.save_progress(self.storage, s.tutorial)

    def lesson_requested(self):
        """`?lesson=N` asks for a lesson: it is what the engine starts with, and the saved match is
        neither read nor replaced. A bad value is refused with a notice (then the usual game)."""
        number, refused = tutorial.url_lesson(self.search)
        if refused is not None:
            self.s.notices.append(("bad_lesson", {"value": refused}))
        if number is None:
            return False
        self.pending = ("lesson", number)
        return True

    def in_lesson(self):
        v = self.s.view
        return bool(v and v.get("lesson"))

    def go_lesson(self, number):
        """Open lesson `number` (the offer, the row of lessons, "next", "try again")."""
        s = self.s
        s.offer = False
        if s.engine == "loading":
            self.pending = ("lesson", number)
            self.render()
            return
        self.queue(lambda: self.open_lesson(number))

    def next_lesson(self):
        if self.in_lesson():
            lesson = self.s.view["lesson"]
            self.go_lesson(min(lesson["number"] + 1, lesson["count"]))

    def retry_lesson(self):
        if self.in_lesson():
            self.go_lesson(self.s.view["lesson"]["number"])

    def toggle_lesson_text(self):
        """Show or hide the lesson's text over the table (its button, and "Got it")."""
        s = self.s
        if self.in_lesson():
            number = s.view["lesson"]["number"]
            s.lesson_text = None if s.lesson_text == number else number
            self.render()

    def decline_offer(self):
        self.s.offer = False
        self.render()

    async def open_lesson(self, number):
        """The engine plays lesson `number` in place of the match (which stays saved, untouched)."""
        s = self.s
        try:
            view = await self.link.call("lesson", number)
        except EngineError as exc:
            s.reason_card = None
            s.reason_text = [exc.message, exc.zh]
            self.render()
            return
        s.new_table(view)
        s.lesson_text = number  # its text shows until the player's first decision
        s.notices = [n for n in s.notices if n[0] in ("bad_lang", "bad_colours", "tutorial_corrupt")]
        try:
            window.history.replaceState(None, "", tutorial.with_lesson(str(window.location.search), number))
        except Exception:
            pass  # (an address that cannot change: the lesson is played all the same)
        self.render()
        self.offer_forced()

    def lesson_judged(self):
        """A lesson whose goal was met is remembered as completed."""
        v = self.s.view
        lesson = v.get("lesson") if v else None
        if lesson and lesson["verdict"] and lesson["verdict"]["met"]:
            tutorial.mark_done(self.storage, self.s.tutorial, lesson["number"])

    # ------------------------------------------------------------------ settings

    def set_setting(self, name, value, seat=None):
        """A settings control changed: remember it and apply it (rules wait for the next match)."""
        s = self.s
        st = s.settings
        if name == "lang" and value in ("en", "zh"):
            st["lang"] = value
        elif name == "speed" and value in store.SPEEDS:
            st["speed"] = value
        elif name == "back" and value in store.BACKS:
            st["back"] = value
        elif name == "direction" and value in store.DIRECTIONS:
            st["direction"] = value
        elif name == "sound":
            st["sound"] = bool(value)
            self.sound.enabled = st["sound"]
        elif name == "colours":
            st["colours"] = 4 if value else 2
        elif name == "forced" and value in store.FORCED:
            st["forced"] = value
        elif name == "level" and seat in (1, 2, 3):
            st["levels"][seat] = value
            if s.engine == "ready":
                self.queue(self.push_levels)
        elif name == "preset" and value in options.PRESETS:
            st["rules"] = options.resolve(None, value)
        elif name == "rule":
            rule, raw = value
            try:
                parsed = int(raw) if rule == "target" else json.loads(raw)
                st["rules"][rule] = options.check(rule, parsed)
                s.rule_error = None
            except (ValueError, TypeError):
                s.rule_error = (rule, str(raw)[:40])  # said beside the field, which shows the kept value
                self.render()
                return
        else:
            return
        store.save_settings(self.storage, st)
        self.render()

    async def push_levels(self):
        try:
            self.s.view["levels"] = await self.link.call("set_levels", self.seat_levels())
        except (EngineDown, EngineError):
            pass
