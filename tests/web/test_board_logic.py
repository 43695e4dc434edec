"""The board's Python in CPython: what the spec refuses (and how it says so), what taps and
commands do, the events, and that no outside text ever reaches the markup."""

from __future__ import annotations

import json

import pytest
from board import glue
from board.frame import frame
from board.render import render
from board.spec import BoardError, parse_spec
from board.state import start, tap
from chkobba import Game, Move
from positions import a_shared_deal

QUEEN = "2D6S QHJC/KC5H 0 -/- - 0-0/21 1 -"
LINE = "3C5HKD 7S3D6H/2C4DQS 0 -/- - 0-0/21 1 -"


def spec(**values: str):
    return parse_spec({"position": QUEEN, **values})


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"position": ""}, "no position"),
        ({"position": "2D6S QH"}, "expected 8 or 9 fields"),
        ({"position": "2D2D QH/KC 0 -/- - 0-0/21 1 -"}, "2D appears twice"),
        ({"position": "2D ZZ/KC 0 -/- - 0-0/21 1 -"}, "bad card 'ZZ'"),
        ({"position": "- AS2S3S4S5S6S7S/AH2H3H4H5H6H 0 -/- - 0-0/21 1 -"}, "holds 7 cards"),
        ({"position": "2D ASAH/- 1 -/- - 0-0/21 1 -"}, "seat 1 is to play but holds no card"),
        ({"position": "x" * 300}, "(300 characters): at most 240 characters"),
        ({"mode": "<script>"}, "mode: should be show, line or puzzle, not '<script>'"),
        ({"seat": "2"}, "seat '2' is not 0 or 1"),
        ({"play": "maybe"}, "play 'maybe' is not yes or no"),
        ({"mode": "line"}, "mode line needs moves"),
        ({"moves": "QHx2D+6S"}, "moves are for mode line or puzzle"),
        ({"mode": "line", "moves": "QHx2D+6S|JC"}, "alternatives (a|b) are for puzzles only"),
        ({"mode": "puzzle", "moves": "KC"}, "step 1 (KC): KC is not in seat 0's hand"),
        ({"mode": "puzzle", "moves": "QHx2D"}, "step 1 (QHx2D): QH cannot take 2D"),
        ({"mode": "puzzle", "moves": "Q?"}, "moves, step 1: bad move 'Q?'"),
        ({"mode": "line", "moves": "QHx2D+6S KC", "captions": "a | b | c"}, "3 given for 2"),
    ],
)
def test_bad_input_is_refused_with_what_was_wrong(values, message):
    with pytest.raises(BoardError) as error:
        spec(**values)
    assert message in str(error.value)


def test_a_move_list_illegal_at_step_5_names_step_5():
    with pytest.raises(BoardError) as error:
        parse_spec({"position": LINE, "mode": "line", "moves": "3Dx3C 2C 7Sx2C+5H 4D 6Hx4D QS"})
    assert str(error.value).startswith("moves, step 5 (6Hx4D): 6H cannot take 4D")


def test_a_long_bad_value_is_quoted_short():
    with pytest.raises(BoardError) as error:
        spec(mode="y" * 9 + "<img src=x>")
    assert len(str(error.value)) < 120


def test_unknown_names_are_errors_only_for_url_parameters():
    assert parse_spec({"position": QUEEN, "class": "x"}).mode == "show"
    with pytest.raises(BoardError, match="unknown parameter 'colour'"):
        parse_spec({"position": QUEEN, "colour": "x"}, strict=True)


def taps(board, *actions):
    events = []
    for action in actions:
        name, _, value = action.partition(" ")
        board, more = tap(board, name, value)
        events += more
    return board, events


def test_a_wrong_move_is_explained_by_the_engine_and_changes_nothing():
    board, _ = start(spec(mode="puzzle", moves="QHx2D+6S"))
    after, events = taps(board, "hand JC", "table 2D", "table 6S", "play")
    reason = Game.from_notation(QUEEN).why_illegal(Move.parse("JCx2D+6S"))
    assert reason == "JC cannot take 2D+6S: it takes nothing here"
    assert after.feedback.kind == "refused" and after.feedback.refusal.text == reason
    shown = frame(after)
    assert after.games == board.games and shown.tone == "bad"
    assert "J♣" in shown.feedback and "JC" not in shown.feedback
    assert events == [
        {
            "type": "failed",
            "move": "JCx2D+6S",
            "reason": reason,
            "step": 1,
            "position": board.game.notation(),
        }
    ]


