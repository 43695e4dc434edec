"""Every text the page shows the player beyond the game's own words, in one place, through the
language's gettext catalog.

Nothing else in the page writes a word the player sees: ``frame`` asks here (and of
``shared.words``, the words of cards, seats, moves and the score, which the tutorial boards say
too) for each sentence and ``render`` for each label, both with the player's ``Language``
(``t``). Message ids are the English text; ``python3 build.py catalogs`` extracts them into
web/locale/*/messages.po. A constant is a message id marked with ``N_`` (``t._(words.SETTINGS)``
translates it); a function builds a sentence.
"""

from __future__ import annotations

from collections.abc import Sequence

from chkobba import TARGETS, Card, Move, MoveKind
from chkobba.explain import Why
from chkobba.kernel import side as side_of
from chkobba.rules import LEVELS, PLAYERS
from shared.i18n import LANGUAGES, N_, NATIVE_NAMES, Language
from shared.viewpoint import SOLO, Viewpoint
from shared.words import (
    CHKOBBA,
    cards_shown,
    chkobbas,
    isolated,
    label,
    ltr,
    named,
    side_name,
    sides_by_people,
    subject,
)

from .model import AddressProblem, LinkState, Notice, NoticeKind

QUOTE_LIMIT = 24  # characters of an outside value quoted back to the player
LISTED_PROBLEMS = 3  # address problems named one by one; the rest are counted

# Button and control labels.
TITLE = N_("Chkobba")
SETTINGS = N_("Settings")
DISMISS = N_("Dismiss")
HINT = N_("Hint")
HINT_LABEL = N_("Hint: suggest a move")
UNDO = N_("Undo")
UNDO_LABEL = N_("Undo: take back your last play")
UNDO_TITLE = N_("Taking back a play")
PACE_TITLE = N_("Pace of play")
PACE_NAMES = {
    "slow": N_("Slow"),
    "normal": N_("Normal"),
    "fast": N_("Fast"),
    "instant": N_("Instant"),
}
SWITCH_NAMES = {"on": N_("Allowed"), "off": N_("Not allowed")}
SOUND_TITLE = N_("Sound")
SOUND_NAMES = {"on": N_("On"), "off": N_("Off")}
BACK_TITLE = N_("Card backs")
FELT_TITLE = N_("Table colour")
COLOUR_NAMES = {"red": N_("Red"), "blue": N_("Blue"), "green": N_("Green")}
NEXT_DEAL = N_("Next deal")
NEW_MATCH = N_("New match")
NEW_GAME = N_("New game")
CLOSE = N_("Close")
LOG = N_("Deal log")
TAKEN = N_("Cards taken")
NOTHING_YET = N_("Nothing has been played yet in this deal.")
TUTORIAL_LINK = N_("Learn the rules by playing: ten lessons")
ABANDON = N_("Yes, start a new match")
KEEP_PLAYING = N_("No, keep playing")
LEVEL_TITLE = N_("Computer level")
TARGET_TITLE = N_("Points to win")
LANGUAGE_TITLE = N_("Language")
PLAYERS_TITLE = N_("Players")
PLAYERS_NAMES = {2: N_("2 players"), 4: N_("4 players")}
LEVEL_NAMES = {"easy": N_("Easy"), "medium": N_("Medium"), "hard": N_("Hard")}
LANGUAGE_NAMES = NATIVE_NAMES  # each language named in itself, in every language
TABLE = N_("Table")
YOUR_HAND = N_("Your hand")
SCORE = N_("Score")
CUT_TITLE = N_("Your cut")
# The cutter plays first in the deal, whichever the choice (the rules: play starts at the
# dealer's right, the seat that cuts); the kept or exposed card counts in the deal's three
# cards a hand and four on the table.
CUT_SUB = N_("You cut the deck and looked at this card; you play first in this deal.")
CUT_CHOICES = {
    "keep": N_("Keep: it becomes one of your three cards, seen by you alone."),
    "expose": N_("Expose: it is laid face up as one of the four table cards, for anyone to take."),
}
SETTINGS_TITLE = N_("Settings")
CONFIRM_TITLE = N_("Start a new match?")
CONFIRM_TEXT = N_("The match in progress will be lost.")


KEPT = N_("kept it")  # by a seat that cut and kept the card


def players_title(t: Language, players: int) -> str:
    return t._(PLAYERS_NAMES[players])


def confirm_title(t: Language, players: int) -> str:
    """The confirmation of a new match for another number of players."""
    if players == 4:
        return t._("Start a new four-player match?")
    return t._("Start a new two-player match?")


def held(t: Language, count: int) -> str:
    """Another seat's hand, face down: how many cards it holds."""
    return t.ngettext("{n} card in hand", "{n} cards in hand", count)


def dealer(t: Language, name: str, is_dealer: bool) -> str:
    return t._("{name} · dealer", name=name) if is_dealer else name


def stock(t: Language, count: int) -> str:
    return t.ngettext("{n} left", "{n} left", count)


def deal(t: Language, number: int) -> str:
    return t._("Deal {number}", number=number)


def target(t: Language, points: int) -> str:
    return t._("to {points}", points=points)


# --- the status line and the spoken announcements ---------------------------------------------


def thinking(t: Language, seat: int, players: int, seats: Viewpoint = SOLO) -> str:
    if not named(seat, players, seats):
        return t._(THINKING)
    return t._("{who} is thinking…", who=subject(t, seat, seats))


REDEALT = N_("Three of a kind on the table: the cards were dealt again.")
YOUR_CUT = N_("Your cut: keep or expose")
THINKING = N_("Computer is thinking…")
LOOKING = N_("Looking for a hint…")


def choose(t: Language, card: Card) -> str:
    return t._("Choose what your {card} takes", card=label(t, card))


def hint(t: Language, reason: str) -> str:
    return t._("Hint: {reason}", reason=reason)


