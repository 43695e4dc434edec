"""The page's Python in its worker writes localStorage through the page (ui/relay.py, host.js):
a move is still saved before it is shown, a failed write is told late but told, the notice goes
once writing works again, and another tab's newer save is never overwritten."""

import asyncio
from urllib.parse import quote

from app_support import no_wait as yielding
from app_support import play_by_taps, run, settle
from chkobba import Game, Rules
from fakes import Store
from shared.i18n import language
from ui import storage, words
from ui.controller import App
from ui.model import parse_params
from ui.relay import RelayStore
from ui.screen import FrameScreen
from ui.storage import SAVE_KEY, Storage


async def no_wait(_seconds):
    return None


class Page:
    """host.js's side, over a fake localStorage: each message handled in order, as the page
    does; writes made there; failures, recoveries and conflicts told back to the app later (a
    message back to the worker), never while the write is asked."""

    def __init__(self, local: Store) -> None:
        self.local = local
        self.frames: list[dict] = []
        self.failed: set[str] = set()
        self.app: App | None = None
        self.relay = RelayStore(dict(local), self.receive)

    def receive(self, message: dict) -> None:
        if message["type"] == "frame":
            self.frames.append(message)
        elif message["type"] == "store":
            self.store(message["key"], message["value"], message["expect"])

    def later(self, reply, *args) -> None:
        asyncio.get_running_loop().call_soon(reply, *args)

    def store(self, key: str, value: str | None, expect: str | None) -> None:
        now = self.local.getItem(key)
        if key == SAVE_KEY and value is not None and now is not None and now != expect:
            self.later(self.conflict, now)
            return
        try:
            self.local.setItem(key, value) if value is not None else self.local.removeItem(key)
        except OSError:
            self.failed.add(key)
            self.later(self.wrote_not, key, self.local.getItem(key))
            return
        if key in self.failed:
            self.failed.discard(key)
            self.later(self.app.write_recovered)

    def conflict(self, now: str) -> None:
        self.relay.settle(SAVE_KEY, now)
        self.app.changed_elsewhere()

    def wrote_not(self, key: str, now: str | None) -> None:
        self.relay.settle(key, now)
        self.app.write_failed(key)

    def start(self, query: str = "?seed=3&pace=0") -> App:
        screen = FrameScreen(self.receive, motion=False, duration_ms=0)
        self.app = App(
            screen, Storage(self.relay), parse_params(query), lambda: 9, no_wait, review_ahead=False
        )
        self.app.start()
        return self.app


async def started(page: Page) -> App:
    """The app started on ``page``, once it waits for the player (replies handled)."""
    app = page.start()
    await settle(app)
    return app


def notices(app: App) -> list[str]:
    return [words.notice(language("en"), n) for n in app.ui.notices]


def test_a_relayed_match_is_saved_move_by_move():
    local = Store()
    page = Page(local)
    app = run(started(page))
    run(play_by_taps(app, start=False))
    assert app.game.winner is not None
    assert storage.read_kept_match(local[SAVE_KEY]).game == app.game
    assert notices(app) == []


def test_a_full_storage_is_told_late_and_the_notice_goes_when_saving_works_again():
    local = Store({"filler": "x" * 1000}, quota=1000)
    page = Page(local)
    app = run(started(page))
    assert notices(app) == [words.notice(language("en"), storage.UNSAVED)]
    assert "progress is not kept" in page.frames[-1]["html"]
    local.pop("filler")  # room again: the next save is written, and the notice goes
    run(play_by_taps(app, moves=2, start=False))
    assert notices(app) == []
    assert storage.read_kept_match(local[SAVE_KEY]).game == app.game


def test_another_tabs_newer_save_is_followed_not_overwritten():
    local = Store()
    page = Page(local)
    app = run(started(page))
    theirs = App(FrameScreen(lambda m: None, False, 0), Storage(local), parse_params(""), lambda: 9)
    moved = theirs.game.play(theirs.game.legal_moves()[-1])  # not this tab's move
    local.setItem(
        SAVE_KEY, storage.write_kept_match(storage.KeptMatch(moved, 0, theirs.state.bot_seed))
    )
    run(
        play_by_taps(app, moves=1, start=False)
    )  # this tab's move meets the other tab's save: it follows
    assert storage.read_kept_match(local[SAVE_KEY]).game.history[:1] == moved.history
    assert "another tab" in " ".join(notices(app))


def test_only_the_tab_that_leads_moves_for_the_computer():
    """With several tabs on one match, the page grants the lead to one (host.js, Web Locks):
    a tab without it never moves for the computer, even at the computer's turn; given the lead
    it moves at once; a tab that loses it while thinking plays nothing."""
    asked = []
    app = App(
        FrameScreen(lambda m: None, False, 0),
        Storage(Store()),
        parse_params("?seed=3&pace=0"),
        lambda: 9,
        yielding,
        lead=lambda: asked.append(True),
    )
    app.start()
    assert asked == [True] and not app.driving
    run(settle(app))
    while app.phase() != "wait":  # the player's moves first (the cut, say): the computer's turn
        run(app.perform(app.game.current, app.game.legal_moves()[0]))
    played = len(app.game.history)
    app.computer_may_play()
    run(settle(app))
    assert app.phase() == "wait" and len(app.game.history) == played and not app.tasks

    async def lead_then_lose() -> None:
        app.set_driving(True)  # this tab now leads: it thinks...
        await asyncio.sleep(0)
        app.set_driving(False)  # ...and the player takes up another tab before it moves
        await settle(app)

    run(lead_then_lose())
    assert len(app.game.history) == played and not app.ui.thinking

    async def lead() -> None:
        app.set_driving(True)
        await settle(app)

    run(lead())
    assert len(app.game.history) > played


def test_a_tab_showing_a_position_of_its_own_asks_for_no_lead():
    asked = []
    app = App(
        FrameScreen(lambda m: None, False, 0),
        Storage(Store()),
        parse_params("?position=" + quote(Game.new(Rules(), seed=4).notation())),
        lambda: 9,
        no_wait,
        lead=lambda: asked.append(True),
    )
    app.start()
    assert asked == [] and app.driving
