"""A small, fast model of a deal for the bots: cards as ints, piles as packed counters.

Cards are their ``Card.index`` (0..39; value ``i // 4 + 1``, suit ``"SHDC"[i % 4]``), a hand a
sorted tuple of them, the table a card set (``chkobba.cardsets``), as the kernel's ``play_card``
takes it. A side's pile is summarised by one int with bit fields (cards, diamonds, sevens, sixes,
7♦, chkobbas): a capture adds the ``packed`` counters of the cards won. Only what scores is kept,
which is all a search needs. Nothing here reads the engine's private state: the bots build these
from a ``View``.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

from ..cards import DECK, HAYYA, Card
from ..cardsets import BITS, HAYYA_BIT, bits_of, cards_of
from ..kernel import (
    DECK_COUNTERS,
    card_class,
    counters,
    deal_points,
    deal_total,
    sweepable,
    table_groups,
)

VALUE = tuple(card.value for card in DECK)
DIAMOND = tuple(int(card.suit == "D") for card in DECK)
HAYYA_INDEX = HAYYA.index
CLASS = tuple(card_class(i) for i in range(40))  # the kernel's card classes, looked up

# Packed pile counters: cards (bits 0-5), diamonds (6-9), sevens (10-12), sixes (13-15),
# 7♦ (16), chkobbas (17-).
DIA_SHIFT, SEVEN_SHIFT, SIX_SHIFT, HAYYA_SHIFT, SWEEP_SHIFT = 6, 10, 13, 16, 17
SWEEP = 1 << SWEEP_SHIFT


def unpack(stats: int) -> tuple[int, int, int, int, int, int]:
    """(cards, diamonds, sevens, sixes, 7♦, chkobbas) of a packed pile."""
    return (
        stats & 63,
        (stats >> DIA_SHIFT) & 15,
        (stats >> SEVEN_SHIFT) & 7,
        (stats >> SIX_SHIFT) & 7,
        (stats >> HAYYA_SHIFT) & 1,
        stats >> SWEEP_SHIFT,
    )


def packed(cards: int) -> int:
    """The packed counters of a card set (the kernel's ``counters``), no chkobba."""
    count, diamonds, sevens, sixes, hayya = counters(cards)
    return (
        count
        + (diamonds << DIA_SHIFT)
        + (sevens << SEVEN_SHIFT)
        + (sixes << SIX_SHIFT)
        + (hayya << HAYYA_SHIFT)
    )


def pile_gain(won: int, chkobba: bool) -> int:
    """What a play adds to its side's packed pile: the cards it won (a set), and its chkobba."""
    return packed(won) + (SWEEP if chkobba else 0)


def pack_pile(cards: tuple[Card, ...], sweeps: int) -> int:
    return packed(bits_of(cards)) + (sweeps << SWEEP_SHIFT)


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator, no-any-return]


def final_diff(stats0: int, stats1: int) -> int:
    """Exact deal points of side 0 minus side 1 once every card is in a pile (the kernel's
    ``deal_points`` on the packed counters and chkobbas)."""
    first, second = unpack(stats0), unpack(stats1)
    mine = deal_total(deal_points(first[:5], second[:5], first[5]))
    return mine - deal_total(deal_points(second[:5], first[:5], second[5]))


# ---------------------------------------------------------------- expected points mid-deal


def _binomial(n: int) -> list[float]:
    return [comb(n, k) / 2**n for k in range(n + 1)]


def _majority_table(total: int) -> list[list[float]]:
    """E[point(side 0) - point(side 1)] for a "more than the other" category of ``total`` cards,
    from the counts each side holds, if the rest were split by fair coins."""
    table = [[0.0] * (total + 1) for _ in range(total + 1)]
    for a in range(total + 1):
        for b in range(total + 1 - a):
            rest = total - a - b
            table[a][b] = sum(p * _sign(a + k, b + rest - k) for k, p in enumerate(_binomial(rest)))
    return table


KARTA = _majority_table(40)
DINARI = _majority_table(10)


