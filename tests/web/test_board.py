"""Boards in pages, in Chromium: the tutorial's lessons by taps, each mode, the events a host on
another origin receives, hostile input, and six boards sharing one Python."""

from __future__ import annotations

import functools
import http.server
import re
import threading
from html import escape
from urllib.parse import quote, urlencode

import pytest
from board_support import ALL_SETTLED, CUT, QUEEN, Boards
from chkobba import Game, Move
from conftest import BOOT_MS, DESKTOP, PHONE, keep_screen, load_build
from playwright.sync_api import expect
from static_server import Handler


@pytest.fixture
def boards(kept_page, server_url, form):
    boards = Boards(kept_page, form, (server_url,))
    yield boards
    boards.assert_clean()


def feedback(board):
    return board.locator('[data-text="feedback"]')


# --- the tutorial ---------------------------------------------------------------------------

LESSONS = {  # lesson: for each of its boards, a wrong move's taps and the right move's taps
    "values": [("hand:QD table:2S table:6H play", "hand:KS table:4C table:6H play")],
    "equal": [("hand:6H table:3C play", "hand:6H table:6D play")],
    "sum": [("hand:7H play", "hand:7H table:4S table:3C play")],
    "priority": [("hand:7H table:4S table:3C play", "hand:7H table:7D play")],
    "chkobba": [("hand:JD table:5S table:3H play", "hand:JD table:5S table:3H table:AC play")],
    "queen": [("hand:JC table:2D table:6S play", "hand:QH table:2D table:6S play")],
    "compulsory": [("hand:3D play", "hand:3D table:3C play")],
    "cut": [("expose", "keep"), ("keep", "expose")],
    "last": [("hand:7S play", "hand:7S table:5C table:2D play")],
    "score": [("hand:6D play", "hand:6D table:6C play")],
}
ATTRIBUTES = ("position", "mode", "moves", "seat", "play", "caption", "captions", "explain", "lang")


def board_taps(steps: str) -> list[tuple[str, str]]:
    """``hand:QH table:2D play`` as the board's taps (the cut's buttons: ``keep``, ``expose``)."""
    taps = []
    for step in steps.split():
        zone, _, code = step.partition(":")
        taps.append((zone, code) if code else ("move", zone) if zone in CUT else (zone, ""))
    return taps


def expected_feedback(board, steps: str) -> str:
    """The line the board's own Python (here, in CPython) says after ``steps`` on ``board``'s
    attributes: the page must show the same."""
    from board.frame import frame
    from board.spec import parse_spec
    from board.state import start, tap

    values = {name: board.get_attribute(name) for name in ATTRIBUTES}
    state, _ = start(parse_spec({name: v for name, v in values.items() if v is not None}))
    for action, value in board_taps(steps):
        state, _ = tap(state, action, value)
    return frame(state).feedback


@PHONE
def test_each_lesson_is_done_by_taps_after_a_wrong_move_is_explained(boards, server_url):
    boards.open(server_url + "tutorial.html")
    for lesson, steps in LESSONS.items():
        section = boards.page.locator(f"#{lesson}")
        for index, (wrong, right) in enumerate(steps):
            board = section.locator("chkobba-board").nth(index)
            boards.play(board, *wrong.split())
            expect(feedback(board)).to_have_text(expected_feedback(board, wrong))
            expect(feedback(board)).to_have_class(re.compile(r"\bbad\b"))
            boards.play(board, *right.split())
            expect(feedback(board)).to_have_text(re.compile(r"^Right: "))
        expect(section).to_have_attribute("data-done", "")
    progress = boards.page.locator("[data-progress]")
    expect(progress).to_have_text("10 of 10 lessons done — well played!")
    score = boards.page.locator("#score chkobba-board [data-scored]")
    expect(score).to_contain_text("17 + 5 = 22")  # the rules' example: 1+1+1+1+1
    expect(boards.page.locator("#last chkobba-board [data-text=leftovers]")).to_contain_text("Q♠")
    boards.page.reload()
    boards.page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)
    expect(boards.page.locator(".lesson[data-done]")).to_have_count(len(LESSONS))
    boards.tap(boards.page.locator("[data-forget]"))
    expect(boards.page.locator(".lesson[data-done]")).to_have_count(0)


