"""The boards' demo, the Arabic tutorial and the start-failure screen in Firefox and WebKit
(engines.py) on a plain host, at a phone's size; screenshots of each in test-results/screens/
(with CHKOBBA_SCREENS=1). A puzzle of the day is solved in both, offline: test_engines_game."""

from __future__ import annotations

import os
import re

from board_support import ALL_SETTLED, Boards
from conftest import ENGINE_BOOT_MS, Table, keep_screen
from engines import Host
from page_support import (
    ENGLISH_STATUS,
    expect_failure,
    retry,
)
from static_server import PlainHandler

ARABIC = re.compile("[\u0600-\u06ff]")


def open_boards(engine, base: str, path: str) -> Boards:
    """A page of boards, every one of them settled."""
    boards = Boards(engine.new_page(), "phone", (base,))
    boards.page.goto(base + path)
    boards.page.wait_for_function(ALL_SETTLED, timeout=ENGINE_BOOT_MS)
    return boards


def play(page, board: str, steps: str) -> None:
    """A board's taps, each answered before the next: ``hand:6C`` (the card then selected),
    ``table:AS`` (then picked), a button's action (``play``)."""
    for step in steps.split():
        zone, _, code = step.partition(":")
        if code:
            card = f'{board} >>> [data-zone="{zone}"] [data-card="{code}"]'
            page.locator(card).tap()
            mark = ".selected" if zone == "hand" else ".picked"
            try:
                page.wait_for_selector(card + mark)
            except TimeoutError:  # said with what the board shows instead
                raise AssertionError(f"{step} not {mark[1:]}: {shows(page, board)}") from None
        else:
            page.locator(f'{board} >>> button[data-action="{zone}"]').tap()


def shows(page, board: str) -> str:
    """What a board shows: its selected and picked cards, and its status line."""
    cards = "(found) => found.map((e) => e.dataset.card).join(' ')"
    selected = page.eval_on_selector_all(f"{board} >>> .selected", cards)
    picked = page.eval_on_selector_all(f"{board} >>> .picked", cards)
    status = page.inner_text(f"{board} >>> [data-text=status]")
    return f"selected [{selected}], picked [{picked}], status {status!r}"


def shot(page, engine, name: str) -> None:
    keep_screen(page, f"{engine.name}-{name}-phone")


def test_the_boards_demo_shows_six_boards_and_a_puzzle_is_solved_by_taps(engine, plain_url):
    boards = open_boards(engine, plain_url, "embed-demo.html")
    page = boards.page
    assert page.locator("chkobba-board[data-state=ready]").count() == 6
    with_cards = "chkobba-board >>> .baize:has([data-card])"
    assert page.locator(with_cards).count() == 6
    play(page, "#two-ways", "hand:6C table:AS table:5H play")
    done = page.wait_for_selector('#two-ways >>> .board[data-finished] [data-text="feedback"]')
    assert done.inner_text().startswith("Right: ")
    shot(page, engine, "embed-demo")
    page.close()
    boards.assert_clean()


def test_a_touch_whose_card_is_redrawn_under_the_finger_counts_once(engine, plain_url):
    """test_board's touch in Firefox and WebKit: a finger pressed on a card, the board drawn
    anew under it, the finger lifted. The tap counts once: the card stays selected, and the next
    tap picks a table card (counted twice, the selection was taken back and the table card is not
    picked: Firefox too sends the click to the card drawn anew; WebKit's tap counted once even
    before the fix of a35a4ec)."""
    boards = open_boards(engine, plain_url, "tutorial.html")
    page = boards.page
    queen = "#queen chkobba-board"
    card = f'{queen} >>> [data-zone="hand"] [data-card="QH"]'
    page.locator(card).touch(
        f"(() => {{ const b = document.querySelector('{queen}').shadowRoot"
        ".querySelector('.board'); b.replaceWith(b.cloneNode(true)); })()"
    )
    play(page, queen, "table:2D")
    assert page.locator(f"{queen} >>> .selected").count() == 1
    page.wait_for_selector(card + ".selected")
    page.close()
    boards.assert_clean()


def test_the_tutorial_in_arabic_is_played_by_taps(engine, plain_url):
    boards = open_boards(engine, plain_url, "tutorial.html?lang=ar")
    page = boards.page
    assert page.get_attribute("html", "lang").startswith("ar")
    assert page.get_attribute("html", "dir") == "rtl"
    assert page.locator(".lesson chkobba-board[data-state=ready]").count() == 11
    dirs = page.eval_on_selector_all(".lesson chkobba-board >>> .board", "(b) => b.map(e => e.dir)")
    assert dirs == ["rtl"] * 11
    statuses = page.eval_on_selector_all(
        ".lesson chkobba-board >>> [data-text=status]", "(s) => s.map(e => e.textContent)"
    )
    assert ENGLISH_STATUS not in statuses and all(ARABIC.search(s) for s in statuses), statuses
    queen = "#queen chkobba-board"
    play(page, queen, "hand:JC table:2D table:6S play")  # the jack (9) cannot take 2 + 6
    refused = page.wait_for_selector(f"{queen} >>> .feedback.bad").inner_text()
    assert ARABIC.search(refused), refused
    shot(page, engine, "tutorial-ar")
    play(page, queen, "hand:QH table:2D table:6S play")
    page.wait_for_selector("#queen[data-done]", state="attached")
    page.close()
    boards.assert_clean()


class CutWasm(PlainHandler):
    """A plain host that, while its server's ``cut`` is set, sends half of Pyodide's wasm and
    hangs up: a download cut by the network."""

    def copyfile(self, source, outputfile) -> None:
        if getattr(self.server, "cut", False) and self.path.endswith(".wasm"):
            outputfile.write(source.read(os.fstat(source.fileno()).st_size // 2))
            self.close_connection = True
        else:
            super().copyfile(source, outputfile)


def test_a_cut_download_says_so_and_retry_starts_the_game(engine):
    host = Host(CutWasm)
    host.server.cut = True
    table = Table(engine.new_page(), host.url, "phone", ENGINE_BOOT_MS)
    table.page.goto(host.url + "index.html?seed=5&pace=0")
    expect_failure(table, "downloaded")
    table.screenshot(f"{engine.name}-start-failed")
    host.server.cut = False
    retry(table)
    table.page.close()
    host.stop()
    table.assert_clean()
