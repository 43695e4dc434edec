"""The hard bot with four players (chkobba.bots.team): its search and its work per move.

Behaviour only; ``python -m chkobba arena hard medium --players 4`` measures the strength.
"""

from __future__ import annotations

import pytest
from chkobba import Card, Game, Rules
from chkobba.arena import run
from chkobba.bots import HardBot, make_bot
from chkobba.bots.infer import finished_plays, opponents_greedy
from chkobba.bots.search import Searcher
from chkobba.bots.team import (
    MAX_NODES,
    OPPONENT_BETA,
    PARTNER_BETA,
    SAMPLES,
    SAMPLES_BEFORE,
    BothModels,
    TeamSearcher,
    settings,
)
from chkobba.bots.worlds import World
from chkobba.cardsets import bits_of


def card(code: str) -> int:
    return Card.parse(code).index


def world(hands: list[str], table: str, stock: str = "") -> World:
    """A hand-made four-player position: hands and table as space-separated card codes."""
    cards = [tuple(sorted(card(c) for c in h.split())) for h in hands]
    laid = sum(1 << card(c) for c in table.split())  # a card set
    rest = tuple(card(c) for c in stock.split())
    return World(tuple(cards), laid, 0, 0, -1, rest, 0)


def plays(players: int, seeds: range):
    """Play positions (two moves or more) from whole deals of medium bots."""
    medium = make_bot("medium")
    for seed in seeds:
        game = Game.new(Rules(players=players), seed=seed)
        while not game.deal_results:
            if game.phase == "play" and len(game.legal_moves()) > 1:
                yield game
            game = game.play(medium.choose(game.view(game.current)))


def test_without_greedy_seats_the_team_search_is_the_plain_search() -> None:
    for game in list(plays(4, range(1)))[::5]:
        view = game.view(game.current)
        hands = tuple(tuple(sorted(c.index for c in h)) for h in game.hands)
        stock = tuple(c.index for c in game.stock)
        w = World(hands, bits_of(view.table), 0, 0, -1, stock, 0)
        plain, team = Searcher(w, 5), TeamSearcher(w, 5, frozenset())
        assert plain.value(view.seat) == team.value(view.seat)


def test_a_greedy_seat_takes_the_sweep_a_greedy_player_would_take() -> None:
    """Seat 1 can sweep 3♠ 4♠ with its 7♥: played as a greedy player, that is all it does."""
    w = world(["AS 2S", "7H KS", "AH 2H", "AD 2D"], "3S 4S", stock="5S 5H 5D 5C")
    greedy = TeamSearcher(w, 8, frozenset({1, 3}))
    sweep = TeamSearcher(w, 8, frozenset({1, 3})).root(1, card("7H"), (card("3S"), card("4S")))
    assert greedy.value(1) == pytest.approx(sweep)
    lay = TeamSearcher(w, 8, frozenset({1, 3})).root(1, card("KS"), ())
    assert sweep < lay  # side 1 is the minimizer: the sweep is its best


def test_default_work_per_move_is_the_same_for_every_seat() -> None:
    """Every seat searches ``SAMPLES_BEFORE`` worlds before the deal's last hand, ``SAMPLES``
    in it."""
    seats = {True: set(), False: set()}
    for game in list(plays(4, range(2)))[::3]:
        bot = HardBot(seed=1, max_nodes=10**9)
        bot.choose(game.view(game.current))
        before = bool(game.stock_count)
        assert bot.last_worlds == (SAMPLES_BEFORE if before else SAMPLES)
        seats[before].add(game.current)
    assert seats[True] == {0, 1, 2, 3}
    assert seats[False]  # some of the last hand's decisions too


def test_default_four_player_bot_is_reproducible() -> None:
    for game in list(plays(4, range(1)))[::4]:
        view = game.view(game.current)
        first, second = make_bot("hard", seed=4), make_bot("hard", seed=4)
        move = first.choose(view)
        assert move in game.legal_moves()
        assert move == second.choose(view)
        assert first.last_values == second.last_values
        assert first.last_nodes == second.last_nodes


def test_arena_seats_a_partner_level_opposite_bot_a() -> None:
    """A partner of bot A's own level is the plain arena; a partner needs four players."""
    same = [o.points_a for o in run("medium", "easy", 2, players=4, partner="medium")]
    assert same == [o.points_a for o in run("medium", "easy", 2, players=4)]
    with pytest.raises(ValueError, match="four players"):
        list(run("medium", "easy", 1, players=2, partner="easy"))


