"""A match's story, move by move: what each move did, read off the game's history.

The log is a view of ``Game.history``, not a second record: ``match_log`` replays the history
from the match's start through ``Game.play`` and says, for each move, what the position before
and the one after show (the cut card kept or exposed; the card played, what it took, whether it
swept the table for a chkobba; a redeal), and at each deal's end who took the cards left on the
table and what the deal scored.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import StrEnum
from typing import NamedTuple

from .cards import Card
from .game import DealResult, Game, Phase
from .kernel import side as seat_side
from .moves import Move, MoveKind


class EntryKind(StrEnum):
    """What a log entry tells: a cut, a redeal, a play, the leftovers taken, a deal scored."""

    CUT = "cut"
    REDEAL = "redeal"  # three or four of a rank came to the table: the cards were dealt again
    PLAY = "play"
    LEFTOVERS = "leftovers"
    SCORED = "scored"

    def __repr__(self) -> str:
        return repr(self.value)


class Entry(NamedTuple):
    """One line of the log.

    ``deal``: the deal's number (1 first); ``number``: the move's in the match's history (1
    first; for LEFTOVERS and SCORED, the deal's last move); ``seat``: who cut or played;
    ``side``: who took the leftovers; ``card``: the cut card, or the card played; ``cards``: what
    the play took, or the leftovers; ``chkobba``: the play swept the table; ``kept``: the cutter
    kept the cut card (else exposed it); ``result``: the deal's score (SCORED); ``stock``: the
    cards left in the stock when the move was made (a new hand takes from it).
    """

    kind: EntryKind
    deal: int
    number: int
    seat: int | None = None
    side: int | None = None
    card: Card | None = None
    cards: tuple[Card, ...] = ()
    chkobba: bool = False
    kept: bool = False
    result: DealResult | None = None
    stock: int = 0  # the cards left in the stock when the move was made


_KEEP = 4
_KEPT: list[tuple[Game, tuple[Entry, ...]]] = []  # the last logs made, with their positions


def beginning(game: Game) -> Game:
    """The position ``game``'s history starts from: its seed's first cut, or the set-up position
    it was made from (``Game.from_notation``)."""
    origin = game.origin
    return Game.from_notation(origin) if origin is not None else Game.new(game.rules, game.seed)


def replay(game: Game) -> Iterator[tuple[Game, Move, Game]]:
    """Each move of ``game``'s history with the positions before and after it."""
    position = beginning(game)
    for move in game.history:
        after = position.play(move)
        yield position, move, after
        position = after


def undoable(game: Game, seat: int) -> int | None:
    """The number of ``seat``'s last play in the history if it can be taken back, with every
    move since: no card has been dealt since (the same hand of the same deal, so taking back
    never shows a card that was not seen then); else None."""
    if game.phase != Phase.PLAY:
        return None
    hand = (game.deal_number, game.stock_count)
    for entry in reversed(match_log(game)):
        if (entry.deal, entry.stock) != hand:
            return None
        if entry.kind == EntryKind.PLAY and entry.seat == seat:
            return entry.number
    return None


def taken_back(game: Game, seat: int) -> Game | None:
    """The position before ``seat``'s last play (``undoable``), or None."""
    number = undoable(game, seat)
    if number is None:
        return None
    return next(before for n, (before, _, _) in enumerate(replay(game), 1) if n == number)


def match_log(game: Game) -> tuple[Entry, ...]:
    """Every entry of the match so far, oldest first.

    A page asks for the log of each position a match goes through: the last few logs are kept
    (``_KEPT``) with their positions, and a position that one of them leads to is logged from
    there on, one move at a time, not replayed from the match's start."""
    history = game.history
    position, made = beginning(game), []
    for kept, entries in reversed(_KEPT):
        done = kept.history
        same_match = (kept.seed, kept.rules, kept.origin) == (game.seed, game.rules, game.origin)
        if same_match and history[: len(done)] == done:
            position, made = kept, list(entries)
            break
    for number in range(len(position.history) + 1, len(history) + 1):
        move = history[number - 1]
        after = position.play(move)
        made += move_entries(number, position, move, after)
        position = after
    log = tuple(made)
    _KEPT.append((position, log))
    del _KEPT[:-_KEEP]
    return log


def deal_log(game: Game, deal: int) -> tuple[Entry, ...]:
    """The entries of deal number ``deal`` (1 first)."""
    return tuple(entry for entry in match_log(game) if entry.deal == deal)


def made_chkobba(before: Game, after: Game) -> bool:
    """Whether the move from ``before`` to ``after`` swept the table for a chkobba: its side's
    chkobbas grew (those of the deal's score, when the move ended the deal)."""
    side = seat_side(before.current)
    if len(after.deal_results) > len(before.deal_results):
        return after.deal_results[-1].scores[side].chkobba > before.chkobbas[side]
    return after.chkobbas[side] > before.chkobbas[side]


def move_entries(number: int, before: Game, move: Move, after: Game) -> list[Entry]:
    """What ``move`` (the history's ``number``-th) did, from ``before`` to ``after``."""
    deal, seat, stock = before.deal_number, before.current, before.stock_count
    if move.kind != MoveKind.PLAY:
        kept = move.kind == MoveKind.KEEP
        cut = Entry(EntryKind.CUT, deal, number, seat, card=before.cut_card, kept=kept, stock=stock)
        redealt = after.phase == Phase.CUT and after.deal_number == deal
        return [cut, Entry(EntryKind.REDEAL, deal, number, stock=stock)] if redealt else [cut]
    ended = len(after.deal_results) > len(before.deal_results)
    result = after.deal_results[-1] if ended else None
    play = Entry(
        EntryKind.PLAY,
        deal,
        number,
        seat,
        card=move.card,
        cards=move.captures,
        chkobba=made_chkobba(before, after),
        stock=stock,
    )
    if result is None:
        return [play]
    entries = [play]
    if result.leftovers:
        leftovers = Entry(
            EntryKind.LEFTOVERS, deal, number, side=result.leftovers_side, cards=result.leftovers
        )
        entries.append(leftovers)
    entries.append(Entry(EntryKind.SCORED, deal, number, result=result))
    return entries
