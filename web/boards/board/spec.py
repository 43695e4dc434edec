"""A board's configuration, read from outside text (element attributes or URL parameters).

Everything is checked here, once: an unusable value raises ``BoardError`` with a message that
names the attribute (and for moves, the step) and quotes only a short part of the input.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from chkobba import ChkobbaError, Game, Move, read_deal_link, reading
from chkobba.reading import Misread, quote
from shared.i18n import LANGUAGES, pick, spoken

# attribute / parameter -> the longest value accepted
LIMITS = {
    "position": 240,
    "mode": 10,
    "seat": 8,
    "play": 8,
    "moves": 2000,
    "caption": 400,
    "captions": 4000,
    "explain": 300,
    "lang": 16,
    "deal": 120,
}
MODES = ("show", "line", "puzzle")
MAX_STEPS = 60
MAX_ALTERNATIVES = 8
MAX_PATHS = 400
YES, NO = ("", "yes", "true", "1", "on"), ("no", "false", "0", "off")


class BoardError(ValueError):
    """Bad input for a board; the message says which attribute or step and what was wrong."""


@dataclass(frozen=True)
class Spec:
    """What the page author asked for, checked: the start, the mode, the seat shown, the steps."""

    start: Game
    mode: str = "show"
    seat: int = 0
    play: bool = False
    steps: tuple[tuple[Move, ...], ...] = ()  # line: one move a step; puzzle: the right ones
    caption: str = ""
    captions: tuple[str, ...] = ()  # shown after each step
    explain: str = ""  # puzzle: why another allowed move is not the answer
    lang: str = "en"  # the language its words are in: fr, ar or en


def shorten(message: str, limit: int = 160) -> str:
    return message if len(message) <= limit else message[: limit - 1] + "…"


def parse_spec(raw: Mapping[str, object], strict: bool = False, around: Sequence[str] = ()) -> Spec:
    """The board for ``raw`` (attribute -> text). ``strict``: unknown names are errors (URL
    parameters), otherwise they are left alone (a host element's own attributes). ``around``:
    the language tags of the board's surroundings, for a board with no ``lang`` (the page's
    ``lang``, then the browser's languages)."""
    values: dict[str, str] = {}
    for key, value in raw.items():
        if key not in LIMITS:
            if strict:
                raise BoardError(f"unknown parameter {quote(str(key))}: use {', '.join(LIMITS)}")
            continue
        try:
            values[key] = reading.text(value, key, most=LIMITS[key])
        except Misread as error:
            raise BoardError(str(error)) from None
    mode = values.get("mode", "").strip().lower() or ("line" if "deal" in values else "show")
    try:
        reading.one_of(mode, "mode", MODES)
    except Misread as error:
        raise BoardError(str(error)) from None
    if "deal" in values:
        start, steps = read_deal(values, mode)
    else:
        start = read_start(values.get("position", ""))
        steps = read_steps(values.get("moves", ""), mode)
    # a shared deal is seen from its player's seat (seat 0), as it was shared
    seat = read_seat(values.get("seat", "0" if "deal" in values else None), start)
    play = read_play(values.get("play"), mode)
    check_steps(start, steps, mode, seat)
    captions = read_captions(values.get("captions"), len(steps))
    return Spec(
        start,
        mode,
        seat,
        play,
        steps,
        values.get("caption", "").strip(),
        captions,
        values.get("explain", "").strip(),
        read_lang(values.get("lang"), around),
    )


def read_lang(text: str | None, around: Sequence[str]) -> str:
    """The board's language: its ``lang`` ("fr", "ar-TN"...), else the first of ``around`` that
    a board speaks, else English. A ``lang`` given that no board speaks is an error."""
    if text is None or not text.strip():
        return pick(None, None, around)
    chosen = spoken(text.strip())
    if chosen is None:
        raise BoardError(f"lang {quote(text)} is not one of {', '.join(LANGUAGES)}")
    return chosen


def read_deal(values: Mapping[str, str], mode: str) -> tuple[Game, tuple[tuple[Move, ...], ...]]:
    """A shared deal (``chkobba.links``, the game's "Share this deal"): its first position and
    its moves, a step each, for a line."""
    if mode != "line" or "position" in values or "moves" in values:
        raise BoardError("deal is a line of its own: give it without position or moves")
    try:
        line = read_deal_link(values["deal"].strip())
    except ChkobbaError as error:
        raise BoardError(f"deal: {shorten(str(error))}") from None
    if line.start.rules.players != 2:
        raise BoardError("deal: a board shows two-player deals only")
    if len(line.moves) > MAX_STEPS:
        raise BoardError(f"deal: {len(line.moves)} moves; a line has at most {MAX_STEPS}")
    return line.start, tuple((move,) for move in line.moves)


def read_start(text: str) -> Game:
    text = text.strip()
    if not text:
        raise BoardError('no position: give one in the notation, e.g. position="2D6S QH/- 0 ..."')
    try:
        game = Game.from_notation(text)
    except ChkobbaError as error:
        raise BoardError(f"position: {shorten(str(error))}") from None
    if game.rules.players != 2:
        raise BoardError("position: a board shows two-player positions only")
    return game


def read_seat(text: str | None, start: Game) -> int:
    if text is None or not text.strip():
        return start.current if start.phase != "over" else 0
    if text.strip() not in ("0", "1"):
        raise BoardError(f"seat {quote(text)} is not 0 or 1")
    return int(text)


def read_play(text: str | None, mode: str) -> bool:
    if text is None:
        return mode == "puzzle"
    if text.strip().lower() in YES:
        return True
    if text.strip().lower() in NO:
        return False
    raise BoardError(f"play {quote(text)} is not yes or no")


def read_steps(text: str, mode: str) -> tuple[tuple[Move, ...], ...]:
    tokens = text.split()
    if mode == "show" and tokens:
        raise BoardError("moves are for mode line or puzzle, not show")
    if mode != "show" and not tokens:
        raise BoardError(f'mode {mode} needs moves, e.g. moves="QHx2D+6S"')
    if len(tokens) > MAX_STEPS:
        raise BoardError(f"moves: {len(tokens)} steps; at most {MAX_STEPS}")
    steps = []
    for number, token in enumerate(tokens, 1):
        options = token.split("|")
        if len(options) > 1 and mode != "puzzle":
            raise BoardError(f"moves, step {number}: alternatives (a|b) are for puzzles only")
        if len(options) > MAX_ALTERNATIVES:
            raise BoardError(f"moves, step {number}: at most {MAX_ALTERNATIVES} alternatives")
        try:
            steps.append(tuple(Move.parse(option) for option in options))
        except ChkobbaError as error:
            raise BoardError(f"moves, step {number}: {shorten(str(error))}") from None
    return tuple(steps)


def check_steps(start: Game, steps: tuple[tuple[Move, ...], ...], mode: str, seat: int) -> None:
    """Every step is allowed where it is played (each alternative of a puzzle, and what follows
    it); a puzzle's replies (the other seat's steps) are one move each."""
    paths = 0

    def walk(game: Game, number: int) -> None:
        nonlocal paths
        paths += 1
        if paths > MAX_PATHS:
            raise BoardError(f"moves: too many alternatives (over {MAX_PATHS} lines to check)")
        if number > len(steps):
            return
        options = steps[number - 1]
        if len(options) > 1 and game.current != seat:
            raise BoardError(f"moves, step {number}: the other seat's reply is one move")
        for move in options:
            reason = game.why_illegal(move)
            if reason:
                raise BoardError(f"moves, step {number} ({move}): {shorten(reason)}")
        for move in options:
            walk(game.play(move), number + 1)

    walk(start, 1)
    if mode == "puzzle" and seat not in movers(start, tuple(s[0] for s in steps)):
        raise BoardError(f"moves: no step of the puzzle is seat {seat}'s to find")


def movers(start: Game, moves: tuple[Move, ...]) -> list[int]:
    """The seat that plays each move of an allowed line."""
    seats = []
    game = start
    for move in moves:
        seats.append(game.current)
        game = game.play(move)
    return seats


def read_captions(text: str | None, steps: int) -> tuple[str, ...]:
    if text is None or not text.strip():
        return ()
    captions = tuple(part.strip() for part in text.split("|"))
    if len(captions) > steps:
        raise BoardError(f"captions: {len(captions)} given for {steps} steps (| separates them)")
    return captions
