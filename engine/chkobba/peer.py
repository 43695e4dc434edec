"""Peer play: the messages two browsers exchange to play one match, the host's engine deciding.

The host's page runs the one engine (a ``Game``); a guest in another browser sits in one seat.

- The guest's first message is a ``hello_message``: its name, its language and its app version.
- After each change the host sends the guest a ``seat_update``: what that seat may see (its
  ``View``: no other hand, no stock card, the cut card only to the seat cutting), the match's
  log as that seat may read it (``seat_log``: another seat's kept cut card left out), every
  seat's name, and ``seq``, the host's count of the updates it has sent.
- The guest answers with a ``move_message``: the move it wants and the ``seq`` of the update it
  saw. ``read_move`` checks it against the host's game as any move is checked, and says why it
  refuses one with a ``PeerRefusal``: not the seat's turn, made on an older update, illegal.

An update is one line of JSON (shown here on several)::

    {"format": "chkobba-seat-update", "version": 1, "seq": 2, "names": ["Amel", "Sami"],
     "view": {"seat": 1, "rules": {"players": 2, "target": 21}, "phase": "play", "current": 1,
              "dealer": 1, "table": ["3C", "KD"], "hand": ["5D", "6H", "7H"],
              "hand_sizes": [2, 3], "stock_count": 30, "piles": [["2D", "6S", "QH"], []],
              "sweeps": [[], []], "last_capturer": 0, "scores": [0, 0], "deal_results": [],
              "winner": null, "cut_card": null, "history": ["keep", "QHx2D+6S"]},
     "log": [{"kind": "cut", "deal": 1, "seat": 0, "stock": 40},
             {"kind": "play", "deal": 1, "seat": 0, "stock": 30}]}

The view has every field of ``View``: cards by their codes (each its own JSON string), deal
results as a save writes them, moves in their notation. A log entry gives its kind and deal
and only what the history and the deal results do not say, its defaults left out: a cut's
seat, card (not another seat's kept card) and stock count; a redeal's stock count; a play's
seat, chkobba and stock count. The reader fills in the rest: the move's number, card and
captures, keep or expose, the leftovers and the deal's score. A whole match to 31 takes about
30 KB.

Every reader is strict (``ParseError`` saying what is wrong, quoting at most about 24
characters of the text; the readers shared with saved games quote up to 60): a size cap,
``nested_too_deeply``, no key given twice, exactly the fields of the format, each of its type
and in its range, cards and moves written in their own form. An update that loads holds no
card twice and all 40 cards between what the seat sees and what it counts (the other hands,
the stock); its log has an entry for each move of its history, in an order play makes, and
shows no other seat's kept cut card; it is one the engine can play on: ``View.sample``
makes a game of it and, on the seat's turn, it has legal moves; and play reaches it
(``chkobba.reach``: each deal played again from its log by the engine ends as the view shows,
the target is one the game offers). Read with the update before it on the same link
(``after``), it follows that one: ``seq`` one more, the same seat (a new match may have
other rules).

>>> from chkobba import Game, Rules
>>> game = Game.new(Rules(players=2), seed=7)
>>> update = read_seat_update(seat_update(game, 1, ["Amel", "Sami"], seq=1))
>>> update.view == game.view(1), update.names
(True, ('Amel', 'Sami'))
>>> read_move(move_message(Move.parse("keep"), 1), game, game.current, 1)
Move.parse('keep')
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Sequence
from dataclasses import fields
from enum import StrEnum
from typing import Any, NamedTuple

from . import reading, saves
from .cards import DECK, Card
from .errors import ChkobbaError, ParseError
from .game import Game, View, match_winner
from .kernel import HAND_SIZE, Phase, cutter
from .log import Entry, EntryKind, match_log
from .moves import KEEP, PLAY, Move, move_problem
from .reach import reach_problem
from .reading import Misread
from .refusals import Refusal
from .rules import NUMBER_LIMIT, PLAYERS, Rules

__all__ = [
    "GOODBYE_FORMAT",
    "GOODBYE_REASONS",
    "HELLO_FORMAT",
    "MESSAGE_LIMIT",
    "MOVE_FORMAT",
    "NAME_LIMIT",
    "SEAT_FORMAT",
    "UPDATE_LIMIT",
    "VERSION",
    "Hello",
    "PeerRefusal",
    "PeerRefusalKind",
    "SeatUpdate",
    "goodbye_message",
    "hello_message",
    "move_message",
    "read_goodbye",
    "read_hello",
    "read_move",
    "read_seat_update",
    "seat_log",
    "seat_update",
]

SEAT_FORMAT = "chkobba-seat-update"
MOVE_FORMAT = "chkobba-move"
HELLO_FORMAT = "chkobba-hello"
GOODBYE_FORMAT = "chkobba-goodbye"
GOODBYE_REASONS = ("flood",)  # the host drops a guest that sends far more than anyone plays
VERSION = 1
UPDATE_LIMIT = 64 * 1024  # bytes of a seat update: what the page's link carries (peer.js MAX_BYTES)
MESSAGE_LIMIT = 512  # bytes of a guest's message (a hello, a move)
NAME_LIMIT = 24  # characters of a seat's name
SEQ_LIMIT = 2**53  # update numbers stay below it: exact in a JavaScript number too
_DEPTH = 8  # levels of [ and { a message may nest (an update nests 6)
_CARDS = {card.code: card for card in DECK}
_NOT_IN_NAME = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_LANG = re.compile(r"[a-z]{2,3}(?:-[A-Za-z0-9]{1,8}){0,3}")
_APP_VERSION = re.compile(r"[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}")


class SeatUpdate(NamedTuple):
    """A seat update read by the guest: the host's count, the seat's view, its log, the names."""

    seq: int
    view: View
    log: tuple[Entry, ...]
    names: tuple[str, ...]


class Hello(NamedTuple):
    """The guest's first message: its player's name, its language tag, its app version."""

    name: str
    lang: str
    version: str


class PeerRefusalKind(StrEnum):
    """Why the host refuses a guest's well-formed move."""

    TURN = "turn"  # it is not that seat's turn (or the match is over)
    STALE = "stale"  # made on another update than the host's latest: send it the latest
    ILLEGAL = "illegal"  # the rules do not allow it here (``refusal`` says why)

    def __repr__(self) -> str:
        return repr(self.value)


