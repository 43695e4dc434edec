"""Deal links: one deal of a match as a short URL-safe text, read back move by move."""

from __future__ import annotations

import dataclasses
import doctest
import json
import string
from functools import cache

import pytest
from chkobba import DECK, ChkobbaError, Game, Move, ParseError, Rules, links
from chkobba.bots import make_bot
from chkobba.links import MAX_LENGTH, DealLine, _link, _sealed, _Start, deal_link, read_deal_link
from chkobba.rules import NUMBER_LIMIT
from chkobba.shuffle import shuffled_deck
from engine_support import all_cards, bot_positions, random_match
from hypothesis import given, settings
from hypothesis import strategies as st

PREFIX = "https://example.github.io/chkobba/index.html?deal="
ALPHABET = string.ascii_letters + string.digits + "-_"
SEEDS = 2**31  # the page draws its seeds below it
MATCHES = 36  # random matches to 11 points for each number of players: over 150 whole deals
REDEALS = {2: 350, 4: 114}  # seeds whose first cut, kept, is redealt (with 2 players, twice)


def match_positions(seed: int, players: int, target: int = 11) -> list[Game]:
    """Every position of a random match whose seed is ``seed`` (a page's sort of seed)."""
    steps = list(random_match(seed, players, target))
    return [steps[0][0], *(after for _, _, after in steps)]


def deal_positions(positions: list[Game], deal: int) -> list[Game]:
    """The positions of deal ``deal``: its first cut to the position after its last move."""
    inside = [index for index, game in enumerate(positions) if game.deal_number == deal]
    return positions[inside[0] : inside[-1] + 2]


@cache
def whole_deals(players: int) -> tuple[tuple[list[Game], int, str], ...]:
    """Whole deals of random matches: their positions, their number and their link."""
    found = []
    for number in range(MATCHES):
        positions = match_positions(SEEDS - 1 - 7919 * number, players)
        for deal in range(1, len(positions[-1].deal_results) + 1):
            found.append((deal_positions(positions, deal), deal, deal_link(positions[-1], deal)))
    return tuple(found)


def check_line(line: DealLine, expected: list[Game], deal: int) -> None:
    """``line`` replays the positions ``expected`` (those of deal ``deal``) and their moves."""
    assert line.deal == deal
    assert [game.notation() for game in line.positions] == [game.notation() for game in expected]
    assert line.moves == expected[-1].history[len(expected[0].history) :]
    assert line.start is line.positions[0]
    assert line.start.phase == "cut" and line.start.deal_results == ()
    if line.whole:
        assert line.positions[-1].deal_results == expected[-1].deal_results[deal - 1 : deal]


def check_legal(line: DealLine) -> None:
    """Every position holds the 40 cards once each and reads back from its notation."""
    for game in line.positions:
        assert sorted(all_cards(game)) == list(DECK)
        assert Game.from_notation(game.notation()).notation() == game.notation()


def sample_links() -> list[str]:
    """A few links: whole deals of 2 and 4 players, a redealt deal, a deal in progress."""
    redealt = Game.new(Rules(players=4), seed=REDEALS[4]).play("keep").play("expose")
    return [
        whole_deals(2)[0][2],
        whole_deals(4)[1][2],
        deal_link(redealt, 1),
        deal_link(match_positions(5, 2)[60], 2),
    ]


# ----------------------------------------------------------------- round trips


@pytest.mark.parametrize("players", [2, 4])
def test_whole_deals_round_trip(players):
    deals = whole_deals(players)
    assert len(deals) >= 150
    for expected, deal, link in deals:
        line = read_deal_link(link)
        assert line.whole
        check_line(line, expected, deal)


@pytest.mark.parametrize("players", [2, 4])
def test_whole_deal_links_are_short(players):
    lengths = [len(PREFIX + link) for _, _, link in whole_deals(players)]
    assert max(lengths) <= 200
    assert max(lengths) - len(PREFIX) <= 40


@pytest.mark.parametrize("players", [2, 4])
def test_decoded_positions_are_legal(players):
    for _, _, link in whole_deals(players)[:20]:
        check_legal(read_deal_link(link))


