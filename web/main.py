"""Wires the page: URL parameters, storage, screen, one delegated tap handler, one key handler
(arrows within a row, Escape), the browser's languages, the app; then plays the taps made before
Python was up (boot.js kept them) and loads the computer's search while the player looks.

It runs in a worker on a first visit (index.html, boot.js): every DOM call is then a round trip
to the page, and an event reaches a handler here after the page has dispatched it, too late to
prevent its default (screen.js prevents the arrow keys' scrolling; Escape has no default)."""

import json
import random
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy
from pyscript import document, window
from ui.controller import App
from ui.fx import ROWS, DomScreen
from ui.keys import escape_action, step
from ui.model import HUMAN, parse_params
from ui.storage import SAVE_KEY, Storage

ZONES = {f"hand-{HUMAN}": "hand", "table": "table"}


def read_tap(target: Any) -> tuple[str, str] | None:
    """What a tap on ``target`` asks: an action and its value, or a card in a zone."""
    button = target.closest("[data-action]")
    if button:  # JavaScript's null (not None) when nothing matches
        value = button.getAttribute("data-move") or button.getAttribute("data-value") or ""
        return str(button.getAttribute("data-action")), str(value)
    card = target.closest("button[data-card]")
    zone = card and card.closest("[data-zone]")
    if zone and zone.dataset.zone in ZONES:
        return ZONES[zone.dataset.zone], str(card.dataset.card)
    return None


def on_tap(event: Any) -> None:
    """Pass what was tapped on to the app."""
    tap = read_tap(event.target)
    if tap:
        app.spawn(app.tap(*tap))


async def early_taps(targets: list[Any]) -> None:
    """Play, in order, the taps boot.js kept while Python was starting (each read off the
    element tapped, as on_tap reads it; the elements were on the saved table Python redrew)."""
    for target in targets:
        tap = read_tap(target)
        if tap:
            await app.tap(*tap)


def load_search(*_: Any) -> None:
    """Import the computer's search (about 0.4 s) once the table is up and the browser idle,
    so the computer's first move does not wait for it."""
    import chkobba.bots  # noqa: F401


def on_key(event: Any) -> None:
    """Escape cancels a choice or closes a dialog; arrows move the focus within a row."""
    if event.key == "Escape":
        notice = bool(root.querySelector("[data-notice]"))
        action = escape_action(str(root.dataset.phase or ""), notice)
        if action:
            app.spawn(app.tap(action))
        return
    target = event.target
    row = target.closest(ROWS) if hasattr(target, "closest") else None
    if not row or target.tagName != "BUTTON":
        return
    buttons = list(row.querySelectorAll("button"))
    index = next((i for i, b in enumerate(buttons) if b == target), 0)
    rtl = document.documentElement.dir == "rtl"
    to = step(event.key, index, len(buttons), rtl)
    if to is not None:
        buttons[to].focus()


def browser_languages() -> list[str]:
    """navigator.languages (the player's order), or navigator.language."""
    try:
        return [str(tag) for tag in window.navigator.languages] or [str(window.navigator.language)]
    except Exception:
        return []


def on_storage(event: Any) -> None:
    """Another tab changed the saved match: follow it."""
    if event.key == SAVE_KEY:
        app.changed_elsewhere()


def local_storage() -> Any:
    """window.localStorage, or None where the browser refuses it (blocked cookies, file://)."""
    try:
        return window.localStorage
    except Exception:
        return None


root = document.getElementById("app")
search = window.URLSearchParams.new(window.location.search)  # decoded as parse_qsl does
params = parse_params(json.loads(window.JSON.stringify(getattr(window.Array, "from")(search))))
reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
live = document.getElementById("live")
screen = DomScreen(root, params.pace > 0 and not reduced, duration_ms=420 * params.pace, live=live)
storage = Storage(local_storage())
app = App(screen, storage, params, lambda: random.randrange(2**31), languages=browser_languages())
root.addEventListener("click", create_proxy(on_tap))
document.addEventListener("keydown", create_proxy(on_key))
window.addEventListener("storage", create_proxy(on_storage))
app.start()  # its first frame ends boot.js's "starting" (screen.js)
taps = list(getattr(window, "chkobbaTaps", None) or [])
window.chkobbaTaps = None
if taps:
    app.spawn(early_taps(taps))
idle = getattr(window, "requestIdleCallback", None) or window.setTimeout
idle(create_once_callable(load_search))