def _bermila_table() -> dict[tuple[int, int, int, int], float]:
    table = {}
    for s0 in range(5):
        for s1 in range(5 - s0):
            for x0 in range(5):
                for x1 in range(5 - x0):
                    r7, r6 = 4 - s0 - s1, 4 - x0 - x1
                    value = 0.0
                    for k7, p7 in enumerate(_binomial(r7)):
                        for k6, p6 in enumerate(_binomial(r6)):
                            value += (
                                p7 * p6 * _sign((s0 + k7, x0 + k6), (s1 + r7 - k7, x1 + r6 - k6))
                            )
                    table[s0, s1, x0, x1] = value
    return table


BERMILA = _bermila_table()


_EXPECTED: dict[int, float] = {}  # by stats0 << 32 | stats1: the searches ask again and again


def expected_diff(stats0: int, stats1: int) -> float:
    """Expected deal points of side 0 minus side 1 from the piles so far (the rest split evenly)."""
    key = stats0 << 32 | stats1
    found = _EXPECTED.get(key)
    if found is None:
        if len(_EXPECTED) > 300_000:
            _EXPECTED.clear()
        found = _EXPECTED[key] = _expected_diff(stats0, stats1)
    return found


def _expected_diff(stats0: int, stats1: int) -> float:
    c0, d0, s0, x0, h0, w0 = unpack(stats0)
    c1, d1, s1, x1, h1, w1 = unpack(stats1)
    both = (c0 + c1, d0 + d1, s0 + s1, x0 + x1)
    if any(count > most for count, most in zip(both, DECK_COUNTERS[:4], strict=True)):
        # a hand-made position whose piles hold more than the deck
        return float(final_diff(stats0, stats1))
    return KARTA[c0][c1] + DINARI[d0][d1] + BERMILA[s0, s1, x0, x1] + h0 - h1 + w0 - w1


# P(a hand of ``size`` cards drawn from ``unknown`` cards holds at least one of ``hits`` of them)
def p_holds(unknown: int, hits: int, size: int) -> float:
    if hits <= 0 or size <= 0 or unknown <= 0:
        return 0.0
    if size >= unknown:
        return 1.0
    return 1.0 - comb(unknown - hits, size) / comb(unknown, size)


# p_holds for a hand of up to HAND_SIZE cards from up to 40, four cards of a value at most
_HOLDS = [
    [[p_holds(unknown, min(hits, unknown), size) for hits in range(5)] for unknown in range(41)]
    for size in range(4)
]


def holding_chances(cards: Iterable[int], size: int) -> list[float]:
    """Chance, per value, that a hand of ``size`` cards drawn from ``cards`` holds that value."""
    counts = [0] * 11
    for card in cards:
        counts[VALUE[card]] += 1
    return chances(counts, size)


def chances(counts: list[int], size: int) -> list[float]:
    """``holding_chances`` from the cards' counts by value."""
    unknown = sum(counts)
    if 0 <= size <= 3 and unknown <= 40:
        row = _HOLDS[size][unknown]
        return [row[hits] for hits in counts]
    return [p_holds(unknown, counts[v], size) for v in range(11)]


# ---------------------------------------------------------------- moves on int cards

_OUTCOMES: dict[int, tuple[int, ...]] = {}  # by table << 4 | value


def captures(value: int, table: int) -> tuple[int, ...]:
    """The sets a card of ``value`` may take from ``table`` (a card set): ``()`` if nothing.

    The kernel's capture rule (``table_groups``). Groups that score alike (the same card classes)
    are merged: one stands for all.
    """
    key = table << 4 | value
    found = _OUTCOMES.get(key)
    if found is not None:
        return found
    cards = [card.index for card in cards_of(table)]
    outcomes = []
    seen = set()
    for group in table_groups(tuple([VALUE[c] for c in cards]))[value]:
        taken = [cards[i] for i in group]
        signature = tuple(sorted(CLASS[c] for c in taken))
        if signature not in seen:
            seen.add(signature)
            outcomes.append(sum(BITS[c] for c in taken))
    if len(_OUTCOMES) > 300_000:
        _OUTCOMES.clear()
    found = _OUTCOMES[key] = tuple(outcomes)
    return found


