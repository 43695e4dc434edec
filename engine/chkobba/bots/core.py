"""A small, fast model of a deal for the bots: cards as ints, piles as packed counters.

Cards are their ``Card.index`` (0..39; value ``i // 4 + 1``, suit ``"SHDC"[i % 4]``). A side's pile
is summarised by one int with bit fields (cards, diamonds, sevens, sixes, 7♦, chkobbas): a capture
adds the precomputed ``BITS`` of the cards taken. Only what scores is kept, which is all a search
needs. Nothing here reads the engine's private state: the bots build these from a ``View``.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb

from ..cards import DECK, HAYYA, Card
from ..kernel import majorities
from ..moves import PLAY, Move, table_groups

VALUE = tuple(card.value for card in DECK)
DIAMOND = tuple(int(card.suit == "D") for card in DECK)
HAYYA_INDEX = HAYYA.index
# Equivalence class of a card for the score: same value and same "diamond or not" play alike.
CLASS = tuple(VALUE[i] * 2 + DIAMOND[i] for i in range(40))

# Packed pile counters: cards (bits 0-5), diamonds (6-9), sevens (10-12), sixes (13-15),
# 7♦ (16), chkobbas (17-).
DIA_SHIFT, SEVEN_SHIFT, SIX_SHIFT, HAYYA_SHIFT, SWEEP_SHIFT = 6, 10, 13, 16, 17
SWEEP = 1 << SWEEP_SHIFT
BITS = tuple(
    1
    + (DIAMOND[i] << DIA_SHIFT)
    + ((VALUE[i] == 7) << SEVEN_SHIFT)
    + ((VALUE[i] == 6) << SIX_SHIFT)
    + ((i == HAYYA_INDEX) << HAYYA_SHIFT)
    for i in range(40)
)


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


def pack_pile(cards: tuple[Card, ...], sweeps: int) -> int:
    return sum(BITS[c.index] for c in cards) + (sweeps << SWEEP_SHIFT)


def capture_bits(card: int, taken: Iterable[int]) -> int:
    """What a capture adds to the pile counters: the card played and the cards it takes."""
    return BITS[card] + sum(BITS[c] for c in taken)


def _sign(a: object, b: object) -> int:
    return (a > b) - (a < b)  # type: ignore[operator, no-any-return]


def final_diff(stats0: int, stats1: int) -> int:
    """Exact deal points of side 0 minus side 1 once every card is in a pile (the kernel's
    ``majorities`` on the packed counters, plus the 7♦ and the chkobbas)."""
    first, second = unpack(stats0), unpack(stats1)
    won, lost = majorities(first, second), majorities(second, first)
    return sum(won) - sum(lost) + first[4] - second[4] + first[5] - second[5]


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
    if c0 + c1 > 40 or d0 + d1 > 10 or s0 + s1 > 4 or x0 + x1 > 4:  # hand-made odd positions
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

# (played value, table) -> (captured cards, table left, packed bits of the captured cards)...:
# tuples, which the garbage collector stops tracking (a cache of lists made its full collections
# walk hundreds of thousands of them: tens of ms in a move)
Outcome = tuple[tuple[int, ...], tuple[int, ...], int]
_OUTCOMES: dict[tuple[int, tuple[int, ...]], tuple[Outcome, ...]] = {}


def captures(value: int, table: tuple[int, ...]) -> tuple[Outcome, ...]:
    """What a card of ``value`` may take from ``table`` (sorted ints): ``()`` if nothing.

    The engine's capture rule (``chkobba.moves.table_groups``) on the bots' integer cards. Groups
    that score alike (same values, same diamonds) are merged: one stands for all.
    """
    key = (value, table)
    found = _OUTCOMES.get(key)
    if found is not None:
        return found
    positions = table_groups(tuple([VALUE[c] for c in table]))[value]
    groups = [tuple([table[i] for i in group]) for group in positions]
    outcomes = []
    seen = set()
    for group in groups:
        signature = tuple(sorted(CLASS[c] for c in group))
        if signature in seen:
            continue
        seen.add(signature)
        left = tuple(c for c in table if c not in group)
        outcomes.append((group, left, sum(BITS[c] for c in group)))
    if len(_OUTCOMES) > 300_000:
        _OUTCOMES.clear()
    found = _OUTCOMES[key] = tuple(outcomes)
    return found


def lay(table: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``table`` with ``card`` laid on it, kept sorted."""
    for position, other in enumerate(table):
        if other > card:
            return (*table[:position], card, *table[position:])
    return (*table, card)


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


_CHILDREN: dict[
    tuple[tuple[int, ...], tuple[int, ...]],
    tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...],
]
_CHILDREN = {}


def children(
    hand: tuple[int, ...], table: tuple[int, ...]
) -> tuple[tuple[tuple[int, ...], tuple[int, ...], int], ...]:
    """Every distinct play from ``hand`` onto ``table``: (hand left, table left, bits taken).

    ``bits`` counts the played card too when it captures, 0 when it is laid. Sweeps come first,
    then the richest captures, then the cards laid (a good order for alpha-beta).
    """
    key = (hand, table)
    found = _CHILDREN.get(key)
    if found is not None:
        return found
    ranked = []
    for card in distinct(hand):
        outcomes = captures(VALUE[card], table)
        rest = tuple(c for c in hand if c != card)
        if outcomes:
            base = BITS[card]
            for _group, left, bits in outcomes:
                ranked.append((-(bits + base) - (0 if left else 1 << 20), rest, left, bits + base))
        else:
            ranked.append((0, rest, lay(table, card), 0))
    ranked.sort(key=_rank)
    kids = tuple([(rest, left, bits) for _key, rest, left, bits in ranked])
    if len(_CHILDREN) > 300_000:
        _CHILDREN.clear()
    _CHILDREN[key] = kids
    return kids


def _rank(item: tuple[int, tuple[int, ...], tuple[int, ...], int]) -> int:
    return item[0]


def to_move(card: int, group: tuple[int, ...], legal: list[Move]) -> Move:
    """The engine move playing ``card`` and taking ``group`` (checked against ``legal``)."""
    move = Move(PLAY, DECK[card], tuple(sorted(DECK[c] for c in group)))
    if move not in legal:  # pragma: no cover - a bug guard: never return an illegal move
        raise AssertionError(f"bot built an illegal move {move}")
    return move


def ints(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(sorted(c.index for c in cards))


# ---------------------------------------------------------------- a position's worth at a horizon

EMPTY_TABLE = 0.15  # an empty table favours the side that does not lay the next card
_THREATS: dict[tuple[int, ...], tuple[int, int]] = {}


def table_threat(table: tuple[int, ...]) -> tuple[int, int]:
    """What the next mover could do to ``table`` (not empty): the value of the card it needs and
    what that card would take (a sweep if the table sums to ten or less, else a 7♦ lying there
    with a seven), or (0, 0)."""
    total = 0
    bits = 0
    for card in table:
        total += VALUE[card]
        bits += BITS[card]
    if total <= 10:
        threat = (total, bits + SWEEP)
    elif HAYYA_INDEX in table:
        threat = (7, BITS[HAYYA_INDEX])
    else:
        threat = (0, 0)
    if len(_THREATS) > 300_000:
        _THREATS.clear()
    _THREATS[table] = threat
    return threat


def horizon_value(
    stats0: int, stats1: int, table: tuple[int, ...], mover_side: int, p_value: list[float]
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
