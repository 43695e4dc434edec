"""Computer opponents. They play only from ``game.view(seat)``, never from the full state.

>>> from chkobba import Game, Rules
>>> from chkobba.bots import make_bot
>>> game = Game.new(Rules(players=2), seed=3)
>>> bot = make_bot("hard", seed=1)
>>> bot.choose(game.view(game.current)) in game.legal_moves()
True

Levels: ``easy`` (a beginner's greed and slips), ``medium`` (the five reflexes of a good player,
one move ahead), ``hard`` (determinized search, exact in a two-player last hand). Every bot is
deterministic: the same seed and the same view give the same move. ``peer`` (the algorithm of
the best open Scopa bots, ``peer.py``) is the arena's sparring partner, not a level players pick.
"""

from __future__ import annotations

from typing import Protocol

from ..errors import quoted
from ..explain import explain
from ..moves import Move
from ..rules import LEVELS
from ..view import View
from .hard import HardBot
from .peer import PeerBot
from .simple import EasyBot, MediumBot

ARENA_LEVELS = (*LEVELS, "peer")  # the levels ``make_bot`` makes


class Bot(Protocol):
    level: str

    def choose(self, view: View) -> Move: ...


def make_bot(
    level: str = "medium",
    seed: int = 1,
    budget_ms: float | None = None,
    samples: int | None = None,
) -> Bot:
    """A bot of the given level ("easy", "medium", "hard" or the sparring partner "peer").

    For ``hard``, ``samples`` is the work per move: the number of deals of the hidden cards it
    searches (by default 32 with two players; with four, 56 before the deal's last hand and 28
    in it). ``budget_ms`` is an optional time cap per move (it then stops early, so the wall
    clock can change a decision; leave it None for fully reproducible play).
    """
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot(seed)
    if level == "hard":
        if samples is None:
            return HardBot(seed, budget_ms=budget_ms)
        return HardBot(seed, samples=samples, cut_samples=max(4, samples // 2), budget_ms=budget_ms)
    if level == "peer":
        return PeerBot(seed)
    raise ValueError(f"unknown bot level {quoted(level)}: choose easy, medium, hard or peer")


def hint(view: View, seed: int = 1, samples: int | None = None) -> tuple[Move, str]:
    """The hard bot's move for ``view`` and a one-line reason a player understands."""
    move = make_bot("hard", seed=seed, samples=samples).choose(view)
    return move, explain(view, move)


__all__ = [
    "ARENA_LEVELS",
    "LEVELS",
    "Bot",
    "EasyBot",
    "HardBot",
    "MediumBot",
    "PeerBot",
    "explain",
    "hint",
    "make_bot",
]
