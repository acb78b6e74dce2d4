"""The player's statistics (web/ui/stats.py) under CPython: hand facts from the engine's breakdown,
each hand counted once (a take-back and replay replaces it), totals equal to the sum over hands,
any JSON garbage read as a fresh record, the chart's geometry and the export file."""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))

from ui import stats  # noqa: E402

from gongzhu.core import options, room  # noqa: E402
from gongzhu.core.bots.beginner import beginner  # noqa: E402
from gongzhu.core.scoring import score_pile  # noqa: E402
from gongzhu.core.screen import bot_next  # noqa: E402
from gongzhu.core.table import Table  # noqa: E402
from tests.test_game_page import Storage  # noqa: E402

LEVELS = ["hard", "beginner", "beginner", "beginner"]


def new_table(seed: int, rules: Any = "classic") -> tuple[Table, dict[str, Any]]:
    table = Table({"beginner": beginner})
    view = table.new_match(seed, rules, LEVELS)
    return table, view


def play_to_end(table: Table, rng: random.Random, expose: bool = False, claims: bool = True) -> dict[str, Any]:
    """Play the current hand to its end, the human at random; the finished hand's view.
    Without `claims` the bots play every card (a claimed hand cannot be taken back)."""
    while True:
        view = table.snapshot()
        if view["phase"] == "done":
            return view
        move = view["your_move"]
        if move == "pass":
            table.act("pass", view["hand"][:3])
        elif move == "expose":
            table.act("expose", view["exposable"] if expose else [])
        elif move == "play":
            table.act("play", rng.choice(view["legal"]))
        elif claims:
            table.advance()
        else:
            hand = table.current().current_hand
            seat = bot_next(hand, 0)
            hand.decide(seat, beginner(hand.view(seat), rng))


def play_match(seed: int, rules: Any, tracker: stats.Tracker, expose: bool = False) -> list[dict[str, Any]]:
    """A whole match, each finished hand counted as the page counts it; the views of its finished hands."""
    rng = random.Random(seed)
    table, view = new_table(seed, rules)
    tracker.match_started(view)
    done = []
    while True:
        view = play_to_end(table, rng, expose)
        tracker.hand_finished(view)
        done.append(view)
        if view["match"]["is_over"]:
            return done
        table.next_hand()


def test_hand_facts_come_from_the_breakdown() -> None:
    found_pig = found_exposure = False
    for seed in range(1, 40):
        table, _ = new_table(seed)
        view = play_to_end(table, random.Random(seed), expose=True)
        facts = stats.hand_facts(view)
        mine = view["breakdown"][0]
        assert facts["score"] == mine["total"] == view["match"]["hand_scores"][-1][0]
        assert facts["pig"] == ("QS" in mine["cards"])
        assert facts["won"] == (mine["total"] == max(b["total"] for b in view["breakdown"]))
        assert facts["exposed"] == len(view["exposed"][0])
        # What the player's exposures earned: the score less the score without them.
        others = [c for c in mine["exposed"] if c not in view["exposed"][0]]
        assert facts["earned"] == mine["total"] - score_pile(mine["cards"], others, view["rules"]).total
        found_pig |= facts["pig"]
        if facts["exposed"] and facts["earned"]:
            found_exposure = True
    assert found_pig and found_exposure


def test_a_moon_is_told_apart_from_one_suffered() -> None:
    view: dict[str, Any] = {
        "rules": options.resolve(), "exposed": [[], [], [], []], "exposed_at_end": [[], [], [], []],
        "match": {"hand_number": 0, "seed": 1, "is_over": False}, "history": [{"hand": 0, "take_backs": 2}],
        "breakdown": [{"total": -100, "cards": ["QS"], "exposed": []},
                      {"total": 200, "cards": list(stats.HEARTS), "exposed": []},
                      {"total": 0, "cards": [], "exposed": []}, {"total": 0, "cards": [], "exposed": []}],
    }
    facts = stats.hand_facts(view)
    assert (facts["moon"], facts["moon_against"], facts["pig"], facts["won"], facts["take_backs"]) == (
        False, True, True, False, 2)
    view["breakdown"][0], view["breakdown"][1] = view["breakdown"][1], view["breakdown"][0]
    facts = stats.hand_facts(view)
    assert (facts["moon"], facts["moon_against"], facts["won"]) == (True, False, True)


