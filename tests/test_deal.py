"""The deal ritual: dealer by lot, the cut card kept or exposed, redeals, later hands, rotation."""

from __future__ import annotations

from collections import Counter

import pytest
from chkobba import DECK, Card, Game, Move, Rules
from engine_support import random_match

PLAYERS = [2, 4]
CUTS = ["keep", "expose"]
SUIT_MAJOR = sorted(DECK, key=lambda card: ("SHDC".index(card.suit), card.value))


def cut_position(stock: list[Card], players: int = 2, dealer: int = 1, seed: int = 5) -> Game:
    """The cut phase of a deal whose deck, top card first, is ``stock``."""
    hands = "/".join("-" * players)
    stock_text = "".join(str(card) for card in stock)
    cutter = (dealer + 1) % players
    return Game.from_notation(f"- {hands} c{cutter} -/- {stock_text} 3-4/21 {dealer} - s{seed}.2")


def table_slots(players: int, cut: str) -> list[int]:
    """Which places of the deck (0 = the cut card) the deal puts on the table, learnt from a deck
    where no rank can come up three times (it is ordered suit by suit)."""
    game = cut_position(SUIT_MAJOR, players)
    dealt = game.play(cut)
    assert dealt.phase == "play"
    return [index for index, card in enumerate(SUIT_MAJOR) if card in dealt.table]


@pytest.mark.parametrize("players", PLAYERS)
def test_new_match_starts_with_the_cut(players):
    game = Game.new(Rules(players=players, target=21), seed=7)
    assert game.phase == "cut"
    assert game.rules == Rules(players=players, target=21)
    assert game.current == (game.dealer + 1) % players, "the dealer's right-hand neighbour cuts"
    assert game.cut_card is not None
    assert game.stock_count == 40
    assert game.table == ()
    assert game.hands == ((),) * players
    assert game.piles == ((), ())
    assert game.chkobbas == (0, 0)
    assert game.scores == (0, 0)
    assert game.deal_results == ()
    assert game.winner is None
    assert game.history == ()
    assert game.deal_number == 1
    assert not game.redealt
    assert game.legal_moves() == [Move.KEEP, Move.EXPOSE]


@pytest.mark.parametrize("players", PLAYERS)
def test_first_dealer_is_drawn_by_lot(players):
    dealers = Counter(Game.new(Rules(players=players), seed=seed).dealer for seed in range(400))
    assert set(dealers) == set(range(players))
    assert min(dealers.values()) > 400 / players / 2, dealers


def test_same_seed_same_game_other_seed_other_deck():
    assert Game.new(Rules(), seed=7) == Game.new(Rules(), seed=7)
    decks = {Game.new(Rules(), seed=seed).notation().split()[4] for seed in range(50)}
    assert len(decks) == 50


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("cut", CUTS)
def test_deal_completes_to_three_each_and_four_on_the_table(players, cut):
    for seed in range(40):
        game = Game.new(Rules(players=players), seed=seed)
        cutter, cut_card, deck = game.current, game.cut_card, game.stock
        dealt = game.play(cut)
        if dealt.phase == "cut":
            continue  # a redeal: see below
        assert dealt.phase == "play"
        assert dealt.current == cutter, "the cutter, the dealer's right, plays first"
        assert dealt.dealer == game.dealer
        assert len(dealt.table) == 4
        assert [len(hand) for hand in dealt.hands] == [3] * players
        assert dealt.stock_count == 40 - 4 - 3 * players
        assert set(deck[: 4 + 3 * players]) == {*dealt.table, *sum(dealt.hands, ())}
        assert dealt.stock == deck[4 + 3 * players :], "the rest stays face down, in order"
        if cut == "keep":
            assert cut_card in dealt.hands[cutter]
        else:
            assert cut_card in dealt.table
        assert dealt.history == (Move.parse(cut),)
        assert dealt.cut_card is None


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("cut", CUTS)
def test_cut_card_goes_where_the_cutter_chose(players, cut):
    slots = table_slots(players, cut)
    assert len(slots) == 4
    assert (0 in slots) == (cut == "expose")


