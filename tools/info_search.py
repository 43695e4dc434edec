"""An information-set search of the hard bot's own moves in the rest of a hand (``iss``).

The hard bot searches each world on its own: in each, its later moves in the hand are chosen as
if it saw that world's hidden hands (strategy fusion). Here every world is searched at once:
the other seats' plays are chance nodes (each world's greedy model of them, ``search.Searcher``'s
softmax or, with ``sure``, its first best reply), their outcomes grouped by what the bot sees
(the card played and the cards it took), and the bot's move in each group is the one best for
all the worlds of the group together. The horizon and the greedy measure are the searcher's
own (the world's ``Searcher``: ``_hand_end``, ``_threat``). A tool for ``bot_variants.py``'s
``iss`` variant, not the engine.
"""

from __future__ import annotations

from math import exp

from chkobba.bots import search
from chkobba.bots.core import children, pile_gain
from chkobba.bots.infer import greedy_value
from chkobba.bots.search import Searcher
from chkobba.cardsets import BITS
from chkobba.kernel import SEAT_SIDE, play_card

# One world's position in the hand: (world index, hands, table, stock, s0, s1, last, remaining)
State = tuple[int, tuple[tuple[int, ...], ...], int, tuple[int, ...], int, int, int, int]
END = 1 << 30  # a depth past any horizon: a hand's end is scored, not dealt on
Play = tuple[tuple[int, ...], int, int]  # the hand left, the card played (a set), the set taken


class InfoSearch:
    """The worlds' searchers (``searchers``, with their ``weights``) searched together for
    ``seat``, every other seat greedy, ``seat``'s later moves one choice for the worlds it
    cannot tell apart."""

    def __init__(self, searchers: list[Searcher], weights: list[float], seat: int) -> None:
        self.searchers, self.weights, self.seat = searchers, weights, seat

    def root(self, card: int, taken: int) -> float:
        """The weighed sum over the worlds of the value (side 0 minus side 1) after the bot
        plays ``card`` taking ``taken`` (an index, a card set)."""
        bit = BITS[card]
        plays = []
        for index, searcher in enumerate(self.searchers):
            w = searcher.world
            remaining = sum(len(h) for h in w.hands)
            state = (index, w.hands, w.table, w.stock, w.stats0, w.stats1, w.last, remaining)
            rest = tuple(c for c in w.hands[self.seat] if c != card)
            plays.append((self.weights[index], state, (rest, bit, taken)))
        return self._play(plays, self.seat)

    def _play(self, plays: list[tuple[float, State, Play]], seat: int) -> float:
        """``seat`` makes in each state its play: the weighed sum of what follows."""
        side = SEAT_SIDE[seat]
        total = 0.0
        after_states: list[tuple[float, State]] = []
        mover = -1
        for p, (index, hands, table, stock, s0, s1, last, remaining), play in plays:
            rest, card, taken = play
            searcher = self.searchers[index]
            left, won, chkobba, after = play_card(
                table, card, taken, searcher.next_seats[seat], remaining - 1, stock
            )
            a, b, taker = s0, s1, last
            if won:
                taker = side
                a, b = _piles(side, s0, s1, won, chkobba)
            if after < 0:
                total += p * searcher._hand_end(after, left, stock, a, b, taker, END, 0.0, 0.0)
                continue
            new_hands = list(hands)
            new_hands[seat] = rest
            after_states.append(
                (p, (index, tuple(new_hands), left, stock, a, b, taker, remaining - 1))
            )
            mover = after
        if after_states:
            total += self._node(after_states, mover)
        return total

    def _node(self, states: list[tuple[float, State]], seat: int) -> float:
        """The weighed sum of the states' values with ``seat`` to play in all of them."""
        if seat == self.seat:  # one choice for every state: what the bot sees is alike in all
            _, (_, hands, table, *_) = states[0]
            values = [
                self._play([(p, state, kid[:3]) for p, state in states], seat)
                for kid in children(hands[seat], table)
            ]
            return max(values) if SEAT_SIDE[seat] == 0 else min(values)
        groups: dict[tuple[int, int], list[tuple[float, State, Play]]] = {}
        for p, state in states:
            for chance, play in self._replies(state, seat):
                groups.setdefault(play[1:], []).append((p * chance, state, play))
        return sum(self._play(plays, seat) for plays in groups.values())

    def _replies(self, state: State, seat: int) -> list[tuple[float, Play]]:
        """A greedy ``seat``'s replies in ``state`` with their chances (``Searcher._greedy``'s
        model: a softmax on the medium bot's measure, or its first best reply with ``sure``)."""
        index, hands, table, stock, s0, s1, _, remaining = state
        searcher = self.searchers[index]
        side = SEAT_SIDE[seat]
        nxt = searcher.next_seats[seat]
        p_value = searcher._threat(hands, seat, stock)
        scored = []
        for rest, card, taken, _ in children(hands[seat], table):
            left, won, chkobba, _ = play_card(table, card, taken, nxt, remaining - 1, stock)
            a, b, laid = s0, s1, -1
            if won:
                a, b = _piles(side, s0, s1, won, chkobba)
            else:
                laid = card.bit_length() - 1
            worth = greedy_value(a, b, left, side, SEAT_SIDE[nxt], p_value, laid)
            scored.append((worth, (rest, card, taken)))
        top = max(worth for worth, _ in scored)
        if searcher.sure:
            return [(1.0, next(kid for worth, kid in scored if worth == top))]
        weighed = [(exp(search.BETA * (worth - top)), kid) for worth, kid in scored]
        kept = [(w, kid) for w, kid in weighed if w >= searcher.unlikely]
        total = sum(w for w, _ in kept)
        return [(w / total, kid) for w, kid in kept]


def _piles(side: int, s0: int, s1: int, won: int, chkobba: bool) -> tuple[int, int]:
    """Both sides' packed piles once ``side`` won ``won`` (a set), with its chkobba or not."""
    gain = pile_gain(won, chkobba)
    return (s0, s1 + gain) if side else (s0 + gain, s1)
