"""Positions the page's tests start from, found by playing seeded matches with the engine's bots."""

from chkobba import Game, Rules
from chkobba.bots import make_bot


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
        game, bots = Game.new(Rules(), seed=seed), (make_bot("easy", 1), make_bot("easy", 2))
        while game.phase != "over":
            done = len(game.deal_results)
            game = game.play(bots[game.current].choose(game.view(game.current)))
            if len(game.deal_results) > done and game.phase == "cut" and game.current == 0:
                return game
    raise AssertionError("no such match")
