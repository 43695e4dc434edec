"""One board's state and what a tap or a command does to it: pure functions, frozen values.

``tap(board, action, value)`` returns the next board and the events for the host page. Every rule
comes from the engine: a move is allowed when ``Game.why_illegal`` says nothing, and its refusal
is that reason, word for word.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from chkobba import Card, ChkobbaError, Game, Move

from .spec import Spec

Event = dict[str, object]


@dataclass(frozen=True)
class Board:
    """A board: its spec, the positions reached (the start first) and the reader's selection."""

    spec: Spec
    games: tuple[Game, ...]
    moves: tuple[Move, ...] = ()
    selected: Card | None = None  # the hand card the reader is about to play
    picked: tuple[Card, ...] = ()  # the table cards it is to take
    feedback: str = ""  # one line: the last refusal, confirmation or step caption
    tone: str = ""  # "good", "bad" or ""
    notice: str = ""  # a command that was ignored, and why

    @property
    def game(self) -> Game:
        return self.games[-1]

    @property
    def step(self) -> int:
        return len(self.moves)

    @property
    def solved(self) -> bool:
        return self.spec.mode == "puzzle" and self.step == len(self.spec.steps)

    @property
    def finished(self) -> bool:
        """A puzzle solved, or a line played to its end."""
        return self.spec.mode != "show" and self.step == len(self.spec.steps)


def start(spec: Spec) -> tuple[Board, list[Event]]:
    """A new board on ``spec``; a puzzle's leading replies are played at once."""
    board = Board(spec, (spec.start,))
    return replies(board)


def can_act(board: Board) -> bool:
    """Whether the reader may make a move now (never in a line: it steps with next/previous)."""
    game, spec = board.game, board.spec
    if spec.mode == "line" or not spec.play or board.finished:
        return False
    return game.phase in ("play", "cut") and game.current == spec.seat


def tap(board: Board, action: str, value: str) -> tuple[Board, list[Event]]:
    """What a tap does: ``hand``/``table`` (a card code), ``play``, ``move`` (a move's text),
    ``cancel``, ``next``, ``prev``, ``reset``. Anything else changes nothing."""
    board = replace(board, notice="")
    if action == "reset":
        return start(board.spec)
    if action == "next":
        return forward(board)
    if action == "prev":
        return back(board), []
    if not can_act(board):
        return board, []
    if action == "hand":
        return select(board, value), []
    if action == "table" and board.selected is not None:
        return pick(board, value), []
    if action == "cancel":
        return replace(board, selected=None, picked=()), []
    if action == "play" and board.selected is not None:
        return attempt(board, Move.play(board.selected, board.picked))
    if action == "move":
        try:
            return attempt(board, Move.parse(value))
        except ChkobbaError:
            return board, []
    return board, []


def card_in(value: str, cards: tuple[Card, ...]) -> Card | None:
    return next((card for card in cards if card.code == value), None)


def select(board: Board, value: str) -> Board:
    card = card_in(value, board.game.hands[board.spec.seat])
    if card is None:
        return board
    if card is board.selected:
        return replace(board, selected=None, picked=())
    return replace(board, selected=card, picked=(), feedback="", tone="")


def pick(board: Board, value: str) -> Board:
    card = card_in(value, board.game.table)
    if card is None:
        return board
    if card in board.picked:
        return replace(board, picked=tuple(c for c in board.picked if c is not card))
    return replace(board, picked=(*board.picked, card))


def moved(board: Board, move: Move) -> tuple[Board, Event]:
    """``board`` after ``move`` (an allowed one), and the host's ``move`` event."""
    before = board.game
    after = before.play(move)
    board = replace(
        board, games=(*board.games, after), moves=(*board.moves, move), selected=None, picked=()
    )
    event: Event = {
        "type": "move",
        "move": str(move),
        "seat": before.current,
        "step": board.step,
        "position": after.notation(),
        "last": board.finished,
    }
    return board, event


def caption_after(board: Board) -> str:
    captions = board.spec.captions
    return captions[board.step - 1] if 0 < board.step <= len(captions) else ""


def attempt(board: Board, move: Move) -> tuple[Board, list[Event]]:
    """The reader's move: refused with the engine's reason (or, in a puzzle, because it is not
    the answer) and nothing changes; or played, with what follows."""
    game, spec = board.game, board.spec
    reason = game.why_illegal(move)
    if not reason and spec.mode == "puzzle" and move not in spec.steps[board.step]:
        why = spec.explain or "look for a better one"
        reason = f"{move} is allowed, but not the move asked for: {why}"
    if reason:
        failed: Event = {
            "type": "failed",
            "move": str(move),
            "reason": reason,
            "step": board.step + 1,
            "position": game.notation(),
        }
        return replace(board, selected=None, picked=(), feedback=reason, tone="bad"), [failed]
    board, event = moved(board, move)
    board, more = replies(board)
    events = [event, *more]
    if spec.mode != "puzzle":
        return replace(board, feedback=caption_after(board), tone=""), events
    if board.solved:
        events.append(
            {
                "type": "solved",
                "move": str(move),
                "step": board.step,
                "position": board.game.notation(),
            }
        )
        text = caption_after(board) or "Solved!"
        return replace(board, feedback=f"Right: {move}. {text}", tone="good"), events
    text = caption_after(board) or "Right. Now the next move."
    return replace(board, feedback=text, tone="good"), events


def replies(board: Board) -> tuple[Board, list[Event]]:
    """In a puzzle, play the other seat's scripted replies until the reader is to move."""
    events: list[Event] = []
    spec = board.spec
    while spec.mode == "puzzle" and not board.solved and board.game.current != spec.seat:
        board, event = moved(board, spec.steps[board.step][0])
        events.append(event)
    return board, events


def forward(board: Board) -> tuple[Board, list[Event]]:
    """A line's next step, with its caption (``prev`` tells the host nothing)."""
    if board.spec.mode != "line" or board.finished:
        return board, []
    board, event = moved(board, board.spec.steps[board.step][0])
    return replace(board, feedback=caption_after(board), tone=""), [event]


def back(board: Board) -> Board:
    if board.spec.mode != "line" or not board.moves:
        return board
    board = replace(board, games=board.games[:-1], moves=board.moves[:-1])
    return replace(board, feedback=caption_after(board), tone="")
