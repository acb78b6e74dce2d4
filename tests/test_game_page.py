"""The game page's pure modules under CPython: every string in both languages, settings, saves, shared-deal URLs.

web/ui/i18n.py and web/ui/store.py run in MicroPython on the page; they import nothing from the
browser, so they are tested here directly.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from ui import i18n, query, store  # noqa: E402

from gongzhu.core import options  # noqa: E402

# English that is allowed inside Chinese strings: names typed in URLs, the runtime's name, file and
# HTML words, and the keeper's language switch (it says "Switch to English" in English).
ALLOWED_IN_ZH = {"Pyodide", "seed", "rules", "en", "zh", "fast", "classic", "beginner", "round", "points", "Tab", "Esc",
                 "v", "iframe", "JSON", "Switch", "to", "English"}


def test_every_string_exists_in_both_languages_with_the_same_placeholders() -> None:
    for key, (en, zh) in i18n.STRINGS.items():
        assert en and zh, key
        assert set(re.findall(r"{(\w+)}", en)) == set(re.findall(r"{(\w+)}", zh)), key
        words = set(re.findall(r"[A-Za-z]{2,}", re.sub(r"{\w+}", "", zh)))
        assert words <= ALLOWED_IN_ZH, (key, words)


def test_the_house_rules_are_explained_in_the_players_words() -> None:
    """The settings show each option's doc: no option's code name, card code or seat number in it,
    and the same facts in both languages."""
    for o in options.OPTIONS:
        for lang in ("en", "zh"):
            doc = o[lang]
            assert not any(name in doc for name in options.OPTION_NAMES if "_" in name), (o["name"], lang, doc)
            assert "T♣" not in doc and not re.search(r"\b[0-3] ?\+ ?[0-3]\b|[0-3]号", doc), (o["name"], lang, doc)
        assert sorted(re.findall(r"-\d+", o["en"])) == sorted(re.findall(r"-\d+", o["zh"])), o["name"]


# Sentences said only of a bot's seat (render.py: the thinking prompt, the settings' level labels),
# or of a score keeper's player by the name typed in (never "You").
BOTS_ONLY = {"thinking", "level_of", "next_lead"}
# A verb in the third person singular ("leads", "is", "has"): wrong after "You".
THIRD_PERSON = re.compile(r"^(is|has|does|was|[a-z]+[^s']s)$")


def test_every_sentence_about_you_agrees_with_you() -> None:
    # Every string with a seat's name as its subject, said of the human through i18n.about.
    checked = []
    for key, (en, _) in i18n.STRINGS.items():
        if key.endswith("_you") or key in BOTS_ONLY or not re.search(r"(^|[.:] ){name}[ ']", en):
            continue
        params = {name: "X" for name in re.findall(r"{(\w+)}", en) if name != "name"}
        text = i18n.about(key, "en", 0, "bottom", **params)
        assert i18n.about(key, "en", 1, "right", **params).startswith("East"), key
        assert "You's" not in text, (key, text)
        # The verb right after "You", and each verb joined to it by "and" ("You took ... and lead ...").
        for clause in re.findall(r"\bYou ([^.,:;]*)", text):
            words = clause.split()
            verbs = words[:1] + [b for a, b in zip(words, words[1:], strict=False) if a == "and"]
            assert not any(THIRD_PERSON.match(v) for v in verbs), (key, text)
        checked.append(key)
    assert {"next_leader", "trick_won", "trick_won_points", "exposed_by"} <= set(checked)
    assert i18n.about("next_leader", "en", 0, "bottom") == "You took the pig and lead the next hand."
    assert i18n.about("next_leader", "en", 2, "top") == "North took the pig and leads the next hand."
    assert i18n.about("next_leader", "zh", 0, "bottom") == "你吃到猪，下一局首出。"


def test_every_option_and_preset_has_a_label() -> None:
    for o in options.OPTIONS:
        assert "opt_" + o["name"] in i18n.STRINGS
    for name in options.PRESETS:
        assert "preset_" + name in i18n.STRINGS


def test_card_labels() -> None:
    assert i18n.card_label("QS", "en", exposed=True) == "Queen of spades, exposed"
    assert i18n.card_label("TH", "zh") == "红心10"


@pytest.mark.parametrize(
    ("search", "seed", "preset", "bad"),
    [
        ("?seed=42&rules=fast", 42, "fast", []),
        ("?seed=18446744073709551615", 2**64 - 1, None, []),
        ("?seed=18446744073709551616", None, None, ["bad_seed"]),
        ("?seed=-1&rules=nope", None, None, ["bad_seed", "bad_rules"]),
        ("?seed=%3Cb%3E", None, None, ["bad_seed"]),
        ("", None, None, []),
    ],
)
def test_shared_deal_urls(search: str, seed: int | None, preset: str | None, bad: list[str]) -> None:
    got_seed, got_preset, notices = store.shared_deal(search)
    assert (got_seed, got_preset, [k for k, _ in notices]) == (seed, preset, bad)


# A query value as a browser sends it -> as a page reads it: UTF-8 escapes are one character each;
# what is not a valid escape (a lone "%", bytes that are not UTF-8) stays as it was written.
UNQUOTED = [
    ("Win%20100%%20of%20the+time", "Win 100% of the time"),
    ("%E4%BD%A0%E5%A5%BD", "你好"),
    ("%3Cb%3E%26", "<b>&"),
    ("%E0%A4%A", "%E0%A4%A"),
    ("%zz%", "%zz%"),
    ("%FF", "%FF"),
    ("猪+%E7%8C%AA", "猪 猪"),
]


@pytest.mark.parametrize(("raw", "value"), UNQUOTED)
def test_a_query_value_is_decoded_as_utf8_and_a_bad_escape_kept(raw: str, value: str) -> None:
    assert query.unquote(raw) == value
    assert store.shared_deal("?seed=" + raw)[2] == [("bad_seed", value)]


def test_query_values_decode_the_same_under_micropython() -> None:
    from tests.micropython import run_micropython

    web = Path(__file__).resolve().parents[1] / "web"
    code = "import json\nfrom ui import query\nprint(json.dumps([query.unquote(r) for r in %s]))" % (
        json.dumps([raw for raw, _ in UNQUOTED]))
    files = {"/ui/__init__.py": web / "ui" / "__init__.py", "/ui/query.py": web / "ui" / "query.py"}
    out = run_micropython(code, files)
    assert json.loads(out.strip().splitlines()[-1]) == [value for _, value in UNQUOTED]


@pytest.mark.parametrize(
    ("search", "lang", "refused"),
    [
        ("?lang=zh", "zh", None),
        ("?seed=5&lang=zh-CN", "zh", None),
        ("?lang=zh-Hans", "zh", None),
        ("?lang=EN-gb", "en", None),
        ("?lang=fr", None, "fr"),
        ("?lang=", None, ""),
        ("?lang=%3Cimg%20src%3Dx%3E", None, "<img src=x>"),  # refused, and shown as text only
        ("?seed=5", None, None),
    ],
)
def test_a_link_may_choose_the_language(search: str, lang: str | None, refused: str | None) -> None:
    assert store.url_language(search) == (lang, refused)


def test_an_embedded_page_keeps_its_game_in_memory() -> None:
    from ui.embedded import MemoryStorage, storage_for

    assert isinstance(storage_for("?embed=1&seed=5&lang=zh", "LS"), MemoryStorage)
    assert storage_for("?seed=5", "LS") == "LS"
    assert storage_for("?embed=0", "LS") == "LS"


class Storage(dict):  # type: ignore[type-arg]
    """localStorage's three methods over a dict."""

    def getItem(self, key: str) -> str | None:  # noqa: N802
        return self.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.pop(key, None)


