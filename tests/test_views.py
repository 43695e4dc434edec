"""What one seat may see: its own hand and the public cards, nothing of the others' hands or the
stock order; sample() deals the hidden cards at random and keeps what is visible."""

from __future__ import annotations

import dataclasses
import random

import pytest
from chkobba import DECK, Card, Game, Rules, View
from engine_support import all_cards, position_after
from hypothesis import given, settings
from hypothesis import strategies as st

positions = st.builds(
    lambda seed, players, steps: position_after(seed, players, steps),
    st.integers(0, 10_000),
    st.sampled_from([2, 4]),
    st.integers(0, 400),
)


def hidden_from(game: Game, seat: int) -> set[Card]:
    """The cards ``seat`` may not see: the other hands and the stock (save its own cut card)."""
    others = [hand for s, hand in enumerate(game.hands) if s != seat]
    hidden = set(game.stock).union(*others)
    if game.phase == "cut" and game.current == seat:
        hidden.discard(game.cut_card)
    return hidden


def cards_in(value: object) -> set[Card]:
    """Every card found anywhere inside a value (a view, its fields, containers)."""
    if isinstance(value, Card):
        return {value}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return cards_in([getattr(value, f.name) for f in dataclasses.fields(value)])
    if isinstance(value, dict):
        return cards_in(list(value.values()))
    if isinstance(value, (tuple, list, set, frozenset)):
        return set().union(*(cards_in(item) for item in value))
    if hasattr(value, "_fields"):
        return cards_in(tuple(value))
    return set()


def visible(view: View) -> dict[str, object]:
    """A view's fields, except the move history (a position read from text has none)."""
    fields = {field.name: getattr(view, field.name) for field in dataclasses.fields(view)}
    fields.pop("history")
    return fields


def shuffle_hidden(game: Game, seat: int, rng: random.Random) -> Game:
    """The same position with the cards ``seat`` cannot see dealt again at random."""
    hidden = sorted(hidden_from(game, seat))
    rng.shuffle(hidden)
    deal = iter(hidden)
    fields = game.notation().split()
    hands = []
    for s, hand in enumerate(game.hands):
        kept = hand if s == seat else [next(deal) for _ in hand]
        hands.append("".join(str(card) for card in sorted(kept)) or "-")
    stock = [next(deal) if card in hidden_from(game, seat) else card for card in game.stock]
    fields[1] = "/".join(hands)
    fields[4] = "".join(str(card) for card in stock) or "-"
    return Game.from_notation(" ".join(fields))


@settings(max_examples=60, deadline=None)
@given(positions, st.randoms(use_true_random=False))
def test_view_shows_own_hand_and_public_cards(game, rng):
    for seat in range(game.rules.players):
        view = game.view(seat)
        assert view.seat == seat
        assert view.side == seat % 2
        assert view.hand == game.hands[seat]
        assert view.hand_sizes == tuple(len(hand) for hand in game.hands)
        assert view.table == game.table
        assert view.stock_count == game.stock_count
        assert view.piles == game.piles
        assert view.sweeps == game.sweeps
        assert view.chkobbas == game.chkobbas
        assert view.scores == game.scores
        assert view.deal_results == game.deal_results
        assert view.deal_number == game.deal_number
        assert (view.phase, view.current, view.dealer) == (game.phase, game.current, game.dealer)
        assert (view.winner, view.last_capturer) == (game.winner, game.last_capturer)
        assert view.rules == game.rules
        if game.current == seat:
            assert view.legal_moves() == game.legal_moves()
        else:
            assert view.legal_moves() == []
        cutter = game.phase == "cut" and game.current == seat
        assert view.cut_card == (game.cut_card if cutter else None)


@settings(max_examples=60, deadline=None)
@given(positions, st.randoms(use_true_random=False))
def test_view_holds_nothing_of_the_hidden_cards(game, rng):
    for seat in range(game.rules.players):
        view = game.view(seat)
        hidden = hidden_from(game, seat)
        current = {name: value for name, value in visible(view).items() if name != "deal_results"}
        assert not cards_in(current) & hidden
        # past moves are public, and the cut card kept in hand is not written in the history
        assert all(move.card is None for move in view.history if move.kind != "play")
        assert set(view.unseen()) == hidden
        assert not hasattr(view, "seed")
        assert not hasattr(view, "stock")
        other = shuffle_hidden(game, seat, rng)
        plain = Game.from_notation(game.notation())
        assert visible(other.view(seat)) == visible(plain.view(seat))


@settings(max_examples=60, deadline=None)
@given(positions, st.randoms(use_true_random=False))
def test_sample_keeps_what_is_visible(game, rng):
    for seat in range(game.rules.players):
        view = game.view(seat)
        sample = view.sample(rng)
        assert sorted(all_cards(sample)) == list(DECK)
        assert sample.hands[seat] == view.hand
        cut = {view.cut_card} - {None}
        assert hidden_from(sample, seat) | cut == set(view.unseen()) | cut
        again = sample.view(seat)
        assert visible(again) == visible(view)
        assert again.legal_moves() == view.legal_moves()
        for move in sample.legal_moves():
            sample.play(move)


def test_samples_differ_in_the_hidden_cards_only():
    game = position_after(3, 2, 5)
    view = game.view(0)
    samples = {view.sample(random.Random(n)).hands[1] for n in range(20)}
    assert len(samples) > 10
    assert {view.sample(random.Random(n)).hands[0] for n in range(20)} == {game.hands[0]}


@pytest.mark.parametrize("players", [2, 4])
def test_only_the_cutter_sees_the_cut_card(players):
    game = Game.new(Rules(players=players), seed=11)
    assert game.view(game.current).cut_card == game.cut_card
    for seat in range(players):
        if seat != game.current:
            assert game.view(seat).cut_card is None
            assert game.cut_card in game.view(seat).unseen()
    assert game.cut_card not in game.view(game.current).unseen()


def test_sample_of_a_partial_position_keeps_the_stock_size():
    """A tutorial position holds fewer than 40 cards: a sample deals no more than it shows."""
    game = Game.from_notation("2D6S QH/5C 0 -/- 3S4S5S7SKSJS 0-0/21 1 -")
    for seed in range(20):
        sample = game.view(0).sample(random.Random(seed))
        assert sample.stock_count == game.stock_count == 6
        assert len(sample.hands[1]) == 1
        assert sample.hands[0] == game.hands[0] and sample.table == game.table


def test_view_lives_in_its_module_below_the_game() -> None:
    """``chkobba.view`` defines ``View`` and imports nothing of ``chkobba.game``, not even for
    the type checker; the old import paths give the same class, and a view's sample is a
    ``Game``, the one ``Game.from_view`` deals from the same draws."""
    import ast
    from pathlib import Path

    import chkobba.game
    import chkobba.view

    assert View is chkobba.view.View is chkobba.game.View and View.__module__ == "chkobba.view"
    tree = ast.parse(Path(chkobba.view.__file__).read_text(encoding="utf-8"))
    imports = [node for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert imports and all(node.module not in ("game", "chkobba.game") for node in imports)
    view = Game.new(Rules(), seed=3).view(1)
    sample = view.sample(random.Random(2))
    assert type(sample) is Game and sample == Game.from_view(view, random.Random(2))
