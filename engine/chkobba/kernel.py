"""The rules kernel: each rule of the deal written once, on card sets as ints.

``Game`` (Card objects, history, messages) and the bots' search, inference and simple bots call
these functions; nothing else restates a rule. A card is its deck index (``Card.index``), a set of
cards a 40-bit int (``chkobba.cardsets``), a deck or stock a sequence, top card first. Functions
that only place cards (``deal_layout``, ``hand_layout``) return deck positions, so that callers
holding Card tuples and callers holding int tuples deal alike.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from .cardsets import DIAMOND_BITS, HAYYA_BIT, MAX_VALUE, VALUE_BITS, rank_counts

HAND_SIZE = 3  # cards dealt to each seat per hand
TABLE_SIZE = 4  # cards laid on the table at the start of a deal

Layout = tuple[tuple[tuple[int, ...], ...], tuple[int, ...], int]
"""Deck positions of each seat's hand (by seat), of the table, and how many cards are dealt."""


class Phase(StrEnum):
    """Where a match stands: the cutter to keep or expose the cut card, the play, or over.

    A ``str``: ``Phase.CUT == "cut"``, and it prints and saves as its text.
    """

    CUT = "cut"
    PLAY = "play"
    OVER = "over"

    def __repr__(self) -> str:
        return repr(self.value)


# ---------------------------------------------------------------- seats


def cutter(dealer: int, players: int) -> int:
    """The seat that cuts and leads every hand of the deal: the dealer's right-hand neighbour."""
    return (dealer + 1) % players


def next_seat(seat: int, players: int) -> int:
    return (seat + 1) % players


# ---------------------------------------------------------------- the cut and the deal


@cache
def deal_layout(players: int, cut_seat: int, keep: bool) -> Layout:
    """Where the cards of a cut deck go (position 0 is the cut card).

    Kept, the cut card is the cutter's first card; exposed, the table's first. Then three cards
    to each seat in turn from the cutter (the cutter's hand completed first), then the table to
    four cards.
    """
    hands: list[list[int]] = [[] for _ in range(players)]
    table = [] if keep else [0]
    if keep:
        hands[cut_seat].append(0)
    position = 1
    for offset in range(players):
        hand = hands[(cut_seat + offset) % players]
        need = HAND_SIZE - len(hand)
        hand.extend(range(position, position + need))
        position += need
    need = TABLE_SIZE - len(table)
    table.extend(range(position, position + need))
    position += need
    return tuple(map(tuple, hands)), tuple(table), position


def deal_size(players: int) -> int:
    """Cards a deal's first hand takes from the deck: the hands and the table."""
    return players * HAND_SIZE + TABLE_SIZE


_THREE = sum(5 << i for i in range(0, 40, 4))  # + 5 reaches 8 from a count of 3 or 4
_EIGHTS = sum(8 << i for i in range(0, 40, 4))


def needs_redeal(table: int) -> bool:
    """Three or four cards of one rank on the table: the deal is void and redealt."""
    return bool((rank_counts(table) + _THREE) & _EIGHTS)


@cache
def hand_layout(players: int, first: int) -> Layout:
    """Where the next hand's cards go: three to each seat from the top, starting with ``first``."""
    hands: list[tuple[int, ...]] = [()] * players
    for offset in range(players):
        start = offset * HAND_SIZE
        hands[(first + offset) % players] = tuple(range(start, start + HAND_SIZE))
    return tuple(hands), (), players * HAND_SIZE


def stock_problem(stock: int, players: int, cut: bool) -> str:
    """Why a stock of ``stock`` cards cannot be dealt on (``""`` if it can).

    At the cut it must hold the hands and the table and then whole hands; during the play,
    whole hands only (every seat gets three cards each time).
    """
    per_hand = players * HAND_SIZE
    rest = stock - deal_size(players) if cut else stock
    if rest < 0 or rest % per_hand:
        first = f"{deal_size(players)} + " if cut else ""
        return (
            f"a stock of {stock} cards cannot be dealt to {players} players "
            f"(it must hold {first}a multiple of {per_hand} cards)"
        )
    return ""


# ---------------------------------------------------------------- playing a card


def play_card(table: int, card: int, taken: int, more: object) -> tuple[int, bool]:
    """The table after ``card`` (a one-card set) takes ``taken`` (``0``: it is laid), and whether
    the play is a chkobba; ``more`` is true when cards remain to be played in the deal."""
    if not taken:
        return table | card, False
    table ^= taken
    return table, is_chkobba(table, more)


def is_chkobba(left: object, more: object) -> bool:
    """A capture that leaves the table (``left``, any sized set) empty is a chkobba, except with
    the last card of the deal (``more`` false: no card left in a hand or in the stock)."""
    return not (left or not more)


def leftovers_side(table: object, last_capturer: int | None) -> int | None:
    """The side that takes the cards left on the table when the deal ends (the last capturer's),
    or ``None`` (nothing left, or nobody captured: the cards stay)."""
    if table and last_capturer is not None:
        return last_capturer & 1
    return None


# ---------------------------------------------------------------- scoring counters

Counters = tuple[int, int, int, int, int]
"""A pile's cards, diamonds, sevens, sixes and 7♦ (0 or 1): all that scores."""


def counters(pile: int, cards: int | None = None) -> Counters:
    """The scoring counters of a pile (a card set; ``cards`` its size if known)."""
    return (
        pile.bit_count() if cards is None else cards,
        (pile & DIAMOND_BITS).bit_count(),
        (pile & VALUE_BITS[7]).bit_count(),
        (pile & VALUE_BITS[6]).bit_count(),
        (pile & HAYYA_BIT).bit_count(),
    )


def majorities(mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[int, int, int]:
    """Karta, dinari and bermila of a side (1 each it wins): most cards, most diamonds, most
    sevens (then most sixes); nobody wins a tie. ``mine`` and ``theirs`` start as ``Counters``."""
    return (
        int(mine[0] > theirs[0]),
        int(mine[1] > theirs[1]),
        int(mine[2] > theirs[2] or (mine[2] == theirs[2] and mine[3] > theirs[3])),
    )


def deal_points(mine: Counters, theirs: Counters, chkobbas: int) -> tuple[int, int, int, int, int]:
    """A side's karta, dinari, bermila, 7♦ and chkobba points for a deal."""
    karta, dinari, bermila = majorities(mine, theirs)
    return karta, dinari, bermila, mine[4], chkobbas


__all__ = [
    "HAND_SIZE",
    "MAX_VALUE",
    "TABLE_SIZE",
    "Counters",
    "Phase",
    "counters",
    "cutter",
    "deal_layout",
    "deal_points",
    "deal_size",
    "hand_layout",
    "is_chkobba",
    "leftovers_side",
    "majorities",
    "needs_redeal",
    "next_seat",
    "play_card",
    "stock_problem",
]
