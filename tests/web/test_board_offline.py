"""After one visit, the tutorial's boards start and play with the network gone."""

from board_support import ALL_SETTLED, Boards
from conftest import BOOT_MS, OFFLINE_COPY, PHONE, SERVICE_WORKER
from playwright.sync_api import expect

pytestmark = [PHONE, SERVICE_WORKER]


def test_the_tutorial_works_offline_after_one_visit(page, context, server_url, form):
    boards = Boards(page, form, (server_url,))
    boards.open(server_url + "tutorial.html")
    page.wait_for_function(OFFLINE_COPY, timeout=60_000)
    context.set_offline(True)
    page.reload()
    page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)
    expect(page.locator("chkobba-board[data-state=ready]")).to_have_count(11)
    board = page.locator("#queen chkobba-board")
    boards.play(board, "hand:QH", "table:2D", "table:6S", "play")
    expect(page.locator("#queen")).to_have_attribute("data-done", "")
    boards.assert_clean()
