"""The peers' algorithm: a sparring partner of another design than the hard bot.

The strongest open Scopa bots (vlvovch/scopa-ai's "Esperto", quentinved/scopa's hard level,
Tartaluca21/scopa-engine) share one design, written here plainly for this profile and measured
against in the arena (``arena hard peer``):

- deal the cards it cannot see at random, ``SAMPLES`` times, uniformly (no reading of the plays);
- in each deal, alpha-beta with every seat at its best (minimax between the sides), ``PLIES``
  plies deep, on into the next hand dealt from that deal's stock;
- once the stock is empty (the deal's last hand), the rest of the deal solved exactly;
- each move's value averaged over the deals, the best mean played.

Its evaluation at the horizon is its own (``evaluate``): each category's expected value from the
counts so far, with the rest of its cards split by a fair coin (a normal approximation: ``erf``),
the 7♦ and the chkobbas as they stand, and a table the next mover could sweep, or whose 7♦ it
could take, priced by whether (mid-hand) or how likely (at a hand's end) it holds the card. The
cut is decided the same way: the deck dealt ``SAMPLES`` times for keep and for expose, each
searched ``PLIES`` deep. The rules come from the kernel (``play_card``, ``next_hand``,
``hand_layout``, ``leftovers_side``, ``sweepable``). No clock: the same seed and view give the
same move.
"""

from __future__ import annotations

from math import erf, sqrt

from ..cardsets import BITS, HAYYA_BIT, bits_of, cards_of
from ..kernel import (
    DEAL_OVER,
    SEAT_SIDE,
    Phase,
    hand_layout,
    leftovers_side,
    next_hand,
    next_seat,
    play_card,
    sweepable,
)
from ..moves import EXPOSE_MOVE, KEEP_MOVE, Move
from ..view import View
from .core import SWEEP, VALUE, Child, children, final_diff, pack_pile, packed, unpack
from .worlds import Sampler, World, cut_world, decision_rng

SAMPLES = 12  # deals of the unseen cards per decision
PLIES = 6  # search depth before the last hand
SWEEP_RISK = 1.3  # a table the next mover sweeps: its chkobba and a little of the cards
HAYYA_RISK = 1.2  # a 7♦ left on the table the next mover takes with a seven
INF = float("inf")


def _majority(mine: int, theirs: int, total: int) -> float:
    """Expected point (1 won, -1 lost) of "more than half of ``total``" from the counts so far,
    the rest split by a fair coin: a normal approximation."""
    if 2 * mine > total:
        return 1.0
    if 2 * theirs > total:
        return -1.0
    left = total - mine - theirs
    if not left:
        return 0.0
    return erf((mine - theirs) / sqrt(2.0 * left))


def _bermila(s0: int, s1: int, x0: int, x1: int) -> float:
    """Expected bermila: most sevens, or, sevens even, most sixes."""
    sevens = _majority(s0, s1, 4)
    if s0 + s1 == 4 and s0 == s1:
        return _majority(x0, x1, 4)
    return sevens + (1.0 - abs(sevens)) * _majority(x0, x1, 4)


def piles_value(stats0: int, stats1: int) -> float:
    """Expected deal points of side 0 minus side 1 from the piles so far."""
    c0, d0, s0, x0, h0, w0 = unpack(stats0)
    c1, d1, s1, x1, h1, w1 = unpack(stats1)
    return (
        _majority(c0, c1, 40)
        + _majority(d0, d1, 10)
        + _bermila(s0, s1, x0, x1)
        + (h0 - h1)
        + (w0 - w1)
    )


_TOTALS: dict[int, int] = {}


def _table_total(table: int) -> int:
    total = _TOTALS.get(table)
    if total is None:
        total = _TOTALS[table] = sum(card.value for card in cards_of(table))
    return total


def evaluate(stats0: int, stats1: int, table: int, mover: int, holds: list[float]) -> float:
    """The horizon's worth for side 0 minus side 1: the piles, and what ``mover`` (the seat to
    play next, holding value ``v`` with chance ``holds[v]``) could do to ``table``."""
    value = piles_value(stats0, stats1)
    if not table:
        return value
    risk = 0.0
    total = _table_total(table)
    if sweepable(total):
        risk = SWEEP_RISK * holds[total]
    elif table & HAYYA_BIT:
        risk = HAYYA_RISK * holds[7]
    return value - risk if SEAT_SIDE[mover] else value + risk


def _holds_hand(hand: tuple[int, ...]) -> list[float]:
    held = [0.0] * 11
    for card in hand:
        held[VALUE[card]] = 1.0
    return held


def _holds_stock(stock: tuple[int, ...]) -> list[float]:
    """Chance that a hand dealt from ``stock`` holds each value (one card at a time, roughly)."""
    size = next_hand(stock)
    counts = [0] * 11
    for card in stock:
        counts[VALUE[card]] += 1
    n = len(stock)
    out = [0.0] * 11
    for value, count in enumerate(counts):
        miss = 1.0
        for i in range(size):
            miss *= max(0.0, (n - count - i) / (n - i)) if n > i else 0.0
        out[value] = 1.0 - miss
    return out


