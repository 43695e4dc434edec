"""Browser tests: one local server for dist/ per session, Debian's Chromium, a phone and a desktop
viewport, and recorders that fail a test on any console error or any request off the server."""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import inspect
import io
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
# The page's, the boards' and the shared packages (ui, board, shared) and the tutorial's lessons,
# for CPython tests
WEB_PATHS = [ROOT / "web" / "game", ROOT / "web" / "boards", ROOT / "web", ROOT / "web" / "content"]
sys.path[:0] = [str(path) for path in WEB_PATHS]
sys.path.insert(0, str(ROOT / "tests"))  # the engine tests' support (engine_support)
sys.path.insert(0, str(ROOT / "tools"))  # the static host (static_server)
from shared import i18n  # noqa: E402
from static_server import start_server  # noqa: E402


def compiled_catalogs() -> Path:
    """The page's catalogs compiled for CPython tests, from web/locale (Babel, as the build
    does), into .cache/test-locale/<their digest>: a fresh checkout needs no built dist/ for
    them. Compiled in a folder of this process's, then renamed: test processes running side by
    side never read a half-written catalog."""
    sys.path.insert(0, str(ROOT / "tools"))
    from catalogs import compile_all

    sources = sorted((ROOT / "web" / "locale").glob("*/LC_MESSAGES/messages.po"))
    key = hashlib.sha256(b"".join(po.read_bytes() for po in sources)).hexdigest()[:16]
    out = ROOT / ".cache" / "test-locale" / key
    if not out.exists():
        work = out.with_name(f"{key}.{os.getpid()}")
        with contextlib.redirect_stdout(io.StringIO()):  # (its counts: the build prints them)
            compile_all(ROOT / "web" / "locale", work, [po.parts[-3] for po in sources])
        with contextlib.suppress(OSError):  # another process was first: its copy is the same
            work.rename(out)
        shutil.rmtree(work, ignore_errors=True)
    return out


i18n.LOCALEDIR = compiled_catalogs()  # the compiled catalogs, for CPython tests
SHOTS = ROOT / "test-results" / "screens"
SCREENS = "CHKOBBA_SCREENS"  # set to 1: the page tests keep what they look at as PNGs
BOOT_MS = 60_000
# Firefox and WebKit (engines.py) boot in their own time: WebKit's Pyodide in several times
# Chromium's on a loaded machine (its wasm tiers up on threads that wait for a core meanwhile).
ENGINE_BOOT_MS = 180_000

VIEWPORTS = {
    "phone": {
        "viewport": {"width": 360, "height": 740},
        "device_scale_factor": 2,
        "is_mobile": True,
        "has_touch": True,
    },
    "desktop": {"viewport": {"width": 1280, "height": 800}},
}


def load_build():
    spec = importlib.util.spec_from_file_location("chkobba_build", ROOT / "build.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def keep_screen(shown, name: str, **options) -> None:
    """A screenshot of ``shown`` (a page, or an element's locator) as ``name``.png in
    test-results/screens/, for a person to look at, when the run asks for them
    (CHKOBBA_SCREENS=1; ``python3 build.py screens`` takes the main screens): no test asserts
    anything of one, and each costs its test process about half a second, so a plain run takes
    none."""
    if os.environ.get(SCREENS):
        SHOTS.mkdir(parents=True, exist_ok=True)
        shown.screenshot(path=str(SHOTS / f"{name}.png"), **options)


# The test files that take the longest (wall time, at `f613c05`), longest first. build.py has
# xdist hand out files in the order collected (``--no-loadscope-reorder``; by default the files
# with the most tests go first, the engine's quick ones, and a long file of two browser tests
# came last, one process still busy a minute after the others were done): these start first,
# and the short files fill the processes' last minutes (docs/suite-time.md).
LONGEST_FIRST = (
    "test_a11y.py",
    "test_engines_friends.py",
    "test_friends_page.py",
    "test_engines_game.py",
    "test_board.py",
    "test_offline.py",
    "test_robust.py",
    "test_four.py",
    "test_pass_page.py",
    "test_engines_pages.py",
    "test_start.py",
    "test_follow.py",
    "test_looks.py",
    "test_table_layout.py",
    "test_play.py",
    "test_retry_page.py",
    "test_first_paint.py",
)


@pytest.hookimpl(trylast=True)  # (after pytest groups the tests of a parametrized fixture)
def pytest_collection_modifyitems(items) -> None:
    """The longest test files first (``LONGEST_FIRST``), the others after in their order."""
    rank = {name: place for place, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))