@pytest.mark.parametrize(("players", "level"), [(2, "easy"), (2, "medium"), (4, "medium")])
def test_bot_matches_round_trip(players, level):
    bots = [make_bot(level, seed=seat + 10 * players) for seat in range(players)]
    positions = list(
        bot_positions(Game.new(Rules(players=players, target=11), seed=SEEDS - 2), bots)
    )
    game = positions[-1]
    for deal in range(1, len(game.deal_results) + 1):
        check_line(read_deal_link(deal_link(game, deal)), deal_positions(positions, deal), deal)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("cut", ["keep", "expose"])
def test_the_cut_is_kept_or_exposed(players, cut):
    start = Game.new(Rules(players=players), seed=7)
    dealt = start.play(cut)
    line = read_deal_link(deal_link(dealt, 1))
    assert line.moves == (Move.parse(cut),)
    assert line.start.cut_card == start.cut_card
    owner = dealt.table if cut == "expose" else dealt.hands[start.current]
    assert start.cut_card in owner
    assert line.positions[1].notation() == dealt.notation()


@pytest.mark.parametrize("players", [2, 4])
def test_a_redeal_takes_the_next_shuffle(players):
    positions = match_positions(REDEALS[players], players)
    game = Game.new(Rules(players=players), seed=REDEALS[players])
    cuts = ["keep", "expose", "keep"] if players == 2 else ["keep", "expose"]
    for cut in cuts:
        game = game.play(cut)
    line = read_deal_link(deal_link(game, 1))
    assert [str(move) for move in line.moves] == cuts
    assert [position.shuffles for position in line.positions] == [*range(len(cuts)), len(cuts) - 1]
    assert all(position.redealt for position in line.positions[1:-1])
    assert line.positions[-1].phase == "play"
    # the random match of that seed redeals too: its later deals start at later shuffles
    redeals = sum(game.redealt for game in positions)
    assert redeals >= 1
    last = len(positions[-1].deal_results)
    line = read_deal_link(deal_link(positions[-1], last))
    assert line.start.shuffles == last - 1 + redeals - sum(game.redealt for game in line.positions)
    check_line(line, deal_positions(positions, last), last)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("moves", [0, 1, 7, 30])
def test_the_deal_in_progress(players, moves):
    positions = match_positions(11, players)
    first = next(index for index, game in enumerate(positions) if game.deal_number == 2)
    game = positions[first + moves]
    assert game.deal_number == 2
    line = read_deal_link(deal_link(game, 2))
    assert not line.whole
    assert len(line.moves) == moves
    check_line(line, positions[first : first + moves + 1], 2)
    assert read_deal_link(deal_link(game, 1)).whole  # the deal before it is whole


def test_the_first_deal_at_its_cut():
    game = Game.new(Rules(players=4, target=31), seed=-12)
    line = read_deal_link(deal_link(game, 1))
    assert line == DealLine(1, (), line.positions)
    assert line.start.notation() == game.notation()


def test_a_deal_line_is_immutable():
    line = read_deal_link(sample_links()[0])
    with pytest.raises(dataclasses.FrozenInstanceError):
        line.deal = 2  # type: ignore[misc]
    assert read_deal_link(sample_links()[0]) == line


def test_the_module_example():
    assert doctest.testmod(links).failed == 0


# ----------------------------------------------------------------- deals that have no link


def test_deals_outside_the_history_are_refused():
    positions = match_positions(3, 2)
    over = positions[-1]
    deals = len(over.deal_results)
    for deal in (0, -1, deals + 1, 10**200):
        with pytest.raises(ChkobbaError, match=f"it holds deals 1 to {deals}"):
            deal_link(over, deal)
    with pytest.raises(TypeError):
        deal_link(over, True)
    with pytest.raises(TypeError):
        deal_link(over.notation(), 1)  # type: ignore[arg-type]


