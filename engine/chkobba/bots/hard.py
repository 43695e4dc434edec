"""The hard bot: determinization (perfect-information Monte Carlo) with a search in each sample.

For a decision it deals the cards it cannot see many times, consistently with its view and weighed
by the plays seen (the worlds, ``worlds.py``), searches the rest of the current hand in each
(``search.py``) and plays the move of the best mean value. With two players, before the last hand,
the opponent is searched as the greedy player who cannot see the bot's hand; four players follow
``team.py``'s plan. In a two-player last hand the hidden cards are known: one world, searched to
the end of the deal, and among the moves of the best sure result the one that leaves a fallible
opponent the most room to go wrong. The cut card is kept or exposed by dealing the rest of the deck
many times for each and searching the first hand. The work per decision is a number of worlds and a
cap on searched nodes; ``budget_ms`` optionally caps the time too (then the wall clock can change a
decision), and if no world was finished the medium bot's move is played. The measurements behind
these choices: ``docs/bots-experiments.md``.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from contextlib import suppress

from ..kernel import Phase
from ..moves import EXPOSE_MOVE, KEEP_MOVE, Move
from ..view import View
from .core import CLASS, pack_pile
from .infer import BETA
from .search import OutOfTime, Searcher
from .simple import MediumBot
from .team import CUT_SAMPLES as TEAM_CUT_SAMPLES
from .team import Plan, settings
from .worlds import POOL, World, cut_world, decision_rng, weighed_worlds

CUT_SAMPLES = 24  # deals of the rest of the deck for a cut
SAMPLES = 32  # two players before the last hand: worlds searched, the opponent greedy
CLAIRVOYANT_SAMPLES = 64  # the same with ``greedy=False``: the opponent searched seeing all


def _alike(move: Move) -> tuple[int, tuple[int, ...]]:
    """What the search tells ``move`` by: the classes of its card and of the cards it takes
    (laying 3♠ or 3♣ is the same)."""
    assert move.card is not None
    return CLASS[move.card.index], tuple(sorted(CLASS[c.index] for c in move.captures))


def _root(searcher: Searcher, seat: int, move: Move) -> float:
    """``searcher``'s value (side 0 minus side 1) of ``seat`` playing ``move``."""
    assert move.card is not None
    return searcher.root(seat, move.card.index, tuple(c.index for c in move.captures))


