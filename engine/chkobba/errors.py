"""The engine's errors: ``ValueError`` subclasses whose message names the problem."""


class ChkobbaError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ParseError(ChkobbaError):
    """Malformed text: a card, a move, a position notation or a saved game."""


class EditedSave(ParseError):
    """A well-formed saved game that no play leads to: its history, position or deal results
    disagree (the save was changed outside the game)."""


class IllegalMove(ChkobbaError):
    """A well-formed move that the rules do not allow in this position."""


QUOTE_LIMIT = 60


def quoted(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` for an error message, cut short: a 1 MB input is not quoted whole."""
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, list | tuple | dict) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    text = repr(value)
    if len(text) > 2 * limit:
        return f"{text[:limit]}… ({len(text)} characters)"
    return text
