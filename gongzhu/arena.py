"""The duplicate arena: a candidate bot against three copies of a baseline, on seeded deals.

``python -m gongzhu arena --candidate hard --baseline easy --deals 200 --seed 1 --jobs 2``

A bot is a level of ``gongzhu.bots.BOTS`` or your own, named ``module:function``: any
importable callable with the levels' contract, ``function(view, rng)`` -> the decision the
view's phase asks for (the card code to play, the codes to expose or to pass).  For example
``--candidate mybot:play`` with ``mybot.py`` in the current folder.  A decision the rules
refuse stops the run with the reason.

Each deal (``deal.hand_seed(seed, i)``, a first hand: passing and exposure as the rules say,
the holder of the first-lead card leads) is played five times: four times with the candidate
in seat 0, 1, 2 and 3 and the baseline in the other seats, and once with the baseline in
every seat.  Every seat's bot draws from the same seeded ``random.Random`` in every replay
(seeded by deal and seat), so the replays differ only by who sits where.

Figures (per pairing):

- ``M``: mean over deals of the candidate's hand score minus the mean of the three
  opponents' scores (points per hand; a deal's four rotations averaged into one sample), with
  its 95% confidence interval (normal approximation, 1.96 standard errors);
- ``D``: duplicate win rate, the share of (deal, seat) pairs in which the candidate scored
  more than the baseline did in the same seat of the same deal (ties count one half;
  0.5 = equal strength);
- moons made (the candidate took all 13 hearts) and conceded (an opponent did);
- exposure rate: the share of the candidate's exposure decisions in which it exposed a card;
- think time per candidate decision (ms): p50, p95, max.

With ``partnership`` a seat's score is its side's total (the candidate's partner is a
baseline).  ``--fixed`` runs search bots at their fixed worlds x rollouts (reproducible), and
with ``--budget-scale F`` at F times those playouts (``--fixed --budget-scale 0.25``: a phone);
``--pace S`` lets a search bot on the clock think S seconds for a play when its own clock is
shorter, as the page does while it shows the bots' cards at its pace (0.47 s at normal speed);
``--json`` ends the output with one JSON line of the figures.  ``--log FILE`` appends each
finished deal to FILE (JSON lines) and, run again with the same settings, plays only the deals
FILE lacks: a long run that is stopped loses nothing and resumes where it was.
``--combine LOG LOG ...`` plays nothing and prints the figures over all the deals of several
logs of one pairing written with different seeds (a long measurement split into runs);
``--compare NEW OLD`` plays nothing and pairs two logs of the same deals by deal (two versions
of a bot, say): the difference of M, new minus old, with its interval; ``--compare NEW OLD NEW
OLD ...`` pools the pairs of several seeds into one.

On a terminal a line says how many deals are played and about how long is left.

``bench_levels`` and ``bench_engine`` are the benchmarks the in-browser page (bench.html)
runs in the worker.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import random
import sys
import time
from typing import Any, Iterable, Sequence, TextIO

from .bots import BOTS, set_fixed
from .bots.registry import bot_decides, resolve_bot
from .core.bots.pimc import set_budget_scale, set_pace
from .core.cards import HEARTS_MASK
from .core.deal import hand_seed
from .core.hand import Hand, new_hand
from .core.rules import PRESETS, Rules, get_rules
from .core.scoring import shared_totals


def _seat_rng(deal_seed: int, seat: int) -> random.Random:
    return random.Random((deal_seed * 8 + seat) & 0xFFFFFFFFFFFFFFFF)


def paced(view: dict[str, Any]) -> bool:
    """Whether the game shows this decision at its pace, so that ``--pace`` applies: a play, or an
    exposure made in the open (the page's ``Controller.bot_move`` paces the same ones)."""
    return bool(view["phase"] == "play" or (view["phase"] == "expose" and view["rules"]["exposure_mode"] == "open"))


def play_hand(deal_seed: int, rules: Rules, names: Sequence[str],
              timed: int | None = None, pace: float = 0.0) -> dict[str, Any]:
    """Play one first hand dealt from ``deal_seed`` with ``names[s]`` in seat s; ``pace``: the
    seconds a paced decision may take (``pimc.set_pace``).

    Returns ``{"scores", "moon" (seat that took all hearts or None), "exposed" (per seat,
    codes), "think_ms" (decision times of seat ``timed``, or of every seat when None),
    "expose_decisions" (per seat count)}``.
    """
    hand = new_hand(seed=deal_seed, rules=rules)
    rngs = [_seat_rng(deal_seed, s) for s in range(4)]
    bots = [resolve_bot(n) for n in names]
    think: list[float] = []
    expose_decisions = [0, 0, 0, 0]
    while hand.phase != "done":
        seat = hand.to_play
        assert seat is not None
        view = hand.view(seat)
        set_pace(pace if paced(view) else 0.0)
        t0 = time.perf_counter()
        try:
            decision = bots[seat](view, rngs[seat])
        finally:
            set_pace(0.0)
        dt = (time.perf_counter() - t0) * 1000
        if timed is None or seat == timed:
            think.append(dt)
        if hand.phase == "expose":
            expose_decisions[seat] += 1
        bot_decides(hand, seat, decision, names[seat], f"deal seed {deal_seed}, ")
    return {"scores": _scores(hand), "moon": _moon(hand),
            "exposed": [v for v in hand.view(0)["exposed"]], "think_ms": think,
            "expose_decisions": expose_decisions}


def _scores(hand: Hand) -> list[int]:
    return shared_totals(hand.hand_scores(), hand.rules.partnership)


def _moon(hand: Hand) -> int | None:
    for s in range(4):
        if hand.captured_masks[s] & HEARTS_MASK == HEARTS_MASK:
            return s
    return None


def play_deal(job: tuple[int, int, str, str, dict[str, Any], bool, float, float]) -> dict[str, Any]:
    """The five replays of deal ``i``: the candidate in each seat, then the baseline alone."""
    seed, i, cand, base, rules_dict, fixed, scale, pace = job
    set_fixed(fixed)
    set_budget_scale(scale)
    rules = Rules.from_dict(rules_dict)
    ds = hand_seed(seed, i)
    ref = play_hand(ds, rules, [base] * 4, timed=-1, pace=pace)["scores"]
    diffs = []
    duel = []
    think: list[float] = []
    made = conceded = exposed = decisions = 0
    for k in range(4):
        names = [base] * 4
        names[k] = cand
        r = play_hand(ds, rules, names, timed=k, pace=pace)
        sc = r["scores"]
        diffs.append(sc[k] - (sum(sc) - sc[k]) / 3)
        duel.append(1.0 if sc[k] > ref[k] else 0.5 if sc[k] == ref[k] else 0.0)
        think.extend(r["think_ms"])
        if r["moon"] is not None:
            if r["moon"] == k or (rules.partnership and r["moon"] == (k + 2) % 4):
                made += 1
            else:
                conceded += 1
        if r["expose_decisions"][k]:
            decisions += 1
            exposed += 1 if r["exposed"][k] else 0
    return {"deal": i, "m": sum(diffs) / 4, "duel": duel, "think_ms": think, "made": made,
            "conceded": conceded, "exposed": exposed, "expose_decisions": decisions}


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0-100) of values, nearest rank; 0 for no values."""
    if not values:
        return 0.0
    v = sorted(values)
    k = max(0, min(len(v) - 1, math.ceil(q / 100 * len(v)) - 1))
    return v[k]


def mean_ci(values: Sequence[float]) -> tuple[float, float | None, float | None]:
    """The mean and its 95% confidence interval (1.96 standard errors), rounded to 0.01;
    no interval for fewer than two values."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return round(mean, 2), None, None
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in values) / (n - 1)) / math.sqrt(n)
    return round(mean, 2), round(mean - half, 2), round(mean + half, 2)


