"""Lockstep: random games played through ``Game`` and through the kernel as the bots drive it.

The hard bot's search keeps a deal on ints (hands and table as sorted card indices, the piles
as packed counters, the last capturer's side) and moves it with its own steps, which call the
kernel: ``Searcher._after`` (the position once a seat has played), ``Searcher._node``'s child loop
(the same step unrolled over the children), ``Searcher._hand_end`` (the next hand, or the
leftovers and the exact score) and ``cut_world`` (the deal after the cut, or a redeal). Here
every move of random 2- and 4-player matches (cuts, redeals, ends of deal) is played both ways
and every field compared at every step, as OpenSpiel checks its two implementations of a game
against each other.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from chkobba import Game, Rules
from chkobba.bots.core import ints, pack_pile
from chkobba.bots.search import Searcher, World, cut_world

State = tuple[Any, ...]


def bot_state(game: Game) -> State:
    """A game's deal as the search holds it: (hands, seat, table, stock, stats0, stats1, last)."""
    last = -1 if game.last_capturer is None else game.last_capturer & 1
    return (
        tuple(ints(hand) for hand in game.hands),
        game.current,
        ints(game.table),
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


@pytest.mark.parametrize("players", [2, 4])
def test_game_and_the_bots_kernel_agree_at_every_step(players):
    rng = random.Random(players)
    steps = redeals = deal_ends = 0
    for seed in range(6 if players == 2 else 4):
        game = Game.new(Rules(players=players, target=11), seed=seed)
        while game.phase != "over":
            move = rng.choice(game.legal_moves())
            after = game.play(move)
            if game.phase == "cut":
                check_cut(game, move.kind == "keep", after)
                redeals += after.phase == "cut"
            else:
                check_play(game, move, after)
                if rng.random() < 0.3:
                    check_children(game)
                deal_ends += after.deal_number > game.deal_number
            steps += 1
            game = after
    assert steps > 500 and deal_ends >= 4
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
