"""After one visit, the service worker lets the game boot and play with the network gone:
on a reload, and in a new tab opened offline. Python ran in a worker on the first visit, and
runs on the page's thread once the service worker serves the page (boot.js)."""

from conftest import OFFLINE_COPY, PHONE, SERVICE_WORKER, Table

IN_WORKER = "document.querySelector('script[type=\"py\"]').hasAttribute('worker')"


pytestmark = [PHONE, SERVICE_WORKER]


def visit_once(table) -> None:
    table.open("?seed=5&pace=0")
    assert table.page.evaluate(IN_WORKER)
    table.page.wait_for_function(OFFLINE_COPY, timeout=60_000)


def test_the_game_boots_and_plays_offline_after_one_visit(table, context):
    visit_once(table)
    context.set_offline(True)
    table.reload()
    assert not table.page.evaluate(IN_WORKER)
    assert table.wait_phase("cut", "play") in ("cut", "play")
    table.play_one()


def test_a_new_tab_opened_offline_boots_and_plays(table, context, server_url):
    visit_once(table)
    context.set_offline(True)
    tab = Table(context.new_page(), server_url, "phone")
    crashed = []
    tab.page.on("crash", lambda page: crashed.append(page.url))
    tab.open("?pace=0")
    assert not tab.page.evaluate(IN_WORKER)
    assert tab.wait_phase("cut", "play") in ("cut", "play")
    tab.play_one()
    assert crashed == []
    tab.assert_clean()
