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

EASING = "cubic-bezier(.2,.7,.25,1)"
Box = tuple[float, float, float, float]


def rect(element: Any) -> Box:
    box = element.getBoundingClientRect()
    return box.left, box.top, box.width, box.height


def js(value: object) -> Any:
    return to_js(value, dict_converter=window.Object.fromEntries)


class DomScreen:
    def __init__(self, root: Any, motion: bool, duration_ms: float) -> None:
        self.root = root
        self.motion = motion
        self.duration = duration_ms

    def show(self, html: str, marks: dict[str, str], motion: Motion) -> None:
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
        document.documentElement.classList.add("ready")
        if self.motion:
            self.travel(before, cards, zones, motion)

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
                start = zones.get(motion.origin if in_table else "stock")
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


def clear_styles(el: Any) -> None:
    el.style.transformOrigin = ""
    el.style.zIndex = ""
