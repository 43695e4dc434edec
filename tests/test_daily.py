"""The daily deal: its seed from the UTC date (pinned), the UTC day, the game, streaks."""

from __future__ import annotations

import datetime
import doctest

import pytest
from chkobba import Game, Phase, Rules, daily, deal_link, read_deal_link
from chkobba.bots import LEVELS
from chkobba.daily import (
    DAILY_LEVEL,
    DAILY_RULES,
    SEED_BITS,
    daily_game,
    daily_seed,
    streak,
    utc_day,
)

UTC = datetime.UTC
PLUS_ONE = datetime.timezone(datetime.timedelta(hours=1))
MINUS_FIVE = datetime.timezone(datetime.timedelta(hours=-5))
DAY = datetime.date(2026, 12, 2)
ONE_DAY = datetime.timedelta(days=1)


def test_doctests() -> None:
    assert doctest.testmod(daily).failed == 0


# ----------------------------------------------------------------- the seed


@pytest.mark.parametrize(
    ("day", "seed"),
    [
        (datetime.date(2026, 1, 1), 50242611424595),
        (datetime.date(2026, 12, 2), 1599697411499),
        (datetime.date(2000, 2, 29), 193473112221192),
        (datetime.date(2100, 12, 31), 227612458957796),
    ],
)
def test_seed_is_pinned(day: datetime.date, seed: int) -> None:
    """Stable forever: a change here changes every past daily (and breaks its shared links)."""
    assert daily_seed(day) == seed


def test_seed_range_and_spread() -> None:
    days = [DAY + ONE_DAY * n for n in range(3 * 366)]
    seeds = [daily_seed(day) for day in days]
    assert all(0 <= seed < 2**SEED_BITS for seed in seeds)
    assert len(set(seeds)) == len(seeds)
    assert max(seeds) > 2 ** (SEED_BITS - 1)  # the whole range is used


@pytest.mark.parametrize(
    "bad", [datetime.datetime(2026, 12, 2, tzinfo=UTC), "2026-12-02", 20261202]
)
def test_seed_wants_a_date(bad: object) -> None:
    with pytest.raises(TypeError, match=r"datetime\.date"):
        daily_seed(bad)  # type: ignore[arg-type]


# ----------------------------------------------------------------- the UTC day


def test_utc_day_at_the_boundary() -> None:
    assert utc_day(datetime.datetime(2026, 12, 2, 23, 59, 59, tzinfo=UTC)) == DAY
    assert utc_day(datetime.datetime(2026, 12, 2, 23, 59, 59, 999999, tzinfo=UTC)) == DAY
    assert utc_day(datetime.datetime(2026, 12, 3, 0, 0, 0, tzinfo=UTC)) == DAY + ONE_DAY
    assert utc_day(datetime.datetime(2026, 12, 2, 0, 0, 0, tzinfo=UTC)) == DAY


def test_utc_day_from_other_zones() -> None:
    # just after midnight in UTC+1 is still 23:xx UTC the day before
    assert utc_day(datetime.datetime(2026, 12, 3, 0, 30, tzinfo=PLUS_ONE)) == DAY
    assert utc_day(datetime.datetime(2026, 12, 3, 0, 59, 59, tzinfo=PLUS_ONE)) == DAY
    assert utc_day(datetime.datetime(2026, 12, 3, 1, 0, tzinfo=PLUS_ONE)) == DAY + ONE_DAY
    # in the evening in UTC-5 it is already tomorrow in UTC
    assert utc_day(datetime.datetime(2026, 12, 2, 19, 0, tzinfo=MINUS_FIVE)) == DAY + ONE_DAY
    assert utc_day(datetime.datetime(2026, 12, 2, 18, 59, tzinfo=MINUS_FIVE)) == DAY
    # the year's end
    new_year = datetime.datetime(2027, 1, 1, 0, 15, tzinfo=PLUS_ONE)
    assert utc_day(new_year) == datetime.date(2026, 12, 31)


def test_utc_day_refuses_a_naive_datetime() -> None:
    with pytest.raises(ValueError, match=r"naive datetime .* no time zone"):
        utc_day(datetime.datetime(2026, 12, 2, 12, 0))


@pytest.mark.parametrize("bad", [DAY, "2026-12-02T12:00Z", 1764676800])
def test_utc_day_wants_a_datetime(bad: object) -> None:
    with pytest.raises(TypeError, match="datetime"):
        utc_day(bad)  # type: ignore[arg-type]


# ----------------------------------------------------------------- the game


def test_daily_game_is_a_two_player_match_start() -> None:
    game = daily_game(DAY)
    assert isinstance(game, Game)
    assert game.rules == DAILY_RULES == Rules(players=2)
    assert game.seed == daily_seed(DAY)
    assert game.phase is Phase.CUT
    assert game.history == () and game.deal_results == () and game.scores == (0, 0)
    assert game.shuffles == 0
    assert f"s{daily_seed(DAY)}.0" in game.notation()
    assert DAILY_LEVEL == "hard" and DAILY_LEVEL in LEVELS


