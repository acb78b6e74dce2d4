"""The ``hard`` level: Perfect-Information Monte Carlo (PIMC) over sampled worlds.

For a play: sample worlds (deals of the unseen cards consistent with the public information,
``sampler.Knowledge.sample``); in each, play every candidate card (equivalent cards merged)
and finish the hand with the rule policy for all four seats (``policy.rollout``, a few
rollouts per world, each with a small share of random moves); the same random numbers serve
every candidate of a world and rollout (common random numbers), so the comparison is of the
cards and not of luck.  The card with the best mean value wins, the value being our score
minus the mean of the three others' (with ``partnership``: our side's total minus theirs).

Anytime: world by world until ``worlds`` x ``rollouts`` are done or the time ``budget``
(seconds) is spent, whichever comes first; when the budget cannot buy a third of them (a slow
device), the rollouts go in passes over the worlds instead (one in every world, then a second,
...), so that the search still sees every world (``Pimc.evaluate``); ``fixed``
(``set_fixed(True)``, the arena's ``--fixed``) ignores the clock so that results reproduce
exactly, and with a budget scale (``set_budget_scale``) searches that share of the playouts.
While the game shows a bot's card at its pace, the search may think that long (``set_pace``).

Shooting the moon: the rollout policy goes for the moon once a seat holds every heart played
(at least seven) and the others defend by taking a heart trick from it, so the search sees
both moon attempts (its own included) and their defence in its values.

Exposure is decided with the same machinery: each subset of the exposable cards (with
``rule_proposes``, as the expert and ``normal`` do: of the rule bot's exposure) is tried in the
same sampled worlds (as many worlds and rollouts as a play) from the first trick and the best
mean value is exposed; so is passing (the 3-card sets drawn from the rule bot's five likeliest
cards, the others passing by the rule bot's rules in each world).

The last tricks (``solve_from``: the expert's last three cards): each world is solved exactly to
the end by max^n (``endgame.solve``) instead of rolled out, once another seat has taken a heart.
"""


from ..cards import HEARTS_MASK, SUIT_MASKS, card_codes, parse_card
from ..hand import first_lead_card
from ..portable import Any, Callable, Random, clock, combinations, popcount
from . import endgame, policy
from .endgame import outcome_value
from .rulebot import Decision, answer, choose_expose, choose_play, legal_of, pass_scores
from .sampler import Knowledge, equivalent_groups

_FIXED = [False]


def set_fixed(on: bool) -> None:
    """Run every search bot at its fixed worlds x rollouts, ignoring the clock (reproducible)."""
    _FIXED[0] = on


def is_fixed() -> bool:
    """True when search bots ignore the clock (``set_fixed``)."""
    return _FIXED[0]


_SCALE = [1.0]


def set_budget_scale(scale: float) -> None:
    """Multiply every search bot's time budget by ``scale``: 0.25 stands for a phone, where Python
    runs about four times slower (the arena's ``--budget-scale``).  With ``set_fixed`` there is no
    clock, and the scale multiplies each search's worlds x rollouts instead (``Pimc.fixed_share``),
    so a phone has a reproducible stand-in too."""
    if not scale > 0:
        raise ValueError("the budget scale must be a positive number, not %r" % (scale,))
    _SCALE[0] = float(scale)


def budget_scale() -> float:
    """The factor of ``set_budget_scale`` (1.0 unless set)."""
    return _SCALE[0]


_PACE = [0.0]


def set_pace(seconds: float) -> None:
    """Seconds the table takes to show a bot's move whatever its think time (the game's pace: the
    player waits that long anyway): a search on the clock may think that long when its own budget
    is shorter, so a slow device searches more at no cost in waiting.  0 (the default, and the
    arena's unless ``--pace``): each bot's own budget.  Scaled by ``set_budget_scale`` like the
    budgets (the arena's stand-in for a slow device); ignored by ``set_fixed`` runs."""
    if not seconds >= 0:
        raise ValueError("the pace must be a number of seconds, 0 or more, not %r" % (seconds,))
    _PACE[0] = float(seconds)