@pytest.fixture(scope="session")
def server_url():
    if not (DIST / "index.html").exists():
        subprocess.run([sys.executable, str(ROOT / "build.py"), "build"], check=True)
    server, url = start_server(DIST)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def plain_url(server_url):
    """dist/ served as a plain static host serves it: gzip only, no COOP/COEP (the page is not
    cross-origin isolated)."""
    server, url = start_server(DIST, plain=True)
    yield url
    server.shutdown()


# The pages of one site share a renderer process (Chromium's process-per-site), as they may on a
# phone short of memory: so what a kept context's holder page keeps (HOLDER: Pyodide's wasm
# compiled, its Python running) is found by every test page's worker, as a reload finds it.
SHARED_PROCESS = "--process-per-site"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    args = [*browser_type_launch_args.get("args", []), SHARED_PROCESS]
    return {**browser_type_launch_args, "executable_path": chromium, "args": args}


@pytest.fixture(params=list(VIEWPORTS))
def form(request) -> str:
    return request.param


# A test of the flow alone (no layout in question) runs at the phone's size: what each screen
# looks like at both sizes, in each language, is the layout tests' (a11y, table_layout, looks,
# first_paint, four, the whole deal by mouse in play; the boards': tutorial_look).
PHONE = pytest.mark.parametrize("form", ["phone"], indirect=True)
# A test of what a mouse or a keyboard does (no layout in question) runs at the desktop's size.
DESKTOP = pytest.mark.parametrize("form", ["desktop"], indirect=True)
# A test so marked lets the page's service worker run (the others block it).
SERVICE_WORKER = pytest.mark.service_worker
# The game's page (``table``) and the boards' (``boards``) open as a returning player's reload
# does: in a browser context kept by the test process for each size (its HTTP cache warm, the
# memory snapshot of Python a first visit makes kept in it: Python up in a third of a first
# visit's time; Pyodide's wasm held compiled, ``KeptContexts``), its storage emptied after each
# test. A test so marked, one that asks for its own ``page`` or ``context``, or one with the
# service worker running, opens in a context of its own, from nothing, as a first visit.
FIRST_VISIT = pytest.mark.first_visit
TABLE_CARDS = '[data-zone="table"] .table-cards [data-card]'  # the cards on the table
MEASURE = """selector => {
    const element = document.querySelector(selector);
    const box = element && element.getBoundingClientRect();
    return box && box.width && box.height
        ? {x: box.x, y: box.y, width: box.width, height: box.height} : null;
}"""
BLANK = '<!doctype html><link rel="icon" href="data:,">'  # (no favicon.ico asked for)
MAKE_SNAPSHOT = """() => new Promise((resolve) => {  // as pwa.js has it made, once a visit
    const worker = new Worker("./pyodide/snapshot.mjs", {type: "module"});
    worker.onmessage = (event) => resolve(String(event.data));
    worker.onerror = (event) => resolve(`failed: ${event.message}`);
})"""
# A page of one board (embed-one.html), its Python up in its worker: while a page of the origin runs
# Pyodide, a new page's Python boots from the snapshot for about 1.4 s of CPU instead of 2.4 s
# (docs/suite-time.md); the board's page stores nothing and hears nothing of the game's pages.
HOLDER = "embed-one.html"
HOLDER_UP = 'chkobba-board[data-state="ready"]'
FORGET = """async () => {  // what a test's pages kept, the snapshot and the HTTP cache aside
    localStorage.clear();  // (sessionStorage is a tab's: closed with it)
    for (const base of await indexedDB.databases()) indexedDB.deleteDatabase(base.name);
}"""
# A page about to be closed writes nothing more: Chromium may still run a task of a page whose close
# it has reported (a save that was on its way), so that a save could land after FORGET.
STOP_WRITING = """() => {
    Storage.prototype.setItem = Storage.prototype.removeItem = Storage.prototype.clear = () => {};
}"""
OFFLINE_COPY = "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"