def reason(t: Language, move: Move, cut_card: Card | None, why: Why, count: int = 0) -> str:
    """The hint's move, said to the player, and why (``why``, the engine's reason:
    ``chkobba.explain``; ``count``: its number, the sevens, the cards or the table's total):
    "take 7♦ with your 7♥: the 7ayya is a point"."""
    if move.kind != MoveKind.PLAY:
        return cut_reason(t, label(t, cut_card) if cut_card else "", why)
    assert move.card is not None
    card = label(t, move.card)
    if not move.captures:
        return lay_reason(t, card, move.card.value, why, count)
    cards = t.join([label(t, c) for c in move.captures])
    if why == Why.SWEEP:
        return t._("sweep the table with your {card}: a chkobba, one point", card=card)
    if why == Why.HAYYA:
        return t._("take {cards} with your {card}: the 7ayya is a point", cards=cards, card=card)
    if why == Why.SEVENS:
        return t.ngettext(
            "take {cards} with your {card}: a seven towards the bermila",
            "take {cards} with your {card}: {n} sevens towards the bermila",
            count,
            cards=cards,
            card=card,
        )
    if why == Why.DIAMONDS:
        return t.ngettext(
            "take {cards} with your {card}: a diamond towards the dinari",
            "take {cards} with your {card}: {n} diamonds towards the dinari",
            count,
            cards=cards,
            card=card,
        )
    if why == Why.MOST:
        return t._(
            "take {cards} with your {card}: the most cards you can take, towards the karta",
            cards=cards,
            card=card,
        )
    if why == Why.SHUT:
        return t._(
            "take {cards} with your {card}: the table left adds up to {total}, too much to sweep",
            cards=cards,
            card=card,
            total=count,
        )
    if why == Why.SIXES:
        return t.ngettext(
            "take {cards} with your {card}: a six, which breaks a tie in sevens",
            "take {cards} with your {card}: {n} sixes, which break a tie in sevens",
            count,
            cards=cards,
            card=card,
        )
    return t.ngettext(
        "take {cards} with your {card}: a card towards the karta",
        "take {cards} with your {card}: {n} cards towards the karta",
        count,
        cards=cards,
        card=card,
    )


def lay_reason(t: Language, card: str, value: int, why: Why, total: int) -> str:
    """Why the hint lays a card (it takes nothing: a card that can take must take)."""
    if why == Why.HIGH:
        return t._(
            "lay the {card}: the table then adds up to {total}, too much to sweep",
            card=card,
            total=total,
        )
    if why == Why.CHEAP:
        return t._("lay the {card}: no seven and no diamond, it gives little away", card=card)
    if why == Why.NOTHING:
        return t._(
            "lay the {card}: nothing on the table adds up to {value}", card=card, value=value
        )
    return t._("lay the {card}: by the expert's search, the card that costs least", card=card)


def cut_reason(t: Language, card: str, why: Why) -> str:
    """Why the hint keeps or exposes the cut card."""
    if why == Why.KEEP_HAYYA:
        return t._(
            "keep the {card}: the 7ayya is a point, and no one can take it from your hand",
            card=card,
        )
    if why == Why.KEEP_SEVEN:
        return t._(
            "keep the {card}: sevens win the bermila, and no one can take it from your hand",
            card=card,
        )
    if why == Why.KEEP_DIAMOND:
        return t._(
            "keep the {card}: diamonds win the dinari, and no one can take it from your hand",
            card=card,
        )
    if why == Why.KEEP:
        return t._("keep the {card}: by the expert's search, keeping it is better", card=card)
    if why == Why.EXPOSE_CHEAP:
        return t._("expose the {card}: no seven and no diamond, it gives little away", card=card)
    return t._(
        "expose the {card}: you play first, so you have the first chance to take it", card=card
    )


def turn(event: str, line: str) -> str:
    return f"{event} {line}".strip()


# --- announcements -----------------------------------------------------------------------------


def swept_table(t: Language, seat: int, players: int = 2, seats: Viewpoint = SOLO) -> str:
    if seats.you(seat):
        return t._("You swept the table")
    if not named(seat, players, seats):
        return t._("The computer swept the table")
    return t._("{who} swept the table", who=subject(t, seat, seats))


def chkobba_by(t: Language, seat: int, players: int, seats: Viewpoint = SOLO) -> str:
    """A chkobba as the live region says it: "Chkobba!", "Your partner: chkobba!"."""
    if not named(seat, players, seats):
        return t._(CHKOBBA)
    return t._("{who}: chkobba!", who=subject(t, seat, seats))


DEAL_TOLD = {
    2: N_("Deal {number}: you {you}, the computer {them}. Match: {total_you} to {total_them}."),
    4: N_(
        "Deal {number}: your side {you}, the opponents {them}. Match: {total_you} to {total_them}."
    ),
}


def deal_told(
    t: Language,
    number: int,
    points: tuple[int, ...],
    totals: tuple[int, ...],
    players: int = 2,
    seats: Viewpoint = SOLO,
) -> str:
    """A deal's score, spoken when its score sheet opens (the viewer's side first)."""
    mine = side_of(seats.viewer)
    other = 1 - mine
    numbers = {
        "number": number,
        "you": points[mine],
        "them": points[other],
        "total_you": totals[mine],
        "total_them": totals[other],
    }
    if players == 2 and seats.name(other):
        text = N_("Deal {number}: you {you}, {who} {them}. Match: {total_you} to {total_them}.")
        return t._(text, who=isolated(seats.name(other)), **numbers)
    if players > 2 and sides_by_people(seats):  # each side by its people's names
        text = N_(
            "Deal {number}: {side} {you}, {other} {them}. Match: {total_you} to {total_them}."
        )
        sides = {
            "side": side_name(t, mine, players, seats),
            "other": side_name(t, other, players, seats),
        }
        return t._(text, **sides, **numbers)
    return t._(DEAL_TOLD[players], **numbers)


