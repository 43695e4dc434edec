"""Refusals as values: each case from a real position, its facts, and its English text (the text
of ``IllegalMove``, which saves and the board's ``failed`` event quote word for word)."""

from __future__ import annotations

import random

import pytest
from chkobba import DECK, Game, IllegalMove, Move, Refusal, RefusalKind, Rules
from engine_support import cards, oracle_captures, random_match

# Seat 0 holds 7♥ K♣ and the table is 7♦ 4♠ 3♣; seat 1 holds 2♥ 6♣.
SEVENS = "7D4S3C 7HKC/2H6C 0 -/- - 0-0/21 1 -"
# Seat 0 holds Q♥ J♣ (8 and 9) and the table is 2♦ 6♠.
QUEEN = "2D6S QHJC/KC5H 0 -/- - 0-0/21 1 -"
CUT = f"- -/- c0 -/- {''.join(card.code for card in DECK)} 0-0/21 1 -"
OVER = "- -/- x -/- - 21-3/21 1 -"

CASES = [
    (OVER, "QH", RefusalKind.OVER, "QH: the match is over"),
    (CUT, "7D", RefusalKind.CUT_FIRST, "7D: seat 0 must first keep or expose the cut card"),
    (SEVENS, "keep", RefusalKind.CUT_DONE, "keep: the cut is done; seat 0 must play a card"),
    (SEVENS, "2Hx4S", RefusalKind.NOT_IN_HAND, "2H is not in seat 0's hand (it holds 7H KC)"),
    (SEVENS, "7H", RefusalKind.MUST_CAPTURE, "7H must capture 7D"),
    (SEVENS, "7Hx7S", RefusalKind.NOT_ON_TABLE, "7Hx7S: 7S is not on the table"),
    (QUEEN, "JCx2D+6S", RefusalKind.TAKES_NOTHING, "JC cannot take 2D+6S: it takes nothing here"),
    (
        SEVENS,
        "7Hx3C+4S",
        RefusalKind.EQUAL_FIRST,
        "7H cannot take 3C+4S: an equal card comes first, it must take 7D",
    ),
    (
        SEVENS,
        "KCx4S",
        RefusalKind.WRONG_SUM,
        "KC cannot take 4S: they make 4, not 10; it may take 3C+7D",
    ),
]


@pytest.mark.parametrize(("position", "move", "kind", "text"), CASES, ids=[c[2] for c in CASES])
def test_each_kind_from_a_real_position(position, move, kind, text):
    game = Game.from_notation(position)
    refusal = game.refusal(move)
    assert refusal is not None and refusal.kind is kind
    assert refusal.move == Move.parse(move) and refusal.seat == game.current
    assert refusal.text == text == game.why_illegal(move)
    with pytest.raises(IllegalMove) as caught:
        game.play(move)
    assert str(caught.value) == text


def test_a_refused_play_carries_its_facts():
    game = Game.from_notation(SEVENS)
    refusal = game.refusal(Move.parse("KCx4S"))
    assert refusal == Refusal(
        RefusalKind.WRONG_SUM,
        Move.parse("KCx4S"),
        seat=0,
        card=cards("KC")[0],
        taken=cards("4S"),
        options=(cards("3C 7D"),),
        held=cards("7H KC"),
        total=4,
    )
    missing = game.refusal("7Hx7S+3C")
    assert missing is not None and missing.missing == cards("7S")
    assert missing.taken == cards("3C 7S") and missing.options == (cards("7D"),)


def test_a_legal_move_has_no_refusal_and_text_or_a_move_is_accepted():
    game = Game.from_notation(SEVENS)
    assert game.refusal("7Hx7D") is None and game.refusal(Move.parse("7Hx7D")) is None
    assert game.refusal("7H") == game.refusal(Move.parse("7H"))


def test_every_option_is_kept_though_the_text_lists_three():
    """King in hand, 34 cards on the table: 1,690 groups make 10."""
    table = [card for card in DECK if card.rank != "K" and card not in cards("JD JC")]
    game = Game.from_position(
        rules=Rules(), phase="play", current=0, dealer=1, table=table, hands=(cards("KH"), ())
    )
    refusal = game.refusal("KH")
    assert refusal is not None and refusal.kind is RefusalKind.MUST_CAPTURE
    assert len(refusal.options) == 1690
    assert refusal.text.endswith("(… and 1687 more)")


def candidates(game: Game, rng: random.Random) -> list[Move]:
    """Moves to try in ``game``: the cut's two, and plays of cards held or not, laid or taking
    one to three cards of the table (and a card or two off it)."""
    moves = [Move.KEEP, Move.EXPOSE]
    held = [card for hand in game.hands for card in hand]
    for card in sorted({*held, *rng.sample(DECK, 3)}):
        moves.append(Move.play(card))
        others = sorted({*game.table, *rng.sample(DECK, 2)} - {card})
        for size in range(1, min(3, len(others)) + 1):
            moves.append(Move.play(card, rng.sample(others, size)))
    return moves


@pytest.mark.parametrize("players", [2, 4])
def test_a_move_is_refused_exactly_when_it_is_not_legal(players):
    rng = random.Random(players)
    kinds = set()
    for seed in range(6):
        steps = list(random_match(seed, players))
        for game in [steps[0][0], *(after for _, _, after in steps)]:  # each position once
            legal = set(game.legal_moves())
            for move in candidates(game, rng):
                refusal = game.refusal(move)
                assert (refusal is None) == (move in legal), move
                if refusal is None:
                    continue
                kinds.add(refusal.kind)
                assert refusal.text == game.why_illegal(move)
                if refusal.card in game.hands[game.current] and game.phase == "play":
                    found = {frozenset(group) for group in refusal.options}
                    assert found == oracle_captures(refusal.card, game.table)
    assert kinds == set(RefusalKind)
