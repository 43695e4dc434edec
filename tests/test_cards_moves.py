"""Cards, move text and the capture rule, with the rule texts' own examples."""

from __future__ import annotations

import copy
import pickle

import pytest
from chkobba import DECK, HAYYA, Card, Game, Move, capture_options
from engine_support import cards, codes, oracle_captures, rest_of_deck
from hypothesis import given, settings
from hypothesis import strategies as st

# ----------------------------------------------------------------------------- the deck


def test_deck_has_forty_distinct_cards_ace_to_seven_and_courts():
    assert len(DECK) == 40
    assert len({str(card) for card in DECK}) == 40
    ranks = sorted({card.rank for card in DECK})
    assert ranks == sorted(["A", "2", "3", "4", "5", "6", "7", "Q", "J", "K"])
    assert {card.suit for card in DECK} == set("SHDC")
    for suit in "SHDC":
        assert sum(1 for card in DECK if card.suit == suit) == 10


@pytest.mark.parametrize(
    ("rank", "value"),
    [*zip("A234567", range(1, 8), strict=True), ("Q", 8), ("J", 9), ("K", 10)],
)
@pytest.mark.parametrize("suit", list("SHDC"))
def test_capture_values(rank, suit, value):
    assert Card.parse(rank + suit).value == value


@pytest.mark.parametrize("text", ["7D", "7d", "7♦", "7♢", " 7D "])
def test_parse_spellings_of_the_seven_of_diamonds(text):
    card = Card.parse(text)
    assert card is HAYYA
    assert str(card) == "7D"
    assert card.value == 7
    assert card.suit == "D"
    assert card.rank == "7"
    assert card.label == "7♦"
    assert card.red


@pytest.mark.parametrize("card", DECK, ids=str)
def test_text_round_trips_for_every_card(card):
    assert Card.parse(str(card)) is card
    assert Card.parse(card.label) is card
    assert Card.parse(str(card).lower()) is card
    assert eval(repr(card)) is card
    assert card.red == (card.suit in "HD")


def test_cards_are_interned_and_immutable():
    card = Card.parse("QH")
    assert Card("Q", "H") is card
    assert copy.deepcopy(card) is card
    assert pickle.loads(pickle.dumps(card)) is card
    with pytest.raises(AttributeError):
        card.value = 3


def test_cards_sort_by_value_then_suit():
    assert list(DECK) == sorted(DECK, key=lambda card: (card.value, "SHDC".index(card.suit)))
    assert sorted(cards("KS 7D AC QH JH 2S")) == list(cards("AC 2S 7D QH JH KS"))
    assert Card.parse("QH") < Card.parse("JS") < Card.parse("KS")


# ----------------------------------------------------------------------------- move text


@pytest.mark.parametrize(
    ("text", "kind", "card", "captures"),
    [
        ("QHx2D+6S", "play", "QH", "2D 6S"),
        ("QH", "play", "QH", ""),
        ("JSxAD+3H+5C", "play", "JS", "AD 3H 5C"),
        ("keep", "keep", None, ""),
        ("expose", "expose", None, ""),
    ],
)
def test_move_text_round_trips(text, kind, card, captures):
    move = Move.parse(text)
    assert move.kind == kind
    assert move.card == (card and Card.parse(card))
    assert sorted(move.captures) == sorted(cards(captures))
    assert str(move) == text
    assert Move.parse(str(move)) == move
    assert eval(repr(move)) == move


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("qhx6s+2d", "QHx2D+6S"),
        ("QHX2D6S", "QHx2D+6S"),
        ("Q♥x6♠+2♦", "QHx2D+6S"),
        (" KEEP ", "keep"),
        ("Expose", "expose"),
    ],
)
def test_move_text_accepts_other_spellings(text, normal):
    assert str(Move.parse(text)) == normal


def test_move_constructors():
    assert Move.play("QH", ["6S", "2D"]) == Move.parse("QHx2D+6S")
    assert Move.play(Card.parse("QH")) == Move.parse("QH")
    assert Move.parse("keep") == Move.KEEP
    assert Move.parse("expose") == Move.EXPOSE
    move = Move.parse("QHx2D+6S")
    assert move.card is Card.parse("QH")
    assert move.captures == cards("2D 6S")


# ----------------------------------------------------------------------------- capture rule


def options(card: str, table: str) -> list[str]:
    """``capture_options`` as sorted text groups: ``["2D+6S"]``."""
    found = capture_options(Card.parse(card), list(cards(table)))
    return ["+".join(str(c) for c in sorted(group)) for group in found]


def test_api_example_queen_takes_two_and_six():
    assert capture_options(Card.parse("QH"), [Card.parse("2D"), Card.parse("6S")]) == [
        (Card.parse("2D"), Card.parse("6S"))
    ]