def test_totals_equal_the_sum_over_the_hands_and_matches() -> None:
    tracker = stats.Tracker(Storage())
    hands: list[dict[str, Any]] = []
    matches = []
    for seed in (3, 4, 5):
        done = play_match(seed, {"target": 300}, tracker, expose=seed % 2 == 0)
        hands += [stats.hand_facts(v) for v in done]
        matches.append(0 in done[-1]["match"]["winners"])
    total = stats.totals(tracker.record)
    assert total["hands"] == len(hands) > 3
    assert total["points"] == sum(h["score"] for h in hands)
    assert total["pig"] == sum(h["pig"] for h in hands)
    assert total["hands_won"] == sum(h["won"] for h in hands)
    assert total["exposures"] == sum(h["exposed"] for h in hands)
    assert total["exposure_points"] == sum(h["earned"] for h in hands)
    assert total["matches"] == 3 and total["matches_won"] == sum(matches)
    assert stats.recent_scores(tracker.record) == [h["score"] for h in hands][-stats.RECENT:]
    # One group: the bots' levels and the preset of target 50 (no preset: "custom").
    assert list(tracker.record["groups"]) == ["beginner/beginner/beginner|custom"]
    # The stored record reads back the same, and is sound.
    again = stats.Tracker(tracker.storage)
    assert again.notice is None and again.record == tracker.record


def test_a_hand_is_never_counted_twice() -> None:
    storage = Storage()
    tracker = stats.Tracker(storage)
    table, view = new_table(8, "fast")
    tracker.match_started(view)
    view = play_to_end(table, random.Random(1))
    tracker.hand_finished(view)
    tracker.hand_finished(view)  # the same hand told again
    stats.Tracker(storage).hand_finished(view)  # after a reload on the summary
    assert stats.totals(tracker.record)["hands"] == 1
    assert len(tracker.record["recent"]) == 1


def test_a_room_guests_hands_leave_the_statistics_as_they_were() -> None:
    """A guest's page is sent its seat's view without the deal's seed (the host keeps it): its hands
    are not counted, and the record survives a reload. (It was counted with no seed, and the next
    start read the record as corrupt and reset every statistic.)"""
    storage = Storage()
    tracker = stats.Tracker(storage)
    play_match(8, "fast", tracker)
    before = storage.getItem(stats.STATS_KEY)
    table, view = new_table(9, "fast")
    guest = room.guest_view(view, 2)
    tracker.match_started(guest)
    done = room.guest_view(play_to_end(table, random.Random(3)), 2)
    tracker.hand_finished(done)
    assert storage.getItem(stats.STATS_KEY) == before
    again = stats.Tracker(storage)
    assert again.notice is None and again.record == json.loads(before)
    # A record already written so (its open match with no seed) keeps its counts: only the open
    # match is forgotten.
    broken = json.loads(before)
    broken["open"] = {"seed": None, "hand": 0, "last": None}
    storage.setItem(stats.STATS_KEY, json.dumps(broken))
    kept = stats.Tracker(storage)
    assert kept.notice is None and kept.record["groups"] == broken["groups"] and kept.record["open"] is None


def test_take_back_and_replay_replaces_the_hand() -> None:
    for seed in range(20, 80):
        tracker = stats.Tracker(Storage())
        table, view = new_table(seed, "beginner")
        tracker.match_started(view)
        rng = random.Random(seed)
        first = play_to_end(table, rng, claims=False)
        if not first["can_take_back"]:
            continue
        tracker.hand_finished(first)  # counted when the summary shows
        table.take_back()  # then the last card is taken back from the summary, and played again
        again = play_to_end(table, rng, claims=False)
        tracker.hand_finished(again)
        break
    else:
        raise AssertionError("no hand could be taken back from its summary")
    assert stats.hand_facts(again) != stats.hand_facts(first)  # one more take-back
    # Only the replayed result counts, once, with its take-back.
    facts = stats.hand_facts(again)
    key = stats.group_key(LEVELS, options.resolve(None, "beginner"))
    total = stats.totals(tracker.record)
    assert (total["hands"], total["points"], total["take_backs"]) == (1, facts["score"], 1)
    assert total["pig"] == int(facts["pig"]) and total["matches"] == int(again["match"]["is_over"])
    assert tracker.record["recent"] == [[facts["score"], key]]


def test_the_same_seed_played_again_counts_again() -> None:
    tracker = stats.Tracker(Storage())
    for _ in range(2):
        table, view = new_table(9, "fast")
        tracker.match_started(view)
        tracker.hand_finished(play_to_end(table, random.Random(2)))
    assert stats.totals(tracker.record)["hands"] == 2