def test_daily_game_is_the_same_for_the_same_day() -> None:
    assert daily_game(DAY) == daily_game(datetime.date(2026, 12, 2))
    assert daily_game(DAY).notation() == daily_game(DAY).notation()
    noon_there = datetime.datetime(2026, 12, 3, 0, 30, tzinfo=PLUS_ONE)
    evening_here = datetime.datetime(2026, 12, 2, 18, 30, tzinfo=MINUS_FIVE)
    assert daily_game(utc_day(noon_there)) == daily_game(utc_day(evening_here))


def test_daily_game_differs_day_to_day() -> None:
    games = [daily_game(DAY + ONE_DAY * n) for n in range(60)]
    assert len({game.notation() for game in games}) == 60
    # the cards themselves differ, not only the seed written in the notation
    assert len({game.stock for game in games}) == 60
    assert len({(game.cut_card, game.stock[1:5]) for game in games}) == 60
    # the lot makes the player (seat 0) cut on some days and the computer on others
    assert {game.current for game in games} == {0, 1}


def test_daily_deal_has_a_short_link() -> None:
    game = daily_game(DAY)
    link = deal_link(game, 1)
    assert len(link) < 30
    assert read_deal_link(link).start == game
    after = game.play(game.legal_moves()[0])
    assert read_deal_link(deal_link(after, 1)).positions[-1] == after


# ----------------------------------------------------------------- the streak


def days_before(today: datetime.date, *offsets: int) -> list[datetime.date]:
    return [today - ONE_DAY * offset for offset in offsets]


@pytest.mark.parametrize(
    ("offsets", "expected"),
    [
        ((), (0, 0)),
        ((0,), (1, 1)),
        ((1,), (1, 1)),  # today not played yet: the run to yesterday still counts
        ((2,), (0, 1)),  # yesterday missed: the run is broken
        ((0, 1, 2), (3, 3)),
        ((1, 2, 3), (3, 3)),
        ((0, 2, 3, 4), (1, 3)),
        ((1, 3, 4, 5, 6, 10), (1, 4)),
        ((5, 6, 7, 8, 9, 10, 11), (0, 7)),
        ((0, 1, 3, 4, 5), (2, 3)),
    ],
)
def test_streak(offsets: tuple[int, ...], expected: tuple[int, int]) -> None:
    assert streak(days_before(DAY, *offsets), DAY) == expected


def test_streak_takes_duplicates_and_any_order() -> None:
    days = days_before(DAY, 2, 0, 1, 1, 0, 7, 6, 2, 7)
    assert streak(days, DAY) == (3, 3)
    assert streak(iter(days), DAY) == (3, 3)  # any iterable, read once
    assert streak(reversed(sorted(days)), DAY) == (3, 3)


def test_streak_across_months_and_years() -> None:
    today = datetime.date(2027, 1, 2)
    assert streak(days_before(today, 0, 1, 2, 3), today) == (4, 4)
    leap = datetime.date(2028, 3, 1)
    assert streak([datetime.date(2028, 2, 28), datetime.date(2028, 2, 29), leap], leap) == (3, 3)


def test_streak_ignores_days_after_today() -> None:
    assert streak([DAY + ONE_DAY, DAY + 2 * ONE_DAY], DAY) == (0, 0)
    assert streak([DAY, DAY + ONE_DAY], DAY) == (1, 1)


def test_streak_long_run_is_quick() -> None:
    days = days_before(DAY, *range(5000))
    assert streak(days, DAY) == (5000, 5000)


@pytest.mark.parametrize("bad", [datetime.datetime(2026, 12, 2, tzinfo=UTC), "2026-12-02"])
def test_streak_wants_dates(bad: object) -> None:
    with pytest.raises(TypeError, match=r"datetime\.date"):
        streak([bad], DAY)  # type: ignore[list-item]
    with pytest.raises(TypeError, match=r"datetime\.date"):
        streak([DAY], bad)  # type: ignore[arg-type]


def test_the_daily_is_over_after_its_one_deal_and_its_points_are_the_deals():
    from chkobba.bots import make_bot
    from chkobba.daily import daily_over, daily_points, is_daily

    day = datetime.date(2026, 12, 3)
    game, bot = daily_game(day), make_bot("easy", 1)
    assert is_daily(game, day) and not is_daily(game, day + datetime.timedelta(days=1))
    with pytest.raises(ValueError):
        daily_points(game)
    while not daily_over(game):
        game = game.play(bot.choose(game.view(game.current)))
    scores = game.deal_results[0].scores
    assert daily_points(game) == (scores[0].total, scores[1].total)
    assert is_daily(game, day)


FULLWIDTH = "\uff12\uff10\uff12\uff16-12-03"  # digits, but not ASCII ones


@pytest.mark.parametrize(
    "text", ["2026-13-01", "2026-02-30", "26-12-03", "2026-12-3", FULLWIDTH, "x" * 500]
)
def test_a_bad_day_is_refused_quoting_little(text):
    from chkobba import ParseError
    from chkobba.daily import read_day

    with pytest.raises(ParseError) as refused:
        read_day(text)
    assert len(str(refused.value)) < 120


def test_a_day_reads_back():
    from chkobba.daily import read_day

    assert read_day("2026-12-03") == datetime.date(2026, 12, 3)
