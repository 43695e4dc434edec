"""Holes a fuzzing pass found, each closed with a test; and the fuzz test that keeps them closed.

What loads must play, save and load again (part-deal positions for tutorials included: any seat
to play, piles without a last capturer); what is refused is refused with a short ``ChkobbaError``
(or ``TypeError`` for what is no move at all), never an ``AssertionError`` or ``AttributeError``,
and never with a message that quotes a huge input or lists a thousand alternatives.
"""

from __future__ import annotations

import json
import random
from functools import cache

import pytest
from chkobba import (
    DECK,
    TARGETS,
    Card,
    ChkobbaError,
    DealResult,
    DealScore,
    EditedSave,
    Game,
    IllegalMove,
    Move,
    MoveKind,
    ParseError,
    Phase,
    Rules,
    match_winner,
)
from engine_support import cards
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SHORT = 300  # the longest refusal message allowed, in characters


def short_refusal(call, kinds=(ChkobbaError,)) -> BaseException:  # type: ignore[no-untyped-def]
    """The error ``call()`` raises: one of ``kinds``, with a short message."""
    with pytest.raises(kinds) as caught:
        call()
    message = str(caught.value)
    assert message, "a refusal says why"
    assert len(message) <= SHORT, f"{len(message)} characters: {message[:200]}…"
    return caught.value


def round_trips(game: Game) -> None:
    """``game`` saves and loads to an equal game, and its notation reads back the same."""
    assert Game.from_json(game.to_json()) == game
    assert Game.from_notation(game.notation()).notation() == game.notation()


@cache
def finished_deals(players: int, seed: int, deals: int = 2) -> Game:
    """A real match played at random until ``deals`` deals are over (at a cut, or over)."""
    game = Game.new(Rules(players=players, target=41), seed=seed)
    rng = random.Random(seed)
    while len(game.deal_results) < deals:
        game = game.play(rng.choice(game.legal_moves()))
    return game


def set_up_after(game: Game, **changes: object) -> Game:
    """A part-deal position built with ``game``'s deal results, scores and next dealer."""
    parts: dict[str, object] = {
        "rules": game.rules,
        "phase": Phase.PLAY,
        "current": 0,
        "dealer": game.dealer,
        "table": cards("2D 6S"),
        "hands": (cards("QH 3C"), cards("KC"), cards("AS"), cards("AH"))[: game.rules.players],
        "scores": game.scores,
        "deal_results": game.deal_results,
    }
    parts.update(changes)
    return Game.from_position(**parts)  # type: ignore[arg-type]


# ----------------------------------------------------------------------------- hand sizes


def test_a_hand_of_more_than_three_cards_is_refused():
    """A kept cut card counts within the cutter's three (rule 002): no hand ever holds four."""
    error = short_refusal(
        lambda: Game.from_notation("2D 3D4D5D6D7D/3S4S5S6S7S 0 -/- - 0-0/21 1 -"), ParseError
    )
    assert "at most 3" in str(error)
    short_refusal(lambda: Game.from_notation("2D 3D4D5D6D/3S4S5S 0 -/- - 0-0/21 1 -"), ParseError)
    error = short_refusal(
        lambda: Game.from_position(
            rules=Rules(),
            phase="play",
            current=1,
            dealer=0,
            hands=(cards("QH"), cards("AS 2S 3S 4S")),
        )
    )
    assert "seat 1" in str(error)
    three = Game.from_notation("2D 3D4D5D/3S4S5S 0 -/- - 0-0/21 1 -")
    round_trips(three.play("3D"))


# ----------------------------------------------------------------------------- deal results


@pytest.mark.parametrize("players", [2, 4])
def test_a_position_with_deal_results_plays_saves_and_loads(players):
    before = finished_deals(players, seed=5)
    game = set_up_after(before)
    assert game.deal_results == before.deal_results
    round_trips(game)
    rng = random.Random(1)
    while len(game.deal_results) < 4 and game.phase != Phase.OVER:
        game = game.play(rng.choice(game.legal_moves()))
        loaded = Game.from_json(game.to_json())
        assert loaded == game
        assert loaded.deal_results[:2] == before.deal_results
    assert len(game.deal_results) > 2