class PeerRefusal(ChkobbaError):
    """A guest's move the host refuses: its ``kind``, and for an illegal move the engine's
    ``refusal`` (a ``Refusal``, which the page can say in words)."""

    def __init__(self, kind: PeerRefusalKind, message: str, refusal: Refusal | None = None) -> None:
        super().__init__(message)
        self.kind = kind
        self.refusal = refusal


# ----------------------------------------------------------------- the host's update


def seat_log(game: Game, seat: int) -> tuple[Entry, ...]:
    """``match_log(game)`` as ``seat`` may read it: the card of a cut that another seat kept is
    left out (``None``); an exposed cut card is public, and one's own kept card one's own."""
    return tuple(
        entry._replace(card=None)
        if entry.kind == EntryKind.CUT and entry.kept and entry.seat != seat
        else entry
        for entry in match_log(game)
    )


def seat_update(game: Game, seat: int, names: Sequence[str], seq: int) -> str:
    """One line of JSON for the guest at ``seat``: its view of ``game``, its log (``seat_log``),
    every seat's name (``names``, one a seat) and ``seq``, the host's count of updates sent.

    ``ChkobbaError`` for a bad name or ``seq``, or a match too long to send (past
    ``UPDATE_LIMIT``, which ``read_seat_update`` would refuse)."""
    if not isinstance(game, Game):
        raise TypeError(f"a seat update is made from a Game, not {reading.quote(game)}")
    view = View.of(game, seat)
    if isinstance(names, str):
        raise TypeError(f"names: one for each seat, not the text {reading.quote(names)}")
    try:
        written = _checked_names(list(names), game.rules.players)
    except Misread as error:
        raise ChkobbaError(f"a seat update's {error}") from None
    data = {
        "format": SEAT_FORMAT,
        "version": VERSION,
        "seq": _checked_seq(seq),
        "names": written,
        "view": _view_to_dict(view),
        "log": [_entry_to_dict(entry) for entry in seat_log(game, seat)],
    }
    text = _dumps(data)
    if _too_long(text, UPDATE_LIMIT):
        raise ChkobbaError(f"this match is too long to send: at most {UPDATE_LIMIT} bytes")
    return text


