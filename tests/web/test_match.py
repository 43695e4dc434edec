"""Settings (target, level, new game) and the end of a match."""

import json

from conftest import PHONE
from positions import near_the_end
from ui.storage import KeptMatch, write_kept_match


@PHONE
def test_the_match_ends_with_the_winner_and_a_new_match(table):
    game = near_the_end()
    text = write_kept_match(KeptMatch(game, len(game.deal_results), 1))
    table.open_with_save(text)
    assert table.wait_phase("play") == "play"
    assert table.play_one() == "over"
    final = table.saved_game()
    heading = table.page.inner_text('[data-overlay="over"] h2')
    assert heading == ("You won the match!" if final.winner == 0 else "The computer won the match")
    table.screenshot("match-over")
    table.tap('[data-action="new"]')
    table.wait_phase("cut", "play", "wait")
    assert table.page.inner_text('[data-score="0"]') == "0"
    assert table.saved_game().deal_results == ()


@PHONE
def test_settings_choose_target_and_level_then_a_new_game(table):
    table.open("?seed=4&pace=0")
    table.wait_phase("cut", "play")
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    table.tap('[data-action="target"][data-value="11"]')
    table.tap('[data-action="level"][data-value="hard"]')
    table.page.wait_for_selector('[data-value="hard"][aria-pressed="true"]')
    table.screenshot("settings")
    table.tap('[data-action="new"]')
    if table.wait_phase("confirm", "cut", "play", "wait") == "confirm":  # a match was begun
        table.tap('[data-action="confirm-new"]')
    table.wait_phase("cut", "play", "wait")
    assert "to 11" in table.page.inner_text(".score")
    assert table.saved_game().rules.target == 11
    settings = json.loads(table.page.evaluate("localStorage.getItem('chkobba.settings')"))
    assert settings == {
        "target": 11,
        "level": "hard",
        "lang": "en",
        "players": 2,
        "undo": True,
        "pace": "normal",
        "sound": True,
        "back": "red",
        "felt": "green",
    }  # en-US browser
