"""The player's statistics, kept on the device: pure values and their JSON, no browser call.

Per level and number of players (``Tally``): matches played and won, the current and best run
of wins, points per deal (a sum and a count of deals, for a mean), chkobbas made, 7♦ taken and
the best match (the largest winning margin, with its date). Across them: the last RECENT
matches (``Match``, for a small chart) and the ids of the matches recorded (the last IDS_KEPT),
so that a match is counted once, whatever reloads or tabs show it finished again.

The player's side is side 0 (seat 0, and seat 2 with four players). Dates are the page's ISO
8601 text (``new Date().toISOString()`` or a plain ``YYYY-MM-DD``), kept as given.

Kept under STATS_KEY as ``to_json`` writes it; ``load`` reads it and never raises: unreadable
text gives empty statistics and a problem message (in English, for the page to log: the page
words the notice). The page should set such text aside (ASIDE_KEY) before writing over it, as
it does with a save: a file of a newer version in particular is refused, never silently lost.

``export_text``/``import_text``: a file the player keeps (pretty JSON with ``"app"``). Importing
REPLACES the statistics kept (no merge: two devices' files overlap, their counts cannot be
added safely); the ids of the matches recorded on this device are kept as well, so that the
match on the screen is not counted again after an import (nor after ``reset``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass, replace
from typing import Any, NamedTuple

from chkobba import TARGETS, Game, reading
from chkobba.reading import Misread, NotJson
from chkobba.rules import LEVELS, PLAYERS

STATS_KEY = "chkobba.stats"
ASIDE_KEY = "chkobba.stats.unreadable"  # where the page sets aside what it could not read
FORMAT = 1
APP = "chkobba-stats"  # an exported file's header field "app"
RECENT = 20  # matches kept for the chart
IDS_KEPT = 100  # ids of matches recorded (the page keeps one match: only the last comes back)
ID_LIMIT = 128  # characters of a match id
COUNT_LIMIT = 10**15  # every count is below it (an exact number in JavaScript too)
# What matches can give, against which the counts read are checked: a tally is full at
# MATCHES_LIMIT - 1 matches (a match a minute, two years without a break); the 7♦ scores in
# every deal, so a match to 31 lasts at most 61 deals but for ties played on; a side plays at
# most half the deck's 40 cards in a deal, each a chkobba at most, beside 4 points (karta,
# dinari, bermila, 7♦); a match is won by at most the target less one plus a deal's points.
MATCHES_LIMIT = 10**6
DEALS_PER_MATCH = 100
SWEEPS_PER_DEAL = 20
DEAL_POINTS = 4 + SWEEPS_PER_DEAL
MARGIN_LIMIT = max(TARGETS) - 1 + DEAL_POINTS
DIGITS = 20  # digits of a number read (longer: refused before Python converts it)
LIMIT = 40_000  # characters of stored or exported text (the largest possible: about 20,000)

_ID = re.compile(rf"[A-Za-z0-9._:+-]{{1,{ID_LIMIT}}}")
_WHEN = re.compile(  # a date, maybe a time (hours and minutes at least) and a zone
    r"([0-9]{4}-[0-9]{2}-[0-9]{2})"  # ASCII digits only: \d takes Arabic-Indic digits too
    r"(?:T[0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]{1,9})?)?(?:Z|[+-][0-9]{2}:[0-9]{2})?)?"
)
_COUNTS = ("played", "won", "streak", "best_streak", "points", "deals", "chkobbas", "hayyas")


class StatsError(ValueError):
    """Statistics text that cannot be used; the message says what is wrong, ``kind`` what sort
    of text it is: ``"foreign"`` (not JSON, or not this game's statistics), ``"newer"`` (written
    by a newer version of the page: refused, to be kept aside, never dropped) or ``"damaged"``
    (this game's statistics, spoilt)."""

    def __init__(self, message: str, newer: bool = False, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = "newer" if newer else kind

    @property
    def newer(self) -> bool:
        return self.kind == "newer"


@dataclass(frozen=True)
class Best:
    """The best match won: its winning margin (points ahead) and date."""

    margin: int
    when: str


@dataclass(frozen=True)
class Tally:
    """The counts for one level and number of players."""

    level: str
    players: int
    played: int = 0
    won: int = 0
    streak: int = 0  # wins in a row, up to the last match
    best_streak: int = 0
    points: int = 0  # the player's side's points, summed over its deals
    deals: int = 0
    chkobbas: int = 0
    hayyas: int = 0  # deals in which the player's side took the 7♦
    best: Best | None = None

    @property
    def lost(self) -> int:
        return self.played - self.won

    @property
    def mean_points(self) -> float | None:
        """Points per deal, or None before any deal."""
        return self.points / self.deals if self.deals else None


class Match(NamedTuple):
    """One match recorded, for the chart."""

    when: str
    level: str
    players: int
    ours: int
    theirs: int
    won: bool


class ChartPoint(NamedTuple):
    """A bar of the chart: ``label`` is the match's date (YYYY-MM-DD), for the page to format."""

    label: str
    ours: int
    theirs: int
    won: bool


@dataclass(frozen=True)
class Stats:
    """All the statistics: tallies in LEVELS then PLAYERS order, recent matches and recorded
    ids oldest first."""

    tallies: tuple[Tally, ...] = ()
    recent: tuple[Match, ...] = ()
    recorded: tuple[str, ...] = ()
    version: int = FORMAT

    def tally(self, level: str, players: int) -> Tally:
        """The counts for ``level`` and ``players`` (all zero if none is recorded)."""
        found = (t for t in self.tallies if t.level == level and t.players == players)
        return next(found, Tally(level, players))


# --- recording ------------------------------------------------------------------------------


def record(stats: Stats, match_id: str, game: Game, level: str, when: str) -> Stats:
    """``stats`` with the finished match ``game`` counted, once: a match not over, or whose
    ``match_id`` is already recorded, changes nothing. ValueError on an unknown level, an id
    that is not 1 to ID_LIMIT letters, digits or ``._:+-``, or a date that is not ISO 8601."""
    if type(level) is not str or level not in LEVELS:
        raise ValueError(f"unknown level {reading.quote(level)}")
    if type(match_id) is not str or not _ID.fullmatch(match_id):
        raise ValueError(f"not a match id: {reading.quote(match_id)}")
    if not _is_when(when):
        raise ValueError(f"not an ISO 8601 date: {reading.quote(when)}")
    if game.phase != "over" or match_id in stats.recorded:
        return stats
    ours, theirs = game.scores
    won = game.winner == 0
    mine = [result.scores[0] for result in game.deal_results]
    old = stats.tally(level, game.rules.players)
    streak = old.streak + 1 if won else 0
    best = old.best
    if won and (best is None or ours - theirs > best.margin):
        best = Best(ours - theirs, when)
    new = replace(
        old,
        played=_add(old.played, 1),
        won=_add(old.won, int(won)),
        streak=min(streak, COUNT_LIMIT - 1),
        best_streak=min(max(old.best_streak, streak), COUNT_LIMIT - 1),
        points=_add(old.points, sum(score.total for score in mine)),
        deals=_add(old.deals, len(mine)),
        chkobbas=_add(old.chkobbas, sum(score.chkobba for score in mine)),
        hayyas=_add(old.hayyas, sum(score.hayya for score in mine)),
        best=best,
    )
    others = [t for t in stats.tallies if (t.level, t.players) != (level, new.players)]
    recent = (*stats.recent, Match(when, level, new.players, ours, theirs, won))[-RECENT:]
    recorded = (*stats.recorded, match_id)[-IDS_KEPT:]
    if _inconsistent(new) or _match_problem(recent[-1]):  # a full tally: not counted
        return replace(stats, recorded=recorded)
    return Stats(_ordered([*others, new]), recent, recorded)


def match_id(game: Game) -> str:
    """The id a match is recorded by: its seed, rules and length (the same match, shown
    finished again after a reload or in another tab, has the same id)."""
    rules = game.rules
    return f"m{game.seed % 10**18}.{rules.players}.{rules.target}.{len(game.history)}"


def chart(stats: Stats) -> list[ChartPoint]:
    """The last matches, oldest first: date, the player's side's total, the other's, won."""
    return [ChartPoint(m.when[:10], m.ours, m.theirs, m.won) for m in stats.recent]


def reset(keep: Stats | None = None) -> Stats:
    """Empty statistics; with ``keep``, its recorded ids stay (the match on the screen, counted
    before the reset, is not counted again)."""
    return Stats(recorded=keep.recorded if keep is not None else ())


# --- JSON -----------------------------------------------------------------------------------


def to_json(stats: Stats) -> str:
    """The text kept under STATS_KEY."""
    return json.dumps(_to_record(stats), separators=(",", ":"))


def from_json(text: str) -> Stats:
    """The statistics ``to_json`` wrote; StatsError saying what is wrong otherwise."""
    return _from_record(_parse(text))


def load(text: str | None) -> tuple[Stats, str | None]:
    """The kept statistics (``text``: None when none is kept), or empty ones and the problem
    when ``text`` cannot be read. Never raises: the game starts whatever is kept."""
    if text is None:
        return Stats(), None
    try:
        return from_json(text), None
    except StatsError as error:
        return Stats(), str(error)
    except Exception as error:  # a case not foreseen: the game must start all the same
        return Stats(), f"statistics unreadable ({type(error).__name__})"


def export_text(stats: Stats) -> str:
    """A file for the player to keep: pretty JSON, headed ``"app": "chkobba-stats"``."""
    return json.dumps({"app": APP, **_to_record(stats)}, indent=2) + "\n"


def import_text(text: str, keep: Stats | None = None) -> Stats:
    """The statistics of an exported file, checked as ``from_json`` checks, to REPLACE those
    kept; with ``keep`` (those kept), its recorded ids stay too, so a match is never counted
    twice. StatsError saying what is wrong."""
    record = _parse(text)
    app = record.pop("app", None)
    if app != APP:
        if app is None:
            raise StatsError(f'not a statistics file: no "app": "{APP}"', kind="foreign")
        raise StatsError(f"a file of {reading.quote(app)}, not of {APP}", kind="foreign")
    stats = _from_record(record)
    if keep is not None:
        ids = dict.fromkeys(stats.recorded) | dict.fromkeys(keep.recorded)
        stats = replace(stats, recorded=tuple(ids)[-IDS_KEPT:])
    return stats


def _to_record(stats: Stats) -> dict[str, Any]:
    return {
        "version": stats.version,
        "tallies": [
            {
                "level": t.level,
                "players": t.players,
                **{name: getattr(t, name) for name in _COUNTS},
                "best": None if t.best is None else {"margin": t.best.margin, "when": t.best.when},
            }
            for t in stats.tallies
        ],
        "recent": [m._asdict() for m in stats.recent],
        "recorded": list(stats.recorded),
    }


def _parse(text: str) -> dict[str, Any]:
    """``text`` as a JSON object, checked for length, depth, long numbers and repeated keys."""
    try:
        record = reading.document(text, "statistics", limit=LIMIT, digits=DIGITS)
    except NotJson as error:
        raise StatsError(str(error), kind="foreign") from None
    except Misread as error:
        raise StatsError(str(error)) from None
    if not isinstance(record, dict):
        raise StatsError(f"not a JSON object: {reading.quote(text)}", kind="foreign")
    return record


def _from_record(record: dict[str, Any]) -> Stats:
    """The statistics of ``record``; ``StatsError`` saying what is wrong."""
    try:
        return _read_record(record)
    except Misread as error:
        raise StatsError(str(error)) from None


def _read_record(record: dict[str, Any]) -> Stats:
    version = record.get("version")
    if type(version) is not int:
        raise StatsError(f"no format version (a whole number), but {reading.quote(version)}")
    if version > FORMAT:
        raise StatsError(
            f"written by a newer version of the game (format {reading.quote(version)}; "
            f"this one reads format {FORMAT})",
            newer=True,
        )
    if version != FORMAT:
        raise StatsError(f"unknown format version {version} (this game reads {FORMAT})")
    reading.fields(record, "statistics", ("version", "tallies", "recent", "recorded"))
    tallies = tuple(
        _tally(f"tallies[{i}]", item)
        for i, item in enumerate(
            reading.items(record["tallies"], "tallies", most=len(LEVELS) * len(PLAYERS))
        )
    )
    keys = [(t.level, t.players) for t in tallies]
    if len(set(keys)) < len(keys):
        level, players = next(k for k in keys if keys.count(k) > 1)
        raise StatsError(f"tallies: {level} with {players} players is given twice")
    recent = tuple(
        _match(f"recent[{i}]", item)
        for i, item in enumerate(reading.items(record["recent"], "recent", most=RECENT))
    )
    if len(recent) > sum(t.played for t in tallies):
        raise StatsError("recent: more matches than were played")
    for i, match in enumerate(recent):
        tally = next((t for t in tallies if (t.level, t.players) == match[1:3]), None)
        if tally is None or sum(m[1:3] == match[1:3] for m in recent) > tally.played:
            level, players = match.level, match.players
            raise StatsError(
                f"recent[{i}]: more {level} matches with {players} players than played"
            )
    recorded = reading.items(record["recorded"], "recorded", most=IDS_KEPT)
    for i, match_id in enumerate(recorded):
        if type(match_id) is not str or not _ID.fullmatch(match_id):
            raise Misread(f"recorded[{i}]", f"not a match id: {reading.quote(match_id)}")
    if len(set(recorded)) < len(recorded):
        raise StatsError("recorded: a match id is given twice")
    return Stats(_ordered(tallies), recent, tuple(recorded))


def _tally(where: str, item: object) -> Tally:
    fields = reading.fields(item, where, ("level", "players", *_COUNTS, "best"))
    level, players = _level(where, fields["level"]), _players(where, fields["players"])
    counts = {name: _count(f"{where}.{name}", fields[name]) for name in _COUNTS}
    best = fields["best"]
    if best is not None:
        best_fields = reading.fields(best, f"{where}.best", ("margin", "when"))
        best = Best(
            _count(f"{where}.best.margin", best_fields["margin"]),
            _when(f"{where}.best.when", best_fields["when"]),
        )
    tally = Tally(level, players, **counts, best=best)
    problem = _inconsistent(tally)
    if problem:
        raise StatsError(f"{where}: {problem}")
    return tally


def _inconsistent(t: Tally) -> str | None:
    """What is wrong between a tally's counts, or with what matches could give (None:
    nothing)."""
    if t.played >= MATCHES_LIMIT:
        return f"{t.played} matches (at most {MATCHES_LIMIT - 1})"
    if t.deals > t.played * DEALS_PER_MATCH:
        return f"{t.deals} deals in {t.played} matches (at most {DEALS_PER_MATCH} a match)"
    if t.points > t.deals * DEAL_POINTS:
        return f"{t.points} points in {t.deals} deals (at most {DEAL_POINTS} a deal)"
    if t.chkobbas > t.deals * SWEEPS_PER_DEAL:
        return f"{t.chkobbas} chkobbas in {t.deals} deals (at most {SWEEPS_PER_DEAL} a deal)"
    if t.best is not None and t.best.margin > MARGIN_LIMIT:
        return f"a best match won by {t.best.margin} points (at most {MARGIN_LIMIT})"
    if t.won > t.played:
        return f"won {t.won} of {t.played} matches"
    if not t.streak <= t.best_streak <= t.won:
        return f"a streak of {t.streak}, best {t.best_streak}, for {t.won} won"
    if t.hayyas > t.deals:
        return f"7♦ taken {t.hayyas} times in {t.deals} deals"
    if t.played > t.deals:
        return f"{t.played} matches in {t.deals} deals"
    if (t.best is None) != (t.won == 0):
        return "a best match is given exactly when a match was won"
    if t.best is not None and t.best.margin == 0:
        return "a best match won by 0 points"
    return None


def _match(where: str, item: object) -> Match:
    fields = reading.fields(item, where, Match._fields)
    match = Match(
        _when(f"{where}.when", fields["when"]),
        _level(where, fields["level"]),
        _players(where, fields["players"]),
        _count(f"{where}.ours", fields["ours"]),
        _count(f"{where}.theirs", fields["theirs"]),
        reading.flag(fields["won"], f"{where}.won"),
    )
    problem = _match_problem(match)
    if problem:
        raise StatsError(f"{where}: {problem}")
    return match


def _match_problem(match: Match) -> str | None:
    """What no match could give (None: nothing): won behind, or a winner short of every
    target, or ahead by more than MARGIN_LIMIT."""
    ours, theirs = match.ours, match.theirs
    if match.won != (ours > theirs):
        return f"{'won' if match.won else 'lost'} {ours} to {theirs}"
    if max(ours, theirs) < min(TARGETS) or abs(ours - theirs) > MARGIN_LIMIT:
        return f"no match ends {ours} to {theirs}"
    return None


def _count(where: str, value: object) -> int:
    return reading.whole(value, where, 0, COUNT_LIMIT - 1)


def _level(where: str, value: object) -> str:
    return reading.one_of(value, f"{where}.level", LEVELS)


def _players(where: str, value: object) -> int:
    return reading.one_of(value, f"{where}.players", PLAYERS)


def _when(where: str, value: object) -> str:
    if not _is_when(value):
        raise Misread(where, f"should be an ISO 8601 date, not {reading.quote(value)}")
    assert isinstance(value, str)
    return value


def _is_when(value: object) -> bool:
    if type(value) is not str:
        return False
    found = _WHEN.fullmatch(value)
    if found is None:
        return False
    year, month, day = (int(part) for part in found.group(1).split("-"))
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    days = (31, 29 if leap else 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    return 1 <= month <= 12 and 1 <= day <= days[month - 1]  # (no datetime: a smaller page)


def _ordered(tallies: Iterable[Tally]) -> tuple[Tally, ...]:
    return tuple(sorted(tallies, key=lambda t: (LEVELS.index(t.level), t.players)))


def _add(count: int, more: int) -> int:
    """A count plus ``more``, kept below COUNT_LIMIT (never reached in play)."""
    return min(count + more, COUNT_LIMIT - 1)
