"""Match settings."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ChkobbaError, quoted
from .kernel import HAND_SIZE, TABLE_SIZE

TARGETS = (11, 21, 31)  # the targets the page offers (a Rules may have any)
PLAYERS = (2, 4)  # two players, or four in partnerships
LEVELS = ("easy", "medium", "hard")  # the computer's levels (``chkobba.bots.make_bot``)
NUMBER_DIGITS = 100
NUMBER_LIMIT = 10**NUMBER_DIGITS  # seeds, scores and targets are below it: written out whole
__all__ = [
    "HAND_SIZE",
    "LEVELS",
    "NUMBER_DIGITS",
    "NUMBER_LIMIT",
    "PLAYERS",
    "TABLE_SIZE",
    "TARGETS",
    "Rules",
]


@dataclass(frozen=True)
class Rules:
    """Two players, or four in partnerships (seats 0 and 2 against 1 and 3); the target score."""

    players: int = 2
    target: int = 21

    def __post_init__(self) -> None:
        if type(self.players) is not int or self.players not in PLAYERS:
            raise ChkobbaError(f"Chkobba is played by 2 or 4 players, not {quoted(self.players)}")
        if type(self.target) is not int or not 1 <= self.target < NUMBER_LIMIT:
            raise ChkobbaError(
                f"the target must be a whole number of points >= 1 (at most {NUMBER_DIGITS} "
                f"digits), not {quoted(self.target)}"
            )
