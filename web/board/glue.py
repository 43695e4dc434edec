"""The boards' API for the page's JavaScript (embed.js): text in, JSON text out.

All boards of a page live here, in one Python, keyed by the element's id. Each call returns
``{"state": "ready"|"error", "html": ..., "texts": {...}, "events": [...]}``; events get the
board's name (the host's ``id`` attribute) and its state added by embed.js.
"""

from __future__ import annotations

import json
from dataclasses import replace

from .frame import frame
from .render import render, render_error
from .spec import BoardError, parse_spec, quote, shorten
from .state import Board, Event, start, tap

BOARDS: dict[str, Board] = {}
COMMANDS = ("chkobba:load", "chkobba:reset")
MESSAGE_LIMIT = 10_000


def shown(board: Board, events: list[Event]) -> str:
    html, texts = render(frame(board))
    return json.dumps({"state": "ready", "html": html, "texts": texts, "events": events})


def broken(message: str) -> str:
    html, texts = render_error(message)
    event = {"type": "error", "message": message}
    return json.dumps({"state": "error", "html": html, "texts": texts, "events": [event]})


def create(key: str, raw: str, strict: bool = False) -> str:
    """Make (or remake) board ``key`` from a JSON object of attributes; ``strict`` for URL
    parameters, where an unknown name is an error."""
    BOARDS.pop(key, None)
    try:
        values = json.loads(raw)
        if not isinstance(values, dict):
            raise BoardError("the attributes are not a set of names and values")
        spec = parse_spec(values, strict)
        board, events = start(spec)
    except BoardError as error:
        return broken(str(error))
    except Exception as error:  # a bug here must not break the host page
        return broken(f"internal error: {type(error).__name__}: {shorten(str(error), 80)}")
    BOARDS[key] = board
    ready: Event = {"type": "ready", "mode": spec.mode, "position": board.game.notation()}
    return shown(board, [ready, *events])


def act(key: str, action: str, value: str) -> str:
    """A tap on board ``key``: ``action`` and ``value`` read off the tapped element."""
    board = BOARDS.get(key)
    if board is None:
        return json.dumps({"state": "gone", "events": []})
    try:
        board, events = tap(board, action, value)
    except Exception as error:
        BOARDS.pop(key, None)
        return broken(f"internal error: {type(error).__name__}: {shorten(str(error), 80)}")
    BOARDS[key] = board
    return shown(board, events)


def command(key: str, message: str, refused: str = "") -> str:
    """A command from the host, as JSON text. Only ``{"type": "chkobba:reset"}`` and
    ``{"type": "chkobba:load", "position": ..., (other attributes)}`` do anything; anything
    else, or a message ``refused`` by embed.js (its sender), leaves the board as it is, with a
    notice saying why it was ignored."""
    board = BOARDS.get(key)
    if board is None:
        return json.dumps({"state": "gone", "events": []})
    problem, values = (refused, {}) if refused else read_command(message)
    if not problem and values.get("type") == "chkobba:reset":
        BOARDS[key], events = start(board.spec)
        return shown(BOARDS[key], events)
    if not problem:
        values.pop("type")
        try:
            spec = parse_spec(values, strict=True)
            fresh, events = start(spec)
        except BoardError as error:
            problem = f"could not load: {error}"
        else:
            BOARDS[key] = fresh
            loaded: Event = {"type": "ready", "mode": spec.mode, "position": spec.start.notation()}
            return shown(fresh, [loaded, *events])
    notice = f"Ignored a command: {problem}"
    BOARDS[key] = replace(board, notice=notice)
    return shown(BOARDS[key], [{"type": "error", "message": notice}])


def read_command(message: str) -> tuple[str, dict[str, object]]:
    """(what is wrong with ``message``, or "", and its fields)."""
    if len(message) > MESSAGE_LIMIT:
        return f"a message of {len(message)} characters (at most {MESSAGE_LIMIT})", {}
    try:
        values = json.loads(message)
    except ValueError:
        return "not a JSON object", {}
    if not isinstance(values, dict):
        return f"expected an object like {{type: 'chkobba:reset'}}, got {quote(message)}", {}
    kind = values.get("type")
    if kind not in COMMANDS:
        shown_kind = quote(str(kind)) if kind is not None else "no type"
        return f"{shown_kind} is not a command ({', '.join(COMMANDS)})", {}
    if kind == "chkobba:reset" and len(values) > 1:
        return "chkobba:reset takes no other field", {}
    return "", values


def forget(key: str) -> None:
    """The element left the page."""
    BOARDS.pop(key, None)
