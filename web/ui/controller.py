"""The app: owns the game and the UI state, turns taps into engine moves, paces the computer.

Every change ends in one ``paint()``; the screen (DOM, or a fake in tests) draws the HTML that
``render`` makes and animates cards between their old and new places.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Protocol

from chkobba import Card, Game, Move, Rules

from . import storage
from .model import COMPUTER, HUMAN, Params, Ui
from .render import render

if TYPE_CHECKING:
    from chkobba.bots import Bot

# Human pace, in milliseconds at ?pace=1.
THINK, SHOW, SETTLE, ANNOUNCE = 750, 700, 420, 1300
# The hard bot's work per move on the page: the engine's default worlds, with a time cap so the
# page never freezes. Measured in Pyodide (`python3 build.py bottime`): p95 well under the cap.
BOT_SAMPLES: int | None = None
BOT_BUDGET_MS = 150.0
HINT_SAMPLES: int | None = None
HINT_BUDGET_MS = 150.0
HINT_YIELD_S = 0.03  # lets the browser paint "Looking for a hint…" before the search runs


class Screen(Protocol):
    def show(self, html: str, marks: dict[str, str], origin: str, sink: str | None) -> None:
        """Draw ``html`` and set ``marks`` as data- attributes of the root (what the page waits
        for); new cards fly in from zone ``origin``, vanished ones go to ``sink``."""


class App:
    def __init__(
        self,
        screen: Screen,
        store: storage.Store,
        params: Params,
        fresh_seed: Callable[[], int],
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.screen, self.store, self.params = screen, store, params
        self.fresh_seed, self.sleep = fresh_seed, sleep
        self.settings = storage.load_settings(store)
        self.settings.level = params.level or self.settings.level
        self.settings.target = params.target or self.settings.target
        self.ui = Ui()
        self.epoch = 0
        self.tasks: set[asyncio.Future] = set()
        self.bot: Bot | None = None
        self.event = ""
        # A tutorial's board (?position=) leaves the player's saved match alone.
        self.keeps_save = params.position is None
        saved, problem = storage.load_game(store) if self.keeps_save else (None, None)
        if params.position is not None:
            self.set_game(params.position, params.position.seed)
        elif saved is None:
            self.new_game(params.seed if params.seed is not None else fresh_seed())
        else:
            self.set_game(saved.game, saved.bot_seed)
            self.ui.seen_deals = saved.seen_deals
        messages = [problem] if problem else []
        if params.errors:
            messages.append(f"Ignored in the address: {'; '.join(params.errors)}.")
        self.ui.notice = " ".join(messages) or None

    # --- state ---------------------------------------------------------------------------------

    def set_game(self, game: Game, bot_seed: int) -> None:
        self.game, self.bot_seed = game, bot_seed
        self.bot, self.bot_for = None, (self.settings.level, bot_seed)

    def new_game(self, seed: int) -> None:
        self.epoch += 1
        self.set_game(Game.new(Rules(players=2, target=self.settings.target), seed=seed), seed)
        self.ui = Ui(notice=getattr(self, "ui", Ui()).notice)
        self.event = ""
        self.save()

    def opponent(self) -> Bot:
        """The computer player, made on its first move (the table shows sooner without it);
        its hardest level stops thinking within BOT_BUDGET_MS."""
        from chkobba.bots import make_bot

        if self.bot is None:
            level, seed = self.bot_for
            self.bot = make_bot(level, seed=seed, samples=BOT_SAMPLES, budget_ms=BOT_BUDGET_MS)
        return self.bot

    def save(self) -> None:
        if self.keeps_save:
            saved = storage.Saved(self.game, self.ui.seen_deals, self.bot_seed)
            storage.save_game(self.store, saved)

    def choices(self) -> list[Move]:
        """The legal captures of the selected card, when the player must choose among them."""
        if self.ui.selected is None:
            return []
        return [m for m in self.game.legal_moves() if m.card and m.card.code == self.ui.selected]

    def sheet_due(self) -> bool:
        return len(self.game.deal_results) > self.ui.seen_deals

    def phase(self) -> str:
        """What the page is waiting for: the marker tests and styles read (data-phase)."""
        if self.ui.settings_open:
            return "settings"
        if self.sheet_due():
            return "over" if self.game.phase == "over" else "sheet"
        if self.ui.busy or self.game.current != HUMAN or self.game.phase == "over":
            return "wait"
        if self.game.phase == "cut":
            return "cut"
        return "choose" if self.ui.selected else "play"

    def status(self) -> str:
        phase = self.phase()
        if phase == "choose":
            card = Card.parse(self.ui.selected or "")
            return f"Choose what your {card.label} takes"
        if phase in ("play", "cut") and self.ui.hinting:
            return "Looking for a hint…"
        if phase in ("play", "cut", "choose") and self.ui.hint:
            return f"Hint: {self.ui.hint[1]}"
        if phase in ("play", "cut"):
            turn = "Your turn: tap a card" if phase == "play" else "Your cut: keep or expose"
            return f"{self.event} {turn}".strip()
        return self.event or ("Computer is thinking…" if self.game.phase != "over" else "")

    def paint(self, origin: str = "stock", sink: str | None = None) -> None:
        self.ui.status = self.status()
        html = render(self.game.view(HUMAN), self.ui, self.settings, self.choices())
        marks = {"phase": self.phase(), "moves": str(len(self.game.history))}
        self.screen.show(html, marks, origin, sink)

    async def pause(self, ms: float) -> None:
        await self.sleep(ms * self.params.pace / 1000)

    def start(self) -> None:
        self.paint()
        self.kick()

    def kick(self) -> None:
        """Let the computer move if it is its turn and nothing on screen waits for the player."""
        if self.phase() == "wait" and not self.ui.busy and self.game.phase != "over":
            self.spawn(self.computer_turn())

    def spawn(self, work: Awaitable[None]) -> None:
        """Run ``work`` in the background (keeping a reference so it is not collected)."""
        task = asyncio.ensure_future(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- moves ---------------------------------------------------------------------------------

    async def computer_turn(self) -> None:
        epoch = self.epoch
        self.ui.busy = True
        self.event = ""
        self.paint()
        await self.pause(THINK)
        if epoch != self.epoch:
            return
        await self.perform(COMPUTER, self.opponent().choose(self.game.view(COMPUTER)))

    async def perform(self, seat: int, move: Move) -> None:
        epoch = self.epoch
        before = self.game
        self.ui.busy = True
        self.ui.selected, self.ui.picked = None, ()
        self.ui.hint, self.ui.hinting = None, False
        origin = "opp-hand" if seat == COMPUTER else "stock"
        if move.kind == "play" and move.captures:
            self.ui.pending = (seat, move)
            self.event = describe(seat, move, before, pending=True)
            self.paint(origin=origin)
            await self.pause(SHOW)
            if epoch != self.epoch:
                return
            self.ui.pending = None
        self.game = before.play(move)
        self.save()
        self.event = describe(seat, move, before)
        if self.game.phase == "cut" and self.game.redealt:
            self.event = "Three of a kind on the table: the cards were dealt again."
        side = seat % 2
        swept = (
            len(self.game.deal_results) == len(before.deal_results)
            and self.game.chkobbas[side] > before.chkobbas[side]
        )
        if swept:
            who = "You swept the table" if seat == HUMAN else "The computer swept the table"
            self.ui.announce = f"Chkobba!|{who}"
        self.paint(origin=origin, sink=f"pile-{side}")
        await self.pause(ANNOUNCE if swept else SETTLE)
        if epoch != self.epoch:
            return
        self.ui.announce = None
        self.ui.busy = False
        self.paint()
        self.kick()

    # --- taps ----------------------------------------------------------------------------------

    async def tap(self, action: str, value: str = "") -> None:
        """One tap, already read off the DOM: an action name and its value (card code, move...)."""
        ui = self.ui
        if action == "dismiss":
            ui.notice = None
        elif action == "settings":
            ui.settings_open = True
        elif action == "close":
            ui.settings_open = False
        elif action == "level" and value in ("easy", "medium", "hard"):
            self.settings.level = value
            self.bot, self.bot_for = None, (value, self.bot_seed + len(self.game.history))
            storage.save_settings(self.store, self.settings)
        elif action == "target" and value.isdigit():
            self.settings.target = int(value)
            storage.save_settings(self.store, self.settings)
        elif action == "hint" and self.phase() in ("play", "cut", "choose"):
            if not ui.hinting:
                await self.find_hint()
            return
        elif action == "new":
            self.new_game(self.fresh_seed())
        elif action == "next" and self.sheet_due() and self.game.phase != "over":
            ui.seen_deals = len(self.game.deal_results)
            self.event = ""
            self.save()
        elif action == "hand" and self.phase() in ("play", "choose"):
            await self.tap_hand(value)
            return
        elif action == "table" and self.phase() == "choose":
            await self.tap_table(value)
            return
        elif action == "cancel":
            ui.selected, ui.picked = None, ()
        elif action == "move" and self.phase() in ("cut", "choose"):
            move = self.legal(value)
            if move is not None:
                await self.perform(HUMAN, move)
                return
        self.paint()
        self.kick()

    async def find_hint(self) -> None:
        """The hard bot's move for the player, with a one-line reason, shown on the table.

        The search is synchronous: the page first yields to the browser (so the "looking"
        status paints) and the search has a time cap, so the page never freezes."""
        from chkobba.bots import explain, make_bot

        game = self.game
        self.ui.hinting, self.ui.hint = True, None
        self.paint()
        await self.sleep(HINT_YIELD_S)
        if self.game is not game:  # a move was made meanwhile
            return
        view = game.view(HUMAN)
        seed = self.bot_seed + len(game.history)
        bot = make_bot("hard", seed=seed, samples=HINT_SAMPLES, budget_ms=HINT_BUDGET_MS)
        move = bot.choose(view)
        self.ui.hinting, self.ui.hint = False, (str(move), explain(view, move))
        self.paint()

    def legal(self, text: str) -> Move | None:
        return next((m for m in self.game.legal_moves() if str(m) == text), None)

    async def tap_hand(self, code: str) -> None:
        moves = [m for m in self.game.legal_moves() if m.card and m.card.code == code]
        if len(moves) == 1:
            await self.perform(HUMAN, moves[0])
            return
        if moves and self.ui.selected != code:
            self.ui.selected, self.ui.picked = code, ()
        else:
            self.ui.selected, self.ui.picked = None, ()
        self.paint()

    async def tap_table(self, code: str) -> None:
        """Build a capture card by card; it is played as soon as the picked cards are an option."""
        options = [frozenset(c.code for c in m.captures) for m in self.choices()]
        picked = set(self.ui.picked) ^ {code}
        if not any(picked <= o for o in options):
            picked = {code} if any(code in o for o in options) else set()
        for move in self.choices():
            if {c.code for c in move.captures} == picked:
                await self.perform(HUMAN, move)
                return
        table_order = [c.code for c in self.game.table]
        self.ui.picked = tuple(c for c in table_order if c in picked)
        self.paint()


def describe(seat: int, move: Move, before: Game, pending: bool = False) -> str:
    who = "You" if seat == HUMAN else "Computer"
    if move.kind == "keep":
        return f"{who} cut and kept the card." if seat == COMPUTER else "You kept your cut card."
    if move.kind == "expose":
        shown = before.cut_card.label if before.cut_card else "card"
        return f"{who} cut and exposed the {shown}."
    assert move.card is not None
    if not move.captures:
        return f"{who} laid the {move.card.label}."
    taken = " + ".join(c.label for c in move.captures)
    if pending:
        return f"{who} play{'s' if seat else ''} the {move.card.label} to take {taken}…"
    return f"{who} took {taken} with the {move.card.label}."
