"""The deal's log: a view of the match's history, checked against what the game itself says."""

from __future__ import annotations

import pytest
from chkobba import Game, Rules
from chkobba.bots import make_bot
from chkobba.log import EntryKind, deal_log, match_log, replay, taken_back, undoable


def played_out(players: int, seed: int, deals: int = 2) -> Game:
    """A match played by medium bots until ``deals`` deals are scored (or it is over)."""
    game = Game.new(Rules(players=players, target=61), seed=seed)
    bots = [make_bot("medium", seed=seed + s) for s in range(players)]
    while len(game.deal_results) < deals and game.winner is None:
        game = game.play(bots[game.current].choose(game.view(game.current)))
    return game


def first_redeal_seed() -> int:
    for seed in range(2000):
        game = Game.new(Rules(), seed=seed)
        for move in game.legal_moves():
            if game.play(move).redealt:
                return seed
    raise AssertionError("no redeal in 2000 seeds")


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", [1, 2, 3, 8])
def test_each_deal_tells_every_move_and_agrees_with_the_sheet(players, seed):
    game = played_out(players, seed)
    assert len(game.deal_results) == 2
    log = match_log(game)
    assert [e.number for e in log if e.kind in ("cut", "play")] == list(
        range(1, len(game.history) + 1)
    )
    for number, result in enumerate(game.deal_results, 1):
        deal = deal_log(game, number)
        assert deal[0].kind == EntryKind.CUT and deal[-1].kind == EntryKind.SCORED
        assert deal[-1].result == result
        plays = [e for e in deal if e.kind == EntryKind.PLAY]
        assert len(plays) == 40 - 4  # every card but the first table's is played
        for side in (0, 1):
            swept = sum(e.chkobba for e in plays if e.seat % 2 == side)
            assert swept == result.scores[side].chkobba
            taken = [c for e in plays if e.seat % 2 == side and e.cards for c in (e.card, *e.cards)]
            leftovers = [e for e in deal if e.kind == EntryKind.LEFTOVERS and e.side == side]
            taken += [c for e in leftovers for c in e.cards]
            assert len(taken) == result.scores[side].cards
        left = [e for e in deal if e.kind == EntryKind.LEFTOVERS]
        assert [(e.side, e.cards) for e in left] == (
            [(result.leftovers_side, result.leftovers)] if result.leftovers else []
        )


def test_the_cut_says_which_card_and_whether_it_was_kept():
    game = Game.new(Rules(), seed=5)
    card = game.cut_card
    kept = deal_log(game.play("keep"), 1)[0]
    exposed = deal_log(game.play("expose"), 1)[0]
    assert (kept.kind, kept.seat, kept.card, kept.kept) == ("cut", game.current, card, True)
    assert (exposed.card, exposed.kept) == (card, False)


def test_a_redeal_follows_its_cut():
    seed = first_redeal_seed()
    game = Game.new(Rules(), seed=seed)
    move = next(m for m in game.legal_moves() if game.play(m).redealt)
    log = deal_log(game.play(move), 1)
    assert [e.kind for e in log] == ["cut", "redeal"]


def test_a_chkobba_is_marked_on_its_play():
    for seed in range(40):
        game = played_out(2, seed, deals=1)
        if any(r.scores[s].chkobba for r in game.deal_results for s in (0, 1)):
            break
    sweeps = [e for e in match_log(game) if e.chkobba]
    assert sweeps and all(e.kind == EntryKind.PLAY and e.cards for e in sweeps)


def test_a_set_up_position_is_logged_from_where_it_starts():
    start = played_out(2, 4, deals=0)
    for _ in range(5):
        start = start.play(start.legal_moves()[0])
    game = Game.from_notation(start.notation())
    game = game.play(game.legal_moves()[0])
    assert next(b for b, _, _ in replay(game)) == Game.from_notation(start.notation())
    assert [e.number for e in match_log(game)] == [1]


def test_the_log_survives_the_save():
    game = played_out(4, 6, deals=1)
    assert match_log(Game.from_json(game.to_json())) == match_log(game)


def hands_played(players: int, seed: int):
    """Each position of a match's first deal, played by medium bots."""
    game = Game.new(Rules(players=players), seed=seed)
    bots = [make_bot("medium", seed=seed + s) for s in range(players)]
    positions = [game]
    while not game.deal_results:
        game = game.play(bots[game.current].choose(game.view(game.current)))
        positions.append(game)
    return positions


@pytest.mark.parametrize("players", [2, 4])
def test_a_play_is_taken_back_with_the_replies_since_until_new_cards_are_dealt(players):
    positions = hands_played(players, 11)
    checked = 0
    for index, game in enumerate(positions):
        back = taken_back(game, 0)
        earlier = [
            i
            for i, p in enumerate(positions[:index])
            if p.current == 0 and p.phase == "play" and len(p.history) < len(game.history)
        ]
        last = earlier[-1] if earlier else None
        same_hand = (
            last is not None
            and game.phase == "play"
            and positions[last].stock_count == game.stock_count
            and not game.deal_results
        )
        if same_hand:
            assert back == positions[last] and undoable(game, 0) == last + 1
            checked += 1
        else:
            assert back is None and undoable(game, 0) is None
    assert checked > 10


def test_nothing_is_taken_back_at_the_cut_or_after_the_deal():
    assert taken_back(Game.new(Rules(), seed=3), 0) is None
    done = played_out(2, 3, deals=1)
    assert done.phase == "cut" and taken_back(done, 0) is None
