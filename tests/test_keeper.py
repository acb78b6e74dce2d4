"""The score keeper's sheet (gongzhu/core/keeper.py): hands, refusals, totals, the end, saving, sharing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gongzhu import new_match
from gongzhu.core.keeper import (
    FORMAT,
    SCORING_CARDS,
    VERSION,
    HandError,
    KeeperError,
    Sheet,
    hand_problems,
    problem_text,
)
from gongzhu.core.options import PRESETS
from gongzhu.core.scoring import score_pile
from tests.micropython import run_micropython
from tests.worked_examples import ALL_HEARTS, WORKED

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Ann", "Bo", "Cy", "Di"]


def hand_with(pile: list[str], seat: int = 0) -> list[list[str]]:
    """Four piles: `pile` for `seat`, every other scoring card to the next seat."""
    piles: list[list[str]] = [[], [], [], []]
    piles[seat] = list(pile)
    piles[(seat + 1) % 4] = [c for c in SCORING_CARDS if c not in pile]
    return piles


def pig_hand(seat: int, hearts_to: int | None = None) -> list[list[str]]:
    """A plain hand: `seat` takes Q♠ and K♥; JD, TC to the seat after; hearts spread."""
    piles: list[list[str]] = [[], [], [], []]
    piles[seat] = ["QS", "KH"]
    piles[(seat + 1) % 4] = ["JD", "TC", "2H"]
    rest = [c for c in ALL_HEARTS if c not in ("KH", "2H")]
    piles[(seat + 2) % 4] = rest[:5] if hearts_to is None else []
    piles[(seat + 3) % 4] = rest[5:] if hearts_to is None else []
    if hearts_to is not None:
        piles[hearts_to] += rest
    return piles


@pytest.mark.parametrize("captured, exposed, total", WORKED)
def test_worked_examples_as_hands(captured: str, exposed: str, total: int) -> None:
    sheet = Sheet(NAMES)
    sheet.add_hand(hand_with(captured.split()), exposed.split())
    assert sheet.scores(0)[0] == total
    # The other piles are scored by the same arithmetic.
    rest = hand_with(captured.split())[1]
    assert sheet.scores(0)[1] == score_pile(rest, exposed.split()).total
    assert sheet.totals() == sheet.scores(0)


def test_the_lines_are_the_scoring_lines() -> None:
    sheet = Sheet(NAMES)
    sheet.add_hand(hand_with("QS KH QH 8H".split()), ["AH"])
    lines = sheet.breakdown(0)[0].text("en")
    assert lines[-1] == "Hand score: -260" and "A♥ exposed, hearts x2: -80 x 2 = -160" in lines
    assert sheet.breakdown(0)[0].text("zh")[-1] == "本局得分：-260"


def test_refuses_a_card_twice_or_missing_naming_it() -> None:
    sheet = Sheet(NAMES)
    piles = hand_with(["QS", "KH"])
    piles[2] = ["QS"]  # Q♠ in two piles
    piles[1].remove("5H")  # 5♥ nowhere
    with pytest.raises(HandError) as caught:
        sheet.add_hand(piles)
    assert caught.value.text("en").split("\n") == ["Q♠ is assigned twice: Ann and Cy", "5♥ is not assigned to anyone"]
    assert caught.value.text("zh").split("\n") == ["Q♠ 被记了两次：Ann和Cy", "5♥ 还没有分给任何人"]
    assert sheet.hands == []  # nothing committed


def test_refuses_non_scoring_cards_and_bad_exposures() -> None:
    kinds = [(p["kind"], p["card"]) for p in hand_problems(hand_with(["QS", "2S"]), ["KH"])]
    assert kinds == [("not_scoring", "2S"), ("not_exposable", "KH")]
    problems = hand_problems(hand_with(["QS"]), ["AH"], PRESETS["beginner"])
    assert [p["kind"] for p in problems] == ["exposure_off"]
    assert problem_text(problems[0], "en") == "A♥ cannot be exposed: these rules have no exposure"
    assert hand_problems(hand_with(["QS"]), ["AH", "QS", "JD", "TC"]) == []


def test_next_leader_is_the_pig_captor() -> None:
    sheet = Sheet(NAMES)
    assert sheet.next_leader() is None  # the holder of 2♠ leads the first hand
    sheet.add_hand(pig_hand(2))
    assert sheet.next_leader() == 2
    sheet.add_hand(pig_hand(1))
    assert sheet.next_leader() == 1
    assert [r["pig_captor"] for r in sheet.rows()] == [2, 1]


def test_match_ends_at_the_target_with_the_pig_and_the_winner() -> None:
    sheet = Sheet(NAMES, {"target": 500})
    n = 0
    while not sheet.is_over():
        sheet.add_hand(pig_hand(0, hearts_to=0))  # Ann: -100 -40 + the other hearts
        n += 1
    assert n == 2 and sheet.end_index() == 1
    assert sheet.losers() == [0]
    assert sheet.winners() == [1]
    assert sheet.round_points() is None
    with pytest.raises(KeeperError) as caught:
        sheet.add_hand(pig_hand(1))
    assert caught.value.text("zh").startswith("本场已结束")
    text = sheet.summary_text("en")
    assert "The pig: Ann" in text and "Winner: Bo" in text
    assert "猪：Ann" in sheet.summary_text("zh")


def test_keeper_agrees_with_the_engine_match() -> None:
    """The same piles give the same totals as gongzhu.core.match played out by random moves."""
    import random

    m = new_match(seed=5)
    sheet = Sheet(NAMES)
    rng = random.Random(1)
    for _ in range(20):
        hand = m.current_hand
        while hand.phase != "done":
            seat = hand.to_play
            if hand.phase == "play":
                hand.play(rng.choice(hand.legal_moves()))
            else:  # exposure: expose everything exposable (more arithmetic to agree on)
                hand.expose(seat, hand.exposable(seat))
        piles = [[c for c in SCORING_CARDS if c in hand.captured(s)] for s in range(4)]
        exposed = [c for c in ("AH", "QS", "JD", "TC") if hand.exposed_mask >> _card(c) & 1]
        sheet.add_hand(piles, exposed)
        assert sheet.scores(len(sheet.hands) - 1) == hand.hand_scores()
        assert sheet.next_leader() == hand.pig_captor
        assert sheet.is_over() == m.is_over
        if m.is_over:
            assert sheet.losers() == m.losers and sheet.winners() == m.winners
            break
        m.next_hand()
    assert sheet.totals() == [sum(h.hand_scores()[s] for h in m.hands if h.phase == "done") for s in range(4)]


def _card(code: str) -> int:
    from gongzhu.core.cards import parse_card

    return parse_card(code)


def test_edit_and_delete_recompute_everything() -> None:
    sheet = Sheet(NAMES)
    sheet.add_hand(pig_hand(0))
    sheet.add_hand(pig_hand(1))
    before = sheet.totals()
    sheet.replace_hand(0, pig_hand(3))
    after = sheet.totals()
    assert after != before and sheet.rows()[1]["totals"] == after
    assert sheet.pig_captor(0) == 3 and sheet.next_leader() == 1
    sheet.delete_hand(0)
    assert sheet.totals() == sheet.scores(0) and len(sheet.rows()) == 1
    with pytest.raises(KeeperError):
        sheet.delete_hand(5)
    with pytest.raises(HandError):
        sheet.replace_hand(0, [["QS"], [], [], []])
    assert sheet.totals() == sheet.scores(0)


def test_an_edit_that_ends_the_match_earlier_marks_later_hands() -> None:
    sheet = Sheet(NAMES, {"target": 500})
    sheet.add_hand(pig_hand(1))
    sheet.add_hand(pig_hand(1))
    assert not sheet.is_over()
    big = hand_with(["QS", *ALL_HEARTS[:-1]], seat=0)  # -100 -200 = -300 ... x2 with T♣ below
    big[0].append("TC")
    big[1].remove("TC")
    sheet.replace_hand(0, big)
    assert sheet.scores(0)[0] == -600
    assert sheet.is_over() and sheet.end_index() == 0
    assert [r["counts"] for r in sheet.rows()] == [True, False]
    assert sheet.totals() == sheet.scores(0)
    assert "(after the end, not counted)" in sheet.summary_text()


def test_round_points_preset() -> None:
    sheet = Sheet(NAMES, preset="round-points")
    # Sweep: all 16 to Ann, pig positive: (200 + 100 + 100) x 2 = 800 per hand.
    sheet.add_hand([list(SCORING_CARDS), [], [], []])
    assert sheet.scores(0) == [800, 0, 0, 0]
    sheet.add_hand([list(SCORING_CARDS), [], [], []])
    assert sheet.is_over() and sheet.totals()[0] == 1600
    assert sheet.round_points() == [2, 1, 1, 1]
    assert sheet.losers() == [] and sheet.winners() == [0]
    assert "Round points: Ann 2 · Bo 1 · Cy 1 · Di 1" in sheet.summary_text()
    # Under round-points the pig is not positive with all hearts alone.
    s2 = Sheet(NAMES, preset="round-points")
    s2.add_hand(hand_with(["QS", *ALL_HEARTS]))
    assert s2.scores(0)[0] == 200 - 100


def test_partnership_shares_totals() -> None:
    sheet = Sheet(NAMES, {"partnership": True}, teams=["North-South", ""])
    assert sheet.teams == ["North-South", "Bo & Di"]
    sheet.add_hand(pig_hand(0))
    scores = sheet.scores(0)
    row = sheet.rows()[0]
    assert row["team_scores"] == [scores[0] + scores[2], scores[1] + scores[3]]
    assert sheet.totals() == [row["team_scores"][0], row["team_scores"][1]] * 2
    assert sheet.team_totals() == row["team_scores"]
    assert sheet.seat_label(2) == "North-South"
    assert "North-South" in sheet.summary_text()


def test_names_are_cleaned() -> None:
    sheet = Sheet(["  <b>Ann</b>  ", "", "x" * 100, "Di\nDi"])
    assert sheet.names == ["<b>Ann</b>", "#2", "x" * 24, "Di Di"]


def test_json_round_trip() -> None:
    sheet = Sheet(NAMES, {"target": 700, "heart_values": "pips"}, preset="beginner")
    sheet.add_hand(pig_hand(0))
    sheet.add_hand(pig_hand(2))
    data = json.loads(sheet.to_json())
    assert data["format"] == FORMAT and data["version"] == VERSION
    assert data["hands"][0]["piles"][0] == ["QS", "KH"]
    again = Sheet.from_json(sheet.to_json())
    assert again.to_dict() == sheet.to_dict()
    assert again.rules["exposure"] is False and again.rules["target"] == 700
    assert again.totals() == sheet.totals()


@pytest.mark.parametrize(
    "text, key",
    [
        ("not json at all", "not_json"),
        ("", "not_json"),
        ("[1, 2]", "foreign"),
        ('{"format": "gongzhu-match", "version": 1}', "foreign"),
        ('{"format": "gongzhu-keeper", "version": 99}', "newer"),
        ('{"format": "gongzhu-keeper", "version": "1"}', "damaged"),
        ('{"format": "gongzhu-keeper", "version": 1, "names": ["a", "b"]}', "damaged"),
    ],
)
def test_foreign_or_broken_files_are_refused(text: str, key: str) -> None:
    with pytest.raises(KeeperError) as caught:
        Sheet.from_json(text)
    assert caught.value.key == key
    assert caught.value.text("zh") and caught.value.text("en")


def _good() -> dict:
    sheet = Sheet(NAMES)
    sheet.add_hand(pig_hand(0))
    return sheet.to_dict()


@pytest.mark.parametrize(
    "damage, detail",
    [
        (lambda d: d["hands"][0]["piles"][1].append("QS"), "Q♠ is assigned twice"),
        (lambda d: d["hands"][0]["piles"][0].remove("KH"), "K♥ is not assigned"),
        (lambda d: d["hands"][0]["piles"][0].append("ZZ"), "not a card"),
        (lambda d: d["hands"][0]["piles"][0].append(7), "not a card"),
        (lambda d: d["hands"][0].pop("piles"), "four piles"),
        (lambda d: d["rules"].update(target=-5), "positive whole number"),
        (lambda d: d["rules"].update(colour="red"), "unknown rule"),
        (lambda d: d.update(preset="chaos"), "unknown preset"),
        (lambda d: d.update(hands={}), "bad list of hands"),
        (lambda d: d.update(teams=[1, 2]), "bad team names"),
    ],
)
def test_damaged_files_say_what_is_wrong(damage, detail: str) -> None:
    data = _good()
    damage(data)
    with pytest.raises(KeeperError) as caught:
        Sheet.from_dict(data)
    assert caught.value.key == "damaged"
    assert detail in caught.value.text("en")


MICROPYTHON_SCRIPT = """
from gongzhu.core.keeper import Sheet, HandError, KeeperError
s = Sheet(["Ann", "Bo", "Cy", "Di"], {"target": 500})
s.add_hand([["QS", "KH", "QH", "8H"], ["JD", "TC"], ["AH", "JH", "TH", "9H"],
            ["7H", "6H", "5H", "4H", "3H", "2H"]], exposed=["AH"])
