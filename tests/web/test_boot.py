"""The page boots to a playable table with no console error and nothing fetched from elsewhere;
its Python runs in a worker, or on the page's thread where the page is not cross-origin isolated."""

import functools
import http.server
import threading

import pytest
from conftest import Table, load_build


def test_boot_shows_a_playable_table(table):
    table.open("?seed=7&pace=0")
    assert table.wait_phase("cut", "play") in ("cut", "play")
    assert len(table.hand()) in (0, 3, 4)
    table.screenshot("boot")


def test_python_runs_in_a_worker_where_the_page_is_cross_origin_isolated(table):
    table.open("?seed=7&pace=0")
    assert table.page.evaluate("crossOriginIsolated") is True
    assert table.page.locator('script[type="py"]').get_attribute("worker") == ""


@pytest.fixture
def plain_url():
    """dist/ served with no COOP/COEP, as by a static host that sends neither."""
    build = load_build()
    plain = type("Plain", (build.Handler,), {"isolated": False})
    handler = functools.partial(plain, directory=str(build.DIST))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()


def test_without_isolation_python_runs_on_the_page_and_plays(page, plain_url, form):
    table = Table(page, plain_url, form)
    table.open("?seed=7&pace=0")
    assert page.evaluate("crossOriginIsolated") is False
    assert page.locator('script[type="py"]').get_attribute("worker") is None
    table.wait_phase("cut", "play")
    before = table.moves
    table.play_one()
    assert table.moves > before
    table.assert_clean()
