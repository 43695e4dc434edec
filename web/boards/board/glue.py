"""The boards' API for the page's JavaScript (embed.js): text in, JSON text out.

All boards of a page live here, in one Python, keyed by the element's id: a ``Board``, or a
``Broken`` one (its attributes could not be used, or a bug stopped it), which still takes
commands (a ``chkobba:load`` that works makes it ready). Each call returns
``{"state": "ready"|"error", "html": ..., "texts": {...}, "events": [...]}``, or
``{"state": "gone", "events": []}`` for a key never made (or forgotten); events get the board's
name (the host's ``id`` attribute) and its state added by embed.js.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace

from chkobba import ParseError, reading
from chkobba.reading import quote
from shared.i18n import pick

from .frame import frame
from .render import render, render_error
from .spec import BoardError, Spec, parse_spec, shorten
from .state import Board, Event, start, tap

COMMANDS = ("chkobba:load", "chkobba:reset")
MESSAGE_LIMIT = 10_000
# board.html's own parameter: board-frame.js takes it out of the URL's parameters, and passes
# it on to ``create`` only when it is not an http(s) origin, for the board to say so.
PARENT_ORIGIN = "parent-origin"


@dataclass(frozen=True)
class Broken:
    """A board in error: what it shows, the spec it ran on (none if it never loaded), and the
    language its title is in."""

    message: str
    spec: Spec | None = None
    lang: str = "en"


BOARDS: dict[str, Board | Broken] = {}


def shown(board: Board, events: list[Event]) -> str:
    html, texts = render(frame(board))
    return json.dumps({"state": "ready", "html": html, "texts": texts, "events": events})


def spoken(board: Board | Broken) -> str:
    """The language a board speaks (one in error: the one it was to speak)."""
    if board.spec is not None:
        return board.spec.lang
    return board.lang if isinstance(board, Broken) else "en"


def failed(broken: Broken, events: list[Event]) -> str:
    html, texts = render_error(broken.message, spoken(broken))
    return json.dumps({"state": "error", "html": html, "texts": texts, "events": events})


def breaks(key: str, message: str, spec: Spec | None = None, lang: str = "en") -> str:
    """Board ``key`` is now in error with ``message``, and says so in an error event."""
    BOARDS[key] = broken = Broken(message, spec, lang)
    return failed(broken, [{"type": "error", "message": message}])


def internal(error: Exception) -> str:
    return f"internal error: {type(error).__name__}: {shorten(str(error), 80)}"


def create(key: str, raw: str, strict: bool = False, around: str = "[]") -> str:
    """Make (or remake) board ``key`` from a JSON object of attributes; ``strict`` for URL
    parameters, where an unknown name is an error (and ``parent-origin``, which board-frame.js
    passes on only when it cannot use it, is refused with its value). ``around``: a JSON list
    of the language tags around the board (the page's, then the browser's)."""
    tags = read_tags(around)
    try:
        values = reading.document_or_none(raw)
        if not isinstance(values, dict):
            raise BoardError("the attributes are not a set of names and values")
        if strict and PARENT_ORIGIN in values:
            given = quote(str(values[PARENT_ORIGIN]))
            raise BoardError(f"{PARENT_ORIGIN} {given} is not an origin like https://my.site")
        spec = parse_spec(values, strict, tags)
        board, events = start(spec)
    except BoardError as error:
        return breaks(key, str(error), lang=pick(None, None, tags))
    except Exception as error:  # a bug here must not break the host page
        return breaks(key, internal(error), lang=pick(None, None, tags))
    BOARDS[key] = board
    ready: Event = {"type": "ready", "mode": spec.mode, "position": board.game.notation()}
    return shown(board, [ready, *events])


def read_tags(around: str) -> list[str]:
    """The language tags embed.js found around a board (anything else is no tag)."""
    tags = reading.document_or_none(around, limit=999)
    return [tag for tag in tags if isinstance(tag, str)] if isinstance(tags, list) else []


def act(key: str, action: str, value: str) -> str:
    """A tap on board ``key``: ``action`` and ``value`` read off the tapped element."""
    board = BOARDS.get(key)
    if board is None:
        return json.dumps({"state": "gone", "events": []})
    if isinstance(board, Broken):  # it has nothing to tap: shown as it is
        return failed(board, [])
    try:
        after, events = tap(board, action, value)
    except Exception as error:
        return breaks(key, internal(error), board.spec)
    BOARDS[key] = after
    return shown(after, events)


def command(key: str, message: str, refused: str = "") -> str:
    """A command from the host, as JSON text. Only ``{"type": "chkobba:reset"}`` and
    ``{"type": "chkobba:load", "position": ..., (other attributes)}`` do anything; anything
    else, or a message ``refused`` by embed.js (its sender), leaves the board as it is, with a
    notice (an error event) saying why it was ignored. A board in error takes them too: a load
    that works makes it ready; a reset starts it again if it ever ran, else is ignored."""
    board = BOARDS.get(key)
    if board is None:
        return json.dumps({"state": "gone", "events": []})
    try:
        return obey(key, board, message, refused)
    except Exception as error:  # a bug here must not break the host page
        return breaks(key, internal(error), board.spec)


def obey(key: str, board: Board | Broken, message: str, refused: str) -> str:
    problem, values = (refused, {}) if refused else read_command(message)
    if not problem and values.get("type") == "chkobba:reset":
        if board.spec is not None:
            again, events = start(board.spec)
            BOARDS[key] = again
            return shown(again, events)
        problem = f"chkobba:reset: the board never loaded ({shorten(board.message, 100)})"
    elif not problem:
        values.pop("type")
        same = (spoken(board),)  # unless it names another
        try:
            spec = parse_spec(values, strict=True, around=same)
            fresh, events = start(spec)
        except BoardError as error:
            problem = f"could not load: {error}"
        else:
            BOARDS[key] = fresh
            loaded: Event = {"type": "ready", "mode": spec.mode, "position": spec.start.notation()}
            return shown(fresh, [loaded, *events])
    notice = f"Ignored a command: {problem}"
    ignored: list[Event] = [{"type": "error", "message": notice}]
    if isinstance(board, Broken):  # it keeps showing why it is in error
        return failed(board, ignored)
    BOARDS[key] = noted = replace(board, notice=notice)
    return shown(noted, ignored)


def read_command(message: str) -> tuple[str, dict[str, object]]:
    """(what is wrong with ``message``, or "", and its fields)."""
    if len(message) > MESSAGE_LIMIT:
        return f"a message of {len(message)} characters (at most {MESSAGE_LIMIT})", {}
    try:
        values = reading.document(message, "message")
    except ParseError:
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