@pytest.fixture
def browser_context_args(browser_context_args, form, request):
    workers = "allow" if request.node.get_closest_marker("service_worker") else "block"
    return {**browser_context_args, **VIEWPORTS[form], "service_workers": workers}


class KeptContexts:
    """Browser contexts kept by a test process, as a returning player's browser holds the game
    (each made at its first use): Python's memory snapshot kept in it, and a page of the origin
    with Python running (``holders``: a page of one board, ``HOLDER``), open as long as the
    context is, so that each test's page boots as a reload does instead of compiling 9.6 MB of
    wasm again. One for each size (``form``) and, where a test needs several phones, each phone
    (``phone``)."""

    def __init__(self, browser, base: str) -> None:
        self.browser, self.base = browser, base
        self.contexts: dict[tuple[str, int], object] = {}
        self.holders: dict[object, object] = {}  # each context's holder page

    def __call__(self, form: str, phone: int = 0):
        if (form, phone) not in self.contexts:
            context = self.browser.new_context(**VIEWPORTS[form], service_workers="block")
            holder = context.new_page()
            holder.goto(self.base + HOLDER)
            holder.wait_for_selector(HOLDER_UP, timeout=BOOT_MS)
            made = holder.evaluate(MAKE_SNAPSHOT)  # (4.5 s of CPU with the board up, 6 s before)
            assert made == "kept", made
            self.contexts[form, phone], self.holders[context] = context, holder
        return self.contexts[form, phone]

    def forget(self, context) -> None:
        """After a test: the pages it opened in ``context`` closed (its holder aside), and what
        the origin's pages stored forgotten (by the holder, a page of the origin)."""
        holder = self.holders[context]
        for page in context.pages:
            if page != holder:
                with contextlib.suppress(PlaywrightError):  # (a page closed or crashed)
                    page.evaluate(STOP_WRITING)
                page.close()
        holder.evaluate(FORGET)

    def close(self) -> None:
        for context in self.contexts.values():
            context.close()


@pytest.fixture(scope="session")
def kept_contexts(browser, server_url):
    kept = KeptContexts(browser, server_url)
    yield kept
    kept.close()


def blank_page(page, base: str) -> None:
    """A blank page of the game's origin: its storage reachable, nothing of the game running."""
    blank = base + "blank-for-tests.html"
    page.route(blank, lambda route: route.fulfill(body=BLANK, content_type="text/html"))
    page.goto(blank)
    page.unroute(blank)  # (a routed page has no HTTP cache)


# What the page shows, for a wait that timed out: its phase, moves and first notice's words.
SHOWN = """() => {
    const app = document.querySelector('#app');
    const notice = document.querySelector('[data-notice]')?.innerText.slice(0, 160);
    return `phase ${app?.dataset.phase}, ${app?.dataset.moves} moves, notice ${notice ?? 'none'}`;
}"""