# --- score sheets ------------------------------------------------------------------------------


def scored(t: Language, number: int) -> str:
    return t._("Deal {number} scored", number=number)


def won(t: Language, side: int, players: int = 2, seats: Viewpoint = SOLO) -> str:
    if players > 2:
        if sides_by_people(seats):  # (a side of one or two people: no verb to agree)
            return t._("The match goes to {side}!", side=side_name(t, side, players, seats))
        if seats.mine(side):
            return t._("You and your partner won the match!")
        return t._("The opponents won the match")
    if seats.you(side):
        return t._("You won the match!")
    if seats.name(side):
        return t._("{who} won the match!", who=isolated(seats.name(side)))
    return t._("The computer won the match")


def final(t: Language, totals: tuple[int, ...]) -> str:
    return t._("Final score {you} \u2013 {them}", you=totals[0], them=totals[1])  # an en dash


def tie(t: Language, target: int) -> str:
    return t._("Equal totals at {target} or more: one more deal decides the match.", target=target)


def leftovers(t: Language, side: int, count: int, players: int = 2, seats: Viewpoint = SOLO) -> str:
    if players > 2:
        if sides_by_people(seats):  # (a side of one or two people: no verb to agree)
            return t.ngettext(
                "The {n} card left on the table goes to {side}.",
                "The {n} cards left on the table go to {side}.",
                count,
                side=side_name(t, side, players, seats),
            )
        if seats.mine(side):
            return t.ngettext(
                "Your side took the {n} card left on the table.",
                "Your side took the {n} cards left on the table.",
                count,
            )
        return t.ngettext(
            "The opponents took the {n} card left on the table.",
            "The opponents took the {n} cards left on the table.",
            count,
        )
    if seats.you(side):
        return t.ngettext(
            "You took the {n} card left on the table.",
            "You took the {n} cards left on the table.",
            count,
        )
    if seats.name(side):
        return t.ngettext(
            "{who} took the {n} card left on the table.",
            "{who} took the {n} cards left on the table.",
            count,
            who=isolated(seats.name(side)),
        )
    return t.ngettext(
        "The computer took the {n} card left on the table.",
        "The computer took the {n} cards left on the table.",
        count,
    )


def left_on_table(t: Language, cards: Sequence[Card]) -> str:
    """The leftovers by name, on the score sheet."""
    return t._("Left on the table: {cards}", cards=cards_shown(t, cards))


# --- the deal's log ----------------------------------------------------------------------------


def log_button(t: Language, deal: str) -> str:
    """The log button's name: the deal's label ("Deal 2") and what the button opens."""
    return t._("{deal}: the log", deal=deal)


def log_title(t: Language, number: int) -> str:
    return t._("Deal {number}: what happened", number=number)


def taken_title(t: Language, number: int) -> str:
    return t._("Deal {number}: the cards each side took", number=number)


def leftovers_to(
    t: Language, side: int, cards: Sequence[Card], players: int = 2, seats: Viewpoint = SOLO
) -> str:
    """A log line: the cards left on the table at the deal's end, and who took them."""
    shown = cards_shown(t, cards)
    if players > 2:
        if seats.mine(side):
            return t._("Left on the table, taken by your side: {cards}", cards=shown)
        return t._("Left on the table, taken by the opponents: {cards}", cards=shown)
    if seats.you(side):
        return t._("Left on the table, taken by you: {cards}", cards=shown)
    if seats.name(side):
        who = isolated(seats.name(side))
        return t._("Left on the table, taken by {who}: {cards}", who=who, cards=shown)
    return t._("Left on the table, taken by the computer: {cards}", cards=shown)


def with_chkobba(t: Language, line: str) -> str:
    return f"{line} {t._(CHKOBBA)}"


def last_play(t: Language, line: str) -> str:
    """A seat's last play, as its chip says it to screen readers."""
    return t._("Last play: {play}", play=line)


# --- a deal as a link ----------------------------------------------------------------------------

SHARE = N_("Share this deal")
SHARE_TEXT = N_("Whoever opens this link follows the deal move by move, as you saw it.")
COPY = N_("Copy the link")
COPIED = N_("Link copied")
REPLAY_START = N_("A shared deal, as its player saw it: follow it move by move.")
REPLAY_BUTTONS = {
    "first": N_("To the start"),
    "prev": N_("Previous move"),
    "next": N_("Next move"),
    "last": N_("To the end"),
}
OWN_MATCH = N_("Back to your match")


def share_title(t: Language, number: int) -> str:
    return t._("Deal {number}: share it", number=number)


def replay_step(t: Language, step: int, total: int) -> str:
    return t._("Move {step} of {total}", step=step, total=total)


# --- the play review ----------------------------------------------------------------------------

REVIEW = N_("How did I play?")
REVIEW_TOGETHER = N_("How did each of us play?")
EXPERT = N_("The expert's replay")
THE_EXPERT = N_("The expert")
WORKING = N_("Working it out…")
NO_EXPERT = N_(
    "This deal began from a position set up in mid-play: there is no shuffle to deal again."
)
GRADE_NAMES = {"best": N_("Best"), "fine": N_("Fine"), "costly": N_("Costly")}


def review_title(t: Language, number: int, who: str = "") -> str:
    """The review's title: of the player's play, or of a person's named (pass-and-play)."""
    if who:
        return t._("Deal {number}: how {who} played", number=number, who=isolated(who))
    return t._("Deal {number}: how you played", number=number)


def review_summary(t: Language, counts: dict[str, int]) -> str:
    return t._(
        "Best: {best} · fine: {fine} · costly: {costly}",
        best=counts["best"],
        fine=counts["fine"],
        costly=counts["costly"],
    )


def decimal(t: Language, value: float) -> str:
    """A number with one decimal as the language writes it: "1.5"; in French "1,5"."""
    text = f"{value:.1f}"
    return text.replace(".", ",") if t.code == "fr" else text


