"""A deal as a link: a short URL-safe text that rebuilds one deal of a match, move by move.

>>> from chkobba import Game, Rules
>>> game = Game.new(Rules(players=2), seed=7).play("keep")
>>> link = deal_link(game, 1)
>>> line = read_deal_link(link)
>>> line.deal, [str(move) for move in line.moves], line.whole
(1, ['keep'], False)
>>> line.positions[-1].notation() == game.notation()
True

The text is a version character (``1``), then base64url without padding (A-Z a-z 0-9 - _) of:

- the deal's start, as unsigned LEB128 numbers: players, dealer, target, the deal's number in the
  match, its shuffle number, the seed (zigzag, as it may be negative), the match totals before
  the deal, and how many moves follow;
- the moves, as one mixed-radix number (big-endian): each move is its index in the position's
  ``legal_moves()`` (a stable order) and the radix is how many moves that position allows, the
  first move the lowest digit (a forced move costs nothing). The format depends on that order:
  a change to it needs a new version;
- a CRC-24 (OpenPGP's) of the version and all the above: one changed character (any change
  within 24 bits) is always caught, other damage all but always.

A deal's deck is shuffle ``shuffles`` of the seed, a redeal takes the next one: the cut moves in
the link (the first cut's, then each redeal's) rebuild them. A deal that does not start from its
seed's shuffle (one set up with ``Game.from_notation``: a tutorial, a position in mid-deal, a
deck of one's own) is refused with a ``ChkobbaError``: its cards would not fit a short link. The
later deals of such a match start from the seed's shuffles and have links.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from .errors import ChkobbaError, ParseError, quoted
from .game import Game
from .kernel import Phase, cutter
from .log import beginning, replay
from .moves import Move
from .rules import NUMBER_LIMIT, Rules
from .shuffle import shuffled_deck

__all__ = ["MAX_LENGTH", "VERSION", "DealLine", "deal_link", "read_deal_link"]

VERSION = "1"
MAX_LENGTH = 400  # a link with every number at 100 digits has about 360 characters
_EDITED = "edited or damaged link (its check characters do not match: a changed or lost character)"
_QUOTE = 24  # characters of a bad link quoted in an error message
_CRC_SIZE = 3
_HEADER_SIZE = 9  # the numbers before the moves
_NOT_LINK = re.compile(r"[^A-Za-z0-9_-]")


@dataclass(frozen=True)
class DealLine:
    """A deal read from a link: its number in the match, its moves, and the positions.

    ``positions[0]`` is the deal's first cut (a position without the earlier deals' results,
    its match totals those before the deal), ``positions[i + 1]`` the one after ``moves[i]``.
    """

    deal: int
    moves: tuple[Move, ...]
    positions: tuple[Game, ...]

    @property
    def start(self) -> Game:
        return self.positions[0]

    @property
    def whole(self) -> bool:
        """True when the moves reach the deal's end (then ``positions[-1]`` is the next deal's
        cut, or the end of the match); False for the moves so far of a deal in progress."""
        return bool(self.positions[-1].deal_results)


class _Start(NamedTuple):
    """What a link says of the deal's start: the first numbers it holds, in order."""

    players: int
    dealer: int
    target: int
    deal: int
    shuffles: int
    seed: int
    first_total: int
    second_total: int


def deal_link(game: Game, deal: int) -> str:
    """The link text of deal ``deal`` (1, 2, ...) of ``game``'s match: the whole deal, or the
    moves so far of the deal in progress. ``ChkobbaError`` if the history does not hold that
    deal from its first cut, or the deal starts from a set-up position (see the module)."""
    start, moves = _deal_in(game, deal)
    digits = []
    position = start
    for move in moves:
        legal = position.legal_moves()
        digits.append((legal.index(move), len(legal)))
        position = position.play(move)
    return _link(_start_of(start, deal), digits)


def read_deal_link(text: str) -> DealLine:
    """The deal of a ``deal_link`` text, every move replayed through ``Game.play``.

    ``ParseError`` saying what is wrong (quoting at most the link's first characters): not
    text, too long, a character no link holds, an unknown version, a checksum that does not
    match (an edited or damaged link), a start the rules refuse (a seed or a total out of
    range, a dealer who has no seat), moves past the deal's end or a move index out of range.
    """
    data = _unsealed(text)
    numbers, size = _read_numbers(text, data)
    players, dealer, target, deal, shuffles, seed, first, second, count = numbers
    start = _Start(players, dealer, target, deal, shuffles, _unzigzag(seed), first, second)
    position = _start_position(text, start)
    rest = int.from_bytes(data[size:], "big")
    positions, moves, digits = [position], [], []
    for step in range(count):
        if position.deal_results:
            raise _bad(text, f"the deal ends after {step} moves, not {count}")
        legal = position.legal_moves()
        rest, index = divmod(rest, len(legal))
        digits.append((index, len(legal)))
        moves.append(legal[index])
        position = position.play(legal[index])
        positions.append(position)
    if rest:
        raise _bad(text, "a move index is out of range")
    if _link(start, digits) != text:  # the same deal written otherwise: not this game's link
        raise _bad(text, _EDITED)
    return DealLine(start.deal, tuple(moves), tuple(positions))


# ----------------------------------------------------------------- finding the deal


