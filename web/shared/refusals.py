"""A refused move, and a move, in the player's words: the engine's ``Refusal`` (its facts, decided
once by the engine) said in the player's language, in the second person, the cards as the game
prints them ("7♥", a capture "3♣ + 4♠"). The engine's own English line is ``Refusal.text``."""

from __future__ import annotations

from collections.abc import Sequence

from chkobba import Card, Move, MoveKind, Refusal, RefusalKind
from chkobba.refusals import GROUPS_SHOWN

from .i18n import N_, Language
from .words import isolated, label, ltr

SAID = {  # the refusals said without a card's facts
    RefusalKind.OVER: N_("The match is over: there are no more moves."),
    RefusalKind.CUT_FIRST: N_("First keep or expose the cut card."),
    RefusalKind.CUT_DONE: N_("The cut is done: play a card from your hand."),
}


def refused(t: Language, refusal: Refusal, who: str = "") -> str:
    """Why ``refusal``'s move is not allowed, in one sentence: "The 7♥ cannot take 3♣ + 4♠: an
    equal card comes first, it must take the 7♦."; ``who``: the move is that person's (a friend
    far away), not the reader's: "The Q♥ is not in Sami's hand."."""
    kind = refusal.kind
    if kind == RefusalKind.CUT_DONE and who:
        return t._("The cut is done: {who} must play a card.", who=isolated(who))
    if kind in SAID:
        return t._(SAID[kind])
    assert refusal.card is not None
    card, value = label(t, refusal.card), refusal.card.value
    taken, options = group(t, refusal.taken), refusal.options
    if kind == RefusalKind.NOT_IN_HAND and who:
        return t._("The {card} is not in the hand of {who}.", card=card, who=isolated(who))
    if kind == RefusalKind.NOT_IN_HAND:
        return t._("The {card} is not in your hand.", card=card)
    if kind == RefusalKind.MUST_CAPTURE and who:
        return t._(
            "The {card} of {who} must take {choices}: a card that can take must take.",
            card=card,
            who=isolated(who),
            choices=choices(t, options),
        )
    if kind == RefusalKind.MUST_CAPTURE:
        return t._(
            "Your {card} must take {choices}: a card that can take must take.",
            card=card,
            choices=choices(t, options),
        )
    if kind == RefusalKind.NOT_ON_TABLE:
        return t.ngettext(
            "The {card} cannot take {taken}: {missing} is not on the table.",
            "The {card} cannot take {taken}: {missing} are not on the table.",
            len(refusal.missing),
            card=card,
            taken=taken,
            missing=t.join([label(t, c) for c in refusal.missing]),
        )
    if kind == RefusalKind.TAKES_NOTHING:
        return t._(
            "The {card} cannot take {taken}: nothing on the table adds up to {value}, "
            "so it can only be laid.",
            card=card,
            taken=taken,
            value=value,
        )
    if kind == RefusalKind.EQUAL_FIRST:
        return t.ngettext(
            "The {card} cannot take {taken}: an equal card comes first, it must take the "
            "{choices}.",
            "The {card} cannot take {taken}: an equal card comes first, it must take {choices}.",
            len(options),
            card=card,
            taken=taken,
            choices=choices(t, options),
        )
    return t.ngettext(
        "The {card} cannot take {taken}: that makes {total}, not {value}; it may take {choices}.",
        "The {card} cannot take {taken}: they make {total}, not {value}; it may take {choices}.",
        len(refusal.taken),
        card=card,
        taken=taken,
        total=refusal.total,
        value=value,
        choices=choices(t, options),
    )


def move_words(t: Language, move: Move) -> str:
    """A move of the player's, as a clause: "your K♠ takes 4♣ + 6♥", "you lay the 5♠",
    "you keep the cut card", "you expose the cut card"."""
    if move.kind == MoveKind.KEEP:
        return t._("you keep the cut card")
    if move.kind == MoveKind.EXPOSE:
        return t._("you expose the cut card")
    assert move.card is not None
    card = label(t, move.card)
    if not move.captures:
        return t._("you lay the {card}", card=card)
    return t._("your {card} takes {cards}", card=card, cards=group(t, move.captures))


def not_asked(t: Language, move: Move, why: str) -> str:
    """An allowed move that is not the one a puzzle or a lesson asks for, and ``why`` (the
    author's words, already in the reader's language)."""
    return t._(
        "That is allowed ({move}), but it is not the move asked for here: {why}",
        move=move_words(t, move),
        why=why,
    )


def group(t: Language, cards: Sequence[Card]) -> str:
    """Cards taken together, as printed: "3♣ + 4♠" (left to right, in Arabic too)."""
    return ltr(t, " + ".join(card.label for card in cards))


def choices(t: Language, groups: Sequence[Sequence[Card]]) -> str:
    """What a card may take: "3♣ + 4♠ or 2♣ + 5♠"; past ``GROUPS_SHOWN``, how many more."""
    items = [group(t, cards) for cards in groups[:GROUPS_SHOWN]]
    more = len(groups) - GROUPS_SHOWN
    if more > 0:
        items.append(t.ngettext("{n} other choice", "{n} other choices", more))
    if len(items) == 1:
        return items[0]
    # TRANSLATORS: the last two of a list of choices: "3♣ + 4♠ or 2♣ + 5♠".
    return t._("{items} or {last}", items=t.pgettext("list", ", ").join(items[:-1]), last=items[-1])