def test_a_save_whose_start_results_were_changed_is_refused():
    game = set_up_after(finished_deals(2, seed=5)).play("QHx2D+6S")
    data = json.loads(game.to_json())
    data["deal_results"][0]["totals"] = [0, 1]
    short_refusal(lambda: Game.from_json(json.dumps(data)), EditedSave)
    data = json.loads(game.to_json())
    data["deal_results"].pop(0)
    short_refusal(lambda: Game.from_json(json.dumps(data)), EditedSave)


def test_the_dealer_follows_the_last_deal_results_dealer():
    before = finished_deals(2, seed=5)
    error = short_refusal(lambda: set_up_after(before, dealer=1 - before.dealer))
    assert "dealer" in str(error)


def result_of(game: Game, **changes: object) -> DealResult:
    return game.deal_results[0]._replace(**changes)


SCORE = DealScore(1, 1, 1, 1, 0, 4, 21, 6, 3, 2)
BAD_RESULTS = {
    "nothing": lambda game: DealResult(None, None, (0, 0)),  # type: ignore[arg-type]
    "leftover text": lambda game: result_of(game, leftovers=("2D", "3D"), leftovers_side=0),
    "leftovers a string": lambda game: result_of(game, leftovers="2D3D", leftovers_side=0),
    "leftovers twice": lambda game: result_of(game, leftovers=cards("2D 2D"), leftovers_side=0),
    "leftovers to nobody": lambda game: result_of(game, leftovers=cards("2D"), leftovers_side=None),
    "a bool side": lambda game: result_of(game, leftovers=cards("2D"), leftovers_side=True),
    "plain scores": lambda game: result_of(game, scores=(tuple(SCORE), tuple(SCORE))),
    "one score": lambda game: result_of(game, scores=(SCORE,)),
    "float totals": lambda game: result_of(game, totals=(4.0, 0)),
    "text dealer": lambda game: result_of(game, dealer="1"),
    "huge dealer": lambda game: result_of(game, dealer=10**4000),
    "bool count": lambda game: result_of(game, scores=(SCORE._replace(karta=True), SCORE)),
}


@pytest.mark.parametrize("make", BAD_RESULTS.values(), ids=BAD_RESULTS)
def test_malformed_deal_results_are_refused_when_the_position_is_built(make):
    game = finished_deals(2, seed=5, deals=1)
    results = (make(game),)
    short_refusal(lambda: set_up_after(game, deal_results=results))


def test_a_history_less_save_with_a_card_left_over_twice_is_refused():
    game = set_up_after(finished_deals(2, seed=5))
    data = json.loads(game.to_json())
    left = next(result for result in data["deal_results"] if result["leftovers"] != "-")
    left["leftovers"] = "2D2D2D"
    error = short_refusal(lambda: Game.from_json(json.dumps(data)), EditedSave)
    assert "twice" in str(error)


def test_deal_results_given_as_lists_are_stored_as_tuples():
    game = finished_deals(2, seed=5, deals=1)
    result = game.deal_results[0]
    as_lists = result._replace(scores=list(result.scores), totals=list(result.totals))
    built = set_up_after(game, deal_results=[as_lists])
    assert built.deal_results == game.deal_results
    assert Game.from_json(built.to_json()) == built


# ----------------------------------------------------------------------------- chkobba marks


def test_chkobba_cards_given_in_any_order_are_kept_in_their_piles_order():
    game = Game.from_position(
        rules=Rules(),
        phase="play",
        current=0,
        dealer=1,
        hands=(cards("3D"), ()),
        piles=(cards("4D 5D 6D"), ()),
        sweeps=(cards("6D 4D"), ()),
    )
    assert game.sweeps == (cards("4D 6D"), ())
    assert Game.from_json(game.to_json()) == game
    assert Game.from_notation(game.notation()) == game


@pytest.mark.parametrize(
    ("pile", "sweeps"),
    [("3D*", "3D"), ("3D*4D*", "3D 4D"), ("3D4D*5D", "4D"), ("3d*4♦*", "3D 4D"), ("3D4D", "")],
)
def test_every_chkobba_mark_is_read(pile, sweeps):
    game = Game.from_notation(f"- 3S/- 0 {pile}/- - 0-0/21 1 -")
    assert game.sweeps == (cards(sweeps), ())
    assert Game.from_notation(game.notation()) == game


