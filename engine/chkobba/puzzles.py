"""Puzzles with one right answer, proved: the last hand of a two-player deal searched exactly.

Once the stock is empty every card is known to the seat to play (its hand, the table and the
cards played tell it the other hand), so the rest of the deal is searched to its end: alpha-beta
over the real game (the hard bot's ``Searcher``, which plays each card by the kernel's
``play_card`` and scores the deal's end by ``leftovers_side``, ``deal_points`` and
``deal_total``), both seats at their best. A position is a puzzle when one move beats every
other by at least a point of the deal (the seat's side's points minus the other's).

Moves *alike* count as one: the same card class played (``kernel.card_class``: the same capture
value, both diamonds or neither) taking the same classes (the 3♠ or the 3♣ laid on the same
table; 7♣ or 7♠ taking the same 4♥ 3♣). Swapping two cards of one class all through the rest
of the deal changes no score, so alike moves are worth exactly the same.

``prove`` proves a position; ``deal_puzzle`` plays a seeded deal (medium bots in both seats) to
its last hand and keeps its first puzzle; ``daily_puzzle`` is the day's, by the UTC date;
``board_line`` writes a puzzle as a tutorial's ``<chkobba-board mode="puzzle">``; ``judge`` says
what a move is worth against the answer (a ``Verdict``: the facts a page words);
``prove_every_deal`` finds an earlier position's answer that is the best in every deal of the
hidden cards (within a budget of deals: the next-to-last hand at most).

>>> from chkobba import Game
>>> puzzle = prove(Game.from_notation("2D6S QH5C/KC5H 0 -/- - 0-0/21 1 -"))
>>> str(puzzle.answer), puzzle.margin, puzzle.takes, puzzle.leaves, puzzle.wins
('QHx2D+6S', 1, (Card.parse('2D'), Card.parse('6S')), (), ('chkobba',))
>>> print(explain(puzzle))  # doctest: +NORMALIZE_WHITESPACE
Q♥ takes 2♦ 6♠ and leaves nothing on the table: with best play, 1 point better than 5♣
laid, on the chkobbas
>>> judge(puzzle, "5C").loss, judge(puzzle, "KC").refusal.kind
(1, 'not_in_hand')
"""

from __future__ import annotations

import datetime
import html
import random
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import combinations
from math import comb

from .bots import make_bot
from .bots.core import ints, pack_pile
from .bots.search import Searcher
from .bots.worlds import World
from .cards import Card
from .cardsets import bits_of
from .daily import daily_seed
from .errors import ChkobbaError, quoted
from .game import Game
from .kernel import CATEGORIES, HAND_SIZE, Phase, card_class, counters, side
from .moves import PLAY, Move
from .refusals import Refusal
from .review import Decision
from .rules import Rules

__all__ = [
    "MOST_DEALS",
    "PUZZLE_LEVEL",
    "PUZZLE_RULES",
    "SEEDS_A_DAY",
    "EveryDeal",
    "Puzzle",
    "Verdict",
    "alike",
    "board_line",
    "clue",
    "daily_puzzle",
    "daily_seeds",
    "deal_puzzle",
    "explain",
    "find_daily",
    "judge",
    "last_hand",
    "prove",
    "prove_every_deal",
    "puzzles_from",
    "question",
]

PUZZLE_RULES = Rules(players=2, target=21)
PUZZLE_LEVEL = "medium"  # the bots that play a seeded deal to its last hand
SEEDS_A_DAY = 64  # deals tried for a day's puzzle before giving up (2027's needed 19 at most)
MIN_HELD = 2  # a puzzle's seat holds at least this many cards: a choice of cards to play
MOST_DEALS = 2000  # the deals of the hidden cards ``prove_every_deal`` searches at most
ALL_PLIES = 40  # more plies than any deal's rest: the search goes to the deal's end


