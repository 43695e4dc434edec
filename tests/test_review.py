"""The play review: each decision beside the hard bot's, from the seat's view only, and the
expert's replay of a deal. Deterministic, whatever the hidden cards."""

from __future__ import annotations

import pytest
from chkobba import ChkobbaError, Game, Rules
from chkobba.bench import review_timings
from chkobba.bots import make_bot
from chkobba.moves import CUT_MOVES
from chkobba.review import (
    BEST_WITHIN,
    FINE_UNDER,
    GRADES,
    Decision,
    expert_replay,
    expert_steps,
    grade,
    review_deal,
    review_move,
)
from engine_support import cards, rest_of_deck

FAST = 4  # worlds a decision: the behaviour is the same, the tests stay quick


def played(game: Game, deals: int = 1, level: str = "medium") -> Game:
    """``game`` played on by bots of ``level`` until ``deals`` deals are finished."""
    bots = [make_bot(level, seed=seat) for seat in range(game.rules.players)]
    while len(game.deal_results) < deals:
        game = game.play(bots[game.current].choose(game.view(game.current)))
    return game


def match(players: int, seed: int = 3, deals: int = 1) -> Game:
    return played(Game.new(Rules(players=players), seed=seed), deals)


def at(game: Game, moves: int) -> Game:
    """The position after the first ``moves`` moves of ``game``'s history."""
    position = Game.new(game.rules, game.seed)
    for move in game.history[:moves]:
        position = position.play(move)
    return position


def judged(decisions: tuple[Decision, ...]) -> list[tuple[object, ...]]:
    """What a review says of each decision, without the position (it shows hidden cards)."""
    return [(d.index, d.played, d.bot, d.loss, d.grade) for d in decisions]


def test_grades() -> None:
    assert grade(0.0) == grade(BEST_WITHIN) == "best"
    assert grade(BEST_WITHIN + 0.001) == grade(FINE_UNDER - 0.001) == "fine"
    assert grade(FINE_UNDER) == grade(2.0) == "costly"


@pytest.mark.parametrize("players", [2, 4])
def test_a_review_is_the_same_every_time_and_from_a_saved_game(players: int) -> None:
    game = match(players, deals=2)
    review = review_deal(game, 1, 2, FAST)
    assert review == review_deal(game, 1, 2, FAST)
    assert review == review_deal(Game.from_json(game.to_json()), 1, 2, FAST)
    assert review and all(d.grade in GRADES and d.loss >= 0 for d in review)
    for decision in review:
        before = Game.from_notation(decision.position)
        assert before.current == 1
        assert decision.played == game.history[decision.index]
        assert decision.bot in before.legal_moves()
        assert review_move(game, decision.index, FAST) == decision
    # seat 1's moves of deal 2, and only those
    befores = [at(game, i) for i in range(len(game.history))]
    assert [d.index for d in review] == [
        i for i, b in enumerate(befores) if len(b.deal_results) == 1 and b.current == 1
    ]


@pytest.mark.parametrize("players", [2, 4])
def test_the_bots_own_moves_are_graded_best(players: int) -> None:
    game = Game.new(Rules(players=players), seed=8)
    medium = make_bot("medium")
    while not game.deal_results:
        if game.current == 0:  # play anything, then what the review's bot would have played
            trial = game.play(game.legal_moves()[0])
            game = game.play(review_move(trial, len(game.history), FAST).bot)
        else:
            game = game.play(medium.choose(game.view(game.current)))
    review = review_deal(game, 0, 1, FAST)
    assert len(review) >= 9
    assert all(d.grade == "best" and d.loss == 0 and d.played == d.bot for d in review)


def last_hand() -> Game:
    """Two players, the last hand: seat 0 holds 7♠ Q♥, the table 7♦ 2♣, seat 1 7♥ K♠."""
    table, mine, theirs = cards("7D 2C"), cards("7S QH"), cards("7H KS")
    rest = rest_of_deck(table, mine, theirs)
    return Game.from_position(
        rules=Rules(),
        phase="play",
        current=0,
        dealer=1,
        hands=(mine, theirs),
        table=table,
        piles=(rest[:17], rest[17:]),
        last_capturer=0,
        seed=9,
    )


def test_leaving_the_7_diamonds_to_the_opponent_is_costly() -> None:
    game = last_hand().play("QH")  # 7♠ would have taken the 7♦
    decision = review_move(game, 0, FAST)
    assert str(decision.bot) == "7Sx7D"
    assert decision.grade == "costly" and decision.loss >= 1
    assert decision.position == last_hand().notation()
    # the deal played out: the review of a game set up mid-deal starts at its first move
    game = played(game)
    assert review_deal(game, 0, 1, FAST) == (decision, review_move(game, 2, FAST))
    assert review_deal(game, 0, 1, FAST) == review_deal(Game.from_json(game.to_json()), 0, 1, FAST)
    with pytest.raises(ChkobbaError, match="began before the position this game was set up"):
        expert_replay(game, 0, 1)