def test_an_allowed_move_that_is_not_the_answer_says_so():
    board, _ = start(spec(mode="puzzle", moves="QHx2D+6S", explain="the queen makes 8"))
    after, events = taps(board, "hand JC", "play")
    shown = frame(after)
    assert shown.feedback.endswith("the queen makes 8") and "J♣" in shown.feedback
    assert shown.tone == "bad" and after.feedback.kind == "not-asked"
    assert events[0]["reason"] == "JC is allowed, but not the move asked for: the queen makes 8"
    assert [e["type"] for e in events] == ["failed"] and after.step == 0


def test_the_right_move_solves_the_puzzle():
    board, _ = start(spec(mode="puzzle", moves="QHx2D+6S"))
    after, events = taps(board, "hand QH", "table 6S", "table 2D", "play")
    position = Game.from_notation(QUEEN).play("QHx2D+6S").notation()
    assert [e["type"] for e in events] == ["move", "solved"]
    assert events[0] == {
        "type": "move",
        "move": "QHx2D+6S",
        "seat": 0,
        "step": 1,
        "position": position,
        "last": True,
    }
    assert after.solved and after.feedback.kind == "solved"
    assert frame(after).feedback.startswith("Right: ") and "Q♥" in frame(after).feedback
    assert frame(after).announce == "Chkobba!"
    assert taps(after, "hand JC", "play")[1] == []  # nothing more to play


def test_one_of_several_right_moves_and_the_replies_are_played():
    position = "AS5H2C4D 6CKH/3S7D 0 -/- - 0-0/21 1 -"
    for answer, table in (("6CxAS+5H", ("AS", "5H")), ("6Cx2C+4D", ("2C", "4D"))):
        board, _ = start(parse_spec({"position": position, "mode": "puzzle", "moves": answer}))
        picks = [f"table {code}" for code in table]
        assert taps(board, "hand 6C", *picks, "play")[0].solved
    last = "5C2DQS 7S/4H 0 AS2S3SKD/KC - 0-0/21 1 1"
    board, _ = start(parse_spec({"position": last, "mode": "puzzle", "moves": "7Sx2D+5C 4H"}))
    after, events = taps(board, "hand 7S", "table 5C", "table 2D", "play")
    assert [(e["type"], e.get("seat")) for e in events] == [
        ("move", 0),
        ("move", 1),
        ("solved", None),
    ]
    shown = frame(after)
    assert shown.score[0][1].startswith("1 (9 cards)")
    assert "Q♠" in shown.leftovers and "taken by you" in shown.leftovers


def test_a_line_steps_forward_and_back_with_its_captions():
    board, _ = start(
        parse_spec({"position": LINE, "mode": "line", "moves": "3Dx3C 2C", "captions": "one | two"})
    )
    assert frame(board).step == "Step 0 of 2"
    board, events = taps(board, "next")
    assert frame(board).feedback == "one" and events[0]["move"] == "3Dx3C"
    assert not events[0]["last"]
    board, events = taps(board, "next", "next")  # the second next does nothing
    assert frame(board).feedback == "two" and board.finished
    assert [e["last"] for e in events] == [True]
    board, events = taps(board, "prev")
    assert frame(board).feedback == "one" and board.step == 1 and events == []
    assert taps(board, "hand 7S", "play")[1] == []  # a line is not played by taps


def test_show_mode_plays_only_when_allowed_and_the_computer_answers():
    board, _ = start(spec())
    assert taps(board, "hand QH", "play")[1] == []
    board, _ = start(spec(play="yes"))
    after, events = taps(board, "hand QH", "table 2D", "table 6S", "play")
    assert [(e["type"], e["seat"]) for e in events] == [("move", 0), ("move", 1)]
    assert after.step == 2 and after.game.current == 0
    assert frame(after).status == "Your turn: tap a card of your hand."


