"""Helpers shared by the engine tests: reading cards, independent rule oracles, random play.

The oracles here are written from the rule texts, not from the engine's code, so that a test
comparing the two catches a mistake in either.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from itertools import combinations, islice

from chkobba import DECK, HAYYA, Card, Game, Move, Rules
from chkobba.bots import Bot, make_bot


def cards(text: str) -> tuple[Card, ...]:
    """``"2D 6S"`` -> the cards 2♦ 6♠ (space separated; ``""`` for none)."""
    return tuple(Card.parse(code) for code in text.split())


def codes(items: Sequence[Card]) -> str:
    """The cards as space-separated codes, sorted, for readable assertions."""
    return " ".join(str(card) for card in sorted(items))


def rest_of_deck(*used: Sequence[Card]) -> list[Card]:
    """The cards of the deck not in any of ``used``, in deck order."""
    taken = {card for group in used for card in group}
    return [card for card in DECK if card not in taken]


def oracle_captures(card: Card, table: Sequence[Card]) -> set[frozenset[Card]]:
    """What the rules let ``card`` take from ``table``: equal singles if any, else exact sums."""
    groups = _oracle_groups(card.value, tuple(other.value for other in table))
    return {frozenset(table[i] for i in group) for group in groups}


@cache
def _oracle_groups(value: int, values: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Positions in ``values`` that a card of ``value`` may take (see ``oracle_captures``)."""
    singles = tuple((i,) for i, other in enumerate(values) if other == value)
    if singles:
        return singles
    return tuple(
        group
        for size in range(2, len(values) + 1)
        for group in combinations(range(len(values)), size)
        if sum(values[i] for i in group) == value
    )


def oracle_points(pile: Sequence[Card], chkobbas: int) -> tuple[int, int, int, int, int]:
    """The 002 rules for one side of a 40-card deal (the other side has the rest)."""
    sevens = sum(card.value == 7 for card in pile)
    sixes = sum(card.value == 6 for card in pile)
    karta = len(pile) > 20
    dinari = sum(card.suit == "D" for card in pile) > 5
    bermila = sevens > 2 or (sevens == 2 and sixes > 2)
    return int(karta), int(dinari), int(bermila), int(HAYYA in pile), chkobbas


def all_cards(game: Game) -> list[Card]:
    """Every card the position holds: table, hands, stock and both piles."""
    found = [*game.table, *game.stock, *game.piles[0], *game.piles[1]]
    for hand in game.hands:
        found.extend(hand)
    return found


def random_match(
    seed: int, players: int = 2, target: int = 21, max_moves: int = 5000
) -> Iterator[tuple[Game, object, Game]]:
    """Play a whole match with random legal moves; yield (before, move, after) for each move."""
    rng = random.Random(seed)
    game = Game.new(Rules(players=players, target=target), seed=seed)
    for _ in range(max_moves):
        if game.phase == "over":
            return
        move = rng.choice(game.legal_moves())
        after = game.play(move)
        yield game, move, after
        game = after
    raise AssertionError(f"match with seed {seed} did not end within {max_moves} moves")


def positions(game: Game, choose: Callable[[Game], Move]) -> Iterator[Game]:
    """``game``, then each position as ``choose`` (a move for each position) plays it on to
    the match's end."""
    yield game
    while game.phase != "over":
        game = game.play(choose(game))
        yield game


def first_move(game: Game) -> Move:
    """The first legal move (the plainest player)."""
    return game.legal_moves()[0]


def played_out(game: Game, choose: Callable[[Game], Move] = first_move) -> Game:
    """``game`` played on to the match's end by ``choose`` (the first legal move each time)."""
    *_, last = positions(game, choose)
    return last


def bot_positions(game: Game, bots: Sequence[Bot]) -> Iterator[Game]:
    """``game``, then each position as ``bots`` (one a seat) play it on to the match's end."""
    return positions(game, lambda now: bots[now.current].choose(now.view(now.current)))


def bot_match(seed: int, players: int = 2, target: int = 11, level: str = "easy") -> Game:
    """A match played to its end by bots of ``level`` (seeded 1, 2... by seat)."""
    bots = [make_bot(level, seat + 1) for seat in range(players)]
    *_, last = bot_positions(Game.new(Rules(players=players, target=target), seed=seed), bots)
    return last


def position_after(seed: int, players: int, steps: int) -> Game:
    """The position of a random match after ``steps`` moves (or its end)."""
    game = Game.new(Rules(players=players), seed=seed)
    for _, _, after in islice(random_match(seed, players), steps):
        game = after
    return game


def play_through(game: Game, *moves: str) -> Game:
    """Apply moves given as text, one after the other."""
    for move in moves:
        game = game.play(move)
    return game
