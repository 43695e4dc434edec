"""Moves, and the moves the capture rule (``kernel.table_groups``) allows a hand on a table.

``table_groups`` is named here too, where it was first defined.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from enum import StrEnum
from operator import attrgetter
from typing import NamedTuple

from .cards import DECK, Card, parse_cards
from .cardsets import BELOW_BITS, VALUE_BITS, bits_of, cards_of, rank_counts
from .errors import ChkobbaError, ParseError, quoted
from .kernel import GroupsByValue, table_groups


class MoveKind(StrEnum):
    """What a move does: play a card, or (the cutter) keep or expose the cut card.

    A ``str``: ``MoveKind.PLAY == "play"``, and it prints and saves as its text.
    """

    PLAY = "play"
    KEEP = "keep"
    EXPOSE = "expose"

    def __repr__(self) -> str:
        return repr(self.value)


PLAY, KEEP, EXPOSE = MoveKind.PLAY, MoveKind.KEEP, MoveKind.EXPOSE


class Move(NamedTuple):
    """One action. ``str(move)`` is its notation and ``Move.parse`` reads it back.

    - ``"QHx2D+6S"``: play Q♥ and take 2♦ and 6♠; ``"QH"``: lay Q♥ on the table, taking nothing;
    - ``"keep"`` / ``"expose"``: the cutter keeps the cut card in hand or shows it on the table.
    """

    kind: MoveKind
    card: Card | None
    captures: tuple[Card, ...]

    @staticmethod
    def play(card: Card | str, captures: Sequence[Card | str] = ()) -> Move:
        """The move that plays ``card`` and takes ``captures`` (in any order)."""
        played = card if isinstance(card, Card) else Card.parse(card)
        if isinstance(captures, str) or not isinstance(captures, Iterable):
            raise TypeError(f"captures are a sequence of cards, not {quoted(captures)}")
        taken = tuple(sorted(c if isinstance(c, Card) else Card.parse(c) for c in captures))
        if played in taken:
            raise ChkobbaError(f"{played} cannot take itself")
        if len(set(taken)) != len(taken):
            raise ChkobbaError(f"{cards_text(_twice(taken))} is taken twice")
        return Move(PLAY, played, taken)

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move's notation; raise ``ParseError`` quoting what was wrong."""
        if not isinstance(text, str):
            raise ParseError(f"a move is written as text like 'QHx2D+6S', not {quoted(text)}")
        cleaned = text.strip()
        if cleaned.lower() in (KEEP, EXPOSE):
            return KEEP_MOVE if cleaned.lower() == KEEP else EXPOSE_MOVE
        head, sep, tail = cleaned.partition("x") if "x" in cleaned else cleaned.partition("X")
        try:
            card = Card.parse(head)
            captures = parse_cards(tail.replace("+", "")) if sep else ()
        except ParseError as error:
            raise ParseError(f"bad move {quoted(text)}: {error}") from None
        if sep and not captures:
            raise ParseError(f"bad move {quoted(text)}: 'x' must be followed by the cards taken")
        if sep and len(set(captures)) != len(captures):
            raise ParseError(f"bad move {quoted(text)}: a card is taken twice")
        if card in captures:
            raise ParseError(f"bad move {quoted(text)}: {card} cannot take itself")
        return Move.play(card, captures)

    def __str__(self) -> str:
        if move_problem(self):  # built by hand, and no move: it has no notation
            return self._fields_text()
        if self.kind != PLAY:
            return str(self.kind)
        assert self.card is not None
        if not self.captures:
            return self.card.code
        return self.card.code + "x" + "+".join(card.code for card in self.captures)

    def __repr__(self) -> str:
        if move_problem(self):
            return self._fields_text()
        return f"Move.parse({str(self)!r})"

    def _fields_text(self) -> str:
        kind, card, captures = (quoted(part, 20) for part in self)
        return f"Move(kind={kind}, card={card}, captures={captures})"


def move_problem(move: Move) -> str:
    """What makes ``move`` (maybe built by hand, ``Move(kind, card, captures)``) no move at all,
    or ``""``: a play names a Card and takes Cards, each once; a keep or an expose names no card.
    Moves from ``Move.play``, ``Move.parse`` and ``legal_moves`` have none."""
    kind, card, captures = move
    if isinstance(kind, str) and kind in (KEEP, EXPOSE):
        if card is not None or captures != ():
            return f"{kind} names no card (the cutter keeps or exposes the cut card)"
        return ""
    if not (isinstance(kind, str) and kind == PLAY):
        return f"a move's kind is play, keep or expose, not {quoted(kind, 20)}"
    if not isinstance(card, Card):
        return f"a move that plays a card names it (a Card), not {quoted(card, 20)}"
    if isinstance(captures, str | bytes) or not isinstance(captures, Iterable):
        return f"a move's captures are a tuple of Cards, not {quoted(captures, 20)}"
    taken = tuple(captures)
    if not all(isinstance(c, Card) for c in taken):
        return f"a move's captures are Cards, not {quoted(taken, 20)}"
    if card in taken:
        return f"{card} cannot take itself"
    if len(set(taken)) != len(taken):
        return f"{cards_text(_twice(taken))} is taken twice"
    return ""