class Table:
    """The page under test, driven as a player would: taps on cards and buttons."""

    def __init__(self, page, base: str, device: str, boot_ms: float = BOOT_MS) -> None:
        self.page, self.base, self.device, self.boot_ms = page, base, device, boot_ms
        self.errors: list[str] = []
        self.outside: list[str] = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.errors.append(f"pageerror: {error}"))
        page.on("request", self._request)

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _request(self, request) -> None:
        # data: URLs and the page's own blob: URLs (PyScript starts its worker from one) are
        # made in the page, not fetched.
        own = ("data:", self.base, "blob:" + self.base.rstrip("/") + "/")
        if not request.url.startswith(own):
            self.outside.append(request.url)

    def open(self, query: str = "?pace=0") -> None:
        self.page.goto(self.base + "index.html" + query)
        self.wait_ready()

    def open_with_save(self, text: str, query: str = "?pace=0") -> None:
        """Open the page with ``text`` as the saved match, as if left by an earlier visit."""
        self.open_after("text => localStorage.setItem('chkobba.save', text)", query, text)

    def open_on(self, game, query: str = "?pace=0") -> None:
        """Open the page on ``game`` as the saved match (its deals' sheets all seen)."""
        from ui.storage import KeptMatch, write_kept_match

        self.open_with_save(write_kept_match(KeptMatch(game, len(game.deal_results), 1)), query)

    def open_after(self, script: str, query: str = "?pace=0", arg: object = None) -> None:
        """Open the page after running ``script`` (with ``arg``) in its origin, on a blank page
        of it: a game page left open (the computer moving at pace 0) could save over what the
        script changed before the page opens again."""
        blank_page(self.page, self.base)
        self.page.evaluate(script, arg)
        self.open(query)

    def reload(self) -> None:
        self.page.reload()
        self.wait_ready()

    def wait_ready(self) -> None:
        self.page.wait_for_selector("html.ready #app[data-phase]", timeout=self.boot_ms)

    def choose_language(self, lang: str) -> None:
        """Settings open, ``lang`` tapped, the page speaking it (its html lang and dir set), the
        settings still shown: the settings screen in ``lang``, reached as a player does."""
        if self.phase != "settings":
            self.tap('[data-action="settings"]')
            self.wait_phase("settings")
        self.tap(f'[data-action="lang"][data-value="{lang}"]')
        self.page.wait_for_selector(
            f'html[lang|="{lang}"][dir="{"rtl" if lang == "ar" else "ltr"}"]'
            f' [data-action="lang"][data-value="{lang}"][aria-pressed="true"]'
        )

    def speak(self, lang: str) -> str:
        """Switch the page to ``lang`` in its settings, as a player does, then close them: back
        on the screen it showed (the page redrawn in ``lang``), with no new boot. A page that
        speaks ``lang`` already is left as it is. Returns the phase shown."""
        if self.page.get_attribute("html", "lang").split("-")[0] == lang:
            return self.phase
        phase = self.phase
        self.choose_language(lang)
        self.tap('.sheet [data-action="close"]')
        return self.wait_phase(phase)

    @property
    def phase(self) -> str:
        return self.page.get_attribute("#app", "data-phase")

    def wait_phase(self, *phases: str, timeout: float = 20_000) -> str:
        selector = ", ".join(f'#app[data-phase="{p}"]' for p in phases)
        try:
            self.page.wait_for_selector(selector, timeout=timeout)
        except PlaywrightTimeout as timed_out:  # said with what the page shows instead
            shown = self.page.evaluate(SHOWN)
            raise AssertionError(f"waited for phase {' or '.join(phases)}: {shown}") from timed_out
        return self.phase

    @property
    def moves(self) -> int:
        return int(self.page.get_attribute("#app", "data-moves"))

    def wait_turn(self, after: int, timeout: float = 30_000) -> str:
        """Wait until more than ``after`` moves are made and the page waits for the player."""
        self.page.wait_for_function(
            """n => { const a = document.querySelector('#app');
                return +a.dataset.moves > n
                    && ['play', 'cut', 'sheet', 'over'].includes(a.dataset.phase); }""",
            arg=after,
            timeout=timeout,
        )
        return self.phase

    def play_one(self) -> str:
        """Make the engine's first legal move by tapping, as a player would; return the phase
        the page then waits in. It waits for the player's turn first: the save read while the
        computer moves (a cut, after a score sheet's "next") holds the computer's move."""
        self.wait_phase("play", "cut", timeout=30_000)
        game = self.saved_game()
        before = self.moves
        move = game.legal_moves()[0]
        if move.kind != "play":
            self.tap(f'[data-move="{move}"]')
        else:
            self.tap(f'[data-zone="hand-0"] [data-card="{move.card}"]')
            self.page.wait_for_function(  # the tap is handled a moment later, in Python
                """n => { const a = document.querySelector('#app');
                    return +a.dataset.moves > n || a.dataset.phase !== 'play'; }""",
                arg=before,
            )
            if self.page.get_attribute("#app", "data-phase") == "choose":
                self.tap(f'.choice[data-move="{move}"]')
        return self.wait_turn(before)

    def tap(self, selector: str) -> None:
        locator = self.page.locator(selector)
        if self.device == "phone":
            locator.tap()
        else:
            locator.click()

    def box(self, selector: str) -> dict[str, float]:
        """The box of the element `selector` finds, measured in one step of the page: the page
        redraws by replacing its HTML, so a locator's element may be gone by the time a
        separate call measures it (Playwright's bounding_box then gives None)."""
        handle = self.page.wait_for_function(MEASURE, arg=selector)
        return handle.json_value()

    def hand(self) -> list[str]:
        return self.codes('[data-zone="hand-0"] [data-card]')

    def table(self) -> list[str]:
        return self.codes(TABLE_CARDS)

    def codes(self, selector: str) -> list[str]:
        return self.page.eval_on_selector_all(selector, "els => els.map(e => e.dataset.card)")

    def saved_game(self):
        """The engine's game as the page saved it (read through localStorage, not the DOM)."""
        from chkobba import Game

        text = self.page.evaluate("localStorage.getItem('chkobba.save')")
        return Game.from_json(json.loads(text)["game"])

    def screenshot(self, name: str) -> None:
        """The screen as it is now, kept as ``name``-``device``.png when asked (``keep_screen``)."""
        keep_screen(self.page, f"{name}-{self.device}", animations="disabled")

    def assert_clean(self) -> None:
        assert self.errors == [], self.errors
        assert self.outside == [], self.outside


