"""The match state and its transitions: a checked, immutable value around the rules kernel.

``Game`` holds Card objects, the history and the match's totals; every rule it applies (the deal,
a play, the next hand, the end of the deal, the points) is a ``chkobba.kernel`` function. What one
seat may see of a game is a ``chkobba.view.View`` (``Game.view``); a view's sample is a ``Game``
(``Game.from_view``, ``View.sample``: this module gives ``View`` the class it builds, view.py never
imports it).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, NamedTuple

from . import notation, refusals, saves
from .cards import Card
from .cardsets import BITS, bits_of, cards_of
from .errors import ChkobbaError, EditedSave, IllegalMove, ParseError, quoted
from .kernel import (
    DEAL_OVER,
    HAND_SIZE,
    Phase,
    cutter,
    deal_layout,
    fits_turn,
    hand_layout,
    leftovers_side,
    match_winner,
    needs_redeal,
    next_seat,
    play_card,
    stock_problem,
)
from .kernel import side as seat_side
from .moves import (
    CUT_MOVES,
    EXPOSE_MOVE,
    KEEP,
    KEEP_MOVE,
    PLAY,
    Move,
    move_problem,
    play_moves,
)
from .refusals import Refusal
from .rules import NUMBER_DIGITS, NUMBER_LIMIT, Rules
from .scoring import DealResult, score_piles
from .shuffle import draw_lot, shuffled_deck
from .view import View

CUT, PLAYING, OVER = Phase.CUT, Phase.PLAY, Phase.OVER
__all__ = ["DealResult", "Game", "Phase", "View", "match_winner"]

Cards = tuple[Card, ...]
Pair = tuple[Cards, Cards]
History = tuple[Any, Move] | None  # a linked list: (older history, latest move)


class _Match(NamedTuple):
    """The parts of a game that change only between deals."""

    rules: Rules
    seed: int
    shuffles: int
    dealer: int
    scores: tuple[int, int]
    deal_results: tuple[DealResult, ...]
    winner: int | None
    origin: str | None  # the notation the history starts from (None: from ``Game.new``)


class _Parts:
    """A ``Game``'s slots. Card sets that change with every move are ints (``chkobba.cardsets``)."""

    __slots__ = (
        "_hands",
        "_legal",
        "_match",
        "_past",
        "_table",
        "current",
        "last_capturer",
        "phase",
        "piles",
        "stock",
        "sweeps",
    )
    _match: _Match
    phase: Phase
    current: int
    _table: int
    _hands: tuple[int, ...]
    stock: Cards
    piles: Pair
    sweeps: Pair
    last_capturer: int | None
    _past: History
    _legal: tuple[Move, ...]


class _Building(_Parts):
    """A game being filled in (plain slot writes), then turned into a ``Game`` (see ``_game``)."""

    __slots__ = ()


