"""The match state and its transitions: the cut, the play, the end of each deal and of the match."""

from __future__ import annotations

from bisect import bisect_right
from typing import Any, NamedTuple

from .cards import Card
from .errors import IllegalMove
from .moves import EXPOSE_MOVE, KEEP, KEEP_MOVE, PLAY, Move, legal_play_moves
from .rules import HAND_SIZE, TABLE_SIZE, Rules
from .scoring import DealScore, score_deal
from .shuffle import draw_lot, shuffled_deck
from .view import View

CUT, PLAYING, OVER = "cut", "play", "over"


class DealResult(NamedTuple):
    """What a finished deal scored, and the match totals after it."""

    dealer: int
    scores: tuple[DealScore, DealScore]
    totals: tuple[int, int]
    leftovers: tuple[Card, ...] = ()
    leftovers_side: int | None = None


class _Match(NamedTuple):
    """The parts of a game that change only between deals."""

    rules: Rules
    seed: int
    shuffles: int
    dealer: int
    scores: tuple[int, int]
    deal_results: tuple[DealResult, ...]
    winner: int | None


def _groups_text(groups: list[tuple[Card, ...]]) -> str:
    return " or ".join("+".join(c.code for c in group) for group in groups)


class Game:
    """An immutable Chkobba match position. ``play`` returns the next position.

    Seats 0..players-1 play in increasing order (anticlockwise at a real table); seat ``s`` plays
    for side ``s % 2``. Use ``Game.new`` to start a match.
    """

    __slots__ = (
        "_history",
        "_match",
        "_moves",
        "current",
        "hands",
        "last_capturer",
        "phase",
        "piles",
        "stock",
        "sweeps",
        "table",
    )

    _match: _Match
    phase: str
    current: int
    table: tuple[Card, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    piles: tuple[tuple[Card, ...], tuple[Card, ...]]
    sweeps: tuple[tuple[Card, ...], tuple[Card, ...]]
    last_capturer: int | None
    _history: tuple[Any, Move] | None
    _moves: list[Move] | None

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0) -> Game:
        """A new match: the first dealer is drawn by lot, the deck shuffled, the cutter to act."""
        rules = rules or Rules()
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"the seed must be an int, not {seed!r}")
        return cls._cut_phase(rules, seed, 0, draw_lot(seed, rules.players), (0, 0), (), None)

    @classmethod
    def _cut_phase(
        cls,
        rules: Rules,
        seed: int,
        shuffles: int,
        dealer: int,
        scores: tuple[int, int],
        deal_results: tuple[DealResult, ...],
        history: tuple[Any, Move] | None,
    ) -> Game:
        players = rules.players
        return cls._make(
            rules,
            seed,
            shuffles,
            CUT,
            dealer,
            (dealer + 1) % players,
            (),
            ((),) * players,
            shuffled_deck(seed, shuffles),
            ((), ()),
            ((), ()),
            None,
            scores,
            deal_results,
            None,
            history,
        )

    @classmethod
    def _make(
        cls,
        rules: Rules,
        seed: int,
        shuffles: int,
        phase: str,
        dealer: int,
        current: int,
        table: tuple[Card, ...],
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        piles: tuple[tuple[Card, ...], tuple[Card, ...]],
        sweeps: tuple[tuple[Card, ...], tuple[Card, ...]],
        last_capturer: int | None,
        scores: tuple[int, int],
        deal_results: tuple[DealResult, ...],
        winner: int | None,
        history: tuple[Any, Move] | None,
    ) -> Game:
        match = _Match(rules, seed, shuffles, dealer, scores, deal_results, winner)
        return _new_game(
            match, phase, current, table, hands, stock, piles, sweeps, last_capturer, history
        )

    # ----------------------------------------------------------------- what there is to see

    @property
    def rules(self) -> Rules:
        return self._match.rules

    @property
    def seed(self) -> int:
        return self._match.seed

    @property
    def shuffles(self) -> int:
        """The number of the current deal's shuffle (0, 1, ...; redeals take one more)."""
        return self._match.shuffles

    @property
    def dealer(self) -> int:
        return self._match.dealer

    @property
    def scores(self) -> tuple[int, int]:
        """Match totals of sides 0 and 1, counted after each full deal."""
        return self._match.scores

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        return self._match.deal_results

    @property
    def winner(self) -> int | None:
        """The side that has won the match, or ``None``."""
        return self._match.winner

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def chkobbas(self) -> tuple[int, int]:
        return len(self.sweeps[0]), len(self.sweeps[1])

    @property
    def cut_card(self) -> Card | None:
        """The card the cutter sees and must keep or expose (cut phase only)."""
        return self.stock[0] if self.phase == CUT else None

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + 1

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move of the match so far, oldest first."""
        moves = []
        node = self._history
        while node is not None:
            node, move = node
            moves.append(move)
        moves.reverse()
        return tuple(moves)

    @property
    def redealt(self) -> bool:
        """True when this cut follows a redeal (three or four equal ranks came to the table)."""
        node = self._history
        return self.phase == CUT and node is not None and node[1].kind != PLAY

    @property
    def first_player(self) -> int:
        """The seat that leads each hand of this deal: the dealer's right-hand neighbour."""
        return (self.dealer + 1) % self.rules.players

    def legal_moves(self) -> list[Move]:
        """The moves allowed now, in a stable order (a fresh list each call)."""
        moves = self._moves
        if moves is None:
            if self.phase == PLAYING:
                moves = legal_play_moves(self.hands[self.current], self.table)
            elif self.phase == CUT:
                moves = [KEEP_MOVE, EXPOSE_MOVE]
            else:
                moves = []
            self._moves = moves
        return list(moves)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand, the table, the piles and the counts."""
        return View.of(self, seat)

    # ----------------------------------------------------------------- making moves

    def play(self, move: Move | str) -> Game:
        """The position after ``move`` (a ``Move`` or its text); ``IllegalMove`` if not allowed."""
        if isinstance(move, str):
            move = Move.parse(move)
        moves = self._moves
        if moves is None:
            self.legal_moves()
            moves = self._moves
        assert moves is not None
        if move not in moves:
            raise IllegalMove(self.why_illegal(move))
        history = (self._history, move)
        if self.phase == CUT:
            return self._complete_deal(move.kind == KEEP, history)
        return self._play_card(move, history)

    def _complete_deal(self, keep: bool, history: tuple[Any, Move]) -> Game:
        deck = self.stock
        players = self.rules.players
        cutter = self.current
        hands: list[list[Card]] = [[] for _ in range(players)]
        table = [] if keep else [deck[0]]
        if keep:
            hands[cutter].append(deck[0])
        position = 1
        for offset in range(players):
            hand = hands[(cutter + offset) % players]
            need = HAND_SIZE - len(hand)
            hand.extend(deck[position : position + need])
            position += need
        need = TABLE_SIZE - len(table)
        table.extend(deck[position : position + need])
        position += need
        ranks = [c.value for c in table]
        if max(map(ranks.count, ranks)) >= 3:
            return Game._cut_phase(
                self.rules,
                self.seed,
                self.shuffles + 1,
                self.dealer,
                self.scores,
                self.deal_results,
                history,
            )
        return _new_game(
            self._match,
            PLAYING,
            cutter,
            tuple(sorted(table)),
            tuple([tuple(sorted(hand)) for hand in hands]),
            deck[position:],
            self.piles,
            self.sweeps,
            None,
            history,
        )

    def _play_card(self, move: Move, history: tuple[Any, Move]) -> Game:
        seat = self.current
        _, card, captures = move
        hands = list(self.hands)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        table = self.table
        piles = self.piles
        sweeps = self.sweeps
        last_capturer = self.last_capturer
        if captures:
            if len(captures) == 1:
                i = table.index(captures[0])
                table = table[:i] + table[i + 1 :]
            else:
                table = tuple([c for c in table if c not in captures])
            last_capturer = seat
            gain = piles[seat & 1] + captures + (card,)
            piles = (gain, piles[1]) if seat & 1 == 0 else (piles[0], gain)
            if not table:
                swept = (*sweeps[seat & 1], card)
                sweeps = (swept, sweeps[1]) if seat & 1 == 0 else (sweeps[0], swept)
        else:
            i = bisect_right(table, card)
            table = (*table[:i], card, *table[i:])
        stock = self.stock
        if any(hands):
            current = (seat + 1) % len(hands)
        elif stock:
            current = self.first_player
            hands = _deal_hands(stock, current, len(hands))
            stock = stock[len(hands) * HAND_SIZE :]
        else:
            # the last card of the deal: it never scores a chkobba
            return self._end_deal(table, piles, self.sweeps, last_capturer, history)
        return _new_game(
            self._match,
            PLAYING,
            current,
            table,
            tuple(hands),
            stock,
            piles,
            sweeps,
            last_capturer,
            history,
        )

    def _end_deal(
        self,
        table: tuple[Card, ...],
        piles: tuple[tuple[Card, ...], tuple[Card, ...]],
        sweeps: tuple[tuple[Card, ...], tuple[Card, ...]],
        last_capturer: int | None,
        history: tuple[Any, Move],
    ) -> Game:
        """The last card is down: leftovers to the last capturer; score; next deal or the end."""
        leftovers_side = None
        if table and last_capturer is not None:
            leftovers_side = last_capturer & 1
            piles = _replace(piles, leftovers_side, piles[leftovers_side] + table)
        deal_scores = score_deal(piles, (len(sweeps[0]), len(sweeps[1])))
        totals = (self.scores[0] + deal_scores[0].total, self.scores[1] + deal_scores[1].total)
        result = DealResult(
            self.dealer,
            deal_scores,
            totals,
            table if leftovers_side is not None else (),
            leftovers_side,
        )
        deal_results = (*self.deal_results, result)
        winner = match_winner(totals, self.rules.target)
        if winner is None:
            return Game._cut_phase(
                self.rules,
                self.seed,
                self.shuffles + 1,
                (self.dealer + 1) % self.rules.players,
                totals,
                deal_results,
                history,
            )
        return Game._make(
            self.rules,
            self.seed,
            self.shuffles,
            OVER,
            self.dealer,
            self.first_player,
            table if leftovers_side is None else (),
            tuple(() for _ in self.hands),
            (),
            piles,
            sweeps,
            last_capturer,
            totals,
            deal_results,
            winner,
            history,
        )

    # ----------------------------------------------------------------- explaining refusals

    def why_illegal(self, move: Move) -> str:
        """Why ``move`` is not allowed now (or ``""`` if it is)."""
        if move in self.legal_moves():
            return ""
        seat = self.current
        if self.phase == OVER:
            return f"{move}: the match is over"
        if self.phase == CUT:
            return f"{move}: seat {seat} must first keep or expose the cut card"
        if move.kind != PLAY or move.card is None:
            return f"{move}: the cut is done; seat {seat} must play a card"
        card = move.card
        hand = self.hands[seat]
        if card not in hand:
            held = " ".join(c.code for c in hand)
            return f"{card} is not in seat {seat}'s hand (it holds {held})"
        options = [m.captures for m in self.legal_moves() if m.card is card and m.captures]
        if not move.captures:
            return f"{card} must capture {_groups_text(options)}"
        missing = [c for c in move.captures if c not in self.table]
        if missing:
            return f"{move}: {' '.join(c.code for c in missing)} is not on the table"
        if not options:
            return f"{card} cannot take {_groups_text([move.captures])}: it takes nothing here"
        total = sum(c.value for c in move.captures)
        if total == card.value:
            return (
                f"{card} cannot take {_groups_text([move.captures])}: an equal card comes first, "
                f"it must take {_groups_text(options)}"
            )
        return (
            f"{card} cannot take {_groups_text([move.captures])}: they make {total}, not "
            f"{card.value}; it may take {_groups_text(options)}"
        )

    # ----------------------------------------------------------------- text forms

    def notation(self) -> str:
        """The position in the compact notation of ``chkobba.notation``."""
        from .notation import write_position

        return write_position(self)

    @classmethod
    def from_notation(cls, text: str) -> Game:
        """A position from its notation; raises ``ParseError`` quoting the bad field."""
        from .notation import read_position

        return read_position(text)

    def to_json(self) -> str:
        """The whole match (position, deal results, history) as JSON, with a format version."""
        from .saves import game_to_json

        return game_to_json(self)

    @classmethod
    def from_json(cls, text: str) -> Game:
        """A match from ``to_json``'s text; raises ``ParseError`` saying what is wrong."""
        from .saves import game_from_json

        return game_from_json(text)

    # ----------------------------------------------------------------- comparisons

    def _key(self) -> tuple[Any, ...]:
        return (
            self.rules,
            self.seed,
            self.shuffles,
            self.phase,
            self.dealer,
            self.current,
            self.table,
            self.hands,
            self.stock,
            self.piles,
            self.sweeps,
            self.last_capturer,
            self.scores,
            self.deal_results,
            self.winner,
            self.history,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Game.from_notation({self.notation()!r})"


def match_winner(totals: tuple[int, int], target: int) -> int | None:
    """The side that has won, if any: a side at the target with the higher total (ties play on)."""
    first, second = totals
    if max(first, second) < target or first == second:
        return None
    return 0 if first > second else 1


def _replace(pair: tuple[Any, Any], index: int, value: Any) -> Any:
    return (value, pair[1]) if index == 0 else (pair[0], value)


def _new_game(
    match: _Match,
    phase: str,
    current: int,
    table: tuple[Card, ...],
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    piles: tuple[tuple[Card, ...], tuple[Card, ...]],
    sweeps: tuple[tuple[Card, ...], tuple[Card, ...]],
    last_capturer: int | None,
    history: tuple[Any, Move] | None,
) -> Game:
    """A ``Game`` from its parts, unchecked (the engine's own constructor)."""
    game = object.__new__(Game)
    game._match = match
    game.phase = phase
    game.current = current
    game.table = table
    game.hands = hands
    game.stock = stock
    game.piles = piles
    game.sweeps = sweeps
    game.last_capturer = last_capturer
    game._history = history
    game._moves = None
    return game


def _deal_hands(stock: tuple[Card, ...], first: int, players: int) -> list[tuple[Card, ...]]:
    """Three cards to each seat from the top of ``stock``, starting with ``first``."""
    hands: list[tuple[Card, ...]] = [()] * players
    for offset in range(players):
        start = offset * HAND_SIZE
        hands[(first + offset) % players] = tuple(sorted(stock[start : start + HAND_SIZE]))
    return hands
