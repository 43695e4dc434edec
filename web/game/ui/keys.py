"""Keyboard play's one decision that needs the app's state: what Escape does.

Escape cancels a capture choice, closes a dialog that can be closed, or dismisses a notice.
(The arrow keys within a row of buttons, and where the focus goes after a repaint, are the
page's: web/game/screen.js, which has the DOM.)
"""

from __future__ import annotations

from .model import ScreenPhase

# What Escape does in each phase of the page (data-phase), as a tap on that action.
ESCAPE = {
    ScreenPhase.CHOOSE: "cancel",
    ScreenPhase.SETTINGS: "close",
    ScreenPhase.CONFIRM: "close",
    ScreenPhase.LOG: "close",
    ScreenPhase.TAKEN: "close",
    ScreenPhase.REVIEW: "close",
    ScreenPhase.EXPERT: "close",
    ScreenPhase.SHARE: "close",
    ScreenPhase.STATS: "close",  # back to the settings
    ScreenPhase.PEOPLE: "close",
    ScreenPhase.PUZZLES: "close",
    ScreenPhase.RETRY: "retry-back",
}


def escape_action(phase: ScreenPhase, notice: bool) -> str | None:
    """The action Escape stands for in ``phase``: cancel a choice, close a dialog, or dismiss
    the notice when nothing else is open."""
    action = ESCAPE.get(phase)
    if action is None and notice:
        return "dismiss"
    return action