print(s.scores(0), s.totals(), s.next_leader())
try:
    s.add_hand([["QS"], ["QS"], [], []])
except HandError as e:
    print(e.text("zh").split("\\n")[0])
t = Sheet.from_json(s.to_json())
print(t.totals(), t.is_over())
try:
    Sheet.from_json('{"format": "x"}')
except KeeperError as e:
    print(e.text("en"))
print(t.summary_text("zh").split("\\n")[-1])
"""


def test_runs_under_micropython() -> None:
    """The keeper page runs this module in MicroPython: run it there (node + the vendored wasm)."""
    out = run_micropython(MICROPYTHON_SCRIPT)
    assert out.split("\n")[:5] == [
        "[-260, 200, -180, -60] [-260, 200, -180, -60] 0",
        "Q♠ 被记了两次：Ann和Bo",
        "[-260, 200, -180, -60] False",
        "This file is not a Gong Zhu score sheet.",
        "下一局：Ann 首出（收了猪）",
    ]


def test_keeper_page_config_lists_existing_modules() -> None:
    """web/keeper/mpy.toml copies the keeper's modules in one bundle (generated and checked by
    web/tools/pyscript_files.py, tests/test_skeleton.py); each URL must exist."""
    import tomllib

    config = ROOT / "web" / "keeper" / "mpy.toml"
    data = tomllib.loads(config.read_text(encoding="utf-8"))
    assert data["interpreter"] == "./web/runtime/micropython/micropython.mjs"
    files = data["files"]
    for url in files:
        assert (config.parent / url).resolve().is_file(), url
    from pyscript_files import members

    dests = set(members("web/keeper/mpy.toml").values())
    assert "gongzhu/core/keeper.mpy" in dests  # precompiled (web/tools/mpy_compile.py)
    page_modules = {p.stem for p in (ROOT / "web" / "keeper").glob("*.py")} - {"main"}
    assert {f"{name}.mpy" for name in page_modules} <= dests
    html = (ROOT / "keeper.html").read_text(encoding="utf-8")
    assert 'src="web/keeper/main.py" config="web/keeper/mpy.toml"' in html
    # The preloads (fetched in parallel with PyScript's start) are exactly the files MicroPython asks for.
    import re

    preloaded = set(re.findall(r'<link rel="preload" href="([^"]+\.(?:m?py|bundle))"', html))
    wanted = {(config.parent / url).resolve().relative_to(ROOT).as_posix() for url in files} | {"web/keeper/main.py"}
    assert preloaded == wanted
    for href in re.findall(r'\b(?:href|src)="([^"#:]+)"', html):
        assert (ROOT / href).is_file(), href
    assert "<script>" not in html and " on" + "click=" not in html  # no inline scripts or handlers


# --- the keeper page's controller (web/keeper/keeper_app.py), run here in CPython -----------------


class FakeStorage:
    """localStorage: getItem / setItem / removeItem over a dict."""

    def __init__(self, items: dict[str, str] | None = None) -> None:
        self.items = dict(items or {})

    def getItem(self, key: str) -> str | None:  # noqa: N802 (the Web Storage API's name)
        return self.items.get(key)

    def setItem(self, key: str, value: str) -> None:  # noqa: N802
        self.items[key] = value

    def removeItem(self, key: str) -> None:  # noqa: N802
        self.items.pop(key, None)


def _app(storage: FakeStorage | None = None):
    import sys

    sys.path[:0] = [str(ROOT / "web" / "keeper"), str(ROOT / "web")]  # the keeper's modules, the game's ui
    try:
        from keeper_app import App
    finally:
        del sys.path[:2]
    return App(storage if storage is not None else FakeStorage())


def test_app_enters_and_saves_a_hand() -> None:
    storage = FakeStorage()
    app = _app(storage)
    assert app.sheet is None
    app.start(["Ann", "", "Cy", "Di"], ["", ""])
    assert app.sheet.names == ["Ann", "Player 2", "Cy", "Di"]
    for code in ("QS", "KH"):
        app.tap_card(code)  # select
    app.tap_player(0)  # ... and give to Ann
    app.tap_player(1)  # Bo chosen: now his cards
    app.tap_card("QS")  # Q♠ again: in two piles
    assert app.owners("QS") == [0, 1]
    assert app.record() is False and app.problems[0]["kind"] == "twice"
    app.tap_card("QS")  # tapped again under Bo: out of his pile
    app.rest_to(1)
    assert app.unassigned() == []
    assert app.record() is True
    assert app.sheet.scores(0) == [-140, score_pile([c for c in SCORING_CARDS if c not in ("QS", "KH")]).total, 0, 0]
    again = _app(storage)
    assert again.sheet.to_dict() == app.sheet.to_dict()


def test_app_sets_aside_an_unreadable_save_and_keeps_the_site_settings() -> None:
    storage = FakeStorage({"gongzhu.keeper": "{broken", "gongzhu.settings": '{"v": 1, "lang": "zh", "speed": "fast"}'})
    app = _app(storage)
    assert app.sheet is None and app.notice is not None and app.notice[0] == "error"
    assert storage.items["gongzhu.keeper.broken"] == "{broken"
    assert app.load_lang() == "zh"
    app.set_lang("en")
    assert json.loads(storage.items["gongzhu.settings"]) == {"v": 1, "lang": "en", "speed": "fast"}


def test_app_import_refusal_keeps_the_match_and_a_good_import_asks_first() -> None:
    app = _app()
    app.start(NAMES, ["", ""])
    app.rest_to(2)
    app.record()
    before = app.sheet.to_json()
    assert app.import_text("garbage") is False
    assert app.sheet.to_json() == before
    assert app.notice[1]("en") == ("Import refused: This file is not a score sheet (it is not JSON). "
                                   "Your current match is unchanged.")
    other = Sheet(["W", "X", "Y", "Z"])
    assert app.import_text(other.to_json()) is True
    assert app.confirm is not None and app.sheet.to_json() == before  # asked first
    app.do_confirmed()
    assert app.sheet.names == ["W", "X", "Y", "Z"]


def test_app_keeps_the_hand_being_entered_while_a_past_hand_is_corrected() -> None:
    storage = FakeStorage()
    app = _app(storage)
    app.start(NAMES, ["", ""])
    for _ in range(2):
        app.rest_to(2)
        app.record()
    # Hand 3 half entered: Q♠ exposed, Q♠ A♥ K♥ to player 2, J♦ to player 1.
    app.toggle_exposed("QS")
    for code in ("QS", "AH", "KH"):
        app.tap_card(code)
    app.tap_player(1)
    app.tap_card("JD")
    app.tap_player(0)
    entered = (app.hand_piles(), app.exposed)
    for finish in ("cancel_edit", "record", "delete_hand"):
        app.edit_hand(0)
        assert app.editing == 0 and app.hand_piles()[2] != []  # hand 1's cards, to correct
        assert "kept" in app.notice[1]("en") and "保留" in app.notice[1]("zh")
        again = _app(storage)  # a reload in the middle of the correction keeps both
        assert again.editing == 0 and again.hand_piles() == app.hand_piles()
        app = again
        getattr(app, finish)(*([0] if finish == "delete_hand" else []))
        assert app.editing is None and (app.hand_piles(), app.exposed) == entered
    assert len(app.sheet.hands) == 1  # the third finish deleted hand 1
    assert (_app(storage).hand_piles(), _app(storage).exposed) == entered
