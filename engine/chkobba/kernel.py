"""The rules kernel: each rule of the game written once, on card sets as ints.

``Game`` (Card objects, history, messages), ``moves`` (Move objects), the bots (their search,
inference, simple bots and hints) and the page call these functions; nothing else restates a rule.
A card is its deck index (``Card.index``), a set of cards a 40-bit int (``chkobba.cardsets``), a
deck or stock a sequence, top card first. Functions that only place cards (``deal_layout``,
``hand_layout``) return deck positions, so that callers holding Card tuples and callers holding
int tuples deal alike.
"""

from __future__ import annotations

from enum import StrEnum
from functools import cache

from .cards import DECK, Card
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


def next_seat(seat: int, players: int) -> int:
    """The seat that plays after ``seat`` (and deals after it)."""
    return (seat + 1) % players


def previous_seat(seat: int, players: int) -> int:
    """The seat that played just before ``seat``."""
    return (seat - 1) % players


SEAT_SIDE = (0, 1, 0, 1)
"""The side each seat plays for: seats 0 and 2 are side 0, seats 1 and 3 side 1 (with two
players each seat is its own side). A table, for the bots' search loops; ``side`` elsewhere."""


def side(seat: int) -> int:
    """The side ``seat`` plays for (``SEAT_SIDE``)."""
    return SEAT_SIDE[seat]


def partner(seat: int, players: int) -> int:
    """The seat across the table, on ``seat``'s side (with two players: the seat itself)."""
    return (seat + 2) % players


def fits_turn(sizes: list[int]) -> bool:
    """Whether hand sizes listed in turn order from the seat to play fit the turn: each seat
    plays one card in turn, so the sizes fall by at most one, once, along the round."""
    return sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1


def cutter(dealer: int, players: int) -> int:
    """The seat that cuts and leads every hand of the deal: the dealer's right-hand neighbour."""
    return next_seat(dealer, players)


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


# ---------------------------------------------------------------- the capture rule

GroupsByValue = tuple[tuple[tuple[int, ...], ...], ...]
_GROUP_CACHE: dict[tuple[int, ...], GroupsByValue] = {}
_GROUP_CACHE_LIMIT = 100_000


def table_groups(values: tuple[int, ...]) -> GroupsByValue:
    """For a table whose capture values are ``values`` (ascending), what each value may take.

    ``table_groups(values)[v]`` lists the positions a card of value ``v`` may take: each equal
    card alone if there is one (equal singles come first and only), otherwise every group of two
    or more cards whose values sum to ``v``; in a stable (lexicographic) order. Cached by
    ``values``, since tables with the same values recur far more often than the same cards.
    """
    groups = _GROUP_CACHE.get(values)
    if groups is None:
        if len(_GROUP_CACHE) >= _GROUP_CACHE_LIMIT:
            _GROUP_CACHE.clear()
        groups = _GROUP_CACHE[values] = _search_groups(values)
    return groups


def _search_groups(values: tuple[int, ...]) -> GroupsByValue:
    sums: list[list[tuple[int, ...]]] = [[] for _ in range(MAX_VALUE + 1)]
    count = len(values)

    def extend(start: int, total: int, chosen: tuple[int, ...]) -> None:
        for i in range(start, count):
            reached = total + values[i]
            if reached > MAX_VALUE:
                return
            group = (*chosen, i)
            if chosen:
                sums[reached].append(group)
            extend(i + 1, reached, group)

    extend(0, 0, ())
    return tuple(
        tuple((i,) for i, v in enumerate(values) if v == value) or tuple(sums[value])
        for value in range(MAX_VALUE + 1)
    )


def sweepable(total: int) -> bool:
    """Whether one card can take a whole table whose capture values add up to ``total``: a card
    of that value can (alone or with the others), if there is one (at most ten)."""
    return 0 < total <= MAX_VALUE


def card_class(card: int) -> int:
    """Cards of one class score alike: the same capture value, both diamonds or neither."""
    found = DECK[card]
    return found.value * 2 + (found.suit == "D")


# ---------------------------------------------------------------- playing a card

NEW_HAND = -1
"""``play_card``'s next seat when every hand is played out: the next hand is dealt (``next_hand``),
the cutter leads it. Like ``DEAL_OVER``, no seat: negative."""
DEAL_OVER = -2
"""``play_card``'s next seat after the deal's last card: the leftovers go (``leftovers_side``), the
deal is scored."""

Played = tuple[int, int, bool, int]
"""``play_card``'s result: the table left, the cards won, a chkobba or not, the next seat."""


