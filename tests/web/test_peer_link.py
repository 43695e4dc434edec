"""The link between two players' browsers (web/game/peer.js) in two browser contexts, with no
STUN server: the codes passed by hand, texts both ways, a peer gone noticed, a fresh pair of
codes connecting again; bad codes and messages over 64 KiB refused; QR codes drawn."""

from __future__ import annotations

import base64
import re
import zlib

import pytest
from conftest import BLANK, Table

LOST_MS = 12_000  # a closed peer is noticed in 6 s here (ICE disconnected), 10 s at most
SETUP = """async () => {
    window.peer = await import("./static/peer.js");
    window.pcs = [];  // every RTCPeerConnection of the page, for getStats
    const Connection = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Connection {
        constructor(...args) { super(...args); pcs.push(this); }
    };
}"""
FRESH = """window.states = []; window.got = []; window.refused = [];
    window.calls = { stun: null, onState: (s) => states.push(s),
        onMessage: (t) => got.push(t), onRefused: (r) => refused.push(r) };"""
HOST = f"""async () => {{ {FRESH}
    window.link = await peer.hostLink(calls);
    return link.invitation();
}}"""
JOIN = f"""async (code) => {{ {FRESH}
    window.link = await peer.joinLink(code, calls);
    return link.reply();
}}"""
# A peer that keeps no limit and sends no heartbeat: a bare channel, answering an invitation.
BARE = """async (code) => {
    const pc = new RTCPeerConnection();
    window.bare = pc.createDataChannel("chkobba", { negotiated: true, id: 0 });
    await pc.setRemoteDescription({ type: "offer", sdp: (await peer.decodeCode(code)).sdp });
    await pc.setLocalDescription();
    await new Promise((done) => {
        const check = () => pc.iceGatheringState === "complete" && done();
        pc.onicegatheringstatechange = check;
        check();
    });
    return peer.encodeCode("a", pc.localDescription.sdp);
}"""
ERROR = """async (script) => {
    try { await eval(script); return "no error"; } catch (error) { return error.message; }
}"""
BEATS = """async (count) => {  // until the link's channel received `count` frames
    const frames = async () => {
        const stats = await pcs.at(-1).getStats();
        return [...stats.values()].find((s) => s.type === "data-channel").messagesReceived;
    };
    while ((await frames()) < count) await new Promise((next) => setTimeout(next, 100));
}"""


class Side:
    """One player's browser context, on a blank page of the server with peer.js loaded."""

    def __init__(self, browser, base: str) -> None:
        self.context = browser.new_context()
        self.page = self.context.new_page()
        self.table = Table(self.page, base, "desktop")  # (its recorders of errors, requests)
        blank = base + "blank-for-peers.html"
        self.page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
        self.page.goto(blank)
        self.page.evaluate(SETUP)

    def run(self, script: str, arg: object = None):
        return self.page.evaluate(script, arg)

    def error(self, script: str) -> str:
        """The message of the error ``script`` (an expression, awaited) throws."""
        return self.page.evaluate(ERROR, script)

    def wait_state(self, state: str, timeout: float = 10_000) -> list[str]:
        self.page.wait_for_function("s => states.includes(s)", arg=state, timeout=timeout)
        return self.run("states")

    def wait_got(self, count: int) -> list[str]:
        self.page.wait_for_function("n => got.length >= n", arg=count)
        return self.run("got")


@pytest.fixture
def side(link_browser, server_url):
    made: list[Side] = []

    def make() -> Side:
        made.append(Side(link_browser, server_url))
        return made[-1]

    yield make
    for one in made:
        one.context.close()
        one.table.assert_clean()


def connect(host: Side, guest: Side) -> tuple[str, str]:
    """Link ``host`` and ``guest`` as two players do; the invitation and the reply."""
    invitation = host.run(HOST)
    reply = guest.run(JOIN, invitation)
    host.run("code => link.accept(code)", reply)
    assert host.wait_state("open") == ["connecting", "open"]
    assert guest.wait_state("open") == ["connecting", "open"]
    return invitation, reply


