"""The engine's errors: ``ValueError`` subclasses whose message names the problem."""


class ChkobbaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ParseError(ChkobbaError):
    """Malformed text: a card, a move, a position notation or a saved game."""


class IllegalMove(ChkobbaError):
    """A well-formed move that the rules do not allow in this position."""