def test_a_set_up_deal_is_refused_and_the_next_deals_linked():
    tutorial = Game.from_notation("2D6S QH/- 0 -/- - 0-0/21 1 -")
    with pytest.raises(ChkobbaError, match="set-up position"):
        deal_link(tutorial, 1)
    positions = match_positions(4, 2)
    game = Game.from_notation(positions[25].notation())  # in mid-deal
    with pytest.raises(ChkobbaError, match="set-up position"):
        deal_link(game, 1)
    while game.deal_number < 3 and game.phase != "over":
        game = game.play(game.legal_moves()[-1])
    with pytest.raises(ChkobbaError, match="set-up position"):
        deal_link(game, 1)
    line = read_deal_link(deal_link(game, 2))
    assert line.whole and line.deal == 2
    assert line.positions[-1].notation() == game.notation()


def test_a_match_set_up_at_a_cut_of_its_seed():
    game = Game.from_notation(Game.new(Rules(players=4), seed=9).notation()).play("expose")
    assert read_deal_link(deal_link(game, 1)).positions[-1].notation() == game.notation()


def test_a_save_without_history_links_its_deal_in_progress():
    positions = match_positions(8, 2)
    third = next(game for game in positions if game.deal_number == 3)
    data = json.loads(third.to_json())
    data["history"] = []
    game = Game.from_json(json.dumps(data))
    with pytest.raises(ChkobbaError, match="holds deals 3 to 3"):
        deal_link(game, 2)
    game = game.play("keep").play(game.play("keep").legal_moves()[0])
    line = read_deal_link(deal_link(game, 3))
    assert line.deal == 3 and len(line.moves) == 2
    assert line.positions[-1].notation() == game.notation()


@pytest.mark.parametrize("players", [2, 4])
def test_numbers_at_their_limit_fit_a_link(players):
    big = NUMBER_LIMIT - 1
    game = Game.from_position(
        rules=Rules(players, big),
        phase="cut",
        current=0,
        dealer=players - 1,
        hands=((),) * players,
        stock=shuffled_deck(-big, big),
        scores=(big - 1, big - 1),
        seed=-big,
        shuffles=big,
    )
    while not game.deal_results:
        game = game.play(game.legal_moves()[-1])
    link = deal_link(game, 1)
    assert len(link) <= MAX_LENGTH
    assert read_deal_link(link).positions[-1].notation() == game.notation()


# ----------------------------------------------------------------- damaged and crafted links


def test_every_single_character_edit_is_refused():
    for link in sample_links():
        for at, old in enumerate(link):
            for new in ALPHABET + ".~ ":
                if new != old:
                    # past the version, a link character changed is caught by the checksum
                    said = "edited or damaged" if at and new in ALPHABET else None
                    with pytest.raises(ParseError, match=said):
                        read_deal_link(link[:at] + new + link[at + 1 :])


def test_lost_added_and_swapped_characters_are_refused():
    for link in sample_links():
        for at in range(len(link)):
            edits = [link[:at] + link[at + 1 :], link[:at] + "A" + link[at:]]
            if at + 1 < len(link) and link[at] != link[at + 1]:
                edits.append(link[:at] + link[at + 1] + link[at] + link[at + 2 :])
            for edit in edits:
                with pytest.raises(ParseError):
                    read_deal_link(edit)


def test_a_cut_short_link_is_refused():
    for link in sample_links():
        for end in range(len(link)):
            with pytest.raises(ParseError):
                read_deal_link(link[:end])


def check_quoted_short(text: str, error: ParseError) -> None:
    """The message quotes at most the first 24 characters of ``text``."""
    message = str(error)
    assert len(message) < 250
    assert len(text) <= 24 or repr(text[:25])[1:-1] not in message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("2" + "A" * 30, "version '2' is not one this game reads"),
        ("1AAAA.AAA", r"'\.' \(character 6\) is not in a link"),
        ("1ABC DEF", "' ' .character 5. is not in a link"),
        ("1AAAAAAAAAAAAAAAAAAAAA", "edited or damaged link"),
        ("1AAAAA", "edited or damaged link"),
        ("1A", "edited or damaged link"),
        ("1" + "A" * MAX_LENGTH, "too long"),
        ("1" + "é" * 40, "is not in a link"),
    ],
)
def test_malformed_links_say_what_is_wrong(text, message):
    with pytest.raises(ParseError, match=message) as caught:
        read_deal_link(text)
    check_quoted_short(text, caught.value)


