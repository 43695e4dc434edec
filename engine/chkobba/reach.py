"""Whether a seat's view and log could come from play: each deal replayed by the engine.

A guest is shown its seat's view of the host's match and the match's log (``chkobba.peer``).
It cannot see the other hands or the stock, but the log tells every card played and what it
took, so each deal can be played again: its deck is built from the log (the cards each seat
played in each hand, the table the deal started with: what was taken or is left, less what was
played, the cards not seen in any order), and ``Game`` plays the deal's moves on it, checking
each as any move is checked. What the replay ends with must be what the view shows: a finished
deal's result (leftovers, counts, points), and for the deal in play its table, piles, chkobbas,
hand sizes, stock and turn. The match's target is one the game offers (``TARGETS``).

``reach_problem`` says, in a short sentence, what no play could have made, or ``""``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .cards import DECK, Card
from .errors import ChkobbaError, quoted
from .game import Game, View
from .kernel import HAND_SIZE, TABLE_SIZE, Phase, deal_layout, hand_layout, side
from .log import Entry, EntryKind
from .rules import TARGETS

__all__ = ["reach_problem"]


def reach_problem(view: View, log: Sequence[Entry]) -> str:
    """Why no play of the rules leads to ``view`` with ``log`` (its entries filled in from
    the view's history, as ``chkobba.peer`` reads them), or ``""`` if play can."""
    if view.rules.target not in TARGETS:
        targets = ", ".join(map(str, TARGETS))
        return f"a match is played to {targets} points, not {quoted(view.rules.target, 24)}"
    if view.scores != (view.deal_results[-1].totals if view.deal_results else (0, 0)):
        return "the scores are not the sum of the deals' points"
    for deal in range(1, view.deal_number + 1):
        entries = [entry for entry in log if entry.deal == deal]
        cuts = [number for number, entry in enumerate(entries) if entry.kind == EntryKind.CUT]
        if not cuts:
            if entries or deal < view.deal_number:
                return f"deal {deal} starts without a cut"
            continue  # the deal in play, before its cut
        attempt = entries[cuts[-1] :]
        if attempt[-1].kind == EntryKind.REDEAL:
            continue  # dealt again: the cut comes again
        finished = deal <= len(view.deal_results)
        key = (view.rules, view.deal_results[:deal], tuple(attempt)) if finished else None
        if key in _SOUND:
            continue
        problem = _deal_problem(view, deal, attempt)
        if key is not None and not problem:
            if len(_SOUND) >= _SOUND_KEPT:
                _SOUND.clear()
            _SOUND.add(key)
        if problem:
            return f"deal {deal}: {problem}"
    return ""


# The finished deals replayed already (the log entries hold each move's card and captures): a
# guest is sent the whole match after each move, and checks again only the deal in play.
_SOUND: set[object] = set()
_SOUND_KEPT = 256


def _deal_problem(view: View, deal: int, attempt: Sequence[Entry]) -> str:
    """Why the deal's last cut and its plays (``attempt``) cannot end as ``view`` shows."""
    finished = deal <= len(view.deal_results)
    result = view.deal_results[deal - 1] if finished else None
    deck = _deck(view, attempt, result.leftovers if result else view.table)
    if isinstance(deck, str):
        return deck
    before = view.deal_results[: deal - 1]
    try:
        game = Game.from_position(
            rules=view.rules,
            phase=Phase.CUT,
            current=attempt[0].seat if attempt[0].seat is not None else -1,
            dealer=result.dealer if result else view.dealer,
            hands=[()] * view.rules.players,
            stock=deck,
            scores=before[-1].totals if before else (0, 0),
            deal_results=before,
        )
    except ChkobbaError as error:
        return str(error)
    for entry in attempt:
        if entry.kind not in (EntryKind.CUT, EntryKind.PLAY):
            continue
        move = view.history[entry.number - 1]
        if (entry.seat, entry.stock) != (game.current, game.stock_count):
            return f"move {entry.number} ({move}) is not seat {entry.seat}'s at that stock"
        mover = side(game.current)  # (the entry's seat: checked above)
        sweeps = len(game.sweeps[mover])
        try:
            game = game.play(move)
        except ChkobbaError as error:
            return f"move {entry.number}: {error}"
        if entry.kind == EntryKind.CUT and game.deal_number == deal and game.phase == Phase.CUT:
            return "its table holds three cards of a rank: it is dealt again"
        if entry.kind == EntryKind.PLAY:
            swept = game.deal_number == deal and len(game.sweeps[mover]) > sweeps
            if swept and not entry.chkobba:
                return f"move {entry.number} ({move}) swept the table: the log says no chkobba"
            if entry.chkobba and not swept:
                return f"the log calls move {entry.number} ({move}) a chkobba: it swept nothing"
    if result is not None:
        if len(game.deal_results) < deal or game.deal_results[deal - 1] != result:
            return "its result is not what its plays score"
        return ""
    return _shown_problem(view, game.view(view.seat))


def _deck(view: View, attempt: Sequence[Entry], left: Sequence[Card]) -> list[Card] | str:
    """The deal's deck, cut card first: each seat's cards where the deal put them (the ones it
    played, the seat's own hand), the first table (the cards taken or ``left`` on the table,
    less those played), the cards not known anywhere after that; or why there is none."""
    players = view.rules.players
    cut, plays = attempt[0], [entry for entry in attempt if entry.kind == EntryKind.PLAY]
    cut_seat = cut.seat if cut.seat is not None else 0
    per_hand = players * HAND_SIZE
    hands: list[list[list[Card]]] = []  # by hand, by seat: the cards played
    for number, entry in enumerate(plays):
        if number % per_hand == 0:
            hands.append([[] for _ in range(players)])
        if entry.card is not None and entry.seat is not None:
            hands[-1][entry.seat].append(entry.card)
    current = view.deal_number == cut.deal
    if current and view.phase == Phase.PLAY:
        if not plays or len(plays) % per_hand == 0:
            hands.append([[] for _ in range(players)])
        hands[-1][view.seat].extend(view.hand)
    played = {entry.card for entry in plays}
    taken = {card for entry in plays for card in entry.cards}
    table = [card for card in DECK if card in taken.union(left) and card not in played]
    if len(table) != TABLE_SIZE:
        return f"it starts with {len(table)} cards on the table, not {TABLE_SIZE}"
    if not cut.kept and cut.card not in table:
        return f"its exposed cut card {cut.card} was never on the table"
    deck: list[Card | None] = [None] * len(DECK)
    layout, table_positions, dealt = deal_layout(players, cut_seat, cut.kept)
    if cut.kept and hands:  # the cut card is the cutter's first (a hidden one: any it played)
        first = hands[0][cut_seat]
        card = cut.card if cut.card is not None else next(iter(first), None)
        if card is not None:
            first[:] = [card, *(held for held in first if held != card)]
    for position, card in zip(
        table_positions, sorted(table, key=lambda c: c != cut.card), strict=True
    ):
        deck[position] = card
    for number, held in enumerate(hands):
        positions = layout if number == 0 else hand_layout(players, cut_seat)[0]
        start = 0 if number == 0 else dealt + (number - 1) * per_hand
        for seat, cards in enumerate(held):
            if len(cards) > HAND_SIZE:
                return f"seat {seat} plays more than {HAND_SIZE} cards in hand {number + 1}"
            for position, card in zip(positions[seat], cards, strict=False):
                deck[start + position] = card
    known = {card for card in deck if card is not None}
    rest = [card for card in DECK if card not in known]
    if len(known) != len(DECK) - deck.count(None):
        return "a card is played twice"
    if len(rest) != deck.count(None):
        return "its cards do not add up to the 40 of the deck"
    filler = iter(rest)
    return [card if card is not None else next(filler) for card in deck]


_SHOWN = ("phase", "current", "hand_sizes", "stock_count", "last_capturer")


def _shown_problem(view: View, replayed: View) -> str:
    """What the view shows of the deal in play that its replay does not."""
    for name in ("table", "hand"):
        if set(getattr(view, name)) != set(getattr(replayed, name)):
            return f"its {name} is not what the log's moves leave"
    for name in ("piles", "sweeps"):
        if any(
            set(a) != set(b)
            for a, b in zip(getattr(view, name), getattr(replayed, name), strict=True)
        ):
            return f"its {name} are not what the log's moves took"
    for name in _SHOWN:
        if getattr(view, name) != getattr(replayed, name):
            return f"its {name.replace('_', ' ')} is not what the log's moves leave"
    return ""
