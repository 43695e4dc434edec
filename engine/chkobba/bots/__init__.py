"""Computer opponents. They play only from ``game.view(seat)``, never from the full state."""

from __future__ import annotations

import random

from ..moves import Move
from ..view import View


class RandomBot:
    """Plays a uniformly random legal move (a stand-in until the real levels land)."""

    def __init__(self, seed: int = 1) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: View) -> Move:
        return self.rng.choice(view.legal_moves())


def make_bot(level: str = "medium", seed: int = 1) -> RandomBot:
    """A bot of the given level ("easy", "medium" or "hard")."""
    if level not in ("easy", "medium", "hard"):
        raise ValueError(f"unknown bot level {level!r}: choose easy, medium or hard")
    return RandomBot(seed)