def test_settings_are_cleaned_and_remembered() -> None:
    storage = Storage()
    assert store.load_settings(storage)["lang"] == "en"
    storage.setItem(store.SETTINGS_KEY, "{broken")
    assert store.load_settings(storage, "zh")["lang"] == "zh"
    bad = {"v": 1, "lang": "fr", "speed": "warp", "rules": {"target": -5, "exposure": False, "nope": 1},
           "levels": ["x", "easy", "hard", "expert"], "sound": "loud"}
    storage.setItem(store.SETTINGS_KEY, json.dumps(bad))
    got = store.load_settings(storage)
    assert got["lang"] == "en" and got["speed"] == "normal" and got["sound"] is True
    assert got["rules"]["target"] == 1000 and got["rules"]["exposure"] is False and "nope" not in got["rules"]
    assert got["levels"] == ["normal", "easy", "hard", "expert"]
    store.save_settings(storage, got)
    assert store.load_settings(storage) == got


def test_settings_that_cannot_be_read_are_reported_once() -> None:
    storage = Storage()
    assert store.settings_problem(storage, {}) is None  # a first visit: nothing to read
    for broken in ("{broken", "[1, 2]", '"text"', json.dumps({"v": 99, "lang": "zh"})):
        storage.setItem(store.SETTINGS_KEY, broken)
        assert store.settings_problem(storage, store.default_settings("zh")) == "settings_corrupt", broken
        assert store.settings_problem(storage, {}) is None, broken  # said once: the defaults took its place
        assert store.load_settings(storage) == store.default_settings("zh")
    storage.setItem(store.SETTINGS_KEY, json.dumps({"v": 1, "speed": "warp"}))  # a value out of range: left
    assert store.settings_problem(storage, {}) is None


