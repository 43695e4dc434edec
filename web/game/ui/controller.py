"""The app: holds the one ``State``, turns taps into engine moves, paces the computer, saves.

Every change replaces the state and ends in one ``paint()``: ``make_frame`` decides what shows,
``render`` draws it, the screen (DOM, or a fake in tests) puts it in place and animates the cards
as the frame's motion says. The saved match is always the state's match: a move is saved before
it is shown.

The app keeps the flow of a match: its start (the first state is ``opening``'s), its saving and
following other tabs, the computer's pace, the play's taps, undo. Each other feature is a module of
its own, with its taps, its work and its panels: the deal's sheets (``sheets``), the hint
(``hint``), the settings (``settings``), the people at the table (``people``), the review and the
expert's replay (``review``), a costly decision tried again (``retry``: its table is the state's
game meanwhile, never saved), the statistics (``stats_screen``), the daily deal's days
(``daily_deal``) and friends far away (``friends``). ``tap`` routes each action to the feature that
declares it.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from chkobba import Card, ChkobbaError, Game, Move, MoveKind, Phase, Rules, SeatUpdate
from chkobba.daily import DAILY_LEVEL
from chkobba.log import taken_back

from .daily_deal import DailyDeal, utc_now
from .frame import capture_choices, make_frame
from .friends import Friends
from .hint import Hint
from .model import (
    ALONE,
    PACES,
    PANELS,
    MoveMade,
    Notice,
    NoticeKind,
    Params,
    Roster,
    ScreenPhase,
    Stage,
    Ui,
)
from .news import made_sweep
from .opening import first_state
from .people import PeopleForm
from .phases import on_screen, screen_phase
from .puzzle import PuzzleScreen
from .render import marks_of, render
from .retry import RetryScreen
from .review import Review
from .screen import Screen
from .settings import SettingsScreen
from .sheets import DealSheets
from .stats_screen import StatsScreen
from .storage import UNSAVED, KeptMatch, Storage
from .taps import Tap, routes

if TYPE_CHECKING:
    from chkobba.bots import Bot

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
# The hard bot's work per move on the page: the engine's default worlds and node caps, a fixed
# amount of work and no time cap, so that the same seed and position give the same move on every
# device (the daily deal's computer plays the same for everyone). It thinks in the worker, so the
# page's thread never waits on it; in Pyodide (`python3 build.py bottime`) a move's p95 is 40 ms.
BOT_SAMPLES: int | None = None
ELSEWHERE = Notice(NoticeKind.ELSEWHERE)


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
        saved match, when its turn comes (several tabs may show it: ``set_driving`` says when
        this tab does); None: this tab is the only one (it always moves for the computer).
        ``review_ahead``: review each of the player's decisions in the background as soon as
        it is made, so that "How did I play?" opens at once (else when it is asked for).
        ``clock``: the time now (ISO 8601, UTC), the date of a match recorded. ``download``:
        the statistics' (``StatsScreen``); ``peer``, ``join``, ``stun``: the links to friends
        far away (``Friends``). ``webrtc``: this browser can link to friends far away (else it
        offers none, and an invitation opened here says which browsers can)."""
        self.clock = clock
        self.screen, self.storage, self.params = screen, storage, params
        self.fresh_seed, self.sleep = fresh_seed, sleep
        self.epoch = 0  # bumped when the match is replaced: pending work for the old one stops
        self.tasks: set[asyncio.Future[None]] = set()  # the play's: the computer's turn...
        self.bot: Bot | None = None
        self.following = False  # the match was last moved on by another tab
        self.lead = lead
        self.review_ahead = review_ahead
        self.driving = lead is None  # this tab moves for the computer
        # The features, each with its taps (``taps``: each action, routed to its feature).
        self.friends = Friends(self, peer, join, stun)
        self.hint = Hint(self)
        self.sheets = DealSheets(self)
        self.review = Review(self, self.friends)
        self.stats_screen = StatsScreen(self, download)
        self.daily_deal = DailyDeal(self)
        self.puzzles = PuzzleScreen(self)
        self.review.graded = self.puzzles.keep_costly
        self.settings_screen = SettingsScreen(self)
        self.people_form = PeopleForm(self, self.friends, self.settings_screen)
        self.retry = RetryScreen(self)
        self.taps = routes(
            self.play_taps(),
            self.sheets.taps(),
            self.hint.taps(),
            self.settings_screen.taps(),
            self.people_form.taps(),
            self.review.taps(),
            self.stats_screen.taps(),
            self.friends.taps(),
            self.puzzles.taps(),
            self.retry.taps(),
        )
        features = (self.puzzles, self.daily_deal, self.friends)
        opening = first_state(params, storage, fresh_seed, languages, join, webrtc, features)
        self.keeps_save, self.daily = opening.keeps_save, opening.daily
        self.storage, self.state = opening.storage, opening.state
        if not opening.resumed:
            self.save(force=True)

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
    def people(self) -> Roster:
        return self.state.seats

    def phase(self) -> ScreenPhase:
        return screen_phase(self.game, self.ui, self.people)

    def new_game(self, seed: int, people: Roster | None = None) -> None:
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
        """The computer player, made on its first move (the table shows sooner without it)."""
        from chkobba.bots import make_bot

        if self.bot is None:
            seed = self.state.bot_seed + len(self.game.history)
            level = DAILY_LEVEL if self.daily is not None else self.state.settings.level
            self.bot = make_bot(level, seed=seed, samples=BOT_SAMPLES)
        return self.bot

    def save(self, force: bool = False) -> bool:
        """Save the state's match; False when another tab's newer match was followed instead."""
        if not self.keeps_save or self.ui.retry is not None:  # (a retry is never saved)
            return True
        state = self.state
        saved = KeptMatch(state.game, state.ui.seen_deals, state.bot_seed, state.undos, state.seats)
        epoch = self.epoch
        outcome = self.storage.save(saved, force=force)
        if self.epoch != epoch:  # another tab's newer match was followed instead
            return False
        if isinstance(outcome, KeptMatch):
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

    def follow(self, saved: KeptMatch) -> None:
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
        self.friends.sync()

    async def pause(self, ms: float) -> None:
        await self.sleep(ms * self.params.pace * PACES[self.state.settings.pace] / 1000)

    def start(self) -> None:
        self.paint()
        self.puzzles.start()
        if self.friends.guest:
            self.driving = False  # the host moves for the computer
            self.friends.join_host()
            return
        if not self.keeps_save:
            self.driving = True  # a position of its own: no other tab plays it
        else:
            self.keep_frame()  # drawn by this build (a save left by an older one may have none)
            self.stats_screen.record_match()  # a match that ended before its record could be kept
            if self.lead is not None:
                self.lead()
            if self.review_ahead:
                self.review.so_far()
        self.computer_may_play()

    def set_driving(self, on: bool) -> None:
        """This tab now moves for the computer (the player used it last, or the tab that did
        closed), or another tab does and this one follows its saves."""
        if on == self.driving or self.friends.guest:
            return
        self.driving = on
        if on:
            self.following = False
            self.computer_may_play()

    def computer_may_play(self) -> None:
        """Let the computer move if it is its turn and nothing on screen waits for the player."""
        if self.retry.holds():
            return
        if (
            self.moves_here()
            and self.phase() == ScreenPhase.WAIT
            and not self.ui.busy
            and self.game.phase != Phase.OVER
            and self.game.current not in self.people.remote
            and self.ui.puzzle is None
        ):
            self.spawn(self.computer_turn())

    def moves_here(self) -> bool:
        """Whether this tab moves for the computer: it leads the match, or a retry's table is
        on it (its own, never saved: no other tab plays it)."""
        return self.driving or self.ui.retry is not None

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
        if self.following and self.ui.retry is None:
            await self.sleep(FOLLOW_MS / 1000)
        await self.pause(THINK)
        # Another tab's match, followed meanwhile, may be at the player's turn (follow() makes
        # a new epoch too; the game read now is the one this turn was for, or nothing is played).
        if epoch != self.epoch or self.game is not game:
            return
        if not self.moves_here():  # the player took up another tab: it moves for the computer
            self.set_ui(thinking=False)
            self.paint()
            return
        seat = self.game.current
        if self.ui.retry is not None:
            move = self.retry.move(self.game)
        else:
            move = self.opponent().choose(self.game.view(seat))
        await self.perform(seat, move)

    async def perform(self, seat: int, move: Move) -> None:
        """Play ``move`` for ``seat``: save the position after it, show it, let it settle (on a
        guest's page: send it to the host, whose answer shows it)."""
        if self.friends.guest:
            self.friends.send_move(move)
            return
        if self.ui.puzzle is not None:  # a puzzle: the move is judged, not played on
            await self.puzzles.tried(move)
            return
        before = self.game
        await self.show_move(MoveMade(seat, move, before), before.play(move))

    async def show_move(
        self, played: MoveMade, after: Game, host_update: SeatUpdate | None = None
    ) -> None:
        """Make ``after`` (the position ``played`` led to) the state's: save it, show the move,
        let it settle; ``host_update``: on a guest's page, the host's word it comes from."""
        epoch = self.epoch
        seat, move, before = played.seat, played.move, played.before
        ended = len(after.deal_results) > len(before.deal_results)
        hand_end = self.retry.ends_hand(after)  # a retry's hand followed to its end
        # A capture is shown before it is taken; so is the deal's last card, which lands on
        # the table before the score sheet opens (after it, the table is the next deal's), and
        # a retry's last card, which stays on its table (the next hand is not the retry's).
        shown = move.kind == MoveKind.PLAY and (bool(move.captures) or ended or hand_end)
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
        counted = self.ui.retry is None  # a retry's moves count for nothing
        if counted:
            self.stats_screen.record_match()
            self.daily_deal.record_day()
        if seat in self.people.people:
            self.following = False
            if self.review_ahead and counted:
                self.review.ahead(before, move)
        if ended and counted:
            self.review.expert_ahead()
        if stage == Stage.SHOW:
            self.paint()
            await self.pause(LAST if ended or hand_end else SHOW)
            if epoch != self.epoch:
                return
            if hand_end and self.retry.holds():  # "The hand is over", its last card shown
                return
            self.set_ui(stage=None if ended else Stage.SETTLE)
            if ended:  # the score sheet (in a retry, its verdict or its hand's end instead)
                if not self.retry.holds():
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
        """One tap, already read off the DOM: an action name and its value (card code, move...),
        routed to the feature that declares it; a tap that means nothing on the screen shown
        (or in the daily deal, or on a guest's page) is ignored."""
        tap = self.taps.get(action)
        if tap is None or (tap.phases is not None and self.phase() not in tap.phases):
            return
        fixed = self.daily is not None or self.ui.puzzle is not None  # no other match, no undo
        if (fixed and not tap.daily) or (self.friends.guest and not tap.guest):
            return
        if await tap.run(value):
            self.paint()
            self.computer_may_play()

    def play_taps(self) -> dict[str, Tap]:
        """The match's own actions: a notice dismissed, a panel closed, the play (a card, a
        capture chosen, a play taken back)."""
        playing = (ScreenPhase.PLAY, ScreenPhase.CHOOSE)
        return {
            "dismiss": Tap(self.dismiss),
            "close": Tap(self.close, PANELS),
            "undo": Tap(self.undo, playing, daily=False, guest=False),
            "hand": Tap(self.tap_hand, playing),
            "table": Tap(self.tap_table, (ScreenPhase.CHOOSE,)),
            "cancel": Tap(self.cancel, (ScreenPhase.CHOOSE,)),
            "move": Tap(self.tap_move, (ScreenPhase.CUT, ScreenPhase.CHOOSE)),
        }

    async def dismiss(self, value: str) -> bool:
        self.set_ui(notices=self.ui.notices[1:])
        return True

    async def close(self, value: str) -> bool:
        if self.ui.panel == ScreenPhase.STATS:
            self.stats_screen.leave()  # back to the settings
        else:
            self.set_ui(panel=None, switch=None)
        return True

    async def cancel(self, value: str) -> bool:
        self.set_ui(selected=None, picked=())
        return True

    async def tap_move(self, value: str) -> bool:
        move = self.legal(value)
        if move is None:
            return True
        await self.perform(self.ui.viewer, move)
        return False

    async def undo(self, value: str) -> bool:
        """Take back the player's last play and the computer's replies since, in the same hand
        (``chkobba.log.taken_back``), when the settings allow it; the match counts it."""
        allowed = self.state.settings.undo and not self.people.among_people and not self.ui.retry
        back = taken_back(self.game, self.ui.viewer) if allowed else None
        if back is None:
            return True
        self.epoch += 1  # the computer's work for the later position stops
        ui = Ui(seen_deals=self.ui.seen_deals, notices=self.ui.notices, viewer=self.ui.viewer)
        self.state = replace(self.state, game=back, ui=ui, undos=self.state.undos + 1)
        self.bot = None
        self.save()
        return True

    def legal(self, text: str) -> Move | None:
        return next((m for m in self.game.legal_moves() if str(m) == text), None)

    def choices(self) -> list[Move]:
        return capture_choices(self.game, self.ui)

    async def tap_hand(self, value: str) -> bool:
        """A card of the player's hand: played when it has one move, else selected (or
        unselected) for a capture to choose."""
        card = read_card(value)
        if card is None:
            return False
        moves = [m for m in self.game.legal_moves() if m.card == card]
        if len(moves) == 1:
            await self.perform(self.ui.viewer, moves[0])
            return False
        if moves and self.ui.selected != card:
            self.set_ui(selected=card, picked=())
        else:
            self.set_ui(selected=None, picked=())
        self.paint()
        return False

    async def tap_table(self, value: str) -> bool:
        """Build a capture card by card; it is played as soon as the picked cards are an option."""
        card = read_card(value)
        if card is None:
            return False
        options = [frozenset(m.captures) for m in self.choices()]
        picked = set(self.ui.picked) ^ {card}
        if not any(picked <= o for o in options):
            picked = {card} if any(card in o for o in options) else set()
        for move in self.choices():
            if set(move.captures) == picked:
                await self.perform(self.ui.viewer, move)
                return False
        self.set_ui(picked=tuple(c for c in on_screen(self.game, self.ui).table if c in picked))
        self.paint()
        return False


def settle_ms(played: MoveMade, game: Game, people: Roster) -> float:
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
