"""Computer opponents: legal, view-only, reproducible, and exact in small endgames.

These tests check behaviour, not strength (``python -m chkobba arena`` measures strength).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest
from chkobba import Card, Game, Move, Rules
from chkobba.arena import goals, report, run
from chkobba.bots import ARENA_LEVELS, LEVELS, explain, hint, make_bot
from chkobba.bots.core import (
    DIA_SHIFT,
    HAYYA_SHIFT,
    SEVEN_SHIFT,
    SIX_SHIFT,
    SWEEP_SHIFT,
    final_diff,
    pack_pile,
)
from chkobba.bots.infer import Inference, finished_plays
from chkobba.bots.peer import piles_value
from chkobba.bots.worlds import World
from chkobba.cardsets import bits_of

FAST = {"samples": 4}  # a light hard bot: the behaviour is the same, the tests stay quick


def bot(level: str, seed: int = 1):
    return make_bot(level, seed=seed, **(FAST if level == "hard" else {}))


def play_deal(bots, players: int, seed: int, check=None) -> Game:
    """One whole deal, each seat's move chosen by its bot from its own view."""
    game = Game.new(Rules(players=players), seed=seed)
    while not game.deal_results:
        seat = game.current
        view = game.view(seat)
        move = bots[seat].choose(view)
        assert move in game.legal_moves(), (game.notation(), move)
        if check is not None:
            check(game, view, move)
        game = game.play(move)
    return game


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("level", ARENA_LEVELS)
def test_bots_play_legal_moves_through_whole_deals(level: str, players: int) -> None:
    deals = 3 if level in ("hard", "peer") else 12
    for seed in range(deals):
        bots = [bot(level, seed + seat) for seat in range(players)]
        game = play_deal(bots, players, seed)
        assert sum(len(pile) for pile in game.piles) + len(game.table) == 40 or game.phase == "cut"


def test_mixed_levels_in_partnerships() -> None:
    bots = [bot("hard"), bot("easy"), bot("medium"), bot("easy")]
    play_deal(bots, 4, seed=5)


def test_bot_refuses_a_view_when_it_is_not_its_turn() -> None:
    game = Game.new(Rules(), seed=1)
    other = (game.current + 1) % 2
    for level in LEVELS:
        with pytest.raises(ValueError, match="no move"):
            bot(level).choose(game.view(other))


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster")


def positions(players: int, seeds: range, every: int = 3):
    """Positions from whole deals played by medium bots, on each seat's turn."""
    medium = make_bot("medium")
    for seed in seeds:
        game = Game.new(Rules(players=players), seed=seed)
        turn = 0
        while not game.deal_results:
            if turn % every == 0:
                yield game
            game = game.play(medium.choose(game.view(game.current)))
            turn += 1


@pytest.mark.parametrize("players", [2, 4])
def test_bots_use_only_what_the_seat_can_see(players: int) -> None:
    """Deal the hidden cards anew (other hands, stock order): the same view, the same move."""
    rng = random.Random(players)
    checked = 0
    for game in positions(players, range(4)):
        seat = game.current
        view = game.view(seat)
        worlds = [view.sample(rng) for _ in range(3)]
        # a sample has no history: give each the real one (the bots read the plays seen)
        views = [replace(world.view(seat), history=view.history) for world in worlds]
        assert all(v == views[0] for v in views)  # the seat sees exactly the same thing
        hidden = {(world.hands, world.stock) for world in worlds}
        if len(hidden) < 2:
            continue  # nothing hidden left to vary
        for level in ARENA_LEVELS:
            moves = {str(bot(level, seed=7).choose(v)) for v in views}
            assert len(moves) == 1, (level, game.notation(), moves)
            # and the real game's view (with its history) gives that move too
            assert str(bot(level, seed=7).choose(view)) in moves
        checked += 1
    assert checked > 5


@pytest.mark.parametrize("level", ARENA_LEVELS)
def test_same_seed_same_moves(level: str) -> None:
    for seed in (3, 11):
        first = play_deal([bot(level, 5), bot(level, 6)], 2, seed)
        again = play_deal([bot(level, 5), bot(level, 6)], 2, seed)
        assert first.history == again.history
        assert first.deal_results == again.deal_results


def test_the_same_bot_answers_the_same_view_the_same_way() -> None:
    hard = bot("hard", 2)
    for game in positions(2, range(2), every=5):
        view = game.view(game.current)
        assert hard.choose(view) == hard.choose(view)


