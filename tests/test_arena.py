"""The duplicate arena's output format (a smoke run, not a strength test) and its CLI entry."""

from __future__ import annotations

import io
import json

import pytest

from gongzhu.arena import main, percentile, run, summarize
from gongzhu.cli import main as cli_main


def test_arena_smoke_text_and_json() -> None:
    out = io.StringIO()
    assert main(["--candidate", "easy", "--baseline", "beginner", "--deals", "12", "--seed", "3",
                 "--rules", "classic", "--json"], out) == 0
    lines = out.getvalue().strip().splitlines()
    text = "\n".join(lines[:-1])
    assert "easy vs 3 x beginner: 12 deals" in text
    assert "M = " in text and "95% CI" in text and "D = " in text
    assert "moons made" in text and "exposure rate" in text and "p95" in text
    fig = json.loads(lines[-1])
    for key in ("M", "M_low", "M_high", "D", "deals", "think_ms"):
        assert key in fig
    assert fig["deals"] == 12
    assert fig["M_low"] <= fig["M"] <= fig["M_high"]
    assert 0 <= fig["D"] <= 1
    assert set(fig["think_ms"]) == {"p50", "p95", "max"}
    assert fig["think_ms"]["p50"] <= fig["think_ms"]["p95"] <= fig["think_ms"]["max"]


def test_arena_through_the_cli_with_two_jobs_reproduces() -> None:
    out = io.StringIO()
    assert cli_main(["arena", "--candidate", "beginner", "--baseline", "easy", "--deals", "6",
                     "--seed", "5", "--jobs", "2", "--rules", "fast", "--json"], out) == 0
    fig = json.loads(out.getvalue().strip().splitlines()[-1])
    again = run("beginner", "easy", 6, seed=5, rules="fast", jobs=1)
    assert (fig["M"], fig["D"]) == (again["M"], again["D"])


def test_arena_a_bot_against_itself_is_even() -> None:
    fig = run("easy", "easy", 4, seed=2, rules="beginner")
    assert fig["M"] == 0 and fig["D"] == 0.5


def test_the_random_bot_plays_in_the_arena() -> None:
    fig = run("random", "easy", 2, seed=1, rules="fast")
    assert fig["deals"] == 2


def test_unknown_bot_is_a_usage_error() -> None:
    assert main(["--candidate", "nobody", "--deals", "1"], io.StringIO()) == 2


def test_percentile_and_summary_helpers() -> None:
    assert percentile([], 50) == 0.0
    assert percentile([3, 1, 2], 50) == 2
    assert percentile(list(range(1, 101)), 95) == 95
    s = summarize([{"m": 10.0, "duel": [1, 0, 0.5, 1], "think_ms": [1.0], "made": 1, "conceded": 0,
                    "exposed": 0, "expose_decisions": 0}])
    assert s["M"] == 10.0 and s["M_low"] is None and s["D"] == 0.625


def test_a_logged_run_resumes_where_it_stopped(tmp_path, monkeypatch) -> None:
    import gongzhu.arena as arena

    log = str(tmp_path / "run.jsonl")
    first = run("beginner", "easy", 3, seed=9, rules="fast", log=log)
    assert first["deals"] == 3
    played: list[int] = []
    real = arena.play_deal

    def counting(job):
        played.append(job[1])
        return real(job)

    monkeypatch.setattr(arena, "play_deal", counting)
    resumed = run("beginner", "easy", 6, seed=9, rules="fast", log=log)
    assert played == [3, 4, 5]  # only the deals the log lacked
    monkeypatch.setattr(arena, "play_deal", real)
    fresh = run("beginner", "easy", 6, seed=9, rules="fast")
    assert (resumed["M"], resumed["M_low"], resumed["D"]) == (fresh["M"], fresh["M_low"], fresh["D"])
    assert len((tmp_path / "run.jsonl").read_text().splitlines()) == 1 + 6


