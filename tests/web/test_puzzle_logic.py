"""Puzzles on the page, in CPython (no browser): every puzzle of 2027's first 30 days told in
French, Derja and English (the answer legal and worth what is claimed; a wrong move's clue; a
refused move's reason), and the app's puzzle screen driven by taps: the day's puzzle tried
wrong then right, its streak kept, a bad day, a position's link, the player's own puzzles."""

import asyncio
import datetime
import html
import json
import re
from urllib.parse import parse_qsl

import pytest
from app_support import no_wait, run
from board.spec import parse_spec
from chkobba import ChkobbaError, Game
from chkobba.puzzle_goals import move_values
from chkobba.puzzles import PUZZLE_RULES, alike, daily_puzzle, judge
from fakes import Screen, Store
from shared import i18n
from ui.controller import App
from ui.frame import make_frame
from ui.model import parse_params
from ui.puzzle import board_words, question, reason, tried_words
from ui.render import render
from ui.storage import OWN_PUZZLES_KEY, PUZZLE_DAYS_KEY, UNSAVED, Storage

LANGS = {code: i18n.language(code) for code in ("fr", "ar", "en")}
ARABIC = re.compile("[\u0600-\u06ff]")
DAYS = [datetime.date(2027, 1, 1) + datetime.timedelta(days=n) for n in range(30)]
TODAY = "2027-01-05T10:00:00Z"


def worded(texts):
    """Each language's words: non-empty, the Arabic in Arabic script, none left in English."""
    assert all(texts.values()), texts
    assert ARABIC.search(texts["ar"]), texts["ar"]
    assert texts["fr"] != texts["en"] and texts["ar"] != texts["en"], texts


@pytest.mark.parametrize("day", DAYS, ids=str)
def test_each_puzzle_of_30_days_is_played_and_told(day):
    puzzle = daily_puzzle(day)
    game = puzzle.game
    assert puzzle.answer in game.legal_moves()
    values = dict(move_values(game))  # plain minimax over Game, every legal move
    assert values[puzzle.answer] == puzzle.value
    assert max(v for m, v in values.items() if not alike(m, puzzle.answer)) == (
        puzzle.value - puzzle.margin
    )
    wrong = next(m for m in game.legal_moves() if not alike(m, puzzle.answer))
    foreign = game.hands[1 - puzzle.seat][0]  # a card of the other hand: refused
    verdicts = {
        "right": judge(puzzle, puzzle.answer),
        "wrong": judge(puzzle, wrong),
        "refused": judge(puzzle, str(foreign)),
    }
    assert verdicts["right"].right and not verdicts["wrong"].right
    assert verdicts["wrong"].loss == puzzle.value - values[wrong]
    assert verdicts["refused"].refusal is not None
    for verdict in verdicts.values():
        worded({code: tried_words(t, puzzle, verdict) for code, t in LANGS.items()})
    worded({code: question(t, puzzle) for code, t in LANGS.items()})
    said = tried_words(LANGS["en"], puzzle, verdicts["wrong"])
    assert puzzle.answer.card.label not in said  # the clue never names the answer's card
    assert str(puzzle.margin) in reason(LANGS["en"], puzzle)
    for code, t in LANGS.items():  # the board line copied, in the page's language: a board's
        line = board_words(t, puzzle)
        attributes = {k: html.unescape(v) for k, v in re.findall(r'(\w+)="([^"]*)"', line)}
        spec = parse_spec(attributes)
        assert spec.lang == code and spec.start == game and spec.steps == (puzzle.alike,)
        assert spec.captions == (reason(t, puzzle),) and spec.caption == question(t, puzzle)


def puzzle_app(query, store=None):
    """The app on a fake screen, started at ``query`` (on TODAY), its puzzle made."""
    store = store if store is not None else Store()
    app = App(
        Screen(), Storage(store), parse_params(query), lambda: 9, no_wait, clock=lambda: TODAY
    )
    app.review_ahead = False

    async def started():
        app.start()
        await made(app)

    run(started())
    return app


