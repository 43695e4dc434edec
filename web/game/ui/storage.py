"""Everything the page keeps in localStorage: its keys, their format version and size limits.

Storage never stops the game: a failure (storage full, blocked, a save that cannot be read) is
returned as a ``Notice`` the frame shows, and play goes on. A save that cannot be read is never
thrown away silently: it is set aside (at most ASIDE_COPIES copies, oldest first, each cut to
ASIDE_LIMIT characters) after the save itself is removed, so setting it aside always has room.
A save made by another tab since this one last read or wrote is never overwritten: ``save``
returns it instead, for the app to follow.

Beside the match, the table it resumes with (FRAME_KEY: the rendered HTML and the page's language)
lets boot.js paint a reload before Python is up. It is a convenience: it gives way to the match
when storage is full, and when it cannot be written it is removed (never a stale table), and
nobody is told.
"""

from __future__ import annotations

import contextlib
import datetime
import json
from dataclasses import dataclass
from typing import Any, Protocol

from chkobba import TARGETS, ChkobbaError, EditedSave, Game, reading
from chkobba.daily import read_day
from chkobba.reading import Misread
from chkobba.rules import LEVELS, NUMBER_LIMIT, PLAYERS
from chkobba.saves import read_save
from shared.i18n import HTML_LANG, LANGUAGES, direction
from shared.viewpoint import HUMAN

from .model import (
    ALONE,
    BACKS,
    FELTS,
    PACES,
    Notice,
    NoticeKind,
    Roster,
    Settings,
    clean_name,
    one_of,
)
from .relay import RelayStore
from .stats import ASIDE_KEY as STATS_ASIDE_KEY
from .stats import LIMIT as STATS_LIMIT
from .stats import STATS_KEY, Stats, StatsError, from_json, to_json
from .stats import load as load_stats_text

SAVE_KEY = "chkobba.save"
DAILY_KEY = "chkobba.daily"  # today's daily deal, apart from the player's match (no kept table)
EARLIER_KEY = "chkobba.daily.earlier"  # an earlier day's, from its link: apart from today's
DAYS_KEY = "chkobba.daily.days"  # the days a daily deal was played (its streak)
DAYS_KEPT = 1000
PUZZLE_DAYS_KEY = "chkobba.puzzle.days"  # the days the day's puzzle was solved (its streak)
OWN_PUZZLES_KEY = "chkobba.puzzle.own"  # the player's own puzzles: positions, solved or not
OWN_KEPT = 30  # the player's own puzzles kept: the last ones
OWN_LIMIT = 20_000  # characters: 30 positions of about 60, with room
ASIDE_KEYS = ("chkobba.save.corrupt", "chkobba.save.corrupt.2", "chkobba.save.corrupt.3")
SETTINGS_KEY = "chkobba.settings"
FRAME_KEY = "chkobba.frame"  # boot.js reads it (build.py gives boot.js these names)
# Where what could not be read is set aside (a copy, cut to its key's limit), by its key.
# What a notice calls it ("settings", "days", "frame"), by its key.
UNREADABLE_KEYS = {
    SETTINGS_KEY: ("chkobba.settings.unreadable", "settings"),
    DAYS_KEY: ("chkobba.daily.days.unreadable", "days"),
    PUZZLE_DAYS_KEY: ("chkobba.puzzle.days.unreadable", "puzzle-days"),
    OWN_PUZZLES_KEY: ("chkobba.puzzle.own.unreadable", "puzzles"),
    FRAME_KEY: ("chkobba.frame.unreadable", "frame"),
}
FORMAT = 1
SAVE_LIMIT = 200_000  # characters; a match to 31 saves in about 8,000
ASIDE_LIMIT = 50_000  # characters kept of each set-aside save
SETTINGS_LIMIT = 1_000
FRAME_LIMIT = 100_000  # characters (boot.js ignores a longer one); a table is about 10,000
ASIDE_COPIES = len(ASIDE_KEYS)

UNSAVED = Notice(NoticeKind.UNSAVED)
UNREADABLE = Notice(NoticeKind.UNREADABLE)
UNREADABLE_LOST = Notice(NoticeKind.UNREADABLE, ("lost",))  # and no copy could be kept
EDITED = Notice(NoticeKind.EDITED)
STATS_UNSAVED = Notice(NoticeKind.STATS, ("unsaved",))


class Store(Protocol):
    """The Web Storage interface (window.localStorage), or a dict-backed stand-in in tests."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


@dataclass(frozen=True)
class KeptMatch:
    """The page's kept match: the engine's game (``chkobba.saves``) with what the page adds, the
    deals whose sheet was seen, the bots' seed, the plays taken back and who plays each seat."""

    game: Game
    seen_deals: int
    bot_seed: int
    undos: int = 0  # plays taken back in this match
    seats: Roster = ALONE  # who plays each seat (several people: pass-and-play)


