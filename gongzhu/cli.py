"""The command line: ``python -m gongzhu score | play | rules | deal | bench``.

- ``score QS KH QH 8H --exposed AH [--rules NAME] [--lang zh] [--json]``: a pile's breakdown;
- ``play [--seed N] [--rules NAME] [--bots NAME] [--seat S] [--auto]``: a match in the
  terminal against bots (a level of ``gongzhu.bots``, or ``module:function``: a bot of yours);
- ``rules [--json]``: the presets and every option, in English and Chinese;
- ``deal SEED``: the four hands a seed deals (the same in every port of ``deal.py``);
- ``bench [--seconds S] [--rules NAME] [--json]``: random-playout hands per second (deal,
  random exposure, random legal play under the full rules, scoring) and peak memory.

Exit codes: 0 done, 1 a failure, 2 bad usage or input (a bad card, an unknown preset).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any, Callable, Sequence, TextIO

from . import __version__
from .bots import DEFAULT_BOT
from .bots.registry import bot_decides, bot_names, resolve_bot
from .core import options
from .core.cards import card_codes, card_symbol, parse_card, sort_for_display
from .core.deal import deal_hands
from .core.hand import Hand
from .core.match import Match, new_match
from .core.rules import PRESETS, Rules, get_rules
from .core.scoring import score_pile, signed

SEAT_NAMES = ("South", "East", "North", "West")


def _symbols(codes: Sequence[str]) -> str:
    return " ".join(card_symbol(parse_card(c)) for c in codes) or "-"


def _hand_text(codes: Sequence[str]) -> str:
    """A hand grouped by suit: ``♠ Q 9 3  ♥ A 10``."""
    groups: list[list[str]] = [[], [], [], []]
    for c in sort_for_display([parse_card(c) for c in codes]):
        groups[c // 13].append(card_symbol(c)[:-1])
    return "  ".join("♠♥♦♣"[s] + " " + " ".join(g) for s, g in enumerate(groups) if g) or "-"


def _seat(s: int, me: int | None) -> str:
    """How the terminal names seat ``s`` to the player at seat ``me`` (None: a bots-only game)."""
    if me is None:
        return f"seat {s}"
    return "you" if s == me else f"seat {s} ({SEAT_NAMES[(s - me) % 4]})"


def _rules(args: argparse.Namespace) -> Rules:
    """The preset named by --rules with the --set NAME=VALUE house rules applied."""
    rules = get_rules(args.rules)
    changes: dict[str, Any] = {}
    for item in getattr(args, "set", None) or []:
        name, sep, text = item.partition("=")
        if not sep:
            raise ValueError(f"--set takes NAME=VALUE, not {item!r}")
        options.option(name)  # unknown names are an error
        value: Any = text
        if text.lower() in ("true", "yes", "on"):
            value = True
        elif text.lower() in ("false", "no", "off"):
            value = False
        elif text.isdigit():
            value = int(text)
        changes[name] = value
    return rules.replace(**changes) if changes else rules


# ---------------------------------------------------------------- score

def cmd_score(args: argparse.Namespace, out: TextIO) -> int:
    rules = _rules(args)
    s = score_pile(args.cards, exposed=args.exposed or [], rules=rules)
    if args.json:
        print(json.dumps(s.to_dict(), ensure_ascii=False), file=out)
        return 0
    for line in s.text(args.lang):
        print(line, file=out)
    return 0


# ---------------------------------------------------------------- rules

def cmd_rules(args: argparse.Namespace, out: TextIO) -> int:
    if args.json:
        print(json.dumps({"options": options.OPTIONS, "presets": options.PRESETS},
                         ensure_ascii=False, default=str), file=out)
        return 0
    print("Presets:", file=out)
    for name, overrides in options.PRESETS.items():
        en, zh = options.PRESET_DOCS[name]
        changed = ", ".join(f"{k}={v!r}" for k, v in overrides.items()) or "every default"
        print(f"  {name:13} {en}  ({changed})", file=out)
        print(f"  {'':13} {zh}", file=out)
    print("\nOptions (default first):", file=out)
    for o in options.OPTIONS:
        choices = " | ".join(repr(c) for c in o["choices"]) if o["choices"] else "a positive number"
        print(f"  {o['name']} = {o['default']!r}   [{choices}]", file=out)
        print(f"      {o['en']}", file=out)
        print(f"      {o['zh']}", file=out)
    return 0


# ---------------------------------------------------------------- deal

def cmd_deal(args: argparse.Namespace, out: TextIO) -> int:
    for s, h in enumerate(deal_hands(args.seed)):
        print(f"seat {s}: {_hand_text(card_codes(h))}", file=out)
    return 0


# ---------------------------------------------------------------- bench

def peak_memory_mb() -> float | None:
    """Peak resident memory of this process in MB (None where the OS does not say)."""
    try:  # Linux: this program's own high-water mark (ru_maxrss keeps the parent's across exec)
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return round(int(line.split()[1]) / 1024, 1)
    except (OSError, ValueError):
        pass
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    # Linux reports KiB, macOS bytes.
    return round(peak / (1024 * 1024 if sys.platform == "darwin" else 1024), 1)


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    from .core.fast import bench

    rules = _rules(args)
    bench(min(0.2, args.seconds / 10), rules)  # warm up
    result = bench(args.seconds, rules, seed=args.seed)
    try:
        load = round(os.getloadavg()[0], 2)
    except (AttributeError, OSError):
        load = None
    figures = {
        "hands_per_second": round(result["hands_per_second"]),
        "peak_memory_mb": peak_memory_mb(),
        "wall_hands_per_second": round(result["wall_hands_per_second"]),
        "hands": result["hands"],
        "seconds": round(result["seconds"], 3),
        "cpu_seconds": round(result["cpu_seconds"], 3),
        "load_average": load,
        "rules": rules.preset_name() or "custom",
        "python": sys.version.split()[0],
        "implementation": sys.implementation.name,
    }
    if not args.json:
        print(f"{figures['hands_per_second']:,} random-playout hands per second on one core "
              f"({figures['hands']:,} hands in {figures['cpu_seconds']} s of CPU time; rules "
              f"{figures['rules']}; {figures['implementation']} {figures['python']})", file=out)
        print(f"{figures['wall_hands_per_second']:,} hands per second of wall-clock time "
              f"({figures['seconds']} s; load average {load}: other processes slow the wall clock)",
              file=out)
        print(f"peak memory {figures['peak_memory_mb']} MB", file=out)
    print(json.dumps(figures), file=out)
    return 0


# ---------------------------------------------------------------- play

class _Quit(Exception):
    pass


class TerminalGame:
    """A match in the terminal: one human seat (or none with ``auto``) against bots."""

    def __init__(self, match: Match, seat: int, bots: str, rng: random.Random, auto: bool,
                 out: TextIO, read: Callable[[str], str]) -> None:
        self.match = match
        self.me = seat
        self.out = out
        self.read = read
        self.auto = auto
        seats = [s for s in range(4) if auto or s != seat]
        names = [n.strip() for n in bots.split(",")]
        if len(names) == 1:
            names *= len(seats)
        if len(names) != len(seats):
            raise ValueError(f"--bots {bots!r}: give one bot for them all, or one for each of the "
                             f"{len(seats)} bot seats ({', '.join(map(str, seats))}), comma-separated")
        self.bot_names = dict(zip(seats, names, strict=True))
        self.rngs = {s: random.Random(rng.getrandbits(64)) for s in self.bot_names}
        self.bots = {s: resolve_bot(n) for s, n in self.bot_names.items()}

    def say(self, text: str = "") -> None:
        print(text, file=self.out)

    def ask(self, prompt: str) -> str:
        try:
            answer = self.read(prompt)
        except EOFError:
            raise _Quit() from None
        if answer.strip().lower() in ("q", "quit", "exit"):
            raise _Quit()
        return answer

    def run(self) -> int:
        m = self.match
        r = m.rules
        self.say(f"Gong Zhu (拱猪) {__version__}: match seed {m.seed}, rules "
                 f"{r.preset_name() or 'custom'}, target {r.target}.")
        self.say("You play " + ("nobody (bots only)." if self.auto else
                                f"seat {self.me} ({SEAT_NAMES[0]}). Type cards like QS, 10h or Q♠; "
                                "q quits."))
        me = None if self.auto else self.me
        self.say("Bots: " + ", ".join(f"{_seat(s, me)} {n}" for s, n in self.bot_names.items()) + ".")
        try:
            while True:
                self.play_hand()
                if m.is_over:
                    break
                if not self.auto:
                    self.ask("Enter for the next hand... ")
                m.next_hand()
        except _Quit:
            self.say("\nGoodbye.")
            return 0
        self.say("\nThe match is over.")
        me = None if self.auto else self.me
        self.say("Totals: " + ", ".join(f"{_seat(s, me)} {signed(t)}" for s, t in enumerate(m.totals)))
        if m.losers:
            self.say("The pig (猪): " + ", ".join(_seat(s, me) for s in m.losers))
        self.say("Winner: " + ", ".join(_seat(s, me) for s in m.winners))
        if m.round_points is not None:
            self.say("Round points: " + ", ".join(f"{_seat(s, me)} {p}" for s, p in enumerate(m.round_points)))
        return 0

    def play_hand(self) -> None:
        m = self.match
        h = m.current_hand
        self.say(f"\n=== Hand {m.hand_number + 1} ===")
        if not self.auto:
            self.say("Your cards: " + _hand_text(h.view(self.me)["hand"]))
        while h.phase != "done":
            seat = h.to_play
            assert seat is not None
            events = self.bot_turn(h, seat) if seat in self.bots else self.human_turn(h, seat)
            self.show(events)

    def bot_turn(self, h: Hand, seat: int) -> list[dict[str, Any]]:
        decision = self.bots[seat](self.match.view(seat), self.rngs[seat])
        return bot_decides(h, seat, decision, self.bot_names[seat])

    def human_turn(self, h: Hand, seat: int) -> list[dict[str, Any]]:
        while True:
            v = h.view(seat)
            if h.phase == "pass":
                n = v["passing"]["count"]
                answer = self.ask(f"Your cards: {_hand_text(v['hand'])}\n"
                                  f"Pass {n} cards to seat {v['passing']['to']}: ")
            elif h.phase == "expose":
                answer = self.ask(f"You may expose {_symbols(v['exposable'])} "
                                  "(type them, or Enter for none): ")
            else:
                trick = ", ".join(f"{_seat(s, self.me)} {_symbols([c])}" for s, c in v["trick"])
                answer = self.ask(f"Trick {len(v['tricks']) + 1}: {trick or 'you lead'}.\n"
                                  f"Your cards: {_hand_text(v['hand'])}\n"
                                  f"Play (legal: {_symbols(v['legal'])}): ").strip()
                if answer == "":
                    self.say("  Type a card, e.g. " + v["legal"][0])
                    continue
            cards = answer.replace(",", " ").split()
            try:
                return h.decide(seat, answer if h.phase == "play" else cards)
            except ValueError as e:  # IllegalMove is a ValueError too
                self.say(f"  Not allowed: {e}")

    def show(self, events: list[dict[str, Any]]) -> None:
        me = None if self.auto else self.me
        for e in events:
            t = e["type"]
            if t == "pass" and e["seat"] != me:
                self.say(f"{_seat(e['seat'], me)} has passed.")
            elif t == "passes_done" and me is not None:
                got = self.match.current_hand.view(me)["passing"]["received"]
                self.say(f"You received {_symbols(got)}.")
            elif t == "expose":
                what = _symbols(e["cards"]) if e["cards"] else "nothing"
                self.say(f"{_seat(e['seat'], me)} exposes {what}.")
            elif t == "auto_expose":
                self.say(f"{_seat(e['seat'], me)}'s {_symbols(e['cards'])} is exposed automatically.")
            elif t == "expose_chosen" and e["seat"] != me:
                self.say(f"{_seat(e['seat'], me)} has chosen what to expose.")
            elif t == "phase" and e["phase"] == "play":
                self.say(f"{_seat(e['leader'], me)} leads.")
            elif t == "trick":
                cards = ", ".join(f"{_seat(s, me)} {_symbols([c])}" for s, c in e["cards"])
                pts = f" (points: {_symbols(e['points'])})" if e["points"] else ""
                self.say(f"Trick {e['trick'] + 1}: {cards} -> {_seat(e['winner'], me)}{pts}")
            elif t == "hand_over":
                self.show_scores()

    def show_scores(self) -> None:
        m = self.match
        h = m.current_hand
        me = None if self.auto else self.me
        self.say("Hand over.")
        for s in range(4):
            score = h.score(s)
            self.say(f"  {_seat(s, me)}: {signed(score.total)}   [{'; '.join(score.text()[:-1])}]")
        self.say("Totals: " + ", ".join(f"{_seat(s, me)} {signed(t)}" for s, t in enumerate(m.totals)))


def cmd_play(args: argparse.Namespace, out: TextIO, read: Callable[[str], str]) -> int:
    rules = _rules(args)
    rng = random.Random(args.seed)
    seed = args.seed if args.seed is not None else random.SystemRandom().getrandbits(32)
    match = new_match(seed=seed, rules=rules)
    bots = args.bots or DEFAULT_BOT
    game = TerminalGame(match, args.seat, bots, rng, args.auto, out, read)
    return game.run()


# ---------------------------------------------------------------- main

def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m gongzhu",
                                description="Gong Zhu (拱猪): score piles, play, list rules, benchmark.")
    p.add_argument("--version", action="version", version=f"gongzhu {__version__}")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")
    presets = ", ".join(PRESETS)

    s = sub.add_parser("score", help="score a captured pile, line by line")
    s.add_argument("cards", nargs="*", help="captured cards, e.g. QS KH QH 8H")
    s.add_argument("--exposed", nargs="*", default=[], metavar="CARD",
                   help="cards exposed at the table, e.g. AH")
    s.add_argument("--rules", default="classic", help=f"a preset ({presets})")
    s.add_argument("--set", action="append", metavar="NAME=VALUE",
                   help="a house rule on top of the preset, e.g. pass_cards=3 (see `rules`)")
    s.add_argument("--lang", choices=["en", "zh"], default="en")
    s.add_argument("--json", action="store_true", help="print the breakdown as JSON")

    pl = sub.add_parser("play", help="play a match in the terminal against bots")
    pl.add_argument("--seed", type=int, help="match seed (same seed, same deals)")
    pl.add_argument("--rules", default="classic", help=f"a preset ({presets})")
    pl.add_argument("--set", action="append", metavar="NAME=VALUE",
                   help="a house rule on top of the preset, e.g. pass_cards=3 (see `rules`)")
    pl.add_argument("--bots", help=f"bot name ({', '.join(bot_names())}; default {DEFAULT_BOT}) "
                                     "or module:function, a bot of yours; or one per bot seat, "
                                     "comma-separated: --auto --bots easy,hard,expert,normal")
    pl.add_argument("--seat", type=int, choices=range(4), default=0, help="your seat (0-3)")
    pl.add_argument("--auto", action="store_true", help="bots play every seat (a demo)")

    sub.add_parser("arena", help="bots' duplicate arena (arena --help for its options)")

    r = sub.add_parser("rules", help="list the presets and house-rule options")
    r.add_argument("--json", action="store_true")

    d = sub.add_parser("deal", help="show the four hands a seed deals")
    d.add_argument("seed", type=int)

    b = sub.add_parser("bench", help="random-playout hands per second and peak memory")
    b.add_argument("--seconds", type=float, default=3.0)
    b.add_argument("--rules", default="classic", help=f"a preset ({presets})")
    b.add_argument("--set", action="append", metavar="NAME=VALUE",
                   help="a house rule on top of the preset, e.g. pass_cards=3 (see `rules`)")
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--json", action="store_true", help="print only the JSON line")
    return p


def main(argv: Sequence[str] | None = None, out: TextIO | None = None,
         read: Callable[[str], str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    out = out or sys.stdout
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["arena"]:  # The bots' duplicate arena parses its own options (gongzhu/arena.py).
        from .arena import main as arena_main
        return arena_main(argv[1:], out)
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    try:
        if args.command == "score":
            return cmd_score(args, out)
        if args.command == "rules":
            return cmd_rules(args, out)
        if args.command == "deal":
            return cmd_deal(args, out)
        if args.command == "bench":
            return cmd_bench(args, out)
        if args.command == "play":
            return cmd_play(args, out, read or input)
    except ValueError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nInterrupted.", file=sys.stderr)
        return 130
    parser.error(f"unknown command {args.command}")
    return 2
