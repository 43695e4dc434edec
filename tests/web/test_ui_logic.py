"""The page's Python, run in CPython with a fake screen and storage: no browser needed."""

import asyncio
from concurrent.futures import ThreadPoolExecutor

from chkobba import Game, Rules
from fakes import Store
from ui import storage
from ui.controller import App
from ui.model import Params, parse_params


class Screen:
    def __init__(self):
        self.frames = []

    def show(self, html, marks, origin, sink):
        self.frames.append((html, dict(marks)))


def run(coroutine):
    """asyncio.run in a thread of its own: Playwright's sync API keeps a loop running here."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


async def no_wait(_seconds):
    await asyncio.sleep(0)


def make_app(store=None, query="?seed=3&pace=0"):
    return App(
        Screen(), store if store is not None else Store(), parse_params(query), lambda: 9, no_wait
    )


def test_parameters_are_read_and_bad_ones_explained():
    assert parse_params("?seed=12&pace=0.5&level=hard&target=31") == Params(12, 0.5, "hard", 31)
    bad = parse_params("?seed=-1&pace=x&level=god&target=20&foo=1")
    assert bad.seed is None and bad.pace == 1.0 and bad.level is None and bad.target is None
    assert len(bad.errors) == 5


def test_a_corrupt_save_is_set_aside_with_a_message():
    store = Store({storage.SAVE_KEY: "{oops"})
    saved, message = storage.load_game(store)
    assert saved is None and "could not be read" in message
    assert store[storage.CORRUPT_KEY] == "{oops" and storage.SAVE_KEY not in store


def test_a_save_round_trips():
    store = Store()
    game = Game.new(Rules(target=11), seed=4).play("keep")
    storage.save_game(store, storage.Saved(game, 0, 4))
    assert storage.load_game(store) == (storage.Saved(game, 0, 4), None)


def test_the_app_plays_a_whole_match_by_taps_and_saves_every_move():
    async def play():
        store = Store()
        app = make_app(store)
        app.start()
        for _ in range(2000):
            await asyncio.sleep(0)
            phase = app.phase()
            if phase == "over":
                return app, store
            if phase == "sheet":
                await app.tap("next")
            elif phase in ("cut", "play"):
                move = app.game.legal_moves()[0]
                if move.kind == "play":
                    await app.tap("hand", str(move.card))
                    if app.phase() == "choose":
                        await app.tap("move", str(move))
                else:
                    await app.tap("move", str(move))
            assert storage.load_game(store)[0].game == app.game or app.ui.busy
        raise AssertionError("the match did not end")

    app, store = run(play())
    assert app.game.winner is not None
    assert 'data-overlay="over"' in app.screen.frames[-1][0]
    assert storage.load_game(store)[0].game == app.game


def test_taps_out_of_turn_are_ignored():
    app = make_app(query="?seed=3&pace=0")
    before = app.game
    run(app.tap("hand", "7D"))
    run(app.tap("move", "nonsense"))
    assert app.game == before


def test_a_hint_is_a_legal_move_with_a_reason_and_goes_once_a_move_is_made():
    async def hint_then_play():
        app = make_app(query="?seed=5&pace=0")
        app.start()
        for _ in range(200):
            await asyncio.sleep(0)
            if app.phase() in ("cut", "play"):
                break
        await app.tap("hint")
        hint = app.ui.hint
        assert hint is not None and not app.ui.hinting
        move = app.legal(hint[0]) or next(
            m for m in app.game.legal_moves() if str(m.card) in hint[0]
        )
        assert app.status() == f"Hint: {hint[1]}"
        assert 'class="card face' in app.screen.frames[-1][0]
        assert " hint" in app.screen.frames[-1][0]
        await app.perform(0, move)
        return app

    app = run(hint_then_play())
    assert app.ui.hint is None


TUTORIAL = "2D6S QH/KC 0 -/- - 0-0/21 1 -"  # table 2♦ 6♠, you hold Q♥


def test_a_position_parameter_sets_up_a_tutorial_board():
    query = "?position=" + TUTORIAL.replace(" ", "+") + "&pace=0"
    assert parse_params(query).position == Game.from_notation(TUTORIAL)
    mine = Game.new(Rules(), seed=8).play("keep")
    store = Store()
    storage.save_game(store, storage.Saved(mine, 0, 8))
    saved = dict(store)
    app = make_app(store, query)
    assert app.game == Game.from_notation(TUTORIAL) and app.phase() == "play"
    run(app.tap("hand", "QH"))  # the only move: Q♥ takes 2♦ + 6♠, a chkobba
    assert app.game.table == () and app.game.chkobbas == (1, 0)
    assert dict(store) == saved  # the player's own match is neither read nor overwritten


def test_a_bad_position_parameter_is_explained_and_a_normal_game_starts():
    for raw, said in [
        ("2D6S+QH/KC+0", "expected 8 or 9 fields"),
        ("2D6S+QH/KC+0+-/-+-+0-0/21+1+q", "'q'"),
        ("-+AS/2S/3S/4S+0+-/-+-+0-0/21+3+-", "4-player position; the page plays 2"),
    ]:
        params = parse_params(f"?position={raw}")
        assert params.position is None and len(params.errors) == 1
        assert params.errors[0].startswith("position: ") and said in params.errors[0]
    app = make_app(query="?position=2D6S&seed=3")
    assert "Ignored in the address: position: " in app.ui.notice
    assert app.game == Game.new(Rules(), seed=3)