def test_a_sure_greedy_seat_plays_its_first_best_reply_only() -> None:
    """Seat 1 cannot take from 3♠ J♠: laying 4♣ or 5♣ is worth the same to a greedy player.
    Searched as sure, seat 1 lays the first of them (as the medium bot would), the other not."""
    w = world(["AS 2S", "4C 5C", "AH 2H", "AD 2D"], "3S JS", stock="6S 6H 6D 6C")
    sure = TeamSearcher(w, 8, frozenset({1, 3}))
    assert sure.sure
    first = TeamSearcher(w, 8, frozenset({1, 3})).root(1, card("4C"), ())
    other = TeamSearcher(w, 8, frozenset({1, 3})).root(1, card("5C"), ())
    assert sure.value(1) == pytest.approx(first)
    assert first != pytest.approx(other)  # a different line: the test tells the two apart


def test_in_the_last_hand_the_partner_is_searched_at_its_best() -> None:
    """Before the last hand the three other seats play as greedy players; in the last hand only
    the opponents do, the partner plays its best for the bot's side."""
    seen = set()
    for game in plays(4, range(2)):
        view = game.view(game.current)
        hands = tuple(tuple(sorted(c.index for c in h)) for h in game.hands)
        w = World(hands, bits_of(view.table), 0, 0, -1, (), 0)
        searcher = settings(view, None, None).searcher(w)
        assert isinstance(searcher, TeamSearcher)
        opponents = {view.seat ^ 1, view.seat ^ 3}
        last = not view.stock_count
        expected = opponents if last else opponents | {view.seat ^ 2}
        assert searcher.greedy_seats == expected
        seen.add(last)
    assert seen == {True, False}


def test_in_the_last_hand_each_move_is_worth_both_models_of_the_opponents() -> None:
    """In the last hand a world's move is worth its value with the opponents greedy plus its
    value with every seat at its best (twice the nodes allowed); before it, the plan's only."""
    parted = 0
    for game in plays(4, range(2)):
        view = game.view(game.current)
        plan = settings(view, None, None)
        hands = tuple(tuple(sorted(c.index for c in h)) for h in game.hands)
        w = World(hands, bits_of(view.table), 0, 0, -1, (), 0)
        searcher = plan.searcher(w)
        last = not view.stock_count
        assert isinstance(searcher, BothModels) == last
        assert plan.max_nodes == 2 * MAX_NODES  # (twice the worlds before it, two searches in it)
        assert plan.samples == (SAMPLES if last else SAMPLES_BEFORE)
        if not last:
            continue
        opponents = frozenset({view.seat ^ 1, view.seat ^ 3})
        for move in game.legal_moves():
            assert move.card is not None
            group = tuple(c.index for c in move.captures)
            greedy = TeamSearcher(w, 12, opponents).root(view.seat, move.card.index, group)
            best = TeamSearcher(w, 12, frozenset()).root(view.seat, move.card.index, group)
            value = searcher.root(view.seat, move.card.index, group)
            assert value == pytest.approx(greedy + best)
            parted += greedy != pytest.approx(best)
        assert isinstance(searcher, TeamSearcher) and searcher.greedy_seats == opponents
    assert parted  # (positions where the two models part)


def decisions(opponent: str, seeds: range):
    """The hard side's decisions, and whether each is in the last hand (stock empty), in whole
    four-player deals of medium bots against a pair of ``opponent``."""
    for seed in seeds:
        bots = [make_bot("medium" if s % 2 == 0 else opponent, seed=seed * 8 + s) for s in range(4)]
        game = Game.new(Rules(players=4), seed=seed)
        while not game.deal_results:
            view = game.view(game.current)
            if game.current % 2 == 0 and game.phase == "play":
                yield view, not view.stock_count
            game = game.play(bots[game.current].choose(view))


def test_greedy_opponents_are_read_and_others_not() -> None:
    """Medium opponents play every finished hand's card as a greedy player's best: their plays
    are read (``OPPONENT_BETA``), in every hand. The peers' algorithm, a searching player, plays
    otherwise in some deals: from then on not read (0), before the last hand and in it. In the
    deal's first hand nothing is finished: the opponents are read."""
    medium = [view for view, _ in decisions("medium", range(3))]
    assert medium and all(opponents_greedy(view) for view in medium)
    assert {settings(view, None, None).betas for view in medium} == {(PARTNER_BETA, OPPONENT_BETA)}
    peers = {
        (last, settings(view, None, None).betas[1]) for view, last in decisions("peer", range(3))
    }
    assert {(False, 0.0), (True, 0.0)} <= peers  # not read, before the last hand and in it
    assert {beta for _, beta in peers} == {0.0, OPPONENT_BETA}
    first = next(view for view, _ in decisions("peer", range(1)))
    assert not finished_plays(first) and settings(first, None, None).betas[1] == OPPONENT_BETA
