"""After one visit, the service worker lets the game boot and play with the network gone:
on a reload, and in a new tab opened offline. Python runs in a worker on every visit (host.js),
booted from the memory snapshot the first visit made (pwa.js, interpreter.mjs) once there is
one: or, when the snapshot is damaged, failed the page once, or there was no room for it,
booted as usual."""

from conftest import OFFLINE_COPY, PHONE, SERVICE_WORKER, Table
from page_support import (
    BOOT,
    IN_WORKER,
    SNAPSHOT_DONE,
)

SNAPSHOT_URL = "new URL('pyodide/snapshot.bin', location.href).href"
SNAPSHOT_BYTES = f"""async () => {{
    const hit = await caches.match({SNAPSHOT_URL});
    return hit ? (await hit.arrayBuffer()).byteLength : 0;
}}"""
# The build's snapshot replaced by a megabyte of junk, as a damaged disk or an edit would leave it.
DAMAGE = f"""async () => {{
    const name = (await caches.keys()).find((key) => key.startsWith("chkobba-"));
    const junk = new Uint8Array(1 << 20).fill(7);
    await (await caches.open(name)).put({SNAPSHOT_URL}, new Response(junk));
}}"""


pytestmark = [PHONE, SERVICE_WORKER]


def snapshot_made(page) -> str:
    page.wait_for_selector(SNAPSHOT_DONE, state="attached", timeout=60_000)
    return page.get_attribute("html", "data-snapshot")


def visit_once(table) -> None:
    table.open("?seed=5&pace=0")
    assert table.page.evaluate(IN_WORKER)
    table.page.wait_for_function(OFFLINE_COPY, timeout=60_000)
    assert snapshot_made(table.page) == "kept"
    assert table.page.evaluate(SNAPSHOT_BYTES) > 10_000_000


def test_the_game_boots_and_plays_offline_after_one_visit(table, context):
    visit_once(table)
    context.set_offline(True)
    table.reload()
    assert table.page.evaluate(IN_WORKER)
    assert table.page.evaluate(BOOT) == "snapshot"
    assert table.wait_phase("cut", "play") in ("cut", "play")
    table.play_one()


def test_a_new_tab_opened_offline_boots_and_plays(table, context, server_url):
    visit_once(table)
    context.set_offline(True)
    tab = Table(context.new_page(), server_url, "phone")
    crashed = []
    tab.page.on("crash", lambda page: crashed.append(page.url))
    tab.open("?pace=0")
    assert tab.page.evaluate(IN_WORKER)
    assert tab.page.evaluate(BOOT) == "snapshot"
    assert tab.wait_phase("cut", "play") in ("cut", "play")
    tab.play_one()
    assert crashed == []
    tab.assert_clean()


def new_match_seed(table) -> int:
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    table.tap('[data-action="new"]')
    if table.wait_phase("confirm", "cut", "play", "wait") == "confirm":
        table.tap('[data-action="confirm-new"]')
    table.wait_phase("cut", "play", "wait")
    return table.saved_game().seed


def test_each_boot_from_the_snapshot_deals_new_matches_afresh(table):
    visit_once(table)  # the snapshot froze `random`: interpreter.mjs reseeds it
    seeds = []
    for _ in range(2):
        table.open("?pace=0")
        assert table.page.evaluate(BOOT) == "snapshot"
        assert snapshot_made(table.page) == "kept"  # pwa.js reports it from the boot itself
        seeds.append(new_match_seed(table))
    assert seeds[0] != seeds[1]


def test_a_damaged_snapshot_is_dropped_and_python_boots_without_it(table):
    visit_once(table)
    table.page.evaluate(DAMAGE)
    table.reload()
    assert table.page.evaluate(BOOT) == "fallback"
    assert table.wait_phase("cut", "play") in ("cut", "play")
    table.play_one()
    assert snapshot_made(table.page) == "kept"  # made again, whole
    assert table.page.evaluate(SNAPSHOT_BYTES) > 10_000_000


def test_with_no_room_for_the_snapshot_python_boots_as_usual(table, context, server_url):
    quota = 25_000_000  # the build's files fit (about 16 MB), the snapshot (31 MB) does not
    origin = server_url.split("/", 3)
    cdp = context.new_cdp_session(table.page)
    cdp.send("Storage.overrideQuotaForOrigin", {"origin": "/".join(origin[:3]), "quotaSize": quota})
    table.open("?seed=5&pace=0")
    table.page.wait_for_function(OFFLINE_COPY, timeout=60_000)
    assert snapshot_made(table.page) == "failed"
    table.reload()
    assert table.page.evaluate(BOOT) == "plain"
    assert table.wait_phase("cut", "play") in ("cut", "play")
    table.play_one()


# main.py in the build's cache swapped for ``text`` (returns what it held): a page that fails
# after Python is up, as a snapshot that loads and answers could still make it fail.
SWAP_MAIN = """async (text) => {
    const name = (await caches.keys()).find((key) => key.startsWith("chkobba-"));
    const cache = await caches.open(name);
    const held = await (await cache.match("main.py")).text();
    await cache.put("main.py", new Response(text));
    return held;
}"""


def fail_a_boot_from_the_snapshot(table) -> None:
    """A reload that boots from the snapshot and never gets the table up, then one more (the
    player's), with main.py mended: that one falls back and plays."""
    main = table.page.evaluate(SWAP_MAIN, "raise RuntimeError('a later failure')")
    table.page.reload()
    table.page.wait_for_selector(".start-failure", timeout=60_000)  # said, with Retry
    assert table.page.evaluate(BOOT) == "snapshot"
    assert not table.page.evaluate("document.documentElement.classList.contains('ready')")
    table.errors.clear()  # (the failure made here)
    table.page.evaluate(SWAP_MAIN, main)
    table.reload()
    assert table.page.evaluate(BOOT) == "fallback"
    assert table.wait_phase("cut", "play") in ("cut", "play")
    table.play_one()


def test_boots_from_the_snapshot_that_never_get_the_table_up_drop_then_refuse_it(table):
    visit_once(table)
    fail_a_boot_from_the_snapshot(table)  # dropped, and made again
    assert snapshot_made(table.page) == "kept"
    assert table.page.evaluate(SNAPSHOT_BYTES) > 10_000_000
    fail_a_boot_from_the_snapshot(table)  # twice in a row: refused
    assert table.page.get_attribute("html", "data-snapshot") == "refused"
    assert table.page.evaluate(SNAPSHOT_BYTES) == 0
    table.reload()  # none is used or made again for this build
    assert table.page.evaluate(BOOT) == "plain"
    table.play_one()
    assert table.page.get_attribute("html", "data-snapshot") == "refused"
