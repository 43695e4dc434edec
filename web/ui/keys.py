"""Keyboard play, as pure decisions the page's key handler and screen act on (tested in CPython).

- Arrow keys move the focus within a row of buttons (the hand, the table's cards, the capture
  options, a dialog's buttons): Left and Right as the row is seen (mirrored right to left),
  Up and Down as the reading order, Home and End to its ends; the focus wraps around.
- Escape cancels a capture choice, closes a dialog that can be closed, or dismisses a notice.
- After a re-render the focus goes back to the same control (a card by its code, a button by its
  action and value); if that control is gone (the card was played), to its row's neighbour.
"""

from __future__ import annotations

from collections.abc import Sequence

STEPS = {"ArrowLeft": -1, "ArrowRight": 1, "ArrowUp": -1, "ArrowDown": 1}
ENDS = ("Home", "End")
# What Escape does in each phase of the page (data-phase), as a tap on that action.
ESCAPE = {"choose": "cancel", "settings": "close", "confirm": "close"}


def step(key: str, index: int, count: int, rtl: bool) -> int | None:
    """The index in a row of ``count`` buttons that ``key`` moves the focus to from ``index``;
    None for a key that does not move it."""
    if count == 0:
        return None
    if key in ENDS:
        return 0 if key == "Home" else count - 1
    move = STEPS.get(key)
    if move is None:
        return None
    if rtl and key in ("ArrowLeft", "ArrowRight"):
        move = -move  # a right-to-left row starts at the right
    return (index + move) % count


def escape_action(phase: str, notice: bool) -> str | None:
    """The action Escape stands for in ``phase``: cancel a choice, close a dialog, or dismiss
    the notice when nothing else is open."""
    action = ESCAPE.get(phase)
    if action is None and notice:
        return "dismiss"
    return action


def focus_key(card: str | None, action: str | None, value: str | None) -> str | None:
    """A name for the focused control that survives a re-render: its card, or its action."""
    if card:
        return f"card:{card}"
    if action:
        return f"action:{action}:{value or ''}"
    return None


def refocus(key: str | None, index: int, now: Sequence[str | None]) -> int | None:
    """Which control of the focused one's row (``now``: their keys after the re-render) takes the
    focus back: the same control, else the one at its old ``index`` (or the last one)."""
    if key is None or not now:
        return None
    if key in now:
        return now.index(key)
    return min(index, len(now) - 1)