@dataclass(frozen=True, slots=True)
class Puzzle:
    """A proved position: ``answer`` (with the moves ``alike`` it, the answer first) beats every
    other move by ``margin`` points or more with best play by both seats to the deal's end.

    ``value`` is the deal's points of ``seat``'s side minus the other's after the answer;
    ``values`` each kind of move (one of each ``alike`` class, best first) with its value;
    ``nodes`` the positions the proof searched. The reason's facts: what the answer ``takes``,
    the table it ``leaves`` the other seat, and the ``CATEGORIES`` it ``wins`` or secures against
    the best other move (``runner_up``), each side's points by category along a line of best
    play after each (``answer_points``, ``runner_up_points``: the seat's side's minus the
    other's, in ``CATEGORIES``' order)."""

    position: str  # the position's notation (every card, as the seat can tell them)
    seat: int
    answer: Move
    alike: tuple[Move, ...]
    margin: int
    value: int
    values: tuple[tuple[Move, int], ...]
    nodes: int
    takes: tuple[Card, ...]
    leaves: tuple[Card, ...]
    wins: tuple[str, ...]
    answer_points: tuple[int, ...]
    runner_up_points: tuple[int, ...]

    @property
    def game(self) -> Game:
        """The position, to play on."""
        return Game.from_notation(self.position)

    @property
    def runner_up(self) -> Move:
        """The best move not alike the answer."""
        return self.values[1][0]


@dataclass(frozen=True, slots=True)
class Verdict:
    """What ``move`` is worth in a puzzle: refused (``refusal``, the engine's facts: why it is
    not allowed), or ``right`` (alike the answer), or wrong by ``loss`` points (>= the puzzle's
    margin) with the ``CATEGORIES`` it ``gives_up`` against the answer."""

    move: Move
    right: bool
    refusal: Refusal | None = None
    value: int = 0  # the seat's side's deal points minus the other's after it, best play
    loss: int = 0
    gives_up: tuple[str, ...] = ()


def alike(first: Move, second: Move) -> bool:
    """Whether two plays (of one seat, in one position) are alike: the same card class played,
    taking the same classes (``kernel.card_class``)."""
    return _kind(first) == _kind(second)


def last_hand(game: Game) -> bool:
    """Whether ``game`` is a two-player play in the deal's last hand (the stock empty): every
    card is known to the seat to play, so it can be proved."""
    return game.rules.players == 2 and game.phase == Phase.PLAY and not game.stock


def prove(game: Game, miss: Move | None = None) -> Puzzle | None:
    """``game`` as a puzzle, or ``None`` (no single best move by a point or more, or not the last
    hand of a two-player deal: ``last_hand``). With ``miss``: ``None`` too when ``miss`` is the
    answer (or alike it): a position worth solving is one that ``miss``'s player gets wrong."""
    if not last_hand(game):
        return None
    values, nodes = _values(game)
    if len(values) < 2 or values[0][2] - values[1][2] < 1:
        return None
    (kind, answers, best), (_, others, second) = values[0], values[1]
    if miss is not None and _kind(miss) == kind:
        return None
    answer = answers[0]
    after = game.play(answer)
    answer_points, more = _best_points(after, game.current)
    runner_up_points, extra = _best_points(game.play(others[0]), game.current)
    wins = tuple(
        name
        for name, ours, theirs in zip(CATEGORIES, answer_points, runner_up_points, strict=True)
        if ours > theirs
    )
    return Puzzle(
        position=game.notation(),
        seat=game.current,
        answer=answer,
        alike=answers,
        margin=best - second,
        value=best,
        values=tuple((moves[0], value) for _, moves, value in values),
        nodes=nodes + more + extra,
        takes=answer.captures,
        leaves=after.table if after.deal_number == game.deal_number else (),
        wins=wins,
        answer_points=answer_points,
        runner_up_points=runner_up_points,
    )


@dataclass(frozen=True, slots=True)
class EveryDeal:
    """An earlier position (the stock not empty) whose ``answer`` (with the moves ``alike`` it)
    is the best by ``margin`` points or more in each of the ``deals`` of the cards its seat
    cannot see (the other hand and the stock), both seats at their best with every card known
    from there on; ``nodes`` the positions searched."""

    position: str
    seat: int
    answer: Move
    alike: tuple[Move, ...]
    margin: int  # the least lead of the answer on the best other move, over the deals
    deals: int
    nodes: int


