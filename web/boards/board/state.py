"""One board's state and what a tap or a command does to it: pure functions, frozen values.

``tap(board, action, value)`` returns the next board and the events for the host page. Every rule
comes from the engine: a move is allowed when ``Game.refusal`` finds nothing, and a refused move
keeps the engine's ``Refusal``, which the frame puts in the board's language (the host's
``failed`` event carries the engine's own English reason). On a board played freely (``play``
outside a puzzle), the computer answers for the other seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from chkobba import Card, ChkobbaError, Game, Move, Refusal
from chkobba.bots import make_bot

from .spec import Spec

Event = dict[str, object]
REPLY_LEVEL = "medium"  # the computer that answers on a board played freely


@dataclass(frozen=True)
class Feedback:
    """The line said to the reader after a tap, as facts (the frame puts it in words): a move
    ``refused`` (and why), ``not-asked`` (allowed, not the puzzle's answer), ``right`` or
    ``solved`` (the move, and the author's caption if any), or an author's ``caption``."""

    kind: str
    move: Move | None = None
    refusal: Refusal | None = None
    text: str = ""


@dataclass(frozen=True)
class Board:
    """A board: its spec, the positions reached (the start first) and the reader's selection."""

    spec: Spec
    games: tuple[Game, ...]
    moves: tuple[Move, ...] = ()
    selected: Card | None = None  # the hand card the reader is about to play
    picked: tuple[Card, ...] = ()  # the table cards it is to take
    feedback: Feedback | None = None  # the last refusal, confirmation or step caption
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
    return replace(board, selected=card, picked=(), feedback=None)


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


def captioned(board: Board) -> Board:
    """``board`` saying the caption of the step just reached (if any)."""
    text = caption_after(board)
    return replace(board, feedback=Feedback("caption", text=text) if text else None)


def attempt(board: Board, move: Move) -> tuple[Board, list[Event]]:
    """The reader's move: refused (the engine's reason, or in a puzzle, not the answer) and
    nothing changes; or played, with what follows."""
    game, spec = board.game, board.spec
    refusal = game.refusal(move)
    asked = spec.mode != "puzzle" or move in spec.steps[board.step]
    if refusal or not asked:
        why = spec.explain or "look for a better one"
        reason = game.why_illegal(move) or f"{move} is allowed, but not the move asked for: {why}"
        failed: Event = {
            "type": "failed",
            "move": str(move),
            "reason": reason,
            "step": board.step + 1,
            "position": game.notation(),
        }
        said = Feedback("refused", move, refusal) if refusal else Feedback("not-asked", move)
        return replace(board, selected=None, picked=(), feedback=said), [failed]
    board, event = moved(board, move)
    board, more = replies(board)
    events = [event, *more]
    if spec.mode != "puzzle":
        return captioned(board), events
    text = caption_after(board)
    if board.solved:
        solved: Event = {
            "type": "solved",
            "move": str(move),
            "step": board.step,
            "position": board.game.notation(),
        }
        return replace(board, feedback=Feedback("solved", move, text=text)), [*events, solved]
    return replace(board, feedback=Feedback("right", move, text=text)), events


def replies(board: Board) -> tuple[Board, list[Event]]:
    """The other seat's answers until the reader is to move: a puzzle's scripted replies, or on
    a board played freely, the computer's moves (to the deal's end)."""
    events: list[Event] = []
    spec = board.spec
    if spec.mode == "puzzle":
        while not board.solved and board.game.current != spec.seat:
            board, event = moved(board, spec.steps[board.step][0])
            events.append(event)
    elif spec.mode == "show" and spec.play:
        bot = make_bot(REPLY_LEVEL)
        while answering(board):
            board, event = moved(board, bot.choose(board.game.view(board.game.current)))
            events.append(event)
    return board, events


def answering(board: Board) -> bool:
    """Whether the computer is to move on a board played freely: the other seat's turn in the
    deal the board started in."""
    game, spec = board.game, board.spec
    same_deal = len(game.deal_results) == len(spec.start.deal_results)
    return same_deal and game.phase in ("play", "cut") and game.current != spec.seat


def forward(board: Board) -> tuple[Board, list[Event]]:
    """A line's next step, with its caption (``prev`` tells the host nothing)."""
    if board.spec.mode != "line" or board.finished:
        return board, []
    board, event = moved(board, board.spec.steps[board.step][0])
    return captioned(board), [event]


def back(board: Board) -> Board:
    if board.spec.mode != "line" or not board.moves:
        return board
    return captioned(replace(board, games=board.games[:-1], moves=board.moves[:-1]))
