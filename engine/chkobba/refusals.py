"""Why a move is refused: the text of ``IllegalMove`` errors, from what a position shows."""

from __future__ import annotations

from typing import Protocol

from .cards import Card
from .kernel import Phase
from .moves import PLAY, Move, cards_text


class _Position(Protocol):
    """What the explanations read of a game."""

    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int: ...
    @property
    def table(self) -> tuple[Card, ...]: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    def legal_moves(self) -> list[Move]: ...


def why_illegal(game: _Position, move: Move) -> str:
    """Why ``move`` (normalised, and not among the legal moves) is refused in ``game``: one short
    line (a long capture or a long list of alternatives is cut short)."""
    seat = game.current
    named = _move_text(move)
    if game.phase == Phase.OVER:
        return f"{named}: the match is over"
    if game.phase == Phase.CUT:
        return f"{named}: seat {seat} must first keep or expose the cut card"
    if move.kind != PLAY or move.card is None:
        return f"{named}: the cut is done; seat {seat} must play a card"
    card = move.card
    hand = game.hands[seat]
    if card not in hand:
        held = cards_text(hand)
        return f"{card} is not in seat {seat}'s hand (it holds {held})"
    options = [m.captures for m in game.legal_moves() if m.card is card and m.captures]
    if not move.captures:
        return f"{card} must capture {_groups_text(options)}"
    taken = cards_text(move.captures, joint="+")
    table = game.table
    missing = [c for c in move.captures if c not in table]
    if missing:
        return f"{named}: {cards_text(missing)} is not on the table"
    if not options:
        return f"{card} cannot take {taken}: it takes nothing here"
    if any(c.value == card.value for c in table) and len(move.captures) > 1:
        return (
            f"{card} cannot take {taken}: an equal card comes first, "
            f"it must take {_groups_text(options)}"
        )
    total = sum(c.value for c in move.captures)
    return (
        f"{card} cannot take {taken}: they make {total}, not {card.value}; "
        f"it may take {_groups_text(options)}"
    )


GROUPS_SHOWN = 3  # the alternatives a refusal lists; a 34-card table may offer 1,690
MOVE_SHOWN = 40  # characters of a refused move quoted


def _groups_text(groups: list[tuple[Card, ...]], limit: int = GROUPS_SHOWN) -> str:
    text = " or ".join(cards_text(group, joint="+") for group in groups[:limit])
    more = len(groups) - limit
    return text + (f" (… and {more} more)" if more > 0 else "")


def _move_text(move: Move) -> str:
    text = str(move)
    return text if len(text) <= MOVE_SHOWN else f"{text[: MOVE_SHOWN - 1]}…"
