"""Puzzles in Chromium (one boot a test): a day's puzzle tried wrong then right at both sizes,
today's in Arabic (right to left) with its streak kept, a malformed day (today's puzzle and a
notice; the player's own puzzles, none yet) and a shared position's link solved by keyboard."""

from __future__ import annotations

import datetime
import json

import axe
from chkobba.puzzles import alike, daily_puzzle
from conftest import DESKTOP, PHONE
from ui.puzzle import puzzle_link
from ui.storage import PUZZLE_DAYS_KEY, SAVE_KEY


def try_move(table, puzzle, move) -> None:
    """Tap ``move``'s card in the puzzle seat's hand (and its capture, if asked)."""
    table.tap(f'[data-zone="hand-{puzzle.seat}"] [data-card="{move.card}"]')
    table.page.wait_for_function(
        "() => ['play', 'wait'].includes(document.querySelector('#app').dataset.phase)"
        " && document.querySelector('[data-verdict]') || "
        "document.querySelector('#app').dataset.phase === 'choose'"
    )
    if table.phase == "choose":
        table.tap(f'.choice[data-move="{move}"]')


def wrong_then_right(table, puzzle) -> None:
    """A wrong try (its clue, and "Show the answer" offered), then the answer (solved)."""
    page = table.page
    page.wait_for_selector('#app[data-puzzle="open"]')
    wrong = next(m for m in puzzle.game.legal_moves() if not alike(m, puzzle.answer))
    try_move(table, puzzle, wrong)
    page.wait_for_selector(".verdict.wrong")
    assert page.locator('[data-action="puzzle-answer"]').count() == 1
    assert page.get_attribute("#app", "data-puzzle") == "open"
    try_move(table, puzzle, puzzle.answer)
    page.wait_for_selector('#app[data-puzzle="solved"] .verdict.right')


def test_a_days_puzzle_tried_wrong_then_right(table):
    puzzle = daily_puzzle(datetime.date(2027, 1, 1))
    table.open("?puzzle=2027-01-01&pace=0&lang=fr")
    page = table.page
    assert page.inner_text(".puzzle-row h2") == "Problème du 01/01/2027"
    assert page.locator(".hint-btn, .undo").count() == 0  # no hint to give the answer away
    table.screenshot("puzzle-open-fr")
    wrong_then_right(table, puzzle)
    assert page.inner_text(".verdict").startswith("Bien vu")
    assert page.get_attribute("[data-copy]", "data-copy") == "?puzzle=2027-01-01"
    line = page.get_attribute("[data-line]", "data-line")
    assert line.startswith('<chkobba-board mode="puzzle"') and 'lang="fr"' in line
    assert page.locator("[data-streak]").count() == 0  # a day not today's counts not
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    table.screenshot("puzzle-solved-fr")


@PHONE
def test_todays_puzzle_in_arabic_keeps_its_streak(table):
    today = datetime.datetime.now(datetime.UTC).date()
    table.open("?puzzle&pace=0&lang=ar")
    page = table.page
    assert page.get_attribute("html", "dir") == "rtl"
    wrong_then_right(table, daily_puzzle(today))
    assert "1" in page.inner_text("[data-streak]")
    days = json.loads(page.evaluate(f"localStorage.getItem('{PUZZLE_DAYS_KEY}')"))
    assert days == [today.isoformat()]
    violations = axe.blocking(axe.audit(page))
    assert violations == [], axe.report(violations)
    table.screenshot("puzzle-solved-ar")


@PHONE
def test_a_malformed_day_gives_todays_puzzle_and_a_notice(table):
    table.open("?puzzle=2027-13-45&pace=0&lang=en")
    page = table.page
    page.wait_for_selector('#app[data-puzzle="open"]')
    notice = page.inner_text(".notice")
    assert "2027-13-45" in notice and "today's puzzle" in notice
    table.tap('[data-action="puzzles"]')
    table.wait_phase("puzzles")
    assert "No puzzle of your own yet" in page.inner_text("[data-overlay]")
    page.keyboard.press("Escape")
    table.wait_phase("play")


@DESKTOP
def test_a_shared_position_is_proved_again_and_solved_by_keyboard(table):
    puzzle = daily_puzzle(datetime.date(2027, 1, 3))
    link = puzzle_link(puzzle, "")
    table.open(link + "&pace=0&lang=en")
    page = table.page
    page.wait_for_selector('#app[data-puzzle="open"]')
    assert page.inner_text(".puzzle-row h2") == "Your puzzle"
    assert page.get_attribute("[data-copy]", "data-copy") == link
    page.focus(f'[data-zone="hand-{puzzle.seat}"] [data-card="{puzzle.answer.card}"]')
    page.keyboard.press("Enter")
    page.wait_for_selector('#app:is([data-phase="choose"], [data-puzzle="solved"])')
    if table.phase == "choose":
        page.focus(f'.choice[data-move="{puzzle.answer}"]')
        page.keyboard.press("Enter")
    page.wait_for_selector('#app[data-puzzle="solved"]')
    assert page.inner_text(".verdict").startswith("Right!")
