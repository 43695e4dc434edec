"""Bad input: clear errors that quote the bad part, and nothing half-applied."""

from __future__ import annotations

import json
import random

import pytest
from chkobba import DECK, Card, ChkobbaError, Game, IllegalMove, Move, ParseError, Rules
from engine_support import random_match

GOOD = "2D6S QH/KC 0 -/- - 0-0/21 1 -"
FULL_DECK = "".join(card.code for card in DECK)


def test_error_classes_are_value_errors():
    assert issubclass(ChkobbaError, ValueError)
    assert issubclass(IllegalMove, ChkobbaError)
    assert issubclass(ParseError, ChkobbaError)


# ----------------------------------------------------------------------------- malformed text


@pytest.mark.parametrize("text", ["8D", "10H", "7X", "", "7DD", "D7", "ZZ", "7 D", "♦7"])
def test_malformed_card_quotes_the_text(text):
    with pytest.raises(ParseError) as caught:
        Card.parse(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("value", [7, None, b"7D"])
def test_card_parse_refuses_what_is_not_text(value):
    with pytest.raises(ParseError):
        Card.parse(value)


@pytest.mark.parametrize(
    ("text", "bad_part"),
    [
        ("QHx", "QHx"),
        ("QHx2Z", "2Z"),
        ("QHx2D+6Z", "6Z"),
        ("8Hx2D", "8H"),
        ("QHx2D+2D", "QHx2D+2D"),
        ("keepx", "keep"),
        ("", "''"),
        ("pass", "pass"),
        ("QHx2D6", "2D6"),
    ],
)
def test_malformed_move_quotes_the_bad_part(text, bad_part):
    with pytest.raises(ParseError) as caught:
        Move.parse(text)
    message = str(caught.value)
    assert repr(text) in message
    assert bad_part in message


@pytest.mark.parametrize(
    ("text", "bad_part"),
    [
        ("2D6S QH/KC 0 -/- - 0-0/21 1", "found 7"),
        ("2Z6S QH/KC 0 -/- - 0-0/21 1 -", "2Z"),
        ("2D6S QH/KC/AS 0 -/- - 0-0/21 1 -", "QH/KC/AS"),
        ("2D6S QH/KC 5 -/- - 0-0/21 1 -", "'5'"),
        ("2D6S QH/KC 0 -/-/- - 0-0/21 1 -", "-/-/-"),
        ("2D6S QH/KC 0 *AS/- - 0-0/21 1 -", "*AS"),
        ("2D6S QH/KC 0 -/- 1X - 0-0/21 1 -", "1X"),
        ("2D6S QH/KC 0 -/- - 0:0/21 1 -", "0:0/21"),
        ("2D6S QH/KC 0 -/- - 0-0/0 1 -", "0-0/0"),
        ("2D6S QH/KC 0 -/- - 0-0/21 7 -", "'7'"),
        ("2D6S QH/KC 0 -/- - 0-0/21 1 q", "'q'"),
        ("2D6S QH/KC 0 -/- - 0-0/21 1 - 7.3", "7.3"),
        ("2D6S QH/KC 0 -/- - 0-0/21 1 - sx.1", "sx.1"),
        ("2D6S QH/2D 0 -/- - 0-0/21 1 -", "2D appears twice"),
        ("2D2D QH/KC 0 -/- - 0-0/21 1 -", "2D appears twice"),
        ("2D6S QHQH/KC 0 -/- - 0-0/21 1 -", "QH appears twice"),
        ("2D6S QH/KC 0 ASAS/- - 0-0/21 1 -", "AS appears twice"),
        ("2D6S QH/KC x -/- - 0-0/21 1 -", "x"),
        ("2D6S QH/KC 0 -/- - 22-0/21 1 -", "22-0"),
        ("2D6S -/KC 0 -/- - 0-0/21 1 -", "holds no card"),
        ("2D6S QH/KC c0 -/- - 0-0/21 1 -", "cut"),
        ("", "''"),
    ],
)
def test_malformed_notation_quotes_the_bad_part(text, bad_part):
    with pytest.raises(ParseError) as caught:
        Game.from_notation(text)
    assert bad_part in str(caught.value)


def test_notation_that_is_not_text():
    with pytest.raises(ParseError, match="not 5"):
        Game.from_notation(5)


def saved(**changes: object) -> str:
    """A good save of GOOD after one move, with some keys changed (``None`` deletes the key)."""
    data = json.loads(Game.from_notation(GOOD).play("QHx2D+6S").to_json())
    data.update(changes)
    return json.dumps({key: value for key, value in data.items() if value is not None})


BAD_SAVES = [
    ("{", "not JSON"),
    ("[]", "chkobba-game"),
    ("null", "chkobba-game"),
    (saved(format="other"), "chkobba-game"),
    (saved(version=2), "version 2"),
    (saved(version="1"), "version '1'"),
    (saved(version=True), "version True"),
    (saved(history=None), "lacks history"),
    (saved(position=None), "lacks position"),
    (saved(history=["QHx2Z"]), "2Z"),
    (saved(history="QH"), "history"),
    (saved(history=[5]), "5"),
    (saved(position="nope"), "'nope'"),
    (saved(deal_results=[{}]), "deal_results[0]: lacks dealer"),
    (saved(deal_results="none"), "deal_results"),
]


@pytest.mark.parametrize(("text", "says"), BAD_SAVES, ids=[says for _, says in BAD_SAVES])
def test_malformed_json_says_what_is_wrong(text, says):
    with pytest.raises(ParseError) as caught:
        Game.from_json(text)
    assert says in str(caught.value)


def test_json_with_totals_that_disagree_with_the_position():
    finished = Game.from_notation("5C 5H/- 0 -/- - 3-4/21 1 -").play("5Hx5C")
    data = json.loads(finished.to_json())
    data["deal_results"][-1]["totals"] = [0, 0]
    with pytest.raises(ParseError, match="totals"):
        Game.from_json(json.dumps(data))


@pytest.mark.parametrize(
    ("players", "target"),
    [(3, 21), (1, 21), (0, 21), (True, 21), (2, 0), (2, -5), (2, 21.5), (2, "21"), (4, True)],
)
def test_bad_rules(players, target):
    with pytest.raises(ChkobbaError):
        Rules(players=players, target=target)


@pytest.mark.parametrize("seat", [-1, 2, 4])
def test_view_of_a_seat_that_does_not_exist(seat):
    with pytest.raises(ValueError, match=str(seat)):
        Game.from_notation(GOOD).view(seat)


# ----------------------------------------------------------------------------- illegal moves


@pytest.mark.parametrize(
    ("position", "move", "says"),
    [
        ("3D4S7H 7CAS/KC 0 -/- - 0-0/21 1 -", "7C", ["7C must capture 7H"]),
        ("3D4S7H 7CAS/KC 0 -/- - 0-0/21 1 -", "7Cx3D+4S", ["7C", "3D+4S", "7H", "equal"]),
        ("3D4S 7CAS/KC 0 -/- - 0-0/21 1 -", "7C", ["7C must capture 3D+4S"]),
        ("2D3S5H6S QH/KC 0 -/- - 0-0/21 1 -", "QH", ["QH must capture", "2D+6S", "3S+5H"]),
        ("2D6S QH/KC 0 -/- - 0-0/21 1 -", "KCx2D", ["KC", "not in seat 0's hand", "QH"]),
        ("2D6S QH/KC 0 -/- - 0-0/21 1 -", "QHxAS+7S", ["AS", "7S", "not on the table"]),
        ("2D6S3H QH/KC 0 -/- - 0-0/21 1 -", "QHx2D+3H", ["2D+3H", "5", "8", "2D+6S"]),
        ("2D6S QHAS/KC 0 -/- - 0-0/21 1 -", "ASx2D", ["AS", "2D", "takes nothing"]),
        ("2D6S QH/KC 0 -/- - 0-0/21 1 -", "keep", ["keep", "play a card"]),
        (f"- -/- c0 -/- {FULL_DECK} 0-0/21 1 -", "QH", ["QH", "keep or expose"]),
        ("- -/- x -/- - 21-3/21 1 -", "expose", ["expose", "over"]),
    ],
)
def test_illegal_move_names_the_move_and_why(position, move, says):
    game = Game.from_notation(position)
    before = game.notation()
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    for part in says:
        assert part in str(caught.value)
    assert game.notation() == before


def test_why_illegal_is_empty_for_a_legal_move():
    game = Game.from_notation(GOOD)
    assert game.why_illegal(Move.parse("QHx2D+6S")) == ""


def test_malformed_move_text_given_to_play_is_a_parse_error():
    game = Game.from_notation(GOOD)
    with pytest.raises(ParseError, match="QHy"):
        game.play("QHy")


# ----------------------------------------------------------------------------- nothing half-applies


def refused_moves(game: Game, rng: random.Random) -> list[Move]:
    """A few moves the position does not allow: wrong phase, cards not held, wrong captures."""
    legal = set(game.legal_moves())
    candidates = [Move.KEEP, Move.EXPOSE]
    cards_seen = list(game.table) + [card for hand in game.hands for card in hand]
    for card in rng.sample(cards_seen, min(4, len(cards_seen))):
        candidates.append(Move.play(card))
        others = [other for other in game.table if other is not card]
        for size in (1, 2):
            if len(others) >= size:
                candidates.append(Move.play(card, rng.sample(others, size)))
    return [move for move in candidates if move not in legal]


@pytest.mark.parametrize("players", [2, 4])
def test_refused_moves_leave_the_game_unchanged(players):
    rng = random.Random(players)
    refused = 0
    for seed in range(3):
        for before, _, _ in random_match(seed, players):
            snapshot = (before.notation(), before.to_json(), before.legal_moves())
            for move in refused_moves(before, rng):
                with pytest.raises(IllegalMove) as caught:
                    before.play(move)
                assert str(caught.value)
                refused += 1
            assert (before.notation(), before.to_json(), before.legal_moves()) == snapshot
    assert refused > 1000


def test_a_capture_built_in_another_order_is_the_same_legal_move():
    """``Move`` is a NamedTuple: a caller may build it directly, the taken cards in any order."""
    game = Game.from_notation(GOOD)
    move = Move("play", Card.parse("QH"), (Card.parse("6S"), Card.parse("2D")))
    assert game.why_illegal(move) == ""
    assert game.play(move) == game.play("QHx2D+6S")


@pytest.mark.parametrize("value", [5, None, 3.5, ("play", "QH", ())])
def test_play_refuses_what_is_not_a_move_with_a_clear_error(value):
    game = Game.from_notation(GOOD)
    with pytest.raises((TypeError, ValueError)) as caught:
        game.play(value)
    assert str(value) in str(caught.value)


def test_changing_the_returned_move_list_changes_nothing():
    game = Game.from_notation("3D4S7H 7CAS/KC 0 -/- - 0-0/21 1 -")
    moves = game.legal_moves()
    moves.clear()
    assert [str(move) for move in game.legal_moves()] == ["AS", "7Cx7H"]


@pytest.mark.parametrize("name", ["phase", "current", "table", "hands", "scores", "winner"])
def test_a_game_cannot_be_changed_in_place(name):
    """The API promises immutable games: a shared position must not be altered by a caller."""
    game = Game.from_notation(GOOD)
    before = game.notation()
    with pytest.raises(AttributeError):
        setattr(game, name, getattr(game, name))
    assert game.notation() == before


@pytest.mark.parametrize(
    "thing",
    [Rules(), Game.from_notation(GOOD).view(0), Card.parse("7D"), Move.parse("QHx2D+6S")],
    ids=["rules", "view", "card", "move"],
)
def test_values_are_frozen(thing):
    name = next(iter(getattr(thing, "__dataclass_fields__", None) or thing._fields))
    with pytest.raises(AttributeError):
        setattr(thing, name, None)


@pytest.mark.parametrize("seed", ["7", 7.0, True, None])
def test_new_game_wants_a_whole_number_seed(seed):
    with pytest.raises((TypeError, ValueError), match=repr(seed)):
        Game.new(Rules(), seed=seed)