def think_budget(seconds: float) -> float:
    """The seconds a search whose own budget is ``seconds`` may think: at least the pace
    (``set_pace``), times the budget scale."""
    return max(seconds, _PACE[0]) * _SCALE[0]


def _never() -> float:
    raise AssertionError("a rollout without random moves asked for a random number")


def _random_moves(seed: int, eps: float) -> Callable[[], float]:
    """The random numbers of one rollout: ``Random(seed).random``, or, when no move is random
    (``eps`` 0: ``normal``'s search), nothing to seed (a pure-Python generator on MicroPython)."""
    return Random(seed).random if eps else _never


def group_of(card: int, legal: int, k: Knowledge) -> int:
    """The candidate standing for ``card``: the first card of its group in ``equivalent_groups``."""
    below = legal & SUIT_MASKS[card // 13] & ((2 << card) - 1)
    return equivalent_groups(below, k.played, k.trick)[-1]


def passed_deal(k: Knowledge, world: list[int], given: list[int], mine: int) -> tuple[list[int], int, int]:
    """The hands after the pass in a sampled `world` (the others give `given`, this seat `mine`,
    each to its left), with the first trick's leader and the card it must lead (-1: any)."""
    given = given[:]
    given[k.me] = mine
    hands = [(world[s] & ~given[s]) | given[(s - 1) % 4] for s in range(4)]
    if k.view["first_hand"]:
        first = first_lead_card(k.rules)
        return hands, next(s for s in range(4) if hands[s] >> first & 1), first
    return hands, k.view["leader"], -1


def _means(sums: list[list[float]], counts: list[int], n: int) -> list[float]:
    """Each candidate's mean over the worlds searched (a world's value: the mean of its
    rollouts).  When every world has as many rollouts, the sum of all over their number, added
    world by world in order, as the world-by-world search did (the same floating-point values)."""
    seen = [w for w in range(len(counts)) if counts[w]]
    if not seen:
        return [0.0] * n
    if all(counts[w] == counts[seen[0]] for w in seen):
        totals = [0.0] * n
        for w in seen:
            for i in range(n):
                totals[i] += sums[w][i]
        return [t / (len(seen) * counts[seen[0]]) for t in totals]
    return [sum(sums[w][i] / counts[w] for w in seen) / len(seen) for i in range(n)]


class Pimc:
    """A PIMC searcher; ``__call__(view, rng)`` is a bot."""

    def __init__(self, worlds: int = 40, rollouts: int = 4, budget: float | None = 0.12,
                 eps: float = 0.1, min_worlds: int = 2) -> None:
        self.worlds = worlds
        self.rollouts = rollouts
        self.budget = budget
        self.eps = eps
        self.min_worlds = min_worlds
        self.passes_below = 1 / 3
        """The share of its playouts below which a search the budget cuts short goes in passes over
        the worlds rather than world by world (``evaluate``)."""
        self.first_trick_clock = 1.0
        """The budget's multiple for a play of the first trick, whose rollouts are the longest of
        the hand (``hard``: 2)."""
        self.budget_grace = 0.08
        """Seconds past the budget after which even a world in progress is abandoned."""
        self.expose_margin = 0.0
        """Points per hand an exposure must gain over exposing nothing."""
        self.others = 1.0
        """Weight of the others' mean score against our own in a world's value."""
        self.expose_worlds = 0
        """Worlds for the exposure decision (0: ``worlds``; half of them measured weaker)."""
        self.expose_rollouts = 0
        """Rollouts per world for the exposure decision (0: ``rollouts``)."""
        self.expose_eps: float | None = None
        """Random-move share in the exposure rollouts (None: ``eps``)."""
        self.prior = 0.0
        """Points added to the rule policy's own card (a tie goes to the rule policy)."""
        self.refined = False
        """Roll out with the rule policy's refined rules (``policy.Ctx.refined``)."""
        self.rule_proposes = False
        """Weigh only the rule bot's exposure and its subsets, not every subset of the exposable
        cards (the expert, ``normal``): the search's own exposures lost against players who
        hunt exposed cards (STRENGTH.md, "Exposure against players who hunt")."""
        self.solve_from = 0
        """Cards in hand from which each world is solved exactly (``endgame.solve``) instead of
        rolled out, once another seat has taken a heart (0: never; the expert: 3)."""

    # -- worlds (the expert overrides this to weight them by inference)
    def sample_worlds(self, k: Knowledge, rng: Random, n: int,
                      deadline: float | None = None) -> list[list[int]]:
        """``n`` worlds consistent with the view (``deadline``: a time to respect, if any)."""
        return [k.sample(rng) for _ in range(n)]

    def _deadline(self, times: float = 1.0) -> float | None:
        if self.budget is None or is_fixed():
            return None
        return clock() + think_budget(self.budget * times)

    def fixed_share(self, n: int) -> int:
        """How many of ``n`` worlds (or playouts) to search: all of them, but in ``set_fixed`` runs
        at a budget scale other than 1, that share of them (at least ``min_worlds``), standing for
        what the scaled clock would buy (a searcher without a clock, ``normal``'s, keeps all)."""
        if not is_fixed() or _SCALE[0] == 1.0 or self.budget is None:
            return n
        return max(self.min_worlds, int(n * _SCALE[0] + 0.5))

    def _out_of_time(self, start: float, done: int, deadline: float | None, least: int = 0) -> bool:
        """Whether to stop before another world (or pass of a world): on the clock, at least
        ``least`` (0: ``min_worlds``) done, and one more (as long as the mean of the ``done`` so
        far) would end past the deadline."""
        if deadline is None or done < (least or self.min_worlds):
            return False
        now = clock()
        return now + (now - start) / max(done, 1) > deadline

    def evaluate(self, k: Knowledge, rng: Random, cands: list[int]) -> list[float]:
        """Mean value of each candidate card over the sampled worlds and rollouts.

        World by world (all the rollouts of a world, then the next world) when the budget
        allows at least a third (``passes_below``) of the ``worlds`` x ``rollouts`` playouts, as
        on a desktop.  When it allows less (a slow device: judged by the first playout's time, or
        by the fixed share), the rollouts go in passes over the worlds instead: one in every
        world, then a second, and so on, so that the search keeps the worlds' variety rather
        than losing worlds.  (With few playouts the worlds count most; with half of them, the
        first tricks' searches in passes measured weaker: STRENGTH.md, "Passes only below a
        third of the budget".)  Each world's seeds are drawn as it is first searched, in the
        same order either way, so a search that finishes gives the same values both ways.
        """
        if popcount(k.hand) <= self.solve_from and \
                any(pile & HEARTS_MASK for seat, pile in enumerate(k.cap) if seat != k.me):
            return self.solved(k, rng, cands)
        deadline = self._deadline(1.0 if k.view["tricks"] else self.first_trick_clock)
        ctx = k.ctx(refined=self.refined)
        worlds = self.sample_worlds(k, rng, self.worlds, deadline)
        n, rolls, total = len(cands), self.rollouts, len(worlds) * self.rollouts
        playouts = self.fixed_share(total)
        sums = [[0.0] * n for _ in worlds]
        counts = [0] * len(worlds)
        seeds: list[list[int]] = []
        part = k.rules.partnership
        me = k.me
        start = clock()

        def playout(w: int, may_stop: bool) -> bool:
            """The next rollout of world ``w`` for every candidate (False: stopped by the clock
            past its grace, if ``may_stop``, and this rollout not counted)."""
            if w == len(seeds):
                seeds.append([rng.getrandbits(32) for _ in range(rolls)])
            values = [0.0] * n
            for i, c in enumerate(cands):
                if may_stop and deadline is not None and clock() > deadline + self.budget_grace * _SCALE[0]:
                    return False
                sc = policy.rollout(worlds[w], k.cap, k.trick, k.leader, k.played, k.led, k.hearts_broken,
                                    k.must, ctx, _random_moves(seeds[w][counts[w]], self.eps), self.eps, first=c)
                values[i] = outcome_value(sc, me, part, self.others)
            row = sums[w]
            for i in range(n):
                row[i] += values[i]
            counts[w] += 1
            return True

        done = 0  # Worlds searched world by world.
        if playouts >= total * self.passes_below:
            while (done + 1) * rolls <= playouts and not self._out_of_time(start, done, deadline):
                if not playout(done, done >= 1):
                    return _means(sums, counts, n)
                if done == 0 and deadline is not None and \
                        deadline - start < total * self.passes_below * (clock() - start):
                    break  # The first playout says: less than a third of the playouts in the budget.
                while counts[done] < rolls:
                    if not playout(done, done >= 1):
                        counts[done] = 0  # Hard stop: this world is not counted.
                        return _means(sums, counts, n)
                done += 1
            else:
                return _means(sums, counts, n)
        searched = sum(counts)
        for r in range(rolls):  # In passes over the worlds.
            for w in range(len(worlds)):
                if counts[w] > r:
                    continue
                if searched >= playouts or self._out_of_time(start, searched, deadline):
                    return _means(sums, counts, n)
                if not playout(w, searched >= 1):
                    return _means(sums, counts, n)  # Hard stop: this rollout is not counted.
                searched += 1
        return _means(sums, counts, n)

    def solved(self, k: Knowledge, rng: Random, cands: list[int]) -> list[float]:
        """Each candidate's mean value over the sampled worlds, each world solved exactly to the
        end of the hand (``endgame.solve``): the last tricks, where a world's tree is small.  The
        worlds are searched one by one, within the clock (or the fixed share of them); past the
        clock's grace, a world in progress is abandoned, as a rollout is."""
        deadline = self._deadline()
        ctx = k.ctx(refined=self.refined)
        worlds = self.sample_worlds(k, rng, self.worlds, deadline)
        totals = [0.0] * len(cands)
        done = 0
        start = clock()
        for world in worlds[:self.fixed_share(len(worlds))]:
            # A world's solve costs some ten rollouts: on a slow device one may be all it affords.
            if self._out_of_time(start, done, deadline, 1):
                break
            values = [0.0] * len(cands)
            for i, c in enumerate(cands):
                if done and deadline is not None and clock() > deadline + self.budget_grace * _SCALE[0]:
                    return [t / done for t in totals]
                sc = endgame.solve(world, k.cap, k.trick, k.leader, k.led, k.hearts_broken, k.must, ctx, c)
                values[i] = outcome_value(sc, k.me, k.rules.partnership, self.others)
            for i in range(len(cands)):
                totals[i] += values[i]
            done += 1
        return [t / max(done, 1) for t in totals]

    def play(self, k: Knowledge, rng: Random) -> int:
        """The card to play."""
        legal = legal_of(k.view)
        cands = equivalent_groups(legal, k.played, k.trick)
        if len(cands) == 1:
            return cands[0]
        values = self.evaluate(k, rng, cands)
        if self.prior:
            # The rule policy's card (its group's representative) gets a head start: a tie
            # or a difference within the noise goes to it, not to the first suit in order.
            values[cands.index(group_of(choose_play(k, self.refined), legal, k))] += self.prior
        best = max(range(len(cands)), key=lambda i: (values[i], -i))
        return cands[best]

    def expose(self, k: Knowledge, rng: Random) -> list[str]:
        """The cards to expose: the subset of the exposable cards (``rule_proposes``: of the
        rule bot's exposure) with the best mean value."""
        if self.rule_proposes:
            can = [parse_card(c) for c in choose_expose(k)]
            if not can:
                return []
            # Weigh on a copy of the generator, so the play that follows draws the same
            # numbers whatever was weighed here.
            twin = Random()
            twin.setstate(rng.getstate())
            rng = twin
        else:
            can = [parse_card(c) for c in k.view["exposable"]]
        subsets = [0]
        for c in can:
            subsets += [s | (1 << c) for s in subsets]
        deadline = self._deadline()
        # All the worlds and rollouts of a play: one decision for the whole hand, and a noisy
        # estimate picks an exposure by luck (half as many cost about 0.03 D against easy).
        # On the clock, half the rollouts per world: more worlds in the same time.
        worlds = self.fixed_share(self.expose_worlds or self.worlds)
        rolls = self.expose_rollouts or (self.rollouts if deadline is None else max(1, self.rollouts // 2))
        eps = self.eps if self.expose_eps is None else self.expose_eps
        totals = [0.0] * len(subsets)
        leader = k.view["leader"]
        must = first_lead_card(k.rules) if k.view["first_hand"] else -1
        done = 0
        start = clock()
        for _ in range(worlds):
            if self._out_of_time(start, done, deadline):
                break
            hands = k.sample(rng)
            if leader is None:
                continue
            seeds = [rng.getrandbits(32) for _ in range(rolls)]
            for i, sub in enumerate(subsets):
                ctx = k.ctx(k.exposed | sub, self.refined)
                for seed in seeds:
                    rnd = _random_moves(seed, eps)
                    sc = policy.rollout(hands, [0, 0, 0, 0], [], leader, 0, 0, False, must, ctx, rnd, eps)
                    totals[i] += outcome_value(sc, k.me, k.rules.partnership, self.others)
            done += 1
        n = max(1, done * rolls)
        # Exposing doubles the stakes: only when it beats keeping quiet by ``expose_margin``.
        values = [t / n - (self.expose_margin if i else 0.0) for i, t in enumerate(totals)]
        best = max(range(len(subsets)), key=lambda i: (values[i], -i))
        return card_codes(subsets[best])

    def pass_cards(self, k: Knowledge, rng: Random) -> list[str]:
        """The cards to pass: the best 3-card set (of the rule bot's five likeliest) over
        sampled worlds in which the others pass by the rule bot's rules, played out from the
        first trick."""
        count = k.view["passing"]["count"]
        top = [c for _, c in pass_scores(k.hand)[:count + 2]]
        sets = [sum(1 << c for c in combo) for combo in combinations(top, count)]
        deadline = self._deadline()
        totals = [0.0] * len(sets)
        me = k.me
        ctx = k.ctx(refined=self.refined)
        done = 0
        start = clock()
        for _ in range(max(4, self.fixed_share(self.worlds // 2))):
            if self._out_of_time(start, done, deadline):
                break
            world = k.sample(rng)
            given = [sum(1 << c for _, c in pass_scores(world[s])[:count]) for s in range(4)]
            seeds = [rng.getrandbits(32) for _ in range(max(1, self.rollouts // 2))]
            for i, mine in enumerate(sets):
                hands, leader, must = passed_deal(k, world, given, mine)
                for seed in seeds:
                    sc = policy.rollout(hands, [0, 0, 0, 0], [], leader, 0, 0, False, must, ctx,
                                        _random_moves(seed, self.eps), self.eps)
                    totals[i] += outcome_value(sc, me, k.rules.partnership, self.others)
            done += 1
        best = max(range(len(sets)), key=lambda i: (totals[i], -i))
        return card_codes(sets[best])

    def __call__(self, view: dict[str, Any], rng: Random) -> Decision:
        return answer(view, rng, self.play, expose=self.expose, pass_=self.pass_cards)

