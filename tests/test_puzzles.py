"""Puzzles with one right answer: the first 30 daily puzzles of 2027 played through the engine,
the verdicts on wrong moves, the board lines a board reads, and the puzzles' exact search
against plain minimax over ``Game`` on random last hands."""

from __future__ import annotations

import datetime
import doctest
import html
import re
import sys
from pathlib import Path

import pytest
from chkobba import DECK, Game, Move, RefusalKind, puzzles
from chkobba.bots import make_bot
from chkobba.kernel import CATEGORIES
from chkobba.puzzle_goals import checked, minimax, move_values
from chkobba.puzzles import (
    PUZZLE_RULES,
    Puzzle,
    alike,
    board_line,
    clue,
    daily_puzzle,
    daily_seeds,
    deal_puzzle,
    explain,
    judge,
    last_hand,
    prove,
    prove_every_deal,
    puzzles_from,
    question,
)
from chkobba.review import review_deal
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web"))  # shared, which board imports
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "boards"))  # board.spec
from board.spec import parse_spec

FIRST = datetime.date(2027, 1, 1)
DAYS = [FIRST + datetime.timedelta(days=offset) for offset in range(30)]


@pytest.fixture(scope="module")
def month() -> dict[datetime.date, Puzzle]:
    return {day: daily_puzzle(day) for day in DAYS}


def test_doctests() -> None:
    assert doctest.testmod(puzzles).failed == 0


def test_each_answer_is_legal_and_scores_as_claimed(month: dict[datetime.date, Puzzle]) -> None:
    for day, puzzle in month.items():
        game = Game.from_notation(puzzle.position)
        assert last_hand(game) and game.current == puzzle.seat, day
        for move in puzzle.alike:
            assert game.why_illegal(move) == "", (day, move)
            after = game.play(move)
            value = _played_value(after, puzzle.seat)
            assert value == puzzle.value, (day, move, value)
        assert puzzle.margin >= 1, day


def test_every_other_move_is_worse_by_the_margin(month: dict[datetime.date, Puzzle]) -> None:
    for day, puzzle in month.items():
        game = puzzle.game
        others = [value for move, value in move_values(game) if not alike(puzzle.answer, move)]
        assert others, day
        assert max(others) == puzzle.value - puzzle.margin, day  # the margin is the gap itself
        assert checked(puzzle) == "", day
        right = {str(move) for move in puzzle.alike}
        assert right == {str(move) for move in game.legal_moves() if alike(puzzle.answer, move)}, (
            day
        )


def test_the_reason_facts(month: dict[datetime.date, Puzzle]) -> None:
    for day, puzzle in month.items():
        after = puzzle.game.play(puzzle.answer)
        assert puzzle.takes == puzzle.answer.captures, day
        if after.deal_number == puzzle.game.deal_number:
            assert puzzle.leaves == after.table, day
        assert puzzle.wins and set(puzzle.wins) <= set(CATEGORIES), day
        gained = sum(puzzle.answer_points) - sum(puzzle.runner_up_points)
        assert gained == puzzle.margin, day
        assert sum(puzzle.answer_points) == puzzle.value, day


def test_a_wrong_move_gets_a_verdict_with_its_facts(month: dict[datetime.date, Puzzle]) -> None:
    for day, puzzle in month.items():
        game = puzzle.game
        for move in game.legal_moves():
            verdict = judge(puzzle, move)
            if alike(puzzle.answer, move):
                assert verdict.right and verdict.loss == 0 and verdict.refusal is None, day
                continue
            assert not verdict.right and verdict.refusal is None, (day, move)
            assert verdict.loss >= puzzle.margin, (day, move)
            assert verdict.value == puzzle.value - verdict.loss, (day, move)
            assert _played_value(game.play(move), puzzle.seat) == verdict.value, (day, move)
            assert verdict.gives_up and set(verdict.gives_up) <= set(CATEGORIES), (day, move)


def test_a_move_the_rules_refuse_gets_the_engine_s_reason(
    month: dict[datetime.date, Puzzle],
) -> None:
    puzzle = month[FIRST]
    game = puzzle.game
    stranger = next(card for card in game.hands[1 - puzzle.seat] + game.table)
    verdict = judge(puzzle, Move.play(stranger))
    assert not verdict.right and verdict.refusal is not None
    assert verdict.refusal.kind == RefusalKind.NOT_IN_HAND
    assert verdict.refusal.card == stranger
    assert judge(puzzle, str(puzzle.answer)).right