def test_saves_that_cannot_be_used_are_reported() -> None:
    storage = Storage()
    assert store.read_save(storage) == (None, None)
    for text, notice in [("{nope", "save_corrupt"), ("[]", "save_corrupt"), ('{"v": 0}', "save_old"),
                         ('{"v": 99}', "save_corrupt"), ('{"v": 2, "match": 5}', "save_corrupt")]:
        storage.setItem(store.SAVE_KEY, text)
        assert store.read_save(storage) == (None, notice), text
    # A record that reads but holds no sound match: the engine's core refuses it.
    for match in ["{}", '{"format": "gongzhu-match"}']:
        with pytest.raises(ValueError):
            store.restore(match, ["easy"] * 4)


def test_the_one_record_of_a_saved_game_rebuilds_the_table() -> None:
    """The save holds the match alone; the main thread rebuilds the worker's own view from it."""
    from tests.e2e.test_game_support import page_worker, saved_game

    storage = Storage()
    storage.setItem(store.SAVE_KEY, saved_game(5, "classic", plays=8))
    match, notice = store.read_save(storage)
    assert notice is None and match is not None
    assert list(json.loads(storage.getItem(store.SAVE_KEY))) == ["v", "match"]
    worker = page_worker()
    worker.load(match, ["easy", "normal", "hard", "expert"])
    assert store.restore(match, ["easy", "normal", "hard", "expert"]) == worker.snapshot()
    forged = match.replace('"play"', '"fly"')
    with pytest.raises(ValueError):
        store.restore(forged, ["easy"] * 4)
    # A save of the previous version (which also held a copy of the view) still resumes.
    storage.setItem(store.SAVE_KEY, json.dumps({"v": 1, "match": match, "view": {}}))
    assert store.read_save(storage) == (match, None)


def test_every_reason_the_engine_gives_for_a_dimmed_card_comes_in_chinese() -> None:
    """The page shows the view's `illegal_zh` in Chinese: collect every reason the engine really
    gives over seeded random hands (every play-phase rule: first lead, following, exposed cards,
    broken hearts) and check each has a Chinese text without English words."""
    import random

    from gongzhu import PRESETS, new_hand

    rules_list = [PRESETS["classic"], PRESETS["round-points"],
                  PRESETS["classic"].replace(hearts_must_be_broken=True)]
    seen: dict[str, str] = {}
    for seed in range(60):
        rules = rules_list[seed % len(rules_list)]
        rng = random.Random(seed)
        hand = new_hand(seed=seed, rules=rules)
        while hand.phase != "done":
            seat = hand.to_play
            if hand.phase == "pass":
                hand.pass_cards(seat, rng.sample(hand.view(seat)["hand"], 3))
            elif hand.phase == "expose":
                hand.expose(seat, [c for c in hand.exposable(seat) if rng.random() < 0.7])
            else:
                view = hand.view(seat)
                assert view["illegal"].keys() == view["illegal_zh"].keys()
                for code, text in view["illegal"].items():
                    seen[text] = view["illegal_zh"][code]
                hand.play(rng.choice(hand.legal_moves()))
    kinds = {text.split(":")[0].split(" ")[0] for text in seen}
    assert {"You", "The", "Hearts", "Your"} <= kinds  # following, first lead, hearts, exposed card
    for text, zh in seen.items():
        assert zh != text, text
        assert not re.findall(r"[A-Za-z]{2,}", zh), (text, zh)