def test_filters_by_level_and_preset() -> None:
    record = stats.empty()
    facts = {"score": -100, "won": False, "pig": True, "moon": False, "moon_against": False, "exposed": 1,
             "earned": -100, "take_backs": 0}
    stats.record_hand(record, 1, 0, "hard/normal/normal|classic", facts, None)
    won = dict(facts, score=50, pig=False, won=True)
    stats.record_hand(record, 1, 1, "hard/normal/normal|fast", won, {"won": True})
    stats.record_hand(record, 2, 0, "easy/easy/easy|fast", dict(facts, score=0, pig=False), None)
    assert stats.levels_and_presets(record) == (["easy/easy/easy", "hard/normal/normal"], ["classic", "fast"])
    assert stats.totals(record, preset="fast")["hands"] == 2
    assert stats.totals(record, level="hard/normal/normal")["points"] == -50
    assert stats.totals(record, "hard/normal/normal", "fast")["matches_won"] == 1
    assert stats.recent_scores(record, preset="fast") == [50, 0]
    figures = stats.figures(stats.totals(record))
    assert figures["average"] == round(-50 / 3, 1) and figures["pig_rate"] == 33 and figures["match_win_rate"] == 100
    assert stats.figures(stats.totals(stats.empty()))["average"] is None


def test_only_the_last_fifty_hands_are_kept_for_the_chart() -> None:
    record = stats.empty()
    facts = {"score": 0, "won": True, "pig": False, "moon": False, "moon_against": False, "exposed": 0,
             "earned": 0, "take_backs": 0}
    for n in range(70):
        stats.record_hand(record, 5, n, "a/b/c|classic", dict(facts, score=n), None)
    assert [s for s, _ in record["recent"]] == list(range(20, 70))
    assert stats.totals(record)["hands"] == 70
    assert stats.clean(json.loads(json.dumps(record))) == record


def test_a_corrupt_record_is_reset_with_a_notice() -> None:
    for text in ("{not json", "[]", "null", '{"v": 1}', '{"v": 2, "groups": {}, "recent": []}',
                 json.dumps(dict(stats.empty(), groups={"x|classic": dict(stats.blank_counters(), hands=-1)})),
                 json.dumps(dict(stats.empty(), groups={"x|classic": dict(stats.blank_counters(), hands=10**12)})),
                 json.dumps(dict(stats.empty(), groups={"x|classic": dict(stats.blank_counters(), pig=3, hands=2)})),
                 json.dumps(dict(stats.empty(), recent=[[10, "not|a-group"]]))):
        storage = Storage({stats.STATS_KEY: text})
        tracker = stats.Tracker(storage)
        assert tracker.notice == "stats_reset", text
        assert tracker.record == stats.empty()
        assert json.loads(storage[stats.STATS_KEY]) == stats.empty()  # replaced: said once
        assert stats.Tracker(storage).notice is None
    assert stats.Tracker(Storage()).notice is None


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_garbage_is_a_fresh_record(data: Any) -> None:
    record, problem = stats.parse(json.dumps(data))
    assert problem == "stats_reset"
    assert record == stats.empty()


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(stats.COUNTERS), st.sampled_from(["a/b/c|classic", "a/a/a|fast"]),
       st.one_of(st.integers(-(10**15), 10**15), st.booleans(), st.none(), st.text(max_size=3), st.floats()))
def test_a_record_with_one_counter_changed_is_sound_or_reset(name: str, key: str, value: Any) -> None:
    """Changing one counter of a sound record gives a sound record or a reset, never an exception,
    and a record that reads as sound keeps its figures consistent."""
    record = stats.empty()
    facts = {"score": -20, "won": False, "pig": False, "moon": False, "moon_against": False, "exposed": 0,
             "earned": 0, "take_backs": 0}
    for n in range(3):
        stats.record_hand(record, 1, n, key, facts, {"won": True} if n == 2 else None)
    record["groups"][key][name] = value
    out, problem = stats.parse(json.dumps(record))
    if problem is None:
        counters = out["groups"][key]
        assert counters["hands_won"] <= counters["hands"] and counters["matches_won"] <= counters["matches"]
        assert isinstance(counters[name], int)
    else:
        assert out == stats.empty()


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-3200, 3200), max_size=50), st.integers(60, 800), st.integers(40, 300))
def test_the_chart_stays_in_its_box(scores: list[int], width: int, height: int) -> None:
    g = stats.chart(scores, width, height, pad=4)
    assert 4 <= g["zero"] <= height - 4
    assert len(g["bars"]) == len(scores)
    for (x, y, w, h, score), expected in zip(g["bars"], scores, strict=True):
        assert score == expected
        assert x >= 4 - 0.01 and x + w <= width - 4 + 0.01 and w > 0
        assert y >= 4 - 0.01 and y + h <= height - 4 + 0.01
        if score > 0:
            assert abs(y + h - g["zero"]) < 0.02
        elif score < 0:
            assert abs(y - g["zero"]) < 0.02
    # Heights are proportional to the scores.
    big = max((abs(s) for s in scores), default=0)
    for _, _, _, h, score in g["bars"]:
        if big and abs(score) == big:
            assert h == max(b[3] for b in g["bars"])
    xs = [b[0] for b in g["bars"]]
    assert xs == sorted(xs)


