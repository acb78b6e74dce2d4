"""The tutorial's lessons (gongzhu/core/lessons.py): their data, their scripted bots and goals.

Each lesson's winning line (the player's decisions the lesson teaches) meets its goal and a
losing line does not; the same runs print the same lines under MicroPython (tests/core_runs.py).
"""

from __future__ import annotations

import pytest

from gongzhu.core import lessons
from gongzhu.core.cards import parse_cards
from gongzhu.core.hand import IllegalMove
from gongzhu.core.table import Table
from tests import core_runs
from tests.micropython import run_micropython
from tests.test_engine_fence import ROOT, _same_lines


def test_six_lessons_each_a_full_legal_deal() -> None:
    assert lessons.COUNT == 6
    keys = set()
    for number in range(1, 7):
        data = lessons.lesson(number)
        keys.add(data["key"])
        dealt, leads = lessons.deal_of(data)
        cards = [c for h in dealt for c in parse_cards(h)]
        assert sorted(cards) == list(range(52)), number  # every card dealt once
        assert all(len(h) == 13 for h in dealt)
        for name in ("title", "text", "goal", "met", "missed"):
            en, zh = data[name]
            assert en and zh and en != zh, (number, name)
        hand = lessons.start(number)  # the tricks before are replayed (and checked) by the engine
        assert len(hand.tricks) == len(lessons.tricks_before(data))
        assert hand.to_play == leads
        assert lessons.verdict(number, hand, len(hand.tricks)) is None  # nothing decided at the start
    assert len(keys) == 6


@pytest.mark.parametrize("bad", [0, 7, -1, "3", None, True])
def test_there_is_no_other_lesson(bad: object) -> None:
    with pytest.raises(ValueError, match="the lessons are 1 to 6"):
        lessons.lesson(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("number", range(1, 7))
def test_the_winning_line_meets_the_goal_and_the_losing_line_does_not(number: int) -> None:
    win = core_runs.play_lesson(number, core_runs.LESSON_LINES[number][0])
    lose = core_runs.play_lesson(number, core_runs.LESSON_LINES[number][1])
    assert win["verdict"]["met"] is True, win
    assert lose["verdict"]["met"] is False, lose
    data = lessons.lesson(number)
    assert win["verdict"]["en"] == data["met"][0] and win["verdict"]["zh"] == data["met"][1]
    assert lose["verdict"]["en"] == data["missed"][0]


def test_the_goals_judge_what_happened() -> None:
    # Lesson 3: the pig is the player's whichever way it reaches them.
    line = core_runs.play_lesson(3, ["KD", "QS"])
    assert line["pig_captor"] == 0 and not line["verdict"]["met"]
    # Lesson 4: exposing the sheep and keeping it is +200 after the first trick; not exposing, +100.
    assert core_runs.play_lesson(4, [["JD"], "JD"])["verdict"]["score"] == 200
    assert core_runs.play_lesson(4, [[], "JD"])["verdict"]["score"] == 100
    # Lesson 6: the moon is missed as soon as a heart goes elsewhere, before the hand ends.
    missed = core_runs.play_lesson(6, ["2H"])
    assert missed["verdict"]["met"] is False and missed["tricks"] < 13


def test_the_bots_follow_their_script_and_fall_back_when_it_is_illegal() -> None:
    # Lesson 5 along its winning line: every bot card is the next card of its script.
    line = core_runs.play_lesson(5, core_runs.LESSON_LINES[5][0])
    bots = [(seat, card) for _, seat, card in line["actions"] if seat != 0]
    scripts = {seat: lessons.lesson(5)["hands"][seat].split() for seat in (1, 2, 3)}
    for seat in (1, 2, 3):
        mine = [card for s, card in bots if s == seat]
        assert mine and mine == scripts[seat][:len(mine)], seat
    # Lesson 2: the player wins the first trick, then leads the 3♠ rather than the K♣. East's next
    # scripted card, the 7♣, is now illegal (East holds a spade): the easy bot plays the K♠.
    m = lessons.LessonMatch(2)
    hand = m.current_hand
    for seat in (1, 2, 3):
        hand.play(m.decide(seat), seat)
    hand.play("AD", 0)
    hand.play("3S", 0)
    assert lessons.lesson(2)["hands"][1].split()[1] == "7C"
    assert hand.why_illegal("7C", 1) is not None
    assert m.decide(1) == "KS"


def test_the_table_plays_a_lesson_and_never_saves_it() -> None:
    table = Table({"easy": lambda view, rng: view["legal"][0]})
    table.new_match(5, "classic")
    saved = table.save()
    view = table.lesson(3)
    assert view["lesson"]["number"] == 3 and view["lesson"]["verdict"] is None
    assert view["lesson"]["goal"] == list(lessons.lesson(3)["goal"])
    assert view["can_claim"] is False
    with pytest.raises(ValueError, match="not saved"):
        table.save()
    with pytest.raises(ValueError, match="one hand"):
        table.next_hand()
    while view["your_move"] != "play":
        view = table.advance()["view"]
    with pytest.raises(IllegalMove):
        table.act("play", "QS")  # North led a diamond: the player must follow
    view = table.act("play", "3D")["view"]
    while view["bot_next"] is not None:
        view = table.advance()["view"]
    view = table.act("play", "QS")["view"]
    while view["bot_next"] is not None:
        view = table.advance()["view"]
    assert view["lesson"]["verdict"]["met"] is True
    assert view["your_move"] is None  # the lesson is over: the table waits for the next one
    assert "lesson" not in table.load(saved)  # the player's match, untouched
    assert table.save() == saved


def test_lessons_play_the_same_under_micropython() -> None:
    cpython = core_runs.lesson_runs(1, 6)
    assert len(cpython) == 12
    code = "import core_runs\ncore_runs.main(['lessons', 1, 6])\n"
    out = run_micropython(code, {"/core_runs.py": ROOT / "tests" / "core_runs.py"})
    _same_lines(cpython, [line for line in out.split("\n") if line.startswith("[")])
