"""localStorage as the page's Python sees it from its worker, where there is none.

The page's script (web/game/host.js) sends a copy of the game's keys with the start and every
change another tab makes; a write is made in the copy at once and sent to the page, which
writes it before anything sent after it (a move is saved before it is shown). The page reports
back what the copy cannot know: a write that failed (storage full or blocked), the first write
that works again after failures, and a save that another tab had changed before this tab's
write reached it (the write is then not made: ``expect`` is the value this write replaces).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


class RelayStore:
    """The ``Store`` interface (getItem, setItem, removeItem) over the copy; writes relayed."""

    def __init__(self, values: Mapping[str, str], send: Callable[[dict[str, Any]], None]) -> None:
        self.values = {k: v for k, v in values.items() if isinstance(v, str)}
        self.send = send

    def getItem(self, key: str) -> str | None:
        return self.values.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.write(key, value)

    def removeItem(self, key: str) -> None:
        self.write(key, None)

    def write(self, key: str, value: str | None) -> None:
        expect = self.values.get(key)
        self.settle(key, value)
        self.send({"type": "store", "key": key, "value": value, "expect": expect})

    def settle(self, key: str, value: str | None) -> None:
        """What the page's storage holds for ``key`` (another tab wrote it, or a write failed)."""
        if value is None:
            self.values.pop(key, None)
        else:
            self.values[key] = value