def prove_every_deal(game: Game, most_deals: int = MOST_DEALS) -> EveryDeal | None:
    """``game``'s answer if one move is the best by a point or more in every deal of the cards
    its seat cannot see (``EveryDeal``), else ``None``: also when it is not a two-player play
    with a stock, or when its deals are more than ``most_deals`` (the budget: the deal's
    next-to-last hand has 1,680 at most)."""
    if game.rules.players != 2 or game.phase != Phase.PLAY or not game.stock:
        return None
    seat = game.current
    unseen = sorted(card.index for card in (*game.hands[1 - seat], *game.stock))
    held = len(game.hands[1 - seat])
    if _deal_count(len(unseen), held) > most_deals:
        return None
    mine = ints(game.hands[seat])
    answer: tuple[Move, ...] = ()
    margin = deals = nodes = 0
    for hand, stock in _deals(unseen, held):
        hands = (mine, hand) if seat == 0 else (hand, mine)
        values, searched = _values(game, _world(game, hands, stock))
        nodes += searched
        deals += 1
        if len(values) < 2 or values[0][2] - values[1][2] < 1:
            return None
        if answer and _kind(answer[0]) != values[0][0]:
            return None
        lead = values[0][2] - values[1][2]
        answer, margin = values[0][1], min(margin, lead) if answer else lead
    return EveryDeal(game.notation(), seat, answer[0], answer, margin, deals, nodes)


def _deal_count(unseen: int, held: int) -> int:
    """The deals of ``unseen`` cards: ``held`` in the other hand, the rest in hands of three."""
    count = comb(unseen, held)
    for left in range(unseen - held, 0, -HAND_SIZE):
        count *= comb(left, HAND_SIZE)
    return count


