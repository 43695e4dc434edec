"""What one seat can see of a game: no other hand, no stock order, no seed.

A ``View`` is made by ``Game.view`` (or ``View.of``) and read from a peer message
(``chkobba.peer``); bots and the page read it. ``View.sample`` makes up a whole ``Game`` that
shows it. This module sits below ``chkobba.game`` and never imports it: a game makes views, and
game.py gives ``View`` the class its samples are (``View.game_class``); here a game is named by
what a view asks of it (``Whole``, ``Dealer``).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar, Protocol

from .cards import DECK, Card
from .cardsets import BITS, bits_of
from .kernel import Phase, Played, next_seat, play_card, side
from .moves import CUT_MOVES, Move, legal_play_moves
from .rules import Rules
from .scoring import DealResult

__all__ = ["View"]


class Whole(Protocol):
    """A whole game, every card in its place (``chkobba.game.Game``), as a view asks of it."""

    def view(self, seat: int) -> View: ...


class Dealer(Protocol):
    """What ``View.sample`` asks of the class of its samples (``chkobba.game.Game``)."""

    def from_view(self, view: View, rng: random.Random) -> Whole: ...


@dataclass(frozen=True)
class View:
    """A seat's knowledge of the game: the input of bots and of the page."""

    seat: int
    rules: Rules
    phase: str
    current: int
    dealer: int
    table: tuple[Card, ...]
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, ...]
    stock_count: int
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    sweeps: tuple[tuple[Card, ...], tuple[Card, ...]]
    last_capturer: int | None
    scores: tuple[int, int]
    deal_results: tuple[DealResult, ...]
    winner: int | None
    cut_card: Card | None
    history: tuple[Move, ...]

    game_class: ClassVar[Dealer]  # what a sample is: chkobba.game sets it to its Game

    @staticmethod
    def of(game: Whole, seat: int) -> View:
        """What ``seat`` may see of ``game`` (``Game.view``)."""
        return game.view(seat)

    @property
    def side(self) -> int:
        return side(self.seat)

    @property
    def chkobbas(self) -> tuple[int, int]:
        return len(self.sweeps[0]), len(self.sweeps[1])

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + 1

    def legal_moves(self) -> list[Move]:
        """This seat's legal moves when it is its turn (else ``[]``), as ``Game.legal_moves``."""
        if self.current != self.seat:
            return []
        if self.phase == Phase.PLAY:
            return legal_play_moves(self.hand, self.table)
        if self.phase == Phase.CUT:
            return list(CUT_MOVES)
        return []

    def outcome(self, move: Move) -> Played:
        """The kernel's ``play_card`` of ``move`` (a play of this seat's) from what it shows."""
        assert move.card is not None
        return play_card(
            bits_of(self.table),
            BITS[move.card.index],
            bits_of(move.captures),
            next_seat(self.seat, self.rules.players),
            sum(self.hand_sizes) - 1,
            self.stock_count,
        )

    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see: the other hands and the stock (cut card excepted)."""
        seen = {*self.hand, *self.table, *self.piles[0], *self.piles[1]}
        if self.cut_card is not None:
            seen.add(self.cut_card)
        return tuple(card for card in DECK if card not in seen)

    def sample(self, rng: random.Random) -> Whole:
        """A full game consistent with this view, the hidden cards dealt at random from ``rng``:
        ``Game.from_view`` (which the type checker knows to be a ``Game``), for one who holds
        only the view. ``chkobba.peer`` checks with one that a view read is one the engine
        plays on.
        """
        return self.game_class.from_view(self, rng)