def expert_instead(t: Language, move: Move, cut_card: Card | None, loss: float) -> str:
    """What the hard bot would have done instead, and what the difference cost, by its search.

    The cost has a decimal ("about 1.5 points"): its plural form is chosen by its whole part
    (English says "points" for every such number, so both of its forms do; French says
    "1,5 point", "2,5 points"; Arabic "3.5 نقاط", "0.5 نقطة")."""
    points, whole = decimal(t, loss), int(loss)
    if move.kind == MoveKind.KEEP:
        return t.ngettext(
            "The expert would have kept the cut card (about {points} points).",
            "The expert would have kept the cut card (about {points} points).",
            whole,
            points=points,
        )
    if move.kind == MoveKind.EXPOSE:
        return t.ngettext(
            "The expert would have exposed the cut card (about {points} points).",
            "The expert would have exposed the cut card (about {points} points).",
            whole,
            points=points,
        )
    assert move.card is not None
    card = label(t, move.card)
    if move.captures:
        return t.ngettext(
            "The expert would have played {card} to take {cards} (about {points} points).",
            "The expert would have played {card} to take {cards} (about {points} points).",
            whole,
            card=card,
            cards=cards_shown(t, move.captures),
            points=points,
        )
    return t.ngettext(
        "The expert would have laid {card} (about {points} points).",
        "The expert would have laid {card} (about {points} points).",
        whole,
        card=card,
        points=points,
    )


def expert_title(t: Language, number: int, who: str = "") -> str:
    if who:
        return t._(
            "Deal {number}: the expert in the seat of {who}", number=number, who=isolated(who)
        )
    return t._("Deal {number}: the expert in your seat", number=number)


def expert_others(
    t: Language, points: tuple[int, int], players: int = 2, who: str = "", other: str = ""
) -> str:
    """What the other side scored against the player, and against the expert; at a table of
    people (pass-and-play), the opponent and the person replayed by name."""
    if players == 2 and who and other:
        return t._(
            "{other} scored {yours} against {who}, {experts} against the expert.",
            other=isolated(other),
            who=isolated(who),
            yours=points[0],
            experts=points[1],
        )
    if players > 2:
        return t._(
            "The opponents scored {yours} against your side, {experts} against the expert's.",
            yours=points[0],
            experts=points[1],
        )
    return t._(
        "The computer scored {yours} against you, {experts} against the expert.",
        yours=points[0],
        experts=points[1],
    )


def undos_used(t: Language, count: int) -> str:
    """The match's result says plays were taken back."""
    return t.ngettext(
        "A play was taken back in this match.",
        "Plays were taken back {n} times in this match.",
        count,
    )


def match_target(t: Language, points: int) -> str:
    return target(t, points)


def settings_note(t: Language, points: int) -> str:
    return t._(
        "This match is played to {points}; a new target applies from the next new game.",
        points=points,
    )


# --- try again (a costly decision of the review, made anew) ---------------------------------

RETRY = N_("Try again")
RETRY_BAR = N_("Trying again: the table as it was before your move. Your match stays as it is.")
RETRY_BAR_ON = N_("Trying again: the play goes on from your new choice. Your match stays as it is.")
RETRY_FOLLOW = N_("Follow the hand to its end")
RETRY_BACK = N_("Back to the review")
RETRY_AS_GOOD = N_("As good as the expert's choice.")
RETRY_SAME = N_("The same choice as in your match.")
RETRY_EVEN = N_("About the same as what you played in your match.")
RETRY_HAND_OVER = N_("The hand is over.")


def retry_title(t: Language, number: int) -> str:
    return t._("Deal {number}: your move tried again", number=number)


def retry_gain(t: Language, gain: float) -> str:
    """What the new choice gains (``gain`` > 0) or costs against the match's move, by the
    review's search, over the rest of the hand (its plural by the whole part, as
    ``expert_instead``'s)."""
    points, whole = decimal(t, abs(gain)), int(abs(gain))
    if gain > 0:
        return t.ngettext(
            "Over the rest of the hand, it gains about {points} points on what you played.",
            "Over the rest of the hand, it gains about {points} points on what you played.",
            whole,
            points=points,
        )
    return t.ngettext(
        "Over the rest of the hand, it costs about {points} points more than what you played.",
        "Over the rest of the hand, it costs about {points} points more than what you played.",
        whole,
        points=points,
    )


# --- notices -----------------------------------------------------------------------------------


def quote(value: str) -> str:
    """An outside value as the player sees it quoted: cut to QUOTE_LIMIT characters."""
    if len(value) > QUOTE_LIMIT:
        value = value[: QUOTE_LIMIT - 1] + "…"
    return repr(value)


REASON_LIMIT = 160  # characters of a reason quoted in a notice


def clip(text: str, limit: int = REASON_LIMIT) -> str:
    """A reason quoted whole, or cut at its last word that fits, with an ellipsis (never in
    the middle of a word; a single word longer than ``limit`` is cut at ``limit``)."""
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    space = cut.rfind(" ")
    if space > 0:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "…"


def address_problem(t: Language, problem: AddressProblem) -> str:
    name, value = quote(problem.name)[1:-1], quote(problem.value)
    choices = {
        "level": ", ".join(LEVELS),
        "target": ", ".join(map(str, TARGETS)),
        "lang": ", ".join(LANGUAGES),
        "seats": ", ".join(map(str, PLAYERS)),
    }
    if problem.kind in PUZZLE_PROBLEMS:
        return puzzle_problem(t, problem.kind, name, value, clip(problem.value))
    if problem.kind == "unknown":
        return t._("unknown parameter {name}", name=quote(problem.name))
    if problem.kind == "position":
        return t._("position: {problem}", problem=ltr(t, clip(problem.value)))
    if problem.kind == "deal":
        return t._("the shared deal: {problem}", problem=ltr(t, clip(problem.value)))
    if problem.kind == "seed":
        return t._("{name}={value} is not a whole number ≥ 0", name=name, value=value)
    if problem.kind == "daily":
        return t._("{name}={value} is not a day like 2026-12-03", name=name, value=value)
    if problem.kind == "future":
        return t._("{name}={value} is a day to come: here is today's deal", name=name, value=value)
    if problem.kind == "pace":
        return t._("{name}={value} is not a number from 0 to 10", name=name, value=value)
    return t._(
        "{name}={value} is not one of {choices}",
        name=name,
        value=value,
        choices=choices[problem.kind],
    )


