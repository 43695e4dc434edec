"""The hard bot with four players: every other seat searched as the greedy player it is.

``search.HardBot`` hands its four-player decisions here (``settings``). In each world the bot
searches the rest of the current hand, every card of every hand, to its end (the deal's exact
score in the last hand). The bot's own seat plays its best; the other three seats cannot see the
hands the world gave them, so each plays as a good greedy player would (``Searcher._greedy``, the
medium bot's measure), its threat read from every hand it cannot see, and ``SURE``: it plays its
first best reply, as the medium bot does, rather than every reply near its best weighed by a
softmax. The partner is such a player too: it cooperates (its measure counts its own side's
points) but it cannot see the bot's hand. 28 worlds, weighed by the plays seen as with two
players (``infer.py``); past ``MAX_NODES`` searched nodes no further world is searched (at least
4 are), a deterministic cap for crowded tables.

Measured against a medium pair, duplicate deals (points per deal; differences paired on the same
seeds, 95% intervals; CPU p95 per move from the arena, the machine loaded 1-10 deep):

- the old search (14 worlds, 5 plies, every seat at its best as if it saw every hand), seeds
  1-300: +0.203 ± 0.194; the opponents greedy, 5 plies, +0.248; to the end of the deal once the
  stock is empty, +0.468; every other seat greedy (softmax, ``UNLIKELY`` 0.1) and the whole hand
  searched, +0.627; with ``MAX_NODES`` 2,500, on fresh seeds (590 deals from 700001, 710001,
  730001): about +0.39 ± 0.14, CPU p95 63-75 ms.
- Where the nodes went: a greedy seat with nothing to take lays any dull card at exactly the same
  worth, and the softmax searched every such tie (a third of the greedy nodes had 2 replies or
  more): ~650 nodes a world at a hand's first move, so the cap cut it to 4-6 worlds.
- ``SURE`` (the first best reply only), seeds 40001-40160: +0.512 against +0.103 for the softmax
  bot (+0.409 ± 0.325 paired), CPU p95 21.9 ms (~53 nodes a world at a hand's first move); with
  28 worlds instead of 14, +0.766 (+0.253 ± 0.341 over 14), CPU p95 50.4 ms at load 10.
- This bot (``SURE``, 28 worlds): seeds 41001-41240 +0.577 ± 0.211, 42001-42400 +0.463 ±
  0.166; fresh seeds 960001-960800, never tuned on: **+0.510 ± 0.118** (CPU mean 15.6 ms, p95
  39.7 ms). In Pyodide (``build.py bottime -- --players 4``, the page's 150 ms budget, quiet
  machine): p95 52 ms, max 88 ms (CPython p95 35 ms).
- Dropped, paired against this bot: the bot's own later moves greedy too and 40 worlds, -0.087 ±
  0.280 (41001-41240, p95 52.8 ms); ``search.POOL`` 6 instead of 12, -0.102 ± 0.255 (p95 42.3
  ms against 47.2). Undecided, not adopted: the inference sharper (``infer.BETA``, shared with
  the two-player bot, 60 instead of 20), +0.129 ± 0.219 (41001-41240) and +0.039 ± 0.174
  (42001-42400); ``infer.BETA`` 200, +0.046 ± 0.175 (42001-42400). The cut by this search of
  the first hand (others greedy) changes 10 of 59 first cuts and costs ~86 ms a cut; not
  measured in the arena, not adopted.
- A mixed partnership, this bot and a medium partner (``arena --partner medium``), fresh
  seeds 970001-970250: +0.558 ± 0.189 against a medium pair (CPU p95 43 ms).

Dropped earlier (softmax bot, seeds 710001-710128): uncapped 14 worlds, 8 worlds, the partner at
its best (searched as seeing every hand), ``MAX_NODES`` 1,800: none better.
The cut (keep or expose) is still decided by ``search.HardBot._cut``: the first two plies, every
seat at its best. ``SURE`` models the medium bot exactly (its measure, its first best reply):
against people, who break ties otherwise, it is a model, not a reading.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..kernel import HAND_SIZE
from ..view import View
from .core import VALUE, chances
from .infer import BETA
from .search import POOL as PLAIN_POOL
from .search import Searcher, World

SAMPLES = 32
SURE = True  # a greedy seat plays its first best reply (``Searcher.sure``), not a softmax
UNLIKELY = 0.1  # with ``SURE`` off: a reply this much less likely than the best is not searched
MAX_NODES = 2_500
CUT_SAMPLES = 24  # deals of the rest of the deck for a cut (``search.HardBot._cut``)
POOL = PLAIN_POOL
PARTNER_BETA = OPPONENT_BETA = BETA  # the inference's sharpness (``infer.py``); 0: not read
WHOLE_HAND = 12  # plies: a hand of four players is twelve cards


class TeamSearcher(Searcher):
    """``Searcher`` with the seats in ``greedy_seats`` played as greedy players."""

    unlikely = UNLIKELY
    sure = SURE

    def __init__(self, world: World, max_plies: int, greedy_seats: frozenset[int]) -> None:
        super().__init__(world, max_plies)
        self.greedy_seats = greedy_seats
        self._threats: dict[tuple[tuple[tuple[int, ...], ...], int, int], list[float]] = {}
        self._stock_counts = [0] * 11  # the world's stock by value (a hand's search keeps it)
        for card in world.stock:
            self._stock_counts[VALUE[card]] += 1

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
            if stock is not self.world.stock:
                found = super()._threat(hands, seat, stock)
            else:  # ``Searcher._threat``, the stock's counts read once
                counts = self._stock_counts[:]
                for other, cards in enumerate(hands):
                    if other != seat:
                        for card in cards:
                            counts[VALUE[card]] += 1
                size = len(hands[self.next_seats[seat]]) or (HAND_SIZE if stock else 0)
                found = chances(counts, size)
            self._threats[key] = found
        return found


class Plan(NamedTuple):
    """How ``search.HardBot`` decides a four-player move."""

    samples: int  # worlds searched
    searcher: Callable[[World], Searcher]  # the search of one world
    max_nodes: int  # past this many searched nodes, no further world is searched
    betas: tuple[float, float]  # the inference's sharpness for the partner's plays, the opponents'
    pool: int  # worlds drawn per world searched, when plays seen weigh them


def settings(view: View, samples: int | None, max_plies: int | None) -> Plan:
    """The plan of a four-player decision for ``view``."""
    plies = max_plies or WHOLE_HAND
    others = frozenset(seat for seat in range(4) if seat != view.seat)

    def searcher(world: World) -> Searcher:
        return TeamSearcher(world, plies, others)

    return Plan(samples or SAMPLES, searcher, MAX_NODES, (PARTNER_BETA, OPPONENT_BETA), POOL)
