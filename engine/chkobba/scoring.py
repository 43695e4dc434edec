"""Deal scoring: karta, dinari, bermila, 7ayya and chkobbas, per side."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

from .cards import Card
from .cardsets import bits_of
from .errors import ChkobbaError, quoted
from .kernel import CATEGORIES, counters, deal_points, deal_total


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

    def points(self, category: str) -> int:
        """The points of one of the kernel's ``CATEGORIES`` ("karta", "dinari"...)."""
        if category not in CATEGORIES:
            raise ValueError(f"no category {quoted(category)}: one of {', '.join(CATEGORIES)}")
        return int(getattr(self, category))


class DealResult(NamedTuple):
    """What a finished deal scored, and the match totals after it."""

    dealer: int
    scores: tuple[DealScore, DealScore]
    totals: tuple[int, int]
    leftovers: tuple[Card, ...] = ()
    leftovers_side: int | None = None


def score_deal(
    piles: Iterable[Iterable[Card]], chkobbas: Iterable[int]
) -> tuple[DealScore, DealScore]:
    """Score a finished deal from both sides' piles and chkobba counts.

    Each category goes to the side with more (cards; diamonds; sevens, then sixes if sevens are
    equal) and to nobody on a tie; with all 40 cards dealt, "more" means more than 20 cards and
    more than 5 diamonds. The 7♦ (7ayya) is a point of its own; each chkobba is one more.
    """
    pile_pair = _pair("piles", piles)
    sweeps = _pair("chkobbas", chkobbas)
    for count in sweeps:
        if not isinstance(count, int) or isinstance(count, bool):
            raise TypeError(f"a chkobba count is an int, not {quoted(count)}")
        if count < 0:
            raise ChkobbaError(f"a chkobba count is a whole number >= 0, not {count}")
    checked = []
    for pile in pile_pair:
        if isinstance(pile, str) or not isinstance(pile, Iterable):
            raise TypeError(f"a pile is a sequence of Cards, not {quoted(pile)}")
        taken = tuple(pile)
        if not all(isinstance(card, Card) for card in taken):
            raise TypeError(f"a pile is a sequence of Cards, not {quoted(taken)}")
        checked.append(taken)
    return score_piles((checked[0], checked[1]), (sweeps[0], sweeps[1]))


def score_piles(
    piles: tuple[tuple[Card, ...], tuple[Card, ...]], chkobbas: tuple[int, int]
) -> tuple[DealScore, DealScore]:
    """``score_deal`` on arguments known to be right (the game's own piles)."""
    counts = [counters(bits_of(pile), len(pile)) for pile in piles]
    scores = []
    for side in (0, 1):
        points = deal_points(counts[side], counts[1 - side], chkobbas[side])
        cards, diamonds, sevens, sixes, _ = counts[side]
        scores.append(DealScore(*points, deal_total(points), cards, diamonds, sevens, sixes))
    return scores[0], scores[1]


def _pair(name: str, value: object) -> tuple[Any, Any]:
    if isinstance(value, str) or not isinstance(value, Iterable):
        raise TypeError(f"{name}: one for each side, not {quoted(value)}")
    items = tuple(value)
    if len(items) != 2:
        raise ChkobbaError(f"{name}: one for each of the two sides, not {len(items)}")
    return items[0], items[1]