def tab_to(page, locator, limit: int = 80) -> None:
    """Press Tab until ``locator`` (inside a board's shadow root) has the focus."""
    for _ in range(limit):
        if locator.evaluate("el => el.getRootNode().activeElement === el"):
            return
        page.keyboard.press("Tab")
    raise AssertionError(f"Tab never reached {locator}")


@PHONE
def test_the_tutorial_speaks_arabic_and_a_lesson_is_walked_by_the_keyboard(boards, server_url):
    boards.open(server_url + "tutorial.html?lang=ar")
    page = boards.page
    expect(page.locator("html")).to_have_attribute("dir", "rtl")
    expect(page.locator("html")).to_have_attribute("lang", "ar-TN")
    expect(page.locator("h1")).not_to_have_text("Learn Chkobba by playing")
    board = page.locator("#queen chkobba-board")
    expect(board.locator(".board")).to_have_attribute("dir", "rtl")
    for steps in ("hand:JC table:2D table:6S play", "hand:QH table:2D table:6S play"):
        for step in steps.split():
            zone, _, code = step.partition(":")
            if code:
                target = board.locator(f'[data-zone="{zone}"] [data-card="{code}"]')
            else:
                target = board.locator(f'button[data-action="{zone}"]')
            tab_to(page, target)
            page.keyboard.press("Enter")
        expect(feedback(board)).to_have_text(expected_feedback(board, steps))
        assert not re.search(r"[A-Z][A-Z0-9]x|[A-Z]{2}[+]", feedback(board).inner_text())
    expect(page.locator("#queen")).to_have_attribute("data-done", "")
    keep_screen(page, f"tutorial-ar-{boards.device}")


@PHONE
def test_the_tutorial_follows_the_games_language_and_its_buttons_change_it(boards, server_url):
    page = boards.page
    page.add_init_script("localStorage.setItem('chkobba.settings', JSON.stringify({lang: 'fr'}))")
    boards.open(server_url + "tutorial.html")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("[data-progress]")).to_have_text("0 leçon terminée sur 10")
    board = page.locator("#values chkobba-board")
    expect(board.locator(".board")).to_have_attribute("lang", "fr")
    boards.tap(page.locator('[data-lang="en"]'))
    expect(page.locator("h1")).to_have_text("Learn Chkobba by playing")
    expect(board.locator(".board")).to_have_attribute("lang", "en")
    expect(board).to_have_attribute("data-state", "ready")
    settings = page.evaluate("JSON.parse(localStorage.getItem('chkobba.settings'))")
    assert settings == {"lang": "en"}


@PHONE
def test_the_tutorial_works_when_storage_refuses(boards, server_url):
    boards.page.add_init_script(
        "Storage.prototype.setItem = () => {"
        " throw new DOMException('full', 'QuotaExceededError'); };"
    )
    boards.open(server_url + "tutorial.html")
    board = boards.page.locator("#queen chkobba-board")
    boards.play(board, "hand:QH", "table:2D", "table:6S", "play")
    expect(boards.page.locator("#queen")).to_have_attribute("data-done", "")


# Kept progress the tutorial cannot use: JSON that is not a list of lessons, and not JSON.
BAD_PROGRESS = ("{}", '"queen"', '["queen", 7]', "null", "{not json")
KEPT = "['', '.corrupt'].map(end => localStorage.getItem('chkobba.tutorial' + end))"


