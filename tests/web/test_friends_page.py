"""A friend far away in Chromium: the host's game and a guest's game in two browser contexts at
a phone's size, linked over the loopback (no STUN reachable here) by the invitation and the
answer passed by hand; a whole deal played by both, the guest never sent a card of the host's
hand; hostile texts refused; a dropped link resumed on the same position with fresh codes."""

from __future__ import annotations

import json

import pytest
from conftest import Table
from page_support import (
    Player,
    checked_by_axe,
    invite_a_friend,
    people_form,
    take_turn,
)


@pytest.fixture
def players(phones, server_url):
    made: list[Player] = []

    def make() -> Player:
        made.append(Player(phones("phone", len(made)), server_url))
        return made[-1]

    yield make
    for one in made:
        phones.forget(one.context)
        one.table.assert_clean()


def invite(host: Player, make) -> Player:
    """The host's invitation opened by a new guest, whose answer the host enters."""
    invitation = host.code()
    guest = make()
    code = invitation.split("#join=")[1]
    guest.page.goto(guest.table.base + "index.html?pace=0#join=" + code)
    guest.table.wait_ready()
    answer = guest.code()
    assert "#answer=" in answer
    host.page.fill("#answer-1", answer)
    host.table.tap('form[data-form="answer"] button[type="submit"]')
    host.open_link()
    guest.page.wait_for_selector("#app:not([data-phase='friends'])", timeout=20_000)
    return guest


def host_hand(host: Player) -> list[str]:
    game = host.table.saved_game()
    return [str(card) for card in game.hands[0]]


def test_a_friend_far_away_plays_a_deal_is_refused_hostile_texts_and_resumes(players):
    host = players()
    people_form(host.table, "?seed=4&pace=0")
    host.page.fill('input[name="name-0"]', "Amel")
    host.page.select_option('select[name="kind-1"]', "friend")
    host.page.uncheck('input[name="stun"]')  # one network: no STUN server asked
    host.page.fill('input[name="name-1"]', "سامي")
    host.table.tap('form[data-form="people"] button[type="submit"]')
    host.table.wait_phase("friends")
    assert host.page.locator("[data-trust]").count() == 1  # what each can trust, said
    host.page.wait_for_selector(".qr svg")
    host.table.screenshot("friends-invite-en")
    guest = invite(host, players)
    guest.table.screenshot("friends-guest-en")
    assert "#join=" not in guest.page.url  # used: a reload shows the guest's own match

    # A whole deal, played by both; the guest is never sent a card of the host's hand.
    for _ in range(80):
        phase = host.table.wait_phase("cut", "play", "wait", "sheet", timeout=30_000)
        if phase == "sheet":
            break
        assert guest.faces_of_others(1) == []
        if phase in ("cut", "play"):  # the host's hand as it stands (on "wait" it may be a card
            hand = host_hand(host)  # on its way to the table, and so rightly heard)
            heard = " ".join(guest.page.evaluate("heard"))
            assert not [card for card in hand if f'"{card}"' in heard]
            take_turn(host, 0)
        elif host.table.saved_game().current == 1:  # the guest's turn, once its page shows it
            if guest.table.wait_phase("cut", "play", "sheet", timeout=30_000) == "sheet":
                host.table.wait_phase("sheet")  # the deal's last card: the next deal's cut
                break
            take_turn(guest, 1)
        else:  # the host's last move settling
            host.table.wait_phase("cut", "play", "sheet", timeout=30_000)
    assert host.table.phase == "sheet"
    guest.table.wait_phase("sheet")
    guest.table.screenshot("friends-guest-sheet-en")
    host.table.tap('[data-action="next"]')
    guest.table.tap('[data-action="next"]')

    # Hostile texts from the guest's side of the link: refused, said, nothing changed.
    moves = host.table.moves
    for text in ("{not json", json.dumps({"format": "chkobba-move", "version": 1}), "[" * 5000):
        guest.page.evaluate("t => channels.at(-1).send(t)", text)
        host.page.wait_for_selector("[data-notice]")
        assert "refused" in host.page.inner_text("[data-notice]")
        assert host.table.moves == moves
        host.table.tap('[data-action="dismiss"]')
        host.page.wait_for_selector("[data-notice]", state="detached")

    # The guest's phone goes away: the host says so, and a new invitation resumes the match.
    guest.page.close()
    host.page.wait_for_selector("[data-notice]:has-text('lost')", timeout=20_000)
    host.table.tap('[data-action="friends"]')
    host.table.wait_phase("friends")
    host.table.tap('[data-action="reinvite"][data-value="1"]')
    again = invite(host, players)
    assert again.table.moves == host.table.moves  # the same position
    assert sorted(again.table.table()) == sorted(host.table.table())
    again.table.screenshot("friends-resumed-en")


