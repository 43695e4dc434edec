"""What a tap may ask: each feature declares its actions beside their handlers (``Tap``); the
controller routes a tap to the one feature that declares its action."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from .model import ScreenPhase

# A tap's handler, given the tap's value: True when a new frame is due (and the computer may
# play then); False when the handler painted what changed itself, or nothing changed.
Handler = Callable[[str], Awaitable[bool]]


@dataclass(frozen=True)
class Tap:
    """An action: its handler, the screen's phases in which it means something (None: any; a
    tap in another phase is ignored), and whether the daily deal (the same deal for everyone,
    played once) and a guest's page (the match is the host's) offer it."""

    run: Handler
    phases: tuple[ScreenPhase, ...] | None = None
    daily: bool = True
    guest: bool = True


def routes(*tables: dict[str, Tap]) -> dict[str, Tap]:
    """Every feature's actions in one table; an action declared twice is a mistake."""
    merged: dict[str, Tap] = {}
    for table in tables:
        twice = sorted(merged.keys() & table.keys())
        if twice:
            raise ValueError(f"actions declared twice: {', '.join(twice)}")
        merged.update(table)
    return merged
