"""The page boots to a playable table with no console error and nothing fetched from elsewhere."""


def test_boot_shows_a_playable_table(table):
    table.open("?seed=7&pace=0")
    assert table.wait_phase("cut", "play") in ("cut", "play")
    assert len(table.hand()) in (0, 3, 4)
    table.screenshot("boot")
