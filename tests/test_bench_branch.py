"""tests/bench_branch.py: its figure is the arena's, M of the candidate minus M of the baseline."""

from __future__ import annotations

import random
import subprocess
import sys
from typing import Any

import pytest

from gongzhu.arena import play_deal
from gongzhu.bots import BOTS
from gongzhu.core.deal import hand_seed
from gongzhu.core.rules import get_rules
from tests.bench_branch import branch_deal


def late_random(view: dict[str, Any], rng: random.Random) -> Any:
    """``beginner`` until it holds five cards, then a random legal card (from the same stream)."""
    if view["phase"] == "play" and len(view["hand"]) <= 5:
        return rng.choice(view["legal"])
    return BOTS["beginner"](view, rng)


@pytest.mark.parametrize("opponents", ["beginner", "easy"])
def test_the_branched_figure_is_the_arenas_difference_of_m(opponents: str) -> None:
    rules = get_rules("classic")
    branched = 0
    for i in range(6):
        job = (5, i, "tests.test_bench_branch:late_random", opponents, rules.to_dict(), True, 1.0, 0.0)
        arena = play_deal(job)["m"] - play_deal((5, i, "beginner", *job[3:]))["m"]
        fig = branch_deal(hand_seed(5, i), rules, "tests.test_bench_branch:late_random", "beginner", opponents, 5)
        assert fig["m"] == pytest.approx(arena, abs=1e-9)
        branched += sum(g is not None for g in fig["gains"])
    assert branched >= 6  # The random late cards do differ from beginner's in some seats.


def test_the_bench_prints_its_figures_and_refuses_an_unknown_bot(tmp_path: Any) -> None:
    args = [sys.executable, "-m", "tests.bench_branch", "--candidate", "tests.test_bench_branch:late_random",
            "--baseline", "beginner", "--opponents", "easy", "--deals", "3", "--from-cards", "5", "--fixed", "--log",
            str(tmp_path / "b.jsonl")]
    out = subprocess.run(args, capture_output=True, text=True, check=True).stdout
    assert "change of M:" in out and "of 12; gained" in out
    again = subprocess.run(args, capture_output=True, text=True, check=True).stdout  # resumed from the log
    assert again.splitlines()[1:] == out.splitlines()[1:]
    refused = subprocess.run([*args[:4], "nobody:there", *args[5:]], capture_output=True, text=True)
    assert refused.returncode == 2 and "cannot import 'nobody'" in refused.stderr
