"""Driving pages of boards in the browser tests: a page's boards, tapped, its errors recorded."""

from __future__ import annotations

import re

from conftest import BOOT_MS
from playwright.sync_api import expect

QUEEN = "2D6S QHJC/KC5H 0 -/- - 0-0/21 1 -"
CUT = ("keep", "expose")
# (A board not yet made by embed.js has no state: not settled either.)
ALL_SETTLED = """() => { const boards = [...document.querySelectorAll('chkobba-board')];
    return boards.length > 0
        && boards.every(b => ['ready', 'error'].includes(b.dataset.state)); }"""


class Boards:
    """A page of boards, driven by taps; records page errors and requests to other servers."""

    def __init__(self, page, device: str, servers: tuple[str, ...]) -> None:
        self.page, self.device = page, device
        self.errors: list[str] = []
        self.outside: list[str] = []
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on(
            "console",
            lambda m: m.type == "error" and self.errors.append(f"console: {m.text}"),
        )
        # data: URLs, and the host page's blob: URLs (embed.js served from another origin
        # starts its worker from one, which imports board-worker.mjs from its own server)
        own = (*servers, "data:", *(f"blob:{server.rstrip('/')}/" for server in servers))
        page.on("request", lambda r: r.url.startswith(own) or self.outside.append(r.url))

    def open(self, url: str) -> None:
        self.page.goto(url)
        self.page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)

    def tap(self, locator) -> None:
        locator.tap() if self.device == "phone" else locator.click()

    def play(self, board, *steps: str) -> None:
        """Tap each step: ``hand:QH``, ``table:2D``, the cut's ``keep`` or ``expose``, or a
        button's action (``play``, ``next``)."""
        for step in steps:
            zone, _, code = step.partition(":")
            if code:
                card = board.locator(f'[data-zone="{zone}"] [data-card="{code}"]')
                # Tapped once it can be (a button: a board just reset is drawn again first).
                self.tap(board.locator(f'[data-zone="{zone}"] button[data-card="{code}"]'))
                # Each tap answered before the next (a loaded machine redraws late).
                mark = "selected" if zone == "hand" else "picked"
                expect(card).to_have_class(re.compile(rf"\b{mark}\b"))
            elif zone in CUT:
                self.tap(board.locator(f'button[data-action="move"][data-value="{zone}"]'))
            else:
                self.tap(board.locator(f'button[data-action="{zone}"]'))

    def assert_clean(self) -> None:
        assert self.errors == [], self.errors
        assert self.outside == [], self.outside
