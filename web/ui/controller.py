"""The app: holds the one ``State``, turns taps into engine moves, paces the computer, saves.

Every change replaces the state and ends in one ``paint()``: ``make_frame`` decides what shows,
``render`` draws it, the screen (DOM, or a fake in tests) puts it in place and animates the cards
as the frame's motion says. The saved match is always the state's match: a move is saved before
it is shown.
"""

from __future__ import annotations

import asyncio
import datetime
import random
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Protocol

from chkobba import (
    Card,
    ChkobbaError,
    DealResult,
    EntryKind,
    Game,
    Move,
    MoveKind,
    ParseError,
    PeerRefusal,
    Phase,
    Rules,
    SeatUpdate,
    __version__,
    goodbye_message,
    hello_message,
    move_message,
    read_goodbye,
    read_hello,
    read_move,
    read_seat_update,
    seat_update,
)
from chkobba.daily import (
    DAILY_LEVEL,
    daily_game,
    daily_over,
    daily_seed,
    is_daily,
    read_day,
    streak,
)
from chkobba.log import match_log, replay, taken_back
from chkobba.rules import LEVELS, PLAYERS

from .frame import (
    Motion,
    capture_choices,
    in_progress,
    logged_deal,
    made_sweep,
    make_frame,
    on_screen,
    screen_phase,
)
from .guard import ANSWER_S, coalesced
from .i18n import FALLBACK, LANGUAGES, language, pick
from .model import (
    ALONE,
    BACKS,
    FELTS,
    GUEST_LINK,
    HUMAN,
    PACES,
    AddressProblem,
    Link,
    LinkState,
    Notice,
    NoticeKind,
    Panel,
    Params,
    Played,
    ScreenPhase,
    Seats,
    Stage,
    State,
    Ui,
    clean_name,
)
from .refusals import refused
from .render import marks_of, render
from .stats import Stats, StatsError, export_text, import_text, match_id, record, reset
from .storage import UNSAVED, Storage
from .storage import KeptMatch as Saved
from .words import clip, code_refused, player_label

if TYPE_CHECKING:
    from chkobba.bots import Bot
    from chkobba.review import Decision

# Human pace, in milliseconds at ?pace=1.
THINK, SHOW, SETTLE, ANNOUNCE = 750, 700, 420, 1300
LAST = 1200  # the deal's last card stays in view on the table before the score sheet opens
CUT = 1300  # a computer seat's cut stays in view: the card it exposed, or that it kept
# A tab that follows another tab's match lets that tab move for the computer (real ms): it
# moves for the computer itself only after this long with no word from the other tab. Where the
# browser grants the lead to one tab (host.js, Web Locks) this is only a grace period while the
# lead passes to the tab the player just used; without Web Locks it is all there is, and two
# tabs' computers may race to save one position (the loser's move is refused by host.js, shown
# then taken back). At 1.5 s a loaded machine lost such races.
FOLLOW_MS = 6000
# The hard bot's work per move on the page: the engine's default worlds, with a time cap so the
# page never freezes. Measured in Pyodide (`python3 build.py bottime`): p95 well under the cap.
BOT_SAMPLES: int | None = None
BOT_BUDGET_MS = 150.0
HINT_SAMPLES: int | None = None
HINT_BUDGET_MS = 150.0
HINT_YIELD_S = 0.03  # lets the browser paint "Looking for a hint…" before the search runs
REVIEW_DELAY_S = 0.05  # a decision is reviewed this long after the move (its frame first)
ELSEWHERE = Notice(NoticeKind.ELSEWHERE)
# The phases in which each tap means something (None: any); any other tap is ignored.
TAPS: dict[str, tuple[ScreenPhase, ...] | None] = {
    "dismiss": None,
    "settings": None,
    "close": (
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
    ),
    "review": (ScreenPhase.SHEET, ScreenPhase.OVER, ScreenPhase.REVIEW),
    "share": (ScreenPhase.SHEET, ScreenPhase.OVER),
    "replay": (ScreenPhase.REPLAY,),
    "expert": (ScreenPhase.SHEET, ScreenPhase.OVER, ScreenPhase.EXPERT),
    "log": None,
    "taken": (ScreenPhase.SHEET, ScreenPhase.OVER, ScreenPhase.LOG),
    "level": (ScreenPhase.SETTINGS,),
    "lang": (ScreenPhase.SETTINGS,),
    "target": (ScreenPhase.SETTINGS,),
    "players": (ScreenPhase.SETTINGS,),
    "new": (ScreenPhase.SETTINGS, ScreenPhase.OVER),
    "confirm-new": (ScreenPhase.CONFIRM,),
    "next": (ScreenPhase.SHEET,),
    "hint": (ScreenPhase.PLAY, ScreenPhase.CUT, ScreenPhase.CHOOSE),
    "undo": (ScreenPhase.PLAY, ScreenPhase.CHOOSE),
    "undo-setting": (ScreenPhase.SETTINGS,),
    "pace": (ScreenPhase.SETTINGS,),
    "sound": (ScreenPhase.SETTINGS,),
    "back": (ScreenPhase.SETTINGS,),
    "felt": (ScreenPhase.SETTINGS,),
    "stats": (ScreenPhase.SETTINGS,),
    "people": (ScreenPhase.SETTINGS,),
    "ready": (ScreenPhase.PASS,),
    "friends": None,
    "reinvite": (ScreenPhase.FRIENDS,),
    "stats-export": (ScreenPhase.STATS,),
    "stats-reset": (ScreenPhase.STATS,),
    "stats-confirm": (ScreenPhase.STATS,),
    "stats-cancel": (ScreenPhase.STATS,),
    "hand": (ScreenPhase.PLAY, ScreenPhase.CHOOSE),
    "table": (ScreenPhase.CHOOSE,),
    "cancel": (ScreenPhase.CHOOSE,),
    "move": (ScreenPhase.CUT, ScreenPhase.CHOOSE),
}


# What the daily deal does without: another match in its place, a hint, a play taken back (it
# is the same deal for everyone, played once, against the hard computer).
DAILY_REFUSED = (
    "new",
    "confirm-new",
    "players",
    "target",
    "level",
    "hint",
    "undo",
    "next",
    "people",
)


# What a guest's page does without: the match, its settings and its review are the host's.
GUEST_REFUSED = (
    "new",
    "confirm-new",
    "players",
    "target",
    "level",
    "undo",
    "people",
    "review",
    "expert",
    "share",
)