KEPT_NOTICES = {  # what could not be read, and was set aside
    "settings": N_(
        "Your settings could not be read. A copy was kept aside; the usual settings apply."
    ),
    "days": N_("The days you played the daily deal could not all be read. A copy was kept aside."),
    "frame": N_("The table kept for a quick start could not be read. A copy was kept aside."),
    "puzzle-days": N_(
        "The days you solved the puzzle could not all be read. A copy was kept aside."
    ),
    "puzzles": N_("Your puzzles could not all be read. A copy was kept aside."),
    "": N_("Something the game kept could not be read. A copy was kept aside."),
}


def notice(t: Language, item: Notice) -> str:
    kind = item.kind
    if kind == NoticeKind.UNREADABLE:
        if item.detail != ("lost",):
            return t._(
                "Your saved match could not be read. A copy was kept aside. "
                "A new match has started."
            )
        return t._("Your saved match could not be read. A new match has started.")
    if kind == NoticeKind.EDITED:
        return t._(
            "Your saved match had been changed outside the game, so it was set aside. "
            "A new match has started."
        )
    if kind == NoticeKind.UNSAVED:
        return t._(
            "This device does not let the game save: you can play on, but progress is not kept."
        )
    if kind == NoticeKind.ELSEWHERE:
        return t._("This match was played on in another tab; here it is as it stands.")
    if kind == NoticeKind.ADDRESS:
        listed = "; ".join(address_problem(t, p) for p in item.problems[:LISTED_PROBLEMS])
        more = len(item.problems) - LISTED_PROBLEMS
        if more > 0:
            listed = t.ngettext(
                "{problems}; and {n} more", "{problems}; and {n} more", more, problems=listed
            )
        return t._("Ignored in the address: {problems}.", problems=listed)
    if kind == NoticeKind.STATS:
        return stats_notice(t, item.detail)
    if kind == NoticeKind.PEER:
        return peer_notice(t, item.detail)
    if kind == NoticeKind.KEPT:
        return t._(KEPT_NOTICES.get(item.detail[0] if item.detail else "", KEPT_NOTICES[""]))
    raise ValueError(f"no words for the notice {kind!r}")


# --- the statistics ---------------------------------------------------------------------------

STATS = N_("Your statistics")
STATS_EMPTY = N_("No match finished yet: your statistics begin with your first.")
STATS_ROWS = {
    "played": N_("Matches"),
    "won": N_("Won"),
    "streak": N_("Wins in a row"),
    "points": N_("Points per deal"),
    "chkobbas": N_("Chkobbas"),
    "hayyas": N_("7♦ taken"),
    "best": N_("Best match"),
}
STATS_CHART_KEY = N_("Above the line, a match won, by how many points; below, a match lost.")
STATS_EXPORT = N_("Export to a file")
STATS_IMPORT = N_("Import from a file")
STATS_RESET = N_("Reset")
STATS_RESET_ASK = N_("Reset all your statistics? This cannot be undone.")
STATS_RESET_YES = N_("Yes, reset them")
STATS_IMPORT_YES = N_("Yes, replace them")
STATS_FILE_ERRORS = {
    "foreign": N_("This file is not a Chkobba statistics file: nothing was imported."),
    "newer": N_(
        "This file was made by a newer version of the game: update the game, then import it."
    ),
    "damaged": N_("This statistics file is damaged: nothing was imported."),
}
UNSAVED_STATS = "unsaved"
STATS_NOTICES = {
    "unreadable": N_(
        "Your statistics could not be read. A copy was kept aside; they begin again from here."
    ),
    "newer": N_(
        "Your statistics were kept by a newer version of the game. A copy was kept aside; "
        "they begin again from here."
    ),
    "unsaved": N_(
        "This device does not let the game keep your statistics: play goes on, but they are "
        "not updated."
    ),
}


def percent(part: int, whole: int) -> int:
    """``part`` of ``whole`` in whole percent (0 of 0 is 0)."""
    return round(100 * part / whole) if whole else 0


def stats_summary(t: Language, played: int, won: int) -> str:
    return t.ngettext(
        "{n} match played, {won} won ({percent}%)",
        "{n} matches played, {won} won ({percent}%)",
        played,
        won=won,
        percent=percent(won, played),
    )


def stats_group(t: Language, level: str, players: int) -> str:
    """A tally's heading: "Hard · two players"."""
    return f"{t._(LEVEL_NAMES[level])} · {players_title(t, players)}"


def stats_won(t: Language, won: int, played: int) -> str:
    return t._("{won} ({percent}%)", won=won, percent=percent(won, played))


def stats_streak(t: Language, current: int, best: int) -> str:
    return t._("{current} now, best {best}", current=current, best=best)


def stats_hayyas(t: Language, hayyas: int, deals: int) -> str:
    return t.ngettext("in {n} deal of {deals}", "in {n} deals of {deals}", hayyas, deals=deals)


def day(t: Language, when: str) -> str:
    """An ISO date ("2025-03-01...") as the language writes it: "01/03/2025" in French and
    Arabic (as in Tunisia), "2025-03-01" in English; never broken across lines."""
    year, month, date = when[:10].split("-")
    if t.code == "en":
        return f"{year}\u2011{month}\u2011{date}"  # non-breaking hyphens
    return f"{date}/{month}/{year}"