class Game(_Parts):
    """An immutable Chkobba match position. ``play`` returns the next position.

    Seats 0..players-1 play in increasing order (anticlockwise at a real table); seat ``s`` plays
    for side ``s % 2``. Use ``Game.new`` to start a match, ``Game.from_notation`` to set up a
    position, ``Game.from_json`` to load a saved match, ``Game.from_position`` to build one from
    its parts (checked).

    ``phase`` is "cut" (the cutter keeps or exposes the cut card), "play" or "over"; ``current``
    the seat to act; ``stock`` the undealt cards, top first (hidden from the players); ``piles``
    the cards each side has taken this deal; ``sweeps`` the cards that made each side's chkobbas,
    shown face up on its pile; ``last_capturer`` the seat that captured last this deal (it takes
    what is left).
    """

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"a Game is immutable: play a move to get the next one ({name!r})")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"a Game is immutable ({name!r})")

    @classmethod
    def new(cls, rules: Rules | None = None, seed: int = 0) -> Game:
        """A new match: the first dealer is drawn by lot, the deck shuffled, the cutter to act."""
        rules = Rules() if rules is None else rules
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {_short(rules)}")
        _whole("the seed", seed, minimum=None)
        match = _Match(rules, seed, 0, draw_lot(seed, rules.players), (0, 0), (), None, None)
        return _cut_phase(match, None)

    @classmethod
    def from_position(
        cls,
        *,
        rules: Rules,
        phase: str,
        current: int,
        dealer: int,
        hands: Iterable[Iterable[Card]],
        table: Iterable[Card] = (),
        stock: Iterable[Card] = (),
        piles: Iterable[Iterable[Card]] = ((), ()),
        sweeps: Iterable[Iterable[Card]] = ((), ()),
        last_capturer: int | None = None,
        scores: tuple[int, int] = (0, 0),
        seed: int = 0,
        shuffles: int = 0,
        deal_results: Iterable[DealResult] = (),
    ) -> Game:
        """A position from its parts, checked: ``ChkobbaError`` (or ``TypeError`` for a wrong
        type) saying what is wrong. Any position it returns can be played on, saved and loaded.

        ``stock`` is top card first (at the cut, the cut card); hands (of at most three cards)
        and table in any order; ``sweeps`` in any order too (kept in the order of their pile).
        ``deal_results`` are the deals before this one, checked as a save's are: their totals add
        up to ``scores`` and their dealers take turns up to ``dealer``. The winner follows from
        the scores; a game set up this way has no history.
        """
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, not {_short(rules)}")
        players = rules.players
        try:
            phase = Phase(phase)
        except ValueError:
            raise ChkobbaError(f"no phase {_short(phase)}: cut, play or over") from None
        _whole("seed", seed, minimum=None)
        _whole("shuffles", shuffles)
        _seat("dealer", dealer, players)
        _seat("current", current, players)
        if last_capturer is not None:
            _seat("last capturer", last_capturer, players)
        hand_cards = tuple(_cards("hand", hand) for hand in _items("hands", hands, players))
        table_cards = _cards("table", table)
        stock_cards = _cards("stock", stock)
        pile_cards = tuple(_cards("pile", pile) for pile in _items("piles", piles, 2))
        sweep_cards = tuple(_cards("sweeps", marks) for marks in _items("sweeps", sweeps, 2))
        totals = tuple(_items("scores", scores, 2))
        for total in totals:
            _whole("score", total)
        if isinstance(deal_results, str | bytes) or not isinstance(deal_results, Iterable):
            raise TypeError(f"deal_results must be a sequence, not {_short(deal_results)}")
        results = tuple(deal_results)
        if not all(isinstance(result, DealResult) for result in results):
            raise TypeError("deal_results must hold DealResult values")
        everything = [*table_cards, *stock_cards, *pile_cards[0], *pile_cards[1]]
        for hand in hand_cards:
            everything.extend(hand)
        repeated = _repeated(everything)
        if repeated:
            raise ChkobbaError(f"{repeated} appears twice")
        for pile, marks in zip(pile_cards, sweep_cards, strict=True):
            if not set(marks) <= set(pile) or len(set(marks)) != len(marks):
                raise ChkobbaError("a chkobba's card must be a card of its side's pile, once")
        # the chkobba cards in the order of their pile (the order play puts them in)
        sweep_cards = tuple(
            tuple(card for card in pile if card in marks)
            for pile, marks in zip(pile_cards, sweep_cards, strict=True)
        )
        scores = (totals[0], totals[1])
        results = saves.check_results(
            results, rules, scores, dealer, phase is OVER, error=ChkobbaError
        )
        winner = match_winner(scores, rules.target)
        problem = _position_problem(
            phase, current, dealer, players, hand_cards, table_cards, stock_cards, pile_cards
        )
        if not problem and (phase is OVER) != (winner is not None):
            problem = "the match is over exactly when a side has won (at the target, ahead)"
        if not problem and phase is OVER and table_cards and last_capturer is not None:
            problem = "the match is over: the last capturer has taken the cards left"
        if problem:
            raise ChkobbaError(problem)
        if phase is OVER:
            current = cutter(dealer, players)
        match = _Match(rules, seed, shuffles, dealer, scores, results, winner, None)
        game = _game(
            match,
            phase,
            current,
            bits_of(table_cards),
            tuple(map(bits_of, hand_cards)),
            stock_cards,
            (tuple(pile_cards[0]), tuple(pile_cards[1])),
            (tuple(sweep_cards[0]), tuple(sweep_cards[1])),
            last_capturer,
            None,
        )
        return _game(
            match._replace(origin=notation.write_position(game)),
            phase,
            current,
            game._table,
            game._hands,
            game.stock,
            game.piles,
            game.sweeps,
            last_capturer,
            None,
        )

    @classmethod
    def from_view(cls, view: View, rng: random.Random) -> Game:
        """A full game consistent with ``view``, the hidden cards dealt at random from ``rng``
        (``View.sample`` too): a guest's page builds its table from one (the hidden cards made
        up, never shown). The match's future shuffles are drawn from ``rng`` too; the game has
        no history."""
        hidden = list(view.unseen())
        rng.shuffle(hidden)
        hands = []
        for seat, size in enumerate(view.hand_sizes):
            if seat == view.seat:
                hands.append(view.hand)
            else:
                hands.append(tuple(hidden[:size]))
                del hidden[:size]
        if view.cut_card is not None:
            stock = (view.cut_card, *hidden[: view.stock_count - 1])
        else:
            stock = tuple(hidden[: view.stock_count])
        return cls.from_position(
            rules=view.rules,
            seed=rng.getrandbits(64),
            shuffles=len(view.deal_results),
            phase=view.phase,
            dealer=view.dealer,
            current=view.current,
            table=view.table,
            hands=hands,
            stock=stock,
            piles=view.piles,
            sweeps=view.sweeps,
            last_capturer=view.last_capturer,
            scores=view.scores,
            deal_results=view.deal_results,
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
    def table(self) -> Cards:
        """The cards on the table, sorted by value then suit."""
        return cards_of(self._table)

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every seat's hand, sorted (use ``view`` for what one seat may see)."""
        return tuple(map(cards_of, self._hands))

    @property
    def stock_count(self) -> int:
        return len(self.stock)

    @property
    def chkobbas(self) -> tuple[int, int]:
        sweeps = self.sweeps
        return len(sweeps[0]), len(sweeps[1])

    @property
    def cut_card(self) -> Card | None:
        """The card the cutter sees and must keep or expose (cut phase only)."""
        return self.stock[0] if self.phase is CUT else None

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + 1

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move of the match so far, oldest first."""
        moves = []
        node = self._past
        while node is not None:
            node, move = node
            moves.append(move)
        moves.reverse()
        return tuple(moves)

    @property
    def origin(self) -> str | None:
        """The notation of the set-up position the history starts from (``from_notation``,
        ``from_position``), or None: the history starts from ``Game.new(rules, seed)``."""
        return self._match.origin

    @property
    def redealt(self) -> bool:
        """True when this cut follows a redeal (three or four equal ranks came to the table)."""
        node = self._past
        return self.phase is CUT and node is not None and node[1].kind != PLAY

    @property
    def first_player(self) -> int:
        """The seat that leads each hand of this deal: the dealer's right-hand neighbour."""
        return cutter(self.dealer, self.rules.players)

    def legal_moves(self) -> list[Move]:
        """The moves allowed now, in a stable order (a fresh list each call)."""
        return list(self._legal)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand, the table, the piles and the counts."""
        players = self.rules.players
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise TypeError(f"a seat is an int, not {_short(seat)}")
        if not 0 <= seat < players:
            raise ValueError(f"no seat {seat} in a {players}-player game")
        return View(
            seat=seat,
            rules=self.rules,
            phase=self.phase,
            current=self.current,
            dealer=self.dealer,
            table=self.table,
            hand=cards_of(self._hands[seat]),
            hand_sizes=tuple([bits.bit_count() for bits in self._hands]),
            stock_count=len(self.stock),
            piles=self.piles,
            sweeps=self.sweeps,
            last_capturer=self.last_capturer,
            scores=self.scores,
            deal_results=self.deal_results,
            winner=self.winner,
            cut_card=self.cut_card if self.current == seat else None,
            history=self.history,
        )

    # ----------------------------------------------------------------- making moves

    def play(self, move: Move | str) -> Game:
        """The position after ``move`` (a ``Move`` or its text); ``IllegalMove`` if not allowed."""
        legal = self._legal
        if move.__class__ is not Move or move not in legal:  # a tuple equal to one is no Move
            move = _normalised(move)
            if move not in legal:
                raise IllegalMove(self.why_illegal(move))
        past = (self._past, move)
        if self.phase is CUT:
            return self._complete_deal(move.kind == KEEP, past)
        _, card, captures = move
        assert card is not None
        seat = self.current
        bit = BITS[card.index]
        hands = list(self._hands)
        hands[seat] ^= bit
        players = len(hands)
        following = next_seat(seat, players)
        stock = self.stock
        taken = 0
        if captures:
            taken = BITS[captures[0].index] if len(captures) == 1 else bits_of(captures)
        # hand sizes fall by at most one in turn order: if any seat holds a card, the next does
        table, won, chkobba, after = play_card(
            self._table, bit, taken, following, hands[following], stock
        )
        piles, sweeps, last = self.piles, self.sweeps, self.last_capturer
        if won:
            last = seat
            side = seat_side(seat)
            gain = piles[side] + captures + (card,)
            piles = (gain, piles[1]) if side == 0 else (piles[0], gain)
            if chkobba:
                marks = (*sweeps[side], card)
                sweeps = (marks, sweeps[1]) if side == 0 else (sweeps[0], marks)
        if after < 0:  # every hand is played out
            if after == DEAL_OVER:
                return self._end_deal(table, piles, sweeps, last, past)
            after = cutter(self._match.dealer, players)  # NEW_HAND: the cutter leads it
            layout, _, dealt = hand_layout(players, after)
            hands = [_bits_at(stock, positions) for positions in layout]
            stock = stock[dealt:]
        return _game(
            self._match, PLAYING, after, table, tuple(hands), stock, piles, sweeps, last, past
        )

    def _complete_deal(self, keep: bool, past: History) -> Game:
        """The cut is decided: three cards each and four on the table (or a redeal)."""
        deck = self.stock
        layout, table_positions, dealt = deal_layout(self.rules.players, self.current, keep)
        table = _bits_at(deck, table_positions)
        if needs_redeal(table):
            return _cut_phase(self._match._replace(shuffles=self.shuffles + 1), past)
        hands = tuple([_bits_at(deck, positions) for positions in layout])
        return _game(
            self._match,
            PLAYING,
            self.current,
            table,
            hands,
            deck[dealt:],
            self.piles,
            self.sweeps,
            None,
            past,
        )

    def _end_deal(
        self,
        table_bits: int,
        piles: Pair,
        sweeps: Pair,
        last_capturer: int | None,
        past: History,
    ) -> Game:
        """The last card is down: leftovers to the last capturer; score; next deal or the end."""
        side = leftovers_side(table_bits, last_capturer)
        leftovers = cards_of(table_bits) if side is not None else ()
        if side is not None:
            gain = piles[side] + leftovers
            piles = (gain, piles[1]) if side == 0 else (piles[0], gain)
        deal_scores = score_piles(piles, (len(sweeps[0]), len(sweeps[1])))
        totals = (self.scores[0] + deal_scores[0].total, self.scores[1] + deal_scores[1].total)
        result = DealResult(self.dealer, deal_scores, totals, leftovers, side)
        match = self._match._replace(
            scores=totals,
            deal_results=(*self.deal_results, result),
            winner=match_winner(totals, self.rules.target),
        )
        if match.winner is None:
            players = self.rules.players
            return _cut_phase(
                match._replace(shuffles=self.shuffles + 1, dealer=next_seat(self.dealer, players)),
                past,
            )
        return _game(
            match,
            OVER,
            self.first_player,
            0 if side is not None else table_bits,
            (0,) * self.rules.players,
            (),
            piles,
            sweeps,
            last_capturer,
            past,
        )

    def why_illegal(self, move: Move) -> str:
        """Why ``move`` is not allowed now (or ``""`` if it is)."""
        refused = self.refusal(move)
        return refused.text if refused else ""

    def refusal(self, move: Move | str) -> Refusal | None:
        """Why ``move`` (a ``Move`` or its text) is not allowed now, as a ``Refusal`` (``None``
        if it is allowed)."""
        move = _normalised(move)
        if move in self._legal:
            return None
        return refusals.refusal(self, move)

    # ----------------------------------------------------------------- text forms

    def notation(self) -> str:
        """The position in the compact notation of ``chkobba.notation``."""
        return notation.write_position(self)

    @classmethod
    def from_notation(cls, text: str) -> Game:
        """A position from its notation; raises ``ParseError`` quoting the bad field."""
        parts = notation.read_position(text)
        try:
            return cls.from_position(**parts)
        except ChkobbaError as error:
            raise ParseError(f"bad position {quoted(text)}: {error}") from None

    def to_json(self) -> str:
        """The whole match (position, deal results, history) as JSON, with a format version."""
        return saves.game_to_json(self, self._match.origin)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """A match from ``to_json``'s text; raises ``ParseError`` saying what is wrong.

        The history is replayed from the match's start (its seed, or the set-up position it
        started from): the position and deal results must be the ones it leads to.
        """
        saved = saves.read_save(text)
        try:
            position = cls.from_notation(saved.position)
            if not saved.history:
                results = saves.check_results(
                    saved.deal_results,
                    position.rules,
                    position.scores,
                    position.dealer,
                    position.phase is OVER,
                )
                return _with(position._match._replace(deal_results=results), position)
            start = (
                cls.from_notation(saved.start)
                if saved.start is not None
                else cls.new(position.rules, position.seed)
            )
            game = start
            for number, move in enumerate(saved.history, 1):
                try:
                    game = game.play(move)
                except IllegalMove as error:
                    raise EditedSave(f"move {number} of the history: {error}") from None
            # a set-up start may carry the results of the deals before it: the saved results
            # the history did not make, checked as a set-up position's are
            made = game.deal_results
            earlier = saved.deal_results[: max(0, len(saved.deal_results) - len(made))]
            if earlier and saved.deal_results[len(earlier) :] == made:
                earlier = saves.check_results(
                    earlier, start.rules, start.scores, start.dealer, start.phase is OVER
                )
                game = _with(game._match._replace(deal_results=(*earlier, *made)), game)
        except EditedSave as error:
            raise EditedSave(f"saved game: {error}") from None
        except ParseError as error:
            raise ParseError(f"saved game: {error}") from None
        if game.notation() != position.notation():
            raise EditedSave("saved game: the history does not lead to the saved position")
        if game.deal_results != saved.deal_results:
            raise EditedSave(
                "saved game: the deal results (dealer, scores, totals) differ from the history's"
            )
        return game

    # ----------------------------------------------------------------- value behaviour

    def _key(self) -> tuple[object, ...]:
        match = self._match
        return (
            match[:7],
            self.phase,
            self.current,
            self._table,
            self._hands,
            self.stock,
            self.piles,
            self.sweeps,
            self.last_capturer,
            self.history,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and self._key() == other._key()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self._key())

    def __copy__(self) -> Game:
        return self

    def __deepcopy__(self, memo: object) -> Game:
        return self  # an immutable value: a copy is itself (the history may be long)

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        return (
            _unpickled,
            (
                self._match,
                self.phase,
                self.current,
                self._table,
                self._hands,
                self.stock,
                self.piles,
                self.sweeps,
                self.last_capturer,
                self.history,
            ),
        )

    def __repr__(self) -> str:
        return f"Game.from_notation({self.notation()!r})"


def _game(
    match: _Match,
    phase: Phase,
    current: int,
    table: int,
    hands: tuple[int, ...],
    stock: Cards,
    piles: Pair,
    sweeps: Pair,
    last_capturer: int | None,
    past: History,
) -> Game:
    """A ``Game`` from its parts, with the moves it allows.

    Built as a ``_Building`` (plain slot writes, fast) whose class then becomes ``Game``: the
    same slots, and a ``Game`` refuses every write.
    """
    game = _new(_Building)
    game._match = match
    game.phase = phase
    game.current = current
    game._table = table
    game._hands = hands
    game.stock = stock
    game.piles = piles
    game.sweeps = sweeps
    game.last_capturer = last_capturer
    game._past = past
    if phase is PLAYING:
        game._legal = play_moves(hands[current], table)
    else:
        game._legal = CUT_MOVES if phase is CUT else ()
    game.__class__ = Game  # type: ignore[assignment]
    return game  # type: ignore[return-value]


_new = object.__new__


def _with(match: _Match, game: Game) -> Game:
    """``game`` with other match parts (deal results attached to a loaded position)."""
    return _game(
        match,
        game.phase,
        game.current,
        game._table,
        game._hands,
        game.stock,
        game.piles,
        game.sweeps,
        game.last_capturer,
        game._past,
    )


def _unpickled(
    match: _Match,
    phase: Phase,
    current: int,
    table: int,
    hands: tuple[int, ...],
    stock: Cards,
    piles: Pair,
    sweeps: Pair,
    last_capturer: int | None,
    history: tuple[Move, ...],
) -> Game:
    past: History = None
    for move in history:
        past = (past, move)
    return _game(match, phase, current, table, hands, stock, piles, sweeps, last_capturer, past)


def _cut_phase(match: _Match, past: History) -> Game:
    """A fresh shuffle (number ``match.shuffles``), the dealer's right-hand neighbour to cut."""
    players = match.rules.players
    return _game(
        match,
        CUT,
        cutter(match.dealer, players),
        0,
        (0,) * players,
        shuffled_deck(match.seed, match.shuffles),
        ((), ()),
        ((), ()),
        None,
        past,
    )


