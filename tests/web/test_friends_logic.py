"""A friend far away, in CPython: the host's page and a guest's page, their link layers joined
by a wire (what one sends, the other hears); the match played by both, hostile messages refused,
a lost link resumed with a fresh pair of codes."""

import asyncio
import json
import re
from dataclasses import replace

from app_support import make_app, run, settle, status, tap_first_move
from chkobba import Game, Move, move_message
from chkobba.cards import DECK
from fakes import Screen, Store
from ui.controller import App
from ui.model import GUEST_LINK, LinkState, NoticeKind, parse_params
from ui.storage import Storage

HAND_ZONES = re.compile(r'data-zone="hand-(\d)"[^>]*>(.*?)</div>', re.S)


class Wire:
    """The link layers of a host's page and of its guest at ``seat``, joined: invitations and
    answers are made up codes; an answer read opens the link both ways."""

    def __init__(self, host: App, seat: int = 1) -> None:
        self.host, self.seat, self.guest = host, seat, None
        self.invitations = 0
        self.to_guest: list[str] = []  # every text the host sent its guest
        host.friends.peer = self.from_host

    def later(self, app, message):
        asyncio.get_event_loop().call_soon(app.friends.linked, message)

    def from_host(self, message):
        kind, seat = message["type"], message.get("seat")
        if kind == "peer-invite":
            self.invitations += 1
            code = f"I{self.invitations}"
            self.later(self.host, {"type": "peer-code", "seat": seat, "code": code, "link": code})
        elif kind == "peer-accept" and message["code"] == f"A{self.invitations}":
            for app, end in ((self.host, seat), (self.guest, GUEST_LINK)):
                self.later(app, {"type": "peer-state", "seat": end, "state": "open"})
        elif kind == "peer-accept":  # as web/game/host.js says a CodeError of peer.js
            error = {"type": "peer-error", "seat": seat, "step": kind, "reason": "damaged"}
            self.later(self.host, {**error, "quote": message["code"][:24], "detail": ""})
        elif kind == "peer-send":
            self.to_guest.append(message["text"])
            self.later(
                self.guest, {"type": "peer-message", "seat": GUEST_LINK, "text": message["text"]}
            )

    def from_guest(self, message):
        kind = message["type"]
        if kind == "peer-join":
            assert message["seat"] == GUEST_LINK  # (the page answers with the seat asked)
            answer = "A" + message["code"][1:]
            self.later(self.guest, {"type": "peer-code", "seat": GUEST_LINK, "code": answer})
        elif kind == "peer-send":
            self.say(message["text"])

    def say(self, text):
        """A text from the guest's side of the wire (or a hostile peer in its place)."""
        self.later(self.host, {"type": "peer-message", "seat": self.seat, "text": text})

    def join(self) -> App:
        """A guest's page opened on the latest invitation, its answer entered by the host."""
        self.guest = App(
            Screen(),
            Storage(Store()),
            parse_params("?pace=0"),
            lambda: 5,
            sleep=lambda s: asyncio.sleep(0),
            join=f"I{self.invitations}",
            peer=self.from_guest,
        )
        self.guest.review_ahead = False
        self.guest.start()
        return self.guest

    def drop(self):
        for app, end in ((self.host, self.seat), (self.guest, GUEST_LINK)):
            app.friends.linked({"type": "peer-state", "seat": end, "state": "lost"})


async def settled(*apps):
    for _ in range(8):
        for app in apps:
            await settle(app)
        await asyncio.sleep(0)


async def connect(host, wire, fields):
    host.start()
    await settle(host)
    await host.tap("settings")
    await host.tap("people")
    host.people_form.set_people(fields)
    await settled(host)
    link = host.friends.link(wire.seat)
    assert link.state == LinkState.WAITING and link.code == f"I{wire.invitations}"
    guest = wire.join()
    await settled(host, guest)
    assert guest.friends.link(GUEST_LINK).code == f"A{wire.invitations}"
    host.friends.answered([("seat", str(wire.seat)), ("code", guest.friends.link(GUEST_LINK).code)])
    await settled(host, guest)
    assert host.friends.link(wire.seat).state == LinkState.OPEN
    assert guest.friends.link(GUEST_LINK).state == LinkState.OPEN
    return guest


