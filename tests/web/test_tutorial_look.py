"""The tutorial and the boards' demo as a reader sees them, in each language at a phone's size
and a desktop's: axe finds nothing serious (on the page and inside the boards), every lesson's
board is shown in the page's language, nothing from the boards' words is left in English, and a
screenshot of each lesson is written to test-results/screens/ to be looked at (with
CHKOBBA_SCREENS=1)."""

from __future__ import annotations

import re

import pytest
from axe import audit, blocking, report
from board_support import ALL_SETTLED, Boards
from conftest import BOOT_MS, keep_screen
from page_support import (
    ENGLISH_STATUS,
)
from playwright.sync_api import expect


@pytest.fixture
def reader(kept_page, server_url, form):
    reader = Boards(kept_page, form, (server_url,))
    yield reader
    reader.assert_clean()


LANGS = ("fr", "ar", "en")


def test_every_lesson_in_each_language(reader, server_url):
    """One page: opened in French (by its address), then switched to each other language by
    the page's own language buttons (its boards are made again in it), each looked at."""
    page = reader.page
    reader.open(f"{server_url}tutorial.html?lang={LANGS[0]}")
    boards = page.locator(".lesson chkobba-board")
    for lang in LANGS:
        if lang != LANGS[0]:
            reader.tap(page.locator(f'[data-lang="{lang}"]'))
            page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)
        expect(page.locator("html")).to_have_attribute("lang", re.compile(f"^{lang}(-|$)"))
        expect(boards).to_have_count(11)
        for index in range(11):
            expect(boards.nth(index).locator(".board")).to_have_attribute(
                "dir", page.evaluate("document.documentElement.dir")
            )
        found = blocking(audit(page))
        assert found == [], (lang, report(found))
        # a refusal shown, then checked by axe too
        queen = page.locator("#queen chkobba-board")
        expect(queen.locator(".feedback.bad")).to_have_count(0)  # (made again: none yet)
        reader.play(queen, "hand:JC", "table:2D", "table:6S", "play")
        expect(queen.locator(".feedback.bad")).to_have_count(1)
        found = blocking(audit(page))
        assert found == [], (lang, report(found))
        statuses = page.locator(".lesson chkobba-board [data-text=status]").all_inner_texts()
        assert (ENGLISH_STATUS in statuses) == (lang == "en"), (lang, statuses)
        for lesson in page.locator(".lesson").all():
            lesson.scroll_into_view_if_needed()
            name = lesson.get_attribute("id")
            keep_screen(lesson, f"lesson-{name}-{lang}-{reader.device}")


def test_the_demo_boards_follow_the_pages_language(reader, server_url):
    """embed-demo.html is an English page: given another language, its boards speak it (one
    page, given French, then Arabic)."""
    page = reader.page
    page.goto(server_url + "embed-demo.html")
    page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)
    boards = page.locator("chkobba-board .board")
    expect(boards.first).to_have_attribute("lang", "en")
    for lang in ("fr", "ar"):
        page.evaluate(f"document.documentElement.lang = '{lang}'")  # then each board is remade
        page.evaluate(
            "document.querySelectorAll('chkobba-board').forEach(b => b.setAttribute('mode',"
            " b.getAttribute('mode') ?? 'show'))"
        )
        page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)
        expect(boards.first).to_have_attribute("lang", "fr" if lang == "fr" else "ar-TN")
        found = blocking(audit(page))
        assert found == [], (lang, report(found))
        keep_screen(page, f"demo-{lang}-{reader.device}", full_page=True)