def _view_to_dict(view: View) -> dict[str, Any]:
    return {
        "seat": view.seat,
        "rules": {"players": view.rules.players, "target": view.rules.target},
        "phase": str(view.phase),
        "current": view.current,
        "dealer": view.dealer,
        "table": _codes(view.table),
        "hand": _codes(view.hand),
        "hand_sizes": list(view.hand_sizes),
        "stock_count": view.stock_count,
        "piles": [_codes(pile) for pile in view.piles],
        "sweeps": [_codes(marks) for marks in view.sweeps],
        "last_capturer": view.last_capturer,
        "scores": list(view.scores),
        "deal_results": [saves.result_to_dict(result) for result in view.deal_results],
        "winner": view.winner,
        "cut_card": None if view.cut_card is None else view.cut_card.code,
        "history": [str(move) for move in view.history],
    }


def _entry_to_dict(entry: Entry) -> dict[str, Any]:
    """An entry's kind and deal, and what neither the history nor the deal results say
    (``_WRITTEN``), where it is not its default."""
    data: dict[str, Any] = {"kind": str(entry.kind), "deal": entry.deal}
    required, optional = _WRITTEN[entry.kind]
    for name in (*required, *optional):
        value = getattr(entry, name)
        if value != Entry._field_defaults[name]:
            data[name] = value.code if isinstance(value, Card) else value
    return data


def _codes(cards: Sequence[Card]) -> list[str]:
    return [card.code for card in cards]


# ----------------------------------------------------------------- the guest reads it


_VIEW_FIELDS = tuple(field.name for field in fields(View))
# What a log entry says besides its kind and deal (required, then optional): the rest is the
# history's (the move's number, its card and captures, keep or expose) or the deal result's
# (the leftovers, the score), filled in on reading.
_WRITTEN: dict[EntryKind, tuple[tuple[str, ...], tuple[str, ...]]] = {
    EntryKind.CUT: (("seat",), ("card", "stock")),
    EntryKind.REDEAL: ((), ("stock",)),
    EntryKind.PLAY: (("seat",), ("chkobba", "stock")),
    EntryKind.LEFTOVERS: ((), ()),
    EntryKind.SCORED: ((), ()),
}
_ENTRY_KINDS = {str(kind): kind for kind in EntryKind}
_CUT, _REDEAL, _PLAY, _LEFTOVERS, _SCORED = EntryKind
_FOLLOWS = {  # the entries that an entry of each kind may follow (None: the log's start)
    _CUT: (None, _SCORED, _REDEAL),
    _REDEAL: (_CUT,),
    _PLAY: (None, _CUT, _PLAY),
    _LEFTOVERS: (_PLAY,),
    _SCORED: (_PLAY, _LEFTOVERS),
}


def read_seat_update(text: str, after: SeatUpdate | None = None) -> SeatUpdate:
    """A ``seat_update`` text read back: ``ParseError`` saying what is wrong (see the module).

    ``after``: the update read before it on the same link, which it follows (``seq`` one more,
    the same seat)."""
    what = "seat update"
    document = _document(text, what, SEAT_FORMAT, UPDATE_LIMIT)
    try:
        data = reading.fields(document, "", _SEAT_FIELDS)
        seq = reading.whole(data["seq"], "seq", 0, SEQ_LIMIT - 1)
        if after is not None and seq != after.seq + 1:
            raise Misread("seq", f"update {reading.quote(seq)} does not follow update {after.seq}")
        view = _read_view(data["view"])
        if after is not None and view.seat != after.view.seat:
            raise Misread("view.seat", f"the link's seat is {after.view.seat}")
        names = _checked_names(reading.items(data["names"], "names"), view.rules.players)
        log = _read_log(data["log"], view)
        problem = reach_problem(view, log)
        if problem:
            raise Misread("", f"no play leads to it: {problem}")
    except Misread as error:
        raise error.within(what) from None
    return SeatUpdate(seq, view, log, tuple(names))


_SEAT_FIELDS = ("format", "version", "seq", "names", "view", "log")