async def reinvite(host, wire):
    """The host's new invitation for seat 1 (its friends panel), opened by a fresh guest page
    whose answer the host enters: that page, linked."""
    await host.tap("friends")
    await host.tap("reinvite", "1")
    await settled(host)
    fresh = wire.join()
    await settled(host, fresh)
    host.friends.answered([("seat", "1"), ("code", fresh.friends.link(GUEST_LINK).code)])
    await settled(host, fresh)
    return fresh


async def play(host, guest, turns):
    """Both pages play their seats (the first legal move), dismissing their sheets; the guest
    never shows a card of another hand."""
    for _ in range(turns):
        await settled(host, guest)
        if host.game.phase == "over":
            return
        hp, gp = host.phase(), guest.phase()
        assert not face_up_hand_cards_of_others(guest)
        if hp == "sheet":
            await host.tap("next")
        if gp == "sheet":
            await guest.tap("next")
        if hp in ("cut", "play"):
            await tap_first_move(host)
        elif gp in ("cut", "play"):
            assert guest.state.host_update.view.current == guest.ui.viewer
            await tap_first_move(guest)


def face_up_hand_cards_of_others(guest):
    """The seats other than the guest's whose hand the guest's screen draws face up."""
    return [
        seat
        for seat, inner in HAND_ZONES.findall(guest.screen.html)
        if int(seat) != guest.ui.viewer and "data-card" in inner
    ]


def test_a_friend_plays_a_whole_match_from_another_page_and_sees_no_hidden_card():
    async def match():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        fields = [("players", "2"), ("name-0", "Amel"), ("kind-1", "friend"), ("name-1", "Sami")]
        guest = await connect(host, wire, fields)
        assert guest.people.names == ("Amel", "Sami") and guest.ui.viewer == 1
        await play(host, guest, 3000)
        await settled(host, guest)
        assert host.game.phase == "over"
        assert guest.state.host_update.view == host.game.view(
            1
        )  # the guest saw the match to its end
        sheet = guest.screen.html
        assert guest.phase() == "over"
        # Each move was said once on the guest's page, and heard (keyed by the match's moves,
        # not by the made-up game the guest's table is drawn from).
        assert len(guest.screen.spoken) >= len(host.game.history)
        plays = sum(move.kind == "play" for move in host.game.history)
        assert guest.screen.sounds.count("play") + guest.screen.sounds.count("capture") >= plays
        game = guest.game
        await guest.tap("new")  # the host's to start: refused on the guest's page
        assert guest.game is game and guest.phase() == "over"
        # A new match by the host: the same friend plays it on the same link; no undo, no
        # statistics in a match among people.
        await host.tap("new")
        await settled(host, guest)
        assert not host.game.history and guest.state.host_update.view == host.game.view(1)
        assert 'data-action="undo"' not in host.screen.html
        assert host.state.stats is None or not any(t.played for t in host.state.stats.tallies)
        return sheet, wire

    html, wire = run(match())
    assert len(wire.to_guest) > 50
    for text in wire.to_guest:  # nothing of another hand, ever
        view = json.loads(text)["view"]
        assert "hands" not in view and "stock" not in view
    assert "won the match" in html
    # The match is the host's: the guest's sheet offers its log, not a review, a replay, a link
    # or a new match (the host's), and such taps are refused.
    assert 'data-action="log"' in html
    for action in ("review", "expert", "share", "new"):
        assert f'data-action="{action}"' not in html


