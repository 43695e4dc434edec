"""A refused move and a move in the player's words (shared.refusals), in French, Tunisian Arabic and
English, with the page's compiled catalogs: no browser needed."""

from __future__ import annotations

import random

import pytest
from chkobba import DECK, Card, Game, Move, RefusalKind, Rules
from engine_support import positions
from shared import i18n
from shared.refusals import move_words, not_asked, refused
from shared.words import LTR_ISOLATE, POP_ISOLATE

EN, FR, AR = (i18n.language(lang) for lang in ("en", "fr", "ar"))
# Seat 0 holds 7♥ K♣ and the table is 7♦ 4♠ 3♣; seat 1 holds 2♥ 6♣.
SEVENS = "7D4S3C 7HKC/2H6C 0 -/- - 0-0/21 1 -"
# Seat 0 holds Q♥ J♣ (8 and 9) and the table is 2♦ 6♠.
QUEEN = "2D6S QHJC/KC5H 0 -/- - 0-0/21 1 -"
CUT = f"- -/- c0 -/- {''.join(card.code for card in DECK)} 0-0/21 1 -"
OVER = "- -/- x -/- - 21-3/21 1 -"

SAID = {
    RefusalKind.OVER: (
        OVER,
        "QH",
        "The match is over: there are no more moves.",
        "La partie est terminée : il n'y a plus de coup à jouer.",
    ),
    RefusalKind.CUT_FIRST: (
        CUT,
        "7D",
        "First keep or expose the cut card.",
        "Gardez ou posez d'abord la carte coupée.",
    ),
    RefusalKind.CUT_DONE: (
        SEVENS,
        "expose",
        "The cut is done: play a card from your hand.",
        "La coupe est faite : jouez une carte de votre main.",
    ),
    RefusalKind.NOT_IN_HAND: (
        SEVENS,
        "KSx4S",
        "The K♠ is not in your hand.",
        "La carte K♠ n'est pas dans votre main.",
    ),
    RefusalKind.MUST_CAPTURE: (
        SEVENS,
        "7H",
        "Your 7♥ must take 7♦: a card that can take must take.",
        "Votre 7♥ doit prendre 7♦ : une carte qui peut prendre doit prendre.",
    ),
    RefusalKind.NOT_ON_TABLE: (
        SEVENS,
        "7Hx2S+7S",
        "The 7♥ cannot take 2♠ + 7♠: 2♠ and 7♠ are not on the table.",
        "Votre 7♥ ne peut pas prendre 2♠ + 7♠ : 2♠ et 7♠ ne sont pas sur la table.",
    ),
    RefusalKind.TAKES_NOTHING: (
        QUEEN,
        "JCx2D+6S",
        "The J♣ cannot take 2♦ + 6♠: nothing on the table adds up to 9, so it can only be laid.",
        "Votre J♣ ne peut pas prendre 2♦ + 6♠ : rien sur la table ne fait 9, "
        "vous ne pouvez que la poser.",
    ),
    RefusalKind.EQUAL_FIRST: (
        SEVENS,
        "7Hx3C+4S",
        "The 7♥ cannot take 3♣ + 4♠: an equal card comes first, it must take the 7♦.",
        "Votre 7♥ ne peut pas prendre 3♣ + 4♠ : une carte de même valeur passe avant, "
        "vous devez prendre 7♦.",
    ),
    RefusalKind.WRONG_SUM: (
        SEVENS,
        "KCx3C+4S",
        "The K♣ cannot take 3♣ + 4♠: they make 7, not 10; it may take 3♣ + 7♦.",
        "Votre K♣ ne peut pas prendre 3♣ + 4♠ : elles font 7, pas 10 ; "
        "vous pouvez prendre 3♣ + 7♦.",
    ),
}


def refusal_of(position: str, move: str):
    refusal = Game.from_notation(position).refusal(move)
    assert refusal is not None
    return refusal


@pytest.mark.parametrize("kind", list(RefusalKind))
def test_every_refusal_is_said_in_english_and_french(kind):
    position, move, english, french = SAID[kind]
    refusal = refusal_of(position, move)
    assert refusal.kind is kind
    assert refused(EN, refusal) == english
    assert refused(FR, refusal) == french


def isolated(text: str) -> str:
    return f"{LTR_ISOLATE}{text}{POP_ISOLATE}"


def test_arabic_says_each_refusal_in_derja_with_the_cards_left_to_right():
    said = {kind: refused(AR, refusal_of(*SAID[kind][:2])) for kind in RefusalKind}
    assert said[RefusalKind.NOT_IN_HAND] == f"{isolated('K♠')} موش في يدّك."
    assert said[RefusalKind.EQUAL_FIRST] == (
        f"{isolated('7♥')} ما ينجمش يهزّ {isolated('3♣ + 4♠')}: الورقة اللي كيفو تتهزّ الأوّل، "
        f"لازم يهزّ {isolated('7♦')}."
    )
    assert "هزّ" in said[RefusalKind.MUST_CAPTURE] and "الطاولة" in said[RefusalKind.NOT_ON_TABLE]
    english = {refused(EN, refusal_of(*SAID[kind][:2])) for kind in RefusalKind}
    assert not english & set(said.values())
    for text in said.values():
        assert not any(letter.isascii() and letter.isalpha() for letter in strip_cards(text))