def distinct(hand: tuple[int, ...]) -> list[int]:
    """One card of each class in ``hand`` (two black 4s play alike)."""
    seen = set()
    out = []
    for card in hand:
        cls = CLASS[card]
        if cls not in seen:
            seen.add(cls)
            out.append(card)
    return out


Child = tuple[tuple[int, ...], int, int, int]
"""A distinct play: the hand left, the card played (a one-card set), the set it takes (``0``: it
is laid) and the packed counters of the cards won (``0`` likewise)."""
# tuples, which the garbage collector stops tracking (a cache of lists made its full collections
# walk hundreds of thousands of them: tens of ms in a move)
_CHILDREN: dict[tuple[tuple[int, ...], int], tuple[Child, ...]] = {}


def children(hand: tuple[int, ...], table: int) -> tuple[Child, ...]:
    """Every distinct play from ``hand`` onto ``table`` (a card set), for the kernel's
    ``play_card``. Sweeps come first, then the richest captures, then the cards laid (a good
    order for alpha-beta).
    """
    key = (hand, table)
    found = _CHILDREN.get(key)
    if found is not None:
        return found
    ranked = []
    for card in distinct(hand):
        rest = tuple(c for c in hand if c != card)
        bit = BITS[card]
        outcomes = captures(VALUE[card], table)
        for taken in outcomes:
            gain = packed(taken | bit)
            ranked.append((-gain - (0 if taken == table else 1 << 20), rest, bit, taken, gain))
        if not outcomes:
            ranked.append((0, rest, bit, 0, 0))
    ranked.sort(key=_rank)
    kids = tuple([(rest, bit, taken, gain) for _key, rest, bit, taken, gain in ranked])
    if len(_CHILDREN) > 300_000:
        _CHILDREN.clear()
    _CHILDREN[key] = kids
    return kids


def _rank(item: tuple[int, tuple[int, ...], int, int, int]) -> int:
    return item[0]


def ints(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in cards))


# ---------------------------------------------------------------- a position's worth at a horizon

EMPTY_TABLE = 0.15  # an empty table favours the side that does not lay the next card
_THREATS: dict[int, tuple[int, int]] = {}
_HAYYA_ALONE = (HAYYA.value, packed(HAYYA_BIT))


def table_threat(table: int) -> tuple[int, int]:
    """What the next mover could do to ``table`` (a card set, not empty): the value of the card
    it needs and what that card would take (a sweep if the kernel says one card can, else a 7♦
    lying there with a seven), or (0, 0)."""
    total = sum([card.value for card in cards_of(table)])
    if sweepable(total):
        threat = (total, packed(table) + SWEEP)
    elif table & HAYYA_BIT:
        threat = _HAYYA_ALONE
    else:
        threat = (0, 0)
    if len(_THREATS) > 300_000:
        _THREATS.clear()
    _THREATS[table] = threat
    return threat


def horizon_value(
    stats0: int, stats1: int, table: int, mover_side: int, p_value: list[float]
) -> float:
    """Expected points of side 0 minus side 1, with the threat the next mover poses to ``table``.

    ``p_value[v]`` is the chance the next mover holds a card of value ``v``: a table summing to
    ten or less is a chkobba for them if they hold that sum; a 7♦ left there is theirs with a 7.
    """
    base = expected_diff(stats0, stats1)
    if not table:
        return base + (EMPTY_TABLE if mover_side else -EMPTY_TABLE)
    threat = _THREATS.get(table)
    if threat is None:
        threat = table_threat(table)
    value, bits = threat
    if not value:
        return base
    p = p_value[value]
    if not p:
        return base
    if mover_side:
        return base + p * (expected_diff(stats0, stats1 + bits) - base)
    return base + p * (expected_diff(stats0 + bits, stats1) - base)