def test_two_players_link_talk_lose_each_other_and_link_again(side):
    host, guest = side(), side()
    invitation, reply = connect(host, guest)
    for code in (invitation, reply):
        assert re.fullmatch(r"[A-Za-z0-9_-]{150,600}", code), code
    words = ["salut", "مرحبا بيك 🂡", "é" * 32_768]  # the last one 65,536 bytes: the most
    for text in words:
        host.run("text => link.send(text)", text)
    guest.run("link.send('ok ✓')")
    assert guest.wait_got(3) == words
    assert host.wait_got(1) == ["ok ✓"]
    guest.run(BEATS, 4)  # its 3 texts, then a heartbeat: that is no message
    assert guest.run("got.length") == 3

    guest.context.close()  # the friend's tab is gone: noticed with no word from them
    assert host.wait_state("lost", LOST_MS) == ["connecting", "open", "lost"]
    assert host.error("link.send('anyone?')") == "the link is not open (lost)"

    again = side()
    connect(host, again)  # a fresh pair of codes
    again.run("link.send('back')")
    assert host.wait_got(1) == ["back"]
    host.run("link.close()")
    assert host.run("states") == ["connecting", "open", "closed"]
    assert again.wait_state("lost") == ["connecting", "open", "lost"]


def recoded(code: str, kind: bytes | None = None, fmt: int | None = None) -> str:
    """``code`` with another kind byte or format byte, its checksum made right again."""
    data = bytearray(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))
    data[0] = kind[0] if kind else data[0]
    data[1] = data[1] if fmt is None else fmt
    data[-4:] = zlib.crc32(bytes(data[:-4])).to_bytes(4, "big")
    return base64.urlsafe_b64encode(bytes(data)).decode().rstrip("=")


def test_bad_codes_are_refused_saying_what_is_wrong(side):
    page = side()
    code = page.run(HOST)
    sdp = page.run("async (c) => (await peer.decodeCode(c)).sdp", code)
    assert sdp.startswith("v=0\r\n") and "a=fingerprint:sha-256 " in sdp
    assert "a=setup:actpass" in sdp and sdp.endswith("a=max-message-size:262144\r\n")
    reply = page.run("sdp => peer.encodeCode('a', sdp.replace('actpass', 'active'))", sdp)
    pasted = f"https://friend.example/chkobba/#join={code[:40]}\n {code[40:]}"  # wrapped
    assert page.run("async (c) => (await peer.decodeCode(c)).kind", pasted) == "i"
    middle = len(code) // 2
    edited = code[:middle] + ("A" if code[middle] != "A" else "B") + code[middle + 1 :]
    no_offer = page.run("peer.encodeCode('i', 'hello')")
    # A crafted code, its checksum right: a line no browser wrote (never quoted, never shown as
    # the browser's own error).
    crafted = page.run(
        "sdp => peer.encodeCode('i', sdp.replace(/a=fingerprint:.*/, 'a=fingerprint:<b>x</b>'))",
        sdp,
    )
    cases = {
        "": "the code is empty",
        code + "!": f'the code "{code[:23]}…" has a character no code has: "!"',
        code[:-6]: "is damaged: cut short or changed",
        code[:-1]: "is damaged: cut short or changed",
        edited: "is damaged: cut short or changed",
        "hello": 'the code "hello" is damaged: cut short or changed',
        recoded(code, kind=b"x"): "is not a game link code",
        recoded(code, fmt=2): "is from another version of the game (format 2)",
        no_offer: "holds no connection offer",
        crafted: "holds a connection this browser cannot use",
    }
    reasons = page.run(
        """async (codes) => Promise.all(codes.map((c) => peer.decodeCode(c).then(
            () => "", (e) => [e.reason, e.quote, e instanceof peer.CodeError].join(" "))))""",
        [code + "!", crafted],
    )
    assert reasons == [f"character {code[:23]}… true", f"unusable {crafted[:23]}… true"]
    for bad, message in cases.items():
        error = page.error(f"peer.decodeCode({bad!r})")
        assert message in error and "<b>" not in error, (bad, error)
        assert all(len(quoted) <= 24 for quoted in re.findall(r'"([^"]*)"', error)), error
    assert page.error(f"peer.joinLink({reply!r}, calls)").endswith("is a reply, not an invitation")
    assert page.error(f"link.accept({code!r})").endswith("is an invitation, not a reply")
    assert page.error(f"link.accept({edited!r})").endswith("is damaged: cut short or changed")
    page.run("link.close()")
    assert page.run("states") == ["closed"]


# A connection that can be made to give up (its state read "failed", as a browser's ICE agent
# that stopped waiting says it).
BREAKABLE = """() => {
    const Connection = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Connection {
        get connectionState() { return this.broken ? "failed" : super.connectionState; }
    };
    window.giveUp = () => {
        pcs[0].broken = true;
        pcs[0].dispatchEvent(new Event("connectionstatechange"));
    };
}"""
LINES = "sdp => sdp.split('\\r\\n').filter((l) => /^a=(ice-|fingerprint|setup)/.test(l))"