def stats_best(t: Language, margin: int, when: str) -> str:
    return t.ngettext(
        "won by {n} point, {date}", "won by {n} points, {date}", margin, date=day(t, when)
    )


def stats_chart(t: Language, shown: int, won: int) -> str:
    """The chart's name: what it shows, in numbers."""
    return t.ngettext(
        "Your last {n} match: {won} won", "Your last {n} matches: {won} won", shown, won=won
    )


def stats_bar(t: Language, when: str, ours: int, theirs: int, won: bool) -> str:
    """One bar of the chart, in words."""
    date = day(t, when)
    if won:
        return t._("{date}: won {ours} to {theirs}", date=date, ours=ours, theirs=theirs)
    return t._("{date}: lost {ours} to {theirs}", date=date, ours=ours, theirs=theirs)


def stats_import_ask(t: Language, now: int, then: int) -> str:
    """Whether to replace the statistics kept (``now`` matches) by a file's (``then``)."""
    return t.ngettext(
        "Replace your statistics ({mine}) with this file's: {n} match?",
        "Replace your statistics ({mine}) with this file's: {n} matches?",
        then,
        mine=t.ngettext("{n} match", "{n} matches", now),
    )


def stats_notice(t: Language, detail: tuple[str, ...]) -> str:
    """Why the statistics are not as kept: ``detail`` is (unreadable | newer | unsaved,)."""
    why = detail[0] if detail and detail[0] in STATS_NOTICES else UNSAVED_STATS
    return t._(STATS_NOTICES[why])


# --- the daily deal -----------------------------------------------------------------------------

DAILY = N_("Daily deal")
DAILY_LINK = N_("Today's deal: the same cards for everyone")
DAILY_NOTE = N_(
    "The daily deal: one deal, the same cards for everyone today, against the hard computer; "
    "no hint, no undo."
)
SHARE_RESULT = N_("Share the result")
COPIED_RESULT = N_("Result copied")


def daily_result(t: Language, ours: int, theirs: int) -> str:
    if ours > theirs:
        return t._("You won the daily deal, {ours} to {theirs}!", ours=ours, theirs=theirs)
    if ours < theirs:
        return t._("You lost the daily deal, {ours} to {theirs}", ours=ours, theirs=theirs)
    return t._("The daily deal is drawn, {ours} all", ours=ours)


def daily_of(t: Language, when: str) -> str:
    return t._("Daily deal of {date}, against the hard computer.", date=day(t, when))


def daily_streak(t: Language, current: int, best: int) -> str:
    """The run of days on which the daily deal was played."""
    return t.ngettext(
        "Played {n} day in a row (best: {best}).",
        "Played {n} days in a row (best: {best}).",
        current,
        best=best,
    )


def next_daily(t: Language, minutes: int) -> str:
    """When the next day's deal comes (UTC midnight), once today's is played."""
    hours, minutes = divmod(minutes, 60)
    return t._(
        "Today's deal is played. The next one comes at midnight UTC, in {hours} h {minutes} min.",
        hours=hours,
        minutes=f"{minutes:02d}",
    )


def daily_share(t: Language, when: str, ours: int, theirs: int) -> str:
    """The text shared with the daily's link (the page adds the link)."""
    return t._(
        "Chkobba, daily deal of {date}: {ours}\u2013{theirs} against the hard computer. "
        "Play the same deal:",
        date=day(t, when),
        ours=ours,
        theirs=theirs,
    )


# --- people at one table (pass-and-play) -------------------------------------------------------

PEOPLE_LINK = N_("Play with people on this phone")
PEOPLE_TITLE = N_("People at the table")
PEOPLE_SUB = N_(
    "Take turns on this phone; the computer plays the seats no one takes. Between two people's "
    "turns every hand is hidden until the next one is ready."
)
PEOPLE_FRIENDS = N_(
    "A friend far away plays on their own phone: after Start, send them the invitation, and "
    "enter the answer they send back."
)
PEOPLE_KINDS = {  # who plays a seat (short: a phone's half width)
    "person": N_("Person here"),
    "computer": N_("Computer"),
    "friend": N_("Friend online"),
}
PEOPLE_START = N_("Start the match")
TEAM_NOTE = N_("Players 1 and 3 are partners against players 2 and 4.")
PASS_READY = N_("Show my cards")


def player_label(t: Language, seat: int) -> str:
    """A seat in the form that sets up a match: "Player 1" (seat 0) to "Player 4"."""
    return t._("Player {number}", number=seat + 1)


ARTICLE, LAM = "\u0627\u0644", "\u0644"  # Arabic's article ال, and its ل


def to_whom(t: Language, name: str) -> str:
    """Whom a phone or an invitation goes to: "à Leïla", "to Leïla", "لـسامي"; in Arabic لـ and
    the article ال of a name are written لل ("للهادي"), and لـ + الل two lams ("للاعب 2", never
    "لـاللاعب 2")."""
    if t.code == "ar" and name.startswith(ARTICLE):
        joined = LAM + name[1:]
        return isolated(joined[1:] if joined.startswith(LAM * 3) else joined)
    # TRANSLATORS: whom a phone or an invitation goes to; {who} is a person's name.
    return t._("to {who}", who=isolated(name))


def pass_title(t: Language, name: str) -> str:
    return t._("Pass the phone {to_whom}", to_whom=to_whom(t, name))


def pass_text(t: Language, name: str) -> str:
    return t._(
        "Every hand is hidden. {who}, tap when you hold the phone to see your cards.",
        who=isolated(name),
    )


# --- friends far away (peer to peer) -----------------------------------------------------------

