"""Peer play (``chkobba.peer``): what the host sends a guest's seat, and what the guest sends back.

Whole random matches, 2 and 4 players, every position and every seat: the update reads back to
the seat's view and log, and holds no card the seat may not see. Hostile texts are refused with
a ``ParseError`` that quotes little; a guest's move is accepted or refused for the right reason.
"""

from __future__ import annotations

import doctest
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from chkobba import (
    Card,
    ChkobbaError,
    EntryKind,
    Game,
    Move,
    ParseError,
    PeerRefusal,
    Rules,
    View,
    goodbye_message,
    hello_message,
    match_log,
    move_message,
    peer,
    read_goodbye,
    read_hello,
    read_move,
    read_seat_update,
    seat_log,
    seat_update,
)
from chkobba.bots import make_bot
from chkobba.cards import DECK
from chkobba.peer import MESSAGE_LIMIT, UPDATE_LIMIT, Hello
from engine_support import position_after, random_match
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

NAMES = {2: ("Amel", "Sami"), 4: ("Amel", "Sami", "Lina", "Omar")}
SHORT = 300  # an error message's most characters: a hostile text is never quoted at length


def test_the_modules_examples_run() -> None:
    assert doctest.testmod(peer).failed == 0
    assert peer.__doc__ is not None
    shown = peer.__doc__[peer.__doc__.index('    {"format"') : peer.__doc__.index("\n\nThe view")]
    update = read_seat_update(json.dumps(json.loads(shown)))  # the update the module shows
    assert [entry.card for entry in update.log] == [None, Card.parse("QH")]


def positions(seed: int, players: int, target: int) -> Iterator[Game]:
    """Every position of a random match, from its first cut to its end."""
    game = Game.new(Rules(players=players, target=target), seed=seed)
    yield game
    for _, _, after in random_match(seed, players, target):
        yield after


def hidden_cards(game: Game, seat: int) -> set[Card]:
    """What ``seat`` may not see: the other hands and the stock, save the cut card it is cutting."""
    others = {card for number, hand in enumerate(game.hands) if number != seat for card in hand}
    cutting = {game.cut_card} if game.current == seat else set()
    return others | (set(game.stock) - cutting)


def this_shuffle(data: dict[str, Any]) -> dict[str, Any]:
    """An update's JSON without the earlier shuffles' moves, log entries and deal results (the
    earlier deals, a deal redealt): their cards have been shuffled and dealt again since, so a
    card hidden now may have been played then, in public."""
    log = data["log"]
    ends = [number for number, entry in enumerate(log) if entry["kind"] in ("redeal", "scored")]
    if not ends:
        return data
    done = sum(entry["kind"] in ("cut", "play") for entry in log[: ends[-1]])  # their moves
    view = {**data["view"], "history": data["view"]["history"][done:], "deal_results": []}
    return {**data, "view": view, "log": log[ends[-1] + 1 :]}


def check_update(game: Game, seat: int, seq: int) -> None:
    """The update reads back to the seat's view and log, and shows no card hidden from it."""
    names = NAMES[game.rules.players]
    text = seat_update(game, seat, names, seq)
    update = read_seat_update(text)
    assert update.seq == seq and update.names == names
    assert update.view == View.of(game, seat)
    for read, entry in zip(update.log, match_log(game), strict=True):
        another_kept = entry.kind == EntryKind.CUT and entry.kept and entry.seat != seat
        assert read == (entry._replace(card=None) if another_kept else entry)
    shown = json.dumps(this_shuffle(json.loads(text)))
    for card in hidden_cards(game, seat):
        assert f'"{card.code}"' not in shown, (game.notation(), seat, card)
    if game.cut_card is not None and game.current == seat:
        assert f'"cut_card": "{game.cut_card.code}"' in shown


# A whole match to 11 points, and the first two deals of matches with a redeal (after which an
# exposed cut card lies in the stock again) and cut cards kept by several seats.
@pytest.mark.parametrize(
    ("players", "seed", "deals"),
    [(2, 1, 99), (2, 366, 2), (4, 91, 2), (4, 180, 2)],
)
def test_every_position_reads_back_to_the_seats_view_and_hides_the_rest(
    players: int, seed: int, deals: int
) -> None:
    for seq, game in enumerate(positions(seed, players, 11)):
        if game.deal_number > deals:
            break
        for seat in range(players):
            check_update(game, seat, seq)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10_000), st.sampled_from([2, 4]), st.integers(0, 300))