def test_a_guest_whose_connection_gives_up_keeps_its_answer_good_on_a_fresh_one(side):
    host, guest = side(), side()
    guest.run(BREAKABLE)
    reply = guest.run(JOIN, host.run(HOST))
    answered = guest.run(f"({LINES})(pcs[0].localDescription.sdp)")
    guest.run("giveUp()")  # before the host entered the answer
    guest.page.wait_for_function("pcs.length === 2", timeout=10_000)
    assert guest.run("pcs[0].signalingState") == "closed"
    # The fresh connection, behind the same answer: the same ICE credentials and certificate.
    guest.page.wait_for_function("pcs[1].localDescription !== null")
    assert guest.run(f"({LINES})(pcs[1].localDescription.sdp)") == answered
    assert "a=setup:passive" in answered  # (the host starts DTLS, once it has the answer)
    host.run("code => link.accept(code)", reply)
    assert host.wait_state("open") == ["connecting", "open"]
    assert guest.wait_state("open") == ["connecting", "open"]
    host.run("link.send('from the host')")
    guest.run("link.send('from the guest')")
    assert guest.wait_got(1) == ["from the host"]
    assert host.wait_got(1) == ["from the guest"]
    host.run("link.close()")


def test_messages_over_64_kib_are_refused_both_ways(side):
    host, bare = side(), side()
    reply = bare.run(BARE, host.run(HOST))
    host.run("code => link.accept(code)", reply)
    host.wait_state("open")
    bare.page.wait_for_function("bare.readyState === 'open'")
    # 32,769 characters, 65,538 bytes: the limit counts UTF-8 bytes
    assert host.error("link.send('é'.repeat(32_769))") == "a message of 65538 bytes is over 65536"
    bare.run("bare.send('x'.repeat(65_537)); bare.send('after')")
    assert host.wait_got(1) == ["after"]  # the link goes on
    assert host.run("refused") == ["a message of 65537 bytes, over 65536, was dropped"]
    host.run("link.close()")


def test_an_unreachable_stun_server_does_not_hold_the_invitation_back(side):
    """The invitation is made once a candidate is found (after GATHER_MS at most), not when ICE
    gathering ends: a STUN server that never answers keeps gathering going, not the player."""
    page = side()
    code = page.run("peer.hostLink({ stun: 'stun:127.0.0.1:9' }).then((l) => l.invitation())")
    assert page.run("pcs[0].iceGatheringState") == "gathering"  # the STUN server still awaited
    assert page.run("async (c) => (await peer.decodeCode(c)).kind", code) == "i"
    assert "a=candidate:" in page.run("async (c) => (await peer.decodeCode(c)).sdp", code)


QR_MODULES = """svg => {
    const side = +svg.match(/viewBox="0 0 (\\d+) \\1"/)[1];
    const found = svg.matchAll(/M(\\d+) (\\d+)h1v1h-1z/g);
    const dark = new Set([...found].map((m) => m[1] + "," + m[2]));
    return { side, rows: Array.from({ length: side }, (_, y) =>
        Array.from({ length: side }, (_, x) => (dark.has(x + "," + y) ? "#" : ".")).join("")) };
}"""
FINDER = ["#######", "#.....#", "#.###.#", "#.###.#", "#.###.#", "#.....#", "#######"]


def test_qr_codes_are_drawn_and_scanning_needs_a_barcode_detector(side):
    page = side()
    code = page.run(HOST)
    svg = page.run("code => peer.qrSvg(code)", code)
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"') and '<rect width="' in svg
    grid = page.run(QR_MODULES, svg)
    side_, rows = grid["side"], grid["rows"]
    size = side_ - 8  # 4 light modules each side
    assert (size - 17) % 4 == 0 and 21 <= size <= 77, size  # a QR version 1 to 15
    assert all(set(row) == {"."} for row in rows[:4] + rows[-4:])
    assert all(row[:4] == row[-4:] == "...." for row in rows)
    for top, left in ((4, 4), (4, side_ - 11), (side_ - 11, 4)):  # the three finder patterns
        assert [row[left : left + 7] for row in rows[top : top + 7]] == FINDER
    assert page.error("peer.qrSvg('x'.repeat(3000))") == "too long for a QR code: 3000 bytes"
    page.run("link.close()")
    # Chromium on Linux has no BarcodeDetector
    assert page.run("peer.canScan()") is False
    scan = "peer.scanQr(document.createElement('video'))"
    assert page.error(scan) == "no camera scanning in this browser"
