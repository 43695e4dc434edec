"""The screen as messages: each frame the app paints becomes one message to the page.

The page's Python runs in a worker (web/host.js starts it), with no DOM: each frame is sent,
whole, to the page's script, which writes it in one task (web/screen.js: the HTML, the root's
marks, the language, the title, the live region and the cards' travel, never painted half
done), keeps the focus where it belongs, and sets last the marks the page waits on (``phase``,
``moves``). What is decided here: the language's direction when it changes, and what is new to
say or to play (a repaint never says a thing twice, nor plays a sound twice).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from .frame import Motion
from .i18n import HTML_LANG, direction

SPOKEN_KEPT = 64  # keys of things already said, remembered so none is said twice

Send = Callable[[dict[str, Any]], None]


class FrameScreen:
    """Sends each frame to the page (``send``: one message, plain data)."""

    def __init__(self, send: Send, motion: bool, duration_ms: float) -> None:
        self.send = send
        self.motion = motion
        self.duration = duration_ms
        self.said: list[str] = []
        self.heard: list[str] = []
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
                "sounds": self.hear(sounds),
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

    def hear(self, sounds: tuple[tuple[str, str], ...]) -> list[str]:
        """The sounds to play now: those not heard yet (a repaint plays nothing twice)."""
        news = [sound for key, sound in sounds if key not in self.heard]
        self.heard = [*self.heard, *(key for key, _ in sounds if key not in self.heard)]
        self.heard = self.heard[-SPOKEN_KEPT:]
        return news

    def say(self, spoken: tuple[tuple[str, str], ...]) -> str:
        """What the live region says now: what was not said yet; "" for nothing."""
        news = [text for key, text in spoken if key not in self.said]
        self.said = [*self.said, *(key for key, _ in spoken if key not in self.said)][-SPOKEN_KEPT:]
        return " ".join(news)