class Unreadable(Exception):
    """A save that is not one this page wrote (damaged, or edited by hand)."""

    def __init__(self, notice: Notice) -> None:
        super().__init__(notice.kind)
        self.notice = notice


class Storage:
    """The page's storage over a ``Store`` (None: the browser gives none, e.g. blocked): the
    match under ``save_key``, the table a reload paints first under ``frame_key`` (None: none)."""

    def __init__(
        self, store: Store | None, save_key: str = SAVE_KEY, frame_key: str | None = FRAME_KEY
    ) -> None:
        self.store = store
        self.save_key, self.frame_key = save_key, frame_key
        self.last: str | None = None  # the save text this tab last read or wrote
        self.failing = False  # the last write failed (and the player was told)
        self.pending: str | None = None  # the save text written last, until it is known kept
        self.relayed = isinstance(store, RelayStore)  # writes made later, failures told later

    # --- the raw store, every failure caught --------------------------------------------------

    def get(self, key: str) -> str | None:
        if self.store is None:
            return None
        try:
            text = self.store.getItem(key)
        except Exception:  # a JavaScript error (blocked storage): nothing to read
            return None
        return text if isinstance(text, str) else None  # None, or JavaScript's null

    def put(self, key: str, text: str) -> bool:
        if self.store is None:
            return False
        try:
            self.store.setItem(key, text)
        except Exception:  # QuotaExceededError, SecurityError...: the game goes on unsaved
            return False
        return True

    def remove(self, key: str | None) -> None:
        if self.store is not None and key is not None:
            with contextlib.suppress(Exception):
                self.store.removeItem(key)

    # --- the match ----------------------------------------------------------------------------

    def load(self) -> tuple[KeptMatch | None, Notice | None]:
        """The saved match, or (None, notice) when there is a save that cannot be used."""
        text = self.get(self.save_key)
        if text is None:
            return None, None
        try:
            saved = read_kept_match(text)
        except Unreadable as problem:
            return None, self.set_aside(text, problem.notice)
        self.last = text
        return saved, None

    def save(self, saved: KeptMatch, force: bool = False) -> KeptMatch | Notice | None:
        """Write the match. Returns None when saved, a Notice when it first could not be, or the
        other tab's match when one was saved since this tab last read or wrote (unless
        ``force``: a new match the player asked for)."""
        if not force:
            theirs = self.newer()
            if theirs is not None:
                return theirs
        text = write_kept_match(saved)
        self.pending = text
        previous, self.last = self.last, text  # (a relayed write's conflict may change it)
        if not self.put(self.save_key, text):
            self.remove(self.frame_key)  # the table kept for boot.js gives way to the match
            if not self.put(self.save_key, text):
                self.last = previous
                return self.unsaved()
        if not self.relayed:  # written: a relayed write is known kept only when the page says
            self.failing = False
        return None

    def newer(self) -> KeptMatch | None:
        """Another tab's match, saved since this tab last read or wrote (None if none)."""
        text = self.get(self.save_key)
        if text is None or text == self.last:
            return None
        try:
            saved = read_kept_match(text)
        except Unreadable:
            return None  # not a match to follow: ours overwrites it
        self.last = text
        return saved

    def set_aside(self, text: str, notice: Notice) -> Notice:
        """Move an unusable save out of the way, keeping a bounded copy of it."""
        self.remove(self.save_key)
        self.remove(self.frame_key)
        copies = [c for c in (self.get(k) for k in ASIDE_KEYS) if c is not None]
        copies = [*copies, text[:ASIDE_LIMIT]][-ASIDE_COPIES:]
        kept = True
        for key, copy in zip(ASIDE_KEYS, copies, strict=False):
            kept = self.put(key, copy)
        if not kept and notice == UNREADABLE:
            return UNREADABLE_LOST
        return notice

    def clear(self) -> None:
        self.remove(self.save_key)
        self.remove(self.frame_key)
        self.last = None

    # --- the table painted before Python is up (boot.js) --------------------------------------

    def save_frame(
        self, html: str, lang: str, title: str, players: str = "2", look: tuple[str, str] = ("", "")
    ) -> bool:
        """Keep the table a reload shows first (``players``: the root's data-players, which
        lays out a table of four; ``look``: its data-back and data-felt); False (and none kept)
        when it cannot be."""
        record = {
            "format": FORMAT,
            "lang": HTML_LANG.get(lang, lang),
            "dir": direction(lang),
            "title": title,
            "players": players,
            "back": look[0],
            "felt": look[1],
            "html": html,
        }
        text = json.dumps(record)
        if self.frame_key is None:
            return False
        if len(text) <= FRAME_LIMIT and self.put(self.frame_key, text):
            return True
        self.remove(self.frame_key)
        return False

    # --- the settings -------------------------------------------------------------------------

    def load_settings(self) -> Settings:
        """The kept settings (``read_settings``, without its notice)."""
        return self.read_settings()[0]

    def read_settings(self) -> tuple[Settings, Notice | None]:
        """The kept settings, each field as the page writes it (of its very type: an int, not
        a bool or a float; one of its known values) or else its default; all the defaults when
        what is kept is no JSON object (or too long, or nested too deeply to read safely).
        Text with anything the page does not write is set aside, the settings read written in
        its place, with a notice (once)."""
        text = self.get(SETTINGS_KEY)
        if text is None:
            return Settings(), None
        record = reading.document_or_none(text, limit=SETTINGS_LIMIT)
        if not isinstance(record, dict):
            return Settings(), self.unreadable(SETTINGS_KEY, text, SETTINGS_LIMIT)
        default = Settings()
        known = {
            "target": TARGETS,
            "level": LEVELS,
            "lang": LANGUAGES,
            "players": PLAYERS,
            "undo": (True, False),
            "pace": tuple(PACES),
            "sound": (True, False),
            "back": BACKS,
            "felt": FELTS,
        }
        fields: dict[str, Any] = {}
        for name, values in known.items():
            fallback = getattr(default, name)
            fields[name] = one_of(record.get(name), (*values, fallback), fallback)
        settings = Settings(**fields)
        if any(name in record and not same(record[name], fields[name]) for name in known):
            notice = self.unreadable(SETTINGS_KEY, text, SETTINGS_LIMIT)
            self.save_settings(settings)
            return settings, notice
        return settings, None

    def unreadable(self, key: str, text: str, limit: int) -> Notice:
        """Set aside ``text`` of ``key``, which cannot be read (a copy cut to ``limit``), and
        remove it; the notice that says so."""
        aside, name = UNREADABLE_KEYS[key]
        self.put(aside, text[:limit])
        self.remove(key)
        return Notice(NoticeKind.KEPT, (name,))

    def check_frame(self) -> Notice | None:
        """The table kept for boot.js, if it is not one this page writes: set aside, with a
        notice (this page keeps its own in its place)."""
        text = self.get(FRAME_KEY)
        if text is None:
            return None
        record = reading.document_or_none(text, limit=FRAME_LIMIT)
        if (
            isinstance(record, dict)
            and record.get("format") == FORMAT
            and all(isinstance(record.get(k), str) for k in ("lang", "dir", "title", "html"))
        ):
            return None
        return self.unreadable(FRAME_KEY, text, FRAME_LIMIT)

    def save_settings(self, settings: Settings) -> Notice | None:
        record = {
            "target": settings.target,
            "level": settings.level,
            "lang": settings.lang,
            "players": settings.players,
            "undo": settings.undo,
            "pace": settings.pace,
            "sound": settings.sound,
            "back": settings.back,
            "felt": settings.felt,
        }
        text = json.dumps(record)
        return None if self.put(SETTINGS_KEY, text) else self.unsaved()

    # --- the statistics (their own key, which an update never drops) --------------------------

    def load_stats(self) -> tuple[Stats, Notice | None]:
        """The kept statistics; text that cannot be read is set aside (STATS_ASIDE_KEY) and
        replaced by empty statistics, with a notice saying so (once: the next start reads the
        empty ones). Never raises."""
        text = self.get(STATS_KEY)
        if text is None:
            return Stats(), None
        try:
            return from_json(text), None
        except StatsError as error:
            why = "newer" if error.newer else "unreadable"
        except Exception:  # a case not foreseen: the game starts all the same
            why = "unreadable"
        self.put(STATS_ASIDE_KEY, text[: STATS_LIMIT + 1])
        self.put(STATS_KEY, to_json(Stats()))
        return Stats(), Notice(NoticeKind.STATS, (why,))

    def read_stats(self) -> Stats | None:
        """The statistics kept now (another tab may have written them), None if unreadable."""
        stats, problem = load_stats_text(self.get(STATS_KEY))
        return None if problem else stats

    def save_stats(self, stats: Stats) -> Notice | None:
        """Keep ``stats``; the notice that they could not be (storage full or blocked), unless
        the player was told already that nothing is kept."""
        return None if self.put(STATS_KEY, to_json(stats)) or self.failing else STATS_UNSAVED

    # --- the daily deal -----------------------------------------------------------------------

    def daily(self, earlier: bool = False) -> Storage:
        """This storage for the daily deal: today's under DAILY_KEY, an earlier day's under
        EARLIER_KEY (so that no link to another day touches today's), no table kept."""
        return Storage(self.store, EARLIER_KEY if earlier else DAILY_KEY, None)

    def days(self, key: str = DAYS_KEY) -> list[datetime.date]:
        """The days a daily deal was played (any text that is not such a day is skipped); with
        ``key`` PUZZLE_DAYS_KEY, the days the day's puzzle was solved."""
        return self.read_days(key)[0]

    def read_days(self, key: str = DAYS_KEY) -> tuple[list[datetime.date], bool]:
        """The days kept under ``key``, and whether all that is kept was read."""
        text = self.get(key)
        if text is None:
            return [], True
        record = reading.document_or_none(text, limit=DAYS_KEPT * 14)
        days = []
        for item in record if isinstance(record, list) else []:
            with contextlib.suppress(ChkobbaError):
                days.append(read_day(item))
        return days, isinstance(record, list) and len(days) == len(record)

    def check_days(self, key: str = DAYS_KEY) -> Notice | None:
        """The days kept under ``key``, if what is kept is not all days: set aside, the days
        read kept in its place, with a notice."""
        days, whole = self.read_days(key)
        if whole:
            return None
        text = self.get(key) or ""
        notice = self.unreadable(key, text, DAYS_KEPT * 14)
        if days:
            self.put(key, json.dumps([d.isoformat() for d in sorted(set(days))]))
        return notice

    def played_day(self, day: datetime.date, key: str = DAYS_KEY) -> Notice | None:
        """Add ``day`` to the days played (or, under PUZZLE_DAYS_KEY, solved; the last
        DAYS_KEPT kept)."""
        days = sorted({*self.days(key), day})[-DAYS_KEPT:]
        text = json.dumps([d.isoformat() for d in days])
        return None if self.put(key, text) else self.unsaved()

    # --- the player's own puzzles (``puzzle``) ------------------------------------------------

    def own_puzzles(self) -> tuple[list[tuple[str, bool]], bool]:
        """The player's own puzzles kept, oldest first: each position's notation and whether it
        was solved; and whether all that is kept was read (an item of another shape is
        skipped; the engine proves each position again before it is shown)."""
        text = self.get(OWN_PUZZLES_KEY)
        if text is None:
            return [], True
        record = reading.document_or_none(text, limit=OWN_LIMIT)
        kept = []
        for item in record if isinstance(record, list) else []:
            if (
                isinstance(item, dict)
                and set(item) == {"position", "solved"}
                and isinstance(item["position"], str)
                and len(item["position"]) <= 200
                and type(item["solved"]) is bool
            ):
                kept.append((item["position"], item["solved"]))
        return kept, isinstance(record, list) and len(kept) == len(record)

    def check_own(self) -> Notice | None:
        """The player's own puzzles, if what is kept is not all puzzles: set aside, those read
        kept in its place, with a notice."""
        kept, whole = self.own_puzzles()
        if whole:
            return None
        notice = self.unreadable(OWN_PUZZLES_KEY, self.get(OWN_PUZZLES_KEY) or "", OWN_LIMIT)
        if kept:
            self.write_own(kept)
        return notice

    def keep_puzzle(self, position: str, solved: bool = False) -> Notice | None:
        """Keep ``position`` among the player's own puzzles (read again first: another tab may
        have kept one), solved once it was (the last OWN_KEPT kept)."""
        kept, _ = self.own_puzzles()
        if any(p == position for p, _ in kept):
            kept = [(p, done or (solved and p == position)) for p, done in kept]
        else:
            kept = [*kept, (position, solved)][-OWN_KEPT:]
        return self.write_own(kept)

    def write_own(self, kept: list[tuple[str, bool]]) -> Notice | None:
        text = json.dumps([{"position": p, "solved": done} for p, done in kept])
        return None if self.put(OWN_PUZZLES_KEY, text) else self.unsaved()

    def failed(self, key: str) -> Notice | None:
        """A relayed write of ``key`` failed (``relay.RelayStore``: the page reports it after
        the fact). A save makes room once, as ``save`` does, by dropping the kept table and
        writing again; else the notice that progress is not kept, the first time. The kept
        table is a convenience: one that could not be written is removed, and nobody is told
        (as ``save_frame`` does); nor is a save set aside that could not be kept."""
        if key == self.save_key and self.pending is not None:
            text, self.pending = self.pending, None
            self.remove(self.frame_key)
            self.put(self.save_key, text)
            return None
        if key == self.frame_key:
            self.remove(self.frame_key)
        if key == STATS_KEY:
            return STATS_UNSAVED
        kept = (self.save_key, SETTINGS_KEY, DAYS_KEY, PUZZLE_DAYS_KEY, OWN_PUZZLES_KEY)
        return self.unsaved() if key in kept else None

    def recovered(self) -> None:
        """A write works again after failures."""
        self.failing = False

    def unsaved(self) -> Notice | None:
        """The notice that writing failed, the first time of a run of failures only."""
        told, self.failing = self.failing, True
        return None if told else UNSAVED


