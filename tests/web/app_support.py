"""The page's app run in CPython on a fake screen and storage, and driven by taps: what the
logic tests (no browser) share."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from fakes import Screen, Store
from positions import finished, last_card_of_a_deal
from shared import i18n
from ui.controller import App
from ui.frame import make_frame
from ui.model import parse_params
from ui.stats import Stats, record
from ui.storage import SAVE_KEY, KeptMatch, Storage, write_kept_match

EN = i18n.language("en")


def run(coroutine):
    """asyncio.run in a thread of its own: Playwright's sync API keeps a loop running here."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def no_wait(_seconds):
    await asyncio.sleep(0)


def make_app(store=None, query="?seed=3&pace=0", sleep=no_wait, review_ahead=False):
    """The app on a fake screen; its decisions reviewed when asked (``review_ahead``: each in
    the background as it is made, as the page does: a search a move, which whole matches by
    taps would pay)."""
    store = store if store is not None else Store()
    app = App(Screen(), Storage(store), parse_params(query), lambda: 9, sleep)
    app.review_ahead = review_ahead
    return app


async def settle(app, rounds=200):
    """Let the app's background work (the computer's turn) run until it waits for the player."""
    for _ in range(rounds):
        await asyncio.sleep(0)
        if app.phase() != "wait" and not app.tasks:
            return


async def play_by_taps(app, moves=10_000, start=True):
    """Tap the engine's first legal move, turn after turn, until the match is over (or, with
    ``start`` False, on an app already started, for ``moves`` turns)."""
    if start:
        app.start()
    for _ in range(moves):
        await settle(app)
        phase = app.phase()
        if phase == "over":
            return
        if phase == "sheet":
            await app.tap("next")
        elif phase in ("cut", "play"):
            await tap_first_move(app)
        else:
            raise AssertionError(f"stuck in {phase}: {status(app)}")
    if start:
        raise AssertionError("the match did not end")


async def tap_first_move(app):
    """Make the engine's first legal move by taps."""
    await make_by_taps(app, app.game.legal_moves()[0])


async def make_by_taps(app, move):
    """Make ``move`` by taps: its card (and its capture, if asked), or the cut's choice."""
    if move.kind == "play":
        await app.tap("hand", str(move.card))
        if app.phase() == "choose":
            await app.tap("move", str(move))
    else:
        await app.tap("move", str(move))


async def people_set_up(app, fields):
    """Start the app and set up the people at its table in the form (``fields``: its inputs)."""
    app.start()
    await settle(app)
    await app.tap("settings")
    await app.tap("people")
    assert app.phase() == "people"
    app.people_form.set_people(fields)
    await settle(app)


async def people_step(app, phase):
    """One tap for the screen in ``phase``: ready, the next deal, or the first legal move."""
    if phase == "pass":
        await app.tap("ready")
    elif phase == "sheet":
        await app.tap("next")
    elif phase in ("cut", "play"):
        assert app.ui.viewer == app.game.current  # the one holding the phone plays
        await tap_first_move(app)
    else:
        raise AssertionError(f"stuck in {phase}")


def people_at_the_sheet(app, fields):
    """The app with the people of ``fields`` at its table (``people_set_up``), played by taps
    to its first score sheet, the phone passed whenever asked."""

    async def to_the_sheet():
        await people_set_up(app, fields)
        while app.phase() != "sheet":
            await settle(app)
            await people_step(app, app.phase())

    run(to_the_sheet())


def at_a_sheet(store=None, players=2, seed=3):
    """An app whose deal has just been scored (its sheet open: ``last_card_of_a_deal``), its
    decisions reviewed as they were made; ``store``: the page's storage (a fresh one)."""
    store = store if store is not None else Store()
    game = last_card_of_a_deal(players, seed)
    store[SAVE_KEY] = write_kept_match(KeptMatch(game, len(game.deal_results), 1))
    app = make_app(store, "?pace=0", review_ahead=True)
    app.start()

    async def last_card():
        await play_by_taps(app, 1, start=False)
        await settle(app)

    run(last_card())
    assert app.phase() == "sheet"
    return app


def status(app):
    return make_frame(app.game, app.ui, app.state.settings).status


async def play_some(app, count):
    """Start the app and make the first legal move by taps on ``count`` of the player's turns."""
    app.start()
    for _ in range(count):
        await settle(app)
        await tap_first_move(app)
    await settle(app)


def recorded(*results: bool, players: int = 2, level: str = "easy") -> Stats:
    """Statistics after matches won (True) or lost (False), in that order, a day apart."""
    kept = Stats()
    for n, won in enumerate(results):
        game = finished(players, won, n)
        kept = record(kept, f"m{n}", game, level, f"2025-03-{n + 1:02d}T10:00:00.000Z")
    return kept
