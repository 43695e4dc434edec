"""Deal scoring (karta, dinari, bermila, 7ayya, chkobba) and the match: sweeps, leftovers, end."""

from __future__ import annotations

import pytest
from chkobba import DECK, TARGETS, DealScore, Game, IllegalMove, Rules, match_winner, score_deal
from engine_support import cards, codes, oracle_points, play_through, rest_of_deck
from hypothesis import given, settings
from hypothesis import strategies as st

# ----------------------------------------------------------------------------- score_deal


def split(text_a: str) -> tuple[tuple, tuple]:
    """All 40 cards: side 0 holds ``text_a``, side 1 the rest."""
    pile_a = cards(text_a)
    return pile_a, tuple(rest_of_deck(pile_a))


POINTS = ("karta", "dinari", "bermila", "hayya", "chkobba", "total")
COUNTS = ("cards", "diamonds", "sevens", "sixes")


def fields(score: DealScore, names: tuple[str, ...] = POINTS) -> dict[str, int]:
    """Some of a ``DealScore``'s fields by name."""
    return {name: getattr(score, name) for name in names}


# The worked example of 002: A has 22 cards, 6 diamonds with the 7♦, 2 of the 4 sevens and 3 of
# the 4 sixes. Its other 11 cards are neither diamonds, sevens nor sixes.
EXAMPLE_A = "AD 2D 3D 4D 5D 7D 7S 6S 6H 6C QH AS KS AH AC 2S 2H 2C 3S 3H 3C 4S"


def test_002_worked_example_scores_five():
    pile_a, pile_b = split(EXAMPLE_A)
    assert len(pile_a) == 22
    a, b = score_deal((pile_a, pile_b), (1, 0))
    assert fields(a) == dict(karta=1, dinari=1, bermila=1, hayya=1, chkobba=1, total=5)
    assert fields(a, COUNTS) == dict(cards=22, diamonds=6, sevens=2, sixes=3)
    assert fields(b) == dict(karta=0, dinari=0, bermila=0, hayya=0, chkobba=0, total=0)
    assert fields(b, COUNTS) == dict(cards=18, diamonds=4, sevens=2, sixes=1)


@pytest.mark.parametrize(
    ("pile_a", "points_a", "points_b"),
    [
        pytest.param(
            "AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C",
            (0, 0, 0, 0),
            (0, 0, 1, 1),
            id="20 cards each and 5 diamonds each: no karta, no dinari",
        ),
        pytest.param(
            "7S 7H 6S 6H AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S",
            (1, 0, 0, 0),
            (0, 1, 0, 1),
            id="sevens 2-2 and sixes 2-2: no bermila (A's four aces count for nothing)",
        ),
        pytest.param(
            "7S 7H 7C AS AH AC 2S 2H 2C",
            (0, 0, 1, 0),
            (1, 1, 0, 1),
            id="3 sevens against 1 (with the 7D) and 4 sixes: bermila on sevens",
        ),
        pytest.param(
            "7S 7H 6S 6H 6C",
            (0, 0, 1, 0),
            (1, 1, 0, 1),
            id="sevens 2-2, sixes 3-1: bermila on sixes",
        ),
        pytest.param(
            "7D",
            (0, 0, 0, 1),
            (1, 1, 1, 0),
            id="the 7D alone: its own point only",
        ),
        pytest.param(
            "7S 7H 7D 7C AD 2D 3D 4D 5D 6D QD JD KD 6S 6H 6C AS AH AC 2S 2H",
            (1, 1, 1, 1),
            (0, 0, 0, 0),
            id="everything",
        ),
    ],
)
def test_categories(pile_a, points_a, points_b):
    piles = split(pile_a)
    scores = score_deal(piles, (0, 0))
    for score, points in zip(scores, (points_a, points_b), strict=True):
        assert (score.karta, score.dinari, score.bermila, score.hayya) == points
        assert score.chkobba == 0
        assert score.total == sum(points)


def test_each_chkobba_adds_one_and_ties_give_nothing():
    piles = split("AS AH AD AC 2S 2H 2D 2C 3S 3H 3D 3C 4S 4H 4D 4C 5S 5H 5D 5C")
    a, b = score_deal(piles, (3, 2))
    assert (a.chkobba, b.chkobba) == (3, 2)
    assert (a.total, b.total) == (3, 2 + 1 + 1)  # side 1 has the bermila and the 7ayya