def set_up(players: int, swapped: bool) -> Game:
    """Seat 0 to play 7♠ Q♥ 2♣ on 7♦ 5♣ mid-deal; ``swapped``: seat 1's first card traded with
    the stock's top card (only the hidden cards differ)."""
    table, mine = cards("7D 5C"), cards("7S QH 2C")
    rest = rest_of_deck(table, mine)
    others = [rest[3 * k : 3 * k + 3] for k in range(players - 1)]
    rest = rest[3 * (players - 1) :]
    stock, pile = rest[:24], rest[24:]
    if swapped:
        others[0][0], stock[0] = stock[0], others[0][0]
    return Game.from_position(
        rules=Rules(players=players),
        phase="play",
        current=0,
        dealer=players - 1,
        hands=(mine, *others),
        table=table,
        stock=stock,
        piles=(pile, ()),
        seed=5,
    )


@pytest.mark.parametrize("players", [2, 4])
def test_a_review_never_depends_on_hidden_cards(players: int) -> None:
    reviews = []
    common = min(set(set_up(players, False).hands[1]) & set(set_up(players, True).hands[1]))
    for swapped in (False, True):
        game = set_up(players, swapped).play("QH")  # then seat 1 plays a card held in both
        game = game.play(next(m for m in game.legal_moves() if m.card == common))
        while game.current != 0:
            game = game.play(game.legal_moves()[0])
        game = game.play(game.legal_moves()[0])
        reviews.append((game, (review_move(game, 0, FAST), review_move(game, players, FAST))))
    (first, mine), (second, theirs) = reviews
    assert first.hands[1] != second.hands[1] and first.view(0) == second.view(0)
    assert judged(mine) == judged(theirs)


@pytest.mark.parametrize("players", [2, 4])
def test_the_cut_is_a_decision_of_the_cutter(players: int) -> None:
    rules = Rules(players=players)
    seed = next(s for s in range(1, 50) if Game.new(rules, s).current == 0)
    game = played(Game.new(rules, seed))
    review = review_deal(game, 0, 1, FAST)
    assert review[0].index == 0 and review[0].played in CUT_MOVES and review[0].bot in CUT_MOVES
    assert all(d.played not in CUT_MOVES for d in review_deal(game, 1, 1, FAST))


@pytest.mark.parametrize("players", [2, 4])
def test_the_expert_replays_the_deal_from_its_shuffle(players: int) -> None:
    game = match(players, seed=4, deals=2)
    start = next(i for i in range(len(game.history)) if at(game, i).deal_results)
    expert = expert_replay(game, 0, 2, "medium", samples=FAST)
    assert len(expert.deal_results) == 2 and expert.deal_results[0] == game.deal_results[0]
    assert expert.history[:start] == game.history[:start]  # the same start: the same shuffle
    assert at(expert, start + 1).table == at(game, start + 1).table or (
        expert.history[start] != game.history[start]  # the cutter chose otherwise
    )
    assert Game.from_json(expert.to_json()) == expert  # a real continuation of the match
    assert expert == expert_replay(Game.from_json(game.to_json()), 0, 2, "medium", samples=FAST)
    steps = list(expert_steps(game, 0, 2, "medium", samples=FAST))
    assert steps[-1] == expert and all(not step.deal_results[1:] for step in steps[:-1])


def test_the_expert_at_its_own_number_of_worlds() -> None:
    game = match(2)
    expert = expert_replay(game, 1, 1, "easy")
    assert expert == expert_replay(game, 1, 1, "easy")
    assert len(expert.deal_results) == 1


def test_a_game_set_up_between_deals_numbers_its_deals_on() -> None:
    game = match(2, deals=1)
    again = Game.from_position(
        rules=game.rules,
        phase="cut",
        current=game.current,
        dealer=game.dealer,
        hands=((), ()),
        stock=game.stock,
        scores=game.scores,
        seed=game.seed,
        shuffles=game.shuffles,
        deal_results=game.deal_results,
    )
    again = played(again, deals=2)
    review = review_deal(again, 0, 2, FAST)
    assert review and review[0].index <= 2  # its history starts at the set-up cut
    assert review == review_deal(Game.from_json(again.to_json()), 0, 2, FAST)
    expert = expert_replay(again, 0, 2, "easy", samples=FAST)
    assert expert.deal_results[-1].dealer == again.deal_results[1].dealer  # the same deal
    with pytest.raises(ChkobbaError, match="deal 1 was played before the position"):
        review_deal(again, 0, 1)


@pytest.mark.parametrize(
    ("seat", "deal", "message"),
    [
        (2, 1, "no seat 2: a seat is 0 to 1"),
        (-1, 1, "no seat -1"),
        (0, 0, "no deal 0: deals are numbered from 1"),
        (0, 2, "deal 2 is not over yet: 1 deal"),
        (0, 3, "deal 3 has not been played: 1 deal"),
    ],
)
def test_bad_arguments_are_refused(seat: int, deal: int, message: str) -> None:
    game = match(2).play("keep")
    for call in (review_deal, expert_replay):
        with pytest.raises(ChkobbaError, match=message):
            call(game, seat, deal)


def test_a_bad_level_or_move_index_is_refused() -> None:
    game = match(2)
    with pytest.raises(ChkobbaError, match="no bot level 'grandmaster'"):
        expert_replay(game, 0, 1, "grandmaster")
    with pytest.raises(ChkobbaError, match="no move 99: this game's history has"):
        review_move(game, 99)


def test_the_review_timings_time_each_part() -> None:
    times = review_timings(1, 2, samples=FAST)
    assert len(times["deal"]) == len(times["replay"]) == 1
    assert len(times["decision"]) >= 9 and all(ms > 0 for ms in times["decision"])
    assert len(times["retry"]) == len(times["decision"]) and all(ms > 0 for ms in times["retry"])