@pytest.fixture
def kept_page(request, server_url, form):
    """A page of the test process's kept context (``KeptContexts``) at ``form``'s size; what
    the test opened there is closed after it, and what the origin's pages stored forgotten. A
    test so marked, one that asks for its own ``page`` or ``context``, or one with the service
    worker running, gets pytest-playwright's ``page`` instead: a context of its own."""
    own = {"page", "context"} & set(inspect.signature(request.function).parameters)
    marked = request.node.get_closest_marker
    if own or marked("first_visit") or marked("service_worker"):
        yield request.getfixturevalue("page")
        return
    kept = request.getfixturevalue("kept_contexts")
    context = kept(form)
    try:
        yield context.new_page()
    finally:
        kept.forget(context)


@pytest.fixture
def table(kept_page, server_url, form):
    yield from checked(Table(kept_page, server_url, form))


def checked(table: Table):
    yield table
    table.assert_clean()


@pytest.fixture
def plain_table(page, plain_url, form):
    """The game page on a plain host (no COOP/COEP)."""
    table = Table(page, plain_url, form)
    yield table
    table.assert_clean()


# Chromium hides host candidates behind random mDNS names (x.local), which the other side
# resolves with multicast queries on the network. The peer tests' browser gives the machine's
# own addresses instead: two contexts reach each other with nothing leaving the machine.
NO_MDNS = "--disable-features=WebRtcHideLocalIpsWithMdns"


@pytest.fixture(scope="module")
def link_browser(browser_type, browser_type_launch_args):
    """A module's own browser for two players linked peer to peer: the suite's launch
    arguments and NO_MDNS."""
    args = [*browser_type_launch_args.get("args", []), NO_MDNS]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


@pytest.fixture(scope="module")
def phones(link_browser, server_url):
    """The phones of players linked peer to peer: ``phones("phone", n)`` is the n-th phone's
    kept context in ``link_browser`` (``KeptContexts``)."""
    kept = KeptContexts(link_browser, server_url)
    yield kept
    kept.close()


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request):
    """The module's Firefox or WebKit (engines.py): its tests open pages in it."""
    from engines import launch

    browser = launch(request.param)
    yield browser
    browser.close()