@pytest.mark.parametrize("junk", [None, 17, b"1AAAA", ["1AAAA"]])
def test_what_is_not_text_is_refused(junk):
    with pytest.raises(ParseError, match="a deal link is text"):
        read_deal_link(junk)


def test_a_huge_input_is_refused_at_once_and_quoted_short():
    for huge in ("1" + "A" * 1_000_000, "\x00" * 1_000_000, sample_links()[0] * 40_000):
        with pytest.raises(ParseError, match="too long") as caught:
            read_deal_link(huge)
        check_quoted_short(huge, caught.value)


def crafted(
    players: int = 2,
    dealer: int = 0,
    target: int = 21,
    deal: int = 1,
    shuffles: int = 0,
    seed: int = 5,
    totals: tuple[int, int] = (0, 0),
    digits: tuple[tuple[int, int], ...] = (),
) -> str:
    """A link this game could write for that start, its checksum right (the moves as digits)."""
    return _link(_Start(players, dealer, target, deal, shuffles, seed, *totals), digits)


@pytest.mark.parametrize(
    ("link", "message"),
    [
        (crafted(players=3), "2 or 4 players, not 3"),
        (crafted(dealer=2), "dealer must be a seat from 0 to 1"),
        (crafted(seed=NUMBER_LIMIT), "seed must have at most 100 digits"),
        (crafted(seed=-NUMBER_LIMIT), "seed must have at most 100 digits"),
        (crafted(shuffles=NUMBER_LIMIT), "shuffles must have at most 100 digits"),
        (crafted(target=0), "target must be a whole number"),
        (crafted(totals=(21, 3)), "the match is over exactly when a side has won"),
        (crafted(deal=0), "no deal number 0"),
        (crafted(deal=NUMBER_LIMIT), "no deal number"),
        (crafted(digits=((2, 3),)), "a move index is out of range"),
        (crafted(digits=((0, 2), (5, 6), (7, 8))), "a move index is out of range"),
        (_sealed(bytes([2, 0, 21])), "it ends inside its header"),
        (_sealed(bytes([0x82, 0, 0, 21, 1, 0, 10, 0, 0, 0])), "edited or damaged link"),
    ],
)
def test_crafted_links_are_refused(link, message):
    assert read_deal_link(crafted()).moves == ()
    with pytest.raises(ParseError, match=message):
        read_deal_link(link)


def test_moves_past_the_deal_end_are_refused():
    expected, _, link = whole_deals(2)[0]
    line = read_deal_link(link)
    digits = []
    for game, move in zip(line.positions, line.moves, strict=False):
        legal = game.legal_moves()
        digits.append((legal.index(move), len(legal)))
    start = line.start
    assert crafted(dealer=start.dealer, seed=start.seed, target=11, digits=tuple(digits)) == link
    with pytest.raises(ParseError, match=f"the deal ends after {len(digits)} moves"):
        read_deal_link(
            crafted(dealer=start.dealer, seed=start.seed, target=11, digits=(*digits, (0, 1)))
        )
    assert expected[0].notation() == start.notation()


@settings(max_examples=100, deadline=None)
@given(st.text(max_size=60) | st.text(ALPHABET, max_size=60).map("1".__add__))
def test_junk_is_refused(text):
    with pytest.raises(ParseError):
        read_deal_link(text)


@settings(max_examples=60, deadline=None)
@given(
    players=st.sampled_from([2, 4]),
    dealer=st.integers(0, 3),
    seed=st.integers(-(2**64), 2**64),
    shuffles=st.integers(0, 2**20),
    digits=st.lists(
        st.integers(1, 4).flatmap(lambda r: st.tuples(st.integers(0, r - 1), st.just(r))),
        max_size=45,
    ),
)
def test_a_decoded_link_never_builds_an_illegal_position(players, dealer, seed, shuffles, digits):
    link = crafted(players, dealer, 21, 1, shuffles, seed, (0, 0), tuple(digits))
    try:
        line = read_deal_link(link)
    except ParseError:
        return
    check_legal(line)
    assert len(line.moves) == len(digits)
