"""The hard bot with four players: the other seats searched as the greedy players they are.

``hard.HardBot`` hands its four-player decisions here (``settings``). In each world the bot
searches the rest of the current hand, every card of every hand, to its end (the deal's exact
score in the last hand). The bot's own seat plays its best; the other three seats cannot see the
hands the world gave them, so each plays as a good greedy player would (``Searcher._greedy``, the
medium bot's measure), its threat read from every hand it cannot see, and ``SURE``: it plays its
first best reply, as the medium bot does, rather than every reply near its best weighed by a
softmax. The partner is such a player too before the last hand: it cooperates (its measure
counts its own side's points) but it cannot see the bot's hand. In the deal's last hand, where
few cards are hidden and a searching partner all but sees them, the partner is searched at its
best (``PARTNER_BEST_LAST``), and each world is searched twice (``BOTH_MODELS_LAST``): with the
opponents greedy and with them at their best, each move worth the sum, as if the opponents were
players between a greedy one and one who sees every hand. 56 worlds before the last hand
(``SAMPLES_BEFORE``), 28 in it (``SAMPLES``), weighed by the plays seen (``infer.py``): the
partner's as with two players, the opponents' near-exactly (``OPPONENT_BETA``: a greedy
player's play that was not its best is all but ruled out). But once an opponent's play in the
deal's finished hands (their cards then all known) was not a greedy player's best, they are no
greedy players and their plays are not read (``READ_ONLY_GREEDY_LAST`` in the last hand,
``READ_ONLY_GREEDY_BEFORE`` in the hands before). Past twice ``MAX_NODES`` searched nodes
(before the last hand twice the worlds, in it two searches a world) no further world is
searched (at least 4 are), a deterministic cap for crowded tables. The cut (keep or expose) is
decided by ``hard.HardBot._cut``: the first two plies, every seat at its best. ``SURE`` models
the medium bot exactly (its measure, its first best reply): against people, who break ties
otherwise, it is a model, not a reading. Every variant measured: ``docs/bots-experiments.md``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..kernel import next_hand, partner
from ..view import View
from .core import VALUE, chances
from .infer import BETA, opponents_greedy
from .search import Searcher
from .worlds import POOL as PLAIN_POOL
from .worlds import World

SAMPLES = 28  # worlds in the deal's last hand
SAMPLES_BEFORE = 56  # worlds before it: twice as many paid against the peers (eleventh round)
SURE = True  # a greedy seat plays its first best reply (``Searcher.sure``), not a softmax
MAX_NODES = 2_500
CUT_SAMPLES = 24  # deals of the rest of the deck for a cut (``hard.HardBot._cut``)
POOL = PLAIN_POOL
# The inference's sharpness (``infer.py``); 0: not read. The opponents' plays read near-exactly
# (they are greedy players), the partner's as the two-player bot reads an opponent's.
PARTNER_BETA, OPPONENT_BETA = BETA, 200.0
PARTNER_BEST_LAST = True  # in the deal's last hand the partner is searched at its best
BOTH_MODELS_LAST = True  # in the last hand, the opponents greedy and at their best, summed
# The opponents' plays read only if all they played in the finished hands was greedy: in the
# last hand, and in the hands before it.
READ_ONLY_GREEDY_LAST = True
READ_ONLY_GREEDY_BEFORE = True
WHOLE_HAND = 12  # plies: a hand of four players is twelve cards


class TeamSearcher(Searcher):
    """``Searcher`` with the seats in ``greedy_seats`` played as greedy players."""

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
        table: int,
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
                size = len(hands[self.next_seats[seat]]) or next_hand(stock)
                found = chances(counts, size)
            self._threats[key] = found
        return found


class BothModels(TeamSearcher):
    """``TeamSearcher`` whose root moves are worth the sum of two searches of its world: with
    ``greedy_seats`` greedy, and with every seat at its best (the nodes of both counted). The
    second search's greedy seats (``second``) and its weight in the sum (``weight``) are
    attributes for the experiments' variants (``tools/bot_variants.py``)."""

    second: frozenset[int] = frozenset()
    weight = 1.0

    def root(self, seat: int, card: int, group: tuple[int, ...]) -> float:
        planned = self.greedy_seats
        first = super().root(seat, card, group)
        self.greedy_seats = self.second
        try:
            return first + self.weight * super().root(seat, card, group)
        finally:
            self.greedy_seats = planned


class Plan(NamedTuple):
    """How ``hard.HardBot`` decides a move (``HardBot.setup``; four players: ``settings``)."""

    samples: int  # worlds searched
    searcher: Callable[[World], Searcher]  # the search of one world
    max_nodes: int  # past this many searched nodes, no further world is searched
    betas: tuple[float, float]  # the inference's sharpness for the partner's plays, the opponents'
    pool: int  # worlds drawn per world searched, when plays seen weigh them


def settings(view: View, samples: int | None, max_plies: int | None) -> Plan:
    """The plan of a four-player decision for ``view``."""
    plies = max_plies or WHOLE_HAND
    best = (
        {view.seat, partner(view.seat, 4)}
        if PARTNER_BEST_LAST and not view.stock_count
        else {view.seat}
    )
    others = frozenset(seat for seat in range(4) if seat not in best)
    both = BOTH_MODELS_LAST and not view.stock_count

    def searcher(world: World) -> Searcher:
        return (BothModels if both else TeamSearcher)(world, plies, others)

    # Twice the nodes: before the last hand for twice the worlds, in it for two searches a world.
    max_nodes = 2 * MAX_NODES
    checked = READ_ONLY_GREEDY_BEFORE if view.stock_count else READ_ONLY_GREEDY_LAST
    unread = checked and not opponents_greedy(view)
    betas = (PARTNER_BETA, 0.0 if unread else OPPONENT_BETA)  # (0: not read)
    planned = SAMPLES_BEFORE if view.stock_count else SAMPLES
    return Plan(samples or planned, searcher, max_nodes, betas, POOL)
