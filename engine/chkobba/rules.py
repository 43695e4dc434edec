"""Match settings."""

from __future__ import annotations

from dataclasses import dataclass

from .errors import ChkobbaError

HAND_SIZE = 3
TABLE_SIZE = 4
TARGETS = (11, 21, 31)


@dataclass(frozen=True)
class Rules:
    """Two players, or four in partnerships (seats 0 and 2 against 1 and 3); the target score."""

    players: int = 2
    target: int = 21

    def __post_init__(self) -> None:
        if self.players not in (2, 4) or isinstance(self.players, bool):
            raise ChkobbaError(f"Chkobba is played by 2 or 4 players, not {self.players!r}")
        if not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1:
            raise ChkobbaError(
                f"the target must be a whole number of points >= 1, not {self.target!r}"
            )
