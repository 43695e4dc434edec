"""What a tap may ask: each feature declares its actions beside their handlers (``Tap``); the
controller routes a tap to the one feature that declares its action. What a feature may use of
the app it holds is ``AppForFeatures`` (``controller.App`` is one): so the features, below the
controller, never import it."""

from __future__ import annotations

import asyncio
import datetime
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from chkobba import Game, Move, SeatUpdate

from .model import MoveMade, Notice, Params, Roster, ScreenPhase, State, Ui

if TYPE_CHECKING:  # the boards import this module (through sheets): they need neither
    from chkobba.bots import Bot

    from .storage import Storage

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


class AppForFeatures(Protocol):
    """The app as a feature (sheets, hint, settings, people, review, statistics, daily deal,
    friends) holds it: the one state and what changes it, the match's flow a feature starts,
    and what the app was given (storage, address, clock). ``controller.App`` is one."""

    state: State  # replaced whole: each change is a new state
    epoch: int  # bumped when the match is replaced: pending work for the old one stops
    bot: Bot | None  # the computer player (None: made anew on its next move)

    @property
    def game(self) -> Game: ...
    @property
    def ui(self) -> Ui: ...
    @property
    def people(self) -> Roster: ...
    @property
    def storage(self) -> Storage: ...
    @property
    def params(self) -> Params: ...
    @property
    def keeps_save(self) -> bool: ...
    @property
    def daily(self) -> datetime.date | None: ...
    @property
    def clock(self) -> Callable[[], str]: ...
    @property
    def fresh_seed(self) -> Callable[[], int]: ...
    @property
    def sleep(self) -> Callable[[float], Awaitable[None]]: ...

    def set_ui(self, **changes: Any) -> None: ...
    def notify(self, notice: Notice | None) -> None: ...
    def phase(self) -> ScreenPhase: ...
    def paint(self) -> None: ...
    def save(self, force: bool = False) -> bool: ...
    def keep_frame(self) -> None: ...
    def new_game(self, seed: int, people: Roster | None = None) -> None: ...
    def computer_may_play(self) -> None: ...
    def spawn(
        self, work: Awaitable[None], kept: set[asyncio.Future[None]] | None = None
    ) -> None: ...
    async def perform(self, seat: int, move: Move) -> None: ...
    async def show_move(
        self, played: MoveMade, after: Game, host_update: SeatUpdate | None = None
    ) -> None: ...
