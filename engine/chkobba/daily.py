"""The daily deal: one deal, the same for every player everywhere, chosen by the UTC date alone.

No server is asked: the date gives the seed (``daily_seed``), the seed the match start
(``daily_game``), and anyone with the same date plays the same cards against the hard computer.

>>> import datetime
>>> day = utc_day(datetime.datetime(2026, 12, 2, 23, 30, tzinfo=datetime.UTC))
>>> daily_seed(day)
1599697411499
>>> daily_game(day) == daily_game(datetime.date(2026, 12, 2))
True
>>> streak([datetime.date(2026, 12, 1), datetime.date(2026, 11, 30)], today=day)
(2, 2)
"""

from __future__ import annotations

import datetime
import hashlib
from collections.abc import Iterable

from .errors import ParseError, quoted
from .game import Game
from .rules import Rules

__all__ = [
    "DAILY_LEVEL",
    "DAILY_RULES",
    "SEED_BITS",
    "daily_game",
    "daily_over",
    "daily_points",
    "daily_seed",
    "is_daily",
    "read_day",
    "streak",
    "utc_day",
]

DAILY_LEVEL = "hard"  # the computer's level in the daily deal
DAILY_RULES = Rules(players=2, target=21)
SEED_BITS = 48  # a daily seed is below 2**48: a few characters in a deal link, exact in JavaScript
_ONE_DAY = datetime.timedelta(days=1)


def daily_seed(day: datetime.date) -> int:
    """The seed of ``day``'s deal: the first 48 bits (big-endian) of the SHA-256 of
    ``"chkobba-daily-YYYY-MM-DD"``. Stable forever: a change would change every past daily
    (``tests/test_daily.py`` pins a few dates to their seeds)."""
    _check_day("day", day)
    text = f"chkobba-daily-{day.year:04d}-{day.month:02d}-{day.day:02d}"
    digest = hashlib.sha256(text.encode("ascii")).digest()
    return int.from_bytes(digest[: SEED_BITS // 8], "big")


def utc_day(now: datetime.datetime) -> datetime.date:
    """The UTC date of ``now``, an aware datetime; a naive one is refused (``ValueError``): its
    time zone, so its day, is unknown."""
    if not isinstance(now, datetime.datetime):
        raise TypeError(f"the time must be a datetime.datetime, not {quoted(now)}")
    if now.utcoffset() is None:
        raise ValueError(
            f"a naive datetime ({now.isoformat()}) has no time zone, so no UTC date: "
            "give it a tzinfo, e.g. datetime.now(datetime.UTC)"
        )
    return now.astimezone(datetime.UTC).date()


def daily_game(day: datetime.date) -> Game:
    """The start of ``day``'s daily: a two-player match (``DAILY_RULES``) from ``daily_seed(day)``,
    against the computer at ``DAILY_LEVEL``.

    The daily is one deal: it ends with the match's first deal (when ``deal_results`` is not
    empty). The player is seat 0, and cuts or not as the seed decides (the first dealer is drawn
    by lot from the seed). The same day always gives the same position, and ``deal_link`` of
    deal 1 shares it.
    """
    return Game.new(DAILY_RULES, seed=daily_seed(day))


def daily_over(game: Game) -> bool:
    """Whether the daily ``game`` is over: its one deal is scored."""
    return bool(game.deal_results)


def daily_points(game: Game) -> tuple[int, int]:
    """The points of the daily's deal, the player's side's (seat 0) first; ``ValueError``
    before its end."""
    if not game.deal_results:
        raise ValueError("the daily deal is not over yet")
    first = game.deal_results[0].scores
    return first[0].total, first[1].total


def is_daily(game: Game, day: datetime.date) -> bool:
    """Whether ``game`` is ``day``'s daily, begun from its start (a match saved from another
    day, or another match, is not)."""
    return game.rules == DAILY_RULES and game.seed == daily_seed(day)


def read_day(text: str) -> datetime.date:
    """A day written ``YYYY-MM-DD`` (as a daily's link gives it); ``ParseError`` saying what is
    wrong, quoting a short part of it."""
    if not isinstance(text, str):
        raise ParseError(f"a day is text like 2026-12-03, not {quoted(text)}")
    parts = text.split("-")
    if len(text) != 10 or len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ParseError(f"a day is written like 2026-12-03, not {quoted(text)}")
    try:
        return datetime.date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        raise ParseError(f"no such day: {quoted(text)}") from None


def streak(days: Iterable[datetime.date], today: datetime.date) -> tuple[int, int]:
    """(current, best) runs of consecutive days played, from the days a daily was played (in
    any order, repeats allowed). The current run ends today, or yesterday when today is not
    played yet (else it is 0); the best is the longest run. Days after ``today`` (a clock set
    wrong) are not counted."""
    _check_day("today", today)
    played = set()
    for day in days:
        _check_day("a day played", day)
        if day <= today:
            played.add(day)
    best = 0
    for day in played:
        if day - _ONE_DAY not in played:  # the first day of a run
            end = day
            while end + _ONE_DAY in played:
                end += _ONE_DAY
            best = max(best, (end - day).days + 1)
    current = 0
    day = today if today in played else today - _ONE_DAY
    while day in played:
        current += 1
        day -= _ONE_DAY
    return current, best


def _check_day(name: str, day: object) -> None:
    """A date, not a datetime (whose day depends on its time zone: see ``utc_day``)."""
    if not isinstance(day, datetime.date) or isinstance(day, datetime.datetime):
        raise TypeError(f"{name} must be a datetime.date (see utc_day), not {quoted(day)}")