def _read_view(item: object) -> View:
    """The view's fields, each checked, then the view as a whole (``_check_view``)."""
    data = reading.fields(item, "view", _VIEW_FIELDS)
    rules_data = reading.fields(data["rules"], "view.rules", ("players", "target"))
    players = reading.one_of(rules_data["players"], "view.rules.players", PLAYERS)
    rules = Rules(
        players, reading.whole(rules_data["target"], "view.rules.target", 1, NUMBER_LIMIT - 1)
    )
    if data["phase"] not in tuple(Phase):
        raise Misread("view.phase", f"cut, play or over, not {reading.quote(data['phase'])}")
    hand_sizes = reading.each(data["hand_sizes"], "view.hand_sizes", players, f"{players} seats")
    results = tuple(
        saves.result_from_dict(result, f"view.deal_results[{number}]")
        for number, result in enumerate(reading.items(data["deal_results"], "view.deal_results"))
    )
    cut_card = data["cut_card"]
    view = View(
        seat=reading.whole(data["seat"], "view.seat", 0, players - 1),
        rules=rules,
        phase=Phase(data["phase"]),
        current=reading.whole(data["current"], "view.current", 0, players - 1),
        dealer=reading.whole(data["dealer"], "view.dealer", 0, players - 1),
        table=_cards(data["table"], "view.table"),
        hand=_cards(data["hand"], "view.hand"),
        hand_sizes=tuple(
            reading.whole(size, f"view.hand_sizes[{seat}]", 0, HAND_SIZE)
            for seat, size in enumerate(hand_sizes)
        ),
        stock_count=reading.whole(data["stock_count"], "view.stock_count", 0, len(DECK)),
        piles=_card_pair(data["piles"], "view.piles"),
        sweeps=_card_pair(data["sweeps"], "view.sweeps"),
        last_capturer=_seat_or_none(data["last_capturer"], "view.last_capturer", players),
        scores=_number_pair(data["scores"], "view.scores"),
        deal_results=results,
        winner=_seat_or_none(data["winner"], "view.winner", 2),
        cut_card=None if cut_card is None else _card(cut_card, "view.cut_card"),
        history=tuple(
            _move(move, f"view.history[{number}]")
            for number, move in enumerate(reading.items(data["history"], "view.history"))
        ),
    )
    _check_view(view)
    return view


def _check_view(view: View) -> None:
    """What makes ``view`` one no game shows, or one the engine cannot play on: ``Misread``."""
    players, seat = view.rules.players, view.seat
    seen = [*view.hand, *view.table, *view.piles[0], *view.piles[1]]
    if view.cut_card is not None:
        seen.append(view.cut_card)
    if len(set(seen)) != len(seen):
        twice = sorted({card for card in seen if seen.count(card) > 1})
        raise Misread("view", f"{twice[0]} is seen twice (hand, table, piles, cut card)")
    if view.hand_sizes[seat] != len(view.hand):
        raise Misread("view.hand_sizes", f"seat {seat} holds {len(view.hand)} cards")
    unseen = sum(view.hand_sizes) - len(view.hand) + view.stock_count
    if len(seen) - (view.cut_card is not None) + unseen != len(DECK):
        raise Misread("view", "its cards and counts do not add up to the 40 cards of the deck")
    cutting = view.phase == Phase.CUT and view.current == seat
    if (view.cut_card is not None) != cutting:
        raise Misread("view.cut_card", "the seat sees the cut card exactly when it is cutting")
    if view.winner != match_winner(view.scores, view.rules.target):
        raise Misread("view.winner", "the winner is the side that reached the target, ahead")
    if view.phase == Phase.OVER and view.current != cutter(view.dealer, players):
        raise Misread("view.current", "once the match is over, the dealer's next seat")
    try:
        results = saves.check_results(
            view.deal_results,
            view.rules,
            view.scores,
            view.dealer,
            view.phase == Phase.OVER,
            error=ParseError,
        )
        if results != view.deal_results:
            raise ParseError("deal results are written as a save writes them (leftovers sorted)")
        view.sample(random.Random(0))  # a game that shows this view: one the engine plays on
    except ChkobbaError as error:
        raise Misread("view", str(error)) from None
    if view.current == seat and view.phase != Phase.OVER and not view.legal_moves():
        raise Misread("view", f"seat {seat} is to play and has no legal move")