# The open dialog: how far it is scrolled, and whether its title shows.
TITLE_SEEN = """() => {
  const sheet = document.querySelector('[data-overlay] .sheet');
  const title = sheet.querySelector('h2').getBoundingClientRect();
  return {top: sheet.scrollTop, seen: title.top >= sheet.getBoundingClientRect().top};
}"""
# What a guest's page shows behind its answer, before the host's first word: no match of its own.
BEHIND = "['[data-score]', '[data-card]', '.zone'].map(s => document.querySelectorAll(s).length)"


@pytest.mark.parametrize("lang", ["en", "fr", "ar"])
def test_the_invitation_and_the_answer_in_each_language_pass_axe(players, lang):
    """Each opens at its title; the guest's answer over a bare table (no score, no cards)."""
    host = players()
    people_form(host.table, f"?seed=4&pace=0&lang={lang}")
    host.page.select_option('select[name="kind-1"]', "friend")
    host.page.fill('input[name="name-1"]', "Sami")
    host.table.tap('form[data-form="people"] button[type="submit"]')
    host.page.wait_for_selector(".qr svg")
    assert host.page.evaluate(TITLE_SEEN) == {"top": 0, "seen": True}
    checked_by_axe(host.table)
    # No QR reading in this browser (no BarcodeDetector): no button offers the camera.
    assert host.page.evaluate("'BarcodeDetector' in window") is False
    assert host.page.locator("[data-scan]").is_hidden()
    host.table.screenshot(f"friends-invite-{lang}")
    guest = players()
    code = host.code().split("#join=")[1]
    guest.page.goto(f"{guest.table.base}index.html?pace=0&lang={lang}#join={code}")
    guest.table.wait_ready()
    guest.page.wait_for_selector(".qr svg")
    assert guest.page.locator("[data-trust]").count() == 1
    assert guest.page.evaluate(TITLE_SEEN) == {"top": 0, "seen": True}
    assert guest.page.evaluate(BEHIND) == [0, 0, 0]
    checked_by_axe(guest.table)
    guest.table.screenshot(f"friends-answer-{lang}")


def test_the_answer_link_opened_on_the_hosts_phone_goes_to_the_inviting_tab(players):
    host = players()
    invite_a_friend(host.table)
    guest = players()
    invitation = host.code()
    assert "&seat=1" in invitation and "&local" in invitation  # the guest asks no STUN either
    guest.page.goto(guest.table.base + "index.html?pace=0#join=" + invitation.split("#join=")[1])
    guest.table.wait_ready()
    answer = guest.code()
    assert "&seat=1" in answer
    # The host's camera (or a tap in a message) opens the answer in a new tab of its browser.
    opened = Table(host.context.new_page(), host.table.base, "phone")
    opened.page.goto(answer)
    opened.wait_ready()
    opened.page.wait_for_selector("[data-notice]:has-text('went to the game')")
    host.open_link()
    guest.page.wait_for_selector("#app:not([data-phase='friends'])", timeout=20_000)
    assert guest.table.phase in ("cut", "play", "wait")
    opened.assert_clean()
    # With no tab waiting for it, an answer link says where it must go.
    alone = players()
    alone.page.goto(answer)
    alone.table.wait_ready()
    alone.page.wait_for_selector("[data-notice]:has-text('No game here')")


NEW_CODE = """([selector, old]) => {
    const code = document.querySelector(selector);
    return code && code.textContent.includes("#") && code.textContent !== old;
}"""