# --- what the table shows (web/ui/present.py), from real engine views -----------------------------


def _state(view, **overrides):
    from types import SimpleNamespace

    fields = {"view": view, "preview": False, "engine": "ready", "busy": False, "shown_trick": None,
              "trick_winner": None, "hint": None, "exposures": [], "search": "ready", "waiting_search": False}
    fields.update(overrides)
    return SimpleNamespace(**fields)


def test_the_table_reads_who_acts_from_the_engine() -> None:
    from ui import present

    from tests.e2e.test_game_support import page_worker

    worker = page_worker()
    pos = present.POSITIONS["ccw"]
    view = worker.new_match(5, "beginner", ["easy"] * 4)  # no exposure: straight to the play phase
    # Play until the human is to play, noting a bot's turn on the way.
    bot_view = None
    while view["your_move"] != "play":
        bot_view = view
        view = worker.advance()["view"]
    s = _state(view)
    assert present.hand_mode(s) == "play" and present.can_hint(s) and present.whose_turn(s) == 0
    assert present.prompt_text(s, "en", pos)[0] in ("Your lead: play any card.", "Your turn: play a card.",
                                                  "Your lead: play the 2♠.")
    # A choice on its way, a finished trick on show, the page before the engine: no card may be played.
    assert present.hand_mode(_state(view, busy=True)) == "wait" and not present.can_hint(_state(view, busy=True))
    shown = _state(view, shown_trick=[[0, "2S"]], trick_winner=0)
    assert present.hand_mode(shown) == "wait" and present.whose_turn(shown) is None
    assert present.prompt_text(shown, "en", pos)[0] == "You won the trick."
    assert present.hand_mode(_state(view, preview=True)) == "preview"
    assert present.prompt_text(_state(view, preview=True), "zh", pos)[0] == i18n.t("waiting_engine", "zh")
    assert present.hand_mode(_state(None)) == "none"
    assert bot_view is not None  # seed 5: a bot plays before the human's first card
    if bot_view is not None:
        b = _state(bot_view)
        assert present.whose_turn(b) == bot_view["bot_next"] != 0 and not present.can_hint(b)
        assert present.prompt_text(b, "en", pos)[0].endswith(" is thinking…")
    # While the full worker loads, the hint says it is getting ready; if it failed, that it is off.
    loading = _state(view, search="loading")
    assert not present.can_hint(loading) and i18n.t(present.hint_label(loading), "en") == "The hint is getting ready…"
    assert i18n.t(present.hint_label(loading), "zh") == "提示功能准备中…"
    assert present.hint_label(_state(view, search="failed")) == "hint_unavailable"
    assert present.hint_label(s) == "hint"
    # A search bot's turn waiting for the full worker says so, naming the level.
    if bot_view is not None:
        waiting = _state(dict(bot_view, levels=["normal", "hard", "hard", "hard"]), waiting_search=True)
        assert present.prompt_text(waiting, "en", pos)[0] == "The Hard bots are getting ready…"
        assert present.prompt_text(waiting, "zh", pos)[0] == "困难机器人准备中…"
    # The hint's sentence, in both languages.
    hint = {"phase": "play", "decision": view["legal"][0], "en": "Play it: safe.", "zh": "出它：安全。"}
    assert present.hint_text(hint, "en") == "Hint — Play it: safe."
    assert present.hint_text(hint, "zh") == "提示——出它：安全。"
    silent = dict(hint, en="", zh="")  # no sentence: the decision alone
    assert present.hint_text(silent, "en").startswith("Hint: play ")
    assert present.hint_text(silent, "zh").startswith("提示：出")
    assert present.score_text(-80) == "−80" and present.score_text(200) == "+200" and present.score_text(0) == "0"


