"""The hard bot with four players: who plays what in its worlds, and how far it looks.

``search.HardBot`` hands its four-player decisions here (``settings``): how many worlds, which
horizon, and which seats are searched as greedy players (``TeamSearcher``) rather than as
clairvoyant ones. The defaults are the old four-player search: 14 worlds, 5 plies, every seat at
its best.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..view import View
from .search import Searcher, World


@dataclass
class TeamPlan:
    """The knobs of the four-player search (module defaults are the measured best)."""

    samples: int = 14
    max_plies: int = 5
    last_plies: int = 5  # horizon once the stock is empty
    opponents: str = "max"  # "max": clairvoyant alpha-beta; "greedy": the medium measure
    partner: str = "max"
    unlikely: float = 1e-3


PLAN = TeamPlan()


class TeamSearcher(Searcher):
    """``Searcher`` with some seats (``greedy_seats``) played as greedy players."""

    def __init__(self, world: World, max_plies: int, greedy_seats: frozenset[int]) -> None:
        super().__init__(world, max_plies)
        self.greedy_seats = greedy_seats
        self.unlikely = PLAN.unlikely
        self._threats: dict[tuple[tuple[tuple[int, ...], ...], int, int], list[float]] = {}

    def _node(
        self,
        hands: tuple[tuple[int, ...], ...],
        seat: int,
        table: tuple[int, ...],
        stock: tuple[int, ...],
        s0: int,
        s1: int,
        last: int,
        remaining: int,
        depth: int,
        alpha: float,
        beta: float,
    ) -> float:
        if seat in self.greedy_seats:
            return self._greedy(hands, seat, table, stock, s0, s1, last, remaining, depth)
        return super()._node(hands, seat, table, stock, s0, s1, last, remaining, depth, alpha, beta)

    def _threat(
        self, hands: tuple[tuple[int, ...], ...], seat: int, stock: tuple[int, ...]
    ) -> list[float]:
        key = (hands, seat, len(stock))
        found = self._threats.get(key)
        if found is None:
            found = self._threats[key] = super()._threat(hands, seat, stock)
        return found


def settings(
    view: View, samples: int | None, max_plies: int | None
) -> tuple[int, Callable[[World], Searcher]]:
    """The worlds to search for a four-player decision and the searcher of each world."""
    plan = PLAN
    last = view.stock_count == 0
    plies = max_plies or (plan.last_plies if last else plan.max_plies)
    greedy = set()
    if plan.opponents == "greedy":
        greedy |= {(view.seat + 1) % 4, (view.seat + 3) % 4}
    if plan.partner == "greedy":
        greedy.add((view.seat + 2) % 4)
    seats = frozenset(greedy)

    def searcher(world: World) -> Searcher:
        return TeamSearcher(world, plies, seats)

    return samples or plan.samples, searcher
