"""The match state and its transitions: the cut, the play, the end of each deal and of the match."""

from __future__ import annotations

from typing import Any, NamedTuple

from .cards import Card
from .cardsets import BITS, bits_of, cards_of
from .errors import IllegalMove
from .moves import EXPOSE_MOVE, KEEP, KEEP_MOVE, PLAY, Move, play_moves
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


class _State(NamedTuple):
    """A ``Game``'s parts. Card sets that change with every move are ints (``chkobba.cardsets``)."""

    match: _Match
    phase: str
    current: int
    table_bits: int
    hand_bits: tuple[int, ...]
    stock: Cards
    piles: Pair
    sweeps: Pair
    last_capturer: int | None
    past: History
    legal: tuple[Move, ...]


_tuple_new = tuple.__new__


class Game(_State):
    """An immutable Chkobba match position. ``play`` returns the next position.

    Seats 0..players-1 play in increasing order (anticlockwise at a real table); seat ``s`` plays
    for side ``s % 2``. Use ``Game.new`` to start a match, ``Game.from_notation`` to set up a
    position, ``Game.from_json`` to load a saved match. A game is a named tuple of its parts (for
    speed, like ``Card``); read it through the properties below.
    """

    __slots__ = ()

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
    def _from_parts(
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
        hand_bits = tuple(map(bits_of, hands))
        return _game(
            match,
            phase,
            current,
            bits_of(table),
            hand_bits,
            stock,
            piles,
            sweeps,
            last_capturer,
            history,
        )

    def _with_past(self, deal_results: tuple[DealResult, ...], history: History) -> Game:
        """This position with a match's past attached: its deal results and its moves."""
        return self._replace(match=self.match._replace(deal_results=deal_results), past=history)

    # ----------------------------------------------------------------- what there is to see
    # phase, current, stock, piles, sweeps and last_capturer are fields of the named tuple:
    # phase is "cut" (the cutter keeps or exposes the cut card), "play" or "over"; current is the
    # seat to act; stock the undealt cards, top first (hidden from the players); piles the cards
    # each side has taken this deal; sweeps the cards that made each side's chkobbas, shown face
    # up on its pile; last_capturer the seat that captured last this deal (it takes what is left).

    @property
    def rules(self) -> Rules:
        return self.match.rules

    @property
    def seed(self) -> int:
        return self.match.seed

    @property
    def shuffles(self) -> int:
        """The number of the current deal's shuffle (0, 1, ...; redeals take one more)."""
        return self.match.shuffles

    @property
    def dealer(self) -> int:
        return self.match.dealer

    @property
    def scores(self) -> tuple[int, int]:
        """Match totals of sides 0 and 1, counted after each full deal."""
        return self.match.scores

    @property
    def deal_results(self) -> tuple[DealResult, ...]:
        return self.match.deal_results

    @property
    def winner(self) -> int | None:
        """The side that has won the match, or ``None``."""
        return self.match.winner

    @property
    def table(self) -> Cards:
        """The cards on the table, sorted by value then suit."""
        return cards_of(self.table_bits)

    @property
    def hands(self) -> tuple[Cards, ...]:
        """Every seat's hand, sorted (use ``view`` for what one seat may see)."""
        return tuple(map(cards_of, self.hand_bits))

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
        return self.stock[0] if self.phase == CUT else None

    @property
    def deal_number(self) -> int:
        return len(self.deal_results) + 1

    @property
    def history(self) -> tuple[Move, ...]:
        """Every move of the match so far, oldest first."""
        moves = []
        node = self.past
        while node is not None:
            node, move = node
            moves.append(move)
        moves.reverse()
        return tuple(moves)

    @property
    def redealt(self) -> bool:
        """True when this cut follows a redeal (three or four equal ranks came to the table)."""
        node = self.past
        return self.phase == CUT and node is not None and node[1].kind != PLAY

    @property
    def first_player(self) -> int:
        """The seat that leads each hand of this deal: the dealer's right-hand neighbour."""
        return (self.dealer + 1) % self.rules.players

    def legal_moves(self) -> list[Move]:
        """The moves allowed now, in a stable order (a fresh list each call)."""
        return list(self.legal)

    def view(self, seat: int) -> View:
        """What ``seat`` may see: its own hand, the table, the piles and the counts."""
        return View.of(self, seat)

    # ----------------------------------------------------------------- making moves

    def play(self, move: Move | str) -> Game:
        """The position after ``move`` (a ``Move`` or its text); ``IllegalMove`` if not allowed."""
        match, phase, seat, table, hands, stock, piles, sweeps, last, past, legal = self
        if move not in legal:
            move = _normalised(move)
            if move not in legal:
                raise IllegalMove(self.why_illegal(move))
        past = (past, move)
        if phase == CUT:
            return self._complete_deal(move.kind == KEEP, past)
        _, card, captures = move
        assert card is not None
        bit = BITS[card.index]
        held = list(hands)
        held[seat] ^= bit
        swept = sweeps
        if captures:
            table ^= BITS[captures[0].index] if len(captures) == 1 else bits_of(captures)
            last = seat
            side = seat & 1
            gain = piles[side] + captures + (card,)
            piles = (gain, piles[1]) if side == 0 else (piles[0], gain)
            if not table:
                marks = (*sweeps[side], card)
                swept = (marks, sweeps[1]) if side == 0 else (sweeps[0], marks)
        else:
            table |= bit
        if any(held):
            seat = (seat + 1) % len(held)
        elif stock:
            seat = self.first_player
            held = _deal_hands(stock, seat, len(held))
            stock = stock[len(held) * HAND_SIZE :]
        else:
            # the last card of the deal: it never scores a chkobba
            return self._end_deal(table, piles, sweeps, last, past)
        return _game(match, PLAYING, seat, table, tuple(held), stock, piles, swept, last, past)

    def _complete_deal(self, keep: bool, past: History) -> Game:
        """The cut is decided: three cards each and four on the table (or a redeal)."""
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
            return _cut_phase(self.match._replace(shuffles=self.shuffles + 1), past)
        return _game(
            self.match,
            PLAYING,
            cutter,
            bits_of(table),
            tuple(map(bits_of, hands)),
            deck[position:],
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
        leftovers_side = None
        table = cards_of(table_bits)
        if table and last_capturer is not None:
            leftovers_side = last_capturer & 1
            gain = piles[leftovers_side] + table
            piles = (gain, piles[1]) if leftovers_side == 0 else (piles[0], gain)
        deal_scores = score_deal(piles, (len(sweeps[0]), len(sweeps[1])))
        totals = (self.scores[0] + deal_scores[0].total, self.scores[1] + deal_scores[1].total)
        leftovers = table if leftovers_side is not None else ()
        result = DealResult(self.dealer, deal_scores, totals, leftovers, leftovers_side)
        match = self.match._replace(
            scores=totals,
            deal_results=(*self.deal_results, result),
            winner=match_winner(totals, self.rules.target),
        )
        if match.winner is None:
            players = self.rules.players
            return _cut_phase(
                match._replace(shuffles=self.shuffles + 1, dealer=(self.dealer + 1) % players),
                past,
            )
        return _game(
            match,
            OVER,
            self.first_player,
            0 if leftovers_side is not None else table_bits,
            (0,) * self.rules.players,
            (),
            piles,
            sweeps,
            last_capturer,
            past,
        )

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
            and self[:9] == other[:9]  # every part but the past and the moves it allows
            and self.history == other.history
        )

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash((self[:9], self.history))

    def __repr__(self) -> str:
        return f"Game.from_notation({self.notation()!r})"


def _game(
    match: _Match,
    phase: str,
    current: int,
    table: int,
    hands: tuple[int, ...],
    stock: Cards,
    piles: Pair,
    sweeps: Pair,
    last_capturer: int | None,
    past: History,
) -> Game:
    """A ``Game`` from its parts, with the moves it allows."""
    if phase == PLAYING:
        legal = play_moves(hands[current], table)
    else:
        legal = (KEEP_MOVE, EXPOSE_MOVE) if phase == CUT else ()
    parts = (match, phase, current, table, hands, stock, piles, sweeps, last_capturer, past, legal)
    return _tuple_new(Game, parts)


def _cut_phase(match: _Match, past: History) -> Game:
    """A fresh shuffle (number ``match.shuffles``), the dealer's right-hand neighbour to cut."""
    players = match.rules.players
    return _game(
        match,
        CUT,
        (match.dealer + 1) % players,
        0,
        (0,) * players,
        shuffled_deck(match.seed, match.shuffles),
        ((), ()),
        ((), ()),
        None,
        past,
    )


def _deal_hands(stock: Cards, first: int, players: int) -> list[int]:
    """Three cards to each seat from the top of ``stock``, starting with ``first``."""
    hands = [0] * players
    for offset in range(players):
        start = offset * HAND_SIZE
        hands[(first + offset) % players] = bits_of(stock[start : start + HAND_SIZE])
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