def test_hostile_messages_from_the_peer_are_refused_and_change_nothing():
    async def hostile():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        guest = await connect(host, wire, [("players", "2"), ("kind-1", "friend")])
        await settled(host, guest)
        before = host.game
        seq = host.friends.seqs[1]
        other = next(m for m in Game.new(before.rules, 99).legal_moves())
        illegal = Move.parse("KDx7D") if before.phase == "play" else Move.parse("QC")
        texts = [
            "{not json",
            "x" * 100_000,
            json.dumps({"format": "chkobba-move", "version": 1, "seq": seq, "move": 7}),
            move_message(other, seq - 1),  # stale
            move_message(illegal, seq),
            '{"format":"chkobba-hello","version":1,"name":"x","lang":"fr","app_version":"9.9"}',
            "[" * 100_000,
        ]
        if before.current != 1:  # out of turn: it is the host's
            texts.append(move_message(before.legal_moves()[0], seq))
        for text in texts:
            host.set_ui(notices=())
            wire.say(text)
            await settled(host)
            assert host.game is before  # nothing changed
            (notice,) = host.ui.notices  # and the host is told, once
            assert notice.kind == NoticeKind.PEER and notice.detail[0] == "refused", text[:40]
            assert "refused" in host.screen.html
        return host

    run(hostile())


def test_a_lost_link_is_said_and_a_fresh_pair_of_codes_resumes_the_same_position():
    async def resume():
        host = make_app(Store(), "?seed=6&pace=0")
        wire = Wire(host)
        guest = await connect(host, wire, [("players", "2"), ("kind-1", "friend")])
        await play(host, guest, 12)
        await settled(host, guest)
        position = host.game
        wire.drop()
        await settled(host, guest)
        assert host.friends.link(1).state == LinkState.LOST
        assert guest.friends.link(GUEST_LINK).state == LinkState.LOST
        assert "lost" in host.screen.html and "lost" in guest.screen.html
        if host.game.current == 1:  # its turn waits for the friend, said so
            assert "Waiting for" in host.screen.html
        fresh = await reinvite(host, wire)
        assert host.game == position  # the same match, resumed
        assert fresh.state.host_update.view == position.view(1)
        await play(host, fresh, 6)
        return host

    host = run(resume())
    saved, _ = Storage(host.storage.store).load()
    assert saved.seats.remote == (1,)  # kept with the match: a reload offers new invitations


def test_a_reloaded_host_offers_new_invitations():
    store = Store()
    host = make_app(store, "?seed=4&pace=0")
    run(connect(host, Wire(host), [("players", "2"), ("kind-1", "friend")]))
    again = make_app(store, "?pace=0")
    assert again.people.remote == (1,)
    assert again.friends.link(1).state == LinkState.LOST


class Hub:
    """A host's page and several guests' (one a seat), each on its own wire."""

    def __init__(self, host: App, seats: tuple[int, ...]) -> None:
        self.wires = {seat: Wire(host, seat) for seat in seats}
        host.friends.peer = self.from_host

    def from_host(self, message):
        seat = message.get("seat")
        if message["type"] == "peer-invite":  # each seat's invitations are counted apart
            wire = self.wires[seat]
            wire.invitations += 1
            code = f"I{wire.invitations}"
            wire.later(wire.host, {"type": "peer-code", "seat": seat, "code": code, "link": code})
        else:
            self.wires[seat].from_host(message)


def test_four_players_two_friends_online_and_a_person_here():
    async def four():
        host = make_app(Store(), "?seed=8&pace=0")
        hub = Hub(host, (1, 3))
        host.start()
        await settle(host)
        await host.tap("settings")
        await host.tap("people")
        fields = [
            ("players", "4"),
            ("kind-1", "friend"),
            ("name-1", "Sami"),
            ("kind-2", "person"),
            ("name-2", "Ines"),
            ("kind-3", "friend"),
            ("name-3", "Omar"),
        ]
        host.people_form.set_people(fields)
        await settled(host)
        guests = {}
        for seat, wire in hub.wires.items():
            guests[seat] = wire.join()
            await settled(host, guests[seat])
            code = guests[seat].friends.link(GUEST_LINK).code
            host.friends.answered([("seat", str(seat)), ("code", code)])
            await settled(host, *guests.values())
        assert all(host.friends.link(s).state == LinkState.OPEN for s in (1, 3))
        moved = set()
        for _ in range(400):
            await settled(host, *guests.values())
            if host.game.phase == "over" or len(host.game.deal_results) >= 2:
                break
            for app in (host, *guests.values()):
                if app.phase() == "sheet":
                    await app.tap("next")
            phase = host.phase()
            if phase == "pass":
                await host.tap("ready")
            elif phase in ("cut", "play"):
                moved.add(host.game.current)
                await tap_first_move(host)
            for seat, guest in guests.items():
                if guest.phase() in ("cut", "play"):
                    assert not face_up_hand_cards_of_others(guest)
                    moved.add(seat)
                    await tap_first_move(guest)
        assert len(host.game.deal_results) >= 2  # two whole deals, every seat a person's
        assert moved == {0, 1, 2, 3}
        for seat, guest in guests.items():
            assert guest.state.host_update.view == host.game.view(seat)
            assert guest.people.names == ("Player 1", "Sami", "Ines", "Omar")

    run(four())


