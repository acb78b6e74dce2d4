"""The embeds' pure logic: gongzhu.core.replay (the URL notation, trick-by-trick states; MicroPython too)
and gongzhu.puzzle (the worker side: legality check, solve, play-out)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import gongzhu.core.replay
import gongzhu.puzzle
from gongzhu import card_codes, deal_hands, hand_seed, new_hand
from gongzhu.core.replay import (
    ParamError,
    Replay,
    format_hands,
    format_moves,
    hands_from_seed,
    parse_cards_param,
    parse_hand,
    parse_hands,
    parse_moves,
    parse_seat,
    parse_seed,
)
from gongzhu.core.rules import get_rules
from tests.micropython import run_micropython

ROOT = Path(__file__).resolve().parents[1]



def _random_hand(seed: int, exposed: list[str] | None = None, preset: str = "classic"):
    hand = new_hand(hands=[card_codes(h) for h in deal_hands(hand_seed(seed, 0))], exposed=exposed or [], rules=preset)
    rng = random.Random(seed)
    while hand.phase == "play":
        hand.play(rng.choice(hand.legal_moves()))
    return hand


@pytest.mark.parametrize("preset", ["classic", "round-points"])
def test_replay_agrees_with_the_engine_on_winners_and_scores(preset: str) -> None:
    rules = get_rules(preset)
    for seed in range(60):
        exposed = [c for c in ("AH", "QS", "JD", "TC") if (seed >> "AH QS JD TC".split().index(c)) & 1]
        hand = _random_hand(seed, exposed, preset)
        moves = [c for _, c in hand.played]
        replay = Replay(hands_from_seed(seed), moves, None, parse_cards_param(",".join(exposed)), rules,
                        rules.first_lead)
        assert replay.winners == [t["winner"] for t in hand.tricks]
        assert replay.seats == [s for s, _ in hand.played]
        end = replay.state(52)
        assert end["done"] and end["to_play"] is None
        assert end["scores"] == hand.hand_scores()
        middle = replay.state(22)  # trick 6, two cards in
        assert middle["trick_number"] == 6 and len(middle["trick"]) == 2 and middle["winner"] is None
        assert sum(bin(m).count("1") for m in middle["held"]) == 52 - 22


def test_states_step_through_a_trick() -> None:
    hand = _random_hand(7)
    replay = Replay(hands_from_seed(7), [c for _, c in hand.played])
    start = replay.state(0)
    assert start["trick_number"] == 0 and start["trick"] == [] and start["to_play"] == replay.leader
    four = replay.state(4)
    assert four["trick_number"] == 1 and len(four["trick"]) == 4 and four["winner"] == replay.winners[0]
    assert four["to_play"] == replay.winners[0]
    assert replay.state(999) == replay.state(52) and replay.state(-5) == start


def test_moves_and_hands_round_trip() -> None:
    for seed in (0, 1, 7, 2**64 - 1):
        hands = hands_from_seed(seed)
        assert parse_hands(format_hands(hands)) == hands
        three = "-".join(format_hands(hands).split("-")[:3])
        assert parse_hands(three) == hands
    hand = _random_hand(3)
    moves = [c for _, c in hand.played]
    text = format_moves(moves)
    assert text.count(".") == 12 and parse_moves(text) == moves
    assert parse_moves(text.replace(".", "")) == moves
    assert parse_moves("10h,q♠ 2S") == parse_moves("THQS2S")
    assert card_codes(parse_hand("AKQ.10 9.2.")) == ["QS", "KS", "AS", "9H", "TH", "2D"]


@pytest.mark.parametrize(
    ("call", "text", "message"),
    [
        (parse_seed, "-1", "seed must be a whole number"),
        (parse_seed, "1e99", "seed must be a whole number"),
        (parse_seed, str(2**64), "seed must be a whole number"),
        (parse_seed, "<script>", "seed must be a whole number"),
        (parse_seat, "X", "a seat is S, E, N or W"),
        (parse_moves, "2SZZ", "move 2: 'ZZ' is not a card"),
        (parse_cards_param, "QS,<b>", "cards: '<b>' is not a card"),
        (parse_cards_param, "QS,QS", "listed twice"),
        (parse_hands, "AKQ.T98.J4.532", "hands lists 3 or 4 hands"),
        (parse_hands, "AKQ.T98.J4.53X-A.A.A.A-2.2.2.2", "'X' is not a rank"),
        (parse_hands, "AKQ.T98.J4.532-A.A.A.A-2.2.2.2", "hand 1 (South) has 11 cards"),
    ],
)
def test_bad_parameters_are_refused_with_a_readable_message(call, text, message) -> None:
    with pytest.raises(ParamError, match=re.escape(message)):
        call(text)


def test_a_card_played_out_of_turn_or_twice_is_refused() -> None:
    hands = hands_from_seed(7)
    with pytest.raises(ParamError, match="move 2: West plays next but 3♠ was dealt to South") as refused:
        Replay(hands, parse_moves("2S3S"))
    assert refused.value.text("zh") == "第 2 步：该西家出牌，但 3♠ 在南家手中"
    with pytest.raises(ParamError) as refused:
        parse_hands("AKQ.T98.J4.532-A.A.A.A-2.2.2.2")
    assert refused.value.text("zh").startswith("第 1 手（南家）有 11 张牌")
    with pytest.raises(ParamError, match="Only A♥, Q♠, J♦ and 10♣ may be exposed"):
        Replay(hands, [], exposed=1)
    assert parse_seed("18446744073709551615") == 2**64 - 1 and parse_seat("west") == 3


def _spec(seed: int, exposed: list[str] | None = None) -> dict:
    return {"hands": [card_codes(h) for h in deal_hands(hand_seed(seed, 0))], "leader": None, "exposed": exposed or [],
            "rules": "classic"}


def test_puzzle_check_finds_the_first_illegal_move() -> None:
    hand = _random_hand(11)
    moves = [c for _, c in hand.played]
    codes = [gongzhu.card_code(c) for c in moves]
    result = gongzhu.puzzle.check(_spec(11), codes)
    assert result == {"legal": 52, "error": None, "error_zh": None, "scores": hand.hand_scores()}
    bad = gongzhu.puzzle.check(_spec(7), ["2S", "2H"])
    assert bad["legal"] == 1 and "Move 2 (West plays 2♥): You must follow suit" in bad["error"]
    position = gongzhu.puzzle.spec_hand(_spec(7))
    position.play("2S")
    reason = position.why_illegal("2H")
    assert bad["error_zh"] == f"第 2 步（西家出 2♥）：{reason.zh}" and "follow" not in reason.zh


def test_puzzle_solve_and_play_out() -> None:
    hand = _random_hand(5)
    codes = [gongzhu.card_code(c) for _, c in hand.played][:33]
    solved = gongzhu.puzzle.solve(_spec(5), codes, seed=1)
    assert solved["best"] in solved["legal"]
    assert solved["why"]["en"] and solved["why"]["zh"]  # the bots explain their choice in both languages
    assert set(solved["legal"]).isdisjoint(solved["illegal"])
    out = gongzhu.puzzle.play_out(_spec(5), codes, solved["best"], seed=1)
    assert out["card"] == solved["best"] and len(out["moves"]) == 52 - 33
    assert len(out["scores"]) == 4
    with pytest.raises(ValueError):
        gongzhu.puzzle.solve(_spec(5), [gongzhu.card_code(c) for _, c in hand.played])  # the hand is over


MP_CODE = """
import sys
from gongzhu.core.replay import Replay, hands_from_seed, parse_moves, format_hands, parse_hands, parse_seed, ParamError
from gongzhu.core.rules import Rules, get_rules
moves = parse_moves(%(moves)s)
r = Replay(hands_from_seed(%(seed)d), moves, None, 1 << 25, Rules(), "2S")
assert r.state(52)["scores"] == %(scores)s, r.state(52)["scores"]
assert r.winners == %(winners)s
assert parse_hands(format_hands(hands_from_seed(3))) == hands_from_seed(3)
for bad in ("-1", "1e99"):
    try:
        parse_seed(bad)
        raise AssertionError(bad)
    except ParamError as e:
        assert "seed must be" in str(e)