def test_each_step_recovers_a_new_invitation_in_the_same_tab_and_a_bad_answer(players):
    host = players()
    invite_a_friend(host.table, "Sami")
    first = host.code()
    guest = players()
    guest.page.goto(guest.table.base + "index.html?pace=0#join=" + first.split("#join=")[1])
    guest.table.wait_ready()
    old_answer = guest.code()

    # "New invitation" on an invitation nobody answered: nothing was lost, nothing says so.
    host.table.tap('[data-action="reinvite"][data-value="1"]')
    shown = '[data-link-state="waiting"] [data-code]'
    host.page.wait_for_function(NEW_CODE, arg=[shown, first], timeout=20_000)
    second = host.code()
    assert host.page.locator("[data-notice]").count() == 0

    # The guest opens it in the same tab (a messaging app changes only the fragment): read
    # like a fresh invitation.
    guest.page.evaluate("code => { location.hash = '#join=' + code }", second.split("#join=")[1])
    guest.page.wait_for_function(NEW_CODE, arg=[shown, old_answer], timeout=30_000)
    answer = guest.code()

    # A bad paste: refused with the reason, in the player's words; the field stays.
    start = first.split("#join=")[1][:23]
    for bad, why in (
        ("hello there", "The code “hellothere” is damaged: cut short or changed."),
        (first, f"The code “{start}…” is an invitation, not an answer."),
    ):
        host.page.fill("#answer-1", bad)
        host.table.tap('form[data-form="answer"] button[type="submit"]')
        host.page.wait_for_selector(f"[data-link-error]:has-text('{why[-20:]}')")
        assert host.page.inner_text("[data-link-error]") == why
        assert host.page.get_attribute('[data-link-seat="1"]', "data-link-state") == "waiting"
    host.table.screenshot("friends-refused-answer-en")
    assert host.page.locator("[data-notice]").count() == 0

    # The right answer, in the same field: linked, and the guest plays.
    host.page.fill("#answer-1", answer)
    host.table.tap('form[data-form="answer"] button[type="submit"]')
    host.open_link()
    guest.page.wait_for_selector("#app:not([data-phase='friends'])", timeout=20_000)
    assert guest.table.phase in ("cut", "play", "wait")


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_a_browser_without_webrtc_says_it_cannot_play_online_and_which_can(players, lang):
    guest = players()
    guest.page.add_init_script("delete window.RTCPeerConnection")
    guest.page.goto(f"{guest.table.base}index.html?pace=0&lang={lang}#join=AAAA")
    guest.table.wait_ready()
    guest.page.wait_for_selector('[data-link-state="unsupported"]')
    said = guest.page.inner_text("[data-link-said]")
    assert ("Chrome, Firefox, Safari" in said) if lang == "en" else ("أونلاين" in said)
    assert (
        guest.page.locator(".qr, [data-code], form, [data-link-error], [data-trust]").count() == 0
    )
    guest.table.screenshot(f"friends-no-webrtc-{lang}")
    people_form(guest.table, f"?pace=0&lang={lang}")  # no friend online offered here
    assert guest.page.locator('option[value="friend"]').count() == 0
    assert guest.page.locator("[data-no-webrtc]").is_visible()


def test_a_guest_refuses_a_position_no_play_reaches_and_draws_nothing_of_it(players):
    host = players()
    invite_a_friend(host.table)
    guest = invite(host, players)
    guest.table.wait_phase("cut", "play", "wait")
    header = guest.page.inner_text("header") if guest.page.locator("header").count() else ""
    last = json.loads(guest.page.evaluate("heard.at(-1)"))
    # Scores of 10**90 against a target of 10**99 - 1, sent as the host's next update.
    last["seq"] += 1
    last["view"]["rules"]["target"] = 10**99 - 1
    last["view"]["scores"] = [10**90, 0]
    host.page.evaluate("t => channels.at(-1).send(t)", json.dumps(last))
    notice = guest.page.wait_for_selector("[data-notice]:has-text('no play leads to')")
    assert "connection was closed" in notice.inner_text()
    assert "played to 11, 21, 31 points" in notice.inner_text()
    assert "9" * 30 not in guest.page.inner_text("#app")  # nothing of it drawn
    if header:
        assert guest.page.inner_text("header") == header
    wide = guest.page.evaluate("document.documentElement.scrollWidth")
    assert wide <= 360  # nothing past the frame
    guest.table.screenshot("friends-guest-refused-en")
    host.page.wait_for_selector("[data-notice]:has-text('lost')", timeout=20_000)
