"""Deal scoring: karta, dinari, bermila, 7ayya and chkobbas, per side."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import DECK, HAYYA, Card


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


_DIAMONDS = frozenset(card for card in DECK if card.suit == "D")
_SEVENS = frozenset(card for card in DECK if card.value == 7)
_SIXES = frozenset(card for card in DECK if card.value == 6)


def _counts(pile: tuple[Card, ...]) -> tuple[int, int, int, int]:
    """Cards, diamonds, sevens and sixes in a pile."""
    return (
        len(pile),
        len(_DIAMONDS.intersection(pile)),
        len(_SEVENS.intersection(pile)),
        len(_SIXES.intersection(pile)),
    )


def score_deal(
    piles: Iterable[Iterable[Card]], chkobbas: Iterable[int]
) -> tuple[DealScore, DealScore]:
    """Score a finished deal from both sides' piles and chkobba counts.

    Each category goes to the side with more (cards; diamonds; sevens, then sixes if sevens are
    equal) and to nobody on a tie; with all 40 cards dealt, "more" means more than 20 cards and
    more than 5 diamonds. The 7♦ (7ayya) is a point of its own; each chkobba is one more.
    """
    first, second = (tuple(pile) for pile in piles)
    sweeps = tuple(chkobbas)
    counts = (_counts(first), _counts(second))
    scores = []
    for side, pile in enumerate((first, second)):
        cards, diamonds, sevens, sixes = counts[side]
        o_cards, o_diamonds, o_sevens, o_sixes = counts[1 - side]
        karta = int(cards > o_cards)
        dinari = int(diamonds > o_diamonds)
        bermila = int((sevens, sixes) > (o_sevens, o_sixes))
        hayya = int(HAYYA in pile)
        total = karta + dinari + bermila + hayya + sweeps[side]
        scores.append(
            DealScore(
                karta, dinari, bermila, hayya, sweeps[side], total, cards, diamonds, sevens, sixes
            )
        )
    return scores[0], scores[1]
