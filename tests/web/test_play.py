"""Playing by tapping: a whole deal to its score sheet, a capture choice, the cut ritual."""

from collections import Counter

from chkobba import Game, Rules
from conftest import PHONE
from positions import CHOICE_SEED, first_seed_where_you_cut


def test_a_full_deal_to_its_score_sheet(table):
    table.open("?seed=5&pace=0")
    phase = table.wait_phase("cut", "play")
    table.screenshot("table")
    for _ in range(40):
        phase = table.play_one()
        if phase == "sheet":
            break
    assert phase == "sheet"
    sheet = table.page.locator('[data-overlay="sheet"]')
    for row in ("karta", "dinari", "bermila", "hayya", "chkobba"):
        assert sheet.locator(f'[data-row="{row}"]').count() == 1
    game = table.saved_game()
    result = game.deal_results[0]
    assert sheet.locator(".match td").nth(0).inner_text() == str(result.totals[0])  # th: the name
    assert f"{result.scores[0].cards} cards" in sheet.inner_text()
    table.screenshot("score-sheet")
    table.tap('[data-action="next"]')
    assert table.wait_phase("cut", "play", "wait")
    assert table.page.inner_text('[data-score="0"]') == str(game.scores[0])


# The card picked in the hand, lifted with its gold ring (3 px, style.css), stays below the
# Hint button.
PICKED_CLEARS_HINT = """(() => {
  const box = (selector) => document.querySelector(selector).getBoundingClientRect();
  const picked = box('[data-zone="hand-0"] .card.selected');
  return picked.top - 3 >= box('.zone.you [data-action="hint"]').bottom;
})()"""


@PHONE
def test_choose_between_two_captures_with_a_running_sum(table):
    table.open(f"?seed={CHOICE_SEED}&pace=0")
    phase = table.wait_phase("cut", "play")
    for _ in range(10):
        game = table.saved_game()
        counts = Counter(m.card for m in game.legal_moves() if m.kind == "play")
        several = [card for card, n in counts.items() if n >= 2]
        if phase == "play" and several:
            break
        phase = table.play_one()
    else:
        raise AssertionError("no capture choice came up")
    card = several[0]
    options = [m for m in game.legal_moves() if m.card == card]
    table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
    table.wait_phase("choose")
    assert table.page.locator(".choice").count() == len(options)
    assert table.page.get_attribute("[data-sum]", "data-sum") == "0"
    assert table.page.evaluate(PICKED_CLEARS_HINT), "the picked card covers the Hint button"
    table.screenshot("capture-choice")
    chosen = options[-1]
    before = table.moves
    running = 0
    for taken in chosen.captures:
        running += taken.value
        table.tap(f'.table-cards [data-card="{taken}"]')
        if running < card.value:
            sum_ = table.page.wait_for_selector(f'[data-sum="{running}"]')
            assert f"= {running} of {card.value}" in sum_.inner_text()
    table.wait_turn(before)
    played = table.saved_game().history[before]
    assert played == chosen


@PHONE
def test_keep_and_expose_the_cut_card(table):
    for choice in ("keep", "expose"):
        seed = first_seed_where_you_cut(choice, start=0 if choice == "keep" else 3)
        table.open_after("localStorage.clear()", f"?seed={seed}&pace=0")
        table.wait_phase("cut")
        cut = table.page.get_attribute('[data-overlay="cut"] [data-card]', "data-card")
        assert cut == str(Game.new(Rules(target=21), seed=seed).cut_card)
        if choice == "keep":
            table.screenshot("cut")
        before = table.moves
        table.tap(f'[data-move="{choice}"]')
        table.wait_turn(before)
        place = table.hand() if choice == "keep" else table.table()
        assert cut in place, (choice, cut, place)
        assert table.saved_game().history[before].kind == choice


@PHONE
def test_a_tutorial_board_from_the_address(table):
    """?position= sets up "table 2♦ 6♠, you hold Q♥"; the sweep is announced; no save is made."""
    table.open("?position=2D6S+QH/KC+0+-/-+-+0-0/21+1+-&pace=1")
    table.wait_phase("play")
    assert table.table() == ["2D", "6S"] and table.hand() == ["QH"]
    table.tap('[data-zone="hand-0"] [data-card="QH"]')
    announce = table.page.wait_for_selector(".announce")
    assert "Chkobba" in announce.inner_text()
    table.screenshot("tutorial-chkobba")
    table.page.wait_for_function("+document.querySelector('#app').dataset.moves >= 2")
    assert table.page.evaluate("localStorage.getItem('chkobba.save')") is None
