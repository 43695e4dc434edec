"""Every text the player reads, in one place (so that it can later go through gettext).

Nothing else in the page writes a word the player sees: ``frame`` asks here for each sentence and
``render`` for each button label. Card names come from the engine's ``Card.label`` ("7♦").
"""

from __future__ import annotations

from chkobba import Card, DealScore, Move

from .model import HUMAN, AddressProblem, Notice

SUIT_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}
RANK_NAMES = {"A": "Ace", "Q": "Queen", "J": "Jack", "K": "King"}
QUOTE_LIMIT = 24  # characters of an outside value quoted back to the player
LISTED_PROBLEMS = 3  # address problems named one by one; the rest are counted

# Button and control labels.
SETTINGS = "Settings"
DISMISS = "Dismiss"
HINT = "Hint"
HINT_LABEL = "Hint: suggest a move"
CANCEL = "Cancel"
KEEP = "Keep"
EXPOSE = "Expose"
NEXT_DEAL = "Next deal"
NEW_MATCH = "New match"
NEW_GAME = "New game"
CLOSE = "Close"
ABANDON = "Yes, start a new match"
KEEP_PLAYING = "No, keep playing"
LEVEL_TITLE = "Computer level"
TARGET_TITLE = "Points to win"
LEVEL_NAMES = {"easy": "Easy", "medium": "Medium", "hard": "Hard"}
EMPTY_TABLE = "The table is empty"
SHUFFLING = "Shuffling the cards…"
THIS_DEAL = "This deal"
MATCH = "Match"
CUT_TITLE = "Your cut"
CUT_SUB = "You cut the deck and looked at this card."
CUT_QUESTION = "Keep it in your hand, or expose it on the table?"
SETTINGS_TITLE = "Settings"
CONFIRM_TITLE = "Start a new match?"
CONFIRM_TEXT = "The match in progress will be lost."
ROW_NAMES = {
    "cards": "Karta",
    "diamonds": "Dinari",
    "sevens": "Bermila",
    "hayya": "7ayya",
    "chkobba": "Chkobbas",
}


def seat_name(seat: int) -> str:
    return "You" if seat == HUMAN else "Computer"


def side_name(side: int) -> str:
    return seat_name(side)


def card_name(card: Card) -> str:
    return f"{RANK_NAMES.get(card.rank, card.rank)} of {SUIT_NAMES[card.suit]}"


def plural(count: int, word: str) -> str:
    return f"{count} {word if count == 1 else word + ('es' if word.endswith('x') else 's')}"


def dealer(name: str, is_dealer: bool) -> str:
    return f"{name} · dealer" if is_dealer else name


def pile(name: str, cards: int, chkobbas: int) -> str:
    return f"{name}: {plural(cards, 'card')}, {plural(chkobbas, 'chkobba')}"


def stock(count: int) -> str:
    return f"{count} left"


def stock_label(count: int) -> str:
    return f"{count} cards in the stock"


def deal(number: int) -> str:
    return f"Deal {number}"


def target(points: int) -> str:
    return f"to {points}"


# --- the status line ---------------------------------------------------------------------------


def played(seat: int, move: Move, cut_card: Card | None, pending: bool = False) -> str:
    """What a seat did (or, ``pending``, is doing) with ``move``."""
    who = seat_name(seat)
    if move.kind == "keep":
        return "You kept your cut card." if seat == HUMAN else f"{who} cut and kept the card."
    if move.kind == "expose":
        shown = cut_card.label if cut_card else "card"
        return f"{who} cut and exposed the {shown}."
    assert move.card is not None
    if not move.captures:
        return f"{who} laid the {move.card.label}."
    taken = " + ".join(c.label for c in move.captures)
    if pending:
        verb = "play" if seat == HUMAN else "plays"
        return f"{who} {verb} the {move.card.label} to take {taken}…"
    return f"{who} took {taken} with the {move.card.label}."


REDEALT = "Three of a kind on the table: the cards were dealt again."
YOUR_TURN = "Your turn: tap a card"
YOUR_CUT = "Your cut: keep or expose"
THINKING = "Computer is thinking…"
LOOKING = "Looking for a hint…"


