"""After one visit, the tutorial's boards start and play with the network gone."""

import pytest
from conftest import BOOT_MS
from playwright.sync_api import expect
from test_board import ALL_SETTLED, Boards


@pytest.fixture(params=["phone"])
def form(request) -> str:
    return request.param


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "allow"}


def test_the_tutorial_works_offline_after_one_visit(page, context, server_url, form):
    boards = Boards(page, form, (server_url,))
    boards.open(server_url + "tutorial.html")
    page.wait_for_function(
        "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)",
        timeout=60_000,
    )
    context.set_offline(True)
    page.reload()
    page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)
    expect(page.locator("chkobba-board[data-state=ready]")).to_have_count(9)
    board = page.locator("#queen chkobba-board")
    boards.play(board, "hand:QH", "table:2D", "table:6S", "play")
    expect(page.locator("#queen")).to_have_attribute("data-done", "")
    boards.assert_clean()
