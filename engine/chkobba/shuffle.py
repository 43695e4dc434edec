"""A portable seeded shuffle: the same seed gives the same deck on any machine and Python."""

from __future__ import annotations

from .cards import DECK, Card

_MASK = (1 << 64) - 1


def _mix(state: int) -> tuple[int, int]:
    """One step of splitmix64: the next state and a 64-bit output."""
    state = (state + 0x9E3779B97F4A7C15) & _MASK
    z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return state, z ^ (z >> 31)


def _start(seed: int, stream: int) -> int:
    return (seed & _MASK) ^ ((stream * 0xD1B54A32D192ED03 + 0x632BE59BD9B4E019) & _MASK)


def shuffled_deck(seed: int, number: int) -> tuple[Card, ...]:
    """The deck of shuffle ``number`` (0, 1, ...) of the match with this ``seed``."""
    state = _start(seed, number + 1)
    cards = list(DECK)
    for i in range(len(cards) - 1, 0, -1):
        state, out = _mix(state)
        j = out % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return tuple(cards)


def draw_lot(seed: int, players: int) -> int:
    """The first dealer, chosen by lot from the match seed."""
    return _mix(_start(seed, 0))[1] % players
