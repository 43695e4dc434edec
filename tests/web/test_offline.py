"""After one visit, the service worker lets the game boot and play with the network gone."""

import pytest


@pytest.fixture(params=["phone"])
def form(request) -> str:
    return request.param


@pytest.fixture
def browser_context_args(browser_context_args):
    return {**browser_context_args, "service_workers": "allow"}


def test_the_game_boots_and_plays_offline_after_one_visit(table, context):
    table.open("?seed=5&pace=0")
    table.page.wait_for_function(
        "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)",
        timeout=60_000,
    )
    context.set_offline(True)
    table.reload()
    assert table.wait_phase("cut", "play") in ("cut", "play")
    table.play_one()