@pytest.mark.parametrize("pile", ["3D*-", "3D*4D*-", "-*", "*3D", "3D**", "3D*4", "--"])
def test_a_chkobba_mark_that_follows_no_card_is_refused(pile):
    short_refusal(lambda: Game.from_notation(f"- 3S/- 0 {pile}/- - 0-0/21 1 -"), ParseError)


# ----------------------------------------------------------------------------- long numbers


def huge_save(path: tuple[object, ...], value: object = 10**3999) -> str:
    game = set_up_after(finished_deals(2, seed=5))
    data = json.loads(game.to_json())
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return json.dumps(data)


@pytest.mark.parametrize(
    "path",
    [
        ("deal_results", 0, "dealer"),
        ("deal_results", 0, "scores", 0, "total"),
        ("deal_results", 0, "scores", 1, "chkobba"),
        ("deal_results", 1, "totals", 0),
        ("deal_results", 0, "leftovers_side"),
        ("version",),
    ],
)
def test_save_errors_quote_a_huge_number_cut_short(path):
    text = huge_save(path)
    error = short_refusal(lambda: Game.from_json(text), ParseError)
    assert "0" * 100 not in str(error)


@pytest.mark.parametrize(
    "call",
    [
        lambda: Game.new(Rules(), seed=10**200),
        lambda: Rules(target=10**5000),
        lambda: Game.from_position(
            rules=Rules(),
            phase="play",
            current=0,
            dealer=1,
            hands=(cards("QH"), ()),
            seed=-(10**5000),
        ),
        lambda: Game.from_position(
            rules=Rules(),
            phase="play",
            current=0,
            dealer=1,
            hands=(cards("QH"), ()),
            scores=(10**200, 0),
        ),
        lambda: Game.from_position(
            rules=Rules(), phase="play", current=10**4000, dealer=1, hands=(cards("QH"), ())
        ),
        lambda: Game.from_notation(f"2D QH/- 0 -/- - 0-0/21 1 - s{10**200}.0"),
    ],
)
def test_numbers_too_long_to_save_are_refused_cut_short(call):
    short_refusal(call)


# ----------------------------------------------------------------------------- moves made by hand

GOOD = "2D6S QH/KC 0 -/- - 0-0/21 1 -"
QH, D2, S6 = cards("QH 2D 6S")
HAND_MADE = {
    "no card": Move(MoveKind.PLAY, None, ()),
    "text card": Move(MoveKind.PLAY, "QH", ()),  # type: ignore[arg-type]
    "no captures": Move(MoveKind.PLAY, QH, None),  # type: ignore[arg-type]
    "text captures": Move(MoveKind.PLAY, QH, "2D6S"),  # type: ignore[arg-type]
    "taken twice": Move(MoveKind.PLAY, QH, (D2,) * 5000),
    "takes itself": Move(MoveKind.PLAY, QH, (QH,)),
    "other kind": Move("pass", None, ()),  # type: ignore[arg-type]
    "keep a card": Move(MoveKind.KEEP, QH, ()),
    "expose takes": Move(MoveKind.EXPOSE, None, (D2,)),
}


@pytest.mark.parametrize("move", HAND_MADE.values(), ids=HAND_MADE)
@pytest.mark.parametrize(
    "position", [GOOD, f"- -/- c0 -/- {''.join(c.code for c in DECK)} 0-0/21 1 -"]
)
def test_a_move_made_by_hand_that_is_no_move_is_a_clear_refusal(position, move):
    game = Game.from_notation(position)
    assert len(repr(move)) <= SHORT and len(str(move)) <= SHORT
    short_refusal(lambda: game.play(move), IllegalMove)
    short_refusal(lambda: game.why_illegal(move), IllegalMove)
    assert Game.from_json(game.to_json()) == game