def _read_log(item: object, view: View) -> tuple[Entry, ...]:
    """The log's entries, each filled in from the view's history and deal results, in an order
    that play makes (``_FOLLOWS``): a CUT or PLAY entry for each move of the history, in turn, a
    REDEAL after a cut, a deal's LEFTOVERS (if any) and SCORED after its last play, the next
    deal's entries after that; another seat's kept cut card left out."""
    log: list[Entry] = []
    history, results = view.history, view.deal_results
    moves = 0  # the history's moves logged so far
    for number, data in enumerate(reading.items(item, "log")):
        where = f"log[{number}]"
        kind, deal, written = _read_entry(data, where, view.rules.players)
        if not log and not 1 <= deal <= view.deal_number:
            raise Misread(
                f"{where}.deal", f"the log's deals end with the view's, {view.deal_number}"
            )
        if log and deal != log[-1].deal + (log[-1].kind == _SCORED):
            raise Misread(f"{where}.deal", "a deal follows the previous one's score")
        previous = log[-1].kind if log else None
        if previous not in _FOLLOWS[kind]:
            raise Misread(where, f"no {kind} entry comes {f'after {previous}' if log else 'first'}")
        if kind in (_CUT, _PLAY):
            if moves == len(history):
                raise Misread(where, f"the history holds {len(history)} moves, not more")
            moves += 1
            move = history[moves - 1]
            if (move.kind == PLAY) != (kind == _PLAY):
                raise Misread(where, f"a {kind} entry for the history's move {moves}, {move}")
            entry = Entry(kind, deal, moves, **written)
            if kind == _CUT:
                hidden = move.kind == KEEP and entry.seat != view.seat
                if (entry.card is None) != hidden:
                    raise Misread(
                        f"{where}.card", "a cut card is shown unless another seat kept it"
                    )
                entry = entry._replace(kept=move.kind == KEEP)
            else:
                entry = entry._replace(card=move.card, cards=move.captures)
        elif kind == _REDEAL:
            entry = Entry(kind, deal, moves, **written)
        else:
            result = results[deal - 1] if deal <= len(results) else None
            if result is None:
                raise Misread(where, f"deal {deal} has no result in view.deal_results")
            if kind == _LEFTOVERS and not result.leftovers:
                raise Misread(where, f"deal {deal} left no cards on the table")
            if kind == _SCORED and previous == _PLAY and result.leftovers:
                raise Misread(where, f"deal {deal}'s leftovers are taken before it is scored")
            if kind == _LEFTOVERS:
                entry = Entry(kind, deal, moves, side=result.leftovers_side, cards=result.leftovers)
            else:
                entry = Entry(kind, deal, moves, result=result)
        log.append(entry)
    if moves != len(history):
        raise Misread("log", f"{moves} moves logged, of the history's {len(history)}")
    end = log[-1] if log else None
    if end and (end.kind == _LEFTOVERS or view.deal_number != end.deal + (end.kind == _SCORED)):
        raise Misread("log", f"the log stops before the view's deal {view.deal_number}")
    return tuple(log)


def _read_entry(item: object, where: str, players: int) -> tuple[EntryKind, int, dict[str, Any]]:
    """One entry's kind, deal and other fields (``_WRITTEN``), each checked; a ``Misread`` names
    the field within ``where`` (its path made only then: a log has hundreds of entries)."""
    if not isinstance(item, dict):
        raise Misread(where, f"an entry is an object, not {reading.quote(item)}")
    written = item.get("kind")
    kind = _ENTRY_KINDS.get(written) if isinstance(written, str) else None
    if kind is None:
        raise Misread(f"{where}.kind", f"no entry kind {reading.quote(written)}")
    required, optional = _WRITTEN[kind]
    data = reading.fields(item, where, ("kind", "deal", *required), optional)
    found: dict[str, Any] = {}
    try:
        deal = reading.whole(data["deal"], "deal", 1, NUMBER_LIMIT - 1)
        if "seat" in data:
            found["seat"] = reading.whole(data["seat"], "seat", 0, players - 1)
        if "card" in data:
            found["card"] = _card(data["card"], "card")
        if "chkobba" in data:
            found["chkobba"] = reading.flag(data["chkobba"], "chkobba")
        if "stock" in data:
            found["stock"] = reading.whole(data["stock"], "stock", 0, len(DECK))
    except Misread as error:
        raise Misread(f"{where}.{error.where}", error.why) from None
    return kind, deal, found


# ----------------------------------------------------------------- the guest's messages


