"""The play review: "How did I play?" and "the expert's replay", a seat's deal beside the hard bot.

``review_deal`` replays a match's history and sets each decision one seat made in a deal beside
the hard bot's, asked from that seat's view (never the hidden cards): the bot's move, and what
the played move cost by the bot's own search, its value of its own move minus its value of the
played one over the same sampled worlds. A value is the seat's side's expected points minus the
other side's: a move that lets a point go to the other side costs 2. ``review_move`` reviews one
decision, as soon as it is made. ``expert_replay`` deals a deal again, from its shuffle, with
the hard bot in the seat: the expert's score sheet to set beside the player's.

Both are deterministic: a fixed number of worlds, no time budget, the bots' seeds drawn from the
game's seed and the move's index (or the deal's number). Their costs, in CPython and in the
page's Pyodide: ``python3 build.py bottime --review``. With ``REVIEW_SAMPLES`` worlds (32, the
hard bot's node caps kept) one decision's review took p95 38-44 ms of CPU in Pyodide, two
players or four; a whole deal's review p95 185-198 ms with two players, 99-114 ms with four; an
expert replay 317-357 and 162-215 ms (medium opponents, 30 deals, two runs). Against a search of
300 worlds without a node cap, over the decisions of easy players, its grades agreed on 91% of
378 two-player decisions (none "best" graded "costly"; 85-87% with 16 or 24 worlds) and on 74% of
127 four-player ones (the four-player search's own noise: no better with more worlds).
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass

from . import log
from .bots import LEVELS, Bot, make_bot
from .bots.hard import HardBot
from .errors import ChkobbaError, quoted
from .game import Game
from .kernel import Phase
from .moves import Move

REVIEW_SAMPLES = 32  # worlds searched per decision reviewed (a cut: this many deals of the rest)
BEST_WITHIN = 0.05  # a move this close to the bot's (points) is as good as it: "best"
FINE_UNDER = 0.25  # a move that costs less than this (points) is "fine"; more is "costly"
GRADES = ("best", "fine", "costly")


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision beside the hard bot's: ``loss`` (points, >= 0) is what the played move cost
    by the bot's search; ``grade`` one of ``GRADES``."""

    index: int  # the move's index in ``game.history``
    position: str  # the notation of the position it was made in (hidden cards included)
    played: Move
    bot: Move  # what the hard bot would have played, from the seat's view
    loss: float
    grade: str


def grade(loss: float) -> str:
    """The grade of a decision that cost ``loss`` points."""
    if loss <= BEST_WITHIN:
        return "best"
    return "fine" if loss < FINE_UNDER else "costly"


def review_move(game: Game, index: int, samples: int = REVIEW_SAMPLES) -> Decision:
    """The decision ``game.history[index]`` beside the hard bot's (``samples`` worlds)."""
    history = game.history
    if type(index) is not int or not 0 <= index < len(history):
        raise ChkobbaError(f"no move {quoted(index)}: this game's history has {len(history)}")
    replay = _Replay(game)
    return replay.decision(index, samples)


def review_position(
    before: Game, played: Move, index: int, samples: int = REVIEW_SAMPLES
) -> Decision:
    """``played``, made in ``before`` as the match's move ``index``, beside the hard bot's
    (``review_move`` without replaying the history: for the move a page has just made)."""
    best, values = expert_values(before, index, samples)
    loss = 0.0 if played == best else max(0.0, values[best] - values[played])
    return Decision(index, before.notation(), played, best, loss, grade(loss))


def expert_values(
    before: Game, index: int, samples: int = REVIEW_SAMPLES
) -> tuple[Move, dict[Move, float]]:
    """The hard bot's move in ``before`` (the match's move ``index``) and each legal move's
    value by its search, from the view of the seat to play: the review's worlds, its seed."""
    bot = HardBot(_seed(before.seed, index), samples=samples, cut_samples=samples)
    return bot.evaluate(before.view(before.current))


def review_deal(
    game: Game, seat: int, deal: int, samples: int = REVIEW_SAMPLES
) -> tuple[Decision, ...]:
    """Each decision ``seat`` made in deal number ``deal`` (1-based, finished; its cut too when
    it cut), oldest first, beside the hard bot's (``samples`` worlds a decision)."""
    replay = _Replay(game)
    replay.check(seat, deal)
    return tuple(
        replay.decision(index, samples)
        for index, before in enumerate(replay.positions)
        if before.current == seat and replay.deal_of(index) == deal
    )


