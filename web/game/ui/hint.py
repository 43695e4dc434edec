"""The hint: the hard bot's move for the player, with a one-line reason (the engine's), shown
on the table. The daily deal does without."""

from __future__ import annotations

from chkobba import Game, Move
from chkobba.explain import reason
from shared.i18n import Language

from . import words
from .phases import HINTED
from .review import SEARCH_YIELD_S
from .taps import AppForFeatures, Tap

# The hard bot's work for a hint on the page: the engine's default worlds, with a time cap so
# the page never freezes (`python3 build.py bottime` measures it, as the computer's moves).
HINT_SAMPLES: int | None = None
HINT_BUDGET_MS = 150.0


def hint_reason(t: Language, game: Game, move: Move) -> str:
    """The hint's move and why (the engine's reason, from the player's view), in words."""
    why, count = reason(game.view(game.current), move)
    return words.reason(t, move, game.cut_card, why, count)


class Hint:
    """The hint button's tap, on the player's turn (a cut too)."""

    def __init__(self, app: AppForFeatures) -> None:
        self.app = app

    def taps(self) -> dict[str, Tap]:
        return {"hint": Tap(self.tap, HINTED, daily=False)}

    async def tap(self, value: str) -> bool:
        if not self.app.ui.hinting:
            await self.find_hint()
        return False

    async def find_hint(self) -> None:
        """The hard bot's move for the player, with a one-line reason, shown on the table.

        The search is synchronous: the page first yields to the browser (so the "looking"
        status paints) and the search has a time cap, so the page never freezes."""
        from chkobba.bots import make_bot

        game = self.app.game
        self.app.set_ui(hinting=True, hint=None)
        self.app.paint()
        await self.app.sleep(SEARCH_YIELD_S)
        if self.app.game is not game:  # a move was made meanwhile
            return
        view = game.view(self.app.ui.viewer)
        seed = self.app.state.bot_seed + len(game.history)
        bot = make_bot("hard", seed=seed, samples=HINT_SAMPLES, budget_ms=HINT_BUDGET_MS)
        move = bot.choose(view)
        self.app.set_ui(hinting=False, hint=move)
        self.app.paint()
