"""The game's own words, said alike on the game page (``ui``) and on the tutorial boards
(``board``): cards (as printed, "7♦", and in words, "the 7 of diamonds"), the table, seats and
sides, moves, and the score's categories. Through the language's gettext catalog, as
``ui.words`` (the page's other messages: notices, settings, links, statistics...) is."""

from __future__ import annotations

from collections.abc import Sequence

from chkobba import Card, DealScore, Move, MoveKind
from chkobba.kernel import partner
from chkobba.kernel import side as side_of

from .i18n import N_, Language, np_
from .viewpoint import SOLO, Viewpoint

LTR_ISOLATE, POP_ISOLATE = "\u2066", "\u2069"  # keeps "3 + 4 = 7" in reading order in Arabic


# Labels the page and the boards both show.
CANCEL = N_("Cancel")
KEEP = N_("Keep")
EXPOSE = N_("Expose")
EMPTY_TABLE = N_("The table is empty")
YOUR_TURN = N_("Your turn: play a card")
CHKOBBA = N_("Chkobba!")
THIS_DEAL = N_("This deal")
MATCH = N_("Match")
# The scoring's own words, as players say them (karta, dinari, bermila, 7ayya, chkobba).
HAYYA_TAG = np_("card tag", "7ayya")  # on the 7 of diamonds' face
ROW_NAMES = {  # by the engine's category (chkobba.kernel.CATEGORIES)
    "karta": N_("Karta"),
    "dinari": N_("Dinari"),
    "bermila": N_("Bermila"),
    "hayya": N_("7ayya"),
    "chkobba": N_("Chkobbas"),
}


# With four players: the seats round the table from the player's (1 at the right, 2 opposite,
# 3 at the left), as labels at the seats and as the subject of a sentence.
SEAT_LABELS = {1: N_("Right opponent"), 2: N_("Partner"), 3: N_("Left opponent")}
SEAT_SUBJECTS = {
    1: N_("The opponent on your right"),
    2: N_("Your partner"),
    3: N_("The opponent on your left"),
}
# The same seats while the phone passes (no one is "you"), from the seat of the one who last held
# it, by name: the table is still drawn from that seat.
HOLDER_SEAT_LABELS = {1: N_("Right of {who}"), 2: N_("{who}'s partner"), 3: N_("Left of {who}")}
HOLDER_SEAT_SUBJECTS = {
    1: N_("The opponent on {who}'s right"),
    2: N_("The partner of {who}"),
    3: N_("The opponent on {who}'s left"),
}


# --- seats and sides ---------------------------------------------------------------------------


def isolated(name: str) -> str:
    """A person's name as typed, kept in its own direction inside any sentence (first strong
    isolate): a Latin name in Arabic text, an Arabic one in French."""
    return f"\u2068{name}\u2069"


def seat_name(t: Language, seat: int, players: int = 2, seats: Viewpoint = SOLO) -> str:
    """A seat's label at the table: "You", a person's name, "Computer"; with four, "Partner",
    "Right opponent" (from the seat of the one holding the phone)."""
    if seats.you(seat):
        return t._("You")
    if seats.name(seat):
        return isolated(seats.name(seat))
    if players == 2:
        return t._("Computer")
    if sides_by_people(seats):  # no one is "you": the computer by the person it plays with
        return t._("{who}'s partner", who=isolated(seats.names[partner(seat, players)]))
    return _from_viewer(t, seat, seats, SEAT_LABELS, HOLDER_SEAT_LABELS)


def subject(t: Language, seat: int, seats: Viewpoint = SOLO) -> str:
    """Another seat as a sentence's subject: a person's name, or with four "Your partner"."""
    if seats.name(seat):
        return isolated(seats.name(seat))
    if sides_by_people(seats):  # (as ``seat_name``)
        return t._("The partner of {who}", who=isolated(seats.names[partner(seat, 4)]))
    return _from_viewer(t, seat, seats, SEAT_SUBJECTS, HOLDER_SEAT_SUBJECTS)


