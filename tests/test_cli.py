"""The command line: score, rules, deal, play (bots only and with a scripted human), exit codes."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from gongzhu import cli
from gongzhu.bots import DEFAULT_BOT, registry


def run(*argv: str, answers: list[str] | None = None) -> tuple[int, str]:
    out = io.StringIO()
    feed = iter(answers or [])

    def read(prompt: str) -> str:
        out.write(prompt)
        try:
            return next(feed)
        except StopIteration:
            raise EOFError from None

    code = cli.main(list(argv), out=out, read=read)
    return code, out.getvalue()


def test_score_prints_lines_and_total():
    code, text = run("score", "QS", "KH", "QH", "8H", "--exposed", "AH")
    assert code == 0
    assert text.splitlines()[-1] == "Hand score: -260"
    assert "A♥ exposed, hearts x2: -80 x 2 = -160" in text


def test_score_options_language_json():
    code, text = run("score", "TC", "3H", "--rules", "round-points")
    assert code == 0 and text.splitlines()[-1] == "Hand score: +50"
    code, text = run("score", "q♠", "10♥", "--lang", "zh")
    assert "本局得分：-110" in text
    code, text = run("score", "JD", "--json")
    assert json.loads(text)["total"] == 100
    code, text = run("score")
    assert code == 0 and "Hand score: 0" in text


def test_score_bad_input_exit_2(capsys):
    assert run("score", "QS", "XX")[0] == 2
    assert "not a card: 'XX'" in capsys.readouterr().err
    assert run("score", "QS", "--rules", "nope")[0] == 2
    assert "unknown rules preset 'nope'" in capsys.readouterr().err
    assert run("score", "QS", "QS")[0] == 2
    assert run("frobnicate")[0] == 2
    assert run()[0] == 2


def test_rules_lists_presets_and_options():
    code, text = run("rules")
    assert code == 0
    for word in ["classic", "beginner", "fast", "round-points", "pass_cards", "partnership", "全部默认规则"]:
        assert word in text
    code, text = run("rules", "--json")
    data = json.loads(text)
    assert {o["name"] for o in data["options"]} >= {"first_lead", "target"}


def test_deal_shows_the_seeds_hands():
    code, text = run("deal", "7")
    assert code == 0 and len(text.splitlines()) == 4 and text.startswith("seat 0: ♠ 6 3")


@pytest.mark.parametrize("preset", ["classic", "round-points", "fast"])
def test_play_bots_only_finishes_a_match(preset):
    code, text = run("play", "--seed", "3", "--auto", "--rules", preset, "--bots", "random")
    assert code == 0
    assert "The match is over." in text and "Winner:" in text
    if preset == "round-points":
        assert "Round points:" in text


def test_play_refuses_illegal_input_and_quits_cleanly():
    code, text = run("play", "--seed", "4", answers=["XX", "AH", "", "q"])
    assert code == 0
    assert "Not allowed: not a card: 'XX'" in text
    assert "Not allowed: You do not hold A♥." in text
    assert "Type a card" in text and "Goodbye." in text


def test_play_with_passing_prompts_and_house_rules():
    code, text = run("play", "--seed", "5", "--set", "pass_cards=3", "--set", "exposure=off",
                     answers=["2S", "ZZ 3S 4S", "q"])
    assert code == 0
    assert "Pass 3 cards to seat 1" in text
    assert "Not allowed: Pass exactly 3 cards" in text or "Not allowed: You do not hold" in text
    assert "Goodbye." in text


def test_set_option_errors(capsys):
    assert run("score", "TC", "--set", "speed=3")[0] == 2
    assert "unknown rule option 'speed'" in capsys.readouterr().err
    assert run("score", "TC", "--set", "pass_cards")[0] == 2
    assert run("score", "TC", "--set", "pass_cards=2")[0] == 2
    code, text = run("score", "TC", "3H", "--set", "transformer_alone=net_zero")
    assert text.splitlines()[-1] == "Hand score: +50"


def test_play_a_whole_match_as_a_human_choosing_the_first_legal_card():
    # A scripted human: answer every prompt sensibly, reading the legal list from the prompt.
    out = io.StringIO()

    def read(prompt: str) -> str:
        out.write(prompt)
        if "Play (legal:" in prompt:
            legal = prompt.rsplit("Play (legal: ", 1)[1].split(")")[0].split()
            return legal[0]
        return ""

    assert cli.main(["play", "--seed", "9", "--rules", "fast", "--bots", "random"], out=out, read=read) == 0
    assert "The match is over." in out.getvalue()


def test_bot_registry():
    assert "random" in registry.bot_names()
    assert DEFAULT_BOT in registry.bot_names()
    with pytest.raises(ValueError, match="unknown bot 'nope'"):
        registry.resolve_bot("nope")
    assert run("play", "--seed", "1", "--auto", "--bots", "nope")[0] == 2


def test_module_entry_point():
    r = subprocess.run([sys.executable, "-m", "gongzhu", "score", "TC"], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 0 and r.stdout.strip().endswith("+50")
    r = subprocess.run([sys.executable, "-m", "gongzhu", "score", "1S"], capture_output=True, text=True,
                       check=False)
    assert r.returncode == 2 and "'1S'" in r.stderr


def test_play_with_a_bot_of_your_own_from_the_current_folder(own_bot, capsys):
    code, text = run("play", "--seed", "2", "--auto", "--rules", "fast", "--bots", f"{own_bot}:play")
    assert code == 0 and "The match is over." in text
    # A bot that breaks the rules stops the game with the seat and the reason, not a traceback.
    assert run("play", "--seed", "2", "--auto", "--bots", f"{own_bot}:reckless")[0] == 2
    err = capsys.readouterr().err
    assert f"{own_bot}:reckless" in err and "which the rules refuse" in err
    assert run("play", "--auto", "--bots", f"{own_bot}:nothing")[0] == 2
    assert "has no function 'nothing'" in capsys.readouterr().err


def test_play_with_a_bot_for_each_seat(capsys):
    code, text = run("play", "--seed", "6", "--auto", "--rules", "fast", "--bots", "easy, beginner,normal,random")
    assert code == 0 and "The match is over." in text
    assert "Bots: seat 0 easy, seat 1 beginner, seat 2 normal, seat 3 random." in text
    code, text = run("play", "--seed", "6", "--seat", "2", "--bots", "random,easy,beginner", answers=["q"])
    assert code == 0 and "Bots: seat 0 (North) random, seat 1 (West) easy, seat 3 (East) beginner." in text
    for bots, seats in (("easy,hard", "3 bot seats (0, 1, 3)"), ("easy,easy,easy,easy", "3 bot seats")):
        assert run("play", "--seat", "2", "--bots", bots)[0] == 2
        assert seats in capsys.readouterr().err
    assert run("play", "--auto", "--bots", "easy,nobody,easy,easy")[0] == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


def test_output_piped_into_a_reader_that_stops_is_not_an_error():
    # `python -m gongzhu play --auto | head -1`: head closes the pipe after one line.
    p = subprocess.Popen([sys.executable, "-m", "gongzhu", "play", "--auto", "--seed", "3", "--bots", "random"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdout is not None and p.stderr is not None
    assert p.stdout.readline().startswith(b"Gong Zhu")
    p.stdout.close()
    assert p.wait(timeout=60) == 0
    assert p.stderr.read() == b""


def test_play_help_names_the_bots_a_match_gets_by_default():
    r = subprocess.run([sys.executable, "-m", "gongzhu", "play", "--help"], capture_output=True, text=True,
                       check=False)
    help_text = " ".join(r.stdout.split())
    assert r.returncode == 0 and f"default {DEFAULT_BOT}" in help_text, help_text
