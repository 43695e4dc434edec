"""Wires the page: URL parameters, storage, screen, one delegated tap handler, the app."""

import contextlib
import random
from typing import Any

from pyodide.ffi import create_proxy
from pyscript import document, window
from ui.controller import App
from ui.fx import DomScreen
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
screen = DomScreen(root, motion=params.pace > 0 and not reduced, duration_ms=420 * params.pace)
app = App(screen, Storage(local_storage()), params, lambda: random.randrange(2**31))
root.addEventListener("click", create_proxy(on_tap))
window.addEventListener("storage", create_proxy(on_storage))
app.start()
app.spawn(keep_offline_copy())
