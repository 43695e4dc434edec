"""Lockstep: random games played through ``Game`` and through the kernel as the bots drive it.

Every card played, by ``Game`` and by the bots, goes through the kernel's ``play_card`` (the table
left, the cards won, a chkobba or not, who plays next). Here every move of random 2- and 4-player
matches (cuts, redeals, ends of deal) is played both ways and every field compared at every step,
as OpenSpiel checks its two implementations of a game against each other:

- the hard bot's search, which keeps a deal on ints (hands as sorted card indices, the table a
  card set, the piles as packed counters, the last capturer's side): ``Searcher.root`` (a move
  and the position after it), ``Searcher._node``'s child loop (the same step over the children),
  ``Searcher._hand_end`` (the next hand, or the leftovers and the exact score) and ``cut_world``
  (the deal after the cut, or a redeal);
- the medium bot's look one move ahead (``MediumBot.foresee``);
- the inference, which rebuilds the other seats' plays of the current hand backwards from a
  view and plays each forward again (``infer._plays``, ``_Play.outcome``);
- the hint's reason (what the page says): a chkobba when the game scores one, "too much to
  sweep" exactly when no card could take the whole table left.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from chkobba import DECK, Game, Move, Rules, capture_options
from chkobba.bots import MediumBot, explain
from chkobba.bots.core import ints, pack_pile, packed, unpack
from chkobba.bots.infer import _plays
from chkobba.bots.search import Searcher
from chkobba.bots.worlds import World, cut_world
from chkobba.cardsets import BITS, bits_of
from chkobba.explain import Why, reason
from chkobba.log import made_chkobba

State = tuple[Any, ...]


def bot_state(game: Game) -> State:
    """A game's deal as the search holds it: (hands, seat, table, stock, stats0, stats1, last)."""
    last = -1 if game.last_capturer is None else game.last_capturer & 1
    return (
        tuple(ints(hand) for hand in game.hands),
        game.current,
        bits_of(game.table),
        tuple(card.index for card in game.stock),
        pack_pile(game.piles[0], len(game.sweeps[0])),
        pack_pile(game.piles[1], len(game.sweeps[1])),
        last,
    )


def world_of(game: Game) -> World:
    hands, _, table, stock, stats0, stats1, last = bot_state(game)
    return World(hands, table, stats0, stats1, last, stock, game.first_player)


class Probe(Searcher):
    """A search that stops one ply down: each position ``_node`` would search is recorded."""

    def __init__(self, world: World, inline: bool = False) -> None:
        super().__init__(world, max_plies=99, extra=99)
        self.seen: list[State] = []
        self.inline = inline

    def _node(self, hands, seat, table, stock, s0, s1, last, remaining, depth, alpha, beta):  # type: ignore[no-untyped-def, override]
        if self.inline and depth == 0:  # the real child loop, once
            return super()._node(hands, seat, table, stock, s0, s1, last, remaining, 0, alpha, beta)
        self.seen.append((hands, seat, table, stock, s0, s1, last))
        return 0.0


def deal_diff(game: Game) -> int:
    first, second = game.deal_results[-1].scores
    return first.total - second.total


def check_play(before: Game, move: Any, after: Game) -> None:
    """``move`` from ``before`` through the search's steps gives ``after``'s deal."""
    assert move.card is not None
    probe = Probe(world_of(before))
    value = probe.root(before.current, move.card.index, tuple(c.index for c in move.captures))
    if after.deal_number > before.deal_number:  # the deal ended: leftovers, exact score
        assert probe.seen == []
        assert value == deal_diff(after)
    else:
        assert probe.seen == [bot_state(after)]


def check_children(game: Game) -> None:
    """Every position ``_node``'s inlined child loop reaches is the game's after one move."""
    probe = Probe(world_of(game), inline=True)
    probe.value(game.current)
    nexts = {}
    for move in game.legal_moves():
        after = game.play(move)
        nexts[move] = bot_state(after) if after.deal_number == game.deal_number else None
    reached = set(probe.seen)
    assert reached <= set(nexts.values())
    distinct = {state for state in nexts.values() if state is not None}
    assert len(reached) <= len(distinct)


def check_cut(before: Game, keep: bool, after: Game) -> None:
    *_, deck, stats0, stats1, _ = bot_state(before)
    world = cut_world(deck, before.current, before.rules.players, keep, stats0, stats1)
    if world is None:
        assert after.phase == "cut" and after.redealt
        return
    assert after.phase == "play"
    state = (world.hands, world.first, world.table, world.stock, world.stats0, world.stats1, -1)
    assert state == bot_state(after)
    assert world.first == after.first_player == after.current


