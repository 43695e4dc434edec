"""The position notation: a one-line text form of a game position, like chess's FEN.

Eight fields separated by spaces, and an optional ninth::

    2D6S QH/- 0 -/- - 17-12/21 1 - s7.3
    |    |    | |   | |        | | └ seed.shuffles: where the next deals' shuffles come from
    |    |    | |   | |        | └ last capturer's seat, or -
    |    |    | |   | |        └ dealer's seat
    |    |    | |   | └ match totals of sides 0 and 1, and the target
    |    |    | |   └ stock, top card first, or -
    |    |    | └ piles of sides 0 and 1, or -; a card followed by * made a chkobba (face up)
    |    |    └ turn: the seat to play; c1 = seat 1 must keep or expose the cut card (the stock's
    |    |      top card); x = the match is over
    |    └ hands of seats 0, 1 (, 2, 3), separated by /; - for an empty hand; 3 cards at most
    └ table cards, or -

Cards are written as in ``Card.parse`` ("2D", "QH"). A position need not hold all 40 cards (a
tutorial may set up "table 2♦ 6♠, you hold Q♥" as ``2D6S QH/- 0 -/- - 0-0/21 1 -``), but no card may
appear twice.
"""

from __future__ import annotations

from typing import Any, Protocol

from .cards import Card, format_cards, parse_cards
from .errors import ParseError, quoted
from .kernel import Phase, cutter
from .rules import Rules

__all__ = ["quoted", "read_position", "write_position"]


class _Position(Protocol):
    """What the notation reads of a game."""

    @property
    def phase(self) -> str: ...
    @property
    def current(self) -> int: ...
    @property
    def table(self) -> tuple[Card, ...]: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def piles(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def sweeps(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def scores(self) -> tuple[int, int]: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def dealer(self) -> int: ...
    @property
    def last_capturer(self) -> int | None: ...
    @property
    def seed(self) -> int: ...
    @property
    def shuffles(self) -> int: ...


def write_position(game: _Position) -> str:
    """The notation of ``game``'s position."""
    if game.phase == Phase.CUT:
        turn = f"c{game.current}"
    elif game.phase == Phase.OVER:
        turn = "x"
    else:
        turn = str(game.current)
    piles = "/".join(
        "".join(c.code + ("*" if c in sweeps else "") for c in pile) or "-"
        for pile, sweeps in zip(game.piles, game.sweeps, strict=True)
    )
    last = "-" if game.last_capturer is None else str(game.last_capturer)
    return " ".join(
        (
            format_cards(game.table),
            "/".join(format_cards(hand) for hand in game.hands),
            turn,
            piles,
            format_cards(game.stock),
            f"{game.scores[0]}-{game.scores[1]}/{game.rules.target}",
            str(game.dealer),
            last,
            f"s{game.seed}.{game.shuffles}",
        )
    )


def _field(name: str, text: str, reader):  # type: ignore[no-untyped-def]
    try:
        return reader(text)
    except (ParseError, ValueError) as error:
        raise ParseError(f"bad {name} {quoted(text)} in position: {error}") from None


def _seat(text: str, players: int) -> int:
    if not text.isdigit() or int(text) >= players:
        raise ParseError(f"expected a seat from 0 to {players - 1}")
    return int(text)


def _pile(text: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """A pile: ``-``, or cards each written as in ``Card.parse``, a ``*`` after each card that
    made a chkobba; every mark is read, and one that follows no card is refused."""
    if text == "-":
        return (), ()
    cards: list[Card] = []
    sweeps: list[Card] = []
    at = 0
    while at < len(text):
        if text[at] == "*":
            raise ParseError("a * must follow the card that made the chkobba, once")
        if text[at] == "-":
            raise ParseError("- stands alone, for an empty pile")
        card = Card.parse(text[at : at + 2])
        cards.append(card)
        at += 2
        if text.startswith("*", at):
            sweeps.append(card)
            at += 1
    return tuple(cards), tuple(sweeps)


def _score(text: str) -> tuple[tuple[int, int], int]:
    totals, slash, target = text.partition("/")
    first, dash, second = totals.partition("-")
    if not (slash and dash and first.isdigit() and second.isdigit() and target.isdigit()):
        raise ParseError("expected totals and target like 17-12/21")
    return (int(first), int(second)), int(target)


def _seed(text: str) -> tuple[int, int]:
    seed, dot, shuffles = text.removeprefix("s").partition(".")
    if not (text.startswith("s") and dot and shuffles.isdigit()):
        raise ParseError("expected s<seed>.<shuffles>, like s7.3")
    return int(seed), int(shuffles)


def read_position(text: str) -> dict[str, Any]:
    """Parse a position into ``Game.from_position``'s arguments; ``ParseError`` naming the field
    that is wrong (the position as a whole is checked by ``Game.from_position``)."""
    if not isinstance(text, str):
        raise ParseError(f"a position is text, not {quoted(text)}")
    fields = text.split()
    if len(fields) not in (8, 9):
        raise ParseError(
            f"bad position {quoted(text)}: expected 8 or 9 fields (table hands turn piles stock "
            f"score dealer last [seed]), found {len(fields)}"
        )
    table = _field("table", fields[0], parse_cards)
    hands = tuple(_field("hand", hand, parse_cards) for hand in fields[1].split("/"))
    players = len(hands)
    if players not in (2, 4):
        raise ParseError(
            f"bad hands {quoted(fields[1])} in position: expected 2 or 4 hands separated by /"
        )
    turn = fields[2]
    if turn == "x":
        phase, current = Phase.OVER, -1
    elif turn.startswith("c"):
        phase, current = Phase.CUT, _field("turn", turn[1:], lambda t: _seat(t, players))
    else:
        phase, current = Phase.PLAY, _field("turn", turn, lambda t: _seat(t, players))
    pile_texts = fields[3].split("/")
    if len(pile_texts) != 2:
        raise ParseError(
            f"bad piles {quoted(fields[3])} in position: expected two piles separated by /"
        )
    pile_pairs = [_field("pile", pile, _pile) for pile in pile_texts]
    stock = _field("stock", fields[4], parse_cards)
    scores, target = _field("score", fields[5], _score)
    rules = _field("score", fields[5], lambda _: Rules(players, target))
    dealer = _field("dealer", fields[6], lambda t: _seat(t, players))
    if current < 0:
        current = cutter(dealer, players)  # over: the seat that would cut next
    last = (
        None
        if fields[7] == "-"
        else _field("last capturer", fields[7], lambda t: _seat(t, players))
    )
    seed, shuffles = _field("seed", fields[8], _seed) if len(fields) == 9 else (0, 0)
    return {
        "rules": rules,
        "phase": phase,
        "current": current,
        "dealer": dealer,
        "table": table,
        "hands": hands,
        "stock": stock,
        "piles": (pile_pairs[0][0], pile_pairs[1][0]),
        "sweeps": (pile_pairs[0][1], pile_pairs[1][1]),
        "last_capturer": last,
        "scores": scores,
        "seed": seed,
        "shuffles": shuffles,
    }
