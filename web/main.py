"""Wires the page: URL parameters, storage, screen, one delegated tap handler, one key handler
(arrows within a row, Escape), the browser's languages, the app."""

import contextlib
import random
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window
from ui.controller import App
from ui.fx import ROWS, DomScreen
from ui.keys import escape_action, step
from ui.model import HUMAN, parse_params
from ui.storage import SAVE_KEY, Storage

ZONES = {f"hand-{HUMAN}": "hand", "table": "table"}


def on_tap(event: Any) -> None:
    """Read what was tapped off the DOM (an action, or a card in a zone) and pass it on."""
    target = event.target
    button = target.closest("[data-action]")
    if button:  # JavaScript's null (not None) when nothing matches
        value = button.getAttribute("data-move") or button.getAttribute("data-value") or ""
        app.spawn(app.tap(button.getAttribute("data-action"), value))
        return
    card = target.closest("button[data-card]")
    zone = card and card.closest("[data-zone]")
    if zone and zone.dataset.zone in ZONES:
        app.spawn(app.tap(ZONES[zone.dataset.zone], card.dataset.card))


def on_key(event: Any) -> None:
    """Escape cancels a choice or closes a dialog; arrows move the focus within a row."""
    if event.key == "Escape":
        notice = bool(root.querySelector("[data-notice]"))
        action = escape_action(str(root.dataset.phase or ""), notice)
        if action:
            event.preventDefault()
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
        event.preventDefault()
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


async def keep_offline_copy() -> None:
    """Install the service worker that lets the game start without a network next time."""
    # Unsupported or blocked (private mode, file://): the game still plays.
    with contextlib.suppress(Exception):
        await window.navigator.serviceWorker.register("./sw.js")


root = document.getElementById("app")
params = parse_params(window.location.search)
reduced = window.matchMedia("(prefers-reduced-motion: reduce)").matches
live = document.getElementById("live")
screen = DomScreen(root, params.pace > 0 and not reduced, duration_ms=420 * params.pace, live=live)
storage = Storage(local_storage())
app = App(screen, storage, params, lambda: random.randrange(2**31), languages=browser_languages())
root.addEventListener("click", create_proxy(on_tap))
document.addEventListener("keydown", create_proxy(on_key))
window.addEventListener("storage", create_proxy(on_storage))
app.start()
app.spawn(keep_offline_copy())
