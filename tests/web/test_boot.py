"""The page boots to a playable table with no console error and nothing fetched from elsewhere;
its Python runs in a worker (the page is cross-origin isolated)."""

import pytest
from conftest import PHONE

pytestmark = pytest.mark.first_visit  # the boot itself is looked at


def test_boot_shows_a_playable_table(table):
    table.open("?seed=7&pace=0")
    assert table.wait_phase("cut", "play") in ("cut", "play")
    assert len(table.hand()) in (0, 3, 4)
    table.screenshot("boot")


@PHONE
def test_python_runs_in_a_worker_where_the_page_is_cross_origin_isolated(table):
    table.open("?seed=7&pace=0")
    assert table.page.evaluate("crossOriginIsolated") is True
    assert table.page.locator('script[type="py"]').get_attribute("worker") == ""
