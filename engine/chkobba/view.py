"""What one seat can see of a game: no other hand, no stock order, no seed."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .cards import DECK, Card
from .moves import EXPOSE_MOVE, KEEP_MOVE, Move, legal_play_moves
from .rules import Rules

if TYPE_CHECKING:
    from .game import DealResult, Game


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

    @staticmethod
    def of(game: Game, seat: int) -> View:
        if not 0 <= seat < game.rules.players:
            raise ValueError(f"no seat {seat} in a {game.rules.players}-player game")
        return View(
            seat=seat,
            rules=game.rules,
            phase=game.phase,
            current=game.current,
            dealer=game.dealer,
            table=game.table,
            hand=game.hands[seat],
            hand_sizes=tuple(len(hand) for hand in game.hands),
            stock_count=game.stock_count,
            piles=game.piles,
            sweeps=game.sweeps,
            last_capturer=game.last_capturer,
            scores=game.scores,
            deal_results=game.deal_results,
            winner=game.winner,
            cut_card=game.cut_card if game.current == seat else None,
            history=game.history,
        )

    @property
    def side(self) -> int:
        return self.seat % 2

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
        if self.phase == "play":
            return legal_play_moves(self.hand, self.table)
        if self.phase == "cut":
            return [KEEP_MOVE, EXPOSE_MOVE]
        return []

    def unseen(self) -> tuple[Card, ...]:
        """The cards this seat cannot see: the other hands and the stock (cut card excepted)."""
        seen = {*self.hand, *self.table, *self.piles[0], *self.piles[1]}
        if self.cut_card is not None:
            seen.add(self.cut_card)
        return tuple(card for card in DECK if card not in seen)

    def sample(self, rng: random.Random) -> Game:
        """A full game consistent with this view, the hidden cards dealt at random.

        Bots use it to imagine the hands they cannot see (determinization). The match's future
        shuffles are drawn from ``rng`` too; the sample has no history.
        """
        from .game import Game

        hidden = list(self.unseen())
        rng.shuffle(hidden)
        hands = []
        for seat, size in enumerate(self.hand_sizes):
            if seat == self.seat:
                hands.append(self.hand)
            else:
                hands.append(tuple(sorted(hidden[:size])))
                del hidden[:size]
        if self.cut_card is not None:
            stock = (self.cut_card, *hidden[: self.stock_count - 1])
        else:
            stock = tuple(hidden[: self.stock_count])
        return Game._from_parts(
            self.rules,
            rng.getrandbits(64),
            len(self.deal_results),
            self.phase,
            self.dealer,
            self.current,
            self.table,
            tuple(hands),
            stock,
            self.piles,
            self.sweeps,
            self.last_capturer,
            self.scores,
            self.deal_results,
            self.winner,
            None,
        )