def test_days_are_distinct_and_a_day_is_always_the_same(
    month: dict[datetime.date, Puzzle],
) -> None:
    assert len({puzzle.position for puzzle in month.values()}) == len(DAYS)
    assert daily_puzzle(DAYS[3]) == month[DAYS[3]]
    assert daily_seeds(DAYS[0]) == daily_seeds(DAYS[0]) != daily_seeds(DAYS[1])


def test_past_days_keep_their_puzzles(month: dict[datetime.date, Puzzle]) -> None:
    """A day's puzzle is made by the medium bot's moves (a seeded deal): a change to the bots,
    the deal or the search that changes past days' puzzles fails here (``tools/move_hash.py``
    guards the bots' moves)."""
    first, last = month[FIRST], month[DAYS[-1]]
    assert first.position == (
        "2S6D 2C6HKS/3D5S6C 1 3S3C2DQCKDKHKCJHJS7S7H2H6SQDAS4H5D/"
        "ACAD7C7D5H5CQSQH4S4DAH3H4CJCJD* - 0-0/21 0 0 s104288797710827.0"
    )
    assert (str(first.answer), first.margin) == ("3D", 1)
    assert last.position == (
        "AC2D5DJH AS2H4H/2S3H7D 1 ADJDKCJCJS5S5CQSQCKSKH4C4D/"
        "6H6D3D7SKD2C3S5H7H7CAH3C4S6C6SQHQD - 0-0/21 0 1 s222971734614860.0"
    )
    assert (str(last.answer), last.margin) == ("2Sx2D", 1)


def test_board_lines_are_read_by_the_board(month: dict[datetime.date, Puzzle]) -> None:
    for day, puzzle in month.items():
        line = board_line(puzzle, caption="Find it")
        assert line.startswith('<chkobba-board mode="puzzle" ') and "\n" not in line
        attributes = {
            name: html.unescape(value) for name, value in re.findall(r'(\w+)="([^"]*)"', line)
        }
        spec = parse_spec(attributes)
        assert spec.mode == "puzzle" and spec.seat == puzzle.seat and spec.play, day
        assert spec.start == puzzle.game, day
        assert spec.steps == (puzzle.alike,), day
        assert spec.captions == (explain(puzzle),) and spec.caption == "Find it", day
        assert spec.explain == clue(puzzle) and spec.lang == "en", day
        assert str(puzzle.answer) not in spec.explain and puzzle.answer.card is not None
        assert puzzle.answer.card.label not in spec.explain, day  # the clue keeps the answer
        asked = parse_spec(
            {
                "caption": question(puzzle),
                "position": puzzle.position,
                "moves": str(puzzle.answer),
                "mode": "puzzle",
            }
        ).caption
        hidden = puzzle.game.hands[1 - puzzle.seat]  # a board shows the other hand face down
        assert all(card.label in asked for card in hidden), day


def test_a_seeded_deal_gives_the_same_puzzle() -> None:
    found = [seed for seed in range(12) if deal_puzzle(seed) is not None]
    assert found  # most deals give one
    assert deal_puzzle(found[0]) == deal_puzzle(found[0])


def test_puzzles_from_a_player_s_costly_decisions() -> None:
    game = Game.new(PUZZLE_RULES, seed=2)
    bots = [make_bot("easy", seed=2), make_bot("medium", seed=2)]
    while not game.deal_results:
        game = game.play(bots[game.current].choose(game.view(game.current)))
    decisions = review_deal(game, 0, 1)
    found = puzzles_from(decisions)
    assert len(found) == 1  # this deal's player missed one proved answer in the last hand
    (puzzle,) = found
    (missed,) = [d for d in decisions if d.position == puzzle.position]
    assert missed.grade == "costly" and not alike(missed.played, puzzle.answer)
    assert judge(puzzle, missed.played).loss >= puzzle.margin
    assert prove(Game.new(seed=3)) is None  # the cut of a deal: not its last hand


def test_a_position_with_equal_best_moves_is_no_puzzle() -> None:
    # 4♥ or 4♣ laid: alike, and nothing else to play; no second kind of move to beat
    game = Game.from_notation("KS 4H4C/AS2S 0 -/- - 0-0/21 1 -")
    assert prove(game) is None
    assert alike(Move.parse("4H"), Move.parse("4C"))


EARLIER = (  # deal 1 of seed 22 (PUZZLE_RULES, medium bots), the next-to-last hand: J♠ alone
    "JS 6SJC/QSJH 1 3S3D2DQCKH2C7HJDQHQD2H3H5SKSKC4C4S/AD6C7C3C4H7S*AHAS5H5D6D6H "
    "5C2SKDAC4D7D 0-0/21 0 0 s22.0"
)


