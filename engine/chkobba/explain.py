"""Why a move is worth playing, read off a seat's view: the hint's reasons.

``reason`` gives the first fact of ``Why`` true of a move and its number; the page says it in the
player's language (``ui.words.reason``), ``explain`` in one line of English. Each fact comes from
the kernel (the play's outcome, whether a table can be swept, which cards score). Light: the
page's first frame imports it, long before the bots.
"""

from __future__ import annotations

from enum import StrEnum

from .cards import HAYYA, Card
from .cardsets import cards_of
from .kernel import DEAL_OVER, scoring, sweepable
from .moves import KEEP, PLAY, Move
from .view import View


class Why(StrEnum):
    """Why the hint suggests its move: one fact of the position that is true of that move, the
    first that holds in this order for each kind of move."""

    # a capture
    SWEEP = "sweep"  # it takes the whole table: a chkobba
    HAYYA = "hayya"  # the 7♦ goes to the player's pile
    SEVENS = "sevens"  # sevens go to the player's pile (the bermila)
    DIAMONDS = "diamonds"  # diamonds go to the player's pile (the dinari)
    MOST = "most"  # no other capture wins as many cards (the karta)
    SHUT = "shut"  # the table it leaves adds up to more than any card can sweep
    SIXES = "sixes"  # sixes (they break a tie in sevens)
    KARTA = "karta"  # cards toward the karta (any capture)
    # a card laid (it takes nothing: capture is compulsory)
    HIGH = "high"  # the table it makes adds up to more than any card can sweep
    CHEAP = "cheap"  # neither a seven nor a diamond
    NOTHING = "nothing"  # nothing on the table makes its value
    LEAST = "least"  # the expert's search finds it the least costly
    # the cut
    KEEP_HAYYA = "keep-hayya"
    KEEP_SEVEN = "keep-seven"
    KEEP_DIAMOND = "keep-diamond"
    KEEP = "keep"  # the expert's search finds keeping better
    EXPOSE_CHEAP = "expose-cheap"  # neither a seven nor a diamond
    EXPOSE_FIRST = "expose-first"  # the cutter plays first: the first chance to take it


def reason(view: View, move: Move) -> tuple[Why, int]:
    """Why ``move`` (a legal move of ``view``'s seat) is worth playing, and the fact's number
    (the sevens, the diamonds or the cards won, or the table's total)."""
    if move.kind != PLAY:
        return cut_reason(view.cut_card, move.kind == KEEP), 0
    card = move.card
    assert card is not None
    table, _, chkobba, after = view.outcome(move)
    goes_on = after != DEAL_OVER  # someone plays after it
    left = sum(c.value for c in cards_of(table))
    if not move.captures:
        if goes_on and not sweepable(left):
            return Why.HIGH, left
        if not scoring(card):
            return Why.CHEAP, 0
        return (Why.NOTHING if view.table else Why.LEAST), 0
    won = (card, *move.captures)
    if chkobba:
        return Why.SWEEP, 0
    if HAYYA in won:
        return Why.HAYYA, 1
    sevens = sum(c.value == 7 for c in won)
    if sevens:
        return Why.SEVENS, sevens
    diamonds = sum(c.suit == "D" for c in won)
    if diamonds:
        return Why.DIAMONDS, diamonds
    taken = [len(m.captures) for m in view.legal_moves() if m.captures]
    if len(move.captures) == max(taken) > min(taken):
        return Why.MOST, len(won)
    if goes_on and table and not sweepable(left):
        return Why.SHUT, left
    sixes = sum(c.value == 6 for c in won)
    return (Why.SIXES, sixes) if sixes else (Why.KARTA, len(won))


def cut_reason(card: Card | None, keep: bool) -> Why:
    """Why keep or expose the cut ``card``."""
    if keep:
        if card == HAYYA:
            return Why.KEEP_HAYYA
        if card is not None and card.value == 7:
            return Why.KEEP_SEVEN
        if card is not None and card.suit == "D":
            return Why.KEEP_DIAMOND
        return Why.KEEP
    return Why.EXPOSE_CHEAP if card is not None and not scoring(card) else Why.EXPOSE_FIRST


_SAID = {
    Why.SWEEP: "chkobba! {card} sweeps the table",
    Why.HAYYA: "takes the 7♦ ({card} takes {taken})",
    Why.SEVENS: "{card} takes {taken}: {count} more seven(s)",
    Why.DIAMONDS: "{card} takes {taken}: {count} more diamond(s)",
    Why.MOST: "{card} takes {taken}: the most cards",
    Why.SHUT: "{card} takes {taken}: the table left adds up to {count}, too much to sweep",
    Why.SIXES: "{card} takes {taken}: {count} more six(es)",
    Why.KARTA: "{card} takes {taken}",
    Why.HIGH: "lays {card}: the table adds up to {count}, too much to sweep",
    Why.CHEAP: "lays {card}: neither a seven nor a diamond",
    Why.NOTHING: "lays {card}: nothing to take with it",
    Why.LEAST: "lays {card}: the least costly card",
    Why.KEEP_HAYYA: "keeps {card} in hand: the 7♦",
    Why.KEEP_SEVEN: "keeps {card} in hand: a seven",
    Why.KEEP_DIAMOND: "keeps {card} in hand: a diamond",
    Why.KEEP: "keeps {card} in hand",
    Why.EXPOSE_CHEAP: "shows {card} on the table: neither a seven nor a diamond",
    Why.EXPOSE_FIRST: "shows {card} on the table: the cutter plays first",
}


def explain(view: View, move: Move) -> str:
    """``reason`` in one line of English ("chkobba! Q♥ sweeps the table")."""
    why, count = reason(view, move)
    card = move.card if move.kind == PLAY else view.cut_card
    name = card.label if card is not None else "the cut card"
    taken = " ".join(c.label for c in move.captures)
    return _SAID[why].format(card=name, taken=taken, count=count)
