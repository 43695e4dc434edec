"""What the page waits for: the screen's phase (``ScreenPhase``) of a position and the UI
state, without making the frame; and what the phases say of the table (a sheet due, every hand
hidden, people reading together, a match in progress, the deal the log tells)."""

from __future__ import annotations

from chkobba import Game, Phase
from chkobba.daily import daily_over

from .model import ALONE, GUEST_LINK, LinkState, Roster, ScreenPhase, Stage, Ui

PLAYING = (ScreenPhase.PLAY, ScreenPhase.CHOOSE)  # the player's hand and hint button are live
HINTED = (ScreenPhase.PLAY, ScreenPhase.CUT, ScreenPhase.CHOOSE)  # a hint may be shown
SHEETS = (ScreenPhase.SHEET, ScreenPhase.OVER)  # a score sheet is open
# What people at one table read together: the sheets and what they open.
TOGETHER = (*SHEETS, ScreenPhase.LOG, ScreenPhase.TAKEN, ScreenPhase.REVIEW, ScreenPhase.EXPERT)


def on_screen(game: Game, ui: Ui) -> Game:
    """The position drawn: while a capture is shown before it is taken, the one before it."""
    return ui.last.before if ui.stage == Stage.SHOW and ui.last else game


def screen_phase(game: Game, ui: Ui, people: Roster = ALONE) -> ScreenPhase:
    """The frame's phase, without making the frame."""
    return phase_of(on_screen(game, ui), ui, people)


def sheet_due(game: Game, ui: Ui) -> bool:
    return len(game.deal_results) > ui.seen_deals


def phase_of(game: Game, ui: Ui, people: Roster = ALONE) -> ScreenPhase:
    """What the page waits for in position ``game``: a panel (the phase of its name), a score
    sheet, the phone passed to the next person (PASS), the player (to play, choose a capture
    or cut), or nothing (WAIT: the computer, or cards moving)."""
    if ui.panel is not None:
        return ui.panel
    if ui.replay is not None:  # a shared deal, followed move by move: nothing to play
        return ScreenPhase.REPLAY
    if ui.puzzle is not None and (ui.puzzle.puzzle is None or ui.puzzle.outcome):
        return ScreenPhase.WAIT  # a puzzle being made, or over: nothing to play
    over = game.phase == Phase.OVER or bool(ui.daily and daily_over(game))
    if (sheet_due(game, ui) or over) and not ui.busy:  # the deal's last card lands first
        return ScreenPhase.OVER if over else ScreenPhase.SHEET
    if ui.busy or over or game.current not in people.people or cut_off(ui):
        return ScreenPhase.WAIT
    if hiding(game, ui, people):
        return ScreenPhase.PASS
    if game.phase == Phase.CUT:
        return ScreenPhase.CUT
    return ScreenPhase.CHOOSE if ui.selected else ScreenPhase.PLAY


def cut_off(ui: Ui) -> bool:
    """A guest's page whose link to the host is lost (or broken, or dropped): a move played here
    would reach no one, so nothing is offered until a fresh pair of codes opens it again."""
    return any(link.seat == GUEST_LINK and link.state != LinkState.OPEN for link in ui.links)


def hiding(game: Game, ui: Ui, people: Roster) -> bool:
    """Whether every hand is hidden: several people play on this device and the phone is to go
    to the one whose turn it is, or no one has said they hold it yet (after a reload)."""
    if not people.shared or game.phase == Phase.OVER:
        return False
    return ui.hidden or (game.current in people.people and game.current != ui.viewer)


def together(game: Game, ui: Ui, people: Roster, phase: ScreenPhase) -> bool:
    """Whether several people read the screen together, so that each is named and none is
    "you": a score sheet, and what it opens, at a table of people on this device."""
    sheet = sheet_due(game, ui) or game.phase == Phase.OVER
    return people.shared and phase in TOGETHER and sheet


def in_progress(game: Game) -> bool:
    """Whether starting anew would throw away play: a match begun and not over."""
    return game.phase != Phase.OVER and bool(game.history or game.deal_results)


def logged_deal(game: Game, ui: Ui) -> int:
    """The deal the log tells: the one just scored while its sheet is due, else the one on."""
    scored = len(game.deal_results)
    return scored if scored > ui.seen_deals or game.phase == Phase.OVER else game.deal_number
