"""The statistics screen in Chromium: opened from the settings, axe-clean and within a phone's
width in Arabic (right to left) and French, its chart drawn; the statistics exported to a file
and imported from one (a bad file refused with its reason), reset only after a yes, and what
was chosen kept across a reload."""

from __future__ import annotations

import dataclasses
import json

import axe
from app_support import recorded
from conftest import PHONE
from ui.stats import STATS_KEY, export_text, from_json, to_json

KEEP = "([key, text]) => localStorage.setItem(key, text)"


def open_stats(table, stats, query: str) -> None:
    table.open_after(KEEP, query, [STATS_KEY, to_json(stats)])
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    table.tap('[data-action="stats"]')
    table.wait_phase("stats")


def kept(table):
    return from_json(table.page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))


def test_the_statistics_read_in_each_language_with_their_chart(table):
    stats = dataclasses.replace(recorded(True, False, True), recorded=())
    for lang in ("ar", "fr"):
        open_stats(table, stats, f"?pace=0&seed=3&lang={lang}")
        page = table.page
        assert page.locator("svg.chart rect").count() == 3
        assert page.locator("dl.stats").count() == 1  # one level and number of players
        assert (
            page.locator("[data-stats-summary]")
            .inner_text()
            .startswith({"ar": "3 طرحات", "fr": "3 parties"}[lang])
        )
        violations = axe.blocking(axe.audit(page))
        assert violations == [], axe.report(violations)
        overflow = page.evaluate("document.documentElement.scrollWidth - innerWidth")
        assert overflow <= 0
        table.screenshot(f"stats-{lang}")
    table.page.keyboard.press("Escape")  # back to the settings
    table.wait_phase("settings")


@PHONE
def test_export_import_and_reset_by_taps(table, tmp_path):
    stats = recorded(True, True)
    open_stats(table, stats, "?pace=0&seed=3")
    page = table.page
    with page.expect_download() as download:
        table.tap('[data-action="stats-export"]')
    saved = tmp_path / "exported.json"
    download.value.save_as(saved)
    assert download.value.suggested_filename.startswith("chkobba-statistics-")
    assert saved.read_text() == export_text(stats)

    # A file that is not statistics: refused, with the reason, and nothing changes.
    bad = {"name": "notes.json", "mimeType": "application/json", "buffer": b'{"app": "x"}'}
    page.set_input_files('input[data-file="stats"]', bad)
    page.wait_for_selector("[data-stats-error]")
    assert "not a Chkobba statistics file" in page.inner_text("[data-stats-error]")
    assert kept(table) == stats

    # Reset, after a yes.
    table.tap('[data-action="stats-reset"]')
    page.wait_for_selector("[data-stats-ask]")
    table.tap('[data-action="stats-confirm"]')
    page.wait_for_selector('[data-action="stats-reset"]')
    assert kept(table).tallies == ()
    assert "No match finished yet" in page.inner_text("[data-stats-summary]")

    # The exported file brings them back, after a yes; a reload keeps them.
    page.set_input_files('input[data-file="stats"]', str(saved))
    page.wait_for_selector("[data-stats-ask]")
    assert "2 matches" in page.inner_text("[data-stats-ask]")
    table.tap('[data-action="stats-confirm"]')
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{STATS_KEY}')).tallies.length === 1")
    assert kept(table).tallies == stats.tallies
    table.reload()
    assert json.loads(page.evaluate(f"localStorage.getItem('{STATS_KEY}')"))["tallies"]