def _deal_in(game: Game, deal: int) -> tuple[Game, tuple[Move, ...]]:
    """The position where deal ``deal`` starts (its first cut) and its moves in the history."""
    if not isinstance(game, Game):
        raise TypeError(f"a deal link is made from a Game, not {quoted(game)}")
    if type(deal) is not int:
        raise TypeError(f"a deal is numbered by an int, not {quoted(deal)}")
    history = game.history
    positions = [beginning(game), *(after for _, _, after in replay(game))]
    earlier = len(game.deal_results) - len(positions[-1].deal_results)  # before the history
    numbers = [earlier + len(position.deal_results) + 1 for position in positions]
    last = numbers[-1] - (game.phase is Phase.OVER)
    if not numbers[0] <= deal <= last:
        held = f"deals {numbers[0]} to {last}" if numbers[0] <= last else "no deal"
        raise ChkobbaError(f"no deal {quoted(deal)} in this game's history: it holds {held}")
    first = numbers.index(deal)
    start = positions[first]
    if start.phase is not Phase.CUT or start.stock != shuffled_deck(start.seed, start.shuffles):
        raise ChkobbaError(
            f"deal {deal} starts from a set-up position, not from the seed's shuffle: "
            "it has no link"
        )
    return start, history[first : first + numbers.count(deal)]


def _start_of(position: Game, deal: int) -> _Start:
    rules = position.rules
    first, second = position.scores
    return _Start(
        rules.players,
        position.dealer,
        rules.target,
        deal,
        position.shuffles,
        position.seed,
        first,
        second,
    )


def _start_position(text: str, start: _Start) -> Game:
    """The deal's first cut, checked by ``Game.from_position``; ``ParseError`` if refused."""
    if not 1 <= start.deal < NUMBER_LIMIT:
        raise _bad(text, f"no deal number {quoted(start.deal)}")
    try:
        rules = Rules(start.players, start.target)
        return Game.from_position(
            rules=rules,
            phase=Phase.CUT,
            current=cutter(start.dealer, rules.players),
            dealer=start.dealer,
            hands=((),) * rules.players,
            stock=shuffled_deck(start.seed, start.shuffles),
            scores=(start.first_total, start.second_total),
            seed=start.seed,
            shuffles=start.shuffles,
        )
    except ChkobbaError as error:
        raise _bad(text, str(error)) from None


# ----------------------------------------------------------------- the text


def _link(start: _Start, digits: Sequence[tuple[int, int]]) -> str:
    """The link of a deal's start and its moves, each as (index, number of legal moves)."""
    moves = 0
    for index, radix in reversed(digits):
        moves = moves * radix + index
    numbers = (*start[:5], _zigzag(start.seed), *start[6:], len(digits))
    header = b"".join(map(_leb128, numbers))
    return _sealed(header + moves.to_bytes((moves.bit_length() + 7) // 8, "big"))


def _sealed(payload: bytes) -> str:
    """The version, then ``payload`` and its checksum in base64url without padding."""
    check = _crc24(VERSION.encode() + payload).to_bytes(_CRC_SIZE, "big")
    return VERSION + base64.urlsafe_b64encode(payload + check).rstrip(b"=").decode()


def _unsealed(text: object) -> bytes:
    """The payload of a link's text, its characters, version and checksum checked."""
    if not isinstance(text, str):
        raise ParseError(f"a deal link is text, not {quoted(text, _QUOTE)}")
    if not text:
        raise ParseError("an empty deal link")
    if len(text) > MAX_LENGTH:
        raise _bad(text, f"too long: a deal link has at most {MAX_LENGTH} characters")
    wrong = _NOT_LINK.search(text)
    if wrong:
        raise _bad(
            text,
            f"{wrong.group()!r} (character {wrong.start() + 1}) is not in a link: A-Z a-z 0-9 - _",
        )
    if text[0] != VERSION:
        raise _bad(text, f"version {text[0]!r} is not one this game reads (version {VERSION})")
    body = text[1:]
    try:
        data = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except binascii.Error:
        raise _bad(text, _EDITED) from None
    payload, check = data[:-_CRC_SIZE], data[-_CRC_SIZE:]
    if len(data) <= _CRC_SIZE or _crc24(VERSION.encode() + payload) != int.from_bytes(check):
        raise _bad(text, _EDITED)
    return payload


def _read_numbers(text: str, data: bytes) -> tuple[list[int], int]:
    """The header's LEB128 numbers and the number of bytes they take."""
    numbers: list[int] = []
    value = shift = 0
    for size, byte in enumerate(data, 1):
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            numbers.append(value)
            if len(numbers) == _HEADER_SIZE:
                return numbers, size
            value = shift = 0
    raise _bad(text, "it ends inside its header")


def _leb128(value: int) -> bytes:
    """``value`` (>= 0) in LEB128: 7 bits a byte, lowest first, the top bit set on all but the
    last byte."""
    out = bytearray()
    while value > 0x7F:
        out.append(value & 0x7F | 0x80)
        value >>= 7
    out.append(value)
    return bytes(out)


def _zigzag(value: int) -> int:
    """0, -1, 1, -2, ... as 0, 1, 2, 3, ..."""
    return 2 * value if value >= 0 else -2 * value - 1


def _unzigzag(value: int) -> int:
    return value >> 1 if value % 2 == 0 else -(value + 1) // 2


def _crc24(data: bytes) -> int:
    """OpenPGP's CRC-24 (RFC 4880): catches every change within 24 consecutive bits."""
    crc = 0xB704CE
    for byte in data:
        crc ^= byte << 16
        for _ in range(8):
            crc <<= 1
            if crc & 0x1000000:
                crc ^= 0x1864CFB
    return crc


def _bad(text: str, why: str) -> ParseError:
    return ParseError(f"bad deal link {quoted(text, _QUOTE)}: {why}")
