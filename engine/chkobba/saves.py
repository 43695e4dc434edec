"""Saved games: the whole match as JSON (position, deal results, history), with a format version."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any, NamedTuple, Protocol

from .cards import Card, format_cards, parse_cards
from .errors import QUOTE_LIMIT, ChkobbaError, EditedSave, ParseError, quoted
from .kernel import DECK_COUNTERS, deal_total, majorities, next_seat
from .moves import Move
from .rules import Rules
from .scoring import DealResult, DealScore


class _Match(Protocol):
    """What a save writes of a game."""

    @property
    def deal_results(self) -> tuple[DealResult, ...]: ...
    @property
    def history(self) -> tuple[Move, ...]: ...
    def notation(self) -> str: ...


FORMAT = "chkobba-game"
VERSION = 1
_SCORE_FIELDS = DealScore._fields
DEPTH_LIMIT = 64  # levels of [ and { that JSON text read here may nest (a save nests 5)
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)


class Saved(NamedTuple):
    """A save's parts, read but not yet checked against each other (``Game.from_json`` does)."""

    position: str
    deal_results: tuple[DealResult, ...]
    history: tuple[Move, ...]
    start: str | None  # the set-up position the history starts from (None: the seed's start)


def game_to_json(game: _Match, origin: str | None) -> str:
    """The match as one line of JSON; ``Game.from_json`` reads it back to an equal ``Game``.

    ``origin`` is the notation of the set-up position the history starts from, saved as
    ``start`` when there is a history (a match from ``Game.new`` starts from its seed).
    """
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "position": game.notation(),
        "deal_results": [result_to_dict(result) for result in game.deal_results],
        "history": [str(move) for move in game.history],
    }
    if origin is not None and data["history"]:
        data["start"] = origin
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def result_to_dict(result: DealResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "scores": [score._asdict() for score in result.scores],
        "totals": list(result.totals),
        "leftovers": format_cards(result.leftovers),
        "leftovers_side": result.leftovers_side,
    }


def nested_too_deeply(text: str, limit: int = DEPTH_LIMIT) -> bool:
    """Whether JSON ``text`` nests more than ``limit`` levels of [ and { (not counting those in
    strings), in one linear scan: to check before ``json.loads``, whose recursion on such text
    can exhaust the C stack (in Pyodide, a fatal error) before Python raises RecursionError."""
    depth = 0
    for found in _STRING_OR_BRACKET.finditer(text):
        token = found.group()
        if token in ("[", "{"):
            depth += 1
            if depth > limit:
                return True
        elif token in ("]", "}"):
            depth -= 1  # below 0 only past a stray ] or }, where json.loads stops
    return False


def read_document(
    text: str | bytes,
    what: str,
    form: str,
    version: int,
    *,
    depth: int = DEPTH_LIMIT,
    unique_keys: bool = False,
    quote: int = QUOTE_LIMIT,
) -> dict[str, Any]:
    """The JSON object of ``text``, marked as format ``form`` at ``version``: ``ParseError``
    naming ``what`` is read otherwise (not JSON, nested deeper than ``depth``, a key given twice
    when ``unique_keys``, another format or version; a bad version quoted to ``quote``
    characters). Saved games and peer messages (``chkobba.peer``) are read through it."""
    try:
        if isinstance(text, bytes | bytearray):  # decoded as json.loads would, to be scanned
            text = text.decode(json.detect_encoding(text), "surrogatepass")
        if nested_too_deeply(text, depth):  # refused before json.loads recurses into it
            raise RecursionError
        data = json.loads(text, object_pairs_hook=_unique_keys if unique_keys else None)
    except (TypeError, ValueError, RecursionError) as error:
        reason = "nested too deeply" if isinstance(error, RecursionError) else error
        raise ParseError(f"{what} is not JSON: {reason}") from None
    if not isinstance(data, dict) or data.get("format") != form:
        raise ParseError(f"{what}: not a {form!r} document")
    found = data.get("version")
    if type(found) is not int or found != version:
        raise ParseError(
            f"{what}: format version {quoted(found, quote)} is not supported "
            f"(this game reads version {version})"
        )
    return data


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict; ``ValueError`` if a key is given twice."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f"the key {quoted(key, 24)} is given twice")
        data[key] = value
    return data


def read_save(text: str | bytes) -> Saved:
    """Read a saved match's parts; ``ParseError`` saying what is wrong."""
    data = read_document(text, "saved game", FORMAT, VERSION)
    missing = [key for key in ("position", "deal_results", "history") if key not in data]
    if missing:
        raise ParseError(f"saved game: missing {', '.join(missing)}")
    start = data.get("start")
    try:
        if not isinstance(data["position"], str) or not isinstance(start, str | None):
            raise ParseError("a position is written as text")
        results = tuple(
            result_from_dict(item) for item in _list(data["deal_results"], "deal_results")
        )
        history = tuple(Move.parse(item) for item in _list(data["history"], "history"))
    except ParseError as error:
        raise ParseError(f"saved game: {error}") from None
    return Saved(data["position"], results, history, start)


