"""The hard bot with four players: every other seat searched as the greedy player it is.

``search.HardBot`` hands its four-player decisions here (``settings``). In each world the bot
searches the rest of the current hand, every card of every hand, to its end (the deal's exact
score in the last hand). The bot's own seat plays its best; the other three seats cannot see the
hands the world gave them, so each replies as a good greedy player would (``Searcher._greedy``:
the medium bot's measure, softly, its replies less than ``UNLIKELY`` as likely as its best not
searched), its threat read from every hand it cannot see. The partner is such a player too: it
cooperates (its measure counts its own side's points) but it cannot see the bot's hand. 14
worlds, weighed by the plays seen as with two players (``infer.py``: the partner's plays say
something about its hand as the opponents' do); past ``MAX_NODES`` searched nodes no further
world is searched (at least 4 are), a deterministic cap for the first moves of a hand.

Measured against a medium pair, duplicate deals, seeds 1-300 (points per deal; differences
paired on the same seeds, 95% intervals; CPU p95 per move under a loaded machine):

- the old search (14 worlds, 5 plies, every seat at its best as if it saw every hand): +0.203 ±
  0.194, CPU p95 16 ms;
- the opponents as greedy players, 5 plies: +0.248 (+0.045 ± 0.200 over the old), p95 23 ms;
- and to the end of the deal once the stock is empty (the last hand exact but for the hidden
  cards): +0.468 (+0.265 ± 0.216), p95 91 ms;
- every other seat greedy, partner included, and the whole hand searched (``UNLIKELY`` 0.1):
  +0.627 (+0.423 ± 0.240 over the old, +0.158 ± 0.219 over the one before), p95 145 ms;
- the same with ``MAX_NODES`` 2,500 (fewer worlds for the costliest first moves of a hand): CPU
  p95 47-77 ms on a machine loaded 10-20 deep (the old search: 16 ms quiet, 22-24 ms there).

On fresh seeds (700001-700229 and 700401-700632, 462 duplicate deals; not the 800 planned, the
machine was loaded): +0.353 ± 0.166 per deal against a medium pair, CPU p95 75 ms under load.
A mixed partnership, this bot and a medium partner (``arena --partner medium``), seeds
700001-700400: +0.198 ± 0.165 against a medium pair.

Fresh seeds from 710001, variants paired on the same seeds against this bot as it is (machine
loaded 18-22 deep, so every CPU figure here is inflated; seeds 710001-710128 unless said):
this bot +0.520 ± 0.286 per deal (128 deals; CPU mean 22 ms, p95 64 ms, max 416 ms). Dropped:
uncapped (every move 14 worlds), -0.31 ± 0.91 (24 deals, CPU p95 130 ms, max 503 ms); 8 worlds
uncapped, -0.11 ± 0.63 (40 deals, p95 78 ms); the partner at its best (searched as seeing every
hand, only the opponents greedy), -0.15 ± 0.33 (128 deals, p95 70 ms); ``MAX_NODES`` 1,800,
-0.06 ± 0.22 (54 deals, p95 55.5 ms against 63.0 ms on those seeds). The cap is checked after
each world and at least 4 worlds are searched, so the first move of a hand sets the p95 and the
max (up to ~1,000 nodes a world there, ~56 nodes per CPU ms under that load). With a medium
partner, seeds 730001-730185: +0.365 ± 0.222 against a medium pair (185 deals). All fresh
deals of this bot so far (590): about +0.39 ± 0.14 per deal, short of the +0.6 aimed at.
The cut (keep or expose) is still decided by ``search.HardBot._cut``: the first two plies, every
seat at its best; not measured against a greedy model here.
"""

from __future__ import annotations

from collections.abc import Callable

from ..view import View
from .search import Searcher, World

SAMPLES = 14
UNLIKELY = 0.1  # a greedy seat's reply this much less likely than its best is not searched
MAX_NODES = 2_500
WHOLE_HAND = 12  # plies: a hand of four players is twelve cards


class TeamSearcher(Searcher):
    """``Searcher`` with the seats in ``greedy_seats`` played as greedy players."""

    unlikely = UNLIKELY

    def __init__(self, world: World, max_plies: int, greedy_seats: frozenset[int]) -> None:
        super().__init__(world, max_plies)
        self.greedy_seats = greedy_seats
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
) -> tuple[int, Callable[[World], Searcher], int]:
    """The worlds to search for a four-player decision, the searcher of each world, and the cap
    on searched nodes (past it, no further world is searched)."""
    plies = max_plies or WHOLE_HAND
    others = frozenset(seat for seat in range(4) if seat != view.seat)

    def searcher(world: World) -> Searcher:
        return TeamSearcher(world, plies, others)

    return samples or SAMPLES, searcher, MAX_NODES
