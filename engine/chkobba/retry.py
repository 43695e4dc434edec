"""Try it again: a decision of the review made anew, judged by the review's own search.

``retry_verdict(game, index, move)`` sets ``move``, made in the position before the match's
move ``index`` (``retry_start``: the same hidden cards and stock), beside the hard bot's, by the
very search the review graded that decision with (``chkobba.review.expert_values``: the same
seed, ``_seed(game.seed, index)``, the same ``REVIEW_SAMPLES`` worlds): whether it is as good as
the expert's (within ``BEST_WITHIN``, the review's "best"), what it costs against the expert's
move, and what it gains (or costs, when negative) against the move the match played. Values are
the search's: the seat's side's expected points minus the other side's, over the rest of the
hand (before a two-player deal's last hand, and with four players) or of the deal (in a
two-player deal's last hand), so a point let go to the other side counts 2.

After the new choice the table plays on (``retry_move``): a seat plays the match's move for as
long as the retry's history is still the match's (the player chose again as the match did);
from the first move that differs, every seat plays as a bot of the match's level would, a fresh
bot a move, seeded by the game's seed, the decision's index and the move's number, without a
time budget. Everything is deterministic, every rule the kernel's (``Game.play``); the match's
game is only read.

Cost: one search, the review's for one decision; ``python3 build.py bottime --review`` times
``retry_verdict`` from the match (its history replayed) in CPython and Pyodide.
"""

from __future__ import annotations

from dataclasses import dataclass

from .bots import LEVELS, make_bot
from .errors import ChkobbaError, quoted
from .game import Game
from .log import replay
from .moves import Move
from .review import BEST_WITHIN, _seed, expert_values, grade


@dataclass(frozen=True, slots=True)
class Verdict:
    """A new choice at a decision of the match, beside the expert's and the match's."""

    index: int  # the decision's index in the match's history
    move: Move  # the new choice
    played: Move  # what the match played there
    bot: Move  # the expert's choice (the hard bot's, from the seat's view)
    loss: float  # what the new choice costs against the expert's (points, >= 0)
    gain: float  # what it gains against the match's move (points; negative: what it costs)
    grade: str  # "best", "fine" or "costly", as the review grades

    @property
    def as_good(self) -> bool:
        """The new choice is as good as the expert's (within ``BEST_WITHIN``)."""
        return self.loss <= BEST_WITHIN


def retry_start(game: Game, index: int) -> Game:
    """The position before the match's move ``index``: the table as it was, its hidden cards
    and stock the same (``ChkobbaError`` if there is no such move)."""
    history = game.history
    if type(index) is not int or not 0 <= index < len(history):
        raise ChkobbaError(f"no move {quoted(index)}: this game's history has {len(history)}")
    for number, (before, _, _) in enumerate(replay(game)):
        if number == index:
            return before
    raise AssertionError("unreachable: the history was replayed to its end")


def retry_verdict(game: Game, index: int, move: Move | str) -> Verdict:
    """``move`` made anew at the match's move ``index`` (``IllegalMove`` with the rules' reason
    if it is not allowed there)."""
    return verdict_at(retry_start(game, index), game.history[index], index, move)


def verdict_at(before: Game, played: Move, index: int, move: Move | str) -> Verdict:
    """``retry_verdict`` from the position ``before`` the match's move ``index`` (``played``
    there), already known (the page has it from the review)."""
    chosen = before.play(move).history[-1]  # refused here with the rules' reason
    best, values = expert_values(before, index)
    loss = 0.0 if chosen == best else max(0.0, values[best] - values[chosen])
    gain = values[chosen] - values[played]
    return Verdict(index, chosen, played, best, loss, gain, grade(loss))


def retry_move(game: Game, index: int, position: Game, level: str) -> Move:
    """The move of the seat to play in ``position``, a position of a retry of the match's move
    ``index``: the match's own while ``position``'s history is still the match's, else a
    ``level`` bot's (see the module's text)."""
    if level not in LEVELS:
        raise ChkobbaError(f"no bot level {quoted(level)}: choose {', '.join(LEVELS)}")
    done, history = len(position.history), game.history
    if done < len(history) and position.history == history[:done]:
        return history[done]
    bot = make_bot(level, seed=_seed(game.seed, index, "retry", done))
    return bot.choose(position.view(position.current))


__all__ = ["Verdict", "retry_move", "retry_start", "retry_verdict", "verdict_at"]