def choose(card: Card) -> str:
    return f"Choose what your {card.label} takes"


def hint(reason: str) -> str:
    return f"Hint: {reason}"


def turn(event: str, line: str) -> str:
    return f"{event} {line}".strip()


# --- the capture choice ------------------------------------------------------------------------


def make(card: Card) -> str:
    return f"Tap table cards that make {card.value}"


def pick_one(card: Card) -> str:
    """The prompt when every option is a single equal card (the equal-card rule)."""
    return f"Tap the card your {card.label} takes"


def running(card: Card, values: list[int]) -> str:
    total = sum(values)
    parts = " + ".join(map(str, values))
    return f"Your {card.label} takes {card.value}: {parts} = {total} of {card.value}"


def take(cards: tuple[Card, ...]) -> str:
    return "Take " + " + ".join(card_name(c) for c in cards)


# --- announcements -----------------------------------------------------------------------------

CHKOBBA = "Chkobba!"


def swept(seat: int) -> str:
    return "You swept the table" if seat == HUMAN else "The computer swept the table"


# --- score sheets ------------------------------------------------------------------------------


def scored(number: int) -> str:
    return f"Deal {number} scored"


def won(side: int) -> str:
    return "You won the match!" if side == HUMAN else "The computer won the match"


def final(totals: tuple[int, int]) -> str:
    return f"Final score {totals[0]} \u2013 {totals[1]}"  # an en dash


def tie(target: int) -> str:
    return f"Equal totals at {target} or more: one more deal decides the match."


def leftovers(side: int, count: int) -> str:
    return f"{side_name(side)} took the {count} cards left on the table."


def row_note(key: str, score: DealScore) -> str:
    """What earned a score sheet row's points: "21 cards", "5 ♦", "2 sevens, 1 six"."""
    if key == "cards":
        return plural(score.cards, "card")
    if key == "diamonds":
        return f"{score.diamonds} ♦"
    if key == "sevens":
        return f"{plural(score.sevens, 'seven')}, {plural(score.sixes, 'six')}"
    if key == "hayya":
        return "7♦" if score.hayya else ""
    return ""


def match_target(points: int) -> str:
    return f"to {points}"


def settings_note(points: int) -> str:
    return f"This match is played to {points}; a new target applies from the next new game."


# --- notices -----------------------------------------------------------------------------------


def quote(value: str) -> str:
    """An outside value as the player sees it quoted: cut to QUOTE_LIMIT characters."""
    if len(value) > QUOTE_LIMIT:
        value = value[: QUOTE_LIMIT - 1] + "…"
    return repr(value)


def address_problem(problem: AddressProblem) -> str:
    name, value = quote(problem.name)[1:-1], quote(problem.value)
    expected = {
        "seed": "is not a whole number ≥ 0",
        "pace": "is not a number from 0 to 10",
        "level": "is not one of easy, medium, hard",
        "target": "is not one of 11, 21, 31",
    }
    if problem.kind == "unknown":
        return f"unknown parameter {quote(problem.name)}"
    if problem.kind == "position":
        return f"position: {problem.value[:80]}"
    return f"{name}={value} {expected[problem.kind]}"


def notice(item: Notice) -> str:
    kind = item.kind
    if kind == "unreadable":
        kept = "A copy was kept aside. " if item.detail != ("lost",) else ""
        return f"Your saved match could not be read. {kept}A new match has started."
    if kind == "edited":
        return (
            "Your saved match had been changed outside the game, so it was set aside. "
            "A new match has started."
        )
    if kind == "unsaved":
        return "This device does not let the game save: you can play on, but progress is not kept."
    if kind == "elsewhere":
        return "This match was played on in another tab; here it is as it stands."
    if kind == "address":
        listed = [address_problem(p) for p in item.problems[:LISTED_PROBLEMS]]
        more = len(item.problems) - len(listed)
        tail = f"; and {more} more" if more > 0 else ""
        return f"Ignored in the address: {'; '.join(listed)}{tail}."
    raise ValueError(f"no words for the notice {kind!r}")
