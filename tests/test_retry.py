"""Try it again: a reviewed decision made anew, judged by the review's own search, and the table
that plays on after it. Deterministic; the match is only read."""

from __future__ import annotations

import re

import pytest
from chkobba import ChkobbaError, Game, IllegalMove, Move, Rules
from chkobba.bots import make_bot
from chkobba.retry import retry_move, retry_start, retry_verdict, verdict_at
from chkobba.review import BEST_WITHIN, Decision, review_deal, review_position


def match(seed: int, players: int = 2) -> Game:
    """A deal played by easy bots (they make costly decisions), its sheet due."""
    game = Game.new(Rules(players=players), seed=seed)
    bots = [make_bot("easy", seed=seed * 3 + seat) for seat in range(players)]
    while not game.deal_results:
        game = game.play(bots[game.current].choose(game.view(game.current)))
    return game


def costly(game: Game) -> Decision:
    """Seat 0's costliest decision of the first deal."""
    return max(review_deal(game, 0, 1), key=lambda d: d.loss)


@pytest.fixture(scope="module")
def game() -> Game:
    return match(1)


@pytest.fixture(scope="module")
def decision(game: Game) -> Decision:
    return costly(game)


def test_the_start_is_the_table_before_the_decision(game: Game, decision: Decision) -> None:
    start = retry_start(game, decision.index)
    assert start.notation() == decision.position  # the same hidden cards and stock
    assert start.history == game.history[: decision.index]
    assert start.play(decision.played).history == game.history[: decision.index + 1]


def test_the_expert_s_move_is_as_good_and_gains_what_the_match_s_move_cost(
    game: Game, decision: Decision
) -> None:
    assert decision.grade == "costly" and decision.loss > 0.9  # seed 1's deal: a point let go
    verdict = retry_verdict(game, decision.index, decision.bot)
    assert verdict.as_good and verdict.grade == "best" and verdict.loss == 0.0
    assert verdict.gain == pytest.approx(decision.loss)
    assert (verdict.move, verdict.played, verdict.bot) == (
        decision.bot,
        decision.played,
        decision.bot,
    )
    again = retry_verdict(game, decision.index, str(decision.played))  # its text works too
    assert not again.as_good and again.grade == "costly"
    assert again.loss == decision.loss and again.gain == 0.0


def test_each_move_gets_the_review_s_grade(game: Game, decision: Decision) -> None:
    start = retry_start(game, decision.index)
    for move in start.legal_moves():
        verdict = verdict_at(start, decision.played, decision.index, move)
        reviewed = review_position(start, move, decision.index)
        assert (verdict.loss, verdict.grade, verdict.bot) == (
            reviewed.loss,
            reviewed.grade,
            reviewed.bot,
        )
        assert verdict.as_good == (reviewed.loss <= BEST_WITHIN)
        assert verdict.gain == pytest.approx(decision.loss - reviewed.loss)


def test_an_illegal_move_is_refused_with_the_rules_reason(game: Game, decision: Decision) -> None:
    start = retry_start(game, decision.index)
    theirs = start.hands[1][0]  # a card of the other hand
    reason = start.why_illegal(Move.play(theirs))
    assert reason
    with pytest.raises(IllegalMove, match=re.escape(reason)):
        retry_verdict(game, decision.index, Move.play(theirs))
    with pytest.raises(ChkobbaError, match="no move 999: this game's history has"):
        retry_verdict(game, 999, decision.bot)


def test_the_match_is_only_read(game: Game, decision: Decision) -> None:
    saved = game.to_json()
    retry_verdict(game, decision.index, decision.bot)
    start = retry_start(game, decision.index).play(decision.bot)
    retry_move(game, decision.index, start, "hard")
    assert game.to_json() == saved
    assert Game.from_json(saved) == game


def play_on(game: Game, index: int, first: Move, level: str) -> Game:
    """The retry of move ``index`` played to the deal's end: ``first``, then every seat by
    ``retry_move``."""
    position = retry_start(game, index).play(first)
    while not position.deal_results:
        position = position.play(retry_move(game, index, position, level))
    return position


def test_the_table_plays_as_it_did_while_the_play_is_the_match_s(
    game: Game, decision: Decision
) -> None:
    again = play_on(game, decision.index, decision.played, "medium")
    assert again.history == game.history and again == game


def test_after_a_new_choice_the_level_s_bots_play_the_same_every_time(
    game: Game, decision: Decision
) -> None:
    start = retry_start(game, decision.index)
    first = play_on(game, decision.index, decision.bot, "medium")
    assert first == play_on(game, decision.index, decision.bot, "medium")
    assert first.history[: decision.index + 1] == (*start.history, decision.bot)
    assert first.history != game.history[: len(first.history)]
    with pytest.raises(ChkobbaError, match="no bot level 'best'"):
        retry_move(game, decision.index, start.play(decision.bot), "best")


def test_four_players() -> None:
    game = match(2, players=4)
    decision = costly(game)
    verdict = retry_verdict(game, decision.index, decision.bot)
    assert verdict.as_good and verdict.gain == pytest.approx(decision.loss)
    assert play_on(game, decision.index, decision.played, "easy") == game