def move_message(move: Move, seq: int) -> str:
    """The guest's move (its text form) and the ``seq`` of the update it was made on."""
    if not isinstance(move, Move):
        raise TypeError(f"a move message sends a Move, not {reading.quote(move)}")
    problem = move_problem(move)
    if problem:
        raise ChkobbaError(problem)
    seq = _checked_seq(seq)
    return _dumps({"format": MOVE_FORMAT, "version": VERSION, "seq": seq, "move": str(move)})


def read_move(text: str, game: Game, seat: int, seq: int) -> Move:
    """The move of a guest's ``move_message`` for ``seat``, checked against the host's ``game``
    and ``seq`` (the number of the update it last sent that seat).

    ``ParseError`` for a malformed message; ``PeerRefusal`` for a well-formed move refused:
    made on another update than ``seq`` (``stale``: the guest has not seen the latest, or the
    host started counting again: send it the latest), not ``seat``'s turn (``turn``, or the
    match is over), or one the rules do not allow (``illegal``, with the engine's ``Refusal``).
    """
    what = "move message"
    document = _document(text, what, MOVE_FORMAT, MESSAGE_LIMIT)
    try:
        data = reading.fields(document, "", _MOVE_FIELDS)
        sent = reading.whole(data["seq"], "seq", 0, SEQ_LIMIT - 1)
        move = _move(data["move"], "move")
    except Misread as error:
        raise error.within(what) from None
    if sent != seq:
        raise PeerRefusal(
            PeerRefusalKind.STALE,
            f"{move} was made on update {sent}; seat {seat} was sent update {seq}",
        )
    if game.phase == Phase.OVER or game.current != seat:
        after = "the match is over" if game.phase == Phase.OVER else f"seat {game.current} plays"
        raise PeerRefusal(PeerRefusalKind.TURN, f"{move}: not seat {seat}'s turn ({after})")
    refusal = game.refusal(move)
    if refusal is not None:
        raise PeerRefusal(PeerRefusalKind.ILLEGAL, refusal.text, refusal)
    return move


_MOVE_FIELDS = ("format", "version", "seq", "move")


def hello_message(name: str, lang: str, version: str) -> str:
    """The guest's first message: its player's ``name`` (at most ``NAME_LIMIT`` characters, no
    control character), its language tag (``"fr"``, ``"ar-TN"``) and its app ``version``;
    ``ChkobbaError`` if one is not of its form."""
    hello = Hello(name, lang, version)
    problem = _hello_problem(hello)
    if problem:
        raise ChkobbaError(problem)
    return _dumps(
        {
            "format": HELLO_FORMAT,
            "version": VERSION,
            "name": name,
            "lang": lang,
            "app_version": version,
        }
    )


def read_hello(text: str) -> Hello:
    """A ``hello_message`` read back: ``ParseError`` saying what is wrong."""
    what = "hello message"
    document = _document(text, what, HELLO_FORMAT, MESSAGE_LIMIT)
    try:
        data = reading.fields(document, "", _HELLO_FIELDS)
    except Misread as error:
        raise error.within(what) from None
    hello = Hello(data["name"], data["lang"], data["app_version"])
    problem = _hello_problem(hello)
    if problem:
        raise ParseError(f"{what}: {problem}")
    return hello


_HELLO_FIELDS = ("format", "version", "name", "lang", "app_version")


def _hello_problem(hello: Hello) -> str:
    problem = _name_problem(hello.name) or ("" if hello.name else "a name is not blank")
    if problem:
        return f"name: {problem}"
    if not isinstance(hello.lang, str) or not _LANG.fullmatch(hello.lang):
        return f"lang: a language tag like 'fr' or 'ar-TN', not {reading.quote(hello.lang)}"
    if not isinstance(hello.version, str) or not _APP_VERSION.fullmatch(hello.version):
        return (
            f"app_version: up to 40 letters, digits and . + _ -, not {reading.quote(hello.version)}"
        )
    return ""


def goodbye_message(reason: str) -> str:
    """The host's last word to a guest it drops, and why (one of ``GOODBYE_REASONS``)."""
    if reason not in GOODBYE_REASONS:
        raise ChkobbaError(f"no reason {reading.quote(reason)} to say goodbye")
    return _dumps({"format": GOODBYE_FORMAT, "version": VERSION, "reason": reason})


