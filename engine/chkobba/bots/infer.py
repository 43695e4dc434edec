"""What the other seats' plays in the current hand say about the cards they still hold.

A player who could sweep the table or take the 7♦ seldom lays a card instead: a sampled world in
which an opponent held such a card yet played otherwise is unlikely. Each play another seat made in
this hand is replayed against the hand that seat held then in the world (its cards now plus the
ones it has played since), and scored as a greedy player scores it (the medium bot's measure: the
expected deal points after the play, less the next mover's threat to the table it left). The
world's weight is the product, over those plays, of the chance a softmax player with that
measure makes the play seen.
"""

from __future__ import annotations

from math import exp, log

from ..cardsets import BITS, bits_of
from ..kernel import HAND_SIZE, SEAT_SIDE, Phase, next_hand, next_seat, play_card, previous_seat
from ..moves import PLAY
from ..view import View
from .core import (
    CLASS,
    DIAMOND,
    HAYYA_INDEX,
    VALUE,
    chances,
    children,
    horizon_value,
    pack_pile,
    pile_gain,
)

BETA = 20.0  # softmax sharpness, per deal point
GREEDY_SLACK = 0.005  # deal points: a play this close to a greedy player's best is its best
# At equal worth a good player keeps the 7♦, the diamonds and the sevens in hand and lays the dull
# cards (the medium bot's habit); index -1: no card laid.
LAY_COST = (
    *(0.01 * (i == HAYYA_INDEX) + 0.002 * DIAMOND[i] + 0.003 * (VALUE[i] == 7) for i in range(40)),
    0.0,
)


def greedy_value(
    stats0: int,
    stats1: int,
    left: int,
    side: int,
    next_side: int,
    p_value: list[float],
    laid: int,
) -> float:
    """A greedy player's worth of a play for ``side`` (the medium bot's measure): the expected
    deal points once the piles are ``stats0``/``stats1`` and ``left`` is on the table, less the
    next mover's threat (``p_value``) and, for a card ``laid`` (-1: none), the habit of keeping
    the good cards in hand."""
    value = horizon_value(stats0, stats1, left, next_side, p_value)
    return (-value if side else value) - LAY_COST[laid]


class _Play:
    """One play by another seat in this hand, with what was public just before it."""

    __slots__ = (
        "after",
        "card",
        "held",
        "later",
        "next_size",
        "pool",
        "seat",
        "stats",
        "stock",
        "table",
        "taken",
    )

    def __init__(
        self,
        seat: int,
        card: int,
        taken: int,
        table: int,
        stats: tuple[int, int],
        turn: tuple[int, int, int],
        later: tuple[int, ...],
        pool: list[int],
        next_size: int,
    ) -> None:
        self.seat = seat
        self.card = card  # a one-card set
        self.taken = taken  # the set it took (0: it was laid)
        self.table = table  # the table before the play (a card set)
        self.stats = stats  # both piles before the play
        # the cards left in the hands and the stock after the play, the seat that played next
        self.held, self.stock, self.after = turn
        self.later = later  # the cards this seat has played in this hand from this play on
        self.pool = pool  # by value: cards then in some hand or the stock
        self.next_size = next_size  # cards the next mover held then (3 if a hand was to come)

    def outcome(self, card: int, taken: int) -> tuple[int, int, int]:
        """Both piles (packed) and the table had this seat played ``card`` (a one-card set)
        taking ``taken``: the kernel's ``play_card`` in this play's place."""
        left, won, chkobba, _ = play_card(
            self.table, card, taken, self.after, self.held, self.stock
        )
        s0, s1 = self.stats
        if not won:
            return s0, s1, left
        if SEAT_SIDE[self.seat]:
            return s0, s1 + pile_gain(won, chkobba), left
        return s0 + pile_gain(won, chkobba), s1, left


class Inference:
    """Weights of sampled worlds from the other seats' plays in the current hand of ``view``."""

    def __init__(self, view: View, betas: tuple[float, float] = (BETA, BETA)) -> None:
        self.players = view.rules.players
        self.side = view.side
        self.betas = betas  # the sharpness for a partner's plays, and for an opponent's
        self.plays = [p for p in _plays(view) if self._beta(p.seat)]
        self._cache: dict[tuple[int, tuple[int, ...]], float] = {}  # by card classes
        self._held: dict[tuple[int, tuple[int, ...]], float] = {}  # by the cards themselves

    def log_weight(self, hands: tuple[tuple[int, ...], ...]) -> float:
        """Log of the relative chance of a world whose hands are ``hands``, given the plays seen."""
        total = 0.0
        for index, play in enumerate(self.plays):
            held = hands[play.seat]
            found = self._held.get((index, held))
            if found is None:
                key = (index, tuple(sorted(CLASS[c] for c in held)))
                found = self._cache.get(key)
                if found is None:
                    found = self._cache[key] = self._log_chance(play, held)
                self._held[index, held] = found
            total += found
        return total

    def _beta(self, seat: int) -> float:
        return self.betas[SEAT_SIDE[seat] != self.side]

    def _log_chance(self, play: _Play, held: tuple[int, ...]) -> float:
        beta = self._beta(play.seat)
        seen, worths = _worths(self.players, play, held)
        scores = [beta * worth for worth in worths]
        top = max(scores)
        return beta * seen - top - log(sum(exp(s - top) for s in scores))