def test_the_exposure_prompt_and_the_end_of_a_hand() -> None:
    from ui import present

    from tests.e2e.test_game_support import page_worker

    worker = page_worker()
    pos = present.POSITIONS["cw"]
    view = worker.new_match(9, "classic", ["beginner"] * 4)
    while view["phase"] == "expose" and view["your_move"] != "expose":
        view = worker.advance()["view"]
    assert view["your_move"] == "expose"  # seed 9: the human holds a special card
    if view["your_move"] == "expose":
        made = [["exposed_by", 3, ["JD"]]]  # what the controller keeps of seat 3's exposure
        s = _state(view, exposures=made)
        assert present.hand_mode(s) == "wait" and present.whose_turn(s) == 0 and present.can_hint(s)
        # The question alone under the table; the exposures made and what exposing does in its
        # middle, where no card lies yet (so the human's seat keeps its height as they come).
        assert present.prompt_text(s, "en", pos) == ["Expose your special cards?", ""]
        assert present.prompt_text(s, "zh", pos) == ["要亮牌吗？", ""]
        name = present.seat_name(3, "en", pos[3])
        assert present.table_note(s, "en", pos) == (f"{name} exposed J♦. An exposed card counts double (10♣ ×4) "
                                                    "for whoever takes it.")
        assert "亮出的牌分值加倍" in present.table_note(s, "zh", pos)
        view = worker.act("expose", [])["view"]
        s = _state(view, exposures=made)
        # Until the first card the middle tells the exposures, then nothing.
        assert present.table_note(s, "en", pos) == f"{name} exposed J♦." and not present.prompt_text(s, "en", pos)[1]
        while not view["played"]:
            view = (worker.act("play", view["legal"][0]) if view["your_move"] == "play" else worker.advance())["view"]
        assert present.table_note(_state(view, exposures=made), "en", pos) == ""
    while view["phase"] != "done":
        view = (worker.act("play", view["legal"][0]) if view["your_move"] else worker.advance())["view"]
    done = _state(view)
    assert present.whose_turn(done) is None and not present.can_hint(done) and present.hand_mode(done) == "wait"
    assert present.prompt_text(done, "en", pos) == ["The hand is over.", ""]


# ---------------------------------------------------------------- the player's comforts


def test_the_comfort_settings_are_cleaned_and_remembered() -> None:
    storage = Storage()
    first = store.load_settings(storage)
    assert first["colours"] == 2 and first["forced"] == "auto"  # two colours by default
    for colours, forced, want in [(4, "on", (4, "on")), (3, "sometimes", (2, "auto")), (True, "off", (2, "off")),
                                  ("4", None, (2, "auto"))]:
        storage.setItem(store.SETTINGS_KEY, json.dumps({"v": 1, "colours": colours, "forced": forced}))
        got = store.load_settings(storage)
        assert (got["colours"], got["forced"]) == want
    assert store.url_colours("?colours=4&seed=2") == (4, None)
    assert store.url_colours("?colours=<b>") == (None, "<b>")


def test_the_only_legal_card_is_played_with_fast_animations_or_when_asked() -> None:
    from ui import present

    for speed, forced, on in [("fast", "auto", True), ("instant", "auto", True), ("normal", "auto", False),
                              ("slow", "on", True), ("instant", "off", False)]:
        assert present.forced_on({"speed": speed, "forced": forced}) is on
    view = {"your_move": "play", "legal": ["7S"], "hand": ["7S", "2H"], "trick": [[3, "KS"]], "phase": "play",
            "played": [[3, "KS"]], "must_lead": None}
    s = _state(view, settings={"speed": "fast", "forced": "auto"})
    assert present.forced_card(s) == "7S"
    assert present.prompt_text(s, "en", present.POSITIONS["ccw"])[0] == "Your only legal card, 7♠, is played for you."
    assert present.forced_card(_state(view, settings={"speed": "normal", "forced": "auto"})) is None
    assert present.forced_card(_state(view, busy=True, settings={"speed": "fast", "forced": "on"})) is None
    two = dict(view, legal=["7S", "2S"])
    assert present.forced_card(_state(two, settings={"speed": "fast", "forced": "on"})) is None


