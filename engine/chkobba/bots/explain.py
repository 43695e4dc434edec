"""One-line explanations of a move, for the page's hint button."""

from __future__ import annotations

from ..cards import HAYYA
from ..cardsets import cards_of
from ..kernel import sweepable
from ..moves import KEEP, PLAY, Move
from ..view import View
from .core import play_seen


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
    table, _, chkobba, _ = play_seen(view, move)
    if chkobba:
        return f"chkobba! {card.label} sweeps the table"
    if move.captures:
        taken = " ".join(c.label for c in move.captures)
        if HAYYA in move.captures or card is HAYYA:
            return f"takes the 7♦ ({card.label} takes {taken})"
        sevens = [c for c in (*move.captures, card) if c.value == 7]
        if sevens:
            return f"{card.label} takes {taken}: {len(sevens)} more seven{'s' * (len(sevens) > 1)}"
        return f"{card.label} takes {taken}"
    total = sum(c.value for c in cards_of(table))
    if not sweepable(total):
        return f"lays {card.label}: the table adds up to {total}, too much to sweep"
    return f"lays {card.label}: nothing to take with it"