def test_the_form_chooses_whether_links_ask_a_stun_server():
    for fields, stun in (([("stun", "on")], True), ([], False)):
        sent = []
        host = make_app(Store(), "?seed=4&pace=0")
        host.friends.peer = sent.append
        host.start()
        run(host.tap("settings"))
        run(host.tap("people"))
        host.people_form.set_people([("players", "2"), ("kind-1", "friend"), *fields])
        assert {"type": "peer-invite", "seat": 1, "stun": stun} in sent


async def invited(host: App) -> None:
    """The host's form sent: Sami, a friend online, at seat 1; the invitation shown."""
    host.start()
    await settle(host)
    await host.tap("settings")
    await host.tap("people")
    host.people_form.set_people([("players", "2"), ("kind-1", "friend"), ("name-1", "Sami")])
    await settled(host)


def test_a_bad_answer_is_refused_with_the_reason_and_the_field_stays_for_the_next_try():
    async def retry():
        host = make_app(Store(), "?seed=4&pace=0&lang=fr")
        wire = Wire(host)
        await invited(host)
        guest = wire.join()
        await settled(host, guest)
        host.friends.answered([("seat", "1"), ("code", "hello there <b>x</b> and a long tail")])
        await settled(host)
        link = host.friends.link(1)
        assert link.state == LinkState.WAITING and link.code == "I1"  # the invitation stays
        assert link.error == "Le code « hello there <b>x</b> and » est abîmé : coupé ou modifié."
        html = host.screen.html
        assert 'data-form="answer"' in html and "&lt;b&gt;x&lt;/b&gt;" in html  # set as text
        assert not host.ui.notices  # nothing was lost: no notice
        host.friends.answered([("seat", "1"), ("code", guest.friends.link(GUEST_LINK).code)])
        await settled(host, guest)
        assert host.friends.link(1) == replace(link, state=LinkState.OPEN, error="")
        return host

    run(retry())


def test_a_link_that_never_opened_is_not_called_lost():
    host = make_app(Store(), "?seed=4&pace=0")
    wire = Wire(host)
    run(invited(host))
    # "New invitation" on an invitation nobody answered: the old link's close says nothing.
    host.friends.linked({"type": "peer-state", "seat": 1, "state": "closed"})
    run(host.tap("reinvite", "1"))
    run(settled(host))
    assert host.friends.link(1).state == LinkState.WAITING and wire.invitations == 2
    # An answer entered, and the link never opens (the link layer gives up): failed, not lost.
    host.friends.peer = lambda message: None  # (no guest on the wire)
    host.friends.answered([("seat", "1"), ("code", "A2")])
    assert host.friends.link(1).state == LinkState.CONNECTING
    host.friends.linked({"type": "peer-state", "seat": 1, "state": "failed"})
    assert host.friends.link(1).state == LinkState.FAILED
    assert not host.ui.notices and "lost" not in host.screen.html
    assert "No connection could be made: send a new invitation" in host.screen.html
    assert 'data-action="reinvite"' in host.screen.html