def same(value: object, read: object) -> bool:
    """Whether a kept value is the one read from it (of its very type: not 1 for True)."""
    return type(value) is type(read) and value == read


def write_kept_match(saved: KeptMatch) -> str:
    record = {
        "format": FORMAT,
        "game": saved.game.to_json(),
        "seen_deals": saved.seen_deals,
        "bot_seed": saved.bot_seed,
        "undos": saved.undos,
    }
    if saved.seats.names:
        record["people"] = list(saved.seats.people)
        record["names"] = list(saved.seats.names)
        record["remote"] = list(saved.seats.remote)
    return json.dumps(record)


def read_kept_match(text: str) -> KeptMatch:
    """A save's match; raises ``Unreadable``: damaged (not a save this page writes, or nested
    too deeply to read safely), or edited (a well-formed save that no play leads to: an illegal
    move, points from nowhere; the engine replays the history from the match's seed to tell,
    about 2 ms for a match to 31). Every match the page saves began with ``Game.new``: a save
    whose history starts elsewhere (a set-up position's ``start``), or that has no history but
    is not its seed's first position, is edited too."""
    try:
        record = reading.fields(
            reading.document(text, "kept match", limit=SAVE_LIMIT), "", _KEPT, _KEPT_OPTIONAL
        )
        reading.one_of(record["format"], "format", (FORMAT,))
        written = reading.text(record["game"], "game")
        game = Game.from_json(written)
        first = Game.new(game.rules, game.seed)
        if game.history:  # replayed from its "start" (None: from the seed's first position)
            if read_save(written).start not in (None, first.notation()):
                raise EditedSave("a match set up, not started by the page")
        elif game != first:
            raise EditedSave("a match without history, not at its start")
        seen = reading.whole(record["seen_deals"], "seen_deals", 0, len(game.deal_results))
        bot_seed = reading.whole(record["bot_seed"], "bot_seed", 0, NUMBER_LIMIT - 1)
        undos = reading.whole(
            record.get("undos", 0), "undos", 0, 10**9 - 1
        )  # (absent: before undo)
        seats = read_seats(record, game.rules.players)
    except EditedSave:  # a match no play could lead to: an illegal move, points from nowhere
        raise Unreadable(EDITED) from None
    except (ChkobbaError, RecursionError):
        raise Unreadable(UNREADABLE) from None
    return KeptMatch(game, seen, bot_seed, undos, seats)


