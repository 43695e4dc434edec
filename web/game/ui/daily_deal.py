"""The daily deal on the page (?daily, ``chkobba.daily`` deals it): which day's is played, where
its match is kept, the run of days on which the day's deal was played, and the time until the
next day's; the page's clock (``utc_now``), whose day is the daily deal's."""

from __future__ import annotations

import datetime
import time
from dataclasses import replace

from chkobba.daily import daily_over, is_daily, read_day, streak, utc_day

from .model import AddressProblem, Params, Ui
from .storage import KeptMatch, Storage
from .taps import AppForFeatures


class DailyDeal:
    """The daily deal's days, for the app (its ``daily``: the day played, None for any other
    match); ``today``: the UTC day by the app's clock."""

    def __init__(self, app: AppForFeatures) -> None:
        self.app = app
        self.today = utc_day(clock_time(app.clock()))

    def chosen(self, params: Params) -> datetime.date | None:
        """The day of the daily deal asked for (?daily: today's; ?daily=YYYY-MM-DD: that day's,
        but never a day to come: today's then), or None."""
        if params.daily is None:
            return None
        day = read_day(params.daily) if params.daily else self.today
        return min(day, self.today)

    def kept_apart(self, storage: Storage, day: datetime.date | None) -> Storage:
        """Where the match of ``day``'s daily deal (None: another match) is kept: the daily
        deal's apart, under its own key (an earlier day's apart from today's)."""
        return storage if day is None else storage.daily(earlier=day != self.today)

    def still_on(self, saved: KeptMatch | None, day: datetime.date | None) -> KeptMatch | None:
        """The saved match, unless ``day``'s daily deal is played and that match is another
        day's (yesterday's, or another earlier day's): that one is over for good."""
        if day is not None and saved is not None and not is_daily(saved.game, day):
            return None
        return saved

    def problems(self, params: Params, day: datetime.date | None) -> tuple[AddressProblem, ...]:
        """What the address asked wrong of the daily deal (``day``: the day played): a day to
        come (today's is played)."""
        if day is not None and params.daily and day.isoformat() != params.daily:
            return (AddressProblem("future", "daily", params.daily),)
        return ()

    def opening(self, ui: Ui, day: datetime.date | None, storage: Storage) -> Ui:
        """The first frame of ``day``'s daily deal (kept in ``storage``): its day, the runs of
        days played, the time left until the next day's."""
        if day is None:
            return ui
        return replace(
            ui, daily=day.isoformat(), streak=self.streak(storage), next_daily=self.next_daily(day)
        )

    def record_day(self) -> None:
        """The daily deal just ended: today's counts toward the run of days played (an earlier
        day's, opened from a link, is played for itself)."""
        day = self.app.daily
        if day is None or not daily_over(self.app.game) or day != self.today:
            return
        self.app.notify(self.app.storage.played_day(day))
        self.app.set_ui(streak=self.streak(self.app.storage), next_daily=self.next_daily(day))

    def next_daily(self, day: datetime.date) -> int:
        """The minutes until the next day's deal (UTC midnight), when today's is played (``day``);
        0 for an earlier day's."""
        if day != self.today:
            return 0
        now = clock_time(self.app.clock())
        midnight = datetime.datetime.combine(self.today, datetime.time(), datetime.UTC)
        left = midnight + datetime.timedelta(days=1) - now
        return max(1, -(-int(left.total_seconds()) // 60))

    def streak(self, storage: Storage) -> tuple[int, int]:
        """The runs of days on which the day's daily deal was played (as kept in ``storage``):
        now, and the best."""
        return streak(storage.days(), self.today)


def utc_now() -> str:
    """The time now, UTC, as ISO 8601 text: the page's clock (a match's date in the statistics,
    the daily deal's day)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def clock_time(text: str) -> datetime.datetime:
    """The page's clock text (``utc_now``: ISO 8601, "Z" for UTC) as an aware datetime."""
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
