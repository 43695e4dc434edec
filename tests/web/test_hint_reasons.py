"""The hint's words: the move said to the player ("take 7♦ with your 7♥"), with a reason that is
true of that move in that position, in each language; and the table's other words checked here
without a browser: the sides' one name each, the deal after the match, the cut's two choices,
counts always through ngettext."""

from __future__ import annotations

import random

import pytest
from babel.messages.pofile import read_po
from chkobba import DECK, HAYYA, Card, Game, Move, Rules, capture_options
from chkobba.explain import Why, reason
from chkobba.log import made_chkobba
from conftest import load_build
from engine_support import bot_match, positions
from shared import i18n
from ui import words
from ui.frame import make_frame
from ui.hint import hint_reason
from ui.model import Settings, Ui
from ui.render import render

LANGS = {lang: i18n.language(lang) for lang in i18n.LANGUAGES}
EN, FR, AR = LANGS["en"], LANGS["fr"], LANGS["ar"]
CAPTURES = {Why.SWEEP, Why.HAYYA, Why.SEVENS, Why.DIAMONDS, Why.MOST, Why.SHUT, Why.SIXES}
CAPTURES |= {Why.KARTA}
LAYS = {Why.HIGH, Why.CHEAP, Why.NOTHING, Why.LEAST}
# Each kind of move, said to the player in the second person ("take", "prenez", "هزّ").
OPENINGS = {
    "en": {"take": ("take ", "sweep the table "), "lay": ("lay the ",), "cut": ("keep ", "expose")},
    "fr": {"take": ("prenez ", "raflez "), "lay": ("posez ",), "cut": ("gardez ", "posez ")},
    "ar": {"take": ("هزّ ",), "lay": ("حطّ ",), "cut": ("خلّي ", "حطّ ")},
}


def sweepable_by_a_card(table: tuple[Card, ...]) -> bool:
    """Whether some card not on ``table`` could take all of it in one play."""
    cards = tuple(sorted(table))
    return any(cards in capture_options(c, cards) for c in DECK if c not in cards)


def check(game: Game, move: Move) -> Why:
    """The engine's ``reason`` for ``move`` from ``game``, checked against the position; its
    words in each language are the move said to the player, with the reason's number in them."""
    why, count = reason(game.view(game.current), move)
    after = game.play(move)
    goes_on = len(after.deal_results) == len(game.deal_results)
    if move.kind == "play" and move.captures:
        won = (move.card, *move.captures)
        assert why in CAPTURES
        assert (why == Why.SWEEP) == made_chkobba(game, after)
        if why == Why.HAYYA:
            assert HAYYA in won
        if why == Why.SEVENS:
            assert count == sum(c.value == 7 for c in won) > 0
        if why == Why.DIAMONDS:
            assert count == sum(c.suit == "D" for c in won) > 0
        if why == Why.MOST:
            sizes = [len(m.captures) for m in game.legal_moves() if m.captures]
            assert len(move.captures) == max(sizes) > min(sizes) and count == len(won)
        if why == Why.SHUT:
            assert goes_on and after.table and not sweepable_by_a_card(after.table)
            assert count == sum(c.value for c in after.table)
        if why == Why.SIXES:
            assert count == sum(c.value == 6 for c in won) > 0
        if why == Why.KARTA:
            assert count == len(won)
        kind = "take"
    elif move.kind == "play":
        assert why in LAYS
        assert move.card is not None
        assert not capture_options(move.card, game.table)  # a card laid could take nothing
        if why == Why.HIGH:
            assert goes_on and not sweepable_by_a_card(after.table)
            assert count == sum(c.value for c in after.table)
        if why == Why.CHEAP:
            assert move.card.value != 7 and move.card.suit != "D"
        if why == Why.NOTHING:
            assert game.table
        if why == Why.LEAST:
            assert not game.table
        kind = "lay"
    else:
        card = game.cut_card
        assert card is not None
        expected = {
            "keep": (
                Why.KEEP_HAYYA
                if card == HAYYA
                else Why.KEEP_SEVEN
                if card.value == 7
                else Why.KEEP_DIAMOND
                if card.suit == "D"
                else Why.KEEP
            ),
            "expose": Why.EXPOSE_FIRST if card.value == 7 or card.suit == "D" else Why.EXPOSE_CHEAP,
        }[move.kind]
        assert why == expected
        kind = "cut"
    for lang, t in LANGS.items():
        text = hint_reason(t, game, move)
        assert text.startswith(OPENINGS[lang][kind]), (lang, text)
        shown = move.card if move.card is not None else game.cut_card
        assert shown is not None and shown.label in text, (lang, text)
        if why in (Why.SHUT, Why.HIGH):
            assert str(count) in text
    return why


