"""The screen as messages: each frame the app paints becomes one message to the page.

The page's Python runs in a worker (web/game/host.js starts it), with no DOM: each frame is sent,
whole, to the page's script, which writes it in one task (web/game/screen.js: the HTML, the root's
marks, the language, the title, the live region and the cards' travel, never painted half
done), keeps the focus where it belongs, and sets last the marks the page waits on (``phase``,
``moves``). What is decided here: the language's direction when it changes, and what is new to
say or to play (a repaint never says a thing twice, nor plays a sound twice).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any, Protocol

from shared.i18n import HTML_LANG, direction

from .news import Motion

SPOKEN_KEPT = 64  # keys of things already said, remembered so none is said twice

Send = Callable[[dict[str, Any]], None]


class Screen(Protocol):
    def show(
        self,
        html: str,
        marks: dict[str, str],
        motion: Motion,
        spoken: tuple[tuple[str, str], ...] = (),
        sounds: tuple[tuple[str, str], ...] = (),
    ) -> None:
        """Draw ``html``, set ``marks`` as data- attributes of the root (what the page waits
        for), animate the cards as ``motion`` says, say ``spoken`` (key, words) in the live
        region unless that key was said already, and play ``sounds`` (key, sound) likewise."""


class Once:
    """Keys of things already told (the last SPOKEN_KEPT), so that a repaint tells none again."""

    def __init__(self) -> None:
        self.keys: list[str] = []

    def news(self, items: tuple[tuple[str, str], ...]) -> list[str]:
        """The values of ``items`` (key, value) whose key was not told yet, now told."""
        fresh = [(key, value) for key, value in items if key not in self.keys]
        self.keys = [*self.keys, *(key for key, _ in fresh)][-SPOKEN_KEPT:]
        return [value for _, value in fresh]


class FrameScreen:
    """Sends each frame to the page (``send``: one message, plain data)."""

    def __init__(self, send: Send, motion: bool, duration_ms: float) -> None:
        self.send = send
        self.motion = motion
        self.duration = duration_ms
        self.said = Once()  # the live region's news
        self.heard = Once()  # the sounds
        self.lang = ""

    def show(
        self,
        html: str,
        marks: dict[str, str],
        motion: Motion,
        spoken: tuple[tuple[str, str], ...] = (),
        sounds: tuple[tuple[str, str], ...] = (),
    ) -> None:
        self.send(
            {
                "type": "frame",
                "html": html,
                "marks": marks,
                "lang": self.speak_in(marks.get("lang", "")),
                "title": marks.get("title", ""),
                "said": self.say(spoken),
                "sounds": self.heard.news(sounds),
                "motion": asdict(motion) if self.motion and motion.pace > 0 else None,
                "duration": self.duration * motion.pace,
            }
        )

    def speak_in(self, lang: str) -> list[str] | None:
        """<html lang dir> follow the page's language: [lang, dir] when it changed, else None."""
        if not lang or lang == self.lang:
            return None
        self.lang = lang
        return [HTML_LANG.get(lang, lang), direction(lang)]

    def say(self, spoken: tuple[tuple[str, str], ...]) -> str:
        """What the live region says now: what was not said yet; "" for nothing."""
        return " ".join(self.said.news(spoken))