def test_claims_and_take_backs_are_offered_from_the_engine_and_never_in_a_room() -> None:
    from ui import present

    from gongzhu import Match
    from gongzhu.core.screen import table_view
    from tests.e2e.test_game_support import page_worker

    worker = page_worker()
    view = worker.new_match(5, "beginner", ["easy"] * 4)
    while view["your_move"] != "play":
        view = worker.advance()["view"]
    assert view["can_claim"] is False and view["room"] is False and view["can_take_back"] is False
    card = view["legal"][0]
    view = worker.act("play", card)["view"]
    assert view["can_take_back"] is True
    s = _state(view, settings={"speed": "normal", "forced": "off"})
    assert present.can_take_back(s) and not present.can_claim(s)
    assert not present.can_take_back(_state(view, busy=True)) and not present.can_take_back(_state(view, preview=True))
    # A room (people in the other seats) sets the flag: no take-back, in the view or on the page.
    match = Match.from_json(worker.save())
    room = table_view(match, 0, ["easy"] * 4, room=True)
    assert room["room"] is True and room["can_take_back"] is False
    assert not present.can_take_back(_state(dict(view, room=True)))
    worker.room = True
    with pytest.raises(ValueError, match="not taken back in a room"):
        worker.take_back()
    assert worker.snapshot()["can_take_back"] is False
    worker.room = False
    # Against the bots: taken back, the card is in the hand again, and the count is kept.
    reply = worker.take_back()
    assert reply["events"][0]["type"] == "take_back" and card in reply["view"]["hand"]
    assert reply["view"]["match"]["take_backs"] == 1
    # Play on to the end: somewhere the engine proves the rest changes nothing (a bot claims it,
    # or the human is offered "Play out the rest").
    view = reply["view"]
    claims = []
    while view["phase"] != "done":
        if view["your_move"] == "play":
            if view["can_claim"]:
                offered = _state(view, settings={"speed": "normal", "forced": "off"})
                assert present.can_claim(offered)
                # Said in the prompt's one line, in both languages.
                pos = present.POSITIONS["ccw"]
                said = "Your lead" if not view["trick"] else "Your turn"
                assert present.prompt_text(offered, "en", pos) == [said + ": the scores are settled.", ""]
                assert present.prompt_text(offered, "zh", pos)[0].endswith("得分已定。")
                reply = worker.claim()
            else:
                reply = worker.act("play", view["legal"][0])
        else:
            reply = worker.advance()
        claims += [e for e in reply["events"] if e["type"] == "claim"]
        view = reply["view"]
    assert len(claims) == 1 and view["history"][0]["take_backs"] == 1


def test_a_bot_move_may_think_for_the_pace_the_page_shows_it_at() -> None:
    """The page asks for a bot's move with the time it shows the move anyway (its pace, less a
    margin): the bot may think that long, at most 2 s, and only for that move."""
    from gongzhu.core.bots.pimc import think_budget
    from tests.e2e.test_game_support import page_worker

    worker = page_worker()
    seen: list[float] = []
    easy = worker.bots["easy"]
    worker.bots["easy"] = lambda view, rng: (seen.append(think_budget(0.0)), easy(view, rng))[1]
    try:
        view = worker.new_match(5, "beginner", ["easy"] * 4)
        for pace_ms in (470, 10 ** 9, 0):
            while view["your_move"]:  # the human plays on, so that a bot is next
                view = worker.act("play", view["legal"][0])["view"]
            view = worker.advance(pace_ms)["view"]
            assert think_budget(0.0) == 0.0
    finally:
        worker.bots["easy"] = easy
    assert seen == [0.47, 2.0, 0.0]