@settings(deadline=None)
@given(
    st.permutations(DECK),
    st.integers(0, 40),
    st.integers(0, 8),
    st.integers(0, 8),
)
def test_score_deal_matches_the_rule_text(deck, cut, chkobbas_a, chkobbas_b):
    pile_a, pile_b = deck[:cut], deck[cut:]
    a, b = score_deal((pile_a, pile_b), (chkobbas_a, chkobbas_b))
    for score, pile, sweeps in ((a, pile_a, chkobbas_a), (b, pile_b, chkobbas_b)):
        expected = oracle_points(pile, sweeps)
        assert (score.karta, score.dinari, score.bermila, score.hayya, score.chkobba) == expected
        assert score.total == sum(expected)
        assert score.cards == len(pile)
        assert score.diamonds == sum(card.suit == "D" for card in pile)
    assert a.karta + b.karta <= 1
    assert a.dinari + b.dinari <= 1
    assert a.bermila + b.bermila <= 1
    assert a.hayya + b.hayya == 1


# ----------------------------------------------------------------------------- played through


def test_002_worked_example_played_17_becomes_22_and_wins():
    """Mid-deal only 2♦ 6♠ lie on the table; A plays Q♥ (2+6=8), sweeps, and ends the deal with
    22 cards, 6 diamonds, the 7♦, 2 sevens each and 3 sixes: 5 points, 17 + 5 = 22 >= 21."""
    final = cards("2D 6S QH AS KS")  # the sweep, then K♠ and A♠ left on the table for A
    before = [card for card in cards(EXAMPLE_A) if card not in final]
    pile_a = "".join(str(card) for card in before)
    pile_b = "".join(str(card) for card in rest_of_deck(cards(EXAMPLE_A)))
    game = Game.from_notation(f"2D6S QHAS/KS 0 {pile_a}/{pile_b} - 17-12/21 1 -")
    swept = game.play("QHx2D+6S")
    assert swept.chkobbas == (1, 0)
    assert swept.scores == (17, 12), "totals are counted after the full deal only"
    assert swept.winner is None
    last = play_through(swept, "KS", "AS")
    assert last.phase == "over"
    assert last.winner == 0
    assert last.scores == (22, 12)
    result = last.deal_results[-1]
    assert result.totals == (22, 12)
    assert result.dealer == 1
    assert result.scores[0].total == 5
    assert result.scores[0] == score_deal(split(EXAMPLE_A), (1, 0))[0]
    assert codes(result.leftovers) == "AS KS"
    assert result.leftovers_side == 0
    assert last.legal_moves() == []
    with pytest.raises(IllegalMove, match="over"):
        last.play("AS")


@pytest.mark.parametrize("players", [2, 4])
def test_very_last_card_of_the_deal_earns_no_chkobba(players):
    hands = "/".join(["5H"] + ["-"] * (players - 1))
    game = Game.from_notation(f"5C {hands} 0 -/- - 3-4/21 {players - 1} -")
    after = game.play("5Hx5C")
    result = after.deal_results[-1]
    assert result.scores[0].chkobba == 0
    assert result.scores[0].cards == 2
    assert after.scores == (3 + result.scores[0].total, 4)
    assert after.phase == "cut", "the next deal starts"


def test_sweep_with_the_last_card_of_a_hand_counts_when_cards_remain():
    game = Game.from_notation("5C 5H/- 0 -/- ASAHADAC2S2H 0-0/21 1 -")
    after = game.play("5Hx5C")
    assert after.chkobbas == (1, 0)
    assert after.sweeps == ((cards("5H")[0],), ())
    assert [len(hand) for hand in after.hands] == [3, 3]


def test_sweep_with_the_stock_empty_but_cards_in_hand_counts():
    game = Game.from_notation("5C 5H/KC 0 -/- - 0-0/21 1 -")
    after = game.play("5Hx5C")
    assert after.chkobbas == (1, 0)
    final = after.play("KC")
    assert final.deal_results[-1].scores[0].chkobba == 1
    assert final.deal_results[-1].leftovers == cards("KC")
    assert final.deal_results[-1].leftovers_side == 0, "the last capturer takes the leftovers"


