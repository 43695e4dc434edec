"""The position notation (parse and print) and JSON saves (exact round trip, format version)."""

from __future__ import annotations

import json

import pytest
from chkobba import DECK, Game, Move, Rules
from engine_support import cards, play_through, position_after

FULL_DECK = "".join(card.code for card in DECK)
DOC_EXAMPLE = "2D6S QH/- 0 -/- - 17-12/21 1 - s7.3"


def test_documented_example_parses_and_prints():
    game = Game.from_notation(DOC_EXAMPLE)
    assert game.table == cards("2D 6S")
    assert game.hands == (cards("QH"), ())
    assert game.phase == "play"
    assert game.current == 0
    assert game.piles == ((), ())
    assert game.stock_count == 0
    assert game.scores == (17, 12)
    assert game.rules == Rules(players=2, target=21)
    assert game.dealer == 1
    assert game.last_capturer is None
    assert (game.seed, game.shuffles) == (7, 3)
    assert game.notation() == DOC_EXAMPLE


def test_tutorial_position_without_the_seed_field():
    game = Game.from_notation("2D6S QH/- 0 -/- - 0-0/21 1 -")
    assert game.legal_moves() == [Move.parse("QHx2D+6S")]
    assert Game.from_notation(game.notation()) == game


@pytest.mark.parametrize(
    ("text", "printed"),
    [
        ("6s2d qh/kc 0 -/- - 0-0/21 1 -", "2D6S QH/KC 0 -/- - 0-0/21 1 - s0.0"),
        ("6♠2♦ Q♥/K♣ 0 -/- - 0-0/21 1 -", "2D6S QH/KC 0 -/- - 0-0/21 1 - s0.0"),
        ("2D6S QH/KC   0 -/- - 0-0/21 1 - s7.3", "2D6S QH/KC 0 -/- - 0-0/21 1 - s7.3"),
    ],
)
def test_other_spellings_print_in_the_canonical_form(text, printed):
    assert Game.from_notation(text).notation() == printed


def test_piles_mark_the_cards_that_made_a_chkobba():
    text = "2D6S QH/KC 0 3D4SQD*5C5H*AS/JC* - 4-2/21 1 0 s3.1"
    game = Game.from_notation(text)
    assert game.piles == (cards("3D 4S QD 5C 5H AS"), cards("JC"))
    assert game.sweeps == (cards("QD 5H"), cards("JC"))
    assert game.chkobbas == (2, 1)
    assert game.last_capturer == 0
    assert game.notation() == text


@pytest.mark.parametrize(
    ("text", "phase", "current", "players"),
    [
        (f"- -/- c0 -/- {FULL_DECK} 0-0/21 1 - s1.0", "cut", 0, 2),
        (f"- -/-/-/- c2 -/- {FULL_DECK} 0-0/21 1 - s1.0", "cut", 2, 4),
        ("2D 3C/4H/5S/6D 3 -/- - 0-0/31 2 - s1.0", "play", 3, 4),
        ("- -/- x -/- - 21-3/21 1 - s1.0", "over", None, 2),
    ],
)
def test_phases_and_four_players(text, phase, current, players):
    game = Game.from_notation(text)
    assert game.phase == phase
    assert game.rules.players == players
    if current is not None:
        assert game.current == current
    assert game.notation() == text
    if phase == "cut":
        assert game.cut_card == game.stock[0]
    if phase == "over":
        assert game.winner == 0


def test_seed_field_gives_the_next_deals():
    # Same position, same seed field: the next deal is the same deck.
    text = "5C 5H/- 0 -/- - 3-4/21 1 - s9.4"
    first, second = (Game.from_notation(text).play("5Hx5C") for _ in range(2))
    assert first == second
    assert first.phase == "cut"
    other = Game.from_notation(text.replace("s9.4", "s10.4")).play("5Hx5C")
    assert other.stock != first.stock


# ----------------------------------------------------------------------------- JSON saves


def test_save_has_a_format_and_version_and_is_one_line():
    text = position_after(4, 2, 60).to_json()
    data = json.loads(text)
    assert data["format"] == "chkobba-game"
    assert data["version"] == 1
    assert "\n" not in text


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("steps", [0, 1, 2, 30, 120, 200])
def test_save_round_trips_exactly_and_play_continues_the_same(players, steps):
    game = position_after(4, players, steps)
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert hash(loaded) == hash(game)
    assert loaded.to_json() == game.to_json()
    assert loaded.history == game.history
    assert loaded.deal_results == game.deal_results
    assert loaded.redealt == game.redealt
    assert loaded.legal_moves() == game.legal_moves()
    for move in game.legal_moves():
        assert loaded.play(move) == game.play(move)


def test_finished_match_round_trips():
    game = play_through(Game.from_notation("5C 5H/- 0 -/- - 20-4/21 1 -"), "5Hx5C")
    assert game.phase == "over"
    loaded = Game.from_json(game.to_json())
    assert loaded == game
    assert loaded.winner == 0
    assert loaded.deal_results[-1].scores == game.deal_results[-1].scores


def test_redeal_survives_a_save():
    for seed in range(200):
        game = Game.new(Rules(), seed=seed)
        after = game.play("expose")
        if after.redealt:
            assert Game.from_json(after.to_json()).redealt
            return
    pytest.fail("no redeal in 200 seeds")


def test_play_returns_a_new_game_and_leaves_the_old_one():
    game = Game.from_notation("2D6S QH/KC 0 -/- - 0-0/21 1 -")
    before = (game.notation(), game.to_json())
    after = game.play(Move.parse("QHx2D+6S"))
    assert after is not game
    assert (game.notation(), game.to_json()) == before
    assert game.play("QHx2D+6S") == after, "a move given as text is the same move"