def _deals(unseen: list[int], held: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each deal of ``unseen`` (sorted): the other hand (``held`` cards) and the stock, whose
    hands of three (the order within one does not matter: a hand is dealt at once) follow in
    every way."""
    for hand in combinations(unseen, held):
        rest = [card for card in unseen if card not in hand]
        for stock in _stocks(rest):
            yield hand, stock


def _stocks(cards: list[int]) -> Iterator[tuple[int, ...]]:
    if not cards:
        yield ()
        return
    for first in combinations(cards, HAND_SIZE):
        rest = [card for card in cards if card not in first]
        for tail in _stocks(rest):
            yield first + tail


def judge(puzzle: Puzzle, move: Move | str) -> Verdict:
    """``move`` (a ``Move`` or its text) played in ``puzzle``: refused with the engine's reason,
    right, or wrong by how much and in which categories (``Verdict``)."""
    game = puzzle.game
    played = Move.parse(move) if isinstance(move, str) else move
    refusal = game.refusal(played)
    if refusal is not None:
        return Verdict(played, False, refusal)
    if _kind(played) == _kind(puzzle.answer):
        return Verdict(played, True, value=puzzle.value)
    value = next(v for m, v in puzzle.values if _kind(m) == _kind(played))
    points, _ = _best_points(game.play(played), puzzle.seat)
    gives_up = tuple(
        name
        for name, ours, theirs in zip(CATEGORIES, puzzle.answer_points, points, strict=True)
        if ours > theirs
    )
    return Verdict(played, False, None, value, puzzle.value - value, gives_up)


def deal_puzzle(seed: int) -> Puzzle | None:
    """The first puzzle of deal 1 of a match from ``seed`` (``PUZZLE_RULES``), both seats played
    by ``PUZZLE_LEVEL`` bots to the last hand: the first position of that hand whose seat holds
    ``MIN_HELD`` cards or more, has one best move, and whose bot would miss it (a good greedy
    player's move is not the answer: a position worth solving). Deterministic for a seed."""
    game = Game.new(PUZZLE_RULES, seed=seed)
    bots = [make_bot(PUZZLE_LEVEL, seed=seed * 2 + seat) for seat in range(2)]
    while game.phase != Phase.OVER and not game.deal_results:
        move = bots[game.current].choose(game.view(game.current))
        if last_hand(game) and len(game.hands[game.current]) >= MIN_HELD:
            found = prove(game, miss=move)
            if found is not None:
                return found
        game = game.play(move)
    return None


def puzzles_from(decisions: Iterable[Decision]) -> tuple[Puzzle, ...]:
    """A player's own costly moments as puzzles (the review's decisions, ``review_deal``): each
    decision graded costly, made in a two-player deal's last hand, where one move is best by a
    point or more and the move played is not it."""
    found = []
    for decision in decisions:
        if decision.grade == "costly":
            puzzle = prove(Game.from_notation(decision.position), miss=decision.played)
            if puzzle is not None:
                found.append(puzzle)
    return tuple(found)


def daily_seeds(day: datetime.date) -> list[int]:
    """The deals tried for ``day``'s puzzle, in order: drawn from the daily deal's seed
    (``daily_seed``), never the daily deal itself."""
    rng = random.Random(f"chkobba-puzzle|{daily_seed(day)}")
    return [rng.getrandbits(48) for _ in range(SEEDS_A_DAY)]


def daily_puzzle(day: datetime.date) -> Puzzle:
    """``day``'s puzzle (a UTC date, as ``chkobba.daily``'s): the first of ``daily_seeds`` whose
    deal gives one (``deal_puzzle``). The same day gives the same puzzle everywhere."""
    return find_daily(day)[1]


def find_daily(day: datetime.date) -> tuple[int, Puzzle]:
    """``daily_puzzle`` and the index in ``daily_seeds`` of the deal that gave it."""
    for index, seed in enumerate(daily_seeds(day)):
        found = deal_puzzle(seed)
        if found is not None:
            return index, found
    raise ChkobbaError(f"no puzzle in {SEEDS_A_DAY} deals for {day.isoformat()}")


def board_line(
    puzzle: Puzzle, caption: str = "", reason: str = "", hint: str = "", lang: str = "en"
) -> str:
    """The puzzle as a tutorial's board (``<chkobba-board mode="puzzle">``, one line): the
    position, the right moves (the answer and those alike it), the question (``caption``, by
    default ``question``), the reason shown once it is found (``captions``: ``reason``, by
    default ``explain``) and, for an allowed wrong move, a clue that does not give the answer
    away (``explain``: ``hint``, by default ``clue``); ``lang``: the language of those words (a
    page gives its own)."""
    attributes = {
        "mode": "puzzle",
        "position": puzzle.position,
        "moves": "|".join(str(move) for move in puzzle.alike),
        "caption": caption or question(puzzle),
        "captions": (reason or explain(puzzle)).replace("|", "/"),
        "explain": hint or clue(puzzle),
        "lang": lang,
    }
    written = " ".join(
        f'{name}="{html.escape(value, quote=True)}"' for name, value in attributes.items() if value
    )
    return f"<chkobba-board {written}></chkobba-board>"


def question(puzzle: Puzzle) -> str:
    """The puzzle's question in one line of English, with what a board does not show: the other
    hand (the seat can tell it) and what each side has taken that scores."""
    game = puzzle.game
    mine = side(puzzle.seat)
    other = " ".join(card.label for card in game.hands[1 - puzzle.seat])
    return (
        f"Find the one best move to the end of the deal: the other hand holds {other}. "
        f"Taken so far: you {_taken(game, mine)}; the other side {_taken(game, 1 - mine)}."
    )


def _taken(game: Game, which: int) -> str:
    """What a side's pile holds that scores, in English."""
    cards, diamonds, sevens, sixes, hayya = counters(bits_of(game.piles[which]))
    said = ", ".join(
        _count(n, word)
        for n, word in ((cards, "card"), (diamonds, "diamond"), (sevens, "seven"), (sixes, "six"))
    )
    chkobbas = len(game.sweeps[which])
    return (
        said
        + (", the 7♦" if hayya else "")
        + (f", {_count(chkobbas, 'chkobba')}" if chkobbas else "")
    )


def _count(n: int, word: str) -> str:
    """``n`` and ``word``, plural unless one ("1 point", "2 points", "0 sixes")."""
    return f"{n} {word}" if n == 1 else f"{n} {word}{'es' if word.endswith('x') else 's'}"


def clue(puzzle: Puzzle) -> str:
    """What a wrong move is told, in one line of English, without the answer: every other move
    scores the margin less or worse, and the categories at stake."""
    at_stake = " and ".join(_NAMES[name] for name in puzzle.wins)
    return (
        f"with best play by both it scores at least {_count(puzzle.margin, 'point')} less than "
        f"the best move; look at {at_stake}"
    )


_NAMES = {
    "karta": "the karta",
    "dinari": "the dinari",
    "bermila": "the bermila",
    "hayya": "the 7♦",
    "chkobba": "the chkobbas",
}


def explain(puzzle: Puzzle) -> str:
    """The reason in one line of English: what the answer takes and leaves, by how many points
    it beats the best other move and in which categories (``Puzzle.wins``: where the line of
    best play after the answer scores better for the seat than after that move)."""
    left = " ".join(c.label for c in puzzle.leaves) or "nothing"
    won = " and ".join(_NAMES[name] for name in puzzle.wins)
    return (
        f"{_said(puzzle.answer, 'takes', 'is laid')} and leaves {left} on the table: with best "
        f"play, {_count(puzzle.margin, 'point')} better than "
        f"{_said(puzzle.runner_up, 'taking', 'laid')}"
        f", on {won}"
    )


def _said(move: Move, takes: str, laid: str) -> str:
    """A play in English: "Q♥ takes 2♦ 6♠", "5♣ is laid" (with ``takes`` and ``laid``)."""
    assert move.card is not None
    if move.captures:
        return f"{move.card.label} {takes} {' '.join(c.label for c in move.captures)}"
    return f"{move.card.label} {laid}"


# ---------------------------------------------------------------- the proof


def _kind(move: Move) -> tuple[int, tuple[int, ...]]:
    """What makes moves alike: the class of the card played and those of the cards taken."""
    if move.kind != PLAY or move.card is None:
        raise ChkobbaError(f"a puzzle's move plays a card, not {quoted(str(move))}")
    taken = tuple(sorted(card_class(card.index) for card in move.captures))
    return card_class(move.card.index), taken


def _world(game: Game, hands: tuple[tuple[int, ...], ...], stock: tuple[int, ...]) -> World:
    """``game`` as the search holds it, with these ``hands`` and ``stock`` (its own, or a deal of
    the cards its seat cannot see)."""
    last = -1 if game.last_capturer is None else side(game.last_capturer)
    return World(
        hands,
        bits_of(game.table),
        pack_pile(game.piles[0], len(game.sweeps[0])),
        pack_pile(game.piles[1], len(game.sweeps[1])),
        last,
        stock,
        game.first_player,
    )


Valued = tuple[tuple[int, tuple[int, ...]], tuple[Move, ...], int]
"""A kind of move (``_kind``), its legal moves in the engine's order, and its exact value."""


def _values(game: Game, world: World | None = None) -> tuple[list[Valued], int]:
    """Each kind of legal move of ``game``'s seat with its exact value for the seat's side (the
    deal's points minus the other side's, both at their best, every card known) in ``game`` or
    in ``world`` (a deal of its hidden cards), best first (the engine's order among equals), and
    the nodes searched."""
    kinds: dict[tuple[int, tuple[int, ...]], list[Move]] = {}
    for move in game.legal_moves():
        kinds.setdefault(_kind(move), []).append(move)
    seat = game.current
    sign = -1 if side(seat) else 1
    if world is None:
        stock = tuple(card.index for card in game.stock)
        world = _world(game, tuple(ints(hand) for hand in game.hands), stock)
    nodes = 0
    valued: list[Valued] = []
    for kind, moves in kinds.items():
        # every hand to come searched too: to the deal's end
        search = Searcher(world, max_plies=ALL_PLIES, extra=len(world.stock))
        card = moves[0].card
        assert card is not None
        value = search.root(seat, card.index, tuple(c.index for c in moves[0].captures))
        nodes += search.nodes + 1
        valued.append((kind, tuple(moves), sign * int(value)))
    valued.sort(key=_by_value)
    return valued, nodes


def _by_value(item: Valued) -> int:
    return -item[2]


def _best_points(game: Game, seat: int) -> tuple[tuple[int, ...], int]:
    """The deal played out from ``game`` with both seats at their best (the first best move in
    the engine's order): ``seat``'s side's points minus the other's, by ``CATEGORIES``; and the
    nodes searched."""
    deals = len(game.deal_results)
    nodes = 0
    while len(game.deal_results) == deals:
        values, searched = _values(game)
        nodes += searched
        game = game.play(values[0][1][0])
    scores = game.deal_results[-1].scores
    mine, theirs = scores[side(seat)], scores[1 - side(seat)]
    return tuple(getattr(mine, name) - getattr(theirs, name) for name in CATEGORIES), nodes
