"""The browser screen: puts the rendered HTML in place, keeps the focus, says what happens.

On a first visit the page's Python runs in a worker (boot.js), where each DOM call is a round
trip to the page: the frame's writes (the HTML, the root's marks, the language, the live region,
the cards' travel) are made by one call to web/screen.js ``chkobbaScreen.show``, in one task of
the page, so no half-written frame is ever painted (on the page's thread too). What is decided
here: what is new to say, where the focus goes after the write (the same control, its row's
neighbour, a dialog's first button), and, last, the marks the page waits on (``phase``,
``moves``): once they change, the frame is complete, focus included.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import Any

from pyscript import document, window

from .frame import Motion
from .i18n import HTML_LANG, direction
from .keys import focus_key, refocus

# The rows of buttons that arrow keys move within (and the focus falls back along).
ROWS = ".hand, .table-cards, .options, .seg, .actions, .notice, .bar"
SPOKEN_KEPT = 64  # keys of things already said, remembered so none is said twice
LAST_MARKS = ("phase", "moves")  # set after the focus is back: what tests and scripts wait on


class DomScreen:
    def __init__(self, root: Any, motion: bool, duration_ms: float, live: Any = None) -> None:
        self.root = root
        self.motion = motion
        self.duration = duration_ms
        self.live = live  # the polite live region (outside root: never replaced)
        self.said: list[str] = []
        self.opener: tuple[str | None, int] = (None, 0)  # where the focus was when a dialog opened
        self.lang = ""
        window.chkobbaScreen.keys(ROWS)

    def show(
        self,
        html: str,
        marks: dict[str, str],
        motion: Motion,
        spoken: tuple[tuple[str, str], ...] = (),
    ) -> None:
        focus = self.focused()
        lang = marks.get("lang", "")
        frame = {
            "html": html,
            "marks": {k: v for k, v in marks.items() if k not in LAST_MARKS},
            "lang": self.speak_in(lang),
            "title": marks.get("title", ""),
            "said": self.say(spoken),
            "motion": asdict(motion) if self.motion else None,
            "duration": self.duration,
        }
        old_kind, new_kind = json.loads(window.chkobbaScreen.show(json.dumps(frame)))
        self.restore_focus(focus, old_kind, new_kind)
        for name in LAST_MARKS:
            if name in marks:
                self.root.setAttribute(f"data-{name}", marks[name])

    # --- language, focus, live region ---------------------------------------------------------

    def speak_in(self, lang: str) -> list[str] | None:
        """<html lang dir> follow the page's language: [lang, dir] when it changed, else None."""
        if not lang or lang == self.lang:
            return None
        self.lang = lang
        return [HTML_LANG.get(lang, lang), direction(lang)]

    def focused(self) -> tuple[str | None, int, bool]:
        """The focused control's key, its index in its row, and whether it is in a dialog."""
        el = document.activeElement
        if not el or not self.root.contains(el) or el == self.root:
            return None, 0, False
        key = focus_key(el.getAttribute("data-card"), el.getAttribute("data-action"), value_of(el))
        row = el.closest(ROWS)
        index = 0
        if row:
            index = next((i for i, b in enumerate(row.querySelectorAll("button")) if b == el), 0)
        return key, index, bool(el.closest("[data-overlay]"))

    def restore_focus(
        self, focus: tuple[str | None, int, bool], old: str | None, new: str | None
    ) -> None:
        """Never lose the focus to a re-render: a dialog that opens takes it (and gives it back
        when it closes); otherwise it goes back to the same control, or to its row's neighbour."""
        key, index, in_dialog = focus
        if new is not None and new != old:
            if old is None and not in_dialog:
                self.opener = (key, index)
            first = self.root.querySelector("[data-overlay] button")
            if first:
                first.focus()
            return
        if new is None and old is not None:
            opener, self.opener = self.opener, (None, 0)
            if key is None and not in_dialog:
                return  # nothing had the focus (a tap): nothing to give back
            key, index = opener
            target = (self.find(key) if key else None) or self.fallback()
            if target:
                target.focus()
            return
        if key is None:
            return
        target = self.find(key) or self.neighbour(key, index) or self.fallback()
        if target and target != document.activeElement:
            target.focus()

    def find(self, key: str) -> Any:
        kind, _, rest = key.partition(":")
        if kind == "card":
            return self.root.querySelector(f'button[data-card="{rest}"]')
        action, _, value = rest.partition(":")
        for el in self.root.querySelectorAll(f'button[data-action="{action}"]'):
            if value_of(el) == value:
                return el
        return None

    def neighbour(self, key: str, index: int) -> Any:
        """The button at the same place of the row the focused control was in (the hand, when a
        card was played from it)."""
        if not key.startswith("card:"):
            return None
        for row in self.root.querySelectorAll(".hand, .table-cards"):
            buttons = list(row.querySelectorAll("button"))
            keys = [f"card:{b.getAttribute('data-card')}" for b in buttons]
            if buttons and (at := refocus(key, index, keys)) is not None:
                return buttons[at]
        return None

    def fallback(self) -> Any:
        for where in ("[data-overlay] button", ".choices button", ".hand button", ".hint-btn"):
            el = self.root.querySelector(where)
            if el:
                return el
        return self.root.querySelector("[data-action='settings']")

    def say(self, spoken: tuple[tuple[str, str], ...]) -> str:
        """What the live region says now: what was not said yet (a repaint says nothing again);
        "" for nothing."""
        if self.live is None:
            return ""
        news = [text for key, text in spoken if key not in self.said]
        self.said = [*self.said, *(key for key, _ in spoken if key not in self.said)][-SPOKEN_KEPT:]
        return " ".join(news)


def value_of(el: Any) -> str:
    return str(el.getAttribute("data-move") or el.getAttribute("data-value") or "")