@PHONE
def test_a_bad_kept_progress_is_set_aside_and_the_tutorial_works(boards, server_url):
    """Each bad value kept as the tutorial's progress: set aside with a notice (in the page's
    language), and the page works: its language buttons, a lesson done and kept in place of the
    bad value. Then (the same whatever the bad value was) that lesson kept over a reload, the
    notice gone, and "Start the lessons over" clearing it."""
    page = boards.page
    boards.open(server_url + "tutorial.html?lang=fr")
    notice = page.locator("[data-unreadable]")
    queen = page.locator("#queen")
    for bad in BAD_PROGRESS:
        page.evaluate("bad => localStorage.setItem('chkobba.tutorial', bad)", bad)
        boards.open(server_url + "tutorial.html?lang=fr")
        expect(notice).to_be_visible()
        expect(notice).to_contain_text("Votre progression dans les leçons n'a pas pu être lue")
        assert page.evaluate(KEPT) == [None, bad]
        look(page, bad, "fr")
        boards.tap(page.locator('[data-lang="ar"]'))
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(notice).to_contain_text("الدروس اللي كمّلتهم")
        look(page, bad, "ar")
        boards.tap(page.locator('[data-lang="en"]'))
        expect(page.locator("h1")).to_have_text("Learn Chkobba by playing")
        expect(notice).to_contain_text("Your progress in the lessons could not be read")
        look(page, bad, "en")
        boards.play(queen.locator("chkobba-board"), "hand:QH", "table:2D", "table:6S", "play")
        expect(queen).to_have_attribute("data-done", "")
        assert page.evaluate(KEPT) == ['["queen"]', bad]
    boards.open(server_url + "tutorial.html?lang=en")
    expect(queen).to_have_attribute("data-done", "")
    expect(notice).to_be_hidden()
    boards.tap(page.locator("[data-forget]"))
    expect(queen).not_to_have_attribute("data-done", "")
    assert page.evaluate("localStorage.getItem('chkobba.tutorial')") == "[]"
    page.evaluate("localStorage.setItem('chkobba.tutorial', '{}')")
    boards.open(server_url + "tutorial.html?lang=fr")
    boards.tap(page.locator("[data-dismiss]"))
    expect(notice).to_be_hidden()


def look(page, bad: str, lang: str) -> None:
    """A screenshot of the tutorial's top, its notice shown (for the first bad value)."""
    if bad == BAD_PROGRESS[0]:
        keep_screen(page, f"tutorial-set-aside-{lang}-phone")


@DESKTOP
def test_a_tap_whose_card_is_redrawn_under_the_finger_still_counts(boards, server_url):
    """The board answers a tap by replacing its HTML: a press on a card drawn before that answer
    and released after it gets no click from the browser, and must not be lost."""
    boards.open(server_url + "tutorial.html")
    board = boards.page.locator("#queen chkobba-board")
    queen = board.locator('[data-zone="hand"] [data-card="QH"]')
    queen.scroll_into_view_if_needed()
    box = queen.bounding_box()
    mouse = boards.page.mouse
    mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    mouse.down()
    board.evaluate(
        "el => { const b = el.shadowRoot.querySelector('.board');"
        " b.replaceWith(b.cloneNode(true)); }"
    )
    mouse.up()
    expect(queen).to_have_class(re.compile(r"\bselected\b"))