def _twice(cards: tuple[Card, ...]) -> list[Card]:
    return sorted(card for card, count in Counter(cards).items() if count > 1)


def cards_text(cards: Sequence[Card], limit: int = 8, joint: str = " ") -> str:
    """Cards for a message, the first ``limit`` of them: ``"2D 3D … and 5 more"``."""
    text = joint.join(card.code for card in cards[:limit])
    return text + (f" … and {len(cards) - limit} more" if len(cards) > limit else "")


KEEP_MOVE = Move(KEEP, None, ())
EXPOSE_MOVE = Move(EXPOSE, None, ())
CUT_MOVES = (KEEP_MOVE, EXPOSE_MOVE)
Move.KEEP = KEEP_MOVE  # type: ignore[attr-defined]
Move.EXPOSE = EXPOSE_MOVE  # type: ignore[attr-defined]

_value = attrgetter("value")
_new_move = tuple.__new__


def capture_options(card: Card, table: Sequence[Card]) -> list[tuple[Card, ...]]:
    """The groups of ``table`` cards that ``card`` may take, in a stable order (``[]`` = none).

    >>> capture_options(Card.parse("QH"), [Card.parse("2D"), Card.parse("6S")])
    [(Card.parse('2D'), Card.parse('6S'))]
    """
    _check_cards("card", (card,))
    ordered = tuple(sorted(_check_cards("table", table)))
    groups = table_groups(tuple(map(_value, ordered)))[card.value]
    return [tuple(ordered[i] for i in group) for group in groups]


def legal_play_moves(hand: tuple[Card, ...], table: tuple[Card, ...]) -> list[Move]:
    """Every (card, captured group) the hand allows on the table, in a stable order."""
    hand_bits = bits_of(_check_cards("hand", hand))
    return list(play_moves(hand_bits, bits_of(_check_cards("table", table))))


def _check_cards(name: str, cards: object) -> tuple[Card, ...]:
    """``cards`` as a tuple of Cards; ``TypeError`` naming ``name`` otherwise."""
    if isinstance(cards, str | bytes) or not isinstance(cards, Iterable):
        raise TypeError(f"the {name} must be a sequence of Cards, not {quoted(cards)}")
    found = tuple(cards)
    if not all(isinstance(card, Card) for card in found):
        raise TypeError(f"the {name} must hold Cards (Card.parse('7D')), not {quoted(found)}")
    return found


_LAYS = tuple((_new_move(Move, (PLAY, card, ())),) for card in DECK)
_CARD_KEYS: dict[int, tuple[tuple[int, int, int], ...]] = {}
_OPTIONS: dict[int, tuple[Move, ...]] = {}
_GROUPS_BY_COUNTS: dict[int, GroupsByValue] = {}
_OPTIONS_LIMIT = 200_000
_COUNTS_LIMIT = 100_000


def play_moves(hand: int, table: int) -> tuple[Move, ...]:
    """``legal_play_moves`` on card sets (``chkobba.cardsets``): the game's fast path.

    By the capture rule (``kernel.table_groups``) a card's moves depend only on the table cards
    it could take: those of its value if there are any, else those of lower value, and then only
    when there are two or more of them. The moves are cached under that part of the table and
    the card.
    """
    moves: tuple[Move, ...] = ()
    for equal, below, index in _CARD_KEYS.get(hand) or _card_keys(hand):
        part = table & equal or table & below
        if part & (part - 1) or part & equal:
            key = part << 6 | index
            moves += _OPTIONS.get(key) or _options(key)
        else:
            moves += _LAYS[index]
    return moves


def _card_keys(hand: int) -> tuple[tuple[int, int, int], ...]:
    keys = tuple(
        (VALUE_BITS[card.value], BELOW_BITS[card.value], card.index) for card in cards_of(hand)
    )
    if len(_CARD_KEYS) < _OPTIONS_LIMIT:
        _CARD_KEYS[hand] = keys
    return keys


def _options(key: int) -> tuple[Move, ...]:
    """The moves of card ``key & 63`` on the table part ``key >> 6`` (see ``play_moves``).

    The groups depend only on how many cards of each rank the part holds, so they are looked
    up by those counts first: a card that can only be laid costs no more than that.
    """
    card = DECK[key & 63]
    bits = key >> 6
    counts = rank_counts(bits)
    groups = _GROUPS_BY_COUNTS.get(counts)
    if groups is None:
        if len(_GROUPS_BY_COUNTS) >= _COUNTS_LIMIT:
            _GROUPS_BY_COUNTS.clear()
        groups = _GROUPS_BY_COUNTS[counts] = table_groups(tuple(map(_value, cards_of(bits))))
    found = groups[card.value]
    if found:
        take = cards_of(bits).__getitem__
        options = tuple([_new_move(Move, (PLAY, card, tuple(map(take, g)))) for g in found])
    else:
        options = _LAYS[card.index]
    if len(_OPTIONS) >= _OPTIONS_LIMIT:
        _OPTIONS.clear()
    _OPTIONS[key] = options
    return options