def read_goodbye(text: str) -> str:
    """The reason of a ``goodbye_message``: ``ParseError`` saying what is wrong."""
    what = "goodbye message"
    document = _document(text, what, GOODBYE_FORMAT, MESSAGE_LIMIT)
    try:
        reason = reading.fields(document, "", ("format", "version", "reason"))["reason"]
    except Misread as error:
        raise error.within(what) from None
    if reason not in GOODBYE_REASONS:
        raise ParseError(f"{what}: no reason {reading.quote(reason)}")
    return str(reason)


# ----------------------------------------------------------------- strict reading


def _document(text: object, what: str, form: str, limit: int) -> dict[str, Any]:
    """``text``'s JSON object, of the format ``form``, at most ``limit`` bytes long."""
    if not isinstance(text, str):
        raise ParseError(f"a {what} is text, not {reading.quote(text)}")
    if _too_long(text, limit):
        raise ParseError(f"{what} {reading.quote(text)} is too long: at most {limit} bytes")
    return saves.read_document(text, what, form, VERSION, depth=_DEPTH)


def _too_long(text: str, limit: int) -> bool:
    """Whether ``text`` takes more than ``limit`` bytes in UTF-8 (encoded only if it may fit)."""
    return len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit


def _dumps(data: dict[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _seat_or_none(item: object, where: str, seats: int) -> int | None:
    return None if item is None else reading.whole(item, where, 0, seats - 1)


def _number_pair(item: object, where: str) -> tuple[int, int]:
    first, second = reading.each(item, where, 2, "two sides")
    return reading.whole(first, where, 0, NUMBER_LIMIT - 1), reading.whole(
        second, where, 0, NUMBER_LIMIT - 1
    )


def _card(item: object, where: str) -> Card:
    card = _CARDS.get(item) if isinstance(item, str) else None
    if card is None:
        raise Misread(where, f"no card {reading.quote(item)} (cards are written like '7D')")
    return card


def _cards(item: object, where: str) -> tuple[Card, ...]:
    cards = reading.items(item, where, most=len(DECK))
    return tuple(_card(card, f"{where}[{number}]") for number, card in enumerate(cards))


def _card_pair(item: object, where: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    first, second = reading.each(item, where, 2, "two sides")
    return _cards(first, f"{where}[0]"), _cards(second, f"{where}[1]")


def _move(item: object, where: str) -> Move:
    """A move's text, in its own form (``str(move)``); the moves read are kept by their text
    (a match's history repeats them, and each update sends it whole)."""
    if not isinstance(item, str) or len(item) > _MOVE_LENGTH:
        raise Misread(
            where, f"no move {reading.quote(item)} (moves are written like 'QHx2D+6S', 'keep')"
        )
    move = _MOVES.get(item)
    if move is not None:
        return move
    move = reading.parsed(item, where, Move.parse)
    if str(move) != item:
        raise Misread(where, f"{reading.quote(item)} is written {str(move)!r}")
    if len(_MOVES) >= _MOVES_KEPT:
        _MOVES.clear()
    _MOVES[item] = move
    return move


_MOVES: dict[str, Move] = {}
_MOVES_KEPT = 10_000
_MOVE_LENGTH = 3 * len(DECK)  # a move's text: a card, then "x" and "+" between the cards taken


def _checked_seq(seq: object) -> int:
    if type(seq) is not int:
        raise TypeError(f"seq is an int, not {reading.quote(seq)}")
    if not 0 <= seq < SEQ_LIMIT:
        raise ChkobbaError(f"seq counts from 0 to 2**53 - 1, not {reading.quote(seq)}")
    return seq


def _checked_names(names: list[Any], players: int) -> list[str]:
    """``names``, one for each of the ``players`` seats, each a name (``_name_problem``)."""
    reading.each(names, "names", players, f"{players} seats")
    for number, name in enumerate(names):
        problem = _name_problem(name)
        if problem:
            raise Misread(f"names[{number}]", problem)
    return names


def _name_problem(name: object) -> str:
    """Why ``name`` is no seat's name (``""`` if it is one; an empty name is the computer's)."""
    if not isinstance(name, str):
        return f"a name is text, not {reading.quote(name)}"
    if name and not name.strip():
        return "a name is not blank"
    if len(name) > NAME_LIMIT:
        return f"{reading.quote(name)}: a name has at most {NAME_LIMIT} characters"
    if _NOT_IN_NAME.search(name):
        return f"{reading.quote(name)}: a name holds no control character"
    return ""
