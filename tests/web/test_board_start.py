"""Boards start when needed and never freeze the page they are in: nothing is fetched for them
before one nears the viewport; while they boot (in their worker) the host's own counter and
scroll handler keep running; a start that fails shows each board's error, with a Retry that
works once the fault is gone. On a plain host (no COOP/COEP), as most tutorial pages are."""

from board_support import ALL_SETTLED, QUEEN, Boards
from conftest import PHONE
from page_support import PAGE_FETCHED
from playwright.sync_api import expect

# A host page of its own: running text, a counter ticking every 10 ms and a scroll handler; the
# board far below the fold.
HOST = f"""<!doctype html><html lang="en"><head><meta charset="utf-8">
<link rel="icon" href="data:,"><script type="module" src="./embed.js"></script></head><body>
<p id="count">0</p><p style="height: 4000px">The host's own long text.</p>
<chkobba-board id="far" position="{QUEEN}" caption="Far below."></chkobba-board>
<script>
window.scrolls = 0;
setInterval(() => {{
  const count = document.getElementById("count");
  count.textContent = Number(count.textContent) + 1;
}}, 10);
addEventListener("scroll", () => window.scrolls++, {{ passive: true }});
</script></body></html>"""


def open_host(page, plain_url, form) -> Boards:
    page.route(
        plain_url + "host-page.html", lambda r: r.fulfill(body=HOST, content_type="text/html")
    )
    boards = Boards(page, form, (plain_url,))
    fetched: list[str] = []
    page.on("request", lambda r: fetched.append(r.url))
    boards.fetched = fetched
    page.goto(plain_url + "host-page.html")
    return boards


@PHONE
def test_a_board_far_below_starts_only_when_it_nears_the_viewport(page, plain_url, form):
    boards = open_host(page, plain_url, form)
    page.wait_for_load_state("networkidle")
    assert page.get_attribute("#far", "data-state") == "loading"
    assert not [url for url in boards.fetched if "pyodide" in url or url.endswith(".whl")]
    ticks = int(page.inner_text("#count"))
    page.locator("#far").scroll_into_view_if_needed()
    page.wait_for_function(ALL_SETTLED, timeout=60_000)
    expect(page.locator("#far")).to_have_attribute("data-state", "ready")
    page.mouse.wheel(0, -400)
    page.wait_for_function("window.scrolls > 0")
    # Python booted in the boards' worker, not on the page's thread: the page itself fetched
    # neither Pyodide's runtime nor the engine (the worker's module scripts are the page's
    # fetches, what the worker fetches as it runs is not), and the host's counter and
    # scrolling went on. (How long the page's thread is blocked is measured, not asserted:
    # `python3 build.py lighthouse`, `embedtime`.)
    own = page.evaluate(PAGE_FETCHED)
    assert not [url for url in own if "pyodide.asm" in url or url.endswith(".whl")], own
    assert page.evaluate("typeof window.loadPyodide") == "undefined"
    assert int(page.inner_text("#count")) > ticks
    boards.assert_clean()


@PHONE
def test_a_board_whose_python_cannot_start_says_so_and_retries(page, plain_url, form, context):
    context.route("**/pyodide.asm.wasm", lambda route: route.abort())
    boards = open_host(page, plain_url, form)
    page.evaluate("window.got = []")
    page.evaluate("addEventListener('chkobba:error', (e) => got.push(e.detail.message), true)")
    page.locator("#far").scroll_into_view_if_needed()
    expect(page.locator("#far")).to_have_attribute("data-state", "error", timeout=20_000)
    board = page.locator("#far")
    expect(board.locator('[data-text="error"]')).to_contain_text("could not start")
    assert page.evaluate("got.length") >= 1
    context.unroute("**/pyodide.asm.wasm")
    board.locator('button[data-action="retry"]').click()
    expect(board).to_have_attribute("data-state", "ready", timeout=60_000)
    expect(board.locator(".baize [data-card]").first).to_be_visible()
    boards.errors = [e for e in boards.errors if "wasm" not in e and "fetch" not in e.lower()]
    boards.assert_clean()