def test_every_reason_is_true_of_its_move_on_random_matches():
    """Every legal move of random 2- and 4-player matches gets a reason; each reason is checked
    against the position (the hint's move is one of them: the hard bot's)."""
    rng = random.Random(7)
    seen: set[Why] = set()
    for players, seeds in ((2, range(5)), (4, range(3))):
        for seed in seeds:
            start = Game.new(Rules(players=players, target=11), seed=seed)
            for game in positions(start, lambda now: rng.choice(now.legal_moves())):
                for move in game.legal_moves():
                    seen.add(check(game, move))
    assert seen >= CAPTURES | LAYS | {Why.EXPOSE_CHEAP, Why.EXPOSE_FIRST, Why.KEEP}, seen


def test_the_reasons_of_the_rules_own_example_and_the_cut():
    # The rules' example: table 2♦ 6♠, you hold Q♥ and more: the queen sweeps, a chkobba.
    game = Game.from_notation("2D6S QHAC/KCAH 0 -/- - 0-0/21 1 -")
    sweep = Move.parse("QHx2D+6S")
    assert reason(game.view(game.current), sweep) == (Why.SWEEP, 0)
    assert hint_reason(EN, game, sweep) == "sweep the table with your Q♥: a chkobba, one point"
    assert hint_reason(FR, game, sweep) == "raflez la table avec votre Q♥ : une chkobba, un point"
    # The same with the deal's last card: no chkobba, so not said to be one.
    last = Game.from_notation("2D6S QH/- 0 -/- - 0-0/21 1 -")
    assert reason(last.view(last.current), sweep)[0] != Why.SWEEP
    # The 7ayya, taken by a 7.
    hayya = Game.from_notation("7D4C 7HAC/KCAH 0 -/- - 0-0/21 1 -")
    take = Move.parse("7Hx7D")
    assert hint_reason(EN, hayya, take) == "take 7♦ with your 7♥: the 7ayya is a point"
    # A card laid that leaves more than ten on the table: no card can sweep it.
    high = Game.from_notation("KCQS 3HAC/KDAH 0 -/- - 0-0/21 1 -")
    lay = Move.parse("3H")
    said = hint_reason(EN, high, lay)
    assert said == "lay the 3♥: the table then adds up to 21, too much to sweep"
    # The cut: the 7♦ kept; a low card exposed.
    for seed in range(200):
        game = Game.new(Rules(), seed=seed)
        card = game.cut_card
        assert card is not None
        if card == HAYYA:
            keep = hint_reason(EN, game, Move.parse("keep"))
            assert keep == (
                "keep the 7♦: the 7ayya is a point, and no one can take it from your hand"
            )
        if card.value < 7 and card.suit != "D":
            expose = hint_reason(EN, game, Move.parse("expose"))
            assert expose == (
                f"expose the {card.label}: no seven and no diamond, it gives little away"
            )


@pytest.mark.parametrize("why", list(Why))
def test_each_reason_is_translated(why):
    """Each reason reads differently in French and Arabic than in English (translated, never
    the English left in), with its number in it where it has one."""
    table = Game.from_notation("KCQS 3HAC/KDAH 0 -/- - 0-0/21 1 -")
    if why in LAYS:
        move = Move.parse("3H")
    elif why in CAPTURES:
        move = Move.parse("KDxKC")
    else:
        move = Move.parse("keep" if why.value.startswith("keep") else "expose")
    texts = {lang: words.reason(t, move, HAYYA, why, 3) for lang, t in LANGS.items()}
    assert len(set(texts.values())) == 3, texts
    assert all(text.strip() for text in texts.values()), texts
    if why in (Why.SHUT, Why.HIGH):
        assert all("3" in text for text in texts.values()), texts
    assert words.hint(FR, texts["fr"]).startswith("Indice : ")
    assert table  # (the position only names the cards)