def summarize(results: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of a list of ``play_deal`` results (see the module docstring)."""
    n = len(results)
    mean, low, high = mean_ci([r["m"] for r in results])
    duel = [d for r in results for d in r["duel"]]
    think = [t for r in results for t in r["think_ms"]]
    decisions = sum(r["expose_decisions"] for r in results)
    return {
        "deals": n,
        "M": mean,
        "M_low": low,
        "M_high": high,
        "D": round(sum(duel) / len(duel), 4) if duel else None,
        "moons_made": sum(r["made"] for r in results),
        "moons_conceded": sum(r["conceded"] for r in results),
        "exposure_rate": round(sum(r["exposed"] for r in results) / decisions, 4) if decisions else 0.0,
        "think_ms": {"p50": round(percentile(think, 50), 2), "p95": round(percentile(think, 95), 2),
                     "max": round(max(think), 2) if think else 0.0},
        "decisions": len(think),
    }


def _read(path: str) -> tuple[dict[str, Any] | None, dict[int, dict[str, Any]]]:
    """A log's settings line and its finished deals by index (``(None, {})`` for an empty log).

    Raises FileNotFoundError, or ValueError when the file is not an arena log.
    """
    with open(path, encoding="utf-8") as f:
        lines = [line for line in f if line.strip()]
    if not lines:
        return None, {}
    try:
        head = json.loads(lines[0])
        done = {}
        for line in lines[1:]:
            result = json.loads(line)
            done[result["deal"]] = result
        if not isinstance(head, dict) or "candidate" not in head:
            raise KeyError("settings")
    except (json.JSONDecodeError, KeyError, TypeError) as e:
        raise ValueError(f"the log {path} is not an arena log ({e})") from None
    return head, done


def _read_some(path: str) -> tuple[dict[str, Any], dict[int, dict[str, Any]]]:
    """``_read`` for a log that must hold a run (``--combine``, ``--compare``): empty is an error."""
    head, done = _read(path)
    if head is None:
        raise ValueError(f"the log {path} is empty")
    return head, done


def read_log(path: str, settings: dict[str, Any]) -> dict[int, dict[str, Any]]:
    """The deals already played in the log at ``path`` (none if it does not exist), by index.

    Its first line holds the settings it was written with; a log of other settings is refused.
    """
    try:
        head, done = _read(path)
    except FileNotFoundError:
        return {}
    if head is not None and head != json.loads(json.dumps(settings)):  # as written: tuples are lists in JSON
        raise ValueError(f"the log {path} was written for other settings ({head}); use another file")
    return done


def combine(paths: Sequence[str]) -> dict[str, Any]:
    """``summarize``'s figures over every deal of several logs of one pairing, as one run.

    A long measurement may be split into runs of different seeds (on different machines, say):
    their deals are independent draws, so pooled they measure the pairing over all of them.
    The logs must agree on candidate, baseline, rules and ``fixed``, and no seed may come twice
    (the same deals would count twice).  Raises ValueError (or OSError) saying which log differs.
    """
    if not paths:
        raise ValueError("--combine needs at least one log")
    logs = [(path, *_read_some(path)) for path in paths]
    first = {k: v for k, v in logs[0][1].items() if k != "seed"}
    seeds: list[int] = []
    results: list[dict[str, Any]] = []
    for path, head, done in logs:
        if {k: v for k, v in head.items() if k != "seed"} != first:
            raise ValueError(f"the log {path} measures another pairing or rules ({head}) than {paths[0]}")
        if head["seed"] in seeds:
            raise ValueError(f"the log {path} has seed {head['seed']} again: its deals would count twice")
        seeds.append(head["seed"])
        results.extend(done[i] for i in sorted(done))
    out = summarize(results)
    out.update({"candidate": first["candidate"], "baseline": first["baseline"], "seed": seeds,
                "rules": Rules.from_dict(first["rules"]).preset_name() or "custom", "fixed": first["fixed"],
                "seconds": None})
    return out


class Progress:
    """A line on a terminal that says how many deals are played and about how long is left,
    rewritten at most once a second (no running figures: a run is judged when it is over)."""

    def __init__(self, out: TextIO | None, todo: int, total: int) -> None:
        self.out, self.todo, self.total = out, todo, total
        self.count = 0
        self.start = self.shown = time.perf_counter()

    def tick(self) -> None:
        self.count += 1
        now = time.perf_counter()
        if self.out is None or (now - self.shown < 1 and self.count < self.todo):
            return
        self.shown = now
        left = (now - self.start) / self.count * (self.todo - self.count)
        eta = f"about {left / 60:.0f} min left" if left >= 90 else f"about {left:.0f} s left"
        played = self.total - self.todo + self.count
        self.out.write(f"\rarena: {played} / {self.total} deals played, {eta}   ")
        if self.count == self.todo:
            self.out.write("\n")
        self.out.flush()


def run(candidate: str, baseline: str, deals: int, seed: int = 1, rules: Rules | str | None = None,
        jobs: int = 1, fixed: bool = False, log: str | None = None,
        progress: TextIO | None = None, budget_scale: float = 1.0, pace: float = 0.0) -> dict[str, Any]:
    """Play the arena and return ``summarize``'s figures plus the settings.

    ``log``: a file of finished deals (JSON lines) to resume from and append to; ``progress``:
    a terminal to keep a line of progress on; ``budget_scale``: every bot's time budget
    multiplied by it (0.25 stands for a phone; with ``fixed``, which ignores the clock, their
    worlds x rollouts are multiplied by it instead); ``pace``: the seconds the game takes to show a
    play anyway, which a search bot on the clock may think for (``pimc.set_pace``; scaled too).
    """
    set_budget_scale(budget_scale)  # refuses a scale that is not positive
    set_pace(pace)  # refuses a pace that is not 0 or more (each decision sets its own: play_hand)
    for name in (candidate, baseline):
        resolve_bot(name)  # Refuse an unknown bot before the first deal.
    r = get_rules(rules)
    rules_dict = r.to_dict()
    settings = {"candidate": candidate, "baseline": baseline, "seed": seed, "rules": rules_dict, "fixed": fixed}
    if budget_scale != 1:
        settings["budget_scale"] = budget_scale  # (logs at full budget, older ones included, say nothing)
    if pace:
        settings["pace"] = pace  # (likewise: logs without a pace say nothing)
    done = read_log(log, settings) if log else {}
    jobs_list = [(seed, i, candidate, baseline, rules_dict, fixed, budget_scale, pace)
                 for i in range(deals) if i not in done]
    t0 = time.perf_counter()
    with contextlib.ExitStack() as stack:
        f = stack.enter_context(open(log, "a", encoding="utf-8")) if log else None
        finished: Iterable[dict[str, Any]]
        if f is not None and f.tell() == 0:
            f.write(json.dumps(settings) + "\n")
        if jobs > 1:
            import multiprocessing

            context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
            finished = stack.enter_context(context.Pool(jobs)).imap_unordered(play_deal, jobs_list, chunksize=1)
        else:
            finished = map(play_deal, jobs_list)
        shown = Progress(progress, len(jobs_list), deals)
        for result in finished:
            done[result["deal"]] = result
            shown.tick()
            if f is not None:
                f.write(json.dumps(result) + "\n")
                f.flush()
    set_fixed(False)
    set_budget_scale(1.0)
    set_pace(0.0)
    results = [done[i] for i in range(deals)]
    out = summarize(results)
    out.update({"candidate": candidate, "baseline": baseline, "seed": seed,
                "rules": r.preset_name() or "custom", "fixed": fixed, "budget_scale": budget_scale, "pace": pace,
                "seconds": round(time.perf_counter() - t0, 1)})
    return out


def compare(*logs: str) -> dict[str, Any]:
    """Logs of the same deals (seed, rules, baseline) paired by deal, given as NEW OLD pairs: the
    per-deal difference of M, new minus old, with its 95% interval, over the deals both logs of a
    pair hold; and each side's figures on those deals.  Several pairs (other seeds) pool their
    per-deal differences into one interval, as ``combine`` pools deals.

    Two versions of a bot measured on the same deals differ by less than either's interval
    suggests: pairing takes out the luck of the deals (not that of the bots' own random numbers).
    Raises ValueError (or OSError) when the logs do not come in pairs, a pair's logs are not of
    the same deals, a pair measures other bots (or rules, or baseline) than the first, or a seed
    comes twice.
    """
    if not logs or len(logs) % 2:
        raise ValueError("--compare needs logs in pairs: NEW OLD [NEW OLD ...]")
    diffs: list[float] = []
    sides: dict[str, list[dict[str, Any]]] = {"new": [], "old": []}
    heads: list[tuple[dict[str, Any], dict[str, Any]]] = []
    for new, old in zip(logs[::2], logs[1::2], strict=True):
        (head_new, done_new), (head_old, done_old) = _read_some(new), _read_some(old)
        for key in ("seed", "rules", "baseline"):
            if head_new[key] != head_old[key]:
                raise ValueError(f"the logs {new} and {old} are not of the same deals: {key} "
                                 f"{head_new[key]} and {head_old[key]}")
        if heads and (any(head_new[key] != heads[0][0][key] for key in ("rules", "baseline"))
                      or (head_new["candidate"], head_old["candidate"]) != (heads[0][0]["candidate"],
                                                                              heads[0][1]["candidate"])):
            raise ValueError(f"the logs {new} and {old} measure other bots, another baseline or other rules "
                             f"than {logs[0]} and {logs[1]}")
        if any(h["seed"] == head_new["seed"] for h, _ in heads):
            raise ValueError(f"the log {new} has seed {head_new['seed']} again: its deals would count twice")
        both = sorted(set(done_new) & set(done_old))
        if not both:
            raise ValueError(f"the logs {new} and {old} have no deal in common")
        diffs += [done_new[i]["m"] - done_old[i]["m"] for i in both]
        sides["new"] += [done_new[i] for i in both]
        sides["old"] += [done_old[i] for i in both]
        heads.append((head_new, head_old))
    diff, low, high = mean_ci(diffs)
    seeds = [h["seed"] for h, _ in heads]
    return {"deals": len(diffs), "diff": diff, "diff_low": low, "diff_high": high,
            "new": {"log": ", ".join(logs[::2]), "candidate": heads[0][0]["candidate"], **summarize(sides["new"])},
            "old": {"log": ", ".join(logs[1::2]), "candidate": heads[0][1]["candidate"], **summarize(sides["old"])},
            "baseline": heads[0][0]["baseline"], "seed": seeds[0] if len(seeds) == 1 else seeds}


def sgn(x: float | None) -> str:
    """A figure with its sign, to 0.1 ("n/a" for none)."""
    return "n/a" if x is None else f"{x:+.1f}"


def compare_report(fig: dict[str, Any]) -> list[str]:
    """``compare``'s figures as text lines."""
    seed = fig["seed"]
    seeds = f"seed {seed}" if isinstance(seed, int) else "seeds " + ", ".join(map(str, seed))
    held = "both logs hold" if isinstance(seed, int) else "the logs of each pair both hold"
    lines = [f"{fig['deals']} deals {held} ({seeds}, baseline {fig['baseline']}), paired by deal:",
             f"new minus old: {sgn(fig['diff'])} points per hand (95% CI {sgn(fig['diff_low'])} .. "
             f"{sgn(fig['diff_high'])})"]
    for side in ("new", "old"):
        f = fig[side]
        lines.append(f"{side}: {f['candidate']} ({f['log']}): M = {sgn(f['M'])} ({sgn(f['M_low'])} .. "
                     f"{sgn(f['M_high'])}), D = {f['D']:.3f}")
    return lines


def report(fig: dict[str, Any]) -> list[str]:
    """The figures as text lines."""
    t = fig["think_ms"]
    seed = fig["seed"]
    seeds = f"seeds {', '.join(map(str, seed))} combined" if isinstance(seed, list) else f"seed {seed}"
    took = "" if fig["seconds"] is None else f"; {fig['seconds']} s"
    return [
        f"{fig['candidate']} vs 3 x {fig['baseline']}: {fig['deals']} deals x 4 seats, rules "
        f"{fig['rules']}, {seeds}{', fixed' if fig['fixed'] else ''}"
        f"{'' if fig.get('budget_scale', 1) == 1 else ', budgets x %g' % fig['budget_scale']}"
        f"{', paced %g s' % fig['pace'] if fig.get('pace') else ''}",
        f"M = {sgn(fig['M'])} points per hand (95% CI {sgn(fig['M_low'])} .. {sgn(fig['M_high'])})",
        f"D = {fig['D']:.3f} duplicate win rate (ties 1/2; 0.5 = equal)" if fig["D"] is not None else "D = n/a",
        f"moons made {fig['moons_made']}, conceded {fig['moons_conceded']}; "
        f"exposure rate {fig['exposure_rate']:.2f}",
        f"think ms per decision: p50 {t['p50']:.1f}, p95 {t['p95']:.1f}, max {t['max']:.1f} "
        f"({fig['decisions']} decisions){took}",
    ]


def bench_levels(levels: Sequence[str] = ("easy", "normal", "hard", "expert"), hands: int = 2,
                 seed: int = 1, rules: str = "classic", scale: float = 1.0, pace: float = 0.0) -> dict[str, Any]:
    """Bot-only hands per level (the level in all four seats): think time per decision.

    ``scale`` multiplies every search bot's time budget, as the arena's ``--budget-scale`` does
    (0.25: the worlds a phone's clock buys); ``pace``, the seconds a paced decision may take, as
    its ``--pace`` (the page's at normal speed: 0.47). Returns ``{level: {"hands", "decisions", "p50", "p95",
    "max" (ms), "seconds"}}``.
    """
    r = get_rules(rules)
    out: dict[str, Any] = {}
    set_budget_scale(scale)  # refuses a scale that is not positive
    try:
        for level in levels:
            t0 = time.perf_counter()
            think: list[float] = []
            for i in range(hands):
                think.extend(play_hand(hand_seed(seed, i), r, [level] * 4, pace=pace)["think_ms"])
            out[level] = {"hands": hands, "decisions": len(think), "p50": round(percentile(think, 50), 1),
                          "p95": round(percentile(think, 95), 1), "max": round(max(think), 1),
                          "seconds": round(time.perf_counter() - t0, 2)}
    finally:
        set_budget_scale(1.0)
    return out


def bench_engine(seconds: float = 1.0, rules: str = "classic") -> dict[str, float]:
    """The engine's random-playout bench (``fast.bench``): hands per second."""
    from .core.fast import bench

    return bench(seconds, rules)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="gongzhu arena", description=__doc__.split("\n\n")[0])
    p.add_argument("--candidate", default="hard",
                   help=f"the bot measured: {', '.join(BOTS)}, or module:function for your own")
    p.add_argument("--baseline", default="easy", help="the bot in the three other seats (the same choices)")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rules", default="classic", help=f"a preset ({', '.join(PRESETS)})")
    p.add_argument("--jobs", type=int, default=1, help="processes (use 2 for both cores)")
    p.add_argument("--fixed", action="store_true", help="search bots at fixed worlds x rollouts")
    p.add_argument("--budget-scale", type=float, default=1.0, metavar="F",
                   help="every bot's time budget multiplied by F (0.25 stands for a phone); "
                        "with --fixed, every search bot's worlds x rollouts")
    p.add_argument("--pace", type=float, default=0.0, metavar="S",
                   help="the game's pace: a search bot on the clock may think S seconds for a play "
                        "when its own clock is shorter (0.47 is the page's at normal speed; scaled by "
                        "--budget-scale)")
    p.add_argument("--json", action="store_true", help="end with one JSON line of the figures")
    p.add_argument("--log", metavar="FILE", help="append each finished deal to FILE; resume from it if it exists")
    p.add_argument("--combine", nargs="+", metavar="LOG",
                   help="play nothing: the figures over all the deals of these logs (one pairing, other seeds)")
    p.add_argument("--compare", nargs="+", metavar="LOG",
                   help="play nothing: NEW OLD, two logs of the same deals paired by deal (new minus old); "
                        "more pairs (other seeds) pool into one interval")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """``gongzhu arena``: run a pairing and print its figures."""
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    lines = report
    try:
        if args.compare:
            fig, lines = compare(*args.compare), compare_report
        elif args.combine:
            fig = combine(args.combine)
        else:
            fig = run(args.candidate, args.baseline, args.deals, args.seed, args.rules, args.jobs, args.fixed,
                      args.log, sys.stderr if sys.stderr.isatty() else None, args.budget_scale, args.pace)
    except (ValueError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for line in lines(fig):
        print(line, file=out)
    if args.json:
        print(json.dumps(fig), file=out)
    return 0

if __name__ == "__main__":
    raise SystemExit(main())
