"""Keyboard play's decisions (arrows in a row, Escape, focus after a re-render), in CPython."""

from ui.keys import escape_action, focus_key, refocus, step


def test_arrows_move_within_a_row_as_it_is_seen():
    assert step("ArrowRight", 0, 3, rtl=False) == 1
    assert step("ArrowLeft", 0, 3, rtl=False) == 2  # wraps around
    assert step("ArrowRight", 0, 3, rtl=True) == 2  # right to left: right is backwards
    assert step("ArrowLeft", 0, 3, rtl=True) == 1
    assert step("ArrowDown", 1, 3, rtl=True) == 2  # up and down follow the reading order
    assert step("ArrowUp", 1, 3, rtl=False) == 0
    assert (step("Home", 2, 3, rtl=True), step("End", 0, 3, rtl=False)) == (0, 2)
    assert step("Tab", 0, 3, rtl=False) is None
    assert step("ArrowRight", 0, 0, rtl=False) is None


def test_escape_cancels_a_choice_closes_a_dialog_or_dismisses_a_notice():
    assert escape_action("choose", notice=True) == "cancel"
    assert escape_action("settings", notice=False) == "close"
    assert escape_action("confirm", notice=False) == "close"  # "No, keep playing"
    assert escape_action("play", notice=True) == "dismiss"
    assert escape_action("play", notice=False) is None
    assert escape_action("sheet", notice=False) is None  # a score sheet waits for its button


def test_focus_returns_to_the_same_control_or_its_neighbour():
    assert focus_key("7D", None, None) == "card:7D"
    assert focus_key(None, "level", "hard") == "action:level:hard"
    assert focus_key(None, None, None) is None
    row = ["card:AS", "card:7D", "card:KC"]
    assert refocus("card:7D", 1, row) == 1
    assert refocus("card:7D", 1, ["card:AS", "card:KC"]) == 1  # played: its neighbour
    assert refocus("card:KC", 2, ["card:AS", "card:7D"]) == 1  # the last one was played
    assert refocus("card:KC", 0, []) is None
