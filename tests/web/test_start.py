"""Python never runs on the page's thread, on any host; a start that fails says so and why,
and Retry starts the game once the fault is gone; two tabs never play the player's moves."""

import pytest
import start_words
from chkobba import Game, Rules
from conftest import PHONE, Table, compiled_catalogs
from page_support import FAILURE, PAGE_FETCHED, expect_failure, retry
from shared import i18n


@PHONE
@pytest.mark.parametrize("host", ["isolated", "plain"])
def test_python_runs_in_a_worker_on_any_host(page, server_url, plain_url, form, host):
    table = Table(page, plain_url if host == "plain" else server_url, form)
    table.open("?seed=7&pace=0")
    assert table.page.evaluate("crossOriginIsolated") is (host == "isolated")
    assert table.page.locator('script[type="py"]').get_attribute("worker") == ""
    fetched = table.page.evaluate(PAGE_FETCHED)
    assert not [url for url in fetched if "pyodide" in url], fetched
    table.wait_phase("play", "cut")  # (the computer may cut first)
    table.play_one()
    table.assert_clean()


def forgive(table, *expected: str) -> None:
    """The console errors a fault made on purpose (the browser's own report of a failed
    download, PyScript's of a raising module) are not the page's."""
    table.errors = [e for e in table.errors if not any(word in e for word in expected)]


@PHONE
def test_a_cut_download_says_so_and_retry_starts_the_game(plain_table, context):
    table = plain_table
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    table.page.goto(table.base + "index.html?seed=5&pace=0")
    expect_failure(table, "downloaded")
    table.screenshot("start-failed")
    context.unroute("**/pyodide.asm.wasm")
    retry(table)
    forgive(table, "pyodide.asm.wasm", "net::ERR_FAILED", "Failed to fetch", "WebAssembly")


@PHONE
def test_a_failed_start_speaks_the_asked_language_in_the_catalogs_words(plain_table, context):
    table = plain_table
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    table.page.goto(table.base + "index.html?seed=5&pace=0&lang=AR_tn")  # (language.js's rule)
    panel = table.page.wait_for_selector(FAILURE, timeout=20_000)
    ar = i18n.load("ar", compiled_catalogs())
    assert panel.get_attribute("lang") == "ar" and panel.get_attribute("dir") == "rtl"
    text = panel.inner_text()
    for message in start_words.TITLE, start_words.DOWNLOAD:
        assert ar._(message) in text and message not in text, text
    # the browser's own text apart, in its own direction: the words stay all Arabic
    assert table.page.inner_text(f"{FAILURE} .reason") == ar._(start_words.DOWNLOAD)
    assert table.page.get_attribute(f"{FAILURE} .detail", "dir") == "auto"
    assert table.page.inner_text(f"{FAILURE} .detail").strip()
    assert table.page.locator(f"{FAILURE} button").inner_text() == ar._("Retry")
    forgive(table, "pyodide.asm.wasm", "net::ERR_FAILED", "Failed to fetch", "WebAssembly")


@PHONE
def test_a_raising_module_says_so_and_retry_starts_the_game(plain_table, context):
    table = plain_table
    broken = "raise RuntimeError('broken on purpose')\n"
    context.route("**/main.py", lambda route: route.fulfill(body=broken, content_type="text/plain"))
    table.page.goto(table.base + "index.html?seed=5&pace=0")
    expect_failure(table, "broken on purpose")
    context.unroute("**/main.py")
    retry(table)
    forgive(table, "broken on purpose", "RuntimeError")


# The tab shows the saved match as it stands, waiting for the player (or a sheet): no tab's
# computer has a move to make.
SHOWS_THE_SAVE = """() => {
    const app = document.querySelector('#app');
    const game = JSON.parse(JSON.parse(localStorage.getItem('chkobba.save')).game);
    return +app.dataset.moves === game.history.length
        && ['cut', 'play', 'sheet', 'over'].includes(app.dataset.phase);
}"""


def seats_of(game: Game, seed: int) -> list[int]:
    """Who made each move of ``game``'s history (replayed from the match's seed)."""
    replay = Game.new(Rules(players=game.rules.players, target=game.rules.target), seed=seed)
    seats = []
    for move in game.history:
        seats.append(replay.current)
        replay = replay.play(move)
    return seats


@PHONE
def test_two_tabs_played_in_turn_never_play_the_players_moves(plain_table, context, plain_url):
    """Tab A and tab B on one match, the player's moves made alternately in each: the tab
    just used leads (moves for the computer), the other follows; every move of the player's
    seat in the saved match is one the player tapped, none the computer's. When the leading
    tab closes, the other takes the lead."""
    first = plain_table
    first.open("?seed=5&pace=0")
    second = Table(context.new_page(), plain_url, "phone")
    second.open("?pace=0")
    tapped = []
    for turn in range(12):
        tab, other = (first, second) if turn % 2 == 0 else (second, first)
        tab.page.wait_for_function(SHOWS_THE_SAVE, timeout=30_000)
        if tab.phase in ("sheet", "over"):
            break
        tapped.append(str(tab.saved_game().legal_moves()[0]))
        tab.play_one()
        tab.page.wait_for_selector('html[data-lead="yes"]')
        other.page.wait_for_selector('html[data-lead="no"]', state="attached")
    game = first.saved_game()
    mine = [str(m) for m, seat in zip(game.history, seats_of(game, 5), strict=True) if seat == 0]
    assert mine == tapped
    second.assert_clean()
    (first if first.page.get_attribute("html", "data-lead") == "yes" else second).page.close()
    left = second if first.page.is_closed() else first
    left.page.wait_for_selector('html[data-lead="yes"]', state="attached")
