"""The page's state as values: settings, URL parameters, UI state and the one ``State`` the app
holds. No game rule lives here; no text the player reads either (that is ``words``)."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum
from typing import TYPE_CHECKING, TypeVar

from chkobba import (
    TARGETS,
    Card,
    DealLine,
    DealResult,
    Game,
    Move,
    ParseError,
    SeatUpdate,
    read_deal_link,
)
from chkobba.daily import read_day
from chkobba.rules import LEVELS, PLAYERS
from shared.i18n import LANGUAGES
from shared.viewpoint import HUMAN

if TYPE_CHECKING:  # the review imports the bots' search: the page imports it later
    from chkobba.puzzles import Puzzle, Verdict
    from chkobba.retry import Verdict as RetryVerdict
    from chkobba.review import Decision

    from .stats import Stats

# The computers' pace and the cards' travel: each setting's factor on the normal times
# (instant: no wait, no animation). ``?pace=X`` scales the chosen one.
PACES = {"slow": 1.6, "normal": 1.0, "fast": 0.3, "instant": 0.0}
# The look: the cards' backs and the baize's colour (the first of each is the default).
BACKS = ("red", "blue", "green")
FELTS = ("green", "blue", "red")
NAME_LIMIT = 24  # characters of a person's name
T = TypeVar("T")


class Named(StrEnum):
    """A name the page uses as data. A ``str``: ``ScreenPhase.PLAY == "play"``, and it prints,
    formats and goes into JSON and the DOM's data- attributes as its text."""

    def __repr__(self) -> str:
        return repr(self.value)


class ScreenPhase(Named):
    """What the page waits for (the root's ``data-phase``): the player to play, to choose a
    capture or to cut; nothing (``WAIT``: the computer, or cards moving); a score sheet (a deal
    scored, or the match over); or an open panel (``PANELS``: the phase is the panel's). Not the
    engine's ``chkobba.Phase``."""

    PLAY = "play"
    CHOOSE = "choose"
    CUT = "cut"
    WAIT = "wait"
    SHEET = "sheet"
    OVER = "over"
    SETTINGS = "settings"
    CONFIRM = "confirm"
    LOG = "log"
    TAKEN = "taken"
    REVIEW = "review"
    EXPERT = "expert"
    REPLAY = "replay"  # a shared deal, followed move by move
    SHARE = "share"
    STATS = "stats"
    PEOPLE = "people"  # the form that sets up a match played by several people on this device
    PASS = "pass"  # the phone goes to the next person: every hand hidden until they tap
    FRIENDS = "friends"  # the links to friends far away: invitations, answers, connections
    PUZZLES = "puzzles"  # the player's own puzzles, listed (``puzzle``)
    RETRY = "retry"  # try again: the verdict on a decision made anew, or its hand played out


class Stage(Named):
    """Where a move just made is: its capture shown before it is taken, or its cards flying."""

    SHOW = "show"
    SETTLE = "settle"


# The phases that are a panel open over the table (``Ui.panel``): the settings, the question
# whether to abandon the match in progress, the deal's log, each side's cards taken in it, how
# the player played it, the expert's replay of it, its link, the statistics, the people at the
# table, the links to friends far away. Each is the screen's phase while it is open.
PANELS = (
    ScreenPhase.SETTINGS,
    ScreenPhase.CONFIRM,
    ScreenPhase.LOG,
    ScreenPhase.TAKEN,
    ScreenPhase.REVIEW,
    ScreenPhase.EXPERT,
    ScreenPhase.SHARE,
    ScreenPhase.STATS,
    ScreenPhase.PEOPLE,
    ScreenPhase.FRIENDS,
    ScreenPhase.PUZZLES,
    ScreenPhase.RETRY,
)


class NoticeKind(Named):
    """What a notice is about; ``words.notice`` says it."""

    UNREADABLE = "unreadable"  # the saved match could not be read (set aside)
    EDITED = "edited"  # the saved match was changed outside the game (set aside)
    UNSAVED = "unsaved"  # the device does not let the game save
    ELSEWHERE = "elsewhere"  # another tab played the match on
    ADDRESS = "address"  # URL parameters were ignored
    STATS = "stats"  # the statistics: unreadable (set aside), of a newer version, or not kept
    PEER = "peer"  # a friend far away: a message refused (who, why), or the link lost (who)
    KEPT = "kept"  # the settings, the days played or the kept table unreadable (set aside)


@dataclass(frozen=True)
class Settings:
    """What the player chose in the settings panel (kept across games)."""

    target: int = 21
    level: str = "medium"
    lang: str = ""  # the language the page speaks ("" until chosen: then English)
    players: int = 2  # new matches are for this many players
    undo: bool = True  # the player may take back a play (in the same hand)
    pace: str = "normal"  # one of PACES
    sound: bool = True  # the table's sounds (none before the player's first tap)
    back: str = BACKS[0]
    felt: str = FELTS[0]