async def made(app):
    """Wait for the app's background work (the puzzle made)."""
    for _ in range(100):
        if not app.tasks:
            return
        await asyncio.sleep(0)
    raise AssertionError("the puzzle was not made")


def tap(app, action, value=""):
    async def tapped():
        await app.tap(action, value)
        await made(app)

    run(tapped())


def bar(app):
    return make_frame(app.game, app.ui, app.state.settings).puzzle


def test_the_days_puzzle_tried_wrong_then_right_keeps_its_streak():
    store = Store()
    store.setItem(PUZZLE_DAYS_KEY, json.dumps(["2027-01-03", "2027-01-04"]))
    app = puzzle_app("?puzzle&lang=fr", store)
    puzzle = app.ui.puzzle.puzzle
    assert app.ui.puzzle.day == "2027-01-05" and puzzle == daily_puzzle(datetime.date(2027, 1, 5))
    assert app.ui.viewer == puzzle.seat and app.phase() == "play"
    assert bar(app).streak == "Résolu 2 jours de suite (record : 2)."  # (yesterday's run)
    assert "chkobba-board" not in render(make_frame(app.game, app.ui, app.state.settings))
    wrong = next(m for m in app.game.legal_moves() if not alike(m, puzzle.answer))
    run(app.perform(puzzle.seat, wrong))
    assert bar(app).state == "open" and bar(app).answer and "réessayez" in bar(app).verdict
    assert app.game == puzzle.game  # the table stays for another try
    tap(app, "puzzle-move", str(app.game.hands[1 - puzzle.seat][0]))  # refused: not in hand
    assert "main" in bar(app).verdict and app.ui.puzzle.wrong == 2
    run(app.perform(puzzle.seat, puzzle.answer))
    shown = bar(app)
    assert shown.state == "solved" and shown.verdict.startswith("Bien vu")
    assert (
        shown.streak == "Résolu 3 jours de suite (record : 3)."
        and 'lang="fr"' in shown.board
        and app.phase() == "wait"
    )
    assert json.loads(store.getItem(PUZZLE_DAYS_KEY))[-1] == "2027-01-05"
    assert store.getItem("chkobba.save") is None  # the player's match is left alone


def test_show_the_answer_counts_no_day_and_a_bad_day_gives_todays():
    store = Store()
    app = puzzle_app("?puzzle=2027-13-45&lang=en", store)
    notice = make_frame(app.game, app.ui, app.state.settings).notice
    assert "2027-13-45" in notice and "today's puzzle" in notice
    assert app.ui.puzzle.day == "2027-01-05"
    puzzle = app.ui.puzzle.puzzle
    wrong = next(m for m in app.game.legal_moves() if not alike(m, puzzle.answer))
    run(app.perform(puzzle.seat, wrong))
    tap(app, "puzzle-answer")
    assert bar(app).state == "shown" and bar(app).verdict.startswith("The answer:")
    assert store.getItem(PUZZLE_DAYS_KEY) is None


def test_a_puzzle_link_is_proved_again_and_any_day_has_its_own():
    puzzle = daily_puzzle(datetime.date(2027, 1, 2))
    app = puzzle_app("?" + bar(puzzle_app("?puzzle=2027-01-02")).link[1:].replace("+", "%20"))
    assert app.ui.puzzle.puzzle == puzzle and app.ui.puzzle.day == "2027-01-02"
    link = "?puzzle=" + puzzle.position.replace(" ", "+")
    own = puzzle_app(link)
    assert own.ui.puzzle.puzzle == puzzle and own.ui.puzzle.day == ""
    assert parse_qsl(bar(own).link[1:])[0][1] == puzzle.position
    later = puzzle_app("?puzzle=2030-01-01")  # a day to come: its own puzzle too
    assert later.ui.puzzle.puzzle == daily_puzzle(datetime.date(2030, 1, 1))
    dealt = Game.new(PUZZLE_RULES, seed=5).notation()  # a deal's start: nothing proved
    none = puzzle_app("?puzzle=" + dealt.replace(" ", "+"))
    notice = make_frame(none.game, none.ui, none.state.settings).notice
    assert "no one best move" in notice and none.ui.puzzle.day == "2027-01-05"


