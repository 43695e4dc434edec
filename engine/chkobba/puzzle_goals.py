"""The puzzles' commands: ``python -m chkobba puzzles`` prints board lines for tutorial writers,
``python -m chkobba puzzles --goals`` proves a year of daily puzzles and prints the figures.

Each day's puzzle is proved twice: by the puzzle's search (``puzzles.prove``, alpha-beta) and
by ``minimax``, plain minimax over ``Game`` itself (every legal move played by the engine to the
deal's end, its score sheet read): both must find the one best move and the same margin.
"""

from __future__ import annotations

import datetime
import statistics
import time

from .game import Game
from .kernel import side
from .moves import Move
from .puzzles import Puzzle, alike, board_line, daily_puzzle, find_daily, prove

FIRST_DAY = datetime.date(2027, 1, 1)
GOAL_DAYS = 365


def minimax(game: Game) -> int:
    """The deal's points of ``game``'s seat's side minus the other's, both seats at their best,
    found by playing every legal move through ``Game`` to the deal's end (no pruning, no
    classes: a check on the puzzles' search, for the last hand of a deal)."""
    return max(value for _, value in move_values(game))


def move_values(game: Game) -> list[tuple[Move, int]]:
    """Each legal move of ``game``'s seat and its ``minimax`` value for the seat's side."""
    mine = side(game.current)
    deals = len(game.deal_results)
    found = []
    for move in game.legal_moves():
        after = game.play(move)
        if len(after.deal_results) > deals:
            scores = after.deal_results[-1].scores
            value = scores[mine].total - scores[1 - mine].total
        else:
            value = minimax(after) * (1 if side(after.current) == mine else -1)
        found.append((move, value))
    return found


def checked(puzzle: Puzzle) -> str:
    """Why ``puzzle`` is not proved by ``minimax`` (``""`` when it is): every move alike the
    answer is worth its value, every other at least the margin less."""
    game = puzzle.game
    for move, value in move_values(game):
        right = alike(puzzle.answer, move)
        if right and value != puzzle.value:
            return f"{move} is worth {value}, not {puzzle.value}"
        if not right and value > puzzle.value - puzzle.margin:
            return f"{move} is worth {value}: within {puzzle.margin} of {puzzle.answer}"
    return ""


def print_boards(count: int, first: datetime.date) -> None:
    """``count`` daily puzzles from ``first`` as board lines, each after a comment (its day)."""
    for offset in range(count):
        day = first + datetime.timedelta(days=offset)
        puzzle = daily_puzzle(day)
        print(f"<!-- the puzzle of {day.isoformat()}: margin {puzzle.margin} -->")
        print(board_line(puzzle))


def goals(days: int = GOAL_DAYS, first: datetime.date = FIRST_DAY) -> bool:
    """Generate and prove ``days`` daily puzzles from ``first``; print each day's proof work and
    the summary. True when every day is proved and no two days are alike."""
    made_ms, proof_ms, margins, nodes = [], [], [], []
    positions = set()
    failures = []
    print("day         deal  margin  nodes  proof ms  day's ms  answer")
    for offset in range(days):
        day = first + datetime.timedelta(days=offset)
        started = time.process_time()
        deal, puzzle = find_daily(day)
        made_ms.append((time.process_time() - started) * 1000)
        started = time.process_time()
        again = prove(Game.from_notation(puzzle.position))
        proof_ms.append((time.process_time() - started) * 1000)
        problem = "not proved again" if again != puzzle else checked(puzzle)
        if problem:
            failures.append(f"{day}: {problem}")
        margins.append(puzzle.margin)
        nodes.append(puzzle.nodes)
        positions.add(puzzle.position)
        print(
            f"{day}  {deal:4d}  {puzzle.margin:6d}  {puzzle.nodes:5d}  {proof_ms[-1]:8.1f}"
            f"  {made_ms[-1]:8.1f}  {'|'.join(map(str, puzzle.alike))}"
        )
    proved = days - len(failures)
    print()
    print(f"days: {days} from {first}; proved (one best move by >= 1, minimax agrees): {proved}")
    print(f"margin: min {min(margins)}, median {statistics.median(margins):g}, max {max(margins)}")
    print(
        f"nodes a proof: median {statistics.median(nodes):g}, max {max(nodes)}; "
        f"a proof's CPU ms (CPython): p50 {_pct(proof_ms, 50):.1f}, p95 {_pct(proof_ms, 95):.1f}"
    )
    print(
        f"a day's puzzle from its date (deals played, proofs), CPU: "
        f"p50 {_pct(made_ms, 50):.1f} ms, p95 {_pct(made_ms, 95):.1f} ms, max {max(made_ms):.1f} ms"
    )
    print(f"distinct positions: {len(positions)} of {days}")
    for failure in failures:
        print("NOT PROVED", failure)
    return not failures and len(positions) == days


def _pct(values: list[float], percent: int) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, len(ordered) * percent // 100)]
