"""The ``easy`` level: a rule-based bot (the rule policy of ``policy.py`` plus passing and
exposure rules), and the helpers every level shares to answer a view's phase.

Passing: give away the pig when short of spades to guard her, A♠/K♠ when spades are short,
high hearts, and high cards of short suits (to make a void); keep the sheep.  Exposure: expose
the sheep with diamond strength to win it (four diamonds with an honour above it), the pig
with long low spades to hide behind; never the A♥ or T♣ (their doubling cuts both ways).
"""


from ..cards import PIG, SHEEP, SUIT_MASKS, TRANSFORMER, card_code, card_codes
from ..portable import Any, Callable, Random, popcount
from . import policy
from .sampler import Knowledge, mask

Decision = Any
"""A card code (play), a list of codes (expose) or a list of codes (pass)."""


def phase_of(view: dict[str, Any]) -> str:
    """Which decision the view asks for: "pass", "expose", "play" or "none"."""
    phase = view["phase"]
    me = view["seat"]
    if phase == "pass":
        p = view.get("passing") or {}
        return "pass" if p.get("passed") is None else "none"
    if phase == "expose":
        return "expose" if view["exposable"] else "none"
    if phase == "play":
        return "play" if view["to_play"] == me else "none"
    return "none"


def pass_scores(hand: int, played: int = 0) -> list[tuple[float, int]]:
    """Each card's urge to be passed away, highest first: (score, card)."""
    spades = hand & SUIT_MASKS[0]
    n_sp = popcount(spades)
    has_pig = bool(hand >> PIG & 1)
    guards = popcount(spades & ~(1 << PIG) & ((1 << PIG) - 1))
    out = []
    for c in range(52):
        if not hand >> c & 1:
            continue
        s, r = divmod(c, 13)
        ln = popcount(hand & SUIT_MASKS[s])
        if c == PIG:
            v = 120.0 if guards < 4 else -40.0  # Keep her only behind four low spades.
        elif s == 0 and r > 10:
            v = (70.0 + r) if (not has_pig and n_sp < 5) or (has_pig and guards < 4) else 5.0 + r
        elif c == SHEEP:
            v = -100.0  # The sheep is worth keeping.
        elif s == 1:
            v = 12.0 + 5 * r if r >= 7 else 2.0 * r
        elif c == TRANSFORMER:
            v = 20.0
        else:
            v = 3.0 * r + (18.0 if ln <= 2 else 0.0)
        out.append((v, c))
    out.sort(reverse=True)
    return out


def choose_pass(k: Knowledge) -> list[str]:
    """The rule bot's cards to pass."""
    count = k.view["passing"]["count"]
    return card_codes(sum(1 << c for _, c in pass_scores(k.hand)[:count]))


def choose_expose(k: Knowledge) -> list[str]:
    """The rule bot's exposure: the sheep with diamond strength, the pig behind long low spades."""
    can = mask(k.view["exposable"])
    out = []
    dia = k.hand & SUIT_MASKS[2]
    if can >> SHEEP & 1 and popcount(dia) >= 4 and dia >> (SHEEP + 1):
        out.append(SHEEP)
    low_spades = popcount(k.hand & SUIT_MASKS[0] & ((1 << PIG) - 1))
    if can >> PIG & 1 and low_spades >= 5:
        out.append(PIG)
    return [card_code(c) for c in sorted(out)]


def legal_of(view: dict[str, Any]) -> int:
    """The legal cards of the view, as a mask."""
    return mask(view["legal"])


def choose_play(k: Knowledge, refined: bool = False) -> int:
    """The rule policy's card for the view (``refined``: by the refined rules)."""
    L = legal_of(k.view)
    return policy.choose(k.hand, L, k.trick, k.leader, k.me, k.played, k.cap, k.ctx(refined=refined))


def answer(view: dict[str, Any], rng: Random,
           play: Callable[[Knowledge, Random], int],
           expose: Callable[[Knowledge, Random], list[str]] | None = None,
           pass_: Callable[[Knowledge, Random], list[str]] | None = None) -> Decision:
    """Answer whatever the view's phase asks, with these deciders (rule bot's by default)."""
    what = phase_of(view)
    if what == "none":
        raise ValueError("this seat has no decision to make now")
    k = Knowledge(view)
    if what == "pass":
        return pass_(k, rng) if pass_ else choose_pass(k)
    if what == "expose":
        return expose(k, rng) if expose else choose_expose(k)
    legal = view["legal"]
    if len(legal) == 1:
        return legal[0]
    return card_code(play(k, rng))


def easy(view: dict[str, Any], rng: Random) -> Decision:
    """The ``easy`` bot: the rule policy, deterministic (``rng`` is not needed)."""
    return answer(view, rng, lambda k, r: choose_play(k))