@pytest.mark.parametrize(
    ("notation", "moves", "side", "left"),
    [
        ("KC 5H/3D 0 -/- - 0-0/21 1 1", ["5H", "3D"], 1, "3D 5H KC"),
        ("5SKC 5H/3D 0 -/- - 0-0/21 1 1", ["5Hx5S", "3D"], 0, "3D KC"),
        ("KC4S 5H/3D 0 -/- - 0-0/21 1 1", ["5H", "3D"], 1, "3D 4S 5H KC"),
        ("KC 5H/3D/AH/2C 0 -/- - 0-0/21 3 2", ["5H", "3D", "AH", "2C"], 0, "AH 2C 3D 5H KC"),
        ("KC 5H/3D/AH/2C 0 -/- - 0-0/21 3 3", ["5H", "3D", "AH", "2C"], 1, "AH 2C 3D 5H KC"),
    ],
    ids=["to the last capturer", "a new last capturer", "seat 1", "partner seat 2", "seat 3"],
)
def test_leftovers_go_to_the_last_capturer_without_a_chkobba(notation, moves, side, left):
    game = Game.from_notation(notation)
    after = play_through(game, *moves)
    result = after.deal_results[-1]
    assert result.leftovers_side == side
    assert codes(result.leftovers) == left
    assert result.scores[side].chkobba == 0
    assert result.scores[side].cards >= len(left.split())


@pytest.mark.parametrize(("seat", "side"), [(0, 0), (1, 1), (2, 0), (3, 1)])
def test_partners_captures_go_to_one_pile(seat, side):
    hands = ["AS", "AH", "AD", "AC"]
    hands[seat] = "5H"
    notation = f"5C2S {'/'.join(hands)} {seat} -/- - 0-0/21 3 -"
    after = Game.from_notation(notation).play("5Hx5C")
    assert codes(after.piles[side]) == "5H 5C"
    assert after.piles[1 - side] == ()
    assert after.last_capturer == seat


# ----------------------------------------------------------------------------- match end


def finish(score: str, pile_a: str, pile_b: str, target: int = 21) -> Game:
    """Play out a deal whose last card is seat 0's A♥ laid on an empty table (A captured last),
    with the given piles: the deal then scores on those piles plus the A♥."""
    return Game.from_notation(f"- AH/- 0 {pile_a}/{pile_b} - {score}/{target} 1 0").play("AH")


def test_both_past_the_target_the_higher_total_wins():
    # A: 7ayya only; B: more cards, more diamonds, more sevens. 20+1=21 against 19+3=22.
    game = finish("20-19", "7D", "7S7H2D3D")
    assert game.deal_results[-1].totals == (21, 22)
    assert game.phase == "over"
    assert game.winner == 1


def test_both_past_the_target_with_equal_totals_play_on():
    game = finish("20-19", "7D*", "7S7H2D3D")  # A's chkobba makes it 22-22
    assert game.scores == (22, 22)
    assert game.winner is None
    assert game.phase == "cut"
    assert game.deal_number == 2
    assert game.dealer == 0
    assert game.current == 1


def test_equal_totals_below_the_target_play_on():
    game = finish("5-4", "7D", "7S2D3D")  # A: 7ayya; B: karta and dinari
    assert game.scores == (6, 6)
    assert game.phase == "cut"


@pytest.mark.parametrize(
    ("score", "target", "winner"),
    [("18-3", 21, 0), ("17-3", 21, None), ("8-3", 11, 0), ("7-3", 11, None), ("28-3", 31, 0)],
)
def test_reaching_the_target_alone_wins(score, target, winner):
    game = finish(score, "7S7H2D3D", "7D", target)  # A: 3 points, B: 1
    first, second = (int(total) for total in score.split("-"))
    assert game.scores == (first + 3, second + 1)
    assert game.winner == winner
    assert game.phase == ("over" if winner is not None else "cut")


def test_totals_only_change_after_the_full_deal():
    game = Game.from_notation("5C 5H/KC 0 -/- - 20-0/21 1 -")
    after = game.play("5Hx5C")
    assert after.chkobbas == (1, 0)
    assert after.scores == (20, 0)
    assert after.winner is None
    assert after.phase == "play"


@pytest.mark.parametrize("target", [11, 21, 31])
def test_usual_targets(target):
    rules = Rules(players=2, target=target)
    assert Game.new(rules, seed=1).rules.target == target
    assert Rules() == Rules(players=2, target=21)


@pytest.mark.parametrize(
    ("totals", "target", "winner"),
    [
        ((0, 0), 21, None),
        ((21, 20), 21, 0),
        ((20, 21), 21, 1),
        ((22, 22), 21, None),
        ((25, 30), 21, 1),
        ((20, 19), 21, None),
        ((11, 3), 11, 0),
        ((30, 30), 31, None),
        ((31, 32), 31, 1),
    ],
)
def test_match_winner(totals, target, winner):
    assert match_winner(totals, target) == winner


def test_usual_targets_are_listed():
    assert TARGETS == (11, 21, 31)
