"""Screenshots of what a player sees, at the phone and desktop sizes, taken as a player would
see them (animations running, 0.3 s after each screen opens): the cut, your turn with the 7♦,
a capture choice (of two, and of twelve options), a chkobba, a score sheet, the match's end,
the confirmation of a new match, a notice; and four at the table (issue 12): a turn, a computer
seat's kept and exposed cuts, your cut, a deal's score sheet, your chkobba and your partner's;
each in English, French and Arabic.

Run by `python3 build.py screens` (which builds dist/ first); PNGs go to test-results/screens/.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from playwright.sync_api import sync_playwright

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[1] / "tests" / "web"))  # (its conftest: the web/ paths)

from conftest import DIST, SHOTS, VIEWPORTS, Table  # noqa: E402
from positions import (  # noqa: E402
    CHOICE_SEED,
    MANY,
    before_a_sweep,
    four_seat_cut,
    four_you_cut,
    near_the_end,
)
from static_server import start_server  # noqa: E402

SEVEN_OF_DIAMONDS_SEED = 3  # the player cuts, and the 7♦ is on the first table
SETTLE = 300  # ms after a screen opens
LANGS = ("en", "fr", "ar")


def shoot(table: Table, name: str) -> None:
    table.page.wait_for_timeout(SETTLE)
    table.page.screenshot(path=str(SHOTS / f"live-{name}-{table.device}.png"))


def tour(table: Table, lang: str) -> None:
    """Two at the table, in ``lang``."""
    table.open(f"?seed={SEVEN_OF_DIAMONDS_SEED}&pace=1&lang={lang}")
    table.wait_phase("cut")
    shoot(table, f"cut-{lang}")
    table.tap('[data-move="keep"]')
    table.wait_phase("play")
    shoot(table, f"turn-{lang}")
    table.tap('.zone.you [data-action="hint"]')
    table.page.wait_for_selector(".card.hint")
    shoot(table, f"hint-{lang}")

    table.tap('[data-action="settings"]')
    table.tap('[data-action="new"]')
    table.wait_phase("confirm")
    shoot(table, f"confirm-{lang}")
    table.tap('[data-action="close"]')

    table.open(f"?pace=1&position={MANY[12]}&unknown=1&lang={lang}")
    table.wait_phase("play")
    table.tap('[data-zone="hand-0"] [data-card="KD"]')
    table.wait_phase("choose")
    shoot(table, f"choice-many-{lang}")

    game, card = before_a_sweep()
    table.open_on(game, f"?pace=1&lang={lang}")
    table.wait_phase("play")
    table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
    table.page.wait_for_selector(".announce")
    shoot(table, f"chkobba-{lang}")

    table.page.evaluate("localStorage.clear()")
    table.open(f"?seed={CHOICE_SEED}&pace=0&lang={lang}")
    table.wait_phase("cut", "play")
    for _ in range(10):
        game = table.saved_game()
        cards = [m.card for m in game.legal_moves() if m.kind == "play"]
        several = [c for c in cards if cards.count(c) > 1]
        if table.phase == "play" and several:
            table.tap(f'[data-zone="hand-0"] [data-card="{several[0]}"]')
            table.wait_phase("choose")
            shoot(table, f"choice-{lang}")
            table.tap(".cancel")
            table.wait_phase("play")
            break
        table.play_one()
    for _ in range(40):
        if table.play_one() == "sheet":
            shoot(table, f"sheet-{lang}")
            break

    game = near_the_end()
    table.open_on(game, f"?pace=1&lang={lang}")
    table.wait_phase("play")
    table.play_one()
    table.wait_phase("over")
    shoot(table, f"over-{lang}")


def four(table: Table) -> None:
    """Four at the table, in ``LANGS``."""
    table.page.goto(table.base + "index.html?pace=0")  # the page's origin, for its storage
    for lang in LANGS:
        table.page.evaluate("localStorage.clear()")
        table.open(f"?players=4&seed={four_seat_cut('keep')}&pace=1&lang={lang}")
        table.page.wait_for_selector("[data-kept]")
        shoot(table, f"four-kept-{lang}")
        table.wait_phase("play", timeout=30_000)
        shoot(table, f"four-turn-{lang}")
        table.page.evaluate("localStorage.clear()")
        table.open(f"?players=4&seed={four_seat_cut('expose')}&pace=1&lang={lang}")
        table.page.wait_for_selector(".card.exposed")
        shoot(table, f"four-exposed-{lang}")
        table.page.evaluate("localStorage.clear()")
        table.open(f"?players=4&seed={four_you_cut()}&pace=0&lang={lang}")
        table.wait_phase("cut")
        shoot(table, f"four-cut-{lang}")
        for _ in range(12):
            if table.play_one() == "sheet":
                shoot(table, f"four-sheet-{lang}")
                break
        game, card = before_a_sweep(players=4)
        table.open_on(game, f"?pace=1&lang={lang}")
        table.wait_phase("play")
        table.tap(f'[data-zone="hand-0"] [data-card="{card}"]')
        table.page.wait_for_selector(".announce")
        shoot(table, f"four-chkobba-{lang}")
        game, _ = before_a_sweep(players=4, seat=2)
        table.open_on(game, f"?pace=1&lang={lang}")
        table.page.wait_for_selector(".announce", timeout=30_000)
        shoot(table, f"four-partner-chkobba-{lang}")
    table.page.evaluate("localStorage.clear()")


def main() -> int:
    server, url = start_server(DIST)
    SHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"))
        for device, options in VIEWPORTS.items():
            context = browser.new_context(**options, service_workers="block")
            table = Table(context.new_page(), url, device)
            four(table)
            for lang in LANGS:
                table.page.evaluate("localStorage.clear()")
                tour(table, lang)
            table.assert_clean()
            context.close()
    server.shutdown()
    print(f"screenshots in {SHOTS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