def test_the_players_own_puzzles_are_listed_opened_and_bounded():
    store = Store()
    storage = Storage(store)
    days = [daily_puzzle(datetime.date(2027, 2, n)) for n in (1, 2)]
    for puzzle in days:
        assert storage.keep_puzzle(puzzle.position) is None
    for n in range(40):  # bounded: the last ones kept
        storage.keep_puzzle(f"x{n}")
    kept, whole = storage.own_puzzles()
    assert len(kept) == 30 and whole and kept[-1] == ("x39", False)
    store.setItem(
        OWN_PUZZLES_KEY, json.dumps([{"position": p.position, "solved": False} for p in days])
    )
    app = puzzle_app("?puzzle&lang=ar", store)
    tap(app, "puzzles")
    frame = make_frame(app.game, app.ui, app.state.settings)
    assert app.phase() == "puzzles" and len(frame.overlay.items) == 2
    tap(app, "puzzle-open", "1")
    assert app.ui.puzzle.puzzle == days[1] and app.ui.puzzle.day == ""
    run(app.perform(days[1].seat, days[1].answer))
    assert json.loads(store.getItem(OWN_PUZZLES_KEY))[1]["solved"] is True


def test_kept_puzzles_unreadable_are_set_aside_with_a_notice():
    store = Store()
    store.setItem(OWN_PUZZLES_KEY, '[{"position": "x", "solved": false}, 7]')
    store.setItem(PUZZLE_DAYS_KEY, "not json")
    app = puzzle_app("?puzzle", store)
    assert store.getItem(OWN_PUZZLES_KEY + ".unreadable").endswith("7]")
    assert json.loads(store.getItem(OWN_PUZZLES_KEY)) == [{"position": "x", "solved": False}]
    assert store.getItem(PUZZLE_DAYS_KEY + ".unreadable") == "not json"
    assert len(app.ui.notices) == 2 and app.ui.puzzle.puzzle is not None


def test_a_costly_move_in_a_last_hand_becomes_one_of_the_players_puzzles():
    puzzle = daily_puzzle(datetime.date(2027, 1, 1))
    game = puzzle.game
    costly = next(m for m in game.legal_moves() if str(m) == "5S")  # graded costly (2 points)
    store = Store()
    app = App(Screen(), Storage(store), parse_params("?pace=0"), lambda: 9, no_wait)
    run(app.review.review_later(game, costly))  # as the match goes: reviewed, then kept
    assert json.loads(store.getItem(OWN_PUZZLES_KEY)) == [
        {"position": puzzle.position, "solved": False}
    ]
    elsewhere = Store()
    page = puzzle_app("?puzzle", elsewhere)  # a puzzle's page keeps none of its own tries
    run(page.review.review_later(game, costly))
    assert elsewhere.getItem(OWN_PUZZLES_KEY) is None


def test_a_full_storage_tells_the_player_and_the_puzzle_goes_on():
    app = puzzle_app("?puzzle", Store(quota=10))
    puzzle = app.ui.puzzle.puzzle
    run(app.perform(puzzle.seat, puzzle.answer))
    assert bar(app).state == "solved" and UNSAVED in app.ui.notices


def test_a_day_with_no_puzzle_is_said_and_the_page_goes_on(monkeypatch):
    import chkobba.puzzles

    def none(day):
        raise ChkobbaError("no puzzle in 64 deals")

    monkeypatch.setattr(chkobba.puzzles, "daily_puzzle", none)
    app = puzzle_app("?puzzle&lang=en")
    frame = make_frame(app.game, app.ui, app.state.settings)
    assert frame.status == "No puzzle could be made for this day." and frame.bare
    assert app.phase() == "wait" and not app.tasks
