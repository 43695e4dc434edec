"""Saved games: a reload finds the same position; a corrupt save is reported and set aside;
a malformed address parameter is explained, never a crash."""

from conftest import PHONE


@PHONE
def test_reload_mid_deal_finds_the_same_position(table):
    table.open("?seed=5&pace=0")
    table.wait_phase("cut", "play")
    for _ in range(3):
        table.play_one()
    game = table.saved_game()
    hand, on_table, phase = table.hand(), table.table(), table.phase
    piles = table.codes("[data-pile]")
    table.reload()
    assert table.wait_phase(phase) == phase
    assert table.saved_game() == game
    assert table.hand() == hand == [str(c) for c in game.hands[0]]
    assert table.table() == on_table
    assert table.codes("[data-pile]") == piles
    table.play_one()  # and the game goes on


@PHONE
def test_a_corrupt_save_is_reported_and_set_aside(table):
    broken = '{"format": 1, "game": "not a game"'
    table.open_with_save(broken)
    table.page.wait_for_selector("[data-notice]")
    assert "could not be read" in table.page.inner_text("[data-notice]")
    assert table.page.evaluate("localStorage.getItem('chkobba.save.corrupt')") == broken
    assert table.wait_phase("cut", "play", "wait")
    table.screenshot("corrupt-save")
    table.tap('[data-action="dismiss"]')
    table.page.wait_for_selector("[data-notice]", state="detached")
    assert table.saved_game().deal_results == ()


@PHONE
def test_a_malformed_address_parameter_is_explained(table):
    table.open("?seed=abc&pace=fast")
    text = table.page.wait_for_selector("[data-notice]").inner_text()
    assert "seed='abc'" in text and "pace='fast'" in text
    assert table.wait_phase("cut", "play", "wait")
