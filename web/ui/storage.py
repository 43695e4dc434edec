"""Saving to localStorage (or anything with getItem/setItem/removeItem): the game after every move.

A save that cannot be read is never thrown away silently: it is moved to CORRUPT_KEY and the
caller gets a short message to show.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Protocol

from chkobba import TARGETS, Game

from .model import LEVELS, Settings

SAVE_KEY = "chkobba.save"
CORRUPT_KEY = "chkobba.save.corrupt"
SETTINGS_KEY = "chkobba.settings"
FORMAT = 1


class Store(Protocol):
    """The Web Storage interface (window.localStorage), or a dict-backed stand-in in tests."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


@dataclass(frozen=True)
class Saved:
    game: Game
    seen_deals: int
    bot_seed: int


def save_game(store: Store, saved: Saved) -> None:
    record = {
        "format": FORMAT,
        "game": saved.game.to_json(),
        "seen_deals": saved.seen_deals,
        "bot_seed": saved.bot_seed,
    }
    store.setItem(SAVE_KEY, json.dumps(record))


def load_game(store: Store) -> tuple[Saved | None, str | None]:
    """The saved game, or (None, message) when there is a save that cannot be read."""
    text = store.getItem(SAVE_KEY)
    if not isinstance(text, str):  # None, or JavaScript's null as Pyodide passes it
        return None, None
    try:
        record = json.loads(text)
        if record.get("format") != FORMAT:
            raise ValueError(f"unknown save format {record.get('format')!r}")
        game = Game.from_json(record["game"])
        seen = record["seen_deals"]
        bot_seed = record["bot_seed"]
        if not (isinstance(seen, int) and 0 <= seen <= len(game.deal_results)):
            raise ValueError(f"bad seen_deals {seen!r}")
        if not isinstance(bot_seed, int):
            raise ValueError(f"bad bot_seed {bot_seed!r}")
    except (ValueError, KeyError, TypeError, AttributeError) as error:
        store.setItem(CORRUPT_KEY, text)
        store.removeItem(SAVE_KEY)
        reason = str(error).splitlines()[0][:80] if str(error) else type(error).__name__
        return None, (
            f"Your saved game could not be read ({reason}). "
            "It was set aside and a new game has started."
        )
    return Saved(game, seen, bot_seed), None


def clear_game(store: Store) -> None:
    store.removeItem(SAVE_KEY)


def load_settings(store: Store) -> Settings:
    try:
        text = store.getItem(SETTINGS_KEY)
        record = json.loads(text if isinstance(text, str) else "{}")
        target, level = int(record.get("target", 21)), record.get("level", "medium")
    except (ValueError, TypeError, AttributeError):
        return Settings()
    if target not in TARGETS or level not in LEVELS:
        return Settings()
    return Settings(target, level)


def save_settings(store: Store, settings: Settings) -> None:
    store.setItem(SETTINGS_KEY, json.dumps({"target": settings.target, "level": settings.level}))