class Screen(Protocol):
    def show(
        self,
        html: str,
        marks: dict[str, str],
        motion: Motion,
        spoken: tuple[tuple[str, str], ...] = (),
        sounds: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Draw ``html``, set ``marks`` as data- attributes of the root (what the page waits
        for), animate the cards as ``motion`` says, say ``spoken`` (key, words) in the live
        region unless that key was said already, and play ``sounds`` (key, sound) likewise."""


def utc_now() -> str:
    """The time now, UTC, as ISO 8601 text (a match's date in the statistics)."""
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


class App:
    def __init__(
        self,
        screen: Screen,
        storage: Storage,
        params: Params,
        fresh_seed: Callable[[], int],
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
        languages: Sequence[str] = (),
        lead: Callable[[], None] | None = None,
        review_ahead: bool = True,
        clock: Callable[[], str] = utc_now,
        download: Callable[[str, str], None] | None = None,
        peer: Callable[[dict[str, Any]], None] | None = None,
        join: str | None = None,
        stun: bool = True,
        webrtc: bool = True,
    ) -> None:
        """``languages``: the browser's, in the player's order (navigator.languages).
        ``lead``: asks the page to make this tab the one that moves for the computer in the
        saved match, when its turn comes (several tabs may show it: ``drive`` says when this
        tab does); None: this tab is the only one (it always moves for the computer).
        ``review_ahead``: review each of the player's decisions in the background as soon as
        it is made, so that "How did I play?" opens at once (else when it is asked for).
        ``clock``: the time now (ISO 8601, UTC), the date of a match recorded. ``download``:
        hands the page a file to save (its name and text): the statistics exported. ``peer``:
        sends the page's link layer a message (web/static/peer.js: make an invitation, read an
        answer, send a text to a friend far away). ``join``: this page is a guest's, invited by
        a host whose invitation this is (the match is the host's: nothing of it is kept here).
        ``stun``: links ask a public STUN server for this device's address (friends on other
        networks); the host's form chooses, and its invitations say so to its guests.
        ``webrtc``: this browser can link to friends far away (else it offers none, and an
        invitation opened here says which browsers can)."""
        self.stun = stun
        self.peer = peer or (lambda message: None)
        self.join = join
        self.seqs: dict[int, int] = {}  # the host's: the updates sent to each guest seat
        self.synced: dict[int, Game] = {}  # the host's: the position each guest was last sent
        self.updates: list[SeatUpdate] = []  # a guest's: the host's words not yet shown
        self.heard_last: SeatUpdate | None = None  # a guest's: the last read on this link
        self.answering: set[int] = set()  # the host's: guests refused, answered soon
        self.clock, self.download = clock, download
        self.screen, self.storage, self.params = screen, storage, params
        self.fresh_seed, self.sleep = fresh_seed, sleep
        self.epoch = 0  # bumped when the match is replaced: pending work for the old one stops
        self.tasks: set[asyncio.Future[None]] = set()  # the play's: the computer's turn...
        self.analyses: set[asyncio.Future[None]] = set()  # the review's, ahead of its asking
        self.bot: Bot | None = None
        # The play review's results, worked out in the background as the match goes: each of
        # the player's decisions by the history up to it; each deal's expert sheet by its deal.
        self.reviews: dict[tuple[Move, ...], Decision] = {}
        self.experts: dict[tuple[int, int, DealResult], DealResult] = {}  # by seat, deal
        self.following = False  # the match was last moved on by another tab
        self.lead = lead
        self.review_ahead = review_ahead
        self.driving = lead is None  # this tab moves for the computer
        settings, kept = storage.read_settings()
        settings = replace(
            settings,
            level=params.level or settings.level,
            target=params.target or settings.target,
            lang=pick(params.lang, settings.lang or None, languages),
        )
        asked = params.players or settings.players  # a new match's players
        # A tutorial's board (?position=) and a shared deal (?deal=) leave the player's saved
        # match alone.
        self.keeps_save = params.position is None and params.deal is None and join is None
        # The daily deal (?daily): its day; its match is kept apart, under its own key.
        self.today = read_day(clock()[:10])
        self.daily = self.daily_day(params) if self.keeps_save else None
        if self.daily is not None:
            storage = self.storage = storage.daily(earlier=self.daily != self.today)
        notices: list[Notice] = [kept] if kept else []
        saved: Saved | None = None
        if self.keeps_save:
            saved, problem = storage.load()
            # What is kept and cannot be read is set aside, each with its notice.
            found = (problem, storage.check_days(), storage.check_frame())
            notices += [notice for notice in found if notice]
        if self.daily is not None and saved is not None and not is_daily(saved.game, self.daily):
            saved = None  # another day's (yesterday's, or another earlier day's): over for good
        problems = params.errors
        if self.daily is not None and params.daily and self.daily.isoformat() != params.daily:
            problems += (AddressProblem("future", "daily", params.daily),)  # a day to come
        if problems:
            notices.append(Notice(NoticeKind.ADDRESS, problems=problems))
        switch = None  # ?players= for another number than the saved match's: asked first
        if self.daily is None and saved is not None and saved.game.rules.players != asked:
            if params.players and in_progress(saved.game):
                switch = params.players
            elif params.players:
                saved = None
        undos, replay, people, number = 0, None, ALONE, 1
        if params.deal is not None:
            game, seen, bot_seed = params.deal.start, 0, params.deal.start.seed
            replay, number = (0, len(params.deal.moves)), params.deal.deal
        elif params.position is not None:
            game, seen, bot_seed = params.position, 0, params.position.seed
        elif saved is not None:
            game, seen, bot_seed = saved.game, saved.seen_deals, saved.bot_seed
            undos, people = saved.undos, saved.seats
        elif self.daily is not None:
            game, seen, bot_seed = daily_game(self.daily), 0, daily_seed(self.daily)
        else:
            settings = replace(settings, players=asked)
            bot_seed = params.seed if params.seed is not None else fresh_seed()
            rules = Rules(players=asked, target=settings.target)
            game, seen = Game.new(rules, seed=bot_seed), 0
        ui = Ui(
            seen_deals=seen, replay=replay, replay_deal=number, hidden=people.shared, webrtc=webrtc
        )
        if join is not None:  # a guest: nothing to play until the host's first word
            state = LinkState.MAKING if webrtc else LinkState.UNSUPPORTED
            ui = replace(ui, links=(Link(GUEST_LINK, state),), panel=Panel.FRIENDS)
            people = Seats(people=())
        elif people.remote:  # the host's page reloaded: its links went with it
            ui = replace(ui, links=tuple(Link(s, LinkState.LOST) for s in people.remote))
        if self.daily is not None:
            ui = replace(ui, daily=self.daily.isoformat(), streak=self.streak())
            ui = replace(ui, next_daily=self.next_daily())
        if switch is not None:
            ui = replace(ui, panel=Panel.CONFIRM, switch=switch)
        stats: Stats | None = None
        if self.keeps_save and self.daily is None:  # the statistics: of the player's matches
            stats, problem = storage.load_stats()
            notices += [problem] if problem else []
        ui = replace(ui, notices=tuple(notices))
        self.state = State(game, ui, settings, bot_seed, undos, stats, people)
        if saved is None:
            self.save(force=True)

    def daily_day(self, params: Params) -> datetime.date | None:
        """The day of the daily deal asked for (?daily: today's; ?daily=YYYY-MM-DD: that day's,
        but never a day to come: today's then), or None."""
        if params.daily is None:
            return None
        day = read_day(params.daily) if params.daily else self.today
        return min(day, self.today)

    def next_daily(self) -> int:
        """The minutes until the next day's deal (UTC midnight), when today's is played; 0 for
        an earlier day's."""
        if self.daily != self.today:
            return 0
        now = datetime.datetime.fromisoformat(self.clock().replace("Z", "+00:00"))
        midnight = datetime.datetime.combine(self.today, datetime.time(), datetime.UTC)
        left = midnight + datetime.timedelta(days=1) - now
        return max(1, -(-int(left.total_seconds()) // 60))

    def streak(self) -> tuple[int, int]:
        """The runs of days on which the day's daily deal was played: now, and the best."""
        return streak(self.storage.days(), self.today)

    # --- state ---------------------------------------------------------------------------------

    @property
    def game(self) -> Game:
        return self.state.game

    @property
    def ui(self) -> Ui:
        return self.state.ui

    def set_ui(self, **changes: Any) -> None:
        self.state = replace(self.state, ui=replace(self.state.ui, **changes))

    def notify(self, notice: Notice | None) -> None:
        if notice is not None and notice not in self.ui.notices:
            self.set_ui(notices=(*self.ui.notices, notice))

    @property
    def people(self) -> Seats:
        return self.state.seats

    def phase(self) -> ScreenPhase:
        return screen_phase(self.game, self.ui, self.people)

    def new_game(self, seed: int, people: Seats | None = None) -> None:
        """A new match for the players set, by the same people as the last (or ``people``)."""
        self.epoch += 1
        settings = self.state.settings
        game = Game.new(Rules(players=settings.players, target=settings.target), seed=seed)
        seats = people or self.people
        if any(seat >= settings.players for seat in (*seats.people, *seats.remote)):
            seats = ALONE  # fewer seats than before: the player alone
        links = self.ui.links if seats.remote else ()  # friends far away play the next one too
        ui = Ui(notices=self.ui.notices, hidden=seats.shared, links=links)
        self.state = replace(self.state, game=game, ui=ui, bot_seed=seed, undos=0, seats=seats)
        self.bot, self.following = None, False
        self.save(force=True)

    def opponent(self) -> Bot:
        """The computer player, made on its first move (the table shows sooner without it);
        its hardest level stops thinking within BOT_BUDGET_MS."""
        from chkobba.bots import make_bot

        if self.bot is None:
            seed = self.state.bot_seed + len(self.game.history)
            level = DAILY_LEVEL if self.daily is not None else self.state.settings.level
            self.bot = make_bot(level, seed=seed, samples=BOT_SAMPLES, budget_ms=BOT_BUDGET_MS)
        return self.bot

    def save(self, force: bool = False) -> bool:
        """Save the state's match; False when another tab's newer match was followed instead."""
        if not self.keeps_save:
            return True
        state = self.state
        saved = Saved(state.game, state.ui.seen_deals, state.bot_seed, state.undos, state.seats)
        epoch = self.epoch
        outcome = self.storage.save(saved, force=force)
        if self.epoch != epoch:  # another tab's newer match was followed instead
            return False
        if isinstance(outcome, Saved):
            self.follow(outcome)
            return False
        self.notify(outcome)
        if outcome is None:
            self.keep_frame()
        self.warn_unsaved()
        return True

    def warn_unsaved(self) -> None:
        """The notice that progress is not kept goes once writing works again."""
        if not self.storage.failing and UNSAVED in self.ui.notices:
            self.set_ui(notices=tuple(n for n in self.ui.notices if n != UNSAVED))

    def write_failed(self, key: str) -> None:
        """The page could not write ``key`` (a relayed write, told after the fact)."""
        notice = self.storage.failed(key)
        if notice is not None and notice not in self.ui.notices:
            self.notify(notice)
            self.paint()

    def write_recovered(self) -> None:
        """A relayed write worked after failures: the notice goes."""
        notices = self.ui.notices
        self.storage.recovered()
        self.warn_unsaved()
        if self.ui.notices != notices:
            self.paint()

    def keep_frame(self) -> None:
        """Keep the table this match resumes with (no selection, no move in flight): what
        boot.js paints on a reload before Python is up, and Python's first render then redraws."""
        people = self.people
        ui = Ui(seen_deals=self.ui.seen_deals, hidden=people.shared)  # no hand shown, if shared
        frame = make_frame(self.game, ui, self.state.settings, people=people)
        marks = marks_of(frame)
        look = (marks["back"], marks["felt"])
        self.storage.save_frame(
            render(frame), marks["lang"], marks["title"], marks["players"], look
        )

    def follow(self, saved: Saved) -> None:
        """Show another tab's match as it stands (that tab moved it on)."""
        self.epoch += 1
        ui = Ui(
            seen_deals=saved.seen_deals,
            notices=self.ui.notices,
            hidden=saved.seats.shared,
            links=self.ui.links,  # (this tab's links to friends far away go on)
        )
        self.state = replace(
            self.state,
            game=saved.game,
            ui=ui,
            bot_seed=saved.bot_seed,
            undos=saved.undos,
            seats=saved.seats,
        )
        self.bot, self.following = None, True
        self.notify(ELSEWHERE)

    def changed_elsewhere(self) -> None:
        """Another tab wrote the save (the browser's storage event): follow it."""
        if not self.keeps_save:
            return
        theirs = self.storage.newer()
        if theirs is not None and theirs.game != self.game:
            self.follow(theirs)
            self.paint()
            self.computer_may_play()

    def paint(self) -> None:
        state = self.state
        frame = make_frame(
            state.game,
            state.ui,
            state.settings,
            state.undos,
            state.stats,
            state.seats,
            state.host_update,
        )
        self.screen.show(render(frame), marks_of(frame), frame.motion, frame.spoken, frame.sounds)
        self.sync()

    async def pause(self, ms: float) -> None:
        await self.sleep(ms * self.params.pace * PACES[self.state.settings.pace] / 1000)

    def start(self) -> None:
        self.paint()
        if self.join is not None:
            self.driving = False  # the host moves for the computer
            join = {"type": "peer-join", "seat": GUEST_LINK, "code": self.join, "stun": self.stun}
            if self.ui.webrtc:
                self.peer(join)
            return
        if not self.keeps_save:
            self.driving = True  # a position of its own: no other tab plays it
        else:
            self.keep_frame()  # drawn by this build (a save left by an older one may have none)
            self.record_match()  # a match that ended before its record could be kept
            if self.lead is not None:
                self.lead()
            if self.review_ahead:
                self.spawn(self.review_so_far(), self.analyses)
        self.computer_may_play()

    def set_driving(self, on: bool) -> None:
        """This tab now moves for the computer (the player used it last, or the tab that did
        closed), or another tab does and this one follows its saves."""
        if on == self.driving or self.join is not None:
            return
        self.driving = on
        if on:
            self.following = False
            self.computer_may_play()

    def computer_may_play(self) -> None:
        """Let the computer move if it is its turn and nothing on screen waits for the player."""
        if (
            self.driving
            and self.phase() == ScreenPhase.WAIT
            and not self.ui.busy
            and self.game.phase != Phase.OVER
            and self.game.current not in self.people.remote
        ):
            self.spawn(self.computer_turn())

    def spawn(self, work: Awaitable[None], kept: set[asyncio.Future[None]] | None = None) -> None:
        """Run ``work`` in the background, kept in ``kept`` (the play's ``tasks`` unless said)
        so that it is not collected."""
        tasks = self.tasks if kept is None else kept
        task = asyncio.ensure_future(work)
        tasks.add(task)
        task.add_done_callback(tasks.discard)

    # --- moves ---------------------------------------------------------------------------------

    async def computer_turn(self) -> None:
        epoch, game = self.epoch, self.game
        self.set_ui(thinking=True, last=None)
        self.paint()
        if self.following:
            await self.sleep(FOLLOW_MS / 1000)
        await self.pause(THINK)
        # Another tab's match, followed meanwhile, may be at the player's turn (follow() makes
        # a new epoch too; the game read now is the one this turn was for, or nothing is played).
        if epoch != self.epoch or self.game is not game:
            return
        if not self.driving:  # the player took up another tab: it moves for the computer now
            self.set_ui(thinking=False)
            self.paint()
            return
        seat = self.game.current
        move = self.opponent().choose(self.game.view(seat))
        await self.perform(seat, move)

    async def perform(self, seat: int, move: Move) -> None:
        """Play ``move`` for ``seat``: save the position after it, show it, let it settle (on a
        guest's page: send it to the host, whose answer shows it)."""
        if self.join is not None:
            self.send_move(move)
            return
        before = self.game
        await self.show_move(Played(seat, move, before), before.play(move))

    async def show_move(
        self, played: Played, after: Game, host_update: SeatUpdate | None = None
    ) -> None:
        """Make ``after`` (the position ``played`` led to) the state's: save it, show the move,
        let it settle; ``host_update``: on a guest's page, the host's word it comes from."""
        epoch = self.epoch
        seat, move, before = played.seat, played.move, played.before
        ended = len(after.deal_results) > len(before.deal_results)
        # A capture is shown before it is taken; so is the deal's last card, which lands on
        # the table before the score sheet opens (after it, the table is the next deal's).
        shown = move.kind == MoveKind.PLAY and (bool(move.captures) or ended)
        stage = Stage.SHOW if shown else Stage.SETTLE
        self.state = replace(
            self.state,
            game=after,
            host_update=host_update or self.state.host_update,
            ui=replace(
                self.ui,
                selected=None,
                picked=(),
                hint=None,
                hinting=False,
                thinking=False,
                last=played,
                stage=stage,
            ),
        )
        if not self.save():
            self.paint()
            self.computer_may_play()
            return
        self.record_match()
        self.record_day()
        if seat in self.people.people:
            self.following = False
            if self.review_ahead and self.join is None:
                self.spawn(self.review_later(before, move), self.analyses)
        if ended and self.join is None:
            self.spawn(self.expert_later(self.game, len(self.game.deal_results)), self.analyses)
        if stage == Stage.SHOW:
            self.paint()
            await self.pause(LAST if ended else SHOW)
            if epoch != self.epoch:
                return
            self.set_ui(stage=None if ended else Stage.SETTLE)
            if ended:  # the score sheet
                self.paint()
                self.computer_may_play()
                return
        self.paint()
        await self.pause(settle_ms(played, self.game, self.people))
        if epoch != self.epoch:
            return
        self.set_ui(stage=None)
        self.paint()
        self.computer_may_play()

    # --- taps ----------------------------------------------------------------------------------

    async def tap(self, action: str, value: str = "") -> None:
        """One tap, already read off the DOM: an action name and its value (card code, move...);
        a tap that means nothing on the screen shown is ignored."""
        if action not in TAPS:
            return
        phases = TAPS[action]
        if phases is not None and self.phase() not in phases:
            return
        if self.daily is not None and action in DAILY_REFUSED:
            return
        if self.join is not None and action in GUEST_REFUSED:
            return
        ui = self.ui
        if action == "dismiss":
            self.set_ui(notices=ui.notices[1:])
        elif action == "settings":
            self.set_ui(panel=Panel.SETTINGS)
        elif action == "log":
            self.set_ui(panel=None if ui.panel == Panel.LOG else Panel.LOG)
        elif action == "taken":
            self.set_ui(panel=Panel.TAKEN)
        elif action == "share":
            self.set_ui(panel=Panel.SHARE)
        elif action == "replay":
            self.replay_step(value)
        elif action == "review":
            await self.open_review(self.person(value))
            return
        elif action == "expert":
            await self.open_expert(self.person(value))
            return
        elif action == "close" and ui.panel == Panel.STATS:  # back to the settings
            self.set_ui(panel=Panel.SETTINGS, stats_ask=None, stats_file=None, stats_error=None)
        elif action == "close":
            self.set_ui(panel=None, switch=None)
        elif action == "level" and value in LEVELS:
            self.set_settings(level=value)
            self.bot = None
        elif action == "target" and value.isdigit():
            self.set_settings(target=int(value))
        elif action == "lang" and value in LANGUAGES:
            self.set_settings(lang=value)
        elif action == "undo-setting" and value in ("on", "off"):
            self.set_settings(undo=value == "on")
        elif action == "pace" and value in PACES:
            self.set_settings(pace=value)
        elif action == "sound" and value in ("on", "off"):
            self.set_settings(sound=value == "on")
        elif action == "back" and value in BACKS:
            self.set_settings(back=value)
        elif action == "felt" and value in FELTS:
            self.set_settings(felt=value)
        elif action == "people":
            self.set_ui(panel=Panel.PEOPLE)
        elif action == "ready":
            self.set_ui(viewer=self.game.current, hidden=False)
        elif action == "friends":
            self.set_ui(panel=None if ui.panel == Panel.FRIENDS else Panel.FRIENDS)
        elif action == "reinvite" and value.isdigit() and int(value) in self.people.remote:
            self.invite(int(value))
        elif action == "stats":
            self.set_ui(panel=Panel.STATS, stats_ask=None, stats_file=None, stats_error=None)
        elif action == "stats-export":  # nothing on screen changes: no frame
            self.export_stats()
            return
        elif action == "stats-reset":
            self.set_ui(stats_ask="reset", stats_file=None, stats_error=None)
        elif action == "stats-cancel":
            self.set_ui(stats_ask=None, stats_file=None)
        elif action == "stats-confirm":
            self.confirm_stats()
        elif action == "undo":
            self.undo()
        elif action == "players" and value in {str(p) for p in PLAYERS}:
            players = int(value)
            if players == self.game.rules.players:
                self.set_settings(players=players)
            elif in_progress(self.game):
                self.set_ui(panel=Panel.CONFIRM, switch=players)
            else:
                self.set_settings(players=players)
                self.new_game(self.fresh_seed())
        elif action == "hint":
            if not ui.hinting:
                await self.find_hint()
            return
        elif action == "new":
            if self.phase() == ScreenPhase.SETTINGS and in_progress(self.game):
                self.set_ui(panel=Panel.CONFIRM)
            else:
                self.new_game(self.fresh_seed())
        elif action == "confirm-new":
            if ui.switch is not None:
                self.set_settings(players=ui.switch)
            self.new_game(self.fresh_seed())
        elif action == "next" and self.game.phase != Phase.OVER:
            self.set_ui(seen_deals=len(self.game.deal_results), last=None)
            self.save()
        elif action == "hand":
            card = read_card(value)
            if card is not None:
                await self.tap_hand(card)
            return
        elif action == "table":
            card = read_card(value)
            if card is not None:
                await self.tap_table(card)
            return
        elif action == "cancel":
            self.set_ui(selected=None, picked=())
        elif action == "move":
            move = self.legal(value)
            if move is not None:
                await self.perform(self.ui.viewer, move)
                return
        self.paint()
        self.computer_may_play()

    def undo(self) -> None:
        """Take back the player's last play and the computer's replies since, in the same hand
        (``chkobba.log.taken_back``), when the settings allow it; the match counts it."""
        allowed = self.state.settings.undo and not self.people.among_people
        back = taken_back(self.game, self.ui.viewer) if allowed else None
        if back is None:
            return
        self.epoch += 1  # the computer's work for the later position stops
        ui = Ui(seen_deals=self.ui.seen_deals, notices=self.ui.notices, viewer=self.ui.viewer)
        self.state = replace(self.state, game=back, ui=ui, undos=self.state.undos + 1)
        self.bot = None
        self.save()

    def set_people(self, fields: Sequence[tuple[str, str]]) -> None:
        """The people form sent: a new match for its number of players, the seats it gives to
        people (seat 0 always) by their names (typed, cleaned; none typed: "Player N")."""
        if self.phase() != ScreenPhase.PEOPLE:
            return
        form: dict[str, str] = {}
        for name, value in fields[:16]:
            form.setdefault(str(name)[:16], str(value)[:200])
        players = PLAYERS[-1] if form.get("players") == str(PLAYERS[-1]) else PLAYERS[0]
        kinds = {s: form.get(f"kind-{s}") for s in range(1, players)}
        people = (HUMAN, *(s for s, kind in kinds.items() if kind == "person"))
        remote = tuple(s for s, kind in kinds.items() if kind == "friend" and self.ui.webrtc)
        self.stun = form.get("stun") == "on"
        seats = ALONE
        if len(people) > 1 or remote:
            t = language(self.state.settings.lang or FALLBACK)
            names = tuple(
                (clean_name(form.get(f"name-{s}", "")) or player_label(t, s))
                if s in people or s in remote
                else ""
                for s in range(players)
            )
            seats = Seats(people, names, remote)
        self.set_settings(players=players)
        self.new_game(self.fresh_seed(), seats)
        if remote:
            self.set_ui(panel=Panel.FRIENDS, links=tuple(Link(s) for s in remote))
            for seat in remote:
                self.invite(seat)
        self.paint()
        self.computer_may_play()

    # --- friends far away ----------------------------------------------------------------------

    def link(self, seat: int) -> Link | None:
        return next((link for link in self.ui.links if link.seat == seat), None)

    def set_link(self, seat: int, **changes: Any) -> None:
        links = tuple(replace(k, **changes) if k.seat == seat else k for k in self.ui.links)
        self.set_ui(links=links)

    def invite(self, seat: int) -> None:
        """A fresh invitation for the friend at ``seat`` (the page's link layer makes it)."""
        self.set_link(seat, state=LinkState.MAKING, code="", link="", error="")
        self.synced.pop(seat, None)
        self.peer({"type": "peer-invite", "seat": seat, "stun": self.stun})

    def answered(self, fields: Sequence[tuple[str, str]]) -> None:
        """The host entered a friend's answer: the link layer reads it and connects."""
        form = dict(fields[:4])
        seat = int(form["seat"]) if form.get("seat", "").isdigit() else -1
        link = self.link(seat)
        if link is None or seat == GUEST_LINK or link.state != LinkState.WAITING:
            return
        self.set_link(seat, state=LinkState.CONNECTING, error="")
        self.peer({"type": "peer-accept", "seat": seat, "code": form.get("code", "")[:4000]})
        self.paint()

    def linked(self, message: dict[str, Any]) -> None:
        """A word of the page's link layer about the link to ``seat``: its code made
        (``peer-code``), a code it could not use (``peer-error``), where the link is
        (``peer-state``), a text from the friend (``peer-message``) or one it dropped
        (``peer-refused``)."""
        kind, seat = str(message.get("type")), message.get("seat")
        link = self.link(seat) if isinstance(seat, int) else None
        if link is None:
            return
        if kind == "peer-code":
            code, address = str(message.get("code", "")), str(message.get("link", ""))
            self.set_link(link.seat, state=LinkState.WAITING, code=code, link=address)
        elif kind == "peer-error":
            self.code_error(link, message)
        elif kind == "peer-state":
            self.link_state(link, str(message.get("state")))
        elif kind == "peer-message":
            self.heard(link, str(message.get("text", "")))
            return
        elif kind == "peer-refused":
            self.refuse(link, clip(str(message.get("reason"))))
        elif kind == "peer-flood":
            self.drop(link)
        self.paint()

    def code_error(self, link: Link, message: dict[str, Any]) -> None:
        """The link layer could not do what it was asked (``step``): an answer refused leaves
        its field for the next try; an invitation that cannot be read, or no WebRTC here, ends
        the link. The reason is said in the player's words, quoting at most a short part."""
        step, reason = str(message.get("step")), str(message.get("reason"))
        quote, detail = str(message.get("quote", ""))[:24], str(message.get("detail", ""))[:8]
        t = language(self.state.settings.lang or FALLBACK)
        why = code_refused(t, reason, quote, detail)
        if step == "peer-send":
            return  # (a link no longer open: its state says so)
        if reason == "no-webrtc":
            self.set_link(link.seat, state=LinkState.UNSUPPORTED, error="")
        elif step == "peer-accept" and link.state == LinkState.CONNECTING:
            self.set_link(link.seat, state=LinkState.WAITING, error=why)
        else:
            self.set_link(link.seat, state=LinkState.FAILED, error=why)

    def link_state(self, link: Link, state: str) -> None:
        if state == "connecting":
            self.set_link(link.seat, state=LinkState.CONNECTING)
        elif state == "open":
            self.set_link(link.seat, state=LinkState.OPEN, error="")
            if link.seat == GUEST_LINK:
                self.heard_last = None  # a new link: its first update may take any number
                self.send(GUEST_LINK, hello_message("guest", self.state.settings.lang, __version__))
            elif self.ui.panel == Panel.FRIENDS and all(
                k.state == LinkState.OPEN for k in self.ui.links
            ):
                self.set_ui(panel=None)  # every friend is here: to the table
            self.synced.pop(link.seat, None)
            self.computer_may_play()
        elif state == "lost" and link.state == LinkState.OPEN:
            self.set_link(link.seat, state=LinkState.LOST)
            self.notify(Notice(NoticeKind.PEER, ("lost", self.name_of(link.seat))))
        elif state in ("lost", "failed") and link.state == LinkState.CONNECTING:
            self.set_link(link.seat, state=LinkState.FAILED)  # never connected: not "lost"

    def forwarded(self, taken: bool) -> None:
        """This tab was opened by an answer link: the tab that made its invitation took it, or
        no tab here did (the player is told where it goes)."""
        self.notify(Notice(NoticeKind.PEER, ("took" if taken else "untaken", "")))
        self.paint()

    def name_of(self, seat: int) -> str:
        return self.people.name(seat) if seat != GUEST_LINK else ""

    def refuse(self, link: Link, why: str) -> None:
        """A message from the friend of ``link`` is refused: a notice says so (one for a
        burst, ``coalesced``), nothing else changes (the friend is sent the position again once
        the burst is over)."""
        self.set_ui(notices=coalesced(self.ui.notices, self.name_of(link.seat), why))
        if link.seat == GUEST_LINK or link.seat in self.answering:
            return  # (drawn at the burst's end)
        self.answering.add(link.seat)
        self.spawn(self.answer(link.seat))
        self.paint()

    async def answer(self, seat: int) -> None:
        """The position sent again to a refused guest, once its burst is over (and the
        burst's notice drawn)."""
        await self.sleep(ANSWER_S)
        self.answering.discard(seat)
        self.synced.pop(seat, None)
        self.paint()

    def drop(self, link: Link) -> None:
        """The page's link layer found the friend of ``link`` sending far more than anyone
        plays: the friend is told, the link closed, the host's player told."""
        if link.state != LinkState.OPEN:
            return
        self.send(link.seat, goodbye_message("flood"))
        self.set_link(link.seat, state=LinkState.LOST)
        self.notify(Notice(NoticeKind.PEER, ("flooded", self.name_of(link.seat))))
        self.peer({"type": "peer-close", "seat": link.seat})

    def broken(self, detail: tuple[str, ...]) -> None:
        """A guest's page: the host sent what no play leads to (``("broken", "", why)``), or
        dropped this page (``("dropped", "")``): the link is closed, the player told."""
        self.set_link(GUEST_LINK, state=LinkState.LOST)
        self.notify(Notice(NoticeKind.PEER, detail))
        self.peer({"type": "peer-close", "seat": GUEST_LINK})
        self.paint()

    def send(self, seat: int, text: str) -> None:
        self.peer({"type": "peer-send", "seat": seat, "text": text})

    def heard(self, link: Link, text: str) -> None:
        """A text from a friend: on the host's page a guest's hello or move, on a guest's page
        the host's word."""
        if link.state != LinkState.OPEN:
            return
        if link.seat == GUEST_LINK:
            self.from_host(text)
            return
        t = language(self.state.settings.lang or FALLBACK)
        try:
            if "chkobba-hello" in text[:80]:
                hello = read_hello(text)
                if hello.version != __version__:
                    self.refuse(link, f"version {hello.version[:20]}, not {__version__}")
                return
            move = read_move(text, self.game, link.seat, self.seqs.get(link.seat, 0))
        except PeerRefusal as error:
            who = self.name_of(link.seat)  # (the friend's mistake, said from their side)
            why = refused(t, error.refusal, who) if error.refusal is not None else str(error)
            self.refuse(link, clip(why))
            return
        except ParseError as error:
            self.refuse(link, clip(str(error)))
            return
        self.spawn(self.guest_move(link.seat, move))

    async def guest_move(self, seat: int, move: Move) -> None:
        """Play a guest's move, checked already, once the move before it has settled."""
        game = self.game
        while self.ui.busy:
            await self.sleep(0.05)
        if self.game is game or (self.game.current == seat and move in self.game.legal_moves()):
            await self.perform(seat, move)

    def sync(self) -> None:
        """The host's page: each connected guest is sent the position, once each change."""
        for link in self.ui.links:
            seat = link.seat
            if link.state != LinkState.OPEN or seat == GUEST_LINK:
                continue
            if self.synced.get(seat) is self.game:
                continue
            self.seqs[seat] = self.seqs.get(seat, 0) + 1
            self.synced[seat] = self.game
            names = self.people.names
            self.send(seat, seat_update(self.game, seat, names, self.seqs[seat]))

    def from_host(self, text: str) -> None:
        """A guest's page: the host's word, shown after the ones before it."""
        try:
            if "chkobba-goodbye" in text[:80]:
                read_goodbye(text)
                self.broken(("dropped", ""))
                return
            update = read_seat_update(text, after=self.heard_last)
        except ParseError as error:
            self.broken(("broken", "", clip(str(error))))
            return
        self.heard_last = update
        self.updates.append(update)
        if len(self.updates) == 1:
            self.spawn(self.show_host_update())

    async def show_host_update(self) -> None:
        """Show the host's words in order: a move after the last one shown as any move is
        shown, anything else (the first word, a resumed match) at once."""
        while self.updates:
            update = self.updates[0]
            await self.show_update(update)
            self.updates.pop(0)

    async def show_update(self, update: SeatUpdate) -> None:
        view, last = update.view, self.state.host_update
        if last is not None and update.seq <= last.seq:
            return
        seat = view.seat
        remote = tuple(s for s, name in enumerate(update.names) if name and s != seat)
        t = language(self.state.settings.lang or FALLBACK)
        names = tuple(  # the host's names, cleaned here as this page cleans its own
            clean_name(name) or player_label(t, s) if name else ""
            for s, name in enumerate(update.names)
        )
        seats = Seats((seat,), names, remote)
        game = view.sample(random.Random(0))  # its hidden cards made up, never shown
        self.state = replace(self.state, seats=seats)
        mover = next(
            (e.seat for e in reversed(update.log) if e.kind in (EntryKind.CUT, EntryKind.PLAY)),
            None,
        )
        if last is not None and mover is not None and view.history[:-1] == last.view.history:
            self.set_ui(viewer=seat, thinking=False)
            await self.show_move(Played(mover, view.history[-1], self.game), game, update)
            return
        self.epoch += 1  # the first word, or a resumed match: its sheets seen already
        panel = None if self.ui.panel == Panel.FRIENDS else self.ui.panel
        seen = len(view.deal_results)
        self.set_ui(
            viewer=seat, thinking=False, last=None, stage=None, panel=panel, seen_deals=seen
        )
        self.state = replace(self.state, game=game, host_update=update)
        self.paint()

    def send_move(self, move: Move) -> None:
        """A guest's page: the move goes to the host, whose answer shows it."""
        update = self.state.host_update
        if update is None:
            return
        self.send(GUEST_LINK, move_message(move, update.seq))
        self.set_ui(thinking=True, selected=None, picked=(), hint=None)
        self.paint()

    def replay_step(self, step: str) -> None:
        """Follow a shared deal: its first position, the one before, the next, its end."""
        line, at = self.params.deal, self.ui.replay
        if line is None or at is None:
            return
        now, total = at
        moves = {"first": 0, "prev": now - 1, "next": now + 1, "last": total}
        if step not in moves:
            return
        to = max(0, min(total, moves[step]))
        last, stage = None, None
        if to > 0:
            before = line.positions[to - 1]
            last = Played(before.current, line.moves[to - 1], before)
            if line.positions[to].deal_results != before.deal_results:
                stage = Stage.SHOW  # the deal's last card on its table, not the next deal's
        ui = replace(self.ui, replay=(to, total), last=last, stage=stage, hint=None)
        self.state = replace(self.state, game=line.positions[to], ui=ui)

    # --- the play review -----------------------------------------------------------------------

    async def review_later(self, before: Game, move: Move) -> None:
        """Review the player's ``move`` from ``before`` once the frame that shows it is painted
        (one search, ~40 ms in Pyodide): "How did I play?" then opens at once."""
        await self.sleep(REVIEW_DELAY_S)
        self.reviewed(before, move)

    async def review_so_far(self) -> None:
        """Review the player's decisions of the deal on the table (or on its sheet) that a
        reload left unreviewed, one at a time in the background."""
        game = self.game
        for before, move in self.decisions(game, logged_deal(game, self.ui), self.ui.viewer):
            await self.sleep(REVIEW_DELAY_S)
            if self.game is not game:
                return
            self.reviewed(before, move)

    @staticmethod
    def decisions(game: Game, deal: int, seat: int) -> list[tuple[Game, Move]]:
        """The decisions of ``seat`` (the cut, the plays) in ``deal``: each position and move,
        the history replayed once."""
        kinds = (EntryKind.CUT, EntryKind.PLAY)
        numbers = {
            e.number
            for e in match_log(game)
            if e.deal == deal and e.seat == seat and e.kind in kinds
        }
        return [
            (before, move)
            for number, (before, move, _) in enumerate(replay(game), 1)
            if number in numbers
        ]

    def reviewed(self, before: Game, move: Move) -> Decision:
        """The player's ``move`` from ``before`` beside the hard bot's, reviewed now if it was
        not yet (its index in the match's history: ``before``'s history's length)."""
        from chkobba.review import review_position

        key = (*before.history, move)
        if key not in self.reviews:
            self.reviews[key] = review_position(before, move, len(before.history))
        return self.reviews[key]

    async def expert_later(self, game: Game, deal: int) -> None:
        """Play the expert's replay of ``deal`` while its sheet is read, a move at a time (the
        worker stays free for taps); given up once the match moves on."""
        from chkobba.review import expert_steps

        seat = self.ui.viewer
        key = (seat, deal, game.deal_results[deal - 1])
        final = None
        try:
            steps = expert_steps(game, seat, deal, self.state.settings.level)
        except ChkobbaError:  # a deal set up in mid-play: no shuffle to deal again
            return
        for position in steps:
            final = position
            await self.sleep(0)
            if self.game is not game or self.ui.seen_deals >= deal:  # the sheet was left
                return
        if final is not None:  # the deal played out: its sheet
            self.experts[key] = final.deal_results[-1]

    def person(self, value: str) -> int:
        """The seat whose play is reviewed: a person's at the table, as tapped (pass-and-play),
        else the viewer's."""
        seats = {str(seat): seat for seat in self.people.people}
        return seats.get(value, self.ui.viewer)

    async def open_review(self, seat: int) -> None:
        """The decisions of ``seat``'s person in the deal on the sheet, each beside the hard
        bot's."""
        game, deal = self.game, logged_deal(self.game, self.ui)
        self.set_ui(panel=Panel.REVIEW, review=(), working=True, reviewed=seat)
        self.paint()
        await self.sleep(HINT_YIELD_S)  # "Working it out…" paints first
        if self.game is not game:
            return
        chosen = self.decisions(game, deal, seat)
        review = tuple(self.reviewed(before, move) for before, move in chosen)
        self.set_ui(review=review, working=False)
        self.paint()

    async def open_expert(self, seat: int) -> None:
        """The deal on the sheet played again by the hard bot in ``seat``."""
        from chkobba.review import expert_replay

        game, deal = self.game, logged_deal(self.game, self.ui)
        self.set_ui(panel=Panel.EXPERT, expert=None, working=True, reviewed=seat)
        self.paint()
        await self.sleep(HINT_YIELD_S)
        if self.game is not game:
            return
        key = (seat, deal, game.deal_results[deal - 1])
        if key not in self.experts:
            try:
                replayed = expert_replay(game, seat, deal, self.state.settings.level)
            except ChkobbaError:  # a deal set up in mid-play: the panel says there is none
                self.set_ui(working=False)
                self.paint()
                return
            self.experts[key] = replayed.deal_results[-1]
        self.set_ui(expert=self.experts[key], working=False)
        self.paint()

    # --- the statistics ------------------------------------------------------------------------

    @property
    def stats(self) -> Stats:
        return self.state.stats or Stats()

    def keep_stats(self, stats: Stats) -> None:
        self.state = replace(self.state, stats=stats)
        self.notify(self.storage.save_stats(stats))

    def record_match(self) -> None:
        """Count the match just over in the statistics, once: on the latest kept (another tab
        may have counted it already), by its id."""
        if not self.keeps_save or self.daily is not None or self.game.phase != Phase.OVER:
            return
        if self.people.among_people:  # not the player's against the computer
            return
        kept = self.storage.read_stats()
        stats = kept if kept is not None else self.stats
        level = self.state.settings.level
        recorded = record(stats, match_id(self.game), self.game, level, self.clock())
        if recorded is stats:
            self.state = replace(self.state, stats=stats)
        else:
            self.keep_stats(recorded)

    def record_day(self) -> None:
        """The daily deal just ended: today's counts toward the run of days played (an earlier
        day's, opened from a link, is played for itself)."""
        if self.daily is None or not daily_over(self.game) or self.daily != self.today:
            return
        self.notify(self.storage.played_day(self.daily))
        self.set_ui(streak=self.streak(), next_daily=self.next_daily())

    def changed_stats(self) -> None:
        """Another tab changed the statistics: show them as they are kept."""
        kept = self.storage.read_stats()
        if kept is not None and kept != self.state.stats:
            self.state = replace(self.state, stats=kept)
            if self.ui.panel == Panel.STATS:
                self.paint()

    def export_stats(self) -> None:
        if self.download is not None:
            name = f"chkobba-statistics-{self.clock()[:10]}.json"
            self.download(name, export_text(self.stats))

    def import_stats(self, text: str) -> None:
        """A file the player picked: its statistics, checked, wait for the player's yes."""
        if self.phase() != ScreenPhase.STATS:
            return
        try:
            found = import_text(text, keep=self.stats)
        except StatsError as error:
            self.set_ui(stats_ask=None, stats_file=None, stats_error=(error.kind, str(error)))
        else:
            self.set_ui(stats_ask="import", stats_file=found, stats_error=None)
        self.paint()

    def confirm_stats(self) -> None:
        """The player said yes: the statistics reset, or replaced by the file's."""
        ask, found = self.ui.stats_ask, self.ui.stats_file
        if ask == "reset":
            self.keep_stats(reset(keep=self.stats))
        elif ask == "import" and found is not None:
            self.keep_stats(found)
        self.set_ui(stats_ask=None, stats_file=None, stats_error=None)

    def set_settings(self, **changes: Any) -> None:
        self.state = replace(self.state, settings=replace(self.state.settings, **changes))
        self.notify(self.storage.save_settings(self.state.settings))
        if self.keeps_save:
            self.keep_frame()

    async def find_hint(self) -> None:
        """The hard bot's move for the player, with a one-line reason, shown on the table.

        The search is synchronous: the page first yields to the browser (so the "looking"
        status paints) and the search has a time cap, so the page never freezes."""
        from chkobba.bots import make_bot

        game = self.game
        self.set_ui(hinting=True, hint=None)
        self.paint()
        await self.sleep(HINT_YIELD_S)
        if self.game is not game:  # a move was made meanwhile
            return
        view = game.view(self.ui.viewer)
        seed = self.state.bot_seed + len(game.history)
        bot = make_bot("hard", seed=seed, samples=HINT_SAMPLES, budget_ms=HINT_BUDGET_MS)
        move = bot.choose(view)
        self.set_ui(hinting=False, hint=move)
        self.paint()

    def legal(self, text: str) -> Move | None:
        return next((m for m in self.game.legal_moves() if str(m) == text), None)

    def choices(self) -> list[Move]:
        return capture_choices(self.game, self.ui)

    async def tap_hand(self, card: Card) -> None:
        moves = [m for m in self.game.legal_moves() if m.card == card]
        if len(moves) == 1:
            await self.perform(self.ui.viewer, moves[0])
            return
        if moves and self.ui.selected != card:
            self.set_ui(selected=card, picked=())
        else:
            self.set_ui(selected=None, picked=())
        self.paint()

    async def tap_table(self, card: Card) -> None:
        """Build a capture card by card; it is played as soon as the picked cards are an option."""
        options = [frozenset(m.captures) for m in self.choices()]
        picked = set(self.ui.picked) ^ {card}
        if not any(picked <= o for o in options):
            picked = {card} if any(card in o for o in options) else set()
        for move in self.choices():
            if set(move.captures) == picked:
                await self.perform(self.ui.viewer, move)
                return
        self.set_ui(picked=tuple(c for c in on_screen(self.game, self.ui).table if c in picked))
        self.paint()


def settle_ms(played: Played, game: Game, people: Seats) -> float:
    """How long a move stays in view before play goes on (a computer's cut: long enough to
    see)."""
    if made_sweep(played, game):
        return ANNOUNCE
    computer = played.seat not in people.people
    return CUT if played.move.kind != MoveKind.PLAY and computer else SETTLE


def read_card(code: str) -> Card | None:
    try:
        return Card.parse(code)
    except ChkobbaError:
        return None
