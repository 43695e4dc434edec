"""The hard bot: determinization (perfect-information Monte Carlo) with a search in each sample.

For a decision it deals the cards it cannot see at random, consistently with its view, many times
(the *worlds*); in each world it searches the rest of the current hand (every card of every hand)
and scores the horizon with the expected deal points of the piles plus the threat the next player
poses to the table. Each candidate move gets its mean value over the worlds; the best mean is
played.

Who plays what in a world: the bot's own side plays its best. With two players, before the last
hand, the opponent is searched as the player it is: one who cannot see the bot's hand. It replies
as a good greedy player would (the medium bot's measure, softly: ``Searcher``'s ``greedy_side``;
its node is worth the expected value of its likely replies) rather than as a clairvoyant one who
always finds the best answer to the cards the world gave the bot. Four players: ``team.py``
(every other seat greedy, its first best reply only, the whole hand searched).

The worlds are weighed by what the other seats' plays in the current hand say about their hands
(``infer.py``): a pool of ``POOL`` times ``samples`` deals is drawn, and ``samples`` of them are
picked in proportion to the chance that a greedy player holding those cards would have played as
seen (who could sweep or take the 7♦ seldom lays a card instead).

When the hidden cards are known for certain (two players, last hand of the deal: the unseen cards
are the opponent's hand, and the opponent can know the bot's hand too) there is one world and
alpha-beta runs to the end of the deal with the exact score. When several moves share the best
sure result, the bot plays the one that leaves a fallible opponent the most room to go wrong:
those are searched again with the opponent as the greedy player, and the best expected result
wins. The sure result comes first, so forced wins stay forced. The cut card is decided by dealing
the rest of the deck many times for "keep" and for "expose" and searching the first hand.

The work per decision is ``samples`` worlds (two players: 32, or 64 with ``greedy`` off; four:
``team.SAMPLES``) and a ``max_plies`` horizon (the rest of the hand). It stops early past
``max_nodes`` searched nodes (a deterministic cap for crowded tables; 8,000, or
``team.MAX_NODES`` with four players);
``budget_ms`` optionally caps the time too (then the wall clock can change a decision): no world
is started that would likely end past it, at the mean cost of the worlds searched so far, and a
world still searched when the budget is spent is stopped (``Searcher.stop_at``) and left out; if
none was finished, the medium bot's move is played.
The option ``extra`` (two players: plies into the next hand, dealt from the world's stock) is
left off by default: it did not help against the medium bot in the arena.

The rules come from ``chkobba.kernel`` (the chkobba test, the leftovers, the next hand, the cut's
deal); ``tests/test_lockstep.py`` plays the search's steps against ``Game``. Inlining the chkobba
test in ``_node``'s child loop instead of calling ``kernel.is_chkobba`` was measured and does not
pay (1.81 s against 1.75 s CPU for 288 decisions, best of 5), so there is no inlined copy.
With the kernel and the cut dealt as the engine deals it (fresh seeds from 500001): two players
+0.859 ± 0.156 per deal against medium (400 deals, CPU p95 39.0 ms), four players +0.185 ± 0.331
(100 deals, CPU p95 24.4 ms).

Arena against the medium bot, 2,000 duplicate deals: +0.880 ± 0.068 per deal on seeds 1-2000
(was +0.798) and +0.932 ± 0.066 on fresh seeds from 300001; CPU per move mean 14 ms, p95 39 ms.

Measured against the medium bot, duplicate deals, each change against the bot before it on the
same seeds (paired differences, 95% intervals; fresh seeds from 100001, not the ones tuned on):
the last-hand tie-break +0.094 ± 0.041 (400 deals; the greedy opponent in the whole last hand,
sure result or not, +0.114 ± 0.045); then the greedy opponent before the last hand, 32 worlds,
+0.059 ± 0.097 (800 deals), and +0.050 ± 0.122 head to head against the bot without it (400
deals: a searching opponent does not punish it). A knowing opponent is what costs most: the same
bot shown every hand scores +1.57 against medium (200 deals); 256 worlds instead of 64, +0.02 ±
0.11; an information-set search of the bot's own later moves (one choice for all the worlds it
cannot tell apart, which removes strategy fusion), -0.06 ± 0.08; searching on through the last
hand from the one before it, +0.01 ± 0.05; a sharper world weighing (``infer.BETA`` 60), -0.02 ±
0.08.

Tried, measured in the arena against the medium bot, and removed as they brought no gain: an
opponent ``model`` (the opponents play the medium bot's card-counting choice instead of seeing
every hand); ``share`` (a horizon that also prices every table card left exposed, taken by the
next mover with ``share`` times the chance they hold its match); ``listing`` (two players: search
every distinct opponent hand by card class, weighted by the deals it stands for, instead of
sampling, when there are at most ``listing`` % of ``samples`` of them; no sampling noise in ~60%
of the decisions, yet +0.723 and +0.704 at 100 % and 300 % against +0.744 without, 400 duplicate
deals, same seeds). Their code is in the history up to commit 312dbf5. More worlds did not help
either at that point: 72 samples gave +0.744 (CPU p95 52 ms).

Measured with the world weighing (2,000 duplicate deals against medium, seeds 1-2000): +0.728 ±
0.067 against +0.682 ± 0.067 without (CPU p95 30 ms against 34 ms: picked worlds repeat; +0.04 ±
0.11 head to head against the unweighed bot, 400 duplicate deals). The softmax sharpness
``infer.BETA`` and ``POOL``, same deals: 3 and 4 gave +0.728, 8 and 4 +0.763, 20 and 8 +0.774,
and with the laid-card tie-breaks of a good player's habits +0.780 ± 0.068 (CPU p95 28 ms).
With 64 worlds and a pool of 12: +0.798 ± 0.067 (CPU p95 39 ms); 72 worlds: +0.757 ± 0.068
(CPU p95 46 ms), so these steps are within the noise. Four players (before ``team.py``), 400
deals: +0.297 ± 0.169 (was +0.31 ± 0.17). Reading a cutter's "keep" as a
seven, six or diamond in its first hand: +0.774 (against +0.780), no gain. Also
tried: a hand-end leaf fitted by least squares on 100,000 medium-against-medium deals (karta worth
~0.7 of the binomial model, the next leader's threat ~0.75, small table terms): -0.06 ± 0.10 in
400 duplicate deals against the plain leaf, so the leaf stays ``horizon_value``.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import suppress
from math import exp

from ..cardsets import BITS as CARD_BITS
from ..kernel import (
    HAND_SIZE,
    Phase,
    cutter,
    deal_layout,
    hand_layout,
    is_chkobba,
    leftovers_side,
    needs_redeal,
    next_seat,
)
from ..moves import EXPOSE_MOVE, KEEP_MOVE, Move
from ..view import View
from .core import (
    BITS,
    SWEEP,
    VALUE,
    capture_bits,
    children,
    final_diff,
    holding_chances,
    horizon_value,
    ints,
    lay,
    pack_pile,
)
from .infer import BETA, Inference, greedy_value

INF = float("inf")
POOL = 12  # worlds drawn per world searched, when the plays seen weigh them
CUT_SAMPLES = 24  # deals of the rest of the deck for a cut
UNLIKELY = 1e-3  # a greedy player's reply this much less likely than its best is not searched
CLOCK_NODES = 64  # with a deadline, a search reads the clock every this many nodes
NEVER = 1 << 62  # the node count of a search without a deadline never reaches it


class OutOfTime(Exception):
    """A search reached its deadline (``Searcher.stop_at``): its world is left unfinished."""


class World:
    """One full deal state on int cards (a determinization, or a hand-made exact position)."""

    __slots__ = ("first", "hands", "last", "players", "stats0", "stats1", "stock", "table")

    def __init__(
        self,
        hands: tuple[tuple[int, ...], ...],
        table: tuple[int, ...],
        stats0: int,
        stats1: int,
        last: int,
        stock: tuple[int, ...],
        first: int,
    ) -> None:
        self.hands = hands
        self.table = table
        self.stats0 = stats0
        self.stats1 = stats1
        self.last = last  # side of the last capturer, or -1
        self.stock = stock
        self.first = first  # seat that leads each hand
        self.players = len(hands)


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
            found = self._p_next[len(stock)] = holding_chances(stock, HAND_SIZE)
        return found

    def root(self, seat: int, card: int, group: tuple[int, ...]) -> float:
        """Value (side 0 minus side 1) after ``seat`` plays ``card`` taking ``group``."""
        w = self.world
        if group:
            left = tuple(c for c in w.table if c not in group)
            bits = capture_bits(card, group)
        else:
            left = lay(w.table, card)
            bits = 0
        hands = list(w.hands)
        hands[seat] = tuple(c for c in hands[seat] if c != card)
        remaining = sum(len(h) for h in w.hands)
        return self._after(
            tuple(hands),
            seat,
            left,
            w.stock,
            w.stats0,
            w.stats1,
            w.last,
            bits,
            remaining - 1,
            1,
            -INF,
            INF,
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
        seat: int,
        table: tuple[int, ...],
        stock: tuple[int, ...],
        s0: int,
        s1: int,
        last: int,
        bits: int,
        remaining: int,
        depth: int,
        alpha: float,
        beta: float,
    ) -> float:
        """The position once ``seat`` has played (``bits`` = what it took, 0 if it laid a card)."""
        side = seat & 1
        if bits:
            last = side
            if is_chkobba(table, remaining or stock):
                bits += SWEEP
            if side:
                s1 += bits
            else:
                s0 += bits
        if not remaining:
            return self._hand_end(table, stock, s0, s1, last, depth, alpha, beta)
        nxt = self.next_seats[seat]
        if depth >= self.max_plies:
            return self._cutoff(hands[nxt], nxt, table, s0, s1)
        return self._node(hands, nxt, table, stock, s0, s1, last, remaining, depth, alpha, beta)

    def _hand_end(
        self,
        table: tuple[int, ...],
        stock: tuple[int, ...],
        s0: int,
        s1: int,
        last: int,
        depth: int,
        alpha: float,
        beta: float,
    ) -> float:
        """Every hand is empty: the deal's exact score, the horizon, or the next hand dealt."""
        if not stock:
            side = leftovers_side(table, None if last < 0 else last)
            if side is not None:
                leftovers = sum(BITS[c] for c in table)
                if side:
                    s1 += leftovers
                else:
                    s0 += leftovers
            return final_diff(s0, s1)
        first = self.world.first
        if depth >= self.max_plies:
            return horizon_value(s0, s1, table, first & 1, self.p_next_hand(stock))
        # deal the next hand from this world's stock, as the engine does
        layout, _, size = hand_layout(self.players, first)
        dealt = tuple([tuple(sorted([stock[i] for i in positions])) for positions in layout])
        rest = stock[size:]
        return self._node(dealt, first, table, rest, s0, s1, last, size, depth, alpha, beta)

    def _cutoff(
        self, held: tuple[int, ...], mover: int, table: tuple[int, ...], s0: int, s1: int
    ) -> float:
        """The horizon in the middle of a hand: ``mover`` (holding ``held``) plays next."""
        p_value = [0.0] * 11
        for card in held:
            p_value[VALUE[card]] = 1.0
        return horizon_value(s0, s1, table, mover & 1, p_value)

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
        side = seat & 1
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
        more = remaining or stock
        for rest, left, bits in kids:
            a, b, taker = s0, s1, last
            if bits:
                taker = side
                if is_chkobba(left, more):
                    bits += SWEEP
                if side:
                    b += bits
                else:
                    a += bits
            if not remaining:
                value = self._hand_end(left, stock, a, b, taker, depth, alpha, beta)
            elif cutoff:
                value = self._cutoff(hands[nxt], nxt, left, a, b)
            else:
                new_hands[seat] = rest
                value = self._node(
                    tuple(new_hands), nxt, left, stock, a, b, taker, remaining, depth, alpha, beta
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
        return holding_chances((*unseen, *stock), len(hands[nxt]) or (HAND_SIZE if stock else 0))

    def _greedy(
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
    ) -> float:
        """The expected value when ``seat`` replies as a greedy player (who cannot see the next
        mover's hand) would: a softmax on ``infer.greedy_value``, its unlikely replies skipped."""
        self.nodes += 1
        side = seat & 1
        hand = hands[seat]
        nxt = self.next_seats[seat]
        p_value = self._threat(hands, seat, stock)
        remaining -= 1
        depth += 1
        replies = []
        for rest, left, bits in children(hand, table):
            a, b, laid = s0, s1, -1
            if bits:  # what the piles would be: _after counts the same when it plays the reply
                gain = bits + (SWEEP if is_chkobba(left, remaining or stock) else 0)
                a, b = (s0, s1 + gain) if side else (s0 + gain, s1)
            else:
                laid = next(c for c in hand if c not in rest)
            worth = greedy_value(a, b, left, side, nxt & 1, p_value, laid)
            replies.append((worth, rest, left, bits))
        if self.sure:
            _, rest, left, bits = max(replies, key=_worth)  # max keeps the first of equals
            new_hands = list(hands)
            new_hands[seat] = rest
            return self._after(
                tuple(new_hands), seat, left, stock, s0, s1, last, bits, remaining, depth, -INF, INF
            )
        top = max(reply[0] for reply in replies)
        total = weights = 0.0
        new_hands = list(hands)
        for worth, rest, left, bits in replies:
            weight = exp(BETA * (worth - top))
            if weight < self.unlikely:
                continue
            new_hands[seat] = rest
            value = self._after(
                tuple(new_hands), seat, left, stock, s0, s1, last, bits, remaining, depth, -INF, INF
            )
            total += weight * value
            weights += weight
        return total / weights


def _worth(reply: tuple[float, tuple[int, ...], tuple[int, ...], int]) -> float:
    return reply[0]


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
        self.table = ints(view.table)
        self.stats0 = pack_pile(view.piles[0], len(view.sweeps[0]))
        self.stats1 = pack_pile(view.piles[1], len(view.sweeps[1]))
        self.last = -1 if view.last_capturer is None else view.last_capturer & 1
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
    table = tuple(sorted([deck[i] for i in table_positions]))
    if needs_redeal(sum(CARD_BITS[c] for c in table)):
        return None
    hands = tuple([tuple(sorted([deck[i] for i in hand])) for hand in layout])
    return World(hands, table, stats0, stats1, -1, deck[dealt:], cut_seat)


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
        searcher_for: Callable[[World], Searcher]
        betas, pool = (BETA, BETA), POOL
        if view.rules.players == 4:
            from .team import settings  # four players: team.py (it builds on this module)

            plan = settings(view, self.samples, self.max_plies)
            samples, searcher_for, max_nodes = plan.samples, plan.searcher, plan.max_nodes
            betas, pool = plan.betas, plan.pool
            if self.nodes_given:
                max_nodes = self.max_nodes
        else:
            max_plies = self.max_plies or 99
            # Before the last hand: the opponent cannot see this hand, so it is searched as a
            # greedy player rather than a clairvoyant one.
            greedy = 1 - view.side if self.greedy and not exact else None
            max_nodes = self.max_nodes
            samples = 1 if exact else self.samples or (64 if greedy is None else 32)

            def searcher_for(world: World) -> Searcher:
                return Searcher(world, max_plies, self.extra, greedy)

        rng = decision_rng(self.seed, view)
        # One root child per class of move (laying 3♠ or 3♣ is the same); keep the first.
        roots: dict[tuple, Move] = {}  # type: ignore[type-arg]
        for move in legal:
            assert move.card is not None
            key = (
                move.card.index // 4 * 2 + (move.card.suit == "D"),
                tuple(sorted(c.index // 4 * 2 + (c.suit == "D") for c in move.captures)),
            )
            roots.setdefault(key, move)
        moves = list(roots.values())
        totals = [0.0] * len(moves)
        sign = 1 if view.side == 0 else -1
        worlds = nodes = 0
        world = None
        for searched, (world, weight) in enumerate(
            self._worlds(view, hidden, samples, rng, start, betas, pool), 1
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
            from .simple import MediumBot  # (simple.py imports this module)

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

    def _worlds(
        self,
        view: View,
        hidden: list[int],
        samples: int,
        rng: random.Random,
        start: float,
        betas: tuple[float, float] = (BETA, BETA),
        pool_size: int = POOL,
    ) -> Iterator[tuple[World, int]]:
        """The worlds to search, each with its weight (how many of the ``samples`` it stands for).

        Without plays by others in this hand, plain samples. Otherwise a pool of samples is drawn
        (fewer once half the time budget is spent) and ``samples`` of them are picked in
        proportion to how well they explain those plays.
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
            if drawn % samples == 0 and self._pool_over_budget(start):
                break
        top = max(logs)
        picks = Counter(rng.choices(range(len(pool)), [exp(x - top) for x in logs], k=samples))
        for index, count in picks.items():
            yield sampler.world(*pool[index]), count

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
            from .team import CUT_SAMPLES as samples  # four players: team.py's own

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


__all__ = ["HardBot", "Searcher", "World", "cut_world", "decision_rng", "sample_world"]