def one_of(value: object, known: tuple[T, ...], default: T) -> T:
    """``value`` if it is one of ``known`` and of its very type (not True for 1, nor 2.0 for
    2), else ``default``: a setting read back from storage, where anything may have been put."""
    return next((k for k in known if type(k) is type(value) and k == value), default)


@dataclass(frozen=True)
class AddressProblem:
    """One ignored URL parameter: its name, its value (cut short) and what kind of problem."""

    kind: str  # "seed", "pace", "level", "target", "lang", "seats" (a bad value), "unknown",
    # "position"
    name: str
    value: str = ""


@dataclass(frozen=True)
class Notice:
    """Something the player should know, as data; ``words.notice`` says it."""

    kind: NoticeKind
    detail: tuple[str, ...] = ()
    problems: tuple[AddressProblem, ...] = ()


@dataclass(frozen=True)
class Roster:
    """Who plays each seat: people on this device (``people``, seat 0 always among them, or on
    a guest's page its own seat), friends far away (``remote``: on the host's page, the seats
    its guests play; on a guest's page, every other person's), the computer in the others;
    ``names``: each seat's person's name, by seat ("" for a computer's seat, or the player
    alone). The default: the player against the computer."""

    people: tuple[int, ...] = (HUMAN,)
    names: tuple[str, ...] = ()
    remote: tuple[int, ...] = ()

    @property
    def shared(self) -> bool:
        """Several people play on this device: the phone passes between them."""
        return len(self.people) > 1

    @property
    def among_people(self) -> bool:
        """Several people play, here or far away: no undo, no statistics of the player's."""
        return self.shared or bool(self.remote)

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) else ""


ALONE = Roster()


# Letters and symbols that show nothing: Hangul fillers, the blank braille pattern; a name of
# them alone would show as nothing at all.
BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5")
ZWJ = "\u200d"  # the zero-width joiner: it joins emoji sequences (a family, a flag...)
MARKS_KEPT = 2  # combining marks kept on one letter (Arabic's shadda and a vowel; no stacks)


def clean_name(text: str) -> str:
    """A name as typed, made safe to show and keep: a tab, a line break or a blank character
    becomes a space; no other control or format character (no direction overrides), except
    the zero-width joiner inside an emoji sequence; at most MARKS_KEPT combining marks on a
    letter; spaces collapsed, at most NAME_LIMIT characters; "" when nothing in it shows (the
    page then names the seat itself)."""
    kept: list[str] = []
    marks = 0
    for i, c in enumerate(text):
        kind = unicodedata.category(c)
        if c.isspace() or c in BLANKS:
            kept.append(" ")
        elif c == ZWJ and kept and emoji(kept[-1]) and emoji(text[i + 1 : i + 2]):
            kept.append(c)
        elif kind[0] == "M":
            marks += 1
            if marks <= MARKS_KEPT and kept and not kept[-1].isspace():
                kept.append(c)
            continue
        elif kind[0] != "C":
            kept.append(c)
        marks = 0
    name = " ".join("".join(kept).split())[:NAME_LIMIT].rstrip(ZWJ).strip()
    return name if any(unicodedata.category(c)[0] in "LNPS" for c in name) else ""


def emoji(c: str) -> bool:
    """Whether ``c`` may stand beside a zero-width joiner in an emoji sequence: a symbol, a
    skin tone, or the emoji presentation selector."""
    return bool(c) and (unicodedata.category(c) in ("So", "Sk") or c == "\ufe0f")


class LinkState(Named):
    """Where a link to a friend far away is (``web/game/peer.js``'s states, and before)."""

    MAKING = "making"  # the invitation (or the answer) is being made
    WAITING = "waiting"  # its code is shown: waiting for the other side
    CONNECTING = "connecting"
    OPEN = "open"
    LOST = "lost"  # the other side went silent or closed: a fresh pair of codes reconnects
    FAILED = "failed"  # the code could not be made or read, or the link never opened
    UNSUPPORTED = "unsupported"  # this browser has no WebRTC: it cannot play online


GUEST_LINK = -1  # a guest's page's one link: to the host


@dataclass(frozen=True)
class Link:
    """One link of the page to another browser: on the host's page, to the guest at ``seat``;
    on a guest's page (``seat`` -1), to the host. ``code``: the invitation (host) or the answer
    (guest) to pass on; ``error``: why a code could not be made or read, or why the answer
    entered was refused (the player's words)."""

    seat: int
    state: LinkState = LinkState.MAKING
    code: str = ""
    link: str = ""
    error: str = ""