def play_card(
    table: int, card: int, taken: int, following: int, held: object, stock: object
) -> Played:
    """A seat plays ``card`` (a one-card set) taking ``taken`` (``0``: it lays the card);
    ``following`` is the seat after it (``next_seat``), ``held`` (a count or a set) what is left
    in the hands once the card is played, ``stock`` the stock (its size or itself).

    Returns the table left; the cards the seat's side wins (the card and those it takes; ``0``
    when it lays the card); whether the play is a chkobba (it takes the whole table, and it is not
    the deal's last card); who plays next: ``following`` while any hand holds a card, else
    ``NEW_HAND`` or, the stock empty, ``DEAL_OVER``.
    """
    if held:
        after = following
    elif next_hand(stock):
        after = NEW_HAND
    else:
        after = DEAL_OVER
    if not taken:
        return table | card, 0, False, after
    table ^= taken
    return table, taken | card, not table and after != DEAL_OVER, after


def next_hand(stock: object) -> int:
    """Cards dealt to each seat once every hand is played out, from ``stock`` (its size or
    itself): three while it lasts, none once it is empty (the deal is over)."""
    return HAND_SIZE if stock else 0


def leftovers_side(table: object, last_capturer: int | None) -> int | None:
    """The side that takes the cards left on the table when the deal ends (the last capturer's),
    or ``None`` (nothing left, or nobody captured: the cards stay)."""
    if table and last_capturer is not None:
        return side(last_capturer)
    return None


# ---------------------------------------------------------------- scoring counters

Counters = tuple[int, int, int, int, int]
"""A pile's cards, diamonds, sevens, sixes and 7♦ (0 or 1): all that scores."""

CATEGORIES = ("karta", "dinari", "bermila", "hayya", "chkobba")
"""The points of a deal, in the order the score sheet lists them (``deal_points``' order)."""


def counters(pile: int, cards: int | None = None) -> Counters:
    """The scoring counters of a pile (a card set; ``cards`` its size if known)."""
    return (
        pile.bit_count() if cards is None else cards,
        (pile & DIAMOND_BITS).bit_count(),
        (pile & VALUE_BITS[7]).bit_count(),
        (pile & VALUE_BITS[6]).bit_count(),
        (pile & HAYYA_BIT).bit_count(),
    )


DECK_COUNTERS: Counters = (len(DECK), *counters(sum(1 << card.index for card in DECK))[1:])
"""The whole deck's counters (40 cards, 10 diamonds, 4 sevens, 4 sixes, the 7♦): no pile, nor
two sides' piles together, can hold more."""


def scoring(card: Card) -> bool:
    """Whether a card counts toward a point by itself: a seven (the bermila, the 7♦) or a
    diamond (the dinari)."""
    return card.value == 7 or card.suit == "D"


def majorities(mine: tuple[int, ...], theirs: tuple[int, ...]) -> tuple[int, int, int]:
    """Karta, dinari and bermila of a side (1 each it wins): most cards, most diamonds, most
    sevens (then most sixes); nobody wins a tie. ``mine`` and ``theirs`` start as ``Counters``."""
    return (
        int(mine[0] > theirs[0]),
        int(mine[1] > theirs[1]),
        int(mine[2] > theirs[2] or (mine[2] == theirs[2] and mine[3] > theirs[3])),
    )


def tied(totals: tuple[int, int], target: int) -> bool:
    """Equal totals at the target or more: nobody has won yet, the match goes on."""
    return totals[0] == totals[1] >= target


def match_winner(totals: tuple[int, int], target: int) -> int | None:
    """The side that has won, if any: a side at the target with the higher total (ties play on)."""
    first, second = totals
    if max(first, second) < target or tied(totals, target):
        return None
    return 0 if first > second else 1


def deal_points(mine: Counters, theirs: Counters, chkobbas: int) -> tuple[int, int, int, int, int]:
    """A side's karta, dinari, bermila, 7♦ and chkobba points for a deal (``CATEGORIES``)."""
    karta, dinari, bermila = majorities(mine, theirs)
    return karta, dinari, bermila, mine[4], chkobbas


def deal_total(points: tuple[int, ...]) -> int:
    """A side's points for a deal: the sum of its ``CATEGORIES``' points."""
    return sum(points[: len(CATEGORIES)])


__all__ = [
    "CATEGORIES",
    "DEAL_OVER",
    "DECK_COUNTERS",
    "HAND_SIZE",
    "MAX_VALUE",
    "NEW_HAND",
    "SEAT_SIDE",
    "TABLE_SIZE",
    "Counters",
    "GroupsByValue",
    "Phase",
    "Played",
    "card_class",
    "counters",
    "cutter",
    "deal_layout",
    "deal_points",
    "deal_size",
    "deal_total",
    "fits_turn",
    "hand_layout",
    "leftovers_side",
    "majorities",
    "match_winner",
    "needs_redeal",
    "next_hand",
    "next_seat",
    "partner",
    "play_card",
    "previous_seat",
    "scoring",
    "side",
    "stock_problem",
    "sweepable",
    "table_groups",
    "tied",
]
