"""One-line explanations of a move, for the page's hint button."""

from __future__ import annotations

from ..cards import HAYYA
from ..kernel import is_chkobba
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
        left = len(view.table) - len(move.captures)
        if is_chkobba(left, sum(view.hand_sizes) - 1 + view.stock_count):
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
