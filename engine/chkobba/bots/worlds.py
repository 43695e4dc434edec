"""The worlds: full deal states on int cards, dealt from what a view cannot see.

A bot cannot see the other hands nor the stock. A *world* is one way those hidden cards could lie
(a determinization), dealt at random consistently with the view (``Sampler``), or weighed by what
the other seats' plays in the current hand say about their hands (``weighed_worlds``, with
``infer.py``); a cut's worlds are the deck dealt as the engine deals it (``cut_world``). Every
bot's randomness comes from ``decision_rng``: the same seed and the same view give the same move.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from math import exp

from ..cardsets import BITS, bits_of
from ..kernel import cutter, deal_layout, needs_redeal, side
from ..view import View
from .core import ints, pack_pile
from .infer import BETA, Inference

POOL = 12  # worlds drawn per world searched, when the plays seen weigh them


class World:
    """One full deal state on int cards (a determinization, or a hand-made exact position): the
    hands sorted tuples of cards, the table a card set."""

    __slots__ = ("first", "hands", "last", "players", "stats0", "stats1", "stock", "table")

    def __init__(
        self,
        hands: tuple[tuple[int, ...], ...],
        table: int,
        stats0: int,
        stats1: int,
        last: int,
        stock: tuple[int, ...],
        first: int,
    ) -> None:
        self.hands = hands
        self.table = table  # a card set
        self.stats0 = stats0
        self.stats1 = stats1
        self.last = last  # side of the last capturer, or -1
        self.stock = stock
        self.first = first  # seat that leads each hand
        self.players = len(hands)


# ---------------------------------------------------------------- worlds from a view


def _view_key(view: View) -> str:
    return "|".join(
        (
            str(view.seat),
            str(view.deal_number),
            ",".join(map(str, view.scores)),
            "".join(c.code for c in view.hand),
            "".join(c.code for c in view.table),
            "/".join("".join(c.code for c in p) for p in view.piles),
            ",".join(map(str, view.hand_sizes)),
            str(view.stock_count),
            str(view.cut_card),
        )
    )


def decision_rng(seed: int, view: View) -> random.Random:
    """A generator fixed by the bot's seed and what the view shows (same view, same choice)."""
    return random.Random(f"{seed}|{_view_key(view)}")


class Sampler:
    """Deals the cards a view cannot see at random into the other hands and the stock: what a
    view fixes (its hand, the table, the piles) is read once, then each draw is one shuffle."""

    def __init__(self, view: View, hidden: list[int]) -> None:
        self.hidden = hidden
        self.seat = view.seat
        self.own = ints(view.hand)
        self.sizes = view.hand_sizes
        self.stock_count = view.stock_count
        self.table = bits_of(view.table)
        self.stats0 = pack_pile(view.piles[0], len(view.sweeps[0]))
        self.stats1 = pack_pile(view.piles[1], len(view.sweeps[1]))
        self.last = -1 if view.last_capturer is None else side(view.last_capturer)
        self.first = cutter(view.dealer, view.rules.players)

    def deal(self, rng: random.Random) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """The hands and the stock of one random deal of the hidden cards."""
        cards = self.hidden[:]
        rng.shuffle(cards)
        hands = []
        position = 0
        for seat, size in enumerate(self.sizes):
            if seat == self.seat:
                hands.append(self.own)
            else:
                hands.append(tuple(sorted(cards[position : position + size])))
                position += size
        return tuple(hands), tuple(cards[position : position + self.stock_count])

    def world(self, hands: tuple[tuple[int, ...], ...], stock: tuple[int, ...]) -> World:
        return World(hands, self.table, self.stats0, self.stats1, self.last, stock, self.first)


def sample_world(view: View, hidden: list[int], rng: random.Random) -> World:
    """Deal the cards ``view`` cannot see at random into the other hands and the stock."""
    sampler = Sampler(view, hidden)
    return sampler.world(*sampler.deal(rng))


def cut_world(
    deck: tuple[int, ...], cut_seat: int, players: int, keep: bool, stats0: int, stats1: int
) -> World | None:
    """The deal of ``deck`` (top first, the cut card on top) once the cut card is kept or
    exposed, as the engine deals it; ``None`` when it is void and redealt."""
    layout, table_positions, dealt = deal_layout(players, cut_seat, keep)
    table = sum(BITS[deck[i]] for i in table_positions)
    if needs_redeal(table):
        return None
    hands = tuple([tuple(sorted([deck[i] for i in hand])) for hand in layout])
    return World(hands, table, stats0, stats1, -1, deck[dealt:], cut_seat)


def weighed_worlds(
    view: View,
    hidden: list[int],
    samples: int,
    rng: random.Random,
    pool_spent: Callable[[], bool],
    betas: tuple[float, float] = (BETA, BETA),
    pool_size: int = POOL,
) -> Iterator[tuple[World, int]]:
    """The worlds to search, each with its weight (how many of the ``samples`` it stands for).

    Without plays by others in this hand, plain samples. Otherwise a pool of samples is drawn
    (fewer once ``pool_spent()``: half the time budget is spent) and ``samples`` of them are
    picked in proportion to how well they explain those plays.
    """
    inference = Inference(view, betas) if samples > 1 else None
    sampler = Sampler(view, hidden)
    if inference is None or not inference.plays:
        for _ in range(samples):
            yield sampler.world(*sampler.deal(rng)), 1
        return
    pool = []
    logs = []
    for drawn in range(1, samples * pool_size + 1):
        deal = sampler.deal(rng)
        pool.append(deal)
        logs.append(inference.log_weight(deal[0]))
        if drawn % samples == 0 and pool_spent():
            break
    top = max(logs)
    picks = Counter(rng.choices(range(len(pool)), [exp(x - top) for x in logs], k=samples))
    for index, count in picks.items():
        yield sampler.world(*pool[index]), count


__all__ = [
    "POOL",
    "Sampler",
    "World",
    "cut_world",
    "decision_rng",
    "sample_world",
    "weighed_worlds",
]
