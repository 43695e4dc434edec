"""Properties over many seeded random matches, 2 and 4 players: the rules hold at every step."""

from __future__ import annotations

import pytest
from chkobba import DECK, Game, Move, Rules
from engine_support import all_cards, oracle_captures, oracle_points, random_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# How many whole matches the seeded loop plays for each number of players (cheaper checks), and
# how many hypothesis draws get every check (round trips and every legal move applied).
LOOP_MATCHES = 500
FULL_EXAMPLES = 12


def check_cards(game: Game) -> None:
    """All 40 cards, each exactly once, somewhere: table, hands, stock or piles."""
    assert sorted(all_cards(game)) == list(DECK)


def check_legal_moves(game: Game) -> None:
    """The legal moves are stable and are exactly what the capture rule allows."""
    moves = game.legal_moves()
    assert moves == game.legal_moves()
    assert len(set(moves)) == len(moves)
    if game.phase == "cut":
        assert moves == [Move.KEEP, Move.EXPOSE]
        return
    if game.phase == "over":
        assert moves == []
        return
    expected = set()
    for card in game.hands[game.current]:
        groups = oracle_captures(card, game.table) or {frozenset()}
        expected |= {(card, group) for group in groups}
    assert {(move.card, frozenset(move.captures)) for move in moves} == expected
    assert all(move.kind == "play" for move in moves)


def check_transition(before: Game, move: Move, after: Game) -> None:
    """The played card and its captures went where the rules send them."""
    if before.phase != "play":
        return
    seat, side = before.current, before.current % 2
    table = set(before.table) - set(move.captures)
    piles = [list(before.piles[0]), list(before.piles[1])]
    last = before.last_capturer
    if move.captures:
        piles[side] += [*move.captures, move.card]
        last = seat
    else:
        table.add(move.card)
    if len(after.deal_results) == len(before.deal_results):
        assert set(after.table) == table
        assert [set(pile) for pile in after.piles] == [set(pile) for pile in piles]
        assert after.last_capturer == last
        swept = bool(move.captures) and not table
        expected = list(before.chkobbas)
        expected[side] += swept
        assert list(after.chkobbas) == expected
        return
    check_deal_end(before, after, piles, table, last)


def check_deal_end(before: Game, after: Game, piles: list, table: set, last: int | None) -> None:
    """Leftovers to the last capturer, no chkobba for the last card, points as the piles say."""
    result = after.deal_results[-1]
    assert result.dealer == before.dealer
    if table and last is not None:
        piles[last % 2] += table
        assert set(result.leftovers) == table
        assert result.leftovers_side == last % 2
    else:
        assert result.leftovers == ()
        assert result.leftovers_side is None
    for score, pile, sweeps in zip(result.scores, piles, before.chkobbas, strict=True):
        points = oracle_points(pile, sweeps)
        assert (score.karta, score.dinari, score.bermila, score.hayya, score.chkobba) == points
        assert score.total == sum(points)
        assert score.cards == len(pile)
    totals = tuple(s + r.total for s, r in zip(before.scores, result.scores, strict=True))
    assert result.totals == totals == after.scores
    target = before.rules.target
    if after.phase == "over":
        winner = after.winner
        assert totals[winner] >= target
        assert totals[winner] > totals[1 - winner]
    else:
        assert after.winner is None
        assert max(totals) < target or totals[0] == totals[1]
        assert after.phase == "cut"


def check_round_trips(game: Game) -> None:
    """JSON and notation read back to the same position; move text round-trips."""
    text = game.to_json()
    again = Game.from_json(text)
    assert again == game
    assert again.to_json() == text
    assert again.legal_moves() == game.legal_moves()
    notation = game.notation()
    parsed = Game.from_notation(notation)
    assert parsed.notation() == notation
    assert parsed.legal_moves() == game.legal_moves()
    for move in game.legal_moves():
        assert Move.parse(str(move)) == move


def check_every_move_applies(game: Game) -> None:
    """Each legal move plays, without changing the position it is played from."""
    notation = game.notation()
    for move in game.legal_moves():
        after = game.play(move)
        assert after.history[-1] == move
        check_cards(after)
    assert game.notation() == notation


def check_match(seed: int, players: int, full: bool, target: int = 21) -> Game:
    """Play a random match, checking every step; return the final position."""
    first = None
    moves = []
    for before, move, after in random_match(seed, players, target):
        moves.append(move)
        if full:
            assert after.history == (*before.history, move)
        if first is None:
            first = before
            check_cards(before)
            check_legal_moves(before)
        check_cards(after)
        check_legal_moves(after)
        check_transition(before, move, after)
        if full:
            check_round_trips(after)
            check_every_move_applies(before)
    final = after
    assert final.history == tuple(moves), "the history is the whole match"
    assert final.phase == "over"
    assert final.winner in (0, 1)
    if full:
        replayed = first
        for move in final.history:
            replayed = replayed.play(str(move))
        assert replayed == final, "same seed and same moves give the same game"
    return final


@pytest.mark.parametrize("players", [2, 4])
def test_seeded_random_matches(players):
    winners = [check_match(seed, players, full=False).winner for seed in range(LOOP_MATCHES)]
    assert 0.3 < sum(winners) / len(winners) < 0.7, "both sides win random matches"


@settings(max_examples=FULL_EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 2**64 - 1), st.sampled_from([2, 4]), st.sampled_from([11, 21]))
def test_random_matches_with_round_trips_at_every_step(seed, players, target):
    final = check_match(seed, players, full=True, target=target)
    assert max(final.scores) >= target


@settings(max_examples=30, deadline=None)
@given(st.integers(-(2**70), 2**70), st.sampled_from([2, 4]), st.sampled_from([11, 21, 31]))
def test_any_seed_gives_a_reproducible_match(seed, players, target):
    rules = Rules(players=players, target=target)
    assert Game.new(rules, seed=seed) == Game.new(rules, seed=seed)
    game = Game.new(rules, seed=seed)
    check_cards(game)
    check_round_trips(game)