def rigged_deck(players: int, cut: str, table: list[str]) -> list[Card]:
    """A deck that deals exactly ``table`` to the table; ``table[0]`` is the cut card when it is
    exposed (the table slots are in deck order and the cut card is the deck's first)."""
    wanted = [Card.parse(text) for text in table]
    others = iter(card for card in SUIT_MAJOR if card not in wanted)
    slots = table_slots(players, cut)
    deck = [next(others) for _ in range(40 - len(wanted))]
    for slot, card in sorted(zip(slots, wanted, strict=True)):
        deck.insert(slot, card)
    return deck


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("cut", CUTS)
@pytest.mark.parametrize(
    "table",
    [["5S", "5H", "5D", "KC"], ["KC", "5S", "5H", "5D"], ["JS", "JH", "JD", "JC"]],
    ids=["three fives (an exposed cut card among them)", "three fives and a K", "four jacks"],
)
def test_three_or_four_equal_ranks_on_the_table_is_redealt(players, cut, table):
    game = cut_position(rigged_deck(players, cut, table), players)
    after = game.play(cut)
    assert after.phase == "cut"
    assert after.redealt
    assert after.dealer == game.dealer, "the same dealer deals again"
    assert after.current == game.current, "the same player cuts again"
    assert after.scores == game.scores
    assert after.deal_number == game.deal_number
    assert after.deal_results == game.deal_results
    assert after.stock_count == 40, "the whole deck is shuffled again"
    assert after.table == ()
    assert after.hands == ((),) * players
    assert after.history == (Move.parse(cut),)
    assert after.legal_moves() == [Move.KEEP, Move.EXPOSE]
    assert not after.play("keep").redealt


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("cut", CUTS)
def test_two_pairs_on_the_table_are_not_redealt(players, cut):
    game = cut_position(rigged_deck(players, cut, ["5S", "5H", "KD", "KC"]), players)
    after = game.play(cut)
    assert after.phase == "play"
    assert sorted(str(card) for card in after.table) == ["5H", "5S", "KC", "KD"]
    assert not after.redealt


@pytest.mark.parametrize("players", PLAYERS)
def test_seeded_deals_are_redealt_exactly_when_the_table_holds_three_of_a_rank(players):
    slots = {cut: table_slots(players, cut) for cut in CUTS}
    redeals = 0
    for seed in range(300):
        game = Game.new(Rules(players=players), seed=seed)
        for cut in CUTS:
            table = [game.stock[slot] for slot in slots[cut]]
            most = max(Counter(card.rank for card in table).values())
            after = game.play(cut)
            assert after.redealt == (most >= 3), (seed, cut, table)
            assert (after.phase == "cut") == (most >= 3)
            redeals += most >= 3
    assert redeals > 0, "no seed in the range gives a redeal: widen the search"


# ------------------------------------------------------------------------ hands after the first


def deal_steps(seed: int, players: int):
    """(before, move, after) for the moves of a match's first deal (the cut included)."""
    for before, move, after in random_match(seed, players):
        yield before, move, after
        if after.deal_results:
            return


@pytest.mark.parametrize(("players", "hands_per_deal"), [(2, 6), (4, 3)])
def test_later_hands_three_each_nothing_to_the_table_same_first_player(players, hands_per_deal):
    for seed in range(30):
        refills = 0
        for before, move, after in deal_steps(seed, players):
            last_card_of_hand = sum(len(hand) for hand in before.hands) == 1
            if before.phase != "play" or after.phase != "play" or not last_card_of_hand:
                continue
            refills += 1
            first = (before.dealer + 1) % players
            assert after.current == first, "the same first player starts each hand"
            assert [len(hand) for hand in after.hands] == [3] * players
            assert after.stock_count == before.stock_count - 3 * players
            expected = set(before.table) - set(move.captures)
            if not move.captures:
                expected.add(move.card)
            assert set(after.table) == expected, "nothing is added to the table"
        assert refills + 1 == hands_per_deal, seed


@pytest.mark.parametrize("players", PLAYERS)
def test_play_moves_anticlockwise_one_card_each(players):
    for before, move, after in deal_steps(3, players):
        refill = sum(len(hand) for hand in before.hands) == 1
        if before.phase == "play" and after.phase == "play" and not refill:
            assert after.current == (before.current + 1) % players
            assert len(after.hands[before.current]) == len(before.hands[before.current]) - 1
            assert move.card not in after.hands[before.current]


@pytest.mark.parametrize("players", PLAYERS)
def test_next_deal_passes_to_the_dealers_right(players):
    for seed in range(10):
        steps = list(random_match(seed, players))
        dealers = [steps[0][0].dealer]
        for before, _, after in steps:
            if len(after.deal_results) > len(before.deal_results):
                assert after.deal_results[-1].dealer == before.dealer
                if after.phase == "cut":
                    assert after.dealer == (before.dealer + 1) % players
                    assert after.current == (after.dealer + 1) % players
                    assert after.stock_count == 40
                    assert after.piles == ((), ())
                    assert after.chkobbas == (0, 0)
                    assert after.last_capturer is None
                    dealers.append(after.dealer)
        assert len(dealers) == len(steps[-1][2].deal_results)