def test_a_free_board_is_played_to_the_deals_end_never_waiting_on_nobody():
    board, _ = start(spec(play="yes"))
    while board.game.phase == "play" and len(board.game.deal_results) == 0:
        move = board.game.legal_moves()[0]
        board, _ = tap(board, "move", str(move))
    shown = frame(board)
    assert shown.status == "The deal is over and scored." and shown.score
    assert ("reset", "Start again", True) in shown.buttons


def test_the_status_says_tap_play_only_when_the_cards_make_the_value():
    board, _ = start(spec(play="yes"))
    board, _ = taps(board, "hand JC", "table 2D")
    status = frame(board).status
    assert "Tap Play" not in status and "2 of 9" in status
    board, _ = taps(board, "hand QH", "table 2D", "table 6S")
    assert frame(board).status.endswith("Tap Play.")


def test_the_status_asks_the_engine_not_the_sum_before_it_says_tap_play():
    """3♣ + 4♠ make 7, but the 7♥ must take the 7♦ (an equal card comes first): the board says
    the engine's refusal, never "Tap Play"; a pick that a legal capture completes asks for more."""
    board, _ = start(parse_spec({"position": "3C4S7D 7HJC/KC5H 0 -/- - 0-0/21 1 -", "play": "yes"}))
    board, _ = taps(board, "hand 7H", "table 3C", "table 4S")
    status = frame(board).status
    assert "Tap Play" not in status and "an equal card comes first" in status
    board, _ = start(parse_spec({"position": "3C4S KC7H/QS5H 0 -/- - 0-0/21 1 -", "play": "yes"}))
    board, _ = taps(board, "hand 7H", "table 3C")
    assert frame(board).status.endswith("Tap more cards, or Play to try.")
    board, _ = taps(board, "table 4S")
    assert frame(board).status.endswith("Tap Play.")


@pytest.mark.parametrize(
    ("lang", "around", "spoken"),
    [
        ("", [], "en"),
        ("fr", ["ar"], "fr"),
        ("ar-TN", [], "ar"),
        ("", ["fr-TN", "en"], "fr"),
        ("", ["de", "ar"], "ar"),
        ("", ["de"], "en"),
    ],
)
def test_a_boards_language_is_its_own_else_the_pages_else_the_browsers(lang, around, spoken):
    values = {"position": QUEEN, **({"lang": lang} if lang else {})}
    assert parse_spec(values, around=around).lang == spoken


def test_a_language_no_board_speaks_is_an_error_naming_it():
    with pytest.raises(BoardError, match="lang 'de' is not one of fr, ar, en"):
        spec(lang="de")


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("fr", ("Vous", "Jouer")),
        ("ar", ('dir="rtl"',)),
    ],
)
def test_a_board_speaks_its_language(lang, words):
    out = payload(glue.create("lang", json.dumps({"position": QUEEN, "play": "yes", "lang": lang})))
    shown = out["html"] + json.dumps(out["texts"], ensure_ascii=False)
    english = payload(glue.create("en", json.dumps({"position": QUEEN, "play": "yes"})))
    assert out["texts"]["status"] != english["texts"]["status"]
    for word in words:
        assert word in shown


def test_a_board_follows_the_page_around_it_and_keeps_its_language_on_load():
    out = payload(glue.create("around", json.dumps({"position": QUEEN}), False, '["fr"]'))
    assert 'lang="fr"' in out["html"]
    loaded = payload(glue.command("around", json.dumps({"type": "chkobba:load", "position": LINE})))
    assert 'lang="fr"' in loaded["html"]
    for junk in ("not json", '{"a": 1}', "[1, null]", "x" * 5000):
        assert (
            payload(glue.create("junk", json.dumps({"position": QUEEN}), False, junk))["state"]
            == "ready"
        )


def payload(text: str) -> dict:
    return json.loads(text)


def test_outside_text_goes_to_text_slots_never_into_the_markup():
    hostile = '<img src=x onerror="alert(1)"><script>alert(2)</script>'
    out = payload(glue.create("t1", json.dumps({"position": QUEEN, "caption": hostile})))
    assert out["state"] == "ready" and out["texts"]["caption"] == hostile
    assert "<img" not in out["html"] and "<script" not in out["html"]
    bad = payload(glue.create("t2", json.dumps({"position": hostile})))
    assert bad["state"] == "error" and "<img" not in bad["html"]
    assert bad["texts"]["error"].startswith("position: ")
    html, texts = render(frame(start(spec(caption=hostile))[0]))
    assert hostile not in html and texts["caption"] == hostile


