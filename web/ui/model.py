"""The page's own state: settings, URL parameters and UI-only state (never game rules)."""

from __future__ import annotations

from dataclasses import dataclass, field
from urllib.parse import parse_qsl

from chkobba import TARGETS, Game, Move, ParseError

LEVELS = ("easy", "medium", "hard")
HUMAN, COMPUTER = 0, 1


@dataclass
class Settings:
    """What the player chose in the settings panel (kept across games)."""

    target: int = 21
    level: str = "medium"


@dataclass
class Ui:
    """Everything on screen that is not the game: selection, pending move, messages."""

    selected: str | None = None  # code of the hand card whose capture is being chosen
    picked: tuple[str, ...] = ()  # table cards tapped toward that capture
    pending: tuple[int, Move] | None = None  # a capture shown on the table before it is taken
    seen_deals: int = 0  # deal results the player has dismissed; more means a score sheet is due
    status: str = ""
    announce: str | None = None
    notice: str | None = None
    hint: tuple[str, str] | None = None  # the suggested move (its notation) and why
    hinting: bool = False  # a hint is being looked for
    settings_open: bool = False
    busy: bool = False


@dataclass(frozen=True)
class Params:
    """URL parameters: ?seed=N (first game's deal), ?pace=X (0 = instant bot and no animation),
    ?level=easy|medium|hard and ?target=11|21|31 (override the settings for a new game), and
    ?position=<notation> (a tutorial's board: that position, you being seat 0; the page then
    neither reads nor writes the saved game)."""

    seed: int | None = None
    pace: float = 1.0
    level: str | None = None
    target: int | None = None
    position: Game | None = None
    errors: tuple[str, ...] = field(default=())


def parse_params(query: str) -> Params:
    """Read the query string; each malformed value is ignored and explained in ``errors``."""
    values: dict[str, object] = {}
    errors: list[str] = []
    for name, raw in parse_qsl(query.lstrip("?"), keep_blank_values=True):
        if name == "seed":
            if raw.isdigit() and len(raw) <= 18:
                values["seed"] = int(raw)
            else:
                errors.append(f"seed={raw!r} is not a whole number ≥ 0")
        elif name == "pace":
            try:
                pace = float(raw)
            except ValueError:
                pace = -1.0
            if 0 <= pace <= 10:
                values["pace"] = pace
            else:
                errors.append(f"pace={raw!r} is not a number from 0 to 10")
        elif name == "level":
            if raw in LEVELS:
                values["level"] = raw
            else:
                errors.append(f"level={raw!r} is not one of {', '.join(LEVELS)}")
        elif name == "position":
            try:
                values["position"] = read_position(raw)
            except ParseError as error:
                errors.append(f"position: {error}")
        elif name == "target":
            if raw in {str(t) for t in TARGETS}:
                values["target"] = int(raw)
            else:
                errors.append(f"target={raw!r} is not one of {', '.join(map(str, TARGETS))}")
        else:
            errors.append(f"unknown parameter {name!r}")
    return Params(**values, errors=tuple(errors))  # type: ignore[arg-type]


def read_position(text: str) -> Game:
    """A two-player position from its notation (``chkobba.notation``), for a tutorial's board."""
    game = Game.from_notation(text)
    if game.rules.players != 2:
        raise ParseError(f"{text!r} is a {game.rules.players}-player position; the page plays 2")
    return game
