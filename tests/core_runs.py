"""Runs of the portable core that must give the same output under CPython and MicroPython.

tests/test_engine_fence.py runs this very file under MicroPython's WebAssembly build (in node)
and imports it under CPython, then compares the lines the two print, byte for byte:

- ``random_hands(first, count)``: seeded hands under every preset and house-rule variant, each
  decision drawn at random from ``portable.Random(seed)``; per hand, the legal cards at every
  play (and for every tenth hand a digest of the acting seat's whole view at every step: refusal
  reasons, exposures, scores so far), the final scores and the hand's JSON, which must also
  read back to the same hand;
- ``normal_decisions(first, count)``: the ``normal`` bot's passes, exposures and plays at seeded
  points of such hands;
- ``playouts(first, count)``: the playout layer's random hands (``fast.random_hand``, what
  ``bench`` counts) from ``Random(seed)``: their scores;
- ``solves(first, count)``: random late positions of such hands, each legal card's exact solve
  to the end of the hand (``endgame.solve``, the expert's last tricks);
- ``comforts(first, count)``: such hands with a take-back at a seeded point and a claim at the
  first position the engine proves one: the proof, the claimed scores and the hand's JSON;
- ``lesson_runs(first, count)``: the tutorial's lessons played along a winning and a losing
  line of the player's (``LESSON_LINES``) against their scripted bots: the cards, the verdict.
"""

import binascii
import hashlib

from gongzhu.core.bots import endgame
from gongzhu.core.bots.normal import normal
from gongzhu.core.bots.pimc import set_fixed
from gongzhu.core.bots.randombot import random_bot
from gongzhu.core.bots.sampler import Knowledge
from gongzhu.core.cards import parse_card
from gongzhu.core.fast import random_hand
from gongzhu.core.hand import Hand, new_hand
from gongzhu.core.portable import Random, dumps, popcount
from gongzhu.core.rules import PRESETS

VARIANTS = [
    PRESETS["classic"],
    PRESETS["beginner"],
    PRESETS["round-points"],
    PRESETS["classic"].replace(pass_cards=3, hearts_must_be_broken=True),
    PRESETS["classic"].replace(exposure_mode="secret", auto_expose_fourth=True),
    PRESETS["fast"].replace(heart_values="pips", partnership=True),
    PRESETS["round-points"].replace(pass_cards=3, transformer_alone="no_other_scoring"),
]
"""The rules the runs cycle through, by seed."""


def _deal(seed):
    """A seeded hand: its rules by seed, a first hand of a match for even seeds."""
    rules = VARIANTS[seed % len(VARIANTS)]
    if seed % 2:
        return new_hand(seed=seed, rules=rules, first_hand=False, leader=seed % 4)
    return new_hand(seed=seed, rules=rules)


def _deciding(hand):
    """The seat to decide now (every seat in turn acts in the pass and secret-expose phases)."""
    return hand.to_play


def random_hands(first, count):
    """One line per hand: seed, the legal cards of each play, a digest of every view (every
    tenth hand), the scores, the hand's JSON."""
    lines = []
    for seed in range(first, first + count):
        rng = Random(seed)
        hand = _deal(seed)
        views = hashlib.sha256() if seed % 10 == 0 else None
        legal = []
        while hand.phase != "done":
            seat = _deciding(hand)
            if views is not None:
                views.update(dumps(hand.view(seat)).encode())
            if hand.phase == "play":
                moves = hand.legal_moves()
                legal.append(" ".join(moves))
                hand.play(rng.choice(moves))
            else:
                hand.decide(seat, random_bot(hand.view(seat), rng))
        text = hand.to_json()
        if Hand.from_json(text).to_json() != text:
            raise AssertionError("hand %d does not read back to itself" % seed)
        digest = binascii.hexlify(views.digest()).decode() if views is not None else None
        lines.append(dumps([seed, legal, digest, hand.hand_scores(), text]))
    return lines


def normal_decisions(first, count):
    """One line per decision: seed, phase, the normal bot's answer from ``Random(seed)`` (on its
    fixed number of worlds: on MicroPython its clock could cut a search short)."""
    set_fixed(True)
    lines = []
    for seed in range(first, first + count):
        rng = Random(seed)
        hand = _deal(seed)
        stop = seed % 40  # a point in the hand: passing, exposing, or a trick at any stage
        step = 0
        while hand.phase != "done" and step < stop:
            seat = _deciding(hand)
            hand.decide(seat, random_bot(hand.view(seat), rng))
            step += 1
        if hand.phase == "done":
            continue
        view = hand.view(_deciding(hand))
        lines.append(dumps([seed, view["phase"], normal(view, Random(seed * 7 + 1))]))
    set_fixed(False)  # (under CPython this runs inside the test process: the clock is back for the rest)
    return lines