@pytest.mark.parametrize(
    ("message", "notice"),
    [
        ("[1, 2]", "expected an object"),
        ('"reset"', "expected an object"),
        ("{}", "no type is not a command"),
        ('{"type": "chkobba:fly"}', "'chkobba:fly' is not a command"),
        ('{"type": "chkobba:reset", "x": 1}', "takes no other field"),
        ('{"type": "chkobba:load", "position": "zz"}', "could not load: position:"),
        ('{"type": "chkobba:load", "position": "' + QUEEN + '", "run": "x"}', "unknown parameter"),
        ("x" * 20_000, "at most 10000"),
    ],
)
def test_commands_of_the_wrong_shape_are_ignored_with_a_notice(message, notice):
    glue.create("c", json.dumps({"position": QUEEN, "mode": "puzzle", "moves": "QHx2D+6S"}))
    glue.act("c", "hand", "JC")
    before = glue.BOARDS["c"]
    out = payload(glue.command("c", message))
    assert out["state"] == "ready" and notice in out["texts"]["note"]
    assert glue.BOARDS["c"].games == before.games
    assert out["events"] == [{"type": "error", "message": out["texts"]["note"]}]


def test_load_and_reset_commands():
    glue.create("d", json.dumps({"position": QUEEN, "mode": "puzzle", "moves": "QHx2D+6S"}))
    for action, value in (("hand", "QH"), ("table", "2D"), ("table", "6S"), ("play", "")):
        glue.act("d", action, value)
    assert glue.BOARDS["d"].solved
    out = payload(glue.command("d", '{"type": "chkobba:reset"}'))
    assert out["state"] == "ready" and glue.BOARDS["d"].step == 0
    other = "3C6DKS 6H2C/4S5H 0 -/- - 0-0/21 1 -"
    out = payload(glue.command("d", json.dumps({"type": "chkobba:load", "position": other})))
    assert out["events"][0]["type"] == "ready" and glue.BOARDS["d"].spec.mode == "show"
    assert glue.BOARDS["d"].game == Game.from_notation(other)
    refused = payload(glue.command("d", "null", "a message from https://evil.example"))
    assert "Ignored a command: a message from https://evil.example" in refused["texts"]["note"]


SHAPE = {"state", "html", "texts", "events"}


def test_a_board_in_error_still_takes_commands():
    out = payload(glue.create("e", json.dumps({"position": "2D6S QH"})))
    error = out["texts"]["error"]
    assert out["state"] == "error" and "expected 8 or 9 fields" in error
    assert [e["type"] for e in out["events"]] == ["error"]

    reset = payload(glue.command("e", '{"type": "chkobba:reset"}'))
    assert set(reset) == SHAPE and reset["state"] == "error"
    assert reset["texts"]["error"] == error and "<p" in reset["html"]  # still says why
    (event,) = reset["events"]
    assert event["type"] == "error"
    assert event["message"].startswith("Ignored a command: chkobba:reset: the board never loaded")
    assert "expected 8 or 9 fields" in event["message"] and len(event["message"]) < 200

    for message, notice in (
        ('{"type": "chkobba:fly"}', "'chkobba:fly' is not a command"),
        ("[1, 2]", "expected an object"),
        ('{"type": "chkobba:load", "position": "zz"}', "could not load: position:"),
    ):
        out = payload(glue.command("e", message))
        assert out["state"] == "error" and out["texts"]["error"] == error
        (event,) = out["events"]
        assert event["type"] == "error" and event["message"].startswith("Ignored a command: ")
        assert notice in event["message"]
    refused = payload(glue.command("e", "null", "a message from https://evil.example"))
    notice = "Ignored a command: a message from https://evil.example"
    assert refused["state"] == "error" and refused["events"][0]["message"] == notice
    assert payload(glue.act("e", "hand", "QH")) == {**refused, "events": []}  # nothing to tap

    out = payload(glue.command("e", json.dumps({"type": "chkobba:load", "position": QUEEN})))
    assert set(out) == SHAPE and out["state"] == "ready"
    shown = Game.from_notation(QUEEN).notation()
    assert out["events"] == [{"type": "ready", "mode": "show", "position": shown}]
    assert glue.BOARDS["e"].game == Game.from_notation(QUEEN)
    assert payload(glue.command("e", '{"type": "chkobba:reset"}'))["state"] == "ready"