def _bits_at(deck: Cards, positions: tuple[int, ...]) -> int:
    """The set of the cards at ``positions`` of ``deck``."""
    bits = 0
    for position in positions:
        bits |= BITS[deck[position].index]
    return bits


def _normalised(move: object) -> Move:
    """``move`` as the engine's ``Move``: text parsed, captures sorted; ``IllegalMove`` naming
    the problem for a ``Move`` built by hand that is no move, ``TypeError`` for what is no
    ``Move`` at all (a plain tuple too: equal to a legal move, it still has no notation)."""
    if isinstance(move, str):
        return Move.parse(move)
    if not isinstance(move, Move):
        raise TypeError(f"a move is a Move or its text like 'QHx2D+6S', not {_short(move)}")
    problem = move_problem(move)
    if problem:
        raise IllegalMove(problem)
    if move.kind == PLAY:
        assert move.card is not None
        return Move.play(move.card, move.captures)
    return KEEP_MOVE if move.kind == KEEP else EXPOSE_MOVE


_short = quoted  # repr cut short: an error message never quotes a long input whole


# ----------------------------------------------------------------- checking a position


def _whole(name: str, value: object, minimum: int | None = 0) -> None:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"{name} must be an int, not {_short(value)}")
    if minimum is not None and value < minimum:
        raise ChkobbaError(f"{name} must be >= {minimum}, not {_short(value)}")
    if not -NUMBER_LIMIT < value < NUMBER_LIMIT:
        raise ChkobbaError(f"{name} must have at most {NUMBER_DIGITS} digits, not {_short(value)}")


