"""A friend far away across engines: the host's game in Chromium and the guest's in Firefox, and
the reverse, linked over the loopback (no STUN) by the invitation and the answer passed by hand,
with a minute between the guest's answer and the host entering it (a person copies the code,
walks to the other phone, types); then moves flow both ways.

Both pairs are set up first, so their minutes run together (and beside the other process's
tests under pytest-xdist): the module costs one minute of waiting, not two."""

from __future__ import annotations

import time

import pytest
from conftest import ENGINE_BOOT_MS, TABLE_CARDS, Table
from engines import Firefox
from page_support import (
    Player,
    invite_a_friend,
    take_turn,
)

PERSONS_PACE_S = 60  # from the guest's answer shown to the host entering it
# Firefox gives its host candidates under random mDNS names unless told otherwise (as Chromium is,
# by conftest.NO_MDNS): the two browsers then reach each other with nothing leaving the machine.
FIREFOX_PREFS = {"media.peerconnection.ice.obfuscate_host_addresses": False}


class FirefoxPlayer(Player):
    """One player's phone in Firefox: a page in a browser context of its own."""

    def __init__(self, firefox: Firefox, base: str) -> None:
        self.page = firefox.new_page()
        self.table = Table(self.page, base, "phone", ENGINE_BOOT_MS)


class Pair:
    """A host who invited a friend, and the friend whose answer is shown, not yet entered (each
    side's screen kept, with CHKOBBA_SCREENS=1, as
    test-results/screens/<name>-host|guest-phone.png)."""

    def __init__(self, name: str, host: Player, guest: Player) -> None:
        self.host, self.guest = host, guest
        invite_a_friend(host.table)
        code = host.code().split("#join=")[1]
        host.table.screenshot(f"{name}-host")
        guest.page.goto(guest.table.base + "index.html?pace=0#join=" + code)
        guest.table.wait_ready()
        self.answer = guest.code()
        self.shown = time.monotonic()
        guest.table.screenshot(f"{name}-guest")

    def enter_the_answer(self) -> None:
        self.host.page.fill("#answer-1", self.answer)
        self.host.table.tap('form[data-form="answer"] button[type="submit"]')
        self.host.open_link()
        self.guest.page.wait_for_selector("#app:not([data-phase='friends'])", timeout=20_000)


@pytest.fixture(scope="module")
def pairs(phones, server_url):
    """Both pairs, their answers shown: Chromium hosting Firefox, and Firefox hosting Chromium."""
    firefox = Firefox(FIREFOX_PREFS)
    players: list[Player] = []

    def player(engine: str) -> Player:
        made = Player(phones("phone", len(players)), server_url) if engine == "chromium" else None
        players.append(made or FirefoxPlayer(firefox, server_url))
        return players[-1]

    made = {
        f"{host}-hosts-{guest}": Pair(f"{host}-hosts-{guest}", player(host), player(guest))
        for host, guest in (("chromium", "firefox"), ("firefox", "chromium"))
    }
    yield made
    for one in players:
        one.page.close()
        one.table.assert_clean()
    firefox.close()


MOVES_AT_LEAST = "n => +document.querySelector('#app').dataset.moves >= n"
TABLE_IS = """({cards, want}) => JSON.stringify(
    [...document.querySelectorAll(cards)].map((e) => e.dataset.card).sort())
    === JSON.stringify(want)"""


def a_persons_pace(pair: Pair) -> None:
    """The time a person takes to carry the answer back: the subject of these tests, not a
    wait for the page (which waits on its marks everywhere else)."""
    time.sleep(max(0.0, pair.shown + PERSONS_PACE_S - time.monotonic()))


@pytest.mark.parametrize("name", ["chromium-hosts-firefox", "firefox-hosts-chromium"])
def test_a_friend_in_another_engine_connects_after_a_minute_and_moves_flow(pairs, name):
    pair = pairs[name]
    a_persons_pace(pair)
    pair.enter_the_answer()
    host, guest = pair.host, pair.guest
    made = {0: 0, 1: 0}  # the moves each side made, by taps
    while min(made.values()) < 2 and sum(made.values()) < 12:
        if host.table.wait_phase("cut", "play", "wait", timeout=30_000) != "wait":
            take_turn(host, 0)
            made[0] += 1
        else:
            guest.table.wait_phase("cut", "play", timeout=30_000)
            take_turn(guest, 1)
            made[1] += 1
    assert min(made.values()) >= 2, made
    # Both tables show the match as it stands once each side has the other's last move (the
    # last move made may still be on its way over the link, or landing on the table).
    moves = max(host.table.moves, guest.table.moves)
    for side in (host, guest):
        side.page.wait_for_function(MOVES_AT_LEAST, arg=moves)
    table = sorted(str(card) for card in host.table.saved_game().table)
    for side in (host, guest):
        side.page.wait_for_function(
            TABLE_IS, arg={"cards": TABLE_CARDS, "want": table}, timeout=20_000
        )