@pytest.mark.parametrize("players", [2, 4])
def test_default_hard_bot_is_reproducible(players: int) -> None:
    """The default budget is work (worlds, nodes), not time: fresh bots agree move for move."""
    for game in positions(players, range(1), every=4):
        view = game.view(game.current)
        first, second = make_bot("hard", seed=9), make_bot("hard", seed=9)
        assert first.choose(view) == second.choose(view)
        assert first.last_values == second.last_values


# Two-player last hands (stock empty: the unseen cards are the opponent's hand, so the hard bot
# searches exactly). In each, one first move is strictly best by the brute force below; a greedy
# player (the medium bot) goes wrong in all of them by two points or more.
ENDGAMES = {
    # Lay 2♦ and keep 6♥ 6♣: 2♦ is taken, but the sixes then win the bermila and the last trick.
    "4DQS 3H7D/2D6H6C 1 5C5S3D3SJCJD6S6D2H3C5HKSKDACAH2C2S/"
    "JSJHQHQDAS7HQCKHKC*AD4H5D7S7C4S4C - 0-0/99 1 0 s35.0": "2D",
    # Taking 7♦ at once (7♥x7♦) loses; 5♥x5♦ first keeps the 7♥ to answer the opponent's move.
    "3C5D7DKS 2C5H7H/5S6H 0 3D4S7SQDQC6C6SQSQHAC6D7C/"
    "AHAD2DJCJS4H5CJD*ASJHKD3H3SKCKH2H2S4D4C - 0-0/99 0 1 s103.0": "5Hx5D",
    # K♠ laid low blocks the sweep the opponent's 5♠ or 7♠ would make.
    "2C6CJS 7HQS/5S7SKS 1 3H6DJDACADAHQHJC3C6SJH4H4C2S4S6HKDKC/"
    "7C7DAS4D5HKH3S3D2H2D5C5DQDQC - 0-0/99 1 0 s99.0": "KS",
    # 2♦ now sets up the sweep later; 3♥ or 7♥ now hand it to the opponent.
    "5H6H 2D3H7H/ASACJD 0 KHKS3C3D*4H4S*5S5D7D7CAH3S4D/"
    "2SQSKD6C6D2H7SJH*4C6SKCQCQDAD2C5CQHJCJS* - 0-0/99 1 1 s48.0": "2D",
    "4D6SJH 2CJC/AD2H3S 1 3H3C6DACQCJD4H5SJS6C6H4C4S2D5D7S/"
    "KDKS2S5H7DQSQH*3D5CQDKHKC7H7CAHAS - 0-0/99 1 0 s91.0": "3S",
    "7DJC 2H4S6C/2S4H 0 6S6DQCQHKDKH5H5D7S7H5S5CKSKC/"
    "JHJSAC7CQD3C3H*AD2D3SAS3D4DAHQSJD2C4C6H - 0-0/99 0 1 s83.0": "6C",
}


def exact(game: Game, side: int) -> int:
    """Brute force through the engine: the deal's point difference for ``side``, best play."""
    if game.deal_results:
        scores = game.deal_results[-1].scores
        return scores[side].total - scores[1 - side].total
    values = [exact(game.play(move), side) for move in game.legal_moves()]
    return max(values) if game.current % 2 == side else min(values)


@pytest.mark.parametrize("notation", list(ENDGAMES))
def test_hard_bot_finds_the_only_winning_line(notation: str) -> None:
    game = Game.from_notation(notation)
    side = game.current % 2
    values = {str(move): exact(game.play(move), side) for move in game.legal_moves()}
    best = max(values.values())
    assert [m for m, v in values.items() if v == best] == [ENDGAMES[notation]]
    hard = make_bot("hard", seed=3)
    move = hard.choose(game.view(game.current))
    assert str(move) == ENDGAMES[notation]
    assert hard.last_values[move] == best  # the search's value is the exact one
    medium = make_bot("medium").choose(game.view(game.current))
    assert values[str(medium)] <= best - 2


@pytest.mark.parametrize("notation", list(ENDGAMES))
def test_peer_solves_a_two_player_last_hand_exactly(notation: str) -> None:
    """The peers' algorithm solves the rest of the deal once the stock is empty."""
    game = Game.from_notation(notation)
    assert str(make_bot("peer", seed=3).choose(game.view(game.current))) == ENDGAMES[notation]


