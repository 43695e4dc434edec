"""The daily deal in Chromium: today's UTC deal, played by taps to its end, kept apart from the
player's match; its result axe-clean in French and Arabic at a phone's width, shared as a text
with the link that plays the same deal."""

from __future__ import annotations

import datetime
import json

import axe
from chkobba import Game
from chkobba.daily import daily_game
from conftest import PHONE
from ui.storage import DAILY_KEY, DAYS_KEY, SAVE_KEY


def daily_saved(table) -> Game:
    text = table.page.evaluate(f"localStorage.getItem('{DAILY_KEY}')")
    return Game.from_json(json.loads(text)["game"])


@PHONE
def test_the_daily_deal_played_to_its_end_and_shared(table):
    today = datetime.datetime.now(datetime.UTC).date()
    table.open("?daily&pace=0&lang=fr")
    table.saved_game = lambda: daily_saved(table)  # the taps read the daily's match
    assert daily_saved(table).seed == daily_game(today).seed
    assert table.page.inner_text(".bar").find("Donne du jour") >= 0
    phase = table.wait_phase("cut", "play")
    for _ in range(40):
        if phase == "over":
            break
        phase = table.play_one()
    assert phase == "over"
    page = table.page
    assert "la donne du jour" in page.inner_text("#dialog-title")
    assert json.loads(page.evaluate(f"localStorage.getItem('{DAYS_KEY}')")) == [today.isoformat()]
    assert page.evaluate(f"localStorage.getItem('{SAVE_KEY}')") is None  # the match: untouched
    table.screenshot("daily-fr")

    share = page.locator("[data-copy][data-text]")
    assert share.get_attribute("data-copy") == f"?daily={today.isoformat()}"
    table.tap("[data-copy][data-text]")
    page.wait_for_function(
        """() => document.querySelector('[data-copy][data-text]')?.textContent === 'Résultat copié'
            || document.querySelector('.deal-link')?.textContent.includes('?daily=')"""
    )

    table.open("?daily&pace=0&lang=ar")  # again: the result, in Arabic
    table.wait_phase("over")
    violations = axe.blocking(axe.audit(page))
    assert violations == [], axe.report(violations)
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    table.screenshot("daily-ar")

    # A finished day stays finished: an earlier day's link, a day to come, then today's.
    finished = daily_saved(table)
    table.open("?daily=2026-11-20&pace=0&lang=en")
    table.saved_game = lambda: Game.from_json(
        json.loads(page.evaluate("localStorage.getItem('chkobba.daily.earlier')"))["game"]
    )
    table.wait_phase("cut", "play")
    table.play_one()  # an earlier day's deal begun, apart from today's
    table.open("?daily=2099-01-01&pace=0&lang=en")
    table.wait_phase("over")
    table.open("?daily&pace=0&lang=en")
    table.wait_phase("over")
    assert daily_saved(table) == finished
    assert "The next one comes at midnight UTC" in page.inner_text("#app")