def expert_steps(
    game: Game, seat: int, deal: int, level: str = "hard", samples: int | None = None
) -> Iterator[Game]:
    """The positions of ``expert_replay``, one a move: to play it a few moves at a time."""
    replay = _Replay(game)
    replay.check(seat, deal)
    starts = [
        index
        for index, before in enumerate(replay.positions)
        if before.phase == Phase.CUT and replay.deal_of(index) == deal
    ]
    if not starts:
        raise ChkobbaError(
            f"deal {deal} began before the position this game was set up from: "
            "its shuffle is not known"
        )
    if level not in LEVELS:
        raise ChkobbaError(f"no bot level {quoted(level)}: choose {', '.join(LEVELS)}")
    bots: list[Bot] = [
        HardBot(_seed(game.seed, deal, other), samples=samples, cut_samples=samples)
        if other == seat
        else make_bot(level, seed=_seed(game.seed, deal, other))
        for other in range(game.rules.players)
    ]
    return _played(replay.positions[starts[0]], bots)


def expert_replay(
    game: Game, seat: int, deal: int, level: str = "hard", samples: int | None = None
) -> Game:
    """Deal ``deal`` (finished) played again from its start, its shuffle the same, the hard bot
    in ``seat`` (``samples`` worlds a move, or its own default), bots of ``level`` in the other
    seats: the position once it is over, its ``deal_results[-1]`` the expert's sheet."""
    return deque(expert_steps(game, seat, deal, level, samples), maxlen=1)[0]


def _played(start: Game, bots: list[Bot]) -> Iterator[Game]:
    """The positions from ``start`` to the end of its deal, each seat's moves by its bot."""
    game = start
    deals = len(game.deal_results)
    while len(game.deal_results) == deals:
        game = game.play(bots[game.current].choose(game.view(game.current)))
        yield game


def _seed(*parts: object) -> int:
    """A bot's seed, fixed by ``parts`` (the game's seed, a move's index...)."""
    return random.Random("|".join(map(str, parts))).getrandbits(32)


class _Replay:
    """A match's history replayed (``log.replay``): the position before each move.

    A game set up (``from_position``) after some deals starts there: the replay, from its
    notation, numbers that game's deals from 1, so ``earlier`` counts the deals before it."""

    def __init__(self, game: Game) -> None:
        self.game = game
        steps = list(log.replay(game))
        self.positions = [before for before, _, _ in steps]
        end = steps[-1][2] if steps else log.beginning(game)
        self.earlier = len(game.deal_results) - len(end.deal_results)

    def deal_of(self, index: int) -> int:
        """The number of the deal that move ``index`` was made in."""
        return self.positions[index].deal_number + self.earlier

    def check(self, seat: int, deal: int) -> None:
        """``ChkobbaError`` unless ``seat`` is a seat, ``deal`` a finished deal of the history."""
        players = self.game.rules.players
        if type(seat) is not int or not 0 <= seat < players:
            raise ChkobbaError(f"no seat {quoted(seat)}: a seat is 0 to {players - 1}")
        finished = len(self.game.deal_results)
        if type(deal) is not int or deal < 1:
            raise ChkobbaError(f"no deal {quoted(deal)}: deals are numbered from 1")
        if deal > finished:
            now = "is not over yet" if deal == finished + 1 else "has not been played"
            raise ChkobbaError(f"deal {deal} {now}: {finished} deal(s) finished")
        if deal <= self.earlier:
            raise ChkobbaError(
                f"deal {deal} was played before the position this game was set up from: "
                "its moves are not in its history"
            )

    def decision(self, index: int, samples: int) -> Decision:
        """Move ``index`` beside the hard bot's, from the view of the seat that made it."""
        return review_position(self.positions[index], self.game.history[index], index, samples)


__all__ = [
    "BEST_WITHIN",
    "FINE_UNDER",
    "GRADES",
    "REVIEW_SAMPLES",
    "Decision",
    "expert_replay",
    "expert_steps",
    "expert_values",
    "grade",
    "review_deal",
    "review_move",
    "review_position",
]
