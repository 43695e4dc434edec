"""One-line explanations of a move, for the page's hint button."""

from __future__ import annotations

from ..cards import HAYYA
from ..moves import KEEP, PLAY, Move
from ..view import View


def explain(view: View, move: Move) -> str:
    """Say in a few words what ``move`` does from ``view`` ("takes the 7♦", "chkobba! ...")."""
    if move.kind != PLAY:
        card = view.cut_card
        name = card.label if card is not None else "the cut card"
        if move.kind == KEEP:
            return f"keeps {name} in hand"
        return f"shows {name} on the table"
    card = move.card
    assert card is not None
    if move.captures:
        taken = " ".join(c.label for c in move.captures)
        last_card = view.stock_count == 0 and sum(view.hand_sizes) == 1
        if len(move.captures) == len(view.table) and not last_card:
            return f"chkobba! {card.label} sweeps the table"
        if HAYYA in move.captures or card is HAYYA:
            return f"takes the 7♦ ({card.label} takes {taken})"
        sevens = [c for c in (*move.captures, card) if c.value == 7]
        if sevens:
            return f"{card.label} takes {taken}: {len(sevens)} more seven{'s' * (len(sevens) > 1)}"
        return f"{card.label} takes {taken}"
    left = sum(c.value for c in view.table) + card.value
    if left > 10:
        return f"lays {card.label}: the table adds up to {left}, too much to sweep"
    return f"lays {card.label}: nothing to take with it"


def hint(view: View, seed: int = 1, samples: int | None = None) -> tuple[Move, str]:
    """The hard bot's move for ``view`` and a one-line reason a player understands."""
    from . import make_bot

    move = make_bot("hard", seed=seed, samples=samples).choose(view)
    return move, explain(view, move)
