"""Keyboard play's decisions: Escape (the app's, in CPython) and the arrows within a row
(web/game/screen.js's, run under Node)."""

import json
import subprocess
from pathlib import Path

from ui.keys import escape_action

SCREEN = Path(__file__).resolve().parents[2] / "web" / "game" / "screen.js"


def steps(cases: list[tuple[str, int, int, bool]]) -> list[int | None]:
    """screen.js's ``step`` for each case, run by Node."""
    script = (
        f"import {{ step }} from {json.dumps(SCREEN.as_uri())};\n"
        f"const cases = {json.dumps(cases)};\n"
        "console.log(JSON.stringify(cases.map((c) => step(...c))));\n"
    )
    out = subprocess.run(
        ["node", "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def test_arrows_move_within_a_row_as_it_is_seen():
    cases = [
        ("ArrowRight", 0, 3, False),
        ("ArrowLeft", 0, 3, False),  # wraps around
        ("ArrowRight", 0, 3, True),  # right to left: right is backwards
        ("ArrowLeft", 0, 3, True),
        ("ArrowDown", 1, 3, True),  # up and down follow the reading order
        ("ArrowUp", 1, 3, False),
        ("Home", 2, 3, True),
        ("End", 0, 3, False),
        ("Tab", 0, 3, False),
        ("ArrowRight", 0, 0, False),
    ]
    assert steps(cases) == [1, 2, 2, 1, 2, 0, 0, 2, None, None]


def test_escape_cancels_a_choice_closes_a_dialog_or_dismisses_a_notice():
    assert escape_action("choose", notice=True) == "cancel"
    assert escape_action("settings", notice=False) == "close"
    assert escape_action("confirm", notice=False) == "close"  # "No, keep playing"
    assert escape_action("play", notice=True) == "dismiss"
    assert escape_action("play", notice=False) is None
    assert escape_action("sheet", notice=False) is None  # a score sheet waits for its button
    assert escape_action("retry", notice=True) == "retry-back"  # try again: back to the review