def test_peer_evaluation_of_a_finished_deal_is_its_score() -> None:
    """Every card in a pile: each category's expected value is the point it scored."""
    medium = [bot("medium", seat) for seat in range(2)]
    for seed in range(30):
        scores = play_deal(medium, 2, seed).deal_results[-1].scores
        stats = [
            s.cards
            | s.diamonds << DIA_SHIFT
            | s.sevens << SEVEN_SHIFT
            | s.sixes << SIX_SHIFT
            | s.hayya << HAYYA_SHIFT
            | s.chkobba << SWEEP_SHIFT
            for s in scores
        ]
        assert piles_value(*stats) == final_diff(*stats) == scores[0].total - scores[1].total


def against_medium(game: Game, side: int) -> int:
    """The deal's point difference for ``side`` when it plays on with the hard bot and the other
    side with the medium bot."""
    bots = {side: make_bot("hard", seed=3), 1 - side: make_bot("medium")}
    while not game.deal_results:
        game = game.play(bots[game.current % 2].choose(game.view(game.current)))
    scores = game.deal_results[-1].scores
    return scores[side].total - scores[1 - side].total


def test_hard_bot_leaves_a_fallible_opponent_room_to_err_when_results_tie() -> None:
    # Last hand: 4♣x4♥ and 6♣ both give +1 against perfect play. Against a greedy player 6♣ gives
    # +4: of the moves with the best sure result, the bot plays the one a greedy reply gets wrong.
    game = Game.from_notation(
        "4H7CJC 4C6C/3D7H 0 AC6H7S3C3H2D7DJDQHQC6D6SKHKCAD2S3S/"
        "QDQSAHAS2H2C5S5HKSKD4S4D5C5DJSJH - 0-0/21 1 0 s9.0"
    )
    side = game.current % 2
    assert {str(m): exact(game.play(m), side) for m in game.legal_moves()} == {"4Cx4H": 1, "6C": 1}
    hard = make_bot("hard", seed=3)
    move = hard.choose(game.view(game.current))
    assert str(move) == "6C"
    assert hard.last_values[move] == 1  # the sure result is still the exact one
    assert against_medium(game.play(move), side) == 4
    assert against_medium(game.play("4Cx4H"), side) == 1


def test_hard_bot_is_exact_in_random_two_player_last_hands() -> None:
    checked = 0
    for game in positions(2, range(20), every=1):
        if game.stock_count or game.phase != "play" or sum(map(len, game.hands)) > 4:
            continue
        side = game.current % 2
        best = max(exact(game.play(m), side) for m in game.legal_moves())
        move = make_bot("hard").choose(game.view(game.current))
        assert exact(game.play(move), side) == best, game.notation()
        checked += 1
    assert checked > 20


def test_hard_bot_takes_the_obvious_chkobba_and_the_7_diamonds() -> None:
    # table 2♦ 6♠, Q♥ in hand: the rule text's sweep
    game = Game.from_notation(
        "2D6S QHAS/3C4C 0 -/- 5S5D5H5C4H4S4D3S3H3D2C2S2HACAHKSKHKCKDJSJHJCJDQSQCQD7S7H7C7D"
        " 0-0/21 1 - s1.0"
    )
    move = make_bot("hard").choose(game.view(0))
    assert str(move) == "QHx2D+6S"
    assert explain(game.view(0), move) == "chkobba! Q♥ sweeps the table"
    game = Game.from_notation(
        "7D2C 7SAS/3C4C 0 -/- 5S5D5H5C4H4S4D3S3H3D2S2HACAHKSKHKCKDJSJHJCJDQSQCQDQH6S7H7C6C"
        " 0-0/21 1 - s1.0"
    )
    for level in ("medium", "hard"):
        assert str(make_bot(level).choose(game.view(0))) == "7Sx7D"


def test_cut_decisions() -> None:
    game = Game.new(Rules(), seed=4)
    view = game.view(game.current)
    for level in LEVELS:
        assert bot(level).choose(view) in (Move.KEEP, Move.EXPOSE)
    move, text = hint(view, samples=4)
    assert text.startswith("keeps" if move == Move.KEEP else "shows")
    assert view.cut_card is not None and view.cut_card.label in text


def test_hint_explains_in_one_line() -> None:
    for game in positions(2, range(3), every=4):
        if game.phase != "play":
            continue
        view = game.view(game.current)
        move, text = hint(view, seed=1, samples=4)
        assert move in game.legal_moves()
        assert text and "\n" not in text
        assert move.card is not None and move.card.label in text
        if Card.parse("7D") in move.captures:
            assert "7♦" in text


