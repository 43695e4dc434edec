"""The page's Python, in a worker (web/game/host.js starts it as PyScript's ``worker`` script, with
no SharedArrayBuffer needed): it holds the app and talks with the page by messages, JSON text
both ways. It never blocks the page, on any host.

To the page: ``ready`` (main.py is listening), then ``frame`` (ui/screen.py: one whole frame to
write), ``store`` (ui/relay.py: a write to localStorage), ``lead`` (this tab would move for the
computer in the saved match: the page asks the browser's lock for it), ``download`` (a file for
the player to save: the statistics exported), ``peer-invite``, ``peer-join``, ``peer-accept``,
``peer-send``, ``peer-close`` (to the link layer, web/game/peer.js: a link to a friend far
away made, joined, answered, a text sent on it, closed), ``failed`` (the game could not start:
why). From the page: ``start`` (the address's parameters, the stored keys, the browser's
languages and motion preference, the taps made while Python was starting), ``tap`` (an action
and its value, read off the element tapped), ``escape``, ``stored`` (another tab changed a key),
``file`` (the text of a file the player picked: statistics to import), ``form`` (a form's
fields: the people at the table, a friend's answer), ``peer-code``, ``peer-error``, ``peer-
state``, ``peer-message``, ``peer-refused``, ``peer-flood`` (the link layer: a code made, one it
could not use, a link's state, a friend's text, one it dropped, a friend sending far too much),
``drive`` (this tab moves for the computer, or no longer: another tab the player used took the
lead), ``wrote`` (a write failed, or worked again) and ``conflict`` (another tab had changed the
save this tab's write would have replaced)."""

import asyncio
import json
import random
from typing import Any

from polyscript import xworker
from pyodide.ffi import create_proxy
from ui.controller import App
from ui.keys import escape_action
from ui.model import parse_params
from ui.relay import RelayStore
from ui.screen import FrameScreen
from ui.stats import STATS_KEY
from ui.storage import Storage

SEARCH_DELAY_S = 0.5  # the computer's search is imported this long after the first frame

app: App | None = None
store = RelayStore({}, lambda message: None)


def send(message: dict[str, Any]) -> None:
    xworker.postMessage(json.dumps(message))


def start(message: dict[str, Any]) -> App:
    """The app, from what the page sent; its first frame is on its way when this returns."""
    global store
    params = parse_params([(str(name), str(value)) for name, value in message["query"]])
    store = RelayStore(message["stored"], send)
    screen = FrameScreen(
        send, params.pace > 0 and not message["reduced"], duration_ms=420 * params.pace
    )
    storage = Storage(store if message["storage"] else None)
    languages = [str(tag) for tag in message["languages"]]
    fresh = App(
        screen,
        storage,
        params,
        lambda: random.randrange(2**31),
        languages=languages,
        lead=lambda: send({"type": "lead"}),
        download=lambda name, text: send({"type": "download", "name": name, "text": text}),
        peer=send,
        join=str(message["join"]) if message.get("join") else None,
        stun=not message.get("local"),
        webrtc=bool(message.get("webrtc", True)),
    )
    if message.get("answered") is not None:  # this tab opened an answer link
        fresh.friends.forwarded(bool(message["answered"]))
    fresh.start()
    taps = [(str(action), str(value)) for action, value in message["taps"]]
    if taps:
        fresh.spawn(early_taps(fresh, taps))
    asyncio.get_event_loop().call_later(SEARCH_DELAY_S, load_search)
    return fresh


async def early_taps(app: App, taps: list[tuple[str, str]]) -> None:
    """Play, in order, the taps made while Python was starting (boot.js kept them)."""
    for action, value in taps:
        await app.tap(action, value)


def load_search() -> None:
    """Import the computer's search (about 0.4 s) once the table is up, so the computer's first
    move does not wait for it (in the worker: the page goes on meanwhile)."""
    import chkobba.bots  # noqa: F401


def on_message(event: Any) -> None:
    global app
    message = json.loads(str(event.data))
    kind = message.get("type")
    if kind == "start" and app is None:
        try:
            app = start(message)
        except Exception as error:  # the page says the game could not start, and why
            send({"type": "failed", "reason": f"{type(error).__name__}: {error}"[:300]})
            raise
        return
    if app is None:
        return
    if kind == "tap":
        app.spawn(app.tap(str(message["action"]), str(message["value"])))
    elif kind == "escape":
        action = escape_action(app.phase(), bool(app.ui.notices))
        if action:
            app.spawn(app.tap(action))
    elif kind == "stored":
        store.settle(str(message["key"]), message["value"])
        if message["key"] == app.storage.save_key:  # the match this page shows
            app.changed_elsewhere()
        elif message["key"] == STATS_KEY:
            app.stats_screen.changed_stats()
    elif kind == "form" and message.get("form") in ("people", "answer"):
        fields = [(str(pair[0]), str(pair[1])) for pair in message["fields"] if len(pair) == 2]
        if message["form"] == "people":
            app.people_form.set_people(fields)
        else:
            app.friends.answered(fields)
    elif kind in (
        "peer-code",
        "peer-error",
        "peer-state",
        "peer-message",
        "peer-refused",
        "peer-flood",
    ):
        app.friends.linked(message)
    elif kind == "file" and message.get("purpose") == "stats":
        app.stats_screen.import_stats(str(message["text"]))
    elif kind == "drive":
        app.set_driving(bool(message["on"]))
    elif kind == "conflict":
        store.settle(str(message["key"]), message["value"])
        app.changed_elsewhere()
    elif kind == "wrote":
        if message["ok"]:
            app.write_recovered()
        else:
            store.settle(str(message["key"]), message["value"])
            app.write_failed(str(message["key"]))


xworker.onmessage = create_proxy(on_message)
send({"type": "ready"})
