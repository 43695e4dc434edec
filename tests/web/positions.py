"""Positions the page's tests start from, found by playing seeded matches with the engine's bots."""

import functools
import itertools
from itertools import pairwise

from chkobba import Game, Rules, deal_link
from chkobba.bots import make_bot
from engine_support import bot_match, bot_positions

CHOICE_SEED = 13  # JD on the first turn may take 3H+6H or 4C+5S (found with the engine)


def capture_turn():
    """A match at the player's turn where a hand card has one move, a capture; and that move."""
    for seed in range(100):
        game, bot = Game.new(Rules(), seed=seed), make_bot("easy", 1)
        for _ in range(12):
            if game.current == 0 and game.phase == "play":
                moves = game.legal_moves()
                for move in moves:
                    if move.captures and [m.card for m in moves].count(move.card) == 1:
                        return game, move
            game = game.play(bot.choose(game.view(game.current)))
    raise AssertionError("no capture turn found")


def before_your_cut() -> Game:
    """A match at a deal's score sheet, the player cutting next."""
    for seed in range(50):
        bots = (make_bot("easy", 1), make_bot("easy", 2))
        for before, game in pairwise(bot_positions(Game.new(Rules(), seed=seed), bots)):
            dealt = len(game.deal_results) > len(before.deal_results)
            if dealt and game.phase == "cut" and game.current == 0:
                return game
    raise AssertionError("no such match")


FOUR = Rules(players=4)


def four_seat_cut(choice: str, level: str = "medium") -> int:
    """A seed whose first 4-player deal is cut by a computer seat that makes ``choice`` (the
    page's bot at ``level``, seeded as the page seeds it: the match's seed) and then plays."""
    for seed in range(200):
        game = Game.new(FOUR, seed=seed)
        if game.current != 0:
            move = make_bot(level, seed=seed).choose(game.view(game.current))
            if move.kind == choice and game.play(move).phase == "play":
                return seed
    raise AssertionError(f"no computer seat {choice}s")


def four_you_cut() -> int:
    """A seed whose first 4-player deal the player cuts (the dealer sits at the player's left)."""
    return next(s for s in range(200) if Game.new(FOUR, seed=s).current == 0)


def four_computer_turn(seed: int = 5) -> Game:
    """A 4-player match in its first deal, a computer seat to play (four moves made)."""
    game = Game.new(FOUR, seed=seed)
    bot = make_bot("easy", 1)
    while len(game.history) < 4 or game.current == 0 or game.phase != "play":
        game = game.play(bot.choose(game.view(game.current)))
    return game


def near_the_end() -> Game:
    """A match to 11 played by two bots, taken back to the player's last turn."""
    bots = (make_bot("easy", 1), make_bot("easy", 2))
    *states, game = bot_positions(Game.new(Rules(target=11), seed=2), bots)
    final_deal = len(game.deal_results) - 1
    return next(
        s
        for s in reversed(states)
        if s.current == 0 and s.phase == "play" and len(s.deal_results) == final_deal
    )


def first_seed_where_you_cut(choice: str, start: int = 0) -> int:
    """A seed whose first deal is cut by the player and goes on to play after ``choice``."""
    seed = start
    while True:
        game = Game.new(Rules(target=21), seed=seed)
        if game.current == 0 and game.phase == "cut" and game.play(choice).phase == "play":
            return seed
        seed += 1


def a_shared_deal(players: int = 2) -> tuple[Game, str]:
    """The first deal of a seeded match played by a bot, and its shared link (``?deal=``)."""
    game, bot = Game.new(Rules(players=players), seed=12), make_bot("easy", 3)
    while not game.deal_results:
        game = game.play(bot.choose(game.view(game.current)))
    return game, deal_link(game, 1)


def last_card_of_a_deal(players: int = 2, seed: int = 3) -> Game:
    """A match's first deal (with four players, the first whose last round the player leads)
    at the player's last card, the computer's still to come."""
    game = Game.new(Rules(players=players), seed=seed)
    bots = [make_bot("easy", seat + 1) for seat in range(players)]
    while True:
        last = game.stock_count == 0 and all(len(hand) == 1 for hand in game.hands)
        if game.current == 0 and game.phase == "play" and last:
            return game
        game = game.play(bots[game.current].choose(game.view(game.current)))


def four_players_turn() -> Game:
    """A 4-player match in its first deal at the player's turn, four moves made."""
    game = Game.new(FOUR, seed=5)
    bot = make_bot("easy", 1)
    while len(game.history) < 4 or game.current != 0 or game.phase != "play":
        game = game.play(bot.choose(game.view(game.current)))
    return game


@functools.cache
def played(players: int, seed: int) -> Game:
    """A match to 11 played to its end by easy bots in every seat."""
    return bot_match(seed, players)


@functools.cache
def finished(players: int, won: bool, nth: int = 0) -> Game:
    """The ``nth`` match found that the player's side (side 0) won, or lost."""
    games = (played(players, seed) for seed in range(200))
    return next(itertools.islice((g for g in games if (g.winner == 0) == won), nth, None))


def before_a_sweep(players: int = 2, seat: int = 0) -> tuple[Game, str]:
    """A position where ``seat`` is to play and can sweep the table, and the card that does it."""
    for seed in range(1, 50):
        start = Game.new(Rules(players=players, target=21), seed=seed)
        for game in bot_positions(start, [make_bot("easy", s) for s in range(players)]):
            if game.deal_results:
                break
            if game.current == seat and game.phase == "play" and game.stock_count:
                for move in game.legal_moves():
                    moves = [m for m in game.legal_moves() if m.card == move.card]
                    if len(moves) == 1 and move.captures and len(move.captures) == len(game.table):
                        return game, str(move.card)
    raise AssertionError("no sweep found")


# Positions where the KD may take 6 and 12 ways (the capture choice at its largest).
MANY = {
    6: "AS2S3S4S5SAH+KD/KC+0+-/-+-+0-0/21+1+-",
    12: "AS2S3S4S5SAH2H+KD/KC+0+-/-+-+0-0/21+1+-",
}
