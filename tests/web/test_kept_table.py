"""The table kept for boot.js (storage.FRAME_KEY) and what the page imports before its first
frame, in CPython."""

import json
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from app_support import make_app, run, settle
from conftest import WEB_PATHS, load_build
from fakes import Store
from positions import four_players_turn
from ui import storage
from ui.frame import make_frame
from ui.model import Ui
from ui.render import render
from ui.storage import KeptMatch, write_kept_match

BOOT = Path(__file__).resolve().parents[2] / "web" / "boot"


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
        "players": "2",
        "back": "red",
        "felt": "green",
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
    build = load_build()  # boot.js is given storage.py's names by the build
    text = build.filled(build.BOOT / "boot.js", build.storage_names())
    assert f'FRAME_KEY = "{storage.FRAME_KEY}"' in text
    assert f'SAVE_KEY = "{storage.SAVE_KEY}"' in text
    assert f"FORMAT = {storage.FORMAT};" in text


class Markup(HTMLParser):
    """The elements and attributes of some HTML, as a parser that lowercases names sees them."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attrs: set[tuple[str, str]] = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attrs |= {(tag, name) for name, _ in attrs}


def boot_allowlist() -> tuple[set[str], set[str]]:
    """boot.js's TAGS and ATTRS, read from its text (names lowercased, as Markup sees them)."""
    text = (BOOT / "boot.js").read_text()
    tags = re.search(r"TAGS = new Set\(\s*\((.*?)\)\.split", text, re.S).group(1)
    attrs = re.search(r"ATTRS = new Set\(\s*(.*?)\.split", text, re.S).group(1)
    words = lambda found: set(re.sub(r'[\s"+]+', " ", found).lower().split())  # noqa: E731
    return words(tags), words(attrs)


@pytest.mark.parametrize("players", [2, 4])
def test_boot_js_repaints_every_element_and_attribute_of_a_kept_table(players):
    """A kept table of two or of four (seats at the left, right and top, turn markers, backs,
    piles) holds only what boot.js's allowlist rebuilds: it repaints it whole."""
    tags, attrs = boot_allowlist()
    store = Store()
    if players == 4:
        store[storage.SAVE_KEY] = write_kept_match(KeptMatch(four_players_turn(), 0, 5))
    app = make_app(store, "?seed=3&pace=0&lang=ar")
    app.start()
    seen_tags, seen_attrs = set(), set()
    for _ in range(4):
        record = kept(store)
        assert record["players"] == str(players)
        markup = Markup(record["html"])
        seen_tags |= markup.tags
        seen_attrs |= markup.attrs
        run(play(app, 1))
    assert seen_tags <= tags, seen_tags - tags
    safe = re.compile(r"^(data|aria)-[a-z][a-z-]*$")  # boot.js SAFE_NAME
    dropped = {(t, a) for t, a in seen_attrs if a not in attrs and not safe.match(a)}
    assert dropped <= {("use", "href")}, dropped  # href: kept for the suit symbols only
    assert {"data-zone", "data-card", "aria-label"} <= {a for _, a in seen_attrs}
    zones = re.findall(r'data-zone="(hand-\d)"', record["html"])
    assert sorted(zones) == [f"hand-{seat}" for seat in range(players)]


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
        "import json, sys; sys.path[:0] = sys.argv[1:];"
        "import ui.controller, ui.frame, ui.render, ui.words, ui.storage, ui.keys, ui.model;"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('chkobba'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code, *map(str, WEB_PATHS)],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    loaded = json.loads(out)
    assert "chkobba" in loaded and "chkobba.game" in loaded
    assert not [m for m in loaded if m.startswith(("chkobba.bots", "chkobba.arena"))], loaded