@dataclass(frozen=True)
class MoveMade:
    """A move, who made it and the position it was made from: what the status line describes
    and what the animation follows (from that seat's hand, to that side's pile)."""

    seat: int
    move: Move
    before: Game


@dataclass(frozen=True)
class PuzzleView:
    """The puzzle on the table (?puzzle, ``puzzle``): the day's (``day``, ISO) or one of the
    player's own (``day`` ""), None while the worker makes it; the last try's ``verdict`` and
    how many were wrong; ``outcome``: "" (unsolved), "solved" or "shown" (the answer asked
    for), or "failed" (no puzzle could be made); the days solved in a row, now and best; the
    player's own puzzles, as kept."""

    day: str = ""
    puzzle: Puzzle | None = None
    verdict: Verdict | None = None
    wrong: int = 0
    outcome: str = ""
    streak: tuple[int, int] = (0, 0)
    own: tuple[tuple[str, bool], ...] = ()  # each position's notation, and whether solved
    today: str = ""  # today's date (ISO, UTC): the bar offers today's puzzle beside another


@dataclass(frozen=True)
class Retry:
    """Try again: the table before a costly decision of the review, played anew on the page (the
    state's game meanwhile) while the match waits aside, never saved nor changed."""

    match: Game  # the match, as it is saved: the state's game again on leaving
    back: Ui  # the review as it was: the screen on leaving
    seats: Roster  # who played the match's seats (in the retry: the one seat, bots the rest)
    start: Game  # the position before the decision (its hidden cards and stock the same)
    index: int  # the decision's index in the match's history
    played: Move  # what the match played there
    verdict: RetryVerdict | None = None  # the new choice judged by the review's search
    stock: int = 0  # the stock's cards once the new choice was made (a new hand: fewer)
    following: bool = False  # the hand is played on to its end


@dataclass(frozen=True)
class Ui:
    """Everything on screen that is not the game."""

    selected: Card | None = None  # the hand card whose capture is being chosen
    picked: tuple[Card, ...] = ()  # table cards tapped toward that capture
    last: MoveMade | None = None  # the move the status line tells of
    stage: Stage | None = None  # SHOW: last's capture shown before it is taken; SETTLE: flying
    seen_deals: int = 0  # deal results the player has dismissed; more means a score sheet is due
    notices: tuple[Notice, ...] = ()
    hint: Move | None = None
    hinting: bool = False  # a hint is being looked for
    thinking: bool = False  # the computer is about to move
    panel: ScreenPhase | None = None  # what is open over the table (one of PANELS)
    switch: int | None = None  # the players a confirmed new match is for (None: as set)
    replay: tuple[int, int] | None = None  # a shared deal followed: the move shown, of how many
    replay_deal: int = 1  # that deal's number in its match
    review: tuple[Decision, ...] = ()  # the player's decisions in the deal, reviewed (REVIEW)
    expert: DealResult | None = None  # the expert's sheet of the deal (EXPERT)
    reviewed: int | None = None  # the seat reviewed, and replayed by the expert (None: viewer's)
    working: bool = False  # the review or the expert's replay is being worked out
    # The statistics panel: a question asked ("reset", or "import" of ``stats_file``), and why
    # the last file could not be imported (a ``StatsError``'s kind and message).
    stats_ask: str | None = None
    stats_file: Stats | None = None
    stats_error: tuple[str, str] | None = None
    # The daily deal (?daily): its day (ISO, "" for any other match), and the player's runs of
    # days played, current and best (said on its result).
    daily: str = ""
    streak: tuple[int, int] = (0, 0)
    next_daily: int = 0  # minutes until the next day's deal (0: an earlier day's is played)
    # Pass-and-play: the person holding the phone (their hand shown), and whether every hand is
    # hidden until the person whose turn it is says they are ready (after a reload).
    viewer: int = HUMAN
    hidden: bool = False
    links: tuple[Link, ...] = ()  # the links to friends far away
    webrtc: bool = True  # this browser can link to friends far away (RTCPeerConnection)
    puzzle: PuzzleView | None = None  # ?puzzle: the puzzle on the table (None: a match)
    retry: Retry | None = None  # a costly decision tried again (the state's game is its table)

    @property
    def busy(self) -> bool:
        return self.thinking or self.stage is not None


@dataclass(frozen=True)
class State:
    """The one state the app holds: the match, what the screen shows of it, the settings."""

    game: Game
    ui: Ui
    settings: Settings
    bot_seed: int
    undos: int = 0  # plays taken back in this match (said on its result)
    stats: Stats | None = None  # the player's statistics as kept (None: none read yet)
    seats: Roster = field(default_factory=Roster)  # who plays each seat of this match
    host_update: SeatUpdate | None = None  # a guest's page: the host's last word (its view and log)