def test_any_position_reads_back(seed: int, players: int, steps: int) -> None:
    game = position_after(seed, players, steps)
    for seat in range(players):
        check_update(game, seat, steps)


def test_a_kept_cut_card_is_left_out_of_the_other_seats_logs() -> None:
    game = Game.new(Rules(players=4), seed=2).play("keep")
    cut = match_log(game)[0]
    cutter, card = cut.seat, cut.card
    assert card is not None and card in game.hands[cutter]
    for seat in range(4):
        written = json.loads(seat_update(game, seat, NAMES[4], 0))["log"][0]
        assert written.get("card") == (card.code if seat == cutter else None)
        assert seat_log(game, seat)[0].kept
        assert seat_log(game, seat)[0].card == (card if seat == cutter else None)
    exposed = Game.new(Rules(players=4), seed=2).play("expose")
    assert all(entry.card is not None for entry in seat_log(exposed, 0))


def test_a_guest_played_by_a_bot_plays_a_whole_match_through_messages() -> None:
    """The guest (seat 1) sees only its updates and sends moves; the host checks and plays them."""
    host = Game.new(Rules(players=2, target=11), seed=4)
    hello = read_hello(hello_message("Sami", "ar-TN", "0.1.0"))
    names = ("Amel", hello.name)
    guest, bot, seq = make_bot("medium", seed=1), make_bot("medium", seed=2), 0
    while host.phase != "over":
        if host.current != 1:
            host = host.play(bot.choose(host.view(host.current)))
            continue
        seq += 1
        update = read_seat_update(seat_update(host, 1, names, seq))
        move = guest.choose(update.view)
        host = host.play(read_move(move_message(move, update.seq), host, 1, seq))
    assert host.winner is not None and seq > 20


# ----------------------------------------------------------------- hostile updates


def sample_game() -> Game:
    """A position of a later deal, seat 0 to play, after seat 1 kept a cut card."""
    for _, _, game in random_match(11, 2):
        kept = any(e.kind == "cut" and e.kept and e.seat == 1 for e in match_log(game))
        if game.deal_results and game.phase == "play" and game.current == 0 and kept:
            return game
    raise AssertionError("no such position in the match")


SAMPLE = sample_game()
TEXT = seat_update(SAMPLE, 0, NAMES[2], 7)


def edited(change: Any) -> str:
    """``TEXT`` with ``change(data)`` made to its JSON."""
    data = json.loads(TEXT)
    change(data)
    return json.dumps(data)


def setter(*path: Any) -> Any:
    """A change that sets the value at ``path`` (keys and indexes) to a given value."""

    def set_to(value: Any) -> Any:
        def change(data: Any) -> None:
            for key in path[:-1]:
                data = data[key]
            data[path[-1]] = value

        return change

    return set_to


def moved_card(data: dict[str, Any]) -> None:
    """A card of the hand put on the table too."""
    data["view"]["table"].append(data["view"]["hand"][0])


def counted_twice(data: dict[str, Any]) -> None:
    data["view"]["stock_count"] += 2


def kept_card_shown(data: dict[str, Any]) -> None:
    """Seat 1's kept cut card written into the log (the host would have leaked it)."""
    entry = next(e for e in data["log"] if e["kind"] == "cut" and "card" not in e)
    entry["card"] = "7D"


def empty_hand(data: dict[str, Any]) -> None:
    """The seat to play holds no card (its cards counted in the stock instead)."""
    view = data["view"]
    view["stock_count"] += len(view["hand"])
    view["hand"], view["hand_sizes"][0] = [], 0


def lost_entry(kind: str) -> Any:
    """A change that takes the first entry of ``kind`` out of the log."""

    def change(data: dict[str, Any]) -> None:
        del data["log"][[entry["kind"] for entry in data["log"]].index(kind)]

    return change


def redeal_after_play(data: dict[str, Any]) -> None:
    log = data["log"]
    at = [entry["kind"] for entry in log].index("play") + 1
    log.insert(at, {"kind": "redeal", "deal": log[at - 1]["deal"]})