def check_medium(before: Game, move: Move, after: Game) -> None:
    """The medium bot's look ahead (piles, table, next seat) is the game's next position; at the
    deal's end its piles, the leftovers given, are the deal's score sheet."""
    stats0, stats1, table, seat = MediumBot.foresee(before.view(before.current), move)
    if after.deal_number == before.deal_number:
        _, current, game_table, _, game0, game1, _ = bot_state(after)
        assert (stats0, stats1, table, seat) == (game0, game1, game_table, current)
        return
    result = after.deal_results[-1]
    stats = [stats0, stats1]
    if result.leftovers_side is not None:
        assert table == bits_of(result.leftovers)
        stats[result.leftovers_side] += packed(table)
    sheet = [(s.cards, s.diamonds, s.sevens, s.sixes, s.hayya, s.chkobba) for s in result.scores]
    assert [unpack(stats[0]), unpack(stats[1])] == sheet


def check_inference(log: list[tuple[Game, Move]], game: Game) -> None:
    """The other seats' plays of this hand, rebuilt from the view of the seat to play: each
    play's seat, card, table and piles before it, and (played again by the kernel) the position
    after it, are the game's."""
    view = game.view(game.current)
    count = game.rules.players * 3 - sum(view.hand_sizes)
    steps = [(*log[i], log[i + 1][0] if i + 1 < len(log) else game) for i in range(len(log))]
    seen = [step for step in steps[len(steps) - count :] if step[0].current != view.seat]
    plays = _plays(view)
    assert len(plays) == len(seen)
    for play, (before, move, after) in zip(plays, reversed(seen), strict=True):
        _, seat, table, _, stats0, stats1, _ = bot_state(before)
        assert (play.seat, play.table, play.stats) == (seat, table, (stats0, stats1))
        assert (play.card, play.taken) == (BITS[move.card.index], bits_of(move.captures))
        _, current, table, _, stats0, stats1, _ = bot_state(after)
        assert play.outcome(play.card, play.taken) == (stats0, stats1, table)
        assert play.after == current


def check_reason(before: Game, move: Move, after: Game) -> None:
    """The hint's reason (the fact the page puts in words, and ``explain`` in English) is the
    game's: a chkobba exactly when the game scores one, and "too much to sweep" for a card laid
    exactly when no card could take the whole table it leaves and someone plays after it."""
    view = before.view(before.current)
    why, _ = reason(view, move)
    assert (why == Why.SWEEP) == made_chkobba(before, after)
    assert explain(view, move).startswith("chkobba!") == (why == Why.SWEEP)
    if not move.captures:
        assert move.card is not None
        table = tuple(sorted((*before.table, move.card)))
        whole = any(table in capture_options(card, table) for card in DECK if card not in table)
        goes_on = len(after.deal_results) == len(before.deal_results)
        assert (why == Why.HIGH) == (not whole and goes_on)


@pytest.mark.parametrize("players", [2, 4])
def test_game_and_the_bots_kernel_agree_at_every_step(players):
    rng = random.Random(players)
    steps = redeals = deal_ends = chkobbas = mid_hand = 0
    for seed in range(6 if players == 2 else 4):
        game = Game.new(Rules(players=players, target=11), seed=seed)
        log: list[tuple[Game, Move]] = []  # the plays of the current deal
        while game.phase != "over":
            move = rng.choice(game.legal_moves())
            after = game.play(move)
            if game.phase == "cut":
                check_cut(game, move.kind == "keep", after)
                redeals += after.phase == "cut"
                log = []
            else:
                check_play(game, move, after)
                check_medium(game, move, after)
                check_reason(game, move, after)
                check_inference(log, game)
                if rng.random() < 0.3:
                    check_children(game)
                deal_ends += after.deal_number > game.deal_number
                chkobbas += sum(after.chkobbas) > sum(game.chkobbas)
                mid_hand += len(log) % (players * 3) > 0
                log.append((game, move))
            steps += 1
            game = after
    assert steps > 500 and deal_ends >= 4 and chkobbas >= 3 and mid_hand > 200
    assert redeals >= 1 or players == 4


def test_redeals_in_lockstep():
    """Seeded cuts that redeal (three of a rank on the table), both ways."""
    found = 0
    for seed in range(300):
        for players in (2, 4):
            game = Game.new(Rules(players=players), seed=seed)
            for keep in (True, False):
                after = game.play("keep" if keep else "expose")
                check_cut(game, keep, after)
                found += after.phase == "cut"
    assert found >= 5


def test_the_deals_last_card_is_no_chkobba_for_any_of_them():
    """A sweep with the deal's last card: the game scores no chkobba, nor does any bot's step."""
    move = Move.parse("QHx2D+6S")
    last_card = "2D6S QH/- 0 -/- - 0-0/21 1 -"
    mid_deal = "2D6S QHAC/KCAH 0 -/- - 0-0/21 1 -"
    for notation, chkobbas in ((last_card, (0, 0)), (mid_deal, (1, 0))):
        game = Game.from_notation(notation)
        after = game.play(move)
        assert after.chkobbas == chkobbas
        check_play(game, move, after)
        check_medium(game, move, after)
        check_reason(game, move, after)
    assert not explain(Game.from_notation(last_card).view(0), move).startswith("chkobba!")