FRIENDS_TITLE = N_("Friends far away")
STUN_CHOICE = N_(
    "Friends on other networks: ask a public server (stun.l.google.com) for each phone's address"
)
GUEST_NOTE = N_("You play in a friend's match: its rules and its next match are theirs.")
INVITE_HOW = N_(
    "Send this invitation {to_whom} (a message, or the code shown to their camera). They open "
    "it, and send back an answer: enter it here."
)
ANSWER_LABEL = N_("The answer from {who}")
CONNECT = N_("Connect")
INVITE_AGAIN = N_("New invitation")
COPY_INVITE = N_("Copy the invitation")
COPY_ANSWER = N_("Copy the answer")
SCAN = N_("Scan the answer with the camera")
QR_INVITE = N_("The invitation as a QR code")
QR_ANSWER = N_("The answer as a QR code")
GUEST_HOW = N_(
    "Send this answer back to the friend who invited you (a message, or the code shown to their "
    "camera). The match starts on its own once they enter it."
)
TRUST_HOST = N_(
    "Your phone deals and keeps the match: your friends see only their own cards and the table, "
    "and every move they send is checked here. Nothing goes through a server; across networks a "
    "public STUN server (stun.l.google.com) only tells each phone its address."
)
TRUST_GUEST = N_(
    "The friend who invited you deals on their phone and checks every move: you see only your "
    "cards and the table, and must trust their phone to deal fairly. Nothing goes through a "
    "server; across networks a public STUN server (stun.l.google.com) only tells each phone its "
    "address."
)
NO_WEBRTC = N_(
    "This browser cannot play with friends far away: a recent Chrome, Firefox, Safari or Edge can."
)
LINK_STATES = {
    LinkState.MAKING: N_("Making the invitation…"),
    LinkState.WAITING: N_("Waiting for the answer"),
    LinkState.CONNECTING: N_("Connecting…"),
    LinkState.OPEN: N_("Connected"),
    LinkState.LOST: N_("Connection lost: send a new invitation to resume the match"),
    LinkState.FAILED: N_("No connection could be made: send a new invitation"),
    LinkState.UNSUPPORTED: NO_WEBRTC,
}
GUEST_STATES = {
    LinkState.MAKING: N_("Making your answer…"),
    LinkState.WAITING: N_("Waiting for your friend to enter your answer"),
    LinkState.CONNECTING: N_("Connecting…"),
    LinkState.OPEN: N_("Connected"),
    LinkState.LOST: N_("Connection lost: ask your friend for a new invitation"),
    LinkState.FAILED: N_("This invitation could not be used: ask your friend for a new one"),
    LinkState.UNSUPPORTED: N_(
        "This browser cannot play online: open the invitation in a recent Chrome, Firefox, "
        "Safari or Edge."
    ),
}


def link_state(t: Language, state: LinkState, host: bool) -> str:
    return t._((LINK_STATES if host else GUEST_STATES)[state])


def waiting_for(t: Language, name: str) -> str:
    """A friend far away whose turn it is is not connected."""
    return t._("Waiting for {who} to connect again…", who=isolated(name))


def invite_how(t: Language, name: str) -> str:
    return t._(INVITE_HOW, to_whom=to_whom(t, name))


def answer_label(t: Language, name: str) -> str:
    return t._(ANSWER_LABEL, who=isolated(name))


def code_refused(t: Language, reason: str, quote: str, detail: str = "") -> str:
    """Why a code (an invitation, an answer) cannot be used: ``reason``, web/game/peer.js's
    (CodeError), ``quote`` the start of the code (at most 24 characters), ``detail`` a fact."""
    code = ltr(t, quote[:24])
    if reason == "empty":
        return t._("The code is empty.")
    if reason == "character":
        return t._(
            "The code “{code}” has a character no code has: “{char}”.",
            code=code,
            char=ltr(t, detail[:1]),
        )
    if reason == "damaged":
        return t._("The code “{code}” is damaged: cut short or changed.", code=code)
    if reason == "foreign":
        return t._("The code “{code}” is not a code of this game.", code=code)
    if reason == "version":
        return t._("The code “{code}” is from another version of the game.", code=code)
    if reason == "invitation":
        return t._("The code “{code}” is an invitation, not an answer.", code=code)
    if reason == "reply":
        return t._("The code “{code}” is an answer, not an invitation.", code=code)
    if reason == "answered":
        return t._("This invitation was answered already.")
    if reason == "no-webrtc":
        return t._(NO_WEBRTC)
    return t._("The code “{code}” holds no connection this browser can use.", code=code)


def peer_notice(t: Language, detail: tuple[str, ...]) -> str:
    """("refused", who, why[, count]): a message (``count`` messages) from ``who`` was refused
    and changed nothing; ("lost", who): the link to ``who`` was lost ("" : the host);
    ("flooded", who): ``who`` sent far more than anyone plays, and was dropped; ("dropped", ""):
    the host dropped this page so; ("broken", "", why): the host sent what no play leads to;
    ("took",) / ("untaken",): an answer link opened in this tab went to the tab that invited,
    or to none."""
    what, who = detail[0], isolated(detail[1]) if detail[1] else t._("your friend")
    if what == "took":
        return t._(
            "Your friend's answer went to the game that invited them: go back to its tab (this "
            "one may be closed)."
        )
    if what == "untaken":
        return t._(
            "No game here is waiting for this answer: open the game that made the invitation and "
            "enter this page's address as the answer."
        )
    if what == "lost":
        return t._("The connection to {who} was lost.", who=who)
    if what == "flooded":
        return t._(
            "{who} sent far more messages than anyone plays: the connection was closed.", who=who
        )
    if what == "dropped":
        return t._(
            "The host closed the connection: this game sent far more messages than anyone plays."
        )
    if what == "broken":
        return t._(
            "The host's game sent a position no play leads to: the connection was closed. ({why})",
            why=detail[2],
        )
    if len(detail) > 3:
        return t._(
            "{count} messages from {who} were refused and changed nothing. The last: {why}",
            count=detail[3],
            who=who,
            why=detail[2],
        )
    return t._(
        "A message from {who} was refused and changed nothing: {why}", who=who, why=detail[2]
    )


# --- puzzles (``puzzle``) -----------------------------------------------------------------------

