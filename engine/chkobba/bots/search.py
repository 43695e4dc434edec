"""The search of one world: alpha-beta to the end of the current hand (or a horizon).

``Searcher`` plays every card of every hand of a ``World`` (``worlds.py``) and scores the horizon
with the expected deal points of the piles plus the threat the next player poses to the table (the
deal's exact score once the deal ends). The seats of ``greedy_side`` play as a good greedy player
who cannot see the other hands would (the medium bot's measure, softly); the others play their
best. Each card is played by the kernel's ``play_card`` and each next hand dealt by its
``next_hand`` and ``hand_layout``; ``tests/test_lockstep.py`` plays the search's steps against
``Game``. The hard bot (``hard.py``) averages it over many worlds.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from math import exp

from ..cardsets import BITS
from ..kernel import (
    DEAL_OVER,
    SEAT_SIDE,
    hand_layout,
    leftovers_side,
    next_hand,
    next_seat,
    play_card,
)
from .core import (
    SWEEP,
    VALUE,
    children,
    final_diff,
    holding_chances,
    horizon_value,
    packed,
    pile_gain,
)
from .infer import BETA, greedy_value
from .worlds import World

INF = float("inf")
UNLIKELY = 1e-3  # a greedy player's reply this much less likely than its best is not searched
CLOCK_NODES = 64  # with a deadline, a search reads the clock every this many nodes
NEVER = 1 << 62  # the node count of a search without a deadline never reaches it


class OutOfTime(Exception):
    """A search reached its deadline (``Searcher.stop_at``): its world is left unfinished."""


class Searcher:
    """Alpha-beta over one world, to the end of the current hand (or ``max_plies``).

    With ``greedy_side`` set (0 or 1), that side's seats do not play their best: they play as a
    greedy player would (the medium bot's measure, softly: ``infer.BETA``), and a node of theirs
    is worth the expected value of their replies (those at least ``unlikely`` times as likely as
    their best).
    """

    unlikely = UNLIKELY
    sure = False  # a greedy player's first best reply only (as the medium bot plays), not a softmax

    def __init__(
        self, world: World, max_plies: int, extra: int = 0, greedy_side: int | None = None
    ) -> None:
        self.world = world
        self.greedy_side = greedy_side
        self.players = world.players
        self.next_seats = tuple(next_seat(seat, self.players) for seat in range(self.players))
        remaining = sum(len(h) for h in world.hands)
        # The horizon: the end of the current hand and ``extra`` plies into the next, at most
        # ``max_plies`` from the root.
        self.max_plies = min(max_plies, remaining + extra)
        self.nodes = 0
        self._check_at = NEVER  # the node count at which the clock is read next
        self._deadline = INF
        self._clock: Callable[[], float] = time.perf_counter
        self._p_next: dict[int, list[float]] = {}

    def stop_at(self, deadline: float, clock: Callable[[], float]) -> None:
        """Raise ``OutOfTime`` from the search once ``clock()`` reaches ``deadline`` (the clock
        is read every ``CLOCK_NODES`` nodes)."""
        self._deadline = deadline
        self._clock = clock
        self._check_at = self.nodes + CLOCK_NODES

    def _check_clock(self) -> None:
        if self._clock() >= self._deadline:
            raise OutOfTime
        self._check_at = self.nodes + CLOCK_NODES

    def p_next_hand(self, stock: tuple[int, ...]) -> list[float]:
        """Chance that the player leading the next hand holds each value (a hand from ``stock``)."""
        found = self._p_next.get(len(stock))
        if found is None:
            found = self._p_next[len(stock)] = holding_chances(stock, next_hand(stock))
        return found

    def root(self, seat: int, card: int, group: tuple[int, ...]) -> float:
        """Value (side 0 minus side 1) after ``seat`` plays ``card`` taking ``group``."""
        w = self.world
        hands = list(w.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        remaining = sum(len(h) for h in hands)
        taken = sum(BITS[c] for c in group)
        left, won, chkobba, after = play_card(
            w.table, BITS[card], taken, self.next_seats[seat], remaining, w.stock
        )
        s0, s1, last = w.stats0, w.stats1, w.last
        if won:
            last = SEAT_SIDE[seat]
            if last:
                s1 += pile_gain(won, chkobba)
            else:
                s0 += pile_gain(won, chkobba)
        return self._after(
            tuple(hands), after, left, w.stock, s0, s1, last, remaining, 1, -INF, INF
        )

    def value(self, seat: int) -> float:
        """Value of the world with ``seat`` to play (both sides at their best)."""
        w = self.world
        remaining = sum(len(h) for h in w.hands)
        return self._node(
            w.hands, seat, w.table, w.stock, w.stats0, w.stats1, w.last, remaining, 0, -INF, INF
        )

    def _after(
        self,
        hands: tuple[tuple[int, ...], ...],
        after: int,
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
        """The position once a card is played: ``after`` (``play_card``'s next seat) to play."""
        if after < 0:
            return self._hand_end(after, table, stock, s0, s1, last, depth, alpha, beta)
        if depth >= self.max_plies:
            return self._cutoff(hands[after], after, table, s0, s1)
        return self._node(hands, after, table, stock, s0, s1, last, remaining, depth, alpha, beta)

    def _hand_end(
        self,
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
        """Every hand is empty (``after``: ``NEW_HAND`` or ``DEAL_OVER``): the next hand dealt,
        the horizon, or the deal's exact score."""
        if after == DEAL_OVER:
            side = leftovers_side(table, None if last < 0 else last)
            if side is not None:
                if side:
                    s1 += packed(table)
                else:
                    s0 += packed(table)
            return final_diff(s0, s1)
        first = self.world.first
        if depth >= self.max_plies:
            return horizon_value(s0, s1, table, SEAT_SIDE[first], self.p_next_hand(stock))
        # deal the next hand from this world's stock, as the engine does
        layout, _, size = hand_layout(self.players, first)
        dealt = tuple([tuple(sorted([stock[i] for i in positions])) for positions in layout])
        rest = stock[size:]
        return self._node(dealt, first, table, rest, s0, s1, last, size, depth, alpha, beta)

    def _cutoff(self, held: tuple[int, ...], mover: int, table: int, s0: int, s1: int) -> float:
        """The horizon in the middle of a hand: ``mover`` (holding ``held``) plays next."""
        p_value = [0.0] * 11
        for card in held:
            p_value[VALUE[card]] = 1.0
        return horizon_value(s0, s1, table, SEAT_SIDE[mover], p_value)

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
        side = SEAT_SIDE[seat]
        if side == self.greedy_side:
            return self._greedy(hands, seat, table, stock, s0, s1, last, remaining, depth)
        self.nodes += 1
        if self.nodes >= self._check_at:
            self._check_clock()
        maximize = not side
        best = -INF if maximize else INF
        kids = children(hands[seat], table)
        remaining -= 1
        depth += 1
        nxt = self.next_seats[seat]
        cutoff = depth >= self.max_plies
        new_hands = list(hands)
        for rest, card, taken, gain in kids:
            left, won, chkobba, after = play_card(table, card, taken, nxt, remaining, stock)
            a, b, taker = s0, s1, last
            if won:
                taker = side
                if chkobba:
                    gain += SWEEP
                if side:
                    b += gain
                else:
                    a += gain
            if after < 0:
                value = self._hand_end(after, left, stock, a, b, taker, depth, alpha, beta)
            elif cutoff:
                value = self._cutoff(hands[after], after, left, a, b)
            else:
                new_hands[seat] = rest
                value = self._node(
                    tuple(new_hands), after, left, stock, a, b, taker, remaining, depth, alpha, beta
                )
            if maximize:
                if value > best:
                    best = value
                    if value > alpha:
                        alpha = value
            elif value < best:
                best = value
                if value < beta:
                    beta = value
            if alpha >= beta:
                break
        return best

    def _threat(
        self, hands: tuple[tuple[int, ...], ...], seat: int, stock: tuple[int, ...]
    ) -> list[float]:
        """The chance, as ``seat`` can tell, that the next mover holds each value: ``seat`` sees
        none of the other hands nor the stock."""
        nxt = self.next_seats[seat]
        if self.players == 2:
            unseen = hands[nxt]  # the one other hand (the general case below, faster)
        else:
            unseen = tuple(
                [card for other, cards in enumerate(hands) if other != seat for card in cards]
            )
        return holding_chances((*unseen, *stock), len(hands[nxt]) or next_hand(stock))

    def _greedy(
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
    ) -> float:
        """The expected value when ``seat`` replies as a greedy player (who cannot see the next
        mover's hand) would: a softmax on ``infer.greedy_value``, its unlikely replies skipped."""
        self.nodes += 1
        side = SEAT_SIDE[seat]
        hand = hands[seat]
        nxt = self.next_seats[seat]
        p_value = self._threat(hands, seat, stock)
        remaining -= 1
        depth += 1
        replies = []
        for rest, card, taken, gain in children(hand, table):
            left, won, chkobba, after = play_card(table, card, taken, nxt, remaining, stock)
            a, b, taker, laid = s0, s1, last, -1
            if won:  # the piles after the reply
                taker = side
                gain += SWEEP if chkobba else 0
                a, b = (s0, s1 + gain) if side else (s0 + gain, s1)
            else:
                laid = card.bit_length() - 1
            worth = greedy_value(a, b, left, side, SEAT_SIDE[nxt], p_value, laid)
            replies.append((worth, rest, left, a, b, taker, after))
        new_hands = list(hands)
        if self.sure:
            _, rest, left, a, b, taker, after = max(replies, key=_worth)  # the first of equals
            new_hands[seat] = rest
            return self._after(
                tuple(new_hands), after, left, stock, a, b, taker, remaining, depth, -INF, INF
            )
        top = max(reply[0] for reply in replies)
        total = weights = 0.0
        for worth, rest, left, a, b, taker, after in replies:
            weight = exp(BETA * (worth - top))
            if weight < self.unlikely:
                continue
            new_hands[seat] = rest
            value = self._after(
                tuple(new_hands), after, left, stock, a, b, taker, remaining, depth, -INF, INF
            )
            total += weight * value
            weights += weight
        return total / weights


def _worth(reply: tuple[float, tuple[int, ...], int, int, int, int, int]) -> float:
    return reply[0]


__all__ = ["CLOCK_NODES", "OutOfTime", "Searcher"]