def test_a_log_of_other_settings_or_not_a_log_is_refused(tmp_path, capsys) -> None:
    log = tmp_path / "run.jsonl"
    run("beginner", "easy", 1, seed=9, rules="fast", log=str(log))
    before = log.read_text()
    assert main(["--candidate", "easy", "--baseline", "beginner", "--deals", "1", "--seed", "9",
                 "--rules", "fast", "--log", str(log)], io.StringIO()) == 2
    assert "written for other settings" in capsys.readouterr().err
    assert log.read_text() == before  # nothing lost
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    assert run("beginner", "easy", 1, seed=9, rules="fast", log=str(empty))["deals"] == 1  # a new log
    junk = tmp_path / "junk.txt"
    junk.write_text("hello\n")
    assert main(["--deals", "1", "--log", str(junk)], io.StringIO()) == 2
    assert "not an arena log" in capsys.readouterr().err


def test_a_bot_of_your_own_plays_in_the_arena_from_the_current_folder(own_bot, capsys) -> None:
    out = io.StringIO()
    assert main(["--candidate", f"{own_bot}:play", "--baseline", "easy", "--deals", "3",
                 "--seed", "4", "--jobs", "2", "--json"], out) == 0
    fig = json.loads(out.getvalue().strip().splitlines()[-1])
    assert fig["candidate"] == f"{own_bot}:play" and fig["deals"] == 3
    assert fig["exposure_rate"] == 0.0  # it never exposes
    # A bot that breaks the rules stops the run with the reason, not a traceback.
    assert main(["--candidate", f"{own_bot}:reckless", "--baseline", "easy", "--deals", "2"], out) == 2
    err = capsys.readouterr().err
    assert f"{own_bot}:reckless" in err and "which the rules refuse" in err


def test_bots_that_do_not_exist_are_named_in_the_error(capsys) -> None:
    for name, why in (("nobody", "unknown bot 'nobody'"),
                      ("no_such_module_xyz:play", "cannot import 'no_such_module_xyz'"),
                      ("gongzhu.core.cards:no_such_function", "has no function 'no_such_function'"),
                      ("gongzhu.core.cards:PIG", "has no function 'PIG'")):
        assert main(["--candidate", name, "--deals", "1"], io.StringIO()) == 2
        assert why in capsys.readouterr().err, name


def arena_json(argv: list[str]) -> tuple[str, dict]:
    """The arena's text and its closing JSON figures for ``argv`` (which must succeed)."""
    out = io.StringIO()
    assert main([*argv, "--json"], out) == 0
    return out.getvalue(), json.loads(out.getvalue().strip().splitlines()[-1])


def assert_refused(argv: list[str], why: str, capsys) -> None:
    """The arena refuses ``argv`` (exit 2) and says ``why`` on stderr."""
    assert main(argv, io.StringIO()) == 2
    assert why in capsys.readouterr().err


def test_logs_of_one_pairing_combine_into_one_measurement(tmp_path, capsys) -> None:
    a, b = str(tmp_path / "seed9.jsonl"), str(tmp_path / "seed10.jsonl")
    run("beginner", "easy", 3, seed=9, rules="fast", log=a)
    run("beginner", "easy", 2, seed=10, rules="fast", log=b)
    text, fig = arena_json(["--combine", a, b])
    assert "5 deals x 4 seats" in text and "seeds 9, 10 combined" in text
    # The same figures as the deals' results pooled by hand.
    pooled = [json.loads(line) for path in (a, b) for line in open(path).read().splitlines()[1:]]
    assert {k: fig[k] for k in ("deals", "M", "M_low", "D")} == {
        k: summarize(pooled)[k] for k in ("deals", "M", "M_low", "D")}
    assert fig["seed"] == [9, 10] and fig["candidate"] == "beginner" and fig["rules"] == "fast"
    # Another pairing, the same seed twice, an empty log, a missing one: refused with the reason.
    other = str(tmp_path / "other.jsonl")
    run("easy", "beginner", 1, seed=11, rules="fast", log=other)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    for logs, why in (([a, other], "another pairing"), ([a, a], "seed 9 again"),
                      ([a, str(empty)], "is empty"), ([a, str(tmp_path / "none.jsonl")], "No such file")):
        assert_refused(["--combine", *logs], why, capsys)