def test_a_browser_without_webrtc_offers_no_friend_online_and_says_which_browsers_can():
    words = "a recent Chrome, Firefox, Safari or Edge"
    sent = []
    host = App(Screen(), Storage(Store()), parse_params("?pace=0"), lambda: 9, webrtc=False)
    host.friends.peer = sent.append
    host.start()
    run(host.tap("settings"))
    run(host.tap("people"))
    html = host.screen.html
    assert 'value="friend"' not in html and 'value="person"' in html
    assert f"This browser cannot play with friends far away: {words} can." in html
    host.people_form.set_people([("players", "2"), ("kind-1", "friend")])  # (a form sent by hand)
    assert host.people.remote == () and not sent

    guest = App(
        Screen(),
        Storage(Store()),
        parse_params("?pace=0&lang=ar"),
        lambda: 9,
        join="I1",
        peer=sent.append,
        webrtc=False,
    )
    guest.start()
    assert guest.friends.link(GUEST_LINK).state == LinkState.UNSUPPORTED and not sent
    html = guest.screen.html
    assert "المتصفّح هذا ما ينجمش يلعب أونلاين" in html
    assert "data-qr" not in html and "data-form" not in html and "reinvite" not in html


def test_a_refused_move_names_the_guests_mistake_from_the_guests_side():
    async def mistake():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        guest = await connect(
            host, wire, [("players", "2"), ("kind-1", "friend"), ("name-1", "Sami")]
        )
        await play(host, guest, 3)
        await settled(host, guest)
        game = host.game
        while game.current != 1 or game.phase != "play":
            await play(host, guest, 1)
            await settled(host, guest)
            game = host.game
        card = game.hands[0][0]  # a card of the host's own hand
        host.set_ui(notices=())
        wire.say(move_message(Move.parse(str(card)), host.friends.seqs[1]))
        await settled(host)
        assert host.game is game
        (notice,) = host.ui.notices
        assert notice.detail[2] == f"The {card.label} is not in the hand of \u2068Sami\u2069."
        assert "your hand" not in host.screen.html

    run(mistake())


def test_a_crafted_invitation_is_refused_in_the_guests_words_quoting_a_short_part():
    sent = []
    guest = App(
        Screen(),
        Storage(Store()),
        parse_params("?pace=0&lang=fr"),
        lambda: 9,
        join="aQFNjjtvgzAURvf-Cu9VkH1xyz",
        peer=sent.append,
    )
    guest.start()
    assert sent[0]["type"] == "peer-join"
    # web/game/host.js's word for a CodeError of peer.js (a line no browser wrote, its CRC right)
    error = {"type": "peer-error", "seat": GUEST_LINK, "step": "peer-join", "reason": "unusable"}
    guest.friends.linked({**error, "quote": "aQFNjjtvgzAURvf-Cu9VkH1… and more", "detail": ""})
    link = guest.friends.link(GUEST_LINK)
    assert link.state == LinkState.FAILED
    assert link.error == (
        "Le code « aQFNjjtvgzAURvf-Cu9VkH1… » ne contient aucune connexion que ce navigateur "
        "puisse utiliser."
    )
    assert "pas pu être utilisée : demandez-en une nouvelle" in guest.screen.html


def test_a_burst_of_refused_messages_is_one_notice_and_one_answer():
    async def burst():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        guest = await connect(host, wire, [("players", "2"), ("kind-1", "friend")])
        await settled(host, guest)
        before, sent, seq = host.game, len(wire.to_guest), host.friends.seqs[1]
        host.set_ui(notices=())
        stale = move_message(Game.new(before.rules, 99).legal_moves()[0], seq - 1)
        for _ in range(30):
            wire.say(stale)
        await settled(host, guest)
        assert host.game is before
        (notice,) = host.ui.notices
        assert notice.detail[0] == "refused" and notice.detail[3] == "30"
        assert "30 messages from" in host.screen.html
        assert len(wire.to_guest) - sent == 1  # the position, sent again once
        assert guest.friends.link(GUEST_LINK).state == LinkState.OPEN

    run(burst())