def _from_viewer(
    t: Language, seat: int, seats: Viewpoint, yours: dict[int, str], holders: dict[int, str]
) -> str:
    """A seat of four named by where it sits from the viewer's: "Right opponent", or while the
    phone passes, from its last holder's by name ("Right of Leïla")."""
    where = (seat - seats.viewer) % 4
    holder = seats.name(seats.viewer) if seats.hiding else ""
    if holder:
        return t._(holders[where], who=isolated(holder))
    return t._(yours[where])


def side_name(t: Language, side: int, players: int = 2, seats: Viewpoint = SOLO) -> str:
    """A side's name, the same wherever a side is named (the score bar, the piles, the score
    sheet's columns, the cards each side took): "You", "Computer", a person's name; with four,
    "Us", "Them" (short enough for the score bar in every language, so never shortened); with
    four and people of both sides sharing the phone, while no one is "you" (the phone passed, a
    sheet read together), its people by name: "Ali & Sami", "Leïla"."""
    if players == 2:
        return seat_name(t, side, seats=seats)
    if sides_by_people(seats):
        mine = side_people(seats, side)
        if len(mine) == 1:
            return mine[0]
        # TRANSLATORS: a side of four named by its two people, as short as the language allows
        return t._("{first} & {second}", first=mine[0], second=mine[1])
    return t._("Us") if seats.mine(side) else t._("Them")


def sides_by_people(seats: Viewpoint) -> bool:
    """Whether the sides of four are named by their people: people of both sides play on this
    phone and no one is "you" (``side_name``)."""
    return seats.hiding and bool(side_people(seats, 0)) and bool(side_people(seats, 1))


def side_people(seats: Viewpoint, side: int) -> list[str]:
    """The names of the people who play for ``side`` (the seats ``seats`` names), isolated."""
    return [
        isolated(name) for seat, name in enumerate(seats.names) if name and side_of(seat) == side
    ]


def named(seat: int, players: int, seats: Viewpoint) -> bool:
    """Whether sentences name ``seat`` as a third party ("{who} laid 7♦."): not the viewer,
    and a person, or any seat of four."""
    return not seats.you(seat) and (players > 2 or bool(seats.name(seat)))


# --- cards and the table ------------------------------------------------------------------------


def card_name(t: Language, card: Card) -> str:
    """A card in words, for screen readers: "7 of diamonds", "sept de carreau"."""
    return t.card(card)


def suggested(t: Language, name: str) -> str:
    """A card's name when the hint points at it."""
    return t._("{card}, suggested", card=name)


def ltr(t: Language, text: str) -> str:
    """``text`` kept left to right inside right-to-left text ("7♦", never "♦7")."""
    return f"{LTR_ISOLATE}{text}{POP_ISOLATE}" if t.dir == "rtl" else text


def label(t: Language, card: Card) -> str:
    """A card as printed, for the screen: "7♦"."""
    return ltr(t, card.label)


def cards_shown(t: Language, cards: Sequence[Card]) -> str:
    """Cards as printed, for the screen: "3♣ 4♥"."""
    return " ".join(label(t, c) for c in cards)


def pile(t: Language, name: str, cards: int, sweeps: int) -> str:
    return t._(
        "{name}: {cards}, {chkobbas}",
        name=name,
        cards=t.count_cards(cards),
        chkobbas=chkobbas(t, sweeps),
    )


def stock_label(t: Language, count: int) -> str:
    return t.ngettext("{n} card in the stock", "{n} cards in the stock", count)


def chkobbas(t: Language, count: int) -> str:
    return t.ngettext("{n} chkobba", "{n} chkobbas", count)


# --- moves -------------------------------------------------------------------------------------


