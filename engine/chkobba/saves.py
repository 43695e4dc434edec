"""Saved games: the whole match as JSON (position, deal results, history), with a format version."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from .cards import format_cards, parse_cards
from .errors import ParseError
from .moves import Move
from .scoring import DealScore

if TYPE_CHECKING:
    from .game import DealResult, Game, History

FORMAT = "chkobba-game"
VERSION = 1
_SCORE_FIELDS = DealScore._fields


def game_to_json(game: Game) -> str:
    """The match as one line of JSON; ``game_from_json`` reads it back to an equal ``Game``."""
    return json.dumps(
        {
            "format": FORMAT,
            "version": VERSION,
            "position": game.notation(),
            "deal_results": [_result_to_dict(result) for result in game.deal_results],
            "history": [str(move) for move in game.history],
        },
        ensure_ascii=False,
        separators=(",", ":"),
    )


def _result_to_dict(result: DealResult) -> dict[str, Any]:
    return {
        "dealer": result.dealer,
        "scores": [score._asdict() for score in result.scores],
        "totals": list(result.totals),
        "leftovers": format_cards(result.leftovers),
        "leftovers_side": result.leftovers_side,
    }


def game_from_json(text: str | bytes) -> Game:
    """Read a saved match; raise ``ParseError`` saying what is wrong (nothing half-loaded)."""
    from .game import Game

    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise ParseError(f"saved game is not JSON: {error}") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ParseError(f"saved game: not a {FORMAT!r} document")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ParseError(
            f"saved game: format version {version!r} is not supported "
            f"(this game reads version {VERSION})"
        )
    missing = [key for key in ("position", "deal_results", "history") if key not in data]
    if missing:
        raise ParseError(f"saved game: missing {', '.join(missing)}")
    try:
        position = Game.from_notation(data["position"])
        results = tuple(
            _result_from_dict(item) for item in _list(data["deal_results"], "deal_results")
        )
        history: History = None
        for item in _list(data["history"], "history"):
            history = (history, Move.parse(item))
    except ParseError as error:
        raise ParseError(f"saved game: {error}") from None
    if results and results[-1].totals != position.scores:
        raise ParseError("saved game: the last deal's totals differ from the position's scores")
    return position._with_past(results, history)


def _list(value: object, name: str) -> list[Any]:
    if not isinstance(value, list):
        raise ParseError(f"{name} should be a list, not {type(value).__name__}")
    return value


def _int(value: object, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ParseError(f"{name} should be a whole number >= 0, not {value!r}")
    return value


def _result_from_dict(item: object) -> DealResult:
    from .game import DealResult

    if not isinstance(item, dict):
        raise ParseError(f"a deal result should be an object, not {item!r}")
    try:
        scores = _list(item["scores"], "scores")
        totals = _list(item["totals"], "totals")
        if len(scores) != 2 or len(totals) != 2:
            raise ParseError("a deal result has scores and totals for two sides")
        side = item["leftovers_side"]
        if side not in (None, 0, 1):
            raise ParseError(f"leftovers_side should be 0, 1 or null, not {side!r}")
        return DealResult(
            dealer=_int(item["dealer"], "dealer"),
            scores=(_score_from_dict(scores[0]), _score_from_dict(scores[1])),
            totals=(_int(totals[0], "totals"), _int(totals[1], "totals")),
            leftovers=parse_cards(str(item["leftovers"])),
            leftovers_side=side,
        )
    except KeyError as error:
        raise ParseError(f"a deal result lacks {error}") from None


def _score_from_dict(item: object) -> DealScore:
    if not isinstance(item, dict) or sorted(item) != sorted(_SCORE_FIELDS):
        raise ParseError(f"a deal score should have exactly {', '.join(_SCORE_FIELDS)}")
    score = DealScore(**{name: _int(item[name], name) for name in _SCORE_FIELDS})
    if score.total != sum(score[:5]):
        raise ParseError(f"a deal score's total {score.total} is not the sum of its points")
    return score
