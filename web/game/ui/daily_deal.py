"""The daily deal on the page (?daily, ``chkobba.daily`` deals it): which day's is played, the
run of days on which the day's deal was played, and the time until the next day's."""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from chkobba.daily import daily_over, read_day, streak

from .model import Params

if TYPE_CHECKING:
    from .controller import App


class DailyDeal:
    """The daily deal's days, for the app (its ``daily``: the day played, None for any other
    match; its ``today``)."""

    def __init__(self, app: App) -> None:
        self.app = app

    def chosen(self, params: Params) -> datetime.date | None:
        """The day of the daily deal asked for (?daily: today's; ?daily=YYYY-MM-DD: that day's,
        but never a day to come: today's then), or None."""
        if params.daily is None:
            return None
        day = read_day(params.daily) if params.daily else self.app.today
        return min(day, self.app.today)

    def record_day(self) -> None:
        """The daily deal just ended: today's counts toward the run of days played (an earlier
        day's, opened from a link, is played for itself)."""
        if (
            self.app.daily is None
            or not daily_over(self.app.game)
            or self.app.daily != self.app.today
        ):
            return
        self.app.notify(self.app.storage.played_day(self.app.daily))
        self.app.set_ui(streak=self.streak(), next_daily=self.next_daily())

    def next_daily(self) -> int:
        """The minutes until the next day's deal (UTC midnight), when today's is played; 0 for
        an earlier day's."""
        if self.app.daily != self.app.today:
            return 0
        now = clock_time(self.app.clock())
        midnight = datetime.datetime.combine(self.app.today, datetime.time(), datetime.UTC)
        left = midnight + datetime.timedelta(days=1) - now
        return max(1, -(-int(left.total_seconds()) // 60))

    def streak(self) -> tuple[int, int]:
        """The runs of days on which the day's daily deal was played: now, and the best."""
        return streak(self.app.storage.days(), self.app.today)


def clock_time(text: str) -> datetime.datetime:
    """The page's clock text (``utc_now``: ISO 8601, "Z" for UTC) as an aware datetime."""
    return datetime.datetime.fromisoformat(text.replace("Z", "+00:00"))
