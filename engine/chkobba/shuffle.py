"""A portable seeded shuffle: the same seed gives the same deck on any machine and Python.

Each card gets a 32-bit key from SHAKE-128 of the seed and the shuffle number, and the deck is
sorted by key (equal keys keep deck order). Only the standard library's hashlib is used, so
CPython and Pyodide deal identically.
"""

from __future__ import annotations

import hashlib
import struct
from operator import itemgetter

from .cards import DECK, Card

_KEYS = struct.Struct(f">{len(DECK)}I")
_POSITIONS = range(len(DECK))


def _digest(text: str, size: int) -> bytes:
    return hashlib.shake_128(f"chkobba:{text}".encode()).digest(size)


def shuffled_deck(seed: int, number: int) -> tuple[Card, ...]:
    """The deck of shuffle ``number`` (0, 1, ...) of the match with this ``seed``."""
    keys = _KEYS.unpack(_digest(f"{seed}:{number}", _KEYS.size))
    deck: tuple[Card, ...] = itemgetter(*sorted(_POSITIONS, key=keys.__getitem__))(DECK)
    return deck


def draw_lot(seed: int, players: int) -> int:
    """The first dealer, chosen by lot from the match seed."""
    return int.from_bytes(_digest(f"{seed}:lot", 8), "big") % players
