"""Moves and the capture rule: which groups of table cards a played card may take."""

from __future__ import annotations

from collections.abc import Sequence
from operator import attrgetter
from typing import NamedTuple

from .cards import Card, parse_cards
from .errors import ParseError

PLAY, KEEP, EXPOSE = "play", "keep", "expose"


class Move(NamedTuple):
    """One action. ``str(move)`` is its notation and ``Move.parse`` reads it back.

    - ``"QHx2D+6S"``: play Q♥ and take 2♦ and 6♠; ``"QH"``: lay Q♥ on the table, taking nothing;
    - ``"keep"`` / ``"expose"``: the cutter keeps the cut card in hand or shows it on the table.
    """

    kind: str
    card: Card | None
    captures: tuple[Card, ...]

    @staticmethod
    def play(card: Card | str, captures: Sequence[Card | str] = ()) -> Move:
        """The move that plays ``card`` and takes ``captures`` (in any order)."""
        played = card if isinstance(card, Card) else Card.parse(card)
        taken = (c if isinstance(c, Card) else Card.parse(c) for c in captures)
        return Move(PLAY, played, tuple(sorted(taken)))

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move's notation; raise ``ParseError`` quoting what was wrong."""
        if not isinstance(text, str):
            raise ParseError(f"a move is written as text like 'QHx2D+6S', not {text!r}")
        cleaned = text.strip()
        if cleaned.lower() in (KEEP, EXPOSE):
            return KEEP_MOVE if cleaned.lower() == KEEP else EXPOSE_MOVE
        head, sep, tail = cleaned.partition("x") if "x" in cleaned else cleaned.partition("X")
        try:
            card = Card.parse(head)
            captures = parse_cards(tail.replace("+", "")) if sep else ()
        except ParseError as error:
            raise ParseError(f"bad move {text!r}: {error}") from None
        if sep and not captures:
            raise ParseError(f"bad move {text!r}: 'x' must be followed by the cards taken")
        if sep and len(set(captures)) != len(captures):
            raise ParseError(f"bad move {text!r}: a card is taken twice")
        return Move.play(card, captures)

    def __str__(self) -> str:
        if self.kind != PLAY:
            return self.kind
        assert self.card is not None
        if not self.captures:
            return self.card.code
        return self.card.code + "x" + "+".join(card.code for card in self.captures)

    def __repr__(self) -> str:
        return f"Move.parse({str(self)!r})"


KEEP_MOVE = Move(KEEP, None, ())
EXPOSE_MOVE = Move(EXPOSE, None, ())
Move.KEEP = KEEP_MOVE  # type: ignore[attr-defined]
Move.EXPOSE = EXPOSE_MOVE  # type: ignore[attr-defined]

_GROUP_CACHE: dict[tuple[int, ...], dict[int, tuple[tuple[int, ...], ...]]] = {}
_GROUP_CACHE_LIMIT = 100_000
_value = attrgetter("value")
_new_move = tuple.__new__


def _table_entry(values: tuple[int, ...]) -> dict[int, tuple[tuple[int, ...], ...]]:
    entry = _GROUP_CACHE.get(values)
    if entry is None:
        if len(_GROUP_CACHE) >= _GROUP_CACHE_LIMIT:
            _GROUP_CACHE.clear()
        entry = _GROUP_CACHE[values] = {}
    return entry


def capture_index_groups(value: int, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions in ``values`` (the table's capture values) that a card of ``value`` may take.

    Equal singles first and only: if any table card has the same value, each such card alone is an
    option. Otherwise every group of two or more cards whose values sum to ``value``.
    """
    entry = _table_entry(values)
    groups = entry.get(value)
    if groups is None:
        groups = entry[value] = _search_groups(value, values)
    return groups


def _search_groups(target: int, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    if target in values:
        return tuple((i,) for i, v in enumerate(values) if v == target)
    if sum(values) < target:
        return ()
    found: list[tuple[int, ...]] = []
    count = len(values)

    def extend(start: int, remaining: int, chosen: tuple[int, ...]) -> None:
        for i in range(start, count):
            v = values[i]
            if v == remaining:
                found.append((*chosen, i))
            elif v < remaining:
                extend(i + 1, remaining - v, (*chosen, i))

    extend(0, target, ())
    return tuple(found)


def capture_options(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The groups of ``table`` cards that ``card`` may take, in a stable order (``[]`` = none).

    >>> capture_options(Card.parse("QH"), [Card.parse("2D"), Card.parse("6S")])
    [(Card.parse('2D'), Card.parse('6S'))]
    """
    ordered = tuple(sorted(table))
    groups = capture_index_groups(card.value, tuple(c.value for c in ordered))
    return [tuple(ordered[i] for i in group) for group in groups]


def legal_play_moves(hand: tuple[Card, ...], table: tuple[Card, ...]) -> list[Move]:
    """Every (card, captured group) the hand allows on this sorted table, in a stable order."""
    values = tuple(map(_value, table))
    entry = _table_entry(values)
    moves = []
    for card in hand:
        value = card.value
        groups = entry.get(value)
        if groups is None:
            groups = entry[value] = _search_groups(value, values)
        if not groups:
            moves.append(_new_move(Move, (PLAY, card, ())))
        for group in groups:
            captures = (
                (table[group[0]],) if len(group) == 1 else tuple(map(table.__getitem__, group))
            )
            moves.append(_new_move(Move, (PLAY, card, captures)))
    return moves