class HardBot:
    """Determinized alpha-beta: see the module's text."""

    level = "hard"

    def __init__(
        self,
        seed: int = 1,
        samples: int | None = None,
        max_plies: int | None = None,
        extra: int = 0,
        cut_samples: int | None = None,
        max_nodes: int | None = None,
        greedy: bool = True,
        budget_ms: float | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self.seed = seed
        self.samples = samples
        self.max_plies = max_plies
        self.extra = extra
        self.cut_samples = cut_samples
        self.max_nodes = max_nodes or 8_000  # four players: team.py's own cap unless given
        self.nodes_given = max_nodes is not None
        self.greedy = greedy
        self.budget_ms = budget_ms
        self.clock = clock
        self.last_values: dict[Move, float] = {}
        self.last_worlds = 0
        self.last_nodes = 0

    def choose(self, view: View) -> Move:
        start = self.clock()
        legal = view.legal_moves()
        if not legal:
            raise ValueError(f"seat {view.seat} has no move to make now (phase {view.phase})")
        if view.phase == Phase.CUT:
            return self._cut(view, start)
        if len(legal) == 1:
            self.last_values = {legal[0]: 0.0}
            return legal[0]
        hidden = [c.index for c in view.unseen()]
        others = sum(view.hand_sizes) - len(view.hand)
        exact = view.stock_count == 0 and len(hidden) == others and view.rules.players == 2
        samples, searcher_for, max_nodes, betas, pool = self.setup(view, exact)
        rng = decision_rng(self.seed, view)
        # One root child per class of move (laying 3♠ or 3♣ is the same); keep the first.
        roots: dict[tuple[int, tuple[int, ...]], Move] = {}
        for move in legal:
            roots.setdefault(_alike(move), move)
        moves = list(roots.values())
        totals = [0.0] * len(moves)
        sign = 1 if view.side == 0 else -1
        worlds = nodes = 0
        world = None
        for searched, (world, weight) in enumerate(
            weighed_worlds(
                view, hidden, samples, rng, lambda: self._pool_over_budget(start), betas, pool
            ),
            1,
        ):
            searcher = self._bounded(searcher_for(world), start)
            try:
                values = [weight * sign * _root(searcher, view.seat, move) for move in moves]
            except OutOfTime:
                break  # the budget is spent: this world is left out
            for i, value in enumerate(values):
                totals[i] += value
            worlds += weight
            nodes += searcher.nodes
            if nodes >= max_nodes and searched >= 4:
                break  # a work cap for the rare crowded tables: deterministic, unlike a clock
            if self._over_budget(start, searched):
                break
        self.last_worlds = worlds
        self.last_nodes = nodes
        if not worlds:  # the budget was spent before a world was finished
            self.last_values = {}
            return MediumBot(self.seed).choose(view)
        self.last_values = {m: t / worlds for m, t in zip(moves, totals, strict=True)}
        best = max(range(len(moves)), key=lambda i: totals[i])
        tied = [i for i, total in enumerate(totals) if total >= totals[best] - 1e-9]
        if exact and len(tied) > 1 and world is not None:
            # The same result against perfect play: give a fallible opponent the most chances.
            chances = self._bounded(
                Searcher(world, self.max_plies or 99, greedy_side=1 - view.side), start
            )
            with suppress(OutOfTime):  # the budget spent: the best found first
                best = max(tied, key=lambda i: sign * _root(chances, view.seat, moves[i]))
        return moves[best]

    def setup(self, view: View, exact: bool) -> Plan:
        """The work of a decision on ``view`` (``exact``: a two-player last hand, its one world
        known): four players as ``team.py`` plans it, two as set here."""
        if view.rules.players == 4:
            plan = settings(view, self.samples, self.max_plies)
            return plan._replace(max_nodes=self.max_nodes) if self.nodes_given else plan
        max_plies = self.max_plies or 99
        # Before the last hand: the opponent cannot see this hand, so it is searched as a
        # greedy player rather than a clairvoyant one.
        greedy = 1 - view.side if self.greedy and not exact else None
        planned = SAMPLES if greedy is not None else CLAIRVOYANT_SAMPLES
        samples = 1 if exact else self.samples or planned

        def searcher_for(world: World) -> Searcher:
            return Searcher(world, max_plies, self.extra, greedy)

        return Plan(samples, searcher_for, self.max_nodes, (BETA, BETA), POOL)

    def evaluate(self, view: View) -> tuple[Move, dict[Move, float]]:
        """The move ``choose`` plays for ``view``, and every legal move's value as that same
        search found it: the side's expected points minus the other side's, over the same
        worlds (moves alike, laying 3♠ or 3♣, share a value; none if a budget stopped the search
        before its first world)."""
        move = self.choose(view)
        if view.phase == Phase.CUT:
            return move, dict(self.last_values)
        found = {_alike(known): value for known, value in self.last_values.items()}
        return move, {m: found[_alike(m)] for m in view.legal_moves() if _alike(m) in found}

    def _bounded(self, searcher: Searcher, start: float) -> Searcher:
        """``searcher``, stopped once ``budget_ms`` from ``start`` is spent (if there is one)."""
        if self.budget_ms is not None:
            searcher.stop_at(start + self.budget_ms / 1000, self.clock)
        return searcher

    def _over_budget(self, start: float, done: int) -> bool:
        """Whether one more world, at the mean cost of the ``done`` so far, would end past
        ``budget_ms`` (no world is started that would likely overrun it)."""
        if self.budget_ms is None:
            return False
        spent = (self.clock() - start) * 1000
        return spent + spent / done >= self.budget_ms

    def _pool_over_budget(self, start: float) -> bool:
        """Whether drawing the pool of an inference has taken half of ``budget_ms`` already."""
        return self.budget_ms is not None and (self.clock() - start) * 2000 >= self.budget_ms

    def _cut(self, view: View, start: float) -> Move:
        """Keep or expose the cut card: deal the rest many times and search the first hand."""
        assert view.cut_card is not None
        cut = view.cut_card.index
        players = view.rules.players
        max_plies = self.max_plies or (99 if players == 2 else 2)
        rest = [c.index for c in view.unseen()]
        rng = decision_rng(self.seed, view)
        sign = 1 if view.side == 0 else -1
        keep_total = expose_total = 0.0
        nodes = 0
        stats0 = pack_pile(view.piles[0], len(view.sweeps[0]))
        stats1 = pack_pile(view.piles[1], len(view.sweeps[1]))
        worlds = 0
        samples = self.cut_samples or CUT_SAMPLES
        if players == 4 and not self.cut_samples:
            samples = TEAM_CUT_SAMPLES  # four players: team.py's own
        for _ in range(samples):
            cards = rest[:]
            rng.shuffle(cards)
            deck = (cut, *cards)  # the deck as the engine deals it: the cut card on top
            values = [0.0, 0.0]  # keep, expose
            try:
                for keep in (True, False):
                    world = cut_world(deck, view.seat, players, keep, stats0, stats1)
                    if world is None:
                        continue  # the deal is void and redealt: worth nothing to either choice
                    searcher = self._bounded(Searcher(world, max_plies), start)
                    values[not keep] = sign * searcher.value(view.seat)
                    nodes += searcher.nodes
            except OutOfTime:
                break  # the budget is spent: this deal is left out
            keep_total += values[0]
            expose_total += values[1]
            worlds += 1
            if nodes >= self.max_nodes and worlds >= 4:
                break
            if self._over_budget(start, worlds):
                break
        self.last_worlds = worlds
        if not worlds:  # the budget was spent before a deal was searched
            self.last_values = {}
            return KEEP_MOVE
        self.last_values = {KEEP_MOVE: keep_total / worlds, EXPOSE_MOVE: expose_total / worlds}
        return KEEP_MOVE if keep_total >= expose_total else EXPOSE_MOVE


__all__ = ["CUT_SAMPLES", "HardBot"]
