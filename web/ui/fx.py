"""The browser screen: puts the rendered HTML in place and makes cards travel (FLIP animation).

Each card element carries data-card, so a card found before and after a render is animated from
its old place to its new one; a card that appeared flies in from the frame's motion origin (a
seat's hand, the stock); a card that vanished (taken to a pile) flies to the motion's sink as a
ghost copy. An overlay that stays open across a repaint is marked ``steady`` (it neither fades
in again nor waits again before it takes taps: see .overlay in style.css).
"""

from __future__ import annotations

from typing import Any

from pyodide.ffi import create_once_callable, to_js
from pyscript import document, window

from .frame import Motion
from .i18n import HTML_LANG, direction
from .keys import focus_key, refocus

# The rows of buttons that arrow keys move within (and the focus falls back along).
ROWS = ".hand, .table-cards, .options, .seg, .actions, .notice, .bar"
SPOKEN_KEPT = 64  # keys of things already said, remembered so none is said twice

EASING = "cubic-bezier(.2,.7,.25,1)"
Box = tuple[float, float, float, float]


def rect(element: Any) -> Box:
    box = element.getBoundingClientRect()
    return box.left, box.top, box.width, box.height


def js(value: object) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


class DomScreen:
    def __init__(self, root: Any, motion: bool, duration_ms: float, live: Any = None) -> None:
        self.root = root
        self.motion = motion
        self.duration = duration_ms
        self.live = live  # the polite live region (outside root: never replaced)
        self.said: list[str] = []
        self.opener: tuple[str | None, int] = (None, 0)  # where the focus was when a dialog opened
        self.lang = ""

    def show(
        self,
        html: str,
        marks: dict[str, str],
        motion: Motion,
        spoken: tuple[tuple[str, str], ...] = (),
    ) -> None:
        focus = self.focused()
        before: dict[str, Box] = {}
        cards: dict[str, Any] = {}
        zones: dict[str, Box] = {}
        if self.motion:
            cards = {el.dataset.card: el for el in self.root.querySelectorAll("[data-card]")}
            before = {code: rect(el) for code, el in cards.items()}
            zones = {el.dataset.zone: rect(el) for el in self.root.querySelectorAll("[data-zone]")}
        old = self.root.querySelector("[data-overlay]")
        old_kind = old.dataset.overlay if old else None
        self.root.innerHTML = html
        new = self.root.querySelector("[data-overlay]")
        if new and old_kind == new.dataset.overlay:
            new.classList.add("steady")
        for name, value in marks.items():
            self.root.setAttribute(f"data-{name}", value)
        self.speak_in(marks.get("lang", ""), marks.get("title", ""))
        new_kind = new.dataset.overlay if new else None
        self.restore_focus(focus, old_kind, new_kind)
        self.say(spoken)
        document.documentElement.classList.add("ready")
        if self.motion:
            self.travel(before, cards, zones, motion)

    # --- language, focus, live region ---------------------------------------------------------

    def speak_in(self, lang: str, title: str) -> None:
        """<html lang dir> and the document's title follow the page's language."""
        if lang and lang != self.lang:
            self.lang = lang
            html = document.documentElement
            html.lang, html.dir = HTML_LANG.get(lang, lang), direction(lang)
        if title and document.title != title:
            document.title = title

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

    def say(self, spoken: tuple[tuple[str, str], ...]) -> None:
        """Put in the live region what was not said yet (a repaint says nothing again)."""
        if self.live is None:
            return
        news = [text for key, text in spoken if key not in self.said]
        self.said = [*self.said, *(key for key, _ in spoken if key not in self.said)][-SPOKEN_KEPT:]
        if news:
            self.live.textContent = " ".join(news)

    def travel(
        self,
        before: dict[str, Box],
        old_cards: dict[str, Any],
        zones: dict[str, Box],
        motion: Motion,
    ) -> None:
        seen = set()
        for el in self.root.querySelectorAll("[data-card]"):
            code = el.dataset.card
            seen.add(code)
            start = before.get(code)
            if start is None:
                in_table = bool(el.closest('[data-zone="table"]'))
                from_origin = in_table and motion.only in (None, code)
                start = zones.get(motion.origin if from_origin else "stock")
            if start is not None:
                self.slide(el, start, rect(el))
        sink = motion.sink
        target = self.root.querySelector(f'[data-zone="{sink}"]') if sink else None
        if not target:  # None, or JavaScript's null
            return
        end = rect(target.querySelector(".card") or target)
        for code, el in old_cards.items():
            if code not in seen:
                self.ghost(el, before[code], end)

    def slide(self, el: Any, start: Box, end: Box) -> None:
        x0, y0, w0, _ = start
        x1, y1, w1, _ = end
        if abs(x0 - x1) < 1 and abs(y0 - y1) < 1 and abs(w0 - w1) < 1:
            return
        scale = w0 / w1 if w1 else 1
        frames = [
            {"transform": f"translate({x0 - x1}px, {y0 - y1}px) scale({scale})"},
            {"transform": "translate(0, 0) scale(1)"},
        ]
        el.style.transformOrigin = "0 0"
        el.style.zIndex = "4"
        anim = el.animate(js(frames), js({"duration": self.duration, "easing": EASING}))
        anim.onfinish = create_once_callable(lambda _event: clear_styles(el))

    def ghost(self, el: Any, start: Box, end: Box) -> None:
        x0, y0, w0, _ = start
        x1, y1, w1, _ = end
        el.classList.add("ghost")
        el.setAttribute("aria-hidden", "true")
        el.classList.remove("taken", "incoming", "picked", "option", "dim")
        style = el.style
        style.left, style.top, style.width = f"{x0}px", f"{y0}px", f"{w0}px"
        style.setProperty("--w", f"{w0}px")
        style.transformOrigin = "0 0"
        document.body.append(el)
        frames = [
            {"transform": "translate(0, 0) scale(1)", "opacity": 1},
            {"transform": f"translate({x1 - x0}px, {y1 - y0}px) scale({w1 / w0})", "opacity": 0.6},
        ]
        options = {"duration": self.duration * 1.2, "easing": EASING, "fill": "forwards"}
        anim = el.animate(js(frames), js(options))
        anim.onfinish = create_once_callable(lambda _event: el.remove())


def value_of(el: Any) -> str:
    return str(el.getAttribute("data-move") or el.getAttribute("data-value") or "")


def clear_styles(el: Any) -> None:
    el.style.transformOrigin = ""
    el.style.zIndex = ""