def check_results(
    results: tuple[DealResult, ...],
    rules: Rules,
    scores: tuple[int, int],
    dealer: int,
    over: bool,
    error: type[ChkobbaError] = EditedSave,
) -> tuple[DealResult, ...]:
    """Check deal results that no history backs (a set-up position's), and return them in their
    canonical form (tuples, leftovers sorted): each well formed, each deal's points agree with
    its counts, the totals add up to the match scores, the dealers take turns up to the
    position's ``dealer`` (the last deal's own once the match is ``over``). ``error`` (an
    ``EditedSave`` for a save) says what is wrong."""
    if not results:
        return ()
    checked: list[DealResult] = []
    totals = (0, 0)
    players = rules.players
    for number, given in enumerate(results, 1):
        where = f"deal {number}'s result"
        try:
            result = _checked_result(given, players)
        except ChkobbaError as problem:
            raise error(f"{where}: {problem}") from None
        if checked and result.dealer != next_seat(checked[-1].dealer, players):
            raise error(f"{where}: the deal passes to the next dealer")
        first, second = result.scores
        counts = [(*score[6:], score.hayya) for score in result.scores]
        if any(
            sum(pair) > most
            for pair, most in zip(zip(*counts, strict=True), DECK_COUNTERS, strict=True)
        ):
            raise error(f"{where}: more cards than the deck holds")
        for side, score in enumerate(result.scores):
            if score[:3] != majorities(counts[side], counts[1 - side]):
                raise error(f"{where}: its points do not follow from its counts")
        totals = (totals[0] + first.total, totals[1] + second.total)
        if result.totals != totals:
            raise error(f"{where}: its totals are not the sum of the deals' points")
        checked.append(result)
    if totals != scores:
        raise error("the last deal's totals differ from the position's scores")
    last_dealer = checked[-1].dealer
    if dealer != (last_dealer if over else next_seat(last_dealer, players)):
        raise error(
            "the dealer is the seat after the last deal's dealer "
            "(the same seat once the match is over)"
        )
    return tuple(checked)


def _checked_result(result: DealResult, players: int) -> DealResult:
    """``result``'s parts checked one by one (``ChkobbaError`` naming the bad one), as tuples."""
    dealer, scores, totals, leftovers, side = result
    if not _whole(dealer) or not 0 <= dealer < players:
        raise ChkobbaError(f"no dealer {quoted(dealer)} with {players} players")
    if not _pair(scores) or not all(isinstance(score, DealScore) for score in scores):
        raise ChkobbaError(f"the scores are two DealScore values, not {quoted(scores)}")
    for score in scores:
        if not all(_whole(count) for count in score):
            raise ChkobbaError(f"a deal score counts in whole numbers >= 0, not {quoted(score)}")
        if score.total != deal_total(score):
            raise ChkobbaError(
                f"a deal score's total {quoted(score.total)} is not the sum of its points"
            )
    if not _pair(totals) or not all(_whole(total) for total in totals):
        raise ChkobbaError(f"the totals are two whole numbers >= 0, not {quoted(totals)}")
    if isinstance(leftovers, str | bytes) or not isinstance(leftovers, Iterable):
        raise ChkobbaError(f"the leftovers are a tuple of Cards, not {quoted(leftovers)}")
    left = tuple(leftovers)
    if not all(isinstance(card, Card) for card in left):
        raise ChkobbaError(f"the leftovers are Cards (Card.parse('7D')), not {quoted(left)}")
    if len(set(left)) != len(left):
        raise ChkobbaError("a card is left over twice")
    if side is not None and (type(side) is not int or side not in (0, 1)):
        raise ChkobbaError(f"the leftovers go to side 0, 1 or None, not {quoted(side)}")
    if bool(left) != (side is not None):
        raise ChkobbaError("cards are left over exactly when a side takes them")
    if side is not None and len(left) > scores[side].cards:
        raise ChkobbaError("more cards left over than the side took in the deal")
    return DealResult(
        dealer, (scores[0], scores[1]), (totals[0], totals[1]), tuple(sorted(left)), side
    )


def _whole(value: object) -> bool:
    return type(value) is int and value >= 0


def _pair(value: object) -> bool:
    return isinstance(value, tuple | list) and len(value) == 2


def _list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise ParseError(f"{name} should be a list, not {type(value).__name__}")
    return value


def _text(value: object, name: str) -> str:
    if not isinstance(value, str):
        raise ParseError(f"{name} should be text, not {quoted(value)}")
    return value


def _int(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ParseError(f"{name} should be a whole number >= 0, not {quoted(value)}")
    return value


def result_from_dict(item: object) -> DealResult:
    if not isinstance(item, dict):
        raise ParseError(f"a deal result should be an object, not {quoted(item)}")
    try:
        scores = _list(item["scores"], "scores")
        totals = _list(item["totals"], "totals")
        if len(scores) != 2 or len(totals) != 2:
            raise ParseError("a deal result has scores and totals for two sides")
        side = item["leftovers_side"]
        if side not in (None, 0, 1):
            raise ParseError(f"leftovers_side should be 0, 1 or null, not {quoted(side)}")
        return DealResult(
            dealer=_int(item["dealer"], "dealer"),
            scores=(_score_from_dict(scores[0]), _score_from_dict(scores[1])),
            totals=(_int(totals[0], "totals"), _int(totals[1], "totals")),
            leftovers=parse_cards(_text(item["leftovers"], "leftovers")),
            leftovers_side=side,
        )
    except KeyError as error:
        raise ParseError(f"a deal result lacks {error}") from None


def _score_from_dict(item: object) -> DealScore:
    if not isinstance(item, dict) or sorted(item) != sorted(_SCORE_FIELDS):
        raise ParseError(f"a deal score should have exactly {', '.join(_SCORE_FIELDS)}")
    score = DealScore(**{name: _int(item[name], name) for name in _SCORE_FIELDS})
    if score.total != deal_total(score):
        raise ParseError(f"a deal score's total {quoted(score.total)} is not the sum of its points")
    return score