@pytest.mark.parametrize(
    ("position", "plain"),
    [
        (GOOD, (MoveKind.PLAY, QH, (D2, S6))),
        (GOOD, ("play", QH, (S6, D2))),
        (f"- -/- c0 -/- {''.join(c.code for c in DECK)} 0-0/21 1 -", ("keep", None, ())),
    ],
)
def test_a_plain_tuple_equal_to_a_legal_move_is_refused_not_stored(position, plain):
    game = Game.from_notation(position)
    short_refusal(lambda: game.play(plain), TypeError)
    short_refusal(lambda: game.why_illegal(plain), TypeError)
    moved = game.play(Move(*plain))  # the same fields as a Move: played, stored as the engine's
    assert type(moved.history[-1]) is Move
    assert Game.from_json(moved.to_json()) == moved


def test_a_keep_built_by_hand_saves_and_loads():
    game = Game.new(Rules(), seed=3).play(Move("keep", None, ()))  # type: ignore[arg-type]
    assert game.history == (Move.KEEP,)  # type: ignore[attr-defined]
    assert Game.from_json(game.to_json()) == game


# ----------------------------------------------------------------------------- long refusals


def crowded_table() -> Game:
    """King in hand, and 34 cards on the table (no king, two jacks out): 1,690 groups make 10."""
    table = [card for card in DECK if card.rank != "K" and card not in cards("JD JC")]
    return Game.from_position(
        rules=Rules(), phase="play", current=0, dealer=1, table=table, hands=(cards("KH"), ())
    )


def test_refusals_on_a_crowded_table_list_a_few_alternatives():
    game = crowded_table()
    assert len(game.table) == 34
    assert len(game.legal_moves()) == 1690
    table = game.table
    tries = [
        "KH",
        Move.play(QH if QH not in game.hands[0] else D2, ()),
        Move.play(cards("KH")[0], table[:10]),
        Move.play(cards("KH")[0], table[-2:]),
        Move.play(cards("KH")[0], (*table[:20], *cards("KS KD"))),
    ]
    for move in tries:
        error = short_refusal(lambda move=move: game.play(move), IllegalMove)
        assert game.why_illegal(move) == str(error)
    assert "more" in game.why_illegal("KH")


# ----------------------------------------------------------------------------- the fuzz test