@PHONE
def test_a_touch_whose_card_is_redrawn_under_the_finger_counts_once(boards, server_url):
    """The same by touch: the browser then does send a click, to the card drawn anew, after the
    release that counted the tap already. A second count would take the selection back."""
    boards.open(server_url + "tutorial.html")
    board = boards.page.locator("#queen chkobba-board")
    queen = board.locator('[data-zone="hand"] [data-card="QH"]')
    queen.scroll_into_view_if_needed()
    box = queen.bounding_box()
    finger = [{"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}]
    touch = boards.page.context.new_cdp_session(boards.page)  # (Playwright's taps are whole)
    touch.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": finger})
    board.evaluate(
        "el => { const b = el.shadowRoot.querySelector('.board');"
        " b.replaceWith(b.cloneNode(true)); }"
    )
    touch.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    expect(queen).to_have_class(re.compile(r"\bselected\b"))
    expect(board.locator(".selected")).to_have_count(1)


# --- the modes, on the demo page ------------------------------------------------------------


@PHONE
def test_show_line_and_puzzle_modes(boards, server_url):
    boards.open(server_url + "embed-demo.html")
    page = boards.page
    expect(page.locator("chkobba-board[data-state=ready]")).to_have_count(6)

    shown = page.locator("#shown")
    expect(shown.locator('[data-text="caption"]')).to_have_text(shown.get_attribute("caption"))
    expect(shown.locator("button")).to_have_count(0)  # only to look at

    free = page.locator("#free")
    wrong = "hand:7H table:4S table:3C play"
    boards.play(free, *wrong.split())
    expect(feedback(free)).to_have_text(expected_feedback(free, wrong))
    boards.play(free, "hand:7H", "table:7D", "play")
    expect(free.locator('[data-pile="you"] .count')).to_have_text("2")
    # the computer answers: the 2♥ or the 6♣ takes nothing, and is laid
    expect(free.locator('[data-zone="table"] [data-card]')).to_have_count(3)
    expect(free.locator('[data-text="status"]')).to_have_text("Your turn: tap a card of your hand.")

    line = page.locator("#line")
    captions = [c.strip() for c in line.get_attribute("captions").split("|")]
    for number, caption in enumerate(captions, 1):
        boards.play(line, "next")
        expect(line.locator('[data-text="step"]')).to_have_text(f"Step {number} of 6")
        expect(feedback(line)).to_have_text(caption)
    expect(line.locator('button[data-action="next"]')).to_be_disabled()
    boards.play(line, "prev")
    expect(feedback(line)).to_have_text(captions[4])
    expect(line.locator('[data-zone="table"] [data-card="QS"]')).to_have_count(0)
    expect(line.locator('[data-zone="table"] [data-card="6H"]')).to_have_count(1)

    two = page.locator("#two-ways")
    for taps in (("hand:6C", "table:AS", "table:5H"), ("hand:6C", "table:2C", "table:4D")):
        boards.play(two, *taps, "play")
        expect(feedback(two)).to_have_text(re.compile(r"^Right: .*6♣"))
        expect(two.locator(".board[data-finished]")).to_have_count(1)
        boards.play(two, "reset")
    boards.play(two, "hand:KH", "play")
    expect(feedback(two)).to_have_text(expected_feedback(two, "hand:KH play"))


@PHONE
def test_six_boards_share_one_python(boards, server_url):
    wasm: list[str] = []
    boards.page.on("request", lambda r: r.url.endswith(".wasm") and wasm.append(r.url))
    boards.open(server_url + "embed-demo.html")
    expect(boards.page.locator("chkobba-board[data-state=ready]")).to_have_count(6)
    for board in boards.page.locator("chkobba-board").all():
        expect(board.locator(".baize [data-card]").first).to_be_visible()
    assert wasm == [server_url + "pyodide/pyodide.asm.wasm"]
    boards.open(server_url + "embed-one.html")
    expect(boards.page.locator("chkobba-board[data-state=ready]")).to_have_count(1)


# --- a host page on another origin ----------------------------------------------------------


class CorsHandler(Handler):
    """dist/ as a static host should serve it to other origins (see README)."""

    def end_headers(self) -> None:
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args) -> None:
        pass


def serve(directory, handler=QuietHandler):
    server = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(handler, directory=str(directory))
    )
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


@pytest.fixture(scope="session")
def hosts(server_url, tmp_path_factory):
    """(the board's files on a CORS server at 127.0.0.1, host pages at localhost: another
    origin); the test pages are written in the host's directory."""
    build = load_build()
    board_server, board_port = serve(build.DIST, CorsHandler)
    folder = tmp_path_factory.mktemp("host")
    host_server, host_port = serve(folder)
    yield f"http://127.0.0.1:{board_port}/", f"http://localhost:{host_port}/", folder
    board_server.shutdown()
    host_server.shutdown()


LISTENER = """<script>
window.got = []; window.posted = [];
for (const t of ["ready", "move", "solved", "failed", "error"])
  document.addEventListener("chkobba:" + t, (e) => got.push(e.detail));
addEventListener("message", (e) => {
  if (e.data && e.data.source === "chkobba-board") posted.push({ from: e.origin, ...e.data });
});
</script>"""


def host_page(folder, name: str, dist: str, body: str) -> str:
    (folder / name).write_text(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">'
        f'<script type="module" src="{dist}embed.js"></script></head><body>{LISTENER}{body}'
        "<p id='after'>The host's own text.</p></body></html>"
    )
    return name


def frame_src(dist: str, **params: str) -> str:
    return f"{dist}board.html?{urlencode(params, quote_via=quote)}"


def wait_frames(page, count: int) -> None:
    """Wait for the boards of the first ``count`` frames, each scrolled to (a board starts its
    Python when it nears the viewport)."""
    for index in range(count):
        page.locator("iframe").nth(index).scroll_into_view_if_needed()
        frame = page.frame_locator("iframe").nth(index)
        expect(frame.locator("chkobba-board")).not_to_have_attribute(
            "data-state", "loading", timeout=BOOT_MS
        )