def played(
    t: Language,
    seat: int,
    move: Move,
    cut_card: Card | None,
    pending: bool = False,
    spoken: bool = False,
    players: int = 2,
    seats: Viewpoint = SOLO,
) -> str:
    """What a seat did (or, ``pending``, is doing) with ``move``; ``spoken`` names the cards in
    words ("the 7 of diamonds") for the live region, else as printed ("7♦")."""
    if named(seat, players, seats):
        return played_by(t, subject(t, seat, seats), move, cut_card, pending, spoken)

    def one(card: Card) -> str:
        return t.card(card, definite=True) if spoken else label(t, card)

    def many(cards: Sequence[Card]) -> str:
        return t.cards(cards) if spoken else t.join([label(t, c) for c in cards])

    you = seats.you(seat)
    if move.kind == MoveKind.KEEP:
        return t._("You kept your cut card.") if you else t._("Computer cut and kept the card.")
    if move.kind == MoveKind.EXPOSE:
        card = one(cut_card) if cut_card else ""
        if you:
            return t._("You cut and exposed {card}.", card=card)
        return t._("Computer cut and exposed {card}.", card=card)
    assert move.card is not None
    card = one(move.card)
    if not move.captures:
        return (
            t._("You laid {card}.", card=card) if you else t._("Computer laid {card}.", card=card)
        )
    cards = many(move.captures)
    if pending:
        if you:
            return t._("You play {card} to take {cards}…", card=card, cards=cards)
        return t._("Computer plays {card} to take {cards}…", card=card, cards=cards)
    if you:
        return t._("You played {card} and took {cards}.", card=card, cards=cards)
    return t._("Computer played {card} and took {cards}.", card=card, cards=cards)


def played_by(
    t: Language, who: str, move: Move, cut_card: Card | None, pending: bool, spoken: bool
) -> str:
    """What another seat of four did: ``who`` is its subject ("Your partner")."""

    def one(card: Card) -> str:
        return t.card(card, definite=True) if spoken else label(t, card)

    if move.kind == MoveKind.KEEP:
        return t._("{who} cut and kept the card.", who=who)
    if move.kind == MoveKind.EXPOSE:
        return t._("{who} cut and exposed {card}.", who=who, card=one(cut_card) if cut_card else "")
    assert move.card is not None
    card = one(move.card)
    if not move.captures:
        return t._("{who} laid {card}.", who=who, card=card)
    cards = t.cards(move.captures) if spoken else t.join([label(t, c) for c in move.captures])
    if pending:
        return t._("{who} plays {card} to take {cards}…", who=who, card=card, cards=cards)
    return t._("{who} played {card} and took {cards}.", who=who, card=card, cards=cards)


# --- the capture choice ------------------------------------------------------------------------


def make(t: Language, card: Card) -> str:
    return t._("Tap table cards that make {value}", value=card.value)


def pick_one(t: Language, card: Card) -> str:
    """The prompt when every option is a single equal card (the equal-card rule)."""
    return t._("Tap the card your {card} takes", card=label(t, card))


def running(t: Language, card: Card, values: list[int]) -> str:
    total = sum(values)
    parts = " + ".join(map(str, values))
    sum_ = ltr(t, f"{parts} = {total}")  # a sum reads left to right, in Arabic too
    return t._(
        "Your {card} takes {value}: {sum} of {value}",
        card=label(t, card),
        value=card.value,
        sum=sum_,
    )


def take(t: Language, cards: tuple[Card, ...]) -> str:
    return t._("Take {cards}", cards=t.cards(cards))


# --- the score ---------------------------------------------------------------------------------


def row_note(t: Language, key: str, score: DealScore) -> str:
    """What earned a score sheet row's points: "21 cards", "5 ♦", "2 sevens, 1 six"."""
    if key == "karta":
        return t.count_cards(score.cards)
    if key == "dinari":
        return ltr(t, f"{score.diamonds} ♦")
    if key == "bermila":
        sevens = t.ngettext("{n} seven", "{n} sevens", score.sevens)
        sixes = t.ngettext("{n} six", "{n} sixes", score.sixes)
        return t._("{sevens}, {sixes}", sevens=sevens, sixes=sixes)
    if key == "hayya":
        return ltr(t, "7♦") if score.hayya else ""
    return chkobbas(t, score.chkobba) if score.chkobba else ""


def cell(t: Language, key: str, score: DealScore) -> tuple[int, str]:
    """A score sheet cell: the points of category ``key`` and what earned them."""
    return score.points(key), row_note(t, key, score)
