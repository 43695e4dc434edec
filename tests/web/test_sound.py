"""The table's sounds in Chromium: none before the player's first tap, heard once it came, none
at all when switched off. Audio calls are counted by wrapping the Web Audio API."""

from __future__ import annotations

from conftest import PHONE

COUNT_AUDIO = """() => {
    window.audio = { contexts: 0, starts: 0 };
    const Context = window.AudioContext;
    window.AudioContext = class extends Context {
        constructor(...args) { super(...args); window.audio.contexts += 1; }
    };
    const start = AudioBufferSourceNode.prototype.start;
    AudioBufferSourceNode.prototype.start = function (...args) {
        window.audio.starts += 1;
        return start.apply(this, args);
    };
}"""


def audio(table) -> dict[str, int]:
    return table.page.evaluate("window.audio")


def play_until_heard(table, moves: int = 12) -> int:
    """Play by taps until a sound starts (the files are fetched and decoded after the first
    tap: the first plays may come before them); the number of moves it took."""
    for played in range(1, moves + 1):
        if table.play_one() in ("sheet", "over"):
            break
        if audio(table)["starts"] > 0:
            return played
    raise AssertionError(f"no sound after {moves} moves: {audio(table)}")


@PHONE
def test_nothing_sounds_before_the_first_tap_then_the_plays_are_heard(table):
    table.page.add_init_script(f"({COUNT_AUDIO})()")
    table.open("?seed=4&pace=0")
    table.wait_phase("cut", "play")
    assert audio(table) == {"contexts": 0, "starts": 0}  # the deal's sound was not played
    play_until_heard(table)
    assert audio(table)["contexts"] == 1
    requested = table.page.evaluate(
        "performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('/static/sounds/')).length"
    )
    assert requested == 8  # each sound fetched once


@PHONE
def test_switched_off_the_game_makes_no_sound_at_all(table):
    table.page.add_init_script(f"({COUNT_AUDIO})()")
    table.open_after(
        "localStorage.setItem('chkobba.settings', JSON.stringify({sound: false}))", "?seed=4&pace=0"
    )
    table.wait_phase("cut", "play")
    for _ in range(6):
        table.play_one()
    assert audio(table) == {"contexts": 0, "starts": 0}
    table.tap('[data-action="settings"]')
    table.tap('[data-action="sound"][data-value="on"]')
    table.page.wait_for_selector('[data-action="sound"][data-value="on"][aria-pressed="true"]')
    table.tap('[data-action="close"]')
    table.wait_phase("cut", "play")
    play_until_heard(table)  # switched on again: heard (its first tap was in the settings)