class PeerSearch:
    """Minimax with alpha-beta over one dealt world (``World``), side 0 maximising."""

    def __init__(self, world: World, plies: int) -> None:
        self.world = world
        self.players = world.players
        self.plies = plies
        self.nodes = 0

    def root(self, seat: int, card: int, taken: int) -> float:
        """Value (side 0 minus side 1) of ``seat`` playing ``card`` (an index) taking ``taken``."""
        w = self.world
        rest = tuple(c for c in w.hands[seat] if c != card)
        only = (rest, BITS[card], taken, 0)
        return self._node(
            w.hands, seat, w.table, w.stock, w.stats0, w.stats1, w.last, 0, -INF, INF, only
        )

    def value(self, seat: int) -> float:
        """Value of the world with ``seat`` to play."""
        w = self.world
        return self._node(w.hands, seat, w.table, w.stock, w.stats0, w.stats1, w.last, 0, -INF, INF)

    def _node(
        self,
        hands: tuple[tuple[int, ...], ...],
        seat: int,
        table: int,
        stock: tuple[int, ...],
        s0: int,
        s1: int,
        last: int,
        depth: int,
        alpha: float,
        beta: float,
        only: Child | None = None,
    ) -> float:
        """``seat`` to play (``only``: that play alone): the best value for its side."""
        self.nodes += 1
        side = SEAT_SIDE[seat]
        best = INF if side else -INF
        nxt = next_seat(seat, self.players)
        remaining = sum(len(h) for h in hands) - 1
        depth += 1
        new_hands = list(hands)
        for rest, card, taken, _gain in children(hands[seat], table) if only is None else (only,):
            left, won, chkobba, after = play_card(table, card, taken, nxt, remaining, stock)
            a, b, taker = s0, s1, last
            if won:
                taker = side
                gain = packed(won) + (SWEEP if chkobba else 0)
                a, b = (a, b + gain) if side else (a + gain, b)
            new_hands[seat] = rest
            played = tuple(new_hands)
            value = self._after(played, after, left, stock, a, b, taker, depth, alpha, beta)
            if side:
                if value < best:
                    best = value
                    beta = min(beta, value)
            elif value > best:
                best = value
                alpha = max(alpha, value)
            if alpha >= beta:
                break
        return best

    def _after(
        self,
        hands: tuple[tuple[int, ...], ...],
        after: int,
        table: int,
        stock: tuple[int, ...],
        s0: int,
        s1: int,
        last: int,
        depth: int,
        alpha: float,
        beta: float,
    ) -> float:
        """Once a card is played: the deal's exact score, the next hand, the horizon (before the
        last hand) or ``after`` to play."""
        if after == DEAL_OVER:
            side = leftovers_side(table, None if last < 0 else last)
            if side == 1:
                s1 += packed(table)
            elif side == 0:
                s0 += packed(table)
            return final_diff(s0, s1)
        horizon = depth >= self.plies and bool(self.world.stock)
        if after < 0:  # the hand is over: the next hand from this world's stock
            first = self.world.first
            if horizon:
                return evaluate(s0, s1, table, first, _holds_stock(stock))
            layout, _, size = hand_layout(self.players, first)
            dealt = tuple([tuple(sorted([stock[i] for i in seats])) for seats in layout])
            return self._node(dealt, first, table, stock[size:], s0, s1, last, depth, alpha, beta)
        if horizon:
            return evaluate(s0, s1, table, after, _holds_hand(hands[after]))
        return self._node(hands, after, table, stock, s0, s1, last, depth, alpha, beta)


class PeerBot:
    """The peers' algorithm: see the module's text."""

    level = "peer"

    def __init__(self, seed: int = 1, samples: int = SAMPLES, plies: int = PLIES) -> None:
        self.seed = seed
        self.samples = samples
        self.plies = plies

    def choose(self, view: View) -> Move:
        legal = view.legal_moves()
        if not legal:
            raise ValueError(f"seat {view.seat} has no move to make now (phase {view.phase})")
        if view.phase == Phase.CUT:
            return self._cut(view)
        if len(legal) == 1:
            return legal[0]
        totals = self.values(view, legal)
        return legal[max(range(len(legal)), key=lambda i: totals[i])]

    def values(self, view: View, legal: list[Move]) -> list[float]:
        """Each of the ``legal`` card plays' value for the seat's side, summed over the
        ``samples`` deals (the side's points minus the other side's)."""
        rng = decision_rng(self.seed, view)
        sampler = Sampler(view, [c.index for c in view.unseen()])
        sign = 1 if view.side == 0 else -1
        totals = [0.0] * len(legal)
        for _ in range(self.samples):
            search = PeerSearch(sampler.world(*sampler.deal(rng)), self.plies)
            for i, move in enumerate(legal):
                assert move.card is not None
                totals[i] += sign * search.root(view.seat, move.card.index, bits_of(move.captures))
        return totals

    def _cut(self, view: View) -> Move:
        """Keep or expose: the rest of the deck dealt ``samples`` times, each searched."""
        assert view.cut_card is not None
        rest = [c.index for c in view.unseen()]
        rng = decision_rng(self.seed, view)
        sign = 1 if view.side == 0 else -1
        stats0 = pack_pile(view.piles[0], len(view.sweeps[0]))
        stats1 = pack_pile(view.piles[1], len(view.sweeps[1]))
        totals = [0.0, 0.0]  # keep, expose
        for _ in range(self.samples):
            cards = rest[:]
            rng.shuffle(cards)
            for keep in (True, False):
                deck = (view.cut_card.index, *cards)
                world = cut_world(deck, view.seat, view.rules.players, keep, stats0, stats1)
                if world is not None:
                    totals[not keep] += sign * PeerSearch(world, self.plies).value(view.seat)
        return KEEP_MOVE if totals[0] >= totals[1] else EXPOSE_MOVE


__all__ = ["PLIES", "SAMPLES", "PeerBot", "PeerSearch", "evaluate", "piles_value"]
