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

Cards = tuple[Card, ...]
Pair = tuple[Cards, Cards]
History = tuple[Any, Move] | None  # a linked list: (older history, latest move)


class DealResult(NamedTuple):
    """What a finished deal scored, and the match totals after it."""

    dealer: int
    scores: tuple[DealScore, DealScore]
    totals: tuple[int, int]
    leftovers: Cards = ()
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


class _Deal(NamedTuple):
    """The parts of a game that change with every move."""

    phase: str
    current: int
    table: Cards
    hands: tuple[Cards, ...]
    stock: Cards
    piles: Pair
    sweeps: Pair
    last_capturer: int | None


_tuple_new = tuple.__new__


class Game:
    """An immutable Chkobba match position. ``play`` returns the next position.

    Seats 0..players-1 play in increasing order (anticlockwise at a real table); seat ``s`` plays
    for side ``s % 2``. Use ``Game.new`` to start a match, ``Game.from_notation`` to set up a
    position, ``Game.from_json`` to load a saved match.
    """

    __slots__ = ("_deal", "_history", "_match", "_moves")

    _match: _Match
    _deal: _Deal
    _history: History
    _moves: list[Move] | None

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Game is immutable: play a move to get the next one ({name!r})")

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0) -> Game:
        """A new match: the first dealer is drawn by lot, the deck shuffled, the cutter to act."""
        rules = rules or Rules()
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"the seed must be an int, not {seed!r}")
        match = _Match(rules, seed, 0, draw_lot(seed, rules.players), (0, 0), (), None)
        return _cut_phase(match, None)

    @classmethod
    def _make(
        cls,
        rules: Rules,
        seed: int,
        shuffles: int,
        phase: str,
        dealer: int,
        current: int,
        table: Cards,
        hands: tuple[Cards, ...],
        stock: Cards,
        piles: Pair,
        sweeps: Pair,
        last_capturer: int | None,
        scores: tuple[int, int],
        deal_results: tuple[DealResult, ...],
        winner: int | None,
        history: History,
    ) -> Game:
        """A game from all its parts, unchecked (notation and saves check before calling)."""
        match = _Match(rules, seed, shuffles, dealer, scores, deal_results, winner)
        deal = _Deal(phase, current, table, hands, stock, piles, sweeps, last_capturer)
        return _new_game(match, deal, history)

    def _with_past(self, deal_results: tuple[DealResult, ...], history: History) -> Game:
        """This position with a match's past attached: its deal results and its moves."""
        return _new_game(self._match._replace(deal_results=deal_results), self._deal, history)

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
    def phase(self) -> str:
        """``"cut"`` (the cutter keeps or exposes the cut card), ``"play"`` or ``"over"``."""
        return self._deal.phase

    @property
    def current(self) -> int:
        """The seat to act."""
        return self._deal.current

    @property
    def table(self) -> Cards:
        """The cards on the table, sorted by value then suit."""
        return self._deal.table

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every seat's hand, sorted (use ``view`` for what one seat may see)."""
        return self._deal.hands

    @property
    def stock(self) -> Cards:
        """The undealt cards, top first (hidden from the players)."""
        return self._deal.stock

    @property
    def piles(self) -> Pair:
        """The cards each side has taken this deal."""
        return self._deal.piles

    @property
    def sweeps(self) -> Pair:
        """The cards that made each side's chkobbas, shown face up on its pile."""
        return self._deal.sweeps

    @property
    def last_capturer(self) -> int | None:
        """The seat that captured last this deal: it takes what is left at the end."""
        return self._deal.last_capturer

    @property
    def stock_count(self) -> int:
        return len(self._deal.stock)

    @property
    def chkobbas(self) -> tuple[int, int]:
        sweeps = self._deal.sweeps
        return len(sweeps[0]), len(sweeps[1])

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
            deal = self._deal
            if deal.phase == PLAYING:
                moves = legal_play_moves(deal.hands[deal.current], deal.table)
            elif deal.phase == CUT:
                moves = [KEEP_MOVE, EXPOSE_MOVE]
            else:
                moves = []
            _set_moves(self, moves)
        return list(moves)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand, the table, the piles and the counts."""
        return View.of(self, seat)

    # ----------------------------------------------------------------- making moves

    def play(self, move: Move | str) -> Game:
        """The position after ``move`` (a ``Move`` or its text); ``IllegalMove`` if not allowed."""
        moves = self._moves
        if moves is None:
            self.legal_moves()
            moves = self._moves
        assert moves is not None
        if move not in moves:
            move = _normalised(move)
            if move not in moves:
                raise IllegalMove(self.why_illegal(move))
        history = (self._history, move)
        if self._deal.phase == CUT:
            return self._complete_deal(move.kind == KEEP, history)
        return self._play_card(move, history)

    def _complete_deal(self, keep: bool, history: History) -> Game:
        deal = self._deal
        deck = deal.stock
        players = self.rules.players
        cutter = deal.current
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
            return _cut_phase(self._match._replace(shuffles=self.shuffles + 1), history)
        dealt = _Deal(
            PLAYING,
            cutter,
            tuple(sorted(table)),
            tuple([tuple(sorted(hand)) for hand in hands]),
            deck[position:],
            deal.piles,
            deal.sweeps,
            None,
        )
        return _new_game(self._match, dealt, history)

    def _play_card(self, move: Move, history: History) -> Game:
        _, seat, table, dealt, stock, piles, sweeps, last_capturer = self._deal
        _, card, captures = move
        assert card is not None
        hands = list(dealt)
        hand = hands[seat]
        i = hand.index(card)
        hands[seat] = hand[:i] + hand[i + 1 :]
        swept = sweeps
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
                marks = (*sweeps[seat & 1], card)
                swept = (marks, sweeps[1]) if seat & 1 == 0 else (sweeps[0], marks)
        else:
            i = bisect_right(table, card)
            table = (*table[:i], card, *table[i:])
        if any(hands):
            following = (seat + 1) % len(hands)
        elif stock:
            following = self.first_player
            hands = _deal_hands(stock, following, len(hands))
            stock = stock[len(hands) * HAND_SIZE :]
        else:
            # the last card of the deal: it never scores a chkobba
            return self._end_deal(table, piles, sweeps, last_capturer, history)
        deal = _tuple_new(
            _Deal, (PLAYING, following, table, tuple(hands), stock, piles, swept, last_capturer)
        )
        return _new_game(self._match, deal, history)

    def _end_deal(
        self,
        table: Cards,
        piles: Pair,
        sweeps: Pair,
        last_capturer: int | None,
        history: History,
    ) -> Game:
        """The last card is down: leftovers to the last capturer; score; next deal or the end."""
        leftovers_side = None
        if table and last_capturer is not None:
            leftovers_side = last_capturer & 1
            gain = piles[leftovers_side] + table
            piles = (gain, piles[1]) if leftovers_side == 0 else (piles[0], gain)
        deal_scores = score_deal(piles, (len(sweeps[0]), len(sweeps[1])))
        totals = (self.scores[0] + deal_scores[0].total, self.scores[1] + deal_scores[1].total)
        leftovers = table if leftovers_side is not None else ()
        result = DealResult(self.dealer, deal_scores, totals, leftovers, leftovers_side)
        match = self._match._replace(
            scores=totals,
            deal_results=(*self.deal_results, result),
            winner=match_winner(totals, self.rules.target),
        )
        if match.winner is None:
            players = self.rules.players
            return _cut_phase(
                match._replace(shuffles=self.shuffles + 1, dealer=(self.dealer + 1) % players),
                history,
            )
        over = _Deal(
            OVER,
            self.first_player,
            table if leftovers_side is None else (),
            tuple(() for _ in self.hands),
            (),
            piles,
            sweeps,
            last_capturer,
        )
        return _new_game(match, over, history)

    # ----------------------------------------------------------------- explaining refusals

    def why_illegal(self, move: Move) -> str:
        """Why ``move`` is not allowed now (or ``""`` if it is)."""
        move = _normalised(move)
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
        taken = _groups_text([move.captures])
        missing = [c for c in move.captures if c not in self.table]
        if missing:
            return f"{move}: {' '.join(c.code for c in missing)} is not on the table"
        if not options:
            return f"{card} cannot take {taken}: it takes nothing here"
        if any(c.value == card.value for c in self.table) and len(move.captures) > 1:
            return (
                f"{card} cannot take {taken}: an equal card comes first, "
                f"it must take {_groups_text(options)}"
            )
        total = sum(c.value for c in move.captures)
        return (
            f"{card} cannot take {taken}: they make {total}, not {card.value}; "
            f"it may take {_groups_text(options)}"
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

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and self._match == other._match
            and self._deal == other._deal
            and self.history == other.history
        )

    def __hash__(self) -> int:
        return hash((self._match, self._deal, self.history))

    def __repr__(self) -> str:
        return f"Game.from_notation({self.notation()!r})"


# The slots' own setters: the class refuses ordinary assignment.
_set_match = Game.__dict__["_match"].__set__
_set_deal = Game.__dict__["_deal"].__set__
_set_history = Game.__dict__["_history"].__set__
_set_moves = Game.__dict__["_moves"].__set__
_object_new = object.__new__


def _new_game(match: _Match, deal: _Deal, history: History) -> Game:
    """A ``Game`` from its parts (the engine's own constructor: the class refuses assignment)."""
    game = _object_new(Game)
    _set_match(game, match)
    _set_deal(game, deal)
    _set_history(game, history)
    _set_moves(game, None)
    return game


def _cut_phase(match: _Match, history: History) -> Game:
    """A fresh shuffle (number ``match.shuffles``), the dealer's right-hand neighbour to cut."""
    players = match.rules.players
    deal = _Deal(
        CUT,
        (match.dealer + 1) % players,
        (),
        ((),) * players,
        shuffled_deck(match.seed, match.shuffles),
        ((), ()),
        ((), ()),
        None,
    )
    return _new_game(match, deal, history)


def _deal_hands(stock: Cards, first: int, players: int) -> list[Cards]:
    """Three cards to each seat from the top of ``stock``, starting with ``first``."""
    hands: list[Cards] = [()] * players
    for offset in range(players):
        start = offset * HAND_SIZE
        hands[(first + offset) % players] = tuple(sorted(stock[start : start + HAND_SIZE]))
    return hands


def _normalised(move: object) -> Move:
    """``move`` as the engine's ``Move``: text parsed, captures sorted; a clear error otherwise."""
    if isinstance(move, str):
        return Move.parse(move)
    if isinstance(move, Move):
        if move.kind == PLAY and isinstance(move.card, Card):
            return Move.play(move.card, move.captures)
        return move
    raise TypeError(f"a move is a Move or its text like 'QHx2D+6S', not {move!r}")


def _groups_text(groups: list[Cards]) -> str:
    return " or ".join("+".join(c.code for c in group) for group in groups)


def match_winner(totals: tuple[int, int], target: int) -> int | None:
    """The side that has won, if any: a side at the target with the higher total (ties play on)."""
    first, second = totals
    if max(first, second) < target or first == second:
        return None
    return 0 if first > second else 1
