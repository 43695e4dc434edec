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
    """``repr(value)`` for an error message, cut short: a 1 MB input is not quoted whole, nor a
    4,000-digit number (one too long for ``repr`` is not even written out)."""
    if type(value) is int and value.bit_length() > 3 * limit:  # ~0.3 digits a bit
        digits = int(value.bit_length() * 0.30103) + 1
        return f"a number of about {digits} digits"
    if isinstance(value, str | bytes) and len(value) > limit:
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, list | tuple | dict) and len(value) > limit:
        return f"a {type(value).__name__} of {len(value)} items"
    try:
        text = repr(value)
    except ValueError:  # e.g. an int subclass past the interpreter's digit limit
        return f"a {type(value).__name__} too long to write"
    if len(text) > 2 * limit:
        return f"{text[:limit]}… ({len(text)} characters)"
    return text