@pytest.mark.parametrize(
    ("card", "table", "expected"),
    [
        pytest.param("QH", "2D 6S", ["2D+6S"], id="002: Q (8) takes 2+6"),
        pytest.param("JH", "2D 6S", [], id="002: J (9) cannot take 2+6"),
        pytest.param("6H", "3C 6S KD", ["6S"], id="003: 6 takes the 6 from 3, 6, K"),
        pytest.param("7H", "4C 3S QD", ["3S+4C"], id="003: 7 takes 4+3"),
        pytest.param("7C", "7H 4S 3D", ["7H"], id="003: 7 must take the 7, not 4+3"),
        pytest.param("JC", "5S 3H AD", ["AD+3H+5S"], id="003: J (9) takes 5+3+1"),
        pytest.param("KC", "AS 2H 3D 4C", ["AS+2H+3D+4C"], id="K (10) takes A+2+3+4"),
        pytest.param("QD", "7S AH QH", ["QH"], id="000: the Q comes before 7+A"),
        pytest.param("QD", "7S AH", ["AH+7S"], id="000: Q takes 7+A"),
        pytest.param("5D", "5S 5H 2C 3C", ["5S", "5H"], id="several equal: one of them"),
        pytest.param("7D", "AS 2S 4S 6H 3D", ["AS+2S+4S", "AS+6H", "3D+4S"], id="choice"),
        pytest.param("AD", "2S 3S KH", [], id="nothing to take"),
        pytest.param("KD", "", [], id="empty table"),
    ],
)
def test_capture_options_examples(card, table, expected):
    assert sorted(options(card, table)) == sorted(expected)


def test_capture_options_does_not_depend_on_table_order():
    table = list(cards("AS 2S 4S 6H 3D"))
    card = Card.parse("7D")
    assert capture_options(card, table) == capture_options(card, table[::-1])


@settings(deadline=None)
@given(
    st.sampled_from(DECK),
    st.lists(st.sampled_from(DECK), unique=True, max_size=12),
)
def test_capture_options_match_the_rule_text(card, table):
    table = [other for other in table if other is not card]
    found = capture_options(card, table)
    assert {frozenset(group) for group in found} == oracle_captures(card, table)
    assert len(found) == len({frozenset(group) for group in found}), "an option is repeated"


# ----------------------------------------------------------------------------- the examples played


def position(table: str, hand: str) -> Game:
    """Mid-deal: ``table`` down, seat 0 holds ``hand`` and plays, seat 1 still holds a card."""
    other = rest_of_deck(cards(table), cards(hand))[-1]
    compact = "".join(table.split()) or "-"
    return Game.from_notation(f"{compact} {''.join(hand.split())}/{other} 0 -/- - 0-0/21 1 -")


def test_002_queen_takes_two_and_six_and_sweeps():
    game = position("2D 6S", "QH")
    assert [str(move) for move in game.legal_moves()] == ["QHx2D+6S"]
    after = game.play("QHx2D+6S")
    assert after.table == ()
    assert after.chkobbas == (1, 0)
    assert codes(after.piles[0]) == "2D 6S QH"
    assert after.sweeps[0] == (Card.parse("QH"),)
    assert after.last_capturer == 0
    assert after.current == 1


def test_002_jack_cannot_take_two_and_six():
    game = position("2D 6S", "JH")
    assert [str(move) for move in game.legal_moves()] == ["JH"]
    after = game.play("JH")
    assert codes(after.table) == "2D 6S JH"
    assert after.chkobbas == (0, 0)
    assert after.piles == ((), ())


@pytest.mark.parametrize(
    ("table", "hand", "move", "left", "swept"),
    [
        ("3C 6S KD", "6H", "6Hx6S", "3C KD", False),
        ("4C 3S QD", "7H", "7Hx3S+4C", "QD", False),
        ("7H 4S 3D", "7C", "7Cx7H", "3D 4S", False),
        ("5S 3H AD", "JC", "JCxAD+3H+5S", "", True),
        ("AS 2H 3D 4C", "KC", "KCxAS+2H+3D+4C", "", True),
    ],
)
def test_rule_text_examples_played(table, hand, move, left, swept):
    game = position(table, hand)
    assert [str(m) for m in game.legal_moves()] == [move]
    after = game.play(move)
    assert codes(after.table) == left
    assert after.chkobbas == (int(swept), 0)
    assert codes(after.piles[0]) == codes([*Move.parse(move).captures, Card.parse(hand)])


def test_player_picks_which_equal_card():
    game = position("5S 5H 2C", "5D")
    assert sorted(str(m) for m in game.legal_moves()) == ["5Dx5H", "5Dx5S"]
    assert codes(game.play("5Dx5H").table) == "2C 5S"
    assert codes(game.play("5Dx5S").table) == "2C 5H"


def test_player_picks_which_group():
    game = position("AS 2S 4S 6H 3D", "7D")
    assert sorted(str(m) for m in game.legal_moves()) == ["7Dx3D+4S", "7DxAS+2S+4S", "7DxAS+6H"]
    assert codes(game.play("7DxAS+6H").table) == "2S 3D 4S"


def test_a_player_may_play_any_card_but_a_card_that_can_capture_must():
    game = position("3C 6S KD", "6H AD")
    assert sorted(str(m) for m in game.legal_moves()) == ["6Hx6S", "AD"]
    assert codes(game.play("AD").table) == "AD 3C 6S KD"
    assert "6H" not in [str(m) for m in game.legal_moves()]