def test_two_logs_of_the_same_deals_compare_paired_by_deal(tmp_path, capsys) -> None:
    new, old = str(tmp_path / "new.jsonl"), str(tmp_path / "old.jsonl")
    run("beginner", "easy", 3, seed=9, rules="fast", log=new)
    run("easy", "easy", 2, seed=9, rules="fast", log=old)
    text, fig = arena_json(["--compare", new, old])
    assert "2 deals both logs hold" in text
    rows = [[json.loads(line) for line in open(p).read().splitlines()[1:3]] for p in (new, old)]
    by_deal = [{r["deal"]: r["m"] for r in side} for side in rows]
    diffs = [by_deal[0][i] - by_deal[1][i] for i in (0, 1)]
    assert fig["deals"] == 2 and abs(fig["diff"] - sum(diffs) / 2) < 0.01
    assert fig["diff_low"] < fig["diff"] < fig["diff_high"] or diffs[0] == diffs[1]
    assert (fig["new"]["candidate"], fig["old"]["candidate"]) == ("beginner", "easy")
    assert fig["old"]["deals"] == 2 and fig["new"]["M"] == summarize(rows[0])["M"]
    # Logs of other deals (another seed or baseline), or an empty one: refused with the reason.
    other = str(tmp_path / "other.jsonl")
    run("beginner", "easy", 1, seed=10, rules="fast", log=other)
    empty = tmp_path / "empty.jsonl"
    empty.write_text("")
    # The same deals, but only the third, which the old log never played.
    third = tmp_path / "third.jsonl"
    head, *deals = open(new).read().splitlines()
    third.write_text("\n".join([head] + [d for d in deals if json.loads(d)["deal"] == 2]) + "\n")
    for logs, why in (([new, other], "not of the same deals: seed 9 and 10"), ([new, str(empty)], "is empty"),
                      ([str(third), old], "have no deal in common")):
        assert_refused(["--compare", *logs], why, capsys)
    # Pairs of other seeds pool their per-deal differences into one interval.
    new10, old10 = str(tmp_path / "new10.jsonl"), str(tmp_path / "old10.jsonl")
    run("beginner", "easy", 2, seed=10, rules="fast", log=new10)
    run("easy", "easy", 2, seed=10, rules="fast", log=old10)
    text, pooled = arena_json(["--compare", new, old, new10, old10])
    assert "4 deals the logs of each pair both hold (seeds 9, 10" in text
    rows10 = [[json.loads(line) for line in open(p).read().splitlines()[1:]] for p in (new10, old10)]
    diffs += [a["m"] - b["m"] for a, b in zip(*rows10, strict=True)]
    assert pooled["deals"] == 4 and pooled["seed"] == [9, 10]
    assert abs(pooled["diff"] - sum(diffs) / 4) < 0.01
    assert pooled["new"]["M"] == summarize(rows[0] + rows10[0])["M"]
    # An odd number of logs, a seed twice, a pair against another baseline or of other bots: refused
    # with the reason.
    easy10 = str(tmp_path / "easy10.jsonl")
    run("beginner", "beginner", 1, seed=10, rules="fast", log=easy10)
    for logs, why in (([new, old, new10], "in pairs"), ([new, old, new, old], "seed 9 again"),
                      ([new, old, new10, easy10], "not of the same deals: baseline easy and beginner"),
                      ([new, old, easy10, easy10], "another baseline"),
                      ([new, old, old10, new10], "measure other bots")):
        assert_refused(["--compare", *logs], why, capsys)
    # Output piped into a reader that stopped (`| head -1`) is no error of the arena's: it reaches
    # `python -m gongzhu`, which ends quietly (tests/test_cli.py).
    with pytest.raises(BrokenPipeError):
        main(["--compare", new, old], ClosedPipe())


