"""The game in Firefox and WebKit (engines.py) on a plain host (no COOP/COEP), at a phone's
size: a cold start, a deal's moves by taps, a reload that resumes, the table in Arabic, and the
offline reload after one visit (the service worker, and Python booted from its snapshot), then
a day's puzzle solved offline by a tap.

One page per engine, on an origin of its own, goes through them in this order, as a player
would (each test also passes alone, from a cold page). Screenshots of each step are written to
test-results/screens/<engine>-*.png to be looked at (with CHKOBBA_SCREENS=1)."""

import datetime

import pytest
from chkobba.puzzles import daily_puzzle
from conftest import ENGINE_BOOT_MS, OFFLINE_COPY, Table
from engines import Host
from page_support import (
    BOOT,
    IN_WORKER,
    PAGE_FETCHED,
    SNAPSHOT_DONE,
)
from static_server import PlainHandler

SEED = "?seed=5&pace=0"


@pytest.fixture(scope="module")
def host(engine):
    """The module's plain host, for one engine's page (the offline test stops it)."""
    host = Host(PlainHandler)
    yield host
    host.stop()


@pytest.fixture(scope="module")
def visit(engine, host):
    table = Table(engine.new_page(), host.url, "phone", ENGINE_BOOT_MS)
    table.engine = engine.name
    yield table
    table.page.close()


def shown(table: Table) -> None:
    """The game on the page (opened cold when a test runs alone)."""
    if not table.page.evaluate("!!document.querySelector('html.ready #app[data-phase]')"):
        table.open(SEED)


def seen(table: Table) -> tuple[int, list[str], list[str]]:
    """What the player sees of the match: the moves made, the hand and the table."""
    return table.moves, sorted(table.hand()), sorted(table.table())


def test_a_cold_start_on_a_plain_host(visit):
    visit.open(SEED)
    assert visit.page.evaluate("crossOriginIsolated") is False
    assert visit.page.evaluate(IN_WORKER)
    assert visit.page.evaluate(BOOT) == "plain"
    fetched = visit.page.evaluate(PAGE_FETCHED)
    assert not [url for url in fetched if "pyodide" in url], fetched
    assert visit.wait_phase("cut", "play") in ("cut", "play")
    visit.screenshot(f"{visit.engine}-cold-start")
    visit.assert_clean()


def test_a_deal_played_by_taps_to_its_score_sheet(visit):
    shown(visit)
    for _ in range(40):
        if visit.play_one() == "sheet":
            break
    assert visit.phase == "sheet"
    result = visit.saved_game().deal_results[-1]
    sheet = visit.page.inner_text('[data-overlay="sheet"]')
    assert f"{result.scores[0].cards} cards" in sheet, sheet
    visit.screenshot(f"{visit.engine}-score-sheet")
    visit.tap('[data-action="next"]')
    assert visit.wait_phase("cut", "play", "wait") in ("cut", "play", "wait")
    visit.assert_clean()


def test_a_reload_resumes_the_deal(visit):
    shown(visit)
    visit.play_one()
    before = seen(visit)
    # The first visit's snapshot made first: a reload that cuts its worker's load of Pyodide
    # has Firefox report that as the page's error (the page left: no player sees it).
    visit.page.wait_for_selector(SNAPSHOT_DONE, state="attached", timeout=ENGINE_BOOT_MS)
    visit.reload()
    visit.wait_phase("cut", "play")
    assert seen(visit) == before
    visit.play_one()
    visit.assert_clean()


def test_the_table_in_arabic(visit):
    shown(visit)
    visit.speak("ar")
    assert visit.page.get_attribute("html", "dir") == "rtl"
    visit.screenshot(f"{visit.engine}-table-ar")
    visit.assert_clean()


def test_the_offline_reload_after_one_visit_boots_from_the_snapshot(visit, host):
    shown(visit)
    visit.page.wait_for_function(OFFLINE_COPY, timeout=ENGINE_BOOT_MS)
    visit.page.wait_for_selector(SNAPSHOT_DONE, state="attached", timeout=ENGINE_BOOT_MS)
    assert visit.page.get_attribute("html", "data-snapshot") == "kept"
    before = seen(visit)
    host.stop()  # the network gone: nothing answers on the page's origin
    visit.reload()
    assert visit.page.evaluate(BOOT) == "snapshot"
    assert seen(visit) == before
    visit.play_one()
    visit.screenshot(f"{visit.engine}-offline")
    visit.assert_clean()


def test_a_days_puzzle_is_solved_offline_by_a_tap(visit, host):
    """Offline (the host stopped by the test before, or now): the puzzle is made in the page."""
    shown(visit)
    visit.page.wait_for_function(OFFLINE_COPY, timeout=ENGINE_BOOT_MS)
    host.stop()
    puzzle = daily_puzzle(datetime.date(2027, 1, 1))  # its answer: one card, one move
    visit.page.goto(host.url + "index.html?puzzle=2027-01-01&pace=0&lang=fr")
    visit.page.wait_for_selector('#app[data-puzzle="open"]', timeout=ENGINE_BOOT_MS)
    visit.tap(f'[data-zone="hand-{puzzle.seat}"] [data-card="{puzzle.answer.card}"]')
    visit.page.wait_for_selector('#app[data-puzzle="solved"] .verdict.right')
    assert visit.page.inner_text(".verdict").startswith("Bien vu")
    visit.screenshot(f"{visit.engine}-puzzle-offline")
    visit.assert_clean()
