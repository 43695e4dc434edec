"""Cards: 40 interned immutable values (A-7 and the courts Q, J, K in four suits)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import ClassVar, NamedTuple

from .errors import ParseError, quoted

RANKS = "A234567QJK"
SUITS = "SHDC"
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_SUITS = {symbol: suit for suit, symbol in SUIT_SYMBOLS.items()}
_SYMBOL_SUITS.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})


class _CardFields(NamedTuple):
    index: int  # type: ignore[assignment]  # the card's place in the deck (shadows tuple.index)
    rank: str
    suit: str
    value: int
    code: str


class Card(_CardFields):
    """One card. There are exactly 40 instances: ``Card("7", "D") is Card.parse("7♦")``.

    A card is a small named tuple ``(index, rank, suit, value, code)``, so that comparing, sorting
    and hashing cards run at C speed; cards sort by value, then suit (♠ ♥ ♦ ♣).
    """

    __slots__ = ()
    _interned: ClassVar[dict[str, Card]] = {}

    def __new__(cls, rank: str, suit: str) -> Card:
        card = cls._interned.get(rank + suit)
        if card is None:
            raise ParseError(f"no such card: rank {quoted(rank)}, suit {quoted(suit)}")
        return card

    @classmethod
    def _create(cls, rank: str, suit: str) -> Card:
        index = RANKS.index(rank) * len(SUITS) + SUITS.index(suit)
        card = tuple.__new__(cls, (index, rank, suit, RANKS.index(rank) + 1, rank + suit))
        cls._interned[card.code] = card
        return card

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card.parse, (self.code,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    @staticmethod
    def parse(text: str) -> Card:
        """Read ``"7D"``, ``"7d"`` or ``"7♦"``; raise ``ParseError`` quoting the text otherwise."""
        if not isinstance(text, str):
            raise ParseError(f"a card is written as text like '7D', not {quoted(text)}")
        cleaned = text.strip()
        if len(cleaned) == 2:
            rank, suit = cleaned[0].upper(), cleaned[1]
            suit = _SYMBOL_SUITS.get(suit, suit.upper())
            card = Card._interned.get(rank + suit)
            if card is not None:
                return card
        raise ParseError(
            f"bad card {quoted(text)}: write a rank from {' '.join(RANKS)} and a suit from S H D C "
            "(or ♠ ♥ ♦ ♣), e.g. '7D'"
        )

    @property
    def label(self) -> str:
        """The card as a player reads it: ``"7♦"``."""
        return self.rank + SUIT_SYMBOLS[self.suit]

    @property
    def red(self) -> bool:
        return self.suit in "HD"

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card.parse({self.code!r})"


DECK: tuple[Card, ...] = tuple(Card._create(rank, suit) for rank in RANKS for suit in SUITS)
HAYYA = Card.parse("7D")


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read a run of card codes such as ``"2D6S"`` or ``"2D 6S"`` (``"-"`` or ``""`` = none)."""
    if not isinstance(text, str):
        raise ParseError(f"a card list is text like '2D6S', not {quoted(text)}")
    compact = "".join(text.split())
    if compact in ("", "-"):
        return ()
    if len(compact) % 2:
        raise ParseError(
            f"bad card list {quoted(text)}: cards are two characters each, like '2D6S'"
        )
    return tuple(Card.parse(compact[i : i + 2]) for i in range(0, len(compact), 2))


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards as a compact run, ``"2D6S"``, or ``"-"`` for none."""
    return "".join(card.code for card in cards) or "-"