def playouts(first, count):
    """One line per playout: seed, the four scores."""
    return [dumps([seed, random_hand(Random(seed), VARIANTS[seed % len(VARIANTS)])])
            for seed in range(first, first + count)]


def solves(first, count):
    """One line per position: seed, the four hands, each legal card and its solved scores."""
    lines = []
    for seed in range(first, first + count):
        rng = Random(seed)
        hand = _deal(seed)
        stop = 40 + seed % 12  # from the last three tricks on, mid-trick or not
        while hand.phase != "done" and 52 - sum(popcount(h) for h in hand.held) < stop:
            seat = _deciding(hand)
            if hand.phase == "play":
                hand.play(rng.choice(hand.legal_moves()))
            else:
                hand.decide(seat, random_bot(hand.view(seat), rng))
        k = Knowledge(hand.view(hand.to_play))
        ctx = k.ctx()
        solved = [[code, endgame.solve(list(hand.held), k.cap, k.trick, k.leader, k.led, k.hearts_broken, k.must,
                                       ctx, parse_card(code))] for code in hand.legal_moves()]
        lines.append(dumps([seed, hand.held, solved]))
    return lines


def comforts(first, count):
    """One line per hand: seed, the take-back's events, the claim's proof and position, the
    scores and the hand's JSON (which must read back to itself)."""
    lines = []
    for seed in range(first, first + count):
        rng = Random(seed)
        hand = _deal(seed)
        undone = None
        proof = None
        while hand.phase != "done":
            seat = _deciding(hand)
            if hand.phase != "play":
                hand.decide(seat, random_bot(hand.view(seat), rng))
                continue
            proof = hand.claim_proof()
            if proof:
                at = len(hand.played)
                hand.claim(seat)
                proof = [proof, at]
                break
            if undone is None and len(hand.played) == 8 + seed % 30 and hand.can_take_back((seat - 1) % 4):
                undone = hand.take_back((seat - 1) % 4)
                continue
            hand.play(rng.choice(hand.legal_moves()))
        text = hand.to_json()
        if Hand.from_json(text).to_json() != text:
            raise AssertionError("hand %d does not read back to itself" % seed)
        lines.append(dumps([seed, undone, proof, hand.hand_scores(), text]))
    return lines


LESSON_LINES = {
    1: (["KC"], ["4C"]),
    2: (["AD", "KC", "3S", "4D"], ["4D"]),
    3: (["3D", "QS"], ["KD"]),
    4: ([["JD"], "JD"], [[], "JD"]),
    5: (["4S", "QS"], ["AS"]),
    6: (["AH", "KH", "QH", "2H"], ["2H"]),
}
"""Per lesson, (a winning line, a losing line): the player's decisions in order (an exposure is
a list); once a line runs out the player plays their first legal card."""


def play_lesson(number, line):
    """Play lesson ``number`` with the player's decisions ``line`` until it is judged: the verdict,
    the cards played in the lesson, the tricks, the pig's captor and the scores."""
    from gongzhu.core.lessons import LessonMatch

    match = LessonMatch(number)
    hand = match.current_hand
    line = list(line)
    verdict = match.verdict()
    while verdict is None and hand.phase != "done":
        seat = hand.to_play
        if seat == 0:
            if line:
                decision = line.pop(0)
            else:
                decision = [] if hand.phase == "expose" else hand.legal_moves()[0]
        else:
            decision = match.decide(seat)
        hand.decide(seat, decision)
        verdict = match.verdict()
    return {"verdict": verdict, "actions": [list(a) for a in hand.actions[match.start_actions:]],
            "tricks": len(hand.tricks), "pig_captor": hand.pig_captor, "scores": hand.hand_scores()}


def lesson_runs(first, count):
    """One line per lesson and line (winning, losing): what ``play_lesson`` returns."""
    lines = []
    for number in range(first, first + count):
        for which in (0, 1):
            lines.append(dumps([number, which, play_lesson(number, LESSON_LINES[number][which])]))
    return lines


RUNS = {"hands": random_hands, "normal": normal_decisions, "playouts": playouts, "solves": solves, "comforts": comforts,
        "lessons": lesson_runs}


def main(args):
    """Print the run named by ``args``: "hands", "normal" or "playouts", then FIRST and COUNT."""
    kind, first, count = args[0], int(args[1]), int(args[2])
    runs = RUNS[kind]
    for line in runs(first, count):
        print(line)


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