class ClosedPipe(io.StringIO):
    """An output whose reader has gone."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_a_run_on_a_terminal_shows_its_progress(tmp_path) -> None:
    log = str(tmp_path / "run.jsonl")
    run("beginner", "easy", 2, seed=9, rules="fast", log=log)
    shown = io.StringIO()
    run("beginner", "easy", 5, seed=9, rules="fast", log=log, progress=shown)
    lines = shown.getvalue().split("\r")
    # The deals already in the log count as played; the last line is the finished count.
    assert lines[-1].startswith("arena: 5 / 5 deals played, about 0 s left") and lines[-1].endswith("\n")
    assert all(line.startswith("arena: ") for line in lines[1:])


def test_a_budget_scale_shortens_every_search_bots_clock(capsys) -> None:
    """--budget-scale 0.25 stands for a phone: hard's 0.12 s becomes 0.03 s (the search's deadline),
    and the run says so; a scale that is not positive is refused."""
    from gongzhu.core.bots.pimc import Pimc, budget_scale, set_budget_scale
    from gongzhu.core.portable import clock

    set_budget_scale(0.25)
    try:
        deadline = Pimc(budget=0.12)._deadline()
        assert deadline is not None and 0.02 < deadline - clock() <= 0.03
    finally:
        set_budget_scale(1.0)
    out = io.StringIO()
    assert main(["--candidate", "hard", "--baseline", "easy", "--deals", "1", "--seed", "4",
                 "--budget-scale", "0.25", "--json"], out) == 0
    fig = json.loads(out.getvalue().strip().splitlines()[-1])
    assert fig["budget_scale"] == 0.25 and "budgets x 0.25" in out.getvalue()
    assert fig["think_ms"]["p95"] < 90  # 30 ms and its grace, where a full budget's p95 is ~116 ms
    assert budget_scale() == 1.0  # the run leaves the clock as it found it
    assert main(["--candidate", "hard", "--deals", "1", "--budget-scale", "0"], io.StringIO()) == 2
    assert "budget scale must be a positive number" in capsys.readouterr().err


def test_a_budget_scale_with_fixed_multiplies_the_playouts(monkeypatch) -> None:
    """--fixed --budget-scale 0.25 is a phone's reproducible stand-in: each search with a clock
    gets a quarter of its playouts (hard: 40 of its 40 worlds x 4 rollouts; at least
    ``min_worlds``); a searcher without a clock (normal's exposure and passing on CPython) and
    every search at scale 1 keep them all."""
    from gongzhu.core.bots.pimc import Pimc, set_budget_scale, set_fixed

    shares: list[tuple[int, int]] = []
    real = Pimc.fixed_share
    monkeypatch.setattr(Pimc, "fixed_share", lambda self, n: (shares.append((n, real(self, n))), shares[-1][1])[1])
    set_fixed(True)
    set_budget_scale(0.25)
    try:
        assert Pimc().fixed_share(160) == 40 and Pimc().fixed_share(4) == 2
        assert Pimc(worlds=20, budget=None).fixed_share(20) == 20
        shares.clear()
        fig = run("hard", "easy", 1, seed=3, fixed=True, budget_scale=0.25)
        assert fig["decisions"] > 0 and (160, 40) in shares and all(n > m for n, m in shares)
        set_fixed(True)
        set_budget_scale(1.0)
        assert Pimc().fixed_share(160) == 160
    finally:
        set_fixed(False)
        set_budget_scale(1.0)


def test_the_browser_bench_runs_its_levels_at_a_budget_scale(monkeypatch) -> None:
    """bench.html's ?scale= and ?pace= reach every bot of bench_levels, and the clock is restored after."""
    import gongzhu.arena as arena
    from gongzhu.core.bots.pimc import budget_scale

    seen = []
    real = arena.play_hand
    monkeypatch.setattr(arena, "play_hand", lambda *a, **kw: (seen.append((budget_scale(), kw)), real(*a, **kw))[1])
    figures = arena.bench_levels(["easy", "hard"], hands=1, seed=2, scale=0.25, pace=0.1)
    assert seen == [(0.25, {"pace": 0.1})] * 2 and budget_scale() == 1.0
    assert figures["hard"]["decisions"] >= 52 and figures["hard"]["p95"] < 90
    with pytest.raises(ValueError, match="positive"):
        arena.bench_levels(["easy"], hands=1, scale=0)


def test_the_modelled_clock_cuts_the_search_the_same_way_every_run(tmp_path) -> None:
    """tests/bench_model_clock.py: the arena on a clock read from the work done, so a clocked run
    reproduces (in a process of its own: it patches the search modules), and a slower modelled
    device searches less, so its hands come out otherwise."""
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]

    def hands(*extra: str) -> list[dict]:
        log = tmp_path / f"{len(list(tmp_path.iterdir()))}.jsonl"
        subprocess.run([sys.executable, "-m", "tests.bench_model_clock", *extra, "--candidate", "hard",
                        "--baseline", "easy", "--deals", "1", "--seed", "3", "--log", str(log)],
                       cwd=root, check=True, capture_output=True, text=True)
        lines = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()[1:]]
        return [{k: v for k, v in line.items() if k != "think_ms"} for line in lines]

    fast = hands("--speed", "2")
    assert fast == hands("--speed", "2")
    assert hands("--speed", "0.05") != fast
    refused = subprocess.run([sys.executable, "-m", "tests.bench_model_clock", "--fixed", "--deals", "1"],
                             cwd=root, capture_output=True, text=True)
    assert refused.returncode == 2 and "--fixed ignores the clock" in refused.stderr