_KEPT = ("format", "game", "seen_deals", "bot_seed")
_KEPT_OPTIONAL = ("undos", "people", "names", "remote")


def read_seats(record: dict[str, Any], players: int) -> Roster:
    """The people of a save (absent: the player alone); raises ``Misread`` unless they are
    seats of the match, seat 0 first, the friends far away (``remote``) other seats, each
    person with a name as the page cleans them."""
    if "people" not in record:
        return ALONE
    names = reading.each(record.get("names"), "names", players, f"{players} seats")
    people = _seat_list(record["people"], "people", players)
    remote = _seat_list(record.get("remote", []), "remote", players)
    if people[:1] != [HUMAN] or set(people) & set(remote) or len(people) + len(remote) < 2:
        raise Misread("people", "the player's seat first, others apart from remote, two at least")
    for seat, name in enumerate(names):
        named = seat in people or seat in remote
        if not isinstance(name, str) or name != clean_name(name) or bool(name) != named:
            raise Misread(f"names[{seat}]", f"a cleaned name exactly for a person, not {name!r}")
    return Roster(tuple(people), tuple(names), tuple(remote))


def _seat_list(item: object, where: str, players: int) -> list[int]:
    """``item`` as seats of a match of ``players``, in order, each once."""
    seats = [
        reading.whole(seat, f"{where}[{number}]", 0, players - 1)
        for number, seat in enumerate(reading.items(item, where))
    ]
    if seats != sorted(set(seats)):
        raise Misread(where, "seats in order, each once")
    return seats
