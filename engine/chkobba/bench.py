"""Speed of the rules engine (random full deals per second through the public API), and the
cost of the play review (``review_timings``, run by ``python3 build.py bottime --review``)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from . import log
from .bots import make_bot
from .game import Game
from .retry import retry_verdict
from .review import REVIEW_SAMPLES, expert_replay, review_deal, review_move
from .rules import Rules


class _Playable(Protocol):
    """What the bench uses of a game."""

    @property
    def phase(self) -> str: ...

    def legal_moves(self) -> Sequence[Any]: ...

    def play(self, move: Any) -> _Playable: ...


def play_random_deals(deals: int, players: int, seed: int) -> None:
    """Play ``deals`` whole deals (cut and scoring included) with random legal moves.

    Matches are played one after another, so each deal costs one shuffle, as at a real table.
    """
    rules = Rules(players=players)
    _play(deals, seed, lambda match_seed: Game.new(rules, seed=match_seed))


def _play(deals: int, seed: int, new_match: Callable[[int], _Playable]) -> None:
    rng = random.Random(seed)
    game = new_match(seed)
    for _ in range(deals):
        while game.phase == "cut":  # the cut, and any redeal
            game = game.play(game.legal_moves()[int(rng.random() * 2)])  # keep or expose
        while game.phase == "play":
            moves = game.legal_moves()
            game = game.play(moves[int(rng.random() * len(moves))])
        if game.phase == "over":
            game = new_match(rng.getrandbits(32))


class _IdleGame(tuple[str, int]):
    """An engine that does no work: a cut, then 36 plays of one of three moves, deal after deal.

    The bench's loop run against it measures the floor any engine behind this API pays.
    """

    __slots__ = ()
    _MOVES = ("a", "b", "c")

    @property
    def phase(self) -> str:
        return self[0]

    def legal_moves(self) -> list[str]:
        return list(self._MOVES)

    def play(self, move: str) -> _IdleGame:
        if move not in self._MOVES:
            raise ValueError(move)
        step = (self[1] + 1) % 37
        return tuple.__new__(_IdleGame, ("play" if step else "cut", step))


def bench(deals: int = 2000, players: int = 2, repeats: int = 5, idle: bool = False) -> list[float]:
    """Deals per second for each of ``repeats`` runs (``idle``: against the do-nothing engine)."""
    rates = []
    for run in range(repeats):
        start = time.perf_counter()
        if idle:
            _play(deals, run * deals, lambda _: tuple.__new__(_IdleGame, ("cut", 0)))
        else:
            play_random_deals(deals, players, seed=run * deals)
        rates.append(deals / (time.perf_counter() - start))
    return rates


def main(deals: int, players: int, repeats: int, idle: bool = False) -> None:
    rates = bench(deals, players, repeats, idle)
    what = "the loop alone (an engine that does no work)" if idle else f"{players} players"
    print(
        f"{what}, {deals} random deals x {repeats} runs: "
        f"median {statistics.median(rates):,.0f} deals/s "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f})"
    )


def review_timings(
    deals: int,
    players: int,
    samples: int = REVIEW_SAMPLES,
    level: str = "medium",
    clock: Callable[[], float] = time.perf_counter,
) -> dict[str, list[float]]:
    """Milliseconds (by ``clock``, in seconds) of the review's work over the first ``deals``
    deals of seeded matches that bots of ``level`` play: each of seat 0's decisions reviewed as
    soon as it is made (``review_move``, its game's history replayed), each deal's whole review
    (``review_deal``) and its expert replay (``expert_replay``, the others ``level`` bots), the
    match's log at each deal's end, none kept (``log.match_log``: the log's first opening), and
    each of seat 0's decisions tried again with the first legal move (``retry_verdict``, its
    history replayed too; timed first, so it fills the kernel's caches for its position itself,
    and the decision's review after it finds them filled)."""
    out: dict[str, list[float]] = {"decision": [], "deal": [], "replay": [], "log": [], "retry": []}
    seed = 0
    while len(out["deal"]) < deals:
        seed += 1
        bots = [make_bot(level, seed=seed * 8 + seat) for seat in range(players)]
        game = Game.new(Rules(players=players), seed=seed)
        while game.phase != "over" and len(out["deal"]) < deals:
            seat, finished, first = game.current, len(game.deal_results), game.legal_moves()[0]
            game = game.play(bots[seat].choose(game.view(seat)))
            if seat == 0:
                index = len(game.history) - 1
                out["retry"].append(_ms(clock, retry_verdict, game, index, first))  # (first)
                out["decision"].append(_ms(clock, review_move, game, index, samples))
            if len(game.deal_results) > finished:
                out["log"].append(_ms(clock, _cold_log, game))
                out["deal"].append(_ms(clock, review_deal, game, 0, finished + 1, samples))
                out["replay"].append(_ms(clock, expert_replay, game, 0, finished + 1, level))
    return out


def _cold_log(game: Game) -> None:
    """The match's log with none kept: what the page works out when the log first opens."""
    log._KEPT.clear()
    log.match_log(game)


def _ms(clock: Callable[[], float], work: Callable[..., object], *args: Any) -> float:
    """Milliseconds that ``work(*args)`` takes by ``clock``."""
    start = clock()
    work(*args)
    return (clock() - start) * 1000