def test_explain_lay() -> None:
    game = Game.from_notation("KS 3C/4H 0 -/- - 0-0/21 1 -")
    assert (
        explain(game.view(0), Move.parse("3C"))
        == "lays 3♣: the table adds up to 13, too much to sweep"
    )
    game = Game.from_notation("2S 3C/4H 0 -/- - 0-0/21 1 -")
    assert explain(game.view(0), Move.parse("3C")) == "lays 3♣: neither a seven nor a diamond"
    game = Game.from_notation("2S 3D/4H 0 -/- - 0-0/21 1 -")
    assert explain(game.view(0), Move.parse("3D")) == "lays 3♦: nothing to take with it"


def test_time_cap_stops_early() -> None:
    ticks = iter(range(0, 10_000, 5))  # a fake clock: every reading is 5 ms later
    from chkobba.bots import HardBot

    capped = HardBot(seed=1, samples=50, budget_ms=12, clock=lambda: next(ticks) / 1000)
    game = next(g for g in positions(2, range(1)) if g.phase == "play" and len(g.legal_moves()) > 1)
    capped.choose(game.view(game.current))
    assert 1 <= capped.last_worlds < 50


@pytest.mark.parametrize("players", [2, 4])
def test_time_cap_starts_no_world_that_would_overrun_it(players: int) -> None:
    """Each world takes 40 ms on a fake clock: with 100 ms, a third world would end at 120 ms."""
    ticks = iter(range(0, 10_000, 40))
    from chkobba.bots import HardBot

    capped = HardBot(seed=1, samples=50, budget_ms=100, clock=lambda: next(ticks) / 1000)
    game = next(
        g
        for g in positions(players, range(1), every=1)
        if g.phase == "play" and len(g.legal_moves()) > 1 and sum(map(len, g.hands)) == 3 * players
    )  # a hand's first move: no plays to weigh the worlds by, each world counts once
    capped.choose(game.view(game.current))
    assert capped.last_worlds == 2


def spent_at_once() -> Callable[[], float]:
    """A fake clock: the first reading is 0 s, every later one 1 s (past any small budget)."""
    readings = iter([0.0])
    return lambda: next(readings, 1.0)


def test_a_search_past_its_deadline_stops_at_its_next_clock_reading() -> None:
    from chkobba.bots.search import CLOCK_NODES, OutOfTime, Searcher

    game = next(g for g in positions(2, range(1)) if g.phase == "play" and g.stock_count)
    hands = tuple(tuple(sorted(c.index for c in h)) for h in game.hands)
    world = World(hands, bits_of(game.table), 0, 0, -1, tuple(c.index for c in game.stock), 0)
    whole = Searcher(world, 99, extra=12)  # on into the next hands: thousands of nodes
    whole.value(game.current)
    assert whole.nodes > CLOCK_NODES
    stopped = Searcher(world, 99, extra=12)
    stopped.stop_at(0.5, lambda: 1.0)  # the deadline is already past
    with pytest.raises(OutOfTime):
        stopped.value(game.current)
    assert stopped.nodes == CLOCK_NODES


def test_a_world_still_searched_when_the_budget_is_spent_is_left_out() -> None:
    """Worlds searched into the next hand are long: the first is stopped inside its search, so
    no world is finished and the bot plays the medium bot's move (a legal one, at once)."""
    from chkobba.bots import HardBot, MediumBot

    checked = 0
    for game in positions(2, range(2)):
        view = game.view(game.current)
        if game.phase != "play" or not game.stock_count or len(view.legal_moves()) < 2:
            continue
        capped = HardBot(seed=3, extra=6, budget_ms=5, clock=spent_at_once())
        move = capped.choose(view)
        assert capped.last_worlds == 0
        assert move in view.legal_moves()
        assert move == MediumBot(3).choose(view)
        checked += 1
    assert checked >= 10


@pytest.mark.parametrize("players", [2, 4])
def test_a_bot_with_a_tiny_budget_plays_a_legal_move_after_one_world_at_most(players: int) -> None:
    """The cuts, and each hand's first move (no plays seen, so each world counts once)."""
    from chkobba.bots import HardBot

    for game in positions(players, range(2), every=1):
        if sum(map(len, game.hands)) not in (0, 3 * players):
            continue
        view = game.view(game.current)
        capped = HardBot(seed=1, budget_ms=0.001, clock=spent_at_once())
        assert capped.choose(view) in view.legal_moves()
        assert capped.last_worlds <= 1


