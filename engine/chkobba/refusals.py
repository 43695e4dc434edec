"""Why a move is refused: a ``Refusal`` (the case and its facts, decided once from what a position
shows) and its English text, the text of ``IllegalMove`` errors."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
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


class RefusalKind(StrEnum):
    """Why a move is refused, from the first rule it breaks."""

    OVER = "over"  # the match is over
    CUT_FIRST = "cut_first"  # the cutter must keep or expose the cut card first
    CUT_DONE = "cut_done"  # a keep or an expose, once the cut is done
    NOT_IN_HAND = "not_in_hand"  # the card played is not in the seat's hand
    MUST_CAPTURE = "must_capture"  # a card that can take is laid
    NOT_ON_TABLE = "not_on_table"  # it takes cards that are not on the table
    TAKES_NOTHING = "takes_nothing"  # it takes cards, and can take none
    EQUAL_FIRST = "equal_first"  # it takes several cards while an equal card is on the table
    WRONG_SUM = "wrong_sum"  # the cards it takes do not make its value

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Refusal:
    """A refused move, as facts: the first rule it breaks (``kind``), the move and the seat to
    play. A refused play also names its ``card``, the cards it would take (``taken``), every
    group the card may take here (``options``, all of them), the taken cards not on the table
    (``missing``), the seat's hand (``held``) and the taken cards' sum (``total``). ``text``
    says it in one short English line."""

    kind: RefusalKind
    move: Move
    seat: int
    card: Card | None = None
    taken: tuple[Card, ...] = ()
    options: tuple[tuple[Card, ...], ...] = ()
    missing: tuple[Card, ...] = ()
    held: tuple[Card, ...] = ()
    total: int = 0

    @property
    def text(self) -> str:
        """The refusal in one short English line (a long capture or a long list of alternatives
        cut short): the text of ``IllegalMove`` and ``Game.why_illegal``."""
        named, seat, card = _move_text(self.move), self.seat, self.card
        taken = cards_text(self.taken, joint="+")
        match self.kind:
            case RefusalKind.OVER:
                return f"{named}: the match is over"
            case RefusalKind.CUT_FIRST:
                return f"{named}: seat {seat} must first keep or expose the cut card"
            case RefusalKind.CUT_DONE:
                return f"{named}: the cut is done; seat {seat} must play a card"
            case RefusalKind.NOT_IN_HAND:
                held = cards_text(self.held)
                return f"{card} is not in seat {seat}'s hand (it holds {held})"
            case RefusalKind.MUST_CAPTURE:
                return f"{card} must capture {_groups_text(self.options)}"
            case RefusalKind.NOT_ON_TABLE:
                return f"{named}: {cards_text(self.missing)} is not on the table"
            case RefusalKind.TAKES_NOTHING:
                return f"{card} cannot take {taken}: it takes nothing here"
            case RefusalKind.EQUAL_FIRST:
                return (
                    f"{card} cannot take {taken}: an equal card comes first, "
                    f"it must take {_groups_text(self.options)}"
                )
            case RefusalKind.WRONG_SUM:
                assert card is not None
                return (
                    f"{card} cannot take {taken}: they make {self.total}, not {card.value}; "
                    f"it may take {_groups_text(self.options)}"
                )


def refusal(game: _Position, move: Move) -> Refusal:
    """Why ``move`` (normalised, and not among the legal moves) is refused in ``game``."""
    seat = game.current
    if game.phase == Phase.OVER:
        return Refusal(RefusalKind.OVER, move, seat)
    if game.phase == Phase.CUT:
        return Refusal(RefusalKind.CUT_FIRST, move, seat)
    if move.kind != PLAY or move.card is None:
        return Refusal(RefusalKind.CUT_DONE, move, seat)
    card, taken, hand, table = move.card, move.captures, game.hands[seat], game.table
    options = tuple(m.captures for m in game.legal_moves() if m.card is card and m.captures)
    missing = tuple(c for c in taken if c not in table)
    if card not in hand:
        kind = RefusalKind.NOT_IN_HAND
    elif not taken:
        kind = RefusalKind.MUST_CAPTURE
    elif missing:
        kind = RefusalKind.NOT_ON_TABLE
    elif not options:
        kind = RefusalKind.TAKES_NOTHING
    elif len(taken) > 1 and any(c.value == card.value for c in table):
        kind = RefusalKind.EQUAL_FIRST
    else:
        kind = RefusalKind.WRONG_SUM
    total = sum(c.value for c in taken)
    return Refusal(kind, move, seat, card, taken, options, missing, hand, total)


def why_illegal(game: _Position, move: Move) -> str:
    """Why ``move`` (normalised, and not among the legal moves) is refused in ``game``: one short
    line (a long capture or a long list of alternatives is cut short)."""
    return refusal(game, move).text


GROUPS_SHOWN = 3  # the alternatives a refusal lists; a 34-card table may offer 1,690
MOVE_SHOWN = 40  # characters of a refused move quoted


def _groups_text(groups: tuple[tuple[Card, ...], ...], limit: int = GROUPS_SHOWN) -> str:
    text = " or ".join(cards_text(group, joint="+") for group in groups[:limit])
    more = len(groups) - limit
    return text + (f" (… and {more} more)" if more > 0 else "")


def _move_text(move: Move) -> str:
    text = str(move)
    return text if len(text) <= MOVE_SHOWN else f"{text[: MOVE_SHOWN - 1]}…"