def test_export_and_import_with_the_saved_game() -> None:
    record = stats.empty()
    stats.record_hand(record, 1, 0, "a/b/c|classic", {"score": 40, "won": True, "pig": False, "moon": False,
                                                      "moon_against": False, "exposed": 0, "earned": 0,
                                                      "take_backs": 0}, None)
    save = json.dumps({"v": 2, "match": '{"format": "gongzhu-match"}'})
    text = stats.export_text(save, record)
    assert json.loads(text)["match"] == '{"format": "gongzhu-match"}'
    assert stats.read_export(text) == (save, record, None)
    # An older export, the save alone, still imports (the statistics stay as they are).
    assert stats.read_export(save) == (save, None, None)
    # Statistics without a saved match.
    only = stats.export_text(None, record)
    assert stats.read_export(only) == (None, record, None)
    # A file that is not an export, or whose statistics are broken, is refused whole.
    for bad in ("", "{", "[1]", '{"v": 2}', json.dumps({"v": 2, "match": "{}", "stats": {"v": 1, "groups": 5}})):
        assert stats.read_export(bad) == (None, None, "stats_import_bad"), bad


def test_an_imported_finished_hand_is_not_counted_again() -> None:
    tracker = stats.Tracker(Storage())
    table, _ = new_table(12, "fast")
    view = play_to_end(table, random.Random(3))
    tracker.match_started(view)  # an imported match, on its finished hand
    tracker.hand_finished(view)
    assert stats.totals(tracker.record)["hands"] == 0
    table.next_hand()
    tracker.hand_finished(play_to_end(table, random.Random(4)))
    assert stats.totals(tracker.record)["hands"] == 1


def test_the_doctests_of_the_module() -> None:
    import doctest

    assert doctest.testmod(stats).failed == 0


MICROPYTHON_SCRIPT = """
import json
from ui import stats
from gongzhu.core import options
record, problem = stats.parse('{"v": 1, "groups": {"a|b": {"hands": 1e9}}}')
print(problem, record == stats.empty())
facts = {"score": -100, "won": False, "pig": True, "moon": False, "moon_against": False, "exposed": 1,
         "earned": -100, "take_backs": 1}
key = stats.group_key(["hard", "hard", "normal", "easy"], options.resolve(None, "fast"))
for n in range(55):
    stats.record_hand(record, 7, n, key, dict(facts, score=n * 10 - 200), {"won": True} if n == 54 else None)
stats.record_hand(record, 7, 54, key, dict(facts, score=5, take_backs=2), None)
text = json.dumps(record)
again, problem = stats.parse(text)
print(problem, again == record, len(again["recent"]))
f = stats.figures(stats.totals(again, preset="fast"))
print(f["hands"], f["points"], f["average"], f["pig_rate"], f["matches"], f["take_backs"])
print(stats.average_text(f["average"]), stats.levels_and_presets(again))
print([" ".join(["%.2f" % x for x in bar]) for bar in stats.chart([100, -50, 0], 300, 120)["bars"]])
save, imported, problem = stats.read_export(stats.export_text('{"v": 2, "match": "{}"}', again))
print(json.loads(save) == {"v": 2, "match": "{}"}, imported == again, problem)
"""


def test_the_same_under_micropython() -> None:
    """The page runs this module in MicroPython: the same figures there as under CPython."""
    import contextlib
    import io

    from tests.micropython import run_micropython

    web = Path(__file__).resolve().parents[1] / "web"
    out = run_micropython(MICROPYTHON_SCRIPT, {"/ui/__init__.py": web / "ui" / "__init__.py",
                                               "/ui/stats.py": web / "ui" / "stats.py"})
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        exec(MICROPYTHON_SCRIPT, {})
    expected = buffer.getvalue().strip().split("\n")
    assert expected[0] == "stats_reset True" and expected[1] == "None True 50"
    assert out.strip().split("\n") == expected