PUZZLE = N_("Puzzle")
PUZZLE_LINK = N_("Puzzle of the day: find the one best move")
PUZZLE_NOTE = N_(
    "A puzzle: the last hand of a deal, every card known. One move is better than every other "
    "by a point or more; find it."
)
OWN_PUZZLE = N_("Your puzzle")
MAKING_PUZZLE = N_("Making the puzzle…")
NO_PUZZLE_MADE = N_("No puzzle could be made for this day.")
PUZZLE_SOLVED = N_("Solved!")
PUZZLE_OVER = N_("The answer is on the table.")
SHOW_ANSWER = N_("Show the answer")
SHARE_PUZZLE = N_("Share the puzzle")
COPY_BOARD = N_("Copy as a board")
BOARD_COPIED = N_("Board copied")
YOUR_PUZZLES = N_("Your puzzles")
TODAYS_PUZZLE = N_("Today's puzzle")
NO_PUZZLES = N_(
    "No puzzle of your own yet. A costly move in a deal's last hand, against one opponent, "
    "becomes one."
)
PUZZLE_PROBLEMS = ("puzzle", "puzzle-position", "not-puzzle")
THE_HAYYA = N_("the 7ayya")
CATEGORY_WORDS = {  # a category as a sentence names it (chkobba.kernel.CATEGORIES)
    "karta": N_("the karta"),
    "dinari": N_("the dinari"),
    "bermila": N_("the bermila"),
    "hayya": THE_HAYYA,
    "chkobba": N_("the chkobbas"),
}


def puzzle_problem(t: Language, kind: str, name: str, value: str, reason: str) -> str:
    """What the address asked wrong of a puzzle (``PUZZLE_PROBLEMS``)."""
    if kind == "puzzle":
        return t._(
            "{name}={value} is not a day like 2027-01-01: here is today's puzzle",
            name=name,
            value=value,
        )
    if kind == "puzzle-position":
        return t._("the puzzle's position: {problem}", problem=ltr(t, reason))
    return t._("the puzzle's position has no one best move: here is today's puzzle")


def puzzle_of(t: Language, when: str) -> str:
    return t._("Puzzle of {date}", date=day(t, when))


def puzzle_taken(t: Language, counts: tuple[int, int, int, int], hayya: bool, sweeps: int) -> str:
    """What a side has taken that scores: "5 cards, 2 diamonds, 1 seven, 0 sixes, the 7ayya,
    1 chkobba"."""
    cards, diamonds, sevens, sixes = counts
    parts = [
        t.count_cards(cards),
        t.ngettext("{n} diamond", "{n} diamonds", diamonds),
        t.ngettext("{n} seven", "{n} sevens", sevens),
        t.ngettext("{n} six", "{n} sixes", sixes),
    ]
    if hayya:
        parts.append(t._(THE_HAYYA))
    if sweeps:
        parts.append(chkobbas(t, sweeps))
    return t.pgettext("list", ", ").join(parts)


def puzzle_question(t: Language, other: Sequence[Card], ours: str, theirs: str) -> str:
    """The question, with what the table does not show."""
    return t._(
        "Find the one best move to the end of the deal. The other hand holds {cards}. "
        "Taken so far: you, {ours}; the other side, {theirs}.",
        cards=cards_shown(t, other),
        ours=ours,
        theirs=theirs,
    )


def puzzle_play(t: Language, move: Move) -> str:
    """A play in a puzzle's reason: "Q♥ taking 2♦ 6♠", "5♣ laid"."""
    assert move.card is not None
    card = label(t, move.card)
    if move.captures:
        return t._("{card} taking {cards}", card=card, cards=cards_shown(t, move.captures))
    return t._("{card} laid", card=card)


def categories(t: Language, names: Sequence[str]) -> str:
    return t.join([t._(CATEGORY_WORDS[name]) for name in names])


def puzzle_reason(
    t: Language, answer: Move, leaves: Sequence[Card], margin: int, other: Move, wins: Sequence[str]
) -> str:
    """Why the answer is the one: what it takes and leaves, by how much it beats the best other
    move, and where."""
    left = cards_shown(t, leaves) if leaves else t._("nothing")
    return t.ngettext(
        "{play}, leaving {left} on the table: with best play by both, {n} point better than "
        "{other}, on {categories}.",
        "{play}, leaving {left} on the table: with best play by both, {n} points better than "
        "{other}, on {categories}.",
        margin,
        play=puzzle_play(t, answer),
        left=left,
        other=puzzle_play(t, other),
        categories=categories(t, wins),
    )


def puzzle_right(t: Language, reason: str) -> str:
    return t._("Right! {reason}", reason=reason)


def puzzle_shown(t: Language, reason: str) -> str:
    return t._("The answer: {reason}", reason=reason)


def puzzle_clue(t: Language, loss: int, at_stake: Sequence[str]) -> str:
    """What an allowed wrong move is told, without the answer."""
    return t.ngettext(
        "Not the best: with best play by both, this move scores {n} point less than the best "
        "one. Look at {categories}, and try again.",
        "Not the best: with best play by both, this move scores {n} points less than the best "
        "one. Look at {categories}, and try again.",
        loss,
        categories=categories(t, at_stake),
    )


def puzzle_refused(t: Language, why: str) -> str:
    return t._("{why} Try again.", why=why)


def puzzle_streak(t: Language, current: int, best: int) -> str:
    """The run of days on which the day's puzzle was solved."""
    return t.ngettext(
        "Solved {n} day in a row (best: {best}).",
        "Solved {n} days in a row (best: {best}).",
        current,
        best=best,
    )


def own_puzzle_item(t: Language, hand: Sequence[Card]) -> str:
    return t._("Your hand: {cards}", cards=cards_shown(t, hand))


def solved_or_not(t: Language, solved: bool) -> str:
    return t._("solved") if solved else t._("not solved yet")
