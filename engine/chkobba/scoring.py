"""Deal scoring: karta, dinari, bermila, 7ayya and chkobbas, per side."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .cards import HAYYA, Card


@dataclass(frozen=True)
class DealScore:
    """One side's points for a deal, with the counts they came from (for the score sheet)."""

    karta: int
    dinari: int
    bermila: int
    hayya: int
    chkobba: int
    cards: int
    diamonds: int
    sevens: int
    sixes: int

    @property
    def total(self) -> int:
        return self.karta + self.dinari + self.bermila + self.hayya + self.chkobba


def _point(mine: int, theirs: int) -> int:
    return 1 if mine > theirs else 0


def score_deal(
    piles: Iterable[Iterable[Card]], chkobbas: Iterable[int]
) -> tuple[DealScore, DealScore]:
    """Score a finished deal from both sides' piles and chkobba counts.

    Each category goes to the side with more (cards; diamonds; sevens, then sixes if sevens are
    equal) and to nobody on a tie; with all 40 cards dealt, "more" means more than 20 cards and
    more than 5 diamonds. The 7♦ (7ayya) is a point of its own; each chkobba is one more.
    """
    pile_a, pile_b = (tuple(pile) for pile in piles)
    sweeps_a, sweeps_b = chkobbas
    counts = []
    for pile in (pile_a, pile_b):
        counts.append(
            (
                len(pile),
                sum(1 for c in pile if c.suit == "D"),
                sum(1 for c in pile if c.value == 7),
                sum(1 for c in pile if c.value == 6),
                1 if HAYYA in pile else 0,
            )
        )
    scores = []
    for (cards, diamonds, sevens, sixes, hayya), (
        o_cards,
        o_diamonds,
        o_sevens,
        o_sixes,
        _,
    ), sweeps in (
        (counts[0], counts[1], sweeps_a),
        (counts[1], counts[0], sweeps_b),
    ):
        bermila = _point((sevens, sixes), (o_sevens, o_sixes))
        scores.append(
            DealScore(
                karta=_point(cards, o_cards),
                dinari=_point(diamonds, o_diamonds),
                bermila=bermila,
                hayya=hayya,
                chkobba=sweeps,
                cards=cards,
                diamonds=diamonds,
                sevens=sevens,
                sixes=sixes,
            )
        )
    return scores[0], scores[1]
