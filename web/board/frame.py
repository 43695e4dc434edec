"""A board's picture as one frozen value: ``frame(board)`` decides everything that is shown
(which cards, which are tappable, every line of text, the buttons); the renderer only draws it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from chkobba import Card, DealResult, DealScore

from .state import Board, can_act

NAMES = ("You", "Opponent")


@dataclass(frozen=True)
class Spot:
    """A card where it lies: its look (``selected``, ``picked``, ``taken``...) and whether a tap
    on it means something."""

    card: Card
    marks: tuple[str, ...] = ()
    button: bool = False


@dataclass(frozen=True)
class Side:
    name: str
    pile: int  # cards captured
    sweeps: tuple[Card, ...]  # each chkobba's card, face up


@dataclass(frozen=True)
class Frame:
    mode: str
    caption: str
    hand: tuple[Spot, ...]  # the shown seat's hand, face up
    hidden: int  # cards in the other hand, face down
    table: tuple[Spot, ...]
    sides: tuple[Side, Side]  # the shown seat's side first
    stock: int
    status: str
    feedback: str
    tone: str
    buttons: tuple[tuple[str, str, bool], ...]  # (action, label, enabled)
    step: str
    score: tuple[tuple[str, str, str], ...]  # a deal scored on this board: (row, you, them)
    leftovers: str
    announce: str
    finished: bool
    notice: str


def frame(board: Board) -> Frame:
    spec, game = board.spec, board.game
    seat = spec.seat
    view = game.view(seat)
    acting = can_act(board)
    playing = acting and game.phase == "play"
    hand = tuple(Spot(c, ("selected",) if c is board.selected else (), playing) for c in view.hand)
    table = tuple(
        Spot(c, ("picked",) if c in board.picked else (), playing and board.selected is not None)
        for c in view.table
    )
    sides = tuple(
        Side(NAMES[0 if side == seat else 1], len(view.piles[side]), view.sweeps[side])
        for side in (seat, 1 - seat)
    )
    result = scored(board)
    return Frame(
        mode=spec.mode,
        caption=spec.caption,
        hand=hand,
        hidden=view.hand_sizes[1 - seat],
        table=table,
        sides=(sides[0], sides[1]),
        stock=view.stock_count,
        status=status(board, acting),
        feedback=board.feedback,
        tone=board.tone,
        buttons=buttons(board, acting),
        step=f"Step {board.step} of {len(spec.steps)}" if spec.mode == "line" else "",
        score=score_rows(result, seat) if result else (),
        leftovers=leftovers_text(result, seat) if result else "",
        announce=announce(board),
        finished=board.finished,
        notice=board.notice,
    )


def scored(board: Board) -> DealResult | None:
    """The deal that ended on this board (after its start), if one did."""
    game, before = board.game, board.spec.start
    if len(game.deal_results) > len(before.deal_results):
        return game.deal_results[-1]
    return None


def status(board: Board, acting: bool) -> str:
    game, seat = board.game, board.spec.seat
    if board.solved:
        return "Solved."
    if board.finished:
        return "The end of this line."
    if game.phase == "over":
        return "The match is over."
    if scored(board):
        return "The deal is over and scored."
    if game.phase == "cut":
        who = "You cut" if game.current == seat else "Your opponent cuts"
        return f"{who}: keep or expose the cut card."
    if not acting:
        return "Your turn." if game.current == seat else "Your opponent's turn."
    if board.selected is None:
        return "Your turn: tap a card of your hand."
    card = board.selected
    if board.picked:
        total = sum(c.value for c in board.picked)
        taken = " + ".join(f"{c.label}" for c in board.picked)
        return f"{card.label} ({card.value}) takes {taken} = {total}. Tap Play."
    return f"{card.label} is worth {card.value}: tap what it takes, then Play."


def buttons(board: Board, acting: bool) -> tuple[tuple[str, str, bool], ...]:
    spec, game = board.spec, board.game
    if spec.mode == "line":
        return (
            ("prev", "Previous", board.step > 0),
            ("next", "Next", not board.finished),
            ("reset", "Start again", board.step > 0),
        )
    row: list[tuple[str, str, bool]] = []
    if acting and game.phase == "cut":
        row += [("move:keep", "Keep", True), ("move:expose", "Expose", True)]
    elif acting:
        row += [
            ("play", "Play", board.selected is not None),
            ("cancel", "Cancel", board.selected is not None),
        ]
    if spec.play:
        row.append(("reset", "Start again", board.step > 0 or board.tone == "bad"))
    return tuple(row)


def score_rows(result: DealResult, seat: int) -> tuple[tuple[str, str, str], ...]:
    """The deal's score sheet, the shown seat first: points, and the counts they came from."""
    you, them = result.scores[seat], result.scores[1 - seat]

    def row(name: str, cell: Callable[[DealScore], str]) -> tuple[str, str, str]:
        return name, cell(you), cell(them)

    return (
        row("Karta: more cards", lambda s: f"{s.karta} ({s.cards} cards)"),
        row("Dinari: more diamonds", lambda s: f"{s.dinari} ({s.diamonds} ♦)"),
        row(
            "Bermila: sevens, then sixes",
            lambda s: f"{s.bermila} ({s.sevens} sevens, {s.sixes} sixes)",
        ),
        row("7ayya: the 7♦", lambda s: str(s.hayya)),
        row("Chkobbas", lambda s: str(s.chkobba)),
        row("This deal", lambda s: str(s.total)),
    )


def leftovers_text(result: DealResult, seat: int) -> str:
    if not result.leftovers or result.leftovers_side is None:
        return "No cards were left on the table."
    who = "you" if result.leftovers_side == seat else "your opponent"
    cards = " ".join(c.label for c in result.leftovers)
    return f"Left on the table: {cards}, taken by {who}, the last to capture (no chkobba)."


def announce(board: Board) -> str:
    """``Chkobba!`` right after a move that swept the table (not at a deal's end)."""
    if len(board.games) < 2 or scored(board):
        return ""
    before, after = board.games[-2], board.game
    return "Chkobba!" if sum(after.chkobbas) > sum(before.chkobbas) else ""
