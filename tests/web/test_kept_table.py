"""The table kept for boot.js (storage.FRAME_KEY) and what the page imports before its first
frame, in CPython."""

import json
import subprocess
import sys
from pathlib import Path

from fakes import Store
from test_ui_logic import make_app, run, settle
from ui import storage
from ui.frame import make_frame
from ui.model import Ui
from ui.render import render

WEB = Path(__file__).resolve().parents[2] / "web"


async def play(app, turns):
    """Tap the engine's first legal move for ``turns`` of the player's turns."""
    for _ in range(turns):
        await settle(app)
        if app.phase() == "sheet":
            await app.tap("next")
        move = app.game.legal_moves()[0]
        if move.kind != "play":
            await app.tap("move", str(move))
            continue
        await app.tap("hand", str(move.card))
        if app.phase() == "choose":
            await app.tap("move", str(move))
    await settle(app)


def kept(store):
    return json.loads(store[storage.FRAME_KEY])


def test_the_kept_table_is_the_one_the_match_resumes_with():
    store = Store()
    app = make_app(store, "?seed=3&pace=0&lang=ar")
    app.start()
    record = kept(store)
    resumed = make_frame(app.game, Ui(seen_deals=app.ui.seen_deals), app.state.settings)
    assert record == {
        "format": storage.FORMAT,
        "lang": "ar-TN",
        "dir": "rtl",
        "title": record["title"],
        "html": render(resumed),
    }
    assert record["title"]
    run(play(app, 3))
    assert kept(store)["html"] == render(
        make_frame(app.game, Ui(seen_deals=app.ui.seen_deals), app.state.settings)
    )
    again = make_app(store)  # a reload: Python's first frame is the kept one
    again.start()
    assert again.screen.html == kept(store)["html"]


def test_boot_js_reads_the_key_storage_writes():
    text = (WEB / "boot.js").read_text()
    assert f'FRAME_KEY = "{storage.FRAME_KEY}"' in text
    assert f'SAVE_KEY = "{storage.SAVE_KEY}"' in text
    assert f"FORMAT = {storage.FORMAT};" in text


def test_the_match_wins_over_the_kept_table_when_storage_is_full():
    store = Store()
    app = make_app(store)
    app.start()
    save, frame = len(store[storage.SAVE_KEY]), len(store[storage.FRAME_KEY])
    # Room for the save and a little more, not for the table beside it too.
    store.quota = sum(len(k) + len(v) for k, v in store.items()) - frame // 2
    run(play(app, 2))
    assert storage.Storage(store).load()[0].game == app.game  # every move saved
    assert storage.FRAME_KEY not in store  # no table kept that the save does not hold
    assert app.ui.notices == ()  # and nobody told: the table is a convenience
    assert save


def test_a_table_too_big_to_keep_is_not_kept():
    store = Store({storage.FRAME_KEY: "old"})
    assert not storage.Storage(store).save_frame("x" * storage.FRAME_LIMIT, "en", "t")
    assert storage.FRAME_KEY not in store


def test_a_set_aside_save_takes_its_table_with_it():
    store = Store({storage.SAVE_KEY: "not a save", storage.FRAME_KEY: "a table"})
    app = make_app(store)
    assert app.ui.notices == (storage.UNREADABLE,)
    assert storage.FRAME_KEY in store  # the new match's own table, not the old one
    assert kept(store)["html"] != "a table"


def test_the_first_frame_needs_no_bot():
    """Everything main.py imports before its first frame leaves the bots' search unloaded."""
    code = (
        "import json, sys; sys.path.insert(0, sys.argv[1]);"
        "import ui.controller, ui.frame, ui.render, ui.words, ui.storage, ui.keys, ui.model;"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('chkobba'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, str(WEB)], capture_output=True, text=True, check=True
    ).stdout
    loaded = json.loads(out)
    assert "chkobba" in loaded and "chkobba.game" in loaded
    assert not [m for m in loaded if m.startswith(("chkobba.bots", "chkobba.arena"))], loaded
