"""Sets of cards as 40-bit ints (bit ``card.index`` set for each card in): the fast form.

Bits run in deck order, which is sort order (value, then suit), so ``cards_of`` returns a sorted
tuple.
"""

from __future__ import annotations

from collections.abc import Iterable
from operator import attrgetter

from .cards import DECK, HAYYA, Card

BITS: tuple[int, ...] = tuple(1 << card.index for card in DECK)
MAX_VALUE = DECK[-1].value  # the king: 10
VALUE_BITS: tuple[int, ...] = tuple(
    sum(BITS[card.index] for card in DECK if card.value == value) for value in range(MAX_VALUE + 1)
)
"""The cards of each capture value (index 0 is empty)."""
BELOW_BITS: tuple[int, ...] = tuple(sum(VALUE_BITS[:value]) for value in range(MAX_VALUE + 1))
"""The cards of lower value than each capture value."""
DIAMOND_BITS = sum(BITS[card.index] for card in DECK if card.suit == "D")
HAYYA_BIT = BITS[HAYYA.index]

_index = attrgetter("index")

_PAIRS = sum(1 << i for i in range(0, 40, 2))  # bits 0, 2, 4...: count pairs of bits
_NIBBLES = sum(3 << i for i in range(0, 40, 4))  # bits 0-1, 4-5...: count the 4 bits of a rank


def rank_counts(bits: int) -> int:
    """How many cards of each rank a set holds, four bits per rank (rank ``r`` at bit ``4 * r``).

    A rank's four cards are four adjacent bits (deck order), so the counts are summed in place,
    four bits at a time (``VALUE_BITS`` one by one costs five times as much).
    """
    pairs = (bits & _PAIRS) + (bits >> 1 & _PAIRS)
    return (pairs & _NIBBLES) + (pairs >> 2 & _NIBBLES)


def bits_of(cards: Iterable[Card]) -> int:
    """The set of ``cards`` (each card once)."""
    bits = 0
    for index in map(_index, cards):
        bits |= BITS[index]
    return bits


def _byte_cards(first: int) -> tuple[tuple[Card, ...], ...]:
    """The cards of each 8-bit set of the deck's cards ``first`` to ``first + 7``."""
    return tuple(tuple(DECK[first + i] for i in range(8) if byte >> i & 1) for byte in range(256))


_B0, _B1, _B2, _B3, _B4 = (_byte_cards(first) for first in range(0, len(DECK), 8))


def cards_of(bits: int) -> tuple[Card, ...]:
    """The cards of a set, sorted (read a byte of the set at a time)."""
    return (
        _B0[bits & 255]
        + _B1[bits >> 8 & 255]
        + _B2[bits >> 16 & 255]
        + _B3[bits >> 24 & 255]
        + _B4[bits >> 32]
    )