print("MICROPYTHON-OK", sys.implementation.name)
"""


def test_replay_runs_under_micropython() -> None:
    hand = _random_hand(9, ["AH"])
    code = MP_CODE % {"moves": json.dumps(format_moves([c for _, c in hand.played])), "seed": 9,
                      "scores": hand.hand_scores(), "winners": [t["winner"] for t in hand.tricks]}
    assert "MICROPYTHON-OK micropython" in run_micropython(code)


def test_seed_and_hand_number_deal_as_the_game_page_does() -> None:
    from gongzhu import new_match

    match = new_match(seed=5)
    assert hands_from_seed(5) == match.current_hand.dealt
    assert hands_from_seed(5, 2) == [sum(1 << c for c in h) for h in deal_hands(hand_seed(5, 1))]
    assert gongzhu.core.replay.parse_hand_number("12") == 12
    with pytest.raises(ParamError, match="hand must be a hand number"):
        gongzhu.core.replay.parse_hand_number("0")


def test_share_snippets_for_a_deal_and_a_hand_in_progress() -> None:
    import sys

    sys.path.insert(0, str(ROOT / "web"))
    from ui.share import site_root, snippets

    site = site_root("https://example.org/gongzhu/index.html?seed=5#x")
    assert site == "https://example.org/gongzhu/"
    view = {"match": {"seed": 5, "hand_number": 1}, "rules": get_rules("fast").to_dict(),
            "leader": 3, "exposed": [["AH"], [], ["QS"], []], "played": [[3, "2C"], [0, "5C"], [1, "KC"], [2, "3C"],
                                                                         [1, "QS"]]}
    data = snippets(site, view)
    assert data["game"]["element"].endswith('<gong-zhu mode="game" seed="5" rules="fast"></gong-zhu>')
    assert data["replay"]["element"].endswith(
        '<gong-zhu mode="replay" seed="5" rules="fast" hand="2" leader="W" exposed="AH,QS" moves="2C5CKC3C.QS">'
        "</gong-zhu>")
    assert ('src="https://example.org/gongzhu/web/embed/replay.html?seed=5&amp;rules=fast&amp;hand=2&amp;leader=W'
            '&amp;exposed=AH,QS&amp;moves=2C5CKC3C.QS"') in data["replay"]["iframe"]
    assert data["link"] == "https://example.org/gongzhu/index.html?seed=5&rules=fast" and not data["custom"]
    # The link and the game embed deal the match from its first hand: in hand 2 they say so, where
    # they called it "this deal" (whose cards are the replay's alone).
    assert (data["link_label"], data["game_label"]) == ("share_link_match", "share_game_match")
    first = snippets(site, dict(view, match={"seed": 5, "hand_number": 0}))
    assert (first["link_label"], first["game_label"]) == ("share_link", "share_game")
    custom = dict(view, rules=dict(view["rules"], target=700))
    assert snippets(site, custom, "zh")["custom"] and 'lang="zh"' in snippets(site, custom, "zh")["game"]["element"]
    # A tutorial lesson's deal is no seed's: the lesson itself is shared.
    lesson = snippets(site, dict(view, lesson={"number": 4}), "zh")
    assert "game" not in lesson and "replay" not in lesson and not lesson["custom"]
    assert lesson["lesson"]["element"].endswith('<gong-zhu mode="lesson" lesson="4" lang="zh"></gong-zhu>')
    assert 'src="https://example.org/gongzhu/web/embed/lesson.html?lesson=4&amp;lang=zh"' in lesson["lesson"]["iframe"]
    assert lesson["link"] == "https://example.org/gongzhu/index.html?lesson=4"


def test_parameter_errors_read_in_chinese_too() -> None:
    with pytest.raises(ParamError) as info:
        parse_seed("-1")
    assert info.value.text("zh").startswith("seed（种子）必须是 0 到 18446744073709551615 之间的整数")
    assert info.value.text("en") == str(info.value)
    with pytest.raises(ParamError) as info:
        parse_moves("2S ZZ")
    assert info.value.text("zh") == "第 2 步：'ZZ' 不是一张牌（出牌请写 2S QS TH 这样的代码）"
