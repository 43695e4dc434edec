"""Game as a checked, immutable value: what loads can be played on, saved and loaded again; bad
input of every kind is a clear error (issue 9's bugs, each with its test)."""

from __future__ import annotations

import copy
import json
import pickle
import random
from pathlib import Path

import pytest
from chkobba import (
    Card,
    ChkobbaError,
    EditedSave,
    Game,
    Move,
    MoveKind,
    ParseError,
    Phase,
    Rules,
    capture_options,
    legal_play_moves,
    score_deal,
)
from chkobba.bots import make_bot
from engine_support import cards, random_match

MAIN_SAVE = Path(__file__).parent / "data" / "save_main_80a78b6.json"


# ----------------------------------------------------------------------------- positions


@pytest.mark.parametrize(
    "text",
    [
        "- -/KS 1 -/- 6S4S7C 0-0/21 1 -",  # three cards cannot make the next hand of two
        "- -/- c1 -/- 2D 0-0/21 0 -",  # a cut of a one-card deck
        "2D 3C/4H/5S/6D 3 -/- AS 0-0/31 2 -",  # four players, one card left to deal
        "2D 3D/4D x -/- 5D 21-0/21 0 -",  # a finished match still holding cards
        "- -/- x -/- 5D 21-0/21 0 -",  # a finished match with a stock
        "2D -/- x 3D/- - 21-0/21 0 0",  # the last capturer did not take what was left
        "- -/- c1 5D/- AS2S3S4S5S6S7SQSJSKSAH2H3H4H5H6H7HQHJHKHAD2D3D4D 0-0/21 0 -",
    ],
)
def test_positions_the_engine_cannot_play_on_are_refused(text):
    with pytest.raises(ParseError, match="bad position"):
        Game.from_notation(text)


def test_the_bot_plays_on_from_a_partial_position_to_the_end_of_the_deal():
    game = Game.from_notation("- -/KS 1 -/- 6S4S7C2D3D5H 0-0/21 1 -").play("KS")
    while game.phase == "play":
        game = game.play(make_bot("hard", samples=4).choose(game.view(game.current)))
    assert game.deal_number == 2


