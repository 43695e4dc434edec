"""Opens the game mid-deal and reloads it, over and over, on each kind of host, and counts the
renderer crashes ("Page crashed") and the reloads that never got the table up.

Run by `python3 build.py stress` (which builds dist/ first): --rounds (default 50) rounds on the
cross-origin isolated host and as many on a plain one (gzip, no COOP/COEP), service workers
allowed (so the memory snapshot is made and used, as a player's later visits do). Each round: a
fresh context, `?seed=5&pace=0`, two moves, three reloads, each to the table. Not a test: a
figure to watch (the goal is 0 crashes).
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from playwright.sync_api import Error, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
sys.path.insert(0, str(ROOT / "tools"))
from static_server import start_server  # noqa: E402

READY = "html.ready #app[data-phase]"
TURN = "['play', 'cut'].includes(document.querySelector('#app').dataset.phase)"


def tap_first(page) -> None:
    """A move by taps: the cut's first choice, or the hand's first card (and, when it can
    take several groups, the first of them)."""
    moves = page.get_attribute("#app", "data-moves")
    if page.get_attribute("#app", "data-phase") == "cut":
        page.locator("[data-overlay] button[data-move]").first.click()
        page.wait_for_function(  # the tap is handled a moment later, in Python
            "n => document.querySelector('#app').dataset.moves !== n", arg=moves
        )
        return
    page.locator("[data-zone='hand-0'] button").first.click()
    page.wait_for_function(
        "n => document.querySelector('#app').dataset.moves !== n"
        " || document.querySelector('.choice')",
        arg=moves,
    )
    if page.locator(".choice").count():
        page.locator(".choice").first.click()


def phase(page) -> str | None:
    """The page's phase (what it waits for), or None if it cannot tell."""
    try:
        return page.get_attribute("#app", "data-phase", timeout=2000)
    except Error:
        return None


def round_trip(browser, url: str) -> str:
    """One round: "ok", "crash" or "stuck"."""
    context = browser.new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    crashed: list[str] = []
    page.on("crash", lambda _: crashed.append("crash"))
    try:
        page.goto(url + "index.html?seed=5&pace=0")
        page.wait_for_selector(READY, timeout=60_000)
        for _ in range(2):
            page.wait_for_function(TURN, timeout=30_000)
            tap_first(page)
        for _ in range(3):
            page.reload()
            page.wait_for_selector(READY, timeout=60_000)
        return "ok"
    except Error as error:
        if not crashed:
            lines = str(error).splitlines()
            waiting = next((line.strip() for line in lines if "waiting for" in line), "")
            print("  stuck:", lines[0][:120], waiting[:120], "phase:", phase(page), flush=True)
        return "crash" if crashed else "stuck"
    finally:
        context.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=50)
    args = parser.parse_args()
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium)
        for plain in (False, True):
            server, url = start_server(DIST, plain=plain)
            outcomes = [round_trip(browser, url) for _ in range(args.rounds)]
            server.shutdown()
            host = "plain host" if plain else "COOP/COEP"
            counts = {kind: outcomes.count(kind) for kind in ("ok", "crash", "stuck")}
            print(f"{host}: {args.rounds} rounds, {counts}", flush=True)
        browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