@dataclass(frozen=True)
class Params:
    """URL parameters: ?seed=N (first game's deal), ?pace=X (0 = instant bot and no animation),
    ?level=easy|medium|hard and ?target=11|21|31 (override the settings for a new game),
    ?lang=fr|ar|en (the language, over the saved choice and the browser's), ?players=2|4 (a
    match for that many players; a saved match for another number is kept until the player
    confirms), ?position=<notation> (a tutorial's board, ``chkobba.notation``: that position,
    you being seat 0; the page then neither reads nor writes the saved game) and
    ?deal=<link> (a shared deal, ``chkobba.links``, replayed move by move; nor does it) and
    ?daily or ?daily=YYYY-MM-DD (the daily deal, of today or of that day: ``chkobba.daily``,
    kept apart from the player's match; ``daily`` is "" for today) and ?puzzle,
    ?puzzle=YYYY-MM-DD or ?puzzle=<notation> (the puzzle of today, of that day, or of that
    position, proved again on load: ``puzzle``; "" for today's; a day as ISO, a position as
    its notation)."""

    seed: int | None = None
    pace: float = 1.0
    level: str | None = None
    target: int | None = None
    position: Game | None = None
    errors: tuple[AddressProblem, ...] = field(default=())
    lang: str | None = None
    players: int | None = None
    deal: DealLine | None = None
    daily: str | None = None
    puzzle: str | None = None


def parse_params(query: str | Iterable[tuple[str, str]]) -> Params:
    """Read the query string, or its (name, value) pairs already decoded (the page passes the
    browser's URLSearchParams: urllib.parse and the ipaddress module it imports are not in the
    page's trimmed standard library); each malformed value is ignored and noted in ``errors``."""
    if isinstance(query, str):
        from urllib.parse import parse_qsl

        query = parse_qsl(query.lstrip("?"), keep_blank_values=True)
    seed: int | None = None
    pace, level, target = 1.0, None, None
    position: Game | None = None
    deal: DealLine | None = None
    daily: str | None = None
    puzzle: str | None = None
    lang: str | None = None
    players: int | None = None
    errors: list[AddressProblem] = []
    for name, raw in query:
        problem = AddressProblem(name, name[:40], raw[:40])
        if name == "seed":
            if raw.isascii() and raw.isdigit() and len(raw) <= 18:  # "²".isdigit() too
                seed = int(raw)
            else:
                errors.append(problem)
        elif name == "pace":
            value = number(raw)
            if value is not None and 0 <= value <= 10:
                pace = value
            else:
                errors.append(problem)
        elif name == "level":
            if raw in LEVELS:
                level = raw
            else:
                errors.append(problem)
        elif name == "target":
            if raw in {str(t) for t in TARGETS}:
                target = int(raw)
            else:
                errors.append(problem)
        elif name == "lang":
            if raw in LANGUAGES:
                lang = raw
            else:
                errors.append(problem)
        elif name == "players":
            if raw in {str(p) for p in PLAYERS}:
                players = int(raw)
            else:
                errors.append(AddressProblem("seats", name, raw[:40]))
        elif name == "position":
            try:
                position = Game.from_notation(raw)
            except ParseError as error:
                errors.append(AddressProblem("position", name, str(error)[:200]))
        elif name == "daily":
            try:
                daily = read_day(raw).isoformat() if raw else ""
            except ParseError:
                errors.append(AddressProblem("daily", name, raw[:40]))
                daily = ""  # today's
        elif name == "puzzle":
            puzzle, wrong = read_puzzle(name, raw)
            errors += [wrong] if wrong else []
        elif name == "deal":
            try:
                deal = read_deal_link(raw)
            except ParseError as error:
                errors.append(AddressProblem("deal", name, str(error)[:200]))
        else:
            errors.append(AddressProblem("unknown", name[:40]))
    return Params(
        seed, pace, level, target, position, tuple(errors), lang, players, deal, daily, puzzle
    )


def read_puzzle(name: str, raw: str) -> tuple[str, AddressProblem | None]:
    """?puzzle's value: "" (today's), a day (ISO) or a position (its notation, which has
    spaces); what cannot be read gives today's, and the problem (quoted short)."""
    position = " " in raw.strip()
    try:
        if position:
            return Game.from_notation(raw).notation(), None
        return (read_day(raw).isoformat() if raw else ""), None
    except ParseError as error:
        if position:
            return "", AddressProblem("puzzle-position", name, str(error)[:200])
        return "", AddressProblem("puzzle", name, raw[:40])


DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")  # ASCII digits, no sign, no exponent


def number(text: str) -> float | None:
    """A plain decimal ("0", "0.5", ".5"), never inf or nan; None for anything else ("1e400",
    "nan", " 3", "1_0" or fullwidth digits, all of which ``float`` reads)."""
    return float(text) if len(text) <= 20 and DECIMAL.fullmatch(text) else None
