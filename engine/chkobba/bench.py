"""Speed of the rules engine: random full deals per second through the public API."""

from __future__ import annotations

import random
import statistics
import time

from .game import Game
from .rules import Rules


def play_random_deals(deals: int, players: int, seed: int) -> None:
    """Play ``deals`` whole deals (cut and scoring included) with random legal moves.

    Matches are played one after another, so each deal costs one shuffle, as at a real table.
    """
    rng = random.Random(seed)
    rules = Rules(players=players)
    game = Game.new(rules, seed=seed)
    for _ in range(deals):
        while game.phase == "cut":  # the cut, and any redeal
            game = game.play(game.legal_moves()[int(rng.random() * 2)])  # keep or expose
        while game.phase == "play":
            moves = game.legal_moves()
            game = game.play(moves[int(rng.random() * len(moves))])
        if game.phase == "over":
            game = Game.new(rules, seed=rng.getrandbits(32))


def bench(deals: int = 2000, players: int = 2, repeats: int = 5) -> list[float]:
    """Deals per second for each of ``repeats`` runs."""
    rates = []
    for run in range(repeats):
        start = time.perf_counter()
        play_random_deals(deals, players, seed=run * deals)
        rates.append(deals / (time.perf_counter() - start))
    return rates


def main(deals: int, players: int, repeats: int) -> None:
    rates = bench(deals, players, repeats)
    print(
        f"{players} players, {deals} random deals x {repeats} runs: "
        f"median {statistics.median(rates):,.0f} deals/s "
        f"(min {min(rates):,.0f}, max {max(rates):,.0f})"
    )