def strip_cards(text: str) -> str:
    """``text`` without its isolated runs (the cards, as printed)."""
    while LTR_ISOLATE in text:
        head, _, rest = text.partition(LTR_ISOLATE)
        text = head + rest.partition(POP_ISOLATE)[2]
    return text


def test_a_single_card_taken_at_a_wrong_value_is_one_card_not_they():
    refusal = refusal_of(SEVENS, "KCx4S")
    assert refused(EN, refusal) == (
        "The K♣ cannot take 4♠: that makes 4, not 10; it may take 3♣ + 7♦."
    )
    assert refused(AR, refusal).startswith(f"{isolated('K♣')} ما ينجمش يهزّ {isolated('4♠')}: هاذي")


def test_several_choices_are_listed_with_or_and_a_long_list_is_counted():
    table = [card for card in DECK if card.rank != "K" and card.code not in ("JD", "JC")]
    crowded = Game.from_position(
        rules=Rules(),
        phase="play",
        current=0,
        dealer=1,
        table=table,
        hands=((Card.parse("KH"),), ()),
    )
    refusal = crowded.refusal("KH")
    assert refusal is not None and len(refusal.options) == 1690
    english = refused(EN, refusal)
    assert english.startswith("Your K♥ must take A♠ + A♥ + A♦ + A♣ + 2♠ + 2♥ + 2♦, ")
    assert english.endswith(" or 1687 other choices: a card that can take must take.")
    assert " ou 1687 autres choix : " in refused(FR, refusal)
    assert " ولا 1687 اختيار آخر: " in refused(AR, refusal)
    two = refusal_of("AS5H2C4D 6CKH/3S7D 0 -/- - 0-0/21 1 -", "6C")
    assert refused(EN, two) == (
        "Your 6♣ must take A♠ + 5♥ or 2♣ + 4♦: a card that can take must take."
    )
    assert " ou " in refused(FR, two) and " ولا " in refused(AR, two)


MOVES = {
    "keep": ("you keep the cut card", "vous gardez la carte coupée", "تخلّي الورقة اللي قطعتها"),
    "expose": (
        "you expose the cut card",
        "vous posez la carte coupée",
        "تحطّ الورقة اللي قطعتها على الطاولة",
    ),
    "5S": ("you lay the 5♠", "vous posez 5♠", f"تحطّ {isolated('5♠')}"),
    "KSx4C+6H": (
        "your K♠ takes 4♣ + 6♥",
        "votre K♠ prend 4♣ + 6♥",
        f"{isolated('K♠')} متاعك يهزّ {isolated('4♣ + 6♥')}",
    ),
}


@pytest.mark.parametrize("move", MOVES)
def test_a_move_in_words(move):
    assert tuple(move_words(t, Move.parse(move)) for t in (EN, FR, AR)) == MOVES[move]


def test_an_allowed_move_that_is_not_the_one_asked_for():
    move = Move.parse("KSx4C+6H")
    assert not_asked(EN, move, "the king makes 10") == (
        "That is allowed (your K♠ takes 4♣ + 6♥), but it is not the move asked for here: "
        "the king makes 10"
    )
    assert not_asked(FR, move, "le roi fait 10") == (
        "C'est permis (votre K♠ prend 4♣ + 6♥), mais ce n'est pas le coup demandé ici : "
        "le roi fait 10"
    )
    arabic = not_asked(AR, move, "الريّ يعمل 10")
    assert arabic.startswith("هذا مسموح (") and arabic.endswith(": الريّ يعمل 10")


@pytest.mark.parametrize("players", [2, 4])
def test_every_refusal_of_random_play_is_said_in_each_language(players):
    """Refused tries at each step of a few random matches: one sentence each, no card codes."""
    rng = random.Random(players)
    kinds = set()
    for seed in range(2):
        start = Game.new(Rules(players=players), seed=seed)
        for game in positions(start, lambda now: rng.choice(now.legal_moves())):
            held = [card for hand in game.hands for card in hand]
            for card in rng.sample(held, min(2, len(held))) if held else rng.sample(DECK, 1):
                others = sorted({*game.table, *rng.sample(DECK, 2)} - {card})
                taken = rng.sample(others, min(2, len(others)))
                for move in (Move.play(card), Move.play(card, taken)):
                    refusal = game.refusal(move)
                    if refusal is None:
                        continue
                    kinds.add(refusal.kind)
                    for t in (EN, FR, AR):
                        text = refused(t, refusal)
                        assert text.endswith(".") and "{" not in text
                        assert card.code not in text
        refusal = game.refusal("QH")
        assert refusal is not None and refused(EN, refusal) == SAID[RefusalKind.OVER][2]
    assert len(kinds) >= 6