@st.composite
def positions(draw: st.DrawFn) -> Game:
    """A checked position from legal-ish random parts: mostly part deals, some with results."""
    players = draw(st.sampled_from([2, 4]))
    deck = list(draw(st.permutations(DECK)))
    phase = draw(st.sampled_from([Phase.PLAY] * 4 + [Phase.CUT, Phase.OVER]))
    results: tuple[DealResult, ...] = ()
    dealer = draw(st.integers(0, players - 1))
    scores = (draw(st.integers(0, 30)), draw(st.integers(0, 30)))
    if draw(st.booleans()):
        before = finished_deals(players, draw(st.integers(0, 3)), draw(st.integers(1, 2)))
        results, scores, dealer = before.deal_results, before.scores, before.dealer
    target = draw(st.sampled_from(TARGETS))
    if phase is Phase.OVER:  # a side has won: at the target, ahead
        if scores[0] == scores[1]:
            results, scores = (), (scores[0] + 1, scores[1])
        if results:
            dealer = results[-1].dealer  # the last deal's dealer stays once the match is over
        target = draw(st.integers(1, max(scores)))
    elif match_winner(scores, target) is not None:
        target = max(scores) + draw(st.integers(1, 10))
    parts: dict[str, object] = {
        "rules": Rules(players=players, target=target),
        "phase": phase,
        "dealer": dealer,
        "scores": scores,
        "deal_results": results,
        "seed": draw(st.integers(-(2**70), 2**70)),
        "shuffles": draw(st.integers(0, 9)),
    }
    if phase is Phase.CUT:
        hands_dealt = draw(st.integers(0, (40 - 4 - 3 * players) // (3 * players)))
        parts.update(
            current=(dealer + 1) % players,
            hands=((),) * players,
            stock=deck[: 4 + 3 * players * (1 + hands_dealt)],
        )
        return Game.from_position(**parts)  # type: ignore[arg-type]
    if phase is Phase.OVER:
        table = deck[: draw(st.integers(0, 6))]
        split = draw(st.integers(len(table), 40))
        parts.update(
            current=0,
            hands=((),) * players,
            table=table,
            piles=(tuple(deck[len(table) : split]), tuple(deck[split:])),
            last_capturer=None if table else draw(st.none() | st.integers(0, players - 1)),
        )
        return Game.from_position(**parts)  # type: ignore[arg-type]
    current = draw(st.integers(0, players - 1))
    size = draw(st.integers(1, 3))
    full = draw(st.integers(1, players))  # seats from the current one holding ``size`` cards
    hands: list[tuple[Card, ...]] = [()] * players
    for offset in range(players):
        count = size if offset < full else size - 1
        hands[(current + offset) % players] = tuple(deck[:count])
        del deck[:count]
    stock_hands = draw(st.integers(0, len(deck) // (3 * players)))
    stock = deck[: 3 * players * stock_hands]
    del deck[: len(stock)]
    table = deck[: draw(st.integers(0, min(len(deck), 12)))]
    del deck[: len(table)]
    split = draw(st.integers(0, len(deck)))
    kept = draw(st.integers(split, len(deck)))
    piles = (tuple(deck[:split]), tuple(deck[split:kept]))
    sweeps = tuple(
        tuple(draw(st.lists(st.sampled_from(pile), unique=True, max_size=4))) if pile else ()
        for pile in piles
    )
    parts.update(
        current=current,
        hands=hands,
        stock=stock,
        table=table,
        piles=piles,
        sweeps=sweeps,
        last_capturer=draw(st.none() | st.integers(0, players - 1)),
    )
    return Game.from_position(**parts)  # type: ignore[arg-type]


def refused_tries(game: Game, rng: random.Random) -> list[object]:
    """Moves to try that are mostly refused: random cards taking random table cards, texts, and
    moves built by hand."""
    table = game.table
    tries: list[object] = [Move.KEEP, "expose", Move(MoveKind.PLAY, None, ())]  # type: ignore[attr-defined]
    for _ in range(4):
        card = rng.choice(DECK)
        taken = [c for c in rng.sample(table, min(len(table), rng.randint(0, 6))) if c != card]
        tries += [Move.play(card, taken), str(Move.play(card, taken))]
    tries.append(Move(MoveKind.PLAY, rng.choice(DECK), (rng.choice(DECK),) * 3))
    return tries


def mutated(text: str, rng: random.Random) -> str:
    """``text`` with one random edit: a character changed, dropped or doubled."""
    at = rng.randrange(len(text))
    edit = rng.choice(["change", "drop", "double"])
    if edit == "change":
        return text[:at] + rng.choice("0123456789-/*cx sSDHKQJA7") + text[at + 1 :]
    if edit == "drop":
        return text[:at] + text[at + 1 :]
    return text[: at + 1] + text[at:]


def loads_and_goes_on(load, text: str) -> None:  # type: ignore[no-untyped-def]
    """``load(text)`` either refuses briefly or gives a game that plays, saves and loads."""
    try:
        game = load(text)
    except ChkobbaError as error:
        assert len(str(error)) <= SHORT, str(error)[:200]
        return
    assert Game.from_json(game.to_json()) == game
    if game.legal_moves():
        after = game.play(game.legal_moves()[0])
        assert Game.from_json(after.to_json()) == after


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(positions(), st.integers(0, 2**32))
def test_fuzz_positions_play_save_load_and_refuse_briefly(game, seed):
    rng = random.Random(seed)
    assert Game.from_json(game.to_json()) == game
    if not game.deal_results:
        assert Game.from_notation(game.notation()) == game
    loads_and_goes_on(Game.from_notation, mutated(game.notation(), rng))
    loads_and_goes_on(Game.from_json, mutated(game.to_json(), rng))
    for step in range(40):
        for move in refused_tries(game, rng):
            try:
                game.why_illegal(move)  # type: ignore[arg-type]
                after = game.play(move)  # type: ignore[arg-type]
            except (ChkobbaError, TypeError) as error:
                assert len(str(error)) <= SHORT, str(error)[:200]
            else:
                assert type(after.history[-1]) is Move
        if game.phase == Phase.OVER:
            break
        game = game.play(rng.choice(game.legal_moves()))
        if step % 5 == 0 or game.phase != Phase.PLAY:
            loaded = Game.from_json(game.to_json())
            assert loaded == game
            assert Game.from_notation(game.notation()).notation() == game.notation()
    assert Game.from_json(game.to_json()) == game