def fuzzed(game: Game, rng: random.Random) -> str:
    """``game``'s notation with one card moved from one zone to another, or one zone cut."""
    fields = game.notation().split()
    zones = [0, 4] + ([1] if fields[1].strip("/-") else [])
    source, target = rng.choice(zones), rng.choice([0, 1, 4])
    text = fields[source].replace("/", "")
    if len(text) < 2 or text == "-":
        return " ".join(fields)
    at = rng.randrange(0, len(text) // 2) * 2
    card = text[at : at + 2]
    fields[source] = fields[source].replace(card, "", 1)
    fields[source] = fields[source].replace("//", "/-/").strip() or "-"
    if fields[source].startswith("/"):
        fields[source] = "-" + fields[source]
    if fields[source].endswith("/"):
        fields[source] += "-"
    if rng.random() < 0.7:
        fields[target] = (fields[target].rstrip("-") or "") + card if target != 1 else fields[1]
        if target == 1:
            hands = fields[1].split("/")
            seat = rng.randrange(len(hands))
            hands[seat] = hands[seat].strip("-") + card
            fields[1] = "/".join(hands)
    return " ".join(fields)


@pytest.mark.parametrize("players", [2, 4])
def test_every_position_that_loads_can_be_played_saved_and_loaded(players):
    rng = random.Random(players)
    loaded = 0
    for seed in range(8):
        for before, _, _ in random_match(seed, players):
            if rng.random() > 0.04:
                continue
            try:
                game = Game.from_notation(fuzzed(before, rng))
            except ParseError:
                continue
            loaded += 1
            bot = make_bot(rng.choice(["easy", "medium"]), seed=seed)
            for _ in range(40):
                assert Game.from_json(game.to_json()) == game
                assert Game.from_notation(game.notation()).notation() == game.notation()
                if game.phase == "over" or (game.phase == "cut" and game.history):
                    break
                game = game.play(bot.choose(game.view(game.current)))
    assert loaded > 20


# ----------------------------------------------------------------------------- saves


def test_a_save_made_by_main_before_the_kernel_still_loads():
    text = MAIN_SAVE.read_text().strip()
    game = Game.from_json(text)
    data = json.loads(text)
    assert game.notation() == data["position"]
    assert [str(move) for move in game.history] == data["history"]
    assert len(game.deal_results) == 2
    assert game.to_json() == text


def test_json_nested_too_deeply_is_a_parse_error():
    with pytest.raises(ParseError, match="nested too deeply"):
        Game.from_json("[" * 100000)


def match_save(moves: int = 90) -> dict[str, object]:
    game = Game.new(Rules(players=2, target=11), seed=30)
    rng = random.Random(3)
    for _ in range(moves):
        game = game.play(rng.choice(game.legal_moves()))
    assert game.deal_results
    return json.loads(game.to_json())


def test_an_altered_history_is_refused():
    data = match_save()
    history = data["history"]
    assert isinstance(history, list)
    for index, move in enumerate(history):
        if "x" in move:
            history[index] = "7Dx7D" if not move.startswith("7D") else "KDxKD"
            break
    with pytest.raises(ParseError, match="itself"):
        Game.from_json(json.dumps(data))
    data = match_save()
    history = data["history"]
    assert isinstance(history, list)
    history.pop(-3)
    with pytest.raises(EditedSave, match="history"):
        Game.from_json(json.dumps(data))


def test_deal_results_that_the_history_did_not_make_are_refused():
    data = match_save()
    results = data["deal_results"]
    assert isinstance(results, list)
    first = results[0]
    for score in first["scores"]:
        for name in score:
            score[name] = 0
    with pytest.raises(EditedSave, match="deal results"):
        Game.from_json(json.dumps(data))
    data = match_save()
    data["deal_results"][0]["dealer"] = 7  # type: ignore[index]
    with pytest.raises(ParseError, match="deal results"):
        Game.from_json(json.dumps(data))


def test_deal_results_without_a_history_are_checked_by_their_sums():
    data = match_save()
    position = Game.from_json(json.dumps(data))
    data["history"] = []
    assert Game.from_json(json.dumps(data)).deal_results == position.deal_results
    results = data["deal_results"]
    results[0]["dealer"] = 7  # type: ignore[index]
    with pytest.raises(ParseError, match="dealer 7"):
        Game.from_json(json.dumps(data))
    data = match_save()
    data["history"] = []
    zero = dict.fromkeys(data["deal_results"][0]["scores"][0], 0)  # type: ignore[index]
    data["deal_results"][0]["scores"] = [zero, zero]  # type: ignore[index]
    with pytest.raises(ParseError, match="deal 1"):
        Game.from_json(json.dumps(data))


def test_a_set_up_position_played_on_saves_where_it_started():
    game = Game.from_notation("2D6S QH/KC 0 -/- - 0-0/21 1 -").play("QHx2D+6S")
    data = json.loads(game.to_json())
    assert data["start"] == "2D6S QH/KC 0 -/- - 0-0/21 1 - s0.0"
    assert Game.from_json(game.to_json()) == game
    assert "start" not in json.loads(Game.new(Rules(), seed=3).play("keep").to_json())


# ----------------------------------------------------------------------------- bad arguments


@pytest.mark.parametrize(("players", "target"), [(2.0, 21), (4.0, 21), (2, 21.0), (2, None)])
def test_rules_want_whole_numbers(players, target):
    with pytest.raises(ChkobbaError):
        Rules(players=players, target=target)


def test_a_card_cannot_take_itself():
    with pytest.raises(ParseError, match="itself"):
        Move.parse("5Cx5C+3C")
    with pytest.raises(ChkobbaError, match="itself"):
        Move.play("5C", ["5C", "3C"])
    with pytest.raises(ChkobbaError, match="twice"):
        Move.play("QH", ["2D", "2D"])


def test_score_deal_refuses_negative_chkobbas_and_wrong_types():
    piles = (cards("7D 7S"), cards("AS"))
    with pytest.raises(ChkobbaError, match="-1"):
        score_deal(piles, (-1, 0))
    with pytest.raises(TypeError):
        score_deal(piles, (0.5, 0))
    with pytest.raises(TypeError):
        score_deal(("7D", "AS"), (0, 0))
    with pytest.raises((TypeError, ChkobbaError)):
        score_deal(piles, (0,))
    assert score_deal(piles, (1, 0))[0].total == 5


@pytest.mark.parametrize(
    "call",
    [
        lambda: capture_options("QH", cards("2D 6S")),
        lambda: capture_options(Card.parse("QH"), ["2D", "6S"]),
        lambda: legal_play_moves(["QH"], cards("2D 6S")),
        lambda: legal_play_moves(cards("QH"), 5),
        lambda: Game.new("rules"),
        lambda: Game.new(Rules(), seed="7"),
        lambda: Game.new(Rules()).view("0"),
        lambda: Game.from_notation("2D6S QH/KC 0 -/- - 0-0/21 1 -").play(
            Move("play", Card.parse("QH"), ("2D", "6S"))
        ),
        lambda: Move.play("QH", 5),
        lambda: Game.from_position(rules=Rules(), phase="play", current=0, dealer=1, hands="QH"),
        lambda: Game.from_position(
            rules=Rules(), phase="play", current=0, dealer=1, hands=(("QH",), ())
        ),
        lambda: Game.from_position(rules=Rules(), phase="play", current="0", dealer=1, hands=()),
        lambda: Game.from_position(
            rules=Rules(), phase="deal", current=0, dealer=1, hands=(cards("QH"), ())
        ),
        lambda: Game.from_position(
            rules=Rules(), phase="play", current=0, dealer=1, hands=(cards("QH"),)
        ),
    ],
)
def test_wrong_types_are_clear_errors(call):
    with pytest.raises((TypeError, ChkobbaError)) as caught:
        call()
    assert not isinstance(caught.value, (IndexError, AttributeError, KeyError))
    assert str(caught.value)


@pytest.mark.parametrize(
    "call",
    [
        lambda huge: Card.parse(huge),
        lambda huge: Move.parse(huge),
        lambda huge: Move.parse("QHx" + huge),
        lambda huge: Game.from_notation(huge),
        lambda huge: Game.from_notation(f"{huge} QH/KC 0 -/- - 0-0/21 1 -"),
        lambda huge: Game.from_notation(f"2D6S QH/KC 0 -/- - 0-0/21 1 - s{huge}.1"),
        lambda huge: Game.from_json(json.dumps({"format": "chkobba-game", "version": huge})),
        lambda huge: Game.from_json(
            json.dumps(
                {
                    "format": "chkobba-game",
                    "version": 1,
                    "position": huge,
                    "deal_results": [],
                    "history": [],
                }
            )
        ),
        lambda huge: Game.from_notation("2D6S QH/KC 0 -/- - 0-0/21 1 -").play(huge),
        lambda huge: Rules(players=huge),
    ],
)
def test_long_inputs_are_quoted_cut_short(call):
    huge = "7" * 1_000_000
    with pytest.raises((ChkobbaError, TypeError)) as caught:
        call(huge)
    assert len(str(caught.value)) < 400


# ----------------------------------------------------------------------------- the value


def test_a_game_is_no_tuple():
    game = Game.new(Rules(), seed=1)
    assert not isinstance(game, tuple)
    for name in ("_replace", "_asdict", "_fields", "__dict__", "__getitem__", "__iter__"):
        assert not hasattr(game, name), name
    with pytest.raises(TypeError):
        game[0]  # type: ignore[index]
    with pytest.raises(AttributeError):
        game.phase = Phase.PLAY  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del game.stock


def test_from_position_is_keyword_only_and_checks():
    with pytest.raises(TypeError):
        Game.from_position(Rules(), "play", 0, 1, (cards("QH"), ()))  # type: ignore[misc]
    game = Game.from_position(
        rules=Rules(),
        phase="play",
        current=0,
        dealer=1,
        table=cards("2D 6S"),
        hands=(cards("QH"), cards("KC")),
    )
    assert game == Game.from_notation("2D6S QH/KC 0 -/- - 0-0/21 1 -")
    with pytest.raises(ChkobbaError, match="twice"):
        Game.from_position(
            rules=Rules(),
            phase="play",
            current=0,
            dealer=1,
            table=cards("2D 6S"),
            hands=(cards("QH 2D"), cards("KC")),
        )


def test_phases_and_move_kinds_are_text():
    game = Game.new(Rules(), seed=7)
    assert game.phase is Phase.CUT and game.phase == "cut"
    assert repr((game.phase, 2)) == "('cut', 2)"
    assert game.legal_moves()[0].kind is MoveKind.KEEP
    assert json.dumps([game.phase, MoveKind.PLAY]) == '["cut", "play"]'
    assert f"{game.phase}/{MoveKind.EXPOSE}" == "cut/expose"


def test_a_long_match_copies_and_pickles():
    game = max(
        (list(random_match(seed, 2, target=31))[-1][2] for seed in range(6)),
        key=lambda game: len(game.history),
    )
    assert len(game.history) > 480
    assert copy.deepcopy(game) == game
    assert copy.copy(game) is game
    again = pickle.loads(pickle.dumps(game))
    assert again == game and again.history == game.history
    assert again.to_json() == game.to_json()
