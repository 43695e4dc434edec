"""Chkobba, the Tunisian cousin of Scopa: cards, the deal ritual, legal moves, scoring, match flow.

>>> from chkobba import Card, Rules, Game, capture_options
>>> capture_options(Card.parse("QH"), [Card.parse("2D"), Card.parse("6S")])
[(Card.parse('2D'), Card.parse('6S'))]
>>> game = Game.new(Rules(players=2, target=21), seed=7)
>>> game.phase, len(game.legal_moves())
('cut', 2)
"""

from .cards import DECK, HAYYA, RANKS, SUIT_SYMBOLS, SUITS, Card
from .errors import ChkobbaError, EditedSave, IllegalMove, ParseError
from .game import DealResult, Game, match_winner
from .kernel import Phase
from .links import DealLine, deal_link, read_deal_link
from .log import Entry, EntryKind, deal_log, match_log
from .moves import Move, MoveKind, capture_options, legal_play_moves
from .peer import (
    Hello,
    PeerRefusal,
    PeerRefusalKind,
    SeatUpdate,
    goodbye_message,
    hello_message,
    move_message,
    read_goodbye,
    read_hello,
    read_move,
    read_seat_update,
    seat_log,
    seat_update,
)
from .reading import nested_too_deeply
from .refusals import Refusal, RefusalKind
from .rules import TARGETS, Rules
from .scoring import DealScore, score_deal
from .view import View

__all__ = [
    "DECK",
    "HAYYA",
    "RANKS",
    "SUITS",
    "SUIT_SYMBOLS",
    "TARGETS",
    "Card",
    "ChkobbaError",
    "DealLine",
    "DealResult",
    "DealScore",
    "EditedSave",
    "Entry",
    "EntryKind",
    "Game",
    "Hello",
    "IllegalMove",
    "Move",
    "MoveKind",
    "ParseError",
    "PeerRefusal",
    "PeerRefusalKind",
    "Phase",
    "Refusal",
    "RefusalKind",
    "Rules",
    "SeatUpdate",
    "View",
    "capture_options",
    "deal_link",
    "deal_log",
    "goodbye_message",
    "hello_message",
    "legal_play_moves",
    "match_log",
    "match_winner",
    "move_message",
    "nested_too_deeply",
    "read_deal_link",
    "read_goodbye",
    "read_hello",
    "read_move",
    "read_seat_update",
    "score_deal",
    "seat_log",
    "seat_update",
]
__version__ = "0.1.0"