@PHONE
def test_a_host_on_another_origin_gets_events_and_sends_commands(page, form, hosts):
    dist, host, folder = hosts
    origin = host.rstrip("/")
    puzzle = {"position": QUEEN, "mode": "puzzle", "moves": "QHx2D+6S"}
    name = host_page(
        folder,
        "events.html",
        dist,
        f'<chkobba-board id="el" mode="puzzle" position="{QUEEN}" moves="QHx2D+6S">'
        "</chkobba-board>"
        f'<iframe id="mine" src="{frame_src(dist, **puzzle, **{"parent-origin": origin})}">'
        "</iframe>"
        f'<iframe id="strict" src="{frame_src(dist, position=QUEEN, **{"parent-origin": "https://example.org"})}"></iframe>',
    )
    boards = Boards(page, form, (dist, host))
    boards.open(host + name)
    wait_frames(page, 2)
    board = page.locator("#el")
    start = Game.from_notation(QUEEN)
    after = start.play("QHx2D+6S").notation()

    got = page.evaluate("got")
    assert got[0] == {
        "type": "ready",
        "mode": "puzzle",
        "position": start.notation(),
        "board": "el",
        "state": "ready",
    }
    boards.play(board, "hand:JC", "table:2D", "table:6S", "play")
    boards.play(board, "hand:QH", "table:2D", "table:6S", "play")
    page.wait_for_function("got.some(e => e.type === 'solved')")
    kinds = [(e["type"], e.get("move"), e.get("position")) for e in page.evaluate("got")]
    assert kinds == [
        ("ready", None, start.notation()),
        ("failed", "JCx2D+6S", start.notation()),
        ("move", "QHx2D+6S", after),
        ("solved", "QHx2D+6S", after),
    ]
    assert page.evaluate("got[1].reason") == start.why_illegal(Move.parse("JCx2D+6S"))

    page.evaluate("document.querySelector('#el').load('3C6DKS 6H2C/4S5H 0 -/- - 0-0/21 1 -')")
    page.wait_for_function("got.filter(e => e.type === 'ready').length === 2")
    expect(board.locator('[data-zone="hand"] [data-card="6H"]')).to_have_count(1)
    page.evaluate("document.querySelector('#el').command({type: 'chkobba:reset', now: 1})")
    expect(board.locator('[data-text="note"]')).to_contain_text("takes no other field")
    expect(board).to_have_attribute("data-state", "ready")

    frame = page.frame_locator("#mine")
    page.wait_for_function("posted.some(e => e.type === 'ready')")
    boards.play(frame.locator("chkobba-board"), "hand:QH", "table:2D", "table:6S", "play")
    page.wait_for_function("posted.some(e => e.type === 'solved')")
    posted = page.evaluate("posted")
    assert {e["from"] for e in posted} == {dist.rstrip("/")}
    assert [(e["type"], e.get("position")) for e in posted] == [
        ("ready", start.notation()),
        ("move", after),
        ("solved", after),
    ]
    send = "m => document.querySelector('#mine').contentWindow.postMessage(m, '*')"
    page.evaluate(send, {"type": "chkobba:load", "position": "3C6DKS 6H2C/4S5H 0 -/- - 0-0/21 1 -"})
    expect(frame.locator('[data-zone="hand"] [data-card="6H"]')).to_have_count(1)
    page.evaluate(send, "<b>hello</b>")
    expect(frame.locator('[data-text="note"]')).to_have_text(
        "Ignored a command: expected an object like {type: 'chkobba:reset'}, got '\"<b>hello</b>\"'"
    )
    expect(frame.locator('[data-zone="hand"] [data-card="6H"]')).to_have_count(1)

    strict = page.frame_locator("#strict")
    page.evaluate(
        "document.querySelector('#strict').contentWindow.postMessage({type: 'chkobba:reset'}, '*')"
    )
    expect(strict.locator('[data-text="note"]')).to_have_text(
        f"Ignored a command: a message from {origin}, not https://example.org"
    )
    expect(page.locator("#after")).to_have_text("The host's own text.")
    boards.assert_clean()


