"""Write the ``before`` of a tutorial lesson: tricks that lead, legally, to the lesson's position.

A lesson that starts late in a hand (gongzhu/core/lessons.py) lists only the cards each seat
holds then; the tricks played before are found here by a seeded random search over the cards
nobody holds any more, and printed as the lesson's ``leader`` and ``before`` to paste in:

    python web/tools/lesson_before.py 3 --leads 2 --clean --never S

``--leads SEAT``: who must lead the lesson's first trick; ``--clean``: the player has taken no
scoring card before; ``--never S``: a suit nobody leads before (its first trick is the lesson's).
The engine replays what is printed (the lesson tests do too), so it is legal by construction.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from gongzhu.core import lessons  # noqa: E402
from gongzhu.core.cards import SCORING_MASK, card_code, card_codes, parse_cards  # noqa: E402
from gongzhu.core.hand import new_hand  # noqa: E402
from gongzhu.core.rules import get_rules  # noqa: E402


def search(number: int, leads: int, clean: bool, never: str, tries: int, seed: int) -> tuple[int, str]:
    """A (hand leader, ``before``) that ends with ``leads`` to lead; SystemExit after ``tries``."""
    data = lessons.lesson(number)
    held = [parse_cards(data["hands"][s].split()) for s in range(4)]
    left = 13 - len(held[0])
    used = {c for h in held for c in h}
    rest = [c for c in range(52) if c not in used]
    exposed = data.get("exposed", "").split()
    rng = random.Random(seed)
    for _ in range(tries):
        rng.shuffle(rest)
        extra = [rest[i * left:(i + 1) * left] for i in range(4)]
        leader = rng.randrange(4)
        hand = new_hand(hands=[card_codes(held[s] + extra[s]) for s in range(4)], rules=get_rules(data.get("rules")),
                        leader=leader, first_hand=False, exposed=exposed)
        tricks: list[list[str]] = []
        ok = True
        while len(hand.tricks) < left and ok:
            seat = hand.to_play
            choices = [c for c in parse_cards(hand.legal_moves()) if c in extra[seat]]
            if not hand.trick:
                choices = [c for c in choices if "SHDC"[c // 13] not in never]
                tricks.append([])
            if not choices:
                ok = False
                break
            card = rng.choice(choices)
            tricks[-1].append(card_code(card))
            hand.play(card)
        if not ok or hand.to_play != leads:
            continue
        if clean and hand.captured_masks[0] & SCORING_MASK:
            continue
        return leader, ", ".join(" ".join(t) for t in tricks)
    raise SystemExit("no such tricks found in %d tries" % tries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("lesson", type=int)
    parser.add_argument("--leads", type=int, required=True)
    parser.add_argument("--clean", action="store_true")
    parser.add_argument("--never", default="")
    parser.add_argument("--tries", type=int, default=200000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    leader, before = search(args.lesson, args.leads, args.clean, args.never.upper(), args.tries, args.seed)
    print('"leader": %d,' % leader)
    print('"before": "%s",' % before)


if __name__ == "__main__":
    main()