def deeper_name(data: dict[str, Any]) -> None:
    data["names"][0] = [[[[[[[["Amel"]]]]]]]]


def wrong_totals(data: dict[str, Any]) -> None:
    data["view"]["deal_results"][0]["totals"][0] += 1


HOSTILE = [
    ("empty", "", "not JSON"),
    ("truncated", TEXT[: len(TEXT) // 2], "not JSON"),
    ("truncated by one", TEXT[:-1], "not JSON"),
    ("a list", "[]", "not a 'chkobba-seat-update' document"),
    ("null", "null", "document"),
    ("another format", TEXT.replace("chkobba-seat-update", "chkobba-game", 1), "document"),
    ("version 2", TEXT.replace('"version":1', '"version":2', 1), "version 2"),
    ("version as text", TEXT.replace('"version":1', '"version":"1"', 1), "version '1'"),
    ("version true", TEXT.replace('"version":1', '"version":true', 1), "version True"),
    ("a key twice", TEXT.replace('"seq":7', '"seq":7,"seq":8', 1), "'seq' is given twice"),
    ("NaN", TEXT.replace('"seq":7', '"seq":NaN', 1), "seq"),
    ("seq as text", edited(setter("seq")("7")), "seq: should be a whole number"),
    ("seq below 0", edited(setter("seq")(-1)), "seq"),
    ("seq a float", edited(setter("seq")(7.0)), "seq"),
    ("seq 2**53", edited(setter("seq")(2**53)), "seq"),
    ("huge seq", TEXT.replace('"seq":7', '"seq":' + "9" * 5000, 1), "not JSON"),
    ("huge score", edited(setter("view", "scores", 0)(10**200)), "at most 100 digits"),
    ("missing log", edited(lambda data: data.pop("log")), "lacks log"),
    ("a field too many", edited(setter("spy")(True)), "no field 'spy'"),
    ("view a list", edited(setter("view")([])), "view: should be an object"),
    ("seat out of range", edited(setter("view", "seat")(2)), "view.seat"),
    ("three players", edited(setter("view", "rules", "players")(3)), "players: should be 2 or 4"),
    ("target 0", edited(setter("view", "rules", "target")(0)), "view.rules.target"),
    ("no such phase", edited(setter("view", "phase")("deal")), "view.phase"),
    ("cards as one text", edited(setter("view", "table")("2D6S")), "view.table: should be a list"),
    ("lower-case card", edited(setter("view", "hand", 0)("qh")), "view.hand[0]: no card 'qh'"),
    ("card as symbol", edited(setter("view", "hand", 0)("7♦")), "no card '7♦'"),
    ("card as a number", edited(setter("view", "table", 0)(7)), "no card 7"),
    (
        "forty-one cards",
        edited(setter("view", "table")(["2D"] * 41)),
        "table: 41 items (at most 40)",
    ),
    ("a card twice", edited(moved_card), "seen twice"),
    ("pile card twice", edited(setter("view", "piles", 1)(["KD", "KD"])), "seen twice"),
    ("counts off", edited(counted_twice), "do not add up to the 40 cards"),
    ("hand sizes short", edited(setter("view", "hand_sizes")([3])), "one for each of the 2"),
    ("hand size 4", edited(setter("view", "hand_sizes", 1)(4)), "view.hand_sizes[1]"),
    ("cut card not cutting", edited(setter("view", "cut_card")("7D")), "view"),
    ("a winner", edited(setter("view", "winner")(0)), "view.winner"),
    ("bad totals", edited(wrong_totals), "totals"),
    ("empty hand to play", edited(empty_hand), "view"),
    ("history move", edited(setter("view", "history", 0)("QHy")), "view.history[0]"),
    ("history not canonical", edited(setter("view", "history", 0)("KEEP")), "is written 'keep'"),
    (
        "history cut short",
        edited(lambda data: data["view"]["history"].pop()),
        "the history holds 38 moves, not more",
    ),
    (
        "history longer",
        edited(lambda data: data["view"]["history"].append("keep")),
        "39 moves logged",
    ),
    ("log not a list", edited(setter("log")({})), "log: should be a list"),
    ("entry kind", edited(setter("log", 0, "kind")("spy")), "log[0].kind: no entry kind"),
    ("entry field", edited(setter("log", 0, "cards")(["2D"])), "log[0]: has no field 'cards'"),
    ("entry stock", edited(setter("log", 0, "stock")(41)), "log[0].stock"),
    ("play lost", edited(lost_entry("play")), "entry for the history's move"),
    ("score lost", edited(lost_entry("scored")), "a deal follows the previous one's score"),
    ("leftovers lost", edited(lost_entry("leftovers")), "leftovers are taken before it is scored"),
    ("redeal after a play", edited(redeal_after_play), "no redeal entry comes after play"),
    ("entry number", edited(setter("log", 1, "number")(2)), "has no field 'number'"),
    ("entry card", edited(setter("log", 1, "card")("QH")), "has no field 'card'"),
    ("entry deal", edited(setter("log", 1, "deal")(2)), "a deal follows the previous one's"),
    ("kept card shown", edited(kept_card_shown), "unless another seat kept it"),
    ("names short", edited(setter("names")(["Amel"])), "names: one for each"),
    ("name not text", edited(setter("names", 1)(7)), "names[1]: a name is text"),
    ("name too long", edited(setter("names", 1)("S" * 25)), "at most 24 characters"),
    ("name with a bell", edited(setter("names", 1)("Sa\u0007mi")), "no control character"),
    ("name with a newline", edited(setter("names", 1)("Sa\nmi")), "no control character"),
    ("name reversed", edited(setter("names", 1)("\u202eimaS")), "no control character"),
    ("blank name", edited(setter("names", 1)("   ")), "a name is not blank"),
    ("nested name", edited(deeper_name), "nested too deeply"),
    ("10**4 deep", "[" * 10**4 + "]" * 10**4, "nested too deeply"),
    ("10**6 deep", "[" * 10**6 + "]" * 10**6, "too long"),
    ("1 MB", edited(setter("names", 1)("S" * 2**20)), "too long"),
    ("bytes", TEXT.encode(), "is text"),
]


@pytest.mark.parametrize(
    ("text", "says"), [case[1:] for case in HOSTILE], ids=[c[0] for c in HOSTILE]
)
def test_a_hostile_update_is_refused_saying_why_in_few_words(text: Any, says: str) -> None:
    with pytest.raises(ParseError) as error:
        read_seat_update(text)
    message = str(error.value)
    assert says in message
    assert len(message) <= SHORT, message


def test_the_sample_update_itself_reads() -> None:
    assert read_seat_update(TEXT).view == SAMPLE.view(0)
    assert any(e.kind == "cut" and e.kept and e.card is None for e in read_seat_update(TEXT).log)


def json_values() -> st.SearchStrategy[Any]:
    leaves = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4)
    leaves |= st.sampled_from(["2D", "KD", "7D", "keep", "play", "cut", "scored", ""])
    return st.recursive(
        leaves,
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
        max_leaves=6,
    )


def places(data: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside ``data``."""
    items = data.items() if isinstance(data, dict) else enumerate(data)
    for key, value in items:
        yield (*path, key)
        if isinstance(value, dict | list):
            yield from places(value, (*path, key))


SAMPLE_PLACES = list(places(json.loads(TEXT)))


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(SAMPLE_PLACES), json_values())
def test_any_value_anywhere_is_read_or_refused_with_a_parse_error(
    path: tuple[Any, ...], value: Any
) -> None:
    text = edited(setter(*path)(value))
    try:
        update = read_seat_update(text)
    except ParseError as error:
        assert len(str(error)) <= SHORT
    else:  # what loads is one the engine can play on
        update.view.sample(random.Random(1))


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(TEXT)), st.integers(0, 8), st.text(max_size=4))
def test_any_edit_of_the_text_is_read_or_refused_with_a_parse_error(
    at: int, cut: int, inserted: str
) -> None:
    try:
        read_seat_update(TEXT[:at] + inserted + TEXT[at + cut :])
    except ParseError as error:
        assert len(str(error)) <= SHORT


def test_the_host_refuses_to_write_a_bad_update() -> None:
    with pytest.raises(ChkobbaError, match="names: one for each of the 2 seats, not 1"):
        seat_update(SAMPLE, 0, ["Amel"], 1)
    with pytest.raises(ChkobbaError, match=r"names\[1\]: .* no control character"):
        seat_update(SAMPLE, 0, ["Amel", "S\x00"], 1)
    with pytest.raises(ChkobbaError, match="seq"):
        seat_update(SAMPLE, 0, NAMES[2], -1)
    with pytest.raises(ValueError, match="no seat 2"):
        seat_update(SAMPLE, 2, NAMES[2], 1)
    with pytest.raises(TypeError, match="names"):
        seat_update(SAMPLE, 0, "AS", 1)


def test_an_update_stays_well_under_its_limit() -> None:
    *_, (_, _, end) = random_match(6, 4, 31)  # a long match: the update grows with it
    assert end.phase == "over" and len(end.history) > 400
    assert len(seat_update(end, 0, NAMES[4], 0).encode()) < UPDATE_LIMIT * 2 / 3


# ----------------------------------------------------------------- the guest's moves


def test_the_host_accepts_a_legal_move_of_the_seat_to_play() -> None:
    before = SAMPLE.to_json()
    for move in SAMPLE.legal_moves():
        assert read_move(move_message(move, 7), SAMPLE, 0, 7) == move
    assert SAMPLE.to_json() == before


@pytest.mark.parametrize(
    ("seat", "sent", "kind"),
    [(1, 7, "turn"), (0, 6, "stale"), (0, 8, "stale"), (1, 6, "stale")],
)
def test_a_move_out_of_turn_or_on_another_update_is_refused(
    seat: int, sent: int, kind: str
) -> None:
    before = SAMPLE.to_json()
    move = SAMPLE.legal_moves()[0]
    with pytest.raises(PeerRefusal) as refused:
        read_move(move_message(move, sent), SAMPLE, seat, 7)
    assert refused.value.kind == kind and refused.value.refusal is None
    assert SAMPLE.to_json() == before


def test_no_move_is_anyones_turn_once_the_match_is_over() -> None:
    over = list(positions(1, 2, 3))[-1]
    assert over.phase == "over"
    for seat in (0, 1):
        with pytest.raises(PeerRefusal, match="the match is over") as refused:
            read_move(move_message(Move.parse("keep"), 0), over, seat, 0)
        assert refused.value.kind == "turn"


def test_an_illegal_move_is_refused_with_the_engines_refusal() -> None:
    before = SAMPLE.to_json()
    held = set(SAMPLE.hands[0])
    stranger = next(card for card in SAMPLE.hands[1] if card not in held)
    for move in (Move.play(stranger), Move.parse("keep")):
        with pytest.raises(PeerRefusal) as refused:
            read_move(move_message(move, 7), SAMPLE, 0, 7)
        assert refused.value.kind == "illegal"
        assert refused.value.refusal == SAMPLE.refusal(move)
        assert str(refused.value) == refused.value.refusal.text
    assert SAMPLE.to_json() == before


MOVE = move_message(Move.parse("keep"), 7)
MALFORMED_MOVES = [
    ("not JSON", "keep", "not JSON"),
    ("not text", None, "is text"),
    ("a list", "[]", "document"),
    ("another format", MOVE.replace("chkobba-move", "chkobba-hello"), "document"),
    ("no move", '{"format":"chkobba-move","version":1,"seq":7}', "lacks move"),
    ("a seat field", MOVE.replace('"seq"', '"seat":0,"seq"'), "no field 'seat'"),
    ("seq as text", MOVE.replace('"seq":7', '"seq":"7"'), "seq"),
    ("move a number", MOVE.replace('"keep"', "7"), "move"),
    ("move misspelt", MOVE.replace('"keep"', '"QHy"'), "bad move"),
    ("move not canonical", MOVE.replace('"keep"', '"KEEP"'), "is written 'keep'"),
    ("513 bytes", MOVE[:-1] + " " * (MESSAGE_LIMIT + 1 - len(MOVE)) + "}", "too long"),
    ("300 two-byte letters", MOVE[:-1] + ',"x":"' + "é" * 300 + '"}', "too long"),
    ("deep", "[" * 200 + "]" * 200, "nested too deeply"),
]


@pytest.mark.parametrize(
    ("text", "says"), [case[1:] for case in MALFORMED_MOVES], ids=[c[0] for c in MALFORMED_MOVES]
)
def test_a_malformed_move_is_a_parse_error(text: Any, says: str) -> None:
    before = SAMPLE.to_json()
    with pytest.raises(ParseError) as error:
        read_move(text, SAMPLE, 0, 7)
    assert says in str(error.value) and len(str(error.value)) <= SHORT
    assert SAMPLE.to_json() == before


def test_a_move_message_is_only_made_of_a_move() -> None:
    assert json.loads(move_message(Move.parse("QHx2D+6S"), 3)) == {
        "format": "chkobba-move",
        "version": 1,
        "seq": 3,
        "move": "QHx2D+6S",
    }
    with pytest.raises(TypeError):
        move_message("keep", 3)
    with pytest.raises(ChkobbaError):
        move_message(Move("play", None, ()), 3)


# ----------------------------------------------------------------- the guest's hello


def test_a_hello_reads_back() -> None:
    assert read_hello(hello_message("Sami ⭐", "fr", "0.1.0")) == Hello("Sami ⭐", "fr", "0.1.0")


HELLO = hello_message("Sami", "fr", "0.1.0")


@pytest.mark.parametrize(
    ("text", "says"),
    [
        (HELLO.replace('"Sami"', '"Sa\\u0000mi"'), "no control character"),
        (HELLO.replace('"Sami"', '"' + "S" * 25 + '"'), "at most 24 characters"),
        (HELLO.replace('"Sami"', '""'), "a name is not blank"),
        (HELLO.replace('"fr"', '"FR!"'), "lang"),
        (HELLO.replace('"0.1.0"', '""'), "app_version"),
        (HELLO.replace('"0.1.0"', "1"), "app_version"),
        (HELLO.replace('"lang"', '"language"'), "lacks lang"),
        (HELLO.replace('"version":1', '"version":9'), "version 9"),
        (HELLO[:-1] + ',"pad":"' + "x" * MESSAGE_LIMIT + '"}', "too long"),
        (HELLO[:10], "not JSON"),
    ],
)
def test_a_malformed_hello_is_a_parse_error(text: str, says: str) -> None:
    with pytest.raises(ParseError) as error:
        read_hello(text)
    assert says in str(error.value) and len(str(error.value)) <= SHORT


def test_a_bad_hello_is_not_written() -> None:
    with pytest.raises(ChkobbaError, match="name"):
        hello_message("Sa\tmi", "fr", "0.1.0")
    with pytest.raises(ChkobbaError, match="lang"):
        hello_message("Sami", "", "0.1.0")


def test_an_empty_name_is_the_computers_seat():
    game = Game.new(Rules(players=4), seed=3)
    update = read_seat_update(seat_update(game, 2, ["Amel", "", "Sami", ""], seq=1))
    assert update.names == ("Amel", "", "Sami", "")


# ----------------------------------------------------------------- positions no play reaches


def one_move_in() -> Game:
    """A first deal's position after its cut and one play."""
    game = Game.new(Rules(players=2, target=21), seed=7).play("keep")
    return game.play(game.legal_moves()[0])


def update_of(game: Game, change: Any, seq: int = 7) -> str:
    data = json.loads(seat_update(game, 0, NAMES[game.rules.players], seq))
    change(data)
    return json.dumps(data)


def unseen_codes(view: dict[str, Any]) -> list[str]:
    seen = {*view["hand"], *view["table"], *view["piles"][0], *view["piles"][1]}
    return [card.code for card in DECK if card.code not in seen]


def big_table(data: dict[str, Any]) -> None:
    """18 cards of the stock laid on the table (the counts still add up to 40): 22 cards."""
    view = data["view"]
    view["table"] += unseen_codes(view)[-18:]
    view["stock_count"] -= 18


def uncaptured_pile(data: dict[str, Any]) -> None:
    """Cards of the stock put in seat 1's pile: no play in the log took them."""
    view = data["view"]
    view["piles"][1] += unseen_codes(view)[-6:]
    view["stock_count"] -= 6


def piles_swapped(data: dict[str, Any]) -> None:
    view = data["view"]
    view["piles"] = [view["piles"][1], view["piles"][0]]
    view["sweeps"] = [view["sweeps"][1], view["sweeps"][0]]


def false_chkobba(data: dict[str, Any]) -> None:
    """A play that swept nothing written as a chkobba in the log."""
    entry = next(e for e in data["log"] if e["kind"] == "play" and not e.get("chkobba"))
    entry["chkobba"] = True


def more_chkobbas(data: dict[str, Any]) -> None:
    """Deal 1 scored 10**90 chkobbas more for side 0 (its totals and the scores to match),
    against a target of 10**99 - 1."""
    view, more = data["view"], 10**90
    view["rules"]["target"] = 10**99 - 1
    first = view["deal_results"][0]["scores"][0]
    first["chkobba"] += more
    first["total"] += more
    for result in view["deal_results"]:
        result["totals"][0] += more
    view["scores"][0] += more


def one_chkobba_more(data: dict[str, Any]) -> None:
    """The same with one chkobba only, at the usual target: the deal's plays score less."""
    view = data["view"]
    first = view["deal_results"][0]["scores"][0]
    first["chkobba"] += 1
    first["total"] += 1
    for result in view["deal_results"]:
        result["totals"][0] += 1
    view["scores"][0] += 1


def move_changed(data: dict[str, Any]) -> None:
    """The history's first capture says it took a card of the seat's hand."""
    history = data["view"]["history"]
    at = next(number for number, move in enumerate(history) if move[2:3] == "x")
    history[at] = f"{history[at][:2]}x{data['view']['hand'][0]}"


SEVEN = read_seat_update(TEXT)

LIES = [
    ("22 cards on the table", one_move_in(), big_table, "starts with 22 cards on the table"),
    ("a pile no play took", SAMPLE, uncaptured_pile, "piles are not what the log's moves took"),
    ("piles swapped", SAMPLE, piles_swapped, "are not what the log's moves took"),
    ("a chkobba that swept nothing", SAMPLE, false_chkobba, "a chkobba: it swept nothing"),
    ("10**90 chkobbas", SAMPLE, more_chkobbas, "played to 11, 21, 31 points, not a number"),
    ("one chkobba more", SAMPLE, one_chkobba_more, "its result is not what its plays score"),
    ("target 5", SAMPLE, setter("view", "rules", "target")(5), "not 5"),
    ("scores of no deal", one_move_in(), setter("view", "scores")([5, 0]), "not the sum"),
]


@pytest.mark.parametrize(
    ("game", "change", "says"), [lie[1:] for lie in LIES], ids=[lie[0] for lie in LIES]
)
def test_a_position_no_play_reaches_is_refused_saying_why(
    game: Game, change: Any, says: str
) -> None:
    with pytest.raises(ParseError, match="no play leads to it") as error:
        read_seat_update(update_of(game, change))
    assert says in str(error.value)
    assert len(str(error.value)) <= SHORT, str(error.value)


def test_a_log_that_contradicts_the_table_is_refused() -> None:
    with pytest.raises(ParseError) as error:
        read_seat_update(update_of(SAMPLE, move_changed))
    assert len(str(error.value)) <= SHORT
    assert "no play leads to it" in str(error.value) or "entry for" in str(error.value)


def test_an_update_follows_the_one_before_on_its_link() -> None:
    after = seat_update(SAMPLE, 0, NAMES[2], 8)
    assert read_seat_update(after, after=SEVEN).seq == 8
    for seq in (2**53 - 1, 7, 9, 0):
        with pytest.raises(ParseError, match=f"update {seq} does not follow update 7"):
            read_seat_update(seat_update(SAMPLE, 0, NAMES[2], seq), after=SEVEN)
    with pytest.raises(ParseError, match=r"view\.seat: the link's seat is 0"):
        read_seat_update(seat_update(SAMPLE, 1, NAMES[2], 8), after=SEVEN)


def test_a_goodbye_says_why_the_host_drops_a_guest() -> None:
    assert read_goodbye(goodbye_message("flood")) == "flood"
    with pytest.raises(ChkobbaError, match="no reason 'bored'"):
        goodbye_message("bored")
    text = goodbye_message("flood").replace("flood", "x" * 400)
    with pytest.raises(ParseError, match="goodbye message: no reason") as error:
        read_goodbye(text)
    assert len(str(error.value)) <= SHORT
    with pytest.raises(ParseError, match="has no field"):
        read_goodbye(goodbye_message("flood").replace('"reason"', '"reason":1,"more"'))