def test_the_sides_have_one_name_each_wherever_they_are_named():
    """With four: the score bar, the piles and the score sheet all say "Us" and "Them" (in
    French "Nous" and "Eux", in Arabic "إحنا" and "هوما")."""
    from chkobba.bots import make_bot

    game = Game.new(Rules(players=4, target=11), seed=3)
    bot = make_bot("easy", 1)
    while not game.deal_results:
        game = game.play(bot.choose(game.view(game.current)))
    names = {"en": ("Us", "Them"), "fr": ("Nous", "Eux"), "ar": ("إحنا", "هوما")}
    for lang, pair in names.items():
        frame = make_frame(game, Ui(seen_deals=0), Settings(lang=lang))
        assert tuple(s.name for s in frame.scores) == pair
        assert frame.overlay.sides == pair
        captions = tuple(s.pile.caption for s in frame.seats if s.pile)
        assert captions == pair
        assert frame.overlay.title == words.scored(LANGS[lang], 1)
        assert frame.deal == words.deal(LANGS[lang], 1)  # the deal scored, as its log


def test_after_the_match_the_table_names_the_last_deal():
    game = bot_match(2)
    last = len(game.deal_results)
    for t in LANGS.values():
        frame = make_frame(game, Ui(seen_deals=last), Settings(lang=t.code))
        assert frame.deal == words.deal(t, last), frame.deal
        assert f'aria-label="{words.log_button(t, frame.deal)}"' in render(frame)


def test_the_cut_explains_both_choices_in_each_language():
    seed = next(s for s in range(100) if Game.new(Rules(), seed=s).current == 0)
    game = Game.new(Rules(), seed=seed)
    for t in LANGS.values():
        html = render(make_frame(game, Ui(), Settings(lang=t.code)))
        for kind, line in words.CUT_CHOICES.items():
            assert f'<li data-choice="{kind}">{t._(line)}</li>' in html
        assert t._(words.CUT_SUB) in html
    assert words.CUT_CHOICES == {
        "keep": "Keep: it becomes one of your three cards, seen by you alone.",
        "expose": "Expose: it is laid face up as one of the four table cards, for anyone to take.",
    }


def test_every_count_goes_through_ngettext():
    """No message counts with {n} outside a plural message; the expert's cost, a decimal,
    takes its plural form from its whole part and the language's decimal mark."""
    build = load_build()
    with (build.LOCALE / "messages.pot").open("rb") as file:
        template = read_po(file)
    counted = [m.id for m in template if isinstance(m.id, str) and "{n}" in m.id]
    assert counted == []
    move = Move.parse("7Hx7D")
    assert words.expert_instead(EN, move, None, 1.5).endswith("(about 1.5 points).")
    assert words.expert_instead(FR, move, None, 1.5).endswith("(environ 1,5 point).")
    assert words.expert_instead(FR, move, None, 2.5).endswith("(environ 2,5 points).")
    assert words.expert_instead(AR, move, None, 3.5).endswith("(قريب 3.5 نقاط).")
    assert words.expert_instead(AR, move, None, 0.5).endswith("(قريب 0.5 نقطة).")
    for n in (1, 2, 3, 11):
        said = {words.reason(t, move, None, Why.SEVENS, n) for t in LANGS.values()}
        assert len(said) == 3
    assert words.reason(EN, move, None, Why.SEVENS, 1).endswith(": a seven towards the bermila")
    assert words.reason(EN, move, None, Why.SEVENS, 2).endswith(": 2 sevens towards the bermila")
    assert words.reason(AR, move, None, Why.SEVENS, 2).endswith("زوز سبعات للبرميلة")