HOSTILE = {  # attributes -> what the board must say
    "malformed": ({"position": "2D6S QH"}, "expected 8 or 9 fields"),
    "twice": ({"position": "2D2D QH/KC 0 -/- - 0-0/21 1 -"}, "2D appears twice"),
    "seven": ({"position": "- AS2S3S4S5S6S7S/AH2H3H4H5H6H 0 -/- - 0-0/21 1 -"}, "holds 7 cards"),
    "step5": (
        {
            "position": "3C5HKD 7S3D6H/2C4DQS 0 -/- - 0-0/21 1 -",
            "mode": "line",
            "moves": "3Dx3C 2C 7Sx2C+5H 4D 6Hx4D QS",
        },
        "moves, step 5 (6Hx4D): 6H cannot take 4D",
    ),
    "script-mode": (
        {"position": QUEEN, "mode": "<script>top.pwned=1</script>"},
        "(28 characters): at most 10 characters",
    ),
    "script-seat": ({"position": QUEEN, "seat": "<b>"}, "seat '<b>' is not 0 or 1"),
    "image-position": ({"position": '<img src=x onerror="top.pwned=1">'}, "position: "),
}
CAPTION = '<img src=x onerror="top.pwned=1"><script>top.pwned=2</script>'


def attributes(values: dict[str, str]) -> str:
    return " ".join(f'{name}="{escape(value)}"' for name, value in values.items())


@PHONE
def test_hostile_attributes_and_parameters_make_clear_errors_and_run_nothing(page, form, hosts):
    dist, host, folder = hosts
    body = "".join(
        f'<chkobba-board id="{key}" {attributes(values)}></chkobba-board>'
        for key, (values, _) in HOSTILE.items()
    )
    captioned = {"id": "caption", "position": QUEEN, "caption": CAPTION}
    body += f"<chkobba-board {attributes(captioned)}></chkobba-board>"
    params = (
        {"position": "<script>top.pwned=3</script>"},
        {"position": QUEEN, "caption": CAPTION, "onload": "top.pwned=4"},
    )
    body += "".join(f'<iframe src="{frame_src(dist, **p)}"></iframe>' for p in params)
    boards = Boards(page, form, (dist, host))
    boards.open(host + host_page(folder, "hostile.html", dist, body))
    wait_frames(page, 2)
    for key, (_, message) in HOSTILE.items():
        board = page.locator(f"#{key}")
        expect(board).to_have_attribute("data-state", "error")
        expect(board.locator('[data-text="error"]')).to_contain_text(message)
        expect(board.locator("[data-card]")).to_have_count(0)
    caption = page.locator("#caption")
    expect(caption).to_have_attribute("data-state", "ready")
    expect(caption.locator('[data-text="caption"]')).to_have_text(CAPTION)
    first, second = (page.frame_locator("iframe").nth(i) for i in (0, 1))
    expect(first.locator('[data-text="error"]')).to_contain_text("position: bad position")
    expect(second.locator('[data-text="error"]')).to_have_text(
        "unknown parameter 'onload': use position, mode, seat, play, moves, caption, captions, "
        "explain, lang, deal"
    )
    errors = page.evaluate("got.filter(e => e.type === 'error').length")
    assert errors == len(HOSTILE)
    assert page.evaluate("window.pwned") is None
    assert page.evaluate("[...document.images].length") == 0
    expect(page.locator("#after")).to_have_text("The host's own text.")
    boards.assert_clean()


@PHONE
def test_the_games_settings_lead_to_the_tutorial(table, server_url):
    table.open("?seed=3&pace=0")
    table.tap('[data-action="settings"]')
    table.wait_phase("settings")
    table.tap('a[href="./tutorial.html?lang=en"]')
    table.page.wait_for_url(server_url + "tutorial.html?lang=en")
    table.page.wait_for_function(ALL_SETTLED, timeout=BOOT_MS)
    expect(table.page.locator("chkobba-board[data-state=ready]")).to_have_count(11)


@PHONE
def test_a_shared_deal_plays_as_a_line_in_a_board(boards, server_url):
    from positions import a_shared_deal

    game, link = a_shared_deal()
    boards.open(server_url + f"board.html?deal={link}")
    board = boards.page.locator("chkobba-board")
    expect(board).to_have_attribute("data-state", "ready", timeout=BOOT_MS)
    total = len(game.history)
    expect(board.locator('[data-text="step"]')).to_have_text(f"Step 0 of {total}")
    for number in range(1, 4):
        boards.play(board, "next")
        expect(board.locator('[data-text="step"]')).to_have_text(f"Step {number} of {total}")
    keep_screen(boards.page, "board-deal-phone")
