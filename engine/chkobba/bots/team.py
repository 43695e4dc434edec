"""The hard bot with four players: the other seats searched as the greedy players they are.

``search.HardBot`` hands its four-player decisions here (``settings``). In each world the bot
searches the rest of the current hand, every card of every hand, to its end (the deal's exact
score in the last hand). The bot's own seat plays its best; the other three seats cannot see the
hands the world gave them, so each plays as a good greedy player would (``Searcher._greedy``, the
medium bot's measure), its threat read from every hand it cannot see, and ``SURE``: it plays its
first best reply, as the medium bot does, rather than every reply near its best weighed by a
softmax. The partner is such a player too before the last hand: it cooperates (its measure
counts its own side's points) but it cannot see the bot's hand. In the deal's last hand, where
few cards are hidden and a searching partner all but sees them, the partner is searched at its
best (``PARTNER_BEST_LAST``). 28 worlds, weighed by the plays seen (``infer.py``), the
opponents' plays read near-exactly (``OPPONENT_BETA``: a greedy player's play that was not its
best is all but ruled out), the partner's as with two players; past ``MAX_NODES`` searched nodes
no further world is searched (at least 4 are), a deterministic cap for crowded tables.

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
- The first round's bot (``SURE``, 28 worlds): seeds 41001-41240 +0.577 ± 0.211, 42001-42400
  +0.463 ± 0.166; fresh seeds 960001-960800, never tuned on: **+0.510 ± 0.118** (CPU mean 15.6
  ms, p95 39.7 ms). In Pyodide (``build.py bottime -- --players 4``, the page's 150 ms budget, quiet
  machine): p95 52 ms, max 88 ms (CPython p95 35 ms).
- Dropped, paired against that bot: the bot's own later moves greedy too and 40 worlds, -0.087 ±
  0.280 (41001-41240, p95 52.8 ms); ``search.POOL`` 6 instead of 12, -0.102 ± 0.255 (p95 42.3
  ms against 47.2). Undecided, not adopted: the inference sharper (``infer.BETA``, shared with
  the two-player bot, 60 instead of 20), +0.129 ± 0.219 (41001-41240) and +0.039 ± 0.174
  (42001-42400); ``infer.BETA`` 200, +0.046 ± 0.175 (42001-42400). The cut by this search of
  the first hand (others greedy) changes 10 of 59 first cuts and costs ~86 ms a cut; not
  measured in the arena, not adopted.
- A mixed partnership, that bot and a medium partner (``arena --partner medium``), fresh
  seeds 970001-970250: +0.558 ± 0.189 against a medium pair (CPU p95 43 ms).

Second round (seeds 43001-43600, 600 duplicate deals each, every variant paired against the
28-world bot above, +0.613 ± 0.135 on these seeds, CPU p95 42.6 ms; p95 figures swing with the
machine's load, 2-10 deep):

- Speed, moves unchanged (``tools/move_hash.py``): ``core.expected_diff`` memoized, the capture
  cache of tuples (a cache of lists made the garbage collector's full collections walk them, up
  to 30 ms in one move), the threat read from the stock's counts once per world, the table's
  threat cached: ``tools/callgrind_bot.py --decisions 40 --players 4`` 66.7 M instructions per
  decision instead of 76.5 M (-13%; -16% counted the same way on seats 0 and 2's turns in medium
  deals of seeds 43001-43004).
- 36 worlds: +0.117 ± 0.161 (+0.731), CPU p95 53.3 ms (before the speed-up); 40 worlds with
  ``MAX_NODES`` 2,000: +0.023 ± 0.155, p95 57.7 ms; 36 worlds, ``POOL`` 8 and the partner's
  plays not read: +0.001 ± 0.161, p95 48.5 ms. On seeds 43001-43100 after the speed-up, at the
  same load: 28 worlds p95 43.2 ms, 32 worlds 45.9 ms, 36 worlds 58.3-64.6 ms, so 36 is over
  the 50 ms cap: more worlds help little, if at all.
- 32 worlds, fresh seeds 980001-980800 (``arena hard medium --players 4 --deals 800 --seed
  980001 --jobs 2``, load 4-6): +0.537 ± 0.118, CPU mean 18.1 ms, p95 53.2 ms: short of +0.6
  and over the 50 ms cap, so back to 28 worlds (with the speed-up).
- The inference (``infer.py``) per side, the two-player bot untouched: the opponents' plays read
  sharper (``OPPONENT_BETA`` 60: they are greedy players), +0.025 ± 0.120; the partner's plays
  not read (``PARTNER_BETA`` 0: the partner is no greedy player), -0.003 ± 0.143 (CPU mean
  14.6 ms against 16.5). Neither adopted.
- The cut: the medium bot's rule (keep a seven, a six or a diamond) instead of the search,
  -0.145 ± 0.093; the cut by this search of the first hand (others greedy), -0.048 ± 0.071
  (CPU p95 50.8 ms: ~60 ms a cut); 48 deals for a cut instead of 24 (``CUT_SAMPLES``), -0.002 ±
  0.060 (one first cut in eight is a close call that changes with the sampling: 25 of 200
  differ between 24 and 96 deals). So the two-ply search with 24 deals stays.
- The second round's bot (28 worlds, the speed-up), the retry on fresh seeds 990001-990800
  (``--seed 990001 --jobs 2``, load ~5): **+0.721 ± 0.119**, CPU mean 20.0 ms, **p95 53.7 ms**:
  over the 50 ms cap at that load (the same bot's CPU mean was 13.6 ms on seeds 43001-43100 at load
  ~3). It plays every move as the 28-world bot measured on 960001-960800 (+0.510 ± 0.118):
  ``tools/move_hash.py`` hashes alike; only its speed changed. So the fresh runs (+0.510, +0.537
  with 32 worlds, +0.721) differ by seed luck: it is worth about +0.6 a deal against a medium pair,
  not surely more. In Pyodide (``build.py bottime -- --players 4 --moves 100``, the page's 150 ms
  budget, load ~3): p95 90.9 ms, max 109.7 ms for the computer's moves (the hint: p95 114.9 ms, max
  236.5 ms); run beside an arena: 98.3 ms and 79.6 ms.
- A mixed partnership, that bot and a medium partner, ``--partner medium --deals 250 --seed
  985001`` (run beside ``bottime``): +0.254 ± 0.200 against a medium pair (CPU p95 44.0 ms).

Third round (seeds 1200001-1200600, 600 duplicate deals, each variant paired against the
28-world bot of the second round: +0.515 ± 0.138 on these seeds, CPU mean 13.9 ms, p95 39.2 ms):

- Where the time goes (that bot, these deals): a hand's first move before the last hand, CPU
  mean 34.3 ms (p95 98 ms, ~40 nodes a world); its second, 15.5 ms; in the last hand 20.9 ms
  and 5.9 ms. 56 worlds in the last hand, where they are cheap: -0.007 ± 0.081 (CPU p95 46.6
  ms): the sampling noise is not where the points go, so worlds were not moved around.
- The opponents' plays read near-exactly, ``OPPONENT_BETA`` 200 (they are greedy players: a
  play that was not their best all but rules a world out): +0.067 ± 0.135, and cheaper (CPU mean
  12.2 ms, p95 32.7 ms: the picked worlds repeat more).
- The partner searched at its best in the last hand (``PARTNER_BEST_LAST``): +0.062 ± 0.081
  (CPU p95 41.3 ms).
- Both, this bot: +0.127 ± 0.137 (+0.642, CPU mean 13.9 ms, p95 39.7 ms). By category, its
  points over the medium pair per deal: cards +0.27, diamonds +0.14, sevens +0.12, 7♦ +0.10,
  chkobbas +0.02 (even: neither side sweeps more).
- On top of it, dropped: the opponents at their best in the last hand too (minimax between the
  partnerships), -0.192 ± 0.098: the medium bot is the greedy player the search already plays
  exactly, and a clairvoyant model of it is a worse one; ``POOL`` 20, +0.027 ± 0.152 at CPU p95
  49.0 ms.
- The check on other seeds, 1210001-1210600: this bot +0.689 ± 0.136 (CPU p95 45.2 ms, load
  ~4.5) against +0.528 ± 0.144 for the second round's (p95 40.8 ms), +0.161 ± 0.153 paired.
- This bot on fresh seeds 1300001-1300800, never tuned on (``arena hard medium --players 4
  --deals 800 --seed 1300001 --jobs 1``, load 1-4): **+0.608 ± 0.112**, CPU mean 16.2 ms,
  **p95 44.2 ms**: +0.6 a deal, no surer than that. ``tools/callgrind_bot.py --decisions 40
  --players 4``: 67.4 M instructions per decision (64.3 M before the round: the partner's
  replies searched in the last hand). In Pyodide (``build.py bottime -- --players 4 --moves
  100``, the page's 150 ms budget, quiet machine, two runs): the computer's moves p95 75.2 and
  70.5 ms, max 94.7 and 92.2 ms; the hint's p95 70.6 and 59.7 ms, max 86.4 and 90.3 ms (a world
  still searched when the budget is spent is now stopped: ``search.py``).
- A mixed partnership, this bot and a medium partner, ``--partner medium --deals 250 --seed
  1310001 --jobs 1``: +0.310 ± 0.204 against a medium pair (CPU p95 30.3 ms over both seats).
  The partner searched at its best in the last hand is then a model of a medium (or human)
  partner that is too good; this figure is no worse than the second round's +0.254 ± 0.200 on
  other seeds, but the two are not paired.

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

SAMPLES = 28
SURE = True  # a greedy seat plays its first best reply (``Searcher.sure``), not a softmax
UNLIKELY = 0.1  # with ``SURE`` off: a reply this much less likely than the best is not searched
MAX_NODES = 2_500
CUT_SAMPLES = 24  # deals of the rest of the deck for a cut (``search.HardBot._cut``)
POOL = PLAIN_POOL
# The inference's sharpness (``infer.py``); 0: not read. The opponents' plays read near-exactly
# (they are greedy players), the partner's as the two-player bot reads an opponent's.
PARTNER_BETA, OPPONENT_BETA = BETA, 200.0
PARTNER_BEST_LAST = True  # in the deal's last hand the partner is searched at its best
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
    best = {view.seat, view.seat ^ 2} if PARTNER_BEST_LAST and not view.stock_count else {view.seat}
    others = frozenset(seat for seat in range(4) if seat not in best)

    def searcher(world: World) -> Searcher:
        return TeamSearcher(world, plies, others)

    return Plan(samples or SAMPLES, searcher, MAX_NODES, (PARTNER_BETA, OPPONENT_BETA), POOL)
