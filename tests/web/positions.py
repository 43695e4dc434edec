"""Positions the page's tests start from, found by playing seeded matches with the engine's bots."""

from itertools import pairwise

from chkobba import Game, Rules
from chkobba.bots import make_bot
from engine_support import bot_positions


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