def test_an_earlier_answer_holds_in_every_deal_of_the_hidden_cards() -> None:
    game = Game.from_notation(EARLIER)
    found = prove_every_deal(game)
    assert found is not None
    assert (str(found.answer), found.margin, found.deals) == ("JHxJS", 1, 560)
    # deals of the two hidden cards and the stock, played by Game itself to the deal's end
    fields = EARLIER.split(" ")
    hidden = [*game.hands[0], *game.stock]
    for shift in range(0, len(hidden), 2):
        dealt = hidden[shift:] + hidden[:shift]
        text = " ".join(
            [
                fields[0],
                f"{''.join(map(str, dealt[:2]))}/{fields[1].split('/')[1]}",
                *fields[2:4],
                "".join(map(str, dealt[2:])),
                *fields[5:],
            ]
        )
        values = move_values(Game.from_notation(text))
        best = max(value for move, value in values if alike(found.answer, move))
        others = [value for move, value in values if not alike(found.answer, move)]
        assert best - max(others) >= found.margin, text


def test_earlier_proofs_keep_to_their_budget() -> None:
    game = Game.from_notation(EARLIER)
    assert prove_every_deal(game, most_deals=559) is None  # 560 deals: over the budget
    first = Game.new(PUZZLE_RULES, seed=22).play("keep")
    assert prove_every_deal(first) is None  # the first hand: far too many deals
    last = Game.from_notation("KS 4H4C/AS2S 0 -/- - 0-0/21 1 -")
    assert prove_every_deal(last) is None  # no stock: the last hand is prove's


# ---------------------------------------------------------------- the search against minimax


@st.composite
def last_hands(draw: st.DrawFn) -> str:
    """A random last hand of a two-player deal, as notation: the leader's and the other seat's
    hands (the same size, or the leader one card short once it has played), up to four table
    cards, the rest of the deck in the two piles, some of them chkobbas."""
    deck = [str(card) for card in draw(st.permutations(DECK))]
    held = draw(st.integers(1, 3))
    leader = draw(st.integers(0, 1))
    played = draw(st.booleans()) and held > 1
    sizes = [held, held]
    sizes[leader] -= played
    current = 1 - leader if played else leader
    on_table = draw(st.integers(0, 4))
    hands = [deck[: sizes[0]], deck[sizes[0] : sizes[0] + sizes[1]]]
    rest = deck[sum(sizes) :]
    table, piled = rest[:on_table], rest[on_table:]
    cut = draw(st.integers(0, len(piled)))
    piles = [piled[:cut], piled[cut:]]
    for pile in piles:
        for index in draw(st.sets(st.integers(0, max(0, len(pile) - 1)), max_size=2)):
            if pile:
                pile[index] += "*"
    last = draw(st.sampled_from([str(s) for s in (0, 1) if piles[s]] or ["-"]))
    return (
        f"{''.join(table) or '-'} {''.join(hands[0]) or '-'}/{''.join(hands[1]) or '-'} "
        f"{current} {''.join(piles[0]) or '-'}/{''.join(piles[1]) or '-'} - 0-0/21 "
        f"{1 - leader} {last}"
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(last_hands())
def test_the_search_agrees_with_minimax_over_the_game(text: str) -> None:
    game = Game.from_notation(text)
    values, _ = puzzles._values(game)
    brute = move_values(game)
    for _, moves, value in values:
        for move in moves:
            assert (str(move), value) in {(str(m), v) for m, v in brute}, (text, move)
    assert values[0][2] == minimax(game)
    puzzle = prove(game)
    best = sorted({v for _, v in brute}, reverse=True)
    kinds_at_best = {puzzles._kind(m) for m, v in brute if v == best[0]}
    if puzzle is None:
        assert len(kinds_at_best) > 1 or len(best) == 1 or best[0] - best[1] < 1
    else:
        assert kinds_at_best == {puzzles._kind(puzzle.answer)}
        assert puzzle.margin == best[0] - best[1]


def _played_value(game: Game, seat: int) -> int:
    """The deal's value for ``seat``'s side from ``game`` on, both at their best (minimax over
    ``Game``), or its score once the deal is over."""
    if game.deal_results:  # the deal is over (a puzzle's position starts with none)
        scores = game.deal_results[-1].scores
        return scores[seat % 2].total - scores[1 - seat % 2].total
    value = minimax(game)
    return value if game.current % 2 == seat % 2 else -value
