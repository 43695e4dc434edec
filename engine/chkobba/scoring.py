"""Deal scoring: karta, dinari, bermila, 7ayya and chkobbas, per side."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import Card
from .cardsets import DIAMOND_BITS, HAYYA_BIT, VALUE_BITS, bits_of


class DealScore(NamedTuple):
    """One side's points for a deal, with the counts they came from (for the score sheet)."""

    karta: int
    dinari: int
    bermila: int
    hayya: int
    chkobba: int
    total: int
    cards: int
    diamonds: int
    sevens: int
    sixes: int


def _counts(pile: tuple[Card, ...]) -> tuple[int, int, int, int, int]:
    """Cards, diamonds, sevens, sixes and the 7♦ (0 or 1) in a pile."""
    bits = bits_of(pile)
    return (
        len(pile),
        (bits & DIAMOND_BITS).bit_count(),
        (bits & VALUE_BITS[7]).bit_count(),
        (bits & VALUE_BITS[6]).bit_count(),
        (bits & HAYYA_BIT).bit_count(),
    )


def score_deal(
    piles: Iterable[Iterable[Card]], chkobbas: Iterable[int]
) -> tuple[DealScore, DealScore]:
    """Score a finished deal from both sides' piles and chkobba counts.

    Each category goes to the side with more (cards; diamonds; sevens, then sixes if sevens are
    equal) and to nobody on a tie; with all 40 cards dealt, "more" means more than 20 cards and
    more than 5 diamonds. The 7♦ (7ayya) is a point of its own; each chkobba is one more.
    """
    counts = [_counts(tuple(pile)) for pile in piles]
    sweeps = tuple(chkobbas)
    scores = []
    for side in (0, 1):
        cards, diamonds, sevens, sixes, hayya = counts[side]
        o_cards, o_diamonds, o_sevens, o_sixes, _ = counts[1 - side]
        karta = int(cards > o_cards)
        dinari = int(diamonds > o_diamonds)
        bermila = int((sevens, sixes) > (o_sevens, o_sixes))
        total = karta + dinari + bermila + hayya + sweeps[side]
        scores.append(
            DealScore(
                karta, dinari, bermila, hayya, sweeps[side], total, cards, diamonds, sevens, sixes
            )
        )
    return scores[0], scores[1]
