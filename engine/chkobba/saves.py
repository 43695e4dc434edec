"""Saved games: the whole match as JSON (position, deal results, history), with a format version."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple, Protocol

from . import reading
from .cards import Card, format_cards, parse_cards
from .errors import ChkobbaError, EditedSave, ParseError, quoted
from .kernel import DECK_COUNTERS, deal_total, majorities, next_seat
from .moves import Move
from .reading import DEPTH_LIMIT
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


def read_document(
    text: str | bytes,
    what: str,
    form: str,
    version: int,
    *,
    depth: int = DEPTH_LIMIT,
    limit: int | None = None,
) -> dict[str, Any]:
    """The JSON object of ``text`` (``reading.document``: no key given twice, at most ``depth``
    levels deep, ``limit`` characters long), marked as format ``form`` at ``version``:
    ``ParseError`` naming ``what`` is read otherwise. Saved games and peer messages
    (``chkobba.peer``) are read through it."""
    data = reading.document(text, what, depth=depth, limit=limit)
    if not isinstance(data, dict) or data.get("format") != form:
        raise ParseError(f"{what}: not a {form!r} document")
    found = data.get("version")
    if type(found) is not int or found != version:
        raise ParseError(
            f"{what}: format version {reading.quote(found)} is not supported "
            f"(this game reads version {version})"
        )
    return data


def read_save(text: str | bytes) -> Saved:
    """Read a saved match's parts; ``ParseError`` saying what is wrong."""
    what = "saved game"
    data = read_document(text, what, FORMAT, VERSION)
    try:
        reading.fields(data, "", _SAVE_FIELDS, ("start",))
        position = reading.text(data["position"], "position")
        start = None if data.get("start") is None else reading.text(data["start"], "start")
        results = tuple(
            result_from_dict(item, f"deal_results[{number}]")
            for number, item in enumerate(reading.items(data["deal_results"], "deal_results"))
        )
        history = tuple(
            reading.parsed(
                reading.text(item, f"history[{number}]"), f"history[{number}]", Move.parse
            )
            for number, item in enumerate(reading.items(data["history"], "history"))
        )
    except reading.Misread as error:
        raise error.within(what) from None
    return Saved(position, results, history, start)


_SAVE_FIELDS = ("format", "version", "position", "deal_results", "history")


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


def result_from_dict(item: object, where: str = "a deal result") -> DealResult:
    """A deal result as ``result_to_dict`` writes it (``reading.Misread`` at ``where``)."""
    data = reading.fields(item, where, _RESULT_FIELDS)
    scores = reading.each(data["scores"], f"{where}.scores", 2, "2 sides")
    totals = reading.each(data["totals"], f"{where}.totals", 2, "2 sides")
    leftovers = reading.text(data["leftovers"], f"{where}.leftovers")
    return DealResult(
        dealer=reading.whole(data["dealer"], f"{where}.dealer"),
        scores=(
            _score_from_dict(scores[0], f"{where}.scores[0]"),
            _score_from_dict(scores[1], f"{where}.scores[1]"),
        ),
        totals=(
            reading.whole(totals[0], f"{where}.totals[0]"),
            reading.whole(totals[1], f"{where}.totals[1]"),
        ),
        leftovers=reading.parsed(leftovers, f"{where}.leftovers", parse_cards),
        leftovers_side=reading.one_of(data["leftovers_side"], f"{where}.leftovers_side", _SIDES),
    )


_RESULT_FIELDS = ("dealer", "scores", "totals", "leftovers", "leftovers_side")
_SIDES = (None, 0, 1)


def _score_from_dict(item: object, where: str) -> DealScore:
    data = reading.fields(item, where, _SCORE_FIELDS)
    score = DealScore(
        **{name: reading.whole(data[name], f"{where}.{name}") for name in _SCORE_FIELDS}
    )
    if score.total != deal_total(score):
        raise reading.Misread(
            where, f"a deal score's total {reading.quote(score.total)} is not the sum of its points"
        )
    return score
