"""Strict reading of JSON from outside: saves, peer messages, the page's stored text, boards.

Text is read by ``document`` (its length, nesting and numbers bounded before or while
``json.loads`` reads it; a key given twice refused), then each value by the helpers below, all
called the same way: ``helper(value, where, ...limits)``, returning the value read or raising
``Misread`` that says where the value is (a path such as ``tallies[2].best``; ``""``: the
document itself), what it should be, and what it is, quoted short (``errors.quoted``, at most
``QUOTE`` characters). A reader adds what it reads (``Misread.within``: "saved game: ...").

>>> fields({"seq": 7}, "", ("seq", "move"))
Traceback (most recent call last):
...
chkobba.reading.Misread: lacks move
>>> whole(-1, "log[0].seat", 0, 3)
Traceback (most recent call last):
...
chkobba.reading.Misread: log[0].seat: should be a whole number from 0 to 3, not -1
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Collection, Sequence
from typing import Any, TypeVar

from .errors import ParseError, quoted

DEPTH_LIMIT = 64  # levels of [ and { that JSON text read here may nest (a save nests 5)
QUOTE = 24  # characters of a bad value quoted in a message
SPELLED = 15  # a longer bound 99...9 is said by its digits ("of at most 100 digits")
_STRING_OR_BRACKET = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"?|[\[\]{}]', re.DOTALL)
_T = TypeVar("_T")


class Misread(ParseError):
    """A value that is not what it should be: ``where`` it is (``""``: the document itself)
    and ``why``."""

    def __init__(self, where: str, why: str) -> None:
        super().__init__(f"{where}: {why}" if where else why)
        self.where = where
        self.why = why

    def within(self, what: str) -> ParseError:
        """This problem as one of the document ``what`` ("saved game: history: ...")."""
        return ParseError(f"{what}: {self}")


class NotJson(Misread):
    """Text that is no JSON at all (or no text): not a document of this game."""


def quote(value: object) -> str:
    """``value`` quoted for a message, cut short (``QUOTE`` characters)."""
    return quoted(value, QUOTE)


# ----------------------------------------------------------------- the document


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


def document(
    text: object,
    what: str,
    *,
    limit: int | None = None,
    depth: int = DEPTH_LIMIT,
    digits: int | None = None,
) -> Any:
    """The JSON value of ``text`` (``str``, or ``bytes`` decoded as ``json.loads`` would),
    refused at ``what`` (``"saved game: not JSON: ..."``): ``NotJson`` if it is no text or no
    JSON; ``Misread`` if it is longer than ``limit`` characters, nests deeper than ``depth``,
    gives a key twice in an object, or writes a whole number of more than ``digits`` digits
    (None: Python's limit)."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode(json.detect_encoding(text), "surrogatepass")
        except UnicodeDecodeError as error:
            raise NotJson(what, f"not JSON: {error}") from None
    if not isinstance(text, str):
        raise NotJson(what, f"should be text, not {type(text).__name__}")
    if limit is not None and len(text) > limit:
        raise Misread(what, f"too long: more than {limit} characters")
    if nested_too_deeply(text, depth):  # refused before json.loads recurses into it
        raise Misread(what, f"nested too deeply (at most {depth} levels)")

    def number(written: str) -> int:
        if digits is not None and len(written.lstrip("-")) > digits:
            size = len(written.lstrip("-"))
            raise Misread("", f"a number of {size} digits (at most {digits})")
        return int(written)

    try:
        return json.loads(text, object_pairs_hook=_unique_keys, parse_int=number)
    except Misread as error:  # a key given twice, a number too long
        raise Misread(what, error.why) from None
    except (ValueError, RecursionError) as error:
        raise NotJson(what, f"not JSON: {str(error)[:120]}") from None


def document_or_none(text: object, *, limit: int | None = None) -> Any:
    """The JSON value of ``text`` as ``document`` reads it, None if it cannot be read (for
    readers that set aside or ignore what they cannot read)."""
    try:
        return document(text, "text", limit=limit)
    except ParseError:
        return None


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object's pairs as a dict; ``Misread`` if a key is given twice."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise Misread("", f"the key {quote(key)} is given twice")
        data[key] = value
    return data


# ----------------------------------------------------------------- the values


def fields(
    item: object, where: str, required: Collection[str], optional: Collection[str] = ()
) -> dict[str, Any]:
    """``item`` as an object with every ``required`` key and no key but the ``optional``."""
    if not isinstance(item, dict):
        raise Misread(where, f"should be an object, not {quote(item)}")
    missing = [key for key in required if key not in item]
    if missing:
        raise Misread(where, f"lacks {', '.join(missing)}")
    extra = [key for key in item if key not in required and key not in optional]
    if extra:
        raise Misread(where, f"has no field {quote(extra[0])}")
    return item


def items(item: object, where: str, *, most: int | None = None) -> list[Any]:
    """``item`` as a list of at most ``most`` items (None: any number)."""
    if not isinstance(item, list):
        raise Misread(where, f"should be a list, not {quote(item)}")
    if most is not None and len(item) > most:
        raise Misread(where, f"{len(item)} items (at most {most})")
    return item


def each(item: object, where: str, count: int, of: str) -> list[Any]:
    """``item`` as a list of exactly ``count`` items, one for each of the ``of`` ("2 sides")."""
    found = items(item, where)
    if len(found) != count:
        raise Misread(where, f"one for each of the {of}, not {len(found)}")
    return found


def whole(item: object, where: str, low: int = 0, high: int | None = None) -> int:
    """``item`` as a whole number from ``low`` to ``high`` (None: no bound); never a bool."""
    if type(item) is not int or item < low or (high is not None and item > high):
        if high is None:
            should = f"a whole number >= {low}"
        elif len(str(high)) > SPELLED and str(high) == "9" * len(str(high)):
            should = f"a whole number >= {low} of at most {len(str(high))} digits"
        else:
            should = f"a whole number from {low} to {high}"
        raise Misread(where, f"should be {should}, not {quote(item)}")
    return item


def flag(item: object, where: str) -> bool:
    """``item`` as true or false."""
    if not isinstance(item, bool):
        raise Misread(where, f"should be true or false, not {quote(item)}")
    return item


def text(item: object, where: str, *, most: int | None = None) -> str:
    """``item`` as text of at most ``most`` characters (None: any length)."""
    if not isinstance(item, str):
        raise Misread(where, f"should be text, not {quote(item)}")
    if most is not None and len(item) > most:
        raise Misread(where, f"{quote(item)}: at most {most} characters")
    return item


def parsed(item: object, where: str, read: Callable[[Any], _T]) -> _T:
    """``read(item)`` (a parser such as ``Move.parse``), its ``ParseError`` a ``Misread`` at
    ``where``."""
    try:
        return read(item)
    except Misread:
        raise
    except ParseError as error:
        raise Misread(where, str(error)) from None


def one_of(item: object, where: str, values: Sequence[_T]) -> _T:
    """``item`` as one of ``values``, of its very type (``True`` is not ``1``)."""
    for value in values:
        if type(item) is type(value) and item == value:
            return value
    named = ["null" if value is None else str(value) for value in values]
    listed = f"{', '.join(named[:-1])} or {named[-1]}" if len(named) > 1 else named[0]
    raise Misread(where, f"should be {listed}, not {quote(item)}")