def _worths(players: int, play: _Play, held: tuple[int, ...]) -> tuple[float, list[float]]:
    """A greedy player's worth of ``play`` and of each play it could have made, its seat holding
    ``held`` and the cards it played from then on in that hand."""
    hand = tuple(sorted((*held, *play.later)))
    counts = play.pool[:]
    for card in hand:
        counts[VALUE[card]] -= 1
    side = SEAT_SIDE[play.seat]
    nxt = play.after
    if players == 4 and SEAT_SIDE[nxt] == side:
        p_value = [0.0] * 11  # a partner's threat is no threat
    else:
        p_value = chances(counts, play.next_size)

    def score(card: int, taken: int, outcome: tuple[int, int, int]) -> float:
        a, b, left = outcome
        laid = -1 if taken else card.bit_length() - 1
        return greedy_value(a, b, left, side, SEAT_SIDE[nxt], p_value, laid)

    worths = [
        score(card, taken, play.outcome(card, taken))
        for _rest, card, taken, _gain in children(hand, play.table)
    ]
    return score(play.card, play.taken, play.outcome(play.card, play.taken)), worths


def _plays(view: View) -> list[_Play]:
    """The other seats' plays in the current hand (``[]`` when the history does not reach back
    to the hand's start, as in set-up positions)."""
    count = view.rules.players * HAND_SIZE - sum(view.hand_sizes)
    if view.phase != Phase.PLAY or count <= 0:
        return []
    current, reached, _ = _walk_back(view, whole_deal=False)
    return current if reached >= count else []


def finished_plays(view: View) -> list[_Play]:
    """The other seats' plays in the deal's finished hands: a seat's hand then is known, every
    card of it played by the hand's end (``held`` is empty)."""
    if view.phase != Phase.PLAY:
        return []
    return _walk_back(view, whole_deal=True)[2]


def opponents_greedy(view: View) -> bool:
    """Whether each of the opponents' plays in the deal's finished hands (their hands then all
    known) was a greedy player's best, by the medium bot's measure."""
    for play in finished_plays(view):
        if SEAT_SIDE[play.seat] != view.side:
            seen, worths = _worths(view.rules.players, play, ())
            if seen < max(worths) - GREEDY_SLACK:
                return False
    return True


def _walk_back(view: View, whole_deal: bool) -> tuple[list[_Play], int, list[_Play]]:
    """The deal's plays rebuilt backwards from what the view shows, each play's table and piles
    before it played forward again by the kernel's ``play_card``: the other seats' plays in the
    current hand, the number of the current hand's plays the history reaches, and the other
    seats' plays in the finished hands the history reaches whole (none unless ``whole_deal``).
    Stops at the deal's first play (its cut before it), at the history's start, at a play the
    view's table contradicts, or (unless ``whole_deal``) at the current hand's first play."""
    players = view.rules.players
    whole = players * HAND_SIZE  # plays in a hand
    count = whole - sum(view.hand_sizes)  # plays made in the current hand
    table = bits_of(view.table)
    stock = view.stock_count
    stats = [
        pack_pile(view.piles[0], len(view.sweeps[0])),
        pack_pile(view.piles[1], len(view.sweeps[1])),
    ]
    pool = [0] * 11
    for seen in (*view.unseen(), *view.hand):
        pool[seen.value] += 1
    sizes = list(view.hand_sizes)
    current: list[_Play] = []
    finished: list[_Play] = []
    hand: list[_Play] = []  # the finished hand being walked back through
    later: dict[int, tuple[int, ...]] = {}
    seat = view.seat
    back = 0
    for move in reversed(view.history):
        if back >= count and not whole_deal:
            break
        if back >= count and (back - count) % whole == 0:
            finished += hand  # a hand walked back whole (none at first)
            # The hand before: at its end every hand empty, its cards still in the stock.
            hand, later, sizes, stock = [], {}, [0] * players, stock + whole
        if move.kind != PLAY or move.card is None:
            break
        seat = previous_seat(seat, players)
        card = BITS[move.card.index]
        taken = bits_of(move.captures)
        before = table | taken if taken else table & ~card  # what it took back, or lifted
        held = sum(sizes)
        following = next_seat(seat, players)
        left, won, chkobba, after = play_card(before, card, taken, following, held, stock)
        if left != table:
            break
        if won:
            stats[SEAT_SIDE[seat]] -= pile_gain(won, chkobba)
        table = before
        sizes[seat] += 1
        pool[move.card.value] += 1
        later[seat] = (move.card.index, *later.get(seat, ()))
        back += 1
        if seat != view.seat:
            play = _Play(
                seat,
                card,
                taken,
                table,
                (stats[0], stats[1]),
                (held, stock, after),
                later[seat],
                pool[:],
                sizes[following] or next_hand(stock),
            )
            (current if back <= count else hand).append(play)
    else:
        if back >= count and (back - count) % whole == 0:
            finished += hand  # the history's first play is a hand's first
    return current, min(back, count), finished