def test_a_flooding_guest_is_told_and_dropped():
    async def flood():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        guest = await connect(host, wire, [("players", "2"), ("kind-1", "friend")])
        closed = []
        host.friends.peer = lambda message: (closed.append(message), wire.from_host(message))
        host.set_ui(notices=())
        host.friends.linked({"type": "peer-flood", "seat": 1})
        await settled(host, guest)
        assert json.loads(wire.to_guest[-1]) == {
            "format": "chkobba-goodbye",
            "version": 1,
            "reason": "flood",
        }
        assert {"type": "peer-close", "seat": 1} in closed
        assert host.friends.link(1).state == LinkState.LOST
        assert [n.detail[0] for n in host.ui.notices] == ["flooded"]
        assert "far more messages" in host.screen.html
        assert guest.friends.link(GUEST_LINK).state == LinkState.LOST
        assert [n.detail[0] for n in guest.ui.notices] == ["dropped"]
        assert "far more messages" in guest.screen.html

    run(flood())


def test_a_dropped_guests_page_offers_no_move_until_a_fresh_pair_of_codes():
    """Dropped by the host on its own turn, a guest's page waits and says why: its hand is not
    playable (a move would reach no one), a tap sends nothing; a fresh invitation plays on."""

    async def dropped():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        guest = await connect(host, wire, [("players", "2"), ("kind-1", "friend")])
        for _ in range(12):
            await settled(host, guest)
            if guest.phase() in ("cut", "play"):
                break
            await play(host, guest, 1)
        assert guest.phase() in ("cut", "play")
        sent = []
        guest.friends.peer = lambda message: (sent.append(message), wire.from_guest(message))
        host.friends.linked({"type": "peer-flood", "seat": 1})
        await settled(host, guest)
        assert guest.phase() == "wait"
        assert status(guest) == "Connection lost: ask your friend for a new invitation"
        move = guest.game.legal_moves()[0]
        await guest.tap("hand" if move.kind == "play" else "move", str(move.card or move))
        await settled(host, guest)
        assert [m for m in sent if m["type"] == "peer-send"] == []  # nothing was played
        assert guest.phase() == "wait"
        fresh = await reinvite(host, wire)
        assert fresh.phase() in ("cut", "play")  # the same turn, on the fresh link

    run(dropped())


def lie_to(guest, text):
    guest.friends.linked({"type": "peer-message", "seat": GUEST_LINK, "text": text})


def test_a_guest_refuses_a_position_no_play_reaches_and_says_the_link_broken():
    async def lied():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        guest = await connect(host, wire, [("players", "2"), ("kind-1", "friend")])
        await play(host, guest, 4)
        await settled(host, guest)
        assert host.game.phase == "play"
        said = []
        guest.friends.peer = lambda message: (said.append(message), wire.from_guest(message))
        told = guest.state.host_update
        data = json.loads(wire.to_guest[-1])
        data["seq"] += 1
        view = data["view"]
        seen = {*view["hand"], *view["table"], *view["piles"][0], *view["piles"][1]}
        view["table"] += [card.code for card in DECK if card.code not in seen][:6]
        view["stock_count"] -= 6
        lie_to(guest, json.dumps(data))
        await settled(guest)
        assert guest.state.host_update is told  # nothing shown of it
        assert guest.friends.link(GUEST_LINK).state == LinkState.LOST
        assert {"type": "peer-close", "seat": GUEST_LINK} in said
        (notice,) = guest.ui.notices
        assert notice.detail[0] == "broken" and "cards on the table, not 4" in notice.detail[2]
        assert "no play leads to" in guest.screen.html
        lie_to(guest, wire.to_guest[-1])  # nothing more is read on a broken link
        assert guest.state.host_update is told

    run(lied())


def test_a_guest_refuses_an_update_whose_number_jumps():
    async def jumped():
        host = make_app(Store(), "?seed=4&pace=0")
        wire = Wire(host)
        guest = await connect(host, wire, [("players", "2"), ("kind-1", "friend")])
        await settled(host, guest)
        data = json.loads(wire.to_guest[-1])
        data["seq"] = 2**53 - 1
        lie_to(guest, json.dumps(data))
        await settled(guest)
        assert guest.friends.link(GUEST_LINK).state == LinkState.LOST
        (notice,) = guest.ui.notices
        assert f"update {2**53 - 1} does not follow" in notice.detail[2]

    run(jumped())