def _seat(name: str, value: object, players: int) -> None:
    _whole(name, value)
    assert isinstance(value, int)
    if value >= players:
        raise ChkobbaError(f"{name} must be a seat from 0 to {players - 1}, not {_short(value)}")


def _items(name: str, value: object, count: int) -> list[Any]:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a sequence of {count}, not {_short(value)}")
    items = list(value)
    if len(items) != count:
        raise ChkobbaError(f"{name}: expected {count}, found {len(items)}")
    return items


def _cards(name: str, value: object) -> Cards:
    if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
        raise TypeError(f"the {name} must be a sequence of Cards, not {_short(value)}")
    cards = tuple(value)
    if not all(isinstance(card, Card) for card in cards):
        raise TypeError(f"the {name} must hold Cards, not {_short(cards)}")
    return cards


def _repeated(cards: list[Card]) -> str:
    """The cards that appear more than once, or ``""``."""
    seen: set[Card] = set()
    twice = {card for card in cards if card in seen or seen.add(card)}  # type: ignore[func-returns-value]
    return " ".join(card.code for card in sorted(twice))


def _position_problem(
    phase: Phase,
    current: int,
    dealer: int,
    players: int,
    hands: tuple[Cards, ...],
    table: Cards,
    stock: Cards,
    piles: tuple[Cards, ...],
) -> str:
    """What makes a (duplicate-free) position one the engine cannot play on, or ``""``."""
    if phase is CUT:
        if table or any(hands) or any(piles):
            return "at the cut the table, hands and piles are empty and the stock holds the deck"
        if current != cutter(dealer, players):
            return "the cutter is the dealer's right-hand neighbour (the next seat)"
        return stock_problem(len(stock), players, cut=True)
    if phase is OVER:
        if any(hands) or stock:
            return "the match is over: no card is left in a hand or in the stock"
        return ""
    sizes = [len(hands[(current + k) % players]) for k in range(players)]
    if not sizes[0]:
        return f"seat {current} is to play but holds no card"
    if max(sizes) > HAND_SIZE:
        seat = max(range(players), key=lambda s: len(hands[s]))
        return f"seat {seat} holds {len(hands[seat])} cards: a hand holds at most {HAND_SIZE}"
    if not fits_turn(sizes):
        return "hand sizes do not fit the turn: each seat plays one card in turn"
    return stock_problem(len(stock), players, cut=False)


View.game_class = Game  # what a view's sample is (``View.sample``): view.py sits below this module