PACE_PROBE = """
from gongzhu.bots import BOTS
from gongzhu.core.bots import pimc

seen = []


def play(view, rng):
    seen.append((view["phase"], pimc.think_budget(0.0)))
    return BOTS["easy"](view, rng)
"""


def test_a_pace_reaches_the_bots_for_the_decisions_the_game_paces(tmp_path, monkeypatch) -> None:
    """--pace 0.5 --budget-scale 0.5: each play and each exposure made in the open (the classic
    rules') may take the pace, scaled as the budgets are (0.25 s); a pass or a secret exposure is
    not paced; the run and its log say so, and the clock is left as it was found."""
    import importlib
    import sys

    from gongzhu.arena import paced
    from gongzhu.core.bots.pimc import think_budget
    from gongzhu.core.hand import new_hand
    from gongzhu.core.rules import Rules

    (tmp_path / "pace_probe.py").write_text(PACE_PROBE, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "pace_probe", raising=False)
    probe = importlib.import_module("pace_probe")
    log = tmp_path / "paced.jsonl"
    out = io.StringIO()
    assert main(["--candidate", "pace_probe:play", "--baseline", "easy", "--deals", "1", "--pace", "0.5",
                 "--budget-scale", "0.5", "--log", str(log)], out) == 0
    assert {phase for phase, _ in probe.seen} == {"expose", "play"}
    assert {budget for _, budget in probe.seen} == {0.25}
    assert "paced 0.5 s" in out.getvalue()
    assert json.loads(log.read_text().splitlines()[0])["pace"] == 0.5
    assert think_budget(0.12) == 0.12
    secret = new_hand(seed=1, rules=Rules(exposure_mode="secret"))
    passing = new_hand(seed=1, rules=Rules(pass_cards=3))
    assert (secret.view(0)["phase"], passing.view(0)["phase"]) == ("expose", "pass")
    assert not paced(secret.view(0)) and not paced(passing.view(0))
    assert main(["--deals", "1", "--pace", "-1"], io.StringIO()) == 2