def test_only_a_key_never_made_or_forgotten_is_gone():
    gone = {"state": "gone", "events": []}
    assert payload(glue.command("never", '{"type": "chkobba:reset"}')) == gone
    assert payload(glue.act("never", "hand", "QH")) == gone
    glue.create("f", json.dumps({"position": ""}))
    assert payload(glue.command("f", '{"type": "chkobba:reset"}'))["state"] == "error"
    glue.forget("f")
    assert payload(glue.command("f", '{"type": "chkobba:reset"}')) == gone
    assert "f" not in glue.BOARDS


def test_a_remade_board_in_error_forgets_the_board_it_was():
    glue.create("g", json.dumps({"position": QUEEN}))
    remade = payload(glue.create("g", json.dumps({"position": QUEEN, "seat": "3"})))
    assert remade["state"] == "error"
    reset = payload(glue.command("g", '{"type": "chkobba:reset"}'))
    assert reset["state"] == "error" and "seat '3' is not 0 or 1" in reset["events"][0]["message"]


def test_a_bug_puts_the_board_in_error_and_reset_starts_it_again(monkeypatch):
    glue.create("h", json.dumps({"position": QUEEN, "mode": "puzzle", "moves": "QHx2D+6S"}))

    def crash(*_):
        raise RuntimeError("boom")

    with monkeypatch.context() as patch:
        patch.setattr(glue, "tap", crash)
        out = payload(glue.act("h", "hand", "QH"))
    assert out["state"] == "error" and out["texts"]["error"] == "internal error: RuntimeError: boom"
    assert out["events"] == [{"type": "error", "message": out["texts"]["error"]}]
    with monkeypatch.context() as patch:
        patch.setattr(glue, "start", crash)
        out = payload(glue.command("h", '{"type": "chkobba:reset"}'))
    assert set(out) == SHAPE and out["state"] == "error"
    out = payload(glue.command("h", '{"type": "chkobba:reset"}'))  # back to the puzzle's start
    assert out["state"] == "ready" and glue.BOARDS["h"].spec.mode == "puzzle"


@pytest.mark.parametrize("value", ["not a url", "", "javascript:alert(1)", "x" * 300])
def test_a_parent_origin_the_frame_could_not_use_is_an_error_naming_it(value):
    out = payload(glue.create("i", json.dumps({"position": QUEEN, "parent-origin": value}), True))
    message = out["texts"]["error"]
    assert out["state"] == "error" and message.startswith("parent-origin '")
    assert message.endswith(" is not an origin like https://my.site") and len(message) < 100
    assert out["events"] == [{"type": "error", "message": message}]
    element = json.dumps({"position": QUEEN, "parent-origin": value})  # an element's: not read
    assert payload(glue.create("i", element))["state"] == "ready"


def test_a_shared_deal_is_a_line_seen_from_its_players_seat():
    game, link = a_shared_deal()
    board, _ = start(parse_spec({"deal": link}))
    assert board.spec.mode == "line" and board.spec.seat == 0
    assert [s[0] for s in board.spec.steps] == list(game.history)
    total = len(game.history)
    assert frame(board).step == f"Step 0 of {total}"
    board, events = taps(board, *["next"] * total)
    assert board.finished and events[-1]["last"] and board.game.deal_results
    render(frame(board))  # the deal's end draws


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ({"deal": "1AAAAAAAAAAAAAAAAAAAA"}, "deal: bad deal link"),
        ({"deal": "x" * 121}, r"deal: 'x{24}'… \(121 characters\): at most 120 characters"),
        ({"deal": "LINK", "position": LINE}, "without position or moves"),
        ({"deal": "LINK", "mode": "puzzle"}, "without position or moves"),
        ({"deal": "FOUR"}, "two-player deals only"),
    ],
)
def test_a_bad_or_misused_deal_is_refused_with_what_was_wrong(values, message):
    link, four = a_shared_deal()[1], a_shared_deal(4)[1]
    values = {k: {"LINK": link, "FOUR": four}.get(v, v) for k, v in values.items()}
    with pytest.raises(BoardError, match=message):
        parse_spec(values)
