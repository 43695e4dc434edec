"""The daily deal's page logic, in CPython with a fake screen and storage: the UTC day's deal
against the hard computer, kept apart from the player's match and statistics, over after its one
deal with a result to share and a run of days; no hint, no undo, no other match in its place."""

import datetime
import json
from html import escape

import pytest
from app_support import no_wait, play_by_taps, run
from chkobba import bots
from chkobba.bots import make_bot
from chkobba.daily import daily_game, daily_points
from fakes import Screen, Store
from shared import i18n
from ui import words
from ui.controller import App
from ui.model import NoticeKind, parse_params
from ui.stats import STATS_KEY
from ui.storage import DAILY_KEY, DAYS_KEY, SAVE_KEY, Storage

EN = i18n.language("en")
DAY = datetime.date(2026, 12, 3)


def daily_app(store, query="?daily&pace=0", now="2026-12-03T23:59:00Z"):
    app = App(Screen(), Storage(store), parse_params(query), lambda: 9, no_wait, clock=lambda: now)
    app.review_ahead = False
    return app


@pytest.fixture(scope="module")
def played():
    """A store in which today's daily was played to its end, and the app that played it."""
    store = Store({SAVE_KEY: "the player's match, left alone"})
    app = daily_app(store)
    run(play_by_taps(app))
    return store, app


def test_the_daily_is_the_days_deal_against_the_hard_computer():
    store = Store()
    app = daily_app(store)
    assert app.game == daily_game(DAY)
    app.start()
    assert type(app.opponent()) is type(make_bot("hard", seed=1))
    assert type(app.opponent()) is not type(make_bot("medium", seed=1))
    assert DAILY_KEY in store and SAVE_KEY not in store  # kept apart from the player's match
    assert EN._(words.DAILY) in app.screen.html  # said on the score bar


def test_the_computers_moves_are_the_same_on_a_slow_device(monkeypatch):
    """No clock changes the computer's move (the daily deal is the same for everyone): the
    page's bot with a clock that says a second passed at each look plays what it plays with a
    clock that stands."""

    def moves(step: float) -> list[str]:
        now = [0.0]

        def clock() -> float:
            now[0] += step
            return now[0]

        def slow_bot(*args: object, **options: object) -> object:
            bot = make_bot(*args, **options)
            bot.clock = clock
            return bot

        monkeypatch.setattr(bots, "make_bot", slow_bot)
        app = daily_app(Store())
        run(play_by_taps(app))
        return [str(move) for move in app.game.history]

    assert moves(1.0) == moves(0.0)


def test_a_played_daily_ends_after_one_deal_with_its_result_to_share(played):
    store, app = played
    assert app.phase() == "over"
    assert len(app.game.deal_results) == 1
    ours, theirs = daily_points(app.game)
    html = app.screen.html
    assert escape(words.daily_result(EN, ours, theirs)) in html
    assert 'data-copy="?daily=2026-12-03"' in html
    assert escape(words.daily_share(EN, "2026-12-03", ours, theirs)) in html
    assert escape(words.daily_streak(EN, 1, 1)) in html
    assert json.loads(store[DAYS_KEY]) == ["2026-12-03"]
    # The player's match and statistics are untouched.
    assert store[SAVE_KEY] == "the player's match, left alone"
    assert STATS_KEY not in store


def test_nothing_replaces_the_daily_nor_helps_with_it(played):
    _, app = played
    before = app.game
    for action in ("new", "next", "hint", "undo", "confirm-new"):
        run(app.tap(action))
    assert app.game == before and app.phase() == "over"
    run(app.tap("settings"))
    html = app.screen.html
    assert 'data-action="new"' not in html and 'data-action="players"' not in html
    assert 'data-action="level"' not in html and 'data-action="undo-setting"' not in html
    assert escape(EN._(words.DAILY_NOTE)) in html
    run(app.tap("players", "4"))
    assert app.game == before


def test_a_reload_shows_the_result_and_the_next_day_brings_a_new_deal(played):
    store, _ = played
    again = daily_app(Store(store))
    again.start()
    assert again.phase() == "over"
    tomorrow = daily_app(Store(store), now="2026-12-04T00:00:01Z")
    assert tomorrow.game == daily_game(DAY + datetime.timedelta(days=1))
    assert tomorrow.ui.streak == (1, 1)  # yesterday's counts until today's is played


@pytest.mark.parametrize("other", ["?daily=2026-11-20&pace=0", "?daily=2027-03-01&pace=0"])
def test_a_finished_day_stays_finished_whatever_links_are_opened(played, other):
    """An earlier day's deal played to its end, or a day to come, then today's link: today's
    result as it was, and when the next day's deal comes."""
    store, app = played
    store = Store(store)
    elsewhere = daily_app(store, other)
    run(play_by_taps(elsewhere))
    again = daily_app(store)
    again.start()
    assert again.phase() == "over" and again.game == app.game
    html = again.screen.html
    assert escape(words.daily_result(EN, *daily_points(app.game))) in html
    assert escape(words.next_daily(EN, 1)) in html  # at 23:59 UTC
    assert "in 0 h 01 min" in words.next_daily(EN, 1)


def test_an_earlier_days_link_never_discards_todays_deal_in_progress():
    store = Store()
    app = daily_app(store)
    app.start()
    run(play_by_taps(app, moves=4, start=False))
    history = app.game.history
    assert len(history) >= 4
    earlier = daily_app(store, "?daily=2001-01-01&pace=0")
    assert earlier.game == daily_game(datetime.date(2001, 1, 1))
    earlier.start()
    run(play_by_taps(earlier, moves=3, start=False))
    back = daily_app(store)
    assert back.game.history == history  # today's, where it was left
    again = daily_app(store, "?daily=2001-01-01&pace=0")
    assert again.game == earlier.game  # and the earlier day's, where it was left


def test_an_earlier_days_deal_has_no_next_deals_time():
    app = daily_app(Store(), "?daily=2026-11-20&pace=0")
    run(play_by_taps(app))
    assert app.ui.next_daily == 0
    assert "midnight UTC" not in app.screen.html


def test_an_earlier_days_deal_from_a_link_is_played_but_not_counted():
    store = Store()
    app = daily_app(store, "?daily=2026-11-20&pace=0")
    assert app.game == daily_game(datetime.date(2026, 11, 20))
    run(play_by_taps(app))
    assert app.phase() == "over"
    assert DAYS_KEY not in store
    assert 'data-copy="?daily=2026-11-20"' in app.screen.html


@pytest.mark.parametrize(
    ("query", "kind"), [("?daily=2027-01-01", "future"), ("?daily=tomorrow", "daily")]
)
def test_a_day_to_come_or_no_day_gives_todays_deal_and_says_why(query, kind):
    app = daily_app(Store(), query + "&pace=0")
    assert app.game == daily_game(DAY)
    [notice] = [n for n in app.ui.notices if n.kind == NoticeKind.ADDRESS]
    assert [p.kind for p in notice.problems] == [kind]
    assert "2026-12-03" in words.notice(EN, notice) or "day" in words.notice(EN, notice)


def test_the_players_match_page_offers_the_daily():
    app = App(Screen(), Storage(Store()), parse_params("?pace=0"), lambda: 9, no_wait)
    app.start()
    run(app.tap("settings"))
    assert 'href="./index.html?daily"' in app.screen.html