@pytest.mark.parametrize(("greedy", "worlds"), [(True, 32), (False, 64)])
def test_default_work_per_move_is_the_same_for_both_seats(greedy: bool, worlds: int) -> None:
    from chkobba.bots import HardBot

    seats = set()
    for game in positions(2, range(3)):
        view = game.view(game.current)
        if game.phase != "play" or not game.stock_count or len(view.legal_moves()) < 2:
            continue
        bot = HardBot(seed=1, greedy=greedy, max_nodes=10**9)
        bot.choose(view)
        assert bot.last_worlds == worlds
        seats.add(game.current)
    assert seats == {0, 1}


@pytest.mark.parametrize("players", [2, 4])
def test_arena_reports_the_figures(players: int) -> None:
    outcomes = list(run("medium", "easy", 3, players=players))
    assert [len(o.points_a) for o in outcomes] == [2, 2, 2]
    text = report("medium", "easy", outcomes, players, matches=False)
    for needle in ("points per deal (95% CI)", "difference A-B", "deals won", "p95"):
        assert needle in text
    matches = list(run("medium", "easy", 1, players=players, target=5))
    text = report("medium", "easy", matches, players, matches=True)
    assert "matches won" in text


def test_goals_print_each_goal_and_its_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    goals(1, 1, 7, table=((2, "peer", 0.4), (2, "medium", 1.1)))
    out = capsys.readouterr().out
    assert "A=hard vs B=peer" in out and "A=hard vs B=medium" in out
    assert "2 players, hard vs peer: " in out and "(goal ≥ +0.4: " in out
    assert "2 players, hard vs medium: " in out and "seeds 7-7)" in out


@pytest.mark.parametrize("players", [2, 4])
def test_the_finished_hands_plays_are_rebuilt_with_the_hands_then_held(players: int) -> None:
    """The other seats' plays of the deal's finished hands, rebuilt backwards from the view
    alone: each play's seat, table and piles as the game had them, and the cards its seat held
    then, all played by its hand's end."""
    medium = make_bot("medium")
    hand = players * 3
    checked = 0
    for seed in range(2):
        game = Game.new(Rules(players=players), seed=seed)
        past: list[tuple[Game, Move]] = []  # the deal's plays, in order
        while not game.deal_results:
            move = medium.choose(game.view(game.current))
            if game.phase == "play":
                view = game.view(game.current)
                done = len(past) - len(past) % hand  # plays of the finished hands
                others = [(g, m) for g, m in reversed(past[:done]) if g.current != view.seat]
                plays = finished_plays(view)
                assert len(plays) == len(others)
                for play, (before, made) in zip(plays, others, strict=True):
                    assert play.seat == before.current
                    assert play.table == bits_of(before.table)
                    assert play.stats == tuple(
                        pack_pile(before.piles[s], len(before.sweeps[s])) for s in (0, 1)
                    )
                    start = past.index((before, made))
                    end = start - start % hand + hand
                    kept = [m.card for g, m in past[start:end] if g.current == before.current]
                    assert play.later == tuple(c.index for c in kept if c is not None)
                checked += len(plays)
                past.append((game, move))
            game = game.play(move)
    assert checked > 50


@pytest.mark.parametrize("players", [2, 4])
def test_inference_rebuilds_the_plays_of_the_current_hand(players: int) -> None:
    """The other seats' plays the hard bot weighs its worlds by, rebuilt backwards from the view
    alone, match the positions the game went through (table and piles before each play)."""
    medium = make_bot("medium")
    checked = 0
    for seed in range(3):
        game = Game.new(Rules(players=players), seed=seed)
        past: list[Game] = []
        while not game.deal_results:
            if game.phase == "play":
                view = game.view(game.current)
                count = players * 3 - sum(view.hand_sizes)
                befores = [g for g in reversed(past[len(past) - count :]) if g.current != view.seat]
                plays = Inference(view).plays
                assert len(plays) == len(befores)
                for play, before in zip(plays, befores, strict=True):
                    assert play.seat == before.current
                    assert play.table == bits_of(before.table)
                    assert play.stats == tuple(
                        pack_pile(before.piles[s], len(before.sweeps[s])) for s in (0, 1)
                    )
                checked += len(plays)
            past.append(game)
            game = game.play(medium.choose(game.view(game.current)))
    assert checked > 20
